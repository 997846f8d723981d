"""``zaarlab odds zaar-next-card`` (what the next card may do to the mansion) and ``zaarlab odds zaar-battle``."""

from __future__ import annotations

import argparse

from ..cli import register_odds
from ..core.jsonio import read_json
from .astrolabe import Result
from .board import Mansion
from .missions import MISSIONS
from .odds import battle_closed_form, battle_dist, next_card_odds
from .raml import Requirement


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mansion", required=True,
                        help='JSON: {"rooms": [{"room": "bloody_chamber", "cell": [0, 0], "rotation": 0}, ...], '
                             '"pile": [card ids] (optional: default every card not placed)}')
    parser.add_argument("--missions", default=",".join(MISSIONS),
                        help="comma-separated missions to check (default: all five; '' for none)")


def _run(args: argparse.Namespace) -> tuple[str, dict]:
    data = read_json(args.mansion)
    mansion = Mansion.from_dict(data)
    missions = [m for m in args.missions.split(",") if m]
    odds = next_card_odds(mansion, data.get("pile"), missions)
    what = {"placeable": "a room that can be placed", "sacred": "a sacred room that can be placed (it ends level 1)",
            "event": "an event"}
    lines = [f"P(next card is {what.get(name, 'a room that completes ' + name)}) = {p} ≈ {float(p):.4f}"
             for name, p in odds.items()]
    return "\n".join(lines), {name: str(p) for name, p in odds.items()}


register_odds("zaar-next-card", "the next card of Zaar's pile: placeable, sacred, event, completing a mission",
              _arguments, _run)


def _battle_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--requirement", required=True,
                        help="ordered numbers by position, _ or * for any (0_3: 0 first, 3 last); with --unordered, "
                             "the numbers that must show anywhere (e.g. 12 for a 1 and a 2)")
    parser.add_argument("--unordered", action="store_true", help="position does not matter (ZAAR-ASTRO-11)")
    parser.add_argument("--wisdom", type=int, required=True, help="throws allowed: the fighter's wisdom coins")
    parser.add_argument("--letter", default="A", help="the plaque's letter, for an extra win (default A)")
    parser.add_argument("--warrior", action="store_true", help="the Warrior reads the dice's backsides too")
    parser.add_argument("--wise", action="store_true", help="the Wise: every win is an extra win")


def _battle_run(args: argparse.Namespace) -> tuple[str, dict]:
    text = args.requirement.replace("_", "*")
    if not text or not set(text) <= set("0123*") or (args.unordered and "*" in text):
        raise ValueError(f"a requirement is raml numbers 0-3 (and _ for any, ordered only), not {args.requirement!r}")
    if args.wisdom < 0:
        raise ValueError("wisdom is a number of throws, 0 or more")
    requirement = Requirement.unordered(int(c) for c in text) if args.unordered else Requirement.parse(text)
    result = Result("unordered" if args.unordered else "ordered", requirement)
    dist = battle_dist(result, args.wisdom, "", args.letter, warrior=args.warrior, wise=args.wise)
    closed = battle_closed_form(result, args.letter, warrior=args.warrior, wise=args.wise)
    lines = [f"battle against {requirement} with {args.wisdom} throw(s):"]
    lines += [f"  {name:<10} {dist.p(name)} ≈ {float(dist.p(name)):.4f}" for name in ("lose", "win", "extra_win")]
    lines.append(f"  in w throws: lose {closed['lose']}")
    return "\n".join(lines), {**{name: str(dist.p(name)) for name in ("lose", "win", "extra_win")},
                              "lose_in_w": str(closed["lose"])}


register_odds("zaar-battle", "a battle with the raml against an astrolabe requirement: lose, win, extra win",
              _battle_arguments, _battle_run)
