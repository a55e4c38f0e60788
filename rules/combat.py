"""One exchange of blows: attack roll → the target's active defense → damage and injury.

The bot calls :func:`resolve_attack` when someone attacks. A miss ends there;
a critical hit, or a hit the target cannot defend, goes straight to damage;
any other hit returns a :class:`PendingDefense` the bot stores until the
target's player picks a defense, then :func:`resolve_defense` rolls it and, if
it fails, :func:`apply_strike` rolls damage and runs it through the injury
pipeline (:mod:`rules.injury`). Turn state (maneuver, Aim, Evaluate, Feint,
parries and blocks used, Retreat) comes in and goes out with each step.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Final, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from rules import recovery
from rules.attack import (
    Arc,
    AttackCount,
    AttackInput,
    AttackKind,
    AttackRoll,
    EffectiveSkill,
    EvadeEntry,
    EvadeOutcome,
    FastDrawRoll,
    FeintOutcome,
    Gait,
    Hand,
    RangedClass,
    ReadyTime,
    SpareAction,
    SpareAttack,
    WaitOrder,
    all_out_damage_bonus,
    attacks_per_turn,
    effective_attack_skill,
    evade,
    fast_draw,
    feint,
    initiative_slots,
    maneuvers_per_turn,
    reach_length,
    ready_time,
    roll_attack,
    spend_spare_attack,
    wait_order,
)
from rules.checks import Outcome, SuccessRoll, success_roll
from rules.combatant import Combatant, HitLocation, Posture, RiseClass, Side, Trait, Weapon
from rules.damage import DamageSpec, parse_damage
from rules.defense import (
    AttackContext,
    DefenderInput,
    DefenseOptions,
    DefenseRoll,
    ParryWeapon,
    ShieldDefense,
    acrobatic_dodge,
    available_defenses,
    half_skill_change,
    master_dodge,
    roll_defense,
)
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.fire import FireOnHit, burning_dx_penalty, fire_on_hit
from rules.hit_location import attack_penalty, check_target, miss_by_one
from rules.injury import InjuryOutcome, RollRecord, apply_hit
from rules.maneuver import (
    ATTACK_MANEUVERS,
    AllOutAttackOption,
    AllOutDefenseOption,
    DefenseKind,
    Maneuver,
    ManeuverProfile,
    Modifier,
    MovementKind,
    PostureChange,
    change_posture,
    maneuver_profile,
)
from rules.options import RuleOptions
from rules.ranged import (
    WRONG_TARGET_CAP,
    FireMode,
    RangedPlan,
    RangedSituation,
    WeaponRange,
    as_fraction,
    plan_shot,
    shown,
    stray_exempt,
    weapon_range,
)
from rules.roller import DiceRoller
from rules.terrain import Water, level_modifiers, water_effects
from rules.throwing import ThrownObject, throw_object
from rules.turn import (
    OUT_OF_ACTION,
    STUNNED_LIKE,
    TurnState,
    ensure_may_choose,
    restriction_of,
)

__all__ = [
    "ERROR_KEYS",
    "AimCheck",
    "AttackOutcome",
    "AttackRequest",
    "DefenseChoice",
    "DefenseOutcome",
    "ManeuverOutcome",
    "ManeuverRequest",
    "ParryForOtherOutcome",
    "PendingDefense",
    "StrayShot",
    "Strike",
    "StrikeResult",
    "WeaponReadying",
    "aim_after_injury",
    "apply_strike",
    "attacks_used_this_turn",
    "defender_input",
    "defense_options",
    "parries_per_turn",
    "parry_for_other_options",
    "resolve_attack",
    "resolve_defense",
    "resolve_parry_for_other",
    "resolve_stray",
    "spend_dodge",
    "take_maneuver",
    "turn_profile",
    "weapon_ready_after_blow",
]

ERROR_KEYS: Final = frozenset(
    {
        "attack.no_weapon",
        "attack.weapon_dropped",
        "attack.weapon_unready",
        "attack.weapon_crippled",
        "attack.crippled_leg",
        "maneuver.cannot_walk",
        "attack.not_an_attack_maneuver",
        "attack.self",
        "attack.no_attacks_left",
        "defend.no_acrobatics",
        "defend.acrobatic_used",
        "defend.master_dodge_not_acrobatic",
        "defend.master_dodge_not_master",
        "defend.master_dodge_no_attack",
        "defend.master_dodge_no_parry",
        "maneuver.use_attack",
        "maneuver.needs_target",
        "maneuver.self_target",
        "maneuver.needs_posture",
        "maneuver.spare_wrong_maneuver",
        "maneuver.evade_needs_movement",
        "attack.thrown_needs_fast_draw",
        "attack.volley_needs_fast_draw",
        "attack.not_waiting",
        "maneuver.evade_grappled",
        "maneuver.already_chosen",
        "maneuver.no_maneuvers_left",
        "maneuver.concentrate_full_turn",
        "ranged.no_damage",
        "ranged.opportunity_needs_wait",
        "maneuver.before_first_turn",
        "attack.before_first_turn",
        "attack.series_maneuver",
    }
)
"""Every :class:`RuleError` key this module raises."""

UNARMED_PARRY_SKILLS: Final = ("judo", "karate", "brawling")
"""R11.12: the skills that parry bare-handed in close combat."""


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

    @property
    def victim(self) -> Combatant:
        """The victim after the blow, its fire included."""
        return self.fire.combatant if self.fire is not None else self.injury.combatant

    @property
    def total_injury(self) -> int:
        """Injury of the blow and its incendiary point (R10.2)."""
        extra = self.fire.incendiary if self.fire is not None else None
        return self.injury.injury + (extra.injury if extra is not None else 0)


class AttackOutcome(BaseModel):
    """What happened when the attack was rolled."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    attacker_id: str
    target_id: str
    attacker_name: str
    target_name: str
    strike: Strike
    effective: EffectiveSkill
    attack: AttackRoll | None
    """``None`` when the Fast-Draw failed and nothing was thrown or shot (R5.26, R5.22)."""
    fast_draw: FastDrawRoll | None = None
    wait_order: WaitOrder | None = None
    """Who struck first from a Wait; when the target did, ``attack`` is ``None`` and nothing
    was spent (R5.11)."""
    ranged: RangedPlan | None = None
    """What the distance, the target's size, cover and the way of shooting did (R12.x, A.8)."""
    thrown_object: ThrownObject | None = None
    """An object thrown by hand: its skill, damage and range from the tables (R12.1-R12.5)."""
    location_hit: HitLocation
    miss_by_one: bool = False
    feint: FeintOutcome | None = None
    attack_number: int = 1
    attacks_available: int = 1
    allowance_rule_ids: tuple[str, ...] = ()
    """The rules behind ``attacks_available`` (R5.8, R5.14, R5.15, R5.20, R5.27-R5.29)."""
    initiative_step: float | None = None
    ready_after: ReadyTime | None = None
    """An unbalanced weapon after this blow: the turns before it is ready again and whether
    it may still parry this turn (R5.5); ``None`` for a balanced one."""
    pending: PendingDefense | None = None
    defenses: DefenseOptions | None = None
    damage: StrikeResult | None = None
    attacker_turn: TurnState
    target_turn: TurnState

    @property
    def awaiting_defense(self) -> bool:
        return self.pending is not None


class DefenseChoice(BaseModel):
    """The defense the target's player picked; ``kind`` ``None`` means "no defense"."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: DefenseKind | None
    weapon_index: int | None = None
    acrobatic: bool = False
    master_dodge: bool = False
    """R5.18: a master's DX/Jumping/Acrobatics roll first, to double his Dodge."""


class DefenseOutcome(BaseModel):
    """A defense rolled (or declined) and what followed."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    pending: PendingDefense
    roll: DefenseRoll | None
    defended: bool
    second_defense: PendingDefense | None = None
    defenses: DefenseOptions | None = None
    damage: StrikeResult | None = None
    target_turn: TurnState
    concentration: SuccessRoll | None = None
    """R5.10: the IQ-3 roll (Will-3 with ``concentrate_will``) a concentrating defender makes
    after defending."""
    concentration_on_will: bool = False
    """``concentration`` was rolled against Will, not IQ."""
    acrobatics: SuccessRoll | None = None
    """R6.4: the Acrobatics roll before an acrobatic Dodge."""
    master_dodge: SuccessRoll | None = None
    """R5.18: the enabling roll before a master's doubled Dodge."""
    master_attack_ahead: bool = False
    """R5.18: the doubled Dodge's attack came off his turn still to come this round."""
    combatant: Combatant | None = None
    """The target's sheet when the defense itself changed it (a master's fall on a critical
    failure, R5.18); damage that lands already starts from it."""
    aim_lost: bool = False
    """The defender was aiming: defending lost the Aim (R5.3)."""


# --------------------------------------------------------------------------- inputs


def turn_profile(turn: TurnState) -> ManeuverProfile | None:
    """The profile of the maneuver in ``turn``, if one was chosen this turn (R4.4, R4.5)."""
    if turn.maneuver is None:
        return None
    maneuver = Maneuver(turn.maneuver)
    # With extra maneuvers (R5.28, R5.29) an All-Out one taken earlier in the turn still sets
    # the defenses until his next turn (R4.5).
    if turn.all_out_attack:
        maneuver = Maneuver.all_out_attack
    elif turn.all_out_defense:
        maneuver = Maneuver.all_out_defense
    aod = None
    if maneuver is Maneuver.all_out_defense and turn.all_out_defense:
        aod = AllOutDefenseOption(turn.all_out_defense)
    aoa = None
    if maneuver is Maneuver.all_out_attack and turn.all_out_attack:
        aoa = AllOutAttackOption(turn.all_out_attack)
    return maneuver_profile(
        maneuver,
        all_out_attack_option=aoa,
        all_out_defense_option=aod,
        readying_missile_weapon=turn.readying_missile,
    )


def weapon_ready_after_blow(sheet: Combatant, weapon: Weapon) -> ReadyTime | None:
    """R5.5: an unbalanced weapon (the tables' ``U``) is out of hand after a blow and takes a
    turn of Ready before it strikes or parries again; ST 5 over its minimum takes that turn
    off, and ST 10 over it wields it like a balanced weapon, parrying in the turn it struck.
    ``None`` for a balanced weapon."""
    if not weapon.unbalanced:
        return None
    return ready_time(1, sheet.st, weapon.min_st)


