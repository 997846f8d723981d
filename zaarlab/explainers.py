"""What a worked solution opens to show why (:mod:`zaarlab.lessons`): a widget of zaarlab set to the
question's own numbers (the dice-sum explorer, the hold advisor, the province explorer, the battle calculator, the
collection builder), or, where no widget computes the answer, a chart drawn for it (:class:`Drawn`).

A question names its explainer as data, ``(kind, settings)`` (:attr:`zaarlab.teaching.exercises.Question.explainer`),
so that the exercise modules stay free of widgets; each kind's module is imported when a solution first opens it, and
none of them imports sympy (the static site's exercises page has none).

It aggregates the games (it opens their widgets), so it sits at the top of the package beside :mod:`zaarlab.lessons`
and :mod:`zaarlab.cli`; :mod:`zaarlab.teaching` below never imports a game.

>>> from zaarlab.teaching.exercises import DICE_EXERCISES
>>> panel = explainer(DICE_EXERCISES[0].for_student("Ada"))
>>> panel.title, panel.at_least.value
('the dice-sum explorer', 9)
"""

from __future__ import annotations

import ipywidgets as widgets

from .teaching.exercises import Question
from .ui.panel import Panel, as_html, show_figure

__all__ = ["EXPLAINERS", "Drawn", "explainer"]


def _dice_sums(settings: dict) -> Panel:
    from .intro.widgets import DiceSumExplorer

    panel = DiceSumExplorer(dice=settings["dice"], faces=settings["faces"])
    panel.at_least.value = settings["at_least"]
    return panel


def _hold_advisor(settings: dict) -> Panel:
    from .zogars_gaze.widgets import HoldAdvisor

    panel = HoldAdvisor(settings["requirement"], tuple(settings["dice"]), settings["rolls_left"])
    kept, held = list(settings["kept"]), []
    for face in settings["dice"]:  # the question's hold: the first dice showing the faces kept
        held.append(face in kept)
        if face in kept:
            kept.remove(face)
    panel.tray.held = held
    return panel


def _battle(settings: dict) -> Panel:
    from .zargos.widgets import BattleCalculator

    return BattleCalculator(settings["attackers"], settings["defenders"], heatmap_size=10)  # the exercises' sizes


def _province(settings: dict) -> Panel:
    from .zargos.widgets import ProvinceExplorer

    return ProvinceExplorer(province=settings["province"])


def _collection(settings: dict) -> Panel:
    from .zerzura.widgets import CollectionBuilder

    panel = CollectionBuilder()
    for obj, quantity in settings["quantities"].items():
        panel.quantity[obj].value = quantity
    for character in settings["characters"]:
        panel.character[character].value = True
    return panel


class Drawn(Panel):
    """Charts that show why, with their point in a line of words above them (a solution's, where no widget of zaarlab
    computes the answer but a drawing shows it)."""

    def __init__(self, title: str, text: str, *figures):
        self.title, self.text, self.figures = title, text, figures
        self.charts = [widgets.Output() for _ in figures]
        for chart, figure in zip(self.charts, figures, strict=True):
            show_figure(chart, figure)
        self.box = widgets.VBox([widgets.HTML(as_html(text)), *self.charts])


def _walk(settings: dict) -> Panel:
    from .zaar.figures import walk_figure
    from .zaar.mansion_exercises import lettered_mansion

    mansion, letters = lettered_mansion(settings["seed"])
    start = next(cell for cell, letter in letters.items() if letter == settings["room"])
    walked = settings.get("walked", 0)
    told = (f"the ways a pawn in room {settings['room']} can walk exactly {walked} moves to it" if walked else
            f"the fewest moves to it from room {settings['room']} (where the pawn stands)")
    return Drawn("the mansion's door graph", f"Each room's letter, then {told}; a line is a door.",
                 walk_figure(mansion, letters, start, walked))


def _next_card(settings: dict) -> Panel:
    from .zogars_gaze.deck_exercises import deck_state
    from .zogars_gaze.figures import next_card_figure

    state = deck_state(settings["turned"], settings["seed"])
    return Drawn("the chart of the next card", f"The next card's kind, each bar the share of the {len(state.dungeon)} "
                 "cards left (hover over one for its exact chance).", next_card_figure(state))


