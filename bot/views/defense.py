"""The defense buttons under an attack: persistent, so a click after a restart still works.

Each button's custom id carries the pending attack's id and the choice
(``gurps:defend:<attack_id>:<choice>``); nothing else is kept in memory. The
bot registers :class:`DefenseButton` with ``add_dynamic_items`` and discord.py
rebuilds the button from any matching id it receives. The work itself (who may
press, what the press does) belongs to the ``Defend`` cog, found through the
client, so this module stays a thin bridge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from discord import app_commands

from bot.views.persistent import PersistentButton

__all__ = ["CHOICE_PATTERN", "CUSTOM_ID_PREFIX", "DefenseButton", "parse_choice", "typed_choice"]

CUSTOM_ID_PREFIX: Final = "gurps:defend"
HANDLER_COG: Final = "Defend"
CHOICE_PATTERN: Final = r"dodge|block|none|retreat|parry-[0-9]{1,2}"


def parse_choice(choice: str) -> tuple[str, int | None]:
    """``"parry-1"`` → ``("parry", 1)``; ``"dodge"`` → ``("dodge", None)``."""
    if choice.startswith("parry-"):
        return "parry", int(choice.removeprefix("parry-"))
    return choice, None


_KINDS: Final = frozenset({"dodge", "parry", "block", "none"})


def typed_choice(text: str, choices: Sequence[app_commands.Choice[str]]) -> str:
    """What a defense typed into ``/defend`` means, when it was not picked from the list.

    Discord sends typed text as it is: a value (``dodge``, ``parry-1``) or a defense kind
    stands; else the one open choice whose label starts with it (``Esquiva`` → the
    "Esquiva 9" choice's value). Anything else, or a text matching several labels, is
    returned unchanged for the caller to refuse.
    """
    wanted = text.strip().casefold()
    if wanted in _KINDS or any(wanted == c.value for c in choices):
        return wanted
    matching = [c.value for c in choices if c.name.casefold().startswith(wanted)]
    return matching[0] if wanted and len(matching) == 1 else text


class DefenseButton(
    PersistentButton,
    template=rf"{CUSTOM_ID_PREFIX}:(?P<key>[0-9]{{1,18}}):(?P<action>{CHOICE_PATTERN})",
):
    """One defense choice for one pending attack (the ``Defend`` cog's ``may_press`` and
    ``press`` take the attack's id and the choice)."""

    prefix = CUSTOM_ID_PREFIX
    handler_cog = HANDLER_COG
    cites_rules = True
