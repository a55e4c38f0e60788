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
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal

from pydantic import ValidationError

from rules.combatant import Armor, Attributes, Combatant, HitLocation, Shield, Trait, Weapon
from rules.damage import parse_damage
from rules.errors import RuleError
from rules.ranged import weapon_range

__all__ = [
    "ERROR_KEYS",
    "EXPORT_EXCLUDE",
    "MAX_IMPORT_BYTES",
    "MAX_NAME",
    "MAX_WEAPONS",
    "MAX_WEAPON_NAME",
    "SKILL_TRAITS",
    "ParryEntry",
    "SheetInvalidError",
    "SheetProblem",
    "SheetTrait",
    "add_trait",
    "add_weapon",
    "build_weapon",
    "export_sheet",
    "fighting_copy",
    "fresh",
    "import_sheet",
    "parse_parry",
    "parse_sheet_json",
    "remove_trait",
    "remove_weapon",
    "rename_sheet",
    "set_armor",
    "set_shield",
    "sheet_problems",
    "sheet_traits",
]

ERROR_KEYS: Final = frozenset(
    {
        "character.bad_parry",  #           text
        "character.bad_reach",  #           text
        "character.weapon_exists",  #       character, weapon
        "character.too_many_weapons",  #    maximum
        "character.conflicting_traits",  #  character, trait, other
        "character.trait_missing",  #       character, trait
        "character.skill_needs_level",  #   character, trait
        "character.invalid_field",  #       field
        "character.import_too_large",  #    size, maximum
        "character.import_not_text",  #     (none)
        "character.import_not_json",  #     line, column
        "character.import_too_deep",  #     (none)
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
MAX_IMPORT_BYTES: Final = 64 * 1024
"""An imported sheet is a few kilobytes; anything much larger is not a sheet."""
EXPORT_EXCLUDE: Final = frozenset({"state"})
"""Fields left out of an export: a saved sheet carries no fight state."""


class SheetTrait(StrEnum):
    """Traits a player adds by name: the :class:`Trait` flags, the leveled Hard to Kill,
    Altered Time Rate and Acute senses, being a male humanoid (R7.28's groin rule) and the
    skills the combat rules read, with their level."""

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
    ACROBATICS = "acrobatics"
    JUMPING = "jumping"
    JUDO = "judo"
    KARATE = "karate"
    BRAWLING = "brawling"
    FAST_DRAW = "fast_draw"
    # The senses' traits (R16.3-R16.8) come last: the first 25 fill the autocomplete list.
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


SKILL_TRAITS: Final = frozenset(
    {
        SheetTrait.ACROBATICS,  # R6.4, R7.12, R7.14, R5.18, R5.19
        SheetTrait.JUMPING,  # R5.18, R5.19
        SheetTrait.JUDO,  # R7.14, R11.12
        SheetTrait.KARATE,  # R11.12
        SheetTrait.BRAWLING,  # R11.12
        SheetTrait.FAST_DRAW,  # R5.22, R5.26
    }
)
"""The skills the combat rules ask a sheet about; each is set with its level."""

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
    """A fresh copy of a saved sheet under the name it fights with ("Orc 2")."""
    return _rebuild(sheet, name=name.strip(), state=None)


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
    range_text: str | None = None,
    launcher: Literal["bow", "crossbow"] | None = None,
    natural: bool = False,
) -> Weapon:
    """A weapon from a command's options; the damage text must parse (``sw+2 cut``), and so
    must the range (``15/20``, ``x1/x1.5``: :func:`rules.ranged.weapon_range`).

    Without ``parry`` a melee or thrown weapon parries at 0 and a missile weapon (one
    with an Accuracy or a Snap Shot number that is not thrown) cannot parry at all, as
    the weapon tables print it for bows and crossbows (B376).
    """
    parse_damage(damage)
    ranges = range_text.strip() if range_text and range_text.strip() else None
    weapon_range(ranges, 10)
    if not _REACH_RE.match(reach.strip().casefold()):
        raise RuleError("character.bad_reach", f"cannot read the reach {reach!r}", text=reach)
    if parry is None:
        missile = not thrown and (accuracy > 0 or snap_shot is not None)
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
            range=ranges,
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
    folded = name.strip().casefold()
    for weapon in sheet.weapons:
        if weapon.name.casefold() == folded:
            kept = [w for w in sheet.weapons if w is not weapon]
            return _rebuild(sheet, weapons=kept), weapon
    raise RuleError(
        "combatant.unknown_weapon",
        f"{sheet.name} has no weapon called {name!r}",
        combatant=sheet.name,
        weapon=name,
    )


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


def _has(sheet: Combatant, trait: SheetTrait) -> bool:
    if trait in LEVELED:
        return bool(getattr(sheet, trait.value))
    if trait is SheetTrait.MALE_HUMANOID:
        return sheet.male_humanoid
    if trait in SKILL_TRAITS:
        return trait.value in sheet.skills
    return sheet.has(Trait(trait.value))


def add_trait(sheet: Combatant, trait: SheetTrait, level: int | None = None) -> Combatant:
    """Give the sheet a trait. Hard to Kill, Altered Time Rate and the Acute senses take a
    level (1 or more, default 1); a skill needs its level (replacing any it had); the others
    take none."""
    if trait is SheetTrait.MALE_HUMANOID:
        return _rebuild(sheet, male_humanoid=True)
    if trait in SKILL_TRAITS:
        if level is None:
            raise RuleError(
                "character.skill_needs_level",
                f"{trait} needs a level",
                character=sheet.name,
                trait=trait.value,
            )
        if level < 1:
            raise RuleError(
                "combatant.value_too_low",
                f"{trait} must be at least 1 (got {level})",
                field=trait.value,
                value=level,
                minimum=1,
            )
        return _rebuild(sheet, skills={**sheet.skills, trait.value: level})
    if trait in LEVELED:
        level = 1 if level is None else level
        if level < 1:
            raise RuleError(
                "combatant.value_too_low",
                f"{trait.value} must be at least 1 (got {level})",
                field=trait.value,
                value=level,
                minimum=1,
            )
        return _rebuild(sheet, **{trait.value: level})
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
    """Take a trait off the sheet (a leveled one goes back to 0, a skill is forgotten)."""
    updated: dict[str, Any]
    if trait in LEVELED:
        updated = {trait.value: 0}
    elif trait is SheetTrait.MALE_HUMANOID:
        updated = {"male_humanoid": False}
    elif trait in SKILL_TRAITS:
        updated = {"skills": {k: v for k, v in sheet.skills.items() if k != trait.value}}
    else:
        updated = {"traits": sheet.traits - {Trait(trait.value)}}
    if not _has(sheet, trait):
        raise RuleError(
            "character.trait_missing",
            f"{sheet.name} does not have {trait}",
            character=sheet.name,
            trait=trait.value,
        )
    return _rebuild(sheet, **updated)


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
    """Decode an uploaded file into JSON data, or a :class:`RuleError` saying why not."""
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
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError(
            "character.import_not_json",
            f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
            line=exc.lineno,
            column=exc.colno,
        ) from exc
    except RecursionError:
        # Lists or objects nested thousands deep fit in a small file; no sheet nests
        # more than a few levels, so this is refused like any other file that is no sheet.
        raise RuleError(
            "character.import_too_deep", "the JSON nests deeper than the decoder goes"
        ) from None


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
            problems.extend(_too_long(f"weapons.{index}.name", weapon.get("name"), MAX_WEAPON_NAME))
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
