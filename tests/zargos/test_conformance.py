"""Zargos under the conformance harness: seeded random games checked at every step, with game invariants."""

import pytest

from tests.conformance import check_conformance
from zaarlab.core.play import random_bot
from zaarlab.zargos.bots import greedy_bot
from zaarlab.zargos.state import Phase, ZargosGame
from zaarlab.zargos.upkeep import BOATS, HAND_LIMIT


class Ledger:
    """Invariants that need the previous state: units change only by combat, demons, magic and purchases."""

    def __init__(self):
        self.previous = None

    def __call__(self, state):
        assert 0 <= sum(state.boats) <= BOATS, "boats within the supply of 15 (ZARGOS-COMP-03)"
        for player, hand in enumerate(state.hands):
            choosing = state.phase == Phase.DISCARD and state.draws[0][0] == player
            assert len(hand) <= HAND_LIMIT + choosing, "at most 3 magic cards in hand (ZARGOS-MAGIC-02)"
        in_force = len(state.effects) + bool(state.strike)  # red cards at work
        cards = len(state.deck) + len(state.bottom) + len(state.removed) + sum(map(len, state.hands)) + in_force
        assert cards == 40, "magic cards are neither made nor lost"
        for people, units in _units(state).items():
            assert units <= 100, f"the {people} exceed their stock (GAP-S05)"
        if state.phase == Phase.DRAW and state.points:  # just after a count: Kingdom cards match control
            for kingdom, holder in state.kingdom_cards:
                assert state.holder(state.game.planet.kingdoms[kingdom].capital) == holder
        prev, self.previous = self.previous, state
        if prev is None or prev.turn == 0 or state.turn == 0:
            return
        if prev.phase in (Phase.ATTACK, Phase.REORG, Phase.FIGHT, Phase.DRAW, Phase.DISCARD, Phase.BUY, Phase.RED,
                          Phase.WAR):  # moves only
            assert _units(prev) == _units(state), f"units changed in the {prev.phase} phase"
        elif prev.phase == Phase.PLACE_BUY:
            gained = {p: _units(state).get(p, 0) - _units(prev).get(p, 0) for p in _units(state)}
            assert sorted(gained.values())[-1] == 1 and sum(gained.values()) == 1


def _units(state):
    totals = {}
    for _, people, units in state.board:
        totals[people] = totals.get(people, 0) + units
    for _, units in state.attacking:
        totals[state.acting] = totals.get(state.acting, 0) + units
    if state.combat:
        totals[state.acting] = totals.get(state.acting, 0) + state.combat[1]
    return totals


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_200_seeded_games_conform(players):
    """40 games per player count, 200 in all: a greedy bot in seat 1, random bots elsewhere, 3 turns each."""
    game = ZargosGame(players=players, turn_limit=3)
    bots = [greedy_bot] + [random_bot] * (players - 1)
    stats = check_conformance(game, runs=40, seed=players, bots=bots, invariants=[Ledger()])
    assert stats.games == stats.terminal == 40 and stats.chance_nodes > 40 * 30
    assert {"ZARGOS-SETUP-07", "ZARGOS-TURN-01"} <= stats.rules_refusing


def test_greedy_games_run_to_a_winner():
    """Full games under the harness: greedy bots reach the centre; the 30-turn cap ends the others."""
    winners = 0
    for players, seed in ((2, 1), (4, 2), (5, 1), (6, 1)):
        game = ZargosGame(players=players, turn_limit=30)
        ledger = Ledger()
        finals = []

        def last(state, finals=finals):
            finals.append(state)

        check_conformance(game, runs=1, seed=seed, bots=[greedy_bot] * players, invariants=[ledger, last])
        winners += bool(finals[-1].winner)
    assert winners >= 2


def test_three_peoples_and_no_powers_conform():
    for game in (ZargosGame(players=2, three_peoples=True, turn_limit=2), ZargosGame(players=5, powers="none",
                                                                                  turn_limit=2)):
        assert check_conformance(game, runs=2, seed=9, invariants=[Ledger()]).terminal == 2
