"""What a fighter's state lets him choose: every maneuver and every defense against every state
that limits them (R7.10 stun, R7.11 mental stun, R2.1 total surprise, R4.2 and R8.2 the
fighters who are out), from the one map in :func:`rules.turn.maneuver_limit`."""

from __future__ import annotations

from typing import Any

import pytest

from rules.attack_resolution import resolve_attack
from rules.combatant import Combatant, Posture
from rules.defense_resolution import defense_options
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.maneuver import ATTACK_MANEUVERS, AllOutDefenseOption, DefenseKind, Maneuver
from rules.maneuver_choice import ManeuverRequest, take_maneuver
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, PendingDefense
from rules.turn import Restriction, TurnState, ensure_may_choose, maneuver_limit

OPTIONS = RuleOptions()


def fighter(cid: str, name: str, turn: TurnState | None = None, **state: Any) -> EncounterCombatant:
    """DX 12, HT 12 (Basic Speed 6, Dodge 9), broadsword 14 (Parry 10), shield 12 (Block 9)."""
    sheet = Combatant.create(
        name=name,
        attributes={"st": 12, "dx": 12, "ht": 12},
        weapons=[{"name": "broadsword", "skill": 14, "damage": "sw+1 cut"}],
        shield={"name": "shield", "skill": 12, "db": 1},
        state=state or None,
    )
    return EncounterCombatant(
        combatant_id=cid, side="a", combatant=sheet, turn=turn or TurnState(turns_taken=1)
    )


FOE = fighter("c2", "Orc")

# state -> (sheet state, turn state, restriction, rule id, whether Do Nothing is allowed)
LIMITED: dict[str, tuple[dict[str, Any], TurnState, Restriction, str, bool]] = {
    "stunned": ({"stunned": True}, TurnState(turns_taken=1), Restriction.STUNNED, "R7.10", True),
    "mentally stunned": (
        {"mentally_stunned": True},
        TurnState(turns_taken=1),
        Restriction.MENTALLY_STUNNED,
        "R7.11",
        True,
    ),
    "paralysed": (
        {},
        TurnState(turns_taken=1, paralysed_through_round=4),
        Restriction.PARALYSED,
        "R2.1",
        True,
    ),
    "unconscious": (
        {"unconscious": True},
        TurnState(turns_taken=1),
        Restriction.UNCONSCIOUS,
        "R4.2",
        False,
    ),
    "cardiac arrest": (
        {"fp": -10},
        TurnState(turns_taken=1, cardiac_arrest=True),
        Restriction.UNCONSCIOUS,
        "R4.2",
        False,
    ),
    "dead": ({"dead": True}, TurnState(turns_taken=1), Restriction.DEAD, "R4.2", False),
    "asleep": ({}, TurnState(turns_taken=1, asleep=True), Restriction.ASLEEP, "R4.2", False),
    "collapsed": (
        {"fp": 0},
        TurnState(turns_taken=1, collapsed=True),
        Restriction.COLLAPSED,
        "R8.2",
        False,
    ),
}

OTHER_MANEUVERS = [m for m in Maneuver if m not in ATTACK_MANEUVERS]


def _request(maneuver: Maneuver) -> ManeuverRequest:
    """The options each maneuver needs to be valid for a fighter who may act."""
    extra: dict[str, Any] = {}
    if maneuver in (Maneuver.aim, Maneuver.evaluate, Maneuver.feint):
        extra["target_id"] = FOE.combatant_id
    if maneuver is Maneuver.change_posture:
        extra["posture"] = Posture.KNEELING
    if maneuver is Maneuver.all_out_defense:
        extra["all_out_defense"] = AllOutDefenseOption.double_defense
    return ManeuverRequest(maneuver=maneuver, **extra)


@pytest.mark.parametrize("maneuver", OTHER_MANEUVERS)
def test_every_maneuver_is_open_to_a_fighter_nothing_limits(maneuver: Maneuver) -> None:
    able = fighter("c1", "Knight")
    assert maneuver_limit(able) is None
    target = FOE if _request(maneuver).target_id else None
    outcome = take_maneuver(able, target, _request(maneuver), ScriptedDice([3] * 6), OPTIONS)
    assert outcome.turn.maneuver == maneuver.value


