"""Suffocation and drowning (R9.1-R9.5), and held breath running out in a fight."""

from __future__ import annotations

import pytest

from rules.breath import (
    BRAIN_DEATH_SECONDS,
    Exertion,
    Preparation,
    SwimState,
    air_again,
    breath_seconds,
    drowning,
    ensure_may_shed,
    rescue,
    shed,
    suffocation,
    swallowed_water,
    swimming_modifiers,
)
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.errors import RuleError
from rules.fatigue import fp_loss
from rules.hazards import (
    HazardKind,
    HazardTick,
    breathe,
    enter_water,
    hold_breath,
    tick_fighter,
    tick_passed,
)
from rules.roller import ScriptedDice
from rules.turn import TurnEvent, TurnEventKind


def roll3(total: int) -> list[int]:
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


def rolls(*totals: int) -> ScriptedDice:
    faces: list[int] = []
    for total in totals:
        faces.extend(roll3(total))
    return ScriptedDice(faces)


@pytest.mark.parametrize(
    ("exertion", "preparation", "seconds"),
    [
        # The worked example, HT 12.
        (Exertion.STRENUOUS, Preparation.NORMAL, 12),
        (Exertion.STRENUOUS, Preparation.HYPERVENTILATED, 18),
        (Exertion.STRENUOUS, Preparation.NO_BREATH, 6),
        (Exertion.REST, Preparation.NORMAL, 120),
        (Exertion.LIGHT, Preparation.NORMAL, 48),
        (Exertion.STRENUOUS, Preparation.OXYGEN, 30),
    ],
)
def test_r9_1_table(exertion: Exertion, preparation: Preparation, seconds: int) -> None:
    assert breath_seconds(12, exertion, preparation).seconds == seconds


def test_r9_1_fractions_round_down() -> None:
    """HT 11, strenuous, no time to breathe: 5.5 → 5 s."""
    assert breath_seconds(11, Exertion.STRENUOUS, Preparation.NO_BREATH).seconds == 5


def test_r9_2_worked_example() -> None:
    """HT 12, FP 12 fighting underwater: 1 FP a second after 12 s, fainting at -12 FP 24 s
    later; 3 minutes after the air ran out: an HT roll or -1 IQ."""
    choking = suffocation(36, breath=12, fp=12, max_fp=12)
    assert (choking.fp_lost, choking.faints_at) == (24, 36)
    assert choking.brain_death_at == 36 + BRAIN_DEATH_SECONDS
    assert not choking.dead
    later = suffocation(12 + 180, breath=12, fp=12, max_fp=12)
    assert (later.fp_lost, later.iq_roll_due) == (24, True)
    assert not suffocation(12 + 120, breath=12).iq_roll_due


def test_r9_2_air_again() -> None:
    back = air_again(180, ht=12, drowned=True, roller=rolls(13))
    assert (back.first_aid_needed, back.iq_lost) == (True, 1)
    assert air_again(120, ht=12, roller=ScriptedDice([])).iq_roll is None


def test_r9_3_worked_example_modifiers() -> None:
    """Swimming 12, jumped in on purpose, Medium encumbrance: 12 + 3 - 4 = 11."""
    modifiers = swimming_modifiers(intentional=True, encumbrance=2)
    assert 12 + sum(value for _, value in modifiers) == 11
    assert swimming_modifiers(fat=True) == (("fat", 5),)


def test_r9_3_schedule() -> None:
    """Entering: 12 fails (1 FP, struggling); 5 s later 9 succeeds (recovering); a minute
    later 10 succeeds (calm); the next roll would be 5 minutes later."""
    found = drowning(11, 120, roller=rolls(12, 9, 10))
    assert [(r.second, r.state, r.then) for r in found.rolls] == [
        (0, SwimState.ENTERING, SwimState.STRUGGLING),
        (5, SwimState.STRUGGLING, SwimState.RECOVERING),
        (65, SwimState.RECOVERING, SwimState.CALM),
    ]
    assert (found.fp_lost, found.state) == (1, SwimState.CALM)


def test_r9_3_stops_when_he_faints() -> None:
    found = drowning(5, 60, fp_to_faint=2, roller=rolls(12, 12))
    assert (found.fp_lost, found.fainted, len(found.rolls)) == (2, True, 2)


def test_r9_4_worked_example() -> None:
    """DX 12, removing a helmet: 8; a cloak: 12. A failure swallows water."""
    helmet = shed(12, heavy=True, roller=rolls(9))
    assert (helmet.roll.target, helmet.shed, helmet.fp_lost) == (8, False, 1)
    cloak = shed(12, heavy=False, roller=rolls(9))
    assert (cloak.roll.target, cloak.shed) == (12, True)


