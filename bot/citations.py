"""Every reply that cites a rule id says how to read it: ``📖 Look up: /rules R6.9``.

:func:`citing` is what :func:`bot.deadline.guard` runs on an interaction's
answers (slash commands and defense buttons alike) before they go out;
:func:`cite_in` does it for embeds sent any other way (follow-ups). The footer
itself is :func:`bot.render.reference.cite_rules`, in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.deadline import Prepare
from bot.i18n import Messages
from bot.render.reference import cite_rules

__all__ = ["cite_in", "citing"]


def _embeds(kwargs: dict[str, Any]) -> list[discord.Embed]:
    embeds = kwargs.get("embeds")
    if isinstance(embeds, Sequence) and not isinstance(embeds, str):
        return [e for e in embeds if isinstance(e, discord.Embed)]
    embed = kwargs.get("embed")
    return [embed] if isinstance(embed, discord.Embed) else []


async def cite_in(
    interaction: discord.Interaction[Any],
    embeds: Sequence[discord.Embed],
    content: str | None = None,
) -> None:
    """Add the ``/rules`` footer to ``embeds`` (one message's) in the reader's language."""
    if not embeds:
        return
    client = interaction.client
    messages: Messages | None = getattr(client, "messages", None)
    locale_for = getattr(client, "locale_for", None)
    if messages is None or locale_for is None:
        return
    cite_rules(embeds, messages, await locale_for(interaction), content)


def citing(interaction: discord.Interaction[Any]) -> Prepare:
    """The :data:`Prepare` for ``interaction``'s answers."""

    async def prepare(content: Any, kwargs: dict[str, Any]) -> None:
        await cite_in(interaction, _embeds(kwargs), content if isinstance(content, str) else None)

    return prepare
