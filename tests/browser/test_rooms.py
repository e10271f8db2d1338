"""Shared tables in Chromium (issue 26): two students in separate browser contexts plus a bot
play a whole game of Rune Stones and of Mines through the pages' clickable items.

Checked on the way: each decision shows up on the other seat's page and the projector (a
private decision, a card added to a sealed bid, on none of them); a seat's page never shows
another seat's hand or sealed bid; a student who closes the tab and opens the join link again
is back at the seat within 2 s; no page fetches anything from outside the server.
"""

from __future__ import annotations

import random
import re
import time

import pytest

pytest.importorskip("voila")
pytest.importorskip("segno")

import rulekit  # noqa: E402
from rulekit.engine import Action  # noqa: E402
from rulekit.rooms import create_room  # noqa: E402
from rulekit.rooms.texts import t  # noqa: E402
from rulekit.serve.dashboard import launch  # noqa: E402

from .conftest import PageErrors  # noqa: E402

pytestmark = pytest.mark.slow
LANGS = ("en", "de")  # seat 1 reads English, seat 2 German
#: game, options that keep a whole game short (a lower end threshold is still a whole game by the rules)
GAMES = [("rune_stones", {"end_threshold": 12}, 2), ("mines_of_zavandor", {}, 1)]


@pytest.fixture(scope="module")
def rooms_url(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rooms")
    proc, url = launch(preheat=False, log=folder / "server.log",
                       args=["--rooms-db", str(folder / "rooms.sqlite3"), "--bot-delay", "0"])  # fmt: skip
    yield url
    proc.terminate()
    proc.wait(15)


def _hidden_leaks(page, game: str, seat: int, players: int) -> list[str]:
    """What of another seat's hand or sealed bid the page shows (empty: nothing)."""
    leaks = []
    for other in range(players):
        if other == seat:
            continue
        if game == "rune_stones":
            n = page.locator(f'.rk-room-board [data-id^="p{other + 1}-card-"]').count()
            leaks += [f"{n} hand cards of seat {other + 1}"] if n else []
        else:
            n = page.locator(f'.rk-room-board [data-id^="hand-{other}-"]').count()
            leaks += [f"{n} hand cards of seat {other + 1}"] if n else []
            for text in page.locator(f'.rk-room-board [data-id^="bid-{other}-"]').all_text_contents():
                if re.match(r"^P\d+: \d+ [^\W\d_]", text.strip()):  # a size beside a status word: not revealed yet
                    leaks.append(f"sealed bid of seat {other + 1}: {text!r}")
    return leaks


#: every row the page's log has shown: a bot's move and automatic steps right after a decision can push
#: its row out of the newest rows the log keeps (messages.LOG_ROWS) before the test looks
RECORD_LOG = """
window.rkLogSeen = new Set();
document.addEventListener("DOMContentLoaded", () => {
  const log = document.querySelector(".rk-room-log");
  if (!log) return;
  const note = () => log.querySelectorAll("li").forEach((li) => window.rkLogSeen.add(li.textContent));
  new MutationObserver(note).observe(log, { childList: true, subtree: true });
  note();
});
"""


def _watched(errors: PageErrors, page):
    """``page``, with its script errors and requests outside loopback recorded in ``errors``, and its log's rows."""
    errors.attach(page)
    page.add_init_script(RECORD_LOG)
    return page


def _own_cards(page, game: str, seat: int) -> int:
    sel = f'[data-id^="p{seat + 1}-card-"]' if game == "rune_stones" else f'[data-id^="hand-{seat}-"]'
    return page.locator(f".rk-room-board {sel}").count()


def _board_share(page) -> float:
    """The width the board is drawn at, as a share of the window (a board fitted to the window's height
    would be drawn narrow inside a wide box: the SVG keeps its aspect ratio)."""
    return page.evaluate(
        """() => { const svg = document.querySelector('.rk-room-board svg'); const box = svg.getBoundingClientRect();
                   const vb = svg.viewBox.baseVal;
                   return Math.min(box.width, box.height * vb.width / vb.height) / window.innerWidth; }"""
    )


def _row(game, seat: int, label: str, lang: str) -> str:
    return f"{t('seat_title', lang, n=seat + 1)}: {game.phrase(Action.parse(label), lang)}"


def _log_has(page, text: str, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "(text) => window.rkLogSeen.has(text)",
        arg=text, timeout=timeout,
    )  # fmt: skip


def _reconnect(page, context, errors, join_url: str):
    """Drop the page's socket (it comes back by itself), then close the tab and open the join link again
    (the browser remembers its seat): each time the seat is back within 2 s (measured in the page)."""
    start = page.evaluate("performance.now()")
    page.evaluate("window.rulekitRoomSocket.close()")
    page.wait_for_function(
        "(t) => Number(document.body.dataset.updated) > t && document.body.dataset.connected === 'true'", arg=start
    )
    took = float(page.get_attribute("body", "data-updated")) - start
    assert took < 2000, f"the page took {took:.0f} ms to come back after its socket dropped"
    page.close()
    back = _watched(errors, context.new_page())
    back.goto(join_url)
    back.wait_for_url(re.compile(r"/seats/1\?token="))
    back.wait_for_selector("body[data-first-state]")
    took = float(back.get_attribute("body", "data-first-state"))
    assert took < 2000, f"the seat page took {took:.0f} ms from opening to showing the seat"
    assert back.get_attribute("body", "data-version") and "1" in back.locator(".rk-room-who").inner_text()
    return back


@pytest.mark.parametrize(("gid", "options", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_two_students_and_a_bot_play_a_whole_game(browser, rooms_url, gid, options, seed):
    game = rulekit.load(gid)
    room = create_room(gid, 3, options=options, bots={3: "random"}, seed=seed, server=rooms_url, start=True)
    errors = PageErrors()
    contexts = [browser.new_context(viewport={"width": 1024, "height": 800}) for _ in range(3)]
    pages = []
    for n, ctx in enumerate(contexts[:2]):  # each student joins through the join link in their own browser
        page = _watched(errors, ctx.new_page())
        page.goto(f"{rooms_url}{room['join_url']}&lang={LANGS[n]}")
        page.click(f'.rk-room-pick[data-seat="{n + 1}"]')
        page.wait_for_url(re.compile(rf"/seats/{n + 1}\?token="))
        page.wait_for_selector("body[data-connected=true]")
        pages.append(page)
    projector = _watched(errors, contexts[2].new_page())
    projector.goto(rooms_url + room["projector_url"])
    projector.wait_for_selector("body[data-connected=true]")
    for page in pages:  # the board uses the width of the page (it scrolls in its box, never shrinks to the height)
        page.wait_for_selector(".rk-room-board svg")
        assert _board_share(page) > 0.6, f"the board is drawn {_board_share(page):.0%} of the page wide"
    rng, clicks, own_seen, reconnected = random.Random(seed), 0, [0, 0], False
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        status = pages[0].get_attribute("body", "data-status")
        if status == "over":
            break
        mover = [p.locator(".rk-room-actions .rk-action").count() > 0 for p in pages]
        if not any(mover):  # a bot decides, or an update is on its way
            pages[0].wait_for_timeout(20)
            continue
        seat = mover.index(True)
        page, other = pages[seat], pages[1 - seat]
        buttons = page.locator(".rk-room-actions .rk-action")
        label = buttons.nth(rng.randrange(buttons.count())).get_attribute("data-label")
        before = page.get_attribute("body", "data-version")
        item = page.locator(f'.rk-room-board .rk-clickable[data-action="{label}"]')
        (item.first if item.count() else page.locator(f'.rk-room-actions .rk-action[data-label="{label}"]')).click()
        page.wait_for_function(f"document.body.dataset.version !== {before!r}", timeout=10_000)
        clicks += 1
        private = gid == "mines_of_zavandor" and label.startswith("bid ")  # ZM-380: a sealed bid's cards
        _log_has(page, _row(game, seat, label, LANGS[seat]))
        if not private:  # the decision shows up on the other student's page and on the projector
            _log_has(other, _row(game, seat, label, LANGS[1 - seat]))
            _log_has(projector, _row(game, seat, label, "en"))
        if clicks % 4 == 0 or private:
            for n, p in enumerate(pages):
                assert _hidden_leaks(p, gid, n, 3) == [], f"step {p.get_attribute('body', 'data-step')}"
                own_seen[n] = max(own_seen[n], _own_cards(p, gid, n))
            assert _hidden_leaks(projector, gid, -1, 3) == []
            if private:  # nobody else reads it in the log
                assert _row(game, seat, label, LANGS[1 - seat]) not in other.locator(".rk-room-log").inner_text()
        if clicks == 12 and not reconnected:
            pages[0] = _reconnect(pages[0], contexts[0], errors, f"{rooms_url}{room['join_url']}&lang=en")
            reconnected = True
    assert pages[0].get_attribute("body", "data-status") == "over", f"not over after {clicks} clicks"
    assert reconnected and all(own_seen), "each seat saw its own hand (the hidden-hand check looks at the right items)"
    status = projector.locator(".rk-room-status").inner_text()
    assert "over" in status and "Result" in status
    assert "vorbei" in pages[1].locator(".rk-room-status").inner_text()
    assert errors == []
    for ctx in contexts:
        ctx.close()


def test_teacher_page_controls_a_table(browser, rooms_url):
    room = create_room("rune_stones", 2, server=rooms_url)
    errors = PageErrors()
    teacher = _watched(errors, browser.new_page(viewport={"width": 1920, "height": 1080}))
    teacher.goto(rooms_url + room["teacher_url"])
    teacher.wait_for_selector("body[data-connected=true]")
    assert (
        teacher.locator(".rk-room-qr svg").count() == 1
        and room["code"] in teacher.locator(".rk-room-code").inner_text()
    )
    seat = _watched(errors, browser.new_page())
    seat.goto(rooms_url + room["seats"][0]["url"])
    seat.wait_for_selector("body[data-status=waiting]")
    teacher.click('.rk-room-control[data-do="start"]')
    seat.wait_for_selector("body[data-status=playing]")
    teacher.wait_for_function(
        "document.querySelector('.rk-room-seat-table tr[data-seat=\"1\"] .rk-room-online').textContent === 'online'"
    )
    assert teacher.locator(".rk-room-flow li.rk-room-current").count() == 1
    teacher.click('.rk-room-standin[data-seat="2"]')  # seat 2 is absent: a bot plays for it
    teacher.wait_for_function("document.querySelector('.rk-room-standin[data-seat=\"2\"]').dataset.do === 'human'")
    teacher.click(".rk-room-pause")
    seat.wait_for_selector("body[data-status=paused]")
    teacher.wait_for_function("document.querySelector('.rk-room-pause').textContent === 'Resume'")
    teacher.click(".rk-room-pause")
    seat.wait_for_selector("body[data-status=playing]")
    teacher.wait_for_function("document.querySelector('.rk-room-pause').textContent === 'Pause'")
    teacher.screenshot(path="/tmp/rulekit-room-teacher-1920.png")
    seat.screenshot(path="/tmp/rulekit-room-seat-1024.png")
    teacher.click('.rk-room-control[data-do="end"]')
    seat.wait_for_selector("body[data-status=ended]")
    assert errors == []
