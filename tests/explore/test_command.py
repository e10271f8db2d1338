"""``rulekit simulate`` on the command line: output, files and clear argument errors."""

import argparse

import pandas as pd
import pytest

from rulekit.explore.command import add_parser, main, parse_option

GAME = "tests.explore.cards:Cards"


def test_prints_win_rates_by_seat(capsys):
    assert main([GAME, "--games", "20", "--bots", "greedy,random", "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "20 games, bots greedy,random, seeds 0..19" in out
    assert "first seat: win rate" in out and "turns per game: mean 6.0" in out


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_writes_results_table(tmp_path, suffix, capsys):
    out = tmp_path / f"runs{suffix}"
    argv = [
        GAME,
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
    assert main([GAME, "--games", "30", "--bots", "random,random", "--workers", "2", "--no-progress"]) == 0
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
    ],
)
def test_bad_arguments_give_clear_errors(argv, message, capsys):
    assert main([*argv, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulekit simulate: error:") and message in err


def test_argparse_rejects_non_numbers():
    with pytest.raises(SystemExit):
        main([GAME, "--games", "many"])


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
    assert main([GAME, "--games", "8", "--bots", "greedy,random", "--scheduler", address, "--no-progress"]) == 0
    assert "8 games, bots greedy,random" in capsys.readouterr().out
