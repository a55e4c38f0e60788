"""Whose turn it is for a non-attack maneuver (R4.4, R4.5, R5.11): a player chooses his
fighter's maneuver in that fighter's own turn, or turns a Wait an enemy sets off into an
attack, a Feint or a Ready; the GM sets any fighter's maneuver at any time. Every refusal
comes before anything is rolled (the scripted dice are empty)."""

from __future__ import annotations

import pytest

from rules import exchange
from rules.encounter import Encounter
from rules.errors import RuleError
from rules.maneuver import AllOutDefenseOption, Maneuver
from rules.maneuver_choice import ManeuverRequest
from rules.strike import AttackRequest
from rules.turn import TurnSequence
from tests.unit.test_close_combat import OPTIONS, acting, fight
from tests.unit.test_grapple import dice

ALL_OUT_DEFENSE = ManeuverRequest(maneuver=Maneuver.all_out_defense)


def _choose(
    encounter: Encounter, request: ManeuverRequest, *totals: int, target: str | None = None
) -> Encounter:
    """Bruno ("1") takes ``request``; the new fight."""
    taken = exchange.maneuver(
        encounter, "1", target, request, roller=dice(*totals), options=OPTIONS
    )
    return taken.encounter


def _refusal(encounter: Encounter, request: ManeuverRequest) -> tuple[str, dict[str, object]]:
    with pytest.raises(RuleError) as caught:
        _choose(encounter, request)
    return caught.value.key, caught.value.params


def _waiting_in_the_orcs_turn() -> Encounter:
    """Bruno chose Wait in his turn; now it is the Orc's."""
    return acting(_choose(acting(fight(), "Bruno"), ManeuverRequest(maneuver=Maneuver.wait)), "Orc")


def test_a_player_cannot_take_all_out_defense_in_the_foes_turn_r4_4_r4_5() -> None:
    """Bruno had his turn without choosing; in the Orc's turn his All-Out Defense, which
    would double his defense against the Orc's blow (R5.12), is refused."""
    orc_turn = acting(acting(fight(), "Bruno"), "Orc")
    assert _refusal(orc_turn, ALL_OUT_DEFENSE) == (
        "maneuver.not_his_turn",
        {"combatant": "Bruno", "current": "Orc"},
    )


def test_the_gm_sets_a_maneuver_out_of_turn_r4_4() -> None:
    orc_turn = acting(acting(fight(), "Bruno"), "Orc")
    after = _choose(orc_turn, ALL_OUT_DEFENSE.model_copy(update={"by_gm": True}))
    turn = after.get("1").turn
    assert (turn.maneuver, turn.all_out_defense) == (
        Maneuver.all_out_defense,
        AllOutDefenseOption.double_defense,
    )


def test_a_player_chooses_in_his_own_turn_r4_4() -> None:
    after = _choose(acting(fight(), "Bruno"), ALL_OUT_DEFENSE)
    assert after.get("1").turn.maneuver == Maneuver.all_out_defense


def test_before_his_first_turn_nobody_chooses_for_him_r4_4() -> None:
    """In the Orc's turn of round 1 Bruno's first turn has not come: the player is told so,
    and the GM too (his turn would clear it, R4.4)."""
    orc_turn = acting(fight(), "Orc")
    assert _refusal(orc_turn, ALL_OUT_DEFENSE) == (
        "maneuver.before_first_turn",
        {"combatant": "Bruno", "current": "Orc"},
    )
    assert _refusal(orc_turn, ALL_OUT_DEFENSE.model_copy(update={"by_gm": True})) == (
        "maneuver.before_first_turn",
        {"combatant": "Bruno"},
    )


def test_before_the_fight_starts_a_player_prepares_r4_4() -> None:
    """No turn sequence yet (round 0): choices are preparations, nothing is counted."""
    unstarted = fight().model_copy(update={"sequence": TurnSequence()})
    assert _choose(unstarted, ALL_OUT_DEFENSE).get("1").turn.maneuver == Maneuver.all_out_defense


