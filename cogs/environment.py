"""``/environment``: falls, falling objects, fire, suffocation and drowning, heat and cold
(sections 9 and 10, R13.7, R13.8).

With ``combatant:`` the hazard is applied to that fighter of this channel's running
encounter (encounter GM), its damage through the same injury pipeline as an attack and
the whole of it one undoable change; without it the command works the numbers out.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.i18n import Messages
from bot.render.attack import render_damage
from bot.render.common import ResultKind, line_embeds
from bot.render.environment import (
    dice_line,
    render_catch,
    render_cold,
    render_extinguish,
    render_fall,
    render_falling_object,
    render_fire_exposure,
    render_heat,
    render_ignition,
    render_intense_heat,
    render_sunburn,
    render_thermal_shock,
)
from cogs._autocomplete import combatant_autocomplete
from cogs._fp import FatigueApplier
from cogs._shared import LOCATION_CHOICES, SIDE_CHOICES, catalog_choices, send_embeds
from rules.climate import (
    ColdClothing,
    Skin,
    cold,
    heat,
    intense_heat,
    sunburn,
    thermal_shock,
)
from rules.combatant import Armor, HitLocation, Side
from rules.dice import DiceExpression
from rules.encounter import Encounter
from rules.environment_change import (
    Charged,
    HazardHit,
    SunburnTaken,
    Weather,
    catch_fire_on,
    cold_on,
    fall_on,
    falling_object_on,
    fire_on,
    heat_on,
    heat_with_the_rounds,
    icy_water_on,
    intense_heat_on,
    roll_fall,
    sunburn_on,
    what_catches,
)
from rules.falling import FallArmor, Landing, fall_armor, falling_object
from rules.fire import Clothing, Exposure, Flammability, fire_exposure, ignite
from rules.strain import fight_fire

LANDING_CHOICES = catalog_choices("environment.landing", [landing.value for landing in Landing])
FALL_ARMOR_CHOICES = catalog_choices("environment.fall_armor", [kind.value for kind in FallArmor])

EXPOSURE_CHOICES = catalog_choices("environment.exposure", [e.value for e in Exposure])
CLOTHING_CHOICES = catalog_choices("environment.clothing", [c.value for c in Clothing])
MATERIAL_CHOICES = catalog_choices("environment.material", [m.value for m in Flammability])
SKIN_CHOICES = catalog_choices("environment.skin", [skin.value for skin in Skin])
COLD_CLOTHING_CHOICES = catalog_choices(
    "environment.cold_clothing", [c.value for c in ColdClothing]
)
ENCUMBRANCE = ("none", "light", "medium", "heavy", "extra_heavy")
ENCUMBRANCE_CHOICES = catalog_choices("fatigue.encumbrance", list(ENCUMBRANCE))

Skill = app_commands.Range[int, 0, 40]
Score = app_commands.Range[int, 1, 40]
CurrentFP = app_commands.Range[int, -100, 100]
MaxFP = app_commands.Range[int, 1, 100]
Temperature = app_commands.Range[float, -90, 200]
Minutes = app_commands.Range[int, 1, 10080]

_SECONDS = _("seconds", key="environment.cmd.seconds.name")
_MINUTES = _("minutes", key="environment.cmd.minutes.name")
_MINUTES_HELP = _("How many minutes", key="environment.cmd.minutes.description")
_TEMPERATURE = _("temperature", key="environment.cmd.temperature.name")
_HT = _("ht", key="fatigue.cmd.ht.name")
_HT_HELP = _("HT, without a combatant", key="fatigue.cmd.ht.description")
_SURVIVAL = _("survival", key="environment.cmd.survival.name")
_FP = _("fp", key="fatigue.cmd.fp.name")
_FP_HELP = _("Current FP, without a combatant", key="fatigue.cmd.fp.description")
_MAX_FP = _("max-fp", key="fatigue.cmd.max_fp.name")
_MAX_FP_HELP = _("FP attribute, without a combatant", key="fatigue.cmd.max_fp.description")
_ENCUMBRANCE = _("encumbrance", key="fatigue.cmd.encumbrance.name")
_ENCUMBRANCE_HELP = _(
    "Encumbrance level (default: the sheet's, or none)",
    key="fatigue.cmd.encumbrance.description",
)
_CLOTHING = _("clothing", key="environment.cmd.clothing.name")
_CLOTHING_HELP = _(
    "Normal (default), wet, under armor or flimsy (R10.8)",
    key="environment.cmd.clothing.description",
)


def _level(choice: app_commands.Choice[str] | None) -> int | None:
    """The encumbrance level chosen, or ``None`` (the sheet's, else none)."""
    return ENCUMBRANCE.index(choice.value) if choice is not None else None


def _ht_needed(ht: int | None) -> int:
    """HT for the numbers alone (no combatant named): refused when not given."""
    if ht is None:
        raise UserFacingError("environment.error.ht_needed")
    return ht


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
        self.fp = FatigueApplier(bot, "environment")

    def _text(self, key: str, locale: str, **params: object) -> str:
        return self.bot.messages.text(key, locale, **params)

    def _someone(self, locale: str) -> str:
        return self._text("environment.someone", locale)

    async def _weather_on(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str,
        call: Callable[[Encounter, str], Charged[Weather]],
        render: Callable[[Weather, Messages, str], list[str]],
        title_key: str,
    ) -> None:
        """Heat or cold worked out from the fighter's sheet and charged to him, one change
        (encounter GM only, checked before any roll); its rolls above the FP it moved."""
        locale = await self.bot.locale_for(interaction)
        taken = await self.fp.apply(interaction, combatant, call)
        title = self._text(title_key, locale, name=taken.name)
        lines = render(taken.working, self.bot.messages, locale)
        await self.fp.show(interaction, locale, title, lines, taken.applied)

    async def _weather_numbers(
        self,
        interaction: discord.Interaction[GurpsBot],
        found: Weather,
        render: Callable[[Weather, Messages, str], list[str]],
        title_key: str,
        *,
        fp: int | None,
        max_fp: int | None,
    ) -> None:
        """Heat or cold on the GM's numbers alone: its rolls, and what the FP it cost does
        to the FP given."""
        locale = await self.bot.locale_for(interaction)
        await self.fp.result(
            interaction,
            combatant=None,
            fp=fp,
            max_fp=max_fp,
            fp_lost=found.fp_lost,
            lines=render(found, self.bot.messages, locale),
            title=self.fp.title(locale, title_key, None),
            detail={},
        )

    async def _show_hit(
        self,
        interaction: discord.Interaction[GurpsBot],
        taken: HazardHit | SunburnTaken,
        lines: list[str],
        *,
        title_key: str,
        basic: str | None = None,
    ) -> None:
        """The hazard's working, then the injury it did him."""
        locale = await self.bot.locale_for(interaction)
        title = self._text(title_key, locale, name=taken.name)
        embeds = line_embeds(ResultKind.INFO, title, lines)
        if taken.injury is not None:
            embeds.append(
                render_damage(taken.injury, taken.name, self.bot.messages, locale, basic_line=basic)
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

        if combatant is None:
            landed = roll_fall(
                height,
                acrobatics=acrobatics,
                landing=where,
                swimming=swimming,
                roller=self.bot.dice,
                options=context.options,
            )
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

        fell = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: fall_on(
                fight,
                fighter_id,
                height,
                acrobatics=acrobatics,
                landing=where,
                swimming=swimming,
                armor=kind,
                roller=self.bot.dice,
                options=context.options,
            ),
        )
        landed = fell.landed
        basic = None
        if landed.expression is not None:
            basic = dice_line(
                landed.expression, landed.faces, landed.damage, self.bot.messages, context.locale
            )
        lines = render_fall(landed, self.bot.messages, context.locale, armor=fell.torso, kind=kind)
        await self._show_hit(
            interaction, fell, lines, title_key="environment.fall.title", basic=basic
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

        hit = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: falling_object_on(
                fight,
                fighter_id,
                kg,
                metres,
                soft=soft,
                location=HitLocation(location.value) if location else HitLocation.TORSO,
                side=Side(side.value) if side else Side.RIGHT,
                roller=self.bot.dice,
                options=context.options,
            ),
        )
        lines = render_falling_object(hit.dropped, self.bot.messages, context.locale)
        await self._show_hit(interaction, hit, lines, title_key="environment.object.title")

    # ------------------------------------------------------------------ R10.1, R10.5-R10.8

    @environment.command(
        name=_("fire", key="environment.cmd.fire.name"),
        description=_(
            "Time in the flames: burning, large-area; clothes may catch (R10.1, R10.5)",
            key="environment.cmd.fire.description",
        ),
    )
    @app_commands.rename(
        exposure=_("exposure", key="environment.cmd.fire.exposure.name"),
        seconds=_SECONDS,
        combatant=_COMBATANT,
        clothing=_CLOTHING,
    )
    @app_commands.describe(
        exposure=_(
            "Part of a turn (1d-3), a whole turn (1d-1 a second) or a furnace (3d a second)",
            key="environment.cmd.fire.exposure.description",
        ),
        seconds=_("Seconds in the flames (default 1)", key="environment.cmd.seconds.description"),
        combatant=_COMBATANT_HELP,
        clothing=_CLOTHING_HELP,
    )
    @app_commands.choices(exposure=EXPOSURE_CHOICES, clothing=CLOTHING_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def fire(
        self,
        interaction: discord.Interaction[GurpsBot],
        exposure: app_commands.Choice[str],
        seconds: app_commands.Range[int, 1, 200] = 1,
        combatant: str | None = None,
        clothing: app_commands.Choice[str] | None = None,
    ) -> None:
        context = await self.bot.context_for(interaction)
        locale = context.locale
        kind = Exposure(exposure.value)
        worn = Clothing(clothing.value) if clothing else Clothing.NORMAL
        if combatant is None:
            flames = fire_exposure(kind, seconds, self.bot.dice)
            lines = render_fire_exposure(flames, self.bot.messages, locale)
            title = self._text("environment.fire.title", locale, name=self._someone(locale))
            await send_embeds(interaction, line_embeds(ResultKind.DAMAGE, title, lines))
            return

        burnt = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: fire_on(
                fight,
                fighter_id,
                kind,
                seconds,
                clothing=worn,
                roller=self.bot.dice,
                options=context.options,
            ),
        )
        lines = render_fire_exposure(burnt.flames, self.bot.messages, locale)
        lines += render_catch(
            burnt.caught, burnt.hottest, worn, self.bot.messages, locale, name=burnt.name
        )
        await self._show_hit(interaction, burnt, lines, title_key="environment.fire.title")

    @environment.command(
        name=_("catch-fire", key="environment.cmd.catch.name"),
        description=_(
            "Does a burning attack set his clothes or shield alight? (R10.5-R10.8)",
            key="environment.cmd.catch.description",
        ),
    )
    @app_commands.rename(
        damage=_("damage", key="environment.cmd.catch.damage.name"),
        combatant=_COMBATANT,
        clothing=_CLOTHING,
        tight_beam=_("tight-beam", key="environment.cmd.catch.tight_beam.name"),
        shield=_("shield", key="environment.cmd.catch.shield.name"),
    )
    @app_commands.describe(
        damage=_(
            "Basic burning damage of the one attack", key="environment.cmd.catch.damage.description"
        ),
        combatant=_COMBATANT_HELP,
        clothing=_CLOTHING_HELP,
        tight_beam=_(
            "A tight beam: a tenth of its damage counts (R10.3)",
            key="environment.cmd.catch.tight_beam.description",
        ),
        shield=_(
            "It hit his wooden shield: 10 in one second sets it alight (R10.7)",
            key="environment.cmd.catch.shield.description",
        ),
    )
    @app_commands.choices(clothing=CLOTHING_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def catch_fire(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        damage: app_commands.Range[int, 0, 1000],
        combatant: str | None = None,
        clothing: app_commands.Choice[str] | None = None,
        tight_beam: bool = False,
        shield: bool = False,
    ) -> None:
        context = await self.bot.context_for(interaction)
        locale = context.locale
        worn = Clothing(clothing.value) if clothing else Clothing.NORMAL
        name = combatant or self._someone(locale)
        if combatant is None:
            caught = what_catches(damage, worn, tight_beam=tight_beam, shield=shield)
        else:
            alight = await self.fp.apply(
                interaction,
                combatant,
                lambda fight, fighter_id: catch_fire_on(
                    fight, fighter_id, damage, clothing=worn, tight_beam=tight_beam, shield=shield
                ),
            )
            caught = alight.caught
        lines = render_catch(caught, damage, worn, self.bot.messages, locale, name=name)
        title = self._text("environment.catch.title", locale, name=name)
        await send_embeds(interaction, line_embeds(ResultKind.DAMAGE, title, lines))

    @environment.command(
        name=_("extinguish", key="environment.cmd.extinguish.name"),
        description=_(
            "Try to put out his burning clothes, or drop the burning shield (R10.5-R10.7)",
            key="environment.cmd.extinguish.description",
        ),
    )
    @app_commands.rename(
        combatant=_("combatant", key="environment.cmd.extinguish.combatant.name"),
        dive=_("dive", key="environment.cmd.extinguish.dive.name"),
    )
    @app_commands.describe(
        combatant=_("Who is on fire", key="environment.cmd.extinguish.combatant.description"),
        dive=_(
            "He dives into water: out at once, in one second (R10.6)",
            key="environment.cmd.extinguish.dive.description",
        ),
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def extinguish(
        self, interaction: discord.Interaction[GurpsBot], combatant: str, dive: bool = False
    ) -> None:
        context = await self.bot.context_for(interaction)
        fought = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: fight_fire(
                fight, fighter_id, dive=dive, roller=self.bot.dice, options=context.options
            ),
            gm_only=False,
        )
        attempt = fought.attempt
        lines = render_extinguish(fought, self.bot.messages, context.locale)
        title = self._text("environment.extinguish.title", context.locale, name=fought.name)
        if attempt is None:
            kind = ResultKind.INFO
        else:
            kind = ResultKind.SUCCESS if attempt.out else ResultKind.FAILURE
        await send_embeds(interaction, line_embeds(kind, title, lines))

    # ------------------------------------------------------------------ R10.4

    @environment.command(
        name=_("ignite", key="environment.cmd.ignite.name"),
        description=_(
            "Do flames set a material alight, and when? (R10.3, R10.4)",
            key="environment.cmd.ignite.description",
        ),
    )
    @app_commands.rename(
        material=_("material", key="environment.cmd.ignite.material.name"),
        flame=_("flame", key="environment.cmd.ignite.flame.name"),
        seconds=_SECONDS,
        tight_beam=_("tight-beam", key="environment.cmd.catch.tight_beam.name"),
    )
    @app_commands.describe(
        material=_("Its flammability class", key="environment.cmd.ignite.material.description"),
        flame=_(
            "The flames' burning damage a second (1d-1 a campfire brand)",
            key="environment.cmd.ignite.flame.description",
        ),
        seconds=_(
            "Seconds of contact (default 1)", key="environment.cmd.ignite.seconds.description"
        ),
        tight_beam=_(
            "A tight beam: a tenth of its damage counts (R10.3)",
            key="environment.cmd.catch.tight_beam.description",
        ),
    )
    @app_commands.choices(material=MATERIAL_CHOICES)
    async def ignite(
        self,
        interaction: discord.Interaction[GurpsBot],
        material: app_commands.Choice[str],
        flame: app_commands.Range[str, 1, 40],
        seconds: app_commands.Range[int, 1, 3600] = 1,
        tight_beam: bool = False,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        outcome = ignite(
            Flammability(material.value),
            DiceExpression.parse(flame),
            seconds,
            self.bot.dice,
            tight_beam=tight_beam,
        )
        title = self._text("environment.ignite.title", locale)
        lines = render_ignition(outcome, self.bot.messages, locale)
        await send_embeds(interaction, line_embeds(ResultKind.INFO, title, lines))

    # ------------------------------------------------------------------ R10.9-R10.14

    @environment.command(
        name=_("heat", key="environment.cmd.heat.name"),
        description=_(
            "Hard work in the heat: HT or Survival every 30 min (R10.9, R10.12)",
            key="environment.cmd.heat.description",
        ),
    )
    @app_commands.rename(
        temperature=_TEMPERATURE,
        minutes=_MINUTES,
        combatant=_COMBATANT,
        ht=_HT,
        survival=_SURVIVAL,
        encumbrance=_ENCUMBRANCE,
        resting=_("resting", key="environment.cmd.heat.resting.name"),
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        temperature=_("Temperature in °C", key="environment.cmd.temperature.description"),
        minutes=_MINUTES_HELP,
        combatant=_COMBATANT_HELP,
        ht=_HT_HELP,
        survival=_(
            "Survival (Desert), if better than HT", key="environment.cmd.heat.survival.description"
        ),
        encumbrance=_ENCUMBRANCE_HELP,
        resting=_(
            "In the shade, doing nothing strenuous: no rolls",
            key="environment.cmd.heat.resting.description",
        ),
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.choices(encumbrance=ENCUMBRANCE_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def heat(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        temperature: Temperature,
        minutes: Minutes,
        combatant: str | None = None,
        ht: Score | None = None,
        survival: Score | None = None,
        encumbrance: app_commands.Choice[str] | None = None,
        resting: bool = False,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        options = (await self.bot.context_for(interaction)).options
        level = _level(encumbrance)
        title = "environment.heat.title"
        if combatant is not None:
            await self._weather_on(
                interaction,
                combatant,
                lambda fight, fighter_id: heat_on(
                    fight,
                    fighter_id,
                    temperature,
                    minutes,
                    ht=ht,
                    survival=survival,
                    encumbrance=level,
                    stressful=not resting,
                    roller=self.bot.dice,
                    options=options,
                ),
                render_heat,
                title,
            )
            return
        found = heat(
            temperature,
            minutes,
            ht=_ht_needed(ht),
            survival=survival,
            encumbrance=level or 0,
            stressful=not resting,
            roller=self.bot.dice,
            options=options,
        )
        await self._weather_numbers(interaction, found, render_heat, title, fp=fp, max_fp=max_fp)

    @environment.command(
        name=_("intense-heat", key="environment.cmd.intense.name"),
        description=_(
            "Intense heat: safe for DR x 3 s, then HT every second (R10.10)",
            key="environment.cmd.intense.description",
        ),
    )
    @app_commands.rename(
        seconds=_SECONDS,
        combatant=_COMBATANT,
        dr=_("dr", key="environment.cmd.fall.dr.name"),
        ht=_HT,
        fp=_FP,
        max_fp=_MAX_FP,
        leave=_("leave", key="environment.cmd.intense.leave.name"),
    )
    @app_commands.describe(
        seconds=_(
            "Seconds in the heat; leave it out to have a fighter's heat go on with the rounds",
            key="environment.cmd.intense.seconds.description",
        ),
        leave=_(
            "The fighter leaves the intense heat (with the rounds)",
            key="environment.cmd.intense.leave.description",
        ),
        combatant=_COMBATANT_HELP,
        dr=_(
            "His armor's DR (default: the sheet's torso DR)",
            key="environment.cmd.intense.dr.description",
        ),
        ht=_HT_HELP,
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def intense_heat(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        seconds: app_commands.Range[int, 1, 3600] | None = None,
        combatant: str | None = None,
        dr: app_commands.Range[int, 0, 100] | None = None,
        ht: Score | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
        leave: bool = False,
    ) -> None:
        context = await self.bot.context_for(interaction)
        if seconds is None or leave:
            await self._heat_with_the_rounds(interaction, combatant, dr, leave=leave)
            return
        title = "environment.intense.title"
        if combatant is not None:
            await self._weather_on(
                interaction,
                combatant,
                lambda fight, fighter_id: intense_heat_on(
                    fight,
                    fighter_id,
                    seconds,
                    dr=dr,
                    ht=ht,
                    roller=self.bot.dice,
                    options=context.options,
                ),
                render_intense_heat,
                title,
            )
            return
        found = intense_heat(
            dr or 0, seconds, ht=_ht_needed(ht), roller=self.bot.dice, options=context.options
        )
        await self._weather_numbers(
            interaction, found, render_intense_heat, title, fp=fp, max_fp=max_fp
        )

    async def _heat_with_the_rounds(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str | None,
        dr: int | None,
        *,
        leave: bool,
    ) -> None:
        """R10.10 inside a fight: the fighter enters (or leaves) the intense heat, and each of
        his seconds at his place in the turn order rolls it (rules.hazards)."""
        if combatant is None:
            raise UserFacingError("environment.error.heat_needs_fighter")
        locale = await self.bot.locale_for(interaction)
        heat = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: heat_with_the_rounds(fight, fighter_id, dr=dr, leave=leave),
        )
        key = "environment.intense.left" if leave else "environment.intense.entered"
        title = self._text("environment.intense.title", locale, name=heat.name)
        lines = [self._text(key, locale, name=heat.name, dr=heat.dr, safe=heat.safe)]
        await send_embeds(interaction, line_embeds(ResultKind.INFO, title, lines))

    @environment.command(
        name=_("sunburn", key="environment.cmd.sunburn.name"),
        description=_(
            "A full day of strong sun unprotected (R10.11, R10.12)",
            key="environment.cmd.sunburn.description",
        ),
    )
    @app_commands.rename(
        skin=_("skin", key="environment.cmd.sunburn.skin.name"),
        combatant=_COMBATANT,
        protected=_("protected", key="environment.cmd.sunburn.protected.name"),
    )
    @app_commands.describe(
        skin=_("His skin", key="environment.cmd.sunburn.skin.description"),
        combatant=_COMBATANT_HELP,
        protected=_(
            "Armor or other cover: no sunburn (R10.12)",
            key="environment.cmd.sunburn.protected.description",
        ),
    )
    @app_commands.choices(skin=SKIN_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def sunburn(
        self,
        interaction: discord.Interaction[GurpsBot],
        skin: app_commands.Choice[str],
        combatant: str | None = None,
        protected: bool = False,
    ) -> None:
        context = await self.bot.context_for(interaction)
        locale = context.locale
        if combatant is None:
            burnt = sunburn(Skin(skin.value), self.bot.dice, protected=protected)
            title = self._text("environment.sunburn.title", locale, name=self._someone(locale))
            lines = render_sunburn(burnt, self.bot.messages, locale)
            await send_embeds(interaction, line_embeds(ResultKind.INFO, title, lines))
            return
        taken = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: sunburn_on(
                fight,
                fighter_id,
                Skin(skin.value),
                protected=protected,
                roller=self.bot.dice,
                options=context.options,
            ),
        )
        lines = render_sunburn(taken.burnt, self.bot.messages, locale)
        await self._show_hit(interaction, taken, lines, title_key="environment.sunburn.title")

    @environment.command(
        name=_("cold", key="environment.cmd.cold.name"),
        description=_(
            "Below 0 °C: HT or Survival every 30, 15 or 10 min by the wind (R10.13)",
            key="environment.cmd.cold.description",
        ),
    )
    @app_commands.rename(
        temperature=_TEMPERATURE,
        minutes=_MINUTES,
        wind=_("wind", key="environment.cmd.cold.wind.name"),
        clothing=_("clothing", key="environment.cmd.cold.clothing.name"),
        wet=_("wet", key="environment.cmd.cold.wet.name"),
        combatant=_COMBATANT,
        ht=_HT,
        survival=_SURVIVAL,
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        temperature=_(
            "Effective temperature in °C (wind chill included)",
            key="environment.cmd.cold.temperature.description",
        ),
        minutes=_MINUTES_HELP,
        wind=_("Wind in km/h (default 0)", key="environment.cmd.cold.wind.description"),
        clothing=_(
            "What he wears (default normal winter clothing)",
            key="environment.cmd.cold.clothing.description",
        ),
        wet=_("His clothes are wet: -5", key="environment.cmd.cold.wet.description"),
        combatant=_COMBATANT_HELP,
        ht=_HT_HELP,
        survival=_(
            "Survival (Arctic), if better than HT", key="environment.cmd.cold.survival.description"
        ),
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.choices(clothing=COLD_CLOTHING_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def cold(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        temperature: Temperature,
        minutes: Minutes,
        wind: app_commands.Range[float, 0, 500] = 0,
        clothing: app_commands.Choice[str] | None = None,
        wet: bool = False,
        combatant: str | None = None,
        ht: Score | None = None,
        survival: Score | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        options = (await self.bot.context_for(interaction)).options
        worn = ColdClothing(clothing.value) if clothing else ColdClothing.WINTER
        title = "environment.cold.title"
        if combatant is not None:
            await self._weather_on(
                interaction,
                combatant,
                lambda fight, fighter_id: cold_on(
                    fight,
                    fighter_id,
                    temperature,
                    minutes,
                    wind_kmh=wind,
                    clothing=worn,
                    wet=wet,
                    ht=ht,
                    survival=survival,
                    roller=self.bot.dice,
                    options=options,
                ),
                render_cold,
                title,
            )
            return
        found = cold(
            temperature,
            minutes,
            ht=_ht_needed(ht),
            survival=survival,
            wind_kmh=wind,
            clothing=worn,
            wet=wet,
            roller=self.bot.dice,
            options=options,
        )
        await self._weather_numbers(interaction, found, render_cold, title, fp=fp, max_fp=max_fp)

    @environment.command(
        name=_("icy-water", key="environment.cmd.icy.name"),
        description=_(
            "Sudden icy water: HT every minute, the margin in FP (R10.14)",
            key="environment.cmd.icy.description",
        ),
    )
    @app_commands.rename(
        minutes=_MINUTES,
        dry_suit=_("dry-suit", key="environment.cmd.icy.dry_suit.name"),
        combatant=_COMBATANT,
        ht=_HT,
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        minutes=_MINUTES_HELP,
        dry_suit=_(
            "A waterproof diving suit: only the cold (R10.13)",
            key="environment.cmd.icy.dry_suit.description",
        ),
        combatant=_COMBATANT_HELP,
        ht=_HT_HELP,
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def icy_water(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        minutes: app_commands.Range[int, 1, 600],
        dry_suit: bool = False,
        combatant: str | None = None,
        ht: Score | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        options = (await self.bot.context_for(interaction)).options
        title = "environment.icy.title"
        if combatant is not None:
            await self._weather_on(
                interaction,
                combatant,
                lambda fight, fighter_id: icy_water_on(
                    fight,
                    fighter_id,
                    minutes,
                    dry_suit=dry_suit,
                    ht=ht,
                    roller=self.bot.dice,
                    options=options,
                ),
                render_thermal_shock,
                title,
            )
            return
        found = thermal_shock(
            minutes, ht=_ht_needed(ht), dry_suit=dry_suit, roller=self.bot.dice, options=options
        )
        await self._weather_numbers(
            interaction, found, render_thermal_shock, title, fp=fp, max_fp=max_fp
        )


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Environment(bot))
