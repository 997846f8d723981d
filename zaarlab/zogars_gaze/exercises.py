"""Zogar's Gaze 1's exercises: combat dice, checked exactly (the API is :mod:`zaarlab.teaching.exercises`).

Five questions, their numbers drawn for each student: a chance of a face among fresh dice, a count of throws, the
chance of the hold kept for the rolls left, the best of three holds, and three holds ranked. The holds' chances are
the hold advisor's (:func:`~zaarlab.zogars_gaze.odds.hold_advice`), with the game's own readings.

>>> question = COMBAT_EXERCISES[2].for_student("Ada")
>>> question.text  # doctest: +ELLIPSIS
'The enemy needs ... You keep ... and roll the other ... once: what is the chance to win?'
>>> question.check(question.answer_text.split(" ≈ ")[0]).right
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import product
from math import comb

from ..core.readable import exact_text
from ..core.story import joined
from ..teaching.exercises import (
    AT_LEAST,
    COMPLEMENT,
    EXACTLY,
    ONE_ALONE,
    OTHER_RULE,
    ROLL_FORGOTTEN,
    Exercise,
    Mistake,
    Question,
    chance_for_count,
)
from .odds import DICE, hold_advice, hold_words, parse

FACES = 6
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
ALIKE = ((3, 2), (4, 3), (5, 3), (5, 4), (6, 4), (6, 5))  # (dice, k): k alike, more than half the dice, so one
# face alone can show k of them and the face may be counted six times over (worked in the solution)


def p_at_least_of_face(dice: int, k: int, faces: int = 1) -> Fraction:
    """P(at least ``k`` of ``dice`` fair dice show one of ``faces`` given faces): a binomial tail.

    >>> p_at_least_of_face(5, 2), p_at_least_of_face(3, 1), p_at_least_of_face(3, 1, faces=3)
    (Fraction(763, 3888), Fraction(91, 216), Fraction(7, 8))
    """
    return sum((Fraction(comb(dice, j) * faces ** j * (FACES - faces) ** (dice - j), FACES ** dice)
                for j in range(k, dice + 1)), Fraction(0))


def alike(dice: int, k: int, exactly: bool) -> int:
    """The throws of ``dice`` dice in which (exactly, or at least) ``k`` show the same face, ``k`` more than half the
    dice: six faces, which dice show it, any other face on the others.

    >>> alike(5, 3, exactly=False), alike(5, 3, exactly=True)
    (1656, 1500)
    """
    if 2 * k <= dice:
        raise ValueError(f"{k} of {dice} dice alike: two faces could show {k} each, and the count is not this one")
    return FACES * sum(comb(dice, j) * (FACES - 1) ** (dice - j) for j in (range(k, k + 1) if exactly else
                                                                         range(k, dice + 1)))


def _faces_words(faces: int) -> str:
    """``a 6``, ``a 5 or a 6``, ``a 4, a 5 or a 6``: the highest ``faces`` faces."""
    return joined(f"a {face}" for face in range(FACES - faces + 1, FACES + 1)).replace(" and ", " or ")


def _fresh(params: dict) -> Question:
    dice, k, faces = params["dice"], params["k"], params["faces"]
    p = p_at_least_of_face(dice, k, faces)
    shown, each = _faces_words(faces), Fraction(faces, FACES)
    terms = (f"C({dice}, {j}) × {faces}^{j} × {FACES - faces}^{dice - j}" if faces > 1 else
             f"C({dice}, {j}) × {FACES - 1}^{dice - j}" for j in range(k, dice + 1))
    return Question(
        f"{NUMBERS[dice].capitalize()} fair dice are rolled. What is the chance that at least {k} of them show "
        f"{shown}?", p,
        f"Each die shows {shown} with chance {each}. Add the chances of exactly {k}, {k + 1}, ... of them: exactly j "
        f"is C({dice}, j) × ({each})^j × ({1 - each})^({dice} - j).",
        " + ".join(terms) + f" = {p * FACES ** dice} of the {FACES ** dice} throws, so {exact_text(p)}.", params,
        mistakes=_tail_mistakes(dice, k, faces, shown))


def showing(dice: int, k: int, exactly: bool) -> int:
    """The throws of ``dice`` dice in which (exactly, or at least) ``k`` show one given face: which dice show it, any
    of the other five on the others.

    >>> showing(5, 3, exactly=False), showing(5, 3, exactly=True)
    (276, 250)
    """
    return sum(comb(dice, j) * (FACES - 1) ** (dice - j) for j in (range(k, k + 1) if exactly else
                                                                   range(k, dice + 1)))


def _same(params: dict) -> Question:
    dice, k, exactly, face = params["dice"], params["same"], params["exactly"], params.get("face", 0)
    count = (lambda at_least: showing(dice, k, not at_least)) if face else (
        lambda at_least: alike(dice, k, not at_least))
    ways = count(not exactly)
    how_many = f"exactly {k}" if exactly else f"at least {k}"
    other = Mistake(AT_LEAST, f"that counts at least {k}: exactly {k} leaves the others unlike it", count(True)) \
        if exactly else Mistake(EXACTLY, f"that counts exactly {k}: at least {k} counts more too", count(False))
    js = range(k, k + 1) if exactly else range(k, dice + 1)
    terms = " + ".join(f"C({dice}, {j}) × 5^{dice - j}" for j in js)
    if face:
        shared = (Mistake(ONE_ALONE, f"that counts any face alike: the question asks for the {face}",
                          ways * FACES),) if 2 * k > dice else ()
        text, hint, solution = (f"show a {face}", f"Pick which dice show the {face}; the others show any of the other "
                                f"five faces.", f"{ways} throws: {terms}.")
    else:
        shared = (Mistake(ONE_ALONE, "that counts one face: any of the 6 faces may be the one the dice share",
                          ways // FACES),)
        text, hint, solution = ("show the same face", "Pick the face (6 ways), then which dice show it; the others "
                                "show any other face.", f"{ways} throws: 6 × ({terms}).")
    return Question(
        f"{NUMBERS[dice].capitalize()} dice are rolled, one after the other. In how many of the {FACES}^{dice} = "
        f"{FACES ** dice} throws do {how_many} dice {text}?", ways, hint, solution, params,
        mistakes=(*shared, other, chance_for_count(ways, FACES ** dice)))


def _keep(params: dict) -> Question:
    (count, face), kept, rolls = params["need"], tuple(params["kept"]), params["rolls_left"]
    requirement = f"{count}x{face}"
    rolled, missing = DICE - len(kept), count - kept.count(face)
    p = Fraction(hold_advice(requirement, tuple(params["dice"]), 1, Fraction).p(kept))
    dice_rolled = f"the {NUMBERS[rolled]} dice rolled" if rolled > 1 else "the die rolled"
    act = (f"You keep {hold_words(kept).removeprefix('keep ')} and roll the other {NUMBERS[rolled]}" if kept else
           "You roll all five dice")
    more = f"{NUMBERS[missing]}{' more' if face in kept else ''} {face}{'s' if missing > 1 else ''}"
    if rolls == 2:  # the play named, not the advisor's best: that one may give up a kept die for another face
        p = sum((comb(rolled, j) * Fraction(11, 36) ** j * Fraction(25, 36) ** (rolled - j)
                 for j in range(missing, rolled + 1)), Fraction(0))
        best = Fraction(hold_advice(requirement, tuple(params["dice"]), rolls, Fraction).p(kept))
        text = f"{act}, then roll again those that show no {face}"
        hint = (f"Each die rolled shows a {face} on the first roll or on the second: 1/6 + 5/6 × 1/6 = 11/36. You win "
                f"if at least {missing} of them do (played this way, no other face can make a larger set).")
        solution = (f"At least {more} among {dice_rolled}, each with chance 11/36: {exact_text(p)}." + (
            f" The hold advisor, free to roll a kept die again for a larger set of another face, does better: "
            f"{exact_text(best)}." if best != p else ""))
        mistakes = (*_tail_mistakes(rolled, missing, 1, f"a {face}"),
                    Mistake(ROLL_FORGOTTEN, "that is the chance of the next roll alone: the last roll counts too",
                            p_at_least_of_face(rolled, missing)))
    else:
        text = f"{act} once"
        counted = Counter(_one_roll(requirement, kept))
        larger = NUMBERS[count + 1]
        other = counted["other"]
        hint = (f"You win with at least {more} among {dice_rolled}" + (
            f", or if the five dice then show {larger} of another face (a larger set of another face wins too)." if
            count + kept.count(face) < DICE else " (no other face can make a larger set from so few dice)."))
        solution = (f"At least {more} among {dice_rolled}: {counted['face']} of the {FACES ** rolled} throws" + (
            f"; {larger} of another face: {other} throw{'s' if other > 1 else ''} more" if other else "") +
            f"; so {exact_text(p)}.")
        mistakes = _tail_mistakes(rolled, missing, 1, f"a {face}")
        if counted["other"]:
            mistakes = (*mistakes, Mistake(OTHER_RULE, f"that counts only the {face}s: {count + 1} of another face "
                                                       "wins too", Fraction(counted["face"], FACES ** rolled)))
    return Question(
        f"The enemy needs {parse(requirement).words()}. Your dice show {_listed(params['dice'])}, with "
        f"{_rolls(rolls)} left. {text}: what is the chance to win?", p, hint, solution, params,
        explainer=_advisor(requirement, params["dice"], rolls, kept), mistakes=mistakes)


def _one_roll(requirement: str, kept: tuple[int, ...]) -> list[str]:
    """Every throw of the dice not ``kept``, one roll: "face" if it makes the set of the face needed, "other" if it
    wins by a larger set of another face alone, "" if it loses."""
    need = parse(requirement)
    count, face = need.count, need.face
    results = []
    for throw in product(range(1, FACES + 1), repeat=DICE - len(kept)):
        pool = kept + throw
        results.append("face" if pool.count(face) >= count else "other" if need.is_met(pool) else "")
    return results


def _tail_mistakes(dice: int, k: int, faces: int, shown: str) -> tuple[Mistake, ...]:
    """The likely mistakes of "at least ``k`` of ``dice`` dice show one of ``faces`` faces" (``shown``, in words):
    exactly ``k``, the complement, and ``k`` given dice showing it (the others' faces, and which dice, forgotten)."""
    exactly = Fraction(comb(dice, k) * faces ** k * (FACES - faces) ** (dice - k), FACES ** dice)
    given = (f"that is the chance for one given die: any of the {dice} may show {shown}" if k == 1 else
             f"that is the chance that {k} given dice show {shown}: any {k} of the {dice} may, and the others may too")
    return (Mistake(EXACTLY, f"that is the chance of exactly {k}: at least {k} counts more of them too", exactly),
            Mistake(COMPLEMENT,
                    f"that is the chance of {'none of them' if k == 1 else f'fewer than {k}'}: take it from 1",
                    1 - p_at_least_of_face(dice, k, faces)),
            Mistake(ONE_ALONE, given, Fraction(faces, FACES) ** k))


def _rolls(n: int) -> str:
    return f"{n} roll{'s' if n != 1 else ''}"


def _listed(dice) -> str:
    return ", ".join(map(str, dice[:-1])) + f" and {dice[-1]}"


def _holds(params: dict) -> list[tuple[tuple[int, ...], Fraction]]:
    advice = hold_advice(params["requirement"], tuple(params["dice"]), params["rolls_left"], Fraction)
    return [(hold, Fraction(advice.p(hold))) for hold in params["holds"]]


def _which(params: dict) -> Question:
    holds = _holds(params)
    letters = "ABC"[:len(holds)]
    best = max(letters, key=lambda letter: holds[letters.index(letter)][1])
    return Question(
        f"The enemy needs {parse(params['requirement']).words()}; your dice show {_listed(params['dice'])}, with "
        f"{_rolls(params['rolls_left'])} left. Which is the best hold? " + "; ".join(
            f"{letter}: {hold_words(hold)}" for letter, (hold, _) in zip(letters, holds, strict=True)) + ".",
        best, "Which hold leaves you the most ways to make the set in the rolls left?",
        "; ".join(f"{letter} wins with {exact_text(p)}" for letter, (_, p) in zip(letters, holds, strict=True)) +
        " (the hold advisor's exact chances).", params, tuple(letters),
        _advisor(params["requirement"], params["dice"], params["rolls_left"]))


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
    """N of a face needed, m < N of them showing and kept. With N + m >= 5 only the face needed can win (N + 1 of
    another face cannot come from the 5 - m dice rolled: ZOGAR-COMBAT-09), and one or two rolls are left; with fewer
    kept, one roll is left, a larger set of another face is counted too, and half the time the largest set of another
    face shown (two or more alike) is kept as well, for that set. The dice shown do not win already."""
    count = rng.choice((2, 3, 4))
    kept_count = rng.randrange(count // 4, count)  # four of a face from none: too unlikely to be worth asking
    rolls = rng.choice((1, 2)) if count + kept_count >= DICE else 1
    face = rng.randint(1, FACES)
    while True:
        others = [rng.choice([f for f in range(1, FACES + 1) if f != face]) for _ in range(DICE - kept_count)]
        dice = sorted([face] * kept_count + others)
        if parse(f"{count}x{face}").is_met(tuple(dice)):
            continue
        kept = [face] * kept_count
        largest = max(set(others), key=lambda f: (others.count(f), f))
        if (rolls == 1 and count + kept_count < DICE and 2 <= others.count(largest) <= DICE - count and
                rng.random() < 0.5):  # enough dice left to roll for the face needed
            kept += [largest] * others.count(largest)
        return {"need": (count, face), "kept": tuple(sorted(kept)), "dice": dice, "rolls_left": rolls}


def _draw_fresh(rng: random.Random) -> dict:
    """Two to five dice, at least k of them (up to four) showing one of the highest one to three faces: a chance of 1 %
    or more (a rarer one is a percent too small to type)."""
    while True:
        dice = rng.randint(2, 5)
        params = {"dice": dice, "k": rng.randint(1, min(dice, 4)), "faces": rng.randint(1, 3)}
        if p_at_least_of_face(dice, params["k"], params["faces"]) >= Fraction(1, 100):
            return params


def _draw_alike(rng: random.Random) -> dict:
    """Dice alike (:data:`ALIKE`), or, half the time, two to five dice showing a face named, exactly or at least."""
    if rng.random() < 0.5:
        dice, k = rng.choice(ALIKE)
        return {"dice": dice, "same": k, "exactly": rng.random() < 0.5, "face": 0}
    dice = rng.randint(2, 5)
    k = rng.randint(1, dice)
    return {"dice": dice, "same": k, "exactly": k < dice and rng.random() < 0.5, "face": rng.randint(1, FACES)}


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
    Exercise("zogar-fresh", "A face among fresh dice", _draw_fresh, _fresh),
    Exercise("zogar-same", "Counting throws", _draw_alike, _same),
    Exercise("zogar-keep", "The last roll", _draw_keep, _keep),
    Exercise("zogar-which", "Which hold?", lambda rng: _draw_holds(rng, 3), _which),
    Exercise("zogar-rank", "Rank the holds", lambda rng: _draw_holds(rng, 3), _rank),
)
"""Zogar's Gaze 1's exercises (combat dice)."""
