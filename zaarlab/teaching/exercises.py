"""Exercises checked exactly: a question whose numbers are drawn for each student, an answer typed as a fraction, a
percent or a decimal, a hint after a wrong try and a worked solution.

The numbers of a question are drawn from the student's name (or number): the same name always gets the same
question, a neighbour most likely another. An answer is checked against the exact value:

- a **fraction** (``1/8``, ``2/16``) or a whole number must equal it exactly;
- a **decimal** or a **percent** (``0.125``, ``12.5 %``, ``12,5%``) must be the exact value rounded to the digits
  typed, with at least :data:`SIGNIFICANT` significant digits (``0.333`` for 1/3, not ``0.33``). :data:`RULE` says so
  in the student's words, for the screen.

>>> check("12.5 %", Fraction(1, 8)).right, check("0.125", Fraction(1, 8)).right, check("2/16", Fraction(1, 8)).right
(True, True, True)
>>> check("0.33", Fraction(1, 3))  # not an answer to judge: too coarse
Verdict(right=False, why='0.33 has 2 significant digits: give at least 3, or the fraction', attempt=False, mistake='')

A question lists its likely **mistakes**, each an exact alternative computation and the words naming it (the
complement, an off-by-one count...): a wrong answer equal to one, under the same rule (or exactly, however few its
digits), is told what went wrong.

>>> verdict = check("25 %", Fraction(3, 4), (Mistake(COMPLEMENT, "that is the chance of no six", Fraction(1, 4)),))
>>> verdict.right, verdict.attempt, verdict.why, verdict.mistake == COMPLEMENT
(False, True, 'that is the chance of no six', True)
>>> exercise = DICE_EXERCISES[0]
>>> question = exercise.for_student("Ada")
>>> question == exercise.for_student("Ada"), question.text
(True, 'Two fair dice with 6 faces are thrown. What is the chance that their sum is at least 9?')
>>> question.check("5/18").right, question.check("27.78%").right, question.check("0.2778").right
(True, True, True)
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from ..core.dice import sum_dist
from ..core.readable import exact_text

SIGNIFICANT = 3
RULE = (f"Type a fraction (1/8), a decimal (0.125) or a percent (12.5 %). A fraction must be exact; a decimal or a "
        f"percent must round the exact answer to the digits you type, with at least {SIGNIFICANT} significant "
        "digits.")
MAX_ANSWER = 60  # characters of an answer: a long fraction fits, a pasted page does not

_FRACTION = re.compile(r"(-?\d+)\s*/\s*(\d+)")
_DECIMAL = re.compile(r"-?(\d+([.,]\d*)?|[.,]\d+)")


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, and why not in a sentence when it is not (or cannot be read).

    ``attempt`` says whether the question takes it as an answer at all: a number read with the digits it asks for, one
    of its options, each of its letters once. Only an attempt counts as a try, is kept for the teacher and opens the
    worked solution; an empty box, a word or a rounding too coarse is sent back with ``why``.
    """

    right: bool
    why: str = ""
    attempt: bool = True
    mistake: str = ""  # the kind of the likely mistake a wrong answer equals (:class:`Mistake`), if any


@dataclass(frozen=True)
class Mistake:
    """A likely mistake of a question: its ``kind`` (one of :data:`MISTAKE_KINDS`, what the teacher's page counts),
    ``words`` that name it to the student who typed it, on their numbers ("that is the chance of a sum below 9..."),
    and ``value``, what it computes exactly."""

    kind: str
    words: str
    value: Fraction | int

    def __post_init__(self):
        if self.kind not in MISTAKE_KINDS:
            raise ValueError(f"a mistake's kind is one of {', '.join(MISTAKE_KINDS)}, not {self.kind!r}")


def chance_for_count(ways: int, throws: int) -> Mistake:
    """The likely mistake of a question asking how many of ``throws`` throws do something: their chance instead.

    >>> chance_for_count(6, 36).value
    Fraction(1, 6)
    """
    return Mistake(CHANCE_FOR_COUNT, "that is the chance: the question asks how many throws", Fraction(ways, throws))


