"""The classroom server against its students (``zaarlab.classroom.server``), on a live server: the class code, the
caps on pages (a hundred pages asked at once from one device), kernels that belong to their pages (a classmate's
DELETE once shut any kernel down), kernels under a ceiling, and tampered widget messages sent over the websocket to
every dashboard.

Clients come from several loopback addresses (127.0.0.2, ...) to play several devices."""

import asyncio
import html
import http.client
import re
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from email.message import Message
from pathlib import Path
from uuid import uuid4

import pytest

from tests.classroom_load import Wire
from tests.processes import free_port, jupyter_home, kernels, listening, megabytes, serving
from zaarlab.classroom.door import CODE, SEAT
from zaarlab.classroom.launch import voila_command, voila_environment
from zaarlab.classroom.server import connections_cap
from zaarlab.core.ceiling import KERNEL_MEGABYTES

pytestmark = pytest.mark.xdist_group("classroom-door")  # one server at a time: each starts kernels on both cores
DICE = "/voila/render/dice_sums.ipynb"


@contextmanager
def classroom(tmp_path: Path, **limits):
    """A classroom server (no kernel pre-heated) with ``limits`` (``pages``, ``per_device``, ``code``); yields its
    port and the server's process id."""
    port = free_port()
    command = voila_command("127.0.0.1", port, 0, **limits)
    with serving("classroom", command, voila_environment(jupyter_home(tmp_path)), port, tmp_path / "voila.log"):
        yield port, listening(port)


def ask(port: int, method: str, path: str, cookie: str = "", device: str = "127.0.0.1",
        headers: dict | None = None, body: str | None = None) -> tuple[int, Message, str]:
    """One request from ``device`` (a loopback address), with ``body`` if any: its status, headers and body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300, source_address=(device, 0))
    connection.request(method, path, body=body,
                       headers={**({"Cookie": cookie} if cookie else {}), **(headers or {})})
    reply = connection.getresponse()
    body = reply.read().decode(errors="replace")
    connection.close()
    return reply.status, reply.headers, body


def cookie(headers: Message, name: str = SEAT) -> str:
    """The cookie ``name`` a reply sets, as a page sends it back."""
    return next(c.split(";")[0] for c in headers.get_all("Set-Cookie", []) if c.startswith(f"{name}="))


def connect(port: int, kernel: str, cookie: str, device: str = "127.0.0.1"):
    """The kernel's websocket, as a page on ``device`` opens it with ``cookie``."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    return websocket_connect(HTTPRequest(f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels?session_id="
                                         f"{uuid4()}", headers={"Cookie": cookie}, network_interface=device))


async def connects(port: int, kernel: str, cookie: str) -> bool:
    try:
        socket = await connect(port, kernel, cookie)
    except Exception as refused:  # tornado's HTTPClientError for a refused handshake
        assert "403" in str(refused)
        return False
    socket.close()
    return True


def test_no_page_without_the_class_code(tmp_path):
    with classroom(tmp_path, code="owl-7") as (port, _):
        for path in ("/", "/voila/files/index.html", DICE, "/voila/static/voila.js", f"/api/kernels/{uuid4()}"):
            status, _, body = ask(port, "GET", path)
            assert status == 403 and "type the code your teacher gave you" in body, path
        status, _, body = ask(port, "GET", "/?code=owl-8")
        assert status == 403 and "not this class's code" in html.unescape(body)
        status, headers, _ = ask(port, "GET", "/voila/files/index.html?code=owl-7")
        assert status == 302 and headers["location"] == "/voila/files/index.html"  # the code leaves the address
        assert cookie(headers, CODE) == "zaarlab_code=owl-7" and "HttpOnly" in headers["Set-Cookie"]
        status, _, body = ask(port, "GET", "/voila/files/index.html", cookie(headers, CODE))
        assert status == 200 and "Dice sums, exactly" in body


