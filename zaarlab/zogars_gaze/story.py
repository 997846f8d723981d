"""Zogar's Gaze's log in words: one phrase per kind of event the rules record (see :mod:`zaarlab.core.story`).

>>> from zaarlab.core.story import event
>>> STORY.words(event("against", "ZOGAR-COMBAT-03", enemy="goblin", need="3x5"), {"goblin": "Goblin"})
'the dice against Goblin: three 5s'
>>> STORY.words(event("roll", count=2, dice=(1, 5, 5)))
'roll 2: 1, 5, 5'
"""

from __future__ import annotations

from typing import Any

from ..core.story import Names, Story, counted
from .odds import parse


def _need(value: Any, names: Names) -> str:
    """A requirement as a player says it: ``"3x5"`` reads ``'three 5s'``."""
    return parse(value).words()


def card_names(game: Any) -> dict[str, str]:
    """Every card of ``game`` (dungeon, market, race, class) by its printed name."""
    cards = game.cards
    return {c.id: c.name for c in (*cards.dungeon.values(), *cards.market.values(), *cards.races.values(),
                                   *cards.classes.values())}


STORY = Story({
    # setting up
    "secret_cards": "each player draws a secret {card} card",
    "dungeon_shuffled": "the {count} dungeon cards are shuffled into one deck",
    "market_shown": "the market shows {cards:cards}",
    "first_player": "{player:seat} starts; turns go clockwise",
    # a turn
    "turn": "Turn {turn}: {player:seat}",
    "turn_trapped": "Turn {turn}: {player:seat}, trapped by {trap:card}",
    "turn_limit": "the game stops at the turn limit ({limit}); nobody wins",
    "passed": "the dungeon deck ({count} cards) is put back together, shuffled and passed to {player:seat}",
    "escapes_with": "{player:seat} escapes the {trap:card} with {card:card}; the trap is shuffled back into the "
                    "dungeon deck, and the turn goes on",
    "escapes": "{player:seat} rolls {dice:dice} and escapes the {trap:card}; it is shuffled back into the dungeon "
               "deck",
    "stays_trapped": "{player:seat} rolls {dice:dice} and stays trapped by the {trap:card}",
    # the market
    "gamble_gives": "the gamble gives {player:seat} a market card",
    "refill": "{card:card} is turned up in the market",
    "buys_nothing": "{player:seat} buys nothing",
    "trades_in": "{player:seat} trades in {count} cards face down worth {levels:plus}; they are shuffled into the "
                 "dungeon deck",
    "buys": "{player:seat} buys {card:card}",
    "enters": "{player:seat} takes {cards:cards} into the dungeon",
    "dungeon_empty": "the dungeon deck is empty; the turn ends",
    # the delve
    "cut": "the deck is shuffled and cut; {count} cards lie under the cut",
    "looks_ahead": "{player:seat} looks at the next card",
    "uses_to_look": "{player:seat} uses {card:card} to look ahead",
    "leaves": "{player:seat} leaves the dungeon with {cards:cards}",
    "turns_over": "{player:seat} turns over {card:card}",
    "gaze": "Zogar's Gaze number {count} is laid face up by the market; the delve may go on",
    "trapped": "{player:seat} is trapped; the turn ends, everything with them is kept",
    "overconfident": "{player:seat} must turn the next {count} cards",
    "fear": "{player:seat} drops {weapons:cards} and flees the dungeon",
    "fear_trumps": "{player:seat} drops {weapons:cards} and flees the dungeon (it trumps Overconfident)",
    "used_up": "{card:card} is used up and leaves the game",
    # combat
    "weak_to": "{enemy:card} is weak to {cards:cards}: destroyed at once",
    "against": "the dice against {enemy:card}: {need:need}",
    "roll": "roll {count}: {dice:dice}",
    "holds": "{player:seat} holds {dice:dice}",
    "no_roll_left": "no roll left and {need:need} is not met",
    "defeats": "{player:seat} defeats {enemy:card} and gains {fame:fame_points}; everything with them is kept; the "
               "battle ends the turn",
    "fights_thieves": "{player:seat} fights the Thieves",
    "signet": "{player:seat} wears the Thieves Signet and walks past the Thieves; the Signet is kept",
    "thieves_tie": "{count} different cards tie for highest; {player:seat} picks one",
    "thieves_take": "the Thieves take {card:card} (picked by {player:seat}); it goes back into its deck",
    "mimic_escaped": "the Mimic: {dice:dice} makes {total} against the {worth} your cards are worth; you get away",
    "mimic_kills": "the Mimic: {dice:dice} makes {total} against the {worth} your cards are worth; it kills you",
    "one_more_roll": "{player:seat} uses {card:card}: one more roll",
    "death_cancelled": "{player:seat} uses {card:card}: the death is cancelled, the turn ends",
    "dies_in_combat": "{player:seat} dies in combat; {cards:cards} is lost, back into the decks",
    "dies": "{player:seat} dies; {cards:cards} is lost, back into the decks",
    # the end
    "seventh_gaze": "the seventh Zogar's Gaze is revealed: every player loses, Zogar wins",
    "wins": "{player:seat} meets both win conditions ({race:card}, {class_:card}) and wins",
    "wins_out_of_turn": "{player:seat} meets both win conditions ({race:card}, {class_:card}) and wins (out of turn)",
}, {"need": _need, "fame_points": counted("Fame Point")}, card_names)
