"""What follows committed encounter changes to keep Discord messages in step with them.

The live tracker (:mod:`bot.tracker`) and the waiting blows' defense buttons
(:mod:`bot.attack_messages`) both watch the repository's committed changes
(:meth:`~bot.storage.live.LiveEncounters.watch`), note what is due and return at once,
then edit messages from one task per channel, so that a command's answer never waits
for an edit and one channel's edits come in order. :class:`ChangeFollower` is that
shared part: the watching, the task per channel, and a shutdown that sends what is
still due.
"""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Final

from bot.storage.encounter import EncounterRepository
from bot.storage.live import Committed

if TYPE_CHECKING:
    from bot.client import GurpsBot

__all__ = ["CLOSE_TIMEOUT", "ChangeFollower"]

CLOSE_TIMEOUT: Final = 5.0
"""How long shutting down waits for the edits still due."""


class ChangeFollower(ABC):
    """Follows committed changes with a task per channel (see the module)."""

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._closing = asyncio.Event()
        self.edits = 0
        """Messages edited since the bot started (a measure for tests and logs)."""

    @abstractmethod
    def changed(self, change: Committed) -> None:
        """A change committed: note what it makes due and return at once
        (:meth:`_run` starts the channel's task)."""

    def start(self) -> None:
        self._closing.clear()
        self.encounters.live.watch(self.changed)

    async def close(self) -> None:
        """Send the edits still due (without waiting out any interval), then stop."""
        self.encounters.live.unwatch(self.changed)
        self._closing.set()
        workers = list(self._workers.values())
        if workers:
            _, pending = await asyncio.wait(workers, timeout=CLOSE_TIMEOUT)
            for task in pending:
                task.cancel()
            for task in pending:
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def settled(self) -> None:
        """Until every edit due has been sent."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    def _run(self, channel_id: int, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Start ``work()`` as the channel's task unless one runs: a running one finds what
        is due when it gets there."""
        if channel_id in self._workers:
            return

        async def worker() -> None:
            try:
                await work()
            finally:
                del self._workers[channel_id]

        name = f"{type(self).__name__}-{channel_id}"
        self._workers[channel_id] = asyncio.get_running_loop().create_task(worker(), name=name)
