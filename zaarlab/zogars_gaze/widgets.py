"""Widgets for Zogar's Gaze: the hold advisor, a press-your-luck deck explorer, a bot tournament (the game itself:
:mod:`zaarlab.zogars_gaze.table`).

Thin glue over :mod:`zaarlab.zogars_gaze.odds`, :mod:`zaarlab.zogars_gaze.deck`,
:mod:`zaarlab.zogars_gaze.bots` and :mod:`zaarlab.zogars_gaze.figures`.
"""

from __future__ import annotations

import random
from fractions import Fraction

import ipywidgets as widgets

from ..core.play import Session
from ..core.readable import exact_text
from ..tournaments.widgets import TournamentRunner
from ..ui import controls
from ..ui.dice_tray import DiceTray
from ..ui.panel import Panel, as_html, guarded, log_html, row, show_figure
from .bots import BOTS, bold_bot, verdict
from .deck import p_survive, practice_delve
from .figures import next_card_figure, policies_figure, survival_figure
from .odds import ROLLS, hold_advice, hold_words, parse
from .state import Flip, Leave, Phase, ZogarGame

REQUIREMENTS = ("3x5", "2x3", "4x6", "straight:1-4", "straight:2-6", "5x*")
CARRYABLE = ("flame_bow", "frost_axe", "elemist", "holy_water", "healing_draught", "lucky_charm", "thieves_signet",
             "treasure_1")


class HoldAdvisor(Panel):
    """A dice table for one combat: what the enemy needs, the five dice drawn as dice (click one to hold it), the
    rolls left; the exact chance of every hold, best first; *roll the others* rerolls the dice not held.

    >>> advisor = HoldAdvisor(dice=(1, 1, 2, 5, 6))
    >>> advisor.text.splitlines()[0]
    'Best: keep the 5, a chance to win of 26159/69984 ≈ 37.38%'
    >>> advisor.tray.held = [False, False, False, True, False]     # hold the 5
    >>> advisor.text.splitlines()[1]
    'Your hold: keep the 5, 26159/69984 ≈ 37.38%'
    """

    title = "the hold advisor"

    def __init__(self, requirement: str = "3x5", dice: tuple[int, ...] = (1, 1, 2, 5, 6), rolls_left: int = 2,
                 seed: int = 0):
        self.rng, self._rolling = random.Random(seed), False
        offered = REQUIREMENTS if requirement in REQUIREMENTS else (requirement, *REQUIREMENTS)  # an exercise's own
        self.requirement = controls.Menu(options=[(parse(r).words(), r) for r in offered], value=requirement,
                                            description="the enemy needs", style={"description_width": "initial"})
        self.tray = DiceTray(dice)
        self.dice = [controls.Menu(options=list(range(1, 7)), value=d, description=f"die {i + 1}",
                                      style={"description_width": "initial"}, layout=widgets.Layout(width="100px"))
                     for i, d in enumerate(dice)]
        self.rolls_left = controls.Slider(value=rolls_left, min=0, max=ROLLS - 1, description="rolls left")
        self.roll = controls.Button(description="roll the others")
        self.why, self.report = widgets.HTML(), widgets.HTML()
        self.report.add_class("zaarlab-result")
        self.roll.on_click(guarded(self.roll_unheld, self.report))
        self.chart = widgets.Output()
        self.figure = None
        for control in (*self.dice, self.rolls_left):
            control.observe(guarded(self._new_dice, self.report), names="value")
        self.tray.observe(guarded(self._update, self.report), names="held")
        self.requirement.observe(guarded(self._new_requirement, self.report), names="value")
        self._new_requirement()
        self.box = widgets.VBox([self.requirement, self.tray, row([widgets.Label("set the dice rolled:"),
                                                                      *self.dice]),
                                 row([self.rolls_left, self.roll, self.why]), self.report, self.chart])

    def faces(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)

    def roll_unheld(self) -> None:
        """Reroll every die not held, using up one roll; or say why not."""
        if self._cannot_roll():
            self.why.value = as_html(self._cannot_roll())
            return
        faces = [f if held else self.rng.randint(1, 6) for f, held in zip(self.faces(), self.tray.held, strict=True)]
        self._rolling = True  # one update for the whole roll, not one a die
        try:
            for die, face in zip(self.dice, faces, strict=True):
                die.value = face
            self.rolls_left.value -= 1
        finally:
            self._rolling = False
        self._new_dice()

    def _cannot_roll(self) -> str:
        """Why *roll the others* cannot act now, or ``""``."""
        if parse(self.requirement.value).is_met(self.faces()):
            return "The enemy is dead: there is nothing to roll."
        if self.rolls_left.value == 0:
            return "No roll left: set the rolls left to roll again."
        if all(self.tray.held):
            return "You hold all five dice: let one go to roll (a roll throws at least one die)."
        return ""

    def _new_requirement(self) -> None:
        self.figure = policies_figure(self.requirement.value)
        show_figure(self.chart, self.figure)
        self._update()

    def _new_dice(self) -> None:
        if not self._rolling:
            self.tray.show(self.faces(), self.tray.held)
            self._update()

    def _update(self) -> None:
        dice, req = self.faces(), parse(self.requirement.value)
        shown = ", ".join(map(str, sorted(dice)[:-1])) + f" and {max(dice)}"
        advice = hold_advice(req, dice, self.rolls_left.value, number=Fraction)
        if advice.already_won:
            self.text = f"Your dice {shown} beat {req.words()}: the enemy is dead."
            table = ""
        elif not advice.ranking:
            self.text = f"No roll left: {shown} do not beat {req.words()}."
            table = ""
        else:
            best, p_best = advice.ranking[0]
            mine = self.tray.kept()
            self.text = "\n".join((
                f"Best: {hold_words(best)}, a chance to win of {exact_text(p_best)}",
                f"Your hold: {hold_words(mine)}, " + (exact_text(advice.p(mine)) if len(mine) < len(dice) else
                                                     "no die to roll (let one go)"),
                f"The simple rule (keep what matches): {hold_words(advice.simple)}, "
                f"{exact_text(advice.p(advice.simple))}"))
            rows = "".join(f"<tr><td>{hold_words(h)}</td><td>{exact_text(p)}</td></tr>" for h, p in advice.ranking)
            left = f"{self.rolls_left.value} roll{'s' if self.rolls_left.value != 1 else ''} left"
            table = (f"<details><summary>Every hold, best first ({len(advice.ranking)} holds, {left})</summary>"
                     f"<table><tr><th>hold</th><th>chance to win</th></tr>{rows}</table></details>")
        self.report.value = as_html(self.text) + table
        self.roll.disabled = bool(self._cannot_roll())
        self.why.value = as_html(self._cannot_roll())


