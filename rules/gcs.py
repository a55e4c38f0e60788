"""Characters from GCS (GURPS Character Sheet) files, as saved sheets.

A ``.gcs`` file is JSON: ``version`` (GCS opens 2 to 5), ``profile``, ``attributes``
(``attr_id`` with GCS's computed ``calc.value`` and ``calc.current``), ``traits`` (older
files: ``advantages``), ``skills`` (``calc.level``), ``equipment`` (carried) and
``other_equipment``, each nesting ``children``; weapons sit in traits and equipment
with their computed ``calc`` (skill level, damage, Parry, Block …); the body type in
``settings`` lists the hit locations with their computed ``calc.dr``; the entity's
``calc`` holds Dodge and Move at each encumbrance level. The models below read what
the bot uses and ignore everything else (the portrait, notes, prerequisites …).

GCS's computed values are trusted where the file has them: skill levels, weapon skill
and damage, Parry, Block, Dodge, DR. Where the bot computes a number itself, the sheet
is given what makes the bot's formula land on GCS's (a weapon's Parry modifier, a
Dodge that differs). :func:`import_gcs` builds the whole sheet before anything is
kept, so a file that cannot be read leaves nothing behind.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Final

from pydantic import (
    AliasChoices,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
)

from rules.character import MAX_NAME, MAX_SKILLS, MAX_WEAPON_NAME, MAX_WEAPONS, fresh
from rules.combatant import (
    ENCUMBRANCE_MOVE_FACTORS,
    MAX_WEAPON_TEXT,
    SKILL_ATTRIBUTES,
    Armor,
    Combatant,
    DRProfile,
    HitLocation,
    RiseClass,
    Shield,
    Skill,
    Trait,
    Weapon,
    skill_key,
)
from rules.damage import PIERCING_TYPES, DamageType, parse_damage
from rules.errors import RuleError

__all__ = [
    "ERROR_KEYS",
    "MAX_VERSION",
    "MIN_VERSION",
    "ImportedSheet",
    "import_gcs",
    "is_gcs",
]

ERROR_KEYS: Final = frozenset(
    {
        "gcs.not_character",  #    (none)
        "gcs.unknown_version",  #  version, minimum, maximum
        "gcs.invalid",  #          field
    }
)
"""Every :class:`RuleError` key this module raises, for the translation catalogs."""

MIN_VERSION: Final = 2
MAX_VERSION: Final = 5
"""The file versions GCS itself still opens (its data versions 2 to 5)."""
MAX_SCORE: Final = 1000
"""No attribute, skill or weapon number on a sheet is anywhere near this; past it the file
is refused rather than trusted."""
MAX_ITEMS: Final = 5000
"""Traits, skills or pieces of equipment in one list: far more than any character has."""

# --------------------------------------------------------------------------- the file


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _AttributeCalc(_Model):
    value: float = Field(default=0.0, ge=-MAX_SCORE, le=MAX_SCORE, allow_inf_nan=False)
    current: float | None = Field(default=None, ge=-100 * MAX_SCORE, le=MAX_SCORE)


class _Attribute(_Model):
    attr_id: str = ""
    damage: float | None = Field(default=None, ge=-100 * MAX_SCORE, le=100 * MAX_SCORE)
    calc: _AttributeCalc | None = None


class _Profile(_Model):
    name: str = ""
    gender: str = ""
    size_modifier: int = Field(
        default=0, ge=-20, le=50, validation_alias=AliasChoices("SM", "size_modifier")
    )


class _Feature(_Model):
    type: str = ""
    attribute: str = ""
    amount: float = Field(default=0.0, ge=-MAX_SCORE, le=MAX_SCORE, allow_inf_nan=False)
    locations: list[str] = Field(default_factory=list, max_length=50)
    location: str = ""
    specialization: str = ""


_FEATURES_READ: Final = frozenset({"attribute_bonus", "dr_bonus"})
"""The feature kinds the bot reads: a shield's Defense Bonus and flexible armor's DR. Every
other kind (a weapon bonus, a skill bonus …) is already in GCS's computed numbers."""


