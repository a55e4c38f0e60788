"""FP, breath and fire applied to a fighter of the fight (rules/strain.py): each returns
the new fight with the outcome, and says what the event log keeps."""

from __future__ import annotations

import pytest

from rules import strain
from rules.breath import Exertion, Preparation
from rules.climate import cold, heat
from rules.combatant import Burning, Combatant, Shield
from rules.encounter import Encounter, EncounterCombatant, add_combatants, offer_combat_fatigue
from rules.errors import RuleError
from rules.fatigue import Want
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.turn import TurnSequence, TurnState

OPTIONS = RuleOptions()


def fight(**state: object) -> Encounter:
    """Ana (id 1): ST/DX/IQ/HT 10, 10 HP, 10 FP, a shield; ``state`` on her sheet."""
    ana = Combatant.create(name="Ana", shield=Shield(name="Buckler", skill=12, db=1))
    encounter, _ = add_combatants(
        Encounter(name="Test", gm_id=1),
        [ana.with_state(**state) if state else ana],
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def test_fp_lost_lands_on_the_fighter_and_the_log_keeps_the_cause_r8_1() -> None:
    applied = strain.change_fp(
        fight(), "1", 3, roller=ScriptedDice([]), options=OPTIONS, noted={"cause": "run"}
    )
    ana = applied.encounter.get("1").combatant
    assert (ana.state.fp, ana.state.hp) == (7, 10)
    assert applied.sheet == ana
    assert applied.outcome is not None
    assert (applied.outcome.fp_before, applied.outcome.fp_after) == (10, 7)
    assert applied.detail() == {"cause": "run", "name": "Ana", "fp": 7}


def test_fp_below_zero_costs_hp_too_r8_2() -> None:
    """From 1 FP, losing 3 leaves -2 FP; the two points at or below 0 cost 1 HP each."""
    applied = strain.change_fp(fight(fp=1), "1", 3, roller=ScriptedDice([]), options=OPTIONS)
    ana = applied.encounter.get("1").combatant
    assert (ana.state.fp, ana.state.hp) == (-2, 8)


def test_fp_regained_stops_at_the_attribute_and_nothing_lost_changes_nothing_r8_3() -> None:
    back = strain.change_fp(
        fight(fp=7), "1", 5, recover=True, roller=ScriptedDice([]), options=OPTIONS
    )
    assert back.encounter.get("1").combatant.state.fp == 10
    start = fight(fp=7)
    idle = strain.change_fp(start, "1", 0, roller=ScriptedDice([]), options=OPTIONS)
    assert idle.outcome is None
    assert idle.encounter == start
    assert idle.detail() == {"name": "Ana", "fp": 7}


def test_holding_breath_while_fighting_lasts_ht_seconds_r9_1() -> None:
    """HT 12 fighting: 12 s; hyperventilated first, 18."""
    held = strain.start_holding_breath(
        fight(), "1", ht=12, exertion=Exertion.STRENUOUS, preparation=Preparation.HYPERVENTILATED
    )
    assert held.held.seconds == 18
    assert held.encounter.get("1").combatant.state.breath_left == 18
    assert held.detail() == {"name": "Ana", "breath": 18}


def test_air_after_more_than_two_minutes_failed_ht_costs_an_iq_point_r9_2() -> None:
    """130 s without air: an HT roll, 6+6+6 = 18 fails against HT 10, IQ 10 → 9."""
    dice = ScriptedDice([6, 6, 6])
    back = strain.air_back(
        fight(breath_left=0, airless_seconds=130),
        "1",
        drowned=True,
        roller=dice,
        options=OPTIONS,
    )
    ana = back.encounter.get("1").combatant
    assert dice.remaining == 0
    assert back.outcome.iq_lost == 1
    assert back.outcome.first_aid_needed
    assert ana.attributes.iq == 9
    assert ana.state.breath_left is None
    assert back.detail() == {"name": "Ana", "airless": 130}


def test_air_for_one_breathing_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        strain.air_back(fight(), "1", drowned=False, roller=ScriptedDice([]), options=OPTIONS)
    assert refused.value.key == "breath.error.breathing"


def test_burning_clothes_put_out_on_dx_minus_2_r10_5() -> None:
    """Part of his clothes: DX 10 -2 = 8; 2+3+3 = 8 succeeds, the fire is out."""
    fought = strain.fight_fire(
        fight(on_fire=Burning.PARTIAL),
        "1",
        dive=False,
        roller=ScriptedDice([2, 3, 3]),
        options=OPTIONS,
    )
    assert fought.attempt.out
    assert fought.attempt.roll is not None
    assert fought.attempt.roll.total == 8
    assert fought.encounter.get("1").combatant.state.on_fire is None
    assert fought.detail() == {"name": "Ana", "extinguished": True, "undo": "extinguish"}


def test_clothes_still_burning_after_a_failed_roll_r10_5() -> None:
    """DX 10 -2 = 8 against 3+3+3 = 9: still burning."""
    fought = strain.fight_fire(
        fight(on_fire=Burning.PARTIAL),
        "1",
        dive=False,
        roller=ScriptedDice([3, 3, 3]),
        options=OPTIONS,
    )
    assert not fought.attempt.out
    assert fought.encounter.get("1").combatant.state.on_fire is Burning.PARTIAL
    assert fought.detail() == {"name": "Ana", "extinguished": False, "undo": "extinguish"}


def test_a_burning_shield_is_dropped_r10_7() -> None:
    fought = strain.fight_fire(
        fight(on_fire=Burning.SHIELD), "1", dive=False, roller=ScriptedDice([]), options=OPTIONS
    )
    ana = fought.encounter.get("1").combatant
    assert ana.shield is None
    assert ana.state.on_fire is None


def test_one_not_on_fire_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        strain.fight_fire(fight(), "1", dive=True, roller=ScriptedDice([]), options=OPTIONS)
    assert refused.value.key == "environment.error.not_burning"


def test_combat_fatigue_taken_once_and_logged_by_name_r8_4() -> None:
    """A 15-round fight (more than 10 s) in which Ana (encumbrance 2) attacked: 3 FP, +2 in
    plate; applied, she goes from 10 FP to 5 and a second application is refused."""
    ana = Combatant.create(name="Ana", encumbrance_level=2)
    start = Encounter(
        name="Long",
        gm_id=1,
        sequence=TurnSequence(round=15),
        combatants=(
            EncounterCombatant(
                combatant_id="1", side="pc", combatant=ana, turn=TurnState(fought=True)
            ),
        ),
    )
    offered = offer_combat_fatigue(start, plate=["Ana"])
    taken = strain.take_combat_fatigue(offered, ScriptedDice([]), OPTIONS)
    assert taken.encounter.get("1").combatant.state.fp == 5
    assert taken.encounter.combat_fatigue_applied
    assert taken.detail() == {"fatigue": {"Ana": -5}}
    with pytest.raises(RuleError) as refused:
        strain.take_combat_fatigue(taken.encounter, ScriptedDice([]), OPTIONS)
    assert refused.value.key == "fatigue.combat_applied"


# --------------------------------------------------------------------------- R10.9, R10.13


def _faces(*totals: int) -> ScriptedDice:
    """3d rolls adding up to ``totals``."""
    faces: list[int] = []
    for total in totals:
        first = min(6, total - 2)
        second = min(6, total - first - 1)
        faces += [first, second, total - first - second]
    return ScriptedDice(faces)


def test_r10_9_fp_lost_to_heat_wait_for_a_cooler_place() -> None:
    """R10.9's example: 42 °C, 2 hours marching with Medium encumbrance, HT 12 at -4 = 8:
    rolls 8, 9, 10, 7 cost 2 FP (10 → 8), kept apart as heat's. Resting for 10 gives none
    back; after reaching a cooler place both come back (10)."""
    found = heat(42, 120, ht=12, encumbrance=2, roller=_faces(8, 9, 10, 7))
    assert found.fp_lost == 2
    hot = strain.change_fp(
        fight(), "1", found.fp_lost, roller=ScriptedDice([]), options=OPTIONS, want=Want.HEAT
    )
    assert hot.sheet.state.fp == 8
    assert hot.sheet.state.fp_withheld == {"heat": 2}
    rested = strain.change_fp(
        hot.encounter, "1", 10, recover=True, roller=ScriptedDice([]), options=OPTIONS
    )
    assert rested.outcome is not None
    assert (rested.outcome.fp_after, rested.outcome.amount, rested.outcome.held_back) == (8, 0, 2)
    assert rested.outcome.held_by == (Want.HEAT,)
    assert "R10.9" in rested.outcome.rule_ids
    assert rested.sheet.state.fp_withheld == {"heat": 2}
    cooled = strain.change_fp(
        rested.encounter,
        "1",
        10,
        recover=True,
        roller=ScriptedDice([]),
        options=OPTIONS,
        remedied=[Want.HEAT],
    )
    assert cooled.outcome is not None
    assert (cooled.outcome.fp_after, cooled.outcome.held_back) == (10, 0)
    assert cooled.outcome.remedied == (Want.HEAT,)
    assert cooled.sheet.state.fp_withheld == {}


def test_r10_13_fp_lost_to_cold_need_shelter_not_a_cooler_place() -> None:
    """R10.13's example: -30 °C, wind 20 km/h, wet winter clothes, HT 12 - 7 = 5 every
    15 minutes: rolls 5 and 12 cost 1 FP (7 → 6), kept apart as cold's, after 1 FP lost to
    heat (R10.9, 8 → 7). Resting after reaching a cooler place gets her to 9 only: the
    cold's FP stays lost; after reaching shelter and a heat source, to 10."""
    start = strain.change_fp(
        fight(fp=8), "1", 1, roller=ScriptedDice([]), options=OPTIONS, want=Want.HEAT
    )
    found = cold(-30, 30, ht=12, wind_kmh=20, wet=True, roller=_faces(5, 12))
    assert found.fp_lost == 1
    frozen = strain.change_fp(
        start.encounter,
        "1",
        found.fp_lost,
        roller=ScriptedDice([]),
        options=OPTIONS,
        want=Want.COLD,
    )
    assert frozen.sheet.state.fp == 6
    assert frozen.sheet.state.fp_withheld == {"heat": 1, "cold": 1}
    cooled = strain.change_fp(
        frozen.encounter,
        "1",
        10,
        recover=True,
        roller=ScriptedDice([]),
        options=OPTIONS,
        remedied=[Want.HEAT],
    )
    assert cooled.outcome is not None
    assert (cooled.outcome.fp_after, cooled.outcome.held_back) == (9, 1)
    assert (cooled.outcome.held_by, cooled.outcome.remedied) == ((Want.COLD,), (Want.HEAT,))
    assert cooled.outcome.rule_ids[-2:] == ("R10.9", "R10.13")
    assert cooled.sheet.state.fp_withheld == {"cold": 1}
    sheltered = strain.change_fp(
        cooled.encounter,
        "1",
        10,
        recover=True,
        roller=ScriptedDice([]),
        options=OPTIONS,
        remedied=[Want.COLD],
    )
    assert sheltered.outcome is not None
    assert (sheltered.outcome.fp_after, sheltered.outcome.held_back) == (10, 0)
    assert sheltered.sheet.state.fp_withheld == {}


def test_holding_breath_without_an_ht_reads_his_from_the_fight_r9_1() -> None:
    """No HT given: Ana's own HT 10, fighting: 10 s (R9.1)."""
    held = strain.start_holding_breath(
        fight(), "1", exertion=Exertion.STRENUOUS, preparation=Preparation.NORMAL
    )
    assert (held.held.ht, held.held.seconds) == (10, 10)
    assert held.encounter.get("1").combatant.state.breath_left == 10
