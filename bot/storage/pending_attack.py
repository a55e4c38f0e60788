"""Pending attacks: hits that wait for the target's player to choose a defense.

Each row holds the :class:`rules.strike.PendingDefense` as JSON, so the defense
buttons (whose custom ids carry only the row id) still resolve after a restart.
Writes that belong to a combat step take the open encounter change (or, outside
a fight, a bare transaction's connection). Through the change a write waits in
it (:class:`PendingJournal`) and commits with the fight, in the same transaction:
the change logs the row's before/after next to the combatants', and
``/encounter undo`` puts it back, so undoing a defense makes the attack wait
again and undoing the attack cancels it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from bot.storage.database import Database, Session, Statement, run_statements
from bot.storage.documents import Document, stamp_json
from bot.storage.live import LiveEncounters
from bot.storage.records import (
    PENDING_COLUMNS,
    CancelReason,
    PendingAttack,
    PendingState,
    PendingStatus,
    encoded,
    pending_from_row,
)
from rules.strike import PendingDefense

__all__ = [
    "CancelReason",
    "PendingAttack",
    "PendingAttackRepository",
    "PendingJournal",
    "PendingState",
    "PendingStatus",
    "awaiting_rows",
    "read_attack",
    "row_statements",
    "state_statement",
]


@runtime_checkable
class PendingJournal(Protocol):
    """An open encounter change: pending-attack writes wait in it and commit with the fight.

    :class:`bot.storage.encounter.EncounterChange` is one; structural so this module
    does not import the encounter repository (which imports it).
    """

    async def pending_attack(self, attack_id: int) -> PendingAttack | None:
        """The row as this change sees it (its own writes included)."""
        ...

    def awaiting_attacks(self) -> list[PendingAttack]:
        """The channel's attacks still waiting, as this change sees them, oldest first."""
        ...

    async def new_attack_id(self) -> int:
        """An id for a pending attack this change inserts."""
        ...

    def write_pending(
        self, before: PendingAttack | None, after: PendingAttack, *, logged: bool = True
    ) -> None:
        """Write ``after`` when the change commits; ``logged`` puts it in the event (undo)."""
        ...


Writer = Session | PendingJournal
"""Where a write goes: an encounter change (logged, undoable) or a bare transaction's
session (not logged, not seen by the running encounters: tests and maintenance)."""


def state_statement(attack_id: int, state: Mapping[str, Any] | None) -> Statement:
    """Put a logged state back (undo). ``None`` — the row did not exist before the change —
    cancels it as undone instead of deleting it, so its buttons can say what happened."""
    if state is None:
        return (
            "UPDATE pending_attacks SET status = 'cancelled', cancel_reason = 'undone', "
            "resolved_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') WHERE attack_id = ?",
            (attack_id,),
        )
    return (
        "UPDATE pending_attacks SET status = ?, resolved_at = ?, cancel_reason = ?, payload = ? "
        "WHERE attack_id = ?",
        (
            state["status"],
            state["resolved_at"],
            state["cancel_reason"],
            encoded(state["payload"]),
            attack_id,
        ),
    )


def row_statements(
    rows: Mapping[int, PendingAttack],
    new: set[int],
    state_of: Callable[[PendingAttack], PendingState] = PendingAttack.state,
) -> list[Statement]:
    """Insert the ``new`` rows and store the others' changed state (``state_of(row)``: the
    row's :meth:`~PendingAttack.state`, from the caller's documents if it has them)."""
    statements: list[Statement] = []
    for attack_id, row in rows.items():
        state = state_of(row)
        if attack_id not in new:
            statements.append(state_statement(attack_id, state))
            continue
        statements.append(
            (
                f"INSERT INTO pending_attacks ({PENDING_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    attack_id,
                    row.guild_id,
                    row.channel_id,
                    row.attacker_id,
                    row.target_id,
                    row.owner_user_id,
                    row.status.value,
                    encoded(state["payload"]),
                    row.message_id,
                    row.created_at.isoformat(),
                    row.resolved_at.isoformat() if row.resolved_at else None,
                    row.cancel_reason.value if row.cancel_reason else None,
                ),
            )
        )
    return statements


