"""Zargos 1's exercises: each drawn question's answer checked, for many students, against the planet's graph read
here apart (its edges, with a breadth-first search of our own over the sea spaces)."""

from collections import deque
from fractions import Fraction

import pytest

from zaarlab.zargos.board import ZARGOS, load_planet
from zaarlab.zargos.map_exercises import MAP_EXERCISES

STUDENTS = [f"student {i}" for i in range(40)]
PLANET = load_planet()
GRAPH = PLANET.graph


def land(province: str) -> set[str]:
    return {n for n in GRAPH.neighbors(province) if GRAPH[province][n]["kind"] == "land"}


def seas(node: str) -> set[str]:
    return {n for n in GRAPH.neighbors(node) if GRAPH.nodes[n]["type"] == "sea"}


def boats(origin: str, target: str) -> int | None:
    """ZARGOS-SEA-02, -07: one boat a sea space, from a sea next to the origin to one next to the target."""
    start, goal = seas(origin), seas(target)
    depth, queue = {sea: 1 for sea in start}, deque(start)
    while queue:
        sea = queue.popleft()
        if sea in goal:
            return depth[sea]
        for nxt in seas(sea) - depth.keys():
            depth[nxt] = depth[sea] + 1
            queue.append(nxt)
    return None


@pytest.mark.parametrize("exercise", MAP_EXERCISES, ids=[e.id for e in MAP_EXERCISES])
def test_zargos_sea_02_every_students_answer_is_what_the_graph_read_here_gives(exercise):
    seen = set()
    for name in STUDENTS:
        question = exercise.for_student(name)
        params = question.params
        seen.add(question.text)
        if exercise.id == "zargos-neighbours":
            assert question.answer == len(targets(params["held"]))
        elif exercise.id == "zargos-boats":
            needed = boats(*params["route"])
            assert needed >= 2 and question.answer == (params["points"] - 5 * needed) // 2 >= 1  # ZARGOS-BUY-02, -03
            assert {m.value for m in question.mistakes} == {(params["points"] - 5 * n) // 2 for n in (
                needed - 1, needed + 1)} | {params["points"] // 2}
        elif exercise.id == "zargos-coastal":
            attacked = targets(params["held"])
            assert question.answer == Fraction(sum(bool(seas(p)) for p in attacked), len(attacked))
        elif exercise.id == "zargos-cheaper":
            a, b = (boats(params["origin"], target) for target in params["targets"])
            assert question.answer == ("the same" if a == b else "A" if a < b else "B")
        else:
            counts = [len(land(p)) for p in params["provinces"]]
            assert question.answer == tuple(sorted("ABC", key=lambda letter: -counts["ABC".index(letter)]))
        assert all(PLANET.kingdom_of(p) != ZARGOS and f"{PLANET.names[p]} ({p})" in question.text
                   for p in _named(params))  # each by its name, the id the explorer lists beside it
        assert "zaarlab's reconstruction" in question.text
    assert len(seen) >= 5


def targets(held) -> set[str]:
    """ZARGOS-LAND-01: a province bordering one held by land, not held."""
    return {n for p in held for n in land(p)} - set(held)


@pytest.mark.rule("ZARGOS-LAND-01")
def test_zargos_land_01_the_targets_counted_twice_or_with_ones_own_are_the_mistakes_named():
    for name in STUDENTS:
        question = next(e for e in MAP_EXERCISES if e.id == "zargos-neighbours").for_student(name)
        held = question.params["held"]
        expected = {sum(len(land(p)) for p in held), len({n for p in held for n in land(p)})}
        assert {m.value for m in question.mistakes} == expected - {question.answer}


def _named(params: dict) -> list[str]:
    """The provinces a question names."""
    named = [*params.get("held", ()), *params.get("route", ()), params.get("origin"), *params.get("targets", ()),
             *params.get("provinces", ())]
    return [p for p in named if p]
