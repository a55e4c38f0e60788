"""How many maneuvers and attacks one turn allows: Extra Attack, extra maneuvers, and the
series of attacks one Attack maneuver covers (R4.x, R5.28, R5.29).
"""

from __future__ import annotations

from typing import Final

from rules.attack import (
    AttackCount,
    WaitOrder,
    attacks_per_turn,
    maneuvers_per_turn,
    reach_length,
    wait_order,
)
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.errors import RuleError
from rules.maneuver import ATTACK_MANEUVERS, AllOutAttackOption, Maneuver
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.strike import AttackRequest
from rules.turn import TurnState

__all__ = [
    "ATTACK_MANEUVER_VALUES",
    "ERROR_KEYS",
    "WAIT_TURNS_INTO",
    "after_other_maneuver",
    "attack_maneuvers",
    "attacks_used_this_turn",
    "ensure_maneuver_left",
    "ensure_maneuver_turn",
    "ensure_own_turn",
    "extra_maneuvers",
    "keep_wait_order",
    "maneuvers_allowed",
    "next_attack",
    "other_maneuvers",
    "series_maneuver",
    "series_skill",
    "spend_attack",
    "spent_attack",
    "wait_contest",
    "wait_set_off",
]

ERROR_KEYS: Final = frozenset(
    {
        "attack.no_attacks_left",
        "attack.not_waiting",
        "maneuver.already_chosen",
        "maneuver.no_maneuvers_left",
        "maneuver.concentrate_full_turn",
        "attack.series_maneuver",
        "attack.before_first_turn",
        "attack.not_his_turn",
        "close.before_first_turn",
        "close.not_his_turn",
        "maneuver.before_first_turn",
        "maneuver.not_his_turn",
        "maneuver.not_from_wait",
    }
)
"""Every :class:`RuleError` key this module raises."""


def attacks_used_this_turn(turn: TurnState) -> int:
    """Attacks already made in the attacker's current turn (counted from his turn's start)."""
    return turn.attacks_used if turn.attacks_turn == turn.turns_taken else 0


def extra_maneuvers(sheet: Combatant) -> tuple[int, int]:
    """Maneuvers a turn beyond the first: super-speed's, one per 6 points of Basic Speed
    (R5.29), and Altered Time Rate's, one per level (R5.28)."""
    return maneuvers_per_turn(sheet.attributes.basic_speed) - 1, sheet.altered_time_rate


def wait_set_off(turn: TurnState, *, own_turn: bool) -> bool:
    """Whether the turn's maneuver is a Wait he acts from out of his own turn: only then
    does what the Wait turns into take its place (R5.11). In his own turn the Wait he chose
    stands as any maneuver does (R4.4: one a turn; to change it, the GM undoes it)."""
    return turn.maneuver == Maneuver.wait.value and not own_turn


def other_maneuvers(turn: TurnState, attacks_used: int, *, own_turn: bool = False) -> int:
    """The turn's maneuvers that are not its attacks; a Wait the first attack sets off becomes
    that attack (R5.11). A maneuver chosen counts as one even in states saved before these
    were counted. ``own_turn``: he acts in his own turn, where a Wait counts as chosen."""
    others = turn.other_maneuvers
    if attacks_used:
        return others
    if wait_set_off(turn, own_turn=own_turn):
        return max(0, others - 1)
    if turn.turns_taken and turn.maneuver is not None:
        return max(others, 1)
    return others


def _extra_maneuvers_for_attacks(
    sheet: Combatant, turn: TurnState, attacks_used: int, *, own_turn: bool
) -> tuple[int, int]:
    """The extra maneuvers still free to attack with, super-speed's then Altered Time Rate's:
    those the turn's other maneuvers did not take, less the one the attacks themselves take
    when nothing else was chosen (R5.28, R5.29)."""
    speed, altered = extra_maneuvers(sheet)
    free = max(0, speed + altered - other_maneuvers(turn, attacks_used, own_turn=own_turn))
    from_speed = min(speed, free)
    return from_speed, free - from_speed


