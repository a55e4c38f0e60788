"""A choke stops the victim's breath for as long as it lasts (R11.10 with R9.1, R9.2): his
held breath runs down a second at each of his places in the turn order, then 1 FP a second;
the hold's end lets him breathe again."""

from __future__ import annotations

from rules.breath import IQ_LOSS_SECONDS
from rules.close_combat import do_break_free, do_choke, do_grapple, do_pin, do_release
from rules.encounter import Encounter
from rules.grapple import HoldKind
from rules.hazards import HazardKind, hold_breath, tick_fighter
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from tests.unit.test_close_combat import acting, fight, unarmed
from tests.unit.test_grapple import dice

OPTIONS = RuleOptions()


def choked() -> Encounter:
    """Bruno (ST 13, his knife put away: both hands on the throat, R11.10) grapples the orc
    (HT 11, FP 11) and chokes him: ST 13 rolls 7 (+6), HT 11 rolls 12 (-1), 7 crushing at the
    neck; his windpipe holds (HT 11 - 3 rolls 6, R7.29); the major wound's HT roll is a 10."""
    encounter = unarmed(fight())
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    encounter, _ = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(7, 12, 6, 10), options=OPTIONS
    )
    return encounter


def seconds(encounter: Encounter, count: int) -> Encounter:
    """``count`` of the orc's seconds (his places in the turn order), no dice needed."""
    for n in range(count):
        fighter, _ = tick_fighter(encounter.get("2"), n + 1, ScriptedDice([]), OPTIONS)
        encounter = encounter.replace(fighter)
    return encounter


def test_the_choke_starts_his_held_breath_r11_10_r9_1() -> None:
    """R9.1: fighting, HT 11 holds 11 seconds."""
    encounter = choked()
    orc = encounter.get("2").combatant.state
    assert orc.breath_left == 11
    assert orc.airless_seconds == 0
    (grip,) = [h for h in encounter.holds if h.kind is HoldKind.grapple]
    assert grip.choking
    assert grip.stops_breath


def test_his_breath_runs_down_then_1_fp_a_second_r9_2() -> None:
    encounter = choked()
    encounter = seconds(encounter, 11)
    orc = encounter.get("2").combatant.state
    assert (orc.breath_left, orc.fp) == (0, 11)
    fighter, ticks = tick_fighter(encounter.get("2"), 12, ScriptedDice([]), OPTIONS)
    assert [t.kind for t in ticks] == [HazardKind.SUFFOCATING]
    assert ticks[0].rule_id == "R9.2"
    assert (fighter.combatant.state.fp, fighter.combatant.state.airless_seconds) == (10, 1)


def test_choking_again_keeps_the_count_r11_10() -> None:
    """A second choke hurts by its margin again but does not give him his breath back."""
    encounter = seconds(choked(), 5)
    # ST 13 rolls 9 (+4), HT 11 rolls 11 (0): 4 more; no major wound this time.
    encounter, again = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(9, 11), options=OPTIONS
    )
    assert again.damage is not None
    assert again.damage.injury == 4
    assert encounter.get("2").combatant.state.breath_left == 6


def test_letting_go_lets_him_breathe_r9_2() -> None:
    encounter = seconds(choked(), 13)
    assert encounter.get("2").combatant.state.airless_seconds == 2
    released, _ = do_release(encounter, "Bruno", "Orc")
    orc = released.get("2").combatant.state
    assert (orc.breath_left, orc.airless_seconds, orc.fp) == (None, 0, 9)
    # Breathing, his seconds cost nothing more.
    fighter, ticks = tick_fighter(released.get("2"), 14, ScriptedDice([]), OPTIONS)
    assert ticks == []
    assert fighter.combatant.state.fp == 9


def test_breaking_free_or_a_pin_ends_the_choke_r11_9_r11_11() -> None:
    encounter = seconds(choked(), 3)
    # R11.11: ST 12 rolls 6 (+6) against ST 13 rolls 14 (-1): free, and breathing.
    free, broke = do_break_free(
        acting(encounter, "Orc"), "Orc", roller=dice(6, 14), options=OPTIONS
    )
    assert broke.done
    assert free.get("2").combatant.state.breath_left is None
    # The orc is on the ground (the major wound's knockdown is not rolled here: set it).
    orc = encounter.get("2")
    down = encounter.replace(orc.with_sheet(orc.combatant.with_state(posture="prone")))
    # R11.9: ST 13 rolls 8 against ST 12 rolls 14: the pin takes both hands off his throat.
    pinned, pin = do_pin(acting(down, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS)
    assert pin.done
    assert [h.kind for h in pinned.holds] == [HoldKind.close, HoldKind.pin]
    assert pinned.get("2").combatant.state.breath_left is None


def test_the_choker_falling_lets_him_breathe() -> None:
    encounter = seconds(choked(), 3)
    bruno = encounter.get("1")
    out = encounter.replace(bruno.with_sheet(bruno.combatant.with_state(unconscious=True)))
    assert out.holds == ()
    assert out.get("2").combatant.state.breath_left is None


def test_a_fighter_already_out_of_air_keeps_his_own_count() -> None:
    """Under water with 4 seconds left: the choke neither restarts his count nor, let go,
    gives him air."""
    encounter = unarmed(fight())
    orc = encounter.get("2")
    encounter = encounter.replace(
        orc.with_sheet(orc.combatant.with_state(hold_breath(orc.combatant.state, 4)))
    )
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    encounter, _ = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(7, 12, 6, 10), options=OPTIONS
    )
    assert encounter.get("2").combatant.state.breath_left == 4
    (grip,) = [h for h in encounter.holds if h.kind is HoldKind.grapple]
    assert grip.choking
    assert not grip.stops_breath
    released, _ = do_release(encounter, "Bruno", "Orc")
    assert released.get("2").combatant.state.breath_left == 4


def test_more_than_2_minutes_without_air_rolls_ht_at_his_next_second_r9_2() -> None:
    """Let go after 121 seconds without air: breathing, and at his next second HT 11 rolls
    12: 1 IQ lost for good."""
    encounter = choked()
    orc = encounter.get("2")
    state = orc.combatant.state.model_copy(
        update={"breath_left": 0, "airless_seconds": IQ_LOSS_SECONDS + 1, "fainted_airless": 22}
    )
    encounter = encounter.replace(orc.with_sheet(orc.combatant.with_state(state)))
    released, _ = do_release(encounter, "Bruno", "Orc")
    orc_state = released.get("2").combatant.state
    assert (orc_state.breath_left, orc_state.airless_seconds) == (None, IQ_LOSS_SECONDS + 1)
    fighter, ticks = tick_fighter(released.get("2"), 5, dice(12), OPTIONS)
    assert [t.kind for t in ticks] == [HazardKind.AIR]
    assert ticks[0].air is not None
    assert ticks[0].air.iq_lost == 1
    assert fighter.combatant.attributes.iq == 9
    assert fighter.combatant.state.airless_seconds == 0
    # HT 11 rolls 11: his IQ stays.
    kept, ticks = tick_fighter(released.get("2"), 5, dice(11), OPTIONS)
    assert ticks[0].air is not None
    assert ticks[0].air.iq_lost == 0
    assert kept.combatant.attributes.iq == 10
