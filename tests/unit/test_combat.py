"""The whole exchange: attack roll, defense, damage through the injury pipeline
(A.1, A.2, A.3, R5.3, R5.4, R5.8, R5.9, R5.12, R6.9, R6.10, R7.19, R7.29)."""

from __future__ import annotations

import pytest

from rules.attack import Arc, AttackKind, Hand
from rules.attack_resolution import resolve_attack
from rules.combatant import BodyPart, Combatant, HitLocation, Posture, Side, Weapon
from rules.defense import DefenseOptions
from rules.defense_resolution import DefenseChoice, DefenseOutcome, resolve_defense
from rules.encounter import Encounter, EncounterCombatant, advance_turn
from rules.errors import RuleError
from rules.maneuver import AllOutAttackOption, DefenseKind, Maneuver
from rules.maneuver_limits import ensure_own_turn
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, PendingDefense, apply_strike
from rules.turn import TurnEventKind, TurnState, settle_consciousness

OPTIONS = RuleOptions()


def fighter(combatant_id: str, name: str, **sheet: object) -> EncounterCombatant:
    return EncounterCombatant(
        combatant_id=combatant_id, side="a", combatant=Combatant.create(name=name, **sheet)
    )


KNIGHT = fighter(
    "c1",
    "Knight",
    attributes={"st": 13, "dx": 12, "ht": 12},
    weapons=[{"name": "broadsword", "skill": 14, "damage": "sw+1 cut"}],
)
ORC = fighter(
    "c2",
    "Orc",
    attributes={"st": 12, "dx": 11, "ht": 11, "hp": 14},
    weapons=[{"name": "axe", "skill": 12, "damage": "sw+2 cut"}],
    dr={"uniform": 2},
)


def test_miss_ends_the_exchange() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([6, 5, 5]), OPTIONS)
    assert not outcome.attack.hit
    assert outcome.pending is None
    assert outcome.damage is None
    assert outcome.attacker_turn.maneuver == "attack"


def test_hit_waits_for_the_defense_with_final_numbers() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.attack.hit
    assert outcome.pending is not None
    assert outcome.defenses is not None
    numbers = {(o.kind, o.weapon): (o.value, o.retreat_value) for o in outcome.defenses.options}
    # Orc: Basic Speed 5.5 -> Dodge 8; axe 12 -> Parry 9; Retreat +3 (R6.9).
    assert numbers == {(DefenseKind.dodge, None): (8, 11), (DefenseKind.parry, "axe"): (9, 12)}


def test_failed_parry_applies_exact_injury() -> None:
    """ST 13 swing is 2d-1, +1 for the sword: 2d. Rolled 5+4 = 9 cut, DR 2 -> 7 x1.5 = 10."""
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    dice = ScriptedDice([5, 5, 4, 5, 4, 3, 3, 3])
    result = resolve_defense(
        outcome.pending,
        ORC.combatant,
        ORC.turn,
        DefenseChoice(kind=DefenseKind.parry, weapon_index=0),
        roller=dice,
        options=OPTIONS,
    )
    assert result.roll is not None
    assert result.roll.target == 9
    assert not result.defended
    assert result.damage is not None
    injury = result.damage.injury
    assert (result.damage.dice, result.damage.rolled) == ("2d", 9)
    assert (injury.penetrating, injury.injury, injury.hp_after) == (7, 10, 4)
    assert injury.major_wound
    assert result.target_turn.parries_used == 1


def test_successful_dodge_stops_the_blow() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    result = resolve_defense(
        outcome.pending,
        ORC.combatant,
        ORC.turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 2, 3]),
        options=OPTIONS,
    )
    assert result.defended
    assert result.damage is None
    assert result.target_turn.dodges_used == 1


def test_retreat_adds_three_and_is_spent_r6_9() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    retreating = outcome.pending.toggled_retreat()
    assert retreating == outcome.pending.with_retreat(True)  # /defend retreat:true
    assert not retreating.with_retreat(False).retreat
    result = resolve_defense(
        retreating,
        ORC.combatant,
        ORC.turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([4, 4, 3]),
        options=OPTIONS,
    )
    assert result.roll is not None
    assert result.roll.target == 11
    assert result.defended
    assert result.target_turn.retreat_used


def test_critical_hit_goes_straight_to_damage() -> None:
    dice = ScriptedDice([1, 1, 1, 6, 6, 3, 3, 3])
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), dice, OPTIONS)
    assert outcome.attack.critical_hit
    assert outcome.pending is None
    assert outcome.damage is not None
    assert outcome.damage.injury.injury == 15


def test_no_defense_declined_applies_damage() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    result = resolve_defense(
        outcome.pending,
        ORC.combatant,
        ORC.turn,
        DefenseChoice(kind=None),
        roller=ScriptedDice([1, 1, 6, 6]),
        options=OPTIONS,
    )
    assert result.roll is None
    assert result.damage is not None
    assert result.damage.basic_damage == 2


def test_all_out_attacker_cannot_defend_r5_8() -> None:
    berserk = ORC.model_copy(update={"turn": TurnState(maneuver="all_out_attack")})
    outcome = resolve_attack(
        KNIGHT, berserk, AttackRequest(), ScriptedDice([3, 4, 4, 3, 3]), OPTIONS
    )
    assert outcome.pending is None
    assert outcome.defenses is not None
    assert outcome.defenses.no_defense is not None
    assert outcome.damage is not None


def test_unaware_rear_attack_goes_straight_to_damage_r6_10() -> None:
    outcome = resolve_attack(
        KNIGHT, ORC, AttackRequest(arc=Arc.rear), ScriptedDice([3, 4, 4, 3, 3]), OPTIONS
    )
    assert outcome.pending is None
    assert outcome.damage is not None


def test_all_out_attack_strong_adds_two_damage_r5_8() -> None:
    request = AttackRequest(
        maneuver=Maneuver.all_out_attack, all_out_option=AllOutAttackOption.strong
    )
    outcome = resolve_attack(KNIGHT, ORC, request, ScriptedDice([1, 1, 1, 1, 1]), OPTIONS)
    assert outcome.damage is not None
    assert (outcome.damage.dice, outcome.damage.basic_damage) == ("2d+2", 4)
    assert outcome.damage.injury.injury == 3
    assert outcome.attacker_turn.all_out_attack == "strong"


def test_location_penalty_and_evaluate_and_feint() -> None:
    """Skull -7 (R7.19), Evaluate +2 (R5.4) and a stored Feint of 3 on the orc (R5.9)."""
    knight = KNIGHT.model_copy(
        update={
            "turn": TurnState(
                evaluate_turns=2, evaluate_target="c2", feint_penalty=3, feint_target="c2"
            )
        }
    )
    request = AttackRequest(location=HitLocation.SKULL)
    outcome = resolve_attack(knight, ORC, request, ScriptedDice([3, 3, 3]), OPTIONS)
    assert outcome.effective.value == 9
    assert outcome.defenses is not None
    assert {o.kind: o.value for o in outcome.defenses.options}[DefenseKind.dodge] == 5
    assert outcome.attacker_turn.evaluate_turns == 0
    assert outcome.attacker_turn.feint_penalty == 0


def test_neck_miss_by_one_hits_the_torso_r7_29() -> None:
    request = AttackRequest(location=HitLocation.NECK)
    outcome = resolve_attack(KNIGHT, ORC, request, ScriptedDice([4, 3, 3]), OPTIONS)
    assert outcome.miss_by_one
    assert outcome.location_hit is HitLocation.TORSO
    assert outcome.pending is not None
    assert outcome.pending.strike.location is HitLocation.TORSO


def test_shock_from_last_turn_is_applied_r7_6() -> None:
    shaken = KNIGHT.model_copy(
        update={"combatant": KNIGHT.combatant.with_state(shock_penalty=-3, shock_injury=3, hp=10)}
    )
    outcome = resolve_attack(shaken, ORC, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS)
    assert outcome.effective.value == 11


def test_all_out_defense_gives_a_second_defense_r5_12() -> None:
    guarded = ORC.model_copy(
        update={"turn": TurnState(maneuver="all_out_defense", all_out_defense="double_defense")}
    )
    outcome = resolve_attack(KNIGHT, guarded, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    first = resolve_defense(
        outcome.pending,
        guarded.combatant,
        guarded.turn,
        DefenseChoice(kind=DefenseKind.parry, weapon_index=0),
        roller=ScriptedDice([6, 6, 4]),
        options=OPTIONS,
    )
    assert first.second_defense is not None
    assert first.damage is None
    assert first.defenses is not None
    assert {o.kind for o in first.defenses.options} == {DefenseKind.dodge}
    second = resolve_defense(
        first.second_defense,
        guarded.combatant,
        first.target_turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 2, 2]),
        options=OPTIONS,
    )
    assert second.defended


def test_defense_not_available_is_refused() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    with pytest.raises(RuleError) as info:
        resolve_defense(
            outcome.pending,
            ORC.combatant,
            ORC.turn,
            DefenseChoice(kind=DefenseKind.block),
            roller=ScriptedDice([]),
            options=OPTIONS,
        )
    assert info.value.key == "defend.not_available"


def test_attack_requires_an_attack_maneuver_and_another_target() -> None:
    with pytest.raises(RuleError):
        resolve_attack(KNIGHT, KNIGHT, AttackRequest(), ScriptedDice([]), OPTIONS)
    with pytest.raises(RuleError):
        resolve_attack(KNIGHT, ORC, AttackRequest(maneuver=Maneuver.aim), ScriptedDice([]), OPTIONS)


def test_crushing_cannot_aim_at_the_vitals() -> None:
    request = AttackRequest(damage="sw cr", skill=12, location=HitLocation.VITALS, weapon=None)
    club = fighter("c3", "Brute", attributes={"st": 14})
    with pytest.raises(RuleError) as info:
        resolve_attack(club, ORC, request, ScriptedDice([]), OPTIONS)
    assert info.value.key == "hit_location.unreachable"


@pytest.mark.parametrize(
    ("arc", "refused"),
    [
        (Arc.left, True),
        (Arc.right, True),
        (Arc.front, False),
        (Arc.rear, False),
    ],
)
def test_the_vitals_cannot_be_hit_from_the_side_r7_24(arc: Arc, refused: bool) -> None:
    """R7.24: heart and lungs only from the front, kidneys only from the rear."""
    request = AttackRequest(damage="thr+2 imp", skill=12, location=HitLocation.VITALS, arc=arc)
    spear = fighter("c3", "Spearman", attributes={"st": 12})
    if refused:
        with pytest.raises(RuleError) as info:
            resolve_attack(spear, ORC, request, ScriptedDice([]), OPTIONS)
        assert info.value.key == "hit_location.vitals_from_side"
    else:
        outcome = resolve_attack(spear, ORC, request, ScriptedDice([6, 6, 6]), OPTIONS)
        assert outcome.attack.roll.total == 18


def test_a_dropped_weapon_takes_two_readies_from_the_ground_r7_8_r5_5() -> None:
    """R7.8: knocked down, he dropped his broadsword; /attack with it is refused. R5.5: picking
    something up from the ground takes two turns: the first Ready lifts it, still unready (no
    blow, no parry); the second readies it and he strikes."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    down = KNIGHT.with_sheet(KNIGHT.combatant.with_state(dropped=frozenset({"broadsword"})))
    with pytest.raises(RuleError) as info:
        resolve_attack(down, ORC, AttackRequest(), ScriptedDice([]), OPTIONS)
    assert info.value.key == "attack.weapon_dropped"
    assert info.value.params == {"combatant": "Knight", "weapon": "broadsword"}
    ready = ManeuverRequest(maneuver=Maneuver.ready)
    first = take_maneuver(down, None, ready, ScriptedDice([]), OPTIONS)
    assert first.combatant.state.dropped == frozenset()
    assert first.readying is not None
    assert (first.readying.weapon, first.readying.picked_up, first.readying.turns_left) == (
        "broadsword",
        True,
        1,
    )
    assert (first.ready_weapon, first.ready_time) == (None, None)
    assert first.turn.unready_weapons == {"broadsword": 1}
    lifted = down.with_sheet(first.combatant).model_copy(update={"turn": first.turn})
    with pytest.raises(RuleError) as info:
        resolve_attack(lifted, ORC, AttackRequest(), ScriptedDice([]), OPTIONS)
    assert (info.value.key, info.value.params["turns"]) == ("attack.weapon_unready", 1)
    # His next turn: the second Ready.
    lifted = lifted.model_copy(update={"turn": first.turn.new_turn()})
    second = take_maneuver(lifted, None, ready, ScriptedDice([]), OPTIONS)
    assert second.readying is not None
    assert (second.readying.picked_up, second.readying.turns_left) == (False, 0)
    assert second.turn.unready_weapons == {}
    up = lifted.with_sheet(second.combatant).model_copy(update={"turn": second.turn.new_turn()})
    assert (
        resolve_attack(up, ORC, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS).attack.roll.total
        == 18
    )


def test_pending_defense_round_trips_through_json() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    again = PendingDefense.model_validate_json(outcome.pending.model_dump_json())
    assert again == outcome.pending


def test_apply_strike_thrust_from_st() -> None:
    from rules.strike import Strike

    result = apply_strike(
        Strike(weapon=None, damage="thr+1 imp", st=13), ORC.combatant, ScriptedDice([4]), OPTIONS
    )
    # ST 13 thrust 1d, +1 -> 5 imp; DR 2 -> 3 x2 = 6.
    assert (result.dice, result.basic_damage, result.injury.injury) == ("1d+1", 5, 6)


def test_a_bullet_knocks_back_r7_14() -> None:
    """R7.14: every full ST-2 of a bullet's damage knocks back 1 m, DR ignored: a sling's
    3d pi rolling 18 against ST 12 and DR 30 → 1 m and a DX roll (11; 3 succeeds)."""
    from rules.strike import Strike

    wall = fighter("c4", "Wall", attributes={"st": 12, "dx": 11}, dr={"uniform": 30}).combatant
    sling = Strike(weapon="sling", damage="3d pi", st=10, knockback_bullet=True)
    result = apply_strike(sling, wall, ScriptedDice([6, 6, 6, 1, 1, 1]), OPTIONS)
    knockback = result.injury.knockback
    assert knockback is not None
    assert knockback.metres == 1
    assert knockback.balance_roll is not None
    assert (knockback.balance_roll.target, knockback.fell) == (11, False)


def test_the_weapons_bullet_flag_reaches_the_strike_r7_14() -> None:
    """R7.14: a weapon marked as firing bullets makes its strike knock back."""
    slinger = fighter(
        "c5",
        "Slinger",
        weapons=[{"name": "sling", "skill": 14, "damage": "3d pi", "knockback_bullet": True}],
    )
    outcome = resolve_attack(
        slinger, ORC, AttackRequest(weapon="sling"), ScriptedDice([3, 3, 3]), OPTIONS
    )
    assert outcome.strike is not None
    assert outcome.strike.knockback_bullet is True


def test_aim_grows_on_the_same_target_r5_3() -> None:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    request = ManeuverRequest(maneuver=Maneuver.aim, target_id="c2")
    first = take_maneuver(KNIGHT, ORC, request, ScriptedDice([]), OPTIONS)
    assert (first.turn.aim_turns, first.turn.aim_target) == (1, "c2")
    again = KNIGHT.model_copy(update={"turn": first.turn})
    second = take_maneuver(again, ORC, request, ScriptedDice([]), OPTIONS)
    assert second.turn.aim_turns == 2
    other = take_maneuver(
        KNIGHT.model_copy(update={"turn": second.turn}),
        None,
        ManeuverRequest(maneuver=Maneuver.do_nothing),
        ScriptedDice([]),
        OPTIONS,
    )
    assert (other.turn.aim_turns, other.turn.aim_target) == (0, None)


def test_evaluate_caps_at_three_and_feeds_the_attack_r5_4() -> None:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    fighter = KNIGHT
    for _ in range(4):
        outcome = take_maneuver(
            fighter,
            ORC,
            ManeuverRequest(maneuver=Maneuver.evaluate, target_id="c2"),
            ScriptedDice([]),
            OPTIONS,
        )
        fighter = fighter.model_copy(update={"turn": outcome.turn})
    assert outcome.evaluate_bonus == 3
    attack = resolve_attack(fighter, ORC, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS)
    assert attack.effective.value == 17


def test_feint_stores_the_penalty_for_the_next_attack_r5_9() -> None:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    # Knight 14 rolls 9 (margin 5); the orc's best (axe 12) rolls 15 and fails -> -5.
    outcome = take_maneuver(
        KNIGHT,
        ORC,
        ManeuverRequest(maneuver=Maneuver.feint, target_id="c2"),
        ScriptedDice([3, 3, 3, 5, 5, 5]),
        OPTIONS,
    )
    assert outcome.feint is not None
    assert (outcome.turn.feint_penalty, outcome.turn.feint_target) == (5, "c2")
    knight = KNIGHT.model_copy(update={"turn": outcome.turn})
    attack = resolve_attack(knight, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert attack.defenses is not None
    assert {o.kind: o.value for o in attack.defenses.options}[DefenseKind.dodge] == 3


def test_a_shaken_feinter_shows_his_shock_on_its_own_r5_9_r7_6() -> None:
    """R5.9's worked example with shock: knight 14, shock -2 (R7.6) rolls against 12; 9 is a
    margin of 3 and the orc (axe 12) fails on 15: -3. The skill keeps 14 and the shock apart."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    shaken = KNIGHT.with_sheet(KNIGHT.combatant.with_state(shock_penalty=-2, shock_injury=2))
    outcome = take_maneuver(
        shaken,
        ORC,
        ManeuverRequest(maneuver=Maneuver.feint, target_id="c2"),
        ScriptedDice([3, 3, 3, 5, 5, 5]),
        OPTIONS,
    )
    assert outcome.feint is not None
    feinted = outcome.feint
    assert (feinted.base_skill, feinted.attacker_skill, feinted.penalty) == (14, 12, 3)
    assert [(m.key, m.value, m.rule_id) for m in feinted.modifiers] == [("shock", -2, "R7.6")]


