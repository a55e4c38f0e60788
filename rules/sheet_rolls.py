"""Success rolls by name against a sheet: a skill, an attribute, Will, Perception or a sense.

:func:`find_target` reads what a player names (``dx``, ``Stealth``, ``Fast-Draw (Sword)``,
``vision``) on a sheet; :func:`roll_targets` lists everything a sheet can roll, for
autocomplete. :func:`sheet_level` works out the level with the penalties the fighter's
condition brings *where the rules say so*:

- shock: on his next turn, IQ, DX and the skills based on them (R7.6); a skill whose
  basis the sheet does not know counts as one of them (most skills are);
- what burns on him (his clothes, a wooden shield) takes -2 or -3 from DX and the skills
  based on it (R10.5-R10.7), as on his attacks and defenses (:func:`rules.fire.burning_dx_penalty`);
- below 1/3 of his FP his ST is halved, rounding up (R8.1): ST rolls and ST-based skills;
- a sense roll is Perception with the modifiers of the sense's traits, as ``/sense``
  works them out (:func:`rules.senses.sense_modifiers`: Acute senses, Hyperspectral
  Vision, Discriminatory senses, Hard of Hearing; R16.1, R16.5, R16.7, R16.8); with both
  eyes blinded (R7.16) there is no Vision roll.

Other conditions change no success roll's number, and are named instead: stunned or
mentally stunned, he may only Do Nothing (R7.10, R7.11); at 0 HP or below he rolls HT
each turn to stay conscious (R7.2); at 0 FP or below he needs a Will roll before any
action but resting or talking (R8.2). Posture and reeling change attacks, defenses and
Move (B551, R7.1), not success rolls.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.checks import SkillCheck, skill_check
from rules.combatant import Combatant, Side, skill_key
from rules.errors import RuleError
from rules.fire import burning_dx_penalty
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import DiceRoller
from rules.senses import LOCATING_SENSES, Sense, request_from_sheet, sense_modifiers

__all__ = [
    "ATTRIBUTES",
    "ERROR_KEYS",
    "SENSES",
    "CheckKind",
    "CheckNote",
    "CheckTarget",
    "SheetCheck",
    "SheetLevel",
    "find_target",
    "roll_targets",
    "sheet_check",
    "sheet_level",
]

ERROR_KEYS: Final = frozenset(
    {
        "sheetcheck.unknown_target",  # character, name
        "sheetcheck.which_specialization",  # character, skill, skills (Skill values)
        "sheetcheck.blind",  #          character
    }
)
"""Every :class:`RuleError` key this module raises, for the translation catalogs."""

ATTRIBUTES: Final = ("st", "dx", "iq", "ht", "will", "per")
"""The attributes (and Will and Perception) a sheet rolls against."""
SENSES: Final = {sense.value: sense for sense in Sense if sense not in LOCATING_SENSES}
"""The Sense rolls (R16.1): Perception with the modifiers of the sense's traits."""
_SHOCKED: Final = frozenset({"dx", "iq"})


class CheckKind(StrEnum):
    ATTRIBUTE = "attribute"
    SENSE = "sense"
    SKILL = "skill"


class CheckNote(StrEnum):
    """A condition that changes no number but matters to the roll (its rule in the value's
    catalog text)."""

    STUNNED = "stunned"  # R7.10
    MENTALLY_STUNNED = "mentally_stunned"  # R7.11
    UNCONSCIOUS = "unconscious"  # R4.2
    HP_AT_ZERO = "hp_at_zero"  # R7.2
    FP_AT_ZERO = "fp_at_zero"  # R8.2


class CheckTarget(BaseModel):
    """What a roll is made against: ``key`` is the attribute (``"dx"``), the sense
    (``"vision"``) or the skill's label (``"Fast-Draw (Sword)"``); ``based_on`` is the
    attribute under it (``None`` for a skill of unknown basis)."""

    model_config = ConfigDict(frozen=True)

    kind: CheckKind
    key: str
    level: int
    based_on: str | None = None


class SheetLevel(BaseModel):
    """A target's level on a sheet with the condition's modifiers, and the notes."""

    model_config = ConfigDict(frozen=True)

    target: CheckTarget
    modifiers: tuple[Modifier, ...] = ()
    notes: tuple[CheckNote, ...] = ()

    @property
    def value(self) -> int:
        return self.target.level + sum(m.value for m in self.modifiers)


