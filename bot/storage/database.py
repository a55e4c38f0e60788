"""The process-wide SQLite connection and its schema migrations.

One aiosqlite connection serves every command. Writers go through
:meth:`Database.transaction`, which holds an :class:`asyncio.Lock` around
``BEGIN IMMEDIATE … COMMIT``: two commands touching the same row run one after
the other on the same connection, so neither sees the other's half-written
state and no update is lost.

Each statement through aiosqlite is one round trip to its database thread. A
hot path hands the thread a whole job instead (:meth:`Database.write`,
:meth:`Database.read`): a plain function over the ``sqlite3`` connection that
runs every statement of one transaction in a single round trip.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine, Generator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import TracebackType
from typing import Any, Self, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

DEFAULT_BUSY_TIMEOUT_MS = 5_000
_MIGRATION_NAME = re.compile(r"^(?P<version>\d{4})_(?P<name>[a-z0-9_]+)\.sql$")

_SCHEMA_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)
"""


T = TypeVar("T")

Job = Callable[[sqlite3.Connection], T]
"""Work for the database thread: statements on the connection, no awaiting inside."""

Statement = tuple[str, tuple[Any, ...]]
"""One SQL statement and its bound parameters, prepared on the event loop for a job."""


def run_statements(connection: sqlite3.Connection, statements: Sequence[Statement]) -> int | None:
    """Execute ``statements`` in order (inside a job); the row id the last one inserted.

    Everything the statements need (JSON above all) is made before the job, on
    the event loop: Python running on the database thread has to win the GIL back
    from a busy loop after every statement, so the less of it there, the better.
    """
    cursor = None
    for sql, parameters in statements:
        cursor = connection.execute(sql, parameters)
    return None if cursor is None else cursor.lastrowid


class MigrationError(RuntimeError):
    """The migration files are inconsistent, or one of them failed to apply."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered SQL script from ``bot/storage/migrations``."""

    version: int
    name: str
    sql: str


def split_statements(script: str) -> list[str]:
    """Split an SQL script into complete statements.

    ``executescript`` would commit any open transaction first, which breaks the
    one-migration-one-transaction guarantee, so statements are run one by one.
    ``sqlite3.complete_statement`` keeps trigger bodies (``BEGIN … END;``) whole.
    """
    statements: list[str] = []
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if _has_code(statement):
                statements.append(statement)
            buffer = ""
    if _has_code(buffer.removesuffix(";")):
        raise MigrationError(f"incomplete SQL statement at the end of a script: {buffer.strip()!r}")
    return statements


def _has_code(sql: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in sql.splitlines())
    return any(line and line != ";" for line in lines)


def load_migrations(source: Traversable | None = None) -> list[Migration]:
    """Read ``NNNN_name.sql`` files from ``source`` (default: the packaged folder), in order."""
    folder = source if source is not None else resources.files("bot.storage") / "migrations"
    found: dict[int, Migration] = {}
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match is None:
            if entry.name.endswith(".sql"):
                raise MigrationError(f"migration file {entry.name!r} is not named NNNN_name.sql")
            continue
        version = int(match["version"])
        if version in found:
            raise MigrationError(
                f"two migrations share number {version:04d}: "
                f"{found[version].name!r} and {match['name']!r}"
            )
        found[version] = Migration(version, match["name"], entry.read_text(encoding="utf-8"))
    return [found[version] for version in sorted(found)]


