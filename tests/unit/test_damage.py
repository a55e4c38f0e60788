"""ST damage table (A.3), damage types (A.2, A.6), weapon damage text and the hit spec."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.combatant import Combatant, HitLocation
from rules.damage import (
    WOUNDING_MODIFIERS,
    DamageSpec,
    DamageType,
    apply_minimum_damage,
    huge_attacker_large_area,
    parse_damage,
    parse_damage_type,
    parse_direct_damage,
    swing,
    thrust,
)
from rules.dice import DiceExpression
from rules.errors import RuleError
from rules.hit_location import effective_dr
from rules.options import RuleOptions
from rules.roller import ScriptedDice

# A.3, every row 1-40 as printed: (ST, thrust, swing).
ST_TABLE = [
    (1, "1d-6", "1d-5"),
    (2, "1d-6", "1d-5"),
    (3, "1d-5", "1d-4"),
    (4, "1d-5", "1d-4"),
    (5, "1d-4", "1d-3"),
    (6, "1d-4", "1d-3"),
    (7, "1d-3", "1d-2"),
    (8, "1d-3", "1d-2"),
    (9, "1d-2", "1d-1"),
    (10, "1d-2", "1d"),
    (11, "1d-1", "1d+1"),
    (12, "1d-1", "1d+2"),
    (13, "1d", "2d-1"),
    (14, "1d", "2d"),
    (15, "1d+1", "2d+1"),
    (16, "1d+1", "2d+2"),
    (17, "1d+2", "3d-1"),
    (18, "1d+2", "3d"),
    (19, "2d-1", "3d+1"),
    (20, "2d-1", "3d+2"),
    (21, "2d", "4d-1"),
    (22, "2d", "4d"),
    (23, "2d+1", "4d+1"),
    (24, "2d+1", "4d+2"),
    (25, "2d+2", "5d-1"),
    (26, "2d+2", "5d"),
    (27, "3d-1", "5d+1"),
    (28, "3d-1", "5d+1"),
    (29, "3d", "5d+2"),
    (30, "3d", "5d+2"),
    (31, "3d+1", "6d-1"),
    (32, "3d+1", "6d-1"),
    (33, "3d+2", "6d"),
    (34, "3d+2", "6d"),
    (35, "4d-1", "6d+1"),
    (36, "4d-1", "6d+1"),
    (37, "4d", "6d+2"),
    (38, "4d", "6d+2"),
    (39, "4d+1", "7d-1"),
    (40, "4d+1", "7d-1"),
    # Beyond 40 (A.3), and between rows the row below applies.
    (44, "4d+1", "7d-1"),
    (45, "5d", "7d+1"),
    (49, "5d", "7d+1"),
    (50, "5d+2", "8d-1"),
    (55, "6d", "8d+1"),
    (60, "7d-1", "9d"),
    (65, "7d+1", "9d+2"),
    (70, "8d", "10d"),
    (75, "8d+2", "10d+2"),
    (80, "9d", "11d"),
    (85, "9d+2", "11d+2"),
    (90, "10d", "12d"),
    (95, "10d+2", "12d+2"),
    (100, "11d", "13d"),
    # +1d to both per further +10 ST.
    (109, "11d", "13d"),
    (110, "12d", "14d"),
    (125, "13d", "15d"),
]


@pytest.mark.parametrize(("strength", "thr", "sw"), ST_TABLE)
def test_st_damage_table(strength: int, thr: str, sw: str) -> None:
    """A.3: thrust and swing for every printed ST, including ST above 20, 40 and 100."""
    assert thrust(strength) == DiceExpression.parse(thr)
    assert swing(strength) == DiceExpression.parse(sw)


@pytest.mark.parametrize("strength", [0, -3])
def test_st_below_one_is_refused(strength: int) -> None:
    with pytest.raises(RuleError) as err:
        thrust(strength)
    assert err.value.key == "damage.bad_st"


@pytest.mark.parametrize(
    ("damage_type", "modifier"),
    [
        (DamageType.PI_SMALL, Fraction(1, 2)),
        (DamageType.PI, Fraction(1)),
        (DamageType.PI_LARGE, Fraction(3, 2)),
        (DamageType.PI_HUGE, Fraction(2)),
        (DamageType.CUT, Fraction(3, 2)),
        (DamageType.IMP, Fraction(2)),
        (DamageType.CR, Fraction(1)),
        (DamageType.BURN, Fraction(1)),
        (DamageType.COR, Fraction(1)),
        (DamageType.TOX, Fraction(1)),
        (DamageType.FAT, Fraction(1)),
    ],
)
def test_wounding_modifiers(damage_type: DamageType, modifier: Fraction) -> None:
    """A.2: the wounding modifier of every type."""
    assert WOUNDING_MODIFIERS[damage_type] == modifier


@pytest.mark.parametrize(
    ("word", "damage_type"),
    [
        ("cr", DamageType.CR),
        ("cont", DamageType.CR),
        ("CUT", DamageType.CUT),
        ("imp", DamageType.IMP),
        ("pi-", DamageType.PI_SMALL),
        ("pi\u2212", DamageType.PI_SMALL),
        ("pi", DamageType.PI),
        ("pi+", DamageType.PI_LARGE),
        ("pi++", DamageType.PI_HUGE),
        ("pi_huge", DamageType.PI_HUGE),
        ("burn", DamageType.BURN),
        ("cor", DamageType.COR),
        ("tox", DamageType.TOX),
        ("fat", DamageType.FAT),
    ],
)
def test_parse_damage_type(word: str, damage_type: DamageType) -> None:
    """A.6: Basic Set abbreviations, glossary identifiers and the seed's "cont"."""
    assert parse_damage_type(word) is damage_type


