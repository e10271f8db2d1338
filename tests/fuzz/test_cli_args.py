"""Fuzzing the command line (issue 9, item 4): bad arguments never end in a traceback.

In-process runs check return codes and messages fast; a few real
subprocess runs check what a person sees in the terminal.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

cli = pytest.importorskip("rulekit.cli")
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rulekit.games import REGISTRY, load  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WORDS = [
    "list",
    "rules",
    "play",
    "replay",
    "toy",
    "no_such_game",
    "--players",
    "--seed",
    "--bots",
    "--option",
    "--lang",
    "--save",
    "--quiet",
    "random",
    "human",
    "x=1",
    "de",
    "en",
    "0",
    "2",
    "-1",
    "9",
    "3.5",
    "",
    "random,random",
    "random,random,random,random",
    "=",
    "nope=[",
    "a" * 50,
    "simulate",
    "--games",
    "--out",
    "--allow-import",
    "os:getcwd",
    "mcts:-5",
    "mcts:0",
    "mcts:c=nan",
    "greedy:samples=-1",
    ",,,",
    str(2**64),
    "-" + "9" * 30,
    'slot_costs=["a","b","c","d","e","f"]',
    "/no/such/folder/out.csv",
]
SUBPROCESS_CASES = [
    ["play", "toy", "--players", "9"],
    ["play", "toy", "--players", "2", "--bots", "robot"],
    ["play", "toy", "--option", "colour=red"],
    ["play", "no_such_game"],
    ["replay", "/no/such/file.json"],
    ["rules", "toy", "--lang", "fr"],
    ["play", "toy", "--players", "two"],
    ["play", "toy", "--players", "2"],  # a human seat and no input: stops cleanly
    ["dashboard", "--port", "99999"],
    ["play", "toy", "--seed", str(2**64)],
    ["play", "rune_stones", "--bots", "random,random", "--option", 'slot_costs=["a","b","c","d","e","f"]'],
    ["play", "toy", "--bots", ",,,"],
    ["play", "toy", "--bots", "mcts:c=nan,random"],
    ["play", "toy", "--bots", "random,random", "--save", "/no/such/folder/game.json"],
    ["simulate", "os:getcwd"],
    ["simulate", "toy", "--bots", "mcts:-5", "--no-progress"],
]
RUN_WITH_TOY = (
    "import sys; from rulekit.games import REGISTRY; REGISTRY['toy'] = 'tests.engine.toy:Toy'; "
    "from rulekit.cli import main; sys.exit(main(sys.argv[1:]))"
)


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(REGISTRY, "toy", "tests.engine.toy:Toy")
    load.cache_clear()
    yield "toy"
    load.cache_clear()


def _run(argv: list[str]) -> int:
    try:
        return cli.main(argv)
    except SystemExit as exc:  # argparse refuses with exit code 2 and a usage line
        return exc.code


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(argv=st.lists(st.sampled_from(WORDS) | st.text(max_size=8), max_size=7))
def test_random_arguments_give_an_exit_code_not_a_traceback(argv, toy, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)  # --save writes stay in a temporary folder
    monkeypatch.setattr("builtins.input", lambda *_: (_ for _ in ()).throw(EOFError))
    if "dashboard" in argv or (argv[:1] == ["simulate"] and "--games" not in argv):
        return  # a server, or 100 games by default: too slow for a fuzz example
    code = _run(argv)
    out = capsys.readouterr()
    assert code in (0, 1, 2), f"{argv}: exit code {code}"
    if code == 2 and argv and argv[0] in {"rules", "play", "replay", "simulate"}:
        assert "error" in out.err or "usage" in out.err


@pytest.mark.parametrize("argv", SUBPROCESS_CASES, ids=[" ".join(a) for a in SUBPROCESS_CASES])
def test_cli_in_a_terminal_refuses_bad_arguments_in_one_line(argv):
    run = subprocess.run(
        [sys.executable, "-c", RUN_WITH_TOY, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"},
    )
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode in (0, 1, 2)
    if run.returncode == 2:
        assert run.stderr.strip(), "refused without saying why"


BAD_SAVE_FILES = {
    "deeply_nested": "[" * 100_000 + "]" * 100_000,
    "huge_seed": '{"format": "rulekit.record", "version": 1, "game": "toy", "players": 2, "seed": '
    + "7" * 5000
    + ', "options": {}, "actions": []}',
    "seed_out_of_range": '{"format": "rulekit.record", "version": 1, "game": "toy", "players": 2, "seed": '
    + str(2**64)
    + ', "options": {}, "actions": []}',
}


@pytest.mark.parametrize("name", sorted(BAD_SAVE_FILES))
def test_bad_save_files_are_refused_in_one_line(name, tmp_path):
    path = tmp_path / f"{name}.json"
    path.write_text(BAD_SAVE_FILES[name])
    run = subprocess.run(
        [sys.executable, "-c", RUN_WITH_TOY, "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "save file" in run.stderr


def test_output_into_a_pipe_that_closes_early_is_quiet():
    run = subprocess.run(
        f"{sys.executable} -m rulekit rules rune_stones --lang de | head -n 1",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"},
    )
    assert run.stdout.count("\n") == 1
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr, run.stderr
