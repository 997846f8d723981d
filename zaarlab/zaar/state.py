"""The Zaar game: static parameters (:class:`~zaarlab.zaar.state.ZaarGame`),
the frozen state (:class:`~zaarlab.zaar.state.ZaarState`), actions.

The mansion is kept as its plain parts (rooms, Amulet doors, passages) and rebuilt as a
:class:`~zaarlab.zaar.board.Mansion` when needed. Coins are counted: the bag holds life and wisdom coins, tools have a
supply of their own (GAP-Z10); coins drawn "at random" are chance nodes weighted by what the bag holds (ZAAR-COIN-04).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from ..core.api import Action, RulesState, register_game
from ..core.codec import decode
from ..core.data import DataError, register_game_data
from ..core.derived import derived
from ..core.hexgrid import Hex
from ..core.story import Event
from ..core.validate import check_params, load_state, params_from_dict
from .astrolabe import Astrolabe, load_astrolabe
from .board import Mansion
from .cards import BAG, TOOLS, CardSet, Character, load_cards, load_characters
from .name_table import NameTable, load_name_table
from .raml import Raml, Requirement, load_raml
from .story import STORY


# -- actions -----------------------------------------------------------------------------------------------
class Phase(StrEnum):
    """The phases of a game of Zaar: a state's ``phase`` is always one (saved as its text)."""

    ORDER = "order"
    CHARACTER = "character"
    START = "start"
    TURN = "turn"
    DRAW = "draw"
    PLACE = "place"
    THROW = "throw"
    TRAPPED = "trapped"
    CHOOSE = "choose"
    COIN = "coin"
    OVER = "over"


@dataclass(frozen=True)
class PickCharacter(Action):
    """Advanced mode: take a character, in the order the raml gave (ZAAR-SETUP-05)."""

    character: str

    def __str__(self) -> str:
        return f"play the {self.character}"


@dataclass(frozen=True)
class StartRoom(Action):
    """Put the first room on the centre (ZAAR-SETUP-02)."""

    room: str

    def __str__(self) -> str:
        return f"start in {self.room}"


@dataclass(frozen=True)
class DrawCard(Action):
    """Draw the top card of the pile (ZAAR-TURN-02)."""

    def __str__(self) -> str:
        return "draw a card"


@dataclass(frozen=True)
class Place(Action):
    """Place the room drawn (ZAAR-PLACE-01..03)."""

    cell: Hex
    rotation: int

    def __str__(self) -> str:
        return f"place it at {self.cell} turned {self.rotation}"


@dataclass(frozen=True)
class Move(Action):
    """Move the pawn to ``to`` across an edge of ``kind`` (door, amulet, passage, wall, teleport) (ZAAR-MOVE-01)."""

    to: Hex
    kind: str = "door"

    def __str__(self) -> str:
        return f"move to {self.to}" + ("" if self.kind == "door" else f" ({self.kind})")


@dataclass(frozen=True)
class Relocate(Action):
    """Move the Suspended Room, with your pawn inside, to ``to``; not a move (ZAAR-ROOM-02..04, AMB-Z12)."""

    to: Hex

    def __str__(self) -> str:
        return f"move the Suspended Room to {self.to}"


@dataclass(frozen=True)
class Choose(Action):
    """Answer a question the rules ask in words: ``"stay"`` where you are (rather than a fall's or a shortcut's room),
    ``"throw"`` the raml for a shortcut, or put a room that fits nowhere ``"back to the pile"``."""

    what: str

    def __str__(self) -> str:
        return f"choose {self.what}"


@dataclass(frozen=True)
class ChooseRoom(Action):
    """Pick the room at ``cell`` that a fall, a shortcut, the nearest sacred room or the Boswellia sends you to."""

    cell: Hex

    def __str__(self) -> str:
        return f"choose the room at {self.cell}"


@dataclass(frozen=True)
class ChoosePlaque(Action):
    """Pick the spell plaque ``letter`` of the room at ``cell`` for a card to revoke."""

    cell: Hex
    letter: str

    def __str__(self) -> str:
        return f"revoke plaque {self.letter} of {self.cell}"


