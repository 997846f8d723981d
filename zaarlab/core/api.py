"""The game-state API every zaarlab game follows.

A *game* holds static parameters (number of players, variants, data) and makes the first *state*.
A state is immutable: :meth:`State.apply` returns a new state and leaves its input untouched, so an
illegal action costs nothing to refuse. Chance is a player of its own: at a chance node
:meth:`State.current_player` is :data:`CHANCE` and :meth:`State.chance_outcomes` lists every outcome with
its exact probability.

Examples
--------
>>> err = IllegalActionError("ZARGOS-SEA-02", "one boat is needed per sea space crossed")
>>> str(err)
'ZARGOS-SEA-02: one boat is needed per sea space crossed'
>>> err.rule_id
'ZARGOS-SEA-02'
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from collections.abc import Mapping
from enum import StrEnum
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias, TypeVar, runtime_checkable

from .derived import derived
from .dist import ChanceTable
from .story import Event, Story

if TYPE_CHECKING:
    import sympy

CHANCE = -1
"""The value of :meth:`State.current_player` at a chance node (dice, shuffles, draws)."""

TERMINAL = -2
"""The value of :meth:`State.current_player` once the game is over."""

ChanceOutcome: TypeAlias = "tuple[Any, sympy.Rational]"
"""One entry of :meth:`State.chance_outcomes`: an outcome and its exact probability."""


class IllegalActionError(ValueError):
    """An action that the rules forbid in this state.

    Parameters
    ----------
    rule_id : str
        The rule broken, as numbered in ``docs/rules/`` (for example ``"ZAAR-PLACE-03"``); ``""`` for a refusal of the
        table's, not the game's (it is not your turn).
    message : str
        Why, in words a player understands, with a ``{name}`` for each of ``facts``.
    also : str
        Further rules, readings or reconstructions the refusal rests on (``"AMB-G05"``).
    facts
        What the message names: a card id (or a tuple of them), an action, or any other value shown as it prints.
        They are kept apart so a view names each card by its printed name (:meth:`words`) without parsing words.

    >>> err = IllegalActionError("ZOGAR-ITEMS-01", "{card} is not with you", "AMB-G05", card="rope")
    >>> str(err), err.rules
    ('ZOGAR-ITEMS-01, AMB-G05: rope is not with you', ('ZOGAR-ITEMS-01', 'AMB-G05'))
    >>> err.words({"rope": "Rope"})
    'Rope is not with you'
    """

    def __init__(self, rule_id: str, message: str, *also: str, **facts: Any):
        self.rule_id = rule_id
        self.rules = tuple(rule for rule in (rule_id, *also) if rule)
        self.facts = facts
        self._template = message
        self.message = self.words()
        super().__init__(f"{', '.join(self.rules)}: {self.message}" if self.rules else self.message)

    def words(self, names: Mapping[str, str] = {}) -> str:  # noqa: B006 (read only)
        """The refusal in words, each card it names by its printed name in ``names`` (an id not there as itself)."""
        if not self.facts:
            return self._template
        return self._template.format_map({key: _named(value, names) for key, value in self.facts.items()})


def _named(value: Any, names: Mapping[str, str]) -> str:
    """One fact of a refusal in words: a card id by its name, ids in a tuple joined by commas, an action as said."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, Action):
        return value.words(names)
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return ", ".join(names.get(v, v) for v in value)
    return str(value)


