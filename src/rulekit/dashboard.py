"""``rulekit dashboard``: the notebooks as a Voila gallery on this machine.

Voila serves ``notebooks/`` on loopback with what a classroom needs:
a preheated kernel per notebook (the first click is fast), idle kernels
of closed pages culled (Voila cannot shut a kernel when a tab closes; the
preheated pool is spared), and websocket
frames sent without Nagle's delay (a click updates in a few milliseconds
instead of ~45 ms). Run ``python -m rulekit.dashboard --port 8866``.
"""

from __future__ import annotations

import argparse
import inspect
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

__all__ = [
    "serve",
    "launch",
    "free_port",
    "find_notebooks",
    "voila_argv",
    "patch_nodelay",
    "patch_culling",
    "pooled_kernels",
    "CHROMIUM",
    "CHROMIUM_ARGS",
]

#: the headless Chromium that the browser tests and benchmarks open dashboards in
#: (Debian's package; never a downloaded browser, see RECIPES.md)
CHROMIUM = os.environ.get("RULEKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: its flags: headless, offline, no first-run or background traffic
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: seconds a kernel may stay idle before it is shut down, and how often to check
CULL_IDLE, CULL_INTERVAL = 120, 30
#: seconds Voila waits for late output of a cell (the default of 4 s drops widgets on a busy machine)
IOPUB_TIMEOUT = 30


#: the notebooks shipped inside the package: what ``rulekit dashboard`` serves unless told otherwise
PACKAGE_NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"


def find_notebooks(path: str | os.PathLike | None = None) -> Path:
    """The folder to serve: ``path`` when named, else the notebooks shipped in the package.

    Never the current directory's ``notebooks/``: a stray private notebook
    there must not be executed and published by accident.
    """
    if path is None:
        return PACKAGE_NOTEBOOKS
    if not Path(path).is_dir():
        raise FileNotFoundError(f"notebooks folder {path} does not exist")
    return Path(path).resolve()


def voila_argv(root: Path, port: int, host: str, open_browser: bool, preheat: bool = True) -> list[str]:
    """Voila's command-line arguments for the gallery (see the module docstring)."""
    argv = [
        str(root),
        f"--port={port}",
        f"--Voila.ip={host}",
        f"--Voila.open_browser={open_browser}",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--MappingKernelManager.cull_connected=False",
        "--VoilaConfiguration.show_tracebacks=False",
        # a busy machine may deliver a cell's widget output late: wait for it instead of dropping it
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
    ]
    if preheat:
        argv += ["--preheat_kernel=True", "--pool_size=1"]
    return argv


def patch_nodelay() -> None:
    """Send kernel websocket frames at once (TCP_NODELAY) instead of waiting for Nagle."""
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler as Handler

    if getattr(Handler, "_rulekit_nodelay", False):
        return
    original = Handler.open

    async def open(self, *args, **kwargs):
        self.set_nodelay(True)
        result = original(self, *args, **kwargs)
        if inspect.isawaitable(result):
            result = await result
        return result

    Handler.open = open
    Handler._rulekit_nodelay = True


def pooled_kernels(manager) -> set[str]:
    """Ids of the preheated kernels waiting in Voila's pools (not yet given to a page)."""
    ids = set()
    for pool in getattr(manager, "_pools", {}).values():
        for item in pool:
            if item.done() and not item.cancelled() and item.exception() is None:
                ids.add(item.result()["kernel_id"])
    return ids


def patch_culling() -> None:
    """Cull idle kernels of closed pages, never the preheated ones in the pool.

    The pool's kernels are idle by design; culled, the next visitor of that
    notebook would get "Kernel does not exist" (Voila does not refill the pool).
    """
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    if getattr(MappingKernelManager, "_rulekit_pool_safe", False):
        return
    original = MappingKernelManager.cull_kernel_if_idle

    async def cull_kernel_if_idle(self, kernel_id):
        if kernel_id in pooled_kernels(self):
            return None
        return await original(self, kernel_id)

    MappingKernelManager.cull_kernel_if_idle = cull_kernel_if_idle
    MappingKernelManager._rulekit_pool_safe = True


def serve(
    port: int = 8866,
    host: str = "127.0.0.1",
    open_browser: bool = False,
    notebooks: str | os.PathLike | None = None,
    preheat: bool = True,
) -> None:
    """Serve the notebooks as Voila dashboards until interrupted (blocks).

    Parameters
    ----------
    port, host : where to listen; loopback by default (nothing is exposed).
    open_browser : open the gallery in the default browser.
    notebooks : the folder to serve (see ``find_notebooks``).
    preheat : keep one kernel per notebook started and run ahead.
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 0 < port < 65536:
        raise ValueError(f"port must be an integer in 1..65535, got {port!r}")
    root = find_notebooks(notebooks)
    patch_nodelay()
    patch_culling()
    from voila.app import Voila

    os.environ.setdefault("RULEKIT_DASHBOARD", "1")
    Voila.launch_instance(argv=voila_argv(root, port, host, open_browser, preheat))


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def launch(
    port: int | None = None,
    notebooks: str | os.PathLike | None = None,
    preheat: bool = True,
    timeout: float = 90.0,
    log: str | os.PathLike | None = None,
) -> tuple[subprocess.Popen, str]:
    """Start the gallery in a child process and wait until it answers.

    Returns the process (stop it with ``terminate()``) and the base URL. Used
    by the browser tests and the latency benchmark.
    """
    port = port or free_port()
    cmd = [
        sys.executable,
        "-m",
        "rulekit.dashboard",
        "--port",
        str(port),
        "--notebooks",
        str(find_notebooks(notebooks)),
    ]
    if not preheat:
        cmd.append("--no-preheat")
    out = open(log, "wb") if log else subprocess.DEVNULL  # noqa: SIM115 - the child owns it
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited with code {proc.returncode} (log: {log})")
        try:
            with urllib.request.urlopen(url + "/voila/tree", timeout=2) as resp:
                if resp.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.25)
    proc.terminate()
    raise TimeoutError(f"Voila did not answer on {url} within {timeout} s (log: {log})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rulekit.dashboard", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--open", action="store_true", help="open a browser")
    parser.add_argument("--notebooks", default=None, help="folder of notebooks to serve")
    parser.add_argument("--no-preheat", action="store_true", help="start kernels only when a page opens")
    args = parser.parse_args(argv)
    serve(args.port, args.host, args.open, args.notebooks, not args.no_preheat)


if __name__ == "__main__":
    main()
