"""Zerzura's setup, the three actions, Birds, storage and the Dromedary, rounds, tiles and the end."""

from dataclasses import replace

import pytest
import sympy

from tests.helpers import refused, run, said
from tests.zerzura.scenario import GAME, table
from zaarlab.core.api import CHANCE
from zaarlab.zerzura.state import Exchange, Pass, Phase, Store, Take, ZerzuraGame


def set_up(game=GAME, holder=0):
    """Play the setup's chance steps (first outcomes), the Dromedary to ``holder``, up to the first action."""
    state = game.initial_state()
    while state.phase != Phase.DROMEDARY:
        state = state.apply(state.legal_actions()[0])
    state = state.apply(holder)
    while state.phase == Phase.DEAL:
        state = state.apply(state.legal_actions()[0])
    return state


# -- components and setup ------------------------------------------------------------------------------------
@pytest.mark.rule("ZERZURA-COMP-01", "ZERZURA-COMP-02", "ZERZURA-SETUP-01", "ZERZURA-COMP-07")
def test_two_to_five_players_each_with_a_bird_and_a_board_side():
    for n in (2, 5):
        assert len(ZerzuraGame(players=n).initial_state().birds) == n
    for bad in ({"players": 6}, {"players": 1}, {"side": "hard"}, {"bird_protection": "x"}, {"exchange_free": "x"}):
        with pytest.raises(ValueError):
            ZerzuraGame(**bad)
    easy = table(areas=(("lamp_3",), (), ()))
    assert easy.observation(1)["cubes"][0]["lamp"] == 3  # the cubes show everyone's progress


@pytest.mark.rule("ZERZURA-SETUP-02", "ZERZURA-END-06", "ZERZURA-ACTION-11")
def test_both_sides_score_alike_but_expert_hides_the_running_scores():
    cards = (("lamp_3", "sultan"), ("ring_2",), ())
    easy = table(areas=cards)
    expert = table(ZerzuraGame(players=3, side="expert"), areas=cards)
    assert [s.total for s in easy.sheets()] == [s.total for s in expert.sheets()]
    assert "cubes" in easy.observation(1) and "cubes" not in expert.observation(1)


@pytest.mark.rule("ZERZURA-SETUP-03", "ZERZURA-SETUP-04", "ZERZURA-SETUP-05")
def test_ex_r04_cards_removed_unseen_by_player_count():
    decks = {}
    for n in (2, 3, 4, 5):
        state = ZerzuraGame(players=n).initial_state()
        while state.phase == Phase.REMOVE:
            state = state.apply(state.legal_actions()[-1])
        decks[n] = len(state.deck)
        assert len(state.removed) == {2: 20, 3: 15, 4: 0, 5: 0}[n]
        kinds = {ZerzuraGame(players=n).cards[c].kind for c in state.deck}
        assert "goods" in kinds and kinds & {"guard", "mage", "sultan", "sultana"}  # one mixed deck
    assert decks == {2: 40, 3: 45, 4: 60, 5: 60}
    state = set_up()
    assert state.observation(0)["removed"] == 15 and not any(c in str(state.observation(0)) for c in state.removed
                                                            if c not in state.deck and c not in state.market)


@pytest.mark.rule("ZERZURA-SETUP-06", "ZERZURA-CMD-05")
def test_ex_r05_four_tiles_and_never_the_twelve_card_tile_with_five_players():
    state = ZerzuraGame(players=4).initial_state()
    assert state.phase == Phase.TILES and len(state.chance_outcomes()) == 9
    five = ZerzuraGame(players=5).initial_state()
    assert "cards_12" not in five.legal_actions() and len(five.legal_actions()) == 8
    assert set(dict(five.chance_outcomes()).values()) == {sympy.Rational(1, 8)}
    state = set_up(ZerzuraGame(players=4))
    assert len(state.tiles_up) == 4


@pytest.mark.rule("ZERZURA-SETUP-07", "ZERZURA-ACTION-01")
def test_a_random_holder_deals_the_market_and_plays_first():
    game = ZerzuraGame(players=4)
    state = game.initial_state()
    while state.phase != Phase.DROMEDARY:
        state = state.apply(state.legal_actions()[0])
    assert state.current_player() == CHANCE and state.legal_actions() == (0, 1, 2, 3)
    state = set_up(game, holder=2)
    assert len(state.market) == 4 and state.current_player() == 2
    state = state.apply(Take(state.market[0]))
    assert state.current_player() == 3
    assert len(set_up(ZerzuraGame(players=2)).market) == 4 and len(set_up(ZerzuraGame(players=5)).market) == 5


