"""Fire (R10.1-R10.8): exposure, the flammability table, catching fire, burning and putting
it out; and its seconds in a fight (rules.hazards)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.combatant import Burning, Combatant, HitLocation
from rules.dice import DiceExpression
from rules.encounter import Encounter, EncounterCombatant
from rules.fire import (
    BURNING,
    EXPOSURE_DICE,
    FLAMMABILITY,
    INCENDIARY_EXTRA,
    Clothing,
    Exposure,
    Flammability,
    Ignition,
    burn,
    burning_hit,
    catch_fire,
    classify_ignition,
    extinguish,
    fire_exposure,
    ignite,
    ignition_damage,
    shield_catches_fire,
)
from rules.hazards import HazardKind, catch, put_out, tick_passed
from rules.roller import ScriptedDice
from rules.turn import TurnEvent, TurnEventKind


def roll3(total: int) -> list[int]:
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


@pytest.mark.parametrize(
    ("exposure", "dice"),
    [(Exposure.PARTIAL, "1d-3"), (Exposure.FULL, "1d-1"), (Exposure.FURNACE, "3d")],
)
def test_r10_1_table(exposure: Exposure, dice: str) -> None:
    assert EXPOSURE_DICE[exposure].text == dice


def test_r10_1_worked_example() -> None:
    """3 seconds in a burning hut: 1d-1 rolls 4, 1, 6 → 3 + 0 + 5 = 8."""
    flames = fire_exposure(Exposure.FULL, 3, ScriptedDice([4, 1, 6]))
    assert [total for _, total in flames.rolls] == [3, 0, 5]
    assert flames.damage == 8
    assert "G7" in flames.rule_ids


def test_r10_1_part_of_a_turn_is_one_roll() -> None:
    flames = fire_exposure(Exposure.PARTIAL, 5, ScriptedDice([6]))
    assert (flames.seconds, flames.damage) == (1, 3)


def test_r10_1_large_area_with_full_dr() -> None:
    """R7.18, R10.12: 8 burning against torso DR 6 and an unarmored head (DR 0): the
    average, 3, stops it; 5 penetrate."""
    knight = Combatant.create(
        name="Knight", dr={"uniform": 6, "overrides": {"skull": 0, "face": 0, "neck": 0}}
    )
    hit = burning_hit(knight, 8, ScriptedDice([]))
    assert hit.spec.large_area
    assert (hit.dr.effective, hit.penetrating) == (3, 5)
    plate = Combatant.create(name="Plate", dr={"uniform": 6})
    assert burning_hit(plate, 5, ScriptedDice([])).injury == 0  # R10.12's knight


def test_r10_2_incendiary() -> None:
    assert INCENDIARY_EXTRA == 1


def test_r10_3_tight_beam_counts_a_tenth() -> None:
    """A 23-point beam: 2.3 → lights Highly Flammable, not clothing (which needs 3)."""
    assert ignition_damage(23, tight_beam=True) == Fraction(23, 10)
    assert catch_fire(23, tight_beam=True) is None
    assert catch_fire(30, tight_beam=True) is Burning.PARTIAL


@pytest.mark.parametrize(
    ("material", "threshold"),
    [
        (Flammability.SUPERFLAMMABLE, 1),
        (Flammability.HIGHLY_FLAMMABLE, 1),
        (Flammability.FLAMMABLE, 3),
        (Flammability.RESISTANT, 10),
        (Flammability.HIGHLY_RESISTANT, 30),
        (Flammability.NONFLAMMABLE, None),
    ],
)
def test_r10_4_table(material: Flammability, threshold: int | None) -> None:
    assert FLAMMABILITY[material] == threshold


@pytest.mark.parametrize(
    ("material", "best", "case"),
    [
        # The text's case: Flammable under flames of 1 point a second: one class above.
        (Flammability.FLAMMABLE, 1, Ignition.ONE_CLASS_ABOVE),
        # A campfire brand (1d-1, best 5): leather one class above, green wood two.
        (Flammability.RESISTANT, 5, Ignition.ONE_CLASS_ABOVE),
        (Flammability.HIGHLY_RESISTANT, 5, Ignition.TWO_CLASSES_ABOVE),
        (Flammability.NONFLAMMABLE, 5, Ignition.NEVER),
        # Three classes above: never (the catalog's reading).
        (Flammability.HIGHLY_RESISTANT, 1, Ignition.NEVER),
        (Flammability.FLAMMABLE, 5, Ignition.AT_ONCE),
    ],
)
def test_r10_4_cases(material: Flammability, best: int, case: Ignition) -> None:
    assert classify_ignition(material, Fraction(best)) is case


def test_r10_4_one_class_above_rolls_3d_every_ten_seconds() -> None:
    """A brand on leather for 30 s: 3d at 10 s rolls 17 (no), at 20 s 16 (catches)."""
    outcome = ignite(
        Flammability.RESISTANT,
        DiceExpression.of(1, -1),
        30,
        ScriptedDice([*roll3(17), *roll3(16)]),
    )
    assert (outcome.ignition, outcome.target) == (Ignition.ONE_CLASS_ABOVE, 16)
    assert [r.second for r in outcome.rolls] == [10, 20]
    assert (outcome.ignited, outcome.second) == (True, 20)


def test_r10_4_flames_that_may_light_it_roll_every_second() -> None:
    """1d-1 on dry wood (3): 1 (0) fails, then 4 (3) lights it in the second second."""
    outcome = ignite(Flammability.FLAMMABLE, DiceExpression.of(1, -1), 5, ScriptedDice([1, 4]))
    assert outcome.ignition is Ignition.EACH_SECOND
    assert [r.total for r in outcome.rolls] == [0, 3]
    assert (outcome.ignited, outcome.second) == (True, 2)


@pytest.mark.parametrize(
    ("damage", "clothing", "burning"),
    [
        (2, Clothing.NORMAL, None),
        (3, Clothing.NORMAL, Burning.PARTIAL),  # R10.5
        (9, Clothing.NORMAL, Burning.PARTIAL),
        (10, Clothing.NORMAL, Burning.FULL),  # R10.6
        (12, Clothing.NORMAL, Burning.FULL),
        (1, Clothing.FLIMSY, Burning.PARTIAL),  # R10.8: lace
        (4, Clothing.WET, None),  # R10.8: a soaked cloak
        (12, Clothing.UNDER_ARMOR, None),
    ],
)
def test_r10_5_to_r10_8_catching_fire(
    damage: int, clothing: Clothing, burning: Burning | None
) -> None:
    assert catch_fire(damage, clothing) is burning


def test_r10_7_wooden_shield() -> None:
    assert not shield_catches_fire(9)
    assert shield_catches_fire(10)


@pytest.mark.parametrize(
    ("kind", "dice", "penalty", "readies"),
    [
        (Burning.PARTIAL, "1d-4", -2, 1),
        (Burning.FULL, "1d-1", -3, 3),
        (Burning.SHIELD, "1d-5", -2, 0),
    ],
)
def test_burning_table(kind: Burning, dice: str, penalty: int, readies: int) -> None:
    expression, dx, ready = BURNING[kind]
    assert (expression.text, dx, ready) == (dice, penalty, readies)


def test_burning_is_at_least_zero() -> None:
    assert burn(Burning.PARTIAL, ScriptedDice([2])).damage == 0
    assert burn(Burning.FULL, ScriptedDice([6])).damage == 5


def test_g7_a_second_of_burning_that_rolls_zero_does_no_injury() -> None:
    """G7 with R10.5: fire is environmental damage, floored at 0, so part of the clothes
    burning (1d-4) on a die of 2 does 0: no injury and no shock, HP stays 18 (not the
    attack minimum of 1). A real point (a die of 5) still hurts."""
    orc = Combatant.create(name="Orc", attributes={"hp": 20}).with_state(hp=18)
    second = burn(Burning.PARTIAL, ScriptedDice([2]))
    hit = burning_hit(orc, second.damage, ScriptedDice([]))
    assert (hit.basic_damage, hit.injury, hit.state.hp, hit.state.shock_penalty) == (0, 0, 18, 0)
    assert not hit.minimum_applied
    one = burning_hit(orc, burn(Burning.PARTIAL, ScriptedDice([5])).damage, ScriptedDice([]))
    assert (one.injury, one.state.hp) == (1, 17)


def test_g7_heat_of_a_partial_exposure_at_zero_does_no_injury() -> None:
    """G7 with R10.1: a leap through the flames (1d-3) rolling 3 does 0 burning, 0 injury."""
    flames = fire_exposure(Exposure.PARTIAL, 1, ScriptedDice([3]))
    orc = Combatant.create(name="Orc", attributes={"hp": 20})
    hit = burning_hit(orc, flames.damage, ScriptedDice([]))
    assert (flames.damage, hit.injury, hit.state.hp) == (0, 0, 20)


def test_r10_6_the_sheet_shows_the_burning_defenses_the_buttons_offer() -> None:
    """R10.6 (A.4): all his clothes alight, DX 12 → 9. Dodge from Basic Speed (12+12)/4 = 6
    → 9 becomes (9+12)/4 = 5.25 → 8; Parry with Axe 12 → 9 becomes 3 + 9 // 2 = 7; Block
    with shield 12 → 9 becomes 7: the numbers the defense rules get."""
    from rules.defense_resolution import defender_input, sheet_defenses
    from rules.turn import TurnState

    orc = Combatant.create(
        name="Orc",
        attributes={"st": 12, "dx": 12, "ht": 12},
        weapons=[{"name": "Axe", "skill": 12, "damage": "sw+2 cut"}],
        shield={"skill": 12, "db": 2},
    )
    unburnt = sheet_defenses(orc)
    assert (unburnt.dodge, unburnt.parries, unburnt.block) == (9, (("Axe", 9),), 9)
    burning = orc.with_state(on_fire=Burning.FULL)
    shown = sheet_defenses(burning)
    assert (shown.dodge, shown.parries, shown.block) == (8, (("Axe", 7),), 7)
    given = defender_input(burning, TurnState())
    assert given.shield is not None
    assert given.dodge + given.dodge_dx_change == shown.dodge
    assert given.weapons[0].parry + given.weapons[0].dx_change == 7
    assert given.shield.block + given.shield.dx_change == 7


@pytest.mark.parametrize(
    ("kind", "face"), [(Burning.PARTIAL, 3), (Burning.FULL, 1), (Burning.SHIELD, 5)]
)
def test_g7_a_burning_second_rolling_zero_does_no_injury(kind: Burning, face: int) -> None:
    """G7: fire is environmental damage, floored at 0 with no minimum of 1. 1d-4 rolling 3,
    1d-1 rolling 1 and 1d-5 rolling 5 burn for 0: HP 10 stays 10 (R10.5-R10.7)."""
    fight = _fight({"on_fire": kind})
    events = [TurnEvent(kind=TurnEventKind.TURN_STARTED, round=2, combatant_id="1", rule_id="R4.4")]
    after, ticks = tick_passed(fight, events, ScriptedDice([face]))
    tick = ticks[0]
    assert tick.burn is not None
    assert tick.injury is not None
    assert (tick.burn.damage, tick.injury.injury) == (0, 0)
    assert after.get("1").combatant.state.hp == 10


def test_g7_fire_exposure_rolling_zero_does_no_injury() -> None:
    """R10.1's 1d-3 rolling 2 is 0 burning (G7), and the injury pipeline keeps it at 0."""
    flames = fire_exposure(Exposure.PARTIAL, 1, ScriptedDice([2]))
    assert flames.damage == 0
    hit = burning_hit(Combatant.create(name="Ana"), flames.damage, ScriptedDice([]))
    assert (hit.injury, hit.state.hp) == (0, 10)


