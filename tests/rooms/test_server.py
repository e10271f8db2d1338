"""The rooms over HTTP and websockets in a real ``rulekit dashboard`` (issue 26): the documented
interface, token checks, refusals, stale actions, caps, and a restart that loses nothing."""

from __future__ import annotations

import asyncio
import json
import signal
import urllib.error
import urllib.request

import pytest

pytest.importorskip("voila")
pytest.importorskip("segno")

from rulekit.engine import RulekitError  # noqa: E402
from rulekit.rooms import create_room  # noqa: E402
from rulekit.serve.dashboard import launch  # noqa: E402

from ..aio import run_async

ARGS = ["--bot-delay", "0", "--max-rooms", "6", "--max-room-pages", "5"]


def _start(db, extra=()):
    return launch(preheat=False, args=[*ARGS, "--rooms-db", str(db), *extra])


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("rooms") / "rooms.sqlite3"
    proc, url = _start(db)
    yield url, db
    proc.terminate()
    proc.wait(10)


def _get(url, lang="en"):
    req = urllib.request.Request(url, headers={"Accept-Language": lang})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def _post(url, body, content_type="application/json"):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": content_type})  # fmt: skip
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


async def _socket(url, path):
    from tornado.websocket import websocket_connect

    return await websocket_connect(url.replace("http://", "ws://") + path)


def test_post_rooms_answers_the_documented_shape(server):
    url, _ = server
    room = create_room("rune_stones", 3, bots={3: "greedy"}, server=url)
    assert set(room) >= {"code", "url", "join_url", "seats", "teacher_token", "teacher_url", "projector_url"}
    assert [s["seat"] for s in room["seats"]] == [1, 2, 3] and room["seats"][2]["kind"] == "greedy"
    assert len({s["token"] for s in room["seats"]}) == 3
    for path in (room["url"], room["seats"][0]["url"], room["teacher_url"], room["projector_url"], room["join_url"]):
        status, html = _get(url + path)
        assert status == 200 and "room.js" in html
        assert "http" not in html.replace("http://www.w3.org", "").replace(url, "")  # nothing from elsewhere
    status, html = _get(url + room["teacher_url"])
    assert "<svg" in html and room["code"] in html  # the QR code, inline
    assert 'href="/rooms"' in _get(url + "/")[1]  # the gallery leads to the rooms' overview
    with pytest.raises(RulekitError, match="2-4 players"):
        create_room("rune_stones", 7, server=url)
    with pytest.raises(RulekitError, match="unknown agent"):
        create_room("rune_stones", 2, bots={2: "wizard"}, server=url)


def test_tokens_open_only_their_own_seat(server):
    url, _ = server
    room = create_room("mines_of_zavandor", 2, server=url, watch=False)
    code, (s1, s2) = room["code"], room["seats"]
    assert _get(f"{url}/rooms/{code}/seats/1?token={s2['token']}")[0] == 403
    assert _get(f"{url}/rooms/{code}/seats/1?token=")[0] == 403
    assert _get(f"{url}/rooms/{code}/seats/9?token={s1['token']}")[0] == 404
    status, text = _get(f"{url}/rooms/{code}")
    assert status == 403 and "not allowed" in text
    assert "nicht erlaubt" in _get(f"{url}/rooms/{code}", lang="de")[1]
    assert _get(f"{url}/rooms/{code}/state")[0] == 403
    status, body = _get(f"{url}/rooms/{code}/state?token={s2['token']}")
    assert status == 200 and json.loads(body)["seat"] == 1
    assert _get(f"{url}/rooms/{code}/teacher?token={s1['token']}")[0] == 403
    assert _get(f"{url}/rooms/{code}/join?key=guess")[0] == 403
    assert _get(f"{url}/rooms/NOPE1")[0] == 404
    # a form post from another site (not JSON) is refused by the XSRF check
    assert _post(f"{url}/rooms/{code}/control", {"token": room["teacher_token"], "do": "start"}, "text/plain")[0] == 403
    status, answer = _post(f"{url}/rooms/{code}/control", {"token": s1["token"], "do": "start"})
    assert status == 403
    status, answer = _post(
        f"{url}/rooms/{code}/control", {"token": room["teacher_token"], "do": "watch", "allowed": True}
    )
    assert status == 200 and _get(f"{url}/rooms/{code}")[0] == 200
    status, answer = _post(f"{url}/rooms/{code}/join", {"key": room["join_url"].split("key=")[1], "seat": 2})
    assert status == 200 and answer["token"] == s2["token"]
    status, answer = _post(f"{url}/rooms/{code}/join", {"key": room["join_url"].split("key=")[1], "seat": 2})
    assert status == 409 and "taken" in answer or "Every seat" in answer


async def _until(page, pred):
    """The next message of ``page`` for which ``pred`` holds (others, such as "seat online" updates, pass)."""
    while True:
        text = await asyncio.wait_for(page.read_message(), 10)
        assert text is not None, "the socket closed"
        msg = json.loads(text)
        if pred(msg):
            return msg


