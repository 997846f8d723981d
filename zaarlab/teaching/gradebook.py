"""The class's answers as a gradebook: one record per student and question (tries, right at which try, the solution
opened and when, the wrong answers given), the games each student finished, the grid of students by questions the
teacher reads at a glance, and the CSV files a spreadsheet or a school's learning platform imports as they are.

A student is a name signed in (:data:`~zaarlab.teaching.answers.SIGNED_IN`: one student, however many pages), or, in
a class without sign-in, a name typed on a page (the same name on two pages is two rows, told apart by the page).

>>> from zaarlab.teaching.answers import Answer
>>> rows = [(1.0, "signed-in", Answer("L", "E", "Ada", "q", "1/2", "1/3", False)),
...         (2.0, "signed-in", Answer("L", "E", "Ada", "q", "1/2", "", False, "solution")),
...         (3.0, "signed-in", Answer("L", "E", "Ada", "q", "1/2", "1/2", True))]
>>> book = gradebook(rows)
>>> book.students, book.questions, book.cell("Ada", ("L", "E")).words
(['Ada'], [('L', 'E')], 'right at try 2, after opening the solution')
>>> print(gradebook_csv(book).strip())
student,questions,right,right at the first try,tries,solutions opened,games finished,games won
Ada,1,1,0,2,1,0,0
"""

from __future__ import annotations

import csv
import io
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import groupby

from .answers import SIGNED_IN, Answer, Row, question_asked
from .cells import as_cell
from .exercises import Exercise
from .games_played import GAME_COLUMNS, Played

Question = tuple[str, str]  # (lesson, exercise)
Find = Callable[[str, str], Exercise | None]  # a lesson's exercise by its title


@dataclass
class Record:
    """One student's work on one question."""

    question: str = ""  # the question's text, drawn for the student
    exact: str = ""
    tries: int = 0
    right_at: int = 0  # the try first right (0: not yet)
    solution_after: int = -1  # tries made before the solution was first opened (-1: never)
    solution_when: float = 0.0
    first: float = 0.0  # when the first try was checked
    last: float = 0.0  # when the last one was
    wrong: list[str] = field(default_factory=list)  # the wrong answers, in order
    mistakes: list[str] = field(default_factory=list)  # the kind of likely mistake each wrong answer makes ("": none)

    @property
    def right(self) -> bool:
        return self.right_at > 0

    @property
    def opened(self) -> bool:
        return self.solution_after >= 0

    @property
    def symbol(self) -> str:
        """The grid's mark: ✓ right at the first try, ✓3 at the third, ✗2 not right after two, · untried; S when the
        solution was opened. Never a colour alone."""
        mark = ("✓" if self.right_at == 1 else f"✓{self.right_at}") if self.right else (
            f"✗{self.tries}" if self.tries else "·")
        return mark + (" S" if self.opened else "")

    @property
    def kind(self) -> str:
        """The grid cell's class (its colour): first, later, wrong or none."""
        return ("first" if self.right_at == 1 else "later") if self.right else ("wrong" if self.tries else "none")

    @property
    def words(self) -> str:
        """The mark in words, for a screen reader and the mouse."""
        said = (f"right at try {self.right_at}" if self.right else
                f"not right after {self.tries} {'try' if self.tries == 1 else 'tries'}" if self.tries else "not tried")
        if self.opened:
            said += (", solution opened" if not self.right else ", after opening the solution"
                     if self.solution_after < self.right_at else ", then opened the solution")
        return said


@dataclass
class Gradebook:
    """Every student's record of every question, students and questions in the order first seen."""

    students: list[str] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    records: dict[tuple[str, Question], Record] = field(default_factory=dict)
    games: list[Played] = field(default_factory=list)

    def games_of(self, student: str) -> list[Played]:
        """The games ``student`` finished, in the order they ended."""
        return [g for g in self.games if g.student == student]

    def cell(self, student: str, question: Question) -> Record:
        return self.records.get((student, question), Record())

    def wrong_answers(self, question: Question) -> list[tuple[str, int]]:
        """The wrong answers the class gave to ``question``, the most frequent first."""
        counts = Counter(typed for (_, q), record in self.records.items() if q == question for typed in record.wrong)
        return counts.most_common()

    def mistakes(self, question: Question) -> list[tuple[str, int]]:
        """The kinds of likely mistakes the class's wrong answers to ``question`` make, the most frequent first."""
        counts = Counter(made for (_, q), record in self.records.items() if q == question
                         for made in record.mistakes if made)
        return counts.most_common()

    def lessons(self) -> list[tuple[str, int]]:
        """The lessons of the questions, each with how many of its questions there are, in the grid's order."""
        return [(lesson, len(list(group))) for lesson, group in groupby(self.questions, key=lambda q: q[0])]

    def first_try_share(self, question: Question) -> tuple[int, int]:
        """Students right at their first try, and students who tried."""
        tried = [r for (_, q), r in self.records.items() if q == question and r.tries]
        return sum(r.right_at == 1 for r in tried), len(tried)


