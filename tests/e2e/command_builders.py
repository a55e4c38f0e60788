"""Slash commands built for tests that register schemas Discord refuses (or barely accepts)."""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands


def many_options(name: str, count: int) -> app_commands.Command[Any, ..., None]:
    """A slash command taking ``count`` integer options ``n1`` ... ``nN``."""

    async def callback(interaction: discord.Interaction, **values: int) -> None:
        del interaction, values

    interaction = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    numbers = [
        inspect.Parameter(f"n{i}", inspect.Parameter.KEYWORD_ONLY, annotation=int)
        for i in range(1, count + 1)
    ]
    callback.__signature__ = inspect.Signature([interaction, *numbers])  # type: ignore[attr-defined]
    return app_commands.Command(name=name, description=f"Takes {count} numbers", callback=callback)


async def _roll(interaction: discord.Interaction, dice: str) -> None:
    del interaction, dice


def roll_command() -> app_commands.Command[Any, ..., None]:
    return app_commands.Command(name="roll", description="Roll dice", callback=_roll)
