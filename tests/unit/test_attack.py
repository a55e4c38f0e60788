"""Attack skill, roll, Feint and multiple attacks (R5.3-R5.31, R7.6, R11.26, R12.6-R12.11)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.attack import (
    Arc,
    AttackInput,
    AttackKind,
    Gait,
    Hand,
    RangedClass,
    all_out_damage_bonus,
    attacks_per_turn,
    effective_attack_skill,
    extra_attacks_chambara,
    extra_attacks_from_skill,
    feint,
    initiative_slots,
    maneuvers_per_turn,
    moving_fire_penalty,
    roll_attack,
)
from rules.combatant import Posture
from rules.errors import RuleError
from rules.maneuver import AllOutAttackOption, Maneuver
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import ScriptedDice

OPTIONS = RuleOptions()


def skill(**kwargs: object) -> int:
    return effective_attack_skill(AttackInput.model_validate(kwargs)).value


def test_plain_attack_is_the_skill() -> None:
    result = effective_attack_skill(AttackInput(skill=12))
    assert (result.value, result.modifiers, result.cap) == (12, (), None)


def test_all_out_attack_determined_r5_8() -> None:
    """R5.8 worked example: option c with skill 12 -> 16."""
    result = effective_attack_skill(AttackInput(skill=12, maneuver=Maneuver.all_out_attack))
    assert result.value == 16
    assert [(m.key, m.value, m.rule_id) for m in result.modifiers] == [
        ("all_out_attack_determined", 4, "R5.8")
    ]


def test_all_out_attack_strong_adds_damage_not_skill_r5_8() -> None:
    assert skill(skill=12, maneuver="all_out_attack", all_out_option="strong") == 12
    assert all_out_damage_bonus(Maneuver.all_out_attack, AllOutAttackOption.strong) == 2
    assert all_out_damage_bonus(Maneuver.attack, None) == 0


@pytest.mark.parametrize(
    ("base", "darkness", "chambara", "expected", "capped"),
    [
        (14, 0, False, 9, False),
        (18, 0, False, 9, True),
        (16, -7, False, 9, False),
        (12, 0, False, 7, False),
        (20, 0, True, 15, False),
    ],
)
def test_wild_swing_r5_6_r5_16(
    base: int, darkness: int, chambara: bool, expected: int, capped: bool
) -> None:
    result = effective_attack_skill(
        AttackInput(skill=base, target_arc=Arc.left, darkness_penalty=darkness, chambara=chambara)
    )
    assert result.value == expected
    assert (result.cap == 9) is capped


def test_move_and_attack_melee_is_a_wild_swing_r5_13() -> None:
    assert skill(skill=14, maneuver="move_and_attack") == 9


def test_attacking_through_an_enemy_hex_r5_6() -> None:
    """R5.6 worked example: skill 13 through one enemy's hex -> 9."""
    assert skill(skill=13, hexes_crossed=1) == 9


def test_two_weapons_r5_7() -> None:
    """R5.7 worked example: broadsword 14 and off-hand shortsword 14 -> 10 and 6."""
    assert skill(skill=14, dual_weapon="main") == 10
    assert skill(skill=14, dual_weapon="off") == 6
    assert skill(skill=14, dual_weapon="off", ambidextrous=True) == 10


def test_two_weapons_under_all_out_attack_drop_the_dual_penalty_r5_7() -> None:
    common = {"skill": 14, "maneuver": "all_out_attack", "all_out_option": "double"}
    assert skill(**common, dual_weapon=Hand.main) == 14
    assert skill(**common, dual_weapon=Hand.off) == 10


def test_chambara_extra_attack_r5_27() -> None:
    assert skill(skill=18, dual_weapon="off", chambara=True) == 18
    assert skill(skill=18, chambara=True, chambara_extra_attack=True) == 14


def test_evaluate_only_for_listed_maneuvers_r5_4() -> None:
    """R5.4 worked example: two Evaluate turns then Attack -> 12 + 2 = 14."""
    assert skill(skill=12, evaluate_bonus=2) == 14
    assert skill(skill=12, evaluate_bonus=2, maneuver="move_and_attack") == 7


