"""Deep water and a fighter who cannot swim: collapsed at 0 FP or less (R8.2) his Swimming
roll counts as failed without dice (R9.3); unconscious for any cause he sinks without air
and his brain dies 240 s later unless rescued (R9.4, R9.2)."""

from __future__ import annotations

import pytest

from bot.i18n import Messages
from bot.render.encounter import conditions
from bot.render.environment import render_drowning, render_hazard_ticks
from rules.breath import BRAIN_DEATH_SECONDS, Drowning, cannot_swim
from rules.combatant import Combatant, SwimState
from rules.encounter import Encounter, EncounterCombatant
from rules.hazards import HazardKind, HazardTick, enter_water, tick_passed
from rules.roller import ScriptedDice
from rules.turn import TurnEvent, TurnEventKind, TurnState, Water


def _river(
    *,
    fp: int = 3,
    collapsed: bool = False,
    unconscious: bool = False,
    asleep: bool = False,
    cardiac_arrest: bool = False,
    **state: object,
) -> Encounter:
    """Al: HT 3 (FP 3), HP 10, Swimming 3, just gone into deep water."""
    al = Combatant.create(
        name="Al", attributes={"ht": 3}, state={"fp": fp, "unconscious": unconscious, **state}
    )
    al = al.with_state(enter_water(al.state, 3, ()))
    return Encounter(
        name="River",
        gm_id=1,
        combatants=(
            EncounterCombatant(
                combatant_id="1",
                side="npc",
                combatant=al,
                turn=TurnState(collapsed=collapsed, asleep=asleep, cardiac_arrest=cardiac_arrest),
            ),
        ),
    )


def _second(
    fight: Encounter, round_: int, dice: ScriptedDice
) -> tuple[Encounter, tuple[HazardTick, ...]]:
    event = TurnEvent(kind=TurnEventKind.SKIPPED, round=round_, combatant_id="1", rule_id="R4.2")
    return tick_passed(fight, [event], dice)


def _lines(ticks: tuple[HazardTick, ...], messages: Messages, locale: str) -> str:
    (embed,) = render_hazard_ticks(ticks, messages, locale)
    return embed.description or ""


def test_r8_2_r9_3_a_collapsed_swimmer_fails_his_due_roll_without_dice() -> None:
    """R8.2: collapsed at 0 FP he can do nothing, swimming included; R9.3: the roll due on
    entering counts as failed, no dice: 1 FP (0 → -1, and 1 HP at 0 FP or less: 10 → 9),
    and he struggles, his next roll 5 s later."""
    dice = ScriptedDice([])
    fight, ticks = _second(_river(fp=0, collapsed=True), 1, dice)
    (tick,) = ticks
    assert tick.kind is HazardKind.SWIM
    assert tick.roll is None
    assert tick.swim is not None
    assert (tick.swim.roll, tick.swim.fp_lost, tick.swim.then) == (None, 1, SwimState.STRUGGLING)
    assert tick.swim.rule_ids == ("R8.2", "R9.3")
    state = fight.get("1").combatant.state
    assert (state.fp, state.hp) == (-1, 9)
    assert state.water is not None
    assert (state.water.state, state.water.next_roll_at, state.water.swam) == (
        SwimState.STRUGGLING,
        5,
        False,
    )
    assert dice.remaining == 0


def test_r8_2_collapse_over_at_positive_fp_he_swims_again() -> None:
    """R8.2: collapsed only "until he gets back to a positive FP total": at FP 1 the stale
    flag no longer stops him, and Swimming 3 rolls 3 (1, 1, 1): a success, no FP."""
    fight, (tick,) = _second(_river(fp=1, collapsed=True), 1, ScriptedDice([1, 1, 1]))
    assert tick.roll is not None
    assert tick.roll.total == 3
    assert tick.fatigue is None
    water = fight.get("1").combatant.state.water
    assert water is not None
    assert water.state is SwimState.CALM


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        (
            "en",
            "Al has collapsed (R8.2) and cannot swim: no roll, a failure: swallows water, "
            "1 FP, FP **-1**, HP 9 → swallowing water (next roll in 5 s) (R9.3)",
        ),
        (
            "pt-BR",
            "Al está esgotado (R8.2) e não consegue nadar: sem teste, conta como falha: "
            "engole água, 1 PF, PF **-1**, PV 9 → engolindo água (próximo teste em 5 s) (R9.3)",
        ),
    ],
)
def test_r8_2_the_collapsed_swimmers_line(messages: Messages, locale: str, line: str) -> None:
    """R8.2, R9.3: the tick says he could not swim, with no dice to show."""
    _, ticks = _second(_river(fp=0, collapsed=True), 1, ScriptedDice([]))
    assert _lines(ticks, messages, locale) == line


