"""A value an immutable object derives once and keeps: :class:`derived`.

Game states, chance tables and mansions are immutable, so what they derive (legal actions, lookups, graphs) can be
computed on first use and kept on the object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

Owner = TypeVar("Owner")
Value = TypeVar("Value")


class derived(Generic[Owner, Value]):  # noqa: N801 -- a decorator, named like the ``property`` it stands beside
    """``functools.cached_property`` for immutable states, without its lock.

    On Python 3.11 ``cached_property`` takes a lock on every first read, which cost a game engine several
    microseconds per state. A state is immutable, so two threads deriving the same value at once is harmless.

    >>> class Square:
    ...     def __init__(self, side): self.side = side
    ...     @derived
    ...     def area(self):
    ...         print("computing")
    ...         return self.side ** 2
    >>> square = Square(3)
    >>> square.area
    computing
    9
    >>> square.area
    9
    """

    def __init__(self, function: Callable[[Owner], Value]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> derived[Owner, Value]: ...

    @overload
    def __get__(self, instance: Owner, owner: type | None = None) -> Value: ...

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)  # read from the instance from now on
        return value
