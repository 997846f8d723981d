"""The Zerzura game: static parameters (:class:`~zaarlab.zerzura.state.ZerzuraGame`),
the frozen state (:class:`~zaarlab.zerzura.state.ZerzuraState`), actions.

The state is plain data; the rules that move it live in :mod:`zaarlab.zerzura.rules`. Cards are ids of
:func:`~zaarlab.zerzura.cards.load_cards`; piles are sorted multisets. The draw deck is a multiset too: a card is
dealt at a chance node, uniformly among the cards left, which is what the shuffled deck gives (ZERZURA-SETUP-05).

Examples
--------
>>> state = ZerzuraGame(players=3).initial_state()
>>> state.current_player(), state.phase     # CHANCE (-1): 15 cards leave the game unseen first
(-1, <Phase.REMOVE: 'remove'>)
>>> len(state.deck)
60
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.api import Action, RulesState, register_game
from ..core.codec import decode
from ..core.data import register_game_data
from ..core.derived import derived
from ..core.story import Event
from ..core.validate import check_params, load_state, params_from_dict
from . import GUARD_USES
from .cards import PLAYERS, CardSet, load_cards
from .story import STORY

if TYPE_CHECKING:
    from .scoring import ScoreSheet

register_game_data("zerzura", load_cards)

class Phase(StrEnum):
    """The phases of a game of Zerzura: a state's ``phase`` is always one (saved as its text)."""

    REMOVE = "remove"
    TILES = "tiles"
    DROMEDARY = "dromedary"
    DEAL = "deal"
    ACT = "act"
    OVER = "over"


REMOVED = {2: 20, 3: 15, 4: 0, 5: 0}  # ZERZURA-SETUP-03, -04


# -- actions -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Take(Action):
    """Take a Market card face up and put your Bird on it (ZERZURA-ACTION-03)."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True)
class Exchange(Action):
    """Give your face-up ``give`` for player ``player``'s face-up ``take``, which has no Bird (ZERZURA-ACTION-04)."""

    give: str
    player: int
    take: str

    def __str__(self) -> str:
        return f"exchange {self.give} for player {self.player + 1}'s {self.take}"