def _features_read(value: object) -> list[_Feature]:
    """The features of :data:`_FEATURES_READ` whose shape the bot knows; any other entry is
    left out, not refused: GCS adds kinds and fields (a weapon bonus picking weapons by a
    ``{compare, qualifier}`` criterion) whose effect its computed values already hold."""
    if not isinstance(value, list):
        return []
    kept: list[_Feature] = []
    for entry in value[:MAX_ITEMS]:
        if not isinstance(entry, dict) or entry.get("type") not in _FEATURES_READ:
            continue
        try:
            kept.append(_Feature.model_validate(entry))
        except ValidationError:
            continue
    return kept


class _WeaponDamage(_Model):
    type: str = ""
    st: str = ""
    base: str = ""


class _WeaponCalc(_Model):
    level: float = Field(default=0.0, ge=-MAX_SCORE, le=MAX_SCORE, allow_inf_nan=False)
    damage: str = ""
    parry: str = ""
    block: str = ""
    reach: str = ""
    accuracy: str = ""
    range: str = ""
    rate_of_fire: str = ""
    shots: str = ""
    bulk: str = ""
    recoil: str = ""
    strength: str = ""


class _Default(_Model):
    type: str = ""
    name: str = ""


class _Weapon(_Model):
    id: str = ""
    type: str = ""
    damage: _WeaponDamage | str = _WeaponDamage()
    strength: str = ""
    usage: str = ""
    reach: str = ""
    parry: str = ""
    block: str = ""
    accuracy: str = ""
    range: str = ""
    rate_of_fire: str = ""
    shots: str = ""
    bulk: str = ""
    recoil: str = ""
    defaults: list[_Default] = Field(default_factory=list, max_length=100)
    calc: _WeaponCalc | None = None

    @property
    def is_melee(self) -> bool:
        """Melee or ranged: older files say so in ``type``; newer ones in the first letter of
        the id (``w`` melee, ``W`` ranged); failing both, a ranged table column decides."""
        if self.type:
            return self.type == "melee_weapon"
        if self.id[:1] in ("w", "W"):
            return self.id[0] == "w"
        return not (self.accuracy or self.range or self.rate_of_fire or self.shots)


class _Modifier(_Model):
    name: str = ""
    disabled: bool = False


class _Trait(_Model):
    name: str = ""
    levels: float | None = Field(default=None, ge=-MAX_SCORE, le=MAX_SCORE)
    disabled: bool = False
    modifiers: list[_Modifier] = Field(default_factory=list, max_length=MAX_ITEMS)
    weapons: list[_Weapon] = Field(default_factory=list, max_length=MAX_ITEMS)
    children: list[_Trait] = Field(default_factory=list, max_length=MAX_ITEMS)


class _SkillCalc(_Model):
    level: float | None = Field(default=None, ge=-MAX_SCORE, le=MAX_SCORE)


class _Skill(_Model):
    name: str = ""
    specialization: str = ""
    difficulty: str = ""
    calc: _SkillCalc | None = None
    children: list[_Skill] = Field(default_factory=list, max_length=MAX_ITEMS)


class _EquipmentCalc(_Model):
    extended_weight: str | float = ""


class _Equipment(_Model):
    description: str = ""
    quantity: float = Field(default=0.0, ge=0, le=1_000_000, allow_inf_nan=False)
    equipped: bool = False
    local_notes: str = ""
    notes: str = ""
    tags: list[str] = Field(default_factory=list, max_length=100)
    features: Annotated[list[_Feature], BeforeValidator(_features_read)] = Field(
        default_factory=list
    )
    weapons: list[_Weapon] = Field(default_factory=list, max_length=MAX_ITEMS)
    children: list[_Equipment] = Field(default_factory=list, max_length=MAX_ITEMS)
    calc: _EquipmentCalc | None = None

    @property
    def ready(self) -> bool:
        """Worn or held: only equipped items (at least one of them) arm or protect (GCS)."""
        return self.equipped and self.quantity > 0


class _LocationCalc(_Model):
    dr: dict[str, float] = Field(default_factory=dict, max_length=50)


class _SubTable(_Model):
    locations: list[_Location] = Field(default_factory=list, max_length=100)


class _Location(_Model):
    id: str = ""
    dr_bonus: float = Field(default=0.0, ge=-MAX_SCORE, le=MAX_SCORE)
    calc: _LocationCalc | None = None
    sub_table: _SubTable | None = None


class _Body(_Model):
    name: str = ""
    locations: list[_Location] = Field(default_factory=list, max_length=100)


