"""The Zaar game engine: the demon on entry, battles through the astrolabe, commands, events and the levels."""

from dataclasses import replace

import pytest
import sympy

from tests.helpers import refused, run
from tests.zaar.engine import at, begin, with_rooms
from zaarlab.core.api import CHANCE
from zaarlab.core.hexgrid import ORIGIN, Hex
from zaarlab.zaar.astrolabe import load_astrolabe
from zaarlab.zaar.name_table import load_name_table
from zaarlab.zaar.state import ChooseRoom, DrawCard, EndTurn, Fight, Move, Phase, SpendTool, Throw


def sacred_start():
    """Level 2: the Bloody Chamber (A) in the centre, a sacred room east, a humid A room west."""
    return with_rooms(begin(), ("sacred_room_5", (1, 0)), ("humid_room_2", (-1, 0)), level=2)


# -- the demon on entry ------------------------------------------------------------------------------------------
@pytest.mark.rule("ZAAR-RAML-01", "ZAAR-RAML-02", "ZAAR-RAML-03", "ZAAR-RAML-04", "ZAAR-CARD-01")
def test_entering_a_plaque_room_throws_the_raml_and_the_letter_traps():
    state = at(sacred_start(), 0, (1, 0))
    assert state.apply(Move(ORIGIN)).current_player() == CHANCE
    free = run(state, Move(ORIGIN), ("B", 1, 1, 1))
    assert free.phase == Phase.TURN and not free.held[0]
    trapped = run(state, Move(ORIGIN), ("A", 1, 1, 1))
    assert trapped.phase == Phase.TRAPPED and trapped.held[0] and trapped.legal_actions() == (EndTurn(), Fight())
    assert run(at(sacred_start(), 0, (0, 0)), Move(Hex(1, 0))).phase == Phase.TURN  # a sacred room: no throw


@pytest.mark.rule("ZAAR-LVL1-02", "ZAAR-ASTRO-01")
def test_level_1_no_battle_the_turn_ends():
    state = with_rooms(begin(), ("humid_room_2", (1, 0)))
    assert state.level == 1
    state = run(state, Move(Hex(1, 0)), ("A", 0, 0, 0))
    assert state.player == 1 and state.held[0]  # the turn ended; the demon holds the pawn
    refused(replace(state, player=0, phase="turn"), Fight(), "ZAAR-ASTRO-01")


def test_zaar_move_02_the_demon_keeps_the_pawn_until_a_throw_misses():
    state = run(at(sacred_start(), 0, (1, 0)), Move(ORIGIN), ("A", 1, 1, 1), EndTurn())
    assert state.player == 1 and state.held[0]
    state = state.apply(EndTurn())  # player 1 again: the raml falls once more (AMB-Z04)
    assert state.player == 0 and state.phase == Phase.THROW
    still = state.apply(("A", 2, 2, 2))
    refused(replace(still, phase="turn", pending=()), Move(Hex(1, 0)), "ZAAR-MOVE-02")
    freed = state.apply(("D", 2, 2, 2))
    assert not freed.held[0] and Move(Hex(1, 0)) in freed.legal_actions()


# -- battles -----------------------------------------------------------------------------------------------------
@pytest.mark.rule("ZAAR-ASTRO-02", "ZAAR-BATTLE-03", "ZAAR-LVL2-01")
def test_a_battle_reads_the_astrolabe_and_a_win_pays_two_coins():
    state = run(at(sacred_start(), 0, (1, 0)), Move(ORIGIN), ("A", 1, 1, 1))
    fought = state.apply(Fight())
    assert fought.plates != state.plates  # the plates turned (ZAAR-ASTRO-04, -05)
    result = load_astrolabe().notch[fought.plates[0]][fought.plates[1]]
    assert result.kind == "ordered" and fought.phase == Phase.THROW  # the bundled table: 4, 4 shows "2**"
    won = fought.apply(("B", 2, 0, 0))
    assert (ORIGIN, "A") in won.revoked and won.phase == Phase.COIN
    won = run(won, "life", "wisdom")
    assert won.life[0] == 4 and won.plaque_coins == ((ORIGIN, "wisdom"),) and won.bag == (41, 41)


