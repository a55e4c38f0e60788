"""The stand-in itself, exercised by a plain discord.py bot with a small test cog.

These tests do not depend on the product's cogs: they pin down that the stand-in
speaks Discord well enough for discord.py (login, gateway, sync, callbacks,
follow-ups, edits, components, modals, autocomplete, resume).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import discord
import pytest

from bot.standin import CommandInputError, StandIn, World, running
from bot.standin.state import EPHEMERAL, LOADING

from .plain_bot import PlainBot


@pytest.fixture
async def plain_bot(standin: StandIn) -> AsyncIterator[PlainBot]:
    async with running(PlainBot(standin.guild.id), standin) as client:
        yield client


async def test_client_connects_and_caches_the_world(standin: StandIn, plain_bot: PlainBot) -> None:
    assert plain_bot.is_ready()
    assert plain_bot.user is not None
    assert plain_bot.user.id == standin.world.bot_user.id
    assert plain_bot.application_id == standin.world.application_id
    guild = plain_bot.get_guild(standin.guild.id)
    assert guild is not None
    assert not guild.unavailable
    assert {c.name for c in guild.text_channels} == {"general", "combat"}
    assert [t.name for t in guild.threads] == ["goblin-ambush"]
    assert guild.get_role(standin.guild.role_named("GM").id) is not None
    assert standin.server.identify_count == 1
    assert standin.unknown_routes == []


async def test_sync_stores_the_schema(standin: StandIn, plain_bot: PlainBot) -> None:
    schema = {c["name"]: c for c in standin.commands()}
    assert set(schema) == {
        "echo",
        "mode",
        "party",
        "counter",
        "slow",
        "fruit",
        "door",
        "whisper",
        "confirm",
        "sheet",
        "table",
        "pick",
        "too_big",
        "gated",
        "keep",
    }
    echo = {o["name"]: o for o in schema["echo"]["options"]}
    assert (echo["text"]["type"], echo["text"]["required"]) == (3, True)
    assert (echo["times"]["type"], echo["times"]["min_value"], echo["times"]["max_value"]) == (
        4,
        1,
        3,
    )
    assert echo["secret"]["type"] == 5
    assert schema["party"]["options"][0]["type"] == 1
    assert schema["party"]["options"][0]["options"][0]["type"] == 6
    fetched = await plain_bot.tree.fetch_commands(guild=discord.Object(standin.guild.id))
    assert sorted(c.name for c in fetched) == sorted(schema)


async def test_slash_round_trip(standin: StandIn, plain_bot: PlainBot) -> None:
    result = await standin.slash("echo", text="hi", times=2, user="alice", locale="pt-BR")
    assert result.response.type == 4
    assert result.embed["title"] == "Echo"
    assert result.embed["description"] == "hi hi"
    assert result.embed["fields"] == [{"name": "locale", "value": "pt-BR", "inline": True}]
    assert not result.ephemeral
    message = standin.last_message()
    assert message.id == result.message.id
    assert message.interaction_metadata is not None
    assert message.interaction_metadata["user"]["username"] == "alice"
    assert result.errors == []


async def test_ephemeral_flag(standin: StandIn, plain_bot: PlainBot) -> None:
    result = await standin.slash("echo", {"text": "psst", "secret": True})
    assert result.response.flags & EPHEMERAL
    assert result.ephemeral
    assert standin.messages(include_ephemeral=False) == []


async def test_choices_and_subcommands_with_resolved_members(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    assert (await standin.slash("mode", mode="Regular")).response.content == "regular"
    result = await standin.slash("party greet", who="gm")
    assert result.response.content == "hi Game Master [GM]"


async def test_input_is_checked_like_discords_client(standin: StandIn, plain_bot: PlainBot) -> None:
    with pytest.raises(CommandInputError, match="needs text"):
        await standin.slash("echo")
    with pytest.raises(CommandInputError, match="between 1 and 3"):
        await standin.slash("echo", text="x", times=4)
    with pytest.raises(CommandInputError, match="not one of the choices"):
        await standin.slash("mode", mode="slow")
    with pytest.raises(CommandInputError, match="unknown command"):
        await standin.slash("nope")
    with pytest.raises(CommandInputError, match="no option"):
        await standin.slash("echo", text="x", loud=True)
    with pytest.raises(CommandInputError, match="not a whole number"):
        await standin.slash("echo", text="x", times="two")
    typed = await standin.slash("echo", text=42)  # a number typed into a text option
    assert typed.payload["data"]["options"][0]["value"] == "42"


async def test_buttons_update_the_message(standin: StandIn, plain_bot: PlainBot) -> None:
    opened = await standin.slash("counter")
    message = opened.message
    assert [c["label"] for c in message.interactive_components()] == ["Plus", "Ask", "Off"]
    first = await standin.click(message, "Plus", user="bob")
    assert first.response.type == 7
    second = await standin.click(message, "test:plus")
    assert second.response.content == "count 2"
    assert standin.message(message.id).content == "count 2"
    assert [h["content"] for h in message.history] == ["count 0", "count 1"]
    assert message.edited_at is not None
    with pytest.raises(CommandInputError, match="disabled"):
        await standin.click(message, "Off")


async def test_modal_round_trip(standin: StandIn, plain_bot: PlainBot) -> None:
    opened = await standin.slash("counter")
    asked = await standin.click(opened, 2, user="carol")
    assert asked.modal["title"] == "Who are you?"
    submitted = await standin.submit_modal(asked, {"Name": "Carol"})
    assert submitted.response.content == "hello Carol"
    assert submitted.ephemeral


async def test_deferred_answer_and_follow_ups(standin: StandIn, plain_bot: PlainBot) -> None:
    result = await standin.slash("slow")
    assert result.response.type == 5
    assert not result.message.loading
    assert result.message.content == "done thinking (edited)"
    assert [m.content for m in result.followups] == ["and one more"]
    assert result.followups[0].ephemeral
    assert not result.message.flags & LOADING


async def test_autocomplete(standin: StandIn, plain_bot: PlainBot) -> None:
    choices = await standin.autocomplete("fruit", {"name": "ap"}, focused="name")
    assert choices == [{"name": "apple", "value": "apple"}, {"name": "apricot", "value": "apricot"}]


async def test_payloads_discord_refuses_are_refused(standin: StandIn, plain_bot: PlainBot) -> None:
    result = await standin.slash("too_big")
    assert not result.answered
    refused = [r for r in standin.server.requests if r.path.endswith("/callback")]
    assert len(refused) == 1
    with pytest.raises(AssertionError, match="did not answer"):
        result.response  # noqa: B018
    assert standin.server.rejections == ["embeds[0] has 26 fields (at most 25)"]
    standin.server.rejections.clear()


async def test_unknown_routes_are_recorded(standin: StandIn, plain_bot: PlainBot) -> None:
    with pytest.raises(discord.NotFound):
        await plain_bot.http.request(discord.http.Route("GET", "/nowhere/{x}", x=1))
    assert standin.unknown_routes == ["GET /api/v10/nowhere/1"]
    standin.server.unknown_routes.clear()


async def test_dropped_gateway_resumes(standin: StandIn, plain_bot: PlainBot) -> None:
    resumed = asyncio.create_task(plain_bot.wait_for("resumed", timeout=10))
    await standin.server.drop_connections()
    await resumed
    assert standin.server.resume_count == 1
    assert standin.server.identify_count == 1
    result = await standin.slash("echo", text="still here")
    assert result.embed["description"] == "still here"


async def test_a_second_client_can_take_over(standin: StandIn) -> None:
    async with running(PlainBot(standin.guild.id), standin):
        await standin.slash("counter")
    async with running(PlainBot(standin.guild.id), standin) as again:
        assert again.is_ready()
        result = await standin.slash("echo", text="again")
        assert result.embed["description"] == "again"
    assert standin.server.identify_count == 2


async def test_persistent_buttons_work_after_a_restart(standin: StandIn) -> None:
    async with running(PlainBot(standin.guild.id), standin):
        door = await standin.slash("door")
    async with running(PlainBot(standin.guild.id), standin):
        knocked = await standin.click(door.message, "Knock 0", user="bob")
        assert knocked.response.content == "knocked 0"
        again = await standin.click(door.message, "test:knock:1")
        assert again.response.content == "knocked 1"
    assert [c["label"] for c in door.message.interactive_components()] == ["Knock 2"]


async def test_direct_messages_and_member_fetch(standin: StandIn, plain_bot: PlainBot) -> None:
    result = await standin.slash("whisper", text="psst", user="carol")
    assert result.response.content == "sent to Carol"
    assert [m.content for m in standin.direct_messages("carol")] == ["psst"]
    assert standin.direct_messages("bob") == []


async def test_a_handler_that_waits_for_the_click(standin: StandIn, plain_bot: PlainBot) -> None:
    asked = await standin.slash("confirm", until="answered")
    assert asked.message.content == "sure?"
    clicked = await standin.click(asked, "Yes")
    assert clicked.response.type == 6
    await standin.idle()
    assert asked.message.content == "confirmed yes"
    assert asked.message.components == []


async def test_files_go_through_multipart(standin: StandIn, plain_bot: PlainBot) -> None:
    result = await standin.slash("sheet")
    message = result.message
    assert message.content == "the new sheet"
    assert [(a["filename"], a["size"]) for a in message.attachments] == [("orc-v2.txt", 5)]
    first = next(r for r in standin.server.requests if r.path.endswith("/callback"))
    keys = ("field", "filename", "size", "description")
    uploaded = [{k: part[k] for k in keys} for part in first.body["__files__"]]
    assert uploaded == [
        {"field": "files[0]", "filename": "orc.txt", "size": 11, "description": "Orc"}
    ]


async def test_subcommand_groups_channels_roles_and_numbers(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    result = await standin.slash(
        "table npc spawn", name="Orc", where="#combat", leader="GM", speed="5.5"
    )
    assert result.response.content == "Orc in #combat led by GM at 5.5"
    options = result.payload["data"]["options"]
    assert options[0]["type"] == 2
    assert options[0]["options"][0]["type"] == 1
    leaf = {o["name"]: o for o in options[0]["options"][0]["options"]}
    assert leaf["where"]["value"] == str(standin.channel("combat").id)
    assert leaf["speed"] == {"name": "speed", "type": 10, "value": 5.5}
    resolved = result.payload["data"]["resolved"]
    assert set(resolved) == {"channels", "roles"}
    with pytest.raises(CommandInputError, match="no channel"):
        await standin.slash("table npc spawn", name="Orc", where="#tavern")


async def test_select_menus(standin: StandIn, plain_bot: PlainBot) -> None:
    menu = await standin.slash("pick")
    foes = await standin.click(menu, "test:foes", values=["Orc", "goblin"])
    assert foes.response.content == "foes: orc,goblin"
    ally = await standin.click(menu, "test:ally", values=["bob"], user="alice")
    assert ally.response.content == "ally: Bob"
    assert set(ally.payload["data"]["resolved"]) == {"users", "members"}
    with pytest.raises(CommandInputError, match="no option"):
        await standin.click(menu, "test:foes", values=["Troll"])
    with pytest.raises(CommandInputError, match="takes 1-2 values"):
        await standin.click(menu, "test:foes", values=[])


async def test_a_late_answer_is_refused_like_discord_does() -> None:
    async with StandIn(callback_deadline=0.0) as strict:
        async with running(PlainBot(strict.guild.id), strict):
            result = await strict.slash("echo", text="too slow")
        assert not result.answered
        assert strict.server.rejections
        assert all("deadline (defer first)" in r for r in strict.server.rejections)


async def test_a_custom_world() -> None:
    world = World.default(locale="pt-BR")
    dana = world.add_member("dana", "Dana", roles=("GM",))
    world.add_role("Players")
    tavern = world.add_channel("tavern")
    world.add_channel("brawl", thread_of="tavern")
    async with StandIn(world) as custom, running(PlainBot(custom.guild.id), custom) as client:
        guild = client.get_guild(custom.guild.id)
        assert guild is not None
        member = await guild.fetch_member(dana.id)  # no members intent: nothing cached
        assert [r.name for r in member.roles if not r.is_default()] == ["GM"]
        assert guild.get_channel(tavern.id) is not None
        assert [t.name for t in guild.threads] == ["goblin-ambush", "brawl"]
        result = await custom.slash("echo", text="olá", user="dana", channel="brawl")
        assert result.payload["guild_locale"] == "pt-BR"
        assert result.payload["channel"]["type"] == 11
        assert result.message.channel_id == custom.channel("brawl").id


async def test_a_clean_close_ends_the_gateway_session(standin: StandIn) -> None:
    async with running(PlainBot(standin.guild.id), standin):
        assert len(standin.server.sessions) == 1
    await asyncio.wait_for(standin.server.wait_disconnected(), 10)
    assert standin.server.sessions == {}
    with pytest.raises(RuntimeError, match="no bot is connected"):
        await standin.slash("echo", text="anyone?")


async def test_channel_history_through_the_client(standin: StandIn, plain_bot: PlainBot) -> None:
    for word in ("one", "two", "three"):
        await standin.slash("echo", text=word, channel="combat")
    await standin.slash("echo", text="hidden", secret=True, channel="combat")
    channel = plain_bot.get_channel(standin.channel("combat").id)
    assert isinstance(channel, discord.TextChannel)
    newest = [m.embeds[0].description async for m in channel.history(limit=2)]
    assert newest == ["three", "two"]
    first = standin.messages("combat")[0]
    later = [m.embeds[0].description async for m in channel.history(after=first, oldest_first=True)]
    assert later == ["two", "three"]
    fetched = await channel.fetch_message(first.id)
    assert fetched.embeds[0].description == "one"
