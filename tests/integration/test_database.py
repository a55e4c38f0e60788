"""Database: pragmas, migrations on fresh and existing databases, transactions and jobs.

Tests taking ``database_target`` run on SQLite and on PostgreSQL; the others are
about SQLite's own file, pragmas and script splitting.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.storage import sqlite as backend
from bot.storage.database import (
    Database,
    MigrationError,
    Session,
    load_migrations,
    migrations_folder,
    redact,
    split_statements,
    sqlite_path,
)
from bot.storage.dialect import POSTGRESQL, SQLITE, postgresql_sql
from tests.postgres_server import PostgresServer


async def test_open_creates_parent_folder_and_sets_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "folder" / "bot.sqlite3"
    async with Database.open(path) as db:
        journal = await db.fetch_value("PRAGMA journal_mode")
        foreign_keys = await db.fetch_value("PRAGMA foreign_keys")
        busy = await db.fetch_value("PRAGMA busy_timeout")
    assert path.exists()
    assert journal == "wal"
    assert foreign_keys == 1
    assert busy == 5000
    assert db.closed


async def test_open_can_be_awaited(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "a.sqlite3", busy_timeout_ms=1234)
    try:
        busy = await db.fetch_value("PRAGMA busy_timeout")
        assert busy == 1234
    finally:
        await db.close()


def test_both_backends_have_the_same_migrations() -> None:
    """A migration added for one backend needs its twin, same number and name, for the other."""
    sqlite = [(m.version, m.name) for m in load_migrations(migrations_folder(SQLITE))]
    postgresql = [(m.version, m.name) for m in load_migrations(migrations_folder(POSTGRESQL))]
    assert sqlite == postgresql
    assert sqlite == [(m.version, m.name) for m in load_migrations()]


async def test_migrate_fresh_database_applies_every_packaged_migration(
    database_target: Path | str,
) -> None:
    packaged = [m.version for m in load_migrations()]
    assert packaged[0] == 1
    async with Database.open(database_target) as db:
        applied = await db.migrate()
        assert applied == packaged
        assert await db.schema_version() == packaged[-1]
        recorded = await db.applied_migrations()
        assert recorded[0] == (1, "guild_settings")
        assert await db.tables() == [
            "characters",
            "encounter_combatants",
            "encounter_events",
            "encounters",
            "guild_settings",
            "pending_attacks",
            "schema_version",
        ]
        row = await db.fetch_one("SELECT * FROM guild_settings")
        assert row is None


async def test_migrate_existing_database_is_idempotent_and_keeps_data(
    database_target: Path | str,
) -> None:
    async with Database.open(database_target) as db:
        await db.migrate()
        async with db.transaction() as session:
            await session.execute(
                "INSERT INTO guild_settings (guild_id, gm_role_id) VALUES (?, ?)", (7, 70)
            )
    async with Database.open(database_target) as db:
        assert await db.migrate() == []
        row = await db.fetch_value("SELECT gm_role_id FROM guild_settings WHERE guild_id = 7")
        count = await db.fetch_value("SELECT COUNT(*) FROM schema_version")
    assert row == 70
    assert count == len(load_migrations())


async def test_migrate_applies_only_new_files_in_order(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_first.sql").write_text("CREATE TABLE a (x INTEGER);\n")
    async with Database.open(tmp_path / "db.sqlite3") as db:
        assert await db.migrate(folder) == [1]
        (folder / "0003_third.sql").write_text(
            "CREATE TABLE c (x INTEGER);\n"
            "CREATE TRIGGER c_double AFTER INSERT ON c BEGIN\n"
            "  INSERT INTO a (x) VALUES (NEW.x * 2);\n"
            "END;\n"
        )
        (folder / "0002_second.sql").write_text("-- comment only line\nCREATE TABLE b (x);")
        assert await db.migrate(folder) == [2, 3]
        async with db.transaction() as session:
            await session.execute("INSERT INTO c (x) VALUES (21)")
        row = await db.fetch_value("SELECT x FROM a")
        assert row == 42
        assert await db.applied_migrations() == [(1, "first"), (2, "second"), (3, "third")]


async def test_failed_migration_rolls_back_entirely(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_ok.sql").write_text("CREATE TABLE ok (x INTEGER);")
    (folder / "0002_broken.sql").write_text(
        "CREATE TABLE half (x INTEGER);\nINSERT INTO missing_table VALUES (1);"
    )
    async with Database.open(tmp_path / "db.sqlite3") as db:
        with pytest.raises(MigrationError, match="0002_broken"):
            await db.migrate(folder)
        assert await db.schema_version() == 1
        half = await db.fetch_value("SELECT name FROM sqlite_master WHERE name = 'half'")
        assert half is None


def test_duplicate_migration_numbers_are_rejected(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0001_b.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="share number 0001"):
        load_migrations(tmp_path)


def test_badly_named_migration_is_rejected(tmp_path: Path) -> None:
    (tmp_path / "1_a.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="NNNN_name"):
        load_migrations(tmp_path)


def test_split_statements_keeps_triggers_and_drops_comments() -> None:
    script = (
        "-- header\nCREATE TABLE t (x);\n"
        "CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;\n"
        "-- trailing comment\n"
    )
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER g")
    assert statements[1].endswith("END;")


async def test_transaction_rolls_back_on_error(database_target: Path | str) -> None:
    async with Database.open(database_target) as db:
        await db.migrate()

        async def insert_twice() -> None:
            async with db.transaction() as session:
                await session.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")
                await session.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")

        with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
            await insert_twice()
        row = await db.fetch_value("SELECT COUNT(*) FROM guild_settings")
        assert row == 0


async def test_nested_transaction_raises_instead_of_deadlocking(
    database_target: Path | str,
) -> None:
    async with Database.open(database_target) as db, db.transaction():
        with pytest.raises(RuntimeError, match="re-entrant"):
            async with db.transaction():
                pass
        with pytest.raises(RuntimeError, match="transaction's session"):
            await db.fetch_one("SELECT 1")


async def test_concurrent_read_modify_write_never_loses_an_update(
    database_target: Path | str,
) -> None:
    """Two transactions reading a row to write it back both land: SQLite's take turns,
    PostgreSQL's lock the row they read (``FOR UPDATE``, from the dialect)."""
    async with Database.open(database_target) as db:
        async with db.transaction() as session:
            await session.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER)")
            await session.execute("INSERT INTO counter VALUES (1, 0)")

        async def bump() -> None:
            async with db.transaction() as session:
                row = await session.fetch_one(
                    "SELECT n FROM counter WHERE id = 1" + session.dialect.for_update
                )
                assert row is not None
                await asyncio.sleep(0)  # give every other task the chance to interleave
                await session.execute("UPDATE counter SET n = ? WHERE id = 1", (row[0] + 1,))

        await asyncio.gather(*(bump() for _ in range(50)))
        row = await db.fetch_value("SELECT n FROM counter WHERE id = 1")
        assert row == 50


