"""Exact odds of Zaar's draw pile, given the mansion so far (part 1: placement; battles come with the raml).

The pile is shuffled (ZAAR-SETUP-04), so the next card is any card left, each equally likely: a chance is a count
over the pile's size. "Placeable" means the room has at least one legal placement (ZAAR-PLACE-01..03); a sacred room
ends level 1 (ZAAR-LVL1-01); "completes a mission" means some placement of the room completes it with rooms no
earlier mission used (ZAAR-MISSION-02).

Examples
--------
>>> from .board import Mansion
>>> mansion = Mansion.start("bloody_chamber")
>>> odds = next_card_odds(mansion)
>>> odds["sacred"], odds["event"]
(9/71, 20/71)
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

import sympy

from .board import Mansion
from .missions import MISSIONS, completed_by


def default_pile(mansion: Mansion) -> tuple[str, ...]:
    """Every card not in the mansion: the other rooms and the 20 events (ZAAR-SETUP-04)."""
    return tuple(c for c in mansion.cards.deck() if c not in mansion.placed_ids)


def p_placeable(mansion: Mansion, pile: Iterable[str] | None = None) -> sympy.Rational:
    """P(the next card is a room that can be placed somewhere)."""
    pile = tuple(default_pile(mansion) if pile is None else pile)
    return sympy.Rational(sum(_is_room(mansion, c) and bool(mansion.legal_placements(c)) for c in pile), len(pile))


def p_sacred(mansion: Mansion, pile: Iterable[str] | None = None) -> sympy.Rational:
    """P(the next card is a sacred room: found, it ends level 1 (ZAAR-LVL1-01))."""
    pile = tuple(default_pile(mansion) if pile is None else pile)
    return sympy.Rational(sum(_is_room(mansion, c) and mansion.cards.rooms[c].is_sacred for c in pile), len(pile))


def completing_rooms(mansion: Mansion, mission: str, pile: Iterable[str] | None = None,
                     used: frozenset = frozenset()) -> tuple[str, ...]:
    """The rooms of the pile with a placement that completes ``mission``."""
    pile = tuple(default_pile(mansion) if pile is None else pile)
    found = []
    for card in sorted(set(pile)):
        if _is_room(mansion, card):
            for cell, rotation in mansion.legal_placements(card):
                done = completed_by(mansion.place(card, cell, rotation), cell, used)
                if done and done.mission == mission:
                    found.append(card)
                    break
    return tuple(found)


def p_completes(mansion: Mansion, mission: str, pile: Iterable[str] | None = None,
                used: frozenset = frozenset()) -> sympy.Rational:
    """P(the next card is a room that can complete ``mission`` somewhere)."""
    pile = tuple(default_pile(mansion) if pile is None else pile)
    good = set(completing_rooms(mansion, mission, pile, used))
    return sympy.Rational(sum(c in good for c in pile), len(pile))


def p_sacred_within(mansion: Mansion, draws: int, pile: Iterable[str] | None = None) -> sympy.Rational:
    """P(at least one sacred room among the next ``draws`` cards): 1 - C(N - s, n) / C(N, n).

    >>> p_sacred_within(Mansion.start("bloody_chamber"), 1) == p_sacred(Mansion.start("bloody_chamber"))
    True
    """
    pile = tuple(default_pile(mansion) if pile is None else pile)
    sacred = sum(_is_room(mansion, c) and mansion.cards.rooms[c].is_sacred for c in pile)
    draws = min(draws, len(pile))
    return 1 - sympy.Rational(comb(len(pile) - sacred, draws), comb(len(pile), draws))


def next_card_odds(mansion: Mansion, pile: Iterable[str] | None = None, missions: Iterable[str] = (),
                   used: frozenset = frozenset()) -> dict:
    """The chances for the next card: a placeable room, a sacred room, an event, and each mission asked for."""
    pile = tuple(default_pile(mansion) if pile is None else pile)
    if not pile:
        raise ValueError("the draw pile is empty")
    odds = {"placeable": p_placeable(mansion, pile), "sacred": p_sacred(mansion, pile),
            "event": sympy.Rational(sum(c in mansion.cards.events for c in pile), len(pile))}
    for mission in missions:
        if mission not in MISSIONS:
            raise ValueError(f"the missions are {', '.join(MISSIONS)}, not {mission!r}")
        odds[mission] = p_completes(mansion, mission, pile, used)
    return odds


def _is_room(mansion: Mansion, card: str) -> bool:
    return card in mansion.cards.rooms
