"""Choosing a maneuver on one's turn: :func:`take_maneuver` applies a :class:`ManeuverRequest`
(posture changes, Ready, Feint, Evade, a spare attack maneuver) to the fighter's turn state.
"""

from __future__ import annotations

from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules import recovery
from rules.ammunition import Reload, ReloadBefore, parse_shots, reload_second, rounds_left
from rules.attack import (
    EvadeEntry,
    EvadeOutcome,
    FeintOutcome,
    ReadyTime,
    SpareAction,
    SpareAttack,
    evade,
    feint,
    ready_time,
    spend_spare_attack,
)
from rules.combatant import Combatant, Posture, RiseClass, Trait, Weapon
from rules.defense_resolution import agility, parries_per_turn
from rules.encounter import EncounterCombatant
from rules.errors import RuleError
from rules.maneuver import (
    ATTACK_MANEUVERS,
    AllOutAttackOption,
    AllOutDefenseOption,
    Maneuver,
    ManeuverProfile,
    MovementKind,
    PostureChange,
    change_posture,
    maneuver_profile,
)
from rules.maneuver_limits import (
    after_other_maneuver,
    attack_maneuvers,
    attacks_used_this_turn,
    ensure_maneuver_left,
    maneuvers_allowed,
    next_attack,
    other_maneuvers,
)
from rules.options import RuleOptions
from rules.records import Modifier, RollRecord
from rules.roller import DiceRoller
from rules.strike import AttackRequest
from rules.turn import TurnState, ensure_may_choose

__all__ = [
    "ERROR_KEYS",
    "ManeuverOutcome",
    "ManeuverRequest",
    "WeaponReadying",
    "ensure_weapon_usable",
    "feint_defense",
    "feint_modifiers",
    "ready_turn",
    "spend_ready",
    "take_maneuver",
    "waiting_weapon",
    "weapon_in_hand",
]

ERROR_KEYS: Final = frozenset(
    {
        "attack.no_weapon",
        "attack.weapon_dropped",
        "attack.weapon_unready",
        "attack.weapon_crippled",
        "maneuver.cannot_walk",
        "maneuver.use_attack",
        "maneuver.needs_target",
        "maneuver.self_target",
        "maneuver.needs_posture",
        "maneuver.spare_wrong_maneuver",
        "maneuver.evade_needs_movement",
        "maneuver.evade_grappled",
        "maneuver.before_first_turn",
        "maneuver.reload_needs_ready",
        "ammunition.nothing_to_reload",
    }
)
"""Every :class:`RuleError` key this module raises."""


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
    reload: bool = False
    """A Ready spent reloading a counted missile weapon: one second of its reload (B269),
    only Dodge until his next turn (R5.5)."""
    by_gm: bool = False
    """Chosen by the encounter's GM, who sets any fighter's maneuver at any time; a player
    only in his fighter's turn or from his Wait (R4.4, R5.11)."""


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
    reload: Reload | None = None
    """A second of reloading a counted weapon (B269, R5.5)."""
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


def feint_defense(target: Combatant) -> tuple[int, ...]:
    """R5.9: the foe resists with the best of his Shield skill, weapon skill or DX."""
    scores = [target.attributes.dx, *(w.skill for w in target.weapons)]
    if target.shield is not None:
        scores.append(target.shield.skill)
    return tuple(scores)


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
        chambara_level=agility(sheet) if master else None,
    )


def _weapon_to_ready(sheet: Combatant, turn: TurnState, request: ManeuverRequest) -> Weapon:
    """The weapon a Ready works on: the one named, else the first lying on the ground (R7.8),
    else the first out of hand after a blow (R5.5), else the first on the sheet."""
    if request.weapon is None:
        found = waiting_weapon(sheet, turn)
        if found is not None:
            return found
    return _chosen_weapon(sheet, request)


def waiting_weapon(sheet: Combatant, turn: TurnState) -> Weapon | None:
    """The first weapon lying on the ground (R7.8), else the first out of hand after a blow
    (R5.5): what a Ready with no weapon named works on; ``None`` when all are in hand. Of an
    item with several usages, its first on the sheet: readying one readies the item."""
    for waiting in (sheet.state.dropped, turn.unready_weapons):
        found = next((w for w in sheet.weapons if w.item_name in waiting), None)
        if found is not None:
            return found
    return None


def _weapon_to_reload(sheet: Combatant, turn: TurnState, request: ManeuverRequest) -> Weapon:
    """The weapon a reload works on: the one named, else the first counted weapon that is
    not full (B269)."""
    if request.weapon is not None:
        return _chosen_weapon(sheet, request)
    for weapon in sheet.weapons:
        left = rounds_left(weapon, turn.rounds_left)
        shots = parse_shots(weapon.shots)
        if left is not None and shots is not None and left < shots.capacity:
            return weapon
    raise RuleError(
        "ammunition.nothing_to_reload",
        f"none of {sheet.name}'s weapons needs reloading",
        combatant=sheet.name,
    )


