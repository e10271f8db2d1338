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


def test_a_second_loopback_address_answers_and_prints_its_own_url(tmp_path):
    log = tmp_path / "dashboard.log"
    port = free_port("127.0.0.2")
    proc, _ = launch(port=port, log=log, preheat=False, args=["--host", "127.0.0.2"], timeout=180)
    try:
        status, _ = get(f"http://127.0.0.2:{port}/")
        assert status == 200
    finally:
        stop(proc)
    assert f"open http://127.0.0.2:{port}/" in log.read_text(errors="replace")


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
