"""Close combat in an encounter: who is in close combat and who holds whom, and every action
that changes it (R11.1-R11.22, R11.26).

Each function takes the :class:`~rules.encounter.Encounter`, the two fighters and
the dice, rolls the contest of :mod:`rules.grapple` or :mod:`rules.slam`, and returns
the new encounter (holds, postures, dropped weapons, injury) with a
:class:`CloseOutcome` holding every roll. The bot saves the encounter as one
undoable change.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.attack import WaitOrder
from rules.breath import choked_breath, hold_breath
from rules.checks import ContestWinner
from rules.combatant import Combatant, HitLocation, Posture
from rules.damage import DamageSpec, DamageType
from rules.encounter import GRAPPLING_HOLDS, Encounter, EncounterCombatant, with_holds
from rules.errors import RuleError
from rules.grapple import (
    DOWN_POSTURES,
    LYING,
    CloseContest,
    DrawOutcome,
    Hold,
    HoldKind,
    TakedownStat,
    break_free,
    choke,
    draw_in_close_combat,
    force_drop,
    free_hands,
    grab_arm,
    grab_weapon,
    grapple,
    pin,
    shield_penalty,
    takedown,
    wrest,
)
from rules.injury import InjuryOutcome, apply_hit
from rules.maneuver import Maneuver
from rules.maneuver_choice import (
    WeaponReadying,
    ready_turn,
    spend_ready,
    waiting_weapon,
    weapon_in_hand,
)
from rules.maneuver_limits import ensure_own_turn, keep_wait_order, spend_attack, wait_contest
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import DiceRoller
from rules.slam import (
    CollisionOutcome,
    HornOutcome,
    HornRecoil,
    HornStrikes,
    SlamArc,
    SlamInput,
    Slammer,
    SlamOutcome,
    TrampleMode,
    TrampleOutcome,
    collide,
    collision_dice,
    horn_recoil,
    horns,
    slam,
    trample,
)
from rules.strike import AttackRequest
from rules.terrain import damage_in_water, water_effects
from rules.turn import Water, ensure_may_choose

__all__ = [
    "ERROR_KEYS",
    "CloseAction",
    "CloseOutcome",
    "close_request",
    "close_rounds",
    "do_break_free",
    "do_choke",
    "do_draw",
    "do_grab_weapon",
    "do_grapple",
    "do_horn",
    "do_pin",
    "do_release",
    "do_slam",
    "do_takedown",
    "do_trample",
    "do_wrest",
    "enter",
    "holds_of",
    "in_any_close_combat",
    "in_close_combat",
    "leave",
    "waited",
]

ERROR_KEYS: Final = frozenset(
    {
        "close.self",
        "close.not_in_close_combat",
        "close.held",
        "close.needs_grapple",
        "close.not_on_ground",
        "close.no_hold_on",
        "close.not_held",
        "close.no_weapon",
        "close.needs_weapon_hold",
        "close.bite_not_neck",
        "close.already_close",
        "close.no_judo",
        "close.no_weight",
        "close.too_small_to_trample",
        "close.no_free_hand",
        "close.needs_two_hands",
        "close.cannot_grab",
        "close.wrest_later",
        "close.no_attacks_left",
        "close.weapon_in_hand",
    }
)
"""Every :class:`RuleError` key this module raises."""

MEDIUM_SHIELD_DB: Final = 2
"""R11.14: a medium or large shield (DB 2 or more) counts in a slam."""


class CloseAction(StrEnum):
    """What was done (translation-key suffixes)."""

    enter = "enter"
    leave = "leave"
    grapple = "grapple"
    bite = "bite"
    grab_weapon = "grab_weapon"
    grab_arm = "grab_arm"
    wrest = "wrest"
    force_drop = "force_drop"
    takedown = "takedown"
    pin = "pin"
    choke = "choke"
    break_free = "break_free"
    release = "release"
    slam = "slam"
    tackle = "tackle"
    trample = "trample"
    horn = "horn"
    draw = "draw"


class CloseOutcome(BaseModel):
    """One close-combat action: its rolls and what it changed."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    action: CloseAction
    attacker_name: str
    target_name: str | None = None
    contest: CloseContest | None = None
    slam: SlamOutcome | None = None
    trample: TrampleOutcome | None = None
    horns: HornOutcome | None = None
    draw: DrawOutcome | None = None
    done: bool = True
    """The action took effect (the contest was won)."""
    weapon: str | None = None
    damage: InjuryOutcome | None = None
    """Injury to the target: a choke's margin (R11.10), a super-slam's flight (R11.16)."""
    attacker_damage: InjuryOutcome | None = None
    """R11.16: the super-slam winner's half point a hex."""
    released: tuple[str, ...] = ()
    """Names of those who let go (a takedown frees the taker, R11.8)."""
    notes: tuple[str, ...] = ()
    """``close.note.*`` keys: what else the rules say happened."""
    collision: int | None = None
    """R11.17: dice of collision damage should the loser hit a wall at the knockback speed."""
    impact: CollisionOutcome | None = None
    """R11.17: the knockback ended against a wall or a heavy object: the roll."""
    impact_name: str | None = None
    """Who flew into it (the slam's loser)."""
    impact_damage: InjuryOutcome | None = None
    recoil: HornRecoil | None = None
    """R11.20: what a horned creature's charge into horns or a heavy object did to it."""
    recoil_damage: InjuryOutcome | None = None
    breath_goes_on: bool = False
    """A choke on a foe already out of air: his count goes on, no new held breath (R9.1)."""
    still_without_air: bool = False
    """A choke lost on a foe who was already not breathing (an earlier choke, the water):
    no further damage, and it gives him no air (R11.10, R9.2)."""
    water: Water | None = None
    """Where the slam happened, when in water: the collision damage is reduced like all
    damage there (R13.4, R13.5)."""
    wait_order: WaitOrder | None = None
    """Who struck first from the attacker's Wait (R5.11)."""
    readying: WeaponReadying | None = None
    """A draw of a weapon not in hand: the Ready it was (R5.5, R7.8), picked up from the
    ground or one turn of readying less to go."""
    rule_ids: tuple[str, ...] = ()

    @property
    def yielded(self) -> bool:
        """The foe strikes first from the attacker's Wait: nothing was done or spent (R5.11)."""
        return self.wait_order is not None and not self.wait_order.waiter_first

    def detail(self) -> dict[str, object]:
        """What the event log keeps of the action."""
        return {
            "action": self.action.value,
            "attacker": self.attacker_name,
            "target": self.target_name,
            "done": self.done,
            **({"waiter_first": self.wait_order.waiter_first} if self.wait_order else {}),
        }


