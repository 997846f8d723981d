"""Zogar's Gaze 1's exercises: each drawn question's answer checked against a count of every throw, done here apart
from the code that made it, for many students."""

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from tests.helpers import by_id
from zaarlab.zogars_gaze.exercises import COMBAT_EXERCISES
from zaarlab.zogars_gaze.odds import parse

STUDENTS = [f"student {i}" for i in range(40)]


@cache
def throws(dice: int) -> list[tuple[int, ...]]:
    return list(product(range(1, 7), repeat=dice))


@cache
def p_win_in_one_roll(requirement: str, kept: tuple[int, ...]) -> Fraction:
    """Every throw of the dice not kept, counted: the share meeting the requirement (the game's readings)."""
    need = parse(requirement)
    rolled = throws(5 - len(kept))
    return Fraction(sum(need.is_met(tuple(sorted(kept + r))) for r in rolled), len(rolled))


def p_best_last_roll(requirement: str, kept: tuple[int, ...]) -> Fraction:
    """Roll the dice not kept, then keep the best of every subset of the five for the last roll: every throw and
    every hold counted."""
    need, total = parse(requirement), Fraction(0)
    for throw in throws(5 - len(kept)):
        pool = kept + throw
        total += 1 if need.is_met(tuple(sorted(pool))) else max(
            p_win_in_one_roll(requirement, tuple(sorted(pool[i] for i in range(5) if mask >> i & 1)))
            for mask in range(32))
    return total / 6 ** (5 - len(kept))


def share(dice: int, event) -> Fraction:
    return Fraction(sum(map(event, throws(dice))), 6 ** dice)


def re_rolled(dice: int, face: int, needed: int) -> Fraction:
    """``dice`` rolled, then those not showing ``face`` rolled again: the share of both throws with ``needed`` faces."""
    won = Fraction(0)
    for first in throws(dice):
        got = first.count(face)
        won += share(dice - got, lambda second: got + second.count(face) >= needed)  # noqa: B023 (used at once)
    return won / 6 ** dice


@pytest.mark.parametrize("name", STUDENTS[:20])
def test_the_chance_of_a_face_among_fresh_dice_is_the_share_of_throws(name):
    question = by_id(COMBAT_EXERCISES, "zogar-fresh").for_student(name)
    dice, k, faces = (question.params[key] for key in ("dice", "k", "faces"))
    shown = set(range(7 - faces, 7))  # the highest faces: "a 5 or a 6"
    assert question.answer == share(dice, lambda t: sum(f in shown for f in t) >= k)
    listed = [f"a {f}" for f in sorted(shown)]
    assert (", ".join(listed[:-1]) + " or " + listed[-1] if len(listed) > 1 else listed[0]) in question.text


def test_the_counts_of_throws_with_dice_alike_are_counted():
    seen = set()
    for name in STUDENTS:
        question = by_id(COMBAT_EXERCISES, "zogar-same").for_student(name)
        dice, k, exactly, face = (question.params[key] for key in ("dice", "same", "exactly", "face"))
        most = [t.count(face) if face else max(Counter(t).values()) for t in throws(dice)]
        assert question.answer == sum(m == k if exactly else m >= k for m in most), question.text
        assert ("exactly" if exactly else "at least") in question.text
        seen.add(question.answer)
    assert len(seen) >= 10


@pytest.mark.rule("ZOGAR-COMBAT-09")
@pytest.mark.rule("ZOGAR-COMBAT-05")
def test_the_chance_of_the_hold_kept_is_the_share_of_the_throws_that_win_with_the_rolls_left():
    """Counted with the game's readings (a larger set of another face wins too); with two rolls left, the play the
    question names (every die not the face rolled again) counted throw by throw, and no better than the best hold of
    every throw."""
    seen = set()
    for name in STUDENTS:
        question = by_id(COMBAT_EXERCISES, "zogar-keep").for_student(name)
        (count, face), kept = question.params["need"], tuple(question.params["kept"])
        requirement = f"{count}x{face}"
        assert not parse(requirement).is_met(tuple(question.params["dice"]))  # not won already
        if question.params["rolls_left"] == 1:
            assert question.answer == p_win_in_one_roll(requirement, kept)
        else:
            assert question.answer <= p_best_last_roll(requirement, kept)
            rolled, missing = 5 - len(kept), count - len(kept)  # the play named: re-roll the dice not a face
            assert question.answer == re_rolled(rolled, face, missing)
        seen.add((count, kept.count(face), len(kept), question.params["rolls_left"]))
    assert len(seen) >= 8  # the draws vary


