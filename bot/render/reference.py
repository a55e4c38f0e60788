"""``/rules`` answers, and the footer that makes every cited rule id something to look up.

:func:`render_rule` is one entry of the rules reference in the reader's language:
its statement, its table in a code block, its Basic Set pages and the server's
rule options that change it, with their value here. :func:`cite_rules` adds a
last footer line naming ``/rules`` with the ids a message cites (``📖 Look up:
/rules R6.9, R7.6``), so no id is left without a way to read it.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Messages
from bot.reference import RuleEntry, cited_ids
from bot.render.common import (
    MAX_TOTAL,
    ResultKind,
    add_field,
    embed_length,
    new_embed,
    set_footer,
)
from rules.options import RuleOptions

__all__ = ["CITE_MARK", "cite_rules", "render_rule", "render_rule_choices", "rule_label"]

CITE_MARK = "📖"
"""Starts the footer line :func:`cite_rules` writes (and finds again, to replace it)."""
MAX_CITED = 12
"""Ids named at most in one footer (a damage breakdown cites half a dozen)."""


def rule_label(entry: RuleEntry, locale: str) -> str:
    """``R6.9 · Retreat``."""
    return f"{entry.id} · {entry.text(locale).name}"


def _table(rows: Sequence[Sequence[str]]) -> str:
    """The table in a code block, columns aligned, a rule under the header."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))

    header, *body = rows
    lines = [line(header), "  ".join("-" * width for width in widths), *map(line, body)]
    return "```\n" + "\n".join(text.rstrip() for text in lines) + "\n```"


def render_rule(
    entry: RuleEntry, messages: Messages, locale: str, options: RuleOptions | None = None
) -> discord.Embed:
    """One rule: what it says, its table, where the Basic Set has it, the options changing it.

    ``options`` are the server's (``None`` outside a server: the options are named
    without a value).
    """
    text = entry.text(locale)
    description = text.text
    if text.table:
        description += "\n" + _table(text.table)
    embed = new_embed(ResultKind.INFO, title=rule_label(entry, locale), description=description)
    pages = ", ".join(entry.pages) or messages.text("reference.no_page", locale)
    add_field(embed, messages.text("reference.pages", locale), pages, inline=False)
    for name in entry.options:
        value = messages.text(f"settings.option.{name}.description", locale)
        if options is not None:
            state = "on" if getattr(options, name) else "off"
            value = messages.text(f"reference.option.{state}", locale, description=value)
        add_field(
            embed,
            messages.text(
                "reference.option.title",
                locale,
                name=messages.text(f"settings.option.{name}.name", locale),
            ),
            value,
            inline=False,
        )
    set_footer(embed, messages.text("reference.footer", locale))
    return embed


def render_rule_choices(
    entries: Sequence[RuleEntry], typed: str, messages: Messages, locale: str
) -> discord.Embed:
    """Several rules match what was typed: their ids and names, to pick one."""
    embed = new_embed(
        ResultKind.INFO,
        title=messages.text("reference.choices", locale, typed=typed.strip()),
        description="\n".join(f"`{e.id}` {e.text(locale).name}" for e in entries),
    )
    set_footer(embed, messages.text("reference.choose", locale))
    return embed


def cite_rules(
    embeds: Sequence[discord.Embed], messages: Messages, locale: str, content: str | None = None
) -> None:
    """Name ``/rules`` with the ids the message cites, on the last footer line of its last
    embed (the line is written again, not added twice, when a message is edited). A
    ``/rules`` answer (titled ``R6.9 · Retreat``) does not send the reader to itself.

    Changes the embeds in place; leaves them as they are when the message cites no id
    or the line would not fit in Discord's 6000 characters.
    """
    if not embeds:
        return
    for embed in embeds:
        _drop_citation(embed)
    texts = [content or ""]
    for embed in embeds:
        texts.extend((embed.title or "", embed.description or "", embed.footer.text or ""))
        texts.extend(f"{field.name} {field.value}" for field in embed.fields)
    own = {
        embed.title.split(" · ", 1)[0] for embed in embeds if embed.title and " · " in embed.title
    }
    ids = [rule_id for rule_id in cited_ids("\n".join(texts)) if rule_id not in own]
    if not ids:
        return
    shown = ", ".join(ids[:MAX_CITED]) + (" …" if len(ids) > MAX_CITED else "")
    line = f"{CITE_MARK} {messages.text('reference.cite', locale, ids=shown)}"
    last = embeds[-1]
    footer = last.footer.text or ""
    text = f"{footer}\n{line}" if footer else line
    used = sum(embed_length(embed) for embed in embeds) - len(footer)
    if used + len(text) <= MAX_TOTAL:
        set_footer(last, text)


def _drop_citation(embed: discord.Embed) -> None:
    footer = embed.footer.text
    if not footer or CITE_MARK not in footer:
        return
    kept = "\n".join(line for line in footer.split("\n") if not line.startswith(CITE_MARK))
    if kept:
        embed.set_footer(text=kept, icon_url=embed.footer.icon_url)
    else:
        embed.remove_footer()
