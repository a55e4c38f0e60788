"""Close combat, ranged and attack rules as the review of sections 11-13 found them wanting:
no roll below effective skill 3 (A.1), a free hand to grapple (R11.2) and both to choke
(R11.10), knives grabbed only by the arm (R11.5), the wrest a round after the grab (R11.4),
the choke at the neck (R11.10, R7.29), the grapple's own rule cited (R11.8-R11.10), a
winning flying tackler who does not roll not to fall (R11.18) and the draw's itemised DX
(R11.26)."""

from __future__ import annotations

import pytest

from rules.attack_resolution import resolve_attack
from rules.checks import MIN_SKILL_TO_ATTEMPT, ensure_attemptable
from rules.close_combat import (
    do_choke,
    do_draw,
    do_grab_weapon,
    do_grapple,
    do_pin,
    do_slam,
    do_takedown,
    do_wrest,
    enter,
)
from rules.combatant import BodyPart, Combatant, HitLocation
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.grapple import Score, TakedownStat, contest, free_hands
from rules.options import RuleOptions
from rules.ranged import FireMode, OpportunityArea, RangedSituation
from rules.strike import AttackRequest
from tests.unit.test_close_combat import OPTIONS, acting, fight, later, unarmed
from tests.unit.test_grapple import dice


def test_below_effective_skill_3_no_roll_is_attempted_a_1() -> None:
    """A.1: 3 may be rolled, 2 may not; the refusal names the skill and the threshold."""
    assert MIN_SKILL_TO_ATTEMPT == 3
    ensure_attemptable(3)
    with pytest.raises(RuleError) as low:
        ensure_attemptable(2)
    assert (low.value.key, low.value.params) == ("checks.below_three", {"skill": 2, "minimum": 3})


def test_an_attack_below_3_is_refused_before_any_die_a_1() -> None:
    """Knife 13 at -10 (any other modifier) is 3: rolled. At -11 it is 2: refused, and no die
    is used."""
    encounter = fight()
    bruno, orc = encounter.get("1"), encounter.get("2")
    rolled = resolve_attack(
        bruno,
        orc,
        AttackRequest(weapon="knife", modifier=-10),
        dice(10),
        OPTIONS,
        count_attacks=False,
    )
    assert rolled.effective.value == 3
    assert rolled.attack is not None
    unused = dice(10)
    with pytest.raises(RuleError) as refused:
        resolve_attack(
            bruno,
            orc,
            AttackRequest(weapon="knife", modifier=-11),
            unused,
            OPTIONS,
            count_attacks=False,
        )
    assert refused.value.key == "checks.below_three"
    assert refused.value.params["skill"] == 2
    assert unused.remaining == 3


def test_a_close_combat_contest_below_3_is_refused_for_the_one_acting_a_1() -> None:
    """The one who acts needs 3 (A.1); his foe's resisting roll is always made."""
    with pytest.raises(RuleError) as refused:
        contest(
            "grapple", Score(base=2), Score(base=11), ("R11.2",), roller=dice(), options=OPTIONS
        )
    assert refused.value.key == "checks.below_three"
    resisted = contest(
        "grapple", Score(base=12), Score(base=2), ("R11.2",), roller=dice(10, 10), options=OPTIONS
    )
    assert resisted.won


def test_free_hands_count_weapons_shields_and_crippled_arms_r11_2() -> None:
    """A knife in the right hand leaves one hand; a shield on the left takes the other; a
    two-handed weapon takes both; fists take none; a dropped weapon frees its hand; a
    crippled arm grabs nothing."""
    encounter = fight()
    bruno = encounter.get("1").combatant
    assert free_hands(bruno) == 1
    assert free_hands(unarmed(encounter).get("1").combatant) == 2
    shielded = fight(shield={"skill": 12, "db": 2})
    assert free_hands(shielded.get("1").combatant) == 0
    great = bruno.model_copy(
        update={"weapons": (bruno.weapons[0].model_copy(update={"two_handed": True}),)}
    )
    assert free_hands(great) == 0
    fists = bruno.model_copy(
        update={"weapons": (bruno.weapons[0].model_copy(update={"natural": True}),)}
    )
    assert free_hands(fists) == 2
    crippled = bruno.with_state(crippled=frozenset({BodyPart.LEFT_ARM}))
    assert free_hands(crippled) == 0


