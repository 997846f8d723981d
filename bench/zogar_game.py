"""Zogar's Gaze engine and deck odds: games per second, and exact survival odds against a simulation.

1. Whole games (3 players) with random bots and with the press-your-luck bots, which read the exact odds at every
   decision; the ratio is what the odds cost. The first 40 games of a process include what a process does once
   (reading the cards, working out the odds tables the bots read, a few per requirement); the next 40 are what a long
   tournament runs at, played three times over: the best run is the one a shared machine disturbed least.
2. ``p_survive`` for the next card (exact, cold and cached) against estimating the same number by simulating
   20,000 delves through the engine (the baseline a player might write); the exact value must lie within four
   standard errors of the estimate. And ``p_survive`` over 3 and 6 flips, cold and cached (the widget's chart).
Run: .venv/bin/python bench/zogar_game.py
"""

from __future__ import annotations

import math
import random
import time

from zaarlab.core.play import play, random_bot, sample_outcome
from zaarlab.zogars_gaze import deck, odds
from zaarlab.zogars_gaze.bots import bold_bot, cautious_bot
from zaarlab.zogars_gaze.deck import p_survive, practice_delve
from zaarlab.zogars_gaze.state import Flip, Leave, ZogarGame

GAMES, DELVES, REPEATS = 40, 20_000, 3


def games_per_second(bots, first_seed: int = 0) -> tuple[float, float]:
    start, turns = time.perf_counter(), 0
    for seed in range(first_seed, first_seed + GAMES):
        turns += play(ZogarGame(players=3), bots, seed=seed).final.turn
    elapsed = time.perf_counter() - start
    return GAMES / elapsed, turns / elapsed


def simulated_survival(state, flips: int, rng: random.Random) -> float:
    """Turn ``flips`` cards (or fewer if the delve ends), the bold bot deciding everything else; alive?"""
    start = state.flipped
    while state.turn == 1 and not state.is_terminal():
        if state.phase == "delve":
            legal = state.legal_actions()
            action = Flip() if Flip() in legal and (state.flipped < start + flips or Leave() not in legal) else Leave()
        elif state.current_player() < 0:
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            action = bold_bot(state, rng)
        nxt = state.apply(action)
        if any(e.kind in ("dies", "dies_in_combat") for e in nxt.log[len(state.log):]):
            return 0.0
        state = nxt
    return float(state.ended_by != "gaze")


def main() -> None:
    players = {"random bots": [random_bot] * 3, "press-your-luck bots": [cautious_bot, bold_bot, cautious_bot]}
    for who, bots in players.items():
        rate, turns = games_per_second(bots)
        print(f"first {GAMES} games of 3 players, {who + ':':21} {rate:7.1f} games/s ({turns:7.0f} turns/s)")
        runs = sorted(games_per_second(bots, GAMES) for _ in range(REPEATS))
        (rate, turns), median = runs[-1], runs[REPEATS // 2][0]
        print(f"next {GAMES} games of 3 players, {who + ':':21} {rate:7.1f} games/s ({turns:7.0f} turns/s), best of "
              f"{REPEATS} runs (median {median:.1f})")
        if who == "random bots":
            random_rate = rate
    print(f"the exact odds cost the bots a factor {random_rate / rate:.1f} in games per second (the next {GAMES})")

    state = practice_delve(carried=("flame_bow",), gazes=5, seed=0)
    odds._tables.cache_clear()
    for table in (deck._p_win_fraction, deck._p_lose_fraction, deck._fate, deck._roles, deck._mimic_death):
        table.cache_clear()
    start = time.perf_counter()
    exact = p_survive(state, 1)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    p_survive(state, 1)
    warm = time.perf_counter() - start
    rng = random.Random(1)
    start = time.perf_counter()
    alive = [simulated_survival(state, 1, rng) for _ in range(DELVES)]
    simulated = time.perf_counter() - start
    mean = sum(alive) / DELVES
    error = math.sqrt(mean * (1 - mean) / DELVES)
    assert abs(float(exact) - mean) < 4 * error, (float(exact), mean, error)
    print(f"p_survive(next card) = {exact} = {float(exact):.5f}: cold {1000 * cold:.1f} ms, "
          f"warm {1000 * warm:.2f} ms (dice tables built)")
    print(f"  simulating {DELVES} delves: {simulated:.1f} s for {mean:.5f} +- {error:.5f}; the exact answer is "
          f"{simulated / cold:,.0f}x faster cold, {simulated / warm:,.0f}x warm")
    for flips in (3, 6):
        start = time.perf_counter()
        p_survive(state, flips)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        p_survive(state, flips)
        print(f"p_survive({flips} flips): {1000 * cold:.1f} ms, again {1000 * (time.perf_counter() - start):.1f} ms")


if __name__ == "__main__":
    main()
