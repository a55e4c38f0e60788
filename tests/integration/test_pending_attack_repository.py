"""Pending attacks on a real database (SQLite and PostgreSQL): stored with the encounter
change, read back after a reopen, closed exactly once under concurrent clicks."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage.database import Database
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import PendingAttackRepository, PendingStatus
from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, PendingDefense

CHANNEL = 300
GM = 1
PLAYER = 2
NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


def pending() -> PendingDefense:
    knight = EncounterCombatant(
        combatant_id="c1",
        side="pc",
        combatant=Combatant.create(
            name="Knight", weapons=[{"name": "sword", "skill": 14, "damage": "sw+1 cut"}]
        ),
    )
    orc = EncounterCombatant(
        combatant_id="c2", side="npc", combatant=Combatant.create(name="Orc"), owner_id=PLAYER
    )
    outcome = resolve_attack(knight, orc, AttackRequest(), ScriptedDice([3, 3, 3]), RuleOptions())
    assert outcome.pending is not None
    return outcome.pending


@pytest.fixture
async def database(database_target: Path | str) -> AsyncIterator[Database]:
    async with Database.open(database_target) as db:
        await db.migrate()
        yield db


async def insert(database: Database, payload: PendingDefense) -> int:
    async with database.transaction() as session:
        return await PendingAttackRepository.insert(
            session,
            guild_id=10,
            channel_id=CHANNEL,
            owner_user_id=PLAYER,
            payload=payload,
            created_at=NOW,
        )


async def test_insert_and_read_back(database: Database) -> None:
    repo = PendingAttackRepository(database)
    payload = pending()
    attack_id = await insert(database, payload)
    stored = await repo.get(attack_id)
    assert stored is not None
    assert stored.payload == payload
    assert (stored.status, stored.owner_user_id, stored.target_id) == (
        PendingStatus.AWAITING,
        PLAYER,
        "c2",
    )
    assert [p.attack_id for p in await repo.open_against(CHANNEL, "c2")] == [attack_id]
    await repo.set_message(attack_id, 555)
    again = await repo.get(attack_id)
    assert again is not None
    assert again.message_id == 555


async def test_survives_a_reopen(database_target: Path | str) -> None:
    path = database_target
    payload = pending()
    async with Database.open(path) as db:
        await db.migrate()
        attack_id = await insert(db, payload)
    async with Database.open(path) as db:
        await db.migrate()
        stored = await PendingAttackRepository(db).get(attack_id)
    assert stored is not None
    assert stored.payload == payload


async def test_update_payload_and_close_once(database: Database) -> None:
    repo = PendingAttackRepository(database)
    attack_id = await insert(database, pending())
    async with database.transaction() as session:
        row = await repo.lock(session, attack_id)
        assert row is not None
        await repo.update_payload(session, attack_id, row.payload.toggled_retreat())
    stored = await repo.get(attack_id)
    assert stored is not None
    assert stored.payload.retreat

    async def close() -> bool:
        async with database.transaction() as session:
            return await repo.close(session, attack_id, NOW)

    results = await asyncio.gather(*(close() for _ in range(10)))
    assert results.count(True) == 1
    closed = await repo.get(attack_id)
    assert closed is not None
    assert closed.status is PendingStatus.RESOLVED
    assert closed.resolved_at == NOW
    assert await repo.open_in(CHANNEL) == []
    async with database.transaction() as session:
        await repo.reopen(session, attack_id)
    assert [p.attack_id for p in await repo.open_in(CHANNEL)] == [attack_id]


async def test_written_inside_an_encounter_change(database: Database) -> None:
    encounters = EncounterRepository(database)
    await encounters.start(
        guild_id=10, channel_id=CHANNEL, actor_id=GM, encounter=Encounter(name="Fight", gm_id=GM)
    )

    async def attack_then_fail() -> None:
        async with encounters.change(CHANNEL, GM, "attack") as change:
            await PendingAttackRepository.insert(
                change,
                guild_id=10,
                channel_id=CHANNEL,
                owner_user_id=None,
                payload=pending(),
                created_at=NOW,
            )
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await attack_then_fail()
    assert await PendingAttackRepository(database).open_in(CHANNEL) == []


async def test_cancel_channel(database: Database) -> None:
    repo = PendingAttackRepository(database)
    await insert(database, pending())
    await insert(database, pending())
    assert await repo.cancel_channel(CHANNEL, NOW) == 2
    assert await repo.open_in(CHANNEL) == []


async def test_ids_reserved_in_blocks_never_collide_with_other_inserts(
    database: Database,
) -> None:
    """Ids for attacks written through a change come from a block reserved in
    the database (sqlite_sequence, or PostgreSQL's sequence counting by blocks); an insert
    on a bare transaction numbers its row after the block."""
    encounters = EncounterRepository(database)
    before = await insert(database, pending())
    await encounters.start(
        guild_id=10, channel_id=CHANNEL, actor_id=GM, encounter=Encounter(name="Fight", gm_id=GM)
    )
    async with encounters.change(CHANNEL, GM, "attack") as change:
        first, second = [
            await PendingAttackRepository.insert(
                change,
                guild_id=10,
                channel_id=CHANNEL,
                owner_user_id=None,
                payload=pending(),
                created_at=NOW,
            )
            for _ in range(2)
        ]
    async with database.transaction() as session:
        elsewhere = await PendingAttackRepository.insert(
            session,
            guild_id=10,
            channel_id=CHANNEL + 1,
            owner_user_id=None,
            payload=pending(),
            created_at=NOW,
        )
    assert before < first < second < elsewhere
    assert elsewhere > first + 60  # past the whole reserved block
    repo = PendingAttackRepository(database)
    assert [p.attack_id for p in await repo.open_in(CHANNEL)] == [before, first, second]
    assert [p.attack_id for p in await repo.open_in(CHANNEL + 1)] == [elsewhere]
