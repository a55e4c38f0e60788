"""``/help``: what the bot does, its commands by who uses them, one command in detail.

The commands come as :class:`CommandHelp`, read from the very payload the bot
registers with Discord (names, descriptions, options and choices in each
language), so the help cannot say anything the commands do not take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.i18n import FALLBACK_LOCALE, Messages
from bot.render.common import (
    MAX_FIELD_VALUE,
    ResultKind,
    add_field,
    line_embeds,
    new_embed,
    set_footer,
)

__all__ = ["CommandHelp", "OptionHelp", "render_command_help", "render_help"]


@dataclass(frozen=True, slots=True)
class OptionHelp:
    """One option, in each language: its name, what it is, its choices."""

    name: Mapping[str, str]
    description: Mapping[str, str]
    required: bool
    choices: Sequence[Mapping[str, str]] = ()
    autocomplete: bool = False


@dataclass(frozen=True, slots=True)
class CommandHelp:
    """One command as Discord shows it: its full name in each language and its options."""

    path: str
    """The English qualified name (``encounter next``)."""
    name: Mapping[str, str]
    description: Mapping[str, str]
    options: Sequence[OptionHelp] = field(default_factory=tuple)

    def called(self, locale: str) -> str:
        """``/encounter next`` (``/encontro proximo`` in pt-BR)."""
        return "/" + _in(self.name, locale)


def _in(texts: Mapping[str, str], locale: str) -> str:
    return texts.get(locale) or texts[FALLBACK_LOCALE]


def render_help(
    groups: Sequence[tuple[str, Sequence[CommandHelp]]], messages: Messages, locale: str
) -> list[discord.Embed]:
    """The overview: what the bot does, then each group's commands (``groups``: a catalog
    key under ``help.group`` and its commands, in order)."""
    embed = new_embed(
        ResultKind.INFO,
        title=messages.text("help.title", locale),
        description=messages.text("help.about", locale),
    )
    for key, commands in groups:
        # A group too long for one field (1024 characters) goes on in unnamed fields.
        name = messages.text(f"help.group.{key}", locale)
        chunk: list[str] = []
        for command in commands:
            called = f"`{command.called(locale)}`"
            if chunk and len(" · ".join([*chunk, called])) > MAX_FIELD_VALUE:
                add_field(embed, name, " · ".join(chunk), inline=False)
                name, chunk = "\u200b", []
            chunk.append(called)
        if chunk:
            add_field(embed, name, " · ".join(chunk), inline=False)
    set_footer(embed, messages.text("help.footer", locale))
    return [embed]


def _option_line(option: OptionHelp, messages: Messages, locale: str) -> str:
    required = messages.text("help.required" if option.required else "help.optional", locale)
    line = f"`{_in(option.name, locale)}` ({required}): {_in(option.description, locale)}"
    if (option.choices or option.autocomplete) and not line.endswith("."):
        line += "."
    if option.choices:
        names = ", ".join(_in(choice, locale) for choice in option.choices)
        line += " " + messages.text("help.choices", locale, choices=names)
    elif option.autocomplete:
        line += " " + messages.text("help.suggested", locale)
    return line


def render_command_help(
    command: CommandHelp, group: str, messages: Messages, locale: str
) -> list[discord.Embed]:
    """One command: what it does, who uses it, every option (required first, as Discord
    lists them) with its choices, and an example."""
    lines = [
        _in(command.description, locale),
        messages.text("help.who", locale, group=messages.text(f"help.group.{group}", locale)),
    ]
    if command.options:
        lines.append("")
        lines.append(f"**{messages.text('help.options', locale)}**")
        lines.extend(_option_line(option, messages, locale) for option in command.options)
    else:
        lines.append(messages.text("help.no_options", locale))
    embeds = line_embeds(ResultKind.INFO, command.called(locale), lines)
    example = messages.text(f"help.usage.{command.path.replace(' ', '_')}", locale)
    add_field(embeds[-1], messages.text("help.example_title", locale), f"`{example}`", inline=False)
    set_footer(embeds[-1], messages.text("help.footer", locale))
    return embeds
