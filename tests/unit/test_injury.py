"""The damage pipeline (catalog section 7) with scripted dice.

Every test lists exactly the dice the pipeline rolls; ``dice.remaining == 0``
checks that no roll was skipped or added.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from rules.checks import Outcome
from rules.combatant import (
    Armor,
    BodyPart,
    Combatant,
    HitLocation,
    Posture,
    Side,
    Trait,
)
from rules.damage import DamageSpec, DamageType
from rules.errors import RuleError
from rules.injury import (
    InjuryOutcome,
    KnockdownResult,
    KnockdownTrigger,
    apply_hit,
    blunt_trauma,
    death_check_thresholds,
    injury_status,
    knockback_distance,
    knockdown_check,
    knockdown_modifiers,
    major_wound_threshold,
    shock_penalty,
)
from rules.options import RuleOptions
from rules.records import RollPurpose
from rules.roller import RandomDice, ScriptedDice

L = HitLocation
T = DamageType


def roll3(total: int) -> list[int]:
    """Three d6 faces summing to ``total`` (3..18)."""
    assert 3 <= total <= 18
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


def rolls(*totals: int) -> ScriptedDice:
    faces: list[int] = []
    for total in totals:
        faces.extend(roll3(total))
    return ScriptedDice(faces)


def person(**changes: object) -> Combatant:
    """The issue's reference target: ST 12, HP 15, HT 10, no DR."""
    data: dict[str, object] = {"name": "Target", "attributes": {"st": 12, "hp": 15}}
    data.update(changes)
    return Combatant.create(**data)


def hit(
    basic: int, damage_type: DamageType, location: HitLocation = L.TORSO, **more: object
) -> DamageSpec:
    return DamageSpec(basic_damage=basic, damage_type=damage_type, location=location, **more)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the issue's examples


@pytest.mark.parametrize(
    ("basic", "damage_type", "location", "dr", "divisor", "injury", "rolls_made"),
    [
        (11, T.PI_SMALL, L.TORSO, 5, Fraction(1), 3, 0),
        (11, T.CUT, L.TORSO, 5, Fraction(1), 9, 1),
        (11, T.PI_LARGE, L.TORSO, 5, Fraction(1), 9, 1),
        (11, T.IMP, L.TORSO, 5, Fraction(1), 12, 1),
        (11, T.PI_HUGE, L.TORSO, 5, Fraction(1), 12, 1),
        (12, T.PI_SMALL, L.TORSO, 11, Fraction(1), 1, 0),
        (20, T.PI, L.TORSO, 20, Fraction(2), 10, 1),
        (20, T.PI, L.TORSO, 20, Fraction(5), 16, 1),
        (20, T.PI, L.TORSO, 20, Fraction(10), 18, 1),
        (10, T.IMP, L.VITALS, 0, Fraction(1), 30, 2),  # death check at -15, knockdown
        (10, T.CUT, L.NECK, 0, Fraction(1), 20, 2),  # decapitation roll, knockdown
        (10, T.CR, L.LEG, 0, Fraction(1), 8, 2),  # knockdown, knockback balance
    ],
)
def test_issue_examples(
    *,
    basic: int,
    damage_type: DamageType,
    location: HitLocation,
    dr: int,
    divisor: Fraction,
    injury: int,
    rolls_made: int,
) -> None:
    """The issue's table (HP 15, ST 12, torso): A.2, R7.24, R7.29, R7.21; every roll succeeds."""
    dice = rolls(*[3] * rolls_made)
    outcome = apply_hit(
        person(dr={"uniform": dr}), hit(basic, damage_type, location, armor_divisor=divisor), dice
    )
    assert outcome.injury == injury
    assert outcome.hp_after == 15 - injury
    assert dice.remaining == 0


def test_issue_leg_example_cripples() -> None:
    """10 crushing to a leg of a 15-HP man: crippled, injury capped at 8 (R7.16, R7.21)."""
    outcome = apply_hit(person(), hit(10, T.CR, L.LEG, side=Side.LEFT), rolls(3, 3))
    assert outcome.crippled is BodyPart.LEFT_LEG
    assert outcome.crippling_threshold == 8
    assert outcome.injury == 8
    assert outcome.injury_lost == 2
    assert outcome.major_wound
    assert BodyPart.LEFT_LEG in outcome.state.crippled
    assert outcome.state.limb_injury == {BodyPart.LEFT_LEG: 8}


# ------------------------------------------------------------------ section 7 worked examples


def test_r7_20_torso_cut() -> None:
    """R7.20: 8 cut penetrating the torso → ×1.5 → 12."""
    outcome = apply_hit(person(attributes={"hp": 30}), hit(8, T.CUT), rolls())
    assert outcome.injury == 12
    assert outcome.wounding.multiplier == Fraction(3, 2)


def test_r7_21_spear_to_the_leg() -> None:
    """R7.21: spear 9 imp to the leg of a 10-HP man: ×1 → 9, crippled (> 5), capped at 6."""
    outcome = apply_hit(person(attributes={"hp": 10}), hit(9, T.IMP, L.LEG), rolls(3))
    assert outcome.raw_injury == 9
    assert outcome.injury == 6
    assert outcome.crippled is BodyPart.RIGHT_LEG
    assert outcome.knockdown is not None
    assert outcome.knockdown.trigger is KnockdownTrigger.MAJOR_WOUND


def test_r7_22_cut_to_the_hand() -> None:
    """R7.22: HP 12, 6 cut to the hand → 9 → crippled (> 4), capped at 5."""
    outcome = apply_hit(person(attributes={"hp": 12}), hit(6, T.CUT, L.HAND), rolls(3))
    assert outcome.raw_injury == 9
    assert outcome.injury == 5
    assert outcome.crippled is BodyPart.RIGHT_HAND


def test_r7_23_dagger_through_a_chink() -> None:
    """R7.23: 1d+1 imp rolls 6 vs plate DR 6 at a torso chink: DR 3 → 3 × 2 = 6."""
    outcome = apply_hit(
        person(attributes={"hp": 15}, dr={"uniform": 6}),
        hit(6, T.IMP, chinks_in_armor=True),
        rolls(),
    )
    assert outcome.dr.effective == 3
    assert outcome.penetrating == 3
    assert outcome.injury == 6


def test_r7_24_arrow_to_the_vitals() -> None:
    """R7.24: 7 penetrating imp to the vitals → ×3 = 21 (HP 30: a Major Wound → knockdown)."""
    outcome = apply_hit(person(attributes={"hp": 30}), hit(7, T.IMP, L.VITALS), rolls(3))
    assert outcome.injury == 21
    assert outcome.knockdown is not None
    assert outcome.knockdown.trigger is KnockdownTrigger.MAJOR_WOUND


