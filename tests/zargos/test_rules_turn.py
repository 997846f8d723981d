"""A Zargos turn, rule by rule: attacks, combats, demons, reorganisation, and the end of the game."""

import pytest
import sympy

from tests.helpers import refused, run, said
from zaarlab.zargos.odds import round_dist
from zaarlab.zargos.state import EndAttacks, EndTurn, Fight, LandAttack, Move, Phase, SeaAttack

from .scenario import POWERS_GAME, position

# -- land attacks -------------------------------------------------------------------------------------------
BOARD = {"KORI-1": ("knights", 6), "KORI-2": ("knights", 3), "KORI-3": ("spiders", 2), "KORI-4": ("spiders", 1),
         "KORI-5": ("amazons", 2), "LUDOS-2": ("knights", 4), "LUDOS-1": ("monks", 3), "ZC1": ("monks", 2)}


def test_zargos_land_01_only_into_bordering_provinces():
    state = position(BOARD)
    assert LandAttack("KORI-1", "KORI-3", 2) in state.legal_actions()
    refused(state, LandAttack("KORI-2", "KORI-5", 1), "ZARGOS-LAND-01")  # not neighbours
    refused(state, LandAttack("KORI-3", "KORI-2", 1), "ZARGOS-LAND-01")  # not the knights' province


def test_zargos_land_02_one_unit_stays_behind():
    state = position(BOARD)
    assert LandAttack("KORI-1", "KORI-3", 5) in state.legal_actions()
    refused(state, LandAttack("KORI-1", "KORI-3", 6), "ZARGOS-LAND-02")


def test_zargos_land_03_no_attack_on_oneself():
    refused(position(BOARD), LandAttack("KORI-1", "KORI-2", 1), "ZARGOS-LAND-03")


@pytest.mark.rule("ZARGOS-LAND-05", "ZARGOS-COMBAT-02")
def test_zargos_land_04_split_and_grouped_attacks():
    state = run(position(BOARD), LandAttack("KORI-1", "KORI-3", 2), LandAttack("KORI-1", "KORI-4", 2),
                LandAttack("KORI-2", "KORI-3", 1))
    assert dict(state.attacking) == {"KORI-3": 3, "KORI-4": 2} and state.units("KORI-1") == 2
    state = state.apply(EndAttacks())
    assert state.phase == Phase.FIGHT and {a.province for a in state.legal_actions()} == {"KORI-3", "KORI-4"}


@pytest.mark.rule("ZARGOS-LAND-07", "ZARGOS-SEA-08")
def test_zargos_land_06_moved_units_cannot_move_again():
    state = run(position({**BOARD, "KORI-4": ("knights", 1)}), LandAttack("KORI-1", "KORI-3", 3))
    # the three units wait in KORI-3 for their combat: they appear nowhere as a source of another attack
    assert all(a.src != "KORI-3" for a in state.legal_actions() if hasattr(a, "src"))
    refused(state, LandAttack("KORI-3", "KORI-5", 1), "ZARGOS-LAND-01")


# -- sea attacks ---------------------------------------------------------------------------------------------
@pytest.mark.rule("ZARGOS-SEA-01", "ZARGOS-SEA-02", "ZARGOS-SEA-06", "ZARGOS-SEA-07")
def test_sea_attacks_pay_boats_per_sea_space():
    state = position(BOARD, boats=(2, 0, 0, 0))
    assert SeaAttack("KORI-2", "ZC1", 2) in state.legal_actions()
    after = state.apply(SeaAttack("KORI-2", "ZC1", 2))
    assert after.boats[0] == 0 and dict(after.attacking) == {"ZC1": 2}
    refused(position(BOARD, boats=(1, 0, 0, 0)), SeaAttack("KORI-2", "ZC1", 2), "ZARGOS-SEA-02")
    refused(state, SeaAttack("KORI-1", "ZC1", 2), "ZARGOS-SEA-07")   # KORI-1 is inland
    refused(state, SeaAttack("KORI-2", "ZC1", 3), "ZARGOS-SEA-06")   # someone stays behind


