"""Small values: the base of events and actions, slotted classes compared by their fields.

A value's class names its fields in order (``fields``); two values are equal when they are of
the same class with equal fields, and hash alike (as a frozen dataclass's ``eq`` and ``hash``
do: the hash of the tuple of fields). A value is read-only by convention: nothing sets a field
after ``__init__``. Plain classes with their own ``__init__`` rather than frozen dataclasses, so
that mypyc compiles them (a wheel build, docs/engine.md) into native classes that the compiled
engine builds and reads directly; in Python such an ``__init__`` is also the cheaper one.
"""

from __future__ import annotations

from typing import ClassVar

__all__ = ["Value"]


class Value:
    __slots__ = ()
    #: the fields in order: the value (equality, hash)
    fields: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple:
        """The fields' values, in order."""
        return tuple([getattr(self, name) for name in self.fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Value)
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __reduce__(self) -> tuple:
        """Made again from its fields (copy, deepcopy and pickle; a compiled class needs this)."""
        return self.__class__, self.values()
