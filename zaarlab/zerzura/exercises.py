"""Zerzura 1's exercises: the scales, a Guard, the Market, checked exactly
(the API is :mod:`zaarlab.teaching.exercises`).

Five questions, their numbers drawn for each student: the points of two kinds of Object on their scales, where a
Guard is best used, the chance that the next Market shows an Object (drawing without replacement), which of two Market
cards adds more to a collection, and three ranked. The scales are the game's (``zerzura/scoring.yaml``); the totals
are the score sheet's (:func:`~zaarlab.zerzura.scoring.score`).

>>> question = SCORING_EXERCISES[2].for_student("Ada")
>>> question.text  # doctest: +ELLIPSIS
'The next Market is 4 cards drawn from the ... cards you have not seen; ... of them show the Object you collect, ...'
>>> question.check(question.answer_text.split(" ≈ ")[0]).right
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb

from ..core.draws import p_drawn
from ..core.readable import exact_text
from ..teaching.exercises import (
    ADDED,
    CHOICES,
    COMPLEMENT,
    EXACTLY,
    ONE_ALONE,
    OTHER_RULE,
    REPLACED,
    Exercise,
    Mistake,
    Question,
    best,
    lettered,
)
from .cards import counted_objects, load_cards
from .scoring import score

MARKET = 4  # cards in a Market (ZERZURA-ROUND-02)
GUARDS = {1: "guard_plus_1", 2: "guard_plus_2", -1: "guard_minus_1"}


def _plural(obj: str) -> str:
    """"Enchanted lamps", "Cursed peppers": an Object's name for several."""
    name = load_cards().names[obj]
    return name if name.endswith("s") else f"{name}s"


def _name(obj: str, quantity: int) -> str:
    """"3 Enchanted lamps", "1 Cursed pepper": an Object and how many, as the score sheet counts them."""
    return counted_objects(load_cards().names[obj], quantity)


PARTS = {1: (1,), 2: (2,), 3: (3,), 4: (3, 1), 5: (3, 2), 6: (3, 2, 1)}  # a quantity from the cards of one kind


def _goods(holding: dict) -> list[str]:
    """Goods cards of one Object each, one of each card at most, that show ``holding`` (Object -> quantity, 1 to 6):
    ``lamp_3``, ``lamp_1``..."""
    return [f"{obj}_{part}" for obj, quantity in holding.items() for part in PARTS[quantity]]


def _scales(params: dict) -> Question:
    holding = params["holding"]
    cards = load_cards()
    total = score(_goods(holding)).total
    parts = [f"{_name(obj, q)}: {cards.vp(obj, q)}" for obj, q in holding.items()]
    return Question(
        f"At the end of the game you hold {' and '.join(_name(obj, q) for obj, q in holding.items())}, and nothing "
        "else. How many points do they score?", total,
        "Each kind of Object has its own scale: read each one at the quantity you hold, then add.",
        f"{'; '.join(parts)}; {total} points in all.", params, explainer=_builder(holding), mistakes=(
            *(Mistake(ONE_ALONE, f"that is the {_plural(obj)} alone: add the points of every kind you hold",
                      cards.vp(obj, q)) for obj, q in holding.items()),
            Mistake(OTHER_RULE, "that reads each quantity on the other kind's scale: each kind has a row of its own",
                    sum(cards.vp(obj, q) for obj, q in zip(holding, reversed(holding.values()), strict=True)))))


def _guard_totals(params: dict) -> dict[str, int]:
    """The sheet's total with the Guard on each Object held, and unused."""
    holding, shift = params["holding"], params["shift"]
    cards = load_cards()
    plain = {obj: cards.vp(obj, q) for obj, q in holding.items()}
    totals = {obj: sum(plain.values()) - plain[obj] + cards.vp(obj, max(q + shift, 0)) for obj, q in holding.items()}
    return {**totals, "unused": sum(plain.values())}


def _guard(params: dict) -> Question:
    holding, shift = params["holding"], params["shift"]
    totals = _guard_totals(params)
    options = ("A", "B", "C")
    best = max(totals, key=totals.get)
    letter = dict(zip([*holding, "unused"], options, strict=True))
    guard = load_cards().card_name(GUARDS[shift])
    return Question(
        f"You hold {' and '.join(_name(obj, q) for obj, q in holding.items())} and a {guard}, which moves one "
        f"Object's quantity by {shift:+d} if you like. Where is it best used? " + "; ".join(
            f"{letter[obj]}: on the {_plural(obj)}" for obj in holding) + "; C: leave it unused.",
        letter[best], "Read each scale where the Guard would move you: the scales go down as well as up.",
        "Totals: " + "; ".join(f"{letter[key]} {total}" for key, total in totals.items()) + ".", params, options,
        _builder(holding, GUARDS[shift]))


def _builder(holding: dict, *characters: str) -> tuple:
    """The collection builder holding these Objects (and Characters): the live score sheet."""
    return ("collection", {"quantities": dict(holding), "characters": list(characters)})