def _reload_before(turn: TurnState, weapon: Weapon) -> dict[str, ReloadBefore]:
    """This turn's reloads with ``weapon``'s rounds and seconds before this one, unless an
    earlier Ready of the same turn (an extra maneuver) already noted them: a Dodge before his
    next turn takes the whole turn's loading back (R5.5)."""
    if weapon.name in turn.reload_before:
        return turn.reload_before
    left = rounds_left(weapon, turn.rounds_left)
    before = ReloadBefore(
        rounds=left if left is not None else 0,
        progress=turn.reload_progress.get(weapon.name, 0),
    )
    return {**turn.reload_before, weapon.name: before}


def weapon_in_hand(sheet: Combatant, turn: TurnState, weapon: Weapon) -> bool:
    """``weapon``'s item is in his hand and ready: neither lying on the ground (R7.8) nor out
    of hand after a blow, awaiting Readies (R5.5). Nothing is left to draw or ready (R11.22)."""
    return not sheet.has_dropped(weapon) and not turn.unready_weapons.get(weapon.item_name)


def ready_turn(
    sheet: Combatant, turn: TurnState, weapon: Weapon
) -> tuple[Combatant, dict[str, object], WeaponReadying | None]:
    """One Ready maneuver on ``weapon`` (R5.5): from the ground it takes two turns, this one
    picking it up; out of hand after a blow, one turn less of readying to go. It is the item
    that is readied: every usage of it is in hand again together."""
    if weapon_in_hand(sheet, turn, weapon):
        return sheet, {}, None
    item = weapon.item_name
    if sheet.has_dropped(weapon):
        picked = sheet.with_state(dropped=sheet.state.dropped - {item})
        unready = {**turn.unready_weapons, item: 1}
        readying = WeaponReadying(weapon=item, picked_up=True, turns_left=1)
        return picked, {"unready_weapons": unready}, readying
    unready = _readied(turn, item, 1)
    readying = WeaponReadying(weapon=item, turns_left=unready.get(item, 0))
    return sheet, {"unready_weapons": unready}, readying


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


def ensure_weapon_usable(sheet: Combatant, turn: TurnState, weapon: Weapon) -> None:
    """A weapon strikes, and feints with (R5.9: a Feint is a blow he could have struck),
    only when it is in his hand (R7.8: not dropped in a knockdown), held in a sound arm
    (R7.16) and ready (R5.5: not out of hand after a blow or just picked up); else a
    refusal whose example is the Ready that fixes it."""
    if sheet.has_dropped(weapon):
        raise RuleError(
            "attack.weapon_dropped",
            f"{sheet.name} dropped the {weapon.name}",
            combatant=sheet.name,
            weapon=weapon.name,
        )
    if sheet.wields_with_crippled_arm(weapon):
        raise RuleError(
            "attack.weapon_crippled",
            f"{sheet.name} holds the {weapon.name} in a crippled arm or hand",
            combatant=sheet.name,
            weapon=weapon.name,
        )
    turns = turn.unready_weapons.get(weapon.item_name, 0)
    if turns:
        raise RuleError(
            "attack.weapon_unready",
            f"the {weapon.name} needs {turns} more turns of Ready",
            combatant=sheet.name,
            weapon=weapon.name,
            turns=turns,
        )


