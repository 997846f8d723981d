"""The Zogar's Gaze game: static parameters (:class:`~zaarlab.zogars_gaze.state.ZogarGame`),
the frozen state (:class:`~zaarlab.zogars_gaze.state.ZogarState`), actions.

The state is plain data; the rules that move it live in :mod:`zaarlab.zogars_gaze.rules`. Cards are ids of
:func:`~zaarlab.zogars_gaze.cards.load_cards` and every pile is a sorted multiset of ids. The unseen decks (the
dungeon deck, the market deck) are multisets too: a card is drawn at a chance node, uniformly among the cards
there, which is what a thoroughly shuffled deck gives (ZOGAR-DELVE-01).

Examples
--------
>>> state = ZogarGame(players=3).initial_state()
>>> state.current_player(), state.phase     # CHANCE (-1): the race cards are dealt first
(-1, <Phase.DEAL_RACE: 'deal_race'>)
>>> len(state.dungeon), len(state.market_deck)
(126, 18)
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
from .cards import CardSet, load_cards
from .odds import STRAIGHT_READINGS
from .story import STORY

register_game_data("zogars_gaze", load_cards)


# -- actions -----------------------------------------------------------------------------------------------
class Phase(StrEnum):
    """The phases of a game of Zogar's Gaze: a state's ``phase`` is always one (saved as its text)."""

    DEAL_RACE = "deal_race"
    DEAL_CLASS = "deal_class"
    MARKET_UP = "market_up"
    FIRST = "first"
    MARKET = "market"
    GAMBLE = "gamble"
    REFILL = "refill"
    ITEMS = "items"
    CLIMB = "climb"
    CUT = "cut"
    FLIP = "flip"
    PEEK = "peek"
    DELVE = "delve"
    HOLD = "hold"
    ROLL = "roll"
    MIMIC = "mimic"
    THIEVES = "thieves"
    PAY_PICK = "pay_pick"
    DYING = "dying"
    TRAPPED = "trapped"
    OVER = "over"


@dataclass(frozen=True)
class TradeIn(Action):
    """Market: lay one card from the hand face down toward a purchase (ZOGAR-MARKET-04)."""

    card: str

    def __str__(self) -> str:
        return f"trade in {self.card}"


@dataclass(frozen=True)
class Buy(Action):
    """Market: take the face-up market card ``card`` for the cards traded in (ZOGAR-MARKET-02, -05)."""

    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True)
class Gamble(Action):
    """Market: take the unseen top card of the market deck instead (ZOGAR-MARKET-02)."""

    def __str__(self) -> str:
        return "gamble on the top market card"


@dataclass(frozen=True)
class SkipMarket(Action):
    """Market: buy nothing this turn; cards laid down go back to the hand (ZOGAR-MARKET-01)."""

    def __str__(self) -> str:
        return "skip the market"


@dataclass(frozen=True)
class Carry(Action):
    """Choosing items: take one more copy of ``card`` into the dungeon (ZOGAR-ITEMS-01, -02)."""

    card: str

    def __str__(self) -> str:
        return f"carry {self.card}"


@dataclass(frozen=True)
class Enter(Action):
    """Choosing items is done: cut the deck and enter the dungeon (ZOGAR-DELVE-02)."""

    def __str__(self) -> str:
        return "enter the dungeon"


@dataclass(frozen=True)
class Flip(Action):
    """Turn over the next dungeon card (ZOGAR-DELVE-03, -04)."""

    def __str__(self) -> str:
        return "flip a card"


@dataclass(frozen=True)
class Leave(Action):
    """Leave the dungeon, keeping everything (ZOGAR-DELVE-06)."""

    def __str__(self) -> str:
        return "leave the dungeon"


@dataclass(frozen=True)
class UseItem(Action):
    """Use an item: peek at the next card, escape a trap, an extra combat roll, cancel a death."""

    card: str

    def __str__(self) -> str:
        return f"use {self.card}"


@dataclass(frozen=True)
class Fight(Action):
    """Fight the Thieves (ZOGAR-THIEF-01)."""

    def __str__(self) -> str:
        return "fight the thieves"


@dataclass(frozen=True)
class PayThieves(Action):
    """Pay the Thieves off with the highest-valued card carried (ZOGAR-THIEF-02)."""

    def __str__(self) -> str:
        return "pay the thieves off"


@dataclass(frozen=True)
class PassThieves(Action):
    """Walk past the Thieves, wearing the Thieves Signet (ZOGAR-SIGNET-01)."""

    def __str__(self) -> str:
        return "pass the thieves by"


@dataclass(frozen=True)
class PickPayment(Action):
    """The left neighbour picks which of the tied highest cards pays the Thieves (ZOGAR-THIEF-03)."""

    card: str

    def __str__(self) -> str:
        return f"pick {self.card} for the thieves"


@dataclass(frozen=True)
class Hold(Action):
    """Keep ``dice`` (a sub-multiset of the dice showing) and reroll the rest (ZOGAR-COMBAT-05, -06)."""

    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"hold {list(self.dice)} and reroll {5 - len(self.dice)}"


@dataclass(frozen=True)
class AcceptDeath(Action):
    """Use no item to escape death: every carried item is lost (ZOGAR-ITEMS-03)."""

    def __str__(self) -> str:
        return "accept death"


@dataclass(frozen=True)
class Climb(Action):
    """Trapped: roll the five dice once to escape (GAP-G06)."""

    def __str__(self) -> str:
        return "try to escape"


ACTION_TYPES = (TradeIn, Buy, Gamble, SkipMarket, Carry, Enter, Flip, Leave, UseItem, Fight, PayThieves, PassThieves,
                PickPayment, Hold, AcceptDeath, Climb)


# -- the game ----------------------------------------------------------------------------------------------
@register_game
@dataclass(frozen=True)
class ZogarGame:
    """A game of Zogar's Gaze.

    Parameters
    ----------
    players : int
        1 to 5 (five race and five class cards, GAP-G11).
    straight_alt : str
        Which other straights beat a printed one (AMB-G01): ``"extra_die"`` (the default), ``"any_same_length"``,
        ``"superset_only"`` or ``"printed_only"``.
    turn_limit : int
        The game stops, nobody winning, after this many turns (the rulebook has no limit; bot games need one).
    data_dir : str
        A folder of the user's own card files, or ``""`` for the bundled (reconstructed) ones.
    """

    name: ClassVar[str] = "zogars_gaze"
    players: int = 3
    straight_alt: str = "extra_die"
    turn_limit: int = 200
    data_dir: str = ""

    def __post_init__(self) -> None:
        check_params(self)
        if not 1 <= self.players <= 5:
            raise ValueError(f"Zogar's Gaze is for 1 to 5 players, not {self.players} (GAP-G11, ZOGAR-COMP-03)")
        if self.straight_alt not in STRAIGHT_READINGS:
            raise ValueError(f"straight_alt is one of {', '.join(STRAIGHT_READINGS)} (AMB-G01)")
        load_cards(self.data_dir or None)  # every file the game uses, checked against each other now

    @property
    def num_players(self) -> int:
        return self.players

    @derived
    def cards(self) -> CardSet:
        return load_cards(self.data_dir or None)

    def initial_state(self) -> ZogarState:
        n = self.players
        return ZogarState(game=self, phase=Phase.DEAL_RACE, races=("",) * n, classes=("",) * n, hands=((),) * n,
                          traps=("",) * n, dungeon=self.cards.dungeon_deck(), market_deck=self.cards.market_deck())

    def state_from_dict(self, data: dict[str, Any]) -> ZogarState:
        """The state :meth:`ZogarState.to_dict` saved, refused unless a game can reach it (``validate()``)."""
        state: ZogarState = load_state(ZogarState, data, ACTION_TYPES, self)
        return state

    def action_from_dict(self, data: Any) -> Any:
        return decode(data, ACTION_TYPES)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "straight_alt": self.straight_alt, "turn_limit": self.turn_limit,
                "data_dir": self.data_dir}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ZogarGame:
        game: ZogarGame = params_from_dict(cls, data)
        return game


# -- the state ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ZogarState(RulesState):
    """Where a game of Zogar's Gaze stands. Every field is immutable; ``log`` is narrative, left out of equality.

    Piles are sorted tuples of card ids. ``carried`` and ``found`` are the cards *with the player in the
    dungeon*; ``spent`` holds cards that go back into the dungeon deck when the turn is passed (GAP-G10).
    """

    rules_module = "zaarlab.zogars_gaze.rules"  # the API methods of RulesState delegate to it
    over = Phase.OVER  # the phase that ends the game
    story = STORY  # the log's events in words

    game: ZogarGame = field(compare=False, repr=False)
    phase: Phase
    turn: int = 0                  # turns begun
    player: int = 0                # whose turn it is
    races: tuple[str, ...] = ()              # secret, per player (ZOGAR-SETUP-03)
    classes: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()              # per player: every card owned and not in the dungeon this turn
    traps: tuple[str, ...] = ()              # per player: the Pit Trap or Darkness laid in front of them, or ""
    dungeon: tuple[str, ...] = ()            # the dungeon deck (unseen)
    market_deck: tuple[str, ...] = ()        # the market deck (unseen)
    market_up: tuple[str, ...] = ()          # the face-up market cards
    gazes: tuple[str, ...] = ()              # Zogar's Gaze cards revealed (ZOGAR-GAZE-01)
    box: tuple[str, ...] = ()                # out of the game (ZOGAR-MARKET-08, ZOGAR-GLOW-01)
    offered: tuple[str, ...] = ()            # cards laid face down at the market this turn
    carried: tuple[str, ...] = ()            # brought into the dungeon (ZOGAR-ITEMS-01)
    found: tuple[str, ...] = ()              # found in the dungeon this turn
    spent: tuple[str, ...] = ()              # back into the dungeon deck at the pass
    drawable: int = 0              # cards left under the cut (ZOGAR-DELVE-02)
    flipped: int = 0               # cards turned over this turn
    must_flip: int = 0             # Overconfident: cards still to be turned (ZOGAR-OVER-01)
    peeked: str = ""               # the next dungeon card, seen with a peek
    enemy: str = ""                # the enemy (or Thieves) being faced
    dice: tuple[int, ...] = ()               # the five dice showing
    kept: tuple[int, ...] = ()               # the dice held for the next roll
    rolls: int = 0                 # rolls made in this combat
    rolls_allowed: int = 0         # 3, plus a Lucky Charm's extra (ZOGAR-COMBAT-05)
    winner: int = -1
    ended_by: str = ""             # "win", "gaze" (Zogar wins) or "limit"
    log: tuple[Event, ...] = field(default=(), compare=False)

    # -- the rest of the API (RulesState has the others) -----------------------------------------------------------
    def returns(self) -> tuple[int, ...]:
        """1 for the winner, 0 for the others; all 0 when Zogar wins or the turn limit stops the game."""
        return tuple(int(player == self.winner) for player in range(self.game.players))

    # -- reading the state ----------------------------------------------------------------------------------
    @property
    def with_player(self) -> tuple[str, ...]:
        """The cards with the player in the dungeon: carried and found (ZOGAR-THIEF-02, ZOGAR-FEAR-01)."""
        return tuple(sorted(self.carried + self.found))

    def owned(self, player: int) -> tuple[str, ...]:
        """Every card ``player`` possesses, at home and in the dungeon (ZOGAR-MIMIC-01)."""
        if player == self.player:
            return tuple(sorted(self.hands[player] + self.offered + self.carried + self.found))
        return self.hands[player]

    def owns(self, player: int, card: str) -> bool:
        """Whether ``card`` is among :meth:`owned` (asked after every action: without gathering the piles)."""
        if card in self.hands[player]:
            return True
        return player == self.player and (card in self.found or card in self.carried or card in self.offered)

    @property
    def left(self) -> int:
        """The player to the left of the player whose turn it is (clockwise, ZOGAR-SETUP-06)."""
        return (self.player + 1) % self.game.players

    def __str__(self) -> str:
        head = f"Zogar's Gaze, turn {self.turn}, player {self.player + 1}, phase {self.phase}"
        return head + f", {len(self.gazes)} Gaze{'s' if len(self.gazes) != 1 else ''} revealed"

