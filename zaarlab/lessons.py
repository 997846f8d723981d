"""The lessons index: every lesson's exercises (:data:`LESSONS`, gathered from the games' modules) and the widgets that
show them. An exercise on screen (:mod:`zaarlab.teaching.exercises`): the student types a name, gets their own
numbers, answers, is told right or not (with a hint after a wrong try) and may open the worked solution. Every
answer checked is kept for the page's *download my answers*, and on the classroom server goes to the teacher's page
(:mod:`zaarlab.teaching.answers`). Where a zaarlab widget computes the answer, the solution opens it set to the
student's numbers (:func:`zaarlab.explainers.explainer`).

>>> box = ExerciseBox(DICE_EXERCISES[0])
>>> box.name.value = "Ada"
>>> box.answer.value = "1/2"; box.check()
>>> "Not yet" in box.feedback.value, "Hint" in box.feedback.value
(True, True)
>>> box.answer.value = "27.78 %"; box.check()
>>> "Right" in box.feedback.value, box.solution_button.disabled
(True, False)
>>> box.solution_button.value = True  # the worked solution, and the dice-sum explorer on the question's dice
>>> box.explained.children[1] is box._explainers[box.current.text].box
True
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Iterator, Mapping, Sequence

import ipywidgets as widgets

from .explainers import Drawn, explainer
from .teaching.answers import THIS_PAGE, Answer, Mode, answers_csv, variant_of
from .teaching.exercises import DICE_EXERCISES, VARIANTS, Exercise, Question
from .ui import controls
from .ui.download import Download
from .ui.panel import Panel, row, set_options, show

__all__ = ["DICE_EXERCISES", "LESSONS", "ExerciseBox", "ExerciseSheet", "LessonExercises"]

PICK = "pick one"  # a choice's menu before the student picks


class ExerciseBox(Panel):
    """One exercise: the student's name, the question drawn for it, an answer box, *check* and the solution."""

    title = "an exercise"

    def __init__(self, exercise: Exercise, lesson: str = "", mode: Mode | None = None):
        self.exercise, self.lesson = exercise, lesson
        self.mode = Mode.of_this_page() if mode is None else mode
        self.when_checked: list = []  # called after each check
        self.tries: dict[str, int] = {}  # real attempts, by question: a name typed again keeps its count
        self.opened: set[str] = set()  # questions whose solution was opened (and sent to the teacher once)
        self.name = controls.TextBox(description="your name", placeholder="a name or a number")
        self.question = widgets.HTML()
        self.how = widgets.HTML()
        self.answer = controls.TextBox(description="answer")
        self.option = controls.Menu(description="answer")
        self.check_button = controls.Button(description="check")
        self.solution_button = controls.Toggle(description="show the solution", disabled=True)
        show(self.solution_button, not self.mode.test)
        self.another = controls.Button(description="another question like it",  # in practice, after 2 wrong tries
                                       layout=widgets.Layout(width="auto"))  # its words whole, not cut
        self.another.on_click(lambda button: self.next_variant())
        self.variant: dict[str, int] = {}  # by name: the question like theirs they asked for (0: their own)
        show(self.another, False)
        self.feedback = widgets.HTML()
        self.solution = widgets.HTML()
        self.explained = widgets.VBox()  # the widget showing why, opened with the solution
        self.explained.add_class("zaarlab-explainer")
        self._explainers: dict[str, Panel] = {}  # by question: made once, kept as the student left it
        self.current: Question | None = None
        self.name.observe(lambda change: self.new_question(), names="value")
        for control in (self.answer, self.option):
            control.observe(lambda change: self._edited(), names="value")
        self.check_button.on_click(lambda button: self.check())
        self.solution_button.observe(lambda change: self._show_solution(), names="value")
        self.box = widgets.VBox([widgets.HTML(f"<b>{html.escape(exercise.title)}</b> {_level_words(lesson, exercise)}"),
                                 self.name, self.question,
                                 self.how, row([self.answer, self.option, self.check_button]), self.feedback,
                                 row([self.solution_button, self.another]), self.solution, self.explained])
        self.box.add_class("zaarlab-exercise")
        if THIS_PAGE.waits_for_student or THIS_PAGE.student:  # a class that signs in: the name is the student's
            self.name.disabled = True
            THIS_PAGE.when_signed_in.append(self._signed_in)
        self._signed_in(THIS_PAGE.student) if THIS_PAGE.student else self.new_question()

    def _signed_in(self, student: str) -> None:
        self.name.disabled = True
        self.name.value = student
        self.new_question()

    def _asked(self, question: Question, typed: str = "", right: bool = False, kind: str = "check") -> Answer:
        """An answer to ``question`` on this page (what the page keeps and the teacher reads)."""
        return Answer(self.lesson, self.exercise.title, self.name.value, question.text, question.answer_text, typed,
                      right, kind)

    def new_question(self) -> None:
        """The question for the name typed (none until a name is), with what was answered to it before (on this
        page, or signed in, on any of the student's)."""
        name = self.name.value.strip()
        self.current = variant_of(self.exercise, name, self.variant.get(name.casefold(), 0)) if name else None
        show(self.another, False)
        self.feedback.value = self.solution.value = ""
        self.explained.children = []
        self.solution_button.value = False
        self.solution_button.disabled = True
        question = self.current
        waiting = "Signing you in: your question comes in a moment." if self.name.disabled else \
            "Type your name (or your number) to get your own question."
        self.question.value = f"<p>{html.escape(question.text if question else waiting)}</p>"
        self.how.value = f"<p><i>{html.escape(question.how)}</i></p>" if question else ""
        choice = question is not None and question.kind == "choice"
        show(self.option, choice)
        show(self.answer, not choice)
        if choice:  # nothing picked until the student picks: a check without a pick is no answer
            set_options(self.option, [(PICK, ""), *((option, option) for option in question.options)])
            self.option.value = ""
        self.answer.value = ""
        if question is not None:
            asked = self._asked(question)
            self.tries.setdefault(question.text, THIS_PAGE.tries(asked))
            if THIS_PAGE.opened(asked):
                self.opened.add(question.text)
            last = THIS_PAGE.last(asked)
            if last is not None:  # answered before: a reload, or another device, shows it again
                verdict = "right" if last.right else "not right"
                self.feedback.value = (f'<p role="status">Earlier: {html.escape(last.typed)}, {verdict} '
                                       f"({self._tries_words(every=True)})</p>")
                self.solution_button.disabled = self.mode.test
        self.check_button.disabled = question is None or self._no_tries_left()

    def _edited(self) -> None:
        """An answer changed after its check: the verdict on the old one goes. A page sends a click at once but holds
        a text's next change until the kernel has taken the last one (ipywidgets throttles a control's updates), so
        a check clicked fast after typing may judge an older answer; when the newer one arrives, its verdict goes,
        and the page never shows a verdict beside an answer it did not judge."""
        if self.current is not None:
            self.feedback.value = ""

    def _no_tries_left(self) -> bool:
        return bool(self.current and self.mode.tries and self.tries.get(self.current.text, 0) >= self.mode.tries)

    def _tries_words(self, every: bool = False) -> str:
        """The tries left in a test (with ``every``, else, the tries made)."""
        used = self.tries.get(self.current.text, 0) if self.current else 0
        if not self.mode.tries:
            return f"{used} {'try' if used == 1 else 'tries'}" if every else ""
        return ("no tries left for this question" if used >= self.mode.tries else
                f"{self.mode.tries - used} of {self.mode.tries} tries left")

    def check(self) -> None:
        """Check the answer typed (or picked): right, or why not and, after a wrong try, the hint. Only an answer the
        question takes is a try (:class:`~zaarlab.teaching.exercises.Verdict`): it is kept (and sent to the teacher)
        before the student is told, and after it the solution may be opened (not in a test)."""
        question = self.current
        if question is None or self._no_tries_left():
            return
        typed = (self.option.value if question.kind == "choice" else self.answer.value) or ""
        verdict = question.check(typed)
        if not verdict.attempt:
            self.feedback.value = f'<p role="status"><b>Not an answer yet</b>: {_clause(verdict.why)}.</p>'
            return
        self.tries[question.text] = self.tries.get(question.text, 0) + 1
        sent = THIS_PAGE.send(self._asked(question, typed, verdict.right))
        if verdict.right:
            feedback = f"<b>Right</b>: {html.escape(question.answer_text)}."
        else:
            why = f": {_clause(verdict.why)}" if verdict.why else ""  # a wrong pick needs no reason
            feedback = f"<b>Not yet</b>{why}." + ("" if self.mode.test else f" Hint: {html.escape(question.hint)}")
        tries = self._tries_words()
        self.feedback.value = f'<p role="status">{feedback}{" " + tries.capitalize() + "." if tries else ""}</p>' + (
            "" if sent else "<p>Your answer could not be sent to your teacher's page: tell your teacher.</p>")
        self.solution_button.disabled = self.mode.test
        self.check_button.disabled = self._no_tries_left()
        name = self.name.value.strip().casefold()
        show(self.another, not (verdict.right or self.mode.test) and self.tries[question.text] >= WRONG_TRIES and
             self.variant.get(name, 0) + 1 < VARIANTS)
        for call in self.when_checked:
            call()

    def next_variant(self) -> None:
        """Another question like the student's (practice, after two wrong tries): the next of their variants."""
        name = self.name.value.strip().casefold()
        if (self.current is None or self.mode.test or self.variant.get(name, 0) + 1 >= VARIANTS or
                self.tries.get(self.current.text, 0) < WRONG_TRIES):
            return  # a page may send a click on a button it hides
        self.variant[name] = self.variant.get(name, 0) + 1
        self.new_question()

    def _show_solution(self) -> None:
        question = self.current
        shown = self.solution_button.value and question is not None and not self.mode.test
        if shown and question.text not in self.opened:  # the teacher sees that it was opened, and when
            self.opened.add(question.text)
            THIS_PAGE.send(self._asked(question, kind="solution"))
        self.solution.value = f"<p>{html.escape(question.solution)}</p>" if shown else ""
        panel = None
        if shown and question.explainer:
            if question.text not in self._explainers:
                self._explainers[question.text] = explainer(question)
            panel = self._explainers[question.text]
        caption = (f"See why in {panel.title}, drawn for your question:" if isinstance(panel, Drawn) else
                   f"See why in {panel.title}, set to your question (try other values too):") if panel else ""
        self.explained.children = [widgets.HTML(f"<p>{caption}</p>"), panel.box] if panel else []


