"""``/roll``, ``/check`` and ``/contest``: dice, success rolls and contests of skill.

``/check`` and ``/contest`` take a level, or a character's skill, attribute, Will,
Perception or sense by name: a fighter of this channel's fight (with the penalties of his
condition, :mod:`rules.sheet_rolls`) or a saved character. Only its owner or a GM rolls
for a character.
"""

from __future__ import annotations

import re
from typing import Literal

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import CharacterAuthority, EncounterAuthority
from bot.render.roll import (
    render_check,
    render_contest,
    render_dice_roll,
    render_sheet_check,
    render_sheet_contest,
    target_label,
)
from bot.storage.character import CharacterRepository
from bot.storage.encounter import EncounterRepository
from cogs._autocomplete import sheet_autocomplete, starts_a_word, text_choice
from rules.checks import (
    QuickContest,
    RegularContest,
    quick_contest,
    regular_contest,
    skill_check,
)
from rules.combatant import MAX_SKILL_LABEL, Combatant
from rules.dice import roll as roll_dice
from rules.errors import RuleError
from rules.sheet_rolls import SheetLevel, find_target, roll_targets, sheet_check, sheet_level

SkillText = app_commands.Range[str, 1, MAX_SKILL_LABEL]
Modifier = app_commands.Range[int, -100, 100]
MIN_LEVEL = -50
MAX_LEVEL = 100
_NUMBER = re.compile(r"^[+-]?\d{1,4}$")
Label = app_commands.Range[str, 1, 100]
Name = app_commands.Range[str, 1, 50]


