"""Pending attacks written through an encounter change are logged with it and undone with it.

Real SQLite file, real migrations: the event's before/after carries the pending
attack's state next to the combatants', ``undo`` puts it back, and ending a
fight cancels the channel's open attacks in the end's own transaction.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage.database import Database
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import CancelReason, PendingAttackRepository, PendingStatus
from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.maneuver import Maneuver
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, PendingDefense

CHANNEL = 400
GM = 1
NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


def knight() -> EncounterCombatant:
    sheet = Combatant.create(
        name="Knight", weapons=[{"name": "sword", "skill": 14, "damage": "sw+1 cut"}]
    )
    return EncounterCombatant(combatant_id="1", side="pc", combatant=sheet)


def orc() -> EncounterCombatant:
    return EncounterCombatant(combatant_id="2", side="npc", combatant=Combatant.create(name="Orc"))


def a_hit() -> PendingDefense:
    outcome = resolve_attack(
        knight(), orc(), AttackRequest(), ScriptedDice([3, 3, 3]), RuleOptions()
    )
    assert outcome.pending is not None
    return outcome.pending


@pytest.fixture
async def database(database_target: Path | str) -> AsyncIterator[Database]:
    async with Database.open(database_target) as db:
        await db.migrate()
        yield db


@pytest.fixture
async def encounters(database: Database) -> EncounterRepository:
    repository = EncounterRepository(database)
    await repository.start(
        guild_id=10,
        channel_id=CHANNEL,
        actor_id=GM,
        encounter=Encounter(name="Fight", gm_id=GM, combatants=(knight(), orc()), next_number=3),
    )
    return repository


async def attack(encounters: EncounterRepository) -> int:
    """The knight's attack as ``/attack`` stores it: his turn state and the pending attack."""
    async with encounters.change(CHANNEL, GM, "attack") as change:
        striker = change.encounter.get("1")
        turn = striker.turn.model_copy(update={"maneuver": Maneuver.attack})
        change.encounter = change.encounter.replace(striker.model_copy(update={"turn": turn}))
        return await PendingAttackRepository.insert(
            change,
            guild_id=10,
            channel_id=CHANNEL,
            owner_user_id=None,
            payload=a_hit(),
            created_at=NOW,
        )


async def defend_and_fail(encounters: EncounterRepository, attack_id: int) -> None:
    """The orc's failed defense: 5 HP lost, the attack resolved, in one change."""
    async with encounters.change(CHANNEL, GM, "defend") as change:
        victim = change.encounter.get("2")
        hurt = victim.combatant.with_state(hp=victim.combatant.state.hp - 5)
        change.encounter = change.encounter.replace(victim.with_sheet(hurt))
        assert await PendingAttackRepository.close(change, attack_id, NOW)


async def test_the_event_logs_the_pending_attack_before_and_after(
    database: Database, encounters: EncounterRepository
) -> None:
    attack_id = await attack(encounters)
    await defend_and_fail(encounters, attack_id)
    record = await encounters.require_active(CHANNEL)
    *_, attacked, defended = await encounters.events(record.id)
    key = str(attack_id)
    assert attacked.before["pending_attacks"] == {key: None}
    assert attacked.after["pending_attacks"][key]["status"] == "awaiting"
    assert defended.before["pending_attacks"][key]["status"] == "awaiting"
    assert defended.after["pending_attacks"][key]["status"] == "resolved"
    assert defended.after["pending_attacks"][key]["resolved_at"] == NOW.isoformat()


async def test_undo_of_the_defense_makes_the_attack_wait_again(
    database: Database, encounters: EncounterRepository
) -> None:
    pending = PendingAttackRepository(database)
    attack_id = await attack(encounters)
    before = await pending.get(attack_id)
    await defend_and_fail(encounters, attack_id)
    assert (await encounters.require_active(CHANNEL)).encounter.get("2").combatant.state.hp == 5

    result = await encounters.undo(CHANNEL, GM)
    assert result.undone.kind == "defend"
    assert result.pending_attacks == (attack_id,)
    assert result.record.encounter.get("2").combatant.state.hp == 10
    assert await pending.get(attack_id) == before
    assert [p.attack_id for p in await pending.open_in(CHANNEL)] == [attack_id]


