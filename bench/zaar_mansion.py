"""Zaar's mansion: legal placements and mission detection per placement, up to 52 rooms, against a naive baseline.

Random mansions are built to 52 rooms (seeded); for every placement the benchmark times ``legal_placements`` for the
room drawn plus the mission check of the placement (target: under 20 ms at 52 rooms, so the builder widget answers at
once). The maximum includes pauses of Python's garbage collector (with it off, the worst is about 3 ms).
The baseline in the same run rebuilds the mansion's graph from scratch after each placement instead of adding
the new room's edges to the previous graph.
Run: .venv/bin/python bench/zaar_mansion.py
"""

from __future__ import annotations

import random
import statistics
import time

import networkx as nx

from zaarlab.zaar.board import Mansion, add_room_edges
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
    incremental, rebuilt = _graph_costs(0)
    print(f"keeping the graph up to date over 52 placements: {1000 * incremental:.1f} ms; rebuilding it after each: "
          f"{1000 * rebuilt:.1f} ms ({rebuilt / incremental:.1f}x)")


def _graph_costs(seed: int) -> tuple[float, float]:
    """Seconds spent on the graph over a random 52-room mansion: kept up to date (the previous graph copied, the
    new room's edges added, as ``Mansion.place`` does) against rebuilt from nothing after each placement."""
    cards = load_cards()
    rng = random.Random(seed)
    mansion = Mansion.start("bloody_chamber")
    pile = [r for r in cards.rooms if r != "bloody_chamber"]
    rng.shuffle(pile)
    incremental = rebuilt = 0.0
    for room in pile:
        options = mansion.legal_placements(room)
        if not options:
            continue
        cell, rotation = rng.choice(options)
        placed = Mansion(rooms=mansion.place(room, cell, rotation).rooms)  # no graph yet
        start = time.perf_counter()
        graph = mansion.graph.copy()
        add_room_edges(placed, graph, cell)
        incremental += time.perf_counter() - start
        start = time.perf_counter()
        rebuilt_graph = placed.graph
        rebuilt += time.perf_counter() - start
        assert nx.utils.edges_equal(graph.edges(keys=True), rebuilt_graph.edges(keys=True))
        mansion = placed
    return incremental, rebuilt


if __name__ == "__main__":
    main()
