"""The turn sequence (R4.1-R4.5) and what happens between turns (R7.2, R7.6, R7.10, R7.11,
R8.2, R2.1, R2.2, R2.4, R2.5)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.combatant import Combatant, Posture
from rules.errors import RuleError
from rules.initiative import InitiativeMode
from rules.records import Modifier
from rules.roller import RandomDice, ScriptedDice
from rules.surprise import SurpriseKind
from rules.turn import (
    Fighter,
    SkipReason,
    TurnEventKind,
    TurnSequence,
    TurnState,
    advance,
    join,
    leave,
    reorder_sequence,
    settle_consciousness,
)


def fighter(
    cid: str,
    speed: float,
    *,
    side: str = "a",
    attributes: dict[str, Any] | None = None,
    turn: TurnState | None = None,
    **state: Any,
) -> Fighter:
    attrs: dict[str, Any] = {"basic_speed": speed, **(attributes or {})}
    sheet = Combatant.create(name=cid, attributes=attrs, state=state or None)
    return Fighter(combatant_id=cid, side=side, combatant=sheet, turn=turn or TurnState())


def three() -> list[Fighter]:
    return [fighter("slow", 5.0), fighter("fast", 7.0), fighter("mid", 6.0)]


def run(
    sequence: TurnSequence, fighters: list[Fighter], dice: ScriptedDice, times: int
) -> tuple[TurnSequence, list[Fighter], list[str | None]]:
    seen: list[str | None] = []
    for _ in range(times):
        result = advance(sequence, fighters, dice)
        sequence, fighters = result.sequence, list(result.fighters)
        seen.append(result.current)
    return sequence, fighters, seen


def test_first_advance_rolls_the_order_and_starts_round_one() -> None:
    result = advance(TurnSequence(), three(), ScriptedDice([]))
    assert result.sequence.order is not None
    assert result.sequence.order.combatant_ids == ("fast", "mid", "slow")
    assert result.current == "fast"
    assert result.sequence.round == 1
    assert result.sequence.elapsed_seconds == 0
    assert [e.kind for e in result.events] == [
        TurnEventKind.ROUND_STARTED,
        TurnEventKind.TURN_STARTED,
    ]


def test_two_rounds_wrap_and_count_seconds_r4_1() -> None:
    sequence, fighters, seen = run(TurnSequence(), three(), ScriptedDice([]), 6)
    assert seen == ["fast", "mid", "slow", "fast", "mid", "slow"]
    assert sequence.round == 2
    assert sequence.elapsed_seconds == 1
    _, _, more = run(sequence, fighters, ScriptedDice([]), 1)
    assert more == ["fast"]


def test_turns_taken_counts_each_started_turn() -> None:
    _, fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 4)
    by_id = {f.combatant_id: f for f in fighters}
    assert by_id["fast"].turn.turns_taken == 2
    assert by_id["slow"].turn.turns_taken == 1


def test_simple_mode_is_used_when_chosen_r3_1() -> None:
    result = advance(TurnSequence(mode=InitiativeMode.SIMPLE), three(), ScriptedDice([2, 6, 4]))
    assert result.sequence.order is not None
    assert result.sequence.order.combatant_ids == ("fast", "mid", "slow")
    assert result.sequence.order.slot("fast").die == 6


@pytest.mark.parametrize(
    ("state", "reason"),
    [
        ({"unconscious": True}, SkipReason.UNCONSCIOUS),
        ({"dead": True}, SkipReason.DEAD),
    ],
)
def test_unconscious_and_dead_are_skipped_r4_2(state: dict[str, Any], reason: SkipReason) -> None:
    fighters = [fighter("fast", 7.0, **state), fighter("mid", 6.0)]
    result = advance(TurnSequence(), fighters, ScriptedDice([]))
    assert result.current == "mid"
    skipped = [e for e in result.events if e.kind is TurnEventKind.SKIPPED]
    assert [(e.combatant_id, e.reason, e.rule_id) for e in skipped] == [("fast", reason, "R4.2")]


def test_asleep_is_skipped_r4_2() -> None:
    fighters = [fighter("fast", 7.0, turn=TurnState(asleep=True)), fighter("mid", 6.0)]
    assert advance(TurnSequence(), fighters, ScriptedDice([])).current == "mid"


def test_stunned_keeps_turn_and_recovers_on_ht_r7_10() -> None:
    # HT 11, roll 9 at the end of his turn -> recovers.
    fighters = [fighter("fast", 7.0, attributes={"ht": 11}, stunned=True), fighter("mid", 6.0)]
    first = advance(TurnSequence(), fighters, ScriptedDice([]))
    assert first.current == "fast"
    second = advance(first.sequence, list(first.fighters), ScriptedDice([3, 3, 3]))
    recovery = [e for e in second.events if e.kind is TurnEventKind.STUN_RECOVERY]
    assert len(recovery) == 1
    assert recovery[0].roll is not None
    assert (recovery[0].roll.target, recovery[0].roll.total) == (11, 9)
    assert recovery[0].rule_id == "R7.10"
    assert not second.fighters[0].combatant.state.stunned
    assert second.current == "mid"


def test_stun_received_during_his_own_turn_costs_the_next_turn_r7_10() -> None:
    """R7.10: stunned during his own turn (a Wait trigger, a stop-hit), he rolls no HT as
    that turn ends; he must Do Nothing on his next turn and rolls at its end (HT 11, 9)."""
    fighters = [fighter("fast", 7.0, attributes={"ht": 11}), fighter("mid", 6.0)]
    first = advance(TurnSequence(), fighters, ScriptedDice([]))
    assert first.current == "fast"
    hit = list(first.fighters)
    hit[0] = hit[0].model_copy(
        update={
            "combatant": hit[0].combatant.with_state(
                hit[0].combatant.state.model_copy(update={"stunned": True})
            )
        }
    )
    dice = ScriptedDice([])
    second = advance(first.sequence, hit, dice)
    assert not [e for e in second.events if e.kind is TurnEventKind.STUN_RECOVERY]
    assert second.fighters[0].combatant.state.stunned
    third = advance(second.sequence, list(second.fighters), dice)
    assert third.current == "fast"
    assert third.fighters[0].combatant.state.stunned
    assert third.fighters[0].turn.stunned_at_turn_start
    fourth = advance(third.sequence, list(third.fighters), ScriptedDice([3, 3, 3]))
    recovery = [e for e in fourth.events if e.kind is TurnEventKind.STUN_RECOVERY]
    assert [(e.combatant_id, e.roll.target, e.roll.total) for e in recovery if e.roll] == [
        ("fast", 11, 9)
    ]
    assert not fourth.fighters[0].combatant.state.stunned


def test_a_crushed_windpipe_rolls_every_round_until_it_succeeds_r7_29() -> None:
    """R7.29: HT 11 at -3 (8) each round: 15 fails and costs 1 HP (5 → 4); next round 3
    succeeds and clears it; no roll after that."""
    fighters = [
        fighter(
            "fast",
            7.0,
            attributes={"ht": 11, "hp": 12},
            hp=5,
            crushed_trachea=True,
            trachea_penalty=-3,
        ),
        fighter("mid", 6.0),
    ]
    dice = ScriptedDice([6, 5, 4, 1, 1, 1])
    sequence, fighters, _ = run(TurnSequence(), fighters, dice, 1)
    assert fighters[0].combatant.state.hp == 4
    assert fighters[0].combatant.state.crushed_trachea
    sequence, fighters, _ = run(sequence, fighters, dice, 1)
    result = advance(sequence, fighters, dice)
    choking = [e for e in result.events if e.kind is TurnEventKind.CRUSHED_TRACHEA]
    assert [(e.round, e.roll.target, e.roll.total) for e in choking if e.roll] == [(2, 8, 3)]
    state = result.fighters[0].combatant.state
    assert (state.hp, state.crushed_trachea, state.trachea_penalty) == (4, False, 0)
    assert dice.remaining == 0
    _, after, _ = run(result.sequence, list(result.fighters), ScriptedDice([]), 3)
    assert after[0].combatant.state.hp == 4


def test_an_unconscious_victim_keeps_choking_and_can_die_r7_29_r7_3() -> None:
    """R7.29 with R7.3: unconscious at -23 HP (HP 12, the -1xHP check already made), he
    still rolls: 15 vs HT 11-1 = 10 fails, -24 = -2xHP brings a death check, 16 vs 11
    fails → dead, then skipped."""
    fighters = [
        fighter(
            "fast",
            7.0,
            attributes={"ht": 11, "hp": 12},
            hp=-23,
            unconscious=True,
            crushed_trachea=True,
            trachea_penalty=-1,
            death_checks_made=1,
        ),
        fighter("mid", 6.0),
    ]
    result = advance(TurnSequence(), fighters, ScriptedDice([6, 5, 4, 6, 6, 4]))
    kinds = [e.kind for e in result.events if e.combatant_id == "fast"]
    assert kinds == [
        TurnEventKind.CRUSHED_TRACHEA,
        TurnEventKind.TRACHEA_HP_LOST,
        TurnEventKind.DEATH_CHECK,
        TurnEventKind.DIED,
        TurnEventKind.SKIPPED,
    ]
    state = result.fighters[0].combatant.state
    assert (state.hp, state.dead) == (-24, True)


def test_stunned_stays_stunned_on_a_failed_roll_r7_10() -> None:
    fighters = [fighter("fast", 7.0, attributes={"ht": 11}, stunned=True), fighter("mid", 6.0)]
    first = advance(TurnSequence(), fighters, ScriptedDice([]))
    second = advance(first.sequence, list(first.fighters), ScriptedDice([6, 5, 1]))
    assert second.fighters[0].combatant.state.stunned


def test_shock_expires_after_the_victims_turn_r7_6() -> None:
    fighters = [
        fighter("fast", 7.0, shock_penalty=-3, shock_injury=3),
        fighter("mid", 6.0, shock_penalty=-2, shock_injury=2),
    ]
    first = advance(TurnSequence(), fighters, ScriptedDice([]))
    second = advance(first.sequence, list(first.fighters), ScriptedDice([]))
    fast, mid = second.fighters
    assert (fast.combatant.state.shock_penalty, fast.combatant.state.shock_injury) == (0, 0)
    assert mid.combatant.state.shock_penalty == -2  # his turn has only just started
    assert next(e.kind for e in second.events) is TurnEventKind.SHOCK_EXPIRED


def _hurt_during_own_turn(fighters: list[Fighter], injury: int) -> list[Fighter]:
    """The first fighter, whose turn it is, takes ``injury`` more from a waiting foe's blow
    (R5.11): the injury pipeline adds it to his shock (HP 10: -1 per HP, at most -4)."""
    hurt = fighters[0]
    state = hurt.combatant.state
    total = state.shock_injury + injury
    updated = hurt.combatant.with_state(
        hp=state.hp - injury, shock_injury=total, shock_penalty=-min(4, total)
    )
    return [hurt.model_copy(update={"combatant": updated}), *fighters[1:]]


def test_shock_taken_during_his_own_turn_lasts_through_his_next_r7_6() -> None:
    """R7.6: "on his next turn only". Hurt for 3 during his own turn: -3 on his next turn."""
    fighters = [fighter("fast", 7.0, attributes={"hp": 10}), fighter("mid", 6.0)]
    first = advance(TurnSequence(), fighters, ScriptedDice([]))
    assert first.current == "fast"
    second = advance(
        first.sequence, _hurt_during_own_turn(list(first.fighters), 3), ScriptedDice([])
    )
    assert second.current == "mid"
    assert not any(e.kind is TurnEventKind.SHOCK_EXPIRED for e in second.events)
    third = advance(second.sequence, list(second.fighters), ScriptedDice([]))
    assert third.current == "fast"
    assert third.fighters[0].combatant.state.shock_penalty == -3
    fourth = advance(third.sequence, list(third.fighters), ScriptedDice([]))
    assert (
        fourth.fighters[0].combatant.state.shock_penalty,
        fourth.fighters[0].combatant.state.shock_injury,
    ) == (0, 0)


def test_only_the_shock_pending_at_turn_start_is_spent_r7_6() -> None:
    """-2 pending as his turn starts (spent on it); 3 more injury during it: -3 next turn."""
    fighters = [
        fighter("fast", 7.0, attributes={"hp": 10}, shock_penalty=-2, shock_injury=2),
        fighter("mid", 6.0),
    ]
    first = advance(TurnSequence(), fighters, ScriptedDice([]))
    assert first.fighters[0].turn.shock_injury_at_turn_start == 2
    hurt = _hurt_during_own_turn(list(first.fighters), 3)
    assert hurt[0].combatant.state.shock_penalty == -4
    second = advance(first.sequence, hurt, ScriptedDice([]))
    state = second.fighters[0].combatant.state
    assert (state.shock_penalty, state.shock_injury) == (-3, 3)
    assert any(e.kind is TurnEventKind.SHOCK_EXPIRED for e in second.events)


def test_stay_conscious_worked_example_r7_2() -> None:
    # HP 12 at -13, HT 11 -> roll vs 10; an 11 fails: unconscious and skipped. He defended
    # since his last turn, so no maneuver can spare the roll: it is made as his turn starts.
    hurt = fighter(
        "fast",
        7.0,
        attributes={"st": 12, "ht": 11},
        hp=-13,
        turn=TurnState(defended_since_last_turn=True),
    )
    result = advance(TurnSequence(), [hurt, fighter("mid", 6.0)], ScriptedDice([5, 5, 1]))
    check = next(e for e in result.events if e.kind is TurnEventKind.STAY_CONSCIOUS)
    assert check.roll is not None
    assert (check.roll.target, check.roll.total, check.roll.succeeded) == (10, 11, False)
    assert check.roll.modifiers == (Modifier("below_zero_hp", -1, "R7.2"),)
    assert result.fighters[0].combatant.state.unconscious
    assert result.fighters[0].combatant.state.posture is Posture.PRONE
    assert result.current == "mid"


def test_stay_conscious_success_keeps_the_turn_r7_2() -> None:
    hurt = fighter(
        "fast", 7.0, attributes={"ht": 11}, hp=0, turn=TurnState(defended_since_last_turn=True)
    )
    result = advance(TurnSequence(), [hurt, fighter("mid", 6.0)], ScriptedDice([4, 4, 2]))
    assert result.current == "fast"
    assert not result.fighters[0].combatant.state.unconscious
    assert not result.fighters[0].turn.consciousness_roll_due


def _undefended_at_minus_13(last_maneuver: str | None) -> Fighter:
    """HP 12 at -13, HT 11, no defense since his last turn: his turn starts with no roll."""
    hurt = fighter(
        "fast",
        7.0,
        attributes={"st": 12, "ht": 11},
        hp=-13,
        turn=TurnState(maneuver=last_maneuver),
    )
    result = advance(TurnSequence(), [hurt, fighter("mid", 6.0)], ScriptedDice([]))
    assert result.current == "fast"
    assert not any(e.kind is TurnEventKind.STAY_CONSCIOUS for e in result.events)
    started = result.fighters[0]
    assert started.turn.consciousness_roll_due
    return started


@pytest.mark.parametrize("last_maneuver", ["do_nothing", "attack"])
def test_the_roll_waits_for_this_turns_maneuver_r7_2(last_maneuver: str) -> None:
    """R7.2: "Skip the roll if he chooses Do Nothing" is this turn's choice, whatever he did
    last turn: choosing an attack rolls HT 11 - 1 = 10 first; an 11 fails."""
    started = _undefended_at_minus_13(last_maneuver)
    after, events = settle_consciousness(started, "attack", 1, ScriptedDice([5, 5, 1]))
    assert [e.kind for e in events] == [
        TurnEventKind.STAY_CONSCIOUS,
        TurnEventKind.FELL_UNCONSCIOUS,
    ]
    roll = events[0].roll
    assert roll is not None
    assert (roll.target, roll.total, roll.succeeded) == (10, 11, False)
    assert after.combatant.state.unconscious
    assert after.combatant.state.posture is Posture.PRONE
    assert not after.turn.consciousness_roll_due
    # Unconscious now, he chooses nothing more (R4.2).
    with pytest.raises(RuleError) as refused:
        settle_consciousness(after, "attack", 1, ScriptedDice([]))
    assert refused.value.key == "maneuver.restricted.unconscious"
    # Settled once: after a roll he made, a second choice in the same turn rolls nothing.
    awake, made = settle_consciousness(started, "attack", 1, ScriptedDice([3, 3, 3]))
    assert [e.kind for e in made] == [TurnEventKind.STAY_CONSCIOUS]
    assert settle_consciousness(awake, "attack", 1, ScriptedDice([])) == (awake, ())


@pytest.mark.parametrize("last_maneuver", ["do_nothing", "attack"])
def test_choosing_do_nothing_spares_the_roll_r7_2(last_maneuver: str) -> None:
    started = _undefended_at_minus_13(last_maneuver)
    after, events = settle_consciousness(started, "do_nothing", 1, ScriptedDice([]))
    assert events == ()
    assert not after.combatant.state.unconscious
    assert not after.turn.consciousness_roll_due


def test_a_turn_ended_without_a_maneuver_did_nothing_r7_2() -> None:
    started = _undefended_at_minus_13(None)
    sequence = advance(TurnSequence(), [started, fighter("mid", 6.0)], ScriptedDice([])).sequence
    result = advance(sequence, [started, fighter("mid", 6.0)], ScriptedDice([]))
    assert result.current == "mid"
    assert not any(e.kind is TurnEventKind.STAY_CONSCIOUS for e in result.events)
    # Nothing was rolled for doing nothing, but a maneuver entered late still owes the roll.
    assert result.fighters[0].turn.consciousness_roll_due


def test_a_maneuver_entered_after_the_turn_moved_on_rolls_too_r7_2() -> None:
    """R7.2 outside his turn: HP 12 at -13 (HT 11 - 1 = 10), his turn ended before the GM gave
    him a maneuver. Given one now, he rolls exactly as in his own turn; an 11 fails."""
    started = _undefended_at_minus_13(None)
    sequence = advance(TurnSequence(), [started, fighter("mid", 6.0)], ScriptedDice([])).sequence
    moved_on = advance(sequence, [started, fighter("mid", 6.0)], ScriptedDice([]))
    assert moved_on.current == "mid"
    late, events = settle_consciousness(moved_on.fighters[0], "move", 1, ScriptedDice([5, 5, 1]))
    assert [e.kind for e in events] == [
        TurnEventKind.STAY_CONSCIOUS,
        TurnEventKind.FELL_UNCONSCIOUS,
    ]
    roll = events[0].roll
    assert roll is not None
    assert (roll.target, roll.total, roll.succeeded) == (10, 11, False)
    assert late.combatant.state.unconscious
    # Do Nothing entered late, undefended, still spares it (R7.2's exception).
    spared, none = settle_consciousness(moved_on.fighters[0], "do_nothing", 1, ScriptedDice([]))
    assert none == ()
    assert not spared.combatant.state.unconscious


def test_no_consciousness_roll_after_doing_nothing_undefended_r7_2() -> None:
    lying_still = fighter("fast", 7.0, hp=-2, turn=TurnState(maneuver="do_nothing"))
    result = advance(TurnSequence(), [lying_still, fighter("mid", 6.0)], ScriptedDice([]))
    assert result.current == "fast"
    assert not any(e.kind is TurnEventKind.STAY_CONSCIOUS for e in result.events)


def test_will_roll_at_zero_fp_and_collapse_r8_2() -> None:
    tired = fighter("fast", 7.0, attributes={"iq": 11}, fp=0)
    result = advance(TurnSequence(), [tired, fighter("mid", 6.0)], ScriptedDice([6, 6, 1]))
    check = next(e for e in result.events if e.kind is TurnEventKind.WILL_TO_ACT)
    assert check.roll is not None
    assert (check.roll.target, check.roll.total) == (11, 13)
    assert result.fighters[0].turn.collapsed
    assert result.current == "mid"
    # Next round he is skipped as collapsed while FP stays at 0.
    again = advance(result.sequence, list(result.fighters), ScriptedDice([]))
    skipped = [e for e in again.events if e.kind is TurnEventKind.SKIPPED]
    assert [(e.combatant_id, e.reason) for e in skipped] == [("fast", SkipReason.COLLAPSED)]
    assert again.current == "mid"


def test_collapse_ends_when_fp_is_positive_again_r8_2() -> None:
    rested = fighter("fast", 7.0, fp=1, turn=TurnState(collapsed=True))
    result = advance(TurnSequence(), [rested, fighter("mid", 6.0)], ScriptedDice([]))
    assert result.current == "fast"
    assert not result.fighters[0].turn.collapsed
    assert TurnEventKind.COLLAPSE_ENDED in [e.kind for e in result.events]


def test_will_critical_failure_risks_cardiac_arrest_r8_2() -> None:
    tired = fighter("fast", 7.0, attributes={"ht": 10}, fp=0)
    result = advance(TurnSequence(), [tired, fighter("mid", 6.0)], ScriptedDice([6, 6, 6, 6, 5, 1]))
    heart = next(e for e in result.events if e.kind is TurnEventKind.CARDIAC_ARREST)
    assert heart.roll is not None
    assert not heart.roll.succeeded
    fast = result.fighters[0]
    assert fast.turn.cardiac_arrest
    assert fast.combatant.state.fp == -10
    # HT 10: he dies in 10/3 minutes = 200 s unless helped; round 1 + 200 (R8.2).
    assert fast.turn.cardiac_arrest_death_round == 201


def _heart_stopped_until(round_: int, hp: int = 8) -> Fighter:
    return fighter(
        "fast",
        7.0,
        attributes={"ht": 10},
        fp=-10,
        hp=hp,
        turn=TurnState(cardiac_arrest=True, cardiac_arrest_death_round=round_),
    )


def test_a_cardiac_arrest_kills_when_its_round_comes_r8_2() -> None:
    """R8.2: dead in round 3 unless helped; alive through round 2, dead at his place in round
    3, counted at -1 x HP (-10 for HP 10, lower than his 8)."""
    sequence, fighters, seen = run(
        TurnSequence(), [_heart_stopped_until(3), fighter("mid", 6.0)], ScriptedDice([]), 2
    )
    assert seen == ["mid", "mid"]
    assert sequence.round == 2
    assert not fighters[0].combatant.state.dead
    result = advance(sequence, fighters, ScriptedDice([]))
    died = [e for e in result.events if e.kind is TurnEventKind.DIED]
    assert [(e.combatant_id, e.round, e.rule_id) for e in died] == [("fast", 3, "R8.2")]
    dead = result.fighters[0].combatant.state
    assert (dead.dead, dead.hp) == (True, -10)
    skipped = [e for e in result.events if e.kind is TurnEventKind.SKIPPED]
    assert [e.reason for e in skipped] == [SkipReason.DEAD]


def test_a_cardiac_death_keeps_a_lower_hp_r8_2() -> None:
    """R8.2: already at -14 HP (below -1 x HP = -10), he is counted at -14."""
    result = advance(
        TurnSequence(), [_heart_stopped_until(1, hp=-14), fighter("mid", 6.0)], ScriptedDice([])
    )
    assert result.fighters[0].combatant.state.hp == -14
    assert result.fighters[0].combatant.state.dead


def test_a_helped_heart_no_longer_kills_r8_2() -> None:
    """R8.2: with the death round cleared by help, round 3 passes and he lives."""
    helped = fighter("fast", 7.0, fp=-10, hp=0, unconscious=True)
    _, fighters, _ = run(TurnSequence(), [helped, fighter("mid", 6.0)], ScriptedDice([]), 4)
    assert not fighters[0].combatant.state.dead


def test_cardiac_arrest_at_minus_fp_faints_r8_2_r8_3() -> None:
    """R8.2's cardiac arrest sets FP to -FP (10 → -10), and at -FP he faints (R8.3):
    unconscious, fainted from fatigue and prone, with the faint logged under R8.3."""
    tired = fighter("fast", 7.0, attributes={"ht": 10}, fp=0)
    result = advance(TurnSequence(), [tired, fighter("mid", 6.0)], ScriptedDice([6, 6, 6, 6, 5, 1]))
    state = result.fighters[0].combatant.state
    assert (state.fp, state.unconscious, state.fatigue_unconscious) == (-10, True, True)
    assert state.posture is Posture.PRONE
    kinds = [(e.kind, e.rule_id) for e in result.events if e.combatant_id == "fast"]
    assert kinds[-2:] == [
        (TurnEventKind.CARDIAC_ARREST, "R8.2"),
        (TurnEventKind.FELL_UNCONSCIOUS, "R8.3"),
    ]
    assert result.current == "mid"


def test_total_surprise_paralysis_then_iq_rolls_r2_1() -> None:
    # Paralysed for rounds 1-2; turn in round 3 as mentally stunned; IQ roll at its end.
    surprised = fighter(
        "fast",
        7.0,
        turn=TurnState(surprise=SurpriseKind.TOTAL, paralysed_through_round=2),
    )
    sequence, fighters, seen = run(
        TurnSequence(), [surprised, fighter("mid", 6.0)], ScriptedDice([]), 3
    )
    assert seen == ["mid", "mid", "fast"]
    fast = fighters[0]
    assert fast.combatant.state.mentally_stunned
    assert fast.turn.paralysed_through_round is None
    result = advance(sequence, fighters, ScriptedDice([6, 5, 1]))
    check = next(e for e in result.events if e.kind is TurnEventKind.MENTAL_STUN_RECOVERY)
    assert check.roll is not None
    assert (check.roll.target, check.roll.total, check.roll.succeeded) == (10, 12, False)
    assert result.fighters[0].combatant.state.mentally_stunned


def test_partial_surprise_cumulative_bonus_r2_2() -> None:
    # IQ 10 on the losing side: vs 10 on turn 1, vs 11 on turn 2.
    loser = fighter(
        "fast", 7.0, mentally_stunned=True, turn=TurnState(surprise=SurpriseKind.PARTIAL)
    )
    dice = ScriptedDice([5, 5, 1, 5, 5, 1])
    sequence, fighters, _ = run(TurnSequence(), [loser, fighter("mid", 6.0)], dice, 2)
    assert fighters[0].combatant.state.mentally_stunned  # 11 vs 10
    sequence, fighters, _ = run(sequence, fighters, dice, 2)
    assert not fighters[0].combatant.state.mentally_stunned  # 11 vs 11
    assert fighters[0].turn.surprise is None


def test_combat_reflexes_helps_recover_from_mental_stun_r2_6() -> None:
    loser = Fighter(
        combatant_id="fast",
        side="a",
        combatant=Combatant.create(
            name="fast",
            attributes={"basic_speed": 7.0, "iq": 9},
            traits=["combat_reflexes"],
            state={"mentally_stunned": True},
        ),
    )
    first = advance(TurnSequence(), [loser, fighter("mid", 6.0)], ScriptedDice([]))
    second = advance(first.sequence, list(first.fighters), ScriptedDice([5, 5, 5]))
    check = next(e for e in second.events if e.kind is TurnEventKind.MENTAL_STUN_RECOVERY)
    assert check.roll is not None
    assert check.roll.target == 15
    assert not second.fighters[0].combatant.state.mentally_stunned


def test_defense_counters_reset_at_the_owners_next_turn_r4_5() -> None:
    sequence, fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 1)
    used = TurnState(
        maneuver="all_out_defense",
        parries_used=2,
        retreat_used=True,
        all_out_attack="double",
        readying_missile=True,
        turns_taken=1,
    )
    fighters = [
        f.model_copy(update={"turn": used}) if f.combatant_id == "fast" else f for f in fighters
    ]
    sequence, fighters, _ = run(sequence, fighters, ScriptedDice([]), 2)
    fast = next(f for f in fighters if f.combatant_id == "fast")
    assert fast.turn.parries_used == 2  # still counted through the others' turns
    sequence, fighters, _ = run(sequence, fighters, ScriptedDice([]), 1)
    fast = next(f for f in fighters if f.combatant_id == "fast")
    assert (fast.turn.parries_used, fast.turn.retreat_used, fast.turn.maneuver) == (0, False, None)
    assert (fast.turn.all_out_attack, fast.turn.readying_missile) == (None, False)
    assert fast.turn.previous_maneuver == "all_out_defense"


def test_aware_newcomers_act_first_then_join_next_round_r2_4() -> None:
    sequence, fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 1)  # fast's turn
    x = fighter("x", 6.5, attributes={"basic_move": 7})
    y = fighter("y", 7.0, attributes={"basic_move": 7})
    sequence = join(sequence, [x, y], aware=True, roller=ScriptedDice([]))
    fighters = [*fighters, x, y]
    sequence, fighters, seen = run(sequence, fighters, ScriptedDice([]), 4)
    assert seen == ["y", "x", "mid", "slow"]
    sequence, fighters, seen = run(sequence, fighters, ScriptedDice([]), 5)
    # Next round they are in the order: y ties fast on Basic Speed and DX and goes after it.
    assert sequence.order is not None
    assert sequence.order.combatant_ids == ("fast", "y", "x", "mid", "slow")
    assert seen == ["fast", "y", "x", "mid", "slow"]


def _catalog_newcomers() -> dict[str, Fighter]:
    """R2.4's worked example: X (Move 7, Basic Speed 6.50), Y (Move 7, 7.00), Z (Move 5, 6.00)."""
    return {
        "x": fighter("x", 6.5, attributes={"basic_move": 7}),
        "y": fighter("y", 7.0, attributes={"basic_move": 7}),
        "z": fighter("z", 6.0, attributes={"basic_move": 5}),
    }