@pytest.mark.rule("ZARGOS-SEA-04", "ZARGOS-SEA-05")
def test_zargos_sea_03_only_units_present_at_the_start_embark():
    state = run(position({**BOARD, "KORI-4": ("knights", 1)}, boats=(3, 0, 0, 0)), LandAttack("KORI-1", "KORI-3", 2))
    # units that moved this turn sit in KORI-3 as attackers; a sea attack takes units from one province's
    # garrison only (one origin per crossing, no stop on the way: the action has one src and one dst)
    sea = [a for a in state.legal_actions() if isinstance(a, SeaAttack)]
    assert sea and all(a.src in ("KORI-2", "LUDOS-2") for a in sea)
    assert {a.src for a in sea} <= {p for p in state.provinces_of("knights") if state.units(p) > 1}


# -- combat --------------------------------------------------------------------------------------------------
def test_zargos_combat_01_the_attacker_chooses_the_order():
    state = run(position(BOARD), LandAttack("KORI-1", "KORI-3", 2), LandAttack("KORI-1", "KORI-4", 2), EndAttacks())
    assert state.current_player() == 0 and set(state.legal_actions()) == {Fight("KORI-3"), Fight("KORI-4")}
    refused(state, Fight("KORI-5"), "ZARGOS-COMBAT-02")
    state = state.apply(Fight("KORI-4"))
    assert state.phase == Phase.COMBAT and state.combat[:4] == ("KORI-4", 2, 1, "spiders")


@pytest.mark.rule("ZARGOS-COMBAT-05", "ZARGOS-COMBAT-06")
def test_combat_rounds_are_chance_nodes_with_exact_odds():
    state = run(position(BOARD), LandAttack("KORI-1", "KORI-3", 5), EndAttacks(), Fight("KORI-3"))
    outcomes = dict(state.chance_outcomes())
    expected = round_dist(5, 2).given(lambda end: end != (5, 2))  # nobody falling changes nothing
    assert outcomes == expected.to_sympy() and sum(outcomes.values()) == 1


@pytest.mark.rule("ZARGOS-COMBAT-03", "ZARGOS-COMBAT-08")
def test_zargos_combat_07_the_winner_controls_the_province():
    state = run(position(BOARD), LandAttack("KORI-1", "KORI-3", 5), EndAttacks(), Fight("KORI-3"))
    going_on = state.apply((3, 1))
    assert going_on.phase == Phase.COMBAT and going_on.combat[1:3] == (3, 1)   # a new round, dice recounted
    won = going_on.apply((2, 0))
    assert won.holder("KORI-3") == "knights" and won.units("KORI-3") == 2 and won.phase == Phase.REORG
    lost = going_on.apply((0, 1))
    assert lost.holder("KORI-3") == "spiders" and lost.units("KORI-3") == 1


@pytest.mark.rule("ZARGOS-COMBAT-10")
def test_zargos_combat_09_mutual_annihilation_leaves_the_province_empty_ex_s13():
    board = {**BOARD, "KORI-4": ("spiders", 3)}
    state = run(position(board), LandAttack("KORI-1", "KORI-3", 2), EndAttacks(), Fight("KORI-3"))
    empty = state.apply((0, 0))
    assert empty.holder("KORI-3") == "" and empty.phase == Phase.REORG
    # nobody may reorganise into it (ZARGOS-COMBAT-10, ZARGOS-REORG-05) ...
    assert all(a.dst != "KORI-3" for a in empty.legal_actions() if isinstance(a, Move))
    refused(empty, Move("KORI-2", "KORI-3", 1), "ZARGOS-REORG-05")
    # ... but the next people takes it without a fight
    spiders = run(empty, EndTurn())
    assert spiders.acting == "spiders"
    taken = run(spiders, LandAttack("KORI-4", "KORI-3", 2), EndAttacks())
    assert taken.holder("KORI-3") == "spiders" and taken.phase == Phase.REORG


def test_an_empty_province_is_taken_without_combat():
    board = {**BOARD, "K10-5": ("knights", 3)}
    taken = run(position(board), LandAttack("K10-5", "K10-4", 2), EndAttacks())
    assert taken.holder("K10-4") == "knights" and taken.units("K10-4") == 2 and taken.phase == Phase.REORG


