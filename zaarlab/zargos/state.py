"""The Zargos game: static parameters (:class:`~zaarlab.zargos.state.ZargosGame`),
the frozen state (:class:`~zaarlab.zargos.state.ZargosState`), and actions.

The state is plain data; the rules that move it live in :mod:`zaarlab.zargos.rules`. A seat of the order of play
is a *people* (AMB-S17); a player may run two or three peoples (ZARGOS-SETUP-03, -05), and
:meth:`ZargosState.current_player` names the player who decides for the acting people.

Examples
--------
>>> game = ZargosGame(players=3)
>>> state = game.initial_state()
>>> state.current_player(), state.phase   # CHANCE (-1): each player rolls for the choice of peoples
(-1, <Phase.ROLL: 'roll'>)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from ..core.api import Action, RulesState, register_game
from ..core.codec import decode
from ..core.data import register_game_data
from ..core.derived import derived
from ..core.story import Event
from ..core.validate import check_params, load_state, params_from_dict
from .board import Planet, load_planet
from .cards import magic_deck, peoples
from .story import STORY


class Phase(StrEnum):
    """The phases of a game of Zargos: a state's ``phase`` is always one (saved as its text)."""

    ROLL = "roll"
    CHOOSE = "choose"
    PLACE_SINGLE = "place_single"
    PLACE_REST = "place_rest"
    ATTACK = "attack"
    COMBAT = "combat"
    FIGHT = "fight"
    DEMONS = "demons"
    REORG = "reorg"
    DRAW = "draw"
    DISCARD = "discard"
    BUY_START = "buy_start"
    BUY = "buy"
    PLACE_BUY = "place_buy"
    RED = "red"
    STRIKE = "strike"
    WAR = "war"
    SWAP = "swap"
    ANSWER = "answer"
    VETO = "veto"
    OVER = "over"


def load_data(data_dir: str | None = None) -> None:
    """Load every file a game of Zargos uses from ``data_dir`` (and the bundled ones it does not override)."""
    load_planet(data_dir), peoples(data_dir), magic_deck(data_dir)


register_game_data("zargos", load_data)


# -- actions -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChoosePeople(Action):
    """Setup: take a people (ZARGOS-SETUP-02, -03)."""

    people: str

    def __str__(self) -> str:
        return f"choose the {self.people}"


@dataclass(frozen=True)
class Place(Action):
    """Put one unit of the acting people on a province (setup and reinforcements)."""

    province: str

    def __str__(self) -> str:
        return f"place a unit in {self.province}"


@dataclass(frozen=True)
class LandAttack(Action):
    """Move ``units`` from ``src`` into a bordering province held by another people, or empty (ZARGOS-LAND-01)."""

    src: str
    dst: str
    units: int

    def __str__(self) -> str:
        return f"attack {self.dst} from {self.src} with {self.units}"


@dataclass(frozen=True)
class SeaAttack(Action):
    """Ship ``units`` from a coastal province to another people's coastal province, one boat per sea space."""

    src: str
    dst: str
    units: int

    def __str__(self) -> str:
        return f"attack {self.dst} by sea from {self.src} with {self.units}"


@dataclass(frozen=True)
class EndAttacks(Action):
    """No more movements: the combats are resolved (ZARGOS-COMBAT-01)."""

    def __str__(self) -> str:
        return "end the attacks"


@dataclass(frozen=True)
class Fight(Action):
    """Resolve the combat (or the demons) in ``province`` next; the attacker picks the order (ZARGOS-COMBAT-01)."""

    province: str

    def __str__(self) -> str:
        return f"fight in {self.province}"


@dataclass(frozen=True)
class Move(Action):
    """Reorganisation: move ``units`` between two provinces the people controls (ZARGOS-REORG-01)."""

    src: str
    dst: str
    units: int

    def __str__(self) -> str:
        return f"move {self.units} from {self.src} to {self.dst}"


