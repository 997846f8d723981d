"""Widgets for Zaar: the mansion builder, the astrolabe with the raml for battles, and a game viewer.

Thin glue over :mod:`zaarlab.zaar.board`, :mod:`zaarlab.zaar.missions`, :mod:`zaarlab.zaar.raml`,
:mod:`zaarlab.zaar.astrolabe`, :mod:`zaarlab.zaar.odds` and :mod:`zaarlab.zaar.figures`.
"""

from __future__ import annotations

import random
from fractions import Fraction

import ipywidgets as widgets

from ..core.api import IllegalActionError
from ..core.hexgrid import Hex, neighbours
from ..core.readable import exact_text
from ..ui import controls
from ..ui.map_chart import MapChart
from ..ui.panel import GameViewer, Panel, as_html, guarded, row, rule_tags, set_options, set_range, show_figure
from .astrolabe import POWERS, Plates, command, load_astrolabe, read
from .board import Mansion
from .bots import greedy_bot
from .figures import astrolabe_figure, battle_figure, door_graph_figure, free_cells, mansion_figure
from .missions import MISSIONS, completed_by
from .missions import NAMES as MISSION_NAMES
from .odds import astrolabe_battle_dist, battle_dist, default_pile, next_card_odds
from .raml import load_raml, meets, throw_dist, traps
from .state import ZaarGame

NO_CELL = ""  # the cell menu's "choose a cell"


