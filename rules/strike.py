"""The blow itself: what an attacker asks for, the strike waiting on a defense, and how it lands.

:class:`AttackRequest` is what the bot passes to :func:`rules.attack_resolution.resolve_attack`;
a hit the target may still defend is a :class:`PendingDefense` the bot stores until the
target's player chooses a defense. When a blow gets through, :func:`apply_strike` rolls its
damage and runs it through the injury pipeline (:mod:`rules.injury`), and
:func:`aim_after_injury` says whether an aiming victim keeps his Aim (R5.1).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from rules.attack import Arc, AttackKind, AttackRoll, Gait, Hand, RangedClass
from rules.checks import SuccessRoll, success_roll
from rules.combatant import Combatant, HitLocation, Side
from rules.damage import DamageSpec, parse_damage
from rules.defense import AttackContext, DefenseRoll
from rules.fire import FireOnHit, fire_on_hit
from rules.injury import InjuryOutcome, apply_hit
from rules.maneuver import AllOutAttackOption, Maneuver
from rules.options import RuleOptions
from rules.ranged import RangedSituation
from rules.roller import DiceRoller
from rules.turn import TurnState

__all__ = [
    "AimCheck",
    "AttackRequest",
    "PendingDefense",
    "Strike",
    "StrikeResult",
    "aim_after_injury",
    "apply_strike",
    "land_strike",
]


class AttackRequest(BaseModel):
    """The attack as the player or GM described it (the ``/attack`` options).

    ``weapon`` names one of the attacker's weapons; ``skill`` and ``damage``
    override (or, without a weapon, supply) its skill and damage text.
    ``arc`` is where the attacker stands relative to the target's facing.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    weapon: str | None = None
    skill: int | None = None
    damage: str | None = None
    location: HitLocation = HitLocation.TORSO
    side: Side = Side.RIGHT
    chinks_in_armor: bool = False
    maneuver: Maneuver = Maneuver.attack
    all_out_option: AllOutAttackOption | None = None
    modifier: int = 0
    kind: AttackKind | None = None
    arc: Arc = Arc.front
    aware_of_rear: bool = False
    unseen: bool = False
    """The ranged attack comes from outside the target's field of vision (R6.3)."""
    wild_swing: bool = False
    darkness_penalty: int = Field(default=0, le=0)
    hexes_crossed: int = Field(default=0, ge=0)
    dual_weapon: Hand | None = None
    dual_weapon_same_target: bool = False
    shield_bash: bool = False
    close_combat: bool = False
    close_combat_rounds: int = Field(default=0, ge=0)
    chambara: bool = False
    for_other: bool = False
    moving: Gait | None = None
    ranged_class: RangedClass = RangedClass.other
    beyond_allowance: bool = False
    """The GM lets this attack through although the turn's allowance is spent."""
    fast_draw: int | None = Field(default=None, ge=0)
    """Fast-Draw level for thrown weapons or an archer's volley in a multiple-attack turn
    (R5.26, R5.22); the sheet's ``fast_draw`` skill when not given."""
    wait_order: bool = False
    """A waiting attacker set off by the target: reach, then skill, say who strikes first
    (R5.11)."""
    situation: RangedSituation | None = None
    """A ranged attack's distance, the target's speed and cover, and how it is made (blind,
    pop-up, opportunity fire); the target's Size Modifier and the weapon's rate of fire are
    filled in from the sheets (:mod:`rules.ranged`)."""
    thrown_kg: Fraction | None = None
    """An object thrown by hand, by its weight: the throwing tables give the skill, the damage
    and how far it flies (R12.1-R12.5)."""
    from_above: bool = False
    """From above, out of a tree or a window (R13.6): only a target who knew or noticed in
    time (``aware_of_above``) defends, at -2."""
    aware_of_above: bool = False
    stray_skill: int | None = None
    """A missed shot that may hit this bystander instead: rolled against this effective
    skill or 9, whichever is lower, with no other modifier (R12.12)."""
    shots: int = Field(default=1, ge=1)
    """Shots fired in this attack, at most the weapon's rate of fire (B373)."""


