"""Slams and what rides on them: knockback, collisions, flying tackles, trampling and horns
(R11.13-R11.20).

A slam is a DX contest to hit (a rear slam hits by itself), then a ST contest
whose loser falls; the winner may then throw the loser back (R11.13), or with
the super-slam rule option both sides add their speed and the loser flies and is
hurt (R11.15, R11.16). Pure: numbers in, an outcome with every roll out.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.checks import ContestWinner, SuccessRoll, ensure_attemptable, success_roll
from rules.dice import DiceExpression
from rules.grapple import CloseContest, Score, contest
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import DiceRoller
from rules.size_range import ROWS, row_at_least

__all__ = [
    "HORN_RECOIL_MARGIN",
    "KMH_PER_HEX",
    "TRAMPLE_TABLE",
    "CollisionOutcome",
    "HornOutcome",
    "HornRecoil",
    "HornStrikes",
    "SlamArc",
    "SlamInput",
    "SlamOutcome",
    "Slammer",
    "TrampleMode",
    "TrampleOutcome",
    "collide",
    "collision_dice",
    "horn_recoil",
    "horns",
    "slam",
    "slam_st_modifiers",
    "super_slam_st_modifiers",
    "trample",
    "trample_damage",
]

KMH_PER_HEX: Final = Fraction(18, 5)
"""R11.17: 1 hex a second is 3.6 km/h."""
KNOCKBACK_REBOUND_CAP: Final = 2
"""R11.13: the slammer never rebounds more than two hexes."""
TRAMPLE_MARGIN: Final = 5
"""R11.13: winning the ST contest by more than five tramples the foe."""


class SlamArc(StrEnum):
    """Where the slam comes from (R11.13)."""

    front = "front"
    side = "side"
    rear = "rear"


class Slammer(BaseModel):
    """One side of a slam: scores, shield, how he moved, posture."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dx: int
    st: int
    moved: int = Field(default=0, ge=0)
    """Hexes moved this turn before the impact: his speed at impact (R11.13, R11.14)."""
    running: bool = False
    """He was already running on his last turn (R11.14)."""
    shield: bool = False
    """A medium or large shield (R11.14, R11.16)."""
    down: bool = False
    """Lying down: the target of a slam defends its DX at -2 (R11.13)."""
    density: int = 0
    """Levels of Increased Density or "Quicar" (R11.16)."""


