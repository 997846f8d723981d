"""Dice pools as multisets, ordered throws and rerolls, against enumeration of ordered throws."""

import itertools
from collections import Counter

import pytest
import sympy

from zaarlab.core.dice import arrangements, ordered_dist, pool_dist, reroll_dist, sum_dist
from zaarlab.core.dist import Dist


@pytest.mark.parametrize(("n", "k"), [(1, 6), (2, 6), (3, 4), (5, 6), (4, 3)])
def test_pool_weights_count_ordered_throws(n, k):
    counts = Counter(tuple(sorted(t)) for t in itertools.product(range(1, k + 1), repeat=n))
    pool = pool_dist(n, k)
    assert set(pool.outcomes) == set(counts)
    assert all(pool.p(o) == sympy.Rational(c, k**n) for o, c in counts.items())


def test_five_d6_have_252_pools_and_yahtzee_is_6_in_7776():
    pools = pool_dist(5, 6)
    assert len(pools) == 252
    assert pools.p(lambda p: len(set(p)) == 1) == sympy.Rational(6, 7776)


def test_pool_of_a_weighted_die():
    loaded = Dist({"hit": 1, "miss": 2})
    assert pool_dist(2, loaded).p(("hit", "miss")) == sympy.Rational(4, 9)


def test_ordered_throws_keep_positions():
    letters = Dist.uniform("ABCD")
    raml = Dist.product(letters, *[Dist.uniform(range(4))] * 3)
    assert len(raml) == 256 and raml.p(("A", 0, 2, 0)) == sympy.Rational(1, 256)
    assert ordered_dist(2, 3).p((1, 2)) == sympy.Rational(1, 9)


def test_reroll_matches_enumeration():
    kept = (6, 6)
    counts = Counter(tuple(sorted(kept + t)) for t in itertools.product(range(1, 7), repeat=3))
    dist = reroll_dist(kept, 3, 6)
    assert all(dist.p(o) == sympy.Rational(c, 216) for o, c in counts.items())
    assert dist.p(lambda p: p.count(6) >= 3) == 1 - sympy.Rational(5, 6) ** 3


def test_arrangements_is_the_multinomial():
    assert arrangements((1, 1, 2, 2, 3)) == 30
    assert arrangements(()) == 1


def test_sum_of_zero_dice_and_bad_counts():
    assert sum_dist(0).p(0) == 1
    with pytest.raises(ValueError):
        sum_dist(-1)
    with pytest.raises(ValueError):
        Dist.die(0)
