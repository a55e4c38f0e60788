"""One attack: the attack roll, and what follows it (R4, R5, R7, R12, R13).

The bot calls :func:`resolve_attack` when someone attacks. A miss ends there;
a critical hit, or a hit the target cannot defend, goes straight to damage;
any other hit returns a :class:`~rules.strike.PendingDefense` the bot stores until the
target's player picks a defense, then :func:`rules.defense_resolution.resolve_defense`
rolls it. Turn state (maneuver, Aim, Evaluate, Feint, parries and blocks used, Retreat)
comes in and goes out with each step. :func:`resolve_stray` rolls a missed shot against
someone else in the line of fire.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final, NamedTuple

from pydantic import BaseModel, ConfigDict

from rules.ammunition import Ammunition, check_loaded, parse_shots, spend
from rules.attack import (
    Arc,
    AttackCount,
    AttackInput,
    AttackKind,
    AttackRoll,
    EffectiveSkill,
    FastDrawRoll,
    FeintOutcome,
    Gait,
    RangedClass,
    ReadyTime,
    WaitOrder,
    all_out_damage_bonus,
    effective_attack_skill,
    fast_draw,
    feint,
    initiative_slots,
    reach_length,
    roll_attack,
)
from rules.checks import ensure_attemptable
from rules.combatant import Combatant, HitLocation, RiseClass, Side, Trait, Weapon
from rules.damage import parse_damage
from rules.defense import AttackContext, DefenseOptions
from rules.defense_resolution import defense_options, weapon_ready_after_blow
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.fire import burning_dx_penalty
from rules.hit_location import attack_penalty, check_target, miss_by_one
from rules.maneuver import (
    ATTACK_MANEUVERS,
    AllOutAttackOption,
    Maneuver,
    maneuver_profile,
)
from rules.maneuver_choice import ensure_weapon_usable, feint_defense, feint_modifiers
from rules.maneuver_limits import (
    ATTACK_MANEUVER_VALUES,
    ensure_maneuver_left,
    keep_wait_order,
    next_attack,
    series_maneuver,
    spent_attack,
    wait_contest,
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
from rules.rapid_fire import RULE_ID as RAPID_FIRE_RULE_ID
from rules.rapid_fire import PointBlank, RapidFire, hits_by_margin, point_blank, rapid_fire
from rules.records import Modifier
from rules.roller import DiceRoller
from rules.senses import Sense, SenseOutcome, request_from_sheet, sense_roll
from rules.strike import AttackRequest, PendingDefense, Strike, StrikeResult, land_strike
from rules.terrain import level_modifiers, water_effects
from rules.throwing import ThrownObject, throw_object
from rules.turn import TurnState, ensure_may_choose

__all__ = [
    "ERROR_KEYS",
    "SHIELD_BASH_DAMAGE",
    "AttackOutcome",
    "StrayShot",
    "resolve_attack",
    "resolve_stray",
]

ERROR_KEYS: Final = frozenset(
    {
        "attack.no_weapon",
        "attack.not_a_missile_weapon",
        "attack.crippled_leg",
        "attack.not_an_attack_maneuver",
        "attack.self",
        "attack.thrown_needs_fast_draw",
        "attack.volley_needs_fast_draw",
        "ranged.no_damage",
        "ranged.opportunity_needs_wait",
        "rapid_fire.needs_weapon",
    }
)
"""Every :class:`RuleError` key this module raises."""


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
    identify: SenseOutcome | None = None
    """R12.13: the Vision roll of an opportunity shooter who first tells friend from foe; when
    it fails he cannot tell, holds his fire, and ``attack`` is ``None``."""
    thrown_object: ThrownObject | None = None
    """An object thrown by hand: its skill, damage and range from the tables (R12.1-R12.5)."""
    rapid_fire: RapidFire | None = None
    """Several shots fired: their bonus and, on a hit, how many hit (B373)."""
    point_blank: PointBlank | None = None
    """A multiple-projectile shot closer than a tenth of ½D: one hit a shot, damage and DR
    multiplied (B409)."""
    ammunition: Ammunition | None = None
    """A counted weapon's rounds: spent by this attack and left in it (B269)."""
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
    if chosen is not None:
        ensure_weapon_usable(attacker, turn, chosen)
    return chosen


