"""rules.explosion and rules.blast: explosions and fragmentation (R15.1-R15.15).

Every worked example of section 15 and both of its tables, with scripted dice; then the
blast set off among an encounter's combatants, Dive for Cover included.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules.blast import (
    detonate_pending,
    detonate_plan,
    dive_for_cover,
    divers,
    parse_targets,
    plan_explosion,
    set_pending,
    tick_hot_fragments,
)
from rules.checks import evaluate
from rules.combatant import Combatant, HitLocation, Posture, Trait
from rules.dice import DiceExpression
from rules.encounter import Encounter, add_combatants, remove_combatant
from rules.errors import RuleError
from rules.explosion import (
    AREA_ATTACK_BONUS,
    FRAGMENT_SKILL,
    HOT_FRAGMENT_TICKS,
    BlastCover,
    BlastRole,
    BlastTarget,
    ExplosionPlan,
    HitKind,
    Medium,
    blast_dice,
    blast_radius,
    collateral_damage,
    covered_locations,
    detonate,
    fragment_attack,
    fragment_hits,
    fragment_posture_modifier,
    fragment_radius,
    hot_fragment_second,
    hot_fragment_spec,
    lodge_hot_fragment,
    parse_explosive,
    parse_fragments,
    scatter,
    throw_at_area,
)
from rules.injury import apply_hit
from rules.roller import ScriptedDice
from rules.turn import TurnEvent, TurnEventKind


def sheet(name: str, *, dr: int = 0, **attributes: Any) -> Combatant:
    return Combatant.create(name=name, attributes=attributes, dr={"uniform": dr})


def fight(*sheets: Combatant) -> Encounter:
    encounter, _ = add_combatants(
        Encounter(name="Blast", gm_id=1),
        sheets,
        owner_id=None,
        side=None,
        aware=False,
        roller=ScriptedDice([]),
    )
    return encounter


def plan(damage: str, *targets: BlastTarget, **extra: Any) -> ExplosionPlan:
    return ExplosionPlan(plan_id=1, damage=damage, targets=targets, **extra)


def near(combatant_id: str, metres: int) -> BlastTarget:
    return BlastTarget(combatant_id=combatant_id, distance=metres)


# --------------------------------------------------------------------------- R15.1, R15.4, R15.5


def test_r15_1_radius_and_collateral_of_a_6dx2_blast() -> None:
    """R15.1: 6d×2 counts as 12 dice → 24 m; rolled 24: 3 m → 24/9 = 2, 10 m → 0."""
    expression = DiceExpression.parse("6dx2")
    assert blast_dice(expression) == 12
    assert blast_radius(expression) == 24
    assert collateral_damage(24, 3) == 2
    assert collateral_damage(24, 10) == 0


def test_r15_1_closer_than_a_metre_counts_as_one() -> None:
    assert collateral_damage(24, 0) == 8


@pytest.mark.parametrize(
    ("medium", "expected", "rule"),
    [(Medium.AIR, 2, "R15.1"), (Medium.WATER, 8, "R15.4"), (Medium.VACUUM, 0, "R15.5")],
)
def test_r15_4_r15_5_the_medium_divides_the_collateral(
    medium: Medium, expected: int, rule: str
) -> None:
    """24 at 3 m: air 24/9 = 2, water 24/3 = 8 (R15.4), vacuum 24/30 = 0 (R15.5)."""
    assert collateral_damage(24, 3, medium) == expected
    outcome = detonate(
        plan("6dx2 cr ex", near("b", 3), medium=medium),
        {"b": sheet("Bystander", hp=30)},
        ScriptedDice([2] * 12),
    )
    assert outcome.impact == 24
    assert outcome.targets[0].blast == expected
    assert rule in outcome.rule_ids


def test_r15_1_the_collateral_goes_through_the_injury_pipeline_and_burns() -> None:
    """6d×2 rolled 24, a man 3 m away: 2 crushing, and +1 burning as an incendiary (R10.2)."""
    outcome = detonate(
        plan("6dx2 cr ex", near("b", 3)), {"b": sheet("Bystander")}, ScriptedDice([2] * 12)
    )
    [target] = outcome.targets
    assert [(h.kind, h.injury.basic_damage, h.injury.injury) for h in target.hits] == [
        (HitKind.BLAST, 2, 2),
        (HitKind.INCENDIARY, 1, 1),
    ]
    assert target.combatant.state.hp == 7
    assert outcome.radius == 24
    assert {"R15.1", "R10.2"} <= set(outcome.rule_ids)


def test_r15_1_no_damage_no_burn_and_nothing_past_the_radius() -> None:
    outcome = detonate(
        plan("3d cr ex", near("a", 4), near("b", 7)),
        {"a": sheet("Near"), "b": sheet("Far")},
        ScriptedDice([3, 3, 3]),
    )
    # 9 at 4 m: 9/12 = 0; 7 m is past 3d's 6 m.
    assert [(t.blast, t.hits) for t in outcome.targets] == [(0, ()), (0, ())]


# --------------------------------------------------------------------------- R15.2


def test_r15_2_the_armor_divisor_only_at_the_point_of_impact() -> None:
    """A 6d×2 (2) explosive hits a knight directly (torso DR 8 → 4); a bystander's
    collateral meets his full torso DR."""
    knight = sheet("Knight", dr=8, hp=60, ht=12)
    bystander = sheet("Bystander", dr=8)
    blast = plan(
        "6dx2(2) cr ex",
        BlastTarget(combatant_id="k", distance=0, role=BlastRole.DIRECT),
        near("b", 3),
    )
    outcome = detonate(blast, {"k": knight, "b": bystander}, ScriptedDice([2] * 12 + [3] * 20))
    direct, collateral = outcome.targets
    assert direct.hits[0].injury.dr.effective == 4
    assert direct.hits[0].injury.penetrating == 20
    assert collateral.hits[0].injury.dr.effective == 8
    assert collateral.hits[0].injury.injury == 0
    assert "R15.2" in outcome.rule_ids


# --------------------------------------------------------------------------- R15.6, R15.7


def test_r15_6_smothering_a_3d_charge() -> None:
    """A 3d explosive smothered by a man with torso DR 2 and HP 11: 18 - 2 = 16; everyone
    else gets Cover DR 2 + 11 = 13."""
    hero = sheet("Hero", dr=2, st=11, hp=11, ht=12)
    friend = sheet("Friend")
    blast = plan(
        "3d cr ex",
        BlastTarget(combatant_id="h", distance=0, role=BlastRole.SMOTHERER),
        near("f", 1),
    )
    outcome = detonate(blast, {"h": hero, "f": friend}, ScriptedDice([6, 6, 6] + [3] * 20))
    smotherer, covered = outcome.targets
    assert smotherer.blast == 18
    assert smotherer.hits[0].injury.injury == 16
    assert covered.cover_dr == 13
    assert covered.blast == 6
    assert covered.hits[0].injury.dr.effective == 13
    assert covered.injury == 0
    assert "R15.6" in outcome.rule_ids


def test_r15_7_a_swallowed_grenade() -> None:
    """A swallowed 3d grenade rolls 10: no DR, vitals ×3 → 30 injury."""
    dragon = sheet("Dragon", dr=10, st=40, hp=100, ht=15)
    blast = plan("3d cr ex", BlastTarget(combatant_id="d", distance=0, role=BlastRole.INTERNAL))
    outcome = detonate(blast, {"d": dragon}, ScriptedDice([4, 3, 3] + [3] * 20))
    [inside] = outcome.targets
    assert inside.blast == 10  # the basic damage; the ×3 is the vitals' wounding
    assert inside.hits[0].injury.basic_damage == 10
    assert inside.hits[0].injury.dr.effective == 0
    assert inside.hits[0].injury.wounding.multiplier == 3
    assert inside.hits[0].injury.injury == 30
    assert inside.combatant.dr == dragon.dr  # his scales are back on
    assert inside.combatant.state.hp == 100 - 30 - 1  # and the incendiary point (R10.2)
    assert "R15.7" in outcome.rule_ids


def test_r15_7_knockback_reads_the_basic_damage_r7_14() -> None:
    """R15.7 with R7.14: a 3d charge rolling 13 inside a ST 20 drake wounds 13 × 3 = 39, but
    knockback counts the basic 13 against ST - 2 = 18: not a metre."""
    drake = sheet("Drake", dr=6, st=20, hp=60, ht=12)
    blast = plan("3d cr ex", BlastTarget(combatant_id="d", distance=0, role=BlastRole.INTERNAL))
    outcome = detonate(blast, {"d": drake}, ScriptedDice([6, 5, 2] + [3] * 20))
    [inside] = outcome.targets
    hit = inside.hits[0].injury
    assert (hit.basic_damage, hit.dr.effective, hit.penetrating) == (13, 0, 13)
    assert hit.wounding.multiplier == 3
    assert hit.injury == 39
    assert hit.knockback is None
    assert inside.combatant.state.hp == 60 - 39 - 1


def test_r15_7_a_body_without_vitals_takes_it_on_the_torso() -> None:
    """R15.7 reads the vitals; with no vitals (B380) the blast is a torso hit, ×1 crushing."""
    golem = Combatant.create(
        name="Golem",
        attributes={"st": 20, "hp": 60, "ht": 12},
        dr={"uniform": 6},
        traits=[Trait.IT_NO_VITALS],
    )
    blast = plan("3d cr ex", BlastTarget(combatant_id="g", distance=0, role=BlastRole.INTERNAL))
    outcome = detonate(blast, {"g": golem}, ScriptedDice([6, 5, 2] + [3] * 20))
    assert outcome.targets[0].hits[0].injury.injury == 13


# --------------------------------------------------------------------------- R15.8-R15.11


def test_r15_8_fragment_radius_and_attack() -> None:
    """3d cont ex [1d]: fragments to 5 m. A standing human at 4 m: 15 - 2 + 0 = 13; a roll
    of 7 succeeds by 6: 1 + 2 = 3 fragments."""
    explosive = parse_explosive("3d cont ex [1d]")
    assert explosive.fragmentation is not None
    assert fragment_radius(explosive.fragmentation) == 5
    assert fragment_radius(DiceExpression.parse("2d")) == 10
    attack = fragment_attack(4, Posture.STANDING, 0, ScriptedDice([2, 2, 3]))
    assert attack.distance_modifier == -2
    assert attack.effective == FRAGMENT_SKILL - 2 == 13
    assert attack.roll.margin == 6
    assert attack.hits == 3


@pytest.mark.parametrize(
    ("total", "skill", "hits"), [(13, 13, 1), (10, 13, 2), (7, 13, 3), (4, 13, 4), (14, 13, 0)]
)
def test_r15_8_one_more_fragment_per_3_points(total: int, skill: int, hits: int) -> None:
    faces = {13: (5, 4, 4), 10: (4, 3, 3), 7: (3, 2, 2), 4: (2, 1, 1), 14: (5, 5, 4)}[total]
    assert fragment_hits(evaluate(faces, skill)) == hits


@pytest.mark.parametrize(
    ("posture", "modifier"),
    [
        (Posture.STANDING, 0),
        (Posture.CROUCHING, -2),
        (Posture.KNEELING, -2),
        (Posture.SITTING, -2),
        (Posture.CRAWLING, -4),
        (Posture.PRONE, -4),
        (Posture.LYING_FACE_UP, -4),
    ],
)
def test_r15_8_posture_from_the_cover_table(posture: Posture, modifier: int) -> None:
    """R15.8 reads the cover table's posture rows: prone -4, crouching or kneeling -2."""
    assert fragment_posture_modifier(posture) == modifier


