"""Blasts after the second review of sections 14-15: the hot fragment's clock and where it
burns (R15.13, R15.8), cover that stops fragments and their push (R15.8, R7.14), the
fragment of a charge gone off inside someone (R15.7, R15.8), a blast's burning on a swarm
(R15.1, R10.2, R14.3) and the blast options that make no sense alone (R15.1, R15.6-R15.8)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.blast import detonate_plan, plan_explosion
from rules.body import Side
from rules.combatant import Combatant, HitLocation
from rules.damage import DamageSpec, DamageType
from rules.encounter import Encounter, add_combatants, advance_turn
from rules.errors import RuleError
from rules.explosion import (
    BlastCover,
    BlastRole,
    BlastTarget,
    ExplosionPlan,
    HitKind,
    detonate,
    hot_fragment_second,
    lodge_hot_fragment,
)
from rules.injury import apply_hit
from rules.roller import ScriptedDice
from rules.swarm import hive_release, preset_sheet
from rules.swarm_profile import SwarmKind


def sheet(name: str, *, dr: Any = 0, **attributes: Any) -> Combatant:
    profile = dr if isinstance(dr, dict) else {"uniform": dr}
    return Combatant.create(name=name, attributes=attributes, dr=profile)


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


# --------------------------------------------------------------------------- R15.13 clock


def test_r15_13_the_ten_seconds_count_from_the_blast_for_everyone() -> None:
    """R15.13 with R4.1 (a round is a second): A (DX 12) acts first; the blast goes off on
    his turn of round 1 and lodges a fragment in both. B's place later in round 1 is still
    the blast's second: both first burns come 10 s later, in round 11, B's not in round 10.
    Dice: 1d [1] impact; A: attack 3d 15 (1 fragment), torso, 1d; the same for B."""
    encounter = fight(sheet("A", dx=12), sheet("B", dx=10))
    encounter, _ = advance_turn(encounter, ScriptedDice([]))
    assert encounter.current is not None
    assert encounter.current.name == "A"
    blast = plan_explosion(encounter, 1, "1d cr ex [1d]", [("A", 1), ("B", 1)], hot=True)
    roller = ScriptedDice([1, 5, 5, 5, 3, 3, 3, 1, 5, 5, 5, 3, 3, 3, 1])
    encounter, result = detonate_plan(encounter, blast, roller)
    assert roller.remaining == 0
    assert [t.hot_fragments for t in result.outcome.targets] == [True, True]
    a, b = (encounter.get(i).combatant.state for i in ("1", "2"))
    assert (a.hot_fragment_seconds, b.hot_fragment_seconds) == (0, -1)
    # Ten passes of each man's place: B's round-1 place (second 0), then rounds 2-10 are
    # seconds 1-9 for him; A's rounds 2-11 are seconds 1-10.
    sheet_a, sheet_b = encounter.get("1").combatant, encounter.get("2").combatant
    burns_a = burns_b = 0
    for _ in range(10):
        sheet_a, burn = hot_fragment_second(sheet_a, ScriptedDice([1]))
        burns_a += burn is not None
        sheet_b, burn = hot_fragment_second(sheet_b, ScriptedDice([1]))
        burns_b += burn is not None
    assert (burns_a, burns_b) == (1, 0)
    sheet_b, burn = hot_fragment_second(sheet_b, ScriptedDice([1]))
    assert burn is not None
    assert burn.rule_id == "R15.13"


# --------------------------------------------------------------------------- R15.13 where


def test_r15_13_the_fragment_burns_against_the_dr_where_it_lodged() -> None:
    """R15.8 puts the fragment on a random location: 3d 8 is the right arm (DR 0 there,
    torso DR 3). Its 4 cut does 6; then every burn is 1d against the arm's DR 0 × 5 = 0:
    a 6 does 6, where the torso's DR 15 would have stopped it."""
    vic = sheet("Vic", dr={"uniform": 0, "overrides": {"torso": 3}}, hp=30)
    roller = ScriptedDice([1, 5, 5, 5, 2, 3, 3, 4])
    outcome = detonate(
        plan("1d cr ex [1d]", BlastTarget(combatant_id="v", distance=1), hot=True),
        {"v": vic},
        roller,
    )
    assert roller.remaining == 0
    [target] = outcome.targets
    [fragment] = target.hits
    assert (fragment.injury.injury, target.hot_fragments) == (6, True)
    state = target.combatant.state
    assert (state.hot_fragment_location, state.hot_fragment_side) == (HitLocation.ARM, Side.RIGHT)
    man = target.combatant
    for _ in range(9):
        man, burn = hot_fragment_second(man, ScriptedDice([]))
        assert burn is None
    man, burn = hot_fragment_second(man, ScriptedDice([6]))
    assert burn is not None
    assert (burn.injury.dr.effective, burn.injury.injury, man.state.hp) == (0, 6, 18)
    torso = lodge_hot_fragment(vic).with_state(hot_fragment_seconds=9)
    _, burn = hot_fragment_second(torso, ScriptedDice([6]))
    assert burn is not None
    assert (burn.injury.dr.effective, burn.injury.injury) == (15, 0)


