"""``/settings``: a GM configures the server's GM role, language and rule options."""

from __future__ import annotations

from typing import Literal, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.permissions import gm_only
from bot.render.settings import (
    render_gm_role_changed,
    render_language_changed,
    render_rule_option_changed,
    render_settings,
)
from bot.storage.guild_settings import rule_option_names
from cogs._shared import guild_of

LANGUAGE_CHOICES = [
    app_commands.Choice(name=_("English", key="settings.cmd.language.choice.en"), value="en"),
    app_commands.Choice(
        name=_("Portuguese (Brazil)", key="settings.cmd.language.choice.pt-BR"), value="pt-BR"
    ),
    app_commands.Choice(
        name=_("Bot default", key="settings.cmd.language.choice.default"), value="default"
    ),
]

RULE_OPTION_CHOICES = [
    app_commands.Choice(
        name=_(name.replace("_", " "), key=f"settings.option.{name}.name"), value=name
    )
    for name in rule_option_names()
]


class ServerSettings(commands.Cog):
    """Per-server configuration; every subcommand is GM-only and answers ephemerally."""

    settings = app_commands.Group(
        name=_("settings", key="settings.cmd.name"),
        description=_(
            "Server configuration for GURPS combat (GMs only)", key="settings.cmd.description"
        ),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot

    @settings.command(
        name=_("show", key="settings.cmd.show.name"),
        description=_(
            "Show this server's GM role, language and rule options",
            key="settings.cmd.show.description",
        ),
    )
    @gm_only()
    async def show(self, interaction: discord.Interaction[GurpsBot]) -> None:
        stored = await self.bot.guild_settings.get(guild_of(interaction))
        locale = await self.bot.locale_for(interaction)
        embed = render_settings(
            stored, self.bot.messages, locale, bot_default_locale=self.bot.settings.default_locale
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @settings.command(
        name=_("gm-role", key="settings.cmd.gm_role.name"),
        description=_(
            "Choose the role whose members count as GMs (leave empty to clear)",
            key="settings.cmd.gm_role.description",
        ),
    )
    @app_commands.rename(role=_("role", key="settings.cmd.gm_role.role.name"))
    @app_commands.describe(
        role=_(
            "The GM role; omit it to clear the setting",
            key="settings.cmd.gm_role.role.description",
        )
    )
    @gm_only()
    async def gm_role(
        self, interaction: discord.Interaction[GurpsBot], role: discord.Role | None = None
    ) -> None:
        role_id = role.id if role is not None else None
        await self.bot.guild_settings.set_gm_role(guild_of(interaction), role_id)
        locale = await self.bot.locale_for(interaction)
        embed = render_gm_role_changed(role_id, self.bot.messages, locale)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @settings.command(
        name=_("language", key="settings.cmd.language.name"),
        description=_(
            "Choose the language the bot answers in when a user's Discord language isn't supported",
            key="settings.cmd.language.description",
        ),
    )
    @app_commands.rename(value=_("value", key="settings.cmd.language.value.name"))
    @app_commands.describe(
        value=_("The server's default language", key="settings.cmd.language.value.description")
    )
    @app_commands.choices(value=LANGUAGE_CHOICES)
    @gm_only()
    async def language(
        self, interaction: discord.Interaction[GurpsBot], value: app_commands.Choice[str]
    ) -> None:
        code = None if value.value == "default" else cast(Literal["en", "pt-BR"], value.value)
        await self.bot.guild_settings.set_locale(guild_of(interaction), code)
        locale = await self.bot.locale_for(interaction)
        embed = render_language_changed(
            code, self.bot.messages, locale, bot_default_locale=self.bot.settings.default_locale
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @settings.command(
        name=_("rule", key="settings.cmd.rule.name"),
        description=_("Turn a rule option on or off", key="settings.cmd.rule.description"),
    )
    @app_commands.rename(
        option=_("option", key="settings.cmd.rule.option.name"),
        enabled=_("enabled", key="settings.cmd.rule.enabled.name"),
    )
    @app_commands.describe(
        option=_("Which rule option", key="settings.cmd.rule.option.description"),
        enabled=_(
            "True to use the alternative reading, false for the default",
            key="settings.cmd.rule.enabled.description",
        ),
    )
    @app_commands.choices(option=RULE_OPTION_CHOICES)
    @gm_only()
    async def rule(
        self,
        interaction: discord.Interaction[GurpsBot],
        option: app_commands.Choice[str],
        enabled: bool,
    ) -> None:
        await self.bot.guild_settings.set_rule_option(guild_of(interaction), option.value, enabled)
        locale = await self.bot.locale_for(interaction)
        embed = render_rule_option_changed(option.value, enabled, self.bot.messages, locale)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(ServerSettings(bot))
