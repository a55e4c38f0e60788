"""The encounter repository on a real database (SQLite and PostgreSQL): changes, the event
log, undo, concurrency."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest

from bot.storage.database import Database
from bot.storage.documents import Document, stamp
from bot.storage.encounter import (
    EncounterAlreadyActiveError,
    EncounterRepository,
    NoActiveEncounterError,
    NothingToUndoError,
)
from rules.combatant import Combatant
from rules.encounter import Encounter, add_combatants, advance_turn, remove_combatant
from rules.roller import ScriptedDice

CHANNEL = 100
GM = 1
PLAYER = 2


@pytest.fixture
async def database(database_target: Path | str) -> AsyncIterator[Database]:
    async with Database.open(database_target) as db:
        await db.migrate()
        yield db


@pytest.fixture
def repo(database: Database) -> EncounterRepository:
    return EncounterRepository(database)


def sheet(name: str, hp: int = 12, speed: float = 5.0) -> Combatant:
    return Combatant.create(name=name, attributes={"st": hp, "basic_speed": speed})


async def started(repo: EncounterRepository, *names: str) -> None:
    await repo.start(
        guild_id=10, channel_id=CHANNEL, actor_id=GM, encounter=Encounter(name="Ambush", gm_id=GM)
    )
    if names:
        async with repo.change(CHANNEL, GM, "add") as change:
            change.encounter, _ = add_combatants(
                change.encounter,
                [sheet(n) for n in names],
                owner_id=None,
                side=None,
                aware=False,
                roller=ScriptedDice([]),
            )


async def hurt(repo: EncounterRepository, name: str, amount: int, actor: int = GM) -> None:
    async with repo.change(CHANNEL, actor, "damage", detail={"injury": amount}) as change:
        victim = change.encounter.find(name)
        state = victim.combatant.state
        new = victim.combatant.with_state(hp=state.hp - amount)
        change.encounter = change.encounter.replace(victim.with_sheet(new))


async def hp_of(repo: EncounterRepository, name: str) -> int:
    record = await repo.require_active(CHANNEL)
    return record.encounter.find(name).combatant.state.hp


async def test_start_once_per_channel(repo: EncounterRepository) -> None:
    await started(repo)
    with pytest.raises(EncounterAlreadyActiveError) as caught:
        await started(repo)
    assert caught.value.key == "encounter.error.already_active"
    assert caught.value.params == {"name": "Ambush"}
    other = await repo.start(
        guild_id=10, channel_id=CHANNEL + 1, actor_id=GM, encounter=Encounter(name="B", gm_id=GM)
    )
    assert other.channel_id == CHANNEL + 1
    record = await repo.require_active(CHANNEL)
    assert (record.encounter.name, record.status, record.guild_id) == ("Ambush", "active", 10)


async def test_no_active_encounter(repo: EncounterRepository) -> None:
    assert await repo.active(CHANNEL) is None
    with pytest.raises(NoActiveEncounterError):
        async with repo.change(CHANNEL, GM, "damage"):
            pass
    with pytest.raises(NoActiveEncounterError):
        await repo.undo(CHANNEL, GM)


async def test_change_logs_only_what_changed(repo: EncounterRepository) -> None:
    await started(repo, "Orc 1", "Orc 2")
    await hurt(repo, "Orc 2", 5)
    record = await repo.require_active(CHANNEL)
    assert await hp_of(repo, "Orc 2") == 7
    events = await repo.events(record.id)
    assert [e.kind for e in events] == ["start", "add", "damage"]
    damage = events[-1]
    assert damage.actor_id == GM
    assert damage.detail == {"injury": 5}
    assert "encounter" not in damage.before
    assert list(damage.after["combatants"]) == ["2"]
    assert damage.before["combatants"]["2"]["sheet"]["state"]["hp"] == 12
    assert damage.after["combatants"]["2"]["sheet"]["state"]["hp"] == 7
    added = events[1]
    assert added.before["combatants"] == {"1": None, "2": None}
    assert added.after["encounter"]["state"]["next_number"] == 3


async def test_a_change_that_changes_nothing_logs_nothing(repo: EncounterRepository) -> None:
    await started(repo, "Orc")
    async with repo.change(CHANNEL, GM, "noop") as change:
        pass
    assert change.event_id is None
    record = await repo.require_active(CHANNEL)
    assert [e.kind for e in await repo.events(record.id)] == ["start", "add"]


async def test_exception_inside_a_change_rolls_back(repo: EncounterRepository) -> None:
    await started(repo, "Orc")

    async def half_way() -> None:
        async with repo.change(CHANNEL, GM, "damage") as change:
            victim = change.encounter.find("Orc")
            change.encounter = change.encounter.replace(
                victim.with_sheet(victim.combatant.with_state(hp=1))
            )
            raise RuntimeError("refused half-way")

    with pytest.raises(RuntimeError):
        await half_way()
    assert await hp_of(repo, "Orc") == 12
    record = await repo.require_active(CHANNEL)
    assert [e.kind for e in await repo.events(record.id)] == ["start", "add"]


async def test_undo_restores_hp_and_is_repeatable(repo: EncounterRepository) -> None:
    await started(repo, "Orc")
    await hurt(repo, "Orc", 3)
    await hurt(repo, "Orc", 4)
    assert await hp_of(repo, "Orc") == 5

    first = await repo.undo(CHANNEL, PLAYER)
    assert first.undone.kind == "damage"
    assert first.undone.detail == {"injury": 4}
    assert first.record.encounter.find("Orc").combatant.state.hp == 9

    second = await repo.undo(CHANNEL, GM)
    assert second.record.encounter.find("Orc").combatant.state.hp == 12

    third = await repo.undo(CHANNEL, GM)
    assert third.undone.kind == "add"
    assert third.record.encounter.combatants == ()
    with pytest.raises(NothingToUndoError):
        await repo.undo(CHANNEL, GM)

    events = await repo.events(third.record.id)
    assert [e.kind for e in events] == ["start", "add", "damage", "damage", "undo", "undo", "undo"]
    assert events[3].undone_by == events[4].id
    assert events[4].undoes == events[3].id
    assert events[4].actor_id == PLAYER


async def test_undo_brings_back_a_removed_combatant_and_turn_advance(
    repo: EncounterRepository,
) -> None:
    await started(repo, "Fast", "Slow")
    async with repo.change(CHANNEL, GM, "next") as change:
        change.encounter, _ = advance_turn(change.encounter, ScriptedDice([1, 2]))
    async with repo.change(CHANNEL, GM, "remove") as change:
        change.encounter = remove_combatant(
            change.encounter, change.encounter.find("Fast").combatant_id
        )
    record = await repo.require_active(CHANNEL)
    assert [c.name for c in record.encounter.combatants] == ["Slow"]

    undone = await repo.undo(CHANNEL, GM)
    assert undone.undone.kind == "remove"
    assert [c.name for c in undone.record.encounter.combatants] == ["Fast", "Slow"]
    assert undone.record.encounter.sequence.round == 1
    assert undone.record.encounter.current is not None
    assert undone.record.encounter.current.name == "Slow"  # tie broken 1 vs 2

    back = await repo.undo(CHANNEL, GM)
    assert back.undone.kind == "next"
    assert back.record.encounter.sequence.round == 0
    assert back.record.encounter.current is None


async def test_the_stored_state_is_the_encounters_json_however_it_was_written(
    repo: EncounterRepository, database: Database
) -> None:
    """The state is written in pieces, the initiative order (R4.3) reused while it stays:
    through turns, a fighter joining and one leaving, the stored text and the log's ``after``
    read back as the encounter's own JSON, with its format number."""
    await started(repo, "Fast", "Slow")

    async def stored_state_is_the_encounters() -> None:
        record = await repo.require_active(CHANNEL)
        expected = stamp(
            Document.ENCOUNTER, record.encounter.model_dump(mode="json", exclude={"combatants"})
        )
        text = await database.fetch_value("SELECT state FROM encounters WHERE id = ?", (record.id,))
        assert json.loads(text) == expected
        logged = (await repo.events(record.id))[-1]
        assert logged.after["encounter"]["state"] == expected

    async def order_ids() -> list[str]:
        order = (await repo.require_active(CHANNEL)).encounter.sequence.order
        return [] if order is None else [slot.combatant_id for slot in order.slots]

    for dice in ([1, 2], [], [], [3]):
        async with repo.change(CHANNEL, GM, "next") as change:
            change.encounter, _ = advance_turn(change.encounter, ScriptedDice(dice))
        await stored_state_is_the_encounters()
    async with repo.change(CHANNEL, GM, "add") as change:
        change.encounter, _ = add_combatants(
            change.encounter,
            [sheet("Late", speed=6.0)],
            owner_id=None,
            side=None,
            aware=True,
            roller=ScriptedDice([4, 5]),
        )
    await stored_state_is_the_encounters()
    async with repo.change(CHANNEL, GM, "next") as change:
        change.encounter, _ = advance_turn(change.encounter, ScriptedDice([2, 2, 6, 1]))
    await stored_state_is_the_encounters()
    assert await order_ids() == ["2", "1"]  # the tie broken 1 vs 2 (R4.3)
    async with repo.change(CHANNEL, GM, "remove") as change:
        change.encounter = remove_combatant(
            change.encounter, change.encounter.find("Fast").combatant_id
        )
    await stored_state_is_the_encounters()
    assert await order_ids() == ["2"]
    async with repo.change(CHANNEL, GM, "add") as change:
        change.encounter, _ = add_combatants(
            change.encounter,
            [sheet("Quick", speed=7.0)],
            owner_id=None,
            side=None,
            aware=False,
            roller=ScriptedDice([]),
        )
    await stored_state_is_the_encounters()
    assert await order_ids() == ["4", "2"]  # Basic Speed 7 goes first (R4.3)


