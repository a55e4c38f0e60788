"""Copy everything the bot stored from one database to another (``python -m bot migrate-db``).

Made for moving a SQLite file to PostgreSQL when a bot outgrows one process, and
works between any two databases this bot opens. Both are first brought to this
release's schema (as starting the bot would); the target must be empty. Rows are
copied table by table with their ids, in one transaction on the target: a copy
that fails leaves it as empty as it was. The event log's "undone by" links point
forward in the log, so events are inserted without them and then marked undone,
the one change the log allows. Last, the target's id counters move past the
copied ids (and past every pending-attack id the source had handed out), so new
rows never take an old id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database, Row, Session, Statement

__all__ = ["TABLES", "TransferError", "copy_database"]

TABLES: tuple[tuple[str, str], ...] = (
    ("guild_settings", "guild_id"),
    ("characters", "id"),
    ("encounters", "id"),
    ("encounter_combatants", "encounter_id, combatant_id"),
    ("encounter_events", "id"),
    ("pending_attacks", "attack_id"),
)
"""Every table the bot writes, parents first, with the key its rows are read in order of."""


class TransferError(RuntimeError):
    """The copy was refused (the target holds data, or the schemas differ)."""


@dataclass(frozen=True)
class _Table:
    name: str
    columns: tuple[str, ...]
    rows: list[tuple[Any, ...]]


async def _read_tables(session: Session) -> list[_Table]:
    tables: list[_Table] = []
    for name, key in TABLES:
        rows: Sequence[Row] = await session.fetch_all(f"SELECT * FROM {name} ORDER BY {key}")
        columns = tuple(rows[0].keys()) if rows else ()
        tables.append(_Table(name, columns, [tuple(row) for row in rows]))
    return tables


def _inserts(table: _Table) -> tuple[list[Statement], list[Statement]]:
    """The table's inserts, and (for the event log) the "undone by" marks to set after."""
    if not table.rows:
        return [], []
    columns = list(table.columns)
    marks: list[Statement] = []
    undone_at = columns.index("undone_by") if table.name == "encounter_events" else None
    id_at = columns.index("id") if undone_at is not None else None
    sql = (
        f"INSERT INTO {table.name} ({', '.join(columns)}) "
        f"VALUES ({', '.join('?' for _ in columns)})"
    )
    inserts: list[Statement] = []
    for row in table.rows:
        values = list(row)
        if undone_at is not None and id_at is not None and values[undone_at] is not None:
            marks.append(
                (
                    "UPDATE encounter_events SET undone_by = ? WHERE id = ?",
                    (values[undone_at], values[id_at]),
                )
            )
            values[undone_at] = None
        inserts.append((sql, tuple(values)))
    return inserts, marks


async def copy_database(source: Database, target: Database) -> dict[str, int]:
    """Copy every row of :data:`TABLES` from ``source`` into the empty ``target``; rows per table.

    Raises :class:`TransferError` when the target already holds rows or the two
    databases stand at different migrations.
    """
    await source.migrate()
    await target.migrate()
    mine, theirs = await source.applied_migrations(), await target.applied_migrations()
    if mine != theirs:
        raise TransferError(
            f"the databases stand at different migrations ({len(mine)} and {len(theirs)}): "
            "run the same release on both"
        )
    for name, _ in TABLES:
        count = int(await target.fetch_value(f"SELECT COUNT(*) FROM {name}"))
        if count:
            raise TransferError(
                f"the target already holds data ({count} rows in {name}): "
                "copy into an empty database"
            )

    async def read(session: Session) -> tuple[list[_Table], int]:
        return await _read_tables(session), await session.dialect.highest_attack_id(session)

    tables, highest_attack_id = await source.read(read)
    statements: list[Statement] = []
    marks: list[Statement] = []
    for table in tables:
        inserts, undone = _inserts(table)
        statements += inserts
        marks += undone

    async def write(session: Session) -> None:
        await session.run(statements + marks)
        await session.dialect.resume_ids(session, highest_attack_id)

    await target.write(write)
    return {table.name: len(table.rows) for table in tables}
