"""Zaar: whole games per second with the bots, and the exact battle odds against enumerating the throws.

1. Seeded games (turn cap 120) with the greedy bot for 2 to 6 players, normal and advanced mode.
2. ``battle_dist`` for a requirement with 2 and 3 throws, cold and warm, against enumerating every sequence of
   throws (256^w), the baseline one writes first; the answers are checked equal.
Run: .venv/bin/python bench/zaar_game.py
"""

from __future__ import annotations

import time
from itertools import product

from zaarlab.core.play import play
from zaarlab.zaar.astrolabe import Result
from zaarlab.zaar.bots import greedy_bot
from zaarlab.zaar.odds import astrolabe_battle_dist, battle_dist, expected_turns_to_empty, throw_classes
from zaarlab.zaar.raml import Requirement, load_raml, meets, throw_dist, traps
from zaarlab.zaar.state import ZaarGame

GAMES = 10


def games_per_second(players: int, mode: str) -> tuple[float, float, int]:
    start, turns, ended = time.perf_counter(), 0, 0
    for seed in range(GAMES):
        final = play(ZaarGame(players=players, mode=mode), [greedy_bot] * players, seed=seed).final
        turns += final.turn
        ended += bool(final.winner)
    elapsed = time.perf_counter() - start
    return GAMES / elapsed, turns / elapsed, ended


def enumerate_battle(result: Result, wisdom: int, letter: str) -> dict:
    raml = load_raml()
    throws = list(throw_dist(raml).outcomes)
    counts = {"lose": 0, "win": 0, "extra_win": 0}
    for sequence in product(throws, repeat=wisdom):
        outcome = "lose"
        for throw in sequence:
            if meets(throw, result.requirement, raml):
                outcome = "extra_win" if traps(throw, (letter,), raml) else "win"
                break
        counts[outcome] += 1
    return counts


def main() -> None:
    print("players  mode      games/s  turns/s  games won (of 10; the rest hit the turn cap)")
    for players, mode in ((2, "normal"), (4, "normal"), (6, "normal"), (3, "advanced"), (5, "advanced")):
        rate, turns, ended = games_per_second(players, mode)
        print(f"{players:>7}  {mode:<8} {rate:>8.2f} {turns:>8.0f}  {ended}")
    result = Result("ordered", Requirement.parse("0*3"))
    for wisdom in (2, 3):
        throw_classes.cache_clear()
        start = time.perf_counter()
        exact = battle_dist(result, wisdom, "bloody", "A")
        cold = time.perf_counter() - start
        start = time.perf_counter()
        battle_dist(result, wisdom, "bloody", "A")
        warm = time.perf_counter() - start
        if wisdom == 2:
            start = time.perf_counter()
            counts = enumerate_battle(result, wisdom, "A")
            slow = time.perf_counter() - start
            total = sum(counts.values())
            assert {k: exact.p(k) * total for k in counts} == {k: v for k, v in counts.items()}
            print(f"battle, 2 throws: exact {1000 * cold:.1f} ms cold, {1000 * warm:.3f} ms warm; enumerating "
                  f"256^2 sequences {slow:.2f} s ({slow / cold:,.0f}x / {slow / warm:,.0f}x)")
        else:
            print(f"battle, 3 throws: exact {1000 * cold:.1f} ms cold, {1000 * warm:.3f} ms warm (256^3 = 16.8 "
                  "million sequences to enumerate)")
    start = time.perf_counter()
    astrolabe_battle_dist("B", "humid", 3)
    print(f"a battle averaged over the astrolabe: {1000 * (time.perf_counter() - start):.1f} ms")
    start = time.perf_counter()
    expected_turns_to_empty((3, 4), {"L1", "L2", "L3"})
    print(f"expected turns to empty the name table, 2 fighters, 3 letters: "
          f"{1000 * (time.perf_counter() - start):.0f} ms")


if __name__ == "__main__":
    main()
