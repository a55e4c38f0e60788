"""Rapid fire (A.11, the Basic Set's B373-B375): the bonus for the shots fired, the hits from
the margin and the weapon's Rcl, the hits a Dodge (1 + margin) or a Parry or Block (one) stops,
and each remaining hit's own damage through the injury pipeline (A.2, R7.6)."""

from __future__ import annotations

import pytest

from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant
from rules.defense_resolution import DefenseChoice, resolve_defense
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.maneuver import DefenseKind
from rules.options import RuleOptions
from rules.rapid_fire import (
    hits_by_margin,
    hits_stopped,
    rapid_fire,
    rapid_fire_bonus,
    rate_of_fire,
    recoil,
)
from rules.roller import ScriptedDice
from rules.strike import AttackRequest

OPTIONS = RuleOptions()

GUNNER = EncounterCombatant(
    combatant_id="c1",
    side="a",
    combatant=Combatant.create(
        name="Gunner",
        weapons=[
            {
                "name": "SMG",
                "skill": 14,
                "damage": "2d pi",
                "rate_of_fire": "5",
                "shots": "30",
                "recoil": "2",
                "can_parry": False,
            }
        ],
    ),
)
# Basic Speed (11 + 11) / 4 = 5.5: Dodge 8. HP 20, no armor.
ORC = EncounterCombatant(
    combatant_id="c2",
    side="b",
    combatant=Combatant.create(name="Orc", attributes={"dx": 11, "ht": 11, "hp": 20}),
)


@pytest.mark.parametrize(
    ("shots", "bonus"),
    [
        *[(1, 0), (2, 0), (4, 0), (5, 1), (8, 1), (9, 2), (12, 2), (13, 3), (16, 3)],
        *[(17, 4), (24, 4), (25, 5), (49, 5), (50, 6), (99, 6), (100, 7), (199, 7), (200, 8)],
    ],
)
def test_the_rapid_fire_bonus_by_shots_a11(shots: int, bonus: int) -> None:
    assert rapid_fire_bonus(shots) == bonus


@pytest.mark.parametrize(
    ("margin", "rcl", "shots", "hits"),
    [
        *[(0, 2, 5, 1), (1, 2, 5, 1), (2, 2, 5, 2), (6, 2, 5, 4), (8, 2, 5, 5)],
        *[(12, 2, 5, 5), (3, 1, 10, 4), (5, 3, 10, 2), (-1, 2, 5, 1)],
    ],
)
def test_hits_are_one_plus_one_per_full_recoil_of_margin_a11(
    margin: int, rcl: int, shots: int, hits: int
) -> None:
    assert hits_by_margin(margin, rcl, shots) == hits


def test_a_dodge_stops_one_plus_its_margin_a_parry_or_block_only_one_a11() -> None:
    assert hits_stopped(DefenseKind.dodge, 0, 4) == 1
    assert hits_stopped(DefenseKind.dodge, 2, 4) == 3
    assert hits_stopped(DefenseKind.dodge, 7, 4) == 4
    assert hits_stopped(DefenseKind.block, 5, 4) == 1
    assert hits_stopped(DefenseKind.parry, 5, 4) == 1


@pytest.mark.parametrize(
    ("text", "rof"), [("3", 3), ("20!", 20), ("3x9", 3), ("1(3)", 1), ("", 1), ("-", 1)]
)
def test_the_rate_of_fire_read_from_the_weapon_table_a11(text: str, rof: int) -> None:
    assert rate_of_fire(text) == rof


def test_a_weapon_with_no_recoil_listed_counts_as_rcl_1_a11() -> None:
    assert (recoil("2"), recoil(""), recoil("-")) == (2, 1, 1)


def test_more_shots_than_the_rof_are_refused_a11() -> None:
    with pytest.raises(RuleError) as raised:
        rapid_fire(6, "5", "2", weapon="SMG")
    assert raised.value.key == "rapid_fire.too_many_shots"
    assert raised.value.params == {"weapon": "SMG", "rate": 5, "shots": 6}
    assert rapid_fire(1, "5", "2", weapon="SMG") is None


def test_a_burst_needs_a_weapon_from_the_sheet_a11() -> None:
    with pytest.raises(RuleError) as raised:
        resolve_attack(
            GUNNER,
            ORC,
            AttackRequest(skill=14, damage="2d pi", shots=3),
            ScriptedDice([3, 3, 3]),
            OPTIONS,
        )
    assert raised.value.key == "rapid_fire.needs_weapon"


