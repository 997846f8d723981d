"""Saved mansions reload exactly: turned first rooms, the Suspended Room (moved or not), any order of rooms."""

import contextlib
import io
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zaarlab.cli import main
from zaarlab.core.hexgrid import Hex
from zaarlab.zaar.board import Mansion
from zaarlab.zaar.cards import load_cards
from zaarlab.zaar.odds import next_card_odds

CARDS = load_cards()
FIRSTS = sorted(r.id for r in CARDS.rooms.values() if r.plaques)
ROOMS = sorted(CARDS.rooms)


def random_mansion(seed: int) -> Mansion:
    """Random legal placements from a random first room in a random rotation; the Suspended Room often, and moved."""
    rng = random.Random(seed)
    mansion = Mansion.start(rng.choice(FIRSTS), rotation=rng.randrange(6))
    rooms = ["suspended_room"] * 3 + ROOMS if rng.random() < 0.7 else ROOMS
    for _ in range(rng.randrange(1, 25)):
        room = rng.choice(rooms)
        options = mansion.legal_placements(room)
        if options:
            mansion = mansion.place(room, *rng.choice(options))
        suspended = [c for c in mansion.layout if mansion.room_at(c).special == "suspended"]
        if suspended and rng.random() < 0.3 and mansion.relocations(suspended[0]):
            mansion = mansion.relocate(suspended[0], rng.choice(mansion.relocations(suspended[0])))
    return mansion


@pytest.mark.rule("ZAAR-SETUP-02", "ZAAR-ROOM-03")
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.randoms(use_true_random=False))
def test_every_legally_built_mansion_survives_save_and_load_in_any_order(seed, rng):
    mansion = random_mansion(seed)
    data = json.loads(json.dumps(mansion.to_dict()))
    rng.shuffle(data["rooms"])  # loading checks the finished mansion, not one order of placement
    again = Mansion.from_dict(data)
    assert again == mansion and again.rooms == mansion.rooms


def test_a_mansion_joined_only_through_the_suspended_room_reloads():
    mansion = Mansion.start("bloody_chamber", rotation=1)
    placed = next(p for p in mansion.legal_placements("suspended_room"))
    mansion = mansion.place("suspended_room", *placed)
    joined = []  # rooms whose only door meets the Suspended Room's
    for room in ROOMS:
        for cell, rotation in mansion.legal_placements(room):
            trial = mansion.place(room, cell, rotation)
            if list(trial.door_graph.neighbors(cell)) == [placed[0]]:
                joined.append(trial)
                break
        if joined:
            break
    mansion = joined[0]
    mansion = mansion.relocate(placed[0], mansion.relocations(placed[0])[-1])  # the room it hung on moves away
    assert Mansion.from_dict(mansion.to_dict()) == mansion


def test_the_first_room_keeps_its_turn():
    turned = Mansion.start("panjdari", rotation=1)
    assert Mansion.from_dict(turned.to_dict()).rooms == turned.rooms == ((Hex(0, 0), "panjdari", 1),)
    grown = turned.place("sacred_room_3", *turned.legal_placements("sacred_room_3")[0])
    assert Mansion.from_dict(grown.to_dict()) == grown


@pytest.mark.rule("ZAAR-PLACE-03")
def test_a_second_room_on_an_occupied_cell_is_refused_not_dropped():
    data = {"rooms": [{"room": "panjdari", "cell": [0, 0]}, {"room": "sacred_room_3", "cell": [0, 0]}]}
    with pytest.raises(ValueError, match=r"rooms\[1\]: ZAAR-PLACE-03: cell \[0, 0\] already holds panjdari"):
        Mansion.from_dict(data)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_the_command_line_reads_the_same_mansion(tmp_path_factory, seed):
    mansion = random_mansion(seed)
    path = tmp_path_factory.mktemp("m") / "mansion.json"
    path.write_text(json.dumps(mansion.to_dict()))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["odds", "zaar-next-card", "--mansion", str(path), "--missions", "", "--json"]) == 0
    assert json.loads(out.getvalue()) == {k: str(v) for k, v in next_card_odds(mansion).items()}
