"""What the bot's own permissions allow with its bot token, as Discord decides it.

The bot joins with its own role (the invite link's permissions) on top of
``@everyone``; channel overwrites apply in Discord's order and a thread follows its
parent. Without View Channel a channel is out of reach (403, 50001 Missing Access);
seeing it without the permission an action takes is 403, 50013 Missing Permissions.
Embeds without Embed Links are left out of the message (and a message of embeds
alone is refused). Interaction responses take no channel permission.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import discord
import pytest

from bot.permissions import BOT_PERMISSIONS
from bot.standin import Message, StandIn, User, World, running
from bot.standin.state import (
    EMBED_LINKS,
    MANAGE_MESSAGES,
    PIN_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)

from .plain_bot import PlainBot


@pytest.fixture
async def plain_bot(standin: StandIn) -> AsyncIterator[PlainBot]:
    async with running(PlainBot(standin.guild.id), standin) as client:
        yield client


def locked_world(bot_permissions: int) -> World:
    """A server whose ``@everyone`` may do nothing: the bot has exactly its role's."""
    world = World.default()
    world.set_bot_permissions(bot_permissions, everyone=0)
    return world


def text_channel(client: discord.Client, standin: StandIn, name: str) -> discord.TextChannel:
    channel = client.get_channel(standin.channel(name).id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def thread(client: discord.Client, standin: StandIn, name: str) -> discord.Thread:
    channel = client.get_channel(standin.channel(name).id)
    assert isinstance(channel, discord.Thread)
    return channel


def a_players_message(standin: StandIn, channel: str) -> Message:
    """A message Alice wrote in ``channel`` (players' messages come from no interaction)."""
    world = standin.world
    return world.add_message(
        Message(
            id=world.snowflakes.next(),
            channel_id=standin.channel(channel).id,
            guild_id=standin.guild.id,
            author=standin.user("alice"),
            created_at=datetime(2024, 1, 1, tzinfo=UTC),
            content="hello",
        )
    )


async def test_the_bot_joins_with_its_own_role_from_the_invite_link(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    role = standin.world.bot_role()
    assert role.permissions == BOT_PERMISSIONS.value
    guild = plain_bot.get_guild(standin.guild.id)
    assert guild is not None
    me = guild.me
    cached = guild.get_role(role.id)
    assert cached is not None
    assert cached.is_bot_managed()
    assert cached.tags is not None
    assert cached.tags.bot_id == standin.world.bot_user.id
    assert cached in me.roles
    # discord.py works out from the gateway's data what the stand-in enforces.
    for name in ("general", "combat", "goblin-ambush"):
        channel = guild.get_channel_or_thread(standin.channel(name).id)
        assert channel is not None
        expected = standin.world.bot_permissions_in(channel.id)
        assert channel.permissions_for(me).value == expected


async def test_sending_needs_send_messages_and_in_a_thread_send_messages_in_threads() -> None:
    world = locked_world(VIEW_CHANNEL | SEND_MESSAGES)
    async with StandIn(world) as standin, running(PlainBot(standin.guild.id), standin) as client:
        sent = await text_channel(client, standin, "combat").send("in the channel")
        assert standin.message(sent.id).content == "in the channel"
        with pytest.raises(discord.Forbidden) as refused:
            await thread(client, standin, "goblin-ambush").send("in the thread")
        assert (refused.value.status, refused.value.code) == (403, 50013)
        assert refused.value.text == "Missing Permissions"
        assert standin.server.rejections == [
            "send a message in #goblin-ambush: the bot lacks Send Messages in Threads"
        ]
        assert [m.content for m in standin.messages("goblin-ambush")] == []


async def test_view_channel_alone_sends_nothing() -> None:
    async with (
        StandIn(locked_world(VIEW_CHANNEL)) as standin,
        running(PlainBot(standin.guild.id), standin) as client,
    ):
        with pytest.raises(discord.Forbidden) as refused:
            await text_channel(client, standin, "general").send("hi")
        assert refused.value.code == 50013
        assert standin.server.rejections == [
            "send a message in #general: the bot lacks Send Messages"
        ]
        # Interaction responses need none of it, and neither do direct messages.
        echoed = await standin.slash("echo", text="still answered", channel="general")
        assert echoed.embed["description"] == "still answered"
        whispered = await standin.slash("whisper", text="psst", user="carol")
        assert whispered.response.content == "sent to Carol"
        assert [m.content for m in standin.direct_messages("carol")] == ["psst"]


async def test_a_channel_hidden_from_the_bot_is_out_of_reach() -> None:
    world = World.default()
    world.overwrite("combat", role="GURPS Combat", deny=VIEW_CHANNEL)
    async with StandIn(world) as standin, running(PlainBot(standin.guild.id), standin) as client:
        answered = await standin.slash("echo", text="seen by the players", channel="combat")
        app_permissions = int(answered.payload["app_permissions"])
        assert not app_permissions & VIEW_CHANNEL
        assert int(answered.payload["member"]["permissions"]) & VIEW_CHANNEL  # Alice sees it
        combat = text_channel(client, standin, "combat")
        attempts = (
            combat.send("hi"),
            combat.fetch_message(answered.message.id),
            combat.get_partial_message(answered.message.id).edit(content="edited"),
            thread(client, standin, "goblin-ambush").send("the thread follows its parent"),
        )
        for attempt in attempts:
            with pytest.raises(discord.Forbidden) as refused:
                await attempt
            assert (refused.value.code, refused.value.text) == (50001, "Missing Access")
        with pytest.raises(discord.Forbidden):
            [m async for m in combat.history(limit=5)]
        assert len(standin.server.rejections) == 5
        assert all("the bot lacks View Channel" in r for r in standin.server.rejections)
        assert answered.message.content == ""
        assert not answered.message.edited_at


async def test_an_allow_for_the_bots_role_beats_a_deny_for_everyone() -> None:
    world = World.default()
    world.overwrite("combat", role="@everyone", deny=VIEW_CHANNEL)
    world.overwrite("combat", role="GURPS Combat", allow=VIEW_CHANNEL)
    world.overwrite("general", role="GURPS Combat", deny=SEND_MESSAGES)
    world.overwrite("general", member="GURPS Combat", allow=SEND_MESSAGES)
    async with StandIn(world) as standin, running(PlainBot(standin.guild.id), standin) as client:
        await text_channel(client, standin, "combat").send("I still see it")
        await text_channel(client, standin, "general").send("my own overwrite wins")
        assert standin.server.rejections == []
        hidden = world.guild.permissions_in(standin.channel("combat"), standin.user("bob").id)
        assert not hidden & VIEW_CHANNEL


async def test_history_needs_read_message_history() -> None:
    async with (
        StandIn(locked_world(VIEW_CHANNEL | SEND_MESSAGES)) as standin,
        running(PlainBot(standin.guild.id), standin) as client,
    ):
        general = text_channel(client, standin, "general")
        sent = await general.send("one")
        assert [m async for m in general.history(limit=5)] == []  # Discord answers, empty
        with pytest.raises(discord.Forbidden) as refused:
            await general.fetch_message(sent.id)
        assert refused.value.code == 50013
        assert standin.server.rejections == [
            "fetch a message in #general: the bot lacks Read Message History"
        ]
        standin.world.set_bot_permissions(VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY)
        assert (await general.fetch_message(sent.id)).content == "one"
        assert [m.content async for m in general.history(limit=5)] == ["one"]


async def test_embeds_without_embed_links_are_left_out() -> None:
    async with (
        StandIn(locked_world(VIEW_CHANNEL | SEND_MESSAGES)) as standin,
        running(PlainBot(standin.guild.id), standin) as client,
    ):
        general = text_channel(client, standin, "general")
        embed = discord.Embed(title="Orc", description="HP 12/12")
        sent = await general.send("the orc", embed=embed)
        assert standin.message(sent.id).embeds == []
        assert standin.message(sent.id).content == "the orc"
        await sent.edit(content="the orc, again", embed=embed)
        assert standin.message(sent.id).embeds == []
        assert standin.server.silently_dropped == [
            "1 embed(s) of a new message in #general: the bot lacks Embed Links",
            f"1 embed(s) of message {sent.id} in #general: the bot lacks Embed Links",
        ]
        with pytest.raises(discord.Forbidden) as refused:
            await general.send(embed=embed)
        assert refused.value.code == 50013
        standin.server.silently_dropped.clear()
        standin.server.rejections.clear()
        standin.world.set_bot_permissions(VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS)
        shown = await general.send(embed=embed)
        assert standin.message(shown.id).embeds[0]["title"] == "Orc"


async def test_only_the_bots_own_messages_are_its_to_edit(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    alices = a_players_message(standin, "general")
    general = text_channel(plain_bot, standin, "general")
    with pytest.raises(discord.Forbidden) as refused:
        await general.get_partial_message(alices.id).edit(content="rewritten")
    assert refused.value.code == 50005
    with pytest.raises(discord.Forbidden) as refused:
        await general.get_partial_message(alices.id).delete()
    assert refused.value.code == 50013
    assert alices.content == "hello"
    assert not alices.deleted
    assert standin.server.rejections == [
        f"edit message {alices.id}: alice wrote it",
        "delete another's message in #general: the bot lacks Manage Messages",
    ]
    standin.server.rejections.clear()
    standin.world.set_bot_permissions(BOT_PERMISSIONS.value | MANAGE_MESSAGES)
    await general.get_partial_message(alices.id).delete()
    assert alices.deleted


async def test_pinning_needs_pin_messages(standin: StandIn, plain_bot: PlainBot) -> None:
    answered = await standin.slash("echo", text="pin me", channel="general")
    message = text_channel(plain_bot, standin, "general").get_partial_message(answered.message.id)
    standin.world.set_bot_permissions(VIEW_CHANNEL | MANAGE_MESSAGES, everyone=0)
    with pytest.raises(discord.Forbidden) as refused:
        await message.pin()
    assert refused.value.code == 50013
    assert standin.server.rejections == ["pin a message in #general: the bot lacks Pin Messages"]
    standin.server.rejections.clear()
    standin.world.set_bot_permissions(VIEW_CHANNEL | PIN_MESSAGES, everyone=0)
    await message.pin()
    assert answered.message.pinned
    await message.unpin()
    assert not answered.message.pinned


async def test_the_older_pin_routes_take_the_same_permission(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    """``PUT``/``DELETE /channels/{c}/pins/{m}``, the paths before ``/messages/pins``."""
    answered = await standin.slash("echo", text="pin me", channel="general")
    channel_id, message_id = standin.channel("general").id, answered.message.id

    def route(method: str) -> discord.http.Route:
        return discord.http.Route(
            method,
            "/channels/{channel_id}/pins/{message_id}",
            channel_id=channel_id,
            message_id=message_id,
        )

    standin.world.set_bot_permissions(VIEW_CHANNEL | MANAGE_MESSAGES, everyone=0)
    with pytest.raises(discord.Forbidden) as refused:
        await plain_bot.http.request(route("PUT"))
    assert refused.value.code == 50013
    assert standin.server.rejections == ["pin a message in #general: the bot lacks Pin Messages"]
    standin.server.rejections.clear()
    standin.world.set_bot_permissions(VIEW_CHANNEL | PIN_MESSAGES, everyone=0)
    await plain_bot.http.request(route("PUT"))
    assert answered.message.pinned
    await plain_bot.http.request(route("DELETE"))
    assert not answered.message.pinned


async def test_a_direct_message_needs_a_shared_server(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    world = standin.world
    stranger = User(world.snowflakes.next(), "stranger", "Stranger")
    world.users[stranger.id] = stranger
    fetched = await plain_bot.fetch_user(stranger.id)
    with pytest.raises(discord.Forbidden) as refused:
        await fetched.send("hello")
    assert (refused.value.code, refused.value.text) == (50007, "Cannot send messages to this user")
    assert standin.direct_messages("stranger") == []
    assert standin.server.rejections == [
        "send a direct message to stranger, who shares no server with the bot"
    ]
    standin.server.rejections.clear()
