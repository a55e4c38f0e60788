"""Embeds for ``/settings``: the current configuration and each change."""

from __future__ import annotations

import discord

from bot.i18n import Messages
from bot.render.common import ResultKind, add_field, new_embed
from bot.render.views import ShownSettings
from rules.options import RuleOptions


def language_name(messages: Messages, locale: str, code: str) -> str:
    return messages.text(f"settings.language_name.{code}", locale)


def render_settings(
    settings: ShownSettings, messages: Messages, locale: str, *, bot_default_locale: str
) -> discord.Embed:
    """Every setting of the guild, with each rule option's state and what it changes."""
    embed = new_embed(ResultKind.INFO, title=messages.text("settings.show.title", locale))
    role = (
        f"<@&{settings.gm_role_id}>"
        if settings.gm_role_id is not None
        else messages.text("settings.show.gm_role_unset", locale)
    )
    add_field(embed, messages.text("settings.show.gm_role", locale), role)
    language = (
        language_name(messages, locale, settings.locale)
        if settings.locale is not None
        else messages.text(
            "settings.show.language_unset",
            locale,
            language=language_name(messages, locale, bot_default_locale),
        )
    )
    add_field(embed, messages.text("settings.show.language", locale), language)
    options = settings.rule_options
    for name in RuleOptions.model_fields:
        state = "on" if getattr(options, name) else "off"
        mark = "✅" if state == "on" else "▫️"
        add_field(
            embed,
            f"{mark} {messages.text(f'settings.option.{name}.name', locale)}",
            f"**{messages.text(f'settings.show.{state}', locale)}** — "
            f"{messages.text(f'settings.option.{name}.description', locale)}",
            inline=False,
        )
    return embed


def render_gm_role_changed(role_id: int | None, messages: Messages, locale: str) -> discord.Embed:
    description = (
        messages.text("settings.changed.gm_role", locale, role=f"<@&{role_id}>")
        if role_id is not None
        else messages.text("settings.changed.gm_role_cleared", locale)
    )
    return new_embed(
        ResultKind.INFO,
        title=messages.text("settings.changed.title", locale),
        description=description,
    )


def render_language_changed(
    code: str | None, messages: Messages, locale: str, *, bot_default_locale: str
) -> discord.Embed:
    description = (
        messages.text(
            "settings.changed.language", locale, language=language_name(messages, locale, code)
        )
        if code is not None
        else messages.text(
            "settings.changed.language_cleared",
            locale,
            language=language_name(messages, locale, bot_default_locale),
        )
    )
    return new_embed(
        ResultKind.INFO,
        title=messages.text("settings.changed.title", locale),
        description=description,
    )


def render_rule_option_changed(
    name: str, enabled: bool, messages: Messages, locale: str
) -> discord.Embed:
    option = messages.text(f"settings.option.{name}.name", locale)
    key = "settings.changed.rule_on" if enabled else "settings.changed.rule_off"
    embed = new_embed(
        ResultKind.INFO,
        title=messages.text("settings.changed.title", locale),
        description=messages.text(key, locale, option=option),
    )
    embed.set_footer(text=messages.text(f"settings.option.{name}.description", locale))
    return embed
