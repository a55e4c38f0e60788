"""Fighting at different levels, in and under water, attacks from above, and overpenetration
(R13.1-R13.6, R13.9).

Heights are metres (the seed's), kept as exact fractions; each fighter's height
and footing live on his turn state (``TurnState.elevation``, ``TurnState.water``)
so they are stored and undone with the fight.
"""

from __future__ import annotations

import math
from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.breath import FIGHT_PACE
from rules.checks import SuccessRoll, success_roll
from rules.combatant import Combatant, HitLocation, Trait
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import DiceRoller
from rules.turn import TurnState, Water

__all__ = [
    "ERROR_KEYS",
    "HEIGHT_PRESETS",
    "CoverKind",
    "HeightBand",
    "LevelModifiers",
    "Overpenetration",
    "Water",
    "WaterEffects",
    "ambush_vision",
    "cover_dr",
    "cover_kind_of",
    "damage_in_water",
    "effective_height",
    "height_band",
    "level_modifiers",
    "overpenetration",
    "standing",
    "water_effects",
]

ERROR_KEYS: Final = frozenset(
    {
        "terrain.too_high",
        "terrain.location_out_of_reach",
        "terrain.useless_underwater",
    }
)
"""Every :class:`RuleError` key this module raises."""

NORMAL_WEAPON_LENGTH: Final = Fraction(1)
"""R13.1: the length of an ordinary weapon (the catalog's suggested 1 m; "long" starts there)."""

HEIGHT_PRESETS: Final[dict[str, Fraction]] = {
    "stairs": Fraction(1, 5),
    "chair": Fraction(1, 2),
    "table": Fraction(1),
    "counter": Fraction(6, 5),
    "wagon": Fraction(1),
}
"""R13.3: a step 20 cm, a chair 50 cm, a table 1 m, a counter 1.20 m, a wagon bed 1 m."""

HEAD: Final = frozenset({HitLocation.SKULL, HitLocation.EYE, HitLocation.FACE})
LEGS: Final = frozenset({HitLocation.LEG, HitLocation.FOOT})


class HeightBand(StrEnum):
    """The rows of R13.2 (the upper bound of each, inclusive)."""

    none = "none"
    """Up to 30 cm: ignored."""
    low = "low"
    """Up to 60 cm."""
    waist = "waist"
    """Up to 1 m."""
    chest = "chest"
    """Up to 1.3 m."""
    shoulder = "shoulder"
    """Up to 1.6 m."""
    head = "head"
    """Up to 2 m."""
    out_of_reach = "out_of_reach"
    """Above 2 m: no melee with hand weapons."""


_BANDS: Final = (
    (Fraction(3, 10), HeightBand.none),
    (Fraction(3, 5), HeightBand.low),
    (Fraction(1), HeightBand.waist),
    (Fraction(13, 10), HeightBand.chest),
    (Fraction(8, 5), HeightBand.shoulder),
    (Fraction(2), HeightBand.head),
)
_DEFENSE: Final = {
    HeightBand.none: 0,
    HeightBand.low: 0,
    HeightBand.waist: 1,
    HeightBand.chest: 2,
    HeightBand.shoulder: 3,
    HeightBand.head: 3,
}


def effective_height(difference: Fraction, weapon_length: Fraction) -> Fraction:
    """R13.1: a long weapon takes off the height difference what it has over an ordinary one
    (1 m)."""
    longer = max(Fraction(0), weapon_length - NORMAL_WEAPON_LENGTH)
    return max(Fraction(0), abs(difference) - longer)


def height_band(difference: Fraction) -> HeightBand:
    """R13.2's row for a height difference in metres."""
    for bound, band in _BANDS:
        if abs(difference) <= bound:
            return band
    return HeightBand.out_of_reach


class LevelModifiers(BaseModel):
    """What the height between two fighters does to one blow (R13.2)."""

    model_config = ConfigDict(frozen=True)

    band: HeightBand
    attack: tuple[Modifier, ...]
    """To hit the chosen location (legs and feet, or the head)."""
    defense: int
    """To the target's active defenses: + when he is the higher one, - when the lower."""
    height: Fraction


