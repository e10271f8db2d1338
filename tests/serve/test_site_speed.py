"""What makes the static site's first visit fast (#28), checked without a build or a browser.

The build itself (Pyodide under Node, Voici) runs in tests/browser/test_static_site.py;
here each step is run on small made-up inputs, with this interpreter's bytecode.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import sys
import zipfile
from pathlib import Path

import pytest

from rulekit.engine import RulekitError
from rulekit.serve.bytecode import compile_zip
from rulekit.serve.pyodide_site import without_tests
from rulekit.serve.voici_output import CELLS, DISPLAY_HOOK, LOADING_HOOK, progressive, shared_styles


def _wheel(path: Path, files: dict[str, str]) -> Path:
    record = "".join(f"{n},sha256=x,1\n" for n in files) + "pkg-1.0.dist-info/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as whl:
        for name, text in files.items():
            whl.writestr(name, text)
        whl.writestr("pkg-1.0.dist-info/RECORD", record)
    return path


FILES = {
    "rkpkg/__init__.py": "VALUE = 'from the source'\n",
    "rkpkg/used.py": "def f():\n    return 41 + 1\n",
    "rkpkg/unused.py": "X = 1\n",
    "rkpkg/py2.py": "print 'old'\n",
}


def _import_from(folder: Path, name: str):
    sys.path.insert(0, str(folder))
    try:
        for mod in [m for m in sys.modules if m == "rkpkg" or m.startswith("rkpkg.")]:
            del sys.modules[mod]
        importlib.invalidate_caches()
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))
        for mod in [m for m in sys.modules if m == "rkpkg" or m.startswith("rkpkg.")]:
            del sys.modules[mod]


def test_imported_modules_get_bytecode_in_place_of_their_source(tmp_path):
    wheel = _wheel(tmp_path / "rkpkg-1.0-py3-none-any.whl", FILES)
    prefix = "/site/"
    wanted = {prefix + n for n in ("rkpkg/__init__.py", "rkpkg/used.py", "rkpkg/py2.py")}
    assert compile_zip(str(wheel), prefix, wanted) == 2  # py2.py does not compile: it stays source
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        record = whl.read("pkg-1.0.dist-info/RECORD").decode()
        pyc = whl.read("rkpkg/used.pyc")
        whl.extractall(tmp_path / "unpacked")
    assert {"rkpkg/__init__.pyc", "rkpkg/used.pyc", "rkpkg/unused.py", "rkpkg/py2.py"} <= names
    assert "rkpkg/used.py" not in names and "rkpkg/__init__.py" not in names
    digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
    assert f"rkpkg/used.pyc,sha256={digest},{len(pyc)}" in record and "rkpkg/used.py," not in record
    used = _import_from(tmp_path / "unpacked", "rkpkg.used")
    assert used.f() == 42 and used.__file__.endswith("used.pyc")


def test_the_projects_own_modules_keep_their_source_and_the_bytecode_is_not_checked(tmp_path):
    wheel = _wheel(tmp_path / "rkpkg-1.0-py3-none-any.whl", FILES)
    assert compile_zip(str(wheel), "", {"rkpkg/__init__.py"}, keep_source=True) == 1
    cached = f"rkpkg/__pycache__/__init__.{sys.implementation.cache_tag}.pyc"
    with zipfile.ZipFile(wheel) as whl:
        assert {"rkpkg/__init__.py", cached} <= set(whl.namelist())
        whl.extractall(tmp_path / "unpacked")
    # unpacking a wheel does not keep timestamps: the bytecode is used without comparing it to the source
    source = tmp_path / "unpacked" / "rkpkg" / "__init__.py"
    source.write_text("VALUE = 'edited after the build'\n")
    assert _import_from(tmp_path / "unpacked", "rkpkg").VALUE == "from the source"


def test_nothing_wanted_leaves_the_wheel_as_it_was(tmp_path):
    wheel = _wheel(tmp_path / "rkpkg-1.0-py3-none-any.whl", FILES)
    before = wheel.read_bytes()
    assert compile_zip(str(wheel), "/site/", {"/elsewhere/rkpkg/used.py"}) == 0
    assert wheel.read_bytes() == before


def test_test_suites_stay_out_of_the_browsers_wheels(tmp_path):
    files = {
        "networkx/__init__.py": "",
        "networkx/tests/test_all.py": "",
        "networkx/algorithms/tests/test_flow.py": "",
        "networkx/algorithms/flow.py": "",
        "networkx/testing_helpers.py": "",
    }
    wheel = _wheel(tmp_path / "networkx-3.7-py3-none-any.whl", files)
    assert without_tests(tmp_path) == 2
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        record = whl.read("pkg-1.0.dist-info/RECORD").decode()
    assert {"networkx/__init__.py", "networkx/algorithms/flow.py", "networkx/testing_helpers.py"} <= names
    assert not any("/tests/" in n for n in names) and "/tests/" not in record


STYLE = '<style type="text/css">\n.jp-Cell { color: black; }\n{pad}</style>'
HEAD = '<html><head>{shared}<style type="text/css">.only-here {{ x: 1 }}{pad}</style>{relative}</head><body>'
BODY = f"<script>{LOADING_HOOK} }};\n{DISPLAY_HOOK} }};</script>\n{CELLS}<div>cells</div></div></body></html>"


def _pages(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    pad = "/* " + "x" * 5000 + " */\n"
    shared = STYLE.replace("{pad}", pad)
    relative = f'<style type="text/css">.font {{ src: url(./font.woff) }}{pad}</style>'
    for folder, name in (("render", "a.html"), ("render", "b.html"), ("tree", "index.html")):
        (site / "voici" / folder).mkdir(parents=True, exist_ok=True)
        unique = pad + name  # one block per page that no other page has
        page = HEAD.format(shared=shared, pad=unique, relative=relative) + BODY
        (site / "voici" / folder / name).write_text(page, encoding="utf-8")
    return site


def test_styles_every_page_repeats_move_into_one_shared_file(tmp_path):
    site = _pages(tmp_path)
    before = sum(p.stat().st_size for p in site.rglob("*.html"))
    saved = shared_styles(site)
    (css,) = (site / "voici" / "styles").glob("lab-*.css")
    assert ".jp-Cell { color: black; }" in css.read_text()
    for page in site.rglob("*.html"):
        text = page.read_text()
        assert f'<link rel="stylesheet" type="text/css" href="../styles/{css.name}">' in text
        assert ".jp-Cell" not in text
        assert ".only-here" in text  # on one page only: stays inline
        assert "url(./font.woff)" in text  # a relative address would change meaning in another folder
    after = sum(p.stat().st_size for p in site.rglob("*.html")) + css.stat().st_size
    assert saved == before - after and saved > 8000


def test_pages_show_their_cells_while_they_run(tmp_path):
    site = _pages(tmp_path)
    assert progressive(site) == 2  # the notebooks' pages, not the tree
    text = (site / "voici" / "render" / "a.html").read_text()
    assert text.index("rk-running") < text.index(CELLS)
    assert "window.update_loading_text = function (...args)" in text
    broken = site / "voici" / "render" / "c.html"
    broken.write_text("<html>no loading hook</html>")
    with pytest.raises(RulekitError, match="update progressive"):
        progressive(site)
