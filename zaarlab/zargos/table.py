"""Zargos at a table: click the map to place units, to attack from a province and into another, to pick the combat
to fight and to reorganise; how many units go is picked on the board; beside it, the exact chance of taking the
province and the expected losses before the attack.

A **quick start** (a variant, on by default): each person's units are placed for them by the greedy bot, so that a
lesson reaches its first battle within ten decisions; the person still chooses their people.

>>> table = ZargosTable(seats=("person", "greedy"), seed=2)
>>> table.state.phase, table.heading_text.count("your turn")
(<Phase.CHOOSE: 'choose'>, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.api import IllegalActionError
from ..core.match import PERSON
from ..ui.map_chart import MapChart
from ..ui.panel import guarded
from ..ui.pieces import Piece, Zone
from ..ui.table import Table
from .bots import BOTS, greedy_bot
from .figures import LEGEND_ROOM, TITLE_ROOM
from .referee import SHOWN, ZargosReferee, decimal, take_odds, take_words
from .state import (
    Buy,
    ChoosePeople,
    Discard,
    Fight,
    LandAttack,
    Move,
    Phase,
    Place,
    SeaAttack,
    ZargosGame,
    ZargosState,
)
from .upkeep import BOAT_COST, UNIT_COST

SETUP = (Phase.PLACE_SINGLE, Phase.PLACE_REST)  # the placements a quick start makes for a person
SENDS = {"attack": (LandAttack, SeaAttack), "reorg": (Move,)}  # the phases where a source and a target are chosen
PICKED = (ChoosePeople, Discard, Place, Fight, LandAttack, SeaAttack, Move, Buy)  # moves the board makes its own way
MAP_HEIGHT = 640  # px: the map's height on a wide screen
MAP_BESIDES = TITLE_ROOM + LEGEND_ROOM  # px: the title's and the legend's, beside the disc


class ZargosTable(Table, ZargosReferee):
    """A game of Zargos for persons and bots (``greedy``, ``random``); ``quick_start`` places the persons' units."""

    title = "the Zargos table"
    bots = BOTS
    min_players = 2

    def __init__(self, seats: Sequence[str] = (PERSON, "greedy"), seed: int | None = None, odds: bool = True,
                 pace: float = 0.6, quick_start: bool = True, hints: bool | None = None, **params):
        self.quick_start, self.params = quick_start, params
        self.source = self.target = ""
        self.boats = 0
        self.map = MapChart(widest=640)
        self.map.add_class("zaarlab-table-map")
        super().__init__(seats, seed=seed, odds=odds, pace=pace, hints=hints)
        self.map.on_click(lambda province: guarded(lambda: self.click(f"province:{province}"), self.said)())
        self.map.on_resize(guarded(self.draw_map, self.said))
        self.map.notice = self.said  # a click or width a page should not send is refused there

    def make_game(self, players: int) -> ZargosGame:
        return ZargosGame(players=players, **self.params)

    def around_board(self) -> list:
        return [self.map]

    def autoplays(self, state: ZargosState) -> bool:
        return self.quick_start and state.phase in SETUP and state.current_player() in self.match.persons

    def autoplay(self, state: ZargosState):
        return greedy_bot(state, self.match.session.rng)

    # -- the board -----------------------------------------------------------------------------------------
    def draw_map(self) -> None:
        """The map as the person at the device may see it, as tall as the width the page gives it allows."""
        state = self.state
        chosen = tuple(p for p in (self.source, self.target) if p)
        figure = self.board_data(state, None if self.passing else self.viewer, self.last_seen(),
                                 self._targets(state), chosen)
        figure["layout"]["height"] = self.map.fitted_height(MAP_HEIGHT, besides=MAP_BESIDES)
        self.map.show(figure, shows=self.map_meta())

    def map_meta(self) -> dict:
        """What the map shows, sent with it (:meth:`MapChart.show`'s ``shows``): the provinces chosen, the move whose
        state it shows and whose eyes it is drawn for (a page's tests wait for it before they click)."""
        return {"chosen": [p for p in (self.source, self.target) if p], **self.shown_as()}

    def _targets(self, state: ZargosState) -> tuple[str, ...]:
        """The provinces a click may pick now."""
        if self.to_move() is None:
            return ()
        legal = state.legal_actions()
        if state.phase in SENDS:
            if self.target:
                return ()
            if self.source:
                return tuple(sorted({a.dst for a in legal if isinstance(a, SENDS[state.phase]) and
                                     a.src == self.source}))
            return tuple(sorted({a.src for a in legal if isinstance(a, SENDS[state.phase])}))
        return tuple(sorted({a.province for a in legal if isinstance(a, Place | Fight)}))

    def lay(self, state: ZargosState, viewer: int | None) -> Sequence[Zone]:
        legal = state.legal_actions() if self.to_move() is not None else ()
        zones = []
        if state.phase == Phase.CHOOSE and legal:
            zones.append(Zone(f"Choose your {self._which_people(state)}people", tuple(
                Piece(f"people:{a.people}", a.people, "a people", target=True) for a in legal)))
        if self.source and self.target:
            names = state.game.planet.names
            zones.append(Zone(f"How many units go from {names[self.source]} to {names[self.target]}?", tuple(
                Piece(f"send:{i}", self.move_words(state, a).split(" with ")[-1].removeprefix("move "), "", "move",
                      target=True) for i, a in enumerate(legal) if self._sends(a))))
        if state.phase == Phase.BUY and legal:
            boats = sorted({a.boats for a in legal})
            zones.append(Zone(f"Buy: {state.budget} points to spend (a unit costs {UNIT_COST}, a boat {BOAT_COST})", (
                *(Piece(f"boats:{b}", f"{b} boat{'s' if b != 1 else ''}", "then the units", "move", target=True,
                        held=b == self.boats) for b in boats),
                *(Piece(f"buy:{a.units}", f"{a.units} unit{'s' if a.units != 1 else ''}", "", "move", target=True)
                  for a in legal if a.boats == self.boats))))
        if viewer is not None:
            hand = state.hands[viewer]
            discarding = state.phase == Phase.DISCARD and self.to_move() == viewer
            zones.append(Zone("Your magic cards (only you see them)", tuple(
                Piece(f"discard:{c}:{i}", self.names(state)[c], "click to discard" if discarding else "magic card",
                      target=discarding) for i, c in enumerate(hand))))
        others = [(i, a) for i, a in enumerate(legal) if not isinstance(a, PICKED)]
        if others:
            zones.append(Zone("Your choices", tuple(
                Piece(f"act:{i}", self.move_words(state, a), "", "move", target=True) for i, a in others)))
        zones.append(Zone("The players", tuple(
            Piece(f"player:{p}", f"player {p + 1}", self._player_note(state, p), "pile")
            for p in range(state.game.players))))
        return zones

    @staticmethod
    def _which_people(state: ZargosState) -> str:
        """"second " where the player to choose holds a people already (each player leads two in a game of two)."""
        return "second " if state.current_player() in state.owners else ""

    def _sends(self, action) -> bool:
        return isinstance(action, LandAttack | SeaAttack | Move) and (action.src, action.dst) == (self.source,
                                                                                                 self.target)

    @staticmethod
    def _player_note(state: ZargosState, player: int) -> str:
        mine = [people for people, owner in zip(state.peoples, state.owners, strict=True) if owner == player]
        units = sum(state.units(p) for people in mine for p in state.provinces_of(people))
        return (", ".join(mine) or "no people yet") + f"; {units} units, {state.boats[player]} boats, " \
            f"{len(state.hands[player])} magic cards"

    def clear_selection(self) -> None:
        self.source = self.target = ""
        self.boats = 0

    # -- clicks --------------------------------------------------------------------------------------------
    def select_only(self, key: str) -> bool:
        return key.startswith("boats:") or (key.startswith("province:") and self.state.phase in SENDS)

    def select(self, state: ZargosState, key: str) -> bool:
        if key.startswith("boats:"):
            self.boats = int(key.removeprefix("boats:"))
            return True
        if not (key.startswith("province:") and state.phase in SENDS):
            return False
        province = key.removeprefix("province:")
        legal = [a for a in state.legal_actions() if isinstance(a, SENDS[state.phase])]
        if province in (self.source, self.target):  # a second click lets it go
            self.target = ""
            self.source = "" if province == self.source else self.source
        elif self.source and any(a.src == self.source and a.dst == province for a in legal):
            self.target = province
        elif any(a.src == province for a in legal):
            self.source, self.target = province, ""
        else:
            raise IllegalActionError(*self._why_not_from(state, province))
        return True

    def _why_not_from(self, state: ZargosState, province: str) -> tuple[str, str]:
        me = state.acting
        names = state.game.planet.names
        if self.source:
            return ("ZARGOS-LAND-01" if state.phase == Phase.ATTACK else "ZARGOS-REORG-05",
                    f"{names[province]} cannot be reached from {names[self.source]} now")
        if state.holder(province) != me:
            return ("ZARGOS-LAND-01", f"start from one of your own provinces, not {names[province]}")
        return ("ZARGOS-LAND-02" if state.phase == Phase.ATTACK else "ZARGOS-REORG-03",
                f"{names[province]} has no unit to spare: one unit always stays behind")

    def clicks_for(self, action) -> tuple[str, ...]:
        if isinstance(action, Place | Fight):
            return (f"province:{action.province}",)
        if isinstance(action, LandAttack | SeaAttack | Move):
            keys = [] if self.source == action.src else [f"province:{action.src}"]
            if self.source == action.src and self.target and self.target != action.dst:
                keys = [f"province:{self.target}"]  # let the other target go
            if self.target != action.dst:
                keys.append(f"province:{action.dst}")
            index = self.state.legal_actions().index(action)
            return (*keys, f"send:{index}")
        if isinstance(action, Buy):
            return (*((f"boats:{action.boats}",) if action.boats != self.boats else ()), f"buy:{action.units}")
        if isinstance(action, ChoosePeople):
            return (f"people:{action.people}",)
        if isinstance(action, Discard):
            return (f"discard:{action.card}:{self.state.hands[self.state.current_player()].index(action.card)}",)
        return super().clicks_for(action)

    def action_for(self, state: ZargosState, key: str):
        kind, _, rest = key.partition(":")
        legal = state.legal_actions()
        if kind == "province":
            wanted = [a for a in legal if isinstance(a, Place | Fight) and a.province == rest]
            if wanted:
                return wanted[0]
            raise IllegalActionError(self._phase_rule(state), f"{rest} cannot be picked now: "
                                     f"{self.task(state)}")
        if kind in ("send", "act"):
            return legal[int(rest)]
        if kind == "people":
            return ChoosePeople(rest)
        if kind == "discard":
            return Discard(rest.split(":")[0])
        if kind == "buy":
            return Buy(int(rest), self.boats)
        raise IllegalActionError(self._phase_rule(state), "that makes no move now")

    @staticmethod
    def _phase_rule(state: ZargosState) -> str:
        return {"place_single": "ZARGOS-SETUP-07", "place_rest": "ZARGOS-SETUP-09", "place_buy": "ZARGOS-BUY-04",
                "fight": "ZARGOS-COMBAT-01"}.get(state.phase, "ZARGOS-TURN-01")

    # -- what a player knows -------------------------------------------------------------------------------
    def private(self, state: ZargosState, player: int) -> str:
        cards = ", ".join(self.names(state)[c] for c in state.hands[player]) or "none"
        mine = [people for people, owner in zip(state.peoples, state.owners, strict=True) if owner == player]
        points = ", ".join(f"the {people} {state.points_of(people)}" for people in mine) or "none yet"
        return f"Your magic cards (only you see them): {cards}.\nPoints at the last count: {points}."

    def decision_odds(self, state: ZargosState) -> str:
        if state.phase != Phase.ATTACK or not (self.source and self.target):
            return ""
        sends = [a for a in state.legal_actions() if self._sends(a)]
        groups: list[list] = []  # [way, (chance, losses), fewest, most]: forces in a row with the same outcome
        for action in sorted(sends, key=lambda a: (isinstance(a, SeaAttack), a.units))[-SHOWN:]:
            way, odds = "by sea" if isinstance(action, SeaAttack) else "by land", take_odds(state, action)
            if groups and groups[-1][:2] == [way, odds] and groups[-1][3] == action.units - 1:
                groups[-1][3] = action.units
            else:
                groups.append([way, odds, action.units, action.units])
        target = state.game.planet.names[self.target]
        lines = [f"{fewest if fewest == most else f'{fewest} to {most}'} unit{'s' if most > 1 else ''} {way}: "
                 f"{take_words(p, target)}, losing {f'{decimal(lost)} units' if lost else 'none'} on average"
                 for way, (p, lost), fewest, most in groups]
        return ("The chance to take the province, and the units you can expect to lose (the largest forces):\n"
                + "\n".join(lines)) if lines else ""

    def task(self, state: ZargosState) -> str:
        phase = state.phase
        if phase in SENDS:
            verb = "attack" if phase == Phase.ATTACK else "move units"
            if not self.source:
                done = "end the attacks" if phase == Phase.ATTACK else "end the turn"
                return f"click one of your provinces (outlined) to {verb} from it, or {done}"
            if not self.target:
                source = state.game.planet.names[self.source]
                return f"click where to {verb} from {source} (outlined), or {source} again to let it go"
            return "pick how many units go"
        return {"choose": f"choose your {self._which_people(state)}people",
                "place_single": "click a province to place a unit",
                "place_rest": "click one of your provinces to place a unit", "place_buy": "click one of your "
                "provinces to place a unit bought", "fight": "click the province whose combat is fought next",
                "discard": "click a magic card to discard (too many in hand)", "buy": "pick the boats, then the "
                "units to buy"}.get(phase, "pick one of your choices")
