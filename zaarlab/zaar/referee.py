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

from ..core.match import Hooks
from .figures import free_cells
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

TURNS = ("as printed", "turned 60°", "turned 120°", "turned 180°", "turned 240°", "turned 300°")
SIDES = ("north-east", "east", "south-east", "south-west", "west", "north-west")  # hexgrid.SIDE_NAMES in words
ACROSS = {"door": "", "amulet": " through the Amulet door", "passage": " by the Boswellia passage",
          "wall": " through the wall", "teleport": " from sacred room to sacred room"}


class ZaarReferee(Hooks):
    """Zaar's words for a match: each move, and how the game ended."""

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
        if not state.winner:
            return "the game stopped at its turn limit: nobody wins"
        coins = ", ".join(f"player {p + 1} {state.coins(p)} coins" for p in range(state.game.players))
        who = " and ".join(f"player {p + 1}" for p in state.winner)
        return f"{who} {'win' if len(state.winner) > 1 else 'wins'}, the survivors with the most coins ({coins})"


REFEREE = ZaarReferee
"""The referee a match of the game is played with where no table is on screen (a class's match)."""
