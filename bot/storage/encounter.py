"""Encounters, their combatants and the event log: the repository every combat command uses.

Every change to a fight goes through :meth:`EncounterRepository.change`::

    async with bot.encounters.change(channel_id, actor_id, kind="damage") as change:
        victim = change.encounter.find("Orc 1")
        change.encounter = change.encounter.replace(victim.with_sheet(hurt))
        change.detail = outcome.model_dump(mode="json")

Inside it the encounter is loaded and written back in one ``BEGIN IMMEDIATE``
transaction, so two commands on the same fight run one after the other and no
update is lost. On exit the rows that changed are written and one event is
appended to the log with who did it and the before/after of exactly those rows.
:meth:`EncounterRepository.undo` puts the ``before`` back (repeatable: each undo
takes the latest change not yet undone). The log itself is append-only (the
migration's triggers refuse deletes and edits other than marking "undone").

Pending attacks written through the change (``PendingAttackRepository`` methods
given the change itself) are logged the same way, under ``"pending_attacks"``:
undoing a defense makes its attack wait again, undoing the attack cancels it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any, Literal

import aiosqlite
from pydantic import BaseModel, ConfigDict

from bot.errors import UserFacingError
from bot.storage.database import Database
from bot.storage.pending_attack import PendingState, read_state, restore_state
from rules.encounter import Encounter, EncounterCombatant

__all__ = [
    "EncounterAlreadyActiveError",
    "EncounterChange",
    "EncounterEvent",
    "EncounterRecord",
    "EncounterRepository",
    "NoActiveEncounterError",
    "NothingToUndoError",
    "UndoResult",
]

EncounterStatus = Literal["active", "ended"]
NOT_UNDOABLE = ("start", "undo", "end")

Row = dict[str, Any]


class NoActiveEncounterError(UserFacingError):
    """There is no running encounter in this channel."""

    def __init__(self) -> None:
        super().__init__("encounter.error.none_active")


class EncounterAlreadyActiveError(UserFacingError):
    """``/encounter start`` in a channel that already has a running fight."""

    def __init__(self, name: str) -> None:
        super().__init__("encounter.error.already_active", name=name)


class NothingToUndoError(UserFacingError):
    """The encounter has no change left to undo."""

    def __init__(self) -> None:
        super().__init__("encounter.error.nothing_to_undo")


class EncounterRecord(BaseModel):
    """A stored encounter: where it runs, its status and the fight itself."""

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int | None
    channel_id: int
    status: EncounterStatus
    created_at: str
    ended_at: str | None
    encounter: Encounter


class EncounterEvent(BaseModel):
    """One entry of the log: what changed, who changed it, before and after."""

    model_config = ConfigDict(frozen=True)

    id: int
    encounter_id: int
    kind: str
    actor_id: int
    created_at: str
    before: dict[str, Any]
    after: dict[str, Any]
    detail: dict[str, Any]
    undoes: int | None
    undone_by: int | None


class UndoResult(BaseModel):
    """What ``undo`` reverted and the encounter as it is now.

    ``pending_attacks`` are the ids of the pending attacks the undo put back (their
    messages' buttons need refreshing).
    """

    model_config = ConfigDict(frozen=True)

    undone: EncounterEvent
    record: EncounterRecord
    pending_attacks: tuple[int, ...] = ()


class EncounterChange:
    """A change in progress; replace :attr:`encounter` and fill :attr:`detail`.

    :attr:`record` is the encounter as loaded (do not modify it). Call
    :meth:`end` to close the fight. :attr:`connection` is the open transaction's
    connection, for other repositories whose rows must commit together with this
    change; pending-attack writes take the change itself, which notes each row's
    state before it (:meth:`note_pending`) so the event logs and ``undo`` reverts
    it. After the ``async with`` block :attr:`event_id` is the id of the logged
    event (``None`` when nothing changed).
    """

    def __init__(
        self,
        record: EncounterRecord,
        kind: str,
        detail: Mapping[str, Any],
        connection: aiosqlite.Connection,
    ) -> None:
        self.record = record
        self.connection = connection
        self.encounter: Encounter = record.encounter
        self.kind = kind
        self.detail: dict[str, Any] = dict(detail)
        self.status: EncounterStatus = record.status
        self.ended_at: str | None = record.ended_at
        self.event_id: int | None = None
        self.pending_before: dict[int, PendingState | None] = {}

    def note_pending(self, attack_id: int, before: PendingState | None) -> None:
        """Remember a pending attack's state before this change first wrote it."""
        self.pending_before.setdefault(attack_id, before)

    def end(self, at: datetime) -> None:
        """Mark the encounter as ended at ``at``; it stays readable in the channel's history."""
        self.status = "ended"
        self.ended_at = at.isoformat()


# --------------------------------------------------------------------------- rows


def _encounter_row(encounter: Encounter, status: str, ended_at: str | None) -> Row:
    return {
        "status": status,
        "ended_at": ended_at,
        "state": encounter.model_dump(mode="json", exclude={"combatants"}),
    }


def _combatant_row(combatant: EncounterCombatant) -> Row:
    return {
        "name": combatant.name,
        "owner_id": combatant.owner_id,
        "side": combatant.side,
        "sheet": combatant.combatant.model_dump(mode="json"),
        "turn_state": combatant.turn.model_dump(mode="json"),
    }


def _combatant_rows(encounter: Encounter) -> dict[str, Row]:
    return {c.combatant_id: _combatant_row(c) for c in encounter.combatants}


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _record_from(row: sqlite3.Row, combatant_rows: list[sqlite3.Row]) -> EncounterRecord:
    state = json.loads(row["state"])
    combatants = [
        {
            "combatant_id": c["combatant_id"],
            "side": c["side"],
            "owner_id": c["owner_id"],
            "combatant": json.loads(c["sheet"]),
            "turn": json.loads(c["turn_state"]),
        }
        for c in combatant_rows
    ]
    encounter = Encounter.model_validate({**state, "combatants": combatants})
    return EncounterRecord(
        id=int(row["id"]),
        guild_id=row["guild_id"],
        channel_id=int(row["channel_id"]),
        status=row["status"],
        created_at=str(row["created_at"]),
        ended_at=row["ended_at"],
        encounter=encounter,
    )


def _event_from(row: sqlite3.Row) -> EncounterEvent:
    return EncounterEvent(
        id=int(row["id"]),
        encounter_id=int(row["encounter_id"]),
        kind=str(row["kind"]),
        actor_id=int(row["actor_id"]),
        created_at=str(row["created_at"]),
        before=json.loads(row["before"]),
        after=json.loads(row["after"]),
        detail=json.loads(row["detail"]),
        undoes=row["undoes"],
        undone_by=row["undone_by"],
    )


_SELECT_ENCOUNTER = (
    "SELECT id, guild_id, channel_id, status, state, created_at, ended_at FROM encounters "
)
_SELECT_COMBATANTS = (
    "SELECT combatant_id, name, owner_id, side, sheet, turn_state FROM encounter_combatants "
    "WHERE encounter_id = ? ORDER BY CAST(combatant_id AS INTEGER), combatant_id"
)
_SELECT_EVENT = (
    "SELECT id, encounter_id, kind, actor_id, created_at, before, after, detail, undoes, "
    "undone_by FROM encounter_events "
)


async def _fetch_one(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...]) -> Any:
    async with conn.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def _fetch_all(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...]) -> list[Any]:
    async with conn.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


