"""A seat's view in words a page shows: the observation as JSON holds it (:func:`plain`), as lines a student reads
(:func:`board_lines`), cards by their printed names, and the story of the game so far (:func:`story_words`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.codec import encode

STORY_LINES = 12  # the story's last lines a page shows: a round of the others' moves, and more
PLAYER_PARTS = {"holder", "to_play", "player", "winner"}  # parts of an observation that name a player by number


def board_lines(seen: Mapping[str, Any], names: Mapping[str, str], players: int) -> list[list[str]]:
    """A seat's observation as lines a student reads: each part's name, and what it holds in the game's words (a
    card by its printed name; a list of one entry a player as "player 1: ...; player 2: ..."); empty parts left out.

    >>> board_lines({"you": 0, "holder": 1, "market": ("lamp_2", "ring_3", "ring_3"), "stored": [("lamp_1",), 2],
    ...              "birds": ()}, {"lamp_2": "Lamp 2", "ring_3": "Ring 3", "lamp_1": "Lamp 1"}, players=2)
    [['holder', 'player 2'], ['market', 'Lamp 2, Ring 3 ×2'], ['stored', 'player 1: Lamp 1; player 2: 2']]
    """
    def words(value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str):
            return names.get(value, value.replace("_", " ")) or "none"
        if isinstance(value, Mapping):
            return ", ".join(f"{words(key)} {words(item)}" for key, item in value.items()) or "none"
        if isinstance(value, list | tuple) and all(isinstance(item, str) for item in value):
            counted = Counter(words(item) for item in value)  # a pile, in order: a card held twice as "Lamp ×2"
            return ", ".join(w if n == 1 else f"{w} ×{n}" for w, n in counted.items()) or "none"
        if isinstance(value, list | tuple):
            return ", ".join(words(item) for item in value) or "none"
        return str(value)

    lines = []
    for part, value in seen.items():
        if part == "you" or value in ("", (), [], {}):  # an empty part, left out: the board reads shorter
            continue
        if part in PLAYER_PARTS and isinstance(value, int) and not isinstance(value, bool):
            lines.append([part.replace("_", " "), f"player {value + 1}" if value >= 0 else "none"])
            continue
        per_player = isinstance(value, list | tuple) and len(value) == players and any(
            isinstance(v, list | tuple | Mapping) for v in value) and all(
            isinstance(v, list | tuple | int | Mapping) for v in value)
        text = "; ".join(f"player {p + 1}: {words(v)}" for p, v in enumerate(value)) if per_player else words(value)
        lines.append([part.replace("_", " "), text])
    return lines


def plain(value: Any) -> Any:
    """``value`` as JSON holds it: maps with text keys, lists, text, numbers; a card, a phase or an action as the
    engine's codec writes it.

    >>> from fractions import Fraction
    >>> plain({"phase": "x", "hands": ((1, 2), 3), "p": Fraction(1, 3)})
    {'phase': 'x', 'hands': [[1, 2], 3], 'p': {'__q__': '1/3'}}
    """
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, str):
        return str(value)  # a phase, say: a str of its own kind
    return encode(value)


def story_words(state: Any, names: Mapping[str, str]) -> list[str]:
    """The last :data:`STORY_LINES` lines of the game's story, each a sentence in the game's words (no rule IDs): what
    happened since a student last looked, the others' moves too. Every event is told in public words (a card drawn
    is not named), so every seat reads the same story.

    >>> from zaarlab.core.match import Match
    >>> from zaarlab.zerzura.bots import BOTS
    >>> from zaarlab.zerzura.referee import ZerzuraReferee
    >>> from zaarlab.zerzura.state import ZerzuraGame
    >>> match = Match(ZerzuraGame(players=2), ["greedy", "greedy"], seed=1, bots=BOTS, hooks=ZerzuraReferee())
    >>> match.skip() > 0 and story_words(match.state, match.hooks.names(match.state))[0]
    "Player 2 gives Enchanted lamp to player 1 for their Genie's turban ×3"
    """
    return [state.story.sentence(told, names) for told in state.log[-STORY_LINES:]]
