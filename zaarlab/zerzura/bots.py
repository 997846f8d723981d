"""Zerzura players for simulations and tests: random, greedy, and a planner that weighs tiles and opponents.

- :func:`greedy_bot` makes the move with the best immediate gain in its own final score (the score sheet of
  :mod:`zaarlab.zerzura.scoring`, Guards placed at best, tiles it would claim at once); storing gains nothing
  now, so it stores only when nothing else helps.
- :func:`planner_bot` adds to that gain the progress toward the displayed Command tiles, what the move denies the
  opponents (a card taken from the Market is one they cannot take; an exchange costs its victim), and a small
  value for storing first in a round (the Dromedary: first pick next round) and for shielding exposed cards.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..core.play import random_bot
from .cards import TILE_VP
from .scoring import Holdings, met, score
from .state import Exchange, Store, Take, ZerzuraGame, ZerzuraState

__all__ = ["BOTS", "greedy_bot", "planner_bot", "random_bot", "gain"]

DROMEDARY_VALUE = 0.75  # the first pick of the next Market, as victory points: a rough, tested-by-play guess


@lru_cache(maxsize=65_536)
def _total(cards: tuple, tiles: tuple, game: ZerzuraGame) -> int:
    return score(cards, tiles, game.cards, game.guard_use).total  # the game's own card set: no file looked at


def holding_value(state: ZerzuraState, player: int, areas: tuple, stored: tuple) -> int:
    """The final score ``player`` would have with these cards, the tiles they own and the tiles they would claim."""
    game = state.game
    holdings = Holdings.of(areas, stored, game.cards)
    claimable = tuple(t for t in state.tiles_up if met(game.cards.tiles[t], holdings))
    return _total(tuple(sorted(areas + stored)), state.tiles_owned[player], game) + TILE_VP * len(claimable)


def gain(state: ZerzuraState, player: int, action) -> int:
    """How much ``action`` raises ``player``'s own final score, now (tiles claimed included).

    >>> from dataclasses import replace
    >>> from .state import Phase, ZerzuraGame
    >>> state = replace(ZerzuraGame(players=2).initial_state(), phase=Phase.ACT, market=("lamp_1", "ring_1"),
    ...                 areas=(("lamp_2", "lamp_3"), ()), deck=())
    >>> gain(state, 0, Take("lamp_1")), gain(state, 0, Take("ring_1"))   # a sixth lamp: 1 VP becomes 9
    (8, 4)
    """
    areas, stored = state.areas[player], state.stored[player]
    before = holding_value(state, player, areas, stored)
    if isinstance(action, Take):
        return holding_value(state, player, areas + (action.card,), stored) - before
    if isinstance(action, Exchange):
        mine = list(areas)
        mine.remove(action.give)
        return holding_value(state, player, tuple(mine) + (action.take,), stored) - before
    return 0


def greedy_bot(state: ZerzuraState, rng: random.Random):
    """The move with the best immediate gain; among equals, the first in order."""
    actions = state.legal_actions()
    if state.current_player() < 0 or len(actions) == 1:
        return random_bot(state, rng)
    player = state.current_player()
    return max(actions, key=lambda a: (gain(state, player, a), not isinstance(a, Store)))


def planner_bot(state: ZerzuraState, rng: random.Random):
    """Gain, plus tile progress, plus what the move denies the others, plus the Dromedary and shielding."""
    actions = state.legal_actions()
    if state.current_player() < 0 or len(actions) == 1:
        return random_bot(state, rng)
    player = state.current_player()
    return max(actions, key=lambda a: _plan_value(state, player, a))


def _plan_value(state: ZerzuraState, player: int, action) -> float:
    value = gain(state, player, action) + _tile_progress(state, player, action)
    others = [q for q in range(state.game.players) if q != player]
    if isinstance(action, Take):
        value += 0.5 * max((gain(state, q, action) for q in others), default=0)
    elif isinstance(action, Exchange):
        victim = state.areas[action.player]
        kept = list(victim)
        kept.remove(action.take)
        value += 0.5 * (holding_value(state, action.player, victim, state.stored[action.player])
                        - holding_value(state, action.player, tuple(kept) + (action.give,),
                                        state.stored[action.player]))
    elif isinstance(action, Store):
        value += DROMEDARY_VALUE * ("dromedary" not in state.birds) + 0.25 * len(action.cards)
    return value


def _tile_progress(state: ZerzuraState, player: int, action) -> float:
    """3 VP times the share of the displayed tiles' Object needs this move fills."""
    if not isinstance(action, Take | Exchange):
        return 0.0
    cards = state.game.cards
    before = Holdings.of(state.areas[player], state.stored[player], cards).objects
    after = before.copy()
    after.update(cards[action.take if isinstance(action, Exchange) else action.card].objects)
    if isinstance(action, Exchange):
        after.subtract(cards[action.give].objects)
    progress = 0.0
    for tile in (cards.tiles[t] for t in state.tiles_up if cards.tiles[t].objects):
        need = sum(n for _, n in tile.objects)
        short = sum(max(n - before[o], 0) for o, n in tile.objects)
        short_after = sum(max(n - after[o], 0) for o, n in tile.objects)
        progress += TILE_VP * (short - short_after) / need
    return progress


BOTS = {"greedy": greedy_bot, "planner": planner_bot, "random": random_bot}
