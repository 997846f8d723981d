"""Widgets for Zogar's Gaze: the hold advisor, a press-your-luck deck explorer, a bot tournament, a game viewer.

Thin glue over :mod:`zaarlab.zogars_gaze.odds`, :mod:`zaarlab.zogars_gaze.deck`,
:mod:`zaarlab.zogars_gaze.bots` and :mod:`zaarlab.zogars_gaze.figures`.
"""

from __future__ import annotations

import random
from fractions import Fraction

import ipywidgets as widgets

from .. import ui
from ..core.play import Session
from ..core.readable import exact_text
from ..tournament_widgets import TournamentRunner
from ..ui import Panel, as_html, guarded, show_figure
from .bots import BOTS, bold_bot, verdict
from .deck import p_survive, practice_delve
from .figures import next_card_figure, policies_figure, survival_figure, table_figure
from .odds import hold_advice
from .state import Flip, Leave, ZogarGame

REQUIREMENTS = ("3x5", "2x3", "4x6", "straight:1-4", "straight:2-6", "5x*")
CARRYABLE = ("flame_bow", "frost_axe", "elemist", "holy_water", "healing_draught", "lucky_charm", "thieves_signet",
             "treasure_1")


class HoldAdvisor(Panel):
    """A dice table for one combat: what the enemy needs, the five dice, which to hold; the exact chance of every
    hold, best first.

    >>> advisor = HoldAdvisor(dice=(1, 1, 2, 5, 6))
    >>> advisor.text.splitlines()[0]
    'best: keep [5] -> P(win) = 26159/69984 ≈ 37.38%'
    >>> advisor.held[3].value = True           # hold the 5
    >>> advisor.text.splitlines()[1]
    'your hold [5] -> 26159/69984 ≈ 37.38%'
    """

    title = "the hold advisor"

    def __init__(self, requirement: str = "3x5", dice: tuple[int, ...] = (1, 1, 2, 5, 6), rolls_left: int = 2,
                 seed: int = 0):
        self.rng = random.Random(seed)
        self.requirement = widgets.Dropdown(options=REQUIREMENTS, value=requirement, description="enemy needs")
        self.dice = [widgets.Dropdown(options=list(range(1, 7)), value=d, description=f"die {i + 1}",
                                      style={"description_width": "42px"}, layout=widgets.Layout(width="110px"))
                     for i, d in enumerate(dice)]
        self.held = [widgets.ToggleButton(description="hold", tooltip=f"hold die {i + 1}",
                                          layout=widgets.Layout(width="110px")) for i in range(len(dice))]
        self.rolls_left = widgets.IntSlider(value=rolls_left, min=0, max=2, description="rolls left")
        self.roll = widgets.Button(description="roll the others")
        self.report = widgets.HTML()
        self.roll.on_click(guarded(self.roll_unheld, self.report))
        self.chart = widgets.Output()
        self.figure = None
        for control in (*self.dice, *self.held, self.rolls_left):
            control.observe(guarded(self._update, self.report), names="value")
        self.requirement.observe(guarded(self._new_requirement, self.report), names="value")
        self._new_requirement()
        columns = [widgets.VBox([die, hold]) for die, hold in zip(self.dice, self.held, strict=True)]
        self.box = widgets.VBox([self.requirement, ui.row(columns), ui.row([self.rolls_left, self.roll]),
                                 self.report, self.chart])

    def roll_unheld(self) -> None:
        """Reroll every die not held, using up one roll."""
        if self.rolls_left.value == 0:
            return
        with self.rolls_left.hold_trait_notifications():
            for die, hold in zip(self.dice, self.held, strict=True):
                if not hold.value:
                    die.value = self.rng.randint(1, 6)
            self.rolls_left.value -= 1
        self._update()

    def _new_requirement(self) -> None:
        self.figure = policies_figure(self.requirement.value)
        show_figure(self.chart, self.figure)
        self._update()

    def _update(self) -> None:
        dice = tuple(d.value for d in self.dice)
        advice = hold_advice(self.requirement.value, dice, self.rolls_left.value, number=Fraction)
        if advice.already_won:
            self.text = f"{sorted(dice)} beats {self.requirement.value}: the enemy is dead."
        elif not advice.ranking:
            self.text = f"No roll left: {sorted(dice)} does not beat {self.requirement.value}."
        else:
            mine = tuple(sorted(d.value for d, h in zip(self.dice, self.held, strict=True) if h.value))
            best, p_best = advice.ranking[0]
            lines = [f"best: keep {list(best)} -> P(win) = {exact_text(p_best)}",
                     f"your hold {list(mine)} -> {exact_text(advice.p(mine))}",
                     f"simple hold {list(advice.simple)} -> {advice.p(advice.simple)}", "every hold:"]
            lines += [f"  keep {str(list(h)):<18} {str(p):>24}  {100 * float(p):6.2f}%" for h, p in advice.ranking]
            self.text = "\n".join(lines)
        self.report.value = as_html(self.text)


