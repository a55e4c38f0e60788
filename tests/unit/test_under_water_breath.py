"""Going under water holds the breath, coming up breathes again (R9.1, R9.2 with R13.4):
``/terrain set water:`` changes the breath as ``/breath hold`` and ``/breath air`` would."""

from __future__ import annotations

import pytest

from rules.breath import Preparation
from rules.close_combat import do_choke, do_grapple
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant, with_holds
from rules.exchange import GroundTaken, take_ground
from rules.hazards import HazardKind, tick_passed
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.turn import TurnEvent, TurnEventKind, Water
from tests.unit.test_close_combat import acting, fight, unarmed
from tests.unit.test_grapple import dice

OPTIONS = RuleOptions()


def _al(**state: object) -> Encounter:
    """Al (id 1): HT 12, 12 FP, IQ 10, Swimming 12; ``state`` on his sheet."""
    al = Combatant.create(name="Al", attributes={"ht": 12}, skills={"swimming": 12})
    return Encounter(
        name="Pool",
        gm_id=1,
        combatants=(
            EncounterCombatant(
                combatant_id="1", side="npc", combatant=al.with_state(**state) if state else al
            ),
        ),
    )


def _ground(
    encounter: Encounter,
    water: Water | bool,
    *,
    fighter_id: str = "1",
    roller: ScriptedDice | None = None,
    preparation: Preparation = Preparation.NORMAL,
) -> GroundTaken:
    return take_ground(
        encounter,
        fighter_id,
        height=None,
        water=water,
        preparation=preparation,
        roller=roller if roller is not None else ScriptedDice([]),
        options=OPTIONS,
    )


def _breath(encounter: Encounter, fighter_id: str = "1") -> int | None:
    return encounter.get(fighter_id).combatant.state.breath_left


@pytest.mark.parametrize(
    ("preparation", "seconds"),
    [
        (Preparation.NORMAL, 12),
        (Preparation.HYPERVENTILATED, 18),
        (Preparation.OXYGEN, 30),
        (Preparation.NO_BREATH, 6),
    ],
)
def test_going_under_holds_his_breath_ht_seconds_fighting_r9_1_r13_4(
    preparation: Preparation, seconds: int
) -> None:
    """R9.1's worked example: HT 12 fighting, 12 s; hyperventilated 18; pure oxygen 30; caught
    with no breath 6. From dry ground or from water above the knee alike."""
    for start in (_al(), _ground(_al(), Water.in_water).encounter):
        under = _ground(start, Water.underwater, preparation=preparation)
        assert under.breath.held is not None
        assert (under.breath.held.seconds, under.breath.air) == (seconds, None)
        assert under.breath.held.rule_ids == ("R9.1",)
        assert _breath(under.encounter) == seconds
        assert under.detail()["breath"] == seconds


def test_his_held_breath_runs_out_at_his_place_then_1_fp_a_second_r9_1_r9_2() -> None:
    """Under water a second a round at his place (R4.1): 12 seconds of breath count down
    (R9.1), then the thirteenth costs 1 FP (R9.2). Every Swimming roll (every 2 rounds,
    R13.4) succeeds on 3+3+3."""
    fight_ = _ground(_al(), Water.underwater).encounter
    kinds: list[HazardKind] = []
    rolls = ScriptedDice([3, 3, 3] * 7)
    for round_ in range(1, 14):
        event = TurnEvent(
            kind=TurnEventKind.TURN_STARTED, round=round_, combatant_id="1", rule_id="R4.4"
        )
        fight_, ticks = tick_passed(fight_, [event], rolls, OPTIONS)
        kinds.extend(t.kind for t in ticks if t.kind is not HazardKind.SWIM)
    assert kinds == [HazardKind.BREATH] * 12 + [HazardKind.SUFFOCATING]
    al = fight_.get("1").combatant.state
    assert (al.breath_left, al.airless_seconds, al.fp) == (0, 1, 11)


def test_already_holding_it_he_keeps_his_count_r9_1() -> None:
    """Holding his breath already (5 s left), going under starts no new count."""
    under = _ground(_al(breath_left=5), Water.underwater)
    assert (under.breath.held, under.breath.air) == (None, None)
    assert _breath(under.encounter) == 5
    assert "breath" not in under.detail()


@pytest.mark.parametrize("up", [Water.in_water, False])
def test_coming_up_he_breathes_again_r9_2(up: Water | bool) -> None:
    """Up with 4 s of breath left (to water above the knee or out of it): air again, nothing
    rolled, no water in his lungs."""
    under = _ground(_al(), Water.underwater).encounter
    al = under.get("1")
    under = under.replace(al.with_sheet(al.combatant.with_state(breath_left=4)))
    up_ = _ground(under, up)
    assert up_.breath.air is not None
    assert (up_.breath.air.airless, up_.breath.air.iq_roll, up_.breath.air.first_aid_needed) == (
        0,
        None,
        False,
    )
    assert _breath(up_.encounter) is None
    assert (up_.detail()["airless"], up_.detail()["iq_lost"]) == (0, 0)