def _parry_refusal(sheet: Combatant, turn: TurnState, weapon: Weapon) -> tuple[str, str] | None:
    """Why ``weapon`` cannot parry now (a ``defend.*`` key and its rule), if it cannot."""
    if weapon.name in sheet.state.dropped:
        return "defend.weapon_dropped", "R7.8"
    if sheet.wields_with_crippled_arm(weapon):
        return "defend.weapon_crippled", "R7.16"
    if turn.unready_weapons.get(weapon.name):
        return "defend.weapon_unready", "R5.5"
    if weapon.name in turn.struck_with:
        ready = weapon_ready_after_blow(sheet, weapon)
        if ready is not None and not ready.acts_balanced:
            return "defend.unbalanced_struck", "R5.5"
    return None


def _parry_weapons(target: Combatant, turn: TurnState, close_combat: bool) -> list[ParryWeapon]:
    """Every weapon that parries, those that cannot right now with the reason (dropped R7.8,
    crippled arm R7.16, unready or unbalanced after a blow R5.5)."""
    weapons: list[ParryWeapon] = []
    # A passing DX penalty (burning clothes, R10.5-R10.7) lowers each parrying skill.
    burning = burning_dx_penalty(target.state)
    penalty = burning.value if burning is not None else 0
    for weapon in target.weapons:
        if not weapon.can_parry or weapon.thrown:
            continue
        refusal = _parry_refusal(target, turn, weapon)
        parry = target.parry(weapon)
        weapons.append(
            ParryWeapon(
                name=weapon.name,
                parry=parry if parry is not None else 0,
                side=target.hand_of(weapon),
                two_handed=weapon.two_handed,
                fencing=weapon.fencing,
                # R6.7: under 1 kg; a knife is always that light (the sheet may not say).
                light=weapon.knife or weapon.weight_kg < 1,
                parries_used=turn.weapon_parries.get(weapon.name, 0),
                dx_change=half_skill_change(weapon.skill, penalty),
                refusal=refusal[0] if refusal is not None else None,
                refusal_rule=refusal[1] if refusal is not None else None,
            )
        )
    if close_combat:
        known = [(name, target.skill(name)) for name in UNARMED_PARRY_SKILLS]
        levels = [(name, level) for name, level in known if level is not None]
        if levels:
            name, level = max(levels, key=lambda pair: pair[1])
            bonus = 1 if target.has(Trait.COMBAT_REFLEXES) else 0
            weapons.append(
                ParryWeapon(
                    name=name,
                    parry=3 + level // 2 + bonus,
                    unarmed=True,
                    parries_used=turn.weapon_parries.get(name, 0),
                    dx_change=half_skill_change(level, penalty),
                )
            )
    return weapons


def defender_input(
    target: Combatant, turn: TurnState, pending: PendingDefense | None = None
) -> DefenderInput:
    """The defense rules' view of ``target`` and his turn state (R4.5)."""
    close = pending is not None and pending.context.close_combat
    burning = burning_dx_penalty(target.state)
    shield = None
    if target.shield is not None and target.block is not None:
        crippled = target.shield_arm_crippled
        shield = ShieldDefense(
            block=target.block,
            db=target.shield.db,
            large=target.shield.large,
            db_suppressed=turn.shield_bashed,
            dx_change=half_skill_change(target.shield.skill, burning.value) if burning else 0,
            # A crippled shield arm neither blocks nor holds the shield up (R7.16).
            refusal="defend.shield_arm_crippled" if crippled else None,
            refusal_rule="R7.16" if crippled else None,
        )
    state = target.state
    # The same map as the maneuvers (rules.turn.restriction_of): stunned, mentally stunned or
    # paralysed by total surprise (no better off than the mentally stunned man he becomes
    # afterwards) defends at -4 without Retreat (R7.10, R7.11, R2.1); the dead, unconscious
    # (cardiac arrest included), asleep and collapsed do not defend (R4.2, R8.2).
    limit = restriction_of(target, turn)
    tried = frozenset(r.option.kind for r in pending.tried) if pending is not None else frozenset()
    return DefenderInput(
        dodge=target.base_dodge,
        weapons=tuple(_parry_weapons(target, turn, close)),
        shield=shield,
        posture=state.posture,
        stunned=limit in STUNNED_LIKE,
        reeling=target.is_reeling,
        tired=target.is_tired,
        maneuver=turn_profile(turn),
        blocks_used=turn.blocks_used,
        parries_used=turn.parries_used,
        # R6.9: one Retreat a turn, but a Retreat already taken against this very blow keeps
        # its bonus for the second defense All-Out Defense allows against it (R5.12).
        retreat_used=turn.retreat_used and not (pending is not None and pending.retreated),
        parried_for_other=turn.defending_for_others_penalty != 0,
        close_combat=close,
        grappled=turn.grappled,
        chambara=target.has(Trait.TRAINED_BY_A_MASTER),
        combat_reflexes=target.has(Trait.COMBAT_REFLEXES),
        already_tried=tried,
        can_defend=limit not in OUT_OF_ACTION,
        dx_penalty=burning,
        dodge_dx_change=target.dodge_change_for_dx(burning.value) if burning else 0,
    )


def parries_per_turn(target: Combatant, options: RuleOptions) -> int | None:
    """Parries a turn under the cinematic multiple-attack rules (R5.14) or a master's chambara
    rules (R5.15: one extra Parry with each extra Attack); ``None`` otherwise, when the Basic
    Set's repeated parries at a cumulative penalty apply (A.4)."""
    master = target.has(Trait.TRAINED_BY_A_MASTER)
    if not (options.cinematic_multiple_attacks or master) or not target.weapons:
        return None
    best = max(weapon.skill for weapon in target.weapons)
    return attacks_per_turn(best, options, chambara=master).parries


def defense_options(
    target: Combatant, turn: TurnState, pending: PendingDefense, options: RuleOptions
) -> DefenseOptions:
    """The defenses ``target`` has right now against ``pending``."""
    defender = defender_input(target, turn, pending).model_copy(
        update={"parries_per_turn": parries_per_turn(target, options)}
    )
    return available_defenses(defender, pending.context, options)


def parry_for_other_options(
    defender: Combatant,
    defender_turn: TurnState,
    target: Combatant,
    pending: PendingDefense,
    options: RuleOptions,
) -> DefenseOptions:
    """R6.8: the parries ``defender`` can spend on a blow aimed at ``target``: -4, plus the
    target's shield DB when the blow comes from his front or shield side."""
    shield_faces = pending.context.arc in (Arc.front, Arc.left)
    ally_db = target.shield_db if target.shield is not None and shield_faces else 0
    # A Feint (R5.9) and two blows on one foe (R5.7) weaken the victim's guard, not the ally's.
    context = pending.context.model_copy(
        update={
            "for_other": True,
            "ally_shield_db": ally_db,
            "arc": Arc.front,
            "feint_penalty": 0,
            "dual_weapon_same_target": False,
        }
    )
    mine = defender_input(defender, defender_turn).model_copy(
        update={"parries_per_turn": parries_per_turn(defender, options)}
    )
    return available_defenses(mine, context, options)


def _weapon(attacker: Combatant, turn: TurnState, request: AttackRequest) -> Weapon | None:
    chosen: Weapon | None = None
    if request.weapon is not None:
        chosen = attacker.weapon(request.weapon)
    elif request.skill is None or request.damage is None:
        if not attacker.weapons:
            raise RuleError(
                "attack.no_weapon",
                f"{attacker.name} has no weapon: give a skill and a damage",
                combatant=attacker.name,
            )
        chosen = attacker.weapons[0]
    if chosen is not None and chosen.name in attacker.state.dropped:
        # R7.8: dropped when he was knocked down; a Ready maneuver picks it up.
        raise RuleError(
            "attack.weapon_dropped",
            f"{attacker.name} dropped the {chosen.name}",
            combatant=attacker.name,
            weapon=chosen.name,
        )
    if chosen is not None and attacker.wields_with_crippled_arm(chosen):
        raise RuleError(
            "attack.weapon_crippled",
            f"{attacker.name} holds the {chosen.name} in a crippled arm or hand",
            combatant=attacker.name,
            weapon=chosen.name,
        )
    turns = turn.unready_weapons.get(chosen.name, 0) if chosen is not None else 0
    if chosen is not None and turns:
        # R5.5: out of hand after a blow (or picked up from the ground): Ready it first.
        raise RuleError(
            "attack.weapon_unready",
            f"the {chosen.name} needs {turns} more turns of Ready",
            combatant=attacker.name,
            weapon=chosen.name,
            turns=turns,
        )
    return chosen


def _thrown_object(sheet: Combatant, request: AttackRequest) -> ThrownObject | None:
    """R12.1-R12.5: an object thrown by hand, when the attack names its weight."""
    if request.thrown_kg is None:
        return None
    attributes = sheet.attributes
    thrown = throw_object(attributes.st, attributes.dx, request.thrown_kg, sheet.skill("throwing"))
    if thrown.damage is None and request.damage is None:
        raise RuleError(
            "ranged.no_damage",
            f"ST {attributes.st} throwing {request.thrown_kg} kg does no damage (R12.2)",
            st=attributes.st,
            kg=shown(thrown.weight),
        )
    return thrown


SHIELD_BASH_DAMAGE: Final = "thr cr"
"""A shield bash's damage when the attack gives none: thrust crushing (``damage`` overrides)."""


def _shield_bash(sheet: Combatant, request: AttackRequest) -> AttackRequest:
    """A blow with the shield (the ``weapon`` named as the sheet's shield, and no weapon of
    that name): the Shield skill, thrust crushing, parried at -2 (R6.7), and its DB lost to
    his defenses until his next turn (R11.27)."""
    shield = sheet.shield
    named = request.weapon
    if shield is None or named is None or request.shield_bash:
        return request
    if named.casefold() != shield.name.casefold():
        return request
    if any(w.name.casefold() == named.casefold() for w in sheet.weapons):
        return request
    return request.model_copy(
        update={
            "shield_bash": True,
            "weapon": None,
            "skill": request.skill if request.skill is not None else shield.skill,
            "damage": request.damage if request.damage is not None else SHIELD_BASH_DAMAGE,
        }
    )


