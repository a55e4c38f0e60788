"""The world's hazards applied to a fighter of the fight: a fall (R13.7), a falling object
(R13.8), time in the flames and clothes catching fire (R10.1, R10.5-R10.8), a day of sun
(R10.11, R10.12), heat, intense heat, cold and icy water worked through and charged in FP
(R10.9, R10.10, R10.13, R10.14), intense heat with the rounds (R10.10), deep water with the
rounds or over a given time, gear shed in it, and a rescue from it (R9.3-R9.5).

Like :mod:`rules.exchange`, each function takes the :class:`~rules.encounter.Encounter`
and the fighter's id, rolls what the hazard rolls, and returns the new fight with the
outcome to show; the result says what the event log keeps (``detail()``), ``undo`` naming
the change for ``/encounter undo``. The cogs only parse, authorize and render.
"""

from __future__ import annotations

from typing import Final, Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from rules.breath import (
    AirAgain,
    Drowning,
    Rescue,
    Shed,
    come_up,
    drowning,
    ensure_may_shed,
    rescue,
    shed,
    swallowed_water,
    swimming_level,
    swimming_modifiers,
)
from rules.climate import (
    INTENSE_HEAT_SAFE_PER_DR,
    ColdClothing,
    ColdExposure,
    HeatExposure,
    IntenseHeat,
    Skin,
    Sunburn,
    ThermalShock,
    cold,
    heat,
    intense_heat,
    sunburn,
    sunburn_hit,
    thermal_shock,
)
from rules.combatant import Armor, Burning, Combatant, HitLocation, Side
from rules.encounter import Encounter, EncounterCombatant
from rules.errors import RuleError
from rules.falling import (
    Fall,
    FallArmor,
    FallingObject,
    Landing,
    fall,
    fall_hit,
    falling_object,
    falling_object_hit,
)
from rules.fatigue import Want
from rules.fire import (
    Clothing,
    Exposure,
    FireExposure,
    burning_hit,
    catch,
    catch_fire,
    fire_exposure,
    shield_catches_fire,
)
from rules.hazards import enter_water, out_of_water, will_sink
from rules.injury import InjuryOutcome
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.strain import EnvironmentChange, FatigueApplied, change_fp

__all__ = [
    "ERROR_KEYS",
    "CaughtFire",
    "Charged",
    "EnvironmentChange",
    "FallTaken",
    "FireTaken",
    "HazardHit",
    "HeatEntered",
    "ObjectTaken",
    "RescueTaken",
    "SunburnTaken",
    "WaterEntered",
    "Weather",
    "catch_fire_on",
    "cold_on",
    "drown_on",
    "fall_on",
    "falling_object_on",
    "fire_on",
    "heat_on",
    "heat_with_the_rounds",
    "icy_water_on",
    "intense_heat_on",
    "rescue_on",
    "roll_fall",
    "shed_gear",
    "sunburn_on",
    "water_with_the_rounds",
    "what_catches",
]

ERROR_KEYS: Final = frozenset(
    {
        "damage.error.destroyed",
        "environment.error.swimming_needed",
        "environment.error.no_shield",
        "environment.error.st_needed",
        "breath.error.rescue_self",
    }
)
"""Every :class:`RuleError` key this module raises itself (the functions it applies list
their own)."""

_FROZEN = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)


def _swimming_needed() -> RuleError:
    return RuleError("environment.error.swimming_needed", "no Swimming level given or on the sheet")


def _target(encounter: Encounter, fighter_id: str) -> EncounterCombatant:
    """The fighter a hazard hits; an object already destroyed takes no more damage."""
    fighter = encounter.get(fighter_id)
    if fighter.combatant.state.destroyed:
        raise RuleError(
            "damage.error.destroyed", f"{fighter.name} is already destroyed", target=fighter.name
        )
    return fighter