def level_modifiers(
    attacker_height: Fraction,
    target_height: Fraction,
    location: HitLocation,
    weapon_length: Fraction = NORMAL_WEAPON_LENGTH,
) -> LevelModifiers:
    """R13.1, R13.2: the attack and defense modifiers of a melee blow between fighters at
    different heights; a location out of reach from there (or any, above 2 m) is refused.
    The head +1 and legs +2 carry on in the higher rows (the catalog's reading)."""
    raw = attacker_height - target_height
    height = effective_height(raw, weapon_length)
    band = height_band(height)
    higher = raw > 0
    if band is HeightBand.out_of_reach:
        raise RuleError(
            "terrain.too_high",
            "more than 2 m apart: no melee with hand weapons",
            height=_metres(height),
        )
    mods: tuple[Modifier, ...] = ()
    if band is not HeightBand.none:
        found = _from_above(band, location) if higher else _from_below(band, location)
        if found is None:
            raise RuleError(
                "terrain.location_out_of_reach",
                f"the {location.value} is out of reach from there",
                location=location.value,
                height=_metres(height),
            )
        mods = found
    defense = _DEFENSE[band]
    return LevelModifiers(
        band=band,
        attack=mods,
        defense=-defense if higher else defense,
        height=height,
    )


def _from_above(band: HeightBand, location: HitLocation) -> tuple[Modifier, ...] | None:
    """The higher fighter: legs and feet -2 up to 1 m, out of reach above; head +1; up to 2 m
    the head alone. ``None``: out of reach."""
    if location in LEGS:
        return (
            (_mod("legs_from_above", -2),) if band in (HeightBand.low, HeightBand.waist) else None
        )
    if location in HEAD:
        return (_mod("head_from_above", 1),)
    return None if band is HeightBand.head else ()


def _from_below(band: HeightBand, location: HitLocation) -> tuple[Modifier, ...] | None:
    """The lower fighter: legs and feet +2; head -2, out of reach from 1.3 m; up to 2 m the
    legs and feet alone. ``None``: out of reach."""
    if location in LEGS:
        return (_mod("legs_from_below", 2),)
    if location in HEAD:
        return (
            None
            if band in (HeightBand.shoulder, HeightBand.head)
            else (_mod("head_from_below", -2),)
        )
    return None if band is HeightBand.head else ()


def _mod(key: str, value: int) -> Modifier:
    return Modifier(key=f"terrain.modifier.{key}", value=value, rule_id="R13.2")


def _metres(value: Fraction) -> str:
    from rules.ranged import shown  # noqa: PLC0415 - kept light for the attack rules

    return shown(value)


# --------------------------------------------------------------------------- water


class WaterEffects(BaseModel):
    """What the water does to one attack (R13.4, R13.5)."""

    model_config = ConfigDict(frozen=True)

    modifiers: tuple[Modifier, ...]
    damage_factor: Fraction
    """×1/2 submerged, ×2/3 in water (each rounded down on the rolled damage)."""
    range_divisor: int = 1
    """Thrown weapons' ½D and Max are divided by 10 under water."""
    swimming_every: int
    """Rounds between Swimming rolls at most (a failure costs 1 FP); the rolls come on R9.3's
    one schedule (:func:`rules.breath.next_roll_in`)."""
    rule_id: str


WATER_DAMAGE: Final = {Water.underwater: Fraction(1, 2), Water.in_water: Fraction(2, 3)}
"""R13.4: all damage halved under water; R13.5: ×2/3 in water above the knee."""


def damage_in_water(amount: int, water: Water | None) -> int:
    """R13.4, R13.5: damage dealt from the water, rounded down (the catalog's reading): 9
    under water does 4, in water 6; out of it, all of it."""
    if water is None or amount <= 0:
        return amount
    return math.floor(amount * WATER_DAMAGE[water])


def _halved_toward_zero(value: int) -> int:
    return int(value / 2)


def water_effects(
    water: Water, reach: int, *, natural: bool, encumbrance: int, ranged_kind: str | None = None
) -> WaterEffects:
    """R13.4: submerged, reach C or natural weapons -2, reach 1 -4, -4 more per hex of reach;
    minus the encumbrance level; damage halved; thrown ranges /10; bows and crossbows useless.
    R13.5: in water above the knee, those penalties halved (toward zero), damage ×2/3.
    ``reach`` is the weapon's longest reach (0 for C); ``ranged_kind`` ``"bow"`` or
    ``"crossbow"`` for a launcher, ``"thrown"`` for a thrown weapon, else melee."""
    under = water is Water.underwater
    rule = "R13.4" if under else "R13.5"
    if under and ranged_kind in ("bow", "crossbow"):
        raise RuleError("terrain.useless_underwater", "bows and crossbows are useless underwater")
    mods: list[Modifier] = []
    if ranged_kind is None:
        penalty = -2 if natural or reach == 0 else -4 * reach
        mods.append(
            Modifier(
                key="terrain.modifier.water_reach",
                value=penalty if under else _halved_toward_zero(penalty),
                rule_id=rule,
            )
        )
    if encumbrance:
        value = -encumbrance if under else _halved_toward_zero(-encumbrance)
        if value:
            mods.append(
                Modifier(key="terrain.modifier.water_encumbrance", value=value, rule_id=rule)
            )
    return WaterEffects(
        modifiers=tuple(m for m in mods if m.value),
        damage_factor=WATER_DAMAGE[water],
        range_divisor=10 if under and ranged_kind == "thrown" else 1,
        swimming_every=FIGHT_PACE[water],
        rule_id=rule,
    )