def _launcher(request: AttackRequest, weapon: Weapon | None) -> RangedClass:
    """Bow, crossbow or other: as the ``moving`` choice says, else as the sheet says."""
    if request.ranged_class is not RangedClass.other or weapon is None:
        return request.ranged_class
    return RangedClass(weapon.launcher) if weapon.launcher else RangedClass.other


def _plan_shot(
    sheet: Combatant,
    target: Combatant,
    *,
    weapon: Weapon | None,
    thrown: ThrownObject | None,
    request: AttackRequest,
    kind: AttackKind,
    ground: _Ground,
) -> RangedPlan | None:
    """A ranged attack's situation completed from the sheets (the target's Size Modifier,
    the weapon's range and launcher) and the ground (how much higher the target stands,
    R12.8, R12.9; ranges under water, R13.4), read on the tables (A.8, R12.x)."""
    if kind is AttackKind.melee:
        return None
    situation = request.situation or RangedSituation()
    situation = situation.model_copy(
        update={
            "target_size": target.size_modifier,
            "bow": _launcher(request, weapon) is RangedClass.bow,
            "height": ground.height,
        }
    )
    if thrown is not None:
        ranges = WeaponRange(maximum=thrown.distance)
    else:
        ranges = weapon_range(weapon.range if weapon else None, sheet.attributes.st)
    if ground.range_divisor != 1:
        ranges = WeaponRange(
            half_damage=None if ranges.half_damage is None else ranges.half_damage / 10,
            maximum=None if ranges.maximum is None else ranges.maximum / 10,
        )
    return plan_shot(situation, ranges)


class _Ground(NamedTuple):
    """What the ground does to one attack: levels (R13.1, R13.2) and water (R13.4, R13.5)."""

    modifiers: tuple[Modifier, ...] = ()
    defense: int = 0
    """R13.2: to the target's defenses, + when he stands higher."""
    damage_factor: Fraction = Fraction(1)
    range_divisor: int = 1
    height: Fraction = Fraction(0)
    """Metres the target stands above the attacker."""


def _ground(
    attacker: EncounterCombatant,
    target: EncounterCombatant,
    request: AttackRequest,
    *,
    weapon: Weapon | None,
    kind: AttackKind,
) -> _Ground:
    """Heights from both fighters' turn states, water from the attacker's."""
    mine, theirs = as_fraction(attacker.turn.elevation), as_fraction(target.turn.elevation)
    mods: list[Modifier] = []
    defense = 0
    if kind is AttackKind.melee and mine != theirs:
        # R13.1: a weapon's length read from its reach, 1 m a hex (an ordinary one is 1 m).
        length = Fraction(max(1, reach_length(weapon.reach))) if weapon is not None else Fraction(1)
        levels = level_modifiers(mine, theirs, request.location, length)
        mods.extend(levels.attack)
        defense = levels.defense
    factor, divisor = Fraction(1), 1
    if attacker.turn.water:
        launcher = _launcher(request, weapon)
        ranged = None
        if kind is AttackKind.thrown:
            ranged = "thrown"
        elif kind is AttackKind.missile:
            ranged = launcher.value
        effects = water_effects(
            Water(attacker.turn.water),
            reach_length(weapon.reach) if weapon is not None else 0,
            natural=weapon is None or weapon.natural,
            encumbrance=attacker.combatant.encumbrance_level,
            ranged_kind=ranged,
        )
        mods.extend(effects.modifiers)
        factor, divisor = effects.damage_factor, effects.range_divisor
    return _Ground(tuple(mods), defense, factor, divisor, theirs - mine)


def _weapon_kind(weapon: Weapon | None) -> AttackKind:
    """What the weapon on the sheet shoots or swings: a thrown weapon is thrown; one with an
    Accuracy or a Snap Shot number (R5.3, G4) is a missile weapon (R6.5, B376); else melee."""
    if weapon is None:
        return AttackKind.melee
    if weapon.thrown:
        return AttackKind.thrown
    if weapon.snap_shot is not None or weapon.accuracy > 0:
        return AttackKind.missile
    return AttackKind.melee


# --------------------------------------------------------------------------- damage


def apply_strike(
    strike: Strike, target: Combatant, roller: DiceRoller, options: RuleOptions
) -> StrikeResult:
    """Roll the blow's damage (thr/sw from ST, A.3) and run it through the injury pipeline."""
    parsed = parse_damage(strike.damage)
    expression = parsed.expression(strike.st)
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


def _land(
    strike: Strike,
    victim: Combatant,
    turn: TurnState,
    roller: DiceRoller,
    options: RuleOptions,
) -> tuple[StrikeResult, TurnState]:
    """A blow that got through: its damage, then the victim's Will roll if he was aiming."""
    damage = apply_strike(strike, victim, roller, options)
    after, aim = aim_after_injury(damage.victim, turn, damage.total_injury, roller, options)
    return damage.model_copy(update={"aim": aim}), after


# --------------------------------------------------------------------------- the exchange


def _wait_order(
    attacker: EncounterCombatant,
    target: EncounterCombatant,
    request: AttackRequest,
    *,
    weapon: Weapon | None,
    skill: int,
    roller: DiceRoller,
    options: RuleOptions,
) -> WaitOrder | None:
    """R5.11: only a fighter who chose Wait asks who strikes first; his foe counts with his
    longest weapon (bare hands: close combat reach, DX). Once decided against a foe, the
    result stands for the rest of the turn: asking again rolls nothing."""
    if not request.wait_order:
        return None
    if attacker.turn.maneuver != Maneuver.wait.value:
        raise RuleError(
            "attack.not_waiting",
            f"{attacker.combatant.name} is not waiting",
            combatant=attacker.combatant.name,
        )
    decided = attacker.turn.wait_orders.get(target.combatant_id)
    if decided is not None:
        return decided.model_copy(update={"earlier": True})
    foe = target.combatant
    longest = max(foe.weapons, key=lambda w: reach_length(w.reach), default=None)
    other = (
        (reach_length(longest.reach), longest.skill)
        if longest is not None
        else (0, foe.attributes.dx)
    )
    mine = (reach_length(weapon.reach) if weapon is not None else 1, skill)
    return wait_order(mine, other, roller, options)


def _fast_draw_level(
    sheet: Combatant, request: AttackRequest, kind: AttackKind, count: AttackCount, number: int
) -> int | None:
    """The Fast-Draw this attack rolls first, or ``None``.

    Only a fighter with multiple attacks draws this way. R5.26: every thrown weapon needs a
    Fast-Draw roll. R5.22: an archer shoots more than one arrow only as a volley, each arrow
    drawn with Fast-Draw; a first shot without it is an ordinary (perhaps aimed) one.
    """
    if count.attacks < 2 or kind is AttackKind.melee:
        return None
    level = request.fast_draw if request.fast_draw is not None else sheet.skill("fast_draw")
    if level is not None:
        return level
    if kind is AttackKind.thrown:
        raise RuleError(
            "attack.thrown_needs_fast_draw",
            f"{sheet.name} needs Fast-Draw to throw several weapons in a turn",
            combatant=sheet.name,
        )
    if number > 1:
        raise RuleError(
            "attack.volley_needs_fast_draw",
            f"{sheet.name} needs Fast-Draw to shoot several arrows in a turn",
            combatant=sheet.name,
        )
    return None


def attacks_used_this_turn(turn: TurnState) -> int:
    """Attacks already made in the attacker's current turn (counted from his turn's start)."""
    return turn.attacks_used if turn.attacks_turn == turn.turns_taken else 0


def extra_maneuvers(sheet: Combatant) -> tuple[int, int]:
    """Maneuvers a turn beyond the first: super-speed's, one per 6 points of Basic Speed
    (R5.29), and Altered Time Rate's, one per level (R5.28)."""
    return maneuvers_per_turn(sheet.attributes.basic_speed) - 1, sheet.altered_time_rate


def _other_maneuvers(turn: TurnState, attacks_used: int) -> int:
    """The turn's maneuvers that are not its attacks; a Wait the first attack sets off becomes
    that attack (R5.11). A maneuver chosen counts as one even in states saved before these
    were counted."""
    others = turn.other_maneuvers
    if attacks_used:
        return others
    if turn.maneuver == Maneuver.wait.value:
        return max(0, others - 1)
    if turn.turns_taken and turn.maneuver is not None:
        return max(others, 1)
    return others


def _extra_maneuvers_for_attacks(
    sheet: Combatant, turn: TurnState, attacks_used: int
) -> tuple[int, int]:
    """The extra maneuvers still free to attack with, super-speed's then Altered Time Rate's:
    those the turn's other maneuvers did not take, less the one the attacks themselves take
    when nothing else was chosen (R5.28, R5.29)."""
    speed, altered = extra_maneuvers(sheet)
    free = max(0, speed + altered - _other_maneuvers(turn, attacks_used))
    from_speed = min(speed, free)
    return from_speed, free - from_speed


def _next_attack(
    sheet: Combatant,
    turn: TurnState,
    request: AttackRequest,
    skill: int,
    options: RuleOptions,
    *,
    counting: bool,
) -> tuple[AttackCount, int]:
    """The turn's allowance and this attack's number in it; refuses one past the allowance.

    The allowance comes from this attack's maneuver, or from the All-Out Attack
    already taken this turn: R5.7 two weapons (one attack per hand, never a
    third), R5.8/R5.20 All-Out Attack (double), R5.14/R5.15 multiple attacks,
    R5.27 the master's second weapon, one more for each extra maneuver the turn still has
    (Altered Time Rate R5.28, super-speed R5.29). The
    GM may let one more through (``beyond_allowance``). Without ``counting``
    (the turn sequence has not started) attacks are numbered but never refused.
    """
    used = attacks_used_this_turn(turn)
    all_out = request.all_out_option
    if all_out is None and used and turn.all_out_attack is not None:
        all_out = AllOutAttackOption(turn.all_out_attack)
    speed, altered = _extra_maneuvers_for_attacks(sheet, turn, used)
    count = attacks_per_turn(
        skill,
        options,
        chambara=request.chambara,
        all_out_option=all_out,
        two_weapons=request.dual_weapon is not None,
        extra_maneuvers=altered,
        super_speed_maneuvers=speed,
    )
    number = used + 1
    if counting and number > count.attacks and not request.beyond_allowance:
        raise RuleError(
            "attack.no_attacks_left",
            f"{sheet.name} has made all {count.attacks} attacks of this turn",
            combatant=sheet.name,
            allowed=count.attacks,
            rules=", ".join(count.rule_ids) or "R4.4",
        )
    return count, number


