"""``/sense``: Vision, Hearing and Smell/Taste rolls, and Scanning and Vibration Sense
(R16.1-R16.8).

From a fighter's sheet (``combatant:``: his Per, Acute Senses and sense traits, for his
owner or the GM) or from the numbers given (``per:``, anywhere). ``against:`` makes it a
Quick Contest with the hider's Stealth, Camouflage or Holdout (R16.4, R16.6);
``comprehension:`` adds the second roll to understand what was noticed (R16.2).
``dangerous:`` (GMs only) asks for R16.3's Danger Sense roll when the sense fails: it
is sent to the GM alone, and the public answer never mentions it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import EncounterAuthority
from bot.render.senses import render_danger_sense, render_sense
from bot.storage.encounter import EncounterRepository
from cogs._autocomplete import combatant_autocomplete
from cogs._shared import catalog_choices, channel_of
from rules.senses import (
    LOCATING_SENSES,
    TOTAL_DARKNESS,
    Sense,
    SenseRequest,
    Sound,
    request_from_sheet,
    sense_roll,
)

T = TypeVar("T")

SOUND_CHOICES = catalog_choices("senses.sound", [sound.value for sound in Sound])
LOCATING_CHOICES = catalog_choices(
    "senses.sense", [sense.value for sense in Sense if sense in LOCATING_SENSES]
)

Per = app_commands.Range[int, 1, 40]
Level = app_commands.Range[int, 0, 20]
Modifier = app_commands.Range[int, -30, 30]
Skill = app_commands.Range[int, 0, 40]
Distance = app_commands.Range[float, 0.01, 1_000_000.0]
Label = app_commands.Range[str, 1, 100]


def common_options(func: T) -> T:
    """The options every sense takes: whose sense, the numbers, the contest, the follow-ups."""
    renamed: Callable[[T], T] = app_commands.rename(
        combatant=_("combatant", key="senses.cmd.combatant.name"),
        per=_("per", key="senses.cmd.per.name"),
        acute=_("acute", key="senses.cmd.acute.name"),
        modifier=_("modifier", key="senses.cmd.modifier.name"),
        against=_("against", key="senses.cmd.against.name"),
        comprehension=_("comprehension", key="senses.cmd.comprehension.name"),
        dangerous=_("dangerous", key="senses.cmd.dangerous.name"),
        label=_("label", key="senses.cmd.label.name"),
        private=_("private", key="senses.cmd.private.name"),
    )
    described: Callable[[T], T] = app_commands.describe(
        combatant=_(
            "A fighter of this fight: his Per, Acute Senses and traits",
            key="senses.cmd.combatant.description",
        ),
        per=_(
            "Perception, or Observation/Search when the GM allows (default: the sheet's Per)",
            key="senses.cmd.per.description",
        ),
        acute=_(
            "Acute Senses level for this sense (default: the sheet's)",
            key="senses.cmd.acute.description",
        ),
        modifier=_(
            "The GM's modifier for the circumstances", key="senses.cmd.modifier.description"
        ),
        against=_(
            "Quick Contest against this Stealth, Camouflage or Holdout (R16.4, R16.6)",
            key="senses.cmd.against.description",
        ),
        comprehension=_(
            "IQ or skill to understand what was noticed (R16.2)",
            key="senses.cmd.comprehension.description",
        ),
        dangerous=_(
            "GM only: the thing is dangerous; a failure gets a secret Danger Sense roll (R16.3)",
            key="senses.cmd.dangerous.description",
        ),
        label=_("What the roll is for; shown as the title", key="senses.cmd.label.description"),
        private=_("Only you see the result", key="senses.cmd.private.description"),
    )
    completed: Callable[[T], T] = app_commands.autocomplete(combatant=combatant_autocomplete)
    return renamed(described(completed(func)))


class Senses(commands.Cog):
    """Sense rolls, with a fighter's sheet or with numbers."""

    sense = app_commands.Group(
        name=_("sense", key="senses.cmd.name"),
        description=_(
            "Vision, Hearing, Smell and Taste rolls (R16.1-R16.8)",
            key="senses.cmd.description",
        ),
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)

    @sense.command(
        name=_("vision", key="senses.cmd.vision.name"),
        description=_(
            "A Vision roll: size, distance, darkness, plain sight (R16.4, R16.5)",
            key="senses.cmd.vision.description",
        ),
    )
    @common_options
    @app_commands.rename(
        size=_("size", key="senses.cmd.vision.size.name"),
        distance=_("distance", key="senses.cmd.vision.distance.name"),
        darkness=_("darkness", key="senses.cmd.vision.darkness.name"),
        plain_sight=_("plain-sight", key="senses.cmd.vision.plain_sight.name"),
        hyperspectral=_("hyperspectral", key="senses.cmd.vision.hyperspectral.name"),
    )
    @app_commands.describe(
        size=_("Size Modifier of what is seen", key="senses.cmd.vision.size.description"),
        distance=_(
            "Distance to it in metres (Size and Speed/Range table)",
            key="senses.cmd.vision.distance.description",
        ),
        darkness=_(
            "Partial darkness -1 to -9; -10 is total darkness (no roll)",
            key="senses.cmd.vision.darkness.description",
        ),
        plain_sight=_(
            "Something in plain sight: +10 (not for hidden things, text or faces)",
            key="senses.cmd.vision.plain_sight.description",
        ),
        hyperspectral=_(
            "Hyperspectral Vision: +3 (default: the sheet's)",
            key="senses.cmd.vision.hyperspectral.description",
        ),
    )
    async def vision(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str | None = None,
        per: Per | None = None,
        acute: Level | None = None,
        size: app_commands.Range[int, -15, 30] | None = None,
        distance: Distance | None = None,
        darkness: app_commands.Range[int, TOTAL_DARKNESS, 0] = 0,
        plain_sight: bool = False,
        hyperspectral: bool | None = None,
        modifier: Modifier = 0,
        against: Skill | None = None,
        comprehension: Skill | None = None,
        dangerous: bool = False,
        label: Label | None = None,
        private: bool = False,
    ) -> None:
        await self._roll(
            interaction,
            Sense.VISION,
            combatant=combatant,
            label=label,
            private=private,
            situation={
                "perception": per,
                "acute": acute,
                "size_modifier": size,
                "distance": _metres(distance),
                "darkness": darkness,
                "plain_sight": plain_sight,
                "hyperspectral": hyperspectral,
                "circumstances": modifier,
                "against": against,
                "comprehension": comprehension,
                "dangerous": dangerous,
            },
        )

    @sense.command(
        name=_("hearing", key="senses.cmd.hearing.name"),
        description=_(
            "A Hearing roll: the sound and its distance (R16.6, R16.7)",
            key="senses.cmd.hearing.description",
        ),
    )
    @common_options
    @app_commands.rename(
        sound=_("sound", key="senses.cmd.hearing.sound.name"),
        distance=_("distance", key="senses.cmd.hearing.distance.name"),
        discriminatory=_("discriminatory", key="senses.cmd.hearing.discriminatory.name"),
        hard_of_hearing=_("hard-of-hearing", key="senses.cmd.hearing.hard_of_hearing.name"),
    )
    @app_commands.describe(
        sound=_(
            "How loud it is: its distance heard without penalty",
            key="senses.cmd.hearing.sound.description",
        ),
        distance=_(
            "Distance to the sound in metres: +1/-1 per halving/doubling",
            key="senses.cmd.hearing.distance.description",
        ),
        discriminatory=_(
            "Discriminatory Hearing: +4 (default: the sheet's)",
            key="senses.cmd.hearing.discriminatory.description",
        ),
        hard_of_hearing=_(
            "Hard of Hearing: -4 (default: the sheet's)",
            key="senses.cmd.hearing.hard_of_hearing.description",
        ),
    )
    @app_commands.choices(sound=SOUND_CHOICES)
    async def hearing(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str | None = None,
        per: Per | None = None,
        acute: Level | None = None,
        sound: app_commands.Choice[str] | None = None,
        distance: Distance | None = None,
        discriminatory: bool | None = None,
        hard_of_hearing: bool | None = None,
        modifier: Modifier = 0,
        against: Skill | None = None,
        comprehension: Skill | None = None,
        dangerous: bool = False,
        label: Label | None = None,
        private: bool = False,
    ) -> None:
        await self._roll(
            interaction,
            Sense.HEARING,
            combatant=combatant,
            label=label,
            private=private,
            situation={
                "perception": per,
                "acute": acute,
                "sound": Sound(sound.value) if sound else None,
                "distance": _metres(distance),
                "discriminatory": discriminatory,
                "hard_of_hearing": hard_of_hearing,
                "circumstances": modifier,
                "against": against,
                "comprehension": comprehension,
                "dangerous": dangerous,
            },
        )

    @sense.command(
        name=_("smell", key="senses.cmd.smell.name"),
        description=_(
            "A Smell or Taste roll (R16.8)",
            key="senses.cmd.smell.description",
        ),
    )
    @common_options
    @app_commands.rename(
        taste=_("taste", key="senses.cmd.smell.taste.name"),
        discriminatory=_("discriminatory", key="senses.cmd.smell.discriminatory.name"),
    )
    @app_commands.describe(
        taste=_("A Taste roll instead of Smell", key="senses.cmd.smell.taste.description"),
        discriminatory=_(
            "Discriminatory Smell (or Taste): +4 (default: the sheet's)",
            key="senses.cmd.smell.discriminatory.description",
        ),
    )
    async def smell(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        combatant: str | None = None,
        per: Per | None = None,
        acute: Level | None = None,
        taste: bool = False,
        discriminatory: bool | None = None,
        modifier: Modifier = 0,
        against: Skill | None = None,
        comprehension: Skill | None = None,
        dangerous: bool = False,
        label: Label | None = None,
        private: bool = False,
    ) -> None:
        await self._roll(
            interaction,
            Sense.TASTE if taste else Sense.SMELL,
            combatant=combatant,
            label=label,
            private=private,
            situation={
                "perception": per,
                "acute": acute,
                "discriminatory": discriminatory,
                "circumstances": modifier,
                "against": against,
                "comprehension": comprehension,
                "dangerous": dangerous,
            },
        )

    @sense.command(
        name=_("special", key="senses.cmd.special.name"),
        description=_(
            "A Scanning Sense (radar, sonar) or Vibration Sense roll (R16.1)",
            key="senses.cmd.special.description",
        ),
    )
    @common_options
    @app_commands.rename(
        kind=_("kind", key="senses.cmd.special.kind.name"),
        size=_("size", key="senses.cmd.special.size.name"),
        distance=_("distance", key="senses.cmd.special.distance.name"),
    )
    @app_commands.describe(
        kind=_("Scanning Sense or Vibration Sense", key="senses.cmd.special.kind.description"),
        size=_("Size Modifier of what is sensed", key="senses.cmd.special.size.description"),
        distance=_(
            "Distance to it in metres (Size and Speed/Range table)",
            key="senses.cmd.special.distance.description",
        ),
    )
    @app_commands.choices(kind=LOCATING_CHOICES)
    async def special(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        kind: app_commands.Choice[str],
        combatant: str | None = None,
        per: Per | None = None,
        acute: Level | None = None,
        size: app_commands.Range[int, -15, 30] | None = None,
        distance: Distance | None = None,
        modifier: Modifier = 0,
        against: Skill | None = None,
        comprehension: Skill | None = None,
        dangerous: bool = False,
        label: Label | None = None,
        private: bool = False,
    ) -> None:
        await self._roll(
            interaction,
            Sense(kind.value),
            combatant=combatant,
            label=label,
            private=private,
            situation={
                "perception": per,
                "acute": acute,
                "size_modifier": size,
                "distance": _metres(distance),
                "circumstances": modifier,
                "against": against,
                "comprehension": comprehension,
                "dangerous": dangerous,
            },
        )

    async def _roll(
        self,
        interaction: discord.Interaction[GurpsBot],
        sense: Sense,
        *,
        combatant: str | None,
        label: str | None,
        private: bool,
        situation: dict[str, Any],
    ) -> None:
        context = await self.bot.context_for(interaction)
        authority = await EncounterAuthority.of(interaction)
        name: str | None = None
        gm = authority.guild_gm
        if combatant is not None:
            record = await self.encounters.require_active(channel_of(interaction))
            fight = record.encounter
            fighter = fight.find(combatant)
            authority.ensure_can_act_for(fight.gm_id, fighter.owner_id, fighter.name)
            gm = authority.is_gm(fight.gm_id)
            name = fighter.name
            request = request_from_sheet(fighter.combatant, sense, **situation)
        else:
            if situation["perception"] is None:
                raise UserFacingError("senses.error.per_needed")
            # Asking for R16.3 about a character given by numbers says he has Danger Sense.
            request = SenseRequest.model_validate(
                {
                    "sense": sense,
                    "danger_sense": situation["dangerous"],
                    **{k: v for k, v in situation.items() if v is not None},
                }
            )
        if request.dangerous and not gm:
            raise UserFacingError("senses.error.dangerous_gm_only")
        outcome = sense_roll(request, self.bot.dice, context.options)
        messages, locale = self.bot.messages, context.locale
        await interaction.response.send_message(
            embed=render_sense(
                outcome, messages, locale, name=name, label=label, options=context.options
            ),
            ephemeral=private,
        )
        if outcome.danger_sense is not None:
            await interaction.followup.send(
                embed=render_danger_sense(outcome, messages, locale, name=name), ephemeral=True
            )


def _metres(value: float | None) -> Fraction | None:
    """A distance typed in metres, kept exact to the centimetre."""
    return None if value is None else Fraction(round(value * 100), 100)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Senses(bot))
