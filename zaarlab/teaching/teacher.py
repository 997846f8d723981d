"""The teacher's page of the class's answers (``page-templates/teacher.html.j2``): at the top a grid of students by
questions, one mark each (right at the first try, right later, not right yet, untried; the solution opened), then
each question (the class's chart, the wrong answers given and how often, each student's question and answers) and
each student (their marks in words, the games they finished). On the classroom server it follows the answers as they
come, pushed by the server (:func:`live_part`); made from files (``zaarlab answers``) it is a page as it was.

>>> from zaarlab.teaching.answers import Answer
>>> page = teacher_page([(1.0, "p", Answer("L", "E", "<b>x</b>", "q", "1/2", "0.5", False))])
>>> "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page, "EventSource" in page
(True, False)
>>> 'role="img"' in page, 'aria-label="right at the first try: 0 of 1; right after more tries: 0 of 1' in page
(True, True)
>>> page.count('class="bar"'), "not right after 1 try" in page
(3, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ui.theme import BLUE, LIGHT_GREY, SKY
from .answers import Row, tallies
from .games_played import Played
from .gradebook import Find, gradebook

BARS = (("right at the first try", "first_try", BLUE), ("right after more tries", "later", SKY),
        ("not right yet", "not_yet", LIGHT_GREY))
"""The teacher's chart of an exercise: a bar per kind of student (its words, the tally's count, its colour)."""


def teacher_page(rows: Sequence[Row], events: str = "", downloads: str = "", games: Sequence[Played] = (),
                 tables: Tables | None = None, find: Find | None = None) -> str:
    """The whole page for the answers ``rows`` and the ``games`` finished. ``events``: the address of the server's
    stream of new answers (the page then follows it); ``downloads``: the address of the class's CSV files, ``{}`` for
    the file's name; ``tables``: the class's matches, where students play each other; ``find``: a lesson's exercise
    by its title, to name the mistakes the wrong answers equal."""
    from ..ui.pages import render  # Jinja2: only where a page is made (the static site's exercises have none)

    return render("zaarlab.teaching", "teacher.html.j2", events=events, downloads=downloads,
                  **_parts(rows, games, tables, find))


def live_part(rows: Sequence[Row], games: Sequence[Played] = (), tables: Tables | None = None,
              find: Find | None = None) -> str:
    """What the page shows of the answers and the tables (``page-templates/teacher-live.html.j2``): the part the
    server sends anew as they change (autoescaped, as the whole page)."""
    from ..ui.pages import render

    return render("zaarlab.teaching", "teacher-live.html.j2", **_parts(rows, games, tables, find))


@dataclass(frozen=True)
class Tables:
    """The class's matches as the teacher's page shows them: each table (``Matches.overview``), the students with
    the play page open (whom a pairing seats), the games by name and title, and where the page's forms post (with
    the server's token against forged forms); no address: shown, not acted on."""

    tables: Sequence[dict[str, Any]]
    present: Sequence[str] = ()
    games: Sequence[tuple[str, str]] = ()
    act: str = ""
    xsrf: str = ""


def _parts(rows: Sequence[Row], games: Sequence[Played], tables: Tables | None, find: Find | None) -> dict:
    return {"tallies": tallies(rows), "book": gradebook(rows, games, find), "bars": BARS, "matches": tables}
