"""Zogar's Gaze under the conformance harness: 200 seeded bot games checked at every step, with invariants."""

from collections import Counter

import pytest

from tests.conformance import check_conformance
from zaarlab.core.play import random_bot
from zaarlab.zogars_gaze.bots import bold_bot, cautious_bot
from zaarlab.zogars_gaze.state import Buy, UseItem, ZogarGame

PILES = ("dungeon", "market_deck", "market_up", "gazes", "box", "offered", "carried", "found", "spent")


def every_card(state) -> Counter:
    """Where all 144 cards are: decks, market, hands, the dungeon, the table, traps, the box."""
    cards = Counter()
    for pile in PILES:
        cards.update(getattr(state, pile))
    for hand in state.hands:
        cards.update(hand)
    cards.update(c for c in (*state.traps, state.peeked, state.enemy) if c)
    return cards


class Ledger:
    """Cards are neither made nor lost; the Gaze count never decreases; at most one winner."""

    def __init__(self, game):
        self.all = dict(Counter(game.cards.dungeon_deck()) + Counter(game.cards.market_deck()))
        self.previous = None

    def __call__(self, state):
        # as plain dicts (counts from 1 up, both): compared in C, where Counters compare card by card in Python
        assert dict(every_card(state)) == self.all, "the 126 dungeon and 18 market cards are all accounted for"
        assert sum(state.returns()) <= 1 if state.is_terminal() else state.winner == -1
        assert state.drawable >= 0 and len(state.dice) in (0, 5)
        prev, self.previous = self.previous, state
        if prev is not None and prev.turn <= state.turn:
            assert set(prev.gazes) <= set(state.gazes) and len(prev.gazes) <= len(state.gazes), "Gazes stay revealed"


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_200_seeded_games_conform(players):
    """40 games per player count: a cautious and a bold bot, random bots elsewhere."""
    game = ZogarGame(players=players)
    bots = ([cautious_bot, bold_bot, random_bot, random_bot, random_bot])[:players]
    stats = check_conformance(game, runs=40, seed=players, bots=bots, invariants=[Ledger(game)])
    assert stats.games == stats.terminal == 40
    assert {"ZOGAR-TURN-03"} <= stats.rules_refusing


def charm_first(state, rng):
    """The bold bot, but buying every Lucky Charm the market shows and using a charm before anything else."""
    legal = state.legal_actions()
    return next((wanted for wanted in (Buy("lucky_charm"), UseItem("lucky_charm")) if wanted in legal), None) or \
        bold_bot(state, rng)


def test_one_player_games_with_lucky_charms_save_and_load_at_every_step():
    """The harness saves and loads every state (issue: a fifth roll once made a state its own loading refused); here
    in one-player games whose bot spends Lucky Charms, and the fourth rolls they give are met many times."""
    game, fourth_rolls = ZogarGame(players=1), []
    stats = check_conformance(game, runs=15, seed=32, bots=[charm_first], invariants=[
        Ledger(game), lambda state: fourth_rolls.append(state.rolls) if state.rolls_allowed == 4 else None])
    assert stats.games == 15 and len(fourth_rolls) >= 10 and 4 in fourth_rolls