async def test_closed_database_refuses_work(database_target: Path | str) -> None:
    db = await Database.open(database_target)
    await db.close()
    await db.close()
    with pytest.raises(RuntimeError, match="closed"):
        await db.fetch_one("SELECT 1")
    with pytest.raises(RuntimeError, match="closed"):
        await db.write(lambda session: session.execute("SELECT 1"))


async def test_a_write_job_is_one_transaction(database_target: Path | str) -> None:
    """Database.write runs a whole job as one transaction: all of it commits, or none."""
    async with Database.open(database_target) as db:
        await db.write(lambda session: session.execute("CREATE TABLE t (x INTEGER)"))

        async def two_rows(session: Session) -> int:
            await session.execute("INSERT INTO t VALUES (1)")
            await session.execute("INSERT INTO t VALUES (?)", (2,))
            return int(await session.fetch_value("SELECT SUM(x) FROM t"))

        assert await db.write(two_rows) == 3

        async def half_then_fail(session: Session) -> None:
            await session.execute("INSERT INTO t VALUES (40)")
            raise ValueError("refused half-way")

        with pytest.raises(ValueError, match="half-way"):
            await db.write(half_then_fail)
        assert await db.read(lambda session: session.fetch_value("SELECT SUM(x) FROM t")) == 3
        assert await db.fetch_value("SELECT COUNT(*) FROM t") == 2


