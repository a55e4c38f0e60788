"""An explosion in a fight: set off among the encounter's combatants (catalog section 15).

:mod:`rules.explosion` holds the numbers; this module places a blast in an
:class:`~rules.encounter.Encounter`:

1. :func:`plan_explosion` names the targets, each at the distance the GM gives, the one hit
   directly, a charge gone off inside someone (R15.7) or smothered by someone (R15.6);
2. while the plan waits on the encounter (:func:`set_pending`), whoever is in its reach may
   Dive for Cover (:func:`dive_for_cover`, R15.3, R15.10): a Dodge with every modifier of
   his state, spent like any defense;
3. :func:`detonate_pending` (or :func:`detonate_plan` for a blast nobody waits on) rolls it
   and applies every target's damage through the injury pipeline, then an injured aiming
   fighter's Will roll (R5.3): one new encounter, one change;
4. a hot fragment left in someone (R15.13) burns him with the rounds:
   :func:`tick_hot_fragments`, at each of his places an ``/encounter next`` passed (as
   :func:`rules.hazards.tick_passed` does for fire and breath).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.attack import AttackKind
from rules.combatant import Posture
from rules.damage import DamageType
from rules.defense import AttackContext, available_defenses, roll_defense
from rules.defense_resolution import defender_input, spend_dodge
from rules.encounter import Encounter
from rules.errors import RuleError
from rules.explosion import (
    INCENDIARY_DAMAGE,
    BlastCover,
    BlastRole,
    BlastTarget,
    DiveRecord,
    ExplosionOutcome,
    ExplosionPlan,
    HotFragmentBurn,
    Medium,
    collateral_damage,
    detonate,
    hot_fragment_second,
    parse_explosive,
    parse_fragments,
)
from rules.hazards import passed_places
from rules.maneuver import DefenseKind
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.strike import AimCheck, aim_after_injury
from rules.swarm import SwarmHit, hit_swarm
from rules.turn import TurnEvent

__all__ = [
    "ERROR_KEYS",
    "MAX_TARGETS",
    "BlastResult",
    "HotFragmentTick",
    "detonate_pending",
    "detonate_plan",
    "dive_for_cover",
    "parse_targets",
    "plan_explosion",
    "set_pending",
    "tick_hot_fragments",
]

ERROR_KEYS: Final = frozenset(
    {
        "explosion.bad_targets",  # text
        "explosion.no_targets",  # (none)
        "explosion.too_many_targets",  # maximum
        "explosion.twice",  # name
        "explosion.twice_direct",  # name
        "explosion.twice_smothered",  # name
        "explosion.internal_needs_direct",  # (none)
        "explosion.cover_without_behind",  # (none)
        "explosion.smothered_and_direct",  # smotherer
        "explosion.destroyed",  # name
        "explosion.pending",  # (none)
        "explosion.none_pending",  # (none)
        "explosion.cannot_dive",  # name
        "explosion.dove_already",  # name
        "explosion.cannot_defend",  # name
        "explosion.cover_not_nearby",  # name
        "explosion.cover_needs_dr",  # (none)
        "encounter.combatant.not_found",  # name
        "swarm.is_a_swarm",  # name
    }
)

MAX_TARGETS: Final = 20
"""A blast's targets each get a Dive for Cover button; a message holds 25."""


_TARGET: Final = re.compile(
    r"^(?P<name>.+?)\s*(?:[:=@]\s*(?P<given>\d+(?:\.\d+)?)\s*m?|\s+(?P<metres>\d+(?:\.\d+)?)\s*m)$",
    re.IGNORECASE,
)


def parse_targets(text: str) -> list[tuple[str, int]]:
    """``"Alice 1m, Orc 1 3m, Bob:8"``: names and distances in metres, separated by commas;
    a distance follows its name with ``m`` (``Orc 1 3m``), or after ``:``, ``=`` or ``@``.
    A fraction of a metre (``Bob 2.5m``, a point: the comma separates targets) counts as the
    next whole metre (R15.1's reading: distances rounded up)."""
    found: list[tuple[str, int]] = []
    for part in text.split(","):
        item = part.strip()
        if not item:
            continue
        match = _TARGET.match(item)
        if match is None or not match["name"].strip():
            raise RuleError(
                "explosion.bad_targets",
                f"cannot read {item!r}: write name and metres (Alice 3m), separated by commas",
                text=item,
            )
        metres = Fraction(match["given"] or match["metres"])
        found.append((match["name"].strip(), math.ceil(metres)))
    return found