async def test_a_stored_sheet_is_the_fighters_json_however_it_was_written(
    repo: EncounterRepository, database: Database
) -> None:
    """A sheet is written as its state and the rest, the rest reused while it stands:
    through wounds, a wound with a new name and a turn, the stored sheet and the log's
    ``after`` read back as the fighter's own JSON, with its format number."""
    await started(repo, "Orc")

    async def stored_sheet_is_the_fighters() -> None:
        record = await repo.require_active(CHANNEL)
        orc = record.encounter.combatants[0]
        expected = stamp(Document.SHEET, orc.combatant.model_dump(mode="json"))
        text = await database.fetch_value(
            "SELECT sheet FROM encounter_combatants WHERE encounter_id = ?", (record.id,)
        )
        assert json.loads(text) == expected
        logged = (await repo.events(record.id))[-1]
        assert logged.after["combatants"][orc.combatant_id]["sheet"] == expected

    for _ in range(3):
        await hurt(repo, "Orc", 1)
        await stored_sheet_is_the_fighters()
    async with repo.change(CHANNEL, GM, "edit") as change:
        orc = change.encounter.find("Orc")
        renamed = orc.combatant.model_copy(update={"name": "Grunt"}).with_state(hp=5)
        change.encounter = change.encounter.replace(orc.with_sheet(renamed))
    await stored_sheet_is_the_fighters()
    await hurt(repo, "Grunt", 2)
    await stored_sheet_is_the_fighters()
    async with repo.change(CHANNEL, GM, "next") as change:
        change.encounter, _ = advance_turn(change.encounter, ScriptedDice([]))
    await stored_sheet_is_the_fighters()
    assert await hp_of(repo, "Grunt") == 3


