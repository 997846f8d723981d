"""Zargos's referee: the game's words for a move and for the end, and the judge of an attack (its chance to take
the province against the best force that attack could send), for any view of a match, with no widget in it.

>>> from zaarlab.core.match import Match
>>> from zaarlab.zargos.bots import BOTS
>>> from zaarlab.zargos.state import ZargosGame
>>> match = Match(ZargosGame(players=2, turn_limit=2), ["greedy", "greedy"], seed=1, bots=BOTS, hooks=ZargosReferee())
>>> match.skip() > 0 and "turn limit" in match.finished().words or "win" in match.finished().words
True
"""

from __future__ import annotations

from fractions import Fraction

import plotly.graph_objects as go

from ..core.match import Decision, Hooks
from ..core.readable import exact_text
from ..core.story import joined
from ..ui.theme import Figure
from .board import FORBIDDEN_CITY, ZARGOS
from .figures import board_data
from .odds import DEMON_DICE, battle_ends, demon_dist
from .reach import battle_conditions
from .state import Fight, LandAttack, Move, Phase, Place, SeaAttack, ZargosState

SHOWN = 8  # the attacks (or forces) whose odds are shown, each a battle worked out exactly


RULES_NOW = {  # the sections of the rules each phase follows
    Phase.ROLL: ("ORDER",), Phase.CHOOSE: ("SETUP", "POWERS"), Phase.PLACE_SINGLE: ("SETUP",),
    Phase.PLACE_REST: ("SETUP",), Phase.ATTACK: ("TURN", "LAND", "SEA"), Phase.COMBAT: ("COMBAT", "CAPITAL"),
    Phase.FIGHT: ("COMBAT", "CAPITAL"), Phase.DEMONS: ("ZARGOS",), Phase.REORG: ("REORG",),
    Phase.DRAW: ("KCARD", "MAGIC"), Phase.DISCARD: ("MAGIC",), Phase.BUY_START: ("BUY",), Phase.BUY: ("BUY",),
    Phase.PLACE_BUY: ("BUY",), Phase.RED: ("MAGIC",), Phase.STRIKE: ("MAGIC",), Phase.WAR: ("MAGIC",),
    Phase.SWAP: ("MAGIC",), Phase.ANSWER: ("MAGIC",), Phase.VETO: ("MAGIC",), Phase.OVER: ("GOAL", "POINTS"),
}


class ZargosReferee(Hooks):
    """Zargos's words for a match, and the judge of each attack."""

    hint_bot = "greedy"

    def outcome(self, before: ZargosState, after: ZargosState) -> str:
        """The provinces each people took between ``before`` and ``after`` (the placing of the first units is no
        taking).

        >>> from .state import ZargosGame
        >>> start = ZargosGame(players=2).initial_state()
        >>> ZargosReferee().outcome(start, start)
        ''
        """
        if before.turn == 0:
            return ""
        taken: dict[str, list[str]] = {}
        for province in after.game.planet.provinces:
            if after.holder(province) not in ("", before.holder(province)):
                taken.setdefault(after.holder(province), []).append(province)
        names = after.game.planet.names
        return "; ".join(f"the {people} took {joined(names[p] for p in places)}" for people, places in taken.items())

    def rules_now(self, state: ZargosState) -> tuple[str, ...]:
        return RULES_NOW[state.phase]

    def move_words(self, state: ZargosState, action) -> str:
        if isinstance(action, SeaAttack):
            names = state.game.planet.names
            return f"attack {names[action.dst]} by sea from {names[action.src]} with {action.units} units"
        return action.words(self.names(state))

    def judge(self, state: ZargosState, action) -> Decision | None:
        if not isinstance(action, LandAttack | SeaAttack):
            return None
        chosen, _ = take_odds(state, action)
        most = max((a for a in state.legal_actions() if type(a) is type(action) and (a.src, a.dst) ==
                    (action.src, action.dst)), key=lambda a: a.units)
        best, _ = take_odds(state, most)
        return Decision(state.current_player(), f"{self.move_words(state, action)}", chosen, best)

    def board_figure(self, state: ZargosState, viewer: int | None = None,
                     since: ZargosState | None = None, targets: tuple[str, ...] = (), chosen: tuple[str, ...] = ()
                     ) -> go.Figure:
        """The planet: each province in the colour of the people holding it, its units, a province's holder on
        hover (all public); at a table, the provinces a click may pick (``targets``) and those picked (``chosen``),
        ``viewer``'s peoples named "yours" in the legend, and the provinces changed ``since`` the state they last
        acted on ringed (:func:`changed_provinces`)."""
        return Figure(self.board_data(state, viewer, since, targets, chosen))

    def board_data(self, state: ZargosState, viewer: int | None = None,
                   since: ZargosState | None = None, targets: tuple[str, ...] = (), chosen: tuple[str, ...] = ()
                   ) -> dict:
        """:meth:`board_figure` as plain data (:func:`~zaarlab.zargos.figures.board_data`)."""
        title = f"Turn {state.turn}" + (f": the {state.acting} act" if state.acting else "")
        yours = tuple(people for people, owner in zip(state.peoples, state.owners, strict=False) if owner == viewer)
        hovers = [f"{province_words(state, p)}<br><sub>{p}</sub>" for p in state.game.planet.provinces]  # the id
        # in small print, for who edits the map's data
        return board_data(state, title, targets, chosen, changed_provinces(since, state), yours, hovers,
                          at_table=True)

    def standing(self, state: ZargosState) -> str:
        """Each people's points at the last count."""
        counted = ", ".join(f"the {people} {points}" for people, points in state.points)
        return f"turn {state.turn}: " + (f"points {counted}" if counted else "no points counted yet")

    def warning(self, state: ZargosState) -> str:
        """A people one province from the win: they hold three of the Forbidden City and the three provinces around
        it, and taking the fourth wins the game (ZARGOS-GOAL-01)."""
        if state.is_terminal():
            return ""
        centre = (FORBIDDEN_CITY, *state.game.planet.land_neighbours(FORBIDDEN_CITY))
        held = [state.holder(province) for province in centre]
        close = sorted({people for people in held if people and held.count(people) == len(centre) - 1})
        return " ".join(f"The {people} hold {len(centre) - 1} of the Forbidden City and the provinces around it: "
                        "taking the last one wins them the game." for people in close)

    def move_places(self, state: ZargosState, action) -> tuple[str, ...]:
        """The provinces a placement, a combat, an attack or a move is about (an attack's or a move's two)."""
        if isinstance(action, Place | Fight):
            return (action.province,)
        if isinstance(action, LandAttack | SeaAttack | Move):
            return (action.src, action.dst)
        return ()

    def decision_odds(self, state: ZargosState) -> str:
        """In the attacks, each attack the player may make with its largest force: the exact chance to take the
        province and the units to expect to lose (the :data:`SHOWN` likeliest; a table with a province chosen shows
        the forces of that one attack)."""
        if state.phase != Phase.ATTACK:
            return ""
        largest: dict[tuple, LandAttack | SeaAttack] = {}
        for action in state.legal_actions():
            if isinstance(action, LandAttack | SeaAttack):
                way = (type(action), action.src, action.dst)
                if way not in largest or action.units > largest[way].units:
                    largest[way] = action
        odds = sorted(((take_odds(state, a), self.move_words(state, a)) for a in largest.values()),
                      key=lambda found: (-found[0][0], found[1]))
        lines = [f"{words}: {take_words(p, 'it')}, losing {f'{decimal(lost)} units' if lost else 'none'} on average"
                 for (p, lost), words in odds[:SHOWN]]
        if not lines:
            return ""
        more = len(odds) - SHOWN
        rest = [f"({more} more attack{'s' if more != 1 else ''} with lower chances)"] if more > 0 else []
        return "\n".join(["Each attack with its largest force:", *lines, *rest])

    def ending(self, state: ZargosState) -> str:
        if state.winner:
            return f"the {state.winner} win (player {state.player_of(state.winner) + 1})"
        return "the game stopped at its turn limit: nobody wins"


