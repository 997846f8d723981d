"""Sums of n d6 (n = 1..30): zaarlab's integer-weight Dist against a plain fractions.Fraction convolution.

Both are timed in the same run, from cold caches, each building every n from 1 to 30 the way a slider
over n would ask for them. Prints a table and the ratio (baseline time / zaarlab time).
Run: .venv/bin/python bench/dist_bench.py
"""

from __future__ import annotations

import time
from fractions import Fraction

from zaarlab.core.dice import clear_caches, sum_dist
from zaarlab.core.dist import Dist

MAX_DICE, FACES, REPEATS = 30, 6, 5


def fraction_sums(max_dice: int, faces: int) -> list[dict[int, Fraction]]:
    """The baseline: convolve one die at a time, probabilities as Fractions."""
    die = {face: Fraction(1, faces) for face in range(1, faces + 1)}
    sums, current = [], {0: Fraction(1)}
    for _ in range(max_dice):
        nxt: dict[int, Fraction] = {}
        for total, p in current.items():
            for face, q in die.items():
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p * q
        sums.append(nxt)
        current = nxt
    return sums


def zaarlab_sums(max_dice: int, faces: int) -> list[Dist]:
    clear_caches()
    return [sum_dist(n, faces) for n in range(1, max_dice + 1)]


def best_time(f, *args) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        f(*args)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    ours, baseline = zaarlab_sums(MAX_DICE, FACES), fraction_sums(MAX_DICE, FACES)
    # the same answers, or the timing means nothing
    for n, (dist, fracs) in enumerate(zip(ours, baseline, strict=True), start=1):
        assert all(dist.p(t) == fracs[t] for t in fracs), f"{n}d{FACES} differs"
    print(f"{'n':>3} {'zaarlab ms':>11} {'Fraction ms':>12} {'ratio':>7}")
    for n in (1, 5, 10, 20, 30):
        t_ours, t_base = best_time(zaarlab_sums, n, FACES), best_time(fraction_sums, n, FACES)
        print(f"{n:>3} {t_ours * 1e3:>11.3f} {t_base * 1e3:>12.3f} {t_base / t_ours:>6.1f}x")
    t_ours, t_base = best_time(zaarlab_sums, MAX_DICE, FACES), best_time(fraction_sums, MAX_DICE, FACES)
    print(f"all sums 1..{MAX_DICE}d{FACES}: zaarlab {t_ours * 1e3:.2f} ms, Fraction {t_base * 1e3:.2f} ms, "
          f"ratio {t_base / t_ours:.1f}x")
    start = time.perf_counter()
    sum_dist(30, FACES)
    print(f"a cached 30d6 lookup: {(time.perf_counter() - start) * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