async def _load(
    conn: aiosqlite.Connection, where: str, params: tuple[Any, ...]
) -> EncounterRecord | None:
    row = await _fetch_one(conn, _SELECT_ENCOUNTER + where, params)
    if row is None:
        return None
    combatants = await _fetch_all(conn, _SELECT_COMBATANTS, (row["id"],))
    return _record_from(row, combatants)


async def _load_active(conn: aiosqlite.Connection, channel_id: int) -> EncounterRecord | None:
    return await _load(conn, "WHERE channel_id = ? AND status = 'active'", (channel_id,))


async def _write_encounter(conn: aiosqlite.Connection, encounter_id: int, row: Row) -> None:
    await conn.execute(
        "UPDATE encounters SET status = ?, ended_at = ?, state = ? WHERE id = ?",
        (row["status"], row["ended_at"], _dumps(row["state"]), encounter_id),
    )


async def _write_combatant(
    conn: aiosqlite.Connection, encounter_id: int, combatant_id: str, row: Row | None
) -> None:
    if row is None:
        await conn.execute(
            "DELETE FROM encounter_combatants WHERE encounter_id = ? AND combatant_id = ?",
            (encounter_id, combatant_id),
        )
        return
    await conn.execute(
        """
        INSERT INTO encounter_combatants
            (encounter_id, combatant_id, name, owner_id, side, sheet, turn_state)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (encounter_id, combatant_id) DO UPDATE SET
            name = excluded.name,
            owner_id = excluded.owner_id,
            side = excluded.side,
            sheet = excluded.sheet,
            turn_state = excluded.turn_state
        """,
        (
            encounter_id,
            combatant_id,
            row["name"],
            row["owner_id"],
            row["side"],
            _dumps(row["sheet"]),
            _dumps(row["turn_state"]),
        ),
    )


