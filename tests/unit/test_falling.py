"""Falls and falling objects (R13.7, R13.8): the tables, the worked examples, the hits."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.combatant import Armor, Combatant, HitLocation
from rules.falling import (
    FALL_CAP_METRES,
    FallArmor,
    Landing,
    fall,
    fall_armor,
    fall_dice,
    fall_hit,
    falling_object,
    falling_object_dice,
    falling_object_hit,
)
from rules.roller import ScriptedDice


def roll3(total: int) -> list[int]:
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


# --------------------------------------------------------------------------- R13.7


@pytest.mark.parametrize(
    ("metres", "text", "soft_text"),
    [
        # 1 or 2 m: 1d-4 a metre.
        (1, "1d-4", "1d-5"),
        (2, "2d-8", "2d-10"),
        # 3 or 4 m: 1d-3 a metre.
        (3, "3d-9", "3d-12"),
        (4, "4d-12", "4d-16"),
        # 5 m or more: 1d-2 a metre.
        (5, "5d-10", "5d-15"),
        (8, "8d-16", "8d-24"),
        (10, "10d-20", "10d-30"),
    ],
)
def test_r13_7_table(metres: int, text: str, soft_text: str) -> None:
    hard = fall_dice(metres)
    soft = fall_dice(metres, soft=True)
    assert hard is not None
    assert soft is not None
    assert (hard.text, soft.text) == (text, soft_text)


def test_r13_7_under_a_metre_does_nothing() -> None:
    assert fall_dice(0) is None
    landed = fall(0.9, roller=ScriptedDice([]))
    assert (landed.metres, landed.expression, landed.damage) == (0, None, 0)


def test_r13_7_fractions_round_down() -> None:
    landed = fall(2.9, roller=ScriptedDice([6, 6]))
    assert (landed.metres, landed.expression, landed.rolled) == (2, "2d-8", 4)


def test_r13_7_worked_example_acrobatics() -> None:
    """6 m with a successful Acrobatics roll → 1 m → 1d-4 (the reduced height's row)."""
    dice = ScriptedDice([*roll3(10), 6])
    landed = fall(6, acrobatics=12, roller=dice)
    assert landed.acrobatics is not None
    assert landed.acrobatics.succeeded
    assert (landed.metres, landed.expression, landed.damage) == (1, "1d-4", 2)
    failed = fall(6, acrobatics=12, roller=ScriptedDice([*roll3(13), 1, 1, 1, 1, 1, 1]))
    assert (failed.metres, failed.expression) == (6, "6d-12")


def test_r13_7_worked_example_water() -> None:
    """Landing in water after a successful Swimming roll: the 1 m fall does 1d-5."""
    dice = ScriptedDice([*roll3(10), *roll3(9), 6])
    landed = fall(6, acrobatics=12, landing=Landing.WATER, swimming=12, roller=dice)
    assert landed.soft
    assert (landed.expression, landed.damage) == ("1d-5", 1)
    hard = fall(1, landing=Landing.WATER, swimming=10, roller=ScriptedDice([*roll3(14), 6]))
    assert (hard.soft, hard.expression) == (False, "1d-4")
    with pytest.raises(Exception, match="Swimming"):
        fall(3, landing=Landing.WATER, roller=ScriptedDice([]))


def test_r13_7_totals_floor_at_zero() -> None:
    """G7: environmental damage below 0 is 0."""
    landed = fall(3, roller=ScriptedDice([1, 1, 1]))
    assert (landed.rolled, landed.damage) == (-6, 0)
    assert "G7" in landed.rule_ids


def test_r13_7_falls_above_fifty_metres_count_as_fifty() -> None:
    landed = fall(120, roller=ScriptedDice([1] * FALL_CAP_METRES))
    assert (landed.capped, landed.metres, landed.expression) == (True, 50, "50d-100")


@pytest.mark.parametrize(
    ("armor", "kind", "counted"),
    [
        (Armor(flexible=2), FallArmor.FLEXIBLE, Armor(flexible=2)),
        (Armor(flexible=6), FallArmor.FLEXIBLE, Armor(flexible=3)),
        # Mail: metal DR 4 → 2.
        (Armor(flexible=4), FallArmor.METAL, Armor(flexible=2)),
        (Armor(rigid=7), FallArmor.METAL, Armor(rigid=3)),
        (Armor(rigid=7), FallArmor.NONE, Armor()),
        (Armor(), FallArmor.METAL, Armor()),
    ],
)
def test_r13_7_armor(armor: Armor, kind: FallArmor, counted: Armor) -> None:
    assert fall_armor(armor, kind) == counted


def test_r13_7_worked_example_mail_through_the_injury_pipeline() -> None:
    """8 m onto stone in mail (metal DR 4 → 2): 8d-16 rolled 30 → 14 - 2 = 12 crushing."""
    knight = Combatant.create(
        name="Knight", attributes={"st": 10, "ht": 12, "hp": 20}, dr={"uniform": {"flexible": 4}}
    )
    faces = [6, 6, 6, 6, 3, 1, 1, 1]
    dice = ScriptedDice(faces)
    landed = fall(8, roller=dice)
    assert (landed.expression, landed.rolled, landed.damage) == ("8d-16", 14, 14)
    hit = fall_hit(knight, landed, FallArmor.METAL, ScriptedDice(roll3(10)))
    assert (hit.dr.effective, hit.penetrating, hit.injury, hit.hp_after) == (2, 12, 12, 8)
    # 12 > 20/2: a major wound rolls knockdown, but a fall knocks no one back.
    assert hit.major_wound
    assert hit.knockback is None
    assert knight.dr.at(HitLocation.TORSO) == Armor(flexible=4)


# --------------------------------------------------------------------------- R13.8


@pytest.mark.parametrize(
    ("kg", "metres", "soft", "dice", "factor"),
    [
        # The text's case: 10 kg from 30 m → 2 × 3 = 6d.
        (10, 30, False, 6, Fraction(1)),
        # 0.5 kg flowerpot from 20 m: 5 kg × 20 m → 2d, halved.
        (0.5, 20, False, 2, Fraction(1, 2)),
        # 0.5 kg cup from 1.5 m: 1d × 1/4.
        (0.5, 1.5, False, 1, Fraction(1, 4)),
        # Over 180 m counts as 180 m: 5 kg from 500 m → 18d.
        (5, 500, False, 18, Fraction(1)),
        # 1-2.49 kg and 2-4.99 m round to no multiple: one, without halving.
        (2, 30, False, 3, Fraction(1)),
        (10, 4, False, 2, Fraction(1)),
        # Halves round up: 12.5 kg is 3 multiples, 25 m is 3.
        (12.5, 25, False, 9, Fraction(1)),
        # A soft object halves; with under 1 kg, a quarter.
        (10, 30, True, 6, Fraction(1, 2)),
        (0.5, 20, True, 2, Fraction(1, 4)),
    ],
)
def test_r13_8_dice(kg: float, metres: float, soft: bool, dice: int, factor: Fraction) -> None:
    found = falling_object_dice(kg, metres, soft=soft)
    assert (found.dice, found.factor) == (dice, factor)


def test_r13_8_rolls_and_rounds_down() -> None:
    """The flowerpot: 2d rolled 7 → 3 (7 × 1/2 rounded down)."""
    dropped = falling_object(0.5, 20, roller=ScriptedDice([3, 4]))
    assert (dropped.faces, dropped.rolled, dropped.damage) == ((3, 4), 7, 3)


def test_r13_8_hits_through_the_injury_pipeline() -> None:
    """A 10 kg stone from 30 m on the skull: 6d = 21, DR 2 (skull) → 19 × 4 = 76."""
    target = Combatant.create(name="Guard", attributes={"st": 10, "ht": 10})
    dropped = falling_object(10, 30, roller=ScriptedDice([6, 5, 4, 3, 2, 1]))
    hit = falling_object_hit(
        target, dropped, ScriptedDice([3, 3, 3] * 5), location=HitLocation.SKULL
    )
    assert (hit.basic_damage, hit.dr.effective, hit.injury) == (21, 2, 76)
    assert hit.knockback is None