async def test_run_executes_in_order_and_returns_what_the_last_returned(
    database_target: Path | str,
) -> None:
    """``Session.run``: statements in order (runs of the same SQL go together on
    PostgreSQL), the value the last one returned."""
    async with Database.open(database_target) as db:
        await db.write(
            lambda session: session.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
        )
        insert = "INSERT INTO t (id, x) VALUES (?, ?)"
        statements = [
            (insert, (1, 10)),
            (insert, (2, 20)),
            ("UPDATE t SET x = x + 1 WHERE id = ?", (1,)),
            (insert, (3, 30)),
            ("INSERT INTO t (id, x) VALUES (?, ?) RETURNING x * 2", (4, 40)),
        ]
        assert await db.write(lambda session: session.run(statements)) == 80
        rows = await db.fetch_all("SELECT id, x FROM t ORDER BY id")
        assert [(row["id"], row[1]) for row in rows] == [(1, 11), (2, 20), (3, 30), (4, 40)]
        assert await db.write(lambda session: session.run(statements[2:3])) is None
        assert await db.write(lambda session: session.run([])) is None


async def test_a_job_inside_a_transaction_is_refused(database_target: Path | str) -> None:
    async with Database.open(database_target) as db, db.transaction():
        with pytest.raises(RuntimeError, match=r"inside Database\.transaction"):
            await db.read(lambda session: session.fetch_one("SELECT 1"))
        with pytest.raises(RuntimeError, match=r"inside Database\.transaction"):
            await db.write(lambda session: session.fetch_one("SELECT 1"))


async def test_a_sqlite_job_must_not_await_anything_else(tmp_path: Path) -> None:
    """A job runs on SQLite's thread without an event loop: it may await only its session."""
    async with Database.open(tmp_path / "await.sqlite3") as db:

        async def sleeps(session: Session) -> None:
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="other than its session"):
            await db.write(sleeps)
        assert await db.fetch_value("SELECT 1") == 1


def test_sql_is_translated_for_postgresql() -> None:
    sql = (
        "SELECT '?', \"a?\" FROM t WHERE x = ? AND y = ? "
        "AND z = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
    )
    assert postgresql_sql(sql) == (
        "SELECT '?', \"a?\" FROM t WHERE x = $1 AND y = $2 "
        "AND z = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
    )


def test_targets_and_redaction() -> None:
    assert sqlite_path("sqlite:///data/a.sqlite3") == Path("data/a.sqlite3")
    assert sqlite_path("sqlite:////srv/a.sqlite3") == Path("/srv/a.sqlite3")
    assert sqlite_path("plain/file.db") == Path("plain/file.db")
    with pytest.raises(ValueError, match="unsupported database URL scheme 'mysql'"):
        sqlite_path("mysql://u@h/d")
    assert redact("postgresql://bot:s3cret@db.example:5433/gurps") == (
        "postgresql://bot:***@db.example:5433/gurps"
    )
    assert redact("postgresql://bot@db/gurps") == "postgresql://bot@db/gurps"


async def test_shared_state_is_one_per_database(tmp_path: Path) -> None:
    class Counter(dict[str, int]):
        pass

    async with (
        Database.open(tmp_path / "a.sqlite3") as a,
        Database.open(tmp_path / "b.sqlite3") as b,
    ):
        assert a.shared(Counter) is a.shared(Counter)
        assert a.shared(Counter) is not b.shared(Counter)


async def test_a_postgresql_database_never_shows_its_password(
    postgres_server: PostgresServer,
) -> None:
    url = await postgres_server.create_database()
    parts = urlsplit(url)
    if parts.password is None:  # the throwaway server trusts 127.0.0.1: any password will do
        url = urlunsplit(
            parts._replace(netloc=f"{parts.username}:s3cret@{parts.netloc.split('@')[1]}")
        )
    secret = urlsplit(url).password
    assert secret
    async with Database.open(url) as db:
        assert db.description.startswith(f"PostgreSQL postgresql://{parts.username}:***@")
        assert secret not in db.description
        assert await db.fetch_value("SELECT 1") == 1


