"""Zogar's Gaze delving: the cut, flips, combat with the rulebook's examples, Thieves, traps and special cards."""

from dataclasses import replace
from pathlib import Path

import pytest
import sympy

from tests.helpers import refused, run
from tests.zogars_gaze.scenario import GAME, delving, give, table
from zaarlab.core.api import CHANCE
from zaarlab.core.play import loads
from zaarlab.zogars_gaze.goals import race_progress
from zaarlab.zogars_gaze.state import (
    AcceptDeath,
    Climb,
    Enter,
    Fight,
    Flip,
    Hold,
    Leave,
    PassThieves,
    PayThieves,
    Phase,
    PickPayment,
    SkipMarket,
    UseItem,
    ZogarGame,
)


def said(state, text, last=6):
    """Whether one of the last ``last`` log lines (words, card names, rule IDs) contains ``text``."""
    return any(text in line for line in state.story.lines(state)[-last:])


def fight(card, carried=(), game=GAME, **fields):
    """Player 1 turns over ``card`` (an enemy) in the dungeon."""
    return run(delving(game, carried=carried, **fields), Flip(), card)


# -- the cut and the flips -----------------------------------------------------------------------------------
@pytest.mark.rule("ZOGAR-DELVE-01", "ZOGAR-DELVE-02")
def test_the_cut_leaves_only_the_cards_under_it():
    state = run(table(), SkipMarket(), Enter())
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == tuple((k, sympy.Rational(1, 125)) for k in range(1, 126))  # GAP-G08
    state = state.apply(124)  # two cards under the cut
    assert state.drawable == 2
    flips = dict(state.apply(Flip()).chance_outcomes())  # a shuffled deck: any unseen card, as often as it is there
    assert flips["treasure_1"] == sympy.Rational(14, 126)
    state = run(state, Flip(), "treasure_1", Flip(), "treasure_2")
    assert state.legal_actions() == (Leave(),)  # GAP-G09: nothing left to turn
    assert state.apply(Leave()).hands[0] == ("treasure_1", "treasure_2")


def test_zogar_delve_03_at_least_one_card():
    state = run(table(), SkipMarket(), Enter(), 7)
    assert state.legal_actions() == (Flip(),)
    refused(state, Leave(), "ZOGAR-DELVE-03")


@pytest.mark.rule("ZOGAR-DELVE-04", "ZOGAR-DELVE-06")
def test_turn_more_cards_or_leave_with_everything():
    state = run(table(), SkipMarket(), Enter(), 7, Flip(), "treasure_2")
    assert state.legal_actions() == (Flip(), Leave())
    state = run(state, Flip(), "artifact_1", Leave())
    assert state.hands[0] == ("artifact_1", "treasure_2") and state.player == 1


# -- combat --------------------------------------------------------------------------------------------------
def test_zogar_comp_04_five_dice_rolled_as_one_chance_node():
    state = fight("monster_l3_08")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 252 and all(len(dice) == 5 for dice, _ in outcomes)
    assert sum(p for _, p in outcomes) == 1 and dict(outcomes)[(5, 5, 5, 5, 5)] == sympy.Rational(1, 6 ** 5)
    held = run(state, (1, 1, 2, 5, 6), Hold((5,)))
    assert len(held.chance_outcomes()) == 126  # four dice rerolled


@pytest.mark.rule("ZOGAR-COMBAT-03", "ZOGAR-COMBAT-04", "ZOGAR-COMBAT-05", "ZOGAR-COMBAT-11", "ZOGAR-DELVE-05",
                  "ZOGAR-DELVE-07")
def test_ex_g02_sue_beats_three_fives_on_her_third_roll():
    state = fight("monster_l3_08", carried=("rope",))  # "3x5"
    assert state.phase == Phase.ROLL and "ZOGAR-COMBAT-03" in state.log[-1].rules
    state = run(state, (1, 1, 2, 5, 6))
    assert state.phase == Phase.HOLD and Hold((5,)) in state.legal_actions()
    state = run(state, Hold((5,)), (3, 3, 4, 5), Hold((5, 5)), (5, 6, 6))
    assert state.player == 1 and state.phase == Phase.MARKET  # the battle ended the turn
    assert state.hands[0] == ("monster_l3_08", "rope")
    assert said(state, "ZOGAR-COMBAT-11") and said(state, "gains 2 Fame Point")