def test_unknown_damage_type() -> None:
    with pytest.raises(RuleError) as err:
        parse_damage_type("slash")
    assert err.value.key == "damage.unknown_type"
    assert err.value.params["found"] == "slash"


def test_abbreviations_round_trip() -> None:
    for damage_type in DamageType:
        assert parse_damage_type(damage_type.abbreviation) is damage_type


@pytest.mark.parametrize(
    ("text", "strength", "expression", "damage_type", "divisor"),
    [
        ("sw+2 cut", 12, "1d+4", DamageType.CUT, Fraction(1)),
        ("thr+1 imp", 12, "1d", DamageType.IMP, Fraction(1)),
        ("thr cr", 10, "1d-2", DamageType.CR, Fraction(1)),
        ("sw-1 cr", 20, "3d+1", DamageType.CR, Fraction(1)),
        ("GdP+2 perf", 13, "1d+2", DamageType.IMP, Fraction(1)),
        ("GeB cort", 14, "2d", DamageType.CUT, Fraction(1)),
        ("1d+1 pi", 10, "1d+1", DamageType.PI, Fraction(1)),
        ("2d(2) pi", 10, "2d", DamageType.PI, Fraction(2)),
        ("2d (2) pi", 10, "2d", DamageType.PI, Fraction(2)),
        ("1d(0.2) burn", 10, "1d", DamageType.BURN, Fraction(1, 5)),
        ("1d(0,5) cor", 10, "1d", DamageType.COR, Fraction(1, 2)),
        ("sw+1(5) cut", 12, "1d+3", DamageType.CUT, Fraction(5)),
        ("3d cr ex", 10, "3d", DamageType.CR, Fraction(1)),
        ("4d\u22121 pi++", 10, "4d-1", DamageType.PI_HUGE, Fraction(1)),
        ("6dx2 cr ex", 10, "6dx2", DamageType.CR, Fraction(1)),
    ],
)
def test_parse_weapon_damage(
    text: str, strength: int, expression: str, damage_type: DamageType, divisor: Fraction
) -> None:
    parsed = parse_damage(text)
    assert parsed.expression(strength) == DiceExpression.parse(expression)
    assert parsed.damage_type is damage_type
    assert parsed.armor_divisor == divisor


