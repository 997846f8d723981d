"""Zogar's Gaze setup, turn order, the market, choosing items, the pass and the end of the game."""


import pytest
import sympy

from tests.helpers import refused, run, said
from tests.zogars_gaze.scenario import GAME, give, table
from zaarlab.core.api import CHANCE
from zaarlab.zogars_gaze.goals import meets_class, race_progress, winners
from zaarlab.zogars_gaze.state import (
    Buy,
    Carry,
    Enter,
    Flip,
    Gamble,
    Leave,
    Phase,
    SkipMarket,
    TradeIn,
    ZogarGame,
)

FIVE_GAZES = ("gaze_1", "gaze_1", "gaze_2", "gaze_2", "gaze_2")




def set_up(game=GAME, first=0):
    """Play the setup's chance steps: races and classes in sorted order, the first two market cards, ``first``."""
    state = game.initial_state()
    while state.phase != Phase.FIRST:
        state = state.apply(state.legal_actions()[0])
    return state.apply(first)


# -- setup ---------------------------------------------------------------------------------------------------
def test_zogar_setup_01_one_shuffled_deck_of_all_levels():
    state = set_up()
    assert len(state.dungeon) == 126 and {GAME.cards[c].level for c in state.dungeon} == {1, 2, 3}
    state = run(state, SkipMarket(), Enter(), 10)  # cut 10 cards off the top
    flips = dict(state.apply(Flip()).chance_outcomes())
    assert flips["treasure_1"] == sympy.Rational(14, 126) and flips["dragon"] == sympy.Rational(1, 126)


def test_zogar_setup_02_two_market_cards_face_up():
    state = set_up()
    assert len(state.market_up) == 2 and len(state.market_deck) == 16
    assert "ZOGAR-SETUP-02" in state.log[-3].rules


def test_zogar_setup_03_secret_race_and_class():
    state = set_up(ZogarGame(players=4))
    assert all(state.races) and all(state.classes)
    assert len(set(state.races)) == 4 and len(set(state.classes)) == 4
    seen_by_2 = state.observation(1)
    assert seen_by_2["race"] == state.races[1] and seen_by_2["class"] == state.classes[1]
    assert state.races[0] not in str(seen_by_2) and state.classes[0] not in str(seen_by_2)


def test_zogar_setup_04_race_thresholds_depend_on_the_player_count():
    needs = []
    for n in (1, 2, 3, 4, 5):
        state = table(ZogarGame(players=n), races=("man_of_norcia",) + table(ZogarGame(players=n)).races[1:])
        needs.append(race_progress(state, 0)[1])
    assert needs == [12, 12, 10, 9, 8]
    state = give(table(races=("man_of_norcia", "elf", "orc")), 0, "treasure_3", "treasure_3", "treasure_2")
    assert race_progress(state, 0) == (8, 10)


def test_zogar_setup_05_the_knight_needs_the_princess():
    state = table(classes=("knight", "wizard", "ranger"))
    assert not meets_class(state, 0)
    assert meets_class(give(state, 0, "princess_3"), 0)


def test_zogar_setup_06_a_random_player_starts_and_turns_go_clockwise():
    state = GAME.initial_state()
    while state.phase != Phase.FIRST:
        state = state.apply(state.legal_actions()[0])
    assert state.current_player() == CHANCE and state.chance_outcomes() == tuple(
        (p, sympy.Rational(1, 3)) for p in range(3))
    state = state.apply(2)
    assert (state.player, state.phase) == (2, "market")
    state = run(state, SkipMarket(), Enter(), 1, Flip(), "treasure_1", Leave())
    assert state.player == 0 and state.turn == 2


# -- the turn ------------------------------------------------------------------------------------------------
def test_zogar_turn_02_only_the_player_whose_turn_it_is_acts():
    state = table()
    assert state.current_player() == 0
    state = run(state, SkipMarket(), Enter(), 5)
    assert state.current_player() == 0 and state.player == 0


def test_zogar_turn_03_the_four_phases_in_order():
    state = table()
    refused(state, Flip(), "ZOGAR-TURN-03")
    refused(state, Enter(), "ZOGAR-TURN-03")
    state = state.apply(SkipMarket())
    assert state.phase == Phase.ITEMS
    refused(state, TradeIn("treasure_1"), "ZOGAR-TURN-03")
    state = state.apply(Enter())
    assert state.phase == Phase.CUT and state.current_player() == CHANCE
    state = state.apply(3)
    assert state.phase == Phase.DELVE
    refused(state, Carry("rope"), "ZOGAR-TURN-03")


# -- the market ----------------------------------------------------------------------------------------------
def test_zogar_market_01_skipping_is_always_legal_and_gives_the_cards_back():
    state = give(table(), 0, "treasure_1", "treasure_2")
    assert SkipMarket() in state.legal_actions()
    state = run(state, TradeIn("treasure_2"))
    assert SkipMarket() in state.legal_actions()
    state = state.apply(SkipMarket())
    assert state.hands[0] == ("treasure_1", "treasure_2") and state.phase == Phase.ITEMS


