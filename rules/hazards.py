"""Hazards that go on by the second in a fight: burning clothes or shields (R10.5-R10.7),
held breath running out (R9.1, R9.2), a choke's among them (R11.10), intense heat (R10.10)
and the Swimming rolls of deep water (R9.3) and of a fight in or under water (R13.4,
R13.5), one schedule for both (:func:`rules.breath.next_roll_in`).

Each fighter's second comes at his place in the turn order, once a round (a round is one
second, R4.1), whether he acts or is skipped, like the crushed windpipe's roll (R7.29):
:func:`tick_passed` reads which places an ``/encounter next`` passed from its turn events
and runs each of those fighters' second. The state lives on the combatant
(``on_fire``, ``breath_left``, ``airless_seconds``, ``fainted_airless``,
``intense_heat_dr``, ``water``), so it is stored and undone with the rest of the fight. A
choke (R11.10) starts the victim's held breath and its end lets him breathe
(:func:`rules.encounter.with_holds`); past 2 minutes without air, R9.2's HT roll against
losing 1 IQ comes at his next second here.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.breath import (
    BRAIN_DEATH_SECONDS,
    AirAgain,
    DrowningRoll,
    air_again,
    breathe,
    cannot_swim,
    come_up,
    hold_breath,
    next_roll_in,
    swimming_roll,
    with_air,
)
from rules.climate import INTENSE_HEAT_SAFE_PER_DR, intense_heat_second
from rules.combatant import Combatant, CombatantState, InWater, SwimState
from rules.encounter import Encounter, EncounterCombatant
from rules.fatigue import FatigueChange, lose_fp
from rules.fire import BurnTick, burn, burning_hit, catch
from rules.injury import InjuryOutcome
from rules.options import RuleOptions
from rules.records import RollRecord
from rules.roller import DiceRoller
from rules.turn import (
    Restriction,
    TurnEvent,
    TurnEventKind,
    TurnState,
    Water,
    not_conscious,
    restriction_of,
)

__all__ = [
    "HazardKind",
    "HazardTick",
    "breathe",
    "catch",
    "enter_water",
    "fainted_without_air",
    "hold_breath",
    "out_of_water",
    "passed_places",
    "put_out",
    "sunk_in_water",
    "tick_fighter",
    "tick_passed",
    "will_sink",
]

_END_OF_TURN: Final = frozenset(
    {
        TurnEventKind.STUN_RECOVERY,
        TurnEventKind.MENTAL_STUN_RECOVERY,
        TurnEventKind.SHOCK_EXPIRED,
    }
)


class HazardKind(StrEnum):
    """What a second of hazard did; values are translation-key suffixes."""

    BURNING = "burning"
    BREATH = "breath"
    """Still holding his breath."""
    SUFFOCATING = "suffocating"
    """No breath left: 1 FP."""
    BRAIN_DEATH = "brain_death"
    HEAT_SAFE = "heat_safe"
    """In intense heat, still within his armor's safe seconds."""
    HEAT = "heat"
    """In intense heat past them: an HT roll, 1 FP on a failure."""
    AIR = "air"
    """Breathing again after more than 2 minutes without air: an HT roll or -1 IQ (R9.2)."""
    SWIM = "swim"
    """In the water, a Swimming roll came due: 1 FP on a failure (R9.3, R13.4, R13.5)."""
    SINKS = "sinks"
    """Not conscious (out cold or asleep) in deep water: he sinks without air, brain death
    4 minutes on (R9.4, R9.2)."""


