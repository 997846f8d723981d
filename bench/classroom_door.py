"""The classroom server under a rush of pages, and Voila without its door, in the same run.

``pages`` page requests are sent at once from one address (a stuck page reloaded, a student's script) to the dice
page, first to Voila as the server ran before its door (``python -m voila``, same options otherwise), then to the
classroom server as ``make classroom`` starts it (6 pages a device, the total from the free memory). Printed for
each: pages served and refused, the slowest refusal, kernels and the server's memory (itself and its kernels) at
the peak and after, and the largest kernel. Then a tampered page (the issue's ``max: 100000``, ``value: 20000``
and the rest of ``tests/test_classroom_door.py``'s attacks) on every dashboard of the classroom server: the largest
kernel's memory. Goals (issue 29): the cap holds, every page over it gets the "full" page at once, memory stays
within the stated bound.
Run: .venv/bin/python bench/classroom_door.py [--pages 100] [--before-pages 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.processes import free_port, jupyter_home, kernels, listening, megabytes, serving, settle  # noqa: E402
from tests.test_classroom_door import DICE, ask, attack  # noqa: E402
from zaarlab.classroom.launch import available_megabytes, dashboards, room_for_pages, voila_command, voila_environment  # noqa: E402


def rush(guarded: bool, pages: int) -> dict:
    """``pages`` requests at once to the dice page; what the server served and what it held."""
    port = free_port()
    command = voila_command("127.0.0.1", port, 0, pages=room_for_pages(available_megabytes(), 0))
    if not guarded:
        command = [command[0], "-m", "voila", *[a for a in command[3:] if "ClassroomVoila" not in a
                                                and "kernel_spec_manager_class" not in a]]
    with tempfile.TemporaryDirectory() as home, serving("server", command, voila_environment(
            jupyter_home(Path(home))), port, Path(home) / "log"):
        server = listening(port)
        before, peak, done = megabytes(server), {"kernels": 0, "megabytes": 0.0}, threading.Event()

        def watch():
            while not done.is_set():
                peak["kernels"] = max(peak["kernels"], len(kernels(server)))
                peak["megabytes"] = max(peak["megabytes"], megabytes(server))
                time.sleep(0.5)

        watcher = threading.Thread(target=watch)
        watcher.start()
        began = time.monotonic()
        with ThreadPoolExecutor(pages) as pool:
            replies = list(pool.map(lambda _: (ask(port, "GET", DICE)[0], time.monotonic() - began), range(pages)))
        settle(server, time.monotonic() + 120)
        done.set()
        watcher.join()
        refused = [s for status, s in replies if status == 503]
        return {"served": sum(status == 200 for status, _ in replies), "full pages": len(refused),
                "slowest full page s": round(max(refused), 2) if refused else None,
                "slowest page s": round(max(s for _, s in replies), 1), "kernels peak": peak["kernels"],
                "kernels after": len(kernels(server)), "MB before": round(before),
                "MB peak": round(peak["megabytes"]), "MB after": round(megabytes(server)),
                "largest kernel MB": round(max(map(megabytes, kernels(server)), default=0))}


def tampered() -> dict:
    """Every dashboard's controls sent every attack; the largest kernel after it (one dashboard at a time)."""
    port, largest = free_port(), {}
    with tempfile.TemporaryDirectory() as home, serving("server", voila_command("127.0.0.1", port, 0),
                                                        voila_environment(jupyter_home(Path(home))), port,
                                                        Path(home) / "log"):
        server = listening(port)
        for board in dashboards():
            kernel, seat = asyncio.run(attack(port, board.name, server))
            largest[board.name] = round(max(map(megabytes, kernels(server))))
            ask(port, "DELETE", f"/api/kernels/{kernel}", f"{seat}; _xsrf=x", headers={"X-XSRFToken": "x"})
    return largest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--before-pages", type=int, default=30, help="for Voila without its door (a kernel each)")
    args = parser.parse_args()
    print(f"free memory {available_megabytes()} MB; the classroom server holds "
          f"{room_for_pages(available_megabytes(), 0)} pages, 6 a device")
    print(f"Voila without its door, {args.before_pages} pages at once:", json.dumps(rush(False, args.before_pages)))
    print(f"classroom server, {args.pages} pages at once:", json.dumps(rush(True, args.pages)))
    print("tampered pages, kernel MB after every attack:", json.dumps(tampered()))


if __name__ == "__main__":
    main()
