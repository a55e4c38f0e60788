"""Close combat keeps the turn honest (R4.4): each grapple, takedown, pin, choke, break free,
grab, slam and trample is an attack of the actor's own turn, drawing a weapon his Ready
(R11.22), and a blow is struck in the striker's turn or from his Wait (R5.11)."""

from __future__ import annotations

import pytest

from rules import exchange
from rules.close_combat import (
    do_break_free,
    do_draw,
    do_grapple,
    do_release,
    do_slam,
    do_takedown,
    enter,
)
from rules.errors import RuleError
from rules.grapple import HoldKind, TakedownStat
from rules.maneuver import Maneuver
from rules.strike import AttackRequest
from tests.unit.test_close_combat import OPTIONS, acting, fight
from tests.unit.test_grapple import dice


def _key(caught: pytest.ExceptionInfo[RuleError]) -> tuple[str, dict[str, object]]:
    return caught.value.key, caught.value.params


def test_a_grapple_is_the_turns_attack_r4_4_r11_2() -> None:
    """One attack a turn (R4.4): Bruno grapples (15 rolls 10 against 11 rolling 12) and has
    nothing left for a takedown, a second grapple or a blow, before anything is rolled."""
    encounter, grabbed = do_grapple(
        acting(fight(), "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    assert grabbed.done
    turn = encounter.get("1").turn
    assert (turn.maneuver, turn.attacks_used, turn.attacks_turn) == (Maneuver.attack, 1, 1)
    spent = {"combatant": "Bruno", "allowed": 1, "rules": "R4.4"}
    for again in (
        lambda: do_takedown(
            encounter, "Bruno", "Orc", stat=TakedownStat.st, roller=dice(), options=OPTIONS
        ),
        lambda: do_grapple(encounter, "Bruno", "Orc", roller=dice(), options=OPTIONS),
    ):
        with pytest.raises(RuleError) as caught:
            again()
        assert _key(caught) == ("close.no_attacks_left", spent)
    with pytest.raises(RuleError) as caught:
        exchange.attack(
            encounter, "1", "2", AttackRequest(weapon="knife"), roller=dice(), options=OPTIONS
        )
    assert _key(caught) == ("attack.no_attacks_left", spent)
    # His next turn brings the next attack: the takedown (ST 13 rolls 10 against 12 rolling 12).
    _, down = do_takedown(
        acting(encounter, "Bruno"),
        "Bruno",
        "Orc",
        stat=TakedownStat.st,
        roller=dice(10, 12),
        options=OPTIONS,
    )
    assert down.done


def test_a_blow_then_a_grapple_is_two_attacks_r4_4() -> None:
    """The knife strikes (13 rolls 16: a miss) and the grapple that follows is refused."""
    encounter = acting(fight(), "Bruno")
    struck = exchange.attack(
        encounter, "1", "2", AttackRequest(weapon="knife"), roller=dice(16), options=OPTIONS
    )
    assert struck.outcome is not None
    with pytest.raises(RuleError) as caught:
        do_grapple(struck.encounter, "Bruno", "Orc", roller=dice(), options=OPTIONS)
    assert caught.value.key == "close.no_attacks_left"


def test_close_combat_waits_for_the_actors_turn_r4_4() -> None:
    """In the Orc's turn Bruno neither grapples, slams nor steps in; before his first turn he
    is told it has not come yet. Letting go of a foe is no maneuver and may come any time."""
    orc_turn = acting(fight(), "Orc")
    for act in (
        lambda f: do_grapple(f, "Bruno", "Orc", roller=dice(), options=OPTIONS),
        lambda f: do_slam(f, "Bruno", "Orc", roller=dice(), options=OPTIONS),
        lambda f: enter(f, "Bruno", "Orc"),
    ):
        with pytest.raises(RuleError) as caught:
            act(orc_turn)
        assert _key(caught) == (
            "close.before_first_turn",
            {"combatant": "Bruno", "current": "Orc"},
        )
    had_a_turn = acting(acting(fight(), "Bruno"), "Orc")
    with pytest.raises(RuleError) as caught:
        do_grapple(had_a_turn, "Bruno", "Orc", roller=dice(), options=OPTIONS)
    assert _key(caught) == ("close.not_his_turn", {"combatant": "Bruno", "current": "Orc"})
    held, _ = do_grapple(
        acting(fight(), "Orc"), "Orc", "Bruno", roller=dice(10, 12), options=OPTIONS
    )
    # R11.11: breaking free is an attack of his own turn too.
    with pytest.raises(RuleError) as caught:
        do_break_free(held, "Bruno", roller=dice(), options=OPTIONS)
    assert caught.value.key == "close.before_first_turn"
    let_go, _ = do_release(held, "Orc", "Bruno")
    assert [h.kind for h in let_go.holds] == [HoldKind.close]


def test_a_wait_sets_a_grapple_off_out_of_turn_r5_11() -> None:
    """Bruno Waits in his turn; in the Orc's turn his grapple comes (15 rolls 10 against 11
    rolling 12) and is the attack the Wait became."""
    bruno_turn = acting(fight(), "Bruno")
    bruno = bruno_turn.get("1")
    waiting = bruno_turn.replace(
        bruno.model_copy(update={"turn": bruno.turn.model_copy(update={"maneuver": "wait"})})
    )
    orc_turn = acting(waiting, "Orc")
    after, grabbed = do_grapple(orc_turn, "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS)
    assert grabbed.done
    assert (after.get("1").turn.maneuver, after.get("1").turn.attacks_used) == (
        Maneuver.attack,
        1,
    )


def test_drawing_in_close_combat_is_the_turns_ready_r11_22() -> None:
    """R11.22 (DX 12 rolls 10: drawn) takes his Ready: no attack after it in that turn, and
    no draw after an attack."""
    drawn_turn, drawn = do_draw(
        acting(fight(), "Bruno"), "Bruno", None, roller=dice(10), options=OPTIONS
    )
    assert drawn.done
    assert drawn_turn.get("1").turn.maneuver is Maneuver.ready
    with pytest.raises(RuleError) as caught:
        do_grapple(drawn_turn, "Bruno", "Orc", roller=dice(), options=OPTIONS)
    assert caught.value.key == "maneuver.already_chosen"
    grabbed, _ = do_grapple(
        acting(fight(), "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    with pytest.raises(RuleError) as caught:
        do_draw(grabbed, "Bruno", None, roller=dice(), options=OPTIONS)
    assert caught.value.key == "maneuver.already_chosen"


def test_a_blow_out_of_turn_is_refused_unless_waiting_or_the_gm_allows_r4_4_r5_11() -> None:
    """In the Orc's turn Bruno's knife is refused before anything is rolled; from a Wait
    (R5.11) or with the GM's extra attack it is rolled (13 rolls 16: a miss)."""
    orc_turn = acting(acting(fight(), "Bruno"), "Orc")
    with pytest.raises(RuleError) as caught:
        exchange.attack(
            orc_turn, "1", "2", AttackRequest(weapon="knife"), roller=dice(), options=OPTIONS
        )
    assert _key(caught) == ("attack.not_his_turn", {"combatant": "Bruno", "current": "Orc"})
    allowed = exchange.attack(
        orc_turn,
        "1",
        "2",
        AttackRequest(weapon="knife", beyond_allowance=True),
        roller=dice(16),
        options=OPTIONS,
    )
    assert allowed.outcome is not None
    assert allowed.outcome.attack is not None
    bruno = orc_turn.get("1")
    waiting = orc_turn.replace(
        bruno.model_copy(update={"turn": bruno.turn.model_copy(update={"maneuver": "wait"})})
    )
    sprung = exchange.attack(
        waiting, "1", "2", AttackRequest(weapon="knife"), roller=dice(16), options=OPTIONS
    )
    assert sprung.outcome is not None
    assert sprung.encounter.get("1").turn.maneuver is Maneuver.attack
