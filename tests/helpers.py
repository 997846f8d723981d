"""Independent exact methods the tests check zaarlab against, and the check every rule test makes of a refusal."""

import pytest
import sympy

from zaarlab.core.api import IllegalActionError


def refused(state, action, rule: str) -> IllegalActionError:
    """Assert that ``action`` is refused naming ``rule``, and that the state is left exactly as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert err.value.rule_id == rule, str(err.value)
    assert state.to_dict() == before
    return err.value


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
