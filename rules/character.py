"""Saved character sheets: editing their gear and traits, importing and exporting them.

A saved character is a :class:`~rules.combatant.Combatant` kept between fights.
Every edit here returns a new, re-validated sheet; nothing rolls and nothing
knows where the sheet is stored. :func:`fresh` is the sheet as it enters a
fight (unhurt, rested, standing). :func:`sheet_problems` lists *everything*
wrong with imported data, so a player fixes a file in one go.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal

from pydantic import ValidationError

from rules.ammunition import check_shots, is_thrown
from rules.combatant import (
    Armor,
    Attributes,
    Combatant,
    HitLocation,
    Shield,
    Skill,
    Trait,
    Weapon,
    skill_key,
)
from rules.damage import parse_damage
from rules.errors import RuleError
from rules.ranged import weapon_range
from rules.rapid_fire import check_rate_of_fire

__all__ = [
    "ERROR_KEYS",
    "EXPORT_EXCLUDE",
    "GEAR_FIELDS",
    "LEVELED",
    "MAX_IMPORT_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_JSON_NODES",
    "MAX_NAME",
    "MAX_SKILLS",
    "MAX_WEAPONS",
    "MAX_WEAPON_NAME",
    "ParryEntry",
    "SheetInvalidError",
    "SheetProblem",
    "SheetTrait",
    "add_skill",
    "add_trait",
    "add_weapon",
    "build_weapon",
    "export_sheet",
    "fighting_copy",
    "find_skill",
    "fresh",
    "gear_differs",
    "import_sheet",
    "parse_parry",
    "parse_sheet_json",
    "remove_skill",
    "remove_trait",
    "remove_weapon",
    "rename_sheet",
    "set_armor",
    "set_shield",
    "sheet_problems",
    "sheet_traits",
    "split_skill",
    "trait_level",
    "with_gear_of",
]

ERROR_KEYS: Final = frozenset(
    {
        "character.bad_parry",  #           text
        "character.bad_reach",  #           text
        "character.weapon_exists",  #       character, weapon
        "character.too_many_weapons",  #    maximum
        "character.conflicting_traits",  #  character, trait, other
        "character.trait_missing",  #       character, trait
        "character.skill_missing",  #       character, skill
        "character.too_many_skills",  #     maximum
        "character.invalid_field",  #       field
        "character.import_too_large",  #    size, maximum
        "character.import_not_text",  #     (none)
        "character.import_not_json",  #     line, column
        "character.import_too_deep",  #     maximum
        "character.import_too_many",  #     count, maximum
        "character.import_number",  #       (none)
        "character.import_invalid",  #      count
        "combatant.unknown_weapon",  #      combatant, weapon
        "combatant.value_too_low",  #       field, value, minimum
    }
)
"""Every :class:`RuleError` key this module raises, for the translation catalogs."""
MAX_WEAPONS: Final = 20
"""A sheet's weapon list must fit one autocomplete page (25) and one embed field."""
MAX_NAME: Final = 80
"""A character's name, as ``/character create`` takes it."""
MAX_WEAPON_NAME: Final = 40
"""A weapon's name, as ``/character weapon add`` takes it."""
MAX_SKILLS: Final = 400
"""Far more skills and techniques than any character takes; a sheet keeps at most this many."""
MAX_IMPORT_BYTES: Final = 25 * 1024 * 1024
"""Discord's attachment limit: a GCS file with its portrait runs to a few megabytes."""
MAX_JSON_DEPTH: Final = 100
"""Nesting deeper than any sheet (a GCS container in a container … is a few levels each)."""
MAX_JSON_NODES: Final = 500_000
"""Lists and objects in one file: a large GCS character has some thousands."""
EXPORT_EXCLUDE: Final = frozenset({"state"})
"""Fields left out of an export: a saved sheet carries no fight state."""
GEAR_FIELDS: Final = (
    "weapons",
    "shield",
    "dr",
    "traits",
    "hard_to_kill",
    "altered_time_rate",
    "acute_vision",
    "acute_hearing",
    "acute_taste_smell",
    "male_humanoid",
    "skills",
)
"""What a fighter can change about his sheet in a fight (the gear commands) and take back
to his saved sheet when it ends."""