# The kinds of mistakes the questions name, in a teacher's words (the teacher's page counts the class's by these).
COMPLEMENT = "the complement: the chance of the opposite"
EXACTLY = "exactly, where at least was asked"
AT_LEAST = "at least, where exactly was asked"
REPLACED = "with replacement, where nothing is put back"
ADDED = "chances added, where they overlap"
ONE_ALONE = "one case alone, where several count"
OFF_BY_ONE = "off by one"
ORDER_IGNORED = "the order ignored, where it counts"
COUNT_FOR_CHANCE = "a count, where a chance was asked"
CHANCE_FOR_COUNT = "a chance, where a count was asked"
ROUNDED = "rounded the wrong way"
OTHER_RULE = "another rule's number"
GONE_COUNTED = "cards already gone counted"
ROLL_FORGOTTEN = "a roll left forgotten"
MISTAKE_KINDS = (COMPLEMENT, EXACTLY, AT_LEAST, REPLACED, ADDED, ONE_ALONE, OFF_BY_ONE, ORDER_IGNORED,
                 COUNT_FOR_CHANCE, CHANCE_FOR_COUNT, ROUNDED, OTHER_RULE, GONE_COUNTED, ROLL_FORGOTTEN)


def read_number(text: str) -> tuple[Fraction, int | None]:
    """The number typed, and for a decimal or a percent how many digits follow the point in the decimal it stands
    for (``None`` for a fraction or a whole number: exact). Raises ``ValueError`` in the student's words.

    >>> read_number("12.5 %"), read_number(" 3 / 24 "), read_number("7"), read_number("\u22124")
    ((Fraction(1, 8), 3), (Fraction(1, 8), None), (Fraction(7, 1), None), (Fraction(-4, 1), None))
    """
    text = text.strip().replace("\u2009", " ").replace("\u2212", "-")  # a thin space; a minus sign typed as such
    if not text:
        raise ValueError("type an answer first")
    if len(text) > MAX_ANSWER:
        raise ValueError(f"an answer has at most {MAX_ANSWER} characters")
    percent = text.endswith("%")
    body = text.removesuffix("%").strip()
    fraction = _FRACTION.fullmatch(body)
    if fraction and not percent:
        if int(fraction[2]) == 0:
            raise ValueError("a fraction cannot have 0 below the line")
        return Fraction(int(fraction[1]), int(fraction[2])), None
    if not _DECIMAL.fullmatch(body):
        raise ValueError(f"{text[:20]!r} is not a number: {RULE}")
    try:
        value = Decimal(body.replace(",", "."))
    except InvalidOperation:
        raise ValueError(f"{text[:20]!r} is not a number") from None
    places = max(-value.as_tuple().exponent, 0)
    if percent:
        return Fraction(value) / 100, places + 2
    return Fraction(value), (places if "." in body or "," in body else None)


def check(text: str, exact: Fraction | int, mistakes: Sequence[Mistake] = ()) -> Verdict:
    """Whether ``text`` (a student's answer) is ``exact`` under :data:`RULE`; a wrong one equal to one of the
    ``mistakes`` under the same rule is told that mistake's words."""
    exact = Fraction(exact)
    try:
        typed, places = read_number(text)
    except ValueError as error:
        return Verdict(False, str(error), attempt=False)
    if places is None:
        def same(value: Fraction) -> bool:
            return typed == value
    else:
        digits = _significant(typed, places)
        if digits < SIGNIFICANT and typed != exact and all(typed != m.value for m in mistakes):  # 25 % is 1/4
            return Verdict(False, f"{text.strip()} has {digits} significant digit{'s' * (digits != 1)}: give at "
                                  f"least {SIGNIFICANT}, or the fraction", attempt=False)

        def same(value: Fraction) -> bool:
            return abs(typed - value) <= Fraction(1, 2 * 10**places)
    if same(exact):
        return Verdict(True)
    made = next((m for m in mistakes if same(Fraction(m.value))), None)  # the right answer was told above
    if made is not None:
        return Verdict(False, made.words, mistake=made.kind)
    return Verdict(False, "not the exact answer" if places is None else
                   "not the exact answer rounded to the digits you typed")


def _significant(value: Fraction, places: int) -> int:
    """Significant digits of ``value`` written with ``places`` digits after the point."""
    digits = str(round(abs(value) * 10**places)).lstrip("0")
    return len(digits)