def test_r15_11_an_airburst_ignores_posture() -> None:
    """A prone soldier against an airburst: no -4 for lying down."""
    assert fragment_posture_modifier(Posture.PRONE, airburst=True) == 0
    attack = fragment_attack(3, Posture.PRONE, 0, ScriptedDice([3, 3, 3]), airburst=True)
    assert attack.effective == 14


def behind(combatant_id: str, metres: int, cover: BlastCover, dr: int) -> BlastTarget:
    return BlastTarget(combatant_id=combatant_id, distance=metres, cover=cover, cover_dr=dr)


def test_r15_8_a_fragment_on_a_covered_location_strikes_the_cover() -> None:
    """1d [1d] rolled 1: nothing of the blast reaches 3 m (1/9). Both attacked at 15 - 1 =
    14, both rolled 12: one fragment each to the torso, 6 cut. A shows only his head over a
    DR 5 wall: the fragment strikes the wall, 1 gets through, × 1.5 = 1. B hides only his
    legs: his torso takes it all, 6 × 1.5 = 9."""
    outcome = detonate(
        plan(
            "1d cr ex [1d]",
            behind("a", 3, BlastCover.HEAD_EXPOSED, 5),
            behind("b", 3, BlastCover.HALF, 5),
        ),
        {"a": sheet("A", hp=20), "b": sheet("B", hp=20)},
        ScriptedDice([1, 4, 4, 4, 4, 3, 3, 6, 4, 4, 4, 4, 3, 3, 6]),
    )
    a, b = outcome.targets
    [hit_a] = a.hits
    [hit_b] = b.hits
    assert (hit_a.struck_cover, hit_a.injury.dr.effective, hit_a.injury.injury) == (True, 5, 1)
    assert (hit_b.struck_cover, hit_b.injury.dr.effective, hit_b.injury.injury) == (False, 0, 9)
    assert (a.cover, a.behind_dr, b.cover) == (BlastCover.HEAD_EXPOSED, 5, BlastCover.HALF)
    assert HitLocation.TORSO in a.covered
    assert HitLocation.TORSO not in b.covered
    assert (a.combatant.state.hp, b.combatant.state.hp) == (19, 11)
    assert "R15.8" in outcome.rule_ids


