"""Shared rendering pieces: one colour per kind of result, embed-limit helpers, error embeds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Final

import discord

from bot.i18n import Messages
from rules.combatant import Skill, skill_key
from rules.damage import split_damage_type, split_st_base
from rules.ranged import shown

# Discord's embed limits.
MAX_TITLE: Final = 256
MAX_DESCRIPTION: Final = 4096
MAX_FIELDS: Final = 25
MAX_FIELD_NAME: Final = 256
MAX_FIELD_VALUE: Final = 1024
MAX_FOOTER: Final = 2048
MAX_AUTHOR: Final = 256
MAX_TOTAL: Final = 6000
MAX_EMBEDS: Final = 10
ELLIPSIS: Final = "…"


class ResultKind(StrEnum):
    """What an embed reports; each kind has one colour."""

    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_SUCCESS = "critical_success"
    CRITICAL_FAILURE = "critical_failure"
    DAMAGE = "damage"
    INFO = "info"
    ERROR = "error"


COLOURS: Final[Mapping[ResultKind, discord.Colour]] = {
    ResultKind.SUCCESS: discord.Colour(0x2E9E4F),
    ResultKind.FAILURE: discord.Colour(0xC0392B),
    ResultKind.CRITICAL_SUCCESS: discord.Colour(0xF1C40F),
    ResultKind.CRITICAL_FAILURE: discord.Colour(0x6E1414),
    ResultKind.DAMAGE: discord.Colour(0xE67E22),
    ResultKind.INFO: discord.Colour(0x5865F2),
    ResultKind.ERROR: discord.Colour(0x95A5A6),
}


def colour(kind: ResultKind) -> discord.Colour:
    return COLOURS[kind]


def truncate(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending in an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[: limit - len(ELLIPSIS)] + ELLIPSIS


def new_embed(
    kind: ResultKind, *, title: str | None = None, description: str | None = None
) -> discord.Embed:
    """An embed of ``kind``'s colour with its title and description cut to the limits."""
    return discord.Embed(
        colour=colour(kind),
        title=truncate(title, MAX_TITLE) if title else None,
        description=truncate(description, MAX_DESCRIPTION) if description else None,
    )


def add_field(embed: discord.Embed, name: str, value: str, *, inline: bool = True) -> bool:
    """Add a field cut to the limits; returns ``False`` (and adds nothing) past 25 fields
    or when the embed would exceed 6000 characters."""
    if len(embed.fields) >= MAX_FIELDS:
        return False
    name = truncate(name or "\u200b", MAX_FIELD_NAME)
    value = truncate(value or "\u200b", MAX_FIELD_VALUE)
    if embed_length(embed) + len(name) + len(value) > MAX_TOTAL:
        return False
    embed.add_field(name=name, value=value, inline=inline)
    return True


def line_embeds(kind: ResultKind, title: str | None, lines: Sequence[str]) -> list[discord.Embed]:
    """``lines`` as embed descriptions, one after the other, in as many embeds as their
    4096 characters each need (the first embed carries ``title``): nothing is cut."""
    embeds = [new_embed(kind, title=title)]
    chunk: list[str] = []
    used = 0
    for line in lines:
        if chunk and used + 1 + len(line) > MAX_DESCRIPTION:
            embeds[-1].description = "\n".join(chunk)
            embeds.append(discord.Embed(colour=colour(kind)))
            chunk, used = [], 0
        chunk.append(truncate(line, MAX_DESCRIPTION))
        used += len(chunk[-1]) + (1 if len(chunk) > 1 else 0)
    if chunk:
        embeds[-1].description = "\n".join(chunk)
    return embeds


def leading_lines(lines: Iterable[str], budget: int) -> tuple[str, int]:
    """As many of the first ``lines`` as fit, newline-joined, in ``budget`` characters.

    Returns the text and how many lines it holds, so the caller can say how many
    were left out.
    """
    kept: list[str] = []
    used = 0
    for line in lines:
        used += len(line) + 1
        if used > budget:
            break
        kept.append(line)
    return "\n".join(kept), len(kept)


def set_footer(embed: discord.Embed, text: str) -> None:
    """Set the footer, cut to what is left of the 6000-character budget."""
    room = MAX_TOTAL - embed_length(embed) + len(embed.footer.text or "")
    embed.set_footer(text=truncate(text, max(1, min(MAX_FOOTER, room))))


def embed_length(embed: discord.Embed) -> int:
    """Characters Discord counts against the 6000 limit."""
    return len(embed)


def pack_messages(embeds: Sequence[discord.Embed]) -> list[list[discord.Embed]]:
    """``embeds``, in order, in as few messages as Discord takes them: at most 10 embeds
    and 6000 characters in all per message (each embed already fits on its own).

    The first message is the answer, the others its follow-ups: a full encounter's
    tracker can need more than one.
    """
    packed: list[list[discord.Embed]] = []
    current: list[discord.Embed] = []
    used = 0
    for embed in embeds:
        size = embed_length(embed)
        if current and (len(current) == MAX_EMBEDS or used + size > MAX_TOTAL):
            packed.append(current)
            current, used = [], 0
        current.append(embed)
        used += size
    if current:
        packed.append(current)
    return packed


