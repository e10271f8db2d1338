"""One error family (issue 25, point 4): every error class in ``engine/errors.py``;
games raise rulekit errors (a data-file problem names the file and the key), never
``assert`` or a bare built-in error."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rulekit
from rulekit.engine import DataFileError, RulekitError, errors

SRC = Path(rulekit.__file__).parent
BUILTIN = {"ValueError", "KeyError", "TypeError", "RuntimeError", "IndexError", "LookupError", "Exception"}


def _trees(folder: Path):
    for path in sorted(folder.rglob("*.py")):
        yield path.relative_to(SRC), ast.parse(path.read_text(encoding="utf-8"))


def test_every_error_class_lives_in_engine_errors():
    names = set(errors.__all__)
    outside = []
    for path, tree in _trees(SRC):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                if bases & (names | BUILTIN | {"BaseException"}) and str(path) != "engine/errors.py":
                    outside.append(f"{path}: {node.name}")
    assert outside == []


def test_games_raise_rulekit_errors_only():
    found = []
    for path, tree in _trees(SRC / "games"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert):
                found.append(f"games/{path.parent.name}/{path.name}:{node.lineno} assert")
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                name = getattr(node.exc.func, "id", getattr(node.exc.func, "attr", ""))
                if name in BUILTIN:
                    found.append(f"{path}:{node.lineno} raise {name}")
    assert found == []


def test_a_bad_data_file_names_the_file_and_the_key():
    from rulekit.games.rune_stones.tables import load_catalogue
    from rulekit.games.scepter_of_zavandor.tables import load_config

    game = rulekit.load("rune_stones")
    cards = game.data_file("cards.toml")
    short = {"card": cards["card"][1:]}
    with pytest.raises(DataFileError, match=r"data/cards.toml \[card\]: .*11-78"):
        load_catalogue(short, game.data_file("druids.toml"), game.data_file("board.toml"))

    scepter = rulekit.load("scepter_of_zavandor")

    def read(name: str) -> dict:
        table = scepter.data_file(name)
        return {"gem": table["gem"][::-1]} if name == "gems.toml" else table

    with pytest.raises(DataFileError) as err:
        load_config(read)
    assert (err.value.file, err.value.key) == ("data/gems.toml", "gem")
    assert isinstance(err.value, RulekitError)
