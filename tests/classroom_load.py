"""``make classroom-load``: a class of simulated students on the classroom server, with figures.

The server is the one ``make classroom`` starts (pre-heated kernels, culling), on a free loopback port. Once its
pool is warm, every student opens a dashboard at the same moment, waits for it to render, then moves its first
slider for the given time, timing each round trip and reading each answer for a second before the next move. Then
the students leave, and the run waits for the kernels of their pages to be freed.

A student is one of two kinds. A few are real browsers (contexts of Debian's Chromium, driven by Playwright): they
load the page, wait for the answer to be drawn and move the slider from the keyboard, timing key press to new answer.
The others speak to the server as the page's scripts do, over the same connections, but draw nothing ("wire"
students): they fetch the page, open the kernel's websocket, ask for the widgets' state (first render: the answer's
text has arrived) and send slider moves (round trip: until the kernel has answered and gone idle). On one machine
a real browser per student is no class at all: the 30 browsers would take the server's two cores (a measured run:
470 CPU-s of browsers against 11 of the server), where in a classroom each student's device draws its own page. So
the wire students load the server as a class does, and the browsers among them measure what a student sees.

Prints, for the class and for each kind: time to first render (p50, p95), control round trip (p50, p95), pages
that never rendered; then the memory of the server and its kernels before, at the peak and after the students left,
and the CPU time the server, its kernels and the students (this process and its browsers) used during the class.
Not part of ``make test``; a small run of it is (``tests/browser/test_classroom_server.py``).

    python -m tests.classroom_load --students 30 --browsers 3 --seconds 120
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import html
import json
import math
import os
import re
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode
from uuid import uuid4

from zaarlab.classroom.door import SEAT, STUDENT  # the page's seat (its kernel is its own), the student
from zaarlab.classroom.launch import FOLDER, REFILL, voila_command, voila_environment
from zaarlab.classroom.students import Class

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

SHOTS = os.environ.get("ZAARLAB_LOAD_SHOTS")  # a folder for the server's log, and what failed pages showed
DASHBOARDS = {"dice_sums": "P(sum of", "zargos_battle": "attacker takes", "zogar_hold_advisor": "Best: keep",
              "zerzura_collection": "total:",
              "zaar_astrolabe": "read the astrolabe to turn"}  # each with a slider to move
EXERCISES = "exercises"  # a lesson's exercises page: signed in, a student answers the first question again and again
QUESTION = "What is the chance"  # the first question of the first lesson, once the page knows whose it is
READY = {**DASHBOARDS, EXERCISES: QUESTION}  # what each page says once a student can use it


def _quantile(values: list[float], q: float) -> float:
    """The nearest-rank quantile: the smallest value with at least ``q`` of them at or below it."""
    return sorted(values)[max(0, math.ceil(q * len(values)) - 1)] if values else math.nan


@dataclass
class Timings:
    """What one kind of student measured."""

    renders: list[float] = field(default_factory=list)
    trips: list[float] = field(default_factory=list)
    failed: int = 0
    errors: list[str] = field(default_factory=list)  # why pages failed, the first few

    def failure(self, name: str, error: Exception, said: list[str] = ()) -> None:
        """Count a page that failed, keeping why (and the page's last complaints, if it made any)."""
        self.failed += 1
        why = f"{name}: {type(error).__name__}: {str(error)[:300]}" + "".join(f"\n      page: {s}" for s in said[-3:])
        self.errors = [*self.errors, why][:5]

    def report(self, kind: str) -> str:
        if not self.renders:
            return f"{kind}: no page rendered ({self.failed} tried): " + "; ".join(self.errors)
        return (f"{kind}: first render p50 {statistics.median(self.renders):.2f} s, "
                f"p95 {_quantile(self.renders, 0.95):.2f} s ({len(self.renders)} pages, {self.failed} never "
                f"rendered); control round trip p50 {1000 * statistics.median(self.trips or [math.nan]):.0f} ms, "
                f"p95 {1000 * _quantile(self.trips, 0.95):.0f} ms ({len(self.trips)} moves)"
                + "".join(f"\n    {error}" for error in self.errors))


@dataclass
class Figures:
    browser: Timings = field(default_factory=Timings)
    wire: Timings = field(default_factory=Timings)
    memory: dict[str, float] = field(default_factory=dict)  # MB of the server and its kernels
    kernels: dict[str, int] = field(default_factory=dict)  # pool, peak, freed (students' kernels ended), after
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds during the class: server, kernels, browsers

    @property
    def rendered(self) -> int:
        return len(self.browser.renders) + len(self.wire.renders)

    def report(self) -> str:
        every = Timings(self.browser.renders + self.wire.renders, self.browser.trips + self.wire.trips,
                        self.browser.failed + self.wire.failed, self.browser.errors + self.wire.errors)
        return "\n".join([every.report("the class"), self.browser.report("  in a browser"),
                          self.wire.report("  on the wire"),
                          f"kernels: {self.kernels}", "memory MB: " + ", ".join(f"{k} {v:.0f}" for k, v in
                                                                                self.memory.items()),
                          "CPU seconds during the class: " + ", ".join(f"{k} {v:.1f}" for k, v in self.cpu.items())])


async def _browser_student(browser, base: str, name: str, ready: str, seconds: float, pause: float,
                           timings: Timings, start: asyncio.Event) -> None:
    """A student in Chromium: the page is drawn and its first slider moved from the keyboard."""
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    page = await context.new_page()
    said = []  # what the page's scripts complained of, for the report if the page fails
    page.on("console", lambda message: said.append(f"{message.type}: {message.text[:200]}"))
    page.on("pageerror", lambda error: said.append(str(error)[:200]))
    await start.wait()
    began = time.perf_counter()
    try:
        await page.goto(f"{base}/voila/render/{name}.ipynb", wait_until="commit", timeout=300_000)
        if await page.get_by_role("button", name="Sign in").count():  # a class: the student signs in first
            await page.get_by_label("Your name").fill(f"browser {id(page)}")
            await page.get_by_role("button", name="Sign in").click()
        shown = page.locator(".widget-html, .widget-label", has_text=ready).first
        await shown.wait_for(state="visible", timeout=300_000)
        timings.renders.append(time.perf_counter() - began)
        if name == EXERCISES:
            await _browser_answers(page, seconds, pause, timings)
            return
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
                timings.trips.append(time.perf_counter() - moved)
            except Exception:  # at the end of the slider's range nothing changes: turn round
                key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
            await asyncio.sleep(pause)
    except Exception as error:
        timings.failure(name, error, said)
        if SHOTS:
            with contextlib.suppress(Exception):  # a page that hangs may not even give its picture
                Path(f"{SHOTS}/{name}-{timings.failed}.html").write_text(await page.content())
                await page.screenshot(path=f"{SHOTS}/{name}-{timings.failed}.png")
    finally:
        await context.close()


async def _browser_answers(page, seconds: float, pause: float, timings: Timings) -> None:
    """A signed-in student on the exercises page checks answers to the first question: check to the count of
    answers checked going up."""
    box = page.locator(".zaarlab-exercise").first
    answer = box.locator(".widget-text input").nth(1)
    until, tries = time.perf_counter() + seconds, 0
    while time.perf_counter() < until:
        tries += 1
        await answer.fill(f"{tries}/997")
        checked = time.perf_counter()
        await box.get_by_role("button", name="check").click()
        await page.get_by_text(re.compile(rf"^{tries} answers? checked")).wait_for(timeout=30_000)
        timings.trips.append(time.perf_counter() - checked)
        await asyncio.sleep(pause)


SLIDERS = ("IntSliderModel", "FloatSliderModel")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # how a page names a widget it is to draw


async def _signed_in(base: str, name: str) -> str:
    """Sign in as ``name`` (the form's token and cookie, then the form): the student's cookie."""
    from tornado.httpclient import AsyncHTTPClient

    form = await AsyncHTTPClient().fetch(f"{base}/zaarlab/signin", request_timeout=300)
    xsrf = next(c.split(";")[0] for c in form.headers.get_list("Set-Cookie") if c.startswith("_xsrf="))
    token = html.unescape(re.search(r'name="_xsrf" value="([^"]+)"', form.body.decode())[1])
    reply = await AsyncHTTPClient().fetch(f"{base}/zaarlab/signin", method="POST", headers={"Cookie": xsrf},
                                          body=urlencode({"name": name, "_xsrf": token}), follow_redirects=False,
                                          raise_error=False, request_timeout=300)
    return next(c.split(";")[0] for c in reply.headers.get_list("Set-Cookie") if c.startswith(f"{STUDENT}="))


async def _wire_answers(wire: Wire, states: dict, seconds: float, pause: float, timings: Timings) -> None:
    """A signed-in student on the exercises page checks answers to the first question: from the click to the
    kernel's going idle, the answer kept and the feedback sent."""
    box = next(s["state"] for s in states.values() if "zaarlab-exercise" in s["state"].get("_dom_classes", ()))
    row = states[box["children"][4].removeprefix("IPY_MODEL_")]["state"]["children"]
    answer, check = (row[i].removeprefix("IPY_MODEL_") for i in (0, 2))
    until, tries = time.perf_counter() + seconds, 0
    while time.perf_counter() < until:
        tries += 1
        await wire.ask(answer, {"method": "update", "state": {"value": f"{tries}/997"}, "buffer_paths": []})
        checked = time.perf_counter()
        await wire.ask(check, {"method": "custom", "content": {"event": "click"}})
        timings.trips.append(time.perf_counter() - checked)
        await asyncio.sleep(pause)


async def _wire_student(base: str, name: str, ready: str, seconds: float, pause: float, timings: Timings,
                        start: asyncio.Event, student_name: str = "") -> None:
    """A student whose page draws nothing: it fetches the page, asks the kernel for the widgets' state, as the
    page's widget manager does, and sends moves of the first slider, as the slider does."""
    from jupyter_server.services.kernels.connection.base import deserialize_binary_message
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    await start.wait()
    began = time.perf_counter()
    try:
        student = await _signed_in(base, student_name) if student_name else ""
        reply = await AsyncHTTPClient().fetch(f"{base}/voila/render/{name}.ipynb", request_timeout=300,
                                              headers={"Cookie": student} if student else None)
        page = reply.body.decode()
        if WIDGET_VIEW not in page:  # what a browser would draw is missing, whatever the kernel holds
            raise LookupError("the page carries no widget to draw: its notebook's outputs were lost")
        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
        seat = next(c.split(";")[0] for c in reply.headers.get_list("Set-Cookie") if c.startswith(f"{SEAT}="))
        socket = await websocket_connect(HTTPRequest(
            f"ws{base[4:]}/api/kernels/{kernel}/channels?session_id={uuid4()}",
            headers={"Cookie": "; ".join(filter(None, (seat, student)))}))
        wire = Wire(socket, deserialize_binary_message)
        control = uuid4().hex
        await wire.ask(control, {}, "comm_open", {"version": "1.0.0"}, target_name="jupyter.widget.control")
        replies = await wire.ask(control, {"method": "request_states"})
        states = next(m["content"]["data"]["states"] for m in replies if m["msg_type"] == "comm_msg")
        if not any(ready in str(model["state"].get("value", "")) for model in states.values()):
            await wire.until(ready, began + 300)  # a class's page: the question comes once the kernel is told whose
        timings.renders.append(time.perf_counter() - began)
        if name == EXERCISES:
            await _wire_answers(wire, states, seconds, pause, timings)
            socket.close()
            return
        slider, state = next((i, m["state"]) for i, m in states.items() if m["model_name"] in SLIDERS)
        value, step = state["value"], state.get("step") or 1
        until = time.perf_counter() + seconds
        while time.perf_counter() < until:
            if not state["min"] <= value + step <= state["max"]:  # at the end of the range: turn round
                step = -step
            value += step
            moved = time.perf_counter()
            await wire.ask(slider, {"method": "update", "state": {"value": value}, "buffer_paths": []})
            timings.trips.append(time.perf_counter() - moved)
            await asyncio.sleep(pause)
        socket.close()
    except Exception as error:
        timings.failure(name, error)


class Wire:
    """A page's connection to its kernel: Jupyter messages on the kernel's websocket, as the page sends them."""

    def __init__(self, socket, deserialize):
        self.socket, self.deserialize, self.session = socket, deserialize, uuid4().hex

    async def until(self, text: str, deadline: float) -> None:
        """Read the kernel's messages until a widget's update says ``text`` (by ``time.perf_counter`` ``deadline``)."""
        while time.perf_counter() < deadline:
            frame = await asyncio.wait_for(self.socket.read_message(), deadline - time.perf_counter())
            if frame is None:
                raise ConnectionError("the kernel's websocket closed")
            message = json.loads(frame) if isinstance(frame, str) else self.deserialize(frame)
            if message["msg_type"] == "comm_msg" and text in json.dumps(message["content"]["data"]):
                return
        raise TimeoutError(f"no widget said {text!r}")

    async def ask(self, comm: str, data: dict, kind: str = "comm_msg", metadata: dict | None = None,
                  **content) -> list[dict]:
        """Send a comm message; the kernel's messages in reply to it, up to its going idle."""
        asked = uuid4().hex
        header = {"msg_id": asked, "msg_type": kind, "session": self.session, "username": "student",
                  "date": "", "version": "5.3"}
        await self.socket.write_message(json.dumps({
            "header": header, "parent_header": {}, "metadata": metadata or {}, "channel": "shell", "buffers": [],
            "content": {"comm_id": comm, "data": data, **content}}))
        replies = []
        while True:
            frame = await asyncio.wait_for(self.socket.read_message(), 60)
            if frame is None:
                raise ConnectionError("the kernel's websocket closed")
            message = json.loads(frame) if isinstance(frame, str) else self.deserialize(frame)
            if message["parent_header"].get("msg_id") == asked:
                replies.append(message)
                if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
                    return replies


async def _class(base: str, students: int, browsers: int, seconds: float, pause: float, figures: Figures,
                 server: int, lesson: str | None = None, sign_in: bool = False) -> None:
    from playwright.async_api import async_playwright
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=students)  # every page fetched at once, as a class does
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        start, names = asyncio.Event(), [lesson] if lesson else list(DASHBOARDS)
        tasks = []
        for i in range(students):
            name = names[i % len(names)]
            student = (_browser_student(browser, base, name, READY[name], seconds, pause, figures.browser, start)
                       if i < browsers else
                       _wire_student(base, name, READY[name], seconds, pause, figures.wire, start,
                                     f"student {i}" if sign_in else ""))
            tasks.append(asyncio.create_task(student))
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
                       "students": used["all"] - used["tree"]}
        await browser.close()


