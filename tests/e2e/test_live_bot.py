"""The product bot starts against the stand-in, syncs its commands and restarts on one database."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.standin.live import LiveBot


async def test_bot_syncs_its_commands_to_the_guild(standin: StandIn, bot: GurpsBot) -> None:
    assert bot.is_ready()
    synced = {c["name"] for c in standin.commands()}
    registered = {c.name for c in bot.tree.get_commands()}
    assert synced == registered
    assert synced  # at least the core commands exist
    assert standin.unknown_routes == []


async def test_restart_keeps_the_database_and_resyncs(
    standin: StandIn, live_bot: LiveBot, bot: GurpsBot
) -> None:
    first_ids = {c["name"]: c["id"] for c in standin.commands()}
    again = await live_bot.restart()
    assert again is not bot
    assert bot.is_closed()
    assert again.is_ready()
    assert live_bot.starts == 2
    assert standin.server.identify_count == 2
    assert {c["name"]: c["id"] for c in standin.commands()} == first_ids
    assert await again.database.schema_version() >= 1
