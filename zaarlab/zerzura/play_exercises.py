"""Zerzura 2's exercises: a game's length, its hidden cards and its moves, checked exactly (the API is
:mod:`zaarlab.teaching.exercises`).

Five questions, drawn for each student: how many actions each player takes in a game, the chance that the cards of
one kind are all in play after some leave the game unseen, by how much an exchange changes your lead over another
player, whether a Market card or an exchange widens that lead more, and three moves ranked by it. A lead is your
score minus theirs, each read off the score sheet (:func:`~zaarlab.zerzura.scoring.score`) from the Goods cards held.

>>> question = PLAY_EXERCISES[2].for_student("Ada")
>>> print(question.text)  # doctest: +ELLIPSIS
You hold face up ... Player 2 holds ... You give your ... for their ...: by how many points does your lead over \
player 2 change (a fall is negative)?
>>> question.check(question.answer_text).right
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from ..core.draws import p_drawn
from ..core.readable import exact_text
from ..teaching.exercises import Exercise, Question
from .cards import load_cards
from .scoring import score
from .state import REMOVED, ZerzuraGame

HELD = (2, 4)  # Goods cards each player holds face up in a question: enough to count, few enough to read


def actions_each(players: int) -> int:
    """The actions each player takes in a whole game of ``players``: a round per Market until the deck is used up
    (ZERZURA-END-01), one action each a round, two with two players (ZERZURA-ACTION-10).

    >>> [actions_each(n) for n in (2, 3, 4, 5)]
    [20, 15, 15, 12]
    """
    game = ZerzuraGame(players=players)
    in_play = len(game.cards.deck()) - REMOVED[players]
    rounds = -(-in_play // game.market_size)  # a last Market smaller than the others still makes a round
    return rounds * (2 if players == 2 else 1)


def _actions(params: dict) -> Question:
    players = params["players"]
    game = ZerzuraGame(players=players)
    total, removed, market = len(game.cards.deck()), REMOVED[players], game.market_size
    each = actions_each(players)
    removal = f"{removed} of the {total} cards leave the game unseen at the start" if removed else \
        f"all {total} cards are used"
    per_round = "each player acts twice a round" if players == 2 else "each player acts once a round"
    return Question(
        f"In a game of Zerzura with {players} players, {removal}; every round a Market of {market} cards is dealt "
        f"from the deck, and the game ends with the round in which the deck is used up. With {players} players, "
        f"{per_round}. How many actions does each player take in the whole game?", each,
        "First the cards in the deck, then how many Markets they make: one round for each.",
        f"{total - removed} cards make {(total - removed) // market} Markets of {market}, so "
        f"{(total - removed) // market} rounds; {each} actions each.", params)


def p_all_in_play(total: int, removed: int, copies: int) -> Fraction:
    """The chance that all ``copies`` cards of a kind stay in a game from which ``removed`` of ``total`` cards,
    shuffled, leave unseen: the removed cards all come from the others.

    >>> p_all_in_play(60, 15, 1), p_all_in_play(60, 15, 3)
    (Fraction(3, 4), Fraction(1419, 3422))
    """
    return 1 - p_drawn(total, copies, 1, removed)  # none of them among the cards removed


def _in_play(params: dict) -> Question:
    players, card = params["players"], params["card"]
    cards = load_cards()
    total, removed, copies = len(cards.deck()), REMOVED[players], cards.goods[card].count
    p = p_all_in_play(total, removed, copies)
    kept = " × ".join(f"{total - removed - i}/{total - i}" for i in range(copies))
    return Question(
        f"With {players} players, {removed} of Zerzura's {total} cards, shuffled, leave the game unseen at the start. "
        f"Among the {total} are {copies} copies of the card {cards.card_name(card)}. What is the chance that all "
        f"{copies} copies stay in the game?", p,
        "Think of the cards that stay as dealt one by one: each of the copies must be among them.",
        f"The first copy stays with {total - removed}/{total}, the second then with {total - removed - 1}/{total - 1}, "
        f"and so on: {kept} = {exact_text(p)}.", params)


def _listed(held: Sequence[str]) -> str:
    names = [load_cards().card_name(card) for card in held]
    return ", ".join(names[:-1]) + " and " + names[-1]


def lead(mine: Sequence[str], theirs: Sequence[str]) -> int:
    """Your score minus theirs, for the Goods cards each holds."""
    return score(list(mine)).total - score(list(theirs)).total


def after(move: tuple, mine: Sequence[str], theirs: Sequence[str]) -> tuple[list[str], list[str]]:
    """The cards each holds after ``move``: ``("take", card)`` from the Market, or ``("exchange", yours, theirs)``."""
    mine, theirs = list(mine), list(theirs)
    if move[0] == "take":
        return [*mine, move[1]], theirs
    mine.remove(move[1])
    theirs.remove(move[2])
    return [*mine, move[2]], [*theirs, move[1]]


def lead_change(move: tuple, mine: Sequence[str], theirs: Sequence[str]) -> int:
    """By how much ``move`` changes your lead over the other player.

    >>> lead_change(("take", "ring_1"), ["lamp_1"], ["peppers_2"])
    4
    >>> lead_change(("exchange", "lamp_1", "peppers_2"), ["lamp_1"], ["peppers_2"])
    -8
    """
    return lead(*after(move, mine, theirs)) - lead(mine, theirs)


def _move_words(move: tuple) -> str:
    name = load_cards().card_name
    if move[0] == "take":
        return f"take {name(move[1])} from the Market"
    return f"give your {name(move[1])} for their {name(move[2])}"


def _table(params: dict) -> str:
    return f"You hold face up {_listed(params['mine'])}. Player 2 holds {_listed(params['theirs'])}."


def _why(move: tuple, params: dict) -> str:
    mine, theirs = params["mine"], params["theirs"]
    new_mine, new_theirs = after(move, mine, theirs)
    yours = score(new_mine).total - score(mine).total
    if move[0] == "take":
        return f"you score {yours:+d} and player 2 does not change: {yours:+d}"
    others = score(new_theirs).total - score(theirs).total
    return f"you score {yours:+d}, player 2 {others:+d}: {yours:+d} − ({others:+d}) = {yours - others:+d}"


def _exchange(params: dict) -> Question:
    move = tuple(params["move"])
    change = lead_change(move, params["mine"], params["theirs"])
    return Question(
        f"{_table(params)} You {_move_words(move)}: by how many points "
        "does your lead over player 2 change (a fall is negative)?", change,
        "Score both hands before and after: what you gain counts, and so does what they lose.",
        f"{change:+d}: {_why(move, params)}.", params, explainer=_leads(params, [move]))


def _which(params: dict) -> Question:
    a, b = (tuple(move) for move in params["moves"])
    ca, cb = (lead_change(move, params["mine"], params["theirs"]) for move in (a, b))
    return Question(
        f"{_table(params)} Which move widens your lead over player 2 more? A: {_move_words(a)}; B: "
        f"{_move_words(b)}.", "A" if ca > cb else "B",
        "A card you take changes your score only; an exchange changes both.",
        f"A: {_why(a, params)}. B: {_why(b, params)}.", params, ("A", "B"), _leads(params, [a, b]))


def _rank(params: dict) -> Question:
    moves, letters = [tuple(move) for move in params["moves"]], "ABC"
    changes = {letter: lead_change(move, params["mine"], params["theirs"]) for letter, move in zip(
        letters, moves, strict=True)}
    order = tuple(sorted(letters, key=changes.get, reverse=True))
    return Question(
        f"{_table(params)} Rank these moves by how much they widen your lead over player 2, the most first: " +
        "; ".join(f"{letter}: {_move_words(move)}" for letter, move in zip(letters, moves, strict=True)) + ".",
        order, "Work out each move's change to your lead: your gain, plus what player 2 loses in an exchange.",
        " ".join(f"{letter}: {_why(moves[letters.index(letter)], params)}." for letter in order), params,
        explainer=_leads(params, moves))


def _leads(params: dict, moves: list) -> tuple:
    """Both players' scores now and after each move, the lead between them."""
    return ("leads", {"mine": list(params["mine"]), "theirs": list(params["theirs"]),
                      "moves": [list(move) for move in moves]})


