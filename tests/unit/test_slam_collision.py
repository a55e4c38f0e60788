"""Collisions of a slam, a flying tackle and a horn attack (R11.13, R11.17, R11.20): into a
wall or a heavy object, an object that breaks, and what a charge does to the horned creature
itself."""

from __future__ import annotations

import pytest

from rules.close_combat import do_horn, do_slam
from rules.combatant import Combatant, Posture
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice
from rules.slam import HORN_RECOIL_MARGIN, HornStrikes, SlamArc, collide, collision_dice
from rules.turn import TurnSequence
from tests.unit.test_close_combat import OPTIONS, acting, fight


def faces(*totals: int) -> list[int]:
    """Three dice per roll adding up to each total (as ``tests.unit.test_grapple.dice``)."""
    out: list[int] = []
    for total in totals:
        low = (total - 2) // 3 or 1
        rest = total - 2 * low
        out += [low, low, rest] if rest <= 6 else [6, 6, total - 12]
    return out


@pytest.mark.parametrize(
    ("hexes", "dice"), [(0, 0), (2, 0), (3, 1), (5, 2), (8, 3), (10, 4), (20, 9)]
)
def test_collision_dice_1d_per_8_kmh_r11_17(hexes: int, dice: int) -> None:
    """R11.17: 1 hex a second is 3.6 km/h, 1d a full 8 km/h: 2 hexes (7.2 km/h) nothing,
    3 (10.8) 1d, 5 (18) 2d, 8 (28.8) 3d, the catalog's 10 hexes (36 km/h) 4d, 20 (72) 9d."""
    assert collision_dice(hexes) == dice


def test_the_catalogs_wall_and_the_wall_that_breaks_r11_17() -> None:
    """Thrown back at 10 hexes a second: 4d, rolled 3+4+5+2 = 14; the wall takes 14 too. If it
    breaks he takes half, 7, and goes on at 5 hexes a second."""
    holds = collide(10, object_breaks=False, roller=ScriptedDice([3, 4, 5, 2]))
    assert (holds.dice, holds.rolled, holds.damage, holds.speed_after) == (4, 14, 14, 0)
    breaks = collide(10, object_breaks=True, roller=ScriptedDice([3, 4, 5, 2]))
    assert (breaks.dice, breaks.rolled, breaks.damage, breaks.speed_after) == (4, 14, 7, 5)
    assert breaks.rule_ids == ("R11.17",)
    slow = collide(2, object_breaks=False, roller=ScriptedDice([]))
    assert (slow.dice, slow.damage) == (0, 0)


SLAM = (10, 12, 9, 13, 10, 10, 12)
"""R11.13 (the catalog's example on Bruno and the orc): DX 12 rolls 10 against 11 rolling
12; ST 13 + 2 (ran) = 15 rolls 9 (+6) against 12 rolling 13 (-1): margin 7; ST 15 rolls
10, the new contest 10 against 12: the orc flies floor(7/2) = 3 hexes."""


@pytest.mark.parametrize(("breaks", "damage", "hp"), [(False, 5, 7), (True, 2, 10)])
def test_a_slam_into_a_wall_r11_13_r11_17(breaks: bool, damage: int, hp: int) -> None:
    """The orc's 3 hexes end on a wall: 3 × 3.6 = 10.8 km/h, 1d, rolled 5: 5 crushing to
    the orc (HP 12 → 7), no hit location; if the wall breaks, half: 2 (HP 10), and he goes
    on at 1 hex a second."""
    encounter, slammed = do_slam(
        acting(fight(), "Bruno"),
        "Bruno",
        "Orc",
        moved=4,
        into_wall=not breaks,
        object_breaks=breaks,
        roller=ScriptedDice([*faces(*SLAM), 5]),
        options=OPTIONS,
    )
    impact = slammed.impact
    assert impact is not None
    assert (impact.speed, impact.dice, impact.rolled, impact.damage) == (3, 1, 5, damage)
    assert impact.speed_after == (1 if breaks else 0)
    assert slammed.impact_name == "Orc"
    assert slammed.collision is None
    assert slammed.rule_ids[-1] == "R11.17"
    assert slammed.impact_damage is not None
    assert slammed.impact_damage.injury == damage
    orc = encounter.get("2").combatant
    assert (orc.state.hp, orc.state.posture) == (hp, Posture.PRONE)


