"""Exact combat odds of Zargos: rounds, whole battles, capitals, Winds of War, demons and Winds of Madness.

A round (ZARGOS-COMBAT-04..06): each side rolls 1 die for 1-3 units, 2 dice for 4-6, 3 dice for 7 or more,
and the other side loses half the total, rounded down; both losses at once. Against a capital the
defender loses a third of the attacker's total instead (ZARGOS-CAPITAL-01/02). Rounds repeat until a side
is wiped out (ZARGOS-COMBAT-03, -07, -08); both may fall together, leaving the province empty
(ZARGOS-COMBAT-09). Units are counted, not pieces (AMB-S04).

How it is fast: a battle only ever loses units, so one forward pass over the (attackers, defenders) grid,
from the start towards the walls, carries the exact probability mass to the end states. Every mass is an
integer over one common denominator G = L^(A + D), where L is the lcm of every round's (self-loop free)
total weight, so the whole pass is Python integer arithmetic: no fractions, no gcds. A round in which
nobody loses anything changes nothing, so it is conditioned away exactly.

Examples
--------
>>> loss_dist(1)                       # one die, halved
Dist({0: 1, 1: 2, 2: 2, 3: 1} / 6)
>>> p_attacker_wins(2, 1), p_mutual_annihilation(2, 1)
(107/245, 23/49)
>>> demon_dist(5, dice=2).p(lambda left: left > 0)
5/6
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.exact import rational

if TYPE_CHECKING:
    import sympy
from ..core.dice import sum_dist
from ..core.dist import Dist

MAX_DICE = 4  # the box holds four dice (ZARGOS-COMP-05); extra dice (Wind of War) never exceed it
MAX_UNITS = 200  # twice a people's whole stock (GAP-S05): an exact battle this size takes seconds


def dice_for(units: int, bonus: int = 0) -> int:
    """Dice rolled by a side of ``units`` units (ZARGOS-COMBAT-04), plus ``bonus`` dice, at most four.

    >>> [dice_for(n) for n in (1, 3, 4, 6, 7, 50)], dice_for(8, bonus=1)
    ([1, 1, 2, 2, 3, 3], 4)
    """
    if units < 1:
        raise ValueError(f"a side in combat has at least one unit, not {units}")
    return min((1 if units <= 3 else 2 if units <= 6 else 3) + bonus, MAX_DICE)


@cache
def loss_dist(dice: int, divisor: int = 2) -> Dist:
    """Units the other side loses when ``dice`` dice are rolled and the total divided by ``divisor``.

    The divisor is 2 normally (ZARGOS-COMBAT-05) and 3 for the attacker's total against a capital
    (ZARGOS-CAPITAL-01).

    >>> loss_dist(2, divisor=3)
    Dist({0: 1, 1: 9, 2: 16, 3: 9, 4: 1} / 36)
    """
    return sum_dist(dice, 6) // divisor


@dataclass(frozen=True)
class Battle:
    """The conditions of one combat: walls (capital) and extra dice on either side (Winds of War)."""

    capital: bool = False
    attacker_bonus: int = 0
    defender_bonus: int = 0

    def kernel(self, attackers: int, defenders: int) -> tuple[tuple[int, int, int], ...]:
        """The round's outcomes as (attacker loss, defender loss, weight), the no-loss outcome left out."""
        return _kernel(dice_for(attackers, self.attacker_bonus), dice_for(defenders, self.defender_bonus),
                       3 if self.capital else 2)

    @property
    def lcm(self) -> int:
        """A common multiple of every round's total weight (with the no-loss outcome left out)."""
        totals = [_total(a, d, 3 if self.capital else 2)
                  for a in range(1 + self.attacker_bonus, min(3 + self.attacker_bonus, MAX_DICE) + 1)
                  for d in range(1 + self.defender_bonus, min(3 + self.defender_bonus, MAX_DICE) + 1)]
        return math.lcm(*totals)


@cache
def _kernel(attacker_dice: int, defender_dice: int, divisor: int) -> tuple[tuple[int, int, int], ...]:
    hits_on_defender = loss_dist(attacker_dice, divisor)
    hits_on_attacker = loss_dist(defender_dice, 2)  # ZARGOS-CAPITAL-02: the attacker's losses stay halved
    return tuple(
        (i, j, wi * wj)
        for i, wi in hits_on_attacker.items()
        for j, wj in hits_on_defender.items()
        if (i, j) != (0, 0)
    )


@cache
def _total(attacker_dice: int, defender_dice: int, divisor: int) -> int:
    return sum(w for _, _, w in _kernel(attacker_dice, defender_dice, divisor))