async def test_two_hundred_concurrent_hp_changes_are_all_applied(
    repo: EncounterRepository,
) -> None:
    await repo.start(
        guild_id=10, channel_id=CHANNEL, actor_id=GM, encounter=Encounter(name="Siege", gm_id=GM)
    )
    async with repo.change(CHANNEL, GM, "add") as change:
        change.encounter, _ = add_combatants(
            change.encounter,
            [sheet("Troll", hp=300), sheet("Bystander")],
            owner_id=None,
            side=None,
            aware=False,
            roller=ScriptedDice([]),
        )

    async def one(i: int) -> None:
        await hurt(repo, "Troll", 1, actor=1000 + i)

    async def noise(i: int) -> None:
        async with repo.change(CHANNEL, GM, "condition") as change:
            other = change.encounter.find("Bystander")
            flipped = other.combatant.with_state(stunned=not other.combatant.state.stunned)
            change.encounter = change.encounter.replace(other.with_sheet(flipped))

    await asyncio.gather(*(one(i) for i in range(200)), *(noise(i) for i in range(10)))
    record = await repo.require_active(CHANNEL)
    assert record.encounter.find("Troll").combatant.state.hp == 100
    assert record.encounter.find("Bystander").combatant.state.stunned is False
    events = await repo.events(record.id, limit=1000)
    assert sum(1 for e in events if e.kind == "damage") == 200
    # Every logged change starts where the previous one on that combatant ended.
    hps = [
        (
            e.before["combatants"]["1"]["sheet"]["state"]["hp"],
            e.after["combatants"]["1"]["sheet"]["state"]["hp"],
        )
        for e in events
        if e.kind == "damage"
    ]
    assert hps == [(300 - i, 299 - i) for i in range(200)]


async def test_everything_survives_reopening_the_database(database_target: Path | str) -> None:
    path = database_target
    async with Database.open(path) as db:
        await db.migrate()
        repo = EncounterRepository(db)
        await started(repo, "Fast", "Slow")
        async with repo.change(CHANNEL, GM, "next") as change:
            change.encounter, _ = advance_turn(change.encounter, ScriptedDice([6, 1]))
        await hurt(repo, "Slow", 2)
        before = await repo.require_active(CHANNEL)
    async with Database.open(path) as db:
        await db.migrate()
        repo = EncounterRepository(db)
        after = await repo.require_active(CHANNEL)
        assert after == before
        assert after.encounter.current is not None
        assert after.encounter.current.name == "Fast"
        undone = await repo.undo(CHANNEL, GM)
        assert undone.record.encounter.find("Slow").combatant.state.hp == 12


