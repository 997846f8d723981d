"""Magic cards in play: the red window, strikes, lasting effects, and green cards at their moment."""

import pytest
import sympy

from tests.helpers import run
from zaarlab.core.api import IllegalActionError
from zaarlab.zargos.state import (
    Discard,
    EndAttacks,
    EndTurn,
    Fight,
    LandAttack,
    Move,
    Pass,
    Phase,
    PlayCard,
    SeaAttack,
    ZargosGame,
)

from .scenario import GAME, position

K03 = {"K03-1": ("spiders", 3), "K03-2": ("spiders", 3), "K03-3": ("spiders", 1), "K03-4": ("spiders", 4)}


def at_turn_start(board, hands, **fields):
    """The knights' turn is about to start: the red window opens (ZARGOS-MAGIC-07)."""
    from zaarlab.zargos import magic

    return magic.red_window(position(board, hands=hands, **fields))


@pytest.mark.rule("ZARGOS-MAGIC-14", "ZARGOS-MAGIC-09")
def test_zargos_magic_07_red_cards_before_the_turn_and_madness_ex_s10():
    state = at_turn_start({"KORI-1": ("knights", 5), **K03}, ((), (), ("wind_of_madness",), ()))
    assert state.phase == Phase.RED and state.current_player() == 2  # the amazons' player holds a red card
    assert PlayCard("wind_of_madness", "K03") in state.legal_actions() and Pass() in state.legal_actions()
    struck = state.apply(PlayCard("wind_of_madness", "K03"))
    assert struck.phase == Phase.STRIKE
    assert dict(struck.chance_outcomes()) == {f: sympy.Rational(1, 6) for f in range(1, 7)}
    after = run(struck, 6, 5, 1, 4)  # one die per province, halved: 3, 2, 0, 2 (capital unprotected)
    assert [after.units(p) for p in ("K03-1", "K03-2", "K03-3", "K03-4")] == [0, 1, 1, 2]
    assert after.holder("K03-1") == "" and after.bottom == ("wind_of_madness",)  # no further effect: under the deck
    assert after.phase == Phase.RED and after.apply(Pass()).phase == Phase.ATTACK
    # once the knights start moving, no red card may be played (ZARGOS-MAGIC-07)
    attacking = position({"KORI-1": ("knights", 5), **K03}, hands=(("wind_of_ice",), (), (), ()))
    with pytest.raises(IllegalActionError) as err:
        attacking.apply(PlayCard("wind_of_ice", "K03"))
    assert err.value.rule_id == "ZARGOS-MAGIC-07"


def test_zargos_magic_08_several_cards_any_target():
    state = at_turn_start({"KORI-1": ("knights", 5), **K03}, ((), (), ("wind_of_ice", "wind_of_storm"), ()))
    state = run(state, PlayCard("wind_of_storm", "1"), PlayCard("wind_of_ice", "KORI"))  # spiders' player, knights
    assert state.effects == (("wind_of_ice", "KORI"), ("wind_of_storm", "1"))
    attack = state.apply(Pass())
    assert attack.phase == Phase.ATTACK and attack.legal_actions() == (EndAttacks(),)  # KORI is iced: no land attack


def test_zargos_magic_12_no_two_identical_cards_for_the_same_purpose():
    hands = ((), (), ("wind_of_madness", "wind_of_madness"), ())
    state = run(at_turn_start({"KORI-1": ("knights", 5), **K03}, hands), PlayCard("wind_of_madness", "K03"),
                1, 1, 1, 1)
    assert PlayCard("wind_of_madness", "K03") not in state.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlayCard("wind_of_madness", "K03"))
    assert err.value.rule_id == "ZARGOS-MAGIC-12"
    assert PlayCard("wind_of_madness", "KORI") in state.legal_actions()  # another purpose is fine


def test_lasting_red_cards_expire_at_the_end_of_the_turn():
    state = run(at_turn_start({"KORI-1": ("knights", 5), "K03-2": ("spiders", 2)},
                              ((), (), ("wind_of_ice",), ())), PlayCard("wind_of_ice", "KORI"), Pass())
    while state.phase in (Phase.RED, Phase.ATTACK, Phase.REORG):
        state = state.apply({"red": Pass(), "attack": EndAttacks(), "reorg": EndTurn()}[state.phase])
    assert state.effects == () and "wind_of_ice" in state.bottom