# -- the actions ---------------------------------------------------------------------------------------------
@pytest.mark.rule("ZERZURA-ACTION-02", "ZERZURA-ACTION-03")
def test_one_action_a_turn_and_taking_a_card():
    state = table(market=("lamp_1", "ring_2", "turban_1"))
    assert Pass() not in state.legal_actions()
    refused(state, Pass(), "ZERZURA-ACTION-02")
    refused(state, Take("zither_1"), "ZERZURA-ACTION-03")
    state = state.apply(Take("ring_2"))
    assert state.market == ("lamp_1", "turban_1") and state.areas[0] == ("ring_2",)
    assert state.birds[0] == "card" and state.protected[0] == ("ring_2",) and state.current_player() == 1


@pytest.mark.rule("ZERZURA-ACTION-04", "ZERZURA-ACTION-08")
def test_exchange_only_cards_without_a_bird():
    state = table(market=("lamp_1", "ring_2", "turban_1"), areas=(("zither_2",), ("lamp_3",), ()))
    state = state.apply(Take("ring_2"))  # player 1; now player 2
    refused(state, Exchange("lamp_3", 0, "ring_2"), "ZERZURA-ACTION-08")  # player 1's Bird is on it
    state = state.apply(Exchange("lamp_3", 0, "zither_2"))
    assert state.areas[0] == ("lamp_3", "ring_2") and state.areas[1] == ("zither_2",)
    assert state.protected[1] == ("zither_2",)
    refused(state, Exchange("lamp_3", 1, "zither_2"), "ZERZURA-ACTION-04")  # player 3 has no lamp_3
    refused(state, Exchange("lamp_3", 2, "zither_2"), "ZERZURA-ACTION-04")


def test_amb_r02_r03_the_other_readings():
    areas = (("zither_2", "lamp_1"), ("lamp_3",), ())
    both = run(table(ZerzuraGame(players=3, exchange_free="both"), market=("ring_2", "turban_1"), areas=areas),
               Take("ring_2"), Take("turban_1"))
    state = replace(both, acted=3)  # player 1 again, as with two actions each
    assert Exchange("ring_2", 1, "lamp_3") not in state.legal_actions()  # (b): your own card must be free too
    err = refused(state, Exchange("ring_2", 1, "lamp_3"), "ZERZURA-ACTION-04")
    assert err.rules == ("ZERZURA-ACTION-04", "AMB-R02") and err.message.endswith("ring_2 to give without a Bird")
    assert Exchange("zither_2", 1, "lamp_3") in state.legal_actions()
    two = ZerzuraGame(players=2, bird_protection="round")
    state = run(table(two, market=("ring_2", "turban_1", "lamp_1", "peppers_1"), areas=((), ("zither_1",))),
                Take("ring_2"), Take("lamp_1"), Take("turban_1"))
    assert state.protected[0] == ("ring_2", "turban_1")  # (b): both stay protected this round
    assert Exchange("zither_1", 0, "ring_2") not in state.legal_actions()
    token = run(table(ZerzuraGame(players=2), market=("ring_2", "turban_1", "lamp_1", "peppers_1"),
                      areas=((), ("zither_1",))), Take("ring_2"), Take("lamp_1"), Take("turban_1"))
    assert token.protected[0] == ("turban_1",) and Exchange("zither_1", 0, "ring_2") in token.legal_actions()


@pytest.mark.rule("ZERZURA-ACTION-05", "ZERZURA-ACTION-06", "ZERZURA-ACTION-07", "ZERZURA-ACTION-09")
def test_storing_and_the_dromedary():
    areas = (("zither_2", "lamp_1", "ring_1"), ("turban_3", "peppers_1"), ("lamp_2",), ())
    state = table(ZerzuraGame(players=4), market=("ring_2", "turban_1", "sultan", "lamp_1"), areas=areas)
    refused(state, Store(("zither_2", "lamp_1", "ring_1")), "ZERZURA-ACTION-05")
    refused(state, Store(("turban_3",)), "ZERZURA-ACTION-05")
    state = state.apply(Store(("lamp_1", "zither_2")))
    assert state.stored[0] == ("lamp_1", "zither_2") and state.birds[0] == "dromedary"
    assert Exchange("turban_3", 0, "zither_2") not in state.legal_actions()
    refused(state, Exchange("turban_3", 0, "zither_2"), "ZERZURA-ACTION-06")
    state = run(state, Take("ring_2"), Store(("lamp_2",)))
    assert state.birds[2] == "board"  # the Dromedary was taken this round
    seen = state.observation(1)
    assert seen["stored"][0] == 2 and seen["stored"][2] == 1
    assert state.observation(0)["stored"][0] == ("lamp_1", "zither_2")  # your own, you may look at


def test_a_card_under_your_bird_cannot_be_stored():
    state = table(market=("ring_2",), areas=(("zither_1", "lamp_1"), (), ()), protected=(("zither_1",), (), ()))
    assert Store(("lamp_1",)) in state.legal_actions() and Store(("zither_1",)) not in state.legal_actions()
    refused(state, Store(("zither_1",)), "ZERZURA-ACTION-05")


