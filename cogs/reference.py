"""``/rules``: read any rule the bot cites, by its id or by words from its name.

The rule ids in the bot's answers (``(R7.6)``, ``Rules: A.1``) are the project's
own numbering; every answer citing them ends with ``📖 Look up: /rules R7.6``,
and this command shows the entry (:mod:`bot.reference`) in the reader's
language, with the server's value of any rule option that changes it. Works
everywhere, direct messages included; private unless ``public:true``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.reference import reference
from bot.render.reference import render_rule, render_rule_choices, rule_label

MAX_CHOICES = 25


async def rule_autocomplete(
    interaction: discord.Interaction[GurpsBot], current: str
) -> list[app_commands.Choice[str]]:
    """``R6.9 · Retreat`` for every rule whose id or name (in either language) fits."""
    locale = await interaction.client.locale_for(interaction)
    return [
        app_commands.Choice(name=rule_label(entry, locale)[:100], value=entry.id)
        for entry in reference().search(current, limit=MAX_CHOICES)
    ]


class Reference(commands.Cog):
    """The rules reference behind every citation."""

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("rules", key="reference.cmd.name"),
        description=_(
            "Look up a rule the bot cites, by its id (R6.9) or its name",
            key="reference.cmd.description",
        ),
    )
    @app_commands.rename(
        rule=_("rule", key="reference.cmd.rule.name"),
        public=_("public", key="reference.cmd.public.name"),
    )
    @app_commands.describe(
        rule=_(
            "A rule id (R6.9) or words from its name (retreat)",
            key="reference.cmd.rule.description",
        ),
        public=_(
            "Show the answer to everyone here (default: only you)",
            key="reference.cmd.public.description",
        ),
    )
    @app_commands.autocomplete(rule=rule_autocomplete)
    async def rules(
        self,
        interaction: discord.Interaction[GurpsBot],
        rule: app_commands.Range[str, 1, 100],
        public: bool = False,
    ) -> None:
        context = await self.bot.context_for(interaction)
        found = reference().lookup(rule)
        if not found:
            raise UserFacingError("reference.error.unknown", typed=rule.strip())
        options = context.options if context.guild is not None else None
        if len(found) == 1:
            embed = render_rule(found[0], self.bot.messages, context.locale, options)
        else:
            embed = render_rule_choices(found, rule, self.bot.messages, context.locale)
        await interaction.response.send_message(embed=embed, ephemeral=not public)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Reference(bot))
