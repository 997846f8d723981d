"""Small helpers shared by every game's widgets: figures in outputs, text, callbacks that never fail silently,
option lists that always hold a valid choice, and the base of every widget panel.

Examples
--------
>>> status = widgets.HTML()
>>> def broken():
...     raise KeyError("no such room")
>>> guarded(broken, status)()
>>> "no such room" in status.value and "went wrong" in status.value
True
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable, Mapping, Sequence

import anywidget
import ipywidgets as widgets
import plotly.graph_objects as go

from ..core.play import Session
from ..core.rule_texts import RULE_ID, rule_text
from ..core.story import Event, Story
from . import controls
from .assets import asset
from .theme import PLOTLY_MIME, plotly_bundle  # noqa: F401 (PLOTLY_MIME: for the tests and doctests)

LOG = logging.getLogger("zaarlab.widgets")


class SliderHelp(anywidget.AnyWidget):
    """Invisible, shown by every :class:`Panel`; it helps the page's sliders in two ways.

    - It gives every slider the name of its label, so a screen reader announces "dice, 3" rather than "slider, 3"
      (ipywidgets leaves the slider's handle nameless).
    - It moves a slider from the keyboard itself: the arrow keys by a step, PageUp and PageDown by five, Home and
      End to its ends as they are now. The slider library in ipywidgets 8 (noUiSlider 15) keeps the range a slider
      was drawn with for Home and End, so after the kernel moved the ends (more dice) End went to the old end; and
      JupyterLite's lab takes the arrow keys for itself before a slider sees them. The new value goes through the
      slider's own readout: one message to the kernel, checked against the bounds there.
    """

    _esm = asset("slider_help.js")


class Panel:
    """The base of every zaarlab widget: shown in a notebook as its ``box``; before its cell is run (or where no
    widget can be drawn) as one readable line instead of ``VBox(children=(...``.

    Subclasses set ``self.box`` and a class attribute ``title``.

    >>> class Dice(Panel):
    ...     title = "the dice explorer"
    ...     def __init__(self):
    ...         self.box = widgets.VBox([])
    >>> Dice()._repr_mimebundle_()["text/plain"]
    'the dice explorer: run this cell to use it'
    """

    title = "a zaarlab widget"
    box: widgets.Box

    def _repr_mimebundle_(self, **kwargs) -> dict:
        shown = widgets.VBox([self.box, self._notice(), SliderHelp()])
        bundle = shown._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": f"{self.title}: run this cell to use it"}

    def __repr__(self) -> str:
        return f"<{self.title}>"

    def _notice(self) -> widgets.HTML:
        """Where the panel's controls say that a page sent a change they refused (:mod:`zaarlab.ui.controls`)."""
        if getattr(self, "_refusals", None) is None:
            self._refusals = widgets.HTML()
            self._refusals.add_class("zaarlab-refusals")
            stack = [self.box]
            while stack:
                widget = stack.pop()
                if isinstance(widget, controls.Guarded) and widget.notice is None:  # unless told elsewhere
                    widget.notice = self._refusals
                stack.extend(getattr(widget, "children", ()))
        return self._refusals


def row(children: Sequence[widgets.Widget]) -> widgets.HBox:
    """Widgets side by side where they fit, one under the other where they do not (a tablet, a phone): a row that
    wraps, never one that overflows its notebook or dashboard."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))


def guarded(action: Callable[[], object], report: widgets.HTML | widgets.Label) -> Callable[..., None]:
    """``action`` as a widget callback (it ignores the callback's arguments): any exception it raises is shown in
    ``report`` in words and logged, so a control never fails silently."""

    def callback(*_args) -> None:
        try:
            action()
        except Exception as exc:  # a callback's errors vanish in the browser otherwise
            LOG.exception("a widget callback failed")
            message = f"Something went wrong: {exc.args[0] if isinstance(exc, KeyError) and exc.args else exc}"
            report.value = as_html(message) if isinstance(report, widgets.HTML) else message

    return callback


def show(widget: widgets.DOMWidget, shown: bool) -> None:
    """Show ``widget`` in its own way, or take it out of the page. Shown is the display ``""``, not ``None``: the
    static site's kernel leaves a ``None`` out of the message to the page, so a widget once hidden stayed hidden.

    >>> box = widgets.HTML("hint")
    >>> show(box, False); box.layout.display
    'none'
    >>> show(box, True); box.layout.display
    ''
    """
    widget.layout.display = "" if shown else "none"


def set_options(dropdown: widgets.Dropdown, options: Sequence, prefer: Sequence = ()) -> None:
    """Give ``dropdown`` new ``options`` ((label, value) pairs or values) and always a valid value: the current one
    if it is still offered, else the first of ``prefer`` that is, else the first option (``None`` if there is
    none). The browser gets options and value in one message, so it cannot echo a stale value back.

    >>> menu = controls.Menu()
    >>> set_options(menu, [("one", 1), ("two", 2)]); menu.value
    1
    >>> set_options(menu, [("two", 2), ("three", 3)], prefer=[3]); menu.value
    3
    """
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    keep = dropdown.value if dropdown.value in values else next((v for v in prefer if v in values), None)
    with dropdown.hold_sync():
        dropdown.options = options
        dropdown.value = keep if keep is not None else (values[0] if values else None)


def set_range(slider: widgets.IntSlider, low: int, high: int, value: int) -> bool:
    """New bounds and value for ``slider`` (value clamped into the bounds), in one message to the browser and one
    notification of the value to its observers, after all three are set. Returns whether the value moved (its
    observers have then run).

    One message: a browser that got the new minimum alone would clamp its handle to it and send that value back,
    over the value the kernel chose. (Holding the notifications outside the sync would send each trait apart.)

    >>> slider, seen = controls.Slider(value=3, min=3, max=18), []
    >>> slider.observe(lambda change: seen.append(change.new), names="value")
    >>> set_range(slider, 4, 24, 14), (slider.min, slider.max, slider.value), seen
    (True, (4, 24, 14), [14])
    """
    before = slider.value
    with slider.hold_sync(), slider.hold_trait_notifications():
        if low > slider.max:  # keep min <= max at every step
            slider.max = high
            slider.min = low
        else:
            slider.min = low
            slider.max = high
        slider.value = min(max(value, low), high)
    return slider.value != before


def show_figure(output: widgets.Output, figure: go.Figure) -> None:
    """Replace what ``output`` shows with ``figure``, rendered by plotly's mimetype renderer.

    The output is written as data, not printed inside ``with output:``, so it behaves the same in
    JupyterLab, Voila, nbval and a plain test (where ``display`` has no kernel to talk to).

    >>> out = widgets.Output()
    >>> show_figure(out, go.Figure(go.Bar(x=[1], y=[2])))
    >>> out.outputs[0]["data"][PLOTLY_MIME]["data"][0]["y"]
    [2]
    """
    output.outputs = ({"output_type": "display_data", "data": plotly_bundle(figure), "metadata": {}},)


def as_html(text: str) -> str:
    """Plain text for an ``ipywidgets.HTML``: escaped, lines kept.

    >>> as_html("P(a < b) = 1/2")[-24:]
    '>P(a &lt; b) = 1/2</pre>'
    """
    style = "margin: 0; white-space: pre-wrap; word-break: normal; overflow-wrap: break-word"  # between words
    return f'<pre style="{style}">{html.escape(text)}</pre>'


def rule_tags(rules: Sequence[str]) -> str:
    """Rule IDs as small print, each with the rule's words on hover: where a reader meets a rule ID, its words are
    one hover away.

    >>> print(rule_tags(["ZOGAR-COMBAT-05"]))  # doctest: +ELLIPSIS
    <small class="zaarlab-rule" ... title="ZOGAR-COMBAT-05: Up to three rolls in total; ...">ZOGAR-COMBAT-05</small>
    """
    tags = []
    for rule in rules:
        words = rule_text(rule)
        title = html.escape(f"{rule}: {words}" if words else rule, quote=True)
        tags.append(f'<small class="zaarlab-rule" style="color: #5c5c5c" title="{title}">{html.escape(rule)}</small>')
    return " ".join(tags)


# a reconstruction's data file, or the IDs of the rules a rule rests on: for who edits the data, not for a player
_NOT_FOR_PLAYERS = re.compile(rf" \((?:\w+/[\w.]+\.yaml|{RULE_ID.pattern}(?:, {RULE_ID.pattern})*)\)"
                              rf"|, {RULE_ID.pattern}(?=\))")


def rule_details(rules: Sequence[str], summary: str = "") -> str:
    """The words of ``rules`` one click away (a touch screen has no hover): folded under ``summary`` (by default
    "the rule"), each ID small.

    >>> print(rule_details(["ZOGAR-COMBAT-05"]))  # doctest: +ELLIPSIS
    <details class="zaarlab-rules"><summary>the rule</summary><div>Up to three rolls in total; ... <small ...
    """
    if not rules:
        return ""
    shown = "".join(rule_html(rule) for rule in rules)
    return fold(summary or f'the rule{"s" if len(rules) > 1 else ""}', shown, "zaarlab-rules")


def rule_words(rule: str) -> str:
    """A rule's words as a player reads them: without the data files and rule IDs it rests on.

    >>> rule_words("ZOGAR-COMBAT-05")
    'Up to three rolls in total; after a roll any dice may be held and the rest rerolled.'
    >>> rule_words("ZAAR-ROOM-10")[-55:]
    'stays in the room (and so risks the two-turn collapse).'
    """
    return _NOT_FOR_PLAYERS.sub("", rule_text(rule)) or "a rule of the game"


def rule_html(rule: str) -> str:
    """One rule on a line: its words, then its ID in small print."""
    return f"<div>{html.escape(rule_words(rule))} {rule_tags([rule])}</div>"


def fold(summary: str, inner: str, kind: str = "") -> str:
    """``inner`` (HTML) folded under the words ``summary``, opened by a click (or a touch).

    >>> fold("what is wrong with it", "a &lt; b")
    '<details><summary>what is wrong with it</summary>a &lt; b</details>'
    """
    shown_as = f' class="{kind}"' if kind else ""
    return f"<details{shown_as}><summary>{html.escape(summary)}</summary>{inner}</details>"


def line_html(words: str, rules: Sequence[str]) -> str:
    """One line of a story or log: its words, then its rule IDs small and grey, each with the rule's words on hover.

    >>> line_html("a < b", ())
    '<div>a &lt; b</div>'
    """
    return f"<div>{html.escape(words)}{' ' + rule_tags(rules) if rules else ''}</div>"


def log_html(events: Sequence[Event], story: Story, names: Mapping[str, str] = {}) -> str:  # noqa: B006 (read only)
    """Log events for an HTML widget: each in the game's words, its rule IDs small and grey at its end."""
    shown = "".join(line_html(story.words(told, names), told.rules) for told in events)
    return f'<div style="font-family: monospace; white-space: pre-wrap">{shown}</div>'


class GameViewer(Panel):
    """Step through a seeded game: bots (or you) move; the status, a figure and the rule-by-rule log follow.

    Each game subclasses it with :meth:`describe` (a status line) and :meth:`draw` (a figure, or ``None``).
    ``seat``: a player index you play yourself (pick your move in the list and press *play*), or ``None``.
    When it is your turn the list holds your legal moves, the first one chosen.
    """

    title = "the game viewer"

    def __init__(self, game, bots: Sequence[Callable | None], seed: int = 0, seat: int | None = None,
                 log_lines: int = 14):
        bots = [None if player == seat else bot for player, bot in enumerate(bots)]
        self.session = Session(game.initial_state(), bots, seed=seed)
        self.log_lines = log_lines
        self.buttons = {name: controls.Button(description=name) for name in ("step", "next turn", "undo", "play")}
        self.choice = controls.Menu(description="your move", layout=widgets.Layout(width="60%"))
        self.status, self.log = widgets.HTML(), widgets.HTML()
        self.log.add_class("zaarlab-log")
        for name, action in (("step", self.step), ("next turn", self.to_next_turn), ("undo", self.undo),
                             ("play", self.play_chosen)):
            self.buttons[name].on_click(guarded(action, self.status))
        self.map = widgets.Output()
        self.figure = None
        self.refresh()
        self.box = widgets.VBox([
            row([self.buttons["step"], self.buttons["next turn"], self.buttons["undo"]]),
            row([self.choice, self.buttons["play"]]), self.status, self.map, self.log,
        ])

    def describe(self, state) -> str:
        """The status line under the buttons."""
        return str(state)

    def draw(self, state) -> go.Figure | None:
        """The figure of the position, or ``None`` for none."""
        return None

    def step(self) -> None:
        self.session.step()
        self.refresh()

    def to_next_turn(self) -> None:
        turn = self.session.state.turn
        self.session.run_until(lambda state: state.turn > turn)
        self.refresh()

    def undo(self) -> None:
        self.session.undo()
        self.refresh()

    def play_chosen(self) -> None:
        if self.session.waiting_for_person() and self.choice.value is not None:
            self.session.play(self.choice.value)
            self.refresh()

    def refresh(self) -> None:
        state = self.session.state
        waiting = self.session.waiting_for_person()
        names = state.story.names(state.game)
        set_options(self.choice, [(a.words(names), a) for a in state.legal_actions()] if waiting else [])
        self.choice.disabled = self.buttons["play"].disabled = not waiting
        self.text = self.describe(state)
        self.status.value = as_html(self.text)
        self.log.value = log_html(state.log[-self.log_lines:], state.story, names)
        self.figure = self.draw(state)
        if self.figure is not None:
            show_figure(self.map, self.figure)
