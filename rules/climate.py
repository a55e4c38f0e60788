"""Heat and cold (R10.9-R10.14).

- R10.9: stressful activity at the top of the comfort zone calls for HT (or Survival
  (Desert)) rolls every 30 minutes, at -1 per encumbrance level and per 5 °C above it; a
  failure costs 1 FP, a critical failure 1d; hotter bands add FP to every loss from
  exertion or dehydration: :func:`heat`, :func:`heat_surcharge`.
- R10.10: intense heat: after DR × 3 seconds, HT every second or 1 FP:
  :func:`intense_heat`.
- R10.11: a full day of strong sun unprotected: :func:`sunburn`.
- R10.12: armor stops sunburn and gives its full DR against burning damage; it stops heat
  FP only with Temperature Tolerance (the heat rolls ignore it otherwise).
- R10.13: below 0 °C, HT (or Survival (Arctic)) every 30, 15 or 10 minutes by the wind,
  with the clothing table: :func:`cold`.
- R10.14: sudden icy water: HT every minute, 1 FP on a success, the margin on a failure:
  :func:`thermal_shock`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.checks import Outcome, success_roll
from rules.combatant import Combatant, DRProfile
from rules.damage import DamageSpec, DamageType
from rules.dice import DiceExpression
from rules.errors import RuleError
from rules.injury import InjuryOutcome, apply_hit
from rules.options import RuleOptions
from rules.records import Modifier, RollRecord
from rules.roller import DiceRoller
from rules.schedule import rolls_for

__all__ = [
    "COLD_CLOTHING",
    "COMFORT_TOP_C",
    "ColdClothing",
    "ColdExposure",
    "HeatExposure",
    "IntenseHeat",
    "Skin",
    "Sunburn",
    "ThermalShock",
    "WeatherRoll",
    "beyond_heat_table",
    "cold",
    "cold_interval_minutes",
    "cold_modifiers",
    "heat",
    "heat_modifiers",
    "heat_surcharge",
    "intense_heat",
    "intense_heat_second",
    "sunburn",
    "sunburn_hit",
    "thermal_shock",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")

COMFORT_TOP_C: Final = 32.0
"""The top of a human's comfort zone, °C (R10.9); its top 5 °C are 27-32 °C."""
COMFORT_BAND_C: Final = 5.0
COLD_BELOW_C: Final = 0.0
"""A human rolls against the cold below this, °C (R10.13)."""
_FIRST_BAND: Final = 15.0
HEAT_TABLE_TOP: Final = 33.0
"""R10.9's table ends 33 °C above the comfort zone (65 °C for a human); hotter is left to
the GM and R10.10's intense heat (the catalog's reading)."""
HEAT_INTERVAL_MINUTES: Final = 30


def _negative(field: str, value: float) -> RuleError:
    return RuleError(
        "environment.negative",
        f"{field} cannot be negative (got {value})",
        field=field,
        value=value,
    )


def heat_surcharge(temperature: float, comfort_top: float = COMFORT_TOP_C) -> int:
    """R10.9: FP more on every FP lost to exertion or dehydration in the heat.

    Each band includes its upper end (the catalog's reading): none up to 32 °C, 1 above it
    up to 47 °C (15 °C over the comfort zone), 2 above that up to 65 °C. Past 65 °C the seed
    says nothing (:func:`beyond_heat_table`): 2 is kept as the least it costs, and the
    answer leaves the rest to the GM and R10.10.
    """
    over = temperature - comfort_top
    if over <= 0:
        return 0
    if over <= _FIRST_BAND:
        return 1
    return 2


def beyond_heat_table(temperature: float, comfort_top: float = COMFORT_TOP_C) -> bool:
    """R10.9 stops 33 °C above the comfort zone (65 °C for a human): hotter than that is not
    covered, "GM and R10.10" (the catalog's reading). 65 °C is in the table; 70 °C is not."""
    return temperature - comfort_top > HEAT_TABLE_TOP


class WeatherRoll(BaseModel):
    """One roll against the weather and the FP it cost."""

    model_config = _FROZEN

    minute: int
    """When it was made, in minutes from the start."""
    roll: RollRecord
    fp_lost: int
    loss_faces: tuple[int, ...] = ()
    """The 1d of FP a critical failure in the heat costs (R10.9)."""


def _best(ht: int, skill: int | None, name: str) -> tuple[str, int]:
    return (name, skill) if skill is not None and skill > ht else ("ht", ht)


# --------------------------------------------------------------------------- R10.9


