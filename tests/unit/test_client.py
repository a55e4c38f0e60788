"""GurpsBot wiring: intents, mentions, error tree, extension discovery, per-command context."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.client import (
    GurpsBot,
    build_bot,
    describe_shards,
    discover_extensions,
    freeze_startup_objects,
    utc_now,
)
from bot.config import Settings
from bot.errors import GurpsCommandTree
from bot.storage.database import Database
from rules.dice import roll
from rules.options import RuleOptions
from rules.roller import RandomDice, ScriptedDice

TOKEN = "MTA4NjQ1NzM2MjE5ODc2NTQzMg.GhJk1a.abcdefghijklmnopqrstuvwxyzABCDEFGH12"


@pytest.fixture
async def database(tmp_path: Path) -> AsyncIterator[Database]:
    async with Database.open(tmp_path / "client.sqlite3") as db:
        await db.migrate()
        yield db


def _settings(tmp_path: Path, **overrides: Any) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=TOKEN,
        database_path=tmp_path / "client.sqlite3",
        **overrides,
    )


def _interaction(guild_id: int | None, locale: discord.Locale) -> discord.Interaction[Any]:
    return cast(discord.Interaction[Any], SimpleNamespace(guild_id=guild_id, locale=locale))


async def test_bot_is_built_with_least_privilege(tmp_path: Path, database: Database) -> None:
    moment = datetime(2026, 5, 1, tzinfo=UTC)
    dice = ScriptedDice([])
    bot = GurpsBot(_settings(tmp_path), database, dice, lambda: moment)
    assert bot.intents.value == discord.Intents(guilds=True).value
    assert not bot.intents.message_content
    assert not bot.intents.members
    mentions = bot.allowed_mentions
    assert mentions is not None
    assert mentions.to_dict() == discord.AllowedMentions.none().to_dict()
    assert isinstance(bot.tree, GurpsCommandTree)
    assert bot.dice is dice
    assert bot.clock() == moment
    assert bot.messages.fallback == "en"


async def test_shard_settings_make_the_bot_serve_only_its_shards(
    tmp_path: Path, database: Database
) -> None:
    """SHARD_COUNT and SHARD_IDS reach the AutoShardedBot; without them it asks Discord."""
    clock = utc_now
    ranged = GurpsBot(
        _settings(tmp_path, shard_count=8, shard_ids="2-3,6"), database, ScriptedDice([]), clock
    )
    assert (ranged.shard_count, ranged.shard_ids) == (8, [2, 3, 6])
    everything = GurpsBot(_settings(tmp_path, shard_count=4), database, ScriptedDice([]), clock)
    assert (everything.shard_count, everything.shard_ids) == (4, None)
    default = GurpsBot(_settings(tmp_path), database, ScriptedDice([]), clock)
    assert (default.shard_count, default.shard_ids) == (None, None)
    assert describe_shards(ranged.settings) == "shards [2, 3, 6] of 8"
    assert describe_shards(everything.settings) == "all 4 shards"
    assert describe_shards(default.settings) == "every shard Discord recommends"


def test_every_public_cog_module_is_discovered() -> None:
    cogs_dir = Path(__file__).resolve().parents[2] / "cogs"
    public = sorted(
        f"cogs.{path.stem}" for path in cogs_dir.glob("*.py") if not path.stem.startswith("_")
    )
    assert discover_extensions() == public
    assert {"cogs.roll", "cogs.settings"} <= set(public)


async def test_build_bot_seeds_dice_from_settings(tmp_path: Path, database: Database) -> None:
    seeded = build_bot(_settings(tmp_path, dice_seed=7), database)
    again = build_bot(_settings(tmp_path, dice_seed=7), database)
    assert isinstance(seeded.dice, RandomDice)
    first = [roll("3d", seeded.dice).total for _ in range(20)]
    assert first == [roll("3d", again.dice).total for _ in range(20)]
    assert seeded.clock is utc_now


async def test_context_in_direct_messages_uses_defaults(tmp_path: Path, database: Database) -> None:
    bot = build_bot(_settings(tmp_path, default_locale="pt-BR"), database)
    context = await bot.context_for(_interaction(None, discord.Locale.german))
    assert (context.locale, context.options, context.guild) == ("pt-BR", RuleOptions(), None)
    english = await bot.context_for(_interaction(None, discord.Locale.american_english))
    assert english.locale == "en"


async def test_context_reads_the_guild_settings(tmp_path: Path, database: Database) -> None:
    bot = build_bot(_settings(tmp_path), database)
    await bot.guild_settings.set_locale(10, "pt-BR")
    await bot.guild_settings.set_rule_option(10, "extended_criticals", True)
    context = await bot.context_for(_interaction(10, discord.Locale.french))
    assert context.locale == "pt-BR"
    assert context.options == RuleOptions(extended_criticals=True)
    assert context.guild is not None
    assert context.guild.guild_id == 10
    assert await bot.locale_for(_interaction(10, discord.Locale.british_english)) == "en"
    assert await bot.locale_for(_interaction(11, discord.Locale.french)) == "en"


def test_start_up_objects_are_frozen_once_per_process() -> None:
    """What start-up built leaves the collector's full collections; a second bot in the
    same process (tests, the sandbox) freezes nothing more, since frozen objects are
    never collected."""
    freeze_startup_objects()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    built_later = [[index] for index in range(1000)]
    freeze_startup_objects()
    assert gc.get_freeze_count() == frozen
    assert len(built_later) == 1000