class _Settings(_Model):
    body_type: _Body | None = Field(
        default=None, validation_alias=AliasChoices("body_type", "hit_locations")
    )


class _EntityCalc(_Model):
    basic_lift: str | float = ""
    move: list[int] = Field(default_factory=list, max_length=5)
    dodge: list[int] = Field(default_factory=list, max_length=5)


class _Character(_Model):
    version: int
    profile: _Profile = _Profile()
    settings: _Settings = _Settings()
    attributes: list[_Attribute] = Field(default_factory=list, max_length=200)
    traits: list[_Trait] = Field(
        default_factory=list,
        max_length=MAX_ITEMS,
        validation_alias=AliasChoices("traits", "advantages"),
    )
    skills: list[_Skill] = Field(default_factory=list, max_length=MAX_ITEMS)
    equipment: list[_Equipment] = Field(default_factory=list, max_length=MAX_ITEMS)
    calc: _EntityCalc | None = None


# --------------------------------------------------------------------------- recognition


def is_gcs(data: object) -> bool:
    """Whether ``data`` is a GCS file (of any kind): a JSON object with a whole ``version``.

    The bot's own sheets have no version; anything else a GCS file is not a character
    (see :func:`import_gcs`).
    """
    return (
        isinstance(data, dict)
        and isinstance(data.get("version"), int)
        and not isinstance(data.get("version"), bool)
    )


@dataclass(frozen=True, slots=True)
class ImportedSheet:
    """A sheet read from a file, with the weapons and skills it had no room for."""

    sheet: Combatant
    weapons_left_out: tuple[str, ...] = ()
    skills_left_out: int = 0


def import_gcs(data: object, *, fallback_name: str = "") -> ImportedSheet:
    """The saved sheet a GCS character file describes (see the module's description).

    Refused with a :class:`RuleError`: a GCS file that is not a character (a trait or
    equipment list, a template: ``gcs.not_character``), a version GCS does not open
    (``gcs.unknown_version``), or a value the bot cannot read (``gcs.invalid``, naming
    where). ``fallback_name`` names a character whose profile has none (the file's name).
    """
    if not is_gcs(data):
        raise RuleError("gcs.not_character", "not a GCS character file")
    assert isinstance(data, dict)
    version = data["version"]
    if not MIN_VERSION <= version <= MAX_VERSION:
        raise RuleError(
            "gcs.unknown_version",
            f"GCS file version {version}: the bot reads {MIN_VERSION} to {MAX_VERSION}",
            version=version,
            minimum=MIN_VERSION,
            maximum=MAX_VERSION,
        )
    kind = data.get("type")
    if "rows" in data or (kind is not None and kind != "character"):
        raise RuleError("gcs.not_character", "a GCS file, but not a character")
    if not isinstance(data.get("profile"), dict) and not isinstance(data.get("attributes"), list):
        raise RuleError("gcs.not_character", "a GCS file without a profile or attributes")
    try:
        character = _Character.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        raise RuleError(
            "gcs.invalid", f"{where}: {first.get('msg', 'invalid')}", field=where or "-"
        ) from exc
    return _Reader(character, fallback_name).read()


# --------------------------------------------------------------------------- reading


