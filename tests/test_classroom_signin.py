"""Students signed in to a class (``zaarlab.classroom.signin``), on a live server: a page only for a browser that
signed in, a name held by the first device (no roster) or a student's code (a roster), cookies that cannot be made
up or copied across classes, the teacher's sheet and release, a class kept across a restart, and each page's kernel
recorded as its student's.

Clients come from several loopback addresses (127.0.0.2, ...) to play several devices."""

import html
import re
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode
from uuid import uuid4

import pytest

from tests.processes import free_port, jupyter_home, serving
from tests.test_classroom_door import ask, cookie
from zaarlab.classroom.door import STUDENT
from zaarlab.classroom.launch import voila_command, voila_environment
from zaarlab.classroom.students import Class, Signer, read_roster

pytestmark = pytest.mark.xdist_group("classroom-door")  # one server at a time: each starts kernels on both cores
INDEX = "/voila/files/index.html"


@contextmanager
def a_class(tmp_path: Path, folder: Path, roster: str | None = None, code: str = ""):
    """A classroom server for the class kept in ``folder`` (``roster``: its roster file's text); yields its port."""
    kept = Class(folder, read_roster(roster, "roster.txt") if roster else None)
    port = free_port()
    command = voila_command("127.0.0.1", port, 0, answers=str(kept.answers), teacher_key=kept.key,
                            class_folder=str(folder), code=code)
    env = voila_environment(jupyter_home(tmp_path), answers=kept.answers, sign_in=True)
    with serving("classroom", command, env, port, tmp_path / f"voila-{port}.log"):
        yield port, kept


def sign_in(port: int, name: str, pin: str = "", device: str = "127.0.0.1", next: str = INDEX) -> tuple[int, str]:
    """A student fills in the sign-in form on ``device``: the reply's status and the student's cookie ("" if none)."""
    status, headers, body = ask(port, "GET", "/zaarlab/signin?" + urlencode({"next": next}), device=device)
    assert status == 200 and 'name="name"' in body
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', body)[1]
    form = urlencode({"name": name, "pin": pin, "next": next, "_xsrf": html.unescape(xsrf)})
    status, headers, _ = ask(port, "POST", "/zaarlab/signin", cookie=cookie(headers, "_xsrf"), device=device,
                             headers={"Content-Type": "application/x-www-form-urlencoded"}, body=form)
    signed = [c.split(";")[0] for c in headers.get_all("Set-Cookie", []) if c.startswith(f"{STUDENT}=")]
    return status, signed[0] if signed else ""


def test_a_page_is_served_only_to_a_student_signed_in_and_a_name_to_one_device(tmp_path):
    with a_class(tmp_path, tmp_path / "class") as (port, kept):
        status, headers, _ = ask(port, "GET", INDEX)
        assert status == 302 and headers["Location"] == "/zaarlab/signin?" + urlencode({"next": INDEX})
        assert ask(port, "DELETE", f"/api/kernels/{uuid4()}")[0] == 403  # not a page: refused, not sent to sign in
        status, ada = sign_in(port, "Ada")
        assert status == 302 and ada
        assert ask(port, "GET", INDEX, cookie=ada)[0] == 200
        status, other = sign_in(port, "Ada", device="127.0.0.2")  # a classmate types Ada's name
        assert (status, other) == (409, "")
        assert sign_in(port, "  ", device="127.0.0.2")[0] == 400 and sign_in(port, "x" * 41)[0] == 400
        status, bo = sign_in(port, "Bo", device="127.0.0.2")
        assert status == 302 and ask(port, "GET", INDEX, cookie=bo, device="127.0.0.2")[0] == 200


def test_a_made_up_edited_or_foreign_cookie_gets_nothing(tmp_path):
    with a_class(tmp_path, tmp_path / "class") as (port, kept):
        _, ada = sign_in(port, "Ada")
        token = ada.split("=", 1)[1]
        forged = [Signer(b"another class's secret").sign("Ada", "device"), token[:-2] + "00",
                  Signer(kept.secret).sign("Ada", "a device that never signed in"), "Ada", ""]
        for value in forged:
            status, headers, body = ask(port, "GET", INDEX, cookie=f"{STUDENT}={value}")
            assert status == 302 and "Ada" not in body, value


def test_with_a_roster_a_student_signs_in_with_their_code_on_any_device(tmp_path):
    with a_class(tmp_path, tmp_path / "class", roster="Ada Lovelace\nBo\n") as (port, kept):
        ada = next(s for s in kept.roster if s.name == "Ada Lovelace")
        assert sign_in(port, "Ada Lovelace", "WRONG1")[0] == 403
        assert sign_in(port, "Cy", ada.code)[0] == 403  # not on the roster
        status, phone = sign_in(port, "ada lovelace", ada.code.lower(), device="127.0.0.2")
        status_laptop, laptop = sign_in(port, "Ada Lovelace", ada.code, device="127.0.0.3")
        assert (status, status_laptop) == (302, 302) and phone and laptop
        assert Signer(kept.secret).read(phone.split("=", 1)[1])[0] == "Ada Lovelace"  # the roster's spelling


def test_the_teachers_sheet_shows_codes_and_lets_a_name_sign_in_again(tmp_path):
    with a_class(tmp_path, tmp_path / "class", roster="Ada\nBo\n") as (port, kept):
        assert ask(port, "GET", "/zaarlab/teacher/sheet?key=wrong")[0] == 403
        _, ada = sign_in(port, "Ada", next(s.code for s in kept.roster if s.name == "Ada"))
        status, headers, body = ask(port, "GET", f"/zaarlab/teacher/sheet?key={kept.key}")
        assert status == 200 and all(s.code in body for s in kept.roster) and body.count("<svg") == 2
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', body)[1]
        form = urlencode({"release": "Ada", "_xsrf": html.unescape(xsrf)})
        status, _, body = ask(port, "POST", f"/zaarlab/teacher/sheet?key={kept.key}", cookie=cookie(headers, "_xsrf"),
                              body=form, headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 200 and "Ada may sign in again" in body
        assert ask(port, "GET", INDEX, cookie=ada)[0] == 302  # the released device's cookie reads as nobody


def test_a_class_restarted_keeps_its_key_and_its_students_signed_in(tmp_path):
    folder = tmp_path / "class"
    with a_class(tmp_path, folder) as (port, kept):
        _, ada = sign_in(port, "Ada")
        key = kept.key
    with a_class(tmp_path, folder) as (port, kept):
        assert kept.key == key and ask(port, "GET", INDEX, cookie=ada)[0] == 200
        assert sign_in(port, "Ada", device="127.0.0.2")[0] == 409


def test_a_page_rendered_for_a_student_has_its_kernel_recorded_as_theirs(tmp_path):
    with a_class(tmp_path, tmp_path / "class") as (port, kept):
        _, ada = sign_in(port, "Ada")
        status, headers, body = ask(port, "GET", "/voila/render/dice_sums.ipynb", cookie=ada)
        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', body)[1]
        seat = cookie(headers)
        assert ask(port, "GET", f"/api/kernels/{kernel}", cookie=f"{ada}; {seat}")[0] == 200
        pages = sqlite3.connect(kept.answers).execute("SELECT kernel, name FROM pages").fetchall()
        assert pages == [(kernel, "Ada")]