def test_r10_5_extinguishing_part_of_the_clothes_is_at_minus_two() -> None:
    """DX 12 → 10 (the catalog applies R10.5's -2), one Ready."""
    attempt = extinguish(Burning.PARTIAL, 12, ScriptedDice(roll3(11)))
    assert attempt.roll is not None
    assert (attempt.roll.target, attempt.out, attempt.readies) == (10, False, 1)


def test_r10_6_extinguishing_all_of_it_is_at_plain_dx_or_a_dive() -> None:
    """The 12-point breath: DX 12 → 9 for everything else, but the roll is against 12."""
    attempt = extinguish(Burning.FULL, 12, ScriptedDice(roll3(12)))
    assert attempt.roll is not None
    assert (attempt.roll.target, attempt.out, attempt.readies) == (12, True, 3)
    dive = extinguish(Burning.FULL, 12, ScriptedDice([]), dive=True)
    assert (dive.out, dive.roll) == (True, None)


def test_r10_7_a_shield_is_dropped() -> None:
    attempt = extinguish(Burning.SHIELD, 12, ScriptedDice([]))
    assert (attempt.out, attempt.roll) == (True, None)


def test_catching_fire_never_goes_from_all_to_part() -> None:
    state = Combatant.create(name="Ana").state
    full = catch(state, Burning.FULL)
    assert catch(full, Burning.PARTIAL).on_fire is Burning.FULL
    assert put_out(full).on_fire is None