class HazardTick(BaseModel):
    """One fighter's second of one hazard."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    combatant_id: str
    name: str
    round: int
    kind: HazardKind
    burn: BurnTick | None = None
    injury: InjuryOutcome | None = None
    breath_left: int | None = None
    fatigue: FatigueChange | None = None
    roll: RollRecord | None = None
    safe_left: int | None = None
    """Seconds of intense heat his armor still keeps him safe (R10.10)."""
    air: AirAgain | None = None
    swim: DrowningRoll | None = None
    """The Swimming roll that came due in the water (R9.3, R13.4, R13.5)."""
    brain_death_round: int | None = None
    """He sank unconscious: the round at whose place his brain dies unless rescued (R9.4)."""
    asleep: bool = False
    """He sank asleep, not knocked out (R9.4 reads any man not conscious, R4.2); with
    :attr:`HazardKind.BRAIN_DEATH`, his brain died asleep."""
    next_in: int | None = None
    """Seconds to his next Swimming roll: R9.3's, or fewer at the fight's pace (R13.4, R13.5)."""
    footing: Water | None = None
    """Where he fights in the water when the Swimming roll came (R13.4, R13.5): fully under
    it, his head is not above water whatever the roll."""
    sunk: bool = False
    """The roll failed and left him sunk, awake: his next roll is at his next second (R9.4)."""
    rule_id: str

    def summary(self) -> dict[str, object]:
        """What the event log keeps of it."""
        return {
            "name": self.name,
            "round": self.round,
            "kind": self.kind.value,
            "damage": self.burn.damage if self.burn else None,
            "injury": self.injury.injury if self.injury else None,
            "fp": self.fatigue.fp_after if self.fatigue else None,
            "iq_lost": self.air.iq_lost if self.air else None,
        }


# --------------------------------------------------------------------------- state


def put_out(state: CombatantState) -> CombatantState:
    """The fire on him is out, and with it any try at putting it out (R10.6)."""
    return state.model_copy(update={"on_fire": None, "fire_readies": 0})


def enter_water(
    state: CombatantState, swimming: int, modifiers: tuple[tuple[str, int], ...]
) -> CombatantState:
    """He is in deep water: a Swimming roll at once, then on R9.3's schedule."""
    return state.model_copy(update={"water": InWater(skill=swimming, modifiers=modifiers)})


def out_of_water(fighter: EncounterCombatant) -> EncounterCombatant:
    """He is out of the water: no more Swimming rolls (R9.3), and no footing in it for his
    blows either (R13.4, R13.5), since both read the one in-water state."""
    sheet = fighter.combatant.with_state(water=None)
    return fighter.with_sheet(sheet).model_copy(
        update={"turn": fighter.turn.model_copy(update={"water": None})}
    )


def fainted_without_air(state: CombatantState, airless: int, round_: int) -> CombatantState:
    """He faints without air at his place in ``round_``, ``airless`` seconds after his breath
    ran out: his brain dies :data:`BRAIN_DEATH_SECONDS` later, one second a round at his
    place, unless he gets air (R9.2; fainted in deep water, unless rescued, R9.4)."""
    return state.model_copy(
        update={
            "airless_seconds": airless,
            "fainted_airless": airless,
            "brain_death_round": round_ + BRAIN_DEATH_SECONDS,
        }
    )


# --------------------------------------------------------------------------- a second