def test_odd_requests_get_400_or_404_and_wrong_codes_lock_the_device_out(tmp_path):
    """Bytes that are not UTF-8 in a query, a path that climbs out of the template's folder, a made-up kernel id and
    the notebooks' listing each got a 500 or an answer; and a script could try a thousand class codes a second."""
    with classroom(tmp_path, code="owl-7") as (port, _):
        opened = time.monotonic()
        silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
        silent[1].sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # headers begun, never ended
        silent[2].sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nab")  # a body begun
        status, headers, _ = ask(port, "GET", "/?code=owl-7")
        entered = cookie(headers, CODE)
        assert ask(port, "GET", "/?code=owl-7&z=%ff")[0] == 400
        for path in ("/voila/templates/zaarlab/static/../../../../../../../etc/passwd",
                     "/voila/templates/zaarlab/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/voila/api/contents",
                     "/voila/api/contents/dice_sums.ipynb", f"/api/kernels/{uuid4()}"):
            status, _, body = ask(port, "GET", path, entered)
            assert status == 404 and "root:" not in body, path
        began = time.monotonic()
        statuses = [ask(port, "GET", f"/?code=guess-{n}", device="127.0.0.9")[0] for n in range(20)]
        assert statuses == [403] * 20 and time.monotonic() - began > 10  # the 6th to 20th waited a second each
        status, headers, body = ask(port, "GET", "/?code=owl-7", device="127.0.0.9")  # even the right one, now
        assert status == 429 and int(headers["retry-after"]) > 600 and "Too many wrong codes" in body
        assert ask(port, "GET", "/?code=owl-7", device="127.0.0.10")[0] == 302  # another device is not locked
        for connection in silent:  # idle and slow connections: closed by the server within 30 s of opening
            connection.settimeout(max(1.0, 30 - (time.monotonic() - opened)))
            while connection.recv(65536):  # whatever it says, then the end (a time-out here fails the test)
                pass
            connection.close()
        assert time.monotonic() - opened < 30


def _answer(port: int, device: str) -> bytes:
    """What a new connection from ``device`` gets for ``GET /``: the reply's first bytes, or nothing if the server
    closes it unanswered."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(device, 0)) as connection:
        try:
            connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return connection.recv(12)
        except (ConnectionResetError, BrokenPipeError):  # closed before the request was read
            return b""


def test_a_device_holds_at_most_its_cap_of_connections_and_one_more_is_closed_at_once(tmp_path):
    """Connections were not counted per device: one script could open thousands and use up the server's files.
    Past its cap (14 for one page) a device's connection is closed before it is read; another device, and the same
    device once it has closed one, are served."""
    with classroom(tmp_path, per_device=1, pages=5) as (port, _):
        held = [socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.3", 0))
                for _ in range(connections_cap(1))]
        assert _answer(port, "127.0.0.3") == b""
        assert _answer(port, "127.0.0.4") == b"HTTP/1.1 200"
        held.pop().close()
        deadline = time.monotonic() + 10  # the server learns of the close from its own event loop
        while (reply := _answer(port, "127.0.0.3")) == b"" and time.monotonic() < deadline:
            pass
        assert reply == b"HTTP/1.1 200"
        for connection in held:
            connection.close()


def test_a_kernel_belongs_to_the_page_that_started_it(tmp_path):
    """A classmate may know a kernel's id (it is in the page): it cannot connect, ask for it or shut it down, with
    Jupyter's own XSRF check passed by a self-made token; its owner still can."""
    with classroom(tmp_path) as (port, server):
        asyncio.run(_only_its_owner(port, server))


async def _only_its_owner(port: int, server: int) -> None:
    status, headers, page = ask(port, "GET", DICE, device="127.0.0.2")
    assert status == 200
    kernel, owner = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1), cookie(headers)
    socket = await connect(port, kernel, owner, "127.0.0.2")  # the page, open all along
    xsrf = {"X-XSRFToken": "mine"}
    for classmate in (f"{SEAT}=a-classmates-seat; _xsrf=mine", "_xsrf=mine"):
        assert not await connects(port, kernel, classmate)
        for method, path in (("GET", f"/api/kernels/{kernel}"), ("DELETE", f"/api/kernels/{kernel}"),
                             ("POST", f"/voila/api/shutdown/{kernel}")):
            status, _, body = ask(port, method, path, classmate, device="127.0.0.3", headers=xsrf)
            assert status == 403 and "belongs to another page" in body, (method, path)
    assert ask(port, "GET", f"/api/kernels/{kernel}", owner, device="127.0.0.2")[0] == 200  # still there
    (pid,) = kernels(server)
    limits = Path(f"/proc/{pid}/limits").read_text()
    assert re.search(rf"Max data size\s+{KERNEL_MEGABYTES * 2**20}\s", limits)  # under its ceiling
    status, _, _ = ask(port, "DELETE", f"/api/kernels/{kernel}", f"{owner}; _xsrf=mine", "127.0.0.2", xsrf)
    assert status == 204 and not kernels(server)  # its owner may
    socket.close()


