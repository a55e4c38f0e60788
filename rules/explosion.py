"""Explosions and fragmentation (catalog section 15, R15.1-R15.15).

The numbers of a blast, each a pure function:

- radius and collateral damage: 2 m per die (6d×2 counts as 12 dice), the impact damage
  ÷ (3 × metres) in air, ÷ metres under water, ÷ (10 × metres) in vacuum, rounded down
  (R15.1, R15.4, R15.5);
- the direct hit takes the impact damage with the armor divisor; everyone else the
  collateral against his full torso DR (R15.2); a swallowed charge meets no DR and hits
  the vitals, ×3 (R15.7); whoever smothers it takes the maximum damage, and gives everyone
  else his torso DR + HP as cover (R15.6); every blast is incendiary, +1 burning to whoever
  it damages (R15.1, R10.2);
- fragments reach 5 m per fragmentation die; the direct target takes one, everyone else in
  reach is attacked at skill 15 + distance + posture + SM, and every 3 points of success
  add a fragment; each fragment is cutting damage with no armor divisor on a random hit
  location (R15.8, R15.9), and one landing on a location behind the target's cover strikes
  the cover first, its DR on top of his (R15.8); an airburst ignores posture, and only
  cover over his head stands in its way (R15.11); loose ground throws
  1d-4 to 1d fragments, one die's reach (R15.12); hot fragments burn 1d(0.2) every 10
  seconds for a minute (R15.13);
- Dive for Cover is the one defense (R15.3, R15.10): a Dodge; who makes it drops prone a
  metre farther away, and avoids the blast entirely with safe shelter in reach;
- throwing at a spot is +4 (R15.14), and a miss scatters by the margin, at most half the
  distance, in a direction of 1d (R15.15).

:func:`detonate` applies a planned blast (:class:`ExplosionPlan`) to the combatants given,
every hit through :func:`rules.injury.apply_hit`, and returns every roll and injury.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.body import Side
from rules.checks import SuccessRoll, success_roll
from rules.combatant import Armor, Combatant, DRProfile, HitLocation, Posture
from rules.damage import DamageSpec, DamageType, WeaponDamage, parse_damage
from rules.dice import DiceExpression
from rules.errors import RuleError
from rules.fire import INCENDIARY_EXTRA
from rules.hit_location import RandomHitLocation, random_hit_location
from rules.injury import InjuryOutcome, apply_hit
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.size_range import speed_range_modifier

__all__ = [
    "AREA_ATTACK_BONUS",
    "ERROR_KEYS",
    "FRAGMENT_SKILL",
    "AreaThrow",
    "BlastCover",
    "BlastHit",
    "BlastRole",
    "BlastTarget",
    "DiveRecord",
    "ExplosionOutcome",
    "ExplosionPlan",
    "FragmentAttack",
    "HitKind",
    "HotFragmentBurn",
    "Medium",
    "Scatter",
    "TargetBlast",
    "blast_dice",
    "blast_radius",
    "collateral_damage",
    "covered_locations",
    "detonate",
    "fragment_attack",
    "fragment_hits",
    "fragment_posture_modifier",
    "fragment_radius",
    "hot_fragment_second",
    "hot_fragment_spec",
    "lodge_hot_fragment",
    "parse_explosive",
    "parse_fragments",
    "scatter",
    "targets_in_reach",
    "throw_at_area",
]

ERROR_KEYS: Final = frozenset(
    {
        "explosion.not_explosive",  # text
        "explosion.bad_damage",  # text
        "dice.too_many_dice",  # count, maximum
        "explosion.bad_fragments",  # text
        "explosion.bad_distance",  # value
        "explosion.bad_margin",  # value
        "damage.syntax",  # text
        "damage.missing_type",  # text
        "damage.unknown_type",  # found
        "damage.bad_armor_divisor",  # found
    }
)

FRAGMENT_SKILL: Final = 15
"""R15.8: fragments attack everyone in reach at skill 15."""
FRAGMENT_METRES_PER_DIE: Final = 5
BLAST_METRES_PER_DIE: Final = 2
AREA_ATTACK_BONUS: Final = 4
"""R15.14: aiming an explosive at a spot on the ground instead of at a target."""
INCENDIARY_DAMAGE: Final = INCENDIARY_EXTRA
"""R15.1 with R10.2: an explosion is incendiary, 1 more point of burning damage."""
HOT_FRAGMENT_TICKS: Final = 6
"""R15.13: every 10 seconds for one minute."""
HOT_FRAGMENT_DIVISOR: Final = Fraction(1, 5)
HOT_FRAGMENT_SECONDS: Final = 10
"""R15.13: a hot fragment burns once every 10 seconds."""
HOT_FRAGMENT_DICE: Final = DiceExpression.of(1)
MAX_DISTANCE: Final = 100_000


class Medium(StrEnum):
    """Where the blast goes off: what the collateral damage is divided by (R15.1, R15.4,
    R15.5)."""

    AIR = "air"
    WATER = "water"
    VACUUM = "vacuum"


COLLATERAL_DIVISORS: Final[dict[Medium, int]] = {
    Medium.AIR: 3,  # R15.1: impact damage ÷ (3 × distance)
    Medium.WATER: 1,  # R15.4: ÷ distance
    Medium.VACUUM: 10,  # R15.5: ÷ (10 × distance)
}
_MEDIUM_RULE: Final[dict[Medium, str]] = {
    Medium.AIR: "R15.1",
    Medium.WATER: "R15.4",
    Medium.VACUUM: "R15.5",
}


# --------------------------------------------------------------------------- the numbers


def parse_explosive(text: str) -> WeaponDamage:
    """An explosive's damage, ``3d cr ex [1d]`` (R15.8's notation); ``ex`` may be left out,
    the command says it is an explosion. Only dice: the blast needs its dice count. Text
    that is no damage at all is refused with an explosive's example (``explosion.bad_damage``);
    too many dice with the limit (``dice.too_many_dice``)."""
    try:
        damage = parse_damage(text)
    except RuleError as exc:
        if exc.key != "damage.syntax":
            raise
        raise RuleError(
            "explosion.bad_damage", f"cannot read the explosive's damage {text!r}", text=text
        ) from exc
    if damage.dice is None or not damage.dice.groups:
        raise RuleError(
            "explosion.not_explosive", f"an explosion's damage is dice, not {text!r}", text=text
        )
    return damage


def parse_fragments(text: str) -> DiceExpression:
    """Fragment dice typed on their own (R15.12's ``1d-4`` … ``1d``), brackets optional."""
    cleaned = text.strip().removeprefix("[").removesuffix("]").strip()
    try:
        expression = DiceExpression.parse(cleaned)
    except RuleError as exc:
        raise RuleError(
            "explosion.bad_fragments", f"cannot read the fragments {text!r}", text=text
        ) from exc
    if not expression.groups:
        raise RuleError("explosion.bad_fragments", f"fragments are dice, not {text!r}", text=text)
    return expression


def blast_dice(expression: DiceExpression) -> int:
    """The dice a blast counts for its radius: 6d×2 counts as 12 (R15.1)."""
    return expression.dice_count * expression.multiplier


def blast_radius(expression: DiceExpression) -> int:
    """R15.1: collateral damage reaches 2 m per die (6d×2 → 24 m)."""
    return BLAST_METRES_PER_DIE * blast_dice(expression)


def fragment_radius(expression: DiceExpression) -> int:
    """R15.8: fragments reach 5 m per fragmentation die ([2d] → 10 m; R15.12's 1d-4 → 5 m)."""
    return FRAGMENT_METRES_PER_DIE * blast_dice(expression)


def _check_distance(distance: int) -> None:
    if not 0 <= distance <= MAX_DISTANCE:
        raise RuleError(
            "explosion.bad_distance",
            f"a distance is 0 to {MAX_DISTANCE} m, not {distance}",
            value=distance,
        )


def collateral_damage(impact: int, distance: int, medium: Medium = Medium.AIR) -> int:
    """The damage ``distance`` metres from the point of impact, rounded down: ÷ (3 × m) in
    air, ÷ m under water, ÷ (10 × m) in vacuum (R15.1, R15.4, R15.5). Anyone closer than a
    metre who was not hit directly counts as 1 m away (the catalog's reading)."""
    _check_distance(distance)
    return max(0, impact) // (COLLATERAL_DIVISORS[medium] * max(1, distance))


def fragment_posture_modifier(posture: Posture, *, airburst: bool = False) -> int:
    """R15.8 with the cover table's posture rows: lying or crawling -4, crouching, kneeling
    or sitting -2, standing 0. An airburst ignores posture (R15.11)."""
    if airburst:
        return 0
    if posture in (Posture.PRONE, Posture.LYING_FACE_UP, Posture.CRAWLING):
        return -4
    if posture in (Posture.CROUCHING, Posture.KNEELING, Posture.SITTING):
        return -2
    return 0


def fragment_hits(roll: SuccessRoll) -> int:
    """R15.8: a hit, and one more fragment for every full 3 points the roll succeeded by."""
    if not roll.succeeded:
        return 0
    return 1 + max(0, roll.margin) // 3


class FragmentAttack(BaseModel):
    """R15.8's attack roll on one target: skill 15 and its modifiers, the roll, the hits."""

    model_config = ConfigDict(frozen=True)

    distance_modifier: int
    posture_modifier: int
    size_modifier: int
    effective: int
    roll: SuccessRoll
    hits: int


def fragment_attack(
    distance: int,
    posture: Posture,
    size_modifier: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
    *,
    airburst: bool = False,
) -> FragmentAttack:
    """Roll the fragments' attack on someone ``distance`` m away (R15.8, R15.11)."""
    _check_distance(distance)
    distance_mod = speed_range_modifier(distance)
    posture_mod = fragment_posture_modifier(posture, airburst=airburst)
    effective = FRAGMENT_SKILL + distance_mod + posture_mod + size_modifier
    roll = success_roll(effective, roller, options or RuleOptions())
    return FragmentAttack(
        distance_modifier=distance_mod,
        posture_modifier=posture_mod,
        size_modifier=size_modifier,
        effective=effective,
        roll=roll,
        hits=fragment_hits(roll),
    )


def hot_fragment_spec(
    rolled: int, location: HitLocation = HitLocation.TORSO, side: Side = Side.RIGHT
) -> DamageSpec:
    """R15.13: one tick of a hot fragment, 1d(0.2) burning (DR ×5), where it lodged (the
    random location it struck, R15.8): the DR there, ×5."""
    return DamageSpec(
        basic_damage=rolled,
        damage_type=DamageType.BURN,
        armor_divisor=HOT_FRAGMENT_DIVISOR,
        location=location,
        side=side,
    )


class HotFragmentBurn(BaseModel):
    """One burn of a hot fragment lodged in someone (R15.13)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    faces: tuple[int, ...]
    damage: int
    injury: InjuryOutcome
    left: int
    """Burns still to come after this one."""
    rule_id: str = "R15.13"


def lodge_hot_fragment(
    sheet: Combatant,
    location: HitLocation = HitLocation.TORSO,
    side: Side = Side.RIGHT,
) -> Combatant:
    """R15.13: a hot fragment lodged in his ``location`` burns 6 times, one every 10 s, from
    now on (a second one starts the minute again)."""
    return sheet.with_state(
        hot_fragment_ticks=HOT_FRAGMENT_TICKS,
        hot_fragment_seconds=0,
        hot_fragment_location=location,
        hot_fragment_side=side,
    )


def hot_fragment_second(
    sheet: Combatant, roller: DiceRoller, options: RuleOptions | None = None
) -> tuple[Combatant, HotFragmentBurn | None]:
    """One second of his lodged hot fragment (R15.13): every 10th second since it lodged or
    last burned, 1d(0.2) burning (the DR ×5 where it lodged) through the injury pipeline.
    Dice: the 1d, then the injury pipeline's own rolls."""
    state = sheet.state
    if state.hot_fragment_ticks <= 0 or state.dead or state.destroyed:
        return sheet, None
    seconds = state.hot_fragment_seconds + 1
    if seconds < HOT_FRAGMENT_SECONDS:
        return sheet.with_state(hot_fragment_seconds=seconds), None
    rolled = HOT_FRAGMENT_DICE.roll(roller)
    damage = max(0, rolled.total)
    spec = hot_fragment_spec(damage, state.hot_fragment_location, state.hot_fragment_side)
    outcome = apply_hit(sheet, spec, roller, options or RuleOptions())
    left = state.hot_fragment_ticks - 1
    after = outcome.state.model_copy(update={"hot_fragment_ticks": left, "hot_fragment_seconds": 0})
    burn = HotFragmentBurn(faces=rolled.dice, damage=damage, injury=outcome, left=left)
    return sheet.with_state(after), burn


class Scatter(BaseModel):
    """Where a missed explosive lands (R15.15): how far from the target, and which way."""

    model_config = ConfigDict(frozen=True)

    metres: int
    direction_face: int
    """1d: 1 straight ahead, 2 60° right, … clockwise (the table of R15.15)."""
    degrees: int
    squared: bool
    dodged: bool
    rule_id: str = "R15.15"


def scatter(
    margin: int,
    distance: int,
    roller: DiceRoller,
    *,
    dodged: bool = False,
    special: bool = False,
) -> Scatter:
    """R15.15: a miss lands 1 m per point of the margin of failure (or the dodger's margin of
    success), at most half the distance to the target, rounded up; against a flying or
    submerged target, or with Artillery or Dropping on a foe he cannot see, the square of
    the margin, uncapped (the catalog's reading), unless the target dodged. Then 1d: 1 is
    the thrower's facing, each point more 60° clockwise."""
    if margin < 0:
        raise RuleError(
            "explosion.bad_margin", f"a margin is 0 or more, not {margin}", value=margin
        )
    _check_distance(distance)
    squared = special and not dodged
    metres = margin * margin if squared else min(margin, math.ceil(distance / 2))
    face = roller.roll_die(6)
    return Scatter(
        metres=metres,
        direction_face=face,
        degrees=(face - 1) * 60,
        squared=squared,
        dodged=dodged,
    )


class AreaThrow(BaseModel):
    """R15.14 and R15.15: an explosive thrown at a spot on the ground, where it lands."""

    model_config = ConfigDict(frozen=True)

    skill: int
    modifier: int
    effective: int
    roll: SuccessRoll
    scatter: Scatter | None
    """Where a miss landed instead; ``None`` on a hit."""
    rule_ids: tuple[str, ...]


def throw_at_area(
    skill: int,
    distance: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
    modifier: int = 0,
    *,
    special: bool = False,
) -> AreaThrow:
    """R15.14: aimed at the spot instead of a target, +4 (and the only defense left to those
    around it is a Dive for Cover). A miss scatters (R15.15): dice, in order, the 3d of the
    throw, then the 1d of the direction."""
    effective = skill + AREA_ATTACK_BONUS + modifier
    roll = success_roll(effective, roller, options or RuleOptions())
    landed: Scatter | None = None
    rule_ids = ["R15.14"]
    if not roll.succeeded:
        landed = scatter(max(0, -roll.margin), distance, roller, special=special)
        rule_ids.append("R15.15")
    return AreaThrow(
        skill=skill,
        modifier=modifier,
        effective=effective,
        roll=roll,
        scatter=landed,
        rule_ids=tuple(rule_ids),
    )


# --------------------------------------------------------------------------- the plan


class BlastRole(StrEnum):
    """How a target meets the blast (translation-key suffixes)."""

    DIRECT = "direct"
    """Hit by the attack itself: the impact damage with its armor divisor and one fragment
    (R15.1, R15.2, R15.8)."""
    INTERNAL = "internal"
    """The charge went off inside him: no DR, ×3 (R15.7)."""
    SMOTHERER = "smotherer"
    """He threw himself on it: its maximum damage (R15.6)."""
    NEARBY = "nearby"
    """Somewhere around: collateral damage and fragments by distance."""


class BlastCover(StrEnum):
    """What stands between a target and the blast, and what it hides (translation-key
    suffixes): :func:`covered_locations`."""

    FULL = "full"
    """Wholly behind it: every location."""
    HEAD_EXPOSED = "head_exposed"
    """Only the head and neck show over it."""
    HALF = "half"
    """The lower half hidden: groin, legs and feet."""
    OVERHEAD = "overhead"
    """A roof over him: every location, against an airburst only (R15.11)."""


_EXPOSED_HEAD: Final = frozenset(
    {HitLocation.SKULL, HitLocation.FACE, HitLocation.EYE, HitLocation.NECK}
)
_COVERED: Final[dict[BlastCover, frozenset[HitLocation]]] = {
    BlastCover.FULL: frozenset(HitLocation),
    BlastCover.HEAD_EXPOSED: frozenset(HitLocation) - _EXPOSED_HEAD,
    BlastCover.HALF: frozenset({HitLocation.GROIN, HitLocation.LEG, HitLocation.FOOT}),
    BlastCover.OVERHEAD: frozenset(HitLocation),
}


def covered_locations(cover: BlastCover, *, airburst: bool = False) -> frozenset[HitLocation]:
    """The hit locations ``cover`` hides from this blast (R15.8): against an airburst only
    cover over his head counts, and then all of him is under it (R15.11); a roof does
    nothing against a burst on the ground."""
    if (cover is BlastCover.OVERHEAD) is not airburst:
        return frozenset()
    return _COVERED[cover]


MAX_COVER_DR: Final = 10_000


class BlastTarget(BaseModel):
    """One combatant the blast may reach, and how far from the point of impact."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    combatant_id: str
    distance: int = Field(ge=0, le=MAX_DISTANCE)
    role: BlastRole = BlastRole.NEARBY
    cover: BlastCover | None = None
    """What he is behind (R15.8, R15.11), with its DR."""
    cover_dr: int = Field(default=0, ge=0, le=MAX_COVER_DR)


class DiveRecord(BaseModel):
    """A Dive for Cover (R15.3, R15.10): the Dodge rolled, and whether it worked."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    combatant_id: str
    dodge: int
    faces: tuple[int, int, int]
    total: int
    success: bool

    def detail(self, name: str) -> dict[str, object]:
        """What the event log keeps of the Dive by ``name``."""
        return {"name": name, **self.model_dump(mode="json")}


class ExplosionPlan(BaseModel):
    """A blast set off and waiting for the Dives for Cover before it goes off.

    Stored on the encounter (so it is saved and undone with the fight). ``plan_id``
    names it in its buttons; ``damage`` is the explosive's text (``3d cr ex [2d]``).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    plan_id: int
    damage: str
    targets: tuple[BlastTarget, ...]
    medium: Medium = Medium.AIR
    airburst: bool = False
    incidental: str | None = None
    """R15.12: fragments thrown by loose ground when the charge has none of its own."""
    hot: bool = False
    shelter: bool = False
    """Safe shelter is in reach: a successful Dive for Cover avoids the blast (R15.3)."""
    dives: tuple[DiveRecord, ...] = ()

    def detail(self) -> dict[str, object]:
        """What the event log keeps of the blast set to wait: the whole plan."""
        return {"plan": self.model_dump(mode="json")}

    def dive_of(self, combatant_id: str) -> DiveRecord | None:
        return next((d for d in self.dives if d.combatant_id == combatant_id), None)

    def explosive(self) -> WeaponDamage:
        return parse_explosive(self.damage)

    def fragments(self) -> DiceExpression | None:
        """The fragment dice: the charge's own ``[Nd]``, else the ground's (R15.8, R15.12)."""
        own = self.explosive().fragmentation
        if own is not None:
            return own
        return parse_fragments(self.incidental) if self.incidental else None

    def reach(self) -> int:
        """How far anything of it goes: the blast's radius or the fragments', the larger."""
        fragments = self.fragments()
        frag = fragment_radius(fragments) if fragments is not None else 0
        return max(blast_radius(self.explosive().dice or DiceExpression()), frag)

    def may_dive(self, target: BlastTarget) -> bool:
        """R15.3: only those around it, inside its reach, may Dive for Cover."""
        return target.role is BlastRole.NEARBY and target.distance <= self.reach()


# --------------------------------------------------------------------------- the outcome


class HitKind(StrEnum):
    """What one packet of damage was (translation-key suffixes)."""

    BLAST = "blast"
    INCENDIARY = "incendiary"
    FRAGMENT = "fragment"


class BlastHit(BaseModel):
    """One packet of damage and what the injury pipeline made of it."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    kind: HitKind
    faces: tuple[int, ...] = ()
    """The damage dice (a fragment's), or none for the blast's share."""
    location_faces: tuple[int, ...] = ()
    """A fragment's random hit location roll (A.9), with its 1d for the side."""
    struck_cover: bool = False
    """It came on a location behind his cover: the cover's DR stood first (R15.8)."""
    injury: InjuryOutcome


class TargetBlast(BaseModel):
    """Everything the blast did to one combatant."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    combatant_id: str
    role: BlastRole
    distance: int
    """Where he was hit from, after a Dive for Cover's metre."""
    blast: int
    """The blast's basic damage reaching him before DR (collateral, impact, maximum); an
    internal blast's ×3 is its wounding (R15.7)."""
    cover_dr: int = 0
    """R15.6: the smotherer's torso DR + HP between him and the charge."""
    cover: BlastCover | None = None
    """What he was behind, with ``behind_dr`` (R15.8, R15.11)."""
    behind_dr: int = 0
    covered: frozenset[HitLocation] = frozenset()
    """The locations it hid from this blast: none for a roof against a burst on the
    ground, or a wall against an airburst (R15.11)."""
    dive: DiveRecord | None = None
    sheltered: bool = False
    """A successful Dive for Cover with shelter in reach: nothing reached him (R15.3)."""
    fragment_attack: FragmentAttack | None = None
    fragments: int = 0
    hits: tuple[BlastHit, ...] = ()
    hot_fragments: bool = False
    """R15.13: a hot fragment lodged in him: 6 ticks of 1d(0.2) burning, one every 10 s."""
    combatant: Combatant
    """The combatant after every hit."""

    @property
    def injury(self) -> int:
        return sum(hit.injury.injury for hit in self.hits)


class ExplosionOutcome(BaseModel):
    """The blast: its dice, reach, and what it did to each target (in the plan's order)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    damage: str
    dice: str
    faces: tuple[int, ...]
    impact: int
    radius: int
    fragment_dice: str | None
    fragment_radius: int
    medium: Medium
    targets: tuple[TargetBlast, ...]
    rule_ids: tuple[str, ...]


# --------------------------------------------------------------------------- detonation


def _with_cover(sheet: Combatant, cover: int) -> Combatant:
    """The sheet with ``cover`` more rigid DR everywhere (R15.6's body between him and it)."""
    if not cover:
        return sheet
    profile = sheet.dr

    def more(armor: Armor) -> Armor:
        return Armor(rigid=armor.rigid + cover, flexible=armor.flexible)

    covered = DRProfile(
        uniform=more(profile.uniform),
        overrides={loc: more(armor) for loc, armor in profile.overrides.items()},
    )
    return sheet.model_copy(update={"dr": covered})


def _behind_cover(sheet: Combatant, dr: int, covered: frozenset[HitLocation]) -> Combatant:
    """The sheet with the cover's ``dr`` on top of his own at every ``covered`` location
    (R15.8: what strikes there strikes the cover first; whatever gets through goes on)."""
    if not dr or not covered:
        return sheet
    profile = sheet.dr
    overrides = dict(profile.overrides)
    for location in HitLocation:
        armor = profile.at(location)
        if location in covered:
            overrides[location] = Armor(rigid=armor.rigid + dr, flexible=armor.flexible)
        elif location is HitLocation.VITALS:
            overrides[location] = armor  # the vitals keep their own DR under a covered torso
    return sheet.model_copy(update={"dr": DRProfile(uniform=profile.uniform, overrides=overrides)})


def _hit(
    sheet: Combatant,
    worn_by: Combatant,
    spec: DamageSpec,
    roller: DiceRoller,
    options: RuleOptions,
) -> tuple[Combatant, InjuryOutcome]:
    """Apply ``spec`` to ``worn_by`` (the sheet with its armor for this hit); the real sheet
    takes the new state."""
    outcome = apply_hit(worn_by.model_copy(update={"state": sheet.state}), spec, roller, options)
    return sheet.with_state(outcome.state), outcome


def detonate(
    plan: ExplosionPlan,
    combatants: Mapping[str, Combatant],
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> ExplosionOutcome:
    """Set the blast off: its damage, then each target in the plan's order (R15.1-R15.13).

    Dice, in order: the blast's damage; then per target, the fragments' attack (3d), and
    for each fragment its hit location (3d, and 1d for a hand or foot) and its damage; the
    injury pipeline's own rolls come right after the hit that needs them.
    """
    rules = options if options is not None else RuleOptions()
    explosive = plan.explosive()
    dice = explosive.dice
    assert dice is not None
    rolled = dice.roll(roller)
    impact = max(0, rolled.total)
    fragments = plan.fragments()
    radius = blast_radius(dice)
    frag_radius = fragment_radius(fragments) if fragments is not None else 0
    rule_ids = ["R15.1", _MEDIUM_RULE[plan.medium]]
    smotherer = next((t for t in plan.targets if t.role is BlastRole.SMOTHERER), None)
    cover = 0
    if smotherer is not None:
        body = combatants[smotherer.combatant_id]
        cover = body.dr.at(HitLocation.TORSO).dr + body.max_hp
        rule_ids.append("R15.6")
    if plan.airburst:
        rule_ids.append("R15.11")
    results: list[TargetBlast] = []
    for target in plan.targets:
        results.append(
            _blast_one(
                plan,
                target,
                combatants[target.combatant_id],
                explosive,
                impact,
                fragments,
                cover if target.role is BlastRole.NEARBY else 0,
                roller,
                rules,
            )
        )
    for result in results:
        if result.dive is not None:
            rule_ids.append("R15.3")
        if result.role is BlastRole.INTERNAL:
            rule_ids.append("R15.7")
        if result.fragment_attack is not None or result.fragments:
            rule_ids.extend(("R15.8", "R15.9"))
        if any(hit.kind is HitKind.INCENDIARY for hit in result.hits):
            rule_ids.append("R10.2")
        if result.hot_fragments:
            rule_ids.append("R15.13")
        if result.cover is not None:
            rule_ids.append("R15.8")
    if fragments is not None and explosive.fragmentation is None:
        rule_ids.append("R15.12")
    if explosive.armor_divisor != 1:
        rule_ids.append("R15.2")
    return ExplosionOutcome(
        damage=plan.damage,
        dice=dice.text,
        faces=rolled.dice,
        impact=impact,
        radius=radius,
        fragment_dice=fragments.text if fragments is not None else None,
        fragment_radius=frag_radius,
        medium=plan.medium,
        targets=tuple(results),
        rule_ids=tuple(dict.fromkeys(rule_ids)),
    )


def _blast_one(  # noqa: PLR0917 - the blast's every number for one target
    plan: ExplosionPlan,
    target: BlastTarget,
    sheet: Combatant,
    explosive: WeaponDamage,
    impact: int,
    fragments: DiceExpression | None,
    cover: int,
    roller: DiceRoller,
    options: RuleOptions,
) -> TargetBlast:
    dive = plan.dive_of(target.combatant_id)
    distance = target.distance
    role = target.role
    if dive is not None and dive.success:
        if plan.shelter:
            # R15.3: safe shelter in reach, and he made it there.
            return TargetBlast(
                combatant_id=target.combatant_id,
                role=role,
                distance=distance,
                blast=0,
                dive=dive,
                sheltered=True,
                combatant=sheet,
            )
        distance += 1  # R15.3 (catalog reading): a metre away, prone
    dice = explosive.dice
    assert dice is not None
    hits: list[BlastHit] = []
    worn = sheet
    covered: frozenset[HitLocation] = frozenset()
    spec: DamageSpec | None = None
    if role is BlastRole.DIRECT:
        blast = impact
        spec = DamageSpec(
            basic_damage=blast,
            damage_type=explosive.damage_type,
            armor_divisor=explosive.armor_divisor,
            explosive=True,
        )
    elif role is BlastRole.SMOTHERER:
        blast = max(0, dice.max_total)
        spec = DamageSpec(
            basic_damage=blast,
            damage_type=explosive.damage_type,
            armor_divisor=explosive.armor_divisor,
            explosive=True,
        )
    elif role is BlastRole.INTERNAL:
        # R15.7: no DR, the vitals ×3 whatever the type. The ×3 is the wounding, not basic
        # damage: knockback reads the impact rolled (R7.14).
        blast = impact
        worn = sheet.without_armor()
        spec = DamageSpec(
            basic_damage=blast, damage_type=explosive.damage_type, explosive=True, internal=True
        )
    else:
        blast = (
            collateral_damage(impact, distance, plan.medium)
            if distance <= blast_radius(dice)
            else 0
        )
        covered = (
            covered_locations(target.cover, airburst=plan.airburst)
            if target.cover is not None
            else frozenset()
        )
        worn = _behind_cover(_with_cover(sheet, cover), target.cover_dr, covered)
        if blast:
            spec = DamageSpec(basic_damage=blast, damage_type=explosive.damage_type, explosive=True)

    def cover_at(location: HitLocation) -> int:
        """The DR standing before him at ``location``: a smotherer's body (R15.6) and his
        cover where it hides him (R15.8)."""
        return cover + (target.cover_dr if location in covered else 0)

    if spec is not None and blast > 0:
        stopped = cover_at(HitLocation.TORSO)  # R15.2: the blast meets the torso's DR
        if stopped:
            spec = replace(spec, knockback_damage=max(0, blast - stopped))
        sheet, injury = _hit(sheet, worn, spec, roller, options)
        hits.append(BlastHit(kind=HitKind.BLAST, injury=injury))
        if explosive.damage_type is not DamageType.BURN:
            incendiary = DamageSpec(
                basic_damage=INCENDIARY_DAMAGE, damage_type=DamageType.BURN, explosive=True
            )
            sheet, injury = _hit(sheet, worn, incendiary, roller, options)
            hits.append(BlastHit(kind=HitKind.INCENDIARY, injury=injury))
    attack: FragmentAttack | None = None
    count = 0
    lodged: RandomHitLocation | None = None
    if fragments is not None:
        if role in (BlastRole.DIRECT, BlastRole.INTERNAL, BlastRole.SMOTHERER):
            # R15.8: the direct target takes one fragment (catalog reading); one gone off
            # inside him is the closest of direct hits, and meets no DR there (R15.7).
            count = 1
        elif distance <= fragment_radius(fragments):
            posture = Posture.PRONE if dive is not None and dive.success else sheet.state.posture
            attack = fragment_attack(
                distance, posture, sheet.size_modifier, roller, options, airburst=plan.airburst
            )
            count = attack.hits
    for _ in range(count):
        where = random_hit_location(roller)
        rolled = fragments.roll(roller) if fragments is not None else None
        assert rolled is not None
        stopped = cover_at(where.location)
        fragment = DamageSpec(
            basic_damage=rolled.total,
            damage_type=DamageType.CUT,  # R15.9: cutting, no armor divisor
            location=where.location,
            side=where.side,
            # R15.8: what the cover stopped never reached him, and pushes him nowhere.
            knockback_damage=max(0, rolled.total - stopped) if stopped else None,
        )
        if lodged is None and rolled.total > stopped:
            lodged = where  # R15.13: the first fragment to reach him is the one that lodges
        sheet, injury = _hit(sheet, worn, fragment, roller, options)
        location_faces = where.faces + ((where.side_face,) if where.side_face else ())
        hits.append(
            BlastHit(
                kind=HitKind.FRAGMENT,
                faces=rolled.dice,
                location_faces=location_faces,
                struck_cover=where.location in covered and target.cover_dr > 0,
                injury=injury,
            )
        )
    # R15.13: a fragment that reached him lodges, even if his own armor stopped it (it burns
    # against that armor, ×5); one every fragment of which stopped in the cover does not.
    hot = plan.hot and lodged is not None
    if lodged is not None and hot and not (sheet.state.dead or sheet.state.destroyed):
        sheet = lodge_hot_fragment(sheet, lodged.location, lodged.side)
    return TargetBlast(
        combatant_id=target.combatant_id,
        role=role,
        distance=distance,
        blast=blast,
        cover_dr=cover,
        cover=target.cover,
        behind_dr=target.cover_dr,
        covered=covered,
        dive=dive,
        fragment_attack=attack,
        fragments=count,
        hits=tuple(hits),
        hot_fragments=hot,
        combatant=sheet,
    )


def targets_in_reach(plan: ExplosionPlan) -> Sequence[BlastTarget]:
    """The targets allowed a Dive for Cover (R15.3)."""
    return [t for t in plan.targets if plan.may_dive(t)]