def tail_mistakes_counted(dice: int, k: int, faces: set[int]) -> set[Fraction]:
    """The likely mistakes of "at least k of the dice show one of faces", each a share of every throw of the dice:
    exactly k, fewer than k, and k given dice (the first k) showing them."""
    return {share(dice, lambda t: sum(f in faces for f in t) == k),
            share(dice, lambda t: sum(f in faces for f in t) < k),
            share(dice, lambda t: all(f in faces for f in t[:k]))}


def test_the_likely_mistakes_are_shares_of_the_throws_counted():
    for name in STUDENTS:
        fresh = by_id(COMBAT_EXERCISES, "zogar-fresh").for_student(name)
        dice, k, faces = (fresh.params[key] for key in ("dice", "k", "faces"))
        assert {m.value for m in fresh.mistakes} == tail_mistakes_counted(dice, k, set(range(7 - faces, 7))) - {
            fresh.answer}  # a mistake that comes to the right answer is none
        keep = by_id(COMBAT_EXERCISES, "zogar-keep").for_student(name)
        (count, face), kept = keep.params["need"], tuple(keep.params["kept"])
        rolled, missing = 5 - len(kept), count - kept.count(face)
        expected = tail_mistakes_counted(rolled, missing, {face})
        alone = share(rolled, lambda t, face=face, missing=missing: t.count(face) >= missing)  # one roll, one face
        if keep.params["rolls_left"] == 2:
            expected.add(alone)  # the last roll forgotten
        elif alone != keep.answer:
            expected.add(alone)  # the larger set of another face forgotten
        assert {m.value for m in keep.mistakes} == expected - {keep.answer}, keep.text
        same = by_id(COMBAT_EXERCISES, "zogar-same").for_student(name)
        dice, k, exactly, face = (same.params[key] for key in ("dice", "same", "exactly", "face"))
        most = [t.count(face) if face else max(Counter(t).values()) for t in throws(dice)]
        other = sum(m >= k if exactly else m == k for m in most)  # at least for exactly, or the other way
        alike_or_one = [max(Counter(t).values()) if face else t.count(1) for t in throws(dice)]  # the other reading
        swapped = {sum(m == k if exactly else m >= k for m in alike_or_one)} if not face or 2 * k > dice else set()
        assert {m.value for m in same.mistakes} == ({Fraction(same.answer, 6 ** dice), other} | swapped) - {
            same.answer}


@pytest.mark.parametrize("exercise_id", ["zogar-which", "zogar-rank"])
def test_the_holds_compared_are_ranked_by_their_chances(exercise_id):
    for name in STUDENTS[:15]:
        question = by_id(COMBAT_EXERCISES, exercise_id).for_student(name)
        params = question.params
        holds = [tuple(h) for h in params["holds"]]
        if params["rolls_left"] == 1:  # one roll: the chance is a count of throws
            chances = [p_win_in_one_roll(params["requirement"], hold) for hold in holds]
            order = sorted("ABC"[:len(holds)], key=lambda letter: chances["ABC".index(letter)], reverse=True)
            expected = order[0] if question.kind == "choice" else tuple(order)
            assert question.answer == expected, question.text
        assert len(set(question.solution.split("; "))) == len(holds) or question.kind == "choice"


def test_every_answer_is_accepted_as_a_fraction_a_percent_and_a_decimal():
    for exercise in COMBAT_EXERCISES:
        for name in STUDENTS[:5]:
            question = exercise.for_student(name)
            if question.kind != "number" or not isinstance(question.answer, Fraction):
                assert question.check(question.answer_text).right
                continue
            exact, percent = question.answer_text.split(" ≈ ")
            assert question.check(exact).right and question.check(percent).right
            assert question.check(f"{float(question.answer):.5f}").right
            assert not question.check("1/2").right or question.answer == Fraction(1, 2)
