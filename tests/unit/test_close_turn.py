"""A close-combat action is the fighter's attack for the turn, counted as ``/attack`` counts
its blows: one attack a turn, none before his first turn, none after another maneuver
(R4.4); drawing a weapon at grappling range is his Ready (R11.22)."""

from __future__ import annotations

import pytest

from rules.attack_resolution import resolve_attack
from rules.close_combat import (
    do_break_free,
    do_choke,
    do_draw,
    do_grapple,
    do_release,
    do_slam,
    enter,
)
from rules.encounter import Encounter
from rules.errors import RuleError
from rules.maneuver import Maneuver
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest
from tests.unit.test_close_combat import fight
from tests.unit.test_grapple import dice

OPTIONS = RuleOptions()


def turn_of(encounter: Encounter, combatant_id: str, **update: object) -> Encounter:
    """His turn has come (round 1, his first turn), with ``update`` on his turn state."""
    fighter = encounter.get(combatant_id)
    turn = fighter.turn.model_copy(update={"turns_taken": 1, **update})
    return encounter.replace(fighter.model_copy(update={"turn": turn}))


def running() -> Encounter:
    """Round 1, Bruno's first turn."""
    return turn_of(fight(round_=1), "1")


def refused(call: object) -> str:
    assert callable(call)
    with pytest.raises(RuleError) as error:
        call()
    return error.value.key


def test_a_grapple_is_his_attack_and_a_second_action_is_refused_r4_4_r11_2() -> None:
    encounter, grabbed = do_grapple(running(), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS)
    assert grabbed.done
    turn = encounter.get("1").turn
    assert (turn.maneuver, turn.attacks_used, turn.attacks_turn) == ("attack", 1, 1)
    # R11.10 needs an attack of its own: none left this turn.
    key = refused(lambda: do_choke(encounter, "Bruno", "Orc", roller=dice(7, 12), options=OPTIONS))
    assert key == "close.no_attacks_left"
    # Nor a blow with /attack: one count for both.
    key = refused(
        lambda: resolve_attack(
            encounter.get("1"),
            encounter.get("2"),
            AttackRequest(weapon="knife"),
            ScriptedDice([]),
            OPTIONS,
        )
    )
    assert key == "attack.no_attacks_left"


def test_a_failed_grapple_still_spends_the_attack_r11_2() -> None:
    """DX 15 rolls 16 against DX 11 rolling 9: missed, and the turn's attack is gone."""
    encounter, missed = do_grapple(running(), "Bruno", "Orc", roller=dice(16, 9), options=OPTIONS)
    assert not missed.done
    assert encounter.holds == ()
    assert encounter.get("1").turn.attacks_used == 1
    key = refused(lambda: do_slam(encounter, "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS))
    assert key == "close.no_attacks_left"


def test_no_action_before_his_first_turn_r4_4() -> None:
    """Round 1 has started but the orc's turn has not come."""
    key = refused(
        lambda: do_grapple(running(), "Orc", "Bruno", roller=dice(10, 12), options=OPTIONS)
    )
    assert key == "close.before_first_turn"


def test_no_action_after_another_maneuver_r4_4() -> None:
    """He took Move this turn (``/maneuver``): no grapple, no draw."""
    moved = turn_of(fight(round_=1), "1", maneuver=Maneuver.move.value, other_maneuvers=1)
    key = refused(lambda: do_grapple(moved, "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS))
    assert key == "maneuver.already_chosen"
    key = refused(lambda: do_draw(moved, "Bruno", "knife", roller=dice(10), options=OPTIONS))
    assert key == "maneuver.already_chosen"


def test_drawing_is_his_ready_r11_22() -> None:
    """DX 12 rolls 10: drawn; the turn's maneuver is Ready, and then no grapple."""
    encounter, drawn = do_draw(running(), "Bruno", "knife", roller=dice(10), options=OPTIONS)
    assert drawn.done
    turn = encounter.get("1").turn
    assert (turn.maneuver, turn.other_maneuvers) == ("ready", 1)
    key = refused(
        lambda: do_grapple(encounter, "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS)
    )
    assert key == "maneuver.already_chosen"


def test_breaking_free_is_the_held_ones_attack_r11_11() -> None:
    """The orc, grappled before the fight began, breaks free on his turn (ST 12 rolls 6
    against 13 rolling 14), and may not try again that turn."""
    encounter, _ = do_grapple(fight(), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS)
    started = encounter.model_copy(update={"sequence": running().sequence})
    held = turn_of(started, "2")
    free, broke = do_break_free(held, "Orc", roller=dice(6, 14), options=OPTIONS)
    assert broke.done
    assert free.get("2").turn.attacks_used == 1
    again, _ = do_grapple(fight(), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS)
    regrabbed = turn_of(
        again.model_copy(update={"sequence": running().sequence}),
        "2",
        attacks_used=1,
        attacks_turn=1,
        maneuver="attack",
        attack_maneuvers=1,
    )
    key = refused(lambda: do_break_free(regrabbed, "Orc", roller=dice(6, 14), options=OPTIONS))
    assert key == "close.no_attacks_left"


def test_stepping_in_and_letting_go_take_no_attack_r11_1() -> None:
    encounter, _ = enter(running(), "Bruno", "Orc")
    assert encounter.get("1").turn.attacks_used == 0
    encounter, grabbed = do_grapple(encounter, "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS)
    assert grabbed.done
    released, _ = do_release(encounter, "Bruno", "Orc")
    assert released.get("1").turn.attacks_used == 1
