"""Close combat in an encounter: holds kept, shown and ended (R11.1-R11.11, R11.13, R11.22,
R11.24, R11.26), and attacks between fighters in close combat (R11.6, R11.12)."""

from __future__ import annotations

import pytest

from rules.attack_resolution import resolve_attack
from rules.close_combat import (
    close_request,
    close_rounds,
    do_break_free,
    do_choke,
    do_draw,
    do_grab_weapon,
    do_grapple,
    do_pin,
    do_release,
    do_slam,
    do_takedown,
    do_wrest,
    enter,
    in_close_combat,
    leave,
)
from rules.combatant import Combatant, HitLocation, Posture
from rules.encounter import Encounter, EncounterCombatant, remove_combatant
from rules.errors import RuleError
from rules.grapple import HoldKind, TakedownStat
from rules.maneuver import AllOutAttackOption, Maneuver
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.slam import SlamArc
from rules.strike import AttackRequest
from rules.turn import TurnSequence
from tests.unit.test_grapple import dice

OPTIONS = RuleOptions()


def fight(**extra: object) -> Encounter:
    """Bruno (ST 13, DX 12, HT 12, 90 kg, a knife) against Orc (ST 12, DX 11, HT 11, 72 kg,
    an axe), round 1."""
    bruno = Combatant.create(
        name="Bruno",
        attributes={"st": 13, "dx": 12, "ht": 12},
        weapons=[{"name": "knife", "skill": 13, "damage": "thr imp", "reach": "C"}],
        weight_kg=90,
        **extra,
    )
    orc = Combatant.create(
        name="Orc",
        attributes={"st": 12, "dx": 11, "ht": 11},
        weapons=[{"name": "axe", "skill": 12, "damage": "sw+2 cut"}],
        weight_kg=72,
    )
    ally = Combatant.create(name="Ally", attributes={"st": 11})
    return Encounter(
        name="Brawl",
        gm_id=1,
        sequence=TurnSequence(round=1),
        combatants=(
            EncounterCombatant(combatant_id="1", side="pc", combatant=bruno),
            EncounterCombatant(combatant_id="2", side="npc", combatant=orc),
            EncounterCombatant(combatant_id="3", side="pc", combatant=ally),
        ),
        next_number=4,
    )


def later(encounter: Encounter) -> Encounter:
    """The same fight a round later (R11.4's "in later rounds")."""
    return encounter.model_copy(
        update={"sequence": encounter.sequence.model_copy(update={"round": 2})}
    )


def acting(encounter: Encounter, name: str) -> Encounter:
    """The fight at the start of ``name``'s turn (R4.4): a close-combat action is his turn's
    attack (or Ready), taken in his own turn; each action below comes in a turn of its own."""
    fighter = encounter.find(name)
    ids = tuple(c.combatant_id for c in encounter.combatants)
    sequence = encounter.sequence.model_copy(
        update={
            "round": max(1, encounter.sequence.round),
            "this_round": ids,
            "position": ids.index(fighter.combatant_id),
        }
    )
    started = encounter.model_copy(update={"sequence": sequence})
    return started.replace(fighter.model_copy(update={"turn": fighter.turn.new_turn()}))


def unarmed(encounter: Encounter, combatant_id: str = "1") -> Encounter:
    """The fighter with every weapon on the floor: both hands free (R11.10)."""
    fighter = encounter.get(combatant_id)
    sheet = fighter.combatant
    dropped = frozenset(w.name for w in sheet.weapons)
    return encounter.replace(fighter.with_sheet(sheet.with_state(dropped=dropped)))