def _feint_with(
    sheet: Combatant,
    turn: TurnState,
    target: EncounterCombatant,
    weapon: Weapon,
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> FeintOutcome:
    """R5.9's Quick Contest with ``weapon`` (in hand and ready: :func:`ensure_weapon_usable`);
    Evaluate on that foe helps, shock hurts (R7.6)."""
    ensure_weapon_usable(sheet, turn, weapon)
    target_id = target.combatant_id
    evaluate = min(3, turn.evaluate_turns) if turn.evaluate_target == target_id else 0
    return feint(
        weapon.skill,
        feint_defense(target.combatant),
        roller,
        options,
        modifiers=feint_modifiers(evaluate, sheet.state.shock_penalty),
    )


def feint_modifiers(evaluate: int, shock_penalty: int) -> tuple[Modifier, ...]:
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
    count, _ = next_attack(
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
    unready_turns = turn.unready_weapons.get(weapon.item_name, 0) if readying else 0
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
        "maneuver": current,
        "attacks_used": used + spare.attacks_spent,
        "attacks_turn": turn.turns_taken,
        "parries_used": turn.parries_used + spare.parries_spent,
        "other_maneuvers": other_maneuvers(turn, used),
        "attack_maneuvers": attack_maneuvers(count, used + spare.attacks_spent),
    }
    outcome: FeintOutcome | None = None
    if target is not None and spare.action is SpareAction.feint:
        outcome = _feint_with(sheet, turn, target, weapon, roller=roller, options=options)
        update.update(_feint_update(outcome, target.combatant_id))
    progress: WeaponReadying | None = None
    if unready_turns:
        update["unready_weapons"] = _readied(turn, weapon.item_name, unready_turns)
        progress = WeaponReadying(weapon=weapon.item_name, turns_left=0)
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


def _readied(turn: TurnState, item: str, turns: int) -> dict[str, int]:
    """The unready weapons after ``turns`` turns of readying ``item`` (R5.5, R5.25)."""
    unready = dict(turn.unready_weapons)
    left = unready.pop(item, 0) - turns
    if left > 0:
        unready[item] = left
    return unready


def _ensure_first_turn_came(sheet: Combatant, awaits_first_turn: bool) -> None:
    """R4.4: no maneuver before his first turn in a running fight."""
    if awaits_first_turn:
        raise RuleError(
            "maneuver.before_first_turn",
            f"{sheet.name} has not had his first turn yet",
            combatant=sheet.name,
        )


def spend_ready(
    fighter: EncounterCombatant, *, awaits_first_turn: bool, own_turn: bool
) -> TurnState:
    """His turn's maneuver spent on a task that takes Ready maneuvers rather than a weapon
    (putting out burning clothes, R10.5, R10.6): the checks :func:`take_maneuver` makes
    (his state allows a Ready, R7.10-R7.11; his first turn has come and he has a maneuver
    left this turn, R4.4, a Wait chosen in his ``own_turn`` counting as one) and the turn
    with Ready as its maneuver, Aim and Evaluate lost."""
    sheet = fighter.combatant
    ensure_may_choose(fighter, Maneuver.ready)
    _ensure_first_turn_came(sheet, awaits_first_turn)
    turn = fighter.turn
    ensure_maneuver_left(sheet, turn, own_turn=own_turn)
    return turn.model_copy(
        update={
            "maneuver": Maneuver.ready,
            "other_maneuvers": after_other_maneuver(sheet, turn, Maneuver.ready, own_turn=own_turn),
            "aim_turns": 0,
            "aim_target": None,
            "aim_braced": False,
            "evaluate_turns": 0,
            "evaluate_target": None,
        }
    )


def take_maneuver(
    fighter: EncounterCombatant,
    target: EncounterCombatant | None,
    request: ManeuverRequest,
    roller: DiceRoller,
    options: RuleOptions,
    *,
    awaits_first_turn: bool = False,
    own_turn: bool = False,
) -> ManeuverOutcome:
    """Record a turn's maneuver and what it builds (R4.4, R5.2-R5.5, R5.9-R5.13).

    In a running fight a fighter who ``awaits_first_turn`` has no maneuver to take yet
    (R4.4): refused (``maneuver.before_first_turn``). In his ``own_turn`` a Wait he already
    chose is his turn's maneuver, and another is refused as any second one is
    (``maneuver.already_chosen``); only a Wait set off out of his turn becomes another
    (R5.11).

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
    _ensure_first_turn_came(sheet, awaits_first_turn)
    turn = fighter.turn
    if request.spare_attack:
        return _spare_attack_maneuver(fighter, target, request, roller, options)
    ensure_maneuver_left(sheet, turn, own_turn=own_turn)
    if request.reload and maneuver is not Maneuver.ready:
        raise RuleError(
            "maneuver.reload_needs_ready",
            "reloading is a Ready maneuver",
            maneuver=maneuver.value,
        )
    if maneuver is Maneuver.move and sheet.move == 0 and sheet.crippled_legs:
        # Both legs crippled (R7.16, the Basic Set's effects): he cannot walk.
        raise RuleError("maneuver.cannot_walk", f"{sheet.name} cannot walk", combatant=sheet.name)
    profile = maneuver_profile(
        maneuver,
        move=sheet.move,
        all_out_defense_option=request.all_out_defense,
        readying_missile_weapon=request.readying_missile or request.reload,
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
        "maneuver": maneuver,
        "all_out_defense": profile.all_out_defense_option
        if profile.all_out_defense_option is not None
        else earlier_defense,
        "readying_missile": request.readying_missile or request.reload,
        "other_maneuvers": after_other_maneuver(sheet, turn, maneuver, own_turn=own_turn),
    }
    ready: ReadyTime | None = None
    ready_weapon: Weapon | None = None
    readying: WeaponReadying | None = None
    reloaded: Reload | None = None
    if maneuver is Maneuver.ready and (sheet.weapons or request.reload):
        ready_weapon = (
            _weapon_to_reload(sheet, turn, request)
            if request.reload
            else _weapon_to_ready(sheet, turn, request)
        )
        # R7.8: a weapon dropped when knocked down lies on the ground (R5.5: two turns);
        # it is in hand again before a reload can start.
        sheet, readied, readying = ready_turn(sheet, turn, ready_weapon)
        update.update(readied)
        if readying is None and request.reload:
            rounds, progress, reloaded = reload_second(
                ready_weapon, turn.rounds_left, turn.reload_progress
            )
            update.update(
                {
                    "rounds_left": rounds,
                    "reload_progress": progress,
                    "reload_before": _reload_before(turn, ready_weapon),
                }
            )
        elif readying is None:
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
    allowed, extra_rules = maneuvers_allowed(sheet)
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
        reload=reloaded,
        aim_turns=new_turn.aim_turns,
        evaluate_bonus=min(3, new_turn.evaluate_turns),
        maneuvers_taken=min(allowed, new_turn.other_maneuvers + new_turn.attack_maneuvers),
        maneuvers_allowed=allowed,
        maneuver_rule_ids=extra_rules,
    )