def test_r7_25_mace_to_the_skull() -> None:
    """R7.25: mace 9 cr, helmet DR 2 → 9 − (2 + 2) = 5 × 4 = 20."""
    target = person(attributes={"hp": 40, "st": 40}, dr={"overrides": {"skull": 2}})
    outcome = apply_hit(target, hit(9, T.CR, L.SKULL), rolls(3))
    assert outcome.dr.effective == 4
    assert outcome.dr.skull_bonus == 2
    assert outcome.injury == 20
    assert outcome.knockdown is not None
    assert outcome.knockdown.trigger is KnockdownTrigger.HEAD_SHOCK


def test_r7_26_arrow_to_the_eye() -> None:
    """R7.26: 5 penetrating to the eye → ×4 = 20; the eye is blinded (HP 12)."""
    target = person(attributes={"hp": 12}, dr={"overrides": {"skull": 4}})
    outcome = apply_hit(target, hit(5, T.IMP, L.EYE, side=Side.LEFT), rolls(3))
    assert outcome.dr.effective == 0
    assert outcome.injury == 20
    assert outcome.blinded == (Side.LEFT,)
    assert outcome.state.blinded_eyes == frozenset({Side.LEFT})
    assert outcome.major_wound


def test_r7_27_acid_to_the_face() -> None:
    """R7.27: 8 penetrating cor to the face of a 12-HP victim → 12 → Major Wound → one eye."""
    outcome = apply_hit(person(attributes={"hp": 12}), hit(8, T.COR, L.FACE), rolls(3))
    assert outcome.injury == 12
    assert outcome.major_wound
    assert outcome.blinded == (Side.RIGHT,)


def test_r7_27_acid_beyond_basic_hp_blinds_both_eyes() -> None:
    outcome = apply_hit(person(attributes={"hp": 12}), hit(10, T.COR, L.FACE), rolls(3))
    assert outcome.injury == 15
    assert set(outcome.blinded) == {Side.RIGHT, Side.LEFT}


@pytest.mark.parametrize(("basic", "shock"), [(1, -2), (2, -4), (3, -6), (4, -8), (5, -8)])
def test_r7_28_groin_crushing_doubles_shock(basic: int, shock: int) -> None:
    """R7.28: 3 crushing to a male humanoid's groin → −6; 5 → −8 (max)."""
    target = person(male_humanoid=True, attributes={"hp": 19, "st": 30})
    outcome = apply_hit(target, hit(basic, T.CR, L.GROIN), rolls())
    assert outcome.shock_penalty == shock


@pytest.mark.parametrize(("earlier", "shock"), [(0, -6), (1, -7), (3, -8), (4, -8)])
def test_r7_28_groin_doubling_adds_to_earlier_shock(earlier: int, shock: int) -> None:
    """R7.28: the shock caused by the groin blow itself (3 → −6) is doubled, then added to
    the shock already taken before his turn (R7.6 ambiguity 3), to at most −8."""
    target = person(male_humanoid=True, attributes={"hp": 19, "st": 30})
    if earlier:
        target = apply_hit(target, hit(earlier, T.CR), rolls()).combatant
    outcome = apply_hit(target, hit(3, T.CR, L.GROIN), rolls())
    assert outcome.shock_penalty == shock


def test_r7_28_groin_doubling_with_20_hp_counts_the_blow_alone() -> None:
    """R7.28 with HP 20 (R7.6: −1 per full HP/10): 3 torso (−1), then 3 groin brings the
    count from 1 to 3 → the blow's own −2, doubled to −4, added to −1 → −5."""
    target = person(male_humanoid=True, attributes={"hp": 20, "st": 30})
    first = apply_hit(target, hit(3, T.CR), rolls())
    assert first.shock_penalty == -1
    assert apply_hit(first.combatant, hit(3, T.CR, L.GROIN), rolls()).shock_penalty == -5


def test_groin_doubling_only_for_crushing_and_male_humanoids() -> None:
    """R7.28: not for cutting, not for others."""
    male = person(male_humanoid=True, attributes={"hp": 19, "st": 30})
    other = person(attributes={"hp": 19, "st": 30})
    assert apply_hit(male, hit(3, T.CUT, L.GROIN), rolls()).shock_penalty == -4
    assert apply_hit(other, hit(3, T.CR, L.GROIN), rolls()).shock_penalty == -3
    assert apply_hit(male, hit(3, T.CR, L.GROIN), rolls()).shock_penalty == -6


def test_r7_29_crushed_windpipe() -> None:
    """R7.29: HP 12, crushing injury 6 (> 4) to the neck → HT at −3; failure costs 1 HP."""
    target = person(attributes={"hp": 12, "ht": 11, "st": 40})
    outcome = apply_hit(target, hit(4, T.CR, L.NECK), rolls(9))
    assert outcome.injury == 6
    assert outcome.trachea_roll is not None
    assert outcome.trachea_roll.target == 8
    assert not outcome.trachea_roll.succeeded
    assert outcome.hp_after == 12 - 6 - 1
    assert outcome.state.crushed_trachea
    assert outcome.state.trachea_penalty == -3


def test_r7_29_odd_injury_rounds_the_penalty_down() -> None:
    """R7.29 ambiguity ("−1 per 2 points", rounded down): HP 16, 5 cr to the neck x1.5 → 7
    (> 16/3) → HT 11 at −floor(7/2) = −3 → 8; a roll of 8 succeeds, no windpipe crushed."""
    target = person(attributes={"hp": 16, "ht": 11, "st": 40})
    outcome = apply_hit(target, hit(5, T.CR, L.NECK), rolls(8))
    assert outcome.injury == 7
    assert outcome.trachea_roll is not None
    assert outcome.trachea_roll.target == 8
    assert outcome.trachea_roll.succeeded
    assert outcome.hp_after == 16 - 7
    assert not outcome.state.crushed_trachea
    assert outcome.state.trachea_penalty == 0


def test_r7_29_decapitation() -> None:
    """R7.29: cutting injury 14 (> 12) to the neck → HT at −7 or decapitated."""
    target = person(attributes={"hp": 12, "ht": 11})
    outcome = apply_hit(target, hit(7, T.CUT, L.NECK), rolls(5))
    assert outcome.injury == 14
    assert outcome.decapitation_roll is not None
    assert outcome.decapitation_roll.target == 4
    assert outcome.died
    assert outcome.state.dead
    assert outcome.knockdown is None


