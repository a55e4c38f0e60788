"""Surprise (R2.1-R2.3, R2.6)."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.roller import ScriptedDice
from rules.surprise import (
    SideProfile,
    SurpriseKind,
    partial_surprise,
    recovery_target,
    surprise_modifiers,
    total_surprise,
)


def test_modifiers_worked_example_r2_3() -> None:
    # A: leader CR, IQ 12 -> +3. B: leader IQ 10, a follower with CR -> +1.
    a = SideProfile(side="a", leader_iq=12, leader_combat_reflexes=True)
    b = SideProfile(side="b", leader_iq=10, member_combat_reflexes=True)
    a_mods = surprise_modifiers(a, b)
    b_mods = surprise_modifiers(b, a)
    assert [(m.key, m.value) for m in a_mods] == [
        ("encounter.surprise.mod.leader_combat_reflexes", 2),
        ("encounter.surprise.mod.smarter_leader", 1),
    ]
    assert [(m.key, m.value) for m in b_mods] == [
        ("encounter.surprise.mod.member_combat_reflexes", 1)
    ]
    assert all(m.rule_id == "R2.3" for m in (*a_mods, *b_mods))


def test_combat_reflexes_bonus_is_not_cumulative() -> None:
    side = SideProfile(
        side="a", leader_iq=10, leader_combat_reflexes=True, member_combat_reflexes=True
    )
    other = SideProfile(side="b", leader_iq=10)
    assert sum(m.value for m in surprise_modifiers(side, other)) == 2


@pytest.mark.parametrize(
    ("side", "expected"),
    [
        (SideProfile(side="a", leader_iq=10, leader_tactical_skill=20), 2),
        (SideProfile(side="a", leader_iq=10, leader_tactical_skill=19), 0),
        (SideProfile(side="a"), -2),
        (SideProfile(side="a", animals=True), 0),
    ],
)
def test_tactics_and_leaderless(side: SideProfile, expected: int) -> None:
    other = SideProfile(side="b", leader_iq=10)
    assert sum(m.value for m in surprise_modifiers(side, other)) == expected


def test_leader_beats_leaderless_on_intelligence() -> None:
    mods = surprise_modifiers(SideProfile(side="a", leader_iq=8), SideProfile(side="b"))
    assert [m.key for m in mods] == ["encounter.surprise.mod.smarter_leader"]


def test_partial_surprise_rolls_with_modifiers_and_picks_loser() -> None:
    a = SideProfile(side="party", leader_iq=12, leader_combat_reflexes=True)  # +3
    b = SideProfile(side="orcs")  # -2
    outcome = partial_surprise(a, b, ScriptedDice([1, 5]))
    # 1 + 3 = 4 vs 5 - 2 = 3.
    assert outcome.winner == "party"
    assert outcome.loser == "orcs"
    assert [r.total for r in outcome.rolls] == [4, 3]
    assert outcome.rule_id == "R2.2"


def test_partial_surprise_ties_are_rerolled() -> None:
    a = SideProfile(side="a", leader_iq=10)
    b = SideProfile(side="b", leader_iq=10)
    outcome = partial_surprise(a, b, ScriptedDice([4, 4, 2, 6]))
    assert outcome.winner == "b"
    assert outcome.rolls[0].dice == (4, 2)
    assert outcome.rolls[1].dice == (4, 6)


def test_partial_surprise_needs_two_sides() -> None:
    with pytest.raises(RuleError) as caught:
        partial_surprise(SideProfile(side="a"), SideProfile(side="a"), ScriptedDice([]))
    assert caught.value.key == "encounter.surprise.same_side"


def test_total_surprise_worked_example_r2_1() -> None:
    # 1d6 = 4: nothing in rounds 1-4, IQ rolls from round 5.
    outcome = total_surprise("guards", 1, ScriptedDice([4]))
    assert outcome.paralysis_rounds == 4
    assert outcome.paralysed_through_round == 4
    assert outcome.rule_id == "R2.1"


@pytest.mark.parametrize(
    ("kind", "combat_reflexes", "attempt", "target"),
    [
        # R2.2 worked example: IQ 10 -> 10, 11, 12; with CR 16, 17, 18.
        (SurpriseKind.PARTIAL, False, 1, 10),
        (SurpriseKind.PARTIAL, False, 2, 11),
        (SurpriseKind.PARTIAL, False, 3, 12),
        (SurpriseKind.PARTIAL, True, 1, 16),
        (SurpriseKind.PARTIAL, True, 3, 18),
        # R2.1: no cumulative bonus after total surprise.
        (SurpriseKind.TOTAL, False, 3, 10),
        (SurpriseKind.TOTAL, True, 1, 16),
        # R7.11 / R2.6: plain mental stun.
        (None, True, 2, 16),
    ],
)
def test_recovery_target(
    kind: SurpriseKind | None, combat_reflexes: bool, attempt: int, target: int
) -> None:
    assert (
        recovery_target(10, combat_reflexes=combat_reflexes, kind=kind, attempt=attempt).target
        == target
    )


def test_recovery_target_r2_6_worked_example() -> None:
    # IQ 9 with Combat Reflexes, mentally stunned: recovery vs 15.
    found = recovery_target(9, combat_reflexes=True, kind=None, attempt=1)
    assert found.target == 15
    assert [m.rule_id for m in found.modifiers] == ["R2.6"]