def resolve_attack(
    attacker: EncounterCombatant,
    target: EncounterCombatant,
    request: AttackRequest,
    roller: DiceRoller,
    options: RuleOptions,
    *,
    count_attacks: bool = True,
    awaits_first_turn: bool = False,
) -> AttackOutcome:
    """Roll the attack; on a hit either wait for a defense or go straight to damage.

    An attack past the turn's allowance is refused (``attack.no_attacks_left``)
    unless the request says the GM allows it; ``count_attacks`` is off before
    the turn sequence starts, when there is no turn to count them in. In a running
    fight an attacker who ``awaits_first_turn`` has no maneuver yet (R4.4): refused
    (``attack.before_first_turn``) unless the GM allows it.

    A critical hit (A.1) or a target with no possible defense (All-Out Attack
    R5.8, an unseen rear attack R6.10) takes the damage at once.
    """
    if attacker.combatant_id == target.combatant_id:
        raise RuleError("attack.self", "a combatant cannot attack himself")
    if request.maneuver not in ATTACK_MANEUVERS:
        raise RuleError(
            "attack.not_an_attack_maneuver",
            f"{request.maneuver.value} is not an attack maneuver",
            maneuver=request.maneuver.value,
        )
    sheet = attacker.combatant
    ensure_may_choose(attacker, request.maneuver)
    if awaits_first_turn and not request.beyond_allowance:
        raise RuleError(
            "attack.before_first_turn",
            f"{sheet.name} has not had his first turn yet",
            combatant=sheet.name,
        )
    if attacker.turn.maneuver not in _ATTACK_MANEUVER_VALUES:
        _ensure_maneuver_left(sheet, attacker.turn)
    series = _series_maneuver(sheet, attacker.turn, request)
    if sheet.has(Trait.TRAINED_BY_A_MASTER) and not request.chambara:
        # A master on the sheet fights under the chambara rules (R5.15-R5.27).
        request = request.model_copy(update={"chambara": True})
    if request.close_combat and request.maneuver is Maneuver.all_out_attack:
        # R11.24: no All-Out Attack in close combat, but for animals or by the GM's R11.25.
        maneuver_profile(
            request.maneuver,
            all_out_attack_option=request.all_out_option,
            close_combat=True,
            animal=sheet.rise_class is not RiseClass.HUMANOID,
            allow_all_out_in_close_combat=options.all_out_in_close_combat,
        )
    if request.maneuver is Maneuver.move_and_attack and sheet.crippled_legs:
        # A crippled leg or foot (R7.16, the Basic Set's effects) allows no running blow.
        raise RuleError(
            "attack.crippled_leg",
            f"{sheet.name} cannot Move and Attack on a crippled leg",
            combatant=sheet.name,
        )
    thrown = _thrown_object(sheet, request)
    bash = _shield_bash(sheet, request)
    shield_blow, request = bash is not request, bash
    weapon = None if thrown is not None or shield_blow else _weapon(sheet, attacker.turn, request)
    skill = request.skill if request.skill is not None else (weapon.skill if weapon else 0)
    damage_text = (
        request.damage if request.damage is not None else (weapon.damage if weapon else "")
    )
    if thrown is not None:
        if request.skill is None:
            skill = thrown.skill
        if request.damage is None:
            # R12.1: the damage type is not given; crushing for a blunt object.
            damage_text = f"{thrown.damage} cr"
    parsed = parse_damage(damage_text)
    check_target(
        request.location,
        parsed.damage_type,
        tight_beam=parsed.tight_beam,
        from_side=request.arc in (Arc.left, Arc.right),
    )
    kind = request.kind or (AttackKind.thrown if thrown else _weapon_kind(weapon))
    opportunity = request.situation is not None and request.situation.mode is FireMode.opportunity
    if opportunity and kind is AttackKind.melee:
        kind = AttackKind.missile  # R12.13 is a shot: a weapon not on the sheet is a missile one
    if opportunity and count_attacks and attacker.turn.maneuver != Maneuver.wait.value:
        raise RuleError(
            "ranged.opportunity_needs_wait",
            f"{sheet.name} must take the Wait maneuver first (R12.13)",
            combatant=sheet.name,
        )
    turn = attacker.turn
    ground = _ground(attacker, target, request, weapon=weapon, kind=kind)
    plan = _plan_shot(
        sheet,
        target.combatant,
        weapon=weapon,
        thrown=thrown,
        request=request,
        kind=kind,
        ground=ground,
    )
    # The target's shield is carried on his left (ShieldDefense.side): that arm and hand are
    # harder to hit (R7.21, R7.22).
    location = attack_penalty(
        request.location,
        chinks_in_armor=request.chinks_in_armor,
        holding_shield=target.combatant.shield is not None and request.side is Side.LEFT,
        options=options,
    )
    evaluate = 0
    if turn.evaluate_target == target.combatant_id:
        evaluate = min(3, turn.evaluate_turns)
    aim_turns = turn.aim_turns if turn.aim_target == target.combatant_id else 0
    if plan is not None and plan.no_aim:
        aim_turns = 0  # R12.7: a pop-up attack is never aimed
    if plan is not None and plan.aim_turns:
        aim_turns = max(aim_turns, plan.aim_turns)  # R12.13: aimed at the one hex he watches
    feint_penalty = turn.feint_penalty if turn.feint_target == target.combatant_id else 0
    shield_db = sheet.shield.db if sheet.shield is not None else 0
    count, number = _next_attack(sheet, turn, request, skill, options, counting=count_attacks)
    order = _wait_order(
        attacker, target, request, weapon=weapon, skill=skill, roller=roller, options=options
    )
    who = {
        "attacker_id": attacker.combatant_id,
        "target_id": target.combatant_id,
        "attacker_name": sheet.name,
        "target_name": target.combatant.name,
    }
    # The blow as asked for; an attack that is never rolled reports this one.
    planned = Strike(
        weapon=weapon.name if weapon is not None else None,
        damage=damage_text,
        st=sheet.attributes.st,
        location=request.location,
        side=request.side,
    )
    if order is not None and not order.waiter_first:
        # Nothing is spent, but who strikes first is settled (R5.11).
        kept = {
            **turn.wait_orders,
            target.combatant_id: order.model_copy(update={"earlier": False}),
        }
        return AttackOutcome(
            **who,
            strike=planned,
            effective=EffectiveSkill(base=skill, modifiers=(), value=skill),
            attack=None,
            wait_order=order,
            location_hit=request.location,
            attack_number=number,
            attacks_available=count.attacks,
            allowance_rule_ids=count.rule_ids,
            attacker_turn=turn.model_copy(update={"wait_orders": kept}),
            target_turn=target.turn,
        )
    draw_level = _fast_draw_level(sheet, request, kind, count, number)
    if draw_level is not None and kind is AttackKind.missile:
        aim_turns = 0  # R5.22: none of a volley's arrows is aimed
    # A later blow of the same turn keeps its maneuver (R4.4): an All-Out Attack (no defense
    # until his next turn) with its bonus, +4 or +2 damage for the whole series (R5.20), and
    # two weapons without the dual-weapon -4 (R5.7, R5.8); a Move and Attack its penalties.
    maneuver, all_out_option = (
        series if series is not None else (request.maneuver, request.all_out_option)
    )
    # R10.5-R10.7: burning clothes or shield, DX -2 or -3 on a DX-based weapon skill.
    burning = burning_dx_penalty(sheet.state)
    on_fire = (burning,) if burning is not None else ()
    attack_input = AttackInput(
        skill=skill,
        maneuver=maneuver,
        all_out_option=all_out_option,
        kind=kind,
        hit_location_penalty=location.value,
        modifier=request.modifier,
        wild_swing=request.wild_swing,
        darkness_penalty=request.darkness_penalty,
        hexes_crossed=request.hexes_crossed,
        dual_weapon=request.dual_weapon,
        chambara=request.chambara,
        # R5.27: the master's second weapon adds one attack at -4, the last of his series.
        chambara_extra_attack=count.penalized_attacks > 0 and number == count.attacks,
        aim_turns=aim_turns,
        braced=turn.aim_braced and aim_turns > 0,
        accuracy=weapon.accuracy if weapon is not None else 0,
        snap_shot=weapon.snap_shot if weapon is not None else None,
        evaluate_bonus=evaluate,
        shock_penalty=sheet.state.shock_penalty,
        posture=sheet.state.posture,
        close_combat_rounds=request.close_combat_rounds if request.close_combat else 0,
        shield_db=shield_db,
        moving=request.moving or (Gait.walk if maneuver is Maneuver.move_and_attack else None),
        ranged_class=_launcher(request, weapon),
        close_combat_weapon=request.close_combat and weapon is not None and not weapon.natural,
        blind=plan is not None and plan.blind,
        situation=(
            *ground.modifiers,
            *(plan.modifiers if plan is not None else ()),
            *on_fire,
        ),
        forced_snap_rule=plan.forced_snap_rule if plan is not None else None,
    )
    effective = effective_attack_skill(attack_input)
    if request.stray_skill is not None:
        # R12.12: a missed shot reaching a bystander rolls against its effective skill or 9.
        capped = min(request.stray_skill, WRONG_TARGET_CAP)
        effective = EffectiveSkill(
            base=request.stray_skill,
            modifiers=(),
            cap=capped if capped < request.stray_skill else None,
            cap_rule_id="R12.12" if capped < request.stray_skill else None,
            value=capped,
        )
    feinted: FeintOutcome | None = None
    if (
        request.maneuver is Maneuver.all_out_attack
        and request.all_out_option is AllOutAttackOption.feint
    ):
        # R5.8 (b): the Feint's contest first; its penalty goes on this attack's defense.
        feinted = feint(
            skill,
            _feint_defense(target.combatant),
            roller,
            options,
            modifiers=_feint_modifiers(evaluate, sheet.state.shock_penalty),
        )
        feint_penalty = max(feint_penalty, feinted.penalty)
    attacker_turn = turn.model_copy(
        update={
            "maneuver": maneuver.value,
            "all_out_attack": (
                (all_out_option or AllOutAttackOption.determined).value
                if maneuver is Maneuver.all_out_attack
                else None
            ),
            "aim_turns": 0,
            "aim_target": None,
            "aim_braced": False,
            "attacks_used": number,
            "attacks_turn": turn.turns_taken,
            "other_maneuvers": _other_maneuvers(turn, number - 1),
            "attack_maneuvers": _attack_maneuvers(count, number),
            "fought": True,
            "evaluate_turns": 0,
            "evaluate_target": None,
            "feint_penalty": 0 if feint_penalty else turn.feint_penalty,
            "feint_target": None if feint_penalty else turn.feint_target,
            # R11.27: a blow with the shield takes its DB off his defenses until his next turn.
            "shield_bashed": turn.shield_bashed or request.shield_bash,
        }
    )
    step = initiative_slots(sheet.attributes.basic_speed, max(count.attacks, number))[number - 1]
    drawn: FastDrawRoll | None = None
    if draw_level is not None:
        drawn = fast_draw(
            draw_level, kind, number, roller, options, shock_penalty=sheet.state.shock_penalty
        )
        if not drawn.drawn:
            # Nothing to throw or shoot: this attack is spent, and a failed arrow ends the
            # volley (R5.22's reading); an unused Feint stays for a later blow.
            spent = count.attacks if kind is AttackKind.missile else number
            return AttackOutcome(
                **who,
                strike=planned,
                effective=effective,
                attack=None,
                fast_draw=drawn,
                location_hit=request.location,
                attack_number=number,
                attacks_available=count.attacks,
                allowance_rule_ids=count.rule_ids,
                initiative_step=step,
                attacker_turn=attacker_turn.model_copy(
                    update={
                        "attacks_used": max(spent, number),
                        "feint_penalty": turn.feint_penalty,
                        "feint_target": turn.feint_target,
                    }
                ),
                target_turn=target.turn,
            )
    ready_after: ReadyTime | None = None
    if weapon is not None:
        # R5.5: the blow is struck; an unbalanced weapon may be out of hand until readied.
        ready_after = weapon_ready_after_blow(sheet, weapon)
        attacker_turn = attacker_turn.model_copy(
            update=_struck(attacker_turn, weapon.name, ready_after)
        )
    roll = roll_attack(effective, roller, options)
    location_hit = request.location
    missed_by_one = False
    if not roll.hit and roll.roll.margin == -1 and not roll.critical_miss:
        landed = miss_by_one(request.location, roller)
        if landed is not None:
            location_hit = landed.location
            missed_by_one = True
            roll = roll.model_copy(update={"hit": True, "defense_allowed": True})
    strike = planned.model_copy(
        update={
            "damage_bonus": all_out_damage_bonus(maneuver, all_out_option),
            "location": location_hit,
            "chinks_in_armor": request.chinks_in_armor and not missed_by_one,
            "knockback_bullet": weapon is not None and weapon.knockback_bullet,
            "half_damage": plan is not None and plan.half_damage,
            "damage_factor": ground.damage_factor,
        }
    )
    base = {
        **who,
        "strike": strike,
        "effective": effective,
        "attack": roll,
        "location_hit": location_hit,
        "miss_by_one": missed_by_one,
        "feint": feinted,
        "fast_draw": drawn,
        "wait_order": order,
        "attack_number": number,
        "attacks_available": count.attacks,
        "allowance_rule_ids": count.rule_ids,
        "initiative_step": step,
        "ranged": plan,
        "thrown_object": thrown,
        "ready_after": None if ready_after is None or ready_after.acts_balanced else ready_after,
        "attacker_turn": attacker_turn,
        "target_turn": target.turn,
    }
    if not roll.hit:
        return AttackOutcome.model_validate(base)
    if roll.critical_hit:
        damage, hurt = _land(strike, target.combatant, target.turn, roller, options)
        return AttackOutcome.model_validate({**base, "damage": damage, "target_turn": hurt})
    context = AttackContext(
        kind=kind,
        arc=request.arc,
        aware_of_rear=request.aware_of_rear,
        unseen=request.unseen,
        flail=weapon.flail if weapon is not None else False,
        shield_bash=request.shield_bash,
        small_thrown=kind is AttackKind.thrown and weapon is not None and weapon.knife,
        feint_penalty=feint_penalty,
        dual_weapon_same_target=request.dual_weapon_same_target,
        close_combat=request.close_combat,
        level_defense=ground.defense,
        from_above=request.from_above,
        aware_of_above=request.aware_of_above,
    )
    pending = PendingDefense(
        attacker_id=attacker.combatant_id,
        target_id=target.combatant_id,
        attacker_name=sheet.name,
        target_name=target.combatant.name,
        strike=strike,
        context=context,
        attack=roll,
    )
    defenses = defense_options(target.combatant, target.turn, pending, options)
    if not defenses.options:
        damage, hurt = _land(strike, target.combatant, target.turn, roller, options)
        return AttackOutcome.model_validate(
            {**base, "defenses": defenses, "damage": damage, "target_turn": hurt}
        )
    return AttackOutcome.model_validate({**base, "pending": pending, "defenses": defenses})