@dataclass(frozen=True)
class EndTurn(Action):
    """End the acting people's turn (after its reorganisation)."""

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True)
class Discard(Action):
    """Put a magic card from the hand at the bottom of the deck (hand limit, ZARGOS-MAGIC-02)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class PlayCard(Action):
    """Play a magic card at a target: a kingdom, a player index, a people, a combat side, or "" (ZARGOS-MAGIC-*)."""

    card: str
    target: str

    def __str__(self) -> str:
        return f"play {self.card}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True)
class Pass(Action):
    """Play no (more) magic card now."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Offer(Action):
    """Propose a swap of magic cards to player ``to``: ``give`` from one's hand for ``take`` from theirs."""

    to: int
    give: tuple[str, ...]
    take: tuple[str, ...]

    def __str__(self) -> str:
        give, take = ", ".join(self.give) or "nothing", ", ".join(self.take) or "nothing"
        return f"offer {give} to player {self.to + 1} for {take}"


@dataclass(frozen=True)
class Answer(Action):
    """Accept or decline the swap offered."""

    accept: bool

    def __str__(self) -> str:
        return "accept the swap" if self.accept else "decline the swap"


@dataclass(frozen=True)
class Buy(Action):
    """Spend the people's points: reinforcement units at 2, boats at 5 (ZARGOS-BUY-02, -03)."""

    units: int
    boats: int

    def __str__(self) -> str:
        return f"buy {self.units} units and {self.boats} boats"


ACTION_TYPES = (ChoosePeople, Place, LandAttack, SeaAttack, EndAttacks, Fight, Move, EndTurn, Discard, PlayCard, Pass,
                Offer, Answer, Buy)


# -- the game ----------------------------------------------------------------------------------------------
START_UNITS = {6: 25, 5: 30, 4: 35, 3: 25, 2: 35}  # per people (ZARGOS-SETUP-04)
THREE_PEOPLES_UNITS = 25  # the 2-player variant with three peoples each (ZARGOS-SETUP-05)


@register_game
@dataclass(frozen=True)
class ZargosGame:
    """A game of Zargos.

    Parameters
    ----------
    players : int
        2 to 6.
    three_peoples : bool
        With 2 players, three peoples each instead of two (ZARGOS-SETUP-05).
    powers : str
        ``"placeholder"`` for the bundled (reconstructed) people powers, ``"none"`` for peoples all alike.
    turn_limit : int
        The game stops after this many turns if nobody has won (the rulebook has no limit; bots need one).
    master_spells : str
        How the Master of the Winds "controls all magic spells cast on Zargos" (AMB-S06): ``"source"`` (the
        default: only as the source of new cards), ``"veto"`` or ``"exclusive"`` (see :mod:`zaarlab.zargos.magic`).
    data_dir : str
        A folder of the user's own data files (map, peoples, magic), or ``""`` for the bundled ones.
    """

    name: ClassVar[str] = "zargos"
    players: int = 4
    three_peoples: bool = False
    powers: str = "placeholder"
    turn_limit: int = 30
    master_spells: str = "source"
    data_dir: str = ""

    def __post_init__(self) -> None:
        check_params(self)
        if not 2 <= self.players <= 6:
            raise ValueError(f"Zargos is for 2 to 6 players, not {self.players} (ZARGOS-SETUP-04)")
        if self.three_peoples and self.players != 2:
            raise ValueError("three peoples each is a 2-player variant (ZARGOS-SETUP-05)")
        if self.powers not in ("placeholder", "none"):
            raise ValueError(f"powers is 'placeholder' or 'none', not {self.powers!r}")
        load_data(self.data_dir or None)  # every file the game uses, checked now rather than mid-game
        if self.master_spells not in ("source", "veto", "exclusive"):
            raise ValueError(f"master_spells is 'source', 'veto' or 'exclusive' (AMB-S06), not {self.master_spells!r}")

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def peoples_per_player(self) -> int:
        return 3 if self.three_peoples else 2 if self.players <= 3 else 1

    @property
    def start_units(self) -> int:
        return THREE_PEOPLES_UNITS if self.three_peoples else START_UNITS[self.players]

    @derived
    def planet(self) -> Planet:
        return load_planet(self.data_dir or None)

    @derived
    def hooks(self) -> dict[str, str]:
        """People -> power hook id (empty with ``powers="none"``)."""
        if self.powers == "none":
            return {}
        return {p.id: p.hook for p in peoples(self.data_dir or None)}

    @derived
    def suspension_cards(self) -> dict[str, str]:
        """Red card -> the people whose power it suspends (GAP-S02)."""
        return {p.suspended_by: p.id for p in peoples(self.data_dir or None)}

    def initial_state(self) -> ZargosState:
        return ZargosState(
            game=self,
            phase=Phase.ROLL,
            ranking=(tuple(range(self.players)),),
            deck=tuple(sorted(magic_deck(self.data_dir or None))),
            boats=(0,) * self.players,
            hands=((),) * self.players,
            log=(),
        )

    def state_from_dict(self, data: dict[str, Any]) -> ZargosState:
        """The state :meth:`ZargosState.to_dict` saved, refused unless a game can reach it (``validate()``)."""
        state: ZargosState = load_state(ZargosState, data, ACTION_TYPES, self)
        return state

    def action_from_dict(self, data: Any) -> Any:
        return decode(data, ACTION_TYPES)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "three_peoples": self.three_peoples, "powers": self.powers,
                "turn_limit": self.turn_limit, "master_spells": self.master_spells, "data_dir": self.data_dir}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ZargosGame:
        game: ZargosGame = params_from_dict(cls, data)
        return game