def _fight(state_update: dict[str, object]) -> Encounter:
    ana = Combatant.create(name="Ana", attributes={"ht": 12})
    ana = ana.with_state(ana.state.model_copy(update=state_update))
    return Encounter(
        name="Fire",
        gm_id=1,
        combatants=(EncounterCombatant(combatant_id="1", side="pc", combatant=ana),),
    )


def test_burning_ticks_once_at_each_place_passed() -> None:
    """R10.6 in a fight: all his clothes burn 1d-1 a second at his place in the order."""
    fight = _fight({"on_fire": Burning.FULL})
    events = [
        TurnEvent(kind=TurnEventKind.ROUND_STARTED, round=2, rule_id="R4.1"),
        TurnEvent(kind=TurnEventKind.TURN_STARTED, round=2, combatant_id="1", rule_id="R4.4"),
    ]
    after, ticks = tick_passed(fight, events, ScriptedDice([5]))
    assert [t.kind for t in ticks] == [HazardKind.BURNING]
    assert ticks[0].burn is not None
    assert ticks[0].burn.damage == 4
    assert after.get("1").combatant.state.hp == 6
    assert after.get("1").combatant.state.on_fire is Burning.FULL


# --------------------------------------------------------------------------- a hit's fire


def test_r10_2_incendiary_is_read_from_the_damage_text() -> None:
    """R10.2: ``inc`` after the type marks an Incendiary weapon; ``/damage`` text too."""
    from rules.damage import DamageType, parse_damage, parse_direct_damage

    arrow = parse_damage("1d+2 imp inc")
    assert (arrow.damage_type, arrow.incendiary) == (DamageType.IMP, True)
    assert not parse_damage("1d+2 imp").incendiary
    assert parse_direct_damage("1d burn inc").incendiary
    untyped = parse_direct_damage("2d inc", DamageType.CR)
    assert (untyped.incendiary, untyped.expression.text) == (True, "2d")


