"""What every reachable Zerzura state satisfies; saved states are refused unless they do.

Each of the 60 cards in exactly one place (deck, removed, boxed, Market, a player's area or storage), one entry per
player, the Dromedary with a player, Birds where a Bird can be, each tile displayed or owned at most once, only
face-up cards protected.

Examples
--------
>>> from dataclasses import replace
>>> from .state import ZerzuraGame
>>> state = ZerzuraGame(players=3).initial_state()
>>> validate(state)
>>> validate(replace(state, deck=state.deck + ("lamp_3",)))
Traceback (most recent call last):
...
zaarlab.core.validate.InvalidState: cards: lamp_3 2 times where the game has 1
"""

from __future__ import annotations

from ..core.validate import integer, ledger, per_player, require, strings
from .cards import TILES_IN_PLAY
from .rules import PHASE_RULES

BIRD_PLACES = ("", "card", "dromedary", "board")  # with the player, or ZERZURA-ACTION-03, -07


def validate(state) -> None:
    """Raise :class:`~zaarlab.core.validate.InvalidState` naming the first thing no game of Zerzura can show."""
    game = state.game
    n = game.players
    require(state.phase in PHASE_RULES, "phase", f"one of {', '.join(PHASE_RULES)}, not {state.phase!r}")
    integer(state.round, "round", 0, 60)
    integer(state.holder, "holder", 0, n - 1)
    integer(state.acted, "acted", 0, state.per_round)
    integer(state.to_deal, "to_deal", 0, game.market_size)
    per_player(state, n, "areas", "stored", "protected", "birds", "tiles_owned")
    for name in ("deck", "removed", "boxed", "market", "tiles_up"):
        strings(getattr(state, name), name)
    for name in ("areas", "stored", "protected", "tiles_owned"):
        for p, pile in enumerate(getattr(state, name)):
            strings(pile, f"{name}[{p}]")
    everywhere = [*state.deck, *state.removed, *state.boxed, *state.market]
    for p in range(n):
        everywhere += [*state.areas[p], *state.stored[p]]
    ledger("cards", everywhere, game.cards.deck())
    for p in range(n):
        require(state.birds[p] in BIRD_PLACES, f"birds[{p}]", f"one of {BIRD_PLACES}, not {state.birds[p]!r}")
        require(not set(state.protected[p]) - set(state.areas[p]), f"protected[{p}]",
                "only the player's face-up cards can be protected")
    require(state.birds.count("dromedary") <= 1, "birds", "one Bird at most rides the Dromedary")
    tiles = [*state.tiles_up, *(t for owned in state.tiles_owned for t in owned)]
    ledger("tiles", tiles, [t for t in game.tile_pool() if t in tiles])
    require(len(tiles) <= TILES_IN_PLAY, "tiles", f"{len(tiles)} in play, at most {TILES_IN_PLAY}")
