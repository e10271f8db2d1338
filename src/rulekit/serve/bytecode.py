"""Compiled bytecode in the static site's wheels and standard library, so the browser's Python skips compiling.

The Pyodide runtime ships its standard library and our pure-Python wheels
as source only: every import in the browser compiles its module first, and
in WebAssembly that is most of an import's time (starting the kernel
imports about 700 modules, a game's board about 450 more). ``rulekit
publish`` therefore runs the site's own Pyodide once at build time (under
Node, ``pyodide_site.compile_bytecode``), imports what a visit imports
(``ROOTS`` and the browser's parts of rulekit), and rewrites the wheels and
``python_stdlib.zip`` with those modules compiled by that very interpreter
(the bytecode format changes with each Python version, so the build's own
Python cannot make it).

The files are unchecked hash-based ``.pyc`` (PEP 552): Python loads them
without comparing timestamps, which unpacking a wheel would not keep.
rulekit's modules keep their source beside the bytecode (``__pycache__``)
so tracebacks and ``inspect`` still show it; other packages and the
standard library get the bytecode in place of the source, as Pyodide's own
packages do, which keeps the site small. Modules no visit imports stay
source and are compiled on the rare import, as before.

This module runs inside Pyodide (``main``) and, in the tests, in CPython:
it uses the standard library only.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import os
import sys
import warnings
import zipfile

__all__ = ["ROOTS", "SERVER_ONLY", "STDLIB", "pyc", "compile_zip", "imported_files", "main"]

#: what a visit imports besides rulekit: the kernel (IPython, ipykernel's shim, comm) and its installer
ROOTS = ("piplite.piplite", "pyodide_kernel", "IPython.display", "ipywidgets", "anywidget")
#: rulekit's parts that never run in the browser (servers, adapters to native libraries, the CLI)
SERVER_ONLY = ("rulekit.serve", "rulekit.rooms", "rulekit.adapters", "rulekit.cli", "rulekit.__main__")
#: the standard library's zip in the Pyodide runtime's folder
STDLIB = "python_stdlib.zip"
#: a fixed date for the entries written, so two builds of the same inputs give the same files
_DATE = (1980, 1, 1, 0, 0, 0)


def pyc(source: bytes, filename: str) -> bytes:
    """The running interpreter's unchecked hash-based bytecode of ``source`` (``filename`` for tracebacks)."""
    from importlib._bootstrap_external import _code_to_hash_pyc

    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _cached(arcname: str) -> str:
    """Where ``arcname``'s bytecode goes beside its source (``pkg/__pycache__/mod.cpython-313.pyc``)."""
    folder, _, name = arcname.rpartition("/")
    cached = f"__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
    return f"{folder}/{cached}" if folder else cached


def _record(entries: dict[str, bytes], record: str) -> bytes:
    """A wheel's RECORD over ``entries`` (itself listed without a hash)."""
    rows = []
    for name, data in entries.items():
        if name != record:
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append(f"{name},sha256={digest},{len(data)}")
    rows.append(f"{record},,")
    return ("\n".join(rows) + "\n").encode()


def compile_zip(path: str, prefix: str, wanted: set[str], keep_source: bool = False) -> int:
    """Rewrite the wheel or zip at ``path`` with bytecode for the modules in ``wanted``; returns how many.

    ``wanted`` holds file names as the interpreter sees them (``prefix`` + the
    name inside the zip, ``prefix`` being where the zip is unpacked or mounted).
    A module that does not compile (Python 2 leftovers in some packages) stays source.
    """
    with zipfile.ZipFile(path) as archive:
        entries = {info.filename: archive.read(info) for info in archive.infolist() if not info.is_dir()}
    out: dict[str, bytes] = {}
    compiled = 0
    for name, data in entries.items():
        if not (name.endswith(".py") and prefix + name in wanted):
            out[name] = data
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # invalid escapes in old packages: not ours to report
                code = pyc(data, prefix + name)
        except SyntaxError:
            out[name] = data
            continue
        compiled += 1
        if keep_source:
            out[name] = data
            out[_cached(name)] = code
        else:
            out[name[:-3] + ".pyc"] = code
    if not compiled:
        return 0
    record = next((n for n in out if n.endswith(".dist-info/RECORD")), None)
    if record:
        out[record] = _record(out, record)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in out.items():
            archive.writestr(zipfile.ZipInfo(name, _DATE), data, zipfile.ZIP_DEFLATED)
    return compiled


def imported_files(roots: tuple[str, ...] = ROOTS, package: str = "rulekit") -> set[str]:
    """The source files of every module loaded after importing ``roots`` and ``package``'s browser parts."""
    import pkgutil

    for name in roots:
        __import__(name)
    top = __import__(package)
    for info in pkgutil.walk_packages(top.__path__, f"{package}."):
        if info.name.startswith(SERVER_ONLY):
            continue
        try:
            __import__(info.name)
        except ImportError:  # a part that needs a package the browser lacks: it is not imported there either
            continue
    files = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.endswith(".py"):
            files.add(origin)
    return files


def main(folder: str, site_packages: str, stdlib_zip: str, project: str = "rulekit") -> dict[str, int]:
    """Compile what a visit imports, in every wheel and the standard library zip in ``folder`` (run in Pyodide).

    ``site_packages`` is where the wheels are unpacked and ``stdlib_zip`` where
    the standard library's zip is mounted, as the interpreter sees them; the
    zip's file in ``folder`` is ``STDLIB``.
    """
    wanted = imported_files(package=project)
    done = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.endswith(".whl"):
            keep = name.split("-")[0].startswith(project)  # the project's own wheel keeps its source
            done[name] = compile_zip(path, site_packages.rstrip("/") + "/", wanted, keep_source=keep)
        elif name == STDLIB:
            done[name] = compile_zip(path, stdlib_zip.rstrip("/") + "/", wanted)
    return done
