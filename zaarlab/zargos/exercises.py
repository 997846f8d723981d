"""Zargos 2's exercises: a combat's rounds and whole battles, checked exactly
(the API is :mod:`zaarlab.teaching.exercises`).

Five questions, their numbers drawn for each student: the chance of a round's loss, a count of the throws that
cost the other side (or a capital) exactly or at least so many units, a round against a capital, which of two attacks
is likelier to take its province, and three attacks ranked. A round's answers are counts over the dice's throws; a
battle's are the battle calculator's exact chains (:func:`~zaarlab.zargos.odds.battle_dist`).

>>> question = COMBAT_EXERCISES[0].for_student("Ada")
>>> question.text  # doctest: +ELLIPSIS
'In a round, a side of ... units rolls ... What is the chance that the other side loses ... units?'
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
    CHOICES,
    COMPLEMENT,
    EXACTLY,
    ONE_ALONE,
    OTHER_RULE,
    ROUNDED,
    Exercise,
    Mistake,
    Question,
    best,
    chance_for_count,
    lettered,
)
from .odds import battle_dist

UNITS = {1: 2, 2: 5, 3: 8}  # a side of this many units rolls this many dice (ZARGOS-COMBAT-04)
SIDES = {1: range(1, 4), 2: range(4, 7), 3: range(7, 11)}  # the sides that roll this many dice (ZARGOS-COMBAT-04)


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


def _sides(divisor: int) -> tuple[str, str, str]:
    """Who rolls, who loses, and what part of the total: half in a combat, a third against a capital."""
    return ("a side", "the other side", "half") if divisor == 2 else ("an attacker", "the capital", "a third")


def _round(params: dict, divisor: int = 2) -> Question:
    """A round's loss: half the total (``divisor`` 2), or a third against a capital (3); at least the loss, or
    exactly it (``params["exactly"]``)."""
    dice, loss, exactly = params["dice"], params["loss"], params.get("exactly", False)
    units = params.get("units", UNITS[dice])
    ways = throws_losing(dice, loss, divisor, at_least=not exactly)
    p = Fraction(ways, 6 ** dice)
    side, loser, part = _sides(divisor)
    asked = f"{'exactly' if exactly else 'at least'} {loss} unit{'s' * (loss != 1)}"
    totals = _totals(dice, loss, divisor, exactly)
    other = (Mistake(AT_LEAST, f"that is the chance of losing at least {loss}: exactly {loss} counts fewer",
                     Fraction(throws_losing(dice, loss, divisor), 6 ** dice)) if exactly else
             Mistake(EXACTLY, f"that is the chance of losing exactly {loss}: at least {loss} counts more too",
                     Fraction(throws_losing(dice, loss, divisor, at_least=False), 6 ** dice)))
    up = [-(-sum(throw) // divisor) for throw in product(range(1, 7), repeat=dice)]
    return Question(
        f"In a round, {side} of {units} unit{'s' * (units != 1)} rolls {_dice_words(dice)} and {loser} loses {part} "
        f"of the total, rounded down. What is the chance that {loser} loses {asked}?", p,
        f"{units} unit{'s' * (units != 1)} roll{'s' * (units == 1)} {_dice_words(dice)}. {asked.capitalize()} lost "
        f"means {totals}.",
        f"{ways} of the {6 ** dice} throws make {totals}: {exact_text(p)}.", params, mistakes=(
            other,
            Mistake(COMPLEMENT, f"that is the chance of {'any other loss' if exactly else f'losing fewer than {loss}'}"
                                ": take it from 1", 1 - p),
            Mistake(ROUNDED, f"that rounds the loss up: {part} of the total is rounded down", Fraction(sum(
                n == loss if exactly else n >= loss for n in up), 6 ** dice)),
            *((Mistake(OTHER_RULE, "that halves the total: a capital loses a third of it", Fraction(
                throws_losing(dice, loss, at_least=not exactly), 6 ** dice)),) if divisor == 3 else ())))


def _totals(dice: int, loss: int, divisor: int, exactly: bool) -> str:
    """The totals of ``dice`` dice that lose (exactly) ``loss`` units, ``divisor`` parts of the total, in words."""
    low, high = divisor * loss, min(divisor * loss + divisor - 1, 6 * dice)
    if not exactly:
        return f"a total of {low} or more" if low < 6 * dice else f"a total of {low}"
    return f"a total of {low} to {high}" if high > low else f"a total of {low}"


def _count(params: dict) -> Question:
    dice, loss, divisor, exactly = params["dice"], params["loss"], params["divisor"], params["exactly"]
    ways = throws_losing(dice, loss, divisor, at_least=not exactly)
    side, loser, part = _sides(divisor)
    low, high = divisor * loss, min(divisor * loss + divisor - 1, 6 * dice)
    asked = f"{'exactly' if exactly else 'at least'} {loss} unit{'s' * (loss != 1)}"
    totals = _totals(dice, loss, divisor, exactly)
    alone = sum(sum(throw) == low for throw in product(range(1, 7), repeat=dice))
    return Question(
        f"{side.capitalize()} rolls {_dice_words(dice)}, and {loser} loses {part} of the total, rounded down. In how "
        f"many of the {6 ** dice} throws does it lose {asked}?", ways,
        f"{asked.capitalize()} lost means {totals}.",
        f"{ways} throw{'s' * (ways != 1)}: {'those' if ways != 1 else 'the one'} with {totals}.", params,
        mistakes=(
            *((Mistake(ONE_ALONE, f"that counts the total of {low} alone: up to {high}, {part} rounded down is "
                                  f"{loss} too", alone),) if exactly and high > low else ()),
            Mistake(AT_LEAST, f"that counts {loss} or more: the question asks exactly {loss}",
                    throws_losing(dice, loss, divisor)) if exactly else
            Mistake(EXACTLY, f"that counts exactly {loss}: at least {loss} counts more too",
                    throws_losing(dice, loss, divisor, at_least=False)),
            chance_for_count(ways, 6 ** dice)))


def _draw_count(rng: random.Random) -> dict:
    """Two or three dice, half or a third (a capital) of the total, exactly or at least a loss some throws make and
    some do not."""
    divisor = rng.choice((2, 3))
    params = _draw_round(rng, (2, 3), divisor)
    return {**params, "divisor": divisor, "exactly": rng.random() < 0.5}


def _attack_words(attack) -> str:
    attackers, defenders = attack
    return f"{attackers} units against {defenders}"


def _which(params: dict) -> Question:
    attacks = [tuple(attack) for attack in params["attacks"]]
    chances = [p_takes(*attack) for attack in attacks]
    return Question(
        "Which attack is the likeliest to take its province (no capital, no power)? "
        f"{lettered([_attack_words(attack) for attack in attacks])}.", best(chances),
        "More units are not always more dice: 4 to 6 units roll two, 7 or more three. Count the rounds each side can "
        "stand.", "The battle calculator's exact chains: " + lettered(
            [f"takes it with {exact_text(p)}" for p in chances]) + ".",
        params, CHOICES, _calculator(attacks[0]))


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


def _draw_round(rng: random.Random, dice: tuple[int, ...], divisor: int, exactly: bool = False) -> dict:
    """Dice and a loss that some throws reach and some do not (a certain loss teaches nothing); ``exactly``: half the
    time the question asks for exactly that loss."""
    rolled = rng.choice(dice)
    losses = [loss for loss in range(1, 6 * rolled // divisor + 1)
              if 0 < throws_losing(rolled, loss, divisor) < 6 ** rolled]
    return {"dice": rolled, "loss": rng.choice(losses), "units": rng.choice(SIDES[rolled]),
            **({"exactly": rng.random() < 0.5} if exactly else {})}


def _draw_attacks(rng: random.Random) -> dict:
    """Three attacks of 2 to 9 units against 1 to 6, each with a different chance."""
    while True:
        attacks = [(rng.randint(2, 9), rng.randint(1, 6)) for _ in range(len(CHOICES))]
        if len({p_takes(*attack) for attack in attacks}) == len(CHOICES):
            return {"attacks": [list(attack) for attack in attacks]}


COMBAT_EXERCISES: Sequence[Exercise] = (
    Exercise("zargos-round", "A round's losses", lambda rng: _draw_round(rng, (1, 2, 3), 2, exactly=True), _round),
    Exercise("zargos-count", "Counting throws", _draw_count, _count),
    Exercise("zargos-capital", "Against a capital", lambda rng: _draw_round(rng, (1, 2, 3), 3, exactly=True),
             lambda params: _round(params, divisor=3)),
    Exercise("zargos-which", "Which attack?", _draw_attacks, _which),
    Exercise("zargos-rank", "Rank the attacks", _draw_attacks, _rank),
)
"""Zargos 2's exercises (a combat's rounds and battles)."""