@pytest.mark.parametrize("arrival", ["yxz", "xyz", "zyx", "zxy"])
def test_newcomers_added_one_by_one_share_one_phase_r2_4(arrival: str) -> None:
    """R2.4: aware newcomers arriving in the same round, each added on its own, act by Move
    then Basic Speed (Y, X, Z in the catalog's example), never in order of arrival."""
    sequence, fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 1)  # fast's turn
    newcomers = _catalog_newcomers()
    for cid in arrival:
        sequence = join(sequence, [newcomers[cid]], aware=True, roller=ScriptedDice([]))
    assert sequence.this_round == ("fast", "y", "x", "z", "mid", "slow")
    fighters = [*fighters, *newcomers.values()]
    _, _, seen = run(sequence, fighters, ScriptedDice([]), 5)
    assert seen == ["y", "x", "z", "mid", "slow"]


def test_a_newcomer_arriving_after_others_acted_joins_those_still_waiting_r2_4() -> None:
    """Y already took his free action when X and Z arrive: X and Z act next, X first."""
    sequence, fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 1)  # fast's turn
    newcomers = _catalog_newcomers()
    sequence = join(sequence, [newcomers["y"]], aware=True, roller=ScriptedDice([]))
    fighters = [*fighters, *newcomers.values()]
    sequence, fighters, seen = run(sequence, fighters, ScriptedDice([]), 1)
    assert seen == ["y"]
    for cid in "zx":
        sequence = join(sequence, [newcomers[cid]], aware=True, roller=ScriptedDice([]))
    _, _, seen = run(sequence, fighters, ScriptedDice([]), 4)
    assert seen == ["x", "z", "mid", "slow"]


