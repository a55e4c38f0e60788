"""Never miss Discord's 3-second deadline: a handler still working by then is deferred for it.

Discord drops an interaction that gets no answer within three seconds of its
creation, and the user sees "The application did not respond". A command is
usually answered in a few milliseconds, but a locked database or a slow disk
can stall one. :func:`guard` gives an interaction a :class:`GuardedResponse`
as the bot receives it: if nothing has answered :data:`DEFER_AFTER` seconds
later, it defers (a "thinking…" message for a command, a silent acknowledgement
for a button) and the handler's own answer, when it comes, completes that
instead: the handler's code does not change.

``prepare``, when given, sees every answer before it goes out (the bot names
``/rules`` for the rule ids an answer cites, :mod:`bot.citations`).

Work a handler starts for later (an edit of another message) waits for the answer
first: :func:`current_answer` is the guarded response of the interaction being
handled, and :meth:`GuardedResponse.answered` returns once the handler answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

import discord
from discord.utils import MISSING

log = logging.getLogger(__name__)

__all__ = ["DEFER_AFTER", "GuardedResponse", "Prepare", "current_answer", "guard"]

DEFER_AFTER = 2.0
"""Seconds after the bot received an interaction when an unanswered one is deferred: a
margin under Discord's 3 s (counted from its creation) for the trip here and back."""


class GuardedResponse(discord.InteractionResponse[Any]):
    """An interaction's response that defers itself before the deadline if nobody answered.

    Once deferred, ``send_message`` edits the "thinking…" message (or, for an
    ephemeral answer, replaces it with an ephemeral follow-up) and ``edit_message``
    edits the message the button was on.
    """

    __slots__ = (
        "_answered",
        "_completed",
        "_deferred_for_handler",
        "_lock",
        "_prepare",
        "_timer",
        "_update",
    )

    def __init__(
        self,
        parent: discord.Interaction[Any],
        *,
        update: bool,
        prepare: Prepare | None = None,
    ) -> None:
        super().__init__(parent)
        self._update = update
        self._prepare = prepare
        self._lock = asyncio.Lock()
        self._deferred_for_handler = False
        self._completed = False
        self._timer: asyncio.TimerHandle | None = None
        self._answered = asyncio.Event()

    async def answered(self) -> None:
        """Until the handler answered (its message, its edit or its own deferral), or an
        answer failed."""
        await self._answered.wait()

    @property
    def awaiting_answer(self) -> bool:
        """Deferred for the handler, whose answer has not come yet."""
        return self._deferred_for_handler and not self._completed

    def start(self, delay: float) -> None:
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, delay), self._fire)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self) -> None:
        self._timer = None
        task = asyncio.get_running_loop().create_task(self._defer_for_handler())
        _KEEP.add(task)
        task.add_done_callback(_KEEP.discard)

    async def _defer_for_handler(self) -> None:
        async with self._lock:
            if self.is_done():
                return
            try:
                if self._update:
                    await super().defer()
                else:
                    await super().defer(thinking=True)
            except discord.HTTPException:
                log.warning("could not defer interaction %s", self._parent.id, exc_info=True)
                return
            self._deferred_for_handler = True
            log.info("interaction %s deferred: its handler is still working", self._parent.id)

    async def defer(self, **kwargs: Any) -> None:
        self._stop()
        try:
            async with self._lock:
                if self._deferred_for_handler:
                    return
                await super().defer(**kwargs)
        finally:
            self._answered.set()

    async def send_message(  # type: ignore[override]
        self,
        content: Any | None = None,
        *,
        ephemeral: bool = False,
        **kwargs: Any,
    ) -> discord.InteractionCallbackResponse[Any] | None:
        """As :meth:`discord.InteractionResponse.send_message`; ``None`` once deferred."""
        try:
            return await self._send_message(content, ephemeral=ephemeral, **kwargs)
        finally:
            self._answered.set()

    async def _send_message(
        self, content: Any | None, *, ephemeral: bool, **kwargs: Any
    ) -> discord.InteractionCallbackResponse[Any] | None:
        self._stop()
        if self._prepare is not None:
            await self._prepare(content, kwargs)
        async with self._lock:
            if not self._deferred_for_handler:
                return await super().send_message(content, ephemeral=ephemeral, **kwargs)
        parent = self._parent
        first = not self._completed
        self._completed = True
        if self._update or not first:
            # A button's message stays as it is; a second answer is a message of its own.
            await parent.followup.send(content or MISSING, ephemeral=ephemeral, **kwargs)
        elif ephemeral:
            # The "thinking…" message is public and cannot become private: replace it.
            with contextlib.suppress(discord.HTTPException):
                await parent.delete_original_response()
            await parent.followup.send(content or MISSING, ephemeral=True, **kwargs)
        else:
            await parent.edit_original_response(content=content, **_editable(kwargs))
        return None

    async def edit_message(self, **kwargs: Any) -> discord.InteractionCallbackResponse[Any] | None:
        """As :meth:`discord.InteractionResponse.edit_message`; ``None`` once deferred."""
        try:
            return await self._edit_message(**kwargs)
        finally:
            self._answered.set()

    async def _edit_message(self, **kwargs: Any) -> discord.InteractionCallbackResponse[Any] | None:
        self._stop()
        if self._prepare is not None:
            await self._prepare(kwargs.get("content"), kwargs)
        async with self._lock:
            if not self._deferred_for_handler:
                return await super().edit_message(**kwargs)
        self._completed = True
        await self._parent.edit_original_response(**_editable(kwargs))
        return None


Prepare = Callable[[Any, dict[str, Any]], Awaitable[None]]
"""Sees an answer's content and keywords before it is sent (and may change its embeds)."""

_ANSWERING: ContextVar[GuardedResponse | None] = ContextVar("answering", default=None)
"""The guarded response of the interaction the running task handles."""


def current_answer() -> GuardedResponse | None:
    """The guarded response of the interaction being handled here (``None``: outside one)."""
    return _ANSWERING.get()


_KEEP: set[asyncio.Task[None]] = set()
"""Deferrals in flight (the loop keeps only weak references to tasks)."""


def _editable(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``send_message``'s keywords as ``edit_original_response`` takes them."""
    edited = dict(kwargs)
    files = [*([edited.pop("file")] if "file" in edited else []), *edited.pop("files", [])]
    if files:
        edited["attachments"] = files
    for dropped in ("tts", "suppress_embeds", "silent", "delete_after"):
        edited.pop(dropped, None)
    return edited


def guard(
    interaction: discord.Interaction[Any], *, update: bool = False, prepare: Prepare | None = None
) -> None:
    """Give ``interaction`` a response that defers itself before Discord's deadline.

    ``update`` for a component whose answer edits its own message; ``prepare`` sees
    each answer before it goes out. Call it before anything touches
    ``interaction.response``; a second call does nothing.
    """
    if interaction.type is discord.InteractionType.autocomplete:
        return  # suggestions cannot be deferred; Discord just shows none
    if isinstance(getattr(interaction, "_cs_response", None), GuardedResponse):
        return
    response = GuardedResponse(interaction, update=update, prepare=prepare)
    interaction._cs_response = response  # type: ignore[attr-defined]
    _ANSWERING.set(response)
    response.start(DEFER_AFTER)
