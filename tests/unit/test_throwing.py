"""Throwing objects (R12.1-R12.5): the skill, the weight limits, every table and example."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.throwing import (
    damage_normal,
    damage_super,
    distance_normal,
    distance_super,
    max_weight,
    throw_object,
)

# R12.2 as printed: ST row, then the 0.25-5, 5-25, 25-50 and over-50 kg columns.
DAMAGE_TABLE = [
    ((5, 6), ("1d-5", "1d-4", "1d-5", None)),
    ((7, 8), ("1d-4", "1d-3", "1d-3", None)),
    ((9, 10), ("1d-3", "1d-2", "1d-2", "1d-3")),
    ((11, 12), ("1d-2", "1d-1", "1d-1", "1d-2")),
    ((13, 14), ("1d-1", "1d", "1d", "1d")),
    ((15, 16), ("1d", "1d+1", "1d+1", "1d")),
    ((17, 18), ("1d+1", "1d+2", "2d-2", "2d-1")),
    ((19, 20), ("1d+2", "2d-2", "2d-1", "2d")),
]
# A weight inside each column, and each column's upper bound (inclusive, the catalog's reading).
COLUMN_WEIGHTS = [(Fraction(1), Fraction(5)), (Fraction(10), Fraction(25))]
COLUMN_WEIGHTS += [(Fraction(30), Fraction(50)), (Fraction(60), Fraction(200))]


@pytest.mark.parametrize(("sts", "row"), DAMAGE_TABLE)
@pytest.mark.parametrize("column", range(4))
def test_every_cell_of_the_normal_damage_table_r12_2(
    sts: tuple[int, int], row: tuple[str | None, ...], column: int
) -> None:
    for st in sts:
        for weight in COLUMN_WEIGHTS[column]:
            if weight <= max_weight(st):
                assert damage_normal(st, weight) == row[column], (st, weight)


@pytest.mark.parametrize(
    ("st", "kg", "damage"),
    [(12, 3, "1d-2"), (17, 30, "2d-2"), (7, 60, None), (12, 0.1, "1d-2"), (5, 25, "1d-4")],
)
def test_the_normal_damage_examples_r12_2(st: int, kg: float, damage: str | None) -> None:
    """ST 12, 3 kg rock → 1d-2; ST 17, 30 kg barrel → 2d-2; ST 7, 60 kg crate → nothing;
    under 0.25 kg uses the first column; 25 kg is in the 5-25 column (upper bound inclusive)."""
    assert damage_normal(st, kg) == damage


DISTANCE_TABLE = [
    (0.5, "3.5"),
    (0.75, "3"),
    (1, "2.5"),
    (2, "1.5"),
    (3.75, "1"),
    (5, "0.8"),
    (7.5, "0.7"),
    (10, "0.6"),
    (12.5, "0.5"),
    (15, "0.4"),
    (20, "0.3"),
    (25, "0.25"),
    (30, "0.2"),
    (40, "0.15"),
    (50, "0.1"),
    (100, "0.05"),
]


@pytest.mark.parametrize(("kg", "multiplier"), DISTANCE_TABLE)
def test_every_row_of_the_normal_distance_table_r12_3(kg: float, multiplier: str) -> None:
    assert distance_normal(10, kg) == Fraction(multiplier) * 10


@pytest.mark.parametrize(
    ("st", "kg", "skill", "metres"),
    [
        (12, 3, 12, 21),  # rounds down to the 2 kg row: 1.5 × (12 + 2)
        (12, 3, None, 18),
        (12, 3, 13, 21),  # 13/6 rounds down to +2
        (12, 0.2, None, 42),  # up to 0.5 kg: 3.5
        (10, 70, None, 1),  # 50-100 kg: the 50 row, 0.1
        (12, 5, None, Fraction(48, 5)),  # 0.8 × 12 = 9.6 m
    ],
)
def test_the_normal_distance_examples_r12_3(
    st: int, kg: float, skill: int | None, metres: Fraction
) -> None:
    assert distance_normal(st, kg, skill) == metres


@pytest.mark.parametrize(
    ("kg", "damage"),
    [
        (0.5, "3d-6"),
        (2, "3d-3"),
        (10, "3d"),
        (20, "3d+3"),
        (100, "3d"),
        (120, "3d-1"),
        (200, "3d-3"),
    ],
)
def test_super_strong_damage_by_weight_r12_4(kg: float, damage: str) -> None:
    """ST 30 (thrust 3d): 20 kg boulder 3d+3, 120 kg cart 3d-1 (-1/2 per die, rounded), 200 kg
    ox 3d-3; and one weight in each other row."""
    assert damage_super(30, kg).text == damage


SUPER_DISTANCE = [
    ("0.05", "3.5"),
    ("0.075", "3"),
    ("0.1", "2.5"),
    ("0.15", "1.9"),
    ("0.2", "1.5"),
    ("0.25", "1.2"),
    ("0.375", "1"),
    ("0.5", "0.8"),
    ("0.75", "0.7"),
    ("1", "0.6"),
    ("1.25", "0.5"),
    ("1.5", "0.4"),
    ("2", "0.3"),
    ("2.5", "0.25"),
    ("3", "0.2"),
    ("4", "0.15"),
    ("5", "0.1"),
    ("10", "0.05"),
]


@pytest.mark.parametrize(("fraction", "multiplier"), SUPER_DISTANCE)
def test_every_row_of_the_super_strong_distance_table_r12_5(fraction: str, multiplier: str) -> None:
    st = 40
    assert distance_super(st, Fraction(fraction) * st) == Fraction(multiplier) * st


@pytest.mark.parametrize(("kg", "metres"), [(60, 9), (15, 24), (1450, Fraction(3, 2))])
def test_the_super_strong_distance_examples_r12_5(kg: int, metres: Fraction) -> None:
    """ST 30: a 60 kg barrel (fraction 2) flies 9 m, a 15 kg stone (0.5) 24 m; from 10 up to
    the 50 × ST limit the last row holds."""
    assert distance_super(30, kg) == metres


def test_skill_and_weight_limits_r12_1() -> None:
    """DX 12 without Throwing → 9; ST 10 → 130 kg at most; ST 30 → 1,500 kg."""
    thrown = throw_object(10, 12, 2)
    assert (thrown.skill, thrown.limit, thrown.super_strong) == (9, 130, False)
    assert throw_object(30, 12, 2).limit == 1500
    assert throw_object(10, 12, 2, throwing=14).skill == 14
    with pytest.raises(RuleError) as raised:
        throw_object(10, 12, 131)
    assert raised.value.key == "ranged.too_heavy"
    with pytest.raises(RuleError) as weak:
        throw_object(4, 12, 1)
    assert weak.value.key == "ranged.too_weak"


def test_a_5_kg_rock_from_st_12_r12_1_r12_2_r12_3() -> None:
    rock = throw_object(12, 11, 5)
    assert rock.damage == "1d-2"
    assert rock.distance == Fraction(48, 5)
    assert rock.skill == 8
    assert rock.rule_ids == ("R12.1", "R12.2", "R12.3")
    big = throw_object(30, 11, 20)
    assert (big.damage, big.distance, big.rule_ids) == ("3d+3", 24, ("R12.1", "R12.4", "R12.5"))


def test_tired_thrower_uses_half_st_for_distance_and_weight_r8_1_r12_3() -> None:
    """R8.1 with R12.1-R12.3: ST 12 below 1/3 FP throws with ST 6: a 2 kg stone flies
    1.5 x 6 = 9 m (not 18), at most 13 x 6 = 78 kg; the damage keeps ST 12: 1d-2."""
    stone = throw_object(12, 11, 2, lifting_st=6)
    assert (stone.st, stone.lifting_st) == (12, 6)
    assert (stone.damage, stone.distance, stone.limit) == ("1d-2", 9, 78)
    assert stone.rule_ids == ("R12.1", "R12.2", "R12.3", "R8.1")
    rested = throw_object(12, 11, 2, lifting_st=12)
    assert (rested.lifting_st, rested.distance, rested.limit) == (None, 18, 156)
    with pytest.raises(RuleError) as heavy:
        throw_object(12, 11, 79, lifting_st=6)
    assert (heavy.value.key, heavy.value.params["limit"]) == ("ranged.too_heavy", 78)


def test_tired_super_strong_thrower_may_fall_to_the_normal_distance_table_r8_1() -> None:
    """R8.1: ST 30 tired is ST 15 for the throw: 20 kg flies R12.3's 3/10 x 15 = 4.5 m; the
    damage stays R12.4's for ST 30: 3d+3."""
    big = throw_object(30, 11, 20, lifting_st=15)
    assert (big.damage, big.distance) == ("3d+3", Fraction(9, 2))
    assert big.rule_ids == ("R12.1", "R12.4", "R12.3", "R8.1")