def standing(turn: TurnState, *, height: Fraction | None, water: Water | bool | None) -> TurnState:
    """Where he stands now: ``height`` metres up (``None`` leaves it), and in the water
    (``False`` out of it, ``None`` leaves it) (R13.2-R13.5). A negative height is the floor."""
    update: dict[str, object] = {}
    if height is not None:
        update["elevation"] = float(max(Fraction(0), height))
    if water is False:
        update["water"] = None
    elif isinstance(water, Water):
        update["water"] = water
    return turn.model_copy(update=update)


# --------------------------------------------------------------------------- from above

FROM_ABOVE_VISION: Final = -2
WATCHING_ABOVE_VISION: Final = 2
FROM_ABOVE_DEFENSE: Final = -2
"""R13.6: one who notices in time defends at -2."""


def ambush_vision(
    perception: int, *, watching: bool, roller: DiceRoller, options: RuleOptions
) -> SuccessRoll:
    """R13.6: the Vision roll to notice someone waiting above: -2, or +2 when he is watching
    the trees and windows."""
    modifier = WATCHING_ABOVE_VISION if watching else FROM_ABOVE_VISION
    return success_roll(perception + modifier, roller, options)


# --------------------------------------------------------------------------- overpenetration


class CoverKind(StrEnum):
    """What the first target is (R13.9)."""

    flesh = "flesh"
    machine = "machine"
    homogeneous = "homogeneous"
    thin = "thin"
    """A thin plate (a wall, a door): its DR alone."""


_HP_SHARE: Final = {
    CoverKind.flesh: Fraction(1),
    CoverKind.machine: Fraction(1, 2),
    CoverKind.homogeneous: Fraction(1, 4),
    CoverKind.thin: Fraction(0),
}


class Overpenetration(BaseModel):
    """R13.9: the first target's Cover DR, whether the shot went through, and the DR the one
    behind him has against it."""

    model_config = ConfigDict(frozen=True)

    basic_damage: int
    cover_dr: int
    passes: bool
    next_dr: int | None
    """The second target's own DR plus the Cover DR (``None``: nobody behind)."""
    automatic: bool
    """The one behind stands right behind: hit without a roll (else R12.12)."""
    rule_id: str = "R13.9"


def cover_kind_of(target: Combatant) -> CoverKind:
    """R13.9: flesh for the living, a machine for the Unliving, homogeneous for the
    Homogeneous (their Injury Tolerance)."""
    if target.has(Trait.IT_HOMOGENEOUS):
        return CoverKind.homogeneous
    if target.has(Trait.IT_UNLIVING):
        return CoverKind.machine
    return CoverKind.flesh


def cover_dr(
    dr: int,
    hp: int,
    kind: CoverKind,
    *,
    layers: int = 1,
    divisor: Fraction = Fraction(1),
) -> int:
    """R13.9: DR × layers + HP (flesh), HP/2 (machines), HP/4 (homogeneous), rounded down; a
    thin plate its DR alone. The armor divisor divides the DR part only (the catalog's
    reading)."""
    armor = math.floor(Fraction(dr * layers) / divisor)
    if kind is CoverKind.thin:
        return math.floor(Fraction(dr) / divisor)
    return armor + math.floor(hp * _HP_SHARE[kind])


def overpenetration(
    basic_damage: int,
    dr: int,
    hp: int,
    kind: CoverKind,
    *,
    layers: int = 1,
    divisor: Fraction = Fraction(1),
    next_dr: int | None = None,
    directly_behind: bool = False,
) -> Overpenetration:
    """R13.9: the shot goes through when its basic damage exceeds the Cover DR (strictly);
    the one behind resists with his DR plus that Cover DR."""
    covering = cover_dr(dr, hp, kind, layers=layers, divisor=divisor)
    passes = basic_damage > covering
    return Overpenetration(
        basic_damage=basic_damage,
        cover_dr=covering,
        passes=passes,
        next_dr=next_dr + covering if passes and next_dr is not None else None,
        automatic=passes and directly_behind,
    )