# -- the state ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ZargosState(RulesState):
    """Where a game of Zargos stands. Every field is immutable; ``log`` is narrative, left out of equality.

    ``board`` holds (province, people, units) for every occupied province, sorted. During an attack phase,
    ``attacking`` holds (province, units) of the acting people's units that have moved this turn; they sit in
    their target until the combats are resolved.
    """

    rules_module = "zaarlab.zargos.rules"  # the API methods of RulesState delegate to it
    over = Phase.OVER  # the phase that ends the game
    story = STORY  # the log's events in words

    game: ZargosGame = field(compare=False, repr=False)
    phase: Phase
    turn: int = 0
    ranking: tuple[tuple[int | str, ...], ...] = ()  # roll-offs: groups still to be ordered by dice (GAP-S06)
    rolls: tuple[int, ...] = ()                   # the faces rolled so far by the current roll-off group
    choosers: tuple[int, ...] = ()                # setup: players still to choose, in order
    peoples: tuple[str, ...] = ()                 # peoples in the order they were chosen
    owners: tuple[int, ...] = ()                  # the player of each of ``peoples``
    seats: tuple[str, ...] = ()                   # the order of play: peoples
    seat: int = 0                                 # index into ``seats`` of the acting people
    reserve: tuple[tuple[str, int], ...] = ()     # (people, units) not yet on the board
    board: tuple[tuple[str, str, int], ...] = ()
    attacking: tuple[tuple[str, int], ...] = ()
    combat: tuple[Any, ...] = ()  # (province, attackers, defenders, defender or "", demon dice, extra dice a, d)
    reorg: tuple[tuple[str, str, int], ...] = ()  # reorganisation steps made: (src, dst, units)
    points: tuple[tuple[str, int], ...] = ()      # (people, points) at the last count
    budget: int = 0                               # points the acting people may still spend
    boats: tuple[int, ...] = ()                   # per player
    kingdom_cards: tuple[tuple[str, str], ...] = ()  # (kingdom, people)
    master: str = ""                              # the people holding the Master of the Winds card
    deck: tuple[str, ...] = ()                    # the unseen, shuffled part of the magic deck (sorted multiset)
    bottom: tuple[str, ...] = ()                  # cards returned under the deck, top first
    removed: tuple[str, ...] = ()                 # cards out of the game (ZARGOS-MAGIC-16)
    hands: tuple[tuple[str, ...], ...] = ()       # per player, sorted
    draws: tuple[tuple[int, int], ...] = ()       # (player, cards still to draw), in order
    red_queue: tuple[int, ...] = ()               # players still to decide in the red-card window
    window: tuple[tuple[str, str], ...] = ()      # (card, target) played in this window (ZARGOS-MAGIC-12)
    effects: tuple[tuple[str, str], ...] = ()     # (card, target) of red cards in force until the end of the turn
    strike: tuple[Any, ...] = ()                  # (card, provinces still to roll for) of a Wind of Madness or Death
    boosts: tuple[str, ...] = ()                  # green cards the acting people has played and not yet used
    war_queue: tuple[tuple[int, str], ...] = ()   # (player, side) still to decide on a Wind of War
    swap_queue: tuple[int, ...] = ()              # players who may still offer a swap of magic cards (ZARGOS-MAGIC-13)
    offer: tuple[Any, ...] = ()                   # (from, to, give, take) awaiting an answer
    spell: tuple[Any, ...] = ()                   # (card, target) awaiting the Master's veto (AMB-S06 b)
    winner: str = ""
    log: tuple[Event, ...] = field(default=(), compare=False)

    # -- the rest of the API (RulesState has the others) -----------------------------------------------------------
    def returns(self) -> tuple[int, ...]:
        """1 for the player whose people won, 0 for the others; all 0 if the turn limit stopped the game."""
        winner = self.owners[self.peoples.index(self.winner)] if self.winner else None
        return tuple(int(player == winner) for player in range(self.game.players))

    # -- reading the board ----------------------------------------------------------------------------------
    @derived
    def holdings(self) -> dict[str, tuple[str, int]]:
        """Province -> (people, units) for every occupied province."""
        return {province: (people, units) for province, people, units in self.board}

    def holder(self, province: str) -> str:
        """The people occupying ``province``, or ``""``."""
        return self.holdings.get(province, ("", 0))[0]

    def units(self, province: str) -> int:
        return self.holdings.get(province, ("", 0))[1]

    def provinces_of(self, people: str) -> tuple[str, ...]:
        return tuple(province for province, holder, _ in self.board if holder == people)

    def player_of(self, people: str) -> int:
        return self.owners[self.peoples.index(people)]

    @property
    def acting(self) -> str:
        """The people whose turn it is (attacks, combats, reorganisation, buying)."""
        return self.seats[self.seat] if self.seats else ""

    @property
    def players_in_order(self) -> list[int]:
        """The players in the order of play (a player with several peoples at their first seat)."""
        return list(dict.fromkeys(self.player_of(people) for people in self.seats))

    def points_of(self, people: str) -> int:
        return dict(self.points).get(people, 0)

    def __str__(self) -> str:
        head = f"Zargos, turn {self.turn}, phase {self.phase}"
        if self.acting:
            head += f", {self.acting} to act"
        return head



# -- small helpers the rules share -------------------------------------------------------------------------
def with_units(board: tuple[tuple[str, str, int], ...], province: str, people: str,
               units: int) -> tuple[tuple[str, str, int], ...]:
    """The board with ``province`` held by ``people`` with ``units`` (emptied when units is 0).

    >>> with_units((("A", "knights", 2),), "B", "monks", 3)
    (('A', 'knights', 2), ('B', 'monks', 3))
    """
    rows = [row for row in board if row[0] != province]
    if units > 0:
        rows.append((province, people, units))
    return tuple(sorted(rows))


def logged(state: ZargosState, *events: Event) -> tuple[Event, ...]:
    """The state's log with ``events`` added."""
    return state.log + events