class Strike(BaseModel):
    """What the blow does if it lands: the damage text and where it hits."""

    model_config = ConfigDict(frozen=True)

    weapon: str | None
    damage: str
    st: int
    damage_bonus: int = 0
    location: HitLocation = HitLocation.TORSO
    side: Side = Side.RIGHT
    chinks_in_armor: bool = False
    knockback_bullet: bool = False
    """The weapon fires bullets: they knock back like crushing blows (R7.14)."""
    half_damage: bool = False
    """Shot from the weapon's ½D or farther: the damage is halved."""
    damage_factor: Fraction = Fraction(1)
    """Under water ×1/2, in water ×2/3 (R13.4, R13.5), on the rolled damage, rounded down."""
    hits: int = Field(default=1, ge=1)
    """Rapid fire: the shots that hit, each rolling its own damage (B373)."""
    projectile_factor: int = Field(default=1, ge=1)
    """B409: a multiple-projectile shot at point blank multiplies the basic damage's dice and
    adds, and the target's DR, by this (half its projectiles, rounded down)."""


class PendingDefense(BaseModel):
    """A hit waiting for the target's defense; stored by the bot between attack and click."""

    model_config = ConfigDict(frozen=True)

    attacker_id: str
    target_id: str
    attacker_name: str
    target_name: str
    strike: Strike
    context: AttackContext
    attack: AttackRoll
    retreat: bool = False
    tried: tuple[DefenseRoll, ...] = ()

    @property
    def retreated(self) -> bool:
        """A defense already tried against this blow was made retreating (R6.9): the step back
        is taken, and its bonus stays with every other defense against the same blow (R5.12)."""
        return any(roll.retreat for roll in self.tried)

    def toggled_retreat(self) -> PendingDefense:
        """The same attack with the Retreat toggle flipped (R6.9); once a defense against it
        was made retreating, the Retreat stays on."""
        return self.model_copy(update={"retreat": self.retreated or not self.retreat})

    def with_retreat(self, retreat: bool) -> PendingDefense:
        """The same attack with the Retreat asked for or not (R6.9): the ``/defend`` option.
        A defense already made retreating keeps its Retreat when resolved (R5.12)."""
        return self.model_copy(update={"retreat": retreat})


class AimCheck(BaseModel):
    """R5.3: the Will roll of an aiming fighter who was injured; a failure loses the Aim."""

    model_config = ConfigDict(frozen=True)

    roll: SuccessRoll
    rule_id: str = "R5.3"

    @property
    def kept(self) -> bool:
        return self.roll.succeeded


class StrikeResult(BaseModel):
    """Damage rolled and applied: the basic damage roll and the injury pipeline's outcome."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    strike: Strike
    dice: str
    faces: tuple[int, ...]
    rolled: int
    basic_damage: int
    injury: InjuryOutcome
    rule_ids: tuple[str, ...]
    aim: AimCheck | None = None
    """The victim was aiming: his Will roll to keep the Aim (R5.3)."""
    fire: FireOnHit | None = None
    """A burning or incendiary blow's fire: the incendiary point, the clothes alight (R10.2,
    R10.5-R10.8)."""
    follow_ups: tuple[StrikeResult, ...] = ()
    """Rapid fire: the damage of each further hit of the burst, in order, each landing on
    the victim as the one before left him (B373)."""

    @property
    def victim(self) -> Combatant:
        """The victim after the blow (and every further hit of a burst), its fire included."""
        if self.follow_ups:
            return self.follow_ups[-1].victim
        return self.fire.combatant if self.fire is not None else self.injury.combatant

    @property
    def total_injury(self) -> int:
        """Injury of the blow and its incendiary point (R10.2), with a burst's further hits."""
        extra = self.fire.incendiary if self.fire is not None else None
        own = self.injury.injury + (extra.injury if extra is not None else 0)
        return own + sum(hit.total_injury for hit in self.follow_ups)

    @property
    def each_hit(self) -> tuple[StrikeResult, ...]:
        """This hit and each further hit of a burst (B373)."""
        if not self.follow_ups:
            return (self,)  # a single blow: already without further hits
        return (self.model_copy(update={"follow_ups": ()}), *self.follow_ups)


