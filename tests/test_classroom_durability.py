"""Nothing lost: students check answers on the exercises page, twenty a second, the classroom server and its kernels
are killed (SIGKILL: no chance to save anything), and after a restart on the same answers every answer whose
feedback a student was shown is there, in a file SQLite finds whole.

The students are pages that draw nothing (``tests.classroom_load.Wire``): each types a name and answers in the first
exercise through the widgets' messages, as a browser's widgets send them, and counts the feedback it is shown."""

import asyncio
import json
import os
import re
import signal
import sqlite3
import time
from uuid import uuid4

import pytest

from tests.classroom_load import Wire
from tests.processes import free_port, jupyter_home, listening, serving, tree
from zaarlab.classroom.door import SEAT
from zaarlab.classroom.launch import voila_command, voila_environment

pytestmark = pytest.mark.xdist_group("classroom-door")  # one server at a time: each starts kernels on both cores
STUDENTS = 6
RATE = 20  # answers a second, all students together


async def student(base: str, n: int, shown: list[str], stop: asyncio.Event) -> None:
    """A page of the exercises dashboard: the name ``student n``, then answers (each a different fraction) checked
    in the first exercise, one every ``STUDENTS / RATE`` seconds; each answer whose feedback comes back is ``shown``."""
    from jupyter_server.services.kernels.connection.base import deserialize_binary_message
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    reply = await AsyncHTTPClient().fetch(f"{base}/voila/render/exercises.ipynb", request_timeout=300)
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', reply.body.decode())[1]
    seat = next(c.split(";")[0] for c in reply.headers.get_list("Set-Cookie") if c.startswith(f"{SEAT}="))
    socket = await websocket_connect(HTTPRequest(f"ws{base[4:]}/api/kernels/{kernel}/channels?session_id={uuid4()}",
                                                 headers={"Cookie": seat}))
    wire = Wire(socket, deserialize_binary_message)
    control = uuid4().hex
    await wire.ask(control, {}, "comm_open", {"version": "1.0.0"}, target_name="jupyter.widget.control")
    states = next(m["content"]["data"]["states"] for m in await wire.ask(control, {"method": "request_states"})
                  if m["msg_type"] == "comm_msg")
    box = next(s["state"] for s in states.values() if "zaarlab-exercise" in s["state"].get("_dom_classes", ()))
    parts = [child.removeprefix("IPY_MODEL_") for child in box["children"]]
    name, row = parts[1], states[parts[4]]["state"]["children"]
    answer, check = row[0].removeprefix("IPY_MODEL_"), row[2].removeprefix("IPY_MODEL_")
    await wire.ask(name, {"method": "update", "state": {"value": f"student {n}"}, "buffer_paths": []})
    tries, next_one = 0, time.monotonic()
    while not stop.is_set():
        tries += 1
        typed = f"{tries}/{1000 + n}"
        await wire.ask(answer, {"method": "update", "state": {"value": typed}, "buffer_paths": []})
        replies = await wire.ask(check, {"method": "custom", "content": {"event": "click"}})
        told = " ".join(str(m["content"]["data"].get("state", {}).get("value", "")) for m in replies
                        if m["msg_type"] == "comm_msg" and m["content"]["data"].get("method") == "update")
        # the feedback (sent when it changes: the same "Not yet" twice is one message) and the page's count of
        # answers checked come once the answer is kept: either says the student was told
        if "Not yet" in told or "Right" in told or f"{tries} answer{'s' * (tries > 1)} checked" in told:
            shown.append(f"student {n}:{typed}")
        next_one += STUDENTS / RATE  # the class's pace, whatever each round trip took
        await asyncio.sleep(max(0.0, next_one - time.monotonic()))


async def a_class_until_killed(base: str, server: int, shown: list[str], after: float) -> float:
    """The students answer until ``after`` seconds have passed, then the server and every kernel are killed at
    once; the answers a second they managed."""
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=STUDENTS)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(student(base, n, shown, stop)) for n in range(STUDENTS)]
    deadline = time.monotonic() + 300
    while len(shown) < 3 * STUDENTS:  # every page answering
        if any(t.done() for t in tasks):
            [t.result() for t in tasks if t.done()]  # a student that failed: its error
        if time.monotonic() > deadline:
            raise TimeoutError(f"the pages answered {len(shown)} times in 300 s")
        await asyncio.sleep(0.1)
    began, counted = time.monotonic(), len(shown)
    await asyncio.sleep(after)
    rate = (len(shown) - counted) / (time.monotonic() - began)
    for pid in tree(server):  # the server and its kernels, all at once, mid-answer
        os.kill(pid, signal.SIGKILL)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)  # their connections are gone
    return rate


def test_a_server_killed_mid_lesson_keeps_every_answer_a_student_was_told_about(tmp_path):
    answers = tmp_path / "answers.sqlite"
    port = free_port()
    command = voila_command("127.0.0.1", port, 0, pages=20, per_device=20, answers=str(answers), teacher_key="k")
    env = voila_environment(jupyter_home(tmp_path), answers=answers)
    shown: list[str] = []
    with serving("classroom", command, env, port, tmp_path / "voila.log") as base:
        server = listening(port)
        rate = asyncio.run(a_class_until_killed(base, server, shown, after=5))
    assert rate * 5 >= RATE, f"{rate:.1f} answers a second: the pages hardly answered"  # paced at RATE (20.0 alone)
    port = free_port()  # the server again, on the same answers
    command = voila_command("127.0.0.1", port, 0, pages=20, per_device=20, answers=str(answers), teacher_key="k")
    with serving("classroom", command, env, port, tmp_path / "voila-again.log") as base:
        from urllib.request import urlopen

        page = urlopen(f"{base}/zaarlab/teacher?key=k", timeout=60).read().decode()
    book = sqlite3.connect(answers)
    assert book.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    kept = {f"{name}:{typed}" for name, typed in book.execute("SELECT name, typed FROM answers")}
    assert set(shown) <= kept, f"lost {len(set(shown) - kept)} of {len(shown)}"
    assert all(f"student {n}" in page for n in range(STUDENTS))  # and the teacher's page reads them
    print(json.dumps({"answers_per_second": round(rate, 1), "shown": len(shown), "kept": len(kept)}))
