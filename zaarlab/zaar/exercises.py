"""Zaar 2's exercises: the raml and the battle, checked exactly (the API is :mod:`zaarlab.teaching.exercises`).

Five questions, their numbers drawn for each student: the chance that the raml traps the demon in one of a few rooms
entered (or in the last), a count of the number dice's throws that meet a requirement (as thrown, or for the
Warrior), the chance to win a battle with a few throws, which of two requirements is the easier, and three
requirements ranked. Every chance is a count over the raml's own throws
(:func:`~zaarlab.zaar.raml.throw_dist`: 4 letters × 4 × 4 × 4 numbers, all alike).

>>> question = RAML_EXERCISES[2].for_student("Ada")
>>> question.text  # doctest: +ELLIPSIS
'The astrolabe asks for ... You have ... throws ...: what is the chance to win the battle?'
>>> question.check(question.answer_text.split(" ≈ ")[0]).right
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import product
from math import prod

from ..core.readable import exact_text
from ..teaching.exercises import (
    ADDED,
    CHOICES,
    COMPLEMENT,
    ONE_ALONE,
    OTHER_RULE,
    WORDS,
    Exercise,
    Mistake,
    Question,
    best,
    chance_for_count,
    evenly,
    lettered,
)
from .raml import Requirement, load_raml, meets, throw_dist, traps

NUMBERS = {2: "two", 3: "three", 4: "four"}
ORDINALS = ("first", "second", "third", "fourth")
# the astrolabe's kinds: numbers in their places (one to three of them), or on any dice (one to three, one of them
# twice); every one the reconstruction shows is here
REQUIREMENTS = ("0*3", "12*", "*2*", "333", "**0", "*1*", "2**", "3*1", "{1}", "{2}", "{3}", "{0, 3}", "{2, 2}",
                "{0, 0}", "{1, 2}", "{1, 3}", "{1, 2, 3}", "{0, 2, 3}")


def requirement_words(code: str) -> str:
    """What a requirement's code asks for, as a player says it.

    >>> requirement_words("0*3"), requirement_words("{0, 3}")
    ('0, any number, 3, in that order', '0 and 3, on any dice')
    """
    return Requirement.from_text(code).words()


def number_throws(code: str, warrior: bool = False) -> int:
    """How many of the number dice's throws (each die read in its place) meet the requirement ``code``; for the
    Warrior, who may read any die by its backside (ZAAR-PAWN-03), those that meet it either way.

    >>> number_throws("0*3"), number_throws("{1}"), number_throws("{1}", warrior=True)
    (4, 37, 56)
    """
    raml, need = load_raml(), Requirement.from_text(code)
    letter = raml.letters[0]
    return sum(meets((letter, *numbers), need, raml, warrior) for numbers in product(raml.numbers, repeat=raml.count))


def p_meets(code: str) -> Fraction:
    """The chance that one throw of the raml meets the requirement ``code``.

    >>> p_meets("{1}")
    Fraction(37, 64)
    """
    raml = load_raml()
    return Fraction(number_throws(code), len(raml.numbers) ** raml.count)


def p_trap(letters: Sequence[str]) -> Fraction:
    """The chance that one throw of the raml traps the demon in a room with the plaques ``letters`` unrevoked."""
    raml = load_raml()
    return throw_dist(raml).fraction(lambda throw: traps(throw, tuple(letters), raml))


def _trap(params: dict) -> Question:
    rooms, last = [tuple(letters) for letters in params["rooms"]], params["last"]
    chances = [p_trap(letters) for letters in rooms]
    missed = [1 - p for p in chances]
    none = prod(missed, start=Fraction(1))
    p = prod(missed[:-1], start=Fraction(1)) * chances[-1] if last else 1 - none
    entered = "; ".join(f"the {ORDINALS[i]} with the plaque{'s' * (len(letters) > 1)} {' and '.join(letters)}"
                        for i, letters in enumerate(rooms))
    asked = "in the last of them" if last else "in one of them"
    missed_words = " × ".join(str(q) for q in (missed[:-1] if last else missed))
    return Question(
        f"A pawn enters {NUMBERS[len(rooms)]} rooms, one after the other, each with plaques unrevoked: {entered}. "
        "Each entry makes the raml be thrown once, and the pawn stops in the room where the demon is trapped. What is "
        f"the chance that the demon is trapped {asked}?", p,
        "In a room, only the letter die counts: it shows each of its four letters alike. "
        + ("The demon must be missed in every room before the last, then trapped there." if last else
           "The demon escapes only if it is missed in every room."),
        (f"Missed in each room before: {missed_words}; trapped in the last: {chances[-1]}; {missed_words} × "
         f"{chances[-1]} = {exact_text(p)}." if last else
         f"Missed in every room: {missed_words} = {none}; trapped in one of them: 1 − {none} = {exact_text(p)}."),
        params, mistakes=(
            Mistake(COMPLEMENT, "that is the chance that the demon is not trapped there: take it from 1", 1 - p),
            Mistake(ONE_ALONE, "that is the last room's chance alone: the demon must be missed in the rooms before"
                    if last else "that is the first room's chance alone: every room gives the raml a throw",
                    chances[-1] if last else chances[0]),
            Mistake(ADDED, "that adds the rooms' chances: take 1 minus the chance that the demon is missed in all",
                    sum(chances, Fraction(0))) if not last else
            Mistake(OTHER_RULE, "that is the chance of a trap in any of the rooms: the question asks for the last",
                    1 - none)))


def _count(params: dict) -> Question:
    code, warrior = params["code"], params["warrior"]
    ways = number_throws(code, warrior)
    raml = load_raml()
    pairs = sorted({tuple(sorted((face, raml.back(face)))) for face in raml.numbers})
    who = ("The Warrior may read any die by its backside (in zaarlab's reconstruction of the raml, " +
           " and ".join(f"{a} and {b}" for a, b in pairs) + " are each other's backside): a throw meets the "
           "requirement if some reading does. " if warrior else "")
    return Question(
        f"The astrolabe asks the number dice to show {requirement_words(code)}. {who}Of the 4 × 4 × 4 = 64 throws of "
        "the three number dice (each showing 0, 1, 2 or 3), how many meet it?", ways,
        "For the Warrior, a die counts as either of its two numbers: count the dice that can show what is needed."
        if warrior else "Count the throws that miss, if that is easier, and take them from 64.",
        f"{ways} of the 64 throws: " + _why(code, warrior), params, explainer=_throws(code, warrior=warrior), mistakes=(
            Mistake(COMPLEMENT, "that counts the throws that miss: take them from 64", 64 - ways),
            chance_for_count(ways, 64),
            *((Mistake(OTHER_RULE, "that counts the throws read as thrown: the Warrior may turn any die over",
                       number_throws(code)),) if warrior else ())))


def _why(code: str, warrior: bool = False) -> str:
    need = Requirement.from_text(code)
    if warrior:
        return ("each die may be read as either of two numbers, so a die shows a number wanted on 2 of its 4 faces"
                + (": " + " × ".join("4" if v is None else "2" for v in need.values) + "." if need.kind == "ordered"
                   else "; listed one by one, or counted by the dice that can show no number wanted."))
    if need.kind == "ordered":
        free = sum(v is None for v in need.values)
        if not free:
            return "each die must show its own number: one throw alone."
        return f"{3 - free} dice must show their numbers, the other {free} any of 4: 4^{free} = {4 ** free}."
    if len(need.values) == 1:
        return f"64 minus the 3^3 = 27 throws with no {need.values[0]}."
    return "listed one by one, or by inclusion and exclusion of the throws missing each number."


def _battle(params: dict) -> Question:
    code, throws = params["code"], params["throws"]
    hit = p_meets(code)
    p = 1 - (1 - hit) ** throws
    return Question(
        f"The astrolabe asks for {requirement_words(code)}. You have {WORDS.get(throws, str(throws)).lower()} "
        "throws (one wisdom coin each), and the dice on the table missed: what is the chance to win the battle?", p,
        f"One throw meets it with {exact_text(hit)}. You lose only if every throw misses.",
        f"1 − (1 − {hit})^{throws} = {exact_text(p)}.", params, explainer=_throws(code), mistakes=(
            Mistake(COMPLEMENT, "that is the chance that every throw misses: take it from 1", (1 - hit) ** throws),
            Mistake(ONE_ALONE, f"that is one throw's chance: you have {throws}", hit),
            Mistake(ADDED,
                    f"adding {hit} for each throw counts the battles won twice or more several times: take 1 minus the "
                    "chance that all miss", throws * hit)))


def _which(params: dict) -> Question:
    codes = params["codes"]
    throws = [number_throws(code) for code in codes]
    return Question(
        "Which requirement is the easiest to meet with one throw of the raml? "
        f"{lettered([requirement_words(code) for code in codes])}.", best(throws),
        "Count the throws of the three number dice (64 in all) that meet each one.",
        lettered([f"{n} of 64 ({exact_text(Fraction(n, 64))})" for n in throws]) + ".", params,
        CHOICES, _throws(*codes))


def _rank(params: dict) -> Question:
    codes, letters = params["codes"], "ABC"
    order = tuple(sorted(letters, key=lambda letter: p_meets(codes[letters.index(letter)]), reverse=True))
    return Question(
        "Rank these requirements from the easiest to the hardest to meet with one throw: " + "; ".join(
            f"{letter}: {requirement_words(code)}" for letter, code in zip(letters, codes, strict=True)) + ".",
        order, "An order fixes a die's place; a number on any die may come on any of the three.",
        "; ".join(f"{letter}: {number_throws(codes[letters.index(letter)])} of 64" for letter in order) + ".",
        params, explainer=_throws(*codes))


def _throws(*codes: str, warrior: bool = False) -> tuple:
    """The 64 throws of the number dice, those that meet each requirement (read by the ``warrior``'s rule) marked."""
    return ("throws", {"codes": list(codes), "warrior": warrior})


def _draw_codes(rng: random.Random) -> dict:
    """Three requirements, each met by a different number of throws."""
    while True:
        codes = rng.sample(REQUIREMENTS, len(CHOICES))
        if len({number_throws(code) for code in codes}) == len(CHOICES):
            return {"codes": codes}


RAML_EXERCISES: Sequence[Exercise] = (
    Exercise("zaar-trap", "Trapping the demon", lambda rng: {
        "rooms": [sorted(rng.sample("ABCD", rng.choice((1, 2)))) for _ in range(rng.randint(2, 4))],
        "last": rng.random() < 0.5}, _trap),
    Exercise("zaar-count", "Counting throws", evenly(
        lambda rng: {"code": rng.choice(REQUIREMENTS), "warrior": rng.random() < 0.5},
        lambda params: number_throws(params["code"], params["warrior"]),
        sorted({number_throws(code, warrior) for code in REQUIREMENTS for warrior in (False, True)})), _count),
    Exercise("zaar-battle", "A battle of a few throws",
             lambda rng: {"code": rng.choice(REQUIREMENTS), "throws": rng.randint(2, 4)}, _battle),
    Exercise("zaar-which", "The easiest requirement", _draw_codes, _which),
    Exercise("zaar-rank", "Rank the requirements", _draw_codes, _rank),
)
"""Zaar 2's exercises (the raml and the battle)."""
