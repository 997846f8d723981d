"""``zaarlab score zerzura FILE.json``: a player's final score sheet from their cards."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..cli import register_score
from .cards import load_cards
from .scoring import score


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help='JSON: {"cards": ["lamp_2", "guard_plus_1", ...], "tiles": ["ring_7", ...]}; '
                                     "face-up and stored cards alike, card ids as in data/zerzura")


def _run(args: argparse.Namespace) -> tuple[str, dict]:
    data = json.loads(Path(args.file).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise ValueError(f"{args.file}: expected an object with a list of 'cards' (and optionally 'tiles')")
    cards = load_cards()
    unknown = [c for c in data["cards"] if c not in cards.goods and c not in cards.characters]
    unknown += [t for t in data.get("tiles", []) if t not in cards.tiles]
    if unknown:
        raise ValueError(f"{args.file}: unknown card or tile id(s): {', '.join(map(str, unknown))}")
    sheet = score(data["cards"], data.get("tiles", []), cards)
    return sheet.text(), {
        "objects": {line.object: {"quantity": line.quantity, "counted": line.counted, "vp": line.vp}
                    for line in sheet.lines},
        "guards": dict(sheet.guards), "bonuses": dict(sheet.bonuses), "tiles": dict(sheet.tiles), "total": sheet.total,
    }


register_score("zerzura", "a player's score sheet from their cards (and tiles) in a JSON file", _arguments, _run)