def plan_explosion(
    encounter: Encounter,
    plan_id: int,
    damage: str,
    targets: Sequence[tuple[str, int]],
    *,
    direct: str | None = None,
    internal: bool = False,
    smothered_by: str | None = None,
    medium: Medium = Medium.AIR,
    airburst: bool = False,
    incidental: str | None = None,
    hot: bool = False,
    shelter: bool = False,
    covered: Sequence[str] = (),
    cover: BlastCover | None = None,
    cover_dr: int = 0,
) -> ExplosionPlan:
    """The blast the GM describes, checked against the fight: every name a combatant, none
    twice, none destroyed (a destroyed body takes no more damage, R7.5), a charge
    smothered by someone hits nobody directly (R15.6: he lies on it), and one gone off
    inside someone went off inside the one it hit, ``direct`` (R15.7). ``covered`` names
    the targets around it that are behind ``cover`` (all of them if not given) of
    ``cover_dr`` (R15.8, R15.11); a cover with nobody behind it is refused."""
    parse_explosive(damage)
    if internal and direct is None:
        raise RuleError(
            "explosion.internal_needs_direct", "an internal blast goes off inside `direct`"
        )
    if not covered and (cover is not None or cover_dr > 0):
        raise RuleError(
            "explosion.cover_without_behind", "a cover needs someone behind it (behind-cover)"
        )
    if direct is not None and smothered_by is not None:
        raise RuleError(
            "explosion.smothered_and_direct",
            "a smothered charge hits nobody directly",
            smotherer=encounter.find(smothered_by).name,
        )
    if incidental is not None:
        parse_fragments(incidental)
    placed: list[BlastTarget] = []
    seen: set[str] = set()
    first: dict[BlastRole, str] = {}

    def place(name: str, distance: int, role: BlastRole) -> None:
        fighter = encounter.find(name)
        if fighter.combatant_id in seen:
            key = "explosion.twice"
            if fighter.combatant_id == first.get(BlastRole.SMOTHERER):
                key = "explosion.twice_smothered"
            elif fighter.combatant_id in (
                first.get(BlastRole.DIRECT),
                first.get(BlastRole.INTERNAL),
            ):
                key = "explosion.twice_direct"
            raise RuleError(key, f"{fighter.name} is listed twice", name=fighter.name)
        if fighter.combatant.swarm is not None and role in (
            BlastRole.INTERNAL,
            BlastRole.SMOTHERER,
        ):
            raise RuleError(
                "swarm.is_a_swarm", f"{fighter.name} is a swarm (R14.3)", name=fighter.name
            )
        if fighter.combatant.state.destroyed:
            raise RuleError(
                "explosion.destroyed", f"{fighter.name} is destroyed", name=fighter.name
            )
        seen.add(fighter.combatant_id)
        first.setdefault(role, fighter.combatant_id)
        placed.append(BlastTarget(combatant_id=fighter.combatant_id, distance=distance, role=role))

    if direct is not None:
        place(direct, 0, BlastRole.INTERNAL if internal else BlastRole.DIRECT)
    if smothered_by is not None:
        place(smothered_by, 0, BlastRole.SMOTHERER)
    for name, distance in targets:
        place(name, distance, BlastRole.NEARBY)
    if covered and cover_dr <= 0:
        raise RuleError("explosion.cover_needs_dr", "give the cover's DR")
    for name in covered:
        fighter = encounter.find(name)
        index = next(
            (
                i
                for i, t in enumerate(placed)
                if t.combatant_id == fighter.combatant_id and t.role is BlastRole.NEARBY
            ),
            None,
        )
        if index is None:
            raise RuleError(
                "explosion.cover_not_nearby",
                f"{fighter.name} is not one of the targets around it",
                name=fighter.name,
            )
        placed[index] = placed[index].model_copy(
            update={"cover": cover or BlastCover.FULL, "cover_dr": cover_dr}
        )
    if not placed:
        raise RuleError("explosion.no_targets", "an explosion needs at least one target")
    if len(placed) > MAX_TARGETS:
        raise RuleError(
            "explosion.too_many_targets",
            f"at most {MAX_TARGETS} targets",
            maximum=MAX_TARGETS,
        )
    return ExplosionPlan(
        plan_id=plan_id,
        damage=damage.strip(),
        targets=tuple(placed),
        medium=medium,
        airburst=airburst,
        incidental=incidental.strip() if incidental else None,
        hot=hot,
        shelter=shelter,
    )


