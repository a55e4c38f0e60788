"""``/fatigue``: spend and recover FP, and what fights, marches, running, hunger, thirst
and missed sleep cost (section 8).

With ``combatant:`` the result is applied to that fighter of this channel's running
encounter, as one undoable change; without it the command works the numbers out for
a GM who only wants them (``fp:``, ``max-fp:`` … stand in for the sheet).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import EncounterAuthority
from bot.render.common import ResultKind, line_embeds
from bot.render.fatigue import (
    combat_fatigue_view,
    render_combat_fatigue,
    render_dehydration,
    render_exertion,
    render_fatigue_change,
    render_heart_help,
    render_hiking,
    render_meals,
    render_sleep,
    with_combat_fatigue,
)
from bot.views.combat_fatigue import UNDO, CombatFatigueButton
from cogs._autocomplete import combatant_autocomplete
from cogs._fp import FatigueApplier
from cogs._shared import catalog_choices, channel_of, send_embeds
from rules.fatigue import (
    Activity,
    Climate,
    FatigueChange,
    Want,
    combat_fatigue,
    dehydration,
    ensure_combat_fatigue_unpaid,
    exertion,
    hiking_fatigue,
    lose_fp,
    missed_meals,
    missed_sleep,
    recover_fp,
    sleep_deprivation,
    stay_awake,
)
from rules.strain import heart_helped, take_combat_fatigue

ENCUMBRANCE = ("none", "light", "medium", "heavy", "extra_heavy")
ENCUMBRANCE_CHOICES = catalog_choices("fatigue.encumbrance", list(ENCUMBRANCE))
ACTIVITY_CHOICES = catalog_choices("fatigue.activity", [a.value for a in Activity])
CLIMATE_CHOICES = catalog_choices("fatigue.climate", [c.value for c in Climate])
REMEDY_CHOICES = catalog_choices("fatigue.remedy", [w.value for w in Want])

Amount = app_commands.Range[int, 1, 100]
Score = app_commands.Range[int, 1, 40]
CurrentFP = app_commands.Range[int, -100, 100]
MaxFP = app_commands.Range[int, 1, 100]
Temperature = app_commands.Range[float, -90, 90]

_COMBATANT = _("combatant", key="fatigue.cmd.combatant.name")
_COMBATANT_HELP = _(
    "A fighter of this channel's encounter (left out: just the numbers)",
    key="fatigue.cmd.combatant.description",
)
_FP = _("fp", key="fatigue.cmd.fp.name")
_FP_HELP = _("Current FP, without a combatant", key="fatigue.cmd.fp.description")
_MAX_FP = _("max-fp", key="fatigue.cmd.max_fp.name")
_MAX_FP_HELP = _("FP attribute, without a combatant", key="fatigue.cmd.max_fp.description")
_ENCUMBRANCE = _("encumbrance", key="fatigue.cmd.encumbrance.name")
_ENCUMBRANCE_HELP = _(
    "Encumbrance level (default: the sheet's, or none)",
    key="fatigue.cmd.encumbrance.description",
)
_HOT = _("hot", key="fatigue.cmd.hot.name")
_HOT_HELP = _("Hot weather: +1 FP (R8.4)", key="fatigue.cmd.hot.description")
_PLATE = _("plate", key="fatigue.cmd.plate.name")
_PLATE_HELP = _("Plate armor or an overcoat: +2 FP (R8.4)", key="fatigue.cmd.plate.description")
_TEMPERATURE = _("temperature", key="fatigue.cmd.temperature.name")
_TEMPERATURE_HELP = _(
    "Air temperature in °C: more FP lost above 32 °C (R10.9)",
    key="fatigue.cmd.temperature.description",
)


def _level(choice: app_commands.Choice[str] | None, default: int) -> int:
    return ENCUMBRANCE.index(choice.value) if choice is not None else default


class Fatigue(commands.Cog):
    """FP: what loses it, what it does, and getting it back."""

    fatigue = app_commands.Group(
        name=_("fatigue", key="fatigue.cmd.name"),
        description=_(
            "Spend and recover FP, and what exertion, hunger, thirst and sleep cost",
            key="fatigue.cmd.description",
        ),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.fp = FatigueApplier(bot, "fatigue")

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(CombatFatigueButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(CombatFatigueButton)

    # ------------------------------------------------------------------ R8.4 at the end

    async def may_press(
        self, interaction: discord.Interaction[Any], encounter_id: int, action: str
    ) -> bool:
        """The combat fatigue button: :meth:`press` checks the GM with the fight in hand."""
        return True

    async def press(
        self, interaction: discord.Interaction[Any], encounter_id: int, action: str
    ) -> None:
        """The button under an ended fight: its GM applies R8.4's costs (one logged change to
        the fight's record) or takes them back; the summary shows the FP they moved."""
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        encounters = self.fp.encounters
        record = await encounters.get(encounter_id)
        if record is None or record.status == "active":
            raise UserFacingError("fatigue.error.fight_not_ended")
        authority.ensure_gm(record.encounter.gm_id)
        applied: tuple[FatigueChange, ...] | None = None
        if action == UNDO:
            record = await encounters.revert(encounter_id, interaction.user.id, "combat_fatigue")
        else:
            async with encounters.amend(
                encounter_id, interaction.user.id, "combat_fatigue"
            ) as change:
                taken = take_combat_fatigue(change.encounter, self.bot.dice, context.options)
                change.encounter = taken.encounter
                change.detail = taken.detail()
                applied = taken.changes
        messages, locale = self.bot.messages, context.locale
        kept = list(interaction.message.embeds) if interaction.message is not None else []
        embeds = with_combat_fatigue(
            kept, record.encounter.combat_fatigue, applied, messages, locale
        )
        view = combat_fatigue_view(
            encounter_id, applied=applied is not None, messages=messages, locale=locale
        )
        await interaction.response.edit_message(embeds=embeds, view=view)

    def _title(self, locale: str, key: str, combatant: str | None) -> str:
        return self.fp.title(locale, key, combatant)

    # ------------------------------------------------------------------ spend, recover

    @fatigue.command(
        name=_("spend", key="fatigue.cmd.spend.name"),
        description=_(
            "Lose FP: below 1/3 FP, at 0 and at -FP (R8.1-R8.3)",
            key="fatigue.cmd.spend.description",
        ),
    )
    @app_commands.rename(
        amount=_("amount", key="fatigue.cmd.amount.name"),
        combatant=_COMBATANT,
        fp=_FP,
        max_fp=_MAX_FP,
        hp=_("hp", key="fatigue.cmd.hp.name"),
    )
    @app_commands.describe(
        amount=_("FP lost", key="fatigue.cmd.spend.amount.description"),
        combatant=_COMBATANT_HELP,
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
        hp=_("Current HP, without a combatant", key="fatigue.cmd.hp.description"),
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def spend(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        amount: Amount,
        combatant: str | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
        hp: app_commands.Range[int, -999, 999] | None = None,
    ) -> None:
        if combatant is not None:
            await self.fp.apply_loss(
                interaction,
                combatant,
                amount,
                lines=[],
                title="",
                detail={"spent": amount},
                gm_only=False,
            )
            return
        context = await self.bot.context_for(interaction)
        sheet = self.fp.standalone(context.locale, fp, max_fp, hp)
        outcome = lose_fp(sheet, amount, self.bot.dice, context.options)
        await send_embeds(
            interaction,
            render_fatigue_change(
                outcome,
                self.bot.messages,
                context.locale,
                show_hp=hp is not None,
            ),
        )

    @fatigue.command(
        name=_("recover", key="fatigue.cmd.recover.name"),
        description=_(
            "Regain FP; positive FP again wakes one who fainted (R8.3)",
            key="fatigue.cmd.recover.description",
        ),
    )
    @app_commands.rename(
        amount=_("amount", key="fatigue.cmd.amount.name"),
        combatant=_COMBATANT,
        fp=_FP,
        max_fp=_MAX_FP,
        after=_("after", key="fatigue.cmd.recover.after.name"),
    )
    @app_commands.describe(
        amount=_("FP regained", key="fatigue.cmd.recover.amount.description"),
        combatant=_COMBATANT_HELP,
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
        after=_(
            "What the rest came with: FP lost to hunger, thirst, sleep, heat or cold need it",
            key="fatigue.cmd.recover.after.description",
        ),
    )
    @app_commands.choices(after=REMEDY_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def recover(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        amount: Amount,
        combatant: str | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
        after: app_commands.Choice[str] | None = None,
    ) -> None:
        if combatant is not None:
            await self.fp.apply_loss(
                interaction,
                combatant,
                amount,
                lines=[],
                title="",
                detail={"recovered": amount, **({"after": after.value} if after else {})},
                gm_only=False,
                recover=True,
                remedied=(Want(after.value),) if after is not None else (),
            )
            return
        context = await self.bot.context_for(interaction)
        sheet = self.fp.standalone(context.locale, fp, max_fp)
        outcome = recover_fp(sheet, amount)
        await send_embeds(
            interaction,
            render_fatigue_change(
                outcome,
                self.bot.messages,
                context.locale,
                show_hp=False,
            ),
        )

    # ------------------------------------------------------------------ R8.2's help

    @fatigue.command(
        name=_("heart", key="fatigue.cmd.heart.name"),
        description=_(
            "Help one whose heart stopped, before HT/3 minutes pass (R8.2)",
            key="fatigue.cmd.heart.description",
        ),
    )
    @app_commands.rename(
        combatant=_("combatant", key="fatigue.cmd.heart.combatant.name"),
        skill=_("skill", key="fatigue.cmd.heart.skill.name"),
    )
    @app_commands.describe(
        combatant=_("Whose heart stopped", key="fatigue.cmd.heart.combatant.description"),
        skill=_(
            "The helper's First Aid or Physician, to roll (left out: he was helped)",
            key="fatigue.cmd.heart.skill.description",
        ),
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def heart(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str,
        skill: app_commands.Range[int, 1, 30] | None = None,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        async with self.fp.encounters.change(
            channel_of(interaction), interaction.user.id, "fatigue"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            helped = heart_helped(
                change.encounter,
                change.encounter.find(combatant).combatant_id,
                skill=skill,
                roller=self.bot.dice,
                options=context.options,
            )
            change.encounter = helped.encounter
            change.detail = helped.detail()
        outcome = helped.outcome
        title = self._title(context.locale, "fatigue.heart.title", outcome.name)
        lines = render_heart_help(outcome, self.bot.messages, context.locale)
        await send_embeds(interaction, line_embeds(ResultKind.INFO, title, lines))

    # ------------------------------------------------------------------ R8.4, R8.5

    @fatigue.command(
        name=_("combat", key="fatigue.cmd.combat.name"),
        description=_(
            "What a fight of more than 10 s costs (R8.4)", key="fatigue.cmd.combat.description"
        ),
    )
    @app_commands.rename(
        combatant=_COMBATANT,
        seconds=_("seconds", key="fatigue.cmd.seconds.name"),
        encumbrance=_ENCUMBRANCE,
        hot=_HOT,
        plate=_PLATE,
        fought=_("fought", key="fatigue.cmd.combat.fought.name"),
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        combatant=_COMBATANT_HELP,
        seconds=_(
            "How long the fight lasted (default: this fight's rounds)",
            key="fatigue.cmd.combat.seconds.description",
        ),
        encumbrance=_ENCUMBRANCE_HELP,
        hot=_HOT_HELP,
        plate=_PLATE_HELP,
        fought=_(
            "He attacked or defended (default: as the fight recorded, or true)",
            key="fatigue.cmd.combat.fought.description",
        ),
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.choices(encumbrance=ENCUMBRANCE_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def combat(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str | None = None,
        seconds: app_commands.Range[int, 0, 86400] | None = None,
        encumbrance: app_commands.Choice[str] | None = None,
        hot: bool = False,
        plate: bool = False,
        fought: bool | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        title = self._title(locale, "fatigue.combat.title", combatant)
        if combatant is None:
            if seconds is None:
                raise UserFacingError("fatigue.error.seconds_needed")
            cost = combat_fatigue(
                seconds,
                fought=True if fought is None else fought,
                encumbrance=_level(encumbrance, 0),
                hot=hot,
                plate=plate,
            )
            lines = render_combat_fatigue(self.fp.someone(locale), cost, self.bot.messages, locale)
            await self.fp.result(
                interaction,
                combatant=None,
                fp=fp,
                max_fp=max_fp,
                fp_lost=cost.total,
                lines=lines,
                title=title,
                detail={},
            )
            return
        fighter, rounds = await self.fp.fighter(interaction, combatant)
        ensure_combat_fatigue_unpaid(fighter.name, paid=fighter.turn.combat_fatigue_paid)
        cost = combat_fatigue(
            rounds if seconds is None else seconds,
            fought=fighter.turn.fought if fought is None else fought,
            encumbrance=_level(encumbrance, fighter.combatant.encumbrance_level),
            hot=hot,
            plate=plate,
        )
        lines = render_combat_fatigue(fighter.name, cost, self.bot.messages, locale)
        await self.fp.apply_loss(
            interaction,
            combatant,
            cost.total,
            lines=lines,
            title=title,
            detail={"combat": cost.total},
            turn={"combat_fatigue_paid": True} if cost.applies else None,
        )

    @fatigue.command(
        name=_("hike", key="fatigue.cmd.hike.name"),
        description=_("FP for hours of travel on foot (R8.5)", key="fatigue.cmd.hike.description"),
    )
    @app_commands.rename(
        hours=_("hours", key="fatigue.cmd.hours.name"),
        combatant=_COMBATANT,
        encumbrance=_ENCUMBRANCE,
        hot=_HOT,
        plate=_PLATE,
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        hours=_("Hours of travel", key="fatigue.cmd.hike.hours.description"),
        combatant=_COMBATANT_HELP,
        encumbrance=_ENCUMBRANCE_HELP,
        hot=_HOT_HELP,
        plate=_PLATE_HELP,
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.choices(encumbrance=ENCUMBRANCE_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def hike(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        hours: app_commands.Range[int, 1, 48],
        combatant: str | None = None,
        encumbrance: app_commands.Choice[str] | None = None,
        hot: bool = False,
        plate: bool = False,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        default = 0
        if combatant is not None:
            fighter, _rounds = await self.fp.fighter(interaction, combatant)
            default = fighter.combatant.encumbrance_level
        walk = hiking_fatigue(hours, encumbrance=_level(encumbrance, default), hot=hot, plate=plate)
        await self.fp.result(
            interaction,
            combatant=combatant,
            fp=fp,
            max_fp=max_fp,
            fp_lost=walk.total,
            lines=render_hiking(walk, self.bot.messages, locale),
            title=self._title(locale, "fatigue.hike.title", combatant),
            detail={"hike": hours},
        )

    # ------------------------------------------------------------------ R8.6

    @fatigue.command(
        name=_("exertion", key="fatigue.cmd.exertion.name"),
        description=_(
            "HT rolls for running or swimming over a time (R8.6)",
            key="fatigue.cmd.exertion.description",
        ),
    )
    @app_commands.rename(
        activity=_("activity", key="fatigue.cmd.exertion.activity.name"),
        minutes=_("minutes", key="fatigue.cmd.minutes.name"),
        seconds=_("seconds", key="fatigue.cmd.seconds.name"),
        combatant=_COMBATANT,
        ht=_("ht", key="fatigue.cmd.ht.name"),
        skill=_("skill", key="fatigue.cmd.exertion.skill.name"),
        temperature=_TEMPERATURE,
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        activity=_("What he is doing", key="fatigue.cmd.exertion.activity.description"),
        minutes=_("How many minutes", key="fatigue.cmd.minutes.description"),
        seconds=_("How many seconds (added to the minutes)", key="fatigue.cmd.seconds.description"),
        combatant=_COMBATANT_HELP,
        ht=_("HT, without a combatant", key="fatigue.cmd.ht.description"),
        skill=_(
            "Running or Swimming, if higher than HT (default: the sheet's)",
            key="fatigue.cmd.exertion.skill.description",
        ),
        temperature=_TEMPERATURE_HELP,
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.choices(activity=ACTIVITY_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def exertion(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        activity: app_commands.Choice[str],
        minutes: app_commands.Range[int, 0, 1440] = 0,
        seconds: app_commands.Range[int, 0, 3600] = 0,
        combatant: str | None = None,
        ht: Score | None = None,
        skill: Score | None = None,
        temperature: Temperature | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        context = await self.bot.context_for(interaction)
        locale = context.locale
        chosen = Activity(activity.value)
        duration = minutes * 60 + seconds
        if duration <= 0:
            raise UserFacingError("fatigue.error.duration_needed")
        if combatant is not None:
            sheet = (await self.fp.fighter(interaction, combatant))[0].combatant
            ht = sheet.attributes.ht if ht is None else ht
            skill = sheet.skill(chosen.skill) if skill is None else skill
        if ht is None:
            raise UserFacingError("fatigue.error.ht_needed")
        effort = exertion(
            chosen,
            duration,
            ht=ht,
            skill=skill,
            temperature=temperature,
            roller=self.bot.dice,
            options=context.options,
        )
        await self.fp.result(
            interaction,
            combatant=combatant,
            fp=fp,
            max_fp=max_fp,
            fp_lost=effort.fp_lost,
            lines=render_exertion(effort, self.bot.messages, locale),
            title=self._title(locale, "fatigue.exertion.title", combatant),
            detail={"exertion": chosen.value, "seconds": duration},
        )

    # ------------------------------------------------------------------ R8.7, R8.8

    @fatigue.command(
        name=_("meals", key="fatigue.cmd.meals.name"),
        description=_("Missed meals: 1 FP each (R8.7)", key="fatigue.cmd.meals.description"),
    )
    @app_commands.rename(
        missed=_("missed", key="fatigue.cmd.meals.missed.name"),
        combatant=_COMBATANT,
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        missed=_("Meals missed", key="fatigue.cmd.meals.missed.description"),
        combatant=_COMBATANT_HELP,
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def meals(
        self,
        interaction: discord.Interaction[GurpsBot],
        missed: app_commands.Range[int, 1, 60],
        combatant: str | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        lost = missed_meals(missed)
        await self.fp.result(
            interaction,
            combatant=combatant,
            fp=fp,
            max_fp=max_fp,
            fp_lost=lost,
            lines=render_meals(missed, self.bot.messages, locale),
            title=self._title(locale, "fatigue.meals.title", combatant),
            detail={"meals": missed},
            want=Want.STARVATION,
        )

    @fatigue.command(
        name=_("water", key="fatigue.cmd.water.name"),
        description=_(
            "Too little water: 1 FP every 8 hours (R8.8)", key="fatigue.cmd.water.description"
        ),
    )
    @app_commands.rename(
        litres=_("litres", key="fatigue.cmd.water.litres.name"),
        hours=_("hours", key="fatigue.cmd.hours.name"),
        climate=_("climate", key="fatigue.cmd.water.climate.name"),
        combatant=_COMBATANT,
        temperature=_TEMPERATURE,
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        litres=_("Litres he drinks a day", key="fatigue.cmd.water.litres.description"),
        hours=_("Hours it lasts", key="fatigue.cmd.water.hours.description"),
        climate=_(
            "Normal, hot or desert (default normal)", key="fatigue.cmd.water.climate.description"
        ),
        combatant=_COMBATANT_HELP,
        temperature=_TEMPERATURE_HELP,
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.choices(climate=CLIMATE_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def water(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        litres: app_commands.Range[float, 0, 50],
        hours: app_commands.Range[int, 1, 720],
        climate: app_commands.Choice[str] | None = None,
        combatant: str | None = None,
        temperature: Temperature | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        dry = dehydration(
            litres,
            Climate(climate.value) if climate else Climate.NORMAL,
            hours,
            temperature=temperature,
        )
        await self.fp.result(
            interaction,
            combatant=combatant,
            fp=fp,
            max_fp=max_fp,
            fp_lost=dry.fp_lost,
            hp_lost=dry.hp_lost,
            lines=render_dehydration(dry, self.bot.messages, locale),
            title=self._title(locale, "fatigue.water.title", combatant),
            detail={"litres": litres, "hours": hours},
            want=Want.DEHYDRATION,
        )

    # ------------------------------------------------------------------ R8.9, R8.10

    @fatigue.command(
        name=_("sleep", key="fatigue.cmd.sleep.name"),
        description=_(
            "Missed sleep: FP lost, Will rolls to stay awake (R8.9, R8.10)",
            key="fatigue.cmd.sleep.description",
        ),
    )
    @app_commands.rename(
        awake=_("awake", key="fatigue.cmd.sleep.awake.name"),
        short=_("short", key="fatigue.cmd.sleep.short.name"),
        lost=_("lost", key="fatigue.cmd.sleep.lost.name"),
        idle=_("idle-minutes", key="fatigue.cmd.sleep.idle.name"),
        active=_("active-minutes", key="fatigue.cmd.sleep.active.name"),
        combatant=_COMBATANT,
        will=_("will", key="fatigue.cmd.sleep.will.name"),
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        awake=_("Hours awake", key="fatigue.cmd.sleep.awake.description"),
        short=_(
            "Hours of sleep short of his full sleep last night (R8.10)",
            key="fatigue.cmd.sleep.short.description",
        ),
        lost=_(
            "FP already lost to missed sleep before this",
            key="fatigue.cmd.sleep.lost.description",
        ),
        idle=_("Minutes of inactivity to roll Will for", key="fatigue.cmd.sleep.idle.description"),
        active=_(
            "Minutes of activity to roll Will for", key="fatigue.cmd.sleep.active.description"
        ),
        combatant=_COMBATANT_HELP,
        will=_("Will, without a combatant", key="fatigue.cmd.sleep.will.description"),
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def sleep(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        awake: app_commands.Range[int, 0, 240],
        short: app_commands.Range[int, 0, 12] = 0,
        lost: app_commands.Range[int, 0, 100] = 0,
        idle: app_commands.Range[int, 0, 2880] = 0,
        active: app_commands.Range[int, 0, 2880] = 0,
        combatant: str | None = None,
        will: Score | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        context = await self.bot.context_for(interaction)
        locale = context.locale
        if combatant is not None:
            sheet = (await self.fp.fighter(interaction, combatant))[0].combatant
            will = sheet.attributes.will if will is None else will
            max_fp = sheet.max_fp
        awake_for = missed_sleep(awake, short)
        deprivation = awake_rolls = None
        if max_fp is not None:
            deprivation = sleep_deprivation(lost + awake_for.fp_lost, max_fp)
            if idle or active:
                if will is None:
                    raise UserFacingError("fatigue.error.will_needed")
                awake_rolls = stay_awake(
                    deprivation,
                    will=will,
                    idle_minutes=idle,
                    active_minutes=active,
                    roller=self.bot.dice,
                    options=context.options,
                )
        await self.fp.result(
            interaction,
            combatant=combatant,
            fp=fp,
            max_fp=max_fp,
            fp_lost=awake_for.fp_lost,
            lines=render_sleep(awake_for, deprivation, awake_rolls, self.bot.messages, locale),
            title=self._title(locale, "fatigue.sleep.title", combatant),
            detail={"awake": awake},
            want=Want.SLEEP,
        )


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Fatigue(bot))
