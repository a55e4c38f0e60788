"""What wears a fighter down outside the exchange of blows, applied to the fight: FP lost
or regained (R8.1-R8.3), help for a stopped heart (R8.2), a held breath and air again
(R9.1, R9.2), a fire put out (R10.5-R10.7).

Like :mod:`rules.exchange`, each function takes the :class:`~rules.encounter.Encounter`
and the fighter's id and returns the new fight with the outcome to show; the result says
what the event log keeps (``detail()``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.breath import (
    AirAgain,
    Breath,
    Exertion,
    Preparation,
    air_again,
    breath_seconds,
    hold_breath,
    with_air,
)
from rules.combatant import Burning, Combatant
from rules.encounter import Encounter, apply_combat_fatigue
from rules.errors import RuleError
from rules.fatigue import (
    FatigueChange,
    HeartHelp,
    Want,
    help_heart,
    lose_fp,
    recover_fp,
    withhold,
)
from rules.fire import Extinguish, extinguish_readies, rule_for
from rules.fire import extinguish as put_out_fire
from rules.hazards import put_out
from rules.maneuver_choice import spend_ready
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.turn import Water

__all__ = [
    "ERROR_KEYS",
    "AirBack",
    "BreathHeld",
    "CombatFatigueTaken",
    "EnvironmentChange",
    "FatigueApplied",
    "FireFought",
    "HeartHelped",
    "air_back",
    "change_fp",
    "fight_fire",
    "heart_helped",
    "start_holding_breath",
    "take_combat_fatigue",
]

ERROR_KEYS: Final = frozenset(
    {
        "breath.error.breathing",
        "breath.error.under_water",
        "environment.error.not_burning",
        "environment.error.extinguish_not_his_turn",
        "fatigue.error.no_cardiac_arrest",
        "fatigue.error.already_dead",
    }
)
"""Every :class:`RuleError` key this module raises."""

_FROZEN = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)


class EnvironmentChange(StrEnum):
    """Which ``/environment`` change the log keeps (``detail()["undo"]``): ``/encounter undo``
    names it (``environment.undone.<value>``). The one list for this module's fire put out
    and :mod:`rules.environment_change`'s hazards."""

    FALL = "fall"
    FALLING_OBJECT = "falling_object"
    FIRE = "fire"
    CATCH_FIRE = "catch_fire"
    EXTINGUISH = "extinguish"
    INTENSE_HEAT = "intense_heat"
    SUNBURN = "sunburn"


