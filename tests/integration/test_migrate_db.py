"""``python -m bot migrate-db``: a SQLite file copied to PostgreSQL reads back the same through
every repository, and the copy goes on from where the file stood."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.__main__ import EXIT_CONFIG, EXIT_COPY_REFUSED, EXIT_OK, main
from bot.storage.character import CharacterRepository
from bot.storage.database import Database
from bot.storage.encounter import EncounterRepository
from bot.storage.guild_settings import GuildSettingsRepository
from bot.storage.pending_attack import PendingAttackRepository
from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, PendingDefense
from tests.postgres_server import PostgresServer

GUILD = 10
CHANNEL = 500
ENDED_CHANNEL = 501
GM = 1
NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


def fighters() -> tuple[EncounterCombatant, EncounterCombatant]:
    knight = Combatant.create(
        name="Knight", weapons=[{"name": "sword", "skill": 14, "damage": "sw+1 cut"}]
    )
    return (
        EncounterCombatant(combatant_id="1", side="pc", combatant=knight, owner_id=2),
        EncounterCombatant(combatant_id="2", side="npc", combatant=Combatant.create(name="Orc")),
    )


def a_hit() -> PendingDefense:
    knight, orc = fighters()
    outcome = resolve_attack(knight, orc, AttackRequest(), ScriptedDice([3, 3, 3]), RuleOptions())
    assert outcome.pending is not None
    return outcome.pending


async def hurt(encounters: EncounterRepository, amount: int) -> None:
    async with encounters.change(CHANNEL, GM, "damage", detail={"injury": amount}) as change:
        orc = change.encounter.find("Orc")
        state = orc.combatant.state
        change.encounter = change.encounter.replace(
            orc.with_sheet(orc.combatant.with_state(hp=state.hp - amount))
        )


async def fill(path: Path) -> None:
    """Everything the bot stores: settings, sheets, a running and an ended fight with an
    undone change, an attack awaiting its defense and one bare row."""
    async with Database.open(path) as db:
        await db.migrate()
        settings = GuildSettingsRepository(db)
        await settings.set_gm_role(GUILD, 77)
        await settings.set_locale(GUILD, "pt-BR")
        await settings.set_rule_option(GUILD, "extended_criticals", True)
        characters = CharacterRepository(db)
        await characters.create(GUILD, 2, Combatant.create(name="Ana"))
        await characters.create(GUILD, 3, Combatant.create(name="Bruno", attributes={"st": 14}))
        encounters = EncounterRepository(db)
        await encounters.start(
            guild_id=GUILD,
            channel_id=ENDED_CHANNEL,
            actor_id=GM,
            encounter=Encounter(name="Old", gm_id=GM),
        )
        async with encounters.change(ENDED_CHANNEL, GM, "end") as change:
            change.end(NOW)
        await encounters.start(
            guild_id=GUILD,
            channel_id=CHANNEL,
            actor_id=GM,
            encounter=Encounter(name="Ambush", gm_id=GM, combatants=fighters(), next_number=3),
        )
        await hurt(encounters, 3)
        await hurt(encounters, 4)
        await encounters.undo(CHANNEL, GM)  # the 4 is undone: an event with undone_by set
        async with encounters.change(CHANNEL, GM, "attack") as change:
            await PendingAttackRepository.insert(
                change,
                guild_id=GUILD,
                channel_id=CHANNEL,
                owner_user_id=2,
                payload=a_hit(),
                created_at=NOW,
            )
        async with db.transaction() as session:
            await PendingAttackRepository.insert(
                session,
                guild_id=GUILD,
                channel_id=ENDED_CHANNEL,
                owner_user_id=None,
                payload=a_hit(),
                created_at=NOW,
            )


async def everything(db: Database) -> dict[str, object]:
    """What the repositories read back (ids included)."""
    encounters = EncounterRepository(db)
    pending = PendingAttackRepository(db)
    active = await encounters.require_active(CHANNEL)
    history = await encounters.history(CHANNEL) + await encounters.history(ENDED_CHANNEL)
    return {
        "settings": await GuildSettingsRepository(db).get(GUILD),
        "characters": await CharacterRepository(db).in_guild(GUILD),
        "active": active,
        "history": history,
        "events": [await encounters.events(record.id) for record in history],
        "pending": [await pending.open_in(CHANNEL), await pending.open_in(ENDED_CHANNEL)],
    }


def migrate_db(*args: str) -> int:
    return main(["migrate-db", *args])


async def test_a_sqlite_file_moves_to_postgresql_whole(
    postgres_server: PostgresServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env from the developer's checkout
    path = tmp_path / "bot.sqlite3"
    await fill(path)
    async with Database.open(path) as db:
        before = await everything(db)
        highest_event = await db.fetch_value("SELECT MAX(id) FROM encounter_events")
        reserved = await db.fetch_value(
            "SELECT seq FROM sqlite_sequence WHERE name = 'pending_attacks'"
        )
    url = await postgres_server.create_database()

    copied = await asyncio.to_thread(migrate_db, "--from", f"sqlite:///{path}", "--to", url)
    assert copied == EXIT_OK
    out = capsys.readouterr().out
    assert "encounter_events: 7 rows" in out  # start ×2, end, damage ×2, undo, attack
    assert "pending_attacks: 2 rows" in out
    assert "characters: 2 rows" in out

    async with Database.open(url) as db:
        assert await everything(db) == before
        encounters = EncounterRepository(db)
        active = await encounters.require_active(CHANNEL)
        undone = [event for event in await encounters.events(active.id) if event.undone_by]
        assert [event.kind for event in undone] == ["damage"]
        # The copy goes on where the file stood: new ids after the old ones.
        await hurt(encounters, 1)
        assert await db.fetch_value("SELECT MAX(id) FROM encounter_events") == highest_event + 1
        async with encounters.change(CHANNEL, GM, "attack") as change:
            new_attack = await PendingAttackRepository.insert(
                change,
                guild_id=GUILD,
                channel_id=CHANNEL,
                owner_user_id=2,
                payload=a_hit(),
                created_at=NOW,
            )
        assert new_attack > reserved
        cara = await CharacterRepository(db).create(GUILD, 4, Combatant.create(name="Cara"))
        assert cara.id == 3
        assert (await encounters.undo(CHANNEL, GM)).undone.kind == "attack"

    # A second copy into the same database is refused, and changes nothing there.
    assert await asyncio.to_thread(migrate_db, "--from", str(path), "--to", url) == (
        EXIT_COPY_REFUSED
    )
    assert "Nothing copied: the target already holds data" in capsys.readouterr().err


def test_migrate_db_refuses_what_it_cannot_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    missing = tmp_path / "missing.sqlite3"
    assert migrate_db("--from", f"sqlite:///{missing}", "--to", "postgresql://x@h/d") == (
        EXIT_CONFIG
    )
    assert f"There is no SQLite file at {missing}" in capsys.readouterr().err
    sqlite3.connect(tmp_path / "real.sqlite3").close()
    assert migrate_db("--from", "real.sqlite3", "--to", "mysql://u:secret@h/d") == EXIT_CONFIG
    err = capsys.readouterr().err
    assert "unsupported database URL scheme 'mysql'" in err
    assert "secret" not in err