def round_dist(attackers: int, defenders: int, capital: bool = False, attacker_war: bool = False,
               defender_war: bool = False) -> Dist:
    """(attackers left, defenders left) after one round, the round where nobody falls included.

    >>> round_dist(1, 1).p((1, 1))   # both roll a 1
    1/36
    """
    _check_sides(attackers, defenders)
    hits_on_defender = loss_dist(dice_for(attackers, int(attacker_war)), 3 if capital else 2)
    hits_on_attacker = loss_dist(dice_for(defenders, int(defender_war)), 2)
    joint = Dist.product(hits_on_attacker, hits_on_defender)
    return joint.map(lambda hits: (max(attackers - hits[0], 0), max(defenders - hits[1], 0)))


def battle_dist(attackers: int, defenders: int, capital: bool = False, attacker_war: bool = False,
                defender_war: bool = False) -> Dist:
    """The exact distribution of (attackers left, defenders left) when the combat ends.

    One of the two is 0; both are 0 when the sides wipe each other out (ZARGOS-COMBAT-09).
    ``attacker_war`` / ``defender_war``: that side plays a Wind of War (one extra die every round; GAP-S03).

    >>> battle_dist(1, 1)
    Dist({(0, 0): 5, (0, 1): 1, (1, 0): 1} / 7)
    """
    _check_sides(attackers, defenders)
    return _battle(attackers, defenders, Battle(capital, int(attacker_war), int(defender_war)))


def battle_ends(attackers: int, defenders: int, battle: Battle) -> Dist:
    """:func:`battle_dist` for the conditions of one combat as the engine sees it (walls, powers, Winds of War:
    :func:`zaarlab.zargos.reach.battle_conditions`).

    >>> battle_ends(1, 1, Battle()) == battle_dist(1, 1)
    True
    """
    _check_sides(attackers, defenders)
    return _battle(attackers, defenders, battle)


@cache
def _battle(attackers: int, defenders: int, battle: Battle) -> Dist:
    scale = battle.lcm
    mass = [[0] * (defenders + 1) for _ in range(attackers + 1)]
    mass[attackers][defenders] = scale ** (attackers + defenders)
    ends: dict[tuple[int, int], int] = {}
    for a in range(attackers, 0, -1):
        row = mass[a]
        for d in range(defenders, 0, -1):
            m = row[d]
            if not m:
                continue
            kernel = battle.kernel(a, d)
            m //= sum(w for _, _, w in kernel)  # exact: m carries a factor scale^(a + d)
            for i, j, w in kernel:
                left_a, left_d = a - i, d - j
                if left_a > 0 and left_d > 0:
                    mass[left_a][left_d] += m * w
                else:
                    end = (max(left_a, 0), max(left_d, 0))
                    ends[end] = ends.get(end, 0) + m * w
    return Dist(ends)


def p_attacker_wins(attackers: int, defenders: int, **conditions) -> sympy.Rational:
    """P(the attacker takes the province: defenders wiped out, attackers left)."""
    return battle_dist(attackers, defenders, **conditions).p(lambda end: end[0] > 0)


def p_defender_holds(attackers: int, defenders: int, **conditions) -> sympy.Rational:
    """P(the defender keeps the province: attackers wiped out, defenders left)."""
    return battle_dist(attackers, defenders, **conditions).p(lambda end: end[1] > 0)


def p_mutual_annihilation(attackers: int, defenders: int, **conditions) -> sympy.Rational:
    """P(both sides are wiped out and the province is left empty; ZARGOS-COMBAT-09)."""
    return battle_dist(attackers, defenders, **conditions).p((0, 0))


def expected_survivors(attackers: int, defenders: int, **conditions) -> tuple[sympy.Rational, sympy.Rational]:
    """The exact expected units left on each side at the end."""
    ends = battle_dist(attackers, defenders, **conditions)
    return ends.map(lambda end: end[0]).mean(), ends.map(lambda end: end[1]).mean()


