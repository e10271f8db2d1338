"""``rulekit publish OUT --force`` never deletes what it did not make (#24 item 1).

The site is built in a temporary folder beside OUT and swapped in at the
end; ``--force`` replaces only a folder carrying the marker of an earlier
rulekit site, never the notebooks folder, and never on a failed build.
These tests need no network: the failing builds fail before any download
(a notebooks folder whose only notebook needs pandas), the succeeding one
stands in for the Voici step.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekit.engine import RulekitError
from rulekit.serve import publish as pub


def _notebook(folder: Path, name: str, code: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    cell = {"cell_type": "code", "metadata": {}, "source": [code], "outputs": [], "execution_count": None}
    nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = folder / name
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


@pytest.fixture
def native_only(tmp_path) -> Path:
    """A notebooks folder whose only notebook cannot run in the browser: the build fails early."""
    return _notebook(tmp_path / "nbs", "thesis.ipynb", "import pandas as pd\n").parent


def _victim(tmp_path: Path, marker: bool = False) -> Path:
    victim = tmp_path / "victim"
    (victim / "data").mkdir(parents=True)
    (victim / "thesis.tex").write_text("three years of work")
    (victim / "data" / "runs.csv").write_text("a,b\n1,2\n")
    if marker:
        (victim / pub.MARKER).write_text("{}")
    return victim


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


def _leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if ".building-" in p.name or ".old-" in p.name)


def test_force_refuses_a_folder_rulekit_did_not_make_and_touches_nothing(tmp_path, native_only):
    victim = _victim(tmp_path)
    before = _tree(victim)
    with pytest.raises(RulekitError, match="not a site made by rulekit publish"):
        pub.publish(victim, notebooks=native_only, cache=tmp_path / "cache", force=True, log=lambda *_: None)
    assert _tree(victim) == before
    assert _leftovers(tmp_path) == []


def test_force_never_replaces_the_notebooks_folder(tmp_path):
    nbs = _notebook(tmp_path / "mynb", "lesson.ipynb", "print(1)\n").parent
    (nbs / pub.MARKER).write_text("{}")  # even a marker does not make the notebooks folder fair game
    before = _tree(nbs)
    for target in (nbs, tmp_path, nbs / "site"):
        with pytest.raises(RulekitError, match="notebooks folder"):
            pub.publish(target, notebooks=nbs, cache=tmp_path / "cache", force=True, log=lambda *_: None)
    assert _tree(nbs) == before


def test_a_failed_build_leaves_an_earlier_site_as_it_was(tmp_path, native_only):
    site = _victim(tmp_path, marker=True)
    before = _tree(site)
    with pytest.raises(RulekitError, match="no notebook"):
        pub.publish(site, notebooks=native_only, cache=tmp_path / "cache", force=True, log=lambda *_: None)
    assert _tree(site) == before
    assert _leftovers(tmp_path) == []


def test_a_failing_build_step_leaves_an_earlier_site_and_no_temporary_folder(tmp_path, monkeypatch):
    site = _victim(tmp_path, marker=True)
    before = _tree(site)

    def broken(out, *args, **kwargs):
        out.mkdir()
        (out / "half.html").write_text("half a site")
        raise RulekitError("voici build failed")

    monkeypatch.setattr(pub, "build", broken)
    with pytest.raises(RulekitError, match="voici build failed"):
        pub.publish(site, cache=tmp_path / "cache", force=True, log=lambda *_: None)
    assert _tree(site) == before
    assert _leftovers(tmp_path) == []


def test_force_replaces_an_earlier_site_only_when_the_build_succeeded(tmp_path, monkeypatch):
    site = _victim(tmp_path, marker=True)

    def fake(out, source, cache, log):
        out.mkdir()
        (out / "index.html").write_text("new site")
        (out / pub.MARKER).write_text("{}")
        return {"out": str(out), "notebooks": ["a.ipynb"], "left_out": [], "files": 2, "bytes": 10}

    monkeypatch.setattr(pub, "build", fake)
    result = pub.publish(site, cache=tmp_path / "cache", force=True, log=lambda *_: None)
    assert result["out"] == str(site)
    assert _tree(site) == {"index.html": "new site", pub.MARKER: "{}"}
    assert _leftovers(tmp_path) == []


def test_without_force_a_non_empty_folder_is_refused_before_any_work(tmp_path, monkeypatch):
    victim = _victim(tmp_path, marker=True)
    monkeypatch.setattr(pub, "build", lambda *a, **k: pytest.fail("built although the target was refused"))
    with pytest.raises(RulekitError, match="not empty"):
        pub.publish(victim, cache=tmp_path / "cache", log=lambda *_: None)


@pytest.mark.parametrize("case", ["file", "no_parent", "cache_is_a_file"])
def test_bad_targets_get_one_clear_error(tmp_path, monkeypatch, case):
    monkeypatch.setattr(pub, "build", lambda *a, **k: pytest.fail("built although the target was refused"))
    out, cache = tmp_path / "site", tmp_path / "cache"
    if case == "file":
        out = tmp_path / "exist.json"
        out.write_text("{}")
        match = "is a file"
    elif case == "no_parent":
        out = tmp_path / "missing" / "site"
        match = "does not exist"
    else:
        cache = tmp_path / "cachefile"
        cache.write_text("")
        match = "build cache"
    with pytest.raises(RulekitError, match=match):
        pub.publish(out, cache=cache, log=lambda *_: None)
    assert not (tmp_path / "site").exists()


def test_an_empty_folder_is_filled_and_marked(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()

    def fake(out, source, cache, log):
        out.mkdir()
        (out / pub.MARKER).write_text("{}")
        return {"out": str(out), "notebooks": ["a.ipynb"], "left_out": [], "files": 1, "bytes": 2}

    monkeypatch.setattr(pub, "build", fake)
    pub.publish(site, cache=tmp_path / "cache", log=lambda *_: None)
    assert (site / pub.MARKER).is_file()


ROOT = Path(__file__).resolve().parents[2]
# (arguments after ``publish``, words the one error line must hold); /sys is read-only even for root,
# who passes os.access there: only a real write finds out (seen as a traceback before, #24 item 6)
CLI_CASES = {
    "existing_file": (["exist.json"], "is a file"),
    "cache_in_sys": (["site", "--cache", "/sys/rulekit-cache"], "build cache"),
    "out_in_sys": (["/sys/rulekit-site"], "cannot write in /sys"),
    "no_parent": (["missing/site"], "does not exist"),
}


@pytest.mark.parametrize("case", sorted(CLI_CASES))
def test_publish_refuses_bad_places_in_one_line_with_exit_code_2(tmp_path, case):
    import subprocess
    import sys

    argv, words = CLI_CASES[case]
    (tmp_path / "exist.json").write_text("{}")
    run = subprocess.run(
        [sys.executable, "-m", "rulekit", "publish", *argv],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert run.returncode == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    assert lines[0].startswith("rulekit: error:") and words in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["exist.json"]  # nothing made, nothing left
