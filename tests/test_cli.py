"""The command line: list, rules, play, replay, and clear errors for bad input."""

import pytest

import rulekit
from rulekit import cli
from rulekit.games import REGISTRY, load


@pytest.fixture
def toy(monkeypatch):
    """Register the engine's toy game under the id "toy" for CLI tests."""
    monkeypatch.setitem(REGISTRY, "toy", "tests.engine.toy:Toy")
    load.cache_clear()
    yield "toy"
    load.cache_clear()


def test_list_names_every_game(capsys, toy):
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    assert "toy" in out and all(gid in out for gid in rulekit.games())


def test_rules_prints_ids_in_both_languages(capsys, toy):
    cli.main(["rules", "toy", "--lang", "de"])
    out = capsys.readouterr().out
    assert "RS-002" in out and "Text RS-002" in out


def test_play_with_bots_reaches_the_end_and_saves(capsys, toy, tmp_path):
    path = tmp_path / "g.json"
    assert (
        cli.main(["play", "toy", "--players", "2", "--seed", "3", "--bots", "random,random", "--save", str(path)]) == 0
    )
    out = capsys.readouterr().out
    assert "Game over" in out and ("Winner: P" in out or "Winners: P" in out)
    assert "Round 1 · P1" in out and "[RS-" not in out  # bots only: one line a round, not every step
    assert cli.main(["replay", str(path)]) == 0
    assert "Game over" in capsys.readouterr().out


def test_human_bad_input_reasks_with_the_rule(toy, monkeypatch, capsys):
    answers = iter(["add 5", "blah blah", "99", "1", "2", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli.main(["play", "toy", "--players", "2", "--bots", "human,random"]) == 1
    out = capsys.readouterr().out
    assert "Not possible" in out and "[RS-002]" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "nope"], "unknown game"),
        (["play", "toy", "--players", "9"], "players"),
        (["play", "toy", "--bots", "random,genius"], "unknown agent"),
        (["play", "toy", "--players", "2", "--bots", "random,random,random"], "3 seats"),
        (["play", "toy", "--option", "x"], "NAME=VALUE"),
        (["play", "toy", "--option", "x=1"], "unknown rule option"),
        (["replay", "/nonexistent/file.json"], "cannot read"),
    ],
)
def test_bad_arguments_give_one_clear_line(toy, capsys, argv, message):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_eof_on_input_stops_cleanly(toy, monkeypatch):
    def eof(prompt=""):
        raise EOFError

    monkeypatch.setattr("builtins.input", eof)
    assert cli.main(["play", "toy", "--players", "2"]) == 1


def _answers(monkeypatch, *answers):
    feed = iter(answers)

    def ask(prompt=""):
        answer = next(feed)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    monkeypatch.setattr("builtins.input", ask)


def test_play_shows_a_text_board_and_answers_help_why_board(toy, monkeypatch, capsys):
    _answers(monkeypatch, "help", "why add 7", "board", "quit")
    assert cli.main(["play", "toy", "--players", "2", "--bots", "human,random"]) == 1
    out = capsys.readouterr().out
    assert "== Toy race · step" in out and "P1 to move" in out  # the board, not raw JSON
    assert "undo" in out and "why <action>" in out  # help
    assert "Not possible:" in out and "[RS-002]" in out  # why
    assert '{"' not in out