def test_grapple_takedown_pin_and_break_free_r11_2_r11_8_r11_9_r11_11() -> None:
    encounter = fight()
    # R11.2: 12 + 3 = 15 rolls 10 against DX 11 rolls 12: held.
    encounter, grabbed = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    assert grabbed.done
    assert [(h.holder_id, h.held_id, h.kind) for h in encounter.holds] == [
        ("1", "2", HoldKind.close),
        ("1", "2", HoldKind.grapple),
    ]
    assert encounter.get("2").turn.grappled
    # R11.8: ST 13 rolls 10 against ST 12 rolls 12: the orc is on the ground.
    encounter, down = do_takedown(
        acting(encounter, "Bruno"),
        "Bruno",
        "Orc",
        stat=TakedownStat.st,
        roller=dice(10, 12),
        options=OPTIONS,
    )
    assert down.done
    assert encounter.get("2").combatant.state.posture is Posture.PRONE
    # R11.9: 13 + 3 (90 kg against 72) = 16 rolls 10 against 12 rolls 12: pinned, two hands.
    encounter, pinned = do_pin(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    assert pinned.contest is not None
    assert pinned.contest.attacker.value == 16
    assert [h.kind for h in encounter.holds] == [HoldKind.close, HoldKind.pin]
    # R11.11: ST 12 against 13 + 10 = 23: 9 (+3) against 10 (+13) fails; a second try, the
    # orc rolls 4 (+8) and Bruno 18 (a critical failure): free.
    encounter, stuck = do_break_free(
        acting(encounter, "Orc"), "Orc", roller=dice(9, 10), options=OPTIONS
    )
    assert stuck.contest is not None
    assert stuck.contest.defender.value == 23
    assert not stuck.done
    encounter, free = do_break_free(
        acting(encounter, "Orc"), "Orc", roller=dice(4, 18), options=OPTIONS
    )
    assert free.done
    assert [h.kind for h in encounter.holds] == [HoldKind.close]
    assert not encounter.get("2").turn.grappled
    # The event log keeps each action from its outcome.
    assert stuck.detail() == {
        "action": "break_free",
        "attacker": "Orc",
        "target": "Bruno",
        "done": False,
    }
    assert free.detail()["done"] is True


def test_a_takedown_frees_the_taker_r11_8() -> None:
    encounter = fight()
    encounter, _ = do_grapple(
        acting(encounter, "Orc"), "Orc", "Bruno", roller=dice(8, 14), options=OPTIONS
    )
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    assert encounter.get("1").turn.grappled
    encounter, down = do_takedown(
        acting(encounter, "Bruno"),
        "Bruno",
        "Orc",
        stat=TakedownStat.st,
        roller=dice(8, 14),
        options=OPTIONS,
    )
    assert down.released == ("Orc",)
    assert not encounter.get("1").turn.grappled
    assert encounter.get("2").turn.grappled


def test_a_takedown_needs_a_grapple_and_a_pin_a_foe_on_the_ground_r11_9() -> None:
    encounter = fight()
    with pytest.raises(RuleError) as raised:
        do_takedown(
            acting(encounter, "Bruno"),
            "Bruno",
            "Orc",
            stat=TakedownStat.st,
            roller=dice(),
            options=OPTIONS,
        )
    assert raised.value.key == "close.needs_grapple"
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    with pytest.raises(RuleError) as standing:
        do_pin(acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(), options=OPTIONS)
    assert standing.value.key == "close.not_on_ground"


def test_judo_takedown_and_a_helper_r11_8_r11_21() -> None:
    encounter = fight(skills={"judo": 14})
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    _, judo = do_takedown(
        acting(encounter, "Bruno"),
        "Bruno",
        "Orc",
        stat=TakedownStat.judo,
        roller=dice(10, 10),
        options=OPTIONS,
    )
    assert judo.contest is not None
    assert judo.contest.attacker.value == 14
    _, helped = do_takedown(
        acting(encounter, "Bruno"),
        "Bruno",
        "Orc",
        stat=TakedownStat.st,
        helper="Ally",
        roller=dice(10, 10),
        options=OPTIONS,
    )
    assert helped.contest is not None
    assert helped.contest.attacker.value == 13 + 2


def test_choke_hurts_by_the_margin_and_stops_the_breath_r11_10() -> None:
    """ST 13 rolls 7 (+6), HT 11 rolls 12 (-1): 7 crushing at the neck with no neck
    multiplier (the catalog's reading); 7 is more than a third of his 12 HP, so HT 11 - 3 rolls
    6 against a crushed windpipe (R7.29) and keeps it; a major wound (HT 11 rolls 10 and he
    stays up); and the orc is not breathing."""
    encounter = unarmed(fight())
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    encounter, choked = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(7, 12, 6, 10), options=OPTIONS
    )
    assert choked.damage is not None
    assert choked.damage.spec.location is HitLocation.NECK
    assert choked.damage.injury == 7
    assert choked.damage.trachea_roll is not None
    assert choked.damage.trachea_roll.roll.effective_skill == 11 - 3
    assert choked.damage.trachea_roll.succeeded
    assert encounter.get("2").combatant.state.hp == 5
    assert [h.choking for h in encounter.holds if h.kind is HoldKind.grapple] == [True]
    assert choked.notes == ("close.note.not_breathing",)