@pytest.mark.rule("ZERZURA-ACTION-10")
def test_ex_r08_two_players_alternate_twice_a_round():
    state = table(ZerzuraGame(players=2), market=("ring_2", "turban_1", "lamp_1", "peppers_1"))
    order = []
    for card in ("ring_2", "turban_1", "lamp_1", "peppers_1"):
        order.append(state.current_player())
        state = state.apply(Take(card))
    assert order == [0, 1, 0, 1] and state.round == 2 and state.phase == Phase.DEAL


# -- the end of a round --------------------------------------------------------------------------------------
@pytest.mark.rule("ZERZURA-ROUND-01", "ZERZURA-ROUND-02", "ZERZURA-ROUND-03", "ZERZURA-COMP-03")
def test_the_end_of_a_round():
    market = ("ring_2", "turban_1", "lamp_1", "peppers_1")
    state = run(table(market=market, areas=((), ("zither_1",), ())), Take("ring_2"), Store(("zither_1",)),
                Take("lamp_1"))
    assert state.boxed == ("peppers_1", "turban_1") and state.holder == 1  # player 2 stored first
    assert state.birds == ("", "", "") and state.protected == ((), (), ())  # Birds come home (GAP-R05)
    assert state.phase == Phase.DEAL and state.to_deal == 3
    while state.phase == Phase.DEAL:
        state = state.apply(state.legal_actions()[0])
    assert len(state.market) == 3 and state.current_player() == 1
    nobody = run(table(market=market), Take("ring_2"), Take("lamp_1"), Take("peppers_1"))
    assert nobody.holder == 1  # nobody stored: to the left of the holder


# -- Command tiles -------------------------------------------------------------------------------------------
@pytest.mark.rule("ZERZURA-CMD-01", "ZERZURA-CMD-02", "ZERZURA-CMD-03")
def test_ex_r02_gaelle_takes_her_tile_at_once_and_keeps_it():
    state = table(market=("turban_ring", "lamp_1", "peppers_1"),
                  areas=(("turban_3", "turban_1", "ring_2"), ("zither_1",), ()))
    state = state.apply(Take("turban_ring"))
    assert state.tiles_owned[0] == ("turban_5_ring_3",) and "turban_5_ring_3" not in state.tiles_up
    assert state.acted == 1 and state.current_player() == 1  # not an action
    state = state.apply(Exchange("zither_1", 0, "turban_3"))
    assert state.tiles_owned[0] == ("turban_5_ring_3",)  # lost turbans, kept the tile
    assert state.sheets()[0].tiles == (("turban_5_ring_3", 3),)


def test_an_exchange_can_complete_the_other_players_tile_on_your_turn():  # AMB-R12: everyone is checked
    state = table(market=("sultan", "zither_1", "turban_1"), areas=(("ring_1", "peppers_1"), ("ring_3", "ring_2",
                                                                                             "ring_1", "lamp_1"), ()))
    state = state.apply(Exchange("ring_1", 1, "lamp_1"))  # player 1 gives away the seventh ring
    assert state.tiles_owned == ((), ("ring_7",), ()) and "ring_7" not in state.tiles_up
    assert "player 2 meets 7 rings" in said(state)


# -- the end -------------------------------------------------------------------------------------------------
@pytest.mark.rule("ZERZURA-END-01", "ZERZURA-END-02", "ZERZURA-END-05", "ZERZURA-GOAL-01")
def test_the_game_ends_with_the_round_that_used_up_the_deck():
    state = table(market=("ring_2", "turban_1", "lamp_1"), areas=(("lamp_3",), ("ring_3",), ()),
                  stored=((), ("ring_1",), ()))
    state = replace(state, removed=state.deck, deck=())  # (the last round)
    state = run(state, Take("ring_2"), Take("lamp_1"), Take("turban_1"))
    assert state.is_terminal() and state.legal_actions() == ()
    totals = [s.total for s in state.sheets()]
    assert totals == [5, 8 + 7, 1]  # player 2's stored ring counts: 4 rings (8), and a lamp (7)
    assert state.returns() == (0, 1, 0) and "ZERZURA-END-04" in state.log[-1].rules
    refused(state, Take("ring_2"), "ZERZURA-END-01")


def test_a_tie_is_a_shared_victory_and_a_short_market_may_force_a_pass():
    state = replace(table(market=("ring_1",), areas=(("lamp_1",), ("lamp_1",), ())), removed=(), deck=())
    state = replace(state, removed=table().deck)
    state = state.apply(Take("ring_1"))
    assert state.legal_actions()[-1] != Pass()
    stuck = replace(table(market=(), areas=((), (), ())), deck=(), removed=table().deck)
    assert stuck.legal_actions() == (Pass(),)
    over = run(stuck, Pass(), Pass(), Pass())
    assert over.is_terminal() and over.returns() == (1, 1, 1)