_ATTRIBUTES: Final = ("st", "dx", "iq", "ht", "hp", "fp", "will", "per", "basic_move")
_LEVELED_TRAITS: Final = {
    "hard to kill": "hard_to_kill",
    "altered time rate": "altered_time_rate",
    "acute vision": "acute_vision",
    "acute hearing": "acute_hearing",
    "acute taste & smell": "acute_taste_smell",
    "acute taste and smell": "acute_taste_smell",
}
"""Traits with levels, by the start of their name, and the sheet's field for the level."""
_FLAG_TRAITS: Final = {
    "combat reflexes": Trait.COMBAT_REFLEXES,
    "high pain threshold": Trait.HIGH_PAIN_THRESHOLD,
    "low pain threshold": Trait.LOW_PAIN_THRESHOLD,
    "trained by a master": Trait.TRAINED_BY_A_MASTER,
    "weapon master": Trait.TRAINED_BY_A_MASTER,
    "danger sense": Trait.DANGER_SENSE,
    "hyperspectral vision": Trait.HYPERSPECTRAL_VISION,
    "discriminatory hearing": Trait.DISCRIMINATORY_HEARING,
    "discriminatory smell": Trait.DISCRIMINATORY_SMELL,
    "discriminatory taste": Trait.DISCRIMINATORY_TASTE,
    "hard of hearing": Trait.HARD_OF_HEARING,
}
_INJURY_TOLERANCE: Final = {
    "unliving": Trait.IT_UNLIVING,
    "homogeneous": Trait.IT_HOMOGENEOUS,
    "diffuse": Trait.IT_DIFFUSE,
    "no brain": Trait.IT_NO_BRAIN,
    "no vitals": Trait.IT_NO_VITALS,
}
_DR_TYPES: Final[dict[str, tuple[DamageType, ...]]] = {
    "crushing": (DamageType.CR,),
    "cutting": (DamageType.CUT,),
    "impaling": (DamageType.IMP,),
    "piercing": tuple(sorted(PIERCING_TYPES)),
    "small piercing": (DamageType.PI_SMALL,),
    "large piercing": (DamageType.PI_LARGE,),
    "huge piercing": (DamageType.PI_HUGE,),
    "burning": (DamageType.BURN,),
    "corrosion": (DamageType.COR,),
    "toxic": (DamageType.TOX,),
    "fatigue": (DamageType.FAT,),
    **{kind.abbreviation: (kind,) for kind in DamageType},
}
_FLEXIBLE: Final = ("flexible", "flexível", "flexivel")
_PREDATOR_TRAITS: Final = ("claws", "teeth", "fangs", "sharp claws", "sharp teeth")
"""Traits that make a beast a carnivore for getting up (R7.12), unless blunt."""
_SMALL_CREATURE_SM: Final = -2
_LARGE_HERBIVORE_SM: Final = 2
_MALE: Final = frozenset({"male", "m", "man", "masculino", "homem"})
_WEIGHT: Final = re.compile(r"^\s*(?P<number>-?\d+(?:[.,]\d+)?)\s*(?P<unit>[a-z#]*)\s*$")
_POUNDS_PER: Final = {
    "": 1.0,
    "lb": 1.0,
    "lbs": 1.0,
    "#": 1.0,
    "oz": 1 / 16,
    "tn": 2000.0,
    "lt": 2240.0,
    "kg": 2.20462,
    "g": 0.00220462,
    "t": 2204.62,
}
_ENCUMBRANCE_LIMITS: Final = (1, 2, 3, 6)
"""Carried weight, in Basic Lifts, up to which each encumbrance level goes (Appendix A.5)."""
_LEADING_INT: Final = re.compile(r"[-+]?\d+")
_REACH: Final = re.compile(r"(C|\d{1,2})([,-](C|\d{1,2}))*\*?")


def _key(text: str) -> str:
    return skill_key(text)


def _int(value: float) -> int:
    return math.floor(value)


def _pounds(value: str | float) -> float | None:
    """A GCS weight (``3 lb``, ``1.5 kg``, a bare number of pounds) in pounds."""
    if isinstance(value, int | float):
        return float(value)
    found = _WEIGHT.match(value.casefold())
    if found is None or found["unit"] not in _POUNDS_PER:
        return None
    return float(found["number"].replace(",", ".")) * _POUNDS_PER[found["unit"]]


def _ints(text: str) -> list[int]:
    return [int(number) for number in _LEADING_INT.findall(text)]


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _unique(name: str, taken: set[str]) -> str:
    """``name``, or ``name 2``, ``name 3`` … when ``taken`` (folded) already holds it, kept to
    :data:`MAX_WEAPON_NAME`; the name given is added to ``taken``."""
    unique = name
    number = 2
    while unique.casefold() in taken:
        suffix = f" {number}"
        unique = _clip(name, MAX_WEAPON_NAME - len(suffix)) + suffix
        number += 1
    taken.add(unique.casefold())
    return unique


def _traits(items: Sequence[_Trait]) -> Iterator[_Trait]:
    """Every trait that counts, at any depth: a disabled one takes its children with it."""
    for item in items:
        if item.disabled:
            continue
        yield item
        yield from _traits(item.children)


def _skills(items: Sequence[_Skill]) -> Iterator[_Skill]:
    for item in items:
        yield item
        yield from _skills(item.children)


def _equipment(items: Sequence[_Equipment]) -> Iterator[_Equipment]:
    for item in items:
        yield item
        yield from _equipment(item.children)


