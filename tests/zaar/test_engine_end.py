"""The Zaar game engine: level 3 at the name table, level 4's collapse and escape, missions paid, the end."""

from dataclasses import replace

import pytest

from tests.helpers import refused, run
from tests.zaar.engine import at, begin, with_rooms
from zaarlab.core.hexgrid import ORIGIN, Hex
from zaarlab.zaar.name_table import load_name_table
from zaarlab.zaar.state import BuyTool, Choose, ChooseRoom, DrawCard, EndTurn, Escape, Move, Phase, PlaceTool, Throw

TABLE = load_name_table()


def demon_fight(players: int = 2):
    """Level 3: the demon in the humid room west; letters L1 and L2 on the table (six wisdom coins)."""
    coins = tuple(sorted((cell, "wisdom") for letter in ("L1", "L2") for cell in TABLE.cells_of(letter)))
    state = with_rooms(begin(players), ("sacred_room_5", (1, 0)), ("humid_room_2", (-1, 0)), level=3,
                       revoked=((ORIGIN, "A"),), revealed=("L1", "L2"), table_coins=coins, demon_room=(Hex(-1, 0),))
    state = replace(state, bag=(state.bag[0], state.bag[1] - 6))
    return at(state, 0, (-1, 0))


@pytest.mark.rule("ZAAR-LVL3-02", "ZAAR-LVL3-03", "ZAAR-LVL3-08")
def test_in_the_demons_room_one_must_fight():
    state = demon_fight()
    assert state.legal_actions() == (Throw(),)
    refused(state, EndTurn(), "ZAAR-LVL3-08")
    refused(state, Move(ORIGIN), "ZAAR-MOVE-01")
    elsewhere = at(state, 0, (1, 0))
    assert Throw() not in elsewhere.legal_actions() and Move(ORIGIN) in elsewhere.legal_actions()


@pytest.mark.rule("ZAAR-LVL3-04", "ZAAR-LVL3-07")
def test_ex_z07_a_row_code_takes_the_row():
    state = run(demon_fight(), Throw(), ("A", 0, 2, 0))  # 020: row 1, two coins (L1 and L2's cells in it)
    assert state.wisdom[0] == 5 and len(state.table_coins) == 4 and state.player == 1
    column = run(demon_fight(), Throw(), ("A", 0, 1, 0))  # 010: column 1 (L1), three coins
    assert column.wisdom[0] == 6 and len(column.table_coins) == 3
    assert column.draws_left == 3  # (player 2's turn) -- the winner's wisdom grew for the next fight


def test_zaar_lvl3_05_missing_every_throw_costs_a_life():
    state = run(demon_fight(), Throw(), ("A", 3, 3, 3), ("A", 3, 3, 3), ("A", 3, 3, 3))
    assert state.life[0] == 2 and state.player == 1 and len(state.table_coins) == 6


@pytest.mark.rule("ZAAR-LVL3-06", "ZAAR-LVL4-03")
def test_the_last_coin_ends_level_3():
    state = demon_fight()
    state = replace(state, table_coins=state.table_coins[:1], bag=(state.bag[0], state.bag[1] + 5))
    cell = state.table_coins[0][0]
    code = TABLE.rows[cell[0]]
    state = run(state, Throw(), ("A", *map(int, code)))
    assert state.level == 4 and state.last_taker == 0


# -- level 4 -----------------------------------------------------------------------------------------------------
def ruins(players: int = 2):
    state = with_rooms(begin(players), ("sacred_room_5", (1, 0)), ("humid_room_2", (-1, 0)), level=4,
                       revoked=((ORIGIN, "A"), (Hex(-1, 0), "A")), plaque_coins=((ORIGIN, "life"),))
    return replace(state, bag=(state.bag[0] - 1, state.bag[1]), moves_left=1)


@pytest.mark.rule("ZAAR-LVL4-01", "ZAAR-LVL4-05", "ZAAR-LVL4-02")
def test_one_move_a_turn_the_room_left_collapses_and_pays():
    state = ruins()
    state = at(state, 1, (1, 0))  # player 2 elsewhere
    moved = state.apply(Move(Hex(-1, 0)))
    assert moved.life[0] == 4 and moved.plaque_coins == () and ORIGIN in moved.destroyed
    refused(moved, Move(ORIGIN), "ZAAR-LVL4-01")


@pytest.mark.rule("ZAAR-LVL4-06", "ZAAR-LVL4-07", "ZAAR-END-01")
def test_sacred_rooms_stand_and_survivors_escape():
    state = at(at(ruins(), 0, (1, 0)), 1, (1, 0))
    assert Escape() in state.legal_actions()
    left = state.apply(Move(ORIGIN))
    assert Hex(1, 0) not in left.destroyed  # sacred: never destroyed, and one may go on for prizes
    out = run(state, Escape(), Escape())
    assert out.is_terminal() and set(out.status) == {"escaped"}


