"""Zaar's referee: the game's words for a move and for the end, for any view of a match (a table on screen, a page
of a class's match) with no widget in it.

>>> from zaarlab.core.match import Match
>>> from zaarlab.zaar.bots import BOTS
>>> from zaarlab.zaar.state import ZaarGame
>>> match = Match(ZaarGame(players=2), ["greedy", "greedy"], seed=1, bots=BOTS, hooks=ZaarReferee())
>>> match.skip() > 0, match.finished().words
(True, 'the game stopped at its turn limit: nobody wins')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import plotly.graph_objects as go

from ..core.hexgrid import Hex, to_pixel
from ..core.match import Hooks
from ..core.readable import exact_text
from .astrolabe import Plates, read
from .battle import battle_throws, shortcut_opens
from .figures import free_cells, mansion_figure
from .odds import MAX_WISDOM, battle_dist, next_card_odds
from .raml import throw_dist, traps
from .rules import KNIGHT_PRICE, PRICE
from .state import (
    BuyTool,
    Choose,
    ChoosePlaque,
    ChoosePlayer,
    ChooseRoom,
    DrawCard,
    EndTurn,
    Escape,
    Fight,
    Move,
    Phase,
    PickCharacter,
    Place,
    PlaceTool,
    Relocate,
    RetrieveTool,
    SpendTool,
    StartRoom,
    Throw,
    ZaarState,
)
from .story import TOOL_NAMES

OUTCOMES = (("win", "win"), ("extra_win", "extra win"), ("lose", "lose a life coin"), ("draw", "a draw"))
TURNS = ("as printed", "turned 60°", "turned 120°", "turned 180°", "turned 240°", "turned 300°")
SIDES = ("north-east", "east", "south-east", "south-west", "west", "north-west")  # hexgrid.SIDE_NAMES in words
ACROSS = {"door": "", "amulet": " through the Amulet door", "passage": " by the Boswellia passage",
          "wall": " through the wall", "teleport": " from sacred room to sacred room"}


RULES_NOW = {  # the sections of the rules each phase follows (the level's own rules are added)
    Phase.ORDER: ("SETUP",), Phase.CHARACTER: ("SETUP", "PAWN"), Phase.START: ("SETUP", "PAWN"),
    Phase.TURN: ("TURN", "MOVE", "TOOL"), Phase.DRAW: ("CARD", "EVENT", "ROOM"), Phase.PLACE: ("PLACE", "ROOM"),
    Phase.THROW: ("RAML",), Phase.TRAPPED: ("ASTRO", "BATTLE"), Phase.CHOOSE: ("CMD",), Phase.COIN: ("COIN",),
    Phase.OVER: ("MISSION", "END"),
}


class ZaarReferee(Hooks):
    """Zaar's words for a match: each move, and how the game ended."""

    hint_bot = "greedy"

    def rules_now(self, state: ZaarState) -> tuple[str, ...]:
        """The phase's sections of the rules, and the level's own.

        >>> from .state import ZaarGame
        >>> ZaarReferee().rules_now(ZaarGame(players=2).initial_state())
        ('SETUP', 'PAWN', 'LVL1')
        """
        return (*RULES_NOW[state.phase], f"LVL{state.level}")

    def move_words(self, state: ZaarState, action) -> str:
        cards, names = state.game.cards, self.names(state)
        room = (lambda cell: state.mansion.room_at(cell).name) if state.rooms else str
        if isinstance(action, StartRoom):
            return f"start in {cards.rooms[action.room].name}"
        if isinstance(action, PickCharacter):
            return f"play the {names[action.character]}"
        if isinstance(action, Place):
            return f"place it on cell {free_cells(state.mansion)[action.cell]}, {TURNS[action.rotation]}"
        if isinstance(action, Move):
            return f"go to {room(action.to)}{ACROSS[action.kind]}"
        if isinstance(action, Relocate):
            return f"move the Suspended Room to cell {free_cells(state.mansion)[action.to]}"
        kind = state.pending[0] if state.pending else ""
        if isinstance(action, ChooseRoom):
            return f"come back in {room(action.cell)}" if kind == "cancel" else f"go to {room(action.cell)}"
        if isinstance(action, ChoosePlaque):
            return f"revoke the {action.letter} plaque of {room(action.cell)}"
        if isinstance(action, ChoosePlayer):
            return f"{'swap places with' if kind == 'swap' else 'give it to'} player {action.player + 1}"
        if isinstance(action, Choose):
            return {"stay": "stay where you are", "throw": "throw the raml for the shortcut",
                    "back to the pile": "put the card back into the pile: it fits nowhere"}[action.what]
        if isinstance(action, BuyTool):
            price = KNIGHT_PRICE if state.characters[state.player] == "knight" else PRICE
            return f"buy {TOOL_NAMES[action.tool]} for {action.life} life and {price - action.life} wisdom"
        if isinstance(action, SpendTool):
            return {"amulet": "spend the Amulet: life and wisdom count as their sum this turn",
                    "peganum": "burn the Peganum: revoke the plaques here and next door"}.get(
                action.tool, "burn the Boswellia: " + ("come back in a bloody room" if action.target == "cancel" else
                                                       f"revoke every {action.target} plaque" if len(action.target) == 1
                                                       else f"revoke every plaque in a {action.target} room"))
        if isinstance(action, PlaceTool):
            side = f" on its {SIDES[action.side]} wall" if action.side >= 0 else ""
            return f"put {TOOL_NAMES[action.tool]} in {room(action.cell)}{side}"
        if isinstance(action, RetrieveTool):
            return f"take {TOOL_NAMES[action.tool]} back from {room(action.cell)}"
        if isinstance(action, EndTurn) and state.phase == Phase.TRAPPED:
            return "do not fight: end the turn"
        return {DrawCard: "draw a card", EndTurn: "end the turn", Fight: "fight the demon", Throw: "throw the raml",
                Escape: "escape the mansion"}[type(action)]

    def ending(self, state: ZaarState) -> str:
        """Who won and why; nobody where the turn limit stopped the game, or where nobody escaped the mansion alive
        (ZAAR-END-01: only the survivors may win).

        >>> from dataclasses import replace
        >>> from .state import ZaarGame
        >>> start = ZaarGame(players=2).initial_state()
        >>> ZaarReferee().ending(replace(start, status=("buried", "buried")))
        'nobody escaped the mansion alive (player 1 buried, player 2 buried): nobody wins'
        """
        if not state.winner:
            if state.log and state.log[-1].kind == "turn_limit":
                return "the game stopped at its turn limit: nobody wins"
            fates = ", ".join(f"player {p + 1} {fate}" for p, fate in enumerate(state.status))
            return f"nobody escaped the mansion alive ({fates}): nobody wins"
        coins = ", ".join(f"player {p + 1} {state.coins(p)} coins" for p in range(state.game.players))
        who = " and ".join(f"player {p + 1}" for p in state.winner)
        return f"{who} {'win' if len(state.winner) > 1 else 'wins'}, the survivors with the most coins ({coins})"

    def board_figure(self, state: ZaarState, viewer: int | None = None,
                     since: ZaarState | None = None) -> go.Figure | None:
        """The mansion with the pawns, the plaques revoked and the demon's room (Zaar hides nothing), the rooms that
        changed ``since`` ringed (:func:`changed_rooms`)."""
        if not state.rooms:
            return None
        figure = mansion_figure(state.mansion, pawns=pawns(state), revoked=state.revoked, highlight=state.demon_room,
                                title=f"Level {state.level}: the mansion", changed=changed_rooms(since, state))
        cells = sorted(state.mansion.layout)  # a point on each room, taking a click: its customdata names the cell
        return figure.add_trace(go.Scatter(
            x=[to_pixel(c)[0] for c in cells], y=[to_pixel(c)[1] for c in cells], mode="markers", name="rooms",
            customdata=[place_of(c) for c in cells], hovertext=[state.mansion.room_at(c).name for c in cells],
            hoverinfo="text", marker=dict(size=30, color="rgba(255, 255, 255, 0.01)"), showlegend=False))

    def standing(self, state: ZaarState) -> str:
        """The level and each player's coins (life, wisdom and tools: the final count, ZAAR-END-04)."""
        coins = ", ".join(f"player {p + 1} {state.coins(p)} coins" for p in range(state.game.players))
        return f"level {state.level}: {coins}"

    def place_words(self, state: ZaarState, place: str) -> str:
        """The room at a cell of the mansion, by its name.

        >>> from zaarlab.core.match import Match
        >>> from .bots import BOTS
        >>> from .state import ZaarGame
        >>> match = Match(ZaarGame(players=2), ["greedy", "greedy"], seed=1, bots=BOTS, hooks=ZaarReferee())
        >>> ZaarReferee().place_words(match.state, "0,0")
        'a free cell'
        >>> while match.step_others() and not match.state.rooms: pass
        >>> ZaarReferee().place_words(match.state, "0,0")
        'the Broken Porch'
        """
        q, r = map(int, place.split(","))
        cell = Hex(q, r)
        return f"the {state.mansion.room_at(cell).name}" if cell in state.mansion.layout else "a free cell"

    def move_places(self, state: ZaarState, action) -> tuple[str, ...]:
        """The room a move, a choice of room or plaque, or a tool put down or taken back is about."""
        if isinstance(action, Move):
            return (place_of(action.to),)
        if isinstance(action, ChooseRoom | ChoosePlaque | PlaceTool | RetrieveTool):
            return (place_of(action.cell),)
        return ()

    def decision_odds(self, state: ZaarState) -> str:
        if state.phase == Phase.TRAPPED:
            return fight_odds(state)
        lines = []
        if state.phase == Phase.CHOOSE and state.pending[0] == "shortcut?":
            room = state.mansion.room_at(state.pending[1]).id
            opens = throw_dist(state.game.raml).fraction(lambda t: shortcut_opens(room, t))
            lines.append(f"The raml opens the shortcut: {exact_text(opens)}")
        if state.phase == Phase.TURN and DrawCard() in state.legal_actions():
            odds = next_card_odds(state.mansion, pile=state.pile, number=Fraction)
            lines.append(f"The next card: a room that can be placed {exact_text(odds['placeable'])}, a sacred room "
                         f"{exact_text(odds['sacred'])}, an event {exact_text(odds['event'])}")
        if state.phase == Phase.TURN and state.level <= 2:
            traps_in = trap_odds(state)
            if traps_in:
                lines.append("Entering a room, the raml traps the demon there:\n" + "\n".join(
                    f"  {name}: {exact_text(p)}" for name, p in traps_in))
        return "\n".join(lines)


