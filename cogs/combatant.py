"""``/combatant``: add, show, list, edit, remove combatants and set their conditions by hand.

``add`` takes plain stats or a saved character (``character:``); ``weapon``,
``shield``, ``armor``, ``trait`` and ``skill`` change a fighter already in the fight
with the subcommands and options ``/character`` has (:mod:`cogs._gear`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import EncounterAuthority
from bot.render.encounter import (
    render_added,
    render_changed,
    render_removed,
    render_sheet,
    render_tracker,
)
from bot.storage.character import CharacterRepository
from bot.storage.encounter import EncounterRepository
from cogs._autocomplete import (
    character_autocomplete,
    combatant_autocomplete,
    side_autocomplete,
)
from cogs._gear import FightSheets, add_gear_commands, sheet_options
from cogs._shared import catalog_choices, channel_of, guild_of, send_embeds
from rules.character import (
    fighting_copy,
)
from rules.combatant import Combatant, Posture
from rules.editing import add_fighters, edit_fighter, remove_fighter, set_by_hand
from rules.encounter import Condition, copy_names, quick_sheet

CONDITION_CHOICES = catalog_choices("combatant.cmd.condition_choice", [c.value for c in Condition])
POSTURE_CHOICES = catalog_choices("combatant.cmd.posture_choice", [p.value for p in Posture])

T = TypeVar("T")
Attribute = app_commands.Range[int, 1, 40]


def _which_combatant(func: T) -> T:
    """The ``name`` option: a fighter of this channel's encounter, completed as it is typed."""
    renamed: Callable[[T], T] = app_commands.rename(name=_("name", key="combatant.cmd.target.name"))
    described: Callable[[T], T] = app_commands.describe(
        name=_("Which combatant", key="combatant.cmd.target.description")
    )
    completed: Callable[[T], T] = app_commands.autocomplete(name=combatant_autocomplete)
    return completed(described(renamed(func)))


