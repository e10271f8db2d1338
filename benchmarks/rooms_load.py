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


async def play_room(base: str, room: dict, decisions: int, think: float, seed: int, latencies: list, missed: list):
    seats = [await open_page(base, room["code"], s["token"]) for s in room["seats"]]
    projector = await open_page(base, room["code"], room["teacher_token"], public=True)
    pages = [*seats, projector]
    await asyncio.sleep(0.5)
    rng = random.Random(seed)
    for _ in range(decisions):
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
        arrived = [await asyncio.wait_for(mover.arrivals.get(), 5)]
        others = [p for p in pages if p is not mover]
        done = await asyncio.gather(*(asyncio.wait_for(p.arrivals.get(), 0.4) for p in others), return_exceptions=True)
        arrived += [d for d in done if isinstance(d, float)]
        missed.append(sum(1 for d in done if not isinstance(d, float)))
        latencies.append((max(arrived) - sent) * 1000)
        await asyncio.sleep(think)
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


async def main_async(args) -> None:
    folder = tempfile.mkdtemp(prefix="rulekit-rooms-bench-")
    proc, base = launch(preheat=False, log=Path(folder) / "server.log",
                        args=["--rooms-db", str(Path(folder) / "rooms.sqlite3"), "--max-rooms", str(args.rooms + 1)])  # fmt: skip
    try:
        rss0, cpu0 = proc_stats(proc.pid)
        rooms = [
            create_room(GAMES[i % len(GAMES)], args.seats, seed=i, server=base, start=True) for i in range(args.rooms)
        ]
        latencies, missed = [], []
        started = time.perf_counter()
        await asyncio.gather(
            *(play_room(base, r, args.decisions, args.think, i, latencies, missed) for i, r in enumerate(rooms))
        )
        wall = time.perf_counter() - started
        rss1, cpu1 = proc_stats(proc.pid)
        kernels = kernels_of(proc.pid)
    finally:
        proc.terminate()
        proc.wait(15)
    lat = sorted(latencies)
    p95 = lat[int(0.95 * (len(lat) - 1))]
    print(f"rooms {args.rooms} x {args.seats} seats + {args.rooms} projectors = {args.rooms * (args.seats + 1)} pages, "
          f"{len(lat)} decisions in {wall:.1f} s (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")  # fmt: skip
    print(f"update latency, action -> every page of the room: median {statistics.median(lat):.1f} ms, p95 {p95:.1f} ms,"
          f" max {lat[-1]:.1f} ms (target p95 <= 100 ms): {'met' if p95 <= 100 else 'NOT met'}")  # fmt: skip
    print(f"pages not updated by a decision (another seat's private one): {sum(missed)}")
    print(f"server: RSS {rss0:.0f} MB at start, {rss1:.0f} MB after; CPU {cpu1 - cpu0:.1f} s over {wall:.1f} s "
          f"({100 * (cpu1 - cpu0) / wall:.0f}% of one core)")  # fmt: skip
    print(f"kernels started by the server: {kernels} (target 0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=60, help="decisions per room")
    parser.add_argument("--think", type=float, default=0.05, help="seconds between a room's decisions")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
