"""Data files: provenance, schema errors that name file and entry, user overrides, the bundled catalogue."""

import os
import shutil
import textwrap

import pytest

from zaarlab.core.catalogue import check_data, game_info, games
from zaarlab.core.data import SCHEMAS, DataError, bundled_dir, check_folder, load, register_schema
from zaarlab.core.dice import pool_dist

GOOD = """\
provenance:
  source: rulebook
  detail: "TEST-COMP-01"
dice:
  - name: d6
    faces: 6
  - name: raml
    faces: 4
    provenance:
      source: reconstructed
      detail: "GAP-T01: faces not printed"
"""


@pytest.fixture
def test_schema():
    def two_dice(doc, fail):
        if len(doc["dice"]) != 2:
            fail("dice", f"expected 2 dice, got {len(doc['dice'])}")

    register_schema("test/dice.yaml", {"dice": [{"name": str, "faces": int}]}, check=two_dice)
    yield
    del SCHEMAS["test/dice.yaml"]


def write(folder, text, name="test/dice.yaml"):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def test_a_good_file_loads_and_lists_what_is_reconstructed(tmp_path, test_schema):
    write(tmp_path, GOOD)
    doc = load("test/dice.yaml", data_dir=tmp_path)
    assert doc["dice"][1]["faces"] == 4
    [report] = check_folder(tmp_path)
    assert report.source == "rulebook" and report.reconstructed == [("dice[1]", "GAP-T01: faces not printed")]


@pytest.mark.parametrize(
    ("edit", "entry", "problem"),
    [
        (lambda t: t.replace("faces: 6", "faces: six"), "dice[0].faces", "expected int, got str 'six'"),
        (lambda t: t.replace("faces: 6", "faces: yes"), "dice[0].faces", "expected int, got bool True"),
        (lambda t: t.replace("    faces: 6\n", ""), "dice[0].faces", "missing"),
        (lambda t: t.replace("name: d6", "name: d6\n    colour: red"), "dice[0].colour", "unknown key"),
        (lambda t: t.replace("source: rulebook", "source: folklore"), "provenance", "source must be one of"),
        (lambda t: t.replace('detail: "TEST-COMP-01"', 'detail: ""'), "provenance", "detail must say"),
        (lambda t: t.replace("source: reconstructed", "source: guess"), "dice[1].provenance", "source must be"),
        (lambda t: "dice: []\n", "provenance", "missing"),
        (lambda t: t + "  - name: d8\n    faces: 8\n", "dice", "expected 2 dice, got 3"),
        (lambda t: t + "dice: []\n", "-", "duplicate key 'dice'"),
        (lambda t: t + "  - [unclosed\n", "-", "not valid YAML"),
    ],
)
def test_every_problem_names_file_entry_and_what_is_wrong(tmp_path, test_schema, edit, entry, problem):
    path = write(tmp_path, edit(GOOD))
    with pytest.raises(DataError) as err:
        load("test/dice.yaml", data_dir=tmp_path)
    assert err.value.file == str(path) and err.value.entry == entry and problem in err.value.problem
    assert str(err.value).startswith(f"{path}: {entry}: " if entry != "-" else f"{path}: ")


def test_a_user_file_overrides_the_bundled_one_by_name(tmp_path, monkeypatch):
    text = (bundled_dir() / "games.yaml").read_text().replace("min: 1\n      max: 6", "min: 1\n      max: 7", 1)
    (tmp_path / "games.yaml").write_text(text)
    assert game_info("zaar", data_dir=tmp_path).players == (1, 7)
    monkeypatch.setenv("ZAARLAB_DATA", str(tmp_path))
    assert game_info("zaar").players == (1, 7)
    monkeypatch.delenv("ZAARLAB_DATA")
    assert game_info("zaar").players == (1, 6)


