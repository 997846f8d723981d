"""Students signing in to a class (:class:`SignInPage`), the sheet of a roster's sign-in codes for the teacher
(:class:`SheetPage`), and each page's kernel told whose page it is (:func:`tell_kernel`).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from inspect import isawaitable
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup
from tornado.web import HTTPError, RequestHandler

from ..ui.pages import render
from .door import STUDENT, Door, TeacherOnly
from .students import MAX_NAME, check_name

TELL_SECONDS = 30  # a kernel told whose page it is answers within this (it may be finishing its notebook)
LOG = logging.getLogger("zaarlab.classroom")


class SignInPage(Door, RequestHandler):
    """A student signs in (``page-templates/door.html.j2``, kind ``signin``): with a roster, their name and the code
    printed for them; without one, a name no other device holds. The browser then carries a cookie the class signed
    (:class:`~zaarlab.classroom.students.Signer`), and is sent back to the page it asked for."""

    needs_student = False

    def get(self):
        self._form()

    async def post(self):
        self.check_xsrf_cookie()  # a form of this server's own, never another site's
        signins, roster = self.settings["zaarlab_signins"], self.settings["zaarlab_roster"]
        tries, address, now = self.settings["zaarlab_signin_tries"], self.request.remote_ip, time.monotonic()
        locked = tries.locked_for(address, now)
        if locked:
            self._form(f"Too many wrong codes from this device: try again in {locked // 60 + 1} minutes, or ask your "
                       "teacher.", 429)
            return
        name = " ".join(self.get_body_argument("name", "").split())[:MAX_NAME + 1]
        if roster:
            student = next((s for s in roster if s.name.casefold() == name.casefold()), None)
            typed = self.get_body_argument("pin", "").strip().upper()
            if student is None or not hmac.compare_digest(typed.encode(), student.code.encode()):
                await asyncio.sleep(tries.wrong(address, now))
                self._form("That name and code do not go together: type them as your teacher's sheet shows.", 403)
                return
            tries.forget(address)
            name = student.name
        else:
            try:
                check_name(name, "your name")
            except ValueError as error:
                self._form(str(error).removeprefix("your name: ").capitalize() + ".", 400)
                return
        device = secrets.token_urlsafe(12)
        if not signins.claim(name, device, only=not roster):
            self._form(f"{name} is signed in on another device: choose another name, or ask your teacher to let "
                       "you in.", 409)
            return
        self.set_cookie(STUDENT, self.settings["zaarlab_signer"].sign(name, device), httponly=True,
                        samesite="Strict", expires_days=30)
        self.redirect(self._next())

    def _next(self) -> str:
        """Where to go after signing in: a page of this server (never another site)."""
        target = self.get_argument("next", "/")
        return target if target.startswith("/") and not target.startswith("//") and "\\" not in target else "/"

    def _form(self, why: str = "", status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(render("zaarlab.classroom", "door.html.j2", kind="signin", why=why,
                           roster=bool(self.settings["zaarlab_roster"]), next=self._next(),
                           xsrf=self.xsrf_token.decode(), name=self.get_argument("name", "")[:MAX_NAME],
                           pin=self.get_argument("pin", "")[:12]))


def tell_kernel(kernels: Any, kernel: str, student: str) -> None:
    """Tell the page's kernel whose page it is (:meth:`zaarlab.teaching.answers.PageAnswers.sign_in`), in the
    background: the page's own connection does not wait for it."""
    asyncio.ensure_future(_tell_kernel(kernels, kernel, student))


async def _tell_kernel(kernels: Any, kernel: str, student: str) -> None:
    client = kernels.get_kernel(kernel).client()
    client.start_channels()
    try:
        asked = client.execute(f"from zaarlab.teaching.answers import THIS_PAGE; THIS_PAGE.sign_in({student!r})",
                               silent=True, store_history=False)
        deadline = time.monotonic() + TELL_SECONDS
        while time.monotonic() < deadline:
            reply = client.get_shell_msg(timeout=TELL_SECONDS)
            reply = await reply if isawaitable(reply) else reply
            if reply.get("parent_header", {}).get("msg_id") == asked:
                break
    except Exception:  # a kernel that ended meanwhile: its page is gone
        LOG.warning("could not tell kernel %s whose page it is", kernel, exc_info=True)
    finally:
        client.stop_channels()


class SheetPage(TeacherOnly, RequestHandler):
    """For the teacher's key only: the class's students, each with their sign-in code and a QR code that opens the
    sign-in page filled in (a roster's sheet, to print and cut); every name signed in, each with a button that signs
    its devices out so that the student can sign in again elsewhere (a lost phone, a name taken by mistake)."""

    def get(self):
        if self._teacher():
            self._sheet()

    def post(self):
        self.check_xsrf_cookie()
        if self._teacher():
            name = self.get_body_argument("release", "")[:MAX_NAME + 1]
            self.settings["zaarlab_signins"].release(name)
            self._sheet(f"{name} may sign in again, on any device." if name else "")

    def _teacher(self) -> bool:
        if self.settings["zaarlab_signins"] is None:  # a class without sign-in has no sheet
            raise HTTPError(404)
        return self.teacher()

    def _sheet(self, said: str = "") -> None:
        roster, signins = self.settings["zaarlab_roster"], self.settings["zaarlab_signins"]
        here = f"{self.request.protocol}://{self.request.host}{self.settings['base_url']}zaarlab/signin"
        code = {"code": self.settings["zaarlab_code"]} if self.settings["zaarlab_code"] else {}
        students = [(s.name, s.code, qr_svg(f"{here}?{urlencode({'name': s.name, 'pin': s.code, **code})}"))
                    for s in roster]
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(render("zaarlab.classroom", "sheet.html.j2", students=students, signed_in=signins.signed_in(),
                           said=said, address=f"{here}?{urlencode(code)}" if code else here,
                           xsrf=self.xsrf_token.decode()))


def qr_svg(text: str) -> Markup:
    """``text`` as a QR code in SVG (the optional ``qrcode`` package), or nothing without it."""
    try:
        import qrcode
        import qrcode.image.svg
    except ImportError:
        return Markup("")
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=6, border=2)
    return Markup(image.to_string(encoding="unicode"))  # made here from escaped data: no markup of the student's
