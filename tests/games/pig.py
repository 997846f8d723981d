"""Pig, the dice game, as a tiny zaarlab game: the conformance harness is proven on it.

On your turn roll a die as often as you like, adding the faces to a turn total; hold to bank the turn
total into your score; a 1 loses the turn total and ends the turn. First to the target wins. Rule IDs
here are the test game's own (PIG-...); they are not part of any rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from zaarlab.core.api import CHANCE, TERMINAL, IllegalActionError, register_game
from zaarlab.core.codec import decode, decode_fields, encode_fields
from zaarlab.core.dist import Dist
from zaarlab.core.story import Event, Story, event

DIE = Dist.die(6)


@dataclass(frozen=True, order=True)
class Choice:
    """``Choice("roll")`` or ``Choice("hold")``."""

    kind: str

    def __str__(self) -> str:
        return self.kind


ROLL, HOLD = Choice("roll"), Choice("hold")


@register_game
@dataclass(frozen=True)
class PigGame:
    name = "pig"
    target: int = 20
    num_players: int = 2

    def __post_init__(self):
        if self.target < 1 or self.num_players < 1:
            raise ValueError("Pig needs a positive target and at least one player")

    def initial_state(self) -> PigState:
        return PigState(self, (0,) * self.num_players, 0, 0, False, ())

    def state_from_dict(self, data: dict) -> PigState:
        rest = {name: value for name, value in data.items() if name != "log"}
        return decode_fields(PigState, rest, [Choice], game=self, log=tuple(map(Event.from_json, data["log"])))

    def action_from_dict(self, data):
        return decode(data, [Choice])

    def to_dict(self) -> dict:
        return {"target": self.target, "num_players": self.num_players}

    @classmethod
    def from_dict(cls, data: dict) -> PigGame:
        return cls(**data)


@dataclass(frozen=True)
class PigState:
    game: PigGame
    scores: tuple[int, ...]
    turn_total: int
    player: int
    rolling: bool
    log: tuple[Event, ...] = field(compare=False)  # narrative, not position: analysis merges equal positions
    story: ClassVar[Story] = Story({"rolls": "P{player} rolls {face}", "bust": "P{player} rolls a 1 and loses {total}",
                                    "holds": "P{player} holds {total}"})

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def is_terminal(self) -> bool:
        return max(self.scores) >= self.game.target

    def legal_actions(self) -> tuple:
        if self.is_terminal():
            return ()
        if self.rolling:
            return DIE.outcomes
        return (HOLD, ROLL) if self.turn_total else (ROLL,)

    def chance_outcomes(self) -> tuple:
        return tuple(DIE.to_sympy().items()) if self.rolling and not self.is_terminal() else ()

    def apply(self, action) -> PigState:
        if self.is_terminal():
            raise IllegalActionError("PIG-END-01", "the game is over")
        if self.rolling:
            if action not in DIE.outcomes:
                raise IllegalActionError("PIG-ROLL-02", f"a die shows 1 to 6, not {action!r}")
            if action == 1:
                return self._next_player(event("bust", "PIG-ROLL-02", player=self.player, total=self.turn_total))
            return replace(self, turn_total=self.turn_total + action, rolling=False,
                           log=self.log + (event("rolls", "PIG-ROLL-01", player=self.player, face=action),))
        if action == ROLL:
            return replace(self, rolling=True)
        if action == HOLD:
            if not self.turn_total:
                raise IllegalActionError("PIG-HOLD-01", "hold only after a roll that scored")
            scores = list(self.scores)
            scores[self.player] += self.turn_total
            banked = replace(self, scores=tuple(scores))
            return banked._next_player(event("holds", "PIG-HOLD-02", player=self.player, total=self.turn_total))
        raise IllegalActionError("PIG-TURN-01", f"on your turn roll or hold, not {action!r}")

    def _next_player(self, told: Event) -> PigState:
        nxt = self.player if self.is_terminal() else (self.player + 1) % self.game.num_players
        return replace(self, turn_total=0, player=nxt, rolling=False, log=self.log + (told,))

    def returns(self) -> tuple:
        best = max(self.scores)
        return tuple(int(self.is_terminal() and score == best) for score in self.scores)

    def to_dict(self) -> dict:
        return encode_fields(self)
