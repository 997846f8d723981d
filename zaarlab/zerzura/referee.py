"""Zerzura's referee: the game's words for a move and for the end, for any view of a match, with no widget in it.

>>> from zaarlab.core.match import Match
>>> from zaarlab.zerzura.bots import BOTS
>>> from zaarlab.zerzura.state import ZerzuraGame
>>> match = Match(ZerzuraGame(players=2), ["greedy", "greedy"], seed=1, bots=BOTS, hooks=ZerzuraReferee())
>>> match.skip() > 0 and " VP (player 1 " in match.finished().words
True
"""

from __future__ import annotations

from ..core.match import Hooks
from .state import Store, ZerzuraState


class ZerzuraReferee(Hooks):
    """Zerzura's words for a match."""

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


REFEREE = ZerzuraReferee
"""The referee a match of the game is played with where no table is on screen (a class's match)."""