@pytest.mark.rule("ZOGAR-COMBAT-06", "ZOGAR-COMBAT-09")
def test_ex_g03_bob_wins_with_four_twos():
    state = run(fight("monster_l3_08"), (2, 2, 2, 4, 5), Hold((2, 2, 2)), (1, 4))
    assert state.dice == (1, 2, 2, 2, 4) and state.phase == Phase.HOLD
    assert Hold(()) in state.legal_actions()  # held dice may be released (ZOGAR-COMBAT-06)
    state = run(state, Hold((2, 2, 2)), (2, 6))
    assert "monster_l3_08" in state.hands[0]


@pytest.mark.rule("ZOGAR-COMBAT-07", "ZOGAR-COMBAT-08")
def test_ex_g04_a_longer_straight_beats_the_printed_one():
    won = run(fight("monster_l3_05"), (2, 3, 4, 5, 6))  # "straight:1-4"
    assert "monster_l3_05" in won.hands[0]
    printed = run(fight("monster_l3_05"), (1, 2, 3, 4, 4))
    assert "monster_l3_05" in printed.hands[0]
    same_length = run(fight("monster_l3_05"), (2, 3, 4, 5, 5))
    assert same_length.phase == Phase.HOLD  # AMB-G01 (b): another four-long straight is not enough
    other_reading = run(fight("monster_l3_05", game=ZogarGame(players=3, straight_alt="any_same_length")),
                        (2, 3, 4, 5, 5))
    assert "monster_l3_05" in other_reading.hands[0]


@pytest.mark.rule("ZOGAR-COMBAT-09", "ZOGAR-COMBAT-10", "ZOGAR-DELVE-08", "ZOGAR-ITEMS-03")
def test_ex_g05_three_twos_are_not_enough_and_losing_is_dying():
    state = fight("monster_l3_08", carried=("frost_axe", "rope"))
    assert state.carried == ("frost_axe", "rope")
    state = run(state, (2, 2, 2, 4, 6), Hold((2, 2, 2)), (1, 6), Hold((2, 2, 2)), (3, 4))
    assert state.player == 1  # dead: the turn is over
    assert state.hands[0] == () and said(state, "ZOGAR-COMBAT-10") and said(state, "ZOGAR-DELVE-08")
    assert "monster_l3_08" in state.dungeon and "frost_axe" in state.dungeon  # back into the dungeon deck
    assert "rope" in state.market_deck  # a market item goes back to the market deck


def test_zogar_combat_05_three_rolls_at_most_and_a_roll_rerolls_something():
    state = run(fight("monster_l3_08"), (1, 2, 3, 4, 6))
    refused(state, Hold((1, 2, 3, 4, 6)), "ZOGAR-COMBAT-05")
    refused(state, Hold((5,)), "ZOGAR-COMBAT-06")
    state = run(state, Hold(()), (1, 2, 3, 4, 6), Hold(()))
    assert state.rolls == 2 and state.phase == Phase.ROLL
    state = state.apply((1, 2, 3, 4, 6))
    assert state.player == 1 and said(state, "no roll left") and said(state, "ZOGAR-COMBAT-10")


@pytest.mark.rule("ZOGAR-COMBAT-01", "ZOGAR-COMBAT-02")
def test_a_weakness_kills_at_once_but_only_with_what_you_carry():
    state = fight("monster_l1_07", carried=("flame_bow",))  # weak to fire and holy
    assert state.player == 1 and state.hands[0] == ("flame_bow", "monster_l1_07")
    assert said(state, "ZOGAR-COMBAT-02") and not said(state, "roll 1")
    at_home = give(delving(), 0, "flame_bow").apply(Flip()).apply("monster_l1_07")
    assert at_home.phase == Phase.ROLL  # AMB-G05: a weapon left at home does not count
    found = run(delving(found=("holy_water",)), Flip(), "monster_l1_07")
    assert "monster_l1_07" in found.hands[0]