def test_no_flight_no_collision_r11_13_r11_17() -> None:
    """The knockback's second contest lost (ST 15 rolls 14 against 12 rolling 10): the orc
    falls where he stands and hits nothing."""
    _, slammed = do_slam(
        acting(fight(), "Bruno"),
        "Bruno",
        "Orc",
        moved=4,
        into_wall=True,
        roller=ScriptedDice(faces(10, 12, 9, 13, 10, 14, 10)),
        options=OPTIONS,
    )
    assert slammed.slam is not None
    assert slammed.slam.knockback == 0
    assert (slammed.impact, slammed.impact_damage) == (None, None)


def _herd() -> Encounter:
    """A 600 kg bull (ST 12, DX 10, HT 12) and what it charges: a rival bull of its size
    (ST 25, 600 kg), standing still."""
    bull = Combatant.create(name="Bull", attributes={"st": 12, "dx": 10, "ht": 12}, weight_kg=600)
    rival = Combatant.create(name="Rival", attributes={"st": 25, "dx": 10, "ht": 12}, weight_kg=600)
    return Encounter(
        name="Pasture",
        gm_id=1,
        sequence=TurnSequence(round=1),
        combatants=(
            EncounterCombatant(combatant_id="1", side="a", combatant=bull),
            EncounterCombatant(combatant_id="2", side="b", combatant=rival),
        ),
        next_number=3,
    )


# From the rear the charge hits (R11.13). ST 12 + 2 (from the rear, R11.14) = 14 rolls 14
# (0) against 25 rolling 10 (+15): the bull loses by 15. The rival's ST 25 rolls 10, wins
# the new contest (10 against 12): the bull rebounds, at most 2 hexes (R11.13). Horns 1d+3
# (trample 1d+1, +2) roll 4 → 7, halved at a standstill → 3. HT 12 + 5 rolls 10: not
# stunned.
CHARGE = [*faces(14, 10, 10, 10, 12), 4, *faces(10)]


@pytest.mark.parametrize(
    ("strikes", "extra", "dice", "rolled", "damage"),
    [
        (HornStrikes.object, [], "1d+3", 7, 3),
        (HornStrikes.horns, [5], "1d+3", 8, 4),
    ],
)
def test_a_charge_lost_by_10_hurts_the_horned_creature_r11_20(
    strikes: HornStrikes, extra: list[int], dice: str, rolled: int, damage: int
) -> None:
    """R11.20: losing the ST contest by 15 (10 or more): into a heavy object, half its own
    1d+3 (rolled 7): 3; horn to horn with a being of its size, half what that being deals
    (the same horns on its 600 kg, 1d+3, rolled 5 + 3 = 8): 4."""
    encounter, gored = do_horn(
        acting(_herd(), "Bull"),
        "Bull",
        "Rival",
        arc=SlamArc.rear,
        horn_modifier=2,
        strikes=strikes,
        roller=ScriptedDice([*CHARGE, *extra]),
        options=OPTIONS,
    )
    assert gored.horns is not None
    assert (gored.horns.dice, gored.horns.rolled, gored.horns.damage) == ("1d+3", 7, 3)
    recoil = gored.recoil
    assert recoil is not None
    assert recoil.lost_by == 15 >= HORN_RECOIL_MARGIN
    assert (recoil.dice, recoil.rolled, recoil.damage) == (dice, rolled, damage)
    assert gored.recoil_damage is not None
    assert gored.recoil_damage.injury == damage
    assert encounter.get("1").combatant.state.hp == 12 - damage


def test_an_ordinary_foe_or_a_small_loss_leaves_the_horns_unhurt_r11_20() -> None:
    """Against the foe himself nothing is asked; into a heavy object, a loss by less than 10
    (ST 12 + 2 = 14 rolls 10 (+4) against 25 rolling 14 (+11): 7) hurts nothing either."""
    _, plain = do_horn(
        acting(_herd(), "Bull"),
        "Bull",
        "Rival",
        arc=SlamArc.rear,
        horn_modifier=2,
        roller=ScriptedDice(CHARGE),
        options=OPTIONS,
    )
    assert (plain.recoil, plain.recoil_damage) == (None, None)
    _, small = do_horn(
        acting(_herd(), "Bull"),
        "Bull",
        "Rival",
        arc=SlamArc.rear,
        horn_modifier=2,
        strikes=HornStrikes.object,
        roller=ScriptedDice([*faces(10, 14, 10, 10, 12), 4, *faces(10)]),
        options=OPTIONS,
    )
    assert small.recoil is not None
    assert (small.recoil.lost_by, small.recoil.damage) == (7, 0)
    assert small.recoil_damage is None
