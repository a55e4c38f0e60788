"""Fixtures for end-to-end tests: a Discord stand-in and the real bot connected to it.

- ``standin``: a fresh stand-in (one guild, owner ``gm`` with the GM role, players
  ``alice``, ``bob``, ``carol``; channels ``#general``, ``#combat`` and a thread).
- ``dice``: the bot's ``ScriptedDice``; queue faces with ``dice.extend([...])``.
- ``live_bot``: the controller (``await live_bot.restart()`` keeps the database).
- ``bot``: the running ``GurpsBot``, commands synced to the stand-in's guild.

The bot's database is ``database_target`` (``tests/conftest.py``): a SQLite file, and
for the modules listed there a PostgreSQL database too (``[postgresql]`` runs).
``database_path`` is a SQLite file for the tests about SQLite's own files.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.standin.live import LiveBot
from rules.roller import ScriptedDice


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    """A fresh stand-in (default world) on an ephemeral port, stopped after the test.

    The test fails if the bot called a route the stand-in does not know, sent
    something Discord would refuse, or sent embeds Discord would quietly leave out
    (a test that does so on purpose clears ``standin.server.unknown_routes`` /
    ``rejections`` / ``silently_dropped``).
    """
    async with StandIn() as running_standin:
        yield running_standin
    server = running_standin.server
    gaps, refused, dropped = (
        running_standin.unknown_routes,
        server.rejections,
        server.silently_dropped,
    )
    if gaps or refused or dropped:
        pytest.fail(
            f"unknown routes: {gaps}; requests Discord would refuse: {refused}; "
            f"left out by Discord: {dropped}"
        )


@pytest.fixture
def dice() -> ScriptedDice:
    """The bot's dice: empty until the test queues faces; running out fails loudly."""
    return ScriptedDice([])


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "e2e.sqlite3"


@pytest.fixture
async def live_bot(
    standin: StandIn, dice: ScriptedDice, database_target: Path | str
) -> AsyncIterator[LiveBot]:
    controller = LiveBot(standin, database_target, dice)
    try:
        yield controller
    finally:
        await controller.stop()


@pytest.fixture
async def bot(live_bot: LiveBot) -> GurpsBot:
    """The real bot, connected and ready (closed by ``live_bot``'s teardown)."""
    return await live_bot.start()
