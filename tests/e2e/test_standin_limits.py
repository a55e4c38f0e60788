"""Limits the stand-in enforces on the HTTP side, as Discord answers them.

An autocomplete interaction takes suggestions of the focused option's type and no
other answer (Receiving and Responding, "Interaction Callback Type"); a file past
the upload limit or a request past 25 MiB is 413 Request entity too large (40005);
allowed mentions are checked on follow-ups as on any message; a channel holds at
most 250 pins (30003); a page of history holds 1-100 messages.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from bot.standin import StandIn, running
from bot.standin.validation import MAX_UPLOAD_BYTES

from .plain_bot import PlainBot

AUTOCOMPLETE = 4


@pytest.fixture
async def plain_bot(standin: StandIn) -> AsyncIterator[PlainBot]:
    async with running(PlainBot(standin.guild.id), standin) as client:
        yield client


async def callback(standin: StandIn, record_id: int, token: str, body: object) -> int:
    """Answer an interaction with a raw callback; the HTTP status Discord would send."""
    path = f"/interactions/{record_id}/{token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(standin.base_url + path, json=body) as response,
    ):
        return response.status


async def test_an_autocomplete_takes_suggestions_of_its_options_type_only(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    """The bot is not told of this interaction: the test answers it by hand."""
    record = standin._command_record(
        AUTOCOMPLETE,
        "fruit",
        {"name": "ap"},
        user=None,
        channel=None,
        locale=None,
        guild_locale=None,
        focused="name",
    )
    record.sent_at = standin.world.clock()
    message = {"type": 4, "data": {"content": "apple"}}
    assert await callback(standin, record.id, record.token, message) == 400
    numbers = {"type": 8, "data": {"choices": [{"name": "apple", "value": 1}]}}
    assert await callback(standin, record.id, record.token, numbers) == 400
    assert standin.server.rejections == [
        "callback type 4 answers no autocomplete interaction (only 8)",
        "choices[0].value 1 is not a string (a string option)",
    ]
    standin.server.rejections.clear()
    longest = {"type": 8, "data": {"choices": [{"name": "apple", "value": "a" * 100}]}}
    assert await callback(standin, record.id, record.token, longest) == 200
    assert record.callback == longest


async def kept(standin: StandIn, plain_bot: PlainBot) -> discord.Interaction[Any]:
    """An interaction the bot answered and kept, whose token serves follow-ups."""
    await standin.slash("keep")
    return plain_bot.kept[-1]


async def test_a_file_past_the_upload_limit_is_too_large(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    interaction = await kept(standin, plain_bot)
    largest = discord.File(io.BytesIO(b"x" * MAX_UPLOAD_BYTES), filename="sheet.json")
    sent = await interaction.followup.send(file=largest, wait=True)
    assert [a.size for a in sent.attachments] == [MAX_UPLOAD_BYTES]
    too_large = discord.File(io.BytesIO(b"x" * (MAX_UPLOAD_BYTES + 1)), filename="sheet.json")
    with pytest.raises(discord.HTTPException) as refused:
        await interaction.followup.send(file=too_large)
    assert (refused.value.status, refused.value.code) == (413, 40005)
    assert standin.server.rejections == [
        f"files[0] (sheet.json) has {MAX_UPLOAD_BYTES + 1} bytes (at most {MAX_UPLOAD_BYTES})"
    ]
    standin.server.rejections.clear()


async def test_allowed_mentions_are_checked_on_a_follow_up(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    interaction = await kept(standin, plain_bot)
    alice = standin.user("alice").id
    hundred = discord.AllowedMentions(users=[discord.Object(n) for n in range(1, 101)])
    await interaction.followup.send(f"<@{alice}>", allowed_mentions=hundred)
    with pytest.raises(discord.HTTPException) as refused:
        await interaction.followup.send(
            f"<@{alice}>",
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(n) for n in range(1, 102)]
            ),
        )
    assert refused.value.status == 400
    # discord.py never sends both; another client might.
    path = f"/webhooks/{standin.world.application_id}/{interaction.token}"
    both = {"content": f"<@{alice}>", "allowed_mentions": {"parse": ["users"], "users": [alice]}}
    async with (
        aiohttp.ClientSession() as session,
        session.post(standin.base_url + path, json=both) as response,
    ):
        assert response.status == 400
    assert standin.server.rejections == [
        "allowed_mentions.users has 101 ids (at most 100)",
        "allowed_mentions.parse holds 'users' and allowed_mentions.users lists ids "
        "(mutually exclusive)",
    ]
    standin.server.rejections.clear()


async def test_a_channel_holds_at_most_250_pins(standin: StandIn, plain_bot: PlainBot) -> None:
    channel = plain_bot.get_channel(standin.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    for number in range(249):
        sent = await channel.send(str(number))
        standin.message(sent.id).pinned = True
    last, one_more = await channel.send("250th"), await channel.send("251st")
    await last.pin()
    with pytest.raises(discord.HTTPException) as refused:
        await one_more.pin()
    assert (refused.value.status, refused.value.code) == (400, 30003)
    assert standin.server.rejections == [
        f"pin message {one_more.id} in #general: 250 pins already (at most 250)"
    ]
    standin.server.rejections.clear()
    await last.pin()  # pinning a pinned message again is no new pin
    await last.unpin()
    await one_more.pin()
    assert standin.message(one_more.id).pinned


async def test_a_page_of_history_holds_1_to_100_messages(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    route = discord.http.Route(
        "GET", "/channels/{channel_id}/messages", channel_id=standin.channel("general").id
    )
    assert await plain_bot.http.request(route, params={"limit": 100}) == []
    with pytest.raises(discord.HTTPException) as refused:
        await plain_bot.http.request(route, params={"limit": 101})
    assert refused.value.status == 400
    assert standin.server.rejections == ["limit 101 is out of range (1-100)"]
    standin.server.rejections.clear()
