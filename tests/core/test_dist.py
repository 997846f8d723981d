"""Dist: exact sums checked against icepool and brute-force enumeration, and every operation's contract."""

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from zaarlab.core.dice import sum_dist
from zaarlab.core.dist import Dist

POOLS = [(1, 6), (2, 6), (3, 6), (4, 4), (5, 6), (3, 10), (6, 3), (2, 20)]


def brute_force_sum(n, k):
    counts = Counter(sum(throw) for throw in itertools.product(range(1, k + 1), repeat=n))
    return {total: Fraction(c, k**n) for total, c in counts.items()}


@pytest.mark.parametrize(("n", "k"), POOLS)
def test_sum_agrees_with_brute_force(n, k):
    assert {o: Fraction(int(p.p), int(p.q)) for o, p in sum_dist(n, k).to_sympy().items()} == brute_force_sum(n, k)


@pytest.mark.parametrize(("n", "k"), [*POOLS, (30, 6), (12, 12)])
def test_sum_agrees_with_icepool(n, k):
    pool = n @ icepool.d(k)
    ours = sum_dist(n, k)
    assert ours.outcomes == tuple(pool.outcomes())
    for outcome in pool.outcomes():
        assert ours.p(outcome) == sympy.Rational(pool.quantity(outcome), pool.denominator())


def test_three_d6_ten_is_one_eighth():
    assert sum_dist(3, 6).p(10) == sympy.Rational(1, 8)


def test_probabilities_are_sympy_rationals_summing_to_one():
    dist = sum_dist(7, 6)
    probs = dist.to_sympy()
    assert all(isinstance(p, sympy.Rational) for p in probs.values())
    assert sum(probs.values()) == 1


def test_mean_and_variance_are_exact():
    assert sum_dist(10, 6).mean() == 35
    assert sum_dist(10, 6).variance() == sympy.Rational(175, 6)
    assert Dist({0: 1, 10: 3}).variance() == sympy.Rational(75, 4)


def test_weights_are_kept_in_lowest_terms_so_equal_dists_are_equal():
    a, b = Dist({"x": 2, "y": 6}), Dist({"y": 3, "x": 1})
    assert a == b and hash(a) == hash(b) and a.denominator == 4
    assert {a: "same"}[b] == "same"


@pytest.mark.parametrize("weights", [{}, {"a": 0}, {"a": -1}, {"a": 0.5}, {"a": True}])
def test_bad_weights_are_refused(weights):
    with pytest.raises(ValueError):
        Dist(weights)


def test_from_probs_needs_a_total_of_one():
    assert Dist.from_probs({"a": sympy.Rational(1, 3), "b": Fraction(2, 3)}) == Dist({"a": 1, "b": 2})
    with pytest.raises(ValueError, match="sum to 5/6"):
        Dist.from_probs({"a": "1/2", "b": "1/3"})
    with pytest.raises(ValueError, match="negative"):
        Dist.from_probs({"a": "3/2", "b": "-1/2"})


def test_map_bind_given_and_floordiv():
    d6 = Dist.die(6)
    assert d6.map(lambda f: f % 2).p(0) == sympy.Rational(1, 2)
    assert (d6 // 2).p(0) == sympy.Rational(1, 6)  # only a 1 halves to 0
    assert d6.given(lambda f: f >= 5).p(6) == sympy.Rational(1, 2)
    with pytest.raises(ValueError, match="probability 0"):
        d6.given(lambda f: f > 6)
    # roll a d6, then that many d6: compare with direct enumeration of the two stages
    two_stage = d6.bind(lambda n: sum_dist(n, 6))
    expected = sum((Fraction(1, 6) * brute_force_sum(n, 6).get(12, 0) for n in range(1, 7)), Fraction(0))
    assert two_stage.p(12) == sympy.Rational(expected.numerator, expected.denominator)


def test_product_is_the_joint_distribution():
    joint = Dist.product(Dist.die(2), Dist.die(3))
    assert len(joint) == 6 and all(joint.p(o) == sympy.Rational(1, 6) for o in joint)
    assert joint.map(sum) == Dist.die(2) + Dist.die(3)


def test_mixture_weights_its_parts():
    mixed = Dist.mixture([(Dist.certain("a"), 3), (Dist({"a": 1, "b": 1}), 1)])
    assert mixed.p("a") == sympy.Rational(7, 8)


def test_shift_by_a_constant_and_sum_builtin():
    assert (Dist.die(6) + 10).outcomes == tuple(range(11, 17))
    assert sum([Dist.die(6)] * 3) == sum_dist(3, 6)


def test_repr_and_tables():
    assert repr(Dist.die(2)) == "Dist({1: 1, 2: 1} / 2)"
    table = sum_dist(2, 6).to_markdown("sum")
    assert "| 7 | 1/6 | 16.67 |" in table
    assert r"\frac{1}{6}" in sum_dist(2, 6).to_latex()


def test_mixed_outcome_types_sort_stably():
    assert Dist({"a": 1, 2: 1}).outcomes == (2, "a")


@given(st.dictionaries(st.integers(-5, 5), st.integers(1, 20), min_size=1),
       st.dictionaries(st.integers(-5, 5), st.integers(1, 20), min_size=1))
def test_convolution_matches_pairwise_enumeration(wa, wb):
    a, b = Dist(wa), Dist(wb)
    expected = Counter()
    for (x, p), (y, q) in itertools.product(wa.items(), wb.items()):
        expected[x + y] += p * q
    assert a + b == Dist(dict(expected))
    assert (a + b).p(lambda _: True) == 1


@given(st.integers(1, 12), st.integers(1, 8))
def test_times_equals_repeated_addition(n, k):
    die = Dist.die(k)
    folded = die
    for _ in range(n - 1):
        folded = folded + die
    assert die.times(n) == folded == sum_dist(n, k)


def test_mixture_refuses_parts_without_weight():
    with pytest.raises(ValueError, match="at least one positive"):
        Dist.mixture([(Dist.die(6), 0)])
    with pytest.raises(ValueError):
        Dist.mixture([(Dist.die(6), -1), (Dist.die(2), 2)])
