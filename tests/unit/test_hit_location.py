"""The hit-location table (R7.19–R7.29): penalties, targets, DR, wounding, crippling, A.9."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.combatant import Armor, Combatant, HitLocation, Side, Trait
from rules.damage import DamageSpec, DamageType
from rules.errors import RuleError
from rules.hit_location import (
    attack_penalty,
    can_target,
    check_target,
    crippling_threshold,
    effective_dr,
    large_area_dr,
    miss_by_one,
    random_hit_location,
    wounding_multiplier,
)
from rules.options import RuleOptions
from rules.roller import ScriptedDice

L = HitLocation
T = DamageType


def target(**changes: object) -> Combatant:
    data: dict[str, object] = {"name": "Target", "attributes": {"st": 12, "hp": 15}}
    data.update(changes)
    return Combatant.create(**data)


# --------------------------------------------------------------------------- penalties


@pytest.mark.parametrize(
    ("location", "penalty", "grab"),
    [
        (L.TORSO, 0, 0),
        (L.ARM, -2, -1),
        (L.LEG, -2, -1),
        (L.HAND, -4, -2),
        (L.FOOT, -4, -2),
        (L.VITALS, -3, -2),
        (L.SKULL, -7, -4),
        (L.EYE, -9, -5),
        (L.FACE, -5, -3),
        (L.GROIN, -3, -2),
        (L.NECK, -5, -3),
    ],
)
def test_location_penalties_and_grab_halving(
    location: HitLocation, penalty: int, grab: int
) -> None:
    """R7.19: the table, and its grab row (halved, size rounded up)."""
    assert attack_penalty(location).value == penalty
    grabbed = attack_penalty(location, grapple=True)
    assert grabbed.value == grab
    assert grabbed.base == penalty
    assert "R7.19" in grabbed.rule_ids


@pytest.mark.parametrize(
    ("location", "grab"), [(L.NECK, -2), (L.ARM, -1), (L.EYE, -4), (L.GROIN, -1)]
)
def test_grab_round_down_switch(location: HitLocation, grab: int) -> None:
    """R7.19 ambiguity: the other reading rounds the size down (−5 → −2)."""
    options = RuleOptions(grab_penalty_round_down=True)
    assert attack_penalty(location, grapple=True, options=options).value == grab


@pytest.mark.parametrize(
    ("location", "penalty", "grab"),
    [(L.TORSO, -8, -4), (L.SKULL, -10, -5), (L.ARM, -10, -5), (L.VITALS, -10, -5)],
)
def test_chinks_replace_the_location_penalty(
    location: HitLocation, penalty: int, grab: int
) -> None:
    """R7.23: −8 on the torso, −10 anywhere else, instead of the usual penalty."""
    result = attack_penalty(location, chinks_in_armor=True)
    assert result.value == penalty
    assert "R7.23" in result.rule_ids
    assert attack_penalty(location, chinks_in_armor=True, grapple=True).value == grab


@pytest.mark.parametrize(("location", "penalty"), [(L.ARM, -4), (L.HAND, -8), (L.LEG, -2)])
def test_shield_limb(location: HitLocation, penalty: int) -> None:
    """R7.21/R7.22: an arm holding a shield is −4, its hand −8."""
    assert attack_penalty(location, holding_shield=True).value == penalty


# --------------------------------------------------------------------------- targets


@pytest.mark.parametrize(
    ("location", "damage_type", "tight_beam", "allowed"),
    [
        (L.VITALS, T.IMP, False, True),
        (L.VITALS, T.PI_SMALL, False, True),
        (L.VITALS, T.PI_HUGE, False, True),
        (L.VITALS, T.BURN, True, True),
        (L.VITALS, T.BURN, False, False),
        (L.VITALS, T.CR, False, False),
        (L.VITALS, T.CUT, False, False),
        (L.VITALS, T.COR, False, False),
        (L.VITALS, T.TOX, False, False),
        (L.EYE, T.IMP, False, True),
        (L.EYE, T.PI, False, True),
        (L.EYE, T.BURN, True, True),
        (L.EYE, T.CR, False, False),
        (L.EYE, T.CUT, False, False),
        (L.SKULL, T.CR, False, True),
        (L.NECK, T.CUT, False, True),
    ],
)
def test_who_can_reach_vitals_and_eyes(
    location: HitLocation, damage_type: DamageType, tight_beam: bool, allowed: bool
) -> None:
    """R7.24: only imp, pi and tight-beam burning reach the vitals; R7.26: the same for eyes."""
    assert can_target(location, damage_type, tight_beam=tight_beam) is allowed


def test_unreachable_is_a_rule_error() -> None:
    with pytest.raises(RuleError) as err:
        check_target(L.VITALS, T.CR)
    assert err.value.key == "hit_location.unreachable"
    assert err.value.params == {"location": "vitals", "damage_type": "cr"}


@pytest.mark.parametrize(
    ("location", "from_side", "refused"),
    [
        (L.VITALS, True, True),
        (L.VITALS, False, False),
        (L.TORSO, True, False),
        (L.EYE, True, False),
    ],
)
def test_r7_24_vitals_only_from_front_or_rear(
    location: HitLocation, from_side: bool, refused: bool
) -> None:
    """R7.24: heart and lungs only from the front, kidneys only from the rear."""
    if refused:
        with pytest.raises(RuleError) as err:
            check_target(location, T.IMP, from_side=from_side)
        assert err.value.key == "hit_location.vitals_from_side"
    else:
        check_target(location, T.IMP, from_side=from_side)


# --------------------------------------------------------------------------- wounding


@pytest.mark.parametrize(
    ("location", "damage_type", "multiplier"),
    [
        # Torso: the type's own modifier (R7.20, A.2).
        (L.TORSO, T.PI_SMALL, Fraction(1, 2)),
        (L.TORSO, T.PI, Fraction(1)),
        (L.TORSO, T.PI_LARGE, Fraction(3, 2)),
        (L.TORSO, T.PI_HUGE, Fraction(2)),
        (L.TORSO, T.CUT, Fraction(3, 2)),
        (L.TORSO, T.IMP, Fraction(2)),
        (L.TORSO, T.CR, Fraction(1)),
        (L.TORSO, T.BURN, Fraction(1)),
        (L.TORSO, T.COR, Fraction(1)),
        (L.TORSO, T.TOX, Fraction(1)),
        # Vitals (R7.24).
        (L.VITALS, T.IMP, Fraction(3)),
        (L.VITALS, T.PI_SMALL, Fraction(3)),
        (L.VITALS, T.PI, Fraction(3)),
        (L.VITALS, T.PI_LARGE, Fraction(3)),
        (L.VITALS, T.PI_HUGE, Fraction(3)),
        # Skull and eye ×4 except toxic (R7.25, R7.26).
        (L.SKULL, T.CR, Fraction(4)),
        (L.SKULL, T.CUT, Fraction(4)),
        (L.SKULL, T.IMP, Fraction(4)),
        (L.SKULL, T.PI_SMALL, Fraction(4)),
        (L.SKULL, T.BURN, Fraction(4)),
        (L.SKULL, T.COR, Fraction(4)),
        (L.SKULL, T.TOX, Fraction(1)),
        (L.EYE, T.IMP, Fraction(4)),
        (L.EYE, T.PI, Fraction(4)),
        # Face: corrosion ×1.5, others their own (R7.27).
        (L.FACE, T.COR, Fraction(3, 2)),
        (L.FACE, T.CUT, Fraction(3, 2)),
        (L.FACE, T.CR, Fraction(1)),
        (L.FACE, T.IMP, Fraction(2)),
        # Neck: cr/cor ×1.5, cut ×2 (R7.29).
        (L.NECK, T.CR, Fraction(3, 2)),
        (L.NECK, T.COR, Fraction(3, 2)),
        (L.NECK, T.CUT, Fraction(2)),
        (L.NECK, T.IMP, Fraction(2)),
        (L.NECK, T.PI_SMALL, Fraction(1, 2)),
        # Groin: the type's own (R7.28).
        (L.GROIN, T.CR, Fraction(1)),
        (L.GROIN, T.IMP, Fraction(2)),
        # Limbs and extremities: imp/pi+/pi++ ×1 against the living (R7.21, R7.22).
        (L.ARM, T.IMP, Fraction(1)),
        (L.ARM, T.PI_LARGE, Fraction(1)),
        (L.ARM, T.PI_HUGE, Fraction(1)),
        (L.ARM, T.PI, Fraction(1)),
        (L.ARM, T.PI_SMALL, Fraction(1, 2)),
        (L.ARM, T.CUT, Fraction(3, 2)),
        (L.LEG, T.IMP, Fraction(1)),
        (L.LEG, T.CR, Fraction(1)),
        (L.HAND, T.IMP, Fraction(1)),
        (L.HAND, T.PI_HUGE, Fraction(1)),
        (L.HAND, T.CUT, Fraction(3, 2)),
        (L.FOOT, T.PI_LARGE, Fraction(1)),
        (L.FOOT, T.CUT, Fraction(3, 2)),
    ],
)
def test_wounding_multipliers(
    location: HitLocation, damage_type: DamageType, multiplier: Fraction
) -> None:
    """R7.19–R7.29: each location's multiplier replaces the type's (A.2)."""
    assert wounding_multiplier(location, damage_type, target()).multiplier == multiplier


def test_tight_beam_burning_to_the_vitals_is_x2() -> None:
    """R7.24 / R10.3."""
    assert wounding_multiplier(L.VITALS, T.BURN, target(), tight_beam=True).multiplier == 2
    assert wounding_multiplier(L.EYE, T.BURN, target(), tight_beam=True).multiplier == 4


def test_large_area_is_a_torso_hit() -> None:
    """R7.18: large-area injury is not modified by hit location."""
    result = wounding_multiplier(L.SKULL, T.CR, target(), large_area=True)
    assert result.multiplier == 1
    assert result.wounding_location is L.TORSO


@pytest.mark.parametrize(
    ("trait", "location", "damage_type", "multiplier"),
    [
        (Trait.IT_UNLIVING, L.TORSO, T.IMP, Fraction(1)),
        (Trait.IT_UNLIVING, L.TORSO, T.PI_HUGE, Fraction(1)),
        (Trait.IT_UNLIVING, L.TORSO, T.PI_LARGE, Fraction(1, 2)),
        (Trait.IT_UNLIVING, L.TORSO, T.PI, Fraction(1, 3)),
        (Trait.IT_UNLIVING, L.TORSO, T.PI_SMALL, Fraction(1, 5)),
        (Trait.IT_UNLIVING, L.TORSO, T.CUT, Fraction(3, 2)),
        (Trait.IT_UNLIVING, L.ARM, T.PI_LARGE, Fraction(1, 2)),  # not living: no limb ×1
        (Trait.IT_UNLIVING, L.VITALS, T.IMP, Fraction(3)),
        (Trait.IT_UNLIVING, L.SKULL, T.CR, Fraction(4)),
        (Trait.IT_HOMOGENEOUS, L.TORSO, T.IMP, Fraction(1, 2)),
        (Trait.IT_HOMOGENEOUS, L.TORSO, T.PI_HUGE, Fraction(1, 2)),
        (Trait.IT_HOMOGENEOUS, L.TORSO, T.PI_LARGE, Fraction(1, 3)),
        (Trait.IT_HOMOGENEOUS, L.TORSO, T.PI, Fraction(1, 5)),
        (Trait.IT_HOMOGENEOUS, L.TORSO, T.PI_SMALL, Fraction(1, 10)),
        (Trait.IT_HOMOGENEOUS, L.VITALS, T.IMP, Fraction(1, 2)),  # no vitals
        (Trait.IT_HOMOGENEOUS, L.SKULL, T.CR, Fraction(1)),  # no brain
        (Trait.IT_NO_BRAIN, L.SKULL, T.CR, Fraction(1)),
        (Trait.IT_NO_BRAIN, L.EYE, T.IMP, Fraction(2)),
        (Trait.IT_NO_BRAIN, L.FACE, T.COR, Fraction(3, 2)),
        (Trait.IT_NO_VITALS, L.VITALS, T.IMP, Fraction(2)),
        (Trait.IT_NO_VITALS, L.VITALS, T.PI, Fraction(1)),
        (Trait.IT_NO_VITALS, L.SKULL, T.CR, Fraction(4)),
    ],
)
def test_injury_tolerance_wounding(
    trait: Trait, location: HitLocation, damage_type: DamageType, multiplier: Fraction
) -> None:
    """Injury Tolerance (Base 4e, B380): Unliving, Homogeneous, No Brain, No Vitals."""
    result = wounding_multiplier(location, damage_type, target(traits=[trait]))
    assert result.multiplier == multiplier


# --------------------------------------------------------------------------- DR


def spec(**changes: object) -> DamageSpec:
    data: dict[str, object] = {"basic_damage": 10, "damage_type": T.CR}
    data.update(changes)
    return DamageSpec(**data)  # type: ignore[arg-type]


def test_skull_adds_two_and_eye_ignores_it() -> None:
    """R7.25 worked example: helmet DR 2 → 2 + 2 = 4; R7.26: the eye ignores the skull's DR."""
    helmeted = target(dr={"overrides": {"skull": 2}})
    assert effective_dr(helmeted, spec(location=L.SKULL)).effective == 4
    assert effective_dr(helmeted, spec(location=L.EYE, damage_type=T.IMP)).effective == 0