async def _opened(port: int, device: str, seat: str = "") -> tuple[str, str, object]:
    """A page of the dice dashboard opened from ``device`` (with the browser's ``seat`` cookie, if it has one), its
    kernel connected: the kernel, the seat, the page's connection."""
    status, headers, page = ask(port, "GET", DICE, cookie=seat, device=device)
    assert status == 200, page[:300]
    seat = seat or cookie(headers)
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
    return kernel, seat, await connect(port, kernel, seat, device)


def test_a_closed_pages_kernel_is_freed_within_ten_seconds_and_a_reload_is_never_refused(tmp_path):
    """A closed tab's kernel held its place (and 100 MB) for five minutes, and a student who reloaded five times was
    locked out ("This device already has 6 pages open")."""
    with classroom(tmp_path, per_device=2) as (port, server):
        asyncio.run(_closed_and_reloaded(port, server))


async def _closed_and_reloaded(port: int, server: int) -> None:
    kernel, seat, socket = await _opened(port, "127.0.0.2")
    socket.close()  # the tab closed
    closed = time.monotonic()
    while kernels(server) and time.monotonic() - closed < 10:
        await asyncio.sleep(0.2)
    assert not kernels(server), "the closed page's kernel is still there after 10 s"
    kernel, seat, socket = await _opened(port, "127.0.0.3")
    for _ in range(5):  # reload after reload, each faster than a kernel is freed, on a device of two pages
        socket.close()
        await asyncio.sleep(0.01)  # the close goes out (this loop waits while a page is asked for, a browser not)
        kernel, seat, socket = await _opened(port, "127.0.0.3", seat)
    assert len(kernels(server)) <= 2  # the page, and at most the one it left (freed at once when it is in the way)
    assert ask(port, "GET", DICE, cookie=seat, device="127.0.0.3")[0] == 200  # another tab: the page left is freed
    status, _, body = ask(port, "GET", DICE, cookie=seat, device="127.0.0.3")  # a third page open: over the cap
    assert status == 503 and "This device already has 2 pages open" in body
    socket.close()


def _asked_at_once(port: int, began: float) -> tuple:
    """``GET`` of the dice page, with the seconds it took; a connection the server closes unanswered (past the
    device's cap of connections) has the status ``None``."""
    try:
        return *ask(port, "GET", DICE), time.monotonic() - began
    except (ConnectionResetError, http.client.RemoteDisconnected):
        return None, None, "", time.monotonic() - began


def test_a_hundred_pages_at_once_from_one_device_get_the_full_page(tmp_path):
    """Each page once started a kernel (~85 MB), without limit: here one device holds 3 and the server 5, and every
    page over the cap gets the "full" page at once, or, past the device's cap of connections (18 for 3 pages; a
    browser opens six at most to one server), its connection closed at once."""
    with classroom(tmp_path, per_device=3, pages=5) as (port, server):
        before = megabytes(server)
        began = time.monotonic()
        with ThreadPoolExecutor(100) as pool:
            replies = list(pool.map(lambda _: _asked_at_once(port, began), range(100)))
        served = [r for r in replies if r[0] == 200]
        full = [r for r in replies if r[0] == 503]
        closed = [r for r in replies if r[0] is None]
        assert len(served) == 3 and len(full) + len(closed) == 97 and len(full) >= connections_cap(3) - 3
        assert all("This device already has 3 pages open" in body and headers["retry-after"] == "60"
                   for _, headers, body, _ in full)
        assert max(seconds for *_, seconds in full + closed) < min(seconds for *_, seconds in served)  # no wait
        assert len(kernels(server)) == 3
        assert megabytes(server) - before < 3 * KERNEL_MEGABYTES
        assert [ask(port, "GET", DICE, device=device)[0] for device in ("127.0.0.4", "127.0.0.4", "127.0.0.5")] \
            == [200, 200, 503]  # the server's own cap: 5 pages in all
        status, _, body = ask(port, "GET", DICE, device="127.0.0.6")
        assert status == 503 and "The server is full: 5 pages are open" in body
        assert len(kernels(server)) == 5