@pytest.mark.rule("ZAAR-LVL4-08", "ZAAR-TOOL-08")
def test_two_turns_in_one_room_bury_the_pawn_unless_peganum():
    state = at(at(ruins(), 0, (-1, 0)), 1, (1, 0))
    buried = run(state, EndTurn(), EndTurn(), EndTurn())
    assert buried.status[0] == "buried" and buried.life[0] == 0 and buried.wisdom[0] == 0
    safe = run(replace(state, tools=(("peganum",), ()), supply=(7, 7, 6)), PlaceTool("peganum", Hex(-1, 0)),
               EndTurn(), EndTurn(), EndTurn())
    assert safe.status[0] == "in"


@pytest.mark.rule("ZAAR-TOOL-05", "ZAAR-LVL4-04")
def test_level_4_tools_before_the_move():
    state = at(ruins(), 0, (1, 0))
    assert BuyTool("amulet", 3) in state.legal_actions()
    moved = state.apply(Move(ORIGIN))
    refused(moved, BuyTool("amulet", 3), "ZAAR-TOOL-05")


@pytest.mark.rule("ZAAR-END-02", "ZAAR-END-03", "ZAAR-END-04", "ZAAR-COIN-01")
def test_the_survivor_with_most_coins_tools_counted_wins():
    state = at(at(ruins(), 0, (1, 0)), 1, (1, 0))
    state = replace(state, tools=((), ("amulet",)), supply=(6, 7, 7))
    out = run(state, Escape(), Escape())
    assert out.winner == (1,) and out.returns() == (0, 1)  # 3 + 3 + a tool against 3 + 3
    assert out.plaque_coins == ((ORIGIN, "life"),)  # coins left in the mansion belong to nobody


# -- missions ----------------------------------------------------------------------------------------------------
@pytest.mark.rule("ZAAR-MISSION-01", "ZAAR-MISSION-04")
def test_a_mission_pays_three_coins_in_level_2_only():
    level1 = with_rooms(begin(), ("humid_room_2", (-1, 0)))  # no sacred room yet
    level2 = with_rooms(begin(), ("sacred_room_5", (1, 0)), ("humid_room_2", (-1, 0)), level=2)
    for state, paid in ((level1, False), (level2, True)):
        state = run(state, DrawCard(), "humid_room_3")
        state = state.apply(next(a for a in state.legal_actions() if a.cell == Hex(-2, 0)))
        assert (state.phase == Phase.COIN) == paid and state.used_rooms == (Hex(-2, 0), Hex(-1, 0))
        if paid:
            state = run(state, "life", "life", "life")
            assert state.life[0] == 6


def test_zaar_mission_08_four_events():
    state = replace(with_rooms(begin(), ("sacred_room_5", (1, 0)), level=2), events_passed=(3, 0))
    state = run(state, DrawCard(), "blank_omen")
    assert state.phase == Phase.COIN and len(state.coin_queue) == 3


@pytest.mark.rule("ZAAR-MISSION-10", "ZAAR-MISSION-11")
def test_the_sixth_and_seventh_letters_pay():
    from zaarlab.zaar.astrolabe import Command
    from zaarlab.zaar.encounter import obey_command

    state = replace(with_rooms(begin(), ("sacred_room_5", (1, 0)), level=2), revealed=("L1", "L2", "L3", "L4", "L5"))
    sixth, queue = obey_command(state, Command(plaque="D", letter="L6"))
    assert "sixth" in sixth.paid and queue.count(("player", 0)) == 3
    seventh, queue = obey_command(sixth, Command(plaque="D", letter="L7"))
    assert "seventh" in seventh.paid and queue.count(("player", 0)) == 3


@pytest.mark.rule("ZAAR-ROOM-06", "ZAAR-ROOM-10")
def test_a_shortcut_is_a_choice_and_a_miss_leaves_the_pawn_there():
    state = with_rooms(begin(), ("broken_porch", (1, 0)), ("humid_room_2", (-1, 0)), ("sacred_room_5", (-2, 0)),
                       level=4, revoked=((ORIGIN, "A"), (Hex(1, 0), "B"), (Hex(-1, 0), "A")))
    state = state.apply(Move(Hex(1, 0)))
    assert state.phase == Phase.CHOOSE and {a.what for a in state.legal_actions()} == {"stay", "throw"}
    missed = run(state, Choose("throw"), ("A", 0, 0, 1))  # Broken Porch needs a sum of 4 (GAP-Z06)
    assert missed.pawn(0) == Hex(1, 0) and missed.phase == Phase.TURN
    made = run(state, Choose("throw"), ("A", 1, 1, 2))
    assert made.phase == Phase.CHOOSE and made.legal_actions() == (ChooseRoom(Hex(-2, 0)),)  # one enclosure out
    assert run(made, ChooseRoom(Hex(-2, 0))).pawn(0) == Hex(-2, 0)
