"""Ranged attacks: the Size and Speed/Range table, weapon ranges, cover and the ways of shooting.

Everything a shot adds to the shooter's skill beyond the melee modifiers of
:mod:`rules.attack`: the distance and the target's speed read on the Size and
Speed/Range table (A.8), the target's Size Modifier, the height between shooter
and target (R12.8, R12.9), the weapon's ½D and Max (half damage beyond ½D,
nothing past Max), cover (R12.15), blind fire (R12.6), the pop-up attack
(R12.7), opportunity fire (R12.13), hitting the wrong target (R12.12), grenade
scatter (R12.14) and rapid fire (B373). Pure: the attack rules take the
:class:`Modifier` list back.
"""

from __future__ import annotations

import math
import re
from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.checks import SuccessRoll, success_roll
from rules.combatant import Posture
from rules.errors import RuleError
from rules.maneuver import Modifier
from rules.options import RuleOptions
from rules.roller import DiceRoller

__all__ = [
    "COVER_MODIFIERS",
    "ERROR_KEYS",
    "OPPORTUNITY_AREA_MODIFIERS",
    "SIZE_SPEED_RANGE",
    "Cover",
    "FireMode",
    "Lob",
    "OpportunityArea",
    "RangedPlan",
    "RangedSituation",
    "Scatter",
    "WeaponRange",
    "as_fraction",
    "effective_distance",
    "grenade_scatter",
    "hits_from_rapid_fire",
    "lob",
    "plan_shot",
    "rapid_fire_bonus",
    "shown",
    "size_for_length",
    "speed_range_modifier",
    "stray_exempt",
    "weapon_range",
]

ERROR_KEYS: Final = frozenset(
    {
        "ranged.beyond_max",
        "ranged.bad_range",
        "ranged.pop_up_bow",
        "ranged.too_many_shots",
        "ranged.aim_needs_one_hex",
    }
)
"""Every :class:`RuleError` key this module raises."""

_INCH = Fraction(1, 36)
_FOOT = Fraction(1, 3)

SIZE_SPEED_RANGE: Final[tuple[tuple[Fraction, int, int | None], ...]] = (
    (Fraction(3, 2) * _INCH, -10, None),
    (2 * _INCH, -9, None),
    (3 * _INCH, -8, None),
    (5 * _INCH, -7, None),
    (8 * _INCH, -6, None),
    (_FOOT, -5, None),
    (Fraction(3, 2) * _FOOT, -4, None),
    (2 * _FOOT, -3, None),
    (Fraction(1), -2, 0),
    (Fraction(3, 2), -1, 0),
    (Fraction(2), 0, 0),
    (Fraction(3), 1, -1),
    (Fraction(5), 2, -2),
    (Fraction(7), 3, -3),
    (Fraction(10), 4, -4),
    (Fraction(15), 5, -5),
    (Fraction(20), 6, -6),
    (Fraction(30), 7, -7),
    (Fraction(50), 8, -8),
    (Fraction(70), 9, -9),
    (Fraction(100), 10, -10),
    (Fraction(150), 11, -11),
    (Fraction(200), 12, -12),
    (Fraction(300), 13, -13),
    (Fraction(500), 14, -14),
    (Fraction(700), 15, -15),
    (Fraction(1000), 16, -16),
)
"""A.8 (B550): linear measurement (yards, read as metres), Size Modifier and Speed/Range
modifier, as the catalog reproduces it up to 1,000."""

_DECADE: Final = (Fraction(3, 2), Fraction(2), Fraction(3), Fraction(5), Fraction(7), Fraction(10))
"""The 2-3-5-7-10-15 progression the table continues with past 1,000 (A.8)."""


def _row_after(index: int) -> Fraction:
    """The measurement of the ``index``-th row past the 1,000 row (1 is 1,500, 2 is 2,000)."""
    decade, step = divmod(index - 1, 6)
    return _DECADE[step] * Fraction(1000 * 10**decade)


def as_fraction(value: float | Fraction) -> Fraction:
    """A metre or kilogram value as an exact fraction (a float through its decimal text)."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def shown(value: Fraction) -> str:
    """A distance or weight as players write it: ``20``, ``9.6``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def speed_range_modifier(distance: float | Fraction) -> int:
    """A.8: the Speed/Range modifier for a distance (plus speed) in metres: the row at or
    above it (a value between rows takes the next higher row, the larger penalty). Up to
    2 m it is 0."""
    wanted = as_fraction(distance)
    if wanted < 0:
        raise RuleError("ranged.bad_range", "a distance cannot be negative", range=str(wanted))
    for measurement, _, modifier in SIZE_SPEED_RANGE:
        if modifier is not None and wanted <= measurement:
            return modifier
    index = 1
    while _row_after(index) < wanted:
        index += 1
    return -16 - index