@pytest.mark.parametrize(
    ("cover", "dr", "blast", "burn"),
    [(BlastCover.FULL, 3, 1, 0), (BlastCover.HALF, 3, 4, 1), (BlastCover.FULL, 0, 4, 1)],
)
def test_r15_8_cover_over_the_torso_stands_in_the_collateral_s_way(
    cover: BlastCover, dr: int, blast: int, burn: int
) -> None:
    """3d = 12 at 1 m: 4 collateral crushing and 1 burning against the torso (R15.2); a DR 3
    wall in the way leaves 1 and 0; cover over his legs only leaves them whole."""
    outcome = detonate(
        plan("3d cr ex", behind("a", 1, cover, dr)),
        {"a": sheet("A")},
        ScriptedDice([4, 4, 4]),
    )
    [target] = outcome.targets
    assert [h.injury.injury for h in target.hits] == [blast, burn]


def test_r15_11_only_a_roof_stands_in_an_airburst_s_way() -> None:
    """Against an airburst a wall hides nothing and a roof hides everything; against a burst
    on the ground, the other way round."""
    everything = frozenset(HitLocation)
    assert covered_locations(BlastCover.OVERHEAD, airburst=True) == everything
    assert covered_locations(BlastCover.FULL, airburst=True) == frozenset()
    assert covered_locations(BlastCover.OVERHEAD) == frozenset()
    assert covered_locations(BlastCover.FULL) == everything
    assert HitLocation.NECK not in covered_locations(BlastCover.HEAD_EXPOSED)


