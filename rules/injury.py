"""The damage pipeline: one hit in, one :class:`InjuryOutcome` out (catalog section 7).

:func:`apply_hit` takes the target, a :class:`~rules.damage.DamageSpec` (basic
damage already rolled) and the dice roller, and works through, in order:

1. basic damage: the Basic Set minimum (A.2, G7), halved at ½D range;
2. effective DR (:func:`rules.hit_location.effective_dr`);
3. penetrating damage × wounding multiplier, rounded down, at least 1 when
   anything penetrated (A.2); Injury Tolerance (Diffuse caps, R14.3);
4. blunt trauma when nothing penetrated flexible armor (R7.15);
5. crippling thresholds and the lost excess on limbs and extremities (R7.16,
   R7.21, R7.22), eye blinding (R7.26), face corrosion blinding (R7.27),
   the single-limb cap for large-area injury (R7.18);
6. HP, shock (R7.6, R7.28), Major Wound (R7.7);
7. rolls, each recorded with its rule id, target and dice: crushed windpipe and
   decapitation (R7.29), death checks (R7.3) and automatic death or destruction
   (R7.4, R7.5), knockdown and knockout (R7.8, R7.9, R7.13), knockback and the
   balance roll (R7.14).

The outcome carries every intermediate number and the victim's new state; it
never carries text.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from rules.checks import Outcome, success_roll
from rules.combatant import (
    BodyPart,
    Combatant,
    CombatantState,
    HitLocation,
    Posture,
    Side,
    Trait,
    body_part,
)
from rules.damage import PIERCING_TYPES, DamageSpec, DamageType, apply_minimum_damage
from rules.hit_location import (
    EXTREMITIES,
    HEAD,
    LIMBS,
    DRComputation,
    Wounding,
    check_target,
    crippling_threshold,
    effective_dr,
    has_no_brain,
    has_no_vitals,
    internal_wounding,
    wounding_for_traits,
)
from rules.options import RuleOptions
from rules.records import Modifier, RollPurpose, RollRecord
from rules.roller import DiceRoller

# Enum members as module constants: attribute access on an Enum class is slow
# in the hot path, a global is not.
_COR = DamageType.COR
_CR = DamageType.CR
_CUT = DamageType.CUT
_FAT = DamageType.FAT
_IMP = DamageType.IMP
_EYE = HitLocation.EYE
_FACE = HitLocation.FACE
_GROIN = HitLocation.GROIN
_NECK = HitLocation.NECK
_SKULL = HitLocation.SKULL
_TORSO = HitLocation.TORSO
_VITALS = HitLocation.VITALS
_CRITICAL_FAILURE = Outcome.CRITICAL_FAILURE
_PRONE = Posture.PRONE
_LEFT = Side.LEFT
_RIGHT = Side.RIGHT
_HIGH_PAIN_THRESHOLD = Trait.HIGH_PAIN_THRESHOLD
_IT_DIFFUSE = Trait.IT_DIFFUSE
_LOW_PAIN_THRESHOLD = Trait.LOW_PAIN_THRESHOLD

__all__ = [
    "DEFAULT_OPTIONS",
    "DeathChecks",
    "InjuryOutcome",
    "InjuryStatus",
    "Knockback",
    "Knockdown",
    "KnockdownResult",
    "KnockdownTrigger",
    "apply_hit",
    "blunt_trauma",
    "death_check_thresholds",
    "diffuse_injury_cap",
    "injury_status",
    "knockback_distance",
    "knockdown_check",
    "knockdown_modifiers",
    "knockdown_trigger",
    "major_wound_threshold",
    "resolve_death_checks",
    "roll_against",
    "shock_penalty",
    "shock_rise",
]

DEFAULT_OPTIONS: Final = RuleOptions()

_IMP_OR_PI: Final = PIERCING_TYPES | {_IMP}
_CRIPPLEABLE: Final = LIMBS | EXTREMITIES
_PAIRED_PARTS: Final = _CRIPPLEABLE | {_EYE}
_NEED_CHECK: Final = frozenset({_VITALS, _EYE})
_PAIN_TRAITS: Final = frozenset({_HIGH_PAIN_THRESHOLD, _LOW_PAIN_THRESHOLD})
_KNOCKDOWN_LOCATIONS: Final = HEAD | {_VITALS, _GROIN}
_SHOCK_RULES: Final = ("R7.6",)
_SHOCK_TRIGGER_LOCATIONS: Final = HEAD | {_VITALS}
_MAX_SHOCK: Final = 4
_MAX_DOUBLED_SHOCK: Final = 8


# --------------------------------------------------------------------------- roll records

# RollRecord (rules.records), Knockdown and InjuryOutcome are frozen dataclasses without slots
# or ``__post_init__``. Their ``__init__`` sets each field with one
# ``object.__setattr__``; the hot path builds them in one step instead,
# ``_new(cls)`` then ``__dict__`` set to a dict literal holding every field,
# which makes the same object several times faster.
_new = object.__new__
_set = object.__setattr__


def roll_against(
    purpose: RollPurpose,
    rule_id: str,
    attribute: str,
    base: int,
    modifiers: tuple[Modifier, ...] = (),
    *,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
) -> RollRecord:
    """Roll 3d6 against ``base`` plus ``modifiers`` (A.1) and record it."""
    target = base
    for modifier in modifiers:
        target += modifier.value
    return _record(purpose, rule_id, attribute, base, modifiers, target, roller, options)


def _record(  # noqa: PLR0917 - positional keeps the hot path's calls cheap
    purpose: RollPurpose,
    rule_id: str,
    attribute: str,
    base: int,
    modifiers: tuple[Modifier, ...],
    target: int,
    roller: DiceRoller,
    options: RuleOptions,
) -> RollRecord:
    """:func:`roll_against` with the target already summed."""
    record = _new(RollRecord)
    _set(
        record,
        "__dict__",
        {
            "purpose": purpose,
            "rule_id": rule_id,
            "attribute": attribute,
            "base": base,
            "modifiers": modifiers,
            "roll": success_roll(target, roller, options),
        },
    )
    return record


# --------------------------------------------------------------------------- pure pieces


def shock_penalty(injury: int, max_hp: int) -> int:
    """Shock for ``injury`` taken this turn (R7.6): −min(4, injury), or −1 per full HP/10
    for HP 20+ (the quotient injury ÷ (HP/10) rounded down, capped at −4).
    """
    if injury <= 0:
        return 0
    if max_hp >= 20:
        return -min(_MAX_SHOCK, injury * 10 // max_hp)
    return -min(_MAX_SHOCK, injury)


def shock_rise(earlier_injury: int, injury: int, max_hp: int) -> int:
    """The shock ``injury`` causes on its own (R7.6), before the -4 cap: its injury for HP
    under 20; for HP 20+, the full HP/10 steps it adds to the ``earlier_injury`` taken since
    the fighter's last turn (HP 20: 1 injury alone adds none, a second one adds 1)."""
    if injury <= 0:
        return 0
    if max_hp >= 20:
        return (earlier_injury + injury) * 10 // max_hp - earlier_injury * 10 // max_hp
    return injury


