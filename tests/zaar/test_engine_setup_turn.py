"""The Zaar game engine: setup, the free-order turn, coins, tools and characters."""

from dataclasses import replace

import pytest
import sympy

from tests.helpers import refused, run
from tests.zaar.engine import at, begin, with_rooms
from zaarlab.core.api import CHANCE
from zaarlab.core.hexgrid import ORIGIN, Hex
from zaarlab.zaar.state import (
    BuyTool,
    DrawCard,
    EndTurn,
    Move,
    Phase,
    PickCharacter,
    PlaceTool,
    Relocate,
    RetrieveTool,
    SpendTool,
    ZaarGame,
)


# -- setup -------------------------------------------------------------------------------------------------------
def test_zaar_setup_05_the_lowest_raml_chooses_first_and_ties_throw_again():
    state = ZaarGame(players=3, mode="advanced").initial_state()
    assert state.phase == Phase.ORDER and state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == 1 and outcomes[0] == sympy.Rational(1, 64) and outcomes[9] == sympy.Rational(1, 64)
    state = run(state, 5, 2, 5)  # players 1 and 3 tie: they throw again
    assert state.choosers == (1,) and state.order == ((0, 2),)
    state = run(state, 4, 1)
    assert state.choosers == (1, 2, 0) and state.phase == Phase.CHARACTER and state.current_player() == 1
    state = run(state, PickCharacter("warrior"), PickCharacter("monk"), PickCharacter("wise"))
    assert state.characters == ("wise", "warrior", "monk") and state.phase == Phase.START


@pytest.mark.rule("ZAAR-SETUP-06", "ZAAR-SETUP-07", "ZAAR-SETUP-08", "ZAAR-PAWN-01")
def test_normal_mode_every_pawn_on_the_first_room_with_three_and_three():
    state = begin(players=3)
    assert state.pawns == ((ORIGIN,),) * 3 and state.player == 0 and state.phase == Phase.TURN
    assert state.life == (3, 3, 3) and state.wisdom == (3, 3, 3) and state.tools == ((), (), ())
    assert state.bag == (48 - 9, 48 - 9) and state.draws_left == 3 and state.moves_left == 3


@pytest.mark.rule("ZAAR-PAWN-02", "ZAAR-PAWN-03", "ZAAR-PAWN-04", "ZAAR-PAWN-05", "ZAAR-PAWN-06", "ZAAR-PAWN-07",
                  "ZAAR-PAWN-08")
def test_ex_z11_the_six_characters_start():
    chars = ("warrior", "monk", "knight", "alchemist", "wise", "physician")
    state = begin(players=6, mode="advanced", characters=chars)
    assert state.life == (4, 3, 4, 3, 3, 2) and state.wisdom == (3, 4, 4, 3, 3, 4)
    assert state.tools == ((), ("amulet",), (), ("peganum",), ("boswellia", "boswellia"), ())
    assert state.supply == (6, 5, 6)  # amulet, boswellia, peganum left in the supply


# -- the turn ----------------------------------------------------------------------------------------------------
@pytest.mark.rule("ZAAR-TURN-01", "ZAAR-TURN-02", "ZAAR-COIN-02")
def test_draws_are_limited_by_wisdom_in_any_order():
    state = begin()
    state = run(state, DrawCard(), "sacred_room_5")
    assert state.phase == Phase.PLACE
    state = state.apply(state.legal_actions()[0])
    assert state.draws_left == 2 and state.phase == Phase.TURN
    state = replace(state, draws_left=0)
    assert DrawCard() not in state.legal_actions()
    refused(state, DrawCard(), "ZAAR-COIN-02")


@pytest.mark.rule("ZAAR-TURN-03", "ZAAR-COIN-03", "ZAAR-MOVE-03")
def test_moves_are_limited_by_life_and_go_back_and_forth():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)))
    state = run(state, Move(Hex(1, 0)), Move(ORIGIN))
    assert state.phase == Phase.THROW  # back into the chamber: its plaque makes the raml fall again (ZAAR-RAML-02)
    state = run(state, ("C", 0, 0, 0), Move(Hex(1, 0)))
    assert state.moves_left == 0 and state.pawn(0) == Hex(1, 0)
    refused(state, Move(ORIGIN), "ZAAR-COIN-03")