def divers(encounter: Encounter, plan: ExplosionPlan) -> tuple[BlastTarget, ...]:
    """Who may still Dive for Cover: in its reach, not yet dived, able to defend (R15.3)."""
    found: list[BlastTarget] = []
    for target in plan.targets:
        if not plan.may_dive(target) or plan.dive_of(target.combatant_id) is not None:
            continue
        fighter = encounter.get(target.combatant_id)
        if (
            fighter.combatant.swarm is None
            and defender_input(fighter.combatant, fighter.turn).can_defend
        ):
            found.append(target)
    return tuple(found)


def set_pending(encounter: Encounter, plan: ExplosionPlan) -> Encounter:
    """The blast waits on the encounter for the Dives for Cover; one at a time."""
    if encounter.pending_explosion is not None:
        raise RuleError("explosion.pending", "another explosion is waiting to go off")
    return encounter.model_copy(update={"pending_explosion": plan})


def _pending(encounter: Encounter, plan_id: int | None) -> ExplosionPlan:
    plan = encounter.pending_explosion
    if plan is None or (plan_id is not None and plan.plan_id != plan_id):
        raise RuleError("explosion.none_pending", "no explosion is waiting to go off")
    return plan


def dive_for_cover(
    encounter: Encounter,
    combatant_id: str,
    roller: DiceRoller,
    options: RuleOptions | None = None,
    *,
    plan_id: int | None = None,
) -> tuple[Encounter, DiveRecord]:
    """R15.3, R15.10: a Dodge against the waiting blast, with every modifier of his state
    (posture, stun, reeling …, A.4), spent like any defense. Success drops him prone (the
    catalog's reading: a metre farther, behind the shelter if there is one)."""
    rules = options if options is not None else RuleOptions()
    plan = _pending(encounter, plan_id)
    fighter = encounter.get(combatant_id)
    target = next((t for t in plan.targets if t.combatant_id == combatant_id), None)
    if target is None or not plan.may_dive(target):
        raise RuleError(
            "explosion.cannot_dive", f"{fighter.name} is not in reach", name=fighter.name
        )
    if plan.dive_of(combatant_id) is not None:
        raise RuleError("explosion.dove_already", f"{fighter.name} dove already", name=fighter.name)
    defender = defender_input(fighter.combatant, fighter.turn, options=rules)
    if not defender.can_defend:
        raise RuleError(
            "explosion.cannot_defend", f"{fighter.name} cannot defend", name=fighter.name
        )
    dodge = available_defenses(defender, AttackContext(kind=AttackKind.thrown), rules).find(
        DefenseKind.dodge
    )
    rolled = roll_defense(dodge, roller, rules)
    record = DiveRecord(
        combatant_id=combatant_id,
        dodge=rolled.target,
        faces=rolled.roll.faces,
        total=rolled.roll.total,
        success=rolled.success,
    )
    sheet = fighter.combatant
    if record.success:
        sheet = sheet.with_state(posture=Posture.PRONE)
    updated = fighter.model_copy(update={"combatant": sheet, "turn": spend_dodge(fighter.turn)})
    plan = plan.model_copy(update={"dives": (*plan.dives, record)})
    return encounter.replace(updated).model_copy(update={"pending_explosion": plan}), record


class BlastResult(BaseModel):
    """The blast, the Will rolls of the aiming fighters it injured (R5.3), and what it did
    to the swarms in its reach (R14.3, R14.7)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    outcome: ExplosionOutcome
    aims: dict[str, AimCheck]
    swarms: tuple[SwarmHit, ...] = ()
    names: dict[str, str] = {}
    """The fighters' names by id, as the fight had them after the blast."""

    def detail(self) -> dict[str, object]:
        """What the event log keeps: the damage, each target's injury, the swarms hit."""
        return {
            "damage": self.outcome.damage,
            "impact": self.outcome.impact,
            "targets": [
                {"name": self.names.get(t.combatant_id, t.combatant_id), "injury": t.injury}
                for t in self.outcome.targets
            ],
            "swarms": [hit.detail() for hit in self.swarms],
        }


