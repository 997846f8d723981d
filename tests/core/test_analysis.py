"""Exact outcome distributions of a whole game under fixed policies, on Pig (whose turns cycle)."""

import sympy

from tests.games.pig import HOLD, ROLL, PigGame
from zaarlab.core.analysis import expected_returns, outcome_dist, uniform_policy
from zaarlab.core.dist import Dist
from zaarlab.core.play import play


def hold_at(threshold):
    def policy(state):
        return Dist.certain(HOLD if state.turn_total >= threshold else ROLL)
    return policy


def test_pig_to_two_is_hand_solvable():
    # Each turn the roller wins unless the first roll is a 1 (then the turn passes): P = (5/6) / (1 - (1/6)^2).
    start = PigGame(target=2).initial_state()
    assert expected_returns(start, hold_at(2)) == (sympy.Rational(6, 7), sympy.Rational(1, 7))


def test_pig_odds_sum_to_one_and_match_a_seeded_simulation():
    game = PigGame(target=12)
    policy = hold_at(6)
    ends = outcome_dist(game.initial_state(), policy)
    assert all(end.is_terminal() for end in ends.outcomes)
    p_first = expected_returns(game.initial_state(), policy)[0]
    assert expected_returns(game.initial_state(), policy)[1] == 1 - p_first

    def bot(state, rng):
        return HOLD if state.turn_total >= 6 else ROLL

    runs = 4000
    wins = sum(play(game, [bot, bot], seed=seed).final.returns()[0] for seed in range(runs))
    p = float(p_first)
    standard_error = (p * (1 - p) / runs) ** 0.5
    assert abs(wins / runs - p) < 4 * standard_error, (wins / runs, p)


def test_a_mixed_policy_with_the_uniform_one():
    # Hold when holding wins; otherwise roll or hold at random (a finite chain: turn totals stay bounded).
    def policy(state):
        if state.scores[state.player] + state.turn_total >= state.game.target:
            return Dist.certain(HOLD)
        return uniform_policy(state)

    start = PigGame(target=3).initial_state()
    first, second = expected_returns(start, policy)
    assert first + second == 1 and first > second  # moving first helps
