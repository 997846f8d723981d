"""Zaar under the conformance harness: 200 seeded bot games, normal and advanced, 2-6 players, coins conserved."""

from collections import Counter

import pytest

from tests.conformance import check_conformance
from zaarlab.core.play import random_bot
from zaarlab.zaar.bots import greedy_bot
from zaarlab.zaar.cards import BAG, TOOLS
from zaarlab.zaar.state import TOOL_ORDER, Phase, ZaarGame

TURN_CAP = 60  # bot games stop here if the mansion has not fallen yet (the rulebook has no limit)


def ledger(state):
    """48 life and 48 wisdom coins, 7 of each tool, the 72 cards, wherever they are; one room a cell; pawns in rooms."""
    if state.phase in (Phase.ORDER, Phase.CHARACTER, Phase.START):
        return
    for i, coin in enumerate(("life", "wisdom")):
        held = sum(getattr(state, coin)) + sum(c == coin for _, c in state.plaque_coins + state.table_coins)
        assert state.bag[i] + held == BAG[coin], f"{coin} coins are neither made nor lost"
    tools = Counter(t for held in state.tools for t in held)
    tools.update({TOOL_ORDER[i]: n for i, n in enumerate(state.supply)})
    tools.update(["boswellia"] * len(state.passages) + ["peganum"] * len(state.peganums)
                 + ["amulet"] * len(state.amulet_doors))
    assert tools == Counter(TOOLS), "tool coins are neither made nor lost"
    assert len({cell for cell, _, _ in state.rooms}) == len(state.rooms)
    cards = Counter(state.pile)
    for pile in ((room for _, room, _ in state.rooms), state.discarded, [state.drawn] if state.drawn else []):
        cards.update(pile)
    assert cards == Counter(state.game.cards.deck()), "the 72 cards: in the pile, in the mansion, drawn or obeyed"
    for p in range(state.game.players):
        cell = state.pawn(p)
        assert (cell is None) == (state.status[p] != "in") and (cell is None or cell in state.mansion.layout)


@pytest.mark.parametrize(("players", "mode"), [(2, "normal"), (3, "advanced"), (4, "normal"), (5, "advanced"),
                                               (6, "normal"), (2, "advanced"), (3, "normal"), (4, "advanced")])
def test_200_seeded_games_conform(players, mode):
    """25 games per case: greedy bots and one random bot."""
    game = ZaarGame(players=players, mode=mode, turn_limit=TURN_CAP)
    bots = [greedy_bot] * (players - 1) + [random_bot]
    stats = check_conformance(game, runs=25, seed=players, bots=bots, invariants=[ledger])
    assert stats.games == stats.terminal == 25
    assert "ZAAR-TURN-01" in stats.rules_refusing or "ZAAR-COIN-02" in stats.rules_refusing