def test_wind_of_storm_grounds_a_players_boats():
    board = {"KORI-2": ("knights", 5), "LUDOS-5": ("spiders", 1)}
    free = position(board, boats=(2, 0, 0, 0))
    assert SeaAttack("KORI-2", "LUDOS-5", 1) in free.legal_actions()
    stormed = position(board, boats=(2, 0, 0, 0), effects=(("wind_of_storm", "0"),))
    assert not any(isinstance(a, SeaAttack) for a in stormed.legal_actions())


def test_zargos_magic_15_a_card_against_ones_own_people_may_be_discarded():
    own = next(card for card, people in GAME.suspension_cards.items() if people == "spiders")
    state = at_turn_start({"KORI-1": ("knights", 5)}, ((), (own,), (), ()))
    assert Discard(own) in state.legal_actions() and Pass() in state.legal_actions()
    after = state.apply(Discard(own))
    assert after.hands[1] == () and after.bottom == (own,)
    kept = state.apply(Pass())
    assert kept.hands[1] == (own,)  # or kept, so nobody else uses it


def test_a_suspension_card_switches_a_power_off():
    game = ZargosGame(players=4)
    card = next(card for card, people in game.suspension_cards.items() if people == "amazons")
    board = {"KORI-2": ("amazons", 8), "KORI-3": ("spiders", 5), "KORI-1": ("knights", 1)}
    normal = run(position(board, game=game, seat=2), LandAttack("KORI-2", "KORI-3", 7), EndAttacks(), Fight("KORI-3"))
    off = run(position(board, game=game, seat=2, effects=((card, "amazons"),)), LandAttack("KORI-2", "KORI-3", 7),
              EndAttacks(), Fight("KORI-3"))
    plain = run(position(board, seat=2), LandAttack("KORI-2", "KORI-3", 7), EndAttacks(), Fight("KORI-3"))
    assert off.chance_outcomes() == plain.chance_outcomes() != normal.chance_outcomes()


@pytest.mark.rule("ZARGOS-MAGIC-12")
def test_zargos_magic_10_wind_of_war_when_the_combat_starts():
    board = {"KORI-1": ("knights", 8), "KORI-3": ("spiders", 6)}
    hands = (("wind_of_war", "wind_of_war"), ("wind_of_war",), (), ())
    state = run(position(board, hands=hands), LandAttack("KORI-1", "KORI-3", 7), EndAttacks(), Fight("KORI-3"))
    assert state.phase == Phase.WAR and state.current_player() == 0
    assert state.legal_actions() == (Pass(), PlayCard("wind_of_war", "attacker"))  # one per combat
    state = state.apply(PlayCard("wind_of_war", "attacker"))
    assert state.current_player() == 1 and state.legal_actions() == (Pass(), PlayCard("wind_of_war", "defender"))
    state = state.apply(PlayCard("wind_of_war", "defender"))
    assert state.phase == Phase.COMBAT and state.combat[5:] == (1, 1) and state.bottom == ("wind_of_war", "wind_of_war")
    from zaarlab.zargos.odds import round_dist

    expected = round_dist(7, 6, attacker_war=True, defender_war=True).given(lambda end: end != (7, 6))
    assert dict(state.chance_outcomes()) == expected.to_sympy()


