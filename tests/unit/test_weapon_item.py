"""The usages of one weapon are one weapon (``Weapon.item``): GCS lists a sword once per usage
(``Swung``, ``Thrust``), and the rules about the physical object follow the item, not the
usage: the repeated-parry penalty (A.4), dropping and picking up (R7.8, R11.4, R11.5,
R11.22, R5.5), out of hand after an unbalanced blow (R5.5) and the hand holding it (R7.16).
A weapon without ``item`` is its own, as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.attack_resolution import resolve_attack
from rules.character import export_sheet, import_sheet, sheet_problems
from rules.close_combat import do_draw, do_grab_weapon, do_wrest
from rules.combatant import BodyPart, Combatant, Weapon
from rules.damage import DamageSpec, DamageType
from rules.defense import DefenseOptions
from rules.defense_resolution import DefenseChoice, resolve_defense
from rules.encounter import Encounter, EncounterCombatant
from rules.errors import RuleError
from rules.gcs import import_gcs
from rules.injury import apply_hit
from rules.maneuver import DefenseKind, Maneuver
from rules.maneuver_choice import ManeuverRequest, take_maneuver
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.strike import AttackRequest
from rules.turn import TurnSequence
from tests.unit.test_close_combat import acting, later
from tests.unit.test_grapple import dice

OPTIONS = RuleOptions()
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gcs" / "two_usages.gcs"

SWORD = [
    {"name": "Sword (Swung)", "skill": 14, "damage": "sw+1 cut", "item": "Sword"},
    {"name": "Sword (Thrust)", "skill": 14, "damage": "thr+1 imp", "item": "Sword"},
    {"name": "Dagger", "skill": 12, "damage": "thr-1 imp", "reach": "C", "parry_modifier": -1},
]
"""A sword of two usages (Parry 3 + 14/2 = 10) and a dagger of its own (3 + 6 - 1 = 8)."""


def fighter(cid: str, name: str, weapons: list[dict[str, Any]], **sheet: Any) -> EncounterCombatant:
    attributes = sheet.pop("attributes", {"st": 12, "dx": 12, "ht": 12})
    return EncounterCombatant(
        combatant_id=cid,
        side="a",
        combatant=Combatant.create(name=name, attributes=attributes, weapons=weapons, **sheet),
    )


def _without_items(weapons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in w.items() if k != "item"} for w in weapons]


KNIGHT = fighter("k", "Knight", SWORD)
ORC = fighter("o", "Orc", [{"name": "axe", "skill": 12, "damage": "sw+2 cut"}])


def _parries(outcome: Any) -> dict[str | None, int]:
    defenses = outcome.defenses
    assert isinstance(defenses, DefenseOptions)
    return {o.weapon: o.value for o in defenses.options if o.kind is DefenseKind.parry}


def _refused(outcome: Any) -> dict[str | None, str]:
    defenses = outcome.defenses
    assert isinstance(defenses, DefenseOptions)
    return {r.weapon: r.key for r in defenses.refused if r.kind is DefenseKind.parry}


def test_item_name_is_the_item_or_the_weapons_own_name() -> None:
    swung, thrust, dagger = KNIGHT.combatant.weapons
    assert (swung.item_name, thrust.item_name, dagger.item_name) == ("Sword", "Sword", "Dagger")
    assert KNIGHT.combatant.usages_of(thrust) == (swung, thrust)
    assert KNIGHT.combatant.usages_of(dagger) == (dagger,)
    assert KNIGHT.combatant.item_of("Sword (Thrust)") == "Sword"
    assert KNIGHT.combatant.item_of("brawling") == "brawling"  # an unarmed parry's skill
    # A blank item is no item.
    assert Weapon(name="club", skill=10, damage="sw cr", item="  ").item is None


@pytest.mark.parametrize(
    ("weapons", "after"),
    [
        (SWORD, {"Sword (Swung)": 6, "Sword (Thrust)": 6, "Dagger": 8}),
        (_without_items(SWORD), {"Sword (Swung)": 6, "Sword (Thrust)": 10, "Dagger": 8}),
    ],
    ids=["one sword, two usages", "no item: two weapons"],
)
def test_two_usages_of_one_sword_share_the_repeated_parry_count_a_4(
    weapons: list[dict[str, Any]], after: dict[str, int]
) -> None:
    """A.4: parries with the same weapon after the first are at a cumulative -4. One parry with
    the sword's swing: its thrust is the same sword, 10 - 4 = 6; the dagger stays 8. Without
    ``item`` the two lines are two weapons, the thrust a fresh 10 (the behaviour kept)."""
    knight = fighter("k", "Knight", weapons)
    first = resolve_attack(ORC, knight, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _parries(first) == {"Sword (Swung)": 10, "Sword (Thrust)": 10, "Dagger": 8}
    parried = resolve_defense(
        first.pending,  # type: ignore[arg-type]
        knight.combatant,
        knight.turn,
        DefenseChoice(kind=DefenseKind.parry, weapon_index=0),
        roller=ScriptedDice([2, 3, 3]),
        options=OPTIONS,
    )
    assert parried.defended
    item = "Sword" if weapons is SWORD else "Sword (Swung)"
    assert parried.target_turn.weapon_parries == {item: 1}
    knight = knight.model_copy(update={"turn": parried.target_turn})
    second = resolve_attack(ORC, knight, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _parries(second) == after
    # The count ends with his turn, for every usage (A.4: "this turn").
    rested = knight.model_copy(update={"turn": parried.target_turn.new_turn()})
    third = resolve_attack(ORC, rested, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _parries(third) == {"Sword (Swung)": 10, "Sword (Thrust)": 10, "Dagger": 8}


def test_knocked_down_he_drops_the_sword_once_and_a_ready_picks_up_both_usages_r7_8_r5_5() -> None:
    """R7.8: HT 12, 8 cr to the torso (HP 12: Major Wound), knockdown roll 13 fails: he drops
    what he holds, the sword (both usages) and the dagger. A Ready naming the thrust picks the
    sword up (R5.5: two turns from the ground): the swing is then unready too; the second
    Ready readies the sword, and the swing strikes. The dagger still lies there."""
    sheet = KNIGHT.combatant
    assert [sheet.parry(w) for w in sheet.weapons] == [10, 10, 8]
    hit = apply_hit(
        sheet,
        DamageSpec(basic_damage=8, damage_type=DamageType.CR),
        ScriptedDice([4, 4, 5]),
    )
    assert hit.state.knocked_down
    assert hit.state.dropped == frozenset({"Sword", "Dagger"})
    down = KNIGHT.with_sheet(hit.combatant.with_state(stunned=False))
    assert [down.combatant.parry(w) for w in down.combatant.weapons] == [None, None, None]
    struck = resolve_attack(ORC, down, AttackRequest(), ScriptedDice([3, 4, 4]), OPTIONS)
    assert _refused(struck) == dict.fromkeys(
        ("Sword (Swung)", "Sword (Thrust)", "Dagger"), "defend.weapon_dropped"
    )
    with pytest.raises(RuleError) as info:
        resolve_attack(down, ORC, AttackRequest(weapon="Sword (Swung)"), dice(), OPTIONS)
    assert info.value.key == "attack.weapon_dropped"

    ready = ManeuverRequest(maneuver=Maneuver.ready, weapon="Sword (Thrust)")
    first = take_maneuver(down, None, ready, ScriptedDice([]), OPTIONS)
    assert first.combatant.state.dropped == frozenset({"Dagger"})
    assert first.turn.unready_weapons == {"Sword": 1}
    assert first.readying is not None
    assert (first.readying.weapon, first.readying.picked_up, first.readying.turns_left) == (
        "Sword",
        True,
        1,
    )
    lifted = down.with_sheet(first.combatant).model_copy(update={"turn": first.turn})
    with pytest.raises(RuleError) as info:
        resolve_attack(lifted, ORC, AttackRequest(weapon="Sword (Swung)"), dice(), OPTIONS)
    assert (info.value.key, info.value.params["turns"]) == ("attack.weapon_unready", 1)

    lifted = lifted.model_copy(update={"turn": first.turn.new_turn()})
    again = ManeuverRequest(maneuver=Maneuver.ready, weapon="Sword (Swung)")
    second = take_maneuver(lifted, None, again, ScriptedDice([]), OPTIONS)
    assert second.turn.unready_weapons == {}
    up = lifted.with_sheet(second.combatant).model_copy(update={"turn": second.turn.new_turn()})
    blow = resolve_attack(up, ORC, AttackRequest(weapon="Sword (Swung)"), dice(18), OPTIONS)
    assert blow.attack.roll.total == 18
    with pytest.raises(RuleError) as info:
        resolve_attack(up, ORC, AttackRequest(weapon="Dagger"), dice(), OPTIONS)
    assert info.value.key == "attack.weapon_dropped"


def test_a_ready_with_no_weapon_named_picks_up_the_first_usage_of_the_item_r7_8() -> None:
    """R7.8, R5.5: the sword lies on the ground; a Ready naming nothing takes it up, as the
    item (``Sword``), the dagger in hand."""
    down = KNIGHT.with_sheet(KNIGHT.combatant.dropping(KNIGHT.combatant.weapons[1]))
    assert down.combatant.state.dropped == frozenset({"Sword"})
    first = take_maneuver(
        down, None, ManeuverRequest(maneuver=Maneuver.ready), ScriptedDice([]), OPTIONS
    )
    assert first.combatant.state.dropped == frozenset()
    assert first.turn.unready_weapons == {"Sword": 1}


BILL = [
    {
        "name": "Bill (Swung)",
        "skill": 12,
        "damage": "sw+4 cut",
        "reach": "2,3",
        "unbalanced": True,
        "min_st": 12,
        "two_handed": True,
        "item": "Bill",
    },
    {
        "name": "Bill (Thrust)",
        "skill": 12,
        "damage": "thr+3 imp",
        "reach": "1-3",
        "two_handed": True,
        "item": "Bill",
    },
]
"""A polearm whose swing is unbalanced (``0U``) and whose thrust is not: Parry 3 + 6 = 9."""


@pytest.mark.parametrize(
    ("st", "unready", "refusal"),
    [(12, {"Bill": 1}, "defend.weapon_unready"), (17, {}, "defend.unbalanced_struck")],
)
def test_a_swing_that_leaves_the_bill_unready_takes_its_thrust_too_r5_5(
    st: int, unready: dict[str, int], refusal: str
) -> None:
    """R5.5: the swing, unbalanced, leaves the bill out of hand (ST 12, its minimum: a turn of
    Ready): the thrust, balanced itself, is the same polearm and neither parries nor strikes.
    ST 17 (5 over) needs no Ready, but no usage parries in the turn the swing struck."""
    guard = fighter("g", "Guard", BILL, attributes={"st": st, "dx": 11, "ht": 11})
    blow = resolve_attack(guard, KNIGHT, AttackRequest(weapon="Bill (Swung)"), dice(18), OPTIONS)
    assert blow.attacker_turn.unready_weapons == unready
    assert blow.attacker_turn.struck_with == ("Bill (Swung)",)
    guard = guard.model_copy(update={"turn": blow.attacker_turn})
    struck = resolve_attack(KNIGHT, guard, AttackRequest(), dice(10), OPTIONS)
    assert _parries(struck) == {}
    assert _refused(struck) == dict.fromkeys(("Bill (Swung)", "Bill (Thrust)"), refusal)
    if unready:
        with pytest.raises(RuleError) as info:
            resolve_attack(
                guard,
                KNIGHT,
                AttackRequest(weapon="Bill (Thrust)", beyond_allowance=True),
                dice(),
                OPTIONS,
            )
        assert (info.value.key, info.value.params["weapon"]) == (
            "attack.weapon_unready",
            "Bill (Thrust)",
        )


def test_a_thrust_leaves_the_bill_ready_to_parry_with_either_usage_r5_5() -> None:
    """R5.5 is about the blow's balance: the balanced thrust struck, so both usages parry
    (9) in that turn, though the swing's line is unbalanced."""
    guard = fighter("g", "Guard", BILL, attributes={"st": 12, "dx": 11, "ht": 11})
    blow = resolve_attack(guard, KNIGHT, AttackRequest(weapon="Bill (Thrust)"), dice(18), OPTIONS)
    assert blow.attacker_turn.unready_weapons == {}
    guard = guard.model_copy(update={"turn": blow.attacker_turn})
    struck = resolve_attack(KNIGHT, guard, AttackRequest(), dice(10), OPTIONS)
    assert _parries(struck) == {"Bill (Swung)": 9, "Bill (Thrust)": 9}


