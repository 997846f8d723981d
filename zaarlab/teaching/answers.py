"""The class's answers: on the classroom server each answer a student checks goes into one SQLite file in the
server's run folder, and the teacher's page (:mod:`zaarlab.teaching.teacher`) shows how the class answered; in
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
import logging
import math
import os
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import astuple, dataclass, field, fields, replace

from ..core.match import ENDINGS, Finished
from .cells import as_cell, from_cell
from .class_deal import class_draws
from .exercises import Exercise, Question
from .games_played import GAME_COLUMNS, Played, played_rows

ANSWERS = "ZAARLAB_CLASS_ANSWERS"
"""The environment variable naming the SQLite file of the class's answers (set by ``python -m zaarlab.classroom``
for its kernels; without it, answers are checked and kept in the page, not collected)."""
MODE = "ZAARLAB_CLASS_MODE"
"""The environment variable that sets the class's :class:`Mode` for every page (``practice``, ``test`` or
``test:3``), set by ``python -m zaarlab.classroom --test``; without it, practice."""
SIGN_IN = "ZAARLAB_CLASS_SIGN_IN"
"""The environment variable that tells a page's kernel its class signs in: it waits to be told whose page it is."""
ROSTER = "ZAARLAB_CLASS_ROSTER"
"""The environment variable holding a class's roster, one name a line (set by ``python -m zaarlab.classroom`` for a
class with one): each exercise's questions are dealt among its students (:meth:`Exercise.dealt`), so that no two share
a question."""
SIGNED_IN = "signed-in"
"""The page of an answer given signed in: one student, however many pages (its name is the student's)."""
LOG = logging.getLogger("zaarlab.answers")
MAX_PER_PAGE = 2000  # answers one page keeps: a long lesson's checks many times over
MAX_TEXT = 300  # characters of any text kept (a question is longer than an answer)
MAX_FILE_BYTES = 2 * MAX_PER_PAGE * 10 * MAX_TEXT  # a page's downloaded answers, every text at its longest, twice


@dataclass(frozen=True)
class Mode:
    """How a class answers: practice (after a try, the worked solution may be opened) or a test (no solution, and at
    most ``tries`` checks of each question; 0: no limit).

    >>> Mode.read("test:3"), Mode.read("practice"), str(Mode(test=True, tries=3))
    (Mode(test=True, tries=3), Mode(test=False, tries=0), 'test:3')
    >>> Mode.read("exam")
    Traceback (most recent call last):
    ValueError: the class mode is 'exam': practice, test, or test:N (N tries a question, 1 to 99)
    """

    test: bool = False
    tries: int = 0

    @classmethod
    def read(cls, text: str) -> Mode:
        kind, _, tries = text.strip().partition(":")
        if kind == "practice" and not tries:
            return cls()
        if kind == "test" and (not tries or (tries.isdigit() and 1 <= int(tries) <= 99)):
            return cls(test=True, tries=int(tries or 0))
        raise ValueError(f"the class mode is {text[:20]!r}: practice, test, or test:N (N tries a question, 1 to 99)")

    @classmethod
    def of_this_page(cls) -> Mode:
        """The mode the classroom server set for its pages (:data:`MODE`); practice where none did."""
        return cls.read(os.environ.get(MODE) or "practice")

    def __str__(self) -> str:
        return ("test" + (f":{self.tries}" if self.tries else "")) if self.test else "practice"


PRACTICE = Mode()
"""A class's mode where the server sets none: the worked solution after a try, tries without limit."""

KINDS = ("check", "solution")
"""What a student did: checked an answer (a real attempt), or opened the worked solution."""


@dataclass(frozen=True)
class Answer:
    """One check of one student's answer, or (``kind="solution"``, nothing typed) the worked solution opened."""

    lesson: str
    exercise: str
    name: str
    question: str
    exact: str
    typed: str
    right: bool
    kind: str = "check"

    def cut(self) -> Answer:
        """The answer with every text cut to :data:`MAX_TEXT` characters, the name without spaces around it."""
        lesson, exercise, name, question, exact, typed, right, kind = astuple(self)
        texts = (str(text)[:MAX_TEXT] for text in (lesson, exercise, name.strip(), question, exact, typed))
        return Answer(*texts, bool(right), kind if kind in KINDS else "check")


