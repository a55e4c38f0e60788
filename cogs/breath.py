"""``/breath``: holding one's breath, suffocating, drowning, shedding armor in the water
and rescuing a drowning person (R9.1-R9.5).

``hold`` on a fighter of this channel's fight starts his breath running out a second a
round (:mod:`rules.hazards`), ``air`` ends it; ``drown`` on a fighter without a time puts
him in deep water, his Swimming rolls coming with the rounds the same way (``leave``
takes him out). Over a time the GM gives, the water's rolls are worked out at once from
the fighter's sheet as the fight has it, every roll shown, and their FP charged to him in
the same undoable change (one rules call, like a rescue by a fighter). Without
``combatant:`` the commands only work the numbers out.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.render.common import ResultKind, line_embeds
from bot.render.environment import (
    render_air,
    render_breath,
    render_drowning,
    render_rescue,
    render_shed,
    render_suffocation,
    render_water,
)
from cogs._autocomplete import combatant_autocomplete
from cogs._fp import FatigueApplier
from cogs._shared import PREPARATION_CHOICES, catalog_choices, send_embeds
from rules.breath import (
    Exertion,
    Preparation,
    breath_seconds,
    drowning,
    rescue,
    shed,
    suffocation,
)
from rules.environment_change import drown_on, rescue_on, shed_gear, water_with_the_rounds
from rules.strain import air_back, start_holding_breath

EXERTION_CHOICES = catalog_choices("breath.exertion", [e.value for e in Exertion])
ENCUMBRANCE = ("none", "light", "medium", "heavy", "extra_heavy")
ENCUMBRANCE_CHOICES = catalog_choices("fatigue.encumbrance", list(ENCUMBRANCE))

Score = app_commands.Range[int, 1, 40]
CurrentFP = app_commands.Range[int, -100, 100]
MaxFP = app_commands.Range[int, 1, 100]

_COMBATANT = _("combatant", key="breath.cmd.combatant.name")
_COMBATANT_HELP = _(
    "A fighter of this channel's encounter (left out: just the numbers)",
    key="breath.cmd.combatant.description",
)
_HT = _("ht", key="fatigue.cmd.ht.name")
_HT_HELP = _("HT, without a combatant", key="fatigue.cmd.ht.description")
_FP = _("fp", key="fatigue.cmd.fp.name")
_FP_HELP = _("Current FP, without a combatant", key="fatigue.cmd.fp.description")
_MAX_FP = _("max-fp", key="fatigue.cmd.max_fp.name")
_MAX_FP_HELP = _("FP attribute, without a combatant", key="fatigue.cmd.max_fp.description")
_SWIMMING = _("swimming", key="breath.cmd.swimming.name")


def _score(from_sheet: int | None, given: int | None, name: str) -> int:
    if given is not None:
        return given
    if from_sheet is None:
        raise UserFacingError(f"environment.error.{name}_needed")
    return from_sheet


class Breath(commands.Cog):
    """Air and water: breath, suffocation, drowning."""

    breath = app_commands.Group(
        name=_("breath", key="breath.cmd.name"),
        description=_(
            "Holding breath, suffocation and drowning (R9.1-R9.5)", key="breath.cmd.description"
        ),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.fp = FatigueApplier(bot, "environment")

    def _text(self, key: str, locale: str, **params: object) -> str:
        return self.bot.messages.text(key, locale, **params)

    # ------------------------------------------------------------------ R9.1, R9.2

    @breath.command(
        name=_("hold", key="breath.cmd.hold.name"),
        description=_(
            "How long he holds his breath; on a fighter, it runs out a second a round (R9.1)",
            key="breath.cmd.hold.description",
        ),
    )
    @app_commands.rename(
        combatant=_COMBATANT,
        exertion=_("exertion", key="breath.cmd.hold.exertion.name"),
        preparation=_("preparation", key="breath.cmd.hold.preparation.name"),
        ht=_HT,
        seconds=_("seconds", key="breath.cmd.hold.seconds.name"),
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        combatant=_COMBATANT_HELP,
        exertion=_(
            "Resting, light exertion or strenuous (default strenuous: fighting)",
            key="breath.cmd.hold.exertion.description",
        ),
        preparation=_(
            "How he took his breath (default normally)",
            key="breath.cmd.hold.preparation.description",
        ),
        ht=_HT_HELP,
        seconds=_(
            "Without a combatant: seconds without air, to see what they do (R9.2)",
            key="breath.cmd.hold.seconds.description",
        ),
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.choices(exertion=EXERTION_CHOICES, preparation=PREPARATION_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def hold(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str | None = None,
        exertion: app_commands.Choice[str] | None = None,
        preparation: app_commands.Choice[str] | None = None,
        ht: Score | None = None,
        seconds: app_commands.Range[int, 0, 3600] | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        effort = Exertion(exertion.value) if exertion else Exertion.STRENUOUS
        prepared = Preparation(preparation.value) if preparation else Preparation.NORMAL
        name = combatant or self._text("environment.someone", locale)
        title = self._text("breath.hold.title", locale, name=name)
        if combatant is None:
            held = breath_seconds(_score(None, ht, "ht"), effort, prepared)
            lines = render_breath(held, self.bot.messages, locale)
            if seconds is None:
                await send_embeds(interaction, line_embeds(ResultKind.INFO, title, lines))
                return
            current = max_fp if fp is None else fp
            choking = suffocation(
                seconds,
                breath=held.seconds,
                fp=current if max_fp is not None else None,
                max_fp=max_fp,
            )
            lines += render_suffocation(choking, self.bot.messages, locale)
            # With the FP given, what the FP lost does to them, HP at 0 FP or less included
            # (R8.2, R8.3), as /breath drown shows it.
            await self.fp.result(
                interaction,
                combatant=None,
                fp=fp,
                max_fp=max_fp,
                fp_lost=choking.fp_lost,
                lines=lines,
                title=title,
                detail={},
            )
            return
        holding = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: start_holding_breath(
                fight, fighter_id, ht=ht, exertion=effort, preparation=prepared
            ),
        )
        lines = render_breath(holding.held, self.bot.messages, locale)
        lines.append(self._text("breath.hold.running", locale, name=holding.name))
        await send_embeds(interaction, line_embeds(ResultKind.INFO, title, lines))

    @breath.command(
        name=_("air", key="breath.cmd.air.name"),
        description=_(
            "He breathes again: First Aid if he drowned, HT or -1 IQ (R9.2)",
            key="breath.cmd.air.description",
        ),
    )
    @app_commands.rename(
        combatant=_("combatant", key="breath.cmd.air.combatant.name"),
        drowned=_("drowned", key="breath.cmd.air.drowned.name"),
    )
    @app_commands.describe(
        combatant=_("Who gets air back", key="breath.cmd.air.combatant.description"),
        drowned=_("He was drowning: water in his lungs", key="breath.cmd.air.drowned.description"),
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def air(
        self, interaction: discord.Interaction[GurpsBot], combatant: str, drowned: bool = False
    ) -> None:
        context = await self.bot.context_for(interaction)
        back = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: air_back(
                fight, fighter_id, drowned=drowned, roller=self.bot.dice, options=context.options
            ),
        )
        title = self._text("breath.air.title", context.locale, name=back.name)
        lines = render_air(back.outcome, self.bot.messages, context.locale, name=back.name)
        await send_embeds(interaction, line_embeds(ResultKind.INFO, title, lines))

    # ------------------------------------------------------------------ R9.3-R9.5

    @breath.command(
        name=_("drown", key="breath.cmd.drown.name"),
        description=_(
            "Swimming rolls in deep water over a time, every 5 min or 5 s (R9.3)",
            key="breath.cmd.drown.description",
        ),
    )
    @app_commands.rename(
        minutes=_("minutes", key="breath.cmd.drown.minutes.name"),
        seconds=_("seconds", key="breath.cmd.drown.seconds.name"),
        combatant=_COMBATANT,
        swimming=_SWIMMING,
        intentional=_("intentional", key="breath.cmd.drown.intentional.name"),
        encumbrance=_("encumbrance", key="fatigue.cmd.encumbrance.name"),
        fat=_("fat", key="breath.cmd.drown.fat.name"),
        fp=_FP,
        max_fp=_MAX_FP,
        leave=_("leave", key="breath.cmd.drown.leave.name"),
    )
    @app_commands.describe(
        minutes=_(
            "Minutes in the water; leave out, with a fighter, to go on with the rounds",
            key="breath.cmd.drown.minutes.description",
        ),
        seconds=_(
            "Seconds in the water (added to the minutes)",
            key="breath.cmd.drown.seconds.description",
        ),
        combatant=_COMBATANT_HELP,
        swimming=_(
            "Swimming level (default: the sheet's, or HT-4)", key="breath.cmd.swimming.description"
        ),
        intentional=_("He went in on purpose: +3", key="breath.cmd.drown.intentional.description"),
        encumbrance=_(
            "Encumbrance level, not counting his fat: -2 a level (default: the sheet's)",
            key="breath.cmd.drown.encumbrance.description",
        ),
        fat=_("He is Fat: +5", key="breath.cmd.drown.fat.description"),
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
        leave=_(
            "The fighter gets out of the water (with the rounds)",
            key="breath.cmd.drown.leave.description",
        ),
    )
    @app_commands.choices(encumbrance=ENCUMBRANCE_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def drown(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        minutes: app_commands.Range[int, 0, 600] = 0,
        seconds: app_commands.Range[int, 0, 3600] = 0,
        combatant: str | None = None,
        swimming: app_commands.Range[int, 0, 40] | None = None,
        intentional: bool = False,
        encumbrance: app_commands.Choice[str] | None = None,
        fat: bool = False,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
        leave: bool = False,
    ) -> None:
        if leave or (combatant is not None and not minutes and not seconds):
            await self._water_with_the_rounds(
                interaction,
                combatant,
                swimming,
                intentional=intentional,
                encumbrance=ENCUMBRANCE.index(encumbrance.value) if encumbrance else None,
                fat=fat,
                leave=leave,
            )
            return
        context = await self.bot.context_for(interaction)
        seconds_in = minutes * 60 + seconds
        level = ENCUMBRANCE.index(encumbrance.value) if encumbrance else None
        title = self.fp.title(context.locale, "breath.drown.title", combatant)
        if combatant is not None:
            taken = await self.fp.apply(
                interaction,
                combatant,
                lambda fight, fighter_id: drown_on(
                    fight,
                    fighter_id,
                    seconds_in,
                    swimming=swimming,
                    intentional=intentional,
                    encumbrance=level,
                    fat=fat,
                    roller=self.bot.dice,
                    options=context.options,
                ),
            )
            lines = render_drowning(taken.working, self.bot.messages, context.locale)
            await self.fp.show(interaction, context.locale, title, lines, taken.applied)
            return
        to_faint = None
        if max_fp is not None:
            to_faint = (max_fp if fp is None else fp) + max_fp
        found = drowning(
            _score(None, swimming, "swimming"),
            seconds_in,
            intentional=intentional,
            encumbrance=level or 0,
            fat=fat,
            fp_to_faint=to_faint,
            roller=self.bot.dice,
            options=context.options,
        )
        await self.fp.result(
            interaction,
            combatant=None,
            fp=fp,
            max_fp=max_fp,
            fp_lost=found.fp_lost,
            lines=render_drowning(found, self.bot.messages, context.locale),
            title=title,
            detail={},
        )

    async def _water_with_the_rounds(
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str | None,
        swimming: int | None,
        *,
        intentional: bool,
        encumbrance: int | None,
        fat: bool,
        leave: bool,
    ) -> None:
        """R9.3 inside a fight: the fighter goes into deep water (or gets out), and each of
        his seconds at his place in the turn order brings the Swimming roll when it is due
        (rules.hazards)."""
        if combatant is None:
            raise UserFacingError("breath.error.water_needs_fighter")
        context = await self.bot.context_for(interaction)
        locale = context.locale
        water = await self.fp.apply(
            interaction,
            combatant,
            lambda fight, fighter_id: water_with_the_rounds(
                fight,
                fighter_id,
                swimming=swimming,
                intentional=intentional,
                encumbrance=encumbrance,
                fat=fat,
                leave=leave,
                roller=self.bot.dice,
                options=context.options,
            ),
        )
        title = self._text("breath.drown.title", locale, name=water.name)
        lines = render_water(water, self.bot.messages, locale)
        await send_embeds(interaction, line_embeds(ResultKind.INFO, title, lines))

    @breath.command(
        name=_("shed", key="breath.cmd.shed.name"),
        description=_(
            "Get rid of armor or gear in the water: DX per item (R9.4)",
            key="breath.cmd.shed.description",
        ),
    )
    @app_commands.rename(
        heavy=_("heavy", key="breath.cmd.shed.heavy.name"),
        combatant=_COMBATANT,
        dx=_("dx", key="breath.cmd.shed.dx.name"),
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        heavy=_("A shield, helmet or breastplate: -4", key="breath.cmd.shed.heavy.description"),
        combatant=_COMBATANT_HELP,
        dx=_("DX, without a combatant", key="breath.cmd.shed.dx.description"),
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def shed(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        heavy: bool = False,
        combatant: str | None = None,
        dx: Score | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        context = await self.bot.context_for(interaction)
        title = self.fp.title(context.locale, "breath.shed.title", combatant)
        if combatant is not None:
            taken = await self.fp.apply(
                interaction,
                combatant,
                lambda fight, fighter_id: shed_gear(
                    fight,
                    fighter_id,
                    heavy=heavy,
                    dx=dx,
                    roller=self.bot.dice,
                    options=context.options,
                ),
            )
            lines = render_shed(taken.working, self.bot.messages, context.locale)
            await self.fp.show(interaction, context.locale, title, lines, taken.applied)
            return
        item = shed(
            _score(None, dx, "dx"), heavy=heavy, roller=self.bot.dice, options=context.options
        )
        await self.fp.result(
            interaction,
            combatant=None,
            fp=fp,
            max_fp=max_fp,
            fp_lost=item.fp_lost,
            lines=render_shed(item, self.bot.messages, context.locale),
            title=title,
            detail={},
        )

    @breath.command(
        name=_("rescue", key="breath.cmd.rescue.name"),
        description=_(
            "Save a drowning person: Swimming -5 + the ST difference (R9.5)",
            key="breath.cmd.rescue.description",
        ),
    )
    @app_commands.rename(
        rescuer=_("rescuer", key="breath.cmd.rescue.rescuer.name"),
        victim=_("victim", key="breath.cmd.rescue.victim.name"),
        swimming=_SWIMMING,
        st=_("st", key="breath.cmd.rescue.st.name"),
        victim_st=_("victim-st", key="breath.cmd.rescue.victim_st.name"),
        fp=_FP,
        max_fp=_MAX_FP,
    )
    @app_commands.describe(
        rescuer=_(
            "The rescuer, a fighter of this encounter (left out: just the numbers)",
            key="breath.cmd.rescue.rescuer.description",
        ),
        victim=_(
            "The drowning person, a fighter of this encounter",
            key="breath.cmd.rescue.victim.description",
        ),
        swimming=_(
            "The rescuer's Swimming (default: the sheet's, or HT-4)",
            key="breath.cmd.rescue.swimming.description",
        ),
        st=_("The rescuer's ST, without a combatant", key="breath.cmd.rescue.st.description"),
        victim_st=_(
            "The victim's ST, without a victim", key="breath.cmd.rescue.victim_st.description"
        ),
        fp=_FP_HELP,
        max_fp=_MAX_FP_HELP,
    )
    @app_commands.autocomplete(rescuer=combatant_autocomplete, victim=combatant_autocomplete)
    async def rescue(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        rescuer: str | None = None,
        victim: str | None = None,
        swimming: app_commands.Range[int, 0, 40] | None = None,
        st: Score | None = None,
        victim_st: Score | None = None,
        fp: CurrentFP | None = None,
        max_fp: MaxFP | None = None,
    ) -> None:
        context = await self.bot.context_for(interaction)
        title = self.fp.title(context.locale, "breath.rescue.title", rescuer)
        named = rescuer or victim
        if named is None:
            saving = rescue(
                _score(None, swimming, "swimming"),
                rescuer_st=_score(None, st, "st"),
                victim_st=_score(None, victim_st, "st"),
                roller=self.bot.dice,
                options=context.options,
            )
            lines = render_rescue(saving, self.bot.messages, context.locale)
        else:
            taken = await self.fp.apply(
                interaction,
                named,
                lambda fight, _named_id: rescue_on(
                    fight,
                    fight.find(rescuer).combatant_id if rescuer else None,
                    victim_id=fight.find(victim).combatant_id if victim else None,
                    swimming=swimming,
                    st=st,
                    victim_st=victim_st,
                    roller=self.bot.dice,
                    options=context.options,
                ),
            )
            saving = taken.saving
            lines = render_rescue(
                saving, self.bot.messages, context.locale, victim=taken.victim, air=taken.air
            )
            if taken.applied is not None:
                await self.fp.show(interaction, context.locale, title, lines, taken.applied)
                return
        # The rescuer is only numbers: what the FP lost does to the FP given.
        await self.fp.result(
            interaction,
            combatant=None,
            fp=fp,
            max_fp=max_fp,
            fp_lost=saving.fp_lost,
            lines=lines,
            title=title,
            detail={},
        )


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Breath(bot))
