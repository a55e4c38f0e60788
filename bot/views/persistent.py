"""One persistent button kind for every button the bot leaves under a message.

A button's custom id is ``<prefix>:<key>:<action>``: a number naming what it acts on (a
pending attack, a waiting blast, an ended encounter) and the action the button stands
for. Nothing is kept in memory, so a click after a restart still works: the bot
registers each subclass with ``add_dynamic_items`` and discord.py rebuilds the button
from any id its template matches. The work itself (who may press, what the press does)
belongs to one cog, found through the client by name, so the views stay thin bridges.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Protocol, Self, cast, runtime_checkable

import discord

from bot.citations import citing
from bot.deadline import guard
from bot.errors import report_error

__all__ = ["ButtonHandler", "PersistentButton"]


@runtime_checkable
class ButtonHandler(Protocol):
    """What the cog behind a :class:`PersistentButton` offers it."""

    async def may_press(self, interaction: discord.Interaction[Any], key: int, action: str) -> bool:
        """Whether the user may press this button (answers the refusal itself)."""
        ...

    async def press(self, interaction: discord.Interaction[Any], key: int, action: str) -> None:
        """Carry out the press and answer the interaction."""
        ...


class PersistentButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"(?!)",  # matches nothing: each subclass gives its own
):
    """A button whose custom id carries ``key`` and ``action``.

    A subclass sets :attr:`prefix`, :attr:`handler_cog` and a ``template`` with the
    groups ``key`` (digits) and ``action``.
    """

    prefix: ClassVar[str]
    handler_cog: ClassVar[str]
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.primary
    edits_message: ClassVar[bool] = True
    """Whether the press answers by editing the button's message (else with a new one)."""
    cites_rules: ClassVar[bool] = False
    """Whether the answer names ``/rules`` with the rule ids it cites."""

    def __init__(
        self,
        key: int,
        action: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.style if style is None else style,
                custom_id=self.custom_id_of(key, action),
            )
        )
        self.key = key
        self.action = action

    @classmethod
    def custom_id_of(cls, key: int, action: str) -> str:
        """``<prefix>:<key>:<action>`` (well under Discord's 100 characters)."""
        return f"{cls.prefix}:{key}:{action}"

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        if isinstance(item, discord.ui.Button):
            return cls(int(match["key"]), match["action"], label=item.label, style=item.style)
        return cls(int(match["key"]), match["action"])

    def _handler(self, interaction: discord.Interaction[Any]) -> ButtonHandler:
        cog = interaction.client.get_cog(self.handler_cog)
        if cog is None:
            raise RuntimeError(f"the {self.handler_cog} cog is not loaded")
        # Each handler cog offers both methods (tests/e2e/test_persistent_buttons.py); a
        # runtime protocol check on every press would cost more than the rest of the lookup.
        return cast(ButtonHandler, cog)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        guard(
            interaction,
            update=self.edits_message,
            prepare=citing(interaction) if self.cites_rules else None,
        )
        try:
            return await self._handler(interaction).may_press(interaction, self.key, self.action)
        except Exception as error:  # answered as an ephemeral error, never a silent failure
            await report_error(interaction, error)
            return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self._handler(interaction).press(interaction, self.key, self.action)
        except Exception as error:
            await report_error(interaction, error)
