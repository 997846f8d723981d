"""The classroom server's door: what every request passes before Voila's handler sees it (:class:`Door`), and the
wrong class codes it counts (:class:`CodeTries`).

- no path out of the folders served, by any spelling;
- the class code (optional): without it, or its cookie, a request gets a page asking for it and nothing else;
- a *seat* cookie for a browser that has none (which page a kernel belongs to: :mod:`zaarlab.classroom.server`);
- in a class whose students sign in, the student's cookie, signed by the class (:mod:`zaarlab.classroom.signin`):
  without it a page is sent to sign in first.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections import defaultdict
from dataclasses import dataclass, field
from inspect import isawaitable
from urllib.parse import unquote, urlencode

from jupyter_server.utils import url_path_join
from tornado.web import HTTPError

from ..ui.pages import render

CODE = "zaarlab_code"  # the cookie that holds the class code once typed
SEAT = "zaarlab_seat"  # the cookie that says which browser a page is
STUDENT = "zaarlab_student"  # the cookie that says which student signed in on this browser (signed by the class)


@dataclass
class CodeTries:
    """Wrong class codes per address: after ``free`` of them each is answered ``delay`` seconds late, and after
    ``most`` within ``window`` seconds the address is locked out for ``lock`` seconds. A right code forgets them.

    A code of a word and a digit falls to a script that tries a thousand a second; here one address gets ``most``
    tries a quarter of an hour.

    >>> tries = CodeTries(free=2, most=4, window=900, lock=900, delay=1.0)
    >>> [tries.wrong("10.0.0.7", now=t) for t in range(4)], tries.locked_for("10.0.0.7", now=5)
    ([0.0, 0.0, 1.0, 1.0], 898)
    >>> tries.locked_for("10.0.0.7", now=905), tries.locked_for("10.0.0.8", now=5)
    (0, 0)
    """

    free: int = 5
    most: int = 20
    window: float = 900
    lock: float = 900
    delay: float = 1.0
    _wrong: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    _until: dict[str, float] = field(default_factory=dict)

    def wrong(self, address: str, now: float) -> float:
        """Count a wrong code from ``address``; the seconds to wait before answering it."""
        times = self._wrong[address]
        times[:] = [t for t in times if now - t < self.window] + [now]
        if len(times) >= self.most:
            self._until[address] = now + self.lock
            times.clear()
        return self.delay if len(times) > self.free or address in self._until else 0.0

    def locked_for(self, address: str, now: float) -> int:
        """The whole seconds ``address`` is still locked out for (0: not locked)."""
        until = self._until.get(address, 0.0)
        if until <= now:
            self._until.pop(address, None)
            return 0
        return int(until - now)

    def forget(self, address: str) -> None:
        self._wrong.pop(address, None)


class Door:
    """Every request: no path out of the folders served, the class code, and a seat cookie for a browser that has
    none."""

    async def prepare(self):
        settings = self.settings
        if ".." in unquote(self.request.path).split("/"):  # no file outside the folders served, by any path
            raise HTTPError(404)
        code = settings["zaarlab_code"]
        if code and not await self._has_code(code):
            return
        self.zaarlab_seat = self.get_cookie(SEAT) or ""
        if not self.zaarlab_seat and self.request.method == "GET" and not self._is_websocket():
            self.zaarlab_seat = secrets.token_urlsafe(18)
            self.set_cookie(SEAT, self.zaarlab_seat, httponly=True, samesite="Strict")
        self.zaarlab_student = self._student()
        if settings["zaarlab_signins"] is not None and self.needs_student and not self.zaarlab_student:
            self._ask_to_sign_in()
            return
        if await self._refused():
            return
        result = super().prepare()
        if isawaitable(result):
            await result

    async def _has_code(self, code: str) -> bool:
        """Whether the request carries the class code; else it was answered (the code asked for, or a wrong code's
        refusal, slowed and then locked out per address: :class:`CodeTries`)."""
        tries, address, now = self.settings["zaarlab_code_tries"], self.request.remote_ip, time.monotonic()
        if hmac.compare_digest((self.get_cookie(CODE) or "").encode(), code.encode()):
            return True
        locked = tries.locked_for(address, now)
        if locked:
            self._page(429, f"Too many wrong codes from this device: try again in {locked // 60 + 1} minutes, or ask "
                            "your teacher.", Retry_After=str(locked))
            return False
        typed = self.get_query_argument("code", None)  # tornado answers 400 for bytes that are not UTF-8
        if typed is not None and hmac.compare_digest(typed.encode(), code.encode()):
            tries.forget(address)
            self.set_cookie(CODE, code, httponly=True, samesite="Strict")
            rest = {k: self.get_query_argument(k) for k in self.request.query_arguments if k != "code"}
            self.redirect(self.request.path + (f"?{urlencode(rest)}" if rest else ""))
            return False
        if typed is not None:
            await asyncio.sleep(tries.wrong(address, now))
        why = ("That is not this class's code." if typed is not None
               else "This server is for one class: type the code your teacher gave you.")
        self._page(403, why, kind="code")
        return False

    needs_student = True  # in a class that signs in, whether this handler serves only a signed-in student

    def _student(self) -> str:
        """The student this browser signed in as (a cookie signed by the class, of a device still signed in), or
        ``""``."""
        signins = self.settings["zaarlab_signins"]
        signed = self.settings["zaarlab_signer"].read(self.get_cookie(STUDENT) or "") if signins else None
        return signed[0] if signed and signins.holds(*signed) else ""

    def _ask_to_sign_in(self) -> None:
        if self.request.method == "GET" and not self._is_websocket():
            self.redirect(url_path_join(self.settings["base_url"], "zaarlab/signin") + "?"
                          + urlencode({"next": self.request.uri or "/"}))
        else:
            self._page(403, "Sign in first: open the class's address again.")

    def _is_websocket(self) -> bool:
        return self.request.headers.get("Upgrade", "").lower() == "websocket"

    def _page(self, status: int, why: str, kind: str = "refused", **headers: str) -> None:
        """Answer with a page of the door (``page-templates/door.html.j2``): the code asked for, the server full, or
        ``why`` a request is refused."""
        self.clear()
        self.set_status(status)
        for name, value in headers.items():
            self.set_header(name.replace("_", "-"), value)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(render("zaarlab.classroom", "door.html.j2", kind=kind, why=why))

    async def _refused(self) -> bool:
        """Whether this request was answered with a refusal (the handler's kind decides)."""
        return False


class TeacherOnly(Door):
    """A page for the teacher only: it asks for the teacher's key, a random word the server prints at its start and
    no student sees."""

    needs_student = False

    def teacher(self) -> bool:
        """Whether the request carries the teacher's key; else it was answered with a refusal."""
        key, typed = self.settings["zaarlab_teacher_key"], self.get_query_argument("key", "")
        if key and hmac.compare_digest(typed.encode(), key.encode()):
            return True
        self._page(403, "This page is the teacher's: open the address the server printed when it started.")
        return False