class StrayShot(BaseModel):
    """R12.12: one bystander in the line of fire of a missed shot, passed over or rolled for."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    bystander_name: str
    exempt: bool
    """Kneeling or lying while the shooter is not: the shot passes over him."""
    outcome: AttackOutcome | None = None

    @property
    def hit(self) -> bool:
        return (
            self.outcome is not None
            and self.outcome.attack is not None
            and (self.outcome.attack.hit)
        )


def resolve_stray(
    shooter: EncounterCombatant,
    line: Sequence[EncounterCombatant],
    request: AttackRequest,
    *,
    skill: int,
    roller: DiceRoller,
    options: RuleOptions,
) -> tuple[StrayShot, ...]:
    """R12.12: after a miss, roll against the shot's effective skill or 9 for each bystander
    in the line of fire, nearest first, until one is hit (he then defends as against any
    hit). The shot was already spent: nothing is counted against the shooter's turn."""
    shots: list[StrayShot] = []
    for bystander in line:
        if stray_exempt(shooter.combatant.state.posture, bystander.combatant.state.posture):
            shots.append(StrayShot(bystander_name=bystander.name, exempt=True))
            continue
        outcome = resolve_attack(
            shooter,
            bystander,
            request.model_copy(update={"stray_skill": skill}),
            roller,
            options,
            count_attacks=False,
        )
        shots.append(StrayShot(bystander_name=bystander.name, exempt=False, outcome=outcome))
        if shots[-1].hit:
            break
    return tuple(shots)


def _struck(turn: TurnState, weapon: str, ready: ReadyTime | None) -> dict[str, object]:
    """The turn-state change of one blow with ``weapon``: it struck this turn, and it stays
    unready for ``ready.turns`` turns of Ready (R5.5)."""
    update: dict[str, object] = {"struck_with": (*turn.struck_with, weapon)}
    if ready is not None and ready.turns:
        update["unready_weapons"] = {**turn.unready_weapons, weapon: ready.turns}
    return update


def _readied(turn: TurnState, weapon: str, turns: int) -> dict[str, int]:
    """The unready weapons after ``turns`` turns of readying ``weapon`` (R5.5, R5.25)."""
    unready = dict(turn.unready_weapons)
    left = unready.pop(weapon, 0) - turns
    if left > 0:
        unready[weapon] = left
    return unready


def _parried_with(turn: TurnState, weapon: str | None) -> dict[str, object]:
    """One more parry this turn, counted in total and for the weapon that made it (A.4)."""
    update: dict[str, object] = {"parries_used": turn.parries_used + 1}
    if weapon is not None:
        update["weapon_parries"] = {
            **turn.weapon_parries,
            weapon: turn.weapon_parries.get(weapon, 0) + 1,
        }
    return update


def _spend(turn: TurnState, kind: DefenseKind, retreat: bool, weapon: str | None) -> TurnState:
    """The target's turn state after one defense: counters up, Aim lost (R5.3, R6.9, A.4)."""
    update: dict[str, object] = {
        "defended_since_last_turn": True,
        "fought": True,
        "aim_turns": 0,
        "aim_target": None,
    }
    if kind is DefenseKind.parry:
        update.update(_parried_with(turn, weapon))
    elif kind is DefenseKind.block:
        update["blocks_used"] = turn.blocks_used + 1
    else:
        update["dodges_used"] = turn.dodges_used + 1
    if retreat:
        update["retreat_used"] = True
    return turn.model_copy(update=update)


def spend_dodge(turn: TurnState) -> TurnState:
    """The turn state after a Dodge rolled outside an attack (a Dive for Cover, R15.3): the
    same counters and lost Aim as any defense."""
    return _spend(turn, DefenseKind.dodge, False, None)


def _master_dodge_cost(
    target: Combatant, turn: TurnState, options: RuleOptions, *, turn_ahead: bool
) -> dict[str, object]:
    """R5.18: a master's doubled Dodge costs one Attack and one Parry, spent on the attempt
    (the catalog's reading), and is refused when either is already spent.

    The Parry is one of those he has until his next turn, like any parry. The Attack is one
    of his turn of this round: the one he has taken (an attack he did not make), or, when
    his turn is still to come (``turn_ahead``), one of that turn's, which starts with it
    used.
    """
    master = target.has(Trait.TRAINED_BY_A_MASTER)
    best = max((w.skill for w in target.weapons), default=0)
    allowed = attacks_per_turn(
        best,
        options,
        chambara=master,
        extra_maneuvers=maneuvers_per_turn(target.attributes.basic_speed) - 1,
    ).attacks
    spent = turn.attacks_owed if turn_ahead else attacks_used_this_turn(turn)
    if spent >= allowed:
        raise RuleError(
            "defend.master_dodge_no_attack",
            f"{target.name} has no attack left to double his Dodge with",
            combatant=target.name,
            allowed=allowed,
        )
    parries = parries_per_turn(target, options)
    if parries is not None and turn.all_out_defense == AllOutDefenseOption.double_defense.value:
        parries *= 2  # R5.24
    if parries is not None and turn.parries_used >= parries:
        raise RuleError(
            "defend.master_dodge_no_parry",
            f"{target.name} has no parry left to double his Dodge with",
            combatant=target.name,
            allowed=parries,
        )
    cost: dict[str, object] = {"parries_used": turn.parries_used + 1}
    if turn_ahead:
        cost["attacks_owed"] = spent + 1
    else:
        cost.update({"attacks_used": spent + 1, "attacks_turn": turn.turns_taken})
    return cost