def test_r8_2_r9_4_collapsed_down_to_minus_fp_he_faints_and_sinks() -> None:
    """R8.2 then R8.3: at -2 of FP 3 the failed-without-dice roll in round 4 takes him to -3:
    he faints, and unconscious in the water he sinks: brain death at 4 + 240 (R9.4, R9.2)."""
    fight, ticks = _second(_river(fp=-2, collapsed=True), 4, ScriptedDice([]))
    assert [tick.kind for tick in ticks] == [HazardKind.SWIM, HazardKind.SINKS]
    assert ticks[0].fatigue is not None
    assert ticks[0].fatigue.fainted
    assert ticks[1].brain_death_round == 244
    state = fight.get("1").combatant.state
    assert (state.unconscious, state.breath_left, state.fainted_airless) == (True, 0, 0)
    assert state.brain_death_round == 4 + BRAIN_DEATH_SECONDS


@pytest.mark.parametrize(
    "cause",
    [
        pytest.param({"unconscious": True, "hp": -3}, id="knocked-out-by-injury-R7.2"),
        pytest.param({"unconscious": True}, id="laid-out-by-the-gm"),
        pytest.param(
            {"unconscious": True, "fatigue_unconscious": True, "fp": -3}, id="fainted-R8.3"
        ),
        pytest.param({"asleep": True}, id="asleep-R4.2"),
        pytest.param({"cardiac_arrest": True}, id="heart-stopped-R8.2"),
    ],
)
def test_r9_4_unconscious_in_deep_water_for_any_cause_he_sinks(
    cause: dict[str, object],
) -> None:
    """R9.4, R9.2: whatever put him out, not conscious in the water (asleep too, R4.2: one
    test, rules.turn.not_conscious) he makes no Swimming roll,
    goes under without air from his second (round 5) and his brain dies 240 s later, at his
    place in round 245, unless rescued; not one round sooner."""
    dice = ScriptedDice([])
    fight, ticks = _second(_river(**cause), 5, dice)  # type: ignore[arg-type]
    (tick,) = ticks
    assert (tick.kind, tick.brain_death_round, tick.rule_id) == (HazardKind.SINKS, 245, "R9.4")
    state = fight.get("1").combatant.state
    assert (state.breath_left, state.airless_seconds, state.fainted_airless) == (0, 0, 0)
    assert state.brain_death_round == 245
    for round_ in range(6, 245):
        fight, ticks = _second(fight, round_, dice)
        assert ticks == ()
    assert not fight.get("1").combatant.state.dead
    fight, ticks = _second(fight, 245, dice)
    assert [tick.kind for tick in ticks] == [HazardKind.BRAIN_DEATH]
    assert fight.get("1").combatant.state.dead
    assert dice.remaining == 0


def test_r9_4_knocked_out_holding_his_breath_under_water_loses_it() -> None:
    """R9.1, R9.4: fighting under water (R13.4) with 7 s of breath, knocked out: this second
    runs his breath to 6, then he sinks with it lost: no air, brain death at 3 + 240."""
    fight = _river(unconscious=True, breath_left=7)
    al = fight.get("1")
    fight = fight.replace(al.model_copy(update={"turn": TurnState(water=Water.underwater)}))
    fight, ticks = _second(fight, 3, ScriptedDice([]))
    assert [tick.kind for tick in ticks] == [HazardKind.BREATH, HazardKind.SINKS]
    state = fight.get("1").combatant.state
    assert (state.breath_left, state.airless_seconds, state.brain_death_round) == (0, 0, 243)


def test_r9_2_knocked_out_while_suffocating_the_clock_counts_from_his_airless_seconds() -> None:
    """R9.2: 4 s past his breath, knocked out at 1 FP: this second costs 1 FP (airless 5),
    then he sinks: fainted at 5 airless seconds, death 240 s on (round 9 + 240 = 249)."""
    fight = _river(unconscious=True, breath_left=0, airless_seconds=4, fp=1)
    fight, ticks = _second(fight, 9, ScriptedDice([]))
    assert [tick.kind for tick in ticks] == [HazardKind.SUFFOCATING, HazardKind.SINKS]
    state = fight.get("1").combatant.state
    assert (state.fp, state.airless_seconds, state.fainted_airless) == (0, 5, 5)
    assert state.brain_death_round == 249


