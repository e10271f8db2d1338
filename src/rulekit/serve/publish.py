"""``rulekit publish OUT/``: the notebooks as a static site that runs entirely in the visitor's browser.

Voici renders each notebook as a dashboard on JupyterLite with the Pyodide
kernel (Python compiled to WebAssembly), so any static web server (or a
USB stick opened over ``python -m http.server``) can host it: no Jupyter
server, no kernels on the teacher's machine, nothing fetched from a CDN at
build or run time. Everything comes from the package indexes
(RECIPES.md, "Static site"):

- the build tools (``voici-core``, ``jupyterlite-core``,
  ``jupyterlite-pyodide-kernel``, ``anywidget``, ``ipywidgets``) in a build
  venv of their own (cached under ``~/.cache/rulekit``), pinned to versions
  that work together offline;
- the Pyodide runtime from npm (``pyodide`` core: the interpreter and the
  standard library, without its package files);
- pure-Python wheels for the browser's Python 3.13 from PyPI, and a wheel
  of this rulekit made from the installed package; a ``pyodide-lock.json``
  of our own lists exactly these.

Notebooks that need numpy, pandas or matplotlib (no Pyodide builds of them
on the package indexes) are left out, and the gallery page says so.
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from ..engine import RulekitError

__all__ = ["publish", "add_arguments", "needs_native", "project_wheel", "PINS", "PYODIDE"]

#: build tools that work together offline (RECIPES.md): the kernel must stay 0.7.0 for voici 0.10.0
PINS = [
    "voici-core==0.10.0",
    "jupyterlite-core==0.7.6",
    "jupyterlite-pyodide-kernel==0.7.0",
    "anywidget",
    "ipywidgets",
]
#: the Pyodide runtime matching jupyterlite-pyodide-kernel 0.7.0 (npm package ``pyodide``)
PYODIDE = "0.29.0"
#: what the browser's Python needs besides rulekit (pure-Python wheels; their dependencies come along)
BROWSER_PACKAGES = [
    "networkx",
    "babel",
    "ipywidgets",
    "anywidget",
    "traitlets",
    "psygnal",
    "comm",
    "jupyterlab_widgets",
    "typing_extensions",
    "ipython",
    "jedi",
    "micropip",
]
#: rulekit's core dependencies (pyproject.toml), what the browser loads with it
CORE = ["networkx", "ipywidgets", "anywidget", "traitlets", "babel"]
#: dropped from the downloads: the Pyodide kernel ships shims for them (or they cannot run there)
DROP = {"widgetsnbextension", "pexpect", "ptyprocess"}
#: modules with no Pyodide build on the package indexes: a notebook importing one is left out
NATIVE = ("numpy", "pandas", "matplotlib", "scipy", "dask", "pyarrow")
#: the browser's Python, for the wheels' environment markers
BROWSER_ENV = {
    "implementation_name": "cpython",
    "implementation_version": "3.13.2",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_release": "",
    "platform_system": "Emscripten",
    "platform_version": "",
    "python_full_version": "3.13.2",
    "python_version": "3.13",
    "sys_platform": "emscripten",
    "extra": "",
}


def needs_native(notebook: Path) -> str | None:
    """The first module of ``NATIVE`` the notebook's code imports (directly or through rulekit's sweeps), or None."""
    cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    code = "\n".join("".join(c.get("source", [])) for c in cells if c.get("cell_type") == "code")
    found = re.search(r"^\s*(?:import|from)\s+(" + "|".join(NATIVE) + r")\b", code, re.MULTILINE)
    if found:
        return found.group(1)
    # rulekit's simulations, sweeps and the Explorer return pandas frames
    if re.search(r"\b(simulate|sweep|summarize|win_rates|first_player_advantage|Explorer)\(", code):
        return "pandas"
    return None


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _write_wheel(path: Path, files: dict[str, bytes], name: str, version: str, requires: list[str] = ()) -> None:
    """A minimal pure-Python wheel holding ``files`` (paths inside the wheel)."""
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    metadata += "".join(f"Requires-Dist: {r}\n" for r in requires)
    meta = {
        f"{dist}/METADATA": metadata.encode(),
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: rulekit publish\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    entries = {**files, **meta}
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arcname, data in entries.items():
        writer.writerow([arcname, _record_hash(data), len(data)])
    writer.writerow([f"{dist}/RECORD", "", ""])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for arcname, data in entries.items():
            whl.writestr(arcname, data)
        whl.writestr(f"{dist}/RECORD", record.getvalue())


def project_wheel(folder: Path) -> Path:
    """A wheel of the rulekit package as installed here (editable or not), for the browser's Python."""
    from importlib.metadata import PackageNotFoundError, version

    import rulekit

    root = Path(rulekit.__file__).resolve().parent
    try:
        ver = version("rulekit-games")
    except PackageNotFoundError:
        ver = "0.0.0"
    files = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.is_dir() or "__pycache__" in rel.parts or path.suffix in (".pyc", ".pyo"):
            continue
        files[f"rulekit/{rel.as_posix()}"] = path.read_bytes()
    target = folder / f"rulekit_games-{ver}-py3-none-any.whl"
    _write_wheel(target, files, "rulekit-games", ver, CORE)
    return target


