"""Exact analysis of any game under fixed policies: where it ends, and what each player can expect.

A *policy* says what the player to move does: a :class:`Dist` over the legal actions (a fixed choice is
``Dist.certain(action)``). With every player's policy fixed, a game is an absorbing Markov chain whose
absorbing states are the terminal states, so :mod:`zaarlab.core.chains` gives the exact answer, cycles
and all. States compare by position (their narrative ``log`` is left out of equality), so positions
reached along different paths are solved once.

Examples
--------
See ``tests/core/test_analysis.py``: Pig to 2 points, both players holding as soon as they can, is won
by the first player with probability 6/7.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy

from .api import CHANCE, State
from .chains import AbsorbingChain
from .dist import Dist

Policy = Callable[[State], Dist]
"""The distribution of the action taken in a (non-chance, non-terminal) state."""


def uniform_policy(state: State) -> Dist:
    """Every legal action equally likely: the exact counterpart of :func:`zaarlab.core.play.random_bot`."""
    return Dist.uniform(state.legal_actions())


def chance_dist(state: State) -> Dist:
    """A chance node's outcomes as a :class:`Dist`."""
    return Dist.from_probs(dict(state.chance_outcomes()))


def outcome_dist(state: State, policy: Policy = uniform_policy) -> Dist:
    """The exact distribution of the terminal state reached from ``state`` when everyone follows ``policy``.

    The positions reachable under the policy must be finite (Pig with a player who may roll forever is not).
    """

    def step(s: State) -> Dist | None:
        if s.is_terminal():
            return None
        actions = chance_dist(s) if s.current_player() == CHANCE else policy(s)
        return actions.map(s.apply)

    return AbsorbingChain(step).absorption_dist(state)


def expected_returns(state: State, policy: Policy = uniform_policy) -> tuple[sympy.Rational, ...]:
    """Each player's exact expected return from ``state`` under ``policy``."""
    ends = outcome_dist(state, policy)
    per_player = zip(*(end.returns() for end in ends.outcomes), strict=True)
    return tuple(sum((ends.p(end) * r for end, r in zip(ends.outcomes, column, strict=True)), sympy.Integer(0))
                 for column in per_player)
