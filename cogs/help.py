"""``/help [command]``: what the bot does and what to type, in the reader's language.

Without ``command``, the commands grouped by who uses them (:data:`GROUPS`);
with one, that command's options (from the payload Discord gets, so they are
always the registered ones) and an example. A test keeps :data:`GROUPS` and the
examples in step with the registered commands.
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.i18n import SUPPORTED_LOCALES
from bot.render.help import CommandHelp, OptionHelp, render_command_help, render_help
from cogs._shared import send_embeds

GROUPS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("anyone", ("roll", "check", "contest", "rules", "help", "sense", "explosion throw")),
    (
        "player",
        (
            "attack",
            "shoot",
            "throw",
            "fire-area",
            "close-combat",
            "terrain",
            "maneuver",
            "defend",
            "encounter next",
            "encounter status",
            "encounter history",
            "combatant list",
            "combatant show",
            "character",
            "fatigue spend",
            "fatigue recover",
            "environment extinguish",
            "environment ignite",
        ),
    ),
    (
        "gm_fight",
        (
            "encounter start",
            "encounter surprise",
            "encounter reorder",
            "encounter undo",
            "encounter end",
            "combatant",
            "damage",
            "explosion",
            "swarm",
            "fatigue",
            "environment",
            "breath",
        ),
    ),
    ("gm_server", ("settings",)),
)
"""Who uses what: each command falls in the group of the longest name here it starts with
(``combatant show`` is a player's, any other ``combatant`` command the GM's)."""

MAX_CHOICES = 25
_DISCORD_LOCALE: Final = {"en": "en-US", "pt-BR": "pt-BR"}
_SUBCOMMANDS: Final = (1, 2)


def group_of(path: str) -> str | None:
    """The :data:`GROUPS` key ``path`` (``encounter next``) falls in."""
    best: tuple[int, str] | None = None
    for key, prefixes in GROUPS:
        for prefix in prefixes:
            if (path == prefix or path.startswith(prefix + " ")) and (
                best is None or len(prefix) > best[0]
            ):
                best = (len(prefix), key)
    return None if best is None else best[1]


def _localized(payload: dict[str, Any], field: str) -> dict[str, str]:
    found = payload.get(f"{field}_localizations") or {}
    return {
        locale: found.get(_DISCORD_LOCALE[locale]) or payload[field] for locale in SUPPORTED_LOCALES
    }


def _option(payload: dict[str, Any]) -> OptionHelp:
    return OptionHelp(
        name=_localized(payload, "name"),
        description=_localized(payload, "description"),
        required=bool(payload.get("required")),
        choices=tuple(_localized(choice, "name") for choice in payload.get("choices") or ()),
        autocomplete=bool(payload.get("autocomplete")),
    )


def _leaves(
    payload: dict[str, Any], parents: tuple[dict[str, str], ...] = (), path: str = ""
) -> list[CommandHelp]:
    """Every command a user can type under ``payload`` (a command or a group)."""
    names = (*parents, _localized(payload, "name"))
    here = f"{path} {payload['name']}".strip()
    options = payload.get("options") or []
    if any(option["type"] in _SUBCOMMANDS for option in options):
        return [leaf for option in options for leaf in _leaves(option, names, here)]
    return [
        CommandHelp(
            path=here,
            name={loc: " ".join(n[loc] for n in names) for loc in SUPPORTED_LOCALES},
            description=_localized(payload, "description"),
            options=tuple(_option(option) for option in options),
        )
    ]


class Help(commands.Cog):
    """What the bot does and how to type it."""

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self._commands: dict[str, CommandHelp] | None = None

    async def registered(self) -> dict[str, CommandHelp]:
        """Every command as registered, by English qualified name (read once, translated)."""
        if self._commands is None:
            tree = self.bot.tree
            translator = tree.translator
            found: dict[str, CommandHelp] = {}
            for command in tree.get_commands(type=discord.AppCommandType.chat_input):
                if translator is None:
                    payload = command.to_dict(tree)
                else:
                    payload = await command.get_translated_payload(tree, translator)
                found.update((leaf.path, leaf) for leaf in _leaves(payload))
            self._commands = found
        return self._commands

    async def command_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """Commands whose name, in the reader's language or English, holds what was typed."""
        locale = await self.bot.locale_for(interaction)
        wanted = current.strip().lstrip("/").casefold()
        return [
            app_commands.Choice(name=command.called(locale), value=path)
            for path, command in (await self.registered()).items()
            if wanted in path.casefold() or wanted in command.called(locale).casefold()
        ][:MAX_CHOICES]

    @app_commands.command(
        name=_("help", key="help.cmd.name"),
        description=_("What the bot does, and how to use a command", key="help.cmd.description"),
    )
    @app_commands.rename(command=_("command", key="help.cmd.command.name"))
    @app_commands.describe(
        command=_(
            "One command in detail (default: all of them)", key="help.cmd.command.description"
        )
    )
    async def help(
        self, interaction: discord.Interaction[GurpsBot], command: str | None = None
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        registered = await self.registered()
        messages = self.bot.messages
        if command is None:
            groups = [
                (key, [c for path, c in registered.items() if group_of(path) == key])
                for key, _prefixes in GROUPS
            ]
            embeds = render_help(groups, messages, locale)
        else:
            typed = command.strip().lstrip("/").casefold()
            found = registered.get(typed) or next(
                (c for c in registered.values() if c.called(locale)[1:].casefold() == typed),
                None,
            )
            if found is None:
                raise UserFacingError("help.error.unknown", command=command.strip())
            group = group_of(found.path) or "anyone"
            embeds = render_command_help(found, group, messages, locale)
        await send_embeds(interaction, embeds, ephemeral=True)

    @help.autocomplete("command")
    async def _command_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.command_autocomplete(interaction, current)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Help(bot))
