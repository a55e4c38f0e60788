"""Who may run GM-only commands: Manage Server, or the role the guild named as GM role.

Cogs decorate GM-only commands with :func:`gm_only`; views and code that decide
mid-command call :func:`ensure_gm`. Both refuse with the ``core.error.not_gm``
message through the central error handler.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from bot.errors import GMOnlyError, UserFacingError
from bot.storage.guild_settings import GuildSettings

if TYPE_CHECKING:
    from bot.client import GurpsBot

T = TypeVar("T")


def is_gm(
    permissions: discord.Permissions, role_ids: Collection[int], gm_role_id: int | None
) -> bool:
    """Manage Server (or Administrator) always counts; otherwise holding the GM role does."""
    if permissions.manage_guild or permissions.administrator:
        return True
    return gm_role_id is not None and gm_role_id in role_ids


def member_is_gm(member: discord.Member, settings: GuildSettings) -> bool:
    return is_gm(member.guild_permissions, [role.id for role in member.roles], settings.gm_role_id)


async def check_gm(interaction: discord.Interaction[GurpsBot]) -> bool:
    """Whether the user of ``interaction`` is a GM of its guild (``False`` in DMs)."""
    member = interaction.user
    if interaction.guild_id is None or not isinstance(member, discord.Member):
        return False
    settings = await interaction.client.guild_settings.get(interaction.guild_id)
    return member_is_gm(member, settings)


async def ensure_gm(interaction: discord.Interaction[GurpsBot]) -> None:
    """Raise :class:`UserFacingError` unless the user is a GM (for use inside callbacks)."""
    if interaction.guild_id is None:
        raise UserFacingError("core.error.guild_only")
    if not await check_gm(interaction):
        raise UserFacingError(GMOnlyError.key)


def gm_only() -> Callable[[T], T]:
    """Decorator for app commands: only GMs may run it (in DMs it answers "server only")."""

    async def predicate(interaction: discord.Interaction[Any]) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage
        if not await check_gm(interaction):
            raise GMOnlyError
        return True

    return app_commands.check(predicate)