# --------------------------------------------------------------------------- reading holds


def holds_of(encounter: Encounter, holder_id: str, held_id: str) -> tuple[Hold, ...]:
    """The holds ``holder`` has on ``held`` (close combat included)."""
    return tuple(h for h in encounter.holds if h.holder_id == holder_id and h.held_id == held_id)


def _between(encounter: Encounter, a: str, b: str) -> tuple[Hold, ...]:
    return tuple(h for h in encounter.holds if {h.holder_id, h.held_id} == {a, b})


def in_close_combat(encounter: Encounter, a: str, b: str) -> bool:
    """R11.1: in the same hex, holding or not."""
    return bool(_between(encounter, a, b))


def close_rounds(encounter: Encounter, a: str, b: str) -> int:
    """Which round of close combat between ``a`` and ``b`` this is (1 the first; 0 when they
    are not in close combat), for the shield penalty (R11.26)."""
    found = _between(encounter, a, b)
    if not found:
        return 0
    since = min(h.since_round for h in found)
    return max(1, encounter.sequence.round - since + 1)


def close_request(
    encounter: Encounter, attacker_id: str, target_id: str, request: AttackRequest
) -> AttackRequest:
    """An attack between fighters in close combat is a close-combat attack: Dodge only or a
    bare-handed parry (R11.12), weapons at -2 (R11.6), the shield's DB off after the first
    round (R11.26), no All-Out Attack (R11.24)."""
    rounds = close_rounds(encounter, attacker_id, target_id)
    if not rounds:
        return request
    return request.model_copy(update={"close_combat": True, "close_combat_rounds": rounds})


def in_any_close_combat(encounter: Encounter, fighter_id: str) -> bool:
    """He is in close combat with someone (R11.24's maneuvers are then forbidden)."""
    return any(fighter_id in (h.holder_id, h.held_id) for h in encounter.holds)


# --------------------------------------------------------------------------- helpers


def _pair(
    encounter: Encounter, attacker: str, target: str, *, extra_attack: bool = False
) -> tuple[EncounterCombatant, EncounterCombatant]:
    """The two fighters, the actor's state allowing an attack and his turn come (R4.4, R5.11;
    ``extra_attack``: the GM lets it through out of turn, as he does a blow)."""
    a, b = encounter.find(attacker), encounter.find(target)
    if a.combatant_id == b.combatant_id:
        raise RuleError("close.self", "a fighter cannot do that to himself")
    ensure_may_choose(a, Maneuver.attack)
    ensure_own_turn(encounter, a.combatant_id, feature="close", gm_allows=extra_attack)
    return a, b


def _spend(
    encounter: Encounter,
    fighter: EncounterCombatant,
    options: RuleOptions,
    *,
    extra_attack: bool = False,
) -> Encounter:
    """R4.4: the action is an attack of his turn, counted and limited as a blow is
    (:func:`~rules.maneuver_limits.spend_attack`, the skill read being his DX; the GM's
    ``extra_attack`` lets one more through)."""
    try:
        turn = spend_attack(
            fighter.combatant,
            fighter.turn,
            fighter.combatant.attributes.dx,
            options,
            counting=encounter.sequence.started,
            beyond_allowance=extra_attack,
            own_turn=encounter.in_own_turn(fighter.combatant_id),
        )
    except RuleError as refused:
        if refused.key != "attack.no_attacks_left":
            raise
        # The same refusal, told for close combat.
        raise RuleError("close.no_attacks_left", str(refused), **refused.params) from refused
    return encounter.replace(fighter.model_copy(update={"turn": turn}))


def _since(encounter: Encounter) -> int:
    return max(1, encounter.sequence.round)


def _add(encounter: Encounter, hold: Hold) -> Encounter:
    """One more hold; close combat between them starts now if it had not."""
    holds = list(encounter.holds)
    if not _between(encounter, hold.holder_id, hold.held_id):
        holds.append(
            Hold(
                holder_id=hold.holder_id,
                held_id=hold.held_id,
                kind=HoldKind.close,
                since_round=hold.since_round,
            )
        )
    if hold.kind is not HoldKind.close:
        holds.append(hold)
    return with_holds(encounter, holds)


def _without(encounter: Encounter, *dropped: Hold) -> Encounter:
    return with_holds(encounter, [h for h in encounter.holds if h not in dropped])


def _grip(encounter: Encounter, holder: str, held: str, rule: str) -> Hold:
    """The grapple or pin ``holder`` has on ``held``; refused without one, citing ``rule``:
    the takedown's R11.8, the pin's R11.9 or the choke's R11.10."""
    for hold in holds_of(encounter, holder, held):
        if hold.kind in GRAPPLING_HOLDS:
            return hold
    raise RuleError(
        "close.needs_grapple",
        "that needs a grapple on him first",
        rule=rule,
        attacker=encounter.get(holder).name,
        target=encounter.get(held).name,
    )


def _hands(fighter: EncounterCombatant, needed: int) -> None:
    """R11.2: a grapple (or grab) needs a free hand; R11.10: a choke both hands."""
    if free_hands(fighter.combatant) >= needed:
        return
    if needed == 1:
        raise RuleError(
            "close.no_free_hand", f"{fighter.name} has no free hand", attacker=fighter.name
        )
    raise RuleError(
        "close.needs_two_hands", f"{fighter.name} needs both hands free", attacker=fighter.name
    )


