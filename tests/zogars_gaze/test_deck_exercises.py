"""Zogar's Gaze 2's exercises: each drawn question's answer checked, for many students, against the engine's own odds
on a state holding the deck the question describes (the next card's kind, the seventh Gaze below the cut), and
against the deck's cards enumerated here, pair by pair and card by card."""

import random
import re
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, permutations, product

import pytest

from tests.helpers import by_id
from zaarlab.zogars_gaze.cards import load_cards
from zaarlab.zogars_gaze.deck import next_card_dist, p_seventh_gaze_within
from zaarlab.zogars_gaze.deck_exercises import DECK_EXERCISES
from zaarlab.zogars_gaze.state import ZogarGame

STUDENTS = [f"student {i}" for i in range(40)]
CARDS = load_cards()
START = ZogarGame(players=3).initial_state()
WORDS = {"monster": "monster", "treasure": "treasure", "Zogar's Gaze card": "gaze"}


def the_deck(params) -> tuple[list[str], list[str]]:
    """The cards turned and those unseen, shuffled here as the question says (the same seed, the same cards)."""
    deck = list(CARDS.dungeon_deck())
    random.Random(params["seed"]).shuffle(deck)
    return deck[:params["turned"]], deck[params["turned"]:]


def kind(card: str) -> str:
    return CARDS[card].kind


def chance(cards: list[str], words: str) -> Fraction:
    """The chance of an event, in the question's words, counted over the unseen ``cards``: one card, every ordered
    pair, or card after card for three."""
    if match := re.fullmatch(r"the next card is a (.+)", words):
        return Fraction(sum(kind(c) == WORDS[match[1]] for c in cards), len(cards))
    if match := re.fullmatch(r"the next two cards are both (.+)s", words):
        pairs = [(a, b) for a, b in permutations(range(len(cards)), 2)]
        return Fraction(sum(kind(cards[a]) == kind(cards[b]) == WORDS[match[1]] for a, b in pairs), len(pairs))
    match = re.fullmatch(r"none of the next 3 cards is a (.+)", words)
    others, n, p = sum(kind(c) != WORDS[match[1]] for c in cards), len(cards), Fraction(1)
    for i in range(3):
        p *= Fraction(others - i, n - i)
    return p


@pytest.mark.rule("ZOGAR-DELVE-01")
def test_zogar_delve_01_the_next_cards_kind_is_the_engines_chance_on_the_deck_described():
    for name in STUDENTS:
        question = by_id(DECK_EXERCISES, "zogar-next").for_student(name)
        turned, unseen = the_deck(question.params)
        state = replace(START, dungeon=tuple(sorted(unseen)), drawable=len(unseen),
                        gazes=tuple(c for c in turned if kind(c) == "gaze"))
        assert Fraction(str(next_card_dist(state).p(question.params["kind"]))) == question.answer
        assert f"has {len(unseen)} cards still unseen" in question.text


@pytest.mark.rule("ZOGAR-DELVE-01")
def test_zogar_delve_01_two_in_a_row_counts_every_ordered_pair_of_the_deck():
    for name in STUDENTS:
        question = by_id(DECK_EXERCISES, "zogar-two").for_student(name)
        _, unseen = the_deck(question.params)
        words = re.search(r"the chance that (.+)\?", question.text)[1]
        assert chance(unseen, words) == question.answer > 0


@pytest.mark.rule("ZOGAR-GAZE-02")
@pytest.mark.rule("ZOGAR-DELVE-02")
def test_zogar_gaze_02_the_seventh_gaze_is_the_engines_chance_before_the_cut():
    gazes = [c for c in CARDS.dungeon_deck() if kind(c) == "gaze"]
    others = [c for c in CARDS.dungeon_deck() if kind(c) != "gaze"]
    for name in STUDENTS:
        question = by_id(DECK_EXERCISES, "zogar-seventh").for_student(name)
        deck, out, cards = (question.params[key] for key in ("deck", "out", "cards"))
        left = len(gazes) - out
        state = replace(START, gazes=tuple(gazes[:out]), dungeon=tuple(gazes[out:] + others[:deck - left]),
                        drawable=cards)  # the cut leaves ``cards`` to turn
        assert Fraction(str(p_seventh_gaze_within(state, cards))) == question.answer
        assert Fraction(str(p_seventh_gaze_within(state, cards + 5))) == question.answer  # not one card past the cut


