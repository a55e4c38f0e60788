"""Active defenses and their modifiers (R5.5, R5.7-R5.9, R5.12, R5.17, R5.24, R6.1-R6.10,
R7.1, R7.10, R11.12)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.attack import Arc, AttackKind
from rules.combatant import Posture, Side
from rules.defense import (
    AttackContext,
    DefenderInput,
    DefenseOptions,
    ParryWeapon,
    ShieldDefense,
    available_defenses,
    retreat_bonus,
    roll_defense,
)
from rules.errors import RuleError
from rules.maneuver import AllOutDefenseOption, DefenseKind, Maneuver, maneuver_profile
from rules.options import RuleOptions
from rules.roller import ScriptedDice

OPTIONS = RuleOptions()
SWORD = ParryWeapon(name="broadsword", parry=10)


def defenses(
    defender: DefenderInput, attack: AttackContext | None = None, options: RuleOptions = OPTIONS
) -> DefenseOptions:
    return available_defenses(defender, attack or AttackContext(), options)


def values(result: DefenseOptions) -> dict[str, int]:
    return {(o.weapon or o.kind.value): o.value for o in result.options}


def refusals(result: DefenseOptions) -> dict[str, tuple[str, str]]:
    return {(r.weapon or r.kind.value): (r.key, r.rule_id) for r in result.refused}


def test_front_attack_offers_everything_with_shield_db() -> None:
    defender = DefenderInput(dodge=9, weapons=(SWORD,), shield=ShieldDefense(block=10, db=2))
    result = defenses(defender)
    assert values(result) == {"dodge": 11, "broadsword": 12, "block": 12}
    assert all(o.retreat_value == o.value + 3 for o in result.options)


def test_side_dodge_r6_2() -> None:
    """R6.2 worked example: Dodge 9 from the left side hex -> 7."""
    result = defenses(DefenderInput(dodge=9), AttackContext(arc=Arc.left))
    assert values(result) == {"dodge": 7}


def test_block_arcs_r6_5() -> None:
    """R6.5 worked example: Block 10, javelin from the shield side -> 8; an arrow cannot."""
    shield = ShieldDefense(block=10, side=Side.LEFT)
    thrown = defenses(
        DefenderInput(dodge=9, shield=shield), AttackContext(kind=AttackKind.thrown, arc=Arc.left)
    )
    assert values(thrown)["block"] == 8
    arrow = defenses(
        DefenderInput(dodge=9, shield=shield), AttackContext(kind=AttackKind.missile, arc=Arc.left)
    )
    assert refusals(arrow)["block"] == ("defend.side_missile", "R6.5")
    off_side = defenses(DefenderInput(dodge=9, shield=shield), AttackContext(arc=Arc.right))
    assert refusals(off_side)["block"] == ("defend.wrong_side", "R6.5")


def test_parry_arcs_r6_6() -> None:
    """R6.6 worked example: two-handed Parry 11 from the off side -> 9; one-handed cannot."""
    greatsword = ParryWeapon(name="greatsword", parry=11, two_handed=True)
    result = defenses(DefenderInput(dodge=9, weapons=(greatsword,)), AttackContext(arc=Arc.left))
    assert values(result)["greatsword"] == 9
    one_handed = defenses(DefenderInput(dodge=9, weapons=(SWORD,)), AttackContext(arc=Arc.left))
    assert refusals(one_handed)["broadsword"] == ("defend.wrong_side", "R6.6")


def test_special_parry_modifiers_r6_7() -> None:
    """R6.7 worked example: a flail blow while carrying a large shield: -4 - 1 = -5."""
    defender = DefenderInput(
        dodge=9, weapons=(SWORD,), shield=ShieldDefense(block=9, db=0, large=True)
    )
    result = defenses(defender, AttackContext(flail=True))
    assert values(result)["broadsword"] == 5


@pytest.mark.parametrize(
    ("context", "expected"),
    [
        (AttackContext(kind=AttackKind.thrown), 9),
        (AttackContext(kind=AttackKind.thrown, small_thrown=True), 8),
        (AttackContext(shield_bash=True), 8),
    ],
)
def test_parry_thrown_and_shields_r6_7(context: AttackContext, expected: int) -> None:
    assert values(defenses(DefenderInput(dodge=9, weapons=(SWORD,)), context))["broadsword"] == (
        expected
    )


def test_light_weapons_cannot_parry_a_shield_r6_7() -> None:
    dagger = ParryWeapon(name="dagger", parry=9, light=True)
    result = defenses(DefenderInput(dodge=9, weapons=(dagger,)), AttackContext(shield_bash=True))
    assert refusals(result)["dagger"] == ("defend.light_weapon_vs_shield", "R6.7")


def test_missiles_cannot_be_parried() -> None:
    result = defenses(DefenderInput(dodge=9, weapons=(SWORD,)), AttackContext(kind="missile"))
    assert refusals(result)["broadsword"][0] == "defend.cannot_parry_missile"


def test_parry_for_another_r6_8() -> None:
    """R6.8 worked example: Parry 10, ally's medium shield DB 2 -> 8; then own Dodge 9 -> 5."""
    result = defenses(
        DefenderInput(dodge=9, weapons=(SWORD,)), AttackContext(for_other=True, ally_shield_db=2)
    )
    assert values(result) == {"broadsword": 8}
    assert refusals(result)["dodge"] == ("defend.for_other_parry_only", "R6.8")
    assert result.options[0].retreat is None
    after = defenses(DefenderInput(dodge=9, parried_for_other=True))
    assert values(after) == {"dodge": 5}


