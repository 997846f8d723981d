"""Zogar's Gaze 1's exercises: each drawn question's answer checked against a count of every throw, done here apart
from the code that made it, for many students."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from tests.helpers import by_id
from zaarlab.zogars_gaze.exercises import COMBAT_EXERCISES, SAME, p_at_least_of_face
from zaarlab.zogars_gaze.odds import parse

STUDENTS = [f"student {i}" for i in range(40)]
THROWS = list(product(range(1, 7), repeat=5))


def p_win_in_one_roll(requirement: str, kept: tuple[int, ...]) -> Fraction:
    """Every throw of the dice not kept, counted: the share meeting the requirement (the game's readings)."""
    need = parse(requirement)
    rolled = list(product(range(1, 7), repeat=5 - len(kept)))
    return Fraction(sum(need.is_met(tuple(sorted(kept + r))) for r in rolled), len(rolled))


@pytest.mark.parametrize("name", STUDENTS[:10])
def test_the_chance_of_a_face_among_five_dice_is_the_share_of_throws(name):
    question = by_id(COMBAT_EXERCISES, "zogar-fresh").for_student(name)
    k, face = question.params["k"], question.params["face"]
    assert question.answer == Fraction(sum(t.count(face) >= k for t in THROWS), len(THROWS))
    assert question.answer == p_at_least_of_face(5, k)


def test_the_counts_of_throws_with_dice_alike_are_counted():
    for same, ways in SAME.items():
        assert ways == sum(max(Counter(t).values()) >= same for t in THROWS)
    assert {by_id(COMBAT_EXERCISES, "zogar-same").for_student(name).answer for name in STUDENTS} <= set(SAME.values())


@pytest.mark.rule("ZOGAR-COMBAT-09")
def test_the_last_roll_kept_is_the_share_of_the_throws_of_the_other_dice_that_win():
    """Counted with the game's readings (a larger set of another face wins too): the drawn questions are ones where
    that cannot happen, so the hint's binomial count is the answer."""
    seen = set()
    for name in STUDENTS:
        question = by_id(COMBAT_EXERCISES, "zogar-keep").for_student(name)
        (count, face), kept = question.params["need"], tuple(question.params["kept"])
        assert question.answer == p_win_in_one_roll(f"{count}x{face}", kept)
        assert question.answer == p_at_least_of_face(5 - len(kept), count - len(kept))
        seen.add((count, len(kept)))
    assert len(seen) >= 3  # the draws vary


def tail_mistakes_counted(dice: int, k: int, face: int) -> set[Fraction]:
    """The likely mistakes of "at least k of the dice show face", each a share of every throw of the dice: exactly k,
    fewer than k, and k given dice (the first k) showing it."""
    throws = list(product(range(1, 7), repeat=dice))
    return {Fraction(sum(t.count(face) == k for t in throws), len(throws)),
            Fraction(sum(t.count(face) < k for t in throws), len(throws)),
            Fraction(sum(t[:k] == (face,) * k for t in throws), len(throws))}


def test_the_likely_mistakes_are_shares_of_the_throws_counted():
    for name in STUDENTS:
        fresh = by_id(COMBAT_EXERCISES, "zogar-fresh").for_student(name)
        assert {m.value for m in fresh.mistakes} == tail_mistakes_counted(5, fresh.params["k"], fresh.params["face"])
        keep = by_id(COMBAT_EXERCISES, "zogar-keep").for_student(name)
        (count, face), kept = keep.params["need"], keep.params["kept"]
        assert {m.value for m in keep.mistakes} == tail_mistakes_counted(5 - len(kept), count - len(kept), face)
        same = by_id(COMBAT_EXERCISES, "zogar-same").for_student(name)
        k = same.params["same"]
        exactly = sum(max(Counter(t).values()) == k for t in THROWS)
        assert {m.value for m in same.mistakes} == {sum(t.count(1) >= k for t in THROWS), Fraction(
            same.answer, len(THROWS))} | ({exactly} if exactly != same.answer else set())  # no mistake is the answer


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
