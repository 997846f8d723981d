"""Zargos 2's exercises: a combat's rounds and whole battles, checked exactly
(the API is :mod:`zaarlab.teaching.exercises`).

Five questions, their numbers drawn for each student: the chance of a round's loss, a count of the throws that
cost the other side so many units, a round against a capital, which of two attacks is likelier to take its province,
and three attacks ranked. A round's answers are counts over the dice's throws; a battle's are the battle
calculator's exact chains (:func:`~zaarlab.zargos.odds.battle_dist`).

>>> question = COMBAT_EXERCISES[0].for_student("Ada")
>>> question.text  # doctest: +ELLIPSIS
'In a round, a side of ... units rolls ... What is the chance that the other side loses at least ... units?'
>>> question.check(question.answer_text.split(" ≈ ")[0]).right
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import product

from ..core.readable import exact_text
from ..teaching.exercises import (
    AT_LEAST,
    COMPLEMENT,
    EXACTLY,
    ONE_ALONE,
    OTHER_RULE,
    ROUNDED,
    Exercise,
    Mistake,
    Question,
    chance_for_count,
)
from .odds import battle_dist

UNITS = {1: 2, 2: 5, 3: 8}  # a side of this many units rolls this many dice (ZARGOS-COMBAT-04)


def throws_losing(dice: int, loss: int, divisor: int = 2, at_least: bool = True) -> int:
    """How many of the ``6 ** dice`` throws cost the other side ``loss`` units (or more): the total divided by
    ``divisor``, rounded down (ZARGOS-COMBAT-05; 3 against a capital, ZARGOS-CAPITAL-01).

    >>> throws_losing(1, 2), throws_losing(2, 5, at_least=False)
    (3, 5)
    """
    lost = [sum(throw) // divisor for throw in product(range(1, 7), repeat=dice)]
    return sum(n >= loss if at_least else n == loss for n in lost)


def p_takes(attackers: int, defenders: int) -> Fraction:
    """The chance that ``attackers`` units take a province held by ``defenders``, no capital nor power."""
    return battle_dist(attackers, defenders).fraction(lambda end: end[0] > 0)


def _dice_words(dice: int) -> str:
    return f"{dice} di{'e' if dice == 1 else 'ce'}"


def _round(params: dict, divisor: int = 2) -> Question:
    """A round's loss: half the total (``divisor`` 2), or a third against a capital (3)."""
    dice, loss = params["dice"], params["loss"]
    p = Fraction(throws_losing(dice, loss, divisor), 6 ** dice)
    side, loser, part = (("a side", "the other side", "half") if divisor == 2 else
                         ("an attacker", "the capital", "a third"))
    return Question(
        f"In a round, {side} of {UNITS[dice]} units rolls {_dice_words(dice)} and {loser} loses {part} of the "
        f"total, rounded down. What is the chance that {loser} loses at least {loss} unit{'s' * (loss != 1)}?", p,
        f"{UNITS[dice]} units roll {_dice_words(dice)}. At least {loss} lost means a total of at least "
        f"{divisor * loss}.",
        f"{throws_losing(dice, loss, divisor)} of the {6 ** dice} throws total {divisor * loss} or more: "
        f"{exact_text(p)}.", params, mistakes=(
            Mistake(EXACTLY, f"that is the chance of losing exactly {loss}: at least {loss} counts more too",
                    Fraction(throws_losing(dice, loss, divisor, at_least=False), 6 ** dice)),
            Mistake(COMPLEMENT, f"that is the chance of losing fewer than {loss}: take it from 1", 1 - p),
            Mistake(ROUNDED, f"that rounds the loss up: {part} of the total is rounded down", Fraction(sum(
                -(-sum(throw) // divisor) >= loss for throw in product(range(1, 7), repeat=dice)), 6 ** dice)),
            *((Mistake(OTHER_RULE, "that halves the total: a capital loses a third of it", Fraction(
                throws_losing(dice, loss), 6 ** dice)),) if divisor == 3 else ())))


def _count(params: dict) -> Question:
    loss = params["loss"]
    ways = throws_losing(2, loss, at_least=False)
    return Question(
        f"A side rolls two dice, and the other side loses half the total, rounded down. In how many of the 36 throws "
        f"does it lose exactly {loss} unit{'s' * (loss != 1)}?", ways,
        f"Exactly {loss} lost means a total of {2 * loss} or {2 * loss + 1}.",
        f"{ways} throws: those totalling {2 * loss} or {2 * loss + 1}.", params, mistakes=(
            Mistake(ONE_ALONE,
                    f"that counts the total of {2 * loss} alone: {2 * loss + 1} halved and rounded down loses {loss} "
                    "too", sum(a + b == 2 * loss for a in range(1, 7) for b in range(1, 7))),
            Mistake(AT_LEAST, f"that counts {loss} or more: the question asks exactly {loss}", throws_losing(2, loss)),
            chance_for_count(ways, 36)))


def _attack_words(attack) -> str:
    attackers, defenders = attack
    return f"{attackers} units against {defenders}"


def _which(params: dict) -> Question:
    a, b = (tuple(attack) for attack in params["attacks"])
    pa, pb = p_takes(*a), p_takes(*b)
    return Question(
        f"Which attack is likelier to take its province (no capital, no power)? A: {_attack_words(a)}; B: "
        f"{_attack_words(b)}.", "A" if pa > pb else "B",
        "More units are not always more dice: 4 to 6 units roll two, 7 or more three. Count the rounds each side can "
        "stand.", f"The battle calculator's exact chains: A takes it with {exact_text(pa)}; B with {exact_text(pb)}.",
        params, ("A", "B"), _calculator(a))


def _rank(params: dict) -> Question:
    attacks, letters = [tuple(attack) for attack in params["attacks"]], "ABC"
    chances = {letter: p_takes(*attack) for letter, attack in zip(letters, attacks, strict=True)}
    order = tuple(sorted(letters, key=chances.get, reverse=True))
    return Question(
        "Rank these attacks from the likeliest to take its province to the least likely (no capital, no power): "
        + "; ".join(f"{letter}: {_attack_words(attack)}" for letter, attack in zip(letters, attacks, strict=True))
        + ".", order, "Look at the dice each side rolls, and at how many units it can lose before it rolls fewer.",
        "; ".join(f"{letter}: {exact_text(chances[letter])}" for letter in order) + ".", params,
        explainer=_calculator(attacks[0]))


def _calculator(attack) -> tuple:
    """The battle calculator on ``attack`` (the first of the question's: its sliders reach the others)."""
    attackers, defenders = attack
    return ("battle", {"attackers": attackers, "defenders": defenders})


def _draw_round(rng: random.Random, dice: tuple[int, ...], divisor: int) -> dict:
    """Dice and a loss that some throws reach and some do not (a certain loss teaches nothing)."""
    rolled = rng.choice(dice)
    losses = [loss for loss in range(1, 6 * rolled // divisor + 1)
              if 0 < throws_losing(rolled, loss, divisor) < 6 ** rolled]
    return {"dice": rolled, "loss": rng.choice(losses)}


def _draw_attacks(rng: random.Random, count: int) -> dict:
    """``count`` attacks of 2 to 9 units against 1 to 6, each with a different chance."""
    while True:
        attacks = [(rng.randint(2, 9), rng.randint(1, 6)) for _ in range(count)]
        if len({p_takes(*attack) for attack in attacks}) == count:
            return {"attacks": [list(attack) for attack in attacks]}


COMBAT_EXERCISES: Sequence[Exercise] = (
    Exercise("zargos-round", "A round's losses", lambda rng: _draw_round(rng, (1, 2, 3), 2), _round),
    Exercise("zargos-count", "Counting throws", lambda rng: {"loss": rng.randint(1, 5)}, _count),
    Exercise("zargos-capital", "Against a capital", lambda rng: _draw_round(rng, (2, 3), 3),
             lambda params: _round(params, divisor=3)),
    Exercise("zargos-which", "Which attack?", lambda rng: _draw_attacks(rng, 2), _which),
    Exercise("zargos-rank", "Rank the attacks", lambda rng: _draw_attacks(rng, 3), _rank),
)
"""Zargos 2's exercises (a combat's rounds and battles)."""
