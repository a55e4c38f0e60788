"""Pending attacks: hits that wait for the target's player to choose a defense.

Each row holds the :class:`rules.combat.PendingDefense` as JSON, so the defense
buttons (whose custom ids carry only the row id) still resolve after a restart.
Writes that belong to a combat step take the open encounter change (or, outside
a fight, a bare transaction's connection), so the attack, the defense and the
encounter change commit together. Through the change every write also notes
the row's state before it (:class:`PendingJournal`): the change logs that
before/after next to the combatants', and ``/encounter undo`` puts it back, so
undoing a defense makes the attack wait again and undoing the attack cancels it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

import aiosqlite
from pydantic import BaseModel, ConfigDict

from bot.storage.database import Database
from rules.combat import PendingDefense

__all__ = [
    "CancelReason",
    "PendingAttack",
    "PendingAttackRepository",
    "PendingJournal",
    "PendingStatus",
    "read_state",
    "restore_state",
]


class PendingStatus(StrEnum):
    """Where a pending attack stands."""

    AWAITING = "awaiting"
    RESOLVED = "resolved"
    CANCELLED = "cancelled"


class CancelReason(StrEnum):
    """Why an attack stopped waiting without a defense."""

    UNDONE = "undone"
    """``/encounter undo`` reverted the attack itself."""
    ENDED = "ended"
    """``/encounter end`` closed the fight while the attack waited."""


PendingState = dict[str, Any]
"""The part of a row a combat step changes: ``status``, ``resolved_at``, ``cancel_reason``
and ``payload`` (as JSON data). Ids, channel, owner and message never change with the fight."""


@runtime_checkable
class PendingJournal(Protocol):
    """An open encounter change that records pending-attack rows before they are written.

    :class:`bot.storage.encounter.EncounterChange` is one; structural so this module
    does not import the encounter repository (which imports it).
    """

    @property
    def connection(self) -> aiosqlite.Connection: ...

    def note_pending(self, attack_id: int, before: PendingState | None) -> None:
        """Remember ``before`` as the row's state ahead of this change (first note wins)."""
        ...


Writer = aiosqlite.Connection | PendingJournal
"""Where a write goes: an encounter change (logged, undoable) or a bare transaction's
connection (not logged: tests and maintenance)."""


class PendingAttack(BaseModel):
    """One stored pending attack."""

    model_config = ConfigDict(frozen=True)

    attack_id: int
    guild_id: int | None
    channel_id: int
    attacker_id: str
    target_id: str
    owner_user_id: int | None
    status: PendingStatus
    payload: PendingDefense
    message_id: int | None
    created_at: datetime
    resolved_at: datetime | None
    cancel_reason: CancelReason | None = None

    @property
    def awaiting(self) -> bool:
        return self.status is PendingStatus.AWAITING


_COLUMNS = (
    "attack_id, guild_id, channel_id, attacker_id, target_id, owner_user_id, status, payload, "
    "message_id, created_at, resolved_at, cancel_reason"
)
_STATE_COLUMNS = "status, resolved_at, cancel_reason, payload"


def _from_row(row: sqlite3.Row) -> PendingAttack:
    return PendingAttack(
        attack_id=int(row["attack_id"]),
        guild_id=row["guild_id"],
        channel_id=int(row["channel_id"]),
        attacker_id=str(row["attacker_id"]),
        target_id=str(row["target_id"]),
        owner_user_id=row["owner_user_id"],
        status=PendingStatus(row["status"]),
        payload=PendingDefense.model_validate_json(row["payload"]),
        message_id=row["message_id"],
        created_at=datetime.fromisoformat(row["created_at"]),
        resolved_at=(
            datetime.fromisoformat(row["resolved_at"]) if row["resolved_at"] is not None else None
        ),
        cancel_reason=(
            CancelReason(row["cancel_reason"]) if row["cancel_reason"] is not None else None
        ),
    )


