"""The bot: built once from settings, storage, a dice roller and a clock.

``run_bot`` owns the long-lived resources (the database) around the bot's
lifetime; ``build_bot`` wires one bot from them. Both take the dice roller and
the clock as arguments so a test or the sandbox can script them.

The bot is auto-sharded: one process serves every shard Discord asks for, unless
``SHARD_COUNT`` (and ``SHARD_IDS``) give this process its part of a cluster.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import logging
import pkgutil
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.attack_messages import LiveDefenses
from bot.command_sync import CommandsRefused
from bot.config import Settings
from bot.errors import GurpsCommandTree
from bot.i18n import CatalogTranslator, LocaleCode, Messages, locale_for
from bot.storage.database import Database, Opener
from bot.storage.guild_settings import GuildSettings, GuildSettingsRepository
from bot.tracker import EDIT_INTERVAL, LiveTrackers
from rules.options import RuleOptions
from rules.roller import DiceRoller, RandomDice

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
COGS_PACKAGE = "cogs"


def utc_now() -> datetime:
    """The production clock."""
    return datetime.now(UTC)


def freeze_startup_objects() -> None:
    """Move what start-up built (modules, catalogs, the command tree, pydantic's
    validators: some 100,000 objects that live as long as the process) out of the
    garbage collector's sight, once per process.

    A full collection otherwise walks them all, an 80 ms pause in whatever interaction
    it lands on; with them frozen it walks only what the bot built since (20 ms with
    a fight running). Frozen objects are never collected, hence one collection just
    before and one freeze per process (tests start many bots in one).
    """
    if gc.get_freeze_count():
        return
    gc.collect()
    gc.freeze()


def default_intents() -> discord.Intents:
    """Slash commands need only guild events; nothing privileged."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


def discover_extensions(package: str = COGS_PACKAGE) -> list[str]:
    """Every module of ``package`` (private ``_name`` modules excepted), sorted."""
    module = importlib.import_module(package)
    return sorted(
        f"{package}.{info.name}"
        for info in pkgutil.iter_modules(module.__path__)
        if not info.name.startswith("_")
    )


@dataclass(frozen=True, slots=True)
class CommandContext:
    """What every command needs to know about where it runs."""

    locale: LocaleCode
    options: RuleOptions
    guild: GuildSettings | None
    """The guild's stored settings; ``None`` in direct messages."""


class GurpsBot(commands.AutoShardedBot):
    """The GURPS combat bot. Cogs reach everything they need through it."""

    tree: GurpsCommandTree[GurpsBot]

    def __init__(
        self,
        settings: Settings,
        database: Database,
        dice: DiceRoller,
        clock: Clock,
        *,
        messages: Messages | None = None,
        sync_on_start: bool = True,
        tracker_interval: float = EDIT_INTERVAL,
        **options: Any,
    ) -> None:
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
            if settings.shard_ids is not None:
                options.setdefault("shard_ids", list(settings.shard_ids))
        options.setdefault("intents", default_intents())
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            tree_cls=GurpsCommandTree,
            **options,
        )
        self.settings = settings
        self.database = database
        self.dice = dice
        self.clock = clock
        self.messages = messages or Messages.load(fallback=settings.default_locale)
        self.guild_settings = GuildSettingsRepository(database)
        self.sync_on_start = sync_on_start
        self.trackers = LiveTrackers(self, interval=tracker_interval)
        self.defenses = LiveDefenses(self)

    async def setup_hook(self) -> None:
        await self.database.migrate()
        self.trackers.start()
        self.defenses.start()
        for extension in discover_extensions():
            await self.load_extension(extension)
            log.debug("loaded extension %s", extension)
        await self.tree.set_translator(CatalogTranslator(self.messages))
        freeze_startup_objects()
        if self.sync_on_start and self.settings.dev_guild_id is not None:
            try:
                synced = await self.sync_commands(self.settings.dev_guild_id)
            except CommandsRefused as refused:
                log.error("%s", refused)
                raise
            log.info(
                "synced %d commands to development guild %s",
                len(synced),
                self.settings.dev_guild_id,
            )

    async def sync_commands(self, guild_id: int | None = None) -> list[app_commands.AppCommand]:
        """Publish the commands to one guild (instant) or globally (``None``).

        Raises :class:`~bot.command_sync.CommandsRefused` when Discord refuses them.
        """
        if guild_id is None:
            return await self.tree.sync()
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)

    async def close(self) -> None:
        """Send the tracker edits and the defense refreshes still due, then disconnect."""
        await self.trackers.close()
        await self.defenses.close()
        await super().close()

    async def on_ready(self) -> None:
        log.info("connected as %s in %d guilds", self.user, len(self.guilds))

    async def settings_for(self, guild_id: int | None) -> GuildSettings | None:
        """The guild's stored settings, or ``None`` in direct messages."""
        if guild_id is None:
            return None
        return await self.guild_settings.get(guild_id)

    async def context_for(self, interaction: discord.Interaction[Any]) -> CommandContext:
        """Reply language and rule options for ``interaction``, from one settings read."""
        stored = await self.settings_for(interaction.guild_id)
        guild_default: str = self.settings.default_locale
        if stored is not None and stored.locale is not None:
            guild_default = stored.locale
        return CommandContext(
            locale=locale_for(interaction, guild_default),
            options=stored.rule_options if stored is not None else RuleOptions(),
            guild=stored,
        )

    async def locale_for(self, interaction: discord.Interaction[Any]) -> LocaleCode:
        """The language to reply in: the user's client, else the guild's, else the bot's default."""
        return (await self.context_for(interaction)).locale


