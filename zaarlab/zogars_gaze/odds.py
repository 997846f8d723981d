"""Exact combat odds of Zogar's Gaze: five dice, up to three rolls, holds chosen freely before each reroll.

A requirement is "N of a face" (``3x5``: three 5s; won also by N+1 of any other single face,
ZOGAR-COMBAT-09, none beyond five dice, AMB-G02) or a printed straight (``straight:1-4``; by default won also
by any straight one longer, AMB-G01 b). Success is checked after every roll (AMB-G03), and held dice may be
rerolled later (ZOGAR-COMBAT-05, -06).

How it is fast: a position is a *pool* (a sorted multiset of five faces; 252 of them) with the rerolls left.
The chance of winning after keeping a sub-pool ``h`` depends only on ``h``, not on the pool it came from, and
there are only 462 such holds. So each roll level costs one pass over the holds plus one maximum over each
pool's sub-pools, in integers over 6^(5r): a cold requirement takes a few tens of milliseconds.

Examples
--------
>>> p_win("3x5")
726829127/1632586752
>>> p_win("3x5", policy="simple") < p_win("3x5")
True
>>> advice = hold_advice("3x5", (1, 1, 2, 5, 6), rolls_left=2)
>>> advice.best, advice.simple
((5,), (5,))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ..core.derived import derived
from ..core.draws import p_drawn
from ..core.exact import rational

if TYPE_CHECKING:
    import sympy
from ..core.dice import pool_dist, sum_dist

DICE, FACES, ROLLS = 5, 6, 3  # ZOGAR-COMP-04, ZOGAR-COMBAT-05
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")
MAX_ROLLS = ROLLS + 1  # with a Lucky Charm's extra roll (GAP-G02)
STRAIGHT_READINGS = ("extra_die", "any_same_length", "superset_only", "printed_only")


@dataclass(frozen=True)
class Requirement:
    """What a roll must show to beat an enemy.

    ``kind`` is ``"of_a_kind"`` (``count`` dice showing ``face``; ``face=0`` for any face) or ``"straight"``
    (the run ``low``..``high``). ``other_face`` allows N+1 of another face (ZOGAR-COMBAT-09);
    ``straight_alt`` is the AMB-G01 reading.
    """

    kind: str
    count: int = 0
    face: int = 0
    low: int = 0
    high: int = 0
    other_face: bool = True
    straight_alt: str = "extra_die"

    def __str__(self) -> str:
        if self.kind == "straight":
            return f"straight:{self.low}-{self.high}"
        return f"{self.count}x{self.face or '*'}"

    def words(self) -> str:
        """The requirement as a player says it.

        >>> [parse(text).words() for text in ("3x5", "1x6", "5x*", "straight:2-6")]
        ['three 5s', 'one 6', 'five of a kind', 'a straight from 2 to 6']
        """
        if self.kind == "straight":
            return f"a straight from {self.low} to {self.high}"
        if self.face == 0:
            return f"{NUMBER_WORDS[self.count]} of a kind"
        return f"{NUMBER_WORDS[self.count]} {self.face}{'s' if self.count > 1 else ''}"

    def is_met(self, pool: tuple[int, ...]) -> bool:
        """Whether five dice showing ``pool`` beat the enemy.

        >>> req = parse("3x5")
        >>> req.is_met((2, 5, 5, 5, 6)), req.is_met((1, 2, 2, 2, 2)), req.is_met((2, 2, 2, 5, 5))
        (True, True, False)
        """
        met = self._met.get(tuple(sorted(pool)))
        return self._meets(pool) if met is None else met

    @derived
    def _met(self) -> dict[tuple[int, ...], bool]:  # every throw of five dice, answered once: asked after each roll
        return {pool: self._meets(pool) for pool in _pools()}

    def _meets(self, pool: tuple[int, ...]) -> bool:
        if self.kind == "of_a_kind":
            counts = [pool.count(face) for face in range(1, FACES + 1)]
            if self.face == 0:
                return max(counts) >= self.count
            if counts[self.face - 1] >= self.count:
                return True
            return self.other_face and any(c >= self.count + 1 for f, c in enumerate(counts, 1) if f != self.face)
        faces = set(pool)
        printed = set(range(self.low, self.high + 1))
        if printed <= faces:
            return True
        length = self.high - self.low + 1
        runs = [set(range(a, b + 1)) for a in range(1, FACES + 1) for b in range(a, FACES + 1)]
        longer = {
            "extra_die": lambda run: len(run) == length + 1,
            "any_same_length": lambda run: len(run) >= length,
            "superset_only": lambda run: printed <= run,
            "printed_only": lambda run: False,
        }[self.straight_alt]
        return any(run <= faces and longer(run) for run in runs)


@cache  # one shared requirement per text and reading: what it works out (which throws meet it) is kept with it
def parse(text: str | Requirement, **readings) -> Requirement:
    """A requirement from its written form: ``3x5`` (three 5s), ``5x*`` (five of any face), ``straight:1-4``.

    >>> parse("straight:2-5"), parse("2x3", other_face=False)
    (Requirement(kind='straight', count=0, face=0, low=2, high=5, other_face=True, straight_alt='extra_die'), \
Requirement(kind='of_a_kind', count=2, face=3, low=0, high=0, other_face=False, straight_alt='extra_die'))
    """
    if isinstance(text, Requirement):
        return text
    if readings.get("straight_alt", "extra_die") not in STRAIGHT_READINGS:
        raise ValueError(f"straight_alt is one of {', '.join(STRAIGHT_READINGS)} (AMB-G01)")
    kind = re.fullmatch(r"\s*([1-5])\s*x\s*([1-6*])\s*", text)
    if kind:
        face = 0 if kind[2] == "*" else int(kind[2])
        return Requirement("of_a_kind", count=int(kind[1]), face=face, **readings)
    straight = re.fullmatch(r"\s*straight\s*:\s*([1-6])\s*-\s*([1-6])\s*", text)
    if straight and int(straight[1]) < int(straight[2]) and int(straight[2]) - int(straight[1]) < DICE:
        return Requirement("straight", low=int(straight[1]), high=int(straight[2]), **readings)
    raise ValueError(f"cannot read the requirement {text!r}: write NxF (e.g. 3x5, 5x*) or straight:L-H (e.g. "
                     "straight:1-4, at most five long)")


# -- the structure shared by every requirement -------------------------------------------------------------------
@cache
def _pools() -> tuple[tuple[int, ...], ...]:
    return tuple(combinations_with_replacement(range(1, FACES + 1), DICE))


@cache
def holds_of(pool: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct sub-multiset of a pool (what may be kept), sorted.

    >>> holds_of((2, 2, 5))
    ((), (2,), (2, 2), (2, 2, 5), (2, 5), (5,))
    """
    return tuple(sorted({kept for n in range(DICE + 1) for kept in combinations(pool, n)}))