def _burst(dice: list[int]):  # type: ignore[no-untyped-def]
    return resolve_attack(
        GUNNER, ORC, AttackRequest(weapon="SMG", shots=5), ScriptedDice(dice), OPTIONS
    )


def test_five_shots_get_plus_1_and_a_margin_of_6_with_rcl_2_hits_4_times_a11() -> None:
    outcome = _burst([3, 3, 3])  # 9 against 14 + 1 = 15: margin 6
    assert outcome.effective.value == 15
    assert [(m.key, m.value, m.rule_id) for m in outcome.effective.modifiers] == [
        ("rapid_fire.bonus", 1, "A.11")
    ]
    assert outcome.rapid_fire is not None
    assert (outcome.rapid_fire.shots, outcome.rapid_fire.hits) == (5, 4)
    assert outcome.pending is not None
    assert outcome.pending.strike.hits == 4
    assert outcome.defenses is not None
    assert [o.kind for o in outcome.defenses.options] == [DefenseKind.dodge]


def test_a_missed_burst_hits_nothing_a11() -> None:
    outcome = _burst([6, 6, 5])  # 17 against 15
    assert outcome.rapid_fire is not None
    assert outcome.rapid_fire.hits == 0
    assert outcome.pending is None
    assert outcome.damage is None


def test_a_dodge_made_by_1_stops_2_of_4_hits_and_2_land_each_with_its_damage_a11() -> None:
    outcome = _burst([3, 3, 3])
    assert outcome.pending is not None
    # Dodge 8: rolled 7, margin 1 -> stops 2. Then 2d pi twice: 3+4 = 7, 2+2 = 4 (torso x1).
    result = resolve_defense(
        outcome.pending,
        ORC.combatant,
        ORC.turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 2, 3, 3, 4, 2, 2]),
        options=OPTIONS,
    )
    assert result.roll is not None
    assert result.roll.success
    assert result.hits_stopped == 2
    assert not result.defended
    assert result.damage is not None
    hits = result.damage.each_hit
    assert [(h.rolled, h.injury.injury, h.injury.hp_after) for h in hits] == [
        (7, 7, 13),
        (4, 4, 9),
    ]
    assert result.damage.total_injury == 11
    victim = result.damage.victim
    assert victim.state.hp == 9
    # R7.6: the shock of both hits summed, at most -4.
    assert (victim.state.shock_injury, victim.state.shock_penalty) == (11, -4)
    assert result.target_turn.dodges_used == 1


def test_a_dodge_made_by_enough_stops_the_whole_burst_a11() -> None:
    outcome = _burst([3, 3, 3])
    assert outcome.pending is not None
    result = resolve_defense(
        outcome.pending,
        ORC.combatant,
        ORC.turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([1, 2, 2]),  # 5 against 8: margin 3 stops 4
        options=OPTIONS,
    )
    assert result.defended
    assert result.hits_stopped == 4
    assert result.damage is None


def test_no_defense_lets_every_hit_land_a11() -> None:
    outcome = _burst([3, 3, 3])
    assert outcome.pending is not None
    result = resolve_defense(
        outcome.pending,
        ORC.combatant,
        ORC.turn,
        DefenseChoice(kind=None),
        roller=ScriptedDice([1, 1, 1, 1, 1, 1, 1, 1]),
        options=OPTIONS,
    )
    assert result.damage is not None
    assert [h.injury.injury for h in result.damage.each_hit] == [2, 2, 2, 2]
    assert result.damage.victim.state.hp == 12
    assert result.hits_stopped is None


def test_a_block_made_by_4_stops_only_one_hit_of_the_burst_a11() -> None:
    shielded = ORC.model_copy(
        update={
            "combatant": Combatant.create(
                name="Orc",
                attributes={"dx": 11, "ht": 11, "hp": 20},
                shield={"skill": 12, "db": 1},
            )
        }
    )
    outcome = resolve_attack(
        GUNNER, shielded, AttackRequest(weapon="SMG", shots=5), ScriptedDice([3, 3, 3]), OPTIONS
    )
    assert outcome.pending is not None
    result = resolve_defense(
        outcome.pending,
        shielded.combatant,
        shielded.turn,
        DefenseChoice(kind=DefenseKind.block),
        roller=ScriptedDice([2, 2, 2, 1, 1, 1, 1, 1, 1]),  # 6 against Block 10; 2d three times
        options=OPTIONS,
    )
    assert result.roll is not None
    assert result.roll.target == 10
    assert result.hits_stopped == 1
    assert result.damage is not None
    assert [h.injury.injury for h in result.damage.each_hit] == [2, 2, 2]
    assert result.damage.victim.state.hp == 14