def detonate_plan(
    encounter: Encounter,
    plan: ExplosionPlan,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> tuple[Encounter, BlastResult]:
    """Set ``plan`` off: every target's damage (:func:`rules.explosion.detonate`), then an
    injured aiming fighter's Will roll (R5.3); the encounter takes every new state."""
    rules = options if options is not None else RuleOptions()
    present = {c.combatant_id: c.combatant for c in encounter.combatants}
    # Whoever left the fight while the blast waited is out of its reach too.
    reached = [t for t in plan.targets if t.combatant_id in present]
    swarms = [t for t in reached if present[t.combatant_id].swarm is not None]
    people = plan.model_copy(update={"targets": tuple(t for t in reached if t not in swarms)})
    sheets = {t.combatant_id: present[t.combatant_id] for t in people.targets}
    outcome = detonate(people, sheets, roller, rules)
    aims: dict[str, AimCheck] = {}
    updated = []
    for result in outcome.targets:
        fighter = encounter.get(result.combatant_id)
        sheet = result.combatant
        if result.hot_fragments and encounter.turn_to_come(result.combatant_id):
            # R15.13: the 10 s count from the blast; his place still to come this round is
            # still the blast's second (a round is a second, R4.1), not the first after it.
            sheet = sheet.with_state(hot_fragment_seconds=-1)
        turn, aim = aim_after_injury(sheet, fighter.turn, result.injury, roller, rules)
        if aim is not None:
            aims[result.combatant_id] = aim
        updated.append(fighter.model_copy(update={"combatant": sheet, "turn": turn}))
    after = encounter.replace(*updated).model_copy(update={"pending_explosion": None})
    return _blast_swarms(after, plan, swarms, outcome, aims, roller, rules)


def _blast_swarms(  # noqa: PLR0917 - the blast's results, handed on
    encounter: Encounter,
    plan: ExplosionPlan,
    swarms: Sequence[BlastTarget],
    outcome: ExplosionOutcome,
    aims: dict[str, AimCheck],
    roller: DiceRoller,
    options: RuleOptions,
) -> tuple[Encounter, BlastResult]:
    """R14.3: a blast hits the swarms in its radius too, as an area attack (no diffuse cap):
    the impact on the one hit directly, the collateral damage on the others, toward their
    dispersal or a horde's next hex (R14.7)."""
    explosive = plan.explosive()
    hits: list[SwarmHit] = []
    for target in swarms:
        if target.role is BlastRole.DIRECT:
            share = outcome.impact
        elif target.distance <= outcome.radius:
            share = collateral_damage(outcome.impact, target.distance, plan.medium)
        else:
            share = 0
        if share <= 0:
            continue
        encounter, hit = hit_swarm(
            encounter,
            target.combatant_id,
            amount=share,
            damage_type=explosive.damage_type,
            area=True,
            # R15.1 with R10.2: every blast is incendiary, +1 burning to whatever it damages.
            incendiary=INCENDIARY_DAMAGE if explosive.damage_type is not DamageType.BURN else 0,
            roller=roller,
            options=options,
        )
        hits.append(hit)
    names = {c.combatant_id: c.name for c in encounter.combatants}
    return encounter, BlastResult(outcome=outcome, aims=aims, swarms=tuple(hits), names=names)


def detonate_pending(
    encounter: Encounter,
    roller: DiceRoller,
    options: RuleOptions | None = None,
    *,
    plan_id: int | None = None,
) -> tuple[Encounter, BlastResult]:
    """Set off the blast waiting on the encounter, with the Dives for Cover made."""
    return detonate_plan(encounter, _pending(encounter, plan_id), roller, options)


class HotFragmentTick(BaseModel):
    """A hot fragment's burn on one fighter, at his place in a round (R15.13)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    combatant_id: str
    name: str
    round: int
    burn: HotFragmentBurn

    def summary(self) -> dict[str, object]:
        """What the event log keeps of it."""
        return {
            "name": self.name,
            "round": self.round,
            "damage": self.burn.damage,
            "injury": self.burn.injury.injury,
            "left": self.burn.left,
        }


def tick_hot_fragments(
    encounter: Encounter,
    events: Sequence[TurnEvent],
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> tuple[Encounter, tuple[HotFragmentTick, ...]]:
    """R15.13: a second passes for every fighter whose place ``events`` passed (a round is a
    second, R4.1); a lodged hot fragment burns on every 10th of his seconds, 6 times in
    all (:func:`rules.explosion.hot_fragment_second`)."""
    ticks: list[HotFragmentTick] = []
    for round_, combatant_id in passed_places(events):
        fighter = encounter.get(combatant_id)
        if fighter.combatant.state.hot_fragment_ticks <= 0:
            continue
        sheet, burn = hot_fragment_second(fighter.combatant, roller, options)
        encounter = encounter.replace(fighter.with_sheet(sheet))
        if burn is not None:
            ticks.append(
                HotFragmentTick(
                    combatant_id=combatant_id, name=fighter.name, round=round_, burn=burn
                )
            )
    return encounter, tuple(ticks)