def resolve_defense(
    pending: PendingDefense,
    target: Combatant,
    turn: TurnState,
    choice: DefenseChoice,
    *,
    roller: DiceRoller,
    options: RuleOptions,
    turn_ahead: bool = False,
) -> DefenseOutcome:
    """Roll the chosen defense (or none); a failure rolls and applies the damage.

    Under All-Out Defense (double) a failed defense leaves a second, different
    one to try (R5.12): the outcome then carries the updated pending attack.
    ``turn_ahead``: the target's turn of this round is still to come (a master's doubled
    Dodge then takes its attack from that turn, R5.18).
    """
    if choice.kind is None:
        damage, hurt = _land(pending.strike, target, turn, roller, options)
        return DefenseOutcome(
            pending=pending, roll=None, defended=False, damage=damage, target_turn=hurt
        )
    defenses = defense_options(target, turn, pending, options)
    option = defenses.find(choice.kind, choice.weapon_index)
    acrobatics: SuccessRoll | None = None
    if choice.acrobatic:
        if choice.master_dodge:
            raise RuleError(
                "defend.master_dodge_not_acrobatic",
                "a Dodge is either acrobatic (R6.4) or a master's doubled Dodge (R5.18)",
                combatant=target.name,
            )
        if turn.acrobatic_dodge_used:
            raise RuleError(
                "defend.acrobatic_used",
                f"{target.name} already tried an acrobatic Dodge this turn",
                combatant=target.name,
            )
        level = target.skill("acrobatics")
        if level is None:
            raise RuleError(
                "defend.no_acrobatics", f"{target.name} has no Acrobatics", combatant=target.name
            )
        acrobatics, option = acrobatic_dodge(option, level, roller, options)
    enabling: SuccessRoll | None = None
    master_cost: dict[str, object] = {}
    fallen: Combatant | None = None
    if choice.master_dodge:
        if option.kind is DefenseKind.dodge and not target.has(Trait.TRAINED_BY_A_MASTER):
            raise RuleError(
                "defend.master_dodge_not_master",
                f"{target.name} is no master: only a master may double his Dodge (R5.18)",
                combatant=target.name,
            )
        if option.kind is DefenseKind.dodge:
            master_cost = _master_dodge_cost(target, turn, options, turn_ahead=turn_ahead)
        enabling, option = master_dodge(option, _agility(target), roller, options)
        if enabling.outcome is Outcome.CRITICAL_FAILURE:
            fallen = target.with_state(posture=Posture.PRONE)
            target = fallen
    # Having stepped back from this blow already, he still has the Retreat against it (R6.9).
    retreating = pending.retreat or (pending.retreated and option.retreat is not None)
    roll = roll_defense(option, roller, options, retreat=retreating)
    new_turn = _spend(turn, choice.kind, roll.retreat, option.weapon)
    if choice.acrobatic:
        new_turn = new_turn.model_copy(update={"acrobatic_dodge_used": True})
    if enabling is not None:
        # R5.18: one Attack and one Parry, spent on the attempt (the catalog's reading).
        new_turn = new_turn.model_copy(update=master_cost)
    concentration = None
    if turn.maneuver == Maneuver.concentrate.value and not turn.concentration_lost:
        # R5.10: IQ-3 (the seed), or Will-3 with the Basic Set's reading switched on.
        keeping = target.attributes.will if options.concentrate_will else target.attributes.iq
        concentration = success_roll(keeping - 3, roller, options)
        if not concentration.succeeded:
            new_turn = new_turn.model_copy(update={"concentration_lost": True})
    extra = {
        "concentration": concentration,
        "concentration_on_will": concentration is not None and options.concentrate_will,
        "acrobatics": acrobatics,
        "master_dodge": enabling,
        "master_attack_ahead": enabling is not None and turn_ahead,
        "combatant": fallen,
        # R5.3: defending loses the Aim (_spend drops it).
        "aim_lost": turn.aim_turns > 0,
    }
    if roll.success:
        return DefenseOutcome.model_validate(
            {"pending": pending, "roll": roll, "defended": True, "target_turn": new_turn, **extra}
        )
    after = pending.model_copy(update={"tried": (*pending.tried, roll), "retreat": roll.retreat})
    if defenses.double_defense and len(after.tried) < 2:
        second = defense_options(target, new_turn, after, options)
        if second.options:
            return DefenseOutcome.model_validate(
                {
                    "pending": pending,
                    "roll": roll,
                    "defended": False,
                    "second_defense": after,
                    "defenses": second,
                    "target_turn": new_turn,
                    **extra,
                }
            )
    damage, new_turn = _land(pending.strike, target, new_turn, roller, options)
    return DefenseOutcome.model_validate(
        {
            "pending": pending,
            "roll": roll,
            "defended": False,
            "damage": damage,
            "target_turn": new_turn,
            **extra,
        }
    )


# --------------------------------------------------------------------------- maneuvers


class ManeuverRequest(BaseModel):
    """A turn's non-attack maneuver as the player or GM chose it (``/maneuver``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    maneuver: Maneuver
    target_id: str | None = None
    braced: bool = False
    all_out_defense: AllOutDefenseOption | None = None
    posture: Posture | None = None
    readying_missile: bool = False
    weapon: str | None = None
    close_combat: bool = False
    acrobatics: bool = False
    """Getting up: try Acrobatics to stand in one turn instead of two (R7.12)."""
    evade: EvadeEntry | None = None
    """Evade past the target, coming into his hex from this side (R11.23, R5.19)."""
    spare_attack: bool = False
    """Spend this turn's multiple attacks on it instead of the whole turn (R5.21, R5.25)."""
    ready_turns: int = Field(default=1, ge=0)
    """Ready with spare attacks: the turns of readying the weapon needs (R5.25)."""


class WeaponReadying(BaseModel):
    """A turn of readying an unready weapon (R5.5): picked up from the ground (two turns in
    all), or brought back into hand after a blow; ``turns_left`` before it is ready."""

    model_config = ConfigDict(frozen=True)

    weapon: str
    picked_up: bool = False
    turns_left: int = Field(ge=0)
    rule_id: str = "R5.5"


class ManeuverOutcome(BaseModel):
    """The maneuver's profile, the new turn state and sheet, and any roll it made."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    combatant_id: str
    profile: ManeuverProfile
    turn: TurnState
    combatant: Combatant
    posture: PostureChange | None = None
    feint: FeintOutcome | None = None
    get_up_roll: RollRecord | None = None
    """The Acrobatics roll to get up in one turn, when tried (R7.12)."""
    evade: EvadeOutcome | None = None
    """The DX contest to pass through the target's hex (R11.23, R5.19)."""
    ready_weapon: str | None = None
    ready_time: ReadyTime | None = None
    """How long ``ready_weapon`` takes to ready for a wielder this strong (R5.5)."""
    readying: WeaponReadying | None = None
    """An unready weapon's progress this Ready (R5.5, R5.25)."""
    spare: SpareAttack | None = None
    """The attacks (and parries) of a multiple-attack turn spent on it (R5.21, R5.25)."""
    aim_turns: int = 0
    evaluate_bonus: int = 0
    maneuvers_taken: int = 1
    """Which maneuver of his turn this is, with extra maneuvers (R5.28, R5.29)."""
    maneuvers_allowed: int = 1
    maneuver_rule_ids: tuple[str, ...] = ()
    """The rules that give more than one maneuver a turn."""


_LYING: Final = frozenset({Posture.PRONE, Posture.LYING_FACE_UP, Posture.CRAWLING})


def _change_posture(
    sheet: Combatant, request: ManeuverRequest, roller: DiceRoller, options: RuleOptions
) -> tuple[PostureChange, Combatant, RollRecord | None]:
    """One Change Posture turn (R5.2); standing up from the ground follows R7.12.

    Getting up takes the creature's own time (a humanoid 2 turns: crouch, then stand; 1
    with a successful Acrobatics roll; a horse 3, an elephant 6, a lion or a small
    creature 1), each turn a Change Posture of its own: a humanoid half-way up is
    crouching but still needs the second turn to stand (the R5.2 worked example).
    """
    assert request.posture is not None
    state = sheet.state
    wanted = request.posture
    if wanted is Posture.STANDING and (state.rising_turns_left > 0 or state.posture in _LYING):
        roll: RollRecord | None = None
        if state.rising_turns_left > 0:
            risen = recovery.rise_turn(sheet)
        else:
            up = recovery.get_up(sheet, roller, options, try_acrobatics=request.acrobatics)
            risen, roll = up.state, up.roll
        change = PostureChange(
            start=state.posture,
            target=wanted,
            reached=risen.posture,
            turns_remaining=risen.rising_turns_left,
            needs_maneuver=True,
            rule_id="R7.12",
        )
        return change, sheet.with_state(risen), roll
    change = change_posture(state.posture, wanted)
    return change, sheet.with_state(posture=change.reached, rising_turns_left=0), None


def _feint_defense(target: Combatant) -> tuple[int, ...]:
    """R5.9: the foe resists with the best of his Shield skill, weapon skill or DX."""
    scores = [target.attributes.dx, *(w.skill for w in target.weapons)]
    if target.shield is not None:
        scores.append(target.shield.skill)
    return tuple(scores)


def _agility(sheet: Combatant) -> int:
    """The best of DX, Jumping and Acrobatics: a master's roll for R5.18 and R5.19."""
    return max(sheet.attributes.dx, sheet.skill("jumping") or 0, sheet.skill("acrobatics") or 0)