def test_a_seat_acts_over_its_socket_and_stale_or_foreign_actions_are_refused(server):
    url, _ = server
    room = create_room("rune_stones", 2, server=url, start=True)
    code, seats = room["code"], room["seats"]
    refused = lambda m: m["type"] == "refused"  # noqa: E731

    async def play():
        pages = [await _socket(url, f"/rooms/{code}/socket?token={s['token']}&lang={lang}")
                 for s, lang in zip(seats, ("en", "de"), strict=True)]  # fmt: skip
        first = [await _until(p, lambda m: m["type"] == "state") for p in pages]
        mover = first[0]["to_move"]
        me, other = pages[mover], pages[1 - mover]
        msg = first[mover]
        assert msg["legal"] and first[1 - mover]["legal"] == []
        label, version = msg["legal"][0][0], msg["version"]
        await other.write_message(json.dumps({"type": "act", "label": label, "version": version}))
        answer = await _until(other, refused)
        assert answer["rule"] == "ROOM-turn"
        assert ("nicht dran" if mover == 0 else "not your turn") in answer["text"]  # seat 2 reads German
        await me.write_message(json.dumps({"type": "act", "label": label, "version": version}))
        after = await _until(me, lambda m: m["type"] == "state" and m["version"] != version)
        seen = await _until(other, lambda m: m["type"] == "state" and m["log"] != first[1 - mover]["log"])
        assert any(label.split()[0] in r["text"].lower() or r.get("seat") == mover for r in seen["log"])
        await me.write_message(json.dumps({"type": "act", "label": label, "version": version}))
        assert (await _until(me, refused))["rule"] in ("ROOM-stale", "ROOM-turn")  # never applied twice
        if after["to_move"] == mover:
            await me.write_message(json.dumps({"type": "act", "label": "fly 9", "version": after["version"]}))
            answer = await _until(me, refused)
            assert answer["rule"] not in ("ROOM-stale", "ROOM-turn") and answer["text"]  # the engine's reason
        for p in pages:
            p.close()
        state = json.loads(_get(f"{url}/rooms/{code}/state?token={seats[mover]['token']}")[1])
        assert state["version"] == after["version"]

    run_async(play())


def test_a_notebook_table_shares_its_game(server):
    from rulekit.widgets import Table

    url, _ = server
    table = Table("rune_stones", players=2, seed=9, seats=["human", "greedy"])
    card = table.share(server=url)
    code = card.room["code"]
    assert "<svg" in card.value and code in card.value and repr(card) == f"<RoomCard {code}>"
    listed = {r["code"]: r for r in json.loads(_get(f"{url}/rooms?format=json")[1])["rooms"]}
    assert [s["kind"] for s in listed[code]["seats"]] == ["human", "greedy"]
    with pytest.raises(RulekitError, match="no rulekit dashboard answers"):
        Table("rune_stones").share(server="127.0.0.1:9")


def test_caps_on_rooms_and_pages_say_so(server):
    url, _ = server
    room = create_room("spellbound", 1, server=url)

    async def crowd():
        pages = [await _socket(url, f"/rooms/{room['code']}/socket?token={room['teacher_token']}") for _ in range(5)]
        extra = await _socket(url, f"/rooms/{room['code']}/socket?token={room['teacher_token']}")
        refused = json.loads(await extra.read_message())
        assert refused["type"] == "refused" and "5 open pages" in refused["text"]
        for p in pages:
            p.close()

    run_async(crowd())
    made = len(json.loads(_get(f"{url}/rooms?format=json")[1])["rooms"])
    for _ in range(6 - made):
        create_room("spellbound", 1, server=url)
    with pytest.raises(RulekitError, match="already hosts 6 rooms"):
        create_room("spellbound", 1, server=url)


@pytest.mark.slow
def test_a_killed_server_resumes_every_room_at_the_same_step(tmp_path):
    db = tmp_path / "rooms.sqlite3"
    proc, url = _start(db)
    try:
        rooms = [create_room(g, 2, bots={2: "random"}, server=url, start=True, seed=4)
                 for g in ("rune_stones", "mines_of_zavandor", "vale_of_eternity")]  # fmt: skip

        async def play(room, n):
            page = await _socket(url, f"/rooms/{room['code']}/socket?token={room['seats'][0]['token']}")
            done = 0
            while done < n:
                msg = await _until(page, lambda m: m["type"] == "state")
                if msg["legal"]:
                    await page.write_message(json.dumps({"type": "act", "label": msg["legal"][0][0],
                                                         "version": msg["version"]}))  # fmt: skip
                    done += 1
            page.close()

        for room in rooms:
            run_async(play(room, 5))
        before = {
            r["code"]: json.loads(_get(f"{url}/rooms/{r['code']}/state?token={r['teacher_token']}")[1]) for r in rooms
        }
    finally:
        proc.send_signal(signal.SIGKILL)  # a crash, not a clean stop
        proc.wait(10)
    proc, url = _start(db)
    try:
        for room in rooms:
            after = json.loads(_get(f"{url}/rooms/{room['code']}/state?token={room['teacher_token']}")[1])
            old = before[room["code"]]
            assert (after["step"], after["version"], after["scene"]) == (old["step"], old["version"], old["scene"])
    finally:
        proc.terminate()
        proc.wait(10)
