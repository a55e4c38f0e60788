"""The turn sequence: whose turn it is, rounds, and what happens between turns (R4.1-R4.5).

A battle's order is rolled once (R4.3, :mod:`rules.initiative`) when its first
turn begins and stays fixed; newcomers are inserted (R2.4, R2.5). Each call to
:func:`advance` ends the current turn and starts the next:

- end of turn: HT to recover from stun (R7.10), IQ to recover from mental stun
  or surprise (R7.11, R2.1, R2.2, R2.6), shock expiring after the turn it
  applied to (R7.6);
- next combatant: the unconscious, asleep, dead, collapsed (R8.2) and those
  paralysed by total surprise (R2.1) are skipped (R4.2); the stunned keep their
  turn but may only Do Nothing;
- start of turn: HT to stay conscious at 0 HP or less (R7.2; with no defense
  since his last turn it waits for his maneuver, :func:`settle_consciousness`),
  Will to act at 0 FP or less (R8.2), the per-turn defense counters reset
  (R4.4, R4.5);
- a new round every time the order wraps: one round is one second (R4.1).

Everything rolled is returned in :class:`TurnEvent` objects; nothing is text.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Final, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from rules import injury, recovery
from rules.ammunition import ReloadBefore
from rules.attack import WaitOrder
from rules.checks import Outcome, success_roll
from rules.combatant import Combatant, CombatantState, Posture
from rules.errors import RuleError
from rules.initiative import (
    MODE_RULES,
    InitiativeEntry,
    InitiativeMode,
    InitiativeOrder,
    InitiativeSlot,
    insert_newcomers,
    newcomer_phase_order,
    reorder,
    roll_initiative,
)
from rules.maneuver import AllOutAttackOption, AllOutDefenseOption, Maneuver
from rules.options import RuleOptions
from rules.records import Modifier, RollRecord
from rules.roller import DiceRoller
from rules.surprise import SurpriseKind, cumulative_bonus

__all__ = [
    "ERROR_KEYS",
    "MAX_IDLE_ROUNDS",
    "OUT_OF_ACTION",
    "STUNNED_LIKE",
    "Fighter",
    "ManeuverLimit",
    "Restriction",
    "SkipReason",
    "TurnAdvance",
    "TurnEvent",
    "TurnEventKind",
    "TurnSequence",
    "TurnState",
    "Water",
    "advance",
    "cardiac_arrest_seconds",
    "cardiac_death_due",
    "ensure_may_choose",
    "heart_gave_out",
    "initiative_entry",
    "join",
    "leave",
    "maneuver_limit",
    "not_conscious",
    "reorder_sequence",
    "restriction_of",
    "settle_consciousness",
]

ERROR_KEYS: Final = frozenset(
    {
        "encounter.initiative.duplicate_combatant",
        "encounter.no_combatants",
        "encounter.nobody_can_act",
        "encounter.not_started",
        "maneuver.restricted.dead",
        "maneuver.restricted.unconscious",
        "maneuver.restricted.asleep",
        "maneuver.restricted.collapsed",
        "maneuver.restricted.paralysed",
        "maneuver.restricted.stunned",
        "maneuver.restricted.mentally_stunned",
    }
)
"""Every :class:`RuleError` key this module raises."""

MAX_IDLE_ROUNDS = 8
"""How many rounds :func:`advance` looks ahead for someone able to act (paralysis lasts ≤ 6)."""

DO_NOTHING = "do_nothing"
"""``rules.maneuver.Maneuver.do_nothing``'s value."""

FEINT = "feint"
"""``rules.maneuver.Maneuver.feint``'s value."""


class Water(StrEnum):
    """Where a fighter stands in water (R13.4, R13.5); the stored value is the name."""

    in_water = "in_water"
    """In water above the knee."""
    underwater = "underwater"
    """Fully submerged."""


