"""One step of a fight applied to the encounter (rules/exchange.py, rules/turn_edge.py): the
rules return the new fight and the outcome, and the R7.2 roll waiting for a maneuver is made
in one place for attacks and maneuvers alike."""

from __future__ import annotations

import pytest

from rules import exchange, turn_edge
from rules.combatant import Combatant, HitLocation
from rules.damage import DamageSpec, parse_direct_damage
from rules.defense_resolution import DefenseChoice
from rules.encounter import Encounter, add_combatants
from rules.errors import RuleError
from rules.maneuver import AllOutAttackOption, AllOutDefenseOption, Maneuver
from rules.maneuver_choice import ManeuverRequest
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest
from rules.turn import TurnEventKind, TurnState

OPTIONS = RuleOptions()


def sheet(name: str, speed: float) -> Combatant:
    return Combatant.create(name=name, attributes={"basic_speed": speed})


def started() -> Encounter:
    """Ana (Speed 6) and an Orc (Speed 5), ST/DX/IQ/HT 10, 10 HP; Ana's turn, round 1."""
    encounter, _ = add_combatants(
        Encounter(name="Test", gm_id=1),
        [sheet("Ana", 6.0), sheet("Orc", 5.0)],
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return turn_edge.next_turn(encounter, ScriptedDice([]), OPTIONS).encounter


def at_zero_hp(encounter: Encounter, combatant_id: str) -> Encounter:
    """The fighter at 0 HP with R7.2's roll waiting for his maneuver."""
    fighter = encounter.get(combatant_id)
    return encounter.replace(
        fighter.with_sheet(fighter.combatant.with_state(hp=0)).model_copy(
            update={"turn": fighter.turn.model_copy(update={"consciousness_roll_due": True})}
        )
    )


def test_next_turn_starts_round_one_by_speed_and_logs_its_events_r4_3() -> None:
    encounter, _ = add_combatants(
        Encounter(name="Test", gm_id=1),
        [sheet("Orc", 5.0), sheet("Ana", 6.0)],
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    edge = turn_edge.next_turn(encounter, ScriptedDice([]), OPTIONS)
    assert edge.encounter.current is not None
    assert edge.encounter.current.name == "Ana"
    assert edge.swarm is None
    assert edge.ticks == ()
    detail = edge.detail()
    events = detail["events"]
    assert isinstance(events, list)
    assert [event["kind"] for event in events] == ["round_started", "turn_started"]
    assert "hazards" not in detail


def test_a_critical_hit_lands_on_the_target_in_the_returned_fight() -> None:
    """3 on 3d6 is a critical hit (R4): no defense; sw for ST 10 is 1d, rolled 2 crushing to
    the torso: 2 injury, the Orc at 8 HP with -2 shock (R7.6)."""
    fight = started()
    taken = exchange.attack(
        fight,
        "1",
        "2",
        AttackRequest(skill=12, damage="sw cr"),
        roller=ScriptedDice([1, 1, 1, 2]),
        options=OPTIONS,
    )
    assert taken.outcome is not None
    assert taken.outcome.pending is None
    orc = taken.encounter.get("2").combatant
    assert (orc.state.hp, orc.state.shock_penalty) == (8, -2)
    assert fight.get("2").combatant.state.hp == 10  # the fight given is left as it was
    assert taken.encounter.get("1").turn == taken.outcome.attacker_turn
    assert taken.consciousness == ()
    assert taken.detail() == {
        "attacker": "Ana",
        "target": "Orc",
        "hit": True,
        "effective_skill": 12,
        "roll": 3,
        "injury": 2,
    }


def test_an_attacker_who_faints_on_the_r7_2_roll_does_not_attack() -> None:
    """R7.2: at 0 HP the HT roll comes once the maneuver is chosen; 18 fails HT 10, he falls
    unconscious and the attack never happens."""
    fight = at_zero_hp(started(), "1")
    taken = exchange.attack(
        fight,
        "1",
        "2",
        AttackRequest(skill=12, damage="sw cr"),
        roller=ScriptedDice([6, 6, 6]),
        options=OPTIONS,
    )
    assert taken.fainted
    assert taken.outcome is None
    assert [event.kind for event in taken.consciousness] == [
        TurnEventKind.STAY_CONSCIOUS,
        TurnEventKind.FELL_UNCONSCIOUS,
    ]
    assert not taken.encounter.get("1").combatant.is_conscious
    assert not taken.encounter.get("1").turn.consciousness_roll_due
    assert taken.encounter.get("2") == fight.get("2")
    assert taken.detail() == {"attacker": "Ana", "fainted": True}


def test_a_maneuver_after_a_passed_r7_2_roll_is_taken_and_kept() -> None:
    """R7.2: 9 on 3d6 makes HT 10, he stays conscious and his Evaluate (R5.4) is taken."""
    fight = at_zero_hp(started(), "1")
    taken = exchange.maneuver(
        fight,
        "1",
        "2",
        ManeuverRequest(maneuver=Maneuver.evaluate, target_id="2"),
        roller=ScriptedDice([3, 3, 3]),
        options=OPTIONS,
    )
    assert taken.outcome is not None
    assert [event.kind for event in taken.consciousness] == [TurnEventKind.STAY_CONSCIOUS]
    ana = taken.encounter.get("1")
    assert ana.combatant.is_conscious
    assert (ana.turn.maneuver, ana.turn.consciousness_roll_due) == ("evaluate", False)
    assert taken.detail() == {"combatant": "Ana", "maneuver": "evaluate"}


def test_an_undefended_blow_lands_when_the_target_declines_to_defend() -> None:
    """A 6 hits skill 12 and waits for the defense; declining it lets 1d = 3 crushing land."""
    fight = started()
    attacked = exchange.attack(
        fight,
        "1",
        "2",
        AttackRequest(skill=12, damage="sw cr"),
        roller=ScriptedDice([2, 2, 2]),
        options=OPTIONS,
    )
    assert attacked.outcome is not None
    assert attacked.outcome.pending is not None
    taken = exchange.defend(
        attacked.encounter,
        attacked.outcome.pending,
        DefenseChoice(kind=None),
        roller=ScriptedDice([3]),
        options=OPTIONS,
    )
    assert not taken.outcome.defended
    assert taken.encounter.get("2").combatant.state.hp == 7
    assert taken.detail(5) == {
        "attack_id": 5,
        "target": "Orc",
        "defense": "none",
        "defended": False,
        "injury": 3,
    }


def test_direct_damage_rolls_and_lands_and_refuses_what_is_destroyed() -> None:
    fight = started()
    """``/damage`` with 1d crushing to the torso: 4 rolled, 4 injury, 6 HP left (A.2); an
    object already destroyed takes no more."""
    given = parse_direct_damage("1d cr")
    torso = DamageSpec(basic_damage=0, damage_type=given.damage_type, location=HitLocation.TORSO)
    taken = exchange.direct_damage(
        fight, "2", given, torso, roller=ScriptedDice([4]), options=OPTIONS
    )
    assert taken.encounter.get("2").combatant.state.hp == 6
    assert taken.detail() == {
        "target": "Orc",
        "basic_damage": 4,
        "dice": "1d",
        "faces": [4],
        "type": "cr",
        "location": "torso",
        "injury": 4,
    }
    orc = fight.get("2")
    wrecked = fight.replace(orc.with_sheet(orc.combatant.with_state(destroyed=True)))
    with pytest.raises(RuleError) as refused:
        exchange.direct_damage(
            wrecked, "2", given, torso, roller=ScriptedDice([4]), options=OPTIONS
        )
    assert refused.value.key == "damage.error.destroyed"
    assert dict(refused.value.params) == {"target": "Orc"}


def test_turn_state_keeps_maneuver_and_all_out_options_typed() -> None:
    """R5.8, R5.12: the maneuver and the All-Out option a turn holds are the enums, also as
    stored fights read them back (the stored text is the same as before)."""
    stored = TurnState.model_validate(
        {"maneuver": "all_out_attack", "all_out_attack": "determined", "previous_maneuver": "aim"}
    )
    assert stored.maneuver is Maneuver.all_out_attack
    assert stored.all_out_attack is AllOutAttackOption.determined
    assert stored.previous_maneuver is Maneuver.aim
    assert stored.model_dump(mode="json")["all_out_attack"] == "determined"
    defended = TurnState.model_validate({"all_out_defense": "increased_dodge"})
    assert defended.all_out_defense is AllOutDefenseOption.increased_dodge
    taken = exchange.attack(
        started(),
        "1",
        "2",
        AttackRequest(skill=12, damage="sw cr", maneuver=Maneuver.all_out_attack),
        roller=ScriptedDice([6, 6, 5]),
        options=OPTIONS,
    )
    turn = taken.encounter.get("1").turn
    assert turn.maneuver is Maneuver.all_out_attack
    assert turn.all_out_attack is AllOutAttackOption.determined
