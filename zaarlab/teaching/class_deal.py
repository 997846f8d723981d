"""A class's questions, dealt once for all its pages.

With a roster, each exercise's questions are dealt among the class's students (:meth:`Exercise.dealt`): up to a
second a lesson, which every page's kernel would spend again, thirty at once when a class opens a lesson. The
classroom server deals them when it starts (:func:`write_deal`) into a file of the class's folder that the kernels
read (:data:`DEAL` names it): a page then draws each student's dealt question alone.

>>> import tempfile
>>> from pathlib import Path
>>> from zaarlab.teaching.exercises import DICE_EXERCISES
>>> roster = [f"student {i}" for i in range(12)]
>>> path = Path(tempfile.mkdtemp()) / "deal.json"
>>> write_deal(path, roster, DICE_EXERCISES)
>>> told = read_deal(path)[DICE_EXERCISES[3].id]
>>> DICE_EXERCISES[3].dealt(roster, told) == DICE_EXERCISES[3].dealt(roster)
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from ..core.files import write_text
from ..core.jsonio import read_json
from .exercises import Exercise

DEAL = "ZAARLAB_CLASS_DEAL"
"""The environment variable naming the file of the class's deal (set by ``python -m zaarlab.classroom`` for a class
with a roster); without it, or where the file does not name an exercise, a page deals the exercise itself."""


def write_deal(path: Path, roster: Sequence[str], exercises: Iterable[Exercise]) -> None:
    """Deal every one of ``exercises`` among ``roster`` and write which draw each student was dealt to ``path``."""
    draws = {exercise.id: exercise.deal_draws(roster) for exercise in exercises}
    write_text(path, json.dumps({"draws": draws}, ensure_ascii=False, sort_keys=True))


def read_deal(path: str | Path) -> Mapping[str, Mapping[str, int]]:
    """The draws of each exercise in the deal file ``path`` (read again only if the file changes)."""
    status = os.stat(path)
    return _read(str(path), status.st_mtime_ns, status.st_size)


@lru_cache(maxsize=4)
def _read(path: str, changed: int, size: int) -> Mapping[str, Mapping[str, int]]:
    saved = read_json(path)
    draws = saved.get("draws") if isinstance(saved, dict) else None
    if not isinstance(draws, dict) or not all(isinstance(told, dict) for told in draws.values()):
        raise ValueError(f"{path}: not a class's deal (no draws for each exercise)")
    return draws


def class_draws(exercise: Exercise) -> Mapping[str, int] | None:
    """The draws the server dealt the class for ``exercise`` (:data:`DEAL`), or ``None``: none were (no roster), or
    the file is gone or damaged (the page then deals them itself, as it would without one)."""
    path = os.environ.get(DEAL)
    if not path:
        return None
    try:
        return read_deal(path).get(exercise.id)
    except (OSError, ValueError):
        return None