def test_a_choke_knocks_no_one_back_r11_10_r7_14() -> None:
    """R11.10 with R7.14: ST 13 rolls 3 (+10), HT 11 rolls 16 (-5): 15 crushing, which on
    a crushing blow would push an ST 12 foe 15 // 10 = 1 m back and call for a footing
    roll; hands on the throat of a held foe throw nobody: no knockback, no fall, still
    grappled. HP 12 → -3 (at the neck, no multiplier; he keeps his windpipe on 3)."""
    encounter = unarmed(fight())
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    encounter, choked = do_choke(
        acting(encounter, "Bruno"),
        "Bruno",
        "Orc",
        roller=dice(3, 16, 3, 10, 10, 10),
        options=OPTIONS,
    )
    assert choked.damage is not None
    assert (choked.damage.basic_damage, choked.damage.injury) == (15, 15)
    assert choked.damage.knockback is None
    orc = encounter.get("2")
    assert orc.combatant.state.hp == -3
    assert orc.combatant.state.posture is Posture.STANDING
    assert orc.turn.grappled
    assert not choked.breath_goes_on  # his held breath starts now (R9.1)


def test_a_second_choke_keeps_the_breath_count_r11_10_r9_1() -> None:
    """R11.10 with R9.1: ST 13 rolls 10 (+3) against HT 11 rolling 12 (-1), twice: 4
    crushing each. The first choke starts his held breath; the second starts nothing new:
    his count goes on from where it was, and the outcome says so."""
    encounter = unarmed(fight())
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    encounter, first = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    held = encounter.get("2").combatant.state.breath_left
    assert (first.done, first.breath_goes_on) == (True, False)
    assert held is not None
    encounter, second = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    assert (second.done, second.breath_goes_on) == (True, True)
    assert encounter.get("2").combatant.state.breath_left == held


