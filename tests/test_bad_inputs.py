"""Bad input of every kind gets a clear one-line error, a non-zero exit, and changes nothing.

One table per way in: command-line arguments, files handed to the command line, data folders, saved states and
saved games, chance outcomes. Each row names the input and a piece of the message a user must see.
"""

import copy
import json
import math
import os
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from zaarlab.cli import main
from zaarlab.core.api import CHANCE, IllegalActionError
from zaarlab.core.data import DataError, bundled_dir
from zaarlab.core.dice import sum_dist
from zaarlab.core.play import dumps, loads, play, random_bot
from zaarlab.intro.odds import tries_needed
from zaarlab.zaar.astrolabe import Result
from zaarlab.zaar.odds import battle_dist as zaar_battle
from zaarlab.zaar.raml import Requirement
from zaarlab.zaar.state import ZaarGame
from zaarlab.zargos.odds import battle_dist as zargos_battle
from zaarlab.zargos.odds import madness_dist
from zaarlab.zargos.state import ZargosGame
from zaarlab.zerzura.state import ZerzuraGame
from zaarlab.zogars_gaze.state import ZogarGame


def refused_by_the_cli(argv, says, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.startswith("zaarlab: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) < 500, f"an error line of {len(err):,} characters"  # whatever it echoes
    assert says in err, err
    assert out == ""


# -- command-line arguments --------------------------------------------------------------------------------------
ARGUMENTS = [
    (["odds", "dice", "0d6"], "1 to 100 dice"),
    (["odds", "dice", "101d2"], "1 to 100 dice"),
    (["odds", "dice", "100d100"], "at most 2000 dice times faces"),
    (["odds", "dice", "3d0"], "1 to 100 faces"),
    (["odds", "dice", "three d6"], "cannot read dice"),
    (["odds", "dice", "3x6"], "cannot read dice"),
    (["odds", "dice"], "the following arguments are required"),
    (["odds", "zargos-battle", "0", "3"], "from 1 to 200"),
    (["odds", "zargos-battle", "3", "201"], "from 1 to 200"),
    (["odds", "zargos-battle", "3", "x"], "invalid int value"),
    (["odds", "zargos-demons", "100000", "--dice", "4"], "from 1 to 200"),
    (["odds", "zargos-demons", "5", "--dice", "9"], "invalid choice"),
    (["odds", "zogar", "3x5", "--rolls", "100"], "1 to 3 rolls"),
    (["odds", "zogar", "9x5"], "9x5"),
    (["odds", "zogar", "3x7"], "3x7"),
    (["odds", "zogar", "straight:4-1"], "straight:4-1"),
    (["odds", "zogar", ""], "''"),
    (["odds", "zogar-hold", "3x5", "--dice", "2,3,4,6", "--rolls-left", "1"], "five"),
    (["odds", "zogar-hold", "3x5", "--dice", "2,3,4,6,9", "--rolls-left", "1"], "9"),
    (["odds", "zogar-hold", "3x5", "--dice", "2,3,4,6,6", "--rolls-left", "1000"], "0 to 3 rolls are left"),
    (["odds", "zaar-battle", "--requirement", "3", "--wisdom", "1"], "exactly 3 positions"),
    (["odds", "zaar-battle", "--requirement", "0_33", "--wisdom", "1"], "exactly 3 positions"),
    (["odds", "zaar-battle", "--requirement", "0_7", "--wisdom", "1"], "each a raml number"),
    (["odds", "zaar-battle", "--requirement", "", "--wisdom", "1"], "exactly 3 positions"),
    (["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "100000"], "from 0 to 48"),
    (["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "-1"], "from 0 to 48"),
    (["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "1", "--letter", "Q"], "--letter 'Q'"),
    (["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "1", "--table", "A0"], "--table 'A0'"),
    (["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "1", "--table", "E013"], "--table 'E013'"),
    (["odds", "zaar-battle", "--requirement", "1234", "--wisdom", "1", "--unordered"], "1 to 3 raml numbers"),
    (["odds", "zaar-battle", "--requirement", "1_", "--wisdom", "1", "--unordered"], "1 to 3 raml numbers"),
    (["odds", "zaar-next-card", "--mansion", "/no/such/file.json"], "cannot read"),
    (["play", "zargos", "--players", "99"], "2 to 6 players"),
    (["play", "zaar", "--players", "0"], "1 to 6 players"),
    (["play", "zerzura", "--players", "9"], "2 to 5 players"),
    (["play", "zogars_gaze", "--players", "7"], "1 to 5 players"),
    (["play", "zaar", "--params", '{"players": 2.5}'], "players is a whole number, not 2.5"),
    (["play", "zaar", "--params", '{"players": true}'], "players is a whole number, not True"),
    (["play", "zaar", "--params", "true"], "JSON object"),
    (["play", "zaar", "--params", "[1, 2]"], "JSON object"),
    (["play", "zaar", "--params", '{"players": 2'], "--params: not valid JSON"),
    (["play", "zaar", "--params", "[" * 200 + "]" * 200], "nested deeper than 64"),
    (["play", "zaar", "--params", '{"players": NaN}'], "NaN is not a number"),
    (["play", "zaar", "--params", '{"players": 2, "colour": "red"}'], "no parameter 'colour'"),
    (["play", "zaar", "--params", '{"mode": "expert"}'], "mode is 'normal' or 'advanced'"),
    (["play", "zaar", "--params", '{"turn_limit": 0}'], "turn limit"),
    (["play", "zargos", "--params", '{"powers": "all"}'], "powers is"),
    (["play", "zerzura", "--params", '{"guard_use": "never"}'], "guard_use is 'optional' or 'mandatory'"),
    (["play", "zerzura", "--params", '{"side": 3}'], "side is text"),
    (["play", "zogars_gaze", "--params", '{"straight_alt": "any"}'], "straight_alt is one of"),
    (["play", "zerzura", "--max-steps", "0"], "--max-steps: from 1"),
    (["play", "zargos", "--max-steps", "1000000"], "--max-steps: from 1 to 200,000"),
    (["play", "zargos", "--params", '{"turn_limit": 1000000}'], "the turn limit is from 1 to 1000 turns"),
    (["play", "zogars_gaze", "--params", '{"turn_limit": -3}'], "the turn limit is from 1 to 1000 turns"),
    (["play", "zaar", "--save", ""], "--save: a file name, not an empty one"),
    (["play", "zaar", "--save", "  "], "--save: a file name, not an empty one"),
    (["play", "zaar", "--params", json.dumps({f"p{i}": 1 for i in range(9000)})], "'p0', 'p1', 'p10' and 8997 more"),
    (["play", "zaar", "--params", json.dumps({"x" * 5_000_000: 1})], "no parameter 'xxxx"),
    (["play", "zaar", "--params", '{"players": "' + "9" * 100_000 + '"}'], "players is a whole number, not '999"),
    (["play", "zaar", "--params", '{"players": 2, "players": 3}'], "the key 'players' comes twice"),
    (["play", "zerzura", "--max-steps", "10000000000"], "--max-steps: from 1"),
    (["play", "chess"], "no game called 'chess'"),
    (["data", "check", "/no/such/folder"], "the data folder does not exist"),
    (["rules", "coverage", "--root", "/no/such/folder"], "/no/such/folder"),
    (["score", "zerzura", "/no/such/file.json"], "cannot read"),
    (["score", "zerzura", "x.json", "--guard-use", "maybe"], "invalid choice"),
    (["nonsense"], "invalid choice"),
]


@pytest.mark.parametrize(("argv", "says"), ARGUMENTS, ids=[" ".join(a)[:60] for a, _ in ARGUMENTS])
def test_bad_arguments(argv, says, capsys):
    refused_by_the_cli(argv, says, capsys)


# -- files handed to the command line ----------------------------------------------------------------------------
SCORE_FILES = [
    ("[]", "expected an object with a list of 'cards'"),
    ('{"cards": "lamp_1"}', "expected an object with a list of 'cards'"),
    ('{"cards": ["lamp_1"], "tiles": "ring_7"}', "a list of 'tiles'"),
    ('{"cards": ["ring_7", "ring_7"]}', "unknown card 'ring_7' (2 copies)"),
    ('{"cards": ["sultan", "sultan"]}', "2 copies of sultan, the box has 1"),
    ('{"cards": ["lamp_3", "lamp_3"]}', "2 copies of lamp_3, the box has 1"),
    ('{"cards": ["lamp_1", "lamp_1", "lamp_1", "lamp_1"]}', "4 copies of lamp_1, the box has 3"),
    ('{"cards": ["guard_plus_1"' + ', "guard_plus_1"' * 11 + "]}", "12 copies of guard_plus_1"),
    ('{"cards": ["lamp_1"], "tiles": ["ring_7", "ring_7"]}', "Command tile ring_7 2 times"),
    ('{"cards": ["lamp_1"], "tiles": ["gold_9"]}', "unknown Command tile 'gold_9'"),
    ('{"cards": ["lamp_1"], "tiles": ["ring_7", "cards_12", "stored_6", "characters_2", "peppers_5_a"]}',
     "5 Command tiles, only 4"),
    ('{"cards": [1, 2]}', "unknown card 1"),
    ('{"cards": [["lamp_1"]]}', "unknown card"),
    ('{"cards": ["lamp_1"]', "not valid JSON"),
    ('{"cards": [NaN]}', "NaN is not a number"),
    ("[" * 100 + "]" * 100, "nested deeper than 64"),
    ("", "not valid JSON"),
]


@pytest.mark.parametrize(("text", "says"), SCORE_FILES, ids=[t[:40] for t, _ in SCORE_FILES])
def test_bad_score_files(text, says, tmp_path, capsys):
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    refused_by_the_cli(["score", "zerzura", str(path)], f"{path}: ", capsys)  # the file is named
    refused_by_the_cli(["score", "zerzura", str(path)], says, capsys)


def test_score_files_that_are_not_text_or_never_end(tmp_path, capsys):
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"cards": ["caf\u00e9"]}'.encode("latin-1"))
    refused_by_the_cli(["score", "zerzura", str(latin)], f"{latin}: not UTF-8 text", capsys)
    huge_id = tmp_path / "huge_id.json"
    huge_id.write_text(json.dumps({"cards": ["x" * 5_000_000]}))
    refused_by_the_cli(["score", "zerzura", str(huge_id)], "unknown card", capsys)  # 5 MB not echoed
    refused_by_the_cli(["score", "zerzura", "/dev/zero"], "/dev/zero: not a regular file (a character device)", capsys)
    big = tmp_path / "big.json"
    big.write_text('{"cards": [' + '"lamp_1", ' * 2_500_000 + '"lamp_1"]}')
    refused_by_the_cli(["score", "zerzura", str(big)], "larger than 20,000,000 bytes", capsys)


@pytest.mark.parametrize("target", ["folder", "pipe", "device", "no folder"])
@pytest.mark.parametrize("command", ["play", "answers"])
def test_a_file_a_command_writes_is_refused_before_any_work_when_it_cannot_be_one(target, command, tmp_path, capsys):
    """``play --save`` to a named pipe waited forever for a reader, to a folder ended in Python's own words, and both
    after the whole game was played and printed; ``answers --out`` the same."""
    path = {"folder": tmp_path, "pipe": tmp_path / "pipe", "device": Path("/dev/null"),
            "no folder": tmp_path / "nowhere" / "game.json"}[target]
    if target == "pipe":
        os.mkfifo(path)
    says = {"folder": "not a regular file (a folder)", "pipe": "not a regular file (a named pipe)",
            "device": "not a regular file (a character device)", "no folder": "its folder"}[target]
    answers = tmp_path / "answers.csv"
    answers.write_text("not even a header\n")  # never read: the page to write is checked first
    argv = (["play", "zerzura", "--save", str(path)] if command == "play"
            else ["answers", str(answers), "--out", str(path)])
    refused_by_the_cli(argv, says, capsys)  # nothing printed: no game played, no answers read
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["answers.csv", *(["pipe"] if target == "pipe"
                                                                                  else [])])


def test_a_saved_game_is_written_whole_and_readable_like_any_new_file(tmp_path, capsys):
    saved = tmp_path / "game.json"
    saved.write_text("an older save")
    assert main(["play", "zerzura", "--seed", "2", "--save", str(saved)]) == 0
    assert loads(saved.read_text()).final.is_terminal() and [p.name for p in tmp_path.iterdir()] == ["game.json"]
    mask = os.umask(0o022)  # read by setting it back
    os.umask(mask)
    assert saved.stat().st_mode & 0o777 == 0o666 & ~mask


@pytest.mark.parametrize("where", ["score", "mansion", "data", "rules", "zero data", "zero rules", "folder"])
def test_only_regular_files_are_read(where, tmp_path, capsys):
    """A named pipe given as any file once blocked forever, a link to /dev/zero read until memory ran out."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    box, root = tmp_path / "box", tmp_path / "project"
    (box / "zerzura").mkdir(parents=True)
    (root / "docs" / "rules").mkdir(parents=True)
    (root / "tests").mkdir()
    shutil.copy(bundled_dir().parent / "docs" / "rules" / "zargos.md", root / "docs" / "rules")
    special = {"zero data": "/dev/zero", "zero rules": "/dev/zero", "folder": str(tmp_path)}.get(where, pipe)
    if where in ("data", "zero data"):
        (box / "zerzura" / "goods.yaml").symlink_to(special)
        kind = "a named pipe" if where == "data" else "a character device"
        argv, says = ["data", "check", str(box)], f"goods.yaml: not a regular file ({kind})"
    elif where in ("rules", "zero rules"):
        (root / "tests" / "test_x.py").symlink_to(special)
        argv, says = ["rules", "coverage", "--root", str(root)], "test_x.py: not a regular file"
    elif where == "mansion":
        argv, says = ["odds", "zaar-next-card", "--mansion", str(pipe)], "not a regular file (a named pipe)"
    else:
        argv, says = ["score", "zerzura", str(special)], "not a regular file"
    refused_by_the_cli(argv, says, capsys)


@pytest.mark.parametrize(("source", "says"), [("def f(:\n", "not Python: invalid syntax (line 1)"),
                                              ("x = 1\0\n", "not Python: source code string cannot contain null")])
def test_rules_coverage_names_a_test_file_that_is_not_python(source, says, tmp_path, capsys):
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    shutil.copy(bundled_dir().parent / "docs" / "rules" / "zargos.md", tmp_path / "docs" / "rules")
    (tmp_path / "tests" / "test_broken.py").write_text(source)
    refused_by_the_cli(["rules", "coverage", "--root", str(tmp_path)], f"test_broken.py: {says}", capsys)


def test_an_empty_data_folder_is_not_reported_as_all_from_a_rulebook(tmp_path, capsys):
    refused_by_the_cli(["data", "check", str(tmp_path)], "no data file here to check", capsys)


MANSIONS = [
    ({"rooms": [{"room": "panjdari", "cell": [0, 0], "rotation": 1e400}]}, "rooms[0]: rotation is a whole number"),
    ({"rooms": [{"room": "panjdari", "cell": [0, 0], "rotation": 1.5}]}, "rooms[0]: rotation is a whole number"),
    ({"rooms": [{"room": "panjdari", "cell": [0, 0], "rotation": True}]}, "rooms[0]: rotation is a whole number"),
    ({"rooms": [{"room": "panjdari", "cell": [0, 0]}, {"room": "suspended_room", "cell": [1, 0]},
                {"room": "suspended_room", "cell": [2, 0]}]}, "suspended_room is in the mansion twice"),
    ({"rooms": [{"room": "panjdari", "cell": [0, 0]}, {"room": "sacred_room_3", "cell": [0, 0]}]},
     "cell [0, 0] already holds panjdari"),
    ({"rooms": [{"room": "panjdari", "cell": [0]}]}, "a cell is [q, r]"),
    ({"rooms": [{"room": "panjdari", "cell": [0, 0.5]}]}, "a cell is [q, r]"),
    ({"rooms": [{"room": "panjdari", "cell": [0, 10**9]}]}, "far off the cloth"),
    ({"rooms": [{"room": "panjdari", "cell": "0,0"}]}, "a cell is [q, r]"),
    ({"rooms": [{"room": 7, "cell": [0, 0]}]}, 'a room is {"room"'),
    ({"rooms": ["panjdari"]}, 'a room is {"room"'),
    ({"rooms": {"room": "panjdari"}}, 'a mansion is {"rooms"'),
    ({"room": "panjdari"}, 'a mansion is {"rooms"'),
    ({"rooms": [{"room": "no_such_room", "cell": [0, 0]}]}, "no room card is called 'no_such_room'"),
    ({"rooms": [{"room": "sacred_hall", "cell": [0, 0]}]}, "ZAAR-SETUP-02"),
    ({"rooms": [{"room": "bloody_chamber", "cell": [1, 0]}]}, "ZAAR-SETUP-01"),
    ({"rooms": [{"room": "bloody_chamber", "cell": [0, 0]}, {"room": "sacred_room_3", "cell": [3, 0]}]},
     "no door joins it"),
    ({"rooms": [{"room": "bloody_chamber", "cell": [0, 0]}], "amulet_doors": [[[0, 0], 9]]}, "an Amulet door is"),
    ({"rooms": [{"room": "bloody_chamber", "cell": [0, 0]}], "passages": [[5, 5]]}, "ZAAR-TOOL-12: no room there"),
    ({"rooms": [{"room": "bloody_chamber", "cell": [0, 0]}], "pile": ["no_such_card"]}, "no_such_card"),
    ({"rooms": [{"room": "bloody_chamber", "cell": [0, 0]}], "pile": [["panjdari"]]}, "pile: a list of card ids"),
    ({"rooms": [{"room": "bloody_chamber", "cell": [0, 0]}], "pile": "panjdari"}, "pile: a list of card ids"),
]


@pytest.mark.parametrize(("mansion", "says"), MANSIONS, ids=[s[:40] for _, s in MANSIONS])
def test_bad_mansion_files(mansion, says, tmp_path, capsys):
    path = tmp_path / "mansion.json"
    path.write_text(json.dumps(mansion).replace("Infinity", "1e400"))
    refused_by_the_cli(["odds", "zaar-next-card", "--mansion", str(path)], says, capsys)


# -- data folders ------------------------------------------------------------------------------------------------
def _edited(tmp_path, name, old, new, count=1):
    folder = tmp_path / "box"
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    text = (bundled_dir() / name).read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {name}"
    (folder / name).write_text(text.replace(old, new, count), encoding="utf-8")
    return folder


DATA = [
    ("zerzura/goods.yaml", "- {id: turban_2,", "- {id: turban_1,", "id 'turban_1' appears twice", ZerzuraGame),
    ("zerzura/goods.yaml", "count: 3}", "count: 0}", "expected a whole number from 1 to 50", ZerzuraGame),
    ("zerzura/characters.yaml", "batch: 3}", "batch: 0}", "expected a whole number from 1 to 20", ZerzuraGame),
    ("zerzura/characters.yaml", "{id: guard_plus_1,", "{id: guard_minus_1,", "appears twice", ZerzuraGame),
    ("zerzura/commands.yaml", "id: ring_7", "id: cards_12", "appears twice", ZerzuraGame),
    ("zerzura/commands.yaml", "not_with_players: [5]", "not_with_players: [-1, 99]",
     "expected a whole number from 2 to 5, got int -1", ZerzuraGame),
    ("zerzura/commands.yaml", "needs: {stored: 6}", "needs: {stored: 0}", "expected a whole number from 1 to 60",
     ZerzuraGame),
    ("zaar/characters.yaml", "id: warrior", "id: wise", "appears twice", ZaarGame),
    ("zaar/raml.yaml", "count: 3", "count: 14", "expected a whole number from 1 to 4", ZaarGame),
    ("zaar/raml.yaml", "count: 3", "count: 2", "asks for numbers the raml cannot show", ZaarGame),
    ("zaar/rooms.yaml", "{id: panjdari,", "{id: bloody_chamber,", "appears twice", ZaarGame),
    ("zargos/map.yaml", "- id: ", "- id: zargos\n    dup: 1\n  - id: ", "zargos/map.yaml", ZargosGame),
    ("zargos/magic.yaml", "count: 1", "count: 0", "expected a whole number from 1 to 40", ZargosGame),
    ("zogars_gaze/dungeon.yaml", "count: 1", "count: -1", "expected a whole number from 1 to 126", ZogarGame),
    ("zogars_gaze/market.yaml", "count: 1", "count: 0", "expected a whole number from 1 to 18", ZogarGame),
    ("zogars_gaze/characters.yaml", "owns: princess_3", "owns: nothing_at_all", "which is no card", ZogarGame),
    # numbers past any the boxes print: a number in a data file is from -1000 to 1000, and finite
    ("zerzura/commands.yaml", "needs: {cards: 12}", "needs: {cards: 1000000000}", "from 1 to 60, got int 1000000000",
     ZerzuraGame),
    ("zerzura/scoring.yaml", "{vp: 3,", "{vp: -" + "9" * 30 + ",", "from -1000 to 1000", ZerzuraGame),
    ("zogars_gaze/dungeon.yaml", "count: 14, tp: 1}", "count: 14, tp: -1000000000}", "from -1000 to 1000",
     ZogarGame),
    ("zargos/map.yaml", "pos: [0.0, 0.0]", "pos: [.nan, 0.0]", "from -1000 to 1000, got float nan", ZargosGame),
    ("zargos/map.yaml", "capital_value: 10", "capital_value: -1000000000", "from -1000 to 1000", ZargosGame),
    ("zaar/board.yaml", "enclosures: 4", "enclosures: 1000000", "from 2 to 10", ZaarGame),
    ("zaar/characters.yaml", "life: 4,", "life: 500,", "from 1 to 48", ZaarGame),
    ("zaar/characters.yaml", "tools: [], ability: \"reads", "tools: [" + "amulet, " * 49 + "amulet], ability: \"reads",
     "50 amulet coins, the supply has 7", ZaarGame),
    # what a game cannot be played with
    ("zaar/board.yaml", "name_table: [[4, -4], [4, -3], [4, -2], [4, -1], [4, 0], [5, -4], [5, -3]]",
     "name_table: []", "the demon's-name table has cells", ZaarGame),
    ("zogars_gaze/characters.yaml", "damage_types: [fire, frost,", "damage_types: [fire, fire, frost,",
     "fire listed twice", ZogarGame),
]


@pytest.mark.parametrize(("name", "old", "new", "says", "game"), DATA, ids=[f"{d[0]}: {d[3]}"[:60] for d in DATA])
def test_bad_data_folders(name, old, new, says, game, tmp_path, capsys):
    folder = _edited(tmp_path, name, old, new)
    refused_by_the_cli(["data", "check", str(folder)], says, capsys)
    with pytest.raises(DataError, match=says.replace("(", r"\(").replace(")", r"\)")):
        game(data_dir=str(folder))  # the game refuses the same folder when it is created


def _rewritten(tmp_path, name, change):
    """A data folder whose file ``name`` is the bundled one with ``change(doc)`` applied (YAML in, YAML out)."""
    import yaml

    doc = yaml.safe_load((bundled_dir() / name).read_text(encoding="utf-8"))
    change(doc)
    (tmp_path / "box" / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "box" / name).write_text(yaml.safe_dump(doc), encoding="utf-8")
    return tmp_path / "box"


def _no_tile_for_any_table(doc):
    for tile in doc["tiles"]:
        tile["not_with_players"] = [2, 3, 4, 5]


@pytest.mark.parametrize(("name", "change", "says", "game"), [
    ("zerzura/commands.yaml", _no_tile_for_any_table, "with 2 players only 0 tiles may be drawn", ZerzuraGame),
    ("zaar/astrolabe.yaml", lambda doc: doc.update(backside=[]), "backside: a ring of the astrolabe has sectors",
     ZaarGame),
    ("zaar/astrolabe.yaml", lambda doc: doc.update(lower=[], notch=[]), "lower: a ring of the astrolabe", ZaarGame),
], ids=["no command tile to draw", "an empty backside", "an empty lower plate"])
def test_data_a_game_cannot_be_played_with_is_refused_by_data_check(name, change, says, game, tmp_path, capsys):
    """Each once passed ``data check`` and then broke a game: an IndexError when the tiles were drawn, a division
    by zero when the backside turned."""
    folder = _rewritten(tmp_path, name, change)
    refused_by_the_cli(["data", "check", str(folder)], says, capsys)
    with pytest.raises(DataError, match=says):
        game(data_dir=str(folder))


def test_a_yaml_merge_key_is_named_as_such(tmp_path, capsys):
    folder = tmp_path / "box" / "zerzura"
    folder.mkdir(parents=True)
    (folder / "goods.yaml").write_text("provenance: {source: public, detail: x}\nbase: &b {id: a}\n"
                                       "cards:\n  - <<: *b\n    count: 1\n")
    refused_by_the_cli(["data", "check", str(folder.parent)], "a merge key (<<) at line 4", capsys)


def test_yml_files_big_files_and_alias_bombs_are_refused(tmp_path, capsys):
    folder = tmp_path / "box" / "zerzura"
    folder.mkdir(parents=True)
    shutil.copy(bundled_dir() / "zerzura/goods.yaml", folder / "goods.yml")
    refused_by_the_cli(["data", "check", str(folder.parent)], "rename it to .yaml", capsys)
    with pytest.raises(DataError, match="rename it to goods.yaml"):
        ZerzuraGame(data_dir=str(folder.parent))
    (folder / "goods.yml").unlink()
    (folder / "goods.yaml").write_text("provenance: {source: public, detail: x}\n# " + "x" * 1_100_000 + "\n")
    refused_by_the_cli(["data", "check", str(folder.parent)], "larger than 1,000,000 bytes", capsys)
    bomb = ["provenance: {source: public, detail: x}", 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol"]']
    bomb += [f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
             f"*{chr(97 + i)}, *{chr(97 + i)}]" for i in range(9)]
    (folder / "goods.yaml").write_text("\n".join(bomb) + "\ncards: *j\n")
    refused_by_the_cli(["data", "check", str(folder.parent)], "more than 100,000 values", capsys)
    (folder / "goods.yaml").write_bytes(b"provenance: {source: public, detail: caf\xe9}\n")
    refused_by_the_cli(["data", "check", str(folder.parent)], "not UTF-8 text", capsys)


# -- saved states ------------------------------------------------------------------------------------------------
def mid_game(game, steps=80):
    return play(game, [random_bot] * game.num_players, seed=1, max_steps=steps).final


def _set(path, value):
    def tamper(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value(node[path[-1]]) if callable(value) else value
    return tamper


def _drop_first(name):
    return _set((name,), lambda pile: pile[1:])


def _twice_first(name):
    return _set((name,), lambda pile: pile + pile[:1])


def _extra(d):
    d["colour"] = "red"


def _tools_given(tools):
    """Zaar's first player holds ``tools`` more, taken from the supply: every coin still counted."""
    def tamper(d):
        order = ("amulet", "boswellia", "peganum")
        d["supply"] = [n - tools.count(tool) for tool, n in zip(order, d["supply"], strict=True)]
        d["tools"][0] = d["tools"][0] + tools
    return tamper


STATES = {
    "zerzura": (ZerzuraGame(players=3), [
        (_drop_first("deck"), "cards: "), (_twice_first("deck"), "cards: "), (_set(("deck",), ["lamp_9"]), "cards"),
        (_set(("areas",), lambda a: a[:2]), "areas: one entry per player"), (_set(("holder",), 99), "holder"),
        (_set(("holder",), 1.0), "holder"), (_set(("holder",), True), "holder"), (_set(("acted",), -1), "acted"),
        (_set(("phase",), "dance"), "phase"), (_set(("birds", 0), "moon"), "birds[0]"),
        (_twice_first("tiles_up"), "tiles"), (_set(("tiles_up",), lambda t: t + ["gold_9"]), "tiles"),
        (_set(("protected", 0), ["sultan"]), "protected[0]"), (_extra, "no field 'colour'"),
        (_set(("round",), "eleven"), "round"), (_set(("deck",), "lamp_1"), "deck"),
    ]),
    "zaar": (ZaarGame(players=3), [
        (_drop_first("pile"), "cards"), (_twice_first("pile"), "cards"), (_set(("player",), 99), "player"),
        (_set(("level",), 0), "level"), (_set(("life", 0), lambda n: n + 1), "life coins"),
        (_set(("bag", 0), -1), "bag[0]"), (_set(("supply", 0), lambda n: n - 1), "tools"),
        (_set(("status", 0), "dancing"), "status[0]"), (_set(("pawns", 0), []), "pawns[0]"),
        (_set(("life",), lambda life: life[:2]), "life: one entry per player"), (_set(("turn",), "x"), "turn"),
        (_set(("trapper",), 7), "trapper"), (_extra, "no field 'colour'"), (_set(("winner",), [9]), "winner"),
        (lambda d: d["rooms"][1].__setitem__(0, d["rooms"][0][0]), "one room a cell"),
        (_set(("winner",), [0, 0]), "winner: players of this game, each once"),
        (_set(("draws_left",), "3"), "draws_left: a whole number"), (_set(("moves_left",), -1), "moves_left"),
        (_set(("stays", 0), 10**6), "stays[0]"), (_set(("stays",), [0]), "stays: one entry per player"),
        (_tools_given(["peganum", "amulet"]), "tools[0]: the tools a player holds, in order"),
        (_set(("tools", 0), "amulet"), "tools[0]: a list of tool names expected"),
        (_set(("plates",), [99, 0, 0]), "plates (lower)"), (_set(("plates",), [0, 0]), "plates: (lower, top, back)"),
        (_set(("order",), [[0, 0]]), "order: players of this game, each once"),
        (_set(("rolls",), [[7, 1]]), "rolls: players"), (_set(("choosers",), [0, 0]), "choosers"),
        (_set(("characters", 0), "wizard"), "characters[0]: a character of the game or none"),
        (_set(("revoked",), [[[99, 99], "A"]]), "revoked: cells of the mansion"),
        (_set(("destroyed",), [[99, 99]]), "destroyed: cells of the mansion"),
        (_set(("demon_room",), [[99, 99]]), "demon_room: cells of the mansion"),
        (_set(("revealed",), ["L1", "L1"]), "revealed: letters of the name"),
        (_set(("revealed",), ["Z9"]), "revealed: letters of the name"),
        (_set(("paid",), [7]), "paid: missions paid once"), (_set(("pending",), ["nap"]), "pending: one of"),
        (_set(("coin_queue",), [["player", 9]]), "coin_queue[0]: where a coin goes"),
        (_set(("coin_queue",), [["moon", [0, 0]]]), "coin_queue[0]: where a coin goes"),
    ]),
    "zargos": (ZargosGame(players=3), [
        (_drop_first("deck"), "magic cards"), (_twice_first("deck"), "magic cards"), (_set(("boats",), [16, 0, 0]),
                                                                                       "boats[0]"),
        (_set(("boats",), [8, 8, 0]), "the supply has 15"), (_set(("hands",), [[], []]), "hands"),
        (_set(("peoples",), lambda p: p[:1] * len(p)), "peoples"), (_set(("owners", 0), 99), "owners"),
        (_set(("board", 0, 0), "atlantis"), "board[0]"), (_set(("board", 0, 2), 0), "board[0] units"),
        (_set(("board", 0, 2), 500), "board[0] units"), (_set(("board",), lambda b: b + b[:1]), "held twice"),
        (_set(("seat",), 99), "seat"), (_set(("master",), "nobody"), "master"), (_set(("phase",), "nap"), "phase"),
        (_set(("turn",), -1), "turn"), (_extra, "no field 'colour'"),
        (lambda d: d.update(points=[[d["peoples"][0], 10**9]]), "points[0]: a whole number from 0 to"),
        (lambda d: d.update(points=[[d["peoples"][0], -7]]), "points[0]: a whole number from 0 to"),
        (lambda d: d.update(points=[[d["peoples"][0], 1], [d["peoples"][0], 2]]), "points[1]: (people in play"),
        (_set(("budget",), "3"), "budget: a whole number"), (_set(("budget",), 10**9), "budget: a whole number"),
        (lambda d: d.update(seats=d["seats"][:1] * len(d["seats"])), "seats: each people takes one seat"),
        (lambda d: d.update(reserve=[[d["peoples"][0], -1]]), "reserve[0]: a whole number"),
        (lambda d: d.update(reserve=[["atlanteans", 3]]), "reserve[0]: (people in play"),
        (_set(("attacking",), [["atlantis", 3]]), "attacking[0]: (province of the map"),
        (lambda d: d.update(attacking=[[d["board"][0][0], 0]]), "attacking[0] units"),
        (_set(("ranking",), [[0, 0]]), "ranking: groups of players or peoples in play, each once"),
        (_set(("ranking",), [["atlanteans"]]), "ranking"), (_set(("rolls",), [7]), "rolls[0]: a whole number from 1"),
        (_set(("choosers",), [9]), "choosers: players of this game"), (_set(("red_queue",), [-1]), "red_queue"),
        (_set(("combat",), ["atlantis", 3, 2, "", 0, 0, 0]), "combat: (province"),
        (lambda d: d.update(combat=[d["board"][0][0], 10**6, 2, "", 0, 0, 0]), "combat[1]"),
        (_set(("reorg",), [["a", "b", 0]]), "reorg[0] units"), (_set(("reorg",), [["a"]]), "reorg[0]: (from, to"),
        (_set(("draws",), [[0, 999]]), "draws[0]"), (_set(("draws",), [[9, 1]]), "draws: players"),
        (_set(("window",), [["no_such_card", "x"]]), "window: magic cards of the game"),
        (_set(("boosts",), ["no_such_card"]), "boosts: magic cards"), (_set(("spell",), ["a", "b", "c"]), "spell"),
        (_set(("war_queue",), [[9, "attacker"]]), "war_queue: players"),
        (_set(("offer",), [9, 0, [], []]), "offer: (from, to, give, take)"),
    ]),
    "zogars_gaze": (ZogarGame(players=3), [
        (_drop_first("dungeon"), "cards"), (_twice_first("dungeon"), "cards"), (_set(("player",), 99), "player"),
        (_set(("winner",), 5), "winner"), (_set(("races",), lambda r: r[:1] * 3), "races"),
        (_set(("hands",), lambda h: h[:2]), "hands"), (_set(("drawable",), 999), "drawable"),
        (_set(("dice",), [1, 2, 3]), "dice"), (_set(("dice",), [7, 1, 1, 1, 1]), "dice[0]"),
        (_set(("rolls",), 5), "rolls"), (_set(("ended_by",), "boredom"), "ended_by"),
        (_set(("phase",), "nap"), "phase"), (_extra, "no field 'colour'"),
        (lambda d: (d["gazes"].append(d["dungeon"][-1]), d["dungeon"].pop()), "gazes"),
    ]),
}
STATE_CASES = [(name, i) for name, (_, cases) in STATES.items() for i in range(len(cases))]
_SAVED = {}


def _saved(name):
    if name not in _SAVED:
        game = STATES[name][0]
        _SAVED[name] = json.loads(json.dumps(mid_game(game).to_dict()))
        assert game.state_from_dict(copy.deepcopy(_SAVED[name])).to_dict() == _SAVED[name]  # untouched: loads
    return _SAVED[name]


@pytest.mark.parametrize(("name", "case"), STATE_CASES, ids=[f"{n}-{STATES[n][1][i][1]}"[:50] for n, i in STATE_CASES])
def test_tampered_states_are_refused(name, case):
    game, cases = STATES[name]
    tamper, says = cases[case]
    data = copy.deepcopy(_saved(name))
    tamper(data)
    assert data != _saved(name)
    before = copy.deepcopy(data)
    with pytest.raises(ValueError) as err:
        game.state_from_dict(data)
    assert says in str(err.value) and "\n" not in str(err.value)
    assert data == before  # loading changes nothing it was given


def _nested(depth: int):
    value = "x"
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("name", list(STATES))
def test_a_state_with_a_field_left_out_or_nested_too_deep_is_refused_in_words(name):
    """A state missing a field once loaded and played on (the field's default filled the hole); a log nested 5,000
    deep raised RecursionError, not the ValueError the API promises (a field of the position nested so deep is
    refused before it is read; a log's event bounds its own facts)."""
    game, _ = STATES[name]
    for field in _saved(name):
        data = {k: v for k, v in copy.deepcopy(_saved(name)).items() if k != field}
        with pytest.raises(ValueError, match=f"state holds every field; {field} is missing"):
            game.state_from_dict(data)
    deep = {**copy.deepcopy(_saved(name)), "phase": _nested(5_000)}
    with pytest.raises(ValueError, match="nested deeper than 64 levels"):
        game.state_from_dict(deep)
    deep_log = {**copy.deepcopy(_saved(name)), "log": [{"kind": "turn", "turn": _nested(5_000)}]}
    with pytest.raises(ValueError, match=r"log\[0\]: cannot be read: the fact turn .* \(at most 3 deep\)"):
        game.state_from_dict(deep_log)


SAVES = [
    (lambda d: d.pop("game"), '"game" is missing'),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d.update(params=[]), '"params" must be a JSON object'),
    (lambda d: d.update(params={"players": 2.5}), "players is a whole number"),
    (lambda d: d.update(history="none"), '"history" must be a JSON list'),
    (lambda d: d["history"].append({"__type__": "Teleport"}), "history: an action cannot be read"),
    (lambda d: d["history"].append({"__type__": "Take", "card": "lamp_9"}), "ZERZURA-"),
    (lambda d: d["final"].update(round=-3), "round"),
    (lambda d: d["final"].update(deck=[]), "cards"),
    (lambda d: d["final"].update(round={"__q__": "1e999999999"}), "a fraction is written as 3/4, not '1e999999999'"),
    (lambda d: d["history"].append({"__type__": "Take", "card": "lamp_1", "colour": "red"}),
     "Take has the fields card, not card, colour"),
    (lambda d: d["history"].append({"__type__": "__class__"}), "unknown type '__class__'"),
    (lambda d: d["history"].append({"__set__": 5}), "a set is written as a list"),
    (lambda d: d["history"].append({"__map__": [[1]]}), "a map is written as a list of [key, value] pairs"),
]


@pytest.mark.parametrize(("tamper", "says"), SAVES, ids=[s for _, s in SAVES])
def test_tampered_saved_games_are_refused(tamper, says):
    game = ZerzuraGame(players=2)
    saved = json.loads(dumps(play(game, [random_bot] * 2, seed=3, max_steps=30)))
    tamper(saved)
    with pytest.raises(ValueError) as err:
        loads(json.dumps(saved), "game.json")
    assert says in str(err.value) and "\n" not in str(err.value)


WRONG_KIND = {tuple: 10**9, int: "x", bool: 7, str: 7}  # a value of another kind than a field always holds


@pytest.mark.parametrize("name", list(STATES))
def test_every_field_of_a_state_holds_its_kind(name):
    """A pile, a count, a flag or a name of the wrong kind is refused in every field, by name (once 13 fields of a
    Zaar state and 13 of a Zargos state took anything)."""
    import dataclasses

    game = STATES[name][0]
    saved = _saved(name)
    kinds = {f.name: type(f.default) for f in dataclasses.fields(type(game.initial_state())) if f.name in saved}
    checked = 0
    for field_name, kind in kinds.items():
        if field_name == "log" or kind not in WRONG_KIND:
            continue
        data = copy.deepcopy(saved)
        data[field_name] = WRONG_KIND[kind]
        with pytest.raises(ValueError) as err:
            game.state_from_dict(data)
        assert str(err.value).startswith(field_name), (field_name, str(err.value))
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("name", list(STATES))
def test_a_fraction_written_as_a_power_is_refused_at_once(name):
    """``{"__q__": "1e999999999"}`` (31 bytes) anywhere in a state once hung loading: Fraction computed the power
    first."""
    import time

    game = STATES[name][0]
    data = copy.deepcopy(_saved(name))
    data[next(iter(data))] = {"__q__": "1e999999999"}
    began = time.monotonic()
    with pytest.raises(ValueError, match="a fraction is written as 3/4, not '1e999999999'"):
        game.state_from_dict(data)
    assert time.monotonic() - began < 5


def test_a_saved_game_is_read_from_text_or_bytes_and_nothing_else():
    text = dumps(play(ZerzuraGame(players=2), [random_bot] * 2, seed=3, max_steps=30))
    assert loads(text.encode()).final == loads(text).final
    for wrong, says in ((5, "a save is JSON text, not int"), (b"\xff{}", "not UTF-8 text (byte 0)"),
                        ('{"game": "zerzura", "game": "zaar"}', "the key 'game' comes twice")):
        with pytest.raises(ValueError, match=re.escape(says)):
            loads(wrong, "game.json")


class _Uncomparable:
    def __hash__(self):
        raise RuntimeError("no hash")

    def __eq__(self, other):
        raise RuntimeError("no equality")


@pytest.mark.parametrize("name", list(STATES))
def test_an_object_that_cannot_be_compared_is_no_action(name):
    """Its ``__hash__`` raising once leaked a RuntimeError out of ``apply``."""
    state = mid_game(STATES[name][0], steps=60)
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="a _Uncomparable object that cannot be compared is not an action"):
        state.apply(_Uncomparable())
    assert state.to_dict() == before


def test_a_score_is_asked_of_lists_of_ids():
    from zaarlab.zerzura.scoring import ImpossibleCollection, score

    with pytest.raises(ImpossibleCollection, match="cards are a list of ids, not str 'lamp_1'"):
        score("lamp_1")  # once read letter by letter: "unknown card 'l'"
    with pytest.raises(ImpossibleCollection, match="tiles are a list of ids, not NoneType"):
        score(["lamp_1"], tiles=None)


# -- chance outcomes of the wrong type -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", [ZargosGame(players=3), ZaarGame(players=2, mode="advanced"), ZerzuraGame(players=2)],
                         ids=["zargos", "zaar", "zerzura"])
def test_chance_outcomes_of_the_wrong_type_are_refused(game):
    state, history = game.initial_state(), play(game, [random_bot] * game.num_players, seed=2, max_steps=400).history
    for action in history:  # the first chance node whose outcomes are numbers
        if state.current_player() == CHANCE and isinstance(action, int):
            break
        state = state.apply(action)
    else:
        pytest.fail("no chance node with a number for an outcome")
    before = state.to_dict()
    for wrong in (float(action), bool(action) if action in (0, 1) else float(action)):
        with pytest.raises(IllegalActionError) as err:
            state.apply(wrong)
        assert err.value.rule_id and type(wrong).__name__ in str(err.value)
    assert state.to_dict() == before
    assert state.apply(action) is not None  # the int itself is fine


# -- the exact odds, asked from Python: work without end is refused by name --------------------------------------
def _survive(flips):
    from zaarlab.zogars_gaze.deck import p_survive, practice_delve

    return p_survive(practice_delve((), 0, seed=1), flips)  # 40 flips took 13 s, a million without end


def _zaar_battle(wisdom):
    return zaar_battle(Result("ordered", Requirement.parse("0*3")), wisdom, "bloody", "A")


@pytest.mark.parametrize("call, says", [
    (lambda: sum_dist(3000, 6), "0 to 100 dice"),
    (lambda: sum_dist(2, 10**9), "1 to 100 faces"),
    (lambda: sum_dist(50, 60), "dice times faces at most 2000"),
    (lambda: sum_dist("3", 6), "not '3' dice"),
    (lambda: _zaar_battle(10**6), "wisdom is a number of throws from 0 to 48"),
    (lambda: _zaar_battle(-1), "from 0 to 48"),
    (lambda: zargos_battle(10**6, 3), "from 1 to 200"),
    (lambda: _survive(10**6), "from 0 to 20, not 1000000"), (lambda: _survive(-1), "from 0 to 20, not -1"),
    (lambda: madness_dist((200,) * 1000), "a Wind strikes from 1 to 57 provinces, not 1000"),
    (lambda: madness_dist((500, 1)), "units from 0 to 200, not 500"),
    (lambda: madness_dist((6,) * 9, halved=False), "9 provinces struck at once have 10,077,696 joint fates"),
    (lambda: tries_needed(Fraction(1, 10**30), Fraction(9, 10)), "at most 100,000 tries are counted"),
], ids=["3000 dice", "a billion faces", "50d60", "dice as text", "a million wisdom", "no wisdom", "a million units",
        "a million flips", "no flips", "a Wind over 1000 provinces", "a province of 500", "a Wind of Death over 9",
        "1e-30 per try"])
def test_exact_odds_refuse_work_beyond_their_bound(call, says):
    with pytest.raises(ValueError, match=says):
        call()


def test_a_data_file_that_is_some_other_text_is_not_echoed(tmp_path, capsys):
    """A link to /etc/passwd once had the whole file printed in the error."""
    folder = tmp_path / "box" / "zerzura"
    folder.mkdir(parents=True)
    (folder / "goods.yaml").write_text("root:x:0:0:root:/root:/bin/bash\n" + "u:x:1::/home/user:/bin/sh\n" * 50)
    refused_by_the_cli(["data", "check", str(folder.parent)], "expected a mapping at the top, got str 'root:x", capsys)
    assert main(["data", "check", str(folder.parent)]) == 2
    assert "/home/user" not in capsys.readouterr().err


@pytest.mark.parametrize("name", list(STATES))
def test_every_number_of_a_state_refuses_nan_and_infinity_and_a_state_no_field_it_does_not_have(name):
    """The same classes of input in every field of every game's state: a number that is no number (NaN, infinity, a
    float where a count goes) is refused by the field's name, and so is a field no state has."""
    import dataclasses

    game = STATES[name][0]
    saved = _saved(name)
    counts = [f.name for f in dataclasses.fields(type(game.initial_state()))
              if f.name in saved and type(f.default) is int]
    assert counts
    for field_name in counts:
        for odd in (math.nan, math.inf, -math.inf, 2.5):
            data = {**copy.deepcopy(saved), field_name: odd}
            with pytest.raises(ValueError) as err:
                game.state_from_dict(data)
            assert str(err.value).startswith(field_name) and "\n" not in str(err.value), (field_name, odd)
    with pytest.raises(ValueError, match="secret_weapon"):
        game.state_from_dict({**copy.deepcopy(saved), "secret_weapon": 1})
