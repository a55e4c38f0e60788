"""Pending attacks: hits that wait for the target's player to choose a defense.

Each row holds the :class:`rules.combat.PendingDefense` as JSON, so the defense
buttons (whose custom ids carry only the row id) still resolve after a restart.
Writes that belong to a combat step take the open transaction's connection, so
the attack, the defense and the encounter change commit together.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from enum import StrEnum

import aiosqlite
from pydantic import BaseModel, ConfigDict

from bot.storage.database import Database
from rules.combat import PendingDefense

__all__ = ["PendingAttack", "PendingAttackRepository", "PendingStatus"]


class PendingStatus(StrEnum):
    """Where a pending attack stands."""

    AWAITING = "awaiting"
    RESOLVED = "resolved"
    CANCELLED = "cancelled"


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

    @property
    def awaiting(self) -> bool:
        return self.status is PendingStatus.AWAITING


_COLUMNS = (
    "attack_id, guild_id, channel_id, attacker_id, target_id, owner_user_id, status, payload, "
    "message_id, created_at, resolved_at"
)


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
    )


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
        conn: aiosqlite.Connection,
        *,
        guild_id: int | None,
        channel_id: int,
        owner_user_id: int | None,
        payload: PendingDefense,
        created_at: datetime,
    ) -> int:
        """Store a new pending attack inside the caller's transaction; returns its id."""
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
    async def update_payload(
        conn: aiosqlite.Connection, attack_id: int, payload: PendingDefense
    ) -> None:
        """Replace the payload of a still-awaiting attack (Retreat toggle, second defense)."""
        await conn.execute(
            "UPDATE pending_attacks SET payload = ? WHERE attack_id = ? AND status = 'awaiting'",
            (payload.model_dump_json(), attack_id),
        )

    @staticmethod
    async def close(
        conn: aiosqlite.Connection,
        attack_id: int,
        at: datetime,
        status: PendingStatus = PendingStatus.RESOLVED,
    ) -> bool:
        """Mark an awaiting attack resolved (or cancelled); ``False`` if it no longer awaited."""
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
        """Undo of the step that resolved it: the attack waits again."""
        await conn.execute(
            "UPDATE pending_attacks SET status = 'awaiting', resolved_at = NULL "
            "WHERE attack_id = ?",
            (attack_id,),
        )

    # -------------------------------------------------- writes (own transaction)

    async def set_message(self, attack_id: int, message_id: int) -> None:
        """Remember the message that shows the defense buttons."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE pending_attacks SET message_id = ? WHERE attack_id = ?",
                (message_id, attack_id),
            )

    async def cancel_channel(self, channel_id: int, at: datetime) -> int:
        """Cancel every awaiting attack in a channel (the encounter ended); returns how many."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE pending_attacks SET status = 'cancelled', resolved_at = ? "
                "WHERE channel_id = ? AND status = 'awaiting'",
                (at.isoformat(), channel_id),
            )
            changed = cursor.rowcount
            await cursor.close()
        return int(changed)