def test_undo_goes_back_to_the_last_human_decision(toy, monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.json"
    _answers(monkeypatch, "undo", "1", "undo", "2", "quit")
    cli.main(["play", "toy", "--players", "2", "--bots", "human,random", "--save", str(save)])
    out = capsys.readouterr().out
    assert "Nothing to undo" in out
    actions = rulekit.open_record(save).actions
    assert [str(a) for a in actions[:1]] == ["add 2"]  # "add 1" was taken back


@pytest.mark.parametrize("stop", ["quit", EOFError(), KeyboardInterrupt()], ids=["quit", "eof", "ctrl-c"])
def test_save_is_written_however_the_game_stops(toy, monkeypatch, capsys, tmp_path, stop):
    save = tmp_path / "g.json"
    _answers(monkeypatch, "1", stop)
    code = cli.main(["play", "toy", "--players", "2", "--bots", "human,random", "--save", str(save)])
    assert code == (130 if isinstance(stop, KeyboardInterrupt) else 1)
    state = rulekit.open_record(save)
    assert [str(a) for a in state.actions][:1] == ["add 1"] and not state.is_over
    assert "not finished" in capsys.readouterr().out


def test_save_path_is_checked_before_the_game(toy, capsys, monkeypatch):
    _answers(monkeypatch)  # no input may be asked for
    assert cli.main(["play", "toy", "--players", "2", "--save", "/no/such/folder/g.json"]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_cli_and_session_seed_bots_the_same_way(toy, capsys, tmp_path):
    from rulekit.session import Session

    save = tmp_path / "g.json"
    cli.main(["play", "toy", "--players", "2", "--seed", "5", "--bots", "random,random", "--save", str(save)])
    session = Session("toy", 2, 5, ["random", "random"])
    session.run_bots()
    assert rulekit.open_record(save).actions == session.state.actions


def test_bots_sealed_bids_stay_hidden_from_the_human():
    """ZM-380: a human at the terminal never reads another seat's sealed bid (labels or events)."""
    from rulekit.engine import Dice
    from rulekit.session import Session

    session = Session("mines_of_zavandor", 2, 4, ["human", "random"])
    dice, lines = Dice(9), []

    def ask(prompt):  # the human picks at random; stop once the bot has bid a few times
        if sum("hidden choice" in line for line in lines) >= 3:
            return "quit"
        return str(1 + dice.below(len(session.state.legal_actions())))

    cli.play_loop(session, "en", ask, lambda *parts: lines.extend(" ".join(map(str, parts)).splitlines()))
    bot = [line.split(":", 1)[1] for line in lines if line.startswith("P2 (random)")]
    assert sum("hidden choice" in line for line in bot) >= 3
    assert all(line.strip() == "seal the bid" for line in bot if "bid" in line)  # sealing is public
    from collections import Counter

    events = [e for s in session.timeline.past() for e in s.events]
    assert any(not e.visible_to(0) for e in events)  # the bot did bid in secret
    printed = Counter(line.split("] ", 1)[1] for line in lines if line.startswith("  ["))
    visible = Counter(e.text for e in events if e.visible_to(0))
    assert not printed - visible, "the terminal showed events seat 0 may not read"


def test_play_in_german_speaks_german_throughout(toy, monkeypatch, capsys):
    _answers(monkeypatch, "hilfe", "warum add 7", "brett", "ende")
    assert cli.main(["play", "toy", "--players", "2", "--bots", "human,random", "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert "Personen spielen" in out and "Befehle:" in out and "zurück" in out  # start line and help
    assert "P1 ist am Zug" in out and "Deine Möglichkeiten:" in out and "Geht nicht:" in out
    for english in ("your choice", "Commands", "to move", "Not possible", "seat ", "scores"):
        assert english not in out, english


def test_play_counts_players_from_bots_like_simulate(toy, capsys):
    assert cli.main(["play", "toy", "--bots", "random,random,random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 players" in out and "P3" in out


def test_a_bots_only_game_is_short_unless_verbose(toy, capsys):
    cli.main(["play", "toy", "--bots", "random,random", "--seed", "4"])
    short = capsys.readouterr().out.splitlines()
    cli.main(["play", "toy", "--bots", "random,random", "--seed", "4", "--verbose"])
    full = capsys.readouterr().out.splitlines()
    assert len(short) < len(full) and short[-1] == full[-1]  # the same game, the same result line
    assert any(line.startswith("P1 (random): ") for line in full)
