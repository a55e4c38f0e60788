"""The buttons under a waiting explosion: Dive for Cover (R15.3) and Detonate.

Persistent like the defense buttons: the custom id carries the blast's id and the
action (``gurps:blast:<plan_id>:dive-<combatant_id>`` or ``gurps:blast:<plan_id>:go``);
the blast itself waits on the channel's encounter. The ``Explosion`` cog does the work.
"""

from __future__ import annotations

from typing import Final

from bot.views.persistent import PersistentButton

__all__ = ["CUSTOM_ID_PREFIX", "DETONATE", "BlastButton", "dive"]

CUSTOM_ID_PREFIX: Final = "gurps:blast"
HANDLER_COG: Final = "Explosion"
DETONATE: Final = "go"
ACTION_PATTERN: Final = r"go|dive-[0-9]{1,18}"


def dive(combatant_id: str) -> str:
    """The action of ``combatant_id``'s Dive for Cover button."""
    return f"dive-{combatant_id}"


class BlastButton(
    PersistentButton,
    template=rf"{CUSTOM_ID_PREFIX}:(?P<key>[0-9]{{1,20}}):(?P<action>{ACTION_PATTERN})",
):
    """One button of a waiting blast (the ``Explosion`` cog's ``may_press`` and ``press``
    take the blast's id and the action)."""

    prefix = CUSTOM_ID_PREFIX
    handler_cog = HANDLER_COG
