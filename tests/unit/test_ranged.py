"""Ranged attacks: the Size and Speed/Range table (A.8), weapon ranges, cover (R12.15), blind
fire (R12.6), pop-up attacks (R12.7), shooting down and up (R12.8, R12.9), the wrong target
(R12.12) and opportunity fire (R12.13)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.combatant import Posture
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.ranged import (
    COVER_MODIFIERS,
    OPPORTUNITY_AREA_MODIFIERS,
    Cover,
    FireMode,
    OpportunityArea,
    RangedSituation,
    WeaponRange,
    effective_distance,
    plan_shot,
    stray_exempt,
    weapon_range,
)

OPTIONS = RuleOptions()


@pytest.mark.parametrize(
    ("distance", "speed", "modifier"),
    [(2, 0, 0), (3, 0, -1), (20, 0, -6), (21, 0, -7), (12, 8, -6), (0, 30, -7)],
)
def test_the_distance_and_speed_are_read_on_the_size_and_speed_range_table_a8(
    distance: int, speed: int, modifier: int
) -> None:
    """Distance plus speed on A.8 (rules.size_range), a value between rows taking the larger
    penalty."""
    found = _mods(RangedSituation(distance=Fraction(distance), speed=speed))
    assert found.get("range", 0) == modifier


@pytest.mark.parametrize(
    ("text", "st", "half", "maximum"),
    [
        ("15/20", 10, 15, 20),
        ("x15/x20", 11, 165, 220),
        ("×1/×1.5", 12, 12, 18),
        ("100", 10, None, 100),
        ("1,500/2,000", 10, 1500, 2000),
        ("x1,5/x2", 10, 15, 20),
        ("-", 10, None, None),
        ("", 10, None, None),
        (None, 10, None, None),
    ],
)
def test_weapon_ranges(text: str | None, st: int, half: int | None, maximum: int | None) -> None:
    ranges = weapon_range(text, st)
    assert (ranges.half_damage, ranges.maximum) == (half, maximum)


@pytest.mark.parametrize("text", ["far", "20/10", "1/2/3"])
def test_a_range_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(RuleError) as raised:
        weapon_range(text, 10)
    assert raised.value.key == "ranged.bad_range"


def _mods(situation: RangedSituation, ranges: WeaponRange | None = None) -> dict[str, int]:
    plan = plan_shot(situation, ranges or WeaponRange())
    return {m.key.removeprefix("ranged.modifier."): m.value for m in plan.modifiers}


def test_a_bow_shot_at_20_m_on_a_man_sized_target_a8() -> None:
    assert _mods(RangedSituation(distance=Fraction(20))) == {"range": -6}
    assert _mods(RangedSituation(distance=Fraction(20), speed=10)) == {"range": -7}
    assert _mods(RangedSituation(distance=Fraction(20), target_size=2)) == {
        "range": -6,
        "target_size": 2,
    }


def test_beyond_half_damage_halves_and_beyond_max_is_refused() -> None:
    ranges = weapon_range("15/20", 10)
    assert not plan_shot(RangedSituation(distance=Fraction(14)), ranges).half_damage
    assert plan_shot(RangedSituation(distance=Fraction(15)), ranges).half_damage
    with pytest.raises(RuleError) as raised:
        plan_shot(RangedSituation(distance=Fraction(21)), ranges)
    assert raised.value.key == "ranged.beyond_max"
    assert raised.value.params == {"distance": 21, "maximum": 20, "divisor": 1}


@pytest.mark.parametrize(("cover", "modifier"), list(COVER_MODIFIERS.items()))
def test_every_row_of_the_cover_table_r12_15(cover: Cover, modifier: int) -> None:
    assert _mods(RangedSituation(cover=cover)) == {f"cover_{cover.value}": modifier}


def test_the_cover_example_r12_15() -> None:
    """A bandit showing head and shoulders over a wall: -4."""
    assert COVER_MODIFIERS[Cover.head_shoulders] == -4


@pytest.mark.parametrize(
    ("height", "metres", "rule"),
    [(Fraction(-10), 15, "R12.8"), (Fraction(10), 30, "R12.9"), (Fraction(-3), 19, "R12.8")],
)
def test_shooting_down_and_up_r12_8_r12_9(height: Fraction, metres: int, rule: str) -> None:
    """20 m away and 10 m below → 15 m; 10 m above → 30 m; 3 m below → 1 m off."""
    assert effective_distance(Fraction(20), height) == (metres, rule)
    plan = plan_shot(RangedSituation(distance=Fraction(20), height=height), WeaponRange())
    assert plan.effective_distance == metres
    assert plan.modifiers[0].rule_id == rule


def test_pop_up_attack_r12_7() -> None:
    """-2 more, the snap shot always, no Aim; a bow cannot (crossbow 14 → 8 with the -4)."""
    plan = plan_shot(RangedSituation(mode=FireMode.pop_up), WeaponRange())
    assert [(m.key, m.value, m.rule_id) for m in plan.modifiers] == [
        ("ranged.modifier.pop_up", -2, "R12.7")
    ]
    assert (plan.forced_snap_rule, plan.no_aim) == ("R12.7", True)
    with pytest.raises(RuleError) as raised:
        plan_shot(RangedSituation(mode=FireMode.pop_up, bow=True), WeaponRange())
    assert raised.value.key == "ranged.pop_up_bow"


@pytest.mark.parametrize(("area", "modifier"), list(OPPORTUNITY_AREA_MODIFIERS.items()))
def test_every_row_of_the_opportunity_fire_table_r12_13(
    area: OpportunityArea, modifier: int
) -> None:
    plan = plan_shot(RangedSituation(mode=FireMode.opportunity, area=area), WeaponRange())
    assert plan.modifiers[0].value == modifier
    assert plan.forced_snap_rule == (None if area is OpportunityArea.one else "R12.13")
    identified = plan_shot(
        RangedSituation(mode=FireMode.opportunity, area=area, identify=True), WeaponRange()
    )
    assert identified.modifiers[-1].value == -2


def test_blind_fire_r12_6() -> None:
    assert plan_shot(RangedSituation(mode=FireMode.blind), WeaponRange()).blind


@pytest.mark.parametrize(
    ("shooter", "bystander", "exempt"),
    [
        (Posture.STANDING, Posture.STANDING, False),
        (Posture.STANDING, Posture.KNEELING, True),
        (Posture.STANDING, Posture.PRONE, True),
        (Posture.KNEELING, Posture.KNEELING, False),
        (Posture.PRONE, Posture.LYING_FACE_UP, False),
        (Posture.KNEELING, Posture.PRONE, True),
        (Posture.STANDING, Posture.CROUCHING, False),
    ],
)
def test_who_is_out_of_the_line_of_fire_r12_12(
    shooter: Posture, bystander: Posture, exempt: bool
) -> None:
    assert stray_exempt(shooter, bystander) is exempt