async def _apply_snapshot(
    conn: aiosqlite.Connection, encounter_id: int, snapshot: Mapping[str, Any]
) -> None:
    """Write a before/after snapshot: deletions first so names can move between rows."""
    encounter_row = snapshot.get("encounter")
    if encounter_row is not None:
        await _write_encounter(conn, encounter_id, encounter_row)
    combatants: Mapping[str, Row | None] = snapshot.get("combatants", {})
    for combatant_id, row in combatants.items():
        if row is None:
            await _write_combatant(conn, encounter_id, combatant_id, None)
    for combatant_id, row in combatants.items():
        if row is not None:
            await _write_combatant(conn, encounter_id, combatant_id, row)
    pending: Mapping[str, PendingState | None] = snapshot.get("pending_attacks", {})
    for attack_id, state in pending.items():
        await restore_state(conn, int(attack_id), state)


async def _append_event(
    conn: aiosqlite.Connection,
    encounter_id: int,
    *,
    kind: str,
    actor_id: int,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    detail: Mapping[str, Any],
    undoes: int | None = None,
) -> int:
    cursor = await conn.execute(
        "INSERT INTO encounter_events "
        "(encounter_id, kind, actor_id, before, after, detail, undoes) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            encounter_id,
            kind,
            actor_id,
            _dumps(before),
            _dumps(after),
            _dumps(detail),
            undoes,
        ),
    )
    event_id = cursor.lastrowid
    await cursor.close()
    assert event_id is not None
    return event_id