@pytest.mark.parametrize(
    ("damage_type", "dr"),
    [(T.IMP, 3), (T.PI, 3), (T.PI_SMALL, 3), (T.PI_HUGE, 3), (T.CR, 6), (T.CUT, 6)],
)
def test_chinks_halve_dr_for_imp_and_pi_only(damage_type: DamageType, dr: int) -> None:
    """R7.23: DR/2 for impaling or piercing; other types get nothing (literal reading)."""
    plate = target(dr={"uniform": 6})
    assert effective_dr(plate, spec(damage_type=damage_type, chinks_in_armor=True)).effective == dr


def test_chinks_round_down() -> None:
    """R7.23 ambiguity (1): DR 7 / 2 → 3."""
    assert (
        effective_dr(
            target(dr={"uniform": 7}), spec(damage_type=T.IMP, chinks_in_armor=True)
        ).effective
        == 3
    )


@pytest.mark.parametrize(
    ("divisor", "dr"),
    [
        (Fraction(1), 20),
        (Fraction(2), 10),
        (Fraction(3), 6),
        (Fraction(5), 4),
        (Fraction(10), 2),
        (Fraction(100), 0),
        (Fraction(1, 2), 40),
        (Fraction(1, 5), 100),
    ],
)
def test_armor_divisor(divisor: Fraction, dr: int) -> None:
    """A.2: (2) halves DR, (0.5) doubles it, (0.2) multiplies it by 5; fractions round down."""
    assert effective_dr(target(dr={"uniform": 20}), spec(armor_divisor=divisor)).effective == dr


