"""The buttons under a waiting explosion: Dive for Cover (R15.3) and Detonate.

Persistent like the defense buttons: the custom id carries the blast's id and the
action (``gurps:blast:<plan_id>:dive-<combatant_id>`` or ``gurps:blast:<plan_id>:go``);
the blast itself waits on the channel's encounter. The ``Explosion`` cog does the work.
"""

from __future__ import annotations

import re
from typing import Any, Final, Protocol, runtime_checkable

import discord

from bot.deadline import guard
from bot.errors import report_error

__all__ = ["CUSTOM_ID_PREFIX", "DETONATE", "BlastButton", "BlastHandler", "custom_id", "dive"]

CUSTOM_ID_PREFIX: Final = "gurps:blast"
HANDLER_COG: Final = "Explosion"
DETONATE: Final = "go"
ACTION_PATTERN: Final = r"go|dive-[0-9]{1,18}"


def dive(combatant_id: str) -> str:
    """The action of ``combatant_id``'s Dive for Cover button."""
    return f"dive-{combatant_id}"


def custom_id(plan_id: int, action: str) -> str:
    """``gurps:blast:<plan_id>:<action>`` (under Discord's 100 characters)."""
    return f"{CUSTOM_ID_PREFIX}:{plan_id}:{action}"


@runtime_checkable
class BlastHandler(Protocol):
    """What the ``Explosion`` cog offers the buttons."""

    async def may_press(
        self, interaction: discord.Interaction[Any], plan_id: int, action: str
    ) -> bool:
        """Whether the user may press this button (answers the refusal itself)."""
        ...

    async def press(self, interaction: discord.Interaction[Any], plan_id: int, action: str) -> None:
        """Carry out the press and answer the interaction."""
        ...


def _handler(interaction: discord.Interaction[Any]) -> BlastHandler:
    cog = interaction.client.get_cog(HANDLER_COG)
    if not isinstance(cog, BlastHandler):
        raise RuntimeError("the Explosion cog is not loaded")
    return cog


class BlastButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"{CUSTOM_ID_PREFIX}:(?P<plan_id>[0-9]{{1,20}}):(?P<action>{ACTION_PATTERN})",
):
    """One button of a waiting blast."""

    def __init__(
        self,
        plan_id: int,
        action: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id(plan_id, action))
        )
        self.plan_id = plan_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> BlastButton:
        if isinstance(item, discord.ui.Button):
            return cls(int(match["plan_id"]), match["action"], label=item.label, style=item.style)
        return cls(int(match["plan_id"]), match["action"])

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        guard(interaction, update=True)
        try:
            return await _handler(interaction).may_press(interaction, self.plan_id, self.action)
        except Exception as error:  # answered as an ephemeral error, never a silent failure
            await report_error(interaction, error)
            return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await _handler(interaction).press(interaction, self.plan_id, self.action)
        except Exception as error:
            await report_error(interaction, error)
