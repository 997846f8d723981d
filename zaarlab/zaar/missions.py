"""The placement missions of Zaar, found in the mansion's graphs (ZAAR-MISSION-02..07).

Each mission is a pattern of rooms; :func:`instances` lists every set of rooms that forms it, using the door
graph (rooms joined door to door) and the adjacency graph (rooms that touch) of :class:`~.board.Mansion`:

- **bloody corridor**: four bloody rooms in a straight line, each door-joined to the next; the two middle rooms
  therefore have doors on opposite sides (ZAAR-MISSION-03);
- **humid pair**: a humid room with plaque A door-joined to a humid room with plaque B (ZAAR-MISSION-04);
- **windy trio**: windy rooms with plaques A, B and D touching, doors or not: a chain (AMB-Z01 a), or all three
  touching each other with ``windy_mutual`` (AMB-Z01 b) (ZAAR-MISSION-05);
- **smoggy triangle**: three smoggy rooms each door-joined to the other two, a triangle in the door graph
  (AMB-Z02) (ZAAR-MISSION-06);
- **four types**: a humid, a smoggy, a windy and a bloody room close together (touching as one group) and
  door-connected, even through other rooms (AMB-Z17) (ZAAR-MISSION-07).

A room counts toward at most one mission (ZAAR-MISSION-02): :func:`completed_by` looks only at unused rooms, and
:func:`find_missions` picks a maximal set of disjoint instances. The placer of the room that completes a mission is
the one paid; whether it pays (level 2 only, ZAAR-MISSION-01) is the game's business.

Examples
--------
>>> from zaarlab.core.hexgrid import Hex
>>> from .board import Mansion
>>> mansion = Mansion.start("smoggy_chamber").place("smoggy_room_3", Hex(1, 0), 4).place("smoggy_room_4", Hex(1, -1), 2)
>>> done = completed_by(mansion, Hex(1, -1))
>>> done.mission, done.rooms
('smoggy_triangle', (Hex(q=0, r=0), Hex(q=1, r=-1), Hex(q=1, r=0)))
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

import networkx as nx

from ..core.hexgrid import Hex, distance, neighbour, opposite
from .board import Mansion

MISSIONS = ("bloody_corridor", "humid_pair", "windy_trio", "smoggy_triangle", "four_types")
RULES = {"bloody_corridor": "ZAAR-MISSION-03", "humid_pair": "ZAAR-MISSION-04", "windy_trio": "ZAAR-MISSION-05",
         "smoggy_triangle": "ZAAR-MISSION-06", "four_types": "ZAAR-MISSION-07"}
NAMES = {"bloody_corridor": "the bloody corridor", "humid_pair": "the humid pair", "windy_trio": "the windy trio",
         "smoggy_triangle": "the smoggy triangle", "four_types": "the four kinds of room"}  # as a player says them
FOUR_TYPES = ("humid", "smoggy", "windy", "bloody")


@dataclass(frozen=True)
class Completed:
    """A mission done: which, with which rooms (sorted cells)."""

    mission: str
    rooms: tuple[Hex, ...]

    @property
    def rule(self) -> str:
        return RULES[self.mission]


def instances(mansion: Mansion, mission: str, containing: Hex | None = None,
              windy_mutual: bool = False) -> tuple[frozenset[Hex], ...]:
    """Every set of rooms forming ``mission`` (only those with ``containing``, if given), sorted."""
    finder = {"bloody_corridor": _corridors, "humid_pair": _humid_pairs, "smoggy_triangle": _smoggy_triangles,
              "four_types": _four_types}.get(mission)
    if mission == "windy_trio":
        found = _windy_trios(mansion, containing, windy_mutual)
    elif finder is None:
        raise ValueError(f"the missions are {', '.join(MISSIONS)}, not {mission!r}")
    else:
        found = finder(mansion, containing)
    return tuple(sorted(set(found), key=sorted))


def completed_by(mansion: Mansion, cell: Hex, used: frozenset[Hex] = frozenset(),
                 windy_mutual: bool = False) -> Completed | None:
    """The mission the room at ``cell`` completes, among rooms not ``used`` by an earlier mission, or ``None``.

    Every candidate contains ``cell``, and ``cell`` may serve one mission only (ZAAR-MISSION-02), so at most one is
    chosen: the first in :data:`MISSIONS` order, then the first set of rooms.
    """
    for mission in MISSIONS:
        for rooms in instances(mansion, mission, containing=cell, windy_mutual=windy_mutual):
            if not rooms & used:
                return Completed(mission, tuple(sorted(rooms)))
    return None


REACH = 4  # every room of an instance lies within 3 of the new room, whose door-neighbours may change: 4 in all


def placement_missions(mansion: Mansion, used: frozenset[Hex] = frozenset()) -> dict[tuple[str, Hex, int], str | None]:
    """For every room card not yet placed and each of its legal placements (room, cell, rotation): the mission that
    placement would complete (:func:`completed_by`), or ``None``.

    Kept with the mansion; on a mansion grown from another by :meth:`~zaarlab.zaar.board.Mansion.place`, only the
    placements within reach of the new room are looked at again (the answers elsewhere cannot change, unless the
    new room joined parts of the mansion that no door connected before).

    >>> from zaarlab.core.hexgrid import Hex
    >>> mansion = Mansion.start("smoggy_chamber").place("smoggy_room_3", Hex(1, 0), 4)
    >>> placement_missions(mansion)[("smoggy_room_4", Hex(1, -1), 2)]
    'smoggy_triangle'
    """
    key = ("placement_missions", used)
    if key in mansion.memo:
        return mansion.memo[key]
    parent, new_cell = mansion.grown_from or (lambda: None, None)
    parent = parent()
    known = parent.memo.get(key) if parent is not None else None
    if known is not None and len(set(mansion.door_components.values())) == len(set(parent.door_components.values())):
        reusable = known  # the new room joined no two parts: nothing far from it changed
    else:
        reusable, new_cell = {}, None
    found, alike = {}, {}
    for room, card in mansion.cards.rooms.items():
        # A legal placement meets every door beside it and no wall: the room's doors add the same edges whatever
        # the room and its turn, so only its category, plaques and cell matter.
        kind = (card.category, card.plaques)
        for cell, rotation in mansion.legal_placements(room):
            where = (room, cell, rotation)
            if card.category not in FOUR_TYPES:  # every mission's rooms are of these kinds
                found[where] = None
            elif where in reusable and distance(cell, new_cell) > REACH:
                found[where] = reusable[where]
            else:
                if (kind, cell) not in alike:
                    done = completed_by(mansion.trial(room, cell, rotation), cell, used)
                    alike[kind, cell] = done and done.mission
                found[where] = alike[kind, cell]
    mansion.memo[key] = found
    return found


def find_missions(mansion: Mansion, used: frozenset[Hex] = frozenset(),
                  windy_mutual: bool = False) -> tuple[Completed, ...]:
    """A maximal set of disjoint missions in the whole mansion, avoiding ``used`` rooms (ZAAR-MISSION-02).

    Greedy in :data:`MISSIONS` order: no further mission could be added without sharing a room.
    """
    taken, chosen = set(used), []
    for mission in MISSIONS:
        for rooms in instances(mansion, mission, windy_mutual=windy_mutual):
            if not rooms & taken:
                taken |= rooms
                chosen.append(Completed(mission, tuple(sorted(rooms))))
    return tuple(chosen)


# -- the five patterns -----------------------------------------------------------------------------------------
def _cells(mansion: Mansion, category: str, letter: str | None = None) -> tuple[Hex, ...]:
    return mansion.cells_by_kind.get((category, letter), ())


def _corridors(mansion: Mansion, containing: Hex | None):
    bloody = set(_cells(mansion, "bloody"))
    doors = mansion.door_adjacency
    starts = bloody if containing is None else {containing}
    for start in starts & bloody:
        for side in range(3):  # three axes
            # every line of four along the axis: from the start, or (containing) each window through it
            cells = [_step(start, side, k) for k in range(-3, 4)] if containing is not None else \
                [_step(start, side, k) for k in range(4)]
            for first in range(len(cells) - 3):
                line = cells[first:first + 4]
                if all(c in bloody for c in line) and all(line[k + 1] in doors[line[k]] for k in range(3)):
                    yield frozenset(line)


def _step(cell: Hex, side: int, k: int) -> Hex:
    for _ in range(abs(k)):
        cell = neighbour(cell, side if k > 0 else opposite(side))
    return cell


def _humid_pairs(mansion: Mansion, containing: Hex | None):
    a_rooms, b_rooms = set(_cells(mansion, "humid", "A")), set(_cells(mansion, "humid", "B"))
    doors = mansion.door_adjacency
    for u in (a_rooms | b_rooms if containing is None else {containing} & (a_rooms | b_rooms)):
        for v in doors[u]:
            if (u in a_rooms and v in b_rooms) or (v in a_rooms and u in b_rooms):
                yield frozenset((u, v))


def _windy_trios(mansion: Mansion, containing: Hex | None, mutual: bool):
    groups = [_cells(mansion, "windy", letter) for letter in "ABD"]
    if containing is not None:
        groups = [[c for c in g if distance(c, containing) <= 2] for g in groups]
    for trio in product(*groups):
        rooms = frozenset(trio)
        if len(rooms) < 3 or (containing is not None and containing not in rooms):
            continue
        if (_touching_pairs(rooms) == 3) if mutual else _touching_group(rooms):
            yield rooms


def _smoggy_triangles(mansion: Mansion, containing: Hex | None):
    smoggy = set(_cells(mansion, "smoggy"))
    if containing is not None:
        if containing not in smoggy:
            return
        doors = mansion.door_adjacency
        for u, v in combinations(sorted(doors[containing] & smoggy), 2):
            if v in doors[u]:
                yield frozenset((containing, u, v))
        return
    for clique in nx.enumerate_all_cliques(mansion.door_graph.subgraph(smoggy)):
        if len(clique) == 3:
            yield frozenset(clique)
        elif len(clique) > 3:
            break


def _four_types(mansion: Mansion, containing: Hex | None):
    component = mansion.door_components  # door-connected, even indirectly
    groups = [_cells(mansion, category) for category in FOUR_TYPES]
    if containing is not None:
        if mansion.room_at(containing).category not in FOUR_TYPES:
            return
        part = component[containing]
        groups = [[c for c in g if component[c] == part and distance(c, containing) <= 3] for g in groups]
        groups[FOUR_TYPES.index(mansion.room_at(containing).category)] = [containing]
    for four in product(*groups):
        rooms = frozenset(four)
        if len(rooms) == 4 and len({component[c] for c in rooms}) == 1 and _touching_group(rooms):
            yield rooms


def _touching_pairs(cells) -> int:
    """How many pairs of the cells touch (rooms on neighbouring cells touch, through a door or a wall)."""
    return sum(distance(a, b) == 1 for a, b in combinations(cells, 2))


def _touching_group(cells) -> bool:
    """Whether the cells form one group of touching rooms (a connected cluster on the grid)."""
    cells = list(cells)
    reached, frontier = {cells[0]}, [cells[0]]
    while frontier:
        here = frontier.pop()
        for other in cells:
            if other not in reached and distance(here, other) == 1:
                reached.add(other)
                frontier.append(other)
    return len(reached) == len(cells)
