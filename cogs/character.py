"""``/character``: saved sheets, their weapons, shield, armor and traits, import and export.

A sheet belongs to a guild and to the player who made it (or to whom a GM made
it for). Its owner and the guild's GMs may change it; anyone else is refused.
``/combatant add character:`` brings it into a fight.
"""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TypeVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.permissions import CharacterAuthority
from bot.render.character import (
    render_character,
    render_character_list,
    render_deleted,
    render_exported,
    render_import_problems,
    trait_name,
)
from bot.storage.character import CharacterChange, CharacterRecord, CharacterRepository
from cogs._autocomplete import character_autocomplete
from cogs._gear import (
    WeaponRangeText,
    armor_options,
    launcher_of,
    location_of,
    parse_trait,
    sheet_options,
    trait_choices,
    weapon_options,
    worn_armor,
)
from cogs._shared import guild_of
from rules.character import (
    MAX_IMPORT_BYTES,
    SheetInvalidError,
    SheetTrait,
    add_trait,
    add_weapon,
    build_weapon,
    export_sheet,
    import_sheet,
    parse_sheet_json,
    remove_trait,
    remove_weapon,
    rename_sheet,
    set_armor,
    set_shield,
    sheet_traits,
)
from rules.combatant import Combatant, Shield
from rules.encounter import quick_sheet

T = TypeVar("T")
Attribute = app_commands.Range[int, 1, 40]
SheetName = app_commands.Range[str, 1, 80]
_UNSAFE_FILENAME = re.compile(r"[^\w.-]+")


def _which_character(func: T) -> T:
    """The ``character`` option: one of this server's saved sheets, completed as it is typed."""
    renamed: Callable[[T], T] = app_commands.rename(
        character=_("character", key="character.cmd.which.name")
    )
    described: Callable[[T], T] = app_commands.describe(
        character=_("Which character", key="character.cmd.which.description")
    )
    completed: Callable[[T], T] = app_commands.autocomplete(character=character_autocomplete)
    return completed(described(renamed(func)))


def export_filename(name: str) -> str:
    """``Sir Ana`` → ``Sir_Ana.json``: a name safe on every system."""
    return (_UNSAFE_FILENAME.sub("_", name.strip()).strip("._") or "character") + ".json"