def _draw_hands(rng: random.Random) -> tuple[list[str], list[str], list[str]]:
    """Two players' face-up Goods cards and a Market, dealt from one shuffled set of Goods cards."""
    cards = load_cards()
    goods = [g.id for g in cards.goods.values() for _ in range(g.count)]
    rng.shuffle(goods)
    mine, theirs = rng.randint(*HELD), rng.randint(*HELD)
    return (sorted(goods[:mine]), sorted(goods[mine:mine + theirs]),
            goods[mine + theirs:mine + theirs + 3])


def _moves(mine: list[str], theirs: list[str], market: list[str]) -> list[tuple]:
    """Every move on this table: each Market card taken, each of your cards given for each of theirs."""
    exchanges = {("exchange", a, b) for a in mine for b in theirs if a != b}
    return [("take", card) for card in sorted(set(market))] + sorted(exchanges)


def _draw_exchange(rng: random.Random) -> dict:
    """Two hands and an exchange that changes the lead."""
    while True:
        mine, theirs, _ = _draw_hands(rng)
        exchanges = [move for move in _moves(mine, theirs, []) if lead_change(move, mine, theirs)]
        if exchanges:
            return {"mine": mine, "theirs": theirs, "move": list(rng.choice(exchanges))}


def _draw_moves(rng: random.Random, count: int) -> dict:
    """Two hands, a Market, and ``count`` moves (a take among them) that change the lead by different amounts."""
    while True:
        mine, theirs, market = _draw_hands(rng)
        moves = _moves(mine, theirs, market)
        picked = [rng.choice([m for m in moves if m[0] == "take"])] + rng.sample(
            [m for m in moves if m[0] == "exchange"], count - 1)
        rng.shuffle(picked)
        if len({lead_change(move, mine, theirs) for move in picked}) == count:
            return {"mine": mine, "theirs": theirs, "moves": [list(move) for move in picked]}


def _draw_card(rng: random.Random) -> dict:
    """Two or three players (some cards leave the game) and a Goods card printed three times."""
    cards = load_cards()
    return {"players": rng.choice((2, 3)),
            "card": rng.choice(sorted(g.id for g in cards.goods.values() if g.count == 3))}


PLAY_EXERCISES: Sequence[Exercise] = (
    Exercise("zerzura-actions", "Actions in a game", lambda rng: {"players": rng.randint(2, 5)}, _actions),
    Exercise("zerzura-in-play", "All in play", _draw_card, _in_play),
    Exercise("zerzura-exchange", "An exchange's worth", _draw_exchange, _exchange),
    Exercise("zerzura-take-or-exchange", "Take or exchange?", lambda rng: _draw_moves(rng, 2), _which),
    Exercise("zerzura-rank-moves", "Rank the moves", lambda rng: _draw_moves(rng, 3), _rank),
)
"""Zerzura 2's exercises (a game's length, its hidden cards and its moves)."""
