"""The process's database, whichever backend it is, and its schema migrations.

:class:`Database` is what repositories hold. ``Database.open(target)`` opens a
SQLite file (a path, or ``sqlite:///path``: the default, nothing to install) or a
PostgreSQL server (``postgresql://…``, through a connection pool). Both give the
same guarantees:

- :meth:`Database.write` runs a *job*, ``async def job(session)``, as one
  transaction: all of it commits, or none (it raises). A job only talks to its
  :class:`Session`; it prepares what it can on the event loop first (the
  :data:`Statement`\\ s of a change, their JSON), so that the transaction itself is
  short. On SQLite the whole job runs on the database thread in one round trip
  (its session never really suspends); on PostgreSQL it runs on the loop, with
  consecutive statements of one kind pipelined (``executemany``).
- :meth:`Database.read` runs a job that only reads, without a half-done
  transaction in sight.
- ``async with db.transaction() as session:`` is a transaction whose steps await
  other things in between (a caller's check inside :meth:`CharacterRepository.edit`):
  a round trip per statement. Not re-entrant: nesting raises instead of deadlocking.
- :meth:`Database.migrate` applies the numbered migrations not yet applied, each
  in its own transaction, once even when several processes start at once.

Everything that differs between the two lives in :mod:`bot.storage.dialect`, the
migrations folders and the two backends (:mod:`bot.storage.sqlite`,
:mod:`bot.storage.postgres`).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Coroutine, Generator, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar
from urllib.parse import urlsplit, urlunsplit

from bot.storage.dialect import Dialect

DEFAULT_BUSY_TIMEOUT_MS = 5_000
DEFAULT_POOL_SIZE = 10
_MIGRATION_NAME = re.compile(r"^(?P<version>\d{4})_(?P<name>[a-z0-9_]+)\.sql$")
POSTGRESQL_SCHEMES = ("postgresql", "postgres")


T = TypeVar("T")


class Row(Protocol):
    """A result row: by column name or by position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def keys(self) -> Any: ...


Statement = tuple[str, tuple[Any, ...]]
"""One SQL statement and its bound parameters, prepared on the event loop for a job."""


class Session(ABC):
    """A connection inside a transaction (or a read), whatever the backend.

    SQL is written as SQLite reads it (``?`` placeholders); a PostgreSQL session
    translates it (:mod:`bot.storage.dialect`).
    """

    dialect: Dialect

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""

    @abstractmethod
    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of one query (``None`` when it found none)."""

    @abstractmethod
    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of one query."""

    async def fetch_value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row (``None`` when there is none)."""
        row = await self.fetch_one(sql, params)
        return None if row is None else row[0]

    @abstractmethod
    async def run(self, statements: Sequence[Statement]) -> Any:
        """Run ``statements`` in order; the first value the last one returned
        (``… RETURNING id``), else ``None``."""


Job = Callable[[Session], Coroutine[Any, Any, T]]
"""Work inside one transaction (or one read): ``async def job(session) -> T``. It awaits
nothing but its session."""


def run_statements(statements: Sequence[Statement]) -> Job[Any]:
    """A job running ``statements`` (what a change hands :meth:`Database.write`)."""

    async def job(session: Session) -> Any:
        return await session.run(statements)

    return job


class MigrationError(RuntimeError):
    """The migration files are inconsistent, or one of them failed to apply."""


class DatabaseTargetError(ValueError):
    """``DATABASE_URL`` names nothing this bot can open."""


class DatabaseUnavailable(RuntimeError):
    """The database server could not be reached or refused the connection (the message
    names it without its password)."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered SQL script from ``bot/storage/migrations`` (or its ``postgresql`` folder)."""

    version: int
    name: str
    sql: str


