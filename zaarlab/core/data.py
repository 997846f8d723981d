"""Data files: YAML loading, validation against a schema, provenance, and user overrides.

Every data file opens with a ``provenance`` block saying where its content comes from::

    provenance:
      source: rulebook        # or: public, reconstructed
      detail: "ZARGOS-COMP-04"  # rule IDs, the public source, or the entry of docs/rules/readings.md and why

and any entry that differs from the file's default carries a ``provenance`` of its own. Files are read
with ``yaml.safe_load`` semantics (plus a refusal of duplicate keys), checked against the schema their
game registered with :func:`register_schema`, then against the game's own counts. Every problem raises
:class:`DataError` naming the file, the entry and what is wrong.

A user with the real box overrides a bundled file by putting a file of the same name in their own data
folder: the ``data_dir=`` argument, else the ``ZAARLAB_DATA`` environment variable.

Examples
--------
>>> spec = {"dice": [{"name": str, "faces": int}]}
>>> doc = {"provenance": {"source": "rulebook", "detail": "X-1"}, "dice": [{"name": "d6", "faces": "six"}]}
>>> validate(doc, spec, "dice.yaml")
Traceback (most recent call last):
...
zaarlab.core.data.DataError: dice.yaml: dice[0].faces: expected int, got str 'six'
"""

from __future__ import annotations

import functools
import math
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .files import FileRefused, read_text

SOURCES = ("rulebook", "public", "reconstructed")
ENV_VAR = "ZAARLAB_DATA"
MAX_FILE_BYTES = 1_000_000  # the largest bundled file is about 11 kB
MAX_ENTRIES = 100_000  # values in a file once its aliases are expanded (the bundled files hold a few thousand)
MAX_NUMBER = 1000  # any number in a data file: the boxes' numbers are under a hundred, a map's a few hundred


class DataError(ValueError):
    """A data file that cannot be used; the message names the file, the entry and the problem."""

    def __init__(self, file: str, entry: str, problem: str):
        super().__init__(f"{file}: {entry}: {problem}" if entry and entry != "-" else f"{file}: {problem}")
        self.file, self.entry, self.problem = file, entry, problem


@dataclass(frozen=True)
class Optional:
    """Marks a mapping key that may be absent: ``{"note": Optional(str)}``."""

    spec: Any


@dataclass(frozen=True)
class OneOf:
    """A value that must be one of a fixed set: ``OneOf(("red", "green"))``."""

    values: tuple[Any, ...]


@dataclass(frozen=True)
class Bounded:
    """A whole number from ``low`` to ``high``: counts, batch sizes and dice that keep the work bounded."""

    low: int
    high: int


@dataclass(frozen=True)
class Schema:
    """How to check one data file: a structural ``spec`` and a ``check`` for counts and cross-references.

    ``check(doc, fail)`` calls ``fail(entry, problem)`` for the first thing wrong.
    """

    spec: Any
    check: Callable[[dict[Any, Any], Callable[[str, str], None]], None] | None = None


SCHEMAS: dict[str, Schema] = {}
"""The schema of every known data file, by its name relative to a data folder (``"zargos/map.yaml"``)."""


def register_schema(name: str, spec: Any, check: Callable[..., Any] | None = None) -> None:
    """Declare the schema of data file ``name``; games call this when their module is imported."""
    SCHEMAS[name] = Schema(spec, check)


GAME_LOADERS: dict[str, Callable[[Any], object]] = {}
"""Per game: a function of a data folder that loads every file the game uses and checks them against each other."""


def register_game_data(game: str, load_all: Callable[[Any], object]) -> None:
    """Declare how ``game`` loads its data: run by :func:`check_folder` and when a game is created."""
    GAME_LOADERS[game] = load_all


# -- finding and reading files ----------------------------------------------------------------------
@functools.cache  # where zaarlab is installed does not change while it runs; a bot's every score asks (file_key)
def bundled_dir() -> Path:
    """The data folder shipped with zaarlab: the repository's ``data/``.

    An installed wheel carries it as ``zaarlab/bundled_data/``; a source checkout or an editable install
    reads ``data/`` beside the package.
    """
    package = Path(__file__).resolve().parent.parent
    packaged = package / "bundled_data"
    return packaged if packaged.is_dir() else package.parent / "data"