class SheetTrait(StrEnum):
    """Traits a player adds by name: the :class:`Trait` flags, the leveled ones (Hard to
    Kill, Altered Time Rate, Acute senses) and being a male humanoid (R7.28's groin rule)."""

    COMBAT_REFLEXES = Trait.COMBAT_REFLEXES.value
    HIGH_PAIN_THRESHOLD = Trait.HIGH_PAIN_THRESHOLD.value
    LOW_PAIN_THRESHOLD = Trait.LOW_PAIN_THRESHOLD.value
    IT_UNLIVING = Trait.IT_UNLIVING.value
    IT_HOMOGENEOUS = Trait.IT_HOMOGENEOUS.value
    IT_DIFFUSE = Trait.IT_DIFFUSE.value
    IT_NO_BRAIN = Trait.IT_NO_BRAIN.value
    IT_NO_VITALS = Trait.IT_NO_VITALS.value
    TRAINED_BY_A_MASTER = Trait.TRAINED_BY_A_MASTER.value
    HARD_TO_KILL = "hard_to_kill"
    ALTERED_TIME_RATE = "altered_time_rate"
    """One more maneuver a turn per level, any maneuver (R5.28)."""
    MALE_HUMANOID = "male_humanoid"
    # The senses' traits (R16.3-R16.8) come last.
    ACUTE_VISION = "acute_vision"
    """+1 a level to Vision rolls (R16.5)."""
    ACUTE_HEARING = "acute_hearing"
    """+1 a level to Hearing rolls (R16.7)."""
    ACUTE_TASTE_SMELL = "acute_taste_smell"
    """+1 a level to Smell and Taste rolls (R16.8)."""
    DANGER_SENSE = Trait.DANGER_SENSE.value
    HYPERSPECTRAL_VISION = Trait.HYPERSPECTRAL_VISION.value
    DISCRIMINATORY_HEARING = Trait.DISCRIMINATORY_HEARING.value
    HARD_OF_HEARING = Trait.HARD_OF_HEARING.value
    DISCRIMINATORY_SMELL = Trait.DISCRIMINATORY_SMELL.value
    DISCRIMINATORY_TASTE = Trait.DISCRIMINATORY_TASTE.value


LEVELED: Final = frozenset(
    {
        SheetTrait.HARD_TO_KILL,
        SheetTrait.ALTERED_TIME_RATE,
        SheetTrait.ACUTE_VISION,  # R16.5
        SheetTrait.ACUTE_HEARING,  # R16.7
        SheetTrait.ACUTE_TASTE_SMELL,  # R16.8
    }
)
"""Traits with a level (1 or more, default 1), kept as a number under the trait's name."""


def _rebuild(sheet: Combatant, **changes: Any) -> Combatant:
    """The sheet with ``changes`` applied and validated again (a :class:`RuleError` if bad)."""
    return Combatant.create(**{**sheet.model_dump(), **changes})


def fresh(sheet: Combatant) -> Combatant:
    """The sheet as it enters a fight: full HP and FP, standing, no condition."""
    return _rebuild(sheet, state=None)


def fighting_copy(sheet: Combatant, name: str) -> Combatant:
    """A copy of a saved sheet under the name it fights with ("Orc 2"), rested and standing
    but with the HP and FP it has (a sheet imported from GCS may be hurt already)."""
    return _rebuild(sheet, name=name.strip(), state={"hp": sheet.state.hp, "fp": sheet.state.fp})


def gear_differs(saved: Combatant, fought: Combatant) -> bool:
    """Whether ``fought`` (the sheet a fight changed) has other gear than ``saved``."""
    return any(getattr(saved, field) != getattr(fought, field) for field in GEAR_FIELDS)


def with_gear_of(saved: Combatant, fought: Combatant) -> Combatant:
    """The saved sheet with the gear, traits and skills ``fought`` ended the fight with
    (:data:`GEAR_FIELDS`); its name, attributes and condition stay as they were."""
    return _rebuild(saved, **{field: getattr(fought, field) for field in GEAR_FIELDS})


