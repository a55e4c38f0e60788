"""``/character``: saved sheets, import and export; their gear, traits and skills.

A sheet belongs to a guild and to the player who made it (or to whom a GM made
it for). Its owner and the guild's GMs may change it; anyone else is refused.
``/combatant add character:`` brings it into a fight. The ``weapon``, ``shield``,
``armor``, ``trait`` and ``skill`` subcommands are the ones ``/combatant`` has
(:mod:`cogs._gear`).
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import PurePath

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
    render_import_notes,
    render_import_problems,
)
from bot.storage.character import CharacterChange, CharacterRecord, CharacterRepository
from cogs._autocomplete import character_autocomplete
from cogs._gear import SavedSheets, add_gear_commands, sheet_options
from cogs._shared import guild_of
from rules.character import (
    MAX_IMPORT_BYTES,
    SheetInvalidError,
    export_sheet,
    import_sheet,
    parse_sheet_json,
    rename_sheet,
)
from rules.encounter import quick_sheet
from rules.gcs import ImportedSheet, import_gcs, is_gcs

Attribute = app_commands.Range[int, 1, 40]
SheetName = app_commands.Range[str, 1, 80]
_UNSAFE_FILENAME = re.compile(r"[^\w.-]+")


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
        context = await self.bot.context_for(interaction)
        locale = locale or context.locale
        headline = self.bot.messages.text(headline_key, locale, name=record.name, **params)
        embed = render_character(
            record, self.bot.messages, locale, headline=headline, options=context.options
        )
        await interaction.response.send_message(embed=embed, ephemeral=ephemeral)

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
        context = await self.bot.context_for(interaction)
        embed = render_character(record, self.bot.messages, context.locale, options=context.options)
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
            "Save a character from a GCS file or a JSON file from /character export",
            key="character.cmd.import.description",
        ),
    )
    @app_commands.rename(
        file=_("file", key="character.cmd.import.file.name"),
        owner=_("owner", key="character.cmd.import.owner.name"),
    )
    @app_commands.describe(
        file=_(
            "The character's .gcs file (GCS) or .json file",
            key="character.cmd.import.file.description",
        ),
        owner=_(
            "The player it belongs to (GMs only; default: you, or its owner)",
            key="character.cmd.import.owner.description",
        ),
    )
    async def import_(
        self,
        interaction: discord.Interaction[GurpsBot],
        file: discord.Attachment,
        owner: discord.Member | None = None,
    ) -> None:
        guild_id = guild_of(interaction)
        authority, owner_id = await self._new_owner(interaction, owner)
        if file.size > MAX_IMPORT_BYTES:
            raise UserFacingError(
                "character.import_too_large", size=file.size, maximum=MAX_IMPORT_BYTES
            )
        raw = await file.read()
        try:
            read = await asyncio.to_thread(_read_sheet, raw, file.filename)
        except SheetInvalidError as invalid:
            locale = await self.bot.locale_for(interaction)
            embed = render_import_problems(invalid.problems, self.bot.messages, locale)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        replaced: list[CharacterRecord] = []

        def may_replace(existing: CharacterRecord) -> None:
            """Importing a sheet again updates it: its owner or a GM may; its owner stays."""
            authority.ensure_can_edit(existing.owner_id, existing.name)
            replaced.append(existing)

        record = await self.characters.create(
            guild_id, owner_id, read.sheet, replace=may_replace, keep_owner=owner is None
        )
        context = await self.bot.context_for(interaction)
        locale = context.locale
        headline = self.bot.messages.text(
            "character.reimported" if replaced else "character.imported",
            locale,
            name=record.name,
        )
        embed = render_character(
            record, self.bot.messages, locale, headline=headline, options=context.options
        )
        notes = render_import_notes(read, self.bot.messages, locale)
        if notes:
            embed.description = f"{embed.description}\n{notes}"
        await interaction.response.send_message(embed=embed)


def _read_sheet(raw: bytes, filename: str) -> ImportedSheet:
    """The sheet in an uploaded file: a GCS character file or the bot's own JSON sheet,
    told apart by their content (a GCS file has a version number)."""
    data = parse_sheet_json(raw)
    if is_gcs(data):
        return import_gcs(data, fallback_name=PurePath(filename).stem)
    return ImportedSheet(import_sheet(data))


add_gear_commands(CharacterCog.character, SavedSheets())


async def setup(bot: GurpsBot) -> None:
    await bot.add_cog(CharacterCog(bot))