def test_ex_g06_the_dragon_gives_five_fame_points():
    state = table(races=("elf", "dwarf", "orc"))
    before = race_progress(state, 0)[0]
    state = run(give(state, 0, "elemist", where="carried"), SkipMarket(), Enter(), 5, Flip(), "dragon")
    assert race_progress(state, 0)[0] == before + 5 and "dragon" in state.hands[0]


# -- the Thieves ---------------------------------------------------------------------------------------------
@pytest.mark.rule("ZOGAR-THIEF-01", "ZOGAR-THIEF-04")
def test_thieves_with_nothing_to_pay_must_be_fought():
    state = fight("thieves_1")
    assert state.phase == Phase.THIEVES and state.legal_actions() == (Fight(),)
    refused(state, PayThieves(), "ZOGAR-THIEF-04")
    refused(state, PassThieves(), "ZOGAR-SIGNET-01")
    state = run(state, Fight(), (1, 2, 3, 4, 4))
    assert state.player == 1 and "thieves_1" in state.hands[0]  # the fight ended the turn


def test_zogar_thief_02_the_highest_valued_card_pays():
    state = fight("thieves_2", carried=("treasure_1", "artifact_2", "rope"))
    state = state.apply(PayThieves())
    assert state.phase == Phase.DELVE and state.carried == ("rope", "treasure_1")
    assert "artifact_2" in state.spent and "thieves_2" in state.spent  # back to the deck at the pass (GAP-G10)
    assert Flip() in state.legal_actions()  # paying is no battle: the delve goes on


@pytest.mark.rule("ZOGAR-THIEF-03", "ZOGAR-GLOW-02")
def test_ex_g11_the_left_neighbour_picks_between_equal_cards():
    state = fight("thieves_1", carried=("treasure_1", "treasure_3", "artifact_3"))
    state = state.apply(PayThieves())
    assert state.phase == Phase.PAY_PICK and state.current_player() == 1
    assert state.legal_actions() == (PickPayment("artifact_3"), PickPayment("treasure_3"))
    refused(state, PickPayment("treasure_1"), "ZOGAR-THIEF-02")
    refused(give(state, 1, "glow_rock"), UseItem("glow_rock"), "ZOGAR-GLOW-02")  # not player 2's turn
    state = state.apply(PickPayment("artifact_3"))
    assert state.carried == ("treasure_1", "treasure_3") and state.current_player() == 0
    same = run(fight("thieves_1", carried=("treasure_3", "treasure_3", "treasure_1")), PayThieves())
    assert same.phase == Phase.DELVE and same.carried == ("treasure_1", "treasure_3")  # identical cards: no choice


@pytest.mark.rule("ZOGAR-SIGNET-01", "ZOGAR-SIGNET-02")
def test_the_signet_passes_the_thieves_and_stays():
    state = fight("thieves_1", carried=("thieves_signet",))
    assert PassThieves() in state.legal_actions() and Fight() in state.legal_actions()
    state = state.apply(PassThieves())
    assert state.phase == Phase.DELVE and state.carried == ("thieves_signet",)


# -- traps ---------------------------------------------------------------------------------------------------
@pytest.mark.rule("ZOGAR-PIT-01", "ZOGAR-PIT-02")
def test_a_pit_trap_ends_the_turn_and_holds_the_player():
    state = run(delving(found=("treasure_2",)), Flip(), "pit_trap_1")
    assert state.traps[0] == "pit_trap_1" and state.player == 1 and state.hands[0] == ("treasure_2",)  # AMB-G08
    state = replace(state, player=2).apply(SkipMarket()).apply(Enter()).apply(3).apply(Flip()).apply(
        "treasure_1").apply(Leave())
    assert state.player == 0 and state.phase == Phase.TRAPPED and state.legal_actions() == (Climb(),)
    stuck = run(state, Climb(), (1, 2, 3, 5, 6))
    assert stuck.traps[0] == "pit_trap_1" and stuck.player == 1
    free = run(state, Climb(), (2, 2, 2, 5, 6))
    assert free.traps[0] == "" and "pit_trap_1" in free.dungeon and free.player == 1