@dataclass(frozen=True)
class ChoosePlayer(Action):
    """Pick the player (a seat counted from 0) you swap places with, or give the Physician's life coin to."""

    player: int

    def __str__(self) -> str:
        return f"choose player {self.player + 1}"


@dataclass(frozen=True)
class Fight(Action):
    """Fight the trapped demon through the astrolabe (ZAAR-RAML-04, ZAAR-ASTRO-02)."""

    def __str__(self) -> str:
        return "fight the demon"


@dataclass(frozen=True)
class Throw(Action):
    """Throw the raml: a battle throw, a shortcut, the level-3 fight (ZAAR-BATTLE-01, ZAAR-LVL3-04)."""

    def __str__(self) -> str:
        return "throw the raml"


@dataclass(frozen=True)
class BuyTool(Action):
    """Pay 3 coins (2 for the Knight) into the bag for a tool (ZAAR-TOOL-03, ZAAR-PAWN-05): ``life`` of them life."""

    tool: str
    life: int

    def __str__(self) -> str:
        return f"buy {self.tool} ({self.life} life coin{'' if self.life == 1 else 's'} paid)"


@dataclass(frozen=True)
class SpendTool(Action):
    """Spend a tool for its ability (ZAAR-TOOL-07, -09, -11); ``target`` where one is needed."""

    tool: str
    target: str = ""

    def __str__(self) -> str:
        return f"spend {self.tool}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True)
class PlaceTool(Action):
    """Place a tool in the mansion (ZAAR-TOOL-08, -10, -12): a room, or a wall (``side``) for the Amulet."""

    tool: str
    cell: Hex
    side: int = -1

    def __str__(self) -> str:
        return f"place {self.tool} at [{self.cell.q}, {self.cell.r}]" + (f" side {self.side}" if self.side >= 0 else "")


@dataclass(frozen=True)
class RetrieveTool(Action):
    """Take back a tool you placed (ZAAR-TOOL-13)."""

    tool: str
    cell: Hex

    def __str__(self) -> str:
        return f"take back {self.tool} from [{self.cell.q}, {self.cell.r}]"