# --------------------------------------------------------------------------- R15.8 cover


def test_r15_8_fragments_stopped_by_the_cover_neither_lodge_nor_push() -> None:
    """Behind a DR 50 wall: the blast's 1 and its burn do nothing; the fragment (3d 9,
    torso) of 12 cut strikes the wall and stops there. It never reached him: no hot
    fragment lodges (R15.13), and no knockback (R7.14), so no roll to keep his footing."""
    cid = sheet("Cid", dr=1, st=10)
    target = BlastTarget(combatant_id="c", distance=1, cover=BlastCover.FULL, cover_dr=50)
    roller = ScriptedDice([1, 1, 1, 5, 5, 5, 3, 3, 3, 4, 4, 4])
    outcome = detonate(plan("3d cr ex [3d]", target, hot=True), {"c": cid}, roller)
    assert roller.remaining == 0
    [result] = outcome.targets
    fragment = result.hits[-1]
    assert (fragment.kind, fragment.struck_cover, fragment.injury.basic_damage) == (
        HitKind.FRAGMENT,
        True,
        12,
    )
    assert fragment.injury.knockback is None
    assert (result.hot_fragments, result.combatant.state.hot_fragment_ticks) == (False, 0)
    assert "R15.13" not in outcome.rule_ids


def test_r15_8_a_fragment_through_the_cover_lodges_where_it_struck() -> None:
    """DR 10 cover: the first fragment (6 cut, torso) stops in it; the second (3d 8, the
    right arm) of 17 gets 7 through, against his DR 1: 6 × 1.5 = 9. That one lodges, in the
    arm (R15.13)."""
    cid = sheet("Cid", dr=1, st=10, hp=20)
    target = BlastTarget(combatant_id="c", distance=1, cover=BlastCover.FULL, cover_dr=10)
    dice = [1, 1, 1, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2, 3, 3, 6, 6, 5]
    roller = ScriptedDice(dice)
    outcome = detonate(plan("3d cr ex [3d]", target, hot=True), {"c": cid}, roller)
    assert roller.remaining == 0
    [result] = outcome.targets
    first, second = result.hits[-2:]
    assert (first.struck_cover, first.injury.injury) == (True, 0)
    assert (second.struck_cover, second.injury.dr.effective, second.injury.injury) == (True, 11, 9)
    state = result.combatant.state
    assert (result.hot_fragments, state.hot_fragment_location) == (True, HitLocation.ARM)


def test_r7_14_knockback_reads_only_what_got_through_the_cover() -> None:
    """16 crushing on ST 10 is 2 m of knockback (16 // 8); with 8 of it stopped in cover
    before him (R15.6, R15.8), 8 reaches him: 1 m."""
    man = sheet("Man", st=10, hp=40)
    full = apply_hit(
        man, DamageSpec(basic_damage=16, damage_type=DamageType.CR), ScriptedDice([3, 3, 3])
    )
    half = apply_hit(
        man,
        DamageSpec(basic_damage=16, damage_type=DamageType.CR, knockback_damage=8),
        ScriptedDice([3, 3, 3]),
    )
    assert full.knockback is not None
    assert full.knockback.metres == 2
    assert half.knockback is not None
    assert half.knockback.metres == 1


# --------------------------------------------------------------------------- R15.7 + R15.8