def _shield(encounter: Encounter, fighter: EncounterCombatant, foe: str) -> tuple[str, int, str]:
    return shield_penalty(
        fighter.combatant.shield_db, close_rounds(encounter, fighter.combatant_id, foe)
    )


def _fall(fighter: EncounterCombatant) -> EncounterCombatant:
    return fighter.with_sheet(fighter.combatant.with_state(posture=Posture.PRONE))


def _with_sheets(encounter: Encounter, *fighters: EncounterCombatant) -> Encounter:
    """The encounter with these fighters' sheets, keeping each one's turn state as the
    encounter has it now (a hold's change may have set his ``grappled`` flag)."""
    return encounter.replace(
        *(encounter.get(f.combatant_id).with_sheet(f.combatant) for f in fighters)
    )


def _hurt(
    fighter: EncounterCombatant,
    amount: int,
    roller: DiceRoller,
    options: RuleOptions,
    damage_type: DamageType = DamageType.CR,
    *,
    location: HitLocation = HitLocation.TORSO,
    knockback: bool = True,
    water: Water | None = None,
) -> tuple[EncounterCombatant, InjuryOutcome | None]:
    """Damage with no hit location (the torso, DR counting): a super-slam's flight (R11.16),
    trampling (R11.19), horns (R11.20); a choke's margin at the neck without its multiplier
    (R11.10). ``knockback`` off for damage that throws no one anywhere: hands squeezing a
    held foe's throat (R11.10, R7.14). ``water``: where the one dealing it stands, which
    takes its part of all damage (R13.4, R13.5)."""
    amount = damage_in_water(amount, water)
    if amount <= 0:
        return fighter, None
    spec = DamageSpec(
        basic_damage=amount,
        damage_type=damage_type,
        location=location,
        location_wounding=location is HitLocation.TORSO,
        knockback=knockback,
    )
    injury = apply_hit(fighter.combatant, spec, roller, options)
    return fighter.with_sheet(injury.combatant), injury


def _water_attack(fighter: EncounterCombatant) -> tuple[Modifier, ...]:
    """R13.4, R13.5: a close-combat attack (a grapple, a grab, a takedown by DX or Judo, a
    slam) is made with the body, reach C: -2 under water (-1 in water above the knee), and
    minus the encumbrance level (halved in the water), like a punch. Nothing out of it."""
    water = fighter.turn.water
    if water is None:
        return ()
    return water_effects(
        water, 0, natural=True, encumbrance=fighter.combatant.encumbrance_level
    ).modifiers


def _wet(fighter: EncounterCombatant, *hurt: InjuryOutcome | None) -> tuple[str, ...]:
    """The note that the water took its part of the damage (R13.4, R13.5), when any was done
    from it."""
    water = fighter.turn.water
    if water is None or not any(injury is not None for injury in hurt):
        return ()
    return (f"close.note.water_{water.value}",)


# --------------------------------------------------------------------------- a Wait set off


CloseAttack = Callable[[Encounter, DiceRoller], tuple[Encounter, CloseOutcome]]
"""A close-combat attack with everything but the encounter and the dice given."""


class _FirstDie(Exception):
    """The action asked for its first die: every refusal it makes before rolling has passed."""


class _NoDice:
    """A roller that stops the action at its first die (:func:`waited`'s check)."""

    def roll_die(self, sides: int) -> int:
        raise _FirstDie