def test_r7_18_single_exposed_limb_is_capped_at_a_major_wound() -> None:
    """R7.18: only one limb exposed → damage past a Major Wound (floor(HP/2)+1) is lost."""
    target = person(attributes={"hp": 12})
    spec = hit(20, T.BURN, large_area=True, exposed=(L.ARM,))
    outcome = apply_hit(target, spec, rolls(3))
    assert outcome.injury == 7
    assert outcome.crippled is BodyPart.RIGHT_ARM


def test_r7_18_large_area_hits_the_torso() -> None:
    """R7.18: averaged DR, no location multiplier, even if the spec names the skull."""
    target = person(attributes={"hp": 30}, dr={"uniform": 0, "overrides": {"torso": 6}})
    outcome = apply_hit(target, hit(13, T.BURN, L.SKULL, large_area=True), rolls())
    assert outcome.dr.effective == 3
    assert outcome.wounding.multiplier == 1
    assert outcome.injury == 10
    assert outcome.knockdown is None


def test_r7_16_arm_cap_and_accumulation() -> None:
    """R7.16: HP 12, arm crippled at 7; a 10-injury hit counts as 7; blows accumulate."""
    target = person(attributes={"hp": 12, "st": 40})
    big = apply_hit(target, hit(7, T.CUT, L.ARM), rolls(3))
    assert big.raw_injury == 10
    assert big.injury == 7
    first = apply_hit(target, hit(4, T.CR, L.ARM), rolls())
    assert first.injury == 4
    assert first.crippled is None
    second = apply_hit(first.combatant, hit(4, T.CR, L.ARM), rolls(3))
    assert second.injury == 3
    assert second.injury_lost == 1
    assert second.crippled is BodyPart.RIGHT_ARM
    third = apply_hit(second.combatant, hit(4, T.CR, L.ARM), rolls())
    assert third.injury == 0
    assert third.injury_lost == 4
    assert third.crippled is None
    assert third.hp_after == second.hp_after


def test_the_other_arm_is_separate() -> None:
    target = person(attributes={"hp": 12, "st": 40})
    first = apply_hit(target, hit(6, T.CR, L.ARM, side=Side.RIGHT), rolls())
    second = apply_hit(first.combatant, hit(6, T.CR, L.ARM, side=Side.LEFT), rolls())
    assert second.injury == 6
    assert second.crippled is None


@pytest.mark.parametrize(
    ("armor", "basic", "damage_type", "trauma"),
    [
        (Armor(flexible=15), 14, T.CR, 2),  # R7.15 worked example
        (Armor(rigid=6, flexible=6), 11, T.CR, 1),  # rigid over flexible
        (Armor(flexible=15), 4, T.CR, 0),
        (Armor(flexible=15), 5, T.CR, 1),
        (Armor(flexible=15), 9, T.CR, 1),
        (Armor(flexible=15), 10, T.CR, 2),
        (Armor(flexible=15), 9, T.CUT, 0),
        (Armor(flexible=15), 10, T.CUT, 1),
        (Armor(flexible=15), 10, T.IMP, 1),
        (Armor(flexible=15), 10, T.PI_SMALL, 1),
        (Armor(flexible=15), 14, T.BURN, 0),
        (Armor(rigid=15), 14, T.CR, 0),  # rigid armor: no blunt trauma
    ],
)
def test_r7_15_blunt_trauma(armor: Armor, basic: int, damage_type: DamageType, trauma: int) -> None:
    """R7.15: 1 per full 10 of pi/cut/imp, per full 5 of cr, when nothing penetrated."""
    target = person(attributes={"hp": 30, "st": 40}, dr={"uniform": armor})
    outcome = apply_hit(target, hit(basic, damage_type), rolls())
    assert outcome.penetrating == 0
    assert outcome.blunt_trauma == trauma
    assert outcome.injury == trauma


def test_r7_15_skull_bone_is_not_rigid_armor_over_a_coif() -> None:
    """R7.15/R7.25: 10 cr to a skull in a mail coif (flexible 8; +2 skull → DR 10) does not
    penetrate; all 10 points reach the coif, so blunt trauma is 10 // 5 = 2, as on a torso."""
    target = person(attributes={"hp": 30, "st": 40}, dr={"uniform": Armor(flexible=8)})
    outcome = apply_hit(target, hit(10, T.CR, L.SKULL), rolls(3))
    assert outcome.penetrating == 0
    assert outcome.blunt_trauma == 2


def test_blunt_trauma_only_when_nothing_penetrates() -> None:
    target = person(attributes={"hp": 30, "st": 40}, dr={"uniform": Armor(flexible=15)})
    outcome = apply_hit(target, hit(16, T.CR), rolls())
    assert outcome.penetrating == 1
    assert outcome.blunt_trauma == 0
    assert outcome.injury == 1


def test_r7_14_knockback_worked_example() -> None:
    """R7.14: target ST 12, 23 crushing → 2 m, balance roll (best of DX/Acrobatics/Judo) at −1."""
    target = person(
        attributes={"st": 12, "dx": 11, "hp": 15}, dr={"uniform": 30}, skills={"judo": 13}
    )
    outcome = apply_hit(target, hit(23, T.CR), rolls(12))
    assert outcome.injury == 0
    assert outcome.knockback is not None
    assert outcome.knockback.metres == 2
    roll = outcome.knockback.balance_roll
    assert roll is not None
    assert roll.attribute == "judo"
    assert roll.target == 12
    assert not outcome.knockback.fell
    assert outcome.state.posture is Posture.STANDING


def test_knockback_failed_balance_falls() -> None:
    target = person(attributes={"st": 12, "dx": 11}, dr={"uniform": 30})
    outcome = apply_hit(target, hit(23, T.CR), rolls(11))
    assert outcome.knockback is not None
    assert outcome.knockback.balance_roll is not None
    assert outcome.knockback.balance_roll.target == 10
    assert outcome.knockback.fell
    assert outcome.state.posture is Posture.PRONE


@pytest.mark.parametrize(
    ("damage_type", "dr", "bullet", "knocked"),
    [
        (T.CR, 0, False, True),
        (T.CUT, 30, False, True),  # cutting that did not penetrate
        (T.CUT, 0, False, False),  # cutting that penetrated
        (T.PI, 30, True, True),  # a bullet
        (T.PI, 30, False, False),
        (T.IMP, 30, False, False),
    ],
)
def test_what_knocks_back(damage_type: DamageType, dr: int, bullet: bool, knocked: bool) -> None:
    """R7.14: crushing, cutting that did not penetrate, and bullets."""
    target = person(attributes={"st": 12, "hp": 100}, dr={"uniform": dr})
    spec = hit(10, damage_type, knockback_bullet=bullet)
    outcome = apply_hit(target, spec, rolls(3) if knocked else rolls())
    assert (outcome.knockback is not None) is knocked