class MansionBuilder(Panel):
    """Pick (or draw) a room, turn it, choose a cell (click its number on the map, or pick it in the menu) and place
    it: a refusal says why in words, with the rule in small print; missions done are ringed on the map with the player
    paid; the door graph and the next card's chances follow.

    After a placement no cell is chosen: *place* waits for the student's choice, so a second click of a double click
    places nothing. A cell stays chosen while the room fits there as turned.

    >>> builder = MansionBuilder()
    >>> builder.room.value, builder.rotation.value = "sacred_room_5", 0
    >>> builder.cell.value = Hex(1, 0)
    >>> builder.place(); builder.text.splitlines()[0]
    'Not allowed: the door of Bloody Chamber on its E side would face a wall of Sacred room 5'
    >>> builder.rotation.value = 1
    >>> builder.place(); builder.text.splitlines()[0]
    'Player 1 placed Sacred room 5 in enclosure 2, beside Bloody Chamber.'
    >>> builder.chosen is None, builder.cell.label, builder.buttons["place"].disabled
    (True, 'choose a cell', True)
    """

    title = "the mansion builder"
    PLACE = "Choose a cell: click a black number on the map, or pick it in the cell menu."
    ODDS = {"placeable": "a room that can be placed", "sacred": "a sacred room that can be placed",
            "event": "an event card"}

    def __init__(self, start: str = "bloody_chamber", players: int = 4, seed: int = 0, mission_odds: bool = False):
        self.history = [Mansion.start(start)]
        self.completed: list[tuple[str, tuple, int]] = []
        self.rng = random.Random(seed)
        self.room = controls.Menu(description="room", layout=widgets.Layout(width="320px"))
        self.rotation = controls.Slider(value=0, min=0, max=5, description="turn")
        self.cell = controls.Menu(description="cell", layout=widgets.Layout(width="320px"))
        self.player = controls.Menu(options=[(f"player {p + 1}", p) for p in range(players)], description="placer")
        self.mission_odds = controls.Checkbox(value=mission_odds, description="mission odds")
        self.buttons = {name: controls.Button(description=name) for name in ("draw a card", "place", "undo")}
        self.status, self.odds, self.why = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.status.add_class("zaarlab-result")
        for name, action in (("draw a card", self.draw), ("place", self.place), ("undo", self.undo)):
            self.buttons[name].on_click(guarded(action, self.status))
        self.map = MapChart(widest=620)
        self.graph = widgets.Output(layout=widgets.Layout(width="460px", max_width="100%"))
        self.map.on_click(lambda number: guarded(lambda: self.click_cell(number), self.status)())
        self.figures = ()
        self.text = ""
        self.fitting: list[Hex] = []
        self.numbers: dict[Hex, int] = {}
        self._quiet = False
        for control in (self.room, self.rotation):
            control.observe(guarded(lambda: self._quiet or self._offer_cells(redraw=True), self.status), names="value")
        self.cell.observe(guarded(lambda: self._quiet or self._show_choice(), self.status), names="value")
        self.mission_odds.observe(guarded(self._refresh, self.status), names="value")
        self._refresh()
        placeable = [r for _, r in self.room.options if self.mansion.legal_placements(r)]
        if placeable:  # start on a room that fits, turned a way that fits, on a cell where it fits
            self.room.value = placeable[0]
            self.rotation.value = self.mansion.legal_placements(placeable[0])[0][1]
            self.cell.value = self.fitting[0]
        self.box = widgets.VBox([
            row([self.room, self.rotation, self.buttons["draw a card"]]),
            row([self.cell, self.player, self.buttons["place"], self.buttons["undo"], self.why]),
            self.status, row([self.map, widgets.VBox([self.graph, self.odds, self.mission_odds])]),
        ])

    @property
    def mansion(self) -> Mansion:
        return self.history[-1]

    @property
    def chosen(self) -> Hex | None:
        """The cell chosen, or ``None``: the menu's first entry, "choose a cell" (a menu's ``None`` shows nothing)."""
        return self.cell.value or None

    def draw(self) -> None:
        """Pick a random room of the pile (events aside), as the next card to place."""
        rooms = [r for r in default_pile(self.mansion) if r in self.mansion.cards.rooms]
        if rooms:
            self.room.value = self.rng.choice(rooms)

    def click_cell(self, number) -> None:
        """A click on the map: the free cell of that number becomes the chosen one (a page may send anything)."""
        cell = next((c for c, n in self.numbers.items() if n == number and type(number) is int), None)
        if cell is None:
            self.status.value = as_html("That is not a free cell of the map: click one of its numbers.")
            return
        self.cell.value = cell

    def place(self) -> None:
        mansion, room, cell = self.mansion, self.room.value, self.chosen
        if room is None or cell is None:  # the button is disabled; a click sent before it was still says why
            self.why.value = as_html(self._cannot_place())
            return
        try:
            placed = mansion.place(room, cell, self.rotation.value)
        except IllegalActionError as err:
            self.text = f"Not allowed: {err.message}"
            self.status.value = as_html(self.text) + rule_tags(err.rules)
            return
        self.history.append(placed)
        who = self.player.value
        beside = sorted({placed.room_at(n).name for n in neighbours(cell) if n in mansion.layout})
        self.text = (f"Player {who + 1} placed {mansion.cards.rooms[room].name} in enclosure "
                     f"{mansion.enclosure(cell)}, beside {' and '.join(beside)}.")
        rules = ["ZAAR-PLACE-01"]
        used = frozenset(c for _, rooms, _ in self.completed for c in rooms)
        done = completed_by(placed, cell, used)
        if done:
            self.completed.append((done.mission, done.rooms, who))
            self.text += (f"\nMission done: {MISSION_NAMES[done.mission]}, with "
                          f"{', '.join(placed.room_at(c).name for c in done.rooms)}: player {who + 1} is paid.")
            rules.append(done.rule)
        self._refresh(keep_text=True, rules=rules, cell=None)

    def undo(self) -> None:
        if len(self.history) > 1:
            undone = self.history.pop()
            self.completed = [m for m in self.completed if set(m[1]) <= set(self.mansion.layout)]
            cell = next(c for c in undone.layout if c not in self.mansion.layout)
            self.text = f"Took back {undone.room_at(cell).name}."
            self._refresh(keep_text=True)

    def _cannot_place(self) -> str:
        if self.room.value is None:
            return "No room is left to place."
        return self.PLACE if self.chosen is None else ""

    def _refresh(self, keep_text: bool = False, rules=(), cell=...) -> None:
        rooms = sorted((r for r in default_pile(self.mansion) if r in self.mansion.cards.rooms),
                       key=lambda r: self.mansion.cards.rooms[r].name)
        self._quiet = True  # one redraw below, not one per change
        set_options(self.room, [(self.mansion.cards.rooms[r].name, r) for r in rooms],
                    prefer=[r for r in rooms if self.mansion.legal_placements(r)])
        self._quiet = False
        self._offer_cells(keep=cell)
        if not keep_text:
            rooms = len(self.mansion.rooms)
            self.text = f"{rooms} room{'s' if rooms != 1 else ''} in the mansion."
        missions = "; ".join(f"{MISSION_NAMES[m]} (player {p + 1})" for m, _, p in self.completed)
        self.status.value = as_html(self.text + (f"\nMissions so far: {missions}." if missions else "")) + \
            rule_tags(list(rules))
        self.figures = (self._map_figure(), door_graph_figure(self.mansion))
        self.map.show(self.figures[0])
        show_figure(self.graph, self.figures[1])
        odds = next_card_odds(self.mansion, missions=MISSIONS if self.mission_odds.value else (), number=Fraction)
        self.odds.value = as_html("The next card:\n" + "\n".join(
            f"  {self.ODDS.get(name, f'a room that completes {MISSION_NAMES.get(name)}')}: {exact_text(p)}"
            for name, p in odds.items()))

    def _map_figure(self):
        ringed = [c for _, rooms, _ in self.completed for c in rooms]
        return mansion_figure(self.mansion, highlight=ringed, free=self.numbers, fitting=self.fitting,
                              chosen=self.chosen, title="The mansion")

    def _offer_cells(self, redraw: bool = False, keep=...) -> None:
        """Every free cell by its number on the map, those where the room fits as turned marked. The chosen cell
        stays while the room fits there (``keep``: the cell to choose instead, ``None`` for none)."""
        self.numbers = free_cells(self.mansion)
        room = self.room.value
        fits = {c for c, _ in self.mansion.legal_placements(room)} if room else set()
        turned = set()
        for cell in self.mansion.frontier if room else ():
            try:
                self.mansion.check_placement(room, cell, self.rotation.value)
                turned.add(cell)
            except IllegalActionError:
                pass
        self.fitting = sorted(turned)
        chosen = self.chosen if keep is ... else keep
        options = [("choose a cell", NO_CELL)] + [
            (f"cell {n} (enclosure {self.mansion.enclosure(c)})"
             + (": fits" if c in turned else ": fits if turned" if c in fits else ": does not fit"), c)
            for c, n in sorted(self.numbers.items(), key=lambda item: item[1])]
        self._quiet = True
        with self.cell.hold_sync():  # the page gets the cells and the choice in one message
            set_options(self.cell, options)
            self.cell.value = chosen if chosen in turned else NO_CELL
        self._quiet = False
        self._show_choice(redraw)

    def _show_choice(self, redraw: bool = True) -> None:
        """The chosen cell outlined on the map; *place* enabled only with a room and a cell, else saying why."""
        self.buttons["place"].disabled = bool(self._cannot_place())
        self.why.value = as_html(self._cannot_place())
        if redraw and self.figures:
            self.figures = (self._map_figure(), self.figures[1])
            self.map.show(self.figures[0])


