"""The JSON documents the tables hold, each stamped with the format it was written in.

A sheet, a turn state, an encounter's state and a pending attack's payload are
pydantic models stored as JSON, and their models refuse fields they do not know.
A release that renames or drops a field would otherwise find every stored fight
unreadable. So every document is written with ``"v": <format>`` and read back
through :func:`upgrade`, which brings an older document up to today's format one
step at a time (a function per step, in :data:`UPGRADES`) before it is validated.
The event log keeps documents as they were written, and undo writes them back
as they were: they are upgraded whenever they are read, like any other.

To change a model's stored shape: raise its number in :data:`FORMATS`, add the
step from the old number in :data:`UPGRADES`, and add a database written by the
release before to ``tests/fixtures/storage/`` (the test there loads each one).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from rules.combatant import skills_from_levels

__all__ = [
    "FORMATS",
    "UPGRADES",
    "Document",
    "DocumentTooNewError",
    "stamp",
    "stamp_json",
    "upgrade",
]

VERSION_KEY = "v"


class Document(StrEnum):
    """The kinds of stored document."""

    ENCOUNTER = "encounter"
    """``encounters.state``: a rules.encounter.Encounter without its combatants."""
    SHEET = "sheet"
    """``encounter_combatants.sheet`` and ``characters.sheet``: a rules.combatant.Combatant."""
    TURN = "turn"
    """``encounter_combatants.turn_state``: a rules.turn.TurnState."""
    PENDING = "pending"
    """``pending_attacks.payload``: a rules.strike.PendingDefense."""


FORMATS: dict[Document, int] = {**dict.fromkeys(Document, 1), Document.SHEET: 2}
"""Today's format of each kind. A document stored without a number is format 1."""


def _named_skills(sheet: dict[str, Any]) -> dict[str, Any]:
    """Sheet 1 → 2: skills were ``{"acrobatics": 14}``; they became named entries with a
    specialization and the attribute they are based on (``[{"name": "Acrobatics", …}]``)."""
    return {**sheet, "skills": skills_from_levels(sheet.get("skills", {}))}


UPGRADES: dict[tuple[Document, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    (Document.SHEET, 1): _named_skills,
}
"""``(kind, n)`` → the function that turns a format-``n`` document into format ``n + 1``."""


class DocumentTooNewError(RuntimeError):
    """A document written by a newer release than this one: reading it could lose data."""

    def __init__(self, kind: Document, version: int) -> None:
        super().__init__(
            f"a stored {kind.value} document is in format {version}, newer than this "
            f"release's {FORMATS[kind]}: upgrade the bot before using this database"
        )


def stamp(kind: Document, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as it is stored: with today's format number first."""
    return {VERSION_KEY: FORMATS[kind], **data}


def stamp_json(kind: Document, text: str) -> str:
    """A JSON object's text (from ``model_dump_json``) with today's format number first."""
    if not text.startswith("{"):
        raise ValueError("only a JSON object can carry a format number")
    head = f'{{"{VERSION_KEY}":{FORMATS[kind]}'
    return head + ("}" if text == "{}" else "," + text[1:])


def upgrade(kind: Document, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` read back, brought to today's format and without its number."""
    document = dict(data)
    version = document.pop(VERSION_KEY, 1)
    if not isinstance(version, int) or version < 1:
        raise ValueError(f"a stored {kind.value} document has no valid format number")
    if version > FORMATS[kind]:
        raise DocumentTooNewError(kind, version)
    while version < FORMATS[kind]:
        document = UPGRADES[kind, version](document)
        version += 1
    return document
