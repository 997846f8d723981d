"""The Zaar mansion builder with mission odds on: the time a student waits after pressing *place*.

Seeded random builds to 52 rooms. Each *place* runs the placement, the mission check, both figures and the
next-card odds with all five missions (:class:`zaarlab.zaar.widgets.MansionBuilder`). The baseline, in the same run,
computes the same odds on a fresh copy of each mansion: from scratch, with nothing kept from the mansion before
(which is what every placement cost before the odds became incremental); both answers are checked equal.
Goal: at most 100 ms per placement.
Run: .venv/bin/python bench/zaar_builder.py
"""

from __future__ import annotations

import random
import statistics
import time

from zaarlab.zaar.board import Mansion
from zaarlab.zaar.missions import MISSIONS
from zaarlab.zaar.odds import next_card_odds
from zaarlab.zaar.widgets import MansionBuilder

SEEDS = 3


def build(seed: int):
    """Yield (rooms, seconds for place(), seconds for the odds from scratch) for one seeded build."""
    builder = MansionBuilder(seed=seed, mission_odds=True)
    rng = random.Random(seed)
    while rooms := [r for _, r in builder.room.options if builder.mansion.legal_placements(r)]:
        room = rng.choice(rooms)
        cell, rotation = rng.choice(builder.mansion.legal_placements(room))
        builder.room.value, builder.rotation.value, builder.cell.value = room, rotation, cell
        start = time.perf_counter()
        builder.place()
        placed = time.perf_counter() - start
        fresh = Mansion(builder.mansion.rooms, cards=builder.mansion.cards)
        start = time.perf_counter()
        scratch = next_card_odds(fresh, missions=MISSIONS)
        from_scratch = time.perf_counter() - start
        assert scratch == next_card_odds(builder.mansion, missions=MISSIONS)
        yield len(builder.mansion.rooms), placed, from_scratch


def main() -> None:
    rows = [row for seed in range(SEEDS) for row in build(seed)]
    print(f"{len(rows)} placements ({SEEDS} seeded builds), mission odds on")
    print("rooms  place() median ms  p95 ms  | odds from scratch median ms  p95 ms")
    for low, high in ((2, 13), (14, 26), (27, 39), (40, 52)):
        part = [(p, s) for n, p, s in rows if low <= n <= high]
        placed, scratch = sorted(p for p, _ in part), sorted(s for _, s in part)
        print(f"{low:>2}-{high:<3} {1000 * statistics.median(placed):>17.1f}  {1000 * _p95(placed):>6.1f}  | "
              f"{1000 * statistics.median(scratch):>27.1f}  {1000 * _p95(scratch):>6.1f}")
    placed, scratch = sorted(p for _, p, _ in rows), sorted(s for _, _, s in rows)
    print(f"all    {1000 * statistics.median(placed):>17.1f}  {1000 * _p95(placed):>6.1f}  | "
          f"{1000 * statistics.median(scratch):>27.1f}  {1000 * _p95(scratch):>6.1f}")


def _p95(values: list[float]) -> float:
    return values[int(0.95 * (len(values) - 1))]


if __name__ == "__main__":
    main()