class AstrolabeBattle(Panel):
    """Trap a demon, read the astrolabe, throw the raml: the plates turn, the exact battle odds follow, throw by throw.

    The battle belongs to the reading: another plaque or room clears it until the astrolabe is read again. Whether it
    is won, lost or still on follows from the throws made and the wisdom (a throw a wisdom coin, ZAAR-BATTLE-01),
    which cannot go below the throws already made.

    >>> bench = AstrolabeBattle(seed=2)
    >>> bench.read(); bench.plates.lower, bench.plates.top, bench.result.kind
    (4, 4, 'ordered')
    >>> bench.text.splitlines()[2]
    'With 3 throws: lose 27/64 ≈ 42.19%, win 111/256 ≈ 43.36%, extra win 37/256 ≈ 14.45%'
    >>> bench.throw(); bench.text.splitlines()[2:4]
    ['With 2 throws left: lose 9/16 ≈ 56.25%, win 21/64 ≈ 32.81%, extra win 7/64 ≈ 10.94%', \
'Throw 1: letter A, numbers 1 3 0: a miss']
    """

    title = "the astrolabe and the raml"
    OUTCOMES = {"lose": "lose", "win": "win", "extra_win": "extra win", "draw": "draw"}

    def __init__(self, seed: int = 0, max_wisdom: int = 8):
        self.rng, self.max_wisdom = random.Random(seed), max_wisdom
        self.astro, self.raml = load_astrolabe(), load_raml()
        self.plates, self.result, self.throws = Plates(), None, []
        self.letter = controls.Menu(options=list("ABCD"), value="A", description="plaque")
        self.category = controls.Menu(options=list(POWERS), value="bloody", description="room")
        self.wisdom = controls.Slider(value=3, min=0, max=max_wisdom, description="wisdom")
        self.warrior = controls.Checkbox(description="Warrior (reads backsides)", indent=False,
                                        layout=widgets.Layout(width="auto"))
        self.wise = controls.Checkbox(description="Wise (every win is extra)", indent=False,
                                     layout=widgets.Layout(width="auto"))
        self.buttons = {name: controls.Button(description=name) for name in ("read the astrolabe", "throw the raml")}
        self.report, self.why = widgets.HTML(), widgets.HTML()
        self.report.add_class("zaarlab-result")
        self.buttons["read the astrolabe"].on_click(guarded(self.read, self.report))
        self.buttons["throw the raml"].on_click(guarded(self.throw, self.report))
        self.dial = widgets.Output(layout=widgets.Layout(width="440px", max_width="100%"))
        self.chart = widgets.Output(layout=widgets.Layout(width="480px", max_width="100%"))
        self.figures = ()
        for control in (self.wisdom, self.warrior, self.wise):
            control.observe(guarded(self._show, self.report), names="value")
        for control in (self.letter, self.category):
            control.observe(guarded(self._new_demon, self.report), names="value")
        self._show()
        self.box = widgets.VBox([
            row([self.letter, self.category, self.buttons["read the astrolabe"]]),
            row([self.wisdom, self.warrior, self.wise, self.buttons["throw the raml"], self.why]),
            self.report, row([self.dial, self.chart])])

    @property
    def outcome(self) -> str:
        """``"win"``, ``"extra win"`` or ``"lose"`` once the battle is decided, ``""`` while it goes on."""
        if self.result is None or self.result.requirement is None:
            return ""
        for throw in self.throws:
            if meets(throw, self.result.requirement, self.raml, self.warrior.value):
                extra = self.wise.value or traps(throw, (self.letter.value,), self.raml, self.warrior.value)
                return "extra win" if extra else "win"
        return "lose" if len(self.throws) >= self.wisdom.value else ""

    def read(self) -> None:
        """The demon is trapped by the plaque's letter: turn the plates and read the notch (ZAAR-ASTRO-04..06)."""
        self.result, self.plates = read(self.astro, self.plates, self.letter.value, self.category.value)
        self.throws = []
        if not set_range(self.wisdom, 0, self.max_wisdom, self.wisdom.value):
            self._show()

    def throw(self) -> None:
        """One battle throw, if the result asks for numbers and the battle goes on (ZAAR-BATTLE-01); else say why."""
        if self._cannot_throw():
            self.why.value = as_html(self._cannot_throw())
            return
        self.throws.append(throw_dist(self.raml).outcomes[self.rng.randrange(len(throw_dist(self.raml)))])
        if not set_range(self.wisdom, len(self.throws), self.max_wisdom, self.wisdom.value):  # spent coins stay spent
            self._show()

    def _new_demon(self) -> None:
        """Another plaque or room: the reading shown was for the old one, so it goes until the astrolabe is read."""
        self.result, self.throws = None, []
        if not set_range(self.wisdom, 0, self.max_wisdom, self.wisdom.value):
            self._show()

    def _cannot_throw(self) -> str:
        if self.result is None:
            return "Read the astrolabe first: it says what the raml must show."
        if self.result.requirement is None:
            return "This result needs no throw."
        if self.outcome:
            return f"The battle is over ({self.outcome}): read the astrolabe again for another."
        return ""

    def _show(self) -> None:
        demon = f"Plaque {self.letter.value} in a {self.category.value} room"
        if self.result is None:
            ends = astrolabe_battle_dist(self.letter.value, self.category.value, self.wisdom.value,
                                         warrior=self.warrior.value, wise=self.wise.value)
            odds = ", ".join(f"{self.OUTCOMES[k]} {exact_text(ends.fraction(k))}" for k in self.OUTCOMES
                             if ends.fraction(k))
            lines = [f"{demon}: read the astrolabe to turn the plates.",
                     f"Before the reading, wherever the plates may stand, with {self.wisdom.value} "
                     f"throw{'s' if self.wisdom.value != 1 else ''}: {odds}"]
        else:
            lines = [f"{demon}: the notch shows {self.result.words()}."]
            if self.result.requirement is None:
                ends = battle_dist(self.result, self.wisdom.value, self.category.value, self.letter.value)
                lines.append(f"No throw: {self.OUTCOMES[ends.outcomes[0]]}.")
            else:
                lines.append("The dice still on the table from the entry throw miss it (else: an extra win at once), "
                             "so the battle begins.")
                lines += self._battle_lines()
        rules = ["ZAAR-ASTRO-07", "ZAAR-ASTRO-08", "ZAAR-ASTRO-09"] if self.result and not self.result.requirement \
            else ["ZAAR-BATTLE-01", "ZAAR-ASTRO-12"] if self.result else ["ZAAR-ASTRO-04", "ZAAR-ASTRO-05"]
        if self.outcome == "extra win" or (self.result is not None and self.result.kind == "revoked"):
            cmd, _ = command(self.astro, self.plates, self.result)
            lines.append(f"The backside turns {self.result.dots} {'clockwise' if self.result.clockwise else 'back'}: "
                         f"{cmd.words()}.")
            rules.append("ZAAR-CMD-02")
        self.text = "\n".join(lines)
        self.report.value = as_html(self.text) + rule_tags(rules)
        self.buttons["throw the raml"].disabled = bool(self._cannot_throw())
        self.why.value = as_html(self._cannot_throw())
        self._draw()

    def _battle_lines(self) -> list[str]:
        """The odds now (of the throws left), the throws made, the end."""
        left = self.wisdom.value - len(self.throws)
        lines = []
        if not self.outcome:
            dist = battle_dist(self.result, left, self.category.value, self.letter.value, warrior=self.warrior.value,
                               wise=self.wise.value)
            odds = ", ".join(f"{self.OUTCOMES[k]} {exact_text(dist.fraction(k))}" for k in ("lose", "win", "extra_win")
                             if dist.fraction(k))
            lines.append(f"With {left} throw{'s' if left != 1 else ''}{' left' if self.throws else ''}: {odds}")
        for i, throw in enumerate(self.throws, 1):
            hit = meets(throw, self.result.requirement, self.raml, self.warrior.value)
            lines.append(f"Throw {i}: letter {throw[0]}, numbers {' '.join(map(str, throw[1:]))}: "
                         f"{'it meets the notch' if hit else 'a miss'}")
        if self.outcome:
            lines.append({"lose": "Lost: no wisdom left to throw again; a life coin is lost.",
                          "win": "Won: the spell is revoked.",
                          "extra win": "Extra win: the spell is revoked and the demon is hit."}[self.outcome])
        return lines

    def _draw(self) -> None:
        figures = [astrolabe_figure(self.astro, self.plates)]
        if self.result is not None and self.result.requirement is not None:
            curves = {k: [] for k in ("lose", "win", "extra_win")}
            for w in range(1, self.max_wisdom + 1):
                dist = battle_dist(self.result, w, self.category.value, self.letter.value,
                                   warrior=self.warrior.value, wise=self.wise.value)
                for k in curves:
                    curves[k].append((w, dist.fraction(k)))
            figures.append(battle_figure(curves, "The battle, by the wisdom coins to throw"))
        self.figures = tuple(figures)
        show_figure(self.dial, figures[0])
        if len(figures) > 1:
            show_figure(self.chart, figures[1])
        else:
            self.chart.outputs = ()