def test_explosive_with_fragmentation() -> None:
    """The seed writes explosions as "3d cont ex [1d]" (A.6)."""
    parsed = parse_damage("3d cont ex [1d]")
    assert parsed.explosive
    assert parsed.fragmentation == DiceExpression.parse("1d")
    assert parsed.damage_type is DamageType.CR


def test_tight_beam_burning() -> None:
    parsed = parse_damage("2d burn tbb")
    assert parsed.tight_beam
    assert not parse_damage("2d burn").tight_beam


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "damage.syntax"),
        ("sw+2", "damage.missing_type"),
        ("cut", "damage.syntax"),
        ("sw+2x cut", "damage.syntax"),
        ("2d(0) pi", "damage.bad_armor_divisor"),
        ("2d pi wobbly", "damage.syntax"),
        ("2d cr tbb", "damage.syntax"),
        ("3d cr ex [zz]", "damage.syntax"),
    ],
)
def test_bad_damage_text(text: str, key: str) -> None:
    with pytest.raises(RuleError) as err:
        parse_damage(text)
    assert err.value.key == key


def test_weapon_damage_rolls_with_the_wielders_st() -> None:
    """ST 12 swing is 1d+2; sw+2 → 1d+4; a 3 rolls 7."""
    rolled = parse_damage("sw+2 cut").roll(12, ScriptedDice([3]))
    assert rolled.result.total == 7
    assert rolled.basic_damage == 7
    assert not rolled.minimum_applied


@pytest.mark.parametrize(
    ("text", "face", "expected", "options"),
    [
        ("thr cr", 1, 0, RuleOptions()),  # ST 5 thrust 1d-4: crushing may be 0 (A.2)
        ("thr cut", 1, 1, RuleOptions()),  # any other type is at least 1 (A.2, G7)
        ("thr cut", 1, 0, RuleOptions(zero_minimum_damage=True)),  # G7 switch
        ("thr imp", 5, 1, RuleOptions()),
        ("thr imp", 6, 2, RuleOptions()),
    ],
)
def test_minimum_damage(text: str, face: int, expected: int, options: RuleOptions) -> None:
    rolled = parse_damage(text).roll(5, ScriptedDice([face]), options)
    assert rolled.basic_damage == expected
    assert rolled.minimum_applied is (rolled.result.total != expected)


@given(st.integers(min_value=-20, max_value=40), st.sampled_from(list(DamageType)))
def test_minimum_damage_property(total: int, damage_type: DamageType) -> None:
    """G7: never negative; only crushing may be 0 by default; positive totals untouched."""
    floored = apply_minimum_damage(total, damage_type, RuleOptions())
    assert floored >= 0
    if total >= 1:
        assert floored == total
    elif damage_type is DamageType.CR:
        assert floored == 0
    else:
        assert floored == 1


@pytest.mark.parametrize(
    ("attacker", "target", "large"), [(7, 0, True), (6, 0, False), (9, 1, True)]
)
def test_huge_attacker(attacker: int, target: int, large: bool) -> None:
    """R7.18 ambiguity (2): attacker SM − target SM ≥ 7."""
    assert huge_attacker_large_area(attacker, target) is large


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"armor_divisor": Fraction(0)}, "damage.bad_armor_divisor"),
        ({"armor_ignored": True, "location": HitLocation.TORSO}, "damage.armor_not_ignorable"),
        ({"tight_beam": True}, "damage.bad_location"),
        ({"exposed": (HitLocation.ARM,)}, "damage.large_area_exposed"),
    ],
)
def test_bad_specs(changes: dict[str, object], key: str) -> None:
    with pytest.raises(RuleError) as err:
        DamageSpec(basic_damage=5, damage_type=DamageType.CR, **changes)  # type: ignore[arg-type]
    assert err.value.key == key