def test_r15_11_a_prone_soldier_under_a_roof_against_an_airburst() -> None:
    """1d [1d] rolled 1, an airburst: no -4 for lying down (15 - 1 = 14), 12 hits once, the
    torso (6 cut) under a DR 5 roof: 1 × 1.5 = 1. The same behind a DR 5 wall: 9."""
    prone = sheet("A", hp=20).with_state(posture=Posture.PRONE)
    dice = [1, 4, 4, 4, 4, 3, 3, 6]
    roof = detonate(
        plan("1d cr ex [1d]", behind("a", 3, BlastCover.OVERHEAD, 5), airburst=True),
        {"a": prone},
        ScriptedDice(dice),
    )
    wall = detonate(
        plan("1d cr ex [1d]", behind("a", 3, BlastCover.FULL, 5), airburst=True),
        {"a": prone},
        ScriptedDice(dice),
    )
    [under] = roof.targets
    [beside] = wall.targets
    assert under.fragment_attack is not None
    assert under.fragment_attack.effective == 14
    assert (under.hits[0].struck_cover, under.injury) == (True, 1)
    assert (beside.hits[0].struck_cover, beside.injury) == (False, 9)
    assert {"R15.8", "R15.11"} <= set(roof.rule_ids)


def test_a_plan_puts_the_named_targets_behind_the_cover() -> None:
    encounter = fight(sheet("A"), sheet("B"), sheet("C"))
    blast = plan_explosion(
        encounter,
        1,
        "1d cr ex",
        [("B", 2), ("C", 3)],
        direct="A",
        covered=["C"],
        cover=BlastCover.HALF,
        cover_dr=4,
    )
    assert [(t.cover, t.cover_dr) for t in blast.targets] == [
        (None, 0),
        (None, 0),
        (BlastCover.HALF, 4),
    ]
    with pytest.raises(RuleError) as caught:
        plan_explosion(encounter, 1, "1d cr ex", [("B", 2)], direct="A", covered=["A"], cover_dr=4)
    assert (caught.value.key, caught.value.params) == ("explosion.cover_not_nearby", {"name": "A"})
    with pytest.raises(RuleError) as caught:
        plan_explosion(encounter, 1, "1d cr ex", [("B", 2)], covered=["B"])
    assert caught.value.key == "explosion.cover_needs_dr"


def test_r15_9_fragments_cut_without_the_armor_divisor() -> None:
    """A (3) explosive with [2d] fragments: a fragment rolling 7 against DR 4 → 3 × 1.5 = 4.

    The man stands 8 m away: past the blast's 6 m, inside the fragments' 10 m; 15 - 4 = 11,
    a roll of 10 is one fragment, to the torso (3d = 10), 2d = 7.
    """
    outcome = detonate(
        plan("3d(3) cr ex [2d]", near("m", 8)),
        {"m": sheet("Man", dr=4)},
        ScriptedDice([1, 1, 1, 4, 3, 3, 4, 3, 3, 3, 4]),
    )
    [man] = outcome.targets
    assert man.blast == 0
    assert man.fragment_attack is not None
    assert man.fragment_attack.effective == 11
    assert man.fragments == 1
    [fragment] = man.hits
    assert fragment.kind is HitKind.FRAGMENT
    assert fragment.faces == (3, 4)
    assert fragment.location_faces == (4, 3, 3)
    assert fragment.injury.spec.location is HitLocation.TORSO
    assert fragment.injury.dr.effective == 4
    assert fragment.injury.dr.armor_divisor == 1
    assert fragment.injury.injury == 4
    assert {"R15.8", "R15.9"} <= set(outcome.rule_ids)


def test_r15_8_the_direct_target_takes_one_fragment_without_a_roll() -> None:
    outcome = detonate(
        plan("1d cr ex [1d]", BlastTarget(combatant_id="t", distance=0, role=BlastRole.DIRECT)),
        {"t": sheet("Target", hp=20)},
        ScriptedDice([1, 4, 3, 3, 2]),  # the blast 1; the fragment: torso (10), 1d = 2
    )
    [target] = outcome.targets
    assert target.fragment_attack is None
    assert target.fragments == 1
    assert [h.kind for h in target.hits] == [HitKind.BLAST, HitKind.INCENDIARY, HitKind.FRAGMENT]


def test_r15_10_only_a_dive_for_cover_against_fragments() -> None:
    """A knight with a raised shield cannot Block fragments: he may only Dive for Cover, a
    Dodge (here 8 + the shield's DB 2, with the Basic Set)."""
    knight = Combatant.create(
        name="Knight",
        attributes={"dx": 12, "ht": 12},
        shield={"skill": 14, "db": 2},
    )
    encounter = fight(knight)
    blast = plan_explosion(encounter, 9, "3d cr ex [1d]", [("Knight", 3)])
    encounter = set_pending(encounter, blast)
    encounter, dive = dive_for_cover(encounter, "1", ScriptedDice([6, 6, 6]))
    assert dive.dodge == knight.dodge + knight.shield_db
    assert not dive.success
    assert encounter.get("1").turn.dodges_used == 1
    assert encounter.get("1").combatant.state.posture is Posture.STANDING


