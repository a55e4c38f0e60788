"""Sense rolls: Vision, Hearing, Smell and Taste, Scanning and Vibration Senses (catalog
section 16, R16.1-R16.8).

A sense roll is a Perception roll with the sense's modifiers (R16.1): Acute Senses
add their level; Hyperspectral Vision +3 (R16.5); Discriminatory Hearing, Smell or
Taste +4 and Hard of Hearing -4 (R16.7, R16.8); the target's size and distance for
Vision (A.8) and the hearing-distance table for Hearing (R16.6); partial darkness
-1 to -9, nothing at all in total darkness, +10 for something in plain sight (R16.5);
and whatever the GM adds for circumstances. Scanning Sense (radar, sonar …) and Vibration
Sense are Perception rolls too (R16.1), with their Acute level; like Vision they take the
size and distance of what they pick up (A.8, the Basic Set's reading for senses that
locate), never darkness.

Finding something hidden, or someone moving silently, is a Quick Contest of the sense
against the hider's skill (Camouflage, Holdout, Stealth: R16.4, R16.6). A success may
call for a comprehension roll, IQ or a skill, to understand what was noticed (R16.2).
When the roll (or the comprehension) fails on something dangerous and the character
has Danger Sense, the GM secretly rolls his Perception to see if he at least senses
the danger (R16.3).

:func:`sense_roll` does it all from a :class:`SenseRequest`; :func:`request_from_sheet`
fills one from a fighter's sheet (Per and traits). Everything rolled and every modifier
comes back in a frozen :class:`SenseOutcome`.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.checks import (
    MIN_SKILL_TO_ATTEMPT,
    ContestWinner,
    QuickContest,
    SuccessRoll,
    quick_contest,
    success_roll,
)
from rules.combatant import Combatant, Side, Trait
from rules.errors import RuleError
from rules.options import RuleOptions
from rules.records import Modifier
from rules.roller import DiceRoller
from rules.size_range import speed_range_modifier

__all__ = [
    "DARKNESS_RANGE",
    "ERROR_KEYS",
    "HEARING_DISTANCES",
    "LOCATING_SENSES",
    "TOTAL_DARKNESS",
    "Impossible",
    "Sense",
    "SenseOutcome",
    "SenseRequest",
    "Sound",
    "hearing_distance_modifier",
    "request_from_sheet",
    "sense_modifiers",
    "sense_roll",
]

ERROR_KEYS: Final = frozenset(
    {
        "senses.bad_darkness",  # value, minimum, maximum
        "senses.bad_distance",  # value
        "senses.sound_needs_distance",  # (none)
        "senses.distance_needs_sound",  # (none)
        "size_range.bad_measure",  # value
    }
)


class Sense(StrEnum):
    """The senses a roll can be for (R16.1); values are translation-key suffixes."""

    VISION = "vision"
    HEARING = "hearing"
    SMELL = "smell"
    TASTE = "taste"
    SCANNING = "scanning"
    VIBRATION = "vibration"


class Sound(StrEnum):
    """The hearing table's sounds (R16.6), quietest first."""

    RUSTLING_LEAVES = "rustling_leaves"
    QUIET_CONVERSATION = "quiet_conversation"
    NORMAL_CONVERSATION = "normal_conversation"
    LIGHT_TRAFFIC = "light_traffic"
    LOUD_CONVERSATION = "loud_conversation"
    NOISY_OFFICE = "noisy_office"
    NORMAL_TRAFFIC = "normal_traffic"
    QUIET_ROCK_BAND = "quiet_rock_band"
    HEAVY_TRAFFIC = "heavy_traffic"
    JET_TAKEOFF = "jet_takeoff"
    LOUD_ROCK_BAND = "loud_rock_band"
    METALLICA = "metallica"


HEARING_DISTANCES: Final[dict[Sound, Fraction]] = {
    Sound.RUSTLING_LEAVES: Fraction(1, 4),
    Sound.QUIET_CONVERSATION: Fraction(1, 2),
    Sound.NORMAL_CONVERSATION: Fraction(1),
    Sound.LIGHT_TRAFFIC: Fraction(2),
    Sound.LOUD_CONVERSATION: Fraction(4),
    Sound.NOISY_OFFICE: Fraction(8),
    Sound.NORMAL_TRAFFIC: Fraction(16),
    Sound.QUIET_ROCK_BAND: Fraction(32),
    Sound.HEAVY_TRAFFIC: Fraction(64),
    Sound.JET_TAKEOFF: Fraction(128),
    Sound.LOUD_ROCK_BAND: Fraction(256),
    Sound.METALLICA: Fraction(512),
}
"""R16.6: the distance at which each sound is heard with no penalty, in metres (the
catalog's reading of the seed's unitless column)."""