def p_market_shows(unseen: int, showing: int, market: int = MARKET) -> Fraction:
    """The chance that ``market`` cards drawn from ``unseen`` include at least one of the ``showing`` cards.

    >>> p_market_shows(40, 5)
    Fraction(3903, 9139)
    """
    return p_drawn(unseen, showing, 1, market)


def _market(params: dict) -> Question:
    unseen, showing, obj = params["unseen"], params["showing"], params["object"]
    p = p_market_shows(unseen, showing)
    return Question(
        f"The next Market is {MARKET} cards drawn from the {unseen} cards you have not seen; {showing} of them show "
        f"the Object you collect, {_plural(obj)}. What is the chance that at least one of them is in the Market?", p,
        f"Count the Markets with none: {MARKET} cards all from the {unseen - showing} others.",
        f"1 − C({unseen - showing}, {MARKET}) / C({unseen}, {MARKET}) = {exact_text(p)}.", params, mistakes=(
            Mistake(COMPLEMENT, f"that is the chance of a Market with no {_plural(obj)}: take it from 1", 1 - p),
            Mistake(REPLACED, "that puts each card back: each card drawn leaves one card fewer to draw from",
                    1 - Fraction(unseen - showing, unseen) ** MARKET),
            Mistake(ADDED,
                    f"adding {showing}/{unseen} for each card counts the Markets with two of them or more several "
                    "times: take 1 minus the chance of none", Fraction(MARKET * showing, unseen)),
            Mistake(EXACTLY,
                    f"that is the chance of exactly one: at least one counts Markets with more {_plural(obj)} too",
                    Fraction(showing * comb(unseen - showing, MARKET - 1), comb(unseen, MARKET)))))


def gain(holding: dict, card: str) -> int:
    """What taking the Goods card ``card`` adds to the sheet of a player who holds ``holding``."""
    hand = _goods(holding)
    return score([*hand, card]).total - score(hand).total


def _which(params: dict) -> Question:
    holding, cards = params["holding"], params["cards"]
    gains = [gain(holding, card) for card in cards]
    return Question(
        f"You hold {' and '.join(_name(obj, q) for obj, q in holding.items())}. Which Market card adds the most to "
        f"your score? {lettered([load_cards().card_name(card) for card in cards])}.", best(gains),
        "A card adds each Object it shows to the quantity you hold: read each scale before and after.",
        lettered([f"{points:+d} points" for points in gains]) + ".", params, CHOICES)


def _rank(params: dict) -> Question:
    holding, cards, letters = params["holding"], params["cards"], "ABC"
    names = load_cards().card_name
    gains = {letter: gain(holding, card) for letter, card in zip(letters, cards, strict=True)}
    order = tuple(sorted(letters, key=gains.get, reverse=True))
    return Question(
        f"You hold {' and '.join(_name(obj, q) for obj, q in holding.items())}. Rank these Market cards by what they "
        "add to your score, the most first: " + "; ".join(
            f"{letter}: {names(card)}" for letter, card in zip(letters, cards, strict=True)) + ".",
        order, "Some cards are worth less than nothing: peppers pay when few and cost when many.",
        "; ".join(f"{letter}: {gains[letter]:+d}" for letter in order) + ".", params)


def _draw_holding(rng: random.Random, kinds: int = 2) -> dict:
    objects = rng.sample(load_cards().objects, kinds)
    return {obj: rng.randint(1, 6) for obj in sorted(objects)}


def _draw_guard(rng: random.Random) -> dict:
    while True:
        params = {"holding": _draw_holding(rng), "shift": rng.choice(tuple(GUARDS))}
        totals = _guard_totals(params)
        if len(set(totals.values())) == 3:  # one best place, and a wrong answer that is plainly worse
            return params


def _draw_cards(rng: random.Random) -> dict:
    goods = sorted(load_cards().goods)
    while True:
        holding = _draw_holding(rng)
        cards = rng.sample([card for card in goods if card not in _goods(holding)], len(CHOICES))
        if len({gain(holding, card) for card in cards}) == len(CHOICES):
            return {"holding": holding, "cards": cards}


SCORING_EXERCISES: Sequence[Exercise] = (
    Exercise("zerzura-scales", "Two scales", lambda rng: {"holding": _draw_holding(rng)}, _scales),
    Exercise("zerzura-guard", "Where the Guard goes", _draw_guard, _guard),
    Exercise("zerzura-market", "What the Market may show",
             lambda rng: {"unseen": rng.randint(24, 40), "showing": rng.randint(3, 10),
                          "object": rng.choice(load_cards().objects)}, _market),
    Exercise("zerzura-which", "Which card?", _draw_cards, _which),
    Exercise("zerzura-rank", "Rank the cards", _draw_cards, _rank),
)
"""Zerzura 1's exercises (the scales, a Guard, the Market)."""