def test_green_cards_during_attacks_and_reorganisation():
    board = {"KORI-1": ("knights", 6), "KORI-2": ("knights", 4), "K03-2": ("spiders", 2), "LUDOS-3": ("spiders", 1)}
    hands = (("wind_of_elsewhere", "wind_of_land", "wind_of_mist"), (), (), ())
    state = position(board, hands=hands)
    assert SeaAttack("KORI-2", "K03-2", 1) not in state.legal_actions()  # two boats needed, none held
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlayCard("wind_of_mist", ""))  # not a reorganisation card
    assert err.value.rule_id == "ZARGOS-MAGIC-10"
    state = state.apply(PlayCard("wind_of_elsewhere", ""))
    crossed = state.apply(SeaAttack("KORI-2", "K03-2", 2))
    assert crossed.boats == (0, 0, 0, 0) and "wind_of_elsewhere" not in crossed.boosts
    far = crossed.apply(PlayCard("wind_of_land", ""))
    assert LandAttack("KORI-1", "LUDOS-3", 1) in far.legal_actions()  # two land steps away
    done = run(far, LandAttack("KORI-1", "LUDOS-3", 2))
    assert done.boosts == () and sorted(done.bottom) == ["wind_of_elsewhere", "wind_of_land"]


def test_wind_of_mist_gives_a_third_movement():
    board = {"K03-1": ("knights", 5), "K03-2": ("knights", 4), "K03-3": ("knights", 3), "K03-4": ("knights", 2)}
    state = run(position(board, hands=(("wind_of_mist",), (), (), ())), EndAttacks(),
                Move("K03-1", "K03-2", 1), Move("K03-1", "K03-3", 1))
    assert state.legal_actions() == (EndTurn(), PlayCard("wind_of_mist", ""))
    state = state.apply(PlayCard("wind_of_mist", ""))
    third = state.apply(Move("K03-4", "K03-3", 1))
    assert third.units("K03-3") == 5 and third.legal_actions() == (EndTurn(),)


@pytest.mark.rule("ZARGOS-PRES-02")
def test_zargos_multi_02_one_hand_per_player_across_peoples():
    game = ZargosGame(players=2, powers="none")
    kori = {p: ("knights", 1) for p in ("KORI-1", "KORI-2", "KORI-3", "KORI-4", "KORI-5")}
    ludos = {p: ("spiders", 1) for p in ("LUDOS-1", "LUDOS-2", "LUDOS-3", "LUDOS-4", "LUDOS-5")}
    state = position({**kori, **ludos, "K03-2": ("amazons", 1), "K04-2": ("monks", 1)}, game=game,
                     owners=(0, 0, 1, 1), boats=(0, 0), hands=((), ()))
    while state.phase in (Phase.RED, Phase.ATTACK, Phase.REORG, Phase.ROLL):
        moves = {"red": Pass(), "attack": EndAttacks(), "reorg": EndTurn(), "roll": 6 - len(state.rolls)}
        state = state.apply(moves[state.phase])
    # two Kingdom cards held by two peoples of player 1: one hand, two cards (a kingdom brings cards and points)
    assert state.draws == ((0, 2),)
    assert dict(state.points)["knights"] == 10 and dict(state.kingdom_cards) == {"KORI": "knights", "LUDOS": "spiders"}


@pytest.mark.parametrize(("reading", "zargos_targetable", "vetoed"), [
    ("source", True, False), ("veto", True, True), ("exclusive", False, False),
])
def test_zargos_motw_03_the_readings_of_the_masters_control_amb_s06(reading, zargos_targetable, vetoed):
    from zaarlab.zargos.state import Answer

    game = ZargosGame(players=4, powers="none", master_spells=reading)
    board = {"KORI-1": ("knights", 5), "FC": ("monks", 3), "ZC1": ("spiders", 4)}
    state = at_turn_start(board, ((), (), ("wind_of_madness",), ()), game=game, master="monks")
    assert (PlayCard("wind_of_madness", "ZARGOS") in state.legal_actions()) == zargos_targetable
    if not zargos_targetable:
        with pytest.raises(IllegalActionError):
            state.apply(PlayCard("wind_of_madness", "ZARGOS"))
        return
    cast = state.apply(PlayCard("wind_of_madness", "ZARGOS"))
    if vetoed:
        assert cast.phase == Phase.VETO and cast.current_player() == 3
        stopped = cast.apply(Answer(False))
        assert stopped.phase == Phase.RED and stopped.bottom == ("wind_of_madness",) and stopped.units("FC") == 3
        assert cast.apply(Answer(True)).phase == Phase.STRIKE
    else:
        assert cast.phase == Phase.STRIKE and cast.strike == ("wind_of_madness", ("FC", "ZC1"))
