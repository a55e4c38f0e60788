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
from bot.storage.records import StoredDocument, dumps, encoded
from rules.combatant import Combatant


def test_stamp_puts_todays_format_first() -> None:
    assert stamp(Document.SHEET, {"name": "Ana"}) == {"v": 2, "name": "Ana"}
    assert json.loads(stamp_json(Document.PENDING, '{"a":1}')) == {"v": 1, "a": 1}
    assert stamp_json(Document.PENDING, "{}") == '{"v":1}'


def test_a_stored_document_is_its_models_json_stamped() -> None:
    """A row's document is written once, by pydantic: read back it is the model's JSON data
    with today's format number, and the model validates from it again."""
    sheet = Combatant.create(
        name="Zoë", attributes={"dx": 12, "ht": 11, "basic_speed": 5.75}, skills={"acrobatics": 14}
    )
    document = StoredDocument.of(Document.SHEET, sheet)
    assert json.loads(document.text) == stamp(Document.SHEET, sheet.model_dump(mode="json"))
    assert document.text.startswith('{"v":2,')
    assert "Zoë" in document.text  # UTF-8 kept, as dumps keeps it
    assert Combatant.model_validate(upgrade(Document.SHEET, json.loads(document.text))) == sheet
    without = StoredDocument.of(Document.SHEET, sheet, exclude={"skills"})
    assert "skills" not in json.loads(without.text)
    assert document == StoredDocument(document.text) != without


def test_an_event_is_written_around_its_documents_text() -> None:
    """A change's event holds the rows its statements wrote: their documents' text is
    written once and the event's text assembled around it; the rest is written as
    ``dumps`` writes it (keys sorted, UTF-8 kept), down to nested dictionaries and lists."""
    sheet = StoredDocument('{"v":2,"name":"Zoë","hp":12,"tags":["a","b"]}')
    turn = StoredDocument('{"v":1}')
    snapshot = {
        "encounter": {"status": "active", "ended_at": None, "state": {"round": 2, "b": {}}},
        "combatants": {
            "10": {"name": "Zoë", "side": "pc", "owner_id": 7, "sheet": sheet, "turn_state": turn},
            "2": None,
        },
    }
    plain = {
        **snapshot,
        "combatants": {
            "10": {
                **snapshot["combatants"]["10"],  # type: ignore[dict-item]
                "sheet": json.loads(sheet.text),
                "turn_state": {"v": 1},
            },
            "2": None,
        },
    }
    assert json.loads(encoded(snapshot)) == plain
    assert encoded(snapshot) == dumps(plain).replace(dumps(json.loads(sheet.text)), sheet.text)
    assert encoded({}) == "{}"
    assert encoded([1, {"x": "Zoë"}]) == dumps([1, {"x": "Zoë"}])
    assert encoded({"sheet": sheet}) == '{"sheet":' + sheet.text + "}"


def test_a_document_without_a_number_is_format_one() -> None:
    assert upgrade(Document.TURN, {"maneuver": "attack"}) == {"maneuver": "attack"}
    assert upgrade(Document.TURN, {"v": 1, "maneuver": "attack"}) == {"maneuver": "attack"}


def test_a_document_from_a_newer_release_is_refused() -> None:
    with pytest.raises(DocumentTooNewError, match="format 3"):
        upgrade(Document.SHEET, {"v": 3, "name": "Ana"})


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

        monkeypatch.setitem(documents.FORMATS, Document.SHEET, 3)
        monkeypatch.setitem(documents.UPGRADES, (Document.SHEET, 2), _drop_old_field)
        found = await characters.get(1, "Ana")
        assert found is not None
        assert found.sheet.name == "Ana"


def test_sheet_skills_became_named_entries() -> None:
    """Sheet format 1 kept skills as levels by key; format 2 names them, with the attribute
    the combat rules' skills are based on (R6.4, R7.14 read Acrobatics and Judo by name)."""
    old = {"v": 1, "name": "Ana", "skills": {"acrobatics": 14, "fast_draw": 12, "stealth": 11}}
    assert upgrade(Document.SHEET, old)["skills"] == [
        {"name": "Acrobatics", "level": 14, "attribute": "dx"},
        {"name": "Fast-Draw", "level": 12, "attribute": "dx"},
        {"name": "Stealth", "level": 11, "attribute": None},
    ]
    sheet = Combatant.model_validate(upgrade(Document.SHEET, old))
    assert (sheet.skill("acrobatics"), sheet.skill("Fast-Draw")) == (14, 12)
    assert upgrade(Document.SHEET, {"name": "Ana", "skills": {}})["skills"] == []