def _thrown_object(sheet: Combatant, request: AttackRequest) -> ThrownObject | None:
    """R12.1-R12.5: an object thrown by hand, when the attack names its weight."""
    if request.thrown_kg is None:
        return None
    attributes = sheet.attributes
    thrown = throw_object(
        attributes.st,
        attributes.dx,
        request.thrown_kg,
        sheet.skill("throwing"),
        lifting_st=sheet.st,
    )
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


def _identify(
    sheet: Combatant, request: AttackRequest, roller: DiceRoller, options: RuleOptions
) -> SenseOutcome | None:
    """R12.13: an opportunity shooter who first tells friend from foe gets a Vision roll (the
    GM's, on his Per and Acute Vision, R16.5); ``None`` for any other shot."""
    situation = request.situation
    if situation is None or situation.mode is not FireMode.opportunity or not situation.identify:
        return None
    return sense_roll(request_from_sheet(sheet, Sense.VISION), roller, options)


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
        # R8.1: below 1/3 FP the ST a range is a multiple of is halved, like any ST but
        # damage's (``sheet.st``).
        ranges = weapon_range(weapon.range if weapon else None, sheet.st)
    if ground.range_divisor != 1:
        ranges = WeaponRange(
            half_damage=None if ranges.half_damage is None else ranges.half_damage / 10,
            maximum=None if ranges.maximum is None else ranges.maximum / 10,
        )
    return plan_shot(situation, ranges, divided=ground.range_divisor)


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
    rise = Fraction(0)
    if attacker.turn.elevation != target.turn.elevation:
        mine, theirs = as_fraction(attacker.turn.elevation), as_fraction(target.turn.elevation)
        rise = theirs - mine
    mods: list[Modifier] = []
    defense = 0
    if kind is AttackKind.melee and rise:
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
            attacker.turn.water,
            reach_length(weapon.reach) if weapon is not None else 0,
            natural=weapon is None or weapon.natural,
            encumbrance=attacker.combatant.encumbrance_level,
            ranged_kind=ranged,
        )
        mods.extend(effects.modifiers)
        factor, divisor = effects.damage_factor, effects.range_divisor
    return _Ground(tuple(mods), defense, factor, divisor, rise)


def _ensure_shoots(sheet: Combatant, weapon: Weapon | None, request: AttackRequest) -> None:
    """``/shoot`` fires a missile weapon (a bow, a crossbow, a gun: R12.x): a weapon on the
    sheet with nothing of one (no Accuracy, Snap Shot, range, rate of fire, shots or launcher)
    and not made to be thrown is a melee weapon, refused rather than rolled as a shot."""
    if request.kind is not AttackKind.missile or weapon is None or weapon.thrown:
        return
    if (
        weapon.accuracy > 0
        or weapon.snap_shot is not None
        or weapon.launcher is not None
        or weapon.range
        or weapon.rate_of_fire
        or weapon.shots
    ):
        return
    raise RuleError(
        "attack.not_a_missile_weapon",
        f"the {weapon.name} is not a missile weapon",
        combatant=sheet.name,
        weapon=weapon.name,
    )


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
    """R5.11: asked with ``wait-order`` only; the blow's reach is its weapon's
    (:func:`~rules.maneuver_limits.wait_contest` says the rest)."""
    if not request.wait_order:
        return None
    reach = reach_length(weapon.reach) if weapon is not None else 1
    return wait_contest(attacker, target, reach=reach, skill=skill, roller=roller, options=options)


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


