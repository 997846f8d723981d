"""Zogar's Gaze's referee: the game's words for a move and for the end, and the judge of a hold (its chance to win
the combat against the best hold's), for any view of a match, with no widget in it.

>>> from zaarlab.core.match import Match
>>> from zaarlab.zogars_gaze.bots import BOTS
>>> from zaarlab.zogars_gaze.state import ZogarGame
>>> match = Match(ZogarGame(players=2, turn_limit=6), ["cautious", "cautious"], seed=1, bots=BOTS,
...               hooks=ZogarReferee())
>>> match.skip() > 0 and match.finished().words != ""
True
"""

from __future__ import annotations

from fractions import Fraction

from ..core.match import Decision, Hooks
from .odds import HoldAdvice, hold_advice, hold_words
from .state import Hold, SkipMarket, ZogarState


def hold_advice_now(state: ZogarState) -> HoldAdvice:
    """The exact chance of each hold of the dice showing against the enemy faced, and the best hold."""
    need = state.game.cards[state.enemy].requirement
    return hold_advice(need, state.dice, state.rolls_allowed - state.rolls, Fraction,
                       straight_alt=state.game.straight_alt)


class ZogarReferee(Hooks):
    """Zogar's Gaze's words for a match, and the judge of each hold."""

    def move_words(self, state: ZogarState, action) -> str:
        if isinstance(action, Hold):
            return f"{hold_words(action.dice)} and roll the others"
        if isinstance(action, SkipMarket):
            return "buy nothing"  # as the board says it
        return action.words(self.names(state))

    def judge(self, state: ZogarState, action) -> Decision | None:
        if not isinstance(action, Hold):
            return None
        advice = hold_advice_now(state)
        enemy = state.game.cards[state.enemy].name
        return Decision(state.current_player(), f"against {enemy}, {', '.join(map(str, state.dice))} showing: "
                        f"{hold_words(action.dice)}", advice.p(action.dice), advice.p(advice.best))

    def ending(self, state: ZogarState) -> str:
        if state.ended_by == "win":
            cards = state.game.cards
            race, klass = cards.races[state.races[state.winner]], cards.classes[state.classes[state.winner]]
            return (f"player {state.winner + 1} wins, meeting both secret conditions: race {race.name} and class "
                    f"{klass.name}")
        if state.ended_by == "gaze":
            return "the seventh Zogar's Gaze came up: Zogar wins and every player loses"
        return "the game stopped at its turn limit: nobody wins"


REFEREE = ZogarReferee
"""The referee a match of the game is played with where no table is on screen (a class's match)."""