def test_r10_2_fire_arrow_adds_one_burning_after_the_impaling() -> None:
    """R10.2: a fire arrow (1d+2 imp, incendiary) rolling 1 → 3 imp, ×2 = 6 injury; then
    1 burning at the same spot (DR 0): 1 more injury. 1 point sets no ordinary clothes
    alight (R10.5 needs 3). HP 20 → 14 → 13."""
    from rules.options import RuleOptions
    from rules.strike import Strike, apply_strike

    target = Combatant.create(name="Orc", attributes={"hp": 20})
    arrow = Strike(weapon="bow", damage="1d+2 imp inc", st=10)
    result = apply_strike(arrow, target, ScriptedDice([1]), RuleOptions())
    assert (result.basic_damage, result.injury.injury) == (3, 6)
    fire = result.fire
    assert fire is not None
    assert fire.incendiary is not None
    assert (fire.incendiary.injury, fire.incendiary.hp_after) == (1, 13)
    assert fire.caught is None
    assert fire.burning == 1
    assert result.victim.state.hp == 13
    assert result.total_injury == 7
    assert "R10.2" in fire.rule_ids


def test_r10_5_a_burning_blow_of_3_sets_part_of_the_clothes_alight() -> None:
    """R10.5: a 4-point fire bolt on an unarmored man: part of his clothing burns."""
    from rules.options import RuleOptions
    from rules.strike import Strike, apply_strike

    target = Combatant.create(name="Man", attributes={"hp": 12})
    bolt = Strike(weapon=None, damage="1d burn", st=10)
    result = apply_strike(bolt, target, ScriptedDice([4]), RuleOptions())
    assert result.injury.injury == 4
    assert result.fire is not None
    assert result.fire.incendiary is None
    assert result.fire.caught is Burning.PARTIAL
    assert result.victim.state.on_fire is Burning.PARTIAL
    assert result.victim.state.hp == 8
    assert result.fire.rule_ids == ("R10.5",)


