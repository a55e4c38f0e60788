"""CharacterRepository against a real migrated database (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.character import (
    CharacterExistsError,
    CharacterNotFoundError,
    CharacterRecord,
    CharacterRepository,
)
from bot.storage.database import Database
from rules.character import add_weapon, build_weapon, rename_sheet, set_armor
from rules.combatant import Armor, Combatant, HitLocation

GUILD = 10
OTHER_GUILD = 11
ALICE = 100
BOB = 200


@pytest.fixture
async def db(database_target: Path | str) -> AsyncIterator[Database]:
    async with Database.open(database_target) as database:
        await database.migrate()
        yield database


def sheet(name: str = "Ana") -> Combatant:
    return Combatant.create(
        name=name,
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "sword", "skill": 13, "damage": "sw+1 cut"}],
        dr={"uniform": 1, "overrides": {"torso": {"rigid": 4, "flexible": 2}}},
    )


async def test_create_and_read_back_every_field(db: Database) -> None:
    repo = CharacterRepository(db)
    created = await repo.create(GUILD, ALICE, sheet())
    assert (created.guild_id, created.owner_id, created.name) == (GUILD, ALICE, "Ana")
    assert created.sheet == sheet()
    found = await repo.get(GUILD, "  ana ")
    assert found == created
    row = await db.fetch_one("SELECT guild_id, owner_id, name, sheet FROM characters")
    assert row is not None
    assert (row["guild_id"], row["owner_id"], row["name"]) == (GUILD, ALICE, "Ana")
    assert json.loads(row["sheet"]) == {"v": 2, **sheet().model_dump(mode="json")}


async def test_names_are_unique_per_guild_ignoring_case(db: Database) -> None:
    repo = CharacterRepository(db)
    await repo.create(GUILD, ALICE, sheet("Ana"))
    with pytest.raises(CharacterExistsError) as caught:
        await repo.create(GUILD, BOB, sheet("ANA"))
    assert caught.value.key == "character.error.exists"
    assert dict(caught.value.params) == {"name": "Ana"}
    other = await repo.create(OTHER_GUILD, BOB, sheet("Ana"))
    assert other.guild_id == OTHER_GUILD
    assert await repo.count(GUILD) == 1
    assert await repo.count(OTHER_GUILD) == 1


async def test_the_database_itself_refuses_a_duplicate_name(db: Database) -> None:
    await CharacterRepository(db).create(GUILD, ALICE, sheet("Ana"))
    with pytest.raises(Exception, match=r"UNIQUE constraint failed|characters_unique_name"):
        async with db.transaction() as session:
            await session.execute(
                "INSERT INTO characters (guild_id, owner_id, name, sheet) VALUES (?, ?, ?, '{}')",
                (GUILD, BOB, "ana"),
            )


async def test_edit_writes_the_new_sheet(db: Database) -> None:
    repo = CharacterRepository(db)
    created = await repo.create(GUILD, ALICE, sheet())
    axe = build_weapon("axe", skill=12, damage="sw+2 cut")
    async with repo.edit(GUILD, "ana") as change:
        assert change.record == created
        change.sheet = set_armor(add_weapon(change.sheet, axe), HitLocation.SKULL, Armor(rigid=3))
    assert change.saved is not None
    stored = await repo.require(GUILD, "Ana")
    assert stored == change.saved
    assert [w.name for w in stored.sheet.weapons] == ["sword", "axe"]
    assert stored.sheet.dr.at(HitLocation.SKULL) == Armor(rigid=3)
    assert stored.sheet.dr.at(HitLocation.TORSO) == Armor(rigid=4, flexible=2)
    assert stored.created_at == created.created_at


async def test_an_error_inside_edit_changes_nothing(db: Database) -> None:
    repo = CharacterRepository(db)
    created = await repo.create(GUILD, ALICE, sheet())

    async def rename_then_fail() -> None:
        async with repo.edit(GUILD, "Ana") as change:
            change.sheet = rename_sheet(change.sheet, "Bea")
            raise RuntimeError("refused")

    with pytest.raises(RuntimeError):
        await rename_then_fail()
    assert await repo.require(GUILD, "Ana") == created
    assert await repo.get(GUILD, "Bea") is None


async def test_rename_keeps_names_unique(db: Database) -> None:
    repo = CharacterRepository(db)
    await repo.create(GUILD, ALICE, sheet("Ana"))
    await repo.create(GUILD, BOB, sheet("Bea"))
    with pytest.raises(CharacterExistsError):
        async with repo.edit(GUILD, "Ana") as change:
            change.sheet = rename_sheet(change.sheet, "bea")
    async with repo.edit(GUILD, "Ana") as change:
        change.sheet = rename_sheet(change.sheet, "ANA")  # only its own name: allowed
    assert change.saved is not None
    assert change.saved.name == "ANA"
    assert await repo.choices(GUILD, "") == ["ANA", "Bea"]


async def test_delete_and_not_found(db: Database) -> None:
    repo = CharacterRepository(db)
    await repo.create(GUILD, ALICE, sheet())
    async with repo.edit(GUILD, "Ana") as change:
        change.delete()
    assert await repo.get(GUILD, "Ana") is None
    with pytest.raises(CharacterNotFoundError) as caught:
        async with repo.edit(GUILD, "Ana"):
            pass
    assert dict(caught.value.params) == {"name": "Ana"}
    with pytest.raises(CharacterNotFoundError):
        await repo.require(GUILD, " Ana ")


async def test_replace_overwrites_only_when_allowed(db: Database) -> None:
    repo = CharacterRepository(db)
    first = await repo.create(GUILD, ALICE, sheet())
    seen: list[CharacterRecord] = []

    def allow(existing: CharacterRecord) -> None:
        seen.append(existing)

    stronger = Combatant.create(name="ana", attributes={"st": 14})
    replaced = await repo.create(GUILD, BOB, stronger, replace=allow)
    assert seen == [first]
    assert (replaced.id, replaced.owner_id, replaced.name) == (first.id, BOB, "ana")
    assert replaced.sheet == stronger

    def refuse(existing: CharacterRecord) -> None:
        raise PermissionError(existing.name)

    with pytest.raises(PermissionError):
        await repo.create(GUILD, ALICE, sheet("Ana"), replace=refuse)
    assert (await repo.require(GUILD, "Ana")).sheet == stronger


async def test_list_choices_and_owner_filter(db: Database) -> None:
    repo = CharacterRepository(db)
    for name, owner in (("Orc", BOB), ("ana", ALICE), ("Bea", ALICE), ("100%_real", BOB)):
        await repo.create(GUILD, owner, sheet(name))
    assert [r.name for r in await repo.in_guild(GUILD)] == ["100%_real", "ana", "Bea", "Orc"]
    assert [r.name for r in await repo.in_guild(GUILD, owner_id=ALICE)] == ["ana", "Bea"]
    assert await repo.count(GUILD, owner_id=BOB) == 2
    assert await repo.choices(GUILD, "A") == ["100%_real", "ana", "Bea"]
    assert await repo.choices(GUILD, "%_") == ["100%_real"]
    assert await repo.choices(OTHER_GUILD, "") == []


async def test_concurrent_edits_lose_no_weapon(db: Database) -> None:
    repo = CharacterRepository(db)
    await repo.create(GUILD, ALICE, Combatant.create(name="Armory"))

    async def arm(n: int) -> None:
        async with repo.edit(GUILD, "Armory") as change:
            await asyncio.sleep(0)
            change.sheet = add_weapon(
                change.sheet, build_weapon(f"knife {n}", skill=10, damage="thr-1 imp")
            )

    await asyncio.gather(*(arm(n) for n in range(12)))
    stored = await repo.require(GUILD, "Armory")
    assert sorted(w.name for w in stored.sheet.weapons) == sorted(f"knife {n}" for n in range(12))
