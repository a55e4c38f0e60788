"""``/roll``, ``/check`` and ``/contest``: dice, success rolls and contests of skill."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.render.roll import render_check, render_contest, render_dice_roll
from rules.checks import (
    QuickContest,
    RegularContest,
    quick_contest,
    regular_contest,
    skill_check,
)
from rules.dice import roll as roll_dice

Skill = app_commands.Range[int, -50, 100]
Modifier = app_commands.Range[int, -100, 100]
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

    @app_commands.command(
        name=_("check", key="roll.cmd.check.name"),
        description=_(
            "Success roll: 3d6 against a skill or attribute", key="roll.cmd.check.description"
        ),
    )
    @app_commands.rename(
        skill=_("skill", key="roll.cmd.check.skill.name"),
        modifier=_("modifier", key="roll.cmd.check.modifier.name"),
        label=_("label", key="roll.cmd.check.label.name"),
        private=_("private", key="roll.cmd.check.private.name"),
    )
    @app_commands.describe(
        skill=_(
            "The skill or attribute level rolled against", key="roll.cmd.check.skill.description"
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
    async def check(
        self,
        interaction: discord.Interaction[GurpsBot],
        skill: Skill,
        modifier: Modifier = 0,
        label: Label | None = None,
        private: bool = False,
    ) -> None:
        context = await self.bot.context_for(interaction)
        result = skill_check(skill, self.bot.dice, context.options, modifier=modifier)
        embed = render_check(
            result, self.bot.messages, context.locale, label=label, options=context.options
        )
        await interaction.response.send_message(embed=embed, ephemeral=private)

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
        name_a=_("name_a", key="roll.cmd.contest.name_a.name"),
        name_b=_("name_b", key="roll.cmd.contest.name_b.name"),
        kind=_("kind", key="roll.cmd.contest.kind.name"),
        private=_("private", key="roll.cmd.contest.private.name"),
    )
    @app_commands.describe(
        skill_a=_("The first side's effective skill", key="roll.cmd.contest.skill_a.description"),
        skill_b=_("The second side's effective skill", key="roll.cmd.contest.skill_b.description"),
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
    async def contest(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        skill_a: Skill,
        skill_b: Skill,
        name_a: Name | None = None,
        name_b: Name | None = None,
        kind: Literal["quick", "regular"] = "quick",
        private: bool = False,
    ) -> None:
        context = await self.bot.context_for(interaction)
        result: QuickContest | RegularContest
        if kind == "regular":
            result = regular_contest(skill_a, skill_b, self.bot.dice, context.options)
        else:
            result = quick_contest(skill_a, skill_b, self.bot.dice, context.options)
        embed = render_contest(
            result,
            self.bot.messages,
            context.locale,
            name_a=name_a,
            name_b=name_b,
            options=context.options,
        )
        await interaction.response.send_message(embed=embed, ephemeral=private)


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(Roll(bot))
