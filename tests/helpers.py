"""Independent exact methods the tests check zaarlab against."""

import sympy


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
