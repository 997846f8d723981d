"""Zaar at a table: click a numbered cell of the mansion's map to place the room drawn (turned with the turn buttons),
a room to go to, a room to fall or jump to; the raml's last throw shown as dice; beside the board, the exact odds of
the decision at hand: the battle before you fight (the astrolabe's plates are on the table, so its reading is known),
the chance that the raml traps the demon in each room you can enter, the next card's chances before you draw.

Zaar keeps no secret (every coin and card is on the table), so two persons may share a screen with nothing to hide.

>>> table = ZaarTable(seats=("person", "greedy"), seed=3)
>>> table.state.phase, table.heading_text.count("choose the first room")
(<Phase.START: 'start'>, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.api import IllegalActionError
from ..core.hexgrid import Hex, rotate_sides, to_pixel
from ..core.match import PERSON
from ..ui.map_chart import MapChart
from ..ui.panel import guarded
from ..ui.pieces import Piece, Zone
from ..ui.table import Table
from .bots import BOTS
from .figures import free_cells, mansion_data
from .referee import ACROSS, SIDES, TURNS, ZaarReferee, changed_rooms, pawns, place_of
from .state import (
    ChooseRoom,
    Move,
    Phase,
    Place,
    Relocate,
    ZaarGame,
    ZaarState,
)
from .story import TOOL_NAMES

MOVE_ORDER = tuple(ACROSS)  # of two ways into a room, a click on the map takes the first
MAP_HEIGHT, MAP_BESIDES = 600, 130  # px: the mansion's height on a wide screen; its title and legend's beside it


def map_key(value) -> str:
    """The board key of a click on the map, from the point's ``customdata`` as a page sent it (checked later)."""
    return f"free:{value}" if type(value) is int else f"room:{str(value)[:20]}"


