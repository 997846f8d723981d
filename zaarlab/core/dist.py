"""Exact probability distributions with integer weights.

A :class:`Dist` maps each outcome to a positive integer weight; the probability of an outcome is its
weight over the sum of all weights (the *denominator*). Weights are kept in lowest terms, so two equal
distributions are equal objects. Arithmetic stays in Python integers, which is fast and exact; answers
leave as ``sympy.Rational`` (:mod:`zaarlab.core.exact`), or as ``fractions.Fraction`` from :meth:`Dist.fraction`.

Examples
--------
>>> d6 = Dist.die(6)
>>> two = d6 + d6
>>> two
Dist({2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1} / 36)
>>> two.p(7)
1/6
>>> two.p(lambda total: total >= 10)
1/6
>>> two.mean(), two.variance()
(7, 35/6)
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from itertools import accumulate, repeat
from typing import TYPE_CHECKING, Any

from .derived import derived
from .exact import is_rational, rational

if TYPE_CHECKING:
    import sympy


class Dist:
    """An immutable, exact distribution over hashable outcomes.

    Parameters
    ----------
    weights : Mapping
        Outcome -> non-negative integer weight. Zero weights are dropped; at least one must be positive.

    Examples
    --------
    >>> coin = Dist({"heads": 1, "tails": 1})
    >>> coin.p("heads")
    1/2
    >>> Dist({"a": 2, "b": 4}) == Dist({"a": 1, "b": 2})
    True
    """

    __slots__ = ("_weights", "_denominator", "_hash", "_triples")

    def __init__(self, weights: Mapping[Any, int]):
        kept = {}
        for outcome, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool) or weight < 0:
                raise ValueError(f"weight of {outcome!r} must be a non-negative integer, not {weight!r}")
            if weight:
                kept[outcome] = weight
        if not kept:
            raise ValueError("a distribution needs at least one outcome of positive weight")
        self._set(kept)

    @classmethod
    def _of(cls, weights: dict[Hashable, int]) -> Dist:
        """From weights already known to be positive ints (results of our own arithmetic): no checks."""
        dist = cls.__new__(cls)
        dist._set(weights)
        return dist

    def _set(self, weights: dict[Hashable, int]) -> None:
        common = math.gcd(*weights.values())
        items = _sorted_items(weights)
        self._weights = dict(items) if common == 1 else {o: w // common for o, w in items}
        self._denominator = sum(self._weights.values())
        self._hash: int | None = None
        self._triples: ChanceTable | None = None

    # -- construction -----------------------------------------------------------------------------
    @classmethod
    def draw(cls, pile: Iterable[Hashable]) -> Dist:
        """The next card of a shuffled pile: each card as likely as its copies in the pile.

        >>> Dist.draw(["gaze", "treasure", "treasure"]).p("treasure")
        2/3
        """
        counts = Counter(pile)
        if not counts:
            raise ValueError("a distribution needs at least one outcome of positive weight")
        return cls._of(dict(counts))

    @classmethod
    def die(cls, faces: int) -> Dist:
        """A fair die numbered 1..faces.

        >>> Dist.die(4)
        Dist({1: 1, 2: 1, 3: 1, 4: 1} / 4)
        """
        if faces < 1:
            raise ValueError(f"a die needs at least one face, not {faces}")
        return cls.uniform(range(1, faces + 1))

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each listed outcome equally likely; an outcome listed twice is twice as likely.

        >>> Dist.uniform("AAB").p("A")
        2/3
        """
        counts: dict[Hashable, int] = {}
        for outcome in outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        return cls(counts)

    @classmethod
    def certain(cls, outcome: Hashable) -> Dist:
        """The outcome with probability 1.

        >>> Dist.certain("win").p("win")
        1
        """
        return cls({outcome: 1})

    @classmethod
    def from_probs(cls, probs: Mapping[Hashable, Any]) -> Dist:
        """From exact probabilities (``Fraction``, ``sympy.Rational``, int or "num/den") that sum to 1.

        >>> Dist.from_probs({"hit": Fraction(1, 3), "miss": "2/3"}).p("miss")
        2/3
        """
        fractions = {o: _fraction(p) for o, p in probs.items()}
        if sum(fractions.values()) != 1:
            raise ValueError(f"probabilities sum to {sum(fractions.values())}, not 1")
        scale = math.lcm(*(f.denominator for f in fractions.values()))
        return cls({o: int(f * scale) for o, f in fractions.items()})

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Dist, int]]) -> Dist:
        """Pick part i with weight w_i, then an outcome of its distribution.

        >>> Dist.mixture([(Dist.certain(0), 1), (Dist.die(2), 1)])
        Dist({0: 2, 1: 1, 2: 1} / 4)
        """
        parts = [(d, w) for d, w in parts if w]
        if not parts or any(w < 0 for _, w in parts):
            raise ValueError("a mixture needs non-negative part weights, at least one positive")
        scale = math.lcm(*(d._denominator for d, _ in parts))
        weights: dict[Hashable, int] = {}
        for dist, weight in parts:
            factor = weight * (scale // dist._denominator)
            for outcome, w in dist._weights.items():
                weights[outcome] = weights.get(outcome, 0) + factor * w
        return cls._of(weights)

    @classmethod
    def product(cls, *dists: Dist) -> Dist:
        """The joint distribution of independent draws, as tuples.

        >>> Dist.product(Dist.die(2), Dist.uniform("xy"))
        Dist({(1, 'x'): 1, (1, 'y'): 1, (2, 'x'): 1, (2, 'y'): 1} / 4)
        """
        joint = cls.certain(())
        for dist in dists:
            joint = joint.convolve(dist, lambda acc, outcome: (*acc, outcome))
        return joint

    # -- reading ----------------------------------------------------------------------------------
    @property
    def denominator(self) -> int:
        """The sum of the weights, in lowest terms: every probability is (weight / denominator)."""
        return self._denominator

    def weight(self, outcome: Hashable) -> int:
        """The integer weight of ``outcome`` (0 if impossible)."""
        weight: int = self._weights.get(outcome, 0)
        return weight

    def items(self) -> Iterable[tuple[Hashable, int]]:
        """(outcome, weight) pairs, outcomes in sorted order where they can be sorted."""
        return self._weights.items()

    def triples(self) -> ChanceTable:
        """(outcome, weight, denominator) for every outcome, in integers: a chance node's outcomes as the game
        engines give them to a driver (:meth:`zaarlab.core.api.RulesState.chance_weights`).

        >>> Dist({"hit": 1, "miss": 3}).triples()
        (('hit', 1, 4), ('miss', 3, 4))
        """
        if self._triples is None:  # kept: the dice of a game are the same few cached distributions, rolled often
            total = self._denominator
            self._triples = ChanceTable((outcome, weight, total) for outcome, weight in self._weights.items())
        return self._triples

    @property
    def outcomes(self) -> tuple[Any, ...]:
        """The possible outcomes, sorted where they can be."""
        return tuple(self._weights)

    def p(self, event: Hashable | Callable[[Any], bool]) -> sympy.Rational:
        """The exact probability of an outcome, or of a predicate over outcomes.

        >>> Dist.die(6).p(lambda face: face % 2 == 0)
        1/2
        """
        return rational(self._weight_of(event), self._denominator)

    def fraction(self, event: Hashable | Callable[[Any], bool]) -> Fraction:
        """:meth:`p` as a ``fractions.Fraction``, for code that has no use for sympy.

        >>> Dist.die(6).fraction(6)
        Fraction(1, 6)
        """
        return Fraction(self._weight_of(event), self._denominator)

    def _weight_of(self, event: Hashable | Callable[[Any], bool]) -> int:
        if callable(event):
            return sum(w for o, w in self._weights.items() if event(o))
        weight: int = self._weights.get(event, 0)
        return weight

    def to_sympy(self) -> dict[Hashable, sympy.Rational]:
        """Outcome -> exact probability.

        >>> Dist.die(2).to_sympy()
        {1: 1/2, 2: 1/2}
        """
        return {o: rational(w, self._denominator) for o, w in self._weights.items()}

    def fractions(self) -> dict[Hashable, Fraction]:
        """:meth:`to_sympy` with ``fractions.Fraction`` values.

        >>> Dist.die(2).fractions()
        {1: Fraction(1, 2), 2: Fraction(1, 2)}
        """
        return {o: Fraction(w, self._denominator) for o, w in self._weights.items()}

    def mean(self) -> sympy.Rational:
        """The exact expected value of numeric outcomes."""
        return rational(self.moments()[0])

    def variance(self) -> sympy.Rational:
        """The exact variance of numeric outcomes."""
        return rational(self.moments()[1])

    def moments(self) -> tuple[Fraction, Fraction]:
        """(mean, variance) of numeric outcomes as ``fractions.Fraction``.

        >>> Dist.die(6).moments()
        (Fraction(7, 2), Fraction(35, 12))
        """
        total = self._denominator
        first = sum(o * w for o, w in self._weights.items())
        second = sum(o * o * w for o, w in self._weights.items())
        return Fraction(first, total), Fraction(second * total - first * first, total * total)

    # -- transforming -----------------------------------------------------------------------------
    def map(self, f: Callable[[Any], Any]) -> Dist:
        """The distribution of ``f(outcome)``.

        >>> Dist.die(6).map(lambda face: face >= 5)
        Dist({False: 2, True: 1} / 3)
        """
        weights: dict[Hashable, int] = {}
        for outcome, w in self._weights.items():
            key = f(outcome)
            weights[key] = weights.get(key, 0) + w
        return Dist._of(weights)

    def bind(self, f: Callable[[Any], Dist]) -> Dist:
        """Draw an outcome, then draw from the distribution ``f(outcome)`` (a two-stage experiment).

        >>> Dist.die(2).bind(lambda n: Dist.die(n))   # roll a d2, then that many-sided die
        Dist({1: 3, 2: 1} / 4)
        """
        return Dist.mixture((f(o), w) for o, w in self._weights.items())

    def convolve(self, other: Dist, op: Callable[[Any, Any], Hashable] = operator.add) -> Dist:
        """The distribution of ``op(a, b)`` for independent ``a`` from self and ``b`` from other.

        >>> Dist.die(2).convolve(Dist.die(2), max)
        Dist({1: 1, 2: 3} / 4)
        """
        weights: dict[Hashable, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = op(a, b)
                weights[key] = weights.get(key, 0) + wa * wb
        return Dist._of(weights)

    def times(self, n: int, op: Callable[[Any, Any], Hashable] = operator.add) -> Dist:
        """``op`` folded over n independent copies (n >= 1), by repeated doubling.

        >>> Dist.die(6).times(3).p(10)
        1/8
        """
        if n < 1:
            raise ValueError(f"need at least one copy, not {n}")
        result: Dist | None = None
        square = self
        while n:
            if n & 1:
                result = square if result is None else result.convolve(square, op)
            n >>= 1
            if n:
                square = square.convolve(square, op)
        assert result is not None  # n >= 1: at least one copy was taken
        return result

    def given(self, condition: Callable[[Any], bool]) -> Dist:
        """Conditioned on a predicate; raises ``ValueError`` if it has probability 0.

        >>> Dist.die(6).given(lambda face: face > 4)
        Dist({5: 1, 6: 1} / 2)
        """
        kept = {o: w for o, w in self._weights.items() if condition(o)}
        if not kept:
            raise ValueError("cannot condition on an event of probability 0")
        return Dist._of(kept)

    def __add__(self, other: Any) -> Dist:
        if isinstance(other, Dist):
            return self.convolve(other)
        return self.map(lambda o: o + other)

    __radd__ = __add__

    def __floordiv__(self, divisor: int) -> Dist:
        """Each outcome floor-divided, e.g. losses halved and rounded down.

        >>> Dist.die(6) // 2
        Dist({0: 1, 1: 2, 2: 2, 3: 1} / 6)
        """
        return self.map(lambda o: o // divisor)

    # -- protocol ---------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._weights == other._weights

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._weights.items()))
        return self._hash

    def __len__(self) -> int:
        return len(self._weights)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._weights)

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {w}" for o, w in self._weights.items())
        return f"Dist({{{body}}} / {self._denominator})"

    # -- notebooks --------------------------------------------------------------------------------
    def to_markdown(self, outcome_label: str = "outcome") -> str:
        """A Markdown table of outcomes with exact fractions and percentages.

        >>> print(Dist.die(2).to_markdown("face"))
        | face | probability | % |
        |---:|---:|---:|
        | 1 | 1/2 | 50.00 |
        | 2 | 1/2 | 50.00 |
        """
        rows = [f"| {outcome_label} | probability | % |", "|---:|---:|---:|"]
        for outcome, weight in self._weights.items():
            p = Fraction(weight, self._denominator)
            rows.append(f"| {outcome} | {p} | {100 * float(p):.2f} |")
        return "\n".join(rows)

    def to_latex(self) -> str:
        r"""A LaTeX array of outcomes and exact probabilities.

        >>> print(Dist.die(2).to_latex())
        \begin{array}{r|cc} x & 1 & 2 \\ \hline P(x) & \frac{1}{2} & \frac{1}{2} \end{array}
        """
        outcomes = " & ".join(str(o) for o in self._weights)
        import sympy  # LaTeX is sympy's (imported here, see zaarlab.core.exact)

        probs = " & ".join(sympy.latex(p) for p in self.to_sympy().values())
        return rf"\begin{{array}}{{r|{'c' * len(self)}}} x & {outcomes} \\ \hline P(x) & {probs} \end{{array}}"

    def _repr_markdown_(self) -> str:
        return self.to_markdown()


