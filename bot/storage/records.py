"""What the fight's tables hold, as typed records, and how rows become records.

Rows' JSON documents are read through :func:`bot.storage.documents.upgrade`.

Shared by the encounter and pending-attack repositories and the running-encounter
cache; nothing here runs SQL.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bot.storage.database import Row
from bot.storage.documents import Document, stamp_json, upgrade
from rules.encounter import Encounter
from rules.strike import PendingDefense

__all__ = [
    "CancelReason",
    "EncounterEvent",
    "EncounterRecord",
    "EncounterStatus",
    "PendingAttack",
    "PendingState",
    "PendingStatus",
    "StoredDocument",
    "dumps",
    "encoded",
    "encounter_from_rows",
    "event_from_row",
    "pending_from_row",
]

EncounterStatus = Literal["active", "ended"]


_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True, ensure_ascii=False)
_encode = _ENCODER.encode
_encode_string: Callable[[str], str] = json.encoder.encode_basestring


def dumps(value: Any) -> str:
    """JSON as the tables store it: compact, keys sorted, UTF-8 kept."""
    return _encode(value)


class StoredDocument:
    """A stored document (a sheet, a turn state, an encounter's state, a pending attack's
    payload) as the JSON text its column holds, written once by pydantic.

    A change writes a row's documents in its statements and again in its event's
    ``after``; the next change logs the same documents as its ``before``. Rows keep this
    text, so a document is written once, by ``model_dump_json`` (pydantic's serializer
    writes the text directly: several times faster than dumping to Python data and
    encoding that), and :func:`encoded` assembles the event's text around it. Its keys
    are in the model's field order rather than sorted: what the tables hold is read back
    as JSON, never compared as text. A writer may keep the text of parts of the document
    in :attr:`pieces` to reuse in the next one (``bot.storage.encounter``'s state and
    sheets).
    """

    __slots__ = ("pieces", "text")

    def __init__(self, text: str, pieces: dict[str, str] | None = None) -> None:
        self.text = text
        self.pieces = pieces or {}
        """Texts of parts of the document its writer may reuse for the next one."""

    @classmethod
    def of(
        cls, kind: Document, model: BaseModel, *, exclude: set[str] | None = None
    ) -> StoredDocument:
        """``model`` (without the fields in ``exclude``) as a ``kind`` document, stamped."""
        return cls(stamp_json(kind, model.model_dump_json(exclude=exclude)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StoredDocument) and other.text == self.text

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"StoredDocument({self.text!r})"


def encoded(value: Any) -> str:
    """The JSON text of a row or an event's before/after: what :func:`dumps` writes, with
    each :class:`StoredDocument` inside (in dictionaries all the way down) as its text."""
    kind = type(value)
    if kind is StoredDocument:
        text: str = value.text
        return text
    if kind is str:
        return _encode_string(value)
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    if kind is dict and all(type(key) is str for key in value):
        parts = [_encode_string(key) + ":" + encoded(item) for key, item in sorted(value.items())]
        return "{" + ",".join(parts) + "}"
    return _encode(value)


class EncounterRecord(BaseModel):
    """A stored encounter: where it runs, its status and the fight itself."""

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int | None
    channel_id: int
    status: EncounterStatus
    created_at: str
    ended_at: str | None
    encounter: Encounter


class EncounterEvent(BaseModel):
    """One entry of the log: what changed, who changed it, before and after."""

    model_config = ConfigDict(frozen=True)

    id: int
    encounter_id: int
    kind: str
    actor_id: int
    created_at: str
    before: dict[str, Any]
    after: dict[str, Any]
    detail: dict[str, Any]
    undoes: int | None
    undone_by: int | None


class PendingStatus(StrEnum):
    """Where a pending attack stands."""

    AWAITING = "awaiting"
    RESOLVED = "resolved"
    CANCELLED = "cancelled"


class CancelReason(StrEnum):
    """Why an attack stopped waiting without a defense."""

    UNDONE = "undone"
    """``/encounter undo`` reverted the attack itself."""
    ENDED = "ended"
    """``/encounter end`` closed the fight while the attack waited."""


PendingState = dict[str, Any]
"""The part of a row a combat step changes: ``status``, ``resolved_at``, ``cancel_reason``
and ``payload`` (as JSON data). Ids, channel, owner and message never change with the fight."""


class PendingAttack(BaseModel):
    """One stored pending attack: a hit waiting for the target's defense."""

    model_config = ConfigDict(frozen=True)

    attack_id: int
    guild_id: int | None
    channel_id: int
    attacker_id: str
    target_id: str
    owner_user_id: int | None
    status: PendingStatus
    payload: PendingDefense
    message_id: int | None
    created_at: datetime
    resolved_at: datetime | None
    cancel_reason: CancelReason | None = None

    @property
    def awaiting(self) -> bool:
        return self.status is PendingStatus.AWAITING

    def state(self, payload: StoredDocument | None = None) -> PendingState:
        """What the event log keeps of this row (see :data:`PendingState`); ``payload``: the
        payload's document when the caller has it already."""
        return {
            "status": self.status.value,
            "resolved_at": self.resolved_at.isoformat() if self.resolved_at else None,
            "cancel_reason": self.cancel_reason.value if self.cancel_reason else None,
            "payload": payload or StoredDocument.of(Document.PENDING, self.payload),
        }

    def same_state(self, other: PendingAttack) -> bool:
        """Whether ``other`` holds the same :meth:`state` (compared without writing it)."""
        return (
            self.status is other.status
            and self.resolved_at == other.resolved_at
            and self.cancel_reason is other.cancel_reason
            and (self.payload is other.payload or self.payload == other.payload)
        )