def run(students: int = 30, browsers: int = 3, seconds: float = 120, pause: float = 1.0, pool: int | None = None,
        idle: int = 90, warm: float = 300, refill: float = REFILL, lesson: str | None = None,
        sign_in: bool = True) -> Figures:
    """Start the server, let ``students`` use it for ``seconds``, ``browsers`` of them in Chromium, each reading
    its answer for ``pause`` seconds before the next move, and measure (see the module docstring). The pool
    holds by default a kernel for every student of a dashboard, as a teacher sets it for a class; with a ``lesson``
    every student opens that dashboard, which keeps a kernel ready for each ("``LESSON=``"), the others ``pool``.
    With ``sign_in`` the server runs a class (``--class``): each student signs in first, in the time measured."""
    pool = pool or (2 if lesson else -(-students // len(DASHBOARDS)))
    port = free_port()
    home = Path(os.environ.get("TMPDIR", "/tmp")) / f"zaarlab-load-{port}"
    kept = Class(home / "class") if sign_in else None
    env = voila_environment(jupyter_home(home), answers=kept.answers if kept else None, sign_in=sign_in)
    command = voila_command("127.0.0.1", port, pool, idle=idle, check=max(1, idle // 3), refill=refill,
                            lessons=[lesson] if lesson else [], class_size=students, pages=students,
                            per_device=students,  # one address
                            answers=str(kept.answers) if kept else "", teacher_key=kept.key if kept else "",
                            class_folder=str(kept.folder) if kept else "")
    with open(f"{SHOTS}/voila.log", "wb") if SHOTS else open(os.devnull, "wb") as log:  # the log beside the shots
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=log)
    figures = Figures()
    try:
        expected = pool * len(list(FOLDER.glob("*.ipynb"))) + (students - pool if lesson else 0)
        deadline = time.monotonic() + warm
        while time.monotonic() < deadline and len(kernels(server.pid)) < expected:
            time.sleep(1)
        settle(server.pid, deadline + 60)  # the pool's kernels have run their notebooks
        ready = kernels(server.pid)
        figures.kernels["pool"], figures.memory["before"] = len(ready), megabytes(server.pid)
        asyncio.run(_class(f"http://127.0.0.1:{port}", students, browsers, seconds, pause, figures, server.pid,
                           lesson, sign_in))

        def freed() -> int:  # the pool's kernels that students took are gone once their pages have closed
            return len(ready - kernels(server.pid))

        deadline = time.monotonic() + idle * 3 + 90
        while time.monotonic() < deadline and (freed() < figures.rendered
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
    parser.add_argument("--browsers", type=int, default=3, help="how many of the students are real browsers")
    parser.add_argument("--seconds", type=float, default=120, help="how long each student moves a slider")
    parser.add_argument("--pause", type=float, default=1.0, help="seconds a student reads an answer before moving")
    parser.add_argument("--pool", type=int, help="pre-heated kernels per dashboard (default: one per student)")
    parser.add_argument("--idle", type=int, default=90, help="seconds before a closed page's kernel is freed")
    parser.add_argument("--warm", type=float, default=300, help="seconds to wait for the pool at most")
    parser.add_argument("--refill", type=float, default=REFILL, help="seconds before a taken kernel is replaced")
    parser.add_argument("--lesson", choices=sorted(READY), help="every student opens this dashboard (exercises: each "
                                                               "answers the first question again and again)")
    parser.add_argument("--no-sign-in", dest="sign_in", action="store_false",
                        help="no class: nobody signs in (by default each student signs in first)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()
    figures = run(args.students, args.browsers, args.seconds, args.pause, args.pool, args.idle, args.warm,
                  args.refill, args.lesson, args.sign_in)
    print(json.dumps(dataclasses.asdict(figures)) if args.json else figures.report())


if __name__ == "__main__":
    main()
