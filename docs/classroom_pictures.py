"""The pictures of "Students playing each other" in the teachers' guide: the play page's list of tables, a student's
table (their moves, the odds of their decision, the table as they may see it, the story) on a laptop and on a phone,
a finished game replayed, a Zargos table with its map, and the teacher's page pairing and watching the class.

A class whose students sign in is served as ``make classroom CLASS_NAME=...`` serves it; four students (Chromium
pages of their own) sign in: Ada and Bo play a few moves of Zerzura while Cy looks at the list, then Cy and Dee a
few of Zargos. Run it again after a change to the play page or the teacher's page.

    .venv/bin/python docs/classroom_pictures.py
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.processes import CHROMIUM, CHROMIUM_ARGS, free_port, jupyter_home, serving  # noqa: E402
from zaarlab.classroom.launch import voila_command, voila_environment  # noqa: E402
from zaarlab.classroom.students import Class  # noqa: E402

PICTURES = ROOT / "docs" / "_static" / "classroom"
LAPTOP, PHONE = {"width": 1400, "height": 900}, {"width": 390, "height": 844}
WAIT = 60_000
MOVES = 3  # moves each student makes before the pictures: a story to read, a board that has changed


def main() -> None:
    from playwright.sync_api import expect, sync_playwright

    PICTURES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        kept, port = Class(Path(home) / "class"), free_port()
        command = voila_command("127.0.0.1", port, 0, pages=100, per_device=100, answers=str(kept.answers),
                                teacher_key=kept.key, class_folder=str(kept.folder))
        env = voila_environment(jupyter_home(Path(home)), answers=kept.answers, sign_in=True)
        with serving("voila", command, env, port, Path(home) / "voila.log") as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)

            def student(name: str, size: dict[str, int]):
                page = browser.new_context(viewport=size).new_page()
                page.goto(f"{base}/zaarlab/play")
                page.get_by_label("Your name").fill(name)
                page.get_by_role("button", name="Sign in").click()
                expect(page.locator("#status")).to_have_text("Connected.", timeout=WAIT)
                return page

            ada, bo, cy = student("Ada", LAPTOP), student("Bo", PHONE), student("Cy", LAPTOP)
            ada.get_by_label("Game").select_option(label="Zerzura: The Oasis of Marvels")
            ada.get_by_role("button", name="open the table").click()
            expect(cy.get_by_role("button", name="sit at seat 2")).to_be_visible(timeout=WAIT)
            cy.screenshot(path=PICTURES / "play-lobby.png")
            bo.get_by_role("button", name="sit at seat 2").click()
            expect(bo.locator("#table-title")).to_contain_text("seat 2", timeout=WAIT)
            mover = play(ada, bo, 2 * MOVES)
            expect(mover.locator("#odds")).to_be_visible()
            mover.screenshot(path=PICTURES / f"play-table-{'laptop' if mover is ada else 'phone'}.png",
                             full_page=True)
            other = bo if mover is ada else ada
            other.screenshot(path=PICTURES / f"play-table-{'laptop' if other is ada else 'phone'}.png",
                             full_page=True)
            while not ada.locator("#turn").inner_text().startswith("The game is over"):  # to the end, then replay
                play(ada, bo, 1)
            bo.get_by_role("button", name="replay this game move by move").click()
            expect(bo.locator("#turn")).to_contain_text("Replay, moment 1 of", timeout=WAIT)
            for _ in range(3):
                bo.get_by_role("button", name="one move on").click()
            expect(bo.locator("#turn")).to_contain_text("Replay, moment 4 of", timeout=WAIT)
            bo.screenshot(path=PICTURES / "play-replay-phone.png")
            cy.get_by_label("Game").select_option(label="Zargos")
            cy.get_by_role("button", name="open the table").click()  # Zargos, whose map the page draws
            dee = student("Dee", LAPTOP)
            dee.get_by_role("button", name="sit at seat 2").click()
            expect(dee.locator("#table-title")).to_contain_text("seat 2", timeout=WAIT)
            mover = play(cy, dee, 4 * MOVES)  # the page whose turn it is: its moves beside the map
            expect(mover.locator("#map .main-svg").first).to_be_visible(timeout=WAIT)
            mover.screenshot(path=PICTURES / "play-map-laptop.png", full_page=True)
            teacher = browser.new_context(viewport=LAPTOP).new_page()
            teacher.goto(f"{base}/zaarlab/teacher?key={kept.key}")
            expect(teacher.locator("#live")).to_contain_text("Zargos", timeout=WAIT)
            row = teacher.locator("#live tbody tr", has_text="Zerzura")
            row.get_by_text("the board").click()
            expect(row.locator("dl").first).to_contain_text("round")
            teacher.locator("#live").scroll_into_view_if_needed()
            teacher.locator("#live").screenshot(path=PICTURES / "teacher-tables.png")


def play(first, second, moves: int):
    """Whoever's turn it is takes their first move, ``moves`` times (fewer if the game ends), each seen on both pages;
    returns the page whose turn it is then (``None`` once the game is over)."""
    from playwright.sync_api import expect

    for _ in range(moves):
        mover = next((page for page in (first, second) if page.locator("#turn").inner_text().startswith("Your")),
                     None)
        if mover is None:  # the game is over
            return None
        step = re.search(r"\(move (\d+)\)", mover.locator("#turn").inner_text()).group(1)
        mover.locator("#moves button").first.click()
        for page in (first, second):
            expect(page.locator("#turn")).not_to_contain_text(f"(move {step})", timeout=WAIT)
    return next((page for page in (first, second) if page.locator("#turn").inner_text().startswith("Your")), None)


if __name__ == "__main__":
    main()
