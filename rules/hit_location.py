"""The seed's hit-location table (R7.19–R7.29): penalties, who can be hit where, DR, wounding.

* :func:`attack_penalty` — the to-hit penalty for aiming at a location, halved
  (size rounded up) for a grab (R7.19), chinks replacing it (R7.23), shield
  limbs (R7.21, R7.22).
* :func:`check_target` — vitals and eyes only for the attacks that reach them
  (R7.24, R7.26).
* :func:`effective_dr` — the DR a hit meets: location armor, open helmets and
  bare groins (R7.27, R7.28), the skull's +2 (R7.25; the eye ignores it, R7.26),
  chinks (R7.23), large-area averaging (R7.18), armor divisors (A.2).
* :func:`wounding_multiplier` — the location's multiplier, which replaces the
  type's (A.2), with Injury Tolerance (Base 4e, B380).
* :func:`crippling_threshold` — injury that cripples a limb, extremity or eye
  (R7.16, R7.21, R7.22, R7.26).
* :func:`random_hit_location` and :func:`miss_by_one` — A.9 and R7.28/R7.29.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules.combatant import Armor, Combatant, HitLocation, Side, Trait
from rules.damage import PIERCING_TYPES, WOUNDING_MODIFIERS, DamageSpec, DamageType
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.roller import DiceRoller

__all__ = [
    "ERROR_KEYS",
    "HIT_LOCATION_PENALTIES",
    "HOMOGENEOUS_MODIFIERS",
    "LIMBS",
    "UNLIVING_MODIFIERS",
    "DRComputation",
    "LocationPenalty",
    "MissByOne",
    "RandomHitLocation",
    "Wounding",
    "attack_penalty",
    "can_target",
    "check_target",
    "crippling_threshold",
    "effective_dr",
    "internal_wounding",
    "miss_by_one",
    "random_hit_location",
    "wounding_for_traits",
    "wounding_multiplier",
]

ERROR_KEYS: Final = frozenset(
    {
        "hit_location.unreachable",  # location, damage_type
        "hit_location.vitals_from_side",
    }
)

#: Penalty to hit each location (R7.19).
HIT_LOCATION_PENALTIES: Final[dict[HitLocation, int]] = {
    HitLocation.TORSO: 0,
    HitLocation.ARM: -2,
    HitLocation.LEG: -2,
    HitLocation.HAND: -4,
    HitLocation.FOOT: -4,
    HitLocation.VITALS: -3,
    HitLocation.SKULL: -7,
    HitLocation.EYE: -9,
    HitLocation.FACE: -5,
    HitLocation.GROIN: -3,
    HitLocation.NECK: -5,
}

CHINKS_TORSO_PENALTY: Final = -8
CHINKS_ELSEWHERE_PENALTY: Final = -10
ARM_WITH_SHIELD_PENALTY: Final = -4
HAND_WITH_SHIELD_PENALTY: Final = -8
SKULL_DR_BONUS: Final = 2

LIMBS: Final = frozenset({HitLocation.ARM, HitLocation.LEG})
EXTREMITIES: Final = frozenset({HitLocation.HAND, HitLocation.FOOT})
HEAD: Final = frozenset({HitLocation.SKULL, HitLocation.EYE, HitLocation.FACE})
_BRAIN: Final = frozenset({HitLocation.SKULL, HitLocation.EYE})
_VITAL: Final = frozenset({HitLocation.VITALS, HitLocation.GROIN})
_LIMB_X1_TYPES: Final = frozenset({DamageType.IMP, DamageType.PI_LARGE, DamageType.PI_HUGE})
_IMP_OR_PI: Final = PIERCING_TYPES | {DamageType.IMP}

#: Injury Tolerance (Unliving) wounding for imp and piercing (Base 4e, B380).
UNLIVING_MODIFIERS: Final[dict[DamageType, Fraction]] = {
    DamageType.IMP: Fraction(1),
    DamageType.PI_HUGE: Fraction(1),
    DamageType.PI_LARGE: Fraction(1, 2),
    DamageType.PI: Fraction(1, 3),
    DamageType.PI_SMALL: Fraction(1, 5),
}
#: Injury Tolerance (Homogeneous) wounding for imp and piercing (Base 4e, B380).
HOMOGENEOUS_MODIFIERS: Final[dict[DamageType, Fraction]] = {
    DamageType.IMP: Fraction(1, 2),
    DamageType.PI_HUGE: Fraction(1, 2),
    DamageType.PI_LARGE: Fraction(1, 3),
    DamageType.PI: Fraction(1, 5),
    DamageType.PI_SMALL: Fraction(1, 10),
}

_LOCATION_RULE: Final[dict[HitLocation, str]] = {
    HitLocation.TORSO: "R7.20",
    HitLocation.ARM: "R7.21",
    HitLocation.LEG: "R7.21",
    HitLocation.HAND: "R7.22",
    HitLocation.FOOT: "R7.22",
    HitLocation.VITALS: "R7.24",
    HitLocation.SKULL: "R7.25",
    HitLocation.EYE: "R7.26",
    HitLocation.FACE: "R7.27",
    HitLocation.GROIN: "R7.28",
    HitLocation.NECK: "R7.29",
}


def location_rule(location: HitLocation) -> str:
    """The catalog entry for ``location`` (``"R7.24"`` for the vitals)."""
    return _LOCATION_RULE[location]


# --------------------------------------------------------------------------- to hit


@dataclass(frozen=True, slots=True)
class LocationPenalty:
    """The to-hit modifier for aiming at a location, and how it was reached."""

    location: HitLocation
    base: int
    value: int
    grapple: bool
    chinks_in_armor: bool
    holding_shield: bool
    rule_ids: tuple[str, ...]


def attack_penalty(
    location: HitLocation,
    *,
    grapple: bool = False,
    chinks_in_armor: bool = False,
    holding_shield: bool = False,
    options: RuleOptions | None = None,
) -> LocationPenalty:
    """To-hit penalty for ``location`` (R7.19).

    Chinks in armor replace the location's penalty: −8 on the torso, −10 elsewhere
    (R7.23). An arm holding a shield is −4, its hand −8 (R7.21, R7.22). Grabbing
    halves the penalty, rounding its size up (−5 → −3); ``grab_penalty_round_down``
    rounds it down instead (−5 → −2).
    """
    rule_ids = ["R7.19", _LOCATION_RULE[location]]
    if chinks_in_armor:
        base = CHINKS_TORSO_PENALTY if location is HitLocation.TORSO else CHINKS_ELSEWHERE_PENALTY
        rule_ids.append("R7.23")
    elif holding_shield and location is HitLocation.ARM:
        base = ARM_WITH_SHIELD_PENALTY
    elif holding_shield and location is HitLocation.HAND:
        base = HAND_WITH_SHIELD_PENALTY
    else:
        base = HIT_LOCATION_PENALTIES[location]
    value = base
    if grapple:
        size = -base
        round_down = options is not None and options.grab_penalty_round_down
        value = -(size // 2) if round_down else -((size + 1) // 2)
    return LocationPenalty(
        location=location,
        base=base,
        value=value,
        grapple=grapple,
        chinks_in_armor=chinks_in_armor,
        holding_shield=holding_shield,
        rule_ids=tuple(rule_ids),
    )


def can_target(location: HitLocation, damage_type: DamageType, *, tight_beam: bool = False) -> bool:
    """Whether an attack of this type can reach ``location`` (R7.24, R7.26)."""
    if location in (HitLocation.VITALS, HitLocation.EYE):
        return damage_type in _IMP_OR_PI or (tight_beam and damage_type is DamageType.BURN)
    return True


def check_target(
    location: HitLocation,
    damage_type: DamageType,
    *,
    tight_beam: bool = False,
    from_side: bool = False,
) -> None:
    """Raise ``hit_location.unreachable`` when the attack cannot reach ``location``, and
    ``hit_location.vitals_from_side`` for the vitals from a side arc: heart and lungs are
    hit only from the front, kidneys only from the rear (R7.24).
    """
    if from_side and location is HitLocation.VITALS:
        raise RuleError(
            "hit_location.vitals_from_side",
            "the vitals can be hit only from the front or the rear",
        )
    if not can_target(location, damage_type, tight_beam=tight_beam):
        raise RuleError(
            "hit_location.unreachable",
            f"{damage_type.abbreviation} attacks cannot reach the {location} "
            "(only impaling, piercing or tight-beam burning can)",
            location=str(location),
            damage_type=str(damage_type),
        )


# --------------------------------------------------------------------------- DR


@dataclass(frozen=True, slots=True)
class DRComputation:
    """How the DR a hit met was worked out, step by step.

    ``armor`` is the covering layers (after large-area averaging); ``armor_dr`` is
    what counts of them (0 when ignored), ``chinks_dr`` after halving, ``skull_bonus``
    the skull's +2, ``before_divisor`` their sum, ``effective`` after the armor
    divisor (rounded down). ``rigid_effective`` is the outer rigid layer's share,
    for blunt trauma (R7.15).
    """

    armor: Armor
    armor_dr: int
    armor_ignored: bool
    large_area_dr: int | None
    chinks_halved: bool
    chinks_dr: int
    skull_bonus: int
    before_divisor: int
    armor_divisor: Fraction
    effective: int
    rigid_effective: int
    rule_ids: tuple[str, ...]


def _divide(dr: int, divisor: Fraction) -> int:
    if divisor == 1:
        return dr
    return int(dr * divisor.denominator // divisor.numerator)


def large_area_dr(torso_dr: int, exposed_drs: tuple[int, ...]) -> int:
    """R7.18: the average of the torso's DR and the least-protected exposed part's, rounded down."""
    least = min((torso_dr, *exposed_drs))
    return (torso_dr + least) // 2


def effective_dr(target: Combatant, spec: DamageSpec) -> DRComputation:
    """The DR ``spec`` meets on ``target`` (R7.18, R7.23, R7.25–R7.28, A.2)."""
    profile = target.dr
    # The divisor as two integers: a Fraction hashes and compares in Python code,
    # a pair of ints in C, and this is the key of the cached step.
    divisor = spec.divisor_key
    ratio = None if divisor is None else (divisor.numerator, divisor.denominator)
    overrides = profile.overrides
    kind = spec.damage_type
    if spec.large_area:
        # DRProfile.at() for every part, inline: an override, else the vitals
        # take the torso's armor and every other part the uniform armor.
        uniform = profile.uniform
        torso = overrides.get(_TORSO_LOCATION, uniform)
        if torso.against:
            torso = torso.for_damage(kind)
        least = torso_dr = torso.rigid + torso.flexible
        for part in spec.exposed or _ALL_LOCATIONS:
            covering = overrides.get(part)
            if covering is None:
                covering = torso if part is _VITALS_LOCATION else uniform
            if covering.against:
                covering = covering.for_damage(kind)
            least = min(least, covering.rigid + covering.flexible)
        large = large_area_dr(torso_dr, (least,))
        # Split the averaged DR like the torso's layers, outer rigid first (R7.15).
        rigid = min(torso.rigid, large)
        return _dr(rigid, large - rigid, spec.location, False, False, ratio, large)
    location = spec.location
    armor = overrides.get(location)
    if armor is None:
        armor = profile.at(location) if location is _VITALS_LOCATION else profile.uniform
    if armor.against:
        # GCS's "4/2*": some armor is weaker (or stronger) against one damage type.
        armor = armor.for_damage(kind)
    return _dr(
        armor.rigid,
        armor.flexible,
        location,
        spec.chinks_in_armor and spec.damage_type in _IMP_OR_PI,
        spec.armor_ignored,
        ratio,
        None,
    )


_ALL_LOCATIONS: Final = tuple(HitLocation)
_NO_DIVISOR: Final = Fraction(1)
_TORSO_LOCATION: Final = HitLocation.TORSO
_VITALS_LOCATION: Final = HitLocation.VITALS


@functools.lru_cache(maxsize=4096)
def _dr(  # noqa: PLR0917 - positional keeps the cache lookup cheap on the hot path
    rigid: int,
    flexible: int,
    location: HitLocation,
    chinks: bool,
    ignored: bool,
    divisor_ratio: tuple[int, int] | None,
    large: int | None,
) -> DRComputation:
    """The DR steps for one armor/location/attack combination (cached: they are pure).

    ``divisor_ratio`` is the armor divisor's (numerator, denominator), ``None`` for none.
    """
    divisor = _NO_DIVISOR if divisor_ratio is None else Fraction(*divisor_ratio)
    rule_ids: list[str] = []
    armor = Armor(rigid=rigid, flexible=flexible)
    armor_dr = rigid + flexible
    if large is not None:
        rule_ids.append("R7.18")
    if ignored:
        armor_dr = 0
        rigid = 0
        rule_ids.append(_LOCATION_RULE[location])
    chinks_dr = armor_dr
    if chinks:
        chinks_dr = armor_dr // 2
        rigid //= 2
        rule_ids.append("R7.23")
    skull = SKULL_DR_BONUS if location is HitLocation.SKULL and large is None else 0
    if skull:
        rule_ids.append("R7.25")
    if location is HitLocation.EYE and large is None:
        rule_ids.append("R7.26")
    before = chinks_dr + skull
    effective = _divide(before, divisor)
    if divisor != 1:
        rule_ids.append("A.2")
    return DRComputation(
        armor=armor,
        armor_dr=armor_dr,
        armor_ignored=ignored,
        large_area_dr=large,
        chinks_halved=chinks,
        chinks_dr=chinks_dr,
        skull_bonus=skull,
        before_divisor=before,
        armor_divisor=divisor,
        effective=effective,
        # The skull's bone lies under the armor, so it is no rigid layer over the
        # flexible one: only worn rigid armor reduces what reaches it (R7.15, R7.25).
        rigid_effective=_divide(rigid, divisor),
        rule_ids=tuple(rule_ids),
    )


# --------------------------------------------------------------------------- wounding


@dataclass(frozen=True, slots=True)
class Wounding:
    """The multiplier applied to penetrating damage, and where it came from.

    ``numerator``/``denominator`` repeat the multiplier as plain integers for the
    hot path (``Fraction``'s own are Python properties).
    """

    multiplier: Fraction
    wounding_location: HitLocation
    rule_ids: tuple[str, ...]
    numerator: int = 1
    denominator: int = 1


_NO_BRAIN_TRAITS: Final = frozenset({Trait.IT_NO_BRAIN, Trait.IT_HOMOGENEOUS, Trait.IT_DIFFUSE})
_NO_VITALS_TRAITS: Final = frozenset({Trait.IT_NO_VITALS, Trait.IT_HOMOGENEOUS, Trait.IT_DIFFUSE})


def _no_brain(target: Combatant) -> bool:
    return not _NO_BRAIN_TRAITS.isdisjoint(target.traits)


def _no_vitals(target: Combatant) -> bool:
    return not _NO_VITALS_TRAITS.isdisjoint(target.traits)


def has_no_brain(target: Combatant) -> bool:
    """No Brain, or Homogeneous/Diffuse which include it (Base 4e, B60; R7.9)."""
    return _no_brain(target)


def has_no_vitals(target: Combatant) -> bool:
    """No Vitals, or Homogeneous/Diffuse which include it (Base 4e, B60; R7.9)."""
    return _no_vitals(target)


def _type_modifier(damage_type: DamageType, traits: frozenset[Trait]) -> tuple[Fraction, str]:
    # Diffuse (R14.3, B380) caps the injury instead (rules.injury.diffuse_injury_cap): an
    # area or explosion attack does normal injury to it, with the usual wounding.
    if damage_type in _IMP_OR_PI:
        if Trait.IT_HOMOGENEOUS in traits:
            return HOMOGENEOUS_MODIFIERS[damage_type], "B380"
        if Trait.IT_UNLIVING in traits:
            return UNLIVING_MODIFIERS[damage_type], "B380"
    return WOUNDING_MODIFIERS[damage_type], "A.2"


def _location_multiplier(
    where: HitLocation, damage_type: DamageType, *, tight_beam: bool, living: bool
) -> Fraction | None:
    """The multiplier a location imposes instead of the type's, or ``None`` (R7.19–R7.29)."""
    if where in _BRAIN:
        return None if damage_type is DamageType.TOX else Fraction(4)
    if where is HitLocation.VITALS:
        if damage_type in _IMP_OR_PI:
            return Fraction(3)
        if tight_beam and damage_type is DamageType.BURN:
            return Fraction(2)
        return None
    if where is HitLocation.NECK:
        if damage_type in (DamageType.CR, DamageType.COR):
            return Fraction(3, 2)
        return Fraction(2) if damage_type is DamageType.CUT else None
    if where is HitLocation.FACE:
        return Fraction(3, 2) if damage_type is DamageType.COR else None
    if (where in LIMBS or where in EXTREMITIES) and damage_type in _LIMB_X1_TYPES and living:
        return Fraction(1)
    return None


def wounding_multiplier(
    location: HitLocation,
    damage_type: DamageType,
    target: Combatant,
    *,
    tight_beam: bool = False,
    large_area: bool = False,
) -> Wounding:
    """The wounding multiplier for a hit (A.2, R7.19–R7.29, B380).

    Location multipliers replace the type's: skull and eye ×4 except toxic;
    vitals ×3 for imp/pi, ×2 for tight-beam burning; neck ×1.5 cr/cor, ×2 cut;
    face ×1.5 cor; limbs and extremities ×1 for imp/pi+/pi++ against a living
    target. Large-area injury is a torso hit (R7.18). No Brain treats skull and
    eye hits, No Vitals vitals and groin hits, as torso hits; Unliving and
    Homogeneous change imp and piercing (Base 4e).
    """
    return wounding_for_traits(location, damage_type, tight_beam, large_area, target.traits)


INTERNAL_WOUNDING: Final = Fraction(3)
"""R15.7: a charge gone off inside the target hits his vitals, ×3 for any damage type."""


def internal_wounding(damage_type: DamageType, traits: frozenset[Trait]) -> Wounding:
    """R15.7: the wounding of an explosion inside the target: the vitals' ×3 whatever its
    type; a body with no vitals (B380) takes it as a torso hit."""
    if not _NO_VITALS_TRAITS.isdisjoint(traits):
        return wounding_for_traits(HitLocation.TORSO, damage_type, False, False, traits)
    return Wounding(
        multiplier=INTERNAL_WOUNDING,
        wounding_location=HitLocation.VITALS,
        rule_ids=("R15.7",),
        numerator=INTERNAL_WOUNDING.numerator,
        denominator=INTERNAL_WOUNDING.denominator,
    )


@functools.lru_cache(maxsize=4096)
def wounding_for_traits(
    location: HitLocation,
    damage_type: DamageType,
    tight_beam: bool,
    large_area: bool,
    traits: frozenset[Trait],
) -> Wounding:
    """:func:`wounding_multiplier` from the target's traits alone (cached: it depends on
    nothing else; positional arguments keep the cache look-up cheap).
    """
    where = HitLocation.TORSO if large_area else location
    rule_ids: list[str] = ["R7.18"] if large_area else []
    if (where in _BRAIN and not _NO_BRAIN_TRAITS.isdisjoint(traits)) or (
        where in _VITAL and not _NO_VITALS_TRAITS.isdisjoint(traits)
    ):
        rule_ids.append("B380")
        where = HitLocation.TORSO
    base, base_rule = _type_modifier(damage_type, traits)
    living = Trait.IT_UNLIVING not in traits and Trait.IT_HOMOGENEOUS not in traits
    special = _location_multiplier(where, damage_type, tight_beam=tight_beam, living=living)
    multiplier = base if special is None else special
    if special is None:
        rule_ids.append(base_rule)
    rule_ids.append(_LOCATION_RULE[where])
    return Wounding(
        multiplier=multiplier,
        wounding_location=where,
        rule_ids=tuple(rule_ids),
        numerator=multiplier.numerator,
        denominator=multiplier.denominator,
    )


# --------------------------------------------------------------------------- crippling


def crippling_threshold(
    location: HitLocation, max_hp: int, options: RuleOptions | None = None
) -> int | None:
    """Injury that cripples a limb (HP/2), extremity (HP/3) or blinds an eye (HP/10) (R7.16).

    The table and Base 4e say *more than* the fraction: floor(HP/k) + 1 (HP 12 →
    arm 7, hand 5, eye 2). With ``crippling_at_threshold`` it is *equal to or more*:
    ceil(HP/k). ``None`` for locations that cannot be crippled.
    """
    if location in LIMBS:
        divisor = 2
    elif location in EXTREMITIES:
        divisor = 3
    elif location is HitLocation.EYE:
        divisor = 10
    else:
        return None
    if options is not None and options.crippling_at_threshold:
        return max(1, -(-max_hp // divisor))
    return max_hp // divisor + 1


# --------------------------------------------------------------------------- random location


@dataclass(frozen=True, slots=True)
class RandomHitLocation:
    """A.9: a 3d roll on the random hit-location table (and 1d for the side of a hand/foot)."""

    faces: tuple[int, ...]
    total: int
    location: HitLocation
    side: Side
    side_face: int | None
    rule_ids: tuple[str, ...] = ("A.9",)


_RANDOM_TABLE: Final[dict[int, tuple[HitLocation, Side]]] = {
    3: (HitLocation.SKULL, Side.RIGHT),
    4: (HitLocation.SKULL, Side.RIGHT),
    5: (HitLocation.FACE, Side.RIGHT),
    6: (HitLocation.LEG, Side.RIGHT),
    7: (HitLocation.LEG, Side.RIGHT),
    8: (HitLocation.ARM, Side.RIGHT),
    9: (HitLocation.TORSO, Side.RIGHT),
    10: (HitLocation.TORSO, Side.RIGHT),
    11: (HitLocation.GROIN, Side.RIGHT),
    12: (HitLocation.ARM, Side.LEFT),
    13: (HitLocation.LEG, Side.LEFT),
    14: (HitLocation.LEG, Side.LEFT),
    15: (HitLocation.HAND, Side.RIGHT),
    16: (HitLocation.FOOT, Side.RIGHT),
    17: (HitLocation.NECK, Side.RIGHT),
    18: (HitLocation.NECK, Side.RIGHT),
}


def random_hit_location(roller: DiceRoller) -> RandomHitLocation:
    """Roll 3d on the random hit-location table (A.9); a hand or foot rolls 1d for its side."""
    faces = (roller.roll_die(6), roller.roll_die(6), roller.roll_die(6))
    total = sum(faces)
    location, side = _RANDOM_TABLE[total]
    side_face: int | None = None
    if location in EXTREMITIES:
        side_face = roller.roll_die(6)
        side = Side.RIGHT if side_face <= 3 else Side.LEFT
    return RandomHitLocation(
        faces=faces, total=total, location=location, side=side, side_face=side_face
    )


@dataclass(frozen=True, slots=True)
class MissByOne:
    """Where an attack on the groin or neck that missed by exactly 1 lands (R7.28, R7.29)."""

    location: HitLocation
    face: int | None
    rule_ids: tuple[str, ...]


def miss_by_one(location: HitLocation, roller: DiceRoller) -> MissByOne | None:
    """R7.29: a neck attack missing by 1 hits the torso; R7.28: a groin attack hits the torso
    (1d 1–3) or a leg (4–6), the catalog's recommended random choice. ``None`` elsewhere.
    """
    if location is HitLocation.NECK:
        return MissByOne(location=HitLocation.TORSO, face=None, rule_ids=("R7.29",))
    if location is HitLocation.GROIN:
        face = roller.roll_die(6)
        where = HitLocation.TORSO if face <= 3 else HitLocation.LEG
        return MissByOne(location=where, face=face, rule_ids=("R7.28",))
    return None