class DeckExplorer(Panel):
    """Press your luck with exact odds: turn cards of a seeded dungeon and watch the chances move.

    Choose what to carry and how many Gazes are out; *flip* turns a card (a battle or a trap is played out by
    the bold bot, and ends the delve); *new delve* shuffles again.

    >>> explorer = DeckExplorer(seed=3)
    >>> explorer.text.splitlines()[0]
    'P(alive after the next card) = 7285121903/8571080448 ≈ 85.00%'
    >>> explorer.carry.value = ("flame_bow",)   # a new delve, with the bow
    >>> explorer.text.splitlines()[0]
    'P(alive after the next card) = 0.87645… ≈ 87.65% (exact: 11 digits over 12)'
    >>> explorer.flip(); explorer.session.history[0]
    Flip()
    """

    title = "the deck explorer"

    def __init__(self, seed: int = 0, flips: int = 6):
        self.seed, self.flips, self.delves = seed, flips, 0
        self.carry = widgets.SelectMultiple(options=CARRYABLE, description="carry", rows=len(CARRYABLE))
        self.gazes = widgets.IntSlider(value=0, min=0, max=6, description="Gazes out")
        self.buttons = {name: widgets.Button(description=name) for name in ("flip", "leave", "new delve")}
        self.report, self.log = widgets.HTML(), widgets.HTML()
        for name, action in (("flip", self.flip), ("leave", self.leave), ("new delve", self.new_delve)):
            self.buttons[name].on_click(guarded(action, self.report))
        self.charts = widgets.Output()
        self.figures = ()
        for control in (self.carry, self.gazes):
            control.observe(guarded(self.new_delve, self.report), names="value")
        self.new_delve(count=False)
        self.box = widgets.VBox([ui.row([self.carry, self.gazes]), ui.row(list(self.buttons.values())),
                                 self.report, self.charts, self.log])

    def new_delve(self, count: bool = True) -> None:
        self.delves += count
        state = practice_delve(tuple(self.carry.value), self.gazes.value, seed=self.seed + self.delves)
        self.session = Session(state, [bold_bot], seed=self.seed + self.delves)
        self._show()

    def flip(self) -> None:
        if self._delving():
            self.session.play(Flip())
            self.session.run_until(lambda s: s.phase == "delve" or s.turn > 1)
            self._show()

    def leave(self) -> None:
        if Leave() in self.session.state.legal_actions():
            self.session.play(Leave())
            self._show()

    def _delving(self) -> bool:
        return self.session.state.phase == "delve" and self.session.state.turn == 1

    def _show(self) -> None:
        state = self.session.state
        start = len(self.session.states[0].log)
        if self._delving():
            alive = p_survive(state, 1)
            self.text = (f"P(alive after the next card) = {exact_text(alive)}\n"
                         f"found so far: {', '.join(state.found) or 'nothing'}; {state.drawable} cards under the cut")
            self.figures = (next_card_figure(state), survival_figure(state, self.flips))
        else:
            self.text = "This delve is over: press 'new delve'.\n" + (
                "Zogar wins: the seventh Gaze." if state.ended_by == "gaze" else "")
            self.figures = ()
        self.report.value = as_html(self.text)
        self.log.value = as_html("\n".join(state.log[start:][-12:]))
        self.charts.outputs = ()
        for figure in self.figures:
            shown = widgets.Output()
            show_figure(shown, figure)
            self.charts.outputs += shown.outputs


def tournament_runner(seats: tuple[str, ...] = ("cautious", "bold"), games: int = 40, seed: int = 0):
    """A :class:`zaarlab.tournament_widgets.TournamentRunner` for Zogar's Gaze's bots.

    >>> runner = tournament_runner(games=4)
    >>> runner.run(); runner.result.games, runner.progress.value
    (4, 4)
    """
    return TournamentRunner(lambda players: ZogarGame(players=players), BOTS, seats, games, seed, verdict)


class GameViewer(ui.GameViewer):
    """Step through a seeded game of Zogar's Gaze with the press-your-luck bots, or take a seat yourself.

    >>> viewer = GameViewer(ZogarGame(players=2), seed=1)
    >>> viewer.to_next_turn(); viewer.session.state.turn
    1
    """

    title = "the Zogar's Gaze game viewer"

    @property
    def names(self) -> dict[str, str]:
        cards = self.session.state.game.cards
        return {card.id: card.name for card in (*cards.dungeon.values(), *cards.market.values())}

    def __init__(self, game: ZogarGame, seed: int = 0, seat: int | None = None, bots: tuple[str, ...] = (),
                 log_lines: int = 14):
        names = bots or tuple(("cautious", "bold")[p % 2] for p in range(game.players))
        super().__init__(game, [BOTS[name] for name in names], seed=seed, seat=seat, log_lines=log_lines)

    def describe(self, state) -> str:
        ends = {"win": f"player {state.winner + 1} wins", "gaze": "Zogar wins", "limit": "stopped at the turn limit"}
        market = ", ".join(state.market_up) or "empty"
        return f"{state}; market: {market}" + (f"; {ends[state.ended_by]}" if state.is_terminal() else "")

    def draw(self, state):
        return table_figure(state)
