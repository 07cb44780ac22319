"""An :class:`enum.Enum` whose members hash by identity.

``enum.Enum.__hash__`` is a Python function (``hash(self._name_)``); the reader asks "is this token's kind in
that set?" and "is this word class in that mark's classes?" hundreds of times per statement, so the hash runs
at C speed here. Members are singletons compared by identity, so identity hashing agrees with equality.

>>> class Colour(IdentityEnum):
...     RED = "red"
>>> Colour.RED in {Colour.RED}, hash(Colour.RED) == object.__hash__(Colour.RED)
(True, True)
"""

from __future__ import annotations

import enum

__all__ = ["IdentityEnum"]


class IdentityEnum(enum.Enum):
    """An enum hashed by member identity (see the module doc)."""

    __hash__ = object.__hash__