@dataclass(frozen=True)
class Escape(Action):
    """Level 4: leave the mansion from a sacred room, a survivor (GAP-Z12)."""

    def __str__(self) -> str:
        return "escape the mansion"


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn (ZAAR-TURN-04)."""

    def __str__(self) -> str:
        return "end the turn"


ACTION_TYPES = (PickCharacter, StartRoom, DrawCard, Place, Move, Relocate, Choose, ChooseRoom, ChoosePlaque,
                ChoosePlayer, Fight, Throw, BuyTool, SpendTool, PlaceTool, RetrieveTool, Escape, EndTurn, Hex)


_OLD_CHOICE = re.compile(r"\[(-?\d{1,3}), (-?\d{1,3})\](?: ([A-Z]))?|player ([1-9])")


def _as_chosen_now(action: Any) -> Any:
    """A choice as saves made before 2026-12-06 wrote it, a room, plaque or player as text in :class:`Choose`
    (``"[0, 1]"``, ``"[0, 1] A"``, ``"player 2"``), read as the action it stood for; any other action as it is.

    >>> _as_chosen_now(Choose("[0, -1] B")), _as_chosen_now(Choose("player 2")), _as_chosen_now(Choose("stay"))
    (ChoosePlaque(cell=Hex(q=0, r=-1), letter='B'), ChoosePlayer(player=1), Choose(what='stay'))
    """
    old = _OLD_CHOICE.fullmatch(action.what) if isinstance(action, Choose) and isinstance(action.what, str) else None
    if old is None:
        return action
    q, r, letter, player = old.groups()
    if player:
        return ChoosePlayer(int(player) - 1)
    cell = Hex(int(q), int(r))
    return ChoosePlaque(cell, letter) if letter else ChooseRoom(cell)


# -- mansions shared by states ------------------------------------------------------------------------------
# (game, rooms, amulet doors, passages) -> their mansion
_MansionKey = tuple["ZaarGame", tuple[tuple[Hex, str, int], ...], tuple[tuple[Hex, int], ...], tuple[Hex, ...]]
_MANSIONS: OrderedDict[_MansionKey, Mansion] = OrderedDict()  # each key's Mansion, the newest last
_KEEP = 64  # recent mansions: those of a game's last turns, and a few more for analyses that look ahead


def _remember(key: _MansionKey, mansion: Mansion) -> None:
    _MANSIONS[key] = mansion
    while len(_MANSIONS) > _KEEP:
        _MANSIONS.popitem(last=False)


def share_mansion(state: ZaarState, mansion: Mansion) -> ZaarState:
    """``state`` (whose rooms and tools are ``mansion``'s) using ``mansion`` itself, with what it has derived: a
    mansion made by :meth:`Mansion.place` has its graphs and placements updated from the mansion before."""
    _remember(state._mansion_key, mansion)
    return state


# -- the game ----------------------------------------------------------------------------------------------
@register_game
@dataclass(frozen=True)
class ZaarGame:
    """A game of Zaar.

    Parameters
    ----------
    players : int
        1 to 6 (ZAAR-COMP-05, GAP-Z14).
    mode : str
        ``"normal"`` (every pawn 3 life, 3 wisdom, no ability, ZAAR-PAWN-01) or ``"advanced"`` (characters).
    turn_limit : int
        The game stops after this many turns (the rulebook has none; bot games need one).
    windy_mutual : bool
        AMB-Z01 (b) for the windy mission.
    data_dir : str
        A folder of the user's own data files, or ``""`` for the bundled ones.
    """

    name: ClassVar[str] = "zaar"
    players: int = 3
    mode: str = "normal"
    turn_limit: int = 120
    windy_mutual: bool = False
    data_dir: str = ""

    def __post_init__(self) -> None:
        check_params(self)
        if not 1 <= self.players <= 6:
            raise ValueError(f"Zaar is for 1 to 6 players, not {self.players} (ZAAR-COMP-05, GAP-Z14)")
        load_data(self.data_dir or None)  # every file the game uses, checked now rather than mid-game
        if self.mode not in ("normal", "advanced"):
            raise ValueError(f"mode is 'normal' or 'advanced' (ZAAR-PAWN-01, -02), not {self.mode!r}")

    @property
    def num_players(self) -> int:
        return self.players

    @derived
    def cards(self) -> CardSet:
        return load_cards(self.data_dir or None)

    @derived
    def characters(self) -> dict[str, Character]:
        return load_characters(self.data_dir or None)

    @derived
    def raml(self) -> Raml:
        """The raml's dice (``zaar/raml.yaml`` of this game's data folder)."""
        return load_raml(self.data_dir or None)

    @derived
    def astrolabe(self) -> Astrolabe:
        """The astrolabe's plates and notch table (``zaar/astrolabe.yaml``)."""
        return load_astrolabe(self.data_dir or None)

    @derived
    def name_table(self) -> NameTable:
        """The demon's-name table (``zaar/name_table.yaml``)."""
        return load_name_table(self.data_dir or None)

    def initial_state(self) -> ZaarState:
        n = self.players
        return ZaarState(
            game=self, phase=Phase.ORDER if self.mode == "advanced" else Phase.START, pile=self.cards.deck(),
            bag=(BAG["life"], BAG["wisdom"]), supply=tuple(TOOLS[t] for t in TOOL_ORDER), characters=("",) * n,
            life=(0,) * n, wisdom=(0,) * n, tools=((),) * n, pawns=((),) * n, status=("in",) * n,
            held=(False,) * n, lasting=((),) * n, events_passed=(0,) * n, stays=(0,) * n,
            order=((tuple(range(n)),) if self.mode == "advanced" else ()),
        )

    def state_from_dict(self, data: dict[str, Any]) -> ZaarState:
        """The state :meth:`ZaarState.to_dict` saved, refused unless a game can reach it (``validate()``)."""
        state: ZaarState = load_state(ZaarState, data, ACTION_TYPES, self)
        return state

    def action_from_dict(self, data: Any) -> Any:
        return _as_chosen_now(decode(data, ACTION_TYPES))

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "mode": self.mode, "turn_limit": self.turn_limit,
                "windy_mutual": self.windy_mutual, "data_dir": self.data_dir}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ZaarGame:
        game: ZaarGame = params_from_dict(cls, data)
        return game


