"""The class's answers: on the classroom server each answer a student checks goes into one SQLite file in the
server's run folder, and the teacher's page (:func:`teacher_page`) shows per exercise how the class answered; in
the static site a student downloads their answers as a file (:func:`answers_csv`), and the teacher makes the same
page from the files (``zaarlab answers FILE ...``).

Nothing personal is kept: the name the student typed to get their numbers (a nickname or a number will do), which
page they answered on (a random word per page, so that two students who typed the same name stay two), the lesson,
the exercise, their question and its exact answer, what they typed, whether it was right, and when. A page keeps
at most :data:`MAX_PER_PAGE` answers, each text cut to :data:`MAX_TEXT` characters: a page that sends answers
without end fills no disk.

>>> book = AnswerBook(":memory:")
>>> book.record("page-1", Answer("Start here", "A sum at least", "Ada", "... at least 9?", "5/18", "1/4", False))
>>> book.record("page-1", Answer("Start here", "A sum at least", "Ada", "... at least 9?", "5/18", "5/18", True))
>>> book.record("page-2", Answer("Start here", "A sum at least", "Bo", "... at least 8?", "5/12", "1/2", False))
>>> [(t.exercise, t.students, t.first_try, t.later, t.not_yet) for t in tallies(book.rows())]
[('A sum at least', 2, 0, 1, 1)]
>>> [(s.name, s.tries, s.right, s.last) for s in tallies(book.rows())[0].rows]
[('Ada', 2, True, '5/18'), ('Bo', 1, False, '1/2')]
"""

from __future__ import annotations

import csv
import io
import math
import os
import secrets
import time
from collections.abc import Iterable
from dataclasses import astuple, dataclass, field, fields

from ..ui.theme import BLUE, LIGHT_GREY, SKY

ANSWERS = "ZAARLAB_CLASS_ANSWERS"
"""The environment variable naming the SQLite file of the class's answers (set by ``python -m zaarlab.classroom``
for its kernels; without it, answers are checked and kept in the page, not collected)."""
MAX_PER_PAGE = 2000  # answers one page keeps: a long lesson's checks many times over
MAX_TEXT = 300  # characters of any text kept (a question is longer than an answer)
MAX_FILE_BYTES = 2 * MAX_PER_PAGE * 10 * MAX_TEXT  # a page's downloaded answers, every text at its longest, twice
REFRESH = 5  # seconds between two readings of the teacher's page


@dataclass(frozen=True)
class Answer:
    """One check of one student's answer."""

    lesson: str
    exercise: str
    name: str
    question: str
    exact: str
    typed: str
    right: bool

    def cut(self) -> Answer:
        """The answer with every text cut to :data:`MAX_TEXT` characters, the name without spaces around it."""
        lesson, exercise, name, question, exact, typed, right = astuple(self)
        return Answer(*(str(text)[:MAX_TEXT] for text in (lesson, exercise, name.strip(), question, exact, typed)),
                      bool(right))


COLUMNS = ("at", "page", *(f.name for f in fields(Answer)))
"""The columns of a stored answer: when (seconds since 1970), the page's random word, then :class:`Answer`'s."""
Row = tuple[float, str, Answer]


class AnswerBook:
    """The answers in the SQLite file ``path`` (made if missing), which every page of the class writes to."""

    def __init__(self, path: str):
        import sqlite3  # here: the static site's Python has no sqlite3, and collects nothing

        self._db = sqlite3.connect(path, timeout=10, isolation_level=None)  # many kernels write: wait for a turn
        self._db.execute("PRAGMA journal_mode=WAL")  # the teacher's page reads while students write
        self._db.execute(f"CREATE TABLE IF NOT EXISTS answers ({', '.join(COLUMNS)})")

    def record(self, page: str, answer: Answer, at: float | None = None) -> None:
        """Keep ``answer``, checked on ``page`` at ``at`` (now). Raises ``sqlite3.Error`` if the file cannot be
        written."""
        self._db.execute(f"INSERT INTO answers VALUES ({', '.join('?' * len(COLUMNS))})",
                         (time.time() if at is None else at, page, *astuple(answer.cut())))

    def close(self) -> None:
        self._db.close()

    def rows(self) -> list[Row]:
        """Every answer of every page, in the order they were checked."""
        return [(at, page, Answer(*rest[:-1], bool(rest[-1])))
                for at, page, *rest in self._db.execute(f"SELECT {', '.join(COLUMNS)} FROM answers ORDER BY rowid")]