def split_statements(script: str) -> list[str]:
    """Split a SQLite script into complete statements.

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


def migrations_folder(dialect: Dialect) -> Traversable:
    """The packaged migrations of ``dialect``: ``migrations/`` for SQLite,
    ``migrations/postgresql/`` for PostgreSQL (the same numbers and names)."""
    folder = resources.files("bot.storage") / "migrations"
    return folder if dialect.name == "sqlite" else folder / dialect.name


def load_migrations(source: Traversable | None = None) -> list[Migration]:
    """Read ``NNNN_name.sql`` files from ``source`` (default: SQLite's packaged ones), in order."""
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


def is_postgresql(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL server (``postgresql://…``)."""
    return isinstance(target, str) and urlsplit(target).scheme in POSTGRESQL_SCHEMES


def sqlite_path(target: str | Path) -> Path:
    """The file a SQLite target names: a path, or ``sqlite:///relative`` /
    ``sqlite:////absolute`` (:class:`DatabaseTargetError` for anything else)."""
    if isinstance(target, Path):
        return target
    if target.startswith("sqlite:///"):
        return Path(target.removeprefix("sqlite:///"))
    if "://" in target:
        scheme = target.split("://", 1)[0]
        raise DatabaseTargetError(
            f"unsupported database URL scheme {scheme!r}: use a file path, sqlite:///path "
            "or postgresql://user:password@host:port/database"
        )
    return Path(target)


def redact(target: str | Path) -> str:
    """``target`` fit for a log line: a URL's password is replaced by ``***``."""
    if not isinstance(target, str) or "://" not in target:
        return str(target)
    parts = urlsplit(target)
    if parts.password is None:
        return target
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit(parts._replace(netloc=user + host))


class Database(ABC):
    """The process's database: SQLite (:class:`~bot.storage.sqlite.SqliteDatabase`) or
    PostgreSQL (:class:`~bot.storage.postgres.PostgresDatabase`).

    Open it with ``db = await Database.open(target)`` or
    ``async with Database.open(target) as db:``.
    """

    dialect: Dialect

    def __init__(self) -> None:
        self._shared: dict[type[Any], Any] = {}
        self._owners: set[asyncio.Task[Any]] = set()
        self._closed = False

    @classmethod
    def open(
        cls,
        target: str | Path,
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        pool_size: int = DEFAULT_POOL_SIZE,
    ) -> Opener:
        """Open ``target``: a SQLite file (its folder is created if needed) or a
        ``postgresql://`` server (a pool of up to ``pool_size`` connections)."""
        if is_postgresql(target):
            from bot.storage.postgres import PostgresDatabase  # noqa: PLC0415 - only when used

            return Opener(PostgresDatabase.connect(str(target), pool_size=pool_size))
        from bot.storage.sqlite import SqliteDatabase  # noqa: PLC0415 - imports this module

        return Opener(SqliteDatabase.connect(sqlite_path(target), busy_timeout_ms))

    # ------------------------------------------------------------------ lifecycle

    @abstractmethod
    async def close(self) -> None:
        """Close; waits for a running transaction to finish first. Closing twice is fine."""

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    @abstractmethod
    def description(self) -> str:
        """What this database is, for a log line (never a password)."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _ensure_open(self) -> None:
        if self._closed:
            raise RuntimeError("the database is closed")

    def shared(self, kind: type[T]) -> T:
        """The one ``kind()`` kept for this database: state every repository over it shares
        (the running encounters, the guilds' settings), however many repositories exist."""
        found = self._shared.get(kind)
        if found is None:
            found = self._shared[kind] = kind()
        return found

    # ------------------------------------------------------------------ work

    @abstractmethod
    async def write(self, job: Job[T]) -> T:
        """Run ``job`` as one transaction (rolled back if it raises); what it returned."""

    @abstractmethod
    async def read(self, job: Job[T]) -> T:
        """Run a read-only ``job``; it never sees a transaction half-done."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Session]:
        """``async with db.transaction() as session:`` — commit on exit, roll back on error."""

    def _not_inside(self, what: str) -> None:
        current = asyncio.current_task()
        if current is not None and current in self._owners:
            raise RuntimeError(what)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """Run one read and return its first row (or ``None``)."""
        return await self.read(lambda session: session.fetch_one(sql, params))

    async def fetch_value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one read and return the first column of its first row (or ``None``)."""
        return await self.read(lambda session: session.fetch_value(sql, params))

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one read and return every row."""
        return await self.read(lambda session: session.fetch_all(sql, params))

    # ------------------------------------------------------------------ schema

    @abstractmethod
    async def migrate(self, source: Traversable | None = None) -> list[int]:
        """Apply every pending migration, each in its own transaction; the versions applied.

        Safe on every start and from several processes at once. ``source`` is a
        folder of this backend's scripts (default: the packaged ones).
        """

    async def tables(self) -> list[str]:
        """The names of the schema's tables, sorted."""
        return sorted(str(row["name"]) for row in await self.fetch_all(self.dialect.tables))

    async def applied_migrations(self) -> list[tuple[int, str]]:
        """``(version, name)`` of every migration recorded in ``schema_version``."""
        if "schema_version" not in await self.tables():
            return []
        return [
            (int(row["version"]), str(row["name"]))
            for row in await self.fetch_all(
                "SELECT version, name FROM schema_version ORDER BY version"
            )
        ]

    async def schema_version(self) -> int:
        """The highest migration number applied (0 on a fresh database)."""
        applied = await self.applied_migrations()
        return applied[-1][0] if applied else 0


def drive(job: Awaitable[T]) -> T:
    """Run a job's coroutine to its end without an event loop (on SQLite's thread).

    Its session answers at once, so the coroutine never suspends; one that does
    awaited something else, which a job must not.
    """
    steps = job.__await__()
    try:
        steps.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    steps.close()
    raise RuntimeError("a database job awaited something other than its session")


class Opener:
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
