"""Two processes on one PostgreSQL database, as a bot cluster runs: what they share stays right.

Each ``Database.open`` here stands for one process: its own connection pool and its
own memory (running fights, guild settings). A channel's fight is changed only by
the process serving its guild, but the tables and counters are shared: ids handed
out to both never collide, migrations started by both at once apply once, and
read-modify-writes on the same row from both lose nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.storage.character import CharacterExistsError, CharacterRepository
from bot.storage.database import Database, load_migrations
from bot.storage.dialect import ATTACK_ID_BLOCK
from bot.storage.encounter import EncounterRepository
from bot.storage.guild_settings import GuildSettingsRepository, rule_option_names
from bot.storage.pending_attack import PendingAttackRepository
from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, PendingDefense
from tests.postgres_server import PostgresServer

GM = 1
NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


def a_hit() -> PendingDefense:
    knight = EncounterCombatant(
        combatant_id="1",
        side="pc",
        combatant=Combatant.create(
            name="Knight", weapons=[{"name": "sword", "skill": 14, "damage": "sw+1 cut"}]
        ),
    )
    orc = EncounterCombatant(combatant_id="2", side="npc", combatant=Combatant.create(name="Orc"))
    outcome = resolve_attack(knight, orc, AttackRequest(), ScriptedDice([3, 3, 3]), RuleOptions())
    assert outcome.pending is not None
    return outcome.pending


@pytest.fixture
async def url(postgres_server: PostgresServer) -> str:
    return await postgres_server.create_database()


@pytest.fixture
async def two(url: str) -> AsyncIterator[tuple[Database, Database]]:
    """Two "processes" on one database, migrated by both at the same time."""
    async with Database.open(url, pool_size=3) as first, Database.open(url, pool_size=3) as second:
        applied = await asyncio.gather(first.migrate(), second.migrate())
        assert sorted(applied[0] + applied[1]) == [m.version for m in load_migrations()]
        yield first, second


async def test_migrations_started_together_apply_once(two: tuple[Database, Database]) -> None:
    first, second = two
    assert await first.applied_migrations() == await second.applied_migrations()
    assert await first.fetch_value("SELECT COUNT(*) FROM schema_version") == len(load_migrations())


async def test_attack_ids_from_two_processes_never_collide(
    two: tuple[Database, Database],
) -> None:
    """Each process reserves its own blocks from the shared sequence; bare inserts take
    ids outside every block."""

    async def attacks(database: Database, channel_id: int, count: int) -> list[int]:
        encounters = EncounterRepository(database)
        await encounters.start(
            guild_id=channel_id,
            channel_id=channel_id,
            actor_id=GM,
            encounter=Encounter(name="Fight", gm_id=GM),
        )
        ids = []
        for _ in range(count):
            async with encounters.change(channel_id, GM, "attack") as change:
                ids.append(
                    await PendingAttackRepository.insert(
                        change,
                        guild_id=channel_id,
                        channel_id=channel_id,
                        owner_user_id=None,
                        payload=a_hit(),
                        created_at=NOW,
                    )
                )
        return ids

    async def bare(database: Database, channel_id: int) -> int:
        async with database.transaction() as session:
            return await PendingAttackRepository.insert(
                session,
                guild_id=channel_id,
                channel_id=channel_id,
                owner_user_id=None,
                payload=a_hit(),
                created_at=NOW,
            )

    first, second = two
    count = ATTACK_ID_BLOCK + 10  # each process needs a second block
    mine, theirs, loose = await asyncio.gather(
        attacks(first, 100, count), attacks(second, 200, count), bare(first, 300)
    )
    every = [*mine, *theirs, loose]
    assert len(set(every)) == len(every)
    assert mine == sorted(mine)
    assert theirs == sorted(theirs)
    stored = await first.fetch_all("SELECT attack_id FROM pending_attacks")
    assert sorted(row["attack_id"] for row in stored) == sorted(every)


async def test_settings_and_sheets_written_by_both_at_once_all_land(
    two: tuple[Database, Database], url: str
) -> None:
    first, second = two
    names = rule_option_names()
    repositories = [GuildSettingsRepository(first), GuildSettingsRepository(second)]
    await asyncio.gather(
        *(repositories[n % 2].set_rule_option(7, name, True) for n, name in enumerate(names))
    )
    async with Database.open(url) as third:  # a process that has not read them yet
        stored = await GuildSettingsRepository(third).get(7)
    assert all(getattr(stored.rule_options, name) for name in names)

    sheets = [CharacterRepository(first), CharacterRepository(second)]
    outcomes = await asyncio.gather(
        *(sheets[n % 2].create(7, n, Combatant.create(name="Ana")) for n in range(6)),
        return_exceptions=True,
    )
    created = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, CharacterExistsError)]
    assert (len(created), len(refused)) == (1, 5)
    assert await sheets[1].count(7) == 1