class HazardHit(BaseModel):
    """A hazard's damage through the injury pipeline, on a fighter of the fight."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    injury: InjuryOutcome
    change: EnvironmentChange
    noted: dict[str, object]
    """What else the log keeps (the hazard's numbers)."""

    def detail(self) -> dict[str, object]:
        return {
            **self.noted,
            "target": self.name,
            "injury": self.injury.injury,
            "undo": self.change.value,
        }


def _after(
    encounter: Encounter,
    fighter: EncounterCombatant,
    injury: InjuryOutcome,
    sheet: Combatant | None = None,
) -> Encounter:
    """The fight with his sheet after the injury (or ``sheet``, when the hazard did more
    to it)."""
    after = sheet if sheet is not None else fighter.combatant.with_state(injury.state)
    return encounter.replace(fighter.with_sheet(after))


# --------------------------------------------------------------------------- R13.7


class FallTaken(HazardHit):
    """R13.7 on a fighter: the fall rolled, his torso armor as it was, and the injury."""

    landed: Fall
    torso: Armor
    armor: FallArmor


def roll_fall(
    height: float,
    *,
    sheet: Combatant | None = None,
    acrobatics: int | None = None,
    landing: Landing = Landing.HARD,
    swimming: int | None = None,
    roller: DiceRoller,
    options: RuleOptions,
) -> Fall:
    """R13.7 through :func:`~rules.falling.fall`, the Acrobatics and Swimming levels given or
    else the sheet's (Swimming: HT-4 without the skill, B224); water with no Swimming level
    and no sheet is refused."""
    if sheet is not None:
        acrobatics = acrobatics if acrobatics is not None else sheet.skill("acrobatics")
        swimming = swimming if swimming is not None else swimming_level(sheet)
    if landing is Landing.WATER and swimming is None:
        raise _swimming_needed()
    return fall(
        height,
        acrobatics=acrobatics,
        landing=landing,
        swimming=swimming,
        roller=roller,
        options=options,
    )


def fall_on(
    encounter: Encounter,
    fighter_id: str,
    height: float,
    *,
    acrobatics: int | None = None,
    landing: Landing = Landing.HARD,
    swimming: int | None = None,
    armor: FallArmor = FallArmor.FLEXIBLE,
    roller: DiceRoller,
    options: RuleOptions,
) -> FallTaken:
    """R13.7: :func:`roll_fall` for him, its damage against his torso armor as the fall
    counts it (:func:`~rules.falling.fall_hit`)."""
    fighter = _target(encounter, fighter_id)
    sheet = fighter.combatant
    landed = roll_fall(
        height,
        sheet=sheet,
        acrobatics=acrobatics,
        landing=landing,
        swimming=swimming,
        roller=roller,
        options=options,
    )
    injury = fall_hit(sheet, landed, armor, roller, options)
    return FallTaken(
        encounter=_after(encounter, fighter, injury),
        name=fighter.name,
        injury=injury,
        change=EnvironmentChange.FALL,
        noted={"fall": height},
        landed=landed,
        torso=sheet.dr.at(HitLocation.TORSO),
        armor=armor,
    )


# --------------------------------------------------------------------------- R13.8


class ObjectTaken(HazardHit):
    """R13.8 on a fighter: the object's dice and the injury where it landed."""

    dropped: FallingObject


def falling_object_on(
    encounter: Encounter,
    fighter_id: str,
    kg: float,
    metres: float,
    *,
    soft: bool = False,
    location: HitLocation = HitLocation.TORSO,
    side: Side = Side.RIGHT,
    roller: DiceRoller,
    options: RuleOptions,
) -> ObjectTaken:
    """R13.8: :func:`~rules.falling.falling_object` rolled and landed on him
    (:func:`~rules.falling.falling_object_hit`)."""
    fighter = _target(encounter, fighter_id)
    dropped = falling_object(kg, metres, soft=soft, roller=roller)
    injury = falling_object_hit(
        fighter.combatant, dropped, roller, options, location=location, side=side
    )
    return ObjectTaken(
        encounter=_after(encounter, fighter, injury),
        name=fighter.name,
        injury=injury,
        change=EnvironmentChange.FALLING_OBJECT,
        noted={"kg": kg, "metres": metres},
        dropped=dropped,
    )


# --------------------------------------------------------------------------- R10.1, R10.5-R10.8


def what_catches(
    damage: int, clothing: Clothing, *, tight_beam: bool = False, shield: bool = False
) -> Burning | None:
    """What one burning attack sets alight: his wooden shield at 10 (R10.7) when it hit the
    shield, else his clothes (:func:`~rules.fire.catch_fire`, R10.5-R10.8)."""
    if shield:
        return Burning.SHIELD if shield_catches_fire(damage) else None
    return catch_fire(damage, clothing, tight_beam=tight_beam)


class FireTaken(HazardHit):
    """R10.1 on a fighter: every second's flames, the injury, and what of his clothes
    caught (the hottest second counts, R10.5-R10.8)."""

    flames: FireExposure
    hottest: int
    clothing: Clothing
    caught: Burning | None


def fire_on(
    encounter: Encounter,
    fighter_id: str,
    exposure: Exposure,
    seconds: int,
    *,
    clothing: Clothing = Clothing.NORMAL,
    roller: DiceRoller,
    options: RuleOptions,
) -> FireTaken:
    """R10.1: :func:`~rules.fire.fire_exposure` through :func:`~rules.fire.burning_hit`;
    his hottest second may set his clothes alight (R10.5-R10.8), unless it killed him."""
    fighter = _target(encounter, fighter_id)
    flames = fire_exposure(exposure, seconds, roller)
    injury = burning_hit(fighter.combatant, flames.damage, roller, options)
    state = injury.state
    hottest = max((damage for _, damage in flames.rolls), default=0)
    caught = catch_fire(hottest, clothing)
    if caught is not None and not state.dead:
        state = catch(state, caught)
    return FireTaken(
        encounter=_after(encounter, fighter, injury, fighter.combatant.with_state(state)),
        name=fighter.name,
        injury=injury,
        change=EnvironmentChange.FIRE,
        noted={"fire": exposure},
        flames=flames,
        hottest=hottest,
        clothing=clothing,
        caught=caught,
    )


class CaughtFire(BaseModel):
    """R10.5-R10.8 on a fighter: what a burning attack set alight on him (``None``:
    nothing, or he is dead)."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    caught: Burning | None

    def detail(self) -> dict[str, object]:
        return {
            "caught": self.caught,
            "name": self.name,
            "undo": EnvironmentChange.CATCH_FIRE.value,
        }


def catch_fire_on(
    encounter: Encounter,
    fighter_id: str,
    damage: int,
    *,
    clothing: Clothing = Clothing.NORMAL,
    tight_beam: bool = False,
    shield: bool = False,
) -> CaughtFire:
    """:func:`what_catches` set alight on him; R10.7 burns whoever holds the shield, so a
    shield hit is refused on one who holds none. A dead man's clothes are left alone."""
    fighter = encounter.get(fighter_id)
    if shield and fighter.combatant.shield is None:
        raise RuleError(
            "environment.error.no_shield", f"{fighter.name} holds no shield", name=fighter.name
        )
    caught = what_catches(damage, clothing, tight_beam=tight_beam, shield=shield)
    if caught is not None and not fighter.combatant.state.dead:
        sheet = fighter.combatant.with_state(catch(fighter.combatant.state, caught))
        encounter = encounter.replace(fighter.with_sheet(sheet))
    return CaughtFire(encounter=encounter, name=fighter.name, caught=caught)


# --------------------------------------------------------------------------- R10.11, R10.12


class SunburnTaken(BaseModel):
    """R10.11 on a fighter: the day of sun, and its injury when it burnt him (light skin,
    unprotected); otherwise the fight is unchanged."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    burnt: Sunburn
    injury: InjuryOutcome | None

    def detail(self) -> dict[str, object]:
        return {
            "target": self.name,
            "injury": self.injury.injury if self.injury is not None else 0,
            "undo": EnvironmentChange.SUNBURN.value,
        }


def sunburn_on(
    encounter: Encounter,
    fighter_id: str,
    skin: Skin,
    *,
    protected: bool = False,
    roller: DiceRoller,
    options: RuleOptions,
) -> SunburnTaken:
    """R10.11 through :func:`~rules.climate.sunburn`: light skin takes its 1d-3 through the
    injury pipeline on bare skin (:func:`~rules.climate.sunburn_hit`); dark or albino skin,
    or cover (R10.12), change nothing on his sheet."""
    fighter = encounter.get(fighter_id)
    if skin is not Skin.LIGHT or protected:
        burnt = sunburn(skin, roller, protected=protected)
        return SunburnTaken(encounter=encounter, name=fighter.name, burnt=burnt, injury=None)
    fighter = _target(encounter, fighter_id)
    burnt = sunburn(skin, roller)
    injury = sunburn_hit(fighter.combatant, burnt, roller, options)
    sheet = fighter.combatant.with_state(injury.state)
    return SunburnTaken(
        encounter=encounter.replace(fighter.with_sheet(sheet)),
        name=fighter.name,
        burnt=burnt,
        injury=injury,
    )


# ------------------------------------------------------------- R10.9, R10.10, R10.13, R10.14

Weather = TypeVar("Weather", HeatExposure, IntenseHeat, ColdExposure, ThermalShock)
Working = TypeVar("Working", HeatExposure, IntenseHeat, ColdExposure, ThermalShock, Shed, Drowning)
"""What a stretch of heat or cold rolled (R10.9, R10.10, R10.13, R10.14)."""


class Charged(BaseModel, Generic[Working]):
    """A rule worked through for a fighter of the fight, from his own sheet as the fight
    holds it: its rolls (``working``: the heat, cold, drowning or shed worked out) and the FP
    they cost him (``applied``; its ``outcome`` ``None`` when they cost nothing)."""

    model_config = _FROZEN

    working: Working
    applied: FatigueApplied

    @property
    def encounter(self) -> Encounter:
        return self.applied.encounter

    @property
    def name(self) -> str:
        return self.applied.name

    def detail(self) -> dict[str, object]:
        return self.applied.detail()


def _charged(
    encounter: Encounter,
    fighter_id: str,
    exposure: Weather,
    noted: dict[str, object],
    *,
    want: Want | None = None,
    roller: DiceRoller,
    options: RuleOptions,
) -> Charged[Weather]:
    """The FP ``exposure`` cost him, charged (:func:`~rules.strain.change_fp`; lost to heat
    or cold, ``want``, they are kept apart, R10.9, R10.13)."""
    applied = change_fp(
        encounter,
        fighter_id,
        exposure.fp_lost,
        roller=roller,
        options=options,
        noted=noted,
        want=want,
    )
    return Charged(working=exposure, applied=applied)


def _best_survival(sheet: Combatant, survival: int | None) -> int | None:
    """Survival as given, else the sheet's (R10.9 and R10.13 roll the better of it and HT)."""
    return survival if survival is not None else sheet.skill("survival")


def heat_on(
    encounter: Encounter,
    fighter_id: str,
    temperature: float,
    minutes: int,
    *,
    ht: int | None = None,
    survival: int | None = None,
    encumbrance: int | None = None,
    stressful: bool = True,
    roller: DiceRoller,
    options: RuleOptions,
) -> Charged[HeatExposure]:
    """R10.9 through :func:`~rules.climate.heat` for him: his HT, Survival and encumbrance
    level unless given; each failure's FP charged, kept apart as lost to heat."""
    sheet = encounter.get(fighter_id).combatant
    found = heat(
        temperature,
        minutes,
        ht=ht if ht is not None else sheet.attributes.ht,
        survival=_best_survival(sheet, survival),
        encumbrance=encumbrance if encumbrance is not None else sheet.encumbrance_level,
        stressful=stressful,
        roller=roller,
        options=options,
    )
    noted: dict[str, object] = {"heat": temperature, "minutes": minutes}
    return _charged(
        encounter, fighter_id, found, noted, want=Want.HEAT, roller=roller, options=options
    )


def intense_heat_on(
    encounter: Encounter,
    fighter_id: str,
    seconds: int,
    *,
    dr: int | None = None,
    ht: int | None = None,
    roller: DiceRoller,
    options: RuleOptions,
) -> Charged[IntenseHeat]:
    """R10.10 through :func:`~rules.climate.intense_heat` for ``seconds`` at once: his torso's
    DR and his HT unless given; each failed second's FP charged."""
    sheet = encounter.get(fighter_id).combatant
    found = intense_heat(
        dr if dr is not None else sheet.dr.at(HitLocation.TORSO).dr,
        seconds,
        ht=ht if ht is not None else sheet.attributes.ht,
        roller=roller,
        options=options,
    )
    noted: dict[str, object] = {"intense_heat": seconds}
    return _charged(encounter, fighter_id, found, noted, roller=roller, options=options)


def cold_on(
    encounter: Encounter,
    fighter_id: str,
    temperature: float,
    minutes: int,
    *,
    wind_kmh: float = 0,
    clothing: ColdClothing = ColdClothing.WINTER,
    wet: bool = False,
    ht: int | None = None,
    survival: int | None = None,
    roller: DiceRoller,
    options: RuleOptions,
) -> Charged[ColdExposure]:
    """R10.13 through :func:`~rules.climate.cold` for him: his HT and Survival unless given;
    each failure's FP charged, kept apart as lost to cold."""
    sheet = encounter.get(fighter_id).combatant
    found = cold(
        temperature,
        minutes,
        ht=ht if ht is not None else sheet.attributes.ht,
        survival=_best_survival(sheet, survival),
        wind_kmh=wind_kmh,
        clothing=clothing,
        wet=wet,
        roller=roller,
        options=options,
    )
    noted: dict[str, object] = {"cold": temperature, "minutes": minutes}
    return _charged(
        encounter, fighter_id, found, noted, want=Want.COLD, roller=roller, options=options
    )


def icy_water_on(
    encounter: Encounter,
    fighter_id: str,
    minutes: int,
    *,
    dry_suit: bool = False,
    ht: int | None = None,
    roller: DiceRoller,
    options: RuleOptions,
) -> Charged[ThermalShock]:
    """R10.14 through :func:`~rules.climate.thermal_shock` for him: his HT unless given;
    the FP of every minute charged (none in a dry suit: only the cold, R10.13)."""
    sheet = encounter.get(fighter_id).combatant
    found = thermal_shock(
        minutes,
        ht=ht if ht is not None else sheet.attributes.ht,
        dry_suit=dry_suit,
        roller=roller,
        options=options,
    )
    noted: dict[str, object] = {"icy_water": minutes}
    return _charged(encounter, fighter_id, found, noted, roller=roller, options=options)


# --------------------------------------------------------------------------- R10.10


class HeatEntered(BaseModel):
    """R10.10 with the rounds: he entered the intense heat (safe for ``safe`` seconds with
    DR ``dr``), or left it."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    entered: bool
    dr: int
    safe: int

    def detail(self) -> dict[str, object]:
        return {
            "intense_heat": self.entered,
            "name": self.name,
            "undo": EnvironmentChange.INTENSE_HEAT.value,
        }


def heat_with_the_rounds(
    encounter: Encounter, fighter_id: str, *, dr: int | None = None, leave: bool = False
) -> HeatEntered:
    """R10.10 inside a fight: he enters the intense heat with ``dr`` (default his torso's),
    safe for DR x 3 seconds, each of his seconds then rolled at his place in the turn order
    (:mod:`rules.hazards`); ``leave`` takes him out. Either way his count starts again."""
    fighter = encounter.get(fighter_id)
    sheet = fighter.combatant
    armor = dr if dr is not None else sheet.dr.at(HitLocation.TORSO).dr
    sheet = sheet.with_state(intense_heat_dr=None if leave else armor, intense_heat_seconds=0)
    return HeatEntered(
        encounter=encounter.replace(fighter.with_sheet(sheet)),
        name=fighter.name,
        entered=not leave,
        dr=armor,
        safe=INTENSE_HEAT_SAFE_PER_DR * armor,
    )


# --------------------------------------------------------------------------- R9.3, R9.4


class WaterEntered(BaseModel):
    """R9.3 with the rounds: he went into deep water (his Swimming ``target``), or got out."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    entered: bool
    target: int | None
    air: AirAgain | None = None
    """Out of the water with his breath held or gone: the air he got back (R9.2)."""
    sinks: bool = False
    """In, not conscious: no Swimming roll, he sinks at his next second (R9.4)."""

    def detail(self) -> dict[str, object]:
        found: dict[str, object] = {"name": self.name, "water": self.entered}
        if self.air is not None:
            found["iq_lost"] = self.air.iq_lost
        return found


def water_with_the_rounds(
    encounter: Encounter,
    fighter_id: str,
    *,
    swimming: int | None = None,
    intentional: bool = False,
    encumbrance: int | None = None,
    fat: bool = False,
    leave: bool = False,
    roller: DiceRoller,
    options: RuleOptions,
) -> WaterEntered:
    """R9.3 inside a fight: he goes into deep water with his Swimming (given, else the
    sheet's, else the HT-4 default as ``/terrain set`` has it: B224) and its modifiers (his
    sheet's encumbrance unless given), each of his seconds bringing the roll when it is due
    (:mod:`rules.hazards`); ``leave`` takes him out, out of any ``/terrain`` water too (one
    in-water state, R13.4, R13.5), his head out of it: he breathes again as one who comes up
    or is pulled out does (:func:`_pulled_out`, R9.1, R9.2)."""
    fighter = encounter.get(fighter_id)
    if leave:
        encounter, air = _pulled_out(encounter, fighter_id, roller=roller, options=options)
        return WaterEntered(
            encounter=encounter, name=fighter.name, entered=False, target=None, air=air
        )
    sheet = fighter.combatant
    level = swimming if swimming is not None else swimming_level(sheet)
    modifiers = swimming_modifiers(
        intentional=intentional,
        encumbrance=sheet.encumbrance_level if encumbrance is None else encumbrance,
        fat=fat,
    )
    state = enter_water(sheet.state, level, modifiers)
    sheet = sheet.with_state(state)
    return WaterEntered(
        encounter=encounter.replace(fighter.with_sheet(sheet)),
        name=fighter.name,
        entered=True,
        target=state.water.target if state.water is not None else level,
        sinks=will_sink(sheet, fighter.turn),
    )


def shed_gear(
    encounter: Encounter,
    fighter_id: str,
    *,
    heavy: bool,
    dx: int | None = None,
    roller: DiceRoller,
    options: RuleOptions,
) -> Charged[Shed]:
    """R9.4: only after a successful Swimming roll in the water
    (:func:`~rules.breath.ensure_may_shed`), a DX roll (given, else his) for one item
    (:func:`~rules.breath.shed`), its FP charged; a failure swallows water
    (:func:`~rules.breath.swallowed_water`: struggling, R9.3; the next roll sooner while he
    fights under water, R13.4)."""
    fighter = encounter.get(fighter_id)
    water = fighter.combatant.state.water
    ensure_may_shed(fighter.name, water)
    assert water is not None  # ensure_may_shed refused him out of the water
    item = shed(
        dx if dx is not None else fighter.combatant.attributes.dx,
        heavy=heavy,
        roller=roller,
        options=options,
    )
    applied = change_fp(
        encounter,
        fighter_id,
        item.fp_lost,
        roller=roller,
        options=options,
        noted={"shed": item.shed},
        state=None if item.shed else {"water": swallowed_water(water, fighter.turn.water)},
    )
    return Charged(working=item, applied=applied)


def drown_on(
    encounter: Encounter,
    fighter_id: str,
    seconds: int,
    *,
    swimming: int | None = None,
    intentional: bool = False,
    encumbrance: int | None = None,
    fat: bool = False,
    roller: DiceRoller,
    options: RuleOptions,
) -> Charged[Drowning]:
    """R9.3 for ``seconds`` in deep water, worked out at once (:func:`~rules.breath.drowning`)
    from his sheet as the fight has it: his Swimming (given, else the sheet's, else HT-4:
    :func:`~rules.breath.swimming_level`), his encumbrance unless given, the schedule
    stopping where the FP lost make him faint (his FP plus his FP attribute, R8.3); the FP
    charged in the same change (R8.1-R8.3)."""
    sheet = encounter.get(fighter_id).combatant
    level = swimming if swimming is not None else swimming_level(sheet)
    drowned = drowning(
        level,
        seconds,
        intentional=intentional,
        encumbrance=sheet.encumbrance_level if encumbrance is None else encumbrance,
        fat=fat,
        fp_to_faint=sheet.state.fp + sheet.max_fp,
        roller=roller,
        options=options,
    )
    applied = change_fp(
        encounter,
        fighter_id,
        drowned.fp_lost,
        roller=roller,
        options=options,
        noted={"drown": seconds},
    )
    return Charged(working=drowned, applied=applied)


class RescueTaken(BaseModel):
    """R9.5 with fighters of the fight: the rescuer's roll and, when the rescuer is one of
    them, the FP it cost him (``applied`` ``None``: the rescuer is only numbers); a victim of
    the fight who was saved is out of the water (``victim``), with what air again called for
    (``air``, R9.2)."""

    model_config = _FROZEN

    saving: Rescue
    applied: FatigueApplied | None
    saved_fight: Encounter
    """The fight with the victim saved (as it was when he was not), for a rescuer who is not
    one of its fighters."""
    victim: str | None = None
    """The name of the fighter brought out of the water."""
    air: AirAgain | None = None

    @property
    def encounter(self) -> Encounter:
        return self.applied.encounter if self.applied is not None else self.saved_fight

    def detail(self) -> dict[str, object]:
        found = self.applied.detail() if self.applied is not None else {}
        if self.victim is not None:
            found = {**found, "victim": self.victim}
        return {**found, "rescued": self.saving.saved}


def rescue_on(
    encounter: Encounter,
    rescuer_id: str | None,
    *,
    victim_id: str | None = None,
    swimming: int | None = None,
    st: int | None = None,
    victim_st: int | None = None,
    roller: DiceRoller,
    options: RuleOptions,
) -> RescueTaken:
    """R9.5 (:func:`~rules.breath.rescue`): the rescuer's Swimming and ST, the victim's ST,
    each given or else read from the fighter's sheet as the fight has it (Swimming: HT-4
    without the skill; refused with neither given nor a fighter named); the FP a failure
    costs a rescuer who is a fighter is charged in the same change (R8.1-R8.3). A victim
    of the fight who is saved comes out of the water in that change too
    (:func:`_pulled_out`). Nobody rescues himself."""
    if rescuer_id is not None and rescuer_id == victim_id:
        name = encounter.get(rescuer_id).name
        raise RuleError("breath.error.rescue_self", f"{name} cannot rescue himself", name=name)
    rescuer = encounter.get(rescuer_id).combatant if rescuer_id is not None else None
    victim = encounter.get(victim_id).combatant if victim_id is not None else None
    level = swimming if swimming is not None else (swimming_level(rescuer) if rescuer else None)
    if level is None:
        raise _swimming_needed()
    saving = rescue(
        level,
        rescuer_st=_st(st, rescuer),
        victim_st=_st(victim_st, victim),
        roller=roller,
        options=options,
    )
    victim_name = air = None
    if saving.saved and victim_id is not None:
        encounter, air = _pulled_out(encounter, victim_id, roller=roller, options=options)
        victim_name = encounter.get(victim_id).name
    applied = None
    if rescuer_id is not None:
        applied = change_fp(
            encounter,
            rescuer_id,
            saving.fp_lost,
            roller=roller,
            options=options,
            noted={"rescued": saving.saved},
        )
    return RescueTaken(
        saving=saving, applied=applied, saved_fight=encounter, victim=victim_name, air=air
    )


def _pulled_out(
    encounter: Encounter, victim_id: str, *, roller: DiceRoller, options: RuleOptions
) -> tuple[Encounter, AirAgain | None]:
    """Out of the water, saved (R9.5) or getting out himself (``/breath drown leave``): no
    Swimming rolls, no footing in it (R9.3, R13.4, R13.5) and his head above it, so a held
    breath ends and a brain-death clock stops (R9.2, R9.4: "unless rescued"), with R9.2's
    First Aid and HT rolls
    (:func:`~rules.breath.come_up`); a choke still on his throat keeps the air from him
    (R11.10)."""
    fighter = out_of_water(encounter.get(victim_id))
    choked = any(h.held_id == victim_id and h.choking for h in encounter.holds)
    sheet, air = come_up(fighter.combatant, choked=choked, roller=roller, options=options)
    return encounter.replace(fighter.with_sheet(sheet)), air


def _st(given: int | None, sheet: Combatant | None) -> int:
    """An ST given, else the sheet's; refused with neither."""
    if given is not None:
        return given
    if sheet is None:
        raise RuleError("environment.error.st_needed", "no ST given and no fighter named")
    return sheet.attributes.st
