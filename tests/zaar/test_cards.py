"""Zaar's reconstructed cards and cloth against the rulebook's counts and constraints."""

import pytest

from zaarlab.core.catalogue import game_info
from zaarlab.core.data import DataError, bundled_dir
from zaarlab.zaar.cards import BAG, PAWNS, TOOLS, load_cards

CARDS = load_cards()


def test_zaar_comp_01_the_cloth_and_the_name_table():
    cloth = CARDS.cloth
    assert cloth.enclosures == 4 and len(cloth.name_table) == 7
    assert all(max(abs(c.q), abs(c.r), abs(c.s)) >= cloth.enclosures for c in cloth.name_table)


@pytest.mark.rule("ZAAR-COMP-02", "ZAAR-SETUP-04")
def test_72_cards_in_one_pile():
    assert len(CARDS.rooms) == 52 and len(CARDS.events) == 20
    assert len(CARDS.deck()) == 72 and len(set(CARDS.deck())) == 72


@pytest.mark.rule("ZAAR-COMP-03", "ZAAR-COMP-04", "ZAAR-COMP-05", "ZAAR-COMP-06")
def test_the_coins_the_pawns_and_the_dice():
    assert BAG == {"life": 48, "wisdom": 48} and TOOLS == {"boswellia": 7, "amulet": 7, "peganum": 7}
    zaar = game_info("zaar")
    assert PAWNS == zaar.players[1] == 6
    assert [(d.name, d.count) for d in zaar.dice] == [("letter die", 1), ("number die", 3)]  # one raml


@pytest.mark.rule("ZAAR-CARD-01", "ZAAR-CARD-02", "ZAAR-CARD-03", "ZAAR-CARD-04", "ZAAR-CARD-05", "ZAAR-ROOM-01",
                  "ZAAR-ROOM-05")
def test_every_room_as_the_rulebook_describes():
    rooms = CARDS.rooms.values()
    assert all(r.is_sacred == (r.category == "sacred") and (not r.plaques) == (r.category in ("sacred", None))
               for r in rooms)
    assert [r.id for r in rooms if r.category is None] == ["suspended_room"]
    assert {r.category for r in rooms} == {"bloody", "smoggy", "humid", "windy", "sacred", None}
    assert {letter for r in rooms for letter in r.plaques} == {"A", "B", "C", "D"}
    assert all(1 <= len(r.doors) <= 6 for r in rooms)
    assert sum(bool(r.plaques) for r in rooms) > sum(r.is_sacred for r in rooms)
    assert {r.id for r in rooms if r.special == "shortcut"} == {"broken_porch", "broken_stairway", "jive_khane"}


def test_zaar_setup_03_the_named_first_rooms():
    doors = {rid: len(CARDS.rooms[rid].doors) for rid in ("bloody_chamber", "smoggy_chamber", "moss_chamber",
                                                          "panjdari")}
    assert doors == {"bloody_chamber": 6, "smoggy_chamber": 6, "moss_chamber": 6, "panjdari": 5}
    assert all(CARDS.rooms[rid].plaques for rid in doors)


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("{id: bloody_room_3, name: \"Bloody room 3\", category: bloody, plaques: [B], doors: [0, 3]}",
     "{id: bloody_room_3, name: \"Bloody room 3\", category: bloody, plaques: [E], doors: [0, 3]}", "one of"),
    ("doors: [0, 2, 4], special: shortcut}", "doors: [0, 2, 4]}", "shortcut rooms"),
    ("plaques: [B], doors: [0, 3]}", "plaques: [], doors: [0, 3]}", "ZAAR-CARD-01"),
    ("{id: moss_chamber, name: \"Moss Chamber\", category: humid, plaques: [C], doors: [0, 1, 2, 3, 4, 5]}",
     "{id: moss_chamber, name: \"Moss Chamber\", category: humid, plaques: [C], doors: [0, 1, 2, 3, 4]}",
     "suitable first room"),
])
def test_a_users_rooms_are_checked(tmp_path, old, new, problem):
    (tmp_path / "zaar").mkdir()
    text = (bundled_dir() / "zaar" / "rooms.yaml").read_text()
    assert old in text
    (tmp_path / "zaar" / "rooms.yaml").write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=problem):
        load_cards(str(tmp_path))


def test_a_game_uses_its_own_folder_for_the_raml_astrolabe_and_name_table(tmp_path):
    from dataclasses import replace

    from zaarlab.zaar.raml import load_raml
    from zaarlab.zaar.state import ZaarGame

    (tmp_path / "zaar").mkdir()
    text = (bundled_dir() / "zaar/raml.yaml").read_text()
    (tmp_path / "zaar/raml.yaml").write_text(text.replace("faces: [A, B, C, D], backside: {A: C, B: D, C: A, D: B}",
                                                          "faces: [A, B, C, D, E], backside: {A: C, B: D, C: A, D: E, "
                                                          "E: B}"))
    game = ZaarGame(players=2, data_dir=str(tmp_path))
    assert game.raml == load_raml(str(tmp_path)) != load_raml() and "E" in game.raml.letters
    assert game.astrolabe.notch and game.name_table.rows  # read through the same folder (bundled where not overridden)
    throwing = replace(game.initial_state(), phase="throw")
    assert len(throwing.chance_outcomes()) == 5 * 4 ** 3  # the engine throws the user's raml, not the bundled one
    assert len(replace(ZaarGame(players=2).initial_state(), phase="throw").chance_outcomes()) == 4 * 4 ** 3
