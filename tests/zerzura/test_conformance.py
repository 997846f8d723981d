"""Zerzura under the conformance harness: 500 seeded games checked at every step, with invariants."""

from collections import Counter

import pytest

from tests.conformance import check_conformance
from zaarlab.core.play import random_bot
from zaarlab.zerzura.bots import greedy_bot, planner_bot
from zaarlab.zerzura.state import Phase, ZerzuraGame


class Ledger:
    """Across steps (each state also passes ``validate()``: every card in one place, one Dromedary, tiles once):
    tiles are never given back and stored cards stay stored."""

    def __init__(self, game):
        self.previous = None

    def __call__(self, state):
        prev, self.previous = self.previous, state
        if prev is not None and prev.round <= state.round and prev.phase != Phase.OVER:
            for p in range(state.game.players):
                assert set(prev.tiles_owned[p]) <= set(state.tiles_owned[p]), "a tile never changes owner"
                assert Counter(prev.stored[p]) <= Counter(state.stored[p]), "stored cards stay stored"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", [{}, {"bird_protection": "round", "exchange_free": "both", "side": "expert"}])
def test_500_seeded_games_conform(players, variant):
    """500 games: 64 or 62 per (player count, variant); greedy and planner bots among random ones."""
    game = ZerzuraGame(players=players, **variant)
    bots = ([greedy_bot, planner_bot, random_bot, random_bot, random_bot])[:players]
    runs = 63 if players in (2, 3) else 62
    stats = check_conformance(game, runs=runs, seed=players, bots=bots, invariants=[Ledger(game)])
    assert stats.games == stats.terminal == runs
    assert "ZERZURA-ACTION-02" in stats.rules_refusing
