"""The PostgreSQL backend: an asyncpg connection pool, for several processes on one database.

Each job or transaction takes a pooled connection for its whole length, inside
``BEGIN … COMMIT``. Transactions run side by side (unlike SQLite's, which take
turns), so what reads a row to write it back locks it (:attr:`Dialect.for_update`)
and a fight's changes are ordered by its channel's lock in the one process that
serves the channel (:mod:`bot.storage.live`).

A job's statements are sent as they come, except that consecutive statements with
the same SQL go in one ``executemany`` (one round trip for all of them: asyncpg
pipelines its binds). Statements are translated from the SQLite form once per
process (:func:`bot.storage.dialect.postgresql_sql`) and prepared once per
connection (asyncpg's statement cache).

Migrations take a session advisory lock, so processes starting at the same time
apply each one exactly once, one after the other.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from importlib.resources.abc import Traversable
from typing import Any, TypeVar

import asyncpg

from bot.storage.database import (
    Database,
    DatabaseUnavailable,
    Job,
    MigrationError,
    Row,
    Session,
    Statement,
    load_migrations,
    migrations_folder,
    redact,
)
from bot.storage.dialect import POSTGRESQL, postgresql_sql

log = logging.getLogger(__name__)

T = TypeVar("T")

MIGRATION_LOCK = 0x6775_7270_735F_6462
"""The advisory lock key migrations hold ("gurps_db" in ASCII): one process at a time."""

_SCHEMA_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
               DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
)
"""


def _changed(status: str) -> int:
    """Rows a command reported (``UPDATE 3``, ``INSERT 0 1``); 0 when it says none."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Session(Session):
    """A pooled connection inside a transaction (or a read)."""

    dialect = POSTGRESQL

    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        status: str = await self._connection.execute(postgresql_sql(sql), *params)
        return _changed(status)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: Row | None = await self._connection.fetchrow(postgresql_sql(sql), *params)
        return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._connection.fetch(postgresql_sql(sql), *params))

    async def fetch_value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self._connection.fetchval(postgresql_sql(sql), *params)

    async def run(self, statements: Sequence[Statement]) -> Any:
        if not statements:
            return None
        connection = self._connection
        *body, (last_sql, last_params) = statements
        start = 0
        while start < len(body):
            sql = body[start][0]
            end = start + 1
            while end < len(body) and body[end][0] == sql:
                end += 1
            if end - start == 1:
                await connection.execute(postgresql_sql(sql), *body[start][1])
            else:
                await connection.executemany(
                    postgresql_sql(sql), [params for _, params in body[start:end]]
                )
            start = end
        if "RETURNING" in last_sql.upper():
            return await connection.fetchval(postgresql_sql(last_sql), *last_params)
        await connection.execute(postgresql_sql(last_sql), *last_params)
        return None


class PostgresDatabase(Database):
    """A pool of asyncpg connections to one PostgreSQL database."""

    dialect = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__()
        self._pool = pool
        self.url = url

    @classmethod
    async def connect(cls, url: str, *, pool_size: int) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=max(1, pool_size),
                server_settings={"application_name": "gurps-combat-bot"},
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as failed:
            reason = str(failed).replace(url, redact(url)) or type(failed).__name__
            raise DatabaseUnavailable(
                f"Could not connect to PostgreSQL at {redact(url)}: {reason}"
            ) from failed
        return cls(pool, url)

    @property
    def description(self) -> str:
        return f"PostgreSQL {redact(self.url)}"

    async def close(self) -> None:
        """Refuse new work, wait for the running transactions, close the pool."""
        if self._closed:
            return
        self._closed = True
        await self._pool.close()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        self._ensure_open()
        async with self._pool.acquire() as connection:
            yield connection

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        """``BEGIN`` … ``COMMIT`` on a pooled connection (``ROLLBACK`` on any exception).

        Not re-entrant, as on SQLite: pass the yielded session down instead.
        """
        self._not_inside("Database.transaction() is not re-entrant; reuse the open one")
        current = asyncio.current_task()
        async with self._connection() as connection, connection.transaction():
            if current is not None:
                self._owners.add(current)
            try:
                yield _Session(connection)
            finally:
                if current is not None:
                    self._owners.discard(current)

    async def write(self, job: Job[T]) -> T:
        self._not_inside(
            "a job cannot run inside Database.transaction(); use the transaction's session"
        )
        async with self._connection() as connection, connection.transaction():
            return await job(_Session(connection))

    async def read(self, job: Job[T]) -> T:
        """``job`` in a read-only snapshot: every query it makes sees the same commits."""
        self._not_inside(
            "a job cannot run inside Database.transaction(); use the transaction's session"
        )
        async with (
            self._connection() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            return await job(_Session(connection))

    async def _query(self, method: str, sql: str, params: Sequence[Any]) -> Any:
        """One statement on a pooled connection, outside any transaction (a read)."""
        self._not_inside(
            "a job cannot run inside Database.transaction(); use the transaction's session"
        )
        async with self._connection() as connection:
            return await getattr(connection, method)(postgresql_sql(sql), *params)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: Row | None = await self._query("fetchrow", sql, params)
        return row

    async def fetch_value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self._query("fetchval", sql, params)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._query("fetch", sql, params))

    async def migrate(self, source: Traversable | None = None) -> list[int]:
        """Apply every pending migration, each in its own transaction, under an advisory
        lock: a second process starting at the same time waits, then finds them applied."""
        migrations = load_migrations(
            source if source is not None else migrations_folder(POSTGRESQL)
        )
        applied: list[int] = []
        async with self._connection() as connection:
            await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await connection.execute(_SCHEMA_VERSION_TABLE)
                for migration in migrations:
                    async with connection.transaction():
                        if await connection.fetchval(
                            "SELECT 1 FROM schema_version WHERE version = $1", migration.version
                        ):
                            continue
                        try:
                            await connection.execute(migration.sql)
                        except asyncpg.PostgresError as exc:
                            raise MigrationError(
                                f"migration {migration.version:04d}_{migration.name} failed: {exc}"
                            ) from exc
                        await connection.execute(
                            "INSERT INTO schema_version (version, name) VALUES ($1, $2)",
                            migration.version,
                            migration.name,
                        )
                    log.info("applied migration %04d_%s", migration.version, migration.name)
                    applied.append(migration.version)
            finally:
                await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        return applied
