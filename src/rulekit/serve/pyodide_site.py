"""The parts of the static site that come from the package indexes, and how they are put together.

The build tools (Voici on JupyterLite with the Pyodide kernel) in a venv of
their own, the Pyodide runtime from npm, pure-Python wheels for the
browser's Python 3.13, a wheel of this rulekit, and a ``pyodide-lock.json``
of our own over exactly these (RECIPES.md, "Static site"). What makes the
first visit fast lives here too: the wheels the kernel needs are loaded at
once while Pyodide starts (``PRELOAD``), jedi is left out (``STAND_INS``),
packages' test suites stay out (``without_tests``) and what a visit imports
comes compiled (``compile_bytecode``). Voici's output is trimmed in
``voici_output``; ``rulekit.serve.publish`` drives the build.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
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

__all__ = [
    "PINS",
    "PYODIDE",
    "PRELOAD",
    "browser_wheels",
    "build_venv",
    "compile_bytecode",
    "kernel_wheels",
    "project_wheel",
    "trim_babel",
    "without_tests",
    "pyodide_runtime",
    "write_lock",
]

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
    "micropip",
]
#: rulekit's core dependencies (pyproject.toml), what the browser loads with it
CORE = ["networkx", "ipywidgets", "anywidget", "traitlets", "babel"]
#: dropped from the downloads: the Pyodide kernel ships shims for them (or they cannot run there);
#: jedi (4.7 MB, thousands of files to unpack at every cold start) only completes code, which a dashboard never does
DROP = {"widgetsnbextension", "pexpect", "ptyprocess", "jedi", "parso"}
#: empty stand-in wheels: the kernel installs these by name, IPython runs without them (no history, no jedi completion)
STAND_INS = ("sqlite3", "jedi")
#: the kernel's own wheels (shipped inside jupyterlite-pyodide-kernel), put in the lock so they load at once
KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide_kernel")
#: loaded while Pyodide starts, all at once, instead of one ``piplite.install`` after another during
#: the kernel's start (names as the kernel checks them; see initPackageManager/initKernel of the kernel)
PRELOAD = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"]
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


#: the languages rulekit speaks: Babel's locale data for others stays out of the browser (its wheel is
#: about 10 MB, nearly all of it one file per locale)
LOCALES = ("root", "en", "de")


def _rewrite_wheel(wheel: Path, dropped) -> int:
    """Rewrite ``wheel`` without the entries for which ``dropped(name)`` is true (and their RECORD rows)."""
    with zipfile.ZipFile(wheel) as whl:
        entries = {n: whl.read(n) for n in whl.namelist()}
    gone = {n for n in entries if dropped(n)}
    if not gone:
        return 0
    record = next((n for n in entries if n.endswith(".dist-info/RECORD")), None)
    if record:
        lines = [ln for ln in entries[record].decode().splitlines() if ln.split(",")[0] not in gone]
        entries[record] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as whl:
        for name, data in entries.items():
            if name not in gone:
                whl.writestr(name, data)
    return len(gone)


def trim_babel(target: Path) -> None:
    """Rewrite Babel's wheel in ``target`` with only the ``LOCALES`` of its locale data."""
    keep = re.compile(r"babel/locale-data/(" + "|".join(LOCALES) + r")(_[A-Za-z0-9_]+)?\.dat$")
    for wheel in target.glob("babel-*.whl"):
        _rewrite_wheel(wheel, lambda n: n.startswith("babel/locale-data/") and n.endswith(".dat") and not keep.match(n))


def without_tests(target: Path) -> int:
    """Drop the test suites that packages ship inside their wheels (networkx: about 0.9 MB); returns the files dropped.

    Nothing imports them at run time; in the browser they only cost download and unpacking.
    """
    tests = re.compile(r"^[^/]+/(?:[^/]+/)*tests/")
    return sum(_rewrite_wheel(wheel, tests.match) for wheel in sorted(target.glob("*.whl")))


#: runs the site's own Pyodide under Node at build time (argv: runtime folder, packages as JSON, script):
#: the folder is mounted at ``/rk-site`` and the script's ``main`` compiles what a visit imports
NODE_COMPILER = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, packages, script] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir + "/", packages: JSON.parse(packages), stdout: () => {} });
pyodide.FS.mkdir("/rk-site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, "/rk-site");
pyodide.runPython(readFileSync(script, "utf8"));
const done = pyodide.runPython(
  "import json, site, sys; json.dumps(main('/rk-site', site.getsitepackages()[0], next(p for p in sys.path if p.endswith('.zip'))))"
);
console.log(done);
"""


def compile_bytecode(pyodide_dir: Path, packages: list[str]) -> dict[str, int]:
    """Put compiled bytecode of what a visit imports into the wheels and the standard library (``bytecode``).

    Runs the site's own Pyodide under Node with ``packages`` loaded (as a
    visit does) and returns how many modules each file got compiled. The
    lock's hashes are stale afterwards: write it again.
    """
    from . import bytecode

    node = shutil.which("node")
    if node is None:
        raise RulekitError(
            "the static site needs Node.js to compile its Python for the browser (apt-get install nodejs)"
        )
    with tempfile.TemporaryDirectory(prefix="rulekit-bytecode-") as tmp:
        driver = Path(tmp) / "compile.mjs"
        driver.write_text(NODE_COMPILER, encoding="utf-8")
        proc = subprocess.run(
            [node, str(driver), str(pyodide_dir.resolve()), json.dumps(packages), bytecode.__file__],
            capture_output=True,
            text=True,
        )
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-8:])
        raise RulekitError(f"compiling the site's Python in Pyodide failed:\n{tail}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def kernel_wheels(venv_dir: Path, target: Path) -> None:
    """Copy the Pyodide kernel's own wheels (``KERNEL_WHEELS``) from the build tools into ``target``."""
    found = {}
    for wheel in venv_dir.glob("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi/*.whl"):
        found[_normalize(wheel.name.split("-")[0])] = wheel
    for name in KERNEL_WHEELS:
        if _normalize(name) not in found:
            raise RulekitError(f"the kernel's wheel {name} is missing from jupyterlite-pyodide-kernel in {venv_dir}")
        shutil.copy(found[_normalize(name)], target / found[_normalize(name)].name)


def write_lock(pyodide_dir: Path, info: dict, project: str) -> None:
    """``pyodide-lock.json`` over exactly the wheels in ``pyodide_dir`` (plus the empty ``STAND_INS``)."""
    # sqlite3 is a compiled Pyodide package no index has; IPython then runs without history
    for name in STAND_INS:
        _write_wheel(pyodide_dir / f"{name}-1.0.0-py3-none-any.whl", {}, name, "1.0.0")
    packages = {}
    for wheel in sorted(pyodide_dir.glob("*.whl")):
        entry = _wheel_info(wheel)
        if entry["name"] in STAND_INS:
            entry["imports"] = []
        packages[entry["name"]] = entry
    for entry in packages.values():
        entry["depends"] = sorted({d for d in entry["depends"] if d in packages and d != entry["name"]})
    if project not in packages:
        raise RulekitError(f"the project wheel {project} is missing from the site")
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": packages}, indent=1))