PENDING_COLUMNS = (
    "attack_id, guild_id, channel_id, attacker_id, target_id, owner_user_id, status, payload, "
    "message_id, created_at, resolved_at, cancel_reason"
)


def pending_from_row(row: Row) -> PendingAttack:
    return PendingAttack(
        attack_id=int(row["attack_id"]),
        guild_id=row["guild_id"],
        channel_id=int(row["channel_id"]),
        attacker_id=str(row["attacker_id"]),
        target_id=str(row["target_id"]),
        owner_user_id=row["owner_user_id"],
        status=PendingStatus(row["status"]),
        payload=PendingDefense.model_validate(
            upgrade(Document.PENDING, json.loads(row["payload"]))
        ),
        message_id=row["message_id"],
        created_at=datetime.fromisoformat(row["created_at"]),
        resolved_at=(
            datetime.fromisoformat(row["resolved_at"]) if row["resolved_at"] is not None else None
        ),
        cancel_reason=(
            CancelReason(row["cancel_reason"]) if row["cancel_reason"] is not None else None
        ),
    )


ENCOUNTER_COLUMNS = "id, guild_id, channel_id, status, state, created_at, ended_at"
COMBATANT_COLUMNS = "combatant_id, name, owner_id, side, sheet, turn_state"


def encounter_from_rows(
    row: Row | dict[str, Any], combatant_rows: list[Row] | list[dict[str, Any]]
) -> EncounterRecord:
    """The record from an ``encounters`` row and its ``encounter_combatants`` rows."""
    state = upgrade(Document.ENCOUNTER, json.loads(row["state"]))
    combatants = [
        {
            "combatant_id": c["combatant_id"],
            "side": c["side"],
            "owner_id": c["owner_id"],
            "combatant": upgrade(Document.SHEET, json.loads(c["sheet"])),
            "turn": upgrade(Document.TURN, json.loads(c["turn_state"])),
        }
        for c in combatant_rows
    ]
    encounter = Encounter.model_validate({**state, "combatants": combatants})
    return EncounterRecord(
        id=int(row["id"]),
        guild_id=row["guild_id"],
        channel_id=int(row["channel_id"]),
        status=row["status"],
        created_at=str(row["created_at"]),
        ended_at=row["ended_at"],
        encounter=encounter,
    )


def event_from_row(row: Row) -> EncounterEvent:
    return EncounterEvent(
        id=int(row["id"]),
        encounter_id=int(row["encounter_id"]),
        kind=str(row["kind"]),
        actor_id=int(row["actor_id"]),
        created_at=str(row["created_at"]),
        before=json.loads(row["before"]),
        after=json.loads(row["after"]),
        detail=json.loads(row["detail"]),
        undoes=row["undoes"],
        undone_by=row["undone_by"],
    )
