"""Registering commands through the stand-in's HTTP routes, refused where Discord refuses.

Every registration route is checked: the bulk overwrite (PUT) and the single
create (POST), edit (PATCH), fetch and delete, globally and per guild. A refusal
is HTTP 400 with Discord's error tree, stores nothing, and is listed in
``standin.server.rejections`` (each test that provokes one clears the list after
checking it).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from bot.command_sync import CommandsRefused
from bot.errors import GurpsCommandTree
from bot.standin import StandIn
from bot.standin.harness import point_discord_at

from .command_builders import many_options, roll_command

JSON = dict[str, Any]
TOO_MANY = {
    "_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 25 or fewer in length."}]
}


@contextlib.asynccontextmanager
async def logged_in(standin: StandIn) -> AsyncIterator[discord.Client]:
    """A plain client logged in to the stand-in over REST (no gateway needed to sync)."""
    client = discord.Client(intents=discord.Intents.none())
    with point_discord_at(standin.base_url, standin.gateway_url):
        await client.login(standin.token)
        try:
            yield client
        finally:
            await client.close()


def names(commands: list[JSON]) -> list[str]:
    return sorted(command["name"] for command in commands)


async def test_a_refused_bulk_overwrite_stores_nothing_and_reads_plainly(standin: StandIn) -> None:
    guild = discord.Object(standin.guild.id)
    async with logged_in(standin) as client:
        tree = GurpsCommandTree(client)
        tree.add_command(roll_command(), guild=guild)
        tree.add_command(many_options("fine", 25), guild=guild)
        synced = await tree.sync(guild=guild)
        assert sorted(command.name for command in synced) == ["fine", "roll"]

        tree.add_command(many_options("overloaded", 26), guild=guild)
        with pytest.raises(CommandsRefused) as refused:
            await tree.sync(guild=guild)
    assert refused.value.problems == [
        "/overloaded: options (26 given; the 26th is 'n26'): Must be 25 or fewer in length."
    ]
    assert str(refused.value) == (
        f"Discord refused the slash commands for server {standin.guild.id}:\n"
        "  /overloaded: options (26 given; the 26th is 'n26'): Must be 25 or fewer in length."
    )
    # All or nothing: the earlier commands stand, the broken list left no trace.
    assert names(standin.world.commands[standin.guild.id]) == ["fine", "roll"]
    assert standin.server.rejections == list(refused.value.problems)
    standin.server.rejections.clear()


async def test_global_sync_is_checked_too(standin: StandIn) -> None:
    async with logged_in(standin) as client:
        tree = GurpsCommandTree(client)
        tree.add_command(roll_command())
        assert [command.name for command in await tree.sync()] == ["roll"]
        tree.add_command(many_options("overloaded", 30))
        with pytest.raises(CommandsRefused) as refused:
            await tree.sync()
    assert refused.value.where == "every server (global)"
    assert refused.value.problems == [
        "/overloaded: options (30 given; the 26th is 'n26'): Must be 25 or fewer in length."
    ]
    assert names(standin.world.commands[None]) == ["roll"]
    standin.server.rejections.clear()


class LongPortuguese(app_commands.Translator):
    """Gives every description a pt-BR text one character too long."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.brazil_portuguese and context.location in (
            app_commands.TranslationContextLocation.command_description,
            app_commands.TranslationContextLocation.parameter_description,
        ):
            return "d" * 101
        return None


async def test_discord_py_reads_the_error_tree(standin: StandIn) -> None:
    """The tree has Discord's shape: discord.py's own report finds the command and option."""
    guild = discord.Object(standin.guild.id)
    async with logged_in(standin) as client:
        tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
        await tree.set_translator(LongPortuguese())
        tree.add_command(roll_command(), guild=guild)
        with pytest.raises(app_commands.CommandSyncFailure) as failure:
            await tree.sync(guild=guild)
    assert failure.value.status == 400
    assert failure.value.code == 50035
    assert str(failure.value).splitlines() == [
        "Failed to upload commands to Discord (HTTP status 400, error code 50035)",
        "In command 'roll' defined in function '_roll'",
        "  description_localizations.pt-BR: Must be between 1 and 100 in length.",
        "  In parameter 'dice'",
        "    description_localizations.pt-BR: Must be between 1 and 100 in length.",
    ]
    assert standin.server.rejections == [
        "/roll: pt-BR description (101 characters): Must be between 1 and 100 in length.",
        "/roll: option 1 'dice': pt-BR description (101 characters): "
        "Must be between 1 and 100 in length.",
    ]
    standin.server.rejections.clear()


def raw_command(name: str, options: int = 0) -> JSON:
    return {
        "type": 1,
        "name": name,
        "description": f"The {name} command",
        "options": [
            {"type": 4, "name": f"n{i}", "description": "A number"} for i in range(1, options + 1)
        ],
    }


