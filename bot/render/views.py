"""What render reads from stored things, as read-only views.

Render never imports storage: it takes rules models and outcomes, and for what only
storage knows (an owner, a status, a log entry, a guild's settings) one of these
protocols, which the storage records satisfy as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from rules.combatant import Combatant
from rules.encounter import Encounter
from rules.options import RuleOptions

__all__ = ["LoggedChange", "SavedCharacter", "ShownSettings", "StoredFight", "UndoneChange"]


class SavedCharacter(Protocol):
    """A saved sheet and who owns it."""

    @property
    def name(self) -> str: ...
    @property
    def owner_id(self) -> int: ...
    @property
    def sheet(self) -> Combatant: ...


class StoredFight(Protocol):
    """A fight of the channel's history: its status, when it started, the fight."""

    @property
    def status(self) -> str: ...
    @property
    def created_at(self) -> str: ...
    @property
    def encounter(self) -> Encounter: ...


class LoggedChange(Protocol):
    """One entry of a fight's log: its kind, who made it, the rows before and after."""

    @property
    def kind(self) -> str: ...
    @property
    def actor_id(self) -> int: ...
    @property
    def before(self) -> Mapping[str, Any]: ...
    @property
    def after(self) -> Mapping[str, Any]: ...
    @property
    def detail(self) -> Mapping[str, Any]:
        """What the change did, as its command recorded it (``action`` for close combat)."""
        ...


class UndoneChange(Protocol):
    """What an undo reverted."""

    @property
    def undone(self) -> LoggedChange: ...


class ShownSettings(Protocol):
    """A guild's configuration; ``None`` means the bot's default."""

    @property
    def gm_role_id(self) -> int | None: ...
    @property
    def locale(self) -> str | None: ...
    @property
    def rule_options(self) -> RuleOptions: ...