@pytest.mark.parametrize("state", list(LIMITED))
@pytest.mark.parametrize("maneuver", OTHER_MANEUVERS)
def test_a_limited_fighter_may_only_do_nothing(state: str, maneuver: Maneuver) -> None:
    """R7.10/R7.11/R2.1: only Do Nothing; R4.2/R8.2: not even that. Every other /maneuver
    is refused with the state's own reason and rule, and nothing is rolled."""
    sheet_state, turn, restriction, rule, do_nothing = LIMITED[state]
    limited = fighter("c1", "Knight", turn, **sheet_state)
    limit = maneuver_limit(limited)
    assert limit is not None
    assert (limit.restriction, limit.rule_id) == (restriction, rule)
    target = FOE if _request(maneuver).target_id else None
    if maneuver is Maneuver.do_nothing and do_nothing:
        outcome = take_maneuver(limited, target, _request(maneuver), ScriptedDice([]), OPTIONS)
        assert outcome.turn.maneuver == "do_nothing"
        return
    with pytest.raises(RuleError) as refused:
        take_maneuver(limited, target, _request(maneuver), ScriptedDice([]), OPTIONS)
    assert refused.value.key == f"maneuver.restricted.{restriction.value}"
    assert refused.value.params == {"combatant": "Knight", "rule": rule}


@pytest.mark.parametrize("state", list(LIMITED))
@pytest.mark.parametrize("maneuver", sorted(ATTACK_MANEUVERS))
def test_a_limited_fighter_cannot_attack(state: str, maneuver: Maneuver) -> None:
    sheet_state, turn, restriction, _, _ = LIMITED[state]
    limited = fighter("c1", "Knight", turn, **sheet_state)
    with pytest.raises(RuleError) as refused:
        resolve_attack(limited, FOE, AttackRequest(maneuver=maneuver), ScriptedDice([]), OPTIONS)
    assert refused.value.key == f"maneuver.restricted.{restriction.value}"


@pytest.mark.parametrize("state", list(LIMITED))
def test_spare_attacks_are_refused_too(state: str) -> None:
    """R5.21/R5.25 spend the turn's attacks: a stunned master has none to spend."""
    sheet_state, turn, restriction, _, _ = LIMITED[state]
    limited = fighter("c1", "Knight", turn, **sheet_state)
    request = ManeuverRequest(maneuver=Maneuver.ready, spare_attack=True)
    with pytest.raises(RuleError) as refused:
        take_maneuver(limited, None, request, ScriptedDice([]), OPTIONS)
    assert refused.value.key == f"maneuver.restricted.{restriction.value}"


def test_a_failed_recovery_roll_keeps_the_limit_r7_10() -> None:
    """Stunned still after a failed HT roll: his next turn is Do Nothing again."""
    still = fighter("c1", "Knight", TurnState(turns_taken=2), stunned=True)
    ensure_may_choose(still, Maneuver.do_nothing)
    with pytest.raises(RuleError) as refused:
        ensure_may_choose(still, Maneuver.move)
    assert refused.value.key == "maneuver.restricted.stunned"


def _pending() -> PendingDefense:
    hit = resolve_attack(
        FOE, fighter("c1", "Knight"), AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS
    )
    assert hit.pending is not None
    return hit.pending


@pytest.mark.parametrize("state", ["stunned", "mentally stunned", "paralysed"])
def test_the_defense_buttons_stay_at_minus_four_without_retreat(state: str) -> None:
    """Defenses are not maneuvers: stunned (R7.10), mentally stunned (R7.11) or paralysed by
    surprise (R2.1, then mentally stunned) he still defends, each at -4 with the shield's DB
    +1: Dodge 9 + 1 - 4 = 6, Parry 10 + 1 - 4 = 7, Block 9 + 1 - 4 = 6; and no Retreat."""
    sheet_state, turn, _, _, _ = LIMITED[state]
    limited = fighter("c1", "Knight", turn, **sheet_state)
    found = defense_options(limited.combatant, limited.turn, _pending(), OPTIONS)
    numbers = {o.kind: o.value for o in found.options}
    assert numbers == {DefenseKind.dodge: 6, DefenseKind.parry: 7, DefenseKind.block: 6}
    assert all(o.retreat_value is None for o in found.options)
    assert found.retreat_refusal is not None
    assert found.retreat_refusal.key == "defend.retreat_stunned"


@pytest.mark.parametrize("state", ["unconscious", "cardiac arrest", "dead", "asleep", "collapsed"])
def test_a_fighter_who_is_out_has_no_defense_buttons(state: str) -> None:
    sheet_state, turn, _, _, _ = LIMITED[state]
    limited = fighter("c1", "Knight", turn, **sheet_state)
    found = defense_options(limited.combatant, limited.turn, _pending(), OPTIONS)
    assert found.options == ()