def test_a_shield_bash_takes_only_the_shield_arm_r11_2() -> None:
    """R11.2 with B287: the shield's bash is the shield strapped to the left arm, not a
    weapon in a hand. A fighter whose only weapon is his shield's bash has his right hand
    free to grapple, even though the bash is the sheet's first weapon."""
    shielded = fight(shield={"name": "Small Shield", "skill": 12, "db": 2}).get("1").combatant
    bash = shielded.weapons[0].model_copy(
        update={"name": "Small Shield (Shield Bash)", "item": "Small Shield"}
    )
    only_the_shield = shielded.model_copy(update={"weapons": (bash,)})
    assert only_the_shield.held_weapons == ()
    assert free_hands(only_the_shield) == 1


def test_no_free_hand_no_grapple_and_one_hand_no_choke_r11_2_r11_10() -> None:
    """A knife and a shield: no grapple (nor grab). A knife alone: the grapple is rolled
    (12 + 3 = 15 rolls 10 against 11 rolling 12), but not the choke, which needs both hands
    on the throat; knife dropped, he chokes."""
    shielded = fight(shield={"skill": 12, "db": 2})
    for act in (do_grapple, do_grab_weapon):
        with pytest.raises(RuleError) as busy:
            act(acting(shielded, "Bruno"), "Bruno", "Orc", roller=dice(), options=OPTIONS)
        assert (busy.value.key, busy.value.params) == ("close.no_free_hand", {"attacker": "Bruno"})
    encounter, grabbed = do_grapple(
        acting(fight(), "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    assert grabbed.done
    with pytest.raises(RuleError) as one_hand:
        do_choke(acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(), options=OPTIONS)
    assert one_hand.value.key == "close.needs_two_hands"
    _, choked = do_choke(
        acting(unarmed(encounter), "Bruno"),
        "Bruno",
        "Orc",
        roller=dice(10, 12, 10),
        options=OPTIONS,
    )
    assert choked.done


def test_a_knife_is_not_grabbed_only_its_arm_r11_5() -> None:
    """Orc (an axe in his right hand) cannot grab Bruno's knife: the refusal points to the arm,
    which he grabs (DX 11 rolls 8 against 12 rolling 14)."""
    encounter = fight()
    bruno = encounter.get("1")
    knife = bruno.combatant.weapons[0].model_copy(update={"knife": True})
    armed = encounter.replace(
        bruno.with_sheet(bruno.combatant.model_copy(update={"weapons": (knife,)}))
    )
    with pytest.raises(RuleError) as short:
        do_grab_weapon(acting(armed, "Orc"), "Orc", "Bruno", roller=dice(), options=OPTIONS)
    assert (short.value.key, short.value.params) == (
        "close.cannot_grab",
        {"weapon": "knife", "attacker": "Orc", "target": "Bruno"},
    )
    _, arm = do_grab_weapon(
        acting(armed, "Orc"), "Orc", "Bruno", arm=True, roller=dice(8, 14), options=OPTIONS
    )
    assert arm.done


def test_the_wrest_comes_a_round_after_the_grab_r11_4_r11_5() -> None:
    """Grabbed in round 1: the ST contest is refused in round 1 (R11.4), the forced drop too
    (R11.5); in round 2 it is rolled."""
    encounter, grabbed = do_grab_weapon(
        acting(fight(), "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    assert grabbed.done
    with pytest.raises(RuleError) as early:
        do_wrest(acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(), options=OPTIONS)
    assert (early.value.key, early.value.params) == (
        "close.wrest_later",
        {"attacker": "Bruno", "rule": "R11.4"},
    )
    armed, _ = do_grab_weapon(
        acting(fight(), "Orc"), "Orc", "Bruno", arm=True, roller=dice(8, 14), options=OPTIONS
    )
    with pytest.raises(RuleError) as drop:
        do_wrest(acting(armed, "Orc"), "Orc", "Bruno", roller=dice(), options=OPTIONS)
    assert drop.value.params["rule"] == "R11.5"
    _, taken = do_wrest(
        acting(later(encounter), "Bruno"), "Bruno", "Orc", roller=dice(8, 14), options=OPTIONS
    )
    assert taken.done


def test_the_choke_is_at_the_neck_unless_the_gm_says_torso_r11_10() -> None:
    """ST 13 rolls 7 (+6) against HT 11 rolling 12 (-1): 7 crushing. At the neck (the
    catalog's reading) with no ×1.5: 7, and 7 > 12/3 calls for the windpipe roll (R7.29).
    With ``choke_torso``: the torso, no windpipe roll."""
    encounter, _ = do_grapple(
        acting(unarmed(fight()), "Bruno"), "Bruno", "Orc", roller=dice(10, 12), options=OPTIONS
    )
    _, neck = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(7, 12, 14, 10), options=OPTIONS
    )
    assert neck.damage is not None
    assert neck.damage.spec.location is HitLocation.NECK
    assert (neck.damage.injury, neck.damage.wounding.multiplier) == (7, 1)
    assert neck.damage.trachea_roll is not None
    assert neck.damage.trachea_roll.target == 11 - 3
    torso_options = RuleOptions(choke_torso=True)
    _, torso = do_choke(
        acting(encounter, "Bruno"), "Bruno", "Orc", roller=dice(7, 12, 10), options=torso_options
    )
    assert torso.damage is not None
    assert torso.damage.spec.location is HitLocation.TORSO
    assert torso.damage.injury == 7
    assert torso.damage.trachea_roll is None


@pytest.mark.parametrize(
    ("act", "rule"),
    [
        (
            lambda f: do_takedown(
                acting(f, "Bruno"),
                "Bruno",
                "Orc",
                stat=TakedownStat.st,
                roller=dice(),
                options=OPTIONS,
            ),
            "R11.8",
        ),
        (
            lambda f: do_pin(acting(f, "Bruno"), "Bruno", "Orc", roller=dice(), options=OPTIONS),
            "R11.9",
        ),
        (
            lambda f: do_choke(acting(f, "Bruno"), "Bruno", "Orc", roller=dice(), options=OPTIONS),
            "R11.10",
        ),
    ],
)
def test_a_missing_grapple_cites_the_actions_own_rule(act: object, rule: str) -> None:
    """R11.8, R11.9, R11.10 each need a grapple first; the refusal cites that rule and names
    both fighters for its example."""
    with pytest.raises(RuleError) as refused:
        act(unarmed(fight()))  # type: ignore[operator]
    assert (refused.value.key, refused.value.params) == (
        "close.needs_grapple",
        {"rule": rule, "attacker": "Bruno", "target": "Orc"},
    )


def test_a_winning_flying_tackler_does_not_roll_not_to_fall_r11_18() -> None:
    """Orc's Dodge 8 rolls 15; ST 13 + 2 (moved) + 2 (tackle) = 17 rolls 10 against ST 12 - 2
    = 10 rolling 12: Bruno wins, and is on the ground anyway (R11.18): no ST roll, no
    knockback (R11.13 needs the winner standing)."""
    encounter = fight()
    unused = dice(15, 10, 12, 10, 10, 10)
    _, tackled = do_slam(
        acting(encounter, "Bruno"),
        "Bruno",
        "Orc",
        moved=4,
        tackle=True,
        target_dodges=True,
        roller=unused,
        options=OPTIONS,
    )
    assert tackled.slam is not None
    assert tackled.slam.attacker_wins
    assert tackled.slam.winner_st_roll is None
    assert tackled.slam.knockback == 0
    assert (tackled.slam.attacker_falls, tackled.slam.target_falls) == (True, True)
    assert unused.remaining == 9


def test_the_draw_itemises_the_shield_penalty_r11_22_r11_26() -> None:
    """DX 12 with a DB 2 shield, in the second round of close combat: 12 - 2 = 10."""
    encounter, _ = enter(acting(fight(shield={"skill": 12, "db": 2}), "Bruno"), "Bruno", "Orc")
    _, drawn = do_draw(
        acting(later(encounter), "Bruno"), "Bruno", None, roller=dice(10), options=OPTIONS
    )
    assert drawn.draw is not None
    assert drawn.draw.dx is not None
    assert drawn.draw.dx.base == 12
    assert [(m.key, m.value, m.rule_id) for m in drawn.draw.dx.modifiers] == [
        ("close.modifier.shield", -2, "R11.26")
    ]
    assert drawn.draw.dx_roll.effective_skill == 10


def _archer() -> tuple[EncounterCombatant, EncounterCombatant]:
    """Al (Per 10, Bow 14, Acc 2) and an orc to shoot at."""
    al = Combatant.create(
        name="Al",
        attributes={"st": 12, "dx": 12, "iq": 10, "ht": 12},
        weapons=[
            {
                "name": "Bow",
                "skill": 14,
                "damage": "thr+1 imp",
                "accuracy": 2,
                "snap_shot": 12,
                "launcher": "bow",
                "range": "150/200",
            }
        ],
    )
    orc = Combatant.create(name="Orc", attributes={"st": 12, "dx": 11, "ht": 11})
    return (
        EncounterCombatant(combatant_id="1", side="pc", combatant=al),
        EncounterCombatant(combatant_id="2", side="npc", combatant=orc),
    )


def _watching(identify: bool) -> AttackRequest:
    return AttackRequest(
        weapon="Bow",
        situation=RangedSituation(
            mode=FireMode.opportunity, area=OpportunityArea.line, identify=identify
        ),
    )


def test_telling_friend_from_foe_takes_a_vision_roll_r12_13() -> None:
    """R12.13: watching a line (-5), telling friend from foe (-2), a snap shot (-4):
    14 - 11 = 3. The GM's Vision roll on Per 10 comes first: 12 fails, he cannot tell and
    holds his fire (no attack roll, his turn untouched); 8 succeeds and the shot is rolled
    (10 misses). Without ``identify`` there is no Vision roll."""
    al, orc = _archer()
    held = resolve_attack(al, orc, _watching(True), dice(12), OPTIONS, count_attacks=False)
    assert held.identify is not None
    assert held.identify.effective == 10
    assert held.identify.roll is not None
    assert held.identify.roll.total == 12
    assert not held.identify.noticed
    assert held.attack is None
    assert held.attacker_turn == al.turn
    shot = resolve_attack(al, orc, _watching(True), dice(8, 10), OPTIONS, count_attacks=False)
    assert shot.identify is not None
    assert shot.identify.noticed
    assert shot.effective.value == 3
    assert shot.attack is not None
    assert shot.attack.roll.total == 10
    plain = resolve_attack(al, orc, _watching(False), dice(10), OPTIONS, count_attacks=False)
    assert plain.identify is None
    assert plain.effective.value == 5


def test_a_shield_bash_is_named_after_the_shield_r11_27() -> None:
    """A blow with the shield (the weapon named as the shield) is Shield skill, thr cr, and
    the blow carries the shield's name."""
    encounter = fight(shield={"name": "Kite", "skill": 12, "db": 2})
    bash = resolve_attack(
        encounter.get("1"),
        encounter.get("2"),
        AttackRequest(weapon="Kite"),
        dice(10),
        OPTIONS,
        count_attacks=False,
    )
    assert (bash.strike.weapon, bash.strike.damage, bash.effective.value) == ("Kite", "thr cr", 12)
