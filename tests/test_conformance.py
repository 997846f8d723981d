"""The conformance harness, proven on Pig: it passes a sound game and catches each kind of fault."""

import dataclasses
from dataclasses import dataclass, replace

import pytest
import sympy

from tests.conformance import check_conformance
from tests.games.pig import HOLD, PigGame, PigState


def test_pig_passes_the_harness():
    stats = check_conformance(PigGame(target=30), runs=25, seed=3)
    assert stats.games == 25 and stats.terminal == 25
    assert stats.chance_nodes > 100 and stats.illegal_checked == stats.steps + stats.games
    assert {"PIG-ROLL-02", "PIG-END-01"} <= stats.rules_refusing


def test_pig_with_three_players_and_invariants():
    def scores_never_exceed_target_plus_six(state):
        assert max(state.scores) < state.game.target + 6 * 100

    game = PigGame(target=15, num_players=3)
    stats = check_conformance(game, runs=10, invariants=[scores_never_exceed_target_plus_six])
    assert stats.terminal == 10


# -- broken variants of Pig: the harness must catch each fault -----------------------------------------
@dataclass(frozen=True)
class UnsortedPig(PigState):
    def legal_actions(self):
        return tuple(reversed(super().legal_actions()))


@dataclass(frozen=True)
class LopsidedDiePig(PigState):
    def chance_outcomes(self):
        outcomes = super().chance_outcomes()
        return tuple((o, p * sympy.Rational(9, 10)) for o, p in outcomes)


@dataclass(frozen=True)
class FloatPig(PigState):
    def chance_outcomes(self):
        return tuple((o, float(p)) for o, p in super().chance_outcomes())


@dataclass(frozen=True)
class LaxPig(PigState):
    def apply(self, action):
        if action == HOLD and not self.turn_total:
            return replace(self, player=(self.player + 1) % self.game.num_players)
        return super().apply(action)


@dataclass(frozen=True)
class ForgetfulPig(PigState):
    def to_dict(self):
        data = super().to_dict()
        data["log"] = []
        return data


@dataclass(frozen=True)
class ImpurePig(PigState):
    def apply(self, action):
        result = super().apply(action)
        object.__setattr__(self, "turn_total", self.turn_total + 100)  # mutates its input
        return result


def _rewrap(state, cls):
    """The same state as an instance of a broken subclass (dataclasses.replace keeps the subclass)."""
    return cls(**{f.name: getattr(state, f.name) for f in dataclasses.fields(state)})


@dataclass(frozen=True)
class BrokenPigGame(PigGame):
    state_class: type = PigState

    def initial_state(self):
        return _rewrap(super().initial_state(), self.state_class)

    def state_from_dict(self, data):
        return _rewrap(super().state_from_dict(data), self.state_class)


@pytest.mark.parametrize(
    ("state_class", "complaint"),
    [
        (UnsortedPig, "not sorted"),
        (LopsidedDiePig, "sum to exactly 1"),
        (FloatPig, "not sympy.Rational"),
        (LaxPig, "was accepted"),
        (ForgetfulPig, "loses the log"),
        (ImpurePig, "changed its input"),
    ],
)
def test_harness_catches_a_broken_game(state_class, complaint):
    with pytest.raises(AssertionError, match=complaint):
        check_conformance(BrokenPigGame(target=20, state_class=state_class), runs=5)
