"""Stored documents: stamped with their format, upgraded step by step when read, refused when
written by a newer release."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.storage import documents
from bot.storage.character import CharacterRepository
from bot.storage.database import Database
from bot.storage.documents import Document, DocumentTooNewError, stamp, stamp_json, upgrade
from rules.combatant import Combatant


def test_stamp_puts_todays_format_first() -> None:
    assert stamp(Document.SHEET, {"name": "Ana"}) == {"v": 1, "name": "Ana"}
    assert json.loads(stamp_json(Document.PENDING, '{"a":1}')) == {"v": 1, "a": 1}
    assert stamp_json(Document.PENDING, "{}") == '{"v":1}'


def test_a_document_without_a_number_is_format_one() -> None:
    assert upgrade(Document.TURN, {"maneuver": "attack"}) == {"maneuver": "attack"}
    assert upgrade(Document.TURN, {"v": 1, "maneuver": "attack"}) == {"maneuver": "attack"}


def test_a_document_from_a_newer_release_is_refused() -> None:
    with pytest.raises(DocumentTooNewError, match="format 2"):
        upgrade(Document.SHEET, {"v": 2, "name": "Ana"})


def _drop_old_field(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key != "old_field"}


async def test_an_older_sheet_is_upgraded_before_it_is_read(
    database_target: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A later release drops a field: a sheet saved before it is read through the step."""
    async with Database.open(database_target) as database:
        await database.migrate()
        characters = CharacterRepository(database)
        await characters.create(1, 2, Combatant.create(name="Ana"))
        async with database.transaction() as session:
            row = await session.fetch_one("SELECT sheet FROM characters")
            assert row is not None
            old = {**json.loads(row["sheet"]), "old_field": 7}
            await session.execute("UPDATE characters SET sheet = ?", (json.dumps(old),))
        with pytest.raises(ValueError, match="old_field"):
            await characters.get(1, "Ana")  # today's model refuses the unknown field

        monkeypatch.setitem(documents.FORMATS, Document.SHEET, 2)
        monkeypatch.setitem(documents.UPGRADES, (Document.SHEET, 1), _drop_old_field)
        found = await characters.get(1, "Ana")
        assert found is not None
        assert found.sheet.name == "Ana"