def _wheel_info(path: Path) -> dict:
    """A pyodide-lock.json entry for a pure-Python wheel."""
    try:
        from packaging.markers import Marker
        from packaging.requirements import Requirement
    except ImportError:
        raise RulekitError("rulekit publish needs packaging: pip install 'rulekit-games[publish]'") from None

    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(whl.read(meta_name).decode("utf-8", "replace"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            imports = [m for m in whl.read(top).decode().split() if m and not m.startswith("_")]
        else:
            imports = sorted(
                {
                    n.split("/")[0].removesuffix(".py")
                    for n in names
                    if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)
                }
                - {""}
            )
    depends = []
    for raw in meta.get_all("Requires-Dist") or []:
        req = Requirement(raw)
        if req.marker is not None and not Marker(str(req.marker)).evaluate(BROWSER_ENV):
            continue
        depends.append(_normalize(req.name))
    return {
        "name": _normalize(meta["Name"]),
        "version": meta["Version"],
        "file_name": path.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [i for i in imports if i.isidentifier()],
        "depends": depends,
        "unvendored_tests": False,
    }


def _run(cmd: list[str], what: str, **kwargs) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-5:])
        raise RulekitError(f"{what} failed ({' '.join(cmd[:4])} ...):\n{tail}")


def build_venv(cache: Path) -> Path:
    """The build tools' venv (made once per set of pins)."""
    key = hashlib.sha256(" ".join(PINS).encode()).hexdigest()[:10]
    venv_dir = cache / f"publish-venv-{key}"
    python = venv_dir / "bin" / "python"
    if not (venv_dir / ".complete").exists():
        shutil.rmtree(venv_dir, ignore_errors=True)
        _run([sys.executable, "-m", "venv", str(venv_dir)], "making the build venv")
        _run([str(python), "-m", "pip", "install", "-q", *PINS], "installing the build tools")
        (venv_dir / ".complete").write_text("\n".join(PINS))
    return venv_dir


def pyodide_runtime(cache: Path, target: Path) -> dict:
    """Unpack the Pyodide core from npm into ``target``; returns its lock file's ``info``."""
    tarball = cache / f"pyodide-{PYODIDE}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise RulekitError("the static site needs npm to fetch the Pyodide runtime (apt-get install npm)")
        with tempfile.TemporaryDirectory() as tmp:
            _run([npm, "pack", f"pyodide@{PYODIDE}", "--silent"], "npm pack pyodide", cwd=tmp)
            shutil.move(str(Path(tmp) / f"pyodide-{PYODIDE}.tgz"), tarball)
    target.mkdir(parents=True, exist_ok=True)
    keep = re.compile(
        r"package/(pyodide\.(asm\.js|asm\.wasm|js|mjs)|python_stdlib\.zip|pyodide-lock\.json|package\.json)$"
    )
    info = {}
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            if member.isfile() and keep.match(member.name):
                data = tar.extractfile(member).read()
                if member.name.endswith("pyodide-lock.json"):
                    info = json.loads(data)["info"]
                    continue
                (target / Path(member.name).name).write_bytes(data)
    return info