def test_retreat_r6_9() -> None:
    """R6.9 worked example: Dodge 9 with Retreat -> 12; Parry 10 -> 13."""
    result = defenses(DefenderInput(dodge=9, weapons=(SWORD,)))
    assert {o.kind: o.retreat_value for o in result.options} == {
        DefenseKind.dodge: 12,
        DefenseKind.parry: 13,
    }


def test_retreat_basic_set_switch_r6_9() -> None:
    options = RuleOptions(retreat_basic_set=True)
    assert retreat_bonus(DefenseKind.dodge, options).value == 3
    assert retreat_bonus(DefenseKind.parry, options).value == 1
    assert retreat_bonus(DefenseKind.parry, options, fencing=True).value == 3
    assert retreat_bonus(DefenseKind.block, options).value == 1


@pytest.mark.parametrize(
    ("defender", "context", "key"),
    [
        (
            DefenderInput(dodge=9, posture=Posture.SITTING),
            AttackContext(),
            "defend.retreat_posture",
        ),
        (
            DefenderInput(dodge=9, posture=Posture.KNEELING),
            AttackContext(),
            "defend.retreat_posture",
        ),
        (DefenderInput(dodge=9, stunned=True), AttackContext(), "defend.retreat_stunned"),
        (DefenderInput(dodge=9), AttackContext(kind=AttackKind.thrown), "defend.retreat_ranged"),
        (DefenderInput(dodge=9, retreat_used=True), AttackContext(), "defend.retreat_used"),
    ],
)
def test_retreat_refused_r6_9(defender: DefenderInput, context: AttackContext, key: str) -> None:
    result = defenses(defender, context)
    assert result.retreat_refusal is not None
    assert result.retreat_refusal.key == key
    assert all(o.retreat is None for o in result.options)


def test_stunned_r7_10() -> None:
    """R7.10 worked example: stunned, Dodge 9 -> 5, no Retreat."""
    result = defenses(DefenderInput(dodge=9, stunned=True))
    assert values(result) == {"dodge": 5}


def test_reeling_halves_dodge_r7_1() -> None:
    """R7.1 worked example: Dodge 8 -> 4."""
    result = defenses(DefenderInput(dodge=8, reeling=True))
    assert values(result) == {"dodge": 4}
    assert result.options[0].modifiers[0].rule_id == "R7.1"