@pytest.mark.rule("ZAAR-CMD-01", "ZAAR-CMD-04", "ZAAR-CMD-05", "ZAAR-BATTLE-06")
def test_ex_z04_an_extra_win_reads_the_backside():
    state = run(at(sacred_start(), 0, (1, 0)), Move(ORIGIN), ("A", 1, 1, 1), Fight())
    extra = state.apply(("A", 2, 0, 0))  # the letter and the numbers on one throw
    assert "ZAAR-CMD-01" in extra.log[-1].rules and extra.revealed == ("L2",)  # backside 0 + 1 clockwise: bloody / L2
    coins = len(extra.coin_queue)
    assert coins == 2 + 3  # the winner's coin, the plaque's, and the letter's three cells
    done = run(extra, *["life"] * coins)
    assert len(done.table_coins) == 3 and done.player == 1


@pytest.mark.rule("ZAAR-CMD-06", "ZAAR-CMD-07")
def test_commands_that_find_nothing():
    from zaarlab.zaar.astrolabe import Command
    from zaarlab.zaar.encounter import obey_command

    state = replace(sacred_start(), revealed=("L1",))
    after, queue = obey_command(state, Command(plaque="D", letter="L1"))  # no D plaque; L1 already out
    assert after.revoked == () and after.revealed == ("L1",) and queue == []


@pytest.mark.rule("ZAAR-TOOL-11", "ZAAR-TOOL-07")
def test_ex_z05_boswellia_revokes_every_b_and_peganum_the_rooms_around():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)), ("humid_room_3", (-1, 0)), ("smoggy_room_3", (0, -1)),
                       level=2, tools=(("boswellia", "peganum"), ()), supply=(7, 6, 6))
    b_plaques = [pl for pl in state.unrevoked() if pl[1] == "B"]
    after = state.apply(SpendTool("boswellia", "B"))
    assert set(after.revoked) == set(b_plaques) and after.phase == Phase.COIN and after.revealed == ()
    after = run(after, *["life"] * len(after.coin_queue))
    pegged = after.apply(SpendTool("peganum"))
    assert (ORIGIN, "A") in pegged.revoked


# -- events ------------------------------------------------------------------------------------------------------
@pytest.mark.rule("ZAAR-EVENT-01", "ZAAR-EVENT-02", "ZAAR-EVENT-05")
def test_an_event_is_obeyed_and_ends_the_turn():
    state = run(begin(), DrawCard(), "wounded_1")
    assert state.player == 1 and state.life[0] == 2 and state.events_passed[0] == 1 and state.bag[0] == 43


@pytest.mark.rule("ZAAR-EVENT-03", "ZAAR-EVENT-04")
def test_a_lasting_event_stays_and_blocks_others():
    state = run(begin(), DrawCard(), "war_cry")
    assert state.lasting[0] == ("war_cry", 1)
    state = run(state, EndTurn(), DrawCard(), "wounded_1")
    assert "wounded_1" in state.pile and state.life[0] == 3 and state.events_passed[0] == 1


def test_zaar_event_06_no_revoking_in_level_1():
    state = run(begin(), DrawCard(), "counter_spell_1")
    assert state.revoked == () and "ZAAR-EVENT-06" in state.log[-2].rules


@pytest.mark.rule("ZAAR-EVENT-07")
def test_ex_z10_the_two_printed_events():
    omen = run(begin(), DrawCard(), "letters_omen")
    assert omen.phase == Phase.THROW
    assert omen.apply(("A", 0, 0, 0)).life[0] == 2 and omen.apply(("C", 0, 0, 0)).life[0] == 3
    call = with_rooms(run(begin(), DrawCard(), "musicians_call"), ("motreb_khane", (1, 0)))
    assert call.lasting[0] == ("musicians_call", 2)  # the round it was drawn in counts
    call = run(call, EndTurn(), Move(Hex(1, 0)))
    assert call.wisdom[0] == 5 and call.lasting[0] == ()
    late = run(begin(), DrawCard(), "musicians_call")
    for _ in range(3):
        late = run(late, EndTurn(), EndTurn())
    assert late.lasting[0] == ()  # three rounds gone: no reward


