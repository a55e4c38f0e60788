"""The live tracker: one message that shows a running fight, edited after every change.

It is :func:`~bot.render.encounter.render_tracker` as the players see it (hidden
NPC numbers stay hidden), fitted into the one message it lives in: a fight too big
for one message shows whom it can and says how many more ``/encounter status``
lists. Once the fight is over it says so at the top. Like every answer, it names
``/rules`` for the rule ids it cites.
"""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.common import (
    MAX_TOTAL,
    ResultKind,
    embed_length,
    new_embed,
    pack_messages,
    set_footer,
)
from bot.render.encounter import fighters_in, render_tracker
from bot.render.reference import cite_rules
from rules.encounter import Encounter

__all__ = ["render_live_tracker", "render_reordered"]


def render_live_tracker(
    encounter: Encounter, messages: Messages, locale: str, *, ended: bool = False
) -> list[discord.Embed]:
    """The embeds of the tracker's one message (at most 10, 6000 characters in all)."""
    embeds = render_tracker(encounter, messages, locale)
    if ended:
        first = embeds[0]
        over = messages.text("tracker.ended", locale)
        first.description = f"{over}\n{first.description}" if first.description else over
    shown, *rest = pack_messages(embeds)
    if not rest:
        cite_rules(shown, messages, locale)
        return shown
    hidden = sum(
        fighters_in(field.name or "") for part in rest for embed in part for field in embed.fields
    )
    footer = (embeds[-1].footer.text or "").strip()
    last = shown[-1]
    while True:
        note = messages.text("tracker.more", locale, count=hidden)
        text = f"{footer} · {note}" if footer else note
        used = sum(embed_length(embed) for embed in shown) - len(last.footer.text or "")
        if used + len(text) <= MAX_TOTAL or not last.fields:
            break
        hidden += fighters_in(last.fields[-1].name or "")
        last.remove_field(len(last.fields) - 1)
    set_footer(last, text)
    cite_rules(shown, messages, locale)
    return shown


def render_reordered(encounter: Encounter, messages: Messages, locale: str) -> discord.Embed:
    """``/encounter reorder`` while the tracker shows the rest: the new order in one line."""
    order = ", ".join(f"{i}. {c.name}" for i, c in enumerate(encounter.ordered(), start=1))
    return new_embed(
        ResultKind.INFO, description=messages.text("tracker.reordered", locale, order=order)
    )