# -- the Kingdom of Zargos ------------------------------------------------------------------------------------
@pytest.mark.rule("ZARGOS-ZARGOS-02", "ZARGOS-ZARGOS-03", "ZARGOS-ZARGOS-04", "ZARGOS-ZARGOS-07")
def test_demons_guard_empty_zargos_provinces():
    board = {"ZC1": ("knights", 8), "ZS1": ("spiders", 1)}
    state = run(position(board, master="knights"), LandAttack("ZC1", "ZC2", 5), EndAttacks())
    assert state.phase == Phase.FIGHT
    demons = state.apply(Fight("ZC2"))
    assert demons.phase == Phase.DEMONS and demons.combat[4] == 2  # coastal: 2 dice
    assert dict(demons.chance_outcomes())[0] == sympy.Rational(1, 6)  # a total of 10 or more kills all five
    assert demons.apply(3).holder("ZC2") == "knights"
    assert demons.apply(0).holder("ZC2") == ""


def test_zargos_zargos_05_an_occupied_zargos_province_is_an_ordinary_combat():
    state = run(position({"ZC1": ("knights", 8), "ZS1": ("spiders", 2)}), LandAttack("ZC1", "ZS1", 5), EndAttacks(),
                Fight("ZS1"))
    assert state.phase == Phase.COMBAT and state.combat[3] == "spiders"


def test_zargos_zargos_06_an_emptied_zargos_province_has_demons_again():
    state = run(position({"ZC1": ("knights", 8), "ZC2": ("spiders", 1)}), LandAttack("ZC1", "ZC2", 1), EndAttacks(),
                Fight("ZC2"), (0, 0))
    assert state.holder("ZC2") == ""
    retry = run(position({"ZC1": ("knights", 8)}), LandAttack("ZC1", "ZC2", 3), EndAttacks())
    assert retry.apply(Fight("ZC2")).phase == Phase.DEMONS


@pytest.mark.rule("ZARGOS-POWERS-02")
def test_powers_are_off_inside_the_kingdom_of_zargos():
    # the Amazons' placeholder power adds an attack die, but not in a Zargos province
    outside = run(position({"KORI-1": ("knights", 1), "KORI-2": ("amazons", 8), "KORI-3": ("spiders", 5)},
                           game=POWERS_GAME, seat=2), LandAttack("KORI-2", "KORI-3", 7), EndAttacks(), Fight("KORI-3"))
    inside = run(position({"ZC1": ("amazons", 8), "ZC2": ("spiders", 5)}, game=POWERS_GAME, seat=2),
                 LandAttack("ZC1", "ZC2", 7), EndAttacks(), Fight("ZC2"))
    plain = round_dist(7, 5).given(lambda end: end != (7, 5)).to_sympy()
    assert dict(inside.chance_outcomes()) == plain
    assert dict(outside.chance_outcomes()) != plain


# -- the Master of the Winds and victory ---------------------------------------------------------------------
@pytest.mark.rule("ZARGOS-MOTW-05", "ZARGOS-MOTW-06")
def test_zargos_motw_01_taking_the_forbidden_city():
    state = run(position({"ZS1": ("knights", 9), "ZS2": ("spiders", 2)}), LandAttack("ZS1", "FC", 6), EndAttacks(),
                Fight("FC"))
    assert state.combat[4] == 4  # four demon dice in the Forbidden City (ZARGOS-ZARGOS-03)
    master = state.apply(2)
    assert master.master == "knights"
    taken_from = run(position({"FC": ("knights", 1), "ZS2": ("spiders", 6)}, master="knights", seat=1),
                     LandAttack("ZS2", "FC", 5), EndAttacks(), Fight("FC"), (3, 0))
    assert taken_from.master == "spiders"                     # handed over at once (MOTW-05)
    emptied = run(position({"FC": ("knights", 1), "ZS2": ("spiders", 6)}, master="knights", seat=1),
                  LandAttack("ZS2", "FC", 1), EndAttacks(), Fight("FC"), (0, 0))
    assert emptied.master == ""                               # nobody on the city: no Master (MOTW-06)


@pytest.mark.rule("ZARGOS-GOAL-01")
def test_holding_the_centre_wins_at_once():
    board = {"FC": ("knights", 3), "ZS1": ("knights", 2), "ZS2": ("knights", 2), "ZC5": ("knights", 4)}
    state = run(position(board, master="knights"), LandAttack("ZC5", "ZS3", 3), EndAttacks(), Fight("ZS3"))
    over = state.apply(1)
    assert over.is_terminal() and over.winner == "knights" and over.returns() == (1, 0, 0, 0)
    refused(over, EndTurn(), "ZARGOS-GOAL-01")


