"""Widgets for Zerzura: the collection builder, a game viewer and a bot tournament.

Thin glue over :mod:`zaarlab.zerzura.scoring`, :mod:`zaarlab.zerzura.bots` and :mod:`zaarlab.zerzura.figures`.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..tournaments.widgets import TournamentRunner
from ..ui import controls
from ..ui.panel import GameViewer, Panel, as_html, guarded, row, set_range, show_figure
from .bots import BOTS
from .cards import GOODS, load_cards
from .figures import scales_figure, sheet_table, table_figure
from .scoring import Holdings, met, score_counts
from .state import Phase, ZerzuraGame


class CollectionBuilder(Panel):
    """Sliders for each Object and toggles for the Characters: the live score sheet and the tiles met.

    >>> builder = CollectionBuilder()
    >>> builder.quantity["lamp"].value = 5
    >>> builder.text.splitlines()[0], builder.text.splitlines()[-1]
    ('lamp: Quantity 5: 1 VP', 'total: 1')
    >>> builder.character["guard_plus_1"].value = True      # the Guard makes it six lamps
    >>> builder.text.splitlines()[-2:]
    ['total: 9', 'other Guard choices: Guard (Q+1) left unused, total 1']
    >>> builder.stored.value = 60                            # only the cards held can be stored
    >>> builder.goods_cards.value, builder.stored.max, builder.stored.value
    (2, 3, 3)
    """

    title = "the collection builder"

    def __init__(self, max_quantity: int = 12):
        self.cards = load_cards()
        self.quantity = {obj: controls.Slider(value=0, min=0, max=max_quantity, description=obj)
                         for obj in self.cards.objects}
        self.character = {c.id: controls.Toggle(description=c.name, layout=widgets.Layout(width="150px"))
                          for c in self.cards.characters.values()}
        wide = {"description_width": "initial"}
        self.goods_cards = controls.Slider(value=0, min=0, max=GOODS, description="Goods cards",
                                             style=wide)
        self.stored = controls.Slider(value=0, min=0, max=GOODS, description="cards stored", style=wide)
        self.why = widgets.HTML()
        self.report, self.tiles, self.sheet_view = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.report.add_class("zaarlab-result")
        self.sheet_view.add_class("zaarlab-result")
        self.charts = widgets.Output()
        self.figures = ()
        for control in (*self.quantity.values(), *self.character.values(), self.goods_cards, self.stored):
            control.observe(guarded(self._update, self.report), names="value")
        self._update()
        self.box = widgets.VBox([
            row([widgets.VBox(list(self.quantity.values())),
                    widgets.VBox([self.goods_cards, self.stored, self.why])]),
            row(list(self.character.values())[:5]), row(list(self.character.values())[5:]),
            row([self.report, self.tiles]), self.sheet_view, self.charts,
        ])

    def _update(self) -> None:
        counts = {obj: s.value for obj, s in self.quantity.items()}
        chosen = [c for c, toggle in self.character.items() if toggle.value]
        fewest = -(-sum(counts.values()) // 3)  # at most three Objects a card
        if set_range(self.goods_cards, fewest, self.goods_cards.max, self.goods_cards.value):
            return  # the slider's own observer has run this update with the new value
        goods = self.goods_cards.value
        held = goods + len(chosen)  # only the cards held can be stored; a slider needs a range, even for none
        if set_range(self.stored, 0, max(held, 1), min(self.stored.value, held)):
            return
        self.stored.disabled = not held
        self.why.value = as_html("" if held else "Nothing to store yet: hold a Goods or Character card first.")
        sheet = score_counts(counts, chosen, goods, card_set=self.cards)
        holdings = Holdings(counts, goods + len(chosen), self.stored.value, len(chosen))
        met_tiles = [t.name for t in self.cards.tiles.values() if met(t, holdings)]
        self.sheet = sheet
        self.text = sheet.text()
        if sheet.alternatives:
            self.text += "\n" + sheet.choices_text()
        self.report.value = as_html(self.text)
        self.tiles.value = as_html("Command tiles met (+3 each if displayed):\n" + ("\n".join(met_tiles) or "none"))
        self.sheet_view.value = sheet_table(sheet, self.cards)
        self.figures = (scales_figure(self.cards, highlight=counts),)
        outputs = []
        for figure in self.figures:
            shown = widgets.Output()
            show_figure(shown, figure)
            outputs += shown.outputs
        self.charts.outputs = tuple(outputs)


class GameViewer(GameViewer):
    """Step through a seeded game of Zerzura with the bots, or take a seat yourself.

    >>> viewer = GameViewer(ZerzuraGame(players=3), seed=1)
    >>> viewer.to_next_turn(); viewer.session.state.round, viewer.session.state.phase
    (1, <Phase.ACT: 'act'>)
    """

    title = "the Zerzura game viewer"

    def __init__(self, game: ZerzuraGame, seed: int = 0, seat: int | None = None, bots: tuple[str, ...] = (),
                 log_lines: int = 14):
        names = bots or tuple(("planner", "greedy")[p % 2] for p in range(game.players))
        super().__init__(game, [BOTS[name] for name in names], seed=seed, seat=seat, log_lines=log_lines)

    def to_next_turn(self) -> None:
        """Play to the start of the next round (Zerzura's turns are short: a round is the step worth seeing)."""
        start = self.session.state.round
        self.session.run_until(lambda s: s.round > start and s.phase == Phase.ACT)
        self.refresh()

    def describe(self, state) -> str:
        birds = ", ".join(f"player {p + 1} {where}" for p, where in enumerate(state.birds) if where)
        stored = ", ".join(f"player {p + 1} {len(cards)}" for p, cards in enumerate(state.stored))
        text = (f"{state}; Market: {', '.join(state.market) or 'empty'}; Dromedary: player {state.holder + 1}; "
                f"tiles: {', '.join(state.tiles_up) or 'none left'}\nBirds: {birds or 'all at home'}; "
                f"stored: {stored}")
        if state.is_terminal():
            text += "; final: " + ", ".join(f"player {p + 1} {s.total}" for p, s in enumerate(state.sheets()))
        return text

    def draw(self, state):
        return table_figure(state)


def tournament_runner(seats: tuple[str, ...] = ("planner", "greedy", "random"), games: int = 40, seed: int = 0):
    """A :class:`zaarlab.tournaments.widgets.TournamentRunner` for Zerzura's bots.

    >>> runner = tournament_runner(games=4)
    >>> runner.run(); runner.result.games, runner.progress.value
    (4, 4)
    """
    return TournamentRunner(lambda players: ZerzuraGame(players=players), BOTS, seats, games, seed)