def _diff(
    record: EncounterRecord, change: EncounterChange
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Only what changed, as ``before`` and ``after`` snapshots."""
    before: dict[str, Any] = {"combatants": {}}
    after: dict[str, Any] = {"combatants": {}}
    old_row = _encounter_row(record.encounter, record.status, record.ended_at)
    new_row = _encounter_row(change.encounter, change.status, change.ended_at)
    if _dumps(old_row) != _dumps(new_row):
        before["encounter"] = old_row
        after["encounter"] = new_row
    old = _combatant_rows(record.encounter)
    new = _combatant_rows(change.encounter)
    for combatant_id in sorted({*old, *new}, key=lambda c: (len(c), c)):
        was, now = old.get(combatant_id), new.get(combatant_id)
        if was is None or now is None or _dumps(was) != _dumps(now):
            before["combatants"][combatant_id] = was
            after["combatants"][combatant_id] = now
    return before, after


async def _pending_diff(
    conn: aiosqlite.Connection,
    change: EncounterChange,
    before: dict[str, Any],
    after: dict[str, Any],
) -> None:
    """Add the pending attacks the change wrote, as they were and as they are now."""
    for attack_id, was in sorted(change.pending_before.items()):
        now = await read_state(conn, attack_id)
        if _dumps(was) != _dumps(now):
            before.setdefault("pending_attacks", {})[str(attack_id)] = was
            after.setdefault("pending_attacks", {})[str(attack_id)] = now


def _is_empty(snapshot: Mapping[str, Any]) -> bool:
    return (
        "encounter" not in snapshot
        and not snapshot["combatants"]
        and not snapshot.get("pending_attacks")
    )


class EncounterRepository:
    """Encounters by channel; all the SQL for fights lives here."""

    def __init__(self, database: Database) -> None:
        self._db = database

    # ----------------------------------------------------------------- reads

    async def active(self, channel_id: int) -> EncounterRecord | None:
        """The running encounter in ``channel_id``, if any."""
        async with self._db.transaction() as conn:
            return await _load_active(conn, channel_id)

    async def require_active(self, channel_id: int) -> EncounterRecord:
        """The running encounter, or :class:`NoActiveEncounterError`."""
        found = await self.active(channel_id)
        if found is None:
            raise NoActiveEncounterError
        return found

    async def get(self, encounter_id: int) -> EncounterRecord | None:
        async with self._db.transaction() as conn:
            return await _load(conn, "WHERE id = ?", (encounter_id,))

    async def history(self, channel_id: int, limit: int = 10) -> list[EncounterRecord]:
        """The channel's encounters, newest first (ended ones included)."""
        async with self._db.transaction() as conn:
            rows = await _fetch_all(
                conn,
                _SELECT_ENCOUNTER + "WHERE channel_id = ? ORDER BY id DESC LIMIT ?",
                (channel_id, limit),
            )
            found: list[EncounterRecord] = []
            for row in rows:
                combatants = await _fetch_all(conn, _SELECT_COMBATANTS, (row["id"],))
                found.append(_record_from(row, combatants))
        return found

    async def events(self, encounter_id: int, limit: int = 50) -> list[EncounterEvent]:
        """The latest ``limit`` events of an encounter, oldest first."""
        rows = await self._db.fetch_all(
            _SELECT_EVENT + "WHERE encounter_id = ? ORDER BY id DESC LIMIT ?",
            (encounter_id, limit),
        )
        return [_event_from(row) for row in reversed(rows)]

    async def combatant_choices(
        self, channel_id: int, typed: str, *, owner_id: int | None = None, limit: int = 25
    ) -> list[tuple[str, str]]:
        """``(combatant_id, name)`` in this channel's running fight matching ``typed``.

        With ``owner_id``, only that player's combatants.
        """
        pattern = (
            "%" + typed.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        )
        sql = (
            "SELECT c.combatant_id, c.name FROM encounter_combatants c "
            "JOIN encounters e ON e.id = c.encounter_id "
            "WHERE e.channel_id = ? AND e.status = 'active' AND c.name LIKE ? ESCAPE '\\' "
        )
        params: list[Any] = [channel_id, pattern]
        if owner_id is not None:
            sql += "AND c.owner_id = ? "
            params.append(owner_id)
        sql += "ORDER BY c.name COLLATE NOCASE LIMIT ?"
        params.append(limit)
        rows = await self._db.fetch_all(sql, params)
        return [(str(row["combatant_id"]), str(row["name"])) for row in rows]

    # ----------------------------------------------------------------- writes

    async def start(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        actor_id: int,
        encounter: Encounter,
        at: datetime | None = None,
    ) -> EncounterRecord:
        """Open a new encounter; refuses when the channel already has a running one."""
        async with self._db.transaction() as conn:
            running = await _load_active(conn, channel_id)
            if running is not None:
                raise EncounterAlreadyActiveError(running.encounter.name)
            row = _encounter_row(encounter, "active", None)
            created = at.isoformat() if at is not None else None
            cursor = await conn.execute(
                "INSERT INTO encounters (guild_id, channel_id, status, state, created_at) "
                "VALUES (?, ?, 'active', ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))",
                (guild_id, channel_id, _dumps(row["state"]), created),
            )
            encounter_id = cursor.lastrowid
            await cursor.close()
            assert encounter_id is not None
            for c in encounter.combatants:
                await _write_combatant(conn, encounter_id, c.combatant_id, _combatant_row(c))
            after = {
                "encounter": row,
                "combatants": {c.combatant_id: _combatant_row(c) for c in encounter.combatants},
            }
            await _append_event(
                conn,
                encounter_id,
                kind="start",
                actor_id=actor_id,
                before={"combatants": {}},
                after=after,
                detail={},
            )
            record = await _load(conn, "WHERE id = ?", (encounter_id,))
        assert record is not None
        return record

    @asynccontextmanager
    async def change(
        self,
        channel_id: int,
        actor_id: int,
        kind: str,
        *,
        detail: Mapping[str, Any] | None = None,
    ) -> AsyncIterator[EncounterChange]:
        """Load the running encounter, let the caller replace it, write it back and log it.

        One transaction from load to log. An exception inside the block rolls
        everything back. A block that changes nothing logs nothing.
        """
        async with self._db.transaction() as conn:
            record = await _load_active(conn, channel_id)
            if record is None:
                raise NoActiveEncounterError
            change = EncounterChange(record, kind, detail or {}, conn)
            yield change
            before, after = _diff(record, change)
            await _pending_diff(conn, change, before, after)
            if _is_empty(after):
                return
            await _apply_snapshot(conn, record.id, {**after, "pending_attacks": {}})
            change.event_id = await _append_event(
                conn,
                record.id,
                kind=change.kind,
                actor_id=actor_id,
                before=before,
                after=after,
                detail=change.detail,
            )

    async def undo(self, channel_id: int, actor_id: int) -> UndoResult:
        """Revert the latest change not yet undone (repeatable), logging the undo itself."""
        async with self._db.transaction() as conn:
            record = await _load_active(conn, channel_id)
            if record is None:
                raise NoActiveEncounterError
            placeholders = ", ".join("?" for _ in NOT_UNDOABLE)
            row = await _fetch_one(
                conn,
                _SELECT_EVENT + "WHERE encounter_id = ? AND undone_by IS NULL "
                f"AND kind NOT IN ({placeholders}) ORDER BY id DESC LIMIT 1",
                (record.id, *NOT_UNDOABLE),
            )
            if row is None:
                raise NothingToUndoError
            event = _event_from(row)
            await _apply_snapshot(conn, record.id, event.before)
            undo_id = await _append_event(
                conn,
                record.id,
                kind="undo",
                actor_id=actor_id,
                before=event.after,
                after=event.before,
                detail={"kind": event.kind, "event_id": event.id, "detail": event.detail},
                undoes=event.id,
            )
            await conn.execute(
                "UPDATE encounter_events SET undone_by = ? WHERE id = ?", (undo_id, event.id)
            )
            reloaded = await _load(conn, "WHERE id = ?", (record.id,))
        assert reloaded is not None
        pending = tuple(int(attack_id) for attack_id in event.before.get("pending_attacks", {}))
        return UndoResult(
            undone=event.model_copy(update={"undone_by": undo_id}),
            record=reloaded,
            pending_attacks=pending,
        )
