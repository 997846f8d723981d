"""The classroom server's door: Voila, with every request checked against the class's own limits.

A classroom server puts a Python kernel per page on the teacher's laptop, on a network where any student can send
anything a browser can. :class:`ClassroomVoila` is Voila with these checks in front of its handlers:

- **the class code** (optional): without it, or its cookie, a request gets a page asking for it and nothing else;
- **a cap on pages**, per device (its network address) and in total (sized from the machine's memory by
  :mod:`zaarlab.classroom.launch`): a page over either gets a short "the server is full" page at once, never a hang;
- **a kernel belongs to its page**: a browser gets a random *seat* cookie with its first page; the first seat to
  ask for a kernel or connect to it owns it, and only that seat may do so again or shut it down;
- **kernels with a ceiling**: each kernel starts under a memory limit, and a control's answer that runs too long is
  stopped (:mod:`zaarlab.core.ceiling`, :mod:`zaarlab.ui.controls`);
- **a cap on connections** per device (:func:`connections_cap`), and an idle or slow one closed after
  :data:`IDLE_SECONDS`: one device opening thousands would use up the server's files;
- **the teacher's page** (``/zaarlab/teacher``, the class's answers: :mod:`zaarlab.teaching.answers`) only with the
  teacher's key, a random word the server prints at its start and no student sees;
- **students signed in**, in a class (``--class``): a page is served only to a browser that signed in as a student
  (:mod:`zaarlab.classroom.signin`), and its kernel is told whose page it is, so that every answer is that student's.

The checks every request passes first are the door's (:mod:`zaarlab.classroom.door`).

The bookkeeping is :class:`Ledger`'s, which knows nothing of HTTP:

>>> ledger = Ledger(per_device=2, pages=3, hold=300)
>>> [ledger.admit("10.0.0.7", live=set(), now=0) for _ in range(3)]
['', '', 'This device already has 2 pages open.']
>>> live = {"kernel-1"}
>>> ledger.claim("kernel-1", "s1", "10.0.0.7", live), ledger.claim("kernel-1", "s2", "10.0.0.9", live)
(True, False)
>>> ledger.claim("made-up", "s1", "10.0.0.7", live)  # no kernel: it frees no page's place
False
>>> ledger.admit("10.0.0.9", live={"kernel-1"}, now=1), ledger.admit("10.0.0.9", live={"kernel-1"}, now=1)
('', 'The server is full: 3 pages are open.')
"""

from __future__ import annotations

import asyncio
import hmac
import re
import time
from collections import Counter, defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from inspect import isawaitable
from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream
from tornado.web import HTTPError
from traitlets import Int, Unicode
from voila.app import Voila

from ..teaching.gradebook import CSV_FILES
from .door import CodeTries, Door
from .play import PlayPage, PlaySocket, PlotlyScript
from .signin import SheetPage, SignInPage, tell_kernel
from .students import Class, Signer, SignIns
from .teacher import TeacherEvents, TeacherFiles, TeacherPage, TeacherTables

FREE_SECONDS = 5  # a kernel with no page connected this long is freed: a reload or a short loss of the network
# reconnects sooner, a closed tab's kernel is gone within 10 s
RELOAD_SECONDS = 2  # a page asked for over the device's cap, while one of the browser's pages closes (a reload)
IDLE_SECONDS = 20  # a connection that sends no request, or its headers or body this slowly, is closed


def connections_cap(per_device: int) -> int:
    """The connections one network address may hold open at once: a page's websocket and a request beside it for
    each page it may hold, and a browser's pool of requests (six per host in Chromium and Firefox) twice over, for
    two browsers on one device.

    >>> connections_cap(6)
    24
    """
    return 2 * per_device + 12


