"""Throwing objects: the skill, the weight limits, and the damage and distance tables.

R12.1: Throwing skill or DX-3; the normal tables (R12.2, R12.3) for ST 5 to 20,
the super-strong ones (R12.4, R12.5) above 20; nobody throws more than 13 × ST
(normal) or 50 × ST (super-strong) kilograms. Weights and distances are the
seed's kilograms and metres, kept as exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.damage import thrust
from rules.dice import DiceExpression
from rules.errors import RuleError
from rules.ranged import as_fraction, shown

__all__ = [
    "DAMAGE_NORMAL",
    "DISTANCE_NORMAL",
    "DISTANCE_SUPER",
    "ERROR_KEYS",
    "ThrownObject",
    "damage_normal",
    "damage_super",
    "distance_normal",
    "distance_super",
    "max_weight",
    "throw_object",
]

ERROR_KEYS: Final = frozenset({"ranged.too_weak", "ranged.too_heavy", "ranged.bad_weight"})
"""Every :class:`RuleError` key this module raises."""

NORMAL_ST_MAX: Final = 20
NORMAL_ST_MIN: Final = 5

DAMAGE_NORMAL: Final[dict[tuple[int, int], tuple[str | None, ...]]] = {
    (5, 6): ("1d-5", "1d-4", "1d-5", None),
    (7, 8): ("1d-4", "1d-3", "1d-3", None),
    (9, 10): ("1d-3", "1d-2", "1d-2", "1d-3"),
    (11, 12): ("1d-2", "1d-1", "1d-1", "1d-2"),
    (13, 14): ("1d-1", "1d", "1d", "1d"),
    (15, 16): ("1d", "1d+1", "1d+1", "1d"),
    (17, 18): ("1d+1", "1d+2", "2d-2", "2d-1"),
    (19, 20): ("1d+2", "2d-2", "2d-1", "2d"),
}
"""R12.2, exactly as printed (not monotonic): ST rows by the columns 0.25-5, 5-25, 25-50 and
over 50 kg; ``None`` is "NADA", no damage."""

_DAMAGE_COLUMNS: Final = (Fraction(5), Fraction(25), Fraction(50))
"""R12.2's column bounds, each upper bound inclusive (the catalog's reading)."""

DISTANCE_NORMAL: Final[tuple[tuple[Fraction, Fraction], ...]] = (
    (Fraction(1, 2), Fraction(7, 2)),
    (Fraction(3, 4), Fraction(3)),
    (Fraction(1), Fraction(5, 2)),
    (Fraction(2), Fraction(3, 2)),
    (Fraction(15, 4), Fraction(1)),
    (Fraction(5), Fraction(4, 5)),
    (Fraction(15, 2), Fraction(7, 10)),
    (Fraction(10), Fraction(3, 5)),
    (Fraction(25, 2), Fraction(1, 2)),
    (Fraction(15), Fraction(2, 5)),
    (Fraction(20), Fraction(3, 10)),
    (Fraction(25), Fraction(1, 4)),
    (Fraction(30), Fraction(1, 5)),
    (Fraction(40), Fraction(3, 20)),
    (Fraction(50), Fraction(1, 10)),
    (Fraction(100), Fraction(1, 20)),
)
"""R12.3: weight (kg) row and its multiplier of ST + Throwing/6, in metres."""

DISTANCE_SUPER: Final[tuple[tuple[Fraction, Fraction], ...]] = (
    (Fraction(1, 20), Fraction(7, 2)),
    (Fraction(3, 40), Fraction(3)),
    (Fraction(1, 10), Fraction(5, 2)),
    (Fraction(3, 20), Fraction(19, 10)),
    (Fraction(1, 5), Fraction(3, 2)),
    (Fraction(1, 4), Fraction(6, 5)),
    (Fraction(3, 8), Fraction(1)),
    (Fraction(1, 2), Fraction(4, 5)),
    (Fraction(3, 4), Fraction(7, 10)),
    (Fraction(1), Fraction(3, 5)),
    (Fraction(5, 4), Fraction(1, 2)),
    (Fraction(3, 2), Fraction(2, 5)),
    (Fraction(2), Fraction(3, 10)),
    (Fraction(5, 2), Fraction(1, 4)),
    (Fraction(3), Fraction(1, 5)),
    (Fraction(4), Fraction(3, 20)),
    (Fraction(5), Fraction(1, 10)),
    (Fraction(10), Fraction(1, 20)),
)
"""R12.5: weight/ST fraction row and its multiplier of ST, in metres."""


def _kg(weight: float | Fraction) -> Fraction:
    value = as_fraction(weight)
    if value <= 0:
        raise RuleError("ranged.bad_weight", "the object must weigh something", kg=str(value))
    return value


def max_weight(st: int) -> int:
    """R12.1: 13 × ST kg with normal ST (up to 20), 50 × ST kg above."""
    return (13 if st <= NORMAL_ST_MAX else 50) * st


def _row_down(rows: tuple[tuple[Fraction, Fraction], ...], value: Fraction) -> Fraction:
    """The multiplier of the last row at or below ``value`` (the first row below it)."""
    found = rows[0][1]
    for bound, multiplier in rows:
        if bound <= value:
            found = multiplier
    return found


def damage_normal(st: int, weight: float | Fraction) -> str | None:
    """R12.2: the damage dice for ST 5-20 and the object's weight; ``None`` for "NADA"."""
    kg = _kg(weight)
    for (low, high), row in DAMAGE_NORMAL.items():
        if low <= st <= high:
            column = sum(1 for bound in _DAMAGE_COLUMNS if kg > bound)
            return row[column]
    raise RuleError("ranged.too_weak", f"the tables start at ST {NORMAL_ST_MIN}", st=st, minimum=5)