class DeckExplorer(Panel):
    """Press your luck with exact odds: turn cards of a seeded dungeon and watch the chances move.

    Choose what to carry and how many Gazes are out; *flip* turns a card (a battle or a trap is played out by
    the bold bot, and ends the delve); *new delve* shuffles again.

    >>> explorer = DeckExplorer(seed=3)
    >>> explorer.text.splitlines()[0]
    'P(alive after the next card) = 7285121903/8571080448 ≈ 85.00%'
    >>> explorer.carry.value = ("flame_bow",)   # a new delve, with the bow
    >>> explorer.text.splitlines()[0]
    'P(alive after the next card) = about 87.65%'
    >>> explorer.flip(); explorer.session.history[0]
    Flip()
    """

    title = "the deck explorer"

    def __init__(self, seed: int = 0, flips: int = 6):
        self.seed, self.flips, self.delves = seed, flips, 0
        self.carry = controls.Choices(options=CARRYABLE, description="carry", rows=len(CARRYABLE))
        self.gazes = controls.Slider(value=0, min=0, max=6, description="Gazes out")
        self.buttons = {name: controls.Button(description=name) for name in ("flip", "leave", "new delve")}
        self.report, self.log = widgets.HTML(), widgets.HTML()
        for name, action in (("flip", self.flip), ("leave", self.leave), ("new delve", self.new_delve)):
            self.buttons[name].on_click(guarded(action, self.report))
        self.charts = widgets.Output()
        self.figures = ()
        for control in (self.carry, self.gazes):
            control.observe(guarded(self.new_delve, self.report), names="value")
        self.new_delve(count=False)
        self.box = widgets.VBox([row([self.carry, self.gazes]), row(list(self.buttons.values())),
                                 self.report, self.charts, self.log])

    def new_delve(self, count: bool = True) -> None:
        self.delves += count
        state = practice_delve(tuple(self.carry.value), self.gazes.value, seed=self.seed + self.delves)
        self.session = Session(state, [bold_bot], seed=self.seed + self.delves)
        self._show()

    def flip(self) -> None:
        if self._delving():
            self.session.play(Flip())
            self.session.run_until(lambda s: s.phase == Phase.DELVE or s.turn > 1)
            self._show()

    def leave(self) -> None:
        if Leave() in self.session.state.legal_actions():
            self.session.play(Leave())
            self._show()

    def _delving(self) -> bool:
        return self.session.state.phase == Phase.DELVE and self.session.state.turn == 1

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
        self.log.value = log_html(state.log[start:][-12:], state.story, state.story.names(state.game))
        self.charts.outputs = ()
        for figure in self.figures:
            shown = widgets.Output()
            show_figure(shown, figure)
            self.charts.outputs += shown.outputs


def tournament_runner(seats: tuple[str, ...] = ("cautious", "bold"), games: int = 40, seed: int = 0):
    """A :class:`zaarlab.tournaments.widgets.TournamentRunner` for Zogar's Gaze's bots.

    >>> runner = tournament_runner(games=4)
    >>> runner.run(); runner.result.games, runner.progress.value
    (4, 4)
    """
    return TournamentRunner(lambda players: ZogarGame(players=players), BOTS, seats, games, seed, verdict)
