"""``rulekit dashboard``: the notebooks as a Voila gallery a teacher can publish.

By default it serves the notebooks shipped inside the package (never the
current directory's) on loopback. What a classroom needs comes from
``rulekit.serve``: a gallery at ``/``; a preheated kernel per notebook
that is never culled in the pool or handed out dead; idle kernels of
closed pages culled (and shut at once when a tab closes); kernel websocket
frames sent without Nagle's delay; pages that fetch nothing from outside
the server; a cap on live kernels and on Explorer jobs; a token and a Host
check when serving a network; one port (a busy one is an error); a log
with only what a teacher needs. Run ``rulekit dashboard --help``.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import ipaddress
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from ..engine import RulekitError

__all__ = [
    "serve",
    "launch",
    "free_port",
    "find_notebooks",
    "voila_argv",
    "patch_nodelay",
    "pooled_kernels",
    "check_port",
    "allowed_hosts",
    "is_loopback",
    "PACKAGE_NOTEBOOKS",
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
#: most kernels alive at once, the preheated pool included (each costs 70-200 MB)
MAX_KERNELS = 40
#: largest Explorer job on a dashboard: games times the bots' cost per game (see rulekit.widgets.explorer)
MAX_JOB = 200_000


#: the notebooks shipped inside the package: what ``rulekit dashboard`` serves unless told otherwise
PACKAGE_NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


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


def voila_argv(
    root: Path,
    port: int,
    host: str,
    open_browser: bool,
    preheat: bool = True,
    cull_idle: int = CULL_IDLE,
    cull_interval: int = CULL_INTERVAL,
) -> list[str]:
    """Voila's command-line arguments for the gallery (see the module docstring)."""
    argv = [
        str(root),
        f"--port={port}",
        f"--Voila.ip={host}",
        f"--Voila.open_browser={open_browser}",
        "--template=rulekit",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        # kernels talk over local sockets: nothing on TCP (and no "TCP without encryption" warning)
        "--KernelManager.transport=ipc",
        "--VoilaConfiguration.show_tracebacks=False",
        # a busy machine may deliver a cell's widget output late: wait for it instead of dropping it
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
    ]
    if preheat:
        argv += ["--preheat_kernel=True", "--pool_size=1"]
    return argv


def patch_nodelay() -> None:
    """Send kernel websocket frames at once (TCP_NODELAY) on every Jupyter path (see ``rulekit.serve.nodelay``)."""
    from .nodelay import patch

    patch()


def pooled_kernels(manager) -> set[str]:
    """Ids of the preheated kernels waiting in Voila's pools (not yet given to a page)."""
    from .kernels import pooled_kernels as pooled

    return pooled(manager)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is only reachable from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str, extra: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The Host header names the server answers to: loopback names, plus this machine's names for a network."""
    names = ["localhost", "127.0.0.1", "::1", *extra]
    if is_loopback(host) and host != "localhost":  # 127.0.0.2 answers to its own address too
        names.append(host.strip("[]"))
    if not is_loopback(host):
        wildcard = host in ("0.0.0.0", "::", "")
        if not wildcard:
            names.append(host)
        hostname = socket.gethostname()
        names += [hostname, socket.getfqdn()]
        with contextlib.suppress(OSError):
            names += [info[4][0] for info in socket.getaddrinfo(hostname, None)]
        if wildcard:
            try:  # the address a LAN sees: the one the default route leaves from (no packet is sent)
                with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                    probe.connect(("192.0.2.1", 9))
                    names.append(probe.getsockname()[0])
            except OSError:
                pass
    return list(dict.fromkeys(n.lower() for n in names if n))


def shown_host(host: str, hosts: list[str]) -> str:
    """The host part of the URL to print: one that reaches the server from a browser on this machine
    (``localhost`` means 127.0.0.1, so another loopback address is shown as it is)."""
    if host in ("127.0.0.1", "localhost"):
        return "localhost"
    if is_loopback(host):
        bare = host.strip("[]")
        return f"[{bare}]" if ":" in bare else bare
    return next((h for h in hosts[3:] if "." in h and h[0].isdigit()), host)


def check_port(port: object, host: str = "127.0.0.1") -> int:
    """``port`` as an int if it is a free TCP port on ``host``; else a one-line ``RulekitError``."""
    if isinstance(port, bool) or not isinstance(port, int) or not 0 < port < 65536:
        raise RulekitError(f"--port must be a whole number from 1 to 65535, got {port!r}")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise RulekitError(
                    f"port {port} on {host} is already in use (another dashboard?): stop it or pick another with --port"
                ) from None
            if err.errno == errno.EACCES:
                raise RulekitError(f"no permission to listen on port {port}: pick one above 1023 with --port") from None
            raise RulekitError(f"cannot listen on {host}:{port}: {err.strerror}") from None
    return port