class Roll(commands.Cog):
    """Dice and success rolls; ``private`` answers only to the user (secret GM rolls)."""

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("roll", key="roll.cmd.roll.name"),
        description=_(
            "Roll GURPS dice: 3d, 2d+1, 1d-3, 6dx2, 2d10, 1d+1d6+2",
            key="roll.cmd.roll.description",
        ),
    )
    @app_commands.rename(
        dice=_("dice", key="roll.cmd.roll.dice.name"),
        label=_("label", key="roll.cmd.roll.label.name"),
        private=_("private", key="roll.cmd.roll.private.name"),
    )
    @app_commands.describe(
        dice=_(
            "The dice expression, for example 3d, 2d+1, 6dx2 or 2d10",
            key="roll.cmd.roll.dice.description",
        ),
        label=_("What the roll is for; shown as the title", key="roll.cmd.roll.label.description"),
        private=_(
            "Only you see the result (a secret GM roll)", key="roll.cmd.roll.private.description"
        ),
    )
    async def roll(
        self,
        interaction: discord.Interaction[GurpsBot],
        dice: app_commands.Range[str, 1, 100],
        label: Label | None = None,
        private: bool = False,
    ) -> None:
        result = roll_dice(dice, self.bot.dice)
        context = await self.bot.context_for(interaction)
        embed = render_dice_roll(result, self.bot.messages, context.locale, label=label)
        await interaction.response.send_message(embed=embed, ephemeral=private)

    # ------------------------------------------------------------------ sheets

    async def _sheet(
        self, interaction: discord.Interaction[GurpsBot], name: str
    ) -> tuple[Combatant, bool]:
        """The sheet ``name`` names, and whether it is fighting: a fighter of this channel's
        running fight first, else a saved character. Its owner or a GM only."""
        if interaction.channel_id is not None:
            record = await EncounterRepository(self.bot.database).active(interaction.channel_id)
            if record is not None:
                try:
                    fighter = record.encounter.find(name)
                except RuleError:
                    fighter = None
                if fighter is not None:
                    authority = await EncounterAuthority.of(interaction)
                    authority.ensure_can_act_for(
                        record.encounter.gm_id, fighter.owner_id, fighter.name
                    )
                    return fighter.combatant, True
        saved = None
        if interaction.guild_id is not None:
            saved = await CharacterRepository(self.bot.database).get(interaction.guild_id, name)
        if saved is None:
            raise UserFacingError("sheetcheck.error.no_character", name=name.strip())
        characters = await CharacterAuthority.of(interaction)
        characters.ensure_can_edit(saved.owner_id, saved.name)
        return saved.sheet, False

    @staticmethod
    def _level(text: str) -> int | None:
        """A level typed as a number (``12``, ``-3``), or ``None`` for a name."""
        if not _NUMBER.match(text.strip()):
            return None
        level = int(text)
        if not MIN_LEVEL <= level <= MAX_LEVEL:
            raise UserFacingError(
                "sheetcheck.error.level_range", level=level, minimum=MIN_LEVEL, maximum=MAX_LEVEL
            )
        return level

    async def _side(
        self,
        interaction: discord.Interaction[GurpsBot],
        skill: str,
        character: str | None,
        locale: str,
    ) -> tuple[int, str | None, SheetLevel | None]:
        """One side of a contest: its effective level, its shown name, its level's parts."""
        level = self._level(skill)
        if character is None:
            if level is None:
                raise UserFacingError("sheetcheck.error.needs_character", name=skill.strip())
            return level, None, None
        sheet, in_fight = await self._sheet(interaction, character)
        if level is not None:
            return level, sheet.name, None
        found = sheet_level(sheet, find_target(sheet, skill), in_fight=in_fight)
        label = target_label(found.target, self.bot.messages, locale)
        name = self.bot.messages.text("sheetcheck.side", locale, character=sheet.name, target=label)
        return found.value, name, found

    async def skill_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str, character: object
    ) -> list[app_commands.Choice[str]]:
        """What the chosen character can roll, by name in the reader's language."""
        if not character:
            return []
        try:
            sheet, _ = await self._sheet(interaction, str(character))
        except (UserFacingError, RuleError):
            return []
        locale = await self.bot.locale_for(interaction)
        found = []
        for target in roll_targets(sheet):
            label = target_label(target, self.bot.messages, locale)
            matches = starts_a_word(label, current) or starts_a_word(target.key, current)
            if matches and (choice := text_choice(f"{label} {target.level}", target.key)):
                found.append(choice)
        return found[:25]

    # ------------------------------------------------------------------ check

    @app_commands.command(
        name=_("check", key="roll.cmd.check.name"),
        description=_(
            "Success roll: 3d6 against a level, or a character's skill by name",
            key="roll.cmd.check.description",
        ),
    )
    @app_commands.rename(
        skill=_("skill", key="roll.cmd.check.skill.name"),
        character=_("character", key="sheetcheck.cmd.character.name"),
        modifier=_("modifier", key="roll.cmd.check.modifier.name"),
        label=_("label", key="roll.cmd.check.label.name"),
        private=_("private", key="roll.cmd.check.private.name"),
    )
    @app_commands.describe(
        skill=_(
            "A level (12), or the character's skill, attribute or sense (Stealth, DX, Vision)",
            key="roll.cmd.check.skill.description",
        ),
        character=_(
            "Whose skill: a fighter here (with his condition's penalties) or a saved character",
            key="sheetcheck.cmd.character.description",
        ),
        modifier=_(
            "Every bonus and penalty added up, for example -2",
            key="roll.cmd.check.modifier.description",
        ),
        label=_("What the roll is for; shown as the title", key="roll.cmd.check.label.description"),
        private=_(
            "Only you see the result (a secret GM roll)", key="roll.cmd.check.private.description"
        ),
    )
    @app_commands.autocomplete(character=sheet_autocomplete)
    async def check(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        skill: SkillText,
        character: str | None = None,
        modifier: Modifier = 0,
        label: Label | None = None,
        private: bool = False,
    ) -> None:
        context = await self.bot.context_for(interaction)
        level = self._level(skill)
        if character is not None and level is None:
            sheet, in_fight = await self._sheet(interaction, character)
            result = sheet_check(
                sheet, skill, self.bot.dice, context.options, in_fight=in_fight, modifier=modifier
            )
            embed = render_sheet_check(
                result, self.bot.messages, context.locale, label=label, options=context.options
            )
            await interaction.response.send_message(embed=embed, ephemeral=private)
            return
        if level is None:
            raise UserFacingError("sheetcheck.error.needs_character", name=skill.strip())
        plain = skill_check(level, self.bot.dice, context.options, modifier=modifier)
        embed = render_check(
            plain, self.bot.messages, context.locale, label=label, options=context.options
        )
        await interaction.response.send_message(embed=embed, ephemeral=private)

    @check.autocomplete("skill")
    async def check_skill_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        character = getattr(interaction.namespace, "character", None)
        return await self.skill_autocomplete(interaction, current, character)

    # ------------------------------------------------------------------ contest

    @app_commands.command(
        name=_("contest", key="roll.cmd.contest.name"),
        description=_(
            "Contest of skills: both sides roll against their own skill",
            key="roll.cmd.contest.description",
        ),
    )
    @app_commands.rename(
        skill_a=_("skill_a", key="roll.cmd.contest.skill_a.name"),
        skill_b=_("skill_b", key="roll.cmd.contest.skill_b.name"),
        character_a=_("character_a", key="sheetcheck.cmd.character_a.name"),
        character_b=_("character_b", key="sheetcheck.cmd.character_b.name"),
        name_a=_("name_a", key="roll.cmd.contest.name_a.name"),
        name_b=_("name_b", key="roll.cmd.contest.name_b.name"),
        kind=_("kind", key="roll.cmd.contest.kind.name"),
        private=_("private", key="roll.cmd.contest.private.name"),
    )
    @app_commands.describe(
        skill_a=_(
            "The first side's level, or its character's skill by name",
            key="roll.cmd.contest.skill_a.description",
        ),
        skill_b=_(
            "The second side's level, or its character's skill by name",
            key="roll.cmd.contest.skill_b.description",
        ),
        character_a=_(
            "The first side's character (a fighter here or a saved one)",
            key="sheetcheck.cmd.character_a.description",
        ),
        character_b=_(
            "The second side's character (a fighter here or a saved one)",
            key="sheetcheck.cmd.character_b.description",
        ),
        name_a=_("Who the first side is", key="roll.cmd.contest.name_a.description"),
        name_b=_("Who the second side is", key="roll.cmd.contest.name_b.description"),
        kind=_(
            "Quick (one roll each, default) or Regular (repeat until one wins)",
            key="roll.cmd.contest.kind.description",
        ),
        private=_(
            "Only you see the result (a secret GM roll)",
            key="roll.cmd.contest.private.description",
        ),
    )
    @app_commands.choices(
        kind=[
            app_commands.Choice(
                name=_("Quick contest", key="roll.cmd.contest.kind.quick"), value="quick"
            ),
            app_commands.Choice(
                name=_("Regular contest", key="roll.cmd.contest.kind.regular"), value="regular"
            ),
        ]
    )
    @app_commands.autocomplete(character_a=sheet_autocomplete, character_b=sheet_autocomplete)
    async def contest(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        skill_a: SkillText,
        skill_b: SkillText,
        character_a: str | None = None,
        character_b: str | None = None,
        name_a: Name | None = None,
        name_b: Name | None = None,
        kind: Literal["quick", "regular"] = "quick",
        private: bool = False,
    ) -> None:
        context = await self.bot.context_for(interaction)
        level_a, shown_a, parts_a = await self._side(
            interaction, skill_a, character_a, context.locale
        )
        level_b, shown_b, parts_b = await self._side(
            interaction, skill_b, character_b, context.locale
        )
        result: QuickContest | RegularContest
        if kind == "regular":
            result = regular_contest(level_a, level_b, self.bot.dice, context.options)
        else:
            result = quick_contest(level_a, level_b, self.bot.dice, context.options)
        if parts_a is None and parts_b is None:
            embed = render_contest(
                result,
                self.bot.messages,
                context.locale,
                name_a=name_a or shown_a,
                name_b=name_b or shown_b,
                options=context.options,
            )
        else:
            a, b = (
                (
                    name_a
                    or shown_a
                    or self.bot.messages.text("roll.contest.default_a", context.locale)
                ),
                (
                    name_b
                    or shown_b
                    or self.bot.messages.text("roll.contest.default_b", context.locale)
                ),
            )
            embed = render_sheet_contest(
                result,
                self.bot.messages,
                context.locale,
                sides=((a, parts_a), (b, parts_b)),
                options=context.options,
            )
        await interaction.response.send_message(embed=embed, ephemeral=private)

    @contest.autocomplete("skill_a")
    async def contest_skill_a_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        character = getattr(interaction.namespace, "character_a", None)
        return await self.skill_autocomplete(interaction, current, character)

    @contest.autocomplete("skill_b")
    async def contest_skill_b_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        character = getattr(interaction.namespace, "character_b", None)
        return await self.skill_autocomplete(interaction, current, character)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Roll(bot))