@functools.total_ordering
class Action:
    """Base of every game's action dataclasses: actions of different kinds sort by kind, then by fields.

    So ``legal_actions()`` can be one sorted tuple mixing, say, attacks and "end attacks".

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Pass(Action):
    ...     pass
    >>> @dataclass(frozen=True)
    ... class Bid(Action):
    ...     amount: int
    >>> sorted([Pass(), Bid(3), Bid(1)])
    [Bid(amount=1), Bid(amount=3), Pass()]
    """

    def words(self, names: Mapping[str, str] = {}) -> str:  # noqa: B006 (read only)
        """The action as a player says it (its ``str``), each card id it holds as the card's printed name: the fields
        are named before the action describes itself, so no description is parsed.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Take(Action):
        ...     card: str
        ...     def __str__(self): return f"take {self.card}"
        >>> Take("lamp_1").words({"lamp_1": "Enchanted lamp"})
        'take Enchanted lamp'
        """
        named: dict[str, str | tuple[str, ...]] = {}
        for field in dataclasses.fields(self):  # type: ignore[arg-type]  # every action is a dataclass
            value = getattr(self, field.name)
            if isinstance(value, str) and value in names:
                named[field.name] = names[value]
            elif isinstance(value, tuple) and value and all(isinstance(v, str) and v in names for v in value):
                named[field.name] = tuple(names[v] for v in value)
        return str(dataclasses.replace(self, **named)) if named else str(self)  # type: ignore[type-var]

    @classmethod
    def of(cls, *fields: Any) -> Any:
        """The action with these fields, made once and shared: for legal actions listed at every step.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Bid(Action):
        ...     amount: int
        >>> Bid.of(3) is Bid.of(3), Bid.of(3) == Bid(3)
        (True, True)
        """
        kind: type = cls  # a class, as the cache's key (mypy reads a type[...] as unhashable)
        return _interned(kind, fields)

    def sort_key(self) -> tuple[str, tuple[Any, ...]]:
        return (type(self).__name__, tuple(self.__dict__.values()))  # a dataclass's fields, in order

    def __lt__(self, other: Any) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.sort_key() < other.sort_key()


@functools.cache
def _interned(kind: type, fields: tuple[Any, ...]) -> Action:
    action: Action = kind(*fields)
    return action


@runtime_checkable
class State(Protocol):
    """One position of a game. Frozen and hashable; equal states compare equal."""

    def current_player(self) -> int:
        """The player to act, :data:`CHANCE` or :data:`TERMINAL`."""

    def legal_actions(self) -> tuple[Any, ...]:
        """The actions the current player may take, sorted; empty only when terminal.

        At a chance node these are the chance outcomes without their probabilities.
        """

    def chance_outcomes(self) -> tuple[ChanceOutcome, ...]:
        """At a chance node, every outcome with its probability (``sympy.Rational``, summing to 1)."""

    def apply(self, action: Any) -> State:
        """The state after ``action``; raises :class:`IllegalActionError` and changes nothing if illegal."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions`."""

    def returns(self) -> tuple[Any, ...]:
        """Each player's result at the end (score, or 1 for a win and 0 for a loss)."""

    @property
    def log(self) -> tuple[Event, ...]:
        """What has happened, as events (a kind, the rule IDs it follows, its facts); the game's ``story`` tells
        them in words."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict from which :meth:`Game.state_from_dict` rebuilds an equal state."""


@runtime_checkable
class Game(Protocol):
    """A game's static parameters; makes and restores states."""

    name: ClassVar[str]

    @property
    def num_players(self) -> int:
        """How many players the game seats."""

    def initial_state(self) -> State:
        """The state before the first action (often a chance node: shuffles, first rolls)."""

    def state_from_dict(self, data: dict[str, Any]) -> State:
        """The state that :meth:`State.to_dict` described."""

    def action_from_dict(self, data: Any) -> Any:
        """The action (or chance outcome) that :func:`zaarlab.core.codec.encode` described."""

    def to_dict(self) -> dict[str, Any]:
        """The game's parameters, JSON-safe; ``type(game).from_dict`` rebuilds an equal game."""


Replaced = TypeVar("Replaced")


def replace(obj: Replaced, **changes: Any) -> Replaced:
    """``dataclasses.replace``, several times faster for a game state (a :class:`RulesState`): its fields are copied
    rather than passed through ``__init__`` again (states have no ``__post_init__``), and what a state derived and
    cached (its legal actions...) is left behind, as a new state must derive it anew.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Tally(RulesState):
    ...     rules_module = "none"
    ...     count: int = 0
    ...     name: str = ""
    >>> replace(Tally(1, "a"), count=2)
    Tally(count=2, name='a')
    >>> replace(Tally(), colour="red")
    Traceback (most recent call last):
    ...
    TypeError: Tally has no field 'colour'
    """
    if not isinstance(obj, RulesState):
        copied: Replaced = dataclasses.replace(obj, **changes)  # type: ignore[type-var]  # a dataclass, as said
        return copied
    cls: type = type(obj)
    names = _field_names(cls)
    values = obj.__dict__.copy()  # the fields, and maybe some derived values, which must go
    if len(values) > len(names):
        for name in _derived_names(cls):
            values.pop(name, None)
    values.update(changes)
    if len(values) > len(names):  # a change named no field
        raise TypeError(f"{cls.__name__} has no field {next(iter(changes.keys() - names.keys()))!r}")
    new: Replaced = object.__new__(cls)
    _set_attribute(new, "__dict__", values)  # a frozen dataclass: set as object would
    return new


