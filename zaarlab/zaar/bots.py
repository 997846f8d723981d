"""Zaar players for simulations and tests: random, and a cooperative-then-greedy bot that reads the battle odds.

The bot explores while the mansion grows (it draws every card it may and heads for unrevoked plaques), fights a
trapped demon when the exact chance of winning (:func:`~zaarlab.zaar.odds.astrolabe_battle_dist`, over an unknown
astrolabe) is at least :data:`NERVE`, spends a Peganum where it revokes two plaques or more, goes straight to the
demon's room in level 3 and, in level 4, runs for the nearest sacred room and escapes.
"""

from __future__ import annotations

import random

from ..core.play import random_bot
from .odds import astrolabe_battle_dist
from .state import DrawCard, EndTurn, Escape, Fight, Move, Phase, Place, SpendTool, Throw, ZaarState

__all__ = ["BOTS", "NERVE", "greedy_bot", "random_bot"]

NERVE = 0.25  # the least chance of winning a battle the bot fights for


def greedy_bot(state: ZaarState, rng: random.Random):
    """Cooperative while the demon is free, greedy for coins once the mansion falls."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase == Phase.TRAPPED:
        _, cell, letter, _ = state.pending
        p = state.player
        odds = astrolabe_battle_dist(letter, state.mansion.room_at(cell).category, state.wisdom[p],
                                     warrior=state.characters[p] == "warrior", wise=state.characters[p] == "wise")
        return Fight() if float(odds.fraction(lambda o: o in ("win", "extra_win"))) >= NERVE else EndTurn()
    if state.phase == Phase.PLACE:
        places = [a for a in legal if isinstance(a, Place)]
        return rng.choice(places) if places else legal[0]
    if state.phase != Phase.TURN:
        return rng.choice(legal)
    for wanted in (Throw(), Escape()):
        if wanted in legal:
            return wanted
    if DrawCard() in legal:
        return DrawCard()
    if SpendTool("peganum") in legal and _peganum_worth(state):
        return SpendTool("peganum")
    step = _step_toward(state, legal)
    return step or EndTurn()


def _peganum_worth(state: ZaarState) -> bool:
    here = state.pawn(state.player)
    rooms = {here} | set(state.mansion.door_graph.neighbors(here))
    return sum(c in rooms for c, _ in state.unrevoked()) >= 2


def _step_toward(state: ZaarState, legal: tuple):
    """The first move on a shortest walk to the goal of this level, if one is legal."""
    moves = {a.to: a for a in legal if isinstance(a, Move)}
    if not moves:
        return None
    here = state.pawn(state.player)
    mansion = state.mansion
    if state.level == 3:
        goals = set(state.demon_room)
    elif state.level == 4:
        goals = set(mansion.sacred_cells())
    else:
        goals = {c for c, _ in state.unrevoked()} - {here}
    if here in state.destroyed:
        return None
    paths = _shortest_walks(mansion.links, here, set(state.destroyed))
    reachable = sorted((len(paths[goal]), goal) for goal in goals if goal in paths and paths[goal][1:2])
    best = next((paths[goal] for _, goal in reachable if paths[goal][1] in moves), None)
    return moves[best[1]] if best else None


def _shortest_walks(links: dict, start, blocked: set) -> dict:
    """A shortest walk across doors, Amulet doors and passages from ``start`` to every room it reaches, avoiding
    ``blocked`` (the mansion's :attr:`~zaarlab.zaar.board.Mansion.links`): one breadth-first search."""
    paths, level = {start: [start]}, [start]
    while level:
        following = []
        for cell in level:
            for other, kind in links[cell]:
                if kind != "wall" and other not in paths and other not in blocked:
                    paths[other] = paths[cell] + [other]
                    following.append(other)
        level = following
    return paths


BOTS = {"greedy": greedy_bot, "random": random_bot}
