"""Autocomplete shared by every command that names a combatant, a side or a saved character.

Use it on any option that takes a combatant of this channel's running fight::

    @app_commands.autocomplete(target=combatant_autocomplete)

The value sent back is the combatant's name; commands resolve it with
``Encounter.find``, which also accepts a name typed by hand.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.client import GurpsBot
from bot.render.common import truncate
from bot.storage.character import CharacterRepository
from bot.storage.encounter import EncounterRepository

MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
"""Discord's limit on a suggestion's name and on a string value (Application Commands,
"Application Command Option Choice Structure")."""


def text_choice(name: str, value: str) -> app_commands.Choice[str] | None:
    """A suggestion Discord takes: the name cut to 100 characters, or none at all when the
    value is longer (Discord would refuse the whole list for one such value, and a value
    cannot be cut without naming something else)."""
    if not value or len(value) > MAX_CHOICE_TEXT:
        return None
    return app_commands.Choice(name=truncate(name, MAX_CHOICE_TEXT), value=value)


async def combatant_autocomplete(
    interaction: discord.Interaction[GurpsBot], current: str
) -> list[app_commands.Choice[str]]:
    """Names of the combatants in this channel's running encounter that contain ``current``."""
    if interaction.channel_id is None:
        return []
    repository = EncounterRepository(interaction.client.database)
    found = await repository.combatant_choices(interaction.channel_id, current, limit=MAX_CHOICES)
    return [app_commands.Choice(name=name, value=name) for _, name in found]


async def side_autocomplete(
    interaction: discord.Interaction[GurpsBot], current: str
) -> list[app_commands.Choice[str]]:
    """The sides present in this channel's running encounter that contain ``current``."""
    if interaction.channel_id is None:
        return []
    record = await EncounterRepository(interaction.client.database).active(interaction.channel_id)
    if record is None:
        return []
    wanted = current.strip().casefold()
    sides = sorted({c.side for c in record.encounter.combatants}, key=str.casefold)
    return [
        app_commands.Choice(name=side, value=side) for side in sides if wanted in side.casefold()
    ][:MAX_CHOICES]


async def character_autocomplete(
    interaction: discord.Interaction[GurpsBot], current: str
) -> list[app_commands.Choice[str]]:
    """Names of this guild's saved characters that contain ``current``."""
    if interaction.guild_id is None:
        return []
    repository = CharacterRepository(interaction.client.database)
    names = await repository.choices(interaction.guild_id, current, limit=MAX_CHOICES)
    return [app_commands.Choice(name=name, value=name) for name in names]


async def sheet_autocomplete(
    interaction: discord.Interaction[GurpsBot], current: str
) -> list[app_commands.Choice[str]]:
    """The fighters of this channel's encounter, then the guild's saved characters (each name
    once), that contain ``current``: whatever ``/check character:`` can roll for."""
    fighters = await combatant_autocomplete(interaction, current)
    seen = {choice.value.casefold() for choice in fighters}
    saved = [
        choice
        for choice in await character_autocomplete(interaction, current)
        if choice.value.casefold() not in seen
    ]
    return [*fighters, *saved][:MAX_CHOICES]


_WORDS = re.compile(r"[\w']+")


def starts_a_word(text: str, current: str) -> bool:
    """Whether what is typed begins ``text`` or one of its words (``st`` finds ``ST`` and
    ``Stealth``, not ``Taste``)."""
    wanted = current.strip().casefold()
    folded = text.casefold()
    return folded.startswith(wanted) or any(
        word.startswith(wanted) for word in _WORDS.findall(folded)
    )
