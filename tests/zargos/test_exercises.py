"""Zargos 2's exercises: each drawn question's answer checked, for many students, against every throw counted here
and against a battle solved here apart, round by round over every throw of both sides' dice."""

import math
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from tests.helpers import by_id
from zaarlab.core.readable import exact_text
from zaarlab.zargos.exercises import COMBAT_EXERCISES, UNITS
from zaarlab.zargos.odds import dice_for

STUDENTS = [f"student {i}" for i in range(40)]


def throws(dice: int):
    return list(product(range(1, 7), repeat=dice))


def dice_of(units: int) -> int:
    """Read here from the rulebook: 1 die for 1-3 units, 2 for 4-6, 3 for 7 or more."""
    return 1 if units <= 3 else 2 if units <= 6 else 3


@cache
def p_take(attackers: int, defenders: int) -> Fraction:
    """The attacker's chance to wipe the defenders out and survive: every throw of both sides each round, the
    rounds where nobody loses anything left out (they change nothing)."""
    if defenders <= 0:
        return Fraction(int(attackers > 0))
    if attackers <= 0:
        return Fraction(0)
    outcomes = [(sum(a) // 2, sum(d) // 2) for a in throws(dice_of(attackers)) for d in throws(dice_of(defenders))]
    moving = [(hit, lost) for hit, lost in outcomes if hit or lost]
    return sum((p_take(attackers - lost, defenders - hit) for hit, lost in moving), Fraction(0)) / len(moving)


def test_the_dice_a_side_rolls_are_named_rightly():
    assert all(dice_for(units) == dice == dice_of(units) for dice, units in UNITS.items())


@pytest.mark.rule("ZARGOS-COMBAT-05")
@pytest.mark.rule("ZARGOS-CAPITAL-01")
@pytest.mark.parametrize(("exercise", "divisor"), [("zargos-round", 2), ("zargos-capital", 3)])
def test_a_rounds_loss_is_the_share_of_throws_whose_total_divided_reaches_it(exercise, divisor):
    """Half the total in a round (ZARGOS-COMBAT-05), a third against a capital (ZARGOS-CAPITAL-01)."""
    for name in STUDENTS:
        question = by_id(COMBAT_EXERCISES, exercise).for_student(name)
        dice, loss, exactly = question.params["dice"], question.params["loss"], question.params["exactly"]
        assert question.answer == Fraction(sum(
            sum(t) // divisor == loss if exactly else sum(t) // divisor >= loss for t in throws(dice)), 6 ** dice)
        assert ("exactly" if exactly else "at least") in question.text
        units = question.params["units"]  # ZARGOS-COMBAT-04: the side's units say its dice
        assert dice_of(units) == dice and f" of {units} unit{'s' * (units != 1)} rolls" in question.text


def test_the_throws_costing_exactly_or_at_least_some_units_are_counted():
    answers = set()
    for name in STUDENTS:
        count = by_id(COMBAT_EXERCISES, "zargos-count").for_student(name)
        dice, loss, divisor, exactly = (count.params[key] for key in ("dice", "loss", "divisor", "exactly"))
        assert count.answer == sum(sum(t) // divisor == loss if exactly else sum(t) // divisor >= loss
                                   for t in throws(dice))
        assert ("a third" if divisor == 3 else "half") in count.text
        answers.add(count.answer)
    assert len(answers) >= 10


@pytest.mark.parametrize(("exercise", "divisor"), [("zargos-round", 2), ("zargos-capital", 3)])
def test_a_rounds_likely_mistakes_are_shares_of_the_throws_counted(exercise, divisor):
    """Exactly for at least, the complement, the loss rounded up, and against a capital the total halved."""
    for name in STUDENTS:
        question = by_id(COMBAT_EXERCISES, exercise).for_student(name)
        dice, loss, exactly = question.params["dice"], question.params["loss"], question.params["exactly"]
        totals = [sum(t) for t in throws(dice)]

        def share(lost, loss=loss, exactly=exactly, totals=totals) -> Fraction:  # the throws losing the loss
            return Fraction(sum(lost(x) == loss if exactly else lost(x) >= loss for x in totals), len(totals))  # asked

        other = Fraction(sum(x // divisor >= loss if exactly else x // divisor == loss for x in totals), len(totals))
        expected = {other, 1 - question.answer, share(lambda x: math.ceil(x / divisor))}
        if divisor == 3:
            expected.add(share(lambda x: x // 2))
        assert {m.value for m in question.mistakes} == expected - {question.answer}  # none is the answer


def test_the_count_of_throws_likely_mistakes_are_counted():
    for name in STUDENTS:
        count = by_id(COMBAT_EXERCISES, "zargos-count").for_student(name)
        dice, loss, divisor, exactly = (count.params[key] for key in ("dice", "loss", "divisor", "exactly"))
        lost = [sum(t) // divisor for t in throws(dice)]
        other = sum(n >= loss if exactly else n == loss for n in lost)
        alone = sum(sum(t) == divisor * loss for t in throws(dice))
        expected = {other, Fraction(count.answer, 6 ** dice)} | ({alone} if exactly else set())
        assert {m.value for m in count.mistakes} == expected - {count.answer}


@pytest.mark.rule("ZARGOS-COMBAT-07")
def test_which_attack_and_the_ranking_follow_battles_solved_apart():
    for name in STUDENTS[:15]:
        which = by_id(COMBAT_EXERCISES, "zargos-which").for_student(name)
        takes = dict(zip("ABC", (p_take(*attack) for attack in which.params["attacks"]), strict=True))
        assert which.answer == max(takes, key=takes.get) and len(set(takes.values())) == 3
        rank = by_id(COMBAT_EXERCISES, "zargos-rank").for_student(name)
        chances = dict(zip("ABC", (p_take(*attack) for attack in rank.params["attacks"]), strict=True))
        assert list(rank.answer) == sorted("ABC", key=chances.get, reverse=True)
        assert all(exact_text(p) in rank.solution for p in chances.values())
