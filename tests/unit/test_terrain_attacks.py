"""The ground and the line of fire in the attack itself: levels (R13.1, R13.2), water (R13.4,
R13.5), attacks from above (R13.6), shooting down and up (R12.8, R12.9), the wrong target
(R12.12) and opportunity fire (R12.13), through :func:`rules.attack_resolution.resolve_attack`."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.attack_resolution import resolve_attack, resolve_stray
from rules.combatant import Combatant, HitLocation, Posture
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.maneuver import Maneuver
from rules.options import RuleOptions
from rules.ranged import FireMode, OpportunityArea, RangedSituation
from rules.roller import ScriptedDice
from rules.strike import AttackRequest, apply_strike
from rules.terrain import Water, standing
from rules.turn import TurnState
from tests.unit.test_grapple import dice

OPTIONS = RuleOptions()


def fighter(
    cid: str, name: str, *, height: float = 0, water: Water | None = None, **sheet: object
) -> EncounterCombatant:
    combatant = Combatant.create(
        name=name,
        attributes={"st": 12, "dx": 12, "ht": 12},
        weapons=[
            {"name": "sword", "skill": 14, "damage": "sw cut"},
            {"name": "spear", "skill": 14, "damage": "thr+2 imp", "reach": "1,2"},
            {"name": "bow", "skill": 14, "damage": "1d+1 imp", "accuracy": 2, "launcher": "bow"},
            {
                "name": "javelin",
                "skill": 14,
                "damage": "thr+1 imp",
                "thrown": True,
                "range": "10/15",
            },
        ],
        **sheet,
    )
    turn = standing(
        TurnState(), height=Fraction(str(height)), water=water if water is not None else None
    )
    return EncounterCombatant(combatant_id=cid, side=cid, combatant=combatant, turn=turn)


def attack(
    attacker: EncounterCombatant,
    target: EncounterCombatant,
    roller: ScriptedDice,
    **request: object,
) -> object:
    return resolve_attack(
        attacker, target, AttackRequest(**request), roller, OPTIONS, count_attacks=False
    )


def test_a_defender_on_a_table_r13_2() -> None:
    """The lower attacker at the face of one on a table: -2 more than the face's -5, and the
    defender defends at +1; from the table the legs are at -2 (R13.2)."""
    low, high = fighter("1", "Low"), fighter("2", "High", height=1)
    outcome = attack(low, high, dice(5), weapon="sword", location=HitLocation.FACE)
    mods = {m.key: m.value for m in outcome.effective.modifiers}
    assert mods["terrain.modifier.head_from_below"] == -2
    assert outcome.defenses is not None
    dodge = outcome.defenses.options[0]
    assert ("terrain.modifier.level_defense", 1) in [(m.key, m.value) for m in dodge.modifiers]
    down = attack(high, low, dice(10), weapon="sword", location=HitLocation.LEG)
    assert ("terrain.modifier.legs_from_above", -2) in [
        (m.key, m.value) for m in down.effective.modifiers
    ]
    with pytest.raises(RuleError) as raised:
        attack(fighter("1", "Low"), fighter("2", "Up", height=2), dice(10), weapon="sword")
    assert raised.value.key == "terrain.location_out_of_reach"  # only the legs from below
    spear = attack(fighter("1", "Low"), fighter("2", "High", height=1.2), dice(10), weapon="spear")
    assert spear.effective.modifiers == ()  # 1.2 m - 1 m of extra spear: ignored (R13.1)


def test_under_water_r13_4() -> None:
    """Sword 14 under water with Light encumbrance: 14 - 4 - 1 = 9; 1d+2 rolling 8 does 4."""
    diver = fighter("1", "Diver", water=Water.underwater, encumbrance_level=1)
    outcome = attack(diver, fighter("2", "Shark"), dice(10, 18), weapon="sword")
    assert outcome.effective.value == 9
    assert outcome.strike.damage_factor == Fraction(1, 2)
    hit = apply_strike(outcome.strike, fighter("2", "Shark").combatant, ScriptedDice([6]), OPTIONS)
    assert (hit.rolled, hit.basic_damage) == (8, 4)
    with pytest.raises(RuleError) as bow:
        attack(diver, fighter("2", "Shark"), dice(10), weapon="bow")
    assert bow.value.key == "terrain.useless_underwater"
    wet = attack(
        fighter("1", "Wader", water=Water.in_water), fighter("2", "Orc"), dice(10), weapon="sword"
    )
    assert wet.effective.value == 12


def test_attack_from_above_r13_6() -> None:
    """Unaware: no defense. Aware: Dodge 9 → 7."""
    ambusher, victim = fighter("1", "Panther"), fighter("2", "Walker")
    unaware = attack(ambusher, victim, dice(10, 10), weapon="sword", from_above=True)
    assert unaware.defenses is not None
    assert unaware.defenses.no_defense is not None
    assert unaware.defenses.no_defense.rule_id == "R13.6"
    aware = attack(ambusher, victim, dice(10), weapon="sword", from_above=True, aware_of_above=True)
    assert aware.defenses is not None
    dodge = aware.defenses.options[0]
    assert dodge.value == dodge.base - 2


def test_shooting_down_reads_a_shorter_distance_r12_8() -> None:
    """20 m to a target 10 m below: read as 15 m (-5)."""
    archer, target = fighter("1", "Archer", height=10), fighter("2", "Orc")
    outcome = attack(
        archer, target, dice(10), weapon="bow", situation=RangedSituation(distance=Fraction(20))
    )
    assert outcome.ranged is not None
    assert (outcome.ranged.effective_distance, outcome.ranged.distance_rule) == (15, "R12.8")
    up = attack(
        target, archer, dice(10), weapon="bow", situation=RangedSituation(distance=Fraction(20))
    )
    assert up.ranged is not None
    assert up.ranged.effective_distance == 30


def test_thrown_ranges_under_water_are_a_tenth_r13_4() -> None:
    diver = fighter("1", "Diver", water=Water.underwater)
    with pytest.raises(RuleError) as raised:
        attack(
            diver,
            fighter("2", "Eel"),
            dice(10),
            weapon="javelin",
            situation=RangedSituation(distance=Fraction(2)),
        )
    assert raised.value.key == "ranged.beyond_max_underwater"


def test_the_wrong_target_r12_12() -> None:
    """Skill 13 missed: the kneeling orc is passed over, the goblin rolled against 9 (11
    fails), the troll against 9 (7): hit, and he may Dodge."""
    archer = fighter("1", "Archer")
    kneeling = fighter("2", "Orc")
    kneeling = kneeling.with_sheet(kneeling.combatant.with_state(posture=Posture.KNEELING))
    line = (kneeling, fighter("3", "Goblin"), fighter("4", "Troll"))
    shots = resolve_stray(
        archer, line, AttackRequest(weapon="bow"), skill=13, roller=dice(11, 7), options=OPTIONS
    )
    assert [(s.bystander_name, s.exempt, s.hit) for s in shots] == [
        ("Orc", True, False),
        ("Goblin", False, False),
        ("Troll", False, True),
    ]
    troll = shots[-1].outcome
    assert troll is not None
    assert (troll.effective.value, troll.effective.cap_rule_id) == (9, "R12.12")
    assert troll.pending is not None


def test_opportunity_fire_r12_13() -> None:
    """Bow 14 watching 5 hexes: 14 - 6 - 4 (snap shot, whatever the skill) = 4. Watching one
    hex after 2 turns of Aim, Acc 2: 14 - 2 + 2 + 1 = 15. It needs a Wait."""
    watcher = fighter("1", "Watcher")
    watcher = watcher.model_copy(
        update={"turn": watcher.turn.model_copy(update={"maneuver": Maneuver.wait})}
    )
    wide = attack(
        watcher,
        fighter("2", "Orc"),
        dice(10),
        weapon="bow",
        situation=RangedSituation(mode=FireMode.opportunity, area=OpportunityArea.five_six),
    )
    assert wide.effective.value == 4
    narrow = attack(
        watcher,
        fighter("2", "Orc"),
        dice(10),
        weapon="bow",
        situation=RangedSituation(mode=FireMode.opportunity, area=OpportunityArea.one, aim_turns=2),
    )
    assert narrow.effective.value == 15
    idle = fighter("1", "Idle")
    with pytest.raises(RuleError) as raised:
        resolve_attack(
            idle,
            fighter("2", "Orc"),
            AttackRequest(weapon="bow", situation=RangedSituation(mode=FireMode.opportunity)),
            dice(10),
            OPTIONS,
        )
    assert raised.value.key == "ranged.opportunity_needs_wait"
