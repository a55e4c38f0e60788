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
from rules.terrain import Water, standing

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


def test_r13_7_water_without_a_swimming_level_or_a_sheet_is_refused_before_any_roll() -> None:
    with pytest.raises(RuleError) as refused:
        change.roll_fall(5, landing=Landing.WATER, roller=ScriptedDice([]), options=OPTIONS)
    assert refused.value.key == "environment.error.swimming_needed"


def test_r13_7_water_on_a_sheet_without_swimming_rolls_ht_minus_4() -> None:
    """HT 10 without the skill: Swimming 6 (B224), as deep water has it."""
    landed = change.roll_fall(
        5,
        sheet=fight().get("1").combatant,
        landing=Landing.WATER,
        roller=ScriptedDice([1, 1, 1, *[3] * 10]),
        options=OPTIONS,
    )
    assert landed.swimming is not None
    assert landed.swimming.target == 6


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


def hardy(**sheet: object) -> Encounter:
    """Bruno (id 1), HT 12 (12 FP), with ``sheet`` (encumbrance, skills, DR) on his sheet."""
    bruno = Combatant.create(name="Bruno", attributes={"ht": 12}, **sheet)
    encounter, _ = add_combatants(
        Encounter(name="Test", gm_id=1),
        [bruno],
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def totals(*sums: int) -> ScriptedDice:
    """3d rolls adding up to ``sums``."""
    faces: list[int] = []
    for total in sums:
        first = min(6, total - 2)
        second = min(6, total - first - 1)
        faces += [first, second, total - first - second]
    return ScriptedDice(faces)


def test_r10_9_heat_on_reads_his_sheet_and_keeps_the_fp_apart() -> None:
    """R10.9's example from his own sheet: 42 °C, 2 hours marching, his Medium encumbrance,
    HT 12 at -4 = 8: rolls 8, 9, 10, 7 cost 2 FP (12 → 10), kept apart as heat's."""
    taken = change.heat_on(
        hardy(encumbrance_level=2), "1", 42, 120, roller=totals(8, 9, 10, 7), options=OPTIONS
    )
    assert [r.roll.target for r in taken.working.rolls] == [8, 8, 8, 8]
    assert taken.working.fp_lost == 2
    bruno = taken.encounter.get("1").combatant
    assert (bruno.state.fp, bruno.state.fp_withheld) == (10, {"heat": 2})
    assert taken.applied.outcome is not None
    assert (taken.applied.outcome.fp_before, taken.applied.outcome.fp_after) == (12, 10)
    assert taken.name == "Bruno"
    assert taken.detail() == {"heat": 42, "minutes": 120, "name": "Bruno", "fp": 10}


def test_r10_9_heat_on_rolls_his_survival_and_what_the_gm_gives_wins() -> None:
    """Survival 13 on the sheet beats HT 12 at 36 °C (no penalty); given HT 15, encumbrance
    0 and resting: the GM's numbers, and at rest nothing is rolled."""
    taken = change.heat_on(
        hardy(skills={"survival": 13}), "1", 36, 30, roller=totals(14), options=OPTIONS
    )
    assert (taken.working.attribute, taken.working.rolls[0].roll.target) == ("survival", 13)
    assert taken.encounter.get("1").combatant.state.fp == 11
    given = change.heat_on(
        hardy(encumbrance_level=2),
        "1",
        42,
        30,
        ht=15,
        encumbrance=0,
        roller=totals(13),
        options=OPTIONS,
    )
    assert (given.working.attribute, given.working.rolls[0].roll.target) == ("ht", 13)
    assert given.applied.outcome is None
    start = hardy()
    resting = change.heat_on(
        start, "1", 42, 120, stressful=False, roller=ScriptedDice([]), options=OPTIONS
    )
    assert resting.working.rolls == ()
    assert resting.encounter == start


def test_r10_10_intense_heat_on_is_safe_for_his_torso_dr_times_3() -> None:
    """DR 4 on his torso: safe for 12 s, then HT 12 at 10 (kept) and 13 (1 FP) for 14 s."""
    taken = change.intense_heat_on(
        hardy(dr={"uniform": 4}), "1", 14, roller=totals(10, 13), options=OPTIONS
    )
    assert (taken.working.dr, taken.working.safe_seconds, taken.working.fp_lost) == (4, 12, 1)
    assert taken.encounter.get("1").combatant.state.fp_withheld == {}
    assert taken.detail() == {"intense_heat": 14, "name": "Bruno", "fp": 11}
    given = change.intense_heat_on(
        hardy(dr={"uniform": 4}), "1", 2, dr=0, ht=9, roller=totals(10, 9), options=OPTIONS
    )
    assert [r.succeeded for r in given.working.rolls] == [False, True]
    assert given.encounter.get("1").combatant.state.fp == 11


def test_r10_13_cold_on_rolls_his_ht_and_keeps_the_fp_apart() -> None:
    """R10.13's example: -30 °C, wind 20 km/h, wet winter clothes, his HT 12 - 7 = 5 every
    15 minutes for an hour: 5, 6, 4, 9 cost 2 FP (12 → 10), kept apart as cold's."""
    taken = change.cold_on(
        hardy(),
        "1",
        -30,
        60,
        wind_kmh=20,
        wet=True,
        roller=totals(5, 6, 4, 9),
        options=OPTIONS,
    )
    assert taken.working.interval == 15
    assert [r.roll.target for r in taken.working.rolls] == [5, 5, 5, 5]
    bruno = taken.encounter.get("1").combatant
    assert (bruno.state.fp, bruno.state.fp_withheld) == (10, {"cold": 2})
    assert taken.detail() == {"cold": -30, "minutes": 60, "name": "Bruno", "fp": 10}


def test_r10_14_icy_water_on_costs_the_margin_every_minute() -> None:
    """His HT 12, three minutes: 9 (1), 15 (3), 12 (1) = 5 FP; in a dry suit nothing is
    rolled and nothing changes (only the cold, R10.13)."""
    taken = change.icy_water_on(hardy(), "1", 3, roller=totals(9, 15, 12), options=OPTIONS)
    assert [r.fp_lost for r in taken.working.rolls] == [1, 3, 1]
    assert taken.encounter.get("1").combatant.state.fp == 7
    assert taken.detail() == {"icy_water": 3, "name": "Bruno", "fp": 7}
    start = hardy()
    suited = change.icy_water_on(
        start, "1", 3, dry_suit=True, roller=ScriptedDice([]), options=OPTIONS
    )
    assert suited.working.rule_ids == ("R10.14", "R10.13")
    assert suited.encounter == start
    assert suited.detail() == {"icy_water": 3, "name": "Bruno", "fp": 12}


def test_r9_3_into_deep_water_with_the_rounds_and_out_again() -> None:
    """Swimming 12, in on purpose (+3), unencumbered: target 15; leaving clears it."""
    entered = change.water_with_the_rounds(
        fight(), "1", swimming=12, intentional=True, roller=ScriptedDice([]), options=OPTIONS
    )
    water = entered.encounter.get("1").combatant.state.water
    assert water is not None
    assert (water.skill, water.target, entered.target) == (12, 15, 15)
    assert entered.detail() == {"name": "Ana", "water": True}
    left = change.water_with_the_rounds(
        entered.encounter, "1", leave=True, roller=ScriptedDice([]), options=OPTIONS
    )
    assert left.encounter.get("1").combatant.state.water is None
    assert left.air is None
    assert left.detail() == {"name": "Ana", "water": False}


def test_r9_2_leaving_deep_water_breathes_again_as_coming_up_does() -> None:
    """Ana sank fainted (R9.4): 130 s without air, brain death in round 250. Getting out of
    the water is air again as a rescue's (R9.2): breathing, the clock stopped, First Aid for
    her lungs, and past 2 minutes HT 10: 4+4+3 = 11 fails, 1 IQ lost (10 → 9)."""
    start = fight(
        water=InWater(skill=12),
        breath_left=0,
        airless_seconds=130,
        fainted_airless=10,
        brain_death_round=250,
        unconscious=True,
    )
    dice = ScriptedDice([4, 4, 3])
    left = change.water_with_the_rounds(start, "1", leave=True, roller=dice, options=OPTIONS)
    assert dice.remaining == 0
    ana = left.encounter.get("1").combatant
    assert (ana.state.water, ana.state.breath_left, ana.state.brain_death_round) == (
        None,
        None,
        None,
    )
    assert (ana.state.airless_seconds, ana.state.fainted_airless, ana.attributes.iq) == (0, None, 9)
    assert left.air is not None
    assert (left.air.airless, left.air.first_aid_needed, left.air.iq_lost) == (130, True, 1)
    assert left.detail() == {"name": "Ana", "water": False, "iq_lost": 1}


def test_r9_3_deep_water_without_swimming_on_the_sheet_defaults_to_ht_minus_4() -> None:
    """Swimming (HT/E) defaults to HT-4 (B224), as ``/terrain set`` has it: HT 10 → 6."""
    entered = change.water_with_the_rounds(fight(), "1", roller=ScriptedDice([]), options=OPTIONS)
    water = entered.encounter.get("1").combatant.state.water
    assert water is not None
    assert (water.skill, entered.target) == (6, 6)


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
    assert taken.working.shed
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
    assert not taken.working.shed
    assert ana.state.fp == 9
    assert ana.state.water is not None
    assert (ana.state.water.state, ana.state.water.next_roll_at) == (SwimState.STRUGGLING, 7)
    assert taken.detail() == {"shed": False, "name": "Ana", "fp": 9}


def swimmers(**ana_state: object) -> Encounter:
    """Ana (id 1: HT 10, 10 FP, Swimming 12, ST 10, Medium encumbrance) and Bruno (id 2:
    ST 12, Swimming 13, 10 FP); ``ana_state`` on her sheet."""
    ana = Combatant.create(name="Ana", skills={"swimming": 12}, encumbrance_level=2).with_state(
        **ana_state
    )
    bruno = Combatant.create(name="Bruno", attributes={"st": 12}, skills={"swimming": 13})
    encounter, _ = add_combatants(
        Encounter(name="Test", gm_id=1),
        [ana, bruno],
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def test_r9_3_drowning_over_a_time_reads_her_sheet_in_the_fight_and_charges_it() -> None:
    """10 s in deep water from her sheet: Swimming 12 - 4 for Medium (R9.3) = 8. At 0 s 5+5+5
    = 15 fails: 1 FP, struggling; at 5 s 2+2+2 = 6 succeeds: recovering, the next roll at
    65 s, past the time. Her FP 10 → 9, in the same call."""
    dice = ScriptedDice([5, 5, 5, 2, 2, 2])
    taken = change.drown_on(swimmers(), "1", 10, roller=dice, options=OPTIONS)
    assert dice.remaining == 0
    assert [(r.second, r.roll.total, r.fp_lost) for r in taken.working.rolls] == [
        (0, 15, 1),
        (5, 6, 0),
    ]
    assert taken.working.modifiers == (("encumbrance", -4),)
    assert taken.working.state is SwimState.RECOVERING
    assert taken.encounter.get("1").combatant.state.fp == 9
    assert taken.detail() == {"drown": 10, "name": "Ana", "fp": 9}


def test_r9_3_r8_3_drowning_stops_where_her_fp_in_the_fight_makes_her_faint() -> None:
    """At -9 FP of 10 one more FP lost makes her faint (R8.3): the first failure (15, Swimming
    given 12, encumbrance given as none) ends the schedule at once; below 0 FP it costs her
    1 HP too (R8.2)."""
    dice = ScriptedDice([5, 5, 5])
    taken = change.drown_on(
        swimmers(fp=-9), "1", 60, swimming=12, encumbrance=0, roller=dice, options=OPTIONS
    )
    assert dice.remaining == 0
    assert taken.working.fainted
    assert len(taken.working.rolls) == 1
    assert taken.working.modifiers == ()
    ana = taken.encounter.get("1").combatant.state
    assert (ana.fp, ana.hp, ana.unconscious) == (-10, 9, True)


def test_r9_3_drowning_without_swimming_on_the_sheet_rolls_ht_minus_4() -> None:
    """HT 10 without the skill: Swimming 6 (B224); 2+2+2 = 6 succeeds on entering (R9.3)."""
    taken = change.drown_on(fight(), "1", 10, roller=ScriptedDice([2, 2, 2]), options=OPTIONS)
    assert [(r.roll.target, r.roll.succeeded) for r in taken.working.rolls] == [(6, True)]


def test_r9_5_a_fighter_rescues_another_from_their_sheets_and_pays_for_a_failure() -> None:
    """Bruno (Swimming 13, ST 12) saves Ana (ST 10): 13 - 5 + 2 = 10 (R9.5); 4+4+3 = 11
    fails: he swallows water, 1 FP, charged in the same call."""
    dice = ScriptedDice([4, 4, 3])
    taken = change.rescue_on(swimmers(), "2", victim_id="1", roller=dice, options=OPTIONS)
    assert [(m.key, m.value, m.rule_id) for m in taken.saving.roll.modifiers] == [
        ("rescue", -5, "R9.5"),
        ("st_difference", 2, "R9.5"),
    ]
    assert (taken.saving.saved, taken.saving.fp_lost) == (False, 1)
    assert taken.encounter.get("2").combatant.state.fp == 9
    assert taken.encounter.get("1").combatant.state.fp == 10
    assert taken.detail() == {"rescued": False, "name": "Bruno", "fp": 9}


def test_r9_5_a_critical_failure_costs_the_rescuer_6_fp_and_he_gives_up() -> None:
    dice = ScriptedDice([6, 6, 6])
    taken = change.rescue_on(swimmers(), "2", victim_id="1", roller=dice, options=OPTIONS)
    assert (taken.saving.gave_up, taken.saving.fp_lost) == (True, 6)
    assert taken.encounter.get("2").combatant.state.fp == 4


def test_r9_5_a_victim_in_the_fight_and_a_rescuer_of_numbers_changes_nothing() -> None:
    """Only Ana named: her ST 10 from the fight, the rescuer's Swimming 14 and ST 10 given:
    14 - 5 = 9; 3+3+3 = 9 saves her. Nobody's FP moves: the fight is as it was."""
    start = swimmers()
    taken = change.rescue_on(
        start,
        None,
        victim_id="1",
        swimming=14,
        st=10,
        roller=ScriptedDice([3, 3, 3]),
        options=OPTIONS,
    )
    assert taken.saving.saved
    assert [(m.key, m.value) for m in taken.saving.roll.modifiers] == [("rescue", -5)]
    assert taken.applied is None
    assert taken.encounter == start
    assert taken.detail() == {"victim": "Ana", "rescued": True}


def test_r9_5_a_victim_saved_from_under_water_comes_up_and_breathes() -> None:
    """R9.5 saves Ana, held breath 4 s, under water: out of the water (R9.3's state and the
    R13.4 footing gone) and breathing, nothing lost (R9.2); 3+3+3 = 9 against 14 - 5 = 9."""
    start = swimmers(breath_left=4, water=InWater(skill=12))
    ana = start.get("1")
    start = start.replace(
        ana.model_copy(update={"turn": standing(ana.turn, height=None, water=Water.underwater)})
    )
    taken = change.rescue_on(
        start,
        None,
        victim_id="1",
        swimming=14,
        st=10,
        roller=ScriptedDice([3, 3, 3]),
        options=OPTIONS,
    )
    saved = taken.encounter.get("1")
    assert (saved.combatant.state.water, saved.turn.water, saved.combatant.state.breath_left) == (
        None,
        None,
        None,
    )
    assert taken.air is not None
    assert (taken.air.airless, taken.air.first_aid_needed) == (0, False)


@pytest.mark.parametrize(
    ("rescuer", "victim", "given", "key"),
    [
        ("2", "2", {}, "breath.error.rescue_self"),
        (None, "1", {"swimming": 12}, "environment.error.st_needed"),
        (None, "1", {"st": 12}, "environment.error.swimming_needed"),
    ],
)
def test_r9_5_refusals_come_before_any_roll(
    rescuer: str | None, victim: str, given: dict[str, int], key: str
) -> None:
    with pytest.raises(RuleError) as refused:
        change.rescue_on(
            swimmers(),
            rescuer,
            victim_id=victim,
            roller=ScriptedDice([]),
            options=OPTIONS,
            **given,
        )
    assert refused.value.key == key