COLUMNS = ("at", "page", *(f.name for f in fields(Answer)))
"""The columns of a stored answer: when (seconds since 1970), the page's random word, then :class:`Answer`'s."""
OLD_COLUMNS = COLUMNS[:-1]  # files saved before a solution opened was kept: every row a check
Row = tuple[float, str, Answer]


SQLITE = b"SQLite format 3\x00"  # how an SQLite file begins


class AnswerBook:
    """The answers in the SQLite file ``path`` (made if missing), which every page of the class writes to."""

    def __init__(self, path: str):
        import sqlite3  # here: the static site's Python has no sqlite3, and collects nothing

        self._db = sqlite3.connect(path, timeout=10, isolation_level=None)  # many kernels write: wait for a turn
        self._db.execute("PRAGMA journal_mode=WAL")  # the teacher's page reads while students write
        self._db.execute(f"CREATE TABLE IF NOT EXISTS answers ({', '.join(COLUMNS)})")
        if "kind" not in {column[1] for column in self._db.execute("PRAGMA table_info(answers)")}:
            self._db.execute("ALTER TABLE answers ADD COLUMN kind DEFAULT 'check'")  # a book from before kinds
        self._db.execute(f"CREATE TABLE IF NOT EXISTS games ({', '.join(GAME_COLUMNS)})")

    def record(self, page: str, answer: Answer, at: float | None = None) -> None:
        """Keep ``answer``, checked on ``page`` at ``at`` (now). Raises ``sqlite3.Error`` if the file cannot be
        written."""
        self._db.execute(f"INSERT INTO answers VALUES ({', '.join('?' * len(COLUMNS))})",
                         (time.time() if at is None else at, page, *astuple(answer.cut())))

    def record_game(self, played: Played) -> None:
        """Keep a student's finished game. Raises ``sqlite3.Error`` if the file cannot be written."""
        self._db.execute(f"INSERT INTO games VALUES ({', '.join('?' * len(GAME_COLUMNS))})", astuple(played))

    def close(self) -> None:
        self._db.close()

    def version(self) -> tuple[int, int, int]:
        """What changes whenever an answer or a game is added: the answers, the last one's place, the games."""
        count, last = self._db.execute("SELECT count(*), max(rowid) FROM answers").fetchone()
        return count, last or 0, self._db.execute("SELECT count(*) FROM games").fetchone()[0]

    def rows_of(self, page: str, name: str) -> list[Row]:
        """The answers of ``page`` under ``name``, in the order they were checked."""
        return [(at, page, Answer(*texts, bool(right), kind)) for at, page, *texts, right, kind in self._db.execute(
            f"SELECT {', '.join(COLUMNS)} FROM answers WHERE page = ? AND name = ? ORDER BY rowid", (page, name))]

    def rows(self) -> list[Row]:
        """Every answer of every page, in the order they were checked."""
        return [(at, page, Answer(*texts, bool(right), kind)) for at, page, *texts, right, kind
                in self._db.execute(f"SELECT {', '.join(COLUMNS)} FROM answers ORDER BY rowid")]

    def games(self) -> list[Played]:
        """Every game the class's students finished, in the order they ended."""
        return [Played(*row) for row in self._db.execute(f"SELECT {', '.join(GAME_COLUMNS)} FROM games ORDER BY rowid")]