TOTAL_DARKNESS: Final = -10
"""``darkness`` value meaning no light at all: seeing is impossible (R16.5)."""
DARKNESS_RANGE: Final = (TOTAL_DARKNESS, 0)
PLAIN_SIGHT_BONUS: Final = 10
HYPERSPECTRAL_BONUS: Final = 3
DISCRIMINATORY_BONUS: Final = 4
HARD_OF_HEARING_PENALTY: Final = -4


class Impossible(StrEnum):
    """Why no roll could be made (translation-key suffixes)."""

    TOTAL_DARKNESS = "total_darkness"
    """R16.5: nobody sees in total darkness without special traits or gear."""
    TOO_LOW = "too_low"
    """A.1: below effective 3 only defense rolls may be tried."""
    BLIND = "blind"
    """R7.16: both eyes blinded: there is no Vision roll."""
    UNCONSCIOUS = "unconscious"
    """R16.1: an unconscious character notices nothing."""
    DEAD = "dead"
    """R16.1: nor does a dead one."""


def hearing_distance_modifier(sound: Sound, distance: Fraction | int) -> int:
    """R16.6: +1 per step closer than the sound's no-penalty distance, -1 per step farther.

    A step is one row, a doubling of the distance; a partial step farther counts as a
    whole one and a partial step closer does not count (the catalog's conservative reading):
    normal conversation (1) from 4 → -2, from 3 → -2, from 1/4 → +2, from 1/3 → +1.
    """
    measure = Fraction(distance)
    if measure <= 0:
        raise RuleError(
            "senses.bad_distance", f"a distance must be above 0, not {measure}", value=str(measure)
        )
    base = HEARING_DISTANCES[sound]
    steps = 0
    if measure > base:
        reach = base
        while reach < measure:
            reach *= 2
            steps -= 1
    else:
        reach = base / 2
        while reach >= measure:
            reach /= 2
            steps += 1
    return steps