async def send(wire: Wire, comm: str, data: dict) -> list[dict]:
    """The widgets' updates the kernel sends in reply to a comm message."""
    return [m["content"]["data"] for m in await wire.ask(comm, data) if m["msg_type"] == "comm_msg"]


CONTROLS = ("IntSliderModel", "DropdownModel", "SelectMultipleModel", "CheckboxModel", "ToggleButtonModel",
            "ButtonModel")
LONG = "x" * 200_000
ATTACKS = [{"max": 100_000}, {"value": 20_000}, {"min": -100_000}, {"value": "many"}, {"value": LONG},
           {"index": 999}, {"index": [0, 999]}, {"options": ["mine"]}, {"disabled": False}, {"description": LONG}]


async def attack(port: int, name: str, server: int) -> str:
    """Send every control of dashboard ``name`` every attack; the page's kernel and seat, to end it with."""
    status, headers, page = ask(port, "GET", f"/voila/render/{name}.ipynb")
    assert status == 200, name
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
    from jupyter_server.services.kernels.connection.base import deserialize_binary_message

    socket = await connect(port, kernel, cookie(headers))
    wire = Wire(socket, deserialize_binary_message)
    control = uuid4().hex
    await wire.ask(control, {}, "comm_open", {"version": "1.0.0"}, target_name="jupyter.widget.control")
    (reply,) = [u for u in await send(wire, control, {"method": "request_states"}) if "states" in u]
    states = reply["states"]
    targets = [i for i, m in states.items() if m["model_name"] in CONTROLS]
    assert targets, name
    told = []
    for widget in targets:
        for state in ATTACKS:
            for update in await send(wire, widget, {"method": "update", "state": state, "buffer_paths": []}):
                told += [str(update.get("state", {}).get("value", ""))]
    assert any("A change this page cannot make was refused" in text for text in told), name
    slider = next((i for i in targets if states[i]["model_name"] == "IntSliderModel"), None)
    if slider:  # the dashboard still answers a student's move within its range
        old = states[slider]["state"]
        value = old["value"] + 1 if old["value"] < old["max"] else old["value"] - 1
        answered = await send(wire, slider, {"method": "update", "state": {"value": value}, "buffer_paths": []})
        assert any(u.get("method") == "update" for u in answered), name
    (pid,) = kernels(server)
    assert megabytes(pid) < KERNEL_MEGABYTES, name
    socket.close()
    return kernel, cookie(headers)


def test_tampered_widget_messages_to_every_dashboard_are_refused_on_the_page(tmp_path):
    """The issue's attack, over the wire: a slider sent ``max: 100000`` then ``value: 20000`` once summed 20,000
    dice until the laptop ran out of memory. Every control of every dashboard is sent values outside its range,
    unlisted options, wrong types and long strings: the page is told of the refusal, the kernel stays small and
    answers."""
    from zaarlab.classroom.launch import dashboards

    with classroom(tmp_path) as (port, server):
        for board in dashboards():
            kernel, seat = asyncio.run(attack(port, board.name, server))
            ask(port, "DELETE", f"/api/kernels/{kernel}", f"{seat}; _xsrf=mine", headers={"X-XSRFToken": "mine"})
            assert not kernels(server)  # one kernel at a time: the memory read is each dashboard's own


def test_a_second_server_on_the_port_of_a_running_one_stops_with_one_line(tmp_path):
    import subprocess
    import sys

    with classroom(tmp_path) as (port, server):
        second = subprocess.run([sys.executable, "-m", "zaarlab.classroom", "--port", str(port)], capture_output=True,
                                text=True, timeout=120)
        assert second.returncode == 2 and second.stdout == ""  # no address, no QR code
        assert second.stderr.count("\n") == 1 and f"port {port} of 127.0.0.1 is not free" in second.stderr
        assert ask(port, "GET", "/voila/files/index.html")[0] == 200  # the first one serves on