# --------------------------------------------------------------------------- R15.12, R15.13


@pytest.mark.parametrize(
    ("material", "text", "low", "high"),
    [("ordinary dirt", "[1d-4]", -3, 2), ("scrap metal", "[1d]", 1, 6)],
)
def test_r15_12_the_incidental_fragments_table(
    material: str, text: str, low: int, high: int
) -> None:
    """Ordinary dirt [1d-4] … scrap metal [1d]; one die reaches 5 m."""
    expression = parse_fragments(text)
    assert (expression.min_total, expression.max_total) == (low, high), material
    assert fragment_radius(expression) == 5


def test_r15_12_a_fireball_on_a_gravel_road() -> None:
    """The GM picks [1d-2]: fragments to 5 m at skill 15."""
    blast = plan("3d burn ex", near("a", 2), incidental="1d-2")
    fragments = blast.fragments()
    assert fragments is not None
    assert fragments.text == "1d-2"
    assert blast.reach() == 6
    # 3d burn = 3 at 2 m: 3/6 = 0; fragments: 15 + 0 = 15, a 16 misses.
    outcome = detonate(blast, {"a": sheet("A")}, ScriptedDice([1, 1, 1, 6, 6, 4]))
    [target] = outcome.targets
    assert target.fragment_attack is not None
    assert target.fragment_attack.effective == 15
    assert target.fragments == 0
    assert "R15.12" in outcome.rule_ids


def test_r15_13_a_hot_fragment_burns_through_five_times_the_dr() -> None:
    """A fragment lodges in a man with DR 1: each tick is 1d vs DR 5; a 6 → 1 burning; six
    ticks, one every 10 seconds."""
    man = sheet("Man", dr=1)
    outcome = apply_hit(man, hot_fragment_spec(6), ScriptedDice([]))
    assert outcome.dr.effective == 5
    assert outcome.injury == 1
    assert HOT_FRAGMENT_TICKS == 6
    assert hot_fragment_spec(6).armor_divisor == Fraction(1, 5)


def test_r15_13_hot_fragments_are_marked_on_whoever_they_hit() -> None:
    outcome = detonate(
        plan("1d cr ex [1d]", near("a", 1), near("b", 5), hot=True),
        {"a": sheet("A"), "b": sheet("B")},
        # blast 1 (1 m: 1/3 = 0); A: 13 hits (1 fragment: torso 10, 1d 2); B at 5 m: 18.
        ScriptedDice([1, 5, 4, 4, 4, 3, 3, 2, 6, 6, 6]),
    )
    a, b = outcome.targets
    assert (a.fragments, a.hot_fragments) == (1, True)
    assert (b.fragments, b.hot_fragments) == (0, False)
    assert "R15.13" in outcome.rule_ids
    assert (a.combatant.state.hot_fragment_ticks, b.combatant.state.hot_fragment_ticks) == (6, 0)


def test_r15_13_a_lodged_fragment_burns_every_tenth_second_for_a_minute() -> None:
    """DR 1 counts 5 against 1d(0.2): each burn of 6 does 1. Nothing for nine seconds, a
    burn on the tenth, six burns in the minute, then nothing more (no die left to roll)."""
    man = lodge_hot_fragment(sheet("Man", dr=1, hp=20))
    roller = ScriptedDice([6, 6, 6, 6, 6, 6])
    burned_at: list[int] = []
    for second in range(1, 71):
        man, burn = hot_fragment_second(man, roller)
        if burn is not None:
            burned_at.append(second)
            assert (burn.damage, burn.injury.dr.effective, burn.injury.injury) == (6, 5, 1)
            assert burn.left == 6 - len(burned_at)
            assert burn.rule_id == "R15.13"
    assert burned_at == [10, 20, 30, 40, 50, 60]
    assert (man.state.hp, man.state.hot_fragment_ticks) == (14, 0)
    assert roller.remaining == 0


def test_r15_13_a_second_fragment_starts_the_minute_again() -> None:
    man = lodge_hot_fragment(sheet("Man"))
    for _ in range(5):
        man, _burn = hot_fragment_second(man, ScriptedDice([]))
    man = lodge_hot_fragment(man)
    assert (man.state.hot_fragment_ticks, man.state.hot_fragment_seconds) == (6, 0)


def test_r15_13_the_rounds_burn_whoever_carries_one_at_his_place() -> None:
    """R4.1: a round is a second. A's tenth second comes at his place in round 12; B, with
    no fragment, is passed over; a dead man's fragment burns no more."""
    encounter = fight(sheet("A", hp=12), sheet("B"), sheet("C"))
    a = encounter.get("1")
    hot = a.combatant.state.model_copy(update={"hot_fragment_ticks": 2, "hot_fragment_seconds": 9})
    encounter = encounter.replace(a.with_sheet(a.combatant.with_state(hot)))
    c = encounter.get("3")
    dead = lodge_hot_fragment(c.combatant).with_state(dead=True)
    encounter = encounter.replace(c.with_sheet(dead))
    events = [
        TurnEvent(kind=TurnEventKind.TURN_STARTED, round=12, combatant_id=i, rule_id="R4.1")
        for i in ("1", "2", "3")
    ]
    encounter, ticks = tick_hot_fragments(encounter, events, ScriptedDice([5]))
    [tick] = ticks
    assert (tick.name, tick.round, tick.burn.damage, tick.burn.injury.injury) == ("A", 12, 5, 5)
    assert tick.summary() == {"name": "A", "round": 12, "damage": 5, "injury": 5, "left": 1}
    state = encounter.get("1").combatant.state
    assert (state.hp, state.hot_fragment_ticks, state.hot_fragment_seconds) == (7, 1, 0)
    assert encounter.get("3").combatant.state.hot_fragment_seconds == 0