async def test_a_sqlite_write_commits_on_the_loop_and_is_on_disk_when_it_returns(
    tmp_path: Path,
) -> None:
    """A write finding the file free commits on the event loop's own connection (no hop to
    the database thread) in WAL with ``synchronous=NORMAL``: another connection, as a
    restarted process would, reads it as soon as ``write`` returned."""
    path = tmp_path / "direct.sqlite3"
    async with Database.open(path) as db:
        await db.write(lambda session: session.execute("CREATE TABLE t (x INTEGER)"))
        assert await db.write(lambda session: session.execute("INSERT INTO t VALUES (7)")) == 1
        other = sqlite3.connect(path)
        try:
            assert other.execute("SELECT x FROM t").fetchall() == [(7,)]
            assert other.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        finally:
            other.close()
        assert await db.fetch_value("PRAGMA synchronous") == 1  # NORMAL


async def test_a_sqlite_write_waits_for_a_lock_held_elsewhere_without_blocking_the_loop(
    tmp_path: Path,
) -> None:
    """The loop's connection never waits for a lock: a write finding the file locked by
    another process starts over on the database thread, which waits (the busy timeout)
    while the loop keeps serving everything else; then it commits."""
    path = tmp_path / "locked.sqlite3"
    async with Database.open(path) as db:
        await db.write(lambda session: session.execute("CREATE TABLE t (x INTEGER)"))
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("INSERT INTO t VALUES (1)")
            writing = asyncio.ensure_future(
                db.write(lambda session: session.execute("INSERT INTO t VALUES (2)"))
            )
            ticks = 0
            for _ in range(10):
                await asyncio.sleep(0.01)
                ticks += 1
            assert ticks == 10
            assert not writing.done()
            other.execute("COMMIT")
        finally:
            other.close()
        assert await asyncio.wait_for(writing, 5) == 1
        assert [row[0] for row in await db.fetch_all("SELECT x FROM t ORDER BY x")] == [1, 2]


async def test_sqlite_checkpoints_run_in_the_background_and_keep_the_wal_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loop's connection leaves SQLite's automatic checkpoint (and its fsyncs) to a
    ``wal_checkpoint(PASSIVE)`` on the database thread every ``CHECKPOINT_EVERY`` writes,
    so the WAL file is reused instead of growing with every change."""
    monkeypatch.setattr(backend, "CHECKPOINT_EVERY", 10)
    path = tmp_path / "wal.sqlite3"
    blob = "x" * 4000
    async with Database.open(path) as db:
        await db.write(lambda session: session.execute("CREATE TABLE t (x TEXT)"))
        for round_ in range(10):
            for _ in range(10):
                await db.write(lambda session: session.execute("INSERT INTO t VALUES (?)", (blob,)))
            await asyncio.sleep(0.05 if round_ else 0.2)  # the checkpoint, on the thread
        wal = path.with_name(path.name + "-wal").stat().st_size
        assert await db.fetch_value("SELECT COUNT(*) FROM t") == 100
    assert wal < 40 * 4096  # 100 rows of 4 kB written, the WAL reused after each checkpoint


async def test_a_slow_sqlite_write_sends_the_next_ones_to_the_thread_for_a_while(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk that stalls must not hold the event loop up (the deadline's deferrals run
    there): once a loop-side write took longer than ``SLOW_WRITE``, writes run on the
    database thread for ``SLOW_PAUSE`` seconds, then on the loop again."""
    now = [1000.0]
    monkeypatch.setattr(backend, "_clock", lambda: now[0])
    async with Database.open(tmp_path / "slow.sqlite3") as db:
        assert isinstance(db, backend.SqliteDatabase)
        on_thread: list[object] = []
        real = backend.SqliteDatabase._on_thread

        async def spy(self: backend.SqliteDatabase, run: Any, job: Any) -> Any:
            on_thread.append(job)
            return await real(self, run, job)

        monkeypatch.setattr(backend.SqliteDatabase, "_on_thread", spy)
        await db.write(lambda session: session.execute("CREATE TABLE t (x INTEGER)"))
        assert on_thread == []

        def stalled_insert(session: Session) -> Any:
            now[0] += backend.SLOW_WRITE * 2  # the disk took its time
            return session.execute("INSERT INTO t VALUES (1)")

        await db.write(stalled_insert)
        assert on_thread == []  # committed on the loop, but slowly
        await db.write(lambda session: session.execute("INSERT INTO t VALUES (2)"))
        assert len(on_thread) == 1
        now[0] += backend.SLOW_PAUSE
        await db.write(lambda session: session.execute("INSERT INTO t VALUES (3)"))
        assert len(on_thread) == 1
        assert await db.fetch_value("SELECT SUM(x) FROM t") == 6