def test_unknown_files_and_missing_folders_are_refused(tmp_path):
    write(tmp_path, GOOD, name="zargos/mpa.yaml")
    with pytest.raises(DataError, match="no schema is known for a file named 'zargos/mpa.yaml'"):
        check_folder(tmp_path)
    with pytest.raises(DataError, match="does not exist"):
        check_folder(tmp_path / "nowhere")
    with pytest.raises(DataError, match="does not exist"):
        load("games.yaml", data_dir=tmp_path / "nowhere")


def test_bundled_data_is_valid_and_complete():
    reports = check_data()
    assert {r.name for r in reports} == set(SCHEMAS)
    assert all(r.path.is_relative_to(bundled_dir()) for r in reports)


@pytest.mark.rule("ZARGOS-COMP-05", "ZOGAR-COMP-04", "ZAAR-COMP-05", "ZOGAR-COMP-03", "ZARGOS-SETUP-04")
def test_catalogue_of_the_four_games():
    info = {g.id: g for g in games()}
    assert list(info) == ["zaar", "zogars_gaze", "zerzura", "zargos"]
    assert info["zargos"].players == (2, 6) and info["zargos"].dice[0].count == 4
    assert info["zogars_gaze"].dice_dist() == pool_dist(5, 6)
    assert info["zaar"].players[1] == 6 and info["zogars_gaze"].players[1] == 5
    assert info["zaar"].reconstructed and not info["zargos"].reconstructed
    assert len(info["zaar"].dice_dist()) == 4 * 20  # one letter die, and a pool of 3 four-sided dice
    with pytest.raises(ValueError, match="uses no dice"):
        info["zerzura"].dice_dist()


def test_catalogue_checks_its_counts(tmp_path):
    shutil.copy(bundled_dir() / "games.yaml", tmp_path / "games.yaml")
    text = (tmp_path / "games.yaml").read_text()
    (tmp_path / "games.yaml").write_text(text.replace("min: 2\n      max: 5", "min: 6\n      max: 5"))
    with pytest.raises(DataError, match=r"games\[2\].players: need 1 <= min <= max"):
        games(tmp_path)
    (tmp_path / "games.yaml").write_text(text.replace("id: zerzura", "id: zaar"))
    with pytest.raises(DataError, match=r"games\[2\]: id .zaar. appears twice"):
        games(tmp_path)


@pytest.mark.parametrize("make, problem", [
    (lambda box: os.mkfifo(box / "zerzura" / "goods.yaml"), "not a regular file"),
    (lambda box: (box / "zerzura" / "goods.yaml").mkdir(), "not a regular file"),
    (lambda box: (box / "zerzura" / "goods.yaml").symlink_to(bundled_dir() / "zerzura" / "goods.yaml"),
     "a link out of the data folder"),
    (lambda box: (box / "zerzura" / "goods.yaml").symlink_to(box / "nothing.yaml"), "a link to no file"),
    (lambda box: (box / "nosuchgame").mkdir(), "zaarlab reads nothing of this name"),
    (lambda box: (box / "zerzura" / "notes.yaml").write_text("x: 1"), "zaarlab reads nothing of this name"),
], ids=["named pipe", "folder", "link out", "dangling link", "unknown game", "unknown file"])
def test_an_override_folder_zaarlab_cannot_use_is_an_error_never_the_bundled_data(tmp_path, monkeypatch, make,
                                                                                  problem):
    """Each of these once played silently with the bundled data (``ZAARLAB_DATA=DIR zaarlab play``), while ``zaarlab
    data check DIR`` refused the folder; a named pipe is refused without being opened (it would wait)."""
    from zaarlab.zerzura.cards import load_cards

    (tmp_path / "zerzura").mkdir()
    make(tmp_path)
    with pytest.raises(DataError, match=problem):
        load_cards(tmp_path)
    monkeypatch.setenv("ZAARLAB_DATA", str(tmp_path))
    with pytest.raises(DataError, match=problem):
        load("zerzura/goods.yaml")