class TurnState(BaseModel):
    """Per-turn combat state of one combatant, stored next to its :class:`Combatant`.

    Maneuver-scoped fields last from the moment a maneuver is chosen until the
    combatant's next turn starts (R4.4, R4.5): :func:`advance` resets them then.
    Aim and Evaluate build up over turns and are kept until the maneuver that
    uses them (or something else) clears them (R5.3, R5.4).

    The surprise and fatigue fields hold conditions the sheet's
    :class:`~rules.combatant.CombatantState` does not: paralysis from total
    surprise (R2.1), which kind of surprise a mental stun came from and how many
    recovery rolls were made (R2.2's cumulative +1), collapse and cardiac arrest
    from fatigue (R8.2), sleep (R4.2). Unknown stored fields are ignored so the
    model can grow without breaking saved fights.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    maneuver: Maneuver | None = None
    """This turn's maneuver."""
    previous_maneuver: Maneuver | None = None
    aim_turns: int = Field(default=0, ge=0)
    aim_target: str | None = None
    aim_braced: bool = False
    """Aiming with a brace: +1 more to the aimed shot (R5.3)."""
    attacks_used: int = Field(default=0, ge=0)
    """Attacks made in the turn numbered ``attacks_turn`` (R5.14-R5.23)."""
    attacks_turn: int = Field(default=0, ge=0)
    """``turns_taken`` when ``attacks_used`` was counted; another value means a new turn."""
    attacks_skill: int | None = None
    """The skill the turn's first attack counted its allowance by (R5.14, R5.15): the later
    attacks of the series, a grapple's DX or a blow's weapon skill, count against the same
    allowance."""
    other_maneuvers: int = Field(default=0, ge=0)
    """Maneuvers other than attacks chosen this turn: one, or more with extra maneuvers
    (Altered Time Rate R5.28, super-speed R5.29). A Wait that became an attack no longer
    counts."""
    attack_maneuvers: int = Field(default=0, ge=0)
    """Maneuvers this turn's attacks took: the first, plus one per attack past what it allows
    (R5.28, R5.29)."""
    evaluate_turns: int = Field(default=0, ge=0)
    evaluate_target: str | None = None
    feint_penalty: int = 0
    feint_target: str | None = None
    parries_used: int = Field(default=0, ge=0)
    """Parries this turn with every weapon together (the cinematic allowance, R5.14)."""
    weapon_parries: dict[str, int] = Field(default_factory=dict)
    """Parries this turn per item (:attr:`rules.combatant.Weapon.item_name`, an unarmed parry's
    skill): the repeated-parry penalty counts these, whichever usage of the item parried (A.4)."""
    blocks_used: int = Field(default=0, ge=0)
    dodges_used: int = Field(default=0, ge=0)
    retreat_used: bool = False
    acrobatic_dodge_used: bool = False
    """The one acrobatic Dodge a turn has been tried (R6.4)."""
    wait_orders: dict[str, WaitOrder] = Field(default_factory=dict)
    """Who strikes first from this turn's Wait, per foe's id, once decided (R5.11): the first
    result stands until his next turn."""
    concentration_lost: bool = False
    """A defense broke this turn's Concentrate (the IQ-3 roll failed, R5.10)."""
    all_out_defense: AllOutDefenseOption | None = None
    """The All-Out Defense option while it lasts (R5.12)."""
    all_out_attack: AllOutAttackOption | None = None
    """The All-Out Attack option while it lasts (R5.8)."""
    readying_missile: bool = False
    """Readying a missile weapon this turn: only Dodge until the next turn (R5.5)."""
    defending_for_others_penalty: int = 0
    defended_since_last_turn: bool = False
    surprise: SurpriseKind | None = None
    paralysed_through_round: int | None = None
    recovery_attempts: int = Field(default=0, ge=0)
    collapsed: bool = False
    cardiac_arrest: bool = False
    cardiac_arrest_death_round: int | None = None
    """The round he dies in unless helped: HT/3 minutes after his heart stopped (R8.2)."""
    asleep: bool = False
    grappled: bool = False
    """An enemy is grappling him: no Retreat in close combat (R11.12). Set by the GM."""
    turns_taken: int = Field(default=0, ge=0)
    shock_injury_at_turn_start: int | None = None
    """The injury behind the shock pending as this turn began (R7.6): only that shock is
    spent when the turn ends; injury taken during the turn gives shock for the next one.
    ``None`` (saved fights without the field): all shock ends with the turn."""
    consciousness_roll_due: bool = False
    """At 0 HP or less with no defense since his last turn, R7.2's HT roll waits for this
    turn's maneuver: none if it is Do Nothing (:func:`settle_consciousness`)."""
    stunned_at_turn_start: bool = True
    """Stunned as this turn began, so this was a lost turn that ends in an HT roll (R7.10).
    A stun received during the turn costs the next one instead. Saved fights without the
    field keep rolling at the end of the turn."""
    unready_weapons: dict[str, int] = Field(default_factory=dict)
    """Weapons out of hand after a blow or picked up from the ground, by item, with the turns
    of Ready each still needs (R5.5, R5.25): no usage of it attacks or parries until it is
    ready again. Kept from turn to turn."""
    rounds_left: dict[str, int] = Field(default_factory=dict)
    """Counted missile weapons that fired since they were last full, with the rounds still in
    each (B269): one with no entry is full. Kept from turn to turn."""
    reload_progress: dict[str, int] = Field(default_factory=dict)
    """Seconds of Ready already spent on a weapon's reload that is not done yet (B269, R5.5).
    Kept from turn to turn."""
    reload_before: dict[str, ReloadBefore] = Field(default_factory=dict)
    """Weapons reloaded this turn, with their rounds and seconds before it: a Dodge before
    his next turn puts them back, as that turn does not count toward the loading (R5.5)."""
    struck_with: tuple[str, ...] = ()
    """Weapons that struck this turn, by usage: an unbalanced one keeps its item (every usage
    of it) from parrying before his next turn (R5.5)."""
    attacks_owed: int = Field(default=0, ge=0)
    """Attacks of his coming turn already spent on a master's doubled Dodge made before it
    (R5.18): that turn starts with them used."""
    fought: bool = False
    """He attacked or defended in this fight: a fight longer than 10 s costs him FP when it
    ends (R8.4). Kept from turn to turn."""
    combat_fatigue_paid: bool = False
    """R8.4's cost was already charged to him in this fight (``/fatigue combat``): the cost is
    per combat, so neither a second charge nor the end of the fight takes it again."""
    elevation: float = 0.0
    """Metres he stands above the floor (a step, a chair, a table, R13.3): fighters at
    different heights hit and defend as R13.2 says, and shots go up or down (R12.8, R12.9).
    Kept from turn to turn."""
    water: Water | None = None
    """In water above the knee or under water (R13.4, R13.5). Kept from turn to turn."""
    shield_bashed: bool = False
    """He struck with his shield this turn: its DB is off his defenses until his next turn
    (R11.27)."""

    def new_turn(self) -> TurnState:
        """The state as a new turn starts: maneuver-scoped fields cleared (R4.4, R4.5).

        A Feint's penalty serves the feinter's next turn only (R5.9): it survives the start
        of the turn after the Feint and is dropped at the start of the one after that.
        """
        feint_kept = self.maneuver == FEINT
        owed: dict[str, object] = {}
        if self.attacks_owed:
            # R5.18: a doubled Dodge before this turn already took its attacks.
            owed = {
                "attacks_used": self.attacks_owed,
                "attacks_turn": self.turns_taken + 1,
                "attacks_owed": 0,
            }
        return self.model_copy(
            update={
                **owed,
                "attacks_skill": None,
                "struck_with": (),
                "feint_penalty": self.feint_penalty if feint_kept else 0,
                "feint_target": self.feint_target if feint_kept else None,
                "maneuver": None,
                "previous_maneuver": self.maneuver,
                "parries_used": 0,
                "weapon_parries": {},
                "blocks_used": 0,
                "dodges_used": 0,
                "retreat_used": False,
                "acrobatic_dodge_used": False,
                "concentration_lost": False,
                "wait_orders": {},
                "all_out_defense": None,
                "all_out_attack": None,
                "readying_missile": False,
                "reload_before": {},
                "shield_bashed": False,
                "defending_for_others_penalty": 0,
                "defended_since_last_turn": False,
                "turns_taken": self.turns_taken + 1,
                "other_maneuvers": 0,
                "attack_maneuvers": 0,
            }
        )


