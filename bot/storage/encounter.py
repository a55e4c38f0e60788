"""Encounters, their combatants and the event log: the repository every combat command uses.

Every change to a fight goes through :meth:`EncounterRepository.change`::

    async with encounters.change(channel_id, actor_id, kind="damage") as change:
        victim = change.encounter.find("Orc 1")
        change.encounter = change.encounter.replace(victim.with_sheet(hurt))
        change.detail = outcome.model_dump(mode="json")

A change holds its channel's lock from start to commit, so two commands on the
same fight run one after the other and no update is lost, while other channels'
fights go on. The running encounter comes from memory (:mod:`bot.storage.live`)
once read; on exit the rows that changed, the pending attacks the change wrote
and one event with who did it and the before/after of exactly those rows are
written in one transaction, in one round trip to the database thread. Only then
does memory take the new fight. :meth:`EncounterRepository.undo` puts the
``before`` back (repeatable: each undo takes the latest change not yet undone).
The log itself is append-only (the migration's triggers refuse deletes and edits
other than marking "undone").

Pending attacks written through the change (``PendingAttackRepository`` methods
given the change itself) are logged the same way, under ``"pending_attacks"``:
undoing a defense makes its attack wait again, undoing the attack cancels it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.storage.database import Database, Session, Statement, run_statements
from bot.storage.documents import Document, stamp_json
from bot.storage.errors import StorageRefusal
from bot.storage.live import STATE_ROW, Committed, LiveEncounter, LiveEncounters
from bot.storage.pending_attack import (
    awaiting_rows,
    read_attack,
    row_statements,
    state_statement,
)
from bot.storage.records import (
    COMBATANT_COLUMNS,
    ENCOUNTER_COLUMNS,
    EncounterEvent,
    EncounterRecord,
    EncounterStatus,
    PendingAttack,
    PendingState,
    StoredDocument,
    dumps,
    encoded,
    encounter_from_rows,
    event_from_row,
)
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant, TrackerMessage

__all__ = [
    "EncounterAlreadyActiveError",
    "EncounterChange",
    "EncounterEvent",
    "EncounterRecord",
    "EncounterRepository",
    "NoActiveEncounterError",
    "NothingToUndoError",
    "UndoResult",
]

NOT_UNDOABLE = ("start", "undo", "end")

Row = dict[str, Any]


class NoActiveEncounterError(StorageRefusal):
    """There is no running encounter in this channel."""

    def __init__(self) -> None:
        super().__init__("encounter.error.none_active")


class EncounterAlreadyActiveError(StorageRefusal):
    """``/encounter start`` in a channel that already has a running fight."""

    def __init__(self, name: str) -> None:
        super().__init__("encounter.error.already_active", name=name)


class NothingToUndoError(StorageRefusal):
    """The encounter has no change left to undo."""

    def __init__(self) -> None:
        super().__init__("encounter.error.nothing_to_undo")


class UndoResult(BaseModel):
    """What ``undo`` reverted and the encounter as it is now.

    ``pending_attacks`` are the ids of the pending attacks the undo put back (their
    messages' buttons need refreshing).
    """

    model_config = ConfigDict(frozen=True)

    undone: EncounterEvent
    record: EncounterRecord
    pending_attacks: tuple[int, ...] = ()


class EncounterChange:
    """A change in progress; replace :attr:`encounter` and fill :attr:`detail`.

    :attr:`record` is the encounter as loaded (do not modify it). Call
    :meth:`end` to close the fight. Pending-attack writes take the change itself
    (it is a :class:`~bot.storage.pending_attack.PendingJournal`): they wait in it
    and commit with the fight. After the ``async with`` block :attr:`event_id` is
    the id of the logged event (``None`` when nothing changed).
    """

    def __init__(
        self,
        live: LiveEncounter,
        kind: str,
        detail: Mapping[str, Any],
        repository: EncounterRepository,
    ) -> None:
        self.record = live.record
        self.encounter: Encounter = live.record.encounter
        self.kind = kind
        self.detail: dict[str, Any] = dict(detail)
        self.status: EncounterStatus = live.record.status
        self.ended_at: str | None = live.record.ended_at
        self.event_id: int | None = None
        self._repository = repository
        self._rows = live.rows
        self.rows_after: dict[str, Any] = {}
        self.touched: set[str] = set()
        """The fighters added, removed or changed (after :meth:`snapshots`)."""
        self._gone: set[str] = set()
        self._awaiting = dict(live.awaiting)
        self._written: dict[int, PendingAttack] = {}
        self._inserted: set[int] = set()
        self._pending_before: dict[int, PendingAttack | None] = {}
        self._payloads = dict(live.payloads)

    def end(self, at: datetime) -> None:
        """Mark the encounter as ended at ``at``; it stays readable in the channel's history."""
        self.status = "ended"
        self.ended_at = at.isoformat()

    # ------------------------------------------------------- PendingJournal

    async def pending_attack(self, attack_id: int) -> PendingAttack | None:
        found = self._written.get(attack_id) or self._awaiting.get(attack_id)
        if found is not None:
            return found
        return await read_attack(self._repository.database, attack_id)

    def awaiting_attacks(self) -> list[PendingAttack]:
        return [self._awaiting[attack_id] for attack_id in sorted(self._awaiting)]

    async def new_attack_id(self) -> int:
        return await self._repository.live.new_attack_id(self._repository.database)

    def write_pending(
        self, before: PendingAttack | None, after: PendingAttack, *, logged: bool = True
    ) -> None:
        if after.channel_id != self.record.channel_id:
            raise ValueError("a change writes only its own channel's pending attacks")
        attack_id = after.attack_id
        if before is None:
            self._inserted.add(attack_id)
        if logged:
            self._pending_before.setdefault(attack_id, before)
        self._written[attack_id] = after
        if after.awaiting:
            self._awaiting[attack_id] = after
        else:
            self._awaiting.pop(attack_id, None)

    # ------------------------------------------------------- what changed

    def snapshots(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Only what changed, as the ``before`` and ``after`` the event log keeps.

        A ``before`` row comes from the rows the last change wrote when it has them;
        :attr:`rows_after` gets the rows of this change's ``after``.
        """
        before: dict[str, Any] = {"combatants": {}}
        after: dict[str, Any] = {"combatants": {}}
        old, new = self.record.encounter, self.encounter
        if (
            self.status != self.record.status
            or self.ended_at != self.record.ended_at
            or any(getattr(old, name) != getattr(new, name) for name in _ENCOUNTER_FIELDS)
        ):
            state: StoredDocument = self._rows.get(STATE_ROW) or _state_row(old)
            before["encounter"] = _encounter_row(state, self.record.status, self.record.ended_at)
            self.rows_after[STATE_ROW] = _state_row(new, old, state)
            after["encounter"] = _encounter_row(
                self.rows_after[STATE_ROW], self.status, self.ended_at
            )
        for combatant_id, was, now in _changed_fighters(old.combatants, new.combatants):
            self.touched.add(combatant_id)
            was_row = None if was is None else self._rows.get(combatant_id) or _combatant_row(was)
            before["combatants"][combatant_id] = was_row
            row = None if now is None else _combatant_row(now, was, was_row)
            after["combatants"][combatant_id] = row
            if row is None:
                self._gone.add(combatant_id)
            else:
                self.rows_after[combatant_id] = row
        for attack_id, was_attack in sorted(self._pending_before.items()):
            now_attack = self._written[attack_id]
            if was_attack is None or not was_attack.same_state(now_attack):
                key = str(attack_id)
                was_state = None if was_attack is None else self.pending_state(was_attack)
                before.setdefault("pending_attacks", {})[key] = was_state
                after.setdefault("pending_attacks", {})[key] = self.pending_state(now_attack)
        return before, after

    def pending_state(self, row: PendingAttack) -> PendingState:
        """``row.state()``, its payload written once: a defense's row before and after share
        the payload the attack wrote, and the row's statement writes the same text."""
        found = self._payloads.get(id(row.payload))
        if found is None:
            # The payload is kept with its document so that its id stays its own.
            document = StoredDocument.of(Document.PENDING, row.payload)
            found = self._payloads[id(row.payload)] = (row.payload, document)
        return row.state(found[1])

    def payloads_now(self) -> dict[int, tuple[Any, StoredDocument]]:
        """The payload documents memory keeps once this change committed: the awaiting
        attacks' (see :attr:`~bot.storage.live.LiveEncounter.payloads`)."""
        awaiting = {id(row.payload) for row in self._awaiting.values()}
        return {key: found for key, found in self._payloads.items() if key in awaiting}

    def committed(self, record: EncounterRecord) -> Committed:
        """What the watchers are told once this change committed as ``record``."""
        waiting = (
            tuple(row for key, row in self._awaiting.items() if key not in self._written)
            if self._awaiting
            else ()
        )
        return Committed(record, self.record.encounter, frozenset(self.touched), waiting)

    def rows_now(self) -> dict[str, Any]:
        """The rows memory keeps for the fight once this change committed (after
        :meth:`snapshots`)."""
        rows = {**self._rows, **self.rows_after}
        for combatant_id in self._gone:
            rows.pop(combatant_id, None)
        return rows


_ENCOUNTER_FIELDS = tuple(name for name in Encounter.model_fields if name != "combatants")

Touched = tuple[str, EncounterCombatant | None, EncounterCombatant | None]
"""A fighter a change touched: his id, as he was (``None``: added) and is (``None``: removed)."""


def _changed_fighters(
    was_all: tuple[EncounterCombatant, ...], now_all: tuple[EncounterCombatant, ...]
) -> list[Touched]:
    """The fighters added, removed or changed, in id order. A fighter the rules did not
    touch is the same object on both sides, so a hundred-fighter fight costs one pass,
    and only the touched ones are compared and sorted."""
    was_by_id = {was.combatant_id: was for was in was_all}
    touched: list[Touched] = []
    for now in now_all:
        was = was_by_id.pop(now.combatant_id, None)
        if was is not now and (was is None or was != now):
            touched.append((now.combatant_id, was, now))
    touched.extend((combatant_id, was, None) for combatant_id, was in was_by_id.items())
    touched.sort(key=lambda entry: (len(entry[0]), entry[0]))
    return touched


# --------------------------------------------------------------------------- rows


def _state_row(
    encounter: Encounter, was: Encounter | None = None, was_row: StoredDocument | None = None
) -> StoredDocument:
    """The encounter's own state (everything but its combatants), as stored.

    Written in three pieces: the initiative order, the rest of the turn sequence and the
    rest of the state. The order is most of the text in a big fight (14 KB of 15 with 100
    fighters) and only a fighter joining or leaving changes it, so when it is the same as
    in ``was`` (stored as ``was_row``) its text is reused instead of written again.
    """
    order = encounter.sequence.order
    order_text = was_row.pieces.get(_ORDER) if was_row is not None else None
    if order_text is None or was is None or was.sequence.order is not order:
        order_text = "null" if order is None else order.model_dump_json()
    sequence = encounter.sequence.model_dump_json(exclude={_ORDER})
    rest = encounter.model_dump_json(exclude={"combatants", "sequence"})
    state = _with_member(rest, "sequence", _with_member(sequence, _ORDER, order_text))
    return StoredDocument(stamp_json(Document.ENCOUNTER, state), {_ORDER: order_text})


_ORDER = "order"


def _with_member(text: str, key: str, value: str) -> str:
    """A JSON object's ``text`` with the member ``key`` (a plain name) set to ``value``'s text."""
    member = f'"{key}":{value}'
    return "{" + member + "}" if text == "{}" else text[:-1] + "," + member + "}"


def _encounter_row(state: StoredDocument | Row, status: str, ended_at: str | None) -> Row:
    return {"status": status, "ended_at": ended_at, "state": state}


def _combatant_row(
    combatant: EncounterCombatant,
    was: EncounterCombatant | None = None,
    was_row: Row | None = None,
) -> Row:
    """The fighter's row; a document that did not change since ``was`` (stored as
    ``was_row``) is reused as it was written, so a change to a fighter's turn does not
    dump his whole sheet again, nor a wound the rest of his sheet (:func:`_sheet_document`)."""
    sheet = turn = None
    was_sheet: StoredDocument | None = None
    if was is not None and was_row is not None:
        was_sheet = was_row["sheet"]
        if was.combatant is combatant.combatant or was.combatant == combatant.combatant:
            sheet = was_sheet
        if was.turn is combatant.turn or was.turn == combatant.turn:
            turn = was_row["turn_state"]
    return {
        "name": combatant.name,
        "owner_id": combatant.owner_id,
        "side": combatant.side,
        "sheet": sheet
        or _sheet_document(combatant.combatant, None if was is None else was.combatant, was_sheet),
        "turn_state": turn or StoredDocument.of(Document.TURN, combatant.turn),
    }


_SHEET_STATE = "state"
_SHEET_REST = "rest"
_SHEET_FIELDS = tuple(name for name in Combatant.model_fields if name != _SHEET_STATE)


def _sheet_document(
    sheet: Combatant, was: Combatant | None = None, was_document: StoredDocument | None = None
) -> StoredDocument:
    """A fighter's sheet, written in two pieces: his current state (HP, FP, conditions: what
    a wound or a turn changes) and the rest (attributes, traits, skills, weapons: most of an
    imported character's text, 4.7 KB of 5.4). The rest's text is kept with the document
    and reused while every field of it is the same object as in ``was``."""
    rest = None if was_document is None or was is None else was_document.pieces.get(_SHEET_REST)
    if rest is None or any(getattr(sheet, f) is not getattr(was, f) for f in _SHEET_FIELDS):
        rest = sheet.model_dump_json(exclude={_SHEET_STATE})
    text = _with_member(rest, _SHEET_STATE, sheet.state.model_dump_json())
    return StoredDocument(stamp_json(Document.SHEET, text), {_SHEET_REST: rest})


_SELECT_ENCOUNTER = f"SELECT {ENCOUNTER_COLUMNS} FROM encounters "
_SELECT_COMBATANTS = (
    f"SELECT {COMBATANT_COLUMNS} FROM encounter_combatants "
    "WHERE encounter_id = ? ORDER BY length(combatant_id), combatant_id"
)
_SELECT_EVENT = (
    "SELECT id, encounter_id, kind, actor_id, created_at, before, after, detail, undoes, "
    "undone_by FROM encounter_events "
)


# ------------------------------------------------------------------------ jobs


async def _load(session: Session, where: str, params: tuple[Any, ...]) -> EncounterRecord | None:
    row = await session.fetch_one(_SELECT_ENCOUNTER + where, params)
    if row is None:
        return None
    combatants = await session.fetch_all(_SELECT_COMBATANTS, (row["id"],))
    return encounter_from_rows(row, combatants)


async def _load_live(session: Session, channel_id: int) -> LiveEncounter | None:
    record = await _load(session, "WHERE channel_id = ? AND status = 'active'", (channel_id,))
    if record is None:
        return None
    awaiting = {row.attack_id: row for row in await awaiting_rows(session, channel_id)}
    return LiveEncounter(record, awaiting)


def _encounter_statement(encounter_id: int, row: Row) -> Statement:
    return (
        "UPDATE encounters SET status = ?, ended_at = ?, state = ? WHERE id = ?",
        (row["status"], row["ended_at"], encoded(row["state"]), encounter_id),
    )


_UPSERT_COMBATANT = """
    INSERT INTO encounter_combatants
        (encounter_id, combatant_id, name, owner_id, side, sheet, turn_state)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (encounter_id, combatant_id) DO UPDATE SET
        name = excluded.name,
        owner_id = excluded.owner_id,
        side = excluded.side,
        sheet = excluded.sheet,
        turn_state = excluded.turn_state
"""


def _combatant_statement(encounter_id: int, combatant_id: str, row: Row | None) -> Statement:
    if row is None:
        return (
            "DELETE FROM encounter_combatants WHERE encounter_id = ? AND combatant_id = ?",
            (encounter_id, combatant_id),
        )
    return (
        _UPSERT_COMBATANT,
        (
            encounter_id,
            combatant_id,
            row["name"],
            row["owner_id"],
            row["side"],
            encoded(row["sheet"]),
            encoded(row["turn_state"]),
        ),
    )


def _snapshot_statements(encounter_id: int, snapshot: Mapping[str, Any]) -> list[Statement]:
    """Write a before/after snapshot: deletions first so names can move between rows."""
    statements: list[Statement] = []
    encounter_row = snapshot.get("encounter")
    if encounter_row is not None:
        statements.append(_encounter_statement(encounter_id, encounter_row))
    combatants: Mapping[str, Row | None] = snapshot.get("combatants", {})
    for combatant_id, row in combatants.items():
        if row is None:
            statements.append(_combatant_statement(encounter_id, combatant_id, None))
    for combatant_id, row in combatants.items():
        if row is not None:
            statements.append(_combatant_statement(encounter_id, combatant_id, row))
    pending: Mapping[str, PendingState | None] = snapshot.get("pending_attacks", {})
    for attack_id, state in pending.items():
        statements.append(state_statement(int(attack_id), state))
    return statements


def _event_statement(
    encounter_id: int,
    *,
    kind: str,
    actor_id: int,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    detail: Mapping[str, Any],
    undoes: int | None = None,
) -> Statement:
    return (
        "INSERT INTO encounter_events "
        "(encounter_id, kind, actor_id, before, after, detail, undoes) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (encounter_id, kind, actor_id, encoded(before), encoded(after), dumps(detail), undoes),
    )


def _keeping_tracker(
    snapshot: Mapping[str, Any], tracker: TrackerMessage | None
) -> Mapping[str, Any]:
    """``snapshot`` with the encounter's tracker as it is now: undo puts the fight back, not
    a message that may have been deleted and replaced since."""
    row = snapshot.get("encounter")
    if row is None:
        return snapshot
    state = {**row["state"], "tracker": None if tracker is None else tracker.model_dump()}
    return {**snapshot, "encounter": {**row, "state": state}}


async def _revert(
    session: Session,
    encounter_id: int,
    event: EncounterEvent,
    actor_id: int,
    restored: Mapping[str, Any] | None = None,
) -> int:
    """Put ``event``'s ``before`` back (``restored``: as adjusted), log the undo and mark
    the event undone."""
    undo_id = await session.run(
        [
            *_snapshot_statements(encounter_id, event.before if restored is None else restored),
            _event_statement(
                encounter_id,
                kind="undo",
                actor_id=actor_id,
                before=event.after,
                after=event.before,
                detail={"kind": event.kind, "event_id": event.id, "detail": event.detail},
                undoes=event.id,
            ),
        ],
    )
    assert undo_id is not None
    await session.execute(
        "UPDATE encounter_events SET undone_by = ? WHERE id = ?", (undo_id, event.id)
    )
    return int(undo_id)


def _is_empty(snapshot: Mapping[str, Any]) -> bool:
    return (
        "encounter" not in snapshot
        and not snapshot["combatants"]
        and not snapshot.get("pending_attacks")
    )


class EncounterRepository:
    """Encounters by channel; all the SQL for fights lives here.

    Every repository over one :class:`Database` shares its running encounters
    (:class:`~bot.storage.live.LiveEncounters`).
    """

    def __init__(self, database: Database) -> None:
        self.database = database
        self.live = database.shared(LiveEncounters)

    # ----------------------------------------------------------------- reads

    async def _live(self, channel_id: int) -> LiveEncounter | None:
        found = self.live.get(channel_id)
        if found is None:
            found = await self.database.read(lambda session: _load_live(session, channel_id))
            if found is not None:
                self.live.put(found)
        return found

    async def active(self, channel_id: int) -> EncounterRecord | None:
        """The running encounter in ``channel_id``, if any."""
        found = await self._live(channel_id)
        return None if found is None else found.record

    async def require_active(self, channel_id: int) -> EncounterRecord:
        """The running encounter, or :class:`NoActiveEncounterError`."""
        found = await self.active(channel_id)
        if found is None:
            raise NoActiveEncounterError
        return found

    async def get(self, encounter_id: int) -> EncounterRecord | None:
        return await self.database.read(
            lambda session: _load(session, "WHERE id = ?", (encounter_id,))
        )

    async def history(self, channel_id: int, limit: int = 10) -> list[EncounterRecord]:
        """The channel's encounters, newest first (ended ones included)."""

        async def job(session: Session) -> list[EncounterRecord]:
            rows = await session.fetch_all(
                _SELECT_ENCOUNTER + "WHERE channel_id = ? ORDER BY id DESC LIMIT ?",
                (channel_id, limit),
            )
            return [
                encounter_from_rows(row, await session.fetch_all(_SELECT_COMBATANTS, (row["id"],)))
                for row in rows
            ]

        return await self.database.read(job)

    async def events(self, encounter_id: int, limit: int = 50) -> list[EncounterEvent]:
        """The latest ``limit`` events of an encounter, oldest first."""
        rows = await self.database.fetch_all(
            _SELECT_EVENT + "WHERE encounter_id = ? ORDER BY id DESC LIMIT ?",
            (encounter_id, limit),
        )
        return [event_from_row(row) for row in reversed(rows)]

    async def combatant_choices(
        self, channel_id: int, typed: str, *, owner_id: int | None = None, limit: int = 25
    ) -> list[tuple[str, str]]:
        """``(combatant_id, name)`` in this channel's running fight matching ``typed``.

        With ``owner_id``, only that player's combatants.
        """
        record = await self.active(channel_id)
        if record is None:
            return []
        wanted = typed.strip().casefold()
        found = [
            (c.combatant_id, c.name)
            for c in record.encounter.combatants
            if wanted in c.name.casefold() and (owner_id is None or c.owner_id == owner_id)
        ]
        found.sort(key=lambda pair: pair[1].casefold())
        return found[:limit]

    # ----------------------------------------------------------------- writes

    async def start(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        actor_id: int,
        encounter: Encounter,
        at: datetime | None = None,
    ) -> EncounterRecord:
        """Open a new encounter; refuses when the channel already has a running one."""
        created = at.isoformat() if at is not None else None

        async def job(session: Session) -> LiveEncounter | str:
            running = await _load(
                session, "WHERE channel_id = ? AND status = 'active'", (channel_id,)
            )
            if running is not None:
                return running.encounter.name
            row = _encounter_row(_state_row(encounter), "active", None)
            inserted = await session.fetch_one(
                "INSERT INTO encounters (guild_id, channel_id, status, state, created_at) "
                "VALUES (?, ?, 'active', ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) "
                "RETURNING id, created_at",
                (guild_id, channel_id, encoded(row["state"]), created),
            )
            assert inserted is not None
            encounter_id, created_at = int(inserted[0]), inserted[1]
            rows = {c.combatant_id: _combatant_row(c) for c in encounter.combatants}
            await session.run(
                [
                    *(
                        _combatant_statement(encounter_id, key, value)
                        for key, value in rows.items()
                    ),
                    _event_statement(
                        encounter_id,
                        kind="start",
                        actor_id=actor_id,
                        before={"combatants": {}},
                        after={"encounter": row, "combatants": rows},
                        detail={},
                    ),
                ],
            )
            return LiveEncounter(
                EncounterRecord(
                    id=encounter_id,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    status="active",
                    created_at=str(created_at),
                    ended_at=None,
                    encounter=encounter,
                ),
                {row.attack_id: row for row in await awaiting_rows(session, channel_id)},
            )

        async with self.live.lock(channel_id):
            started = await self.database.write(job)
            if isinstance(started, str):
                raise EncounterAlreadyActiveError(started)
            self.live.put(started)
            everyone = frozenset(c.combatant_id for c in encounter.combatants)
            self.live.committed(Committed(started.record, touched=everyone))
        return started.record

    @asynccontextmanager
    async def change(
        self,
        channel_id: int,
        actor_id: int,
        kind: str,
        *,
        detail: Mapping[str, Any] | None = None,
    ) -> AsyncIterator[EncounterChange]:
        """Hand out the running encounter, let the caller replace it, write it back and log it.

        One transaction for everything the change wrote. An exception inside the
        block writes nothing. A block that changes nothing logs nothing.
        """
        async with self.live.lock(channel_id):
            live = await self._live(channel_id)
            if live is None:
                raise NoActiveEncounterError
            change = EncounterChange(live, kind, detail or {}, self)
            yield change
            before, after = change.snapshots()
            logged = not _is_empty(after)
            if not logged and not change._written:
                return
            record = live.record
            statements = row_statements(change._written, change._inserted, change.pending_state)
            if logged:
                statements[:0] = _snapshot_statements(record.id, {**after, "pending_attacks": {}})
                statements.append(
                    _event_statement(
                        record.id,
                        kind=change.kind,
                        actor_id=actor_id,
                        before=before,
                        after=after,
                        detail=change.detail,
                    )
                )
            last_row = await self.database.write(run_statements(statements))
            change.event_id = last_row if logged else None
            updated = record.model_copy(
                update={
                    "encounter": change.encounter,
                    "status": change.status,
                    "ended_at": change.ended_at,
                }
            )
            if change.status != "active":
                self.live.drop(channel_id)
            else:
                self.live.put(
                    LiveEncounter(
                        updated, change._awaiting, change.rows_now(), change.payloads_now()
                    )
                )
            self.live.committed(change.committed(updated))

    async def set_tracker(
        self, channel_id: int, tracker: TrackerMessage | None, *, encounter_id: int | None = None
    ) -> bool:
        """Note where the running fight is shown (``None``: nowhere any more).

        Not a change to the fight: nothing is logged and nothing can undo it, and watchers
        are not told. With ``encounter_id``, only while that fight is the one running.
        Returns whether a running fight took it.
        """
        async with self.live.lock(channel_id):
            live = await self._live(channel_id)
            if live is None or (encounter_id is not None and live.record.id != encounter_id):
                return False
            encounter = live.record.encounter.model_copy(update={"tracker": tracker})
            state = _state_row(encounter, live.record.encounter, live.rows.get(STATE_ROW))
            row = _encounter_row(state, live.record.status, live.record.ended_at)
            statement = _encounter_statement(live.record.id, row)
            await self.database.write(run_statements([statement]))
            updated = live.record.model_copy(update={"encounter": encounter})
            rows = {**live.rows, STATE_ROW: state}
            self.live.put(LiveEncounter(updated, live.awaiting, rows, live.payloads))
        return True

    @asynccontextmanager
    async def amend(
        self, encounter_id: int, actor_id: int, kind: str
    ) -> AsyncIterator[EncounterChange]:
        """A change to a fight that has ended (what its end left to settle, R8.4): handed out,
        written back and logged like :meth:`change`, in one transaction, under its channel's
        lock. Refuses a running fight (:meth:`change` is for those) or an unknown one."""
        found = await self.get(encounter_id)
        if found is None or found.status == "active":
            raise StorageRefusal("fatigue.error.fight_not_ended")
        async with self.live.lock(found.channel_id):
            record = await self.get(encounter_id)
            assert record is not None
            change = EncounterChange(LiveEncounter(record, {}), kind, {}, self)
            yield change
            before, after = change.snapshots()
            if _is_empty(after):
                return
            statements = [
                *_snapshot_statements(record.id, after),
                _event_statement(
                    record.id,
                    kind=change.kind,
                    actor_id=actor_id,
                    before=before,
                    after=after,
                    detail=change.detail,
                ),
            ]
            change.event_id = await self.database.write(run_statements(statements))

    async def revert(self, encounter_id: int, actor_id: int, kind: str) -> EncounterRecord:
        """Undo the latest ``kind`` change to an ended fight (:meth:`amend`'s), logged like
        :meth:`undo`; :class:`NothingToUndoError` when there is none."""
        found = await self.get(encounter_id)
        if found is None or found.status == "active":
            raise StorageRefusal("fatigue.error.fight_not_ended")

        async def job(session: Session) -> EncounterRecord | None:
            row = await session.fetch_one(
                _SELECT_EVENT + "WHERE encounter_id = ? AND undone_by IS NULL AND kind = ? "
                "ORDER BY id DESC LIMIT 1",
                (encounter_id, kind),
            )
            if row is None:
                return None
            await _revert(session, encounter_id, event_from_row(row), actor_id)
            return await _load(session, "WHERE id = ?", (encounter_id,))

        async with self.live.lock(found.channel_id):
            reverted = await self.database.write(job)
        if reverted is None:
            raise NothingToUndoError
        return reverted

    async def undo(self, channel_id: int, actor_id: int) -> UndoResult:
        """Revert the latest change not yet undone (repeatable), logging the undo itself."""

        async def job(
            session: Session,
        ) -> tuple[EncounterEvent, int, LiveEncounter, Encounter] | None:
            running = await _load_live(session, channel_id)
            if running is None:
                raise NoActiveEncounterError
            encounter_id = running.record.id
            placeholders = ", ".join("?" for _ in NOT_UNDOABLE)
            row = await session.fetch_one(
                _SELECT_EVENT + "WHERE encounter_id = ? AND undone_by IS NULL "
                f"AND kind NOT IN ({placeholders}) ORDER BY id DESC LIMIT 1",
                (encounter_id, *NOT_UNDOABLE),
            )
            if row is None:
                return None
            event = event_from_row(row)
            restored = _keeping_tracker(event.before, running.record.encounter.tracker)
            undo_id = await _revert(session, encounter_id, event, actor_id, restored)
            reloaded = await _load_live(session, channel_id)
            assert reloaded is not None
            return event, undo_id, reloaded, running.record.encounter

        async with self.live.lock(channel_id):
            done = await self.database.write(job)
            if done is None:
                raise NothingToUndoError
            event, undo_id, reloaded, was = done
            pending = tuple(int(key) for key in event.before.get("pending_attacks", {}))
            self.live.put(reloaded)
            # The attacks the undo put back are the undo's to show; the others still waiting
            # may face a fighter it restored.
            self.live.committed(
                Committed(
                    reloaded.record,
                    was,
                    frozenset(event.before.get("combatants", {})),
                    tuple(row for key, row in reloaded.awaiting.items() if key not in pending),
                )
            )
        return UndoResult(
            undone=event.model_copy(update={"undone_by": undo_id}),
            record=reloaded.record,
            pending_attacks=pending,
        )
