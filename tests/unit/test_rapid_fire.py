"""Rapid fire (the Basic Set's B373-B375): the bonus for the shots fired, the hits from
the margin and the weapon's Rcl, the hits a Dodge (1 + margin) or a Parry or Block (one) stops,
and each remaining hit's own damage through the injury pipeline (A.2, R7.6)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.attack import AttackKind
from rules.attack_resolution import resolve_attack
from rules.character import build_weapon
from rules.combatant import Combatant
from rules.defense_resolution import DefenseChoice, resolve_defense
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.maneuver import DefenseKind
from rules.options import RuleOptions
from rules.ranged import RangedSituation
from rules.rapid_fire import (
    MAX_SHOTS,
    PointBlank,
    check_rate_of_fire,
    hits_by_margin,
    hits_stopped,
    minimum_shots,
    parse_rate_of_fire,
    rapid_fire,
    rapid_fire_bonus,
    rate_of_fire,
    recoil,
)
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, Strike, apply_strike

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
def test_the_rapid_fire_bonus_by_shots_b373(shots: int, bonus: int) -> None:
    assert rapid_fire_bonus(shots) == bonus


@pytest.mark.parametrize(
    ("margin", "rcl", "shots", "hits"),
    [
        *[(0, 2, 5, 1), (1, 2, 5, 1), (2, 2, 5, 2), (6, 2, 5, 4), (8, 2, 5, 5)],
        *[(12, 2, 5, 5), (3, 1, 10, 4), (5, 3, 10, 2), (-1, 2, 5, 1)],
    ],
)
def test_hits_are_one_plus_one_per_full_recoil_of_margin_b373(
    margin: int, rcl: int, shots: int, hits: int
) -> None:
    assert hits_by_margin(margin, rcl, shots) == hits


def test_a_dodge_stops_one_plus_its_margin_a_parry_or_block_only_one_b373() -> None:
    assert hits_stopped(DefenseKind.dodge, 0, 4) == 1
    assert hits_stopped(DefenseKind.dodge, 2, 4) == 3
    assert hits_stopped(DefenseKind.dodge, 7, 4) == 4
    assert hits_stopped(DefenseKind.block, 5, 4) == 1
    assert hits_stopped(DefenseKind.parry, 5, 4) == 1


@pytest.mark.parametrize(
    ("text", "rof"), [("3", 3), ("20!", 20), ("3x9", 3), ("1(3)", 1), ("", 1), ("-", 1)]
)
def test_the_rate_of_fire_read_from_the_weapon_table_b373(text: str, rof: int) -> None:
    assert rate_of_fire(text) == rof


def test_a_weapon_with_no_recoil_listed_counts_as_rcl_1_b373() -> None:
    assert (recoil("2"), recoil(""), recoil("-")) == (2, 1, 1)


def test_more_shots_than_the_rof_are_refused_b373() -> None:
    with pytest.raises(RuleError) as raised:
        rapid_fire(6, "5", "2", weapon="SMG")
    assert raised.value.key == "rapid_fire.too_many_shots"
    assert raised.value.params == {"weapon": "SMG", "rate": 5, "shots": 6}
    assert rapid_fire(1, "5", "2", weapon="SMG") is None


def test_a_burst_needs_a_weapon_from_the_sheet_b373() -> None:
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


def test_five_shots_get_plus_1_and_a_margin_of_6_with_rcl_2_hits_4_times_b373() -> None:
    outcome = _burst([3, 3, 3])  # 9 against 14 + 1 = 15: margin 6
    assert outcome.effective.value == 15
    assert [(m.key, m.value, m.rule_id) for m in outcome.effective.modifiers] == [
        ("rapid_fire.bonus", 1, "B373")
    ]
    assert outcome.rapid_fire is not None
    assert (outcome.rapid_fire.shots, outcome.rapid_fire.hits) == (5, 4)
    assert outcome.pending is not None
    assert outcome.pending.strike.hits == 4
    assert outcome.defenses is not None
    assert [o.kind for o in outcome.defenses.options] == [DefenseKind.dodge]


def test_a_missed_burst_hits_nothing_b373() -> None:
    outcome = _burst([6, 6, 5])  # 17 against 15
    assert outcome.rapid_fire is not None
    assert outcome.rapid_fire.hits == 0
    assert outcome.pending is None
    assert outcome.damage is None


def test_a_dodge_made_by_1_stops_2_of_4_hits_and_2_land_each_with_its_damage_b373() -> None:
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


def test_a_dodge_made_by_enough_stops_the_whole_burst_b373() -> None:
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


def test_no_defense_lets_every_hit_land_b373() -> None:
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


def test_a_block_made_by_4_stops_only_one_hit_of_the_burst_b373() -> None:
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


# --------------------------------------------------------------------------- shotguns (B373, B409)


def _gunner_with(rof: str, *, skill: int = 12, damage: str = "1d+1 pi") -> EncounterCombatant:
    weapon = build_weapon("Gun", skill=skill, damage=damage, rate_of_fire=rof, recoil="1")
    return GUNNER.model_copy(
        update={"combatant": Combatant.create(name="Gunner", weapons=[weapon.model_dump()])}
    )


def test_a_shotgun_rof_reads_its_shots_and_projectiles_b373() -> None:
    read = parse_rate_of_fire("3x9")
    assert (read.shots, read.projectiles, read.full_auto_only, read.text) == (3, 9, False, "3x9")
    assert parse_rate_of_fire("20!").text == "20!"
    assert parse_rate_of_fire("1(3)").text == "1"


def test_a_shotguns_shots_times_projectiles_give_the_bonus_b373() -> None:
    """3 shots of 9 pellets are 27 projectiles: +5, not the +0 of 3 shots; one shot of 9
    is already a burst (+2)."""
    three = rapid_fire(3, "3x9", "1", weapon="Shotgun")
    assert three is not None
    assert (three.shots, three.projectiles, three.fired, three.bonus, three.rof) == (
        3,
        9,
        27,
        5,
        "3x9",
    )
    one = rapid_fire(1, "3x9", "1", weapon="Shotgun")
    assert one is not None
    assert (one.fired, one.bonus) == (9, 2)


def test_a_shotgun_hits_with_one_projectile_per_rcl_of_margin_each_its_own_damage_b373() -> None:
    """Skill 12 + 5 = 17, roll 9 made by 8, Rcl 1: 1 + 8 = 9 pellet hits (capped at 27, not
    at the 3 shots); with no defense each rolls its own 1d+1."""
    shooter = _gunner_with("3x9")
    outcome = resolve_attack(
        shooter, ORC, AttackRequest(weapon="Gun", shots=3), ScriptedDice([3, 3, 3]), OPTIONS
    )
    assert outcome.effective.value == 17
    assert outcome.rapid_fire is not None
    assert (outcome.rapid_fire.fired, outcome.rapid_fire.hits) == (27, 9)
    assert outcome.pending is not None
    assert outcome.pending.strike.hits == 9
    result = resolve_defense(
        outcome.pending,
        ORC.combatant,
        ORC.turn,
        DefenseChoice(kind=None),
        roller=ScriptedDice([1] * 9),
        options=OPTIONS,
    )
    assert result.damage is not None
    assert [h.injury.injury for h in result.damage.each_hit] == [2] * 9
    assert result.damage.victim.state.hp == 2


# --------------------------------------------------------------------------- full auto only (B269)


@pytest.mark.parametrize(("rate", "fewest"), [(20, 5), (3, 1), (10, 3), (4, 1), (5, 2)])
def test_full_auto_only_fires_at_least_a_quarter_of_the_rof_rounded_up_b269(
    rate: int, fewest: int
) -> None:
    assert minimum_shots(rate) == fewest


@pytest.mark.parametrize("shots", [1, 4])
def test_fewer_shots_than_a_full_auto_only_minimum_are_refused_b269(shots: int) -> None:
    with pytest.raises(RuleError) as raised:
        rapid_fire(shots, "20!", "2", weapon="SMG")
    assert raised.value.key == "rapid_fire.too_few_shots"
    assert raised.value.params == {"weapon": "SMG", "rof": "20!", "minimum": 5, "shots": shots}
    five = rapid_fire(5, "20!", "2", weapon="SMG")
    assert five is not None
    assert (five.shots, five.bonus, five.rof) == (5, 1, "20!")


def test_a_single_shot_from_a_full_auto_only_weapon_is_refused_before_any_roll_b269() -> None:
    shooter = _gunner_with("20!", skill=14, damage="2d pi")
    with pytest.raises(RuleError) as raised:
        resolve_attack(shooter, ORC, AttackRequest(weapon="Gun"), ScriptedDice([]), OPTIONS)
    assert raised.value.key == "rapid_fire.too_few_shots"


# --------------------------------------------------------------------------- limits and wording


def test_a_rof_no_attack_can_fire_is_refused_when_the_weapon_is_added_b373() -> None:
    check_rate_of_fire(str(MAX_SHOTS))
    with pytest.raises(RuleError) as raised:
        build_weapon("MG", skill=10, damage="1d pi", rate_of_fire=f"{MAX_SHOTS + 1}")
    assert raised.value.key == "rapid_fire.rof_too_high"
    assert raised.value.params == {"rof": f"{MAX_SHOTS + 1}", "maximum": MAX_SHOTS}


def test_a_weapon_of_rof_1_is_refused_in_the_singular_b373() -> None:
    with pytest.raises(RuleError) as raised:
        rapid_fire(2, "", "", weapon="Bow")
    assert raised.value.key == "rapid_fire.too_many_shots_one"
    assert raised.value.params == {"weapon": "Bow", "rate": 1, "shots": 2}


def test_rapid_fire_is_cited_by_its_basic_set_page_b373() -> None:
    burst = rapid_fire(5, "5", "2", weapon="SMG")
    assert burst is not None
    assert burst.rule_id == "B373"


# --------------------------------------------------------------------------- B409 point blank


def _shotgun() -> EncounterCombatant:
    weapon = build_weapon(
        "Shotgun", skill=12, damage="1d+1 pi", rate_of_fire="3x9", recoil="1", range="50/125"
    )
    return GUNNER.model_copy(
        update={"combatant": Combatant.create(name="Gunner", weapons=[weapon.model_dump()])}
    )


SHOT = AttackRequest(kind=AttackKind.missile, weapon="Shotgun", shots=3)


def test_a_shotgun_closer_than_a_tenth_of_half_damage_hits_once_a_shot_b409() -> None:
    """½D 50: at 4 m (under 5) the 9 pellets have not spread. 3 shots count as RoF 3, not 27:
    no bonus, skill 12 - 2 for 4 m (A.8) = 10; roll 9 made by 1, Rcl 1: 2 hits of at most 3,
    each with 1d+1 x4 = 4d+4 against DR x4 (half of 9, rounded down)."""
    outcome = resolve_attack(
        _shotgun(),
        ORC,
        SHOT.model_copy(update={"situation": RangedSituation(distance=Fraction(4))}),
        ScriptedDice([3, 3, 3]),
        OPTIONS,
    )
    assert outcome.point_blank == PointBlank(projectiles=9, factor=4)
    assert outcome.rapid_fire is not None
    burst = outcome.rapid_fire
    assert (burst.fired, burst.bonus, burst.hits, burst.point_blank) == (3, 0, 2, True)
    assert outcome.effective.value == 10
    assert outcome.strike.projectile_factor == 4
    assert outcome.strike.hits == 2


def test_at_a_tenth_of_half_damage_the_pellets_spread_as_rapid_fire_b409() -> None:
    """5 m is not less than 50/10: 3 shots are 27 projectiles again (+5), no multiplier."""
    outcome = resolve_attack(
        _shotgun(),
        ORC,
        SHOT.model_copy(update={"situation": RangedSituation(distance=Fraction(5))}),
        ScriptedDice([3, 3, 3]),
        OPTIONS,
    )
    assert outcome.point_blank is None
    assert outcome.rapid_fire is not None
    assert (outcome.rapid_fire.fired, outcome.rapid_fire.bonus) == (27, 5)
    assert outcome.strike.projectile_factor == 1


def test_one_point_blank_shot_is_no_burst_but_still_multiplied_b409() -> None:
    outcome = resolve_attack(
        _shotgun(),
        ORC,
        SHOT.model_copy(update={"shots": 1, "situation": RangedSituation(distance=Fraction(2))}),
        ScriptedDice([3, 3, 3]),
        OPTIONS,
    )
    assert outcome.rapid_fire is None
    assert outcome.point_blank == PointBlank(projectiles=9, factor=4)


def test_a_point_blank_hit_rolls_the_dice_times_the_factor_against_dr_times_it_b409() -> None:
    """1d+1 x4 = 4d+4: 1+2+3+4+4 = 14 against DR 3 x4 = 12: 2 penetrate, pi x1 on the torso."""
    armored = Combatant.create(name="Orc", attributes={"hp": 20}, dr={"uniform": 3})
    result = apply_strike(
        Strike(weapon="Shotgun", damage="1d+1 pi", st=10, projectile_factor=4),
        armored,
        ScriptedDice([1, 2, 3, 4]),
        OPTIONS,
    )
    assert result.dice == "4d+4"
    assert result.basic_damage == 14
    assert result.injury.dr.effective == 12
    assert result.injury.injury == 2
