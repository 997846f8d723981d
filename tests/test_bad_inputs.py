"""Bad input of every kind gets a clear one-line error, a non-zero exit, and changes nothing.

One table per way in: command-line arguments, files handed to the command line, data folders, saved states and
saved games, chance outcomes. Each row names the input and a piece of the message a user must see.
"""

import copy
import json
import shutil

import pytest

from zaarlab.cli import main
from zaarlab.core.api import CHANCE, IllegalActionError
from zaarlab.core.data import DataError, bundled_dir
from zaarlab.core.dice import sum_dist
from zaarlab.core.play import dumps, loads, play, random_bot
from zaarlab.zaar.astrolabe import Result
from zaarlab.zaar.odds import battle_dist as zaar_battle
from zaarlab.zaar.raml import Requirement
from zaarlab.zaar.state import ZaarGame
from zaarlab.zargos.odds import battle_dist as zargos_battle
from zaarlab.zargos.state import ZargosGame
from zaarlab.zerzura.state import ZerzuraGame
from zaarlab.zogars_gaze.state import ZogarGame


def refused_by_the_cli(argv, says, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.startswith("zaarlab: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
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
    refused_by_the_cli(["score", "zerzura", "/dev/zero"], "/dev/zero: larger than", capsys)
    big = tmp_path / "big.json"
    big.write_text('{"cards": [' + '"lamp_1", ' * 2_500_000 + '"lamp_1"]}')
    refused_by_the_cli(["score", "zerzura", str(big)], "larger than 20,000,000 bytes", capsys)


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
    ("zaar/characters.yaml", "id: warrior", "id: wise", "appears twice", ZaarGame),
    ("zaar/raml.yaml", "count: 3", "count: 14", "expected a whole number from 1 to 4", ZaarGame),
    ("zaar/raml.yaml", "count: 3", "count: 2", "asks for numbers the raml cannot show", ZaarGame),
    ("zaar/rooms.yaml", "{id: panjdari,", "{id: bloody_chamber,", "appears twice", ZaarGame),
    ("zargos/map.yaml", "- id: ", "- id: zargos\n    dup: 1\n  - id: ", "zargos/map.yaml", ZargosGame),
    ("zargos/magic.yaml", "count: 1", "count: 0", "expected a whole number from 1 to 40", ZargosGame),
    ("zogars_gaze/dungeon.yaml", "count: 1", "count: -1", "expected a whole number from 1 to 126", ZogarGame),
    ("zogars_gaze/market.yaml", "count: 1", "count: 0", "expected a whole number from 1 to 18", ZogarGame),
    ("zogars_gaze/characters.yaml", "owns: princess_3", "owns: nothing_at_all", "which is no card", ZogarGame),
]


@pytest.mark.parametrize(("name", "old", "new", "says", "game"), DATA, ids=[f"{d[0]}: {d[3]}"[:60] for d in DATA])
def test_bad_data_folders(name, old, new, says, game, tmp_path, capsys):
    folder = _edited(tmp_path, name, old, new)
    refused_by_the_cli(["data", "check", str(folder)], says, capsys)
    with pytest.raises(DataError, match=says.replace("(", r"\(").replace(")", r"\)")):
        game(data_dir=str(folder))  # the game refuses the same folder when it is created


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
]


@pytest.mark.parametrize(("tamper", "says"), SAVES, ids=[s for _, s in SAVES])
def test_tampered_saved_games_are_refused(tamper, says):
    game = ZerzuraGame(players=2)
    saved = json.loads(dumps(play(game, [random_bot] * 2, seed=3, max_steps=30)))
    tamper(saved)
    with pytest.raises(ValueError) as err:
        loads(json.dumps(saved), "game.json")
    assert says in str(err.value) and "\n" not in str(err.value)


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
], ids=["3000 dice", "a billion faces", "50d60", "dice as text", "a million wisdom", "no wisdom", "a million units"])
def test_exact_odds_refuse_work_beyond_their_bound(call, says):
    with pytest.raises(ValueError, match=says):
        call()
