"""A handler stalled near Discord's 3-second deadline is deferred for it, then completed.

The stand-in refuses a first answer later than its ``callback_deadline``, as Discord does
after 3 s. Here a slow disk is played by a database write that waits, the deadline is
scaled down (``DEFER_AFTER`` 0.2 s, the stand-in's deadline 0.6 s) so the test is quick.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot import deadline
from bot.client import GurpsBot
from bot.standin import StandIn
from bot.standin.live import LiveBot
from bot.storage.sqlite import SqliteDatabase
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, ana_hp, fields, start_duel

DEFERRED_MESSAGE = 5
DEFERRED_UPDATE = 6


@pytest.fixture
async def slow_standin() -> AsyncIterator[StandIn]:
    async with StandIn(callback_deadline=0.6) as running:
        yield running
    assert running.server.rejections == []


@pytest.fixture
async def slow_bot(
    slow_standin: StandIn, dice: ScriptedDice, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[GurpsBot]:
    monkeypatch.setattr(deadline, "DEFER_AFTER", 0.2)
    live = LiveBot(slow_standin, tmp_path / "slow.sqlite3", dice)
    try:
        yield await live.start()
    finally:
        await live.stop()


def slow_writes(monkeypatch: pytest.MonkeyPatch, seconds: float = 0.8) -> None:
    """Every write from now on waits ``seconds`` first, like a disk that stalls."""
    real = SqliteDatabase.write

    async def stalled(self: SqliteDatabase, job: Callable[..., Any]) -> Any:
        await asyncio.sleep(seconds)
        return await real(self, job)

    monkeypatch.setattr(SqliteDatabase, "write", stalled)


async def test_a_stalled_command_is_deferred_then_completed(
    slow_standin: StandIn, slow_bot: GurpsBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_duel(slow_standin, slow_bot)
    slow_writes(monkeypatch)
    hurt = await slow_standin.slash(
        "damage", {"target": "Ana", "amount": 4, "type": "cr"}, user="gm", channel=CHANNEL
    )
    assert hurt.errors == []
    assert hurt.callback_type == DEFERRED_MESSAGE
    assert not hurt.ephemeral
    assert fields(hurt.embed)["Injury"].startswith("**3**")  # 4 crushing, DR 1
    assert await ana_hp(slow_bot, slow_standin) == 11 - 3


async def test_a_stalled_refusal_replaces_the_thinking_message_privately(
    slow_standin: StandIn, slow_bot: GurpsBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_duel(slow_standin, slow_bot)
    real = GurpsBot.context_for

    async def stalled(self: GurpsBot, interaction: Any) -> Any:
        await asyncio.sleep(0.8)
        return await real(self, interaction)

    monkeypatch.setattr(GurpsBot, "context_for", stalled)
    refused = await slow_standin.slash(
        "damage", {"target": "Nobody", "amount": 4, "type": "cr"}, user="gm", channel=CHANNEL
    )
    assert refused.callback_type == DEFERRED_MESSAGE
    assert refused.errors == []
    (note,) = [m for m in refused.messages if not m.deleted]
    assert note.ephemeral
    assert "Nobody" in note.embeds[0]["description"]


async def test_a_stalled_defense_click_is_deferred_then_edits_its_message(
    slow_standin: StandIn,
    slow_bot: GurpsBot,
    dice: ScriptedDice,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await start_duel(slow_standin, slow_bot)
    dice.extend([3, 4, 4])  # 11 vs 13: the orc hits
    attack = await slow_standin.slash(
        "attack", {"attacker": "Orc", "target": "Ana"}, user="gm", channel=CHANNEL
    )
    slow_writes(monkeypatch)
    dice.extend([3, 3, 3])  # Dodge 9 made on a 9
    clicked = await slow_standin.click(attack.message, "Dodge 9", user="alice")
    assert clicked.errors == []
    assert clicked.callback_type == DEFERRED_UPDATE
    shown = attack.message
    assert shown.components == []
    assert any("Dodge" in str(embed) for embed in shown.embeds[1:])
    assert await ana_hp(slow_bot, slow_standin) == 11