def test_change_posture_from_prone_r5_2() -> None:
    from rules.combatant import Posture
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    down = ORC.model_copy(update={"combatant": ORC.combatant.with_state(posture=Posture.PRONE)})
    outcome = take_maneuver(
        down,
        None,
        ManeuverRequest(maneuver=Maneuver.change_posture, posture=Posture.STANDING),
        ScriptedDice([]),
        OPTIONS,
    )
    assert outcome.combatant.state.posture is Posture.CROUCHING
    assert outcome.posture is not None
    assert outcome.posture.turns_remaining == 1


def _get_up(
    who: EncounterCombatant, dice: ScriptedDice, *, acrobatics: bool = False
) -> EncounterCombatant:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    request = ManeuverRequest(
        maneuver=Maneuver.change_posture, posture=Posture.STANDING, acrobatics=acrobatics
    )
    outcome = take_maneuver(who, None, request, dice, OPTIONS)
    return who.model_copy(update={"combatant": outcome.combatant})


def test_a_fallen_humanoid_needs_a_second_change_posture_to_stand_r7_12_r5_2() -> None:
    """R5.2 worked example / R7.12: turn 1 → crouching, turn 2 → standing; crouching half-way
    up is not the free crouch-to-stand of R5.2."""
    down = ORC.model_copy(update={"combatant": ORC.combatant.with_state(posture=Posture.PRONE)})
    first = _get_up(down, ScriptedDice([]))
    assert first.combatant.state.posture is Posture.CROUCHING
    assert first.combatant.state.rising_turns_left == 1
    second = _get_up(first, ScriptedDice([]))
    assert second.combatant.state.posture is Posture.STANDING
    assert second.combatant.state.rising_turns_left == 0


@pytest.mark.parametrize(
    ("rise_class", "turns"),
    [("herbivore", 3), ("large_herbivore", 6), ("quadruped_carnivore", 1), ("small_creature", 1)],
)
def test_creatures_get_up_in_their_own_time_r7_12(rise_class: str, turns: int) -> None:
    """R7.12: a horse needs 3 turns, an elephant 6, a lion or a small creature 1."""
    beast = fighter("c9", "Beast", rise_class=rise_class, state={"posture": "prone"})
    taken = 0
    while beast.combatant.state.posture is not Posture.STANDING:
        beast = _get_up(beast, ScriptedDice([]))
        taken += 1
    assert taken == turns


def test_acrobatics_gets_a_warrior_up_in_one_turn_r7_12() -> None:
    """R7.12: a warrior who makes his Acrobatics roll (12; rolls 10) stands in one turn."""
    warrior = fighter("c8", "Warrior", skills={"acrobatics": 12}, state={"posture": "prone"})
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    request = ManeuverRequest(
        maneuver=Maneuver.change_posture, posture=Posture.STANDING, acrobatics=True
    )
    outcome = take_maneuver(warrior, None, request, ScriptedDice([3, 3, 4]), OPTIONS)
    assert outcome.combatant.state.posture is Posture.STANDING
    assert outcome.get_up_roll is not None
    assert (outcome.get_up_roll.target, outcome.get_up_roll.roll.total) == (12, 10)
    assert outcome.posture is not None
    assert (outcome.posture.turns_remaining, outcome.posture.rule_id) == (0, "R7.12")


def test_maneuver_refuses_attacks_and_missing_targets() -> None:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    with pytest.raises(RuleError) as info:
        take_maneuver(
            KNIGHT, ORC, ManeuverRequest(maneuver=Maneuver.attack), ScriptedDice([]), OPTIONS
        )
    assert info.value.key == "maneuver.use_attack"
    with pytest.raises(RuleError) as info:
        take_maneuver(
            KNIGHT, None, ManeuverRequest(maneuver=Maneuver.aim), ScriptedDice([]), OPTIONS
        )
    assert info.value.key == "maneuver.needs_target"


def test_all_out_defense_recorded_for_the_defense_r5_12() -> None:
    from rules.maneuver import AllOutDefenseOption
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    outcome = take_maneuver(
        ORC,
        None,
        ManeuverRequest(
            maneuver=Maneuver.all_out_defense,
            all_out_defense=AllOutDefenseOption.increased_dodge,
        ),
        ScriptedDice([]),
        OPTIONS,
    )
    guarded = ORC.model_copy(update={"turn": outcome.turn})
    attack = resolve_attack(KNIGHT, guarded, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert attack.defenses is not None
    assert {o.kind: o.value for o in attack.defenses.options}[DefenseKind.dodge] == 10


def test_parry_for_another_r6_8() -> None:
    """R6.8 worked example: Parry 10, the ally's medium shield (DB 2) -> 8; then his own -4."""
    from rules.defense_resolution import parry_for_other_options, resolve_parry_for_other

    guard = fighter(
        "c3",
        "Guard",
        attributes={"st": 12, "dx": 12, "ht": 12},
        weapons=[{"name": "spear", "skill": 14, "damage": "thr+2 imp"}],
    )
    shielded_orc = ORC.model_copy(
        update={
            "combatant": Combatant.create(
                name="Orc",
                attributes={"st": 12, "dx": 11, "ht": 11, "hp": 14},
                shield={"skill": 10, "db": 2},
            )
        }
    )
    outcome = resolve_attack(
        KNIGHT, shielded_orc, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS
    )
    assert outcome.pending is not None
    found = parry_for_other_options(
        guard.combatant, guard.turn, shielded_orc.combatant, outcome.pending, OPTIONS
    )
    assert {(o.kind, o.value) for o in found.options} == {(DefenseKind.parry, 8)}
    result = resolve_parry_for_other(
        outcome.pending,
        guard.combatant,
        guard.turn,
        shielded_orc.combatant,
        0,
        roller=ScriptedDice([2, 3, 3]),
        options=OPTIONS,
    )
    assert result.defended
    assert result.damage is None
    assert (
        result.defender_turn.parries_used,
        result.defender_turn.defending_for_others_penalty,
    ) == (
        1,
        -4,
    )
    after = resolve_attack(
        KNIGHT,
        guard.model_copy(update={"turn": result.defender_turn}),
        AttackRequest(),
        ScriptedDice([3, 4, 4]),
        OPTIONS,
    )
    assert after.defenses is not None
    # Guard: Dodge 9 - 4 = 5 (R6.8); spear Parry 10, repeated parry -4, -4 again = 2 (A.4).
    assert {o.kind: o.value for o in after.defenses.options} == {
        DefenseKind.dodge: 5,
        DefenseKind.parry: 2,
    }


def test_cinematic_parry_count_r5_14() -> None:
    from rules.defense_resolution import parries_per_turn

    assert parries_per_turn(KNIGHT.combatant, OPTIONS) is None
    assert parries_per_turn(KNIGHT.combatant, RuleOptions(cinematic_multiple_attacks=True)) == 2


def test_braced_aim_feeds_the_shot_r5_3() -> None:
    """Bow skill 12, Acc 2: two braced Aim turns give 12 + 2 + 1 + 1 = 16."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    archer = fighter(
        "c4",
        "Archer",
        weapons=[
            {
                "name": "bow",
                "skill": 12,
                "damage": "1d+2 imp",
                "accuracy": 2,
                "snap_shot": 15,
            }
        ],
    )
    request = ManeuverRequest(maneuver=Maneuver.aim, target_id="c2", braced=True)
    for _ in range(2):
        outcome = take_maneuver(archer, ORC, request, ScriptedDice([]), OPTIONS)
        archer = archer.model_copy(update={"turn": outcome.turn})
    shot = resolve_attack(
        archer, ORC, AttackRequest(kind="missile"), ScriptedDice([6, 6, 6]), OPTIONS
    )
    assert shot.effective.value == 16
    assert shot.attacker_turn.aim_turns == 0
    unaimed = resolve_attack(
        shot_fighter := archer.model_copy(update={"turn": shot.attacker_turn.new_turn()}),
        ORC,
        AttackRequest(kind="missile"),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    assert shot_fighter.turn.aim_braced is False
    assert unaimed.effective.value == 8


def test_unconscious_target_cannot_defend_r4_2() -> None:
    out = ORC.model_copy(update={"combatant": ORC.combatant.with_state(unconscious=True, hp=-2)})
    outcome = resolve_attack(KNIGHT, out, AttackRequest(), ScriptedDice([3, 4, 4, 1, 1]), OPTIONS)
    assert outcome.pending is None
    assert outcome.defenses is not None
    assert outcome.defenses.no_defense is not None
    assert outcome.defenses.no_defense.key == "defend.cannot_defend"
    assert outcome.damage is not None


def test_concentrating_defender_rolls_iq_minus_three_r5_10() -> None:
    """R5.10 worked example: IQ 13 dodges, then rolls vs 10; 11 loses concentration."""
    mage = fighter("c5", "Mage", attributes={"iq": 13, "dx": 10, "ht": 10})
    mage = mage.model_copy(update={"turn": TurnState(maneuver="concentrate")})
    outcome = resolve_attack(KNIGHT, mage, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    result = resolve_defense(
        outcome.pending,
        mage.combatant,
        mage.turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 2, 2, 4, 4, 3]),
        options=OPTIONS,
    )
    assert result.defended
    assert result.concentration is not None
    assert (result.concentration.effective_skill, result.concentration.total) == (10, 11)
    assert not result.concentration.succeeded


def test_all_out_attack_feint_then_attack_r5_8() -> None:
    """Feint 14 (rolls 9) vs the orc's axe 12 (rolls 15): -5 on the defense of this attack."""
    request = AttackRequest(
        maneuver=Maneuver.all_out_attack, all_out_option=AllOutAttackOption.feint
    )
    outcome = resolve_attack(
        KNIGHT, ORC, request, ScriptedDice([3, 3, 3, 5, 5, 5, 3, 4, 4]), OPTIONS
    )
    assert outcome.feint is not None
    assert outcome.feint.penalty == 5
    assert outcome.effective.value == 14
    assert outcome.defenses is not None
    assert {o.kind: o.value for o in outcome.defenses.options} == {
        DefenseKind.dodge: 3,
        DefenseKind.parry: 4,
    }


def test_a_masters_attacks_are_numbered_at_falling_initiative_r5_15_r5_23() -> None:
    """Katana 18 -> 3 attacks (R5.15); Basic Speed 6 -> steps 6, 5, 4 (R5.23)."""
    master = fighter(
        "c6",
        "Master",
        attributes={"dx": 12, "ht": 12},
        weapons=[{"name": "katana", "skill": 18, "damage": "sw+1 cut"}],
    )
    request = AttackRequest(chambara=True)
    seen = []
    for _ in range(3):
        outcome = resolve_attack(master, ORC, request, ScriptedDice([6, 6, 6]), OPTIONS)
        seen.append((outcome.attack_number, outcome.attacks_available, outcome.initiative_step))
        master = master.model_copy(update={"turn": outcome.attacker_turn})
    assert seen == [(1, 3, 6.0), (2, 3, 5.0), (3, 3, 4.0)]
    next_turn = master.model_copy(update={"turn": master.turn.new_turn()})
    again = resolve_attack(next_turn, ORC, request, ScriptedDice([6, 6, 6]), OPTIONS)
    assert again.attack_number == 1


def test_ordinary_fighters_have_one_attack() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS)
    assert (outcome.attack_number, outcome.attacks_available) == (1, 1)


