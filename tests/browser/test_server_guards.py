"""A real dashboard server against the leaks of issue 24, item 4 (and item 8's loopback host).

Seen on main before: ``/voila/query/<kernel_id>`` opened without a token and
answered with the page's query string (``token=...``); the log kept URLs with
``?token=``; ``/voila/templates/lab/static/../../../etc/passwd`` gave a 500
with a traceback; ``--host 127.0.0.2`` refused its own address.
"""

from __future__ import annotations

import time
import uuid

import pytest
from tornado import httpclient, websocket

from rulekit.serve.dashboard import free_port, launch

from ..aio import run_async
from .test_serving import get, stop

pytestmark = pytest.mark.browser
TOKEN = "class-9c-secret"


async def _ws_status(url: str) -> int:
    try:
        conn = await websocket.websocket_connect(url, connect_timeout=30)
    except httpclient.HTTPClientError as err:
        return err.code
    conn.close()
    return 101


def test_query_socket_token_log_and_paths(tmp_path):
    log = tmp_path / "dashboard.log"
    proc, url = launch(log=log, args=["--token", TOKEN, "--max-kernels", "2"], timeout=180)
    try:
        kernel = str(uuid.uuid4())
        ws = url.replace("http", "ws") + f"/voila/query/{kernel}"
        assert run_async(_ws_status(ws)) in (302, 401, 403)  # no token: no request info (login or refusal)
        assert run_async(_ws_status(f"{ws}?token={TOKEN}")) == 101
        for path in ("lab/static/../../../etc/passwd", "lab/static/..%2f..%2f..%2fetc%2fpasswd", "x", "lab/nope"):
            status, body = get(f"{url}/voila/templates/{path}")
            assert status == 404 and "Traceback" not in body and "root:" not in body, path
        assert get(f"{url}/?token={TOKEN}")[0] == 200
    finally:
        stop(proc)
    text = log.read_text(errors="replace")
    # the one line the teacher needs (the address to give the class) holds it; no other line may
    assert [line for line in text.splitlines() if TOKEN in line and not line.startswith("open http")] == []
    assert "Traceback" not in text


def _ipv6() -> bool:
    import socket

    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.parametrize("host", ["127.0.0.2", "::1", "localhost"])
def test_every_loopback_address_answers_and_prints_a_url_that_works(tmp_path, host):
    """Issue 24, item 8: ``--host 127.0.0.2`` refused its own address (400) and printed an unreachable
    ``localhost`` URL. The URL the server prints must answer, whatever loopback address it listens on."""
    import re

    if host == "::1" and not _ipv6():
        pytest.skip("no IPv6 loopback on this machine")
    log = tmp_path / "dashboard.log"
    port = free_port("127.0.0.2" if host == "127.0.0.2" else "127.0.0.1")
    proc, _ = launch(port=port, log=log, preheat=False, args=["--host", host], timeout=180)
    try:
        printed = re.search(r"^open (http://\S+)", log.read_text(errors="replace"), re.M)
        assert printed, log.read_text(errors="replace")
        status, body = get(printed.group(1))
        assert status == 200 and "Traceback" not in body
    finally:
        stop(proc)
    if host != "localhost":
        bare = f"[{host}]" if ":" in host else host
        assert printed.group(1) == f"http://{bare}:{port}/"


def _cap_run(tmp_path):
    from .test_serving import children

    log = tmp_path / "dashboard.log"
    proc, url = launch(log=log, args=["--max-kernels", "2"], timeout=180)
    try:
        time.sleep(25)  # the pool fills as far as the cap lets it
        counts, statuses = [len(children(proc.pid))], []
        for name in ("spellbound.ipynb", "mines_of_zavandor.ipynb", "rune_stones.ipynb"):
            status, body = get(f"{url}/voila/render/{name}")
            statuses.append(status)
            assert status == 200 or (status == 503 and "--max-kernels" in body)
            counts.append(len(children(proc.pid)))
        return counts, statuses
    finally:
        stop(proc)


def test_preheated_kernels_count_against_the_cap(tmp_path):
    """Issue 24, item 5: a cap started more kernels with preheating (Voila queues one per notebook
    before the cap is in place). Now at most 2 run, and a visitor beyond the cap gets the clear page."""
    counts, _ = _cap_run(tmp_path)
    assert max(counts) <= 2


def test_preheated_kernels_yield_to_a_visitor(tmp_path):
    """Issue 24, item 5: the two slots were held by idle preheated kernels of notebooks nobody opened,
    so the first visitors were turned away (503). Now an idle preheated kernel makes room for each,
    and the third visitor, with both slots taken by pages, gets the clear "server is full" page."""
    counts, statuses = _cap_run(tmp_path)
    assert statuses == [200, 200, 503]
    assert max(counts) <= 2