@cache
def _holds() -> tuple[tuple[int, ...], ...]:
    """Every hold of every throw, fewest dice first: the 462 sub-multisets of five dice."""
    return tuple(sorted({h for pool in _pools() for h in holds_of(pool)}, key=lambda h: (len(h), h)))


@cache
def _one_die_more() -> tuple[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], ...]:
    """Each hold of fewer than five dice with the six holds one more die makes, most dice first."""
    return tuple((kept, tuple(tuple(sorted((*kept, face))) for face in range(1, FACES + 1)))
                 for kept in reversed(_holds()) if len(kept) < DICE)


@cache
def _one_die_less() -> tuple[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], ...]:
    """Each hold of some dice with the distinct holds one die less leaves, fewest dice first."""
    return tuple((kept, tuple(dict.fromkeys(kept[:i] + kept[i + 1:] for i in range(len(kept)))))
                 for kept in _holds() if kept)


def _hold_values(values: dict) -> dict[tuple[int, ...], int]:
    """For every hold: P(win) after rerolling the rest, as an integer over 6^5 times the scale of ``values``.

    The dice rerolled fall one at a time: a hold's total over the ordered rolls of its free dice is the sum of the
    totals of the six holds one more die makes (five dice: the throw's own value). Brought up to 6^5 per roll.
    """
    totals = {pool: values[pool] for pool in _pools()}
    for kept, more in _one_die_more():
        totals[kept] = sum(map(totals.__getitem__, more))
    return {kept: FACES ** len(kept) * total for kept, total in totals.items()}


