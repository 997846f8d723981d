"""What states and chance tables derive and keep: kept once, never carried to a copy or another process, and the
quick paths (the legal action itself, a table's tickets) answering as the slow ones do."""

import copy
import pickle
import random
from fractions import Fraction

import pytest

from zaarlab.core.api import IllegalActionError, replace
from zaarlab.core.dice import pool_dist
from zaarlab.core.dist import ChanceTable, Dist
from zaarlab.core.play import play, random_bot, sample_outcome, sample_weighted
from zaarlab.zogars_gaze.state import Flip, Leave, Phase, ZogarGame


def a_delve():
    """A Zogar's Gaze state in the dungeon, after the first card: Flip and Leave are legal."""
    state = play(ZogarGame(players=2), [random_bot] * 2, seed=3).initial
    rng = random.Random(0)
    while not (state.phase == Phase.DELVE and state.flipped):
        legal = state.legal_actions()
        wanted = [a for a in legal if isinstance(a, Flip)] or list(legal)
        state = state.apply(sample_weighted(state.chance_weights(), rng) if state.current_player() < 0
                            else rng.choice(wanted))
    return state


def test_a_state_derives_once_and_a_replaced_state_derives_anew():
    state = a_delve()
    assert state.legal_actions() is state.legal_actions()
    moved = replace(state, flipped=0)  # Leave needs a card turned (ZOGAR-DELVE-03)
    assert "_legal_actions" not in moved.__dict__ and Leave() in state.legal_actions()
    assert Leave() not in moved.legal_actions()


COPIERS = {"pickle": lambda state: pickle.loads(pickle.dumps(state)), "copy": copy.copy, "deepcopy": copy.deepcopy}


@pytest.mark.parametrize("copier", list(COPIERS))
def test_a_copied_or_pickled_state_keeps_no_derived_value_and_refuses_as_before(copier):
    state = a_delve()
    state.apply(state.legal_actions()[0])  # derives its lookups, by identity and by value
    copied = COPIERS[copier](state)
    assert copied == state and copied.log == state.log
    assert set(copied.__dict__) == set(state.__getstate__())  # the fields only
    with pytest.raises(IllegalActionError) as refused:
        copied.apply(Fraction(1, 2))
    assert refused.value.rule_id.startswith("ZOGAR-")


def test_an_equal_action_built_anew_is_as_legal_as_the_listed_one():
    state = a_delve()
    listed = next(a for a in state.legal_actions() if isinstance(a, Flip))
    assert state.is_legal(listed) and state.is_legal(Flip()) and not state.is_legal([])  # [] is unhashable
    assert state.apply(Flip()) == state.apply(listed)


@pytest.mark.parametrize("stranger", [None, 0, "", (), Fraction(1, 2)], ids=repr)
def test_a_chance_node_refuses_what_is_none_of_its_outcomes(stranger):
    flip = a_delve().apply(Flip())  # a draw from the dungeon deck: a chance node
    assert flip.current_player() < 0 and not flip.is_legal(stranger)
    assert not pool_dist(2).triples().is_own(stranger)  # a table looking its outcomes up by value
    with pytest.raises(IllegalActionError, match="ZOGAR-DELVE-04"):
        flip.apply(stranger)


def test_a_chance_table_samples_as_its_fractions_and_pickles_as_its_triples():
    table = pool_dist(3).triples()
    assert table is pool_dist(3).triples() and table.tickets[1] == 6 ** 3  # kept: one table for a game's dice
    outcomes = tuple((o, Fraction(w, t)) for o, w, t in table)
    for seed in range(200):
        assert sample_weighted(table, random.Random(seed)) == sample_outcome(outcomes, random.Random(seed))
    restored = pickle.loads(pickle.dumps(table))
    assert restored == table and type(restored) is ChanceTable and not restored.__dict__  # derived nothing yet


@pytest.mark.parametrize("pile", ["aabbbc", "cba", "aabb", "bbaacc", ("x",), (3, 1, 2, 2)])
def test_a_draw_table_is_the_draw_distributions_triples(pile):
    table, reference = ChanceTable.draw(pile), ChanceTable(Dist.draw(pile).triples())
    assert table == reference
    derived_anew = ChanceTable(tuple(table))
    for known in ("tickets", "outcomes", "by_value"):  # what the draw knows at once, made or derived alike
        assert getattr(table, known) == getattr(derived_anew, known)
    with pytest.raises(ValueError, match="empty"):
        ChanceTable.draw(())
    others = [*(copy.copy(o) for o in table.outcomes), "zz", 0, 2.0, (), None, [], Fraction(1, 2)]
    for candidate in (*table.outcomes, *others):  # a sorted draw bisects: it answers as the lookup by value does
        assert table.is_own(candidate) == ChanceTable.is_own(table, candidate)