def notebooks_dir() -> Path:
    """The notebooks shipped with zaarlab (the teaching notebooks, and the classroom's dashboards in ``classroom/``):
    the repository's ``notebooks/``, carried by an installed wheel as ``zaarlab/bundled_notebooks/``.

    >>> (notebooks_dir() / "classroom" / "exercises.ipynb").is_file()
    True
    """
    package = Path(__file__).resolve().parent.parent
    packaged = package / "bundled_notebooks"
    return packaged if packaged.is_dir() else package.parent / "notebooks"


def user_dir(data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """The user's override folder: ``data_dir`` if given, else ``$ZAARLAB_DATA``, else ``None``. A folder holding
    anything zaarlab would not read (a folder or file of no game) is refused: an override that cannot be used is an
    error, never silently the bundled data."""
    chosen = data_dir if data_dir is not None else os.environ.get(ENV_VAR)
    if not chosen:
        return None
    path = _data_folder(Path(chosen))
    _no_strangers(path)
    return path


def _data_folder(path: Path) -> Path:
    """``path``, refused in words unless it is a folder (a file given for one is named as a file)."""
    if not path.is_dir():
        raise DataError(str(path), "-", "not a folder: a data folder holds a folder of files per game" if
                        path.exists() else "the data folder does not exist")
    return path


def _no_strangers(folder: Path) -> None:
    """Refuse what the user's ``folder`` holds, two levels down, that zaarlab reads under no name (a game's folder and
    its files, as bundled or registered): it would be read by no one, silently."""
    bundled = bundled_dir()
    known = {*SCHEMAS, *(str(Path(name).parent) for name in SCHEMAS)}
    known |= {p.relative_to(bundled).as_posix() for p in (*bundled.glob("*"), *bundled.glob("*/*"))}
    entries = [e for e in folder.iterdir() if not e.name.startswith(".")]
    entries += [e for d in entries if d.is_dir() and not d.is_symlink() for e in d.iterdir()
                if not e.name.startswith(".")]
    for entry in sorted(entries):
        name = entry.relative_to(folder).as_posix()
        if name.endswith(".yml") and name.removesuffix(".yml") + ".yaml" in known:
            raise DataError(str(entry), "-", f"zaarlab reads .yaml files: rename it to {Path(name).stem}.yaml")
        if name not in known:
            raise DataError(str(entry), "-", "zaarlab reads nothing of this name: a game's files go in its folder "
                            "(zaar, zargos, zerzura, zogars_gaze), named as the bundled ones")


def _own_file(folder: Path, path: Path) -> Path:
    """``path``, a data file the user's ``folder`` has: a regular file inside the folder (a link may point to one
    there), told apart without opening it (a named pipe would wait)."""
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):  # a link to nothing, or a loop of links
        raise DataError(str(path), "-", "a link to no file") from None
    if not target.is_relative_to(folder.resolve()):
        raise DataError(str(path), "-", "a link out of the data folder: copy the file into it") from None
    mode = target.stat().st_mode
    if not stat.S_ISREG(mode):
        raise DataError(str(path), "-", "not a regular file: zaarlab reads only files")
    return path


def resolve(name: str, data_dir: str | os.PathLike[str] | None = None) -> Path:
    """The file that provides ``name``: the user's copy if there is one, else the bundled one. Whatever the user's
    folder holds under that name (a folder, a named pipe, a link out of the folder or to nothing) is refused."""
    override = user_dir(data_dir)
    if override is not None and os.path.lexists(override / name):
        return _own_file(override, override / name)
    if override is not None and (override / name).with_suffix(".yml").is_file():
        raise DataError(str((override / name).with_suffix(".yml")), "-", "zaarlab reads .yaml files: rename it "
                        f"to {Path(name).name}")
    path = bundled_dir() / name
    if not path.is_file():
        raise DataError(name, "-", "no such data file, bundled or in the user's data folder")
    return path


def file_key(name: str, data_dir: str | os.PathLike[str] | None = None) -> tuple[str, int, int]:
    """Data file ``name`` as a loader's cache knows it: the file zaarlab reads (:func:`resolve`), when it last changed
    and its size. What a loader builds from the file is kept under this key, so an edited or replaced file is read
    afresh, and an unchanged one is not parsed again (a bot scores thousands of positions a game).

    >>> file_key("games.yaml")[0].endswith("games.yaml")
    True
    """
    path = resolve(name, data_dir)
    status = path.stat()
    return str(path), status.st_mtime_ns, status.st_size