def test_zogar_market_02_one_of_two_face_up_cards_or_the_top_of_the_deck():
    state = run(give(table(), 0, "treasure_3", "treasure_2"), TradeIn("treasure_3"), TradeIn("treasure_2"))
    buys = [a for a in state.legal_actions() if isinstance(a, Buy | Gamble)]
    assert buys == [Buy("lucky_charm"), Buy("rope"), Gamble()]
    bought = state.apply(Buy("rope"))
    assert "rope" in bought.hands[0] and bought.phase == Phase.REFILL  # GAP-G07: the next card is turned up
    refilled = bought.apply("torch")
    assert refilled.market_up == ("lucky_charm", "torch") and refilled.phase == Phase.ITEMS
    gamble = state.apply(Gamble())
    assert gamble.current_player() == CHANCE
    assert dict(gamble.chance_outcomes())["glow_rock"] == sympy.Rational(4, 16)
    assert "glow_rock" in gamble.apply("glow_rock").hands[0]


def test_zogar_market_02_no_gamble_on_an_empty_deck():
    state = run(give(table(market_deck=()), 0, "treasure_3", "treasure_2"), TradeIn("treasure_3"),
                TradeIn("treasure_2"))
    assert Gamble() not in state.legal_actions()
    refused(state, Gamble(), "ZOGAR-MARKET-02")
    assert state.apply(Buy("rope")).phase == Phase.ITEMS  # nothing to turn up


def test_zogar_market_03_one_purchase_per_turn():
    state = run(give(table(), 0, "treasure_3", "treasure_2", "treasure_3", "treasure_3"),
                TradeIn("treasure_3"), TradeIn("treasure_2"), Buy("rope"), "torch")
    refused(state, Buy("torch"), "ZOGAR-MARKET-03")
    refused(state, Gamble(), "ZOGAR-MARKET-03")


def test_zogar_market_04_cards_are_worth_their_level_and_market_cards_nothing():
    state = give(table(), 0, "rope", "monster_l2_01")
    assert TradeIn("rope") not in state.legal_actions()
    refused(state, TradeIn("rope"), "ZOGAR-MARKET-04")
    refused(state, TradeIn("dragon"), "ZOGAR-MARKET-04")
    state = run(give(state, 0, "dragon"), TradeIn("dragon"), TradeIn("monster_l2_01"))  # any owned card (AMB-G15)
    assert Buy("rope") in state.legal_actions()  # 3 + 2


def test_zogar_market_05_a_purchase_needs_five_points_and_no_change_is_given():
    state = give(table(), 0, "treasure_2", "treasure_2", "treasure_3", "treasure_1")
    four = run(state, TradeIn("treasure_2"), TradeIn("treasure_2"))
    err = refused(four, Buy("rope"), "ZOGAR-MARKET-05")
    assert "worth 4" in err.message
    five = four.apply(TradeIn("treasure_1"))
    six = four.apply(TradeIn("treasure_3")).apply(Buy("rope"))  # 2+2+3 = 7: the excess is lost (AMB-G12)
    assert five.apply(Buy("rope")).phase == Phase.REFILL and "= 7" in said(six, -2)


@pytest.mark.rule("ZOGAR-MARKET-06", "ZOGAR-MARKET-07")
def test_ex_g01_johns_trade():
    state = give(table(), 0, "artifact_2", "artifact_2", "artifact_1", "treasure_1")
    deck = len(state.dungeon)
    state = run(state, TradeIn("artifact_2"), TradeIn("artifact_2"), TradeIn("artifact_1"))
    others = state.observation(1)
    assert others["offered"] == [1, 2, 2] and "artifact" not in str(others["offered"])
    assert state.observation(0)["offered"] == ("artifact_1", "artifact_2", "artifact_2")
    bought = state.apply(Buy("lucky_charm"))
    assert len(bought.dungeon) == deck + 3  # shuffled back into the dungeon deck
    assert "worth 2+2+1 = 5" in said(bought, -2) and "artifact_2" not in said(bought, -2)
    assert bought.hands[0] == ("lucky_charm", "treasure_1")


# -- items ---------------------------------------------------------------------------------------------------
@pytest.mark.rule("ZOGAR-ITEMS-01", "ZOGAR-ITEMS-02")
def test_any_items_or_none():
    state = give(table(phase="items"), 0, "rope", "flame_bow", "treasure_1", "monster_l1_02")
    actions = state.legal_actions()
    assert Enter() in actions and {Carry("rope"), Carry("flame_bow"), Carry("treasure_1")} <= set(actions)
    assert Carry("monster_l1_02") not in actions  # a defeated enemy is no item
    refused(state, Carry("monster_l1_02"), "ZOGAR-ITEMS-02")
    refused(state, Carry("torch"), "ZOGAR-ITEMS-02")
    state = run(state, Carry("rope"), Carry("flame_bow"), Enter())
    assert state.carried == ("flame_bow", "rope") and state.hands[0] == ("monster_l1_02", "treasure_1")
    assert state.phase == Phase.CUT


