"""Falls and falling objects (R13.7, R13.8), as hits for the injury pipeline.

- R13.7: a successful Acrobatics roll takes 5 m off the fall; the damage is one die a
  metre minus 4, 3 or 2 a die by the height (the catalog's reading of "per metre"), 1 a
  metre less on something soft (water, on a successful Swimming roll); clothing, leather
  and flexible armor give their DR up to 3, metal armor half its DR, shields nothing:
  :func:`fall`, :func:`fall_armor`, :func:`fall_hit`.
- R13.8: an object's weight in 5 kg and its drop in 10 m, multiplied, are its dice;
  light objects and short drops count as 5 kg or 10 m at half damage, soft objects
  halve it too: :func:`falling_object_dice`, :func:`falling_object`.

Both do crushing damage (the catalog's reading for falls) with no knockback, and G7
floors their totals at 0.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.checks import success_roll
from rules.combatant import Armor, Combatant, DRProfile, HitLocation, Side
from rules.damage import DamageSpec, DamageType
from rules.dice import DiceExpression
from rules.errors import RuleError
from rules.injury import InjuryOutcome, apply_hit
from rules.options import RuleOptions
from rules.records import RollRecord
from rules.roller import DiceRoller

__all__ = [
    "ACROBATICS_METRES",
    "FALL_CAP_METRES",
    "FALL_TABLE",
    "OBJECT_HEIGHT_CAP_METRES",
    "Fall",
    "FallArmor",
    "FallingObject",
    "Landing",
    "ObjectDice",
    "fall",
    "fall_armor",
    "fall_dice",
    "fall_hit",
    "falling_object",
    "falling_object_dice",
    "falling_object_hit",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

ACROBATICS_METRES: Final = 5
"""R13.7: a successful Acrobatics roll takes this much off the fall."""
FALL_TABLE: Final = ((1, 2, 4), (3, 4, 3), (5, None, 2))
"""R13.7's table: (from, to metres, subtracted per die); ``None``: and higher."""
FALL_CAP_METRES: Final = 50
"""The seed gives no terminal velocity: falls above 50 m count as 50 m (the catalog's
recommended house rule)."""
FLEXIBLE_DR_CAP: Final = 3
OBJECT_HEIGHT_CAP_METRES: Final = 180
"""R13.8: any drop over 180 m counts as 180 m."""


def _negative(field: str, value: float) -> RuleError:
    return RuleError(
        "environment.negative",
        f"{field} cannot be negative (got {value})",
        field=field,
        value=value,
    )


# --------------------------------------------------------------------------- R13.7


class Landing(StrEnum):
    """What he lands on (R13.7)."""

    HARD = "hard"
    SOFT = "soft"
    """Something soft: 1 point less a metre."""
    WATER = "water"
    """Water: soft on a successful Swimming roll."""


class FallArmor(StrEnum):
    """What his armor is made of, for a fall (R13.7)."""

    FLEXIBLE = "flexible"
    """Clothing, leather, flexible armor: its DR, at most 3."""
    METAL = "metal"
    """Metal armor: half its DR, rounding down."""
    NONE = "none"
    """No armor counts."""


def fall_dice(metres: int, *, soft: bool = False) -> DiceExpression | None:
    """R13.7's table: ``metres`` dice, each less 4 (1-2 m), 3 (3-4 m) or 2 (5 m or more),
    and 1 a metre less on a soft landing; ``None`` under 1 m. 3 m: 3d-9; 8 m: 8d-16."""
    if metres < 1:
        return None
    for low, high, per_die in FALL_TABLE:
        if metres >= low and (high is None or metres <= high):
            adds = -per_die * metres - (metres if soft else 0)
            return DiceExpression.of(metres, adds)
    raise AssertionError(metres)  # pragma: no cover - the table covers every height


