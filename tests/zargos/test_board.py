"""The reconstructed planet as a networkx graph, and the map validator's rulebook constraints."""

import re
import shutil

import networkx as nx
import pytest

from zaarlab.core.data import DataError, bundled_dir
from zaarlab.zargos.board import load_planet


@pytest.fixture(scope="module")
def planet():
    return load_planet()


@pytest.mark.rule("ZARGOS-COMP-01", "ZARGOS-ZARGOS-01")
def test_eleven_kingdoms_and_the_kingdom_of_zargos(planet):
    assert len(planet.kingdoms) == 11
    zargos = planet.provinces_of("ZARGOS")
    assert zargos[0] == "FC" and planet.is_capital("FC")
    rings = [planet.ring(p) for p in zargos]
    assert (rings.count("fc"), rings.count("surrounding"), rings.count("coastal")) == (1, 3, 6)
    assert set(planet.land_neighbours("FC")) == {p for p in zargos if planet.ring(p) == "surrounding"}
    assert not any(planet.ring(p) == "coastal" for p in planet.land_neighbours("FC"))


def test_provinces_outside_zargos_and_capitals(planet):
    outside = [p for p in planet.provinces if planet.kingdom_of(p) != "ZARGOS"]
    assert len(outside) == 47  # GAP-S01: 10 capital cards + 37 province cards
    for kingdom in planet.kingdoms.values():
        assert sum(planet.is_capital(p) for p in kingdom.provinces) == 1
        if kingdom.id != "ZARGOS":
            assert kingdom.capital_value == 2 * len(kingdom.provinces)  # RECON value


def test_graph_attributes_and_connectivity(planet):
    graph = planet.graph
    assert nx.is_connected(graph)
    assert {d["type"] for _, d in graph.nodes(data=True)} == {"province", "sea"}
    assert all(d["kind"] in ("land", "sea") for _, _, d in graph.edges(data=True))
    assert all(len(d["pos"]) == 2 for _, d in graph.nodes(data=True))
    for province in planet.provinces:
        assert planet.is_coastal(province) == bool(planet.seas_touching(province))
    with pytest.raises(nx.NetworkXError):
        graph.add_edge("FC", "KORI-1")  # frozen


@pytest.mark.rule("ZARGOS-REORG-07")
def test_zargos_reorg_07_the_lake_is_a_sea_space(planet):
    lake = [s for s in planet.seas if planet.graph.nodes[s]["kind"] == "lake"]
    assert lake == ["LAKE"]
    shores = {n for n in planet.graph.neighbors("LAKE")}
    assert {planet.kingdom_of(p) for p in shores} == {"KORI", "LUDOS"}
    assert planet.boats_needed("KORI-3", "LUDOS-4") == 1


@pytest.mark.rule("ZARGOS-SEA-01", "ZARGOS-SEA-02", "ZARGOS-SEA-05", "ZARGOS-SEA-07")
def test_sea_routes_cost_one_boat_per_sea_space(planet):
    route = planet.sea_route("KORI-2", "ZC1")
    assert route is not None and all(planet.graph.nodes[s]["type"] == "sea" for s in route)
    assert route[0] in planet.seas_touching("KORI-2") and route[-1] in planet.seas_touching("ZC1")
    assert planet.boats_needed("KORI-2", "ZC1") == len(route) == 2  # continent sea, then an inner sea
    assert planet.boats_needed("KORI-2", "K03-2") == 2               # to the neighbouring continent
    assert planet.sea_route("KORI-1", "LUDOS-2") is None             # a capital inland
    routes = planet.sea_routes_from("KORI-2")
    assert routes["LUDOS-5"] == 1 and "KORI-2" not in routes
    for target, boats in routes.items():
        assert planet.boats_needed("KORI-2", target) == boats        # two methods agree


def test_sea_routes_agree_with_a_shortest_path_over_the_whole_graph(planet):
    # independent: weight every edge into a sea space 1 and forbid walking on land
    waters = nx.Graph((a, b) for a, b, d in planet.graph.edges(data=True) if d["kind"] == "sea")
    for origin in ("ZC3", "K07-2", "KORI-4"):
        for target, boats in planet.sea_routes_from(origin).items():
            inner = waters.subgraph(set(planet.seas) | {origin, target})
            assert nx.shortest_path_length(inner, origin, target) - 1 == boats


@pytest.mark.rule("ZARGOS-REORG-02", "ZARGOS-REORG-05", "ZARGOS-REORG-06")
def test_reorganisation_reach(planet):
    own = frozenset({"K03-2", "K03-3", "K03-4", "KORI-2", "ZC2"})
    one = planet.reorganisation_reach("K03-3", own, steps=1)
    assert one == {"K03-2": 0, "K03-4": 0}
    two = planet.reorganisation_reach("K03-3", own)
    assert two["KORI-2"] == planet.boats_needed("K03-2", "KORI-2")  # one land step, then the sea
    assert all(p in own for p in two)
    assert "K03-1" not in two  # not the player's


def _broken_map(tmp_path, old, new, count=1):
    (tmp_path / "zargos").mkdir()
    text = (bundled_dir() / "zargos" / "map.yaml").read_text()
    assert old in text
    (tmp_path / "zargos" / "map.yaml").write_text(text.replace(old, new, count))
    return tmp_path


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("{id: ZS3, name: West Gate, ring: surrounding,", "{id: ZS3, name: West Gate, ring: coastal,",
     "needs 3 province(s) of ring surrounding"),
    ("  - id: K10\n", "  - id: K10\n    extra: 1\n", "unknown key"),
    ("kind: lake", "kind: sea", "the lake between KORI and LUDOS"),
    ("  - [FC, ZS1]\n", "  - [FC, NOWHERE]\n", "must name two known provinces"),
    ("  - [ZSEA1, ZC1]\n", "  - [ZC2, ZC1]\n", "cannot join a province and a province"),
    ("{id: KORI-1, name: Korhold, capital: true,", "{id: KORI-1, name: Korhold,", "needs exactly one capital"),
    ("{id: K04-2, name: Iron Pass,", "{id: K04-2, name: Anvil Bay,", "K04-2 and K04-5 are both called 'Anvil Bay'"),
])
def test_a_user_map_is_checked_against_the_rulebook(tmp_path, old, new, problem):
    folder = _broken_map(tmp_path, old, new)
    with pytest.raises(DataError, match=re.escape(problem)):
        load_planet(folder)


def test_a_valid_user_map_overrides_the_bundled_one(tmp_path):
    folder = _broken_map(tmp_path, "name: Aurelia\n", "name: Land of the Real Box\n")
    assert load_planet(folder).kingdoms["K03"].name == "Land of the Real Box"
    assert load_planet(folder).names["K03"] == "Land of the Real Box" != load_planet().names["K03"] == "Aurelia"
    shutil.rmtree(folder)
