"""The encounter aggregate: roster, copies, newcomers, surprise, hand-set conditions."""

from __future__ import annotations

import pytest

from rules.combatant import BodyPart, Combatant, Posture
from rules.encounter import (
    MAX_COPIES,
    Condition,
    Encounter,
    HealthWord,
    add_combatants,
    advance_turn,
    apply_partial_surprise,
    apply_total_surprise,
    change_owner,
    copy_names,
    crippling_after_combat,
    health_word,
    quick_sheet,
    remove_combatant,
    rename,
    reorder_turns,
    set_condition,
    set_current,
    set_posture,
    side_profile,
)
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.recovery import CripplingDuration
from rules.roller import ScriptedDice
from rules.surprise import SurpriseKind
from rules.turn import SkipReason, TurnEventKind


def sheet(name: str, speed: float = 5.0, **attributes: int) -> Combatant:
    return Combatant.create(name=name, attributes={"basic_speed": speed, **attributes})


def fight(*sheets: Combatant, side: str | None = None, owner: int | None = None) -> Encounter:
    encounter, _ = add_combatants(
        Encounter(name="Test", gm_id=1),
        sheets,
        owner_id=owner,
        side=side,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def test_add_assigns_ids_sides_and_owner() -> None:
    encounter = fight(sheet("Orc"), sheet("Goblin"))
    encounter, added = add_combatants(
        encounter, [sheet("Ana")], owner_id=7, side=None, aware=False, roller=ScriptedDice([])
    )
    assert [(c.combatant_id, c.name, c.side, c.owner_id) for c in encounter.combatants] == [
        ("1", "Orc", "npc", None),
        ("2", "Goblin", "npc", None),
        ("3", "Ana", "pc", 7),
    ]
    assert added[0].combatant_id == "3"
    assert encounter.next_number == 4


def test_copies_of_a_saved_character_remember_it() -> None:
    """Copies made from a saved sheet keep its id, so their gear can go back to it at the
    end; combatants made from numbers keep none."""
    encounter = fight(sheet("Orc"))
    encounter, added = add_combatants(
        encounter,
        [sheet("Ana 1"), sheet("Ana 2")],
        owner_id=7,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
        character_id=42,
    )
    assert [c.combatant_id for c in added] == ["2", "3"]
    assert encounter.characters == {"2": 42, "3": 42}


def test_names_are_unique_ignoring_case() -> None:
    encounter = fight(sheet("Orc"))
    with pytest.raises(RuleError) as caught:
        add_combatants(
            encounter,
            [sheet("ORC")],
            owner_id=None,
            side=None,
            aware=False,
            roller=ScriptedDice([]),
        )
    assert caught.value.key == "encounter.combatant.duplicate_name"
    assert encounter.find("  orc ").name == "Orc"
    with pytest.raises(RuleError) as missing:
        encounter.find("Troll")
    assert missing.value.key == "encounter.combatant.not_found"


def test_copy_names_continue_the_numbering() -> None:
    assert copy_names("Orc", 1, []) == ("Orc",)
    assert copy_names("Orc", 3, []) == ("Orc 1", "Orc 2", "Orc 3")
    assert copy_names("Orc", 2, ["Orc 1", "orc 2", "Goblin 7"]) == ("Orc 3", "Orc 4")
    with pytest.raises(RuleError) as caught:
        copy_names("Orc", MAX_COPIES + 1, [])
    assert caught.value.key == "encounter.combatant.bad_count"


def test_quick_sheet_defaults_and_defenses() -> None:
    plain = quick_sheet("Guard", st=11, dx=12, iq=10, ht=12)
    assert (plain.max_hp, plain.max_fp, plain.attributes.basic_speed, plain.move) == (
        11,
        12,
        6.0,
        6,
    )
    assert plain.dodge == 9
    assert plain.block is None
    fighter = quick_sheet(
        "Knight", st=12, dx=12, iq=10, ht=12, parry=10, block=9, combat_reflexes=True, dr=3
    )
    assert fighter.parry("weapon") == 10
    assert fighter.block == 9
    assert fighter.dr.uniform.dr == 3
    assert fighter.dodge == 10  # 6 + 3 + 1 for Combat Reflexes


def test_quick_sheet_parry_and_block_are_the_defenses_used_a_4() -> None:
    """A.4: Block = 3 + Shield/2 and Parry = 3 + skill/2, each + the shield's DB. Given as
    parry 11 and block 10 (DX 10, HT 10: Dodge 8), the generic shield has DB 0, so a blow
    from the front offers exactly Dodge 8, Parry 11 and Block 10."""
    from rules.attack_resolution import resolve_attack
    from rules.defense import DefenseKind
    from rules.encounter import EncounterCombatant
    from rules.strike import AttackRequest

    pal = quick_sheet("Pal", st=10, dx=10, iq=10, ht=10, parry=11, block=10)
    assert pal.shield is not None
    assert (pal.shield.db, pal.dodge, pal.parry("weapon"), pal.block) == (0, 8, 11, 10)
    orc = quick_sheet("Orc", st=10, dx=14, iq=10, ht=14, parry=10)
    outcome = resolve_attack(
        EncounterCombatant(combatant_id="1", side="a", combatant=orc),
        EncounterCombatant(combatant_id="2", side="b", combatant=pal),
        AttackRequest(skill=18, damage="sw cr"),
        ScriptedDice([2, 4, 3]),
        RuleOptions(),
    )
    assert outcome.defenses is not None
    assert {o.kind: o.value for o in outcome.defenses.options} == {
        DefenseKind.dodge: 8,
        DefenseKind.parry: 11,
        DefenseKind.block: 10,
    }


def test_quick_sheet_reports_bad_values_as_rule_errors() -> None:
    with pytest.raises(RuleError) as caught:
        quick_sheet("Wisp", st=1, dx=10, iq=10, ht=10, encumbrance=5)
    assert caught.value.key == "combatant.encumbrance_out_of_range"


def test_remove_takes_the_combatant_out_of_the_order() -> None:
    encounter = fight(sheet("Fast", 7.0), sheet("Slow", 5.0))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    encounter = remove_combatant(encounter, encounter.find("Slow").combatant_id)
    assert [c.name for c in encounter.combatants] == ["Fast"]
    assert encounter.sequence.order is not None
    assert encounter.sequence.order.combatant_ids == ("1",)


def test_advance_turn_updates_combatants_and_reports_skips() -> None:
    encounter = fight(sheet("Fast", 7.0), sheet("Slow", 5.0))
    down = set_condition(encounter.find("Fast"), Condition.UNCONSCIOUS, True)
    encounter = encounter.replace(down)
    encounter, result = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert encounter.current.name == "Slow"
    skipped = [e for e in result.events if e.kind is TurnEventKind.SKIPPED]
    assert [(e.combatant_id, e.reason) for e in skipped] == [("1", SkipReason.UNCONSCIOUS)]
    assert [c.name for c in encounter.ordered()] == ["Fast", "Slow"]
    assert [c.name for c in encounter.fallen()] == ["Fast"]


def test_whose_turn_is_still_to_come_this_round_r5_18() -> None:
    """Before the fight nobody's turn is counted; in round 1 the fast one acts first, so while
    it is his turn only the slow one's is still ahead; the next round both are again."""
    encounter = fight(sheet("Fast", 7.0), sheet("Slow", 5.0))
    assert not encounter.turn_to_come("1")
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert (encounter.turn_to_come("1"), encounter.turn_to_come("2")) == (False, True)
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert (encounter.turn_to_come("1"), encounter.turn_to_come("2")) == (False, False)
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert (encounter.turn_to_come("1"), encounter.turn_to_come("2")) == (False, True)


def test_who_still_awaits_his_first_turn_r4_4_r2_5() -> None:
    """R4.4: a fighter's maneuvers start with his first turn. Before round 1 nothing is
    counted; in round 1 the slow one waits until his turn, and an unaware newcomer whose
    place this round has passed (R2.5: Basic Speed 6 between 7 and 5) until the next round."""
    encounter = fight(sheet("Fast", 7.0), sheet("Slow", 5.0))
    assert not encounter.awaits_first_turn("2")
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert (encounter.awaits_first_turn("1"), encounter.awaits_first_turn("2")) == (False, True)
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    encounter, _ = add_combatants(
        encounter,
        [sheet("Late", 6.0)],
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    assert (encounter.awaits_first_turn("2"), encounter.awaits_first_turn("3")) == (False, True)
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert encounter.current.name == "Late"
    assert not encounter.awaits_first_turn("3")


def test_an_unaware_newcomer_whose_place_passed_joins_next_round_r2_5() -> None:
    """R2.5 with R4.3: C (Basic Speed 6) rolls into the order between A (7) and B (5); added
    during B's turn, his place this round has passed: listed after B, first turn in round 2,
    in his place between A and B."""
    encounter = fight(sheet("A", 7.0), sheet("B", 5.0))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    encounter, _ = add_combatants(
        encounter, [sheet("C", 6.0)], owner_id=None, side=None, aware=False, roller=ScriptedDice([])
    )
    assert encounter.sequence.order is not None
    assert encounter.sequence.order.combatant_ids == ("1", "3", "2")
    assert [c.name for c in encounter.ordered()] == ["A", "B", "C"]
    assert [encounter.joins_next_round(cid) for cid in ("1", "2", "3")] == [False, False, True]
    encounter, result = advance_turn(encounter, ScriptedDice([]))
    assert result.new_round
    assert [c.name for c in encounter.ordered()] == ["A", "C", "B"]
    assert not encounter.joins_next_round("3")


def test_reorder_by_names() -> None:
    encounter = fight(sheet("Fast", 7.0), sheet("Slow", 5.0))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    encounter = reorder_turns(encounter, ["slow", "fast"])
    assert encounter.sequence.order is not None
    assert encounter.sequence.order.combatant_ids == ("2", "1")


def test_total_surprise_paralyses_the_whole_side_r2_1() -> None:
    encounter = fight(sheet("Guard 1"), sheet("Guard 2"), side="guards")
    encounter, _ = add_combatants(
        encounter,
        [sheet("Thief")],
        owner_id=5,
        side="thieves",
        aware=False,
        roller=ScriptedDice([]),
    )
    encounter, outcome = apply_total_surprise(encounter, "Guards", ScriptedDice([3]))
    assert (outcome.side, outcome.paralysis_rounds, outcome.paralysed_through_round) == (
        "guards",
        3,
        3,
    )
    guards = [c for c in encounter.combatants if c.side == "guards"]
    assert {(c.turn.surprise, c.turn.paralysed_through_round) for c in guards} == {
        (SurpriseKind.TOTAL, 3)
    }
    assert encounter.find("Thief").turn.paralysed_through_round is None
    with pytest.raises(RuleError) as caught:
        apply_total_surprise(encounter, "nobody", ScriptedDice([3]))
    assert caught.value.key == "encounter.surprise.empty_side"


def test_partial_surprise_from_the_sheets_r2_2_r2_3() -> None:
    leader = Combatant.create(name="Captain", attributes={"iq": 12}, traits=["combat_reflexes"])
    encounter = fight(leader, sheet("Soldier"), side="army")
    encounter, _ = add_combatants(
        encounter,
        [sheet("Bandit 1"), Combatant.create(name="Bandit 2", traits=["combat_reflexes"])],
        owner_id=None,
        side="bandits",
        aware=False,
        roller=ScriptedDice([]),
    )
    army = side_profile(encounter, "army", leader="Captain")
    bandits = side_profile(encounter, "bandits", leader=None)
    assert (army.leader_iq, army.leader_combat_reflexes, army.member_combat_reflexes) == (
        12,
        True,
        False,
    )
    assert (bandits.leader_iq, bandits.member_combat_reflexes) == (None, True)
    # army 1 + 3 = 4; bandits 4 + 1 - 2 = 3.
    encounter, outcome = apply_partial_surprise(encounter, army, bandits, ScriptedDice([1, 4]))
    assert (outcome.winner, outcome.loser) == ("army", "bandits")
    stunned = {c.name for c in encounter.combatants if c.combatant.state.mentally_stunned}
    assert stunned == {"Bandit 1", "Bandit 2"}
    assert encounter.find("Bandit 1").turn.surprise is SurpriseKind.PARTIAL


def test_leader_must_be_on_the_side() -> None:
    encounter = fight(sheet("A"), side="one")
    encounter, _ = add_combatants(
        encounter, [sheet("B")], owner_id=None, side="two", aware=False, roller=ScriptedDice([])
    )
    with pytest.raises(RuleError) as caught:
        side_profile(encounter, "one", leader="B")
    assert caught.value.key == "encounter.surprise.leader_not_on_side"


def test_conditions_and_posture_by_hand() -> None:
    orc = fight(sheet("Orc")).find("Orc")
    assert set_condition(orc, Condition.STUNNED, True).combatant.state.stunned
    assert set_condition(orc, Condition.ASLEEP, True).turn.asleep
    assert set_posture(orc, Posture.PRONE).combatant.state.posture is Posture.PRONE
    surprised = orc.model_copy(
        update={
            "combatant": orc.combatant.with_state(mentally_stunned=True),
            "turn": orc.turn.model_copy(
                update={"surprise": SurpriseKind.PARTIAL, "recovery_attempts": 2}
            ),
        }
    )
    cleared = set_condition(surprised, Condition.MENTALLY_STUNNED, False)
    assert not cleared.combatant.state.mentally_stunned
    assert (cleared.turn.surprise, cleared.turn.recovery_attempts) == (None, 0)
    paralysed = orc.model_copy(
        update={"turn": orc.turn.model_copy(update={"paralysed_through_round": 4})}
    )
    assert set_condition(paralysed, Condition.PARALYSED, False).turn.paralysed_through_round is None
    with pytest.raises(RuleError) as caught:
        set_condition(orc, Condition.PARALYSED, True)
    assert caught.value.key == "encounter.combatant.paralysis_by_surprise"


def test_set_current_is_validated() -> None:
    orc = fight(sheet("Orc", st=12)).find("Orc")
    assert set_current(orc, hp=-3, fp=4).combatant.state.hp == -3
    with pytest.raises(RuleError) as caught:
        set_current(orc, hp=13)
    assert caught.value.key == "combatant.hp_above_max"


def test_rename_and_change_owner() -> None:
    encounter = fight(sheet("Orc"), sheet("Goblin"))
    renamed = rename(encounter, "1", "Orc Chief")
    assert renamed.find("Orc Chief").combatant_id == "1"
    with pytest.raises(RuleError) as caught:
        rename(encounter, "1", "goblin")
    assert caught.value.key == "encounter.combatant.duplicate_name"
    moved = change_owner(encounter.find("Orc"), owner_id=9, side="party")
    assert (moved.owner_id, moved.side) == (9, "party")


@pytest.mark.parametrize(
    ("state", "word"),
    [
        ({}, HealthWord.UNHURT),
        ({"hp": 11}, HealthWord.WOUNDED),
        ({"hp": 3}, HealthWord.REELING),  # R7.1: below 1/3 of 12
        ({"hp": 0}, HealthWord.COLLAPSING),
        ({"hp": -4, "unconscious": True}, HealthWord.UNCONSCIOUS),
        ({"hp": -20, "dead": True}, HealthWord.DEAD),
    ],
)
def test_health_words(state: dict[str, object], word: HealthWord) -> None:
    combatant = Combatant.create(name="Orc", attributes={"st": 12}, state=state or None)
    assert health_word(combatant) is word


def test_crippling_is_rolled_for_each_crippled_part_when_combat_ends_r7_17() -> None:
    """R7.17: HT 11 for each crippled part of the living: 9 → temporary; 13 (by 2) → 1d6
    months (4); 14 (by 3) → permanent. The dead and the unhurt roll nothing."""

    def hurt(name: str, parts: set[BodyPart], **state: object) -> Combatant:
        base = sheet(name, ht=11)
        return base.with_state(
            base.state.model_copy(update={"crippled": frozenset(parts), **state})
        )

    encounter = fight(
        hurt("Ana", {BodyPart.LEFT_ARM, BodyPart.RIGHT_LEG}),
        sheet("Bo"),
        hurt("Cy", {BodyPart.LEFT_HAND}, dead=True),
        hurt("Di", {BodyPart.RIGHT_EYE}),
    )
    dice = ScriptedDice([3, 3, 3, 5, 4, 4, 4, 6, 4, 4])
    results = crippling_after_combat(encounter, dice, RuleOptions())
    assert [r.name for r in results] == ["Ana", "Di"]
    ana, di = results
    assert [(x.part, x.roll.roll.total, x.duration, x.months) for x in ana.recoveries] == [
        (BodyPart.LEFT_ARM, 9, CripplingDuration.TEMPORARY, None),
        (BodyPart.RIGHT_LEG, 13, CripplingDuration.MONTHS, 4),
    ]
    assert [(x.part, x.roll.roll.total, x.duration) for x in di.recoveries] == [
        (BodyPart.RIGHT_EYE, 14, CripplingDuration.PERMANENT)
    ]