def test_tied_newcomers_of_one_round_break_the_tie_with_a_die_r2_4() -> None:
    """Equal Move and Basic Speed: 1d each (the catalog's reading), whoever arrived first."""
    sequence, _, _ = run(TurnSequence(), three(), ScriptedDice([]), 1)
    first = fighter("first", 6.0, attributes={"basic_move": 6})
    second = fighter("second", 6.0, attributes={"basic_move": 6})
    sequence = join(sequence, [first], aware=True, roller=ScriptedDice([]))
    sequence = join(sequence, [second], aware=True, roller=ScriptedDice([2, 5]))
    assert sequence.this_round[1:3] == ("second", "first")


def test_unaware_newcomer_inserted_at_once_r2_5() -> None:
    sequence, fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 1)  # fast's turn
    late = fighter("late", 6.5)
    early = fighter("early", 8.0)
    sequence = join(sequence, [late, early], aware=False, roller=ScriptedDice([]))
    assert sequence.order is not None
    assert sequence.order.combatant_ids == ("early", "fast", "late", "mid", "slow")
    fighters = [*fighters, late, early]
    _, _, seen = run(sequence, fighters, ScriptedDice([]), 5)
    # "early" ranks before the current turn: it first acts next round.
    assert seen == ["late", "mid", "slow", "early", "fast"]


