"""Build Zerzura positions directly, for rule tests: a round under way, player 1 holding the Dromedary."""

from collections import Counter
from dataclasses import replace

from zaarlab.zerzura.state import ZerzuraGame, ZerzuraState

GAME = ZerzuraGame(players=3)
TILES = ("characters_2", "peppers_5_a", "ring_7", "turban_5_ring_3")


def table(game: ZerzuraGame = GAME, market=(), areas=None, stored=None, **fields) -> ZerzuraState:
    """Round 1 with the given Market, face-up ``areas`` and ``stored`` cards (per player); the rest in the deck."""
    n = game.players
    areas = tuple(tuple(sorted(a)) for a in (areas or ((),) * n))
    stored = tuple(tuple(sorted(s)) for s in (stored or ((),) * n))
    used = Counter(market)
    for pile in areas + stored:
        used.update(pile)
    deck = Counter(game.cards.deck())
    deck.subtract(used)
    assert min(deck.values()) >= 0, "a card used twice"
    state = replace(game.initial_state(), phase="act", round=1, market=tuple(sorted(market)),
                    deck=tuple(sorted(deck.elements())), areas=areas, stored=stored,
                    tiles_up=tuple(t for t in TILES if game.players not in game.cards.tiles[t].not_with_players))
    return replace(state, **fields)


