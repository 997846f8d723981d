"""Zogar's Gaze combat odds: the spec's anchor values, Yahtzee, and brute force over ordered rolls."""

import itertools
from fractions import Fraction
from functools import cache

import pytest
import sympy

from zaarlab.zogars_gaze.odds import (
    best_hold,
    hold_advice,
    p_next_card,
    p_pips_at_least,
    p_win,
    p_within,
    parse,
    simple_hold,
)

R = sympy.Rational


@pytest.mark.rule("ZOGAR-COMBAT-05", "ZOGAR-COMBAT-06")
def test_anchor_values_of_the_rules_spec():
    assert p_win("3x5", other_face=False) == R(27807523471, 78364164096)
    assert p_win("3x5") == R(726829127, 1632586752)
    assert p_win("2x3", other_face=False) == R(82145855519, 117546246144)
    assert p_win("2x3") == R(7420931, 8503056)
    assert p_win("straight:1-4", straight_alt="printed_only") == R(548799689, 1224440064)
    assert p_win("straight:1-4") == R(579466483, 1224440064)


def test_yahtzee_five_of_a_kind_in_three_rolls():
    assert p_win("5x*") == R(2783176, 60466176)


@pytest.mark.rule("ZOGAR-COMBAT-04", "ZOGAR-COMBAT-09")
def test_what_beats_three_fives_ex_g05():
    req = parse("3x5")
    assert req.is_met((5, 5, 5, 1, 2)) and not req.is_met((5, 5, 1, 2, 3))
    assert req.is_met((2, 2, 2, 2, 6)) and not req.is_met((2, 2, 2, 6, 6))  # another face needs one die more
    assert not parse("5x6").is_met((1, 1, 1, 1, 1))  # AMB-G02: five of a face has no alternative


@pytest.mark.rule("ZOGAR-COMBAT-07", "ZOGAR-COMBAT-08")
def test_straights_and_their_readings_ex_g04():
    assert parse("straight:1-4").is_met((1, 2, 3, 4, 4))
    assert parse("straight:1-4").is_met((2, 3, 4, 5, 6))        # one longer wins (AMB-G01 b)
    assert not parse("straight:1-4").is_met((2, 3, 4, 5, 5))    # same length elsewhere does not
    assert parse("straight:1-4", straight_alt="any_same_length").is_met((2, 3, 4, 5, 5))
    assert not parse("straight:1-4", straight_alt="superset_only").is_met((2, 3, 4, 5, 6))
    assert parse("straight:1-4", straight_alt="superset_only").is_met((1, 2, 3, 4, 5))
    assert not parse("straight:1-4", straight_alt="printed_only").is_met((2, 3, 4, 5, 6))


def brute_force(requirement, rolls):
    """Ordered rolls, holds as subsets of positions, Fractions: independent of the multiset tables."""
    req = parse(requirement)
    faces = range(1, 7)

    @cache
    def after_reroll(kept):
        outcomes = list(itertools.product(faces, repeat=5 - len(kept)))
        return Fraction(sum(req.is_met(tuple(sorted(kept + o))) for o in outcomes), len(outcomes))

    def best(roll):
        if req.is_met(tuple(sorted(roll))):
            return Fraction(1)
        return max(after_reroll(tuple(sorted(roll[i] for i in keep)))
                   for n in range(6) for keep in itertools.combinations(range(5), n))

    throws = list(itertools.product(faces, repeat=5))
    if rolls == 1:
        return Fraction(sum(req.is_met(tuple(sorted(t))) for t in throws), len(throws))
    first_roll = {}
    for t in throws:
        key = tuple(sorted(t))
        first_roll[key] = first_roll.get(key, 0) + 1
    return sum(Fraction(n, len(throws)) * best(roll) for roll, n in first_roll.items())


@pytest.mark.parametrize("requirement", ["3x5", "2x6", "straight:2-5", "4x*"])
@pytest.mark.parametrize("rolls", [1, 2])
def test_agrees_with_brute_force_over_ordered_rolls(requirement, rolls):
    expected = brute_force(requirement, rolls)
    assert p_win(requirement, rolls=rolls) == R(expected.numerator, expected.denominator)


def test_the_simple_policy_never_beats_the_optimal_one():
    for requirement in ("3x5", "2x3", "4x1", "straight:1-4", "straight:2-6", "5x*"):
        for rolls in (1, 2, 3):
            simple, optimal = p_win(requirement, rolls, "simple"), p_win(requirement, rolls)
            assert simple <= optimal
            if rolls == 1:
                assert simple == optimal  # nothing to hold
    assert simple_hold("3x5", (1, 5, 5, 6, 6)) == (5, 5)


