"""Database: pragmas, migrations on fresh and existing files, serialized transactions."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage.database import Database, MigrationError, load_migrations, split_statements


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


async def test_migrate_fresh_file_applies_every_packaged_migration(tmp_path: Path) -> None:
    packaged = [m.version for m in load_migrations()]
    assert packaged[0] == 1
    async with Database.open(tmp_path / "fresh.sqlite3") as db:
        applied = await db.migrate()
        assert applied == packaged
        assert await db.schema_version() == packaged[-1]
        recorded = await db.applied_migrations()
        assert recorded[0] == (1, "guild_settings")
        columns = [row["name"] for row in await db.fetch_all("PRAGMA table_info(guild_settings)")]
    assert columns == ["guild_id", "gm_role_id", "locale", "rule_options", "updated_at"]


async def test_migrate_existing_file_is_idempotent_and_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "existing.sqlite3"
    async with Database.open(path) as db:
        await db.migrate()
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, gm_role_id) VALUES (?, ?)", (7, 70)
            )
    async with Database.open(path) as db:
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
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO c (x) VALUES (21)")
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


async def test_transaction_rolls_back_on_error(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "db.sqlite3") as db:
        await db.migrate()

        async def insert_twice() -> None:
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")
                await conn.execute("INSERT INTO guild_settings (guild_id) VALUES (1)")

        with pytest.raises(sqlite3.IntegrityError):
            await insert_twice()
        row = await db.fetch_value("SELECT COUNT(*) FROM guild_settings")
        assert row == 0


async def test_nested_transaction_raises_instead_of_deadlocking(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "db.sqlite3") as db, db.transaction():
        with pytest.raises(RuntimeError, match="re-entrant"):
            async with db.transaction():
                pass
        with pytest.raises(RuntimeError, match="transaction's connection"):
            await db.fetch_one("SELECT 1")


async def test_concurrent_read_modify_write_never_loses_an_update(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "db.sqlite3") as db:
        async with db.transaction() as conn:
            await conn.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER)")
            await conn.execute("INSERT INTO counter VALUES (1, 0)")

        async def bump() -> None:
            async with db.transaction() as conn:
                async with conn.execute("SELECT n FROM counter WHERE id = 1") as cur:
                    row = await cur.fetchone()
                assert row is not None
                await asyncio.sleep(0)  # give every other task the chance to interleave
                await conn.execute("UPDATE counter SET n = ? WHERE id = 1", (row[0] + 1,))

        await asyncio.gather(*(bump() for _ in range(50)))
        row = await db.fetch_value("SELECT n FROM counter WHERE id = 1")
        assert row == 50


async def test_closed_database_refuses_work(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "db.sqlite3")
    await db.close()
    await db.close()
    with pytest.raises(RuntimeError, match="closed"):
        await db.fetch_one("SELECT 1")


async def test_a_write_job_is_one_transaction(tmp_path: Path) -> None:
    """Database.write runs a whole job on the database thread: all of it commits, or none."""
    async with Database.open(tmp_path / "jobs.sqlite3") as db:
        await db.write(lambda conn: conn.execute("CREATE TABLE t (x INTEGER)"))

        def two_rows(conn: sqlite3.Connection) -> int:
            conn.execute("INSERT INTO t VALUES (1)")
            conn.execute("INSERT INTO t VALUES (2)")
            return int(conn.execute("SELECT SUM(x) FROM t").fetchone()[0])

        assert await db.write(two_rows) == 3

        def half_then_fail(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO t VALUES (40)")
            raise ValueError("refused half-way")

        with pytest.raises(ValueError, match="half-way"):
            await db.write(half_then_fail)
        assert await db.read(lambda conn: conn.execute("SELECT SUM(x) FROM t").fetchone()[0]) == 3
        assert await db.fetch_value("SELECT COUNT(*) FROM t") == 2


async def test_a_job_inside_a_transaction_is_refused(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "nested-job.sqlite3") as db, db.transaction():
        with pytest.raises(RuntimeError, match=r"inside Database\.transaction"):
            await db.read(lambda conn: conn.execute("SELECT 1").fetchone())


async def test_shared_state_is_one_per_database(tmp_path: Path) -> None:
    class Counter(dict[str, int]):
        pass

    async with (
        Database.open(tmp_path / "a.sqlite3") as a,
        Database.open(tmp_path / "b.sqlite3") as b,
    ):
        assert a.shared(Counter) is a.shared(Counter)
        assert a.shared(Counter) is not b.shared(Counter)
