"""The real product bot (``GurpsBot``) running against a stand-in, restartable on one database
(a SQLite file or a ``postgresql://`` database)."""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from bot.client import Clock, GurpsBot, open_database, utc_now
from bot.config import Settings
from bot.i18n import Messages
from bot.standin.driver import StandIn
from bot.standin.harness import running
from bot.storage.database import is_postgresql, sqlite_path
from rules.roller import DiceRoller


class LiveBot:
    """Starts ``GurpsBot`` on a database, connected to ``standin``; can restart it.

    The bot syncs its commands to the stand-in's guild (its development guild), so
    the driver can type them as soon as :meth:`start` returns.
    """

    def __init__(
        self,
        standin: StandIn,
        database: Path | str,
        dice: DiceRoller,
        *,
        clock: Clock = utc_now,
        default_locale: Literal["en", "pt-BR"] = "en",
        messages: Messages | None = None,
        **bot_options: Any,
    ) -> None:
        self.standin = standin
        self.database = database
        self.dice = dice
        self.clock = clock
        where: dict[str, Any] = (
            {"database_url": database}
            if is_postgresql(database)
            else {"database_path": sqlite_path(database)}
        )
        self.settings = Settings(
            _env_file=None,
            dev_guild_id=standin.guild.id,
            default_locale=default_locale,
            **where,
        )
        self.messages = messages
        self.bot_options = bot_options
        self.starts = 0
        self._stack: contextlib.AsyncExitStack | None = None
        self._bot: GurpsBot | None = None

    @property
    def running(self) -> bool:
        return self._bot is not None

    @property
    def bot(self) -> GurpsBot:
        if self._bot is None:
            raise RuntimeError("the bot is not running")
        return self._bot

    async def start(self) -> GurpsBot:
        if self._stack is not None:
            raise RuntimeError("the bot is already running")
        stack = contextlib.AsyncExitStack()
        try:
            database = await stack.enter_async_context(open_database(self.settings))
            client = GurpsBot(
                self.settings,
                database,
                self.dice,
                self.clock,
                messages=self.messages,
                **self.bot_options,
            )
            self._bot = await stack.enter_async_context(running(client, self.standin))
        except BaseException:
            await stack.aclose()
            raise
        self._stack = stack
        self.starts += 1
        return self._bot

    async def stop(self) -> None:
        stack, self._stack = self._stack, None
        self._bot = None
        if stack is not None:
            await stack.aclose()

    async def restart(self) -> GurpsBot:
        """Close the bot and its database, then start a new bot on the same database."""
        await self.stop()
        return await self.start()

    async def __aenter__(self) -> GurpsBot:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()


def fixed_clock(moment: datetime) -> Clock:
    """A clock that always answers ``moment`` (for deterministic timestamps)."""
    return lambda: moment