def test_aim_and_snap_shot_r5_3() -> None:
    aimed = {"skill": 12, "kind": "missile", "accuracy": 2, "snap_shot": 15}
    assert skill(**aimed, aim_turns=1) == 14
    assert skill(**aimed, aim_turns=3, braced=True) == 17
    result = effective_attack_skill(AttackInput.model_validate(aimed))
    assert result.value == 8
    assert result.modifiers[-1].key == "snap_shot"
    assert skill(skill=16, kind="missile", snap_shot=15) == 16


def test_hit_location_shock_posture_r7_19_r7_6() -> None:
    result = effective_attack_skill(
        AttackInput(skill=15, hit_location_penalty=-5, shock_penalty=-2, posture=Posture.KNEELING)
    )
    assert result.value == 6
    assert {m.key: m.rule_id for m in result.modifiers} == {
        "hit_location": "R7.19",
        "posture": "B551",
        "shock": "R7.6",
    }


def test_posture_does_not_touch_ranged_attacks() -> None:
    assert skill(skill=12, kind="thrown", posture=Posture.PRONE) == 12


def test_close_combat_shield_penalty_after_first_round_r11_26() -> None:
    """R11.26 worked example: medium shield, round 2 of close combat, 14 -> 12."""
    assert skill(skill=14, close_combat_rounds=1, shield_db=2) == 14
    assert skill(skill=14, close_combat_rounds=2, shield_db=2) == 12


@pytest.mark.parametrize(
    ("gait", "klass", "penalty"),
    [
        (Gait.walk, RangedClass.other, -1),
        (Gait.run, RangedClass.bow, -12),
        (Gait.walk, RangedClass.crossbow, -3),
        (Gait.walk, RangedClass.bow, -6),
    ],
)
def test_moving_fire_r5_13_r12_10(gait: Gait, klass: RangedClass, penalty: int) -> None:
    assert moving_fire_penalty(gait, klass) == penalty


def test_blind_fire_caps_at_nine_r12_6() -> None:
    """R12.6 worked example: skill 22 -> 12, capped at 9; skill 16 -> 6."""
    assert skill(skill=22, kind="missile", blind=True) == 9
    assert skill(skill=16, kind="missile", blind=True) == 6


def test_gm_modifier_is_itemised() -> None:
    result = effective_attack_skill(AttackInput(skill=12, modifier=-3))
    assert [(m.key, m.value) for m in result.modifiers] == [("modifier", -3)]


def test_option_without_all_out_attack_is_refused() -> None:
    with pytest.raises(RuleError) as info:
        effective_attack_skill(AttackInput(skill=12, all_out_option=AllOutAttackOption.strong))
    assert info.value.key == "attack.option_needs_all_out"


def test_roll_hit() -> None:
    roll = roll_attack(
        effective_attack_skill(AttackInput(skill=12)), ScriptedDice([4, 4, 3]), OPTIONS
    )
    assert roll.hit
    assert roll.defense_allowed
    assert not roll.critical_hit
    assert roll.roll.total == 11


def test_critical_hit_allows_no_defense() -> None:
    roll = roll_attack(
        effective_attack_skill(AttackInput(skill=12)), ScriptedDice([1, 1, 2]), OPTIONS
    )
    assert roll.hit
    assert roll.critical_hit
    assert not roll.defense_allowed


def test_critical_miss_is_reported() -> None:
    roll = roll_attack(
        effective_attack_skill(AttackInput(skill=12)), ScriptedDice([6, 6, 5]), OPTIONS
    )
    assert not roll.hit
    assert roll.critical_miss
    assert not roll.defense_allowed


def test_extended_criticals_r5_31() -> None:
    effective = effective_attack_skill(AttackInput(skill=27))
    plain = roll_attack(effective, ScriptedDice([2, 3, 3]), OPTIONS)
    extended = roll_attack(effective, ScriptedDice([2, 3, 3]), RuleOptions(extended_criticals=True))
    assert not plain.critical_hit
    assert extended.critical_hit
    assert "R5.31" in extended.rule_ids


def test_feint_margin_when_the_foe_fails_r5_9() -> None:
    """R5.9 worked example: 14 rolls 9, best defense 13 rolls 15 -> -5."""
    outcome = feint(14, (12, 13, 11), ScriptedDice([3, 3, 3, 5, 5, 5]), OPTIONS)
    assert (outcome.defender_skill, outcome.penalty) == (13, 5)