@dataclass
class Student:
    """One student's tries at one exercise, and whether (after how many tries, and when) they opened its solution."""

    name: str
    question: str
    exact: str
    tries: int = 0
    right_at: int = 0  # the try that was first right (0: none yet)
    last: str = ""
    solution_after: int = -1  # the tries made before the solution was first opened (-1: never opened)
    solution_when: float = 0.0

    @property
    def right(self) -> bool:
        return self.right_at > 0

    @property
    def right_on_their_own(self) -> bool:
        """Right before the solution was opened."""
        return self.right and (self.solution_after < 0 or self.right_at <= self.solution_after)


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
    for at, page, answer in rows:
        tally = by_exercise.setdefault((answer.lesson, answer.exercise), Tally(answer.lesson, answer.exercise))
        key = (page, answer.lesson, answer.exercise, answer.name, answer.question)
        if key not in students:
            students[key] = Student(answer.name, answer.question, answer.exact)
            tally.rows.append(students[key])
        student = students[key]
        if answer.kind == "solution":
            if student.solution_after < 0:
                student.solution_after, student.solution_when = student.tries, at
            continue
        student.tries += 1
        student.last = answer.typed
        if answer.right and not student.right:
            student.right_at = student.tries
    return list(by_exercise.values())


# -- this page's answers ----------------------------------------------------------------------------------------------

def class_roster() -> tuple[str, ...]:
    """The names of the class's roster (:data:`ROSTER`), or none where the class has no roster."""
    return tuple(name for name in os.environ.get(ROSTER, "").splitlines() if name.strip())


def question_of(exercise: Exercise, name: str) -> Question:
    """The question ``name`` is given: dealt among the class's roster if the name is on it, else their own.

    >>> from zaarlab.teaching.exercises import DICE_EXERCISES
    >>> question_of(DICE_EXERCISES[0], "Ada") == DICE_EXERCISES[0].for_student("Ada")  # no roster here
    True
    """
    return exercise.question_for(name, class_roster(), class_draws(exercise))


def variant_of(exercise: Exercise, name: str, variant: int) -> Question:
    """The ``variant``-th question ``name`` may be given (0: :func:`question_of`; more in practice, after two wrong
    tries), the last there is past them."""
    variants = exercise.variants(name, class_roster(), class_draws(exercise))
    return variants[min(variant, len(variants) - 1)]


def question_asked(exercise: Exercise, answer: Answer) -> Question | None:
    """The question ``answer`` was given to, among those its student may be given (:meth:`Exercise.variants`), or
    ``None`` if it is none of theirs."""
    if not answer.name:
        return None
    first = question_of(exercise, answer.name)  # most answers are to it: the others are drawn only if need be
    if first.text[:MAX_TEXT] == answer.question:
        return first
    return next((question for question in exercise.variants(answer.name, class_roster(), class_draws(exercise))[1:]
                 if question.text[:MAX_TEXT] == answer.question), None)


class PageAnswers:
    """The answers checked on one page: kept for :func:`answers_csv`, and written to the class's book where the
    server collects them (:data:`ANSWERS`). One per kernel: :data:`THIS_PAGE`.

    In a class whose students sign in (:data:`SIGN_IN`) the page waits for the server to say whose it is
    (:meth:`sign_in`): until then nothing is answered, and from then on every answer is that student's, their
    earlier answers on other pages (a reload, another device) kept here too.

    >>> page = PageAnswers()
    >>> asked = Answer("L", "E", "Ada", "q", "1/2", "1/3", False)
    >>> page.send(asked), page.tries(asked), page.opened(asked)
    (True, 1, False)
    """

    def __init__(self):
        self.word = secrets.token_hex(6)
        self.kept: list[Row] = []
        self._book: AnswerBook | None = None
        self.student = ""  # who signed in on this page ("" until the server says, or where nobody signs in)
        self.waits_for_student = bool(os.environ.get(SIGN_IN))
        self.when_signed_in: list[Callable[[str], object]] = []  # called with the student's name

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

    def sign_in(self, student: str) -> None:
        """This page is ``student``'s (the classroom server says so when the page connects): their answers from
        other pages are read back, and every widget waiting for a name is given theirs."""
        self.student, self.word = student, SIGNED_IN
        if self.keep_game not in ENDINGS:
            ENDINGS.append(self.keep_game)
        if os.environ.get(ANSWERS):
            import sqlite3

            try:
                self._book = self._book or AnswerBook(os.environ[ANSWERS])
                self.kept = self._book.rows_of(SIGNED_IN, student)[:MAX_PER_PAGE]
            except (sqlite3.Error, OSError):
                LOG.warning("could not read %s's earlier answers", student, exc_info=True)
        for call in self.when_signed_in:
            call(student)

    def keep_game(self, finished: Finished) -> None:
        """Keep a game finished on this page as its student's, where the server collects the class's record (a
        game lost to a full disk is told in the server's log: the table goes on)."""
        if not (self.student and os.environ.get(ANSWERS)):
            return
        import sqlite3

        try:
            self._book = self._book or AnswerBook(os.environ[ANSWERS])
            for played in played_rows(self.student, finished):
                self._book.record_game(played)
        except (sqlite3.Error, OSError):
            LOG.warning("could not keep %s's game", self.student, exc_info=True)

    def tries(self, asked: Answer) -> int:
        """The answers checked on this page (or, signed in, by this student) to the question of ``asked``."""
        return sum(1 for _, _, a in self.kept if a.kind == "check" and _same_question(a, asked))

    def opened(self, asked: Answer) -> bool:
        """Whether the worked solution of the question of ``asked`` was opened."""
        return any(a.kind == "solution" and _same_question(a, asked) for _, _, a in self.kept)

    def last(self, asked: Answer) -> Answer | None:
        """The last answer checked to the question of ``asked``."""
        return next((a for _, _, a in reversed(self.kept) if a.kind == "check" and _same_question(a, asked)), None)


