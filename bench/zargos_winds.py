"""Winds of Madness and Death on every kingdom of the bundled map: zaarlab's strike_dist (each province apart, the
questions as products and a convolution) against the joint distribution of every province's fate, same run.

The baseline is what madness_dist did before: the joint distribution, then each question read from it. It is
timed only where its fates are at most 200,000 (beyond, it takes seconds or is refused); zaarlab's answers every
kingdom with every unit pattern a game can reach. A widget must answer well under 100 ms.
Run: .venv/bin/python bench/zargos_winds.py
"""

from __future__ import annotations

import math
import time

from zaarlab.zargos.board import load_planet
from zaarlab.zargos.odds import MAX_UNITS, strike_dist

PATTERNS = {"one each": lambda n: (1,) * n, "three each": lambda n: (3,) * n, "whole stock": lambda n: (MAX_UNITS,) * n}
BASELINE_UP_TO = 200_000


def answers(strike) -> tuple:
    return strike.p_all_keep(), strike.p_all_empty(), strike.units_left_dist()


def joint_answers(strike) -> tuple:
    joint = strike.joint_dist()
    return joint.p(lambda fate: all(fate)), joint.p(lambda fate: not any(fate)), joint.map(sum)


def timed(call, repeat: int = 5) -> float:
    best = math.inf
    for _ in range(repeat):
        began = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - began)
    return best


def main() -> None:
    kingdoms = sorted({len(k.provinces) for k in load_planet().kingdoms.values()})
    print(f"{'provinces':>9} {'units':>12} {'wind':>8} {'fates':>12} {'strike ms':>10} {'joint ms':>9} {'ratio':>7}")
    slowest = 0.0
    for size in kingdoms:
        for name, pattern in PATTERNS.items():
            for halved, wind in ((True, "Madness"), (False, "Death")):
                units = pattern(size)
                fast = timed(lambda: answers(strike_dist(units, halved)))  # noqa: B023 - timed at once
                slowest = max(slowest, fast)
                strike = strike_dist(units, halved)
                fates = math.prod(len(p) for p in strike.provinces)
                if fates <= BASELINE_UP_TO:
                    assert answers(strike) == joint_answers(strike)
                    slow = timed(lambda: joint_answers(strike_dist(units, halved)), repeat=1)  # noqa: B023
                    shown = f"{slow * 1000:9.1f} {slow / fast:7.0f}"
                else:
                    shown = f"{'-':>9} {'-':>7}"
                print(f"{size:>9} {name:>12} {wind:>8} {fates:>12,} {fast * 1000:10.2f} {shown}")
    print(f"slowest strike: {slowest * 1000:.2f} ms (a widget's budget: 100 ms)")
    assert slowest < 0.1


if __name__ == "__main__":
    main()
