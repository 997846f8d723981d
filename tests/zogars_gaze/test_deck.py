"""Deck odds of Zogar's Gaze checked against the engine itself: every chance outcome of a small dungeon, played out."""

from dataclasses import replace
from fractions import Fraction

import pytest
import sympy

from tests.zogars_gaze.scenario import delving, give
from zaarlab.core.api import CHANCE
from zaarlab.zogars_gaze.deck import next_card_dist, p_seventh_gaze_within, p_survive
from zaarlab.zogars_gaze.odds import hold_advice, p_within
from zaarlab.zogars_gaze.state import AcceptDeath, Fight, Flip, Hold, Leave, PayThieves, Phase, UseItem

SMALL_DECK = ("artifact_2", "consuming_fear_1", "gaze_3", "mimic_2", "monster_l1_02", "monster_l1_07", "pit_trap_1",
              "thieves_1", "treasure_1", "treasure_3")


def small_dungeon(carried=(), gazes=6, deck=SMALL_DECK):
    """Player 1 in the dungeon after one card, ``gazes`` Gazes out, the rest of the deck boxed but ``deck``."""
    state = delving(carried=carried, drawable=10)
    state = give(state, 0, "treasure_3", "treasure_3", "artifact_3")  # 9 points at home: the Mimic's count
    out = ("gaze_1",) * 3 + ("gaze_2",) * 3
    state = give(state, 0, *out[:gazes], where="gazes")
    rest = list(state.dungeon)
    for card in deck:
        rest.remove(card)
    return give(state, 0, *rest, where="box")


def p_alive_by_the_engine(state, flips):
    """Play every chance outcome: turn ``flips`` more cards, pay Thieves, hold the optimal dice, use any item."""
    start, memo = state.flipped, {}
    charm = any("extra_roll" in state.game.cards[c].uses for c in state.with_player)

    def choose(s):
        legal = s.legal_actions()
        if s.phase == Phase.DELVE:
            return Flip() if s.flipped < start + flips and Flip() in legal else Leave()
        if s.phase == Phase.THIEVES:
            return PayThieves() if PayThieves() in legal else Fight()
        if s.phase == Phase.HOLD:
            spare = charm and not any("extra_roll" in s.game.cards[c].uses for c in s.with_player)
            left = s.rolls_allowed + (charm and not spare) - s.rolls
            return Hold(hold_advice(s.game.cards[s.enemy].requirement, s.dice, left).best)
        if s.phase == Phase.DYING:
            items = [a for a in legal if isinstance(a, UseItem)]
            return sorted(items, key=lambda a: "draught" not in a.card)[0] if items else AcceptDeath()
        return legal[0]

    def value(s):
        if s.is_terminal() or s.player != 0:
            return Fraction(int(not (s.is_terminal() and s.ended_by == "gaze")))
        if s in memo:
            return memo[s]
        if s.current_player() == CHANCE:
            steps = [(o, Fraction(int(p.p), int(p.q))) for o, p in s.chance_outcomes()]
        else:
            steps = [(choose(s), Fraction(1))]
        total = Fraction(0)
        for action, p in steps:
            nxt = s.apply(action)
            died = any(e.kind in ("dies", "dies_in_combat") for e in nxt.log[len(s.log):])
            total += 0 if died else p * value(nxt)
        memo[s] = total
        return total

    return value(state)


@pytest.mark.parametrize(("carried", "flips"), [
    ((), 1), (("healing_draught",), 1), (("flame_bow", "lucky_charm"), 1), (("treasure_1",), 1),
    ((), 2), (("healing_draught",), 2), (("flame_bow", "lucky_charm"), 3),
])
def test_survival_odds_agree_with_playing_every_outcome(carried, flips):
    """Exact for one flip with any deck; for more, on a deck without Thieves (see the deck module's docstring)."""
    deck = SMALL_DECK if flips == 1 else tuple(c for c in SMALL_DECK if c not in ("thieves_1", "monster_l1_02"))
    state = small_dungeon(carried, deck=deck)
    exact = p_survive(state, flips)
    assert isinstance(exact, sympy.Rational) and 0 < exact < 1
    assert exact == sympy.Rational(str(p_alive_by_the_engine(state, flips)))


def test_survival_stops_where_the_delve_must_end():
    state = small_dungeon()
    assert p_survive(state, 0) == 1
    assert p_survive(replace(state, drawable=1), 3) == p_survive(state, 1)  # one card under the cut
    peeked = give(state, 0, "gaze_3", where="box")
    assert p_survive(replace(peeked, peeked="gaze_3"), 2) == 0  # the seventh Gaze, seen coming
    with pytest.raises(ValueError):
        p_survive(state, -1)


def test_next_card_and_the_seventh_gaze():
    state = small_dungeon(gazes=5)
    kinds = next_card_dist(state)
    assert kinds.p("monster") == sympy.Rational(2, 10) and kinds.p("gaze") == sympy.Rational(1, 10)
    assert p_seventh_gaze_within(state, 3) == 0  # one Gaze left in the deck, two missing
    deck = delving()
    in_deck = sum(deck.game.cards[c].kind == "gaze" for c in deck.dungeon)
    assert p_seventh_gaze_within(deck, 40) == p_within(len(deck.dungeon), in_deck, 7, min(40, deck.drawable))
    assert next_card_dist(replace(state, peeked="pit_trap_1")).p("pit_trap") == 1


@pytest.mark.rule("ZOGAR-GAZE-02", "ZOGAR-DELVE-02")
def test_the_seventh_gaze_within_stops_at_the_cut_as_survival_does():
    six = replace(small_dungeon(gazes=5), gazes=("gaze_1",) * 6)
    gazes_left = sum(six.game.cards[c].kind == "gaze" for c in six.dungeon)
    assert gazes_left and len(six.dungeon) > 3
    under_cut = replace(six, drawable=3)  # three cards below the cut: at most three flips this turn
    assert p_seventh_gaze_within(under_cut, 8) == p_seventh_gaze_within(under_cut, 3) == p_within(
        len(six.dungeon), gazes_left, 1, 3)
    assert p_seventh_gaze_within(replace(six, drawable=0), 8) == 0 == 1 - p_survive(replace(six, drawable=0), 8)
