"""Close combat contests (R11.2-R11.11, R11.21, R11.22, R11.26) and slams (R11.13-R11.19),
each worked example of the catalog through the rules."""

from __future__ import annotations

import pytest

from rules.attack import AttackInput, effective_attack_skill
from rules.combatant import HitLocation, Posture
from rules.errors import RuleError
from rules.grapple import (
    TakedownStat,
    bite_damage,
    break_free,
    choke,
    draw_in_close_combat,
    force_drop,
    grab_arm,
    grab_weapon,
    grapple,
    helper_bonus,
    pin,
    shield_penalty,
    takedown,
    weight_bonus,
    wrest,
)
from rules.options import RuleOptions
from rules.roller import ScriptedDice
from rules.slam import (
    SlamArc,
    SlamInput,
    Slammer,
    collision_dice,
    slam,
    slam_st_modifiers,
    super_slam_st_modifiers,
    trample_damage,
)

OPTIONS = RuleOptions()


def dice(*totals: int) -> ScriptedDice:
    """Three dice per roll adding up to each total (faces as even as possible)."""
    faces: list[int] = []
    for total in totals:
        low = (total - 2) // 3 or 1
        rest = total - 2 * low
        faces += [low, low, rest] if rest <= 6 else [6, 6, total - 12]
    return ScriptedDice(faces)


@pytest.mark.parametrize(
    ("posture", "location", "score"),
    [
        (Posture.STANDING, HitLocation.TORSO, 15),
        (Posture.KNEELING, HitLocation.TORSO, 18),
        (Posture.PRONE, HitLocation.TORSO, 18),
        (Posture.STANDING, HitLocation.NECK, 12),  # neck -5, halved and rounded up: -3
    ],
)
def test_grapple_dx_plus_3_or_6_and_half_the_location_r11_2(
    posture: Posture, location: HitLocation, score: int
) -> None:
    """DX 12 against a standing DX 11 → 15 against 11; against a kneeling foe → 18."""
    rolled = grapple(12, 11, posture, location=location, roller=dice(10, 10), options=OPTIONS)
    assert (rolled.attacker.value, rolled.defender.value) == (score, 11)
    assert rolled.won
    assert rolled.rule_ids == ("R11.2",)


def test_grab_then_wrest_the_weapon_r11_4() -> None:
    """DX 13 vs 11: margin 3 against 0 → grabbed. ST 12 vs 12: 2 against 1 → wrested."""
    grabbed = grab_weapon(13, 11, roller=dice(10, 11), options=OPTIONS)
    assert grabbed.won
    assert (grabbed.contest.a.margin, grabbed.contest.b.margin) == (3, 0)
    wrested = wrest(12, 12, roller=dice(10, 11), options=OPTIONS)
    assert wrested.won
    assert wrested.margin == 1


def test_grab_the_arm_then_force_the_drop_r11_5() -> None:
    """The knife fighter's arm is grabbed; next turn ST 13 beats ST 10 and the knife drops."""
    assert grab_arm(12, 11, roller=dice(9, 12), options=OPTIONS).won
    dropped = force_drop(13, 10, roller=dice(10, 10), options=OPTIONS)
    assert dropped.won
    assert dropped.rule_ids == ("R11.5",)


@pytest.mark.parametrize(("st", "bite"), [(10, "1d-3"), (12, "1d-2"), (14, "1d-1")])
def test_a_human_bite_is_thrust_minus_1_r11_7(st: int, bite: str) -> None:
    assert bite_damage(st).text == bite


@pytest.mark.parametrize(
    ("stat", "down", "score"),
    [(TakedownStat.judo, False, 14), (TakedownStat.judo, True, 9), (TakedownStat.st, True, 9)],
)
def test_takedown_with_judo_and_down_r11_8(stat: TakedownStat, down: bool, score: int) -> None:
    """Judo 14 against ST 12 → 14 vs 12; on the ground himself → 9 vs 12."""
    rolled = takedown(14, stat, 12, attacker_down=down, roller=dice(9, 12), options=OPTIONS)
    assert (rolled.attacker.value, rolled.defender.value) == (score, 12)