# --------------------------------------------------------------------------- R15.14, R15.15


def test_r15_14_throwing_at_a_spot_is_plus_four() -> None:
    """Throwing 11 → 15 to land the grenade on the chosen hex."""
    assert AREA_ATTACK_BONUS == 4
    thrown = throw_at_area(11, 10, ScriptedDice([5, 5, 5]))
    assert thrown.effective == 15
    assert thrown.roll.succeeded
    assert thrown.scatter is None


def test_r15_15_a_grenade_missing_by_4() -> None:
    """Missing by 4 at a target 10 m away: min(4, 5) = 4 m; 1d = 3 → 120° clockwise."""
    landed = scatter(4, 10, ScriptedDice([3]))
    assert (landed.metres, landed.direction_face, landed.degrees) == (4, 3, 120)
    thrown = throw_at_area(7, 10, ScriptedDice([6, 5, 4, 3]))  # 15 against 11: by 4
    assert thrown.scatter is not None
    assert (thrown.scatter.metres, thrown.scatter.degrees) == (4, 120)
    assert thrown.rule_ids == ("R15.14", "R15.15")


def test_r15_15_at_most_half_the_distance_rounded_up() -> None:
    assert scatter(8, 9, ScriptedDice([1])).metres == 5


def test_r15_15_a_flying_target_squares_the_margin() -> None:
    """A flying target, miss by 3 → 9 m (no half-distance cap, the catalog's reading)."""
    landed = scatter(3, 4, ScriptedDice([1]), special=True)
    assert (landed.metres, landed.squared) == (9, True)


def test_r15_15_a_dodge_uses_the_dodgers_margin_and_never_squares() -> None:
    landed = scatter(3, 10, ScriptedDice([2]), dodged=True, special=True)
    assert (landed.metres, landed.squared, landed.dodged) == (3, False, True)


@pytest.mark.parametrize(
    ("face", "degrees"), [(1, 0), (2, 60), (3, 120), (4, 180), (5, 240), (6, 300)]
)
def test_r15_15_the_direction_table(face: int, degrees: int) -> None:
    """1 straight ahead, 2 60° right … clockwise; 5 is 120° left, 6 60° left."""
    assert scatter(2, 10, ScriptedDice([face])).degrees == degrees


# --------------------------------------------------------------------------- in a fight


def test_parse_targets_reads_names_with_spaces_and_digits() -> None:
    assert parse_targets("Alice:1, Orc 1:3 ,Bob=8,") == [("Alice", 1), ("Orc 1", 3), ("Bob", 8)]
    assert parse_targets("Alice 1m, Orc 1 3m, Bob @ 8, Zé 12 M") == [
        ("Alice", 1),
        ("Orc 1", 3),
        ("Bob", 8),
        ("Zé", 12),
    ]
    for bad in ("Alice", "Alice:x", ":3", "Alice:-1", "Orc 1", " 3m"):
        with pytest.raises(RuleError) as caught:
            parse_targets(bad)
        assert caught.value.key == "explosion.bad_targets"


def test_r15_1_a_fraction_of_a_metre_counts_as_the_next_whole_metre() -> None:
    """R15.1's reading: distances are whole metres, rounded up (2.5 m → 3 m)."""
    assert parse_targets("Bob 2.5m, Cid:0.2, Dee 4.0m") == [("Bob", 3), ("Cid", 1), ("Dee", 4)]
    with pytest.raises(RuleError) as caught:
        parse_targets("Bob 2.m")
    assert caught.value.key == "explosion.bad_targets"


def test_r15_6_a_smothered_charge_hits_nobody_directly() -> None:
    """R15.6: the smotherer lies on the charge; it cannot also hit someone else directly."""
    encounter = fight(sheet("Ana"), sheet("Bob"), sheet("Cid"))
    with pytest.raises(RuleError) as caught:
        plan_explosion(encounter, 5, "3d cr ex", [("Ana", 1)], direct="Cid", smothered_by="bob")
    assert (caught.value.key, caught.value.params) == (
        "explosion.smothered_and_direct",
        {"smotherer": "Bob"},
    )


def test_an_explosives_damage_is_refused_with_an_explosives_words() -> None:
    """Unreadable text gets an explosive's example; 200 dice the dice limit (100)."""
    encounter = fight(sheet("Ana"))
    for text, key in (("200d cr ex", "dice.too_many_dice"), ("3q cr ex", "explosion.bad_damage")):
        with pytest.raises(RuleError) as caught:
            plan_explosion(encounter, 5, text, [("Ana", 1)])
        assert caught.value.key == key
    assert plan_explosion(encounter, 5, "100d cr ex", [("Ana", 1)]).damage == "100d cr ex"