def test_both_usages_of_the_first_weapon_are_in_the_right_hand_r7_16() -> None:
    """R7.16 with R6.6's hands: the sheet's first weapon is in the right hand, the others in
    the left. The sword's thrust is the same sword, in the right hand: a crippled left arm
    takes only the dagger; a crippled right arm takes both usages of the sword."""
    left = KNIGHT.with_sheet(KNIGHT.combatant.with_state(crippled=frozenset({BodyPart.LEFT_ARM})))
    struck = resolve_attack(ORC, left, AttackRequest(), dice(10), OPTIONS)
    assert _parries(struck) == {"Sword (Swung)": 10, "Sword (Thrust)": 10}
    assert _refused(struck) == {"Dagger": "defend.weapon_crippled"}
    right = KNIGHT.with_sheet(KNIGHT.combatant.with_state(crippled=frozenset({BodyPart.RIGHT_ARM})))
    struck = resolve_attack(ORC, right, AttackRequest(), dice(10), OPTIONS)
    assert _parries(struck) == {"Dagger": 8}


def _close_fight() -> Encounter:
    """The knight and the orc, round 1, for close combat (R11.4, R11.5, R11.22)."""
    knight = fighter("1", "Knight", SWORD, weight_kg=80)
    orc = fighter(
        "2",
        "Orc",
        [{"name": "axe", "skill": 12, "damage": "sw+2 cut"}],
        attributes={"st": 12, "dx": 11, "ht": 11},
        weight_kg=72,
    )
    return Encounter(
        name="Brawl",
        gm_id=1,
        sequence=TurnSequence(round=1),
        combatants=(
            knight.model_copy(update={"side": "pc"}),
            orc.model_copy(update={"side": "npc"}),
        ),
        next_number=3,
    )


