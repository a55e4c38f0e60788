"""The SQLite backend: serialized transactions over two connections to one file.

Writers hold an :class:`asyncio.Lock` around ``BEGIN IMMEDIATE … COMMIT``: two
commands touching the same row run one after the other, so neither sees the
other's half-written state and no update is lost.

A write job (:meth:`SqliteDatabase.write`) runs on the event loop itself, over a
plain ``sqlite3`` connection that never waits for a lock (busy timeout 0): in WAL
with ``synchronous=NORMAL`` a commit appends to the WAL file and returns without
an fsync, tens of microseconds, while a hop to a database thread and back costs a
wake-up of each thread and the GIL changing hands twice, milliseconds once the
machine's cores are busy. The commit is in the operating system's hands before
the job returns, so it survives the process being killed.

Everything that may wait goes to aiosqlite's thread instead, with the configured
busy timeout: a write that finds the file locked by someone else (it starts over
there), reads (:meth:`SqliteDatabase.read`: its job driven whole on the thread,
:func:`bot.storage.database.drive`), :meth:`SqliteDatabase.transaction`,
migrations, and the WAL checkpoints (their fsyncs), started every
``CHECKPOINT_EVERY`` writes in the background instead of inside a commit. A write
on the loop that takes long (:data:`SLOW_WRITE`: the disk stalls) sends the writes
to the thread for a while, where a stall holds up only the commands waiting for it.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
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

CHECKPOINT_EVERY = 200
"""Loop-side commits between two background ``wal_checkpoint(PASSIVE)`` on the thread
(SQLite's automatic checkpoint, with its fsyncs, is off on the loop's connection)."""

SLOW_WRITE = 0.25
"""Seconds: a loop-side write that took longer says the disk is stalling (a commit is
normally tens of microseconds; a machine short of CPU preempts one for tens of
milliseconds, which is no reason to leave the loop). Writes then go to the thread for
:data:`SLOW_PAUSE`, so that a stalled disk cannot hold the loop (and the deadline's
deferrals, 2 s after an interaction arrives) up."""
SLOW_PAUSE = 60.0

_clock = time.monotonic

_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6

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
    """WAL, ``synchronous=NORMAL``, foreign keys: an aiosqlite connection with a busy
    timeout, and a plain one on the loop for writes that find the file free."""

    dialect = SQLITE

    def __init__(
        self,
        connection: aiosqlite.Connection,
        path: Path,
        direct: sqlite3.Connection | None = None,
    ) -> None:
        super().__init__()
        self._connection = connection
        self.path = path
        self._lock = asyncio.Lock()
        self._job_session: _JobSession | None = None
        self._direct = None if direct is None else _JobSession(direct)
        self._commits = 0
        self._checkpoint: asyncio.Task[Any] | None = None
        self._direct_from = 0.0
        """When (``time.monotonic()``) writes may run on the loop again."""

    @classmethod
    async def connect(cls, path: Path, busy_timeout_ms: int) -> SqliteDatabase:
        in_memory = str(path) == ":memory:"
        if not in_memory:
            path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        direct: sqlite3.Connection | None = None
        try:
            connection.row_factory = aiosqlite.Row
            await connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA synchronous = NORMAL")
            if not in_memory:  # a second connection to ":memory:" is another database
                direct = _direct_connection(path)
        except BaseException:
            await connection.close()
            raise
        return cls(connection, path, direct)

    @property
    def description(self) -> str:
        return f"SQLite file {self.path}"

    async def close(self) -> None:
        if self._closed:
            return
        async with self._lock:
            self._closed = True
            if self._checkpoint is not None:
                await asyncio.gather(self._checkpoint, return_exceptions=True)
            if self._direct is not None:
                self._direct._connection.close()
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
        """``job`` inside ``BEGIN IMMEDIATE … COMMIT`` (``ROLLBACK`` if it raises): on the
        loop when the file is free, else on the database thread, which waits for it."""
        self._not_inside(
            "a job cannot run inside Database.transaction(); use the transaction's session"
        )
        direct = self._direct
        if direct is not None and _clock() >= self._direct_from:
            async with self._lock:
                self._ensure_open()
                started = _clock()
                try:
                    result = _in_transaction(direct, job)
                except sqlite3.OperationalError as exc:
                    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
                    if code not in (_SQLITE_BUSY, _SQLITE_LOCKED):
                        raise
                    # Locked by another process (rolled back, nothing written): wait for
                    # it on the thread, with the busy timeout.
                else:
                    self._committed(_clock() - started)
                    return result
        return await self._on_thread(_in_transaction, job)

    def _committed(self, took: float) -> None:
        """Count a loop-side commit; every ``CHECKPOINT_EVERY``, checkpoint on the thread.
        One slower than :data:`SLOW_WRITE` sends writes to the thread for a while."""
        if took > SLOW_WRITE:
            log.warning(
                "a write took %.0f ms: writes wait on the database thread for %.0f s",
                took * 1000,
                SLOW_PAUSE,
            )
            self._direct_from = _clock() + SLOW_PAUSE
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0 and (
            self._checkpoint is None or self._checkpoint.done()
        ):
            self._checkpoint = asyncio.get_running_loop().create_task(
                self._connection._execute(  # type: ignore[no-untyped-call]
                    _checkpoint, self._connection._conn
                )
            )

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


def _checkpoint(connection: sqlite3.Connection) -> None:
    """Copy the WAL's committed pages into the database file without waiting for anyone
    (``PASSIVE``); so the next writer starts the WAL over. Run on the database thread,
    in the queue of its other work: inside a :meth:`SqliteDatabase.transaction` it is
    refused, and the next one will do."""
    try:
        # Read to the end: a statement left open would hold a read snapshot.
        connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    except sqlite3.Error as exc:
        log.debug("WAL checkpoint skipped: %s", exc)


def _direct_connection(path: Path) -> sqlite3.Connection:
    """The loop's connection: never waits for a lock (``timeout=0``: a locked file raises
    at once) and never checkpoints (its fsyncs run on the thread)."""
    connection = sqlite3.connect(path, isolation_level=None, timeout=0)
    try:
        connection.row_factory = sqlite3.Row
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA wal_autocheckpoint = 0")
    except BaseException:
        connection.close()
        raise
    return connection


def _in_transaction(session: _JobSession, job: Job[T]) -> T:
    connection = session._connection
    connection.execute("BEGIN IMMEDIATE")
    try:
        result = drive(job(session))
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return result


def _plain(session: _JobSession, job: Job[T]) -> T:
    return drive(job(session))