def major_wound_threshold(max_hp: int) -> int:
    """Smallest single-blow injury that is a Major Wound: more than HP/2 (R7.7)."""
    return max_hp // 2 + 1


def blunt_trauma(damage_type: DamageType, damage: int) -> int:
    """R7.15: 1 injury per full 10 points of pi/cut/imp, per full 5 of crushing, through
    flexible armor that stopped the blow. ``damage`` is what reached the flexible layer.
    """
    if damage <= 0:
        return 0
    if damage_type is _CR:
        return damage // 5
    if damage_type in _IMP_OR_PI or damage_type is _CUT:
        return damage // 10
    return 0


def knockback_distance(basic_damage: int, st: int) -> int:
    """R7.14: one metre per full (ST − 2) of basic damage; the divisor is at least 1."""
    if basic_damage <= 0:
        return 0
    return basic_damage // max(1, st - 2)


def death_check_thresholds(hp_after: int, max_hp: int, already_made: int) -> tuple[int, ...]:
    """The multiples k (1–4) of −HP newly reached, each needing an HT roll (R7.3)."""
    return tuple(k for k in range(already_made + 1, 5) if hp_after <= -k * max_hp)


@dataclass(frozen=True, slots=True)
class InjuryStatus:
    """The general injury table (R7.1–R7.5) for a current HP."""

    reeling: bool
    must_roll_to_stay_conscious: bool
    consciousness_penalty: int
    death_checks_due: int
    dead: bool
    destroyed: bool
    rule_ids: tuple[str, ...]