@pytest.mark.parametrize("location", [L.FACE, L.GROIN])
def test_open_helmet_and_bare_groin(location: HitLocation) -> None:
    """R7.27/R7.28: the attacker may ignore the armor's DR there."""
    armored = target(dr={"uniform": 5})
    assert effective_dr(armored, spec(location=location)).effective == 5
    ignored = effective_dr(armored, spec(location=location, armor_ignored=True))
    assert ignored.effective == 0
    assert ignored.armor_ignored


def test_vitals_use_torso_armor() -> None:
    armored = target(dr={"uniform": 1, "overrides": {"torso": 6}})
    assert effective_dr(armored, spec(location=L.VITALS, damage_type=T.IMP)).effective == 6


def test_large_area_worked_example() -> None:
    """R7.18 worked example: torso DR 6, bare arm exposed → (6 + 0)/2 = 3."""
    dragon_rider = target(dr={"uniform": 0, "overrides": {"torso": 6}})
    result = effective_dr(
        dragon_rider, spec(damage_type=T.BURN, large_area=True, exposed=(L.TORSO, L.ARM))
    )
    assert result.effective == 3
    assert result.large_area_dr == 3
    assert "R7.18" in result.rule_ids


@pytest.mark.parametrize(
    ("torso", "exposed", "dr"),
    [(6, (0,), 3), (6, (6,), 6), (7, (0,), 3), (6, (), 6), (4, (8,), 4), (5, (2, 3), 3)],
)
def test_large_area_dr(torso: int, exposed: tuple[int, ...], dr: int) -> None:
    """R7.18: average of torso DR and the least-protected exposed part, rounded down."""
    assert large_area_dr(torso, exposed) == dr


