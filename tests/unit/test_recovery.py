"""Stun, consciousness, windpipe, getting up, crippling (R7.2, R7.10–R7.12, R7.17, R7.29)."""

from __future__ import annotations

import pytest

from rules.combatant import BodyPart, Combatant, Posture, RiseClass, Trait
from rules.records import RollPurpose
from rules.recovery import (
    RISE_TURNS,
    CripplingDuration,
    after_combat,
    clear_shock,
    crippling_duration,
    crushed_trachea_roll,
    end_of_turn,
    get_up,
    mental_stun_recovery,
    rise_turn,
    stay_conscious,
    stun_recovery,
)
from rules.roller import ScriptedDice


def roll3(total: int) -> list[int]:
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


def rolls(*totals: int, extra: tuple[int, ...] = ()) -> ScriptedDice:
    faces: list[int] = []
    for total in totals:
        faces.extend(roll3(total))
    faces.extend(extra)
    return ScriptedDice(faces)


def fighter(**changes: object) -> Combatant:
    data: dict[str, object] = {"name": "Fighter", "attributes": {"st": 12, "ht": 11, "iq": 10}}
    data.update(changes)
    return Combatant.create(**data)


# --------------------------------------------------------------------------- stun


@pytest.mark.parametrize(("total", "recovered"), [(9, True), (11, True), (12, False), (17, False)])
def test_r7_10_stun_recovery(total: int, recovered: bool) -> None:
    """R7.10 worked example: HT 11, roll 9 → recovers; 12 does not."""
    stunned = fighter().with_state(stunned=True)
    dice = rolls(total)
    result = stun_recovery(stunned, dice)
    assert result.recovered is recovered
    assert result.state.stunned is not recovered
    assert result.roll is not None
    assert result.roll.target == 11
    assert result.roll.purpose is RollPurpose.STUN_RECOVERY
    assert dice.remaining == 0


def test_no_roll_when_not_stunned_or_unconscious() -> None:
    assert stun_recovery(fighter(), rolls()).roll is None
    out_cold = fighter().with_state(stunned=True, unconscious=True)
    assert stun_recovery(out_cold, rolls()).roll is None


def test_combat_reflexes_does_not_help_physical_stun() -> None:
    """R2.6 lists waking up, mental stun and surprise, not physical stun."""
    result = stun_recovery(
        fighter(traits=[Trait.COMBAT_REFLEXES]).with_state(stunned=True), rolls(12)
    )
    assert result.roll is not None
    assert result.roll.target == 11
    assert not result.recovered


def test_r7_11_mental_stun_rolls_iq() -> None:
    """R7.11 worked example: IQ 10 mentally stunned → IQ roll vs 10."""
    stunned = fighter().with_state(mentally_stunned=True)
    result = mental_stun_recovery(stunned, rolls(10))
    assert result.mental
    assert result.roll is not None
    assert result.roll.target == 10
    assert result.roll.attribute == "iq"
    assert result.recovered
    assert not result.state.mentally_stunned


def test_r2_6_combat_reflexes_plus_six() -> None:
    """R2.6 worked example: IQ 9 with Combat Reflexes → 9 + 6 = 15."""
    stunned = fighter(attributes={"iq": 9}, traits=[Trait.COMBAT_REFLEXES]).with_state(
        mentally_stunned=True
    )
    result = mental_stun_recovery(stunned, rolls(15))
    assert result.roll is not None
    assert result.roll.target == 15
    assert result.recovered


def test_mental_stun_extra_bonus() -> None:
    """R2.2's cumulative bonus arrives as ``bonus``."""
    stunned = fighter().with_state(mentally_stunned=True)
    result = mental_stun_recovery(stunned, rolls(12), bonus=2)
    assert result.roll is not None
    assert result.roll.target == 12


def test_end_of_turn_rolls_both_and_clears_shock() -> None:
    """R7.6: shock is for the next turn only; R7.10/R7.11 recovery at the end of the turn."""
    both = fighter().with_state(
        stunned=True, mentally_stunned=True, shock_penalty=-3, shock_injury=3
    )
    dice = rolls(8, 14)
    result = end_of_turn(both, dice)
    assert result.stun.recovered
    assert not result.mental_stun.recovered
    assert result.shock_cleared == -3
    assert result.state.shock_penalty == 0
    assert result.state.shock_injury == 0
    assert not result.state.stunned
    assert result.state.mentally_stunned
    assert dice.remaining == 0


