"""Slash-command options shared by the commands that build or equip a sheet.

``/character weapon add`` (a saved sheet) and ``/combatant weapon add`` (a fighter
in this channel's fight) take the same weapon options; ``/character armor set``
and ``/combatant armor set`` the same location choices; ``/character create``
and ``/combatant add`` the same stats. Declared once here::

    @weapon_options
    async def add(self, interaction, ..., skill: int, damage: str, ...) -> None: ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal, TypeVar

from discord import app_commands
from discord.app_commands import locale_str as _

from bot.errors import UserFacingError
from bot.i18n import SUPPORTED_LOCALES, Messages
from bot.render.character import trait_name
from cogs._shared import catalog_choices
from rules.character import SheetTrait
from rules.combatant import Armor, HitLocation

T = TypeVar("T")

ALL_LOCATIONS = "all"
"""The ``location`` choice that sets the same DR everywhere."""

LOCATION_CHOICES = catalog_choices(
    "character.location", [ALL_LOCATIONS, *(loc.value for loc in HitLocation)]
)

MAX_TRAIT_CHOICES = 25

LAUNCHER_CHOICES = catalog_choices("ranged.launcher", ["bow", "crossbow"])
WeaponRangeText = app_commands.Range[str, 1, 20]
"""The ``range`` option of a weapon (``15/20``, ``x1/x1.5``)."""


def launcher_of(chosen: app_commands.Choice[str] | None) -> Literal["bow", "crossbow"] | None:
    """The ``launcher`` choice as the sheet keeps it."""
    if chosen is None:
        return None
    return "bow" if chosen.value == "bow" else "crossbow"


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

    The traits (skills among them, R7.28's male humanoid too) are offered while typing
    rather than as fixed choices, which would spend much of a command's characters (8000).
    """
    wanted = current.strip().casefold()
    found = []
    for trait in traits:
        label = trait_name(trait, messages, locale)
        if wanted in label.casefold() or wanted in trait.value:
            found.append(app_commands.Choice(name=label, value=trait.value))
    return found[:MAX_TRAIT_CHOICES]


def worn_armor(dr: int, *, flexible: bool) -> Armor:
    """The armor ``armor set`` puts on: flexible or rigid DR."""
    return Armor(flexible=dr) if flexible else Armor(rigid=dr)


def location_of(value: str) -> HitLocation | None:
    """The chosen location, ``None`` for "all"."""
    return None if value == ALL_LOCATIONS else HitLocation(value)


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


def weapon_options(func: T) -> T:
    """Names and descriptions of the weapon options (the callback's parameters share them)."""
    renamed: Callable[[T], T] = app_commands.rename(
        skill=_("skill", key="character.cmd.weapon.skill.name"),
        damage=_("damage", key="character.cmd.weapon.damage.name"),
        reach=_("reach", key="character.cmd.weapon.reach.name"),
        parry=_("parry", key="character.cmd.weapon.parry.name"),
        flail=_("flail", key="character.cmd.weapon.flail.name"),
        knife=_("knife", key="character.cmd.weapon.knife.name"),
        two_handed=_("two-handed", key="character.cmd.weapon.two_handed.name"),
        thrown=_("thrown", key="character.cmd.weapon.thrown.name"),
        accuracy=_("accuracy", key="character.cmd.weapon.accuracy.name"),
        snap_shot=_("snap-shot", key="character.cmd.weapon.snap_shot.name"),
        min_st=_("min-st", key="character.cmd.weapon.min_st.name"),
        range_text=_("range", key="ranged.cmd.weapon_range.name"),
        launcher=_("launcher", key="ranged.cmd.weapon_launcher.name"),
        natural=_("natural", key="close.cmd.weapon_natural.name"),
    )
    described: Callable[[T], T] = app_commands.describe(
        skill=_("Skill level with it", key="character.cmd.weapon.skill.description"),
        damage=_(
            "Damage, e.g. sw+2 cut, thr+1 imp, 1d+1 pi",
            key="character.cmd.weapon.damage.description",
        ),
        reach=_("Reach: C, 1, 1,2 … (default 1)", key="character.cmd.weapon.reach.description"),
        parry=_(
            "Parry as in the weapon table: 0, -1, 0F, 0U or No (default 0; No for a bow or gun)",
            key="character.cmd.weapon.parry.description",
        ),
        flail=_("A flail (R6.7)", key="character.cmd.weapon.flail.description"),
        knife=_("A knife (R6.7)", key="character.cmd.weapon.knife.description"),
        two_handed=_("Needs both hands", key="character.cmd.weapon.two_handed.description"),
        thrown=_("A thrown weapon", key="character.cmd.weapon.thrown.description"),
        accuracy=_(
            "Accuracy (Acc) of a ranged weapon", key="character.cmd.weapon.accuracy.description"
        ),
        snap_shot=_(
            "Snap Shot number (TR, G4) of a ranged weapon",
            key="character.cmd.weapon.snap_shot.description",
        ),
        min_st=_("Minimum ST", key="character.cmd.weapon.min_st.description"),
        range_text=_(
            "Range 1/2D/Max in metres (15/20) or times ST (x1/x1.5)",
            key="ranged.cmd.weapon_range.description",
        ),
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


def armor_options(func: T) -> T:
    """Names, descriptions and choices of ``location``, ``dr`` and ``flexible``."""
    renamed: Callable[[T], T] = app_commands.rename(
        location=_("location", key="character.cmd.armor.location.name"),
        dr=_("dr", key="character.cmd.armor.dr.name"),
        flexible=_("flexible", key="character.cmd.armor.flexible.name"),
    )
    described: Callable[[T], T] = app_commands.describe(
        location=_(
            "Hit location, or all for the same DR everywhere",
            key="character.cmd.armor.location.description",
        ),
        dr=_("Damage Resistance there", key="character.cmd.armor.dr.description"),
        flexible=_(
            "Flexible armor (blunt trauma, R7.15) instead of rigid",
            key="character.cmd.armor.flexible.description",
        ),
    )
    chosen: Callable[[T], T] = app_commands.choices(location=LOCATION_CHOICES)
    return chosen(described(renamed(func)))
