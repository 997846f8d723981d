"""Exact absorbing Markov chains.

A chain is given by a *transition* function: for a state it returns the :class:`Dist` of next states,
or ``None`` when the state is absorbing (the battle is over, the game ended). :class:`AbsorbingChain`
answers where a chain started in a given state ends, exactly.

Most chains in these games only move forward, but a state may lead back to itself (a combat round in
which nobody falls). Such a loop only delays the next real step, so the chain is conditioned on leaving:
the self-loop's weight is dropped and the rest renormalised, which is exact and costs nothing. Longer
cycles (Pig: I roll a 1, you roll a 1, and we are back where we were) are solved exactly too: the states
are grouped into strongly connected components, and each component that cycles is one exact linear
solve over fractions, its exits already known.

Answers are memoised across calls, so one chain object serves every start state of a slider. The
search is iterative: chains of many thousands of states need no recursion limit.

Examples
--------
A duel: each round the first side fells one of the second, the second fells one of the first, or both miss,
each a third of the time; it ends when a side has nobody left:

>>> def round_(sides):
...     first, second = sides
...     if first == 0 or second == 0:
...         return None
...     return Dist({(first, second - 1): 1, (first - 1, second): 1, sides: 1})
>>> absorption_dist((2, 1), round_)
Dist({(0, 1): 1, (1, 0): 1, (2, 0): 2} / 4)

Gambler's ruin, which cycles: a fair coin moves a stake of 1 or 2 up or down until it is 0 or 3:

>>> absorption_dist(1, lambda s: None if s in (0, 3) else Dist({s - 1: 1, s + 1: 1}))
Dist({0: 2, 3: 1} / 3)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from typing import Any

from .dist import Dist

Transition = Callable[[Any], Dist | None]


class AbsorbingChain:
    """A memoised absorbing Markov chain over hashable states.

    Parameters
    ----------
    transition : callable
        ``transition(state)`` is the :class:`Dist` of next states, or ``None`` if ``state`` absorbs.
    """

    def __init__(self, transition: Transition):
        self._transition = transition
        self._memo: dict[Hashable, Dist] = {}

    def absorption_dist(self, start: Any) -> Dist:
        """The distribution of the absorbing state reached from ``start``.

        >>> AbsorbingChain(lambda n: None if n == 0 else Dist.certain(n - 1)).absorption_dist(5000)
        Dist({0: 1} / 1)
        """
        if start not in self._memo:
            for component, steps in _components(start, self._transition, self._memo):
                self._solve(component, steps)
        return self._memo[start]

    def _solve(self, component: list[Any], steps: dict[Any, Any]) -> None:
        memo = self._memo
        if len(component) == 1:
            state = component[0]
            step = steps[state]
            memo[state] = Dist.certain(state) if step is None else _leave(state, step, memo)
        else:
            memo.update(_solve_cycle(component, steps, memo))


def absorption_dist(start: Hashable, transition: Transition) -> Dist:
    """Where the chain from ``start`` ends: a one-off :meth:`AbsorbingChain.absorption_dist`."""
    return AbsorbingChain(transition).absorption_dist(start)


def _components(start: Any, transition: Transition, memo: dict[Any, Dist]
                ) -> Iterator[tuple[list[Any], dict[Any, Dist | None]]]:
    """Tarjan's strongly connected components of the states reachable from ``start``, not yet in ``memo``.

    Iterative; yields ``(component, steps)`` sinks first, so every exit of a component is solved before it.
    ``steps`` maps each state of the component to its transition (``None`` when absorbing).
    """
    index: dict[Any, Any] = {}
    low: dict[Any, Any] = {}
    steps: dict[Any, Any] = {}
    on_stack: set[Any] = set()
    stack: list[Any] = []
    work: list[tuple[Any, Iterator[Any] | None]] = [(start, None)]
    while work:
        state, successors = work.pop()
        if successors is None:  # first visit
            index[state] = low[state] = len(index)
            stack.append(state)
            on_stack.add(state)
            steps[state] = transition(state)
            successors = iter(() if steps[state] is None else steps[state].outcomes)
        for nxt in successors:
            if nxt in memo:
                continue
            if nxt not in index:
                work.append((state, successors))
                work.append((nxt, None))
                break
            if nxt in on_stack:
                low[state] = min(low[state], index[nxt])
        else:  # all successors done
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[state])
            if low[state] == index[state]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == state:
                        break
                yield component, {s: steps.pop(s) for s in component}


def _leave(state: Hashable, step: Dist, memo: dict[Any, Any]) -> Dist:
    """Mix the answers of the successors, conditioned on leaving ``state``."""
    parts = [(memo[nxt], weight) for nxt, weight in step.items() if nxt != state]
    if not parts:
        raise ValueError(f"state {state!r} only leads to itself and never absorbs")
    return Dist.mixture(parts)


def _solve_cycle(component: list[Any], steps: dict[Any, Any], memo: dict[Any, Any]) -> dict[Any, Any]:
    """Exact absorption distributions of a cycling component, by Gaussian elimination over fractions.

    For each state s: T_s x_s - sum over t in the component of w(s,t) x_t = sum over exits u of w(s,u) memo[u],
    where T_s is the total weight of s's step; the unknown x are distributions (one column per outcome).
    """
    position = {s: i for i, s in enumerate(component)}
    outcomes = sorted(
        {o for s in component for t in steps[s].outcomes if t not in position for o in memo[t].outcomes}, key=repr
    )
    if not outcomes:
        raise ValueError(f"states around {component[0]!r} cycle among themselves and never absorb")
    column = {o: j for j, o in enumerate(outcomes)}
    size = len(component)
    rows = []  # sparse: column -> Fraction; columns >= size are the right-hand side, one per outcome
    for s in component:
        step = steps[s]
        row: dict[int, Fraction] = {position[s]: Fraction(step.denominator)}
        for t, w in step.items():
            if t in position:
                row[position[t]] = row.get(position[t], 0) - w
            else:
                exit_dist = memo[t]
                for o, wo in exit_dist.items():
                    key = size + column[o]
                    row[key] = row.get(key, 0) + Fraction(w * wo, exit_dist.denominator)
        rows.append(row)
    for col in range(size):  # forward elimination; rows stay sparse for chains that mostly move one way
        pivot = next(r for r in range(col, size) if rows[r].get(col))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        pivot_row = rows[col] = {k: v / lead for k, v in rows[col].items()}
        for r in range(col + 1, size):
            factor = rows[r].get(col)
            if factor:
                row = rows[r]
                for k, v in pivot_row.items():
                    value = row.get(k, 0) - factor * v
                    if value:
                        row[k] = value
                    else:
                        del row[k]
    solution: list[dict[int, Fraction]] = [{}] * size
    for col in reversed(range(size)):  # back substitution, one outcome column at a time
        x = {k: v for k, v in rows[col].items() if k >= size}
        for k, v in rows[col].items():
            if col < k < size:
                for j, value in solution[k].items():
                    x[j] = x.get(j, 0) - v * value
        solution[col] = x
    return {s: Dist.from_probs({o: solution[position[s]].get(size + j, 0) for o, j in column.items()})
            for s in component}