def test_r9_4_a_failure_leaves_him_struggling_a_success_does_not() -> None:
    """R9.4: a failed DX roll means he swallowed water, "with all the effects above": 1 FP and
    R9.3's Struggling (a Swimming roll every 5 s)."""
    helmet = shed(12, heavy=True, roller=rolls(13))
    assert (helmet.shed, helmet.fp_lost, helmet.then) == (False, 1, SwimState.STRUGGLING)
    assert helmet.rule_ids == ("R9.4", "R9.3")
    cloak = shed(12, heavy=False, roller=rolls(12))
    assert (cloak.shed, cloak.fp_lost, cloak.then) == (True, 0, None)


def test_r9_4_only_after_a_successful_swimming_roll() -> None:
    """R9.4: gear comes off "only after at least one successful Swimming roll" since he went
    in. Out of the water, or in it with only failures (against 10: a 13 fails), it is
    refused; 5 s later a 9 succeeds and he may try. A failed try leaves him struggling (R9.3),
    his next roll 5 s on."""
    from rules.combatant import InWater

    with pytest.raises(RuleError) as refused:
        ensure_may_shed("Hal", None)
    assert refused.value.key == "breath.error.needs_swimming"
    fight = _in_water()
    fight, _ = _seconds(fight, range(1, 2), rolls(13))
    water = fight.get("1").combatant.state.water
    assert water is not None
    assert (water.state, water.swam) == (SwimState.STRUGGLING, False)
    with pytest.raises(RuleError):
        ensure_may_shed("Ana", water)
    fight, _ = _seconds(fight, range(2, 7), rolls(9))
    water = fight.get("1").combatant.state.water
    assert water is not None
    assert (water.state, water.swam, water.seconds) == (SwimState.RECOVERING, True, 6)
    ensure_may_shed("Ana", water)
    after = swallowed_water(water)
    # His sixth second (index 5) has passed: the next roll comes 5 seconds on, at index 10,
    # as after a failed roll at his place.
    assert (after.state, after.next_roll_at, after.swam) == (SwimState.STRUGGLING, 10, True)
    assert isinstance(after, InWater)


def test_r9_5_worked_example() -> None:
    """Swimming 13, rescuer ST 12, victim ST 10: 10; a critical failure costs 6 FP."""
    saved = rescue(13, rescuer_st=12, victim_st=10, roller=rolls(10))
    assert (saved.roll.target, saved.saved, saved.fp_lost) == (10, True, 0)
    failed = rescue(13, rescuer_st=12, victim_st=10, roller=rolls(12))
    assert (failed.fp_lost, failed.gave_up) == (1, False)
    critical = rescue(13, rescuer_st=12, victim_st=10, roller=rolls(18))
    assert (critical.fp_lost, critical.gave_up) == (6, True)


def _fighter(fp: int = 10) -> EncounterCombatant:
    ana = Combatant.create(name="Ana", attributes={"ht": 10}, state={"fp": fp})
    return EncounterCombatant(combatant_id="1", side="pc", combatant=ana)


def test_breath_runs_out_a_second_a_round_then_costs_fp() -> None:
    """R9.1, R9.2 in a fight: 1 s of breath left, then 1 FP a second (at 0 FP, 1 HP too)."""
    fighter = _fighter(fp=1)
    fighter = fighter.with_sheet(
        fighter.combatant.with_state(hold_breath(fighter.combatant.state, 1))
    )
    fighter, ticks = tick_fighter(fighter, 1, ScriptedDice([]))
    assert [(t.kind, t.breath_left) for t in ticks] == [(HazardKind.BREATH, 0)]
    fighter, ticks = tick_fighter(fighter, 2, ScriptedDice([]))
    assert [t.kind for t in ticks] == [HazardKind.SUFFOCATING]
    fighter, _ = tick_fighter(fighter, 3, ScriptedDice([]))
    state = fighter.combatant.state
    assert (state.fp, state.hp, state.airless_seconds) == (-1, 9, 2)


def test_fainting_without_air_then_brain_death_four_minutes_later() -> None:
    """At -FP he faints (no more FP lost); 240 s later his brain dies (R9.2)."""
    fighter = _fighter(fp=-9)
    fighter = fighter.with_sheet(
        fighter.combatant.with_state(hold_breath(fighter.combatant.state, 0))
    )
    fighter, ticks = tick_fighter(fighter, 1, ScriptedDice([]))
    assert ticks[0].fatigue is not None
    assert ticks[0].fatigue.fainted
    state = fighter.combatant.state
    assert (state.fp, state.unconscious, state.fainted_airless) == (-10, True, 1)
    for round_ in range(2, 2 + BRAIN_DEATH_SECONDS - 1):
        fighter, ticks = tick_fighter(fighter, round_, ScriptedDice([]))
        assert ticks == []
    assert not fighter.combatant.state.dead
    fighter, ticks = tick_fighter(fighter, 999, ScriptedDice([]))
    assert [t.kind for t in ticks] == [HazardKind.BRAIN_DEATH]
    assert fighter.combatant.state.dead
    assert fighter.combatant.state.fp == -10