def test_pin_with_the_weight_bonus_r11_9() -> None:
    """90 kg against 72 kg, both ST 12: 18 kg → +3, 15 against 12."""
    assert weight_bonus(90, 72) == 3
    assert weight_bonus(72, 90) == 0
    assert weight_bonus(None, 72) == 0
    rolled = pin(12, 12, weight=90, target_weight=72, roller=dice(10, 10), options=OPTIONS)
    assert (rolled.attacker.value, rolled.defender.value) == (15, 12)
    lighter = pin(12, 12, weight=72, target_weight=90, roller=dice(10, 10), options=OPTIONS)
    assert (lighter.attacker.value, lighter.defender.value) == (12, 15)


def test_three_pin_together_r11_21() -> None:
    """Lead ST 13, helpers 10 and 11: 13 + 2 + 2 = 17."""
    rolled = pin(
        13,
        12,
        weight=None,
        target_weight=None,
        helpers=(10, 11),
        roller=dice(10, 10),
        options=OPTIONS,
    )
    assert rolled.attacker.value == 17
    assert rolled.rule_ids == ("R11.9", "R11.21")
    with pytest.raises(RuleError) as raised:
        helper_bonus((10, 11), 1)
    assert raised.value.key == "close.too_many_helpers"


def test_choke_damage_is_the_margin_r11_10() -> None:
    """ST 14 rolls 8 (+6), HT 11 rolls 12 (-1): margin of victory 7."""
    rolled = choke(14, 11, roller=dice(8, 12), options=OPTIONS)
    assert rolled.won
    assert rolled.margin == 7


@pytest.mark.parametrize(("hands", "holder"), [(None, 12), (1, 17), (2, 22)])
def test_break_free_against_a_pin_r11_11(hands: int | None, holder: int) -> None:
    """ST 12 pinned by a two-handed hold from ST 12 → 12 against 22."""
    rolled = break_free(12, 12, pin_hands=hands, roller=dice(10, 10), options=OPTIONS)
    assert rolled.defender.value == holder


def test_drawing_in_close_combat_r11_22() -> None:
    """DX 12 rolls 10, then Fast-Draw 14 rolls 13: drawn at once. A DX roll of 18 drops it."""
    drawn = draw_in_close_combat(12, 14, roller=dice(10, 13), options=OPTIONS)
    assert (drawn.drawn, drawn.instant, drawn.dropped) == (True, True, False)
    dropped = draw_in_close_combat(12, 14, roller=ScriptedDice([6, 6, 6]), options=OPTIONS)
    assert (dropped.drawn, dropped.dropped) == (False, True)


def test_the_shield_counts_against_after_the_first_round_r11_26() -> None:
    """A medium shield (DB 2): nothing in round 1; from round 2, -2 to DX rolls and attacks."""
    assert shield_penalty(2, 1)[1] == 0
    assert shield_penalty(2, 2) == ("close.modifier.shield", -2, "R11.26")
    skill = effective_attack_skill(AttackInput(skill=14, close_combat_rounds=2, shield_db=2))
    assert skill.value == 12


@pytest.mark.parametrize(("natural", "value"), [(False, 11), (True, 13)])
def test_weapons_take_minus_2_in_close_combat_but_not_fangs_r11_6(
    natural: bool, value: int
) -> None:
    """Dagger 13 in close combat → 11; a wolf's bite → 13."""
    skill = effective_attack_skill(AttackInput(skill=13, close_combat_weapon=not natural))
    assert skill.value == value


def test_the_slam_st_modifiers_r11_14() -> None:
    """Ran 3 hexes (+2), large shield (+2), foe with a medium shield (-2): net +2."""
    inp = SlamInput(
        attacker=Slammer(dx=12, st=12, moved=3, shield=True),
        target=Slammer(dx=11, st=11, shield=True),
    )
    assert sum(m.value for m in slam_st_modifiers(inp)) == 2
    rear = inp.model_copy(update={"arc": SlamArc.rear})
    assert sum(m.value for m in slam_st_modifiers(rear)) == 4
    charging = SlamInput(attacker=Slammer(dx=12, st=12), target=Slammer(dx=11, st=11, moved=2))
    assert [m.value for m in slam_st_modifiers(charging)] == [-2]


