"""Active defenses: which ones a target has against one attack, their final numbers, the roll.

`available_defenses` looks at the defender (Dodge, Parry per ready weapon,
Block, posture, stun, injury, last maneuver, what he already spent this turn)
and at the attack (arc, melee/thrown/missile, flail, shield bash, feint, two
weapons, close combat) and returns each allowed defense with every modifier,
the Retreat bonus where Retreat is possible, and every refused defense with
the reason (R6.x, R5.x, R7.10, R11.12). `roll_defense` rolls one of them.
"""

from __future__ import annotations

import math
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.attack import Arc, AttackKind
from rules.checks import Outcome, SuccessRoll, success_roll
from rules.combatant import Posture, Side
from rules.errors import RuleError
from rules.maneuver import ALL_DEFENSES, DefenseKind, ManeuverProfile, posture_modifiers
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import DiceRoller

ERROR_KEYS: Final = frozenset(
    {
        "defend.after_all_out_attack",
        "defend.acrobatic_dodge_only",
        "defend.master_dodge_only",
        "defend.already_tried",
        "defend.cannot_parry_missile",
        "defend.cannot_defend",
        "defend.close_combat_dodge_only",
        "defend.for_other_parry_only",
        "defend.light_weapon_vs_shield",
        "defend.maneuver_dodge_only",
        "defend.no_blocks_left",
        "defend.no_parries_left",
        "defend.not_available",
        "defend.rear_unaware",
        "defend.retreat_grappled",
        "defend.retreat_not_allowed",
        "defend.retreat_posture",
        "defend.retreat_ranged",
        "defend.retreat_stunned",
        "defend.retreat_used",
        "defend.side_missile",
        "defend.unseen_ranged",
        "defend.wrong_side",
        "defend.weapon_dropped",
        "defend.weapon_unready",
        "defend.weapon_crippled",
        "defend.unbalanced_struck",
        "defend.shield_arm_crippled",
        "terrain.above_unaware",
    }
)
"""Every :class:`RuleError` key (and refusal reason) this module produces."""


def _dx_change(mods: list[Modifier], penalty: Modifier | None, change: int) -> None:
    """The defense's share of a passing DX penalty, under the penalty's name and rule."""
    if penalty is not None and change:
        mods.append(Modifier(key=penalty.key, value=change, rule_id=penalty.rule_id))


def half_skill_change(skill: int, penalty: int) -> int:
    """A DX penalty lowers a DX-based skill in full; a Parry or Block is 3 + half that skill,
    rounded down (A.4), so it moves by the change in the half: skill 13 at -2 → -1, skill 12
    at -3 → -2."""
    return (skill + penalty) // 2 - skill // 2


