"""The combatant model: defaults (A.4, A.5), validation, derived scores, JSON round trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.combatant import (
    Armor,
    Attributes,
    BodyPart,
    Combatant,
    CombatantState,
    DRProfile,
    HitLocation,
    Posture,
    Shield,
    Side,
    Trait,
    Weapon,
    body_part,
)
from rules.errors import RuleError

SWORD = Weapon(name="broadsword", skill=14, damage="sw+1 cut")
KNIFE = Weapon(name="large knife", skill=13, damage="sw-2 cut", parry_modifier=-1, knife=True)
FLAIL = Weapon(name="morningstar", skill=12, damage="sw+3 cr", can_parry=False, flail=True)


def fighter(**changes: object) -> Combatant:
    data: dict[str, object] = {
        "name": "Gunnar",
        "attributes": {"st": 12, "dx": 12, "iq": 10, "ht": 11},
        "weapons": [SWORD, KNIFE, FLAIL],
        "shield": {"skill": 13, "db": 2},
    }
    data.update(changes)
    return Combatant.create(**data)


def test_secondary_characteristics_default_from_attributes() -> None:
    """A.4: HP = ST, FP = HT, Will = Per = IQ, Basic Speed = (DX+HT)/4, Move = floor(Speed)."""
    attrs = Attributes(st=12, dx=12, iq=11, ht=11)
    assert (attrs.hp, attrs.fp, attrs.will, attrs.per) == (12, 11, 11, 11)
    assert attrs.basic_speed == 5.75
    assert attrs.basic_move == 5


def test_explicit_secondary_characteristics_win() -> None:
    attrs = Attributes(st=12, hp=15, basic_speed=6.0)
    assert attrs.hp == 15
    assert attrs.basic_move == 6


def test_new_combatant_starts_unhurt_and_standing() -> None:
    c = fighter()
    assert c.state.hp == 12
    assert c.state.fp == 11
    assert c.state.posture is Posture.STANDING
    assert c.can_act
    assert c.is_conscious


@pytest.mark.parametrize(
    ("encumbrance", "dodge", "move"),
    [(0, 8, 5), (1, 7, 4), (2, 6, 3), (3, 5, 2), (4, 4, 1)],
)
def test_dodge_and_move_by_encumbrance(encumbrance: int, dodge: int, move: int) -> None:
    """A.4/A.5: Dodge = floor(Speed) + 3 − level; Move × 1, .8, .6, .4, .2 (Speed 5.75)."""
    c = fighter(encumbrance_level=encumbrance)
    assert c.dodge == dodge
    assert c.move == move


def test_combat_reflexes_adds_one_to_every_active_defense() -> None:
    """A.4: Combat Reflexes gives +1 to Dodge, Parry and Block."""
    plain = fighter()
    cr = fighter(traits=[Trait.COMBAT_REFLEXES])
    assert cr.dodge == plain.dodge + 1
    assert plain.parry("broadsword") == 10
    assert cr.parry("broadsword") == 11
    assert plain.block == 9
    assert cr.block == 10


def test_parry_uses_the_weapons_own_modifier_and_flags() -> None:
    """A.4 and R6.7: Parry = 3 + floor(skill/2) + modifier; a knife parries at −1."""
    c = fighter()
    assert c.parry(KNIFE) == 3 + 6 - 1
    assert c.parry("morningstar") is None


def test_unknown_weapon_is_a_rule_error() -> None:
    with pytest.raises(RuleError) as err:
        fighter().parry("halberd")
    assert err.value.key == "combatant.unknown_weapon"
    assert err.value.params["weapon"] == "halberd"


def test_no_shield_no_block() -> None:
    c = fighter(shield=None)
    assert c.block is None
    assert c.shield_db == 0
    assert fighter().shield_db == 2


def test_dodge_override_replaces_the_formula() -> None:
    assert fighter(dodge_override=11).dodge == 11


@pytest.mark.parametrize(
    ("rise_class", "dx", "move", "dodge"),
    [("quadruped_carnivore", 14, 10, 7), ("herbivore", 9, 16, 8)],
)
def test_animal_dodge_worked_example_r6_1(rise_class: str, dx: int, move: int, dodge: int) -> None:
    """R6.1: wolf, Move 10, DX 14 -> floor(14/2) = 7; horse, Move 16, DX 9 -> 8."""
    from rules.combatant import Combatant, animal_dodge

    beast = Combatant.create(
        name="Beast", attributes={"dx": dx, "basic_move": move}, rise_class=rise_class
    )
    assert animal_dodge(move, dx) == dodge
    assert (beast.base_dodge, beast.dodge) == (dodge, dodge)


def test_a_humanoid_keeps_the_speed_formula_r6_1() -> None:
    from rules.combatant import Combatant

    man = Combatant.create(name="Man", attributes={"dx": 14, "basic_move": 10})
    assert man.base_dodge == int(man.attributes.basic_speed) + 3


@pytest.mark.parametrize(
    ("hp", "reeling"),
    [(5, False), (4, False), (3, True), (0, True)],
)
def test_reeling_threshold_is_strictly_below_a_third(hp: int, reeling: bool) -> None:
    """R7.1: fewer than 1/3 of 12 HP (i.e. 3 or less) is reeling; 4 is not."""
    assert fighter().with_state(hp=hp).is_reeling is reeling


def test_reeling_worked_example_halves_move_and_dodge_rounding_up() -> None:
    """R7.1 worked example: HP 15, current 4 → Move 5 → 3; Dodge 8 → 4."""
    c = Combatant.create(
        name="Example", attributes={"st": 15, "dx": 10, "ht": 10, "basic_speed": 5.0}
    )
    hurt = c.with_state(hp=4)
    assert c.move == 5
    assert c.dodge == 8
    assert hurt.move == 3
    assert hurt.dodge == 4


def test_reeling_and_tired_halve_twice() -> None:
    """R7.1 and R8.1 are cumulative: 8 → 4 → 2."""
    c = Combatant.create(name="Tired", attributes={"dx": 10, "ht": 10})
    both = c.with_state(hp=3, fp=3)
    assert both.is_reeling
    assert both.is_tired
    assert both.dodge == 2
    assert both.move == 2


@pytest.mark.parametrize(
    ("parts", "hp", "move"),
    [
        ((), 15, 5),
        ((BodyPart.RIGHT_LEG,), 15, 3),
        ((BodyPart.LEFT_FOOT,), 15, 3),
        ((BodyPart.RIGHT_LEG, BodyPart.RIGHT_FOOT), 15, 3),
        ((BodyPart.RIGHT_LEG,), 4, 2),
        ((BodyPart.RIGHT_LEG, BodyPart.LEFT_FOOT), 15, 0),
        ((BodyPart.RIGHT_ARM, BodyPart.LEFT_HAND), 15, 5),
    ],
)
def test_a_crippled_leg_halves_move_r7_16(parts: tuple[BodyPart, ...], hp: int, move: int) -> None:
    """R7.16 (its effects from the Basic Set): a crippled leg or foot halves Move once more,
    rounding up as reeling does (R7.1: Move 5 -> 3, reeling too -> 2); a leg and its own foot
    are one leg; both legs crippled leave Move 0. Arms change nothing."""
    c = Combatant.create(
        name="Example", attributes={"st": 15, "dx": 10, "ht": 10, "basic_speed": 5.0}
    )
    lame = c.with_state(hp=hp, crippled=frozenset(parts))
    assert lame.move == move


def test_weapons_are_held_in_hands_that_can_be_crippled_r7_16() -> None:
    """The first weapon is in the right hand, the others in the left; a two-handed weapon
    needs both arms; the shield is on the left arm."""
    spear = Weapon(name="spear", skill=12, damage="thr+3 imp", two_handed=True)
    c = Combatant.create(name="Hands", weapons=[SWORD, KNIFE, spear], shield={"skill": 12})
    assert [c.hand_of(w) for w in c.weapons] == [Side.RIGHT, Side.LEFT, Side.LEFT]
    right = c.with_state(crippled=frozenset({BodyPart.RIGHT_HAND}))
    assert [right.wields_with_crippled_arm(w) for w in c.weapons] == [True, False, True]
    assert not right.shield_arm_crippled
    left = c.with_state(crippled=frozenset({BodyPart.LEFT_ARM}))
    assert [left.wields_with_crippled_arm(w) for w in c.weapons] == [False, True, True]
    assert left.shield_arm_crippled


@pytest.mark.parametrize(
    ("changes", "can_act"),
    [
        ({}, True),
        ({"stunned": True}, False),
        ({"mentally_stunned": True}, False),
        ({"unconscious": True}, False),
        ({"dead": True}, False),
    ],
)
def test_can_act(changes: dict[str, bool], can_act: bool) -> None:
    """R7.10/R7.11: a stunned fighter must Do Nothing; R4.2: the unconscious drop out."""
    assert fighter().with_state(**changes).can_act is can_act


@pytest.mark.parametrize(
    ("data", "key", "field"),
    [
        ({"attributes": {"st": 0}}, "combatant.value_too_low", "st"),
        ({"attributes": {"hp": -3}}, "combatant.value_too_low", "hp"),
        ({"dr": {"uniform": -1}}, "combatant.value_too_low", "dr"),
        ({"dr": {"overrides": {"skull": {"flexible": -2}}}}, "combatant.value_too_low", "dr"),
        ({"attributes": {"dx": "nimble"}}, "combatant.invalid_value", "dx"),
        ({"weapons": [{"name": "axe", "skill": -1, "damage": "sw+2 cut"}]}, None, "skill"),
    ],
)
def test_bad_sheets_are_rule_errors(data: dict[str, object], key: str | None, field: str) -> None:
    with pytest.raises(RuleError) as err:
        Combatant.create(name="Bad", **data)
    assert err.value.key == (key or "combatant.value_too_low")
    assert field in str(err.value.params["field"])


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"encumbrance_level": 5}, "combatant.encumbrance_out_of_range"),
        ({"encumbrance_level": -1}, "combatant.encumbrance_out_of_range"),
        ({"name": "  "}, "combatant.unnamed"),
        ({"state": {"hp": 20}}, "combatant.hp_above_max"),
        ({"state": {"fp": 20}}, "combatant.fp_above_max"),
        ({"state": {"shock_penalty": 2}}, "combatant.shock_positive"),
        ({"weapons": [SWORD, SWORD]}, "combatant.duplicate_weapon"),
        ({"weapons": [{"name": " ", "skill": 10, "damage": "thr cr"}]}, "combatant.weapon_unnamed"),
    ],
)
def test_more_bad_sheets(data: dict[str, object], key: str) -> None:
    with pytest.raises(RuleError) as err:
        fighter(**data)
    assert err.value.key == key


def test_direct_construction_still_validates() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        Combatant(name="x", attributes=Attributes(st=0), state=CombatantState(hp=1, fp=1))


def test_dr_profile_overrides_and_vitals_follow_the_torso() -> None:
    dr = DRProfile(
        uniform=Armor(rigid=2),
        overrides={HitLocation.TORSO: Armor(rigid=4, flexible=2), HitLocation.FACE: Armor()},
    )
    assert dr.at(HitLocation.ARM).dr == 2
    assert dr.at(HitLocation.TORSO).dr == 6
    assert dr.at(HitLocation.VITALS) == Armor(rigid=4, flexible=2)
    assert dr.at(HitLocation.FACE).dr == 0


def test_integer_dr_is_rigid() -> None:
    assert DRProfile.model_validate({"uniform": 3}).uniform == Armor(rigid=3)


@pytest.mark.parametrize(
    ("location", "side", "part"),
    [
        (HitLocation.ARM, Side.RIGHT, BodyPart.RIGHT_ARM),
        (HitLocation.LEG, Side.LEFT, BodyPart.LEFT_LEG),
        (HitLocation.HAND, Side.LEFT, BodyPart.LEFT_HAND),
        (HitLocation.FOOT, Side.RIGHT, BodyPart.RIGHT_FOOT),
        (HitLocation.EYE, Side.LEFT, BodyPart.LEFT_EYE),
        (HitLocation.TORSO, Side.LEFT, None),
        (HitLocation.NECK, Side.RIGHT, None),
    ],
)
def test_body_part(location: HitLocation, side: Side, part: BodyPart | None) -> None:
    assert body_part(location, side) is part


def test_json_round_trip_keeps_everything() -> None:
    c = fighter(
        traits=[Trait.COMBAT_REFLEXES, Trait.IT_NO_BRAIN],
        dr={"uniform": {"flexible": 2}, "overrides": {"skull": 4}},
        skills={"acrobatics": 12},
        male_humanoid=True,
    ).with_state(
        hp=-3,
        posture=Posture.PRONE,
        crippled=frozenset({BodyPart.LEFT_ARM}),
        limb_injury={BodyPart.LEFT_ARM: 7},
        blinded_eyes=frozenset({Side.RIGHT}),
        shock_penalty=-4,
        death_checks_made=1,
    )
    again = Combatant.model_validate_json(c.model_dump_json())
    assert again == c
    assert again.state.crippled == frozenset({BodyPart.LEFT_ARM})
    assert again.skill("acrobatics") == 12
    assert again.skill("judo") is None


def test_living() -> None:
    assert fighter().is_living
    assert not fighter(traits=[Trait.IT_UNLIVING]).is_living
    assert not fighter(traits=[Trait.IT_HOMOGENEOUS]).is_living


@given(st.integers(min_value=1, max_value=40), st.integers(min_value=1, max_value=40))
def test_dodge_formula_property(dx: int, ht: int) -> None:
    """A.4 for any DX/HT: Dodge = floor((DX+HT)/4) + 3 for an unencumbered fighter."""
    c = Combatant.create(name="p", attributes={"dx": dx, "ht": ht})
    assert c.dodge == (dx + ht) // 4 + 3
    expected_move = (dx + ht) // 4
    assert c.move == expected_move


def test_shield_that_cannot_block_still_gives_db() -> None:
    c = fighter(shield=Shield(name="buckler strapped on", skill=12, db=1, can_block=False))
    assert c.block is None
    assert c.shield_db == 1


def test_evolve_is_model_copy_without_the_cost() -> None:
    state = fighter().state
    update = {"hp": 3, "shock_penalty": -2, "shock_injury": 2}
    evolved = state.evolve(update)
    copied = state.model_copy(update=update)
    assert evolved == copied
    assert evolved.model_dump_json() == copied.model_dump_json()
    assert evolved.model_fields_set == copied.model_fields_set
    assert state.hp == 12


@pytest.mark.parametrize(("st", "thrust", "swing"), [(12, "1d-1", "1d+2"), (21, "2d", "4d-1")])
def test_thrust_and_swing_from_st(st: int, thrust: str, swing: str) -> None:
    """A.3 through the combatant, ST above 20 included."""
    from rules.dice import DiceExpression

    c = Combatant.create(name="Strong", attributes={"st": st})
    assert c.thrust == DiceExpression.parse(thrust)
    assert c.swing == DiceExpression.parse(swing)
