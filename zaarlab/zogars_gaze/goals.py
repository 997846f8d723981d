"""The win conditions of Zogar's Gaze: a race card counts something, a class card wants one card.

A player meets their conditions with the cards they possess now, at home or with them in the dungeon: the
game is won "as soon as" both are met (ZOGAR-WIN-01), which may be on another player's turn (ZOGAR-WIN-02).
"""

from __future__ import annotations

from .state import ZogarState

GAZES_TO_LOSE = 7  # ZOGAR-GAZE-02


def race_progress(state: ZogarState, player: int) -> tuple[int, int]:
    """(how much the player has, how much the race card asks) for ``player`` (ZOGAR-SETUP-04, GAP-G03).

    >>> from dataclasses import replace
    >>> from .state import ZogarGame
    >>> state = ZogarGame(players=2).initial_state()
    >>> state = replace(state, races=("man_of_norcia", "elf"), hands=(("treasure_3", "treasure_2"), ()))
    >>> race_progress(state, 0)
    (5, 12)
    """
    cards, race = state.game.cards, state.game.cards.races[state.races[player]]
    if race.counts == "gaze_revealed":
        return len(state.gazes), race.threshold(state.game.players)
    owned = [cards[c] for c in state.owned(player)]
    have = {
        "treasure_points": lambda: sum(c.tp for c in owned),
        "artifacts": lambda: sum(c.kind == "artifact" for c in owned),
        "fame_points": lambda: sum(c.fp for c in owned if c.is_enemy),
        "monsters": lambda: sum(c.is_enemy for c in owned),
    }[race.counts]()
    return have, race.threshold(state.game.players)


def meets_race(state: ZogarState, player: int) -> bool:
    """Whether the race condition holds; the Lurker's only while fewer than seven Gazes are out (AMB-G13)."""
    have, need = race_progress(state, player)
    return have >= need and len(state.gazes) < GAZES_TO_LOSE


def meets_class(state: ZogarState, player: int) -> bool:
    """Whether the player possesses the card their class asks for (ZOGAR-SETUP-05)."""
    return state.owns(player, state.game.cards.classes[state.classes[player]].owns)


def winners(state: ZogarState) -> tuple[int, ...]:
    """Every player meeting both conditions (ZOGAR-GOAL-01, -02), the player whose turn it is first.

    Empty before the cards are dealt.
    """
    n = state.game.players
    if "" in state.races or "" in state.classes:
        return ()
    order = [(state.player + i) % n for i in range(n)]
    return tuple(p for p in order if meets_class(state, p) and meets_race(state, p))  # the cheap test first