TOOL_ORDER = ("amulet", "boswellia", "peganum")


def load_data(data_dir: str | None = None) -> None:
    """Load every file a game of Zaar uses from ``data_dir`` (and the bundled ones it does not override), and
    check them against each other: the astrolabe and the name table ask only for numbers the raml shows.

    Raises :class:`~zaarlab.core.data.DataError` naming the file and the entry.
    """
    load_cards(data_dir), load_characters(data_dir)
    faces, count = set(load_raml(data_dir).numbers), load_raml(data_dir).count
    astrolabe = load_astrolabe(data_dir)
    for i, row in enumerate(astrolabe.notch):
        for j, result in enumerate(row):
            if result.requirement is not None and not _fits_raml(result.requirement, faces, count):
                raise DataError("zaar/astrolabe.yaml", f"notch[{i}][{j}]", f"{result.requirement} asks for numbers "
                                f"the raml cannot show ({count} dice, faces {sorted(faces)}; GAP-Z03)")
    for name, code, _ in load_name_table(data_dir).lines():
        if not _fits_raml(Requirement.parse(code), faces, count):
            raise DataError("zaar/name_table.yaml", name, f"code {code} is not {count} raml numbers of "
                            f"{sorted(faces)} (GAP-Z07)")


def _fits_raml(requirement: Requirement, faces: set[int], count: int) -> bool:
    values = [v for v in requirement.values if v is not None]
    fits = len(requirement.values) == count if requirement.kind == "ordered" else len(values) <= count
    return fits and set(values) <= faces


register_game_data("zaar", load_data)