def test_knockback_with_ht_for_targets_without_st() -> None:
    """R7.14 ambiguity (2): HT as written, for a target with no ST or not resisting."""
    target = person(attributes={"st": 30, "ht": 7, "hp": 100})
    outcome = apply_hit(target, hit(10, T.CR, knockback_uses_ht=True), rolls(3))
    assert outcome.knockback is not None
    assert outcome.knockback.attribute == "ht"
    assert outcome.knockback.metres == 2


@pytest.mark.parametrize(
    ("basic", "st", "metres"),
    [(9, 12, 0), (10, 12, 1), (19, 12, 1), (20, 12, 2), (5, 3, 5), (5, 1, 5), (0, 12, 0)],
)
def test_knockback_distance(basic: int, st: int, metres: int) -> None:
    """R7.14: full multiples of ST − 2 (at least 1)."""
    assert knockback_distance(basic, st) == metres


def test_r7_13_knocked_out() -> None:
    """R7.13: HT 10, Major Wound to the face → roll vs 5; a 10 fails by 5 → knocked out."""
    target = person(attributes={"ht": 10, "hp": 12, "st": 40})
    outcome = apply_hit(target, hit(7, T.CR, L.FACE), rolls(10))
    assert outcome.knockdown is not None
    assert outcome.knockdown.roll.target == 5
    assert outcome.knockdown.result is KnockdownResult.KNOCKED_OUT
    assert outcome.knocked_out
    assert outcome.state.unconscious
    assert outcome.state.posture is Posture.PRONE


def test_r7_8_knocked_down_drops_what_he_holds() -> None:
    """R7.8: HT 11, sword in hand, 7 cr to the torso (HP 12: Major Wound), knockdown roll 13
    fails → he falls and drops the sword: no parry with it."""
    swordsman = person(
        attributes={"ht": 11, "hp": 12, "st": 40},
        weapons=[{"name": "sword", "skill": 14, "damage": "sw+1 cut"}],
    )
    assert swordsman.parry("sword") == 10
    outcome = apply_hit(swordsman, hit(7, T.CR), rolls(13))
    assert outcome.state.knocked_down
    assert outcome.state.dropped == frozenset({"sword"})
    assert outcome.combatant.parry("sword") is None
    resisted = apply_hit(swordsman, hit(7, T.CR), rolls(11))
    assert resisted.state.dropped == frozenset()


def test_r7_8_knocked_down_keeps_natural_weapons() -> None:
    """R7.8: he drops what he is holding; his claws and teeth (natural weapons) are no such
    thing. The same blow and failed roll as above: the sword falls, the bite stays."""
    beast = person(
        attributes={"ht": 11, "hp": 12, "st": 40},
        weapons=[
            {"name": "sword", "skill": 14, "damage": "sw+1 cut"},
            {"name": "Teeth (Bite)", "skill": 14, "damage": "thr-1 cut", "natural": True},
        ],
    )
    outcome = apply_hit(beast, hit(7, T.CR), rolls(13))
    assert outcome.state.knocked_down
    assert outcome.state.dropped == frozenset({"sword"})
    only_teeth = person(
        attributes={"ht": 11, "hp": 12, "st": 40},
        weapons=[{"name": "Teeth (Bite)", "skill": 14, "damage": "thr-1 cut", "natural": True}],
    )
    assert apply_hit(only_teeth, hit(7, T.CR), rolls(13)).state.dropped == frozenset()


@pytest.mark.parametrize(
    ("bash", "usage_item"),
    [("Small Shield (Shield Bash)", "Small Shield"), ("small shield", None)],
)
def test_r7_8_knocked_down_keeps_his_strapped_shield(bash: str, usage_item: str | None) -> None:
    """R7.8 drops what he holds; a shield is strapped to the arm (B287): the same blow and
    failed roll drop the sword, not the shield nor its bash (a GCS usage whose item is the
    shield, or a JSON sheet's weapon named like it). Block and the shield's DB stay."""
    knight = person(
        attributes={"ht": 11, "hp": 12, "st": 40},
        weapons=[
            {"name": "sword", "skill": 14, "damage": "sw+1 cut"},
            {"name": bash, "skill": 13, "damage": "thr cr", "item": usage_item},
        ],
        shield={"name": "Small Shield", "skill": 13, "db": 1},
    )
    outcome = apply_hit(knight, hit(7, T.CR), rolls(13))
    assert outcome.state.knocked_down
    assert outcome.state.dropped == frozenset({"sword"})
    after = outcome.combatant
    assert not after.has_dropped(after.weapon(bash))
    assert (after.block, after.shield_db) == (knight.block, 1)


def test_r7_8_face_examples() -> None:
    """R7.8: HT 11, Major Wound to the face → 6; with High Pain Threshold → 9; 1 point → 11."""
    plain = person(attributes={"ht": 11, "hp": 12, "st": 40})
    hpt = person(attributes={"ht": 11, "hp": 12, "st": 40}, traits=[Trait.HIGH_PAIN_THRESHOLD])
    major = apply_hit(plain, hit(7, T.CR, L.FACE), rolls(6))
    assert major.knockdown is not None
    assert major.knockdown.roll.target == 6
    assert major.knockdown.result is KnockdownResult.RESISTED
    assert apply_hit(hpt, hit(7, T.CR, L.FACE), rolls(6)).knockdown.roll.target == 9  # type: ignore[union-attr]
    minor = apply_hit(plain, hit(1, T.CR, L.FACE), rolls(11))
    assert minor.knockdown is not None
    assert minor.knockdown.trigger is KnockdownTrigger.HEAD_SHOCK
    assert minor.knockdown.roll.target == 11


def test_r7_8_knocked_down_and_stunned() -> None:
    target = person(attributes={"ht": 11, "hp": 12, "st": 40})
    outcome = apply_hit(target, hit(7, T.CR), rolls(13))
    assert outcome.knockdown is not None
    assert outcome.knockdown.result is KnockdownResult.KNOCKED_DOWN
    assert outcome.state.stunned
    assert outcome.state.knocked_down
    assert outcome.state.posture is Posture.PRONE
    assert not outcome.state.unconscious


def test_r7_9_no_brain_golem() -> None:
    """R7.9: No Brain, HT 12, Major Wound to the skull → roll vs 12; a minor skull hit → no roll."""
    golem = person(attributes={"ht": 12, "hp": 12, "st": 40}, traits=[Trait.IT_NO_BRAIN])
    major = apply_hit(golem, hit(9, T.CR, L.SKULL), rolls(12))
    assert major.injury == 7
    assert major.knockdown is not None
    assert major.knockdown.roll.target == 12
    minor = apply_hit(golem, hit(3, T.CR, L.SKULL), rolls())
    assert minor.injury == 1
    assert minor.knockdown is None