def _same_question(one: Answer, other: Answer) -> bool:
    return (one.lesson, one.exercise, one.name, one.question) == (other.lesson, other.exercise, other.name,
                                                                   other.question[:MAX_TEXT])


THIS_PAGE = PageAnswers()
"""The answers of this kernel's page."""


def answers_csv(rows: Iterable[Row]) -> str:
    """Answers as a CSV file (:data:`COLUMNS`), one line each; what a student typed is never a live formula in a
    spreadsheet (:func:`as_cell`).

    >>> text = answers_csv([(1.5, "p1", Answer("L", "E", "Ada", "q", "1/2", "=1+1", True))])
    >>> text.splitlines()
    ['at,page,lesson,exercise,name,question,exact,typed,right,kind', "1.5,p1,L,E,Ada,q,1/2,'=1+1,1,check"]
    >>> read_csv(text, "ada.csv") == [(1.5, "p1", Answer("L", "E", "Ada", "q", "1/2", "=1+1", True))]
    True
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for at, page, answer in rows:
        writer.writerow([at, as_cell(page), *map(as_cell, astuple(answer)[:6]), int(answer.right), answer.kind])
    return out.getvalue()


def read_csv(text: str, source: str) -> list[Row]:
    """The answers of a file :func:`answers_csv` wrote (or, every row a check, one written before solutions opened
    were kept); ``ValueError`` naming ``source``, the line and the problem. Nothing in it is trusted:
    :func:`recheck` judges each answer again.

    >>> read_csv("at,page\\n", "x.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: x.csv: line 1 is not a file of answers: its columns must be at, page, lesson, exercise, name, ...
    """
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader, None)
        if header not in (list(COLUMNS), list(OLD_COLUMNS)):
            raise ValueError(f"{source}: line 1 is not a file of answers: its columns must be {', '.join(COLUMNS)}")
        rows = [_row(values, len(header), source, line) for line, values in enumerate(reader, start=2)]
    except csv.Error as error:  # a field past the csv module's own limit, a NUL byte...
        raise ValueError(f"{source}: line {reader.line_num}: not a file of answers ({error})") from None
    return rows


def _row(values: list[str], width: int, source: str, line: int) -> Row:
    if len(values) != width:
        raise ValueError(f"{source}: line {line} has {len(values)} values, not {width}")
    values = values + ["check"] * (len(COLUMNS) - width)  # a file from before kinds: every row a check
    if any(len(value) > MAX_TEXT + 1 for value in values):  # the page cuts every text it keeps (+ a quote)
        raise ValueError(f"{source}: line {line}: a value longer than a page writes ({MAX_TEXT} characters)")
    at, page, *texts, right, kind = values
    try:
        when = float(at)
    except ValueError:
        raise ValueError(f"{source}: line {line}: {at[:20]!r} is not a time") from None
    if not math.isfinite(when) or when < 0:
        raise ValueError(f"{source}: line {line}: {at[:20]!r} is not a time")
    if right not in ("0", "1"):
        raise ValueError(f"{source}: line {line}: right is {right[:20]!r}, not 0 or 1")
    if kind not in KINDS:
        raise ValueError(f"{source}: line {line}: kind is {kind[:20]!r}, not {' or '.join(KINDS)}")
    return when, from_cell(page), Answer(*map(from_cell, texts), right == "1", kind).cut()


def recheck(rows: Sequence[Row], find: Callable[[str, str], Exercise | None],
            source: str) -> tuple[list[Row], list[str]]:
    """The answers of a file (:func:`read_csv`) judged again, trusting none of its columns but what the student did:
    each row's question is drawn anew for its name (``find`` gives a lesson's exercise by its title) and must be the
    one the row shows, and what they typed is checked against it. Returns the rows to count, each right as judged
    now, and for each row that does not hold, why (naming ``source`` and its line): a row marked right or wrong
    against its own answer is counted as judged now, one that is not a page's row is left out.

    >>> from zaarlab.teaching.exercises import DICE_EXERCISES
    >>> find = lambda lesson, title: next((e for e in DICE_EXERCISES if lesson == "L" and e.title == title), None)
    >>> question = DICE_EXERCISES[0].for_student("Ada")
    >>> forged = Answer("L", "A sum at least", "Ada", question.text, question.answer_text, "1/4", True)
    >>> made_up = Answer("L", "A sum at least", "Ada", "Is it?", "1/2", "1/2", True)
    >>> counted, problems = recheck([(1.0, "p", forged), (2.0, "p", made_up)], find, "ada.csv")
    >>> [answer.right for _, _, answer in counted]
    [False]
    >>> print("\\n".join(problems))
    ada.csv: line 2: marked right, but '1/4' is not the answer to Ada's question (counted as wrong)
    ada.csv: line 3: the question is not the one 'Ada' is given (not counted)
    """
    counted, problems = [], []
    for line, (at, page, answer) in enumerate(rows, start=2):
        judged, why = _judged(answer, find(answer.lesson, answer.exercise))
        if judged is not None:
            counted.append((at, page, judged))
        if why:
            problems.append(f"{source}: line {line}: {why}")
    return counted, problems


def _judged(answer: Answer, exercise: Exercise | None) -> tuple[Answer | None, str]:
    """A row of a file as judged now (``None``: not a row a page writes), and why it does not hold (``""``: it does)."""
    if exercise is None:
        return None, f"no exercise {answer.exercise[:40]!r} in the lesson {answer.lesson[:40]!r} (not counted)"
    question = question_asked(exercise, answer)
    if question is None:
        return None, f"the question is not the one {answer.name[:40]!r} is given (not counted)"
    if question.answer_text[:MAX_TEXT] != answer.exact:
        return None, f"the exact answer is not that of {answer.name[:40]}'s question (not counted)"
    if answer.kind == "solution":
        return (answer, "") if not (answer.typed or answer.right) else (None, "a solution opened holds no answer "
                                                                             "(not counted)")
    verdict = question.check(answer.typed)
    if not verdict.attempt:
        return None, f"{answer.typed[:40]!r} is not an answer the question takes (not counted)"
    if verdict.right != answer.right:
        judged = "the answer to" if verdict.right else "not the answer to"
        marked, now = ("right" if answer.right else "wrong"), ("right" if verdict.right else "wrong")
        return replace(answer, right=verdict.right), (
            f"marked {marked}, but {answer.typed[:40]!r} is {judged} {answer.name[:40]}'s question (counted as {now})")
    return answer, ""
