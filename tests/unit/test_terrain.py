"""Levels (R13.1-R13.3), water (R13.4, R13.5), attacks from above (R13.6) and overpenetration
(R13.9): every row and worked example of the catalog."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.storage.documents import FORMATS, Document, stamp, upgrade
from rules.combatant import HitLocation
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.terrain import (
    HEIGHT_PRESETS,
    CoverKind,
    HeightBand,
    Water,
    ambush_vision,
    cover_dr,
    effective_height,
    height_band,
    level_modifiers,
    overpenetration,
    water_effects,
)
from rules.turn import TurnState

OPTIONS = RuleOptions()
M = Fraction


@pytest.mark.parametrize(
    ("height", "band"),
    [
        ("0.3", HeightBand.none),
        ("0.31", HeightBand.low),
        ("0.6", HeightBand.low),
        ("1", HeightBand.waist),
        ("1.3", HeightBand.chest),
        ("1.6", HeightBand.shoulder),
        ("2", HeightBand.head),
        ("2.01", HeightBand.out_of_reach),
    ],
)
def test_the_bands_of_the_height_table_r13_2(height: str, band: HeightBand) -> None:
    assert height_band(M(height)) is band


# R13.2 row by row: (height, location) → (higher's modifier or None for out of reach,
# lower's modifier or None, the target's defense when he is the higher one).
ROWS = [
    ("0.5", HitLocation.LEG, -2, 2, 0),
    ("0.5", HitLocation.SKULL, 1, -2, 0),
    ("1", HitLocation.FOOT, -2, 2, 1),
    ("1", HitLocation.FACE, 1, -2, 1),
    ("1.2", HitLocation.LEG, None, 2, 2),
    ("1.2", HitLocation.EYE, 1, -2, 2),
    ("1.5", HitLocation.LEG, None, 2, 3),
    ("1.5", HitLocation.SKULL, 1, None, 3),
    ("1.5", HitLocation.TORSO, 0, 0, 3),
    ("2", HitLocation.SKULL, 1, None, 3),
    ("2", HitLocation.LEG, None, 2, 3),
    ("2", HitLocation.TORSO, None, None, 3),
]


@pytest.mark.parametrize(("height", "location", "above", "below", "defense"), ROWS)
def test_every_row_of_the_height_table_r13_2(
    height: str, location: HitLocation, above: int | None, below: int | None, defense: int
) -> None:
    for mine, theirs, expected, target_defense in (
        (M(height), M(0), above, -defense),
        (M(0), M(height), below, defense),
    ):
        if expected is None:
            with pytest.raises(RuleError) as raised:
                level_modifiers(mine, theirs, location)
            assert raised.value.key == "terrain.location_out_of_reach"
            continue
        found = level_modifiers(mine, theirs, location)
        assert sum(m.value for m in found.attack) == expected
        assert found.defense == target_defense
        assert all(m.rule_id == "R13.2" for m in found.attack)


def test_the_table_example_r13_2() -> None:
    """A defender on a table (1 m): the lower attacker head -2, legs +2, and the defender +1;
    the defender striking down: head +1, legs -2, and the attacker defends at -1."""
    up = level_modifiers(M(0), M(1), HitLocation.SKULL)
    assert ([m.value for m in up.attack], up.defense) == ([-2], 1)
    assert [m.value for m in level_modifiers(M(0), M(1), HitLocation.LEG).attack] == [2]
    down = level_modifiers(M(1), M(0), HitLocation.LEG)
    assert ([m.value for m in down.attack], down.defense) == ([-2], -1)


def test_up_to_30_cm_is_ignored_and_above_2_m_no_melee_r13_2() -> None:
    assert level_modifiers(M(1, 5), M(0), HitLocation.LEG).attack == ()
    with pytest.raises(RuleError) as raised:
        level_modifiers(M(3), M(0), HitLocation.SKULL)
    assert raised.value.key == "terrain.too_high"


def test_a_long_weapon_reduces_the_difference_r13_1() -> None:
    """A 2 m spear up a 1.2 m ledge: 1.2 - (2 - 1) = 0.2 m → ignored."""
    assert effective_height(M(6, 5), M(2)) == M(1, 5)
    spear = level_modifiers(M(0), M(6, 5), HitLocation.LEG, M(2))
    assert (spear.band, spear.attack, spear.defense) == (HeightBand.none, (), 0)


@pytest.mark.parametrize(
    ("preset", "metres", "band"),
    [
        ("stairs", "0.2", HeightBand.none),
        ("chair", "0.5", HeightBand.low),
        ("table", "1", HeightBand.waist),
        ("counter", "1.2", HeightBand.chest),
        ("wagon", "1", HeightBand.waist),
    ],
)
def test_common_heights_r13_3(preset: str, metres: str, band: HeightBand) -> None:
    assert HEIGHT_PRESETS[preset] == M(metres)
    assert height_band(HEIGHT_PRESETS[preset]) is band


@pytest.mark.parametrize(
    ("water", "reach", "natural", "encumbrance", "penalty"),
    [
        (Water.underwater, 0, False, 0, -2),
        (Water.underwater, 1, True, 0, -2),
        (Water.underwater, 1, False, 0, -4),
        (Water.underwater, 2, False, 0, -8),
        (Water.underwater, 3, False, 0, -12),
        (Water.underwater, 1, False, 1, -5),
        (Water.in_water, 0, False, 0, -1),
        (Water.in_water, 1, False, 0, -2),
        (Water.in_water, 2, False, 0, -4),
        (Water.in_water, 3, False, 0, -6),
        (Water.in_water, 1, False, 1, -2),
        (Water.in_water, 1, False, 3, -3),
    ],
)
def test_the_water_table_r13_4_r13_5(
    water: Water, reach: int, natural: bool, encumbrance: int, penalty: int
) -> None:
    effects = water_effects(water, reach, natural=natural, encumbrance=encumbrance)
    assert sum(m.value for m in effects.modifiers) == penalty


def test_the_water_examples_r13_4_r13_5() -> None:
    """Broadsword 14 underwater with Light encumbrance: 14 - 4 - 1 = 9, a 9 does 4. In water
    above the knee, no encumbrance: 12, a 9 does 6."""
    under = water_effects(Water.underwater, 1, natural=False, encumbrance=1)
    assert 14 + sum(m.value for m in under.modifiers) == 9
    assert int(9 * under.damage_factor) == 4
    assert (under.swimming_every, under.rule_id) == (2, "R13.4")
    wet = water_effects(Water.in_water, 1, natural=False, encumbrance=0)
    assert 14 + sum(m.value for m in wet.modifiers) == 12
    assert int(9 * wet.damage_factor) == 6
    assert wet.swimming_every == 5
    thrown = water_effects(Water.underwater, 0, natural=False, encumbrance=0, ranged_kind="thrown")
    assert (thrown.range_divisor, thrown.modifiers) == (10, ())
    with pytest.raises(RuleError) as raised:
        water_effects(Water.underwater, 0, natural=False, encumbrance=0, ranged_kind="bow")
    assert raised.value.key == "terrain.useless_underwater"
    assert water_effects(Water.in_water, 0, natural=False, encumbrance=0, ranged_kind="bow")


@pytest.mark.parametrize("water", list(Water))
def test_the_stored_footing_keeps_its_string_r13_4_r13_5(water: Water) -> None:
    """``TurnState.water`` is the :class:`Water` enum, stored as the same string it was when it
    was a plain ``str``: a turn document written before reads back as the enum, and one written
    now is the same JSON, so the turn format stays where it was."""
    assert FORMATS[Document.TURN] == 1
    before = {"v": 1, "water": water.value}
    read = TurnState.model_validate(upgrade(Document.TURN, before))
    assert read.water is water
    written = stamp(Document.TURN, read.model_dump(mode="json"))
    assert (written["v"], written["water"]) == (1, water.value)
    assert TurnState.model_validate(upgrade(Document.TURN, {"v": 1})).water is None


@pytest.mark.parametrize(("watching", "target", "total"), [(False, 10, 10), (True, 14, 14)])
def test_noticing_an_attack_from_above_r13_6(watching: bool, target: int, total: int) -> None:
    """Per 12 on a canyon path: Vision 10; watching the ledges: 14."""
    roll = ambush_vision(
        12, watching=watching, roller=ScriptedDice([4, 4, total - 8]), options=OPTIONS
    )
    assert roll.effective_skill == target
    assert roll.succeeded


@pytest.mark.parametrize(
    ("kind", "layers", "cover"),
    [
        (CoverKind.flesh, 2, 14),
        (CoverKind.flesh, 1, 12),
        (CoverKind.machine, 1, 7),
        (CoverKind.homogeneous, 1, 4),
        (CoverKind.thin, 2, 2),
    ],
)
def test_cover_dr_r13_9(kind: CoverKind, layers: int, cover: int) -> None:
    """DR 2, HP 10 (HP/2 and HP/4 rounded down)."""
    assert cover_dr(2, 10, kind, layers=layers) == cover


def test_the_overpenetration_example_r13_9() -> None:
    """An arrow of 15 basic through a man (armor DR 2, two layers, HP 10): Cover DR 14, it
    passes; the man behind (DR 1) resists with 15."""
    shot = overpenetration(15, 2, 10, CoverKind.flesh, layers=2, next_dr=1, directly_behind=True)
    assert (shot.cover_dr, shot.passes, shot.next_dr, shot.automatic) == (14, True, 15, True)
    stopped = overpenetration(14, 2, 10, CoverKind.flesh, layers=2, next_dr=1)
    assert (stopped.passes, stopped.next_dr) == (False, None)
    assert cover_dr(4, 10, CoverKind.flesh, divisor=M(2)) == 12
