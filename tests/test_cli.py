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
    assert "game over" in out and "winner: seat" in out
    assert cli.main(["replay", str(path)]) == 0
    assert "game over" in capsys.readouterr().out


def test_human_bad_input_reasks_with_the_rule(toy, monkeypatch, capsys):
    answers = iter(["add 5", "blah blah", "99", "1", "2", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli.main(["play", "toy", "--players", "2", "--bots", "human,random"]) == 1
    out = capsys.readouterr().out
    assert "not possible" in out and "[RS-002]" in out


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