@pytest.mark.parametrize(("faces", "target"), [([4, 4, 4], 9), ([5, 5, 5], 6)])
def test_acrobatic_dodge_r6_4(faces: list[int], target: int) -> None:
    """R6.4 worked example: Dodge 8, Acrobatics 13: 12 succeeds -> 9; 15 fails -> 6."""
    nimble = ORC.model_copy(
        update={
            "combatant": Combatant.create(
                name="Orc",
                attributes={"st": 12, "dx": 11, "ht": 11, "hp": 14},
                skills={"acrobatics": 13},
            )
        }
    )
    outcome = resolve_attack(KNIGHT, nimble, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    result = resolve_defense(
        outcome.pending,
        nimble.combatant,
        nimble.turn,
        DefenseChoice(kind=DefenseKind.dodge, acrobatic=True),
        roller=ScriptedDice([*faces, 1, 1, 1]),
        options=OPTIONS,
    )
    assert result.acrobatics is not None
    assert result.roll is not None
    assert result.roll.target == target
    assert result.defended


def test_acrobatic_dodge_needs_the_skill() -> None:
    outcome = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    with pytest.raises(RuleError) as info:
        resolve_defense(
            outcome.pending,
            ORC.combatant,
            ORC.turn,
            DefenseChoice(kind=DefenseKind.dodge, acrobatic=True),
            roller=ScriptedDice([]),
            options=OPTIONS,
        )
    assert info.value.key == "defend.no_acrobatics"


def test_moving_fire_with_a_bow_r5_13_r12_10() -> None:
    """A bow while running: -2 x 6 = -12; Move and Attack walks by default (-1 x 6 = -6).
    Bow 19, so the running shot (19 - 12 - 4 = 3) may still be tried (A.1)."""
    from rules.attack import Gait, RangedClass

    archer = fighter(
        "c7",
        "Archer",
        weapons=[{"name": "bow", "skill": 19, "damage": "1d+2 imp", "snap_shot": 10}],
    )
    running = resolve_attack(
        archer,
        ORC,
        AttackRequest(kind="missile", moving=Gait.run, ranged_class=RangedClass.bow),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    assert running.effective.value == 19 - 12 - 4
    walking = resolve_attack(
        archer,
        ORC,
        AttackRequest(
            kind="missile", maneuver=Maneuver.move_and_attack, ranged_class=RangedClass.bow
        ),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    assert walking.effective.value == 19 - 6


# ------------------------------------------------- R7.2: the exemption ends with a defense


def _lying_still_orc_after(choice: DefenseChoice, defense_dice: list[int]) -> Encounter:
    """The orc at -2 HP did nothing last turn; on the knight's turn the knight hits him
    (11 vs 14) and the orc answers with ``choice`` (the cog writes the turn state back)."""
    orc = ORC.model_copy(
        update={
            "combatant": ORC.combatant.with_state(hp=-2),
            "turn": TurnState(maneuver="do_nothing"),
        }
    )
    fight, started = advance_turn(
        Encounter(name="Ford", gm_id=1, combatants=(KNIGHT, orc)), ScriptedDice([])
    )
    assert started.current == "c1"  # the knight (Basic Speed 6) before the orc (5.5)
    outcome = resolve_attack(KNIGHT, orc, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    defended = resolve_defense(
        outcome.pending,
        orc.combatant,
        orc.turn,
        choice,
        roller=ScriptedDice(defense_dice),
        options=OPTIONS,
    )
    hurt = orc.model_copy(update={"turn": defended.target_turn})
    if defended.damage is not None:
        hurt = hurt.with_sheet(defended.damage.injury.combatant)
    return fight.replace(hurt)


def test_a_defense_ends_the_do_nothing_exemption_r7_2() -> None:
    """He defended since his last turn, so his next turn starts with the HT roll (HT 11, -0)."""
    fight = _lying_still_orc_after(DefenseChoice(kind=DefenseKind.dodge), [1, 1, 1])
    assert fight.get("c2").turn.defended_since_last_turn
    fight, result = advance_turn(fight, ScriptedDice([6, 6, 5]))
    (check,) = [e for e in result.events if e.kind is TurnEventKind.STAY_CONSCIOUS]
    assert check.combatant_id == "c2"
    assert check.roll is not None
    assert (check.roll.target, check.roll.total, check.roll.succeeded) == (11, 17, False)
    assert fight.get("c2").combatant.state.unconscious
    assert result.current == "c1"  # fainted: the round wraps to the knight


def test_declining_the_defense_keeps_the_exemption_r7_2() -> None:
    """ "No defense" is no active defense: undefended, his turn starts with no roll, and
    choosing Do Nothing this turn spares it (R7.2, the catalog's reading: this turn's choice).
    2d-1+1 = 2 cut against DR 2 does no injury, so only the choice matters here."""
    fight = _lying_still_orc_after(DefenseChoice(kind=None), [1, 1])
    assert not fight.get("c2").turn.defended_since_last_turn
    fight, result = advance_turn(fight, ScriptedDice([]))
    assert not any(e.kind is TurnEventKind.STAY_CONSCIOUS for e in result.events)
    assert result.current == "c2"
    orc = fight.get("c2")
    assert orc.combatant.state.hp == -2
    assert orc.turn.consciousness_roll_due
    still, events = settle_consciousness(orc, "do_nothing", 1, ScriptedDice([]))
    assert events == ()
    assert not still.combatant.state.unconscious


def test_undefended_but_attacking_rolls_on_choosing_r7_2() -> None:
    """The same orc chooses to attack instead: HT 11 (-0) first; 6 + 6 + 5 = 17 fails."""
    fight = _lying_still_orc_after(DefenseChoice(kind=None), [1, 1])
    fight, _ = advance_turn(fight, ScriptedDice([]))
    orc, events = settle_consciousness(fight.get("c2"), "attack", 1, ScriptedDice([6, 6, 5]))
    assert [e.kind for e in events] == [
        TurnEventKind.STAY_CONSCIOUS,
        TurnEventKind.FELL_UNCONSCIOUS,
    ]
    assert orc.combatant.state.unconscious


def test_the_defense_flag_clears_when_his_turn_starts_r7_2() -> None:
    """ "Since his last turn": the flag set by a defense lasts only until his own turn begins."""
    fight = _lying_still_orc_after(DefenseChoice(kind=DefenseKind.dodge), [1, 1, 1])
    fight, _ = advance_turn(fight, ScriptedDice([2, 2, 2]))  # HT 11: 6, stays up
    orc = fight.get("c2")
    assert not orc.combatant.state.unconscious
    assert not orc.turn.defended_since_last_turn


# ------------------------------------------------- attacks per turn (R5.7, R5.8, R5.14, R5.20)


def _after(
    attacker: EncounterCombatant, request: AttackRequest, **kwargs: bool
) -> EncounterCombatant:
    """The attacker after a missed attack (15 vs the knight's 14 and anything lower)."""
    outcome = resolve_attack(attacker, ORC, request, ScriptedDice([5, 5, 5]), OPTIONS, **kwargs)
    assert not outcome.attack.hit
    return attacker.model_copy(update={"turn": outcome.attacker_turn})


def _refused(
    attacker: EncounterCombatant, request: AttackRequest, options: RuleOptions = OPTIONS
) -> RuleError:
    """No dice are scripted: a refusal must come before anything is rolled."""
    with pytest.raises(RuleError) as caught:
        resolve_attack(attacker, ORC, request, ScriptedDice([]), options)
    assert caught.value.key == "attack.no_attacks_left"
    return caught.value


def test_no_maneuver_before_the_first_turn_of_a_running_fight_r4_4() -> None:
    """R4.1, R4.4: one maneuver per combatant per second, chosen in his turn. Round 1 starts
    with the Knight (Basic Speed 6 against the Orc's 5.5); the Orc has no turn yet, so his
    attack and his maneuvers are refused before anything is rolled. The GM may still let an
    attack through (extra-attack). Once his turn comes he attacks once, as usual."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    fight = Encounter(name="T", gm_id=1, combatants=(KNIGHT, ORC))
    fight, _ = advance_turn(fight, ScriptedDice([]))
    orc = fight.get("c2")
    assert (fight.awaits_first_turn("c1"), fight.awaits_first_turn("c2")) == (False, True)
    with pytest.raises(RuleError) as caught:
        ensure_own_turn(fight, "c2", feature="attack")
    assert (caught.value.key, caught.value.params) == (
        "attack.before_first_turn",
        {"combatant": "Orc", "current": "Knight"},
    )
    evaluate = ManeuverRequest(maneuver=Maneuver.evaluate, target_id="c1")
    with pytest.raises(RuleError) as caught:
        take_maneuver(orc, KNIGHT, evaluate, ScriptedDice([]), OPTIONS, awaits_first_turn=True)
    assert caught.value.key == "maneuver.before_first_turn"
    ensure_own_turn(fight, "c2", feature="attack", gm_allows=True)
    allowed = resolve_attack(
        orc, KNIGHT, AttackRequest(beyond_allowance=True), ScriptedDice([6, 6, 6]), OPTIONS
    )
    assert allowed.attack is not None
    fight, _ = advance_turn(fight, ScriptedDice([]))
    assert not fight.awaits_first_turn("c2")
    first = resolve_attack(
        fight.get("c2"), KNIGHT, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS
    )
    assert (first.attack_number, first.attacks_available) == (1, 1)


def test_one_attack_a_turn_then_a_refusal() -> None:
    knight = _after(KNIGHT, AttackRequest())
    error = _refused(knight, AttackRequest())
    assert error.params["combatant"] == "Knight"
    assert error.params["allowed"] == 1
    # His next turn starts a new count.
    next_turn = knight.model_copy(update={"turn": knight.turn.new_turn()})
    assert _after(next_turn, AttackRequest()).turn.attacks_used == 1


def test_two_weapons_give_one_attack_per_hand_r5_7() -> None:
    knight = _after(KNIGHT, AttackRequest(dual_weapon=Hand.main))
    knight = _after(knight, AttackRequest(dual_weapon=Hand.off))
    assert knight.turn.attacks_used == 2
    assert _refused(knight, AttackRequest(dual_weapon=Hand.off)).params["allowed"] == 2


def test_all_out_attack_double_counts_for_the_whole_turn_r5_8() -> None:
    """The second blow of All-Out Attack (double) need not repeat the option."""
    double = AttackRequest(
        maneuver=Maneuver.all_out_attack, all_out_option=AllOutAttackOption.double
    )
    knight = _after(KNIGHT, double)
    knight = _after(knight, AttackRequest())
    assert (knight.turn.maneuver, knight.turn.all_out_attack) == ("all_out_attack", "double")
    assert _refused(knight, AttackRequest()).params["allowed"] == 2


def test_cinematic_multiple_attacks_from_skill_r5_14() -> None:
    """Broadsword 14 under R5.14: floor(14/8) = 1 extra, 2 attacks."""
    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    knight = KNIGHT
    for number in (1, 2):
        outcome = resolve_attack(knight, ORC, AttackRequest(), ScriptedDice([5, 5, 5]), cinematic)
        assert (outcome.attack_number, outcome.attacks_available) == (number, 2)
        knight = knight.model_copy(update={"turn": outcome.attacker_turn})
    _refused(knight, AttackRequest(), cinematic)


def test_the_gm_may_allow_one_more() -> None:
    knight = _after(KNIGHT, AttackRequest())
    outcome = resolve_attack(
        knight, ORC, AttackRequest(beyond_allowance=True), ScriptedDice([5, 5, 5]), OPTIONS
    )
    assert (outcome.attack_number, outcome.attacks_available) == (2, 1)
    assert outcome.attacker_turn.attacks_used == 2


def test_no_refusal_before_the_turn_sequence_starts() -> None:
    knight = _after(KNIGHT, AttackRequest(), count_attacks=False)
    knight = _after(knight, AttackRequest(), count_attacks=False)
    assert knight.turn.attacks_used == 2


# ------------------------------------------------- R6.4 once a turn, R5.10 concentration kept lost

NIMBLE = ORC.model_copy(
    update={
        "combatant": Combatant.create(
            name="Orc",
            attributes={"st": 12, "dx": 11, "ht": 11, "hp": 14},
            skills={"acrobatics": 13},
        )
    }
)


def _a_hit_on(target: EncounterCombatant) -> PendingDefense:
    outcome = resolve_attack(KNIGHT, target, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    return outcome.pending


def test_one_acrobatic_dodge_a_turn_r6_4() -> None:
    """The first is tried (Acrobatics 12 succeeds, Dodge 9 on 3); a second is refused before
    any die is rolled, a plain Dodge is still open, and his next turn allows another."""
    acrobatic = DefenseChoice(kind=DefenseKind.dodge, acrobatic=True)
    first = resolve_defense(
        _a_hit_on(NIMBLE),
        NIMBLE.combatant,
        NIMBLE.turn,
        acrobatic,
        roller=ScriptedDice([4, 4, 4, 1, 1, 1]),
        options=OPTIONS,
    )
    assert first.defended
    assert first.target_turn.acrobatic_dodge_used
    with pytest.raises(RuleError) as info:
        resolve_defense(
            _a_hit_on(NIMBLE),
            NIMBLE.combatant,
            first.target_turn,
            acrobatic,
            roller=ScriptedDice([]),
            options=OPTIONS,
        )
    assert info.value.key == "defend.acrobatic_used"
    assert info.value.params["combatant"] == "Orc"
    plain = resolve_defense(
        _a_hit_on(NIMBLE),
        NIMBLE.combatant,
        first.target_turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([1, 1, 1]),
        options=OPTIONS,
    )
    assert plain.defended
    assert not first.target_turn.new_turn().acrobatic_dodge_used


def test_a_failed_acrobatics_roll_still_spends_the_turns_try_r6_4() -> None:
    failed = resolve_defense(
        _a_hit_on(NIMBLE),
        NIMBLE.combatant,
        NIMBLE.turn,
        DefenseChoice(kind=DefenseKind.dodge, acrobatic=True),
        roller=ScriptedDice([5, 5, 5, 1, 1, 1]),
        options=OPTIONS,
    )
    assert failed.acrobatics is not None
    assert not failed.acrobatics.succeeded
    assert failed.target_turn.acrobatic_dodge_used


def test_lost_concentration_is_stored_and_not_rolled_again_r5_10() -> None:
    """IQ 13 concentrating: the first defense's IQ-3 roll (11 vs 10) fails and the loss is
    stored; his next defense rolls no IQ-3 at all, and his next turn starts clean."""
    mage = fighter("c5", "Mage", attributes={"iq": 13, "dx": 10, "ht": 10})
    mage = mage.model_copy(update={"turn": TurnState(maneuver="concentrate")})
    first = resolve_defense(
        _a_hit_on(mage),
        mage.combatant,
        mage.turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 2, 2, 4, 4, 3]),
        options=OPTIONS,
    )
    assert first.concentration is not None
    assert not first.concentration.succeeded
    assert first.target_turn.concentration_lost
    assert first.target_turn.maneuver == "concentrate"
    second = resolve_defense(
        _a_hit_on(mage),
        mage.combatant,
        first.target_turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 2, 2]),
        options=OPTIONS,
    )
    assert second.concentration is None
    assert second.target_turn.concentration_lost
    assert not first.target_turn.new_turn().concentration_lost


def test_kept_concentration_is_rolled_again_at_the_next_defense_r5_10() -> None:
    mage = fighter("c5", "Mage", attributes={"iq": 13, "dx": 10, "ht": 10})
    mage = mage.model_copy(update={"turn": TurnState(maneuver="concentrate")})
    kept = resolve_defense(
        _a_hit_on(mage),
        mage.combatant,
        mage.turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 2, 2, 3, 3, 3]),
        options=OPTIONS,
    )
    assert kept.concentration is not None
    assert kept.concentration.succeeded
    assert not kept.target_turn.concentration_lost


# ------------------------------------------------- R5.18: the master's doubled Dodge

MASTER = ORC.model_copy(
    update={
        "combatant": Combatant.create(
            name="Orc",
            attributes={"st": 12, "dx": 11, "ht": 11, "hp": 14},
            skills={"acrobatics": 14},
            traits=["trained_by_a_master"],
        )
    }
)
DOUBLED = DefenseChoice(kind=DefenseKind.dodge, master_dodge=True)


def _master_defends(faces: list[int], choice: DefenseChoice = DOUBLED) -> DefenseOutcome:
    return resolve_defense(
        _a_hit_on(MASTER),
        MASTER.combatant,
        MASTER.turn,
        choice,
        roller=ScriptedDice(faces),
        options=OPTIONS,
    )


def test_master_dodge_doubles_on_the_enabling_roll_r5_18() -> None:
    """Catalog example: Dodge 8, Acrobatics 14; the roll of 11 succeeds → Dodge 16. It costs
    one attack and one parry this turn."""
    result = _master_defends([3, 4, 4, 5, 5, 5])
    assert result.master_dodge is not None
    assert (result.master_dodge.effective_skill, result.master_dodge.total) == (14, 11)
    assert result.roll is not None
    assert (result.roll.target, result.roll.roll.total) == (16, 15)
    assert result.defended
    assert (result.target_turn.parries_used, result.target_turn.attacks_used) == (1, 1)
    assert result.combatant is None


def test_master_dodge_failed_roll_dodges_normally_and_still_costs_r5_18() -> None:
    result = _master_defends([5, 5, 5, 1, 1, 2])
    assert result.master_dodge is not None
    assert not result.master_dodge.succeeded
    assert result.roll is not None
    assert result.roll.target == 8
    assert (result.target_turn.parries_used, result.target_turn.attacks_used) == (1, 1)


def test_master_dodge_critical_failure_drops_him_r5_18() -> None:
    """18 on the enabling roll: he falls (prone) and dodges at 8; 6 succeeds."""
    result = _master_defends([6, 6, 6, 2, 2, 2])
    assert result.combatant is not None
    assert result.combatant.state.posture is Posture.PRONE
    assert result.defended


def test_master_dodge_only_for_a_plain_dodge_r5_18() -> None:
    with pytest.raises(RuleError) as both:
        _master_defends(
            [], DefenseChoice(kind=DefenseKind.dodge, master_dodge=True, acrobatic=True)
        )
    assert both.value.key == "defend.master_dodge_not_acrobatic"
    armed = MASTER.model_copy(
        update={
            "combatant": MASTER.combatant.model_copy(update={"weapons": KNIGHT.combatant.weapons})
        }
    )
    with pytest.raises(RuleError) as parry:
        resolve_defense(
            _a_hit_on(armed),
            armed.combatant,
            armed.turn,
            DefenseChoice(kind=DefenseKind.parry, master_dodge=True),
            roller=ScriptedDice([]),
            options=OPTIONS,
        )
    assert parry.value.key == "defend.master_dodge_only"


def test_only_a_master_may_double_his_dodge_r5_18() -> None:
    """R5.18 is a chambara rule: the same orc without the trait is refused, rolling nothing."""
    plain = MASTER.with_sheet(MASTER.combatant.model_copy(update={"traits": frozenset()}))
    with pytest.raises(RuleError) as refused:
        resolve_defense(
            _a_hit_on(plain),
            plain.combatant,
            plain.turn,
            DOUBLED,
            roller=ScriptedDice([]),
            options=OPTIONS,
        )
    assert refused.value.key == "defend.master_dodge_not_master"
    assert refused.value.params == {"combatant": "Orc"}


BLADE_MASTER = MASTER.with_sheet(
    MASTER.combatant.model_copy(
        update={"weapons": (Weapon(name="katana", skill=15, damage="sw+1 cut"),)}
    )
)
"""Katana 15: 2 attacks and 2 parries a turn (R5.15); Dodge 8, Acrobatics 14 (R5.18)."""


def _blade_master_defends(turn: TurnState, *, turn_ahead: bool = False) -> DefenseOutcome:
    return resolve_defense(
        _a_hit_on(BLADE_MASTER),
        BLADE_MASTER.combatant,
        turn,
        DOUBLED,
        roller=ScriptedDice([3, 4, 4, 5, 5, 5]),
        options=OPTIONS,
        turn_ahead=turn_ahead,
    )


@pytest.mark.parametrize(
    ("turn", "key"),
    [
        (
            TurnState(maneuver="attack", turns_taken=1, attacks_used=2, attacks_turn=1),
            "defend.master_dodge_no_attack",
        ),
        (
            TurnState(maneuver="attack", turns_taken=1, parries_used=2),
            "defend.master_dodge_no_parry",
        ),
    ],
)
def test_a_master_cannot_double_his_dodge_with_nothing_left_r5_18(
    turn: TurnState, key: str
) -> None:
    """R5.18 costs one Attack and one Parry: after both his blows of this turn, or both his
    parries, it is refused before any die is rolled."""
    with pytest.raises(RuleError) as refused:
        resolve_defense(
            _a_hit_on(BLADE_MASTER),
            BLADE_MASTER.combatant,
            turn,
            DOUBLED,
            roller=ScriptedDice([]),
            options=OPTIONS,
        )
    assert refused.value.key == key
    assert refused.value.params == {"combatant": "Orc", "allowed": 2}


def test_a_master_doubles_with_an_attack_he_did_not_make_r5_18() -> None:
    """R5.18's worked example after one blow of two: Dodge 16; he has one attack and one parry
    fewer this turn (2 of 2 attacks, 1 of 2 parries used)."""
    turn = TurnState(maneuver="attack", turns_taken=1, attacks_used=1, attacks_turn=1)
    result = _blade_master_defends(turn)
    assert result.roll is not None
    assert (result.roll.target, result.defended) == (16, True)
    spent = result.target_turn
    assert (spent.attacks_used, spent.parries_used, spent.attacks_owed) == (2, 1, 0)
    assert not result.master_attack_ahead


def test_a_doubled_dodge_before_his_turn_costs_that_turns_attack_r5_18() -> None:
    """His turn of this round is still to come: the attack comes off it. Last round's two
    blows do not matter; the turn starts with one of its two attacks spent, the second blow
    is refused. A second doubled Dodge before it takes the other; a third is refused."""
    last_round = TurnState(maneuver="attack", turns_taken=1, attacks_used=2, attacks_turn=1)
    first = _blade_master_defends(last_round, turn_ahead=True)
    assert first.master_attack_ahead
    assert (first.target_turn.attacks_owed, first.target_turn.parries_used) == (1, 1)
    second = _blade_master_defends(first.target_turn, turn_ahead=True)
    assert second.target_turn.attacks_owed == 2
    with pytest.raises(RuleError) as refused:
        resolve_defense(
            _a_hit_on(BLADE_MASTER),
            BLADE_MASTER.combatant,
            second.target_turn.model_copy(update={"parries_used": 0}),
            DOUBLED,
            roller=ScriptedDice([]),
            options=OPTIONS,
            turn_ahead=True,
        )
    assert refused.value.key == "defend.master_dodge_no_attack"
    # One doubled Dodge ahead: the new turn has one attack left of two.
    master = BLADE_MASTER.model_copy(update={"turn": first.target_turn.new_turn()})
    assert (master.turn.attacks_used, master.turn.attacks_owed) == (1, 0)
    blow = resolve_attack(master, KNIGHT, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS)
    assert (blow.attack_number, blow.attacks_available) == (2, 2)
    master = master.model_copy(update={"turn": blow.attacker_turn})
    with pytest.raises(RuleError) as spent:
        resolve_attack(master, KNIGHT, AttackRequest(), ScriptedDice([]), OPTIONS)
    assert spent.value.key == "attack.no_attacks_left"


ARCHER = fighter(
    "c9",
    "Archer",
    attributes={"st": 11, "dx": 12, "ht": 12},
    weapons=[{"name": "bow", "skill": 13, "damage": "1d+1 imp", "accuracy": 2, "snap_shot": 15}],
)


def test_a_bow_on_the_sheet_shoots_a_missile_r5_3_r6_5() -> None:
    """R5.3 worked example: bow skill 13, TR 15, no Aim: 13 < 15 -> 13 - 4 = 9.
    A missile cannot be parried (B376) nor retreated from (R6.9): Dodge 8 only."""
    outcome = resolve_attack(
        ARCHER, ORC, AttackRequest(weapon="bow"), ScriptedDice([2, 3, 3]), OPTIONS
    )
    assert outcome.effective.value == 9
    assert [(m.key, m.value, m.rule_id) for m in outcome.effective.modifiers] == [
        ("snap_shot", -4, "R5.3")
    ]
    assert outcome.pending is not None
    assert outcome.pending.context.kind is AttackKind.missile
    assert outcome.defenses is not None
    assert [(o.kind, o.value, o.retreat_value) for o in outcome.defenses.options] == [
        (DefenseKind.dodge, 8, None)
    ]


def test_three_braced_aims_with_the_bow_r5_3() -> None:
    """R5.3 worked example: Acc 2, skill 13, three turns aiming braced: 13 + 2 + 2 + 1 = 18."""
    archer = ARCHER.model_copy(
        update={"turn": TurnState(aim_turns=3, aim_target=ORC.combatant_id, aim_braced=True)}
    )
    outcome = resolve_attack(
        archer, ORC, AttackRequest(weapon="bow"), ScriptedDice([6, 6, 5]), OPTIONS
    )
    assert outcome.effective.value == 18
    assert [(m.key, m.value) for m in outcome.effective.modifiers] == [("aim", 5)]


def test_the_dodge_offered_is_the_dodge_on_the_sheet_r7_1_r8_1() -> None:
    """HP 15 at 4 (reeling) and FP 12 at 3 (tired): base Dodge 9 is halved twice, 9 -> 5 -> 3."""
    sheet = Combatant.create(
        name="Worn",
        attributes={"st": 10, "dx": 12, "ht": 12, "hp": 15, "fp": 12},
        dodge_override=9,
    )
    worn = EncounterCombatant(combatant_id="c8", side="b", combatant=sheet.with_state(hp=4, fp=3))
    outcome = resolve_attack(KNIGHT, worn, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert worn.combatant.dodge == 3
    assert outcome.defenses is not None
    assert [(o.kind, o.value) for o in outcome.defenses.options] == [(DefenseKind.dodge, 3)]


def _knight_feinted_the_orc() -> EncounterCombatant:
    """Knight 14 rolls 9 (margin 5); the orc's best (axe 12) rolls 15 and fails -> -5."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    outcome = take_maneuver(
        KNIGHT,
        ORC,
        ManeuverRequest(maneuver=Maneuver.feint, target_id="c2"),
        ScriptedDice([3, 3, 3, 5, 5, 5]),
        OPTIONS,
    )
    assert (outcome.turn.feint_penalty, outcome.turn.feint_target) == (5, "c2")
    return KNIGHT.model_copy(update={"turn": outcome.turn})


def test_the_feint_serves_the_feinters_next_turn_r5_9() -> None:
    knight = _knight_feinted_the_orc()
    next_turn = knight.turn.new_turn()
    assert (next_turn.feint_penalty, next_turn.feint_target) == (5, "c2")
    attack = resolve_attack(
        knight.model_copy(update={"turn": next_turn}),
        ORC,
        AttackRequest(),
        ScriptedDice([3, 4, 4]),
        OPTIONS,
    )
    assert attack.defenses is not None
    assert {o.kind: o.value for o in attack.defenses.options} == {
        DefenseKind.dodge: 3,
        DefenseKind.parry: 4,
    }


def test_the_feint_expires_after_the_feinters_next_turn_r5_9() -> None:
    """Turn 1 Feint (-5), turn 2 Do Nothing, turn 3 attack: Orc Dodge 8 and Parry 9 again."""
    knight = _knight_feinted_the_orc()
    turn_2 = knight.turn.new_turn().model_copy(update={"maneuver": Maneuver.do_nothing})
    turn_3 = turn_2.new_turn()
    assert (turn_3.feint_penalty, turn_3.feint_target) == (0, None)
    attack = resolve_attack(
        knight.model_copy(update={"turn": turn_3}),
        ORC,
        AttackRequest(),
        ScriptedDice([3, 4, 4]),
        OPTIONS,
    )
    assert attack.defenses is not None
    assert {o.kind: o.value for o in attack.defenses.options} == {
        DefenseKind.dodge: 8,
        DefenseKind.parry: 9,
    }


def _shaken_knight() -> EncounterCombatant:
    return KNIGHT.with_sheet(KNIGHT.combatant.with_state(shock_penalty=-4))


def test_shock_counts_against_the_feint_r7_6_r5_9() -> None:
    """Broadsword 14 with shock -4 feints at 10: a roll of 9 wins by 1 against the orc's 15."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    outcome = take_maneuver(
        _shaken_knight(),
        ORC,
        ManeuverRequest(maneuver=Maneuver.feint, target_id="c2"),
        ScriptedDice([3, 3, 3, 5, 5, 5]),
        OPTIONS,
    )
    assert outcome.feint is not None
    assert outcome.feint.attacker_skill == 10
    assert outcome.turn.feint_penalty == 1


def test_shock_counts_against_the_all_out_attack_feint_r7_6_r5_8() -> None:
    request = AttackRequest(
        maneuver=Maneuver.all_out_attack, all_out_option=AllOutAttackOption.feint
    )
    outcome = resolve_attack(
        _shaken_knight(), ORC, request, ScriptedDice([3, 3, 3, 5, 5, 5, 3, 4, 4]), OPTIONS
    )
    assert outcome.feint is not None
    assert (outcome.feint.attacker_skill, outcome.feint.penalty) == (10, 1)
    assert outcome.effective.value == 10


def test_a_feint_on_the_victim_does_not_reach_the_ally_who_parries_r6_8_r5_9() -> None:
    """The knight's -5 Feint is on the orc; his ally parries for him at 10 - 4 = 6 (R6.8)."""
    from rules.defense_resolution import parry_for_other_options

    guard = fighter(
        "c3",
        "Guard",
        attributes={"st": 12, "dx": 12, "ht": 12},
        weapons=[{"name": "spear", "skill": 14, "damage": "thr+2 imp"}],
    )
    knight = _knight_feinted_the_orc()
    outcome = resolve_attack(knight, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    assert outcome.pending.context.feint_penalty == 5
    found = parry_for_other_options(
        guard.combatant, guard.turn, ORC.combatant, outcome.pending, OPTIONS
    )
    (parry,) = found.options
    assert parry.value == 6
    assert [(m.key, m.value) for m in parry.modifiers] == [("parry_for_other", -4)]


def _dagger_man() -> EncounterCombatant:
    """Dagger skill 12, the knife's own Parry -1 (R6.7): 3 + 6 - 1 = 8."""
    from rules.character import build_weapon

    dagger = build_weapon("dagger", skill=12, damage="thr-1 imp", reach="C", parry="-1", knife=True)
    return fighter("c6", "Cutpurse", attributes={"st": 10, "dx": 12, "ht": 10}, weapons=[dagger])


def test_parrying_with_a_dagger_is_at_minus_one_r6_7() -> None:
    target = _dagger_man()
    assert target.combatant.parry("dagger") == 8
    outcome = resolve_attack(KNIGHT, target, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.defenses is not None
    assert {o.kind: o.value for o in outcome.defenses.options}[DefenseKind.parry] == 8


def test_a_dagger_parrying_a_thrown_knife_is_at_minus_three_r6_7() -> None:
    """R6.7 ambiguity: the dagger's own -1 and the thrown knife's -2 stack: Parry 9 - 3 = 6."""
    thrower = fighter(
        "c5",
        "Thrower",
        attributes={"st": 10, "dx": 12, "ht": 10},
        weapons=[
            {"name": "knife", "skill": 13, "damage": "thr imp", "thrown": True, "knife": True}
        ],
    )
    outcome = resolve_attack(
        thrower, _dagger_man(), AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS
    )
    assert outcome.defenses is not None
    (parry,) = [o for o in outcome.defenses.options if o.kind is DefenseKind.parry]
    assert (parry.base, parry.value) == (8, 6)
    assert [(m.key, m.value, m.rule_id) for m in parry.modifiers] == [
        ("parry_small_thrown", -2, "R6.7")
    ]


def test_a_knife_cannot_parry_a_shield_bash_r6_7() -> None:
    """R6.7: weapons under 1 kg cannot parry shields; a knife built by the bot has no weight."""
    outcome = resolve_attack(
        KNIGHT, _dagger_man(), AttackRequest(shield_bash=True), ScriptedDice([3, 4, 4]), OPTIONS
    )
    assert outcome.defenses is not None
    assert [o.kind for o in outcome.defenses.options] == [DefenseKind.dodge]
    assert [(r.kind, r.key, r.rule_id) for r in outcome.defenses.refused] == [
        (DefenseKind.parry, "defend.light_weapon_vs_shield", "R6.7")
    ]


SHIELDED_ORC = ORC.with_sheet(
    Combatant.create(
        name="Orc",
        attributes={"st": 12, "dx": 11, "ht": 11, "hp": 14},
        weapons=[{"name": "axe", "skill": 12, "damage": "sw+2 cut"}],
        shield={"skill": 10, "db": 2},
    )
)


@pytest.mark.parametrize(
    ("location", "side", "skill"),
    [
        (HitLocation.ARM, Side.LEFT, 10),
        (HitLocation.ARM, Side.RIGHT, 12),
        (HitLocation.HAND, Side.LEFT, 6),
        (HitLocation.HAND, Side.RIGHT, 10),
    ],
)
def test_the_arm_holding_a_shield_is_at_minus_four_r7_19(
    location: HitLocation, side: Side, skill: int
) -> None:
    """R7.19: an arm holding a shield -4 (else -2), its hand -8 (else -4). Broadsword 14."""
    outcome = resolve_attack(
        KNIGHT,
        SHIELDED_ORC,
        AttackRequest(location=location, side=side),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    assert outcome.effective.value == skill


def test_a_paralysed_defender_defends_as_one_mentally_stunned_r2_1_r7_11() -> None:
    """Total surprise, paralysed through round 4: Dodge 8 - 4 = 4, Parry 9 - 4 = 5, no Retreat."""
    from rules.surprise import SurpriseKind

    paralysed = ORC.model_copy(
        update={"turn": TurnState(surprise=SurpriseKind.TOTAL, paralysed_through_round=4)}
    )
    outcome = resolve_attack(KNIGHT, paralysed, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.defenses is not None
    assert {o.kind: (o.value, o.retreat_value) for o in outcome.defenses.options} == {
        DefenseKind.dodge: (4, None),
        DefenseKind.parry: (5, None),
    }
    assert outcome.defenses.retreat_refusal is not None
    assert outcome.defenses.retreat_refusal.key == "defend.retreat_stunned"


TWO_SWORDS = fighter(
    "c7",
    "Duellist",
    attributes={"st": 12, "dx": 12, "ht": 12},
    weapons=[
        {"name": "sword", "skill": 14, "damage": "sw+1 cut"},
        {"name": "sword2", "skill": 14, "damage": "sw+1 cut"},
    ],
)


def test_the_repeated_parry_penalty_counts_the_same_weapon_only_a_4() -> None:
    """A.4: parries with the same weapon are at a cumulative -4 after the first. One parry
    with the right-hand sword: right sword 10 - 4 = 6, the left sword still 10."""
    first = resolve_attack(KNIGHT, TWO_SWORDS, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert first.pending is not None
    parried = resolve_defense(
        first.pending,
        TWO_SWORDS.combatant,
        TWO_SWORDS.turn,
        DefenseChoice(kind=DefenseKind.parry, weapon_index=0),
        roller=ScriptedDice([2, 3, 3]),
        options=OPTIONS,
    )
    assert parried.defended
    assert parried.target_turn.parries_used == 1
    assert parried.target_turn.weapon_parries == {"sword": 1}
    duellist = TWO_SWORDS.model_copy(update={"turn": parried.target_turn})
    second = resolve_attack(KNIGHT, duellist, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert second.defenses is not None
    parries = {o.weapon: o.value for o in second.defenses.options if o.kind is DefenseKind.parry}
    assert parries == {"sword": 6, "sword2": 10}


KATANA_MASTER = fighter(
    "c4",
    "Master",
    attributes={"st": 12, "dx": 14, "ht": 12},
    weapons=[
        {"name": "katana", "skill": 18, "damage": "sw+1 cut"},
        {"name": "wakizashi", "skill": 18, "damage": "sw cut"},
    ],
)


@pytest.mark.parametrize(
    ("option", "skill", "damage_bonus"),
    [(AllOutAttackOption.strong, 18, 2), (AllOutAttackOption.determined, 22, 0)],
)
def test_the_all_out_attack_bonus_covers_the_whole_series_r5_20(
    option: AllOutAttackOption, skill: int, damage_bonus: int
) -> None:
    """Katana 18, a master's 3 attacks (R5.15): the other All-Out Attack bonus, +2 damage or
    +4 to hit, applies to every blow of the series, the later ones sent as plain attacks."""
    first = resolve_attack(
        KATANA_MASTER,
        ORC,
        AttackRequest(chambara=True, maneuver=Maneuver.all_out_attack, all_out_option=option),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    master = KATANA_MASTER.model_copy(update={"turn": first.attacker_turn})
    for number in (2, 3):
        blow = resolve_attack(
            master, ORC, AttackRequest(chambara=True), ScriptedDice([6, 6, 6]), OPTIONS
        )
        assert blow.attack_number == number
        assert (blow.effective.value, blow.strike.damage_bonus) == (skill, damage_bonus)
        assert blow.attacker_turn.all_out_attack == option.value
        master = master.model_copy(update={"turn": blow.attacker_turn})


@pytest.mark.parametrize(
    ("first", "later"),
    [
        (
            AttackRequest(chambara=True),
            AttackRequest(
                chambara=True,
                maneuver=Maneuver.all_out_attack,
                all_out_option=AllOutAttackOption.determined,
            ),
        ),
        (
            AttackRequest(
                chambara=True,
                maneuver=Maneuver.all_out_attack,
                all_out_option=AllOutAttackOption.determined,
            ),
            AttackRequest(
                chambara=True,
                maneuver=Maneuver.all_out_attack,
                all_out_option=AllOutAttackOption.strong,
            ),
        ),
        (
            AttackRequest(
                chambara=True,
                maneuver=Maneuver.all_out_attack,
                all_out_option=AllOutAttackOption.strong,
            ),
            AttackRequest(chambara=True, maneuver=Maneuver.move_and_attack),
        ),
    ],
)
def test_a_later_attack_of_the_series_cannot_change_the_maneuver_r4_4_r5_20(
    first: AttackRequest, later: AttackRequest
) -> None:
    """R4.4: one maneuver a turn; R5.20: the chosen All-Out Attack bonus applies to the whole
    series. Katana 18, a master's 3 attacks (R5.15): once the first blow chose its maneuver,
    a second naming another one (or another All-Out Attack option) is refused before any
    roll, and the turn keeps what the first chose."""
    opened = resolve_attack(KATANA_MASTER, ORC, first, ScriptedDice([6, 6, 6]), OPTIONS)
    master = KATANA_MASTER.model_copy(update={"turn": opened.attacker_turn})
    with pytest.raises(RuleError) as caught:
        resolve_attack(master, ORC, later, ScriptedDice([]), OPTIONS)
    assert (caught.value.key, caught.value.params) == (
        "attack.series_maneuver",
        {"combatant": "Master"},
    )


def test_a_plain_attack_goes_on_with_the_series_move_and_attack_r4_4() -> None:
    """R4.4: the second blow of a Move and Attack series, sent as a plain attack, is still a
    Move and Attack: Katana 18 - 5 = 13 (the blow on the move, R5.6) and the turn's
    maneuver; the same maneuver typed again is accepted."""
    moving = AttackRequest(chambara=True, maneuver=Maneuver.move_and_attack)
    opened = resolve_attack(KATANA_MASTER, ORC, moving, ScriptedDice([6, 6, 6]), OPTIONS)
    master = KATANA_MASTER.model_copy(update={"turn": opened.attacker_turn})
    plain = resolve_attack(
        master, ORC, AttackRequest(chambara=True), ScriptedDice([6, 6, 6]), OPTIONS
    )
    assert (opened.effective.value, plain.attack_number, plain.effective.value) == (13, 2, 13)
    assert plain.attacker_turn.maneuver == "move_and_attack"
    master = master.model_copy(update={"turn": plain.attacker_turn})
    again = resolve_attack(master, ORC, moving, ScriptedDice([6, 6, 6]), OPTIONS)
    assert (again.attack_number, again.effective.value) == (3, 13)


def test_the_off_hand_blow_of_an_all_out_double_keeps_only_its_own_minus_four_r5_7() -> None:
    """Two swords 14, All-Out Attack (double): the main blow at 14, the off-hand blow (sent as
    a plain attack) at 14 - 4 = 10: no dual-weapon -4 (R5.7's catalog reading)."""
    main = resolve_attack(
        TWO_SWORDS,
        ORC,
        AttackRequest(
            weapon="sword",
            dual_weapon=Hand.main,
            maneuver=Maneuver.all_out_attack,
            all_out_option=AllOutAttackOption.double,
        ),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    assert main.effective.value == 14
    duellist = TWO_SWORDS.model_copy(update={"turn": main.attacker_turn})
    off = resolve_attack(
        duellist,
        ORC,
        AttackRequest(weapon="sword2", dual_weapon=Hand.off),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    assert off.attack_number == 2
    assert off.effective.value == 10
    assert [(m.key, m.value, m.rule_id) for m in off.effective.modifiers] == [
        ("off_hand", -4, "R5.7")
    ]


def test_the_masters_second_weapon_adds_one_attack_at_minus_four_r5_27() -> None:
    """R5.27 worked example: a master with 3 attacks (katana 18, R5.15) wielding two weapons
    has 4: three at normal skill and one at -4 (the last of the series)."""
    master = KATANA_MASTER
    skills = []
    for number, hand in enumerate((Hand.main, Hand.off, Hand.main, Hand.off), start=1):
        blow = resolve_attack(
            master,
            ORC,
            AttackRequest(chambara=True, dual_weapon=hand),
            ScriptedDice([6, 6, 6]),
            OPTIONS,
        )
        assert (blow.attack_number, blow.attacks_available) == (number, 4)
        skills.append(blow.effective.value)
        master = master.model_copy(update={"turn": blow.attacker_turn})
    assert skills == [18, 18, 18, 14]
    assert [(m.key, m.value, m.rule_id) for m in blow.effective.modifiers] == [
        ("chambara_extra_attack", -4, "R5.27")
    ]


def test_all_out_defense_three_attacks_sequence_r5_12() -> None:
    """R5.12 worked example, three attacks in one round on an orc under All-Out Defense
    (double) with axe (Parry 9) and shield (Block 8, DB 2): 1) Parry fails -> Block succeeds;
    2) Parry (repeated, -4, A.4) fails -> Block succeeds; 3) no Parries or Blocks left ->
    Dodge, once only: it fails and the blow lands."""
    orc = SHIELDED_ORC.model_copy(
        update={"turn": TurnState(maneuver="all_out_defense", all_out_defense="double_defense")}
    )
    turn = orc.turn

    def numbers(options: object) -> dict[DefenseKind, int]:
        assert isinstance(options, DefenseOptions)
        return {o.kind: o.value for o in options.options}

    for attack_dice, first_value in (([3, 4, 4], 11), ([3, 4, 4], 7)):
        hit = resolve_attack(
            KNIGHT,
            orc.model_copy(update={"turn": turn}),
            AttackRequest(),
            ScriptedDice(attack_dice),
            OPTIONS,
        )
        assert hit.pending is not None
        assert numbers(hit.defenses)[DefenseKind.parry] == first_value
        parried = resolve_defense(
            hit.pending,
            orc.combatant,
            turn,
            DefenseChoice(kind=DefenseKind.parry, weapon_index=0),
            roller=ScriptedDice([6, 6, 6]),
            options=OPTIONS,
        )
        assert parried.second_defense is not None
        assert numbers(parried.defenses) == {DefenseKind.dodge: 10, DefenseKind.block: 10}
        blocked = resolve_defense(
            parried.second_defense,
            orc.combatant,
            parried.target_turn,
            DefenseChoice(kind=DefenseKind.block),
            roller=ScriptedDice([2, 2, 2]),
            options=OPTIONS,
        )
        assert blocked.defended
        turn = blocked.target_turn
    assert (turn.parries_used, turn.blocks_used) == (2, 2)
    third = resolve_attack(
        KNIGHT,
        orc.model_copy(update={"turn": turn}),
        AttackRequest(),
        ScriptedDice([3, 4, 4]),
        OPTIONS,
    )
    assert third.defenses is not None
    assert numbers(third.defenses) == {DefenseKind.dodge: 10}
    assert {(r.kind, r.key, r.rule_id) for r in third.defenses.refused} == {
        (DefenseKind.parry, "defend.no_parries_left", "R5.12"),
        (DefenseKind.block, "defend.no_blocks_left", "R5.12"),
    }
    assert third.pending is not None
    dodged = resolve_defense(
        third.pending,
        orc.combatant,
        turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([6, 6, 5, 1, 1]),
        options=OPTIONS,
    )
    assert not dodged.defended
    assert dodged.second_defense is None
    assert dodged.damage is not None


@pytest.mark.parametrize(("faces", "target"), [([4, 4, 4], 10), ([5, 5, 5], 7)])
def test_acrobatic_dodge_catalog_numbers_r6_4(faces: list[int], target: int) -> None:
    """R6.4 worked example: Dodge 9, Acrobatics 13: 12 succeeds -> 10; 15 fails -> 7."""
    nimble = ORC.with_sheet(
        Combatant.create(
            name="Orc",
            attributes={"st": 12, "dx": 11, "ht": 11, "hp": 14},
            skills={"acrobatics": 13},
            dodge_override=9,
        )
    )
    outcome = resolve_attack(KNIGHT, nimble, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    result = resolve_defense(
        outcome.pending,
        nimble.combatant,
        nimble.turn,
        DefenseChoice(kind=DefenseKind.dodge, acrobatic=True),
        roller=ScriptedDice([*faces, 1, 1, 1]),
        options=OPTIONS,
    )
    assert result.acrobatics is not None
    assert result.acrobatics.total == sum(faces)
    assert result.roll is not None
    assert result.roll.target == target


def test_all_out_attack_lasts_until_the_attackers_next_turn_r4_4() -> None:
    """R4.4 worked example: the orc's All-Out Attack leaves it no defense through the
    knight's turn; the flag is cleared only when the orc's own next turn starts."""
    fight, started = advance_turn(
        Encounter(name="Ford", gm_id=1, combatants=(KNIGHT, ORC)), ScriptedDice([])
    )
    assert started.current == "c1"
    fight, started = advance_turn(fight, ScriptedDice([]))
    assert started.current == "c2"
    orc_attack = resolve_attack(
        fight.get("c2"),
        fight.get("c1"),
        AttackRequest(maneuver=Maneuver.all_out_attack),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    fight = fight.replace(fight.get("c2").model_copy(update={"turn": orc_attack.attacker_turn}))
    fight, started = advance_turn(fight, ScriptedDice([]))
    assert (started.current, fight.sequence.round) == ("c1", 2)
    assert fight.get("c2").turn.all_out_attack == "determined"
    blow = resolve_attack(
        fight.get("c1"), fight.get("c2"), AttackRequest(), ScriptedDice([3, 4, 4, 1, 1]), OPTIONS
    )
    assert blow.defenses is not None
    assert blow.defenses.options == ()
    assert blow.defenses.no_defense is not None
    assert blow.defenses.no_defense.rule_id == "R5.8"
    fight, started = advance_turn(fight, ScriptedDice([]))
    assert started.current == "c2"
    orc = fight.get("c2")
    assert (orc.turn.maneuver, orc.turn.all_out_attack) == (None, None)
    later = resolve_attack(fight.get("c1"), orc, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert later.defenses is not None
    assert {o.kind: o.value for o in later.defenses.options} == {
        DefenseKind.dodge: 8,
        DefenseKind.parry: 9,
    }


def test_no_dodge_against_an_unseen_ranged_attack_r6_3() -> None:
    """R6.3 worked example: a sniper shoots from behind the character -> no Dodge offered."""
    outcome = resolve_attack(
        ARCHER,
        KNIGHT,
        AttackRequest(weapon="bow", arc=Arc.rear, aware_of_rear=True, unseen=True),
        ScriptedDice([2, 3, 3, 1]),
        OPTIONS,
    )
    assert outcome.pending is None
    assert outcome.defenses is not None
    assert outcome.defenses.options == ()
    assert (DefenseKind.dodge, "defend.unseen_ranged", "R6.3") in {
        (r.kind, r.key, r.rule_id) for r in outcome.defenses.refused
    }
    assert outcome.damage is not None


def test_a_grappled_knight_dodges_without_retreat_in_close_combat_r11_12() -> None:
    """R11.12 worked example through the exchange: grappled knight, Dodge only, no Retreat."""
    from rules.encounter import Condition, set_condition

    grappled = set_condition(KNIGHT, Condition.GRAPPLED, True)
    assert grappled.turn.grappled
    outcome = resolve_attack(
        ORC, grappled, AttackRequest(close_combat=True), ScriptedDice([3, 3, 3]), OPTIONS
    )
    assert outcome.defenses is not None
    assert [(o.kind, o.value, o.retreat_value) for o in outcome.defenses.options] == [
        (DefenseKind.dodge, 9, None)
    ]
    assert outcome.defenses.retreat_refusal is not None
    assert (outcome.defenses.retreat_refusal.key, outcome.defenses.retreat_refusal.rule_id) == (
        "defend.retreat_grappled",
        "R11.12",
    )
    free = resolve_attack(
        ORC, KNIGHT, AttackRequest(close_combat=True), ScriptedDice([3, 3, 3]), OPTIONS
    )
    assert free.defenses is not None
    assert [(o.kind, o.value, o.retreat_value) for o in free.defenses.options] == [
        (DefenseKind.dodge, 9, 12)
    ]


def _master_on_the_sheet(skill: int, *traits: str) -> EncounterCombatant:
    return fighter(
        "c3",
        "Sensei",
        attributes={"st": 11, "dx": 14, "ht": 12, "basic_speed": 6.0},
        weapons=[{"name": "katana", "skill": skill, "damage": "sw+1 cut"}],
        traits=["trained_by_a_master", *traits],
    )


def test_a_master_with_combat_reflexes_defends_a_rear_attack_as_from_the_side_r5_17() -> None:
    """R5.17 worked example: a master with Combat Reflexes attacked from behind, unaware,
    Dodges at Dodge - 2 (Basic Speed 6 + 3 + 1 CR = 10 -> 8) instead of having no defense."""
    sensei = _master_on_the_sheet(18, "combat_reflexes")
    outcome = resolve_attack(
        KNIGHT, sensei, AttackRequest(arc=Arc.rear), ScriptedDice([3, 4, 4]), OPTIONS
    )
    assert outcome.defenses is not None
    dodge = outcome.defenses.find(DefenseKind.dodge)
    assert dodge.value == 8
    assert [(m.key, m.value, m.rule_id) for m in dodge.modifiers] == [("side", -2, "R5.17")]


def test_a_masters_parries_match_his_attacks_r5_15() -> None:
    """Cinematic multiple attacks, skill 21: R5.14 gives 2 extra, R5.15 gives 3; the master
    gets the better on both sides: 4 attacks and 4 parries (one extra Parry with each)."""
    from rules.defense_resolution import parries_per_turn

    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    sensei = _master_on_the_sheet(21)
    blow = resolve_attack(sensei, ORC, AttackRequest(), ScriptedDice([6, 6, 6]), cinematic)
    assert blow.attacks_available == 4
    assert parries_per_turn(sensei.combatant, cinematic) == 4
    tired = sensei.model_copy(update={"turn": TurnState(parries_used=3)})
    outcome = resolve_attack(KNIGHT, tired, AttackRequest(), ScriptedDice([3, 4, 4]), cinematic)
    assert outcome.defenses is not None
    # Parry 3 + 10 = 13; no repeated-parry penalty under an allowance (R5.14).
    assert outcome.defenses.find(DefenseKind.parry).value == 13


def test_a_wolf_dodges_at_half_its_dx_r6_1() -> None:
    """R6.1 worked example: wolf, Move 10, DX 14 -> Dodge 7 (not the human formula's 9)."""
    wolf = fighter(
        "c9",
        "Wolf",
        attributes={"st": 8, "dx": 14, "ht": 12, "basic_move": 10},
        rise_class="quadruped_carnivore",
    )
    outcome = resolve_attack(KNIGHT, wolf, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.defenses is not None
    assert [(o.kind, o.value) for o in outcome.defenses.options] == [(DefenseKind.dodge, 7)]


def test_a_wolf_dodges_like_anyone_under_the_basic_set_reading_r6_1() -> None:
    """R6.1 with ``animal_dodge_basic_set`` (Basic Set B17): the same wolf dodges at
    floor(Basic Speed 6.5) + 3 = 9; Light encumbrance takes 1 off (A.4), as for anyone."""
    wolf = fighter(
        "c9",
        "Wolf",
        attributes={"st": 8, "dx": 14, "ht": 12, "basic_move": 10},
        rise_class="quadruped_carnivore",
    )
    basic_set = RuleOptions(animal_dodge_basic_set=True)
    outcome = resolve_attack(KNIGHT, wolf, AttackRequest(), ScriptedDice([3, 4, 4]), basic_set)
    assert outcome.defenses is not None
    assert [(o.kind, o.value) for o in outcome.defenses.options] == [(DefenseKind.dodge, 9)]
    laden = wolf.with_sheet(wolf.combatant.model_copy(update={"encumbrance_level": 1}))
    assert (laden.combatant.dodge_under(basic_set), laden.combatant.dodge) == (8, 7)


def test_feint_with_a_spare_attack_r5_21() -> None:
    """R5.21: broadsword 16 under R5.14 gives 3 attacks and 3 parries. Feinting with one
    (16 rolls 9, margin 7; the orc's axe 12 rolls 15) leaves 2 attacks, 3 parries, the turn
    still an Attack, and the orc defends the next blow at -7 (Dodge 8 → 1)."""
    from rules.defense_resolution import parries_per_turn
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    sheet = KNIGHT.combatant.model_copy(
        update={"weapons": (KNIGHT.combatant.weapons[0].model_copy(update={"skill": 16}),)}
    )
    knight = KNIGHT.with_sheet(sheet)
    request = ManeuverRequest(maneuver=Maneuver.feint, target_id="c2", spare_attack=True)
    outcome = take_maneuver(knight, ORC, request, ScriptedDice([3, 3, 3, 5, 5, 5]), cinematic)
    assert outcome.spare is not None
    assert (outcome.spare.attacks_left, outcome.spare.parries_left) == (2, 3)
    assert outcome.profile.maneuver is Maneuver.attack
    turn = outcome.turn
    assert (turn.maneuver, turn.attacks_used, turn.parries_used) == ("attack", 1, 0)
    assert (turn.feint_penalty, turn.feint_target) == (7, "c2")
    assert parries_per_turn(sheet, cinematic) == 3
    knight = knight.model_copy(update={"turn": turn})
    blow = resolve_attack(knight, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), cinematic)
    assert (blow.attack_number, blow.attacks_available) == (2, 3)
    assert blow.defenses is not None
    assert {o.kind: o.value for o in blow.defenses.options}[DefenseKind.dodge] == 1
    knight = knight.model_copy(update={"turn": blow.attacker_turn})
    with pytest.raises(RuleError) as caught:
        take_maneuver(knight, ORC, request, ScriptedDice([]), cinematic)
    assert caught.value.key == "attack.spare_no_attack"


def test_only_a_feint_takes_a_spare_attack_r5_21() -> None:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    request = ManeuverRequest(maneuver=Maneuver.aim, target_id="c2", spare_attack=True)
    with pytest.raises(RuleError) as caught:
        take_maneuver(KNIGHT, ORC, request, ScriptedDice([]), OPTIONS)
    assert caught.value.key == "maneuver.spare_wrong_maneuver"


def test_readying_with_a_spare_attack_r5_25() -> None:
    """R5.25: broadsword 14 under R5.14 gives 2 attacks and 2 parries. He attacks, then
    readies the weapon with the other attack: 0 attacks and 1 parry left, the turn still an
    Attack, and a third blow is refused."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    blow = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([5, 5, 5]), cinematic)
    knight = KNIGHT.model_copy(update={"turn": blow.attacker_turn})
    request = ManeuverRequest(maneuver=Maneuver.ready, spare_attack=True)
    outcome = take_maneuver(knight, None, request, ScriptedDice([]), cinematic)
    assert outcome.spare is not None
    assert (outcome.spare.attacks_left, outcome.spare.parries_left) == (0, 1)
    assert outcome.feint is None
    turn = outcome.turn
    assert (turn.maneuver, turn.attacks_used, turn.parries_used) == ("attack", 2, 1)
    _refused(knight.model_copy(update={"turn": turn}), AttackRequest(), cinematic)


def _in_his_turn(combatant: EncounterCombatant) -> EncounterCombatant:
    """The combatant once his first turn has started (the turn sequence counts it)."""
    return combatant.model_copy(update={"turn": combatant.turn.new_turn()})


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (Maneuver.aim, Maneuver.aim),
        (Maneuver.evaluate, Maneuver.evaluate),
        (Maneuver.aim, Maneuver.do_nothing),
    ],
)
def test_one_maneuver_a_turn_r4_4(first: Maneuver, second: Maneuver) -> None:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    knight = _in_his_turn(KNIGHT)
    taken = take_maneuver(
        knight, ORC, ManeuverRequest(maneuver=first, target_id="c2"), ScriptedDice([]), OPTIONS
    )
    knight = knight.model_copy(update={"turn": taken.turn})
    with pytest.raises(RuleError) as caught:
        take_maneuver(
            knight, ORC, ManeuverRequest(maneuver=second, target_id="c2"), ScriptedDice([]), OPTIONS
        )
    assert caught.value.key == "maneuver.already_chosen"
    # The next turn may choose again, and an Aim kept on the same target grows (R5.3).
    again = knight.model_copy(update={"turn": knight.turn.new_turn()})
    outcome = take_maneuver(
        again, ORC, ManeuverRequest(maneuver=first, target_id="c2"), ScriptedDice([]), OPTIONS
    )
    assert outcome.turn.maneuver == first.value


def test_a_feint_and_its_attack_are_two_turns_r4_4_r5_9() -> None:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    knight = _in_his_turn(KNIGHT)
    feinted = take_maneuver(
        knight,
        ORC,
        ManeuverRequest(maneuver=Maneuver.feint, target_id="c2"),
        ScriptedDice([3, 3, 3, 5, 5, 5]),
        OPTIONS,
    )
    knight = knight.model_copy(update={"turn": feinted.turn})
    with pytest.raises(RuleError) as caught:
        resolve_attack(knight, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert caught.value.key == "maneuver.already_chosen"
    # On his next turn the Feint's -5 reaches the orc's Dodge (8 - 5).
    knight = knight.model_copy(update={"turn": knight.turn.new_turn()})
    attack = resolve_attack(knight, ORC, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert attack.defenses is not None
    assert {o.kind: o.value for o in attack.defenses.options}[DefenseKind.dodge] == 3


def test_an_attack_leaves_no_other_maneuver_but_a_wait_may_attack_r4_4_r5_11() -> None:
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    knight = _in_his_turn(KNIGHT)
    struck = resolve_attack(knight, ORC, AttackRequest(), ScriptedDice([6, 6, 5]), OPTIONS)
    knight = knight.model_copy(update={"turn": struck.attacker_turn})
    with pytest.raises(RuleError) as caught:
        take_maneuver(
            knight, None, ManeuverRequest(maneuver=Maneuver.do_nothing), ScriptedDice([]), OPTIONS
        )
    assert caught.value.key == "maneuver.already_chosen"
    waiting = _in_his_turn(KNIGHT)
    waited = take_maneuver(
        waiting, None, ManeuverRequest(maneuver=Maneuver.wait), ScriptedDice([]), OPTIONS
    )
    waiting = waiting.model_copy(update={"turn": waited.turn})
    triggered = resolve_attack(waiting, ORC, AttackRequest(), ScriptedDice([6, 6, 5]), OPTIONS)
    assert triggered.attacker_turn.maneuver == Maneuver.attack.value


def test_a_masters_evade_through_a_move_r5_19() -> None:
    """R5.19 through /maneuver: a master with DX 12 and Acrobatics 14 Moves past the standing
    orc, entering from the front: Acrobatics 14 rolls 9 → +5, so DX 12 - 5 + 5 = 12 rolls 10;
    the orc's DX 11 rolls 12 and fails: he gets past (R11.23)."""
    from rules.attack import EvadeEntry
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    master = fighter(
        "c3",
        "Sensei",
        attributes={"st": 11, "dx": 12, "ht": 12},
        skills={"acrobatics": 14},
        traits=["trained_by_a_master"],
    )
    request = ManeuverRequest(maneuver=Maneuver.move, target_id="c2", evade=EvadeEntry.front)
    outcome = take_maneuver(
        master, ORC, request, ScriptedDice([3, 3, 3, 3, 3, 4, 4, 4, 4]), OPTIONS
    )
    assert outcome.evade is not None
    assert outcome.evade.enabling is not None
    assert outcome.evade.enabling.effective_skill == 14
    assert (outcome.evade.effective, outcome.evade.evaded) == (12, True)
    plain = take_maneuver(KNIGHT, ORC, request, ScriptedDice([3, 3, 4, 4, 4, 4]), OPTIONS)
    assert plain.evade is not None
    assert plain.evade.enabling is None
    assert (plain.evade.effective, plain.evade.evaded) == (7, False)


@pytest.mark.parametrize(
    ("maneuver", "grappled", "target", "key"),
    [
        (Maneuver.do_nothing, False, True, "maneuver.evade_needs_movement"),
        (Maneuver.move, True, True, "maneuver.evade_grappled"),
        (Maneuver.move, False, False, "maneuver.needs_target"),
    ],
)
def test_evade_needs_movement_freedom_and_a_foe_r11_23(
    maneuver: Maneuver, grappled: bool, target: bool, key: str
) -> None:
    from rules.attack import EvadeEntry
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    knight = KNIGHT.model_copy(update={"turn": TurnState(grappled=grappled)})
    request = ManeuverRequest(
        maneuver=maneuver, target_id="c2" if target else None, evade=EvadeEntry.side
    )
    with pytest.raises(RuleError) as caught:
        take_maneuver(knight, ORC if target else None, request, ScriptedDice([]), OPTIONS)
    assert caught.value.key == key


def _thrower() -> EncounterCombatant:
    return fighter(
        "c5",
        "Thrower",
        attributes={"st": 11, "dx": 13, "ht": 11},
        weapons=[{"name": "knife", "skill": 16, "damage": "thr imp", "thrown": True}],
    )


def test_each_thrown_knife_needs_fast_draw_at_minus_3_r5_26() -> None:
    """R5.26: knife 16 gives 3 attacks under R5.14; Fast-Draw (Knife) 13 rolls vs 10 for each
    knife. The first is drawn (10) and thrown; the second draw fails (18): that attack is
    spent, nothing is thrown; the third is drawn again."""
    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    request = AttackRequest(fast_draw=13)
    thrower = _thrower()
    first = resolve_attack(thrower, ORC, request, ScriptedDice([3, 3, 4, 5, 5, 5]), cinematic)
    assert first.fast_draw is not None
    assert (first.fast_draw.roll.effective_skill, first.fast_draw.rule_id) == (10, "R5.26")
    assert first.attack is not None
    thrower = thrower.model_copy(update={"turn": first.attacker_turn})
    second = resolve_attack(thrower, ORC, request, ScriptedDice([6, 6, 6]), cinematic)
    assert second.fast_draw is not None
    assert second.fast_draw.drawn is False
    assert second.attack is None
    assert second.damage is None
    assert second.pending is None
    assert (second.attack_number, second.attacker_turn.attacks_used) == (2, 2)
    thrower = thrower.model_copy(update={"turn": second.attacker_turn})
    third = resolve_attack(thrower, ORC, request, ScriptedDice([3, 3, 4, 5, 5, 5]), cinematic)
    assert third.attack is not None
    assert (third.attack_number, third.attacks_available) == (3, 3)


def test_thrown_weapons_with_multiple_attacks_need_fast_draw_r5_26() -> None:
    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    with pytest.raises(RuleError) as caught:
        resolve_attack(_thrower(), ORC, AttackRequest(), ScriptedDice([]), cinematic)
    assert (caught.value.key, caught.value.params) == (
        "attack.thrown_needs_fast_draw",
        {"combatant": "Thrower"},
    )
    one = resolve_attack(_thrower(), ORC, AttackRequest(), ScriptedDice([5, 5, 5]), OPTIONS)
    assert one.fast_draw is None


def _archer() -> EncounterCombatant:
    """Bow 13, TR 15, and Basic Speed 18: 3 maneuvers, so 3 attacks a turn (R5.29)."""
    archer = fighter(
        "c6",
        "Archer",
        attributes={"st": 11, "dx": 13, "ht": 11, "basic_speed": 18.0},
        weapons=[
            {"name": "bow", "skill": 13, "damage": "thr+1 imp", "accuracy": 2, "snap_shot": 15}
        ],
    )
    # He had aimed at the orc: a volley's arrows are never aimed (R5.22).
    return archer.model_copy(update={"turn": TurnState(aim_turns=2, aim_target="c2")})


def test_a_volley_draws_at_a_cumulative_minus_3_unaimed_r5_22() -> None:
    """R5.22's worked example: Fast-Draw (Arrow) 14, Bow 13, TR 15, 3 attacks. The draws roll
    at 14, 11 and 8; every arrow shoots unaimed at 13 - 4 = 9."""
    archer = _archer()
    request = AttackRequest(fast_draw=14)
    draws: list[int] = []
    for number in (1, 2, 3):
        shot = resolve_attack(archer, ORC, request, ScriptedDice([2, 2, 3, 5, 5, 5]), OPTIONS)
        assert shot.fast_draw is not None
        assert shot.fast_draw.rule_id == "R5.22"
        draws.append(shot.fast_draw.roll.effective_skill)
        assert shot.effective.value == 9
        assert [(m.key, m.value) for m in shot.effective.modifiers] == [("snap_shot", -4)]
        assert (shot.attack_number, shot.attacks_available) == (number, 3)
        archer = archer.model_copy(update={"turn": shot.attacker_turn})
    assert draws == [14, 11, 8]


def test_a_failed_draw_ends_the_volley_r5_22() -> None:
    """R5.22's Ambiguity: the second draw (11) rolls 15 and fails; the third arrow is gone."""
    archer = _archer()
    request = AttackRequest(fast_draw=14)
    first = resolve_attack(archer, ORC, request, ScriptedDice([2, 2, 3, 5, 5, 5]), OPTIONS)
    archer = archer.model_copy(update={"turn": first.attacker_turn})
    second = resolve_attack(archer, ORC, request, ScriptedDice([5, 5, 5]), OPTIONS)
    assert second.attack is None
    assert second.attacker_turn.attacks_used == 3
    archer = archer.model_copy(update={"turn": second.attacker_turn})
    _refused(archer, request)


def test_a_second_arrow_needs_a_volley_r5_22() -> None:
    """Without Fast-Draw the first arrow is an ordinary shot, aimed (13 + Acc 2 + 1 = 16); a
    second in the turn is refused."""
    archer = _archer()
    first = resolve_attack(archer, ORC, AttackRequest(), ScriptedDice([5, 5, 5]), OPTIONS)
    assert first.fast_draw is None
    assert first.effective.value == 16
    archer = archer.model_copy(update={"turn": first.attacker_turn})
    with pytest.raises(RuleError) as caught:
        resolve_attack(archer, ORC, AttackRequest(), ScriptedDice([]), OPTIONS)
    assert caught.value.key == "attack.volley_needs_fast_draw"


def _axeman(st: int) -> EncounterCombatant:
    return fighter(
        "c7",
        "Axeman",
        attributes={"st": st, "dx": 12, "ht": 12},
        weapons=[{"name": "great axe", "skill": 14, "damage": "sw+3 cut", "min_st": 12}],
    )


@pytest.mark.parametrize(("st", "turns", "balanced"), [(17, 0, False), (22, 0, True)])
def test_the_ready_maneuver_reports_st_over_the_minimum_r5_5(
    st: int, turns: int, balanced: bool
) -> None:
    """R5.5's worked example through /maneuver ready: a great axe with min ST 12 and 1 ready
    turn; ST 17 readies it in 0 turns, ST 22 wields it as if balanced."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    request = ManeuverRequest(maneuver=Maneuver.ready)
    outcome = take_maneuver(_axeman(st), None, request, ScriptedDice([]), OPTIONS)
    assert outcome.ready_weapon == "great axe"
    assert outcome.ready_time is not None
    assert (outcome.ready_time.turns, outcome.ready_time.acts_balanced) == (turns, balanced)
    weak = take_maneuver(_axeman(16), None, request, ScriptedDice([]), OPTIONS)
    assert (weak.ready_weapon, weak.ready_time) == (None, None)


def test_a_strong_wielder_readies_with_a_spare_attack_for_free_r5_5_r5_25() -> None:
    """R5.5 with R5.25: ST 17 over the great axe's min ST 12 takes its 1 ready turn off, so
    readying it after a blow costs no attack and no parry."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    axeman = _axeman(17)
    blow = resolve_attack(axeman, ORC, AttackRequest(), ScriptedDice([5, 5, 5]), cinematic)
    axeman = axeman.model_copy(update={"turn": blow.attacker_turn})
    request = ManeuverRequest(maneuver=Maneuver.ready, spare_attack=True)
    outcome = take_maneuver(axeman, None, request, ScriptedDice([]), cinematic)
    assert outcome.spare is not None
    assert (outcome.spare.attacks_spent, outcome.spare.parries_spent) == (0, 0)
    assert (outcome.spare.attacks_left, outcome.spare.parries_left) == (1, 2)
    assert outcome.ready_time is not None
    assert outcome.ready_time.turns == 0


def _waiting(combatant: EncounterCombatant) -> EncounterCombatant:
    return combatant.model_copy(update={"turn": TurnState(maneuver="wait", turns_taken=1)})


def test_a_waiting_spear_strikes_first_r5_11() -> None:
    """R5.11: a waiting spearman (reach 2) set off by the orc's axe (reach 1) strikes first,
    no contest rolled."""
    spearman = _waiting(
        fighter(
            "c8",
            "Spearman",
            attributes={"st": 12, "dx": 12, "ht": 12},
            weapons=[{"name": "spear", "skill": 13, "damage": "thr+2 imp", "reach": "1,2"}],
        )
    )
    outcome = resolve_attack(
        spearman, ORC, AttackRequest(wait_order=True), ScriptedDice([5, 5, 5]), OPTIONS
    )
    assert outcome.wait_order is not None
    assert (outcome.wait_order.waiter_first, outcome.wait_order.contests) == (True, ())
    assert outcome.attack is not None
    assert outcome.attacker_turn.attacks_used == 1


def test_equal_reach_from_a_wait_is_a_skill_contest_r5_11() -> None:
    """R5.11: the knight's broadsword 14 and the orc's axe 12 have reach 1. The knight rolls
    12 (margin 2), the orc 9 (margin 3): the orc strikes first; nothing is spent, and the
    knight's turn is still a Wait."""
    knight = _waiting(KNIGHT)
    outcome = resolve_attack(
        knight, ORC, AttackRequest(wait_order=True), ScriptedDice([4, 4, 4, 3, 3, 3]), OPTIONS
    )
    assert outcome.wait_order is not None
    assert outcome.wait_order.waiter_first is False
    assert outcome.attack is None
    # Nothing spent: only who strikes first is kept (the first result stands, R5.11).
    assert outcome.attacker_turn == knight.turn.model_copy(
        update={"wait_orders": {ORC.combatant_id: outcome.wait_order}}
    )
    with pytest.raises(RuleError) as caught:
        resolve_attack(KNIGHT, ORC, AttackRequest(wait_order=True), ScriptedDice([]), OPTIONS)
    assert caught.value.key == "attack.not_waiting"


# --------------------------------------------------------------------------- R6.9 with R5.12

GUARD = fighter(
    "c9",
    "Guard",
    attributes={"st": 11, "dx": 12, "ht": 12},
    weapons=[{"name": "broadsword", "skill": 14, "damage": "sw+1 cut"}],
).model_copy(
    update={"turn": TurnState(maneuver="all_out_defense", all_out_defense="double_defense")}
)
"""Basic Speed 6: Dodge 9; broadsword 14: Parry 10 (the numbers of R6.9's worked example)."""


@pytest.mark.parametrize(
    ("options", "parry_target", "dodge_bonus"),
    [(OPTIONS, 13, 3), (RuleOptions(retreat_basic_set=True), 11, 3)],
)
def test_a_retreat_serves_both_defenses_against_one_blow_r6_9_r5_12(
    options: RuleOptions, parry_target: int, dodge_bonus: int
) -> None:
    """R6.9: Parry 10 with Retreat is 13 (+1, 11, with the Basic Set option); it fails.
    All-Out Defense (double) leaves a Dodge against the same blow (R5.12): the step back is
    already taken, so that Dodge keeps its Retreat, 9 + 3 = 12, and rolls against it."""
    outcome = resolve_attack(KNIGHT, GUARD, AttackRequest(), ScriptedDice([3, 4, 4]), options)
    assert outcome.pending is not None
    first = resolve_defense(
        outcome.pending.toggled_retreat(),
        GUARD.combatant,
        GUARD.turn,
        DefenseChoice(kind=DefenseKind.parry, weapon_index=0),
        roller=ScriptedDice([6, 6, 4]),
        options=options,
    )
    assert first.roll is not None
    assert (first.roll.target, first.roll.retreat, first.defended) == (parry_target, True, False)
    assert first.target_turn.retreat_used
    assert first.second_defense is not None
    assert first.second_defense.retreat
    assert first.defenses is not None
    assert first.defenses.retreat_refusal is None
    assert [(o.kind, o.value, o.retreat_value) for o in first.defenses.options] == [
        (DefenseKind.dodge, 9, 9 + dodge_bonus)
    ]
    # The toggle cannot take back a step already made, and /defend retreat:false neither.
    assert first.second_defense.toggled_retreat().retreat
    second = resolve_defense(
        first.second_defense.with_retreat(False),
        GUARD.combatant,
        first.target_turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([4, 4, 4]),
        options=options,
    )
    assert second.roll is not None
    assert (second.roll.target, second.roll.retreat, second.defended) == (12, True, True)
    assert second.roll.option.retreat is not None
    assert second.roll.option.retreat.rule_id == "R6.9"


def test_a_retreat_from_another_blow_is_still_spent_r6_9() -> None:
    """R6.9: once a turn. The Retreat taken against the first blow is refused against the
    next one."""
    outcome = resolve_attack(KNIGHT, GUARD, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert outcome.pending is not None
    dodged = resolve_defense(
        outcome.pending.toggled_retreat(),
        GUARD.combatant,
        GUARD.turn,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([4, 4, 4]),
        options=OPTIONS,
    )
    assert dodged.defended
    again = resolve_attack(
        KNIGHT,
        GUARD.model_copy(update={"turn": dodged.target_turn}),
        AttackRequest(),
        ScriptedDice([3, 4, 4]),
        OPTIONS,
    )
    assert again.defenses is not None
    assert again.defenses.retreat_refusal is not None
    assert again.defenses.retreat_refusal.key == "defend.retreat_used"
    assert all(o.retreat is None for o in again.defenses.options)


# --------------------------------------------------------------------------- R5.5 readiness


def _axe_orc(st: int, *, skill: int = 12, min_st: int = 12) -> EncounterCombatant:
    """An orc with a great axe, Parry ``0U``: unbalanced (R5.5's worked example: min ST 12,
    one turn of readying after a blow)."""
    return fighter(
        "c20",
        "Axe Orc",
        attributes={"st": st, "dx": 11, "ht": 11},
        weapons=[
            {
                "name": "great axe",
                "skill": skill,
                "damage": "sw+3 cut",
                "unbalanced": True,
                "min_st": min_st,
            }
        ],
    )


def _parry_of(outcome: object) -> tuple[list[int], list[tuple[str, str]]]:
    """The parries offered and the parries refused (key, rule) in an attack's defenses."""
    defenses = getattr(outcome, "defenses", None)
    assert isinstance(defenses, DefenseOptions)
    offered = [o.value for o in defenses.options if o.kind is DefenseKind.parry]
    refused = [(r.key, r.rule_id) for r in defenses.refused if r.kind is DefenseKind.parry]
    return offered, refused


def test_an_unbalanced_weapon_is_unready_after_a_blow_r5_5() -> None:
    """R5.5: the great axe (ST 12, its minimum) needs a turn of Ready after its blow: the orc
    can neither parry with it nor strike again until a Ready maneuver; then both come back."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    orc = _axe_orc(12)
    blow = resolve_attack(orc, KNIGHT, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS)
    assert blow.ready_after is not None
    assert (blow.ready_after.turns, blow.ready_after.acts_balanced) == (1, False)
    assert blow.attacker_turn.unready_weapons == {"great axe": 1}
    assert blow.attacker_turn.struck_with == ("great axe",)
    orc = orc.model_copy(update={"turn": blow.attacker_turn})
    struck = resolve_attack(KNIGHT, orc, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _parry_of(struck) == ([], [("defend.weapon_unready", "R5.5")])
    assert [o.kind for o in struck.defenses.options] == [DefenseKind.dodge]
    with pytest.raises(RuleError) as info:
        resolve_attack(orc, KNIGHT, AttackRequest(beyond_allowance=True), ScriptedDice([]), OPTIONS)
    assert info.value.key == "attack.weapon_unready"
    assert info.value.params == {"combatant": "Axe Orc", "weapon": "great axe", "turns": 1}
    # His next turn: still unready (it is kept from turn to turn) until he Readies it.
    orc = orc.model_copy(update={"turn": orc.turn.new_turn()})
    assert orc.turn.unready_weapons == {"great axe": 1}
    ready = take_maneuver(
        orc, None, ManeuverRequest(maneuver=Maneuver.ready), ScriptedDice([]), OPTIONS
    )
    assert ready.readying is not None
    assert (ready.readying.weapon, ready.readying.turns_left) == ("great axe", 0)
    orc = orc.model_copy(update={"turn": ready.turn})
    guarded = resolve_attack(KNIGHT, orc, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    # Parry 3 + 12/2 = 9, and the axe strikes again on his next turn.
    assert _parry_of(guarded) == ([9], [])
    orc = orc.model_copy(update={"turn": ready.turn.new_turn()})
    again = resolve_attack(orc, KNIGHT, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS)
    assert again.attack is not None


def test_an_axe_does_not_strike_three_times_a_turn_r5_5_r5_14() -> None:
    """Cinematic multiple attacks give axe 16 three attacks (R5.14), but the unbalanced axe is
    out of hand after the first: the second is refused until it is readied."""
    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    orc = _axe_orc(12, skill=16)
    first = resolve_attack(orc, KNIGHT, AttackRequest(), ScriptedDice([6, 6, 6]), cinematic)
    assert (first.attack_number, first.attacks_available) == (1, 3)
    orc = orc.model_copy(update={"turn": first.attacker_turn})
    with pytest.raises(RuleError) as info:
        resolve_attack(orc, KNIGHT, AttackRequest(), ScriptedDice([]), cinematic)
    assert info.value.key == "attack.weapon_unready"


def test_readying_the_axe_with_a_spare_attack_r5_25() -> None:
    """R5.25's worked example: an axe needing 1 ready turn, 2 attacks and 2 parries (axe 12,
    R5.14): attack, then ready -> 0 attacks and 1 parry left, and the axe is ready. Being
    unbalanced, it still cannot parry in the turn it struck (R5.5)."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    cinematic = RuleOptions(cinematic_multiple_attacks=True)
    orc = _axe_orc(12)
    blow = resolve_attack(orc, KNIGHT, AttackRequest(), ScriptedDice([6, 6, 6]), cinematic)
    orc = orc.model_copy(update={"turn": blow.attacker_turn})
    request = ManeuverRequest(maneuver=Maneuver.ready, spare_attack=True)
    spare = take_maneuver(orc, None, request, ScriptedDice([]), cinematic)
    assert spare.spare is not None
    assert (spare.spare.attacks_spent, spare.spare.parries_spent) == (1, 1)
    assert (spare.spare.attacks_left, spare.spare.parries_left) == (0, 1)
    assert spare.turn.unready_weapons == {}
    assert spare.readying is not None
    assert (spare.readying.weapon, spare.readying.turns_left) == ("great axe", 0)
    orc = orc.model_copy(update={"turn": spare.turn})
    struck = resolve_attack(KNIGHT, orc, AttackRequest(), ScriptedDice([3, 4, 4]), cinematic)
    assert _parry_of(struck) == ([], [("defend.unbalanced_struck", "R5.5")])


@pytest.mark.parametrize(
    ("st", "unready", "parries"),
    [
        (12, {"great axe": 1}, ([], [("defend.weapon_unready", "R5.5")])),
        (17, {}, ([], [("defend.unbalanced_struck", "R5.5")])),
        (22, {}, ([3 + 12 // 2], [])),
    ],
)
def test_st_over_the_minimum_shortens_readying_and_balances_r5_5(
    st: int, unready: dict[str, int], parries: tuple[list[int], list[tuple[str, str]]]
) -> None:
    """R5.5's worked example: a great axe with min ST 12 and 1 turn of readying. ST 17 (5
    over) readies it in 0 turns: it strikes every turn but, unbalanced, cannot parry in the
    turn it struck. ST 22 (10 over) strikes and parries every turn like a balanced weapon."""
    orc = _axe_orc(st)
    blow = resolve_attack(orc, KNIGHT, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS)
    assert blow.attacker_turn.unready_weapons == unready
    assert (blow.ready_after is None) == (st >= 22)
    orc = orc.model_copy(update={"turn": blow.attacker_turn})
    struck = resolve_attack(KNIGHT, orc, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _parry_of(struck) == parries


def test_a_balanced_weapon_stays_ready_r5_5() -> None:
    """The knight's broadsword is balanced: after a blow it still parries (10 = 3 + 14/2)."""
    blow = resolve_attack(KNIGHT, ORC, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS)
    assert blow.ready_after is None
    assert blow.attacker_turn.unready_weapons == {}
    knight = KNIGHT.model_copy(update={"turn": blow.attacker_turn})
    struck = resolve_attack(ORC, knight, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _parry_of(struck) == ([10], [])


def test_a_knocked_down_fighters_parry_is_refused_with_the_reason_r7_8() -> None:
    """R7.8: the knight dropped his broadsword when knocked down: no Parry, and the defenses
    say why."""
    down = KNIGHT.with_sheet(KNIGHT.combatant.with_state(dropped=frozenset({"broadsword"})))
    struck = resolve_attack(ORC, down, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _parry_of(struck) == ([], [("defend.weapon_dropped", "R7.8")])


# --------------------------------------------------------------------------- crippled limbs


def _crippled(combatant: EncounterCombatant, *parts: BodyPart) -> EncounterCombatant:
    return combatant.with_sheet(combatant.combatant.with_state(crippled=frozenset(parts)))


def test_a_crippled_weapon_arm_neither_strikes_nor_parries_r7_16() -> None:
    """R7.16 cripples; the Basic Set's effects apply: the knight's broadsword is in his right
    hand, so a crippled right arm (or hand) takes away its blows and its parries."""
    for part in (BodyPart.RIGHT_ARM, BodyPart.RIGHT_HAND):
        knight = _crippled(KNIGHT, part)
        with pytest.raises(RuleError) as info:
            resolve_attack(knight, ORC, AttackRequest(), ScriptedDice([]), OPTIONS)
        assert info.value.key == "attack.weapon_crippled"
        assert info.value.params == {"combatant": "Knight", "weapon": "broadsword"}
        struck = resolve_attack(ORC, knight, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
        assert _parry_of(struck) == ([], [("defend.weapon_crippled", "R7.16")])
    # The other arm changes nothing for him.
    left = _crippled(KNIGHT, BodyPart.LEFT_ARM)
    assert resolve_attack(left, ORC, AttackRequest(), ScriptedDice([6, 6, 6]), OPTIONS).attack
    struck = resolve_attack(ORC, left, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _parry_of(struck) == ([10], [])


def test_a_crippled_shield_arm_loses_block_and_db_r7_16() -> None:
    """The orc's shield is on his left arm (Block 8, DB 2): crippled, it neither blocks nor
    adds its DB; the axe in his right hand still parries at 9."""
    orc = _crippled(SHIELDED_ORC, BodyPart.LEFT_ARM)
    struck = resolve_attack(KNIGHT, orc, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert struck.defenses is not None
    assert {o.kind: o.value for o in struck.defenses.options} == {
        DefenseKind.dodge: 8,
        DefenseKind.parry: 9,
    }
    assert [(r.kind, r.key, r.rule_id) for r in struck.defenses.refused] == [
        (DefenseKind.block, "defend.shield_arm_crippled", "R7.16")
    ]


def test_a_crippled_leg_forbids_move_and_attack_and_both_forbid_move_r7_16() -> None:
    """A crippled leg or foot: no Move and Attack; both legs: no Move at all."""
    from rules.maneuver_choice import ManeuverRequest, take_maneuver

    lame = _crippled(KNIGHT, BodyPart.LEFT_FOOT)
    with pytest.raises(RuleError) as info:
        resolve_attack(
            lame, ORC, AttackRequest(maneuver=Maneuver.move_and_attack), ScriptedDice([]), OPTIONS
        )
    assert (info.value.key, info.value.params) == ("attack.crippled_leg", {"combatant": "Knight"})
    moving = take_maneuver(
        lame, None, ManeuverRequest(maneuver=Maneuver.move), ScriptedDice([]), OPTIONS
    )
    assert moving.profile.movement.hexes == 3  # Move 6 halved
    legless = _crippled(KNIGHT, BodyPart.LEFT_LEG, BodyPart.RIGHT_FOOT)
    with pytest.raises(RuleError) as info:
        take_maneuver(
            legless, None, ManeuverRequest(maneuver=Maneuver.move), ScriptedDice([]), OPTIONS
        )
    assert info.value.key == "maneuver.cannot_walk"