def test_the_slam_example_r11_13() -> None:
    """DX 12 against DX 11 at -2 from the side: the slam hits. ST 12 + 2 (ran) = 14 rolls 9
    (+5), ST 11 rolls 13 (-2): margin 7, the defender falls. ST 14 rolls 10, the new contest
    is won: knockback 3 hexes (speed 4), and by more than 5 he tramples."""
    inp = SlamInput(
        attacker=Slammer(dx=12, st=12, moved=4),
        target=Slammer(dx=11, st=11),
        arc=SlamArc.side,
    )
    outcome = slam(inp, dice(10, 12, 9, 13, 10, 10, 12), OPTIONS)
    assert outcome.to_hit is not None
    assert outcome.to_hit.defender.value == 9
    assert outcome.strength is not None
    assert (outcome.strength.attacker.value, outcome.strength.margin) == (14, 7)
    assert (outcome.target_falls, outcome.attacker_falls) == (True, False)
    assert outcome.knockback == 3
    assert outcome.tramples


def test_a_slam_from_the_rear_hits_without_a_roll_r11_13() -> None:
    inp = SlamInput(attacker=Slammer(dx=12, st=12), target=Slammer(dx=11, st=11), arc=SlamArc.rear)
    outcome = slam(inp, dice(10, 10, 18), OPTIONS)
    assert outcome.to_hit is None
    assert outcome.hit
    assert outcome.strength is not None
    assert outcome.strength.attacker.value == 14  # +2 from the rear (R11.14)
    # The winner fails his ST roll: he falls too, and nobody is thrown back.
    assert (outcome.attacker_falls, outcome.target_falls, outcome.knockback) == (True, True, 0)


def test_a_missed_slam_goes_on_two_hexes_r11_13() -> None:
    outcome = slam(
        SlamInput(attacker=Slammer(dx=10, st=12), target=Slammer(dx=14, st=11)),
        dice(12, 8),
        OPTIONS,
    )
    assert not outcome.hit
    assert outcome.keep_going


@pytest.mark.parametrize(("speed", "bonus"), [(0, 0), (1, 0), (2, 0), (3, 1), (10, 4), (12, 4)])
def test_super_slam_speed_reads_the_size_column_r11_15(speed: int, bonus: int) -> None:
    inp = SlamInput(
        attacker=Slammer(dx=12, st=12, moved=speed),
        target=Slammer(dx=12, st=12),
        super_slam=True,
    )
    outcome = slam(inp, dice(10, 12, 10, 10, 10), OPTIONS)
    assert outcome.to_hit is not None
    assert outcome.to_hit.attacker.value == 12 + bonus


def test_the_super_slam_example_r11_16() -> None:
    """ST 20 at 12 hexes (+2) vs ST 14 standing: 12 vs 22 (+10) and 10 vs 14 (+4): margin 6,
    the defender falls, flies 3 hexes and takes 3; the winner takes 1 and rolls vs ST 22."""
    inp = SlamInput(
        attacker=Slammer(dx=12, st=20, moved=12),
        target=Slammer(dx=10, st=14),
        super_slam=True,
    )
    assert [m.value for m in super_slam_st_modifiers(inp)] == [2]
    outcome = slam(inp, dice(8, 14, 12, 10, 15), OPTIONS)
    assert outcome.strength is not None
    assert (outcome.strength.attacker.value, outcome.strength.margin) == (22, 6)
    assert (outcome.knockback, outcome.loser_damage, outcome.winner_damage) == (3, 3, 1)
    assert outcome.winner_st_roll is not None
    assert outcome.winner_st_roll.effective_skill == 22
    assert outcome.target_falls
    assert not outcome.attacker_falls


@pytest.mark.parametrize(("hexes", "dice_count"), [(10, 4), (2, 0), (3, 1), (20, 9)])
def test_collision_dice_r11_17(hexes: int, dice_count: int) -> None:
    """10 hexes a second = 36 km/h → 4d; under 8 km/h nothing."""
    assert collision_dice(hexes) == dice_count