def test_zogar_items_01_an_empty_deck_ends_the_turn():
    state = give(table(phase="items"), 1, *GAME.cards.dungeon_deck(), where="box")  # (an impossible extreme)
    state = state.apply(Enter())
    assert state.player == 1 and state.phase == Phase.MARKET and "GAP-G09" in state.log[-3].rules


# -- the pass ------------------------------------------------------------------------------------------------
def test_zogar_pass_01_the_deck_is_put_back_together_and_passed_left():
    state = run(table(), SkipMarket(), Enter(), 100)
    assert state.drawable == 26
    state = run(state, Flip(), "overconfident_1", Flip(), "treasure_1", Flip(), "treasure_2", Flip(), "treasure_3",
                Leave())
    assert len(state.dungeon) == 126 - 3  # the Overconfident card is back, the treasures are player 1's
    assert state.player == 1 and state.phase == Phase.MARKET and state.hands[0] == ("treasure_1", "treasure_2",
                                                                               "treasure_3")
    assert "ZOGAR-PASS-01" in state.log[-2].rules and "passed to player 2" in said(state, -2)


# -- winning and losing --------------------------------------------------------------------------------------
@pytest.mark.rule("ZOGAR-GOAL-01", "ZOGAR-GOAL-02", "ZOGAR-WIN-01")
def test_both_conditions_win_at_once():
    state = table(races=("man_of_norcia", "elf", "orc"), classes=("knight", "wizard", "ranger"))
    state = give(state, 0, "treasure_3", "treasure_3", "treasure_3", "treasure_1")  # 10 TP: the race is met
    state = run(state, SkipMarket(), Enter(), 5, Flip(), "treasure_1")
    assert not state.is_terminal() and winners(state) == ()
    state = run(state, Flip(), "princess_3")  # the class too, while still in the dungeon
    assert state.is_terminal() and state.winner == 0 and state.returns() == (1, 0, 0)
    assert "ZOGAR-WIN-01" in state.log[-1].rules


@pytest.mark.rule("ZOGAR-TURN-01", "ZOGAR-WIN-01", "ZOGAR-WIN-02")
def test_ex_g07_the_lurker_wins_out_of_turn():
    state = table(races=("elf", "lurker", "orc"), classes=("knight", "wizard", "ranger"))
    state = give(give(state, 1, "elemist"), 1, *FIVE_GAZES, where="gazes")  # the Wizard's class condition is met
    state = run(state, SkipMarket(), Enter(), 5, Flip(), "gaze_3")  # player 1 reveals the sixth Gaze
    assert state.is_terminal() and state.winner == 1 and state.player == 0
    assert "out of turn" in said(state)


@pytest.mark.rule("ZOGAR-GAZE-01", "ZOGAR-GAZE-02", "ZOGAR-GAZE-03", "ZOGAR-TURN-01")
def test_ex_g08_the_seventh_gaze():
    state = give(table(), 0, *FIVE_GAZES, where="gazes")
    state = run(state, SkipMarket(), Enter(), 5, Flip(), "gaze_1")
    assert len(state.gazes) == 6 and Flip() in state.legal_actions() and Leave() in state.legal_actions()
    assert "ZOGAR-GAZE-01" in state.log[-1].rules and "ZOGAR-GAZE-03" in state.log[-1].rules
    state = run(state, Flip(), "gaze_3")
    assert state.is_terminal() and state.winner == -1 and state.ended_by == "gaze"
    assert state.returns() == (0, 0, 0) and "ZOGAR-GAZE-02" in state.log[-1].rules
    refused(state, Flip(), "ZOGAR-TURN-01")


def test_zogar_gaze_02_the_seventh_gaze_beats_a_lurker():  # AMB-G13, AMB-G14
    state = table(races=("lurker", "elf", "orc"), classes=("wizard", "knight", "ranger"))
    state = give(give(state, 0, "elemist"), 0, *FIVE_GAZES, "gaze_3", where="gazes")
    assert winners(state) == (0,)
    assert winners(give(state, 0, "gaze_3", where="gazes")) == ()


def test_zogar_turn_limit_stops_the_game():
    state = run(table(ZogarGame(players=2, turn_limit=1)), SkipMarket(), Enter(), 5, Flip(), "treasure_1", Leave())
    assert state.is_terminal() and state.ended_by == "limit" and state.returns() == (0, 0)
