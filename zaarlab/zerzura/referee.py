"""Zerzura's referee: the game's words for a move and for the end, for any view of a match, with no widget in it.

>>> from zaarlab.core.match import Match
>>> from zaarlab.zerzura.bots import BOTS
>>> from zaarlab.zerzura.state import ZerzuraGame
>>> match = Match(ZerzuraGame(players=2), ["greedy", "greedy"], seed=1, bots=BOTS, hooks=ZerzuraReferee())
>>> match.skip() > 0 and " VP (player 1 " in match.finished().words
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence, Set
from fractions import Fraction

from ..core.match import Hooks
from ..core.readable import exact_text
from ..ui.pieces import Piece, Zone
from .bots import gain
from .cards import counted_objects
from .odds import market_gains, p_market_has
from .scoring import quantities
from .state import Exchange, Pass, Phase, Store, Take, ZerzuraState

RULES_NOW = {  # the sections of the rules each phase follows
    Phase.REMOVE: ("SETUP",), Phase.TILES: ("SETUP", "CMD"), Phase.DROMEDARY: ("SETUP",), Phase.DEAL: ("SETUP",),
    Phase.ACT: ("ACTION", "ROUND", "CMD"), Phase.OVER: ("END", "SCORE"),
}


class ZerzuraReferee(Hooks):
    """Zerzura's words for a match, and the odds of the Market."""

    hint_bot = "planner"

    def rules_now(self, state: ZerzuraState) -> tuple[str, ...]:
        return RULES_NOW[state.phase]

    def hint_reason(self, state: ZerzuraState, action) -> str:
        """What the move adds to the player's score sheet now; the planner weighs the tiles and the others too.

        >>> from dataclasses import replace
        >>> from .state import Phase, Take, ZerzuraGame
        >>> state = replace(ZerzuraGame(players=2).initial_state(), phase=Phase.ACT, market=("lamp_1",),
        ...                 areas=(("lamp_2", "lamp_3"), ()), deck=())
        >>> ZerzuraReferee().hint_reason(state, Take("lamp_1"))
        'it adds 8 VP to your score sheet now'
        """
        now = gain(state, state.current_player(), action)
        if now:
            return f"it adds {now} VP to your score sheet now" if now > 0 else f"it costs {-now} VP now"
        return "it adds nothing now, but weighs the Command tiles and what it keeps from the others"

    def board_zones(self, state: ZerzuraState, viewer: int | None, legal: Set = frozenset(),
                    chosen: Sequence[str] = ()) -> list[Zone]:
        """The Market, the command tiles, ``viewer``'s cards and storage and the others' face-up cards and storage
        counts; pieces that make one of the ``legal`` moves marked, ``chosen`` (keys of the viewer's cards) held.

        >>> from .state import ZerzuraGame
        >>> for zone in ZerzuraReferee().board_zones(ZerzuraGame(players=2).initial_state(), 0):
        ...     print(zone.title)
        The Market
        Your cards (player 1)
        Your storage (only you see it)
        Player 2's cards
        """
        cards, mover = state.game.cards, state.current_player()
        zones = [Zone("The Market", (
            Piece("deck", str(len(state.deck)), "draw deck", "pile"),
            *(Piece(f"take:{c}:{i}", cards.card_name(c), self._kind(state, c), target=Take(c) in legal,
                    colour=self._colour(state, c)) for i, c in enumerate(state.market)),
            *((Piece("pass", "pass", "", "move", target=True),) if Pass() in legal else ())))]
        if state.tiles_up:
            zones.append(Zone("Command tiles (3 VP each, taken as soon as met)", tuple(
                Piece(f"tile:{t}", cards.tiles[t].name, "command tile", colour="#f3e6c8") for t in state.tiles_up)))
        if viewer is not None:
            choosing = viewer == mover and any(isinstance(a, Store | Exchange) for a in legal)
            mine = tuple(Piece(key, cards.card_name(c), note, held=key in chosen, target=choosing,
                               colour=self._colour(state, c))
                         for key, c, note in self._area(state, viewer, "mine"))
            store = (Piece("store", f"store the {len(chosen)} chosen", "face down, safe from exchange", "move",
                           target=True),) if chosen and choosing else ()
            zones.append(Zone(f"Your cards (player {viewer + 1})" + (
                ": click to choose, then store or exchange" if choosing else ""), mine + store))
            zones.append(Zone("Your storage (only you see it)", tuple(
                Piece(f"stored:{i}", cards.card_name(c), self._kind(state, c), colour=self._colour(state, c))
                for i, c in enumerate(state.stored[viewer]))))
        for q in range(state.game.players):
            if q == viewer:
                continue
            takes = {a.take for a in legal if isinstance(a, Exchange) and a.player == q}
            zones.append(Zone(f"Player {q + 1}'s cards" + self._tiles_words(state, q), (
                *(Piece(key, cards.card_name(c), note, target=c in takes and len(chosen) == 1,
                        colour=self._colour(state, c)) for key, c, note in self._area(state, q, f"theirs:{q}")),
                Piece(f"storage:{q}", str(len(state.stored[q])), "in storage, face down", "pile"))))
        return zones

    @staticmethod
    def _kind(state: ZerzuraState, card: str) -> str:
        found = state.game.cards[card]
        if found.kind == "goods":
            return " and ".join(counted_objects(obj, n) for obj, n in Counter(found.objects).items())
        return "character"

    def _area(self, state: ZerzuraState, player: int, prefix: str) -> list[tuple[str, str, str]]:
        """(key, card, note) for each face-up card of ``player``; as many copies as lie under a Bird say so."""
        under = Counter(state.protected[player])
        shown = []
        for i, card in enumerate(state.areas[player]):
            bird = under[card] > 0
            under[card] -= 1
            shown.append((f"{prefix}:{card}:{i}", card, self._kind(state, card) + ("; under a Bird" if bird else "")))
        return shown

    @staticmethod
    def _colour(state: ZerzuraState, card: str) -> str:
        found = state.game.cards[card]
        return "#e8f0e0" if found.kind != "goods" else "#ffffff"

    @staticmethod
    def _tiles_words(state: ZerzuraState, player: int) -> str:
        owned = state.tiles_owned[player]
        return f", {len(owned)} command tile{'s' if len(owned) != 1 else ''}" if owned else ""

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
