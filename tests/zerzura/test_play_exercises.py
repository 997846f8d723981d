"""Zerzura 2's exercises: each drawn question's answer checked, for many students, against whole games the engine
plays (the actions each player takes), the engine's setup (the cards it leaves out), a product of the cards that
stay, and every hand scored here apart, Object by Object on the game's scales (not by the score sheet)."""

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from tests.helpers import by_id
from zaarlab.core.api import CHANCE
from zaarlab.core.play import Session
from zaarlab.zerzura.bots import BOTS
from zaarlab.zerzura.cards import load_cards
from zaarlab.zerzura.play_exercises import PLAY_EXERCISES
from zaarlab.zerzura.state import Phase, ZerzuraGame

STUDENTS = [f"student {i}" for i in range(40)]
CARDS = load_cards()


def points(hand) -> int:
    """A hand of Goods cards scored here: each Object's quantity read on its scale."""
    held = Counter(obj for card in hand for obj in CARDS.goods[card].objects)
    return sum(CARDS.vp(obj, n) for obj, n in held.items())


def lead_after(move, mine, theirs) -> int:
    mine, theirs = list(mine), list(theirs)
    if move[0] == "take":
        mine.append(move[1])
    else:
        mine.remove(move[1])
        theirs.remove(move[2])
        mine.append(move[2])
        theirs.append(move[1])
    return points(mine) - points(theirs)


def change(move, params) -> int:
    return lead_after(move, params["mine"], params["theirs"]) - (points(params["mine"]) - points(params["theirs"]))


@pytest.mark.rule("ZERZURA-END-01")
@pytest.mark.rule("ZERZURA-ACTION-10")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_zerzura_end_01_the_actions_each_player_takes_are_those_of_a_whole_game_the_engine_plays(players):
    question = next(q for q in (by_id(PLAY_EXERCISES, "zerzura-actions").for_student(name) for name in STUDENTS)
                    if q.params["players"] == players)
    session = Session(ZerzuraGame(players=players).initial_state(), [BOTS["random"]] * players, seed=players)
    session.run_until(lambda state: False)
    assert session.state.is_terminal()
    movers = Counter(s.current_player() for s in session.states[:-1] if s.current_player() != CHANCE)
    (whole,) = set(movers.values())  # every player takes as many
    done = question.params["after"]
    assert question.answer == whole - done * (2 if players == 2 else 1), movers
    assert f"Round {done} has just ended" in question.text


@pytest.mark.rule("ZERZURA-SETUP-04")
def test_zerzura_setup_04_the_copies_that_stay_are_counted_over_every_set_of_cards_left_out():
    """The engine's setup says how many cards leave; which of the copies stay is then counted over the places the
    copies take among the shuffled cards (every way to place them, alike), and with replacement for the mistake."""
    answers = set()
    for name in STUDENTS:
        question = by_id(PLAY_EXERCISES, "zerzura-in-play").for_student(name)
        players, cards, (how, stay) = question.params["players"], question.params["cards"], question.params["asked"]
        state = ZerzuraGame(players=players).initial_state()
        while state.phase == Phase.REMOVE:
            state = state.apply(state.chance_outcomes()[0][0])
        total, removed = len(CARDS.deck()), len(CARDS.deck()) - len(state.deck)
        assert f"{removed} of Zerzura's {total} cards" in question.text
        copies = sum(CARDS.deck().count(card) for card in cards)
        assert copies == (stay if how == "all" else 3)
        places = list(combinations(range(total), copies))  # the copies' places in the shuffle; the last leave
        stayed = [sum(place < total - removed for place in where) for where in places]
        wanted = (lambda n, stay=stay: n >= stay) if how == "at least" else (lambda n, stay=stay: n == stay)
        assert question.answer == Fraction(sum(map(wanted, stayed)), len(places)), question.text
        each = Fraction(total - removed, total)
        apart = sum((comb(copies, j) * each ** j * (1 - each) ** (copies - j) for j in range(copies + 1)
                     if wanted(j)), Fraction(0))
        assert {m.value for m in question.mistakes} == {apart, 1 - question.answer} - {question.answer}
        answers.add(question.answer)
    assert len(answers) >= 10


@pytest.mark.rule("ZERZURA-ACTION-04")
@pytest.mark.rule("ZERZURA-END-03")
def test_zerzura_action_04_an_exchanges_worth_is_both_hands_scored_on_the_scales():
    seen = Counter()
    for name in STUDENTS:
        question = by_id(PLAY_EXERCISES, "zerzura-exchange").for_student(name)
        assert question.answer == change(question.params["move"], question.params) != 0
        move, mine, theirs = question.params["move"], question.params["mine"], question.params["theirs"]
        gained, lost = list(mine), list(theirs)  # each hand after the exchange, scored apart
        gained.remove(move[1])
        lost.remove(move[2])
        yours, their = points([*gained, move[2]]) - points(mine), points([*lost, move[1]]) - points(theirs)
        assert {m.value for m in question.mistakes} == {yours, yours + their} - {question.answer}
        for card in (*question.params["mine"], *question.params["theirs"]):
            assert CARDS.card_name(card) in question.text
        seen[question.answer > 0] += 1
    assert seen[True] and seen[False]  # some exchanges lose ground: the answer's sign is the question


@pytest.mark.rule("ZERZURA-ACTION-03")
def test_zerzura_action_03_take_or_exchange_and_the_ranking_follow_the_lead_scored_here():
    for name in STUDENTS:
        which = by_id(PLAY_EXERCISES, "zerzura-take-or-exchange").for_student(name)
        a, b = (change(move, which.params) for move in which.params["moves"])
        assert which.answer == ("the same" if a == b else "A" if a > b else "B")
        assert sorted(move[0] for move in which.params["moves"]) == ["exchange", "take"]
        rank = by_id(PLAY_EXERCISES, "zerzura-rank-moves").for_student(name)
        changes = {letter: change(move, rank.params) for letter, move in zip("ABC", rank.params["moves"], strict=True)}
        assert rank.answer == tuple(sorted(changes, key=changes.get, reverse=True))
        assert any(move[0] == "take" for move in rank.params["moves"])


def test_the_hands_are_dealt_from_the_games_goods_cards():
    printed = Counter({g.id: g.count for g in CARDS.goods.values()})
    for name in STUDENTS:
        params = by_id(PLAY_EXERCISES, "zerzura-rank-moves").for_student(name).params
        market = [move[1] for move in params["moves"] if move[0] == "take"]
        assert not Counter([*params["mine"], *params["theirs"], *market]) - printed


def test_a_fall_typed_with_a_minus_sign_is_read():
    exchange = by_id(PLAY_EXERCISES, "zerzura-exchange")
    question = next(q for q in (exchange.for_student(name) for name in STUDENTS) if q.answer < 0)
    assert question.check(f"\u2212{-question.answer}").right and question.check(str(question.answer)).right
    assert not question.check(str(-question.answer)).right