class SheetCheck(BaseModel):
    """``/check character: skill:``: who rolled what, at which level, and the roll."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    character: str
    level: SheetLevel
    modifier: int = 0
    check: SkillCheck


def _attribute_level(sheet: Combatant, key: str) -> int:
    value: int = getattr(sheet.attributes, key)
    return value


def roll_targets(sheet: Combatant) -> tuple[CheckTarget, ...]:
    """Everything the sheet can roll against: attributes, senses, then skills by name."""
    found = [
        CheckTarget(
            kind=CheckKind.ATTRIBUTE,
            key=key,
            level=_attribute_level(sheet, key),
            based_on=key,
        )
        for key in ATTRIBUTES
    ]
    found.extend(
        CheckTarget(kind=CheckKind.SENSE, key=key, level=sheet.attributes.per, based_on="per")
        for key in SENSES
    )
    found.extend(
        CheckTarget(
            kind=CheckKind.SKILL, key=skill.label, level=skill.level, based_on=skill.attribute
        )
        for skill in sorted(sheet.skills, key=lambda s: s.label.casefold())
    )
    return tuple(found)


def find_target(sheet: Combatant, name: str) -> CheckTarget:
    """The target ``name`` names on ``sheet`` (ignoring case, hyphens and spaces): an
    attribute's or a sense's key, or a skill's label or (with a single specialization
    on the sheet) its name. A bare name the sheet holds in several specializations is refused
    naming them (``sheetcheck.which_specialization``): the roll needs one."""
    wanted = skill_key(name)
    targets = roll_targets(sheet)
    for target in targets:
        if target.kind is not CheckKind.SKILL and skill_key(target.key) == wanted:
            return target
    for target in targets:
        if target.kind is CheckKind.SKILL and skill_key(target.key) == wanted:
            return target
    named = [
        skill for skill in sheet.skills if skill_key(skill.name) == wanted and skill.specialization
    ]
    if len(named) == 1:
        return next(t for t in targets if t.key == named[0].label)
    if named:
        # The skills themselves, named in the reader's language by the error's renderer.
        held = tuple(sorted(named, key=lambda s: s.label.casefold()))
        raise RuleError(
            "sheetcheck.which_specialization",
            f"{sheet.name} has {name!r} in several specializations",
            character=sheet.name,
            skill=held[0].model_copy(update={"specialization": ""}),
            skills=held,
        )
    raise RuleError(
        "sheetcheck.unknown_target",
        f"{sheet.name} has no {name!r} to roll",
        character=sheet.name,
        name=name.strip(),
    )


def sheet_level(sheet: Combatant, target: CheckTarget, *, in_fight: bool) -> SheetLevel:
    """``target``'s level with what the fighter's condition brings (see the module's
    description); a sheet that is not fighting rolls its plain level (and a sense its
    Acute bonus)."""
    modifiers: list[Modifier] = []
    if target.kind is CheckKind.SENSE:
        sense = SENSES[target.key]
        if sense is Sense.VISION and in_fight and set(sheet.state.blinded_eyes) == set(Side):
            raise RuleError(
                "sheetcheck.blind", f"{sheet.name} is blind: no Vision roll", character=sheet.name
            )
        modifiers.extend(
            Modifier(key=f"sense_{found.key}", value=found.value, rule_id=found.rule_id)
            for found in sense_modifiers(request_from_sheet(sheet, sense))
        )
    if not in_fight:
        return SheetLevel(target=target, modifiers=tuple(modifiers))
    state = sheet.state
    based = target.based_on
    if state.shock_penalty and (
        based in _SHOCKED or (target.kind is CheckKind.SKILL and based is None)
    ):
        modifiers.append(Modifier(key="shock", value=state.shock_penalty, rule_id="R7.6"))
    if based == "dx":
        burning = burning_dx_penalty(state)
        if burning is not None:
            modifiers.append(burning)
    if based == "st" and sheet.is_tired:
        strength = sheet.attributes.st
        modifiers.append(
            Modifier(key="tired", value=math.ceil(strength / 2) - strength, rule_id="R8.1")
        )
    notes: list[CheckNote] = []
    if state.unconscious:
        notes.append(CheckNote.UNCONSCIOUS)
    if state.stunned:
        notes.append(CheckNote.STUNNED)
    if state.mentally_stunned:
        notes.append(CheckNote.MENTALLY_STUNNED)
    if state.hp <= 0:
        notes.append(CheckNote.HP_AT_ZERO)
    if state.fp <= 0:
        notes.append(CheckNote.FP_AT_ZERO)
    return SheetLevel(target=target, modifiers=tuple(modifiers), notes=tuple(notes))


def sheet_check(
    sheet: Combatant,
    name: str,
    roller: DiceRoller,
    options: RuleOptions,
    *,
    in_fight: bool,
    modifier: int = 0,
) -> SheetCheck:
    """A success roll (A.1) against ``name`` on ``sheet``, with the condition's modifiers
    (:func:`sheet_level`) and the player's own ``modifier``."""
    level = sheet_level(sheet, find_target(sheet, name), in_fight=in_fight)
    check = skill_check(
        level.target.level,
        roller,
        options,
        modifier=level.value - level.target.level + modifier,
    )
    return SheetCheck(character=sheet.name, level=level, modifier=modifier, check=check)