def test_breathing_again_clears_the_count() -> None:
    state = hold_breath(_fighter().combatant.state, 5)
    assert breathe(state).breath_left is None


# --------------------------------------------------------------------------- R9.3 in a fight


def _in_water(**update: object) -> Encounter:
    ana = Combatant.create(name="Ana", attributes={"ht": 3})
    state = enter_water(ana.state, 11, (("intentional", 3), ("encumbrance", -4)))
    ana = ana.with_state(state.model_copy(update=update))
    return Encounter(
        name="River",
        gm_id=1,
        combatants=(EncounterCombatant(combatant_id="1", side="pc", combatant=ana),),
    )


def _seconds(
    fight: Encounter, rounds: range, dice: ScriptedDice
) -> tuple[Encounter, list[HazardTick]]:
    found: list[HazardTick] = []
    for round_ in rounds:
        event = TurnEvent(
            kind=TurnEventKind.TURN_STARTED, round=round_, combatant_id="1", rule_id="R4.4"
        )
        fight, ticks = tick_passed(fight, [event], dice)
        found += ticks
    return fight, found


def test_r9_3_drowning_goes_on_with_the_rounds() -> None:
    """R9.3 in a fight: Swimming 11 + 3 (on purpose) - 4 (Medium) = 10. Ana's first second in
    the water rolls 12: she swallows water (1 FP, FP 3 → 2) and struggles; her 6th second
    rolls again (5 s later): 9, head above water; the next roll would come a minute later, so
    seconds 7 to 10 roll nothing."""
    fight, ticks = _seconds(_in_water(), range(1, 11), ScriptedDice([6, 5, 1, 3, 3, 3]))
    assert [(t.round, t.kind) for t in ticks] == [(1, HazardKind.SWIM), (6, HazardKind.SWIM)]
    first, second = ticks[0].swim, ticks[1].swim
    assert first is not None
    assert second is not None
    assert (first.roll.target, first.roll.total, first.fp_lost) == (10, 12, 1)
    assert (first.state, first.then) == (SwimState.ENTERING, SwimState.STRUGGLING)
    assert ticks[0].fatigue is not None
    assert ticks[0].fatigue.fp_after == 2
    assert (second.second, second.roll.total, second.then) == (5, 9, SwimState.RECOVERING)
    water = fight.get("1").combatant.state.water
    assert water is not None
    assert (water.state, water.seconds, water.next_roll_at) == (SwimState.RECOVERING, 10, 65)


def test_r9_3_fainting_in_the_water_starts_the_four_minutes() -> None:
    """R9.4, R9.2: Ana at -2 of FP 3 fails a Swimming roll: FP -3, she faints (R8.3) and no
    longer swims; she is under without air, and 4 minutes (240 s) later her brain dies."""
    fight = _in_water(fp=-2, hp=10)
    fight, ticks = _seconds(fight, range(1, 2), ScriptedDice([6, 6, 6]))
    assert ticks[0].fatigue is not None
    assert ticks[0].fatigue.fainted
    state = fight.get("1").combatant.state
    assert (state.fp, state.unconscious, state.breath_left, state.fainted_airless) == (
        -3,
        True,
        0,
        0,
    )
    fight, ticks = _seconds(fight, range(2, 241), ScriptedDice([]))
    assert not fight.get("1").combatant.state.dead
    assert not any(t.kind is HazardKind.SWIM for t in ticks)
    fight, ticks = _seconds(fight, range(241, 242), ScriptedDice([]))
    assert [t.kind for t in ticks] == [HazardKind.BRAIN_DEATH]
    assert fight.get("1").combatant.state.dead


def test_r9_2_seconds_without_air_cost_hp_below_zero_fp() -> None:
    """R9.2 with R8.2: HT 12, FP 12, 30 s without air after 12 s of breath: 18 s past it,
    18 FP lost, FP 12 → -6, and the 6 points below 0 cost 6 HP too."""
    choking = suffocation(30, breath=12, fp=12, max_fp=12)
    assert (choking.airless, choking.fp_lost, choking.faints_at) == (18, 18, 36)
    loss = fp_loss(12, 12, choking.fp_lost)
    assert (loss.fp_after, loss.hp_lost) == (-6, 6)
