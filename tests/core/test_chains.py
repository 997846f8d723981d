"""Absorbing chains with self-loops: a hand-solved chain, a sympy linear solve, and the refusals."""

import pytest
import sympy

from tests.helpers import linear_solve
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


def ruin(n):
    """Gambler's ruin to n with a coin that favours the gambler 2:1; it cycles."""
    def step(stake):
        return None if stake in (0, n) else Dist({stake - 1: 1, stake + 1: 2})
    return step


@pytest.mark.parametrize("stake", [1, 3, 5])
def test_cycles_are_solved_exactly(stake):
    # the classic closed form: P(reach n from i) = (1 - (q/p)^i) / (1 - (q/p)^n) with q/p = 1/2
    n, ratio = 6, sympy.Rational(1, 2)
    dist = absorption_dist(stake, ruin(n))
    assert dist.p(n) == (1 - ratio**stake) / (1 - ratio**n)
    assert dist.p(0) + dist.p(n) == 1


def test_cycles_agree_with_a_linear_solve():
    def wander(state):  # a cycle with a self-loop inside, and two exits
        return {
            "a": Dist({"b": 2, "a": 1, "lose": 1}),
            "b": Dist({"c": 1, "a": 1}),
            "c": Dist({"a": 3, "win": 1, "c": 2}),
        }.get(state)

    solved = linear_solve("a", wander, ["win", "lose"])
    dist = absorption_dist("a", wander)
    assert dist.p("win") == solved["win"] and dist.p("lose") == solved["lose"]


def test_a_closed_cycle_is_refused():
    def ping_pong(state):
        return {"a": Dist({"b": 1}), "b": Dist({"a": 1})}.get(state)

    with pytest.raises(ValueError, match="never absorb"):
        absorption_dist("a", ping_pong)


def test_a_long_cycle_needs_no_recursion():
    dist = absorption_dist(1, ruin(400))
    assert dist.p(400) == (1 - sympy.Rational(1, 2)) / (1 - sympy.Rational(1, 2) ** 400)


def test_a_state_that_never_leaves_is_refused():
    with pytest.raises(ValueError, match="never absorbs"):
        absorption_dist("stuck", lambda s: Dist.certain(s))