def heat_modifiers(
    temperature: float, encumbrance: int, comfort_top: float = COMFORT_TOP_C
) -> tuple[Modifier, ...]:
    """R10.9's penalties: the encumbrance level, and -1 per full 5 °C above the top of the
    comfort zone (the catalog's reading). 42 °C, Medium: -2 and -2."""
    found: list[Modifier] = []
    if encumbrance:
        found.append(Modifier("encumbrance", -encumbrance, "R10.9"))
    steps = int(max(0.0, temperature - comfort_top) // COMFORT_BAND_C)
    if steps:
        found.append(Modifier("temperature", -steps, "R10.9"))
    return tuple(found)


class HeatExposure(BaseModel):
    """R10.9: the rolls for a stretch of stressful activity in the heat."""

    model_config = _FROZEN

    temperature: float
    minutes: int
    stressful: bool
    applies: bool
    """Stressful activity in the top 5 °C of the comfort zone or above."""
    attribute: str
    modifiers: tuple[Modifier, ...]
    rolls: tuple[WeatherRoll, ...]
    fp_lost: int
    surcharge: int
    """FP more per exertion or dehydration loss at this temperature."""
    rule_ids: tuple[str, ...]
    beyond_table: bool = False
    """Hotter than R10.9's table goes (65 °C for a human): the GM's call, and R10.10."""


def heat(
    temperature: float,
    minutes: int,
    *,
    ht: int,
    survival: int | None = None,
    encumbrance: int = 0,
    stressful: bool = True,
    comfort_top: float = COMFORT_TOP_C,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> HeatExposure:
    """R10.9: in the shade and at rest nothing happens; stressful activity from 5 °C below
    the top of the comfort zone (27 °C for a human) calls for a roll against HT or Survival
    (Desert), whichever is better, every full 30 minutes; a failure costs 1 FP, a critical
    failure 1d. Armor does not help unless it grants Temperature Tolerance (R10.12).

    42 °C, 2 hours marching with Medium encumbrance: 4 rolls at -2 - 2 = -4.
    """
    if minutes < 0:
        raise _negative("minutes", minutes)
    rule_options = options if options is not None else RuleOptions()
    applies = stressful and temperature >= comfort_top - COMFORT_BAND_C
    attribute, base = _best(ht, survival, "survival")
    modifiers = heat_modifiers(temperature, encumbrance, comfort_top)
    target = base + sum(modifier.value for modifier in modifiers)
    rolls: list[WeatherRoll] = []
    if applies:
        for index in range(1, rolls_for(minutes, HEAT_INTERVAL_MINUTES) + 1):
            roll = RollRecord.of(
                attribute,
                base,
                modifiers,
                success_roll(target, roller, rule_options),
                rule_id="R10.9",
            )
            lost = 0
            faces: tuple[int, ...] = ()
            if roll.outcome is Outcome.CRITICAL_FAILURE:
                result = DiceExpression.of(1).roll(roller)
                lost, faces = result.total, result.dice
            elif not roll.succeeded:
                lost = 1
            rolls.append(
                WeatherRoll(
                    minute=index * HEAT_INTERVAL_MINUTES, roll=roll, fp_lost=lost, loss_faces=faces
                )
            )
    surcharge = heat_surcharge(temperature, comfort_top)
    return HeatExposure(
        temperature=temperature,
        minutes=minutes,
        stressful=stressful,
        applies=applies,
        attribute=attribute,
        modifiers=modifiers,
        rolls=tuple(rolls),
        fp_lost=sum(roll.fp_lost for roll in rolls),
        surcharge=surcharge,
        rule_ids=("R10.9",),
        beyond_table=beyond_heat_table(temperature, comfort_top),
    )


# --------------------------------------------------------------------------- R10.10


class IntenseHeat(BaseModel):
    """R10.10: the safe seconds, then one HT roll a second."""

    model_config = _FROZEN

    dr: int
    seconds: int
    safe_seconds: int
    rolls: tuple[RollRecord, ...]
    fp_lost: int
    rule_ids: tuple[str, ...] = ("R10.10",)


INTENSE_HEAT_SAFE_PER_DR: Final = 3
"""R10.10: seconds of intense heat each point of DR keeps him safe."""


def intense_heat_second(
    elapsed: int,
    dr: int,
    *,
    ht: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> RollRecord | None:
    """R10.10, his ``elapsed``-th second in intense heat: nothing while his DR × 3 safe
    seconds last, then an HT roll (a failure costs 1 FP)."""
    if elapsed <= INTENSE_HEAT_SAFE_PER_DR * dr:
        return None
    rule_options = options if options is not None else RuleOptions()
    return RollRecord.of("ht", ht, (), success_roll(ht, roller, rule_options), rule_id="R10.10")


def intense_heat(
    dr: int,
    seconds: int,
    *,
    ht: int,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> IntenseHeat:
    """R10.10: in intense heat (a furnace, the inside of a blaze: the GM's call, the seed's
    "nine times the comfort zone" being no usable number) he is safe for DR × 3 seconds
    (his torso armor's DR, the catalog's reading), then rolls HT every second or loses
    1 FP. DR 4: safe for 12 s."""
    if dr < 0:
        raise _negative("dr", dr)
    if seconds < 0:
        raise _negative("seconds", seconds)
    rule_options = options if options is not None else RuleOptions()
    safe = INTENSE_HEAT_SAFE_PER_DR * dr
    rolls = tuple(
        roll
        for second in range(1, seconds + 1)
        if (roll := intense_heat_second(second, dr, ht=ht, roller=roller, options=rule_options))
        is not None
    )
    return IntenseHeat(
        dr=dr,
        seconds=seconds,
        safe_seconds=safe,
        rolls=rolls,
        fp_lost=sum(1 for roll in rolls if not roll.succeeded),
    )


# --------------------------------------------------------------------------- R10.11


class Skin(StrEnum):
    """R10.11's skins."""

    ALBINO = "albino"
    LIGHT = "light"
    DARK = "dark"


class Sunburn(BaseModel):
    """R10.11: a full day of strong sun with no protection."""

    model_config = _FROZEN

    skin: Skin
    protected: bool
    """Armor (or other cover) prevents it (R10.12)."""
    faces: tuple[int, ...]
    damage: int
    nearly_dead: bool
    """An albino: "nearly dead", the GM's to settle."""
    rule_ids: tuple[str, ...]


SUNBURN_DICE: Final = DiceExpression.of(1, -3)


def sunburn(skin: Skin, roller: DiceRoller, *, protected: bool = False) -> Sunburn:
    """R10.11: light skin takes 1d-3 (at least 0, G7), an albino is nearly dead, dark skin
    only itches; armor prevents it (R10.12)."""
    rule_ids = ["R10.11"]
    if protected:
        rule_ids.append("R10.12")
        return Sunburn(
            skin=skin,
            protected=True,
            faces=(),
            damage=0,
            nearly_dead=False,
            rule_ids=tuple(rule_ids),
        )
    faces: tuple[int, ...] = ()
    damage = 0
    if skin is Skin.LIGHT:
        result = SUNBURN_DICE.roll(roller)
        faces, damage = result.dice, max(0, result.total)
    return Sunburn(
        skin=skin,
        protected=False,
        faces=faces,
        damage=damage,
        nearly_dead=skin is Skin.ALBINO,
        rule_ids=tuple(rule_ids),
    )


def sunburn_hit(
    target: Combatant, burnt: Sunburn, roller: DiceRoller, options: RuleOptions | None = None
) -> InjuryOutcome:
    """The sunburn through the injury pipeline: burning, large-area, on skin no armor covered
    (armor would have prevented it, R10.12). The outcome's ``state`` is his new state."""
    bare = target.model_copy(update={"dr": DRProfile()})
    spec = DamageSpec(
        basic_damage=burnt.damage, damage_type=DamageType.BURN, large_area=True, environmental=True
    )
    return apply_hit(bare, spec, roller, options if options is not None else RuleOptions())


# --------------------------------------------------------------------------- R10.13


class ColdClothing(StrEnum):
    """R10.13's clothing rows (one of them; wet clothing stacks on any)."""

    LIGHT = "light"
    WINTER = "winter"
    ARCTIC = "arctic"
    HEATED = "heated"


COLD_CLOTHING: Final = {
    ColdClothing.LIGHT: -5,
    ColdClothing.WINTER: 0,
    ColdClothing.ARCTIC: 5,
    ColdClothing.HEATED: 10,
}
"""R10.13's table: no or light clothing -5, normal winter clothing +0, clothing for very
cold climates +5, a heated suit +10."""
WET_CLOTHING: Final = -5
BITTER_COLD_C: Final = -18.0


def cold_interval_minutes(wind_kmh: float) -> int:
    """R10.13: a roll every 30 minutes; 15 in a wind of 15 km/h or more, 10 at 50 km/h."""
    if wind_kmh >= 50:
        return 10
    if wind_kmh >= 15:
        return 15
    return 30


def cold_modifiers(
    temperature: float, clothing: ColdClothing, *, wet: bool = False
) -> tuple[Modifier, ...]:
    """R10.13's table: the clothing row, -5 more for wet clothing (it stacks: the catalog's
    reading) and -1 per full 5 °C of effective temperature below -18 °C.

    -30 °C, normal winter clothing, wet: 0 - 5 - 2 = -7.
    """
    found: list[Modifier] = []
    if COLD_CLOTHING[clothing]:
        found.append(Modifier(f"clothing_{clothing.value}", COLD_CLOTHING[clothing], "R10.13"))
    if wet:
        found.append(Modifier("wet_clothing", WET_CLOTHING, "R10.13"))
    steps = int(max(0.0, BITTER_COLD_C - temperature) // 5)
    if steps:
        found.append(Modifier("temperature", -steps, "R10.13"))
    return tuple(found)


class ColdExposure(BaseModel):
    """R10.13: the rolls for a stretch in the cold."""

    model_config = _FROZEN

    temperature: float
    wind_kmh: float
    minutes: int
    applies: bool
    """Below 0 °C."""
    interval: int
    attribute: str
    modifiers: tuple[Modifier, ...]
    rolls: tuple[WeatherRoll, ...]
    fp_lost: int
    rule_ids: tuple[str, ...] = ("R10.13",)


def cold(
    temperature: float,
    minutes: int,
    *,
    ht: int,
    survival: int | None = None,
    wind_kmh: float = 0,
    clothing: ColdClothing = ColdClothing.WINTER,
    wet: bool = False,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> ColdExposure:
    """R10.13: below 0 °C (effective temperature, wind chill included: the GM's), a roll
    against HT or Survival (Arctic), whichever is better, every full interval; each failure
    costs 1 FP, regained only with shelter and a heat source. The table applies only below
    0 °C."""
    if minutes < 0:
        raise _negative("minutes", minutes)
    if wind_kmh < 0:
        raise _negative("wind", wind_kmh)
    rule_options = options if options is not None else RuleOptions()
    applies = temperature < COLD_BELOW_C
    interval = cold_interval_minutes(wind_kmh)
    attribute, base = _best(ht, survival, "survival")
    modifiers = cold_modifiers(temperature, clothing, wet=wet)
    target = base + sum(modifier.value for modifier in modifiers)
    rolls: list[WeatherRoll] = []
    if applies:
        for index in range(1, rolls_for(minutes, interval) + 1):
            roll = RollRecord.of(
                attribute,
                base,
                modifiers,
                success_roll(target, roller, rule_options),
                rule_id="R10.13",
            )
            rolls.append(
                WeatherRoll(minute=index * interval, roll=roll, fp_lost=0 if roll.succeeded else 1)
            )
    return ColdExposure(
        temperature=temperature,
        wind_kmh=wind_kmh,
        minutes=minutes,
        applies=applies,
        interval=interval,
        attribute=attribute,
        modifiers=modifiers,
        rolls=tuple(rolls),
        fp_lost=sum(roll.fp_lost for roll in rolls),
    )


# --------------------------------------------------------------------------- R10.14


class ThermalShock(BaseModel):
    """R10.14: minutes in icy water, one HT roll each."""

    model_config = _FROZEN

    minutes: int
    dry_suit: bool
    rolls: tuple[WeatherRoll, ...]
    fp_lost: int
    rule_ids: tuple[str, ...]


def thermal_shock(
    minutes: int,
    *,
    ht: int,
    dry_suit: bool = False,
    roller: DiceRoller,
    options: RuleOptions | None = None,
) -> ThermalShock:
    """R10.14: sudden immersion in icy water: HT once a minute, unmodified by clothing;
    a success costs 1 FP, a failure the margin of failure. In a waterproof diving suit only
    the cold's usual effects apply (R10.13): no rolls here.

    HT 11 for three minutes rolling 9, 14, 11: 1 + 3 + 1 = 5 FP.
    """
    if minutes < 0:
        raise _negative("minutes", minutes)
    rule_options = options if options is not None else RuleOptions()
    rolls: list[WeatherRoll] = []
    if not dry_suit:
        for minute in range(1, rolls_for(minutes, 1) + 1):
            roll = RollRecord.of(
                "ht", ht, (), success_roll(ht, roller, rule_options), rule_id="R10.14"
            )
            # A failure costs its margin; an automatic failure (17 or 18) at least 1.
            lost = 1 if roll.succeeded else max(1, roll.total - roll.target)
            rolls.append(WeatherRoll(minute=minute, roll=roll, fp_lost=lost))
    return ThermalShock(
        minutes=minutes,
        dry_suit=dry_suit,
        rolls=tuple(rolls),
        fp_lost=sum(roll.fp_lost for roll in rolls),
        rule_ids=("R10.14", "R10.13") if dry_suit else ("R10.14",),
    )