def _locations(items: Sequence[_Location]) -> Iterator[_Location]:
    for item in items:
        yield item
        if item.sub_table is not None:
            yield from _locations(item.sub_table.locations)


class _Reader:
    """One file's reading: each step adds its part of the sheet's data."""

    def __init__(self, character: _Character, fallback_name: str) -> None:
        self.gcs = character
        self.fallback_name = fallback_name
        self.data: dict[str, Any] = {}
        self.traits = list(_traits(character.traits))
        self.equipment = list(_equipment(character.equipment))
        self.left_out: list[str] = []
        self.skills_left_out = 0

    def read(self) -> ImportedSheet:
        self._name()
        self._attributes()
        self._traits()
        self._skills()
        encumbrance = self._encumbrance()
        self.data["encumbrance_level"] = encumbrance
        shield_db = self._shield()
        self._weapons(shield_db)
        self._armor()
        sheet = fresh(Combatant.create(**self.data))
        sheet = self._condition(sheet)
        sheet = self._dodge(sheet, encumbrance, shield_db)
        return ImportedSheet(sheet, tuple(self.left_out), self.skills_left_out)

    # ------------------------------------------------------------------ profile, attributes

    def _name(self) -> None:
        name = self.gcs.profile.name.strip() or self.fallback_name.strip() or "GCS"
        self.data["name"] = _clip(name, MAX_NAME)
        self.data["size_modifier"] = self.gcs.profile.size_modifier
        body = self.gcs.settings.body_type
        humanoid = body is None or "humanoid" in body.name.casefold() or not body.name
        self.data["male_humanoid"] = (
            humanoid and self.gcs.profile.gender.strip().casefold() in _MALE
        )
        if not humanoid:
            self.data["rise_class"] = self._rise_class()

    def _rise_class(self) -> RiseClass:
        """What a body that is not humanoid gets up like (R7.12), from the file: smaller than
        a medium dog (SM -2 or less) a small creature; with sharp claws, teeth or fangs a
        carnivore; else a herbivore, a large one from SM +2."""
        size = self.gcs.profile.size_modifier
        if size <= _SMALL_CREATURE_SM:
            return RiseClass.SMALL_CREATURE
        for trait in self.traits:
            name = _key(trait.name)
            if name.startswith(_PREDATOR_TRAITS) and "blunt" not in name:
                return RiseClass.QUADRUPED_CARNIVORE
        if size >= _LARGE_HERBIVORE_SM:
            return RiseClass.LARGE_HERBIVORE
        return RiseClass.HERBIVORE

    def _attribute(self, attr_id: str) -> _Attribute | None:
        for attribute in self.gcs.attributes:
            if attribute.attr_id == attr_id and attribute.calc is not None:
                return attribute
        return None

    def _attributes(self) -> None:
        values: dict[str, int | float] = {}
        for attr_id in _ATTRIBUTES:
            found = self._attribute(attr_id)
            if found is not None and found.calc is not None:
                values[attr_id] = _int(found.calc.value)
        speed = self._attribute("basic_speed")
        if speed is not None and speed.calc is not None:
            values["basic_speed"] = speed.calc.value
        self.data["attributes"] = values

    def _condition(self, sheet: Combatant) -> Combatant:
        """The HP and FP the character has now: GCS's current value, or its damage taken."""
        update: dict[str, Any] = {}
        for attr_id, maximum in (("hp", sheet.max_hp), ("fp", sheet.max_fp)):
            found = self._attribute(attr_id)
            if found is None or found.calc is None:
                continue
            if found.calc.current is not None:
                current = _int(found.calc.current)
            elif found.damage is not None:
                current = maximum - _int(found.damage)
            else:
                continue
            update[attr_id] = min(current, maximum)
        return sheet.with_state(sheet.state.model_copy(update=update)) if update else sheet

    # ------------------------------------------------------------------ traits, skills

    def _traits(self) -> None:
        flags: set[Trait] = set()
        levels: dict[str, int] = dict.fromkeys(_LEVELED_TRAITS.values(), 0)
        for trait in self.traits:
            name = _key(trait.name)
            level = max(1, _int(trait.levels or 1))
            for prefix, flag in _FLAG_TRAITS.items():
                if name.startswith(prefix):
                    flags.add(flag)
            for prefix, field in _LEVELED_TRAITS.items():
                if name.startswith(prefix):
                    levels[field] = max(levels[field], level)
            if name.startswith("injury tolerance"):
                kinds = [name] + [_key(m.name) for m in trait.modifiers if not m.disabled]
                for kind, flag in _INJURY_TOLERANCE.items():
                    if any(kind in each for each in kinds):
                        flags.add(flag)
        if Trait.HIGH_PAIN_THRESHOLD in flags and Trait.LOW_PAIN_THRESHOLD in flags:
            flags -= {Trait.HIGH_PAIN_THRESHOLD, Trait.LOW_PAIN_THRESHOLD}
        self.data["traits"] = flags
        self.data.update(levels)

    def _skills(self) -> None:
        best: dict[tuple[str, str], Skill] = {}
        for item in _skills(self.gcs.skills):
            if item.children or item.calc is None or item.calc.level is None:
                continue  # a container, or a skill GCS gives no level
            name = _clip(item.name, 60)
            if not name:
                continue
            attribute = item.difficulty.split("/")[0].strip().casefold()
            skill = Skill(
                name=name,
                specialization=_clip(item.specialization, 60),
                level=max(-20, min(99, _int(item.calc.level))),
                attribute=attribute if attribute in SKILL_ATTRIBUTES else None,
            )
            known = best.get(skill.key)
            if known is None or known.level < skill.level:
                best[skill.key] = skill
        skills = list(best.values())
        self.skills_left_out = max(0, len(skills) - MAX_SKILLS)
        self.data["skills"] = skills[:MAX_SKILLS]

    # ------------------------------------------------------------------ encumbrance, shield

    def _encumbrance(self) -> int:
        """The level the carried weight makes (Appendix A.5), from GCS's own weights."""
        calc = self.gcs.calc
        lift = None if calc is None else _pounds(calc.basic_lift)
        if not lift or lift <= 0:
            return 0
        carried = 0.0
        for item in self.gcs.equipment:
            weight = None if item.calc is None else _pounds(item.calc.extended_weight)
            carried += weight or 0.0
        for level, limit in enumerate(_ENCUMBRANCE_LIMITS):
            if carried <= limit * lift:
                return level
        return len(ENCUMBRANCE_MOVE_FACTORS) - 1

    def _shield(self) -> int:
        """Ready the first equipped item that blocks; its Defense Bonus (0 without one)."""
        combat_reflexes = Trait.COMBAT_REFLEXES in self.data["traits"]
        for item in self.equipment:
            if not item.ready:
                continue
            for weapon in item.weapons:
                block = _ints((weapon.calc.block if weapon.calc else "") or weapon.block)
                if not weapon.is_melee or not block or "no" in weapon.block.casefold():
                    continue
                skill = max(0, _int(weapon.calc.level)) if weapon.calc else 0
                bonuses = [
                    _int(f.amount)
                    for f in item.features
                    if f.type == "attribute_bonus" and f.attribute in ("block", "dodge", "parry")
                ]
                if bonuses:
                    db = max(0, *bonuses)
                else:  # what GCS's Block holds besides the skill (A.4)
                    db = max(0, block[0] - 3 - skill // 2 - int(combat_reflexes))
                self.data["shield"] = Shield(
                    name=_clip(item.description or "shield", MAX_WEAPON_NAME),
                    skill=skill,
                    db=min(db, 10),
                    large=db >= 3,
                )
                return min(db, 10)
        return 0

    # ------------------------------------------------------------------ weapons

    def _weapons(self, shield_db: int) -> None:
        found: list[Weapon] = []
        # (owner, its usages, whether it is one object): GCS lists a weapon once per usage
        # (Swung, Thrust), each a usage of its piece of equipment, which the rules about the
        # object itself follow (A.4, R5.5, R7.8); two pieces of equipment of one name are two
        # items. A trait's usages (Natural Attacks: Punch, Kick, Bite) are different limbs,
        # each its own, and natural attacks: never held, so never dropped (R7.8), and no -2
        # in close combat (R11.6).
        owners: list[tuple[str, Sequence[_Weapon], bool]] = [
            (item.description, item.weapons, True) for item in self.equipment if item.ready
        ]
        owners.extend((trait.name, trait.weapons, False) for trait in self.traits)
        names: set[str] = set()
        items: set[str] = set()
        for owner, weapons, one_object in owners:
            item = (
                _unique(_clip(owner, MAX_WEAPON_NAME), items)
                if one_object and owner.strip()
                else None
            )
            for weapon in weapons:
                built = self._weapon(owner, weapon, shield_db)
                if built is None:
                    continue
                if not one_object:
                    built = built.model_copy(update={"natural": True})
                name = _unique(built.name, names)
                if len(found) >= MAX_WEAPONS:
                    self.left_out.append(name)
                    continue
                found.append(built.model_copy(update={"name": name, "item": item}))
        self.data["weapons"] = found

    def _damage(self, weapon: _Weapon) -> str | None:
        """GCS's damage as the bot reads it: ``sw+1 cut`` when that is what GCS computed for
        this character, else GCS's computed dice (``2d cut``), which carry every bonus."""
        raw = weapon.damage
        computed = weapon.calc.damage.strip() if weapon.calc else ""
        written = ""
        if isinstance(raw, str):
            written = raw.strip()
        elif raw.type:
            base = raw.base.strip()
            if raw.st in ("sw", "thr") and base and base[0] not in "+-":
                base = "+" + base
            written = f"{raw.st if raw.st in ('sw', 'thr') else ''}{base} {raw.type}".strip()
        st = self.data["attributes"].get("st", 10)
        readable: list[str] = []
        for text in (written, computed):
            try:
                parse_damage(text)
            except RuleError:
                continue
            readable.append(text)
        if not readable:
            return None
        if len(readable) == 2:
            rolled = [str(parse_damage(text).expression(int(st))) for text in readable]
            if rolled[0] != rolled[1]:
                return readable[1]
        return readable[0]

    def _weapon(self, owner: str, weapon: _Weapon, shield_db: int) -> Weapon | None:
        damage = self._damage(weapon)
        if damage is None:
            return None
        calc = weapon.calc or _WeaponCalc()
        skill = max(0, _int(calc.level))
        usage = weapon.usage.strip()
        name = _clip(f"{owner.strip()} ({usage})" if usage else owner.strip(), MAX_WEAPON_NAME)
        if not name:
            return None
        skills = {_key(d.name) for d in weapon.defaults if d.name}
        strength = calc.strength or weapon.strength
        min_st = _ints(strength)
        fields: dict[str, Any] = {
            "name": name,
            "skill": skill,
            "damage": damage,
            "min_st": max(0, min_st[0]) if min_st else 0,
            "two_handed": "†" in strength or "‡" in strength,
        }
        if weapon.is_melee:
            fields.update(self._melee(weapon, calc, skill, shield_db, skills))
        else:
            fields.update(self._ranged(weapon, calc, skills))
        try:
            return Weapon(**fields)
        except ValidationError:
            return None

    def _melee(
        self, weapon: _Weapon, calc: _WeaponCalc, skill: int, shield_db: int, skills: set[str]
    ) -> dict[str, Any]:
        reach = (calc.reach or weapon.reach or "1").replace(" ", "").upper()
        written = (calc.parry or weapon.parry).strip()
        flags = f"{calc.parry} {weapon.parry}".casefold().replace("no", "")
        parry = _ints(written)
        fields: dict[str, Any] = {
            "reach": reach if _REACH.fullmatch(reach) else "1",
            "fencing": "f" in flags,
            "unbalanced": "u" in flags,
            "knife": "knife" in skills,
            "flail": any("flail" in each for each in skills),
        }
        if not written or "no" in written.casefold() or not parry:
            fields["can_parry"] = False
            return fields
        if calc.parry:
            # GCS's Parry holds 3 + skill/2, Combat Reflexes and the shield's DB (A.4); the
            # modifier is what is left, so the bot's Parry plus the DB is GCS's.
            reflexes = int(Trait.COMBAT_REFLEXES in self.data["traits"])
            modifier = parry[0] - shield_db - 3 - skill // 2 - reflexes
        else:
            modifier = parry[0]
        fields["parry_modifier"] = max(-10, min(10, modifier))
        return fields

    def _ranged(self, weapon: _Weapon, calc: _WeaponCalc, skills: set[str]) -> dict[str, Any]:
        accuracy = sum(max(0, n) for n in _ints(calc.accuracy or weapon.accuracy))
        bulk = _ints(calc.bulk or weapon.bulk)
        usage = weapon.usage.casefold()
        thrown = "thrown" in usage or any(s.startswith(("thrown", "throwing")) for s in skills)
        return {
            "can_parry": False,
            "thrown": thrown,
            "accuracy": min(accuracy, 30),
            "range": _clip(calc.range or weapon.range, MAX_WEAPON_TEXT),
            "rate_of_fire": _clip(calc.rate_of_fire or weapon.rate_of_fire, MAX_WEAPON_TEXT),
            "shots": _clip(calc.shots or weapon.shots, MAX_WEAPON_TEXT),
            "bulk": max(-20, min(0, bulk[0])) if bulk else None,
            "recoil": _clip(calc.recoil or weapon.recoil, MAX_WEAPON_TEXT),
            "knife": "knife" in skills,
        }

    # ------------------------------------------------------------------ armor, dodge

    def _flexible(self) -> dict[str, int]:
        """DR per location from equipped armor the file calls flexible (in its notes or tags;
        GCS itself has no such flag): that part of the location's DR is flexible (R7.15)."""
        found: dict[str, int] = {}
        for item in self.equipment:
            words = " ".join((item.local_notes, item.notes, *item.tags)).casefold()
            if not item.ready or not any(word in words for word in _FLEXIBLE):
                continue
            for feature in item.features:
                if feature.type != "dr_bonus" or feature.specialization:
                    continue
                for location in feature.locations or [feature.location]:
                    if location:
                        found[location] = found.get(location, 0) + max(0, _int(feature.amount))
        return found

    def _armor(self) -> None:
        body = self.gcs.settings.body_type
        if body is None:
            return
        flexible = self._flexible()
        covers: dict[HitLocation, Armor] = {}
        for location in _locations(body.locations):
            try:
                where = HitLocation(location.id)
            except ValueError:
                continue  # a location the seed's table has no row for (a tail, a wing …)
            if where in covers or location.calc is None:
                continue
            dr = dict(location.calc.dr)
            total = _int(dr.pop("all", 0.0))
            if where is HitLocation.SKULL:
                total -= min(2, max(0, _int(location.dr_bonus)))  # the bot adds the skull's +2
            total = max(0, total)
            soft = min(total, flexible.get(location.id, 0))
            against: dict[str, int] = {}
            for kind, change in dr.items():
                for damage_type in _DR_TYPES.get(_key(kind), ()):
                    against[damage_type.value] = _int(change)
            covers[where] = Armor(rigid=total - soft, flexible=soft, against=against)
        if not covers:
            return
        counts: dict[str, tuple[int, Armor]] = {}
        for armor in covers.values():
            key = armor.model_dump_json()
            counts[key] = (counts.get(key, (0, armor))[0] + 1, armor)
        uniform = max(counts.values(), key=lambda pair: pair[0])[1]
        overrides = {where: armor for where, armor in covers.items() if armor != uniform}
        # R7.24: the vitals lie inside the torso. With no row of their own they follow its
        # armor (DRProfile.at, as /armor does); a row the file gives them is kept even where
        # it matches the uniform DR but not the torso's.
        around = DRProfile(uniform=uniform, overrides=overrides)
        overrides |= {where: armor for where, armor in covers.items() if around.at(where) != armor}
        self.data["dr"] = {"uniform": uniform, "overrides": overrides}

    def _dodge(self, sheet: Combatant, encumbrance: int, shield_db: int) -> Combatant:
        """GCS's Dodge at the character's encumbrance, less the shield's DB (the defense rules
        add it), where it differs from what the bot works out itself (A.4). A hurt or tired
        character's Dodge in the file is already halved, so the bot's own stands then. An
        animal keeps none: GCS gives it Basic Speed + 3 (the Basic Set), while its Dodge is
        the guild's reading of R6.1 (``animal_dodge_basic_set``), worked out in the fight."""
        calc = self.gcs.calc
        if (
            calc is None
            or len(calc.dodge) <= encumbrance
            or sheet.is_reeling
            or sheet.is_tired
            or sheet.rise_class is not RiseClass.HUMANOID
        ):
            return sheet
        dodge = max(0, calc.dodge[encumbrance] - shield_db)
        if dodge == sheet.base_dodge:
            return sheet
        return sheet.model_copy(update={"dodge_override": dodge})
