"""Who strikes first when a Wait is set off (R5.11), shared by ``/attack`` and the
``/close-combat`` attacks: the longer weapon first, equal reaches a Quick Contest of skill,
a result that stands for the turn, and a close-combat attack (reach C, DX) that yields to a
foe's axe without rolling or spending anything."""

from __future__ import annotations

import pytest

from rules.close_combat import CloseAction, CloseOutcome, do_grapple, do_takedown, waited
from rules.encounter import Encounter
from rules.errors import RuleError
from rules.grapple import TakedownStat
from rules.maneuver import Maneuver
from rules.maneuver_limits import wait_contest
from rules.roller import DiceRoller
from tests.unit.test_close_combat import OPTIONS, acting, fight, unarmed
from tests.unit.test_grapple import dice


def _waiting(encounter: Encounter) -> Encounter:
    """Bruno chose Wait in his turn; now it is the Orc's turn and he comes near."""
    bruno_turn = acting(encounter, "Bruno")
    bruno = bruno_turn.get("1")
    waiting = bruno_turn.replace(
        bruno.model_copy(update={"turn": bruno.turn.model_copy(update={"maneuver": "wait"})})
    )
    return acting(waiting, "Orc")


def test_the_axe_outreaches_a_grapple_with_no_roll_r5_11() -> None:
    """Reach C (0) against the Orc's axe (reach 1): the axe strikes first; nothing rolled."""
    encounter = _waiting(fight())
    order = wait_contest(
        encounter.get("1"), encounter.get("2"), reach=0, skill=12, roller=dice(), options=OPTIONS
    )
    assert (order.waiter_reach, order.other_reach, order.contests) == (0, 1, ())
    assert not order.waiter_first
    assert order.rule_id == "R5.11"


def test_equal_reach_is_a_quick_contest_a_tie_rolled_again_r5_11() -> None:
    """The Orc has dropped his axe: bare hands, reach C and his DX 11. Bruno's DX 12: a tie
    (10 against 9, both by 2), then 9 (by 3) against 11 (by 0): Bruno first."""
    encounter = _waiting(unarmed(fight(), "2"))
    order = wait_contest(
        encounter.get("1"),
        encounter.get("2"),
        reach=0,
        skill=12,
        roller=dice(10, 9, 9, 11),
        options=OPTIONS,
    )
    assert order.other_reach == 0
    assert [(c.a.total, c.b.total) for c in order.contests] == [(10, 9), (9, 11)]
    assert [(c.a.effective_skill, c.b.effective_skill) for c in order.contests] == [(12, 11)] * 2
    assert order.waiter_first


def test_only_a_waiting_fighter_asks_r5_11() -> None:
    encounter = acting(fight(), "Bruno")
    with pytest.raises(RuleError) as caught:
        wait_contest(
            encounter.get("1"),
            encounter.get("2"),
            reach=0,
            skill=12,
            roller=dice(),
            options=OPTIONS,
        )
    assert (caught.value.key, caught.value.params) == ("attack.not_waiting", {"combatant": "Bruno"})


def test_a_waiting_grapple_yields_to_the_axe_and_keeps_the_wait_r5_11() -> None:
    """``waited``: the Orc's axe goes first; Bruno's grapple is not rolled, no attack is
    spent, he still Waits and holds nobody; asking again says the first result stands."""
    encounter = _waiting(fight())

    def grapple(f: Encounter, roller: DiceRoller) -> tuple[Encounter, CloseOutcome]:
        return do_grapple(f, "Bruno", "Orc", roller=roller, options=OPTIONS)

    after, outcome = waited(
        encounter,
        "Bruno",
        "Orc",
        grapple,
        action=CloseAction.grapple,
        roller=dice(),
        options=OPTIONS,
    )
    assert outcome.yielded
    assert not outcome.done
    assert (outcome.action, outcome.contest, outcome.rule_ids) == (
        CloseAction.grapple,
        None,
        ("R5.11",),
    )
    turn = after.get("1").turn
    assert (turn.maneuver, turn.attacks_used) == (Maneuver.wait, 0)
    assert not after.holds
    assert not turn.wait_orders["2"].waiter_first
    _, again = waited(
        after, "Bruno", "Orc", grapple, action=CloseAction.grapple, roller=dice(), options=OPTIONS
    )
    assert again.yielded
    assert again.wait_order is not None
    assert again.wait_order.earlier


def test_a_waiting_grapple_that_strikes_first_is_rolled_r5_11_r11_2() -> None:
    """Against bare hands the DX contest (12 rolls 10, 11 rolls 12) puts Bruno first; then
    the grapple (DX+3 = 15 rolls 10 against 11 rolling 12) holds him."""
    encounter = _waiting(unarmed(fight(), "2"))
    after, outcome = waited(
        encounter,
        "Bruno",
        "Orc",
        lambda f, roller: do_grapple(f, "Bruno", "Orc", roller=roller, options=OPTIONS),
        action=CloseAction.grapple,
        roller=dice(10, 12, 10, 12),
        options=OPTIONS,
    )
    assert outcome.done
    assert not outcome.yielded
    assert outcome.wait_order is not None
    assert outcome.wait_order.waiter_first
    assert outcome.rule_ids == ("R11.2",)
    assert after.get("1").turn.attacks_used == 1
    assert [h.kind.value for h in after.holds] == ["close", "grapple"]


def test_the_actions_refusal_comes_before_any_die_r5_11_r11_8() -> None:
    """A takedown needs a grapple first (R11.8): refused before the Wait contest rolls."""
    encounter = _waiting(unarmed(fight(), "2"))
    with pytest.raises(RuleError) as caught:
        waited(
            encounter,
            "Bruno",
            "Orc",
            lambda f, roller: do_takedown(
                f, "Bruno", "Orc", stat=TakedownStat.st, roller=roller, options=OPTIONS
            ),
            action=CloseAction.takedown,
            roller=dice(),
            options=OPTIONS,
        )
    assert caught.value.key == "close.needs_grapple"