@dataclass(frozen=True)
class Question:
    """One student's question: its text, its exact answer, a hint and the worked solution.

    The answer is a number (a probability or a count, checked by :func:`check`), one of ``options`` (a choice), or
    every option in order (an ordering, typed as their letters: ``B, A, C``). ``explainer`` names the widget that
    shows why, and its settings for this question (``("dice_sums", {"dice": 2, ...})``; ``()`` for none): the
    solution opens it (:mod:`zaarlab.lessons`). ``mistakes`` are the likely wrong computations a number question
    names when an answer equals one (:class:`Mistake`); one that comes to the right answer is dropped."""

    text: str
    answer: Fraction | int | str | tuple[str, ...]
    hint: str
    solution: str
    params: dict = field(default_factory=dict)
    options: tuple[str, ...] = ()
    explainer: tuple = ()
    mistakes: tuple[Mistake, ...] = ()

    def __post_init__(self):  # a mistake that comes to the right answer (exactly 6 where 6 is the most) is none
        if self.mistakes and not isinstance(self.answer, str | tuple):
            object.__setattr__(self, "mistakes", tuple(m for m in self.mistakes
                                                       if Fraction(m.value) != Fraction(self.answer)))

    @property
    def kind(self) -> str:
        if isinstance(self.answer, tuple):
            return "ordering"
        return "choice" if self.options else "number"

    @property
    def how(self) -> str:
        """How to type an answer, for the screen."""
        if self.kind == "ordering":  # its letters in alphabetical order: the format, not a hint of the order
            letters = sorted(self.answer)
            return (f"Type the letters {', '.join(letters[:-1])} and {letters[-1]}, each once, in the order the "
                    "question asks, separated by commas.")
        if self.kind == "number":  # a count is a whole number: no rounding to speak of
            return "Type a whole number." if isinstance(self.answer, int) else RULE
        return "Pick one."

    def check(self, text: str) -> Verdict:
        if self.kind == "number":
            return check(text, self.answer, self.mistakes)
        if self.kind == "choice":
            if text not in self.options:
                return Verdict(False, "pick one of the options first", attempt=False)
            return Verdict(text == self.answer)
        typed = tuple(part.strip().upper() for part in text[:MAX_ANSWER].split(",") if part.strip())
        if sorted(typed) != sorted(self.answer):
            return Verdict(False, f"type each of {', '.join(sorted(self.answer))} once, separated by commas",
                           attempt=False)
        return Verdict(typed == self.answer, "" if typed == self.answer else "not the right order")

    @property
    def answer_text(self) -> str:
        """The answer as a student reads it: a fraction with its percent, a count, an option, an order."""
        if isinstance(self.answer, Fraction):
            return exact_text(self.answer)
        return ", ".join(self.answer) if isinstance(self.answer, tuple) else str(self.answer)