def rename_sheet(sheet: Combatant, new_name: str) -> Combatant:
    """The same sheet under another name (surrounding spaces dropped)."""
    return _rebuild(sheet, name=new_name.strip())


# --------------------------------------------------------------------------- weapons

_PARRY_RE: Final = re.compile(r"^(?P<mod>[+-]?\d{1,2})\s*(?P<flags>[fu]{0,2})$")
_NO_PARRY: Final = frozenset({"no", "não", "nao", "n/a", "—"})


@dataclass(frozen=True, slots=True)
class ParryEntry:
    """A weapon table's Parry column: ``0``, ``-1``, ``0F``, ``0U`` or ``No``.

    ``F`` and ``U`` are the Basic Set's marks for fencing and unbalanced weapons.
    """

    modifier: int = 0
    can_parry: bool = True
    fencing: bool = False
    unbalanced: bool = False


def parse_parry(text: str) -> ParryEntry:
    """Read the Parry column as the Basic Set prints it (R6.7 for the modifier)."""
    cleaned = text.strip().casefold()
    if cleaned in _NO_PARRY:
        return ParryEntry(can_parry=False)
    found = _PARRY_RE.match(cleaned)
    if found is None or len(set(found["flags"])) != len(found["flags"]):
        raise RuleError("character.bad_parry", f"cannot read the parry {text!r}", text=text)
    return ParryEntry(
        modifier=int(found["mod"]),
        fencing="f" in found["flags"],
        unbalanced="u" in found["flags"],
    )


_REACH_RE: Final = re.compile(r"^(c|\d{1,2})(\s*[,-]\s*(c|\d{1,2}))*\*?$")


def build_weapon(
    name: str,
    *,
    skill: int,
    damage: str,
    reach: str = "1",
    parry: str | None = None,
    flail: bool = False,
    knife: bool = False,
    two_handed: bool = False,
    thrown: bool = False,
    accuracy: int = 0,
    snap_shot: int | None = None,
    min_st: int = 0,
    range: str = "",
    rate_of_fire: str = "",
    shots: str = "",
    bulk: int | None = None,
    recoil: str = "",
    launcher: Literal["bow", "crossbow"] | None = None,
    natural: bool = False,
) -> Weapon:
    """A weapon from a command's options; the damage text must parse (``sw+2 cut``).

    Without ``parry`` a melee or thrown weapon parries at 0 and a missile weapon cannot
    parry at all, as the weapon tables print it for bows, crossbows and guns (B376): one
    that is not thrown and has an Accuracy, a Snap Shot number, a launcher, a RoF or Shots
    (other than a thrown weapon's ``T``).
    """
    parse_damage(damage)
    weapon_range(range, 10)  # the Range column must read (15/20, x1/x1.5)
    check_rate_of_fire(rate_of_fire)  # no more than one attack can fire (B373)
    check_shots(shots)  # the rounds and the reload must read (B269)
    if not _REACH_RE.match(reach.strip().casefold()):
        raise RuleError("character.bad_reach", f"cannot read the reach {reach!r}", text=reach)
    if parry is None:
        missile = not thrown and (
            accuracy > 0
            or snap_shot is not None
            or launcher is not None
            or bool(rate_of_fire.strip())
            or bool(shots.strip() and not is_thrown(shots))
        )
        entry = ParryEntry(can_parry=False) if missile else ParryEntry()
    else:
        entry = parse_parry(parry)
    try:
        return Weapon(
            name=name.strip(),
            skill=skill,
            damage=damage.strip(),
            reach=reach.strip().upper(),
            parry_modifier=entry.modifier,
            can_parry=entry.can_parry,
            fencing=entry.fencing,
            unbalanced=entry.unbalanced,
            flail=flail,
            knife=knife,
            two_handed=two_handed,
            thrown=thrown,
            accuracy=accuracy,
            snap_shot=snap_shot,
            min_st=min_st,
            range=range.strip(),
            rate_of_fire=rate_of_fire.strip(),
            shots=shots.strip(),
            bulk=bulk,
            recoil=recoil.strip(),
            launcher=launcher,
            natural=natural,
        )
    except ValidationError as exc:
        raise _first_error(exc) from exc