class CappedHTTPServer(HTTPServer):
    """tornado's HTTP server, with at most ``cap`` connections open from one address at once; one more is closed as
    it arrives, before a byte of it is read (a page's own connections are far fewer: :func:`connections_cap`)."""

    def initialize(self, *args: Any, cap: int, **kwargs: Any) -> None:  # tornado's HTTPServer sets up here
        super().initialize(*args, **kwargs)
        self.cap = cap
        self.open_by_host: Counter[str] = Counter()

    def handle_stream(self, stream: IOStream, address: tuple[str, int]) -> None:
        host = address[0] if isinstance(address, tuple) and address else str(address)
        if self.open_by_host[host] >= self.cap:
            stream.close()
            return
        self.open_by_host[host] += 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn: object) -> None:
        super().on_close(server_conn)
        address = server_conn.context.address  # type: ignore[attr-defined]  # tornado's HTTP1ServerConnection
        host = address[0] if isinstance(address, tuple) and address else str(address)
        self.open_by_host[host] -= 1
        if not self.open_by_host[host]:
            del self.open_by_host[host]


@dataclass
class Ledger:
    """Who holds which page: renders whose page has not connected yet, per address, and the kernels' owners.

    ``per_device`` pages at most per address and ``pages`` in all; a page counts from its render until its kernel
    ends, or ``hold`` seconds if it never connects (a kernel no page connects to is freed after that long)."""

    per_device: int
    pages: int
    hold: float
    _waiting: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    _owners: dict[str, tuple[str, str]] = field(default_factory=dict)  # kernel -> (seat, address)

    def admit(self, address: str, live: set[str], now: float) -> str:
        """Why a new page for ``address`` is refused, or ``""`` (and it is counted); ``live`` are the kernels
        running now."""
        for kernel in [k for k in self._owners if k not in live]:
            del self._owners[kernel]
        for times in self._waiting.values():
            times[:] = [t for t in times if now - t < self.hold]
        here = len(self._waiting[address]) + sum(1 for _, a in self._owners.values() if a == address)
        if here >= self.per_device:
            return f"This device already has {here} pages open."
        total = sum(map(len, self._waiting.values())) + len(self._owners)
        if total >= self.pages:
            return f"The server is full: {total} pages are open."
        self._waiting[address].append(now)
        return ""

    def unadmit(self, address: str) -> None:
        """A page admitted for ``address`` was not served (an error): it no longer counts."""
        if self._waiting[address]:
            self._waiting[address].pop()

    def claim(self, kernel: str, seat: str, address: str, live: Collection[str]) -> bool:
        """Whether ``seat`` may connect to ``kernel``: the first seat to connect owns it (and its address's oldest
        waiting page becomes that kernel). A kernel not ``live`` (a made-up id) is no one's: its claim counts
        nothing, so it cannot free a page's place."""
        if kernel in self._owners:
            return hmac.compare_digest(self._owners[kernel][0], seat)
        if kernel not in live:
            return False
        self._owners[kernel] = (seat, address)
        if self._waiting[address]:
            self._waiting[address].pop(0)
        return True

    def owns(self, kernel: str, seat: str) -> bool:
        """Whether ``seat`` is the owner of ``kernel``."""
        return kernel in self._owners and hmac.compare_digest(self._owners[kernel][0], seat)

    def kernels_of(self, seat: str) -> list[str]:
        """The kernels ``seat`` owns."""
        return [kernel for kernel, (owner, _) in self._owners.items() if seat and hmac.compare_digest(owner, seat)]

    def owner_or_none(self, kernel: str, seat: str) -> bool:
        """Whether ``kernel`` has no owner yet or is ``seat``'s."""
        return kernel not in self._owners or self.owns(kernel, seat)