def test_r7_7_major_wound_knockout() -> None:
    """R7.7: HP 12, one hit for 7 → Major Wound; HT 11 rolls 16 → fails by 5 → knocked out."""
    target = person(attributes={"ht": 11, "hp": 12, "st": 40})
    outcome = apply_hit(target, hit(7, T.CR), rolls(16))
    assert outcome.major_wound
    assert outcome.knockdown is not None
    assert outcome.knockdown.roll.margin == -5
    assert outcome.knockdown.result is KnockdownResult.KNOCKED_OUT


@pytest.mark.parametrize(
    ("total", "result"),
    [
        (11, KnockdownResult.RESISTED),
        (12, KnockdownResult.KNOCKED_DOWN),
        (15, KnockdownResult.KNOCKED_DOWN),
        (16, KnockdownResult.KNOCKED_OUT),
        (3, KnockdownResult.RESISTED),
    ],
)
def test_knockdown_margin_boundaries(total: int, result: KnockdownResult) -> None:
    """R7.8/R7.13 at HT 11: fail by 4 → down; by 5 → out."""
    target = person(attributes={"ht": 11, "hp": 12, "st": 40})
    assert apply_hit(target, hit(7, T.CR), rolls(total)).knockdown.result is result  # type: ignore[union-attr]


def test_critical_failure_knocks_out() -> None:
    """R7.13: a critical failure knocks out even when the margin is small (HT 16 rolls 18)."""
    target = person(attributes={"ht": 16, "hp": 12, "st": 40})
    outcome = apply_hit(target, hit(7, T.CR), rolls(18))
    assert outcome.knockdown is not None
    assert outcome.knockdown.roll.outcome is Outcome.CRITICAL_FAILURE
    assert outcome.knockdown.result is KnockdownResult.KNOCKED_OUT


@pytest.mark.parametrize(
    ("hp", "injury", "shock"),
    [
        (12, 6, -4),  # R7.6 worked examples
        (12, 2, -2),
        (25, 7, -2),
        (30, 14, -4),
        (19, 3, -3),  # just below 20 HP
        (20, 3, -1),  # at 20 HP
        (21, 3, -1),
        (20, 1, 0),
        (20, 2, -1),
        (12, 4, -4),
        (12, 5, -4),
        (12, 0, 0),
        (50, 100, -4),
    ],
)
def test_r7_6_shock(hp: int, injury: int, shock: int) -> None:
    """R7.6: −min(4, injury); for HP 20+ −1 per full HP/10 (the quotient rounded down)."""
    assert shock_penalty(injury, hp) == shock


def test_shock_sums_within_a_turn_and_clears_with_the_state() -> None:
    """R7.6 ambiguity (3): several injuries before his turn add up, still capped at −4."""
    target = person(attributes={"hp": 30, "st": 40})
    first = apply_hit(target, hit(2, T.CR), rolls())
    assert first.shock_penalty == 0
    second = apply_hit(first.combatant, hit(2, T.CR), rolls())
    assert second.shock_penalty == -1
    assert second.state.shock_injury == 4
    small = person(attributes={"hp": 12, "st": 40})
    a = apply_hit(small, hit(3, T.CR), rolls())
    b = apply_hit(a.combatant, hit(3, T.CR), rolls())
    assert (a.shock_penalty, b.shock_penalty) == (-3, -4)


@pytest.mark.parametrize(
    ("trait", "shock", "options"),
    [
        (Trait.HIGH_PAIN_THRESHOLD, -3, RuleOptions()),
        (Trait.LOW_PAIN_THRESHOLD, -3, RuleOptions()),
        (Trait.HIGH_PAIN_THRESHOLD, 0, RuleOptions(pain_threshold_shock=True)),
        (Trait.LOW_PAIN_THRESHOLD, -6, RuleOptions(pain_threshold_shock=True)),
    ],
)
def test_pain_thresholds_and_shock(trait: Trait, shock: int, options: RuleOptions) -> None:
    """R7.6: the seed's shock is −min(4, injury) whatever the pain threshold (default);
    the Basic Set's B59/B142 reading is the ``pain_threshold_shock`` switch."""
    target = person(attributes={"hp": 15, "st": 40}, traits=[trait])
    assert apply_hit(target, hit(3, T.CR), rolls(), options).shock_penalty == shock


# --------------------------------------------------------------------------- thresholds


@pytest.mark.parametrize(
    ("hp", "injury", "major"),
    [
        (15, 7, False),
        (15, 8, True),
        (12, 5, False),
        (12, 6, False),
        (12, 7, True),
        (11, 5, False),
        (11, 6, True),
    ],
)
def test_major_wound_boundary(hp: int, injury: int, major: bool) -> None:
    """R7.7: more than half of basic HP in one blow."""
    target = person(attributes={"hp": hp, "st": 40})
    outcome = apply_hit(target, hit(injury, T.CR), rolls(3) if major else rolls())
    assert outcome.major_wound is major
    assert (major_wound_threshold(hp) <= injury) is major


@pytest.mark.parametrize(
    ("location", "basic", "hp", "crippled"),
    [
        (L.ARM, 7, 15, False),
        (L.ARM, 8, 15, True),
        (L.LEG, 9, 15, True),
        (L.HAND, 5, 15, False),
        (L.HAND, 6, 15, True),
        (L.FOOT, 7, 15, True),
    ],
)
def test_crippling_boundary(location: HitLocation, basic: int, hp: int, crippled: bool) -> None:
    """R7.16: more than HP/2 for a limb (15 → 8), more than HP/3 for an extremity (15 → 6)."""
    target = person(attributes={"hp": hp, "st": 40})
    outcome = apply_hit(target, hit(basic, T.CR, location), rolls(3) if crippled else rolls())
    assert (outcome.crippled is not None) is crippled


def test_crippling_at_threshold_switch() -> None:
    """R7.16 ambiguity: with the switch, exactly HP/2 cripples (HP 14, 7 to the arm)."""
    target = person(attributes={"hp": 14, "st": 40})
    assert apply_hit(target, hit(7, T.CR, L.ARM), rolls()).crippled is None
    switched = apply_hit(
        target, hit(7, T.CR, L.ARM), rolls(3), RuleOptions(crippling_at_threshold=True)
    )
    assert switched.crippled is BodyPart.RIGHT_ARM


