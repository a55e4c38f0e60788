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
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.storage.database import Database, Row, Session
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


def _record(row: Row) -> CharacterRecord:
    return CharacterRecord(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        owner_id=int(row["owner_id"]),
        created_at=str(row["created_at"]),
        updated_at=str(row["updated_at"]),
        sheet=Combatant.model_validate(upgrade(Document.SHEET, json.loads(row["sheet"]))),
    )


async def _by_name(
    session: Session, guild_id: int, name: str, *, lock: bool = False
) -> CharacterRecord | None:
    """The sheet called ``name`` ignoring case; ``lock`` holds its row until the transaction
    ends (PostgreSQL; SQLite's writers already take turns)."""
    dialect = session.dialect
    row = await session.fetch_one(
        _SELECT
        + "WHERE guild_id = ? AND "
        + dialect.nocase_equals("name")
        + (dialect.for_update if lock else ""),
        (guild_id, name.strip()),
    )
    return None if row is None else _record(row)


async def _by_id(
    session: Session, guild_id: int, character_id: int, *, lock: bool = False
) -> CharacterRecord | None:
    """The guild's sheet with this id (it keeps its id when renamed); ``lock`` as
    :func:`_by_name`."""
    row = await session.fetch_one(
        _SELECT + "WHERE id = ? AND guild_id = ?" + (session.dialect.for_update if lock else ""),
        (character_id, guild_id),
    )
    return None if row is None else _record(row)


async def _name_taken(session: Session, guild_id: int, name: str, *, other_than: int) -> bool:
    row = await session.fetch_one(
        "SELECT id FROM characters WHERE guild_id = ? AND " + session.dialect.nocase_equals("name"),
        (guild_id, name),
    )
    return row is not None and int(row["id"]) != other_than


async def _reload(session: Session, character_id: int) -> CharacterRecord:
    row = await session.fetch_one(_SELECT + "WHERE id = ?", (character_id,))
    assert row is not None
    return _record(row)


class CharacterRepository:
    """The guild's saved characters; all the SQL for sheets lives here."""

    def __init__(self, database: Database) -> None:
        self._db = database

    # ----------------------------------------------------------------- reads

    async def get(self, guild_id: int, name: str) -> CharacterRecord | None:
        """The sheet called ``name`` (ignoring case and surrounding spaces), if any."""
        return await self._db.read(lambda session: _by_name(session, guild_id, name))

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
        sql += "ORDER BY " + self._db.dialect.nocase_order("name") + " LIMIT ?"
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
        dialect = self._db.dialect
        rows = await self._db.fetch_all(
            "SELECT name FROM characters WHERE guild_id = ? AND "
            + dialect.nocase_like("name")
            + " ORDER BY "
            + dialect.nocase_order("name")
            + " LIMIT ?",
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
        keep_owner: bool = False,
    ) -> CharacterRecord:
        """Save a new sheet; a name already taken raises :class:`CharacterExistsError`.

        With ``replace``, a sheet of the same name is overwritten instead, after
        ``replace(existing)`` has returned (it raises to refuse); the existing
        sheet keeps its id and creation time and takes ``owner_id`` (or, with
        ``keep_owner``, keeps its owner).
        """
        async with self._db.transaction() as session:
            existing = await _by_name(session, guild_id, sheet.name, lock=True)
            if existing is not None:
                if replace is None:
                    raise CharacterExistsError(existing.name)
                replace(existing)
                if keep_owner:
                    owner_id = existing.owner_id
                await session.execute(
                    f"UPDATE characters SET owner_id = ?, name = ?, sheet = ?, updated_at = {_NOW} "
                    "WHERE id = ?",
                    (owner_id, sheet.name, _dumps(sheet), existing.id),
                )
                return await _reload(session, existing.id)
            # Another process may have saved the name since the read (PostgreSQL): the
            # unique index then skips the insert and the name is refused as taken.
            new_id = await session.fetch_value(
                "INSERT INTO characters (guild_id, owner_id, name, sheet) VALUES (?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING RETURNING id",
                (guild_id, owner_id, sheet.name, _dumps(sheet)),
            )
            if new_id is None:
                raise CharacterExistsError(sheet.name)
            return await _reload(session, int(new_id))

    @asynccontextmanager
    async def edit(self, guild_id: int, name: str) -> AsyncIterator[CharacterChange]:
        """Load the sheet called ``name``, let the caller change it, write it back.

        One transaction; an exception inside the block changes nothing. After the
        block :attr:`CharacterChange.saved` is the stored record (``None`` when
        deleted). A new name taken by another sheet raises :class:`CharacterExistsError`.
        """
        async with self._db.transaction() as session:
            record = await _by_name(session, guild_id, name, lock=True)
            if record is None:
                raise CharacterNotFoundError(name.strip())
            async with self._changing(session, record) as change:
                yield change

    @asynccontextmanager
    async def edit_id(self, guild_id: int, character_id: int) -> AsyncIterator[CharacterChange]:
        """:meth:`edit` for the sheet with this id (it keeps its id when renamed)."""
        async with self._db.transaction() as session:
            record = await _by_id(session, guild_id, character_id, lock=True)
            if record is None:
                raise CharacterNotFoundError(str(character_id))
            async with self._changing(session, record) as change:
                yield change

    async def get_id(self, guild_id: int, character_id: int) -> CharacterRecord | None:
        """The sheet with this id, if the guild still has it."""
        return await self._db.read(lambda session: _by_id(session, guild_id, character_id))

    @asynccontextmanager
    async def _changing(
        self, session: Session, record: CharacterRecord
    ) -> AsyncIterator[CharacterChange]:
        """Hand ``record`` to the caller and write back what it changed, in ``session``."""
        change = CharacterChange(record)
        yield change
        if change.deleted:
            await session.execute("DELETE FROM characters WHERE id = ?", (record.id,))
            return
        if change.sheet == record.sheet and change.owner_id == record.owner_id:
            change.saved = record
            return
        new_name = change.sheet.name
        if await _name_taken(session, record.guild_id, new_name, other_than=record.id):
            raise CharacterExistsError(new_name)
        await session.execute(
            f"UPDATE characters SET owner_id = ?, name = ?, sheet = ?, updated_at = {_NOW} "
            "WHERE id = ?",
            (change.owner_id, new_name, _dumps(change.sheet), record.id),
        )
        change.saved = await _reload(session, record.id)