class ExerciseSheet(Panel):
    """Several exercises, one under the other (a lesson's).

    >>> sheet = ExerciseSheet(DICE_EXERCISES)
    >>> len(sheet.exercises), sheet._repr_mimebundle_()["text/plain"]
    (5, 'the exercises: run this cell to use it')
    """

    title = "the exercises"

    def __init__(self, exercises, lesson: str = ""):
        self.exercises = [ExerciseBox(exercise, lesson) for exercise in exercises]
        self.box = widgets.VBox([box.box for box in self.exercises])


class Lessons(Mapping[str, Sequence[Exercise]]):
    """The lessons that end with exercises, by their notebook's title, in teaching order: each lesson's exercises,
    their module imported when they are first asked for. A page shows one lesson at a time, and the offline site's
    browser takes seconds to import every game's modules (the first lesson's question waits for none of them).

    >>> lessons = Lessons({"Start here": "zaarlab.teaching.exercises:DICE_EXERCISES"})
    >>> list(lessons), lessons["Start here"] is DICE_EXERCISES
    (['Start here'], True)
    """

    def __init__(self, where: Mapping[str, str]):
        self._where = dict(where)  # lesson: "module:name" of its exercises

    def __getitem__(self, lesson: str) -> Sequence[Exercise]:
        module, name = self._where[lesson].split(":")
        return getattr(importlib.import_module(module), name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


LESSONS = Lessons({
    "Start here: exact odds with dice": "zaarlab.teaching.exercises:DICE_EXERCISES",
    "Zogar's Gaze 1: combat dice": "zaarlab.zogars_gaze.exercises:COMBAT_EXERCISES",
    "Zogar's Gaze 2: press your luck": "zaarlab.zogars_gaze.deck_exercises:DECK_EXERCISES",
    "Zaar 1: the mansion": "zaarlab.zaar.mansion_exercises:MANSION_EXERCISES",
    "Zaar 2: the raml and the astrolabe": "zaarlab.zaar.exercises:RAML_EXERCISES",
    "Zargos 1: the planet": "zaarlab.zargos.map_exercises:MAP_EXERCISES",
    "Zargos 2: the odds of combat": "zaarlab.zargos.exercises:COMBAT_EXERCISES",
    "Zerzura 1: the scales that go up and down": "zaarlab.zerzura.exercises:SCORING_EXERCISES",
    "Zerzura 2: play a game": "zaarlab.zerzura.play_exercises:PLAY_EXERCISES",
})
"""Every lesson's exercises (:class:`Lessons`)."""


WRONG_TRIES = 2  # wrong tries at a question after which practice offers another like it

# One question a lesson asks more of a student: its answer is long by hand, and quick with the notebook's widget
STRETCH = {
    "Start here: exact odds with dice": ("dice-order", "the dice-sum explorer"),
    "Zogar's Gaze 1: combat dice": ("zogar-rank", "the hold advisor"),
    "Zogar's Gaze 2: press your luck": ("zogar-rank-events", "the chart of the next card"),
    "Zaar 1: the mansion": ("zaar-reach", "the mansion's door graph"),
    "Zaar 2: the raml and the astrolabe": ("zaar-rank", "the 64 throws of the number dice"),
    "Zargos 1: the planet": ("zargos-cheaper", "the province explorer"),
    "Zargos 2: the odds of combat": ("zargos-rank", "the battle calculator"),
    "Zerzura 1: the scales that go up and down": ("zerzura-guard", "the collection builder"),
    "Zerzura 2: play a game": ("zerzura-rank-moves", "the scores before and after"),
}
LEVELS = ("basic", "core", "stretch")


def level(lesson: str, exercise: Exercise) -> str:
    """How much an exercise of ``lesson`` asks: its first is ``basic``, its :data:`STRETCH` question ``stretch``, the
    others ``core`` (an exercise of no lesson: ``core``).

    >>> [level("Zargos 2: the odds of combat", exercise) for exercise in LESSONS["Zargos 2: the odds of combat"]]
    ['basic', 'core', 'core', 'core', 'stretch']
    """
    exercises = LESSONS.get(lesson, ())
    if exercises and exercise is exercises[0]:
        return "basic"
    return "stretch" if STRETCH.get(lesson, ("",))[0] == exercise.id else "core"


def _level_words(lesson: str, exercise: Exercise) -> str:
    """An exercise's level beside its title, and for a stretch, the widget that helps."""
    marked = level(lesson, exercise)
    helps = f": {STRETCH[lesson][1]} in the lesson's notebook helps" if marked == "stretch" else ""
    return f'<small class="zaarlab-level" style="color: #5c5c5c">({marked}{html.escape(helps)})</small>'


def find_exercise(lesson: str, title: str) -> Exercise | None:
    """The exercise of ``lesson`` (its title in :data:`LESSONS`) called ``title``, or ``None``.

    >>> find_exercise("Start here: exact odds with dice", "At least once").id, find_exercise("x", "At least once")
    ('dice-once', None)
    """
    return next((exercise for exercise in LESSONS.get(lesson, ()) if exercise.title == title), None)


class LessonExercises(Panel):
    """The exercises of every lesson on one page: the student types their name once and picks the lesson, and its
    sheet is shown with the name in every exercise (each may still be changed there). A sheet is made when its lesson
    is first picked and kept, so a student going back finds their answers where they left them. Once an answer is
    checked, *download my answers* saves every answer checked on the page as a file for the teacher.

    >>> page = LessonExercises()
    >>> page.lesson.value, len(page.sheet.exercises)
    ('Start here: exact odds with dice', 5)
    >>> page.name.value = "Ada"
    >>> page.lesson.value = "Zargos 2: the odds of combat"
    >>> page.shown.children == (page.sheet.box,), len(page.sheet.exercises), len(page.sheets)
    (True, 5, 2)
    >>> {box.name.value for box in page.sheet.exercises}
    {'Ada'}
    """

    title = "the lessons' exercises"

    def __init__(self):
        self.lesson = controls.Menu(description="lesson", options=list(LESSONS),
                                    style={"description_width": "initial"},
                                    layout=widgets.Layout(width="min(100%, 460px)"))
        self.name = controls.TextBox(description="your name", placeholder="a name or a number")
        self.sheets: dict[str, ExerciseSheet] = {}
        self.shown = widgets.VBox()
        self.download_button = controls.Button(description="download my answers", disabled=True,
                                               layout=widgets.Layout(width="auto"))  # its words whole
        self.download_why = widgets.HTML("<small>Your answers can be downloaded once you have checked one.</small>")
        self.download = Download()
        self.lesson.observe(lambda change: self.show(), names="value")
        self.name.observe(lambda change: self._name_everywhere(), names="value")
        self.download_button.on_click(lambda button: self.download_answers())
        self.box = widgets.VBox([row([self.name, self.lesson]), self.shown,
                                 row([self.download_button, self.download_why]), self.download])
        if THIS_PAGE.waits_for_student or THIS_PAGE.student:  # a class that signs in: the name is the student's
            self.name.disabled = True
            self.name.placeholder = "signing you in"
            THIS_PAGE.when_signed_in.append(self._signed_in)
        self.show()
        if THIS_PAGE.student:
            self._signed_in(THIS_PAGE.student)

    def _signed_in(self, student: str) -> None:
        self.name.description = "signed in as"
        self.name.value = student
        self._no_name_in_exercises()
        self._answers_to_download()  # their answers from other pages too

    def _no_name_in_exercises(self, sheets=None) -> None:
        """Signed in, the page's name is the only one shown: an exercise's own would say the same, greyed."""
        for sheet in self.sheets.values() if sheets is None else sheets:
            for box in sheet.exercises:
                show(box.name, False)

    @property
    def sheet(self) -> ExerciseSheet:
        """The sheet of the lesson picked."""
        return self.sheets[self.lesson.value]

    def show(self) -> None:
        """Show the sheet of the lesson picked, made the first time it is."""
        if self.lesson.value not in self.sheets:
            self.sheets[self.lesson.value] = sheet = ExerciseSheet(LESSONS[self.lesson.value], self.lesson.value)
            for box in sheet.exercises:
                box.when_checked.append(self._answers_to_download)
            if self.name.value.strip():
                self._name_everywhere([sheet])
            if THIS_PAGE.student:
                self._no_name_in_exercises([sheet])
        self.shown.children = [self.sheet.box]

    def _name_everywhere(self, sheets=None) -> None:
        """The page's name in every exercise of ``sheets`` (all made so far), each whose name it changes getting a
        new question."""
        for sheet in self.sheets.values() if sheets is None else sheets:
            for box in sheet.exercises:
                box.name.value = self.name.value

    def _answers_to_download(self) -> None:
        count = len(THIS_PAGE.kept)
        self.download_button.disabled = not count
        self.download_why.value = f"<small>{count} answer{'s' if count != 1 else ''} checked on this page.</small>"

    def download_answers(self) -> None:
        """The browser saves every answer checked on this page as a file (``answers-<name>.csv``)."""
        name = re.sub(r"[^\w-]+", "-", self.name.value.strip())[:40].strip("-")
        self.download.offer(f"answers-{name}.csv" if name else "answers.csv", answers_csv(THIS_PAGE.kept),
                            "text/csv")
        self.download_why.value = ("<small>Your answers are saved as a file (see your downloads): give it to your "
                                   "teacher.</small>")


def _clause(why: str) -> str:
    """A checker's reason, as HTML to end with the feedback's own full stop (a reason that is whole sentences, the
    rule for typing a number, brings its own).

    >>> _clause("'x' is not a number: type 1/8.")
    '&#x27;x&#x27; is not a number: type 1/8'
    """
    return html.escape(why.rstrip("."))