def add_weapon(sheet: Combatant, weapon: Weapon) -> Combatant:
    """The sheet with one more weapon; a name already on the sheet is refused."""
    folded = weapon.name.casefold()
    if any(w.name.casefold() == folded for w in sheet.weapons):
        raise RuleError(
            "character.weapon_exists",
            f"{sheet.name} already has a weapon called {weapon.name!r}",
            character=sheet.name,
            weapon=weapon.name,
        )
    if len(sheet.weapons) >= MAX_WEAPONS:
        raise RuleError(
            "character.too_many_weapons",
            f"a sheet holds at most {MAX_WEAPONS} weapons",
            maximum=MAX_WEAPONS,
        )
    return _rebuild(sheet, weapons=[*sheet.weapons, weapon])


def remove_weapon(sheet: Combatant, name: str) -> tuple[Combatant, Weapon]:
    """The sheet without the weapon called ``name`` (ignoring case), and that weapon."""
    weapon = sheet.weapon(name)
    kept = [w for w in sheet.weapons if w is not weapon]
    return _rebuild(sheet, weapons=kept), weapon


# --------------------------------------------------------------------------- shield, armor


def set_shield(sheet: Combatant, shield: Shield | None) -> Combatant:
    """Ready a shield (replacing any other), or with ``None`` put it away."""
    return _rebuild(sheet, shield=shield)


def set_armor(sheet: Combatant, location: HitLocation | None, armor: Armor) -> Combatant:
    """DR at one hit location (R7.19-R7.29), or with ``None`` the same DR everywhere.

    ``None`` replaces every per-location value as well: "DR 2 all over". The
    vitals follow the torso unless given their own value (:class:`DRProfile`).
    """
    if location is None:
        profile = {"uniform": armor, "overrides": {}}
    else:
        profile = {
            "uniform": sheet.dr.uniform,
            "overrides": {**sheet.dr.overrides, location: armor},
        }
    return _rebuild(sheet, dr=profile)


# --------------------------------------------------------------------------- traits


def sheet_traits(sheet: Combatant) -> tuple[SheetTrait, ...]:
    """The traits of :class:`SheetTrait` the sheet has, in the enumeration's order."""
    return tuple(trait for trait in SheetTrait if _has(sheet, trait))


def trait_level(sheet: Combatant, trait: SheetTrait) -> int:
    """A leveled trait's level on the sheet (0 without it)."""
    level: int = getattr(sheet, trait.value) if trait in LEVELED else 0
    return level


def _has(sheet: Combatant, trait: SheetTrait) -> bool:
    if trait in LEVELED:
        return trait_level(sheet, trait) > 0
    if trait is SheetTrait.MALE_HUMANOID:
        return sheet.male_humanoid
    return sheet.has(Trait(trait.value))


def _leveled(sheet: Combatant, trait: SheetTrait, level: int) -> dict[str, Any]:
    """The field change that gives the sheet ``trait`` at ``level`` (0 takes it away)."""
    return {trait.value: level}


def add_trait(sheet: Combatant, trait: SheetTrait, level: int | None = None) -> Combatant:
    """Give the sheet a trait. Hard to Kill, Altered Time Rate and the Acute senses take a
    level (1 or more, default 1, replacing the one it had); the others take none."""
    if trait is SheetTrait.MALE_HUMANOID:
        return _rebuild(sheet, male_humanoid=True)
    if trait in LEVELED:
        level = 1 if level is None else level
        if level < 1:
            raise RuleError(
                "combatant.value_too_low",
                f"{trait} must be at least 1 (got {level})",
                field=trait.value,
                value=level,
                minimum=1,
            )
        return _rebuild(sheet, **_leveled(sheet, trait, level))
    flag = Trait(trait.value)
    opposite = {
        Trait.HIGH_PAIN_THRESHOLD: Trait.LOW_PAIN_THRESHOLD,
        Trait.LOW_PAIN_THRESHOLD: Trait.HIGH_PAIN_THRESHOLD,
    }.get(flag)
    if opposite is not None and sheet.has(opposite):
        raise RuleError(
            "character.conflicting_traits",
            f"{sheet.name} cannot have both {flag} and {opposite}",
            character=sheet.name,
            trait=flag.value,
            other=opposite.value,
        )
    return _rebuild(sheet, traits=sheet.traits | {flag})


