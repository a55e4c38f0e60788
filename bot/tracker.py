"""The live tracker: one message per running fight, edited after every change.

``/encounter start`` answers with the tracker and pins that answer when the bot
may (Pin Messages). From then on every committed change to the fight (a turn,
damage, a condition, an undo, the end) is reported here by the repository
(:meth:`~bot.storage.live.LiveEncounters.watch`), and a task per channel edits
the message with the bot's own token, which takes View Channel and Embed Links
(an edit's embeds need Embed Links, like a new message's).

The edits never slow a command down: the command only notes that its channel
changed and returns. Each channel has at most one edit in flight, and a burst
of changes becomes few edits: while one edit runs, or while the channel waits
out :data:`EDIT_INTERVAL` since the last one, new changes only replace the state
to show, and the next edit shows the latest. One edit a second per channel
stays well under Discord's limit for editing messages in a channel.

The message id is stored with the fight (``Encounter.tracker``), so after a
restart the next change edits the same message. If the message was deleted,
the next change posts a new one (Send Messages) and pins it. When the fight
ends the tracker shows the final state and is unpinned. Every refusal is
logged and changes nothing else: without a tracker, ``/encounter next`` and
``/encounter undo`` show the whole tracker in their answers as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Final

import discord

from bot.followers import ChangeFollower
from bot.render.tracker import render_live_tracker
from bot.storage.live import Committed
from bot.storage.records import EncounterRecord
from rules.encounter import Encounter, TrackerMessage

if TYPE_CHECKING:
    from bot.client import GurpsBot

log = logging.getLogger(__name__)

__all__ = ["EDIT_INTERVAL", "LiveTrackers", "can_pin", "keeps_tracker"]

EDIT_INTERVAL: Final = 1.0
"""Seconds between two edits of one channel's tracker (Discord allows about five edits in
five seconds in a channel; the attack messages' edits share that)."""


def keeps_tracker(permissions: discord.Permissions) -> bool:
    """Whether the bot can keep a tracker up to date where it has ``permissions``."""
    return permissions.view_channel and permissions.embed_links


def can_pin(permissions: discord.Permissions) -> bool:
    return permissions.view_channel and permissions.pin_messages


def has_live_tracker(encounter: Encounter, permissions: discord.Permissions) -> bool:
    """Whether answers may leave the tracker out: the fight has one and it is kept."""
    return encounter.tracker is not None and keeps_tracker(permissions)


class LiveTrackers(ChangeFollower):
    """Keeps every running fight's tracker message in step with the fight."""

    def __init__(self, bot: GurpsBot, *, interval: float = EDIT_INTERVAL) -> None:
        super().__init__(bot)
        self.interval = interval
        self._due: dict[int, dict[int, EncounterRecord]] = {}
        """By channel, the latest state of each fight to show there (an ended fight and the
        next one started at once are both shown)."""
        self._last_edit: dict[int, float] = {}
        self._shown: dict[int, list[dict[str, object]]] = {}
        """What each tracker message was last edited to show, by message id: a change that
        does not show (a weapon added) costs no edit."""

    # ----------------------------------------------------------------- changes

    def changed(self, change: Committed) -> None:
        """A change to a fight committed: show it soon (returns at once)."""
        record = change.record
        if record.encounter.tracker is None or self.closing:
            return
        channel_id = record.channel_id
        self._due.setdefault(channel_id, {})[record.id] = record
        self._run(channel_id, lambda: self._work(channel_id))

    async def _work(self, channel_id: int) -> None:
        loop = asyncio.get_running_loop()
        while channel_id in self._due:
            wait = self._last_edit.get(channel_id, float("-inf")) + self.interval - loop.time()
            if wait > 0 and not self.closing:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._closing.wait(), wait)
            records = self._due.pop(channel_id)
            self._last_edit[channel_id] = loop.time()
            for record in records.values():
                try:
                    await self._show(record)
                except Exception:
                    log.exception("could not update the tracker in channel %s", channel_id)

    # ----------------------------------------------------------------- Discord

    async def _show(self, record: EncounterRecord) -> None:
        ended = record.status != "active"
        if not ended:
            # The freshest state, and the tracker as it is now (it may have been replaced).
            running = await self.encounters.active(record.channel_id)
            if running is None or running.id != record.id:
                return
            record = running
        tracker = record.encounter.tracker
        if tracker is None:
            return
        embeds = render_live_tracker(
            record.encounter, self.bot.messages, tracker.locale, ended=ended
        )
        content = [dict(embed.to_dict()) for embed in embeds]
        if self._shown.get(tracker.message_id) == content and not ended:
            return
        channel = self.bot.get_partial_messageable(record.channel_id)
        message = channel.get_partial_message(tracker.message_id)
        try:
            self.edits += 1
            await message.edit(embeds=embeds)
            self._shown[tracker.message_id] = content
        except discord.NotFound:
            if not ended:
                await self._replace(record, tracker, embeds)
            return
        except discord.HTTPException as error:
            log.warning(
                "could not edit the tracker %s in channel %s: %s",
                tracker.message_id,
                record.channel_id,
                error,
            )
            return
        if ended:
            self._shown.pop(tracker.message_id, None)
        if ended and tracker.pinned:
            try:
                await message.unpin()
            except discord.HTTPException as error:
                log.warning("could not unpin the tracker in %s: %s", record.channel_id, error)

    async def _replace(
        self, record: EncounterRecord, tracker: TrackerMessage, embeds: list[discord.Embed]
    ) -> None:
        """The tracker was deleted: post a new one, pin it, and remember it."""
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            sent = await channel.send(embeds=embeds)
        except discord.HTTPException as error:
            log.warning(
                "the tracker in channel %s was deleted and no new one could be posted: %s",
                record.channel_id,
                error,
            )
            await self.encounters.set_tracker(record.channel_id, None, encounter_id=record.id)
            return
        pinned = await self.pin(sent)
        replaced = TrackerMessage(message_id=sent.id, locale=tracker.locale, pinned=pinned)
        await self.encounters.set_tracker(record.channel_id, replaced, encounter_id=record.id)

    async def pin(self, message: discord.PartialMessage | discord.Message) -> bool:
        """Pin ``message``; a refusal (no Pin Messages, too many pins) is logged."""
        try:
            await message.pin()
        except discord.HTTPException as error:
            log.warning("could not pin the tracker in channel %s: %s", message.channel.id, error)
            return False
        return True
