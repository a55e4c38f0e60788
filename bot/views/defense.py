"""The defense buttons under an attack: persistent, so a click after a restart still works.

Each button's custom id carries the pending attack's id and the choice
(``gurps:defend:<attack_id>:<choice>``); nothing else is kept in memory. The
bot registers :class:`DefenseButton` with ``add_dynamic_items`` and discord.py
rebuilds the button from any matching id it receives. The work itself (who may
press, what the press does) belongs to the ``Defend`` cog, found through the
client, so this module stays a thin bridge.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final, Protocol, runtime_checkable

import discord
from discord import app_commands

from bot.citations import citing
from bot.deadline import guard
from bot.errors import report_error

__all__ = [
    "CUSTOM_ID_PREFIX",
    "DefenseButton",
    "DefenseHandler",
    "custom_id",
    "parse_choice",
]

CUSTOM_ID_PREFIX: Final = "gurps:defend"
HANDLER_COG: Final = "Defend"
CHOICE_PATTERN: Final = r"dodge|block|none|retreat|parry-[0-9]{1,2}"


def custom_id(attack_id: int, choice: str) -> str:
    """``gurps:defend:<attack_id>:<choice>`` (well under Discord's 100 characters)."""
    return f"{CUSTOM_ID_PREFIX}:{attack_id}:{choice}"


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


@runtime_checkable
class DefenseHandler(Protocol):
    """What the ``Defend`` cog offers the buttons."""

    async def may_defend(self, interaction: discord.Interaction[Any], attack_id: int) -> bool:
        """Whether the user may choose this attack's defense (answers the refusal itself)."""
        ...

    async def choose(
        self, interaction: discord.Interaction[Any], attack_id: int, choice: str
    ) -> None:
        """Carry out the choice and answer the interaction."""
        ...


def _handler(interaction: discord.Interaction[Any]) -> DefenseHandler:
    cog = interaction.client.get_cog(HANDLER_COG)
    if not isinstance(cog, DefenseHandler):
        raise RuntimeError("the Defend cog is not loaded")
    return cog


class DefenseButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"{CUSTOM_ID_PREFIX}:(?P<attack_id>[0-9]{{1,18}}):(?P<choice>{CHOICE_PATTERN})",
):
    """One defense choice for one pending attack."""

    def __init__(
        self,
        attack_id: int,
        choice: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id(attack_id, choice))
        )
        self.attack_id = attack_id
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> DefenseButton:
        if isinstance(item, discord.ui.Button):
            return cls(int(match["attack_id"]), match["choice"], label=item.label, style=item.style)
        return cls(int(match["attack_id"]), match["choice"])

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        guard(interaction, update=True, prepare=citing(interaction))
        try:
            return await _handler(interaction).may_defend(interaction, self.attack_id)
        except Exception as error:  # answered as an ephemeral error, never a silent failure
            await report_error(interaction, error)
            return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await _handler(interaction).choose(interaction, self.attack_id, self.choice)
        except Exception as error:
            await report_error(interaction, error)
