"""Zogar's Gaze 1's exercises: combat dice, checked exactly (the API is :mod:`zaarlab.teaching.exercises`).

Five questions, their numbers drawn for each student: a chance of a face among fresh dice, a count of throws, the
chance of the hold kept for the last roll, which of two holds is better, and three holds ranked. The holds' chances are
the hold advisor's (:func:`~zaarlab.zogars_gaze.odds.hold_advice`), with the game's own readings.

>>> question = COMBAT_EXERCISES[2].for_student("Ada")
>>> question.text  # doctest: +ELLIPSIS
'The enemy needs ... You keep ... and roll the other ... once: what is the chance to win?'
>>> question.check(question.answer_text.split(" ≈ ")[0]).right
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb

from ..core.readable import exact_text
from ..teaching.exercises import COMPLEMENT, EXACTLY, ONE_ALONE, WORDS, Exercise, Mistake, Question, chance_for_count
from .odds import DICE, hold_advice, hold_words, parse

FACES = 6
SAME = {3: 1656, 4: 156, 5: 6}  # throws of five dice with at least this many the same (worked in the solution)


def p_at_least_of_face(dice: int, k: int) -> Fraction:
    """P(at least ``k`` of ``dice`` fair dice show one given face): a binomial tail.

    >>> p_at_least_of_face(5, 2), p_at_least_of_face(3, 1)
    (Fraction(763, 3888), Fraction(91, 216))
    """
    return sum((Fraction(comb(dice, j) * (FACES - 1) ** (dice - j), FACES ** dice) for j in range(k, dice + 1)),
               Fraction(0))


def _fresh(params: dict) -> Question:
    k, face = params["k"], params["face"]
    p = p_at_least_of_face(DICE, k)
    return Question(
        f"Five fair dice are rolled. What is the chance that at least {k} of them show a {face}?", p,
        f"Each die shows a {face} with chance 1/6. Add the chances of exactly {k}, {k + 1}, ... of them: exactly j "
        f"is C(5, j) × (1/6)^j × (5/6)^(5 - j).",
        " + ".join(f"C(5, {j}) × 5^{DICE - j}" for j in range(k, DICE + 1)) + f" = {p * FACES ** DICE} of the 7776 "
        f"throws, so {exact_text(p)}.", params, mistakes=_tail_mistakes(DICE, k, face))


def _same(params: dict) -> Question:
    k = params["same"]
    ways = SAME[k]
    return Question(
        f"Five dice are rolled, one after the other. In how many of the 6^5 = 7776 throws do at least {k} dice show "
        "the same face?", ways,
        "Pick the face (6 ways), then which dice show it; the others show any other face.",
        f"{ways} throws: 6 × ({' + '.join(f'C(5, {j}) × 5^{DICE - j}' for j in range(k, DICE + 1))}).", params,
        mistakes=(Mistake(ONE_ALONE,
                          "that counts one face: any of the 6 faces may be the one the dice share", ways // FACES),
                  Mistake(EXACTLY, f"that counts exactly {k} the same: at least {k} counts more too",
                          FACES * comb(DICE, k) * (FACES - 1) ** (DICE - k)),
                  chance_for_count(ways, FACES ** DICE)))


def _keep(params: dict) -> Question:
    need, kept = params["need"], params["kept"]
    count, face = need
    rolled = DICE - len(kept)
    p = Fraction(hold_advice(f"{count}x{face}", tuple(params["dice"]), 1, Fraction).p(kept))
    missing = count - len(kept)
    return Question(
        f"The enemy needs {parse(f'{count}x{face}').words()}. Your dice show {_listed(params['dice'])}, with one roll "
        f"left. You keep {hold_words(kept).removeprefix('keep ')} and roll the other {WORDS[rolled].lower()} once: "
        "what is the chance to win?", p,
        f"You win if at least {missing} of the {WORDS[rolled].lower()} dice rolled show a {face} (with so few dice, no "
        "other face can make a larger set).",
        f"At least {missing} more {face}{'s' if missing > 1 else ''} among the {WORDS[rolled].lower()} dice rolled: "
        f"{exact_text(p)}.", params, explainer=_advisor(f"{count}x{face}", params["dice"], 1, kept),
        mistakes=_tail_mistakes(rolled, missing, face))


def _tail_mistakes(dice: int, k: int, face: int) -> tuple[Mistake, ...]:
    """The likely mistakes of "at least ``k`` of ``dice`` dice show ``face``": exactly ``k``, the complement, and
    ``k`` given dice showing it (the others' faces, and which dice, forgotten)."""
    exactly = Fraction(comb(dice, k) * (FACES - 1) ** (dice - k), FACES ** dice)
    given = (f"that is the chance for one given die: any of the {dice} may show the {face}" if k == 1 else
             f"that is the chance that {k} given dice show a {face}: any {k} of the {dice} may, and the others may too")
    return (Mistake(EXACTLY, f"that is the chance of exactly {k}: at least {k} counts more {face}s too", exactly),
            Mistake(COMPLEMENT,
                    f"that is the chance of {f'no {face}' if k == 1 else f'fewer than {k}'}: take it from 1",
                    1 - p_at_least_of_face(dice, k)),
            Mistake(ONE_ALONE, given, Fraction(1, FACES ** k)))


def _rolls(n: int) -> str:
    return f"{n} roll{'s' if n != 1 else ''}"


def _listed(dice) -> str:
    return ", ".join(map(str, dice[:-1])) + f" and {dice[-1]}"


def _holds(params: dict) -> list[tuple[tuple[int, ...], Fraction]]:
    advice = hold_advice(params["requirement"], tuple(params["dice"]), params["rolls_left"], Fraction)
    return [(hold, Fraction(advice.p(hold))) for hold in params["holds"]]


def _which(params: dict) -> Question:
    (a, pa), (b, pb) = _holds(params)
    return Question(
        f"The enemy needs {parse(params['requirement']).words()}; your dice show {_listed(params['dice'])}, with "
        f"{_rolls(params['rolls_left'])} left. Which is the better hold? A: {hold_words(a)}; B: {hold_words(b)}.",
        "A" if pa > pb else "B", "Which hold leaves you more ways to make the set in the rolls left?",
        f"A wins with {exact_text(pa)}, B with {exact_text(pb)} (the hold advisor's exact chances).", params,
        ("A", "B"), _advisor(params["requirement"], params["dice"], params["rolls_left"]))


def _rank(params: dict) -> Question:
    holds = _holds(params)
    letters = "ABC"
    order = tuple(sorted(letters, key=lambda letter: holds[letters.index(letter)][1], reverse=True))
    return Question(
        f"The enemy needs {parse(params['requirement']).words()}; your dice show {_listed(params['dice'])}, with "
        f"{_rolls(params['rolls_left'])} left. Rank the holds from the best to the worst: " + "; ".join(
            f"{letter}: {hold_words(hold)}" for letter, (hold, _) in zip(letters, holds, strict=True)) + ".",
        order, "Keeping more of the face you need is not always best: think of what the other dice can still become.",
        "; ".join(f"{letter}: {exact_text(holds[letters.index(letter)][1])}" for letter in order) + ".", params,
        explainer=_advisor(params["requirement"], params["dice"], params["rolls_left"]))


def _advisor(requirement: str, dice, rolls_left: int, kept=()) -> tuple:
    """The hold advisor on this combat, the dice ``kept`` held: every hold's exact chance, best first."""
    return ("hold_advisor", {"requirement": requirement, "dice": tuple(dice), "rolls_left": rolls_left,
                             "kept": tuple(kept)})


def _draw_keep(rng: random.Random) -> dict:
    """N of a face needed, m < N of them showing and kept, 1 roll left; N + m >= 5, so only the face needed can
    win (N + 1 of another face cannot come from the 5 - m dice rolled: ZOGAR-COMBAT-09)."""
    count = rng.choice((3, 4))
    kept_count = rng.choice([m for m in range(1, count) if count + m >= DICE])
    face = rng.randint(1, FACES)
    others = [rng.choice([f for f in range(1, FACES + 1) if f != face]) for _ in range(DICE - kept_count)]
    return {"need": (count, face), "kept": (face,) * kept_count,
            "dice": sorted([face] * kept_count + others)}


def _draw_holds(rng: random.Random, count: int) -> dict:
    """A requirement, five dice, rolls left, and ``count`` holds with different chances."""
    while True:
        requirement = rng.choice(("3x5", "2x6", "3x4", "straight:1-4", "straight:2-6"))
        dice = tuple(sorted(rng.randint(1, FACES) for _ in range(DICE)))
        rolls_left = rng.choice((1, 2))
        advice = hold_advice(requirement, dice, rolls_left, Fraction)
        if advice.already_won:
            continue
        picked = rng.sample(list(advice.ranking), min(count, len(advice.ranking)))
        if len({p for _, p in picked}) == count:
            return {"requirement": requirement, "dice": list(dice), "rolls_left": rolls_left,
                    "holds": [hold for hold, _ in picked]}


COMBAT_EXERCISES: Sequence[Exercise] = (
    Exercise("zogar-fresh", "A face among five dice",
             lambda rng: {"k": rng.choice((2, 3)), "face": rng.randint(1, FACES)}, _fresh),
    Exercise("zogar-same", "Counting throws", lambda rng: {"same": rng.choice(tuple(SAME))}, _same),
    Exercise("zogar-keep", "The last roll", _draw_keep, _keep),
    Exercise("zogar-which", "Which hold?", lambda rng: _draw_holds(rng, 2), _which),
    Exercise("zogar-rank", "Rank the holds", lambda rng: _draw_holds(rng, 3), _rank),
)
"""Zogar's Gaze 1's exercises (combat dice)."""