@dataclass(frozen=True)
class Store(Action):
    """Put one or two of your face-up cards without a Bird face down in storage (ZERZURA-ACTION-05)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"store {' and '.join(self.cards)}"


@dataclass(frozen=True)
class Pass(Action):
    """Only when no action is possible (a short last Market, GAP-R06); otherwise one action is a must."""

    def __str__(self) -> str:
        return "pass (no action possible)"


ACTION_TYPES = (Take, Exchange, Store, Pass)


# -- the game ----------------------------------------------------------------------------------------------
@register_game
@dataclass(frozen=True)
class ZerzuraGame:
    """A game of Zerzura.

    Parameters
    ----------
    players : int
        2 to 5 (GAP-R08).
    side : str
        ``"easy"`` (running Object counts public, the cubes) or ``"expert"`` (hidden; ZERZURA-END-06).
        The scales are the same (ZERZURA-SETUP-02).
    bird_protection : str
        AMB-R03: ``"token"`` (the default: the Bird protects the one card it sits on) or ``"round"`` (every card
        gained this round stays protected until the round ends).
    exchange_free : str
        AMB-R02: ``"taken"`` (the default: only the card taken must be Bird-free) or ``"both"``.
    guard_use : str
        ``"optional"`` (the default: a Guard *allows* a shift, so one that would cost points stays unused) or
        ``"mandatory"`` (every Guard shifts a type present; ZERZURA-CHAR-02).
    data_dir : str
        A folder of the user's own data files, or ``""`` for the bundled ones.
    """

    name: ClassVar[str] = "zerzura"
    players: int = 4
    side: str = "easy"
    bird_protection: str = "token"
    exchange_free: str = "taken"
    guard_use: str = "optional"
    data_dir: str = ""

    def __post_init__(self) -> None:
        check_params(self)
        if not PLAYERS[0] <= self.players <= PLAYERS[1]:
            raise ValueError(f"Zerzura is for 2 to 5 players, not {self.players} (GAP-R08, ZERZURA-COMP-02)")
        if self.side not in ("easy", "expert"):
            raise ValueError(f"side is 'easy' or 'expert' (ZERZURA-SETUP-02), not {self.side!r}")
        if self.bird_protection not in ("token", "round"):
            raise ValueError(f"bird_protection is 'token' or 'round' (AMB-R03), not {self.bird_protection!r}")
        if self.exchange_free not in ("taken", "both"):
            raise ValueError(f"exchange_free is 'taken' or 'both' (AMB-R02), not {self.exchange_free!r}")
        if self.guard_use not in GUARD_USES:
            raise ValueError(f"guard_use is 'optional' or 'mandatory' (ZERZURA-CHAR-02), not {self.guard_use!r}")
        load_cards(self.data_dir or None)  # every file the game uses, checked now rather than mid-game

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def market_size(self) -> int:
        """Cards dealt to each Market: one per player, four with two players (ZERZURA-SETUP-07)."""
        return 4 if self.players == 2 else self.players

    @derived
    def cards(self) -> CardSet:
        return load_cards(self.data_dir or None)

    def tile_pool(self) -> tuple[str, ...]:
        """The tiles that may be drawn: all nine, the 12-card tile left out with five players (AMB-R11)."""
        return tuple(sorted(t.id for t in self.cards.tiles.values() if self.players not in t.not_with_players))

    def initial_state(self) -> ZerzuraState:
        n = self.players
        empty = ((),) * n
        return ZerzuraState(game=self, phase=Phase.REMOVE if REMOVED[n] else Phase.TILES, deck=self.cards.deck(),
                            areas=empty, stored=empty, protected=empty, tiles_owned=empty, birds=("",) * n)

    def state_from_dict(self, data: dict[str, Any]) -> ZerzuraState:
        """The state :meth:`ZerzuraState.to_dict` saved, refused unless a game can reach it
        (:func:`zaarlab.zerzura.validate.validate`)."""
        state: ZerzuraState = load_state(ZerzuraState, data, ACTION_TYPES, self)
        return state

    def action_from_dict(self, data: Any) -> Any:
        return decode(data, ACTION_TYPES)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "side": self.side, "bird_protection": self.bird_protection,
                "exchange_free": self.exchange_free, "guard_use": self.guard_use, "data_dir": self.data_dir}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ZerzuraGame:
        game: ZerzuraGame = params_from_dict(cls, data)
        return game


# -- the state ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ZerzuraState(RulesState):
    """Where a game of Zerzura stands. Every field is immutable; ``log`` is narrative, left out of equality.

    ``birds[p]`` is where player ``p``'s Bird is: ``""`` (with the player), ``"card"`` (on a card it protects),
    ``"dromedary"`` or ``"board"`` (after storing, ZERZURA-ACTION-07). ``protected[p]`` lists the cards of
    player ``p`` that an exchange may not take (ZERZURA-ACTION-08).
    """

    rules_module = "zaarlab.zerzura.rules"  # the API methods of RulesState delegate to it
    over = Phase.OVER  # the phase that ends the game
    story = STORY  # the log's events in words

    game: ZerzuraGame = field(compare=False, repr=False)
    phase: Phase
    round: int = 0
    holder: int = 0               # who holds the Dromedary (ZERZURA-COMP-03)
    acted: int = 0                # actions made this round
    deck: tuple[str, ...] = ()              # the draw deck (unseen)
    removed: tuple[str, ...] = ()           # removed unseen at setup (ZERZURA-SETUP-04)
    boxed: tuple[str, ...] = ()             # Market leftovers (ZERZURA-ROUND-01)
    market: tuple[str, ...] = ()
    to_deal: int = 0              # Market cards still to deal
    areas: tuple[tuple[str, ...], ...] = ()             # per player: face-up cards
    stored: tuple[tuple[str, ...], ...] = ()            # per player: face-down cards (ZERZURA-ACTION-05)
    protected: tuple[tuple[str, ...], ...] = ()         # per player: cards under a Bird
    birds: tuple[str, ...] = ()
    tiles_up: tuple[str, ...] = ()          # displayed, unclaimed Command tiles
    tiles_owned: tuple[tuple[str, ...], ...] = ()       # per player (ZERZURA-CMD-02, -03)
    log: tuple[Event, ...] = field(default=(), compare=False)

    # -- the rest of the API (RulesState has the others) -----------------------------------------------------------
    def returns(self) -> tuple[int, ...]:
        """1 for every player with the most victory points (a tie is a shared victory, GAP-R07), 0 for the others."""
        if not self.is_terminal():
            return (0,) * self.game.players
        totals = [sheet.total for sheet in self.sheets()]
        return tuple(int(t == max(totals)) for t in totals)

    # -- reading the state ----------------------------------------------------------------------------------
    def cards_of(self, player: int) -> tuple[str, ...]:
        """Every card ``player`` owns, face up and stored (ZERZURA-END-02)."""
        return tuple(sorted(self.areas[player] + self.stored[player]))

    def sheets(self) -> tuple[ScoreSheet, ...]:
        """Each player's score sheet as it stands (:func:`zaarlab.zerzura.scoring.score`)."""
        from .scoring import score

        return tuple(score(self.cards_of(p), self.tiles_owned[p], self.game.cards, self.game.guard_use)
                     for p in range(self.game.players))

    @property
    def per_round(self) -> int:
        """Actions in a round: one per player, two each with two players (ZERZURA-ACTION-10)."""
        return 4 if self.game.players == 2 else self.game.players

    def __str__(self) -> str:
        return f"Zerzura, round {self.round}, phase {self.phase}, {len(self.deck)} cards in the deck"