def test_join_before_the_battle_starts_changes_nothing() -> None:
    assert (
        join(TurnSequence(), [fighter("x", 5.0)], aware=True, roller=ScriptedDice([]))
        == TurnSequence()
    )


def test_leaving_on_your_own_turn_passes_to_the_next() -> None:
    sequence, fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 2)  # mid's turn
    sequence = leave(sequence, "mid")
    fighters = [f for f in fighters if f.combatant_id != "mid"]
    # His turn is over and nobody else's runs (R4.1): "fast" does not get his back.
    assert sequence.current is None
    assert sequence.vacated
    assert sequence.up_next == "slow"
    _, _, seen = run(sequence, fighters, ScriptedDice([]), 2)
    assert seen == ["slow", "fast"]


def test_leaving_before_your_turn_keeps_the_current() -> None:
    sequence, _fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 1)
    sequence = leave(sequence, "slow")
    assert sequence.current == "fast"
    assert sequence.order is not None
    assert sequence.order.combatant_ids == ("fast", "mid")


def test_gm_reorder_keeps_those_who_acted() -> None:
    sequence, fighters, _ = run(TurnSequence(), three(), ScriptedDice([]), 1)
    sequence = reorder_sequence(sequence, ["slow", "mid", "fast"])
    _, _, seen = run(sequence, fighters, ScriptedDice([]), 3)
    assert seen == ["slow", "mid", "slow"]


