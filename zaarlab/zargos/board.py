"""The planet Zargos as a networkx graph: provinces, sea spaces, land borders and sea routes.

Nodes are provinces (``type="province"``, with ``kingdom``, ``capital``, ``coastal``, ``ring``, ``pos``) and sea
spaces (``type="sea"``, ``kind`` sea or lake, ``pos``). Edges are land borders between provinces
(``kind="land"``) and sea borders (``kind="sea"``: a sea space with a province or with another sea space).
The lake between KORI and LUDOS is a sea space like any other (ZARGOS-REORG-07).

The bundled map is a reconstruction (GAP-S01): see ``data/zargos/map.yaml``.

Examples
--------
>>> planet = load_planet()
>>> len(planet.kingdoms), len(planet.provinces), len(planet.provinces_of("ZARGOS"))
(11, 57, 10)
>>> planet.land_neighbours("FC")
('ZS1', 'ZS2', 'ZS3')
>>> planet.boats_needed("KORI-2", "LUDOS-5")   # across the sea of their continent
1
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import networkx as nx

from ..core.data import OneOf, Optional, file_key, load_file, register_schema

ZARGOS = "ZARGOS"
FORBIDDEN_CITY = "FC"
RINGS = ("fc", "surrounding", "coastal")
RING_SIZES = {"fc": 1, "surrounding": 3, "coastal": 6}  # ZARGOS-ZARGOS-01
KINGDOM_COUNT = 11  # ZARGOS-COMP-01

_POS = [(int, float)]
register_schema(
    "zargos/map.yaml",
    {
        "kingdoms": [
            {
                "id": str,
                "name": str,
                "continent": int,
                "capital_value": (int, type(None)),
                "provinces": [
                    {"id": str, "name": Optional(str), "capital": Optional(bool), "ring": Optional(OneOf(RINGS)),
                     "pos": _POS}
                ],
            }
        ],
        "seas": [{"id": str, "name": str, "kind": OneOf(("sea", "lake")), "pos": _POS}],
        "borders": [[str]],
        "sea_borders": [[str]],
    },
    check=lambda doc, fail: _check_map(doc, fail),
)


@dataclass(frozen=True)
class Kingdom:
    """A kingdom: its provinces, its capital, and the value printed on the capital for holding it whole."""

    id: str
    name: str
    continent: int
    provinces: tuple[str, ...]
    capital: str
    capital_value: int | None


class Planet:
    """The map: a :class:`networkx.Graph` plus the queries players ask of it.

    Build it with :func:`load_planet`. The graph is frozen: every query is read-only.
    """

    def __init__(self, graph: nx.Graph, kingdoms: dict[str, Kingdom]):
        self.graph = nx.freeze(graph)
        self.kingdoms = kingdoms
        self.provinces = tuple(n for n, d in graph.nodes(data=True) if d["type"] == "province")
        self.seas = tuple(n for n, d in graph.nodes(data=True) if d["type"] == "sea")
        self._land = nx.freeze(nx.subgraph_view(graph, filter_edge=lambda a, b: graph[a][b]["kind"] == "land"))
        self.names = {**{node: data["name"] for node, data in graph.nodes(data=True)},
                      **{kingdom.id: kingdom.name for kingdom in kingdoms.values()}}
        """Every province, sea space and kingdom id to its name, the words a player reads (ids stay in saves)."""

    def kingdom_of(self, province: str) -> str:
        """The kingdom a province belongs to."""
        return self.graph.nodes[province]["kingdom"]

    def provinces_of(self, kingdom: str) -> tuple[str, ...]:
        """The provinces of a kingdom, capital first."""
        return self.kingdoms[kingdom].provinces

    def is_capital(self, province: str) -> bool:
        return self.graph.nodes[province]["capital"]

    def is_coastal(self, province: str) -> bool:
        """Whether a province borders a sea space (the lake counts)."""
        return self.graph.nodes[province]["coastal"]

    def ring(self, province: str) -> str:
        """``fc``, ``surrounding`` or ``coastal`` inside the Kingdom of Zargos; ``outer`` elsewhere."""
        return self.graph.nodes[province]["ring"]

    def land_neighbours(self, province: str) -> tuple[str, ...]:
        """The provinces sharing a land border with ``province``, sorted."""
        return tuple(sorted(self._land.neighbors(province)))

    def seas_touching(self, province: str) -> tuple[str, ...]:
        """The sea spaces a coastal province borders, sorted."""
        return tuple(sorted(n for n in self.graph.neighbors(province) if self.graph.nodes[n]["type"] == "sea"))

    def sea_route(self, origin: str, destination: str) -> tuple[str, ...] | None:
        """The sea spaces of a cheapest crossing from one coastal province to another (None if there is none).

        A crossing goes from the origin into a sea space it borders, through sea spaces only, and lands on a
        province bordering the last one (ZARGOS-SEA-05, ZARGOS-SEA-07). Its cost is one boat per sea space.
        """
        if origin == destination or not (self.is_coastal(origin) and self.is_coastal(destination)):
            return None
        keep = set(self.seas) | {origin, destination}
        waters = nx.subgraph_view(
            self.graph,
            filter_node=lambda n: n in keep,
            filter_edge=lambda a, b: self.graph[a][b]["kind"] == "sea",
        )
        try:
            path = nx.shortest_path(waters, origin, destination)
        except nx.NetworkXNoPath:
            return None
        return tuple(path[1:-1])

    def boats_needed(self, origin: str, destination: str) -> int | None:
        """The fewest boats for a sea crossing between two coastal provinces (None if impossible)."""
        route = self.sea_route(origin, destination)
        return None if route is None else len(route)

    def sea_routes_from(self, origin: str) -> dict[str, int]:
        """Every coastal province reachable by sea from ``origin``, with the fewest boats needed.

        >>> routes = load_planet().sea_routes_from("KORI-3")   # on the lake only
        >>> sorted(routes.items())
        [('KORI-4', 1), ('LUDOS-3', 1), ('LUDOS-4', 1)]
        """
        if not self.is_coastal(origin):
            return {}
        seas_only = self.graph.subgraph(self.seas)
        distance = nx.multi_source_dijkstra_path_length(seas_only, set(self.seas_touching(origin)))
        routes: dict[str, int] = {}
        for sea, steps in distance.items():
            for shore in self.graph.neighbors(sea):
                if self.graph.nodes[shore]["type"] == "province" and shore != origin:
                    routes[shore] = min(routes.get(shore, steps + 1), steps + 1)
        return dict(sorted(routes.items()))

    def reorganisation_reach(self, origin: str, own: frozenset[str], steps: int = 2) -> dict[str, int]:
        """Where a group from ``origin`` may go in reorganisation, with the fewest boats each destination costs.

        A step goes to a province the player controls, over a land border or across the sea (paying a boat per
        sea space, ZARGOS-REORG-06); a group makes at most ``steps`` steps (ZARGOS-REORG-02) and never enters a
        province the player does not control (ZARGOS-REORG-05).

        >>> planet, own = load_planet(), frozenset({"KORI-3", "KORI-4", "KORI-5", "LUDOS-3"})
        >>> planet.reorganisation_reach("KORI-3", own, steps=1)   # LUDOS-3 across the lake
        {'KORI-4': 0, 'LUDOS-3': 1}
        >>> planet.reorganisation_reach("KORI-3", own)            # or by land through KORI-4
        {'KORI-4': 0, 'KORI-5': 0, 'LUDOS-3': 0}
        """
        best = {origin: 0}
        frontier = {origin: 0}
        for _ in range(steps):
            reached: dict[str, int] = {}
            for here, paid in frontier.items():
                moves = self.sea_routes_from(here) | {p: 0 for p in self.land_neighbours(here)}  # land is free
                for there, cost in moves.items():
                    total = paid + cost
                    if there in own and total < best.get(there, total + 1):
                        best[there] = reached[there] = total
            frontier = reached
        del best[origin]
        return dict(sorted(best.items()))


@cache
def _planet_from(file: tuple[str, int, int]) -> Planet:
    return _build(load_file(Path(file[0]), "zargos/map.yaml"))


def load_planet(data_dir=None) -> Planet:
    """The planet from ``zargos/map.yaml`` (the user's copy if there is one), validated; read again only when the
    file changes."""
    return _planet_from(file_key("zargos/map.yaml", data_dir))


def _build(doc: dict) -> Planet:
    graph = nx.Graph()
    kingdoms = {}
    for k in doc["kingdoms"]:
        ids = tuple(p["id"] for p in k["provinces"])
        capital = next(p["id"] for p in k["provinces"] if p.get("capital"))
        kingdoms[k["id"]] = Kingdom(k["id"], k["name"], k["continent"], (capital, *(i for i in ids if i != capital)),
                                    capital, k["capital_value"])
        for p in k["provinces"]:
            graph.add_node(p["id"], type="province", kingdom=k["id"], name=p.get("name", p["id"]),
                           capital=bool(p.get("capital")), ring=p.get("ring", "outer"), pos=tuple(p["pos"]))
    for s in doc["seas"]:
        graph.add_node(s["id"], type="sea", kind=s["kind"], name=s["name"], pos=tuple(s["pos"]))
    graph.add_edges_from(doc["borders"], kind="land")
    graph.add_edges_from(doc["sea_borders"], kind="sea")
    for node, data in graph.nodes(data=True):
        if data["type"] == "province":
            data["coastal"] = any(graph.nodes[n]["type"] == "sea" for n in graph.neighbors(node))
    return Planet(graph, kingdoms)


def _check_map(doc: dict, fail) -> None:
    """The rulebook's constraints on any map, bundled or the user's."""
    kinds = {}
    for i, k in enumerate(doc["kingdoms"]):
        capitals = [p["id"] for p in k["provinces"] if p.get("capital")]
        if len(capitals) != 1:
            fail(f"kingdoms[{i}]", f"kingdom {k['id']} needs exactly one capital, has {len(capitals)}")
        if k["id"] != ZARGOS and not isinstance(k["capital_value"], int):
            fail(f"kingdoms[{i}].capital_value", f"kingdom {k['id']} needs the value printed on its capital")
        for j, p in enumerate(k["provinces"]):
            if p["id"] in kinds:
                fail(f"kingdoms[{i}].provinces[{j}]", f"province {p['id']} appears twice")
            kinds[p["id"]] = "province"
    if len(doc["kingdoms"]) != KINGDOM_COUNT:
        fail("kingdoms", f"the planet has {KINGDOM_COUNT} kingdoms (ZARGOS-COMP-01), not {len(doc['kingdoms'])}")
    zargos = [k for k in doc["kingdoms"] if k["id"] == ZARGOS]
    if not zargos:
        fail("kingdoms", f"no kingdom with id {ZARGOS}")
    rings = {}
    for p in zargos[0]["provinces"]:
        rings.setdefault(p.get("ring"), []).append(p["id"])
    for ring, size in RING_SIZES.items():
        if len(rings.get(ring, [])) != size:
            fail("kingdoms.ZARGOS", f"needs {size} province(s) of ring {ring} (ZARGOS-ZARGOS-01), has "
                 f"{len(rings.get(ring, []))}")
    if rings.get(None):
        fail("kingdoms.ZARGOS", f"provinces without a ring: {', '.join(rings[None])}")
    if rings["fc"] != [FORBIDDEN_CITY] or next(p for p in zargos[0]["provinces"] if p.get("capital"))["id"] != "FC":
        fail("kingdoms.ZARGOS", "the Forbidden City (id FC, ring fc) is the capital of the Kingdom of Zargos")
    for s in doc["seas"]:
        if s["id"] in kinds:
            fail("seas", f"{s['id']} is both a province and a sea space")
        kinds[s["id"]] = "sea"
    for key, allowed in (("borders", {("province", "province")}),
                         ("sea_borders", {("sea", "province"), ("province", "sea"), ("sea", "sea")})):
        for i, edge in enumerate(doc[key]):
            if len(edge) != 2 or any(end not in kinds for end in edge):
                fail(f"{key}[{i}]", f"{edge} must name two known provinces or sea spaces")
            if (kinds[edge[0]], kinds[edge[1]]) not in allowed:
                fail(f"{key}[{i}]", f"{edge}: a {key[:-1].replace('_', ' ')} cannot join a {kinds[edge[0]]} "
                     f"and a {kinds[edge[1]]}")
    named: dict[str, str] = {}
    for place, name in _build(doc).names.items():
        if named.setdefault(name, place) != place:  # a player told "Iron Pass" must know which place it is
            fail("names", f"{named[name]} and {place} are both called {name!r}")
    graph = _build(doc).graph
    if not nx.is_connected(graph):
        fail("borders", "the planet is not connected, even with sea borders")
    if not any(d.get("kind") == "lake" for _, d in graph.nodes(data=True)):
        fail("seas", "the lake between KORI and LUDOS (ZARGOS-REORG-07) is missing")
