"""The buttons under ``/encounter end`` that take a fighter's gear back to his saved sheet.

A fighter added from a saved character may have picked up a weapon, armor, a trait or a
skill during the fight (``/combatant weapon add`` …). When the fight ends the bot offers,
for each such fighter, a button whose custom id carries the encounter and the combatant
(``gurps:keep-gear:<encounter_id>:<combatant_id>``); its owner or a GM pressing it copies
that gear onto the saved sheet. Persistent like the defense buttons: the work belongs to
the ``EncounterCog``, found through the client.
"""

from __future__ import annotations

import re
from typing import Any, Final, Protocol, runtime_checkable

import discord

from bot.deadline import guard
from bot.errors import report_error

__all__ = ["CUSTOM_ID_PREFIX", "GearHandler", "KeepGearButton", "keep_gear_view"]

CUSTOM_ID_PREFIX: Final = "gurps:keep-gear"
HANDLER_COG: Final = "EncounterCog"
MAX_BUTTONS: Final = 25
"""A message holds 5 rows of 5 buttons."""


@runtime_checkable
class GearHandler(Protocol):
    """What the encounter cog offers the buttons."""

    async def keep_gear(
        self, interaction: discord.Interaction[Any], encounter_id: int, combatant_id: str
    ) -> None:
        """Copy the fighter's gear onto his saved sheet (or refuse) and answer."""
        ...


def _handler(interaction: discord.Interaction[Any]) -> GearHandler:
    cog = interaction.client.get_cog(HANDLER_COG)
    if not isinstance(cog, GearHandler):
        raise RuntimeError("the encounter cog is not loaded")
    return cog


class KeepGearButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"{CUSTOM_ID_PREFIX}:(?P<encounter_id>[0-9]{{1,18}}):(?P<combatant_id>[0-9]{{1,9}})",
):
    """Keep one fighter's gear on his saved sheet."""

    def __init__(self, encounter_id: int, combatant_id: str, *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{CUSTOM_ID_PREFIX}:{encounter_id}:{combatant_id}",
            )
        )
        self.encounter_id = encounter_id
        self.combatant_id = combatant_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> KeepGearButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["encounter_id"]), match["combatant_id"], label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        guard(interaction)
        try:
            await _handler(interaction).keep_gear(interaction, self.encounter_id, self.combatant_id)
        except Exception as error:  # answered as an ephemeral error, never a silent failure
            await report_error(interaction, error)


def keep_gear_view(encounter_id: int, buttons: list[tuple[str, str]]) -> discord.ui.View | None:
    """A view with one button per ``(combatant_id, label)`` (at most 25), or ``None``."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for combatant_id, label in buttons[:MAX_BUTTONS]:
        view.add_item(KeepGearButton(encounter_id, combatant_id, label=label[:80]))
    return view
