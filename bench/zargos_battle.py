"""Zargos battles: zaarlab's battle_dist against a straightforward Fraction memoised recursion, same run.

The baseline is what one writes first: the end-state distribution of (a, d) as a dict of Fractions,
recursing over one round's outcomes, the nobody-falls outcome conditioned away. zaarlab's forward pass
keeps every mass as an integer over one common denominator. Both give the same distribution (checked
here before timing). The baseline is skipped where it would take minutes (it is timed up to 60 v 60).
Run: .venv/bin/python bench/zargos_battle.py
"""

from __future__ import annotations

import itertools
import sys
import time
from fractions import Fraction
from functools import cache

from zaarlab.zargos import odds

SIZES = (10, 30, 60, 100)
BASELINE_UP_TO = 60


def baseline(attackers: int, defenders: int, capital: bool) -> dict[tuple[int, int], Fraction]:
    sys.setrecursionlimit(10_000)

    def dice(units: int) -> int:
        return 1 if units <= 3 else 2 if units <= 6 else 3

    @cache
    def losses(n: int, divisor: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for throw in itertools.product(range(1, 7), repeat=n):
            out[sum(throw) // divisor] = out.get(sum(throw) // divisor, Fraction(0)) + Fraction(1, 6**n)
        return out

    @cache
    def ends(a: int, d: int) -> dict[tuple[int, int], Fraction]:
        if a == 0 or d == 0:
            return {(a, d): Fraction(1)}
        hits_on_a, hits_on_d = losses(dice(d), 2), losses(dice(a), 3 if capital else 2)
        stay = hits_on_a.get(0, 0) * hits_on_d.get(0, 0)
        out: dict[tuple[int, int], Fraction] = {}
        for (i, p), (j, q) in itertools.product(hits_on_a.items(), hits_on_d.items()):
            if i == j == 0:
                continue
            for end, r in ends(max(a - i, 0), max(d - j, 0)).items():
                out[end] = out.get(end, Fraction(0)) + p * q / (1 - stay) * r
        return out

    return ends(attackers, defenders)


def timed(f, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = f(*args)
    return time.perf_counter() - start, result


def main() -> None:
    print(f"{'battle':>12} {'zaarlab s':>10} {'Fraction s':>11} {'ratio':>8}")
    for n in SIZES:
        for capital in (False, True):
            odds._battle.cache_clear()
            ours_time, ours = timed(odds.battle_dist, n, n, capital)
            label = f"{n}v{n}{' cap' if capital else ''}"
            if n <= BASELINE_UP_TO:
                base_time, base = timed(baseline, n, n, capital)
                assert {end: ours.p(end) for end in base} == base and len(base) == len(ours), "results differ"
                print(f"{label:>12} {ours_time:>10.4f} {base_time:>11.3f} {base_time / ours_time:>7.0f}x")
            else:
                print(f"{label:>12} {ours_time:>10.4f} {'(skipped)':>11} {'-':>8}")
    odds._battle.cache_clear()
    start = time.perf_counter()
    table = odds.win_table(30, 30)
    print(f"win_table 30x30 (all 900 starts, one pass): {time.perf_counter() - start:.3f} s, "
          f"P(30 beats 30) = {float(table[-1][-1]):.4f}")
    odds.battle_dist(60, 60)
    start = time.perf_counter()
    odds.battle_dist(60, 60)
    print(f"a cached 60v60 lookup: {(time.perf_counter() - start) * 1e6:.0f} µs")


if __name__ == "__main__":
    main()