def test_feint_difference_when_both_succeed_r5_9() -> None:
    """R5.9 worked example: defender rolls 10 (margin 3) -> 5 - 3 = 2."""
    outcome = feint(14, (12, 13, 11), ScriptedDice([3, 3, 3, 4, 3, 3]), OPTIONS)
    assert outcome.penalty == 2


def test_feint_modifiers_are_itemised_r5_9() -> None:
    """R5.9's worked example, Evaluate +1 (R5.4) and shock -3 (R7.6) on the feinter: 14 + 1
    - 3 = 12 rolls 9 (margin 3); the best defense 13 fails on 15 -> -3."""
    outcome = feint(
        14,
        (12, 13, 11),
        ScriptedDice([3, 3, 3, 5, 5, 5]),
        OPTIONS,
        modifiers=(
            Modifier(key="evaluate", value=1, rule_id="R5.4"),
            Modifier(key="shock", value=-3, rule_id="R7.6"),
            Modifier(key="nothing", value=0, rule_id="GM"),
        ),
    )
    assert (outcome.base_skill, outcome.attacker_skill, outcome.penalty) == (14, 12, 3)
    assert [m.key for m in outcome.modifiers] == ["evaluate", "shock"]


def test_feint_lost_leaves_no_penalty() -> None:
    outcome = feint(12, (13,), ScriptedDice([6, 6, 3, 3, 3, 3]), OPTIONS)
    assert outcome.penalty == 0
    assert not outcome.won


def test_a_feint_won_by_a_margin_of_zero_leaves_no_penalty_r5_9() -> None:
    """R5.9: the feinter succeeds and the foe fails, so his margin of success comes off the
    foe's defense: skill 13 rolls exactly 13 (margin 0) against 13 failing on 14: the Feint
    wins (G1), by 0, so no penalty. A tie of margins (both by 3) is no win at all."""
    zero = feint(13, (13,), ScriptedDice([4, 4, 5, 4, 5, 5]), OPTIONS)
    assert (zero.won, zero.penalty, zero.contest.a.margin) == (True, 0, 0)
    tie = feint(13, (13,), ScriptedDice([3, 3, 4, 3, 3, 4]), OPTIONS)
    assert (tie.won, tie.penalty) == (False, 0)


@pytest.mark.parametrize(("skill_level", "extra"), [(7, 0), (8, 1), (17, 2), (24, 3)])
def test_extra_attacks_from_skill_r5_14(skill_level: int, extra: int) -> None:
    assert extra_attacks_from_skill(skill_level) == extra


@pytest.mark.parametrize(("skill_level", "extra"), [(12, 0), (15, 1), (18, 2), (21, 3)])
def test_extra_attacks_chambara_r5_15(skill_level: int, extra: int) -> None:
    assert extra_attacks_chambara(skill_level) == extra


def test_attacks_per_turn_default_is_one() -> None:
    count = attacks_per_turn(18, OPTIONS)
    assert (count.attacks, count.parries) == (1, 1)


def test_chambara_master_all_out_attack_r5_20() -> None:
    """R5.20 worked example: 3 attacks -> All-Out Attack (extra) = 4."""
    count = attacks_per_turn(18, OPTIONS, chambara=True, all_out_option=AllOutAttackOption.double)
    assert (count.attacks, count.parries) == (4, 3)


def test_chambara_two_weapons_r5_27() -> None:
    count = attacks_per_turn(18, OPTIONS, chambara=True, two_weapons=True)
    assert (count.attacks, count.penalized_attacks) == (4, 1)


def test_masters_take_the_better_count_r5_15() -> None:
    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    assert attacks_per_turn(16, cinematic, chambara=True).attacks == 3
    literal = RuleOptions(cinematic_multiple_attacks=True, chambara_literal_attacks=True)
    assert attacks_per_turn(16, literal, chambara=True).attacks == 2


def test_extra_maneuvers_add_one_attack_each_r5_28() -> None:
    assert attacks_per_turn(18, OPTIONS, chambara=True, extra_maneuvers=1).attacks == 4