FRESH_TURN: Final = TurnState()
"""The turn state of a fighter who has not acted yet."""


class Fighter(BaseModel):
    """A combatant as the turn sequence sees it: an id, a side, the sheet and turn state."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    combatant_id: str = Field(min_length=1)
    side: str = Field(min_length=1)
    combatant: Combatant
    turn: TurnState = Field(default_factory=lambda: FRESH_TURN)
    """A newcomer's turn state: the one shared :data:`FRESH_TURN` (frozen, so never copied;
    a model instance as a plain default would be deep-copied for every fighter)."""


F = TypeVar("F", bound=Fighter)


def initiative_entry(fighter: Fighter) -> InitiativeEntry:
    """What initiative reads from a fighter: Basic Speed, DX, Move (encumbered), side, and
    whether it is a horde, which always acts last (R14.5)."""
    sheet = fighter.combatant
    return InitiativeEntry(
        combatant_id=fighter.combatant_id,
        basic_speed=sheet.attributes.basic_speed,
        dx=sheet.attributes.dx,
        move=sheet.base_move,
        side=fighter.side,
        acts_last=sheet.swarm is not None and sheet.swarm.is_horde,  # R14.5
    )


class TurnSequence(BaseModel):
    """Where the battle is: the fixed order, this round's list and whose turn it is.

    ``round`` is 0 until the first turn starts. ``this_round`` is the order for
    the current round, with any aware newcomers' free actions (R2.4) placed
    where they arrived; ``position`` indexes the current turn in it (−1 before
    the first turn of a round). ``pending`` holds aware newcomers waiting to be
    inserted into the order at the next round (R2.4). ``vacated``: the fighter whose
    turn it was left the battle during it (a swarm dispersed on its own turn, R14.3):
    his turn is over, nobody's has started, and ``position`` is the last one done.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: InitiativeMode = InitiativeMode.STANDARD_4E
    order: InitiativeOrder | None = None
    round: int = Field(default=0, ge=0)
    this_round: tuple[str, ...] = ()
    position: int = Field(default=-1, ge=-1)
    newcomers: tuple[str, ...] = ()
    pending: tuple[InitiativeEntry, ...] = ()
    vacated: bool = False

    @property
    def started(self) -> bool:
        return self.round > 0

    @property
    def current(self) -> str | None:
        """The combatant whose turn it is (nobody once his turn is ``vacated``)."""
        if not self.vacated and 0 <= self.position < len(self.this_round):
            return self.this_round[self.position]
        return None

    @property
    def up_next(self) -> str | None:
        """Who the next ``advance`` comes to first this round (``None`` at its end)."""
        following = self.this_round[self.position + 1 :]
        return following[0] if following else None

    @property
    def elapsed_seconds(self) -> int:
        """Seconds of combat already completed: one per finished round (R4.1)."""
        return max(0, self.round - 1)


class SkipReason(StrEnum):
    """Why a combatant got no turn (R4.2, R2.1, R8.2)."""

    DEAD = "dead"
    UNCONSCIOUS = "unconscious"
    ASLEEP = "asleep"
    COLLAPSED = "collapsed"
    PARALYSED = "paralysed"


class TurnEventKind(StrEnum):
    """What happened between two turns; values are translation-key suffixes."""

    ROUND_STARTED = "round_started"
    NEWCOMERS_INSERTED = "newcomers_inserted"
    SKIPPED = "skipped"
    STUN_RECOVERY = "stun_recovery"
    MENTAL_STUN_RECOVERY = "mental_stun_recovery"
    SHOCK_EXPIRED = "shock_expired"
    PARALYSIS_ENDED = "paralysis_ended"
    STAY_CONSCIOUS = "stay_conscious"
    FELL_UNCONSCIOUS = "fell_unconscious"
    WILL_TO_ACT = "will_to_act"
    COLLAPSE_ENDED = "collapse_ended"
    CARDIAC_ARREST = "cardiac_arrest"
    TURN_STARTED = "turn_started"
    CRUSHED_TRACHEA = "crushed_trachea"
    TRACHEA_HP_LOST = "trachea_hp_lost"
    DEATH_CHECK = "death_check"
    DIED = "died"