def load(name: str, data_dir: str | os.PathLike[str] | None = None) -> dict[Any, Any]:
    """Read, validate and return data file ``name`` (user's copy first, then bundled)."""
    return load_file(resolve(name, data_dir), name)


def load_file(path: Path, name: str) -> dict[Any, Any]:
    """Read and validate the file at ``path`` against the schema registered for ``name``."""
    schema = SCHEMAS.get(name)
    if schema is None:
        known = ", ".join(sorted(SCHEMAS)) or "none"
        raise DataError(str(path), "-", f"no schema is known for a file named {name!r} (known: {known})")
    try:
        doc = yaml.load(read_text(path, MAX_FILE_BYTES, "a data file"), Loader=_StrictLoader)
    except FileRefused as refused:
        raise DataError(str(path), "-", refused.problem) from None
    except _MergeKey as merge:
        raise DataError(str(path), "-", str(merge)) from None
    except yaml.YAMLError as exc:
        raise DataError(str(path), "-", f"not valid YAML: {' '.join(str(exc).split())}") from None
    if _entries(doc) > MAX_ENTRIES:
        raise DataError(str(path), "-", f"more than {MAX_ENTRIES:,} values once its aliases are expanded")
    validate(doc, schema.spec, str(path))
    if schema.check is not None:
        schema.check(doc, _failer(str(path)))
    mapping: dict[Any, Any] = doc
    return mapping


def validate(doc: Any, spec: Any, file: str) -> None:
    """Check the provenance blocks and the structure of a parsed document; raise :class:`DataError`."""
    if not isinstance(doc, dict):
        raise DataError(file, "-", f"expected a mapping at the top, got {_describe(doc)}")
    if "provenance" not in doc:
        raise DataError(file, "provenance", "missing: every data file opens with a provenance block")
    for entry, block in _provenance_blocks(doc, ""):
        _check_provenance(block, file, entry)
    _check(doc, {"provenance": dict, **spec}, file, "")


def reconstructed_parts(doc: dict[Any, Any]) -> list[tuple[str, str]]:
    """(entry, detail) for the file (entry ``""``) and each entry whose provenance is ``reconstructed``.

    >>> doc = {"provenance": {"source": "rulebook", "detail": "R-1"},
    ...        "cards": [{"name": "a"}, {"name": "b", "provenance": {"source": "reconstructed", "detail": "GAP-1"}}]}
    >>> reconstructed_parts(doc)
    [('cards[1]', 'GAP-1')]
    """
    return [
        (entry, block["detail"]) for entry, block in _provenance_blocks(doc, "") if block["source"] == "reconstructed"
    ]


@dataclass(frozen=True)
class FileReport:
    """What :func:`check_folder` found in one valid file."""

    name: str
    path: Path
    source: str
    reconstructed: list[tuple[str, str]]


def check_folder(folder: str | os.PathLike[str] | None = None) -> list[FileReport]:
    """Validate a data folder; raise :class:`DataError` at the first problem.

    With a ``folder``, every ``*.yaml`` in it (a user's overrides; each must be a known file name).
    Without, the data zaarlab would use now: every known file, the user's copy where ``$ZAARLAB_DATA``
    has one, else the bundled one.
    """
    if folder is not None:
        root = _data_folder(Path(folder))
        for path in sorted(root.rglob("*.yml")):
            raise DataError(str(path), "-", "zaarlab reads .yaml files: rename it to .yaml")
        paths = {p.relative_to(root).as_posix(): p for p in sorted(root.rglob("*.yaml"))}
    else:
        bundled = bundled_dir()
        for path in sorted(bundled.rglob("*.yaml")):
            name = path.relative_to(bundled).as_posix()
            if name not in SCHEMAS:
                raise DataError(str(path), "-", "bundled file has no registered schema")
        paths = {name: resolve(name) for name in sorted(SCHEMAS)}
    reports = []
    for name, path in paths.items():
        doc = load_file(path, name)
        reports.append(FileReport(name, path, doc["provenance"]["source"], reconstructed_parts(doc)))
    for load_all in GAME_LOADERS.values():  # the files as the games use them: each against the others
        load_all(folder)
    return reports


# -- internals --------------------------------------------------------------------------------------
class _MergeKey(yaml.YAMLError):
    """YAML's merge key, which zaarlab's data files do not use (a merged entry would hide what it holds)."""