def remove_trait(sheet: Combatant, trait: SheetTrait) -> Combatant:
    """Take a trait off the sheet (a leveled one goes back to 0)."""
    if not _has(sheet, trait):
        raise RuleError(
            "character.trait_missing",
            f"{sheet.name} does not have {trait}",
            character=sheet.name,
            trait=trait.value,
        )
    if trait in LEVELED:
        return _rebuild(sheet, **_leveled(sheet, trait, 0))
    if trait is SheetTrait.MALE_HUMANOID:
        return _rebuild(sheet, male_humanoid=False)
    return _rebuild(sheet, traits=sheet.traits - {Trait(trait.value)})


# --------------------------------------------------------------------------- skills


def find_skill(sheet: Combatant, name: str, specialization: str | None = None) -> Skill:
    """The sheet's skill called ``name`` (ignoring case, hyphens and spaces, :func:`skill_key`).

    ``Fast-Draw (Arrow)`` names a specialization; without one, a name with a single
    specialization on the sheet finds it. Anything else is refused with the sheet's
    skills of that name.
    """
    wanted, special = split_skill(name, specialization)
    named = [skill for skill in sheet.skills if skill.key[0] == skill_key(wanted)]
    exact = [skill for skill in named if skill.key[1] == skill_key(special)]
    if exact:
        return exact[0]
    if not special and len(named) == 1:
        return named[0]
    raise RuleError(
        "character.skill_missing",
        f"{sheet.name} has no skill {name!r}",
        character=sheet.name,
        skill=name.strip(),
    )


_SPECIALIZED: Final = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<special>[^()]*)\)\s*$")


def split_skill(name: str, specialization: str | None = None) -> tuple[str, str]:
    """``("Fast-Draw (Arrow)", None)`` → ``("Fast-Draw", "Arrow")``; a given
    ``specialization`` wins over one in parentheses."""
    cleaned = name.strip()
    found = _SPECIALIZED.match(cleaned)
    if specialization is not None and specialization.strip():
        return (found["name"] if found else cleaned), specialization.strip()
    if found:
        return found["name"], found["special"].strip()
    return cleaned, ""


def add_skill(
    sheet: Combatant,
    name: str,
    level: int,
    *,
    specialization: str = "",
    attribute: str | None = None,
) -> tuple[Combatant, Skill]:
    """The sheet with a skill at ``level``; one of the same name and specialization is
    replaced (keeping its attribute unless another is given). The rules read Acrobatics,
    Jumping, Judo, Karate, Brawling and Fast-Draw from here (R5.18, R5.22, R5.26, R6.4,
    R7.12, R7.14, R11.12)."""
    wanted, special = split_skill(name, specialization)
    try:
        skill = Skill(name=wanted, specialization=special, level=level, attribute=attribute)
    except ValidationError as exc:
        raise _first_error(exc) from exc
    kept: list[Skill] = []
    for each in sheet.skills:
        if each.key == skill.key:
            if attribute is None and each.attribute is not None:
                skill = skill.model_copy(update={"attribute": each.attribute})
            continue
        kept.append(each)
    if len(kept) >= MAX_SKILLS:
        raise RuleError(
            "character.too_many_skills",
            f"a sheet holds at most {MAX_SKILLS} skills",
            maximum=MAX_SKILLS,
        )
    return _rebuild(sheet, skills=[*kept, skill]), skill


def remove_skill(
    sheet: Combatant, name: str, specialization: str | None = None
) -> tuple[Combatant, Skill]:
    """The sheet without the skill ``name`` (see :func:`find_skill`), and that skill."""
    skill = find_skill(sheet, name, specialization)
    return _rebuild(sheet, skills=[s for s in sheet.skills if s is not skill]), skill


# --------------------------------------------------------------------------- import, export


@dataclass(frozen=True, slots=True)
class SheetProblem:
    """One thing wrong with imported data: where (``weapons.0.skill``) and what, as a key."""

    field: str
    key: str
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)