def test_a_plan_names_every_target_once() -> None:
    encounter = fight(sheet("Alice"), sheet("Bob"))
    blast = plan_explosion(
        encounter, 5, "3d cr ex", [("bob", 3)], direct="Alice", medium=Medium.WATER
    )
    assert [(t.combatant_id, t.distance, t.role) for t in blast.targets] == [
        ("1", 0, BlastRole.DIRECT),
        ("2", 3, BlastRole.NEARBY),
    ]
    for args, key in (
        (([("Alice", 1), ("alice", 2)],), "explosion.twice"),
        (([],), "explosion.no_targets"),
        (([("Carol", 1)],), "encounter.combatant.not_found"),
    ):
        with pytest.raises(RuleError) as caught:
            plan_explosion(encounter, 5, "3d cr ex", *args)
        assert caught.value.key == key
    with pytest.raises(RuleError) as caught:
        plan_explosion(encounter, 5, "sw+2 cut", [("Alice", 1)])
    assert caught.value.key == "explosion.not_explosive"


def test_r15_3_a_guard_dives_behind_a_wall() -> None:
    """A guard 5 m from a bomb dives behind a wall (shelter in reach) and succeeds: no
    collateral, no fragments."""
    encounter = fight(sheet("Guard", dx=12, ht=12), sheet("Other"))
    blast = plan_explosion(
        encounter, 3, "3d cr ex [1d]", [("Guard", 5), ("Other", 1)], shelter=True
    )
    encounter = set_pending(encounter, blast)
    assert [t.combatant_id for t in divers(encounter, blast)] == ["1", "2"]
    encounter, dive = dive_for_cover(encounter, "1", ScriptedDice([2, 2, 2]), plan_id=3)
    assert dive.success
    assert encounter.get("1").combatant.state.posture is Posture.PRONE
    pending = encounter.pending_explosion
    assert pending is not None
    assert [t.combatant_id for t in divers(encounter, pending)] == ["2"]
    # 3d = 9: Other at 1 m takes 3 and +1 burn, then the fragments: 15 - 0 = 15, a 16 misses.
    encounter, result = detonate_pending(encounter, ScriptedDice([3, 3, 3, 6, 6, 4]))
    guard, other = result.outcome.targets
    assert guard.sheltered
    assert guard.hits == ()
    assert encounter.get("1").combatant.state.hp == 10
    assert other.blast == 3
    assert encounter.get("2").combatant.state.hp == 10 - 4
    assert encounter.pending_explosion is None
    assert "R15.3" in result.outcome.rule_ids


def test_r15_3_a_dive_without_shelter_is_a_metre_farther_and_prone() -> None:
    encounter = fight(sheet("Guard", dx=12, ht=12))
    encounter = set_pending(
        encounter, plan_explosion(encounter, 3, "3d cr ex [1d]", [("Guard", 2)])
    )
    encounter, _ = dive_for_cover(encounter, "1", ScriptedDice([2, 2, 2]))
    # 3d = 12: 12/9 = 1 at 3 m; prone: 15 - 1 - 4 = 10, a 10 hits once (torso, 1d = 1).
    encounter, result = detonate_pending(encounter, ScriptedDice([4, 4, 4, 4, 3, 3, 4, 3, 3, 1]))
    [guard] = result.outcome.targets
    assert guard.distance == 3
    assert guard.blast == 1
    assert guard.fragment_attack is not None
    assert guard.fragment_attack.posture_modifier == -4
    assert guard.fragments == 1


def test_diving_twice_or_out_of_reach_is_refused() -> None:
    encounter = fight(sheet("A", dx=12), sheet("B"))
    encounter = set_pending(
        encounter, plan_explosion(encounter, 3, "1d cr ex", [("A", 1), ("B", 40)])
    )
    encounter, _ = dive_for_cover(encounter, "1", ScriptedDice([6, 6, 6]))
    for who, key in (("1", "explosion.dove_already"), ("2", "explosion.cannot_dive")):
        with pytest.raises(RuleError) as caught:
            dive_for_cover(encounter, who, ScriptedDice([3, 3, 3]))
        assert caught.value.key == key
    with pytest.raises(RuleError) as caught:
        set_pending(encounter, plan_explosion(encounter, 4, "1d cr ex", [("A", 1)]))
    assert caught.value.key == "explosion.pending"
    with pytest.raises(RuleError) as caught:
        dive_for_cover(encounter, "1", ScriptedDice([]), plan_id=99)
    assert caught.value.key == "explosion.none_pending"


