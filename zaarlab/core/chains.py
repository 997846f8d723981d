"""Exact absorbing Markov chains.

A chain is given by a *transition* function: for a state it returns the :class:`Dist` of next states,
or ``None`` when the state is absorbing (the battle is over, the game ended). :class:`AbsorbingChain`
answers where a chain started in a given state ends, exactly.

A state may lead back to itself (a combat round in which nobody falls). Such a loop only delays the
next real step, so the chain is conditioned on leaving: the self-loop's weight is dropped and the rest
renormalised, which is exact. Longer cycles (A -> B -> A) would need a linear solve and are refused
with a ``ValueError`` naming a state on the cycle.

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
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from .dist import Dist

Transition = Callable[[Hashable], Dist | None]


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

    def absorption_dist(self, start: Hashable) -> Dist:
        """The distribution of the absorbing state reached from ``start``.

        >>> AbsorbingChain(lambda n: None if n == 0 else Dist.certain(n - 1)).absorption_dist(5000)
        Dist({0: 1} / 1)
        """
        memo = self._memo
        expanding: dict[Hashable, Dist] = {}  # states whose successors are being solved: the DFS path
        stack = [start]
        while stack:
            state = stack[-1]
            if state in memo:
                stack.pop()
                continue
            step = expanding.get(state)
            if step is None:
                step = self._transition(state)
                if step is None:
                    memo[state] = Dist.certain(state)
                    stack.pop()
                    continue
                expanding[state] = step
            unsolved = [nxt for nxt in step if nxt != state and nxt not in memo]
            if unsolved:
                for nxt in unsolved:
                    if nxt in expanding:
                        raise ValueError(f"the chain cycles through {nxt!r}; only self-loops are supported")
                stack.extend(unsolved)
                continue
            memo[state] = _leave(state, step, memo)
            del expanding[state]
            stack.pop()
        return memo[start]


def absorption_dist(start: Hashable, transition: Transition) -> Dist:
    """Where the chain from ``start`` ends: a one-off :meth:`AbsorbingChain.absorption_dist`."""
    return AbsorbingChain(transition).absorption_dist(start)


def _leave(state: Hashable, step: Dist, memo: dict) -> Dist:
    """Mix the answers of the successors, conditioned on leaving ``state``."""
    parts = [(memo[nxt], weight) for nxt, weight in step.items() if nxt != state]
    if not parts:
        raise ValueError(f"state {state!r} only leads to itself and never absorbs")
    return Dist.mixture(parts)