def tick_fighter(
    fighter: EncounterCombatant,
    round_: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> tuple[EncounterCombatant, list[HazardTick]]:
    """One second of every hazard on ``fighter``: his burning (R10.5-R10.7, large-area
    burning damage through the injury pipeline, R10.1), then his breath (R9.1, R9.2: 1 FP
    a second once it runs out, until he faints; his brain dies 4 minutes after; back to
    breathing after more than 2 minutes without air, an HT roll or -1 IQ)."""
    rule_options = options if options is not None else RuleOptions()
    sheet: Combatant = fighter.combatant
    ticks: list[HazardTick] = []
    who = {"combatant_id": fighter.combatant_id, "name": fighter.name, "round": round_}
    if sheet.state.dead or sheet.state.destroyed:
        return fighter, ticks
    kind = sheet.state.on_fire
    if kind is not None:
        second = burn(kind, roller)
        injury = burning_hit(sheet, second.damage, roller, rule_options)
        sheet = sheet.with_state(injury.state)
        ticks.append(
            HazardTick(
                **who, kind=HazardKind.BURNING, burn=second, injury=injury, rule_id=second.rule_id
            )
        )
    state = sheet.state
    if state.breath_left is None and state.airless_seconds and not state.dead:
        # R9.2: air again after more than 2 minutes without it (a choke let go).
        back = air_again(
            state.airless_seconds, ht=sheet.attributes.ht, roller=roller, options=rule_options
        )
        sheet = with_air(sheet, back)
        if back.iq_roll is not None:
            ticks.append(HazardTick(**who, kind=HazardKind.AIR, air=back, rule_id="R9.2"))
    elif state.breath_left is not None and not state.dead:
        if state.breath_left > 0:
            left = state.breath_left - 1
            sheet = sheet.with_state(breath_left=left)
            ticks.append(
                HazardTick(**who, kind=HazardKind.BREATH, breath_left=left, rule_id="R9.1")
            )
        else:
            airless = state.airless_seconds + 1
            if state.fainted_airless is None:
                change = lose_fp(sheet, 1, roller, rule_options)
                new = change.state.model_copy(update={"airless_seconds": airless})
                if change.status.fainted:
                    new = fainted_without_air(new, airless, round_)
                sheet = sheet.with_state(new)
                ticks.append(
                    HazardTick(**who, kind=HazardKind.SUFFOCATING, fatigue=change, rule_id="R9.2")
                )
            else:
                update: dict[str, object] = {"airless_seconds": airless}
                if airless - state.fainted_airless >= BRAIN_DEATH_SECONDS:
                    update["dead"] = True
                    # A sleeper who sank did not faint: the words say so (R9.4).
                    asleep = restriction_of(sheet, fighter.turn) is Restriction.ASLEEP
                    ticks.append(
                        HazardTick(
                            **who, kind=HazardKind.BRAIN_DEATH, asleep=asleep, rule_id="R9.2"
                        )
                    )
                sheet = sheet.with_state(state.model_copy(update=update))
    if sheet.state.intense_heat_dr is not None and not sheet.state.dead:
        sheet = _heat_second(sheet, who, ticks, roller, rule_options)
    if sheet.state.water is not None and not sheet.state.dead:
        sheet = _water_second(
            sheet, who, ticks, roller, rule_options, round_=round_, turn=fighter.turn
        )
    return fighter.with_sheet(sheet), ticks


def _water_second(
    sheet: Combatant,
    who: dict[str, object],
    ticks: list[HazardTick],
    roller: DiceRoller,
    options: RuleOptions,
    *,
    round_: int,
    turn: TurnState,
) -> Combatant:
    """R9.3: a second in deep water; when his next Swimming roll is due he rolls it (a
    failure costs 1 FP through R8.1-R8.3). Collapsed at 0 FP or less (R8.2) he cannot swim:
    the roll counts as failed, no dice (:func:`rules.breath.cannot_swim`). Not conscious,
    for whatever cause (fainted at -FP, knocked out by injury, his heart stopped, asleep,
    laid out by the GM: :func:`rules.turn.not_conscious`), he makes no roll and sinks
    (:func:`_sink`). Fighting in or under water
    (``turn.water``, R13.4, R13.5) the same roll comes at least every 5 or 2 rounds: one
    state, one roll a second at most, whichever rule calls for it."""
    state = sheet.state
    water = state.water
    assert water is not None
    at = water.seconds
    footing = turn.water
    sunk = sunk_in_water(sheet) and footing is not Water.underwater
    # Woken (or brought round) after sinking, he swims for the surface at once: the roll
    # comes at this second, whatever R9.3's schedule had left (R9.3, R9.4).
    if not_conscious(sheet, turn) or (at < water.next_roll_at and not sunk):
        sheet = sheet.with_state(water=water.model_copy(update={"seconds": at + 1}))
        return _sink(sheet, who, ticks, round_, turn)
    # R9.3 with R9.4: sunk, he has long lost his head above water: he rolls as one
    # struggling, so a success brings him up Recovering (another roll within a minute), never
    # straight to Calm, whatever state he sank in.
    start = SwimState.STRUGGLING if sunk else water.state
    if restriction_of(sheet, turn) is Restriction.COLLAPSED:
        rolled = cannot_swim(start, at)
    else:
        rolled = swimming_roll(
            start, water.skill, water.modifiers, at, roller=roller, options=options
        )
    change = lose_fp(sheet, rolled.fp_lost, roller, options) if rolled.fp_lost else None
    if change is not None:
        sheet = sheet.with_state(change.state)
    still_sunk = sunk and not rolled.succeeded
    wait = next_roll_in(rolled.then, footing, sunk=still_sunk)
    moved = water.model_copy(
        update={
            "state": rolled.then,
            "seconds": at + 1,
            "next_roll_at": at + wait,
            "swam": water.swam or rolled.succeeded,
        }
    )
    sheet = sheet.with_state(water=moved)
    ticks.append(
        HazardTick(
            **who,
            kind=HazardKind.SWIM,
            roll=rolled.roll,
            swim=rolled,
            fatigue=change,
            next_in=wait,
            footing=footing,
            sunk=still_sunk,
            rule_id=_SWIM_RULE[footing],
        )
    )
    if sunk and rolled.succeeded:
        # R9.3: a success puts his head above water; conscious, he breathes: air again as
        # coming up or leaving the water gives it (R9.2: his brain-death clock stops, First
        # Aid for his lungs, past 2 minutes without air HT or -1 IQ; R9.4).
        sheet, back = come_up(sheet, roller=roller, options=options)
        if back is not None:
            ticks.append(HazardTick(**who, kind=HazardKind.AIR, air=back, rule_id="R9.2"))
    return _sink(sheet, who, ticks, round_, turn)


def will_sink(sheet: Combatant, turn: TurnState) -> bool:
    """He sinks at his next second in the water (:func:`_sink`): in deep water, out of his
    depth (not on his footing in water above the knee, R13.5), not conscious for any cause
    (:func:`rules.turn.not_conscious`), and not sunk already (R9.4)."""
    state = sheet.state
    return (
        state.water is not None
        and not (state.dead or state.destroyed)
        and not_conscious(sheet, turn)
        and state.fainted_airless is None
        and turn.water is not Water.in_water
    )


def sunk_in_water(sheet: Combatant) -> bool:
    """He sank (or fainted without air) in deep water and his brain-death clock runs: until
    he comes up, gets out or dies (R9.4, R9.2)."""
    state = sheet.state
    return (
        state.water is not None
        and state.brain_death_round is not None
        and not (state.dead or state.destroyed)
    )


def _sink(
    sheet: Combatant,
    who: dict[str, object],
    ticks: list[HazardTick],
    round_: int,
    turn: TurnState,
) -> Combatant:
    """R9.4, R9.2: not conscious in deep water (out of his depth, R9.3, or fighting under
    water, R13.4) he sinks, whatever put him out, sleep too (:func:`rules.turn.not_conscious`,
    the one test): without air from this second (a held
    breath lost with his senses), his brain dies :data:`BRAIN_DEATH_SECONDS` later unless
    he is rescued. The state at his second decides, not its cause, so this is the one place
    the clock starts for a man out cold in the water; a clock already running (he fainted
    for want of air) goes on as it was. In water above the knee (R13.5) he has his footing,
    not out of his depth: the GM's footing there is where he lies with his head out."""
    state = sheet.state
    if not will_sink(sheet, turn):
        return sheet
    airless = state.airless_seconds if state.breath_left == 0 else 0
    sunk = fainted_without_air(state.model_copy(update={"breath_left": 0}), airless, round_)
    ticks.append(
        HazardTick(
            **who,
            kind=HazardKind.SINKS,
            brain_death_round=sunk.brain_death_round,
            asleep=restriction_of(sheet, turn) is Restriction.ASLEEP,
            rule_id="R9.4",
        )
    )
    return sheet.with_state(sunk)


_SWIM_RULE: Final = {None: "R9.3", Water.underwater: "R13.4", Water.in_water: "R13.5"}
"""Whose schedule a Swimming roll in the water answers: deep water alone (R9.3), or the
fight under water (R13.4) or in it (R13.5)."""


def _heat_second(
    sheet: Combatant,
    who: dict[str, object],
    ticks: list[HazardTick],
    roller: DiceRoller,
    options: RuleOptions,
) -> Combatant:
    """R10.10: a second in intense heat: safe for DR × 3 seconds, then HT or 1 FP."""
    state = sheet.state
    dr = state.intense_heat_dr or 0
    elapsed = state.intense_heat_seconds + 1
    sheet = sheet.with_state(intense_heat_seconds=elapsed)
    roll = intense_heat_second(elapsed, dr, ht=sheet.attributes.ht, roller=roller, options=options)
    if roll is None:
        left = INTENSE_HEAT_SAFE_PER_DR * dr - elapsed
        ticks.append(HazardTick(**who, kind=HazardKind.HEAT_SAFE, safe_left=left, rule_id="R10.10"))
        return sheet
    change = None if roll.succeeded else lose_fp(sheet, 1, roller, options)
    if change is not None:
        sheet = sheet.with_state(change.state)
    ticks.append(
        HazardTick(**who, kind=HazardKind.HEAT, roll=roll, fatigue=change, rule_id="R10.10")
    )
    return sheet


def passed_places(events: Sequence[TurnEvent]) -> list[tuple[int, str]]:
    """The (round, fighter) places an advance passed: every fighter whose turn started or
    was skipped, in order, once a round; the end of the turn that closed is not one."""
    seen: list[tuple[int, str]] = []
    for event in events:
        if event.combatant_id is None or event.kind in _END_OF_TURN:
            continue
        place = (event.round, event.combatant_id)
        if place not in seen:
            seen.append(place)
    return seen


def tick_passed(
    encounter: Encounter,
    events: Sequence[TurnEvent],
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> tuple[Encounter, tuple[HazardTick, ...]]:
    """Run the second of every fighter whose place ``events`` passed (:func:`tick_fighter`)."""
    ticks: list[HazardTick] = []
    for round_, combatant_id in passed_places(events):
        fighter = encounter.get(combatant_id)
        state = fighter.combatant.state
        if (
            state.on_fire is None
            and state.breath_left is None
            and not state.airless_seconds
            and state.intense_heat_dr is None
            and state.water is None
        ):
            continue
        updated, found = tick_fighter(fighter, round_, roller, options)
        encounter = encounter.replace(updated)
        ticks.extend(found)
    return encounter, tuple(ticks)
