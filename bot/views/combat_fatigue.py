"""The button under an ended fight's summary that applies its combat fatigue (R8.4), and
the one that takes it back: persistent, so a click after a restart still works.

The custom id carries the encounter's id and the action
(``gurps:fatigue:<encounter_id>:<apply|undo>``); the work belongs to the ``Fatigue``
cog, found through the client, so this module stays a thin bridge like
:mod:`bot.views.defense`.
"""

from __future__ import annotations

import re
from typing import Any, Final, Protocol, runtime_checkable

import discord

from bot.deadline import guard
from bot.errors import report_error

__all__ = ["CUSTOM_ID_PREFIX", "CombatFatigueButton", "CombatFatigueHandler", "custom_id"]

CUSTOM_ID_PREFIX: Final = "gurps:fatigue"
HANDLER_COG: Final = "Fatigue"


def custom_id(encounter_id: int, action: str) -> str:
    """``gurps:fatigue:<encounter_id>:<apply|undo>``."""
    return f"{CUSTOM_ID_PREFIX}:{encounter_id}:{action}"


@runtime_checkable
class CombatFatigueHandler(Protocol):
    """What the ``Fatigue`` cog offers the button."""

    async def settle_combat_fatigue(
        self, interaction: discord.Interaction[Any], encounter_id: int, *, undo: bool
    ) -> None:
        """Apply (or take back) the fight's combat fatigue and answer the interaction."""
        ...


def _handler(interaction: discord.Interaction[Any]) -> CombatFatigueHandler:
    cog = interaction.client.get_cog(HANDLER_COG)
    if not isinstance(cog, CombatFatigueHandler):
        raise RuntimeError("the Fatigue cog is not loaded")
    return cog


class CombatFatigueButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"{CUSTOM_ID_PREFIX}:(?P<encounter_id>[0-9]{{1,18}}):(?P<action>apply|undo)",
):
    """Apply or take back one ended fight's combat fatigue."""

    def __init__(
        self,
        encounter_id: int,
        action: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id(encounter_id, action))
        )
        self.encounter_id = encounter_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CombatFatigueButton:
        if isinstance(item, discord.ui.Button):
            return cls(
                int(match["encounter_id"]), match["action"], label=item.label, style=item.style
            )
        return cls(int(match["encounter_id"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        guard(interaction, update=True)
        try:
            await _handler(interaction).settle_combat_fatigue(
                interaction, self.encounter_id, undo=self.action == "undo"
            )
        except Exception as error:
            await report_error(interaction, error)
