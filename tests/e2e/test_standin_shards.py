"""The stand-in's sharded gateway, as Discord's: ``GET /gateway/bot`` recommends the shard
count, a session identifies with ``[shard_id, shard_count]`` and then hears only the
guilds of its shard, ``(guild_id >> 22) % shard_count`` (direct messages: shard 0)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from bot.standin import StandIn
from bot.standin.state import Guild, World, shard_of

SHARDS = 2


@pytest.fixture
async def sharded() -> AsyncIterator[tuple[StandIn, Guild, Guild]]:
    world = World.default()
    north = world.add_guild("North", "nora", channel="north-hall", shard=(0, SHARDS))
    south = world.add_guild("South", "sam", channel="south-hall", shard=(1, SHARDS))
    async with StandIn(world, shard_count=SHARDS) as standin:
        yield standin, north, south


async def identify(
    http: aiohttp.ClientSession, standin: StandIn, shard: list[int]
) -> tuple[aiohttp.ClientWebSocketResponse, list[dict[str, Any]]]:
    """Connect and IDENTIFY; the frames up to the last GUILD_CREATE the session is due."""
    socket = await http.ws_connect(standin.gateway_url)
    hello = await socket.receive_json()
    assert hello["op"] == 10
    await socket.send_json(
        {"op": 2, "d": {"token": standin.token, "intents": 1, "shard": shard, "properties": {}}}
    )
    ready = await socket.receive_json()
    frames = [ready]
    if ready.get("t") == "READY":
        for _ in ready["d"]["guilds"]:
            frames.append(await socket.receive_json())
    return socket, frames


def guild_ids(frames: list[dict[str, Any]]) -> tuple[set[int], set[int]]:
    """The guilds READY lists, and those a GUILD_CREATE came for."""
    ready = {int(g["id"]) for g in frames[0]["d"]["guilds"]}
    created = {int(f["d"]["id"]) for f in frames[1:] if f["t"] == "GUILD_CREATE"}
    return ready, created


async def test_gateway_bot_recommends_the_shard_count(
    sharded: tuple[StandIn, Guild, Guild],
) -> None:
    standin, _, _ = sharded
    async with (
        aiohttp.ClientSession() as http,
        http.get(
            f"{standin.base_url}/gateway/bot", headers={"Authorization": f"Bot {standin.token}"}
        ) as response,
    ):
        answer = await response.json()
    assert answer["shards"] == SHARDS
    assert answer["url"] == standin.gateway_url


async def test_each_session_hears_only_its_shards_guilds(
    sharded: tuple[StandIn, Guild, Guild],
) -> None:
    standin, north, south = sharded
    home = standin.guild.id
    async with aiohttp.ClientSession() as http:
        zero, zero_frames = await identify(http, standin, [0, SHARDS])
        one, one_frames = await identify(http, standin, [1, SHARDS])
        expected_zero = {g for g in (home, north.id, south.id) if shard_of(g, SHARDS) == 0}
        assert guild_ids(zero_frames) == (expected_zero, expected_zero)
        assert guild_ids(one_frames) == ({*standin.world.guilds} - expected_zero,) * 2
        assert north.id in expected_zero
        assert south.id not in expected_zero

        # A guild's events go to its shard's session only; the driver's interactions too.
        await standin.server.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(south.id)})
        event = json.loads((await one.receive()).data)
        assert (event["t"], event["d"]["guild_id"]) == ("GUILD_ROLE_CREATE", str(south.id))
        await standin.server.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(north.id)})
        event = json.loads((await zero.receive()).data)
        assert event["d"]["guild_id"] == str(north.id)
        await standin.server.dispatch("TYPING_START", {"channel_id": "1"})  # a DM: shard 0
        assert json.loads((await zero.receive()).data)["t"] == "TYPING_START"
        await one.close()
        await zero.close()


async def test_no_session_for_a_guilds_shard_is_an_error(
    sharded: tuple[StandIn, Guild, Guild],
) -> None:
    standin, north, south = sharded
    async with aiohttp.ClientSession() as http:
        socket, _ = await identify(http, standin, [0, SHARDS])
        with pytest.raises(
            RuntimeError, match=f"no bot session serves the shard of guild {south.id}"
        ):
            await standin.server.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(south.id)})
        await standin.server.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(north.id)})
        await socket.close()


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0]])
async def test_an_impossible_shard_is_refused(
    sharded: tuple[StandIn, Guild, Guild], shard: list[int]
) -> None:
    standin, _, _ = sharded
    async with aiohttp.ClientSession() as http, http.ws_connect(standin.gateway_url) as socket:
        await socket.receive_json()  # HELLO
        await socket.send_json(
            {"op": 2, "d": {"token": standin.token, "intents": 1, "shard": shard}}
        )
        closing = await socket.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE
        assert closing.data == 4010
    assert standin.server.sessions == {}