class Database:
    """One aiosqlite connection with serialized transactions.

    Open it with ``db = await Database.open(path)`` or
    ``async with Database.open(path) as db:``. Repositories read with
    :meth:`fetch_one` / :meth:`fetch_all` and write inside
    ``async with db.transaction() as conn:``.
    """

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._connection = connection
        self.path = path
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._closed = False
        self._shared: dict[type[Any], Any] = {}

    @classmethod
    def open(cls, path: str | Path, *, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> _Opener:
        """Open (creating its folder if needed) the database file at ``path``."""
        return _Opener(cls._open(Path(path), busy_timeout_ms))

    @classmethod
    async def _open(cls, path: Path, busy_timeout_ms: int) -> Database:
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

    async def close(self) -> None:
        """Close the connection; waits for a running transaction to finish first."""
        if self._closed:
            return
        async with self._lock:
            self._closed = True
            await self._connection.close()

    @property
    def closed(self) -> bool:
        return self._closed

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any exception).

        Transactions on this connection never interleave: each waits for the
        previous one. Nesting would deadlock, so it raises instead; pass the
        yielded connection down rather than opening a second transaction.
        """
        current = asyncio.current_task()
        if current is not None and self._owner is current:
            raise RuntimeError("Database.transaction() is not re-entrant; reuse the open one")
        async with self._lock:
            self._ensure_open()
            self._owner = current
            try:
                await self._connection.execute("BEGIN IMMEDIATE")
                try:
                    yield self._connection
                except BaseException:
                    await self._connection.rollback()
                    raise
                await self._connection.commit()
            finally:
                self._owner = None

    async def write(self, job: Job[T]) -> T:
        """Run ``job`` inside ``BEGIN IMMEDIATE … COMMIT`` (``ROLLBACK`` if it raises), in one
        round trip to the database thread; returns what ``job`` returned."""
        return await self._on_thread(_in_transaction, job)

    async def read(self, job: Job[T]) -> T:
        """Run a read-only ``job`` in one round trip; it never sees a transaction half-done."""
        return await self._on_thread(_plain, job)

    async def _on_thread(self, run: Callable[[sqlite3.Connection, Job[T]], T], job: Job[T]) -> T:
        current = asyncio.current_task()
        if current is not None and self._owner is current:
            raise RuntimeError("a job cannot run inside Database.transaction(); use its connection")
        async with self._lock:
            self._ensure_open()
            connection = self._connection
            # aiosqlite runs every call as a function on its thread; ``_execute`` queues one
            # of ours there (pinned aiosqlite versions; tests/integration/test_database.py).
            result: T = await connection._execute(  # type: ignore[no-untyped-call]
                lambda: run(connection._conn, job)
            )
            return result

    def shared(self, kind: type[T]) -> T:
        """The one ``kind()`` kept for this database: state every repository over it shares
        (the running encounters, the guilds' settings), however many repositories exist."""
        found = self._shared.get(kind)
        if found is None:
            found = self._shared[kind] = kind()
        return found

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        """Run one read and return its first row (or ``None``)."""
        async with self._read() as connection, connection.execute(sql, params) as cursor:
            row: sqlite3.Row | None = await cursor.fetchone()
            return row

    async def fetch_value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one read and return the first column of its first row (or ``None``)."""
        row = await self.fetch_one(sql, params)
        return None if row is None else row[0]

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Run one read and return every row."""
        async with self._read() as connection, connection.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        # Reads wait for a running transaction so they never see its uncommitted rows.
        current = asyncio.current_task()
        if current is not None and self._owner is current:
            raise RuntimeError("read through the transaction's connection, not the Database")
        async with self._lock:
            self._ensure_open()
            yield self._connection

    def _ensure_open(self) -> None:
        if self._closed:
            raise RuntimeError("the database is closed")

    async def schema_version(self) -> int:
        """The highest migration number applied (0 on a fresh file)."""
        async with self.transaction() as connection:
            return await _current_version(connection)

    async def migrate(self, source: Traversable | None = None) -> list[int]:
        """Apply every pending migration, each in its own transaction; return the versions applied.

        Safe to run on every start and from several processes: the version
        check is repeated inside the write lock.
        """
        migrations = load_migrations(source)
        applied: list[int] = []
        for migration in migrations:
            async with self.transaction() as connection:
                await connection.execute(_SCHEMA_VERSION_TABLE)
                if await _is_applied(connection, migration.version):
                    continue
                try:
                    for statement in split_statements(migration.sql):
                        await connection.execute(statement)
                except sqlite3.Error as exc:
                    raise MigrationError(
                        f"migration {migration.version:04d}_{migration.name} failed: {exc}"
                    ) from exc
                await connection.execute(
                    "INSERT INTO schema_version (version, name) VALUES (?, ?)",
                    (migration.version, migration.name),
                )
            log.info("applied migration %04d_%s", migration.version, migration.name)
            applied.append(migration.version)
        return applied

    async def applied_migrations(self) -> list[tuple[int, str]]:
        """``(version, name)`` of every migration recorded in ``schema_version``."""
        rows = await self.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
        )
        if not rows:
            return []
        return [
            (int(row["version"]), str(row["name"]))
            for row in await self.fetch_all(
                "SELECT version, name FROM schema_version ORDER BY version"
            )
        ]


def _in_transaction(connection: sqlite3.Connection, job: Job[T]) -> T:
    connection.execute("BEGIN IMMEDIATE")
    try:
        result = job(connection)
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    return result


def _plain(connection: sqlite3.Connection, job: Job[T]) -> T:
    return job(connection)


async def _current_version(connection: aiosqlite.Connection) -> int:
    async with connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ) as cursor:
        if await cursor.fetchone() is None:
            return 0
    async with connection.execute("SELECT MAX(version) FROM schema_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row is not None and row[0] is not None else 0


async def _is_applied(connection: aiosqlite.Connection, version: int) -> bool:
    async with connection.execute(
        "SELECT 1 FROM schema_version WHERE version = ?", (version,)
    ) as cursor:
        return await cursor.fetchone() is not None


class _Opener:
    """Lets ``Database.open`` be awaited or used directly with ``async with``."""

    def __init__(self, opening: Coroutine[Any, Any, Database]) -> None:
        self._opening = opening
        self._database: Database | None = None

    def __await__(self) -> Generator[Any, None, Database]:
        return self._opening.__await__()

    async def __aenter__(self) -> Database:
        self._database = await self._opening
        return self._database

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._database is not None:
            await self._database.close()
