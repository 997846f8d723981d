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
from ..core.readable import exact_text
from .deck import p_survive
from .goals import GAZES_TO_LOSE
from .odds import HoldAdvice, hold_advice, hold_words, p_escape, p_win, parse
from .state import Hold, Phase, SkipMarket, ZogarState


def hold_advice_now(state: ZogarState) -> HoldAdvice:
    """The exact chance of each hold of the dice showing against the enemy faced, and the best hold."""
    need = state.game.cards[state.enemy].requirement
    return hold_advice(need, state.dice, state.rolls_allowed - state.rolls, Fraction,
                       straight_alt=state.game.straight_alt)


class ZogarReferee(Hooks):
    """Zogar's Gaze's words for a match, the judge of each hold, and the odds a player may be shown."""

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

    def standing(self, state: ZogarState) -> str:
        """The turn and the Gazes revealed (the seventh ends the game: ZOGAR-GAZE-02); a player's progress towards
        their goals is their secret."""
        return f"turn {state.turn}: {len(state.gazes)} of {GAZES_TO_LOSE} Zogar's Gazes revealed"

    def warning(self, state: ZogarState) -> str:
        """One Gaze from the end: the next revealed makes everybody lose (ZOGAR-GAZE-02)."""
        if len(state.gazes) == GAZES_TO_LOSE - 1 and not state.is_terminal():
            return (f"{GAZES_TO_LOSE - 1} of {GAZES_TO_LOSE} Zogar's Gazes are revealed: the next one turned over "
                    "ends the game, and every player loses.")
        return ""

    def decision_odds(self, state: ZogarState) -> str:
        """The exact odds of the combat, the Thieves, the trap or the delve at hand. A delve's are shown only while
        no other player has traded cards into the dungeon: those went in face down (ZOGAR-MARKET-06), and odds
        counted from the deck as it is would hint at what they are."""
        if state.phase == Phase.HOLD:
            return best_hold(hold_advice_now(state))
        if state.phase == Phase.DELVE:
            if traded_in_by_others(state):
                return ("The chance to survive the next card is not shown: the other players have traded cards "
                        "into the dungeon face down, and a chance counted from the deck would hint at what they are.")
            one, three = p_survive(state, 1, Fraction), p_survive(state, min(3, state.drawable), Fraction)
            return (f"The chance to come through the next card alive: {exact_text(one)}.\n"
                    f"Through the next {min(3, state.drawable)} cards: {exact_text(three)}.")
        if state.phase == Phase.THIEVES:
            need = state.game.cards[state.enemy].requirement
            p = p_win(need, number=Fraction, straight_alt=state.game.straight_alt)
            return f"Fighting the Thieves (they need {parse(need).words()}): {exact_text(p)} to win."
        if state.phase == Phase.TRAPPED:
            kind = state.game.cards[state.traps[state.player]].kind
            return f"The chance that one roll frees you: {exact_text(p_escape(kind, Fraction))}."
        return ""


def best_hold(advice: HoldAdvice) -> str:
    """The best hold of the dice showing and its exact chance to win the combat, in a sentence."""
    return f"The best hold ({hold_words(advice.best)}): {exact_text(advice.p(advice.best))} to win this combat."


def traded_in_by_others(state: ZogarState) -> bool:
    """Whether a player other than the one to move has traded cards into the dungeon this game (face down: the
    player to move knows only their levels).

    >>> from .state import ZogarGame
    >>> traded_in_by_others(ZogarGame(players=2).initial_state())
    False
    """
    return any(told.kind == "trades_in" and told["player"] != state.player for told in state.log)


REFEREE = ZogarReferee
"""The referee a match of the game is played with where no table is on screen (a class's match)."""
