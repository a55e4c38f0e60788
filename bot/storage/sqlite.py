"""The SQLite backend: one aiosqlite connection, serialized transactions.

Writers hold an :class:`asyncio.Lock` around ``BEGIN IMMEDIATE … COMMIT``: two
commands touching the same row run one after the other on the same connection,
so neither sees the other's half-written state and no update is lost.

Each statement through aiosqlite is one round trip to its database thread. A job
(:meth:`SqliteDatabase.write`, :meth:`SqliteDatabase.read`) goes there whole
instead: its coroutine is driven on the thread over the plain ``sqlite3``
connection (:func:`bot.storage.database.drive`), every statement of one
transaction in a single round trip. Python on that thread has to win the GIL back
from a busy loop after every statement, so jobs run statements prepared on the
loop and little else.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.database import (
    Database,
    Job,
    MigrationError,
    Row,
    Session,
    Statement,
    drive,
    load_migrations,
    migrations_folder,
    split_statements,
)
from bot.storage.dialect import SQLITE

log = logging.getLogger(__name__)

T = TypeVar("T")

_SCHEMA_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)
"""


class _JobSession(Session):
    """The plain ``sqlite3`` connection, on the database thread: every call answers at once."""

    dialect = SQLITE

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._connection.execute(sql, params).rowcount

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: Row | None = self._connection.execute(sql, params).fetchone()
        return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(self._connection.execute(sql, params).fetchall())

    async def run(self, statements: Sequence[Statement]) -> Any:
        if not statements:
            return None
        execute = self._connection.execute
        *body, (last, params) = statements
        for sql, values in body:
            execute(sql, values)
        plain = _without_returning_id(last)
        if plain is not None:
            return execute(plain, params).lastrowid
        # Read the last statement to its end: a RETURNING statement left half-read
        # would keep the transaction from committing.
        rows = execute(last, params).fetchall()
        return rows[0][0] if rows else None


_RETURNING_ID = " RETURNING id"


@lru_cache(maxsize=256)
def _without_returning_id(sql: str) -> str | None:
    """``INSERT … RETURNING id`` without its RETURNING, else ``None``.

    Every table with an ``id`` column has it as its ``INTEGER PRIMARY KEY``, the
    rowid, so the cursor's ``lastrowid`` is the same value. Reading the returned row
    instead would take one more step into SQLite, and a step on the database thread
    gives the GIL away and must win it back from a busy event loop (up to the
    interpreter's switch interval): on a loaded process that is milliseconds a change.
    """
    if sql.lstrip().upper().startswith("INSERT") and sql.rstrip().endswith(_RETURNING_ID):
        return sql.rstrip().removesuffix(_RETURNING_ID)
    return None


class _TransactionSession(Session):
    """An open :meth:`SqliteDatabase.transaction`: a round trip per statement."""

    dialect = SQLITE

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._connection.execute(sql, params) as cursor:
            return cursor.rowcount

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._connection.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
            return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._connection.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def run(self, statements: Sequence[Statement]) -> Any:
        result: list[Row] = []
        for sql, params in statements:
            result = await self.fetch_all(sql, params)
        return result[0][0] if result else None


class SqliteDatabase(Database):
    """One aiosqlite connection: WAL, ``synchronous=NORMAL``, foreign keys, a busy timeout."""

    dialect = SQLITE

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        super().__init__()
        self._connection = connection
        self.path = path
        self._lock = asyncio.Lock()
        self._job_session: _JobSession | None = None

    @classmethod
    async def connect(cls, path: Path, busy_timeout_ms: int) -> SqliteDatabase:
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            connection.row_factory = aiosqlite.Row
            await connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            await connection.close()
            raise
        return cls(connection, path)

    @property
    def description(self) -> str:
        return f"SQLite file {self.path}"

    async def close(self) -> None:
        if self._closed:
            return
        async with self._lock:
            self._closed = True
            await self._connection.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any exception).

        Transactions on this connection never interleave: each waits for the
        previous one. Nesting would deadlock, so it raises instead; pass the
        yielded session down rather than opening a second transaction.
        """
        self._not_inside("Database.transaction() is not re-entrant; reuse the open one")
        current = asyncio.current_task()
        async with self._lock:
            self._ensure_open()
            if current is not None:
                self._owners.add(current)
            try:
                await self._connection.execute("BEGIN IMMEDIATE")
                try:
                    yield _TransactionSession(self._connection)
                except BaseException:
                    await self._connection.rollback()
                    raise
                await self._connection.commit()
            finally:
                if current is not None:
                    self._owners.discard(current)

    async def write(self, job: Job[T]) -> T:
        """``job`` inside ``BEGIN IMMEDIATE … COMMIT`` (``ROLLBACK`` if it raises), in one
        round trip to the database thread."""
        return await self._on_thread(_in_transaction, job)

    async def read(self, job: Job[T]) -> T:
        return await self._on_thread(_plain, job)

    async def _on_thread(self, run: Callable[[_JobSession, Job[T]], T], job: Job[T]) -> T:
        self._not_inside(
            "a job cannot run inside Database.transaction(); use the transaction's session"
        )
        async with self._lock:
            self._ensure_open()
            connection = self._connection
            session = self._job_session
            if session is None:
                session = self._job_session = _JobSession(connection._conn)
            # aiosqlite runs every call as a function on its thread; ``_execute`` queues one
            # of ours there (pinned aiosqlite versions; tests/integration/test_database.py).
            result: T = await connection._execute(  # type: ignore[no-untyped-call]
                lambda: run(session, job)
            )
            return result

    async def migrate(self, source: Traversable | None = None) -> list[int]:
        """Apply every pending migration, each in its own transaction; return the versions applied.

        Safe to run on every start and from several processes: the version
        check is repeated inside the write lock.
        """
        migrations = load_migrations(source if source is not None else migrations_folder(SQLITE))
        applied: list[int] = []
        for migration in migrations:
            async with self.transaction() as session:
                await session.execute(_SCHEMA_VERSION_TABLE)
                if await session.fetch_one(
                    "SELECT 1 FROM schema_version WHERE version = ?", (migration.version,)
                ):
                    continue
                try:
                    for statement in split_statements(migration.sql):
                        await session.execute(statement)
                except sqlite3.Error as exc:
                    raise MigrationError(
                        f"migration {migration.version:04d}_{migration.name} failed: {exc}"
                    ) from exc
                await session.execute(
                    "INSERT INTO schema_version (version, name) VALUES (?, ?)",
                    (migration.version, migration.name),
                )
            log.info("applied migration %04d_%s", migration.version, migration.name)
            applied.append(migration.version)
        return applied


def _in_transaction(session: _JobSession, job: Job[T]) -> T:
    connection = session._connection
    connection.execute("BEGIN IMMEDIATE")
    try:
        result = drive(job(session))
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    return result


def _plain(session: _JobSession, job: Job[T]) -> T:
    return drive(job(session))