def waited(
    encounter: Encounter,
    attacker: str,
    target: str,
    act: CloseAttack,
    *,
    action: CloseAction,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R5.11: a close-combat attack (``action``, done by ``act``) set off from the attacker's
    Wait by ``target`` coming near: the longer weapon strikes first, equal reaches a Quick
    Contest of skill (:func:`~rules.maneuver_limits.wait_contest`). A grapple, a slam or any
    other body action has reach C and is rolled at DX (the score :func:`_spend` reads),
    so a foe with any weapon of reach 1 or more goes first.

    The action's own refusals come first, before any die is rolled. When the foe strikes
    first nothing is rolled for the action or spent: the Wait still stands and the order is
    kept for the turn (asking again rolls nothing); else the action is done as asked."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    with suppress(_FirstDie):
        act(encounter, _NoDice())
    order = wait_contest(
        a, b, reach=0, skill=a.combatant.attributes.dx, roller=roller, options=options
    )
    if order.waiter_first:
        after, outcome = act(encounter, roller)
        return after, outcome.model_copy(update={"wait_order": order})
    kept = a.model_copy(update={"turn": keep_wait_order(a.turn, b.combatant_id, order)})
    return encounter.replace(kept), CloseOutcome(
        action=action,
        attacker_name=a.name,
        target_name=b.name,
        done=False,
        wait_order=order,
        rule_ids=(order.rule_id,),
    )


# --------------------------------------------------------------------------- entering, leaving


def enter(
    encounter: Encounter, attacker: str, target: str, *, extra_attack: bool = False
) -> tuple[Encounter, CloseOutcome]:
    """R11.1: he steps into the foe's hex; they are in close combat from this round."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    if in_close_combat(encounter, a.combatant_id, b.combatant_id):
        raise RuleError("close.already_close", "they are already in close combat")
    hold = Hold(
        holder_id=a.combatant_id,
        held_id=b.combatant_id,
        kind=HoldKind.close,
        since_round=_since(encounter),
    )
    return _add(encounter, hold), CloseOutcome(
        action=CloseAction.enter, attacker_name=a.name, target_name=b.name, rule_ids=("R11.1",)
    )


def leave(
    encounter: Encounter, fighter: str, foe: str, *, extra_attack: bool = False
) -> tuple[Encounter, CloseOutcome]:
    """R11.1: he steps out of the foe's hex, unless the foe grapples him (R11.2); his own
    holds on the foe end with it."""
    a, b = _pair(encounter, fighter, foe, extra_attack=extra_attack)
    found = _between(encounter, a.combatant_id, b.combatant_id)
    if not found:
        raise RuleError("close.not_in_close_combat", "they are not in close combat")
    if any(h.kind in GRAPPLING_HOLDS for h in holds_of(encounter, b.combatant_id, a.combatant_id)):
        raise RuleError(
            "close.held", f"{b.name} holds {a.name}: break free first", holder=b.name, held=a.name
        )
    return _without(encounter, *found), CloseOutcome(
        action=CloseAction.leave, attacker_name=a.name, target_name=b.name, rule_ids=("R11.1",)
    )


def do_release(encounter: Encounter, holder: str, held: str) -> tuple[Encounter, CloseOutcome]:
    """He lets go of the foe: every hold he has on him ends (they stay in close combat)."""
    a, b = encounter.find(holder), encounter.find(held)
    mine = [
        h
        for h in holds_of(encounter, a.combatant_id, b.combatant_id)
        if h.kind is not HoldKind.close
    ]
    if not mine:
        raise RuleError(
            "close.no_hold_on", f"{a.name} holds nothing of {b.name}", holder=a.name, held=b.name
        )
    return _without(encounter, *mine), CloseOutcome(
        action=CloseAction.release, attacker_name=a.name, target_name=b.name
    )


# --------------------------------------------------------------------------- grappling


def do_grapple(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    location: HitLocation = HitLocation.TORSO,
    bite: bool = False,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.2: DX+3 (+6 against a foe who is down), half the location's penalty, against DX;
    a win holds him. ``bite``: a grappling bite that has hit counts as a Grapple with no roll
    (R11.3). A foe of twice the grappler's ST can still walk away (R11.2)."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    notes: list[str] = []
    if b.combatant.st >= 2 * a.combatant.st:
        notes.append("close.note.twice_st")
    hold = Hold(
        holder_id=a.combatant_id,
        held_id=b.combatant_id,
        kind=HoldKind.grapple,
        since_round=_since(encounter),
        location=location,
        bite=bite,
    )
    if not bite:
        _hands(a, 1)
    if bite:
        return _add(encounter, hold), CloseOutcome(
            action=CloseAction.bite,
            attacker_name=a.name,
            target_name=b.name,
            notes=tuple(notes),
            rule_ids=("R11.3",),
        )
    encounter = _spend(encounter, a, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    rolled = grapple(
        a.combatant.attributes.dx,
        b.combatant.attributes.dx,
        b.combatant.state.posture,
        location=location,
        shield=_shield(encounter, a, b.combatant_id),
        water=_water_attack(a),
        roller=roller,
        options=options,
    )
    after = _add(encounter, hold) if rolled.won else encounter
    return after, CloseOutcome(
        action=CloseAction.grapple,
        attacker_name=a.name,
        target_name=b.name,
        contest=rolled,
        done=rolled.won,
        notes=tuple(notes) if rolled.won else (),
        rule_ids=rolled.rule_ids,
    )


def _weapon_of(sheet: Combatant, weapon: str | None) -> str:
    if weapon is not None:
        return sheet.weapon(weapon).name
    held = [w.name for w in sheet.weapons if not sheet.has_dropped(w)]
    if not held:
        raise RuleError("close.no_weapon", f"{sheet.name} holds no weapon", combatant=sheet.name)
    return held[0]


def do_grab_weapon(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    weapon: str | None = None,
    arm: bool = False,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.4: a DX contest grabs the foe's weapon; R11.5 (``arm``): for a weapon that cannot be
    grabbed, the arm that holds it, which counts as a Grapple."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    name = _weapon_of(b.combatant, weapon)
    _hands(a, 1)
    grabbed = b.combatant.weapon(name)
    if not arm and (grabbed.knife or grabbed.natural):
        raise RuleError(
            "close.cannot_grab",
            f"the {name} cannot be grabbed: grab the arm that holds it",
            weapon=name,
            attacker=a.name,
            target=b.name,
        )
    encounter = _spend(encounter, a, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    shield = _shield(encounter, a, b.combatant_id)
    dx, foe_dx = a.combatant.attributes.dx, b.combatant.attributes.dx
    if arm:
        rolled = grab_arm(
            dx, foe_dx, shield=shield, water=_water_attack(a), roller=roller, options=options
        )
        kind = HoldKind.grapple
    else:
        rolled = grab_weapon(
            dx, foe_dx, shield=shield, water=_water_attack(a), roller=roller, options=options
        )
        kind = HoldKind.weapon
    hold = Hold(
        holder_id=a.combatant_id,
        held_id=b.combatant_id,
        kind=kind,
        since_round=_since(encounter),
        weapon=name,
        arm=arm,
        location=HitLocation.ARM if arm else None,
    )
    return (_add(encounter, hold) if rolled.won else encounter), CloseOutcome(
        action=CloseAction.grab_arm if arm else CloseAction.grab_weapon,
        attacker_name=a.name,
        target_name=b.name,
        contest=rolled,
        done=rolled.won,
        weapon=name,
        rule_ids=rolled.rule_ids,
    )


def do_wrest(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.4: with the foe's weapon in his hand, a ST contest wrests it away: it goes to the
    attacker's sheet (at his DX until the GM sets his skill). R11.5: holding the weapon arm, a
    ST contest makes the foe drop it."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    hold = next(
        (h for h in holds_of(encounter, a.combatant_id, b.combatant_id) if h.weapon),
        None,
    )
    if hold is None or hold.weapon is None:
        raise RuleError("close.needs_weapon_hold", "grab his weapon or its arm first")
    if hold.since_round >= _since(encounter):
        # R11.4, R11.5: the ST contest comes in a later round than the grab.
        raise RuleError(
            "close.wrest_later",
            "the ST contest comes on a later turn than the grab",
            attacker=a.name,
            rule="R11.5" if hold.arm else "R11.4",
        )
    encounter = _spend(encounter, a, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    st, foe_st = a.combatant.st, b.combatant.st
    name = hold.weapon
    if hold.arm:
        rolled = force_drop(st, foe_st, roller=roller, options=options)
        action = CloseAction.force_drop
    else:
        rolled = wrest(st, foe_st, roller=roller, options=options)
        action = CloseAction.wrest
    after = encounter
    if rolled.won:
        foe_sheet = b.combatant
        if hold.arm:
            foe_sheet = foe_sheet.dropping(foe_sheet.weapon(name))
            kept = hold.model_copy(update={"weapon": None})
            after = with_holds(encounter, [kept if h == hold else h for h in encounter.holds])
            after = _with_sheets(after, b.with_sheet(foe_sheet))
        else:
            # The whole item changes hands, every usage of it (a sword's swing and thrust).
            taken = foe_sheet.usages_of(foe_sheet.weapon(name))
            foe_sheet = Combatant.create(
                **{
                    **foe_sheet.model_dump(),
                    "weapons": [w.model_dump() for w in foe_sheet.weapons if w not in taken],
                }
            )
            mine = a.combatant
            known = {w.name.casefold() for w in mine.weapons}
            gained = [
                w.model_copy(update={"skill": mine.attributes.dx})
                for w in taken
                if w.name.casefold() not in known
            ]
            if gained:
                mine = Combatant.create(
                    **{
                        **mine.model_dump(),
                        "weapons": [
                            *(w.model_dump() for w in mine.weapons),
                            *(w.model_dump() for w in gained),
                        ],
                    }
                )
            after = _with_sheets(
                _without(encounter, hold), a.with_sheet(mine), b.with_sheet(foe_sheet)
            )
    return after, CloseOutcome(
        action=action,
        attacker_name=a.name,
        target_name=b.name,
        contest=rolled,
        done=rolled.won,
        weapon=name,
        rule_ids=rolled.rule_ids,
    )


def do_takedown(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    stat: TakedownStat,
    helper: str | None = None,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.8: with a grapple on him, ST, DX or Judo (-5 when down himself) against his ST; a
    win puts him on the ground and frees the taker from his hold. A second fighter may help
    (R11.21): the one with the better score leads."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    _grip(encounter, a.combatant_id, b.combatant_id, "R11.8")
    taker = a.combatant
    if stat is TakedownStat.judo:
        score = taker.skill("judo")
        if score is None:
            raise RuleError("close.no_judo", f"{taker.name} has no Judo", combatant=taker.name)
    else:
        # R8.1: a tired taker's ST is halved (Combatant.st); DX is not.
        score = taker.st if stat is TakedownStat.st else taker.attributes.dx
    helpers: tuple[int, ...] = ()
    if helper is not None:
        helping = encounter.find(helper).combatant
        helpers = (helping.attributes.dx if stat is TakedownStat.dx else helping.st,)
    if helpers and helpers[0] > score:
        score, helpers = helpers[0], (score,)
    encounter = _spend(encounter, a, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    rolled = takedown(
        score,
        stat,
        b.combatant.st,
        attacker_down=taker.state.posture in LYING,
        helpers=helpers,
        shield=_shield(encounter, a, b.combatant_id),
        water=_water_attack(a),
        roller=roller,
        options=options,
    )
    after = encounter
    released: tuple[str, ...] = ()
    if rolled.won:
        theirs = [
            h
            for h in holds_of(encounter, b.combatant_id, a.combatant_id)
            if h.kind is not HoldKind.close
        ]
        after = _with_sheets(_without(encounter, *theirs), _fall(b))
        released = (b.name,) if theirs else ()
    return after, CloseOutcome(
        action=CloseAction.takedown,
        attacker_name=a.name,
        target_name=b.name,
        contest=rolled,
        done=rolled.won,
        released=released,
        rule_ids=rolled.rule_ids,
    )


def do_pin(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    hands: int = 2,
    helpers: tuple[str, ...] = (),
    weight: float | None = None,
    target_weight: float | None = None,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.9: a foe on the ground, grappled, is pinned by winning a ST contest, the heavier
    side +1 per 5 kg; up to two helpers add 1/5 of their ST (R11.21). The pin replaces the
    grapple; the pinner keeps to the hex while it lasts."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    grip = _grip(encounter, a.combatant_id, b.combatant_id, "R11.9")
    if b.combatant.state.posture not in LYING:
        raise RuleError("close.not_on_ground", f"{b.name} is not on the ground", target=b.name)
    encounter = _spend(encounter, a, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    scores = [a.combatant.st]
    scores += [encounter.find(h).combatant.st for h in helpers]
    lead = max(scores)
    scores.remove(lead)
    rolled = pin(
        lead,
        b.combatant.st,
        weight=weight if weight is not None else a.combatant.weight_kg,
        target_weight=target_weight if target_weight is not None else b.combatant.weight_kg,
        helpers=tuple(scores),
        roller=roller,
        options=options,
    )
    after = encounter
    if rolled.won:
        pinned = Hold(
            holder_id=a.combatant_id,
            held_id=b.combatant_id,
            kind=HoldKind.pin,
            since_round=grip.since_round,
            hands=hands,
        )
        after = _add(_without(encounter, grip), pinned)
    return after, CloseOutcome(
        action=CloseAction.pin,
        attacker_name=a.name,
        target_name=b.name,
        contest=rolled,
        done=rolled.won,
        rule_ids=rolled.rule_ids,
    )


def do_choke(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.10: both hands on the throat of a foe he grapples (a grappling bite only at the
    neck, R11.3), ST against HT: the margin of victory is crushing damage, which knocks no
    one back (R7.14 is for violent blows, not hands on a held throat), and the foe is not
    breathing until the hold ends: the first choke starts his held breath (R9.1, fighting:
    HT seconds), then 1 FP a second once it runs out (R9.2), a second at each of his places
    in the turn order (:func:`rules.hazards.tick_passed`). Letting go, breaking free, a pin
    in its place or the choker falling lets him breathe (:func:`rules.encounter.with_holds`).
    A foe already out of air (under water) keeps his own count."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    grip = _grip(encounter, a.combatant_id, b.combatant_id, "R11.10")
    if grip.bite and grip.location is not HitLocation.NECK:
        raise RuleError("close.bite_not_neck", "a bite chokes only at the neck")
    if not grip.bite:
        _hands(a, 2)
    encounter = _spend(encounter, a, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    rolled = choke(a.combatant.st, b.combatant.attributes.ht, roller=roller, options=options)
    after = encounter
    injury: InjuryOutcome | None = None
    update: dict[str, object] = {}
    if rolled.won:
        # The catalog's reading: crushing at the neck, with no neck multiplier (the crushed
        # windpipe of R7.29 past a third of his HP); the GM's switch puts it on the torso.
        # Hands squeezing the throat of a man held fast: no knockback, no fall (R7.14).
        where = HitLocation.TORSO if options.choke_torso else HitLocation.NECK
        hurt, injury = _hurt(
            b,
            rolled.margin,
            roller,
            options,
            location=where,
            knockback=False,
            water=a.turn.water,
        )
        update = {"choking": True, "hands": 2}
        if not grip.choking and hurt.combatant.state.breath_left is None:
            # R9.1: from now he holds the breath he had; the hazards' second runs it down.
            held = hold_breath(
                hurt.combatant.state, choked_breath(hurt.combatant.attributes.ht).seconds
            )
            hurt = hurt.with_sheet(hurt.combatant.with_state(held))
            update["stops_breath"] = True
        choking = grip.model_copy(update=update)
        after = with_holds(encounter, [choking if h == grip else h for h in encounter.holds])
        after = _with_sheets(after, hurt)
    return after, CloseOutcome(
        action=CloseAction.choke,
        attacker_name=a.name,
        target_name=b.name,
        contest=rolled,
        done=rolled.won,
        damage=injury,
        notes=("close.note.not_breathing", *_wet(a, injury)) if rolled.won else (),
        breath_goes_on=rolled.won and "stops_breath" not in update,
        still_without_air=not rolled.won and b.combatant.state.breath_left is not None,
        rule_ids=("R11.10", "R9.1", "R9.2") if rolled.won else rolled.rule_ids,
    )


def do_break_free(
    encounter: Encounter,
    fighter: str,
    holder: str | None = None,
    *,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.11: ST against the holder's ST (+5 or +10 to a pinner with one or two hands); a win
    ends every hold he had on him, and he may step one hex away. Without ``holder``, the one
    holding him (the strongest, when several do)."""
    me = encounter.find(fighter)
    ensure_may_choose(me, Maneuver.attack)
    ensure_own_turn(encounter, me.combatant_id, feature="close", gm_allows=extra_attack)
    holding = [
        h for h in encounter.holds if h.held_id == me.combatant_id and h.kind is not HoldKind.close
    ]
    if holder is not None:
        chosen = encounter.find(holder)
        holding = [h for h in holding if h.holder_id == chosen.combatant_id]
    if not holding:
        raise RuleError("close.not_held", f"nobody holds {me.name}", combatant=me.name)
    encounter = _spend(encounter, me, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    holder_id = max(
        (h.holder_id for h in holding),
        key=lambda cid: encounter.get(cid).combatant.st,
    )
    theirs = [h for h in holding if h.holder_id == holder_id]
    pinning = next((h for h in theirs if h.kind is HoldKind.pin), None)
    them = encounter.get(holder_id)
    rolled = break_free(
        me.combatant.st,
        them.combatant.st,
        pin_hands=pinning.hands if pinning is not None else None,
        roller=roller,
        options=options,
    )
    after = _without(encounter, *theirs) if rolled.won else encounter
    return after, CloseOutcome(
        action=CloseAction.break_free,
        attacker_name=me.name,
        target_name=them.name,
        contest=rolled,
        done=rolled.won,
        rule_ids=rolled.rule_ids,
    )


# --------------------------------------------------------------------------- slams


def do_slam(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    arc: SlamArc = SlamArc.front,
    moved: int = 0,
    running: bool = False,
    target_moved: int = 0,
    target_running: bool = False,
    tackle: bool = False,
    target_dodges: bool = False,
    into_wall: bool = False,
    object_breaks: bool = False,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.13-R11.18: the slam (or flying tackle): the loser falls, the winner may throw him
    back; with the ``super_slam`` rule option both sides' speed counts and the flight hurts.
    A flying tackler ends on the ground either way (R11.18).

    ``into_wall``: the loser's knockback ends against a wall, the ground or an object of five
    times his weight or more, at the knockback's hexes a second: R11.17's collision damage
    (R11.16 for the super-slam, R11.20 for horns: "collision worked out normally"), crushing
    with no hit location. ``object_breaks``: the object gives way (so he hit one): his damage
    and his speed are halved."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    mine, theirs = a.combatant, b.combatant
    encounter = _spend(encounter, a, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    inp = SlamInput(
        attacker=Slammer(
            dx=mine.attributes.dx,
            st=mine.st,
            moved=moved + (1 if tackle else 0),
            running=running,
            shield=mine.shield_db >= MEDIUM_SHIELD_DB,
            down=mine.state.posture in DOWN_POSTURES,
        ),
        target=Slammer(
            dx=theirs.attributes.dx,
            st=theirs.st,
            moved=target_moved,
            running=target_running,
            shield=theirs.shield_db >= MEDIUM_SHIELD_DB,
            down=theirs.state.posture in DOWN_POSTURES,
        ),
        arc=arc,
        super_slam=options.super_slam,
        flying_tackle=tackle,
        target_dodge=theirs.dodge_under(options) if tackle and target_dodges else None,
        water=_water_attack(a),
    )
    outcome = slam(inp, roller, options)
    slammer, slammed = a, b
    if outcome.attacker_falls:
        slammer = _fall(slammer)
    if outcome.target_falls:
        slammed = _fall(slammed)
    injury = attacker_injury = None
    # R13.4, R13.5: the slam happens where the slammer stands; the water takes its part.
    wet = a.turn.water
    if outcome.attacker_wins:
        slammed, injury = _hurt(slammed, outcome.loser_damage, roller, options, water=wet)
        slammer, attacker_injury = _hurt(slammer, outcome.winner_damage, roller, options, water=wet)
    elif outcome.strength is not None and outcome.loser_falls:
        slammer, attacker_injury = _hurt(slammer, outcome.loser_damage, roller, options, water=wet)
        slammed, injury = _hurt(slammed, outcome.winner_damage, roller, options, water=wet)
    notes: list[str] = [*_wet(a, injury, attacker_injury)]
    if outcome.keep_going:
        notes.append("close.note.keep_going")
    if outcome.tramples:
        notes.append("close.note.tramples")
    collision = collision_dice(outcome.knockback) if outcome.knockback else None
    impact: CollisionOutcome | None = None
    impact_injury: InjuryOutcome | None = None
    flyer_name: str | None = None
    if into_wall or object_breaks:
        slammer, slammed, impact, impact_injury, flyer_name = _collision(
            outcome, slammer, slammed, object_breaks=object_breaks, roller=roller, options=options
        )
    return _with_sheets(encounter, slammer, slammed), CloseOutcome(
        action=CloseAction.tackle if tackle else CloseAction.slam,
        attacker_name=a.name,
        target_name=b.name,
        slam=outcome,
        done=outcome.hit,
        damage=injury,
        attacker_damage=attacker_injury,
        notes=tuple(notes),
        collision=None if impact is not None else collision,
        water=wet if collision and impact is None else None,
        impact=impact,
        impact_name=flyer_name,
        impact_damage=impact_injury,
        rule_ids=(*outcome.rule_ids, "R11.17") if impact is not None else outcome.rule_ids,
    )


def _collision(
    outcome: SlamOutcome,
    slammer: EncounterCombatant,
    slammed: EncounterCombatant,
    *,
    object_breaks: bool,
    roller: DiceRoller,
    options: RuleOptions,
) -> tuple[
    EncounterCombatant,
    EncounterCombatant,
    CollisionOutcome | None,
    InjuryOutcome | None,
    str | None,
]:
    """R11.17: the slam's loser, thrown back into a wall or a heavy object, takes the
    collision's damage; stopped by what he hit, it throws him nowhere (R7.14 is for blows).
    Returns both fighters, the roll, the injury and who flew (nothing without knockback)."""
    if not outcome.knockback:
        return slammer, slammed, None, None, None
    impact = collide(outcome.knockback, object_breaks=object_breaks, roller=roller)
    if outcome.attacker_wins:
        slammed, injury = _hurt(slammed, impact.damage, roller, options, knockback=False)
        return slammer, slammed, impact, injury, slammed.name
    slammer, injury = _hurt(slammer, impact.damage, roller, options, knockback=False)
    return slammer, slammed, impact, injury, slammer.name


# --------------------------------------------------------------------------- drawing


def do_draw(
    encounter: Encounter,
    fighter: str,
    weapon: str | None,
    *,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.22: drawing a weapon in close combat takes a DX roll first (after the first round,
    at minus the shield's DB, R11.26), then Fast-Draw if he has it; a critical failure drops
    the weapon. A weapon already in his hand and ready has nothing to draw: refused before
    anything is spent or rolled (R11.22, the Ready maneuver, R5.5).

    The draw is his turn's Ready, so a weapon that is not in hand gets what a Ready gives it
    (:func:`rules.maneuver_choice.ready_turn`, the one step ``/maneuver Ready`` takes): lying on
    the ground (R7.8) this Ready picks it up and one more readies it (R5.5: two turns); out of
    hand after a blow, one turn of readying less to go. The DX roll still comes first; no
    Fast-Draw for such a weapon (the skill draws from a sheath or a holster, not from the
    ground nor back from a swing: the bot's reading where the seed is silent). With no weapon
    named, the draw goes to the one a Ready would take up first.

    Fast-Draw is learned per kind of weapon (Basic Set, B194), and a draw with no weapon
    named (nothing waiting to be readied) names no kind. The bot's reading: he reaches for
    what he is trained to draw fast, so his Fast-Draw counts, the best of its
    specializations when he has several (as :meth:`rules.combatant.Combatant.skill` reads it
    for R5.22, R5.26), as for a named weapon the sheet does not list. A draw is one command
    and cannot stop to ask which; a GM who reads it otherwise makes the roll by hand."""
    me = encounter.find(fighter)
    ensure_may_choose(me, Maneuver.ready)
    ensure_own_turn(encounter, me.combatant_id, feature="close", gm_allows=extra_attack)
    sheet = me.combatant
    chosen = sheet.weapon(weapon) if weapon is not None else waiting_weapon(sheet, me.turn)
    name = chosen.name if chosen is not None else None
    waiting = chosen is not None and not weapon_in_hand(sheet, me.turn, chosen)
    if weapon is not None and not waiting:
        raise RuleError(
            "close.weapon_in_hand",
            f"{me.name}'s {name} is already in hand and ready",
            combatant=me.name,
            weapon=name,
        )
    if encounter.sequence.started:
        # R11.22: drawing is his turn's Ready, as any weapon is readied (R5.5).
        encounter = encounter.replace(
            me.model_copy(
                update={
                    "turn": spend_ready(
                        me,
                        awaits_first_turn=False,
                        own_turn=encounter.in_own_turn(me.combatant_id),
                    )
                }
            )
        )
        me = encounter.find(me.combatant_id)
    foes = [
        h.held_id if h.holder_id == me.combatant_id else h.holder_id
        for h in encounter.holds
        if me.combatant_id in (h.holder_id, h.held_id)
    ]
    rounds = max((close_rounds(encounter, me.combatant_id, foe) for foe in foes), default=0)
    drawn = draw_in_close_combat(
        sheet.attributes.dx,
        None if waiting else sheet.skill("fast_draw"),
        shield=shield_penalty(sheet.shield_db, rounds),
        roller=roller,
        options=options,
    )
    after = encounter
    readying: WeaponReadying | None = None
    if drawn.dropped and chosen is not None:
        after = _with_sheets(encounter, me.with_sheet(sheet.dropping(chosen)))
    elif drawn.drawn and waiting and chosen is not None:
        # R5.5, R7.8: the Ready the draw is, on a weapon out of hand or on the ground.
        sheet, readied, readying = ready_turn(sheet, me.turn, chosen)
        turn = me.turn.model_copy(update=readied)
        after = encounter.replace(me.with_sheet(sheet).model_copy(update={"turn": turn}))
    return after, CloseOutcome(
        action=CloseAction.draw,
        attacker_name=me.name,
        draw=drawn,
        done=drawn.drawn,
        weapon=name,
        readying=readying,
        rule_ids=("R11.22", "R5.5") if readying is not None else ("R11.22",),
    )


def _weight(sheet: Combatant, given: float | None) -> float:
    weight = given if given is not None else sheet.weight_kg
    if weight is None:
        raise RuleError(
            "close.no_weight", f"{sheet.name}'s weight is not known", combatant=sheet.name
        )
    return weight


def do_trample(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    mode: TrampleMode = TrampleMode.stay,
    hard_surface: bool = False,
    hooves: bool = True,
    target_dodges: bool = True,
    weight: float | None = None,
    target_weight: float | None = None,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.19: only a creature of twice the foe's weight and size (Size Modifier 2 more)
    tramples: a DX roll, the foe's Dodge, then the table's damage, crushing."""
    a, b = _pair(encounter, attacker, target, extra_attack=extra_attack)
    mine, theirs = a.combatant, b.combatant
    heavy = _weight(mine, weight)
    light = _weight(theirs, target_weight)
    if heavy < 2 * light or mine.size_modifier < theirs.size_modifier + 2:
        raise RuleError(
            "close.too_small_to_trample",
            f"{mine.name} is not twice {theirs.name}'s weight and size",
            attacker=mine.name,
            target=theirs.name,
        )
    encounter = _spend(encounter, a, options, extra_attack=extra_attack)  # R4.4: the turn's attack
    outcome = trample(
        mine.attributes.dx,
        heavy,
        hooves=hooves,
        mode=mode,
        hard_surface=hard_surface,
        target_dodge=theirs.dodge_under(options) if target_dodges else None,
        roller=roller,
        options=options,
    )
    hurt, injury = _hurt(b, outcome.damage, roller, options, water=a.turn.water)
    return _with_sheets(encounter, hurt), CloseOutcome(
        action=CloseAction.trample,
        attacker_name=a.name,
        target_name=b.name,
        trample=outcome,
        done=outcome.hit,
        damage=injury,
        notes=_wet(a, injury),
        rule_ids=outcome.rule_ids,
    )


def do_horn(
    encounter: Encounter,
    attacker: str,
    target: str,
    *,
    arc: SlamArc = SlamArc.front,
    moved: int = 0,
    horn_modifier: int = 0,
    sharp: bool = False,
    hooves: bool = True,
    weight: float | None = None,
    strikes: HornStrikes = HornStrikes.foe,
    into_wall: bool = False,
    object_breaks: bool = False,
    roller: DiceRoller,
    options: RuleOptions,
    extra_attack: bool = False,
) -> tuple[Encounter, CloseOutcome]:
    """R11.20: a slam (R11.13, knockback, falls and collision, R11.17, as usual) whose hit
    adds the horns' damage; then the horned creature rolls HT (+5 at 3 hexes or less) or is
    stunned. ``strikes``: it ran into a being of its own size horn to horn, or a large heavy
    object: losing the ST contest by 10 or more hurts it (:func:`rules.slam.horn_recoil`)."""
    heavy = _weight(encounter.find(attacker).combatant, weight)
    foe_weight = (
        _weight(encounter.find(target).combatant, None) if strikes is HornStrikes.horns else None
    )
    # The collision comes after the horns have struck (R11.20 then R11.17): the slam is
    # resolved without it, and the loser hits the wall once the horns' damage is done.
    after, slammed = do_slam(
        encounter,
        attacker,
        target,
        arc=arc,
        moved=moved,
        roller=roller,
        options=options,
        extra_attack=extra_attack,
    )
    if not slammed.done:
        return after, slammed.model_copy(update={"action": CloseAction.horn})
    a, b = after.find(attacker), after.find(target)
    gored = horns(
        heavy,
        hooves=hooves,
        horn_modifier=horn_modifier,
        sharp=sharp,
        speed=moved,
        ht=a.combatant.attributes.ht,
        roller=roller,
        options=options,
    )
    hurt, injury = _hurt(
        b,
        gored.damage,
        roller,
        options,
        DamageType.IMP if sharp else DamageType.CR,
        # R11.20: "a kind of slam": the knockback is the slam's (R11.13), not R7.14's again.
        knockback=False,
        water=a.turn.water,
    )
    contest_st = slammed.slam.strength if slammed.slam is not None else None
    lost_by = (
        contest_st.margin
        if contest_st is not None
        and not contest_st.won
        and contest_st.contest.winner is not ContestWinner.TIE
        else 0
    )
    recoil = horn_recoil(
        strikes,
        lost_by,
        gored,
        foe_weight_kg=foe_weight,
        hooves=hooves,
        horn_modifier=horn_modifier,
        roller=roller,
    )
    horned = a
    recoil_injury: InjuryOutcome | None = None
    if recoil is not None and recoil.damage:
        kind = DamageType.IMP if sharp and strikes is HornStrikes.horns else DamageType.CR
        horned, recoil_injury = _hurt(horned, recoil.damage, roller, options, kind)
    if gored.stunned:
        horned = horned.with_sheet(horned.combatant.with_state(stunned=True))
    flown: dict[str, object] = {}
    if (into_wall or object_breaks) and slammed.slam is not None:
        horned, hurt, impact, impact_injury, flyer = _collision(
            slammed.slam, horned, hurt, object_breaks=object_breaks, roller=roller, options=options
        )
        if impact is not None:
            flown = {
                "collision": None,
                "water": None,
                "impact": impact,
                "impact_name": flyer,
                "impact_damage": impact_injury,
            }
    rules = (*slammed.rule_ids, "R11.20", *(("R11.17",) if flown else ()))
    return _with_sheets(after, hurt, horned), slammed.model_copy(
        update={
            **flown,
            "action": CloseAction.horn,
            "horns": gored,
            "damage": injury if injury is not None else slammed.damage,
            "recoil": recoil,
            "recoil_damage": recoil_injury,
            "notes": tuple(dict.fromkeys((*slammed.notes, *_wet(a, injury)))),
            "rule_ids": rules,
        }
    )
