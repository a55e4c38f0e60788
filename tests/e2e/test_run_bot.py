"""``run_bot`` as ``python -m bot run`` uses it: serves commands, stops cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

import pytest

import bot.client as client_module
from bot.client import GurpsBot, run_bot
from bot.config import Settings
from bot.standin import StandIn
from bot.standin.harness import point_discord_at
from rules.roller import ScriptedDice


async def _wait_ready(
    built: list[GurpsBot], was_built: asyncio.Event, task: asyncio.Task[None]
) -> GurpsBot:
    async def ready() -> GurpsBot:
        await was_built.wait()
        await built[0].wait_until_ready()
        return built[0]

    waiter = asyncio.ensure_future(ready())
    done, _ = await asyncio.wait({waiter, task}, timeout=15, return_when="FIRST_COMPLETED")
    if task in done:
        waiter.cancel()
        task.result()
        pytest.fail("run_bot returned before the bot was ready")
    assert waiter in done, "the bot was not ready within 15 s"
    return waiter.result()


async def test_run_bot_serves_and_closes_bot_and_database_on_sigterm(
    standin: StandIn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[GurpsBot] = []
    was_built = asyncio.Event()
    real_build = client_module.build_bot

    def build_and_attach(*args: Any, **kwargs: Any) -> GurpsBot:
        bot = real_build(*args, **kwargs)
        bot._connection.guild_ready_timeout = 0.05
        standin.attach(bot)
        built.append(bot)
        was_built.set()
        return bot

    monkeypatch.setattr(client_module, "build_bot", build_and_attach)
    database_path = tmp_path / "data" / "run.sqlite3"
    settings = Settings(
        _env_file=None,
        discord_token=standin.token,
        database_path=database_path,
        dev_guild_id=standin.guild.id,
    )
    with point_discord_at(standin.base_url, standin.gateway_url):
        task = asyncio.create_task(run_bot(settings, dice=ScriptedDice([4, 3, 3])))
        try:
            bot = await _wait_ready(built, was_built, task)
            await standin.wait_guilds_cached()
            result = await standin.slash("roll", dice="3d", user="alice")
            assert result.embed["fields"][0] == {"name": "Total", "value": "**10**", "inline": True}
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.wait_for(task, 15)
        finally:
            if not task.done():
                task.cancel()
            standin.detach()
    assert bot.is_closed()
    assert bot.database.closed
    assert await asyncio.to_thread(database_path.exists)
    # SQLite removes the write-ahead log when the last connection closes cleanly.
    assert not await asyncio.to_thread(Path(f"{database_path}-wal").exists)
