"""``/environment``: falls, falling objects, fire, suffocation and drowning, heat and cold
(sections 9 and 10, R13.7, R13.8).

With ``combatant:`` the hazard is applied to that fighter of this channel's running
encounter (encounter GM), its damage through the same injury pipeline as an attack and
the whole of it one undoable change; without it the command works the numbers out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import EncounterAuthority
from bot.render.attack import render_damage
from bot.render.common import ResultKind, line_embeds
from bot.render.environment import dice_line, render_fall, render_falling_object
from bot.storage.encounter import EncounterRepository
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import LOCATION_CHOICES, SIDE_CHOICES, catalog_choices, channel_of, send_embeds
from rules.combatant import Armor, Combatant, HitLocation, Side
from rules.falling import (
    Fall,
    FallArmor,
    Landing,
    fall,
    fall_armor,
    fall_hit,
    falling_object,
    falling_object_hit,
)
from rules.injury import InjuryOutcome

LANDING_CHOICES = catalog_choices("environment.landing", [landing.value for landing in Landing])
FALL_ARMOR_CHOICES = catalog_choices("environment.fall_armor", [kind.value for kind in FallArmor])

Skill = app_commands.Range[int, 0, 40]

_COMBATANT = _("combatant", key="environment.cmd.combatant.name")
_COMBATANT_HELP = _(
    "A fighter of this channel's encounter (left out: just the numbers)",
    key="environment.cmd.combatant.description",
)


class Environment(commands.Cog):
    """Hazards of the world: falling, fire, water, air, heat and cold."""

    environment = app_commands.Group(
        name=_("environment", key="environment.cmd.name"),
        description=_(
            "Falls, fire, drowning, heat and cold on a combatant or as numbers",
            key="environment.cmd.description",
        ),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)

    def _text(self, key: str, locale: str, **params: object) -> str:
        return self.bot.messages.text(key, locale, **params)

    async def _hit(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str,
        work: Callable[[Combatant], tuple[list[str], InjuryOutcome, str | None]],
        *,
        title_key: str,
        detail: dict[str, Any],
    ) -> None:
        """Encounter GM: ``work`` rolls the hazard for the fighter's sheet and hits him with
        it (its lines, the injury, the basic-damage line); one undoable change."""
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "environment"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            fighter = change.encounter.find(combatant)
            if fighter.combatant.state.destroyed:
                raise UserFacingError("damage.error.destroyed", target=fighter.name)
            lines, injury, basic = work(fighter.combatant)
            sheet = fighter.combatant.with_state(injury.state)
            change.encounter = change.encounter.replace(fighter.with_sheet(sheet))
            change.detail = {**detail, "target": fighter.name, "injury": injury.injury}
        locale = context.locale
        title = self._text(title_key, locale, name=fighter.name)
        embeds = line_embeds(ResultKind.INFO, title, lines)
        embeds.append(
            render_damage(injury, fighter.name, self.bot.messages, locale, basic_line=basic)
        )
        await send_embeds(interaction, embeds)

    # ------------------------------------------------------------------ R13.7

    @environment.command(
        name=_("fall", key="environment.cmd.fall.name"),
        description=_(
            "A fall: Acrobatics, soft landings, the damage by height (R13.7)",
            key="environment.cmd.fall.description",
        ),
    )
    @app_commands.rename(
        height=_("height", key="environment.cmd.fall.height.name"),
        combatant=_COMBATANT,
        acrobatics=_("acrobatics", key="environment.cmd.fall.acrobatics.name"),
        landing=_("landing", key="environment.cmd.fall.landing.name"),
        swimming=_("swimming", key="environment.cmd.fall.swimming.name"),
        armor=_("armor", key="environment.cmd.fall.armor.name"),
        dr=_("dr", key="environment.cmd.fall.dr.name"),
    )
    @app_commands.describe(
        height=_("Metres fallen", key="environment.cmd.fall.height.description"),
        combatant=_COMBATANT_HELP,
        acrobatics=_(
            "Acrobatics level: a success takes 5 m off (default: the sheet's; 0: no roll)",
            key="environment.cmd.fall.acrobatics.description",
        ),
        landing=_(
            "Hard (default), soft, or water (soft on a Swimming roll)",
            key="environment.cmd.fall.landing.description",
        ),
        swimming=_(
            "Swimming level, for water (default: the sheet's)",
            key="environment.cmd.fall.swimming.description",
        ),
        armor=_(
            "His armor: flexible (DR at most 3, default), metal (half DR) or none",
            key="environment.cmd.fall.armor.description",
        ),
        dr=_("Armor DR, without a combatant", key="environment.cmd.fall.dr.description"),
    )
    @app_commands.choices(landing=LANDING_CHOICES, armor=FALL_ARMOR_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def fall(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        height: app_commands.Range[float, 0, 10000],
        combatant: str | None = None,
        acrobatics: Skill | None = None,
        landing: app_commands.Choice[str] | None = None,
        swimming: Skill | None = None,
        armor: app_commands.Choice[str] | None = None,
        dr: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        context = await self.bot.context_for(interaction)
        where = Landing(landing.value) if landing else Landing.HARD
        kind = FallArmor(armor.value) if armor else FallArmor.FLEXIBLE

        def roll_fall(sheet: Combatant | None) -> Fall:
            acrobatics_level = acrobatics
            swimming_level = swimming
            if sheet is not None:
                if acrobatics_level is None:
                    acrobatics_level = sheet.skill("acrobatics")
                if swimming_level is None:
                    swimming_level = sheet.skill("swimming")
            if where is Landing.WATER and swimming_level is None:
                raise UserFacingError("environment.error.swimming_needed")
            return fall(
                height,
                acrobatics=acrobatics_level,
                landing=where,
                swimming=swimming_level,
                roller=self.bot.dice,
                options=context.options,
            )

        if combatant is None:
            landed = roll_fall(None)
            worn = Armor(flexible=dr) if dr else None
            lines = render_fall(landed, self.bot.messages, context.locale, armor=worn, kind=kind)
            if worn is not None:
                stopped = fall_armor(worn, kind).dr
                lines.append(
                    self._text(
                        "environment.fall.after_dr",
                        context.locale,
                        damage=max(0, landed.damage - stopped),
                    )
                )
            title = self._text(
                "environment.fall.title",
                context.locale,
                name=self._text("environment.someone", context.locale),
            )
            await send_embeds(interaction, line_embeds(ResultKind.DAMAGE, title, lines))
            return

        def work(sheet: Combatant) -> tuple[list[str], InjuryOutcome, str | None]:
            landed = roll_fall(sheet)
            torso = sheet.dr.at(HitLocation.TORSO)
            lines = render_fall(landed, self.bot.messages, context.locale, armor=torso, kind=kind)
            injury = fall_hit(sheet, landed, kind, self.bot.dice, context.options)
            basic = None
            if landed.expression is not None:
                basic = dice_line(
                    landed.expression,
                    landed.faces,
                    landed.damage,
                    self.bot.messages,
                    context.locale,
                )
            return lines, injury, basic

        await self._hit(
            interaction,
            combatant,
            work,
            title_key="environment.fall.title",
            detail={"fall": height},
        )

    # ------------------------------------------------------------------ R13.8

    @environment.command(
        name=_("falling-object", key="environment.cmd.object.name"),
        description=_(
            "An object falling on someone: weight × height dice (R13.8)",
            key="environment.cmd.object.description",
        ),
    )
    @app_commands.rename(
        kg=_("kg", key="environment.cmd.object.kg.name"),
        metres=_("metres", key="environment.cmd.object.metres.name"),
        soft=_("soft", key="environment.cmd.object.soft.name"),
        combatant=_COMBATANT,
        location=_("location", key="environment.cmd.object.location.name"),
        side=_("side", key="environment.cmd.object.side.name"),
    )
    @app_commands.describe(
        kg=_("The object's weight in kg", key="environment.cmd.object.kg.description"),
        metres=_("How far it fell, in metres", key="environment.cmd.object.metres.description"),
        soft=_("A soft object: half damage", key="environment.cmd.object.soft.description"),
        combatant=_COMBATANT_HELP,
        location=_(
            "Where it hits (default torso)", key="environment.cmd.object.location.description"
        ),
        side=_("Which arm, leg, hand, foot or eye", key="environment.cmd.object.side.description"),
    )
    @app_commands.choices(location=LOCATION_CHOICES, side=SIDE_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def falling_object(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        kg: app_commands.Range[float, 0, 500],
        metres: app_commands.Range[float, 0, 10000],
        soft: bool = False,
        combatant: str | None = None,
        location: app_commands.Choice[str] | None = None,
        side: app_commands.Choice[str] | None = None,
    ) -> None:
        context = await self.bot.context_for(interaction)
        if combatant is None:
            dropped = falling_object(kg, metres, soft=soft, roller=self.bot.dice)
            lines = render_falling_object(dropped, self.bot.messages, context.locale)
            title = self._text(
                "environment.object.title",
                context.locale,
                name=self._text("environment.someone", context.locale),
            )
            await send_embeds(interaction, line_embeds(ResultKind.DAMAGE, title, lines))
            return

        def work(sheet: Combatant) -> tuple[list[str], InjuryOutcome, str | None]:
            dropped = falling_object(kg, metres, soft=soft, roller=self.bot.dice)
            lines = render_falling_object(dropped, self.bot.messages, context.locale)
            injury = falling_object_hit(
                sheet,
                dropped,
                self.bot.dice,
                context.options,
                location=HitLocation(location.value) if location else HitLocation.TORSO,
                side=Side(side.value) if side else Side.RIGHT,
            )
            return lines, injury, None

        await self._hit(
            interaction,
            combatant,
            work,
            title_key="environment.object.title",
            detail={"kg": kg, "metres": metres},
        )


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Environment(bot))