def describe_shards(settings: Settings) -> str:
    """Which shards this process serves, for a log line."""
    if settings.shard_count is None:
        return "every shard Discord recommends"
    if settings.shard_ids is None:
        return f"all {settings.shard_count} shards"
    return f"shards {list(settings.shard_ids)} of {settings.shard_count}"


def open_database(settings: Settings) -> Opener:
    """The database the settings name (``DATABASE_URL``, else the ``DATABASE_PATH`` file)."""
    return Database.open(settings.database_target, pool_size=settings.database_pool_size)


def build_bot(
    settings: Settings,
    database: Database,
    *,
    dice: DiceRoller | None = None,
    clock: Clock | None = None,
    messages: Messages | None = None,
    sync_on_start: bool = True,
    **options: Any,
) -> GurpsBot:
    """Wire a bot; without ``dice`` it rolls :class:`RandomDice` seeded by ``DICE_SEED``."""
    return GurpsBot(
        settings,
        database,
        dice if dice is not None else RandomDice(settings.dice_seed),
        clock if clock is not None else utc_now,
        messages=messages,
        sync_on_start=sync_on_start,
        **options,
    )


async def run_bot(
    settings: Settings,
    *,
    dice: DiceRoller | None = None,
    clock: Clock | None = None,
    messages: Messages | None = None,
    **options: Any,
) -> None:
    """Open the database, run the bot until it is closed or the process is signalled, clean up.

    To run against another Discord endpoint, point ``discord.http.Route.BASE``
    (and the gateway) elsewhere before calling this.
    """
    token = settings.require_token()
    async with open_database(settings) as database:
        log.info("serving %s from %s", describe_shards(settings), database.description)
        bot = build_bot(settings, database, dice=dice, clock=clock, messages=messages, **options)
        async with bot:
            with _close_on_signals(bot):
                await bot.start(token)
    log.info("shut down cleanly")


async def sync_commands(settings: Settings, guild_id: int | None) -> list[str]:
    """Log in, publish the commands (to ``guild_id`` or globally), log out; return the names."""
    token = settings.require_token()
    async with open_database(settings) as database:
        bot = build_bot(settings, database, sync_on_start=False)
        async with bot:
            await bot.login(token)
            synced = await bot.sync_commands(guild_id)
    return [command.name for command in synced]


@contextlib.contextmanager
def _close_on_signals(bot: GurpsBot) -> Iterator[None]:
    """SIGINT/SIGTERM close the bot, which ends ``bot.start`` and unwinds the ``async with``s."""
    loop = asyncio.get_running_loop()
    installed: list[signal.Signals] = []
    closing: set[asyncio.Task[None]] = set()

    def close() -> None:
        log.info("signal received, closing")
        task = loop.create_task(bot.close())
        closing.add(task)
        task.add_done_callback(closing.discard)

    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, close)
        except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
            continue
        installed.append(signum)
    try:
        yield
    finally:
        for signum in installed:
            loop.remove_signal_handler(signum)