def test_clear_shock_keeps_an_unshocked_state() -> None:
    state = fighter().state
    assert clear_shock(state) is state


# --------------------------------------------------------------------------- consciousness


@pytest.mark.parametrize(
    ("hp", "penalty", "total", "fainted"),
    [
        (0, 0, 11, False),
        (0, 0, 12, True),
        (-11, 0, 11, False),
        (-12, -1, 11, True),  # R7.2 worked example: HP 12 at −13 → −1
        (-13, -1, 10, False),
        (-24, -2, 9, False),
        (-24, -2, 10, True),
    ],
)
def test_r7_2_stay_conscious(hp: int, penalty: int, total: int, fainted: bool) -> None:
    """R7.2: HT at −1 per full multiple of −HP (HP 12, HT 11)."""
    hurt = fighter().with_state(hp=hp)
    dice = rolls(total)
    result = stay_conscious(hurt, dice)
    assert result.penalty == penalty
    assert result.roll is not None
    assert result.roll.target == 11 + penalty
    assert result.fainted is fainted
    assert result.state.unconscious is fainted
    if fainted:
        assert result.state.posture is Posture.PRONE
    assert dice.remaining == 0


def test_no_consciousness_roll_above_zero() -> None:
    result = stay_conscious(fighter().with_state(hp=1), rolls())
    assert result.roll is None
    assert not result.fainted


def test_doing_nothing_undefended_is_exempt() -> None:
    """R7.2: no roll if he made no active defense and does nothing this turn."""
    result = stay_conscious(fighter().with_state(hp=-5), rolls(), doing_nothing_undefended=True)
    assert result.exempt
    assert result.roll is None
    assert not result.state.unconscious


# --------------------------------------------------------------------------- windpipe


def test_r7_29_windpipe_repeats_until_success() -> None:
    """R7.29: each failed roll costs 1 HP; a success clears the windpipe."""
    choking = fighter().with_state(hp=5, crushed_trachea=True, trachea_penalty=-3)
    failed = crushed_trachea_roll(choking, rolls(9))
    assert failed.roll is not None
    assert failed.roll.target == 8
    assert failed.hp_lost == 1
    assert failed.state.hp == 4
    assert failed.state.crushed_trachea
    cleared = crushed_trachea_roll(choking.with_state(failed.state), rolls(8))
    assert cleared.cleared
    assert not cleared.state.crushed_trachea
    assert cleared.state.trachea_penalty == 0
    assert cleared.state.hp == 4


def test_windpipe_loss_can_bring_a_death_check() -> None:
    """R7.3: the lost HP takes him to −HP → HT or die."""
    choking = fighter().with_state(hp=-11, crushed_trachea=True, trachea_penalty=-2)
    result = crushed_trachea_roll(choking, rolls(12, 14))
    assert result.state.hp == -12
    assert result.death_checks is not None
    assert len(result.death_checks.rolls) == 1
    assert result.state.dead


def test_no_windpipe_roll_without_a_crushed_windpipe() -> None:
    assert crushed_trachea_roll(fighter(), rolls()).roll is None


# --------------------------------------------------------------------------- getting up


@pytest.mark.parametrize(
    ("rise_class", "turns"),
    [
        (RiseClass.HUMANOID, 2),
        (RiseClass.QUADRUPED_CARNIVORE, 1),
        (RiseClass.SMALL_CREATURE, 1),
        (RiseClass.HERBIVORE, 3),
        (RiseClass.LARGE_HERBIVORE, 6),
    ],
)
def test_r7_12_rise_table(rise_class: RiseClass, turns: int) -> None:
    """R7.12: a knocked-down horse needs 3 turns; a lion 1; an elephant 6."""
    assert RISE_TURNS[rise_class] == turns
    fallen = fighter(rise_class=rise_class).with_state(posture=Posture.PRONE)
    result = get_up(fallen, rolls())
    assert result.turns == turns
    assert result.state.rising_turns_left == turns - 1
    assert (result.state.posture is Posture.STANDING) is (turns == 1)


def test_humanoid_crouches_then_stands() -> None:
    fallen = fighter().with_state(posture=Posture.PRONE, knocked_down=True)
    first = get_up(fallen, rolls())
    assert first.state.posture is Posture.CROUCHING
    second = rise_turn(fallen.with_state(first.state))
    assert second.posture is Posture.STANDING
    assert second.rising_turns_left == 0
    assert not second.knocked_down