def test_large_area_with_everything_exposed_uses_the_weakest_part() -> None:
    knight = target(dr={"uniform": 6, "overrides": {"face": 0}})
    assert effective_dr(knight, spec(large_area=True)).effective == 3


def test_rigid_share_for_blunt_trauma() -> None:
    layered = target(dr={"uniform": Armor(rigid=6, flexible=6)})
    result = effective_dr(layered, spec())
    assert result.effective == 12
    assert result.rigid_effective == 6


# --------------------------------------------------------------------------- crippling


@pytest.mark.parametrize(
    ("location", "hp", "strict", "at_threshold"),
    [
        (L.ARM, 12, 7, 6),
        (L.LEG, 10, 6, 5),
        (L.LEG, 15, 8, 8),
        (L.ARM, 11, 6, 6),
        (L.HAND, 12, 5, 4),
        (L.FOOT, 10, 4, 4),
        (L.HAND, 9, 4, 3),
        (L.EYE, 12, 2, 2),
        (L.EYE, 10, 2, 1),
        (L.EYE, 9, 1, 1),
    ],
)
def test_crippling_thresholds(
    location: HitLocation, hp: int, strict: int, at_threshold: int
) -> None:
    """R7.16 worked example (HP 12: arm 7, hand 5, eye 2) and its ambiguity switch."""
    assert crippling_threshold(location, hp) == strict
    options = RuleOptions(crippling_at_threshold=True)
    assert crippling_threshold(location, hp, options) == at_threshold