_set_attribute = object.__setattr__


def legal_outcomes(state: RulesState) -> tuple[Any, ...]:
    """The legal actions of a chance node: the outcomes of its :meth:`~RulesState.chance_weights`, in order."""
    return state.chance_weights().outcomes


class _RulesModule:
    """``state._rules``: the module its class names in ``rules_module``, imported on first use (a rules module imports
    its state module, so it cannot be imported with the class) and kept on the class, as every call of the API asks."""

    def __get__(self, instance: Any, owner: type[RulesState]) -> Any:
        module = importlib.import_module(owner.rules_module)
        owner._rules = module  # read from the class from now on
        return module


@functools.cache
def _field_names(cls: type) -> dict[str, None]:
    return dict.fromkeys(f.name for f in dataclasses.fields(cls))  # in field order, with fast lookups


@functools.cache
def _derived_names(cls: type) -> tuple[str, ...]:
    """The names under which a state of ``cls`` keeps what it derived (:class:`derived` and ``cached_property``)."""
    return tuple(name for klass in cls.__mro__ for name, value in vars(klass).items()
                 if isinstance(value, derived | functools.cached_property))


class RulesState:
    """Base of the games' frozen state dataclasses: the API methods, delegated to the game's rules module.

    A subclass names its rules module in ``rules_module`` (imported when first needed, since it imports the state
    module), the phase that ends the game in ``over`` (its ``Phase.OVER``) and the phrases its log is told by in
    ``story``. Legal actions are computed once per
    state: states are immutable.

    The rules module has ``actor``, ``legal_actions``, ``chance_weights``, ``apply`` (which checks the action and names
    the rule an illegal one breaks) and ``resolve`` (the same for an action known to be legal: one of the listed
    actions itself, which is what bots and drivers pass).
    """

    rules_module: ClassVar[str]
    over: ClassVar[StrEnum]
    story: ClassVar[Story]  # the game's phrases: its log's events in words
    phase: StrEnum  # a dataclass field of every game's state
    _rules: Any = _RulesModule()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._rules = _RulesModule()  # each class keeps its own rules module, not one it inherits

    def current_player(self) -> int:
        player: int = self._rules.actor(self)
        return player

    def legal_actions(self) -> tuple[Any, ...]:
        return self._legal_actions

    @derived
    def _legal_actions(self) -> tuple[Any, ...]:
        legal: tuple[Any, ...] = self._rules.legal_actions(self)
        return legal

    def chance_outcomes(self) -> tuple[ChanceOutcome, ...]:
        return self.chance_weights().rationals  # kept by the table, which a game's dice share

    def chance_weights(self) -> ChanceTable:
        """At a chance node, every outcome as ``(outcome, weight, total)`` in integers (the probability is
        ``weight / total``): :meth:`chance_outcomes` without fractions, for drivers that only sample."""
        return self._chance_weights

    @derived
    def _chance_weights(self) -> ChanceTable:  # asked for by the driver and by the legal outcomes: derived once
        weights = self._rules.chance_weights(self)
        return weights if isinstance(weights, ChanceTable) else ChanceTable(weights)

    def apply(self, action: Any) -> Any:
        own, legal = False, None
        try:  # one of the legal actions itself, as bots and drivers pass, is legal with no more to ask
            own = self._is_own(action)
            legal = None if own else self._legal_by_value.get(action)
        except TypeError:  # unhashable: not an action; the rules refuse it
            pass
        except Exception:  # noqa: BLE001 - an object whose hash or equality fails is no action either
            self._refuse_as_mistyped(f"a {type(action).__name__} object that cannot be compared is not an action")
        if own:
            return self._rules.resolve(self, action)
        if legal is not None and not same_kind(legal, action):  # 1.0 or True where the rules have the int 1
            self._refuse_as_mistyped(f"{action!r} is a {type(action).__name__}, where the rules have the "
                                     f"{type(legal).__name__} {legal!r}")
        return self._rules.apply(self, action)  # checks, and names the rule an illegal action breaks

    def _refuse_as_mistyped(self, message: str) -> None:
        """Raise :class:`IllegalActionError` with ``message`` and the rule the rules name for an action not theirs."""
        try:
            self._rules.apply(self, _Mistyped())
        except IllegalActionError as refused:
            raise IllegalActionError(refused.rule_id, message) from None

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions` (by equality, as ``in`` would say, but by hash)."""
        if self._is_own(action):
            return True
        try:
            return action in self._legal_by_value
        except TypeError:  # unhashable: not an action
            return False

    def __getstate__(self) -> dict[str, Any]:
        """The fields, for pickling and copying: what a state derived stays behind (its legal actions above all, which
        bots pass back by identity: a copy makes its own)."""
        cls: type = type(self)
        names = _field_names(cls)
        return {name: value for name, value in self.__dict__.items() if name in names}

    def _chance_table(self) -> ChanceTable | None:
        """The chance node's table, if this is one: its outcomes are the legal actions, and its lookups are kept with it
        (a game's dice are a few tables)."""
        return self._chance_weights if self.current_player() == CHANCE else None

    def _is_own(self, action: Any) -> bool:
        """Whether ``action`` is one of the legal actions itself: the quick test, for what bots and drivers pass back
        (a chance node asks its table; a player has a few actions, looked through by identity)."""
        table = self._chance_table()
        if table is not None:
            return table.is_own(action)
        return any(map(is_, self.legal_actions(), repeat(action)))

    @derived
    def _legal_by_value(self) -> dict[Any, Any]:  # the legal action equal to an action built anew
        table = self._chance_table()
        if table is not None:
            return table.by_value
        legal = self.legal_actions()
        return dict(zip(legal, legal, strict=True))

    def is_terminal(self) -> bool:
        return self.phase == self.over

    def validate(self) -> None:
        """Raise :class:`~zaarlab.core.validate.InvalidState` unless a game can reach this state (every card, coin
        and unit accounted for, players in range, shapes right): the game's ``validate`` module, which loading and
        the conformance tests run."""
        importlib.import_module(self.rules_module.rsplit(".", 1)[0] + ".validate").validate(self)

    def to_dict(self) -> dict[str, Any]:
        from .codec import encode_fields

        return encode_fields(self)

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know of this state, and nothing more: their own secrets, the public board, of the
        others' secrets only how many, of the unseen cards the set (never an order); ``None``: what a spectator may,
        the public part alone. Every page of a player is built from it; the game's rules module says what it holds
        (its ``observation``)."""
        seen: dict[str, Any] = self._rules.observation(self, player)
        return seen


class _Mistyped:
    """Stands for an action of the wrong type, so each game's rules name the rule it breaks."""

    def __repr__(self) -> str:
        return "<an action of the wrong type>"


def same_kind(a: Any, b: Any) -> bool:
    """Whether two equal actions are also of the same types all the way down (``1 == 1.0 == True`` in Python).

    >>> same_kind(("A", 0, 2), ("A", 0, 2)), same_kind(("A", 0, 2), ("A", 0.0, 2)), same_kind(1, True)
    (True, False, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(same_kind, a, b))
    if dataclasses.is_dataclass(a):
        return all(same_kind(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return True


GameClass = TypeVar("GameClass", bound="type[Game]")

GAMES: dict[str, Any] = {}
"""Every registered game class by its ``name``; used by saving, loading and ``zaarlab play``."""


def register_game(cls: GameClass) -> GameClass:
    """Class decorator: make a game known by its ``name`` to :mod:`zaarlab.core.play` and the CLI.

    Examples
    --------
    >>> @register_game
    ... class Solitaire:
    ...     name = "solitaire-example"
    >>> GAMES["solitaire-example"] is Solitaire
    True
    >>> del GAMES["solitaire-example"]
    """
    other = GAMES.get(cls.name)
    if other is not None and other is not cls:
        raise ValueError(f"two games are named {cls.name!r}: {other.__qualname__} and {cls.__qualname__}")
    GAMES[cls.name] = cls
    return cls
