"""Zargos combat odds against the worked examples, a brute force with a sympy linear solve, and Monte Carlo."""

import itertools
import math
import random
from collections import Counter

import pytest
import sympy

from tests.helpers import linear_solve
from zaarlab.core.dist import Dist
from zaarlab.zargos.odds import (
    MAX_UNITS,
    battle_dist,
    demon_dist,
    dice_for,
    expected_survivors,
    grouped_attack_dist,
    loss_dist,
    madness_dist,
    p_attacker_wins,
    p_defender_holds,
    p_mutual_annihilation,
    p_survives_demons,
    round_dist,
    smallest_force,
    split_attack,
    strike_dist,
    win_table,
)

R = sympy.Rational


def brute_round(attackers, defenders, capital=False, attacker_bonus=0, defender_bonus=0):
    """One round by enumerating every ordered throw of both sides' dice (an independent implementation)."""
    def dice(units, bonus):
        return min((1 if units <= 3 else 2 if units <= 6 else 3) + bonus, 4)

    na, nd = dice(attackers, attacker_bonus), dice(defenders, defender_bonus)
    counts = Counter()
    for throw in itertools.product(range(1, 7), repeat=na + nd):
        killed_defenders = sum(throw[:na]) // (3 if capital else 2)
        killed_attackers = sum(throw[na:]) // 2
        counts[(max(attackers - killed_attackers, 0), max(defenders - killed_defenders, 0))] += 1
    return Dist(dict(counts))


@pytest.mark.rule("ZARGOS-COMBAT-04")
def test_zargos_combat_04_dice_tiers_ex_s02():
    assert [dice_for(n) for n in (3, 4, 6, 7)] == [1, 2, 2, 3]
    assert [dice_for(n) for n in (1, 2, 5, 8, 100)] == [1, 1, 2, 3, 3]
    with pytest.raises(ValueError):
        dice_for(0)


@pytest.mark.rule("ZARGOS-COMBAT-05", "ZARGOS-CAPITAL-01", "ZARGOS-CAPITAL-02")
def test_loss_distributions_ex_s04():
    expected = {
        (1, 2): {0: R(1, 6), 1: R(1, 3), 2: R(1, 3), 3: R(1, 6)},
        (2, 2): {1: R(1, 12), 2: R(7, 36), 3: R(11, 36), 4: R(1, 4), 5: R(5, 36), 6: R(1, 36)},
        (1, 3): {0: R(1, 3), 1: R(1, 2), 2: R(1, 6)},
        (2, 3): {0: R(1, 36), 1: R(1, 4), 2: R(4, 9), 3: R(1, 4), 4: R(1, 36)},
        (3, 2): {1: R(1, 216), 2: R(1, 24), 3: R(25, 216), 4: R(23, 108), 5: R(1, 4), 6: R(23, 108),
                 7: R(25, 216), 8: R(1, 24), 9: R(1, 216)},
    }
    for (dice, divisor), probs in expected.items():
        assert loss_dist(dice, divisor).to_sympy() == probs


@pytest.mark.rule("ZARGOS-CAPITAL-01", "ZARGOS-CAPITAL-02")
def test_capital_loss_formula_ex_s03():
    # a total of 7 kills 3 normally and 2 against a capital; the defender's 8 still kills 4 attackers
    assert 7 // 2 == 3 and 7 // 3 == 2
    one_v_one = round_dist(1, 1, capital=True)
    assert one_v_one == brute_round(1, 1, capital=True)
    assert one_v_one.p(lambda end: end[1] == 1) == R(1, 3)  # the attacker's die must show 3+ to kill a defender
    assert one_v_one.p(lambda end: end[0] == 0) == R(5, 6)  # the defender kills as usual


@pytest.mark.rule("ZARGOS-COMBAT-06", "ZARGOS-COMBAT-08")
@pytest.mark.parametrize(("a", "d", "capital"), [(1, 1, False), (3, 5, False), (7, 4, True), (8, 8, False)])
def test_a_round_matches_enumeration_of_every_throw(a, d, capital):
    assert round_dist(a, d, capital=capital) == brute_round(a, d, capital=capital)


def test_zargos_combat_08_dice_are_recounted_each_round():
    # 8 v 8: three dice each; after losses 5 v 6 the next round uses two dice each
    assert round_dist(5, 6) == brute_round(5, 6) and dice_for(5) == dice_for(6) == 2