def test_reeling_and_tired_halve_dodge_twice_r7_1_r8_1() -> None:
    """R7.1 and R8.1: the effects are cumulative, Dodge 9 -> 5 (reeling) -> 3 (tired),
    the same number the sheet shows (Combatant.dodge)."""
    result = defenses(DefenderInput(dodge=9, reeling=True, tired=True))
    assert values(result) == {"dodge": 3}
    assert [(m.key, m.value, m.rule_id) for m in result.options[0].modifiers] == [
        ("reeling", -4, "R7.1"),
        ("tired", -2, "R8.1"),
    ]


def test_rear_attacks_r6_10() -> None:
    unaware = defenses(DefenderInput(dodge=9), AttackContext(arc=Arc.rear))
    assert unaware.options == ()
    assert unaware.no_defense is not None
    assert unaware.no_defense.rule_id == "R6.10"
    aware = defenses(DefenderInput(dodge=9), AttackContext(arc=Arc.rear, aware_of_rear=True))
    assert values(aware) == {"dodge": 7}


def test_chambara_combat_reflexes_sees_the_rear_r5_17() -> None:
    defender = DefenderInput(dodge=10, chambara=True, combat_reflexes=True)
    result = defenses(defender, AttackContext(arc=Arc.rear))
    assert values(result) == {"dodge": 8}
    assert result.options[0].modifiers[0].rule_id == "R5.17"


def test_no_defense_after_all_out_attack_r5_8() -> None:
    defender = DefenderInput(
        dodge=9, weapons=(SWORD,), maneuver=maneuver_profile(Maneuver.all_out_attack)
    )
    result = defenses(defender)
    assert result.options == ()
    assert result.no_defense is not None
    assert result.no_defense.key == "defend.after_all_out_attack"


def test_readying_missile_weapon_dodge_only_r5_5() -> None:
    defender = DefenderInput(
        dodge=9,
        weapons=(SWORD,),
        maneuver=maneuver_profile(Maneuver.ready, readying_missile_weapon=True),
    )
    result = defenses(defender)
    assert values(result) == {"dodge": 9}
    assert refusals(result)["broadsword"] == ("defend.maneuver_dodge_only", "R5.5")


def test_close_combat_r11_12() -> None:
    """R11.12: Dodge only, a judoka parries bare-handed; a grappled fighter cannot retreat."""
    judo = ParryWeapon(name="judo", parry=10, unarmed=True)
    result = defenses(
        DefenderInput(
            dodge=9, weapons=(SWORD, judo), shield=ShieldDefense(block=9), close_combat=True
        )
    )
    assert set(values(result)) == {"dodge", "judo"}
    assert refusals(result)["broadsword"] == ("defend.close_combat_dodge_only", "R11.12")
    assert refusals(result)["block"] == ("defend.close_combat_dodge_only", "R11.12")
    by_kind = {o.kind: o.retreat for o in result.options}
    assert by_kind[DefenseKind.dodge] is not None
    assert by_kind[DefenseKind.parry] is None
    grappled = defenses(DefenderInput(dodge=9, close_combat=True, grappled=True))
    assert grappled.retreat_refusal is not None
    assert grappled.retreat_refusal.rule_id == "R11.12"


def test_repeated_parries_a4() -> None:
    used = ParryWeapon(name="broadsword", parry=10, parries_used=2)
    fencing = ParryWeapon(name="rapier", parry=10, fencing=True, parries_used=1)
    result = defenses(DefenderInput(dodge=9, weapons=(used, fencing)))
    assert values(result) == {"dodge": 9, "broadsword": 2, "rapier": 8}


def test_cinematic_parry_count_r5_14_r5_24() -> None:
    spent = DefenderInput(dodge=9, weapons=(SWORD,), parries_used=3, parries_per_turn=3)
    assert refusals(defenses(spent))["broadsword"][0] == "defend.no_parries_left"
    aod = spent.model_copy(update={"maneuver": maneuver_profile(Maneuver.all_out_defense)})
    assert values(defenses(aod))["broadsword"] == 10


