"""The JSON codec of frozen values, IllegalActionError, and the game registry."""

import enum
import json
from dataclasses import dataclass
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from zaarlab.core.api import GAMES, IllegalActionError, register_game
from zaarlab.core.codec import decode, decode_fields, encode, encode_fields


class Colour(enum.Enum):
    RED = "red"
    GREEN = "green"


@dataclass(frozen=True, order=True)
class Attack:
    src: str
    dst: str
    units: int


@dataclass(frozen=True)
class Board:
    owners: tuple
    colours: frozenset
    odds: object
    table: dict


def test_a_nested_value_survives_json():
    board = Board(
        owners=(("A", 1), ("B", None)),
        colours=frozenset({Colour.RED, Colour.GREEN}),
        odds=Fraction(2, 7),
        table={(1, 2): Attack("A", "B", 3)},
    )
    text = json.dumps(encode(board))
    assert decode(json.loads(text), [Board, Attack, Colour]) == board


def test_sympy_rationals_encode_exactly():
    assert decode(encode(sympy.Rational(5, 12))) == Fraction(5, 12)


def test_unknown_types_and_untagged_objects_are_refused():
    with pytest.raises(ValueError, match="unknown type 'Attack'"):
        decode(encode(Attack("A", "B", 1)))
    with pytest.raises(ValueError, match="untagged"):
        decode({"a": 1})
    with pytest.raises(TypeError, match="cannot encode"):
        encode(object())


def test_fields_round_trip_with_given_values():
    data = encode_fields(Attack("A", "B", 2), skip=("src",))
    assert data == {"dst": "B", "units": 2}
    assert decode_fields(Attack, data, src="A") == Attack("A", "B", 2)


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.fractions(),
    lambda inner: st.lists(inner, max_size=4).map(tuple) | st.frozensets(st.integers(), max_size=4),
    max_leaves=12,
)


@given(values)
def test_codec_round_trips_any_frozen_value(value):
    assert decode(json.loads(json.dumps(encode(value)))) == value


def test_illegal_action_error_names_its_rule():
    err = IllegalActionError("ZAAR-PLACE-03", "that cell already holds a room")
    assert err.rule_id == "ZAAR-PLACE-03" and err.message == "that cell already holds a room"
    assert str(err) == "ZAAR-PLACE-03: that cell already holds a room"
    assert isinstance(err, ValueError)


def test_two_games_cannot_share_a_name():
    @register_game
    class One:
        name = "clash-test"

    class Two:
        name = "clash-test"

    try:
        with pytest.raises(ValueError, match="two games are named"):
            register_game(Two)
        assert register_game(One) is One  # registering the same class again is harmless
    finally:
        del GAMES["clash-test"]