@pytest.mark.parametrize("location", [L.TORSO, L.VITALS, L.SKULL, L.FACE, L.NECK, L.GROIN])
def test_no_crippling_elsewhere(location: HitLocation) -> None:
    assert crippling_threshold(location, 12) is None


# --------------------------------------------------------------------------- random location


@pytest.mark.parametrize(
    ("faces", "location", "side"),
    [
        ([1, 1, 1], L.SKULL, Side.RIGHT),
        ([1, 1, 2], L.SKULL, Side.RIGHT),
        ([1, 1, 3], L.FACE, Side.RIGHT),
        ([1, 2, 3], L.LEG, Side.RIGHT),
        ([2, 2, 3], L.LEG, Side.RIGHT),
        ([2, 3, 3], L.ARM, Side.RIGHT),
        ([3, 3, 3], L.TORSO, Side.RIGHT),
        ([3, 3, 4], L.TORSO, Side.RIGHT),
        ([3, 4, 4], L.GROIN, Side.RIGHT),
        ([4, 4, 4], L.ARM, Side.LEFT),
        ([4, 4, 5], L.LEG, Side.LEFT),
        ([4, 5, 5], L.LEG, Side.LEFT),
        ([5, 5, 5, 3], L.HAND, Side.RIGHT),
        ([5, 5, 5, 4], L.HAND, Side.LEFT),
        ([5, 5, 6, 1], L.FOOT, Side.RIGHT),
        ([5, 5, 6, 6], L.FOOT, Side.LEFT),
        ([5, 6, 6], L.NECK, Side.RIGHT),
        ([6, 6, 6], L.NECK, Side.RIGHT),
    ],
)
def test_random_hit_location(faces: list[int], location: HitLocation, side: Side) -> None:
    """A.9: the 3d table, with 1d for the side of a hand or foot."""
    dice = ScriptedDice(faces)
    result = random_hit_location(dice)
    assert result.location is location
    assert result.side is side
    assert dice.remaining == 0


@pytest.mark.parametrize(
    ("location", "faces", "lands"),
    [(L.NECK, [], L.TORSO), (L.GROIN, [3], L.TORSO), (L.GROIN, [4], L.LEG)],
)
def test_miss_by_one(location: HitLocation, faces: list[int], lands: HitLocation) -> None:
    """R7.29: a neck miss by 1 hits the torso; R7.28: a groin miss by 1 hits torso (1–3) or leg."""
    result = miss_by_one(location, ScriptedDice(faces))
    assert result is not None
    assert result.location is lands


def test_miss_by_one_elsewhere_is_just_a_miss() -> None:
    assert miss_by_one(L.SKULL, ScriptedDice([])) is None


@pytest.mark.parametrize(
    ("damage_type", "dr", "rigid_effective"),
    [(T.CUT, 4, 0), (T.CR, 2, 0), (T.IMP, 4, 0), (T.BURN, 6, 2)],
)
def test_dr_against_one_damage_type(damage_type: DamageType, dr: int, rigid_effective: int) -> None:
    """A.2 with GCS's "4/2*": mail is DR 4, but 2 against crushing (the flexible layer gives
    way first); a DR higher against burning adds to the rigid layer. Blunt trauma (R7.15)
    sees the rigid layer as it stands against the blow."""
    mail = target(dr={"uniform": {"flexible": 4, "against": {"cr": -2, "burn": 2}}})
    found = effective_dr(mail, spec(damage_type=damage_type))
    assert (found.effective, found.rigid_effective) == (dr, rigid_effective)


def test_a_dr_change_never_goes_below_zero() -> None:
    """Rigid 1 over flexible 2, −5 against crushing: both layers end at 0 (A.2)."""
    armor = Armor(rigid=1, flexible=2, against={"cr": -5})
    assert armor.for_damage("cr") == Armor()
    assert armor.for_damage("cut") is armor
    with pytest.raises(RuleError) as caught:
        Combatant.create(name="Ana", dr={"uniform": {"against": {"slashing": 1}}})
    assert caught.value.key == "combatant.unknown_damage_type"