class FatigueApplied(BaseModel):
    """FP lost or regained by a fighter (``outcome`` ``None`` when nothing moved)."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    sheet: Combatant
    """His sheet after the change."""
    outcome: FatigueChange | None
    noted: dict[str, object]
    """What else the log keeps (the cause and its numbers)."""

    def detail(self) -> dict[str, object]:
        fp = self.outcome.fp_after if self.outcome is not None else self.sheet.state.fp
        return {**self.noted, "name": self.name, "fp": fp}


def change_fp(
    encounter: Encounter,
    fighter_id: str,
    fp: int,
    *,
    hp_lost: int = 0,
    recover: bool = False,
    roller: DiceRoller,
    options: RuleOptions,
    noted: dict[str, object] | None = None,
    want: Want | None = None,
    remedied: Collection[Want] = (),
    state: Mapping[str, object] | None = None,
    turn: Mapping[str, object] | None = None,
) -> FatigueApplied:
    """The fighter regains ``fp`` (``recover``, R8.3's waking and the end of an R8.2
    collapse once his FP is positive; what ``remedied`` cured may come back, R8.7-R8.9,
    R10.9, R10.13) or loses it with ``hp_lost`` HP from the same cause (R8.1-R8.3 through
    :func:`~rules.fatigue.lose_fp`); FP lost to hunger, thirst, missed sleep, heat or cold
    (``want``) are kept apart, for rest alone does not restore them (R8.7-R8.9, R10.9,
    R10.13). ``state`` is what else the same cause changes on his sheet (deep water after a
    failed R9.4 roll), ``turn`` on his turn state (R8.4's cost paid). Nothing lost, nothing
    changes."""
    fighter = encounter.get(fighter_id)
    sheet = fighter.combatant
    outcome: FatigueChange | None = None
    if recover:
        outcome = recover_fp(sheet, fp, remedied, collapsed=fighter.turn.collapsed)
        if outcome.collapse_ended:
            fighter = fighter.model_copy(
                update={"turn": fighter.turn.model_copy(update={"collapsed": False})}
            )
    elif fp or hp_lost:
        outcome = lose_fp(sheet, fp, roller, options, hp_too=hp_lost)
    if outcome is not None:
        changed = outcome.state
        if want is not None and not recover:
            changed = withhold(changed, want, outcome.fp_before - outcome.fp_after)
        sheet = sheet.with_state(changed)
    if state:
        sheet = sheet.with_state(sheet.state.model_copy(update=dict(state)))
    if turn:
        fighter = fighter.model_copy(update={"turn": fighter.turn.model_copy(update=dict(turn))})
    if outcome is not None or state or turn:
        encounter = encounter.replace(fighter.with_sheet(sheet))
    return FatigueApplied(
        encounter=encounter,
        name=fighter.name,
        sheet=sheet,
        outcome=outcome,
        noted=dict(noted or {}),
    )


class HeartHelped(BaseModel):
    """R8.2: someone tended a fighter whose heart stopped."""

    model_config = _FROZEN

    encounter: Encounter
    outcome: HeartHelp

    def detail(self) -> dict[str, object]:
        return {"name": self.outcome.name, "helped": self.outcome.helped}


def heart_helped(
    encounter: Encounter,
    fighter_id: str,
    *,
    skill: int | None,
    roller: DiceRoller,
    options: RuleOptions,
) -> HeartHelped:
    """R8.2 through :func:`~rules.fatigue.help_heart`: helped in time, he no longer dies
    when his HT/3 minutes are up."""
    fighter = encounter.get(fighter_id)
    outcome = help_heart(
        fighter.combatant, fighter.turn, skill=skill, roller=roller, options=options
    )
    updated = fighter.model_copy(
        update={"combatant": fighter.combatant.with_state(outcome.state), "turn": outcome.turn}
    )
    return HeartHelped(encounter=encounter.replace(updated), outcome=outcome)


class CombatFatigueTaken(BaseModel):
    """R8.4 as the fight ended: the FP each fighter who fought paid, in the fight's record."""

    model_config = _FROZEN

    encounter: Encounter
    changes: tuple[FatigueChange, ...]

    def detail(self) -> dict[str, object]:
        return {"fatigue": {c.name: c.fp_after - c.fp_before for c in self.changes}}


def take_combat_fatigue(
    encounter: Encounter, roller: DiceRoller, options: RuleOptions
) -> CombatFatigueTaken:
    """The GM applies R8.4's offers (:func:`~rules.encounter.apply_combat_fatigue`)."""
    updated, changes = apply_combat_fatigue(encounter, roller, options)
    return CombatFatigueTaken(encounter=updated, changes=changes)


class BreathHeld(BaseModel):
    """R9.1: a fighter holding his breath, and how long he can."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    held: Breath

    def detail(self) -> dict[str, object]:
        return {"name": self.name, "breath": self.held.seconds}


def start_holding_breath(
    encounter: Encounter,
    fighter_id: str,
    *,
    ht: int | None = None,
    exertion: Exertion,
    preparation: Preparation,
) -> BreathHeld:
    """R9.1: he stops breathing with :func:`~rules.breath.breath_seconds` of held breath
    (the count R9.2 runs down at the turn edge), from the HT given or else his."""
    fighter = encounter.get(fighter_id)
    held = breath_seconds(
        ht if ht is not None else fighter.combatant.attributes.ht, exertion, preparation
    )
    sheet = fighter.combatant.with_state(hold_breath(fighter.combatant.state, held.seconds))
    return BreathHeld(
        encounter=encounter.replace(fighter.with_sheet(sheet)), name=fighter.name, held=held
    )


class AirBack(BaseModel):
    """R9.2: a fighter breathing again, and what it called for."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    outcome: AirAgain

    def detail(self) -> dict[str, object]:
        return {"name": self.name, "airless": self.outcome.airless}


def air_back(
    encounter: Encounter,
    fighter_id: str,
    *,
    drowned: bool,
    roller: DiceRoller,
    options: RuleOptions,
) -> AirBack:
    """R9.2 through :func:`~rules.breath.air_again` for the seconds he went without air;
    an IQ point lost stays lost (never below 1). Refused for one who is breathing, and for
    one still fully under water (R13.4): he has no clean air to get there (R9.1, R9.2).
    Bringing him up is a change of footing with its own rules (in water above the knee,
    R13.5, or out of it), so it stays ``/terrain set``'s, which gives him air as he comes
    up (:func:`~rules.breath.breath_at_footing`)."""
    fighter = encounter.get(fighter_id)
    sheet = fighter.combatant
    if sheet.state.breath_left is None:
        raise RuleError(
            "breath.error.breathing", f"{fighter.name} is breathing already", name=fighter.name
        )
    if fighter.turn.water is Water.underwater:
        raise RuleError(
            "breath.error.under_water",
            f"{fighter.name} is under water: no air there",
            name=fighter.name,
        )
    back = air_again(
        sheet.state.airless_seconds,
        ht=sheet.attributes.ht,
        drowned=drowned,
        roller=roller,
        options=options,
    )
    sheet = with_air(sheet, back)
    return AirBack(
        encounter=encounter.replace(fighter.with_sheet(sheet)), name=fighter.name, outcome=back
    )


class FireFought(BaseModel):
    """R10.5-R10.7: a try at putting out the fire on a fighter. In a running fight each try is
    his turn's maneuver, a Ready: ``readies`` of ``readies_needed`` are spent so far, and
    ``attempt`` is ``None`` until the last of them (all his clothes take three, R10.6)."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    attempt: Extinguish | None
    readies: int = 1
    readies_needed: int = 1

    def detail(self) -> dict[str, object]:
        undo = EnvironmentChange.EXTINGUISH.value
        if self.attempt is None:
            return {"name": self.name, "readies": self.readies, "undo": undo}
        return {"name": self.name, "extinguished": self.attempt.out, "undo": undo}


def fight_fire(
    encounter: Encounter,
    fighter_id: str,
    *,
    dive: bool,
    roller: DiceRoller,
    options: RuleOptions,
) -> FireFought:
    """:func:`~rules.fire.extinguish` for what is burning on him; put out, it stops burning,
    and a burning shield is dropped (R10.7). Refused for one not on fire.

    In a running fight it is his own doing, on his turn: each try takes his maneuver, a
    Ready (R10.5: one per try; R10.6: three per try, the DX roll after the third, the fire
    burning meanwhile; a dive into water takes the one second, R10.6), with the checks
    ``/maneuver`` makes (R4.4: one maneuver a turn, none before his first turn)."""
    fighter = encounter.get(fighter_id)
    sheet = fighter.combatant
    burning = sheet.state.on_fire
    if burning is None:
        raise RuleError(
            "environment.error.not_burning", f"{fighter.name} is not on fire", name=fighter.name
        )
    needed = 1 if dive else extinguish_readies(burning)
    done = sheet.state.fire_readies + 1
    if encounter.sequence.started:
        current = encounter.current
        if current is None or current.combatant_id != fighter_id:
            raise RuleError(
                "environment.error.extinguish_not_his_turn",
                f"{fighter.name} fights the fire on his own turn",
                name=fighter.name,
                rule=rule_for(burning),
            )
        turn = spend_ready(
            fighter, awaits_first_turn=encounter.awaits_first_turn(fighter_id), own_turn=True
        )
        fighter = fighter.model_copy(update={"turn": turn})
        if done < needed:
            sheet = sheet.with_state(fire_readies=done)
            return FireFought(
                encounter=encounter.replace(fighter.with_sheet(sheet)),
                name=fighter.name,
                attempt=None,
                readies=done,
                readies_needed=needed,
            )
    else:
        done = needed
    attempt = put_out_fire(burning, sheet.attributes.dx, roller, options, dive=dive)
    state = sheet.state
    sheet = sheet.with_state(
        put_out(state) if attempt.out else state.model_copy(update={"fire_readies": 0})
    )
    if attempt.out and burning is Burning.SHIELD:
        sheet = sheet.model_copy(update={"shield": None})
    return FireFought(
        encounter=encounter.replace(fighter.with_sheet(sheet)),
        name=fighter.name,
        attempt=attempt,
        readies=done,
        readies_needed=needed,
    )