def next_attack(
    sheet: Combatant,
    turn: TurnState,
    request: AttackRequest,
    skill: int,
    options: RuleOptions,
    *,
    counting: bool,
    own_turn: bool = False,
) -> tuple[AttackCount, int]:
    """The turn's allowance and this attack's number in it; refuses one past the allowance.

    The allowance comes from this attack's maneuver, or from the All-Out Attack
    already taken this turn: R5.7 two weapons (one attack per hand, never a
    third), R5.8/R5.20 All-Out Attack (double), R5.14/R5.15 multiple attacks,
    R5.27 the master's second weapon, one more for each extra maneuver the turn still has
    (Altered Time Rate R5.28, super-speed R5.29). The
    GM may let one more through (``beyond_allowance``). Without ``counting``
    (the turn sequence has not started) attacks are numbered but never refused.
    ``own_turn``: he attacks in his own turn, where a Wait he chose counts as a maneuver
    (out of it, the Wait set off becomes the attack, R5.11).
    """
    used = attacks_used_this_turn(turn)
    skill = series_skill(turn, skill)
    all_out = request.all_out_option
    if all_out is None and used and turn.all_out_attack is not None:
        all_out = AllOutAttackOption(turn.all_out_attack)
    speed, altered = _extra_maneuvers_for_attacks(sheet, turn, used, own_turn=own_turn)
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


def series_skill(turn: TurnState, skill: int) -> int:
    """The skill the turn's allowance is counted by: the first attack's, for every attack of
    the series (R5.14, R5.15), whatever skill a later one is made with (a grapple's DX after a
    knife's skill, or the other way round); ``skill`` for the turn's first attack."""
    if attacks_used_this_turn(turn) and turn.attacks_skill is not None:
        return turn.attacks_skill
    return skill


ATTACK_MANEUVER_VALUES: Final = frozenset(m.value for m in ATTACK_MANEUVERS)


def maneuvers_allowed(sheet: Combatant) -> tuple[int, tuple[str, ...]]:
    """Maneuvers a turn and the rules that give more than one (R4.4, R5.28, R5.29)."""
    speed, altered = extra_maneuvers(sheet)
    rules = (*(("R5.29",) if speed else ()), *(("R5.28",) if altered else ()))
    return 1 + speed + altered, rules


def series_maneuver(
    sheet: Combatant, turn: TurnState, request: AttackRequest
) -> tuple[Maneuver, AllOutAttackOption | None] | None:
    """The maneuver a later attack of the turn is made with, or ``None`` for the first.

    One maneuver a turn (R4.4): every attack of a multiple-attack series is made under the
    maneuver the first one chose, an All-Out Attack's bonus covering the whole series
    (R5.20). A plain attack (the command's default) continues it; another maneuver or
    All-Out Attack option is refused, unless extra maneuvers (R5.28, R5.29) may make it a
    maneuver of its own.
    """
    if not attacks_used_this_turn(turn) or turn.maneuver not in ATTACK_MANEUVER_VALUES:
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


def ensure_maneuver_left(sheet: Combatant, turn: TurnState, *, own_turn: bool = False) -> None:
    """R4.4: one maneuver a turn, or one per extra maneuver with Altered Time Rate (R5.28) or
    super-speed (R5.29), each any maneuver. Once his turn has come, what he chose stands
    until the next one; a Wait set off out of his own turn may still turn into the action it
    waited for (R5.11), but in his ``own_turn`` a Wait is a maneuver chosen like any other.
    Before his first turn nothing is counted, as attacks are not (preparations before the
    fight)."""
    if turn.turns_taken == 0 or turn.maneuver is None or wait_set_off(turn, own_turn=own_turn):
        return
    allowed, rules = maneuvers_allowed(sheet)
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


def after_other_maneuver(
    sheet: Combatant, turn: TurnState, maneuver: Maneuver, *, own_turn: bool = False
) -> int:
    """``other_maneuvers`` once ``maneuver`` is taken: one more, unless it is what a Wait set
    off out of his ``own_turn`` turned into (R5.11). A super-fast fighter's Concentrate takes
    his whole turn (R5.10)."""
    set_off = wait_set_off(turn, own_turn=own_turn)
    taken = turn.other_maneuvers
    if turn.turns_taken and turn.maneuver not in (None, *ATTACK_MANEUVER_VALUES):
        taken = max(taken, 1)
    if not set_off:
        taken += 1
    speed, _ = extra_maneuvers(sheet)
    if maneuver is Maneuver.concentrate and speed:
        first = turn.turns_taken == 0 or turn.maneuver is None or set_off
        if not first:
            raise RuleError(
                "maneuver.concentrate_full_turn",
                f"{sheet.name} needs his whole turn to Concentrate",
                combatant=sheet.name,
            )
        taken = maneuvers_allowed(sheet)[0]
    return taken