def _best_holds(hold_value: dict[tuple[int, ...], int]) -> dict[tuple[int, ...], int]:
    """For every throw (and every hold): the value of the best hold among its dice, found one die less at a time."""
    best = {(): hold_value[()]}
    for kept, less in _one_die_less():
        best[kept] = max(hold_value[kept], *map(best.__getitem__, less))
    return best


@cache
def _tables(requirement: Requirement, rolls: int, policy: str) -> tuple[tuple[dict, ...], tuple[dict, ...]]:
    """values[r][pool] = P(win from pool with r rerolls left) * 6^(5r), for r = 0..rolls-1; holds[r] likewise.

    The tables for one roll more extend those for one roll fewer, which are kept: a Lucky Charm's fourth roll costs
    one level, not four.
    """
    met = requirement._met  # every throw answered, in the order of _pools()
    if rolls == 1:
        return ({pool: int(met[pool]) for pool in _pools()},), ()
    values, holds = _tables(requirement, rolls - 1, policy)
    r = rolls - 1
    hold_value = _hold_values(values[-1])
    best = _best_holds(hold_value) if policy == "optimal" else None
    top = FACES ** (DICE * r)
    level = {}
    for pool in _pools():
        if met[pool]:
            level[pool] = top  # checked after every roll: a met requirement wins at once (AMB-G03)
        elif policy == "simple":
            level[pool] = hold_value[simple_hold(requirement, pool)]
        else:
            level[pool] = best[pool]
    return (*values, level), (*holds, hold_value)


def hold_words(kept: tuple[int, ...]) -> str:
    """What a player says when keeping ``kept`` and rolling the rest of the five dice.

    >>> [hold_words(kept) for kept in ((), (5,), (1, 5), (5, 5, 6), (1, 2, 3, 4, 6))]
    ['roll all five', 'keep the 5', 'keep 1 and 5', 'keep 5, 5 and 6', 'keep 1, 2, 3, 4 and 6']
    """
    if not kept:
        return f"roll all {NUMBER_WORDS[DICE]}"
    if len(kept) == 1:
        return f"keep the {kept[0]}"
    return f"keep {', '.join(map(str, kept[:-1]))} and {kept[-1]}"


def simple_hold(requirement: Requirement | str, pool: tuple[int, ...]) -> tuple[int, ...]:
    """The hold of the simple policy: every die of the printed face, or one die of each printed straight value.

    With any face allowed, all the dice of the commonest face (the highest on a tie).

    >>> simple_hold("3x5", (1, 5, 5, 6, 6)), simple_hold("straight:1-4", (1, 1, 2, 4, 6))
    ((5, 5), (1, 2, 4))
    """
    req = parse(requirement)
    if req.kind == "straight":
        return tuple(sorted(set(pool) & set(range(req.low, req.high + 1))))
    face = req.face or max(range(1, FACES + 1), key=lambda f: (pool.count(f), f))
    return tuple(d for d in pool if d == face)