async def test_undo_of_the_attack_cancels_it(
    database: Database, encounters: EncounterRepository
) -> None:
    pending = PendingAttackRepository(database)
    attack_id = await attack(encounters)
    await defend_and_fail(encounters, attack_id)
    await encounters.undo(CHANNEL, GM)
    second = await encounters.undo(CHANNEL, GM)
    assert second.undone.kind == "attack"
    assert second.pending_attacks == (attack_id,)
    assert second.record.encounter.get("1").turn.maneuver is None
    row = await pending.get(attack_id)
    assert row is not None
    assert (row.status, row.cancel_reason) == (PendingStatus.CANCELLED, CancelReason.UNDONE)
    assert row.resolved_at is not None
    assert await pending.open_in(CHANNEL) == []


async def test_a_second_defense_payload_is_put_back(
    database: Database, encounters: EncounterRepository
) -> None:
    """All-Out Defense (double): the failed first try lands in the payload; undo removes it."""
    pending = PendingAttackRepository(database)
    attack_id = await attack(encounters)
    first = a_hit()
    tried = first.model_copy(update={"retreat": True})
    async with encounters.change(CHANNEL, GM, "defend") as change:
        victim = change.encounter.get("2")
        turn = victim.turn.model_copy(update={"dodges_used": 1})
        change.encounter = change.encounter.replace(victim.model_copy(update={"turn": turn}))
        await PendingAttackRepository.update_payload(change, attack_id, tried)
    stored = await pending.get(attack_id)
    assert stored is not None
    assert stored.payload == tried
    await encounters.undo(CHANNEL, GM)
    row = await pending.get(attack_id)
    assert row is not None
    assert (row.status, row.payload) == (PendingStatus.AWAITING, first)


async def test_a_toggle_outside_the_log_is_not_an_undo_step(
    database: Database, encounters: EncounterRepository
) -> None:
    """The Retreat toggle is written unlogged: no event, undo skips past it."""
    attack_id = await attack(encounters)
    record = await encounters.require_active(CHANNEL)
    count = len(await encounters.events(record.id))
    async with encounters.change(CHANNEL, GM, "defend") as change:
        await PendingAttackRepository.update_payload(
            change, attack_id, a_hit().toggled_retreat(), logged=False
        )
    assert len(await encounters.events(record.id)) == count
    assert (await encounters.undo(CHANNEL, GM)).undone.kind == "attack"


async def test_end_cancels_open_attacks_in_its_own_transaction(
    database: Database, encounters: EncounterRepository
) -> None:
    pending = PendingAttackRepository(database)
    first = await attack(encounters)
    second = await attack(encounters)

    async def end_then_fail() -> None:
        async with encounters.change(CHANNEL, GM, "end") as change:
            change.end(NOW)
            await PendingAttackRepository.cancel_open(change, CHANNEL, NOW, CancelReason.ENDED)
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await end_then_fail()
    assert [p.attack_id for p in await pending.open_in(CHANNEL)] == [first, second]

    async with encounters.change(CHANNEL, GM, "end") as change:
        change.end(NOW)
        ids = await PendingAttackRepository.cancel_open(change, CHANNEL, NOW, CancelReason.ENDED)
    assert ids == [first, second]
    assert await encounters.active(CHANNEL) is None
    for attack_id in ids:
        row = await pending.get(attack_id)
        assert row is not None
        assert (row.status, row.cancel_reason, row.resolved_at) == (
            PendingStatus.CANCELLED,
            CancelReason.ENDED,
            NOW,
        )