def serve(
    port: int = 8866,
    host: str = "127.0.0.1",
    open_browser: bool = False,
    notebooks: str | os.PathLike | None = None,
    preheat: bool = True,
    token: str | None = None,
    max_kernels: int = MAX_KERNELS,
    max_job: int = MAX_JOB,
    allow_hosts: list[str] | tuple[str, ...] = (),
    cull_idle: int = CULL_IDLE,
    cull_interval: int = CULL_INTERVAL,
    base_url: str = "/",
    rooms_db: str | None = None,
    max_rooms: int = 50,
    max_room_pages: int = 40,
    bot_delay: float = 0.6,
) -> None:
    """Serve the notebooks as Voila dashboards until interrupted (blocks).

    Parameters
    ----------
    port, host : where to listen; loopback by default (nothing is exposed).
    open_browser : open the gallery in the default browser.
    notebooks : a folder to serve instead of the package's notebooks.
    preheat : keep one kernel per notebook started and run ahead.
    token : the secret visitors need (``?token=...``); required when ``host`` is not loopback.
    max_kernels : most kernels alive at once, the pool included (0: no limit).
    max_job : largest Explorer job (games times the bots' cost per game; 0: no limit).
    allow_hosts : more Host header names to answer to (e.g. a DNS name of this machine).
    cull_idle, cull_interval : seconds before an idle page's kernel is shut down, and between checks.
    base_url : the path prefix when a proxy serves the gallery (Binder: ``/user/.../rulekit/``).
    rooms_db : the shared tables' SQLite file (None: ``rooms.sqlite3`` in the user's data folder).
    max_rooms, max_room_pages : most rooms, and most open pages per room (0: no limit).
    bot_delay : seconds between two bot decisions in a room.

    Raises ``RulekitError`` (one line, for the command) for a bad port, a busy
    port, a missing folder or a network host without a token.
    """
    check_port(port, host)
    try:
        root = find_notebooks(notebooks)
    except FileNotFoundError as err:
        raise RulekitError(str(err)) from None
    token = token if token is not None else os.environ.get("RULEKIT_TOKEN") or None
    if not is_loopback(host) and not token:
        raise RulekitError(
            f"serving on {host} reaches other machines: it needs a token. Add --token {secrets.token_urlsafe(12)} "
            "(any secret; or set RULEKIT_TOKEN) and give the class the address with ?token=... at the end"
        )
    for name, value in (("--max-kernels", max_kernels), ("--max-job", max_job), ("--max-rooms", max_rooms),
                        ("--max-room-pages", max_room_pages), ("--bot-delay", bot_delay)):  # fmt: skip
        if value < 0:
            raise RulekitError(f"{name} must be 0 (no limit) or more, got {value}")
    patch_nodelay()
    from .app import TEMPLATES, RulekitVoila

    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), os.environ.get("JUPYTER_PATH")) if p)
    os.environ.setdefault("RULEKIT_DASHBOARD", "1")
    os.environ["RULEKIT_MAX_JOB"] = str(max_job)
    argv = voila_argv(root, port, host, open_browser, preheat, cull_idle, cull_interval)
    argv += [f"--RulekitVoila.max_kernels={max_kernels}", "--Voila.port_retries=0"]
    from ..rooms import Store

    rooms_path = rooms_db or os.environ.get("RULEKIT_ROOMS_DB") or None
    Store(rooms_path).close()  # a bad rooms file is a one-line error now, not a traceback later
    argv += [f"--RulekitVoila.rooms_db={rooms_path or ''}", f"--RulekitVoila.max_rooms={max_rooms}"]
    argv += [f"--RulekitVoila.max_room_pages={max_room_pages}", f"--RulekitVoila.bot_delay={bot_delay}"]
    argv.append(f"--Voila.token={token or ''}")
    if base_url != "/":
        argv.append(f"--Voila.base_url={base_url.rstrip('/') + '/'}")
    hosts = allowed_hosts(host, list(allow_hosts))
    RulekitVoila.allowed_hosts = hosts
    shown = shown_host(host, hosts)
    print(f"rulekit dashboard: {len(list(root.glob('*.ipynb')))} notebooks from {root}", flush=True)
    print(
        f"open http://{shown}:{port}{base_url.rstrip('/')}/"
        + (f"?token={token}" if token else "")
        + "   (Ctrl+C stops)",
        flush=True,
    )
    if not is_loopback(host):
        print(f"answers to the host names: {', '.join(hosts)} (add more with --allow-host)", flush=True)
    RulekitVoila.launch_instance(argv=argv)


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
    args: list[str] | tuple[str, ...] = (),
    command: list[str] | None = None,
) -> tuple[subprocess.Popen, str]:
    """Start the gallery in a child process and wait until it answers.

    Returns the process (stop it with ``terminate()``) and the base URL. Used
    by the browser tests and the latency benchmark; ``args`` are more
    ``rulekit dashboard`` options, ``command`` replaces ``python -m
    rulekit.serve.dashboard`` (e.g. an installed ``rulekit dashboard``).
    """
    port = port or free_port()  # a port taken on 127.0.0.1 is found busy on the server's own address
    cmd = [*(command or [sys.executable, "-m", "rulekit.serve.dashboard"]), "--port", str(port)]
    if notebooks is not None:
        cmd += ["--notebooks", str(find_notebooks(notebooks))]
    if not preheat:
        cmd.append("--no-preheat")
    cmd += list(args)
    out = open(log, "wb") if log else subprocess.DEVNULL  # noqa: SIM115 - the child owns it
    env = dict(os.environ)
    if command is None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    listed = list(args)
    host = listed[listed.index("--host") + 1] if "--host" in listed[:-1] else "127.0.0.1"
    url = f"http://{f'[{host}]' if ':' in host else host}:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the dashboard exited with code {proc.returncode} (log: {log})")
        try:
            with urllib.request.urlopen(url + "/voila/tree", timeout=2) as resp:
                if resp.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.25)
    proc.terminate()
    raise TimeoutError(f"the dashboard did not answer on {url} within {timeout} s (log: {log})")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``rulekit dashboard`` (shared with ``python -m rulekit.serve.dashboard``)."""
    parser.add_argument("--port", type=int, default=8866, help="TCP port (default 8866); a busy port is an error")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on; not loopback needs --token")
    parser.add_argument("--token", default=None, help="secret visitors need (?token=...); or set RULEKIT_TOKEN")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME", help="another Host name to accept")
    parser.add_argument("--base-url", default="/", help=argparse.SUPPRESS)  # behind a proxy (Binder)
    parser.add_argument("--open", action="store_true", help="open a browser")
    parser.add_argument("--notebooks", default=None, help="serve this folder instead of the package's notebooks")
    parser.add_argument("--no-preheat", action="store_true", help="start kernels only when a page opens")
    parser.add_argument(
        "--max-kernels", type=int, default=MAX_KERNELS, help=f"most live kernels (default {MAX_KERNELS})"
    )
    parser.add_argument("--max-job", type=int, default=MAX_JOB, help=f"largest Explorer job (default {MAX_JOB:,})")
    parser.add_argument(
        "--rooms-db", default=None, metavar="FILE",
        help="the shared tables' SQLite file (default: rooms.sqlite3 in your data folder; or RULEKIT_ROOMS_DB)",
    )  # fmt: skip
    parser.add_argument("--max-rooms", type=int, default=50, help="most rooms at once (default 50)")
    parser.add_argument("--max-room-pages", type=int, default=40, help="most open pages per room (default 40)")
    parser.add_argument("--bot-delay", type=float, default=0.6, help=argparse.SUPPRESS)
    parser.add_argument("--cull-idle", type=int, default=CULL_IDLE, help=argparse.SUPPRESS)
    parser.add_argument("--cull-interval", type=int, default=CULL_INTERVAL, help=argparse.SUPPRESS)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve with parsed ``add_arguments`` options; bad options raise a one-line ``RulekitError``."""
    try:
        import voila  # noqa: F401
    except ImportError:
        raise RulekitError(
            "the dashboard needs Voila: pip install 'rulekit-games[dashboard]' (make dashboard does it)"
        ) from None
    serve(
        port=args.port,
        host=args.host,
        open_browser=args.open,
        notebooks=args.notebooks,
        preheat=not args.no_preheat,
        token=args.token,
        max_kernels=args.max_kernels,
        max_job=args.max_job,
        allow_hosts=args.allow_host,
        cull_idle=args.cull_idle,
        cull_interval=args.cull_interval,
        base_url=args.base_url,
        rooms_db=args.rooms_db,
        max_rooms=args.max_rooms,
        max_room_pages=args.max_room_pages,
        bot_delay=args.bot_delay,
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulekit.serve.dashboard", description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run(args)
    except RulekitError as err:
        print(f"rulekit: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