@pytest.mark.parametrize(("speed", "maneuvers"), [(5.5, 1), (12, 2), (18, 3)])
def test_super_speed_r5_29(speed: float, maneuvers: int) -> None:
    assert maneuvers_per_turn(speed) == maneuvers


def test_initiative_slots_r5_23() -> None:
    assert initiative_slots(7, 3) == (7, 6, 5)
    # Basic Speed 6.75, 4 attacks and the GM's 4 more: the eighth would be at -0.25; the
    # lowest Initiative there is, 0, ends the series.
    assert initiative_slots(6.75, 8) == (6.75, 5.75, 4.75, 3.75, 2.75, 1.75, 0.75, 0)
    with pytest.raises(RuleError):
        initiative_slots(7, 0)


@given(
    st.integers(min_value=0, max_value=30),
    st.sampled_from(list(Arc)),
    st.integers(min_value=-10, max_value=0),
)
def test_wild_swing_never_beats_nine_for_non_masters(base: int, arc: Arc, dark: int) -> None:
    value = skill(skill=base, target_arc=arc, darkness_penalty=dark, kind=AttackKind.melee)
    if arc is not Arc.front:
        assert value <= 9


def test_a_spare_attack_feint_keeps_its_parry_r5_21() -> None:
    """R5.21's worked example: 3 attacks and 3 parries; a Feint with one leaves 2 attacks and
    still 3 parries."""
    from rules.attack import AttackCount, SpareAction, spend_spare_attack

    count = AttackCount(attacks=3, parries=3, rule_ids=("R5.14",))
    spare = spend_spare_attack(SpareAction.feint, count, 0, 0, 3)
    assert (spare.attacks_spent, spare.parries_spent) == (1, 0)
    assert (spare.attacks_left, spare.parries_left, spare.rule_id) == (2, 3, "R5.21")
    with pytest.raises(RuleError) as caught:
        spend_spare_attack(SpareAction.feint, count, 2, 0, 3)
    assert caught.value.key == "attack.spare_no_attack"
    assert caught.value.params == {"allowed": 3, "used": 2}


def test_readying_with_spare_attacks_r5_25() -> None:
    """R5.25's worked example: an axe needing 1 ready turn, 2 attacks and 2 parries; he
    attacks, then readies it → 0 attacks and 1 parry left."""
    from rules.attack import AttackCount, SpareAction, spend_spare_attack

    count = AttackCount(attacks=2, parries=2, rule_ids=("R5.14",))
    spare = spend_spare_attack(SpareAction.ready, count, 1, 0, 2)
    assert (spare.attacks_spent, spare.parries_spent) == (1, 1)
    assert (spare.attacks_left, spare.parries_left, spare.rule_id) == (0, 1, "R5.25")
    two_turns = spend_spare_attack(SpareAction.ready, count, 0, 0, None, ready_turns=2)
    assert (two_turns.attacks_left, two_turns.parries_left) == (0, None)


@pytest.mark.parametrize(
    ("case", "refusal"),
    [
        ((1, 0, 0, 1), ("attack.spare_needs_multiple", {"allowed": 1})),
        ((2, 1, 0, 2), ("attack.spare_ready_no_attack", {"turns": 2, "left": 1})),
        ((2, 0, 2, 1), ("attack.spare_ready_no_parry", {"turns": 1, "left": 0})),
    ],
)
def test_readying_with_spare_attacks_needs_them_r5_25(
    case: tuple[int, int, int, int], refusal: tuple[str, dict[str, int]]
) -> None:
    """(attacks, attacks used, parries used, ready turns) → the refusal and its numbers."""
    from rules.attack import AttackCount, SpareAction, spend_spare_attack

    attacks, used, parries_used, turns = case
    count = AttackCount(attacks=attacks, parries=attacks, rule_ids=())
    with pytest.raises(RuleError) as caught:
        spend_spare_attack(SpareAction.ready, count, used, parries_used, attacks, ready_turns=turns)
    assert (caught.value.key, caught.value.params) == refusal


