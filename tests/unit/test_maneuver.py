"""Maneuvers and postures (R5.1-R5.13, R5.30, R11.24, B551)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.combatant import Posture
from rules.errors import RuleError
from rules.maneuver import (
    AllOutAttackOption,
    AllOutDefenseOption,
    DefenseKind,
    Maneuver,
    MovementKind,
    aim_bonus,
    change_posture,
    evaluate_bonus,
    maneuver_profile,
    movement_allowance,
    posture_modifiers,
    step_distance,
)


@pytest.mark.parametrize(
    ("move", "step"), [(0, 1), (5, 1), (9, 1), (10, 2), (12, 2), (15, 3), (19, 3)]
)
def test_step_distance_r5_30(move: int, step: int) -> None:
    assert step_distance(move) == step


def test_step_distance_rejects_negative_move() -> None:
    with pytest.raises(RuleError) as info:
        step_distance(-1)
    assert info.value.key == "maneuver.negative_move"


@pytest.mark.parametrize(
    ("maneuver", "move", "kind", "hexes", "rule"),
    [
        (Maneuver.all_out_attack, 7, MovementKind.forward, 3, "R5.8"),
        (Maneuver.all_out_attack, 3, MovementKind.forward, 2, "R5.8"),
        (Maneuver.aim, 6, MovementKind.step, 2, "R5.3"),
        (Maneuver.aim, 3, MovementKind.step, 1, "R5.3"),
        (Maneuver.move, 6, MovementKind.full, 6, "R5.13"),
        (Maneuver.attack, 12, MovementKind.step, 2, "R5.30"),
        (Maneuver.change_posture, 6, MovementKind.none, 0, "R5.2"),
    ],
)
def test_movement_allowance(
    maneuver: Maneuver, move: int, kind: MovementKind, hexes: int, rule: str
) -> None:
    movement = movement_allowance(maneuver, move)
    assert (movement.kind, movement.hexes, movement.rule_id) == (kind, hexes, rule)


@pytest.mark.parametrize(
    ("posture", "attack", "defense"),
    [
        (Posture.STANDING, 0, 0),
        (Posture.CROUCHING, -2, 0),
        (Posture.KNEELING, -2, -2),
        (Posture.SITTING, -2, -2),
        (Posture.PRONE, -4, -3),
        (Posture.LYING_FACE_UP, -4, -3),
    ],
)
def test_posture_modifiers(posture: Posture, attack: int, defense: int) -> None:
    mods = posture_modifiers(posture)
    assert (mods.attack, mods.defense) == (attack, defense)


def test_all_out_attack_removes_every_defense_r5_8() -> None:
    profile = maneuver_profile(Maneuver.all_out_attack, move=7)
    assert not profile.active_defense_allowed
    assert profile.allowed_defenses == frozenset()
    assert profile.all_out_attack_option is AllOutAttackOption.determined
    assert profile.attack_bonus == 4
    assert profile.movement.hexes == 3


@pytest.mark.parametrize(
    ("option", "bonus", "damage", "attacks"),
    [
        (AllOutAttackOption.determined, 4, 0, 1),
        (AllOutAttackOption.strong, 0, 2, 1),
        (AllOutAttackOption.double, 0, 0, 2),
        (AllOutAttackOption.feint, 0, 0, 1),
    ],
)
def test_all_out_attack_options(
    option: AllOutAttackOption, bonus: int, damage: int, attacks: int
) -> None:
    profile = maneuver_profile(Maneuver.all_out_attack, all_out_attack_option=option)
    assert (profile.attack_bonus, profile.damage_bonus, profile.attacks) == (bonus, damage, attacks)


def test_all_out_defense_double_r5_12() -> None:
    profile = maneuver_profile(Maneuver.all_out_defense)
    assert profile.double_defense
    assert profile.active_defense_allowed
    assert "R5.12" in profile.rule_ids


def test_all_out_defense_increased_dodge() -> None:
    profile = maneuver_profile(
        Maneuver.all_out_defense, all_out_defense_option=AllOutDefenseOption.increased_dodge
    )
    assert not profile.double_defense
    ((kind, modifier),) = profile.defense_bonuses
    assert (kind, modifier.value) == (DefenseKind.dodge, 2)


def test_readying_a_missile_weapon_leaves_only_dodge_r5_5() -> None:
    profile = maneuver_profile(Maneuver.ready, readying_missile_weapon=True)
    assert profile.allowed_defenses == frozenset({DefenseKind.dodge})


@pytest.mark.parametrize("maneuver", [Maneuver.feint, Maneuver.aim, Maneuver.all_out_defense])
def test_close_combat_forbids_r11_24(maneuver: Maneuver) -> None:
    with pytest.raises(RuleError) as info:
        maneuver_profile(maneuver, close_combat=True)
    assert info.value.key == "maneuver.forbidden_in_close_combat"


def test_animals_may_all_out_attack_in_close_combat_r11_24() -> None:
    profile = maneuver_profile(Maneuver.all_out_attack, close_combat=True, animal=True)
    assert profile.maneuver is Maneuver.all_out_attack


def test_option_needs_its_maneuver() -> None:
    with pytest.raises(RuleError):
        maneuver_profile(Maneuver.attack, all_out_attack_option=AllOutAttackOption.strong)


def test_lying_to_standing_takes_two_turns_r5_2() -> None:
    first = change_posture(Posture.PRONE, Posture.STANDING)
    assert (first.reached, first.turns_remaining, first.needs_maneuver) == (
        Posture.CROUCHING,
        1,
        True,
    )
    second = change_posture(first.reached, Posture.STANDING)
    assert (second.reached, second.turns_remaining, second.needs_maneuver) == (
        Posture.STANDING,
        0,
        False,
    )


def test_standing_to_crouching_is_free_r5_2() -> None:
    change = change_posture(Posture.STANDING, Posture.CROUCHING)
    assert not change.needs_maneuver


def test_kneeling_to_standing_takes_a_maneuver() -> None:
    change = change_posture(Posture.KNEELING, Posture.STANDING)
    assert change.needs_maneuver
    assert change.turns_remaining == 0


def test_same_posture_is_refused() -> None:
    with pytest.raises(RuleError):
        change_posture(Posture.KNEELING, Posture.KNEELING)


@pytest.mark.parametrize(
    ("acc", "skill", "turns", "braced", "bonus"),
    [
        (2, 12, 0, False, 0),
        (2, 12, 1, False, 2),
        (2, 12, 2, False, 3),
        (2, 12, 4, True, 6),
        (3, 12, 9, False, 6),
        (5, 2, 1, False, 2),
    ],
)
def test_aim_bonus_r5_3(acc: int, skill: int, turns: int, braced: bool, bonus: int) -> None:
    assert aim_bonus(acc, skill, turns, braced=braced) == bonus


@given(st.integers(min_value=0, max_value=50))
def test_evaluate_never_exceeds_three_r5_4(turns: int) -> None:
    assert 0 <= evaluate_bonus(turns) <= 3