@pytest.mark.parametrize(("penetrating", "blinded"), [(1, False), (2, True)])
def test_eye_blinding_boundary(penetrating: int, blinded: bool) -> None:
    """R7.26: more than HP/10 blinds (HP 40: 4 does not, 8 does)."""
    target = person(attributes={"hp": 40, "st": 40})
    outcome = apply_hit(target, hit(penetrating, T.IMP, L.EYE), rolls(3))
    assert bool(outcome.blinded) is blinded
    assert outcome.major_wound is blinded


@pytest.mark.parametrize(("basic", "roll"), [(3, False), (4, True)])
def test_trachea_boundary(basic: int, roll: bool) -> None:
    """R7.29: HP 12, crushing injury 4 is not more than 1/3; 6 is."""
    target = person(attributes={"hp": 12, "st": 40})
    outcome = apply_hit(target, hit(basic, T.CR, L.NECK), rolls(3) if roll else rolls())
    assert (outcome.trachea_roll is not None) is roll


@pytest.mark.parametrize(("basic", "roll"), [(6, False), (7, True)])
def test_decapitation_boundary(basic: int, roll: bool) -> None:
    """R7.29: cutting injury 12 on 12 HP is not greater than basic HP; 14 is."""
    target = person(attributes={"hp": 12, "st": 40})
    outcome = apply_hit(target, hit(basic, T.CUT, L.NECK), rolls(3, 3) if roll else rolls(3))
    assert (outcome.decapitation_roll is not None) is roll
    assert not outcome.state.dead


@pytest.mark.parametrize(
    ("hp_after", "due"),
    [
        (-9, ()),
        (-10, (1,)),
        (-11, (1,)),
        (-19, (1,)),
        (-20, (1, 2)),
        (-40, (1, 2, 3, 4)),
        (-45, (1, 2, 3, 4)),
    ],
)
def test_death_check_thresholds(hp_after: int, due: tuple[int, ...]) -> None:
    """R7.3: one roll per −HP multiple reached (HP 10)."""
    assert death_check_thresholds(hp_after, 10, 0) == due


def test_r7_3_two_thresholds_in_one_blow() -> None:
    """R7.3: HP 11 at −5 takes 18 → −23: thresholds −11 and −22 → two HT rolls."""
    target = person(attributes={"hp": 11, "ht": 11, "st": 40}).with_state(hp=-5)
    outcome = apply_hit(target, hit(18, T.PI), rolls(10, 10, 3))
    assert outcome.hp_after == -23
    assert [r.purpose for r in outcome.death_checks] == [RollPurpose.DEATH_CHECK] * 2
    assert outcome.state.death_checks_made == 2
    assert not outcome.state.dead
    again = apply_hit(outcome.combatant, hit(1, T.PI), rolls())
    assert again.death_checks == ()


def test_failed_death_check_kills_and_stops_rolling() -> None:
    target = person(attributes={"hp": 10, "ht": 10, "st": 40})
    outcome = apply_hit(target, hit(30, T.PI), rolls(11))
    assert len(outcome.death_checks) == 1
    assert outcome.died
    assert outcome.state.dead
    assert outcome.knockdown is None


def test_hard_to_kill_helps_death_checks() -> None:
    target = person(attributes={"hp": 10, "ht": 10, "st": 40}, hard_to_kill=2)
    outcome = apply_hit(target, hit(20, T.PI), rolls(12, 3))
    assert outcome.death_checks[0].target == 12
    assert not outcome.state.dead


@pytest.mark.parametrize(
    ("total", "dead", "mortal"),
    [(11, False, True), (12, False, True), (13, True, False), (18, True, False)],
)
def test_mortal_wounds_switch(total: int, dead: bool, mortal: bool) -> None:
    """R7.3 ambiguity (2): failing by 1–2 leaves him mortally wounded (switch on)."""
    target = person(attributes={"hp": 10, "ht": 10, "st": 40})
    dice = rolls(total) if dead else rolls(total, 3)
    outcome = apply_hit(target, hit(20, T.PI), dice, RuleOptions(mortal_wounds=True))
    assert outcome.state.dead is dead
    assert outcome.state.mortally_wounded is mortal


@pytest.mark.parametrize(("hp_after", "dead"), [(-54, False), (-55, True), (-56, True)])
def test_r7_4_automatic_death(hp_after: int, dead: bool) -> None:
    """R7.4: HP 11 → dead at −55 without a roll."""
    target = person(attributes={"hp": 11, "st": 40}).with_state(
        hp=-44, death_checks_made=4, unconscious=True
    )
    outcome = apply_hit(target, hit(-44 - hp_after, T.PI), rolls())
    assert outcome.hp_after == hp_after
    assert outcome.state.dead is dead
    assert outcome.death_checks == ()


@pytest.mark.parametrize(("hp_after", "destroyed"), [(-109, False), (-110, True), (-111, True)])
def test_r7_5_destruction(hp_after: int, destroyed: bool) -> None:
    """R7.5: HP 11 → body destroyed at −110."""
    target = person(attributes={"hp": 11, "st": 40}).with_state(
        hp=-100, dead=True, death_checks_made=4
    )
    outcome = apply_hit(target, hit(-100 - hp_after, T.PI), rolls())
    assert outcome.state.destroyed is destroyed
    assert not outcome.died


def test_r7_5_only_if_the_source_can_destroy() -> None:
    target = person(attributes={"hp": 11, "st": 40}).with_state(
        hp=-100, dead=True, death_checks_made=4
    )
    outcome = apply_hit(target, hit(20, T.PI, can_destroy=False), rolls())
    assert not outcome.state.destroyed


@pytest.mark.parametrize(
    ("current", "reeling", "penalty", "due", "dead"),
    [
        (5, False, 0, 0, False),
        (4, False, 0, 0, False),
        (3, True, 0, 0, False),
        (0, True, 0, 0, False),
        (-11, True, 0, 0, False),
        (-12, True, -1, 1, False),
        (-13, True, -1, 1, False),  # R7.2 worked example
        (-24, True, -2, 2, False),
        (-59, True, -4, 4, False),
        (-60, True, -5, 4, True),
    ],
)
def test_injury_status(current: int, reeling: bool, penalty: int, due: int, dead: bool) -> None:
    """R7.1–R7.4 for HP 12 (reeling below 4, i.e. at 3 or less)."""
    status = injury_status(current, 12)
    assert status.reeling is reeling
    assert status.must_roll_to_stay_conscious is (current <= 0)
    assert status.consciousness_penalty == penalty
    assert status.death_checks_due == due
    assert status.dead is dead


def test_injury_status_reeling_at_fifteen() -> None:
    """R7.1: HP 15, current 4 (< 5) is reeling; 5 is not."""
    assert injury_status(4, 15).reeling
    assert not injury_status(5, 15).reeling
    assert injury_status(-150, 15).destroyed