class _Admission(Door):
    """A dashboard's page: admitted under the caps, or the "full" page. A browser whose pages are closed (it reloads
    faster than their kernels are freed) has them freed at once: a reload is never refused."""

    async def _refused(self) -> bool:
        ledger, address, mine = self.settings["zaarlab_ledger"], self.request.remote_ip, self.zaarlab_seat
        why = ledger.admit(address, set(self.kernel_manager.list_kernel_ids()), time.monotonic())
        waited = 0.0
        while why and ledger.kernels_of(mine) and waited < RELOAD_SECONDS:  # a reload: its old page is closing
            closed = [k for k in ledger.kernels_of(mine) if not self.settings["zaarlab_sockets"].get(k)]
            if closed:
                await asyncio.gather(*(shut_down(self.kernel_manager, kernel) for kernel in closed))
                why = ledger.admit(address, set(self.kernel_manager.list_kernel_ids()), time.monotonic())
            else:
                await asyncio.sleep(0.1)
                waited += 0.1
        self.zaarlab_admitted = not why
        if why:
            self._page(503, why, kind="full", Retry_After="60")
        return bool(why)

    def on_finish(self):
        if getattr(self, "zaarlab_admitted", False) and self.get_status() != 200:
            self.settings["zaarlab_ledger"].unadmit(self.request.remote_ip)
        super().on_finish()


class _Owned(Door):
    """A kernel's own endpoints. A page first asks for its kernel, then connects to it: the first seat to do either
    owns the kernel, and only it may do either again or shut the kernel down (or, for ``free_for_all``, anyone
    while nobody owns it)."""

    free_for_all = False

    async def _refused(self) -> bool:
        ledger, kernel, seat = self.settings["zaarlab_ledger"], self.path_kwargs.get("kernel_id", ""), self.zaarlab_seat
        if self.free_for_all:
            allowed = ledger.owner_or_none(kernel, seat)
        elif self.request.method == "GET":
            live = set(self.kernel_manager.list_kernel_ids())
            if kernel not in live:
                raise HTTPError(404)  # before any claim: a made-up id counts nothing
            new = not ledger.owns(kernel, seat)
            allowed = bool(seat) and ledger.claim(kernel, seat, self.request.remote_ip, live)
            if allowed and new and self.zaarlab_student:  # the page's kernel learns whose page it is
                self.settings["zaarlab_signins"].page(kernel, self.zaarlab_student)
                tell_kernel(self.kernel_manager, kernel, self.zaarlab_student)
        else:
            allowed = bool(seat) and ledger.owns(kernel, seat)
        if not allowed:
            self._page(403, "This page's kernel belongs to another page.")
        return not allowed


