"""One set of gear commands for every sheet: saved (``/character``) or in a fight (``/combatant``).

``weapon add|remove``, ``shield set|remove``, ``armor set``, ``trait add|remove`` and
``skill add|remove`` take the same options and run the same code whether the sheet is
a saved character or a fighter of this channel's encounter. What differs is where the
sheet lives, who may change it and how the change is answered: a :class:`SheetPlace`
(:class:`SavedSheets`, :class:`FightSheets`). A cog adds the commands to its group::

    add_gear_commands(CharacterCog.character, SavedSheets())

The quick-sheet stats ``/character create`` and ``/combatant add`` share are here too
(:func:`sheet_options`).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable
from typing import Literal, TypeVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.client import GurpsBot
from bot.errors import UserFacingError
from bot.i18n import SUPPORTED_LOCALES, Messages
from bot.permissions import CharacterAuthority, EncounterAuthority
from bot.render.character import render_character, render_gear, render_traits, trait_name
from bot.render.common import skill_label, skill_name
from bot.storage.character import CharacterRepository
from bot.storage.encounter import EncounterRepository
from cogs._autocomplete import text_choice
from cogs._shared import catalog_choices, channel_of, guild_of
from rules.character import (
    SheetTrait,
    add_skill,
    add_trait,
    add_weapon,
    build_weapon,
    remove_skill,
    remove_trait,
    remove_weapon,
    set_armor,
    set_shield,
    sheet_traits,
    split_skill,
)
from rules.combatant import (
    MAX_SKILL_LABEL,
    SKILL_ATTRIBUTES,
    Armor,
    Combatant,
    HitLocation,
    Shield,
    skill_key,
)
from rules.editing import SheetChange, edit_sheet
from rules.errors import RuleError

__all__ = [
    "ALL_LOCATIONS",
    "RULE_SKILLS",
    "Edit",
    "FightSheets",
    "SavedSheets",
    "SheetPlace",
    "add_gear_commands",
    "parse_skill_name",
    "parse_trait",
    "sheet_options",
    "skill_choices",
    "trait_choices",
]

T = TypeVar("T")
Edit = SheetChange
"""A change to a sheet: the new sheet and what the answer's headline (and the log) says."""

ALL_LOCATIONS = "all"
"""The ``location`` choice that sets the same DR everywhere."""

LOCATION_CHOICES = catalog_choices(
    "character.location", [ALL_LOCATIONS, *(loc.value for loc in HitLocation)]
)
ATTRIBUTE_CHOICES = catalog_choices("gear.attribute", sorted(SKILL_ATTRIBUTES))

MAX_CHOICES = 25
RULE_SKILLS = ("acrobatics", "jumping", "judo", "karate", "brawling", "fast_draw")
"""The skills the combat rules read (R5.18, R5.22, R5.26, R6.4, R7.12, R7.14, R11.12), offered
by name in the reader's language when a skill is added."""

WeaponName = app_commands.Range[str, 1, 40]
Level = app_commands.Range[int, 0, 99]
Text = app_commands.Range[str, 1, 60]
TableText = app_commands.Range[str, 1, 20]
SkillLabel = app_commands.Range[str, 1, MAX_SKILL_LABEL]
"""A skill of the sheet, typed as its label: ``Fast-Draw (Arrow)``."""
LAUNCHER_CHOICES = catalog_choices("ranged.launcher", ["bow", "crossbow"])


def launcher_of(chosen: app_commands.Choice[str] | None) -> Literal["bow", "crossbow"] | None:
    """The ``launcher`` choice as the sheet keeps it."""
    if chosen is None:
        return None
    return "bow" if chosen.value == "bow" else "crossbow"


# --------------------------------------------------------------------------- names


def parse_trait(text: str, messages: Messages, locale: str) -> SheetTrait:
    """The trait a ``trait`` option names: its value (what autocomplete sends) or its name in
    any language, ignoring case; anything else is refused with the list of traits."""
    wanted = text.strip().casefold()
    for trait in SheetTrait:
        names = {trait.value, trait.value.replace("_", " ")}
        names.update(trait_name(trait, messages, each).casefold() for each in SUPPORTED_LOCALES)
        if wanted in names:
            return trait
    raise UserFacingError(
        "character.error.unknown_trait",
        trait=text,
        traits=", ".join(trait_name(t, messages, locale) for t in SheetTrait),
    )


