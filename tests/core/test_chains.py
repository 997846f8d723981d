"""Absorbing chains with self-loops: a hand-solved chain, a sympy linear solve, and the refusals."""

import pytest
import sympy

from zaarlab.core.chains import AbsorbingChain, absorption_dist
from zaarlab.core.dist import Dist


def duel(sides):
    """Each round: the first side fells one (1/2), the second side fells one (1/3), or both miss (1/6)."""
    first, second = sides
    if first == 0 or second == 0:
        return None
    return Dist({(first, second - 1): 3, (first - 1, second): 2, sides: 1})


def test_hand_solved_duel():
    # From (1,1), conditioned on leaving: first wins 3/5. From (2,1): 3/5 straight, else (1,1).
    dist = absorption_dist((2, 1), duel)
    assert dist.p((2, 0)) == sympy.Rational(3, 5)
    assert dist.p((1, 0)) == sympy.Rational(2, 5) * sympy.Rational(3, 5)
    assert dist.p((0, 1)) == sympy.Rational(2, 5) * sympy.Rational(2, 5)


def linear_solve(start, transition, absorbing):
    """Absorption probabilities by solving x = P x with the self-loops left in (sympy, exact)."""
    states, frontier = [], [start]
    while frontier:
        s = frontier.pop()
        if s in states or transition(s) is None:
            continue
        states.append(s)
        frontier.extend(transition(s))
    answers = {}
    for target in absorbing:
        x = {s: sympy.Symbol(f"x_{i}") for i, s in enumerate(states)}
        equations = []
        for s in states:
            step = transition(s)
            rhs = sum(
                p * (x[t] if t in x else int(t == target)) for t, p in step.to_sympy().items()
            )
            equations.append(sympy.Eq(x[s], rhs))
        answers[target] = sympy.solve(equations, list(x.values()))[x[start]]
    return answers


def test_agrees_with_a_linear_solve_with_self_loops():
    absorbing = [(a, 0) for a in range(1, 4)] + [(0, d) for d in range(1, 4)]
    solved = linear_solve((3, 3), duel, absorbing)
    dist = absorption_dist((3, 3), duel)
    for target in absorbing:
        assert dist.p(target) == solved[target]
    assert sum(solved.values()) == 1


def test_memo_serves_many_starts():
    chain = AbsorbingChain(duel)
    grid = {(a, d): chain.absorption_dist((a, d)) for a in range(1, 6) for d in range(1, 6)}
    assert grid[(3, 3)] == absorption_dist((3, 3), duel)


def test_long_chains_need_no_recursion():
    def countdown(n):
        return None if n == 0 else Dist({n - 1: 1, n: 1})

    assert absorption_dist(50_000, countdown) == Dist.certain(0)


def test_cycles_longer_than_a_self_loop_are_refused():
    def ping_pong(state):
        return {"a": Dist({"b": 1, "end": 1}), "b": Dist({"a": 1})}.get(state)

    with pytest.raises(ValueError, match="cycles through"):
        absorption_dist("a", ping_pong)


def test_a_state_that_never_leaves_is_refused():
    with pytest.raises(ValueError, match="never absorbs"):
        absorption_dist("stuck", lambda s: Dist.certain(s))