async def awaiting_rows(session: Session, channel_id: int) -> list[PendingAttack]:
    """The channel's attacks still waiting, oldest first (inside a job)."""
    rows = await session.fetch_all(
        f"SELECT {PENDING_COLUMNS} FROM pending_attacks "
        "WHERE channel_id = ? AND status = 'awaiting' ORDER BY attack_id",
        (channel_id,),
    )
    return [pending_from_row(row) for row in rows]


async def _one_row(session: Session, attack_id: int) -> PendingAttack | None:
    row = await session.fetch_one(
        f"SELECT {PENDING_COLUMNS} FROM pending_attacks WHERE attack_id = ?", (attack_id,)
    )
    return None if row is None else pending_from_row(row)


async def read_attack(database: Database, attack_id: int) -> PendingAttack | None:
    """A pending attack straight from the database (one round trip)."""
    return await database.read(lambda session: _one_row(session, attack_id))


class PendingAttackRepository:
    """Reads and writes ``pending_attacks`` rows.

    Attacks waiting in a running fight are read from the running encounters kept
    in memory (:mod:`bot.storage.live`); everything else from the database.
    """

    def __init__(self, database: Database) -> None:
        self._db = database
        self._live = database.shared(LiveEncounters)

    # ----------------------------------------------------------------- reads

    async def get(self, attack_id: int) -> PendingAttack | None:
        found = self._live.awaiting_attack(attack_id)
        if found is not None:
            return found
        return await read_attack(self._db, attack_id)

    async def open_against(self, channel_id: int, target_id: str) -> list[PendingAttack]:
        """Attacks on ``target_id`` in the channel still waiting for a defense, oldest first."""
        return [row for row in await self.open_in(channel_id) if row.target_id == target_id]

    async def open_in(self, channel_id: int) -> list[PendingAttack]:
        """Every attack in the channel still waiting for a defense, oldest first."""
        live = self._live.get(channel_id)
        if live is not None:
            return [live.awaiting[attack_id] for attack_id in sorted(live.awaiting)]
        return await self._db.read(lambda session: awaiting_rows(session, channel_id))

    # ---------------------------------------------------- writes (in a transaction)

    @staticmethod
    async def insert(
        writer: Writer,
        *,
        guild_id: int | None,
        channel_id: int,
        owner_user_id: int | None,
        payload: PendingDefense,
        created_at: datetime,
    ) -> int:
        """Store a new pending attack with the caller's change (or transaction); its id."""
        if isinstance(writer, Session):
            attack_id = await writer.fetch_value(
                "INSERT INTO pending_attacks (guild_id, channel_id, attacker_id, target_id, "
                "owner_user_id, status, payload, created_at) "
                "VALUES (?, ?, ?, ?, ?, 'awaiting', ?, ?) RETURNING attack_id",
                (
                    guild_id,
                    channel_id,
                    payload.attacker_id,
                    payload.target_id,
                    owner_user_id,
                    stamp_json(Document.PENDING, payload.model_dump_json()),
                    created_at.isoformat(),
                ),
            )
            if attack_id is None:
                raise RuntimeError("the database returned no id for the pending attack")
            return int(attack_id)
        attack_id = await writer.new_attack_id()
        writer.write_pending(
            None,
            PendingAttack(
                attack_id=attack_id,
                guild_id=guild_id,
                channel_id=channel_id,
                attacker_id=payload.attacker_id,
                target_id=payload.target_id,
                owner_user_id=owner_user_id,
                status=PendingStatus.AWAITING,
                payload=payload,
                message_id=None,
                created_at=created_at,
                resolved_at=None,
            ),
        )
        return attack_id

    @staticmethod
    async def lock(writer: Writer, attack_id: int) -> PendingAttack | None:
        """The row as the caller's change (or transaction, holding the write lock) sees it."""
        if isinstance(writer, Session):
            return await _one_row(writer, attack_id)
        return await writer.pending_attack(attack_id)

    @staticmethod
    async def update_payload(
        writer: Writer, attack_id: int, payload: PendingDefense, *, logged: bool = True
    ) -> None:
        """Replace the payload of a still-awaiting attack (Retreat toggle, second defense).

        The Retreat toggle passes ``logged=False``: flipping it before choosing is no
        change to the fight, so it is not logged and ``undo`` never lands on it.
        """
        if isinstance(writer, Session):
            await writer.execute(
                "UPDATE pending_attacks SET payload = ? "
                "WHERE attack_id = ? AND status = 'awaiting'",
                (stamp_json(Document.PENDING, payload.model_dump_json()), attack_id),
            )
            return
        row = await writer.pending_attack(attack_id)
        if row is not None and row.awaiting:
            writer.write_pending(row, row.model_copy(update={"payload": payload}), logged=logged)

    @staticmethod
    async def close(
        writer: Writer,
        attack_id: int,
        at: datetime,
        status: PendingStatus = PendingStatus.RESOLVED,
    ) -> bool:
        """Mark an awaiting attack resolved (or cancelled); ``False`` if it no longer awaited."""
        if isinstance(writer, Session):
            changed = await writer.execute(
                "UPDATE pending_attacks SET status = ?, resolved_at = ? "
                "WHERE attack_id = ? AND status = 'awaiting'",
                (status.value, at.isoformat(), attack_id),
            )
            return changed == 1
        row = await writer.pending_attack(attack_id)
        if row is None or not row.awaiting:
            return False
        writer.write_pending(row, row.model_copy(update={"status": status, "resolved_at": at}))
        return True

    @staticmethod
    async def reopen(session: Session, attack_id: int) -> None:
        """Make a closed attack wait again (maintenance; ``undo`` restores the logged state)."""
        await session.execute(
            "UPDATE pending_attacks SET status = 'awaiting', resolved_at = NULL, "
            "cancel_reason = NULL WHERE attack_id = ?",
            (attack_id,),
        )

    @staticmethod
    async def cancel_open(
        writer: Writer, channel_id: int, at: datetime, reason: CancelReason
    ) -> list[int]:
        """Cancel every awaiting attack in a channel; returns their ids, oldest first."""
        if isinstance(writer, Session):
            rows = await writer.fetch_all(
                "SELECT attack_id FROM pending_attacks "
                "WHERE channel_id = ? AND status = 'awaiting' ORDER BY attack_id",
                (channel_id,),
            )
            ids = [int(row["attack_id"]) for row in rows]
            for attack_id in ids:
                await writer.execute(
                    "UPDATE pending_attacks SET status = 'cancelled', resolved_at = ?, "
                    "cancel_reason = ? WHERE attack_id = ?",
                    (at.isoformat(), reason.value, attack_id),
                )
            return ids
        cancelled: list[int] = []
        for row in writer.awaiting_attacks():
            if row.channel_id != channel_id:
                continue
            update = {"status": PendingStatus.CANCELLED, "resolved_at": at, "cancel_reason": reason}
            writer.write_pending(row, row.model_copy(update=update))
            cancelled.append(row.attack_id)
        return cancelled

    # -------------------------------------------------- writes (own transaction)

    async def set_message(self, attack_id: int, message_id: int) -> None:
        """Remember the message that shows the defense buttons."""

        await self._db.write(
            run_statements(
                [
                    (
                        "UPDATE pending_attacks SET message_id = ? WHERE attack_id = ?",
                        (message_id, attack_id),
                    )
                ]
            )
        )
        found = self._live.awaiting_attack(attack_id)
        if found is not None:
            self._live.replace_attack(found.model_copy(update={"message_id": message_id}))

    async def cancel_channel(
        self, channel_id: int, at: datetime, reason: CancelReason = CancelReason.ENDED
    ) -> int:
        """Cancel every awaiting attack in a channel with no running fight; how many.

        ``/encounter end`` uses :meth:`cancel_open` inside its change instead.
        """
        async with self._db.transaction() as session:
            cancelled = len(await self.cancel_open(session, channel_id, at, reason))
        self._live.drop(channel_id)
        return cancelled
