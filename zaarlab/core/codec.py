"""JSON-safe encoding of frozen game values: dataclasses, enums, tuples, sets, maps and exact fractions.

States and actions are frozen dataclasses built from tuples, frozensets, enums and exact numbers. JSON
has none of those, so :func:`encode` tags them and :func:`decode` rebuilds them exactly, given the classes
it may meet. Lists come back as tuples: everything in a state is immutable.

Examples
--------
>>> from dataclasses import dataclass
>>> from fractions import Fraction
>>> @dataclass(frozen=True)
... class Move:
...     src: str
...     dst: str
...     units: int
>>> data = encode((Move("A", "B", 3), frozenset({2, 1}), Fraction(1, 3)))
>>> data
[{'__type__': 'Move', 'src': 'A', 'dst': 'B', 'units': 3}, {'__set__': [1, 2]}, {'__q__': '1/3'}]
>>> decode(data, [Move])
(Move(src='A', dst='B', units=3), frozenset({1, 2}), Fraction(1, 3))
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import cache
from typing import Any

from .exact import is_rational_type

_PLAIN = frozenset({type(None), bool, int, str})


def encode(value: Any) -> Any:
    """A JSON-safe form of ``value`` (see the module docstring for the tags)."""
    kind = type(value)  # exact types first: states are mostly tuples of strings and ints
    if kind in _PLAIN:
        return value
    if kind is tuple:
        if _PLAIN.issuperset(map(type, value)):  # a pile of card ids: copied in C, the commonest case by far
            return list(value)
        return [v if type(v) in _PLAIN else encode(v) for v in value]
    encoder = _ENCODERS.get(kind)
    if encoder is None:  # each other type's way is found once: a state holds thousands of cells and actions
        encoder = _ENCODERS[kind] = _encoder_for(kind)
    return encoder(value)


_ENCODERS: dict[type, Callable[[Any], Any]] = {}


def _encoder_for(kind: type) -> Callable[[Any], Any]:
    """How :func:`encode` writes a value of type ``kind`` (the order of the tests matters: an enum that is also a
    str is written as the str)."""
    if issubclass(kind, bool | int | str):
        return lambda value: value
    if issubclass(kind, enum.Enum):
        return lambda value: {"__enum__": kind.__name__, "name": value.name}
    if hasattr(kind, "to_json"):  # a type that writes itself (a log's event, read back by its own from_json)
        return lambda value: value.to_json()
    if issubclass(kind, Fraction) or is_rational_type(kind):
        return lambda value: {"__q__": str(value)}
    if issubclass(kind, tuple) and hasattr(kind, "_fields"):  # a NamedTuple (a hex cell): kept as its type
        return _named_tuple_encoder(kind)
    if issubclass(kind, tuple | list):
        return lambda value: [encode(v) for v in value]
    if issubclass(kind, frozenset | set):
        return lambda value: {"__set__": sorted((encode(v) for v in value), key=_json)}
    if issubclass(kind, dict):
        return lambda value: {"__map__": [[encode(k), encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(kind):
        return _fields_encoder(kind, _field_names(kind))

    def refuse(value: Any) -> Any:
        raise TypeError(f"cannot encode {kind.__name__} value {value!r} as JSON")
    return refuse


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _named_tuple_encoder(kind: Any) -> Callable[[tuple[Any, ...]], dict[str, Any]]:
    name, names = kind.__name__, kind._fields

    def named(value: tuple[Any, ...]) -> dict[str, Any]:
        if _PLAIN.issuperset(map(type, value)):  # a cell's two ints: paired with their names in C
            return {"__type__": name, **dict(zip(names, value, strict=True))}
        return {"__type__": name, **{f: encode(v) for f, v in zip(names, value, strict=True)}}
    return named


def _fields_encoder(kind: type, names: tuple[str, ...]) -> Callable[[Any], dict[str, Any]]:
    name = kind.__name__
    return lambda value: {"__type__": name, **{f: encode(getattr(value, f)) for f in names}}


def decode(data: Any, types: Iterable[type] = ()) -> Any:
    """Rebuild what :func:`encode` made; ``types`` are the dataclasses and enums it may contain."""
    return _decode(data, _by_name(tuple(types)))


@cache
def _by_name(types: tuple[type, ...]) -> dict[str, type]:  # a game's types, met at every field of every load
    return {t.__name__: t for t in types}


def encode_fields(obj: Any, skip: Iterable[str] = ("game",)) -> dict[Any, Any]:
    """A frozen dataclass's fields as a JSON-safe dict, leaving out ``skip`` (a state's game, say).

    The inverse is :func:`decode_fields`; states use the pair for ``to_dict`` and ``state_from_dict``.
    """
    kind: type = type(obj)
    return {name: encode(getattr(obj, name)) for name in _field_names(kind) if name not in skip}


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def decode_fields(cls: type, data: dict[Any, Any], types: Iterable[type] = (), **given: Any) -> Any:
    """``cls`` rebuilt from :func:`encode_fields` output, with the skipped fields ``given`` as keywords."""
    by_name = _by_name(tuple(types))
    return cls(**{k: _decode(v, by_name) for k, v in data.items()}, **given)


def _decode(data: Any, types: dict[str, type]) -> Any:
    kind = type(data)  # exact types first: logs and decks are long lists of strings
    if kind in _PLAIN:
        return data
    if kind is list:
        if _PLAIN.issuperset(map(type, data)):
            return tuple(data)
        return tuple(v if type(v) in _PLAIN else _decode(v, types) for v in data)
    if data is None or isinstance(data, bool | int | str):
        return data
    if not isinstance(data, dict):
        raise ValueError(f"cannot decode {type(data).__name__} value {data!r}")
    if "__q__" in data:
        return _fraction(data["__q__"])
    if "__set__" in data:
        if not isinstance(data["__set__"], list):
            raise ValueError("a set is written as a list")
        return frozenset(_decode(v, types) for v in data["__set__"])
    if "__map__" in data:
        pairs = data["__map__"]
        if not (isinstance(pairs, list) and all(isinstance(pair, list) and len(pair) == 2 for pair in pairs)):
            raise ValueError("a map is written as a list of [key, value] pairs")
        return {_decode(k, types): _decode(v, types) for k, v in pairs}
    if "__enum__" in data:
        cls = _known(types, data["__enum__"])
        name = data.get("name")
        if not isinstance(name, str) or name not in cls.__members__:
            raise ValueError(f"{cls.__name__} has no member {str(name)[:40]!r}")
        return cls[name]
    if "__type__" in data:
        cls = _known(types, data["__type__"])
        fields = data.copy()
        del fields["__type__"]
        if not _PLAIN.issuperset(map(type, fields.values())):  # a cell's two ints, an action's card: as they are
            fields = {k: _decode(v, types) for k, v in fields.items()}
        try:
            return cls(**fields)
        except TypeError:  # a field it does not have, or one it needs and lacks
            names = [f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls) else ["its own"]
            expected = ", ".join(names)
            raise ValueError(f"{cls.__name__} has the fields {expected or 'none'}, not "
                             f"{', '.join(str(k)[:40] for k in list(fields)[:5]) or 'none'}") from None
    raise ValueError(f"untagged JSON object {data!r}: expected one of __type__, __enum__, __set__, __map__, __q__")


_FRACTION = re.compile(r"-?[0-9]{1,100}(/[0-9]{1,100})?")  # as str(Fraction) writes one: no exponent to expand


def _fraction(text: Any) -> Fraction:
    """A fraction as :func:`encode` writes it (``"-3/4"``); anything else (``"1e999999999"``, whose power Fraction
    would compute first) is refused."""
    if not isinstance(text, str) or not _FRACTION.fullmatch(text) or not int(text.partition("/")[2] or 1):
        raise ValueError(f"a fraction is written as 3/4, not {str(text)[:40]!r}")
    return Fraction(text)


def _known(types: dict[str, Any], name: str) -> Any:
    try:
        return types[name]
    except KeyError:
        raise ValueError(f"unknown type {name!r} (known: {', '.join(sorted(types)) or 'none'})") from None