def test_the_flying_tackle_r11_18() -> None:
    """ST 11 + 2 = 13 against ST 12 - 2 (a failed Dodge) = 10; the tackler falls anyway."""
    inp = SlamInput(
        attacker=Slammer(dx=12, st=11),
        target=Slammer(dx=11, st=12),
        flying_tackle=True,
        target_dodge=9,
    )
    outcome = slam(inp, dice(12, 10, 12, 10, 10, 10), OPTIONS)
    assert outcome.dodge is not None
    assert not outcome.dodge.succeeded
    assert outcome.strength is not None
    assert (outcome.strength.attacker.value, outcome.strength.defender.value) == (13, 10)
    assert outcome.attacker_falls
    dodged = slam(inp, dice(8), OPTIONS)
    assert (dodged.hit, dodged.attacker_falls) == (False, True)


TRAMPLE = [
    (69, None),
    (70, "1d-2"),
    (139, "1d-2"),
    (140, "1d-1"),
    (279, "1d-1"),
    (280, "1d"),
    (452, "1d"),
    (453, "1d+1"),
    (906, "1d+1"),
    (950, "1d+1"),
    (1000, "1d+2"),
    (2000, "2d"),
    (3000, "2d+1"),
    (4000, "2d+2"),
    (5000, "3d"),
    (5999, "3d"),
    (6000, "3d+1"),
    (7000, "3d+2"),
    (8000, "4d"),
]


@pytest.mark.parametrize(("kg", "damage"), TRAMPLE)
def test_every_row_of_the_trample_table_r11_19(kg: int, damage: str | None) -> None:
    found = trample_damage(kg)
    assert (found.text if found is not None else None) == damage


def test_the_trample_examples_r11_19() -> None:
    """A 500 kg warhorse → 1d+1; a 200 kg lion counts 50 kg → nothing; 4.5 t → 2d+2."""
    horse = trample_damage(500)
    assert horse is not None
    assert horse.text == "1d+1"
    assert trample_damage(200, hooves=False) is None
    beast = trample_damage(4500)
    assert beast is not None
    assert beast.text == "2d+2"


def test_a_warhorse_tramples_r11_19() -> None:
    """500 kg, hooved, staying on a fallen man: 1d+1; DX roll 10, the man's Dodge 12 fails;
    rolled 4 + 1 = 5, doubled on cobbles: 10. A 4.5 t beast passing: half of 2d+2."""
    from rules.slam import TrampleMode, trample

    horse = trample(
        11,
        500,
        hooves=True,
        mode=TrampleMode.stay,
        hard_surface=True,
        target_dodge=8,
        roller=ScriptedDice([3, 3, 4, 6, 6, 6, 4]),
        options=OPTIONS,
    )
    assert (horse.hit, horse.dice, horse.rolled, horse.damage) == (True, "1d+1", 5, 10)
    beast = trample(
        10,
        4500,
        hooves=True,
        mode=TrampleMode.pass_over,
        hard_surface=False,
        target_dodge=None,
        roller=ScriptedDice([3, 3, 3, 5, 4]),
        options=OPTIONS,
    )
    assert (beast.dice, beast.rolled, beast.damage) == ("2d+2", 11, 5)
    lion = trample(
        12,
        200,
        hooves=False,
        mode=TrampleMode.stay,
        hard_surface=False,
        target_dodge=None,
        roller=ScriptedDice([3, 3, 3]),
        options=OPTIONS,
    )
    assert (lion.effective_weight, lion.dice, lion.damage) == (50, None, 0)


@pytest.mark.parametrize(
    ("speed", "factor", "ht", "rolled", "damage"),
    [(5, 1, 12, 7, 7), (10, 2, 12, 7, 14), (3, 0.5, 17, 7, 3)],
)
def test_a_bulls_horns_r11_20(speed: int, factor: float, ht: int, rolled: int, damage: int) -> None:
    """A 600 kg bull (trample 1d+1) with big horns (+2): 1d+3 crushing; ×2 charging at 10
    hexes, half at a 3-hex trot, where its HT roll is at +5."""
    from rules.slam import horns

    gored = horns(
        600,
        hooves=True,
        horn_modifier=2,
        sharp=False,
        speed=speed,
        ht=12,
        roller=ScriptedDice([4, 4, 4, 4]),
        options=OPTIONS,
    )
    assert (gored.dice, gored.rolled, gored.damage, float(gored.factor)) == (
        "1d+3",
        rolled,
        damage,
        factor,
    )
    assert gored.ht_roll.effective_skill == ht
