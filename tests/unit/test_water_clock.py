"""Deep water's clocks on the tracker (R9.3, R9.4, R9.2) and the FP that stay lost after a
rest that asked for less than the cap (R8.7-R8.9)."""

from __future__ import annotations

import pytest

from bot.i18n import Messages
from bot.render.encounter import conditions
from bot.render.fatigue import render_fatigue_change
from rules.breath import BRAIN_DEATH_SECONDS, breathe, hold_breath
from rules.combatant import Combatant, SwimState
from rules.encounter import Encounter, EncounterCombatant
from rules.fatigue import Want, recover_fp, withhold
from rules.hazards import enter_water, tick_passed
from rules.roller import ScriptedDice
from rules.turn import TurnEvent, TurnEventKind


def _river(fp: int = 3) -> Encounter:
    """Al, HT 3 (FP 3), Swimming 3, just in deep water."""
    al = Combatant.create(name="Al", attributes={"ht": 3}, state={"fp": fp})
    al = al.with_state(enter_water(al.state, 3, ()))
    return Encounter(
        name="River",
        gm_id=1,
        combatants=(EncounterCombatant(combatant_id="1", side="npc", combatant=al),),
    )


def _second(fight: Encounter, round_: int, dice: ScriptedDice) -> Encounter:
    event = TurnEvent(
        kind=TurnEventKind.TURN_STARTED, round=round_, combatant_id="1", rule_id="R4.4"
    )
    fight, _ = tick_passed(fight, [event], dice)
    return fight


@pytest.mark.parametrize(
    ("locale", "after_roll", "three_later"),
    [
        (
            "en",
            "🌊 in deep water: swallowing water (next roll in 5 s), Swimming 3",
            "🌊 in deep water: swallowing water (next roll in 2 s), Swimming 3",
        ),
        (
            "pt-BR",
            "🌊 em água funda: engolindo água (próximo teste em 5 s), Natação 3",
            "🌊 em água funda: engolindo água (próximo teste em 2 s), Natação 3",
        ),
    ],
)
def test_r9_3_the_tracker_counts_down_to_the_next_swimming_roll(
    messages: Messages, locale: str, after_roll: str, three_later: str
) -> None:
    """R9.3: a failed roll (Swimming 3 rolls 10) brings the next one 5 s later; a round is a
    second (R4.1), so three rounds on it is 2 s away."""
    fight = _second(_river(), 1, ScriptedDice([5, 2, 3]))
    assert conditions(fight.get("1"), messages, locale, marked=True)[-1] == after_roll
    for round_ in (2, 3, 4):
        fight = _second(fight, round_, ScriptedDice([]))
    assert conditions(fight.get("1"), messages, locale, marked=True)[-1] == three_later


def test_r9_3_a_calm_swimmer_counts_down_in_minutes(messages: Messages) -> None:
    """R9.3: a success on calm water puts the next roll 5 minutes off: 5 min, then 4 min 59 s."""
    fight = _river()
    al = fight.get("1")
    water = al.combatant.state.water
    assert water is not None
    calm = water.model_copy(update={"state": SwimState.CALM, "seconds": 1, "next_roll_at": 300})
    fight = fight.replace(al.with_sheet(al.combatant.with_state(water=calm)))
    assert conditions(fight.get("1"), messages, "en")[-1] == (
        "in deep water: head above water (next roll in 5 min), Swimming 3"
    )
    fight = _second(fight, 2, ScriptedDice([]))
    assert conditions(fight.get("1"), messages, "en")[-1] == (
        "in deep water: head above water (next roll in 4 min 59 s), Swimming 3"
    )