def _two_cards(settings: dict) -> Panel:
    from .zogars_gaze.deck_exercises import NAMES, unseen
    from .zogars_gaze.figures import two_cards_figure

    left, kind = unseen(settings["turned"], settings["seed"]), settings["kind"]
    name, plural = NAMES[kind]
    return Drawn("the two cards, one after the other", f"The first card is a {name} with {left[kind]} of the "
                 f"{sum(left.values())} cards unseen; after one, {left[kind] - 1} of {sum(left.values()) - 1} are left "
                 "for the second.", two_cards_figure(name, plural, left[kind], sum(left.values())))


def _gazes_among(settings: dict) -> Panel:
    from .zogars_gaze.figures import gazes_among_figure

    unseen, gazes, cards, needed = (settings[key] for key in ("unseen", "gazes", "cards", "needed"))
    return Drawn("the Gazes among the cards turned", f"How many of the {gazes} Gazes among the {unseen} cards unseen "
                 f"the next {cards} hold: {needed} or more and the seventh Gaze comes.",
                 gazes_among_figure(unseen, gazes, cards, needed))


def _letters(items: list) -> list[str]:
    """The letters a question gives its options (A, B, C), or one empty name for a question of one."""
    return list("ABC"[:len(items)]) if len(items) > 1 else [""]


def _throws(settings: dict) -> Panel:
    from .zaar.exercises import number_throws, requirement_words
    from .zaar.figures import throws_figure
    from .zaar.raml import Requirement

    codes, warrior = settings["codes"], settings.get("warrior", False)
    lettered = list(zip(_letters(codes), codes, strict=True))
    return Drawn("the 64 throws of the number dice", "; ".join(
        f"{letter + ': ' if letter else ''}{requirement_words(code)}: {number_throws(code, warrior)} of the 64 throws"
        for letter, code in lettered) + (" (for the Warrior, any die read by its backside too)." if warrior else "."),
        *(throws_figure(Requirement.from_text(code), letter or "Your requirement", warrior)
          for letter, code in lettered))


def _targets(settings: dict) -> Panel:
    from .zargos.board import load_planet
    from .zargos.figures import planet_figure
    from .zargos.map_exercises import attack_targets

    planet, held = load_planet(), settings["held"]
    targets = attack_targets(held)
    return Drawn("the map of your provinces' targets",
                 f"Your provinces (marked ●): {', '.join(planet.names[p] for p in held)}; the {len(targets)} "
                 f"provinces they can attack by land, outlined: {', '.join(planet.names[p] for p in targets)}.",
                 planet_figure(planet, highlight=tuple(targets), held=tuple(held),
                               title="Your provinces (●) and the provinces to attack (outlined)"))


def _leads(settings: dict) -> Panel:
    from .zerzura.figures import leads_figure
    from .zerzura.play_exercises import after
    from .zerzura.scoring import score

    mine, theirs, moves = settings["mine"], settings["theirs"], [tuple(move) for move in settings["moves"]]
    scores = [("now", score(mine).total, score(theirs).total)]
    for letter, move in zip(_letters(moves), moves, strict=True):
        new_mine, new_theirs = after(move, mine, theirs)
        scores.append((f"after {letter or 'the move'}", score(new_mine).total, score(new_theirs).total))
    return Drawn("the scores before and after", "Your score and player 2's, now and after each move; the lead is "
                 "the gap between them: " + "; ".join(f"{label}: {yours - theirs:+d}"
                                                       for label, yours, theirs in scores) + ".",
                 leads_figure(scores))


# The widgets a solution opens, by a question's ``explainer`` kind, each set to the question's numbers. Imported when
# first opened: a page of exercises starts without them.
EXPLAINERS = {"dice_sums": _dice_sums, "hold_advisor": _hold_advisor, "battle": _battle, "province": _province,
              "collection": _collection, "walk": _walk, "next_card": _next_card, "throws": _throws, "leads": _leads,
              "targets": _targets, "two_cards": _two_cards, "gazes_among": _gazes_among}


def explainer(question: Question) -> Panel | None:
    """The widget that shows why ``question``'s answer is what it is, set to its numbers (``None`` for a question
    whose worked solution is its own explanation).

    >>> from zaarlab.teaching.exercises import DICE_EXERCISES
    >>> explainer(DICE_EXERCISES[0].for_student("Ada")).answer.value
    'P(sum of 2d6 ≥ 9) = 5/18 ≈ 27.78%'
    """
    if not question.explainer:
        return None
    kind, settings = question.explainer
    return EXPLAINERS[kind](settings)