@pytest.mark.rule("ZOGAR-PIT-02", "ZOGAR-MARKET-08")
def test_a_rope_frees_at_once_and_is_boxed():
    state = give(give(table(phase="trapped"), 0, "pit_trap_1", where="traps"), 0, "rope", "torch")
    assert state.legal_actions() == (Climb(), UseItem("rope"))
    refused(state, UseItem("torch"), "ZOGAR-PIT-02")
    state = state.apply(UseItem("rope"))
    assert state.phase == Phase.MARKET and state.box == ("rope",) and state.hands[0] == ("torch",)
    assert "pit_trap_1" in state.dungeon


@pytest.mark.rule("ZOGAR-DARK-01", "ZOGAR-GLOW-01", "ZOGAR-MARKET-09")
def test_darkness_traps_like_the_pit_and_a_glow_rock_lights_the_way_out():
    state = run(delving(), Flip(), "darkness_1")
    assert state.traps[0] == "darkness_1"
    trapped = give(replace(state, player=0, phase="trapped"), 0, "glow_rock_1")
    free = trapped.apply(UseItem("glow_rock_1"))
    assert free.box == ("glow_rock_1",) and said(free, "ZOGAR-GLOW-01") and "darkness_1" in free.dungeon
    assert run(replace(state, player=0, phase="trapped"), Climb(), (1, 2, 3, 4, 4)).traps[0] == ""
    assert run(replace(state, player=0, phase="trapped"), Climb(), (1, 1, 1, 5, 6)).traps[0] == "darkness_1"


# -- special cards -------------------------------------------------------------------------------------------
@pytest.mark.rule("ZOGAR-MIMIC-01", "ZOGAR-DELVE-09")
def test_the_mimic_counts_every_card_owned():
    state = give(delving(carried=("artifact_2", "rope"), found=("treasure_1",)), 0, "treasure_3", "treasure_3",
                 "treasure_3")  # 9 at home + 2 + 0 carried + 1 found = 12
    state = run(state, Flip(), "mimic_2")
    assert state.phase == Phase.MIMIC and len(state.chance_outcomes()) == 252
    survived = state.apply((1, 2, 2, 3, 4))  # 12
    assert survived.phase == Phase.DELVE and "mimic_2" in survived.spent and survived.carried == ("artifact_2", "rope")
    dead = state.apply((1, 1, 2, 3, 4))  # 11
    assert dead.player == 1 and dead.hands[0] == ("treasure_3",) * 3 and said(dead, "ZOGAR-DELVE-09")


@pytest.mark.rule("ZOGAR-OVER-01")
def test_ex_g10_overconfident_forces_three_cards_unless_fear_comes():
    state = run(delving(), Flip(), "overconfident_1")
    refused(state, Leave(), "ZOGAR-OVER-01")
    state = run(state, Flip(), "treasure_1", Flip(), "treasure_1")
    assert state.legal_actions() == (Flip(),)
    assert Leave() in run(state, Flip(), "treasure_2").legal_actions()
    fled = run(delving(), Flip(), "overconfident_1", Flip(), "consuming_fear_1")
    assert fled.player == 1 and said(fled, "trumps Overconfident")
    last = run(delving(), Flip(), "overconfident_1", Flip(), "treasure_1", Flip(), "treasure_1", Flip(),
               "consuming_fear_1")  # the third card owed: nothing left for the Fear to trump
    assert last.player == 1 and said(last, "ZOGAR-FEAR-01") and not said(last, "trumps Overconfident")


@pytest.mark.rule("ZOGAR-FEAR-01", "ZOGAR-FEAR-02")
def test_ex_g09_consuming_fear_drops_only_the_weapons_carried():
    weapons = {c.id for c in GAME.cards.dungeon.values() if c.kind == "weapon"}
    assert weapons == {"elemist", "flame_bow", "frost_axe", "harvester", "poison_daggers"}
    state = give(delving(carried=("flame_bow", "holy_water"), found=("poison_daggers",)), 0, "frost_axe")
    state = run(state, Flip(), "consuming_fear_2")
    assert state.hands[0] == ("frost_axe", "holy_water") and state.player == 1
    assert {"flame_bow", "poison_daggers", "consuming_fear_2"} <= set(state.dungeon)


