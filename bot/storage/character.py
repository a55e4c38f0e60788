"""Saved characters: one sheet per name in a guild, owned by the player who made it.

Reads return :class:`CharacterRecord` (the stored :class:`~rules.combatant.Combatant`
with its guild, owner and times). Every change is one transaction:
:meth:`CharacterRepository.create` inserts (or, when the caller allows it, replaces)
a sheet; :meth:`CharacterRepository.edit` loads one, lets the caller authorize and
replace it, and writes it back::

    async with characters.edit(guild_id, "Ana") as change:
        ensure_can_edit(change.record)
        change.sheet = add_weapon(change.sheet, sword)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite
from pydantic import BaseModel, ConfigDict

from bot.storage.database import Database
from bot.storage.documents import Document, stamp, upgrade
from bot.storage.errors import StorageRefusal
from rules.combatant import Combatant

__all__ = [
    "CharacterChange",
    "CharacterExistsError",
    "CharacterNotFoundError",
    "CharacterRecord",
    "CharacterRepository",
]

MAX_LISTED = 100
"""``/character list`` shows at most this many sheets."""


class CharacterExistsError(StorageRefusal):
    """Another sheet in the guild already has this name (names ignore case)."""

    def __init__(self, name: str) -> None:
        super().__init__("character.error.exists", name=name)


class CharacterNotFoundError(StorageRefusal):
    """No sheet of that name in the guild."""

    def __init__(self, name: str) -> None:
        super().__init__("character.error.not_found", name=name)


class CharacterRecord(BaseModel):
    """A stored sheet and who owns it."""

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int
    owner_id: int
    created_at: str
    updated_at: str
    sheet: Combatant

    @property
    def name(self) -> str:
        return self.sheet.name


class CharacterChange:
    """An edit in progress: replace :attr:`sheet` or :attr:`owner_id`, or :meth:`delete`."""

    def __init__(self, record: CharacterRecord) -> None:
        self.record = record
        self.sheet: Combatant = record.sheet
        self.owner_id: int = record.owner_id
        self.deleted = False
        self.saved: CharacterRecord | None = None

    def delete(self) -> None:
        self.deleted = True


_SELECT = "SELECT id, guild_id, owner_id, sheet, created_at, updated_at FROM characters "
_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"


def _dumps(sheet: Combatant) -> str:
    return json.dumps(
        stamp(Document.SHEET, sheet.model_dump(mode="json")),
        separators=(",", ":"),
        ensure_ascii=False,
    )


def _record(row: sqlite3.Row) -> CharacterRecord:
    return CharacterRecord(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        owner_id=int(row["owner_id"]),
        created_at=str(row["created_at"]),
        updated_at=str(row["updated_at"]),
        sheet=Combatant.model_validate(upgrade(Document.SHEET, json.loads(row["sheet"]))),
    )


async def _fetch(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...]) -> Any:
    async with conn.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def _by_name(conn: aiosqlite.Connection, guild_id: int, name: str) -> CharacterRecord | None:
    row = await _fetch(
        conn, _SELECT + "WHERE guild_id = ? AND name = ? COLLATE NOCASE", (guild_id, name.strip())
    )
    return None if row is None else _record(row)


async def _name_taken(
    conn: aiosqlite.Connection, guild_id: int, name: str, *, other_than: int | None
) -> bool:
    row = await _fetch(
        conn,
        "SELECT id FROM characters WHERE guild_id = ? AND name = ? COLLATE NOCASE",
        (guild_id, name),
    )
    return row is not None and int(row["id"]) != other_than


async def _reload(conn: aiosqlite.Connection, character_id: int) -> CharacterRecord:
    row = await _fetch(conn, _SELECT + "WHERE id = ?", (character_id,))
    assert row is not None
    return _record(row)


class CharacterRepository:
    """The guild's saved characters; all the SQL for sheets lives here."""

    def __init__(self, database: Database) -> None:
        self._db = database

    # ----------------------------------------------------------------- reads

    async def get(self, guild_id: int, name: str) -> CharacterRecord | None:
        """The sheet called ``name`` (ignoring case and surrounding spaces), if any."""
        row = await self._db.fetch_one(
            _SELECT + "WHERE guild_id = ? AND name = ? COLLATE NOCASE", (guild_id, name.strip())
        )
        return None if row is None else _record(row)

    async def require(self, guild_id: int, name: str) -> CharacterRecord:
        """The sheet called ``name``, or :class:`CharacterNotFoundError`."""
        found = await self.get(guild_id, name)
        if found is None:
            raise CharacterNotFoundError(name.strip())
        return found

    async def in_guild(
        self, guild_id: int, *, owner_id: int | None = None, limit: int = MAX_LISTED
    ) -> list[CharacterRecord]:
        """The guild's sheets by name (only ``owner_id``'s when given)."""
        sql = _SELECT + "WHERE guild_id = ? "
        params: list[Any] = [guild_id]
        if owner_id is not None:
            sql += "AND owner_id = ? "
            params.append(owner_id)
        sql += "ORDER BY name COLLATE NOCASE LIMIT ?"
        params.append(limit)
        return [_record(row) for row in await self._db.fetch_all(sql, params)]

    async def count(self, guild_id: int, *, owner_id: int | None = None) -> int:
        sql = "SELECT COUNT(*) FROM characters WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if owner_id is not None:
            sql += " AND owner_id = ?"
            params.append(owner_id)
        return int(await self._db.fetch_value(sql, params))

    async def choices(self, guild_id: int, typed: str, *, limit: int = 25) -> list[str]:
        """Names of the guild's sheets containing ``typed`` (for autocomplete)."""
        pattern = (
            "%" + typed.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        )
        rows = await self._db.fetch_all(
            "SELECT name FROM characters WHERE guild_id = ? AND name LIKE ? ESCAPE '\\' "
            "ORDER BY name COLLATE NOCASE LIMIT ?",
            (guild_id, pattern, limit),
        )
        return [str(row["name"]) for row in rows]

    # ----------------------------------------------------------------- writes

    async def create(
        self,
        guild_id: int,
        owner_id: int,
        sheet: Combatant,
        *,
        replace: Callable[[CharacterRecord], None] | None = None,
    ) -> CharacterRecord:
        """Save a new sheet; a name already taken raises :class:`CharacterExistsError`.

        With ``replace``, a sheet of the same name is overwritten instead, after
        ``replace(existing)`` has returned (it raises to refuse); the existing
        sheet keeps its id and creation time and takes ``owner_id``.
        """
        async with self._db.transaction() as conn:
            existing = await _by_name(conn, guild_id, sheet.name)
            if existing is not None:
                if replace is None:
                    raise CharacterExistsError(existing.name)
                replace(existing)
                await conn.execute(
                    f"UPDATE characters SET owner_id = ?, name = ?, sheet = ?, updated_at = {_NOW} "
                    "WHERE id = ?",
                    (owner_id, sheet.name, _dumps(sheet), existing.id),
                )
                return await _reload(conn, existing.id)
            cursor = await conn.execute(
                "INSERT INTO characters (guild_id, owner_id, name, sheet) VALUES (?, ?, ?, ?)",
                (guild_id, owner_id, sheet.name, _dumps(sheet)),
            )
            new_id = cursor.lastrowid
            await cursor.close()
            assert new_id is not None
            return await _reload(conn, new_id)

    @asynccontextmanager
    async def edit(self, guild_id: int, name: str) -> AsyncIterator[CharacterChange]:
        """Load the sheet called ``name``, let the caller change it, write it back.

        One transaction; an exception inside the block changes nothing. After the
        block :attr:`CharacterChange.saved` is the stored record (``None`` when
        deleted). A new name taken by another sheet raises :class:`CharacterExistsError`.
        """
        async with self._db.transaction() as conn:
            record = await _by_name(conn, guild_id, name)
            if record is None:
                raise CharacterNotFoundError(name.strip())
            change = CharacterChange(record)
            yield change
            if change.deleted:
                await conn.execute("DELETE FROM characters WHERE id = ?", (record.id,))
                return
            if change.sheet == record.sheet and change.owner_id == record.owner_id:
                change.saved = record
                return
            new_name = change.sheet.name
            if await _name_taken(conn, guild_id, new_name, other_than=record.id):
                raise CharacterExistsError(new_name)
            await conn.execute(
                f"UPDATE characters SET owner_id = ?, name = ?, sheet = ?, updated_at = {_NOW} "
                "WHERE id = ?",
                (change.owner_id, new_name, _dumps(change.sheet), record.id),
            )
            change.saved = await _reload(conn, record.id)