def export_sheet(sheet: Combatant) -> str:
    """The sheet as pretty JSON (no fight state): what ``/character import`` reads back."""
    data = sheet.model_dump(mode="json", exclude=set(EXPORT_EXCLUDE))
    data["traits"] = sorted(data["traits"])
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def parse_sheet_json(raw: bytes) -> object:
    """Decode an uploaded file into JSON data, or a :class:`RuleError` saying why not.

    Refused: more than Discord's attachment limit, text that is not UTF-8 or not JSON,
    nesting deeper than :data:`MAX_JSON_DEPTH`, and numbers no sheet has (more than 15
    digits, infinities, NaN).
    """
    if len(raw) > MAX_IMPORT_BYTES:
        raise RuleError(
            "character.import_too_large",
            f"the file has {len(raw)} bytes; at most {MAX_IMPORT_BYTES}",
            size=len(raw),
            maximum=MAX_IMPORT_BYTES,
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RuleError("character.import_not_text", "the file is not UTF-8 text") from exc
    _check_structure(text)
    try:
        return json.loads(
            text, parse_int=_integer, parse_float=_finite, parse_constant=_no_constant
        )
    except json.JSONDecodeError as exc:
        raise RuleError(
            "character.import_not_json",
            f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
            line=exc.lineno,
            column=exc.colno,
        ) from exc
    except RecursionError:
        # Past the check above only if the decoder's own limit is lower: refused the same.
        raise RuleError(
            "character.import_too_deep",
            "the JSON nests deeper than the decoder goes",
            maximum=MAX_JSON_DEPTH,
        ) from None
    except ValueError as exc:
        raise RuleError("character.import_number", f"a number no sheet has: {exc}") from exc


_JSON_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_JSON_BRACKET: Final = re.compile(r"[\[\]{}]")
_MAX_DIGITS: Final = 15


def _check_structure(text: str) -> None:
    """Refuse, before the decoder builds anything, more lists and objects than any sheet has
    (:data:`MAX_JSON_NODES`) or nesting deeper than :data:`MAX_JSON_DEPTH` (brackets inside
    strings, a portrait's or a note's, do not count)."""
    bare = _JSON_STRING.sub("", text)
    count = bare.count("[") + bare.count("{")
    if count > MAX_JSON_NODES:
        raise RuleError(
            "character.import_too_many",
            f"{count} lists and objects; a sheet has at most {MAX_JSON_NODES}",
            count=count,
            maximum=MAX_JSON_NODES,
        )
    depth = 0
    for found in _JSON_BRACKET.finditer(bare):
        depth += 1 if found[0] in "[{" else -1
        if depth > MAX_JSON_DEPTH:
            raise RuleError(
                "character.import_too_deep",
                f"nested deeper than {MAX_JSON_DEPTH} levels",
                maximum=MAX_JSON_DEPTH,
            )


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError(f"{text[:20]}… has more than {_MAX_DIGITS} digits")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is not a finite number")
    return value


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number a sheet holds")


def sheet_problems(data: object) -> tuple[SheetProblem, ...]:
    """Everything wrong with ``data`` as a sheet (empty when it is a valid one)."""
    if not isinstance(data, dict):
        return (SheetProblem("", "character.problem.not_object"),)
    problems: list[SheetProblem] = []
    rest = dict(data)
    if "attributes" in rest:
        # Checked on their own: the sheet's defaults derive from them before any
        # other field is read, so one bad attribute would hide every other problem.
        try:
            Attributes.model_validate(rest["attributes"])
        except ValidationError as exc:
            problems.extend(_problems(exc, ("attributes",)))
            rest.pop("attributes")
    try:
        Combatant.model_validate(rest)
    except ValidationError as exc:
        problems.extend(_problems(exc))
    problems.extend(_too_long("name", data.get("name"), MAX_NAME))
    weapons = data.get("weapons")
    if isinstance(weapons, list):
        if len(weapons) > MAX_WEAPONS:
            problems.append(
                SheetProblem("weapons", "character.too_many_weapons", {"maximum": MAX_WEAPONS})
            )
        for index, weapon in enumerate(weapons):
            if not isinstance(weapon, dict):
                continue
            for field in ("name", "item"):
                problems.extend(
                    _too_long(f"weapons.{index}.{field}", weapon.get(field), MAX_WEAPON_NAME)
                )
            damage = weapon.get("damage")
            if not isinstance(damage, str):
                continue
            try:
                parse_damage(damage)
            except RuleError as exc:
                problems.append(SheetProblem(f"weapons.{index}.damage", exc.key, dict(exc.params)))
    return tuple(problems)


def _too_long(where: str, value: object, maximum: int) -> list[SheetProblem]:
    """Names end up in Discord's choices (at most 100 characters) and embed titles."""
    if isinstance(value, str) and len(value.strip()) > maximum:
        return [SheetProblem(where, "character.problem.too_long", {"maximum": maximum})]
    return []


def import_sheet(data: object) -> Combatant:
    """A fresh sheet from imported data; :class:`SheetInvalidError` lists what is wrong."""
    problems = sheet_problems(data)
    if problems:
        raise SheetInvalidError(problems)
    assert isinstance(data, dict)
    return fresh(Combatant.create(**data))


class SheetInvalidError(RuleError):
    """Imported data is not a valid sheet; :attr:`problems` says everything that is wrong."""

    def __init__(self, problems: tuple[SheetProblem, ...]) -> None:
        super().__init__(
            "character.import_invalid",
            "; ".join(f"{p.field or 'sheet'}: {p.key}" for p in problems),
            count=len(problems),
        )
        self.problems = problems


_PYDANTIC_KEYS: Final = {
    "missing": "character.problem.missing",
    "extra_forbidden": "character.problem.unknown_field",
    "int_type": "character.problem.not_integer",
    "int_parsing": "character.problem.not_integer",
    "int_from_float": "character.problem.not_integer",
    "float_type": "character.problem.not_number",
    "float_parsing": "character.problem.not_number",
    "string_type": "character.problem.not_text",
    "bool_type": "character.problem.not_boolean",
    "bool_parsing": "character.problem.not_boolean",
    "enum": "character.problem.not_one_of",
    "list_type": "character.problem.not_list",
    "tuple_type": "character.problem.not_list",
    "frozen_set_type": "character.problem.not_list",
    "set_type": "character.problem.not_list",
    "dict_type": "character.problem.not_object",
    "model_type": "character.problem.not_object",
    "model_attributes_type": "character.problem.not_object",
}


def _problems(exc: ValidationError, prefix: tuple[str, ...] = ()) -> list[SheetProblem]:
    """Every error of ``exc``, opening the reports of nested models validated by hand."""
    found: list[SheetProblem] = []
    for error in exc.errors():
        loc = (*prefix, *(str(part) for part in error.get("loc", ())))
        nested = (error.get("ctx") or {}).get("error")
        if isinstance(nested, ValidationError):
            found.extend(_problems(nested, loc))
        else:
            found.append(_problem(error, loc))
    return found


def _problem(error: Mapping[str, Any], loc: tuple[str, ...] | None = None) -> SheetProblem:
    parts = loc if loc is not None else tuple(str(part) for part in error.get("loc", ()))
    where = ".".join(parts)
    ctx = error.get("ctx") or {}
    original = ctx.get("error")
    if isinstance(original, RuleError):
        return SheetProblem(where, original.key, dict(original.params))
    kind = str(error.get("type", ""))
    key = _PYDANTIC_KEYS.get(kind, "character.problem.invalid")
    params: dict[str, object] = {}
    if key == "character.problem.not_one_of":
        params["expected"] = str(ctx.get("expected", ""))
    elif key == "character.problem.invalid":
        params["reason"] = kind or "invalid"
    return SheetProblem(where, key, params)


def _first_error(exc: ValidationError) -> RuleError:
    problem = _problem(exc.errors()[0])
    if problem.key.startswith("character.problem."):
        return RuleError(
            "character.invalid_field",
            f"{problem.field}: {problem.key}",
            field=problem.field,
        )
    return RuleError(problem.key, str(exc), **problem.params)