@pytest.mark.parametrize(
    ("posture", "entry", "effective"),
    [
        (Posture.STANDING, "front", 7),
        (Posture.KNEELING, "side", 12),
        (Posture.PRONE, "rear", 22),
        (Posture.SITTING, "front", 12),
        (Posture.STANDING, "rear", 12),
    ],
)
def test_evade_modifiers_r11_23(posture: Posture, entry: str, effective: int) -> None:
    """R11.23: -5 standing, -2 kneeling, +5 lying; +2 from the side, +5 from the rear."""
    from rules.attack import EvadeEntry, evade

    outcome = evade(
        12,
        11,
        posture,
        EvadeEntry(entry),
        roller=ScriptedDice([3, 3, 4, 4, 4, 4]),
        options=RuleOptions(),
    )
    assert outcome.effective == effective
    assert outcome.enabling is None
    assert outcome.rule_ids == ("R11.23",)


def test_a_masters_evade_r5_19() -> None:
    """R5.19's worked example: DX 12 past a standing foe entered from the front is 7; with
    the enabling roll made (best of DX, Jumping, Acrobatics 14 rolls 9), 12. He rolls 10
    (margin 2), the foe's DX 11 rolls 12 and fails: he gets past."""
    from rules.attack import EvadeEntry, evade

    outcome = evade(
        12,
        11,
        Posture.STANDING,
        EvadeEntry.front,
        roller=ScriptedDice([3, 3, 3, 3, 3, 4, 4, 4, 4]),
        options=RuleOptions(),
        chambara_level=14,
    )
    assert outcome.enabling is not None
    assert (outcome.enabling.total, outcome.enabling.succeeded) == (9, True)
    assert [(m.key, m.value, m.rule_id) for m in outcome.modifiers] == [
        ("evade_opponent_standing", -5, "R11.23"),
        ("chambara_evade", 5, "R5.19"),
    ]
    assert (outcome.effective, outcome.evaded) == (12, True)
    assert outcome.rule_ids == ("R11.23", "R5.19")


def test_a_failed_enabling_roll_evades_without_the_bonus_r5_19() -> None:
    """R5.19's Ambiguity: a failed enabling roll (18) leaves the Evade at 7; 10 fails by 3,
    the foe's 12 fails by 1 and wins the contest: he is stopped."""
    from rules.attack import EvadeEntry, evade

    outcome = evade(
        12,
        11,
        Posture.STANDING,
        EvadeEntry.front,
        roller=ScriptedDice([6, 6, 6, 3, 3, 4, 4, 4, 4]),
        options=RuleOptions(),
        chambara_level=14,
    )
    assert outcome.enabling is not None
    assert not outcome.enabling.succeeded
    assert (outcome.effective, outcome.evaded) == (7, False)


def test_a_tie_stops_the_evader_r11_23() -> None:
    """R11.23: a tie goes to the opponent. DX 12 past a kneeling foe from the front (10)
    rolls 8 (margin 2); the foe's DX 11 rolls 9 (margin 2)."""
    from rules.attack import EvadeEntry, evade

    outcome = evade(
        12,
        11,
        Posture.KNEELING,
        EvadeEntry.front,
        roller=ScriptedDice([2, 3, 3, 3, 3, 3]),
        options=RuleOptions(),
    )
    assert outcome.effective == 10
    assert outcome.evaded is False


@pytest.mark.parametrize("number", [1, 2, 3])
def test_each_thrown_weapon_is_drawn_at_minus_3_r5_26(number: int) -> None:
    """R5.26's worked example: Fast-Draw (Knife) 13 → each draw rolls vs 10."""
    from rules.attack import AttackKind, fast_draw

    drawn = fast_draw(13, AttackKind.thrown, number, ScriptedDice([3, 3, 4]), RuleOptions())
    assert (drawn.roll.effective_skill, drawn.modifier, drawn.rule_id) == (10, -3, "R5.26")
    assert drawn.drawn is True


@pytest.mark.parametrize(("number", "target"), [(1, 14), (2, 11), (3, 8)])
def test_a_volley_draws_at_a_cumulative_minus_3_r5_22(number: int, target: int) -> None:
    """R5.22's worked example: Fast-Draw (Arrow) 14 rolls at 14, 11 and 8; a 10 fails the
    third."""
    from rules.attack import AttackKind, fast_draw

    drawn = fast_draw(14, AttackKind.missile, number, ScriptedDice([3, 3, 4]), RuleOptions())
    assert (drawn.roll.effective_skill, drawn.rule_id) == (target, "R5.22")
    assert drawn.drawn is (target >= 10)


