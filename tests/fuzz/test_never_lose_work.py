"""Issue 24: the CLI never loses a game, never hangs on valid input, and refuses a cut-short save.

Each case was seen on the main branch before this change: a save written by
``play --save`` had no snapshot, so one with its last actions cut off
replayed without complaint; ``--save ""`` saved nothing; an existing file was
replaced without a word; a write failure came after the game with a
traceback; ``replay`` on a pipe blocked and on ``/dev/zero`` read until
memory ran out; ``play`` with bots had no decision cap.
"""

from __future__ import annotations

import json
import os
import threading

import pytest

import rulekit
from rulekit import cli
from rulekit.engine import SaveFileError
from rulekit.games import REGISTRY, load

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(REGISTRY, "toy", "tests.engine.toy:Toy")
    load.cache_clear()
    yield "toy"
    load.cache_clear()


def _bot_game(tmp_path, game="rune_stones", *extra):
    save = tmp_path / "g.json"
    argv = ["play", game, "--players", "2", "--seed", "5", "--bots", "random,random", "--quiet", "--save", str(save)]
    return save, cli.main([*argv, *extra])


def test_play_save_carries_a_snapshot_and_a_checksum(tmp_path, capsys):
    save, code = _bot_game(tmp_path, "rune_stones", "--max-decisions", "60")
    assert code == 1  # stopped by the cap: unfinished
    doc = json.loads(save.read_text())
    assert "snapshot" in doc and doc["checksum"].startswith("sha256:")
    assert rulekit.open_record(str(save)).actions


@pytest.mark.parametrize("cut", [1, 7, 30])
def test_a_save_with_its_last_actions_cut_off_is_refused(tmp_path, capsys, cut):
    save, _ = _bot_game(tmp_path, "rune_stones", "--max-decisions", "60")
    doc = json.loads(save.read_text())
    doc["actions"] = doc["actions"][:-cut]
    save.write_text(json.dumps(doc))
    with pytest.raises(SaveFileError, match="checksum"):
        rulekit.open_record(str(save))
    assert cli.main(["replay", str(save)]) == 2
    assert "cut short or changed" in capsys.readouterr().err


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(field=st.sampled_from(["seed", "players", "options", "actions", "snapshot", "auto_steps"]), junk=st.integers())
def test_any_edited_field_breaks_the_seal(field, junk):
    game = load("vale_of_eternity")
    state = game.new(players=2, seed=1)
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    doc = json.loads(state.to_json())
    doc[field] = {"edited": junk} if field in ("options", "snapshot") else junk
    with pytest.raises(SaveFileError):
        game.from_json(json.dumps(doc))


def test_play_stops_at_the_decision_cap_and_saves(tmp_path, capsys):
    """Issue 24, item 2: with bots only, ``play`` ends after --max-decisions with a clear line, saved."""
    save, code = _bot_game(tmp_path, "rune_stones", "--max-decisions", "25")
    out = capsys.readouterr()
    assert code == 1 and "stopped after 25 decisions without an end" in out.err and "saved to" in out.out.lower()
    assert len(rulekit.open_record(str(save)).actions) == 25


def test_empty_save_name_is_refused_before_the_game(toy, capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda *_: pytest.fail("the game started"))
    assert cli.main(["play", "toy", "--players", "2", "--save", ""]) == 2
    assert "empty" in capsys.readouterr().err


def test_an_existing_file_is_replaced_only_with_force(toy, tmp_path, capsys, monkeypatch):
    save = tmp_path / "thesis.json"
    save.write_text("my work")
    monkeypatch.setattr("builtins.input", lambda *_: pytest.fail("the game started"))
    argv = ["play", "toy", "--players", "2", "--bots", "random,random", "--save", str(save)]
    assert cli.main(argv) == 2
    assert "exists" in capsys.readouterr().err and save.read_text() == "my work"
    assert cli.main([*argv, "--force"]) == 0
    assert rulekit.open_record(str(save)).is_over


def test_a_failed_write_keeps_the_game_in_a_recovery_file(toy, tmp_path, capsys, monkeypatch):
    """Checked before the game, the folder vanishes during it: the game goes to a recovery file."""
    folder = tmp_path / "gone"
    folder.mkdir()
    save = folder / "g.json"
    monkeypatch.setattr("rulekit.outputs.recovery_folder", lambda: tmp_path)
    real = cli.play_loop

    def remove_folder_then_play(*args, **kwargs):
        folder.rmdir()
        return real(*args, **kwargs)

    monkeypatch.setattr(cli, "play_loop", remove_folder_then_play)
    argv = ["play", "toy", "--players", "2", "--bots", "random,random", "--verbose", "--save", str(save)]
    code = cli.main(argv)
    err = capsys.readouterr().err
    assert code == 2 and "could not write" in err and "rulekit-recovery-" in err
    spare = next(tmp_path.glob("rulekit-recovery-*g.json"))
    assert rulekit.open_record(str(spare)).is_over


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_replay_refuses_devices_and_pipes(tmp_path, capsys):
    assert cli.main(["replay", "/dev/zero"]) == 2
    assert "not a regular file" in capsys.readouterr().err
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = []
    worker = threading.Thread(target=lambda: done.append(cli.main(["replay", str(fifo)])), daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():  # unblock the reader so the test run can end, then fail
        with open(fifo, "w"):
            pass
        pytest.fail("replay blocked on a FIFO")
    assert done == [2]


def test_replay_refuses_a_huge_file(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("rulekit.engine.record.MAX_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text(" " * 2000)
    assert cli.main(["replay", str(big)]) == 2
    assert "more than a save file can have" in capsys.readouterr().err


@pytest.mark.skipif(not os.path.isdir("/sys/kernel"), reason="needs a read-only /sys")
@pytest.mark.parametrize(
    "argv",
    [
        ["play", "toy", "--players", "2", "--save", "/sys/rulekit-game.json"],
        ["simulate", "toy", "--players", "2", "--games", "3", "--out", "/sys/rulekit-runs.csv"],
    ],
    ids=["play_save", "simulate_out"],
)
def test_an_unwritable_place_is_refused_before_the_work(toy, capsys, monkeypatch, argv):
    """Issue 24, item 6: ``play --save /sys/x.json`` lost a human's game and ``simulate --out /sys/x.csv``
    failed after the work with a traceback; now one error line before the first move (root included)."""
    monkeypatch.setattr("builtins.input", lambda *_: pytest.fail("the game started"))
    monkeypatch.setattr(cli, "play_loop", lambda *a, **k: pytest.fail("the game started"))
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "/sys" in err and "cannot write" in err and len(err.strip().splitlines()) == 1
