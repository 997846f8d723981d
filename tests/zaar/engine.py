"""Zaar game positions for rule tests: set up by the engine, then adjusted field by field."""

from dataclasses import replace

from tests.zaar.helpers import grow
from zaarlab.core.hexgrid import Hex
from zaarlab.zaar.board import Mansion
from zaarlab.zaar.state import StartRoom, ZaarGame


def begin(players: int = 2, mode: str = "normal", start: str = "bloody_chamber", characters=None):
    """The state right after the first room is placed: player 1's first turn, level 1."""
    game = ZaarGame(players=players, mode=mode)
    state = game.initial_state()
    if mode == "advanced":
        state = replace(state, phase="start", order=(), characters=tuple(characters))
    return state.apply(StartRoom(start))


def with_rooms(state, *placements, level: int | None = None, **fields):
    """Grow the mansion (room, (q, r)) in the first turn that fits; take those rooms out of the pile."""
    mansion = grow(Mansion(state.rooms, cards=state.game.cards), *placements)
    pile = list(state.pile)
    for _, room, _ in mansion.rooms:
        if room in pile:
            pile.remove(room)
    state = replace(state, rooms=mansion.rooms, pile=tuple(pile), **fields)
    return replace(state, level=level) if level is not None else state


def at(state, player: int, cell):
    pawns = list(state.pawns)
    pawns[player] = (Hex(*cell),)
    return replace(state, pawns=tuple(pawns))


