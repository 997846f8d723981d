"""Independent exact methods the tests check zaarlab against, and the check every rule test makes of a refusal."""

import re

import pytest
import sympy

from zaarlab.core.api import IllegalActionError


def run(state, *actions):
    """The state after ``actions``, applied one by one (each checked by the engine)."""
    for action in actions:
        state = state.apply(action)
    return state


def said(state, index: int = -1) -> str:
    """The log's event at ``index`` as the command line prints it: the game's words, card names, then rule IDs."""
    return state.story.line(state.log[index], state.story.names(state.game))


def by_id(exercises, exercise_id: str):
    """The exercise of ``exercises`` (a lesson's list) with that id."""
    return next(e for e in exercises if e.id == exercise_id)


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


_RULE_ID = re.compile(r"\b[A-Z]+-[A-Z]+\d?-\d\d\b|\b(?:AMB|GAP)-[A-Z]\d\d\b")
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
_FRACTION = re.compile(r"(?<![\d.])(\d+)/(\d+)(?![\d.])")


def student_text_problems(text: str) -> list[str]:
    """What in ``text`` a student should never have to read: a rule ID (they belong in the small print, with the
    rule's words), a snake_case identifier, Python's ``->`` or ``[]``, or a fraction of more than 12 digits with no
    percent beside it (on its line, after it). One line per problem, quoting it.

    >>> student_text_problems("P(win) = 1/3 ≈ 33.33%, refused: ZAAR-PLACE-01")
    ['a rule ID: ZAAR-PLACE-01']
    >>> for problem in student_text_problems("keep [] -> extra_win; 1234567/1234567"):
    ...     print(problem)
    a snake_case name: extra_win
    Python notation: ->
    Python notation: []
    a long fraction with no percent: 1234567/1234567
    """
    problems = [f"a rule ID: {m[0]}" for m in _RULE_ID.finditer(text)]
    problems += [f"a snake_case name: {m[0]}" for m in _SNAKE.finditer(text)]
    problems += [f"Python notation: {mark}" for mark in ("->", "[]") if mark in text]
    for line in text.splitlines():
        for m in _FRACTION.finditer(line):
            if len(m[1]) + len(m[2]) > 12 and "%" not in line[m.end():]:
                problems.append(f"a long fraction with no percent: {m[0]}")
    return problems


class Patient:
    """A clock for students who think a second before each click (the bound on a flood never meets them)."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now