def injury_status(current_hp: int, max_hp: int) -> InjuryStatus:
    """Flags for ``current_hp`` of ``max_hp`` (R7.1–R7.5).

    ``consciousness_penalty`` is −1 per full multiple of −HP (R7.2): HP 12 at −13
    is −1, at −11 it is 0. ``death_checks_due`` counts the −k×HP thresholds
    reached (k ≤ 4); ``destroyed`` assumes a source able to destroy (R7.5).
    """
    rule_ids = []
    reeling = 3 * current_hp < max_hp
    if reeling:
        rule_ids.append("R7.1")
    at_zero = current_hp <= 0
    penalty = -((-current_hp) // max_hp) if at_zero else 0
    if at_zero:
        rule_ids.append("R7.2")
    due = len(death_check_thresholds(current_hp, max_hp, 0))
    if due:
        rule_ids.append("R7.3")
    dead = current_hp <= -5 * max_hp
    if dead:
        rule_ids.append("R7.4")
    destroyed = current_hp <= -10 * max_hp
    if destroyed:
        rule_ids.append("R7.5")
    return InjuryStatus(
        reeling=reeling,
        must_roll_to_stay_conscious=at_zero,
        consciousness_penalty=penalty,
        death_checks_due=due,
        dead=dead,
        destroyed=destroyed,
        rule_ids=tuple(rule_ids),
    )


# --------------------------------------------------------------------------- knockdown


class KnockdownResult(StrEnum):
    """How a knockdown roll ended (R7.8, R7.13)."""

    RESISTED = "resisted"
    KNOCKED_DOWN = "knocked_down"
    KNOCKED_OUT = "knocked_out"


class KnockdownTrigger(StrEnum):
    """Why a knockdown roll was needed (R7.8)."""

    MAJOR_WOUND = "major_wound"
    HEAD_SHOCK = "head_shock"
    VITALS_SHOCK = "vitals_shock"


# The knockdown roll's fixed modifiers (R7.8, R7.28), built once: Modifier is immutable.
_MAJOR_WOUND_MODIFIERS: Final = {
    _SKULL: Modifier("major_wound_skull", -10, "R7.8"),
    _EYE: Modifier("major_wound_eye", -10, "R7.8"),
    _FACE: Modifier("major_wound_face", -5, "R7.8"),
    _VITALS: Modifier("major_wound_vitals", -5, "R7.8"),
    _GROIN: Modifier("major_wound_groin", -5, "R7.28"),
}
_HIGH_PAIN_THRESHOLD_MODIFIER: Final = Modifier("high_pain_threshold", 3, "R7.8")
_LOW_PAIN_THRESHOLD_MODIFIER: Final = Modifier("low_pain_threshold", -4, "R7.8")
_KNOCKDOWN = RollPurpose.KNOCKDOWN
_DEATH_CHECK = RollPurpose.DEATH_CHECK
_KNOCKBACK_BALANCE = RollPurpose.KNOCKBACK_BALANCE
_SUCCESSES: Final = frozenset({Outcome.CRITICAL_SUCCESS, Outcome.SUCCESS})
_RESISTED = KnockdownResult.RESISTED
_KNOCKED_DOWN = KnockdownResult.KNOCKED_DOWN
_KNOCKED_OUT = KnockdownResult.KNOCKED_OUT
_MAJOR_WOUND_TRIGGER = KnockdownTrigger.MAJOR_WOUND
_HEAD_SHOCK = KnockdownTrigger.HEAD_SHOCK
_VITALS_SHOCK = KnockdownTrigger.VITALS_SHOCK


@dataclass(frozen=True)
class Knockdown:
    """The knockdown HT roll and its result."""

    trigger: KnockdownTrigger
    roll: RollRecord
    result: KnockdownResult
    already_down: bool = False
    """He was not standing when he rolled (a slam's fall, R11.13): a resisted roll keeps
    him from the stun, not on his feet (R7.8)."""


def knockdown_trigger(
    target: Combatant,
    location: HitLocation,
    major_wound: bool,
    injury: int,
    *,
    earlier_injury: int = 0,
) -> KnockdownTrigger | None:
    """Whether a hit calls for a knockdown roll (R7.8, R7.9).

    A Major Wound anywhere, or shock from a hit to the skull, eye, face or vitals: an injury
    that causes shock on its own (:func:`shock_rise`; with HP 20+ a 1-point face hit causes
    none, so no roll). ``earlier_injury`` is the injury already taken since his last turn.
    No Brain drops the shock trigger for the head, No Vitals for the vitals (R7.9).
    """
    if major_wound:
        return KnockdownTrigger.MAJOR_WOUND
    if shock_rise(earlier_injury, injury, target.attributes.hp) <= 0:
        return None
    if location in HEAD and not has_no_brain(target):
        return KnockdownTrigger.HEAD_SHOCK
    if location is _VITALS and not has_no_vitals(target):
        return KnockdownTrigger.VITALS_SHOCK
    return None


def knockdown_modifiers(
    target: Combatant,
    location: HitLocation,
    major_wound: bool,
    damage_type: DamageType,
    options: RuleOptions = DEFAULT_OPTIONS,
) -> tuple[Modifier, ...]:
    """Modifiers to the knockdown HT roll (R7.8, R7.9, R7.28).

    −10 for a Major Wound to the skull or eye, −5 to the face, vitals or (crushing,
    male humanoid; any type with ``groin_knockdown_any_type``) groin; +3 High Pain
    Threshold, −4 Low Pain Threshold. Injury Tolerance (No Brain / No Vitals)
    drops the location penalty where it applies (R7.9), and with
    ``injury_tolerance_no_knockdown_modifiers`` the pain thresholds too.
    """
    traits = target.traits
    if location not in _KNOCKDOWN_LOCATIONS and _PAIN_TRAITS.isdisjoint(traits):
        return ()
    modifiers: list[Modifier] = []
    tolerant = False
    if major_wound:
        if location in (_SKULL, _EYE):
            if has_no_brain(target):
                tolerant = True
            else:
                modifiers.append(_MAJOR_WOUND_MODIFIERS[location])
        elif location is _FACE:
            if has_no_brain(target):
                tolerant = True
            else:
                modifiers.append(_MAJOR_WOUND_MODIFIERS[_FACE])
        elif location is _VITALS:
            if has_no_vitals(target):
                tolerant = True
            else:
                modifiers.append(_MAJOR_WOUND_MODIFIERS[_VITALS])
        elif location is _GROIN and target.male_humanoid:
            applies = damage_type is _CR or options.groin_knockdown_any_type
            if applies and has_no_vitals(target):
                tolerant = True
            elif applies:
                modifiers.append(_MAJOR_WOUND_MODIFIERS[_GROIN])
    if (location in HEAD and has_no_brain(target)) or (
        location in (_VITALS, _GROIN) and has_no_vitals(target)
    ):
        tolerant = True
    if tolerant and options.injury_tolerance_no_knockdown_modifiers:
        return ()
    if _HIGH_PAIN_THRESHOLD in traits:
        modifiers.append(_HIGH_PAIN_THRESHOLD_MODIFIER)
    if _LOW_PAIN_THRESHOLD in traits:
        modifiers.append(_LOW_PAIN_THRESHOLD_MODIFIER)
    return tuple(modifiers)


def knockdown_check(
    target: Combatant,
    location: HitLocation,
    *,
    major_wound: bool,
    injury: int,
    damage_type: DamageType,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
) -> Knockdown | None:
    """Roll HT against knockdown when the hit calls for it (R7.8, R7.9, R7.13).

    Failure: knocked down (prone, stunned, drops what he holds). Failure by 5 or
    more, or a critical failure: knocked out. ``None`` when no roll is needed.
    """
    trigger = knockdown_trigger(
        target, location, major_wound, injury, earlier_injury=target.state.shock_injury
    )
    if trigger is None:
        return None
    return _knockdown(target, location, major_wound, damage_type, trigger, roller, options)


def _knockdown(  # noqa: PLR0917 - positional keeps the hot path's calls cheap
    target: Combatant,
    location: HitLocation,
    major_wound: bool,
    damage_type: DamageType,
    trigger: KnockdownTrigger,
    roller: DiceRoller,
    options: RuleOptions,
) -> Knockdown:
    """The knockdown roll of :func:`knockdown_check` once ``trigger`` is known."""
    ht = effective = target.attributes.ht
    modifiers: tuple[Modifier, ...] = ()
    if location in _KNOCKDOWN_LOCATIONS or not _PAIN_TRAITS.isdisjoint(target.traits):
        modifiers = knockdown_modifiers(target, location, major_wound, damage_type, options)
        for modifier in modifiers:
            effective += modifier.value
    roll = success_roll(effective, roller, options)
    record = _new(RollRecord)
    _set(
        record,
        "__dict__",
        {
            "purpose": _KNOCKDOWN,
            "rule_id": "R7.8",
            "attribute": "ht",
            "base": ht,
            "modifiers": modifiers,
            "roll": roll,
        },
    )
    outcome = roll.outcome
    if outcome in _SUCCESSES:
        result = _RESISTED
    elif outcome is _CRITICAL_FAILURE or roll.margin <= -5:
        result = _KNOCKED_OUT
    else:
        result = _KNOCKED_DOWN
    knockdown = _new(Knockdown)
    _set(
        knockdown,
        "__dict__",
        {
            "trigger": trigger,
            "roll": record,
            "result": result,
            "already_down": target.state.posture is not Posture.STANDING,
        },
    )
    return knockdown


# --------------------------------------------------------------------------- knockback


@dataclass(frozen=True, slots=True)
class Knockback:
    """R7.14: how far the blow threw the target and whether he kept his feet."""

    basic_damage: int
    attribute: str
    divisor: int
    metres: int
    balance_roll: RollRecord | None
    fell: bool


def _knockback(  # noqa: PLR0917 - positional keeps the call cheap
    target: Combatant,
    spec: DamageSpec,
    basic: int,
    penetrating: int,
    roll_balance: bool,
    roller: DiceRoller,
    options: RuleOptions,
) -> Knockback | None:
    kind = spec.damage_type
    if not (kind is _CR or spec.knockback_bullet or (kind is _CUT and penetrating == 0)):
        return None
    attributes = target.attributes
    attribute = "ht" if spec.knockback_uses_ht else "st"
    # R8.1: below 1/3 FP his ST is halved for everything but HP and damage: knockback too.
    score = attributes.ht if spec.knockback_uses_ht else target.st
    metres = knockback_distance(basic, score)
    if metres <= 0:
        return None
    record: RollRecord | None = None
    fell = False
    if roll_balance:
        best_name, best = "dx", attributes.dx
        for skill in ("acrobatics", "judo"):
            level = target.skill(skill)
            if level is not None and level > best:
                best_name, best = skill, level
        modifiers: tuple[Modifier, ...] = ()
        effective = best
        if metres > 1:
            modifiers = (Modifier("knockback_distance", -(metres - 1), "R7.14"),)
            effective -= metres - 1
        record = _record(
            _KNOCKBACK_BALANCE, "R7.14", best_name, best, modifiers, effective, roller, options
        )
        fell = record.roll.outcome not in _SUCCESSES
    return Knockback(
        basic_damage=basic,
        attribute=attribute,
        divisor=max(1, score - 2),
        metres=metres,
        balance_roll=record,
        fell=fell,
    )


# --------------------------------------------------------------------------- death


@dataclass(frozen=True, slots=True)
class DeathChecks:
    """Death checks for a new HP total (R7.3–R7.5)."""

    rolls: tuple[RollRecord, ...]
    checks_made: int
    dead: bool
    destroyed: bool
    mortally_wounded: bool
    rule_ids: tuple[str, ...]


def resolve_death_checks(
    target: Combatant,
    hp_after: int,
    *,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
    already_dead: bool = False,
    checks_made: int | None = None,
    can_destroy: bool = True,
) -> DeathChecks:
    """Roll HT once for each −k×HP threshold newly reached (R7.3), stopping at the first death.

    −5×HP kills outright (R7.4); −10×HP destroys the body when the source can
    (R7.5). Hard to Kill adds its level (Base 4e, B58). With ``mortal_wounds`` a
    failure by 1 or 2 (not a critical failure) leaves him mortally wounded.
    """
    made = target.state.death_checks_made if checks_made is None else checks_made
    rule_ids: list[str] = []
    rolls, made, dead, destroyed, mortal = _death_checks(
        target, hp_after, roller, options, already_dead, made, can_destroy, rule_ids
    )
    return DeathChecks(
        rolls=rolls,
        checks_made=made,
        dead=dead,
        destroyed=destroyed,
        mortally_wounded=mortal,
        rule_ids=tuple(rule_ids),
    )


def _death_checks(  # noqa: PLR0917 - positional keeps the hot path's call cheap
    target: Combatant,
    hp_after: int,
    roller: DiceRoller,
    options: RuleOptions,
    dead: bool,
    made: int,
    can_destroy: bool,
    rule_ids: list[str],
) -> tuple[tuple[RollRecord, ...], int, bool, bool, bool]:
    """:func:`resolve_death_checks` as (rolls, checks made, dead, destroyed, mortally
    wounded), its rule ids appended to ``rule_ids``.
    """
    max_hp = target.attributes.hp
    rolls: list[RollRecord] = []
    mortal = False
    if hp_after <= -5 * max_hp:
        if not dead:
            rule_ids.append("R7.4")
        dead = True
        made = 4
    elif not dead:
        ht = target.attributes.ht
        hard_to_kill = target.hard_to_kill
        bonus = (Modifier("hard_to_kill", hard_to_kill, "B58"),) if hard_to_kill else ()
        for k in range(made + 1, 5):
            if hp_after > -k * max_hp:
                continue  # death_check_thresholds(): only the multiples of −HP reached
            made = k
            record = _record(
                _DEATH_CHECK, "R7.3", "ht", ht, bonus, ht + hard_to_kill, roller, options
            )
            rolls.append(record)
            outcome = record.roll.outcome
            if outcome in _SUCCESSES:
                continue
            if (
                options.mortal_wounds
                and outcome is not _CRITICAL_FAILURE
                and record.roll.margin >= -2
            ):
                mortal = True
                continue
            dead = True
            break
        if rolls:
            rule_ids.append("R7.3")
    destroyed = can_destroy and hp_after <= -10 * max_hp
    if destroyed:
        dead = True
        rule_ids.append("R7.5")
    return tuple(rolls), made, dead, destroyed, mortal and not dead


# --------------------------------------------------------------------------- the outcome


@dataclass(frozen=True)
class InjuryOutcome:
    """Everything one hit did, step by step, and the victim afterwards.

    Damage: ``rolled_damage`` as given, ``basic_damage`` after the minimum and ½D;
    ``dr``; ``penetrating``; ``wounding``; ``raw_injury`` (rounded down, minimum 1);
    ``tolerance_cap`` (Diffuse); ``blunt_trauma``; ``crippling_threshold``,
    ``injury_lost`` (the excess beyond it); ``injury`` (what came off HP, or FP
    for fatigue damage). Effects: HP and FP before/after, ``shock_penalty`` for
    his next turn, ``major_wound``, newly ``crippled`` part and ``blinded`` eyes,
    and the rolls. ``target`` is the victim as he was; ``combatant`` is the victim
    with ``state`` applied.
    """

    spec: DamageSpec
    rolled_damage: int
    basic_damage: int
    minimum_applied: bool
    half_damage_applied: bool
    dr: DRComputation
    penetrating: int
    wounding: Wounding
    raw_injury: int
    tolerance_cap: int | None
    blunt_trauma: int
    crippling_threshold: int | None
    injury_lost: int
    injury: int
    hp_before: int
    hp_after: int
    fp_before: int
    fp_after: int
    shock_penalty: int
    major_wound: bool
    crippled: BodyPart | None
    blinded: tuple[Side, ...]
    trachea_roll: RollRecord | None
    decapitation_roll: RollRecord | None
    death_checks: tuple[RollRecord, ...]
    knockdown: Knockdown | None
    knockback: Knockback | None
    died: bool
    destroyed: bool
    mortally_wounded: bool
    knocked_out: bool
    state: CombatantState
    target: Combatant
    rule_ids: tuple[str, ...]

    @functools.cached_property
    def combatant(self) -> Combatant:
        """The victim after the hit: ``target`` with ``state`` applied (built once: the blow,
        the victim's turn and the encounter each ask)."""
        return self.target.model_copy(update={"state": self.state})


# Every field of InjuryOutcome, in order. apply_hit copies this dict and sets
# each value: on CPython 3.11 that costs about 0.7 us where a 34-entry dict
# literal costs 1.2 us. A field added to InjuryOutcome but not set there keeps
# the UNSET marker, which tests/unit/test_injury.py looks for in every outcome.
UNSET: Final = object()
_OUTCOME_FIELDS: Final[dict[str, object]] = dict.fromkeys(
    (field.name for field in dataclasses.fields(InjuryOutcome)), UNSET
)


# --------------------------------------------------------------------------- the pipeline


def diffuse_injury_cap(
    damage_type: DamageType, *, area: bool, options: RuleOptions = DEFAULT_OPTIONS
) -> int | None:
    """R14.3 (Injury Tolerance: Diffuse, Base 4e): at most 1 injury per impaling or piercing
    hit and 2 per other hit, except large-area, cone and explosion attacks (``area``);
    ``None`` when nothing caps it (or the ``diffuse_injury_cap`` option is off)."""
    if not options.diffuse_injury_cap or area:
        return None
    return 1 if damage_type in _IMP_OR_PI else 2


def _diffuse_cap(target: Combatant, spec: DamageSpec, options: RuleOptions) -> int | None:
    if not target.has(_IT_DIFFUSE):
        return None
    return diffuse_injury_cap(
        spec.damage_type, area=spec.large_area or spec.explosive, options=options
    )


def _next_shock(  # noqa: PLR0917 - positional keeps the call cheap
    state: CombatantState,
    injury: int,
    max_hp: int,
    doubled: bool,
    target: Combatant,
    options: RuleOptions,
) -> tuple[int, Sequence[str]]:
    """New shock penalty after ``injury`` more this turn (R7.6, R7.28; B59/B142 pain)."""
    old = -state.shock_penalty
    if injury <= 0:
        return -old, []
    traits = target.traits
    pain = options.pain_threshold_shock and not _PAIN_TRAITS.isdisjoint(traits)
    if not (doubled or pain):
        # The common case: no doubling, no pain threshold (R7.6).
        total = state.shock_injury + injury
        if max_hp >= 20:
            after = min(_MAX_SHOCK, total * 10 // max_hp)
            before = min(_MAX_SHOCK, state.shock_injury * 10 // max_hp)
        else:
            after = min(_MAX_SHOCK, total)
            before = min(_MAX_SHOCK, state.shock_injury)
        return -max(old, min(_MAX_SHOCK, old + after - before)), _SHOCK_RULES
    rules = ["R7.6"]
    if pain and _HIGH_PAIN_THRESHOLD in traits:
        return -old, [*rules, "B59"]
    # The shock this blow causes on its own (R7.28: "provocado pelo ataque"): the rise of
    # the uncapped injury count, at most 4. Doubling the rise of the capped total would
    # shrink the groin's doubling when earlier injury already reached the -4 cap.
    increase = min(_MAX_SHOCK, shock_rise(state.shock_injury, injury, max_hp))
    cap = _MAX_SHOCK
    if doubled:
        increase *= 2
        cap = _MAX_DOUBLED_SHOCK
        rules.append("R7.28")
    if pain and _LOW_PAIN_THRESHOLD in traits:
        increase *= 2
        cap = _MAX_DOUBLED_SHOCK
        rules.append("B142")
    magnitude = max(old, min(cap, old + increase))
    return -magnitude, rules


def apply_hit(
    target: Combatant,
    spec: DamageSpec,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
) -> InjuryOutcome:
    """Apply one hit to ``target``: the whole of section 7, one call, one outcome.

    Raises ``hit_location.unreachable`` for a crushing blow to the vitals and the like.
    The code is written for speed (it runs once per hit of every fight), so the
    common cases skip the calls they do not need; each step still lands in the
    outcome.
    """
    kind = spec.damage_type
    if spec.location in _NEED_CHECK:
        check_target(spec.location, kind, tight_beam=spec.tight_beam)
    rule_ids: list[str] = []
    max_hp = target.attributes.hp
    state = target.state
    traits = target.traits

    # 1. Basic damage (A.2, G7; ½D halves, rounding down).
    basic = spec.basic_damage
    half = spec.half_damage_range
    if half:
        basic //= 2
    minimum_applied = False
    if basic < 1 and spec.environmental:
        # Environmental damage is floored at 0, not raised to the attack minimum (G7).
        basic = 0
    elif basic < 1:
        floored = apply_minimum_damage(basic, kind, options)
        if floored != basic:
            minimum_applied = True
            rule_ids.append("G7")
            basic = floored

    # Where the injury lands: large-area is a torso hit unless only one part was exposed.
    single_part: HitLocation | None = None
    area_as_torso = False
    location = spec.location
    if spec.large_area:
        if len(spec.exposed) == 1:
            single_part = location = spec.exposed[0]
        else:
            area_as_torso = True
            location = _TORSO

    # 2. DR, 3. penetration and wounding (A.2).
    dr = effective_dr(target, spec)
    rule_ids += dr.rule_ids
    stopped = dr.effective
    penetrating = basic - stopped if basic > stopped else 0
    wounded_at = location if spec.location_wounding else _TORSO
    wounding = (
        internal_wounding(kind, traits)
        if spec.internal
        else wounding_for_traits(
            spec.location if area_as_torso else wounded_at,
            kind,
            spec.tight_beam,
            area_as_torso,
            traits,
        )
    )
    rule_ids += wounding.rule_ids
    raw = 0
    if penetrating:
        # Rounded down, at least 1 (the product is never negative).
        raw = penetrating * wounding.numerator // wounding.denominator or 1
        rule_ids.append("A.2")
    injury = raw
    cap: int | None = None
    if _IT_DIFFUSE in traits:
        cap = _diffuse_cap(target, spec, options)
        if cap is not None and injury > cap:
            injury = cap
            rule_ids.append("R14.3")

    # 4. Blunt trauma through flexible armor that stopped the blow (R7.15).
    trauma = 0
    if not penetrating and dr.armor.flexible and not dr.armor_ignored:
        trauma = blunt_trauma(kind, basic - dr.rigid_effective)
        if trauma:
            injury = trauma
            rule_ids.append("R7.15")

    # 5. Crippling, caps and blinding (R7.16, R7.18, R7.21, R7.22, R7.26, R7.27).
    threshold: int | None = None
    lost = 0
    crippled_now: BodyPart | None = None
    blinded: list[Side] = []
    update: dict[str, object] = {}
    fatigue = kind is _FAT
    if injury and location in _PAIRED_PARTS and not area_as_torso and not fatigue:
        part = body_part(location, spec.side)
        threshold = crippling_threshold(location, max_hp, options)
        if part is not None and threshold is not None:
            limb_injury = state.limb_injury
            already = limb_injury.get(part, 0)
            counted = injury
            if location in _CRIPPLEABLE:
                counted = min(injury, max(0, threshold - already))
                lost = injury - counted
                if lost:
                    rule_ids.append("R7.16")
            total = already + counted
            update["limb_injury"] = {**limb_injury, part: total}
            if total >= threshold and part not in state.crippled:
                crippled_now = part
                update["crippled"] = state.crippled | {part}
                rule_ids.append("R7.16")
                if location is _EYE:
                    blinded.append(spec.side)
            injury = counted
    if single_part is not None and single_part in _CRIPPLEABLE:
        mw_cap = major_wound_threshold(max_hp)
        if injury > mw_cap:
            lost += injury - mw_cap
            injury = mw_cap
            rule_ids.append("R7.18")
    major_wound = not fatigue and (2 * injury > max_hp or crippled_now is not None)
    if major_wound:
        rule_ids.append("R7.7")
        if location is _FACE and kind is _COR:
            wanted = 2 if injury > max_hp else 1
            for eye in (_RIGHT, _LEFT):
                if len(blinded) >= wanted:
                    break
                if eye not in state.blinded_eyes:
                    blinded.append(eye)
            rule_ids.append("R7.27")
    if blinded:
        update["blinded_eyes"] = state.blinded_eyes | frozenset(blinded)

    # 6. HP or FP, shock.
    hp_before = hp_after = state.hp
    fp_before = fp_after = state.fp
    shock = state.shock_penalty
    fainted = False
    if fatigue:
        if injury:
            # R8.2, R8.3: at 0 FP or less each FP lost costs 1 HP too; at -FP he faints and
            # the rest comes off HP.
            from rules.fatigue import fp_loss  # noqa: PLC0415 - rules.fatigue imports this module

            loss = fp_loss(fp_after, target.attributes.fp, injury)
            fp_after = loss.fp_after
            update["fp"] = fp_after
            if loss.hp_lost:
                hp_after -= loss.hp_lost
                update["hp"] = hp_after
                if loss.hp_with_fp:
                    rule_ids.append("R8.2")
                if loss.hp_instead:
                    rule_ids.append("R8.3")
            if fp_after <= -target.attributes.fp and not state.unconscious:
                fainted = True
                update["unconscious"] = update["fatigue_unconscious"] = True
                rule_ids.append("R8.3")
    elif injury:
        hp_after -= injury
        update["hp"] = hp_after
        doubled = (
            location is _GROIN
            and kind is _CR
            and target.male_humanoid
            and not has_no_vitals(target)
        )
        earlier = state.shock_injury
        if doubled or (options.pain_threshold_shock and not _PAIN_TRAITS.isdisjoint(traits)):
            shock, shock_rules = _next_shock(state, injury, max_hp, doubled, target, options)
            rule_ids.extend(shock_rules)
        else:
            # _next_shock()'s common case, inline: no doubling, no pain threshold (R7.6).
            if max_hp >= 20:
                after = (earlier + injury) * 10 // max_hp
                before = earlier * 10 // max_hp
            else:
                after = earlier + injury
                before = earlier
            after = min(after, _MAX_SHOCK)
            before = min(before, _MAX_SHOCK)
            shock = min(shock, max(-_MAX_SHOCK, shock - after + before))
            rule_ids.append("R7.6")
        update["shock_penalty"] = shock
        update["shock_injury"] = earlier + injury

    # 7. Rolls.
    dead = state.dead
    alive_before = not dead
    trachea_roll: RollRecord | None = None
    decapitation_roll: RollRecord | None = None
    if location is _NECK and injury and not dead:
        if kind is _CR and 3 * injury > max_hp:
            trachea_roll = roll_against(
                RollPurpose.CRUSHED_TRACHEA,
                "R7.29",
                "ht",
                target.attributes.ht,
                (Modifier("injury", -(injury // 2), "R7.29"),),
                roller=roller,
                options=options,
            )
            if not trachea_roll.roll.outcome.is_success:
                update["crushed_trachea"] = True
                update["trachea_penalty"] = -(injury // 2)
                hp_after -= 1
                update["hp"] = hp_after
            rule_ids.append("R7.29")
        elif kind is _CUT and injury > max_hp:
            decapitation_roll = roll_against(
                RollPurpose.DECAPITATION,
                "R7.29",
                "ht",
                target.attributes.ht,
                (Modifier("injury", -(injury // 2), "R7.29"),),
                roller=roller,
                options=options,
            )
            if not decapitation_roll.roll.outcome.is_success:
                dead = True
            rule_ids.append("R7.29")

    destroyed = state.destroyed
    mortal = state.mortally_wounded
    death_rolls: tuple[RollRecord, ...] = ()
    if hp_after <= -max_hp:
        death_rolls, made, died, destroyed_now, mortal_now = _death_checks(
            target,
            hp_after,
            roller,
            options,
            dead,
            state.death_checks_made,
            spec.can_destroy,
            rule_ids,
        )
        dead = dead or died
        destroyed = destroyed or destroyed_now
        mortal = (mortal or mortal_now) and not dead
        update["death_checks_made"] = made
        update["destroyed"] = destroyed
        update["mortally_wounded"] = mortal
    if dead and not state.dead:
        update["dead"] = True
        mortal = False
        update["mortally_wounded"] = False

    posture = _PRONE if fainted else state.posture
    unconscious = state.unconscious or fainted
    knockdown: Knockdown | None = None
    knocked_out = False
    if (
        not dead
        and not unconscious
        and not fatigue
        and injury
        and (major_wound or location in _SHOCK_TRIGGER_LOCATIONS)
    ):
        # knockdown_trigger() for an injury above 0 (R7.8, R7.9): a hit to the head or vitals
        # rolls only if it causes shock (HP 20+: 1 injury of 20 causes none).
        trigger: KnockdownTrigger | None = _MAJOR_WOUND_TRIGGER
        if not major_wound:
            if shock_rise(state.shock_injury, injury, max_hp) <= 0:
                trigger = None
            elif location is _VITALS:
                trigger = None if has_no_vitals(target) else _VITALS_SHOCK
            else:
                trigger = None if has_no_brain(target) else _HEAD_SHOCK
        if trigger is not None:
            knockdown = _knockdown(target, location, major_wound, kind, trigger, roller, options)
            rule_ids.append("R7.8")
            if knockdown.result is not _RESISTED:
                posture = _PRONE
                update["stunned"] = True
                update["knocked_down"] = True
                # R7.8: he "drops anything he is holding"; his fists and his strapped
                # shield stay with him (Combatant.held_weapons).
                held = {w.item_name for w in target.held_weapons}
                if held:
                    update["dropped"] = state.dropped.union(held)
                if knockdown.result is _KNOCKED_OUT:
                    unconscious = knocked_out = True
                    update["unconscious"] = True
                    rule_ids.append("R7.13")

    knockback: Knockback | None = None
    attributes = target.attributes
    # R7.14 with R15.8: what stopped in cover before him pushes him nowhere.
    pushing = basic if spec.knockback_damage is None else min(basic, spec.knockback_damage)
    if (
        (kind is _CR or spec.knockback_bullet or kind is _CUT)
        and spec.knockback
        and pushing >= max(1, (attributes.ht if spec.knockback_uses_ht else target.st) - 2)
    ):
        knockback = _knockback(
            target,
            spec,
            pushing,
            penetrating,
            not dead and not unconscious and posture is not _PRONE,
            roller,
            options,
        )
        if knockback is not None:
            rule_ids.append("R7.14")
            if knockback.fell:
                posture = _PRONE
    if posture is not state.posture:
        update["posture"] = posture

    fields = _OUTCOME_FIELDS.copy()
    fields["spec"] = spec
    fields["rolled_damage"] = spec.basic_damage
    fields["basic_damage"] = basic
    fields["minimum_applied"] = minimum_applied
    fields["half_damage_applied"] = half
    fields["dr"] = dr
    fields["penetrating"] = penetrating
    fields["wounding"] = wounding
    fields["raw_injury"] = raw
    fields["tolerance_cap"] = cap
    fields["blunt_trauma"] = trauma
    fields["crippling_threshold"] = threshold
    fields["injury_lost"] = lost
    fields["injury"] = injury
    fields["hp_before"] = hp_before
    fields["hp_after"] = hp_after
    fields["fp_before"] = fp_before
    fields["fp_after"] = fp_after
    fields["shock_penalty"] = shock
    fields["major_wound"] = major_wound
    fields["crippled"] = crippled_now
    fields["blinded"] = tuple(blinded)
    fields["trachea_roll"] = trachea_roll
    fields["decapitation_roll"] = decapitation_roll
    fields["death_checks"] = death_rolls
    fields["knockdown"] = knockdown
    fields["knockback"] = knockback
    fields["died"] = dead and alive_before
    fields["destroyed"] = destroyed
    fields["mortally_wounded"] = mortal
    fields["knocked_out"] = knocked_out
    fields["state"] = state.evolve(update) if update else state
    fields["target"] = target
    fields["rule_ids"] = tuple(dict.fromkeys(rule_ids))
    outcome = _new(InjuryOutcome)
    _set(outcome, "__dict__", fields)
    return outcome