@pytest.mark.parametrize(
    ("locale", "word"),
    [
        ("en", "🌊 fainted in the water: brain death in round 247 unless he is rescued (R9.4)"),
        (
            "pt-BR",
            "🌊 desmaiado na água: morte cerebral na rodada 247 se ele não for resgatado (R9.4)",
        ),
    ],
)
def test_r9_4_fainted_in_the_water_the_tracker_shows_the_round_his_brain_dies(
    messages: Messages, locale: str, word: str
) -> None:
    """R9.4, R9.2: at -2 of FP 3 his failed roll in round 7 takes him to -3: he faints (R8.3)
    and his brain dies 240 s later, at his place in round 7 + 240 = 247, shown while he
    lies there; the round comes and he dies."""
    fight = _second(_river(fp=-2), 7, ScriptedDice([6, 6, 6]))
    state = fight.get("1").combatant.state
    assert (state.unconscious, state.brain_death_round) == (True, 7 + BRAIN_DEATH_SECONDS)
    assert conditions(fight.get("1"), messages, locale, marked=True) == [
        "😵 " + ("unconscious" if locale == "en" else "inconsciente"),
        word,
    ]
    for round_ in range(8, 247):
        fight = _second(fight, round_, ScriptedDice([]))
    assert not fight.get("1").combatant.state.dead
    fight = _second(fight, 247, ScriptedDice([]))
    assert fight.get("1").combatant.state.dead
    assert "247" not in " ".join(conditions(fight.get("1"), messages, locale))


def test_r9_2_fainted_without_air_on_land_keeps_the_round_and_air_again_clears_it() -> None:
    """R9.2: out of breath at -9 of FP 10, his second in round 3 takes him to -10: he faints,
    brain death at his place in round 243 unless he gets air; air again clears it."""
    al = Combatant.create(name="Al", attributes={"ht": 10}, state={"fp": -9})
    al = al.with_state(hold_breath(al.state, 0))
    fight = Encounter(
        name="Cave",
        gm_id=1,
        combatants=(EncounterCombatant(combatant_id="1", side="npc", combatant=al),),
    )
    fight = _second(fight, 3, ScriptedDice([]))
    state = fight.get("1").combatant.state
    assert (state.unconscious, state.brain_death_round) == (True, 243)
    assert breathe(state).brain_death_round is None


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        (
            "en",
            "3 FP stay lost to thirst (back after a full day of rest and water, R8.8): rest"
            " alone does not bring them back.",
        ),
        (
            "pt-BR",
            "3 PF continuam perdidos por sede (voltam após um dia inteiro de descanso e água,"
            " R8.8): só descansar não os traz de volta.",
        ),
    ],
)
def test_r8_8_a_rest_within_the_cap_still_says_what_stays_lost(
    messages: Messages, locale: str, line: str
) -> None:
    """R8.7, R8.8: FP 12, 2 lost to hunger and 3 to thirst, at 7; a day of rest and food for
    1 FP gets him to 8 (nothing cut short), and the 3 of thirst still stay lost."""
    al = Combatant.create(name="Al", attributes={"ht": 12}, state={"fp": 7})
    al = al.with_state(withhold(withhold(al.state, Want.STARVATION, 2), Want.DEHYDRATION, 3))
    fed = recover_fp(al, 1, remedied=[Want.STARVATION])
    assert (fed.fp_after, fed.held_back, fed.still_lost) == (8, 0, 3)
    assert fed.held_by == (Want.DEHYDRATION,)
    assert fed.rule_ids[-2:] == ("R8.7", "R8.8")
    lines = [
        text
        for embed in render_fatigue_change(fed, messages, locale, sheet=al)
        for text in (embed.description or "").splitlines()
    ]
    assert line in lines


def test_r8_9_nothing_withheld_says_nothing_stays_lost(messages: Messages) -> None:
    """R8.9: after a good night's sleep nothing is held back: no such line."""
    al = Combatant.create(name="Al", attributes={"ht": 10}, state={"fp": 5})
    al = al.with_state(withhold(al.state, Want.SLEEP, 3))
    slept = recover_fp(al, 1, remedied=[Want.SLEEP])
    assert (slept.fp_after, slept.still_lost, slept.held_by) == (6, 0, ())
    text = " ".join(
        embed.description or "" for embed in render_fatigue_change(slept, messages, "en", sheet=al)
    )
    assert "stay lost" not in text