# -- the state ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ZaarState(RulesState):
    """Where a game of Zaar stands. Every field is immutable; ``log`` is narrative, left out of equality.

    ``pawns[p]`` is the pawn's cell as a one-element tuple, or ``()`` when out of the mansion (exiled, escaped,
    buried); ``status[p]`` says which. Coins: ``life``/``wisdom`` per player, ``bag`` = (life, wisdom) in the bag,
    ``plaque_coins`` = (cell, coin) lying in rooms, ``table_coins`` = ((row, col), coin) on the name table.
    """

    rules_module = "zaarlab.zaar.rules"  # the API methods of RulesState delegate to it
    over = Phase.OVER  # the phase that ends the game
    story = STORY  # the log's events in words

    game: ZaarGame = field(compare=False, repr=False)
    phase: Phase
    turn: int = 0
    player: int = 0
    level: int = 1
    order: tuple[tuple[int, ...], ...] = ()  # advanced setup: groups still to be ordered by the raml (ZAAR-SETUP-05)
    rolls: tuple[tuple[int, int], ...] = ()           # (player, number) thrown in the current group
    choosers: tuple[int, ...] = ()                    # players still to pick a character
    characters: tuple[str, ...] = ()
    rooms: tuple[tuple[Hex, str, int], ...] = ()      # the mansion: (cell, room id, rotation)
    amulet_doors: tuple[tuple[Hex, int], ...] = ()
    passages: tuple[tuple[Hex, int], ...] = ()        # (cell, owner): Boswellia placed
    peganums: tuple[tuple[Hex, int], ...] = ()        # (cell, owner): Peganum placed
    revoked: tuple[tuple[Hex, str], ...] = ()         # (cell, letter) of revoked plaques
    plaque_coins: tuple[tuple[Hex, str], ...] = ()    # (cell, coin) lying in rooms
    pile: tuple[str, ...] = ()                        # the draw pile (unseen)
    drawn: str = ""                                   # the card drawn, waiting to be placed or resolved
    discarded: tuple[str, ...] = ()                   # events obeyed and out of the game (ZAAR-EVENT-02, -03)
    bag: tuple[int, int] = (0, 0)                     # life, wisdom coins in the bag
    supply: tuple[int, ...] = ()                      # tool coins left, in TOOL_ORDER
    life: tuple[int, ...] = ()
    wisdom: tuple[int, ...] = ()
    tools: tuple[tuple[str, ...], ...] = ()           # per player, sorted
    pawns: tuple[tuple[Hex, ...], ...] = ()
    status: tuple[str, ...] = ()                      # in, exiled, escaped, buried
    held: tuple[bool, ...] = ()                       # the demon is present in the pawn's room (AMB-Z04)
    lasting: tuple[tuple[str, int] | tuple[()], ...] = ()  # per player: (event id, counter) of a lasting event, or ()
    events_passed: tuple[int, ...] = ()               # per player (ZAAR-MISSION-08)
    draws_left: int = 0
    moves_left: int = 0
    moved: bool = False                               # level 4: the single move made (ZAAR-TOOL-05)
    stays: tuple[int, ...] = ()                       # level 4: turns each pawn stayed in its room (ZAAR-LVL4-08)
    destroyed: tuple[Hex, ...] = ()                   # level 4: cells flipped
    plates: tuple[int, int, int] = (0, 0, 0)          # the astrolabe: lower, top, back
    revealed: tuple[str, ...] = ()                    # name letters in the order revealed
    table_coins: tuple[tuple[tuple[int, int], str], ...] = ()
    used_rooms: tuple[Hex, ...] = ()                  # cells used by placement missions (ZAAR-MISSION-02)
    # one-off missions paid: "last_spell", "sixth", "seventh", ("events", player)
    paid: tuple[str | tuple[str, int], ...] = ()
    trapper: int = -1                                 # who left exactly one plaque (ZAAR-MISSION-09, AMB-Z18)
    demon_room: tuple[Hex, ...] = ()                  # the demon's room in level 3
    last_taker: int = -1                              # who took the last coin of level 3 (ZAAR-LVL4-03)
    pending: tuple[Any, ...] = ()                     # what a chance node or a choice is for: (kind, details...)
    coin_queue: tuple[tuple[str, Any], ...] = ()      # where the coins drawn from the bag go, in order
    winner: tuple[int, ...] = ()                      # the survivors with the most coins
    log: tuple[Event, ...] = field(default=(), compare=False)

    # -- the rest of the API (RulesState has the others) ----------------------------------------------------
    def returns(self) -> tuple[int, ...]:
        """1 for each winner (a tie is a shared victory, GAP-Z15), 0 for the others."""
        return tuple(int(p in self.winner) for p in range(self.game.players))

    # -- reading ---------------------------------------------------------------------------------------------
    @derived
    def mansion(self) -> Mansion:
        """The mansion of these rooms and tools: one object for every state that shares them, so its graphs and
        placements are derived once (and updated, not rebuilt, when a room is placed; see :func:`share_mansion`)."""
        key = self._mansion_key
        if key not in _MANSIONS:
            _remember(key, Mansion(self.rooms, self.amulet_doors, key[3], cards=self.game.cards))
        _MANSIONS.move_to_end(key)
        return _MANSIONS[key]

    @property
    def _mansion_key(self) -> _MansionKey:
        return self.game, self.rooms, self.amulet_doors, tuple(sorted(c for c, _ in self.passages))

    def pawn(self, player: int) -> Hex | None:
        return self.pawns[player][0] if self.pawns[player] else None

    def coins(self, player: int) -> int:
        """Life, wisdom and tools: the final count (ZAAR-END-04)."""
        return self.life[player] + self.wisdom[player] + len(self.tools[player])

    def unrevoked(self) -> tuple[tuple[Hex, str], ...]:
        """Every plaque in the mansion not yet revoked, as (cell, letter)."""
        return self._unrevoked

    @derived
    def _unrevoked(self) -> tuple[tuple[Hex, str], ...]:
        gone = set(self.revoked)
        return tuple((cell, letter) for cell, room, _ in self.rooms for letter in self.game.cards.rooms[room].plaques
                     if (cell, letter) not in gone)

    def __str__(self) -> str:
        return f"Zaar, level {self.level}, turn {self.turn}, player {self.player + 1}, phase {self.phase}"