def place_of(cell: Hex) -> str:
    """A cell as a point of the map names it (``"q,r"``).

    >>> place_of(Hex(1, -2))
    '1,-2'
    """
    return f"{cell.q},{cell.r}"


def changed_rooms(before: ZaarState | None, after: ZaarState) -> tuple[Hex, ...]:
    """The rooms that changed between ``before`` and ``after`` (none without ``before``): placed, a pawn come or
    gone, a plaque revoked, the demon come or gone.

    >>> from .state import ZaarGame
    >>> start = ZaarGame(players=2).initial_state()
    >>> changed_rooms(start, start), changed_rooms(None, start)
    ((), ())
    """
    if before is None:
        return ()
    cells = set(after.mansion.layout) - set(before.mansion.layout)
    for p in range(after.game.players):
        if before.pawn(p) != after.pawn(p):
            cells |= {before.pawn(p), after.pawn(p)} - {None}
    cells |= {cell for cell, _ in set(before.revoked) ^ set(after.revoked)}
    cells |= set(before.demon_room) ^ set(after.demon_room)
    return tuple(sorted(cell for cell in cells if cell in after.mansion.layout))


def pawns(state: ZaarState) -> dict[str, Any]:
    """Each player's pawn on the map ("player 1": its cell), the players who have one."""
    return {f"player {p + 1}": state.pawn(p) for p in range(state.game.players) if state.pawn(p) is not None}


