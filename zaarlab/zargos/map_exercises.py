"""Zargos 1's exercises: the planet as a graph, checked exactly (the API is :mod:`zaarlab.teaching.exercises`).

Five questions, their provinces drawn for each student, answered from the map (the notebook's map or the province
explorer): how many provinces border one by land, the fewest boats for a sea attack, the chance that a province of a
kingdom picked at random is coastal, which of two targets is cheaper by sea, and three provinces ranked by their
land borders. The planet is zaarlab's reconstruction (the rulebook prints no map), and every question says so.

>>> question = MAP_EXERCISES[1].for_student("Ada")
>>> print(question.text)  # doctest: +ELLIPSIS
On the planet (zaarlab's reconstruction), what is the fewest number of boats for a sea attack from ... to ...?
>>> question.check(question.answer_text).right
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from ..core.readable import exact_text
from ..teaching.exercises import Exercise, Question
from .board import ZARGOS, load_planet

ON = "On the planet (zaarlab's reconstruction), "


def _outer() -> list[str]:
    """The provinces outside the Kingdom of Zargos, sorted: those a question may name."""
    planet = load_planet()
    return sorted(p for p in planet.provinces if planet.kingdom_of(p) != ZARGOS)


def _named(place: str) -> str:
    """A place by its name, its id beside it (the province explorer lists both; the map names it on hover)."""
    return f"{load_planet().names[place]} ({place})"


def _neighbours(params: dict) -> Question:
    province = params["province"]
    around = load_planet().land_neighbours(province)
    return Question(
        f"{ON}how many provinces border {_named(province)} by land?", len(around),
        "Look at the map (or pick the province in the explorer): count the provinces that share a border with it, "
        "not the sea spaces.",
        f"{len(around)}: {', '.join(map(_named, around))}.", params, explainer=_explorer(province))


def _boats(params: dict) -> Question:
    origin, target = params["route"]
    planet = load_planet()
    route = planet.sea_route(origin, target)
    return Question(
        f"{ON}what is the fewest number of boats for a sea attack from {_named(origin)} to {_named(target)}?",
        len(route), "One boat for each sea space crossed: start in a sea space next to the origin, land from one next "
        "to the target.", f"{len(route)}: by {', then '.join(map(_named, route))}.", params,
        explainer=_explorer(origin))


def _coastal(params: dict) -> Question:
    planet = load_planet()
    kingdom = planet.kingdoms[params["kingdom"]]
    coast = [p for p in kingdom.provinces if planet.is_coastal(p)]
    p = Fraction(len(coast), len(kingdom.provinces))
    return Question(
        f"{ON}a province of {kingdom.name} (named on the map) is picked at random, each alike. What is the chance "
        "that it borders a sea space (the lake counts)?", p,
        f"Count the provinces of {kingdom.name}, then those that touch the water.",
        f"{len(coast)} of its {len(kingdom.provinces)} provinces ({', '.join(map(_named, coast))}): {exact_text(p)}.",
        params)


def _cheaper(params: dict) -> Question:
    origin, (a, b) = params["origin"], params["targets"]
    planet = load_planet()
    boats = {"A": planet.boats_needed(origin, a), "B": planet.boats_needed(origin, b)}
    return Question(
        f"{ON}which attack from {_named(origin)} needs fewer boats? A: to {_named(a)}; B: to {_named(b)}.",
        min(boats, key=boats.get),
        "Find the shortest way by water to each, counting the sea spaces.",
        f"A: {boats['A']} boat{'s' * (boats['A'] != 1)}; B: {boats['B']} boat{'s' * (boats['B'] != 1)}.", params,
        ("A", "B"), _explorer(origin))


def _rank(params: dict) -> Question:
    provinces, letters = params["provinces"], "ABC"
    borders = {letter: len(load_planet().land_neighbours(p)) for letter, p in zip(letters, provinces, strict=True)}
    order = tuple(sorted(letters, key=borders.get, reverse=True))
    return Question(
        f"{ON}rank these provinces by how many provinces border them by land, the most first: " + "; ".join(
            f"{letter}: {_named(p)}" for letter, p in zip(letters, provinces, strict=True)) + ".", order,
        "Count each one's land borders on the map.",
        "; ".join(f"{letter} ({_named(provinces[letters.index(letter)])}): {borders[letter]}" for letter in order)
        + ".",
        params, explainer=_explorer(provinces[0]))


def _explorer(province: str) -> tuple:
    """The province explorer on ``province``: its neighbours, its sea routes, the map ringed."""
    return ("province", {"province": province})


def _draw_route(rng: random.Random) -> dict:
    """Two coastal provinces a sea attack joins, two boats or more apart (one boat is read at a glance)."""
    planet = load_planet()
    coast = [p for p in _outer() if planet.is_coastal(p)]
    while True:
        origin, target = rng.sample(coast, 2)
        if (planet.boats_needed(origin, target) or 0) >= 2:
            return {"route": [origin, target]}


def _draw_targets(rng: random.Random) -> dict:
    """A coastal origin and two targets it reaches by sea for different numbers of boats."""
    planet = load_planet()
    coast = [p for p in _outer() if planet.is_coastal(p)]
    while True:
        origin = rng.choice(coast)
        reach = {p: n for p, n in planet.sea_routes_from(origin).items() if p in coast}
        targets = rng.sample(sorted(reach), 2) if len(reach) >= 2 else []
        if targets and reach[targets[0]] != reach[targets[1]]:
            return {"origin": origin, "targets": targets}


def _draw_ranked(rng: random.Random) -> dict:
    """Three provinces with different numbers of land borders."""
    planet = load_planet()
    while True:
        provinces = rng.sample(_outer(), 3)
        if len({len(planet.land_neighbours(p)) for p in provinces}) == 3:
            return {"provinces": provinces}


MAP_EXERCISES: Sequence[Exercise] = (
    Exercise("zargos-neighbours", "Neighbours by land", lambda rng: {"province": rng.choice(_outer())},
             _neighbours),
    Exercise("zargos-boats", "Boats for a sea attack", _draw_route, _boats),
    Exercise("zargos-coastal", "A coastal province",
             lambda rng: {"kingdom": rng.choice(sorted(k for k in load_planet().kingdoms if k != ZARGOS))}, _coastal),
    Exercise("zargos-cheaper", "The cheaper crossing", _draw_targets, _cheaper),
    Exercise("zargos-rank-borders", "Rank by borders", _draw_ranked, _rank),
)
"""Zargos 1's exercises (the planet as a graph)."""