@dataclass
class Student:
    """One student's tries at one exercise."""

    name: str
    question: str
    exact: str
    tries: int = 0
    right_at: int = 0  # the try that was first right (0: none yet)
    last: str = ""

    @property
    def right(self) -> bool:
        return self.right_at > 0


@dataclass
class Tally:
    """How the class answered one exercise: students right at their first try, right later, not yet right."""

    lesson: str
    exercise: str
    rows: list[Student] = field(default_factory=list)

    @property
    def students(self) -> int:
        return len(self.rows)

    @property
    def first_try(self) -> int:
        return sum(s.right_at == 1 for s in self.rows)

    @property
    def later(self) -> int:
        return sum(s.right_at > 1 for s in self.rows)

    @property
    def not_yet(self) -> int:
        return sum(not s.right for s in self.rows)


def tallies(rows: Iterable[Row]) -> list[Tally]:
    """Per exercise (in the order first answered), each student's tries (in the order they first answered); a
    student is a page and a name (and the question drawn for it)."""
    by_exercise: dict[tuple[str, str], Tally] = {}
    students: dict[tuple, Student] = {}
    for _, page, answer in rows:
        tally = by_exercise.setdefault((answer.lesson, answer.exercise), Tally(answer.lesson, answer.exercise))
        key = (page, answer.lesson, answer.exercise, answer.name, answer.question)
        if key not in students:
            students[key] = Student(answer.name, answer.question, answer.exact)
            tally.rows.append(students[key])
        student = students[key]
        student.tries += 1
        student.last = answer.typed
        if answer.right and not student.right:
            student.right_at = student.tries
    return list(by_exercise.values())


# -- this page's answers ----------------------------------------------------------------------------------------------

class PageAnswers:
    """The answers checked on one page: kept for :func:`answers_csv`, and written to the class's book where the
    server collects them (:data:`ANSWERS`). One per kernel: :data:`THIS_PAGE`."""

    def __init__(self):
        self.word = secrets.token_hex(6)
        self.kept: list[Row] = []
        self._book: AnswerBook | None = None

    def send(self, answer: Answer) -> bool:
        """Keep ``answer`` (the first :data:`MAX_PER_PAGE`); False if the class's book could not be written."""
        if len(self.kept) >= MAX_PER_PAGE:
            return True
        self.kept.append((time.time(), self.word, answer.cut()))
        if not os.environ.get(ANSWERS):
            return True
        import sqlite3

        try:
            self._book = self._book or AnswerBook(os.environ[ANSWERS])
            self._book.record(self.word, answer, at=self.kept[-1][0])
        except (sqlite3.Error, OSError):
            return False
        return True


THIS_PAGE = PageAnswers()
"""The answers of this kernel's page."""


FORMULA = ("=", "+", "-", "@", "\t", "\r", "'")  # a cell a spreadsheet would run, or one already quoted


def as_cell(text: str) -> str:
    """A text as a spreadsheet shows it and never runs it: one that opens as a formula would (``=HYPERLINK(...)``,
    ``+1``, ``@SUM``) gets a quote in front, as OWASP's rule for CSV files says; :func:`from_cell` takes it off.

    >>> as_cell("=HYPERLINK('x')"), as_cell("-0.5"), as_cell("1/2"), from_cell(as_cell("'quoted"))
    ("'=HYPERLINK('x')", "'-0.5", '1/2', "'quoted")
    """
    return f"'{text}" if text.startswith(FORMULA) else text


