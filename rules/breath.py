"""Suffocation and drowning (R9.1-R9.5).

- R9.1: how long he holds his breath, by exertion and how he took it:
  :func:`breath_seconds`.
- R9.2: then 1 FP a second until he faints (R8.3's -FP), brain death 4 minutes after
  fainting, and on getting air back a First Aid roll if he was drowning and an HT roll
  against losing 1 IQ after more than 2 minutes without air: :func:`suffocation`,
  :func:`air_again`. In a fight :mod:`rules.hazards` runs it a second at a time.
- R9.3: Swimming rolls on the water's schedule, with its modifiers: :func:`drowning`.
  Fighting in or under water (R13.4, R13.5) keeps that one schedule, paced to at least a
  roll every 5 or 2 rounds: :func:`next_roll_in`, :func:`into_water`.
- R9.4: shedding armor or gear in the water, a DX roll an item: :func:`shed`.
- R9.5: saving a drowning person: :func:`rescue`; the one saved comes up: :func:`come_up`.
- R9.1, R9.2 with R13.4: going under water holds the breath, coming up breathes again:
  :func:`breath_at_footing`.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.checks import Outcome, success_roll
from rules.combatant import Combatant, CombatantState, InWater, SwimState
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.records import Modifier, RollRecord, modifiers_of
from rules.roller import DiceRoller
from rules.schedule import MAX_ROLLS
from rules.turn import Water

__all__ = [
    "BRAIN_DEATH_SECONDS",
    "DROWNING_MAX_ROLLS",
    "FIGHT_PACE",
    "IQ_LOSS_SECONDS",
    "AirAgain",
    "Breath",
    "BreathAtFooting",
    "Drowning",
    "DrowningRoll",
    "Exertion",
    "Preparation",
    "Rescue",
    "Shed",
    "Suffocation",
    "SwimState",
    "air_again",
    "breath_at_footing",
    "breath_seconds",
    "breathe",
    "cannot_swim",
    "choked_breath",
    "come_up",
    "drowning",
    "ensure_may_shed",
    "hold_breath",
    "into_water",
    "let_breathe",
    "next_roll_in",
    "rescue",
    "shed",
    "suffocation",
    "swallowed_water",
    "swimming_level",
    "swimming_modifiers",
    "swimming_roll",
    "with_air",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

BRAIN_DEATH_SECONDS: Final = 4 * 60
"""R9.2: the brain dies this long after he faints (the catalog's reading of the start)."""
IQ_LOSS_SECONDS: Final = 2 * 60
"""R9.2: more than this long without air calls for an HT roll or -1 IQ."""


def _negative(field: str, value: float) -> RuleError:
    return RuleError(
        "environment.negative",
        f"{field} cannot be negative (got {value})",
        field=field,
        value=value,
    )


# --------------------------------------------------------------------------- R9.1


class Exertion(StrEnum):
    """R9.1's activities."""

    REST = "rest"
    """No exertion (meditating): HT × 10 seconds."""
    LIGHT = "light"
    """Light exertion (walking): HT × 4 seconds."""
    STRENUOUS = "strenuous"
    """Strenuous (fighting): HT seconds."""


class Preparation(StrEnum):
    """How he took his breath (R9.1)."""

    NORMAL = "normal"
    HYPERVENTILATED = "hyperventilated"
    """× 1.5."""
    OXYGEN = "oxygen"
    """Hyperventilated with pure oxygen: × 2.5."""
    NO_BREATH = "no_breath"
    """No time to take a breath: × 0.5."""


BREATH_SECONDS: Final = {Exertion.REST: 10, Exertion.LIGHT: 4, Exertion.STRENUOUS: 1}
"""R9.1's table: seconds per point of HT."""
PREPARATION: Final = {
    Preparation.NORMAL: Fraction(1),
    Preparation.HYPERVENTILATED: Fraction(3, 2),
    Preparation.OXYGEN: Fraction(5, 2),
    Preparation.NO_BREATH: Fraction(1, 2),
}
"""R9.1's multipliers."""


class Breath(BaseModel):
    """R9.1: how long he can hold his breath."""

    model_config = _FROZEN

    ht: int
    exertion: Exertion
    preparation: Preparation
    seconds: int
    rule_ids: tuple[str, ...] = ("R9.1",)


def breath_seconds(
    ht: int, exertion: Exertion, preparation: Preparation = Preparation.NORMAL
) -> Breath:
    """R9.1: HT × 10, × 4 or × 1 seconds, × 1.5 after hyperventilating (× 2.5 with pure
    oxygen), halved with no time to take a breath; fractions dropped (the catalog's
    reading). HT 12 fighting: 12 s; hyperventilated 18; caught short 6; resting 120."""
    if ht < 0:
        raise _negative("ht", ht)
    seconds = int(ht * BREATH_SECONDS[exertion] * PREPARATION[preparation])
    return Breath(ht=ht, exertion=exertion, preparation=preparation, seconds=seconds)


def choked_breath(ht: int) -> Breath:
    """R11.10 with R9.1: a choked fighter holds the breath he had, fighting (strenuous
    exertion, HT seconds; the bot's reading: the choke gives no time for a deeper breath nor
    takes the one he had). HT 11: 11 seconds."""
    return breath_seconds(ht, Exertion.STRENUOUS)


def hold_breath(state: CombatantState, seconds: int) -> CombatantState:
    """He can no longer breathe, with ``seconds`` of held breath (R9.1)."""
    return state.model_copy(
        update={
            "breath_left": seconds,
            "airless_seconds": 0,
            "fainted_airless": None,
            "brain_death_round": None,
        }
    )


def breathe(state: CombatantState) -> CombatantState:
    """He breathes again (R9.2); how long he went without air is for :func:`air_again`."""
    return state.model_copy(
        update={
            "breath_left": None,
            "airless_seconds": 0,
            "fainted_airless": None,
            "brain_death_round": None,
        }
    )


def let_breathe(state: CombatantState) -> CombatantState:
    """Air again with no roll at hand (a choke let go, R11.10): he breathes; past
    :data:`IQ_LOSS_SECONDS` without air his airless seconds stay for R9.2's HT roll, made at
    his next second in the fight (:mod:`rules.hazards`)."""
    if state.airless_seconds > IQ_LOSS_SECONDS:
        return state.model_copy(
            update={"breath_left": None, "fainted_airless": None, "brain_death_round": None}
        )
    return breathe(state)


# --------------------------------------------------------------------------- R9.2


class Suffocation(BaseModel):
    """R9.2 over some seconds without air, from a held breath."""

    model_config = _FROZEN

    seconds: int
    breath: int
    airless: int
    """Seconds past the held breath, 1 FP each."""
    fp_lost: int
    """1 a second without air, until he faints."""
    faints_at: int | None
    """The second he faints (at -FP), if he has the FP numbers and gets there."""
    brain_death_at: int | None
    """4 minutes after fainting."""
    dead: bool
    iq_roll_due: bool
    """More than 2 minutes without air: an HT roll or -1 IQ once he breathes."""
    rule_ids: tuple[str, ...] = ("R9.2",)


def suffocation(
    seconds: int, *, breath: int, fp: int | None = None, max_fp: int | None = None
) -> Suffocation:
    """R9.2: after ``breath`` seconds he loses 1 FP a second until he faints at -FP (R8.3,
    the catalog's reading of "until he faints"), and his brain dies 4 minutes later unless
    he gets air. HT 12, FP 12 fighting underwater:
    1 FP a second after 12 s, fainting 24 s later (at 36 s), brain death at 276 s."""
    if seconds < 0:
        raise _negative("seconds", seconds)
    airless = max(0, seconds - breath)
    faints_at: int | None = None
    if fp is not None and max_fp is not None:
        faints_at = breath + max(0, fp + max_fp)
    brain = faints_at + BRAIN_DEATH_SECONDS if faints_at is not None else None
    return Suffocation(
        seconds=seconds,
        breath=breath,
        airless=airless,
        fp_lost=airless if faints_at is None else min(airless, faints_at - breath),
        faints_at=faints_at,
        brain_death_at=brain,
        dead=brain is not None and seconds >= brain,
        iq_roll_due=airless > IQ_LOSS_SECONDS,
    )


class AirAgain(BaseModel):
    """R9.2: what getting air back calls for."""

    model_config = _FROZEN

    airless: int
    drowned: bool
    first_aid_needed: bool
    """Water in his lungs: a First Aid roll to clear it."""
    iq_roll: RollRecord | None
    iq_lost: int
    rule_ids: tuple[str, ...] = ("R9.2",)


def air_again(
    airless: int,
    *,
    ht: int,
    drowned: bool = False,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> AirAgain:
    """R9.2: clean air again: he recovers FP normally; if he was drowning a First Aid roll
    must clear his lungs; more than 2 minutes without air (counted from when the held
    breath ran out, the catalog's reading), HT or lose 1 IQ for good."""
    if airless < 0:
        raise _negative("seconds", airless)
    roll = None
    if airless > IQ_LOSS_SECONDS:
        rule_options = options if options is not None else RuleOptions()
        roll = RollRecord.of("ht", ht, (), success_roll(ht, roller, rule_options), rule_id="R9.2")
    return AirAgain(
        airless=airless,
        drowned=drowned,
        first_aid_needed=drowned,
        iq_roll=roll,
        iq_lost=1 if roll is not None and not roll.succeeded else 0,
    )


def with_air(sheet: Combatant, back: AirAgain) -> Combatant:
    """R9.2: the sheet once he breathes again: breathing, and 1 IQ less for good when the HT
    roll failed (never below 1)."""
    sheet = sheet.with_state(breathe(sheet.state))
    if not back.iq_lost:
        return sheet
    attributes = sheet.attributes.model_copy(
        update={"iq": max(1, sheet.attributes.iq - back.iq_lost)}
    )
    return sheet.model_copy(update={"attributes": attributes})


class BreathAtFooting(BaseModel):
    """R9.1, R9.2 at a change of footing (R13.4): the breath he started holding as he went
    under, or the air he got back as he came up (both ``None``: his breath is as it was)."""

    model_config = _FROZEN

    held: Breath | None = None
    air: AirAgain | None = None


def breath_at_footing(
    sheet: Combatant,
    was: Water | None,
    now: Water | None,
    *,
    choked: bool = False,
    preparation: Preparation = Preparation.NORMAL,
    roller: DiceRoller,
    options: RuleOptions,
) -> tuple[Combatant, BreathAtFooting]:
    """His sheet once his head goes under or comes up. Going under water (R13.4) while
    breathing, he holds his breath from that second: HT seconds, a fight being strenuous
    (R9.1, the catalog's example "HT 12 fighting underwater: after 12 s"), times how he took
    it. Coming up (in water above the knee, or out of it) ends a held breath as
    :func:`come_up` does. The dead neither hold their breath nor get it back."""
    state = sheet.state
    under_before = was is Water.underwater
    under_now = now is Water.underwater
    if state.dead or under_before == under_now:
        return sheet, BreathAtFooting()
    if under_now:
        if state.breath_left is not None:
            return sheet, BreathAtFooting()
        held = breath_seconds(sheet.attributes.ht, Exertion.STRENUOUS, preparation)
        return sheet.with_state(hold_breath(state, held.seconds)), BreathAtFooting(held=held)
    sheet, back = come_up(sheet, choked=choked, roller=roller, options=options)
    return sheet, BreathAtFooting(air=back)


def come_up(
    sheet: Combatant, *, choked: bool = False, roller: DiceRoller, options: RuleOptions
) -> tuple[Combatant, AirAgain | None]:
    """His sheet once his head is out of the water (he came up, or was pulled out, R9.5): a
    held breath ends as air again does (R9.2: the HT roll against -1 IQ past 2 minutes
    without air; his brain-death clock stops), unless a choke still stops it (R11.10). The
    seed is silent on whether he was "drowning", read as: he went without air in the water
    (his breath ran out there) or fainted in it (R9.4: "rescued and properly treated (First
    Aid roll)"), so First Aid must clear his lungs. ``None``: he was breathing, or is still
    choked."""
    state = sheet.state
    if state.dead or state.breath_left is None or choked:
        return sheet, None
    back = air_again(
        state.airless_seconds,
        ht=sheet.attributes.ht,
        drowned=state.airless_seconds > 0 or state.fainted_airless is not None,
        roller=roller,
        options=options,
    )
    return with_air(sheet, back), back


# --------------------------------------------------------------------------- R9.3


NEXT_ROLL: Final = {
    SwimState.CALM: 5 * 60,
    SwimState.STRUGGLING: 5,
    SwimState.RECOVERING: 60,
}
"""R9.3: seconds to the next Swimming roll in each state."""
SUNK_NEXT_ROLL: Final = 1
"""R9.4 with R9.3: awake again but still sunk, he swims for the surface with a roll at each of
his seconds (a round is a second, R4.1) until one brings him up."""
DROWNING_MAX_ROLLS: Final = MAX_ROLLS
FIGHT_PACE: Final = {Water.underwater: 2, Water.in_water: 5}
"""R13.4, R13.5: fighting under water a Swimming roll every 2 rounds, in water above the knee
every 5 (a round is a second, R4.1); a failure costs 1 FP, as R9.3's does."""
SWIMMING_DEFAULT: Final = -4
"""Swimming (HT/E) defaults to HT-4 (Basic Set, B224) for a sheet without the skill."""


def next_roll_in(state: SwimState, footing: Water | None = None, *, sunk: bool = False) -> int:
    """Seconds from one Swimming roll to the next. R9.3's wait for where the roll left him
    (calm 5 min, struggling 5 s, recovering 1 min), never longer than the fight's pace when he
    fights in the water (R13.4 every 2 rounds, R13.5 every 5). Both rules read this one
    schedule, so one roll answers both and no second brings two: under water and calm, 2;
    in water above the knee and struggling, 5; deep water alone and calm, 300. ``sunk``: a
    failed roll left him still sunk and awake (R9.4), his next roll at his next second, 1."""
    if sunk:
        return SUNK_NEXT_ROLL
    seconds = NEXT_ROLL[state]
    if footing is not None:
        seconds = min(seconds, FIGHT_PACE[footing])
    return seconds


def swimming_level(sheet: Combatant) -> int:
    """His Swimming: the sheet's, else the HT-4 default (B224), never below 0."""
    level = sheet.skill("swimming")
    return level if level is not None else max(0, sheet.attributes.ht + SWIMMING_DEFAULT)


def into_water(sheet: Combatant, footing: Water | None) -> InWater | None:
    """R9.3's in-water state for a fighter whose footing R13.4, R13.5 set: out of the water
    (``None``) it ends; going in, it starts with a roll at his next second (his Swimming, -2
    per encumbrance level); already in it (deep water, or from one footing to the other) the
    state and the rolls made stay, and the next roll comes no later than the new pace."""
    water = sheet.state.water
    if footing is None:
        return None
    if water is None:
        modifiers = swimming_modifiers(encumbrance=sheet.encumbrance_level)
        return InWater(skill=swimming_level(sheet), modifiers=modifiers)
    if water.state is SwimState.ENTERING:
        return water
    soonest = _now(water) + FIGHT_PACE[footing]
    return water.model_copy(update={"next_roll_at": min(water.next_roll_at, soonest)})


def swimming_modifiers(
    *, intentional: bool = False, encumbrance: int = 0, fat: bool = False
) -> tuple[tuple[str, int], ...]:
    """R9.3: +3 for entering on purpose, -2 per encumbrance level (the fat's own weight is
    left out of it by the GM: R9.3(c)), +5 for Fat. Swimming 12, on purpose, Medium: 11."""
    found: list[tuple[str, int]] = []
    if intentional:
        found.append(("intentional", 3))
    if encumbrance:
        found.append(("encumbrance", -2 * encumbrance))
    if fat:
        found.append(("fat", 5))
    return tuple(found)


class DrowningRoll(BaseModel):
    """One Swimming roll of R9.3's schedule."""

    model_config = _FROZEN

    second: int
    state: SwimState
    roll: RollRecord | None
    """``None``: no dice, he could not swim (collapsed, R8.2: :func:`cannot_swim`)."""
    fp_lost: int
    then: SwimState
    rule_ids: tuple[str, ...] = ("R9.3",)

    @property
    def succeeded(self) -> bool:
        """He kept his head (a roll made); a roll he could not make is a failure."""
        return self.roll is not None and self.roll.succeeded


def swimming_roll(
    state: SwimState,
    swimming: int,
    modifiers: tuple[tuple[str, int], ...],
    second: int,
    *,
    roller: DiceRoller,
    options: RuleOptions,
) -> DrowningRoll:
    """R9.3: one Swimming roll from ``state``: a failure swallows water (1 FP) and he
    struggles; a success while struggling gets his head above water (one more roll within
    a minute), any other success leaves him calm (every 5 minutes)."""
    target = InWater(skill=swimming, modifiers=modifiers).target
    roll = RollRecord.of(
        "swimming",
        swimming,
        modifiers_of(modifiers, "R9.3"),
        success_roll(target, roller, options),
        rule_id="R9.3",
    )
    if roll.succeeded:
        then = SwimState.RECOVERING if state is SwimState.STRUGGLING else SwimState.CALM
        return DrowningRoll(second=second, state=state, roll=roll, fp_lost=0, then=then)
    return DrowningRoll(second=second, state=state, roll=roll, fp_lost=1, then=SwimState.STRUGGLING)


def cannot_swim(state: SwimState, second: int) -> DrowningRoll:
    """R8.2 with R9.3: a fighter collapsed at 0 FP or less is "unable to do anything until
    he gets back to a positive FP total", swimming included, so the Swimming roll that comes
    due is not rolled: it counts as failed, no dice (he swallows water, 1 FP, and
    struggles, his next one 5 s later). The seed is silent on a collapsed swimmer; this is
    the reading a GM gives it: he neither passes a roll he cannot make nor escapes it."""
    return DrowningRoll(
        second=second,
        state=state,
        roll=None,
        fp_lost=1,
        then=SwimState.STRUGGLING,
        rule_ids=("R8.2", "R9.3"),
    )


class Drowning(BaseModel):
    """R9.3 over some seconds in deep water."""

    model_config = _FROZEN

    seconds: int
    modifiers: tuple[tuple[str, int], ...]
    rolls: tuple[DrowningRoll, ...]
    fp_lost: int
    state: SwimState
    stopped: bool
    """Stopped after :data:`DROWNING_MAX_ROLLS` rolls, before the time was up."""
    fainted: bool
    """Stopped where he fainted from the FP lost (R8.3; R9.4: death in 4 minutes unless
    rescued)."""
    rule_ids: tuple[str, ...] = ("R9.3",)


def drowning(
    swimming: int,
    seconds: int,
    *,
    intentional: bool = False,
    encumbrance: int = 0,
    fat: bool = False,
    state: SwimState = SwimState.ENTERING,
    fp_to_faint: int | None = None,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> Drowning:
    """R9.3's schedule from ``state`` for ``seconds``: a roll on entering the water, then
    every 5 minutes; a failure swallows water (-1 FP) and the rolls come every 5 seconds
    until one succeeds; then one more within a minute, and back to every 5 minutes if it
    succeeds. ``fp_to_faint`` (his FP plus his FP attribute) stops it when he faints."""
    if seconds < 0:
        raise _negative("seconds", seconds)
    rule_options = options if options is not None else RuleOptions()
    modifiers = swimming_modifiers(intentional=intentional, encumbrance=encumbrance, fat=fat)
    rolls: list[DrowningRoll] = []
    at = 0 if state is SwimState.ENTERING else NEXT_ROLL[state]
    lost = 0
    fainted = False
    while at <= seconds and len(rolls) < DROWNING_MAX_ROLLS:
        rolled = swimming_roll(state, swimming, modifiers, at, roller=roller, options=rule_options)
        lost += rolled.fp_lost
        rolls.append(rolled)
        state = rolled.then
        if fp_to_faint is not None and lost >= fp_to_faint:
            fainted = True
            break
        at += NEXT_ROLL[state]
    return Drowning(
        seconds=seconds,
        modifiers=modifiers,
        rolls=tuple(rolls),
        fp_lost=lost,
        state=state,
        stopped=len(rolls) >= DROWNING_MAX_ROLLS and not fainted and at <= seconds,
        fainted=fainted,
    )


# --------------------------------------------------------------------------- R9.4, R9.5


class Shed(BaseModel):
    """R9.4: getting rid of one item in the water."""

    model_config = _FROZEN

    heavy: bool
    """A shield, a helmet or a breastplate: -4."""
    roll: RollRecord
    shed: bool
    fp_lost: int
    """A failure swallows water: 1 FP, and he is struggling (R9.3)."""
    then: SwimState | None = None
    """Where a failure leaves him in R9.3's schedule: struggling, a roll every 5 s."""
    rule_ids: tuple[str, ...] = ("R9.4",)


SHED_HEAVY: Final = -4


def shed(dx: int, *, heavy: bool, roller: DiceRoller, options: RuleOptions | None = None) -> Shed:
    """R9.4: after at least one successful Swimming roll, a DX roll for each item, at -4 for
    a shield, helmet or breastplate; a failure means he swallowed water. DX 12 and a helmet:
    8; a cloak: 12."""
    rule_options = options if options is not None else RuleOptions()
    modifiers = (Modifier("heavy_item", SHED_HEAVY, "R9.4"),) if heavy else ()
    target = dx + sum(modifier.value for modifier in modifiers)
    roll = RollRecord.of(
        "dx", dx, modifiers, success_roll(target, roller, rule_options), rule_id="R9.4"
    )
    if roll.succeeded:
        return Shed(heavy=heavy, roll=roll, shed=True, fp_lost=0)
    return Shed(
        heavy=heavy,
        roll=roll,
        shed=False,
        fp_lost=1,
        then=SwimState.STRUGGLING,
        rule_ids=("R9.4", "R9.3"),
    )


def ensure_may_shed(name: str, water: InWater | None) -> None:
    """R9.4: gear comes off in the water "only after at least one successful Swimming roll"
    since he went in (``InWater.swam``); out of the water or before that, it is refused."""
    if water is None or not water.swam:
        raise RuleError(
            "breath.error.needs_swimming",
            f"{name} has made no successful Swimming roll in deep water yet (R9.4)",
            name=name,
        )


def swallowed_water(water: InWater, footing: Water | None = None) -> InWater:
    """R9.4's failure "with all the effects above" (R9.3): he is struggling, his next
    Swimming roll 5 seconds from now (2 when he fights under water, R13.4)."""
    return water.model_copy(
        update={
            "state": SwimState.STRUGGLING,
            "next_roll_at": _now(water) + next_roll_in(SwimState.STRUGGLING, footing),
        }
    )


def _now(water: InWater) -> int:
    """The second a command between his places falls in: ``seconds`` already counts the
    second he is in (his place in the order has passed it), so "now" is the one before."""
    return max(water.seconds - 1, 0)


class Rescue(BaseModel):
    """R9.5: a rescuer's Swimming roll to save a drowning person."""

    model_config = _FROZEN

    roll: RollRecord
    saved: bool
    fp_lost: int
    """1 for a failure (he swallowed water), 6 for a critical failure."""
    gave_up: bool
    """A critical failure: the victim nearly drowned him and he gives up."""
    rule_ids: tuple[str, ...] = ("R9.5",)


RESCUE_PENALTY: Final = -5
RESCUE_CRITICAL_FP: Final = 6


def rescue(
    swimming: int,
    *,
    rescuer_st: int,
    victim_st: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> Rescue:
    """R9.5: Swimming -5 plus the rescuer's ST minus the victim's (the catalog's reading of
    the sign); a failure costs the rescuer 1 FP, a critical failure 6 FP and he gives up.
    Swimming 13, ST 12 saving ST 10: 10."""
    rule_options = options if options is not None else RuleOptions()
    modifiers = [Modifier("rescue", RESCUE_PENALTY, "R9.5")]
    if rescuer_st != victim_st:
        modifiers.append(Modifier("st_difference", rescuer_st - victim_st, "R9.5"))
    target = swimming + sum(modifier.value for modifier in modifiers)
    roll = RollRecord.of(
        "swimming", swimming, modifiers, success_roll(target, roller, rule_options), rule_id="R9.5"
    )
    critical = roll.outcome is Outcome.CRITICAL_FAILURE
    lost = RESCUE_CRITICAL_FP if critical else (0 if roll.succeeded else 1)
    return Rescue(roll=roll, saved=roll.succeeded, fp_lost=lost, gave_up=critical)
