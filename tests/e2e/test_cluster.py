"""A bot cluster: two processes with different shard ranges on one PostgreSQL database.

The stand-in serves a sharded gateway (two shards; each guild's events go to the
session of ``(guild_id >> 22) % 2``). Each process (``cluster_bot.py``: ``run_bot``
as production runs it, every setting from the environment) identifies with its
own shard, so each serves one guild: both fight at the same time, each writing its
own fight into the shared database. Then both restart with their ranges swapped,
so each guild moves to the other process, and its fight goes on where the first
process left it: its hit points, its event log, and undo of a change the other
process made.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.i18n import Messages
from bot.standin import InteractionResult, StandIn
from bot.standin.state import Guild, World, shard_of
from bot.storage.database import Database
from bot.storage.encounter import EncounterRepository
from tests.cluster import Cluster
from tests.e2e.test_attack import fields
from tests.postgres_server import PostgresServer

SHARDS = 2


def world_of_two_tables() -> tuple[World, Guild, Guild]:
    """The default world plus a guild on each shard: North (shard 0), South (shard 1)."""
    world = World.default()
    north = world.add_guild("North Table", "nora", channel="north-hall", shard=(0, SHARDS))
    south = world.add_guild("South Table", "sam", channel="south-hall", shard=(1, SHARDS))
    return world, north, south


async def hp_of(database_url: str, guild: Guild, name: str) -> int:
    channel_id = next(iter(guild.channels.values())).id
    async with Database.open(database_url) as db:
        record = await EncounterRepository(db).require_active(channel_id)
    return record.encounter.find(name).combatant.state.hp


def hp_shown(result: InteractionResult, messages: Messages) -> str:
    return fields(result.embeds[0])[messages.text("damage.field.hp", "en")]


async def test_two_processes_serve_their_shards_and_a_guild_moves_with_its_fight(
    postgres_server: PostgresServer, tmp_path: Path, messages: Messages
) -> None:
    world, north, south = world_of_two_tables()
    assert (shard_of(north.id, SHARDS), shard_of(south.id, SHARDS)) == (0, 1)
    database_url = await postgres_server.create_database()
    async with StandIn(world, shard_count=SHARDS, settle_timeout=30.0) as standin:
        cluster = Cluster(standin, database_url, tmp_path, shard_count=SHARDS)

        async def gm(guild: Guild, command: str, **options: object) -> InteractionResult:
            owner = standin.world.users[guild.owner_id]
            channel = next(iter(guild.channels.values()))
            result = await standin.slash(command, options, user=owner, channel=channel)
            assert result.answered, f"/{command} in {guild.name} was not answered"
            assert not result.response.ephemeral, result.response.embeds
            return result

        async def fight(guild: Guild, orc_hp: int, blow: int) -> list[InteractionResult]:
            return [
                await gm(guild, "encounter start", name=f"Raid on {guild.name}"),
                await gm(guild, "combatant add", name="Orc", st=10, dx=10, iq=9, ht=10, hp=orc_hp),
                await gm(guild, "damage", target="Orc", amount=blow, type="cr"),
            ]

        # Process A serves shard 0 (North), process B shard 1 (South); both migrate the
        # empty database at once, and one waits for the other's migrations.
        await cluster.start("a", "0", north)
        await cluster.start("b", "1", south)
        try:
            await cluster.until_serving({0: north, 1: south})
            in_north, in_south = await asyncio.gather(fight(north, 10, 3), fight(south, 12, 5))
            shards = standin.server.interaction_shards
            assert {shards[r.id] for r in in_north} == {(0, SHARDS)}
            assert {shards[r.id] for r in in_south} == {(1, SHARDS)}
            assert hp_shown(in_north[-1], messages) == "10 → **7** / 10"
            assert hp_shown(in_south[-1], messages) == "12 → **7** / 12"
        finally:
            await cluster.stop()
        assert await hp_of(database_url, north, "Orc") == 7
        assert await hp_of(database_url, south, "Orc") == 7

        # Restart with the ranges swapped: A now serves shard 1 (South), B shard 0 (North).
        await cluster.start("a", "1", south)
        await cluster.start("b", "0", north)
        try:
            await cluster.until_serving({0: north, 1: south})
            north_blow, south_blow = await asyncio.gather(
                gm(north, "damage", target="Orc", amount=2, type="cr"),
                gm(south, "damage", target="Orc", amount=1, type="cr"),
            )
            assert hp_shown(north_blow, messages) == "7 → **5** / 10"
            assert hp_shown(south_blow, messages) == "7 → **6** / 12"
            # Undo twice in North: this process's blow, then the one process A dealt.
            for _ in range(2):
                await gm(north, "encounter undo")
            assert await hp_of(database_url, north, "Orc") == 10
            assert await hp_of(database_url, south, "Orc") == 6
        finally:
            await cluster.stop()
        assert standin.unknown_routes == []
        assert standin.server.rejections == []
    first, second = cluster.log("a").split("shut down cleanly", 1)
    assert "serving shards [0] of 2 from PostgreSQL postgresql://postgres@127.0.0.1" in first
    assert "serving shards [1] of 2 from PostgreSQL" in second