class ZaarTable(Table, ZaarReferee):
    """A game of Zaar for persons and bots (``greedy``, ``random``); ``params`` go to :class:`ZaarGame`."""

    title = "the Zaar table"
    bots = BOTS

    def __init__(self, seats: Sequence[str] = (PERSON, "greedy"), seed: int | None = None, odds: bool = True,
                 pace: float = 0.6, hints: bool | None = None, **params):
        self.params, self.rotation = params, 0
        self.map = MapChart(widest=620)
        self.map.add_class("zaarlab-table-map")
        super().__init__(seats, seed=seed, odds=odds, pace=pace, hints=hints)
        self.map.on_click(lambda value: guarded(lambda: self.click(map_key(value)), self.said)())
        self.map.on_resize(guarded(self.draw_map, self.said))
        self.map.notice = self.said  # a click or width a page should not send is refused there

    def make_game(self, players: int) -> ZaarGame:
        return ZaarGame(players=players, **self.params)

    def around_board(self) -> list:
        return [self.map]

    # -- the map -------------------------------------------------------------------------------------------
    def draw_map(self) -> None:
        """The mansion as it stands, the cells and rooms a click can choose marked, as tall as the width the page
        gives it allows."""
        state = self.state
        if not state.rooms:
            self.map.show(None)
            return
        targets = self._map_moves(state)
        free = free_cells(state.mansion) if any(k.startswith("free:") for k in targets) else None
        figure = mansion_data(state.mansion, free=free, fitting=[c for c, n in (free or {}).items()
                                                                 if f"free:{n}" in targets],
                              pawns=pawns(state), revoked=state.revoked, highlight=state.demon_room,
                              title=f"Level {state.level}: the mansion", changed=changed_rooms(self.last_seen(), state))
        rooms = [(self._cell(key), action) for key, action in targets.items() if key.startswith("room:")]
        if rooms:
            figure["data"].append({
                "type": "scatter", "x": [to_pixel(c)[0] for c, _ in rooms], "y": [to_pixel(c)[1] for c, _ in rooms],
                "mode": "markers", "name": "rooms you can click", "customdata": [place_of(c) for c, _ in rooms],
                "hovertext": [self.move_words(state, a) for _, a in rooms], "hoverinfo": "text",
                "marker": {"size": 30, "color": "rgba(0, 114, 178, 0.25)", "line": {"width": 3, "color": "#0072b2"}}})
        figure["layout"]["height"] = self.map.fitted_height(MAP_HEIGHT, besides=MAP_BESIDES)
        self.map.show(figure, shows=self.map_meta())

    def map_meta(self) -> dict:
        """What the map shows, sent with it (:meth:`MapChart.show`'s ``shows``): the move whose state it shows, whose
        eyes it is drawn for and the way the room drawn is turned (a page's tests wait for it before they click)."""
        return {**self.shown_as(), "rotation": self.rotation}

    def _map_moves(self, state: ZaarState) -> dict[str, object]:
        """The board key of each move a click on the map makes now: a free cell's number or a room's cell."""
        if self.to_move() is None:
            return {}
        legal, numbers = state.legal_actions(), None
        moves: dict[str, object] = {}
        for action in legal:
            if isinstance(action, Place | Relocate):
                numbers = numbers or free_cells(state.mansion)
                cell = action.cell if isinstance(action, Place) else action.to
                if isinstance(action, Relocate) or action.rotation == self._rotation(state):
                    moves[f"free:{numbers[cell]}"] = action
            elif isinstance(action, Move):
                key = f"room:{place_of(action.to)}"
                if key not in moves or MOVE_ORDER.index(action.kind) < MOVE_ORDER.index(moves[key].kind):
                    moves[key] = action
            elif isinstance(action, ChooseRoom):
                moves[f"room:{place_of(action.cell)}"] = action
        return moves

    @staticmethod
    def _cell(key: str) -> Hex:
        q, r = key.removeprefix("room:").split(",")
        return Hex(int(q), int(r))

    def _rotations(self, state: ZaarState) -> list[int]:
        return sorted({a.rotation for a in state.legal_actions() if isinstance(a, Place)})

    def _rotation(self, state: ZaarState) -> int:
        """The way the room drawn is turned: the one chosen, while it fits somewhere, else the first that fits."""
        turns = self._rotations(state) if state.phase == Phase.PLACE else []
        return self.rotation if self.rotation in turns or not turns else turns[0]

    # -- the board of pieces -------------------------------------------------------------------------------
    def lay(self, state: ZaarState, viewer: int | None) -> Sequence[Zone]:
        moving = self.to_move() is not None
        legal = state.legal_actions() if moving else ()
        mapped = set(self._map_moves(state).values()) if moving else set()
        zones = []
        if state.phase == Phase.PLACE:
            room = state.game.cards.rooms[state.drawn]
            turns = self._rotations(state) if moving else []
            zones.append(Zone(f"The card drawn: {room.name}", (
                Piece("drawn", room.name, self._room_note(room), colour="#f3e6c8"),
                *(Piece(f"turn:{k}", TURNS[k], self._doors(room, k), "move", target=True,
                        held=k == self._rotation(state)) for k in turns))))
        throw = self._last_throw()
        if throw is not None:
            blank = " (a blank number die shows 0)" if 0 in throw[1:] else ""  # the raml's number faces are 0-3
            zones.append(Zone(f"The raml's last throw{blank}", (
                Piece("raml:letter", throw[0], "the letter die", colour="#f3e6c8"),
                *(Piece(f"raml:{i}", str(n), "", "die", face=n) for i, n in enumerate(throw[1:], 1)))))
        others = [(i, a) for i, a in enumerate(legal) if a not in mapped and not isinstance(a, Place)]  # turn, click
        if others:
            zones.append(Zone("Your choices", tuple(
                Piece(f"act:{i}", self.move_words(state, a), "", "move", target=True) for i, a in others)))
        zones.append(Zone(f"The demon's name: {', '.join(state.revealed) or 'no letter yet'}; "
                          f"{len(state.unrevoked())} plaques unrevoked", (
                              Piece("pile", str(len(state.pile)), "cards in the pile", "pile"),)))
        zones.append(Zone("The players", tuple(
            Piece(f"player:{p}", f"player {p + 1}", self._player_note(state, p), "pile")
            for p in range(state.game.players))))
        return zones

    @staticmethod
    def _doors(room, turn: int) -> str:
        """Where the room's doors face, turned ``turn`` sixths of a circle (clockwise, as the map's sides go)."""
        sides = sorted(rotate_sides(room.doors, turn))
        return "doors " + ", ".join(SIDES[side] for side in sides)

    @staticmethod
    def _room_note(room) -> str:
        kind = "the Suspended Room" if room.category is None else f"a {room.category} room"
        plaques = f", plaques {' '.join(room.plaques)}" if room.plaques else ""
        return f"{kind}{plaques}, {len(room.doors)} doors"

    def _last_throw(self) -> tuple | None:
        """The raml's last throw in this game (a battle's, a room's, a shortcut's), or ``None``."""
        session = self.match.session
        for i in range(len(session.history) - 1, -1, -1):
            if session.states[i].phase == Phase.THROW:
                return session.history[i]
        return None

    def _player_note(self, state: ZaarState, p: int) -> str:
        tools = ", ".join(TOOL_NAMES[t] for t in state.tools[p]) or "no tool"
        where = f"in {state.mansion.room_at(state.pawn(p)).name}" if state.pawn(p) is not None else state.status[p]
        who = f"the {state.game.characters[state.characters[p]].name}, " if state.characters[p] else ""
        return f"{who}{state.life[p]} life, {state.wisdom[p]} wisdom, {tools}; {where}"

    def clear_selection(self) -> None:
        self.rotation = 0

    # -- clicks --------------------------------------------------------------------------------------------
    def select_only(self, key: str) -> bool:
        return key.startswith("turn:")

    def select(self, state: ZaarState, key: str) -> bool:
        if not key.startswith("turn:"):
            return False
        turn = key.removeprefix("turn:")
        if state.phase != Phase.PLACE or not turn.isdigit() or int(turn) not in self._rotations(state):
            raise IllegalActionError("ZAAR-PLACE-01", "the room drawn fits nowhere turned that way")
        self.rotation = int(turn)
        return True

    def action_for(self, state: ZaarState, key: str):
        moves = self._map_moves(state)
        if key in moves:
            return moves[key]
        kind, _, rest = key.partition(":")
        legal = state.legal_actions()
        if kind == "act" and rest.isdigit() and int(rest) < len(legal):
            return legal[int(rest)]
        if kind == "free":
            raise IllegalActionError(*self._why_not_cell(state, rest))
        if kind == "room":
            raise IllegalActionError(*self._why_not_room(state, rest))
        raise IllegalActionError("ZAAR-TURN-01", "that makes no move now")

    def _why_not_cell(self, state: ZaarState, number: str) -> tuple[str, str]:
        cell = next((c for c, n in free_cells(state.mansion).items() if str(n) == number), None) \
            if state.rooms else None
        if state.phase != Phase.PLACE or cell is None:
            return "ZAAR-TURN-01", f"no room goes on a free cell now: {self.task(state)}"
        try:
            state.mansion.check_placement(state.drawn, cell, self._rotation(state))
        except IllegalActionError as refused:
            fits = any(a.cell == cell for a in state.legal_actions() if isinstance(a, Place))
            return refused.rule_id, refused.message + (": it fits there turned another way" if fits else "")
        return "ZAAR-PLACE-01", f"the room cannot go on cell {number}"

    def _why_not_room(self, state: ZaarState, where: str) -> tuple[str, str]:
        try:
            cell = self._cell(where)
            name = state.mansion.room_at(cell).name
        except (ValueError, KeyError, AttributeError):
            return "ZAAR-MOVE-01", "click a room of the mansion"
        p, here = state.player, state.pawn(state.player)
        if state.phase == Phase.TURN and here is not None:
            if state.held[p]:
                return "ZAAR-MOVE-02", "the demon is in your room: you cannot leave it"
            if state.moves_left <= 0:
                return "ZAAR-COIN-03", "no move left this turn"
            if cell == here:
                return "ZAAR-MOVE-01", f"you are in {name} already"
            return "ZAAR-MOVE-01", f"no door leads from {state.mansion.room_at(here).name} to {name}"
        return "ZAAR-TURN-01", f"{name} cannot be picked now: {self.task(state)}"

    def clicks_for(self, action) -> tuple[str, ...]:
        state = self.state
        if isinstance(action, Place):
            number = free_cells(state.mansion)[action.cell]
            turn = () if action.rotation == self._rotation(state) else (f"turn:{action.rotation}",)
            return (*turn, f"free:{number}")
        for key, mapped in self._map_moves(state).items():
            if mapped == action:
                return (key,)
        return super().clicks_for(action)

    def task(self, state: ZaarState) -> str:
        phase = state.phase
        if phase == Phase.TURN:
            return "click a room to go to, or one of your choices (draw a card, tools, end the turn)"
        kind = state.pending[0] if state.pending else ""
        return {"start": "choose the first room", "character": "choose your character",
                "place": "turn the room if you like, then click a black dot of the map to place it",
                "trapped": "the demon is trapped here: fight it, or end the turn"}.get(phase) or {
            "fall": "click the sacred room you fall to", "shortcut": "click the sacred room the shortcut takes you to",
            "shortcut?": "throw the raml for the shortcut, or stay", "nearest": "click the nearest sacred room",
            "revoke": "choose a plaque to revoke", "swap": "choose whom to swap places with",
            "gift": "choose whom to give it to", "cancel": "click the bloody room you come back in"}.get(
            kind, "pick one of your choices")