def test_all_out_defense_double_r5_12() -> None:
    """R5.12: after a failed parry, a different defense; two blocks a round."""
    profile = maneuver_profile(Maneuver.all_out_defense)
    defender = DefenderInput(
        dodge=9,
        weapons=(SWORD,),
        shield=ShieldDefense(block=10),
        maneuver=profile,
        already_tried=frozenset({DefenseKind.parry}),
        blocks_used=1,
    )
    result = defenses(defender)
    assert result.double_defense
    assert set(values(result)) == {"dodge", "block"}
    assert refusals(result)["broadsword"] == ("defend.already_tried", "R5.12")
    no_more = defenses(defender.model_copy(update={"blocks_used": 2}))
    assert refusals(no_more)["block"] == ("defend.no_blocks_left", "R5.12")


def test_all_out_defense_increased_dodge() -> None:
    profile = maneuver_profile(
        Maneuver.all_out_defense, all_out_defense_option=AllOutDefenseOption.increased_dodge
    )
    assert values(defenses(DefenderInput(dodge=9, maneuver=profile))) == {"dodge": 11}


def test_one_block_per_turn_a4() -> None:
    result = defenses(DefenderInput(dodge=9, shield=ShieldDefense(block=10), blocks_used=1))
    assert refusals(result)["block"] == ("defend.no_blocks_left", "A.4")


def test_feint_and_two_weapons_r5_9_r5_7() -> None:
    result = defenses(
        DefenderInput(dodge=9), AttackContext(feint_penalty=5, dual_weapon_same_target=True)
    )
    assert values(result) == {"dodge": 3}


def test_posture_lowers_defenses_b551() -> None:
    assert values(defenses(DefenderInput(dodge=9, posture=Posture.PRONE))) == {"dodge": 6}


def test_unseen_ranged_attack_cannot_be_dodged_r6_3() -> None:
    result = defenses(DefenderInput(dodge=9), AttackContext(kind=AttackKind.missile, unseen=True))
    assert refusals(result)["dodge"] == ("defend.unseen_ranged", "R6.3")


def test_find_raises_with_the_reason() -> None:
    result = defenses(DefenderInput(dodge=9, posture=Posture.STANDING), AttackContext(arc=Arc.left))
    with pytest.raises(RuleError) as info:
        result.find(DefenseKind.block)
    assert info.value.key == "defend.not_available"


def test_roll_defense_success_and_failure() -> None:
    option = defenses(DefenderInput(dodge=9)).options[0]
    made = roll_defense(option, ScriptedDice([3, 3, 3]), OPTIONS)
    assert made.success
    assert made.target == 9
    missed = roll_defense(option, ScriptedDice([4, 3, 3]), OPTIONS)
    assert not missed.success
    retreating = roll_defense(option, ScriptedDice([4, 4, 4]), OPTIONS, retreat=True)
    assert retreating.target == 12
    assert retreating.success


def test_retreat_refused_when_not_possible() -> None:
    option = defenses(DefenderInput(dodge=9, stunned=True)).options[0]
    with pytest.raises(RuleError) as info:
        roll_defense(option, ScriptedDice([3, 3, 3]), OPTIONS, retreat=True)
    assert info.value.key == "defend.retreat_not_allowed"


@given(
    st.integers(min_value=3, max_value=20),
    st.sampled_from(list(Arc)),
    st.booleans(),
    st.sampled_from(list(Posture)),
)
def test_retreat_is_always_three_or_absent(
    dodge: int, arc: Arc, stunned: bool, posture: Posture
) -> None:
    result = defenses(
        DefenderInput(dodge=dodge, stunned=stunned, posture=posture), AttackContext(arc=arc)
    )
    for option in result.options:
        assert option.retreat is None or option.retreat.value == 3
        assert option.value <= dodge + 3
