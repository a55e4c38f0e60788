"""Fighting in or under water keeps deep water's one Swimming schedule (R13.4, R13.5, R9.3):
the footing sets the same in-water state R9.3 reads, the one tick rolls at most once a
second, at the sooner of the two rules' waits."""

from __future__ import annotations

import pytest

from rules.breath import into_water, next_roll_in, swallowed_water
from rules.close_combat import do_choke, do_grapple
from rules.combatant import Combatant, InWater, SwimState
from rules.encounter import Encounter, EncounterCombatant
from rules.exchange import take_ground
from rules.hazards import HazardKind, enter_water, out_of_water, tick_passed
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.turn import TurnEvent, TurnEventKind, Water
from tests.unit.test_close_combat import acting, fight, unarmed
from tests.unit.test_grapple import dice

OPTIONS = RuleOptions()
_NO_ROLL = {"roller": ScriptedDice([]), "options": OPTIONS}
"""Changing footing rolls nothing unless he comes up after two minutes without air (R9.2)."""


def _pool(*, swimming: int | None = 12, ht: int = 10, encumbrance: int = 0) -> Encounter:
    skills = {"swimming": swimming} if swimming is not None else {}
    al = Combatant.create(
        name="Al", attributes={"ht": ht}, skills=skills, encumbrance_level=encumbrance
    )
    return Encounter(
        name="Pool",
        gm_id=1,
        combatants=(EncounterCombatant(combatant_id="1", side="npc", combatant=al),),
    )


def _jumped_in(fight: Encounter, modifiers: tuple[tuple[str, int], ...] = ()) -> Encounter:
    """Al goes into deep water with Swimming 12 (``/breath drown``, R9.3)."""
    al = fight.get("1")
    state = enter_water(al.combatant.state, 12, modifiers)
    return fight.replace(al.with_sheet(al.combatant.with_state(state)))


def _second(fight: Encounter, round_: int, dice: ScriptedDice) -> tuple[Encounter, int]:
    event = TurnEvent(
        kind=TurnEventKind.TURN_STARTED, round=round_, combatant_id="1", rule_id="R4.4"
    )
    fight, ticks = tick_passed(fight, [event], dice)
    return fight, sum(1 for tick in ticks if tick.kind is HazardKind.SWIM)


def _water(fight: Encounter) -> InWater:
    water = fight.get("1").combatant.state.water
    assert water is not None
    return water


@pytest.mark.parametrize(
    ("state", "footing", "seconds"),
    [
        (SwimState.CALM, None, 300),
        (SwimState.STRUGGLING, None, 5),
        (SwimState.RECOVERING, None, 60),
        (SwimState.CALM, Water.underwater, 2),
        (SwimState.STRUGGLING, Water.underwater, 2),
        (SwimState.RECOVERING, Water.underwater, 2),
        (SwimState.CALM, Water.in_water, 5),
        (SwimState.STRUGGLING, Water.in_water, 5),
        (SwimState.RECOVERING, Water.in_water, 5),
    ],
)
def test_one_schedule_the_sooner_wait_r9_3_r13_4_r13_5(
    state: SwimState, footing: Water | None, seconds: int
) -> None:
    """R9.3's waits (5 min calm, 5 s struggling, 1 min recovering), cut to every 2 rounds
    under water (R13.4) and every 5 in water above the knee (R13.5)."""
    assert next_roll_in(state, footing) == seconds


def test_drowning_and_fighting_under_water_roll_once_a_second_r9_3_r13_4() -> None:
    """Al (Swimming 12, +3 on purpose: 15) jumps into deep water (R9.3) and fights under
    water (R13.4). Second 0 rolls 16: 1 FP, struggling, the next roll 2 s on (not 5); second
    2 rolls 9: recovering; second 4 rolls 9: calm, and the next still 2 s on (not 5 min).
    Rounds 2 and 4 roll nothing: five seconds, three rolls, never two in one second. Gone
    under, he holds his breath (HT 10 fighting, R9.1): 5 of its 10 seconds left."""
    fight = _jumped_in(_pool(), (("intentional", 3),))
    fight = take_ground(fight, "1", height=None, water=Water.underwater, **_NO_ROLL).encounter
    assert _water(fight).modifiers == (("intentional", 3),)
    dice = ScriptedDice([6, 6, 4, 3, 3, 3, 3, 3, 3])
    counts = []
    for round_ in range(1, 6):
        fight, found = _second(fight, round_, dice)
        counts.append(found)
    assert counts == [1, 0, 1, 0, 1]
    assert dice.remaining == 0
    water = _water(fight)
    assert (water.state, water.seconds, water.next_roll_at) == (SwimState.CALM, 5, 6)
    assert fight.get("1").combatant.state.fp == 9
    assert fight.get("1").combatant.state.breath_left == 5


