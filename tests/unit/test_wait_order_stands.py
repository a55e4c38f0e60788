"""R5.11: the Wait's contest of skill, once rolled against a foe, stands for the turn."""

from __future__ import annotations

from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant
from rules.encounter import EncounterCombatant
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest
from rules.turn import TurnState

OPTIONS = RuleOptions()


def fighter(cid: str, name: str, skill: int, turn: TurnState | None = None) -> EncounterCombatant:
    sheet = Combatant.create(
        name=name,
        attributes={"st": 12, "dx": 12, "ht": 12},
        weapons=[{"name": "sword", "skill": skill, "damage": "sw cut"}],
    )
    return EncounterCombatant(combatant_id=cid, side="a", combatant=sheet, turn=turn or TurnState())


WAITER = fighter("c1", "Swordsman", 14, TurnState(maneuver="wait", turns_taken=1))
FOE = fighter("c2", "Duelist", 13)
OTHER = fighter("c3", "Bandit", 13)


def test_the_first_contest_stands_when_asked_again_r5_11() -> None:
    """Two reach-1 swords (the catalog's second example, reversed): the waiter's 14 rolls 13
    (margin 1), the foe's 13 rolls 10 (margin 3): the foe strikes first. Asking again rolls
    nothing (no dice are queued) and says the same, marked as decided earlier."""
    first = resolve_attack(
        WAITER, FOE, AttackRequest(wait_order=True), ScriptedDice([5, 4, 4, 4, 3, 3]), OPTIONS
    )
    assert first.wait_order is not None
    contest = first.wait_order.contests[-1]
    assert (contest.a.total, contest.b.total, first.wait_order.waiter_first) == (13, 10, False)
    assert not first.wait_order.earlier
    waiter = WAITER.model_copy(update={"turn": first.attacker_turn})
    again = resolve_attack(waiter, FOE, AttackRequest(wait_order=True), ScriptedDice([]), OPTIONS)
    assert again.wait_order is not None
    assert again.wait_order.earlier
    assert again.wait_order.contests == first.wait_order.contests
    assert not again.wait_order.waiter_first
    assert again.attack is None
    assert again.attacker_turn == waiter.turn


def test_another_foe_gets_his_own_contest_r5_11() -> None:
    first = resolve_attack(
        WAITER, FOE, AttackRequest(wait_order=True), ScriptedDice([5, 4, 4, 4, 3, 3]), OPTIONS
    )
    waiter = WAITER.model_copy(update={"turn": first.attacker_turn})
    # Against the bandit: 14 rolls 9 (margin 5), 13 rolls 12 (margin 1): the waiter is first,
    # and his blow is rolled at once (a 6, 6, 6 misses).
    other = resolve_attack(
        waiter,
        OTHER,
        AttackRequest(wait_order=True),
        ScriptedDice([3, 3, 3, 4, 4, 4, 6, 6, 6]),
        OPTIONS,
    )
    assert other.wait_order is not None
    assert (other.wait_order.waiter_first, other.wait_order.earlier) == (True, False)
    assert other.attack is not None


def test_the_decision_is_kept_in_the_turn_state_and_ends_with_the_turn_r5_11() -> None:
    """Stored with the fight (so undo takes it back) and cleared at his next turn."""
    first = resolve_attack(
        WAITER, FOE, AttackRequest(wait_order=True), ScriptedDice([5, 4, 4, 4, 3, 3]), OPTIONS
    )
    stored = TurnState.model_validate_json(first.attacker_turn.model_dump_json())
    assert stored == first.attacker_turn
    assert set(stored.wait_orders) == {"c2"}
    assert stored.new_turn().wait_orders == {}