def gradebook(rows: Iterable[Row], games: Iterable[Played] = (), find: Find | None = None) -> Gradebook:
    """The gradebook of the answers ``rows`` (:meth:`~zaarlab.teaching.answers.AnswerBook.rows`) and the ``games``
    finished (:meth:`~zaarlab.teaching.answers.AnswerBook.games`), in order; with ``find`` (a lesson's exercise by
    its title), each wrong answer is named by the likely mistake it equals, if it equals one."""
    rows = list(rows)
    pages_of: dict[str, set[str]] = {}
    for _, page, answer in rows:
        if page != SIGNED_IN:
            pages_of.setdefault(answer.name, set()).add(page)
    book = Gradebook()
    for at, page, answer in rows:
        student = answer.name if page == SIGNED_IN or len(pages_of.get(answer.name, ())) <= 1 else \
            f"{answer.name} (page {page[:4]})"
        question = (answer.lesson, answer.exercise)
        if student not in book.students:
            book.students.append(student)
        if question not in book.questions:
            book.questions.append(question)
        record = book.records.setdefault((student, question), Record(answer.question, answer.exact))
        if answer.kind == "solution":
            if not record.opened:
                record.solution_after, record.solution_when = record.tries, at
            continue
        record.tries += 1
        record.first, record.last = record.first or at, at
        if answer.right and not record.right:
            record.right_at = record.tries
        elif not answer.right:
            record.wrong.append(answer.typed)
            record.mistakes.append(mistake_made(answer, find) if find else "")
    book.games = list(games)
    book.students += [s for s in dict.fromkeys(g.student for g in book.games) if s not in book.students]
    lessons = list(dict.fromkeys(lesson for lesson, _ in book.questions))  # a lesson's questions side by side
    book.questions.sort(key=lambda q: lessons.index(q[0]))  # a stable sort: each lesson's in the order first seen
    return book


def mistake_made(answer: Answer, find: Find) -> str:
    """The kind of likely mistake ``answer`` (a wrong one) makes, for the question its student is given (``""``: none,
    or not that student's question).

    >>> from zaarlab.teaching.exercises import DICE_EXERCISES
    >>> question = DICE_EXERCISES[0].for_student("Ada")
    >>> wrong = Answer("L", "E", "Ada", question.text, "", "13/18", False)
    >>> mistake_made(wrong, lambda lesson, title: DICE_EXERCISES[0])
    'the complement: the chance of the opposite'
    """
    exercise = find(answer.lesson, answer.exercise)
    question = question_asked(exercise, answer) if exercise else None
    if question is None:
        return ""
    return question.check(answer.typed).mistake


def _clock(seconds: float) -> str:
    """A time as a spreadsheet reads it (this machine's local time), or nothing."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds)) if seconds else ""


RECORD_COLUMNS = ("student", "lesson", "exercise", "question", "exact answer", "tries", "right", "right at try",
                  "first try right", "solution opened", "solution opened after tries", "solution opened at",
                  "first try at", "last try at", "wrong answers")


def records_csv(book: Gradebook) -> str:
    """One row per student and question they worked on (:data:`RECORD_COLUMNS`); what students typed never a live
    formula (:func:`~zaarlab.teaching.cells.as_cell`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RECORD_COLUMNS)
    for student in book.students:
        for question in book.questions:
            if (student, question) not in book.records:
                continue
            r = book.records[(student, question)]
            writer.writerow([as_cell(student), as_cell(question[0]), as_cell(question[1]), as_cell(r.question),
                             as_cell(r.exact), r.tries, int(r.right), r.right_at or "", int(r.right_at == 1),
                             int(r.opened), r.solution_after if r.opened else "", _clock(r.solution_when),
                             _clock(r.first), _clock(r.last), as_cell(" | ".join(r.wrong))])
    return out.getvalue()


GRADEBOOK_COLUMNS = ("student", "questions", "right", "right at the first try", "tries", "solutions opened",
                     "games finished", "games won")


def gradebook_csv(book: Gradebook) -> str:
    """One row per student with their totals (:data:`GRADEBOOK_COLUMNS`): questions tried, right, right at the
    first try, tries, solutions opened, games finished and won (a seat in a game counts once; a tie for the best
    result is a win)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(GRADEBOOK_COLUMNS)
    for student in book.students:
        mine = [r for (s, _), r in book.records.items() if s == student and r.tries]
        writer.writerow([as_cell(student), len(mine), sum(r.right for r in mine), sum(r.right_at == 1 for r in mine),
                         sum(r.tries for r in mine), sum(r.opened for r in mine), len(book.games_of(student)),
                         sum(g.won for g in book.games_of(student))])
    return out.getvalue()


def games_csv(book: Gradebook) -> str:
    """One row per student and game seat they finished (:data:`~zaarlab.teaching.games_played.GAME_COLUMNS`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(GAME_COLUMNS)
    for g in book.games:
        writer.writerow([_clock(g.at), as_cell(g.student), g.game, g.deal, g.seats, g.seat, g.moves, g.place,
                         g.players, as_cell(g.ending), g.best, g.judged])
    return out.getvalue()


CSV_FILES = {"answers.csv": records_csv, "gradebook.csv": gradebook_csv, "games.csv": games_csv}
"""The class's files, by name: each written from the gradebook."""