class CharacterCog(commands.Cog):
    """Saved characters of this server."""

    character = app_commands.Group(
        name=_("character", key="character.cmd.name"),
        description=_("Saved character sheets of this server", key="character.cmd.description"),
        guild_only=True,
    )
    weapon = app_commands.Group(
        name=_("weapon", key="character.cmd.weapon.name"),
        description=_("A saved character's weapons", key="character.cmd.weapon.description"),
        parent=character,
    )
    shield = app_commands.Group(
        name=_("shield", key="character.cmd.shield.name"),
        description=_("A saved character's shield", key="character.cmd.shield.description"),
        parent=character,
    )
    armor = app_commands.Group(
        name=_("armor", key="character.cmd.armor.name"),
        description=_(
            "A saved character's armor by hit location", key="character.cmd.armor.description"
        ),
        parent=character,
    )
    trait = app_commands.Group(
        name=_("trait", key="character.cmd.trait.name"),
        description=_(
            "A saved character's traits and combat skills", key="character.cmd.trait.description"
        ),
        parent=character,
    )

    def __init__(self, bot: GurpsBot) -> None:
        self.bot = bot
        self.characters = CharacterRepository(bot.database)

    async def _answer(
        self,
        interaction: discord.Interaction[GurpsBot],
        record: CharacterRecord,
        headline_key: str,
        *,
        ephemeral: bool = False,
        locale: str | None = None,
        **params: object,
    ) -> None:
        locale = locale or await self.bot.locale_for(interaction)
        headline = self.bot.messages.text(headline_key, locale, name=record.name, **params)
        embed = render_character(record, self.bot.messages, locale, headline=headline)
        await interaction.response.send_message(embed=embed, ephemeral=ephemeral)

    async def _answer_trait(
        self,
        interaction: discord.Interaction[GurpsBot],
        record: CharacterRecord,
        headline_key: str,
        trait: SheetTrait,
    ) -> None:
        """:meth:`_answer` with the trait's name in the reader's language."""
        locale = await self.bot.locale_for(interaction)
        label = trait_name(trait, self.bot.messages, locale)
        await self._answer(interaction, record, headline_key, locale=locale, trait=label)

    async def _new_owner(
        self, interaction: discord.Interaction[GurpsBot], owner: discord.Member | None
    ) -> tuple[CharacterAuthority, int]:
        """Who a new sheet belongs to: the user, or (GMs only) the ``owner`` named."""
        authority = await CharacterAuthority.of(interaction)
        owner_id = owner.id if owner is not None else interaction.user.id
        authority.ensure_can_give(owner_id)
        return authority, owner_id

    @asynccontextmanager
    async def _editing(
        self, interaction: discord.Interaction[GurpsBot], name: str
    ) -> AsyncIterator[CharacterChange]:
        """The sheet ``name`` opened for a change; only its owner or a GM gets past."""
        authority = await CharacterAuthority.of(interaction)
        async with self.characters.edit(guild_of(interaction), name) as change:
            authority.ensure_can_edit(change.record.owner_id, change.record.name)
            yield change

    async def _edit(
        self,
        interaction: discord.Interaction[GurpsBot],
        name: str,
        edit: Callable[[Combatant], Combatant],
    ) -> CharacterRecord:
        """Save ``edit`` of the sheet ``name``; the stored record."""
        async with self._editing(interaction, name) as change:
            change.sheet = edit(change.sheet)
        assert change.saved is not None
        return change.saved

    async def _readable(
        self, interaction: discord.Interaction[GurpsBot], name: str
    ) -> CharacterRecord:
        """The sheet ``name``, shown only to its owner or a GM."""
        record = await self.characters.require(guild_of(interaction), name)
        authority = await CharacterAuthority.of(interaction)
        authority.ensure_can_edit(record.owner_id, record.name)
        return record

    # ------------------------------------------------------------------ sheets

    @character.command(
        name=_("create", key="character.cmd.create.name"),
        description=_(
            "Save a new character sheet (add weapons and armor after)",
            key="character.cmd.create.description",
        ),
    )
    @app_commands.rename(
        name=_("name", key="character.cmd.create.name_option.name"),
        owner=_("owner", key="character.cmd.create.owner.name"),
    )
    @app_commands.describe(
        name=_("The character's name", key="character.cmd.create.name_option.description"),
        owner=_(
            "The player it belongs to (GMs only; default: you)",
            key="character.cmd.create.owner.description",
        ),
    )
    @sheet_options
    async def create(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        name: SheetName,
        st: Attribute,
        dx: Attribute,
        iq: Attribute,
        ht: Attribute,
        hp: app_commands.Range[int, 1, 999] | None = None,
        fp: app_commands.Range[int, 0, 999] | None = None,
        will: Attribute | None = None,
        per: Attribute | None = None,
        basic_speed: app_commands.Range[float, 0.0, 40.0] | None = None,
        move: app_commands.Range[int, 0, 100] | None = None,
        dodge: app_commands.Range[int, 0, 40] | None = None,
        dr: app_commands.Range[int, 0, 200] = 0,
        size_modifier: app_commands.Range[int, -10, 20] = 0,
        encumbrance: app_commands.Range[int, 0, 4] = 0,
        combat_reflexes: bool = False,
        owner: discord.Member | None = None,
    ) -> None:
        guild_id = guild_of(interaction)
        _, owner_id = await self._new_owner(interaction, owner)
        sheet = quick_sheet(
            name,
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
            dr=dr,
            size_modifier=size_modifier,
            encumbrance=encumbrance,
            combat_reflexes=combat_reflexes,
        )
        record = await self.characters.create(guild_id, owner_id, sheet)
        await self._answer(interaction, record, "character.created")

    @character.command(
        name=_("show", key="character.cmd.show.name"),
        description=_(
            "Show a saved character's sheet and gear", key="character.cmd.show.description"
        ),
    )
    @app_commands.rename(name=_("name", key="character.cmd.target.name"))
    @app_commands.describe(name=_("Which character", key="character.cmd.target.description"))
    @app_commands.autocomplete(name=character_autocomplete)
    async def show(self, interaction: discord.Interaction[GurpsBot], name: str) -> None:
        record = await self._readable(interaction, name)
        locale = await self.bot.locale_for(interaction)
        embed = render_character(record, self.bot.messages, locale)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @character.command(
        name=_("list", key="character.cmd.list.name"),
        description=_("List this server's saved characters", key="character.cmd.list.description"),
    )
    @app_commands.rename(owner=_("owner", key="character.cmd.list.owner.name"))
    @app_commands.describe(
        owner=_("Only this player's characters", key="character.cmd.list.owner.description")
    )
    async def list_characters(
        self, interaction: discord.Interaction[GurpsBot], owner: discord.Member | None = None
    ) -> None:
        guild_id = guild_of(interaction)
        owner_id = owner.id if owner is not None else None
        records = await self.characters.in_guild(guild_id, owner_id=owner_id)
        total = await self.characters.count(guild_id, owner_id=owner_id)
        locale = await self.bot.locale_for(interaction)
        embed = render_character_list(records, total, self.bot.messages, locale)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @character.command(
        name=_("delete", key="character.cmd.delete.name"),
        description=_("Delete a saved character", key="character.cmd.delete.description"),
    )
    @app_commands.rename(name=_("name", key="character.cmd.target.name"))
    @app_commands.describe(name=_("Which character", key="character.cmd.target.description"))
    @app_commands.autocomplete(name=character_autocomplete)
    async def delete(self, interaction: discord.Interaction[GurpsBot], name: str) -> None:
        async with self._editing(interaction, name) as change:
            change.delete()
        locale = await self.bot.locale_for(interaction)
        await interaction.response.send_message(
            embed=render_deleted(change.record.name, self.bot.messages, locale)
        )

    @character.command(
        name=_("rename", key="character.cmd.rename.name"),
        description=_("Give a saved character a new name", key="character.cmd.rename.description"),
    )
    @app_commands.rename(
        name=_("name", key="character.cmd.target.name"),
        new_name=_("new-name", key="character.cmd.rename.new_name.name"),
    )
    @app_commands.describe(
        name=_("Which character", key="character.cmd.target.description"),
        new_name=_("The new name", key="character.cmd.rename.new_name.description"),
    )
    @app_commands.autocomplete(name=character_autocomplete)
    async def rename(
        self, interaction: discord.Interaction[GurpsBot], name: str, new_name: SheetName
    ) -> None:
        async with self._editing(interaction, name) as change:
            change.sheet = rename_sheet(change.sheet, new_name)
        assert change.saved is not None
        await self._answer(interaction, change.saved, "character.renamed", old=change.record.name)

    # ------------------------------------------------------------------ weapons

    @weapon.command(
        name=_("add", key="character.cmd.weapon.add.name"),
        description=_(
            "Give a saved character a weapon", key="character.cmd.weapon.add.description"
        ),
    )
    @app_commands.rename(
        name=_("name", key="character.cmd.weapon.name_option.name"),
    )
    @app_commands.describe(
        name=_("The weapon's name", key="character.cmd.weapon.name_option.description"),
    )
    @weapon_options
    @_which_character
    async def weapon_add(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        character: str,
        name: app_commands.Range[str, 1, 40],
        skill: app_commands.Range[int, 0, 40],
        damage: app_commands.Range[str, 1, 60],
        reach: app_commands.Range[str, 1, 12] = "1",
        parry: app_commands.Range[str, 1, 6] | None = None,
        flail: bool = False,
        knife: bool = False,
        two_handed: bool = False,
        thrown: bool = False,
        accuracy: app_commands.Range[int, 0, 30] = 0,
        snap_shot: app_commands.Range[int, 1, 40] | None = None,
        min_st: app_commands.Range[int, 0, 40] = 0,
        range_text: WeaponRangeText | None = None,
        launcher: app_commands.Choice[str] | None = None,
        natural: bool = False,
    ) -> None:
        weapon = build_weapon(
            name,
            skill=skill,
            damage=damage,
            reach=reach,
            parry=parry,
            flail=flail,
            knife=knife,
            two_handed=two_handed,
            thrown=thrown,
            accuracy=accuracy,
            snap_shot=snap_shot,
            min_st=min_st,
            range_text=range_text,
            launcher=launcher_of(launcher),
            natural=natural,
        )
        saved = await self._edit(interaction, character, lambda sheet: add_weapon(sheet, weapon))
        await self._answer(interaction, saved, "character.weapon_added", weapon=weapon.name)

    @weapon.command(
        name=_("remove", key="character.cmd.weapon.remove.name"),
        description=_(
            "Take a weapon off a saved character", key="character.cmd.weapon.remove.description"
        ),
    )
    @app_commands.rename(
        name=_("name", key="character.cmd.weapon.name_option.name"),
    )
    @app_commands.describe(
        name=_("The weapon's name", key="character.cmd.weapon.name_option.description"),
    )
    @_which_character
    async def weapon_remove(
        self, interaction: discord.Interaction[GurpsBot], character: str, name: str
    ) -> None:
        async with self._editing(interaction, character) as change:
            change.sheet, removed = remove_weapon(change.sheet, name)
        assert change.saved is not None
        await self._answer(
            interaction, change.saved, "character.weapon_removed", weapon=removed.name
        )

    @weapon_remove.autocomplete("name")
    async def weapon_name_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The chosen character's weapons."""
        character = getattr(interaction.namespace, "character", None)
        if interaction.guild_id is None or not character:
            return []
        record = await self.characters.get(interaction.guild_id, str(character))
        if record is None:
            return []
        wanted = current.casefold()
        return [
            app_commands.Choice(name=w.name, value=w.name)
            for w in record.sheet.weapons
            if wanted in w.name.casefold()
        ][:25]

    # ------------------------------------------------------------------ shield, armor

    @shield.command(
        name=_("set", key="character.cmd.shield.set.name"),
        description=_(
            "Ready a shield (replaces the one carried)", key="character.cmd.shield.set.description"
        ),
    )
    @app_commands.rename(
        skill=_("skill", key="character.cmd.shield.skill.name"),
        db=_("db", key="character.cmd.shield.db.name"),
        name=_("name", key="character.cmd.shield.name_option.name"),
        large=_("large", key="character.cmd.shield.large.name"),
    )
    @app_commands.describe(
        skill=_("Shield skill", key="character.cmd.shield.skill.description"),
        db=_("Defense Bonus (DB; the summary's DP, G3)", key="character.cmd.shield.db.description"),
        name=_(
            "What it is called (default: shield)",
            key="character.cmd.shield.name_option.description",
        ),
        large=_("A large shield", key="character.cmd.shield.large.description"),
    )
    @_which_character
    async def shield_set(  # noqa: PLR0917 - one parameter per slash-command option
        self,
        interaction: discord.Interaction[GurpsBot],
        character: str,
        skill: app_commands.Range[int, 0, 40],
        db: app_commands.Range[int, 0, 10],
        name: app_commands.Range[str, 1, 40] | None = None,
        large: bool = False,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        default = self.bot.messages.text("character.default_shield", locale)
        ready = Shield(name=(name or "").strip() or default, skill=skill, db=db, large=large)
        saved = await self._edit(interaction, character, lambda sheet: set_shield(sheet, ready))
        await self._answer(
            interaction, saved, "character.shield_set", locale=locale, shield=ready.name
        )

    @shield.command(
        name=_("remove", key="character.cmd.shield.remove.name"),
        description=_("Put the shield away", key="character.cmd.shield.remove.description"),
    )
    @_which_character
    async def shield_remove(
        self, interaction: discord.Interaction[GurpsBot], character: str
    ) -> None:
        async with self._editing(interaction, character) as change:
            if change.sheet.shield is None:
                raise UserFacingError("character.error.no_shield", name=change.record.name)
            change.sheet = set_shield(change.sheet, None)
        assert change.saved is not None
        await self._answer(interaction, change.saved, "character.shield_removed")

    @armor.command(
        name=_("set", key="character.cmd.armor.set.name"),
        description=_(
            "Set the DR at a hit location (or all)", key="character.cmd.armor.set.description"
        ),
    )
    @armor_options
    @_which_character
    async def armor_set(
        self,
        interaction: discord.Interaction[GurpsBot],
        character: str,
        location: app_commands.Choice[str],
        dr: app_commands.Range[int, 0, 200],
        flexible: bool = False,
    ) -> None:
        worn = worn_armor(dr, flexible=flexible)
        saved = await self._edit(
            interaction,
            character,
            lambda sheet: set_armor(sheet, location_of(location.value), worn),
        )
        await self._answer(interaction, saved, "character.armor_set")

    # ------------------------------------------------------------------ traits

    @trait.command(
        name=_("add", key="character.cmd.trait.add.name"),
        description=_(
            "Give a saved character a trait or skill", key="character.cmd.trait.add.description"
        ),
    )
    @app_commands.rename(
        trait=_("trait", key="character.cmd.trait.trait.name"),
        level=_("level", key="character.cmd.trait.level.name"),
    )
    @app_commands.describe(
        trait=_("The trait or skill", key="character.cmd.trait.trait.description"),
        level=_(
            "Level: a skill's (needed), or Hard to Kill's or Altered Time Rate's (default 1)",
            key="character.cmd.trait.level.description",
        ),
    )
    @_which_character
    async def trait_add(
        self,
        interaction: discord.Interaction[GurpsBot],
        character: str,
        trait: app_commands.Range[str, 1, 60],
        level: app_commands.Range[int, 1, 30] | None = None,
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        chosen = parse_trait(trait, self.bot.messages, locale)
        saved = await self._edit(
            interaction, character, lambda sheet: add_trait(sheet, chosen, level)
        )
        await self._answer_trait(interaction, saved, "character.trait_added", chosen)

    @trait_add.autocomplete("trait")
    async def any_trait_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """Every trait a sheet can take, skills included."""
        locale = await self.bot.locale_for(interaction)
        return trait_choices(SheetTrait, current, self.bot.messages, locale)

    @trait.command(
        name=_("remove", key="character.cmd.trait.remove.name"),
        description=_(
            "Take a trait or skill off a saved character",
            key="character.cmd.trait.remove.description",
        ),
    )
    @app_commands.rename(
        trait=_("trait", key="character.cmd.trait.trait.name"),
    )
    @app_commands.describe(
        trait=_("The trait or skill", key="character.cmd.trait.trait.description"),
    )
    @_which_character
    async def trait_remove(
        self,
        interaction: discord.Interaction[GurpsBot],
        character: str,
        trait: app_commands.Range[str, 1, 60],
    ) -> None:
        locale = await self.bot.locale_for(interaction)
        chosen = parse_trait(trait, self.bot.messages, locale)
        saved = await self._edit(interaction, character, lambda sheet: remove_trait(sheet, chosen))
        await self._answer_trait(interaction, saved, "character.trait_removed", chosen)

    @trait_remove.autocomplete("trait")
    async def own_trait_autocomplete(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The traits the chosen sheet has."""
        name = getattr(interaction.namespace, "character", None)
        if interaction.guild_id is None or not name:
            return []
        record = await self.characters.get(interaction.guild_id, str(name))
        if record is None:
            return []
        locale = await self.bot.locale_for(interaction)
        return trait_choices(sheet_traits(record.sheet), current, self.bot.messages, locale)

    # ------------------------------------------------------------------ export, import

    @character.command(
        name=_("export", key="character.cmd.export.name"),
        description=_(
            "Download a saved character as a JSON file", key="character.cmd.export.description"
        ),
    )
    @app_commands.rename(name=_("name", key="character.cmd.target.name"))
    @app_commands.describe(name=_("Which character", key="character.cmd.target.description"))
    @app_commands.autocomplete(name=character_autocomplete)
    async def export(self, interaction: discord.Interaction[GurpsBot], name: str) -> None:
        record = await self._readable(interaction, name)
        locale = await self.bot.locale_for(interaction)
        data = export_sheet(record.sheet).encode("utf-8")
        await interaction.response.send_message(
            embed=render_exported(record.name, self.bot.messages, locale),
            file=discord.File(io.BytesIO(data), filename=export_filename(record.name)),
            ephemeral=True,
        )

    @character.command(
        name=_("import", key="character.cmd.import.name"),
        description=_(
            "Save a character from a JSON file (as /character export makes)",
            key="character.cmd.import.description",
        ),
    )
    @app_commands.rename(
        file=_("file", key="character.cmd.import.file.name"),
        owner=_("owner", key="character.cmd.import.owner.name"),
        replace=_("replace", key="character.cmd.import.replace.name"),
    )
    @app_commands.describe(
        file=_("The character's .json file", key="character.cmd.import.file.description"),
        owner=_(
            "The player it belongs to (GMs only; default: you)",
            key="character.cmd.import.owner.description",
        ),
        replace=_(
            "Overwrite a saved character of the same name",
            key="character.cmd.import.replace.description",
        ),
    )
    async def import_(
        self,
        interaction: discord.Interaction[GurpsBot],
        file: discord.Attachment,
        owner: discord.Member | None = None,
        replace: bool = False,
    ) -> None:
        guild_id = guild_of(interaction)
        authority, owner_id = await self._new_owner(interaction, owner)
        if file.size > MAX_IMPORT_BYTES:
            raise UserFacingError(
                "character.import_too_large", size=file.size, maximum=MAX_IMPORT_BYTES
            )
        try:
            sheet = import_sheet(parse_sheet_json(await file.read()))
        except SheetInvalidError as invalid:
            locale = await self.bot.locale_for(interaction)
            embed = render_import_problems(invalid.problems, self.bot.messages, locale)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return

        def may_replace(existing: CharacterRecord) -> None:
            authority.ensure_can_edit(existing.owner_id, existing.name)

        record = await self.characters.create(
            guild_id, owner_id, sheet, replace=may_replace if replace else None
        )
        await self._answer(interaction, record, "character.imported")


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(CharacterCog(bot))