def test_forcing_the_sword_arm_drops_every_usage_r11_5() -> None:
    """R11.5: the orc grabs the arm holding the sword's thrust and wins the ST contest: the
    sword falls, swing and thrust alike; the dagger stays in hand."""
    encounter, _ = do_grab_weapon(
        acting(_close_fight(), "Orc"),
        "Orc",
        "Knight",
        weapon="Sword (Thrust)",
        arm=True,
        roller=dice(8, 14),
        options=OPTIONS,
    )
    encounter, forced = do_wrest(
        acting(later(encounter), "Orc"), "Orc", "Knight", roller=dice(8, 14), options=OPTIONS
    )
    assert forced.done
    knight = encounter.get("1").combatant
    assert knight.state.dropped == frozenset({"Sword"})
    assert [knight.parry(w) for w in knight.weapons] == [None, None, 8]


def test_wresting_the_sword_takes_both_usages_r11_4() -> None:
    """R11.4: the orc wrests the sword (grabbed by its swing): both usages leave the knight's
    sheet and come to the orc's at his DX (11), still one item."""
    encounter, grabbed = do_grab_weapon(
        acting(_close_fight(), "Orc"),
        "Orc",
        "Knight",
        weapon="Sword (Swung)",
        roller=dice(8, 14),
        options=OPTIONS,
    )
    assert grabbed.weapon == "Sword (Swung)"
    encounter, taken = do_wrest(
        acting(later(encounter), "Orc"), "Orc", "Knight", roller=dice(8, 14), options=OPTIONS
    )
    assert taken.done
    assert [w.name for w in encounter.get("1").combatant.weapons] == ["Dagger"]
    orc = encounter.get("2").combatant
    assert [(w.name, w.skill, w.item) for w in orc.weapons] == [
        ("axe", 12, None),
        ("Sword (Swung)", 11, "Sword"),
        ("Sword (Thrust)", 11, "Sword"),
    ]


