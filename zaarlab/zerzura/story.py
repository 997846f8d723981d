"""Zerzura's log in words: one phrase per kind of event the rules record (see :mod:`zaarlab.core.story`).

>>> from zaarlab.core.story import event
>>> STORY.words(event("takes", "ZERZURA-ACTION-03", player=0, card="guard_plus_2"), {"guard_plus_2": "Guard (Q+2)"})
'player 1 takes Guard (Q+2) and puts their Bird on it'
"""

from __future__ import annotations

from typing import Any

from ..core.story import Names, Story, counted


def _scores(value: Any, names: Names) -> str:
    """Each player's total: ``(12, 9)`` reads ``'player 1 12, player 2 9'``."""
    return ", ".join(f"player {p + 1} {total}" for p, total in enumerate(value))


def card_names(game: Any) -> dict[str, str]:
    """Every Goods and Character card and Command tile of ``game`` by its printed name."""
    cards = game.cards
    return {c: cards.card_name(c) for c in (*cards.goods, *cards.characters)} | {
        t.id: t.name for t in cards.tiles.values()}


STORY = Story({
    "set_aside": "{removed} cards leave the game unseen; the other {left} are shuffled into the draw deck",
    "tiles_shown": "the Command tiles are {tiles:cards}",
    "dromedary": "{player:seat} receives the Dromedary",
    "market": "the Market is {market:cards}; {player:seat} plays first",
    "round": "Round {round}",
    "takes": "{player:seat} takes {card:card} and puts their Bird on it",
    "exchanges": "{player:seat} gives {give:card} to {other:seat} for their {take:card}",
    "stores_first": "{player:seat} stores {count:card_count} face down; their Bird goes on the Dromedary",
    "stores": "{player:seat} stores {count:card_count} face down; their Bird goes on their board (the Dromedary is "
              "taken)",
    "passes": "{player:seat} can do nothing and passes",
    "claims_tile": "{player:seat} meets {tile:card} and takes the tile (not an action)",
    "round_ends_stored": "{left:market_cards} leave the game; the Dromedary goes to {holder:seat}, who stored "
                         "first",
    "round_ends_passed": "{left:market_cards} leave the game; nobody stored: the Dromedary passes left to "
                         "{holder:seat}",
    "game_over": "the deck is used up; {totals:scores}; the game is won by {winners:seats}",
}, {"scores": _scores, "market_cards": counted("Market card")}, card_names)
