"""Zerzura 2's exercises: a game's length, its hidden cards and its moves, checked exactly (the API is
:mod:`zaarlab.teaching.exercises`).

Five questions, drawn for each student: how many actions each player has left after a round, the chance that so many
copies of a card stay in play after some cards leave the game unseen, by how much an exchange changes your lead over
another player, whether a Market card or an exchange widens that lead more (or both alike), and three moves ranked by
it. A lead is your score minus theirs, each read off the score sheet (:func:`~zaarlab.zerzura.scoring.score`) from
the Goods cards held.

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
from math import comb

from ..core.draws import p_drawn
from ..core.readable import exact_text
from ..teaching.exercises import (
    COMPLEMENT,
    OFF_BY_ONE,
    ONE_ALONE,
    OTHER_RULE,
    PAIR,
    REPLACED,
    SAME,
    Exercise,
    Mistake,
    Question,
    compared,
    in_order,
)
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
    players, done = params["players"], params["after"]
    game = ZerzuraGame(players=players)
    total, removed, market = len(game.cards.deck()), REMOVED[players], game.market_size
    each = actions_each(players)
    per_round = 2 if players == 2 else 1
    rounds = each // per_round
    left = (rounds - done) * per_round
    removal = f"{removed} of the {total} cards leave the game unseen at the start" if removed else \
        f"all {total} cards are used"
    acts = "each player acts twice a round" if players == 2 else "each player acts once a round"
    return Question(
        f"In a game of Zerzura with {players} players, {removal}; every round a Market of {market} cards is dealt "
        f"from the deck, and the game ends with the round in which the deck is used up. With {players} players, "
        f"{acts}. Round {done} has just ended: how many actions does each player still have to take?", left,
        "First the cards in the deck, then how many Markets they make: one round for each. Then the rounds left.",
        f"{total - removed} cards make {rounds} Markets of {market}, so {rounds} rounds; {rounds - done} are left, "
        f"{left} action{'s' * (left != 1)} each.", params, mistakes=(
            Mistake(OFF_BY_ONE, f"that counts round {done} as still to play: it has ended", left + per_round),
            Mistake(OFF_BY_ONE, "that leaves out the last round: the game ends with it", left - per_round),
            Mistake(ONE_ALONE, "that counts the whole game: the rounds played are done", each),
            *((Mistake(OTHER_RULE, "that counts one action a round: with two players each acts twice",
                       rounds - done),) if players == 2 else ())))


def _draw_actions(rng: random.Random) -> dict:
    """2 to 5 players, and a round ended before the last."""
    players = rng.randint(2, 5)
    rounds = actions_each(players) // (2 if players == 2 else 1)
    return {"players": players, "after": rng.randint(1, rounds - 1)}


def p_all_in_play(total: int, removed: int, copies: int) -> Fraction:
    """The chance that all ``copies`` cards of a kind stay in a game from which ``removed`` of ``total`` cards,
    shuffled, leave unseen: the removed cards all come from the others.

    >>> p_all_in_play(60, 15, 1), p_all_in_play(60, 15, 3)
    (Fraction(3, 4), Fraction(1419, 3422))
    """
    return 1 - p_drawn(total, copies, 1, removed)  # none of them among the cards removed


def p_staying(total: int, removed: int, copies: int, stay: int, at_least: bool = False) -> Fraction:
    """The chance that (at least) ``stay`` of the ``copies`` cards of a kind stay in a game from which ``removed`` of
    ``total`` cards, shuffled, leave unseen: the cards that stay are a draw of ``total - removed``.

    >>> p_staying(60, 15, 3, 3) == p_all_in_play(60, 15, 3), p_staying(60, 15, 1, 1)
    (True, Fraction(3, 4))
    """
    kept = total - removed
    return p_drawn(total, copies, stay, kept) - (0 if at_least else p_drawn(total, copies, stay + 1, kept))


ASKED = {("all", 3): "all 3 copies stay", ("exactly", 2): "exactly 2 of the 3 copies stay",
         ("exactly", 1): "exactly 1 of the 3 copies stays", ("at least", 1): "at least 1 of the 3 copies stays",
         ("at least", 2): "at least 2 of the 3 copies stay", ("exactly", 0): "none of the 3 copies stays",
         ("all", 1): "the card stays", ("all", 2): "both cards stay"}
"""What a question asks of the cards: ``(how, how many stay)``; "all" asks of one card, of two, or of three copies."""


def _in_play(params: dict) -> Question:
    players, asked, (how, stay) = params["players"], params["cards"], params["asked"]
    cards = load_cards()
    total, removed = len(cards.deck()), REMOVED[players]
    copies = sum(cards.goods[card].count for card in asked)
    kept, at_least = total - removed, how == "at least"
    p = p_staying(total, removed, copies, stay, at_least)
    each = Fraction(kept, total)
    binomial = sum((comb(copies, j) * each ** j * (1 - each) ** (copies - j)
                    for j in (range(stay, copies + 1) if at_least else (stay,))), Fraction(0))
    ways = (" + ".join(f"C({copies}, {j}) × C({total - copies}, {kept - j})" for j in range(stay, copies + 1))
            if at_least else f"C({copies}, {stay}) × C({total - copies}, {kept - stay})")
    return Question(
        f"With {players} players, {removed} of Zerzura's {total} cards, shuffled, leave the game unseen at the start; "
        f"{_printed(asked)}. What is the chance that {ASKED[how, stay]} in the game?", p,
        f"The {kept} cards that stay are {kept} of the {total}, drawn without putting back: choose which of these "
        f"{'cards' if copies > 1 else 'card'} are among them, and which other cards.",
        f"({ways}) / C({total}, {kept}) = {exact_text(p)}.", params, mistakes=(
            Mistake(REPLACED, f"that lets each card stay with {each} on its own, as if the cards were put back: the "
                              "cards that stay take places from one another", binomial),
            Mistake(COMPLEMENT, "that is the chance of the opposite: take it from 1", 1 - p)))


def _printed(asked: Sequence[str]) -> str:
    """The cards a question asks about, as the deck has them: one card, a card printed three times, or two cards."""
    cards = load_cards()
    if len(asked) == 2:
        return f"two of them are the cards {_listed(asked)}, printed once each"
    (card,) = asked
    copies = cards.goods[card].count
    return (f"one of them is the card {cards.card_name(card)}" if copies == 1 else
            f"{copies} of them are copies of the card {cards.card_name(card)}")


def _draw_card(rng: random.Random) -> dict:
    """Two or three players (some cards leave the game), a Goods card printed three times, one printed once or two
    of those, and how many of the cards are asked to stay."""
    asked = rng.choice(sorted(ASKED))
    copies = asked[1] if asked[0] == "all" else 3
    printed = sorted(g.id for g in load_cards().goods.values() if g.count == (3 if copies == 3 else 1))
    cards = sorted(rng.sample(printed, 2)) if copies == 2 else [rng.choice(printed)]
    return {"players": rng.choice((2, 3)), "asked": list(asked), "cards": cards}


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
    mine, theirs = params["mine"], params["theirs"]
    change = lead_change(move, mine, theirs)
    new_mine, new_theirs = after(move, mine, theirs)
    yours = score(new_mine).total - score(list(mine)).total
    their = score(new_theirs).total - score(list(theirs)).total
    return Question(
        f"{_table(params)} You {_move_words(move)}: by how many points "
        "does your lead over player 2 change (a fall is negative)?", change,
        "Score both hands before and after: what you gain counts, and so does what they lose.",
        f"{change:+d}: {_why(move, params)}.", params, explainer=_leads(params, [move]), mistakes=(
            Mistake(ONE_ALONE, "that is your score's change alone: theirs changes too, and counts against you",
                    yours),
            Mistake(OTHER_RULE, "that adds their change: a point they gain narrows your lead", yours + their)))


def _which(params: dict) -> Question:
    a, b = (tuple(move) for move in params["moves"])
    ca, cb = (lead_change(move, params["mine"], params["theirs"]) for move in (a, b))
    return Question(
        f"{_table(params)} Which move widens your lead over player 2 more? A: {_move_words(a)}; B: "
        f"{_move_words(b)}; or do both change it by {SAME}?", compared(ca, cb),
        "A card you take changes your score only; an exchange changes both.",
        f"A: {_why(a, params)}. B: {_why(b, params)}.", params, PAIR, _leads(params, [a, b]))


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


def _draw_moves(rng: random.Random, count: int = 3) -> dict:
    """Two hands, a Market, and ``count`` moves (a take among them) that change the lead by different amounts."""
    while True:
        mine, theirs, market = _draw_hands(rng)
        moves = _moves(mine, theirs, market)
        picked = [rng.choice([m for m in moves if m[0] == "take"])] + rng.sample(
            [m for m in moves if m[0] == "exchange"], count - 1)
        rng.shuffle(picked)
        if len({lead_change(move, mine, theirs) for move in picked}) == count:
            return {"mine": mine, "theirs": theirs, "moves": [list(move) for move in picked]}


def _draw_take_or_exchange(rng: random.Random) -> dict:
    """Two hands, a Market, a take and an exchange; A, B and "the same" are each the answer for a third of the
    students (a choice of two would give the commoner letter to 19 or more of 30 students in one class in five)."""
    answer = rng.choice(PAIR)
    while True:
        mine, theirs, market = _draw_hands(rng)
        moves = _moves(mine, theirs, market)
        take = rng.choice([m for m in moves if m[0] == "take"])
        exchange = rng.choice([m for m in moves if m[0] == "exchange"])
        gains = {move: lead_change(move, mine, theirs) for move in (take, exchange)}
        if (gains[take] == gains[exchange]) == (answer == SAME):
            picked = in_order(answer, [take, exchange], key=gains.__getitem__)
            return {"mine": mine, "theirs": theirs, "moves": [list(move) for move in picked]}


PLAY_EXERCISES: Sequence[Exercise] = (
    Exercise("zerzura-actions", "Actions left", _draw_actions, _actions),
    Exercise("zerzura-in-play", "All in play", _draw_card, _in_play),
    Exercise("zerzura-exchange", "An exchange's worth", _draw_exchange, _exchange),
    Exercise("zerzura-take-or-exchange", "Take or exchange?", _draw_take_or_exchange, _which),
    Exercise("zerzura-rank-moves", "Rank the moves", _draw_moves, _rank),
)
"""Zerzura 2's exercises (a game's length, its hidden cards and its moves)."""