def size_for_length(length: float | Fraction) -> int:
    """A.8: the Size Modifier of a linear measurement in metres, reading the row at or below it
    (the lower row, as a bonus is read, R11.15). Below the smallest row: -10."""
    wanted = as_fraction(length)
    found = SIZE_SPEED_RANGE[0][1]
    for measurement, size, _ in SIZE_SPEED_RANGE:
        if measurement <= wanted:
            found = size
    if wanted > SIZE_SPEED_RANGE[-1][0]:
        index = 1
        while _row_after(index) <= wanted:
            index += 1
        found = 16 + index - 1
    return found


class WeaponRange(BaseModel):
    """A weapon's ½D and Max in metres (``None``: not limited)."""

    model_config = ConfigDict(frozen=True)

    half_damage: Fraction | None = None
    maximum: Fraction | None = None


_RANGE_PART = re.compile(r"^\s*(?P<times>[x×*])?\s*(?P<value>\d+(?:[.,]\d+)?)\s*$", re.IGNORECASE)


def _range_part(text: str, st: int) -> Fraction:
    match = _RANGE_PART.match(text)
    if match is None:
        raise RuleError("ranged.bad_range", f"not a range: {text!r}", range=text)
    value = Fraction(match["value"].replace(",", "."))
    return value * st if match["times"] else value


def weapon_range(text: str | None, st: int) -> WeaponRange:
    """A weapon table's Range column: ``"15/20"`` (½D/Max in metres), ``"x1/x1.5"`` (multiples
    of the user's ST, as muscle-powered weapons list them) or one value for Max alone."""
    if text is None or not text.strip():
        return WeaponRange()
    parts = text.split("/")
    if len(parts) > 2:
        raise RuleError("ranged.bad_range", f"not a range: {text!r}", range=text)
    values = [_range_part(part, st) for part in parts]
    if len(values) == 1:
        return WeaponRange(maximum=values[0])
    half, maximum = values
    if half > maximum:
        raise RuleError("ranged.bad_range", f"½D above Max: {text!r}", range=text)
    return WeaponRange(half_damage=half, maximum=maximum)


class Cover(StrEnum):
    """What the target's cover leaves exposed (R12.15); one row applies."""

    head_only = "head_only"
    head_shoulders = "head_shoulders"
    half_exposed = "half_exposed"
    light_cover = "light_cover"
    behind_someone = "behind_someone"
    prone = "prone"
    prone_head_up = "prone_head_up"
    prone_head_down = "prone_head_down"
    crouching = "crouching"


COVER_MODIFIERS: Final[dict[Cover, int]] = {
    Cover.head_only: -5,
    Cover.head_shoulders: -4,
    Cover.half_exposed: -3,
    Cover.light_cover: -2,
    Cover.behind_someone: -4,
    Cover.prone: -4,
    Cover.prone_head_up: -5,
    Cover.prone_head_down: -7,
    Cover.crouching: -2,
}
"""R12.15: the shooter's penalty for each kind of cover (the rows are alternatives)."""


class OpportunityArea(StrEnum):
    """The watched area of opportunity fire (R12.13)."""

    one = "1"
    two = "2"
    three_four = "3-4"
    five_six = "5-6"
    seven_ten = "7-10"
    eleven_plus = "11+"
    line = "line"


OPPORTUNITY_AREA_MODIFIERS: Final[dict[OpportunityArea, int]] = {
    OpportunityArea.one: -2,
    OpportunityArea.two: -4,
    OpportunityArea.three_four: -5,
    OpportunityArea.five_six: -6,
    OpportunityArea.seven_ten: -7,
    OpportunityArea.eleven_plus: -8,
    OpportunityArea.line: -5,
}
"""R12.13: the penalty by the size of the watched area, or a straight line."""

IDENTIFY_PENALTY: Final = -2
"""R12.13: telling friend from foe first costs -2 more."""


class FireMode(StrEnum):
    """How the shot is made, beyond an ordinary (perhaps aimed) one."""

    normal = "normal"
    blind = "blind"
    """R12.6: at someone outside the shooter's vision: -10, and no roll above 9 succeeds."""
    pop_up = "pop_up"
    """R12.7: out of cover and back: no Aim, the snap-shot -4 always, -2 more; not a bow."""
    opportunity = "opportunity"
    """R12.13: from a Wait, at the first foe entering the watched area."""