def test_r15_7_the_one_it_went_off_inside_takes_a_fragment_with_no_dr() -> None:
    """R15.8: a direct hit takes a fragment; gone off inside him (R15.7) his DR 6 does not
    count against it either. 1d [3]: the blast 3 × 3 = 9 to the vitals, +1 burning, then the
    fragment (3d 9, torso) of 5 cut: 5 × 1.5 = 7. 17 in all; a hot one lodges in him."""
    drake = sheet("Drake", dr=6, hp=40, ht=12)
    target = BlastTarget(combatant_id="d", distance=0, role=BlastRole.INTERNAL)
    roller = ScriptedDice([3, 3, 3, 3, 5])
    outcome = detonate(plan("1d cr ex [1d]", target, hot=True), {"d": drake}, roller)
    assert roller.remaining == 0
    [result] = outcome.targets
    assert [h.kind for h in result.hits] == [HitKind.BLAST, HitKind.INCENDIARY, HitKind.FRAGMENT]
    fragment = result.hits[-1].injury
    assert (fragment.dr.effective, fragment.injury) == (0, 7)
    assert (result.fragments, result.injury, result.hot_fragments) == (1, 17, True)
    assert {"R15.7", "R15.8", "R15.13"} <= set(outcome.rule_ids)


# --------------------------------------------------------------------------- R15.1 swarms


def test_r15_1_a_swarm_in_the_blast_takes_its_burning_too() -> None:
    """6d = 11 at 1 m: 11 // 3 = 3 crushing, and the blast's +1 burning (R15.1, R10.2): 4
    toward the rats' 6 (an area attack, no diffuse cap, R14.3)."""
    encounter = fight(preset_sheet("Rat", SwarmKind.RATS), sheet("Ana"))
    blast = plan_explosion(encounter, 1, "6d cr ex", [("Rat", 1), ("Ana", 8)])
    encounter, result = detonate_plan(encounter, blast, ScriptedDice([2, 1, 3, 1, 1, 3]))
    [rats] = result.swarms
    assert [(p.source, p.counted) for p in rats.packets] == [("weapon", 3), ("incendiary", 1)]
    assert (rats.total, rats.damage_after, rats.dispersed) == (4, 4, False)


# --------------------------------------------------------------------------- the plan


def test_r15_options_that_make_no_sense_alone_are_refused() -> None:
    """R15.7: internal without the one it went off inside; R15.8: a cover nobody is behind;
    R15.1, R15.6: the one hit directly or lying on it named again in targets."""
    encounter = fight(sheet("Ana"), sheet("Bob"))

    def refused(**extra: Any) -> str:
        targets = extra.pop("targets", [("Ana", 2)])
        with pytest.raises(RuleError) as caught:
            plan_explosion(encounter, 1, "3d cr ex", targets, **extra)
        return caught.value.key

    assert refused(internal=True) == "explosion.internal_needs_direct"
    assert refused(cover_dr=5) == "explosion.cover_without_behind"
    assert refused(cover=BlastCover.HALF) == "explosion.cover_without_behind"
    assert refused(direct="Ana", targets=[("Ana", 1)]) == "explosion.twice_direct"
    assert refused(direct="Ana", internal=True, targets=[("Ana", 1)]) == "explosion.twice_direct"
    assert refused(smothered_by="Ana", targets=[("Ana", 1)]) == "explosion.twice_smothered"
    assert refused(targets=[("Ana", 1), ("Bob", 2), ("ana", 3)]) == "explosion.twice"


# --------------------------------------------------------------------------- R14.4


def test_r14_4_bees_let_go_past_fifty_metres_even_by_a_fraction() -> None:
    """50.5 m is past 50 m: the bees give up, and say so; for rats the distance is noted as
    not mattering."""
    encounter = fight(preset_sheet("Bee", SwarmKind.BEES), preset_sheet("Rat", SwarmKind.RATS))
    bees = encounter.get("1").combatant.swarm
    rats = encounter.get("2").combatant.swarm
    assert bees is not None
    assert rats is not None
    gone = hive_release(bees, 50.5)
    assert gone is not None
    assert (gone.gave_up, gone.metres, gone.limit) == (True, 50.5, 50)
    held = hive_release(bees, 50)
    assert held is not None
    assert (held.gave_up, held.metres) == (False, 50)
    free = hive_release(rats, 10.0)
    assert free is not None
    assert (free.gave_up, free.metres, free.limit) == (False, 10, None)
    assert gone.rule_id == "R14.4"
    assert hive_release(bees, None) is None
