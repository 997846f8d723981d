"""Zaar's mansion: rooms on hex cells, door-matching placement, and the mansion as a networkx graph.

A room card sits on an axial hex cell (:mod:`zaarlab.core.hexgrid`) in one of six rotations (AMB-Z09); its
enclosure is the cell's ring number, the centre being enclosure 1 (ZAAR-SETUP-01). Placement rules
(ZAAR-PLACE-01..03, AMB-Z03): the cell is free and off the demon's-name table; at least one door of the new room
meets a door of a neighbour; and no door on either side of a shared edge faces a wall.

The mansion is a :class:`networkx.MultiGraph` on the occupied cells whose edges are keyed by how a pawn can cross:

- ``door``: two doors meet (ZAAR-MOVE-01);
- ``amulet``: an Amulet placed on a wall made a door there (ZAAR-TOOL-10);
- ``passage``: a Boswellia placed in a room joins it with every sacred room (ZAAR-TOOL-12);
- ``wall``: two rooms touch without a door between them; only the Alchemist passes (ZAAR-PAWN-06).

Movement asks for the kinds a pawn may use. The Suspended Room's relocation (ZAAR-ROOM-02, -03) and the
Windcatcher and shortcut destinations (ZAAR-ROOM-07, -08) are queries of their own.

Examples
--------
>>> mansion = Mansion.start("bloody_chamber")
>>> mansion = mansion.place("sacred_room_5", Hex(1, 0), 1)     # a straight room east of the centre, doors E-W
>>> sorted(mansion.door_graph.edges())
[(Hex(q=0, r=0), Hex(q=1, r=0))]
>>> mansion.enclosure(Hex(1, 0)), mansion.room_at(Hex(1, 0)).name
(2, 'Sacred room 5')
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

import networkx as nx

from ..core.api import IllegalActionError, replace
from ..core.derived import derived
from ..core.hexgrid import ORIGIN, SIDE_NAMES, Hex, distance, neighbour, neighbours, opposite, ring_number, rotate_sides
from .cards import CardSet, Room, load_cards

MOVE_KINDS = ("door", "amulet", "passage")  # what every pawn may cross; the Alchemist adds "wall"


@dataclass(frozen=True)
class Mansion:
    """The rooms placed so far: ``rooms`` holds (cell, room id, rotation), sorted; plus the tools that change it.

    ``amulet_doors`` holds (cell, side) of walls given a door by an Amulet; ``passages`` the cells holding a
    Boswellia. Immutable: :meth:`place` and friends return a new mansion.
    """

    rooms: tuple[tuple[Hex, str, int], ...] = ()
    amulet_doors: tuple[tuple[Hex, int], ...] = ()
    passages: tuple[Hex, ...] = ()
    cards: CardSet = field(default_factory=load_cards, compare=False, repr=False)

    # -- building ----------------------------------------------------------------------------------------------
    @classmethod
    def start(cls, room_id: str, players: int = 1, cards: CardSet | None = None, rotation: int = 0) -> Mansion:
        """The first room on the centre cell, turned ``rotation`` sixths like any card (AMB-Z09): it needs a plaque
        and at least one door per player (ZAAR-SETUP-02).

        >>> Mansion.start("panjdari", rotation=1).rooms
        ((Hex(q=0, r=0), 'panjdari', 1),)
        >>> Mansion.start("panjdari", players=6)
        Traceback (most recent call last):
        ...
        zaarlab.core.api.IllegalActionError: ZAAR-SETUP-02: Panjdari has 5 doors, fewer than the 6 players
        """
        cards = cards or load_cards()
        room = _room(cards, room_id)
        if not room.plaques:
            raise IllegalActionError("ZAAR-SETUP-02", f"the first room needs a spell plaque; {room.name} has none")
        if len(room.doors) < players:
            raise IllegalActionError("ZAAR-SETUP-02", f"{room.name} has {len(room.doors)} doors, fewer than the "
                                     f"{players} players")
        return cls(((ORIGIN, room_id, rotation % 6),), cards=cards)

    def place(self, room_id: str, cell: Hex, rotation: int) -> Mansion:
        """The mansion with ``room_id`` placed; raises :class:`IllegalActionError` naming the rule if it may not go.

        What the new room changes is updated, not rebuilt: its edges are added to the graphs, and the placements
        kept for other rooms stay known except on the cells beside it (a cell's fit depends on its neighbours).
        """
        placed = self.trial(room_id, cell, rotation)
        cell = Hex(*cell)
        links = dict(self.links)  # seed the cached properties: only the new room and what touches it change
        changed = [c for c in (cell, *neighbours(cell)) if c in placed.layout]
        if placed.room_at(cell).is_sacred:
            changed += placed.passages  # a Boswellia's passage reaches every sacred room
        for other in changed:
            links[other] = placed._links_of(other)
        placed.__dict__["links"] = links
        near = {cell, *neighbours(cell)}
        placed.__dict__["_placements"] = {
            other: tuple(sorted([p for p in known if p[0] not in near] + placed._placements_at(other, near)))
            for other, known in self._placements.items() if other not in placed.placed_ids}
        return placed

    def trial(self, room_id: str, cell: Hex, rotation: int) -> Mansion:
        """The mansion with ``room_id`` placed, as cheaply as possible, for a look ahead: its door-neighbours and
        door-connected parts are this one's plus the new room's doors, and nothing else is derived until asked for.

        >>> start = Mansion.start("bloody_chamber")
        >>> start.trial("sacred_room_5", Hex(1, 0), 1) == start.place("sacred_room_5", Hex(1, 0), 1)
        True
        """
        self.check_placement(room_id, cell, rotation)
        cell = Hex(*cell)
        placed = replace(self, rooms=tuple(sorted(self.rooms + ((cell, room_id, rotation % 6),))))
        joined = placed._door_neighbours(cell)
        adjacency = dict(self.door_adjacency)
        adjacency[cell] = frozenset(joined)
        for other in joined:
            adjacency[other] = adjacency[other] | {cell}
        merged = {self.door_components[other] for other in joined}  # the parts the new room's doors join
        label = min(merged, default=len(self.rooms))  # labels are cells' indices: a new one is free
        placed.__dict__["door_adjacency"] = adjacency
        placed.__dict__["door_components"] = {c: label if part in merged else part
                                              for c, part in self.door_components.items()} | {cell: label}
        room = self.cards.rooms[room_id]
        kinds = dict(self.cells_by_kind)
        for key in ((room.category, None), *((room.category, letter) for letter in room.plaques)):
            kinds[key] = tuple(sorted((*kinds.get(key, ()), cell)))
        placed.__dict__["cells_by_kind"] = kinds
        placed.__dict__["grown_from"] = (weakref.ref(self), cell)
        return placed

    def check_placement(self, room_id: str, cell: Hex, rotation: int) -> None:
        """Raise :class:`IllegalActionError` unless ``room_id`` may go on ``cell`` turned ``rotation`` sixths."""
        room, cell = _room(self.cards, room_id), Hex(*cell)
        if room_id in self.placed_ids:
            raise IllegalActionError("ZAAR-PLACE-03", f"{room.name} is already in the mansion")
        if cell in self.layout:
            raise IllegalActionError("ZAAR-PLACE-03", f"cell {cell} already holds {self.room_at(cell).name}")
        if cell in self.cards.cloth.name_table:
            raise IllegalActionError("ZAAR-PLACE-02", f"cell {cell} is on the demon's-name table")
        doors = rotate_sides(room.doors, rotation)
        meets = False
        for side in range(6):
            other = neighbour(cell, side)
            if other not in self.layout:
                continue
            theirs = opposite(side) in self.doors(other)
            if side in doors and not theirs:
                raise IllegalActionError("ZAAR-PLACE-01", f"the door of {room.name} on its {SIDE_NAMES[side]} side "
                                         f"would face a wall of {self.room_at(other).name}")
            if theirs and side not in doors:
                raise IllegalActionError("ZAAR-PLACE-01", f"the door of {self.room_at(other).name} on its "
                                         f"{SIDE_NAMES[opposite(side)]} side would face a wall of {room.name}")
            meets |= theirs
        if not meets:
            raise IllegalActionError("ZAAR-PLACE-01", f"{room.name} on cell {cell} turned {rotation % 6} would have no "
                                     "door meeting a door of the mansion", "AMB-Z03")

    def legal_placements(self, room_id: str) -> tuple[tuple[Hex, int], ...]:
        """Every (cell, rotation) where ``room_id`` may go; rotations giving the same doors are listed once.

        >>> len(Mansion.start("bloody_chamber").legal_placements("sacred_room_3"))   # one door: 6 cells x 1 turn
        6
        """
        if room_id not in self._placements:  # a mansion never changes: its answers are kept
            _room(self.cards, room_id)
            self._placements[room_id] = () if room_id in self.placed_ids else tuple(sorted(
                self._placements_at(room_id, self.frontier)))
        return self._placements[room_id]

    @derived
    def _placements(self) -> dict:
        return {}

    def _placements_at(self, room_id: str, cells: Iterable[Hex]) -> list[tuple[Hex, int]]:
        """The (cell, rotation) where ``room_id`` fits among the free ``cells``, one rotation per set of doors."""
        turns, sockets, found = _turns(self.cards.rooms[room_id].doors), self._sockets, []
        for cell in cells:
            if cell in sockets:
                touching, facing = sockets[cell]
                found += [(cell, rotation) for rotation, doors in turns if doors & touching == facing]
        return found

    @derived
    def _sockets(self) -> dict[Hex, tuple[int, int]]:
        """Frontier cell -> (its sides that touch a room, those where that room has a door facing it), as bit masks,
        for the cells where a door meets: a room fits there when its doors on the touching sides are exactly the
        facing ones (ZAAR-PLACE-01)."""
        sockets = {}
        for cell in self.frontier:
            touching = facing = 0
            for side, other in enumerate(neighbours(cell)):
                if other in self.layout:
                    touching |= 1 << side
                    if opposite(side) in self.doors(other):  # the neighbour's side facing ours
                        facing |= 1 << side
            if facing:
                sockets[cell] = (touching, facing)
        return sockets

    def with_amulet_door(self, cell: Hex, side: int) -> Mansion:
        """An Amulet on the wall at ``side`` of ``cell`` makes a door there (ZAAR-TOOL-10)."""
        other = neighbour(cell, side)
        if cell not in self.layout or other not in self.layout:
            raise IllegalActionError("ZAAR-TOOL-10", "an Amulet goes on a wall between two rooms")
        if side in self.doors(cell):
            raise IllegalActionError("ZAAR-TOOL-10", "there is a door there already")
        return replace(self, amulet_doors=tuple(sorted(self.amulet_doors + ((Hex(*cell), side % 6),))))

    def with_passage(self, cell: Hex) -> Mansion:
        """A Boswellia placed in the room at ``cell``: a secret passage from every sacred room (ZAAR-TOOL-12)."""
        if cell not in self.layout:
            raise IllegalActionError("ZAAR-TOOL-12", f"no room at cell {cell}")
        return replace(self, passages=tuple(sorted(set(self.passages) | {Hex(*cell)})))

    def relocations(self, cell: Hex) -> tuple[Hex, ...]:
        """Where the Suspended Room at ``cell`` may be moved: any free cell off the name table that touches another
        room; its walls may cover doors (ZAAR-ROOM-02, -03)."""
        if self.room_at(cell).special != "suspended":
            raise IllegalActionError("ZAAR-ROOM-02", "only the Suspended Room moves")
        rest = self.without(cell)
        return tuple(sorted(c for c in rest.frontier if c != cell))

    def relocate(self, cell: Hex, to: Hex) -> Mansion:
        """The Suspended Room moved from ``cell`` to ``to``, same rotation (ZAAR-ROOM-02)."""
        if to not in self.relocations(cell):
            raise IllegalActionError("ZAAR-ROOM-02", f"the Suspended Room cannot go to cell {to}")
        room_id, rotation = self.layout[cell]
        rest = self.without(cell)
        return replace(rest, rooms=tuple(sorted(rest.rooms + ((Hex(*to), room_id, rotation),))))

    def without(self, cell: Hex) -> Mansion:
        """The mansion without the room at ``cell`` (and the tools on it)."""
        return replace(self, rooms=tuple(r for r in self.rooms if r[0] != cell),
                       amulet_doors=tuple(a for a in self.amulet_doors if cell not in (a[0], neighbour(*a))),
                       passages=tuple(p for p in self.passages if p != cell))

    # -- reading ---------------------------------------------------------------------------------------------
    @derived
    def layout(self) -> dict[Hex, tuple[str, int]]:
        """Cell -> (room id, rotation)."""
        return {cell: (room_id, rotation) for cell, room_id, rotation in self.rooms}

    @derived
    def placed_ids(self) -> frozenset[str]:
        return frozenset(room_id for _, room_id, _ in self.rooms)

    def room_at(self, cell: Hex) -> Room:
        return self.cards.rooms[self.layout[cell][0]]

    def doors(self, cell: Hex) -> frozenset[int]:
        """The sides of the room at ``cell`` with a door, rotated, Amulet doors included."""
        known = self._doors
        if cell not in known:
            room_id, rotation = self.layout[cell]
            sides = rotate_sides(self.cards.rooms[room_id].doors, rotation)
            extra = {side for c, side in self.amulet_doors if c == cell}
            extra |= {opposite(side) for c, side in self.amulet_doors if neighbour(c, side) == cell}
            known[cell] = sides | extra if extra else sides
        return known[cell]

    @derived
    def _doors(self) -> dict[Hex, frozenset[int]]:
        return {}

    @staticmethod
    def enclosure(cell: Hex) -> int:
        """The enclosure of a cell: 1 at the centre, then ring by ring (ZAAR-SETUP-01)."""
        return ring_number(cell)

    @derived
    def frontier(self) -> tuple[Hex, ...]:
        """Free cells touching the mansion, off the name table: where a room could go."""
        table = self.cards.cloth.name_table
        return tuple(sorted({n for cell in self.layout for n in neighbours(cell)} - self.layout.keys() - table))

    def sacred_cells(self) -> tuple[Hex, ...]:
        return self.cells_by_kind.get(("sacred", None), ())

    @derived
    def graph(self) -> nx.MultiGraph:
        """Rooms joined by ``door``, ``amulet``, ``passage`` and ``wall`` edges (see the module docstring)."""
        graph = nx.MultiGraph()
        graph.add_nodes_from(self.layout)
        graph.add_edges_from((cell, other, kind) for cell, joined in self.links.items() for other, kind in joined)
        return graph

    @derived
    def links(self) -> dict[Hex, tuple[tuple[Hex, str], ...]]:
        """Cell -> (room, kind) for every edge of :attr:`graph` at that room, in plain tuples: what movement reads
        at every step, and what a placement updates room by room instead of copying a whole graph."""
        return {cell: self._links_of(cell) for cell in self.layout}

    def _links_of(self, cell: Hex) -> tuple[tuple[Hex, str], ...]:
        """The edges at ``cell``: a door, Amulet door or wall on each side with a room, then the passages."""
        found, mine = [], self.doors(cell)
        for side, other in enumerate(neighbours(cell)):
            if other not in self.layout:
                continue
            if (cell, side) in self.amulet_doors or (other, opposite(side)) in self.amulet_doors:
                found.append((other, "amulet"))
            elif side in mine and opposite(side) in self.doors(other):
                found.append((other, "door"))
            else:
                found.append((other, "wall"))
        if self.passages:
            sacred = self.sacred_cells()
            if cell in self.passages:
                found += [(s, "passage") for s in sacred if s != cell]
            elif cell in sacred:
                found += [(p, "passage") for p in self.passages]
        return tuple(found)

    @derived
    def door_graph(self) -> nx.Graph:
        """Rooms joined where two doors meet (or an Amulet made a door): the paths every pawn may walk."""
        if "door_adjacency" in self.__dict__:  # a trial mansion (see trial) knows its door-neighbours already
            return nx.Graph(self.door_adjacency)
        return self.graph_of(("door", "amulet"))

    @derived
    def door_adjacency(self) -> dict[Hex, frozenset[Hex]]:
        """Cell -> the cells joined to it by doors: :attr:`door_graph` as plain sets, for the mission search."""
        return {cell: frozenset(joined) for cell, joined in self.door_graph.adj.items()}

    @derived
    def door_components(self) -> dict[Hex, int]:
        """Cell -> a label shared by exactly the rooms door-connected to it, even through other rooms."""
        return {cell: i for i, part in enumerate(nx.connected_components(self.door_graph)) for cell in part}

    def _door_neighbours(self, cell: Hex) -> list[Hex]:
        """The rooms whose doors (Amulet doors included) meet a door of the room at ``cell``."""
        mine = self.doors(cell)
        return [other for side, other in enumerate(neighbours(cell))
                if side in mine and other in self.layout and opposite(side) in self.doors(other)]

    @derived
    def grown_from(self) -> tuple[weakref.ref, Hex] | None:
        """(a weak reference to the mansion this one was placed on, the new room's cell), or ``None``: what an analysis
        may update instead of redo (see :attr:`memo`)."""
        return None

    @derived
    def memo(self) -> dict:
        """Where analyses keep what they derived from this mansion, which never changes
        (:func:`zaarlab.zaar.missions.placement_missions`)."""
        return {}

    @derived
    def cells_by_kind(self) -> dict[tuple[str, str | None], tuple[Hex, ...]]:
        """(category, None) and (category, plaque letter) -> the cells of such rooms, sorted."""
        found: dict[tuple[str, str | None], list[Hex]] = {}
        for cell in self.layout:
            room = self.room_at(cell)
            for key in ((room.category, None), *((room.category, letter) for letter in room.plaques)):
                found.setdefault(key, []).append(cell)
        return {key: tuple(sorted(cells)) for key, cells in found.items()}

    def graph_of(self, kinds: Iterable[str]) -> nx.Graph:
        """A simple graph of the rooms with the edges of the given kinds (kept: a mansion never changes; do not
        modify it)."""
        kinds = frozenset(kinds)
        if ("graph_of", kinds) not in self.memo:
            graph = nx.Graph()
            graph.add_nodes_from(self.layout)
            graph.add_edges_from((u, v) for u, joined in self.links.items() for v, kind in joined if kind in kinds)
            self.memo["graph_of", kinds] = graph
        return self.memo["graph_of", kinds]

    # -- moving ----------------------------------------------------------------------------------------------
    def moves(self, cell: Hex, kinds: Iterable[str] = MOVE_KINDS) -> tuple[Hex, ...]:
        """The rooms one move away from ``cell`` across edges of ``kinds`` (ZAAR-MOVE-01)."""
        kinds = set(kinds)
        return tuple(sorted({v for v, kind in self.links[cell] if kind in kinds}))

    def reachable(self, cell: Hex, moves: int, kinds: Iterable[str] = MOVE_KINDS) -> dict[Hex, int]:
        """Every room within ``moves`` moves of ``cell``, with the fewest moves it takes."""
        return dict(nx.single_source_shortest_path_length(self.graph_of(kinds), cell, cutoff=moves))

    def shortest_path(self, start: Hex, goal: Hex, kinds: Iterable[str] = MOVE_KINDS) -> list[Hex]:
        """A shortest walk from ``start`` to ``goal``; raises ``networkx.NetworkXNoPath`` if there is none."""
        return nx.shortest_path(self.graph_of(kinds), start, goal)

    def windcatcher_destinations(self, cell: Hex, via_shortcut: bool = False) -> tuple[Hex, ...]:
        """Where a pawn entering the Windcatcher Corridor at ``cell`` lands (ZAAR-ROOM-07, -08, -09).

        Entered normally: a sacred room one enclosure lower (toward the centre, AMB-Z07, -Z08); entered through a
        shortcut: one enclosure higher or lower. If there is none, the search goes on enclosure by enclosure both
        ways, then to the nearest sacred room (ZAAR-ROOM-08). Several at the same step: the player chooses.
        """
        here = self.enclosure(cell)
        sacred = self.sacred_cells()
        if not via_shortcut:
            lower = tuple(c for c in sacred if self.enclosure(c) == here - 1)
            if lower:
                return lower
        return self._search(cell, sacred)

    def shortcut_destinations(self, cell: Hex) -> tuple[Hex, ...]:
        """A shortcut's destinations: a sacred room one enclosure higher or lower, else the ZAAR-ROOM-08 search
        (GAP-Z06)."""
        return self._search(cell, self.sacred_cells())

    def _search(self, cell: Hex, sacred: tuple[Hex, ...]) -> tuple[Hex, ...]:
        here = self.enclosure(cell)
        others = [c for c in sacred if c != cell]
        for step in range(1, max((abs(self.enclosure(c) - here) for c in others), default=0) + 1):
            found = tuple(c for c in others if abs(self.enclosure(c) - here) == step)
            if found:
                return found
        if not others:
            return ()
        nearest = min(distance(cell, c) for c in others)
        return tuple(c for c in others if distance(cell, c) == nearest)

    # -- saving ----------------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """JSON-safe: ``{"rooms": [{"room", "cell": [q, r], "rotation"}], "amulet_doors": ..., "passages": ...}``."""
        return {"rooms": [{"room": room_id, "cell": list(cell), "rotation": rotation}
                          for cell, room_id, rotation in self.rooms],
                "amulet_doors": [[list(cell), side] for cell, side in self.amulet_doors],
                "passages": [list(cell) for cell in self.passages]}

    @classmethod
    def from_dict(cls, data: dict, cards: CardSet | None = None, check: bool = True) -> Mansion:
        """A mansion from :meth:`to_dict`, exactly as saved; with ``check``, the finished mansion is verified
        (:meth:`check`), whatever the order of its rooms.

        Raises ``ValueError`` naming the entry at fault.

        >>> Mansion.from_dict({"rooms": [{"room": "panjdari", "cell": [0, 0], "rotation": 1}]}).rooms
        ((Hex(q=0, r=0), 'panjdari', 1),)
        >>> rooms = [{"room": "panjdari", "cell": [0, 0]}, {"room": "sacred_room_3", "cell": [0, 0]}]
        >>> Mansion.from_dict({"rooms": rooms})
        Traceback (most recent call last):
        ...
        ValueError: rooms[1]: ZAAR-PLACE-03: cell [0, 0] already holds panjdari
        """
        cards = cards or load_cards()
        if not isinstance(data, dict) or not isinstance(data.get("rooms"), list):
            raise ValueError('a mansion is {"rooms": [{"room": ID, "cell": [q, r], "rotation": 0-5}, ...]}')
        rooms, cells = [], {}
        for i, entry in enumerate(data["rooms"]):
            where = f"rooms[{i}]"
            if not isinstance(entry, dict) or not isinstance(entry.get("room"), str):
                raise ValueError(f'{where}: a room is {{"room": ID, "cell": [q, r], "rotation": 0-5}}')
            cell, rotation = _cell(entry.get("cell"), where), entry.get("rotation", 0)
            if not _is_int(rotation):
                raise ValueError(f"{where}: rotation is a whole number of sixths of a turn, not {rotation!r}")
            if cell in cells:
                raise ValueError(f"{where}: ZAAR-PLACE-03: cell {list(cell)} already holds {cells[cell]}")
            if entry["room"] in cells.values():
                raise ValueError(f"{where}: ZAAR-PLACE-03: {entry['room']} is in the mansion twice")
            cells[cell] = entry["room"]
            rooms.append((cell, entry["room"], rotation % 6))
        amulets = []
        for i, item in enumerate(data.get("amulet_doors", [])):
            if not isinstance(item, list) or len(item) != 2 or not _is_int(item[1]) or not 0 <= item[1] < 6:
                raise ValueError(f"amulet_doors[{i}]: an Amulet door is [[q, r], side 0-5]")
            amulets.append((_cell(item[0], f"amulet_doors[{i}]"), item[1]))
        passages = [_cell(item, f"passages[{i}]") for i, item in enumerate(data.get("passages", []))]
        mansion = cls(tuple(sorted(rooms)), tuple(sorted(set(amulets))), tuple(sorted(set(passages))), cards=cards)
        if check:
            mansion.check()
        return mansion

    def check(self) -> None:
        """Raise ``ValueError`` unless this finished mansion could have been built by the rules: known rooms, the
        first one on the centre with a plaque (ZAAR-SETUP-01, -02), none on the name table (ZAAR-PLACE-02), every
        touching pair of rooms door to door or wall to wall (ZAAR-PLACE-01; the Suspended Room excepted, since it
        may have moved over doors, ZAAR-ROOM-03), and, without a Suspended Room, every room joined to the centre.
        Tools must lie on rooms.
        """
        for cell, room_id, _ in self.rooms:
            where = f"{room_id} at {list(cell)}"
            if room_id not in self.cards.rooms:
                raise ValueError(f"{where}: ZAAR-CARD-02: no room card is called {room_id!r}")
            if cell in self.cards.cloth.name_table:
                raise ValueError(f"{where}: ZAAR-PLACE-02: the cell is on the demon's-name table")
        if ORIGIN not in self.layout:
            raise ValueError("ZAAR-SETUP-01: the first room goes on the centre cell [0, 0]")
        if not self.room_at(ORIGIN).plaques:
            raise ValueError(f"{self.layout[ORIGIN][0]} at [0, 0]: ZAAR-SETUP-02: the first room needs a spell plaque")
        for cell, _ in self.amulet_doors:
            if cell not in self.layout:
                raise ValueError(f"Amulet door at {list(cell)}: ZAAR-TOOL-10: no room there")
        for cell in self.passages:
            if cell not in self.layout:
                raise ValueError(f"Boswellia at {list(cell)}: ZAAR-TOOL-12: no room there")
        suspended = {c for c in self.layout if self.room_at(c).special == "suspended"}
        for cell in self.layout:
            for side in range(3):  # each shared edge once
                other = neighbour(cell, side)
                if other in self.layout and not {cell, other} & suspended:
                    mine, theirs = side in self.doors(cell), opposite(side) in self.doors(other)
                    if mine != theirs:
                        door, wall = (cell, other) if mine else (other, cell)
                        raise ValueError(f"{self.layout[door][0]} at {list(door)}: ZAAR-PLACE-01: its door faces a "
                                         f"wall of {self.layout[wall][0]} at {list(wall)}")
        if not suspended:
            joined = nx.node_connected_component(self.door_graph, ORIGIN)
            for cell in sorted(self.layout.keys() - joined):
                raise ValueError(f"{self.layout[cell][0]} at {list(cell)}: ZAAR-PLACE-01: no door joins it to the "
                                 "rest of the mansion")


def walks(graph: nx.Graph, start, moves: int) -> dict:
    """The ways a pawn in ``start`` can make exactly ``moves`` moves, each through a door, by the room it ends in: a
    room may be entered again (ZAAR-MOVE-03). After each move, a room's ways are the sum of its neighbours' before.

    >>> star = nx.star_graph(["E", "B", "F", "G", "H"])
    >>> walks(star, "E", 1) == dict.fromkeys("BFGH", 1), walks(star, "E", 2)
    (True, {'E': 4})
    """
    ways = {start: 1}
    for _ in range(moves):
        after: dict[str, int] = {}
        for room, count in ways.items():
            for nxt in graph[room]:
                after[nxt] = after.get(nxt, 0) + count
        ways = after
    return ways


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cell(value, where: str) -> Hex:
    if not isinstance(value, list | tuple) or len(value) != 2 or not all(_is_int(v) for v in value):
        raise ValueError(f"{where}: a cell is [q, r], two whole numbers, not {value!r}")
    if max(map(abs, value)) > 1000:
        raise ValueError(f"{where}: cell {list(value)} is far off the cloth")
    return Hex(*value)


@lru_cache(maxsize=256)
def _turns(doors: frozenset[int]) -> tuple[tuple[int, int], ...]:
    """(rotation, doors as a bit mask) for the six turns of a card, the first of each that gives the same doors."""
    found = {}
    for rotation in range(6):
        found.setdefault(sum(1 << side for side in rotate_sides(doors, rotation)), rotation)
    return tuple((rotation, mask) for mask, rotation in found.items())


def _room(cards: CardSet, room_id: str) -> Room:
    try:
        return cards.rooms[room_id]
    except KeyError:
        raise IllegalActionError("ZAAR-CARD-02", f"no room card is called {room_id!r}") from None