def trait_choices(
    traits: Iterable[SheetTrait], current: str, messages: Messages, locale: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete for a ``trait`` option: the traits whose name contains ``current``.

    Offered while typing rather than as fixed choices, which would spend much of a
    command's 8000 characters.
    """
    wanted = current.strip().casefold()
    found = []
    for trait in traits:
        label = trait_name(trait, messages, locale)
        if wanted in label.casefold() or wanted in trait.value:
            found.append(app_commands.Choice(name=label, value=trait.value))
    return found[:MAX_CHOICES]


def parse_skill_name(text: str, messages: Messages) -> str:
    """A skill's name as the sheet keeps it: the combat rules' skills by their Basic Set name
    whatever the language typed in (``Saque Rápido (Flecha)`` → ``Fast-Draw (Arrow)``), any
    other as typed."""
    name, specialization = split_skill(text)
    wanted = skill_key(name)
    for skill in RULE_SKILLS:
        names = {skill_key(skill)}
        names.update(
            skill_key(messages.text(f"character.skill.{skill}", each)) for each in SUPPORTED_LOCALES
        )
        if wanted in names:
            name = messages.text(f"character.skill.{skill}", "en")
            break
    return f"{name} ({specialization})" if specialization else name


def skill_choices(
    sheet: Combatant | None, current: str, messages: Messages, locale: str
) -> list[app_commands.Choice[str]]:
    """The sheet's skills containing ``current`` (by name in the reader's language), each
    sent back as ``Name (Specialization)``; without a sheet, the combat rules' skills."""
    wanted = current.strip().casefold()
    if sheet is None:
        names = [(skill_name(skill, messages, locale), skill) for skill in RULE_SKILLS]
        return [
            app_commands.Choice(name=label, value=label)
            for label, _ in names
            if wanted in label.casefold()
        ][:MAX_CHOICES]
    found = []
    for skill in sorted(sheet.skills, key=lambda s: s.label.casefold()):
        label = skill_label(skill, messages, locale)
        matches = wanted in label.casefold() or wanted in skill.label.casefold()
        if matches and (choice := text_choice(f"{label} {skill.level}", skill.label)):
            found.append(choice)
    return found[:MAX_CHOICES]


# --------------------------------------------------------------------------- where sheets live


