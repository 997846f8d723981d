"""Zerzura 1's exercises: each drawn question's answer checked, for many students, against the score sheet of the
game (:func:`zaarlab.zerzura.scoring.score`, Guards tried every way) and against Markets counted one by one."""

from fractions import Fraction
from itertools import combinations, product

import pytest

from tests.helpers import by_id
from zaarlab.zerzura.cards import load_cards
from zaarlab.zerzura.exercises import GUARDS, SCORING_EXERCISES, _goods
from zaarlab.zerzura.scoring import quantities, score

STUDENTS = [f"student {i}" for i in range(40)]


@pytest.mark.rule("ZERZURA-GOAL-02")
@pytest.mark.rule("ZERZURA-END-03")
def test_the_points_of_a_holding_are_the_score_sheets_and_its_cards_show_the_holding():
    for name in STUDENTS:
        question = by_id(SCORING_EXERCISES, "zerzura-scales").for_student(name)
        holding = question.params["holding"]
        hand = _goods(holding)
        assert {obj: q for obj, q in quantities(hand).items() if q} == holding
        assert question.answer == score(hand).total


@pytest.mark.rule("ZERZURA-CHAR-02")
def test_the_guards_best_place_is_where_the_score_sheet_puts_it():
    cards = load_cards()
    for name in STUDENTS:
        question = by_id(SCORING_EXERCISES, "zerzura-guard").for_student(name)
        holding, shift = question.params["holding"], question.params["shift"]
        best = score([*_goods(holding), GUARDS[shift]]).total  # the sheet tries every place, and none
        totals = {"C": sum(cards.vp(obj, q) for obj, q in holding.items())}
        for letter, obj in zip("AB", holding, strict=True):
            totals[letter] = totals["C"] - cards.vp(obj, holding[obj]) + cards.vp(obj, max(holding[obj] + shift, 0))
        assert totals[question.answer] == best == max(totals.values())


def test_the_market_chance_is_the_share_of_markets_counted_one_by_one():
    for name in STUDENTS[:8]:
        question = by_id(SCORING_EXERCISES, "zerzura-market").for_student(name)
        unseen, showing = question.params["unseen"], question.params["showing"]
        markets = list(combinations(range(unseen), 4))  # cards 0 .. showing - 1 show the Object
        assert question.answer == Fraction(sum(min(m) < showing for m in markets), len(markets))


def test_the_likely_mistakes_are_counted_market_by_market_and_read_from_the_sheet():
    """The Market: the complement, each card put back (every ordered draw with repeats), the chances added, exactly one;
    the points: one kind's scale alone, as the score sheet scores that kind's cards alone."""
    for name in STUDENTS[:8]:
        question = by_id(SCORING_EXERCISES, "zerzura-market").for_student(name)
        unseen, showing = question.params["unseen"], question.params["showing"]
        markets = list(combinations(range(unseen), 4))  # cards 0 .. showing - 1 show the Object
        repeats = list(product(range(unseen), repeat=4))
        assert {m.value for m in question.mistakes} == {
            Fraction(sum(min(m) >= showing for m in markets), len(markets)),
            Fraction(sum(min(m) < showing for m in repeats), len(repeats)), Fraction(4 * showing, unseen),
            Fraction(sum(sum(c < showing for c in m) == 1 for m in markets), len(markets))} - {question.answer}
    for name in STUDENTS:
        question = by_id(SCORING_EXERCISES, "zerzura-scales").for_student(name)
        holding = question.params["holding"]
        alone = {score(_goods({obj: q})).total for obj, q in holding.items()}
        (a, qa), (b, qb) = holding.items()
        swapped = score(_goods({a: qb})).total + score(_goods({b: qa})).total  # each quantity on the other's row
        assert {m.value for m in question.mistakes} == (alone | {swapped}) - {question.answer}


def test_which_card_and_the_ranking_follow_the_score_sheet():
    for name in STUDENTS:
        which = by_id(SCORING_EXERCISES, "zerzura-which").for_student(name)
        hand = _goods(which.params["holding"])
        gains = [score([*hand, card]).total - score(hand).total for card in which.params["cards"]]
        assert which.answer == "ABC"[gains.index(max(gains))] and len(set(gains)) == 3
        rank = by_id(SCORING_EXERCISES, "zerzura-rank").for_student(name)
        hand = _goods(rank.params["holding"])
        gains = {letter: score([*hand, card]).total - score(hand).total
                 for letter, card in zip("ABC", rank.params["cards"], strict=True)}
        assert list(rank.answer) == sorted("ABC", key=gains.get, reverse=True) and len(set(gains.values())) == 3