def test_a_grenade_among_three_fighters_at_1_3_and_8_metres() -> None:
    """3d cr ex [2d] rolled 12: 1 m → 12/3 = 4 and fragments at 15; 3 m → 12/9 = 1 and
    fragments at 14; 8 m → past the blast's 6 m, fragments at 15 - 4 = 11."""
    encounter = fight(sheet("A", hp=20), sheet("B", hp=20), sheet("C", hp=20))
    blast = plan_explosion(encounter, 7, "3d cr ex [2d]", [("A", 1), ("B", 3), ("C", 8)])
    encounter, result = detonate_plan(
        encounter,
        blast,
        ScriptedDice(
            [
                *(4, 4, 4),  # the blast: 12
                *(5, 5, 5),  # A's fragments: 15 vs 15, one fragment
                *(4, 3, 3, 1, 2),  # torso, 2d = 3 → 4 cut
                *(6, 6, 6),  # B's fragments: 18 misses
                *(4, 3, 3),  # C's: 10 vs 11, one fragment
                *(3, 3, 4, 2, 2),  # torso, 2d = 4 → 6 cut
            ]
        ),
    )
    a, b, c = result.outcome.targets
    assert [(h.kind, h.injury.injury) for h in a.hits] == [
        (HitKind.BLAST, 4),
        (HitKind.INCENDIARY, 1),
        (HitKind.FRAGMENT, 4),
    ]
    assert [(h.kind, h.injury.injury) for h in b.hits] == [
        (HitKind.BLAST, 1),
        (HitKind.INCENDIARY, 1),
    ]
    assert b.fragment_attack is not None
    assert b.fragment_attack.effective == 14
    assert [(h.kind, h.injury.injury) for h in c.hits] == [(HitKind.FRAGMENT, 6)]
    assert [encounter.get(i).combatant.state.hp for i in ("1", "2", "3")] == [11, 18, 14]
    assert result.outcome.radius == 6
    assert result.outcome.fragment_radius == 10


def test_whoever_left_the_fight_while_it_waited_is_out_of_it() -> None:
    encounter = fight(sheet("A", dx=12), sheet("B"))
    encounter = set_pending(
        encounter, plan_explosion(encounter, 3, "1d cr ex", [("A", 1), ("B", 1)])
    )
    encounter = remove_combatant(encounter, "1")
    encounter, result = detonate_pending(encounter, ScriptedDice([6]))
    assert [t.combatant_id for t in result.outcome.targets] == ["2"]
    assert encounter.get("2").combatant.state.hp == 10 - 2 - 1


def test_r14_3_a_blast_hits_the_swarms_in_its_radius_as_an_area_attack() -> None:
    """3d = 12: the rats 1 m off take 12/3 = 4 and the blast's +1 burning (R15.1, R10.2),
    5 toward their 6, uncapped (an explosion is an area attack); the bats hit directly take
    all 12 + 1 and are dispersed; a swarm cannot dive."""
    from rules.swarm import preset_sheet
    from rules.swarm_profile import SwarmKind

    encounter = fight(
        preset_sheet("Rats", SwarmKind.RATS),
        preset_sheet("Bats", SwarmKind.BATS),
        sheet("Far", dx=12),
    )
    blast = plan_explosion(encounter, 4, "3d cr ex", [("Rats", 1), ("Far", 12)], direct="Bats")
    assert divers(encounter, blast) == ()
    encounter, result = detonate_plan(encounter, blast, ScriptedDice([4, 4, 4]))
    bats, rats = result.swarms  # the direct hit first, as the plan lists it
    assert (rats.name, rats.total, rats.damage_after, rats.dispersed) == ("Rats", 5, 5, False)
    assert [(p.source, p.damage_type.value, p.counted) for p in rats.packets] == [
        ("weapon", "cr", 4),
        ("incendiary", "burn", 1),
    ]
    assert (bats.name, bats.total, bats.dispersed) == ("Bats", 13, True)
    assert [c.name for c in encounter.combatants] == ["Rats", "Far"]
    with pytest.raises(RuleError) as caught:
        plan_explosion(encounter, 5, "3d cr ex", [], smothered_by="Rats")
    assert caught.value.key == "swarm.is_a_swarm"


def test_r15_3_the_log_keeps_the_plan_the_dive_and_each_targets_injury() -> None:
    """The guard case above, as the event log keeps it: the waiting plan, the Dive for Cover
    by name, and the blast's damage and each target's injury by name (R15.3)."""
    encounter = fight(sheet("Guard", dx=12, ht=12), sheet("Other"))
    blast = plan_explosion(
        encounter, 3, "3d cr ex [1d]", [("Guard", 5), ("Other", 1)], shelter=True
    )
    assert blast.detail() == {"plan": blast.model_dump(mode="json")}
    encounter = set_pending(encounter, blast)
    encounter, dive = dive_for_cover(encounter, "1", ScriptedDice([2, 2, 2]), plan_id=3)
    assert dive.detail("Guard") == {
        "name": "Guard",
        "combatant_id": "1",
        "dodge": dive.dodge,
        "faces": [2, 2, 2],
        "total": 6,
        "success": True,
    }
    encounter, result = detonate_pending(encounter, ScriptedDice([3, 3, 3, 6, 6, 4]))
    assert result.detail() == {
        "damage": result.outcome.damage,
        "impact": result.outcome.impact,
        "targets": [{"name": "Guard", "injury": 0}, {"name": "Other", "injury": 4}],
        "swarms": [],
    }