@dataclass(frozen=True)
class Exercise:
    """An exercise: ``draw(rng)`` picks its numbers, ``make(params)`` writes the question for them."""

    id: str
    title: str
    draw: Callable[[random.Random], dict]
    make: Callable[[dict], Question]

    def for_student(self, name: str) -> Question:
        """The question for the student called ``name`` (or numbered): the same name, the same numbers."""
        return self.drawn(name, 0)

    def drawn(self, name: str, draw: int) -> Question:
        """The question of draw number ``draw`` from ``name``'s own numbers (0: :meth:`for_student`'s; a class is
        dealt later draws, :meth:`deal_draws`).

        >>> exercise = DICE_EXERCISES[1]
        >>> exercise.drawn("Ada", 0) == exercise.for_student("Ada") != exercise.drawn("Ada", 1)
        True
        """
        return _drawn(self, _named(name), draw)

    def _numbers(self, name: str) -> random.Random:
        """The stream of numbers a student's questions are drawn from: their name's own."""
        return random.Random(int.from_bytes(hashlib.sha256(f"{self.id}:{_named(name)}".encode()).digest()[:8], "big"))

    def question_for(self, name: str, roster: Sequence[str] = (), draws: Mapping[str, int] | None = None) -> Question:
        """The question of the student called ``name``: dealt among a class's ``roster`` (:meth:`dealt`, with the
        class's ``draws`` if they were dealt once for all its pages) if the name is on it, else their own
        (:meth:`for_student`).

        >>> exercise = DICE_EXERCISES[1]
        >>> exercise.question_for("Ada") == exercise.for_student("Ada") == exercise.question_for("Ada", ["Bo"])
        True
        """
        names, named = _class(roster), _named(name)
        if named not in names:
            return self.for_student(name)
        told = _draws_of(names, draws)
        return _drawn(self, named, told[names.index(named)]) if told else _deal(self, names, None)[named]

    def variants(self, name: str, roster: Sequence[str] = (), draws: Mapping[str, int] | None = None
                 ) -> tuple[Question, ...]:
        """The questions the student called ``name`` may be given, :data:`VARIANTS` at most: their own
        (:meth:`question_for`) first, then the next ones drawn from their own numbers, each unlike those before it
        (another question like it, after two wrong tries in practice).

        >>> first, second = DICE_EXERCISES[0].variants("Ada")[:2]
        >>> first == DICE_EXERCISES[0].for_student("Ada"), first.text != second.text
        (True, True)
        """
        names = _class(roster)
        return _variants(self, _named(name), names, _draws_of(names, draws))

    def dealt(self, roster: Sequence[str], draws: Mapping[str, int] | None = None) -> dict[str, Question]:
        """The questions of a class whose students are ``roster``, by name (as :meth:`question_for` looks it up):
        no two students share a question, and the answers are spread. Students are dealt in the order of their
        names, each from their own draws (:meth:`for_student`'s first, then the next ones), the first that no
        classmate dealt before has, and that keeps the answers spread: a number no classmate has (until the class
        has :data:`SPREAD` different ones), an option or an order no more of the class has than its even share. At
        most :data:`DEAL_TRIES` draws a student: past those, the first with a question of its own. The same roster
        deals the same questions. ``draws``, the class's deal as :meth:`deal_draws` gave it, saves dealing it again
        (each student's dealt draw is drawn alone); draws that do not name the roster's students are not used.

        >>> deal = DICE_EXERCISES[3].dealt([f"student {i}" for i in range(12)])
        >>> len({q.text for q in deal.values()}), max(Counter(q.answer for q in deal.values()).values()) <= 2
        (12, True)
        """
        names = _class(roster)
        return _deal(self, names, _draws_of(names, draws))

    def deal_draws(self, roster: Sequence[str]) -> dict[str, int]:
        """Which of each student's draws :meth:`dealt` gives them: all a page needs to deal the class again at once.

        >>> roster = [f"student {i}" for i in range(12)]
        >>> draws = DICE_EXERCISES[3].deal_draws(roster)
        >>> DICE_EXERCISES[3].dealt(roster, draws) == DICE_EXERCISES[3].dealt(roster), 0 in draws.values()
        (True, True)
        """
        return {name: draw for name, (draw, _) in _dealing(self, _class(roster)).items()}


VARIANTS = 5  # questions of an exercise a student may be given in practice: their own, and four more like it
SPREAD = 10  # different answers a class's number questions are dealt before answers may repeat
DEAL_TRIES = 40  # draws a student's question is looked for in, when a class is dealt


def _named(name: str) -> str:
    """A name as the questions know it: "  Ada " and "ada" are one student."""
    return name.strip().casefold()


def _class(roster: Sequence[str]) -> tuple[str, ...]:
    """A roster's students as the questions know them: each once, in order."""
    return tuple(sorted({_named(name) for name in roster} - {""}))


def _draws_of(names: tuple[str, ...], draws: Mapping[str, int] | None) -> tuple[int, ...] | None:
    """``draws`` in the order of ``names``, if they name exactly those students, each with a draw dealing can give."""
    if draws is None or sorted(draws) != list(names):
        return None
    told = tuple(draws[name] for name in names)
    return told if all(isinstance(d, int) and 0 <= d < DEAL_TRIES for d in told) else None


@lru_cache(maxsize=1024)
def _drawn(exercise: Exercise, name: str, draw: int) -> Question:
    numbers = exercise._numbers(name)
    for _ in range(draw):
        exercise.draw(numbers)
    return exercise.make(exercise.draw(numbers))


