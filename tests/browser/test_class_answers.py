"""The class's answers, live, on the classroom server (``zaarlab.teaching.answers``): three students answer on the
exercises page, each in a browser of their own, and the teacher's page shows how the class answered, each
student's own exact answer beside theirs, and follows a new answer while it is open; without the teacher's key
there is no such page. On the static site a student downloads their answers as a file."""

import re

import pytest

from tests.processes import free_port, jupyter_home, serving
from zaarlab.classroom.launch import voila_command, voila_environment
from zaarlab.teaching.exercises import DICE_EXERCISES

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("class-answers")]
KEY = "teachers-own-key"
WAIT = 60_000


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A classroom server keeping its class's answers in a file of its own; yields its base URL."""
    home = tmp_path_factory.mktemp("class-answers")
    answers = home / "answers.sqlite"
    port = free_port()
    command = voila_command("127.0.0.1", port, 0, pages=100, per_device=100, answers=str(answers), teacher_key=KEY)
    with serving("voila", command, voila_environment(jupyter_home(home), answers=answers), port,
                 home / "voila.log") as base:
        yield base


def answer(browser, base: str, name: str, tries: list[str]):
    """A student's page: the name typed at the top, then each of ``tries`` typed in the first exercise and checked
    (each told right or not); returns the page, still open."""
    from playwright.sync_api import expect

    page = browser.new_context().new_page()
    page.goto(f"{base}/voila/render/exercises.ipynb")
    expect(page.get_by_text("Type your name").first).to_be_visible(timeout=WAIT)
    page.locator(".widget-text input").first.fill(name)
    box = page.locator(".zaarlab-exercise").first
    question = DICE_EXERCISES[0].for_student(name)
    expect(box).to_contain_text(question.text, timeout=WAIT)
    feedback = box.locator(".widget-html", has_text=re.compile("Right|Not yet"))
    for n, typed in enumerate(tries, 1):
        box.locator(".widget-text input").nth(1).fill(typed)
        box.get_by_role("button", name="check").click()
        verdict = "Right" if question.check(typed).right else "Not yet"
        expect(feedback).to_contain_text(verdict, timeout=WAIT)
        expect(page.get_by_text(f"{n} answer{'s' if n > 1 else ''} checked on this page")).to_be_visible(timeout=WAIT)
    return page


def test_three_students_answer_and_the_teachers_page_shows_the_class(server, browser):
    from playwright.sync_api import expect

    exercise = DICE_EXERCISES[0]
    right = {name: exercise.for_student(name).answer_text.split(" ≈ ")[0] for name in ("Ana", "Ben", "Cy")}
    answer(browser, server, "Ana", [right["Ana"]])  # right at once
    answer(browser, server, "Ben", ["0", right["Ben"]])  # right at the second try
    cy = answer(browser, server, "Cy", ["0"])  # not yet

    teacher = browser.new_context().new_page()
    refused = teacher.goto(f"{server}/zaarlab/teacher?key=not-the-key")
    assert refused.status == 403 and "Cy" not in teacher.content()
    teacher.goto(f"{server}/zaarlab/teacher?key={KEY}")
    grid = teacher.locator("table.grid")
    expect(grid.get_by_role("columnheader", name="Start here: exact odds with dice")).to_be_visible()
    expect(grid.get_by_role("row", name=re.compile("^Cy "))).to_contain_text("not right after 1 try")
    expect(teacher.get_by_role("heading", name=re.compile(f"^{exercise.title}"))).to_be_visible()
    chart = teacher.get_by_role("img")
    expect(chart).to_have_attribute("aria-label", "right at the first try: 1 of 3; right after more tries: 1 of 3; "
                                                  "not right yet: 1 of 3")
    teacher.get_by_text("Each student's question and answers").click()  # the question's own table, opened
    for name, (last, tries, verdict) in {"Ana": (right["Ana"], 1, "right (try 1)"),
                                        "Ben": (right["Ben"], 2, "right (try 2)"),
                                        "Cy": ("0", 1, "not yet")}.items():
        question = exercise.for_student(name)
        row = teacher.get_by_role("row").filter(has=teacher.get_by_role("cell", name=name, exact=True))
        expect(row.get_by_role("cell")).to_have_text([name, question.text, question.answer_text, last, str(tries),
                                                      verdict, "not opened"])

    # Cy answers again while the teacher's page stays open: the server sends it within 2 s, the table stays open
    box = cy.locator(".zaarlab-exercise").first
    box.locator(".widget-text input").nth(1).fill(right["Cy"])
    box.get_by_role("button", name="check").click()
    expect(box).to_contain_text("Right", timeout=WAIT)
    expect(grid.get_by_role("row", name=re.compile("^Cy "))).to_contain_text("right at try 2", timeout=2_000)
    expect(chart).to_have_attribute("aria-label", "right at the first try: 1 of 3; right after more tries: 2 of 3; "
                                                  "not right yet: 0 of 3")
    expect(teacher.get_by_role("cell", name="right (try 2)")).to_have_count(2)  # Ben's and Cy's, still shown