def win_table(max_attackers: int, max_defenders: int, capital: bool = False, attacker_war: bool = False,
              defender_war: bool = False, number: Callable[[int, int], Any] = rational) -> list[list[sympy.Rational]]:
    """P(attacker wins) for every start from 1..max_attackers against 1..max_defenders, in one backward pass.

    ``table[a - 1][d - 1]`` is P(a attackers take a province held by d defenders). The pass keeps each value
    as an integer over scale^(a + d) (every round loses at least one unit), so it is integer arithmetic too.
    ``number`` makes each value from its numerator and denominator: ``sympy.Rational``, or ``fractions.Fraction``
    for code with no use for sympy (the battle calculator's heatmap).

    >>> win_table(2, 1)
    [[1/7], [107/245]]
    >>> from fractions import Fraction
    >>> win_table(1, 1, number=Fraction)
    [[Fraction(1, 7)]]
    """
    _check_sides(max_attackers, max_defenders)
    battle = Battle(capital, int(attacker_war), int(defender_war))
    scale = battle.lcm
    powers = [1]
    for _ in range(max_attackers + max_defenders):
        powers.append(powers[-1] * scale)
    # wins[a][d] = P(win from (a, d)) * scale^(a + d); a wiped-out defender with attackers left is a win
    wins = [[powers[a] if d == 0 and a > 0 else 0 for d in range(max_defenders + 1)] for a in range(max_attackers + 1)]
    for a in range(1, max_attackers + 1):
        for d in range(1, max_defenders + 1):
            kernel = battle.kernel(a, d)
            share = scale // sum(w for _, _, w in kernel)
            total = 0
            for i, j, w in kernel:
                left_a, left_d = max(a - i, 0), max(d - j, 0)
                total += w * wins[left_a][left_d] * powers[a + d - left_a - left_d - 1]
            wins[a][d] = total * share
    return [[number(wins[a][d], powers[a + d]) for d in range(1, max_defenders + 1)]
            for a in range(1, max_attackers + 1)]


