"""Students signed in to a class, in Chromium, each browser context a device of its own: a student signs in once
and the exercises page is theirs (their name, their question, nothing typed can change it); a classmate typing the
same name gets nothing of theirs; a reload shows the student their earlier answers, and their download holds them
all; the teacher's page shows each answer and each solution opened under the student's name."""

import csv
import re

import pytest

from tests.processes import free_port, jupyter_home, serving
from zaarlab.classroom.launch import voila_command, voila_environment
from zaarlab.classroom.students import Class
from zaarlab.teaching.answers import read_csv
from zaarlab.teaching.exercises import DICE_EXERCISES
from zaarlab.teaching.games_played import GAME_COLUMNS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("class-signin")]
WAIT = 60_000
EXERCISES = "/voila/render/exercises.ipynb"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A classroom server of a class whose students sign in with a name of their own; yields its address and the
    class."""
    home = tmp_path_factory.mktemp("class-signin")
    kept = Class(home / "class")
    port = free_port()
    command = voila_command("127.0.0.1", port, 0, pages=100, per_device=100, answers=str(kept.answers),
                            teacher_key=kept.key, class_folder=str(kept.folder))
    env = voila_environment(jupyter_home(home), answers=kept.answers, sign_in=True)
    with serving("voila", command, env, port, home / "voila.log") as base:
        yield base, kept


def signed_in(browser, base: str, name: str):
    """A new device: it opens the exercises page, is sent to sign in, types ``name`` and comes back to the page."""
    from playwright.sync_api import expect

    page = browser.new_context().new_page()
    page.goto(f"{base}{EXERCISES}")
    expect(page.get_by_role("button", name="Sign in")).to_be_visible(timeout=WAIT)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Sign in").click()
    return page


def test_a_student_signs_in_and_the_page_and_its_answers_are_theirs(server, browser, tmp_path):
    from playwright.sync_api import expect

    base, kept = server
    question = DICE_EXERCISES[0].for_student("Ada")
    ada = signed_in(browser, base, "Ada")
    box = ada.locator(".zaarlab-exercise").first
    expect(box).to_contain_text(question.text, timeout=WAIT)  # her question, without typing a name
    expect(ada.locator(".widget-text input").first).to_have_value("Ada")
    expect(ada.locator(".widget-text input").first).to_be_disabled()
    answer, check = box.locator(".widget-text input").nth(1), box.get_by_role("button", name="check")
    for typed, told in (("0", "Not yet"), (question.answer_text.split(" ≈ ")[0], "Right")):
        answer.fill(typed)
        check.click()
        expect(box).to_contain_text(told, timeout=WAIT)
    box.get_by_role("button", name="show the solution").click()
    expect(box).to_contain_text(question.solution.split(",")[0], timeout=WAIT)

    classmate = signed_in(browser, base, "Ada")  # another device types Ada's name
    expect(classmate.get_by_role("alert")).to_contain_text("Ada is signed in on another device", timeout=WAIT)
    assert question.text not in classmate.content()

    ada.reload()  # her earlier answers come back, and the download holds them all
    box = ada.locator(".zaarlab-exercise").first
    expect(box).to_contain_text("Earlier: ", timeout=WAIT)
    expect(box).to_contain_text("right (2 tries)", timeout=WAIT)
    expect(ada.get_by_text("3 answers checked on this page")).to_be_visible(timeout=WAIT)
    with ada.expect_download() as download:
        ada.get_by_role("button", name="download my answers").click()
    saved = tmp_path / "ada.csv"
    download.value.save_as(saved)
    rows = read_csv(saved.read_text(), saved.name)
    assert [(a.name, a.kind, a.right) for _, _, a in rows] == [("Ada", "check", False), ("Ada", "check", True),
                                                               ("Ada", "solution", False)]

    teacher = browser.new_context().new_page()
    teacher.goto(f"{base}/zaarlab/teacher?key={kept.key}")
    teacher.get_by_text("Each student's question and answers").click()
    row = teacher.get_by_role("row").filter(has=teacher.get_by_role("cell", name="Ada", exact=True))
    expect(row).to_have_count(1)  # one student, however many pages
    expect(row.get_by_role("cell").nth(5)).to_have_text("right (try 2)")
    expect(row.get_by_role("cell").last).to_have_text(re.compile(r"opened after 2 tries, at \d\d:\d\d:\d\d"))
    for name, expected in (("answers.csv", {"student": "Ada", "tries": "2", "right": "1", "right at try": "2",
                                            "first try right": "0", "solution opened": "1", "wrong answers": "0"}),
                           ("gradebook.csv", {"student": "Ada", "questions": "1", "right": "1", "tries": "2",
                                              "solutions opened": "1"})):
        with teacher.expect_download() as download:
            teacher.get_by_role("link", name=re.compile(re.escape(f"({name})"))).click()
        saved = tmp_path / name
        download.value.save_as(saved)
        [record] = csv.DictReader(saved.open(encoding="utf-8"))
        assert {key: record[key] for key in expected} == expected, name
    with teacher.expect_download() as download:  # no game finished yet: the file has its columns alone
        teacher.get_by_role("link", name=re.compile(re.escape("(games.csv)"))).click()
    assert download.value.path().read_text(encoding="utf-8").strip() == ",".join(GAME_COLUMNS)


def test_a_device_without_a_signed_cookie_is_sent_to_sign_in(server, browser):
    from playwright.sync_api import expect

    base, kept = server
    page = browser.new_context().new_page()
    page.context.add_cookies([{"name": "zaarlab_student", "value": "QWRhfGRldmljZQ.0000", "url": base}])
    page.goto(f"{base}{EXERCISES}")
    expect(page.get_by_role("button", name="Sign in")).to_be_visible(timeout=WAIT)
    assert "Start here" not in page.content()
