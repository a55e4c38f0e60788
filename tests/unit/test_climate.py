"""Heat and cold (R10.9-R10.14)."""

from __future__ import annotations

import pytest

from rules.climate import (
    COLD_CLOTHING,
    ColdClothing,
    Skin,
    beyond_heat_table,
    cold,
    cold_interval_minutes,
    cold_modifiers,
    heat,
    heat_modifiers,
    intense_heat,
    sunburn,
    sunburn_hit,
    thermal_shock,
)
from rules.combatant import Combatant
from rules.errors import RuleError
from rules.records import Modifier
from rules.roller import ScriptedDice
from rules.schedule import MAX_ROLLS, rolls_for


def roll3(total: int) -> list[int]:
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


def rolls(*totals: int, extra: tuple[int, ...] = ()) -> ScriptedDice:
    faces: list[int] = []
    for total in totals:
        faces.extend(roll3(total))
    return ScriptedDice([*faces, *extra])


# --------------------------------------------------------------------------- R10.9


def test_r10_9_worked_example() -> None:
    """42 °C, 2 hours marching, Medium encumbrance: 4 rolls at -2 - 2 = -4."""
    assert heat_modifiers(42, 2) == (
        Modifier("encumbrance", -2, "R10.9"),
        Modifier("temperature", -2, "R10.9"),
    )
    found = heat(42, 120, ht=12, encumbrance=2, roller=rolls(8, 9, 10, 7))
    assert [r.roll.target for r in found.rolls] == [8, 8, 8, 8]
    assert [r.fp_lost for r in found.rolls] == [0, 1, 1, 0]
    assert (found.fp_lost, found.surcharge) == (2, 1)


def test_r10_9_critical_failure_costs_1d() -> None:
    found = heat(30, 30, ht=10, roller=rolls(18, extra=(4,)))
    assert (found.rolls[0].fp_lost, found.rolls[0].loss_faces) == (4, (4,))


@pytest.mark.parametrize(
    ("temperature", "stressful", "applies"),
    [(26.9, True, False), (27, True, True), (32, True, True), (40, False, False)],
)
def test_r10_9_when_it_applies(temperature: float, stressful: bool, applies: bool) -> None:
    """Stressful activity in the top 5 °C of the comfort zone (27-32 °C) or above; nothing
    in the shade at rest."""
    found = heat(temperature, 30, ht=12, stressful=stressful, roller=rolls(10))
    assert found.applies is applies


def test_r10_9_survival_when_better_and_full_five_degrees() -> None:
    found = heat(36.9, 30, ht=10, survival=13, roller=rolls(10))
    assert (found.attribute, found.modifiers) == ("survival", ())
    assert heat_modifiers(37, 0) == (Modifier("temperature", -1, "R10.9"),)


# --------------------------------------------------------------------------- R10.10


def test_r10_10_worked_example() -> None:
    """Armor DR 4 inside a burning building: safe for 12 s, then HT every second."""
    found = intense_heat(4, 14, ht=11, roller=rolls(10, 13))
    assert (found.safe_seconds, len(found.rolls), found.fp_lost) == (12, 2, 1)
    assert intense_heat(4, 12, ht=11, roller=ScriptedDice([])).rolls == ()


# --------------------------------------------------------------------------- R10.11, R10.12


def test_r10_11_worked_example() -> None:
    """A light-skinned explorer: 1d-3 = 1 (a 4)."""
    burnt = sunburn(Skin.LIGHT, ScriptedDice([4]))
    assert burnt.damage == 1
    assert sunburn(Skin.LIGHT, ScriptedDice([2])).damage == 0  # G7
    assert sunburn(Skin.ALBINO, ScriptedDice([])).nearly_dead
    assert sunburn(Skin.DARK, ScriptedDice([])).damage == 0


def test_r10_12_armor_prevents_sunburn_and_it_ignores_dr() -> None:
    assert sunburn(Skin.LIGHT, ScriptedDice([]), protected=True).damage == 0
    knight = Combatant.create(name="Knight", dr={"uniform": 6})
    hit = sunburn_hit(knight, sunburn(Skin.LIGHT, ScriptedDice([6])), ScriptedDice([]))
    assert (hit.dr.effective, hit.injury) == (0, 3)


# --------------------------------------------------------------------------- R10.13