def browser_wheels(venv_dir: Path, target: Path) -> None:
    """Pure-Python wheels for the browser's Python 3.13 (with their dependencies), minus ``DROP``."""
    python = venv_dir / "bin" / "python"
    cmd = [str(python), "-m", "pip", "download", "-q", "--only-binary=:all:", "--platform", "any"]
    cmd += ["--python-version", "3.13", "--implementation", "py", "--abi", "none", "-d", str(target)]
    _run(cmd + BROWSER_PACKAGES, "downloading the browser's wheels")
    for wheel in target.glob("*.whl"):
        if _normalize(wheel.name.split("-")[0]) in {_normalize(d) for d in DROP}:
            wheel.unlink()


def write_lock(pyodide_dir: Path, info: dict, project: str) -> None:
    """``pyodide-lock.json`` over exactly the wheels in ``pyodide_dir`` (plus an empty ``sqlite3`` stand-in)."""
    # sqlite3 is a compiled Pyodide package no index has; IPython then runs without history
    _write_wheel(pyodide_dir / "sqlite3-1.0.0-py3-none-any.whl", {}, "sqlite3", "1.0.0")
    packages = {}
    for wheel in sorted(pyodide_dir.glob("*.whl")):
        entry = _wheel_info(wheel)
        if entry["name"] == "sqlite3":
            entry["imports"] = []
        packages[entry["name"]] = entry
    for entry in packages.values():
        entry["depends"] = sorted({d for d in entry["depends"] if d in packages and d != entry["name"]})
    if project not in packages:
        raise RulekitError(f"the project wheel {project} is missing from the site")
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": packages}, indent=1))


def strip_cdn(site: Path) -> int:
    """Remove the template's render-blocking links to cdn.jsdelivr.net (the bundle carries the icon font)."""
    link = re.compile(r"\s*<link[^>]*https?://cdn\.jsdelivr\.net[^>]*>", re.IGNORECASE)
    removed = 0
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new, n = link.subn("", text)
        if n:
            page.write_text(new, encoding="utf-8")
            removed += n
    return removed


def publish(
    out: str | os.PathLike,
    notebooks: str | os.PathLike | None = None,
    cache: str | os.PathLike | None = None,
    force: bool = False,
    log=print,
) -> dict:
    """Build the static site into ``out``; returns what was built (notebooks, left out, size, files)."""
    from . import gallery
    from .dashboard import find_notebooks

    try:
        source = find_notebooks(notebooks)
    except FileNotFoundError as err:
        raise RulekitError(str(err)) from None
    out = Path(out).resolve()
    if out.exists() and any(out.iterdir()):
        if not force:
            raise RulekitError(f"{out} is not empty: pick an empty folder or add --force to replace it")
        shutil.rmtree(out)
    cache = Path(cache or os.environ.get("RULEKIT_CACHE") or Path.home() / ".cache" / "rulekit")
    cache.mkdir(parents=True, exist_ok=True)

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
        project = project_wheel(pyodide_dir)
        write_lock(pyodide_dir, info, "rulekit-games")
        settings = {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": ["rulekit-games"]},
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
        del project
    strip_cdn(out)
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
    files = [p for p in out.rglob("*") if p.is_file()]
    result = {
        "out": str(out),
        "notebooks": kept,
        "left_out": left_out,
        "files": len(files),
        "bytes": sum(p.stat().st_size for p in files),
    }
    log(
        f"static site in {out}: {len(kept)} notebooks, {result['files']} files, {result['bytes'] / 1e6:.1f} MB"
        + (f"; left out (need numpy/pandas/matplotlib): {', '.join(left_out)}" if left_out else "")
    )
    log(f"try it: python -m http.server -d {out} 8000  then open http://127.0.0.1:8000/")
    return result


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``rulekit publish``."""
    parser.add_argument("out", help="folder to write the site into (empty, or use --force)")
    parser.add_argument("--notebooks", default=None, help="publish this folder instead of the package's notebooks")
    parser.add_argument("--force", action="store_true", help="replace what OUT holds")
    parser.add_argument("--cache", default=None, help="where build tools and downloads are kept (~/.cache/rulekit)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    publish(args.out, args.notebooks, args.cache, args.force)
    return 0