@pytest.mark.rule("ZARGOS-COMBAT-03", "ZARGOS-COMBAT-07", "ZARGOS-COMBAT-09")
def test_whole_combats_ex_s06():
    assert (p_attacker_wins(2, 1), p_defender_holds(2, 1), p_mutual_annihilation(2, 1)) == (
        R(107, 245), R(23, 245), R(23, 49))
    assert (p_attacker_wins(3, 1), p_defender_holds(3, 1), p_mutual_annihilation(3, 1)) == (
        R(6409, 8575), R(361, 8575), R(361, 1715))
    assert p_attacker_wins(7, 7) == p_defender_holds(7, 7)
    assert round(float(p_attacker_wins(7, 7)), 5) == 0.39416 and round(float(p_mutual_annihilation(7, 7)), 5) == 0.21168
    capital = {"capital": True}
    assert round(float(p_attacker_wins(10, 5, **capital)), 5) == 0.96196
    assert round(float(p_defender_holds(10, 5, **capital)), 5) == 0.02080
    assert round(float(p_mutual_annihilation(10, 5, **capital)), 5) == 0.01724


@pytest.mark.rule("ZARGOS-COMBAT-03", "ZARGOS-COMBAT-09")
def test_every_battle_ends_with_a_side_wiped_out():
    ends = battle_dist(12, 9)
    assert all(0 in end for end in ends.outcomes)
    assert ends.p(lambda end: True) == 1
    assert p_attacker_wins(12, 9) + p_defender_holds(12, 9) + p_mutual_annihilation(12, 9) == 1


@pytest.mark.parametrize(("a", "d", "conditions"), [
    (2, 2, {}), (4, 3, {"capital": True}), (5, 5, {"attacker_war": True}), (3, 6, {"defender_war": True}),
])
def test_battles_agree_with_a_sympy_linear_solve_with_self_loops(a, d, conditions):
    bonus = {"capital": conditions.get("capital", False), "attacker_bonus": int(conditions.get("attacker_war", 0)),
             "defender_bonus": int(conditions.get("defender_war", 0))}

    def step(state):
        return None if 0 in state else brute_round(*state, **bonus)

    ends = [(x, 0) for x in range(a + 1)] + [(0, y) for y in range(1, d + 1)]
    solved = linear_solve((a, d), step, ends)
    dist = battle_dist(a, d, **conditions)
    assert {end: dist.p(end) for end in ends} == solved


