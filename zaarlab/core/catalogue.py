"""The four games zaarlab covers, read from ``games.yaml``, and the registry of their subpackages.

Examples
--------
>>> [game.title for game in games()]
['Zaar', "Zogar's Gaze", 'Zerzura: The Oasis of Marvels', 'Zargos']
>>> zargos = game_info("zargos")
>>> zargos.players, zargos.dice_dist().p(lambda roll: 6 in roll)
((2, 6), 671/1296)
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import GAME_PACKAGES
from .data import Bounded, OneOf, Optional, check_folder, load, reconstructed_parts, register_schema
from .dice import pool_dist
from .dist import Dist

DataDir = str | os.PathLike[str] | None  # a data folder of the user's, or None for the data in use

GAME_IDS = ("zaar", "zogars_gaze", "zerzura", "zargos")


_PROVENANCE = Optional(dict)
register_schema(
    "games.yaml",
    {
        "games": [
            {
                "id": OneOf(GAME_IDS),
                "title": str,
                "rulebook": str,
                "summary": str,
                "players": {"min": int, "max": int, "provenance": _PROVENANCE},
                "dice": {"sets": [{"name": str, "count": Bounded(1, 10), "faces": [(int, str)]}],
                         "provenance": _PROVENANCE},
                "rules": [str],
            }
        ]
    },
    check=lambda doc, fail: _check_games(doc, fail),
)


@dataclass(frozen=True)
class DiceSet:
    """``count`` identical dice with these ``faces``."""

    name: str
    count: int
    faces: tuple[Any, ...]


@dataclass(frozen=True)
class GameInfo:
    """What a newcomer needs to know about one game."""

    id: str
    title: str
    summary: str
    rulebook: str
    players: tuple[int, int]
    dice: tuple[DiceSet, ...]
    rules: tuple[str, ...]
    reconstructed: tuple[tuple[str, str], ...]
    """(part, detail) for every reconstructed part of this entry, such as ``("players", "GAP-Z14: ...")``; empty
    when all is printed."""

    def dice_dist(self) -> Dist:
        """The distribution of one throw of all the game's dice, each set as a sorted pool.

        A game with one set gives that set's pool; with several sets, a tuple of pools in set order.
        """
        pools = [pool_dist(s.count, Dist.uniform(s.faces)) for s in self.dice]
        if not pools:
            raise ValueError(f"{self.title} uses no dice")
        return pools[0] if len(pools) == 1 else Dist.product(*pools)


def games(data_dir: DataDir = None) -> tuple[GameInfo, ...]:
    """The four games, in the order of ``games.yaml``."""
    doc = load("games.yaml", data_dir)
    return tuple(_info(entry) for entry in doc["games"])


def game_info(game_id: str, data_dir: DataDir = None) -> GameInfo:
    """One game by its id (``zaar``, ``zogars_gaze``, ``zerzura``, ``zargos``)."""
    for info in games(data_dir):
        if info.id == game_id:
            return info
    raise KeyError(f"no game {game_id!r}; the games are {', '.join(GAME_IDS)}")


def import_game_packages() -> None:
    """Import the modules of every game subpackage that register its game, data schemas and commands."""
    for name in GAME_PACKAGES:
        for module in importlib.import_module(name).REGISTERS:
            importlib.import_module(f"{name}.{module}")


def check_data(folder: DataDir = None) -> list[Any]:
    """Validate a data folder (or the data in use) against every game's schemas: see ``check_folder``."""
    import_game_packages()
    return check_folder(folder)


def _info(entry: dict[Any, Any]) -> GameInfo:
    return GameInfo(
        id=entry["id"],
        title=entry["title"],
        summary=entry["summary"],
        rulebook=entry["rulebook"],
        players=(entry["players"]["min"], entry["players"]["max"]),
        dice=tuple(DiceSet(s["name"], s["count"], tuple(s["faces"])) for s in entry["dice"]["sets"]),
        rules=tuple(entry["rules"]),
        reconstructed=tuple(reconstructed_parts(entry)),
    )


def _check_games(doc: dict[Any, Any], fail: Callable[[str, str], None]) -> None:
    ids = [entry["id"] for entry in doc["games"]]
    if sorted(ids) != sorted(GAME_IDS):
        fail("games", f"expected each of {', '.join(GAME_IDS)} once, got {', '.join(ids)}")
    for i, entry in enumerate(doc["games"]):
        low, high = entry["players"]["min"], entry["players"]["max"]
        if not 1 <= low <= high:
            fail(f"games[{i}].players", f"need 1 <= min <= max, got min {low}, max {high}")
        for j, dice in enumerate(entry["dice"]["sets"]):
            if dice["count"] < 1 or not dice["faces"]:
                fail(f"games[{i}].dice.sets[{j}]", "a dice set needs at least one die and one face")