@pytest.mark.parametrize(
    ("clothing", "modifier"),
    [
        (ColdClothing.LIGHT, -5),
        (ColdClothing.WINTER, 0),
        (ColdClothing.ARCTIC, 5),
        (ColdClothing.HEATED, 10),
    ],
)
def test_r10_13_clothing_table(clothing: ColdClothing, modifier: int) -> None:
    assert COLD_CLOTHING[clothing] == modifier


@pytest.mark.parametrize(
    ("wind", "interval"), [(0, 30), (14.9, 30), (15, 15), (49, 15), (50, 10), (80, 10)]
)
def test_r10_13_wind_schedule(wind: float, interval: int) -> None:
    assert cold_interval_minutes(wind) == interval


def test_r10_13_worked_example() -> None:
    """-30 °C, wind 20 km/h, normal winter clothes but wet: -7, every 15 minutes."""
    assert cold_modifiers(-30, ColdClothing.WINTER, wet=True) == (
        Modifier("wet_clothing", -5, "R10.13"),
        Modifier("temperature", -2, "R10.13"),
    )
    found = cold(-30, 60, ht=12, wind_kmh=20, wet=True, roller=rolls(5, 6, 4, 9))
    assert found.interval == 15
    assert [r.roll.target for r in found.rolls] == [5, 5, 5, 5]
    assert found.fp_lost == 2


def test_r10_13_only_below_zero() -> None:
    assert not cold(0, 60, ht=10, roller=ScriptedDice([])).applies
    assert cold(-0.5, 30, ht=10, roller=rolls(10)).applies


# --------------------------------------------------------------------------- R10.14


def test_r10_14_worked_example() -> None:
    """HT 11, three minutes in an icy lake: 9 (-1), 14 (-3), 11 (-1) → 5 FP."""
    found = thermal_shock(3, ht=11, roller=rolls(9, 14, 11))
    assert [r.fp_lost for r in found.rolls] == [1, 3, 1]
    assert found.fp_lost == 5
    assert thermal_shock(3, ht=11, dry_suit=True, roller=ScriptedDice([])).rolls == ()


def test_schedule_refuses_too_many_rolls() -> None:
    assert rolls_for(MAX_ROLLS * 30, 30) == MAX_ROLLS
    with pytest.raises(RuleError) as refused:
        rolls_for(MAX_ROLLS * 30 + 30, 30)
    assert refused.value.key == "fatigue.too_many_rolls"


def test_r10_10_intense_heat_goes_on_with_the_rounds() -> None:
    """R10.10 in a fight: DR 1 keeps Ana (HT 12, FP 12) safe 3 s; her 3rd second is the last
    safe one, her 4th rolls HT: 13 fails, 1 FP; her 5th rolls 10 and holds."""
    from rules.encounter import Encounter, EncounterCombatant
    from rules.hazards import HazardKind, tick_passed
    from rules.turn import TurnEvent, TurnEventKind

    ana = Combatant.create(name="Ana", attributes={"ht": 12})
    ana = ana.with_state(intense_heat_dr=1, intense_heat_seconds=2)
    fight = Encounter(
        name="Blaze",
        gm_id=1,
        combatants=(EncounterCombatant(combatant_id="1", side="pc", combatant=ana),),
    )
    kinds, fps = [], []
    dice = ScriptedDice([6, 6, 1, 4, 3, 3])
    for round_ in (1, 2, 3):
        event = TurnEvent(
            kind=TurnEventKind.TURN_STARTED, round=round_, combatant_id="1", rule_id="R4.4"
        )
        fight, ticks = tick_passed(fight, [event], dice)
        kinds += [tick.kind for tick in ticks]
        fps.append(fight.get("1").combatant.state.fp)
    assert kinds == [HazardKind.HEAT_SAFE, HazardKind.HEAT, HazardKind.HEAT]
    assert fps == [12, 11, 11]
    assert fight.get("1").combatant.state.intense_heat_seconds == 5
    assert dice.remaining == 0


@pytest.mark.parametrize(
    ("temperature", "beyond"), [(47, False), (65, False), (65.5, True), (70, True)]
)
def test_r10_9_past_65_degrees_is_beyond_the_table(temperature: float, beyond: bool) -> None:
    """R10.9's table stops at 65 °C (33 °C over a human's comfort zone); hotter is left to
    the GM and R10.10. 2 FP more is kept as the least it costs."""
    assert beyond_heat_table(temperature) is beyond
    exposure = heat(temperature, 0, ht=12, roller=ScriptedDice([]))
    assert (exposure.beyond_table, exposure.surcharge) == (beyond, 2 if temperature > 47 else 1)
