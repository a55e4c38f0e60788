"""Where a command runs: the guild and channel ids every cog needs.

Commands refuse outside a guild with ``core.error.guild_only``; the guild's
language and rule options come from ``bot.context_for(interaction)``.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import UserFacingError


def guild_of(interaction: discord.Interaction[Any]) -> int:
    """The guild the command runs in; refuses in direct messages."""
    if interaction.guild_id is None:
        raise UserFacingError("core.error.guild_only")
    return interaction.guild_id


def channel_of(interaction: discord.Interaction[Any]) -> int:
    """The channel (or thread) the command runs in; refuses without one."""
    if interaction.channel_id is None:
        raise UserFacingError("core.error.guild_only")
    return interaction.channel_id
