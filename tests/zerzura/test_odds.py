"""Zerzura's market odds against brute force, card gains against the score sheet, tile chances exact vs simulated."""

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import sympy

from tests.zerzura.scenario import table
from zaarlab.zerzura.odds import _simulate, market_gains, p_complete_tile, p_market_has, unseen
from zaarlab.zerzura.scoring import meets, score
from zaarlab.zerzura.state import ZerzuraGame


def test_market_odds_agree_with_every_possible_market():
    small = ("lamp_1", "lamp_2", "ring_1", "turban_1", "zither_peppers", "sultan", "mage_lamp")
    state = replace(table(), deck=small[:5], removed=small[5:])  # the removed cards are unseen too
    cards = state.game.cards
    pool = list(unseen(state).elements())
    markets = list(combinations(range(len(pool)), 3))
    for objects in (["lamp"], ["peppers"], ["ring", "zither"], ["turban", "lamp"]):
        hits = sum(any(set(objects) & set(cards[pool[i]].objects) for i in m) for m in markets)
        assert p_market_has(state, 0, objects, size=3) == sympy.Rational(hits, len(markets))


def test_card_gains_are_score_differences():
    state = table(market=("lamp_1", "peppers_1", "ring_2", "sultan"), areas=(("lamp_3", "lamp_1", "peppers_3",
                                                                              "guard_plus_1"), (), ()))
    gains = market_gains(state, 0)
    mine = list(state.areas[0])
    cards = state.game.cards

    def tiles_met(owned):
        return sum(meets(cards.tiles[t], owned, []) for t in state.tiles_up)

    for card, gain in gains.items():
        assert gain == score(mine + [card]).total - score(mine).total + 3 * (tiles_met(mine + [card]) - tiles_met(mine))
    assert gains["peppers_1"] < 0 == gains["ring_2"]  # a fourth pepper costs; two rings score nothing
    assert gains["sultan"] == 1 + 3  # and the Sultan is the second Character: the tile comes with it


def test_tile_chances_exact_and_simulated_agree():
    state = replace(table(ZerzuraGame(players=3)), phase="deal", areas=(("ring_1",), (), ()))
    state = replace(state, removed=state.deck[:15], deck=state.deck[15:])
    for tile in ("ring_7", "peppers_5_a"):
        exact = p_complete_tile(state, 0, tile)
        assert exact.exact and isinstance(exact.p, sympy.Rational) and 0 < exact.p < 1
        simulated = _simulate(state, 0, state.game.cards.tiles[tile], unseen(state), 3000, 2)
        assert abs(float(exact.p) - simulated.p) < 1.5 * simulated.error, (tile, exact, simulated)
    several = p_complete_tile(state, 0, "turban_5_ring_3", trials=500)
    assert not several.exact and 0 < several.p < 1 and "simulated" in str(several)


def test_tile_chances_at_the_edges():
    state = table(market=("ring_1",), areas=(("ring_3", "ring_2", "ring_1"), (), ()))
    assert p_complete_tile(state, 0, "ring_7").p > Fraction(9, 10)
    owned = replace(state, tiles_up=tuple(t for t in state.tiles_up if t != "ring_7"),
                    tiles_owned=(("ring_7",), (), ()))
    assert p_complete_tile(owned, 0, "ring_7").p == 1 and p_complete_tile(owned, 1, "ring_7").p == 0
    last = replace(table(market=("zither_1",), areas=(("ring_3",), (), ())), deck=())
    assert p_complete_tile(last, 0, "ring_7").p == 0  # no Market left to come
