"""What differs between SQLite and PostgreSQL, in one place.

Repositories write their SQL once, in the form SQLite reads: ``?`` placeholders and
``strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`` for "the time now, as stored text". A
PostgreSQL session hands each statement to :meth:`Dialect.sql` first, which turns
the placeholders into ``$1, $2, …`` and the timestamps into ``to_char(…)`` giving
the very same text (cached: a statement is translated once per process). The few
things that cannot be written once are asked of the dialect:

- :meth:`Dialect.nocase_equals` / :meth:`Dialect.nocase_order` / :meth:`Dialect.nocase_like`:
  names compared ignoring case. SQLite's ``NOCASE`` folds ASCII letters only;
  PostgreSQL folds the same letters with ``lower(… COLLATE "C")``, whatever the
  server's locale, so a name unique on one is unique on the other.
- :attr:`Dialect.for_update`: the row lock a read-modify-write takes on PostgreSQL,
  where transactions run side by side (SQLite's ``BEGIN IMMEDIATE`` already
  serializes every writer).
- :meth:`Dialect.reserve_attack_ids`: a block of pending-attack ids nobody else
  will hand out (``sqlite_sequence`` on SQLite, a sequence counting in blocks on
  PostgreSQL).
- :attr:`Dialect.tables`: the query listing the schema's tables.
- :meth:`Dialect.highest_attack_id` / :meth:`Dialect.resume_ids`: where the id
  counters stand, and moving them past copied rows (``migrate-db``).

The JSON checks and column types differ too, but only in the migrations, which are
written once per backend (``migrations/`` and ``migrations/postgresql/``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.database import Session

__all__ = ["ATTACK_ID_BLOCK", "POSTGRESQL", "SQLITE", "Dialect", "postgresql_sql"]

ATTACK_ID_BLOCK = 64
"""Pending-attack ids reserved at a time (one write for every 64 attacks). The
PostgreSQL sequence ``pending_attack_ids`` counts by the same step (migration 0003)."""

_NOW_Z = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
_NOW_OFFSET = "strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')"
_PG_NOW_Z = """to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"""
_PG_NOW_OFFSET = """to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"')"""


class Dialect:
    """SQLite's reading (the base); :class:`_PostgreSQL` overrides what differs."""

    name = "sqlite"
    for_update = ""
    tables = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"

    def sql(self, text: str) -> str:
        """``text`` as this backend reads it."""
        return text

    def nocase_equals(self, column: str) -> str:
        """``column`` equal to the next ``?`` ignoring (ASCII) case."""
        return f"{column} = ? COLLATE NOCASE"

    def nocase_order(self, column: str) -> str:
        return f"{column} COLLATE NOCASE"

    def nocase_like(self, column: str) -> str:
        """``column`` LIKE the next ``?`` ignoring (ASCII) case, ``\\`` escaping."""
        return f"{column} LIKE ? ESCAPE '\\'"

    async def reserve_attack_ids(self, session: Session) -> int:
        """The first id of a block of :data:`ATTACK_ID_BLOCK` (inside a write).

        The block comes from ``sqlite_sequence``, the counter behind the table's
        AUTOINCREMENT: moving it past the block means any other insert, in this
        process or another, numbers its row after it.
        """
        seq = await session.fetch_value(
            "SELECT seq FROM sqlite_sequence WHERE name = 'pending_attacks'"
        )
        if seq is None:
            highest = await session.fetch_value(
                "SELECT COALESCE(MAX(attack_id), 0) FROM pending_attacks"
            )
            await session.execute(
                "INSERT INTO sqlite_sequence (name, seq) VALUES ('pending_attacks', ?)",
                (int(highest) + ATTACK_ID_BLOCK,),
            )
            return int(highest) + 1
        await session.execute(
            "UPDATE sqlite_sequence SET seq = seq + ? WHERE name = 'pending_attacks'",
            (ATTACK_ID_BLOCK,),
        )
        return int(seq) + 1

    async def highest_attack_id(self, session: Session) -> int:
        """The highest pending-attack id stored or handed out (in a reserved block)."""
        value = await session.fetch_value(
            "SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence "
            "WHERE name = 'pending_attacks'), 0), "
            "COALESCE((SELECT MAX(attack_id) FROM pending_attacks), 0))"
        )
        return int(value or 0)

    async def resume_ids(self, session: Session, highest_attack_id: int) -> None:
        """After rows were copied in with their ids: new ids start past them (inside a write).

        SQLite numbers a new row after the highest rowid by itself; only the
        pending-attack counter must also pass the ids the source handed out.
        """
        moved = await session.execute(
            "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = 'pending_attacks'",
            (highest_attack_id,),
        )
        if not moved:
            await session.execute(
                "INSERT INTO sqlite_sequence (name, seq) VALUES ('pending_attacks', ?)",
                (highest_attack_id,),
            )


class _PostgreSQL(Dialect):
    name = "postgresql"
    for_update = " FOR UPDATE"
    tables = (
        "SELECT tablename AS name FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
    )

    def sql(self, text: str) -> str:
        return postgresql_sql(text)

    def nocase_equals(self, column: str) -> str:
        return f'lower({column} COLLATE "C") = lower(CAST(? AS TEXT) COLLATE "C")'

    def nocase_order(self, column: str) -> str:
        return f'lower({column} COLLATE "C")'

    def nocase_like(self, column: str) -> str:
        return f'lower({column} COLLATE "C") LIKE lower(CAST(? AS TEXT) COLLATE "C") ESCAPE \'\\\''

    async def reserve_attack_ids(self, session: Session) -> int:
        """``nextval`` of ``pending_attack_ids``, which counts by :data:`ATTACK_ID_BLOCK`:
        the value and the 63 after it are this block; a plain insert takes the next
        value as its id, so it never lands inside a block."""
        return int(await session.fetch_value("SELECT nextval('pending_attack_ids')"))

    async def highest_attack_id(self, session: Session) -> int:
        row = await session.fetch_one("SELECT last_value, is_called FROM pending_attack_ids")
        reserved = int(row[0]) + ATTACK_ID_BLOCK - 1 if row is not None and row[1] else 0
        stored = await session.fetch_value("SELECT MAX(attack_id) FROM pending_attacks")
        return max(reserved, int(stored or 0))

    async def resume_ids(self, session: Session, highest_attack_id: int) -> None:
        """Identity columns continue after their highest id; ``pending_attack_ids`` hands
        out its next block past ``highest_attack_id``."""
        for table in _IDENTITY_TABLES:
            await session.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"COALESCE(MAX(id), 0) + 1, false) FROM {table}"
            )
        if highest_attack_id > 0:
            await session.execute(
                "SELECT setval('pending_attack_ids', ?, true)", (highest_attack_id,)
            )


_IDENTITY_TABLES = ("encounters", "encounter_events", "characters")


SQLITE = Dialect()
POSTGRESQL = _PostgreSQL()


@lru_cache(maxsize=2048)
def postgresql_sql(text: str) -> str:
    """``?`` → ``$n`` (outside quotes); SQLite's "now as text" → the same text from PostgreSQL."""
    text = text.replace(_NOW_Z, _PG_NOW_Z).replace(_NOW_OFFSET, _PG_NOW_OFFSET)
    out: list[str] = []
    number = 0
    quote: str | None = None
    for char in text:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "?":
            number += 1
            out.append(f"${number}")
            continue
        out.append(char)
    return "".join(out)