def distance_normal(st: int, weight: float | Fraction, throwing: int | None = None) -> Fraction:
    """R12.3: the weight rounded down to a row, times ST + 1/6 of the Throwing skill (rounded
    down, the catalog's reading); anything up to 0.5 kg uses the first row."""
    bonus = (throwing // 6) if throwing is not None else 0
    return _row_down(DISTANCE_NORMAL, _kg(weight)) * (st + bonus)


_SUPER_PER_DIE: Final = (
    (Fraction(-2), "under 1 kg"),
    (Fraction(-1), "1-2.5 kg"),
    (Fraction(0), "2.5 kg-ST/2"),
    (Fraction(1), "ST/2-3/2 ST"),
    (Fraction(0), "3/2 ST-7/2 ST"),
    (Fraction(-1, 2), "7/2 ST-11/2 ST"),
    (Fraction(-1), "over 11/2 ST"),
)


def _super_row(st: int, kg: Fraction) -> int:
    if kg < 1:
        return 0
    bounds = (Fraction(5, 2), *(Fraction(k * st, 2) for k in (1, 3, 7, 11)))
    return 1 + sum(1 for bound in bounds if kg > bound)


def damage_super(st: int, weight: float | Fraction) -> DiceExpression:
    """R12.4: thrust for ST (A.3) with the row's adjustment per die: -2, -1, 0, +1, 0, -1/2
    (the total rounded toward zero: 3 dice, -1) or -1 per die."""
    kg = _kg(weight)
    base = thrust(st)
    dice = sum(group.count for group in base.groups)
    per_die = _SUPER_PER_DIE[_super_row(st, kg)][0]
    adds = int(per_die * dice)
    return DiceExpression.of(dice, base.modifier + adds)


def distance_super(st: int, weight: float | Fraction) -> Fraction:
    """R12.5: weight/ST rounded down to a row, its multiplier times ST (no Throwing bonus)."""
    return _row_down(DISTANCE_SUPER, _kg(weight) / st) * st


class ThrownObject(BaseModel):
    """An object thrown by hand: the roll it takes, the damage it does and how far it goes."""

    model_config = ConfigDict(frozen=True)

    st: int
    lifting_st: int | None = None
    """The ST it flew and was lifted with, when not the attribute: halved when tired (R8.1)."""
    weight: Fraction
    skill: int
    skill_rule: str
    """``"R12.1"``: Throwing, or DX-3 without it."""
    damage: str | None
    """Dice text (``1d-2``), ``None`` when the table says it does nothing."""
    distance: Fraction
    """How far it flies, in metres."""
    limit: int
    super_strong: bool
    rule_ids: tuple[str, ...]


def throw_object(
    st: int,
    dx: int,
    weight: float | Fraction,
    throwing: int | None = None,
    *,
    lifting_st: int | None = None,
) -> ThrownObject:
    """R12.1-R12.5: the skill (Throwing, or DX-3), the weight limit, the damage and the range
    of an object of ``weight`` kg thrown by someone of ``st``.

    ``lifting_st`` is the ST he throws with when it differs from the attribute: halved below
    1/3 of his FP (R8.1), it sets how far the object flies and how heavy it may be, while the
    damage keeps the ST attribute. ST 12 tired (6) throwing 2 kg: 1d-2 as ST 12, 1.5 x 6 = 9 m,
    at most 78 kg."""
    kg = _kg(weight)
    lifting = st if lifting_st is None else lifting_st
    for value in {st, lifting}:
        if value < NORMAL_ST_MIN:
            raise RuleError(
                "ranged.too_weak",
                f"the throwing tables start at ST {NORMAL_ST_MIN}",
                st=value,
                minimum=NORMAL_ST_MIN,
            )
    limit = max_weight(lifting)
    if kg > limit:
        raise RuleError(
            "ranged.too_heavy",
            f"ST {lifting} throws at most {limit} kg",
            st=lifting,
            kg=shown(kg),
            limit=limit,
        )
    skill = throwing if throwing is not None else dx - 3
    rules: list[str] = ["R12.1"]
    if st > NORMAL_ST_MAX:
        damage: str | None = damage_super(st, kg).text
        rules.append("R12.4")
    else:
        damage = damage_normal(st, kg)
        rules.append("R12.2")
    if lifting > NORMAL_ST_MAX:
        distance = distance_super(lifting, kg)
        rules.append("R12.5")
    else:
        distance = distance_normal(lifting, kg, throwing)
        rules.append("R12.3")
    if lifting != st:
        rules.append("R8.1")
    return ThrownObject(
        st=st,
        lifting_st=None if lifting == st else lifting,
        weight=kg,
        skill=max(skill, dx - 3),
        skill_rule="R12.1",
        damage=damage,
        distance=distance,
        limit=limit,
        super_strong=st > NORMAL_ST_MAX,
        rule_ids=tuple(rules),
    )
