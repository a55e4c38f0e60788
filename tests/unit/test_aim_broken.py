"""R5.3: an Aim is lost by defending, and an injured aiming fighter rolls Will to keep it."""

from __future__ import annotations

import pytest

from rules.attack import AttackKind
from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant
from rules.defense_resolution import DefenseChoice, resolve_defense, resolve_parry_for_other
from rules.encounter import EncounterCombatant
from rules.maneuver import DefenseKind
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, aim_after_injury
from rules.turn import TurnState

OPTIONS = RuleOptions()
AIMING = TurnState(maneuver="aim", aim_turns=2, aim_target="c2", turns_taken=1)


def archer(turn: TurnState = AIMING) -> EncounterCombatant:
    """IQ 10 (Will 10), HP 10; a bow 13 with Accuracy 2 and Snap Shot 15."""
    sheet = Combatant.create(
        name="Archer",
        attributes={"st": 10, "dx": 12, "iq": 10, "ht": 10},
        weapons=[
            {"name": "bow", "skill": 13, "damage": "1d+1 imp", "accuracy": 2, "snap_shot": 15},
            {"name": "knife", "skill": 12, "damage": "thr imp", "knife": True},
        ],
    )
    return EncounterCombatant(combatant_id="c1", side="pc", combatant=sheet, turn=turn)


ORC = EncounterCombatant(
    combatant_id="c2",
    side="npc",
    combatant=Combatant.create(
        name="Orc",
        attributes={"st": 12, "dx": 11, "ht": 11},
        weapons=[{"name": "club", "skill": 12, "damage": "thr cr"}],
    ),
)


def _aim_modifier(shooter: EncounterCombatant) -> int | None:
    """The Aim bonus on the archer's shot at the orc in his next turn (a 6, 6, 6 miss)."""
    next_turn = shooter.model_copy(update={"turn": shooter.turn.new_turn()})
    shot = resolve_attack(
        next_turn,
        ORC,
        AttackRequest(weapon="bow", kind=AttackKind.missile),
        ScriptedDice([6, 6, 6]),
        OPTIONS,
    )
    found = {m.key: m.value for m in shot.effective.modifiers}
    assert "snap_shot" in found or "aim" in found
    return found.get("aim")


def test_two_turns_of_aim_give_accuracy_plus_one_before_any_harm_r5_3() -> None:
    assert _aim_modifier(archer()) == 3


@pytest.mark.parametrize(("will_faces", "kept"), [([6, 6, 6], False), ([3, 3, 4], True)])
def test_a_critical_hit_on_an_aiming_archer_asks_for_will_r5_3(
    will_faces: list[int], kept: bool
) -> None:
    """The orc's club (thr cr, ST 12: 1d-1) lands a critical hit: a 3 makes 2 crushing, 2
    injury. The archer rolls Will 10: 18 fails and the Aim is gone (the next shot takes the
    -4 below Snap Shot instead), 10 keeps it (+3 on the next shot)."""
    struck = resolve_attack(
        ORC, archer(), AttackRequest(), ScriptedDice([1, 1, 1, 3, *will_faces]), OPTIONS
    )
    assert struck.damage is not None
    assert struck.damage.injury.injury == 2
    aim = struck.damage.aim
    assert aim is not None
    assert (aim.roll.effective_skill, aim.roll.total, aim.kept, aim.rule_id) == (
        10,
        sum(will_faces),
        kept,
        "R5.3",
    )
    assert (struck.target_turn.aim_turns > 0) is kept
    after = archer(struck.target_turn)
    assert _aim_modifier(after) == (3 if kept else None)


def test_no_defense_then_will_r5_3() -> None:
    """Taking the blow with "No defense" is not defending: the Aim is not lost by that, only
    by the failed Will roll."""
    hit = resolve_attack(ORC, archer(), AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert hit.pending is not None
    took = resolve_defense(
        hit.pending,
        archer().combatant,
        AIMING,
        DefenseChoice(kind=None),
        roller=ScriptedDice([4, 5, 6, 6]),
        options=OPTIONS,
    )
    assert not took.aim_lost
    assert took.damage is not None
    assert took.damage.aim is not None
    assert not took.damage.aim.kept
    assert took.target_turn.aim_turns == 0


def test_defending_loses_the_aim_and_says_so_r5_3() -> None:
    """A Dodge (Basic Speed 5.5: Dodge 8) rolled 8 succeeds; the Aim is gone all the same, with
    no Will roll (no dice left for one), and the outcome says why."""
    hit = resolve_attack(ORC, archer(), AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert hit.pending is not None
    dodged = resolve_defense(
        hit.pending,
        archer().combatant,
        AIMING,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([2, 3, 3]),
        options=OPTIONS,
    )
    assert dodged.defended
    assert dodged.aim_lost
    assert dodged.target_turn.aim_turns == 0
    assert _aim_modifier(archer(dodged.target_turn)) is None


def test_a_failed_defense_loses_the_aim_without_a_will_roll_r5_3() -> None:
    hit = resolve_attack(ORC, archer(), AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert hit.pending is not None
    failed = resolve_defense(
        hit.pending,
        archer().combatant,
        AIMING,
        DefenseChoice(kind=DefenseKind.dodge),
        roller=ScriptedDice([6, 6, 5, 3]),
        options=OPTIONS,
    )
    assert failed.aim_lost
    assert failed.damage is not None
    assert failed.damage.aim is None


def test_a_companion_who_parries_loses_his_aim_and_the_target_rolls_will_r5_3_r6_8() -> None:
    """The aiming archer parries for the orc's victim with his knife (Parry 3 + 6 - 1 = 8,
    -4 for another: 4) and fails with 12; the victim, aiming too, takes 2 and rolls Will."""
    victim = archer().model_copy(update={"combatant_id": "c3"})
    hit = resolve_attack(ORC, victim, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert hit.pending is not None
    result = resolve_parry_for_other(
        hit.pending,
        archer().combatant,
        AIMING,
        victim.combatant,
        1,
        roller=ScriptedDice([4, 4, 4, 3, 6, 6, 6]),
        options=OPTIONS,
        target_turn=AIMING,
    )
    assert result.aim_lost
    assert result.defender_turn.aim_turns == 0
    assert result.damage is not None
    assert result.damage.aim is not None
    assert not result.damage.aim.kept
    assert result.target_turn is not None
    assert result.target_turn.aim_turns == 0


def test_no_roll_without_aim_or_without_injury_r5_3() -> None:
    sheet = archer().combatant
    assert aim_after_injury(sheet, TurnState(), 5, ScriptedDice([]), OPTIONS) == (TurnState(), None)
    assert aim_after_injury(sheet, AIMING, 0, ScriptedDice([]), OPTIONS) == (AIMING, None)


def test_knocked_senseless_the_aim_is_gone_without_a_roll_r5_3() -> None:
    out = archer().combatant.with_state(unconscious=True)
    turn, check = aim_after_injury(out, AIMING, 4, ScriptedDice([]), OPTIONS)
    assert check is None
    assert (turn.aim_turns, turn.aim_target) == (0, None)
