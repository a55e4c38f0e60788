"""``/terrain``: where a fighter stands (how high, in or under water) and the Vision roll
against an attack from above (R13.2-R13.6). Going under water he holds his breath from
that second, coming up he breathes again (R9.1, R9.2, R13.4): the held breath runs out at
his place in the turn order like ``/breath hold``'s.

The encounter GM or the fighter's owner sets it; it stays on the fighter's turn state,
so every attack reads it (levels R13.2, water R13.4, R13.5, shots up and down R12.8,
R12.9), the tracker shows it, and ``/encounter undo`` takes it back.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.permissions import EncounterAuthority
from bot.render.terrain import render_ambush, render_ground
from bot.storage.encounter import EncounterRepository
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import PREPARATION_CHOICES, catalog_choices, channel_of
from rules import exchange
from rules.breath import Preparation
from rules.ranged import as_fraction
from rules.terrain import HEIGHT_PRESETS, Water, ambush_vision

PRESET_CHOICES = catalog_choices("terrain.preset", list(HEIGHT_PRESETS))
DRY = "dry"
WATER_CHOICES = catalog_choices("terrain.water", [DRY, *(w.value for w in Water)])
Name = app_commands.Range[str, 1, 80]


class Terrain(commands.Cog):
    """Heights and water under the fighters of a channel's encounter."""

    terrain = app_commands.Group(
        name=_("terrain", key="terrain.cmd.name"),
        description=_(
            "Heights, water and ambushes from above (R13)", key="terrain.cmd.description"
        ),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)

    @terrain.command(
        name=_("set", key="terrain.cmd.set.name"),
        description=_(
            "Where a fighter stands: height and water (R13.2-R13.5)",
            key="terrain.cmd.set.description",
        ),
    )
    @app_commands.rename(
        combatant=_("combatant", key="terrain.cmd.combatant.name"),
        height=_("height", key="terrain.cmd.height.name"),
        preset=_("preset", key="terrain.cmd.preset.name"),
        water=_("water", key="terrain.cmd.water.name"),
        breath=_("breath", key="terrain.cmd.breath.name"),
    )
    @app_commands.describe(
        combatant=_("Which fighter", key="terrain.cmd.combatant.description"),
        height=_("Metres above the floor (0 for the floor)", key="terrain.cmd.height.description"),
        preset=_(
            "A common height: step, chair, table, counter, wagon (R13.3)",
            key="terrain.cmd.preset.description",
        ),
        water=_(
            "Out of the water, in water above the knee, or under water",
            key="terrain.cmd.water.description",
        ),
        breath=_(
            "Going under: how he took his breath (default normally, R9.1)",
            key="terrain.cmd.breath.description",
        ),
    )
    @app_commands.choices(preset=PRESET_CHOICES, water=WATER_CHOICES, breath=PREPARATION_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def set_ground(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: Name,
        height: app_commands.Range[float, 0.0, 100.0] | None = None,
        preset: app_commands.Choice[str] | None = None,
        water: app_commands.Choice[str] | None = None,
        breath: app_commands.Choice[str] | None = None,
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        metres = HEIGHT_PRESETS[preset.value] if preset else None
        if height is not None:
            metres = as_fraction(height)
        footing: Water | bool | None = None
        if water is not None:
            footing = False if water.value == DRY else Water(water.value)
        async with self.encounters.change(channel, interaction.user.id, "terrain") as change:
            fight = change.encounter
            fighter = fight.find(combatant)
            authority.ensure_can_act_for(fight.gm_id, fighter.owner_id, fighter.name)
            taken = exchange.take_ground(
                fight,
                fighter.combatant_id,
                height=metres,
                water=footing,
                preparation=Preparation(breath.value) if breath else Preparation.NORMAL,
                roller=self.bot.dice,
                options=context.options,
            )
            change.encounter = taken.encounter
            change.detail = taken.detail()
        await interaction.response.send_message(
            embed=render_ground(
                fighter.name,
                taken.turn,
                self.bot.messages,
                context.locale,
                swimming=taken.swimming,
                breath=taken.breath,
                unconscious=taken.encounter.get(fighter.combatant_id).combatant.state.unconscious,
            )
        )

    @terrain.command(
        name=_("ambush", key="terrain.cmd.ambush.name"),
        description=_(
            "Vision roll to notice someone waiting above (R13.6)",
            key="terrain.cmd.ambush.description",
        ),
    )
    @app_commands.rename(
        combatant=_("combatant", key="terrain.cmd.combatant.name"),
        watching=_("watching", key="terrain.cmd.watching.name"),
    )
    @app_commands.describe(
        combatant=_("Which fighter", key="terrain.cmd.combatant.description"),
        watching=_(
            "He is watching trees, windows and ledges: +2 instead of -2",
            key="terrain.cmd.watching.description",
        ),
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def ambush(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: Name,
        watching: bool = False,
    ) -> None:
        channel = channel_of(interaction)
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        record = await self.encounters.require_active(channel)
        fighter = record.encounter.find(combatant)
        authority.ensure_can_act_for(record.encounter.gm_id, fighter.owner_id, fighter.name)
        per = fighter.combatant.attributes.per
        roll = ambush_vision(per, watching=watching, roller=self.bot.dice, options=context.options)
        await interaction.response.send_message(
            embed=render_ambush(fighter.name, per, roll, self.bot.messages, context.locale)
        )


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Terrain(bot))
