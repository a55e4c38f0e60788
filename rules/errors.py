"""The one exception type the rules raise for bad input."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType


class RuleError(ValueError):
    """Input the rules cannot accept.

    ``key`` is a translation key (``dice.too_many_dice``); ``params`` fill its
    placeholders. The English ``str()`` is for logs and tests only: users see the
    localized text rendered by the bot's error handler.
    """

    def __init__(self, key: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params: Mapping[str, object] = MappingProxyType(dict(params))
