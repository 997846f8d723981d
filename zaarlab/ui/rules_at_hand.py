"""The rules beside a game's board: the sections of the rules the phase being played follows, folded under one line,
and a search over all of the game's rules by the words typed.

>>> rules = RulesAtHand()
>>> rules.follow("zogars_gaze", ("MARKET",))
>>> "the rules now: Market" in rules.shown.value, "one of the two face-up market cards" in rules.shown.value
(True, True)
>>> rules.search.value = "shuffled"
>>> print(rules.text.splitlines()[0])
7 rules say "shuffled":
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ..core.rule_texts import rule_sections
from ..core.story import counted
from . import controls
from .panel import fold, rule_html, rule_words

MOST_FOUND = 12  # the rules a search lists; more are counted
MOST_WORDS = 6  # the words of a search looked for


class RulesAtHand:
    """A search box over the rules of the game at the table (:meth:`follow`), and under it the sections the phase
    being played follows, folded; typed words list every rule that says them all instead."""

    def __init__(self) -> None:
        self.search = controls.TextBox(description="search the rules", placeholder="a word: attack, dice, cut...",
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="min(100%, 420px)"))
        self.shown = widgets.HTML()
        self.shown.add_class("zaarlab-rules-at-hand")
        self.box = widgets.VBox([self.search, self.shown])
        self.game, self.codes, self.text = "", (), ""
        self.search.observe(lambda change: self.show(), names="value")

    def follow(self, game: str, codes: Sequence[str]) -> None:
        """Show the rules of ``game`` that the phase being played follows (``codes``: sections, ``"MARKET"``), drawn
        again only when they change (a section opened stays open while its phase lasts)."""
        if (game, tuple(codes)) != (self.game, self.codes):
            self.game, self.codes = game, tuple(codes)
            self.show()

    def show(self) -> None:
        words = self.search.value.lower().split()[:MOST_WORDS]
        sections = rule_sections(self.game)
        if words:
            found = [(rule, text) for section in sections for rule, text in section.rules
                     if all(word in f"{text} {rule}".lower() for word in words)]
            said = " ".join(words)
            head = (f'No rule says "{said}": try another word.' if not found else
                    f'{counted("rule")(len(found), {})} say{"s" if len(found) == 1 else ""} "{said}"'
                    + (f" (the first {MOST_FOUND}):" if len(found) > MOST_FOUND else ":"))
            listed = found[:MOST_FOUND]
            self.shown.value = _lines(f"<div>{html.escape(head)}</div>"
                                      + "".join(rule_html(rule) for rule, _ in listed))
            self.text = "\n".join([head, *(rule_words(rule) for rule, _ in listed)])
            return
        now = [section for section in sections if set(section.codes) & set(self.codes)]
        if not now:
            self.shown.value = self.text = ""
            return
        titles = ", ".join(section.title for section in now)
        self.shown.value = _lines(fold(f"the rules now: {titles}",
                                       "".join(rule_html(rule) for section in now for rule, _ in section.rules),
                                       "zaarlab-rules"))
        self.text = "\n".join([f"the rules now: {titles}",
                               *(rule_words(rule) for section in now for rule, _ in section.rules)])


def _lines(inner: str) -> str:
    """Rules one under the other, spaced as text is (a widget's HTML spaces its lines as wide as a control)."""
    return f'<div style="line-height: 1.4">{inner}</div>'