def _split(writer: Writer) -> tuple[aiosqlite.Connection, PendingJournal | None]:
    if isinstance(writer, aiosqlite.Connection):
        return writer, None
    return writer.connection, writer


async def read_state(conn: aiosqlite.Connection, attack_id: int) -> PendingState | None:
    """The row's changeable state, as the event log stores it (``None``: no such row)."""
    async with conn.execute(
        f"SELECT {_STATE_COLUMNS} FROM pending_attacks WHERE attack_id = ?", (attack_id,)
    ) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return None
    return {
        "status": row["status"],
        "resolved_at": row["resolved_at"],
        "cancel_reason": row["cancel_reason"],
        "payload": json.loads(row["payload"]),
    }


async def restore_state(
    conn: aiosqlite.Connection, attack_id: int, state: Mapping[str, Any] | None
) -> None:
    """Put a logged state back (undo). ``None`` — the row did not exist before the change —
    cancels it as undone instead of deleting it, so its buttons can say what happened."""
    if state is None:
        await conn.execute(
            "UPDATE pending_attacks SET status = 'cancelled', cancel_reason = 'undone', "
            "resolved_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') WHERE attack_id = ?",
            (attack_id,),
        )
        return
    await conn.execute(
        "UPDATE pending_attacks SET status = ?, resolved_at = ?, cancel_reason = ?, payload = ? "
        "WHERE attack_id = ?",
        (
            state["status"],
            state["resolved_at"],
            state["cancel_reason"],
            json.dumps(state["payload"], separators=(",", ":")),
            attack_id,
        ),
    )


async def _note(writer: Writer, attack_id: int) -> aiosqlite.Connection:
    """The connection to write with, after noting the row's state for the change's log."""
    conn, journal = _split(writer)
    if journal is not None:
        journal.note_pending(attack_id, await read_state(conn, attack_id))
    return conn