# -- items at work (reconstructed market cards, GAP-G02) -----------------------------------------------------
def test_a_lucky_charm_gives_a_fourth_roll_and_a_draught_cancels_death():
    state = run(fight("monster_l3_08", carried=("lucky_charm", "healing_draught")), (1, 2, 3, 4, 6), Hold(()),
                (1, 2, 3, 4, 6), Hold(()), (1, 2, 3, 4, 6))
    assert state.phase == Phase.DYING
    assert state.legal_actions() == (AcceptDeath(), UseItem("healing_draught"), UseItem("lucky_charm"))
    fourth = run(state, UseItem("lucky_charm"), Hold(()), (1, 2, 5, 5, 5))
    assert "monster_l3_08" in fourth.hands[0] and "lucky_charm" in fourth.box
    saved = state.apply(UseItem("healing_draught"))
    assert saved.hands[0] == ("lucky_charm",) and "monster_l3_08" in saved.dungeon and saved.box == (
        "healing_draught",)
    dead = state.apply(AcceptDeath())
    assert dead.hands[0] == () and {"lucky_charm", "healing_draught"} <= set(dead.market_deck)


@pytest.mark.rule("ZOGAR-COMBAT-05")
def test_one_lucky_charm_a_combat():
    """A charm's extra roll makes four rolls; a second charm in the same combat is refused, and the Mimic (one roll,
    no combat) takes none (GAP-G02 as docs/rules/readings.md reads it)."""
    both = {"market_up": (), "market_deck": GAME.initial_state().market_deck}  # both charms in the market deck
    state = run(fight("monster_l3_08", carried=("lucky_charm", "lucky_charm", "healing_draught"), **both),
                *[(1, 2, 3, 4, 6), Hold(())] * 2, (1, 2, 3, 4, 6), UseItem("lucky_charm"), Hold(()), (1, 2, 3, 4, 6))
    assert state.phase == Phase.DYING and state.rolls == state.rolls_allowed == 4 and "lucky_charm" in state.with_player
    assert state.legal_actions() == (AcceptDeath(), UseItem("healing_draught"))
    refused(state, UseItem("lucky_charm"), "ZOGAR-COMBAT-05")
    assert GAME.state_from_dict(state.to_dict()) == state
    mimic = run(delving(carried=("lucky_charm", "healing_draught"), found=("treasure_3",) * 4), Flip(), "mimic_2",
                (1, 1, 1, 1, 1))
    assert mimic.phase == Phase.DYING and mimic.legal_actions() == (AcceptDeath(), UseItem("healing_draught"))
    refused(mimic, UseItem("lucky_charm"), "ZOGAR-MIMIC-01")


def test_the_soak_game_that_used_two_charms_in_one_combat_now_takes_one():
    """``make soak``, seed 1000355 (one player, the cautious bot): on turn 18 a second charm gave a fifth roll, a state
    its own loading refused. Replayed, the charm is used once, the fourth roll fails with the second charm unused, and
    every state of the game saves and loads as it was."""
    saved = loads((Path(__file__).parent / "two_charms_game.json").read_text(), "two_charms_game.json")
    lines = saved.final.story.lines(saved.final)
    assert lines[-8:-4] == (
        "Lucky Charm is used up and leaves the game (ZOGAR-MARKET-08)", "player 1 uses Lucky Charm: one more roll "
        "(GAP-G02)", "player 1 holds 1, 2, 4, 5 (ZOGAR-COMBAT-06)", "roll 4: 1, 2, 4, 4, 5")
    assert lines[-3].startswith("player 1 dies in combat") and "Lucky Charm" in lines[-3]
    for state in saved.states():
        assert saved.game.state_from_dict(state.to_dict()) == state


def test_a_scrying_map_shows_the_next_card():
    state = delving(carried=("scrying_map",))
    state = run(state, UseItem("scrying_map"))
    assert state.current_player() == CHANCE and state.box == ("scrying_map",)
    state = state.apply("pit_trap_2")
    assert state.peeked == "pit_trap_2" and state.observation(0)["peeked"] == "pit_trap_2"
    assert state.observation(1)["peeked"] is True
    left = state.apply(Leave())
    assert "pit_trap_2" in left.dungeon and left.traps[0] == ""  # unturned, it goes back
    turned = state.apply(Flip())
    assert turned.traps[0] == "pit_trap_2"