class Fall(BaseModel):
    """R13.7: how far he fell, how it was softened, and the damage rolled."""

    model_config = _FROZEN

    height: float
    """The height the GM gave, in metres."""
    acrobatics: RollRecord | None
    swimming: RollRecord | None
    landing: Landing
    soft: bool
    """Landed on something soft (water after a successful Swimming roll)."""
    capped: bool
    """Higher than 50 m: counted as 50 m."""
    metres: int
    """Whole metres the damage counts (after Acrobatics, rounded down)."""
    expression: str | None
    faces: tuple[int, ...]
    rolled: int
    damage: int
    """The total, at least 0 (G7)."""
    rule_ids: tuple[str, ...]


def fall(
    height: float,
    *,
    acrobatics: int | None = None,
    landing: Landing = Landing.HARD,
    swimming: int | None = None,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> Fall:
    """R13.7: roll Acrobatics (when a level is given) to take 5 m off, Swimming to land
    softly in water, then the table's dice for the whole metres left (the reduced height's
    row, fractions dropped, under 1 m nothing).

    6 m with a successful Acrobatics roll: 1 m, 1d-4; in water after a Swimming roll, 1d-5.
    """
    if height < 0:
        raise _negative("height", height)
    if landing is Landing.WATER and swimming is None:
        raise RuleError("environment.swimming_needed", "landing in water needs a Swimming level")
    rule_options = options if options is not None else RuleOptions()
    rule_ids = ["R13.7"]
    capped = height > FALL_CAP_METRES
    counted = Fraction(str(min(height, FALL_CAP_METRES)))
    acrobatics_roll = None
    if acrobatics is not None and acrobatics > 0:
        acrobatics_roll = RollRecord.of(
            "acrobatics",
            acrobatics,
            (),
            success_roll(acrobatics, roller, rule_options),
            rule_id="R13.7",
        )
        if acrobatics_roll.succeeded:
            counted = max(Fraction(0), counted - ACROBATICS_METRES)
    swimming_roll = None
    soft = landing is Landing.SOFT
    if landing is Landing.WATER and swimming is not None:
        swimming_roll = RollRecord.of(
            "swimming",
            swimming,
            (),
            success_roll(swimming, roller, rule_options),
            rule_id="R13.7",
        )
        soft = swimming_roll.succeeded
    metres = int(counted)
    dice = fall_dice(metres, soft=soft)
    faces: tuple[int, ...] = ()
    rolled = 0
    if dice is not None:
        result = dice.roll(roller)
        faces, rolled = result.dice, result.total
    if rolled < 0:
        rule_ids.append("G7")
    return Fall(
        height=height,
        acrobatics=acrobatics_roll,
        swimming=swimming_roll,
        landing=landing,
        soft=soft,
        capped=capped,
        metres=metres,
        expression=dice.text if dice is not None else None,
        faces=faces,
        rolled=rolled,
        damage=max(0, rolled),
        rule_ids=tuple(rule_ids),
    )


def fall_armor(armor: Armor, kind: FallArmor) -> Armor:
    """R13.7: the armor a fall meets: flexible (clothing, leather) at most DR 3, metal half
    its DR (rounding down); shields never help. The layers keep their kind, so flexible
    armor can still let blunt trauma through (R7.15)."""
    total = armor.dr
    if kind is FallArmor.NONE or total == 0:
        return Armor()
    value = min(FLEXIBLE_DR_CAP, total) if kind is FallArmor.FLEXIBLE else total // 2
    if armor.rigid:
        return Armor(rigid=value)
    return Armor(flexible=value)


def _with_armor(target: Combatant, armor: Armor) -> Combatant:
    return target.model_copy(update={"dr": DRProfile(uniform=armor)})


def fall_hit(
    target: Combatant,
    landed: Fall,
    kind: FallArmor,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> InjuryOutcome:
    """The fall's damage through the injury pipeline: crushing, general injury (the torso),
    against his torso armor as R13.7 counts it, with no knockback. The outcome's
    ``state`` is his new state; his sheet keeps its armor."""
    armor = fall_armor(target.dr.at(HitLocation.TORSO), kind)
    spec = DamageSpec(basic_damage=landed.damage, damage_type=DamageType.CR, knockback=False)
    return apply_hit(
        _with_armor(target, armor), spec, roller, options if options is not None else RuleOptions()
    )


# --------------------------------------------------------------------------- R13.8

LIGHT_KG: Final = 1.0
SHORT_DROP_M: Final = 2.0


def _multiples(value: float, step: int) -> int:
    """``value`` to the nearest multiple of ``step``, halves up (the catalog's reading)."""
    return int((Decimal(str(value)) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP))


class ObjectDice(BaseModel):
    """R13.8: the dice a falling object does, and the fraction of them that counts."""

    model_config = _FROZEN

    kg: float
    metres: float
    weight_multiples: int
    height_multiples: int
    dice: int
    light: bool
    """Under 1 kg: counted as 5 kg, damage halved."""
    short: bool
    """Under 2 m: counted as 10 m, damage halved."""
    soft: bool
    """A soft object: damage halved."""
    capped: bool
    """Over 180 m: counted as 180 m."""
    factor: Fraction
    rule_ids: tuple[str, ...] = ("R13.8",)


def falling_object_dice(kg: float, metres: float, *, soft: bool = False) -> ObjectDice:
    """R13.8: weight to the nearest 5 kg and height (at most 180 m) to the nearest 10 m, the
    numbers of multiples multiplied are the dice. Under 1 kg counts as 5 kg and under 2 m
    as 10 m, each halving the damage; a soft object halves it too (the halvings multiply).
    Weights and heights that round to no multiple count as one, without halving (the
    catalog's reading).

    10 kg from 30 m: 6d. 0.5 kg from 20 m: 2d ×1/2. 0.5 kg from 1.5 m: 1d ×1/4.
    """
    if kg < 0:
        raise _negative("kg", kg)
    if metres < 0:
        raise _negative("metres", metres)
    light = kg < LIGHT_KG
    short = metres < SHORT_DROP_M
    capped = metres > OBJECT_HEIGHT_CAP_METRES
    weight = 1 if light else max(1, _multiples(kg, 5))
    height = 1 if short else max(1, _multiples(min(metres, OBJECT_HEIGHT_CAP_METRES), 10))
    factor = Fraction(1)
    for halved in (light, short, soft):
        if halved:
            factor /= 2
    return ObjectDice(
        kg=kg,
        metres=metres,
        weight_multiples=weight,
        height_multiples=height,
        dice=weight * height,
        light=light,
        short=short,
        soft=soft,
        capped=capped,
        factor=factor,
    )


class FallingObject(BaseModel):
    """R13.8: the object's dice rolled, and the damage after its halvings."""

    model_config = _FROZEN

    dice: ObjectDice
    faces: tuple[int, ...]
    rolled: int
    damage: int
    """``rolled`` × the factor, rounded down."""
    rule_ids: tuple[str, ...] = ("R13.8",)


def falling_object(
    kg: float, metres: float, *, soft: bool = False, roller: DiceRoller
) -> FallingObject:
    """Roll R13.8's dice (any number of them) and apply the factor, rounding down."""
    found = falling_object_dice(kg, metres, soft=soft)
    faces = tuple(roller.roll_die(6) for _ in range(found.dice))
    rolled = sum(faces)
    return FallingObject(
        dice=found,
        faces=faces,
        rolled=rolled,
        damage=int(rolled * found.factor),
        rule_ids=found.rule_ids,
    )


def falling_object_hit(
    target: Combatant,
    dropped: FallingObject,
    roller: DiceRoller,
    options: RuleOptions | None = None,
    *,
    location: HitLocation = HitLocation.TORSO,
    side: Side = Side.RIGHT,
) -> InjuryOutcome:
    """The object's damage through the injury pipeline: crushing where it lands, against
    the armor there, with no knockback."""
    spec = DamageSpec(
        basic_damage=dropped.damage,
        damage_type=DamageType.CR,
        location=location,
        side=side,
        knockback=False,
    )
    return apply_hit(target, spec, roller, options if options is not None else RuleOptions())
