"""Zargos's log in words: one phrase per kind of event the rules record (see :mod:`zaarlab.core.story`).

>>> from zaarlab.core.story import event
>>> STORY.words(event("takes", "ZARGOS-COMBAT-07", people="amazons", province="K04-2", units=1), {"K04-2": "Iron Pass"})
'the amazons take Iron Pass with 1 unit left'
>>> STORY.words(event("sends", "ZARGOS-LAND-01", "GAP-S02", people="knights", units=3, src="A", dst="B",
...                   powers=("knights",)))
"the knights send 3 units from A into B; the knights' power, a reconstruction"
"""

from __future__ import annotations

from typing import Any

from ..core.story import Names, Story, card
from .cards import magic_cards


def _units(value: Any, names: Names) -> str:
    """``1 unit``, ``3 units``."""
    return f"{value} unit{'' if value == 1 else 's'}"


def _who(value: Any, names: Names) -> str:
    """Who rolls for the order: a player (a seat number) before the peoples are chosen, a people after."""
    return f"player {value + 1}" if isinstance(value, int) else f"the {value}"


def _whos(value: Any, names: Names) -> str:
    return ", ".join(_who(v, names) for v in value)


def _powers(value: Any, names: Names) -> str:
    """Every event a people's power shapes says the power is a reconstruction (GAP-S02)."""
    return "".join(f"; the {people}' power, a reconstruction" for people in value)


def _points(value: Any, names: Names) -> str:
    return ", ".join(f"{people} {n}" for people, n in value)


def names_of(game: Any) -> dict[str, str]:
    """Every magic card of ``game`` by its printed name, every place of its planet by its name."""
    return {**{card.id: card.name for card in magic_cards(game.data_dir or None)}, **game.planet.names}


STORY = Story({
    # the order and the turn
    "rolls": "{who:who} rolls {face}",
    "choice_order": "choice order: {order:whos}",
    "play_order": "order of play: {order:cards}",
    "turn": "Turn {turn}",
    "turn_limit": "turn limit {limit} reached: no winner",
    "points": "points: {points:points}",
    "kingdom_card": "the {people} take the {kingdom:place} card",
    "loses_kingdom_card": "the {people} lose the {kingdom:place} card",
    # setting up and buying
    "chooses": "{player:seat} chooses the {people}",
    "places": "the {people} place a unit in {province:place}",
    "buys": "the {people} buy {units:units} and {boats:boats}",
    # attacks
    "ships": "the {people} ship {units:units} from {src:place} to {dst:place} for {boats:boats}{powers:powers}",
    "sends": "the {people} send {units:units} from {src:place} into {dst:place}{powers:powers}",
    "takes_empty": "the {people} take the empty {province:place} without a fight",
    "combat": "combat in {province:place}: {attackers} {people} against {defenders} {defender}{powers:powers}",
    "demons_roll": "the demons of {province:place} roll {dice} dice against {attackers} {people}",
    "combat_round": "round: {attackers} {people} v {defenders} {defender} left",
    "takes": "the {people} take {province:place} with {units:units} left",
    "holds": "the {people} hold {province:place} with {units:units} left",
    "wiped_out": "both sides are wiped out: {province:place} is left empty",
    "drive_out": "the {people} drive out the demons of {province:place} with {units:units} left",
    "demons_win": "the demons of {province:place} destroy every attacker",
    "master": "the {people} take the Master of the Winds card",
    "no_master": "the Forbidden City is empty: no Master of the Winds",
    "wins": "the {people} hold the Forbidden City and the three provinces around it: they win",
    "moves": "the {people} move {units:units} from {src:place} to {dst:place}",
    "moves_by_sea": "the {people} move {units:units} from {src:place} to {dst:place} for {boats} boats",
    # magic
    "draws": "{player:seat} draws a magic card",
    "absent": "{card:card} concerns the absent {people}: removed, another is drawn",
    "puts_under": "{player:seat} puts {card:card} under the deck",
    "discards": "{player:seat} discards {card:card}, aimed at their own people",
    "plays_on": "{player:seat} plays {card:card} on {target:place}",
    "plays_on_player": "{player:seat} plays {card:card} on {target:seat}",
    "veto": "the Master of the Winds stops the {card:card} on the Kingdom of Zargos",
    "strikes": "{province:place}: the die shows {face}, the {people} lose {lost}",
    "plays": "{player:seat} plays {card:card}",
    "wind_of_war": "{player:seat} plays a Wind of War for the {side}",
    "offers_swap": "{player:seat} offers {other:seat} a swap of magic cards",
    "accepts_swap": "{player:seat} accepts the swap",
    "declines_swap": "{player:seat} declines the swap",
}, {"units": _units, "who": _who, "whos": _whos, "powers": _powers, "points": _points,
    "place": card},  # a province, a sea or a kingdom by its name
    names_of)