def test_which_is_likelier_and_the_ranking_count_the_deck_card_by_card():
    for name in STUDENTS:
        which = by_id(DECK_EXERCISES, "zogar-likelier").for_student(name)
        _, unseen = the_deck(which.params)
        events = dict(re.findall(r"([ABC]): ([^;]+?)(?:;|\.$)", which.text.split("the likeliest? ")[1]))
        assert which.answer == max(events, key=lambda letter: chance(unseen, events[letter])) and len(events) == 3
        rank = by_id(DECK_EXERCISES, "zogar-rank-events").for_student(name)
        _, unseen = the_deck(rank.params)
        events = dict(re.findall(r"([ABC]): ([^;]+?)(?:;|\.$)", rank.text.split("least likely: ")[1]))
        assert rank.answer == tuple(sorted(events, key=lambda letter: chance(unseen, events[letter]), reverse=True))


def test_every_deck_described_is_the_reconstructed_deck_with_the_game_still_on():
    for name in STUDENTS:
        assert all("zaarlab's reconstruction" in e.for_student(name).text for e in DECK_EXERCISES)
        question = by_id(DECK_EXERCISES, "zogar-rank-events").for_student(name)
        turned, unseen = the_deck(question.params)
        assert sum(kind(c) == "gaze" for c in turned) <= 6 and len(turned) + len(unseen) == 126
        counts = re.search(r"shuffled: (\d+) monsters?, (\d+) treasures?, (\d+) Zogar's Gaze cards? and (\d+) other",
                           question.text).groups()
        assert [int(n) for n in counts] == [sum(kind(c) == k for c in unseen) for k in (
            "monster", "treasure", "gaze")] + [sum(kind(c) not in ("monster", "treasure", "gaze") for c in unseen)]


def test_the_likely_mistakes_are_what_counting_the_cards_gives():
    """Each listed mistake of the three number questions, counted here card by card: the complement, the whole deck
    for the cards left, the first card put back (every ordered pair with repeats), the first card alone, and for the
    seventh Gaze each card put back, the chances added, or one Gaze where two are needed."""
    for name in STUDENTS:
        question = by_id(DECK_EXERCISES, "zogar-next").for_student(name)
        _, unseen = the_deck(question.params)
        hits = sum(kind(c) == question.params["kind"] for c in unseen)
        whole = list(CARDS.dungeon_deck())
        assert {m.value for m in question.mistakes} == {
            Fraction(len(unseen) - hits, len(unseen)),
            Fraction(sum(kind(c) == question.params["kind"] for c in whole), len(whole))}
        question = by_id(DECK_EXERCISES, "zogar-two").for_student(name)
        _, unseen = the_deck(question.params)
        words = re.search(r"the chance that (.+)\?", question.text)[1]
        hits = [kind(c) == question.params["kind"] for c in unseen]
        repeats = [(a, b) for a in hits for b in hits]
        assert {m.value for m in question.mistakes} == {
            Fraction(sum(a and b for a, b in repeats), len(repeats)), Fraction(sum(hits), len(hits)),
            1 - chance(unseen, words)}
        question = by_id(DECK_EXERCISES, "zogar-seventh").for_student(name)
        deck, out, cards = (question.params[key] for key in ("deck", "out", "cards"))
        gazes, missing = sum(kind(c) == "gaze" for c in CARDS.dungeon_deck()) - out, 7 - out
        put_back = sum(Fraction(gazes, deck) ** turned.count(True) * Fraction(deck - gazes, deck) ** turned.count(False)
                       for turned in product((True, False), repeat=cards) if turned.count(True) >= missing)
        sets = list(combinations(range(deck), cards))  # the first ``gazes`` cards are the Gazes
        one = Fraction(sum(any(c < gazes for c in chosen) for chosen in sets), len(sets))
        assert {m.value for m in question.mistakes} == {
            1 - question.answer, put_back, Fraction(gazes * cards, deck) if missing == 1 else one}
