"""A page of a class with a roster: the time to show a student their five questions of each lesson, the page dealing
the class itself (the baseline) against the page reading the deal the server made once at its start.

Both from cold caches, in the same run, for every lesson; the questions are checked equal before the times are
printed, and the server's one deal of every lesson is timed too.
Run: .venv/bin/python bench/class_deal.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from zaarlab.lessons import LESSONS
from zaarlab.teaching import exercises
from zaarlab.teaching.class_deal import read_deal, write_deal

ROSTER_SIZE = 30


def _cold() -> None:
    for cached in (exercises._deal, exercises._dealing, exercises._drawn, exercises._variants):
        cached.cache_clear()


def _sheet(lesson: str, name: str, roster: list[str], deal: dict | None) -> tuple[float, list]:
    """Seconds to ask ``name``'s question of each exercise of ``lesson``, from cold caches, and the questions."""
    _cold()
    began = time.perf_counter()
    questions = [exercise.question_for(name, roster, deal.get(exercise.id) if deal else None)
                 for exercise in LESSONS[lesson]]
    return time.perf_counter() - began, questions


def main() -> None:
    roster = [f"student {i}" for i in range(ROSTER_SIZE)]
    path = Path(tempfile.mkdtemp()) / "deal.json"
    _cold()
    began = time.perf_counter()
    write_deal(path, roster, (exercise for sheet in LESSONS.values() for exercise in sheet))
    dealt = time.perf_counter() - began
    deal = dict(read_deal(path))
    print(f"the server deals every lesson among {ROSTER_SIZE} students once: {dealt:.2f} s")
    print(f"{'lesson':44} {'page deals ms':>14} {'page reads ms':>14} {'ratio':>6}")
    for lesson in LESSONS:
        baseline, expected = _sheet(lesson, roster[-1], roster, None)
        read, questions = _sheet(lesson, roster[-1], roster, deal)
        assert questions == expected, lesson
        print(f"{lesson[:44]:44} {baseline * 1000:14.0f} {read * 1000:14.1f} {baseline / read:6.0f}")


if __name__ == "__main__":
    main()
