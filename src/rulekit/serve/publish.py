"""``rulekit publish OUT/``: the notebooks as a static site that runs entirely in the visitor's browser.

Voici renders each notebook as a dashboard on JupyterLite with the Pyodide
kernel (Python compiled to WebAssembly), so any static web server (or a
USB stick opened over ``python -m http.server``) can host it: no Jupyter
server, no kernels on the teacher's machine, nothing fetched from a CDN at
build or run time (``offline_site``). The parts come from the package
indexes (``pyodide_site``).

The site is built in a temporary folder beside OUT and swapped in at the
end; ``--force`` replaces only an earlier rulekit site (it carries
``MARKER``), never the notebooks folder and never on a failed build.
Notebooks that import numpy, pandas or matplotlib (no Pyodide builds of
them on the package indexes) are left out, and the gallery page says so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from ..engine import RulekitError
from .offline_site import make_offline, reaches_out
from .pyodide_site import (
    PINS,
    PRELOAD,
    PYODIDE,
    _run,
    _wheel_info,
    browser_wheels,
    build_venv,
    compile_bytecode,
    kernel_wheels,
    project_wheel,
    pyodide_runtime,
    trim_babel,
    without_tests,
    write_lock,
)
from .voici_output import progressive, prune, shared_styles, without_service_worker

__all__ = [
    "publish",
    "build",
    "check_target",
    "MARKER",
    "add_arguments",
    "needs_native",
    "project_wheel",
    "PINS",
    "PYODIDE",
]
_ = _wheel_info  # re-exported for the tests of the wheel metadata

#: modules with no Pyodide build on the package indexes: a notebook importing one is left out
NATIVE = ("numpy", "pandas", "matplotlib", "scipy", "dask", "pyarrow")


def needs_native(notebook: Path) -> str | None:
    """The first module of ``NATIVE`` the notebook's code imports, or None.

    Only imports count: rulekit's own ``simulate``/``sweep`` import pandas
    when called, so a notebook meant for the browser uses ``explore.study``
    and the Explorer, which run there without it.
    """
    cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    code = "\n".join("".join(c.get("source", [])) for c in cells if c.get("cell_type") == "code")
    found = re.search(r"^\s*(?:import|from)\s+(" + "|".join(NATIVE) + r")\b", code, re.MULTILINE)
    if found:
        return found.group(1)
    pandas_parts = {"simulate", "sweep", "summarize", "win_rates", "first_player_advantage", "game_length", "plots"}
    for names in re.findall(r"^\s*from\s+rulekit\.explore\s+import\s+\(?([\w\s,]+)", code, re.MULTILINE):
        if pandas_parts & {n.strip() for n in names.replace("\n", ",").split(",")}:
            return "pandas"
    if re.search(r"^\s*from\s+rulekit\.explore\.(simulate|sweeps|plots)\s+import", code, re.MULTILINE):
        return "pandas"
    return None


#: written into every site this command builds; ``--force`` replaces only a folder that carries it
MARKER = ".rulekit-site"


def check_target(out: Path, source: Path, force: bool) -> None:
    """Refuse, before any work, an output folder whose contents rulekit did not make (#24).

    ``--force`` may replace only an earlier rulekit site (one carrying ``MARKER``);
    never the notebooks folder, a folder that holds it, or a folder inside it.
    """
    if out.exists() and not out.is_dir():
        raise RulekitError(f"{out} is a file, not a folder: pick a folder for the site")
    if out == source or out in source.parents or source in out.parents:
        raise RulekitError(f"{out} holds or is inside the notebooks folder {source}: the site must go somewhere else")
    parent = out.parent
    if not parent.is_dir():
        raise RulekitError(f"the folder {parent} does not exist: make it first, or pick another place for {out.name}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise RulekitError(f"cannot write in {parent}: pick a folder you may write to")
    if not out.exists() or not any(out.iterdir()):
        return
    if not force:
        raise RulekitError(f"{out} is not empty: pick an empty folder or add --force to replace an earlier site")
    if not (out / MARKER).is_file():
        raise RulekitError(
            f"{out} is not empty and is not a site made by rulekit publish (no {MARKER} in it): "
            "--force replaces only an earlier rulekit site, so nothing was changed; pick an empty folder"
        )


def _check_cache(cache: Path) -> Path:
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise RulekitError(
            f"cannot use {cache} as the build cache ({err.strerror}): pick another with --cache"
        ) from None
    try:  # a real write: root passes os.access on read-only file systems such as /sys
        with tempfile.TemporaryFile(dir=cache):
            pass
    except OSError as err:
        raise RulekitError(
            f"cannot write in the build cache {cache} ({err.strerror}): pick another with --cache"
        ) from None
    return cache


def _swap_in(built: Path, out: Path) -> None:
    """Put the finished site at ``out``; an earlier site (or an empty folder) there goes only now."""
    old = None
    if out.exists():
        old = out.with_name(f".{out.name}.old-{os.getpid()}")
        out.rename(old)
    try:
        built.rename(out)
    except OSError:
        if old is not None:
            old.rename(out)  # put the earlier site back
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def publish(
    out: str | os.PathLike,
    notebooks: str | os.PathLike | None = None,
    cache: str | os.PathLike | None = None,
    force: bool = False,
    log=print,
) -> dict:
    """Build the static site into ``out``; returns what was built (notebooks, left out, size, files).

    The site is built in a temporary folder beside ``out`` and swapped in
    only when the build succeeded, so a failed build leaves ``out`` as it was.
    """
    from .dashboard import find_notebooks

    try:
        source = find_notebooks(notebooks).resolve()
    except FileNotFoundError as err:
        raise RulekitError(str(err)) from None
    out = Path(out).absolute()
    out = out.parent.resolve() / out.name
    check_target(out, source, force)
    try:
        work = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    except OSError as err:  # root passes os.access on read-only file systems such as /sys
        raise RulekitError(f"cannot write in {out.parent} ({err.strerror}): pick a folder you may write to") from None
    try:
        cache = _check_cache(Path(cache or os.environ.get("RULEKIT_CACHE") or Path.home() / ".cache" / "rulekit"))
        result = build(work / "site", source, cache, log)
        check_target(out, source, force)  # nobody put anything there meanwhile
        _swap_in(work / "site", out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    result["out"] = str(out)
    log(
        f"static site in {out}: {len(result['notebooks'])} notebooks, {result['files']} files, "
        f"{result['bytes'] / 1e6:.1f} MB"
        + (f"; left out (need numpy/pandas/matplotlib): {', '.join(result['left_out'])}" if result["left_out"] else "")
    )
    log(f"try it: python -m http.server -d {out} 8000  then open http://127.0.0.1:8000/")
    return result


def build(out: Path, source: Path, cache: Path, log=print) -> dict:
    """Build the site into the new folder ``out`` (the caller swaps it into place)."""
    from . import gallery

    with tempfile.TemporaryDirectory(prefix="rulekit-publish-") as tmp:
        lite = Path(tmp)
        content = lite / "content"
        content.mkdir()
        kept, left_out = [], []
        for nb in sorted(source.glob("*.ipynb")):
            reason = needs_native(nb)
            if reason:
                left_out.append(nb.name)
                log(f"left out {nb.name}: it needs {reason}, which does not run in the browser")
            else:
                shutil.copy(nb, content / nb.name)
                kept.append(nb.name)
        if not kept:
            raise RulekitError(f"no notebook in {source} can run in the browser")
        log("build tools ...")
        venv_dir = build_venv(cache)
        log(f"Pyodide {PYODIDE} runtime ...")
        pyodide_dir = lite / "static" / "pyodide"
        info = pyodide_runtime(cache, pyodide_dir)
        log("wheels for the browser ...")
        browser_wheels(venv_dir, pyodide_dir)
        without_tests(pyodide_dir)
        project_wheel(pyodide_dir)
        kernel_wheels(venv_dir, pyodide_dir)
        trim_babel(pyodide_dir)
        write_lock(pyodide_dir, info, "rulekit-games")
        log("compiling the browser's Python ...")
        compile_bytecode(pyodide_dir, [*PRELOAD, "rulekit-games"])
        write_lock(pyodide_dir, info, "rulekit-games")  # the wheels changed: their hashes too
        settings = {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": [*PRELOAD, "rulekit-games"]},
        }
        config = {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
            },
        }
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
        log("voici build ...")
        voici = venv_dir / "bin" / "voici"
        cmd = [str(voici), "build", "--contents", str(content), "--output-dir", str(out)]
        cmd += ["--no-sourcemaps", "--no-unused-shared-packages", f"--lite-dir={lite}"]
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH")}
        _run(cmd, "voici build", cwd=lite, env=env)
    make_offline(out)
    without_service_worker(out)
    prune(out)
    shared_styles(out)
    progressive(out)
    # the gallery is the site's front page
    items = [e for e in gallery.entries(source) if e.file in kept]
    thumbs = out / "thumbs"
    thumbs.mkdir(exist_ok=True)
    for item in items:
        if item.thumb is not None:
            shutil.copy(item.thumb, thumbs / item.thumb.name)
    page = gallery.page(
        items,
        link=lambda e: f"voici/render/{Path(e.file).stem}.html",
        thumb_url=lambda e: f"thumbs/{Path(e.file).stem}.png",
        left_out=left_out,
        intro="gallery_intro_static",
    )
    (out / "index.html").write_text(page, encoding="utf-8")
    leaks = reaches_out(out)
    if leaks:  # a new Voici or Pyodide release with an address make_offline does not know yet
        raise RulekitError("the built site could reach another host:\n" + "\n".join(leaks[:10]))
    (out / MARKER).write_text(
        json.dumps({"made_by": "rulekit publish", "notebooks": kept}, indent=1) + "\n", encoding="utf-8"
    )
    files = [p for p in out.rglob("*") if p.is_file()]
    return {
        "out": str(out),
        "notebooks": kept,
        "left_out": left_out,
        "files": len(files),
        "bytes": sum(p.stat().st_size for p in files),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``rulekit publish``."""
    parser.add_argument("out", help="folder to write the site into (empty, or use --force)")
    parser.add_argument("--notebooks", default=None, help="publish this folder instead of the package's notebooks")
    parser.add_argument(
        "--force", action="store_true", help="replace an earlier site rulekit made in OUT (never anything else)"
    )
    parser.add_argument("--cache", default=None, help="where build tools and downloads are kept (~/.cache/rulekit)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    publish(args.out, args.notebooks, args.cache, args.force)
    return 0