@contextlib.asynccontextmanager
async def rest(standin: StandIn) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession(base_url=standin.base_url + "/", headers=headers) as session:
        yield session


@pytest.mark.parametrize("scope", ["guild", "global"])
async def test_raw_routes_refuse_and_accept_like_discord(standin: StandIn, scope: str) -> None:
    app = standin.world.application_id
    base = f"applications/{app}/commands"
    key: int | None = None
    if scope == "guild":
        base = f"applications/{app}/guilds/{standin.guild.id}/commands"
        key = standin.guild.id
    async with rest(standin) as http:
        async with http.put(base, json=[raw_command("roll"), raw_command("big", 26)]) as answer:
            assert answer.status == 400
            assert await answer.json() == {
                "code": 50035,
                "message": "Invalid Form Body",
                "errors": {"1": {"options": TOO_MANY}},
            }
        assert standin.world.commands.get(key, []) == []

        # One command at a time: its errors sit at the root of the tree.
        async with http.post(base, json=raw_command("big", 26)) as answer:
            assert answer.status == 400
            assert (await answer.json())["errors"] == {"options": TOO_MANY}
        async with http.post(base, json=raw_command("roll")) as answer:
            assert answer.status == 201
            created = await answer.json()
        async with http.post(base, json=raw_command("roll", 2)) as answer:
            assert answer.status == 200  # same name: an update
            assert (await answer.json())["id"] == created["id"]

        one = f"{base}/{created['id']}"
        async with http.get(one) as answer:
            assert (await answer.json())["options"][1]["name"] == "n2"
        async with http.patch(one, json={"options": raw_command("x", 26)["options"]}) as answer:
            assert answer.status == 400
            assert (await answer.json())["errors"] == {"options": TOO_MANY}
        async with http.patch(one, json={"name": "dice", "description": ""}) as answer:
            assert answer.status == 400
        async with http.patch(one, json={"name": "dice"}) as answer:
            assert answer.status == 200
            edited = await answer.json()
        assert (edited["id"], edited["name"], len(edited["options"])) == (created["id"], "dice", 2)
        async with http.delete(one) as answer:
            assert answer.status == 204
        async with http.get(one) as answer:
            assert answer.status == 404
            assert (await answer.json())["code"] == 10063
    assert standin.server.rejections == [
        "/big: options (26 given; the 26th is 'n26'): Must be 25 or fewer in length.",
        "/big: options (26 given; the 26th is 'n26'): Must be 25 or fewer in length.",
        "/roll: options (26 given; the 26th is 'n26'): Must be 25 or fewer in length.",
        "/dice: description (0 characters): Must be between 1 and 100 in length.",
    ]
    standin.server.rejections.clear()


async def test_the_101st_chat_input_command_is_refused(standin: StandIn) -> None:
    base = f"applications/{standin.world.application_id}/guilds/{standin.guild.id}/commands"
    hundred = [raw_command(f"c{i}") for i in range(100)]
    async with rest(standin) as http:
        async with http.put(base, json=[*hundred, raw_command("c100")]) as answer:
            assert answer.status == 400
            assert await answer.json() == {
                "code": 30032,
                "message": "Maximum number of application commands reached (100)",
            }
        async with http.put(base, json=hundred) as answer:
            assert answer.status == 200
        async with http.post(base, json=raw_command("c100")) as answer:
            assert answer.status == 400
            assert (await answer.json())["code"] == 30032
        async with http.post(base, json=raw_command("c99", 3)) as answer:
            assert answer.status == 200  # replacing one of the hundred is fine
    assert standin.server.rejections == [
        "Maximum number of application commands reached (100)",
        "Maximum number of application commands reached (100)",
    ]
    standin.server.rejections.clear()


async def test_discord_py_single_command_calls(standin: StandIn) -> None:
    guild = discord.Object(standin.guild.id)
    async with logged_in(standin) as client:
        tree = GurpsCommandTree(client)
        tree.add_command(roll_command(), guild=guild)
        (synced,) = await tree.sync(guild=guild)
        fetched = await tree.fetch_command(synced.id, guild=guild)
        assert (fetched.name, fetched.description) == ("roll", "Roll dice")

        edited = await fetched.edit(description="Roll some dice")
        assert edited.description == "Roll some dice"
        with pytest.raises(discord.HTTPException) as refused:
            await fetched.edit(description="d" * 101)
        assert (refused.value.status, refused.value.code) == (400, 50035)
        assert "In description: Must be between 1 and 100 in length." in str(refused.value)

        app_id = client.application_id
        assert app_id is not None
        created = await client.http.upsert_guild_command(
            app_id, guild.id, {"name": "check", "description": "A success roll", "type": 1}
        )
        assert created["name"] == "check"
        await edited.delete()
    assert names(standin.world.commands[standin.guild.id]) == ["check"]
    assert standin.server.rejections == [
        "/roll: description (101 characters): Must be between 1 and 100 in length."
    ]
    standin.server.rejections.clear()