def test_wresting_a_weapon_and_forcing_a_knife_down_r11_4_r11_5() -> None:
    encounter = fight()
    encounter, grabbed = do_grab_weapon(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    assert grabbed.weapon == "axe"
    encounter = later(encounter)
    encounter, taken = do_wrest(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    assert taken.done
    assert [w.name for w in encounter.get("2").combatant.weapons] == []
    axe = encounter.get("1").combatant.weapon("axe")
    assert axe.skill == 12  # his DX
    armed = fight()
    armed, _ = do_grab_weapon(
        acting(armed, "Orc"), "Orc", "Bruno", arm=True, roller=dice(8, 14), options=OPTIONS
    )
    assert armed.get("1").turn.grappled  # the arm hold is a Grapple (R11.5)
    armed = later(armed)
    armed, dropped = do_wrest(
        acting(armed, "Orc"), "Orc", "Bruno", roller=dice(8, 14), options=OPTIONS
    )
    assert dropped.done
    assert armed.get("1").combatant.state.dropped == frozenset({"knife"})


def test_death_or_removal_ends_the_hold_and_leaving_needs_freedom() -> None:
    encounter = fight()
    encounter, _ = do_grapple(
        acting(encounter, "Orc"), "Orc", "Bruno", roller=dice(8, 14), options=OPTIONS
    )
    with pytest.raises(RuleError) as held:
        leave(acting(encounter, "Bruno"), "Bruno", "Orc")
    assert held.value.key == "close.held"
    orc = encounter.get("2")
    dead = encounter.replace(orc.with_sheet(orc.combatant.with_state(dead=True)))
    assert dead.holds == ()
    assert not dead.get("1").turn.grappled
    assert remove_combatant(encounter, "2").holds == ()
    released, _ = do_release(encounter, "Orc", "Bruno")
    assert [h.kind for h in released.holds] == [HoldKind.close]
    apart, _ = leave(acting(released, "Bruno"), "Bruno", "Orc")
    assert apart.holds == ()


def test_an_attack_in_close_combat_r11_1_r11_6_r11_12_r11_26() -> None:
    """Entering the hex starts close combat: the knife is at -2 (R11.6), the orc may only
    Dodge (R11.12); from the second round a shield's DB comes off (R11.26); All-Out Attack is
    refused (R11.24)."""
    encounter, _ = enter(acting(fight(shield={"skill": 12, "db": 2}), "Bruno"), "Bruno", "Orc")
    assert in_close_combat(encounter, "2", "1")
    request = close_request(encounter, "1", "2", AttackRequest(weapon="knife"))
    assert (request.close_combat, request.close_combat_rounds) == (True, 1)
    outcome = resolve_attack(
        encounter.get("1"), encounter.get("2"), request, dice(10), OPTIONS, count_attacks=False
    )
    assert [(m.key, m.value, m.rule_id) for m in outcome.effective.modifiers] == [
        ("close.modifier.weapon", -2, "R11.6")
    ]
    assert outcome.defenses is not None
    assert [o.kind.value for o in outcome.defenses.options] == ["dodge"]
    later = encounter.model_copy(update={"sequence": TurnSequence(round=2)})
    assert close_rounds(later, "1", "2") == 2
    second = close_request(later, "1", "2", AttackRequest(weapon="knife"))
    blow = resolve_attack(
        later.get("1"), later.get("2"), second, dice(10), OPTIONS, count_attacks=False
    )
    assert blow.effective.value == 13 - 2 - 2
    with pytest.raises(RuleError) as forbidden:
        resolve_attack(
            later.get("1"),
            later.get("2"),
            second.model_copy(
                update={
                    "maneuver": Maneuver.all_out_attack,
                    "all_out_option": AllOutAttackOption.determined,
                }
            ),
            dice(10),
            OPTIONS,
            count_attacks=False,
        )
    assert forbidden.value.key == "maneuver.forbidden_in_close_combat"
    allowed = RuleOptions(all_out_in_close_combat=True)
    resolve_attack(
        later.get("1"),
        later.get("2"),
        second.model_copy(update={"maneuver": Maneuver.all_out_attack}),
        dice(10),
        allowed,
        count_attacks=False,
    )


def test_a_slam_knocks_the_loser_down_r11_13() -> None:
    """Bruno runs 4 hexes into the orc: DX 12 rolls 10, DX 11 rolls 12; ST 13 + 2 = 15 rolls
    9 (+6), ST 12 rolls 13 (-1): margin 7. ST 15 rolls 10, the new contest 10 vs 12: the orc
    falls and flies 3 hexes (4d if he hits a wall: 3 × 3.6 = 10.8 km/h → 1d)."""
    encounter, slammed = do_slam(
        acting(fight(), "Bruno"),
        "Bruno",
        "Orc",
        moved=4,
        roller=dice(10, 12, 9, 13, 10, 10, 12),
        options=OPTIONS,
    )
    assert slammed.slam is not None
    assert slammed.slam.knockback == 3
    assert encounter.get("2").combatant.state.posture is Posture.PRONE
    assert encounter.get("1").combatant.state.posture is Posture.STANDING
    assert slammed.collision == 1
    assert slammed.notes == ("close.note.tramples",)


def test_a_flying_tackle_and_super_slam_damage_r11_16_r11_18() -> None:
    encounter, tackled = do_slam(
        acting(fight(), "Bruno"),
        "Bruno",
        "Orc",
        arc=SlamArc.rear,
        tackle=True,
        roller=dice(9, 13, 10, 10, 12),
        options=OPTIONS,
    )
    assert tackled.slam is not None
    assert encounter.get("1").combatant.state.posture is Posture.PRONE
    assert encounter.get("2").combatant.state.posture is Posture.PRONE
    super_slam = RuleOptions(super_slam=True)
    after, flown = do_slam(
        acting(fight(), "Bruno"),
        "Bruno",
        "Orc",
        moved=10,
        roller=dice(10, 12, 6, 14, 10, 3),
        options=super_slam,
    )
    assert flown.slam is not None
    assert flown.damage is not None
    assert flown.damage.injury == flown.slam.loser_damage
    assert after.get("2").combatant.state.hp == 12 - flown.slam.loser_damage


def _knife_out_of_hand(encounter: Encounter) -> Encounter:
    """Bruno's knife out of his hand, a Ready still to come (R5.5)."""
    bruno = encounter.get("1")
    turn = bruno.turn.model_copy(update={"unready_weapons": {"knife": 1}})
    return encounter.replace(bruno.model_copy(update={"turn": turn}))


def test_drawing_in_close_combat_drops_the_weapon_on_a_critical_failure_r11_22() -> None:
    encounter, drawn = do_draw(
        _knife_out_of_hand(acting(fight(), "Bruno")),
        "Bruno",
        "knife",
        roller=ScriptedDice([6, 6, 6]),
        options=OPTIONS,
    )
    assert drawn.draw is not None
    assert drawn.draw.dropped
    assert encounter.get("1").combatant.state.dropped == frozenset({"knife"})


def test_drawing_a_weapon_already_in_hand_is_refused_before_anything_r11_22() -> None:
    """R11.22 draws a weapon not in hand; Bruno's knife is in it and ready: refused with
    nothing rolled and his Ready not spent. Out of hand (R5.5) or unnamed, the draw goes on."""
    start = acting(fight(), "Bruno")
    unused = ScriptedDice([])
    with pytest.raises(RuleError) as refused:
        do_draw(start, "Bruno", "knife", roller=unused, options=OPTIONS)
    assert refused.value.key == "close.weapon_in_hand"
    assert refused.value.params == {"combatant": "Bruno", "weapon": "knife"}
    assert start.get("1").turn.maneuver is None
    for encounter, weapon in ((_knife_out_of_hand(start), "knife"), (start, None)):
        after, drawn = do_draw(encounter, "Bruno", weapon, roller=dice(10), options=OPTIONS)
        assert drawn.done
        assert after.get("1").turn.maneuver is Maneuver.ready


def test_a_shield_bash_loses_the_shields_db_until_his_next_turn_r11_27() -> None:
    """Bruno bashes with his medium shield (DB 2, skill 12): thrust crushing, parried at -2
    (R6.7); until his next turn his Dodge has no +2."""
    encounter = fight(shield={"name": "Buckler", "skill": 12, "db": 2})
    bruno, orc = encounter.get("1"), encounter.get("2")
    before = resolve_attack(orc, bruno, AttackRequest(weapon="axe"), dice(10), OPTIONS)
    assert before.defenses is not None
    assert before.defenses.options[0].value == before.defenses.options[0].base + 2
    bash = resolve_attack(bruno, orc, AttackRequest(weapon="buckler"), dice(10), OPTIONS)
    assert (bash.effective.base, bash.strike.damage) == (12, "thr cr")
    assert bash.pending is not None
    assert bash.pending.context.shield_bash
    assert bash.attacker_turn.shield_bashed
    bashed = bruno.model_copy(update={"turn": bash.attacker_turn})
    after = resolve_attack(orc, bashed, AttackRequest(weapon="axe"), dice(10), OPTIONS)
    assert after.defenses is not None
    dodge = after.defenses.options[0]
    assert dodge.value == dodge.base
    assert not bash.attacker_turn.new_turn().shield_bashed


def test_a_tired_grappler_takes_down_with_his_halved_st_r8_1_r11_8() -> None:
    """R8.1: Bruno at 3 FP of 12 has ST 7 (13 halved, rounding up) for the takedown's ST
    contest: 7 rolls 10 (-3) against the orc's 12 rolls 12 (0); rested he would have won
    by 13 - 10 = 3 to 0."""
    encounter = fight()
    encounter, _ = do_grapple(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    bruno = encounter.get("1")
    encounter = encounter.replace(bruno.with_sheet(bruno.combatant.with_state(fp=3)))
    encounter, down = do_takedown(
        acting(encounter, "Bruno"),
        "Bruno",
        "Orc",
        stat=TakedownStat.st,
        roller=dice(10, 12),
        options=OPTIONS,
    )
    assert down.contest is not None
    assert (down.contest.attacker.value, down.contest.defender.value) == (7, 12)
    assert not down.done
    assert encounter.get("2").combatant.state.posture is Posture.STANDING


def test_a_draw_picks_a_dropped_knife_up_then_readies_it_as_two_readies_r11_22_r5_5() -> None:
    """R7.8/R5.5: Bruno's knife lies on the ground. The draw (named ``KNIFE``: case ignored)
    rolls DX 12: 10, success, and is the Ready that picks it up, one turn of Ready to go;
    the next draw, 10 again, readies it. A failed DX roll (14) leaves it where it was."""
    start = acting(fight(), "Bruno")
    bruno = start.get("1")
    dropped = start.replace(
        bruno.with_sheet(bruno.combatant.with_state(dropped=frozenset({"knife"})))
    )
    missed, failed = do_draw(dropped, "Bruno", "knife", roller=dice(14), options=OPTIONS)
    assert not failed.done
    assert failed.readying is None
    assert missed.get("1").combatant.state.dropped == frozenset({"knife"})
    lifted, first = do_draw(dropped, "Bruno", "KNIFE", roller=dice(10), options=OPTIONS)
    assert first.readying is not None
    assert (first.weapon, first.readying.picked_up, first.readying.turns_left) == (
        "knife",
        True,
        1,
    )
    assert first.rule_ids == ("R11.22", "R5.5")
    assert lifted.get("1").combatant.state.dropped == frozenset()
    assert lifted.get("1").turn.unready_weapons == {"knife": 1}
    assert lifted.get("1").turn.maneuver is Maneuver.ready
    readied, second = do_draw(
        acting(acting(lifted, "Orc"), "Bruno"), "Bruno", None, roller=dice(10), options=OPTIONS
    )
    assert second.readying is not None
    assert (second.weapon, second.readying.picked_up, second.readying.turns_left) == (
        "knife",
        False,
        0,
    )
    assert readied.get("1").turn.unready_weapons == {}


def test_a_draw_brings_a_weapon_out_of_hand_back_as_one_ready_r11_22_r5_5() -> None:
    """R5.5: the knife out of hand after a blow needs one Ready; the draw (DX 12 rolls 10)
    is it: ready again."""
    after, drawn = do_draw(
        _knife_out_of_hand(acting(fight(), "Bruno")),
        "Bruno",
        "Knife",
        roller=dice(10),
        options=OPTIONS,
    )
    assert drawn.readying is not None
    assert drawn.readying.turns_left == 0
    assert after.get("1").turn.unready_weapons == {}
