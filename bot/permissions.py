"""Permissions: what the bot itself needs, and who may run GM-only commands.

:data:`BOT_PERMISSIONS` is what the bot asks for when it is invited (the README's
link carries its value). Cogs decorate GM-only commands with :func:`gm_only`;
views and code that decide mid-command call :func:`ensure_gm`. Both refuse with
the ``core.error.not_gm`` message through the central error handler.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, Final, TypeVar

import discord
from discord import app_commands

from bot.errors import GMOnlyError, UserFacingError
from bot.storage.guild_settings import GuildSettings

if TYPE_CHECKING:
    from bot.client import GurpsBot

T = TypeVar("T")

BOT_PERMISSIONS: Final = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    pin_messages=True,
)
"""Everything the bot needs in a server, and the invite link's ``permissions=`` value.

Every reply goes through its interaction (the answer, follow-ups, a button's
update of its own message), and Discord asks no channel permission for those,
embeds included. With its own token the bot only:

- edits the attack messages it posted (fresh defense buttons after ``/encounter
  undo``, buttons taken off after ``/defend`` or the end of the fight): View
  Channel, as editing one's own message takes;
- edits the fight's live tracker (:mod:`bot.tracker`), embeds and all: View
  Channel and Embed Links (Discord drops a bot's embeds without it, edits too);
- pins the tracker when the fight starts and unpins it at the end: Pin Messages;
- posts the tracker again when someone deleted it: Send Messages, or Send
  Messages in Threads in a thread (and Embed Links goes with the right to send).

It reads no history and opens no direct message, so it asks for nothing else.
Where a permission is missing the action fails, is logged, and the bot does
without it: the stored state stays right and every command still answers.
"""


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


# --------------------------------------------------------------------------- encounters


class EncounterAuthority:
    """What a user may do in a channel's encounter, worked out before any change begins.

    The GM of an encounter is whoever started it, anyone with Manage Channels in
    that channel, or a guild GM (:func:`check_gm`). Players act only for the
    combatants they own. Computed up front so the decision inside the storage
    transaction needs no further I/O.
    """

    def __init__(self, user_id: int, *, channel_manager: bool, guild_gm: bool) -> None:
        self.user_id = user_id
        self.channel_manager = channel_manager
        self.guild_gm = guild_gm

    @classmethod
    async def of(cls, interaction: discord.Interaction[GurpsBot]) -> EncounterAuthority:
        permissions = interaction.permissions
        return cls(
            interaction.user.id,
            channel_manager=permissions.manage_channels or permissions.administrator,
            guild_gm=await check_gm(interaction),
        )

    def is_gm(self, gm_id: int) -> bool:
        """Whether the user runs an encounter started by ``gm_id``."""
        return self.user_id == gm_id or self.channel_manager or self.guild_gm

    def can_act_for(self, gm_id: int, owner_id: int | None) -> bool:
        """The GM acts for every combatant; a player only for his own."""
        return self.is_gm(gm_id) or (owner_id is not None and owner_id == self.user_id)

    def ensure_gm(self, gm_id: int) -> None:
        """Refuse (``encounter.error.not_gm``) unless the user is the encounter's GM."""
        if not self.is_gm(gm_id):
            raise UserFacingError("encounter.error.not_gm")

    def ensure_may_grant_extra_attack(self, gm_id: int, extra_attack: bool) -> None:
        """Refuse (``attack.extra_gm_only``) an ``extra-attack`` from anyone but the GM: the
        encounter GM's way past the turn's allowance or out of turn (R4.4), for a blow and a
        close-combat action alike."""
        if extra_attack and not self.is_gm(gm_id):
            raise UserFacingError("attack.extra_gm_only")

    def ensure_can_act_for(self, gm_id: int, owner_id: int | None, name: str) -> None:
        """Refuse (``encounter.error.not_owner``) unless the user may act for this combatant."""
        if not self.can_act_for(gm_id, owner_id):
            raise UserFacingError("encounter.error.not_owner", name=name)


# --------------------------------------------------------------------------- saved characters


class CharacterAuthority:
    """Who may change a saved character: its owner or a guild GM (:func:`check_gm`).

    Worked out before the storage transaction, like :class:`EncounterAuthority`.
    """

    def __init__(self, user_id: int, *, guild_gm: bool) -> None:
        self.user_id = user_id
        self.guild_gm = guild_gm

    @classmethod
    async def of(cls, interaction: discord.Interaction[GurpsBot]) -> CharacterAuthority:
        return cls(interaction.user.id, guild_gm=await check_gm(interaction))

    def can_edit(self, owner_id: int) -> bool:
        return self.guild_gm or owner_id == self.user_id

    def ensure_can_edit(self, owner_id: int, name: str) -> None:
        """Refuse (``character.error.not_yours``) unless the user owns the sheet or is a GM."""
        if not self.can_edit(owner_id):
            raise UserFacingError("character.error.not_yours", name=name)

    def ensure_can_give(self, owner_id: int) -> None:
        """Only a GM makes or hands a sheet to someone else (``character.error.owner_gm_only``)."""
        if owner_id != self.user_id and not self.guild_gm:
            raise UserFacingError("character.error.owner_gm_only")