def test_reorder_before_start_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        reorder_sequence(TurnSequence(), ["a"])
    assert caught.value.key == "encounter.not_started"


def test_nobody_can_act() -> None:
    with pytest.raises(RuleError) as caught:
        advance(TurnSequence(), [fighter("a", 5.0, unconscious=True)], ScriptedDice([]))
    assert caught.value.key == "encounter.nobody_can_act"
    with pytest.raises(RuleError) as empty:
        advance(TurnSequence(), [], ScriptedDice([]))
    assert empty.value.key == "encounter.no_combatants"


def test_last_conscious_fighter_failing_ht_ends_the_search() -> None:
    hurt = fighter(
        "fast", 7.0, attributes={"ht": 10}, hp=-1, turn=TurnState(defended_since_last_turn=True)
    )
    with pytest.raises(RuleError) as caught:
        advance(TurnSequence(), [hurt, fighter("mid", 6.0, dead=True)], ScriptedDice([6, 6, 6]))
    assert caught.value.key == "encounter.nobody_can_act"


@given(
    st.lists(st.sampled_from([4.0, 5.0, 5.25, 5.5, 6.0, 6.75, 7.0]), min_size=1, max_size=8),
    st.integers(1, 30),
    st.integers(0, 2**32),
)
def test_every_able_fighter_acts_once_per_round_r4_1(
    speeds: list[float], advances: int, seed: int
) -> None:
    fighters = [fighter(f"c{i}", speed) for i, speed in enumerate(speeds)]
    sequence = TurnSequence()
    seen: list[str | None] = []
    dice = RandomDice(seed)
    for _ in range(advances):
        result = advance(sequence, fighters, dice)
        sequence, fighters = result.sequence, list(result.fighters)
        seen.append(result.current)
    assert sequence.order is not None
    order = list(sequence.order.combatant_ids)
    expected = [order[i % len(order)] for i in range(advances)]
    assert seen == expected
    assert sequence.round == 1 + (advances - 1) // len(order)
    assert sequence.elapsed_seconds == sequence.round - 1
    speeds_in_order = [
        next(f for f in fighters if f.combatant_id == c).combatant.attributes.basic_speed
        for c in order
    ]
    assert speeds_in_order == sorted(speeds_in_order, reverse=True)
