"""Issue 24, items 2 and 7: simulate refuses absurd runs before the work, caps its workers, and its
workers never outlive it (SIGTERM is handled like Ctrl-C; a killed parent takes its workers along)."""

from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from rulekit.engine.game import MAX_SEED
from rulekit.explore import command
from rulekit.explore.simulate import simulate

from .test_interrupt import SRC, _wait_for_workers


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = command.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_absurd_game_counts_are_refused_before_anything_is_allocated(capsys):
    start = time.monotonic()
    code, _, err = _run(["rune_stones", "--games", str(10**12), "--no-progress"], capsys)
    assert code == 2 and "split it into runs" in err and time.monotonic() - start < 5
    with pytest.raises(ValueError, match="split it"):
        simulate("rune_stones", "random", games=10**12, progress=False)


def test_seeds_are_checked_for_the_whole_run(capsys):
    code, _, err = _run(["rune_stones", "--games", "2", "--seed", str(MAX_SEED), "--no-progress"], capsys)
    assert code == 2 and "2**63-1" in err
    with pytest.raises(ValueError, match="2\\*\\*63-1"):
        simulate("rune_stones", "random", games=2, seed=MAX_SEED, progress=False)


def test_workers_are_capped_by_cores_and_by_the_work(capsys, monkeypatch):
    sizes = []
    real = cf.ProcessPoolExecutor

    def recording(*args, **kwargs):
        sizes.append(kwargs.get("max_workers"))
        return real(*args, **kwargs)

    monkeypatch.setattr(cf, "ProcessPoolExecutor", recording)
    code, out, _ = _run(["vale_of_eternity", "--games", "4", "--workers", "64", "--no-progress"], capsys)
    assert code == 0 and "more than the" in out
    assert sizes and max(sizes) <= min(os.cpu_count() or 1, 4)
    simulate("vale_of_eternity", "random", games=3, workers=64, chunksize=1, progress=False)
    assert sizes[-1] <= 3  # never more processes than chunks


def test_an_existing_out_file_needs_force(tmp_path, capsys):
    out = tmp_path / "runs.csv"
    out.write_text("keep me")
    code, _, err = _run(["vale_of_eternity", "--games", "2", "--workers", "1", "--out", str(out)], capsys)
    assert code == 2 and "exists" in err and out.read_text() == "keep me"
    code, _, _ = _run(["vale_of_eternity", "--games", "2", "--workers", "1", "--out", str(out), "--force"], capsys)
    assert code == 0 and len(pd.read_csv(out)) == 4


def _start(out: Path, pipes: bool = True) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    argv = [sys.executable, "-m", "rulekit", "simulate", "vale_of_eternity", "--games", "5000"]
    argv += ["--bots", "random,random", "--workers", "2", "--oversubscribe", "--no-progress", "--out", str(out)]
    where = subprocess.PIPE if pipes else subprocess.DEVNULL
    return subprocess.Popen(argv, env=env, stdout=where, stderr=where, text=True)


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in path.read_text().split()] if path.exists() else []


def _gone(pids: list[int], timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        alive = [p for p in pids if Path(f"/proc/{p}").exists() and "Z" not in _state(p)]
        if not alive:
            return True
        time.sleep(0.2)
    return False


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "X"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_writes_partial_results_and_stops_the_workers(tmp_path):
    out = tmp_path / "runs.csv"
    proc = _start(out)
    _wait_for_workers(proc.pid, count=2)
    workers = _children(proc.pid)
    time.sleep(2)
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in stderr, stderr
    assert "the results are partial" in stdout
    assert pd.read_csv(out)["partial"].all()
    assert _gone(workers), "a worker outlived its parent"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and uses PR_SET_PDEATHSIG")
def test_workers_end_when_the_parent_is_killed(tmp_path):
    proc = _start(tmp_path / "runs.csv", pipes=False)  # a worker holding a pipe must not hang the test
    _wait_for_workers(proc.pid, count=2)
    workers = _children(proc.pid)
    proc.kill()
    proc.wait(timeout=30)
    assert _gone(workers, timeout=60), "a worker outlived its killed parent"
