"""What every cog needs: where a command runs, choices named by the catalogs, and
answers longer than one message.

Commands refuse outside a guild with ``core.error.guild_only``; the guild's
language and rule options come from ``bot.context_for(interaction)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.citations import cite_in
from bot.errors import UserFacingError
from bot.render.common import pack_messages
from rules.breath import Preparation
from rules.combatant import HitLocation, Side


def catalog_choices(prefix: str, values: Iterable[str]) -> list[app_commands.Choice[str]]:
    """One choice per value, named by the catalog key ``<prefix>.<value>``."""
    return [
        app_commands.Choice(name=_(value.replace("_", " "), key=f"{prefix}.{value}"), value=value)
        for value in values
    ]


LOCATION_CHOICES = catalog_choices("attack.location", [loc.value for loc in HitLocation])
SIDE_CHOICES = catalog_choices("attack.side", [side.value for side in Side])
EXTRA_ATTACK_OPTION = (
    _("extra-attack", key="attack.cmd.extra_attack.name"),
    _(
        "GM: let this attack through past the turn's allowance or out of turn (R4.4)",
        key="attack.cmd.extra_attack.description",
    ),
)
"""The GM's ``extra-attack`` (name, description): on ``/attack``, ``/shoot``, ``/throw`` and
the ``/close-combat`` actions, checked by
:meth:`~bot.permissions.EncounterAuthority.ensure_may_grant_extra_attack`."""
WAIT_ORDER_OPTION = (
    _("wait-order", key="attack.cmd.wait_order.name"),
    _(
        "Set off from a Wait: reach, then skill, say who strikes first (R5.11)",
        key="attack.cmd.wait_order.description",
    ),
)
"""``wait-order`` (name, description): on ``/attack`` and the ``/close-combat`` attacks,
resolved by :func:`~rules.maneuver_limits.wait_contest`."""
PREPARATION_CHOICES = catalog_choices("breath.preparation", [p.value for p in Preparation])
"""How he took his breath (R9.1): ``/breath hold``, and ``/terrain set`` going under water."""


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


async def send_embeds(
    interaction: discord.Interaction[Any],
    embeds: Sequence[discord.Embed],
    *,
    ephemeral: bool = False,
    content: str | None = None,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    """Answer with ``embeds``; what one message cannot hold follows in follow-ups.

    ``content`` (and the mentions it may ping) goes with the first message only;
    the follow-ups are as private as the answer.
    """
    first, *rest = pack_messages(embeds)
    extra: dict[str, Any] = {}
    if content is not None:
        extra["content"] = content
    if allowed_mentions is not None:
        extra["allowed_mentions"] = allowed_mentions
    await interaction.response.send_message(embeds=first, ephemeral=ephemeral, **extra)
    for more in rest:
        await cite_in(interaction, more)
        await interaction.followup.send(embeds=more, ephemeral=ephemeral)
