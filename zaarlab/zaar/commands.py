"""``zaarlab odds zaar-next-card`` (what the next card may do to the mansion) and ``zaarlab odds zaar-battle``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..core.commands import register_odds
from ..core.readable import exact_text

if TYPE_CHECKING:
    from .raml import Requirement

# Each command imports its work when it runs (the mansion's graph needs networkx): see zaarlab.cli.


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mansion", required=True,
                        help='JSON: {"rooms": [{"room": "bloody_chamber", "cell": [0, 0], "rotation": 0}, ...], '
                             '"pile": [card ids] (optional: default every card not placed)}')
    parser.add_argument("--missions", help="comma-separated missions to check (default: all five: bloody_corridor, "
                                           "humid_pair, windy_trio, smoggy_triangle, four_types; '' for none)")


def _run(args: argparse.Namespace) -> tuple[str, dict]:
    from ..core.jsonio import read_json
    from .board import Mansion
    from .missions import MISSIONS
    from .odds import next_card_odds

    data = read_json(args.mansion)
    mansion = Mansion.from_dict(data)
    missions = list(MISSIONS) if args.missions is None else [m for m in args.missions.split(",") if m]
    odds = next_card_odds(mansion, data.get("pile"), missions)
    what = {"placeable": "a room that can be placed", "sacred": "a sacred room that can be placed (it ends level 1)",
            "event": "an event"}
    lines = [f"P(next card is {what.get(name, 'a room that completes ' + name)}) = {exact_text(p)}"
             for name, p in odds.items()]
    return "\n".join(lines), {name: str(p) for name, p in odds.items()}


register_odds("zaar-next-card", "the next card of Zaar's pile: placeable, sacred, event, completing a mission",
              _arguments, _run)




def _battle_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--requirement", required=True,
                        help="three positions, a raml number 0-3 or _ (or *) for any: 0_3 means 0 first, 3 last; "
                             "with --unordered, one to three numbers that must show anywhere (e.g. 12)")
    parser.add_argument("--unordered", action="store_true", help="position does not matter (ZAAR-ASTRO-11)")
    parser.add_argument("--wisdom", type=int, required=True,
                        help="throws allowed: the fighter's wisdom coins, 0 to the box's 48")
    parser.add_argument("--letter", default="A", help="the plaque's letter, for an extra win (default A)")
    parser.add_argument("--table", metavar="CODE",
                        help="the throw already on the table, letter then numbers (e.g. A023); it wins at once if it "
                             "meets the requirement (ZAAR-ASTRO-12). Without it, both cases are given: before the "
                             "table throw is read, and given that it failed")
    parser.add_argument("--warrior", action="store_true", help="the Warrior reads the dice's backsides too")
    parser.add_argument("--wise", action="store_true", help="the Wise: every win is an extra win")


def _requirement(args: argparse.Namespace, raml) -> Requirement:
    from .raml import Requirement

    text = args.requirement.strip().replace("_", "*")
    if args.unordered:
        if not 1 <= len(text) <= raml.count or not all(c.isdigit() and int(c) in raml.numbers for c in text):
            raise ValueError(f"--requirement {args.requirement!r}: with --unordered, 1 to {raml.count} raml numbers "
                             f"({', '.join(map(str, raml.numbers))})")
        return Requirement.unordered(int(c) for c in text)
    if len(text) != raml.count or not all(c == "*" or (c.isdigit() and int(c) in raml.numbers) for c in text):
        raise ValueError(f"--requirement {args.requirement!r}: exactly {raml.count} positions, each a raml number "
                         f"({', '.join(map(str, raml.numbers))}) or _ for any, e.g. 0_3")
    return Requirement.parse(text)


def _table(code: str, raml) -> tuple:
    letter, numbers = code[:1].upper(), code[1:].replace(",", "")
    if (letter not in raml.letters or len(numbers) != raml.count
            or not all(c.isdigit() and int(c) in raml.numbers for c in numbers)):
        raise ValueError(f"--table {code!r}: a letter ({', '.join(raml.letters)}) then {raml.count} numbers, e.g. A023")
    return (letter, *(int(c) for c in numbers))


def _battle_run(args: argparse.Namespace) -> tuple[str, dict]:
    from .astrolabe import Result
    from .odds import BEFORE_TABLE, MAX_WISDOM, TABLE_CASES, TABLE_FAILED, battle_closed_form, battle_dist
    from .raml import load_raml

    raml = load_raml()
    requirement = _requirement(args, raml)
    if not 0 <= args.wisdom <= MAX_WISDOM:
        raise ValueError(f"--wisdom {args.wisdom}: a number of throws from 0 to {MAX_WISDOM} (the box's wisdom coins)")
    if args.letter not in raml.letters:
        raise ValueError(f"--letter {args.letter!r}: one of {', '.join(raml.letters)}")
    result = Result("unordered" if args.unordered else "ordered", requirement)
    cases = {f"given the table throw {args.table.upper()}": _table(args.table, raml)} if args.table else {
        TABLE_CASES[case]: case for case in (BEFORE_TABLE, TABLE_FAILED)}
    lines, data = [f"battle against {requirement} with {args.wisdom} throw(s):"], {}
    for label, table in cases.items():
        dist = battle_dist(result, args.wisdom, "", args.letter, table, warrior=args.warrior, wise=args.wise)
        lines.append(f" {label}:")
        lines += [f"  {name:<10} {exact_text(dist.p(name))}" for name in ("lose", "win", "extra_win")]
        key = table if isinstance(table, str) else "given_table"
        data[key] = {name: str(dist.p(name)) for name in ("lose", "win", "extra_win")}
        if isinstance(table, str):
            closed = battle_closed_form(result, args.letter, warrior=args.warrior, wise=args.wise, table=table)
            lines.append(f"  in w throws: lose {closed['lose']}")
            data[key]["lose_in_w"] = str(closed["lose"])
    return "\n".join(lines), data


register_odds("zaar-battle", "a battle with the raml against an astrolabe requirement: lose, win, extra win",
              _battle_arguments, _battle_run)