def test_r10_6_ten_burning_sets_all_the_clothes_alight() -> None:
    """R10.6: a 12-point breath: all the clothing burns (1d-1 a second, DX -3)."""
    from rules.damage import DamageSpec, DamageType
    from rules.fire import fire_on_hit

    target = Combatant.create(name="Man", attributes={"hp": 30})
    spec = DamageSpec(basic_damage=12, damage_type=DamageType.BURN)
    fire = fire_on_hit(target, spec, 12, ScriptedDice([]))
    assert fire is not None
    assert fire.caught is Burning.FULL
    assert fire.combatant.state.on_fire is Burning.FULL


def test_r10_3_a_tight_beam_hit_keeps_the_tenth_it_compared() -> None:
    """R10.3: a 25-point tight beam counts 25 / 10 = 2.5 against the clothes' 3 (R10.5):
    nothing caught, and the outcome keeps the 2.5 it compared (an ordinary burn keeps 25)."""
    from rules.damage import DamageSpec, DamageType
    from rules.fire import fire_on_hit

    target = Combatant.create(name="Bob", attributes={"hp": 300})
    beam = DamageSpec(basic_damage=25, damage_type=DamageType.BURN, tight_beam=True)
    fire = fire_on_hit(target, beam, 25, ScriptedDice([]))
    assert fire is not None
    assert (fire.burning, fire.counted, fire.caught) == (25, Fraction(5, 2), None)
    flame = fire_on_hit(
        target, DamageSpec(basic_damage=25, damage_type=DamageType.BURN), 25, ScriptedDice([])
    )
    assert flame is not None
    assert (flame.counted, flame.caught) == (Fraction(25), Burning.FULL)


def test_r10_8_clothes_under_armor_do_not_catch() -> None:
    """R10.8: torso DR 2: the 12 burning finds clothes under armor, nothing catches; on
    his bare arm the same blow sets them alight."""
    from rules.damage import DamageSpec, DamageType
    from rules.fire import fire_on_hit

    target = Combatant.create(
        name="Knight", attributes={"hp": 30}, dr={"uniform": 0, "overrides": {"torso": 2}}
    )
    torso = DamageSpec(basic_damage=12, damage_type=DamageType.BURN)
    fire = fire_on_hit(target, torso, 12, ScriptedDice([]))
    assert fire is not None
    assert (fire.clothing, fire.caught) == (Clothing.UNDER_ARMOR, None)
    assert fire.combatant.state.on_fire is None
    assert "R10.8" in fire.rule_ids
    arm = DamageSpec(basic_damage=12, damage_type=DamageType.BURN, location=HitLocation.ARM)
    bare = fire_on_hit(target, arm, 12, ScriptedDice([]))
    assert bare is not None
    assert bare.caught is Burning.FULL


def test_r10_3_a_tight_beam_counts_a_tenth_on_the_clothes() -> None:
    """R10.3: a 23-point beam counts 2.3: not enough for clothes (3)."""
    from rules.damage import DamageSpec, DamageType
    from rules.fire import fire_on_hit

    target = Combatant.create(name="Man", attributes={"hp": 40})
    beam = DamageSpec(basic_damage=23, damage_type=DamageType.BURN, tight_beam=True)
    fire = fire_on_hit(target, beam, 23, ScriptedDice([]))
    assert fire is not None
    assert fire.caught is None
    assert "R10.3" in fire.rule_ids