class ChanceTable(tuple[tuple[Any, int, int], ...]):
    """A chance node's outcomes as ``(outcome, weight, total)`` triples, with what the game drivers derive from them:
    derived once per table, and the dice of a game are a few tables rolled all game long.

    >>> table = Dist({"hit": 2, "miss": 4}).triples()
    >>> table.outcomes, table.by_value["miss"]
    (('hit', 'miss'), 'miss')
    >>> table.tickets     # "hit" holds ticket 0 of 3, "miss" tickets 1 and 2
    ([1, 3], 3)
    """

    @classmethod
    def draw(cls, pile: Iterable[Any]) -> ChanceTable:
        """``Dist.draw(pile).triples()``, made straight from the counts: a game draws from its deck at every flip.

        >>> ChanceTable.draw("abbacc") == Dist.draw("abbacc").triples() == (("a", 1, 3), ("b", 1, 3), ("c", 1, 3))
        True
        """
        counts = Counter(pile)
        if not counts:
            raise ValueError("nothing to draw from: the pile is empty")
        common = math.gcd(*counts.values())  # in lowest terms, as a Dist keeps its weights
        total = sum(counts.values()) // common
        outcomes = list(counts)
        if outcomes != sorted(outcomes) or common > 1:  # a sorted pile of coprime counts (most) needs neither
            return cls((outcome, count // common, total) for outcome, count in _sorted_items(counts))
        table = _SortedDraw(zip(outcomes, counts.values(), repeat(total)))
        known = table.__dict__  # what the table would derive, known here already
        known["outcomes"] = tuple(outcomes)
        known["tickets"] = list(accumulate(counts.values())), total  # in lowest terms already
        return table

    def __reduce__(self) -> tuple[type[ChanceTable], tuple[tuple[Any, ...]]]:
        # pickled as its triples: what it derived (identities above all) stays behind
        return ChanceTable, (tuple(self),)

    @derived
    def outcomes(self) -> tuple[Any, ...]:
        """The outcomes, in order: the legal actions of the chance node."""
        return tuple(map(operator.itemgetter(0), self))

    @derived
    def by_value(self) -> dict[Any, Any]:
        """Each outcome keyed by itself: the outcome the table holds for an equal one."""
        outcomes = self.outcomes
        return dict(zip(outcomes, outcomes, strict=True))

    @derived
    def rationals(self) -> tuple[Any, ...]:
        """``(outcome, probability)`` pairs, each probability a ``sympy.Rational``: the node's chance outcomes.

        >>> Dist({"hit": 2, "miss": 4}).triples().rationals
        (('hit', 1/3), ('miss', 2/3))
        """
        return tuple((outcome, rational(weight, total)) for outcome, weight, total in self)

    def is_own(self, outcome: Any) -> bool:
        """Whether ``outcome`` is one of the table's outcomes itself (not only an equal one), as drivers pass back.

        >>> table = Dist({"hit": 2, "miss": 4}).triples()
        >>> table.is_own(table.outcomes[0]), table.is_own("".join("hit")), table.is_own(None), table.is_own([])
        (True, False, False, False)
        """
        try:
            return self.by_value.get(outcome, _MISSING) is outcome
        except TypeError:  # unhashable: no outcome
            return False

    @derived
    def tickets(self) -> tuple[list[int], int]:
        """The chances in the fewest whole tickets: the running totals of each outcome's tickets, and their number
        (the weights and their total divided by their greatest common divisor)."""
        weights = [weight for _, weight, _ in self]
        common = math.gcd(self[0][2], *weights)
        if common > 1:
            weights = [weight // common for weight in weights]
        return list(accumulate(weights)), self[0][2] // common


_MISSING = object()  # no outcome is this one


class _SortedDraw(ChanceTable):
    """A draw from a sorted pile (most draws): its outcomes are in order, so whether an outcome is one of its own is a
    bisection, with no lookup to build for a table that a single flip uses.

    >>> table = ChanceTable.draw(["ab", "cd"])
    >>> table.is_own(table.outcomes[1]), table.is_own("".join("cd")), table.is_own("zz"), table.is_own(3)
    (True, False, False, False)
    """

    def is_own(self, outcome: Any) -> bool:
        outcomes = self.outcomes
        try:
            i = bisect_left(outcomes, outcome)
        except TypeError:  # not comparable with the outcomes: none of them
            return False
        return i < len(outcomes) and outcomes[i] is outcome


def _fraction(p: Any) -> Fraction:
    if is_rational(p):
        return Fraction(int(p.p), int(p.q))
    value = Fraction(p)
    if value < 0:
        raise ValueError(f"negative probability {p}")
    return value


def _sorted_items(weights: dict[Any, Any]) -> list[Any]:
    try:
        return sorted(weights.items(), key=operator.itemgetter(0))
    except TypeError:  # outcomes of mixed types: keep them in a stable, readable order
        return sorted(weights.items(), key=lambda item: (type(item[0]).__name__, repr(item[0])))