def test_a_fumbled_draw_drops_the_whole_sword_r11_22() -> None:
    """R11.22: the sword out of hand after a blow (R5.5, by its item), drawn in close combat by
    its thrust: a critical failure (18) drops it, both usages."""
    start = acting(_close_fight(), "Knight")
    knight = start.get("1")
    out = start.replace(
        knight.model_copy(
            update={"turn": knight.turn.model_copy(update={"unready_weapons": {"Sword": 1}})}
        )
    )
    with pytest.raises(RuleError) as info:
        do_draw(start, "Knight", "Sword (Thrust)", roller=dice(), options=OPTIONS)
    assert info.value.key == "close.weapon_in_hand"
    after, drawn = do_draw(out, "Knight", "Sword (Thrust)", roller=dice(18), options=OPTIONS)
    assert drawn.draw is not None
    assert drawn.draw.dropped
    assert after.get("1").combatant.state.dropped == frozenset({"Sword"})


def test_the_json_sheet_keeps_the_item_through_export_and_import() -> None:
    """``item`` is part of the JSON sheet: an export names it (``null`` for a weapon of its
    own), an import reads it back; longer than a weapon's name (40) it is refused."""
    exported = json.loads(export_sheet(KNIGHT.combatant))
    assert [w["item"] for w in exported["weapons"]] == ["Sword", "Sword", None]
    again = import_sheet(exported)
    assert again.weapons == KNIGHT.combatant.weapons
    exported["weapons"][0]["item"] = "S" * 41
    assert [(p.field, p.key) for p in sheet_problems(exported)] == [
        ("weapons.0.item", "character.problem.too_long")
    ]


def test_gcs_usages_are_one_item_and_two_equal_items_are_two() -> None:
    """GCS lists the arming sword twice (Swung, Thrust): one item. Two pieces of equipment
    called Hatchet are two hatchets (``Hatchet``, ``Hatchet 2``); a trait's attacks (a punch,
    a kick) are different limbs, each its own item."""
    sheet = import_gcs(json.loads(FIXTURE.read_text(encoding="utf-8"))).sheet
    assert [(w.name, w.item, sheet.parry(w)) for w in sheet.weapons] == [
        ("Arming Sword (Swung)", "Arming Sword", 9),
        ("Arming Sword (Thrust)", "Arming Sword", 9),
        ("Hatchet (Swung)", "Hatchet", 8),
        ("Hatchet (Swung) 2", "Hatchet 2", 8),
        ("Natural Attacks (Punch)", None, 9),
    ]
