"""Recovering during and after a fight: stun, consciousness, getting up, crippling.

* :func:`stun_recovery` — HT at the end of each of his turns (R7.10);
  :func:`mental_stun_recovery` — IQ, +6 with Combat Reflexes (R7.11, R2.6);
  :func:`end_of_turn` — both, and the shock penalty expires (R7.6).
* :func:`stay_conscious` — HT at the start of his turn at 0 HP or less (R7.2).
* :func:`crushed_trachea_roll` — the repeated HT roll after a crushed windpipe (R7.29).
* :func:`get_up` / :func:`rise_turn` — how long standing up takes (R7.12).
* :func:`crippling_duration` / :func:`after_combat` — temporary, months or
  permanent (R7.17).

Every function takes the combatant and the roller and returns a frozen outcome
with the roll records and the new :class:`~rules.combatant.CombatantState`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from rules.checks import Outcome
from rules.combatant import BodyPart, Combatant, CombatantState, Posture, RiseClass, Trait
from rules.injury import (
    DEFAULT_OPTIONS,
    DeathChecks,
    resolve_death_checks,
    roll_against,
)
from rules.options import RuleOptions
from rules.records import Modifier, RollPurpose, RollRecord
from rules.roller import DiceRoller

__all__ = [
    "COMBAT_REFLEXES_RECOVERY_BONUS",
    "RISE_TURNS",
    "ConsciousnessCheck",
    "CripplingDuration",
    "CripplingRecovery",
    "EndOfTurn",
    "GetUp",
    "StunRecovery",
    "TracheaCheck",
    "after_combat",
    "clear_shock",
    "crippling_duration",
    "crushed_trachea_roll",
    "end_of_turn",
    "get_up",
    "mental_stun_recovery",
    "rise_turn",
    "stay_conscious",
    "stun_recovery",
]

COMBAT_REFLEXES_RECOVERY_BONUS: Final = 6
"""R2.6: Combat Reflexes adds +6 to rolls to wake up or recover from mental stun or surprise."""

#: Seconds a fallen creature needs to stand (R7.12).
RISE_TURNS: Final[dict[RiseClass, int]] = {
    RiseClass.HUMANOID: 2,
    RiseClass.QUADRUPED_CARNIVORE: 1,
    RiseClass.SMALL_CREATURE: 1,
    RiseClass.HERBIVORE: 3,
    RiseClass.LARGE_HERBIVORE: 6,
}


# --------------------------------------------------------------------------- stun


@dataclass(frozen=True, slots=True)
class StunRecovery:
    """A stun recovery roll (R7.10 physical, R7.11 mental) and the state after it."""

    mental: bool
    roll: RollRecord | None
    recovered: bool
    state: CombatantState


def _ht_roll(
    combatant: Combatant,
    purpose: RollPurpose,
    rule_id: str,
    roller: DiceRoller,
    options: RuleOptions,
    **penalties: int,
) -> RollRecord:
    """An HT roll under ``rule_id``; each nonzero penalty is one modifier of that rule."""
    modifiers = tuple(Modifier(key, value, rule_id) for key, value in penalties.items() if value)
    return roll_against(
        purpose, rule_id, "ht", combatant.attributes.ht, modifiers, roller=roller, options=options
    )


def stun_recovery(
    combatant: Combatant, roller: DiceRoller, options: RuleOptions = DEFAULT_OPTIONS
) -> StunRecovery:
    """R7.10: at the end of his turn a stunned fighter rolls HT; success ends the stun.

    He recovers at the end of the turn in which he succeeds (A.10). No roll (and
    ``recovered`` False) when he is not stunned, or is unconscious or dead.
    """
    state = combatant.state
    if not state.stunned or not combatant.is_conscious:
        return StunRecovery(mental=False, roll=None, recovered=False, state=state)
    record = _ht_roll(combatant, RollPurpose.STUN_RECOVERY, "R7.10", roller, options)
    recovered = record.succeeded
    new_state = state.model_copy(update={"stunned": False}) if recovered else state
    return StunRecovery(mental=False, roll=record, recovered=recovered, state=new_state)


def mental_stun_recovery(
    combatant: Combatant,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
    *,
    bonus: int = 0,
) -> StunRecovery:
    """R7.11: mental stun ends on an IQ roll, +6 with Combat Reflexes (R2.6).

    ``bonus`` carries any other modifier, such as partial surprise's cumulative
    bonus (R2.2), which the surprise rules compute.
    """
    state = combatant.state
    if not state.mentally_stunned or not combatant.is_conscious:
        return StunRecovery(mental=True, roll=None, recovered=False, state=state)
    modifiers: list[Modifier] = []
    if combatant.has(Trait.COMBAT_REFLEXES):
        modifiers.append(Modifier("combat_reflexes", COMBAT_REFLEXES_RECOVERY_BONUS, "R2.6"))
    if bonus:
        modifiers.append(Modifier("situation", bonus, "R2.2"))
    record = roll_against(
        RollPurpose.MENTAL_STUN_RECOVERY,
        "R7.11",
        "iq",
        combatant.attributes.iq,
        tuple(modifiers),
        roller=roller,
        options=options,
    )
    recovered = record.succeeded
    new_state = state.model_copy(update={"mentally_stunned": False}) if recovered else state
    return StunRecovery(mental=True, roll=record, recovered=recovered, state=new_state)


def clear_shock(state: CombatantState) -> CombatantState:
    """R7.6: shock lasts for his next turn only; clear it when that turn ends."""
    if state.shock_penalty == 0 and state.shock_injury == 0:
        return state
    return state.model_copy(update={"shock_penalty": 0, "shock_injury": 0})


@dataclass(frozen=True, slots=True)
class EndOfTurn:
    """What happens to a fighter as his own turn ends (R7.6, R7.10, R7.11)."""

    stun: StunRecovery
    mental_stun: StunRecovery
    shock_cleared: int
    state: CombatantState


def end_of_turn(
    combatant: Combatant,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
    *,
    mental_bonus: int = 0,
) -> EndOfTurn:
    """Roll stun recovery (HT, then IQ for mental stun) and let this turn's shock expire."""
    stun = stun_recovery(combatant, roller, options)
    after_stun = combatant.with_state(stun.state)
    mental = mental_stun_recovery(after_stun, roller, options, bonus=mental_bonus)
    return EndOfTurn(
        stun=stun,
        mental_stun=mental,
        shock_cleared=combatant.state.shock_penalty,
        state=clear_shock(mental.state),
    )