def test_a_blow_without_fire_has_none() -> None:
    from rules.damage import DamageSpec, DamageType
    from rules.fire import fire_on_hit

    target = Combatant.create(name="Man")
    spec = DamageSpec(basic_damage=12, damage_type=DamageType.CUT)
    assert fire_on_hit(target, spec, 12, ScriptedDice([])) is None


def test_burning_dx_penalty_r10_5_to_r10_7() -> None:
    from rules.fire import burning_dx_penalty

    man = Combatant.create(name="Man")
    assert burning_dx_penalty(man.state) is None
    found = [
        burning_dx_penalty(catch(man.state, kind))
        for kind in (Burning.PARTIAL, Burning.FULL, Burning.SHIELD)
    ]
    assert [(m.key, m.value, m.rule_id) for m in found if m is not None] == [
        ("fire.modifier.partial", -2, "R10.5"),
        ("fire.modifier.full", -3, "R10.6"),
        ("fire.modifier.shield", -2, "R10.7"),
    ]


def _burning_duel(kind: Burning) -> tuple[EncounterCombatant, EncounterCombatant]:
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "sword", "skill": 13, "damage": "sw+1 cut"}],
        shield={"name": "shield", "skill": 12, "db": 1},
    )
    orc = Combatant.create(
        name="Orc",
        attributes={"st": 13, "dx": 11, "ht": 11},
        weapons=[{"name": "axe", "skill": 13, "damage": "sw+2 cut"}],
    )
    burning = ana.with_state(catch(ana.state, kind))
    return (
        EncounterCombatant(combatant_id="1", side="a", combatant=burning),
        EncounterCombatant(combatant_id="2", side="b", combatant=orc),
    )


def test_r10_6_burning_clothes_lower_his_attack_skill() -> None:
    """R10.6: all his clothes on fire, DX -3: sword 13 attacks at 10, the line named."""
    from rules.attack_resolution import resolve_attack
    from rules.options import RuleOptions
    from rules.strike import AttackRequest

    ana, orc = _burning_duel(Burning.FULL)
    outcome = resolve_attack(
        ana, orc, AttackRequest(weapon="sword"), ScriptedDice([6, 6, 6]), RuleOptions()
    )
    assert outcome.effective.value == 10
    assert [(m.key, m.value, m.rule_id) for m in outcome.effective.modifiers] == [
        ("fire.modifier.full", -3, "R10.6")
    ]


def test_r10_5_burning_clothes_lower_his_defenses_through_the_a4_formulas() -> None:
    """R10.5, A.4: part of his clothes on fire, DX 13 → 11: Basic Speed (11 + 12) / 4 =
    5.75, Dodge 9 → 8 (-1); sword 13 → 11, Parry 9 → 8 (-1); shield 12 → 10, Block 9 → 8
    (-1); each with the fire's line (its shield DB +1 on top)."""
    from rules.defense import AttackContext, available_defenses
    from rules.defense_resolution import defender_input
    from rules.options import RuleOptions

    ana, _ = _burning_duel(Burning.PARTIAL)
    defender = defender_input(ana.combatant, ana.turn)
    options = available_defenses(defender, AttackContext(), RuleOptions())
    found = {
        option.kind.value: (
            option.value,
            [(m.key, m.value, m.rule_id) for m in option.modifiers if m.key.startswith("fire.")],
        )
        for option in options.options
    }
    assert found["dodge"] == (9, [("fire.modifier.partial", -1, "R10.5")])
    assert found["parry"] == (9, [("fire.modifier.partial", -1, "R10.5")])
    assert found["block"] == (9, [("fire.modifier.partial", -1, "R10.5")])


@pytest.mark.parametrize(
    ("skill", "penalty", "change"), [(13, -2, -1), (12, -2, -1), (12, -3, -2), (13, -3, -1)]
)
def test_a_dx_penalty_moves_a_parry_by_half_the_skill(
    skill: int, penalty: int, change: int
) -> None:
    """A.4: Parry and Block are 3 + skill / 2, rounded down."""
    from rules.defense import half_skill_change

    assert half_skill_change(skill, penalty) == change


# ------------------------------------------------------------- putting it out in a fight


