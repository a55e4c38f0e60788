"""Ranged attacks: the Size and Speed/Range table, weapon ranges, cover and the ways of shooting.

Everything a shot adds to the shooter's skill beyond the melee modifiers of
:mod:`rules.attack`: the distance and the target's speed read on the Size and
Speed/Range table (A.8), the target's Size Modifier, the height between shooter
and target (R12.8, R12.9), the weapon's ½D and Max (half damage beyond ½D,
nothing past Max), cover (R12.15), blind fire (R12.6), the pop-up attack
(R12.7), opportunity fire (R12.13) and hitting the wrong target (R12.12). Pure:
the attack rules take the :class:`Modifier` list back.
"""

from __future__ import annotations

import math
import re
from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.combatant import Posture
from rules.errors import RuleError
from rules.records import Modifier
from rules.size_range import speed_range_modifier

__all__ = [
    "COVER_MODIFIERS",
    "ERROR_KEYS",
    "OPPORTUNITY_AREA_MODIFIERS",
    "Cover",
    "FireMode",
    "OpportunityArea",
    "RangedPlan",
    "RangedSituation",
    "WeaponRange",
    "as_fraction",
    "effective_distance",
    "plan_shot",
    "shown",
    "stray_exempt",
    "weapon_range",
]

ERROR_KEYS: Final = frozenset(
    {
        "ranged.beyond_max",
        "ranged.bad_range",
        "ranged.pop_up_bow",
        "ranged.aim_needs_one_hex",
    }
)
"""Every :class:`RuleError` key this module raises."""


def as_fraction(value: float | Fraction) -> Fraction:
    """A metre or kilogram value as an exact fraction (a float through its decimal text)."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def shown(value: Fraction) -> str:
    """A distance or weight as players write it: ``20``, ``9.6``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


class WeaponRange(BaseModel):
    """A weapon's ½D and Max in metres (``None``: not limited)."""

    model_config = ConfigDict(frozen=True)

    half_damage: Fraction | None = None
    maximum: Fraction | None = None


_RANGE_PART = re.compile(
    r"^\s*(?P<times>[x×*])?\s*(?P<value>\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?)\s*$", re.IGNORECASE
)
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")
_NO_RANGE = frozenset({"", "-", "–", "—"})
"""What a weapon table prints for a weapon without a range."""


def _range_part(text: str, st: int) -> Fraction:
    match = _RANGE_PART.match(text)
    if match is None:
        raise RuleError("ranged.bad_range", f"not a range: {text!r}", range=text)
    found = match["value"]
    # "1,500" is fifteen hundred (a thousands comma); "1,5" is one and a half.
    number = found.replace(",", "") if _THOUSANDS.fullmatch(found) else found.replace(",", ".")
    value = Fraction(number)
    return value * st if match["times"] else value


def weapon_range(text: str | None, st: int) -> WeaponRange:
    """A weapon table's Range column: ``"15/20"`` (½D/Max in metres), ``"x1/x1.5"`` (multiples
    of the user's ST, as muscle-powered weapons list them) or one value for Max alone."""
    if text is None or text.strip() in _NO_RANGE:
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


class RangedPlan(BaseModel):
    """What the situation does to the shot: its modifiers, whether it is a snap shot whatever
    the skill, its distance read on the table, and whether the damage is halved."""

    model_config = ConfigDict(frozen=True)

    modifiers: tuple[Modifier, ...]
    effective_distance: Fraction | None = None
    distance_rule: str | None = None
    """R12.8 or R12.9 when the height changed the distance read on the table."""
    half_damage: bool = False
    point_blank: bool = False
    """Closer than a tenth of the weapon's ½D: a shotgun's projectiles have not spread yet
    (B409)."""
    forced_snap_rule: str | None = None
    """R12.7 or R12.13: the snap-shot -4 applies whatever the skill (``None``: as R5.3 says)."""
    no_aim: bool = False
    """R12.7: a pop-up attack cannot be aimed."""
    blind: bool = False
    aim_turns: int = 0
    """Turns of Aim the watcher of one hex brings to his opportunity shot (R12.13)."""


def effective_distance(distance: Fraction, height: Fraction) -> tuple[Fraction, str | None]:
    """R12.8: 1 m less for every 2 m the target is below; R12.9: 1 m more for every metre
    above (the catalog reads the seed's "distance" as the height between them)."""
    if height < 0:
        return max(Fraction(0), distance - math.floor(-height / 2)), "R12.8"
    if height > 0:
        return distance + height, "R12.9"
    return distance, None


def plan_shot(situation: RangedSituation, ranges: WeaponRange) -> RangedPlan:
    """The modifiers of one shot in ``situation`` with a weapon of ``ranges`` (R12.x, A.8).

    Refuses a target beyond the weapon's Max and a pop-up attack with a bow (R12.7).
    """
    mods: list[Modifier] = []

    def add(key: str, value: int, rule_id: str) -> None:
        if value:
            mods.append(Modifier(key=f"ranged.modifier.{key}", value=value, rule_id=rule_id))

    distance: Fraction | None = None
    distance_rule: str | None = None
    half = point_blank = False
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
        point_blank = (
            ranges.half_damage is not None and situation.distance < ranges.half_damage / 10
        )
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
    return RangedPlan(
        modifiers=tuple(mods),
        effective_distance=distance,
        distance_rule=distance_rule,
        half_damage=half,
        point_blank=point_blank,
        forced_snap_rule=forced,
        no_aim=no_aim,
        blind=situation.mode is FireMode.blind,
        aim_turns=situation.aim_turns,
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
