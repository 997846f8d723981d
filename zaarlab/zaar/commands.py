"""``zaarlab odds zaar-next-card --mansion FILE.json``: what the next card of the pile may do to the mansion."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..cli import register_odds
from .board import Mansion
from .missions import MISSIONS
from .odds import next_card_odds


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mansion", required=True,
                        help='JSON: {"rooms": [{"room": "bloody_chamber", "cell": [0, 0], "rotation": 0}, ...], '
                             '"pile": [card ids] (optional: default every card not placed)}')
    parser.add_argument("--missions", default=",".join(MISSIONS),
                        help="comma-separated missions to check (default: all five; '' for none)")


def _run(args: argparse.Namespace) -> tuple[str, dict]:
    data = json.loads(Path(args.mansion).read_text(encoding="utf-8"))
    mansion = Mansion.from_dict(data)
    missions = [m for m in args.missions.split(",") if m]
    odds = next_card_odds(mansion, data.get("pile"), missions)
    what = {"placeable": "a room that can be placed", "sacred": "a sacred room", "event": "an event"}
    lines = [f"P(next card is {what.get(name, 'a room that completes ' + name)}) = {p} ≈ {float(p):.4f}"
             for name, p in odds.items()]
    return "\n".join(lines), {name: str(p) for name, p in odds.items()}


register_odds("zaar-next-card", "the next card of Zaar's pile: placeable, sacred, event, completing a mission",
              _arguments, _run)
