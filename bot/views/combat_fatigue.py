"""The button under an ended fight's summary that applies its combat fatigue (R8.4), and
the one that takes it back: persistent, so a click after a restart still works.

The custom id carries the encounter's id and the action
(``gurps:fatigue:<encounter_id>:<apply|undo>``); the work belongs to the ``Fatigue``
cog, found through the client, so this module stays a thin bridge like
:mod:`bot.views.persistent`.
"""

from __future__ import annotations

from typing import Final

from bot.views.persistent import PersistentButton

__all__ = ["APPLY", "CUSTOM_ID_PREFIX", "UNDO", "CombatFatigueButton"]

CUSTOM_ID_PREFIX: Final = "gurps:fatigue"
HANDLER_COG: Final = "Fatigue"


APPLY: Final = "apply"
UNDO: Final = "undo"


class CombatFatigueButton(
    PersistentButton,
    template=rf"{CUSTOM_ID_PREFIX}:(?P<key>[0-9]{{1,18}}):(?P<action>{APPLY}|{UNDO})",
):
    """Apply or take back one ended fight's combat fatigue (the ``Fatigue`` cog's
    ``may_press`` and ``press`` take the encounter's id and the action)."""

    prefix = CUSTOM_ID_PREFIX
    handler_cog = HANDLER_COG
