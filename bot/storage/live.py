"""The running encounters, kept in memory between commands.

A command on a fight used to read the whole encounter from the database, validate
it, and dump every combatant twice to find what changed. Now each channel's running
encounter, with the attacks in it still waiting for a defense, stays in memory
once read (:class:`LiveEncounters`, one per :class:`~bot.storage.database.Database`
through ``database.shared``). A change works on it, writes only what changed in
one transaction, and replaces it only after that transaction committed, so the
memory never runs ahead of the database.

This is right as long as one process serves a channel, also when several processes
share one PostgreSQL database: Discord routes a guild's interactions to exactly one
shard, ``(guild_id >> 22) % shard_count``, and a process owns its shards
(``SHARD_IDS``); shards change hands only through restarts, so the process taking
one over starts with nothing in memory and reads the fight from the database.
Whatever writes a channel's fight goes through the repositories, which keep this
cache; a write on a bare transaction (tests, maintenance) bypasses it and must not
touch a channel whose fight is running.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.storage.database import Database
from bot.storage.dialect import ATTACK_ID_BLOCK
from bot.storage.records import EncounterRecord, PendingAttack, StoredDocument
from rules.encounter import Encounter

__all__ = [
    "ATTACK_ID_BLOCK",
    "STATE_ROW",
    "Committed",
    "LiveEncounter",
    "LiveEncounters",
    "Watcher",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Committed:
    """One committed change to a fight, as its watchers see it.

    ``before`` is the fight as it stood before the change (``None``: the change started
    it); ``touched`` the ids of the fighters it added, removed or changed. ``waiting`` are
    the attacks that waited for a defense both before and after the change and that the
    change did not write: whoever wrote an attack shows it, and a waiting attack whose
    target was touched may need fresh defense numbers (:mod:`bot.attack_messages`).
    """

    record: EncounterRecord
    before: Encounter | None = None
    touched: frozenset[str] = frozenset()
    waiting: tuple[PendingAttack, ...] = ()


Watcher = Callable[[Committed], None]
"""Told of every committed change to a fight (its record as committed, ended or not)."""


STATE_ROW = ""
"""The key of the encounter's own state in :attr:`LiveEncounter.rows` (combatants use their id)."""


@dataclass(frozen=True)
class LiveEncounter:
    """A channel's running encounter as committed, and its attacks still awaiting a defense.

    ``rows`` keeps what was last written for the encounter's state (:data:`STATE_ROW`: its
    :class:`~bot.storage.records.StoredDocument`) and for each combatant (his row, its
    documents written), as they stand in ``record``: the next change logs them as its
    ``before`` without dumping them again. ``payloads`` does the same for the awaiting
    attacks' payloads: by ``id()`` of the payload, the payload itself (so the id stays its
    own) and its document, so that the defense logs and writes the payload the attack wrote.
    """

    record: EncounterRecord
    awaiting: dict[int, PendingAttack] = field(default_factory=dict)
    rows: dict[str, Any] = field(default_factory=dict)
    payloads: dict[int, tuple[Any, StoredDocument]] = field(default_factory=dict)


class LiveEncounters:
    """Every running encounter this process has read, by channel; shared by all repositories."""

    def __init__(self) -> None:
        self._by_channel: dict[int, LiveEncounter] = {}
        self._attack_channel: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._next_attack_id = 0
        self._attack_ids_end = 0
        self._watchers: list[Watcher] = []

    def watch(self, watcher: Watcher) -> None:
        """Call ``watcher`` after every committed change (it must return at once: it runs
        inside the command that made the change)."""
        self._watchers.append(watcher)

    def unwatch(self, watcher: Watcher) -> None:
        if watcher in self._watchers:
            self._watchers.remove(watcher)

    def committed(self, change: Committed) -> None:
        """A change to a fight committed: tell the watchers (a failing one is logged; the
        change stands)."""
        for watcher in list(self._watchers):
            try:
                watcher(change)
            except Exception:
                log.exception("a watcher of channel %s failed", change.record.channel_id)

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock a change to ``channel_id``'s fight holds from load to commit."""
        found = self._locks.get(channel_id)
        if found is None:
            found = self._locks[channel_id] = asyncio.Lock()
        return found

    def get(self, channel_id: int) -> LiveEncounter | None:
        return self._by_channel.get(channel_id)

    def put(self, live: LiveEncounter) -> None:
        """Keep ``live`` as its channel's running fight (after it committed)."""
        channel_id = live.record.channel_id
        self.drop(channel_id)
        self._by_channel[channel_id] = live
        for attack_id in live.awaiting:
            self._attack_channel[attack_id] = channel_id

    def drop(self, channel_id: int) -> None:
        """Forget the channel's fight (it ended, or it must be read again)."""
        old = self._by_channel.pop(channel_id, None)
        if old is not None:
            for attack_id in old.awaiting:
                self._attack_channel.pop(attack_id, None)

    def awaiting_attack(self, attack_id: int) -> PendingAttack | None:
        """The pending attack if it waits in a fight held here; ``None`` means ask the database."""
        channel_id = self._attack_channel.get(attack_id)
        if channel_id is None:
            return None
        live = self._by_channel.get(channel_id)
        return None if live is None else live.awaiting.get(attack_id)

    def replace_attack(self, row: PendingAttack) -> None:
        """A waiting attack changed outside a fight's change (its message id)."""
        live = self._by_channel.get(row.channel_id)
        if live is not None and row.attack_id in live.awaiting:
            awaiting = {**live.awaiting, row.attack_id: row}
            self.put(LiveEncounter(live.record, awaiting, live.rows, live.payloads))

    async def new_attack_id(self, database: Database) -> int:
        """A pending-attack id nobody else will use, from a block reserved in the database.

        The backend reserves the block (``Dialect.reserve_attack_ids``) so that no other
        insert, in this process or another, takes an id inside it.
        """
        if self._next_attack_id >= self._attack_ids_end:
            start = await database.write(database.dialect.reserve_attack_ids)
            self._next_attack_id, self._attack_ids_end = start, start + ATTACK_ID_BLOCK
        attack_id = self._next_attack_id
        self._next_attack_id += 1
        return attack_id