# --------------------------------------------------------------------------- consciousness


@dataclass(frozen=True, slots=True)
class ConsciousnessCheck:
    """R7.2: the HT roll to stay conscious at 0 HP or less, if one was needed."""

    penalty: int
    exempt: bool
    roll: RollRecord | None
    fainted: bool
    state: CombatantState


def stay_conscious(
    combatant: Combatant,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
    *,
    doing_nothing_undefended: bool = False,
) -> ConsciousnessCheck:
    """R7.2: at the start of his turn with 0 HP or less, roll HT at −1 per full −HP.

    No roll above 0 HP, when already unconscious or dead, or when he takes Do
    Nothing and has made no active defense since his last turn
    (``doing_nothing_undefended``). Failure: he falls unconscious (and prone).
    """
    state = combatant.state
    max_hp = combatant.max_hp
    if state.hp > 0 or not combatant.is_conscious:
        return ConsciousnessCheck(penalty=0, exempt=False, roll=None, fainted=False, state=state)
    penalty = -((-state.hp) // max_hp)
    if doing_nothing_undefended:
        return ConsciousnessCheck(
            penalty=penalty, exempt=True, roll=None, fainted=False, state=state
        )
    record = _ht_roll(
        combatant, RollPurpose.STAY_CONSCIOUS, "R7.2", roller, options, below_zero_hp=penalty
    )
    fainted = not record.succeeded
    new_state = (
        state.model_copy(update={"unconscious": True, "posture": Posture.PRONE})
        if fainted
        else state
    )
    return ConsciousnessCheck(
        penalty=penalty, exempt=False, roll=record, fainted=fainted, state=new_state
    )


# --------------------------------------------------------------------------- windpipe


@dataclass(frozen=True, slots=True)
class TracheaCheck:
    """R7.29: the repeated roll for a crushed windpipe; each failure costs 1 HP."""

    roll: RollRecord | None
    cleared: bool
    hp_lost: int
    death_checks: DeathChecks | None
    state: CombatantState


def crushed_trachea_roll(
    combatant: Combatant, roller: DiceRoller, options: RuleOptions = DEFAULT_OPTIONS
) -> TracheaCheck:
    """Each round after a crushed windpipe: HT at the same penalty; failure loses 1 HP more.

    A lost HP that reaches a new −HP multiple brings its death check (R7.3).
    """
    state = combatant.state
    if not state.crushed_trachea or state.dead:
        return TracheaCheck(roll=None, cleared=False, hp_lost=0, death_checks=None, state=state)
    record = _ht_roll(
        combatant,
        RollPurpose.CRUSHED_TRACHEA,
        "R7.29",
        roller,
        options,
        injury=state.trachea_penalty,
    )
    if record.succeeded:
        cleared = state.model_copy(update={"crushed_trachea": False, "trachea_penalty": 0})
        return TracheaCheck(roll=record, cleared=True, hp_lost=0, death_checks=None, state=cleared)
    hp_after = state.hp - 1
    deaths = resolve_death_checks(combatant, hp_after, roller=roller, options=options)
    new_state = state.model_copy(
        update={
            "hp": hp_after,
            "dead": deaths.dead,
            "destroyed": state.destroyed or deaths.destroyed,
            "mortally_wounded": (state.mortally_wounded or deaths.mortally_wounded)
            and not deaths.dead,
            "death_checks_made": deaths.checks_made,
        }
    )
    return TracheaCheck(roll=record, cleared=False, hp_lost=1, death_checks=deaths, state=new_state)


# --------------------------------------------------------------------------- getting up


@dataclass(frozen=True, slots=True)
class GetUp:
    """R7.12: turns needed to stand, the Acrobatics roll if tried, and the state."""

    turns: int
    roll: RollRecord | None
    state: CombatantState


def get_up(
    combatant: Combatant,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
    *,
    try_acrobatics: bool = False,
) -> GetUp:
    """Start getting up from the ground (R7.12) and take this turn's step.

    A humanoid takes 2 turns (crouch, then stand), or 1 with a successful
    Acrobatics roll, at his shock penalty (R7.6: this turn's DX-based skills);
    quadruped carnivores and small creatures 1; herbivores 3;
    large herbivores 6. The returned state has already spent this turn:
    ``rising_turns_left`` counts the turns still to go, and the posture is
    standing when none are left (crouching in between, for a humanoid).
    """
    turns = RISE_TURNS[combatant.rise_class]
    record: RollRecord | None = None
    if try_acrobatics and combatant.rise_class is RiseClass.HUMANOID and turns > 1:
        skill = combatant.skill("acrobatics")
        if skill is not None:
            shock = combatant.state.shock_penalty
            record = roll_against(
                RollPurpose.GET_UP,
                "R7.12",
                "acrobatics",
                skill,
                (Modifier("shock", shock, "R7.6"),) if shock else (),
                roller=roller,
                options=options,
            )
            if record.succeeded:
                turns = 1
    started = combatant.with_state(rising_turns_left=turns)
    return GetUp(turns=turns, roll=record, state=rise_turn(started))


def rise_turn(combatant: Combatant) -> CombatantState:
    """Spend one turn getting up (R7.12): the last turn stands him up.

    A humanoid crouches on the turn before the last; other creatures stay down
    until they stand.
    """
    state = combatant.state
    left = max(0, state.rising_turns_left - 1)
    if left == 0:
        return state.model_copy(
            update={"rising_turns_left": 0, "posture": Posture.STANDING, "knocked_down": False}
        )
    posture = state.posture
    if combatant.rise_class is RiseClass.HUMANOID and left == 1:
        posture = Posture.CROUCHING
    return state.model_copy(update={"rising_turns_left": left, "posture": posture})


# --------------------------------------------------------------------------- crippling


class CripplingDuration(StrEnum):
    """R7.17: how long a crippling injury lasts."""

    TEMPORARY = "temporary"
    MONTHS = "months"
    PERMANENT = "permanent"


@dataclass(frozen=True, slots=True)
class CripplingRecovery:
    """The end-of-combat HT roll for one crippled part, and the months rolled if any."""

    part: BodyPart
    roll: RollRecord
    duration: CripplingDuration
    months: int | None
    months_face: int | None


def crippling_duration(
    combatant: Combatant,
    part: BodyPart,
    roller: DiceRoller,
    options: RuleOptions = DEFAULT_OPTIONS,
) -> CripplingRecovery:
    """R7.17: roll HT for a crippled part when combat ends.

    Success: temporary (heals with the lost HP). Failure by 1–2: 1d6 months.
    Failure by 3 or more, or a critical failure: permanent (the catalog's reading
    of the gap at exactly 3).
    """
    record = _ht_roll(combatant, RollPurpose.CRIPPLING_DURATION, "R7.17", roller, options)
    if record.succeeded:
        return CripplingRecovery(
            part=part,
            roll=record,
            duration=CripplingDuration.TEMPORARY,
            months=None,
            months_face=None,
        )
    if record.outcome is Outcome.CRITICAL_FAILURE or record.margin <= -3:
        return CripplingRecovery(
            part=part,
            roll=record,
            duration=CripplingDuration.PERMANENT,
            months=None,
            months_face=None,
        )
    face = roller.roll_die(6)
    return CripplingRecovery(
        part=part, roll=record, duration=CripplingDuration.MONTHS, months=face, months_face=face
    )


def after_combat(
    combatant: Combatant, roller: DiceRoller, options: RuleOptions = DEFAULT_OPTIONS
) -> tuple[CripplingRecovery, ...]:
    """R7.17: one crippling-duration roll per crippled part, in a fixed part order."""
    order = list(BodyPart)
    parts = sorted(combatant.state.crippled, key=order.index)
    return tuple(crippling_duration(combatant, part, roller, options) for part in parts)
