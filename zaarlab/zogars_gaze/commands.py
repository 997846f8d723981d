"""``zaarlab odds zogar`` and ``zaarlab odds zogar-hold``: exact combat odds and hold advice from the shell."""

from __future__ import annotations

import argparse
from fractions import Fraction

from ..core.commands import register_odds
from ..core.readable import percent
from .odds import STRAIGHT_READINGS, hold_advice, p_win


def _readings(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("requirement", help="NxF (3x5: three 5s; 5x*: five of any face) or straight:L-H")
    parser.add_argument("--printed-face-only", action="store_true",
                        help="no N+1 of another face (ZOGAR-COMBAT-09 off)")
    parser.add_argument("--straight-alt", choices=STRAIGHT_READINGS, default="extra_die",
                        help="which other straights win (AMB-G01; default: one longer)")


def _readings_of(args: argparse.Namespace) -> dict:
    return {"other_face": not args.printed_face_only, "straight_alt": args.straight_alt}


def _win_arguments(parser: argparse.ArgumentParser) -> None:
    _readings(parser)
    parser.add_argument("--rolls", type=int, default=3, help="rolls allowed (1 to 3)")
    parser.add_argument("--policy", choices=("optimal", "simple"), default="optimal")


def _win_run(args: argparse.Namespace) -> tuple[str, dict]:
    p = p_win(args.requirement, rolls=args.rolls, policy=args.policy, number=Fraction, **_readings_of(args))
    data = {"requirement": args.requirement, "rolls": args.rolls, "policy": args.policy, "p_win": str(p),
            **_readings_of(args)}
    return f"P(beat {args.requirement} in {args.rolls} roll(s), {args.policy} holds) = {p} ≈ {percent(p)}", data


def _hold_arguments(parser: argparse.ArgumentParser) -> None:
    _readings(parser)
    parser.add_argument("--dice", required=True, help="the five dice showing, e.g. 1,1,2,5,6")
    parser.add_argument("--rolls-left", type=int, required=True, help="rolls still allowed (0 to 2)")


def _hold_run(args: argparse.Namespace) -> tuple[str, dict]:
    try:
        dice = tuple(int(d) for d in args.dice.split(","))
    except ValueError:
        raise ValueError(f"--dice takes five numbers separated by commas, not {args.dice!r}") from None
    advice = hold_advice(args.requirement, dice, args.rolls_left, **_readings_of(args))
    data = {"requirement": args.requirement, "dice": list(advice.dice), "rolls_left": args.rolls_left,
            "already_won": advice.already_won, "best": list(advice.best), "simple": list(advice.simple),
            "gain_over_simple": str(advice.gain_over_simple),
            "holds": [{"keep": list(h), "p_win": str(p)} for h, p in advice.ranking]}
    if advice.already_won:
        return f"{list(advice.dice)} already beats {args.requirement}.", data
    if not advice.ranking:
        return f"No roll is left: {list(advice.dice)} does not beat {args.requirement}.", data
    lines = [f"Best hold: keep {list(advice.best)} -> P(win) = {advice.ranking[0][1]}",
             f"Simple hold {list(advice.simple)} -> {advice.p(advice.simple)} "
             f"(the best gains {advice.gain_over_simple})"]
    lines += [f"  keep {str(list(h)):<18} {str(p):>24}  {percent(p):>8}" for h, p in advice.ranking[:10]]
    return "\n".join(lines), data


register_odds("zogar", "exact P(win) of a Zogar's Gaze combat", _win_arguments, _win_run)
register_odds("zogar-hold", "which dice to hold in a Zogar's Gaze combat", _hold_arguments, _hold_run)