def changed_provinces(before: ZargosState | None, after: ZargosState) -> tuple[str, ...]:
    """The provinces whose people or units differ between ``before`` and ``after`` (none without ``before``).

    >>> from dataclasses import replace
    >>> from .state import ZargosGame
    >>> start = ZargosGame(players=2).initial_state()
    >>> changed_provinces(start, start), changed_provinces(None, start)
    ((), ())
    """
    if before is None:
        return ()
    return tuple(p for p in after.game.planet.provinces
                 if (before.holder(p), before.units(p)) != (after.holder(p), after.units(p)))


def take_odds(state: ZargosState, action) -> tuple[Fraction, Fraction]:
    """The exact chance that ``action`` (an attack) takes its province, and the attacker's expected losses."""
    planet, defender = state.game.planet, state.holder(action.dst)
    if defender:
        ends = battle_ends(action.units, state.units(action.dst), battle_conditions(state, action.dst, defender))
    elif planet.kingdom_of(action.dst) == ZARGOS:
        ends = demon_dist(action.units, DEMON_DICE[planet.ring(action.dst)]).map(lambda left: (left, 0))
    else:
        return Fraction(1), Fraction(0)
    total = ends.denominator
    taken = ends.fraction(lambda end: end[0] > 0)
    lost = sum(Fraction((action.units - end[0]) * w, total) for end, w in ends.items())
    return taken, lost


def take_words(p: Fraction, province: str) -> str:
    """An attack's chance to take ``province`` in words: certain, impossible, or its exact chance.

    >>> take_words(Fraction(1), "Iron Pass"), take_words(Fraction(2, 3), "it")
    ('certain to take Iron Pass', 'takes it 2/3 ≈ 66.67%')
    """
    if p in (0, 1):
        return f"{'certain' if p else 'no chance'} to take {province}"
    return f"takes {province} {exact_text(p)}"


def province_words(state: ZargosState, province: str) -> str:
    """A province by its name, with its kingdom, who holds it and with how many units.

    >>> from .state import ZargosGame
    >>> province_words(ZargosGame(players=2).initial_state(), "K04-2")
    'Iron Pass (Brennor): empty'
    """
    planet, holder = state.game.planet, state.holder(province)
    place = f"{planet.names[province]} ({planet.names[planet.kingdom_of(province)]})"
    return f"{place}: {state.units(province)} {holder}" if holder else f"{place}: empty"


def decimal(value: Fraction) -> str:
    """A number of units to two places at most.

    >>> decimal(Fraction(3, 2)), decimal(Fraction(2))
    ('1.5', '2')
    """
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


REFEREE = ZargosReferee
"""The referee a match of the game is played with where no table is on screen (a class's match)."""