def test_r9_4_a_clock_already_running_is_not_started_again() -> None:
    """R9.2: fainted for want of air in round 2 (fainted_airless 30), he lies in the water:
    his second in round 3 is one more airless second, no new clock."""
    fight = _river(
        unconscious=True,
        breath_left=0,
        airless_seconds=30,
        fainted_airless=30,
        brain_death_round=242,
    )
    fight, ticks = _second(fight, 3, ScriptedDice([]))
    assert ticks == ()
    state = fight.get("1").combatant.state
    assert (state.airless_seconds, state.fainted_airless, state.brain_death_round) == (31, 30, 242)


@pytest.mark.parametrize(
    ("locale", "line", "tracker"),
    [
        (
            "en",
            "Al is unconscious in the water and sinks: no air from now on, brain death in "
            "round 245 unless he is rescued (R9.4)",
            "🌊 fainted in the water: brain death in round 245 unless he is rescued (R9.4)",
        ),
        (
            "pt-BR",
            "Al está inconsciente na água e afunda: sem ar a partir de agora, morte cerebral "
            "na rodada 245 se ele não for resgatado (R9.4)",
            "🌊 desmaiado na água: morte cerebral na rodada 245 se ele não for resgatado (R9.4)",
        ),
    ],
)
def test_r9_4_the_sinking_line_and_the_tracker(
    messages: Messages, locale: str, line: str, tracker: str
) -> None:
    """R9.4: the tick names the round his brain dies in; the tracker shows it while he lies
    there."""
    fight, ticks = _second(_river(unconscious=True, hp=-3), 5, ScriptedDice([]))
    assert _lines(ticks, messages, locale) == line
    assert conditions(fight.get("1"), messages, locale, marked=True)[-1] == tracker


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        ("en", "Swimming at 0 s: collapsed, he cannot swim: no roll, a failure (R8.2) → "),
        ("pt-BR", "Natação aos 0 s: esgotado, não consegue nadar: sem teste, conta como falha"),
    ],
)
def test_r8_2_a_roll_not_made_reads_as_such_in_the_schedule(
    messages: Messages, locale: str, line: str
) -> None:
    """R8.2: a Swimming roll he could not make has no dice to show."""
    step = cannot_swim(SwimState.ENTERING, 0)
    drowned = Drowning(
        seconds=0,
        modifiers=(),
        rolls=(step,),
        fp_lost=1,
        state=SwimState.STRUGGLING,
        stopped=False,
        fainted=False,
    )
    assert render_drowning(drowned, messages, locale)[0].startswith(line)


def test_r13_5_out_cold_in_water_above_the_knee_he_has_his_footing_and_no_clock() -> None:
    """R13.5: in water above the knee he is not out of his depth (R9.3): laid out there he
    makes no Swimming roll and starts no brain-death clock; the same man fighting under water
    (R13.4) sinks (R9.4)."""
    for footing, sinks in ((Water.in_water, False), (Water.underwater, True)):
        fight = _river(unconscious=True, hp=-3)
        al = fight.get("1")
        fight = fight.replace(al.model_copy(update={"turn": TurnState(water=footing)}))
        fight, ticks = _second(fight, 5, ScriptedDice([]))
        state = fight.get("1").combatant.state
        assert (state.brain_death_round is not None) is sinks
        assert [tick.kind for tick in ticks] == ([HazardKind.SINKS] if sinks else [])


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        (
            "en",
            "Al is asleep in the water and sinks: no air from now on, brain death in "
            "round 245 unless he is rescued (R9.4)",
        ),
        (
            "pt-BR",
            "Al está dormindo na água e afunda: sem ar a partir de agora, morte cerebral "
            "na rodada 245 se ele não for resgatado (R9.4)",
        ),
    ],
)
def test_r9_4_asleep_in_deep_water_he_sinks_and_the_line_says_asleep(
    messages: Messages, locale: str, line: str
) -> None:
    """R9.4, R4.2: asleep he swims no stroke: he sinks, and the tick says he slept."""
    _, ticks = _second(_river(asleep=True), 5, ScriptedDice([]))
    (tick,) = ticks
    assert tick.asleep
    assert _lines(ticks, messages, locale) == line