def _burning_fight(
    burning: Burning, *, current: str = "1", maneuver: str | None = None
) -> Encounter:
    """Orc (DX 12, on fire) and Ann, round 2, ``current``'s turn; Orc has had a turn."""
    from rules.turn import TurnSequence, TurnState

    orc = Combatant.create(name="Orc", attributes={"dx": 12, "hp": 40})
    orc = orc.with_state(on_fire=burning)
    ann = Combatant.create(name="Ann")
    return Encounter(
        name="Fire",
        gm_id=1,
        sequence=TurnSequence(round=2, this_round=("1", "2"), position=0 if current == "1" else 1),
        combatants=(
            EncounterCombatant(
                combatant_id="1",
                side="npc",
                combatant=orc,
                turn=TurnState(turns_taken=2, maneuver=maneuver),
            ),
            EncounterCombatant(
                combatant_id="2", side="pc", combatant=ann, turn=TurnState(turns_taken=1)
            ),
        ),
        next_number=3,
    )


def test_r10_5_putting_it_out_is_his_ready_on_his_turn() -> None:
    """R10.5: part of the clothes: one Ready and a DX roll at 12 - 2 = 10 (rolled 10: out);
    the Ready is his maneuver (R4.4): a second try in the same turn is refused."""
    from rules.options import RuleOptions
    from rules.strain import fight_fire

    fought = fight_fire(
        _burning_fight(Burning.PARTIAL),
        "1",
        dive=False,
        roller=ScriptedDice(roll3(10)),
        options=RuleOptions(),
    )
    assert fought.attempt is not None
    assert fought.attempt.roll is not None
    assert (fought.attempt.roll.target, fought.attempt.out) == (10, True)
    orc = fought.encounter.get("1")
    assert (orc.turn.maneuver, orc.combatant.state.on_fire) == ("ready", None)


@pytest.mark.parametrize(
    ("current", "maneuver", "key"),
    [
        ("2", None, "environment.error.extinguish_not_his_turn"),  # Ann's turn
        ("1", "attack", "maneuver.already_chosen"),  # he attacked this turn
    ],
)
def test_r10_5_no_try_off_his_turn_or_after_his_maneuver(
    current: str, maneuver: str | None, key: str
) -> None:
    """R10.5 with R4.4: the try takes his maneuver: refused on another's turn and after he
    has attacked, with nothing rolled."""
    from rules.errors import RuleError
    from rules.options import RuleOptions
    from rules.strain import fight_fire

    with pytest.raises(RuleError) as refused:
        fight_fire(
            _burning_fight(Burning.PARTIAL, current=current, maneuver=maneuver),
            "1",
            dive=False,
            roller=ScriptedDice([]),
            options=RuleOptions(),
        )
    assert refused.value.key == key


def test_r10_6_all_the_clothes_roll_after_the_third_ready() -> None:
    """R10.6: all his clothes: three Ready maneuvers a try, on three turns; the DX roll (at
    plain DX 12, no -3) comes with the third. Rolled 13: still burning, and the next try
    starts again at one."""
    from rules.options import RuleOptions
    from rules.strain import fight_fire

    fight = _burning_fight(Burning.FULL)
    for done in (1, 2):
        fought = fight_fire(fight, "1", dive=False, roller=ScriptedDice([]), options=RuleOptions())
        assert (fought.attempt, fought.readies, fought.readies_needed) == (None, done, 3)
        orc = fought.encounter.get("1")
        assert orc.combatant.state.fire_readies == done
        assert orc.turn.maneuver == "ready"
        # His next turn: a fresh maneuver.
        fight = fought.encounter.replace(
            orc.model_copy(update={"turn": orc.turn.model_copy(update={"maneuver": None})})
        )
    third = fight_fire(
        fight, "1", dive=False, roller=ScriptedDice(roll3(13)), options=RuleOptions()
    )
    assert third.attempt is not None
    assert third.attempt.roll is not None
    assert (third.attempt.roll.target, third.attempt.out, third.readies) == (12, False, 3)
    orc = third.encounter.get("1")
    assert (orc.combatant.state.on_fire, orc.combatant.state.fire_readies) == (Burning.FULL, 0)