@lru_cache(maxsize=256)
def _deal(exercise: Exercise, names: tuple[str, ...], draws: tuple[int, ...] | None) -> dict[str, Question]:
    if draws is not None:
        return {name: exercise.drawn(name, draw) for name, draw in zip(names, draws, strict=True)}
    return {name: question for name, (_, question) in _dealing(exercise, names).items()}


@lru_cache(maxsize=256)
def _dealing(exercise: Exercise, names: tuple[str, ...]) -> dict[str, tuple[int, Question]]:
    """Each student's dealt draw (its number, its question); :meth:`Exercise.dealt` says how they are chosen."""
    dealt: dict[str, tuple[int, Question]] = {}
    asked: set[tuple] = set()
    answers: Counter = Counter()
    for name in names:
        numbers, first = exercise._numbers(name), None
        for draw in range(DEAL_TRIES):
            question = exercise.make(exercise.draw(numbers))
            if (question.text, question.options) in asked:
                continue
            first = first or (draw, question)
            if _spreads(question, answers, len(names)):
                break
        else:
            draw, question = first or (draw, question)
        dealt[name] = draw, question
        asked.add((question.text, question.options))
        answers[str(question.answer)] += 1
    return dealt


@lru_cache(maxsize=1024)
def _variants(exercise: Exercise, name: str, roster: tuple[str, ...], draws: tuple[int, ...] | None
              ) -> tuple[Question, ...]:
    found = [exercise.question_for(name, roster, None if draws is None else dict(zip(roster, draws, strict=True)))]
    numbers = exercise._numbers(name)
    for _ in range(DEAL_TRIES * VARIANTS):
        if len(found) == VARIANTS:
            break
        question = exercise.make(exercise.draw(numbers))
        if all(question.text != other.text for other in found):
            found.append(question)
    return tuple(found)