def test_zaar_turn_04_the_turn_ends_when_the_player_says():
    state = begin()
    assert EndTurn() in state.legal_actions()
    assert state.apply(EndTurn()).player == 1


# -- coins and tools ---------------------------------------------------------------------------------------------
@pytest.mark.rule("ZAAR-TOOL-02", "ZAAR-TOOL-03", "ZAAR-TOOL-04", "ZAAR-TOOL-06")
def test_buying_tools_for_three_coins_never_selling():
    state = replace(begin(), life=(4, 3), wisdom=(5, 3), bag=(40, 40))
    assert BuyTool("peganum", 2) in state.legal_actions() and BuyTool("peganum", 4) not in state.legal_actions()
    state = run(state, BuyTool("peganum", 2), BuyTool("amulet", 0))
    assert state.tools[0] == ("amulet", "peganum") and (state.life[0], state.wisdom[0]) == (2, 1)
    assert state.bag == (42, 44) and not any(type(a).__name__.startswith("Sell") for a in state.legal_actions())
    refused(replace(state, life=(0, 3), wisdom=(2, 3)), BuyTool("amulet", 0), "ZAAR-TOOL-03")


def test_ex_z12_the_knight_buys_for_two():
    state = begin(players=2, mode="advanced", characters=("knight", "monk"))
    assert BuyTool("amulet", 1) in state.legal_actions() and BuyTool("amulet", 3) not in state.legal_actions()
    state = state.apply(BuyTool("amulet", 1))
    assert state.life[0] + state.wisdom[0] == 8 - 2


@pytest.mark.rule("ZAAR-TOOL-09", "ZAAR-TOOL-01")
def test_ex_z01_an_amulet_makes_life_and_wisdom_their_sum_this_turn():
    state = replace(begin(), life=(2, 3), wisdom=(4, 3), tools=(("amulet",), ()), supply=(6, 7, 7), bag=(41, 41),
                    draws_left=4, moves_left=2)
    state = state.apply(SpendTool("amulet"))
    assert (state.moves_left, state.draws_left) == (6, 6) and state.tools[0] == ()
    after = run(state, EndTurn(), EndTurn())
    assert (after.moves_left, after.draws_left) == (2, 4)  # the next turn: back to the coins held


@pytest.mark.rule("ZAAR-TOOL-12", "ZAAR-TOOL-13")
def test_a_boswellia_placed_makes_a_passage_and_comes_back():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)), ("humid_room_2", (-1, 0)),
                       tools=(("boswellia",), ()), supply=(7, 6, 7))
    state = at(state, 0, (-1, 0))
    state = state.apply(PlaceTool("boswellia", Hex(-1, 0)))
    assert state.passages == ((Hex(-1, 0), 0),) and Move(Hex(-1, 0), "passage") not in state.legal_actions()
    state = at(run(state, EndTurn(), EndTurn()), 0, (1, 0))
    assert Move(Hex(-1, 0), "passage") in state.legal_actions()  # from a sacred room, one move
    state = state.apply(RetrieveTool("boswellia", Hex(-1, 0)))
    assert state.passages == () and state.tools[0] == ("boswellia",)


def test_zaar_room_04_the_suspended_room_moves_with_its_pawn_for_free():
    state = with_rooms(begin(), ("suspended_room", (1, 0)))
    state = state.apply(Move(Hex(1, 0)))
    assert state.moves_left == 2
    spots = [a for a in state.legal_actions() if isinstance(a, Relocate)]
    assert spots
    moved = state.apply(spots[0])
    assert moved.moves_left == 2 and moved.pawn(0) == spots[0].to and moved.mansion.room_at(spots[0].to).name == \
        "Suspended Room"


def test_zaar_pawn_06_the_alchemist_walks_through_walls():
    state = begin(players=2, mode="advanced", characters=("alchemist", "monk"))
    state = with_rooms(state, ("sacred_room_5", (1, 0)), ("bloody_room_10", (0, 1)))
    state = at(state, 0, (1, 0))
    assert Move(Hex(0, 1), "wall") in state.legal_actions()
