"""Discord's clocks on an interaction, kept by the stand-in on the world's clock.

An interaction is answered within 3 s or never (404 Unknown interaction, 10062);
once answered, its token serves follow-ups and the original response for
15 minutes, then 401 Invalid Webhook Token (50027); a second answer is 400
Interaction has already been acknowledged (40060). A test moves the world's clock
on with ``world.advance`` instead of waiting.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import aiohttp
import discord
import pytest

from bot.standin import StandIn, running
from bot.standin.state import InteractionRecord

from .plain_bot import PlainBot

FIFTEEN_MINUTES = timedelta(minutes=15)


@pytest.fixture
async def plain_bot(standin: StandIn) -> AsyncIterator[PlainBot]:
    async with running(PlainBot(standin.guild.id), standin) as client:
        yield client


async def call(standin: StandIn, method: str, path: str, body: object = None) -> tuple[int, Any]:
    """A raw request to the stand-in: the status and the JSON body Discord would send."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, standin.base_url + path, json=body) as response,
    ):
        return response.status, await response.json()


async def waiting(standin: StandIn) -> InteractionRecord:
    """The interaction the bot holds unanswered, once it went out on the gateway."""
    for _ in range(500):
        held = [
            r
            for r in standin.world.interactions.values()
            if r.sent_at is not None and r.callback is None
        ]
        if held:
            return held[-1]
        await asyncio.sleep(0.01)
    raise AssertionError("no interaction went out")


async def answer_after(standin: StandIn, client: PlainBot, delay: timedelta) -> Any:
    """Run ``gated``; let ``delay`` pass on the world's clock before the bot may answer."""
    client.gate.clear()
    task = asyncio.create_task(standin.slash("gated"))
    record = await waiting(standin)
    standin.world.advance(delay)
    client.gate.set()
    result = await task
    assert result.record is record
    return result


async def test_the_first_answer_has_three_seconds() -> None:
    async with (
        StandIn(callback_deadline=3.0) as strict,
        running(PlainBot(strict.guild.id), strict) as client,
    ):
        in_time = await answer_after(strict, client, timedelta(seconds=2.9))
        assert in_time.response.content == "through the gate"
        assert strict.server.rejections == []

        too_late = await answer_after(strict, client, timedelta(seconds=3.5))
        assert not too_late.answered
        assert len(strict.server.rejections) == 1
        assert "3s deadline (defer first)" in strict.server.rejections[0]
        # The token died with the deadline: the callback and any follow-up are refused.
        record = too_late.record
        assert await call(strict, "POST", f"/interactions/{record.id}/{record.token}/callback") == (
            404,
            {"code": 10062, "message": "Unknown interaction"},
        )
        app = strict.world.application_id
        status, body = await call(strict, "POST", f"/webhooks/{app}/{record.token}")
        assert (status, body["code"]) == (404, 10015)


async def test_without_a_deadline_an_answer_still_dies_with_its_token(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    result = await answer_after(standin, plain_bot, FIFTEEN_MINUTES + timedelta(seconds=1))
    assert not result.answered
    assert ["900s deadline (defer first)" in r for r in standin.server.rejections] == [True]
    standin.server.rejections.clear()


async def test_the_token_serves_the_response_for_fifteen_minutes(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    result = await standin.slash("keep")
    interaction = plain_bot.kept[-1]
    standin.world.advance(FIFTEEN_MINUTES - timedelta(seconds=1))
    await interaction.followup.send("still in time")
    await interaction.edit_original_response(content="kept (edited)")
    assert [m.content for m in result.followups] == ["still in time"]
    assert result.message.content == "kept (edited)"
    assert standin.server.rejections == []

    standin.world.advance(timedelta(seconds=2))
    attempts = (
        interaction.followup.send("too late"),
        interaction.edit_original_response(content="too late"),
        interaction.original_response(),
        interaction.delete_original_response(),
    )
    for attempt in attempts:
        with pytest.raises(discord.HTTPException) as refused:
            await attempt
        assert (refused.value.status, refused.value.code) == (401, 50027)
        assert refused.value.text == "Invalid Webhook Token"
    assert result.message.content == "kept (edited)"
    assert not result.message.deleted
    assert len(result.followups) == 1
    assert len(standin.server.rejections) == 4
    assert all("minutes old (tokens last 15)" in r for r in standin.server.rejections)
    standin.server.rejections.clear()


async def test_a_second_answer_is_refused(standin: StandIn, plain_bot: PlainBot) -> None:
    result = await standin.slash("echo", text="once")
    record = result.record
    again = {"type": 4, "data": {"content": "twice"}}
    assert await call(
        standin, "POST", f"/interactions/{record.id}/{record.token}/callback", again
    ) == (400, {"code": 40060, "message": "Interaction has already been acknowledged."})
    assert result.embed["description"] == "once"
    assert standin.server.rejections == [f"interaction {record.id} acknowledged twice"]
    standin.server.rejections.clear()


async def test_a_click_much_later_brings_its_own_token(
    standin: StandIn, plain_bot: PlainBot
) -> None:
    counter = await standin.slash("counter")
    standin.world.advance(timedelta(hours=2))
    clicked = await standin.click(counter.message, "Plus")
    assert clicked.response.type == 7
    assert counter.message.content == "count 1"
    assert standin.server.rejections == []
