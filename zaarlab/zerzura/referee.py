"""Zerzura's referee: the game's words for a move and for the end, for any view of a match, with no widget in it.

>>> from zaarlab.core.match import Match
>>> from zaarlab.zerzura.bots import BOTS
>>> from zaarlab.zerzura.state import ZerzuraGame
>>> match = Match(ZerzuraGame(players=2), ["greedy", "greedy"], seed=1, bots=BOTS, hooks=ZerzuraReferee())
>>> match.skip() > 0 and " VP (player 1 " in match.finished().words
True
"""

from __future__ import annotations

from fractions import Fraction

from ..core.match import Hooks
from ..core.readable import exact_text
from .odds import market_gains, p_market_has
from .scoring import quantities
from .state import Phase, Store, ZerzuraState


class ZerzuraReferee(Hooks):
    """Zerzura's words for a match, and the odds of the Market."""

    def move_words(self, state: ZerzuraState, action) -> str:
        names = self.names(state)
        if isinstance(action, Store):
            return "store " + " and ".join(names[c] for c in action.cards)
        return action.words(names)

    def ending(self, state: ZerzuraState) -> str:
        totals = [sheet.total for sheet in state.sheets()]
        best = max(totals)
        won = " and ".join(f"player {p + 1}" for p, t in enumerate(totals) if t == best)
        scores = ", ".join(f"player {p + 1} {t} VP" for p, t in enumerate(totals))
        return f"{won} {'win' if ' and ' in won else 'wins'} with {best} VP ({scores})"

    def standing(self, state: ZerzuraState) -> str:
        """Each player's score sheet as it stands, on the Easy side, where the cubes show every player's Objects
        (ZERZURA-ACTION-11); the Expert side keeps the scores hidden to the end (ZERZURA-END-06)."""
        if state.game.side != "easy":
            return f"round {state.round}: the scores stay hidden to the end (Expert side)"
        scores = ", ".join(f"player {p + 1} {sheet.total} VP" for p, sheet in enumerate(state.sheets()))
        return f"round {state.round}: {scores}"

    def warning(self, state: ZerzuraState) -> str:
        """The last round: the draw deck is used up, so the game ends with this round (ZERZURA-END-01).

        >>> from dataclasses import replace
        >>> from .state import Phase, ZerzuraGame
        >>> ZerzuraReferee().warning(replace(ZerzuraGame(players=3).initial_state(), phase=Phase.ACT, deck=()))
        'Last round: the draw deck is used up, so the game ends when this round does.'
        """
        if state.phase == Phase.ACT and not state.deck:
            return "Last round: the draw deck is used up, so the game ends when this round does."
        return ""

    def decision_odds(self, state: ZerzuraState) -> str:
        player = state.current_player()
        names = self.names(state)
        gains = market_gains(state, player)
        lines = ["What each Market card would add to your score now:"]
        lines += [f"  {names[c]}: {'+' if g > 0 else ''}{g} VP" for c, g in gains.items()]
        held = +quantities(state.cards_of(player), state.game.cards)  # the Objects held (no zero counts)
        if held and state.deck:
            most = max(sorted(held), key=lambda obj: held[obj])
            p = p_market_has(state, player, [most], number=Fraction)
            lines.append(f"The chance that the next Market shows a {most}: {exact_text(p)}.")
        return "\n".join(lines)


REFEREE = ZerzuraReferee
"""The referee a match of the game is played with where no table is on screen (a class's match)."""
