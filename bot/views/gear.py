"""The buttons under ``/encounter end`` that take a fighter's gear back to his saved sheet.

A fighter added from a saved character may have picked up a weapon, armor, a trait or a
skill during the fight (``/combatant weapon add`` …). When the fight ends the bot offers,
for each such fighter, a button whose custom id carries the encounter and the combatant
(``gurps:keep-gear:<encounter_id>:<combatant_id>``); its owner or a GM pressing it copies
that gear onto the saved sheet. Persistent like the defense buttons: the work belongs to
the ``EncounterCog``, found through the client.
"""

from __future__ import annotations

from typing import Final

import discord

from bot.views.persistent import PersistentButton

__all__ = ["CUSTOM_ID_PREFIX", "KeepGearButton", "keep_gear_view"]

CUSTOM_ID_PREFIX: Final = "gurps:keep-gear"
HANDLER_COG: Final = "EncounterCog"
MAX_BUTTONS: Final = 25
"""A message holds 5 rows of 5 buttons."""


class KeepGearButton(
    PersistentButton,
    template=rf"{CUSTOM_ID_PREFIX}:(?P<key>[0-9]{{1,18}}):(?P<action>[0-9]{{1,9}})",
):
    """Keep one fighter's gear on his saved sheet (the encounter cog's ``may_press`` and
    ``press`` take the encounter's id and the combatant's id); answered in a new message."""

    prefix = CUSTOM_ID_PREFIX
    handler_cog = HANDLER_COG
    style = discord.ButtonStyle.secondary
    edits_message = False


def keep_gear_view(encounter_id: int, buttons: list[tuple[str, str]]) -> discord.ui.View | None:
    """A view with one button per ``(combatant_id, label)`` (at most 25), or ``None``."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for combatant_id, label in buttons[:MAX_BUTTONS]:
        view.add_item(KeepGearButton(encounter_id, combatant_id, label=label[:80]))
    return view