async def test_end_keeps_the_encounter_readable(repo: EncounterRepository) -> None:
    await started(repo, "Orc")
    ended_at = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    async with repo.change(CHANNEL, GM, "end") as change:
        change.end(ended_at)
    assert await repo.active(CHANNEL) is None
    history = await repo.history(CHANNEL)
    assert [(r.status, r.ended_at) for r in history] == [("ended", ended_at.isoformat())]
    assert [c.name for c in history[0].encounter.combatants] == ["Orc"]
    await started(repo)  # a new fight may start in the same channel
    assert len(await repo.history(CHANNEL)) == 2


async def test_event_log_is_append_only(repo: EncounterRepository, database: Database) -> None:
    await started(repo, "Orc")
    refused = (sqlite3.IntegrityError, asyncpg.RaiseError)
    with pytest.raises(refused, match="append-only"):
        async with database.transaction() as session:
            await session.execute("DELETE FROM encounter_events")
    with pytest.raises(refused, match="may only be marked undone"):
        async with database.transaction() as session:
            await session.execute("UPDATE encounter_events SET kind = 'forged'")
    record = await repo.require_active(CHANNEL)
    assert [e.kind for e in await repo.events(record.id)] == ["start", "add"]


async def test_combatant_choices_for_autocomplete(repo: EncounterRepository) -> None:
    await started(repo, "Orc 1", "Orc 2", "Goblin")
    async with repo.change(CHANNEL, GM, "add") as change:
        change.encounter, _ = add_combatants(
            change.encounter,
            [sheet("Ana")],
            owner_id=PLAYER,
            side="party",
            aware=False,
            roller=ScriptedDice([]),
        )
    assert await repo.combatant_choices(CHANNEL, "orc") == [("1", "Orc 1"), ("2", "Orc 2")]
    assert await repo.combatant_choices(CHANNEL, "") == [
        ("4", "Ana"),
        ("3", "Goblin"),
        ("1", "Orc 1"),
        ("2", "Orc 2"),
    ]
    assert await repo.combatant_choices(CHANNEL, "", owner_id=PLAYER) == [("4", "Ana")]
    assert await repo.combatant_choices(CHANNEL, "%") == []
    assert await repo.combatant_choices(CHANNEL + 5, "") == []


async def test_a_commit_that_fails_leaves_memory_and_disk_as_they_were(
    repo: EncounterRepository, database_target: Path | str
) -> None:
    """The running encounter in memory changes only after its transaction committed."""
    await started(repo, "Orc")

    async def unwritable() -> None:
        async with repo.change(CHANNEL, GM, "damage") as change:
            victim = change.encounter.find("Orc")
            change.encounter = change.encounter.replace(
                victim.with_sheet(victim.combatant.with_state(hp=1))
            )
            change.detail = {"not json": object()}  # the event cannot be written

    with pytest.raises(TypeError):
        await unwritable()
    assert await hp_of(repo, "Orc") == 12
    async with Database.open(database_target) as other:
        assert await hp_of(EncounterRepository(other), "Orc") == 12


async def test_repositories_over_one_database_share_the_running_fight(
    repo: EncounterRepository, database: Database
) -> None:
    await started(repo, "Orc")
    other = EncounterRepository(database)
    assert await other.active(CHANNEL) is await repo.active(CHANNEL)
    await hurt(other, "Orc", 5)
    assert await hp_of(repo, "Orc") == 7


async def test_changes_in_different_channels_do_not_wait_for_each_other(
    repo: EncounterRepository,
) -> None:
    """A change holds only its own channel: another channel's fight goes on meanwhile."""
    await started(repo, "Orc")
    await repo.start(
        guild_id=10,
        channel_id=CHANNEL + 1,
        actor_id=GM,
        encounter=Encounter(name="Elsewhere", gm_id=GM),
    )
    inside = asyncio.Event()
    release = asyncio.Event()

    async def slow_change() -> None:
        async with repo.change(CHANNEL, GM, "damage") as change:
            inside.set()
            await release.wait()
            victim = change.encounter.find("Orc")
            change.encounter = change.encounter.replace(
                victim.with_sheet(victim.combatant.with_state(hp=3))
            )

    slow = asyncio.create_task(slow_change())
    await inside.wait()
    async with repo.change(CHANNEL + 1, GM, "rename") as change:
        change.encounter = change.encounter.model_copy(update={"name": "Elsewhere, later"})
    assert (await repo.require_active(CHANNEL + 1)).encounter.name == "Elsewhere, later"
    release.set()
    await slow
    assert await hp_of(repo, "Orc") == 3