class ParryWeapon(BaseModel):
    """One ready weapon (or bare hands) the defender may parry with."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    parry: int
    side: Side = Side.RIGHT
    two_handed: bool = False
    fencing: bool = False
    light: bool = False
    unarmed: bool = False
    parries_used: int = Field(default=0, ge=0)
    dx_change: int = 0
    """What a passing DX penalty does to this Parry (:func:`half_skill_change`)."""
    refusal: str | None = None
    """Why this weapon cannot parry now (a ``defend.*`` key), shown with the other refusals."""
    refusal_rule: str | None = None


class ShieldDefense(BaseModel):
    """A ready shield: Block score and Defense Bonus (A.4; the seed's "DP", G3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    block: int
    db: int = Field(default=0, ge=0)
    large: bool = False
    side: Side = Side.LEFT
    db_suppressed: bool = False
    dx_change: int = 0
    """What a passing DX penalty does to the Block (:func:`half_skill_change`)."""
    refusal: str | None = None
    """Why the shield cannot block now (a ``defend.*`` key); its DB is gone too."""
    refusal_rule: str | None = None


class DefenderInput(BaseModel):
    """The target's defensive state until his next turn (R4.5)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dodge: int
    weapons: tuple[ParryWeapon, ...] = ()
    shield: ShieldDefense | None = None
    posture: Posture = Posture.STANDING
    stunned: bool = False
    reeling: bool = False
    tired: bool = False
    maneuver: ManeuverProfile | None = None
    blocks_used: int = Field(default=0, ge=0)
    parries_used: int = Field(default=0, ge=0)
    parries_per_turn: int | None = None
    retreat_used: bool = False
    parried_for_other: bool = False
    close_combat: bool = False
    grappled: bool = False
    chambara: bool = False
    combat_reflexes: bool = False
    already_tried: frozenset[DefenseKind] = frozenset()
    can_defend: bool = True
    dx_penalty: Modifier | None = None
    """A passing DX penalty (burning clothes, R10.5-R10.7): it names the change it makes to
    each defense, ``dodge_dx_change`` and each weapon's and the shield's ``dx_change``."""
    dodge_dx_change: int = 0


class AttackContext(BaseModel):
    """What about the incoming attack changes the defense."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: AttackKind = AttackKind.melee
    arc: Arc = Arc.front
    aware_of_rear: bool = False
    unseen: bool = False
    flail: bool = False
    shield_bash: bool = False
    small_thrown: bool = False
    feint_penalty: int = Field(default=0, ge=0)
    dual_weapon_same_target: bool = False
    for_other: bool = False
    ally_shield_db: int = Field(default=0, ge=0)
    close_combat: bool = False
    level_defense: int = 0
    """R13.2: the target stands higher (+) or lower (-) than the one striking at him."""
    from_above: bool = False
    """R13.6: the attack comes from above."""
    aware_of_above: bool = False


class DefenseOption(BaseModel):
    """One defense the target may roll, with every modifier; ``retreat`` is its Retreat bonus."""

    model_config = ConfigDict(frozen=True)

    kind: DefenseKind
    weapon: str | None = None
    weapon_index: int | None = None
    base: int
    modifiers: tuple[Modifier, ...]
    value: int
    retreat: Modifier | None = None

    @property
    def retreat_value(self) -> int | None:
        """The final number with Retreat, or ``None`` when Retreat is not possible."""
        return None if self.retreat is None else self.value + self.retreat.value

    def with_modifier(self, modifier: Modifier) -> DefenseOption:
        """The same defense with one more modifier counted in its final number."""
        return self.model_copy(
            update={"modifiers": (*self.modifiers, modifier), "value": self.value + modifier.value}
        )


class RefusedDefense(BaseModel):
    """A defense that is not allowed, and why."""

    model_config = ConfigDict(frozen=True)

    kind: DefenseKind
    weapon: str | None = None
    key: str
    rule_id: str


class DefenseOptions(BaseModel):
    """The defenses open to the target against one attack."""

    model_config = ConfigDict(frozen=True)

    options: tuple[DefenseOption, ...]
    refused: tuple[RefusedDefense, ...]
    no_defense: RefusedDefense | None = None
    retreat_refusal: RefusedDefense | None = None
    double_defense: bool = False

    def find(self, kind: DefenseKind, weapon_index: int | None = None) -> DefenseOption:
        """The option of ``kind`` (the parry with ``weapon_index``); ``RuleError`` if none."""
        for option in self.options:
            if option.kind is kind and (
                weapon_index is None or option.weapon_index == weapon_index
            ):
                return option
        reason = next((r for r in self.refused if r.kind is kind), self.no_defense)
        raise RuleError(
            reason.key if reason else "defend.not_available",
            f"{kind.value} is not available against this attack",
            defense=kind.value,
        )


def _side_of(arc: Arc) -> Side | None:
    return {Arc.left: Side.LEFT, Arc.right: Side.RIGHT}.get(arc)


def retreat_bonus(
    kind: DefenseKind, options: RuleOptions, *, fencing: bool = False, unarmed: bool = False
) -> Modifier:
    """R6.9: +3 to any active defense; with ``retreat_basic_set`` only Dodge and
    fencing or bare-handed parries get +3, the rest +1 (A.4)."""
    if not options.retreat_basic_set or kind is DefenseKind.dodge:
        return Modifier(key="retreat", value=3, rule_id="R6.9")
    if kind is DefenseKind.parry and (fencing or unarmed):
        return Modifier(key="retreat", value=3, rule_id="A.4")
    return Modifier(key="retreat", value=1, rule_id="A.4")


def available_defenses(
    defender: DefenderInput, attack: AttackContext, options: RuleOptions
) -> DefenseOptions:
    """Every defense the target has against ``attack``, with final numbers (R6.x)."""
    if attack.close_combat and not defender.close_combat:
        defender = defender.model_copy(update={"close_combat": True})
    refused: list[RefusedDefense] = []
    profile = defender.maneuver

    if not defender.can_defend:
        return DefenseOptions(
            options=(),
            refused=(),
            no_defense=RefusedDefense(
                kind=DefenseKind.dodge, key="defend.cannot_defend", rule_id="R4.2"
            ),
        )

    if profile is not None and not profile.active_defense_allowed:
        return DefenseOptions(
            options=(),
            refused=(),
            no_defense=RefusedDefense(
                kind=DefenseKind.dodge, key="defend.after_all_out_attack", rule_id="R5.8"
            ),
        )
    if attack.from_above and not attack.aware_of_above:
        return DefenseOptions(
            options=(),
            refused=(),
            no_defense=RefusedDefense(
                kind=DefenseKind.dodge, key="terrain.above_unaware", rule_id="R13.6"
            ),
        )
    rear = attack.arc is Arc.rear
    if rear and not attack.aware_of_rear and not (defender.chambara and defender.combat_reflexes):
        return DefenseOptions(
            options=(),
            refused=(),
            no_defense=RefusedDefense(
                kind=DefenseKind.dodge, key="defend.rear_unaware", rule_id="R6.10"
            ),
        )
    rear_rule = "R6.10" if attack.aware_of_rear else "R5.17"
    attack_side = _side_of(attack.arc)
    is_side = attack_side is not None or rear
    ranged = attack.kind is not AttackKind.melee

    common: list[Modifier] = []
    shield = defender.shield
    shield_faces = shield is not None and (attack.arc is Arc.front or attack_side is shield.side)
    shield_ready = shield is not None and not shield.db_suppressed and shield.refusal is None
    if shield is not None and shield_faces and shield.db and shield_ready:
        common.append(Modifier(key="shield_db", value=shield.db, rule_id="A.4"))
    posture = posture_modifiers(defender.posture)
    if posture.defense:
        common.append(Modifier(key="posture", value=posture.defense, rule_id=posture.rule_id))
    if defender.stunned:
        common.append(Modifier(key="stunned", value=-4, rule_id="R7.10"))
    if attack.feint_penalty:
        common.append(Modifier(key="feint", value=-attack.feint_penalty, rule_id="R5.9"))
    if attack.dual_weapon_same_target:
        common.append(Modifier(key="dual_weapon_target", value=-1, rule_id="R5.7"))
    if defender.parried_for_other:
        common.append(Modifier(key="parried_for_other", value=-4, rule_id="R6.8"))
    if attack.level_defense:
        common.append(
            Modifier(
                key="terrain.modifier.level_defense", value=attack.level_defense, rule_id="R13.2"
            )
        )
    if attack.from_above:
        common.append(Modifier(key="terrain.modifier.from_above", value=-2, rule_id="R13.6"))
    side_rule = rear_rule if rear else None

    allowed = profile.allowed_defenses if profile is not None else ALL_DEFENSES
    bonuses = dict(profile.defense_bonuses) if profile is not None else {}
    double_defense = profile.double_defense if profile is not None else False

    # Retreat (R6.9, R11.12).
    retreat_refusal: RefusedDefense | None = None
    if defender.retreat_used:
        retreat_refusal = RefusedDefense(
            kind=DefenseKind.dodge, key="defend.retreat_used", rule_id="R6.9"
        )
    elif ranged:
        retreat_refusal = RefusedDefense(
            kind=DefenseKind.dodge, key="defend.retreat_ranged", rule_id="R6.9"
        )
    elif defender.posture in (Posture.SITTING, Posture.KNEELING):
        retreat_refusal = RefusedDefense(
            kind=DefenseKind.dodge, key="defend.retreat_posture", rule_id="R6.9"
        )
    elif defender.stunned:
        retreat_refusal = RefusedDefense(
            kind=DefenseKind.dodge, key="defend.retreat_stunned", rule_id="R7.10"
        )
    elif defender.close_combat and defender.grappled:
        retreat_refusal = RefusedDefense(
            kind=DefenseKind.dodge, key="defend.retreat_grappled", rule_id="R11.12"
        )

    def retreat_for(
        kind: DefenseKind, *, fencing: bool = False, unarmed: bool = False
    ) -> Modifier | None:
        if retreat_refusal is not None:
            return None
        if defender.close_combat and kind is not DefenseKind.dodge:
            return None
        return retreat_bonus(kind, options, fencing=fencing, unarmed=unarmed)

    result: list[DefenseOption] = []

    def refuse(kind: DefenseKind, key: str, rule_id: str, weapon: str | None = None) -> None:
        refused.append(RefusedDefense(kind=kind, weapon=weapon, key=key, rule_id=rule_id))

    def precheck(kind: DefenseKind, weapon: str | None = None) -> bool:
        if kind not in allowed:
            refuse(kind, "defend.maneuver_dodge_only", "R5.5", weapon)
            return False
        if kind in defender.already_tried:
            refuse(kind, "defend.already_tried", "R5.12", weapon)
            return False
        if attack.for_other and kind is not DefenseKind.parry:
            refuse(kind, "defend.for_other_parry_only", "R6.8", weapon)
            return False
        return True

    # Dodge (R6.1–R6.3, R7.1, R8.1).
    if precheck(DefenseKind.dodge):
        if ranged and attack.unseen:
            refuse(DefenseKind.dodge, "defend.unseen_ranged", "R6.3")
        else:
            mods: list[Modifier] = []
            # Injury and fatigue effects are cumulative (R7.1, R8.1): halved once for each.
            dodge = defender.dodge
            for halving, key, rule_id in (
                (defender.reeling, "reeling", "R7.1"),
                (defender.tired, "tired", "R8.1"),
            ):
                if halving:
                    halved = math.ceil(dodge / 2)
                    mods.append(Modifier(key=key, value=halved - dodge, rule_id=rule_id))
                    dodge = halved
            _dx_change(mods, defender.dx_penalty, defender.dodge_dx_change)
            if is_side:
                mods.append(Modifier(key="side", value=-2, rule_id=side_rule or "R6.2"))
            mods.extend(common)
            if DefenseKind.dodge in bonuses:
                mods.append(bonuses[DefenseKind.dodge])
            result.append(
                _option(DefenseKind.dodge, defender.dodge, mods, retreat_for(DefenseKind.dodge))
            )

    # Parries (R6.6–R6.8, R5.12, R5.14, R5.24, R11.12, A.4).
    limit = defender.parries_per_turn
    if limit is not None and profile is not None and profile.double_defense:
        limit *= 2
    for index, weapon in enumerate(defender.weapons):
        kind = DefenseKind.parry
        if not precheck(kind, weapon.name):
            continue
        if weapon.refusal is not None:
            refuse(kind, weapon.refusal, weapon.refusal_rule or "R6.6", weapon.name)
            continue
        if defender.close_combat and not weapon.unarmed:
            refuse(kind, "defend.close_combat_dodge_only", "R11.12", weapon.name)
            continue
        if attack.kind is AttackKind.missile:
            refuse(kind, "defend.cannot_parry_missile", "B376", weapon.name)
            continue
        if attack.shield_bash and weapon.light:
            refuse(kind, "defend.light_weapon_vs_shield", "R6.7", weapon.name)
            continue
        if rear and not weapon.two_handed:
            refuse(kind, "defend.wrong_side", "R6.6", weapon.name)
            continue
        if attack_side is not None and attack_side is not weapon.side and not weapon.two_handed:
            refuse(kind, "defend.wrong_side", "R6.6", weapon.name)
            continue
        if limit is not None and defender.parries_used >= limit:
            refuse(
                kind, "defend.no_parries_left", "R5.24" if double_defense else "R5.14", weapon.name
            )
            continue
        if limit is None and double_defense and not weapon.fencing and defender.parries_used >= 2:
            refuse(kind, "defend.no_parries_left", "R5.12", weapon.name)
            continue
        mods = []
        _dx_change(mods, defender.dx_penalty, weapon.dx_change)
        if is_side:
            mods.append(Modifier(key="side", value=-2, rule_id=side_rule or "R6.6"))
        if attack.kind is AttackKind.thrown:
            if attack.small_thrown:
                mods.append(Modifier(key="parry_small_thrown", value=-2, rule_id="R6.7"))
            else:
                mods.append(Modifier(key="parry_thrown", value=-1, rule_id="R6.7"))
        if attack.flail:
            mods.append(Modifier(key="parry_flail", value=-4, rule_id="R6.7"))
        if shield is not None and shield.large:
            mods.append(Modifier(key="parry_large_shield", value=-1, rule_id="R6.7"))
        if attack.shield_bash:
            mods.append(Modifier(key="parry_shield_bash", value=-2, rule_id="R6.7"))
        if limit is None and weapon.parries_used:
            step = 2 if weapon.fencing else 4
            mods.append(
                Modifier(key="repeated_parry", value=-step * weapon.parries_used, rule_id="A.4")
            )
        if attack.for_other:
            mods.append(Modifier(key="parry_for_other", value=-4, rule_id="R6.8"))
            if attack.ally_shield_db:
                mods.append(
                    Modifier(key="ally_shield_db", value=attack.ally_shield_db, rule_id="R6.8")
                )
        mods.extend(m for m in common if not (attack.for_other and m.key == "shield_db"))
        if kind in bonuses:
            mods.append(bonuses[kind])
        result.append(
            _option(
                kind,
                weapon.parry,
                mods,
                None
                if attack.for_other
                else retreat_for(kind, fencing=weapon.fencing, unarmed=weapon.unarmed),
                weapon=weapon.name,
                weapon_index=index,
            )
        )

    # Block (R6.5, R5.12, A.4).
    if shield is not None and precheck(DefenseKind.block):
        block_limit = 2 if double_defense else 1
        if shield.refusal is not None:
            refuse(DefenseKind.block, shield.refusal, shield.refusal_rule or "R6.5")
        elif defender.close_combat:
            refuse(DefenseKind.block, "defend.close_combat_dodge_only", "R11.12")
        elif rear or (attack_side is not None and attack_side is not shield.side):
            refuse(DefenseKind.block, "defend.wrong_side", "R6.5")
        elif attack_side is not None and attack.kind is AttackKind.missile:
            refuse(DefenseKind.block, "defend.side_missile", "R6.5")
        elif defender.blocks_used >= block_limit:
            refuse(DefenseKind.block, "defend.no_blocks_left", "R5.12" if double_defense else "A.4")
        else:
            mods = []
            _dx_change(mods, defender.dx_penalty, shield.dx_change)
            if attack_side is not None:
                mods.append(Modifier(key="side", value=-2, rule_id="R6.5"))
            mods.extend(common)
            if DefenseKind.block in bonuses:
                mods.append(bonuses[DefenseKind.block])
            result.append(
                _option(DefenseKind.block, shield.block, mods, retreat_for(DefenseKind.block))
            )

    return DefenseOptions(
        options=tuple(result),
        refused=tuple(refused),
        retreat_refusal=retreat_refusal,
        double_defense=double_defense,
    )


def _option(
    kind: DefenseKind,
    base: int,
    mods: list[Modifier],
    retreat: Modifier | None,
    *,
    weapon: str | None = None,
    weapon_index: int | None = None,
) -> DefenseOption:
    return DefenseOption(
        kind=kind,
        weapon=weapon,
        weapon_index=weapon_index,
        base=base,
        modifiers=tuple(mods),
        value=base + sum(m.value for m in mods),
        retreat=retreat,
    )


class DefenseRoll(BaseModel):
    """One active-defense roll (A.1: defense rolls may be tried at any score)."""

    model_config = ConfigDict(frozen=True)

    option: DefenseOption
    retreat: bool
    target: int
    roll: SuccessRoll
    success: bool
    critical_success: bool
    critical_failure: bool


def roll_defense(
    option: DefenseOption, roller: DiceRoller, options: RuleOptions, *, retreat: bool = False
) -> DefenseRoll:
    """Roll ``option`` (with Retreat when asked and allowed, R6.9)."""
    if retreat and option.retreat is None:
        raise RuleError(
            "defend.retreat_not_allowed",
            "Retreat is not possible with this defense",
            defense=option.kind.value,
        )
    target = option.retreat_value if retreat and option.retreat_value is not None else option.value
    roll = success_roll(target, roller, options)
    success = roll.outcome in (Outcome.SUCCESS, Outcome.CRITICAL_SUCCESS)
    return DefenseRoll(
        option=option,
        retreat=retreat,
        target=target,
        roll=roll,
        success=success,
        critical_success=roll.outcome is Outcome.CRITICAL_SUCCESS,
        critical_failure=roll.outcome is Outcome.CRITICAL_FAILURE,
    )


def acrobatic_dodge(
    option: DefenseOption, acrobatics: int, roller: DiceRoller, options: RuleOptions
) -> tuple[SuccessRoll, DefenseOption]:
    """R6.4: an Acrobatics roll before a Dodge: +1 on success, -2 on failure."""
    if option.kind is not DefenseKind.dodge:
        raise RuleError(
            "defend.acrobatic_dodge_only",
            "only a Dodge can be acrobatic",
            defense=option.kind.value,
        )
    roll = success_roll(acrobatics, roller, options)
    modifier = Modifier(key="acrobatic_dodge", value=1 if roll.succeeded else -2, rule_id="R6.4")
    return roll, option.with_modifier(modifier)


def master_dodge(
    option: DefenseOption, enabling_level: int, roller: DiceRoller, options: RuleOptions
) -> tuple[SuccessRoll, DefenseOption]:
    """R5.18: a master's DX, Jumping or Acrobatics roll (``enabling_level``, the best of them)
    doubles his Dodge against this one attack; a failure leaves it as it was. A critical
    failure also drops him, which the caller applies to the sheet."""
    if option.kind is not DefenseKind.dodge:
        raise RuleError(
            "defend.master_dodge_only",
            "only a Dodge can be doubled",
            defense=option.kind.value,
        )
    roll = success_roll(enabling_level, roller, options)
    if not roll.succeeded:
        return roll, option
    # doubled: the master's Dodge counted once more
    return roll, option.with_modifier(
        Modifier(key="master_dodge", value=option.value, rule_id="R5.18")
    )
