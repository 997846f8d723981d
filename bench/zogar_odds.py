"""Zogar's Gaze combat odds: zaarlab's multiset tables against a memoised Fraction DP over ordered rolls.

Both compute P(win) under the optimal hold policy for every requirement below, for 1, 2 and 3 rolls, from cold
caches, in the same run; the answers are checked equal before the times are printed.
Run: .venv/bin/python bench/zogar_odds.py
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction
from functools import cache

from zaarlab.core.exact import rational
from zaarlab.zogars_gaze import odds

REQUIREMENTS = ("3x5", "2x3", "4x6", "straight:1-4", "straight:2-6", "5x*")


def baseline(requirement: str, rolls: int) -> Fraction:
    """What one writes first: ordered rolls, holds as sets of positions, Fractions, memoised."""
    req = odds.parse(requirement)

    @cache
    def value(roll: tuple, left: int) -> Fraction:
        if req.is_met(tuple(sorted(roll))):
            return Fraction(1)
        if left == 0:
            return Fraction(0)
        return max(after(tuple(roll[i] for i in keep), left)
                   for n in range(6) for keep in itertools.combinations(range(5), n))

    @cache
    def after(kept: tuple, left: int) -> Fraction:
        outcomes = list(itertools.product(range(1, 7), repeat=5 - len(kept)))
        return sum((value(kept + o, left - 1) for o in outcomes), Fraction(0)) / len(outcomes)

    throws = list(itertools.product(range(1, 7), repeat=5))
    return sum((value(t, rolls - 1) for t in throws), Fraction(0)) / len(throws)


def cold_zaarlab(requirement: str, rolls: int):
    for table in (odds._tables, odds._pools, odds.holds_of, odds._holds, odds._one_die_more, odds._one_die_less,
                  odds.parse):
        table.cache_clear()
    return odds.p_win(requirement, rolls)


def timed(f, *args):
    start = time.perf_counter()
    result = f(*args)
    return time.perf_counter() - start, result


def main() -> None:
    rational(1, 2)  # sympy is imported once per process, not per table: not timed
    print(f"{'requirement':>14} {'rolls':>5} {'zaarlab ms':>11} {'Fraction ms':>12} {'ratio':>8}")
    for requirement in REQUIREMENTS:
        for rolls in (1, 2, 3):
            ours_time, ours = timed(cold_zaarlab, requirement, rolls)
            base_time, base = timed(baseline, requirement, rolls)
            assert ours == base, f"{requirement} in {rolls} rolls: {ours} != {base}"
            print(f"{requirement:>14} {rolls:>5} {ours_time * 1e3:>11.2f} {base_time * 1e3:>12.1f} "
                  f"{base_time / ours_time:>7.0f}x")
    odds.p_win("3x5")
    start = time.perf_counter()
    odds.p_win("3x5")
    print(f"cached p_win: {(time.perf_counter() - start) * 1e6:.0f} µs; ", end="")
    start = time.perf_counter()
    odds.hold_advice("3x5", (1, 1, 2, 5, 6), 2)
    print(f"hold advice with warm tables: {(time.perf_counter() - start) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