def test_large_battles_agree_with_a_seeded_monte_carlo():
    rng = random.Random(2026)

    def fight(a, d):
        while a and d:
            roll_a = sum(rng.randint(1, 6) for _ in range(dice_for(a)))
            roll_d = sum(rng.randint(1, 6) for _ in range(dice_for(d)))
            a, d = max(a - roll_d // 2, 0), max(d - roll_a // 2, 0)
        return a, d

    runs = 6000
    results = Counter(fight(40, 34) for _ in range(runs))
    for event in (lambda end: end[0] > 0, lambda end: end[1] > 0):
        p = float(battle_dist(40, 34).p(event))
        observed = sum(n for end, n in results.items() if event(end)) / runs
        assert abs(observed - p) < 4 * (p * (1 - p) / runs) ** 0.5


def test_win_table_agrees_with_single_battles():
    table = win_table(8, 6, capital=True)
    for a in range(1, 9):
        for d in range(1, 7):
            assert table[a - 1][d - 1] == p_attacker_wins(a, d, capital=True)


def test_wind_of_war_helps_its_side():
    plain = p_attacker_wins(6, 6)
    assert p_attacker_wins(6, 6, attacker_war=True) > plain > p_attacker_wins(6, 6, defender_war=True)
    assert round_dist(8, 8, attacker_war=True) == brute_round(8, 8, attacker_bonus=1)  # capped at four dice


def test_expected_survivors_are_the_means_of_the_end_distribution():
    ends = battle_dist(9, 4)
    a_mean, d_mean = expected_survivors(9, 4)
    assert a_mean == sum(p * end[0] for end, p in ends.to_sympy().items())
    assert d_mean == sum(p * end[1] for end, p in ends.to_sympy().items())


@pytest.mark.parametrize("bad", [0, -1, 401, 2.5])
def test_bad_sides_are_refused(bad):
    with pytest.raises(ValueError, match="whole number of units"):
        battle_dist(bad, 3)


@pytest.mark.rule("ZARGOS-ZARGOS-02", "ZARGOS-ZARGOS-03", "ZARGOS-ZARGOS-04")
def test_demons_ex_s05():
    assert [demon_dist(20, n).map(lambda left: 20 - left).mean() for n in (2, 3, 4)] == [R(13, 4), 5, R(27, 4)]
    survive = {(2, 3): R(5, 18), (2, 5): R(5, 6), (2, 7): 1, (3, 5): R(3, 8), (3, 7): R(181, 216),
               (4, 5): R(7, 72), (4, 7): R(575, 1296), (4, 10): R(613, 648)}
    for (dice, units), p in survive.items():
        assert p_survives_demons(units, dice) == p
    # brute force: every ordered throw of the demons' dice
    throws = list(itertools.product(range(1, 7), repeat=3))
    assert demon_dist(6, 3).p(0) == R(sum(sum(t) // 2 >= 6 for t in throws), len(throws))


def test_smallest_force_against_the_demons():
    for dice in (2, 3, 4):
        for target in (R(1, 2), R(9, 10), 1):
            n = smallest_force(dice, target)
            assert p_survives_demons(n, dice) >= target
            assert n == 1 or p_survives_demons(n - 1, dice) < target


@pytest.mark.rule("ZARGOS-MAGIC-14")
def test_zargos_magic_14_wind_of_madness_ex_s10():
    # four provinces, dice 6, 5, 1, 4 -> losses 3, 2, 0, 2; capitals unprotected
    assert [roll // 2 for roll in (6, 5, 1, 4)] == [3, 2, 0, 2]
    madness = madness_dist((3, 3, 3, 3))
    assert madness.p((0, 1, 3, 1)) == R(1, 6) * R(1, 3) * R(1, 6) * R(1, 3)
    assert madness.p(lambda left: left == (3, 3, 3, 3)) == R(1, 6) ** 4
    assert madness_dist((2,), halved=False).p((0,)) == R(5, 6)


def test_grouped_and_split_attacks():
    assert grouped_attack_dist((2, 3, 2), 5) == battle_dist(7, 5)  # dice from the total: 7 units, 3 dice
    plan = split_attack(((4, 2, False), (5, 3, True)))
    first, second = plan.p_taken()
    assert (first, second) == (p_attacker_wins(4, 2), p_attacker_wins(5, 3, capital=True))
    assert plan.p_all_taken() == first * second
    survivors = plan.survivors_dist()
    assert survivors.mean() == expected_survivors(4, 2)[0] + expected_survivors(5, 3, capital=True)[0]
    with pytest.raises(ValueError):
        split_attack(())


def _kingdoms():
    from zaarlab.zargos.board import load_planet

    return sorted((len(k.provinces), k.id) for k in load_planet().kingdoms.values())


UNIT_PATTERNS = {  # the units a game can leave in a kingdom's provinces: one each, a stack of a people's whole stock
    "one each": lambda n: (1,) * n, "the whole stock": lambda n: (MAX_UNITS,) * n,
    "mixed": lambda n: tuple((0, 1, 2, 3, 5, 8, 13, 100)[i % 8] for i in range(n)),
}


@pytest.mark.rule("ZARGOS-MAGIC-14")
@pytest.mark.parametrize("halved", [True, False], ids=["Madness", "Death"])
@pytest.mark.parametrize("pattern", list(UNIT_PATTERNS))
def test_a_wind_on_every_kingdom_of_the_map_is_answered_exactly_with_any_units(pattern, halved):
    """madness_dist once refused a Wind of Death on the 10 provinces of the Kingdom of Zargos even with one unit each
    (it counted 6^10 loss combinations, not the 2^10 fates that can happen). The questions asked need no joint
    distribution: each is checked here against a count over every throw of the kingdom's dice, done apart, where
    the throws are few, and against the joint distribution where its fates are."""
    from itertools import product as throws

    for size, kingdom in _kingdoms():
        units = UNIT_PATTERNS[pattern](size)
        strike = strike_dist(units, halved)
        per_die = 2 if halved else 1
        assert strike.p_all_keep() == math.prod(R(sum(n - roll // per_die > 0 for roll in range(1, 7)), 6)
                                                for n in units), kingdom
        assert strike.p_all_empty() == math.prod(R(sum(n - roll // per_die <= 0 for roll in range(1, 7)), 6)
                                                 for n in units), kingdom
        left = strike.units_left_dist()
        assert sum(left.p(k) for k in left.outcomes) == 1
        if size <= 5 and max(units) <= 13:  # every throw of the kingdom's dice, counted
            counts: dict[int, int] = {}
            for rolls in throws(range(1, 7), repeat=size):
                total = sum(max(n - roll // per_die, 0) for n, roll in zip(units, rolls, strict=True))
                counts[total] = counts.get(total, 0) + 1
            assert {k: left.p(k) for k in left.outcomes} == {k: R(c, 6**size) for k, c in counts.items()}
        if math.prod(len(p) for p in strike.provinces) <= 5_000:
            joint = strike.joint_dist()
            assert joint.p(lambda fate: all(fate)) == strike.p_all_keep()
            assert joint.map(sum) == left


def test_the_joint_fates_of_the_largest_kingdom_with_two_units_each_are_told_apart():
    joint = madness_dist((2,) * 10, halved=False)  # refused before: 6^10 combinations counted, 2^10 that happen
    assert len(joint) == 2**10 and joint.p((1,) * 10) == R(1, 6) ** 10