class PendingAttackRepository:
    """Reads and writes ``pending_attacks`` rows."""

    def __init__(self, database: Database) -> None:
        self._db = database

    # ----------------------------------------------------------------- reads

    async def get(self, attack_id: int) -> PendingAttack | None:
        row = await self._db.fetch_one(
            f"SELECT {_COLUMNS} FROM pending_attacks WHERE attack_id = ?", (attack_id,)
        )
        return None if row is None else _from_row(row)

    async def open_against(self, channel_id: int, target_id: str) -> list[PendingAttack]:
        """Attacks on ``target_id`` in the channel still waiting for a defense, oldest first."""
        rows = await self._db.fetch_all(
            f"SELECT {_COLUMNS} FROM pending_attacks "
            "WHERE channel_id = ? AND target_id = ? AND status = 'awaiting' ORDER BY attack_id",
            (channel_id, target_id),
        )
        return [_from_row(row) for row in rows]

    async def open_in(self, channel_id: int) -> list[PendingAttack]:
        """Every attack in the channel still waiting for a defense, oldest first."""
        rows = await self._db.fetch_all(
            f"SELECT {_COLUMNS} FROM pending_attacks "
            "WHERE channel_id = ? AND status = 'awaiting' ORDER BY attack_id",
            (channel_id,),
        )
        return [_from_row(row) for row in rows]

    # ---------------------------------------------------- writes (in a transaction)

    @staticmethod
    async def insert(
        writer: Writer,
        *,
        guild_id: int | None,
        channel_id: int,
        owner_user_id: int | None,
        payload: PendingDefense,
        created_at: datetime,
    ) -> int:
        """Store a new pending attack inside the caller's transaction; returns its id."""
        conn, journal = _split(writer)
        cursor = await conn.execute(
            "INSERT INTO pending_attacks (guild_id, channel_id, attacker_id, target_id, "
            "owner_user_id, status, payload, created_at) VALUES (?, ?, ?, ?, ?, 'awaiting', ?, ?)",
            (
                guild_id,
                channel_id,
                payload.attacker_id,
                payload.target_id,
                owner_user_id,
                payload.model_dump_json(),
                created_at.isoformat(),
            ),
        )
        attack_id = cursor.lastrowid
        await cursor.close()
        if attack_id is None:
            raise RuntimeError("SQLite returned no row id for the pending attack")
        if journal is not None:
            journal.note_pending(int(attack_id), None)
        return int(attack_id)

    @staticmethod
    async def lock(conn: aiosqlite.Connection, attack_id: int) -> PendingAttack | None:
        """Read the row inside the caller's transaction (the write lock is already held)."""
        async with conn.execute(
            f"SELECT {_COLUMNS} FROM pending_attacks WHERE attack_id = ?", (attack_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _from_row(row)

    @staticmethod
    async def update_payload(writer: Writer, attack_id: int, payload: PendingDefense) -> None:
        """Replace the payload of a still-awaiting attack (Retreat toggle, second defense).

        The Retreat toggle passes the bare connection: flipping it before choosing is
        no change to the fight, so it is not logged and ``undo`` never lands on it.
        """
        conn = await _note(writer, attack_id)
        await conn.execute(
            "UPDATE pending_attacks SET payload = ? WHERE attack_id = ? AND status = 'awaiting'",
            (payload.model_dump_json(), attack_id),
        )

    @staticmethod
    async def close(
        writer: Writer,
        attack_id: int,
        at: datetime,
        status: PendingStatus = PendingStatus.RESOLVED,
    ) -> bool:
        """Mark an awaiting attack resolved (or cancelled); ``False`` if it no longer awaited."""
        conn = await _note(writer, attack_id)
        cursor = await conn.execute(
            "UPDATE pending_attacks SET status = ?, resolved_at = ? "
            "WHERE attack_id = ? AND status = 'awaiting'",
            (status.value, at.isoformat(), attack_id),
        )
        changed = cursor.rowcount
        await cursor.close()
        return changed == 1

    @staticmethod
    async def reopen(conn: aiosqlite.Connection, attack_id: int) -> None:
        """Make a closed attack wait again (maintenance; ``undo`` restores the logged state)."""
        await conn.execute(
            "UPDATE pending_attacks SET status = 'awaiting', resolved_at = NULL, "
            "cancel_reason = NULL WHERE attack_id = ?",
            (attack_id,),
        )

    @staticmethod
    async def cancel_open(
        writer: Writer, channel_id: int, at: datetime, reason: CancelReason
    ) -> list[int]:
        """Cancel every awaiting attack in a channel; returns their ids, oldest first."""
        conn, _ = _split(writer)
        async with conn.execute(
            "SELECT attack_id FROM pending_attacks WHERE channel_id = ? AND status = 'awaiting' "
            "ORDER BY attack_id",
            (channel_id,),
        ) as cursor:
            ids = [int(row["attack_id"]) for row in await cursor.fetchall()]
        for attack_id in ids:
            await _note(writer, attack_id)
            await conn.execute(
                "UPDATE pending_attacks SET status = 'cancelled', resolved_at = ?, "
                "cancel_reason = ? WHERE attack_id = ?",
                (at.isoformat(), reason.value, attack_id),
            )
        return ids

    # -------------------------------------------------- writes (own transaction)

    async def set_message(self, attack_id: int, message_id: int) -> None:
        """Remember the message that shows the defense buttons."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE pending_attacks SET message_id = ? WHERE attack_id = ?",
                (message_id, attack_id),
            )

    async def cancel_channel(
        self, channel_id: int, at: datetime, reason: CancelReason = CancelReason.ENDED
    ) -> int:
        """Cancel every awaiting attack in a channel in a transaction of its own; how many.

        ``/encounter end`` uses :meth:`cancel_open` inside its change instead.
        """
        async with self._db.transaction() as conn:
            return len(await self.cancel_open(conn, channel_id, at, reason))
