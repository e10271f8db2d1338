"""``rulekit simulate`` on the command line: output, files and clear argument errors."""

import argparse

import pandas as pd
import pytest

from rulekit.explore.command import add_parser, main, parse_option

GAME = "tests.explore.cards:Cards"


def test_prints_win_rates_by_seat(capsys):
    assert (
        main([GAME, "--allow-import", "--games", "20", "--bots", "greedy,random", "--workers", "1", "--no-progress"])
        == 0
    )
    out = capsys.readouterr().out
    assert "20 games, bots greedy,random, seeds 0..19" in out
    assert "first seat: not measured: the seats have different agents" in out
    assert "turns per game: mean 6.0" in out


def test_seat_advantage_is_claimed_only_for_comparable_seats(capsys):
    assert main([GAME, "--allow-import", "--games", "20", "--bots", "greedy,random", "--rotate", "--no-progress"]) == 0
    assert "first seat: win rate" in capsys.readouterr().out
    assert main([GAME, "--allow-import", "--games", "20", "--bots", "random,random", "--no-progress"]) == 0
    assert "first seat: win rate" in capsys.readouterr().out


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_writes_results_table(tmp_path, suffix, capsys):
    out = tmp_path / f"runs{suffix}"
    argv = [
        GAME,
        "--allow-import",
        "--games",
        "6",
        "--bots",
        "random",
        "--players",
        "3",
        "--workers",
        "1",
        "--no-progress",
        "--option",
        "rounds=2",
        "--rotate",
        "--out",
        str(out),
    ]
    assert main(argv) == 0
    frame = pd.read_csv(out) if suffix == ".csv" else pd.read_parquet(out)
    assert len(frame) == 18 and set(frame["decisions"]) == {6}
    assert f"wrote 18 rows to {out}" in capsys.readouterr().out


def test_pool_workers(capsys):
    assert (
        main([GAME, "--allow-import", "--games", "30", "--bots", "random,random", "--workers", "2", "--no-progress"])
        == 0
    )
    assert "30 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no_such_game"], "unknown game 'no_such_game'"),
        ([GAME, "--games", "0"], "--games must be at least 1"),
        ([GAME, "--workers", "0"], "--workers must be at least 1"),
        ([GAME, "--bots", "random,wizard"], "unknown agent 'wizard'"),
        ([GAME, "--bots", "random,random", "--players", "3"], "2 agents (random,random) for 3 players"),
        ([GAME, "--option", "rounds"], "--option must look like NAME=VALUE"),
        ([GAME, "--option", "rounds=9"], "outside 1..4"),
        ([GAME, "--option", "speed=2"], "unknown rule option"),
        ([GAME, "--out", "runs.xlsx"], "--out must end in .csv or .parquet"),
        ([GAME, "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "not both"),
        ([GAME, "--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler"),
        ([GAME, "--bots", "mcts:-5"], "iterations must be a whole number from 1"),
        ([GAME, "--bots", "mcts:0"], "iterations must be a whole number from 1"),
        ([GAME, "--bots", "greedy:samples=-1"], "samples must be a whole number from 1"),
        ([GAME, "--bots", "mcts:c=nan"], "c must be a number from 0"),
        ([GAME, "--bots", ",,,"], "agent spec"),
        ([GAME, "--seed", str(2**64)], "--seed must be in 0..2**63-1"),
        ([GAME, "--out", "/no/such/folder/runs.csv"], "does not exist"),
    ],
)
def test_bad_arguments_give_clear_errors(argv, message, capsys):
    assert main([*argv, "--no-progress", "--allow-import"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulekit simulate: error:") and message in err


def test_argparse_rejects_non_numbers():
    with pytest.raises(SystemExit):
        main([GAME, "--allow-import", "--games", "many"])


def test_add_parser_wires_run():
    parser = argparse.ArgumentParser(prog="rulekit")
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["simulate", "rune_stones", "--bots", "mcts:50,random", "--option", "x=[1, 2]"])
    assert (
        args.run.__name__ == "run"
        and args.func is args.run
        and args.bots == "mcts:50,random"
        and args.option == ["x=[1, 2]"]
    )
    assert parse_option("x=[1, 2]") == ("x", [1, 2]) and parse_option("mode=fast") == ("mode", "fast")


def test_runs_on_a_dask_scheduler(dask_client, capsys):
    address = dask_client.scheduler.address
    assert (
        main(
            [GAME, "--allow-import", "--games", "8", "--bots", "greedy,random", "--scheduler", address, "--no-progress"]
        )
        == 0
    )
    assert "8 games, bots greedy,random" in capsys.readouterr().out


def test_import_paths_need_an_explicit_flag(capsys):
    assert main(["os:getcwd", "--no-progress"]) == 2
    assert "add --allow-import" in capsys.readouterr().err
    assert main(["os:getcwd", "--allow-import", "--no-progress"]) == 2
    assert "not a Game class" in capsys.readouterr().err


def test_ctrl_c_keeps_the_finished_games_marked_partial(tmp_path, monkeypatch, capsys):
    import importlib

    simulate = importlib.import_module("rulekit.explore.simulate")  # the package exports a function of that name
    real, calls = simulate.play_chunk, []

    def interrupted_after_two_chunks(chunk):
        calls.append(len(chunk))
        if len(calls) > 2:
            raise KeyboardInterrupt
        return real(chunk)

    monkeypatch.setattr(simulate, "play_chunk", interrupted_after_two_chunks)
    out = tmp_path / "runs.csv"
    argv = [GAME, "--allow-import", "--games", "40", "--workers", "1", "--no-progress", "--out", str(out)]
    assert main(argv) == 130
    text = capsys.readouterr().out
    frame = pd.read_csv(out)
    assert "the results are partial" in text and frame["partial"].all()
    assert 0 < frame["game_id"].nunique() < 40