def apply_strike(
    strike: Strike, target: Combatant, roller: DiceRoller, options: RuleOptions
) -> StrikeResult:
    """Roll the blow's damage (thr/sw from ST, A.3) and run it through the injury pipeline."""
    parsed = parse_damage(strike.damage)
    expression = parsed.expression(strike.st).times_dice(strike.projectile_factor)
    if strike.damage_bonus:
        expression = expression.plus(strike.damage_bonus)
    result = expression.roll(roller)
    total = result.total
    if strike.damage_factor != 1:
        # R13.4, R13.5: the water takes part of every blow, rounded down.
        total = math.floor(total * strike.damage_factor)
    spec = DamageSpec.from_weapon(
        parsed,
        total,
        strike.location,
        side=strike.side,
        chinks_in_armor=strike.chinks_in_armor,
        knockback_bullet=strike.knockback_bullet,
        half_damage_range=strike.half_damage,
    )
    if strike.projectile_factor != 1:
        # B409: the target's DR times the factor, as an armor divisor of 1/factor would.
        spec = replace(spec, armor_divisor=spec.armor_divisor / strike.projectile_factor)
    injury = apply_hit(target, spec, roller, options)
    fire = fire_on_hit(
        injury.combatant,
        spec,
        injury.basic_damage,
        roller,
        options,
        incendiary=parsed.incendiary,
    )
    rule_ids = ("A.2", "R5.8") if strike.damage_bonus else ("A.2",)
    return StrikeResult(
        strike=strike,
        dice=str(expression),
        faces=result.dice,
        rolled=result.total,
        basic_damage=spec.basic_damage,
        injury=injury,
        rule_ids=rule_ids,
        fire=fire,
    )


def _aim_dropped(turn: TurnState) -> TurnState:
    return turn.model_copy(update={"aim_turns": 0, "aim_target": None, "aim_braced": False})


def aim_after_injury(
    victim: Combatant,
    turn: TurnState,
    injury: int,
    roller: DiceRoller,
    options: RuleOptions,
) -> tuple[TurnState, AimCheck | None]:
    """R5.3: an aiming fighter who is injured rolls Will to stay on his target; a failure loses
    the Aim, so his next shot gets no Aim bonus. ``victim`` is his sheet after the injury: one
    who lost consciousness loses the Aim without a roll."""
    if turn.aim_turns == 0 or injury <= 0:
        return turn, None
    if not victim.is_conscious:
        return _aim_dropped(turn), None
    check = AimCheck(roll=success_roll(victim.attributes.will, roller, options))
    return (turn if check.kept else _aim_dropped(turn)), check


def land_strike(
    strike: Strike,
    victim: Combatant,
    turn: TurnState,
    roller: DiceRoller,
    options: RuleOptions,
) -> tuple[StrikeResult, TurnState]:
    """A blow that got through: its damage, then the victim's Will roll if he was aiming.

    A burst's ``strike.hits`` each roll their damage and go through the injury pipeline one
    after the other, the shock of them summed as for any blows in one turn (B373, R7.6)."""
    damage = apply_strike(strike, victim, roller, options)
    more: list[StrikeResult] = []
    for _ in range(strike.hits - 1):
        more.append(apply_strike(strike, (more[-1] if more else damage).victim, roller, options))
    if more:
        damage = damage.model_copy(update={"follow_ups": tuple(more)})
    after, aim = aim_after_injury(damage.victim, turn, damage.total_injury, roller, options)
    return (damage if aim is None else damage.model_copy(update={"aim": aim})), after
