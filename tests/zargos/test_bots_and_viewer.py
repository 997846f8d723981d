"""The greedy bot reads the exact odds; the game viewer steps, undoes and lets a person play."""

import random

from zaarlab.core.play import play
from zaarlab.zargos.bots import greedy_bot, take_chance
from zaarlab.zargos.odds import p_attacker_wins, p_survives_demons
from zaarlab.zargos.state import Buy, EndAttacks, LandAttack, ZargosGame
from zaarlab.zargos.widgets import GameViewer

from .scenario import position


def test_take_chance_is_the_exact_odds():
    state = position({"KORI-1": ("knights", 8), "KORI-2": ("spiders", 3), "ZC1": ("knights", 6)})
    assert take_chance(state, "KORI-1", "KORI-2", 7) == float(p_attacker_wins(7, 3))
    assert take_chance(state, "ZC1", "ZC2", 5) == float(p_survives_demons(5, 2))
    assert take_chance(state, "KORI-1", "KORI-3", 7) == 1.0  # empty, outside Zargos


def test_greedy_attacks_the_best_odds_and_holds_back_when_poor():
    state = position({"KORI-1": ("knights", 8), "KORI-2": ("spiders", 7), "KORI-3": ("spiders", 2),
                      "KORI-4": ("spiders", 9), "KORI-5": ("spiders", 9)})
    assert greedy_bot(state, random.Random(0)) == LandAttack("KORI-1", "KORI-3", 7)
    weak = position({"KORI-1": ("knights", 3), "KORI-2": ("spiders", 9), "KORI-3": ("spiders", 9),
                     "KORI-4": ("spiders", 9), "KORI-5": ("spiders", 9)})
    assert greedy_bot(weak, random.Random(0)) == EndAttacks()


def test_greedy_keeps_two_boats_and_buys_units():
    state = position({"KORI-1": ("knights", 3)}, phase="buy", budget=21)
    assert greedy_bot(state, random.Random(0)) == Buy(5, 2)


def test_greedy_bots_can_win():
    finals = [play(ZargosGame(players=4), [greedy_bot] * 4, seed=seed).final for seed in range(3)]
    won = [final for final in finals if final.winner]
    assert won and all(sum(final.returns()) == 1 for final in won)
    assert all(final.is_terminal() for final in finals)


def test_viewer_steps_undoes_and_waits_for_a_person():
    viewer = GameViewer(ZargosGame(players=2, turn_limit=2), seed=3, people_seat=1)
    viewer.session.run_until(lambda s: viewer.session.waiting_for_person())
    viewer.refresh()
    assert viewer.session.waiting_for_person() and viewer.choice.options and not viewer.buttons["play"].disabled
    chosen = viewer.choice.options[-1][1]
    viewer.choice.value = chosen
    viewer.play_chosen()
    assert viewer.session.history[-1] == chosen
    viewer.undo()
    assert chosen not in viewer.session.history[-1:] and viewer.session.waiting_for_person()
    assert viewer.figure.layout.title.text == str(viewer.session.state)
    assert "phase" in viewer.text and viewer.log.value.startswith("<div") and "<small" in viewer.log.value