@pytest.mark.parametrize(
    ("divisor", "exact"), [(0.2, Fraction(1, 5)), (0.5, Fraction(1, 2)), (2.0, Fraction(2))]
)
def test_a_float_armor_divisor_is_read_as_its_decimal(divisor: float, exact: Fraction) -> None:
    """A.2: (0.2) multiplies DR by 5, exactly, even when the divisor arrives as a float."""
    spec = DamageSpec(basic_damage=30, damage_type=DamageType.CR, armor_divisor=divisor)  # type: ignore[arg-type]
    assert spec.armor_divisor == exact


def test_a_float_0_2_divisor_makes_dr_5_into_25() -> None:
    """A.2: DR 5 against (0.2) is 25, not 24 from binary rounding."""
    spec = DamageSpec(basic_damage=30, damage_type=DamageType.CR, armor_divisor=0.2)  # type: ignore[arg-type]
    assert effective_dr(Combatant.create(name="t", dr={"uniform": 5}), spec).effective == 25


def test_spec_from_weapon() -> None:
    spec = DamageSpec.from_weapon(parse_damage("2d(2) pi"), 9, HitLocation.VITALS)
    assert spec.armor_divisor == 2
    assert spec.location is HitLocation.VITALS
    assert spec.damage_type is DamageType.PI
    assert spec.basic_damage == 9


# --------------------------------------------------------------------------- /damage amount:


@pytest.mark.parametrize(
    ("text", "chosen", "dice", "damage_type", "divisor"),
    [
        ("12", DamageType.CUT, "12", DamageType.CUT, None),
        ("2d+1", DamageType.CR, "2d+1", DamageType.CR, None),
        ("3d-1 cut", None, "3d-1", DamageType.CUT, None),
        ("2d+1 cort", None, "2d+1", DamageType.CUT, None),
        ("3d-1 cut", DamageType.CUT, "3d-1", DamageType.CUT, None),
        ("2d(2) pi", None, "2d", DamageType.PI, Fraction(2)),
        ("1d(0.5)", DamageType.BURN, "1d", DamageType.BURN, Fraction(1, 2)),
        ("6dx2 cr", None, "6d×2", DamageType.CR, None),
    ],
)
def test_direct_damage_reads_numbers_and_dice_with_or_without_the_type(
    text: str,
    chosen: DamageType | None,
    dice: str,
    damage_type: DamageType,
    divisor: Fraction | None,
) -> None:
    """A.2: damage a GM applies by hand, a plain number or dice, its type typed or chosen."""
    found = parse_direct_damage(text, chosen)
    assert (str(found.expression), found.damage_type, found.armor_divisor) == (
        dice,
        damage_type,
        divisor,
    )
    assert found.rolls == (dice != "12")


def test_direct_damage_rolls_its_dice_and_a_number_rolls_nothing() -> None:
    """2d+1 with 4 and 2 is 7; 12 is 12 and takes no die."""
    roller = ScriptedDice([4, 2])
    rolled = parse_direct_damage("2d+1 cut").roll(roller)
    assert (rolled.total, rolled.dice) == (7, (4, 2))
    assert roller.remaining == 0
    assert parse_direct_damage("12", DamageType.CR).roll(ScriptedDice([])).total == 12


@pytest.mark.parametrize(
    ("text", "chosen", "key"),
    [
        ("2d+1", None, "damage.missing_type"),
        ("sw+2 cut", None, "damage.needs_dice"),
        ("thr", DamageType.IMP, "damage.needs_dice"),
        ("2d+1 cut", DamageType.IMP, "damage.type_conflict"),
        ("1001", DamageType.CR, "damage.too_much"),
        ("200d cr", None, "dice.too_many_dice"),
        ("200d", DamageType.CR, "dice.too_many_dice"),
        ("-3", DamageType.CR, "damage.syntax"),
        ("2d+x cut", None, "damage.syntax"),
        ("2q", DamageType.CR, "dice.syntax"),
    ],
)
def test_bad_direct_damage_is_refused_with_a_key(
    text: str, chosen: DamageType | None, key: str
) -> None:
    with pytest.raises(RuleError) as caught:
        parse_direct_damage(text, chosen)
    assert caught.value.key == key
