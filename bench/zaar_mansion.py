"""Zaar's mansion: legal placements and mission detection per placement, up to 52 rooms, against a naive baseline.

Random mansions are built to 52 rooms (seeded); for every placement the benchmark times ``legal_placements`` for the
room drawn plus the mission check of the placement (target: under 20 ms at 52 rooms, so the builder widget answers at
once). The maximum includes pauses of Python's garbage collector (with it off, the worst is about 3 ms).
The baseline in the same run rebuilds the mansion from its rooms before each placement, so that its legal placements
and its edges are worked out from nothing, instead of updating only what the new room changes.
Run: .venv/bin/python bench/zaar_mansion.py
"""

from __future__ import annotations

import random
import statistics
import time

from zaarlab.zaar.board import Mansion
from zaarlab.zaar.cards import load_cards
from zaarlab.zaar.missions import completed_by

SEEDS = 10


def build(seed: int):
    """Yield (rooms placed, seconds for legal_placements + place + completed_by) for one random mansion."""
    cards = load_cards()
    rng = random.Random(seed)
    mansion = Mansion.start("bloody_chamber", players=4)
    pile = [r for r in cards.rooms if r != "bloody_chamber"]
    rng.shuffle(pile)
    used: set = set()
    for room in pile:
        start = time.perf_counter()
        options = mansion.legal_placements(room)
        if options:
            cell, rotation = rng.choice(options)
            mansion = mansion.place(room, cell, rotation)
            done = completed_by(mansion, cell, frozenset(used))
            if done:
                used |= set(done.rooms)
        yield len(mansion.rooms), time.perf_counter() - start


def main() -> None:
    by_size: dict[int, list[float]] = {}
    for seed in range(SEEDS):
        for size, seconds in build(seed):
            by_size.setdefault(size, []).append(seconds)
    print("rooms  placements  median ms  99th percentile ms  max ms")
    for low, high in ((2, 13), (14, 26), (27, 39), (40, 52)):
        times = [t for size, ts in by_size.items() if low <= size <= high for t in ts]
        p99 = sorted(times)[int(0.99 * (len(times) - 1))]
        print(f"{low:>2}-{high:<3} {len(times):>10}  {1000 * statistics.median(times):>9.2f}  {1000 * p99:>18.2f}"
              f"  {1000 * max(times):>6.2f}")
    incremental, rebuilt = _placement_costs(0)
    print(f"legal placements, placement and edges over 52 rooms, kept up to date: {1000 * incremental:.1f} ms; "
          f"rebuilt from the rooms before each placement: {1000 * rebuilt:.1f} ms ({rebuilt / incremental:.1f}x)")


def _placement_costs(seed: int) -> tuple[float, float]:
    """Seconds over a random 52-room mansion for each room's legal placements, its placement and the new edges: the
    mansion kept up to date (as ``Mansion.place`` does) against a mansion rebuilt from its rooms each time."""
    cards = load_cards()
    rng = random.Random(seed)
    mansion = Mansion.start("bloody_chamber")
    pile = [r for r in cards.rooms if r != "bloody_chamber"]
    rng.shuffle(pile)
    incremental = rebuilt = 0.0
    for room in pile:
        fresh = Mansion(rooms=mansion.rooms, cards=cards)  # nothing worked out yet
        start = time.perf_counter()
        options = mansion.legal_placements(room)
        incremental += time.perf_counter() - start
        start = time.perf_counter()
        assert fresh.legal_placements(room) == options
        rebuilt += time.perf_counter() - start
        if not options:
            continue
        cell, rotation = rng.choice(options)
        start = time.perf_counter()
        placed = mansion.place(room, cell, rotation)
        links = placed.links
        incremental += time.perf_counter() - start
        start = time.perf_counter()
        assert fresh.place(room, cell, rotation).links == links
        rebuilt += time.perf_counter() - start
        mansion = placed
    return incremental, rebuilt


if __name__ == "__main__":
    main()