def win_chance(attackers: int, defenders: int, capital: bool = False,
               number: Callable[[int, int], Any] = rational) -> sympy.Rational | Any:
    """P(attacker wins), read from a cached :func:`win_table` covering the pair: fast for many lookups.

    The table grows in bands of 20 units, so a bot weighing hundreds of attacks pays a few backward passes.
    ``number`` as in :func:`win_table` (``fractions.Fraction`` for the bots, which need no sympy).

    >>> from fractions import Fraction
    >>> win_chance(2, 1) == p_attacker_wins(2, 1), win_chance(2, 1, number=Fraction) == p_attacker_wins(2, 1)
    (True, True)
    """
    _check_sides(attackers, defenders)
    band = -(-max(attackers, defenders) // 20) * 20
    return _win_grid(band, capital, number)[attackers - 1][defenders - 1]


@cache
def _win_grid(size: int, capital: bool, number: Callable[[int, int], Any]) -> list[list[sympy.Rational]]:
    return win_table(size, size, capital=capital, number=number)


# -- the demons of the Kingdom of Zargos ------------------------------------------------------------------
DEMON_DICE = {"coastal": 2, "surrounding": 3, "fc": 4}  # ZARGOS-ZARGOS-03


def demon_dist(units: int, dice: int) -> Dist:
    """Units left after the demons' single round: they roll ``dice`` dice and kill half the total (ZARGOS-ZARGOS-02).

    >>> demon_dist(3, dice=2).p(0)
    13/18
    """
    if units < 1 or not 1 <= dice <= MAX_DICE:
        raise ValueError(f"need at least one unit and 1 to {MAX_DICE} demon dice, got {units} units, {dice} dice")
    return loss_dist(dice).map(lambda killed: max(units - killed, 0))


def p_survives_demons(units: int, dice: int) -> sympy.Rational:
    """P(at least one unit survives, so the province is taken; ZARGOS-ZARGOS-04)."""
    return demon_dist(units, dice).p(lambda left: left > 0)


def smallest_force(dice: int, probability: sympy.Rational) -> int:
    """The fewest units that survive ``dice`` demon dice with at least ``probability``.

    >>> import sympy
    >>> smallest_force(4, sympy.Rational(1, 2)), smallest_force(4, 1)
    (8, 13)
    """
    probability = rational(probability)
    if not 0 <= probability <= 1:
        raise ValueError(f"a probability is between 0 and 1, not {probability}")
    units = 1
    while p_survives_demons(units, dice) < probability:
        units += 1
    return units


MAX_STRUCK_OUTCOMES = 2**21  # joint fates told apart at most: about two seconds here
MAX_STRUCK_PROVINCES = 57  # the provinces of the whole bundled map: a Wind strikes one kingdom, fewer


@dataclass(frozen=True)
class Strike:
    """A Wind of Madness or Death on a kingdom (ZARGOS-MAGIC-14, GAP-S03): the units left in each province, apart.

    The provinces' dice are independent, so what a player asks (does every province keep a unit, is the kingdom
    emptied, how many units are left, one province's fate) is a product or a convolution of the provinces' own
    distributions, never their joint one: the largest kingdom with every unit a game can put there takes
    milliseconds.

    >>> strike = strike_dist((1, 5))
    >>> strike.p_all_keep(), strike.p_all_empty(), strike.units_left_dist().p(3)
    (1/6, 0, 11/36)
    """

    provinces: tuple[Dist, ...]

    def p_all_keep(self) -> sympy.Rational:
        """P(every province keeps at least one unit)."""
        return math.prod(province.p(lambda left: left > 0) for province in self.provinces)

    def p_all_empty(self) -> sympy.Rational:
        """P(the Wind leaves nobody in the kingdom)."""
        return math.prod(province.p(0) for province in self.provinces)

    def units_left_dist(self) -> Dist:
        """The units left in the whole kingdom."""
        return sum(self.provinces[1:], self.provinces[0])

    def joint_dist(self) -> Dist:
        """Every province's units left, together: refused past :data:`MAX_STRUCK_OUTCOMES` outcomes (counted as
        they can happen: a province of one unit either keeps it or not)."""
        outcomes = math.prod(len(province) for province in self.provinces)
        if outcomes > MAX_STRUCK_OUTCOMES:
            raise ValueError(f"{len(self.provinces)} provinces struck at once have {outcomes:,} joint fates, past the "
                             f"{MAX_STRUCK_OUTCOMES:,} told apart: ask for every province keeping a unit, the kingdom "
                             "emptied, the units left or one province's fate instead")
        return Dist.product(*self.provinces)


def strike_dist(units: tuple[int, ...], halved: bool = True) -> Strike:
    """The Wind on provinces holding ``units``: one die each, half the roll (rounded down) lost, capitals unprotected;
    with ``halved=False`` the full roll is lost (the reconstructed Wind of Death, GAP-S03).

    Rules: ZARGOS-MAGIC-14."""
    if not 1 <= len(units) <= MAX_STRUCK_PROVINCES:
        raise ValueError(f"a Wind strikes from 1 to {MAX_STRUCK_PROVINCES} provinces, not {len(units)}")
    for n in units:
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_UNITS:
            raise ValueError(f"a province holds a whole number of units from 0 to {MAX_UNITS}, not {n!r}")
    die = sum_dist(1, 6) // (2 if halved else 1)
    return Strike(tuple(die.map(lambda lost, n=n: max(n - lost, 0)) for n in units))


def madness_dist(units: tuple[int, ...], halved: bool = True) -> Dist:
    """Units left in each province of a kingdom struck by a Wind of Madness (ZARGOS-MAGIC-14), together: the joint
    distribution of :func:`strike_dist`, for kingdoms whose fates can be told apart
    (:meth:`Strike.joint_dist`).

    One die per province, half the result (rounded down) in losses, capitals unprotected. With
    ``halved=False`` the full roll is lost (the reconstructed Wind of Death, GAP-S03).

    >>> madness_dist((1, 5)).p((0, 3))   # first province rolls 2-6, second rolls 4 or 5
    5/18
    """
    return strike_dist(units, halved).joint_dist()


# -- attack plans --------------------------------------------------------------------------------------
def grouped_attack_dist(origins: tuple[int, ...], defenders: int, **conditions) -> Dist:
    """Several provinces attack one: their units fight as one force, dice from the total (AMB-S19)."""
    return battle_dist(sum(origins), defenders, **conditions)


@dataclass(frozen=True)
class SplitAttack:
    """One origin attacking several provinces: each target's combat, and what comes of them together."""

    battles: tuple[Dist, ...]

    def p_taken(self) -> tuple[sympy.Rational, ...]:
        """P(each target is taken), in the order given."""
        return tuple(b.p(lambda end: end[0] > 0) for b in self.battles)

    def p_all_taken(self) -> sympy.Rational:
        """P(every target is taken): the combats are independent."""
        return math.prod(self.p_taken())

    def survivors_dist(self) -> Dist:
        """The total number of attacking units left over all targets."""
        return sum((b.map(lambda end: end[0]) for b in self.battles[1:]), self.battles[0].map(lambda end: end[0]))


def split_attack(targets: tuple[tuple[int, int, bool], ...]) -> SplitAttack:
    """Split one origin's units over targets given as (units sent, defenders, capital).

    >>> plan = split_attack(((3, 1, False), (4, 2, True)))
    >>> plan.p_taken()[0] == p_attacker_wins(3, 1)
    True
    """
    if not targets:
        raise ValueError("a split attack needs at least one target")
    return SplitAttack(tuple(battle_dist(sent, held, capital=capital) for sent, held, capital in targets))


def _check_sides(attackers: int, defenders: int) -> None:
    for side, units in (("attackers", attackers), ("defenders", defenders)):
        if not isinstance(units, int) or not 1 <= units <= MAX_UNITS:
            raise ValueError(f"{side} must be a whole number of units from 1 to {MAX_UNITS}, not {units!r}")