class TurnEvent(BaseModel):
    """One step of the turn sequence, for the renderer and the event log."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: TurnEventKind
    round: int
    combatant_id: str | None = None
    reason: SkipReason | None = None
    roll: RollRecord | None = None
    slots: tuple[InitiativeSlot, ...] = ()
    """The order rolled (round 1) or the newcomers' places (R2.4), with every die behind
    them, so anyone can check it (R3.1-R3.3, R4.3)."""
    rule_id: str


def cardiac_arrest_seconds(ht: int) -> Fraction:
    """R8.2: a cardiac arrest kills in HT/3 minutes unless he is helped; the fraction is kept
    (the catalog's reading), in seconds: HT 10 → 200 s (3 min 20 s)."""
    return Fraction(ht * 60, 3)


def cardiac_death_due(sheet: Combatant, turn: TurnState, round_: int) -> bool:
    """R8.2: his heart stopped and nobody helped him: the round he dies in has come."""
    dies = turn.cardiac_arrest_death_round
    return (
        turn.cardiac_arrest
        and dies is not None
        and round_ >= dies
        and not (sheet.state.dead or sheet.state.destroyed)
    )


def heart_gave_out(sheet: Combatant) -> Combatant:
    """R8.2: dead of his cardiac arrest, counted as having had -1 x HP or his current HP,
    whichever is lower, at death."""
    return sheet.with_state(dead=True, hp=min(sheet.state.hp, -sheet.max_hp))


@dataclass(slots=True)
class _TurnLog:
    """The events of one fighter's end or start of turn, all in the same round."""

    round: int
    combatant_id: str
    events: list[TurnEvent] = field(default_factory=list)

    def add(self, kind: TurnEventKind, rule_id: str, roll: RollRecord | None = None) -> None:
        self.events.append(
            TurnEvent(
                kind=kind,
                round=self.round,
                combatant_id=self.combatant_id,
                roll=roll,
                rule_id=rule_id,
            )
        )


class TurnAdvance(BaseModel, Generic[F]):
    """The result of :func:`advance`: the new sequence, every fighter, what happened."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sequence: TurnSequence
    fighters: tuple[F, ...]
    events: tuple[TurnEvent, ...]

    @property
    def current(self) -> str | None:
        return self.sequence.current

    @property
    def new_round(self) -> bool:
        return any(e.kind is TurnEventKind.ROUND_STARTED for e in self.events)


# --------------------------------------------------------------------------- rolls


def _roll(
    attribute: str,
    base: int,
    modifiers: Sequence[Modifier],
    roller: DiceRoller,
    options: RuleOptions,
    *,
    rule_id: str,
) -> RollRecord:
    target = base + sum(modifier.value for modifier in modifiers)
    return RollRecord.of(
        attribute, base, modifiers, success_roll(target, roller, options), rule_id=rule_id
    )


# --------------------------------------------------------------------------- end of turn


def _end_of_turn(
    fighter: F, round_: int, roller: DiceRoller, options: RuleOptions
) -> tuple[F, list[TurnEvent]]:
    """R7.10 HT and R7.11 IQ recovery rolls, then shock expires (R7.6): :mod:`rules.recovery`.

    Mental stun from partial surprise adds +1 per turn after the first (R2.2);
    paralysis from total surprise is not yet mental stun, so no roll (R2.1).
    """
    sheet = fighter.combatant
    # A turn that ends with R7.2's roll still waiting chose no maneuver yet. He did nothing
    # unless the GM enters his maneuver late: that maneuver still rolls first
    # (settle_consciousness), as it would have in his own turn. His next turn starts afresh.
    turn = fighter.turn
    log = _TurnLog(round_, fighter.combatant_id)
    if not sheet.is_conscious:
        return fighter.model_copy(update={"turn": turn}), log.events
    if turn.stunned_at_turn_start:
        # R7.10: a stun received during his own turn costs him his next turn; the first
        # recovery roll is at the end of that one.
        stun = recovery.stun_recovery(sheet, roller, options)
        if stun.roll is not None:
            log.add(TurnEventKind.STUN_RECOVERY, "R7.10", stun.roll)
        sheet = sheet.with_state(stun.state)
    if sheet.state.mentally_stunned and turn.paralysed_through_round is None:
        attempt = turn.recovery_attempts + 1
        mental = recovery.mental_stun_recovery(
            sheet, roller, options, bonus=cumulative_bonus(turn.surprise, attempt)
        )
        if mental.roll is not None:
            log.add(
                TurnEventKind.MENTAL_STUN_RECOVERY,
                "R2.2" if turn.surprise is SurpriseKind.PARTIAL else "R7.11",
                mental.roll,
            )
        sheet = sheet.with_state(mental.state)
        if mental.recovered:
            turn = turn.model_copy(update={"surprise": None, "recovery_attempts": 0})
        else:
            turn = turn.model_copy(update={"recovery_attempts": attempt})
    cleared = _shock_after_turn(sheet, turn.shock_injury_at_turn_start)
    if cleared.shock_penalty != sheet.state.shock_penalty:
        log.add(TurnEventKind.SHOCK_EXPIRED, "R7.6")
    updated = fighter.model_copy(update={"combatant": sheet.with_state(cleared), "turn": turn})
    return updated, log.events


def _shock_after_turn(sheet: Combatant, pending_injury: int | None) -> CombatantState:
    """R7.6: shock counts "on his next turn only". The shock pending when this turn began is
    spent; injury taken during the turn (a waiting foe's blow, his own fumble) still gives
    its shock to the next one."""
    state = sheet.state
    new_injury = state.shock_injury - (pending_injury or 0)
    if pending_injury is None or new_injury <= 0:
        return recovery.clear_shock(state)
    if pending_injury == 0:
        return state
    return state.model_copy(
        update={
            "shock_injury": new_injury,
            "shock_penalty": injury.shock_penalty(new_injury, sheet.max_hp),
        }
    )


def _crushed_trachea(
    fighter: F, round_: int, roller: DiceRoller, options: RuleOptions
) -> tuple[F, list[TurnEvent]]:
    """R7.29: a crushed windpipe repeats its HT roll every round, at the victim's place in
    the order (conscious or not) until one succeeds; each failure costs 1 HP more, and a
    new -HP multiple brings its death check (R7.3).
    """
    log = _TurnLog(round_, fighter.combatant_id)
    check = recovery.crushed_trachea_roll(fighter.combatant, roller, options)
    if check.roll is None:
        return fighter, log.events
    log.add(TurnEventKind.CRUSHED_TRACHEA, "R7.29", check.roll)
    if check.hp_lost:
        log.add(TurnEventKind.TRACHEA_HP_LOST, "R7.29")
    if check.death_checks is not None:
        for roll in check.death_checks.rolls:
            log.add(TurnEventKind.DEATH_CHECK, roll.rule_id, roll)
        if check.death_checks.dead:
            log.add(TurnEventKind.DIED, "R7.3")
    sheet = fighter.combatant.with_state(check.state)
    return fighter.model_copy(update={"combatant": sheet}), log.events


# --------------------------------------------------------------------------- what he may choose


class Restriction(StrEnum):
    """Why a fighter's state limits the maneuvers he may choose (translation-key suffixes)."""

    DEAD = "dead"
    UNCONSCIOUS = "unconscious"
    ASLEEP = "asleep"
    COLLAPSED = "collapsed"
    PARALYSED = "paralysed"
    STUNNED = "stunned"
    MENTALLY_STUNNED = "mentally_stunned"


_RESTRICTION_RULES: Final[Mapping[Restriction, str]] = {
    Restriction.DEAD: "R4.2",
    Restriction.UNCONSCIOUS: "R4.2",
    Restriction.ASLEEP: "R4.2",
    Restriction.COLLAPSED: "R8.2",
    Restriction.PARALYSED: "R2.1",
    Restriction.STUNNED: "R7.10",
    Restriction.MENTALLY_STUNNED: "R7.11",
}

_DO_NOTHING_ONLY: Final = frozenset({Maneuver.do_nothing})

OUT_OF_ACTION: Final = frozenset(
    {Restriction.DEAD, Restriction.UNCONSCIOUS, Restriction.ASLEEP, Restriction.COLLAPSED}
)
"""No maneuver and no defense at all (R4.2, R8.2)."""

STUNNED_LIKE: Final = frozenset(
    {Restriction.PARALYSED, Restriction.STUNNED, Restriction.MENTALLY_STUNNED}
)
"""Only Do Nothing; defenses at -4 and no Retreat (R7.10, R7.11, R2.1)."""


class ManeuverLimit(BaseModel):
    """The maneuvers a fighter's state still allows, and the rule that limits them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    restriction: Restriction
    allowed: frozenset[Maneuver]
    rule_id: str


def restriction_of(sheet: Combatant, turn: TurnState) -> Restriction | None:
    """The state that limits what a fighter may do, the worst first (see :func:`maneuver_limit`)."""
    state = sheet.state
    if state.dead or state.destroyed:
        return Restriction.DEAD
    if state.unconscious or turn.cardiac_arrest:
        return Restriction.UNCONSCIOUS
    if turn.asleep:
        return Restriction.ASLEEP
    if turn.collapsed and state.fp <= 0:
        return Restriction.COLLAPSED
    if turn.paralysed_through_round is not None:
        # Paralysis over but not yet noticed by his turn start: mentally stunned next, so
        # the same Do Nothing either way.
        return Restriction.PARALYSED
    if state.stunned:
        return Restriction.STUNNED
    if state.mentally_stunned:
        return Restriction.MENTALLY_STUNNED
    return None


NOT_CONSCIOUS: Final = frozenset({Restriction.UNCONSCIOUS, Restriction.ASLEEP})
"""Out of his senses: unconscious for any cause (cardiac arrest included) or asleep (R4.2).
The collapsed (R8.2) are awake, only too spent to act."""


def not_conscious(sheet: Combatant, turn: TurnState) -> bool:
    """He is not conscious (:data:`NOT_CONSCIOUS`): he swims no stroke and sinks in deep
    water (R9.3, R9.4). The dead are not asked."""
    return restriction_of(sheet, turn) in NOT_CONSCIOUS


def maneuver_limit(fighter: Fighter) -> ManeuverLimit | None:
    """What the fighter's state lets him choose, or ``None`` when nothing limits him.

    The one place that maps states to maneuvers:

    - dead, unconscious (cardiac arrest included) or asleep: no maneuver at all, he is not an
      active character (R4.2); collapsed at 0 FP or less likewise until his FP are positive
      again (R8.2);
    - paralysed by total surprise (R2.1), stunned (R7.10) or mentally stunned (R7.11): only
      Do Nothing, until the roll at the end of his turn (or the end of the paralysis) frees
      him. Defenses are not maneuvers: he still defends, at -4 and without Retreat (R7.10).
    """
    restriction = restriction_of(fighter.combatant, fighter.turn)
    if restriction is None:
        return None
    return ManeuverLimit(
        restriction=restriction,
        allowed=frozenset() if restriction in OUT_OF_ACTION else _DO_NOTHING_ONLY,
        rule_id=_RESTRICTION_RULES[restriction],
    )


def ensure_may_choose(fighter: Fighter, maneuver: Maneuver | str) -> None:
    """Refuse a maneuver the fighter's state forbids (:func:`maneuver_limit`), saying why."""
    limit = maneuver_limit(fighter)
    if limit is None or Maneuver(maneuver) in limit.allowed:
        return
    name = fighter.combatant.name
    raise RuleError(
        f"maneuver.restricted.{limit.restriction.value}",
        f"{name} may not choose {Maneuver(maneuver).value}: {limit.restriction.value}",
        combatant=name,
        rule=limit.rule_id,
    )


# --------------------------------------------------------------------------- start of turn


_SKIPPED: Final[Mapping[Restriction, SkipReason]] = {  # every one of OUT_OF_ACTION
    Restriction.DEAD: SkipReason.DEAD,
    Restriction.UNCONSCIOUS: SkipReason.UNCONSCIOUS,
    Restriction.ASLEEP: SkipReason.ASLEEP,
    Restriction.COLLAPSED: SkipReason.COLLAPSED,
}


def _skip_reason(fighter: Fighter, round_: int) -> SkipReason | None:
    """Who gets no turn at all: whoever may choose no maneuver, and the paralysed (R2.1) until
    their paralysis ends (then they take their turns mentally stunned)."""
    limit = maneuver_limit(fighter)
    if limit is None:
        return None
    if limit.restriction in _SKIPPED:
        return _SKIPPED[limit.restriction]
    through = fighter.turn.paralysed_through_round
    if limit.restriction is Restriction.PARALYSED and through is not None and round_ <= through:
        return SkipReason.PARALYSED
    return None


def _out_for_good(fighter: Fighter) -> bool:
    """Nothing the turn sequence does will give this fighter a turn again."""
    return restriction_of(fighter.combatant, fighter.turn) in OUT_OF_ACTION


def _start_of_turn(
    fighter: F, round_: int, roller: DiceRoller, options: RuleOptions
) -> tuple[F, list[TurnEvent], bool]:
    """Checks as the turn begins; returns the fighter, events and whether he still acts."""
    sheet = fighter.combatant
    state = sheet.state
    turn = fighter.turn
    log = _TurnLog(round_, fighter.combatant_id)

    if turn.paralysed_through_round is not None and round_ > turn.paralysed_through_round:
        # R2.1: paralysis over; now mentally stunned, rolling IQ at the end of each turn.
        turn = turn.model_copy(update={"paralysed_through_round": None, "recovery_attempts": 0})
        state = state.model_copy(update={"mentally_stunned": True})
        log.add(TurnEventKind.PARALYSIS_ENDED, "R2.1")
    if turn.collapsed and state.fp > 0:
        turn = turn.model_copy(update={"collapsed": False})
        log.add(TurnEventKind.COLLAPSE_ENDED, "R8.2")

    acts = True
    # R7.2 through rules.recovery: the HT roll is spared when he chooses Do Nothing and has
    # made no defense since his last turn ("até o momento"). Having defended, he rolls now;
    # otherwise the roll waits until this turn's maneuver is known (settle_consciousness).
    check = recovery.stay_conscious(
        sheet.with_state(state),
        roller,
        options,
        doing_nothing_undefended=not turn.defended_since_last_turn,
    )
    roll_due = check.exempt
    if check.roll is not None:
        log.add(TurnEventKind.STAY_CONSCIOUS, "R7.2", check.roll)
    state = check.state
    if check.fainted:
        log.add(TurnEventKind.FELL_UNCONSCIOUS, "R7.2")
        acts = False
    if acts and state.fp <= 0 and sheet.max_fp > 0:
        # R8.2: a Will roll before acting at 0 FP or less.
        roll = _roll("will", sheet.attributes.will, (), roller, options, rule_id="R8.2")
        log.add(TurnEventKind.WILL_TO_ACT, "R8.2", roll)
        if not roll.succeeded:
            turn = turn.model_copy(update={"collapsed": True})
            acts = False
        if roll.outcome is Outcome.CRITICAL_FAILURE:
            heart = _roll("ht", sheet.attributes.ht, (), roller, options, rule_id="R8.2")
            log.add(TurnEventKind.CARDIAC_ARREST, "R8.2", heart)
            if not heart.succeeded:
                # R8.2: he dies in HT/3 minutes unless helped; a round is a second (R4.1).
                dies = log.round + math.ceil(cardiac_arrest_seconds(sheet.attributes.ht))
                turn = turn.model_copy(
                    update={"cardiac_arrest": True, "cardiac_arrest_death_round": dies}
                )
                # R8.2 sets FP to -FP, and at -FP he faints (R8.3): unconscious and prone,
                # as any other fall to -FP (rules.fatigue.lose_fp).
                state = state.model_copy(
                    update={
                        "fp": -sheet.max_fp,
                        "unconscious": True,
                        "fatigue_unconscious": True,
                        "posture": Posture.PRONE,
                    }
                )
                log.add(TurnEventKind.FELL_UNCONSCIOUS, "R8.3")

    if acts:
        turn = turn.new_turn().model_copy(
            update={
                "stunned_at_turn_start": state.stunned,
                "consciousness_roll_due": roll_due,
                "shock_injury_at_turn_start": state.shock_injury,
            }
        )
        log.add(TurnEventKind.TURN_STARTED, "R4.4")
    updated = fighter.model_copy(update={"combatant": sheet.with_state(state), "turn": turn})
    return updated, log.events, acts


def settle_consciousness(
    fighter: F,
    maneuver: str,
    round_: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> tuple[F, tuple[TurnEvent, ...]]:
    """R7.2 once this turn's maneuver is chosen: the HT roll to stay conscious at 0 HP or less.

    Every maneuver passes here first, so one his state forbids (stunned, paralysed,
    unconscious …, :func:`ensure_may_choose`) is refused before anything is rolled.

    Only when his turn started with the roll waiting (``consciousness_roll_due``), also when
    the maneuver is entered after the turn moved on. Do Nothing, with no defense since his
    last turn, spares it; any other maneuver rolls now, and a failure leaves him unconscious
    (and prone) before he can act.
    """
    ensure_may_choose(fighter, maneuver)
    turn = fighter.turn
    if not turn.consciousness_roll_due:
        return fighter, ()
    turn = turn.model_copy(update={"consciousness_roll_due": False})
    log = _TurnLog(round_, fighter.combatant_id)
    check = recovery.stay_conscious(
        fighter.combatant,
        roller,
        options if options is not None else RuleOptions(),
        doing_nothing_undefended=maneuver == DO_NOTHING and not turn.defended_since_last_turn,
    )
    if check.roll is not None:
        log.add(TurnEventKind.STAY_CONSCIOUS, "R7.2", check.roll)
    if check.fainted:
        log.add(TurnEventKind.FELL_UNCONSCIOUS, "R7.2")
    updated = fighter.model_copy(
        update={"combatant": fighter.combatant.with_state(check.state), "turn": turn}
    )
    return updated, tuple(log.events)


# --------------------------------------------------------------------------- the sequence


def _index(fighters: Sequence[F]) -> dict[str, F]:
    found: dict[str, F] = {}
    for fighter in fighters:
        if fighter.combatant_id in found:
            raise RuleError(
                "encounter.initiative.duplicate_combatant",
                f"{fighter.combatant_id} appears twice",
                combatant_id=fighter.combatant_id,
            )
        found[fighter.combatant_id] = fighter
    return found


def _in_order(fighters: Mapping[str, F], original: Sequence[F]) -> tuple[F, ...]:
    return tuple(fighters[f.combatant_id] for f in original)


def advance(
    sequence: TurnSequence,
    fighters: Sequence[F],
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> TurnAdvance[F]:
    """End the current turn and start the next one (R4.1-R4.5).

    On a battle that has not started, rolls the order (R4.3 or the channel's
    mode, R3.3) and starts round 1. Raises ``encounter.nobody_can_act`` when no
    fighter could ever take a turn (all dead, unconscious …).
    """
    rule_options = options if options is not None else RuleOptions()
    by_id = _index(fighters)
    if not by_id:
        raise RuleError("encounter.no_combatants", "the encounter has no combatants")
    if all(_out_for_good(f) for f in by_id.values()):
        raise RuleError("encounter.nobody_can_act", "no combatant is able to act")
    events: list[TurnEvent] = []

    if not sequence.started:
        order = roll_initiative([initiative_entry(f) for f in fighters], sequence.mode, roller)
        sequence = sequence.model_copy(
            update={"order": order, "round": 1, "this_round": order.combatant_ids, "position": -1}
        )
        # The order the mode set, with its dice, under the mode's own rule (R4.3, R3.1-R3.3).
        events.append(
            TurnEvent(
                kind=TurnEventKind.ROUND_STARTED,
                round=1,
                slots=order.slots,
                rule_id=MODE_RULES[sequence.mode],
            )
        )
    else:
        current = sequence.current
        if current is not None and current in by_id:
            ended, ended_events = _end_of_turn(by_id[current], sequence.round, roller, rule_options)
            by_id[current] = ended
            events.extend(ended_events)
        if sequence.vacated:
            sequence = sequence.model_copy(update={"vacated": False})

    rounds_seen = 0
    while True:
        position = sequence.position + 1
        if position >= len(sequence.this_round):
            rounds_seen += 1
            if rounds_seen > MAX_IDLE_ROUNDS:
                raise RuleError("encounter.nobody_can_act", "no combatant is able to act")
            sequence, new_events = _next_round(sequence, roller)
            events.extend(new_events)
            continue
        sequence = sequence.model_copy(update={"position": position})
        cid = sequence.this_round[position]
        fighter = by_id.get(cid)
        if fighter is None:
            continue
        if fighter.combatant.state.crushed_trachea:
            fighter, choking = _crushed_trachea(fighter, sequence.round, roller, rule_options)
            by_id[cid] = fighter
            events.extend(choking)
        if cardiac_death_due(fighter.combatant, fighter.turn, sequence.round):
            fighter = fighter.model_copy(update={"combatant": heart_gave_out(fighter.combatant)})
            by_id[cid] = fighter
            events.append(
                TurnEvent(
                    kind=TurnEventKind.DIED, round=sequence.round, combatant_id=cid, rule_id="R8.2"
                )
            )
        reason = _skip_reason(fighter, sequence.round)
        if reason is not None:
            events.append(
                TurnEvent(
                    kind=TurnEventKind.SKIPPED,
                    round=sequence.round,
                    combatant_id=cid,
                    reason=reason,
                    rule_id="R2.1" if reason is SkipReason.PARALYSED else "R4.2",
                )
            )
            continue
        started, start_events, acts = _start_of_turn(fighter, sequence.round, roller, rule_options)
        by_id[cid] = started
        events.extend(start_events)
        if acts:
            break
        if all(_out_for_good(f) for f in by_id.values()):
            raise RuleError("encounter.nobody_can_act", "no combatant is able to act")
    return TurnAdvance(sequence=sequence, fighters=_in_order(by_id, fighters), events=tuple(events))


def _next_round(sequence: TurnSequence, roller: DiceRoller) -> tuple[TurnSequence, list[TurnEvent]]:
    """Wrap the order: a new round, one more second (R4.1); aware newcomers join it (R2.4)."""
    assert sequence.order is not None
    round_ = sequence.round + 1
    events = [TurnEvent(kind=TurnEventKind.ROUND_STARTED, round=round_, rule_id="R4.1")]
    order = sequence.order
    if sequence.pending:
        order = insert_newcomers(order, sequence.pending, roller)
        events.append(
            TurnEvent(
                kind=TurnEventKind.NEWCOMERS_INSERTED,
                round=round_,
                slots=tuple(order.slot(e.combatant_id) for e in sequence.pending),
                rule_id="R2.4",
            )
        )
    updated = sequence.model_copy(
        update={
            "order": order,
            "round": round_,
            "this_round": order.combatant_ids,
            "position": -1,
            "newcomers": (),
            "pending": (),
        }
    )
    return updated, events


def join(
    sequence: TurnSequence,
    newcomers: Sequence[Fighter],
    *,
    aware: bool,
    roller: DiceRoller,
) -> TurnSequence:
    """Bring newcomers into the battle (R2.4, R2.5).

    Before the first turn they simply join the roster: the order is rolled for
    everyone when the battle starts. Aware newcomers (R2.4) get one action
    right away, before the engaged can react, in Move/Basic Speed order, and
    roll initiative into the order next round. Unaware ones (R2.5) roll now and
    are inserted; they act this round only if their place is still ahead.
    """
    if not newcomers or not sequence.started:
        return sequence
    assert sequence.order is not None
    entries = [initiative_entry(f) for f in newcomers]
    done = sequence.this_round[: sequence.position + 1]
    remaining = list(sequence.this_round[sequence.position + 1 :])
    if aware:
        # R2.4: every aware newcomer of this round who has not acted yet shares one free
        # phase, ordered by Move then Basic Speed, however many times the GM added some.
        waiting = {c for c in remaining if c in sequence.newcomers}
        phase = newcomer_phase_order(
            [*(e for e in sequence.pending if e.combatant_id in waiting), *entries], roller
        )
        ids = tuple(s.combatant_id for s in phase)
        rest = tuple(c for c in remaining if c not in waiting)
        return sequence.model_copy(
            update={
                "this_round": (*done, *ids, *rest),
                "newcomers": (*sequence.newcomers, *(e.combatant_id for e in entries)),
                "pending": (*sequence.pending, *entries),
            }
        )
    order = insert_newcomers(sequence.order, entries, roller)
    rank = {cid: i for i, cid in enumerate(order.combatant_ids)}
    last_done = max((rank[c] for c in done if c in rank), default=-1)
    new_ids = sorted((e.combatant_id for e in entries), key=rank.__getitem__)
    for cid in new_ids:
        if rank[cid] <= last_done:
            continue  # its place this round is already past: it starts next round
        at = next(
            (i for i, c in enumerate(remaining) if c in rank and rank[c] > rank[cid]),
            len(remaining),
        )
        remaining.insert(at, cid)
    return sequence.model_copy(update={"order": order, "this_round": (*done, *remaining)})


def leave(sequence: TurnSequence, combatant_id: str) -> TurnSequence:
    """Take a combatant out of the battle. If it was his turn, it is over (``vacated``):
    nobody else's turn starts or ends again until the next call moves on to whoever follows
    him (R4.1)."""
    if combatant_id not in sequence.this_round and (
        sequence.order is None or combatant_id not in sequence.order.combatant_ids
    ):
        return sequence.model_copy(
            update={"pending": tuple(e for e in sequence.pending if e.combatant_id != combatant_id)}
        )
    position = sequence.position
    vacated = sequence.vacated
    this_round = list(sequence.this_round)
    if combatant_id in this_round:
        index = this_round.index(combatant_id)
        this_round.pop(index)
        if index == position and not vacated:
            vacated = True  # his turn ends with him; the one before him keeps his done
        if index <= position:
            position -= 1
    order = sequence.order.without(combatant_id) if sequence.order is not None else None
    return sequence.model_copy(
        update={
            "order": order,
            "this_round": tuple(this_round),
            "position": position,
            "vacated": vacated,
            "newcomers": tuple(c for c in sequence.newcomers if c != combatant_id),
            "pending": tuple(e for e in sequence.pending if e.combatant_id != combatant_id),
        }
    )


def reorder_sequence(sequence: TurnSequence, combatant_ids: Sequence[str]) -> TurnSequence:
    """The GM's reorder (R4.3): the fixed order changes; who already acted this round keeps it."""
    if sequence.order is None:
        raise RuleError("encounter.not_started", "the battle has not started yet")
    order = reorder(sequence.order, combatant_ids)
    done = sequence.this_round[: sequence.position + 1]
    rest = [c for c in order.combatant_ids if c not in done]
    rest_newcomers = [
        c for c in sequence.this_round[sequence.position + 1 :] if c in sequence.newcomers
    ]
    return sequence.model_copy(
        update={"order": order, "this_round": (*done, *rest_newcomers, *rest)}
    )