def p_win(requirement: Requirement | str, rolls: int = ROLLS, policy: str = "optimal",
          number: Callable[[int, int], Any] = rational, **readings) -> sympy.Rational | Any:
    """P(beating the requirement within ``rolls`` rolls), exactly, under the optimal or the simple policy.

    ``number`` makes the probability from its numerator and denominator: ``sympy.Rational`` (the default), or
    ``fractions.Fraction`` for code with no use for sympy (the command line, the figures, the bots).

    >>> import sympy
    >>> p_win("5x*") == sympy.Rational(2783176, 60466176)   # Yahtzee's five of a kind in three rolls
    True
    >>> p_win("5x*", number=Fraction)
    Fraction(347897, 7558272)
    """
    req = parse(requirement, **readings)
    _check(rolls, policy)
    values, _ = _tables(req, rolls, policy)
    first = pool_dist(DICE, FACES)
    total = sum(w * values[rolls - 1][pool] for pool, w in first.items())
    exact = Fraction(total, first.denominator * FACES ** (DICE * (rolls - 1)))
    return number(exact.numerator, exact.denominator)


@dataclass(frozen=True)
class HoldAdvice:
    """Every distinct hold of the dice showing, ranked by its exact chance of winning."""

    requirement: Requirement
    dice: tuple[int, ...]
    rolls_left: int
    ranking: tuple[tuple[tuple[int, ...], sympy.Rational], ...]
    simple: tuple[int, ...]
    already_won: bool
    number: Callable[[int, int], Any] = rational
    """What :func:`hold_advice` made its probabilities with: ``sympy.Rational`` or ``fractions.Fraction``."""

    @property
    def best(self) -> tuple[int, ...]:
        return self.ranking[0][0] if self.ranking else self.dice

    def p(self, hold: tuple[int, ...]) -> sympy.Rational:
        """P(win) when keeping ``hold`` (in any order)."""
        return dict(self.ranking)[tuple(sorted(hold))]

    @property
    def gain_over_simple(self) -> sympy.Rational:
        """How much the best hold beats the simple policy's hold, in probability."""
        return self.ranking[0][1] - self.p(self.simple) if self.ranking else self.number(0, 1)


def hold_advice(requirement: Requirement | str, dice: tuple[int, ...], rolls_left: int,
                number: Callable[[int, int], Any] = rational, **readings) -> HoldAdvice:
    """Rank every hold of the five ``dice`` showing, with ``rolls_left`` rolls still allowed.

    ``number`` makes each probability from its numerator and denominator: ``sympy.Rational``, or
    ``fractions.Fraction`` for code with no use for sympy (the hold advisor).

    >>> advice = hold_advice("3x5", (2, 3, 4, 6, 6), rolls_left=1)   # no 5 showing: keep the pair of 6s
    >>> advice.best, advice.p(advice.best), advice.simple, advice.gain_over_simple
    ((6, 6), 17/216, (), 103/3888)
    """
    req, pool = parse(requirement, **readings), _throw(dice)
    ranked, table, scale = _ranked_holds(req, pool, rolls_left)
    ranking = tuple((h, number(table[h], scale)) for h in ranked)
    return HoldAdvice(req, pool, rolls_left, ranking, simple_hold(req, pool), req.is_met(pool), number)


def best_hold(requirement: Requirement | str, dice: tuple[int, ...], rolls_left: int, **readings) -> tuple[int, ...]:
    """:func:`hold_advice`'s ``best``, without the ranking's fractions: for players that only act on it (the bots).

    >>> best_hold("3x5", (2, 3, 4, 6, 6), rolls_left=1), best_hold("3x5", (2, 5, 5, 5, 6), rolls_left=2)
    ((6, 6), (2, 5, 5, 5, 6))
    """
    pool = _throw(dice)
    ranked, _, _ = _ranked_holds(parse(requirement, **readings), pool, rolls_left)
    return ranked[0] if ranked else pool


def _throw(dice: tuple[int, ...]) -> tuple[int, ...]:
    """Five dice showing, sorted; refused unless they are five faces of a die."""
    pool = tuple(sorted(dice))
    if len(pool) != DICE or not all(1 <= d <= FACES for d in pool):
        raise ValueError(f"give the five dice showing, each 1 to {FACES}: {dice!r}")
    return pool


