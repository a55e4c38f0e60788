"""The GM's hand on a running fight (rules/editing.py): each change returns the new fight
and says what the log keeps; the cogs only store it."""

from __future__ import annotations

import pytest

from rules import editing, turn_edge
from rules.character import add_weapon, build_weapon
from rules.combatant import Combatant, Posture
from rules.encounter import Condition, Encounter, add_combatants, with_holds
from rules.errors import RuleError
from rules.grapple import Hold, HoldKind
from rules.options import RuleOptions
from rules.roller import ScriptedDice

OPTIONS = RuleOptions()


def sheet(name: str, speed: float) -> Combatant:
    return Combatant.create(name=name, attributes={"basic_speed": speed})


def started() -> Encounter:
    """Ana (Speed 6, id 1) and an Orc (Speed 5, id 2), 10 HP and 10 FP; Ana's turn, round 1."""
    encounter, _ = add_combatants(
        Encounter(name="Test", gm_id=1),
        [sheet("Ana", 6.0), sheet("Orc", 5.0)],
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return turn_edge.next_turn(encounter, ScriptedDice([]), OPTIONS).encounter


def test_an_unaware_newcomer_rolls_his_place_and_joins_next_round_r2_5() -> None:
    """R2.5: a newcomer unaware of a running fight takes his place by Basic Speed; at 7 it
    is before Ana's, already past, so he starts next round. The log keeps the names, the
    awareness and the saved character he copies."""
    fight = started()
    dice = ScriptedDice([])
    joined = editing.add_fighters(
        fight,
        [sheet("Wolf", 7.0)],
        owner_id=7,
        side=None,
        aware=False,
        roller=dice,
        character_id=3,
        character="Wolf",
    )
    (wolf,) = joined.added
    assert (wolf.combatant_id, wolf.side, wolf.owner_id) == ("3", "pc", 7)
    assert joined.encounter.characters == {"3": 3}
    assert joined.encounter.joins_next_round("3")
    assert joined.encounter.sequence.this_round == ("1", "2")
    assert [c.name for c in joined.encounter.combatants] == ["Ana", "Orc", "Wolf"]
    assert joined.detail() == {"names": ["Wolf"], "aware": False, "character": "Wolf"}
    assert fight.combatants[-1].name == "Orc"  # the fight given is left as it was


def test_a_name_already_in_the_fight_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        editing.add_fighters(
            started(),
            [sheet("ana", 5.0)],
            owner_id=None,
            side=None,
            aware=True,
            roller=ScriptedDice([]),
        )
    assert refused.value.key == "encounter.combatant.duplicate_name"


def test_removing_a_fighter_lets_go_of_his_holds_r11_12() -> None:
    """The Orc grapples Ana; removed, his hold ends and Ana is no longer grappled."""
    fight = with_holds(started(), [Hold(holder_id="2", held_id="1", kind=HoldKind.grapple)])
    assert fight.get("1").turn.grappled
    removed = editing.remove_fighter(fight, "2")
    assert [c.name for c in removed.encounter.combatants] == ["Ana"]
    assert removed.encounter.holds == ()
    assert not removed.encounter.get("1").turn.grappled
    assert removed.detail() == {"name": "Orc"}


def test_editing_hp_owner_side_and_name_at_once() -> None:
    edited = editing.edit_fighter(
        started(), "2", hp=-3, fp=4, owner_id=9, side="beasts", new_name="Big Orc"
    )
    orc = edited.encounter.get("2")
    assert orc == edited.fighter
    assert (orc.name, orc.combatant.state.hp, orc.combatant.state.fp) == ("Big Orc", -3, 4)
    assert (orc.owner_id, orc.side) == (9, "beasts")
    assert edited.detail() == {"name": "Big Orc"}


def test_to_gm_wins_over_an_owner_and_a_side_alone_keeps_the_owner() -> None:
    fight = editing.edit_fighter(started(), "2", owner_id=9).encounter
    back = editing.edit_fighter(fight, "2", owner_id=5, to_gm=True)
    assert back.fighter.owner_id is None
    moved = editing.edit_fighter(fight, "2", side="beasts")
    assert (moved.fighter.owner_id, moved.fighter.side) == (9, "beasts")


def test_hp_above_the_sheet_maximum_is_refused_and_nothing_changes() -> None:
    fight = started()
    with pytest.raises(RuleError):
        editing.edit_fighter(fight, "2", hp=11)
    assert fight.get("2").combatant.state.hp == 10


def test_conditions_and_posture_by_hand_r7_10_r7_11() -> None:
    """Stunned on (R7.10) with a prone posture; clearing mental stun (R7.11) ends the
    surprise count as well."""
    hand = editing.set_by_hand(
        started(), "2", condition=Condition.STUNNED, value=True, posture=Posture.PRONE
    )
    orc = hand.encounter.get("2")
    assert orc.combatant.state.stunned
    assert orc.combatant.state.posture is Posture.PRONE
    assert hand.detail() == {
        "name": "Orc",
        "condition": "stunned",
        "value": True,
        "posture": "prone",
    }
    cleared = editing.set_by_hand(
        hand.encounter, "2", condition=Condition.MENTALLY_STUNNED, value=False
    )
    assert cleared.fighter.turn.surprise is None
    assert cleared.fighter.turn.recovery_attempts == 0
    assert cleared.detail()["posture"] is None


def test_paralysis_is_only_cleared_by_hand_r2_1() -> None:
    with pytest.raises(RuleError) as refused:
        editing.set_by_hand(started(), "1", condition=Condition.PARALYSED, value=True)
    assert refused.value.key == "encounter.combatant.paralysis_by_surprise"


def test_a_sheet_change_lands_in_the_fight_and_the_log_keeps_what_it_says() -> None:
    spear = build_weapon("Spear", damage="thr+2 imp", skill=12, reach="1,2")
    edited = editing.edit_sheet(
        started(),
        "1",
        lambda combatant: (add_weapon(combatant, spear), {"weapon": spear.name}),
        added=True,
    )
    ana = edited.encounter.get("1")
    assert [w.name for w in ana.combatant.weapons][-1] == "Spear"
    assert edited.sheet == ana.combatant
    assert edited.said == {"weapon": "Spear"}
    assert edited.detail() == {"name": "Ana", "weapon": "Spear", "added": True}
