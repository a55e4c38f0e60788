"""The world's hazards applied to a fighter of the fight (rules/environment_change.py): each
returns the new fight with the outcome, and says what the event log keeps."""

from __future__ import annotations

import pytest

from rules import environment_change as change
from rules.climate import Skin
from rules.combatant import Burning, Combatant, HitLocation, InWater, Shield, SwimState
from rules.encounter import Encounter, add_combatants
from rules.errors import RuleError
from rules.falling import Landing
from rules.fire import Clothing, Exposure
from rules.options import RuleOptions
from rules.roller import ScriptedDice

OPTIONS = RuleOptions()


def fight(*, shield: bool = True, **state: object) -> Encounter:
    """Ana (id 1): ST/DX/IQ/HT 10, 10 HP, 10 FP, no skills, a buckler unless ``shield`` is
    false; ``state`` on her sheet."""
    ana = Combatant.create(
        name="Ana", shield=Shield(name="Buckler", skill=12, db=1) if shield else None
    )
    encounter, _ = add_combatants(
        Encounter(name="Test", gm_id=1),
        [ana.with_state(**state) if state else ana],
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def test_r13_7_a_3_m_fall_hits_her_and_the_log_names_the_fall() -> None:
    """3 m onto hard ground: 3d-9; 6+5+1 = 12, 3 crushing on her unarmored torso."""
    fell = change.fall_on(fight(), "1", 3, roller=ScriptedDice([6, 5, 1]), options=OPTIONS)
    assert (fell.landed.expression, fell.landed.damage, fell.injury.injury) == ("3d-9", 3, 3)
    assert fell.encounter.get("1").combatant.state.hp == 7
    assert fell.torso.dr == 0
    assert fell.detail() == {"fall": 3, "target": "Ana", "injury": 3, "undo": "fall"}


def test_r13_7_water_without_a_swimming_level_is_refused_before_any_roll() -> None:
    with pytest.raises(RuleError) as refused:
        change.fall_on(
            fight(), "1", 5, landing=Landing.WATER, roller=ScriptedDice([]), options=OPTIONS
        )
    assert refused.value.key == "environment.error.swimming_needed"
    with pytest.raises(RuleError):
        change.roll_fall(5, landing=Landing.WATER, roller=ScriptedDice([]), options=OPTIONS)


def test_r13_7_a_given_swimming_level_lands_softly_on_a_success() -> None:
    """Swimming 12 rolled 10 succeeds: a soft 3 m fall, 3d-12 (here 0, G7)."""
    landed = change.roll_fall(
        3,
        landing=Landing.WATER,
        swimming=12,
        roller=ScriptedDice([3, 3, 4, 2, 2, 2]),
        options=OPTIONS,
    )
    assert landed.soft
    assert (landed.expression, landed.damage) == ("3d-12", 0)


def test_a_destroyed_object_takes_no_more_hazard_damage() -> None:
    with pytest.raises(RuleError) as refused:
        change.fall_on(fight(destroyed=True), "1", 3, roller=ScriptedDice([]), options=OPTIONS)
    assert refused.value.key == "damage.error.destroyed"
    assert refused.value.params == {"target": "Ana"}


def test_r13_8_a_falling_object_lands_where_the_gm_says() -> None:
    """2 kg from 3 m: one die (4), crushing on her torso."""
    hit = change.falling_object_on(
        fight(), "1", 2, 3, location=HitLocation.TORSO, roller=ScriptedDice([4]), options=OPTIONS
    )
    assert (hit.dropped.dice.dice, hit.dropped.damage, hit.injury.injury) == (1, 4, 4)
    assert hit.encounter.get("1").combatant.state.hp == 6
    assert hit.detail() == {
        "kg": 2,
        "metres": 3,
        "target": "Ana",
        "injury": 4,
        "undo": "falling_object",
    }


def test_r10_1_r10_5_flames_burn_her_and_3_points_set_her_clothes_partly_alight() -> None:
    """Part of a turn in the flames: 1d-3, a 6 burns 3; 3 in one second catches part of
    normal clothing (R10.5)."""
    burnt = change.fire_on(
        fight(), "1", Exposure.PARTIAL, 1, roller=ScriptedDice([6]), options=OPTIONS
    )
    ana = burnt.encounter.get("1").combatant
    assert (burnt.flames.damage, burnt.injury.injury, burnt.hottest) == (3, 3, 3)
    assert burnt.caught is Burning.PARTIAL
    assert (ana.state.hp, ana.state.on_fire) == (7, Burning.PARTIAL)
    assert burnt.detail() == {
        "fire": Exposure.PARTIAL,
        "target": "Ana",
        "injury": 3,
        "undo": "fire",
    }


def test_r10_8_wet_clothes_do_not_catch_in_the_flames() -> None:
    burnt = change.fire_on(
        fight(),
        "1",
        Exposure.PARTIAL,
        1,
        clothing=Clothing.WET,
        roller=ScriptedDice([6]),
        options=OPTIONS,
    )
    assert burnt.caught is None
    assert burnt.encounter.get("1").combatant.state.on_fire is None


def test_r10_6_r10_7_what_one_burning_attack_sets_alight() -> None:
    assert change.what_catches(10, Clothing.NORMAL) is Burning.FULL
    assert change.what_catches(10, Clothing.NORMAL, shield=True) is Burning.SHIELD
    assert change.what_catches(9, Clothing.NORMAL, shield=True) is None
    assert change.what_catches(20, Clothing.NORMAL, tight_beam=True) is None


def test_r10_6_catching_fire_sets_her_clothes_alight_and_the_log_names_it() -> None:
    caught = change.catch_fire_on(fight(), "1", 10)
    assert caught.encounter.get("1").combatant.state.on_fire is Burning.FULL
    assert caught.detail() == {"caught": Burning.FULL, "name": "Ana", "undo": "catch_fire"}


def test_r10_7_a_shield_hit_on_one_who_holds_none_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        change.catch_fire_on(fight(shield=False), "1", 12, shield=True)
    assert refused.value.key == "environment.error.no_shield"


def test_r10_5_a_dead_mans_clothes_are_left_alone() -> None:
    start = fight(dead=True)
    caught = change.catch_fire_on(start, "1", 12)
    assert caught.caught is Burning.FULL
    assert caught.encounter == start


def test_r10_11_light_skin_burns_on_bare_skin() -> None:
    """1d-3: a 6 burns 3."""
    taken = change.sunburn_on(fight(), "1", Skin.LIGHT, roller=ScriptedDice([6]), options=OPTIONS)
    assert taken.injury is not None
    assert taken.encounter.get("1").combatant.state.hp == 7
    assert taken.detail() == {"target": "Ana", "injury": 3, "undo": "sunburn"}


@pytest.mark.parametrize(("skin", "protected"), [(Skin.DARK, False), (Skin.LIGHT, True)])
def test_r10_11_r10_12_dark_skin_or_cover_change_nothing(skin: Skin, protected: bool) -> None:
    start = fight()
    taken = change.sunburn_on(
        start, "1", skin, protected=protected, roller=ScriptedDice([]), options=OPTIONS
    )
    assert taken.injury is None
    assert taken.encounter == start


def test_r10_10_entering_intense_heat_with_the_rounds_and_leaving_it() -> None:
    """DR 2: safe for 6 seconds; leaving clears it."""
    entered = change.heat_with_the_rounds(fight(), "1", dr=2)
    ana = entered.encounter.get("1").combatant
    assert (ana.state.intense_heat_dr, entered.safe) == (2, 6)
    assert entered.detail() == {"intense_heat": True, "name": "Ana", "undo": "intense_heat"}
    left = change.heat_with_the_rounds(entered.encounter, "1", leave=True)
    assert left.encounter.get("1").combatant.state.intense_heat_dr is None
    assert left.detail()["intense_heat"] is False


def test_r9_3_into_deep_water_with_the_rounds_and_out_again() -> None:
    """Swimming 12, in on purpose (+3), unencumbered: target 15; leaving clears it."""
    entered = change.water_with_the_rounds(fight(), "1", swimming=12, intentional=True)
    water = entered.encounter.get("1").combatant.state.water
    assert water is not None
    assert (water.skill, water.target, entered.target) == (12, 15, 15)
    assert entered.detail() == {"name": "Ana", "water": True}
    left = change.water_with_the_rounds(entered.encounter, "1", leave=True)
    assert left.encounter.get("1").combatant.state.water is None
    assert left.detail() == {"name": "Ana", "water": False}


def test_r9_3_deep_water_without_a_swimming_level_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        change.water_with_the_rounds(fight(), "1")
    assert refused.value.key == "environment.error.swimming_needed"


def test_r9_4_no_gear_comes_off_before_a_successful_swimming_roll() -> None:
    with pytest.raises(RuleError) as refused:
        change.shed_gear(
            fight(water=InWater(skill=12)),
            "1",
            heavy=False,
            roller=ScriptedDice([]),
            options=OPTIONS,
        )
    assert refused.value.key == "breath.error.needs_swimming"


def test_r9_4_a_shed_item_costs_nothing() -> None:
    """DX 10 rolled 10: the cloak comes off; nothing else changes."""
    start = fight(water=InWater(skill=12, swam=True, seconds=3, next_roll_at=300))
    taken = change.shed_gear(
        start, "1", heavy=False, roller=ScriptedDice([3, 3, 4]), options=OPTIONS
    )
    assert taken.item.shed
    assert taken.encounter == start
    assert taken.detail() == {"shed": True, "name": "Ana", "fp": 10}


def test_r9_4_r9_3_a_failure_swallows_water_1_fp_and_he_struggles() -> None:
    """A helmet at DX 12 - 4 = 8, rolled 12: 1 FP, struggling, his next roll 5 s from the
    second before this one (he is in his fourth second)."""
    start = fight(water=InWater(skill=12, swam=True, seconds=3, next_roll_at=300))
    taken = change.shed_gear(
        start, "1", heavy=True, dx=12, roller=ScriptedDice([4, 4, 4]), options=OPTIONS
    )
    ana = taken.encounter.get("1").combatant
    assert not taken.item.shed
    assert ana.state.fp == 9
    assert ana.state.water is not None
    assert (ana.state.water.state, ana.state.water.next_roll_at) == (SwimState.STRUGGLING, 7)
    assert taken.detail() == {"shed": False, "name": "Ana", "fp": 9}