def within_limits(embed: discord.Embed) -> bool:
    """Whether ``embed`` satisfies every Discord embed limit."""
    return (
        len(embed.title or "") <= MAX_TITLE
        and len(embed.description or "") <= MAX_DESCRIPTION
        and len(embed.fields) <= MAX_FIELDS
        and all(
            len(field.name or "") <= MAX_FIELD_NAME and len(field.value or "") <= MAX_FIELD_VALUE
            for field in embed.fields
        )
        and len(embed.footer.text or "") <= MAX_FOOTER
        and len(embed) <= MAX_TOTAL
    )


def percent(probability: Fraction | float, locale: str) -> str:
    """``0.5`` → ``50.0%`` (``50,0%`` in pt-BR); tiny non-zero odds never show as 0."""
    value = float(probability) * 100
    if 0 < value < 0.1:
        text = "<0.1"
    elif 99.9 < value < 100:
        text = ">99.9"
    else:
        text = f"{value:.1f}"
    return f"{_decimal_mark(text, locale)}%"


def decimal(value: float, locale: str) -> str:
    """``5.75`` as players write it: ``5.75``, or ``5,75`` in pt-BR."""
    return _decimal_mark(f"{value:g}", locale)


def quantity(value: Fraction, locale: str) -> str:
    """A distance or weight as players write it: ``20``, ``1.8`` (``1,8`` in pt-BR)."""
    return _decimal_mark(shown(value), locale)


def _decimal_mark(text: str, locale: str) -> str:
    """A number's text with the reader's decimal mark (a comma in pt-BR)."""
    return text.replace(".", ",") if locale == "pt-BR" else text


def signed(value: int) -> str:
    """A modifier as players write it: ``3`` → ``+3``, ``-2`` → ``-2``, ``0`` → ``+0``."""
    return f"{value:+d}"


def skill_name(name: str, messages: Messages, locale: str) -> str:
    """A skill's name in the reader's language when the catalog knows it, else as written on
    the sheet."""
    key = f"character.skill.{skill_key(name).replace(' ', '_')}"
    return messages.text(key, locale) if messages.has(key) else name


def skill_label(skill: Skill, messages: Messages, locale: str) -> str:
    """``Fast-Draw (Arrow)`` with the name in the reader's language."""
    name = skill_name(skill.name, messages, locale)
    return f"{name} ({skill.specialization})" if skill.specialization else name


def error_embed(
    messages: Messages,
    locale: str,
    key: str,
    params: Mapping[str, object],
    *,
    example_key: str | None = None,
) -> discord.Embed:
    """The ephemeral answer to bad input: what was wrong and, when known, a valid example
    (filled in with the error's own names, e.g. the fighters the refused command named)."""
    embed = new_embed(
        ResultKind.ERROR,
        title=messages.text("core.error.title", locale),
        description=messages.text(key, locale, **_localized(params, messages, locale)),
    )
    if example_key is not None:
        add_field(
            embed,
            messages.text("core.error.example_label", locale),
            messages.text(example_key, locale, **_localized(params, messages, locale)),
            inline=False,
        )
    return embed


def _localized(params: Mapping[str, object], messages: Messages, locale: str) -> dict[str, object]:
    """An error's values written the reader's way: a distance of 9/5 m is ``1.8``, or ``1,8``
    in pt-BR; a skill (or a tuple of them) is named in the reader's language."""
    return {name: _localized_value(value, messages, locale) for name, value in params.items()}


def _localized_value(value: object, messages: Messages, locale: str) -> object:
    if isinstance(value, Fraction):
        return quantity(value, locale)
    if isinstance(value, Skill):
        return skill_label(value, messages, locale)
    if isinstance(value, tuple) and value and all(isinstance(each, Skill) for each in value):
        return ", ".join(skill_label(each, messages, locale) for each in value)
    return value


def example_key_for(messages: Messages, key: str, command: str | None = None) -> str | None:
    """``<key>_example`` if the catalog has it, else the feature's example for the
    ``command`` typed (``ranged.example_throw`` for ``/throw``: a key several commands raise
    shows an example of the one typed), else ``<feature>.example``, else ``None``."""
    feature = key.split(".", 1)[0]
    candidates = [f"{key}_example"]
    if command:
        candidates.append(f"{feature}.example_{command.replace(' ', '_').replace('-', '_')}")
    candidates.append(f"{feature}.example")
    for candidate in candidates:
        if messages.has(candidate):
            return candidate
    return None


def damage_text(text: str, messages: Messages, locale: str) -> str:
    """Weapon damage as written (``sw+1 cut``) with its ST-based base (A.3) and its type
    (A.6) in the reader's language (``GeB+1 cort``); text that does not read as damage is
    shown as it is."""
    parts = split_damage_type(text)
    if parts is None:
        return text
    before, damage_type, after = parts
    base = split_st_base(before)
    if base is not None:
        word, adds = base
        before = messages.text(f"damage.base.{word}", locale) + adds
    kind = messages.text(f"damage.abbr.{damage_type.value}", locale)
    return " ".join(part for part in (before, kind, after) if part)