def _evade(
    fighter: EncounterCombatant,
    target: EncounterCombatant | None,
    profile: ManeuverProfile,
    entry: EvadeEntry,
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> EvadeOutcome:
    """R11.23: passing through the target's hex as part of a maneuver that moves; a master
    tries his +5 (R5.19)."""
    if target is None:
        raise RuleError("maneuver.needs_target", "Evade needs the opponent", maneuver="evade")
    sheet = fighter.combatant
    if profile.movement.kind is MovementKind.none:
        raise RuleError(
            "maneuver.evade_needs_movement",
            f"{profile.maneuver.value} allows no movement to Evade with",
            maneuver=profile.maneuver.value,
        )
    if fighter.turn.grappled:
        raise RuleError(
            "maneuver.evade_grappled",
            f"{sheet.name} is grappled and cannot Evade",
            combatant=sheet.name,
        )
    opponent = target.combatant
    master = sheet.has(Trait.TRAINED_BY_A_MASTER)
    return evade(
        sheet.attributes.dx,
        opponent.attributes.dx,
        opponent.state.posture,
        entry,
        roller=roller,
        options=options,
        shock_penalty=sheet.state.shock_penalty,
        chambara_level=_agility(sheet) if master else None,
    )


def _weapon_to_ready(sheet: Combatant, turn: TurnState, request: ManeuverRequest) -> Weapon:
    """The weapon a Ready works on: the one named, else the first lying on the ground (R7.8),
    else the first out of hand after a blow (R5.5), else the first on the sheet."""
    if request.weapon is None:
        for waiting in (sheet.state.dropped, turn.unready_weapons):
            found = next((w for w in sheet.weapons if w.name in waiting), None)
            if found is not None:
                return found
    return _chosen_weapon(sheet, request)


def _ready_turn(
    sheet: Combatant, turn: TurnState, weapon: Weapon
) -> tuple[Combatant, dict[str, object], WeaponReadying | None]:
    """One Ready maneuver on ``weapon`` (R5.5): from the ground it takes two turns, this one
    picking it up; out of hand after a blow, one turn less of readying to go."""
    if weapon.name in sheet.state.dropped:
        picked = sheet.with_state(dropped=sheet.state.dropped - {weapon.name})
        unready = {**turn.unready_weapons, weapon.name: 1}
        readying = WeaponReadying(weapon=weapon.name, picked_up=True, turns_left=1)
        return picked, {"unready_weapons": unready}, readying
    if turn.unready_weapons.get(weapon.name):
        unready = _readied(turn, weapon.name, 1)
        readying = WeaponReadying(weapon=weapon.name, turns_left=unready.get(weapon.name, 0))
        return sheet, {"unready_weapons": unready}, readying
    return sheet, {}, None


def _chosen_weapon(sheet: Combatant, request: ManeuverRequest) -> Weapon:
    """The weapon named in the request, else the first on the sheet."""
    weapon = sheet.weapon(request.weapon) if request.weapon else None
    if weapon is None and not sheet.weapons:
        raise RuleError(
            "attack.no_weapon",
            f"{sheet.name} has no weapon",
            combatant=sheet.name,
        )
    return weapon or sheet.weapons[0]


def _feint_with(
    sheet: Combatant,
    turn: TurnState,
    target: EncounterCombatant,
    weapon: Weapon,
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> FeintOutcome:
    """R5.9's Quick Contest with ``weapon``; Evaluate on that foe helps, shock hurts (R7.6)."""
    target_id = target.combatant_id
    evaluate = min(3, turn.evaluate_turns) if turn.evaluate_target == target_id else 0
    return feint(
        weapon.skill,
        _feint_defense(target.combatant),
        roller,
        options,
        modifiers=_feint_modifiers(evaluate, sheet.state.shock_penalty),
    )


def _feint_modifiers(evaluate: int, shock_penalty: int) -> tuple[Modifier, ...]:
    """The feinter's Evaluate bonus (R5.4) and his shock (R7.6), each shown on its own."""
    return (
        Modifier(key="evaluate", value=evaluate, rule_id="R5.4"),
        Modifier(key="shock", value=-abs(shock_penalty), rule_id="R7.6"),
    )


def _feint_update(outcome: FeintOutcome, target_id: str) -> dict[str, object]:
    """The Feint's penalty kept for the next attack on that foe; Evaluate is used up."""
    return {
        "feint_penalty": outcome.penalty,
        "feint_target": target_id if outcome.penalty else None,
        "evaluate_turns": 0,
        "evaluate_target": None,
    }


def _spare_attack_maneuver(
    fighter: EncounterCombatant,
    target: EncounterCombatant | None,
    request: ManeuverRequest,
    roller: DiceRoller,
    options: RuleOptions,
) -> ManeuverOutcome:
    """A multiple-attack turn's attacks spent on something other than a blow.

    R5.21: one attack on a Feint for his next attack; the Parry that came with it stays.
    R5.25: one Attack and one Parry per turn of readying an unready weapon. The turn keeps
    its attack maneuver (and what it allows).
    """
    if request.maneuver not in (Maneuver.feint, Maneuver.ready):
        raise RuleError(
            "maneuver.spare_wrong_maneuver",
            "only a Feint or a Ready can take the turn's attacks",
            maneuver=request.maneuver.value,
        )
    if target is None and request.maneuver is Maneuver.feint:
        raise RuleError(
            "maneuver.needs_target",
            f"{request.maneuver.value} needs a target",
            maneuver=request.maneuver.value,
        )
    sheet = fighter.combatant
    turn = fighter.turn
    readying = request.maneuver is Maneuver.ready
    weapon = _weapon_to_ready(sheet, turn, request) if readying else _chosen_weapon(sheet, request)
    master = sheet.has(Trait.TRAINED_BY_A_MASTER)
    count, _ = _next_attack(
        sheet,
        turn,
        AttackRequest(weapon=weapon.name, chambara=master),
        weapon.skill,
        options,
        counting=False,
    )
    used = attacks_used_this_turn(turn)
    ready = ready_time(request.ready_turns, sheet.st, weapon.min_st)
    # R5.25: a weapon left unready by a blow needs the turns it still has (ST counted, R5.5).
    unready_turns = turn.unready_weapons.get(weapon.name, 0) if readying else 0
    spare = spend_spare_attack(
        SpareAction(request.maneuver.value),
        count,
        used,
        turn.parries_used,
        parries_per_turn(sheet, options),
        ready_turns=unready_turns or ready.turns,
    )
    attacking = {m.value: m for m in ATTACK_MANEUVERS}
    current = attacking.get(turn.maneuver or "", Maneuver.attack)
    all_out = (
        AllOutAttackOption(turn.all_out_attack)
        if current is Maneuver.all_out_attack and turn.all_out_attack is not None
        else None
    )
    profile = maneuver_profile(current, move=sheet.move, all_out_attack_option=all_out)
    update: dict[str, object] = {
        "maneuver": current.value,
        "attacks_used": used + spare.attacks_spent,
        "attacks_turn": turn.turns_taken,
        "parries_used": turn.parries_used + spare.parries_spent,
        "other_maneuvers": _other_maneuvers(turn, used),
        "attack_maneuvers": _attack_maneuvers(count, used + spare.attacks_spent),
    }
    outcome: FeintOutcome | None = None
    if target is not None and spare.action is SpareAction.feint:
        outcome = _feint_with(sheet, turn, target, weapon, roller=roller, options=options)
        update.update(_feint_update(outcome, target.combatant_id))
    progress: WeaponReadying | None = None
    if unready_turns:
        update["unready_weapons"] = _readied(turn, weapon.name, unready_turns)
        progress = WeaponReadying(weapon=weapon.name, turns_left=0)
    shown = ready.rule_ids and not unready_turns
    new_turn = turn.model_copy(update=update)
    return ManeuverOutcome(
        combatant_id=fighter.combatant_id,
        profile=profile,
        turn=new_turn,
        combatant=sheet,
        feint=outcome,
        ready_weapon=weapon.name if shown else None,
        ready_time=ready if shown else None,
        readying=progress,
        spare=spare,
        aim_turns=new_turn.aim_turns,
    )


_ATTACK_MANEUVER_VALUES: Final = frozenset(m.value for m in ATTACK_MANEUVERS)


def _maneuvers_allowed(sheet: Combatant) -> tuple[int, tuple[str, ...]]:
    """Maneuvers a turn and the rules that give more than one (R4.4, R5.28, R5.29)."""
    speed, altered = extra_maneuvers(sheet)
    rules = (*(("R5.29",) if speed else ()), *(("R5.28",) if altered else ()))
    return 1 + speed + altered, rules


def _series_maneuver(
    sheet: Combatant, turn: TurnState, request: AttackRequest
) -> tuple[Maneuver, AllOutAttackOption | None] | None:
    """The maneuver a later attack of the turn is made with, or ``None`` for the first.

    One maneuver a turn (R4.4): every attack of a multiple-attack series is made under the
    maneuver the first one chose, an All-Out Attack's bonus covering the whole series
    (R5.20). A plain attack (the command's default) continues it; another maneuver or
    All-Out Attack option is refused, unless extra maneuvers (R5.28, R5.29) may make it a
    maneuver of its own.
    """
    if not attacks_used_this_turn(turn) or turn.maneuver not in _ATTACK_MANEUVER_VALUES:
        return None
    chosen = Maneuver(turn.maneuver)
    option = (
        AllOutAttackOption(turn.all_out_attack or AllOutAttackOption.determined)
        if chosen is Maneuver.all_out_attack
        else None
    )
    if request.maneuver is Maneuver.attack and request.all_out_option is None:
        return chosen, option
    asked = (
        request.all_out_option or AllOutAttackOption.determined
        if request.maneuver is Maneuver.all_out_attack
        else None
    )
    if (request.maneuver, asked) == (chosen, option) or extra_maneuvers(sheet) != (0, 0):
        return request.maneuver, request.all_out_option
    raise RuleError(
        "attack.series_maneuver",
        f"{sheet.name} already attacks this turn under {chosen.value}",
        combatant=sheet.name,
    )


def _ensure_maneuver_left(sheet: Combatant, turn: TurnState) -> None:
    """R4.4: one maneuver a turn, or one per extra maneuver with Altered Time Rate (R5.28) or
    super-speed (R5.29), each any maneuver. Once his turn has come, what he chose stands
    until the next one; a Wait may still turn into the action it waited for (R5.11).
    Before his first turn nothing is counted, as attacks are not (preparations before the
    fight)."""
    if turn.turns_taken == 0 or turn.maneuver in (None, Maneuver.wait.value):
        return
    allowed, rules = _maneuvers_allowed(sheet)
    if max(1, turn.other_maneuvers + turn.attack_maneuvers) < allowed:
        return
    if allowed == 1:
        raise RuleError(
            "maneuver.already_chosen",
            f"{sheet.name} already chose {turn.maneuver} this turn",
            combatant=sheet.name,
        )
    raise RuleError(
        "maneuver.no_maneuvers_left",
        f"{sheet.name} has taken all {allowed} maneuvers of this turn",
        combatant=sheet.name,
        allowed=allowed,
        rules=", ".join(rules),
    )


def _after_other_maneuver(sheet: Combatant, turn: TurnState, maneuver: Maneuver) -> int:
    """``other_maneuvers`` once ``maneuver`` is taken: one more, unless it is what a Wait
    turned into (R5.11). A super-fast fighter's Concentrate takes his whole turn (R5.10)."""
    taken = turn.other_maneuvers
    if turn.turns_taken and turn.maneuver not in (None, *_ATTACK_MANEUVER_VALUES):
        taken = max(taken, 1)
    if turn.maneuver != Maneuver.wait.value:
        taken += 1
    speed, _ = extra_maneuvers(sheet)
    if maneuver is Maneuver.concentrate and speed:
        first = turn.turns_taken == 0 or turn.maneuver in (None, Maneuver.wait.value)
        if not first:
            raise RuleError(
                "maneuver.concentrate_full_turn",
                f"{sheet.name} needs his whole turn to Concentrate",
                combatant=sheet.name,
            )
        taken = _maneuvers_allowed(sheet)[0]
    return taken


def _attack_maneuvers(count: AttackCount, number: int) -> int:
    """Maneuvers the turn's attacks have taken once attack ``number`` is made: the first, and
    one for each attack past what it allows, up to those the turn has (R5.28, R5.29)."""
    base = count.attacks - count.extra_maneuver_attacks
    return 1 + min(count.extra_maneuver_attacks, max(0, number - base))


def take_maneuver(
    fighter: EncounterCombatant,
    target: EncounterCombatant | None,
    request: ManeuverRequest,
    roller: DiceRoller,
    options: RuleOptions,
    *,
    awaits_first_turn: bool = False,
) -> ManeuverOutcome:
    """Record a turn's maneuver and what it builds (R4.4, R5.2-R5.5, R5.9-R5.13).

    In a running fight a fighter who ``awaits_first_turn`` has no maneuver to take yet
    (R4.4): refused (``maneuver.before_first_turn``).

    Aim and Evaluate grow while the same target is kept (R5.3, R5.4) and any
    other maneuver drops them; Feint rolls its Quick Contest now and stores the
    penalty for the next attack on that foe (R5.9); Change Posture moves one
    step toward the wanted posture (R5.2, R7.12).
    """
    maneuver = request.maneuver
    if maneuver in ATTACK_MANEUVERS:
        raise RuleError(
            "maneuver.use_attack",
            "attack maneuvers are chosen with the attack command",
            maneuver=maneuver.value,
        )
    needs_target = maneuver in (Maneuver.aim, Maneuver.evaluate, Maneuver.feint)
    if needs_target and target is None:
        raise RuleError(
            "maneuver.needs_target", f"{maneuver.value} needs a target", maneuver=maneuver.value
        )
    if target is not None and target.combatant_id == fighter.combatant_id:
        raise RuleError("maneuver.self_target", "a combatant cannot target himself")
    ensure_may_choose(fighter, maneuver)
    sheet = fighter.combatant
    if awaits_first_turn:
        raise RuleError(
            "maneuver.before_first_turn",
            f"{sheet.name} has not had his first turn yet",
            combatant=sheet.name,
        )
    turn = fighter.turn
    if request.spare_attack:
        return _spare_attack_maneuver(fighter, target, request, roller, options)
    _ensure_maneuver_left(sheet, turn)
    if maneuver is Maneuver.move and sheet.move == 0 and sheet.crippled_legs:
        # Both legs crippled (R7.16, the Basic Set's effects): he cannot walk.
        raise RuleError("maneuver.cannot_walk", f"{sheet.name} cannot walk", combatant=sheet.name)
    profile = maneuver_profile(
        maneuver,
        move=sheet.move,
        all_out_defense_option=request.all_out_defense,
        readying_missile_weapon=request.readying_missile,
        close_combat=request.close_combat,
        animal=sheet.rise_class is not RiseClass.HUMANOID,
        allow_all_out_in_close_combat=options.all_out_in_close_combat,
    )
    evaded = (
        _evade(fighter, target, profile, request.evade, roller=roller, options=options)
        if request.evade is not None
        else None
    )
    target_id = target.combatant_id if target is not None else None
    # An extra maneuver (R5.28, R5.29) keeps what an earlier All-Out Defense gave (R4.5).
    earlier_defense = turn.all_out_defense if turn.maneuver != Maneuver.wait.value else None
    update: dict[str, object] = {
        "maneuver": maneuver.value,
        "all_out_defense": profile.all_out_defense_option.value
        if profile.all_out_defense_option is not None
        else earlier_defense,
        "readying_missile": request.readying_missile,
        "other_maneuvers": _after_other_maneuver(sheet, turn, maneuver),
    }
    ready: ReadyTime | None = None
    ready_weapon: Weapon | None = None
    readying: WeaponReadying | None = None
    if maneuver is Maneuver.ready and sheet.weapons:
        ready_weapon = _weapon_to_ready(sheet, turn, request)
        # R7.8: a weapon dropped when knocked down lies on the ground (R5.5: two turns).
        sheet, readied, readying = _ready_turn(sheet, turn, ready_weapon)
        update.update(readied)
        if readying is None:
            ready = ready_time(request.ready_turns, sheet.st, ready_weapon.min_st)
    if maneuver is Maneuver.aim:
        continuing = turn.aim_target == target_id and turn.aim_turns > 0
        update["aim_turns"] = turn.aim_turns + 1 if continuing else 1
        update["aim_target"] = target_id
        update["aim_braced"] = request.braced
    else:
        update["aim_turns"] = 0
        update["aim_target"] = None
        update["aim_braced"] = False
    if maneuver is Maneuver.evaluate:
        continuing = turn.evaluate_target == target_id and turn.evaluate_turns > 0
        update["evaluate_turns"] = min(3, turn.evaluate_turns + 1) if continuing else 1
        update["evaluate_target"] = target_id
    elif maneuver is not Maneuver.feint:
        update["evaluate_turns"] = 0
        update["evaluate_target"] = None
    feint_outcome: FeintOutcome | None = None
    if maneuver is Maneuver.feint:
        assert target is not None
        feint_outcome = _feint_with(
            sheet, turn, target, _chosen_weapon(sheet, request), roller=roller, options=options
        )
        update.update(_feint_update(feint_outcome, target.combatant_id))
    posture: PostureChange | None = None
    get_up_roll: RollRecord | None = None
    if maneuver is Maneuver.change_posture:
        if request.posture is None:
            raise RuleError("maneuver.needs_posture", "Change Posture needs the wanted posture")
        posture, sheet, get_up_roll = _change_posture(sheet, request, roller, options)
    new_turn = turn.model_copy(update=update)
    allowed, extra_rules = _maneuvers_allowed(sheet)
    shown_ready = ready if ready is not None and ready.rule_ids else None
    return ManeuverOutcome(
        combatant_id=fighter.combatant_id,
        profile=profile,
        turn=new_turn,
        combatant=sheet,
        posture=posture,
        feint=feint_outcome,
        get_up_roll=get_up_roll,
        evade=evaded,
        ready_weapon=ready_weapon.name if ready_weapon is not None and shown_ready else None,
        ready_time=shown_ready,
        readying=readying,
        aim_turns=new_turn.aim_turns,
        evaluate_bonus=min(3, new_turn.evaluate_turns),
        maneuvers_taken=min(allowed, new_turn.other_maneuvers + new_turn.attack_maneuvers),
        maneuvers_allowed=allowed,
        maneuver_rule_ids=extra_rules,
    )


class ParryForOtherOutcome(BaseModel):
    """R6.8: a companion's parry spent on the blow, and what followed."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    pending: PendingDefense
    defender_name: str
    roll: DefenseRoll
    defended: bool
    damage: StrikeResult | None = None
    defender_turn: TurnState
    target_turn: TurnState | None = None
    """The target's turn state after the blow (an Aim it may have cost him, R5.3)."""
    aim_lost: bool = False
    """The companion was aiming: parrying lost his Aim (R5.3)."""


def resolve_parry_for_other(
    pending: PendingDefense,
    defender: Combatant,
    defender_turn: TurnState,
    target: Combatant,
    weapon_index: int | None,
    *,
    roller: DiceRoller,
    options: RuleOptions,
    target_turn: TurnState | None = None,
) -> ParryForOtherOutcome:
    """R6.8: ``defender`` parries for ``target`` at -4 (+ the target's DB); it costs him a parry
    and -4 to his own defenses until his next turn. A failure lands the blow on the target,
    who rolls Will to keep an Aim (R5.3)."""
    found = parry_for_other_options(defender, defender_turn, target, pending, options)
    option = found.find(DefenseKind.parry, weapon_index)
    roll = roll_defense(option, roller, options)
    spent = defender_turn.model_copy(
        update={
            **_parried_with(defender_turn, option.weapon),
            "defending_for_others_penalty": -4,
            "defended_since_last_turn": True,
            "fought": True,
            "aim_turns": 0,
            "aim_target": None,
        }
    )
    damage: StrikeResult | None = None
    hurt = target_turn
    if not roll.success:
        damage, hurt = _land(pending.strike, target, target_turn or TurnState(), roller, options)
    return ParryForOtherOutcome(
        pending=pending,
        defender_name=defender.name,
        roll=roll,
        defended=roll.success,
        damage=damage,
        defender_turn=spent,
        target_turn=hurt if target_turn is not None else None,
        aim_lost=defender_turn.aim_turns > 0,
    )