class SlamInput(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    attacker: Slammer
    target: Slammer
    arc: SlamArc = SlamArc.front
    super_slam: bool = False
    flying_tackle: bool = False
    """R11.18: +2 to the slammer's ST, and he ends on the ground whatever happens."""
    target_dodge: int | None = None
    """R11.18: the target's Dodge, when he tries to Dodge the tackle (not from the rear)."""
    water: tuple[Modifier, ...] = ()
    """The slammer's attack penalties in or under water (R13.4, R13.5) on his DX contest."""


class SlamOutcome(BaseModel):
    """Every roll of the slam and what it left: who fell, how far the loser flew, damage."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    to_hit: CloseContest | None
    """The DX contest; ``None`` when the slam comes from the rear (it hits) or was dodged."""
    dodge: SuccessRoll | None = None
    """R11.18: the target's Dodge against a flying tackle."""
    hit: bool
    strength: CloseContest | None = None
    """The ST contest (R11.14 or R11.16 modifiers)."""
    attacker_wins: bool = False
    loser_falls: bool = False
    attacker_falls: bool = False
    target_falls: bool = False
    keep_going: bool = False
    """A miss: with Move left he goes on at least two more hexes (R11.13)."""
    winner_st_roll: SuccessRoll | None = None
    """The winner's modified ST roll not to fall as well (R11.13, R11.16)."""
    second_contest: CloseContest | None = None
    """R11.13: the new ST contest the knockback needs."""
    knockback: int = 0
    knockback_cap: int | None = None
    loser_damage: int = 0
    """R11.16: one point per two points of margin, crushing."""
    winner_damage: int = 0
    """R11.16: half a point per hex the loser flew, rounded down on the total."""
    tramples: bool = False
    rule_ids: tuple[str, ...]


def slam_st_modifiers(inp: SlamInput) -> tuple[Modifier, ...]:
    """R11.14: the slammer's net ST modifier (the -2 rows are penalties to him)."""
    a, t = inp.attacker, inp.target
    rows = (
        ("close.modifier.slam_moved", 2 if a.moved > 1 or a.running else 0),
        ("close.modifier.slam_charged", -2 if t.moved > 1 or (t.running and t.moved >= 1) else 0),
        ("close.modifier.slam_shield", 2 if a.shield else 0),
        ("close.modifier.slam_foe_shield", -2 if t.shield else 0),
        ("close.modifier.slam_rear", 2 if inp.arc is SlamArc.rear else 0),
    )
    return tuple(Modifier(key=k, value=v, rule_id="R11.14") for k, v in rows if v)


def super_slam_st_modifiers(inp: SlamInput) -> tuple[Modifier, ...]:
    """R11.16: +1 per 5 hexes of the slammer's speed, -1 per 5 of the target's, the shields,
    +2 from the rear, and each level of Increased Density or "Quicar"."""
    a, t = inp.attacker, inp.target
    rows = (
        ("close.modifier.slam_speed", a.moved // 5),
        ("close.modifier.slam_foe_speed", -(t.moved // 5)),
        ("close.modifier.slam_shield", 2 if a.shield else 0),
        ("close.modifier.slam_foe_shield", -2 if t.shield else 0),
        ("close.modifier.slam_rear", 2 if inp.arc is SlamArc.rear else 0),
        ("close.modifier.density", a.density),
        ("close.modifier.foe_density", -t.density),
    )
    return tuple(Modifier(key=k, value=v, rule_id="R11.16") for k, v in rows if v)


def _speed_bonus(hexes: int) -> int:
    """R11.15: the Size column of A.8 for the speed, reading the row at or below it (a
    bonus, the catalog's reading); under 2 hexes a turn, nothing."""
    if hexes < 2:
        return 0
    row = row_at_least(hexes)
    if ROWS[row] != hexes:
        row -= 1
    return max(0, row - 2)


def _to_hit(inp: SlamInput, roller: DiceRoller, options: RuleOptions) -> CloseContest:
    """R11.13: DX against DX, the target at -2 when down or slammed from the side; with the
    super-slam option both add their speed read as a size (R11.15). The slam is an attack
    with the body: in or under water it takes R13.4's or R13.5's penalties."""
    a, t = inp.attacker, inp.target
    mine: list[Modifier] = []
    theirs: list[Modifier] = []
    if inp.super_slam:
        for side, hexes in ((mine, a.moved), (theirs, t.moved)):
            bonus = _speed_bonus(hexes)
            if bonus:
                side.append(Modifier(key="close.modifier.speed", value=bonus, rule_id="R11.15"))
    mine.extend(inp.water)
    if t.down or inp.arc is SlamArc.side:
        theirs.append(Modifier(key="close.modifier.slam_target", value=-2, rule_id="R11.13"))
    rules = ("R11.13", "R11.15") if inp.super_slam else ("R11.13",)
    return contest(
        "slam_dx",
        Score(base=a.dx, modifiers=tuple(mine)),
        Score(base=t.dx, modifiers=tuple(theirs)),
        rules,
        roller=roller,
        options=options,
    )


def slam(inp: SlamInput, roller: DiceRoller, options: RuleOptions) -> SlamOutcome:
    """R11.13-R11.16, R11.18: the whole slam (or flying tackle), roll by roll."""
    rules: list[str] = ["R11.13"]
    if inp.flying_tackle:
        rules.append("R11.18")
    to_hit: CloseContest | None = None
    dodge: SuccessRoll | None = None
    dodge_failed = False
    if inp.flying_tackle and inp.target_dodge is not None and inp.arc is not SlamArc.rear:
        dodge = success_roll(inp.target_dodge, roller, options)
        hit = not dodge.succeeded
        dodge_failed = hit
    elif inp.arc is SlamArc.rear:
        hit = True
    else:
        to_hit = _to_hit(inp, roller, options)
        hit = to_hit.won
    if not hit:
        return SlamOutcome(
            to_hit=to_hit,
            dodge=dodge,
            hit=False,
            keep_going=not inp.flying_tackle,
            attacker_falls=inp.flying_tackle,
            rule_ids=tuple(rules),
        )
    mods = list(super_slam_st_modifiers(inp) if inp.super_slam else slam_st_modifiers(inp))
    theirs: list[Modifier] = []
    if inp.flying_tackle:
        mods.append(Modifier(key="close.modifier.tackle", value=2, rule_id="R11.18"))
        if dodge_failed:
            theirs.append(Modifier(key="close.modifier.tackle_dodged", value=-2, rule_id="R11.18"))
    rules.append("R11.16" if inp.super_slam else "R11.14")
    mine = Score(base=inp.attacker.st, modifiers=tuple(mods))
    strength = contest(
        "slam_st",
        mine,
        Score(base=inp.target.st, modifiers=tuple(theirs)),
        ("R11.16",) if inp.super_slam else ("R11.13", "R11.14"),
        roller=roller,
        options=options,
    )
    if strength.contest.winner is ContestWinner.TIE:
        # Nobody wins the ST contest, so nobody falls (a tackler still lands, R11.18).
        return SlamOutcome(
            to_hit=to_hit,
            dodge=dodge,
            hit=True,
            strength=strength,
            attacker_falls=inp.flying_tackle,
            rule_ids=tuple(rules),
        )
    attacker_wins = strength.won
    winner_score = mine.value if attacker_wins else strength.defender.value
    margin = strength.margin
    # A winning flying tackler is on the ground anyway (R11.18): no roll not to fall, and so
    # no knockback, which needs the winner on his feet (R11.13).
    tackler_won = inp.flying_tackle and attacker_wins
    winner_roll = None if tackler_won else success_roll(winner_score, roller, options)
    winner_falls = winner_roll is None or not winner_roll.succeeded
    if inp.super_slam:
        flown = margin // 2
        return SlamOutcome(
            to_hit=to_hit,
            dodge=dodge,
            hit=True,
            strength=strength,
            attacker_wins=attacker_wins,
            loser_falls=True,
            attacker_falls=inp.flying_tackle or not attacker_wins or winner_falls,
            target_falls=attacker_wins or winner_falls,
            winner_st_roll=winner_roll,
            knockback=flown,
            loser_damage=margin // 2,
            winner_damage=flown // 2,
            rule_ids=tuple(rules),
        )
    second: CloseContest | None = None
    knockback = 0
    cap: int | None = None
    if not winner_falls:
        second = contest(
            "slam_knockback",
            Score(base=winner_score),
            Score(base=strength.defender.value if attacker_wins else mine.value),
            ("R11.13",),
            roller=roller,
            options=options,
        )
        if second.won:
            knockback = margin // 2
            cap = inp.attacker.moved if attacker_wins else KNOCKBACK_REBOUND_CAP
            knockback = min(knockback, cap)
    # R11.18: a flying tackler falls automatically, so he tramples no one and keeps no move.
    tramples = attacker_wins and margin > TRAMPLE_MARGIN and not inp.flying_tackle
    return SlamOutcome(
        to_hit=to_hit,
        dodge=dodge,
        hit=True,
        strength=strength,
        attacker_wins=attacker_wins,
        loser_falls=True,
        attacker_falls=inp.flying_tackle or not attacker_wins or winner_falls,
        target_falls=attacker_wins or winner_falls,
        winner_st_roll=winner_roll,
        second_contest=second,
        knockback=knockback,
        knockback_cap=cap,
        tramples=tramples,
        rule_ids=tuple(rules),
    )


def collision_dice(hexes_per_second: int) -> int:
    """R11.17: 1d of collision damage for every 8 km/h (1 hex a second is 3.6 km/h); under
    8 km/h nothing."""
    return int(hexes_per_second * KMH_PER_HEX // 8)


class CollisionOutcome(BaseModel):
    """R11.17: a fighter flying into the ground or an object of five times his weight or more:
    1d for every 8 km/h, crushing; the object takes the same; an object that breaks halves
    his damage and his speed."""

    model_config = ConfigDict(frozen=True)

    speed: int
    """Hexes a second at impact (1 hex a second is 3.6 km/h)."""
    dice: int
    faces: tuple[int, ...] = ()
    rolled: int = 0
    """What the object takes (R11.17: the same damage)."""
    object_breaks: bool = False
    damage: int = 0
    """What he takes: the roll, halved (rounded down) when the object breaks."""
    speed_after: int = 0
    """His speed once through: half of it when the object breaks, none when it holds."""
    rule_ids: tuple[str, ...] = ("R11.17",)


def collide(speed: int, *, object_breaks: bool, roller: DiceRoller) -> CollisionOutcome:
    """R11.17: collision damage at ``speed`` hexes a second, rolled; under 8 km/h nothing.
    If the object breaks, his damage and his speed are halved (rounded down, the
    catalog's reading)."""
    dice = collision_dice(speed)
    faces: tuple[int, ...] = ()
    rolled = 0
    if dice:
        result = DiceExpression.of(dice, 0).roll(roller)
        faces, rolled = result.dice, max(0, result.total)
    return CollisionOutcome(
        speed=speed,
        dice=dice,
        faces=faces,
        rolled=rolled,
        object_breaks=object_breaks,
        damage=rolled // 2 if object_breaks else rolled,
        speed_after=speed // 2 if object_breaks else 0,
    )


TRAMPLE_TABLE: Final[tuple[tuple[int, str | None], ...]] = (
    (0, None),
    (70, "1d-2"),
    (140, "1d-1"),
    (280, "1d"),
    (453, "1d+1"),
    (1000, "1d+2"),
    (2000, "2d"),
    (3000, "2d+1"),
    (4000, "2d+2"),
    (5000, "3d"),
)
"""R11.19: trample damage by weight in kg (each row up to the next one's lower bound)."""


def trample_damage(weight_kg: float, *, hooves: bool = True) -> DiceExpression | None:
    """R11.19: the table for the trampler's weight, a creature without hooves counting a
    quarter of it; past 5 t, +1 per tonne (3 adds to a die). ``None``: no damage."""
    weight = Fraction(str(weight_kg)) * (1 if hooves else Fraction(1, 4))
    if weight >= 6000:
        tonnes = int(weight // 1000)
        dice, adds = divmod(tonnes - 2, 3)
        return DiceExpression.of(2 + dice, adds)
    found: str | None = None
    for bound, damage in TRAMPLE_TABLE:
        if weight >= bound:
            found = damage
    return DiceExpression.parse(found) if found is not None else None


class TrampleMode(StrEnum):
    """R11.19: stay a round in the victim's hex, or slam him and keep going (half damage)."""

    stay = "stay"
    pass_over = "pass"


class TrampleOutcome(BaseModel):
    """R11.19: the DX roll, the victim's Dodge, and the damage."""

    model_config = ConfigDict(frozen=True)

    dx_roll: SuccessRoll
    dodge: SuccessRoll | None
    hit: bool
    dice: str | None
    """The table's damage for the effective weight; ``None``: too light to hurt."""
    faces: tuple[int, ...] = ()
    rolled: int = 0
    damage: int = 0
    """After doubling on a hard surface and halving when passing, rounded down."""
    effective_weight: Fraction
    rule_ids: tuple[str, ...] = ("R11.19",)


def trample(
    dx: int,
    weight_kg: float,
    *,
    hooves: bool,
    mode: TrampleMode,
    hard_surface: bool,
    target_dodge: int | None,
    roller: DiceRoller,
    options: RuleOptions,
) -> TrampleOutcome:
    """R11.19: a DX roll, the victim may Dodge; the table's damage for the weight (a quarter
    without hooves), doubled on a hard surface, halved when passing through (on the rolled
    total, rounded down)."""
    effective = Fraction(str(weight_kg)) * (1 if hooves else Fraction(1, 4))
    ensure_attemptable(dx)  # A.1
    dx_roll = success_roll(dx, roller, options)
    dodge = None
    hit = dx_roll.succeeded
    if hit and target_dodge is not None:
        dodge = success_roll(target_dodge, roller, options)
        hit = not dodge.succeeded
    expression = trample_damage(float(effective))
    if not hit or expression is None:
        return TrampleOutcome(
            dx_roll=dx_roll,
            dodge=dodge,
            hit=hit,
            dice=expression.text if expression is not None else None,
            effective_weight=effective,
        )
    result = expression.roll(roller)
    damage = Fraction(max(0, result.total))
    if hard_surface:
        damage *= 2
    if mode is TrampleMode.pass_over:
        damage /= 2
    return TrampleOutcome(
        dx_roll=dx_roll,
        dodge=dodge,
        hit=True,
        dice=expression.text,
        faces=result.dice,
        rolled=result.total,
        damage=int(damage),
        effective_weight=effective,
    )


class HornOutcome(BaseModel):
    """R11.20: the horns' damage on a slam that hit, and the horned creature's HT roll."""

    model_config = ConfigDict(frozen=True)

    dice: str | None
    faces: tuple[int, ...] = ()
    rolled: int = 0
    damage: int = 0
    factor: Fraction = Fraction(1)
    """×2 at 10 hexes a turn or more, ×1/2 at 3 or less."""
    sharp: bool = False
    ht_roll: SuccessRoll
    stunned: bool
    rule_ids: tuple[str, ...] = ("R11.20",)


def horns(
    weight_kg: float,
    *,
    hooves: bool,
    horn_modifier: int,
    sharp: bool,
    speed: int,
    ht: int,
    roller: DiceRoller,
    options: RuleOptions,
) -> HornOutcome:
    """R11.20: the trample damage for the creature's weight (R11.19, the hoof rule included)
    raised or lowered 1 to 3 for its horns, crushing (impaling when sharp), ×2 at 10 hexes a
    turn or more and ×1/2 at 3 or less; then its HT roll (+5 at 3 hexes or less) or it is
    stunned."""
    weight = float(Fraction(str(weight_kg)) * (1 if hooves else Fraction(1, 4)))
    base = trample_damage(weight)
    factor = Fraction(2) if speed >= 10 else Fraction(1, 2) if speed <= 3 else Fraction(1)
    dice_text: str | None = None
    faces: tuple[int, ...] = ()
    rolled = damage = 0
    if base is not None:
        expression = base.plus(horn_modifier)
        dice_text = expression.text
        result = expression.roll(roller)
        faces, rolled = result.dice, result.total
        damage = int(Fraction(max(0, rolled)) * factor)
    ht_roll = success_roll(ht + (5 if speed <= 3 else 0), roller, options)
    return HornOutcome(
        dice=dice_text,
        faces=faces,
        rolled=rolled,
        damage=damage,
        factor=factor,
        sharp=sharp,
        ht_roll=ht_roll,
        stunned=not ht_roll.succeeded,
    )


HORN_RECOIL_MARGIN: Final = 10
"""R11.20: the horned creature is hurt only when it loses the ST contest by 10 or more."""


class HornStrikes(StrEnum):
    """What a horned creature's charge runs into (R11.20)."""

    foe = "foe"
    """An ordinary foe: the horned creature takes nothing."""
    horns = "horns"
    """Another being of its own size, horn to horn."""
    object = "object"
    """A large, heavy object: a cart, a tree."""


class HornRecoil(BaseModel):
    """R11.20: what the charge did to the horned creature itself."""

    model_config = ConfigDict(frozen=True)

    strikes: HornStrikes
    lost_by: int
    """By how much it lost the slam's ST contest (0: it did not lose)."""
    dice: str | None = None
    """The damage it is halved from: the other being's horns, or its own."""
    faces: tuple[int, ...] = ()
    rolled: int = 0
    damage: int = 0
    rule_ids: tuple[str, ...] = ("R11.20",)


def horn_recoil(
    strikes: HornStrikes,
    lost_by: int,
    own: HornOutcome,
    *,
    foe_weight_kg: float | None,
    hooves: bool,
    horn_modifier: int,
    roller: DiceRoller,
) -> HornRecoil | None:
    """R11.20: no damage to the horned creature, unless it ran into another being of its own
    size horn to horn or a large heavy object, and then only when it lost the Quick Contest of
    ST by 10 or more: half the damage that being normally inflicts (its horns, read as the
    same horns on the trample damage of its weight, R11.19) or, against an object, half the
    damage it normally deals itself (its own horns' roll, before the speed's ×2 or ×1/2),
    rounded down. ``None`` against an ordinary foe."""
    if strikes is HornStrikes.foe:
        return None
    if lost_by < HORN_RECOIL_MARGIN:
        return HornRecoil(strikes=strikes, lost_by=lost_by)
    if strikes is HornStrikes.object:
        return HornRecoil(
            strikes=strikes,
            lost_by=lost_by,
            dice=own.dice,
            faces=own.faces,
            rolled=own.rolled,
            damage=max(0, own.rolled) // 2,
        )
    base = trample_damage(foe_weight_kg or 0, hooves=hooves)
    if base is None:
        return HornRecoil(strikes=strikes, lost_by=lost_by)
    expression = base.plus(horn_modifier)
    result = expression.roll(roller)
    return HornRecoil(
        strikes=strikes,
        lost_by=lost_by,
        dice=expression.text,
        faces=result.dice,
        rolled=result.total,
        damage=max(0, result.total) // 2,
    )