def test_the_ticks_name_the_rule_whose_pace_they_keep_r13_4_r13_5_r9_3() -> None:
    """Under water the roll cites R13.4 and says the next one is 2 s away; in water above the
    knee R13.5, 5 s; deep water alone R9.3, 5 min."""
    for footing, rule, wait in (
        (Water.underwater, "R13.4", 2),
        (Water.in_water, "R13.5", 5),
        (None, "R9.3", 300),
    ):
        fight = _pool()
        al = fight.get("1").combatant
        fight = fight.replace(
            fight.get("1").with_sheet(al.with_state(enter_water(al.state, 12, ())))
        )
        if footing is not None:
            fight = take_ground(fight, "1", height=None, water=footing, **_NO_ROLL).encounter
        event = TurnEvent(
            kind=TurnEventKind.TURN_STARTED, round=1, combatant_id="1", rule_id="R4.4"
        )
        fight, ticks = tick_passed(fight, [event], ScriptedDice([3, 3, 3]))
        swims = [t for t in ticks if t.kind is HazardKind.SWIM]
        assert [(t.rule_id, t.next_in, t.swim.then if t.swim else None) for t in swims] == [
            (rule, wait, SwimState.CALM)
        ]


def test_the_footing_puts_him_in_the_water_r13_4_r13_5() -> None:
    """No Swimming on the sheet: HT 10 - 4 = 6 (B224), -2 for Light encumbrance (R9.3): 4,
    a roll at his next second. Dry ground ends it."""
    fight = _pool(swimming=None, encumbrance=1)
    taken = take_ground(fight, "1", height=None, water=Water.in_water, **_NO_ROLL)
    assert taken.swimming == InWater(skill=6, modifiers=(("encumbrance", -2),))
    assert taken.swimming.target == 4
    assert taken.turn.water is Water.in_water
    dry = take_ground(taken.encounter, "1", height=None, water=False, **_NO_ROLL)
    assert (dry.swimming, dry.turn.water) == (None, None)
    height_only = take_ground(taken.encounter, "1", height=None, water=None, **_NO_ROLL)
    assert height_only.swimming == taken.swimming


def test_diving_under_brings_the_next_roll_sooner_r13_4_r13_5() -> None:
    """In water above the knee, calm, his next roll at second 9 (5 after one at 4) and 7 s in
    the water: diving under puts it no later than 2 s from now (second 6), keeping his
    state; back up, it is not put off."""
    sheet = Combatant.create(name="Al", attributes={"ht": 10})
    calm = InWater(skill=12, state=SwimState.CALM, seconds=7, next_roll_at=9, swam=True)
    sheet = sheet.with_state(water=calm)
    under = into_water(sheet, Water.underwater)
    assert under == calm.model_copy(update={"next_roll_at": 8})
    assert into_water(sheet.with_state(water=under), Water.in_water) == under
    assert into_water(sheet, None) is None


def test_gear_shed_and_failed_under_water_next_roll_in_2_r9_4_r13_4() -> None:
    """R9.4's failure makes him struggle: the next roll 5 s from now in deep water, 2 s while
    he fights under water."""
    water = InWater(skill=12, state=SwimState.CALM, seconds=4, next_roll_at=300, swam=True)
    assert swallowed_water(water).next_roll_at == 3 + 5
    assert swallowed_water(water, Water.underwater).next_roll_at == 3 + 2


def test_out_of_the_water_ends_both_r9_3_r13_5() -> None:
    """Out of the water: no Swimming schedule and no footing in it."""
    fight = take_ground(_pool(), "1", height=None, water=Water.in_water, **_NO_ROLL).encounter
    out = out_of_water(fight.get("1"))
    assert (out.combatant.state.water, out.turn.water) == (None, None)


@pytest.mark.parametrize(
    ("footing", "injury", "note"),
    [
        (Water.underwater, 3, "close.note.water_underwater"),
        (Water.in_water, 4, "close.note.water_in_water"),
    ],
)
def test_a_choke_from_the_water_does_part_of_its_damage_r13_4_r13_5(
    footing: Water, injury: int, note: str
) -> None:
    """R11.10's margin is damage like any other: Bruno (ST 13) chokes the orc from the water,
    ST rolls 7 (+6), HT 11 rolls 12 (-1): a margin of 7, halved under water to 3 (R13.4),
    ×2/3 in water above the knee to 4 (R13.5), rounded down."""
    encounter = take_ground(unarmed(fight()), "1", height=None, water=footing, **_NO_ROLL).encounter
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    _, choked = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(7, 12), options=OPTIONS
    )
    assert choked.damage is not None
    assert (choked.damage.basic_damage, choked.damage.injury) == (injury, injury)
    assert choked.notes == ("close.note.not_breathing", note)


def test_out_of_the_water_the_choke_does_all_of_it_r11_10() -> None:
    """Dry, the same margin of 7 does 7, and no note of water."""
    encounter, _ = do_grapple(
        acting(unarmed(fight()), "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    _, choked = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(7, 12, 6, 10), options=OPTIONS
    )
    assert choked.damage is not None
    assert choked.damage.basic_damage == 7
    assert choked.notes == ("close.note.not_breathing",)
