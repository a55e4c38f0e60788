"""Refusals the storage raises: what was asked cannot be done with what is stored.

Each names a catalog key and its parameters, like :class:`rules.errors.RuleError`;
the error handler (:mod:`bot.errors`) turns them into a localized answer, so the
storage knows nothing of Discord.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["StorageRefusal"]


class StorageRefusal(Exception):
    """The stored state refuses the request: ``key`` is a catalog key, ``params`` fill it."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params: Mapping[str, object] = MappingProxyType(dict(params))