def _woken(fight: Encounter) -> Encounter:
    al = fight.get("1")
    return fight.replace(
        al.model_copy(update={"turn": al.turn.model_copy(update={"asleep": False})})
    )


def test_r9_3_r9_4_woken_after_sinking_he_swims_up_and_breathes_again_r9_2() -> None:
    """R9.4: asleep, Al sinks at his second in round 5 (brain death round 245). Woken, he rolls
    Swimming at once (his schedule had him entering the water): 3 rolled 13, failure, 1 FP,
    still under and his clock running; the next second, though R9.3 would wait 5 s, he rolls
    again (he is under water, swimming up): 3 rolled 3, success, head above water (R9.3), and
    air again as coming up gives it: 2 s without air, First Aid, no HT roll (R9.2); his
    brain-death clock stops."""
    sunk, _ = _second(_river(asleep=True), 5, ScriptedDice([]))
    assert sunk.get("1").combatant.state.brain_death_round == 5 + BRAIN_DEATH_SECONDS
    failed, ticks = _second(_woken(sunk), 6, ScriptedDice([6, 6, 1]))
    assert [t.kind for t in ticks] == [HazardKind.SWIM]
    state = failed.get("1").combatant.state
    assert (state.fp, state.brain_death_round, state.breath_left) == (2, 245, 0)
    up, ticks = _second(failed, 7, ScriptedDice([1, 1, 1]))
    assert [t.kind for t in ticks] == [HazardKind.SWIM, HazardKind.AIR]
    air = ticks[1].air
    assert air is not None
    assert (air.airless, air.first_aid_needed, air.iq_roll) == (2, True, None)
    state = up.get("1").combatant.state
    assert (state.breath_left, state.brain_death_round, state.fainted_airless) == (None, None, None)
    assert state.water is not None
    assert state.water.state is SwimState.RECOVERING


def test_r9_3_r9_4_awake_and_sunk_he_struggles_each_second_then_recovers() -> None:
    """R9.4 with R9.3's table: Al sank and is awake again. Whatever his state, he rolls as one
    struggling: Swimming 3 rolled 18 fails, 1 FP (3 → 2), still sunk, the next roll at his
    next second (1, not 5 s); rolled 3 the next second, he comes up Recovering, another roll
    within a minute (60 s), not Calm's 5 minutes; the air he gets back ends the clock."""
    fight = _river(breath_left=0, airless_seconds=0, fainted_airless=0, brain_death_round=241)
    fight, ticks = _second(fight, 2, ScriptedDice([6, 6, 6]))
    (tick,) = ticks
    assert tick.swim is not None
    assert (tick.swim.state, tick.swim.then, tick.swim.fp_lost) == (
        SwimState.STRUGGLING,
        SwimState.STRUGGLING,
        1,
    )
    assert (tick.next_in, tick.sunk) == (1, True)
    water = fight.get("1").combatant.state.water
    assert water is not None
    assert (water.seconds, water.next_roll_at) == (1, 1)
    fight, ticks = _second(fight, 3, ScriptedDice([1, 1, 1]))
    swim, air = ticks
    assert swim.swim is not None
    assert (swim.swim.state, swim.swim.then, swim.next_in, swim.sunk) == (
        SwimState.STRUGGLING,
        SwimState.RECOVERING,
        60,
        False,
    )
    assert air.kind is HazardKind.AIR
    state = fight.get("1").combatant.state
    assert state.water is not None
    assert (state.fp, state.water.next_roll_at, state.brain_death_round) == (2, 61, None)


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        (
            "en",
            "Al rolls Swimming 3 in the water: 18 (6, 6, 6), failure: swallows water, 1 FP, "
            "FP **2**, HP 10 → still sunk, swallowing water (next roll at his next second) "
            "(R9.3)",
        ),
        (
            "pt-BR",
            "Al testa Natação 3 na água: 18 (6, 6, 6), falha: engole água, 1 PF, PF **2**, PV 10"
            " → ainda afundado, engolindo água (próximo teste no seu próximo segundo) (R9.3)",
        ),
    ],
)
def test_r9_4_the_still_sunk_line(messages: Messages, locale: str, line: str) -> None:
    """R9.4: a failed roll while sunk says the next one comes at his next second."""
    fight = _river(breath_left=0, airless_seconds=0, fainted_airless=0, brain_death_round=241)
    _, ticks = _second(fight, 2, ScriptedDice([6, 6, 6]))
    assert _lines(ticks, messages, locale) == line
