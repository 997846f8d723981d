"""Zargos 1's exercises: the planet as a graph, checked exactly (the API is :mod:`zaarlab.teaching.exercises`).

Five questions, their provinces drawn for each student, answered from the map (the notebook's map or the province
explorer): how many provinces a people holding a few can attack by land, the units left to buy after the fewest
boats for a sea attack, the share of those targets on the water, which of two targets is cheaper by sea, and three
provinces ranked by their land borders. The planet is zaarlab's reconstruction (the rulebook prints no map), and
every question says so.

>>> question = MAP_EXERCISES[1].for_student("Ada")
>>> print(question.text)  # doctest: +ELLIPSIS
On the planet (zaarlab's reconstruction), you have ... points to spend; ... How many units?
>>> question.check(question.answer_text).right
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from ..core.readable import exact_text
from ..core.story import joined
from ..teaching.exercises import (
    ADDED,
    COMPLEMENT,
    OFF_BY_ONE,
    OTHER_RULE,
    PAIR,
    SAME,
    Exercise,
    Mistake,
    Question,
    compared,
    evenly,
    in_order,
)
from .board import ZARGOS, load_planet
from .upkeep import BOAT_COST, UNIT_COST

ON = "On the planet (zaarlab's reconstruction), "


def _outer() -> list[str]:
    """The provinces outside the Kingdom of Zargos, sorted: those a question may name."""
    planet = load_planet()
    return sorted(p for p in planet.provinces if planet.kingdom_of(p) != ZARGOS)


def _named(place: str) -> str:
    """A place by its name, its id beside it (the province explorer lists both; the map names it on hover)."""
    return f"{load_planet().names[place]} ({place})"


def attack_targets(held: Sequence[str]) -> list[str]:
    """The provinces a people holding ``held`` can attack by land: each borders one of them, and is not one of them
    (ZARGOS-LAND-01).

    >>> attack_targets(["KORI-1"]) == sorted(load_planet().land_neighbours("KORI-1"))
    True
    """
    planet = load_planet()
    return sorted({n for province in held for n in planet.land_neighbours(province)} - set(held))


def _held(held: Sequence[str]) -> str:
    return joined(map(_named, held))


def _neighbours(params: dict) -> Question:
    held = params["held"]
    targets = attack_targets(held)
    each = sum(len(load_planet().land_neighbours(p)) for p in held)
    return Question(
        f"{ON}your people hold {_held(held)}. How many provinces can they attack by land (a province that borders one "
        "of theirs and is not theirs)?", len(targets),
        "List the land neighbours of each of your provinces, cross out your own, and count each one left once.",
        f"{len(targets)}: {', '.join(map(_named, targets))}.", params, explainer=_targets(held),
        mistakes=(Mistake(ADDED, "that adds each province's neighbours: a province next to two of yours counts once, "
                                 "and your own are not targets", each),
                  Mistake(OTHER_RULE, "that counts your own provinces among the targets: a people attacks others",
                          len({n for p in held for n in load_planet().land_neighbours(p)}))))


def _boats(params: dict) -> Question:
    (origin, target), points = params["route"], params["points"]
    planet = load_planet()
    route = planet.sea_route(origin, target)
    units = (points - len(route) * BOAT_COST) // UNIT_COST
    return Question(
        f"{ON}you have {points} points to spend; a boat costs {BOAT_COST} and a unit {UNIT_COST} (the box holds "
        f"enough of each). You buy the fewest boats for a sea attack from {_named(origin)} to {_named(target)}, then "
        "as many units as the points left buy. How many units?", units,
        "One boat for each sea space crossed: start in a sea space next to the origin, land from one next to the "
        "target. Pay for the boats first.",
        f"{len(route)} boat{'s' * (len(route) > 1)}, by {', then '.join(map(_named, route))}: {len(route)} × "
        f"{BOAT_COST} = {len(route) * BOAT_COST} points; {points - len(route) * BOAT_COST} points left buy {units} "
        "units.", params, explainer=_explorer(origin), mistakes=(
            *(Mistake(OFF_BY_ONE, f"that buys {n} boat{'s' * (n != 1)}: the fewest is {len(route)}, one a sea space",
                      (points - n * BOAT_COST) // UNIT_COST) for n in (len(route) - 1, len(route) + 1)),
            Mistake(OTHER_RULE, "that spends every point on units: the boats are paid first", points // UNIT_COST)))


def _coastal(params: dict) -> Question:
    planet = load_planet()
    held = params["held"]
    targets = attack_targets(held)
    coast = [p for p in targets if planet.is_coastal(p)]
    p = Fraction(len(coast), len(targets))
    everywhere = Fraction(sum(map(planet.is_coastal, planet.provinces)), len(planet.provinces))
    return Question(
        f"{ON}your people hold {_held(held)}. Of the provinces they can attack by land (a province that borders one "
        "of theirs and is not theirs), what share borders a sea space (the lake counts)? Give it as a fraction, a "
        "decimal or a percent.", p,
        "List the provinces they can attack, then count those that touch the water.",
        f"{len(coast)} of the {len(targets)} provinces they can attack ({', '.join(map(_named, coast)) or 'none'}): "
        f"{exact_text(p)}.", params, explainer=_targets(held),
        mistakes=(Mistake(OTHER_RULE, "that is the share of the whole planet's provinces on the water: the question "
                                      "asks about the provinces they can attack", everywhere),
                  Mistake(COMPLEMENT, "that is the share away from the water: take it from 1", 1 - p)))


def _cheaper(params: dict) -> Question:
    origin, (a, b) = params["origin"], params["targets"]
    planet = load_planet()
    boats = {"A": planet.boats_needed(origin, a), "B": planet.boats_needed(origin, b)}
    return Question(
        f"{ON}which attack from {_named(origin)} needs fewer boats? A: to {_named(a)}; B: to {_named(b)}; or do both "
        f"need {SAME} number?", compared(-boats["A"], -boats["B"]),  # fewer is the answer
        "Find the shortest way by water to each, counting the sea spaces.",
        f"A: {boats['A']} boat{'s' * (boats['A'] != 1)}; B: {boats['B']} boat{'s' * (boats['B'] != 1)}.", params,
        PAIR, _explorer(origin))


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


def _targets(held: Sequence[str]) -> tuple:
    """The map with the provinces ``held`` marked and those they can attack by land outlined."""
    return ("targets", {"held": list(held)})


def _explorer(province: str) -> tuple:
    """The province explorer on ``province``: its neighbours, its sea routes, the map ringed."""
    return ("province", {"province": province})


def _draw_route(rng: random.Random) -> dict:
    """Two coastal provinces a sea attack joins, two boats or more apart (one boat is read at a glance), and the
    points to spend: enough for the boats and a unit or more."""
    planet = load_planet()
    coast = [p for p in _outer() if planet.is_coastal(p)]
    while True:
        origin, target = rng.sample(coast, 2)
        boats = planet.boats_needed(origin, target) or 0
        if boats >= 2:
            return {"route": [origin, target], "points": rng.randint(boats * BOAT_COST + UNIT_COST, 36)}


def _draw_held(rng: random.Random) -> dict:
    """Two to four provinces a people holds, outside the Kingdom of Zargos."""
    return {"held": sorted(rng.sample(_outer(), rng.randint(2, 4)))}


def _draw_shore(rng: random.Random) -> dict:
    """Provinces held (:func:`_draw_held`) whose targets lie some on the water, some inland."""
    planet = load_planet()
    while True:
        params = _draw_held(rng)
        if len({planet.is_coastal(p) for p in attack_targets(params["held"])}) == 2:
            return params


def _draw_targets(rng: random.Random) -> dict:
    """A coastal origin and two targets it reaches by sea; A, B and "the same" (number of boats) are each the answer
    for a third of the students."""
    planet = load_planet()
    coast = [p for p in _outer() if planet.is_coastal(p)]
    answer = rng.choice(PAIR)
    while True:
        origin = rng.choice(coast)
        reach = {p: n for p, n in planet.sea_routes_from(origin).items() if p in coast}
        targets = rng.sample(sorted(reach), 2) if len(reach) >= 2 else []
        if targets and (reach[targets[0]] == reach[targets[1]]) == (answer == SAME):
            return {"origin": origin, "targets": in_order(answer, targets, key=lambda target: -reach[target])}


def _draw_ranked(rng: random.Random) -> dict:
    """Three provinces with different numbers of land borders."""
    planet = load_planet()
    while True:
        provinces = rng.sample(_outer(), 3)
        if len({len(planet.land_neighbours(p)) for p in provinces}) == 3:
            return {"provinces": provinces}


MAP_EXERCISES: Sequence[Exercise] = (
    Exercise("zargos-neighbours", "Provinces to attack", evenly(
        _draw_held, lambda params: len(attack_targets(params["held"])), range(4, 16)), _neighbours),
    Exercise("zargos-boats", "Boats, then units", _draw_route, _boats),
    Exercise("zargos-coastal", "Targets on the water", _draw_shore, _coastal),
    Exercise("zargos-cheaper", "The cheaper crossing", _draw_targets, _cheaper),
    Exercise("zargos-rank-borders", "Rank by borders", _draw_ranked, _rank),
)
"""Zargos 1's exercises (the planet as a graph)."""