def attack_maneuvers(count: AttackCount, number: int) -> int:
    """Maneuvers the turn's attacks have taken once attack ``number`` is made: the first, and
    one for each attack past what it allows, up to those the turn has (R5.28, R5.29)."""
    base = count.attacks - count.extra_maneuver_attacks
    return 1 + min(count.extra_maneuver_attacks, max(0, number - base))


def ensure_own_turn(
    encounter: Encounter, fighter_id: str, *, feature: str, gm_allows: bool = False
) -> bool:
    """R4.4: in a running fight a fighter acts in his own turn, from the moment he chooses
    his maneuver: refused (``<feature>.before_first_turn`` before his first turn came,
    ``<feature>.not_his_turn`` after) while it is someone else's. A Wait he chose sets him
    off at any moment before his next turn (R5.11); active defenses are not maneuvers and
    are never asked here. Before the first round nothing is counted (preparations), and the
    GM may let an action through explicitly (``gm_allows``). ``feature`` is the catalog the
    refusal is read from (``attack``, ``close``, ``maneuver``). Whether he acts out of his
    turn from his Wait (what the Wait may become is the caller's to ask)."""
    if gm_allows or not encounter.sequence.started:
        return False
    fighter = encounter.get(fighter_id)
    if encounter.sequence.current == fighter_id:
        return False
    if fighter.turn.maneuver == Maneuver.wait.value:
        return True
    current = encounter.current
    reason = "before_first_turn" if encounter.awaits_first_turn(fighter_id) else "not_his_turn"
    raise RuleError(
        f"{feature}.{reason}",
        f"it is not {fighter.name}'s turn",
        combatant=fighter.name,
        current=current.name if current is not None else "-",
    )


WAIT_TURNS_INTO: Final = frozenset({*ATTACK_MANEUVERS, Maneuver.feint, Maneuver.ready})
"""What a Wait an enemy sets off may become (R5.11: he may attack; the Basic Set's Wait
turns into an Attack, a Feint, an All-Out Attack or a Ready)."""


def ensure_maneuver_turn(
    encounter: Encounter, fighter_id: str, maneuver: Maneuver, *, by_gm: bool
) -> None:
    """R4.4, R4.5: a player chooses his fighter's maneuver in that fighter's own turn, and it
    governs his active defenses until his next turn: not in a foe's turn, where an All-Out
    Defense (or leaving an All-Out Attack) would change the defense against a blow already
    rolled. Refused ``maneuver.not_his_turn`` (``maneuver.before_first_turn`` before his first
    turn came). A Wait an enemy sets off may become only what :data:`WAIT_TURNS_INTO` holds
    (R5.11; ``maneuver.not_from_wait``). Before the first round nothing is asked: the
    preparations before the fight, as for attacks. The encounter's GM (``by_gm``) sets any
    fighter's maneuver out of turn too: he corrects mistakes and runs the NPCs (still one a
    turn, :func:`ensure_maneuver_left`)."""
    from_wait = ensure_own_turn(encounter, fighter_id, feature="maneuver", gm_allows=by_gm)
    if from_wait and maneuver not in WAIT_TURNS_INTO:
        current = encounter.current
        raise RuleError(
            "maneuver.not_from_wait",
            f"a Wait cannot become {maneuver.value}",
            combatant=encounter.get(fighter_id).name,
            current=current.name if current is not None else "-",
            maneuver=maneuver.value,
        )