# --------------------------------------------------------------------------- knockdown modifiers


@pytest.mark.parametrize(
    ("location", "damage_type", "traits", "male", "options", "total"),
    [
        (L.SKULL, T.CR, [], False, RuleOptions(), -10),
        (L.EYE, T.IMP, [], False, RuleOptions(), -10),
        (L.FACE, T.CR, [], False, RuleOptions(), -5),
        (L.VITALS, T.IMP, [], False, RuleOptions(), -5),
        (L.GROIN, T.CR, [], True, RuleOptions(), -5),
        (L.GROIN, T.CR, [], False, RuleOptions(), 0),
        (L.GROIN, T.CUT, [], True, RuleOptions(), 0),
        (L.GROIN, T.CUT, [], True, RuleOptions(groin_knockdown_any_type=True), -5),
        (L.TORSO, T.CR, [], False, RuleOptions(), 0),
        (L.TORSO, T.CR, [Trait.HIGH_PAIN_THRESHOLD], False, RuleOptions(), 3),
        (L.TORSO, T.CR, [Trait.LOW_PAIN_THRESHOLD], False, RuleOptions(), -4),
        (L.SKULL, T.CR, [Trait.HIGH_PAIN_THRESHOLD], False, RuleOptions(), -7),
        (L.SKULL, T.CR, [Trait.IT_NO_BRAIN], False, RuleOptions(), 0),
        (L.FACE, T.CR, [Trait.IT_NO_BRAIN], False, RuleOptions(), 0),
        (L.VITALS, T.IMP, [Trait.IT_NO_BRAIN], False, RuleOptions(), -5),
        (L.VITALS, T.IMP, [Trait.IT_NO_VITALS], False, RuleOptions(), 0),
        (L.GROIN, T.CR, [Trait.IT_NO_VITALS], True, RuleOptions(), 0),
        (L.SKULL, T.CR, [Trait.IT_NO_BRAIN, Trait.LOW_PAIN_THRESHOLD], False, RuleOptions(), -4),
        (
            L.SKULL,
            T.CR,
            [Trait.IT_NO_BRAIN, Trait.LOW_PAIN_THRESHOLD],
            False,
            RuleOptions(injury_tolerance_no_knockdown_modifiers=True),
            0,
        ),
    ],
)
def test_knockdown_modifiers(
    *,
    location: HitLocation,
    damage_type: DamageType,
    traits: list[Trait],
    male: bool,
    options: RuleOptions,
    total: int,
) -> None:
    """R7.8 table, R7.9 (Injury Tolerance) and R7.28 (groin, crushing, male humanoid)."""
    target = person(traits=traits, male_humanoid=male)
    modifiers = knockdown_modifiers(target, location, True, damage_type, options)
    assert sum(m.value for m in modifiers) == total


@pytest.mark.parametrize(
    ("location", "traits", "major", "injury", "rolled"),
    [
        (L.TORSO, [], False, 3, False),
        (L.TORSO, [], True, 8, True),
        (L.SKULL, [], False, 1, True),
        (L.EYE, [], False, 1, True),
        (L.FACE, [], False, 1, True),
        (L.VITALS, [], False, 1, True),
        (L.GROIN, [], False, 1, False),
        (L.NECK, [], False, 1, False),
        (L.SKULL, [Trait.IT_NO_BRAIN], False, 1, False),
        (L.VITALS, [Trait.IT_NO_VITALS], False, 1, False),
        (L.VITALS, [Trait.IT_HOMOGENEOUS], False, 1, False),
        (L.FACE, [], False, 0, False),
    ],
)
def test_knockdown_triggers(
    location: HitLocation, traits: list[Trait], major: bool, injury: int, rolled: bool
) -> None:
    """R7.8: a Major Wound, or shock to the head or vitals; R7.9 removes the shock trigger."""
    dice = rolls(3) if rolled else rolls()
    result = knockdown_check(
        person(traits=traits),
        location,
        major_wound=major,
        injury=injury,
        damage_type=T.IMP,
        roller=dice,
    )
    assert (result is not None) is rolled
    assert dice.remaining == 0


def test_a_head_hit_that_causes_no_shock_rolls_no_knockdown_r7_8_r7_6() -> None:
    """R7.8 rolls for a head or vitals hit only on shock from it; R7.6: with 20+ HP shock is
    -1 per full HP/10, so 1 injury of HP 20 gives 0 and the face hit needs no roll. A second
    point before his turn (2 of 20: -1) is shock from that hit, and it rolls (HT 9)."""
    big = person(attributes={"st": 10, "ht": 9, "hp": 20})
    dice = rolls()
    first = apply_hit(big, hit(1, T.CR, L.FACE), dice)
    assert (first.injury, first.shock_penalty, first.knockdown) == (1, 0, None)
    assert dice.remaining == 0
    second = apply_hit(first.combatant, hit(1, T.CR, L.FACE), rolls(12))
    assert second.shock_penalty == -1
    assert second.knockdown is not None
    assert second.knockdown.trigger is KnockdownTrigger.HEAD_SHOCK
    assert (second.knockdown.roll.target, second.knockdown.result) == (
        9,
        KnockdownResult.KNOCKED_DOWN,
    )
    assert (
        knockdown_check(
            big,
            L.VITALS,
            major_wound=False,
            injury=1,
            damage_type=T.IMP,
            roller=rolls(),
        )
        is None
    )


# --------------------------------------------------------------------------- other details


def test_diffuse_caps_injury() -> None:
    """R14.3 (Base 4e Diffuse): 1 per imp/pi hit, 2 per other hit, except large-area."""
    swarm = person(attributes={"hp": 30, "st": 40}, traits=[Trait.IT_DIFFUSE])
    assert apply_hit(swarm, hit(10, T.IMP), rolls()).injury == 1
    assert apply_hit(swarm, hit(10, T.CUT), rolls()).injury == 2
    assert apply_hit(swarm, hit(10, T.BURN, large_area=True), rolls()).injury == 10
    off = RuleOptions(diffuse_injury_cap=False)
    assert apply_hit(swarm, hit(4, T.BURN), rolls(), off).injury == 4


def test_homogeneous_and_unliving_reduce_piercing() -> None:
    statue = person(attributes={"hp": 30, "st": 40}, traits=[Trait.IT_HOMOGENEOUS])
    zombie = person(attributes={"hp": 30, "st": 40}, traits=[Trait.IT_UNLIVING])
    assert apply_hit(statue, hit(10, T.PI), rolls()).injury == 2
    assert apply_hit(zombie, hit(10, T.PI), rolls()).injury == 3
    assert apply_hit(zombie, hit(1, T.PI_SMALL), rolls()).injury == 1  # minimum 1


