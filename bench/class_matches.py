"""Students playing each other on the classroom server: ``MATCHES`` matches of two students each, every student a
page speaking the play page's own protocol (its socket, its JSON), all at once.

The server is the one ``make classroom CLASS_NAME=...`` starts, on a free loopback port. Every student signs in,
opens the play page's socket; one of each pair opens a table (Zerzura, or ``--game``; ``--turns`` at most), the
other sits at it; then each plays their
moves when their turn comes, thinking ``THINK`` seconds before each. For every move, the time from the mover's
message leaving to the other student's page receiving the view that shows it. Baseline, in the same run: the same
work done in this process on the authority alone (``Matches.move`` and the other seat's ``view``), no server and no
network. Also the server's memory (its own process) before the tables, when every match is over, and per match.
Goal (issue 44): p95 from a click to the other page showing the move <= 300 ms.
A game with a map (Zargos, Zaar) sends it in every view: ``--game zargos --turns 2`` measures that too.
Run: .venv/bin/python bench/class_matches.py [--matches 15] [--think 0.5] [--game zerzura] [--turns N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.classroom_load import _signed_in  # noqa: E402
from tests.processes import free_port, jupyter_home, megabytes, serving  # noqa: E402
from zaarlab.classroom.launch import voila_command, voila_environment  # noqa: E402
from zaarlab.classroom.matches import Matches  # noqa: E402
from zaarlab.classroom.students import Class  # noqa: E402

MATCHES = 15
THINK = 0.5  # seconds a student looks at the table before clicking


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Student:
    """One student's page: its socket, the last view it received, and when each view arrived."""

    def __init__(self, name: str):
        self.name, self.view, self.arrived = name, None, asyncio.Event()
        self.seen_at: dict[tuple[str, int], float] = {}  # (table, step) -> when this page first saw it

    async def connect(self, base: str) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        cookie = await _signed_in(base, self.name)
        self.socket = await websocket_connect(HTTPRequest(f"{base.replace('http', 'ws')}/zaarlab/play/socket",
                                                          headers={"Cookie": cookie}))
        asyncio.get_running_loop().create_task(self.listen())

    async def listen(self) -> None:
        while (text := await self.socket.read_message()) is not None:
            message = json.loads(text)
            if "view" in message:
                view = message["view"]
                self.seen_at.setdefault((view["table"], view["step"]), time.perf_counter())
                self.view = view
                self.arrived.set()

    def send(self, message: dict) -> None:
        self.socket.write_message(json.dumps(message))

    async def until(self, ready) -> dict:
        while not (self.view and ready(self.view)):
            self.arrived.clear()
            await self.arrived.wait()
        return self.view


async def play_pair(first: Student, second: Student, rng: random.Random, think: float, waits: list[float],
                    game: str, turns: int | None) -> int:
    """``first`` opens a table of ``game``, ``second`` sits at it, both play to the end; each move's wait goes into
    ``waits``. Returns the moves made."""
    first.send({"do": "open", "game": game, "seats": ["person", "person"], "turns": turns})
    table = (await first.until(lambda v: v["seat"] == 0))["table"]
    second.send({"do": "sit", "table": table, "seat": 1})
    await second.until(lambda v: v["table"] == table)
    made, pair = 0, (first, second)
    while True:
        view = await first.until(lambda v: v["table"] == table and (v["over"] or v["moves"]
                                                                    or pair[1].view and pair[1].view["moves"]))
        if view["over"]:
            return made
        mover = first if view["moves"] else second
        other = second if mover is first else first
        seen = mover.view
        await asyncio.sleep(think * rng.random() * 2)
        sent = time.perf_counter()
        mover.send({"do": "move", "table": table, "step": seen["step"], "choice": rng.randrange(len(seen["moves"]))})
        after = await other.until(lambda v, step=seen["step"]: v["table"] == table and v["step"] > step)
        waits.append(other.seen_at[(table, after["step"])] - sent)
        await mover.until(lambda v, step=seen["step"]: v["step"] > step)
        made += 1