def from_cell(text: str) -> str:
    """The text :func:`as_cell` wrote."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA) else text


def answers_csv(rows: Iterable[Row]) -> str:
    """Answers as a CSV file (:data:`COLUMNS`), one line each; what a student typed is never a live formula in a
    spreadsheet (:func:`as_cell`).

    >>> text = answers_csv([(1.5, "p1", Answer("L", "E", "Ada", "q", "1/2", "=1+1", True))])
    >>> text.splitlines()
    ['at,page,lesson,exercise,name,question,exact,typed,right', "1.5,p1,L,E,Ada,q,1/2,'=1+1,1"]
    >>> read_csv(text, "ada.csv") == [(1.5, "p1", Answer("L", "E", "Ada", "q", "1/2", "=1+1", True))]
    True
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for at, page, answer in rows:
        writer.writerow([at, as_cell(page), *map(as_cell, astuple(answer)[:-1]), int(answer.right)])
    return out.getvalue()


def read_csv(text: str, source: str) -> list[Row]:
    """The answers of a file :func:`answers_csv` wrote; ``ValueError`` naming ``source``, the line and the problem.

    >>> read_csv("at,page\\n", "x.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: x.csv: line 1 is not a file of answers: its columns must be at, page, lesson, exercise, name, ...
    """
    reader = csv.reader(io.StringIO(text))
    try:
        if next(reader, None) != list(COLUMNS):
            raise ValueError(f"{source}: line 1 is not a file of answers: its columns must be {', '.join(COLUMNS)}")
        rows = [_row(values, source, line) for line, values in enumerate(reader, start=2)]
    except csv.Error as error:  # a field past the csv module's own limit, a NUL byte...
        raise ValueError(f"{source}: line {reader.line_num}: not a file of answers ({error})") from None
    return rows


def _row(values: list[str], source: str, line: int) -> Row:
    if len(values) != len(COLUMNS):
        raise ValueError(f"{source}: line {line} has {len(values)} values, not {len(COLUMNS)}")
    if any(len(value) > MAX_TEXT + 1 for value in values):  # the page cuts every text it keeps (+ a quote)
        raise ValueError(f"{source}: line {line}: a value longer than a page writes ({MAX_TEXT} characters)")
    at, page, *texts, right = values
    try:
        when = float(at)
    except ValueError:
        raise ValueError(f"{source}: line {line}: {at[:20]!r} is not a time") from None
    if not math.isfinite(when) or when < 0:
        raise ValueError(f"{source}: line {line}: {at[:20]!r} is not a time")
    if right not in ("0", "1"):
        raise ValueError(f"{source}: line {line}: right is {right[:20]!r}, not 0 or 1")
    return when, from_cell(page), Answer(*map(from_cell, texts), right == "1").cut()


# -- the teacher's page ---------------------------------------------------------------------------------------------

BARS = (("right at the first try", "first_try", BLUE), ("right after more tries", "later", SKY),
        ("not right yet", "not_yet", LIGHT_GREY))
"""The teacher's chart of an exercise: a bar per kind of student (its words, the tally's count, its colour)."""


def teacher_page(tallies: list[Tally], refresh: int | None = REFRESH) -> str:
    """The teacher's page (``page-templates/teacher.html.j2``): per lesson and exercise, the class's chart and each
    student's question, exact answer, last answer and tries; read anew every ``refresh`` seconds (``None``: a page
    made once, from files). The chart is a bar per kind of student with its count, whose words keep their size on a
    phone, named for a screen reader by what it shows.

    >>> page = teacher_page([Tally("L", "E", [Student("<b>x</b>", "q", "1/2", 2, 2, "0.5")])])
    >>> "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page, 'content="5"' in page
    (True, True)
    >>> 'role="img"' in page, 'aria-label="right at the first try: 0 of 1; right after more tries: 1 of 1' in page
    (True, True)
    >>> page.count('class="bar"')
    3
    """
    from ..ui.pages import render  # Jinja2: only where a page is made (the static site's exercises have none)

    return render("zaarlab.teaching", "teacher.html.j2", tallies=tallies, refresh=refresh, bars=BARS)