def resolve_attack(
    attacker: EncounterCombatant,
    target: EncounterCombatant,
    request: AttackRequest,
    roller: DiceRoller,
    options: RuleOptions,
    *,
    count_attacks: bool = True,
    own_turn: bool = False,
) -> AttackOutcome:
    """Roll the attack; on a hit either wait for a defense or go straight to damage.

    An attack past the turn's allowance is refused (``attack.no_attacks_left``)
    unless the request says the GM allows it; ``count_attacks`` is off before
    the turn sequence starts, when there is no turn to count them in. Whose turn it is
    (R4.4, R5.11) is the encounter's to say: :func:`rules.exchange.attack` asks
    :func:`~rules.maneuver_limits.ensure_own_turn` first, and says whether he attacks in his
    ``own_turn``: there a Wait he chose is his maneuver and the attack a second one (R4.4);
    out of it the Wait set off becomes the attack (R5.11).

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
    _ensure_shoots(sheet, weapon, request)
    # R4.4 after the weapon's own refusals (R5.5 not ready, out of hand): a blow that could
    # not be struck anyway names that reason, not the maneuver already chosen.
    if attacker.turn.maneuver not in ATTACK_MANEUVER_VALUES:
        ensure_maneuver_left(sheet, attacker.turn, own_turn=own_turn)
    series = series_maneuver(sheet, attacker.turn, request)
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
    count, number = next_attack(
        sheet, turn, request, skill, options, counting=count_attacks, own_turn=own_turn
    )
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
    # A shield bash is named after the shield (R11.27); an object thrown by hand has no name.
    planned = Strike(
        weapon=(
            weapon.name
            if weapon is not None
            else sheet.shield.name
            if shield_blow and sheet.shield is not None
            else None
        ),
        damage=damage_text,
        st=sheet.attributes.st,
        location=request.location,
        side=request.side,
    )
    if order is not None and not order.waiter_first:
        # Nothing is spent, but who strikes first is settled (R5.11).
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
            attacker_turn=keep_wait_order(turn, target.combatant_id, order),
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
    # B409: a shotgun's projectiles closer than a tenth of ½D have not spread yet.
    close = point_blank(
        weapon.rate_of_fire if weapon is not None else "",
        plan is not None and plan.point_blank and request.stray_skill is None,
    )
    counted = _counted_weapon(request, weapon, kind)
    if counted is not None:
        # B269: an empty weapon, or a full-auto one short of its shortest burst, fires
        # nothing whatever the shots asked for: only a reload helps.
        check_loaded(counted, turn.rounds_left)
    burst = _burst(request, weapon, point_blank=close is not None)
    rounds = spend(counted, turn.rounds_left, request.shots) if counted is not None else None
    if burst is not None and burst.bonus:
        on_fire = (
            *on_fire,
            Modifier(key="rapid_fire.bonus", value=burst.bonus, rule_id=RAPID_FIRE_RULE_ID),
        )
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
    if request.stray_skill is None:
        ensure_attemptable(effective.value)  # A.1: below 3 an attack cannot be attempted
    else:
        # R12.12: a missed shot reaching a bystander rolls against its effective skill or 9.
        capped = min(request.stray_skill, WRONG_TARGET_CAP)
        effective = EffectiveSkill(
            base=request.stray_skill,
            modifiers=(),
            cap=capped if capped < request.stray_skill else None,
            cap_rule_id="R12.12" if capped < request.stray_skill else None,
            value=capped,
        )
    identified = _identify(sheet, request, roller, options)
    if identified is not None and not identified.noticed:
        # He cannot tell friend from foe: he holds his fire, and nothing is spent (R12.13).
        return AttackOutcome(
            **who,
            strike=planned,
            effective=effective,
            attack=None,
            ranged=plan,
            identify=identified,
            location_hit=request.location,
            attack_number=number,
            attacks_available=count.attacks,
            allowance_rule_ids=count.rule_ids,
            attacker_turn=turn,
            target_turn=target.turn,
        )
    feinted: FeintOutcome | None = None
    if (
        request.maneuver is Maneuver.all_out_attack
        and request.all_out_option is AllOutAttackOption.feint
    ):
        # R5.8 (b): the Feint's contest first; its penalty goes on this attack's defense.
        feinted = feint(
            skill,
            feint_defense(target.combatant),
            roller,
            options,
            modifiers=feint_modifiers(evaluate, sheet.state.shock_penalty),
        )
        feint_penalty = max(feint_penalty, feinted.penalty)
    spent_turn = spent_attack(
        turn,
        maneuver=maneuver,
        all_out_option=all_out_option,
        count=count,
        number=number,
        skill=skill,
        own_turn=own_turn,
    )
    # The rest of the turn's change, applied in one copy once the blow is made.
    after: dict[str, object] = {
        "feint_penalty": 0 if feint_penalty else turn.feint_penalty,
        "feint_target": None if feint_penalty else turn.feint_target,
        # R11.27: a blow with the shield takes its DB off his defenses until his next turn.
        "shield_bashed": turn.shield_bashed or request.shield_bash,
    }
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
                attacker_turn=spent_turn.model_copy(
                    update={
                        **after,
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
        after |= _struck(turn, weapon, ready_after)
    if rounds is not None:
        # B269: the rounds are spent as the shot (or burst) goes off.
        after["rounds_left"] = rounds[0]
    attacker_turn = spent_turn.model_copy(update=after)
    roll = roll_attack(effective, roller, options)
    location_hit = request.location
    missed_by_one = False
    if not roll.hit and roll.roll.margin == -1 and not roll.critical_miss:
        landed = miss_by_one(request.location, roller)
        if landed is not None:
            location_hit = landed.location
            missed_by_one = True
            roll = roll.model_copy(update={"hit": True, "defense_allowed": True})
    hits = 1
    if burst is not None:
        # B373: 1 hit, plus 1 per full Rcl of margin, up to the shots (times a shotgun's
        # projectiles) fired; one hit when it only grazed (miss by 1).
        if not roll.hit:
            hits = 0
        elif not missed_by_one:
            hits = hits_by_margin(roll.roll.margin, burst.recoil, burst.fired)
        burst = burst.model_copy(update={"hits": hits})
    strike = planned.model_copy(
        update={
            "damage_bonus": all_out_damage_bonus(maneuver, all_out_option),
            "location": location_hit,
            "chinks_in_armor": request.chinks_in_armor and not missed_by_one,
            "knockback_bullet": weapon is not None and weapon.knockback_bullet,
            "half_damage": plan is not None and plan.half_damage,
            "damage_factor": ground.damage_factor,
            "hits": max(1, hits),
            "projectile_factor": close.factor if close is not None else 1,
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
        "identify": identified,
        "thrown_object": thrown,
        "rapid_fire": burst,
        "point_blank": close,
        "ammunition": rounds[1] if rounds is not None else None,
        "ready_after": None if ready_after is None or ready_after.acts_balanced else ready_after,
        "attacker_turn": attacker_turn,
        "target_turn": target.turn,
    }
    if not roll.hit:
        return AttackOutcome.model_validate(base)
    if roll.critical_hit:
        damage, hurt = land_strike(strike, target.combatant, target.turn, roller, options)
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
        damage, hurt = land_strike(strike, target.combatant, target.turn, roller, options)
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


def _burst(
    request: AttackRequest, weapon: Weapon | None, *, point_blank: bool = False
) -> RapidFire | None:
    """The shots of this attack (B373): ``None`` for one of one projectile; more need a weapon
    on the sheet and no more than its RoF, a full-auto-only weapon at least a quarter of it
    (B269), and a shotgun's one shot is a burst of its projectiles, except at point blank
    where each shot is one (B409)."""
    if request.shots <= 1 and weapon is None:
        return None
    if weapon is None:
        raise RuleError(
            "rapid_fire.needs_weapon", "rapid fire needs a weapon from the sheet, with its RoF"
        )
    return rapid_fire(
        request.shots,
        weapon.rate_of_fire,
        weapon.recoil,
        weapon=weapon.name,
        point_blank=point_blank,
    )


def _counted_weapon(
    request: AttackRequest, weapon: Weapon | None, kind: AttackKind
) -> Weapon | None:
    """The weapon whose rounds this shot spends (B269; one per shot, a shotgun's
    projectiles included, B409), or ``None``: not a missile, not counted, or a missed shot
    flying on to a bystander (R12.12), which was already paid for."""
    if weapon is None or kind is not AttackKind.missile or request.stray_skill is not None:
        return None
    if parse_shots(weapon.shots) is None:
        return None
    return weapon


def _struck(turn: TurnState, weapon: Weapon, ready: ReadyTime | None) -> dict[str, object]:
    """The turn-state change of one blow with ``weapon``: it struck this turn, and its item
    (every usage of it) stays unready for ``ready.turns`` turns of Ready (R5.5)."""
    update: dict[str, object] = {"struck_with": (*turn.struck_with, weapon.name)}
    if ready is not None and ready.turns:
        update["unready_weapons"] = {**turn.unready_weapons, weapon.item_name: ready.turns}
    return update
