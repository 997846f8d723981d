"""Zerzura at a table: click a Market card to take it, one of your face-up cards and then another player's to exchange
them, one or two of yours and *store* to put them away face down; beside the board, what each Market card would add
to your score sheet and what the next Market may bring.

>>> table = ZerzuraTable(seats=("person", "greedy"), seed=4)
>>> table.heading_text.count("your turn"), table.state.phase
(1, <Phase.ACT: 'act'>)
>>> card = table.state.market[0]
>>> table.click(f"take:{card}:0"); card in table.state.areas[0]
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.api import IllegalActionError
from ..core.match import PERSON
from ..ui.pieces import Zone
from ..ui.table import Table
from .bots import BOTS
from .referee import ZerzuraReferee
from .rules import STORE_AT_MOST
from .state import Exchange, Pass, Store, Take, ZerzuraGame, ZerzuraState


class ZerzuraTable(Table, ZerzuraReferee):
    """A game of Zerzura for persons and the bots (``greedy``, ``planner``, ``random``)."""

    title = "the Zerzura table"
    bots = BOTS
    min_players = 2

    def __init__(self, seats: Sequence[str] = (PERSON, "greedy", "planner"), seed: int | None = None,
                 odds: bool = True, pace: float = 0.6, hints: bool | None = None, **params):
        self.chosen: list[str] = []  # keys of the person's own face-up cards chosen to store or to give
        self.params = params
        super().__init__(seats, seed=seed, odds=odds, pace=pace, hints=hints)

    def make_game(self, players: int) -> ZerzuraGame:
        return ZerzuraGame(players=players, **self.params)

    # -- the board -----------------------------------------------------------------------------------------
    def lay(self, state: ZerzuraState, viewer: int | None) -> Sequence[Zone]:
        legal = frozenset(state.legal_actions()) if self.to_move() is not None else frozenset()
        return self.board_zones(state, viewer, legal, self.chosen)

    def clear_selection(self) -> None:
        self.chosen = []

    # -- clicks --------------------------------------------------------------------------------------------
    def select_only(self, key: str) -> bool:
        return key.startswith("mine:")

    def select(self, state: ZerzuraState, key: str) -> bool:
        if not self.select_only(key):
            return False
        if key in self.chosen:
            self.chosen.remove(key)
        elif len(self.chosen) >= STORE_AT_MOST:
            raise IllegalActionError("ZERZURA-ACTION-05", "choose at most two cards: one to give, or two to store")
        else:
            self.chosen.append(key)
        return True

    def clicks_for(self, action) -> tuple[str, ...]:
        state, player = self.state, self.state.current_player()
        if isinstance(action, Store | Exchange):
            wanted = list(action.cards) if isinstance(action, Store) else [action.give]
            keys = [f"mine:{c}:{i}" for i, c in enumerate(state.areas[player])]
            picks = []
            for card in wanted:  # the first unchosen face-up copy of each
                picks.append(next(k for k in keys if _card_at(state.areas[player], k) == card and k not in picks))
            clicks = [k for k in self.chosen if k not in picks] + [k for k in picks if k not in self.chosen]
            if isinstance(action, Store):
                return (*clicks, "store")
            i = state.areas[action.player].index(action.take)
            return (*clicks, f"theirs:{action.player}:{action.take}:{i}")
        return super().clicks_for(action)

    def action_for(self, state: ZerzuraState, key: str):
        kind, _, rest = key.partition(":")
        player = state.current_player()
        chosen = [_card_at(state.areas[player], k) for k in self.chosen]
        if kind == "take":
            return Take(rest.split(":")[0])
        if kind == "pass":
            return Pass()
        if kind == "store":
            if not chosen:
                raise IllegalActionError("ZERZURA-ACTION-05", "choose one or two of your face-up cards to store first")
            return Store(tuple(sorted(chosen)))
        if kind == "theirs":
            q, card = rest.split(":")[:2]
            if len(chosen) != 1:
                raise IllegalActionError("ZERZURA-ACTION-04", "choose one of your face-up cards to give first, then "
                                         "the card you want in exchange")
            return Exchange(chosen[0], int(q), card)
        raise IllegalActionError("ZERZURA-ACTION-02", "that makes no move now")

    # -- what a player knows -------------------------------------------------------------------------------
    def private(self, state: ZerzuraState, player: int) -> str:
        sheet = state.sheets()[player]
        stored = ", ".join(self.names(state)[c] for c in state.stored[player]) or "nothing"
        return (f"Your storage (only you see it): {stored}.\n"
                f"Your score sheet if the game ended now: {sheet.total} VP.")

    def task(self, state: ZerzuraState) -> str:
        return (f"take a Market card, exchange one of your cards for another player's, or store one or two cards "
                f"(action {state.acted + 1} of {state.per_round} in round {state.round})")


def _card_at(area: tuple, key: str) -> str | None:
    """The card a ``mine:<card>:<i>`` key names, if it still lies at place ``i``."""
    _, card, i = key.split(":")
    return card if int(i) < len(area) and area[int(i)] == card else None
