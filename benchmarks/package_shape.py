"""The shape of the game packages in figures: lines per game, module names, the most complex functions.

Issue #25's closing note compares these before (commit 9e77b97, before the
issue began) and after: the Python lines of each game package, how many
module names the games use for how many modules (one shape: the same
names in every game), and the cyclomatic complexity of the largest
functions (ruff's C901 with the threshold at 0, so every function is
measured). A commit is read with ``git archive`` into a temporary folder;
without ``--commit`` the working tree is measured.

    python benchmarks/package_shape.py                  # the working tree
    python benchmarks/package_shape.py --commit 9e77b97 # an earlier commit
    python benchmarks/package_shape.py --commit 9e77b97 --commit main
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = "src/rulekit/games"
RUFF = Path(sys.executable).with_name("ruff")
#: ruff's C901 message: "`name` is too complex (12 > 0)"
COMPLEX = re.compile(r"`(?P<name>[^`]+)` is too complex \((?P<n>\d+) > \d+\)")


def checkout(commit: str | None, into: Path) -> Path:
    """The folder holding ``src/rulekit/games`` of ``commit`` (the working tree for None)."""
    if commit is None:
        return ROOT
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", commit, GAMES], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into


def packages(root: Path) -> dict[str, list[Path]]:
    """Game id -> its Python modules (every ``*.py`` under the game's folder)."""
    games = sorted(p.parent for p in (root / GAMES).glob("*/__init__.py"))
    return {g.name: sorted(g.rglob("*.py")) for g in games}


def complexity(root: Path) -> list[tuple[int, str]]:
    """(complexity, "game/module.py:function") of every function of the games, largest first."""
    out = subprocess.run(
        [str(RUFF), "check", "--no-cache", "--select", "C901", "--config", "lint.mccabe.max-complexity=0"]
        + ["--output-format", "json", "--exit-zero", "--isolated", str(root / GAMES)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found = []
    for item in json.loads(out):
        match = COMPLEX.search(item["message"])
        if match:
            where = Path(item["filename"]).relative_to(root / GAMES)
            found.append((int(match["n"]), f"{where}:{match['name']}"))
    return sorted(found, key=lambda x: (-x[0], x[1]))


def measure(commit: str | None) -> dict:
    with tempfile.TemporaryDirectory(prefix="rulekit-shape-") as tmp:
        root = checkout(commit, Path(tmp))
        mods = packages(root)
        lines = {
            gid: sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files) for gid, files in mods.items()
        }
        names = Counter(str(p.relative_to(root / GAMES / gid)) for gid, files in mods.items() for p in files)
        funcs = complexity(root)
    modules = {gid: len(files) for gid, files in mods.items()}
    return {"commit": commit or "working tree", "lines": lines, "modules": modules, "names": names, "funcs": funcs}


def report(m: dict, top: int) -> str:
    rows = [f"## {m['commit']}", "", "| game | modules | lines |", "|---|---:|---:|"]
    n_modules = sum(m["names"].values())
    for gid, lines in m["lines"].items():
        rows.append(f"| {gid} | {m['modules'][gid]} | {lines:,} |")
    rows.append(f"| all | {n_modules} | {sum(m['lines'].values()):,} |")
    over = sum(1 for n, _ in m["funcs"] if n > 10)
    rows += ["", f"module names: {len(m['names'])} for {n_modules} modules; functions over complexity 10: {over}"]
    rows += ["", f"| complexity | function (largest {top}) |", "|---:|---|"]
    rows += [f"| {n} | `{name}` |" for n, name in m["funcs"][:top]]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", action="append", help="a commit to measure (repeat for several; none: the tree)")
    parser.add_argument("--top", type=int, default=10, help="how many of the most complex functions to list")
    args = parser.parse_args()
    for commit in args.commit or [None]:
        m = measure(commit)
        print(report(m, args.top), end="\n\n")


if __name__ == "__main__":
    main()