class RangedSituation(BaseModel):
    """Where the target is and how the shot is made."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    distance: Fraction | None = None
    """Metres to the target; ``None`` when the shooter does not say (no range penalty)."""
    speed: int = Field(default=0, ge=0)
    """The target's speed in metres per second, added to the distance (A.8)."""
    height: Fraction = Fraction(0)
    """Metres the target stands above the shooter (negative: below him) (R12.8, R12.9)."""
    target_size: int = 0
    """The target's Size Modifier (A.8), added to the shot."""
    cover: Cover | None = None
    mode: FireMode = FireMode.normal
    area: OpportunityArea | None = None
    identify: bool = False
    aim_turns: int = Field(default=0, ge=0)
    """Opportunity fire at one hex: the turns he aimed at it while waiting (R12.13)."""
    bow: bool = False
    shots: int = Field(default=1, ge=1)
    rate_of_fire: int = Field(default=1, ge=1)


class RangedPlan(BaseModel):
    """What the situation does to the shot: its modifiers, whether it is a snap shot whatever
    the skill, its distance read on the table, and whether the damage is halved."""

    model_config = ConfigDict(frozen=True)

    modifiers: tuple[Modifier, ...]
    effective_distance: Fraction | None = None
    distance_rule: str | None = None
    """R12.8 or R12.9 when the height changed the distance read on the table."""
    half_damage: bool = False
    forced_snap_rule: str | None = None
    """R12.7 or R12.13: the snap-shot -4 applies whatever the skill (``None``: as R5.3 says)."""
    no_aim: bool = False
    """R12.7: a pop-up attack cannot be aimed."""
    blind: bool = False
    aim_turns: int = 0
    """Turns of Aim the watcher of one hex brings to his opportunity shot (R12.13)."""
    shots: int = 1


def effective_distance(distance: Fraction, height: Fraction) -> tuple[Fraction, str | None]:
    """R12.8: 1 m less for every 2 m the target is below; R12.9: 1 m more for every metre
    above (the catalog reads the seed's "distance" as the height between them)."""
    if height < 0:
        return max(Fraction(0), distance - math.floor(-height / 2)), "R12.8"
    if height > 0:
        return distance + height, "R12.9"
    return distance, None


def rapid_fire_bonus(shots: int) -> int:
    """B373: +0 for up to 4 shots, +1 for 5-8, +2 for 9-12, +3 for 13-16, +4 for 17-24,
    +5 for 25-49, +6 for 50-99, and +1 more each time the shots double after that."""
    if shots < 5:
        return 0
    for ceiling, bonus in ((8, 1), (12, 2), (16, 3), (24, 4), (49, 5), (99, 6)):
        if shots <= ceiling:
            return bonus
    bonus, ceiling = 6, 99
    while shots > ceiling:
        ceiling = ceiling * 2 + 1
        bonus += 1
    return bonus