@pytest.mark.rule("ZARGOS-MULTI-01")
def test_zargos_goal_02_victory_belongs_to_one_people():
    from zaarlab.zargos.state import ZargosGame

    game = ZargosGame(players=2, powers="none")
    board = {"FC": ("knights", 3), "ZS1": ("knights", 2), "ZS2": ("spiders", 2), "ZC5": ("knights", 4)}
    # knights and spiders both belong to player 1: the centre is split, so nobody has won
    state = position(board, game=game, owners=(0, 0, 1, 1), boats=(0, 0), hands=((), ()))
    after = run(state, LandAttack("ZC5", "ZS3", 3), EndAttacks(), Fight("ZS3"), 1)
    assert not after.is_terminal() and after.holder("ZS3") == "knights"
    # and a player's two peoples may fight each other (ZARGOS-MULTI-01)
    fight_own = run(state, LandAttack("FC", "ZS2", 2))
    assert dict(fight_own.attacking) == {"ZS2": 2}


# -- reorganisation ------------------------------------------------------------------------------------------
REORG = {"K03-1": ("knights", 5), "K03-2": ("knights", 4), "K03-3": ("knights", 3), "K03-4": ("knights", 2),
         "KORI-2": ("knights", 2), "K04-2": ("spiders", 3)}


@pytest.mark.rule("ZARGOS-REORG-01", "ZARGOS-REORG-04", "ZARGOS-TURN-01")
def test_zargos_reorg_02_one_group_two_steps_or_two_groups():
    state = run(position(REORG), EndAttacks())
    assert state.phase == Phase.REORG and EndTurn() in state.legal_actions()
    group = run(state, Move("K03-1", "K03-2", 3), Move("K03-2", "K03-3", 6))  # picks up at K03-2 on the way
    assert (group.units("K03-1"), group.units("K03-2"), group.units("K03-3")) == (2, 1, 9)
    two = run(state, Move("K03-1", "K03-2", 2), Move("K03-1", "K03-4", 2))
    assert two.units("K03-1") == 1
    refused(run(state, Move("K03-1", "K03-2", 1)), Move("K03-3", "K03-4", 1), "ZARGOS-REORG-02")
    assert run(two).legal_actions() == (EndTurn(),)  # a third movement is never offered


def test_zargos_reorg_03_every_province_keeps_a_unit():
    refused(run(position(REORG), EndAttacks()), Move("K03-4", "K03-3", 2), "ZARGOS-REORG-03")


def test_zargos_reorg_05_only_between_own_provinces():
    refused(run(position(REORG), EndAttacks()), Move("K03-4", "K04-2", 1), "ZARGOS-REORG-05")


def test_zargos_reorg_06_sea_crossings_cost_boats():
    state = run(position(REORG, boats=(2, 0, 0, 0)), EndAttacks())
    moved = state.apply(Move("K03-2", "KORI-2", 1))
    assert moved.boats[0] == 0 and moved.units("KORI-2") == 3
    refused(run(position(REORG, boats=(1, 0, 0, 0)), EndAttacks()), Move("K03-2", "KORI-2", 1), "ZARGOS-REORG-06")


def test_powers_in_use_are_labelled_as_reconstructions():
    board = {"KORI-2": ("amazons", 8), "KORI-3": ("spiders", 5), "KORI-1": ("knights", 6), "KORI-5": ("monks", 1)}
    fight = run(position(board, game=POWERS_GAME, seat=2), LandAttack("KORI-2", "KORI-3", 7), EndAttacks(),
                Fight("KORI-3"))
    assert "the amazons' power, a reconstruction" in said(fight) and "GAP-S02" in fight.log[-1].rules
    knights = position({**board, "KORI-4": ("knights", 2)}, game=POWERS_GAME)
    far = next(a for a in knights.legal_actions() if isinstance(a, LandAttack) and a.src == "KORI-4"
               and a.dst not in knights.game.planet.land_neighbours("KORI-4"))
    assert "the knights' power, a reconstruction" in said(knights.apply(far))
    plain = run(position(board, seat=2), LandAttack("KORI-2", "KORI-3", 7), EndAttacks(), Fight("KORI-3"))
    assert "reconstruction" not in said(plain) and "GAP-S02" not in plain.log[-1].rules