def baseline(matches: int, seed: int, game: str, turns: int | None) -> tuple[list[float], int]:
    """The same games on the authority alone, in this process: each move and the other seat's view, timed."""
    rng, waits, made = random.Random(seed), [], 0
    authority = Matches()
    for m in range(matches):
        table = authority.open(f"A{m}", game, ["person", "person"],
                               params={"turn_limit": turns} if turns else None)
        authority.sit(f"B{m}", table, 1)
        while not (ada := authority.view(f"A{m}", table))["over"]:
            mover, other = (f"A{m}", f"B{m}") if ada["moves"] else (f"B{m}", f"A{m}")
            seen = authority.view(mover, table)
            authority.clock = lambda now=made: float(now)  # moves a second apart: never a flood here
            start = time.perf_counter()
            authority.move(mover, table, seen["step"], rng.randrange(len(seen["moves"])))
            authority.view(other, table)
            waits.append(time.perf_counter() - start)
            made += 1
    return waits, made


async def class_of(base: str, matches: int, think: float, seed: int, pid: int, game: str, turns: int | None) -> dict:
    students = [Student(f"student-{i:02d}") for i in range(2 * matches)]
    await asyncio.gather(*(s.connect(base) for s in students))
    before = megabytes(pid)
    waits: list[float] = []
    began = time.perf_counter()
    moves = await asyncio.gather(*(play_pair(students[2 * m], students[2 * m + 1], random.Random(seed + m), think,
                                             waits, game, turns) for m in range(matches)))
    return {"moves": sum(moves), "seconds": time.perf_counter() - began, "waits": waits, "before": before,
            "after": megabytes(pid)}


def server_pid(port: int) -> int:
    """The process of the classroom server listening on ``port``."""
    for folder in Path("/proc").iterdir():
        try:
            words = (folder / "cmdline").read_bytes().split(b"\0") if folder.name.isdigit() else []
        except OSError:
            continue
        if b"zaarlab.classroom.server" in words and f"--port={port}".encode() in words:
            return int(folder.name)
    raise RuntimeError(f"no classroom server on port {port}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--think", type=float, default=THINK)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="zerzura", choices=("zaar", "zargos", "zerzura", "zogars_gaze"))
    parser.add_argument("--turns", type=int, default=None, help="a game of at most so many turns")
    args = parser.parse_args()
    local, local_moves = baseline(args.matches, args.seed, args.game, args.turns)
    with tempfile.TemporaryDirectory() as home:
        kept, port = Class(Path(home) / "class"), free_port()
        command = voila_command("127.0.0.1", port, 0, pages=4 * args.matches, per_device=4 * args.matches,
                                answers=str(kept.answers), teacher_key=kept.key, class_folder=str(kept.folder))
        env = voila_environment(jupyter_home(Path(home)), answers=kept.answers, sign_in=True)
        with serving("voila", command, env, port, Path(home) / "voila.log") as base:
            figures = asyncio.run(class_of(base, args.matches, args.think, args.seed, server_pid(port), args.game,
                                           args.turns))
    waits = figures["waits"]
    ms = [w * 1000 for w in waits]
    base_ms = [w * 1000 for w in local]
    print(f"{args.matches} matches of {args.game} between {2 * args.matches} students (pages on the play page's "
          f"socket), {figures['moves']} moves in {figures['seconds']:.0f} s, a student thinking {args.think} s on "
          "average")
    print(f"{'':34} {'p50':>8} {'p95':>8} {'max':>8}")
    print(f"{'click to the other page, server':34} {statistics.median(ms):6.1f}ms {quantile(ms, .95):6.1f}ms "
          f"{max(ms):6.1f}ms")
    print(f"{'the authority alone, in process':34} {statistics.median(base_ms):6.1f}ms "
          f"{quantile(base_ms, .95):6.1f}ms {max(base_ms):6.1f}ms   ({local_moves} moves)")
    print(f"ratio p95 server / authority alone: {quantile(ms, .95) / quantile(base_ms, .95):.1f}")
    grown = figures["after"] - figures["before"]
    print(f"server memory: {figures['before']:.0f} MB with every student connected, {figures['after']:.0f} MB with "
          f"every match over: {grown / args.matches:.2f} MB a match")
    print(f"goal: p95 <= 300 ms: {'met' if quantile(ms, .95) <= 300 else 'NOT met'}")


if __name__ == "__main__":
    main()