def fight_odds(state: ZaarState) -> str:
    """The exact outcome of fighting the demon trapped now: the astrolabe's plates are known, so is its reading."""
    _, cell, letter, table = state.pending
    p, category = state.player, state.mansion.room_at(cell).category
    result, _ = read(state.game.astrolabe, Plates(*state.plates), letter, category)
    throws = min(battle_throws(state, p), MAX_WISDOM)
    ends = battle_dist(result, throws, category, letter, table=table, warrior=state.characters[p] == "warrior",
                       wise=state.characters[p] == "wise")
    odds = ", ".join(f"{words} {exact_text(ends.fraction(k))}" for k, words in OUTCOMES if ends.fraction(k))
    return (f"If you fight, the astrolabe reads: {result.words()}.\nWith your {throws} throw"
            f"{'s' if throws != 1 else ''} (a wisdom coin each): {odds}.")


def trap_odds(state: ZaarState) -> list[tuple[str, Fraction]]:
    """For each room the player to move may enter that has plaques unrevoked: its name and the exact chance that the
    raml's entry throw traps the demon there (ZAAR-RAML-03)."""
    p, raml = state.player, state.game.raml
    warrior = state.characters[p] == "warrior"
    plaques: dict = {}
    for cell, letter in state.unrevoked():
        plaques.setdefault(cell, []).append(letter)
    rooms = sorted({a.to for a in state.legal_actions() if isinstance(a, Move) and a.to in plaques})
    return [(state.mansion.room_at(cell).name, throw_dist(raml).fraction(
        lambda t, letters=tuple(plaques[cell]): traps(t, letters, raml, warrior))) for cell in rooms]


REFEREE = ZaarReferee
"""The referee a match of the game is played with where no table is on screen (a class's match)."""
