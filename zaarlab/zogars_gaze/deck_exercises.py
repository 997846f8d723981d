"""Zogar's Gaze 2's exercises: pressing your luck in the dungeon deck, checked exactly (the API is
:mod:`zaarlab.teaching.exercises`).

Five questions on a deck part-way through a game, drawn for each student: the chance of the next card's kind, of
two of a kind in a row, of the seventh Zogar's Gaze below the cut, which of two events is likelier, and three
events ranked. Every deck is the reconstructed dungeon deck (the rulebook gives its size, not its list) with some of
its cards already turned; every chance is a count of the cards left, drawn without replacement.

>>> question = DECK_EXERCISES[1].for_student("Ada")
>>> print(question.text)  # doctest: +ELLIPSIS
The dungeon deck (zaarlab's reconstruction) has ... cards still unseen, shuffled: ... What is the chance that the \
next two cards are both ...?
>>> question.check(question.answer_text.split(" ≈ ")[0]).right
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from math import comb

from ..core.draws import p_drawn
from ..core.readable import exact_text
from ..teaching.exercises import (
    ADDED,
    CHOICES,
    COMPLEMENT,
    GONE_COUNTED,
    OFF_BY_ONE,
    ONE_ALONE,
    REPLACED,
    Exercise,
    Mistake,
    Question,
    best,
    lettered,
)
from .cards import load_cards
from .goals import GAZES_TO_LOSE  # the seventh Gaze revealed: every player loses (ZOGAR-GAZE-02)

KINDS = ("monster", "treasure", "gaze")  # the kinds a question asks about; the rest are "other cards"
NAMES = {"monster": ("monster", "monsters"), "treasure": ("treasure", "treasures"),
         "gaze": ("Zogar's Gaze card", "Zogar's Gaze cards")}
CLOSE = 3  # the likelier of two events compared is at most this many times as likely


def unseen(turned: int, seed: int) -> Counter:
    """The dungeon deck's cards still unseen after ``turned`` cards of it, shuffled with ``seed``, were turned, by
    kind (``"other"`` for the kinds no question asks about).

    >>> sum(unseen(0, 1).values()), unseen(0, 1)["gaze"]
    (126, 9)
    """
    cards = load_cards()
    return Counter(cards[c].kind if cards[c].kind in KINDS else "other" for c in deck_state(turned, seed).dungeon)


def gazes_in_deck() -> int:
    """The Zogar's Gaze cards of the dungeon deck (the reconstruction's 9, or a box's own).

    >>> gazes_in_deck()
    9
    """
    cards = load_cards()
    return sum(cards[c].kind == "gaze" for c in cards.dungeon_deck())


def deck_state(turned: int, seed: int):
    """A game's state whose dungeon holds the cards :func:`unseen` leaves (all below the cut), the Gazes among the
    cards turned laid out: the deck a question describes, for the engine's odds.

    >>> state = deck_state(20, 1)
    >>> len(state.dungeon), state.drawable, len(state.gazes) + unseen(20, 1)["gaze"]
    (106, 106, 9)
    """
    from dataclasses import replace

    from .state import ZogarGame

    cards = load_cards()
    deck = list(cards.dungeon_deck())
    random.Random(seed).shuffle(deck)
    start = ZogarGame(players=3).initial_state()
    return replace(start, dungeon=tuple(sorted(deck[turned:])), drawable=len(deck) - turned,
                   gazes=tuple(c for c in deck[:turned] if cards[c].kind == "gaze"))


def _deck_words(left: Counter) -> str:
    total = sum(left.values())
    parts = [f"{left[kind]} {NAMES[kind][left[kind] != 1]}" for kind in KINDS] + [f"{left['other']} other cards"]
    return (f"The dungeon deck (zaarlab's reconstruction) has {total} cards still unseen, shuffled: "
            f"{', '.join(parts[:-1])} and {parts[-1]}.")


def _left(params: dict) -> Counter:
    return unseen(params["turned"], params["seed"])


# -- the events a question asks about: (their words, their exact chance) --------------------------------------------
def next_is(left: Counter, kind: str) -> tuple[str, Fraction]:
    """The next card is of ``kind``."""
    return f"the next card is a {NAMES[kind][0]}", Fraction(left[kind], sum(left.values()))


def two_in_a_row(left: Counter, kind: str) -> tuple[str, Fraction]:
    """The next two cards are both of ``kind``: without replacement, one fewer of them and of the deck for the
    second."""
    n, c = sum(left.values()), left[kind]
    return f"the next two cards are both {NAMES[kind][1]}", Fraction(c * (c - 1), n * (n - 1))


def none_in(left: Counter, kind: str, cards: int = 3) -> tuple[str, Fraction]:
    """None of the next ``cards`` cards is of ``kind``."""
    n, c = sum(left.values()), left[kind]
    return f"none of the next {cards} cards is a {NAMES[kind][0]}", 1 - p_drawn(n, c, 1, cards)


EVENTS = (next_is, two_in_a_row, none_in)


def _next(params: dict) -> Question:
    left, kind = _left(params), params["kind"]
    words, p = next_is(left, kind)
    n = sum(left.values())
    whole = unseen(0, params["seed"])
    return Question(
        f"{_deck_words(left)} What is the chance that {words}?", p,
        "Every unseen card is as likely to come next: count the cards of that kind, over all the cards left.",
        f"{left[kind]} of the {n} cards left: {exact_text(p)}.", params, explainer=_chart(params), mistakes=(
            Mistake(COMPLEMENT,
                    f"that is the chance that the next card is not a {NAMES[kind][0]}: count those that are", 1 - p),
            Mistake(GONE_COUNTED,
                    f"that counts the whole deck: the {params['turned']} cards turned are no longer among those left",
                    Fraction(whole[kind], sum(whole.values())))))


def _two(params: dict) -> Question:
    left, kind = _left(params), params["kind"]
    words, p = two_in_a_row(left, kind)
    n, c = sum(left.values()), left[kind]
    plural = NAMES[kind][1]
    return Question(
        f"{_deck_words(left)} What is the chance that {words}?", p,
        "After the first one is turned, there is one fewer of them, and one card fewer in the deck.",
        f"{c}/{n} × {c - 1}/{n - 1} = {exact_text(p)}.", params,
        explainer=("two_cards", {"turned": params["turned"], "seed": params["seed"], "kind": kind}), mistakes=(
            Mistake(REPLACED,
                    f"that puts the first card back: the second comes from a deck one card smaller, with one fewer "
                    f"{plural}", Fraction(c, n) ** 2),
            Mistake(ONE_ALONE, f"that is the chance for the first card alone: both must be {plural}", Fraction(c, n)),
            Mistake(COMPLEMENT, f"that is the chance that the two are not both {plural}: take it from 1", 1 - p)))


def p_seventh(deck: int, gazes: int, missing: int, cards: int) -> Fraction:
    """The chance that at least ``missing`` of the ``gazes`` Gaze cards in a ``deck`` of unseen cards are among the
    next ``cards``: one minus the chances of fewer (hypergeometric).

    >>> p_seventh(10, 3, 1, 2), p_seventh(10, 3, 2, 2)
    (Fraction(8, 15), Fraction(1, 15))
    """
    return p_drawn(deck, gazes, missing, cards)


def _seventh(params: dict) -> Question:
    deck, out, cards = params["deck"], params["out"], params["cards"]
    total = gazes_in_deck()
    gazes, missing = total - out, GAZES_TO_LOSE - out
    p = p_seventh(deck, gazes, missing, cards)
    miss = [comb(gazes, k) * comb(deck - gazes, cards - k) for k in range(missing)]
    if missing == 1:
        hint = f"Work out the chance that none of the {cards} cards is a Gaze, and take it from 1."
        how = "No Gaze: " + " × ".join(f"{deck - gazes - i}/{deck - i}" for i in range(cards))
    else:
        hint = (f"Two more Gazes are needed: take from 1 the chance of no Gaze and the chance of exactly one among the "
                f"{cards} cards.")
        how = (f"Of the C({deck}, {cards}) = {comb(deck, cards)} sets of {cards} cards, {miss[0]} hold no Gaze "
               f"(C({deck - gazes}, {cards})) and {miss[1]} exactly one ({gazes} × C({deck - gazes}, {cards - 1})): "
               f"fewer than two with ({miss[0]} + {miss[1]})/{comb(deck, cards)}")
    return Question(
        f"{out} of the {total} Zogar's Gaze cards (zaarlab's reconstruction of the deck) are out; when the seventh is "
        f"turned, every player loses. The deck has "
        f"{deck} cards still unseen, {gazes} of them Gazes, and the cut lets you turn at most {cards} more this delve. "
        f"If you turn all {cards}, what is the chance that the seventh Gaze comes up?", p, hint,
        f"{how} = {1 - p}, so 1 − {1 - p} = {exact_text(p)}.", params,
        explainer=("gazes_among", {"unseen": deck, "gazes": gazes, "cards": cards, "needed": missing}), mistakes=(
            Mistake(COMPLEMENT, "that is the chance that the seventh Gaze does not come up: take it from 1", 1 - p),
            Mistake(REPLACED,
                    "that puts each card back: each card turned leaves one card fewer, and a Gaze turned one Gaze "
                    "fewer", sum((comb(cards, k) * Fraction(gazes, deck) ** k * Fraction(deck - gazes, deck) ** (
                        cards - k) for k in range(missing, cards + 1)), Fraction(0))),
            *((Mistake(ADDED,
                       f"adding {gazes}/{deck} for each card turned counts the sets with two Gazes or more several "
                       "times: take 1 minus the chance of none", Fraction(gazes * cards, deck)),) if missing == 1 else
              (Mistake(OFF_BY_ONE, f"one more Gaze is not enough: with {out} out, {missing} more are needed",
                       p_seventh(deck, gazes, 1, cards)),))))


def _event(left: Counter, event) -> tuple[str, Fraction]:
    kind, name = event
    return {f.__name__: f for f in EVENTS}[name](left, kind)


def _which(params: dict) -> Question:
    left = _left(params)
    events = [_event(left, event) for event in params["events"]]
    return Question(
        f"{_deck_words(left)} Which is the likeliest? {lettered([words for words, _ in events])}.",
        best([p for _, p in events]),
        "Work out each chance from the counts; the second card of a pair comes from a deck one card smaller.",
        lettered([exact_text(p) for _, p in events]) + ".", params, CHOICES, _chart(params))


def _rank(params: dict) -> Question:
    left, letters = _left(params), "ABC"
    events = {letter: _event(left, event) for letter, event in zip(letters, params["events"], strict=True)}
    order = tuple(sorted(letters, key=lambda letter: events[letter][1], reverse=True))
    return Question(
        f"{_deck_words(left)} Rank from the likeliest to the least likely: " + "; ".join(
            f"{letter}: {events[letter][0]}" for letter in letters) + ".", order,
        "Work out the three chances from the counts, each card turned leaving one fewer.",
        "; ".join(f"{letter}: {exact_text(events[letter][1])}" for letter in order) + ".", params,
        explainer=_chart(params))


def _chart(params: dict) -> tuple:
    """The chart of the next card's kinds on the question's deck."""
    return ("next_card", {"turned": params["turned"], "seed": params["seed"]})


def _draw_deck(rng: random.Random) -> dict:
    """A deck part-way through a game: 20 to 90 of its cards turned, at most 6 of them Gazes (the game goes on)."""
    while True:
        params = {"seed": rng.randrange(10**6), "turned": rng.randint(20, 90)}
        if _left(params)["gaze"] >= gazes_in_deck() - (GAZES_TO_LOSE - 1):
            return params


def _draw_kind(rng: random.Random, smallest: int) -> dict:
    """A deck and a kind with at least ``smallest`` cards of it left."""
    while True:
        params = _draw_deck(rng) | {"kind": rng.choice(KINDS)}
        if _left(params)[params["kind"]] >= smallest:
            return params


def _draw_events(rng: random.Random) -> dict:
    """A deck and three events on it with different chances, none certain or impossible, and each at most
    :data:`CLOSE` times the next likelier one (a comparison worth working out)."""
    while True:
        params = _draw_deck(rng)
        left = _left(params)
        events = [(rng.choice(KINDS), rng.choice(EVENTS).__name__) for _ in range(len(CHOICES))]
        chances = sorted(_event(left, event)[1] for event in events)
        if (len(set(chances)) == len(CHOICES) and 0 < chances[0] and chances[-1] < 1
                and all(b <= CLOSE * a for a, b in pairwise(chances))):
            return params | {"events": events}


DECK_EXERCISES: Sequence[Exercise] = (
    Exercise("zogar-next", "The next card", lambda rng: _draw_kind(rng, 1), _next),
    Exercise("zogar-two", "Two in a row", lambda rng: _draw_kind(rng, 2), _two),
    Exercise("zogar-seventh", "The seventh Gaze", lambda rng: {
        "deck": rng.randint(20, 50), "out": rng.choice((5, 6)), "cards": rng.randint(2, 5)}, _seventh),
    Exercise("zogar-likelier", "The likeliest", _draw_events, _which),
    Exercise("zogar-rank-events", "Rank the chances", _draw_events, _rank),
)
"""Zogar's Gaze 2's exercises (pressing your luck in the deck)."""