# -- levels ------------------------------------------------------------------------------------------------------
def test_zaar_lvl1_01_a_sacred_room_opens_level_2():
    state = run(begin(), DrawCard(), "sacred_room_5")
    assert state.level == 1
    assert state.apply(state.legal_actions()[0]).level == 2


@pytest.mark.rule("ZAAR-LVL2-02", "ZAAR-LVL2-03", "ZAAR-LVL3-01", "ZAAR-MISSION-09")
def test_ex_z08_the_demon_is_trapped_with_one_plaque_and_three_letters():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)), ("humid_room_2", (-1, 0)), level=2,
                       revoked=((ORIGIN, "A"),), revealed=("L1", "L2"), trapper=1)
    state = at(state, 0, (1, 0))
    two = run(state, Move(ORIGIN), Move(Hex(-1, 0)))
    assert two.level == 2 and two.phase == Phase.THROW  # two letters: not trapped, an ordinary entry
    table = load_name_table()
    coins = tuple(sorted((cell, "wisdom") for letter in ("L1", "L2", "L3") for cell in table.cells_of(letter)))
    state = replace(state, revealed=("L1", "L2", "L3"), table_coins=coins, bag=(state.bag[0], state.bag[1] - 9))
    three = run(state, Move(ORIGIN), Move(Hex(-1, 0)))
    assert three.level == 3 and three.demon_room == (Hex(-1, 0),) and three.phase == Phase.COIN  # the last spell pays
    three = run(three, "life", "life", "life")
    assert three.life[1] == 6 and DrawCard() not in three.legal_actions() and three.legal_actions() == (Throw(),)


def test_zaar_lvl2_04_a_new_plaque_frees_the_demon():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)), level=2, revealed=("L1", "L2", "L3"))
    assert len(state.unrevoked()) == 1
    state = run(state, DrawCard(), "humid_room_2")
    state = state.apply(next(a for a in state.legal_actions() if a.cell == Hex(-1, 0)))
    assert len(state.unrevoked()) == 2 and state.level == 2


def test_zaar_lvl2_06_everything_revoked_and_placed_is_level_4():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)), level=2, revoked=((ORIGIN, "A"),))
    state = replace(state, pile=tuple(c for c in state.pile if c in state.game.cards.events))
    assert state.apply(EndTurn()).level == 4


def test_zaar_coin_04_coins_come_blind_from_the_bag():
    state = run(at(sacred_start(), 0, (1, 0)), Move(ORIGIN), ("A", 1, 1, 1), Fight(), ("B", 2, 0, 0))
    assert state.phase == Phase.COIN
    life, wisdom = state.bag
    assert dict(state.chance_outcomes()) == {"life": sympy.Rational(life, life + wisdom),
                                             "wisdom": sympy.Rational(wisdom, life + wisdom)}
    state = replace(state, bag=(0, state.bag[1] + state.bag[0]))
    assert state.legal_actions() == ("wisdom",)


def test_zaar_lvl2_05_every_plaque_revoked_with_rooms_left_stays_level_2():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)), level=2, revoked=((ORIGIN, "A"),))
    assert state.unrevoked() == () and state.apply(EndTurn()).level == 2  # new rooms must be opened


def test_ex_z06_boswellia_ends_an_exile_in_a_bloody_room():
    state = run(replace(begin(), tools=(("boswellia",), ()), supply=(7, 6, 7)), DrawCard(), "exiled")
    assert state.status[0] == "exiled" and state.pawn(0) is None
    state = run(state, EndTurn())  # player 1 again: exiled, still playing
    assert state.player == 0 and SpendTool("boswellia", "cancel") in state.legal_actions()
    state = run(state, SpendTool("boswellia", "cancel"), ChooseRoom(ORIGIN))
    assert state.status[0] == "in" and state.pawn(0) == ORIGIN and state.lasting[0] == ()