def spent_attack(
    turn: TurnState,
    *,
    maneuver: Maneuver,
    all_out_option: AllOutAttackOption | None,
    count: AttackCount,
    number: int,
    skill: int,
    own_turn: bool = False,
) -> TurnState:
    """The turn once attack ``number`` of ``count`` is made under ``maneuver`` (R4.4): the
    attack counted, the maneuver's flags set until his next turn (R4.5), Aim and Evaluate
    spent (R5.3, R5.4); ``skill`` (this attack's) sets the series' allowance when it is the
    first (:func:`series_skill`). ``own_turn`` as for :func:`other_maneuvers`."""
    return turn.model_copy(
        update={
            "maneuver": maneuver,
            "all_out_attack": (
                (all_out_option or AllOutAttackOption.determined)
                if maneuver is Maneuver.all_out_attack
                else None
            ),
            "aim_turns": 0,
            "aim_target": None,
            "aim_braced": False,
            "attacks_used": number,
            "attacks_turn": turn.turns_taken,
            "attacks_skill": series_skill(turn, skill),
            "other_maneuvers": other_maneuvers(turn, number - 1, own_turn=own_turn),
            "attack_maneuvers": attack_maneuvers(count, number),
            "fought": True,
            "evaluate_turns": 0,
            "evaluate_target": None,
        }
    )


def spend_attack(
    sheet: Combatant,
    turn: TurnState,
    skill: int,
    options: RuleOptions,
    *,
    counting: bool,
    beyond_allowance: bool = False,
    own_turn: bool = False,
) -> TurnState:
    """A close-combat action that is an attack (grapple, takedown, pin, choke, break free,
    grabbing a weapon or arm, wrest, slam, flying tackle, trample, horn: R11.2-R11.20) takes
    one of the turn's attacks, as a blow would: refused past the turn's allowance (R4.4,
    R5.14, R5.28, R5.29), or after another maneuver, continuing the series' maneuver when it
    is not the first attack of the turn. ``skill`` is what the multiple-attack rules read;
    without ``counting`` (the fight has not started) nothing is refused. ``beyond_allowance``:
    the GM's extra attack lets one more through, as it does a blow (:func:`next_attack`).
    ``own_turn``: in his own turn a Wait he chose is a maneuver taken (R4.4), not one set off
    (R5.11)."""
    if counting and turn.maneuver not in ATTACK_MANEUVER_VALUES:
        ensure_maneuver_left(sheet, turn, own_turn=own_turn)
    request = AttackRequest(beyond_allowance=beyond_allowance)
    series = series_maneuver(sheet, turn, request) if counting else None
    maneuver, option = series if series is not None else (Maneuver.attack, None)
    count, number = next_attack(
        sheet, turn, request, skill, options, counting=counting, own_turn=own_turn
    )
    return spent_attack(
        turn,
        maneuver=maneuver,
        all_out_option=option,
        count=count,
        number=number,
        skill=skill,
        own_turn=own_turn,
    )


def wait_contest(
    waiter: EncounterCombatant,
    foe: EncounterCombatant,
    *,
    reach: int,
    skill: int,
    roller: DiceRoller,
    options: RuleOptions,
) -> WaitOrder:
    """R5.11: who strikes first when ``foe`` sets off ``waiter``'s Wait, for every action a
    Wait turns into (a blow on ``/attack``, a grapple or a slam on ``/close-combat``).
    ``reach`` and ``skill`` are the waiter's for that action; the foe counts with his
    longest weapon in hand (bare hands: close-combat reach C, DX). Only a fighter who chose Wait
    asks (``attack.not_waiting``). Once decided against a foe, the result stands for the
    rest of the turn: asking again rolls nothing."""
    if waiter.turn.maneuver != Maneuver.wait.value:
        raise RuleError(
            "attack.not_waiting",
            f"{waiter.combatant.name} is not waiting",
            combatant=waiter.combatant.name,
        )
    decided = waiter.turn.wait_orders.get(foe.combatant_id)
    if decided is not None:
        return decided.model_copy(update={"earlier": True})
    sheet = foe.combatant
    held = [w for w in sheet.weapons if not sheet.has_dropped(w)]
    longest = max(held, key=lambda w: reach_length(w.reach), default=None)
    other = (
        (reach_length(longest.reach), longest.skill)
        if longest is not None
        else (0, sheet.attributes.dx)
    )
    return wait_order((reach, skill), other, roller, options)


def keep_wait_order(turn: TurnState, foe_id: str, order: WaitOrder) -> TurnState:
    """The waiter's turn once ``foe_id`` was found to strike first (R5.11): nothing is spent,
    the Wait still stands, and the order is kept so asking again rolls nothing."""
    kept = {**turn.wait_orders, foe_id: order.model_copy(update={"earlier": False})}
    return turn.model_copy(update={"wait_orders": kept})