class GameViewer(GameViewer):
    """Step through a seeded game of Zaar with the bots (or take a seat): the mansion with its pawns and revoked
    plaques, coins and the name table, the rule-by-rule log.

    >>> viewer = GameViewer(ZaarGame(players=2), seed=1)
    >>> viewer.to_next_turn(); viewer.session.state.turn
    1
    """

    title = "the Zaar game viewer"

    def __init__(self, game: ZaarGame, seed: int = 0, seat: int | None = None, log_lines: int = 14):
        super().__init__(game, [greedy_bot] * game.players, seed=seed, seat=seat, log_lines=log_lines)

    def describe(self, state) -> str:
        coins = ", ".join(f"player {p + 1}: {state.life[p]} life, {state.wisdom[p]} wisdom, "
                          f"{len(state.tools[p])} tools ({state.status[p]})" for p in range(state.game.players))
        letters = ", ".join(state.revealed) or "none"
        text = (f"{state}\n{coins}\nname letters revealed: {letters}; plaques left: {len(state.unrevoked())}; "
                f"cards in the pile: {len(state.pile)}")
        if state.is_terminal():
            text += f"\nwinners: {[w + 1 for w in state.winner] or 'nobody (turn cap)'}"
        return text

    def draw(self, state):
        if not state.rooms:
            return None
        pawns = {f"player {p + 1}": state.pawn(p) for p in range(state.game.players) if state.pawn(p) is not None}
        return mansion_figure(state.mansion, pawns=pawns, revoked=state.revoked,
                              highlight=state.demon_room, title=str(state))