def test_vitals_refuse_crushing() -> None:
    with pytest.raises(RuleError) as err:
        apply_hit(person(), hit(10, T.CR, L.VITALS), rolls())
    assert err.value.key == "hit_location.unreachable"


@pytest.mark.parametrize(
    ("basic", "damage_type", "options", "basic_after", "injury"),
    [
        (0, T.CR, RuleOptions(), 0, 0),
        (-2, T.CUT, RuleOptions(), 1, 1),
        (0, T.IMP, RuleOptions(), 1, 2),
        (0, T.IMP, RuleOptions(zero_minimum_damage=True), 0, 0),
    ],
)
def test_minimum_basic_damage(
    basic: int, damage_type: DamageType, options: RuleOptions, basic_after: int, injury: int
) -> None:
    """A.2/G7: crushing may be 0, anything else is at least 1 (switchable)."""
    outcome = apply_hit(person(attributes={"st": 40}), hit(basic, damage_type), rolls(), options)
    assert outcome.basic_damage == basic_after
    assert outcome.injury == injury


def test_half_damage_range() -> None:
    outcome = apply_hit(person(), hit(9, T.PI, half_damage_range=True), rolls())
    assert outcome.basic_damage == 4
    assert outcome.injury == 4


def test_fatigue_damage_comes_off_fp() -> None:
    outcome = apply_hit(person(dr={"uniform": 2}), hit(6, T.FAT), rolls())
    assert outcome.injury == 4
    assert outcome.fp_after == 6
    assert outcome.hp_after == 15
    assert outcome.shock_penalty == 0
    assert not outcome.major_wound


def test_unconscious_targets_do_not_roll_knockdown() -> None:
    target = person(attributes={"st": 40, "hp": 15}).with_state(unconscious=True)
    outcome = apply_hit(target, hit(10, T.CR), rolls())
    assert outcome.knockdown is None
    assert outcome.major_wound


def test_outcome_records_the_rules_and_serializes() -> None:
    outcome = apply_hit(person(dr={"uniform": 5}), hit(11, T.CUT), rolls(3))
    assert "A.2" in outcome.rule_ids
    assert "R7.7" in outcome.rule_ids
    assert "R7.8" in outcome.rule_ids
    data = TypeAdapter(InjuryOutcome).dump_json(outcome)
    assert b'"injury":9' in data
    assert outcome.combatant.state == outcome.state


# --------------------------------------------------------------------------- properties

LOCATIONS = st.sampled_from(list(HitLocation))
TYPES = st.sampled_from([t for t in DamageType if t is not DamageType.FAT])


def _reachable(location: HitLocation, damage_type: DamageType) -> bool:
    if location in (L.VITALS, L.EYE):
        return damage_type in (T.IMP, T.PI_SMALL, T.PI, T.PI_LARGE, T.PI_HUGE)
    return True


@settings(max_examples=300, deadline=None)
@given(
    basic=st.integers(min_value=-5, max_value=80),
    dr=st.integers(min_value=0, max_value=40),
    flexible=st.integers(min_value=0, max_value=20),
    damage_type=TYPES,
    location=LOCATIONS,
    hp=st.integers(min_value=1, max_value=60),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_injury_is_never_negative_and_hp_never_rises(
    *,
    basic: int,
    dr: int,
    flexible: int,
    damage_type: DamageType,
    location: HitLocation,
    hp: int,
    seed: int,
) -> None:
    if not _reachable(location, damage_type):
        return
    target = person(attributes={"hp": hp}, dr={"uniform": Armor(rigid=dr, flexible=flexible)})
    outcome = apply_hit(target, hit(basic, damage_type, location), RandomDice(seed))
    assert outcome.injury >= 0
    assert outcome.hp_after <= outcome.hp_before
    assert outcome.state.shock_penalty >= -8
    if outcome.penetrating == 0:
        # Only blunt trauma can hurt, and a limb's crippling cap may cut it down (R7.15, R7.16).
        assert outcome.injury <= outcome.blunt_trauma


@settings(max_examples=300, deadline=None)
@given(
    basic=st.integers(min_value=0, max_value=80),
    low=st.integers(min_value=0, max_value=40),
    extra=st.integers(min_value=0, max_value=40),
    damage_type=TYPES,
    location=LOCATIONS,
    divisor=st.sampled_from([Fraction(1), Fraction(2), Fraction(5), Fraction(1, 2)]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_more_dr_never_more_injury(
    *,
    basic: int,
    low: int,
    extra: int,
    damage_type: DamageType,
    location: HitLocation,
    divisor: Fraction,
    seed: int,
) -> None:
    """With the same hit, more (rigid) DR never gives more injury.

    Flexible armor is left out on purpose: its blunt trauma (R7.15) can exceed
    the 1 point that barely penetrating it would do.
    """
    if not _reachable(location, damage_type):
        return
    spec = hit(basic, damage_type, location, armor_divisor=divisor)
    lighter = apply_hit(person(dr={"uniform": low}), spec, RandomDice(seed))
    heavier = apply_hit(person(dr={"uniform": low + extra}), spec, RandomDice(seed))
    assert heavier.injury <= lighter.injury


@given(st.sampled_from([T.CR, T.CUT, T.IMP, T.PI, T.BURN]), st.integers(min_value=0, max_value=200))
def test_blunt_trauma_property(damage_type: DamageType, damage: int) -> None:
    trauma = blunt_trauma(damage_type, damage)
    assert 0 <= trauma <= damage // 5


def test_outcome_and_records_are_frozen() -> None:
    import dataclasses

    outcome = apply_hit(person(), hit(11, T.CUT), rolls(3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.injury = 0  # type: ignore[misc]
    assert outcome.knockdown is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.knockdown.roll.target = 20  # type: ignore[misc]
    assert set(vars(outcome)) == {field.name for field in dataclasses.fields(outcome)}
    assert dataclasses.replace(outcome, injury=3).injury == 3
    assert outcome == dataclasses.replace(outcome)


@settings(max_examples=200)
@given(
    st.integers(min_value=0, max_value=60),
    st.sampled_from(list(DamageType)),
    st.sampled_from(list(HitLocation)),
    st.integers(min_value=0, max_value=2**32),
)
def test_apply_hit_sets_every_outcome_field(
    basic: int, damage_type: DamageType, location: HitLocation, seed: int
) -> None:
    """apply_hit fills its outcome from a template: no field may be left unset."""
    from rules.injury import UNSET

    if not _reachable(location, damage_type):
        return
    outcome = apply_hit(person(), hit(basic, damage_type, location), RandomDice(seed))
    assert [name for name, value in vars(outcome).items() if value is UNSET] == []
