"""``make classroom-load``: a class of simulated students on the classroom server, with figures.

The server is the one ``make classroom`` starts (pre-heated kernels, culling), on a free loopback port. Once its
pool is warm, every student (a browser context of Debian's Chromium, driven by Playwright) opens a dashboard at the
same moment, waits for it to render, then moves its first slider from the keyboard for the given time, timing
each round trip (key press to the new answer on the page). Then the students leave, and the run waits for the
kernels of their pages to be freed.

Prints: time to first render (p50, p95), control round trip (p50, p95), pages that never rendered, and the memory
of the server and its kernels before, at the peak and after the students left, and the CPU time the server, its
kernels and the browsers used during the class: on one machine the students' browsers compete with the server for
its cores, and drawing a dashboard costs a browser more than serving it costs the server. Not part of ``make
test``; a small run of it is (``tests/browser/test_classroom_server.py``).

    python -m tests.classroom_load --students 30 --seconds 120
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from zaarlab.classroom import FOLDER, REFILL, voila_command, voila_environment

from .processes import (
    CHROMIUM,
    CHROMIUM_ARGS,
    cpu_seconds,
    free_port,
    jupyter_home,
    kernels,
    megabytes,
    own_cpu_seconds,
    settle,
    stop,
)

SHOTS = os.environ.get("ZAARLAB_LOAD_SHOTS")  # a folder for screenshots of pages that failed
DASHBOARDS = {"dice_sums": "P(sum of", "zargos_battle": "attacker takes", "zogar_hold_advisor": "best: keep",
              "zerzura_collection": "total:", "zaar_astrolabe": "plates:"}  # each with a slider to move


@dataclass
class Figures:
    renders: list[float] = field(default_factory=list)
    trips: list[float] = field(default_factory=list)
    failed: int = 0
    errors: list[str] = field(default_factory=list)  # why pages failed, the first few
    memory: dict[str, float] = field(default_factory=dict)  # MB of the server and its kernels
    kernels: dict[str, int] = field(default_factory=dict)  # pool, peak, freed (students' kernels ended), after
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds during the class: server, kernels, browsers

    def report(self) -> str:
        def p(values, q):
            return sorted(values)[int(q * (len(values) - 1))] if values else float("nan")

        if not self.renders:
            return f"no page rendered ({self.failed} tried): " + "; ".join(self.errors)

        return (f"first render: p50 {statistics.median(self.renders):.2f} s, p95 {p(self.renders, 0.95):.2f} s "
                f"({len(self.renders)} pages, {self.failed} never rendered)\n"
                f"control round trip: p50 {1000 * statistics.median(self.trips):.0f} ms, "
                f"p95 {1000 * p(self.trips, 0.95):.0f} ms ({len(self.trips)} moves)\n"
                f"kernels: {self.kernels}\nmemory MB: " + ", ".join(f"{k} {v:.0f}" for k, v in self.memory.items())
                + "\nCPU seconds during the class: " + ", ".join(f"{k} {v:.1f}" for k, v in self.cpu.items()))


async def _student(browser, base: str, name: str, ready: str, seconds: float, figures: Figures, start: asyncio.Event):
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    page = await context.new_page()
    await start.wait()
    began = time.perf_counter()
    try:
        await page.goto(f"{base}/voila/render/{name}.ipynb", wait_until="commit", timeout=300_000)
        shown = page.locator(".widget-html, .widget-label", has_text=ready).first
        await shown.wait_for(state="visible", timeout=300_000)
        figures.renders.append(time.perf_counter() - began)
        every = page.locator(".widget-html, .widget-label")
        texts = await every.all_text_contents()
        answer = every.nth(next(i for i, text in enumerate(texts) if ready in text))
        handle = page.locator(".widget-slider .noUi-handle").first
        until, key = time.perf_counter() + seconds, "ArrowRight"
        while time.perf_counter() < until:
            before = await answer.text_content()
            await handle.focus()
            moved = time.perf_counter()
            await page.keyboard.press(key)
            try:
                await page.wait_for_function("([el, old]) => el.textContent !== old",
                                             arg=[await answer.element_handle(), before], timeout=10_000)
                figures.trips.append(time.perf_counter() - moved)
            except Exception:  # at the end of the slider's range nothing changes: turn round
                key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
    except Exception as error:
        figures.failed += 1
        if SHOTS:
            await page.screenshot(path=f"{SHOTS}/{name}-{figures.failed}.png")
        figures.errors = [*figures.errors, f"{name}: {type(error).__name__}: {str(error)[:300]}"][:5]
    finally:
        await context.close()


async def _class(base: str, students: int, seconds: float, figures: Figures, server: int) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        start, names = asyncio.Event(), list(DASHBOARDS)
        tasks = [asyncio.create_task(_student(browser, base, names[i % len(names)], DASHBOARDS[names[i % len(names)]],
                                              seconds, figures, start)) for i in range(students)]
        await asyncio.sleep(1)  # every context open: they all start at once
        start.set()

        async def peak():
            while not all(t.done() for t in tasks):
                figures.memory["peak"] = max(figures.memory.get("peak", 0), megabytes(server))
                figures.kernels["peak"] = max(figures.kernels.get("peak", 0), len(kernels(server)))
                await asyncio.sleep(1)

        before = {"server": own_cpu_seconds(server), "tree": cpu_seconds(server), "all": cpu_seconds(os.getpid())}
        await asyncio.gather(*tasks, peak())
        used = {"server": own_cpu_seconds(server), "tree": cpu_seconds(server), "all": cpu_seconds(os.getpid())}
        used = {k: v - before[k] for k, v in used.items()}
        figures.cpu = {"server": used["server"], "kernels": used["tree"] - used["server"],
                       "browsers": used["all"] - used["tree"]}
        await browser.close()


def run(students: int = 30, seconds: float = 120, pool: int | None = None, idle: int = 90, warm: float = 300,
        refill: float = REFILL) -> Figures:
    """Start the server, let ``students`` use it for ``seconds``, and measure (see the module docstring). The pool
    holds by default a kernel for every student of a dashboard, as a teacher sets it for a class."""
    pool = pool or -(-students // len(DASHBOARDS))
    port = free_port()
    home = Path(os.environ.get("TMPDIR", "/tmp")) / f"zaarlab-load-{port}"
    env = voila_environment(jupyter_home(home))
    command = voila_command("127.0.0.1", port, pool, idle=idle, check=max(1, idle // 3), refill=refill)
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    figures = Figures()
    try:
        expected = pool * len(list(FOLDER.glob("*.ipynb")))
        deadline = time.monotonic() + warm
        while time.monotonic() < deadline and len(kernels(server.pid)) < expected:
            time.sleep(1)
        settle(server.pid, deadline + 60)  # the pool's kernels have run their notebooks
        ready = kernels(server.pid)
        figures.kernels["pool"], figures.memory["before"] = len(ready), megabytes(server.pid)
        asyncio.run(_class(f"http://127.0.0.1:{port}", students, seconds, figures, server.pid))

        def freed() -> int:  # the pool's kernels that students took are gone once their pages have closed
            return len(ready - kernels(server.pid))

        deadline = time.monotonic() + idle * 3 + 90
        while time.monotonic() < deadline and (freed() < len(figures.renders)
                                               or len(kernels(server.pid)) != len(ready)):
            time.sleep(2)
        settle(server.pid, time.monotonic() + 60)  # the refilled kernels have run their notebooks
        figures.kernels["freed"], figures.kernels["after"] = freed(), len(kernels(server.pid))
        figures.memory["after"] = megabytes(server.pid)
    finally:
        stop(server, grace=30)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description="a class of simulated students on the classroom server")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=120, help="how long each student moves a slider")
    parser.add_argument("--pool", type=int, help="pre-heated kernels per dashboard (default: one per student)")
    parser.add_argument("--idle", type=int, default=90, help="seconds before a closed page's kernel is freed")
    parser.add_argument("--warm", type=float, default=300, help="seconds to wait for the pool at most")
    parser.add_argument("--refill", type=float, default=REFILL, help="seconds before a taken kernel is replaced")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()
    figures = run(args.students, args.seconds, args.pool, args.idle, args.warm, args.refill)
    print(json.dumps(dataclasses.asdict(figures)) if args.json else figures.report())


if __name__ == "__main__":
    main()
