"""What every reachable state of Zogar's Gaze satisfies; saved states are refused unless they do.

All 126 dungeon and 18 market cards accounted for (decks, market, hands, the table, traps, the box), one entry per
player, secret races and classes dealt once each, Gazes only among the revealed Gazes, dice showing five faces.

Examples
--------
>>> from dataclasses import replace
>>> from .state import ZogarGame
>>> state = ZogarGame(players=2).initial_state()
>>> validate(state)
>>> validate(replace(state, player=99))
Traceback (most recent call last):
...
zaarlab.core.validate.InvalidState: player: a whole number from 0 to 1 expected, not 99
"""

from __future__ import annotations

from ..core.validate import integer, ledger, per_player, require, strings
from .odds import MAX_ROLLS, ROLLS
from .state import Phase

PHASES = tuple(Phase)
PILES = ("dungeon", "market_deck", "market_up", "gazes", "box", "offered", "carried", "found", "spent")
ENDINGS = ("", "win", "gaze", "limit")


def validate(state) -> None:
    """Raise :class:`~zaarlab.core.validate.InvalidState` naming the first thing no game of Zogar's Gaze shows."""
    game, cards = state.game, state.game.cards
    n = game.players
    require(state.phase in PHASES, "phase", f"one of {', '.join(PHASES)}, not {state.phase!r}")
    integer(state.turn, "turn", 0, game.turn_limit + 1)
    integer(state.player, "player", 0, n - 1)
    integer(state.winner, "winner", -1, n - 1)
    require(state.ended_by in ENDINGS, "ended_by", f"one of {ENDINGS}, not {state.ended_by!r}")
    per_player(state, n, "races", "classes", "hands", "traps")
    for name in PILES:
        strings(getattr(state, name), name)
    for p in range(n):
        strings(state.hands[p], f"hands[{p}]")
    for name, known in (("races", cards.races), ("classes", cards.classes)):
        dealt = [x for x in getattr(state, name) if x]
        require(all(x in known for x in dealt) and len(dealt) == len(set(dealt)), name,
                f"each dealt at most once, from {', '.join(sorted(known))}")
    everywhere = [c for pile in PILES for c in getattr(state, pile)]
    everywhere += [c for hand in state.hands for c in hand]
    everywhere += [c for c in (*state.traps, state.peeked, state.enemy) if c]
    ledger("cards", everywhere, cards.every_card)
    require(all(cards[c].kind == "gaze" for c in state.gazes), "gazes", "only Zogar's Gaze cards are revealed there")
    integer(state.drawable, "drawable", 0, len(state.dungeon))
    integer(state.flipped, "flipped", 0, len(cards.dungeon_deck()))
    integer(state.must_flip, "must_flip", 0, len(cards.dungeon_deck()))
    integer(state.rolls_allowed, "rolls_allowed", 0, MAX_ROLLS)
    require(state.rolls_allowed <= ROLLS or any("extra_roll" in cards[c].uses for c in state.box), "rolls_allowed",
            f"at most {ROLLS} rolls unless a Lucky Charm has been used up (GAP-G02)")
    integer(state.rolls, "rolls", 0, state.rolls_allowed)
    require(isinstance(state.dice, tuple) and len(state.dice) in (0, 5), "dice", "five dice showing, or none")
    for i, face in enumerate((*state.dice, *state.kept)):
        integer(face, f"dice[{i}]", 1, 6)
    require(isinstance(state.kept, tuple) and not _more(state.kept, state.dice), "kept",
            "only dice that show can be kept")


def _more(kept: tuple, dice: tuple) -> bool:
    return any(kept.count(face) > dice.count(face) for face in set(kept))