@cache  # a few requirements, 252 throws, up to 3 rolls left: the bots and the advisor ask again and again
def _ranked_holds(req: Requirement, pool: tuple[int, ...], rolls_left: int) -> tuple[tuple, dict, int]:
    """Every hold of ``pool``, best first, with P(win) for each as ``table[hold] / scale``; none once the requirement
    is met or no roll is left."""
    if not 0 <= rolls_left <= MAX_ROLLS - 1:
        raise ValueError(f"after a roll, 0 to {MAX_ROLLS - 1} rolls are left, not {rolls_left}")
    if rolls_left == 0 or req.is_met(pool):
        return (), {}, 1
    _, holds = _tables(req, rolls_left + 1, "optimal")
    table = holds[rolls_left - 1]
    ranked = sorted(holds_of(pool), key=lambda h: (-table[h], h))  # integers over one scale: no fractions to sort
    return tuple(ranked), table, FACES ** (DICE * rolls_left)


def _check(rolls: int, policy: str) -> None:
    if not 1 <= rolls <= MAX_ROLLS:
        raise ValueError(f"a combat has 1 to {ROLLS} rolls (ZOGAR-COMBAT-05), {MAX_ROLLS} with a Lucky Charm, "
                         f"not {rolls}")
    if policy not in ("optimal", "simple"):
        raise ValueError(f"policy is 'optimal' or 'simple', not {policy!r}")


# -- other dice and the deck ---------------------------------------------------------------------------------
def p_pips_at_least(threshold: int, number: Callable[[int, int], Any] = rational) -> sympy.Rational | Any:
    """P(the five dice add up to at least ``threshold``): the Mimic's test (ZOGAR-MIMIC-01).

    ``number`` makes the probability from its numerator and denominator, as in :func:`p_win`.

    >>> p_pips_at_least(18), p_pips_at_least(25), p_pips_at_least(25, number=Fraction)
    (1/2, 7/216, Fraction(7, 216))
    """
    exact = sum_dist(DICE, FACES).fraction(lambda total: total >= threshold)
    return number(exact.numerator, exact.denominator)


def p_escape(trap: str, number: Callable[[int, int], Any] = rational) -> sympy.Rational | Any:
    """P(escaping a trap with one roll of the five dice on a turn (GAP-G06, a reconstructed text).

    A Pit Trap needs three of a kind, Darkness a straight of four. ``number`` as in :func:`p_win`.

    >>> p_escape("pit_trap"), p_escape("darkness"), p_escape("darkness", number=Fraction)
    (23/108, 25/162, Fraction(25, 162))
    """
    tests = {"pit_trap": lambda pool: max(pool.count(f) for f in range(1, FACES + 1)) >= 3,
             "darkness": lambda pool: any(set(range(a, a + 4)) <= set(pool) for a in range(1, FACES - 2))}
    if trap not in tests:
        raise ValueError(f"the traps are {', '.join(tests)}, not {trap!r}")
    exact = pool_dist(DICE, FACES).fraction(tests[trap])
    return number(exact.numerator, exact.denominator)


def expected_turns_trapped(trap: str) -> sympy.Rational:
    """The expected number of turns spent rolling before escaping: 1 / P(escape) (a geometric wait).

    >>> expected_turns_trapped("darkness")
    162/25
    """
    return 1 / p_escape(trap)


def p_next_card(counts: dict[str, int], kind: str) -> sympy.Rational:
    """P(the next card of a deck holding ``counts`` of each kind is a ``kind``).

    >>> p_next_card({"gaze": 2, "monster": 6, "treasure": 2}, "gaze")
    1/5
    """
    total = sum(counts.values())
    if total == 0:
        raise ValueError("the deck is empty")
    return rational(counts.get(kind, 0), total)


def p_within(deck: int, marked: int, needed: int, draws: int) -> sympy.Rational:
    """P(at least ``needed`` of the ``marked`` cards come up in the next ``draws`` of a ``deck``-card deck).

    Hypergeometric, exact: for the seventh Gaze, ``needed`` is what is still missing.

    >>> p_within(deck=10, marked=2, needed=1, draws=3)
    8/15
    """
    return p_drawn(deck, marked, needed, draws, number=rational)
