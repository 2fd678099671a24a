"""``functools.cached_property`` without its lock.

Python 3.11's ``cached_property.__get__`` takes a per-descriptor ``RLock`` around every
first access (Python 3.12 removed it: it serialised unrelated instances and never made
the computation run once).  The analyses compute thousands of cached attributes a run
(~4,000 on 200 tools), each through that lock; this one is the 3.12 behaviour: the
value is computed on first access and stored in the instance's ``__dict__``, which
then shadows the descriptor (a non-data descriptor), exactly like the standard one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801  (the standard name)
    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.attrname: str | None = None
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__

    def __set_name__(self, owner: type, name: str) -> None:
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                f"Cannot assign the same cached_property to two different names ({self.attrname!r} and {name!r})."
            )

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.attrname] = value
        return value


__all__ = ["cached_property"]