def _spreads(question: Question, answers: Counter, students: int) -> bool:
    """Whether ``question``'s answer keeps a class's answers spread (:meth:`Exercise.dealt`)."""
    answer = str(question.answer)
    if question.kind == "number":
        return answer not in answers or len(answers) >= min(SPREAD, students)
    shares = len(question.options) if question.kind == "choice" else factorial(len(question.answer))
    return answers[answer] < -(-students // shares)


def lettered(items: Sequence[str]) -> str:
    """The candidates of a choice, as its question lists them.

    >>> lettered(["a sum of 7", "a double", "two sixes"])
    'A: a sum of 7; B: a double; C: two sixes'
    """
    return "; ".join(f"{letter}: {item}" for letter, item in zip(CHOICES, items, strict=False))


def best(values: Sequence) -> str:
    """The letter of the largest of ``values`` (a choice's answer).

    >>> best([Fraction(1, 6), Fraction(1, 2), Fraction(1, 3)])
    'B'
    """
    return CHOICES[max(range(len(values)), key=values.__getitem__)]


def compared(a, b) -> str:
    """The answer to "which of A and B is the larger?", where both may be equal: a pair's choice (:data:`PAIR`).

    >>> compared(3, 2), compared(2, 3), compared(2, 2)
    ('A', 'B', 'the same')
    """
    return SAME if a == b else "A" if a > b else "B"


def in_order(answer: str, pair: Sequence, key: Callable) -> list:
    """``pair`` ordered so that :func:`compared` of their ``key`` gives ``answer``.

    >>> in_order("B", [5, 9], key=abs), in_order("A", [5, 9], key=abs)
    ([5, 9], [9, 5])
    """
    larger, smaller = sorted(pair, key=key, reverse=True)
    return [smaller, larger] if answer == "B" else [larger, smaller]


SAME = "the same"
"""The third answer of a choice between two that can tie (most pairs of their kind do)."""

PAIR = ("A", "B", SAME)
"""A pair's choices: each drawn for a third of the students (the pair found to fit, :func:`in_order`)."""

CHOICES = ("A", "B", "C")
"""A choice's letters: three candidates, so the commonest right letter goes to about a third of a class (of two, a
class of 30 would give one letter to 19 or more students once in five)."""


def evenly(draw: Callable[[random.Random], dict], answer: Callable[[dict], object], answers: Sequence,
           tries: int = 200) -> Callable[[random.Random], dict]:
    """``draw`` spread evenly over ``answers``: the answer is picked first, then numbers are drawn until they give it
    (at most ``tries`` draws; the last one is kept if none does). Where most draws give a few small answers, a class
    still gets as many different answers as the question has.

    >>> rng = random.Random(1)
    >>> skewed = lambda rng: {"n": min(rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))}
    >>> sorted({evenly(skewed, lambda p: p["n"], range(1, 7))(rng)["n"] for _ in range(60)})
    [1, 2, 3, 4, 5, 6]
    """
    def drawn(rng: random.Random) -> dict:
        wanted = rng.choice(answers)
        for _ in range(tries):
            params = draw(rng)
            if answer(params) == wanted:
                break
        return params

    return drawn


# -- Lesson 0: exact odds with dice -------------------------------------------------------------------------------
WORDS = {2: "Two", 3: "Three", 4: "Four"}


DICE = ((2, 6), (2, 8), (3, 6), (2, 10), (3, 4))  # (dice, faces) of a question: few enough throws to count
COUNTED = (*DICE, (3, 8), (4, 4), (2, 12))  # a count question's dice: more of them, so 30 students count 10+ answers


def _p_at_least(n: int, faces: int, t: int) -> Fraction:
    return sum_dist(n, faces).fraction(lambda s: s >= t)  # p_sum_at_least's value, without importing sympy


def _at_least(params: dict) -> Question:
    n, faces, t = params["dice"], params["faces"], params["at_least"]
    p = _p_at_least(n, faces, t)
    favourable = p * faces**n  # every throw as likely: a chance is a count
    return Question(
        f"{WORDS[n]} fair dice with {faces} faces are thrown. What is the chance that their sum is at least {t}?",
        p, f"Count the throws: there are {' × '.join([str(faces)] * n)} = {faces**n} of them, each as likely. How "
           f"many give {t} or more?",
        f"{favourable} of the {faces**n} throws give {t} or more, so the chance is {favourable}/{faces**n} = "
        f"{exact_text(p)}.", params, explainer=_dice_sums(n, faces, t), mistakes=(
            Mistake(COMPLEMENT, f"that is the chance of a sum below {t}: at least {t} is everything else", 1 - p),
            Mistake(EXACTLY, f"that is the chance of a sum of exactly {t}: at least {t} counts every sum above it too",
                    sum_dist(n, faces).fraction(t)),
            Mistake(OFF_BY_ONE,
                    f"that leaves out the sum of {t} itself: at least {t} includes {t}", _p_at_least(n, faces, t + 1)),
            Mistake(COUNT_FOR_CHANCE,
                    f"that is the count of throws: the chance is that count out of the {faces**n} throws",
                    favourable)))


def _count(params: dict) -> Question:
    n, faces, total = params["dice"], params["faces"], params["total"]
    ways = int(sum_dist(n, faces).fraction(total) * faces**n)
    return Question(
        f"{WORDS[n]} dice with {faces} faces are thrown, one after the other. In how many of the {faces**n} throws "
        f"is the sum exactly {total}?", ways,
        "List the first die's faces; for each, how many ways can the others make up the rest?",
        f"{ways} throws: the coefficient of x^{total} in (x + x^2 + ... + x^{faces})^{n}.", params,
        explainer=_dice_sums(n, faces, total), mistakes=(
            Mistake(ORDER_IGNORED,
                    "that counts each set of faces once: thrown one after the other, 2 then 5 and 5 then 2 are two "
                    "throws", _sets_of_faces(n, faces, total)),
            Mistake(CHANCE_FOR_COUNT, "that is the chance of the sum: the question asks how many throws give it",
                    Fraction(ways, faces**n))))


def _sets_of_faces(dice: int, faces: int, total: int) -> int:
    """The throws with the sum ``total`` counted as sets of faces, the order the dice fell in ignored (a likely
    mistake: it counts {2, 5} once where the throws 2-5 and 5-2 are two)."""
    return sum(1 for throw in combinations_with_replacement(range(1, faces + 1), dice) if sum(throw) == total)


def _dice_sums(dice: int, faces: int, at_least: int) -> tuple:
    """The dice-sum explorer with these dice and threshold: the chart of every sum, the event's bars marked."""
    return ("dice_sums", {"dice": dice, "faces": faces, "at_least": at_least})


def _draw_sum(rng: random.Random, name: str, dice: Sequence[tuple[int, int]] = DICE) -> dict:
    """Dice and a sum between the smallest and the largest, both left out (a certain answer teaches nothing)."""
    n, faces = rng.choice(dice)
    return {"dice": n, "faces": faces, name: rng.randint(n + 1, n * faces - 1)}


def _draw_events(rng: random.Random) -> dict:
    """Three events "NdK sum at least t" with different chances."""
    events: list[tuple[int, int, int]] = []
    while len(events) < len(CHOICES):
        n, faces = rng.choice(DICE)
        event = (n, faces, rng.randint(n + 1, n * faces))
        if all(_p_at_least(*event) != _p_at_least(*e) for e in events):
            events.append(event)
    return {"events": events}


def _event_text(event: tuple[int, int, int]) -> str:
    n, faces, t = event
    return f"a sum of at least {t} with {n} dice of {faces} faces"


def _choice(params: dict) -> Question:
    events = params["events"]
    chances = [_p_at_least(*event) for event in events]
    return Question(f"Which is the likeliest? {lettered([_event_text(event) for event in events])}.", best(chances),
                    "Work out each chance (or count the throws of each) and compare.",
                    lettered([exact_text(p) for p in chances]) + ".", params, CHOICES)


def _ordering(params: dict) -> Question:
    events = params["events"]
    letters = "ABC"
    chances = {letter: _p_at_least(*event) for letter, event in zip(letters, events, strict=True)}
    text = "Rank from the likeliest to the least likely: " + "; ".join(
        f"{letter}: {_event_text(event)}" for letter, event in zip(letters, events, strict=True)) + "."
    order = tuple(sorted(chances, key=chances.__getitem__, reverse=True))
    return Question(text, order, "A chance near 1/2 is a sum near the middle; work out the three to be sure.",
                    "; ".join(f"{letter}: {exact_text(chances[letter])}" for letter in order) + ".", params)


def _at_least_once(params: dict) -> Question:
    faces, tries, top = params["faces"], params["tries"], params.get("top", 1)
    shown = f"{faces}" if top == 1 else f"{faces - 1} or {faces}"
    hit = Fraction(top, faces)
    never = (1 - hit) ** tries
    return Question(
        f"A fair die with {faces} faces is thrown {tries} times. What is the chance that it shows {shown} at least "
        "once?", 1 - never,
        f"First the chance of missing in one throw, then of missing in {tries} throws in a row; at least once is "
        "everything else.",
        f"Missed in one throw: {1 - hit}; in {tries} throws: ({1 - hit})^{tries} = {never}. "
        f"At least once: 1 − {never} = {exact_text(1 - never)}.", params, mistakes=(
            Mistake(COMPLEMENT, f"that is the chance of no {shown} at all: at least once is 1 minus it", never),
            Mistake(ADDED,
                    f"adding {hit} for each throw counts the throws that show it twice or more several times: take 1 "
                    "minus the chance of none", tries * hit),
            Mistake(EXACTLY, f"that is the chance of exactly one throw showing {shown}: at least once counts two "
                             "or more too", tries * hit * (1 - hit) ** (tries - 1))))


DICE_EXERCISES: Sequence[Exercise] = (
    Exercise("dice-at-least", "A sum at least", lambda rng: _draw_sum(rng, "at_least"), _at_least),
    Exercise("dice-count", "Counting throws", lambda rng: _draw_sum(rng, "total", COUNTED), _count),
    Exercise("dice-choice", "The likeliest", _draw_events, _choice),
    Exercise("dice-order", "Rank the chances", _draw_events, _ordering),
    Exercise("dice-once", "At least once", lambda rng: {"faces": rng.choice((4, 6, 8, 10, 12)),
                                                        "tries": rng.randint(2, 5), "top": rng.choice((1, 2))},
             _at_least_once),
)
"""Lesson 0's exercises (exact odds with dice)."""