def test_an_empty_check_opens_no_solution_and_the_teacher_sees_when_one_was_opened(server, browser):
    """Any check, an empty one included, once opened the worked solution, and nothing said that it was opened."""
    from playwright.sync_api import expect

    page = answer(browser, server, "Eve", [])
    box = page.locator(".zaarlab-exercise").first
    check, solution = box.get_by_role("button", name="check"), box.get_by_role("button", name="show the solution")
    check.click()
    expect(box).to_contain_text("Not an answer yet: type an answer first", timeout=WAIT)
    expect(solution).to_be_disabled()
    box.locator(".widget-text input").nth(1).fill("0")
    check.click()
    expect(box).to_contain_text("Not yet", timeout=WAIT)
    expect(solution).to_be_enabled(timeout=WAIT)
    solution.click()
    question = DICE_EXERCISES[0].for_student("Eve")
    expect(box).to_contain_text(question.solution.split(",")[0], timeout=WAIT)
    teacher = browser.new_context().new_page()
    teacher.goto(f"{server}/zaarlab/teacher?key={KEY}")
    teacher.get_by_text("Each student's question and answers").click()
    row = teacher.get_by_role("row").filter(has=teacher.get_by_role("cell", name="Eve", exact=True))
    expect(row.get_by_role("cell").last).to_have_text(re.compile(r"opened after 1 try, at \d\d:\d\d:\d\d"))


def test_a_student_downloads_their_answers_as_a_file_the_teacher_reads(server, browser, tmp_path):
    """The download of a student's answers (the static site's way to hand them in; here on the server, the same
    widget) is a file ``zaarlab answers`` turns into the teacher's page."""
    from playwright.sync_api import expect

    from zaarlab.cli import main
    from zaarlab.teaching.answers import read_csv

    page = answer(browser, server, "Dee", ["0", DICE_EXERCISES[0].for_student("Dee").answer_text.split(" ≈ ")[0]])
    with page.expect_download() as download:
        page.get_by_role("button", name="download my answers").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "answers-Dee.csv"
    rows = read_csv(saved.read_text(), saved.name)
    assert [(a.name, a.typed == "0", a.right) for _, _, a in rows] == [("Dee", True, False), ("Dee", False, True)]
    expect(page.get_by_text("Your answers are saved as a file")).to_be_visible()
    out = tmp_path / "class.html"
    assert main(["answers", str(saved), "--out", str(out)]) == 0
    assert "right at the first try: 0 of 1; right after more tries: 1 of 1" in out.read_text()


def test_the_teachers_page_reads_on_a_phone_and_names_the_mistake_a_wrong_answer_made(server, browser):
    """At 390 x 844 (a teacher walking the room with a phone): the page never scrolls sideways (a grid of many
    questions scrolls in its own box) and a student's mark in the grid is on the screen (it sat past the right edge, in
    a column stretched to the width of the lesson tables' minimum); a wrong answer that is the complement of the right
    one is counted under that mistake's words, readable without zooming."""
    from playwright.sync_api import expect

    from zaarlab.teaching.exercises import COMPLEMENT

    question = DICE_EXERCISES[0].for_student("Fay")
    mistaken = next(m for m in question.mistakes if m.kind == COMPLEMENT)
    answer(browser, server, "Fay", [str(mistaken.value)])
    teacher = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    teacher.goto(f"{server}/zaarlab/teacher?key={KEY}")
    grid = teacher.locator("table.grid")
    expect(grid.get_by_role("row", name=re.compile("^Fay "))).to_be_visible()
    assert teacher.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    frame = teacher.locator(".wide").first.bounding_box()
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= 390
    section = teacher.locator("section.question", has=teacher.get_by_role("heading", name=re.compile(
        f"^{DICE_EXERCISES[0].title}")))
    made = section.locator("ul.mistakes li", has_text=COMPLEMENT)
    expect(made).to_contain_text(re.compile(r"^\d+ answers?: " + re.escape(COMPLEMENT)))
    made.scroll_into_view_if_needed()
    box = made.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    size = float(made.evaluate("(item) => getComputedStyle(item).fontSize").removesuffix("px"))
    assert size >= 14, size  # read on a phone as a page's text, not the grid's smaller print
    cell = grid.get_by_role("row", name=re.compile("^Fay ")).get_by_role("cell").first
    cell.scroll_into_view_if_needed()
    symbol = cell.locator("span[aria-hidden]").bounding_box()  # the grid is as wide as its questions need
    assert symbol["x"] >= 0 and symbol["x"] + symbol["width"] <= 390, symbol
