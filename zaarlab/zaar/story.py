"""Zaar's log in words: one phrase per kind of event the rules record (see :mod:`zaarlab.core.story`).

Rooms are told by their names, never by their cells: the map names rooms (an event keeps its cell as a fact for a
reader that draws it).

>>> from zaarlab.core.story import event
>>> STORY.words(event("raml_traps", "ZAAR-RAML-03", throw=("B", 2, 0, 1), room="bath"), {"bath": "the Bath"})
'the raml shows letter B, numbers 2 0 1: the demon is trapped in the Bath'
"""

from __future__ import annotations

from typing import Any

from ..core.story import Names, Story
from .cards import TOOLS
from .missions import NAMES as MISSION_NAMES

TOOL_NAMES = {tool: tool.capitalize() for tool in sorted(TOOLS)}  # as the coins are printed: Amulet, Boswellia...


def _raml(value: Any, names: Names) -> str:
    """A raml throw: its letter, then its numbers."""
    return f"letter {value[0]}, numbers {' '.join(map(str, value[1:]))}"


def _rolls(value: Any, names: Names) -> str:
    """Who threw what for the order: ``((0, 3), (1, 5))`` reads ``'player 1: 3, player 2: 5'``."""
    return ", ".join(f"player {p + 1}: {v}" for p, v in value)


def card_names(game: Any) -> dict[str, str]:
    """Every room, event, tool, mission and character of ``game`` by its printed name."""
    cards = game.cards
    return ({r: room.name for r, room in cards.rooms.items()} | {e: event.name for e, event in cards.events.items()}
            | TOOL_NAMES | MISSION_NAMES | {c: ch.name for c, ch in game.characters.items()})


STORY = Story({
    # setting up
    "order_throws": "the raml gives {rolls:rolls}",
    "character": "{player:seat} plays the {character:card}",
    "first_room": "{room:card} is the first room; every pawn starts there; coins dealt",
    # turns
    "turn": "Turn {turn}: {player:seat} (level {level})",
    "turn_limit": "the game stops at the turn limit ({turns} turns)",
    "skips": "{player:seat} skips the turn",
    "collapses_on": "the room collapses on {player:seat}, who loses every coin",
    "collapses_behind": "{player:seat} takes {coins:coins} and the room behind collapses",
    # moving
    "moves": "{player:seat} moves to {room:card}",
    "relocates": "{player:seat} moves the Suspended Room",
    "escapes": "{player:seat} escapes the mansion with {coins} coins",
    "in_time": "Motreb Khane in time: 2 wisdom coins",
    "goes_to": "{player:seat} goes to {room:card}",
    "comes_back_in": "{player:seat} burns Boswellia and comes back in {room:card}",
    "swap": "{player:seat} and {other:seat} swap",
    "gift": "the Physician takes two life coins and gives one to {other:seat}",
    # cards
    "fits_nowhere": "{room:card} fits nowhere: back into the pile",
    "places": "{player:seat} places {room:card}",
    "mission": "{player:seat} completes {mission:card}",
    "comes_back": "{player:seat} comes back",
    "no_effect": "{card:card} has no effect while another event lasts; back into the pile",
    "draws_event": "{player:seat} draws {card:card}: {text}",
    "four_events": "{player:seat} has passed four events",
    "void": "void in level 1; removed",
    # the raml and the astrolabe
    "raml_traps": "the raml shows {throw:raml}: the demon is trapped in {room:card}",
    "no_battle": "no battle in level 1; the turn ends",
    "raml_empty": "the raml shows {throw:raml}: no demon here",
    "shortcut_opens": "{throw:raml}: the shortcut opens",
    "no_shortcut": "{throw:raml}: no shortcut",
    "event_throw": "{throw:raml}",
    "astrolabe": "the astrolabe shows: {shown}",
    "draw": "a draw",
    "life_lost": "a life is lost",
    "not_this_room": "not this room: a draw",
    "battle_win": "the raml shows {throw:raml}: win",
    "battle_extra_win": "the raml shows {throw:raml}: extra win",
    "battle_throw": "the raml shows {throw:raml}",
    "battle_lost": "the raml shows {throw:raml}: lost",
    "backside": "the backside says: {said}",
    "letter_mission": "the {nth} letter: a mission",
    # levels
    "level3": "{player:seat} reaches the demon's room; level 3 begins",
    "takes_coins": "{player:seat} takes {coins:coins}",
    "no_line": "no line: a life lost",
    "level2": "a sacred room is found: level 2",
    "level4_revoked": "all plaques revoked, all rooms placed: level 4",
    "level4_destroyed": "the demon is destroyed: level 4",
    "exiles_survive": "the exiled, outside the mansion, survive",
    "game_over": "nobody is left inside; the winners: {winners:seats}",
    # tools
    "buys_tool": "{player:seat} buys {tool:card} for {price} coins",
    "takes_back": "{player:seat} takes back {tool:card}",
    "new_door": "a new door",
    "places_tool": "{player:seat} places {tool:card}",
    "amulet": "{player:seat} spends an Amulet: {total} moves and draws this turn",
    "peganum": "{player:seat} burns Peganum: the plaques here and beside it through a door are revoked",
    "boswellia": "{player:seat} burns Boswellia: {said}",
}, {"raml": _raml, "rolls": _rolls}, card_names)
