"""The target's side of an exchange: which defenses he has, spending them, rolling one.

:func:`defender_input` and :func:`defense_options` describe a target facing one
:class:`~rules.strike.PendingDefense` (ready weapons, parries already spent, R7.8, R7.16,
R5.5, R11.12); :func:`resolve_defense` rolls the chosen defense and, if it fails, lands the
blow (:func:`rules.strike.land_strike`); :func:`resolve_parry_for_other` parries a blow aimed
at someone else.
"""

from __future__ import annotations

from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.ammunition import ReloadLost, lose_reload
from rules.attack import Arc, ReadyTime, attacks_per_turn, maneuvers_per_turn, ready_time
from rules.checks import Outcome, SuccessRoll, success_roll
from rules.combatant import Combatant, Posture, Trait, Weapon
from rules.defense import (
    DefenderInput,
    DefenseOption,
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
from rules.errors import RuleError
from rules.fire import burning_dx_penalty
from rules.maneuver import (
    AllOutAttackOption,
    AllOutDefenseOption,
    DefenseKind,
    Maneuver,
    ManeuverProfile,
    maneuver_profile,
)
from rules.maneuver_limits import attacks_used_this_turn
from rules.options import RuleOptions
from rules.rapid_fire import hits_stopped
from rules.roller import DiceRoller
from rules.strike import PendingDefense, StrikeResult, land_strike
from rules.turn import OUT_OF_ACTION, STUNNED_LIKE, TurnState, restriction_of

__all__ = [
    "ERROR_KEYS",
    "UNARMED_PARRY_SKILLS",
    "DefenseChoice",
    "DefenseOutcome",
    "ParryForOtherOutcome",
    "SheetDefenses",
    "agility",
    "defender_input",
    "defense_options",
    "parries_per_turn",
    "parry_for_other_options",
    "resolve_defense",
    "resolve_parry_for_other",
    "sheet_defenses",
    "spend_dodge",
    "turn_profile",
    "weapon_ready_after_blow",
]

ERROR_KEYS: Final = frozenset(
    {
        "defend.no_acrobatics",
        "defend.acrobatic_used",
        "defend.master_dodge_not_acrobatic",
        "defend.master_dodge_not_master",
        "defend.master_dodge_no_attack",
        "defend.master_dodge_no_parry",
    }
)
"""Every :class:`RuleError` key this module raises."""


UNARMED_PARRY_SKILLS: Final = ("judo", "karate", "brawling")
"""R11.12: the skills that parry bare-handed in close combat."""


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
    if sheet.has_dropped(weapon):
        return "defend.weapon_dropped", "R7.8"
    if sheet.wields_with_crippled_arm(weapon):
        return "defend.weapon_crippled", "R7.16"
    if turn.unready_weapons.get(weapon.item_name):
        return "defend.weapon_unready", "R5.5"
    for usage in sheet.usages_of(weapon):
        # R5.5: whichever usage of the item struck unbalanced, the item is out of line.
        if usage.name in turn.struck_with:
            ready = weapon_ready_after_blow(sheet, usage)
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
                # A.4: the item's parries, with whichever of its usages they were made.
                parries_used=turn.weapon_parries.get(weapon.item_name, 0),
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


class SheetDefenses(BaseModel):
    """The defenses a sheet shows: Dodge, each weapon's Parry and the Block, with the
    condition's halvings (R7.1, R8.1) and what burns on him (R10.5-R10.7)."""

    model_config = ConfigDict(frozen=True)

    dodge: int
    parries: tuple[tuple[str, int], ...]
    block: int | None


def sheet_defenses(sheet: Combatant, options: RuleOptions | None = None) -> SheetDefenses:
    """Dodge (an animal's as the guild reads R6.1), Parries and Block as the defense buttons
    offer them before the per-blow modifiers: a burning fighter's DX penalty (R10.5-R10.7)
    moves Dodge through Basic Speed and each Parry and the Block through half the skill
    (A.4), the same numbers :func:`defender_input` gives the defense rules."""
    burning = burning_dx_penalty(sheet.state)
    penalty = burning.value if burning is not None else 0
    parries = tuple(
        (weapon.name, parry + half_skill_change(weapon.skill, penalty))
        for weapon in sheet.weapons
        if (parry := sheet.parry(weapon)) is not None
    )
    block = sheet.block
    if block is not None and sheet.shield is not None:
        block += half_skill_change(sheet.shield.skill, penalty)
    return SheetDefenses(
        dodge=sheet.dodge_under(options) + sheet.dodge_change_for_dx(penalty, options),
        parries=parries,
        block=block,
    )


def defender_input(
    target: Combatant,
    turn: TurnState,
    pending: PendingDefense | None = None,
    *,
    parries_per_turn: int | None = None,
    options: RuleOptions | None = None,
) -> DefenderInput:
    """The defense rules' view of ``target`` and his turn state (R4.5); ``parries_per_turn``
    as :func:`parries_per_turn` counts them when the options are known, and ``options`` say
    how an animal dodges (R6.1)."""
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
        dodge=target.base_dodge_under(options),
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
        dodge_dx_change=target.dodge_change_for_dx(burning.value, options) if burning else 0,
        parries_per_turn=parries_per_turn,
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
    defender = defender_input(
        target, turn, pending, parries_per_turn=parries_per_turn(target, options), options=options
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
    mine = defender_input(
        defender,
        defender_turn,
        parries_per_turn=parries_per_turn(defender, options),
        options=options,
    )
    return available_defenses(mine, context, options)


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
    hits_stopped: int | None = None
    """Rapid fire: the hits of the burst the defense stopped (B375); ``None`` for one blow."""
    reload_lost: tuple[ReloadLost, ...] = ()
    """R5.5: he dodged while reloading; that turn's loading does not count."""


def agility(sheet: Combatant) -> int:
    """The best of DX, Jumping and Acrobatics: a master's roll for R5.18 and R5.19."""
    return max(sheet.attributes.dx, sheet.skill("jumping") or 0, sheet.skill("acrobatics") or 0)


def _parried_with(turn: TurnState, item: str | None) -> dict[str, object]:
    """One more parry this turn, counted in total and for the item that made it (A.4)."""
    update: dict[str, object] = {"parries_used": turn.parries_used + 1}
    if item is not None:
        update["weapon_parries"] = {
            **turn.weapon_parries,
            item: turn.weapon_parries.get(item, 0) + 1,
        }
    return update


def _parrying_item(sheet: Combatant, option: DefenseOption) -> str | None:
    """The item a parry counts against (A.4): every usage of one weapon shares its count, so a
    sword's thrust parries at the repeated-parry penalty after its swing parried. An unarmed
    parry counts against its skill; a Dodge or a Block against none."""
    return sheet.item_of(option.weapon) if option.weapon is not None else None


def _spend(turn: TurnState, kind: DefenseKind, retreat: bool, item: str | None) -> TurnState:
    """The target's turn state after one defense: counters up, Aim lost (R5.3, R6.9, A.4)."""
    update: dict[str, object] = {
        "defended_since_last_turn": True,
        "fought": True,
        "aim_turns": 0,
        "aim_target": None,
    }
    if kind is DefenseKind.parry:
        update.update(_parried_with(turn, item))
    elif kind is DefenseKind.block:
        update["blocks_used"] = turn.blocks_used + 1
    else:
        update["dodges_used"] = turn.dodges_used + 1
    if retreat:
        update["retreat_used"] = True
    return turn.model_copy(update=update)


def _lose_reloading(sheet: Combatant, turn: TurnState) -> tuple[TurnState, tuple[ReloadLost, ...]]:
    """R5.5: a Dodge while reloading a missile weapon; the turn does not count toward its
    loading, so what this turn's Ready put in (seconds, or the rounds it completed) is taken
    back. A weapon gone from the sheet meanwhile is left as it is."""
    if not turn.reload_before:
        return turn, ()
    rounds, progress = turn.rounds_left, turn.reload_progress
    lost: list[ReloadLost] = []
    weapons = {weapon.name: weapon for weapon in sheet.weapons}
    for name, before in turn.reload_before.items():
        weapon = weapons.get(name)
        if weapon is None:
            continue
        try:
            rounds, progress, one = lose_reload(weapon, rounds, progress, before)
        except RuleError:
            continue  # its Shots were edited since: nothing counted to put back
        lost.append(one)
    changed = turn.model_copy(
        update={"rounds_left": rounds, "reload_progress": progress, "reload_before": {}}
    )
    return changed, tuple(lost)


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
        damage, hurt = land_strike(pending.strike, target, turn, roller, options)
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
        enabling, option = master_dodge(option, agility(target), roller, options)
        if enabling.outcome is Outcome.CRITICAL_FAILURE:
            fallen = target.with_state(posture=Posture.PRONE)
            target = fallen
    # Having stepped back from this blow already, he still has the Retreat against it (R6.9).
    retreating = pending.retreat or (pending.retreated and option.retreat is not None)
    roll = roll_defense(option, roller, options, retreat=retreating)
    new_turn = _spend(turn, choice.kind, roll.retreat, _parrying_item(target, option))
    reload_lost: tuple[ReloadLost, ...] = ()
    if option.kind is DefenseKind.dodge:
        new_turn, reload_lost = _lose_reloading(target, new_turn)
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
    extra: dict[str, object] = {
        "concentration": concentration,
        "concentration_on_will": concentration is not None and options.concentrate_will,
        "acrobatics": acrobatics,
        "master_dodge": enabling,
        "master_attack_ahead": enabling is not None and turn_ahead,
        "combatant": fallen,
        # R5.3: defending loses the Aim (_spend drops it).
        "aim_lost": turn.aim_turns > 0,
        "reload_lost": reload_lost,
    }
    hits = pending.strike.hits
    if roll.success and hits > 1:
        # B375: a Dodge stops 1 hit plus 1 per point of margin, a Parry or Block only one;
        # the rest each land as their own blow.
        stopped = hits_stopped(option.kind, roll.roll.margin, hits)
        extra["hits_stopped"] = stopped
        if stopped < hits:
            through = pending.strike.model_copy(update={"hits": hits - stopped})
            damage, new_turn = land_strike(through, target, new_turn, roller, options)
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
    if roll.success:
        return DefenseOutcome.model_validate(
            {"pending": pending, "roll": roll, "defended": True, "target_turn": new_turn, **extra}
        )
    if defenses.double_defense and not pending.tried:
        # R5.12: the first defense failed; the blow waits for a second, different one.
        after = pending.model_copy(
            update={"tried": (*pending.tried, roll), "retreat": roll.retreat}
        )
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
    damage, new_turn = land_strike(pending.strike, target, new_turn, roller, options)
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
            **_parried_with(defender_turn, _parrying_item(defender, option)),
            "defending_for_others_penalty": -4,
            "defended_since_last_turn": True,
            "fought": True,
            "aim_turns": 0,
            "aim_target": None,
        }
    )
    damage: StrikeResult | None = None
    hurt = target_turn
    strike = pending.strike
    if roll.success and strike.hits > 1:
        # B375: a parry stops one hit of a burst; the others land.
        strike = strike.model_copy(update={"hits": strike.hits - 1})
    if not roll.success or strike is not pending.strike:
        damage, hurt = land_strike(strike, target, target_turn or TurnState(), roller, options)
    return ParryForOtherOutcome(
        pending=pending,
        defender_name=defender.name,
        roll=roll,
        defended=damage is None,
        damage=damage,
        defender_turn=spent,
        target_turn=hurt if target_turn is not None else None,
        aim_lost=defender_turn.aim_turns > 0,
    )