def hits_from_rapid_fire(margin: int, recoil: int, shots: int) -> int:
    """B373: one hit, and one more for each full multiple of Recoil in the margin of success,
    never more than the shots fired."""
    if margin < 0:
        return 0
    return min(shots, 1 + margin // max(1, recoil))


def plan_shot(situation: RangedSituation, ranges: WeaponRange) -> RangedPlan:
    """The modifiers of one shot in ``situation`` with a weapon of ``ranges`` (R12.x, A.8).

    Refuses a target beyond the weapon's Max, a pop-up attack with a bow (R12.7) and more
    shots than the weapon's rate of fire.
    """
    mods: list[Modifier] = []

    def add(key: str, value: int, rule_id: str) -> None:
        if value:
            mods.append(Modifier(key=f"ranged.modifier.{key}", value=value, rule_id=rule_id))

    if situation.shots > situation.rate_of_fire:
        raise RuleError(
            "ranged.too_many_shots",
            f"the weapon fires at most {situation.rate_of_fire} shots a turn",
            shots=situation.shots,
            rof=situation.rate_of_fire,
        )
    distance: Fraction | None = None
    distance_rule: str | None = None
    half = False
    if situation.distance is not None:
        distance, distance_rule = effective_distance(situation.distance, situation.height)
        if ranges.maximum is not None and situation.distance > ranges.maximum:
            raise RuleError(
                "ranged.beyond_max",
                f"{situation.distance} m is beyond the weapon's Max of {ranges.maximum} m",
                distance=shown(situation.distance),
                maximum=shown(ranges.maximum),
            )
        half = ranges.half_damage is not None and situation.distance >= ranges.half_damage
        add("range", speed_range_modifier(distance + situation.speed), distance_rule or "A.8")
    elif situation.speed:
        add("range", speed_range_modifier(situation.speed), "A.8")
    add("target_size", situation.target_size, "A.8")
    if situation.cover is not None:
        add(f"cover_{situation.cover.value}", COVER_MODIFIERS[situation.cover], "R12.15")
    forced: str | None = None
    no_aim = False
    if situation.mode is FireMode.pop_up:
        if situation.bow:
            raise RuleError("ranged.pop_up_bow", "a bow cannot make a pop-up attack")
        add("pop_up", -2, "R12.7")
        forced, no_aim = "R12.7", True
    if situation.mode is FireMode.opportunity:
        area = situation.area or OpportunityArea.one
        add(f"opportunity_{area.name}", OPPORTUNITY_AREA_MODIFIERS[area], "R12.13")
        if situation.identify:
            add("identify", IDENTIFY_PENALTY, "R12.13")
        if area is not OpportunityArea.one:
            forced = "R12.13"
    if situation.aim_turns and not (
        situation.mode is FireMode.opportunity and situation.area in (None, OpportunityArea.one)
    ):
        raise RuleError(
            "ranged.aim_needs_one_hex", "only opportunity fire at one hex is aimed while waiting"
        )
    add("rapid_fire", rapid_fire_bonus(situation.shots), "B373")
    return RangedPlan(
        modifiers=tuple(mods),
        effective_distance=distance,
        distance_rule=distance_rule,
        half_damage=half,
        forced_snap_rule=forced,
        no_aim=no_aim,
        blind=situation.mode is FireMode.blind,
        aim_turns=situation.aim_turns,
        shots=situation.shots,
    )


# --------------------------------------------------------------------------- wrong target

WRONG_TARGET_CAP: Final = 9
"""R12.12: a stray shot rolls against the effective skill or 9, whichever is lower."""


_LOW: Final = {
    Posture.KNEELING: "kneeling",
    Posture.CRAWLING: "lying",
    Posture.PRONE: "lying",
    Posture.LYING_FACE_UP: "lying",
}


def stray_exempt(shooter: Posture, bystander: Posture) -> bool:
    """R12.12: a kneeling or lying bystander is out of the line of fire, unless the shooter is
    kneeling or lying as well."""
    low = _LOW.get(bystander)
    return low is not None and _LOW.get(shooter) != low


# --------------------------------------------------------------------------- scatter


class Scatter(BaseModel):
    """R12.14 / R15.15: where a missed grenade lands."""

    model_config = ConfigDict(frozen=True)

    margin_of_failure: int
    distance: Fraction
    metres: int
    direction: int
    """1d: the hex side it flies off toward (1 straight ahead of the thrower, then clockwise)."""
    rule_ids: tuple[str, ...] = ("R12.14", "R15.15")


def grenade_scatter(margin_of_failure: int, distance: Fraction, roller: DiceRoller) -> Scatter:
    """R12.14: a missed grenade lands its margin of failure in metres from the target, or half
    the distance to it if less (R15.15: that half rounded up); the direction is 1d."""
    half = math.ceil(distance / 2)
    direction = roller.roll_die(6)
    return Scatter(
        margin_of_failure=margin_of_failure,
        distance=distance,
        metres=min(margin_of_failure, half),
        direction=direction,
    )


class Lob(BaseModel):
    """R12.14: a grenade (or any object) thrown at a spot: the roll and, on a miss, where it
    lands."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    skill: int
    modifiers: tuple[Modifier, ...]
    effective: int
    roll: SuccessRoll
    scatter: Scatter | None


def lob(
    skill: int,
    distance: Fraction,
    *,
    modifier: int = 0,
    roller: DiceRoller,
    options: RuleOptions,
) -> Lob:
    """R12.14: a throw at a spot ``distance`` metres away (the range penalty, A.8, and any
    other modifier); a failure scatters it by the margin of failure or half the distance."""
    mods = tuple(
        m
        for m in (
            Modifier(
                key="ranged.modifier.range",
                value=speed_range_modifier(distance),
                rule_id="A.8",
            ),
            Modifier(key="modifier", value=modifier, rule_id="GM"),
        )
        if m.value
    )
    effective = skill + sum(m.value for m in mods)
    roll = success_roll(effective, roller, options)
    scatter = None if roll.succeeded else grenade_scatter(max(1, -roll.margin), distance, roller)
    return Lob(skill=skill, modifiers=mods, effective=effective, roll=roll, scatter=scatter)