class _Socket(_Owned):
    """A page's connection to its kernel. Once a kernel has had none for :data:`FREE_SECONDS` its page is gone (a
    tab closed, a page left or reloaded) and the kernel is shut down: its memory and its place under the caps come
    back within seconds, not after the idle culler's minutes."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        self.settings["zaarlab_sockets"][self.path_kwargs["kernel_id"]].add(self)
        return super().open(*args, **kwargs)  # type: ignore[misc]  # the guarded handler's own

    def on_close(self) -> None:
        kernel, sockets = self.path_kwargs["kernel_id"], self.settings["zaarlab_sockets"]
        sockets[kernel].discard(self)
        if not sockets[kernel]:
            del sockets[kernel]
            IOLoop.current().call_later(FREE_SECONDS, self._free_if_gone, kernel)
        super().on_close()  # type: ignore[misc]

    def _free_if_gone(self, kernel: str) -> None:
        if not self.settings["zaarlab_sockets"].get(kernel) and kernel in self.kernel_manager.list_kernel_ids():
            asyncio.ensure_future(shut_down(self.kernel_manager, kernel))


async def shut_down(kernels: Any, kernel: str) -> None:
    """Shut ``kernel`` down (if it is still running)."""
    try:
        done = kernels.shutdown_kernel(kernel)
        if isawaitable(done):
            await done
    except KeyError:  # gone meanwhile
        pass


class _Query(_Owned):
    free_for_all = True  # a page asks for its request's details before it asks for its kernel


UNSERVED = {"VoilaContentsHandler"}  # Voila's handlers a class never needs: the notebooks' names, sizes and rights

GUARDS = {  # Voila's handlers by class name, and what guards each (any other: the door alone)
    "TornadoVoilaHandler": _Admission,
    "KernelHandler": _Owned,
    "VoilaShutdownKernelHandler": _Owned,
    "VoilaKernelWebsocketHandler": _Socket,
    "RequestInfoSocketHandler": _Query,
}


class ClassroomVoila(Voila):
    """Voila serving a class: the class code, caps on pages and kernels owned by their pages (see the module)."""

    code = Unicode("", config=True, help="the class code (empty: none asked)")
    pages_per_device = Int(6, config=True, help="pages one network address may hold at once")
    pages = Int(60, config=True, help="pages the server holds at once, pre-heated ones not counted")
    page_hold = Int(300, config=True, help="seconds a page whose kernel never connects still counts")
    answers = Unicode("", config=True, help="the SQLite file of the class's answers (empty: none shown)")
    class_folder = Unicode("", config=True, help="the class's folder (zaarlab.classroom.students.Class): students "
                                                  "sign in (empty: nobody signs in)")
    teacher_key = Unicode("", config=True, help="the key of the teacher's page (empty: no teacher's page)")
    away_minutes = Int(5, config=True, help="minutes a student may be away from a match before a bot plays their seat")

    def init_settings(self):
        settings = super().init_settings()
        settings["zaarlab_code"] = self.code
        settings["zaarlab_answers"], settings["zaarlab_teacher_key"] = self.answers, self.teacher_key
        settings["zaarlab_ledger"] = Ledger(self.pages_per_device, self.pages, self.page_hold)
        settings["zaarlab_sockets"] = defaultdict(set)  # kernel -> the page connections open to it
        settings["zaarlab_code_tries"], settings["zaarlab_signin_tries"] = CodeTries(), CodeTries()
        kept = Class(Path(self.class_folder)) if self.class_folder else None
        settings["zaarlab_signins"] = SignIns(kept.answers) if kept else None
        settings["zaarlab_signer"] = Signer(kept.secret) if kept else None
        settings["zaarlab_roster"] = kept.roster if kept else ()
        settings["zaarlab_away"] = 60 * self.away_minutes
        return settings

    def listen(self):
        """Voila's own, on a :class:`CappedHTTPServer` (at most :func:`connections_cap` connections per device), with
        a connection that sends nothing, or its headers or body slowly, closed after :data:`IDLE_SECONDS` (tornado's
        default waits an hour: a few thousand half-open connections would use up the server's files). A page's
        websocket, once open, is not timed."""
        cap = connections_cap(self.pages_per_device)

        def listen_capped(port: int, address: str | None = None, **kwargs: Any) -> HTTPServer:
            server = CappedHTTPServer(self.app, cap=cap, idle_connection_timeout=IDLE_SECONDS,
                                      body_timeout=IDLE_SECONDS)
            server.listen(port, address=address, **kwargs)
            return server

        self.app.listen = listen_capped
        super().listen()

    def init_handlers(self):
        guarded = [(url_path_join(self.server_url, "zaarlab/teacher"), TeacherPage),
                   (url_path_join(self.server_url, "zaarlab/teacher/events"), TeacherEvents),
                   (url_path_join(self.server_url, f"zaarlab/teacher/({'|'.join(map(re.escape, CSV_FILES))})"),
                    TeacherFiles),
                   (url_path_join(self.server_url, "zaarlab/signin"), SignInPage),
                   (url_path_join(self.server_url, "zaarlab/teacher/sheet"), SheetPage),
                   (url_path_join(self.server_url, "zaarlab/teacher/tables"), TeacherTables),
                   (url_path_join(self.server_url, "zaarlab/play"), PlayPage),
                   (url_path_join(self.server_url, "zaarlab/play/socket"), PlaySocket),
                   (url_path_join(self.server_url, "zaarlab/play/plotly.js"), PlotlyScript)]
        for pattern, handler, *rest in super().init_handlers():
            if handler.__name__ in UNSERVED:
                continue
            guard = GUARDS.get(handler.__name__, Door)
            guarded.append((pattern, type(f"Guarded{handler.__name__}", (guard, handler), {}), *rest))
        return guarded


main = ClassroomVoila.launch_instance

if __name__ == "__main__":
    main()