class CombatantCog(commands.Cog):
    """The combatants of this channel's running encounter."""

    combatant = app_commands.Group(
        name=_("combatant", key="combatant.cmd.name"),
        description=_("Combatants of this channel's fight", key="combatant.cmd.description"),
        guild_only=True,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.encounters = EncounterRepository(bot.database)
        self.characters = CharacterRepository(bot.database)

    @combatant.command(
        name=_("add", key="combatant.cmd.add.name"),
        description=_(
            "Add a combatant (or N numbered copies) to this channel's fight",
            key="combatant.cmd.add.description",
        ),
    )
    @app_commands.rename(
        name=_("name", key="combatant.cmd.add.name_option.name"),
        parry=_("parry", key="combatant.cmd.add.parry.name"),
        block=_("block", key="combatant.cmd.add.block.name"),
        owner=_("owner", key="combatant.cmd.add.owner.name"),
        side=_("side", key="combatant.cmd.add.side.name"),
        count=_("count", key="combatant.cmd.add.count.name"),
        aware=_("aware", key="combatant.cmd.add.aware.name"),
        character=_("character", key="combatant.cmd.add.character.name"),
    )
    @app_commands.describe(
        name=_("The combatant's name", key="combatant.cmd.add.name_option.description"),
        parry=_("Parry with the main weapon", key="combatant.cmd.add.parry.description"),
        block=_("Block with a shield", key="combatant.cmd.add.block.description"),
        owner=_(
            "The player who controls it (default: the GM)",
            key="combatant.cmd.add.owner.description",
        ),
        side=_(
            "Its side (default: pc for players, npc otherwise)",
            key="combatant.cmd.add.side.description",
        ),
        count=_(
            "How many numbered copies (Orc 1, Orc 2 …)", key="combatant.cmd.add.count.description"
        ),
        aware=_(
            "Joining a running fight aware of it: acts at once (R2.4)",
            key="combatant.cmd.add.aware.description",
        ),
        character=_(
            "A saved character instead of the stats (its name unless name is given)",
            key="combatant.cmd.add.character.description",
        ),
    )
    @sheet_options
    @app_commands.autocomplete(side=side_autocomplete, character=character_autocomplete)
    async def add(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        name: app_commands.Range[str, 1, 80] | None = None,
        st: Attribute | None = None,
        dx: Attribute | None = None,
        iq: Attribute | None = None,
        ht: Attribute | None = None,
        hp: app_commands.Range[int, 1, 999] | None = None,
        fp: app_commands.Range[int, 0, 999] | None = None,
        will: Attribute | None = None,
        per: Attribute | None = None,
        basic_speed: app_commands.Range[float, 0.0, 40.0] | None = None,
        move: app_commands.Range[int, 0, 100] | None = None,
        dodge: app_commands.Range[int, 0, 40] | None = None,
        parry: app_commands.Range[int, 3, 40] | None = None,
        block: app_commands.Range[int, 3, 40] | None = None,
        dr: app_commands.Range[int, 0, 200] = 0,
        size_modifier: app_commands.Range[int, -10, 20] = 0,
        encumbrance: app_commands.Range[int, 0, 4] = 0,
        combat_reflexes: bool = False,
        owner: discord.Member | None = None,
        side: app_commands.Range[str, 1, 40] | None = None,
        count: app_commands.Range[int, 1, 20] = 1,
        aware: bool = False,
        character: str | None = None,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        stats = (hp, fp, will, per, basic_speed, move, dodge, parry, block)
        sheet_options = any(v is not None for v in stats) or bool(
            dr or size_modifier or encumbrance or combat_reflexes
        )
        owner_id = owner.id if owner is not None else None
        sheet_for: Callable[[str], Combatant]
        saved_id: int | None = None
        if character is not None:
            if sheet_options or any(v is not None for v in (st, dx, iq, ht)):
                raise UserFacingError("combatant.error.character_and_stats")
            saved = await self.characters.require(guild_of(interaction), character)
            saved_id = saved.id
            if owner is None and saved.owner_id != interaction.user.id:
                owner_id = saved.owner_id  # a GM's own sheets fight as the GM's
            base = (name or saved.name).strip()
            sheet_for = functools.partial(fighting_copy, saved.sheet)
        else:
            if name is None or st is None or dx is None or iq is None or ht is None:
                raise UserFacingError("combatant.error.stats_or_character")
            base = name.strip()
            sheet_for = functools.partial(
                quick_sheet,
                st=st,
                dx=dx,
                iq=iq,
                ht=ht,
                hp=hp,
                fp=fp,
                will=will,
                per=per,
                basic_speed=basic_speed,
                move=move,
                dodge=dodge,
                parry=parry,
                block=block,
                dr=dr,
                size_modifier=size_modifier,
                encumbrance=encumbrance,
                combat_reflexes=combat_reflexes,
                weapon_name=self.bot.messages.text("combatant.generic_weapon", locale),
                shield_name=self.bot.messages.text("combatant.generic_shield", locale),
            )
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "add"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            names = copy_names(base, count, [c.name for c in change.encounter.combatants])
            joined = add_fighters(
                change.encounter,
                [sheet_for(each) for each in names],
                owner_id=owner_id,
                side=side,
                aware=aware,
                roller=self.bot.dice,
                character_id=saved_id,
                character=character,
            )
            change.encounter = joined.encounter
            change.detail = joined.detail()
        await interaction.response.send_message(
            embed=render_added(
                change.encounter, joined.added, self.bot.messages, locale, aware=aware
            )
        )

    @combatant.command(
        name=_("list", key="combatant.cmd.list.name"),
        description=_(
            "List this fight's combatants in turn order", key="combatant.cmd.list.description"
        ),
    )
    async def list_combatants(self, interaction: discord.Interaction[GurpsBot]) -> None:
        record = await self.encounters.require_active(channel_of(interaction))
        locale = await self.bot.locale_for(interaction)
        await send_embeds(interaction, render_tracker(record.encounter, self.bot.messages, locale))

    @combatant.command(
        name=_("show", key="combatant.cmd.show.name"),
        description=_("Show one combatant's sheet and state", key="combatant.cmd.show.description"),
    )
    @_which_combatant
    async def show(self, interaction: discord.Interaction[GurpsBot], name: str) -> None:
        record = await self.encounters.require_active(channel_of(interaction))
        authority = await EncounterAuthority.of(interaction)
        context = await self.bot.context_for(interaction)
        found = record.encounter.find(name)
        gm_view = authority.can_act_for(record.encounter.gm_id, found.owner_id)
        embed = render_sheet(
            found,
            record.encounter,
            self.bot.messages,
            context.locale,
            gm_view=gm_view,
            options=context.options,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @combatant.command(
        name=_("remove", key="combatant.cmd.remove.name"),
        description=_("Take a combatant out of the fight", key="combatant.cmd.remove.description"),
    )
    @_which_combatant
    async def remove(self, interaction: discord.Interaction[GurpsBot], name: str) -> None:
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "remove"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            removed = remove_fighter(change.encounter, change.encounter.find(name).combatant_id)
            change.encounter = removed.encounter
            change.detail = removed.detail()
        await interaction.response.send_message(
            embed=render_removed(removed.name, self.bot.messages, locale)
        )

    @combatant.command(
        name=_("edit", key="combatant.cmd.edit.name"),
        description=_(
            "Change a combatant's current HP/FP, name, owner or side",
            key="combatant.cmd.edit.description",
        ),
    )
    @app_commands.rename(
        hp=_("hp", key="combatant.cmd.edit.hp.name"),
        fp=_("fp", key="combatant.cmd.edit.fp.name"),
        new_name=_("new-name", key="combatant.cmd.edit.new_name.name"),
        owner=_("owner", key="combatant.cmd.edit.owner.name"),
        to_gm=_("to-gm", key="combatant.cmd.edit.to_gm.name"),
        side=_("side", key="combatant.cmd.edit.side.name"),
    )
    @app_commands.describe(
        hp=_("Current HP", key="combatant.cmd.edit.hp.description"),
        fp=_("Current FP", key="combatant.cmd.edit.fp.description"),
        new_name=_("A new name", key="combatant.cmd.edit.new_name.description"),
        owner=_("Hand it to this player", key="combatant.cmd.edit.owner.description"),
        to_gm=_("Give it back to the GM", key="combatant.cmd.edit.to_gm.description"),
        side=_("Move it to another side", key="combatant.cmd.edit.side.description"),
    )
    @app_commands.autocomplete(side=side_autocomplete)
    @_which_combatant
    async def edit(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        name: str,
        hp: app_commands.Range[int, -9999, 999] | None = None,
        fp: app_commands.Range[int, -999, 999] | None = None,
        new_name: app_commands.Range[str, 1, 80] | None = None,
        owner: discord.Member | None = None,
        to_gm: bool = False,
        side: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "edit"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            edited = edit_fighter(
                change.encounter,
                change.encounter.find(name).combatant_id,
                hp=hp,
                fp=fp,
                owner_id=owner.id if owner is not None else None,
                to_gm=to_gm,
                side=side,
                new_name=new_name,
            )
            change.encounter = edited.encounter
            change.detail = edited.detail()
        await interaction.response.send_message(
            embed=render_changed(edited.fighter, self.bot.messages, locale)
        )

    @combatant.command(
        name=_("condition", key="combatant.cmd.condition.name"),
        description=_(
            "Set or clear a condition or posture by hand",
            key="combatant.cmd.condition.description",
        ),
    )
    @app_commands.rename(
        condition=_("condition", key="combatant.cmd.condition.condition.name"),
        value=_("value", key="combatant.cmd.condition.value.name"),
        posture=_("posture", key="combatant.cmd.condition.posture.name"),
    )
    @app_commands.describe(
        condition=_("The condition", key="combatant.cmd.condition.condition.description"),
        value=_("On (true) or off (false)", key="combatant.cmd.condition.value.description"),
        posture=_("A new posture", key="combatant.cmd.condition.posture.description"),
    )
    @app_commands.choices(condition=CONDITION_CHOICES, posture=POSTURE_CHOICES)
    @_which_combatant
    async def condition(
        self,
        interaction: discord.Interaction[GurpsBot],
        name: str,
        condition: app_commands.Choice[str] | None = None,
        value: bool = True,
        posture: app_commands.Choice[str] | None = None,
    ) -> None:
        authority = await EncounterAuthority.of(interaction)
        locale = await self.bot.locale_for(interaction)
        async with self.encounters.change(
            channel_of(interaction), interaction.user.id, "condition"
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            hand = set_by_hand(
                change.encounter,
                change.encounter.find(name).combatant_id,
                condition=Condition(condition.value) if condition is not None else None,
                value=value,
                posture=Posture(posture.value) if posture is not None else None,
            )
            change.encounter = hand.encounter
            change.detail = hand.detail()
        await interaction.response.send_message(
            embed=render_changed(hand.fighter, self.bot.messages, locale)
        )


add_gear_commands(CombatantCog.combatant, FightSheets())


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(CombatantCog(bot))