class SenseRequest(BaseModel):
    """What a sense roll needs. Leave out what does not apply.

    ``perception`` is the score rolled against: Per, or the skill the GM allows instead
    (Observation, Search: R16.4, R16.6). ``against`` is the hider's skill for a Quick
    Contest; ``comprehension`` the IQ or skill of R16.2's second roll; ``dangerous`` with
    ``danger_sense`` asks for R16.3's secret roll on a failure. Distances are metres.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    sense: Sense
    perception: int
    acute: int = Field(default=0, ge=0)
    hyperspectral: bool = False
    discriminatory: bool = False
    hard_of_hearing: bool = False
    size_modifier: int | None = None
    distance: Fraction | None = None
    darkness: int = 0
    plain_sight: bool = False
    sound: Sound | None = None
    circumstances: int = 0
    against: int | None = None
    comprehension: int | None = None
    dangerous: bool = False
    danger_sense: bool = False
    unable: Impossible | None = None
    """Why the character senses nothing whatever the roll: dead, unconscious, or blind for
    Vision (:func:`request_from_sheet` reads it from the fighter's state)."""


class SenseOutcome(BaseModel):
    """A sense roll: the modifiers, the roll or contest, and the rolls that followed it.

    ``noticed`` is the sense's result: the roll succeeded, or the contest was won (a tie
    finds nothing). ``impossible`` says why nothing was rolled. ``comprehension`` follows
    a notice when asked for (R16.2); ``danger_sense`` is R16.3's secret Perception roll,
    made when nothing (or nothing understood) came of a dangerous thing: only the GM may
    see it.
    """

    model_config = ConfigDict(frozen=True)

    request: SenseRequest
    modifiers: tuple[Modifier, ...]
    """Keys: ``acute``, ``hyperspectral``, ``discriminatory``, ``hard_of_hearing``, ``size``,
    ``distance``, ``darkness``, ``plain_sight``, ``sound_distance`` or ``circumstances``."""
    effective: int
    impossible: Impossible | None = None
    roll: SuccessRoll | None = None
    contest: QuickContest | None = None
    noticed: bool
    comprehension: SuccessRoll | None = None
    danger_sense: SuccessRoll | None = None
    rule_ids: tuple[str, ...]

    @property
    def understood(self) -> bool:
        """Noticed, and understood when a comprehension roll was asked for (R16.2)."""
        return self.noticed and (self.comprehension is None or self.comprehension.succeeded)


_SENSE_RULE: Final[dict[Sense, str]] = {
    Sense.VISION: "R16.5",
    Sense.HEARING: "R16.7",
    Sense.SMELL: "R16.8",
    Sense.TASTE: "R16.8",
    Sense.SCANNING: "R16.1",
    Sense.VIBRATION: "R16.1",
}
LOCATING_SENSES: Final = frozenset({Sense.SCANNING, Sense.VIBRATION})
"""R16.1's other senses, which find where something is: its size and distance count. Only
those with the advantage have them, so a sheet is not offered them by name."""


def _check(request: SenseRequest) -> None:
    low, high = DARKNESS_RANGE
    if not low <= request.darkness <= high:
        raise RuleError(
            "senses.bad_darkness",
            f"darkness is {low} to {high}, not {request.darkness}",
            value=request.darkness,
            minimum=low,
            maximum=high,
        )
    if request.distance is not None and request.distance <= 0:
        raise RuleError(
            "senses.bad_distance",
            f"a distance must be above 0, not {request.distance}",
            value=str(request.distance),
        )
    if request.sound is not None and request.distance is None:
        raise RuleError("senses.sound_needs_distance", "a sound needs the distance to it")
    if request.sense is Sense.HEARING and request.distance is not None and request.sound is None:
        # R16.6: a distance counts only in steps from a sound's no-penalty distance.
        raise RuleError("senses.distance_needs_sound", "a hearing distance needs its sound")


def _size_and_distance(request: SenseRequest, rule: str) -> list[Modifier]:
    """What is sensed: its Size Modifier and its distance (A.8), for Vision (R16.5) and the
    senses that locate (R16.1)."""
    found: list[Modifier] = []
    if request.size_modifier:
        found.append(Modifier(key="size", value=request.size_modifier, rule_id=rule))
    if request.distance is not None:
        found.append(
            Modifier(key="distance", value=speed_range_modifier(request.distance), rule_id=rule)
        )
    return found


def sense_modifiers(request: SenseRequest) -> tuple[Modifier, ...]:
    """Every modifier of the roll, in the tables' order (R16.5, R16.7, R16.8)."""
    _check(request)
    sense = request.sense
    rule = _SENSE_RULE[sense]
    found: list[Modifier] = []
    if request.acute:
        found.append(Modifier(key="acute", value=request.acute, rule_id=rule))
    if sense is Sense.VISION:
        if request.hyperspectral:
            found.append(Modifier(key="hyperspectral", value=HYPERSPECTRAL_BONUS, rule_id=rule))
        found.extend(_size_and_distance(request, rule))
        if request.darkness and request.darkness > TOTAL_DARKNESS:
            found.append(Modifier(key="darkness", value=request.darkness, rule_id=rule))
        if request.plain_sight:
            found.append(Modifier(key="plain_sight", value=PLAIN_SIGHT_BONUS, rule_id=rule))
    elif sense in LOCATING_SENSES:
        found.extend(_size_and_distance(request, rule))
    elif sense is Sense.HEARING:
        if request.discriminatory:
            found.append(Modifier(key="discriminatory", value=DISCRIMINATORY_BONUS, rule_id=rule))
        if request.hard_of_hearing:
            found.append(
                Modifier(key="hard_of_hearing", value=HARD_OF_HEARING_PENALTY, rule_id=rule)
            )
        if request.sound is not None and request.distance is not None:
            found.append(
                Modifier(
                    key="sound_distance",
                    value=hearing_distance_modifier(request.sound, request.distance),
                    rule_id="R16.6",
                )
            )
    elif sense in (Sense.SMELL, Sense.TASTE) and request.discriminatory:
        found.append(Modifier(key="discriminatory", value=DISCRIMINATORY_BONUS, rule_id=rule))
    if request.circumstances:
        found.append(Modifier(key="circumstances", value=request.circumstances, rule_id=rule))
    return tuple(m for m in found if m.value or m.key in ("distance", "sound_distance"))


def sense_roll(
    request: SenseRequest, roller: DiceRoller, options: RuleOptions | None = None
) -> SenseOutcome:
    """Roll a sense (R16.1), or a Quick Contest against ``against`` (R16.4, R16.6), then the
    comprehension roll after a notice (R16.2) and the secret Danger Sense roll after a failure
    on something dangerous (R16.3).

    Dice are rolled in that order: the sense (then the hider), comprehension, Danger Sense.
    Nothing is rolled for the sense in total darkness (R16.5) or below effective 3 (A.1):
    the character notices nothing.
    """
    rules = options if options is not None else RuleOptions()
    modifiers = sense_modifiers(request)
    effective = request.perception + sum(m.value for m in modifiers)
    rule_ids = ["R16.1", *dict.fromkeys(m.rule_id for m in modifiers)]
    impossible: Impossible | None = None
    roll: SuccessRoll | None = None
    contest: QuickContest | None = None
    if request.unable is not None:
        impossible = request.unable
        rule_ids.append("R7.16" if impossible is Impossible.BLIND else "R16.1")
    elif request.sense is Sense.VISION and request.darkness <= TOTAL_DARKNESS:
        impossible = Impossible.TOTAL_DARKNESS
        rule_ids.append("R16.5")
    elif effective < MIN_SKILL_TO_ATTEMPT:
        impossible = Impossible.TOO_LOW
        rule_ids.append("A.1")
    elif request.against is not None:
        contest = quick_contest(effective, request.against, roller, rules)
        rule_ids.append("A.7")
    else:
        roll = success_roll(effective, roller, rules)
        rule_ids.append("A.1")
    if contest is not None:
        noticed = contest.winner is ContestWinner.A
        roll = contest.a
    else:
        noticed = roll is not None and roll.succeeded
    comprehension: SuccessRoll | None = None
    if noticed and request.comprehension is not None:
        comprehension = success_roll(request.comprehension, roller, rules)
        rule_ids.append("R16.2")
    understood = noticed and (comprehension is None or comprehension.succeeded)
    danger: SuccessRoll | None = None
    if request.dangerous and request.danger_sense and not understood and request.unable is None:
        danger = success_roll(request.perception, roller, rules)
        rule_ids.append("R16.3")
    return SenseOutcome(
        request=request,
        modifiers=modifiers,
        effective=effective,
        impossible=impossible,
        roll=roll,
        contest=contest,
        noticed=noticed,
        comprehension=comprehension,
        danger_sense=danger,
        rule_ids=tuple(dict.fromkeys(rule_ids)),
    )


_ACUTE: Final[dict[Sense, str]] = {
    Sense.VISION: "acute_vision",
    Sense.HEARING: "acute_hearing",
    Sense.SMELL: "acute_taste_smell",
    Sense.TASTE: "acute_taste_smell",
}
_DISCRIMINATORY: Final[dict[Sense, Trait]] = {
    Sense.HEARING: Trait.DISCRIMINATORY_HEARING,
    Sense.SMELL: Trait.DISCRIMINATORY_SMELL,
    Sense.TASTE: Trait.DISCRIMINATORY_TASTE,
}


def _unable(sheet: Combatant, sense: Sense) -> Impossible | None:
    """What in the fighter's state keeps him from sensing anything (R16.1, R7.16)."""
    state = sheet.state
    if state.dead or state.destroyed:
        return Impossible.DEAD
    if state.unconscious:
        return Impossible.UNCONSCIOUS
    if sense is Sense.VISION and set(state.blinded_eyes) == set(Side):
        return Impossible.BLIND
    return None


def request_from_sheet(sheet: Combatant, sense: Sense, **situation: object) -> SenseRequest:
    """A request with the sheet's Per, Acute sense, the sense's traits and Danger Sense
    (R16.1, R16.3, R16.5, R16.7, R16.8), and whatever in his state stops every roll (dead,
    unconscious, blind for Vision: ``unable``); ``situation`` adds the rest (distance,
    darkness …) and may override any of them."""
    discriminatory = _DISCRIMINATORY.get(sense)
    data: dict[str, object] = {
        "unable": _unable(sheet, sense),
        "sense": sense,
        "perception": sheet.attributes.per,
        "acute": getattr(sheet, _ACUTE[sense]) if sense in _ACUTE else 0,
        "hyperspectral": sense is Sense.VISION and sheet.has(Trait.HYPERSPECTRAL_VISION),
        "discriminatory": discriminatory is not None and sheet.has(discriminatory),
        "hard_of_hearing": sense is Sense.HEARING and sheet.has(Trait.HARD_OF_HEARING),
        "danger_sense": sheet.has(Trait.DANGER_SENSE),
    }
    data.update({key: value for key, value in situation.items() if value is not None})
    return SenseRequest.model_validate(data)
