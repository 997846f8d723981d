"""``zaarlab odds zargos-battle`` and ``zaarlab odds zargos-demons``: exact Zargos odds from the shell."""

from __future__ import annotations

import argparse
from fractions import Fraction

from ..core.commands import register_odds
from ..core.readable import percent
from .odds import DEMON_DICE, MAX_UNITS, battle_dist, demon_dist

# Exact answers are printed from fractions.Fraction (the same "num/den" as sympy), so the command needs no sympy.


def _battle_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("attackers", type=int, help=f"attacking units (all origins together), 1 to {MAX_UNITS}")
    parser.add_argument("defenders", type=int, help=f"defending units, 1 to {MAX_UNITS}")
    parser.add_argument("--capital", action="store_true", help="the province holds a capital (ZARGOS-CAPITAL-01)")
    parser.add_argument("--attacker-war", action="store_true", help="the attacker plays a Wind of War")
    parser.add_argument("--defender-war", action="store_true", help="the defender plays a Wind of War")


def _battle_run(args: argparse.Namespace) -> tuple[str, dict]:
    conditions = {"capital": args.capital, "attacker_war": args.attacker_war, "defender_war": args.defender_war}
    ends = battle_dist(args.attackers, args.defenders, **conditions)
    outcomes = {
        "p_attacker_wins": ends.fraction(lambda end: end[0] > 0),
        "p_defender_holds": ends.fraction(lambda end: end[1] > 0),
        "p_mutual_annihilation": ends.fraction((0, 0)),
    }
    survivors = [sum((end[side] * p for end, p in ends.fractions().items()), Fraction(0)) for side in (0, 1)]
    data = {
        "attackers": args.attackers,
        "defenders": args.defenders,
        **conditions,
        **{name: str(p) for name, p in outcomes.items()},
        "expected_attackers_left": str(survivors[0]),
        "expected_defenders_left": str(survivors[1]),
        "distribution": [
            {"attackers_left": a, "defenders_left": d, "p": str(p)} for (a, d), p in ends.fractions().items()
        ],
    }
    flags = ", ".join(name.replace("_", " ") for name, on in conditions.items() if on) or "plain province"
    lines = [f"Zargos battle: {args.attackers} attackers against {args.defenders} defenders ({flags})"]
    for name, p in outcomes.items():
        lines.append(f"  {name[2:].replace('_', ' '):<22} {str(p):>30}  {percent(p):>8}")
    lines.append(f"  expected survivors: attackers {float(survivors[0]):.3f}, defenders {float(survivors[1]):.3f}")
    return "\n".join(lines), data


def _demons_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("units", type=int, help=f"units entering the empty province, 1 to {MAX_UNITS}")
    parser.add_argument("--dice", type=int, required=True, choices=sorted(DEMON_DICE.values()),
                        help="demon dice: 2 coastal, 3 around the Forbidden City, 4 the Forbidden City")


def _demons_run(args: argparse.Namespace) -> tuple[str, dict]:
    if not 1 <= args.units <= MAX_UNITS:
        raise ValueError(f"units: a whole number from 1 to {MAX_UNITS}, not {args.units}")
    left = demon_dist(args.units, args.dice)
    survive = left.fraction(lambda n: n > 0)
    data = {"units": args.units, "dice": args.dice, "p_survives": str(survive), "expected_left": str(left.moments()[0]),
            "distribution": {str(n): str(p) for n, p in left.fractions().items()}}
    text = (f"Demons of Zargos, {args.dice} dice, against {args.units} units: "
            f"P(at least one survives) = {survive} ({percent(survive)})\n{left.to_markdown('units left')}")
    return text, data


register_odds("zargos-battle", "exact outcome of a Zargos combat", _battle_arguments, _battle_run)
register_odds("zargos-demons", "exact losses against the demons of Zargos", _demons_arguments, _demons_run)