def test_a_wait_set_off_becomes_a_ready_not_an_all_out_defense_r5_11() -> None:
    """From his Wait, in the Orc's turn, Bruno may not switch to All-Out Defense nor Move;
    a Ready is what the Wait became, and then nothing more is left out of turn."""
    waiting = _waiting_in_the_orcs_turn()
    for other in (Maneuver.all_out_defense, Maneuver.move, Maneuver.aim):
        assert _refusal(waiting, ManeuverRequest(maneuver=other, target_id="2")) == (
            "maneuver.not_from_wait",
            {"combatant": "Bruno", "current": "Orc", "maneuver": other.value},
        )
    readied = _choose(waiting, ManeuverRequest(maneuver=Maneuver.ready))
    assert readied.get("1").turn.maneuver == Maneuver.ready
    assert _refusal(readied, ALL_OUT_DEFENSE) == (
        "maneuver.not_his_turn",
        {"combatant": "Bruno", "current": "Orc"},
    )


def test_a_wait_set_off_becomes_a_feint_r5_11_r5_9() -> None:
    """Bruno's knife 13 rolls 10 against the Orc's axe 12 rolling 12: the Feint is rolled in
    the Orc's turn, from the Wait: margins 3 and 0, the Orc defends at -3 (R5.9)."""
    roller = dice(10, 12)
    taken = exchange.maneuver(
        _waiting_in_the_orcs_turn(),
        "1",
        "2",
        ManeuverRequest(maneuver=Maneuver.feint),
        roller=roller,
        options=OPTIONS,
    )
    assert taken.encounter.get("1").turn.maneuver == Maneuver.feint
    assert taken.outcome is not None
    assert taken.outcome.feint is not None
    feint = taken.outcome.feint
    assert (feint.attacker_skill, feint.defender_skill, feint.penalty) == (13, 12, 3)
    assert roller.remaining == 0


def test_what_his_state_allows_is_asked_first_r7_10() -> None:
    """A stunned Bruno out of turn is told he is stunned, as an attack would tell him."""
    orc_turn = acting(acting(fight(), "Bruno"), "Orc")
    bruno = orc_turn.get("1")
    stunned = orc_turn.replace(bruno.with_sheet(bruno.combatant.with_state(stunned=True)))
    key, _ = _refusal(stunned, ALL_OUT_DEFENSE)
    assert key == "maneuver.restricted.stunned"


def test_in_his_own_turn_a_wait_stands_as_any_maneuver_r4_4_r5_11() -> None:
    """R4.4: one maneuver a turn. Bruno chose Wait in his turn; still in it, nothing has set
    the Wait off (R5.11: it waits for an enemy before his next turn), so a Move, an All-Out
    Defense or a Ready is a second maneuver: refused as any is, for the player and the GM
    alike (undo first), and a blow too. Refused before anything is rolled (no dice)."""
    waiting = _choose(acting(fight(), "Bruno"), ManeuverRequest(maneuver=Maneuver.wait))
    for other in (Maneuver.move, Maneuver.all_out_defense, Maneuver.ready):
        for by_gm in (False, True):
            request = ManeuverRequest(maneuver=other, by_gm=by_gm)
            assert _refusal(waiting, request) == ("maneuver.already_chosen", {"combatant": "Bruno"})
    with pytest.raises(RuleError) as caught:
        exchange.attack(waiting, "1", "2", AttackRequest(), roller=dice(), options=OPTIONS)
    assert caught.value.key == "maneuver.already_chosen"
    assert waiting.get("1").turn.maneuver == Maneuver.wait


def test_a_wait_in_his_own_turn_takes_one_of_his_extra_maneuvers_r5_28_r5_11() -> None:
    """R5.28: Altered Time Rate 1 gives Bruno two maneuvers a turn. In his own turn the Wait is
    the first of them (it stands, R4.4): a Move is his second, and a third is refused."""
    turn_came = acting(fight(altered_time_rate=1), "Bruno")
    moved = _choose(
        _choose(turn_came, ManeuverRequest(maneuver=Maneuver.wait)),
        ManeuverRequest(maneuver=Maneuver.move),
    )
    assert (moved.get("1").turn.maneuver, moved.get("1").turn.other_maneuvers) == (
        Maneuver.move,
        2,
    )
    assert _refusal(moved, ManeuverRequest(maneuver=Maneuver.ready)) == (
        "maneuver.no_maneuvers_left",
        {"combatant": "Bruno", "allowed": 2, "rules": "R5.28"},
    )