def test_shock_counts_against_fast_draw_r7_6_r5_26() -> None:
    """R7.6: shock -2 lowers DX-based skills on his turn, Fast-Draw too: Fast-Draw (Knife)
    13 - 3 (R5.26) - 2 = 8; a 9 does not draw."""
    from rules.attack import AttackKind, fast_draw

    drawn = fast_draw(
        13, AttackKind.thrown, 1, ScriptedDice([3, 3, 3]), RuleOptions(), shock_penalty=-2
    )
    assert (drawn.roll.effective_skill, drawn.modifier, drawn.shock) == (8, -3, -2)
    assert drawn.drawn is False


def test_shock_counts_against_a_masters_enabling_roll_r7_6_r5_19() -> None:
    """R5.19 with R7.6: the enabling roll is DX, Jumping or Acrobatics, so shock -4 takes the
    best 14 to 10; a 11 fails, and the Evade (12 - 5 - 4 = 3) goes without the +5."""
    from rules.attack import EvadeEntry, evade

    outcome = evade(
        12,
        11,
        Posture.STANDING,
        EvadeEntry.front,
        roller=ScriptedDice([3, 4, 4, 3, 3, 4, 4, 4, 4]),
        options=RuleOptions(),
        shock_penalty=-4,
        chambara_level=14,
    )
    assert outcome.enabling is not None
    assert (outcome.enabling.effective_skill, outcome.enabling.succeeded) == (10, False)
    assert outcome.effective == 3


@pytest.mark.parametrize(
    ("st", "turns", "balanced"),
    [(12, 1, False), (16, 1, False), (17, 0, False), (21, 0, False), (22, 0, True)],
)
def test_strength_over_the_minimum_readies_faster_r5_5(st: int, turns: int, balanced: bool) -> None:
    """R5.5's worked example: a great axe with min ST 12 needing 1 turn to ready. ST 17 (min
    + 5) → 0 turns; ST 22 (min + 10) → it acts balanced."""
    from rules.attack import ready_time

    ready = ready_time(1, st, 12)
    assert (ready.turns, ready.acts_balanced) == (turns, balanced)
    assert ready.rule_ids == (("R5.5",) if st >= 17 else ())


def test_two_ready_turns_lose_one_and_an_unknown_minimum_changes_nothing_r5_5() -> None:
    from rules.attack import ready_time

    assert ready_time(2, 15, 10).turns == 1
    assert ready_time(2, 15, 0).turns == 2


@pytest.mark.parametrize(("text", "length"), [("1", 1), ("1,2", 2), ("C,1", 1), ("2*", 2)])
def test_reach_length(text: str, length: int) -> None:
    from rules.attack import reach_length

    assert reach_length(text) == length


def test_the_longer_weapon_strikes_first_from_a_wait_r5_11() -> None:
    """R5.11's worked example: a waiting spearman (reach 2) strikes a swordsman (reach 1)
    stepping in first; no dice."""
    from rules.attack import wait_order

    order = wait_order((2, 12), (1, 15), ScriptedDice([]), RuleOptions())
    assert (order.waiter_first, order.contests) == (True, ())
    assert wait_order((1, 15), (2, 12), ScriptedDice([]), RuleOptions()).waiter_first is False


def test_equal_reach_is_a_skill_contest_a_tie_rolled_again_r5_11() -> None:
    """R5.11's worked example: two reach-1 swordsmen; skill 14 rolls 10 (margin 4) against
    skill 13 rolling 12 (margin 1): the first strikes first. Before that a tie (both by 3)
    is rolled again."""
    from rules.attack import wait_order

    dice = ScriptedDice([3, 4, 4, 3, 3, 4, 3, 3, 4, 4, 4, 4])
    order = wait_order((1, 14), (1, 13), dice, RuleOptions())
    assert [(c.a.total, c.b.total) for c in order.contests] == [(11, 10), (10, 12)]
    assert order.waiter_first is True