def test_up_after_more_than_two_minutes_without_air_ht_or_1_iq_and_first_aid_r9_2() -> None:
    """130 s without air under water (his breath ran out there): coming up calls for First
    Aid (he was drowning, the catalog's reading), and HT 12 rolls 6+6+1 = 13: IQ 10 → 9."""
    under = _ground(_al(), Water.underwater).encounter
    al = under.get("1")
    under = under.replace(
        al.with_sheet(al.combatant.with_state(breath_left=0, airless_seconds=130))
    )
    rolls = ScriptedDice([6, 6, 1])
    up = _ground(under, False, roller=rolls)
    assert rolls.remaining == 0
    assert up.breath.air is not None
    assert up.breath.air.first_aid_needed
    assert up.breath.air.iq_roll is not None
    assert (up.breath.air.iq_roll.total, up.breath.air.iq_lost) == (13, 1)
    sheet = up.encounter.get("1").combatant
    assert (sheet.attributes.iq, sheet.state.breath_left, sheet.state.airless_seconds) == (
        9,
        None,
        0,
    )
    assert up.detail()["iq_lost"] == 1


def test_from_the_knee_up_or_a_height_alone_his_breath_is_left_alone_r13_5() -> None:
    """In water above the knee to dry ground, or a new height, is no coming up: a breath he
    holds (a choke's, /breath hold's) goes on."""
    wet = _ground(_al(breath_left=7), Water.in_water)
    assert _breath(wet.encounter) == 7
    dry = _ground(wet.encounter, False)
    assert (_breath(dry.encounter), dry.breath.air) == (7, None)


def test_the_dead_hold_no_breath_r9_1() -> None:
    under = _ground(_al(dead=True), Water.underwater)
    assert (under.breath.held, _breath(under.encounter)) == (None, None)


def _choked_orc() -> Encounter:
    """Bruno (id 1) grapples the orc (id 2) and chokes him (R11.10: ST 13 rolls 7 against HT
    11 rolls 12, won by 7; the neck's rolls 6 and 10): the orc holds his breath from then
    (R9.1: HT 11 s)."""
    encounter = unarmed(fight())
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    encounter, _ = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(7, 12, 6, 10), options=OPTIONS
    )
    assert _breath(encounter, "2") == 11
    return encounter


def test_a_choked_man_coming_up_still_cannot_breathe_r11_10_r9_2() -> None:
    """Choked, the orc goes under (his count goes on: 11) and comes up: the choke still stops
    his breath."""
    under = _ground(_choked_orc(), Water.underwater, fighter_id="2")
    assert (under.breath.held, _breath(under.encounter, "2")) == (None, 11)
    up = _ground(under.encounter, False, fighter_id="2")
    assert (up.breath.air, _breath(up.encounter, "2")) == (None, 11)


def test_a_choke_let_go_under_water_leaves_him_holding_his_breath_r11_10_r9_1() -> None:
    """The choke that stopped his breath ends: dry, he breathes (R9.2); under water, he goes
    on holding it until he comes up (R9.1, R13.4)."""
    choked = _choked_orc()
    assert _breath(with_holds(choked, []), "2") is None
    under = _ground(choked, Water.underwater, fighter_id="2").encounter
    let_go = with_holds(under, [])
    assert _breath(let_go, "2") == 11
    up = _ground(let_go, Water.in_water, fighter_id="2")
    assert up.breath.air is not None
    assert _breath(up.encounter, "2") is None


def test_fainting_at_a_failed_swimming_roll_loses_the_held_breath_r9_4_r9_2() -> None:
    """Holding his breath under water at FP -11, Al fails his first Swimming roll (6+6+5 = 17
    against 12): 1 FP more brings him to -12 = -FP and he faints (R8.3). Unconscious he holds
    no breath: he is under without air from that second and his brain dies 240 s (rounds)
    later unless rescued (R9.4, R9.2)."""
    fight_ = _ground(_al(fp=-11), Water.underwater).encounter
    assert _breath(fight_) == 12
    event = TurnEvent(kind=TurnEventKind.TURN_STARTED, round=3, combatant_id="1", rule_id="R4.4")
    fight_, ticks = tick_passed(fight_, [event], ScriptedDice([6, 6, 5]), OPTIONS)
    swim = next(t for t in ticks if t.kind is HazardKind.SWIM)
    assert swim.fatigue is not None
    assert swim.fatigue.status.fainted
    al = fight_.get("1").combatant.state
    assert (al.fp, al.breath_left, al.airless_seconds, al.fainted_airless) == (-12, 0, 0, 0)
    assert al.brain_death_round == 3 + 240
