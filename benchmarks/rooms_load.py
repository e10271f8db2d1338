"""Load on one ``rulekit dashboard`` hosting shared tables (issue 26; a script, not a test).

Starts the dashboard on loopback (no preheated kernels), creates 8 rooms of 4
student seats each, and opens 8 x 4 seat sockets plus 8 projector sockets
(each exactly what a page's ``room.js`` opens). Every room then plays at the
same time: the seat to move sends its decision (a seeded random legal one)
and the script measures, per decision, the time until every page of the room
that gets an update has it (another seat's private decision updates nobody
else: such pages are not waited for). Prints the latency median and p95
(target p95 <= 100 ms), the server's memory (RSS) and CPU time, and how many
kernels the server started (target 0: a seat page needs none).

Run: ``PYTHONPATH=src python benchmarks/rooms_load.py [--rooms 8] [--seats 4] [--decisions 60] [--think 0.05]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from tornado.websocket import websocket_connect

from rulekit.rooms import create_room
from rulekit.serve.dashboard import launch

#: the figures of the server before issue 26's speed-up (same script, same machine)
BEFORE = Path(__file__).parent / "results" / "rooms_load_before.json"
GAMES = ["rune_stones", "mines_of_zavandor", "vale_of_eternity", "scepter_of_zavandor"]


class Page:
    """One socket: the newest message and when each arrived."""

    def __init__(self, conn):
        self.conn, self.last, self.arrivals = conn, None, asyncio.Queue()

    async def pump(self):
        while True:
            text = await self.conn.read_message()
            if text is None:
                return
            msg = json.loads(text)
            if msg["type"] == "state":
                self.last = msg
                await self.arrivals.put(time.perf_counter())


async def open_page(base: str, code: str, token: str, public: bool = False) -> Page:
    url = f"{base.replace('http', 'ws')}/rooms/{code}/socket?token={token}" + ("&view=public" if public else "")
    page = Page(await websocket_connect(url, max_message_size=64 << 20))
    asyncio.ensure_future(page.pump())
    return page


async def drain(page: Page) -> None:
    while not page.arrivals.empty():
        page.arrivals.get_nowait()


def settle(pending: tuple | None, latencies: list, missed: list) -> None:
    """Count updates that came after the 0.4 s wait of the last decision (before the next one)."""
    if pending is None:
        return
    sent, late, index = pending
    for page in late:
        if not page.arrivals.empty():
            latencies[index] = max(latencies[index], (page.arrivals.get_nowait() - sent) * 1000)
            missed[index] -= 1


async def play_room(
    base: str, room: dict, decisions: int, think: float, seed: int, latencies: list, missed: list, stuck: list
):
    seats = [await open_page(base, room["code"], s["token"]) for s in room["seats"]]
    projector = await open_page(base, room["code"], room["teacher_token"], public=True)
    pages = [*seats, projector]
    await asyncio.sleep(0.5)
    rng = random.Random(seed)
    pending = None
    for _ in range(decisions):
        settle(pending, latencies, missed)
        pending = None
        mover = next((p for p in seats if p.last and p.last["legal"]), None)
        if mover is None:
            if seats[0].last and seats[0].last["is_over"]:
                return
            await asyncio.sleep(0.02)
            continue
        for p in pages:
            await drain(p)
        label = rng.choice(mover.last["legal"])[0]
        sent = time.perf_counter()
        await mover.conn.write_message(json.dumps({"type": "act", "label": label, "version": mover.last["version"]}))
        try:
            arrived = [await asyncio.wait_for(mover.arrivals.get(), 5)]
        except TimeoutError:
            stuck.append(room["code"])  # no answer to a decision within 5 s: counted, and the room goes on
            continue
        others = [p for p in pages if p is not mover]
        done = await asyncio.gather(*(asyncio.wait_for(p.arrivals.get(), 0.4) for p in others), return_exceptions=True)
        arrived += [d for d in done if isinstance(d, float)]
        late = [p for p, d in zip(others, done, strict=True) if not isinstance(d, float)]
        missed.append(len(late))
        latencies.append((max(arrived) - sent) * 1000)
        pending = (sent, late, len(latencies) - 1) if late else None
        await asyncio.sleep(think)
    settle(pending, latencies, missed)
    for p in pages:
        p.conn.close()


def proc_stats(pid: int) -> tuple[float, float]:
    """(RSS in MB, CPU seconds) of a process, from /proc."""
    rss = next(
        int(line.split()[1])
        for line in Path(f"/proc/{pid}/status").read_text().splitlines()
        if line.startswith("VmRSS")
    )
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return rss / 1024, cpu


def kernels_of(pid: int) -> int:
    """Child processes of the server that are Jupyter kernels."""
    count = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat[1]) == pid and "kernel" in cmd:
            count += 1
    return count


def load_average() -> float:
    return os.getloadavg()[0]


async def main_async(args) -> dict:
    folder = tempfile.mkdtemp(prefix="rulekit-rooms-bench-")
    proc, base = launch(preheat=False, log=Path(folder) / "server.log",
                        args=["--rooms-db", str(Path(folder) / "rooms.sqlite3"), "--max-rooms", str(args.rooms + 1)])  # fmt: skip
    load0 = load_average()
    try:
        rss0, cpu0 = proc_stats(proc.pid)
        rooms = [
            create_room(GAMES[i % len(GAMES)], args.seats, seed=i, server=base, start=True) for i in range(args.rooms)
        ]
        latencies, missed, stuck = [], [], []
        started = time.perf_counter()
        await asyncio.gather(
            *(play_room(base, r, args.decisions, args.think, i, latencies, missed, stuck) for i, r in enumerate(rooms))
        )
        wall = time.perf_counter() - started
        rss1, cpu1 = proc_stats(proc.pid)
        kernels = kernels_of(proc.pid)
    finally:
        proc.terminate()
        proc.wait(15)
    lat = sorted(latencies)
    return {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "rooms": args.rooms,
        "seats": args.seats,
        "pages": args.rooms * (args.seats + 1),
        "decisions": len(lat),
        "wall_s": round(wall, 1),
        "load_average": [round(load0, 1), round(load_average(), 1)],
        "cores": os.cpu_count(),
        "median_ms": round(statistics.median(lat), 1),
        "p95_ms": round(lat[int(0.95 * (len(lat) - 1))], 1),
        "max_ms": round(lat[-1], 1),
        "not_updated": sum(missed),
        "no_answer": len(stuck),
        "rss_mb": [round(rss0), round(rss1)],
        "cpu_s": round(cpu1 - cpu0, 1),
        "cpu_ms_per_decision": round(1000 * (cpu1 - cpu0) / max(1, len(lat)), 1),
        "kernels": kernels,
    }


def report(r: dict, before: dict | None) -> None:
    print(f"rooms {r['rooms']} x {r['seats']} seats + {r['rooms']} projectors = {r['pages']} pages, "
          f"{r['decisions']} decisions in {r['wall_s']} s (load average {r['load_average'][0]} at start, "
          f"{r['load_average'][1]} at end, on {r['cores']} cores)")  # fmt: skip
    print(f"update latency, action -> every page of the room: median {r['median_ms']} ms, p95 {r['p95_ms']} ms,"
          f" max {r['max_ms']} ms (target p95 <= 100 ms): {'met' if r['p95_ms'] <= 100 else 'NOT met'}")  # fmt: skip
    print(f"pages not updated by a decision (another seat's private one): {r['not_updated']}; "
          f"decisions without an answer within 5 s: {r['no_answer']}")  # fmt: skip
    print(f"server: RSS {r['rss_mb'][0]} MB at start, {r['rss_mb'][1]} MB after; CPU {r['cpu_s']} s over "
          f"{r['wall_s']} s ({r['cpu_ms_per_decision']} ms per decision, all its pages' messages included)")  # fmt: skip
    print(f"kernels started by the server: {r['kernels']} (target 0)")
    if before:
        rows = [("median (ms)", "median_ms"), ("p95 (ms)", "p95_ms"), ("max (ms)", "max_ms"),
                ("server RSS after (MB)", "rss_mb"), ("server CPU (s)", "cpu_s"),
                ("CPU per decision (ms)", "cpu_ms_per_decision"), ("kernels started", "kernels"),
                ("load average (start)", "load_average")]  # fmt: skip

        def cell(d: dict, key: str) -> str:
            value = d.get(key, "-")
            return str(value[-1] if key == "rss_mb" else value[0] if key == "load_average" else value)

        print(f"\n{'':24}{'before (' + before.get('when', '?') + ')':>32}{'this run':>14}")
        for name, key in rows:
            print(f"{name:24}{cell(before, key):>32}{cell(r, key):>14}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=60, help="decisions per room")
    parser.add_argument("--think", type=float, default=0.05, help="seconds between a room's decisions")
    parser.add_argument("--json", default=None, help="write the figures to this file")
    parser.add_argument("--before", default=str(BEFORE), help="figures to compare with ('' for none)")
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    before = json.loads(Path(args.before).read_text()) if args.before and Path(args.before).exists() else None
    report(result, before)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
