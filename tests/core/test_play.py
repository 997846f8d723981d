"""Seeded play, exact sampling, replay and JSON save/load, on the test game Pig."""

import pytest
import sympy

from tests.games.pig import HOLD, ROLL, PigGame
from zaarlab.core.api import IllegalActionError
from zaarlab.core.play import dumps, loads, play, random_bot, replay, sample_outcome


class Tickets:
    """A stand-in RNG whose randrange returns each ticket in turn."""

    def __init__(self):
        self.next = 0

    def randrange(self, n):
        self.next += 1
        return (self.next - 1) % n


def test_sampling_gives_each_outcome_exactly_its_share_of_tickets():
    outcomes = (("a", sympy.Rational(1, 6)), ("b", sympy.Rational(1, 2)), ("c", sympy.Rational(1, 3)))
    rng = Tickets()
    draws = [sample_outcome(outcomes, rng) for _ in range(6)]
    assert (draws.count("a"), draws.count("b"), draws.count("c")) == (1, 3, 2)


def test_sampling_refuses_probabilities_that_fall_short():
    with pytest.raises(ValueError, match="less than 1"):
        sample_outcome((("a", sympy.Rational(1, 2)),), _Last())


class _Last:
    def randrange(self, n):
        return n - 1


def test_same_seed_same_game_other_seed_other_game():
    game = PigGame()
    first = play(game, [random_bot] * 2, seed=7)
    assert play(game, [random_bot] * 2, seed=7).history == first.history
    assert play(game, [random_bot] * 2, seed=8).history != first.history
    assert first.final.is_terminal()


def test_replay_and_states():
    game = PigGame(target=10)
    done = play(game, [random_bot] * 2, seed=2)
    again = replay(game, done.history)
    assert again.final == done.final
    states = done.states()
    assert len(states) == len(done.history) + 1 and states[-1] == done.final


def test_replay_of_an_illegal_history_names_the_rule():
    with pytest.raises(IllegalActionError) as err:
        replay(PigGame(), [ROLL, 4, HOLD, HOLD])
    assert err.value.rule_id == "PIG-HOLD-01"  # the fourth step: a second hold with nothing banked


def test_save_load_round_trip_and_tamper_detection():
    done = play(PigGame(target=15, num_players=3), [random_bot] * 3, seed=4)
    text = dumps(done)
    back = loads(text)
    assert back.game == done.game and back.history == done.history and back.final == done.final
    with pytest.raises(ValueError, match="differs from the replay"):
        loads(text.replace('"turn_total": 0', '"turn_total": 99', 1))
    with pytest.raises(ValueError, match="unknown game"):
        loads(text.replace('"game": "pig"', '"game": "chess"'))


def test_max_steps_caps_a_game():
    capped = play(PigGame(target=1000), [random_bot] * 2, seed=1, max_steps=10)
    assert len(capped.history) == 10 and not capped.final.is_terminal()