class SheetPlace(abc.ABC):
    """Where the sheets a set of gear commands edits live, and who may change them.

    ``which`` is the option naming the sheet: its parameter name and its catalog keys.
    """

    which_name: str
    which_key: str

    @abc.abstractmethod
    async def apply(
        self,
        interaction: discord.Interaction[GurpsBot],
        which: str,
        action: str,
        headline_key: str,
        edit: Edit,
        *,
        traits: bool = False,
        **detail: object,
    ) -> None:
        """Authorize, apply ``edit`` to the sheet ``which`` in one transaction and answer
        with ``headline_key`` (given the edit's parameters); ``traits`` answers with the
        sheet's numbers and traits rather than its gear. ``detail`` goes to the log."""

    @abc.abstractmethod
    async def sheet(
        self, interaction: discord.Interaction[GurpsBot], which: str
    ) -> Combatant | None:
        """The sheet ``which`` names, for autocomplete (``None`` when there is none)."""

    @abc.abstractmethod
    async def names(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete for the ``which`` option."""


class SavedSheets(SheetPlace):
    """The guild's saved characters: their owner or a GM changes them (``/character``)."""

    which_name = "character"
    which_key = "character.cmd.which"

    async def apply(
        self,
        interaction: discord.Interaction[GurpsBot],
        which: str,
        action: str,
        headline_key: str,
        edit: Edit,
        *,
        traits: bool = False,
        **detail: object,
    ) -> None:
        bot = interaction.client
        authority = await CharacterAuthority.of(interaction)
        async with CharacterRepository(bot.database).edit(guild_of(interaction), which) as change:
            authority.ensure_can_edit(change.record.owner_id, change.record.name)
            change.sheet, params = edit(change.sheet)
        assert change.saved is not None
        context = await bot.context_for(interaction)
        locale = context.locale
        headline = bot.messages.text(headline_key, locale, name=change.saved.name, **params)
        embed = render_character(
            change.saved, bot.messages, locale, headline=headline, options=context.options
        )
        await interaction.response.send_message(embed=embed)

    async def sheet(
        self, interaction: discord.Interaction[GurpsBot], which: str
    ) -> Combatant | None:
        if interaction.guild_id is None or not which:
            return None
        record = await CharacterRepository(interaction.client.database).get(
            interaction.guild_id, which
        )
        return None if record is None else record.sheet

    async def names(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        repository = CharacterRepository(interaction.client.database)
        found = await repository.choices(interaction.guild_id, current, limit=MAX_CHOICES)
        return [app_commands.Choice(name=name, value=name) for name in found]


class FightSheets(SheetPlace):
    """The fighters of this channel's encounter: its GM changes them (``/combatant``), each
    change one logged, undoable step."""

    which_name = "name"
    which_key = "combatant.cmd.target"

    async def apply(
        self,
        interaction: discord.Interaction[GurpsBot],
        which: str,
        action: str,
        headline_key: str,
        edit: Edit,
        *,
        traits: bool = False,
        **detail: object,
    ) -> None:
        bot = interaction.client
        authority = await EncounterAuthority.of(interaction)
        locale = await bot.locale_for(interaction)
        encounters = EncounterRepository(bot.database)
        async with encounters.change(
            channel_of(interaction), interaction.user.id, action
        ) as change:
            authority.ensure_gm(change.encounter.gm_id)
            edited = edit_sheet(
                change.encounter, change.encounter.find(which).combatant_id, edit, **detail
            )
            change.encounter = edited.encounter
            change.detail = edited.detail()
        headline = bot.messages.text(headline_key, locale, name=edited.name, **edited.said)
        render = render_traits if traits else render_gear
        embed = render(edited.name, edited.sheet, bot.messages, locale, headline=headline)
        await interaction.response.send_message(embed=embed)

    async def sheet(
        self, interaction: discord.Interaction[GurpsBot], which: str
    ) -> Combatant | None:
        if interaction.channel_id is None or not which:
            return None
        record = await EncounterRepository(interaction.client.database).active(
            interaction.channel_id
        )
        if record is None:
            return None
        try:
            return record.encounter.find(which).combatant
        except RuleError:
            return None

    async def names(
        self, interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        repository = EncounterRepository(interaction.client.database)
        found = await repository.combatant_choices(
            interaction.channel_id, current, limit=MAX_CHOICES
        )
        return [app_commands.Choice(name=name, value=name) for _, name in found]


# --------------------------------------------------------------------------- options


def sheet_options(func: T) -> T:
    """Names and descriptions of the quick-sheet stats both sheet-building commands take."""
    renamed: Callable[[T], T] = app_commands.rename(
        st=_("st", key="combatant.cmd.add.st.name"),
        dx=_("dx", key="combatant.cmd.add.dx.name"),
        iq=_("iq", key="combatant.cmd.add.iq.name"),
        ht=_("ht", key="combatant.cmd.add.ht.name"),
        hp=_("hp", key="combatant.cmd.add.hp.name"),
        fp=_("fp", key="combatant.cmd.add.fp.name"),
        will=_("will", key="combatant.cmd.add.will.name"),
        per=_("per", key="combatant.cmd.add.per.name"),
        basic_speed=_("basic-speed", key="combatant.cmd.add.basic_speed.name"),
        move=_("move", key="combatant.cmd.add.move.name"),
        dodge=_("dodge", key="combatant.cmd.add.dodge.name"),
        dr=_("dr", key="combatant.cmd.add.dr.name"),
        size_modifier=_("size-modifier", key="combatant.cmd.add.size_modifier.name"),
        encumbrance=_("encumbrance", key="combatant.cmd.add.encumbrance.name"),
        combat_reflexes=_("combat-reflexes", key="combatant.cmd.add.combat_reflexes.name"),
    )
    described: Callable[[T], T] = app_commands.describe(
        st=_("Strength", key="combatant.cmd.add.st.description"),
        dx=_("Dexterity", key="combatant.cmd.add.dx.description"),
        iq=_("Intelligence", key="combatant.cmd.add.iq.description"),
        ht=_("Health", key="combatant.cmd.add.ht.description"),
        hp=_("Hit Points (default ST)", key="combatant.cmd.add.hp.description"),
        fp=_("Fatigue Points (default HT)", key="combatant.cmd.add.fp.description"),
        will=_("Will (default IQ)", key="combatant.cmd.add.will.description"),
        per=_("Perception (default IQ)", key="combatant.cmd.add.per.description"),
        basic_speed=_(
            "Basic Speed (default (DX+HT)/4)", key="combatant.cmd.add.basic_speed.description"
        ),
        move=_(
            "Basic Move (default Basic Speed, rounded down)",
            key="combatant.cmd.add.move.description",
        ),
        dodge=_("Dodge (default Basic Speed + 3)", key="combatant.cmd.add.dodge.description"),
        dr=_("Damage Resistance everywhere", key="combatant.cmd.add.dr.description"),
        size_modifier=_("Size Modifier", key="combatant.cmd.add.size_modifier.description"),
        encumbrance=_("Encumbrance level 0-4", key="combatant.cmd.add.encumbrance.description"),
        combat_reflexes=_(
            "Has Combat Reflexes", key="combatant.cmd.add.combat_reflexes.description"
        ),
    )
    return described(renamed(func))


def _weapon_options(func: T) -> T:
    """Names and descriptions of the weapon options (the callback's parameters share them)."""
    renamed: Callable[[T], T] = app_commands.rename(
        weapon=_("weapon", key="gear.cmd.weapon.weapon.name"),
        skill=_("skill", key="gear.cmd.weapon.skill.name"),
        damage=_("damage", key="gear.cmd.weapon.damage.name"),
        reach=_("reach", key="gear.cmd.weapon.reach.name"),
        parry=_("parry", key="gear.cmd.weapon.parry.name"),
        flail=_("flail", key="gear.cmd.weapon.flail.name"),
        knife=_("knife", key="gear.cmd.weapon.knife.name"),
        two_handed=_("two-handed", key="gear.cmd.weapon.two_handed.name"),
        thrown=_("thrown", key="gear.cmd.weapon.thrown.name"),
        accuracy=_("accuracy", key="gear.cmd.weapon.accuracy.name"),
        snap_shot=_("snap-shot", key="gear.cmd.weapon.snap_shot.name"),
        min_st=_("min-st", key="gear.cmd.weapon.min_st.name"),
        range=_("range", key="gear.cmd.weapon.range.name"),
        rate_of_fire=_("rof", key="gear.cmd.weapon.rate_of_fire.name"),
        shots=_("shots", key="gear.cmd.weapon.shots.name"),
        bulk=_("bulk", key="gear.cmd.weapon.bulk.name"),
        recoil=_("recoil", key="gear.cmd.weapon.recoil.name"),
        launcher=_("launcher", key="ranged.cmd.weapon_launcher.name"),
        natural=_("natural", key="close.cmd.weapon_natural.name"),
    )
    described: Callable[[T], T] = app_commands.describe(
        weapon=_("The weapon's name", key="gear.cmd.weapon.weapon.description"),
        skill=_("Skill level with it", key="gear.cmd.weapon.skill.description"),
        damage=_("Damage: sw+2 cut, thr+1 imp, 1d+1 pi", key="gear.cmd.weapon.damage.description"),
        reach=_("Reach: C, 1, 1,2 … (default 1)", key="gear.cmd.weapon.reach.description"),
        parry=_("Parry: 0, -1, 0F, 0U or No", key="gear.cmd.weapon.parry.description"),
        flail=_("A flail (R6.7)", key="gear.cmd.weapon.flail.description"),
        knife=_("A knife (R6.7)", key="gear.cmd.weapon.knife.description"),
        two_handed=_("Needs both hands", key="gear.cmd.weapon.two_handed.description"),
        thrown=_("A thrown weapon", key="gear.cmd.weapon.thrown.description"),
        accuracy=_("Accuracy (Acc)", key="gear.cmd.weapon.accuracy.description"),
        snap_shot=_("Snap Shot number (TR, G4)", key="gear.cmd.weapon.snap_shot.description"),
        min_st=_("Minimum ST", key="gear.cmd.weapon.min_st.description"),
        range=_("Range: 100/150, x10/x15", key="gear.cmd.weapon.range.description"),
        rate_of_fire=_("Rate of fire (RoF)", key="gear.cmd.weapon.rate_of_fire.description"),
        shots=_("Shots: 1(2), 30(3)", key="gear.cmd.weapon.shots.description"),
        bulk=_("Bulk", key="gear.cmd.weapon.bulk.description"),
        recoil=_("Recoil (Rcl)", key="gear.cmd.weapon.recoil.description"),
        launcher=_(
            "A bow or a crossbow: firing while moving and pop-up attacks (R12.10, R12.7)",
            key="ranged.cmd.weapon_launcher.description",
        ),
        natural=_(
            "Fists, kicks, claws or fangs: no -2 in close combat (R11.6)",
            key="close.cmd.weapon_natural.description",
        ),
    )
    chosen: Callable[[T], T] = app_commands.choices(launcher=LAUNCHER_CHOICES)
    return chosen(described(renamed(func)))


def _armor_options(func: T) -> T:
    """Names, descriptions and choices of ``location``, ``dr`` and ``flexible``."""
    renamed: Callable[[T], T] = app_commands.rename(
        location=_("location", key="gear.cmd.armor.location.name"),
        dr=_("dr", key="gear.cmd.armor.dr.name"),
        flexible=_("flexible", key="gear.cmd.armor.flexible.name"),
    )
    described: Callable[[T], T] = app_commands.describe(
        location=_(
            "Hit location, or all for the same DR everywhere",
            key="gear.cmd.armor.location.description",
        ),
        dr=_("Damage Resistance there", key="gear.cmd.armor.dr.description"),
        flexible=_(
            "Flexible armor (blunt trauma, R7.15) instead of rigid",
            key="gear.cmd.armor.flexible.description",
        ),
    )
    chosen: Callable[[T], T] = app_commands.choices(location=LOCATION_CHOICES)
    return chosen(described(renamed(func)))


# --------------------------------------------------------------------------- the commands


def add_gear_commands(parent: app_commands.Group, place: SheetPlace) -> None:
    """Add ``weapon``, ``shield``, ``armor``, ``trait`` and ``skill`` to ``parent``, editing
    the sheets ``place`` holds."""

    def which(func: T) -> T:
        """The option naming the sheet, completed from the place's sheets as it is typed."""
        renamed: Callable[[T], T] = app_commands.rename(
            which=_(place.which_name, key=f"{place.which_key}.name")
        )
        described: Callable[[T], T] = app_commands.describe(
            which=_("Which sheet", key=f"{place.which_key}.description")
        )
        completed: Callable[[T], T] = app_commands.autocomplete(which=which_names)
        return completed(described(renamed(func)))

    async def which_names(
        interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        return await place.names(interaction, current)

    async def chosen_sheet(interaction: discord.Interaction[GurpsBot]) -> Combatant | None:
        chosen = getattr(interaction.namespace, place.which_name, None)
        return await place.sheet(interaction, str(chosen or ""))

    async def weapon_names(
        interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        sheet = await chosen_sheet(interaction)
        wanted = current.strip().casefold()
        return [
            app_commands.Choice(name=w.name, value=w.name)
            for w in (sheet.weapons if sheet else ())
            if wanted in w.name.casefold()
        ][:MAX_CHOICES]

    async def any_trait(
        interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        locale = await interaction.client.locale_for(interaction)
        return trait_choices(SheetTrait, current, interaction.client.messages, locale)

    async def own_traits(
        interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        sheet = await chosen_sheet(interaction)
        if sheet is None:
            return []
        locale = await interaction.client.locale_for(interaction)
        return trait_choices(sheet_traits(sheet), current, interaction.client.messages, locale)

    async def new_skill(
        interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        locale = await interaction.client.locale_for(interaction)
        return skill_choices(None, current, interaction.client.messages, locale)

    async def own_skills(
        interaction: discord.Interaction[GurpsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        sheet = await chosen_sheet(interaction)
        if sheet is None:
            return []
        locale = await interaction.client.locale_for(interaction)
        return skill_choices(sheet, current, interaction.client.messages, locale)

    class WeaponGroup(
        app_commands.Group,
        name=_("weapon", key="gear.cmd.weapon.name"),
        description=_("Weapons on the sheet", key="gear.cmd.weapon.description"),
    ):
        @app_commands.command(
            name=_("add", key="gear.cmd.weapon.add.name"),
            description=_("Give a weapon", key="gear.cmd.weapon.add.description"),
        )
        @_weapon_options
        @which
        async def add(  # noqa: PLR0917 - one parameter per slash-command option
            self,
            interaction: discord.Interaction[GurpsBot],
            which: str,
            weapon: WeaponName,
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
            range: TableText | None = None,
            rate_of_fire: TableText | None = None,
            shots: TableText | None = None,
            bulk: app_commands.Range[int, -20, 0] | None = None,
            recoil: TableText | None = None,
            launcher: app_commands.Choice[str] | None = None,
            natural: bool = False,
        ) -> None:
            ready = build_weapon(
                weapon,
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
                range=range or "",
                rate_of_fire=rate_of_fire or "",
                shots=shots or "",
                bulk=bulk,
                recoil=recoil or "",
                launcher=launcher_of(launcher),
                natural=natural,
            )
            await place.apply(
                interaction,
                which,
                "weapon",
                "gear.weapon_added",
                lambda sheet: (add_weapon(sheet, ready), {"weapon": ready.name}),
                added=True,
            )

        @app_commands.command(
            name=_("remove", key="gear.cmd.weapon.remove.name"),
            description=_("Take a weapon away", key="gear.cmd.weapon.remove.description"),
        )
        @app_commands.rename(weapon=_("weapon", key="gear.cmd.weapon.weapon.name"))
        @app_commands.describe(
            weapon=_("The weapon's name", key="gear.cmd.weapon.weapon.description")
        )
        @app_commands.autocomplete(weapon=weapon_names)
        @which
        async def remove(
            self, interaction: discord.Interaction[GurpsBot], which: str, weapon: str
        ) -> None:
            def take_off(sheet: Combatant) -> tuple[Combatant, dict[str, object]]:
                sheet, removed = remove_weapon(sheet, weapon)
                return sheet, {"weapon": removed.name}

            await place.apply(
                interaction, which, "weapon", "gear.weapon_removed", take_off, added=False
            )

    class ShieldGroup(
        app_commands.Group,
        name=_("shield", key="gear.cmd.shield.name"),
        description=_("The shield on the sheet", key="gear.cmd.shield.description"),
    ):
        @app_commands.command(
            name=_("set", key="gear.cmd.shield.set.name"),
            description=_(
                "Ready a shield (replaces the one carried)", key="gear.cmd.shield.set.description"
            ),
        )
        @app_commands.rename(
            skill=_("skill", key="gear.cmd.shield.skill.name"),
            db=_("db", key="gear.cmd.shield.db.name"),
            shield=_("shield", key="gear.cmd.shield.shield.name"),
            large=_("large", key="gear.cmd.shield.large.name"),
        )
        @app_commands.describe(
            skill=_("Shield skill", key="gear.cmd.shield.skill.description"),
            db=_("Defense Bonus (DB; the summary's DP, G3)", key="gear.cmd.shield.db.description"),
            shield=_(
                "What it is called (default: shield)", key="gear.cmd.shield.shield.description"
            ),
            large=_("A large shield", key="gear.cmd.shield.large.description"),
        )
        @which
        async def set_(  # noqa: PLR0917 - one parameter per slash-command option
            self,
            interaction: discord.Interaction[GurpsBot],
            which: str,
            skill: app_commands.Range[int, 0, 40],
            db: app_commands.Range[int, 0, 10],
            shield: WeaponName | None = None,
            large: bool = False,
        ) -> None:
            bot = interaction.client
            locale = await bot.locale_for(interaction)
            default = bot.messages.text("character.default_shield", locale)
            ready = Shield(name=(shield or "").strip() or default, skill=skill, db=db, large=large)
            await place.apply(
                interaction,
                which,
                "shield",
                "gear.shield_set",
                lambda sheet: (set_shield(sheet, ready), {"shield": ready.name}),
            )

        @app_commands.command(
            name=_("remove", key="gear.cmd.shield.remove.name"),
            description=_("Put the shield away", key="gear.cmd.shield.remove.description"),
        )
        @which
        async def remove(self, interaction: discord.Interaction[GurpsBot], which: str) -> None:
            def put_away(sheet: Combatant) -> tuple[Combatant, dict[str, object]]:
                if sheet.shield is None:
                    raise UserFacingError("character.error.no_shield", name=sheet.name)
                return set_shield(sheet, None), {"shield": sheet.shield.name}

            await place.apply(interaction, which, "shield", "gear.shield_removed", put_away)

    class ArmorGroup(
        app_commands.Group,
        name=_("armor", key="gear.cmd.armor.name"),
        description=_("Armor by hit location", key="gear.cmd.armor.description"),
    ):
        @app_commands.command(
            name=_("set", key="gear.cmd.armor.set.name"),
            description=_(
                "Set the DR at a hit location (or all)", key="gear.cmd.armor.set.description"
            ),
        )
        @_armor_options
        @which
        async def set_(
            self,
            interaction: discord.Interaction[GurpsBot],
            which: str,
            location: app_commands.Choice[str],
            dr: app_commands.Range[int, 0, 200],
            flexible: bool = False,
        ) -> None:
            worn = Armor(flexible=dr) if flexible else Armor(rigid=dr)
            where = None if location.value == ALL_LOCATIONS else HitLocation(location.value)
            await place.apply(
                interaction,
                which,
                "armor",
                "gear.armor_set",
                lambda sheet: (set_armor(sheet, where, worn), {}),
                location=location.value,
                dr=dr,
            )

    class TraitGroup(
        app_commands.Group,
        name=_("trait", key="gear.cmd.trait.name"),
        description=_("Traits on the sheet", key="gear.cmd.trait.description"),
    ):
        @app_commands.command(
            name=_("add", key="gear.cmd.trait.add.name"),
            description=_("Give a trait", key="gear.cmd.trait.add.description"),
        )
        @app_commands.rename(
            trait=_("trait", key="gear.cmd.trait.trait.name"),
            level=_("level", key="gear.cmd.trait.level.name"),
        )
        @app_commands.describe(
            trait=_("The trait", key="gear.cmd.trait.trait.description"),
            level=_(
                "Level of Hard to Kill, Altered Time Rate or an Acute Sense (default 1)",
                key="gear.cmd.trait.level.description",
            ),
        )
        @app_commands.autocomplete(trait=any_trait)
        @which
        async def add(
            self,
            interaction: discord.Interaction[GurpsBot],
            which: str,
            trait: Text,
            level: app_commands.Range[int, 1, 30] | None = None,
        ) -> None:
            bot = interaction.client
            locale = await bot.locale_for(interaction)
            chosen = parse_trait(trait, bot.messages, locale)
            label = trait_name(chosen, bot.messages, locale)
            await place.apply(
                interaction,
                which,
                "trait",
                "gear.trait_added",
                lambda sheet: (add_trait(sheet, chosen, level), {"trait": label}),
                traits=True,
                added=chosen.value,
            )

        @app_commands.command(
            name=_("remove", key="gear.cmd.trait.remove.name"),
            description=_("Take a trait away", key="gear.cmd.trait.remove.description"),
        )
        @app_commands.rename(trait=_("trait", key="gear.cmd.trait.trait.name"))
        @app_commands.describe(trait=_("The trait", key="gear.cmd.trait.trait.description"))
        @app_commands.autocomplete(trait=own_traits)
        @which
        async def remove(
            self, interaction: discord.Interaction[GurpsBot], which: str, trait: Text
        ) -> None:
            bot = interaction.client
            locale = await bot.locale_for(interaction)
            chosen = parse_trait(trait, bot.messages, locale)
            label = trait_name(chosen, bot.messages, locale)
            await place.apply(
                interaction,
                which,
                "trait",
                "gear.trait_removed",
                lambda sheet: (remove_trait(sheet, chosen), {"trait": label}),
                traits=True,
                removed=chosen.value,
            )

    class SkillGroup(
        app_commands.Group,
        name=_("skill", key="gear.cmd.skill.name"),
        description=_("Skills on the sheet", key="gear.cmd.skill.description"),
    ):
        @app_commands.command(
            name=_("add", key="gear.cmd.skill.add.name"),
            description=_(
                "Give a skill at its level (or change its level)",
                key="gear.cmd.skill.add.description",
            ),
        )
        @app_commands.rename(
            skill=_("skill", key="gear.cmd.skill.skill.name"),
            level=_("level", key="gear.cmd.skill.level.name"),
            specialization=_("specialization", key="gear.cmd.skill.specialization.name"),
            attribute=_("attribute", key="gear.cmd.skill.attribute.name"),
        )
        @app_commands.describe(
            skill=_(
                "The skill, e.g. Stealth or Fast-Draw (Arrow)",
                key="gear.cmd.skill.skill.description",
            ),
            level=_("The level rolled against", key="gear.cmd.skill.level.description"),
            specialization=_(
                "Its specialization, if any", key="gear.cmd.skill.specialization.description"
            ),
            attribute=_(
                "The attribute it is based on (shock, R7.6)",
                key="gear.cmd.skill.attribute.description",
            ),
        )
        @app_commands.choices(attribute=ATTRIBUTE_CHOICES)
        @app_commands.autocomplete(skill=new_skill)
        @which
        async def add(  # noqa: PLR0917 - one parameter per slash-command option
            self,
            interaction: discord.Interaction[GurpsBot],
            which: str,
            skill: Text,
            level: Level,
            specialization: Text | None = None,
            attribute: app_commands.Choice[str] | None = None,
        ) -> None:
            name = parse_skill_name(skill, interaction.client.messages)
            based = None if attribute is None else attribute.value

            def learn(sheet: Combatant) -> tuple[Combatant, dict[str, object]]:
                sheet, added = add_skill(
                    sheet, name, level, specialization=specialization or "", attribute=based
                )
                return sheet, {"skill": added.label, "level": added.level}

            await place.apply(
                interaction, which, "skill", "gear.skill_added", learn, traits=True, added=True
            )

        @app_commands.command(
            name=_("remove", key="gear.cmd.skill.remove.name"),
            description=_("Take a skill away", key="gear.cmd.skill.remove.description"),
        )
        @app_commands.rename(skill=_("skill", key="gear.cmd.skill.skill.name"))
        @app_commands.describe(
            skill=_(
                "The skill, e.g. Stealth or Fast-Draw (Arrow)",
                key="gear.cmd.skill.skill.description",
            )
        )
        @app_commands.autocomplete(skill=own_skills)
        @which
        async def remove(
            self, interaction: discord.Interaction[GurpsBot], which: str, skill: SkillLabel
        ) -> None:
            name = parse_skill_name(skill, interaction.client.messages)

            def forget(sheet: Combatant) -> tuple[Combatant, dict[str, object]]:
                sheet, removed = remove_skill(sheet, name)
                return sheet, {"skill": removed.label, "level": removed.level}

            await place.apply(
                interaction, which, "skill", "gear.skill_removed", forget, traits=True, added=False
            )

    for group in (WeaponGroup(), ShieldGroup(), ArmorGroup(), TraitGroup(), SkillGroup()):
        parent.add_command(group)