def test_hold_advice_ranks_every_hold_exactly():
    advice = hold_advice("3x5", (1, 1, 2, 5, 6), rolls_left=2)  # Sue's first roll (EX-G02)
    assert advice.best == (5,) and len(advice.ranking) == len({h for h, _ in advice.ranking})
    ps = [p for _, p in advice.ranking]
    assert ps == sorted(ps, reverse=True) and all(0 <= p <= 1 for p in ps)
    assert advice.p((5,)) > advice.p(()) and advice.p((1, 1)) < advice.p((5,))
    # every hold's value is the optimal game from there: keeping everything is just the 2-roll optimum of ()
    assert hold_advice("3x5", (1, 2, 3, 4, 6), rolls_left=1).p(()) == p_win("3x5", rolls=1)
    won = hold_advice("3x5", (5, 5, 5, 1, 2), rolls_left=2)
    assert won.already_won and won.ranking == ()
    # asked for Fractions, every number the advice gives is one, even with no hold to rank
    as_fractions = hold_advice("3x5", (2, 3, 4, 6, 6), rolls_left=1, number=Fraction)
    assert as_fractions.gain_over_simple == hold_advice("3x5", (2, 3, 4, 6, 6), rolls_left=1).gain_over_simple
    assert type(as_fractions.gain_over_simple) is Fraction
    assert type(hold_advice("3x5", (5, 5, 5, 1, 2), rolls_left=2, number=Fraction).gain_over_simple) is Fraction
    with pytest.raises(ValueError):
        hold_advice("3x5", (1, 2, 3), rolls_left=1)


@pytest.mark.parametrize("requirement", ["3x5", "4x*", "straight:2-5"])
def test_best_hold_is_the_advices_best_for_every_throw(requirement):
    """What the bots hold, without the ranking's fractions, is what the advice ranks first: all 252 throws."""
    for pool in itertools.combinations_with_replacement(range(1, 7), 5):
        for rolls_left in (0, 1, 2):
            assert best_hold(requirement, pool, rolls_left) == hold_advice(requirement, pool, rolls_left).best
    with pytest.raises(ValueError, match="five dice"):
        best_hold("3x5", (1, 2, 7, 3, 4), rolls_left=1)
    with pytest.raises(ValueError, match="rolls are left"):
        best_hold("3x5", (1, 2, 3, 4, 6), rolls_left=4)


def test_mimic_and_deck_odds():
    assert p_pips_at_least(5) == 1 and p_pips_at_least(31) == 0
    assert p_pips_at_least(30) == R(1, 7776) == p_pips_at_least(30, number=Fraction)
    assert type(p_pips_at_least(30, number=Fraction)) is Fraction
    # the Mimic's test against all 6^5 rolls of the five dice
    rolls = list(itertools.product(range(1, 7), repeat=5))
    assert p_pips_at_least(21) == R(sum(sum(r) >= 21 for r in rolls), len(rolls))
    assert p_next_card({"gaze": 1, "monster": 3}, "monster") == R(3, 4)
    # the 7th Gaze within n cards, checked by enumerating every order of a small deck
    deck = ["gaze"] * 2 + ["other"] * 4
    orders = set(itertools.permutations(deck))
    direct = Fraction(sum("gaze" in o[:3] for o in orders), len(orders))
    assert p_within(6, 2, 1, 3) == R(direct.numerator, direct.denominator)
    with pytest.raises(ValueError):
        p_within(3, 5, 1, 1)


@pytest.mark.parametrize("bad", ["6x5", "3x7", "straight:4-2", "straight:1-6", "three fives"])
def test_unreadable_requirements_are_refused(bad):
    with pytest.raises(ValueError, match="cannot read"):
        parse(bad)


def test_cli_zogar_commands(capsys):
    import json

    from zaarlab.cli import main

    assert main(["odds", "zogar", "3x5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["p_win"] == "726829127/1632586752"
    assert main(["odds", "zogar", "straight:1-4", "--straight-alt", "printed_only", "--rolls", "3"]) == 0
    assert "548799689/1224440064" in capsys.readouterr().out
    assert main(["odds", "zogar-hold", "3x5", "--dice", "2,3,4,6,6", "--rolls-left", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["best"] == [6, 6] and data["simple"] == [] and data["gain_over_simple"] == "103/3888"
    assert main(["odds", "zogar-hold", "3x5", "--dice", "2,x", "--rolls-left", "1"]) == 2
    assert "--dice takes five numbers" in capsys.readouterr().err
