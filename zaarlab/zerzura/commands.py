"""``zaarlab score zerzura FILE.json``: a player's final score sheet from their cards."""

from __future__ import annotations

import argparse

from ..core.commands import register_score
from . import GUARD_USES


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help='JSON: {"cards": ["lamp_2", "guard_plus_1", ...], "tiles": ["ring_7", ...]}; '
                                     "face-up and stored cards alike, card ids as in data/zerzura; no more copies "
                                     "of a card than the box has, at most 4 different tiles")
    parser.add_argument("--guard-use", choices=GUARD_USES, default="optional",
                        help="a Guard allows a shift and may stay unused (optional, the default), or must shift")


def _run(args: argparse.Namespace) -> tuple[str, dict]:
    from ..core.jsonio import read_json
    from .cards import load_cards
    from .scoring import score

    data = read_json(args.file)
    if (not isinstance(data, dict) or not isinstance(data.get("cards"), list)
            or not isinstance(data.get("tiles", []), list)):
        raise ValueError(f"{args.file}: expected an object with a list of 'cards' (and optionally a list of 'tiles')")
    try:
        sheet = score(data["cards"], data.get("tiles", []), load_cards(), args.guard_use)
    except (ValueError, TypeError) as error:
        raise ValueError(f"{args.file}: {error}") from None
    return sheet.text(), {
        "objects": {line.object: {"quantity": line.quantity, "counted": line.counted, "vp": line.vp}
                    for line in sheet.lines},
        "guards": {g: obj for g, obj in sheet.guards if obj}, "unused_guards": list(sheet.unused_guards),
        "bonuses": dict(sheet.bonuses), "tiles": dict(sheet.tiles), "total": sheet.total,
    }


register_score("zerzura", "a player's score sheet from their cards (and tiles) in a JSON file", _arguments, _run)