_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_SafeLoader):  # type: ignore[valid-type,misc]  # libyaml's loader where it exists
    """``safe_load`` that refuses a mapping with the same key twice (YAML would keep the last silently). It parses
    with libyaml where PyYAML has it (about 8x faster), else in Python, as under Pyodide."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _MergeKey(f"a merge key (<<) at line {key_node.start_mark.line + 1}: zaarlab's data files "
                                "write every entry in full")
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            seen.add(key)
        mapping: dict[Any, Any] = super().construct_mapping(node, deep=deep)
        return mapping


def _entries(doc: Any) -> int:
    """How many values ``doc`` holds with aliases expanded, counting no further than past the limit."""
    count, stack = 0, [doc]
    while stack and count <= MAX_ENTRIES:
        node = stack.pop()
        count += 1
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


def _provenance_blocks(node: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "provenance":
                yield path, value
            else:
                yield from _provenance_blocks(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            named = f" ({value['id']})" if isinstance(value, dict) and "id" in value else ""
            yield from _provenance_blocks(value, f"{path}[{i}]{named}")


def _check_provenance(block: Any, file: str, entry: str) -> None:
    where = f"{entry}.provenance" if entry else "provenance"
    if not isinstance(block, dict):
        raise DataError(file, where, f"expected a mapping with source and detail, got {_describe(block)}")
    if block.get("source") not in SOURCES:
        raise DataError(file, where, f"source must be one of {', '.join(SOURCES)}, got {block.get('source')!r}")
    detail = block.get("detail")
    if not isinstance(detail, str) or not detail.strip():
        raise DataError(file, where, "detail must say where it comes from (rule IDs, source, or why)")
    extra = set(block) - {"source", "detail"}
    if extra:
        raise DataError(file, where, f"unknown keys {sorted(extra)}")


def _check(value: Any, spec: Any, file: str, path: str) -> None:
    where = path or "-"
    if isinstance(spec, Optional):
        spec = spec.spec
    if isinstance(spec, OneOf):
        if value not in spec.values:
            raise DataError(file, where, f"expected one of {list(spec.values)}, got {value!r}")
    elif isinstance(spec, dict):
        if not isinstance(value, dict):
            raise DataError(file, where, f"expected a mapping, got {_describe(value)}")
        allowed = set(spec) | {"provenance"}
        for key in value:
            if key not in allowed:
                raise DataError(file, _join(path, key), f"unknown key (expected: {', '.join(map(str, spec))})")
        for key, sub in spec.items():
            if key in value:
                _check(value[key], sub, file, _join(path, key))
            elif not isinstance(sub, Optional):
                raise DataError(file, _join(path, key), "missing")
    elif isinstance(spec, list):
        if not isinstance(value, list):
            raise DataError(file, where, f"expected a list, got {_describe(value)}")
        ids = set()
        for i, item in enumerate(value):
            _check(item, spec[0], file, f"{path}[{i}]")
            if isinstance(item, dict) and "id" in item:
                if item["id"] in ids:
                    raise DataError(file, f"{path}[{i}]", f"id {item['id']!r} appears twice (each id names one entry)")
                ids.add(item["id"])
    elif isinstance(spec, Bounded):
        if isinstance(value, bool) or not isinstance(value, int) or not spec.low <= value <= spec.high:
            raise DataError(file, where, f"expected a whole number from {spec.low} to {spec.high}, got "
                            f"{_describe(value)}")
    elif isinstance(value, bool) and spec is not bool:  # YAML's yes/no must not pass for a number
        raise DataError(file, where, f"expected {_type_name(spec)}, got bool {value!r}")
    elif not isinstance(value, spec):
        raise DataError(file, where, f"expected {_type_name(spec)}, got {_describe(value)}")
    elif isinstance(value, int | float) and not (math.isfinite(value) and -MAX_NUMBER <= value <= MAX_NUMBER):
        raise DataError(file, where, f"expected a number from {-MAX_NUMBER} to {MAX_NUMBER}, got {_describe(value)}")


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _type_name(spec: Any) -> str:
    if isinstance(spec, tuple):
        return " or ".join(t.__name__ for t in spec)
    return str(spec.__name__)


def _describe(value: Any) -> str:
    """What a file holds where it should not, in a few words: never the file's text at length (it may be any file a
    link points to)."""
    if value is None:
        return "nothing"
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


def _failer(file: str) -> Callable[[str, str], None]:
    def fail(entry: str, problem: str) -> None:
        raise DataError(file, entry, problem)

    return fail
