"""Throughput of the damage pipeline: ``rules.injury.apply_hit`` outcomes per second.

Builds a mixed batch of hits (every damage type, every hit location an attack of
that type can reach, armor from none to heavy, rigid and flexible, chinks,
armor divisors, large-area hits, targets with and without Injury Tolerance and
pain thresholds, some already hurt) and applies each one, rolling every HT,
death, windpipe and knockback roll with a seeded ``RandomDice``. The batch is
built before timing; the clock covers only ``apply_hit``. Prints the best of
``--repeat`` passes.

    .venv/bin/python benchmarks/bench_injury.py [--count 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from fractions import Fraction

from rules.combatant import Armor, Combatant, HitLocation, Side, Trait
from rules.damage import DamageSpec, DamageType
from rules.hit_location import can_target
from rules.injury import InjuryOutcome, apply_hit
from rules.roller import RandomDice

GOAL_PER_SECOND = 100_000


def _targets() -> list[Combatant]:
    plain = Combatant.create(name="Peasant", attributes={"st": 10, "dx": 10, "ht": 10})
    knight = Combatant.create(
        name="Knight",
        attributes={"st": 13, "dx": 12, "ht": 12, "hp": 14},
        traits=[Trait.COMBAT_REFLEXES, Trait.HIGH_PAIN_THRESHOLD],
        male_humanoid=True,
        dr={
            "uniform": Armor(rigid=6, flexible=2),
            "overrides": {"face": 0, "skull": 7, "hand": 4, "foot": 4},
        },
        skills={"acrobatics": 11},
    )
    archer = Combatant.create(
        name="Archer",
        attributes={"st": 11, "dx": 14, "ht": 11},
        traits=[Trait.LOW_PAIN_THRESHOLD],
        dr={"uniform": Armor(flexible=2), "overrides": {"torso": Armor(flexible=4)}},
    )
    ogre = Combatant.create(
        name="Ogre",
        attributes={"st": 24, "dx": 10, "ht": 13, "hp": 30},
        dr={"uniform": 3},
        hard_to_kill=2,
    )
    golem = Combatant.create(
        name="Golem",
        attributes={"st": 20, "dx": 9, "ht": 14, "hp": 25},
        traits=[Trait.IT_HOMOGENEOUS],
        dr={"uniform": 5},
    )
    zombie = Combatant.create(
        name="Zombie",
        attributes={"st": 12, "dx": 9, "ht": 12},
        traits=[Trait.IT_UNLIVING, Trait.IT_NO_BRAIN],
    )
    padded = Combatant.create(
        name="Man-at-arms in heavy gambeson",
        attributes={"st": 11, "dx": 11, "ht": 11},
        dr={"uniform": Armor(flexible=8)},
    )
    hurt = plain.with_state(hp=2, shock_penalty=-2, shock_injury=2)
    dying = knight.with_state(hp=-10, death_checks_made=0)
    return [plain, knight, archer, padded, ogre, golem, zombie, hurt, dying]


def build_batch(count: int, seed: int = 20_261_129) -> list[tuple[Combatant, DamageSpec]]:
    """``count`` (target, hit) pairs drawn from a fixed seed."""
    rng = random.Random(seed)
    targets = _targets()
    types = list(DamageType)
    weights = [
        5,
        5,
        4,
        1,
        2,
        2,
        1,
        2,
        1,
        1,
        1,
    ]  # cr, cut, imp, pi-, pi, pi+, pi++, burn, cor, tox, fat
    locations = list(HitLocation)
    location_weights = [10, 2, 2, 1, 2, 1, 1, 3, 3, 1, 1]
    divisors = [Fraction(1)] * 8 + [Fraction(2), Fraction(5), Fraction(1, 2)]
    batch: list[tuple[Combatant, DamageSpec]] = []
    while len(batch) < count:
        target = rng.choice(targets)
        kind = rng.choices(types, weights)[0]
        location = rng.choices(locations, location_weights)[0]
        tight_beam = kind is DamageType.BURN and rng.random() < 0.3
        if not can_target(location, kind, tight_beam=tight_beam):
            location = HitLocation.TORSO
        large_area = rng.random() < 0.05
        exposed: tuple[HitLocation, ...] = ()
        if large_area and rng.random() < 0.3:
            exposed = (rng.choice([HitLocation.ARM, HitLocation.LEG, HitLocation.HAND]),)
        spec = DamageSpec(
            basic_damage=sum(rng.randint(1, 6) for _ in range(rng.randint(1, 4)))
            + rng.randint(-2, 4),
            damage_type=kind,
            armor_divisor=rng.choice(divisors),
            location=location,
            side=rng.choice([Side.RIGHT, Side.LEFT]),
            chinks_in_armor=rng.random() < 0.05,
            armor_ignored=location in (HitLocation.FACE, HitLocation.GROIN) and rng.random() < 0.5,
            large_area=large_area,
            exposed=exposed,
            tight_beam=tight_beam,
            knockback_bullet=kind is DamageType.PI and rng.random() < 0.2,
        )
        batch.append((target, spec))
    return batch


def run(batch: list[tuple[Combatant, DamageSpec]], seed: int) -> float:
    """Seconds to apply every hit; outcomes are dropped as a bot would after saving them."""
    dice = RandomDice(seed)
    start = time.perf_counter()
    for target, spec in batch:
        apply_hit(target, spec, dice)
    return time.perf_counter() - start


def outcomes_of(batch: list[tuple[Combatant, DamageSpec]], seed: int) -> list[InjuryOutcome]:
    """The outcomes themselves (untimed), for the summary of what the batch did."""
    dice = RandomDice(seed)
    return [apply_hit(target, spec, dice) for target, spec in batch]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    batch = build_batch(args.count)
    best = min(run(batch, seed=attempt) for attempt in range(args.repeat))
    rate = len(batch) / best
    outcomes = outcomes_of(batch, seed=0)
    rolls = sum(
        (o.knockdown is not None)
        + len(o.death_checks)
        + (o.trachea_roll is not None)
        + (o.decapitation_roll is not None)
        + (o.knockback is not None and o.knockback.balance_roll is not None)
        for o in outcomes
    )
    effects = Counter(
        name
        for o in outcomes
        for name, hit in (
            ("major wound", o.major_wound),
            ("crippled", o.crippled is not None),
            ("knocked down", o.knockdown is not None and o.knockdown.result != "resisted"),
            ("died", o.died),
            ("knockback", o.knockback is not None),
            ("blunt trauma", o.blunt_trauma > 0),
        )
        if hit
    )
    print(f"hits:            {len(batch):,}")
    print(f"best of {args.repeat}:       {best:.3f} s")
    print(
        f"outcomes/s:      {rate:,.0f}  (goal {GOAL_PER_SECOND:,}: "
        f"{'met' if rate >= GOAL_PER_SECOND else 'NOT met'})"
    )
    print(f"µs per outcome:  {best / len(batch) * 1e6:.2f}")
    print(f"3d6 rolls made:  {rolls:,} ({rolls / len(batch):.2f} per hit)")
    for name, seen in sorted(effects.items()):
        print(f"  {name:<14} {seen / len(batch):6.1%}")


if __name__ == "__main__":
    main()