def test_herbivore_stays_down_until_the_last_turn() -> None:
    horse = fighter(rise_class=RiseClass.HERBIVORE).with_state(posture=Posture.PRONE)
    first = get_up(horse, rolls()).state
    second = rise_turn(horse.with_state(first))
    third = rise_turn(horse.with_state(second))
    assert (first.posture, second.posture, third.posture) == (
        Posture.PRONE,
        Posture.PRONE,
        Posture.STANDING,
    )


@pytest.mark.parametrize(("total", "turns"), [(13, 1), (14, 2)])
def test_acrobatics_gets_up_in_one(total: int, turns: int) -> None:
    """R7.12: a successful Acrobatics roll (13) stands him up in one turn."""
    acrobat = fighter(skills={"acrobatics": 13}).with_state(posture=Posture.PRONE)
    dice = rolls(total)
    result = get_up(acrobat, dice, try_acrobatics=True)
    assert result.turns == turns
    assert result.roll is not None
    assert result.roll.attribute == "acrobatics"
    assert dice.remaining == 0


@pytest.mark.parametrize(("total", "turns"), [(8, 1), (9, 2)])
def test_shock_counts_against_the_acrobatics_roll_to_get_up_r7_12_r7_6(
    total: int, turns: int
) -> None:
    """R7.6: on his next turn shock -4 applies to DX-based skills, Acrobatics among them:
    12 - 4 = 8 to stand in one turn (R7.12); a 9 fails and getting up takes 2 turns."""
    acrobat = fighter(skills={"acrobatics": 12}).with_state(
        posture=Posture.PRONE, shock_penalty=-4, shock_injury=4
    )
    dice = rolls(total)
    result = get_up(acrobat, dice, try_acrobatics=True)
    assert result.roll is not None
    assert (result.roll.base, result.roll.target) == (12, 8)
    assert [(m.key, m.value, m.rule_id) for m in result.roll.modifiers] == [("shock", -4, "R7.6")]
    assert (result.turns, result.state.rising_turns_left) == (turns, turns - 1)
    assert dice.remaining == 0


def test_acrobatics_without_the_skill_rolls_nothing() -> None:
    result = get_up(fighter().with_state(posture=Posture.PRONE), rolls(), try_acrobatics=True)
    assert result.roll is None
    assert result.turns == 2


# --------------------------------------------------------------------------- crippling duration


@pytest.mark.parametrize(
    ("total", "extra", "duration", "months"),
    [
        (11, (), CripplingDuration.TEMPORARY, None),
        (12, (4,), CripplingDuration.MONTHS, 4),  # R7.17 worked example
        (13, (6,), CripplingDuration.MONTHS, 6),
        (14, (), CripplingDuration.PERMANENT, None),  # failure by exactly 3 (ambiguity)
        (16, (), CripplingDuration.PERMANENT, None),  # R7.17 worked example
    ],
)
def test_r7_17_crippling_duration(
    total: int, extra: tuple[int, ...], duration: CripplingDuration, months: int | None
) -> None:
    """R7.17 (HT 11): success temporary; fail by 1–2 → 1d6 months; by 3+ permanent."""
    dice = rolls(total, extra=extra)
    result = crippling_duration(fighter(), BodyPart.LEFT_ARM, dice)
    assert result.duration is duration
    assert result.months == months
    assert dice.remaining == 0


def test_critical_failure_is_permanent() -> None:
    """HT 17 rolls 18 (fails by 1 but critically) → permanent."""
    result = crippling_duration(fighter(attributes={"ht": 17}), BodyPart.RIGHT_LEG, rolls(18))
    assert result.duration is CripplingDuration.PERMANENT


def test_after_combat_rolls_each_crippled_part_in_order() -> None:
    hurt = fighter().with_state(
        crippled=frozenset({BodyPart.LEFT_LEG, BodyPart.RIGHT_ARM}),
    )
    dice = rolls(10, 12, extra=(2,))
    results = after_combat(hurt, dice)
    assert [r.part for r in results] == [BodyPart.RIGHT_ARM, BodyPart.LEFT_LEG]
    assert results[0].duration is CripplingDuration.TEMPORARY
    assert results[1].months == 2
    assert dice.remaining == 0
