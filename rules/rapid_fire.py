"""Rapid fire: several shots in one attack roll (the Basic Set's B373-B375, and B269 for
weapons that fire only on full auto). The rules summary does not state rapid fire, so it is
cited by its Basic Set pages.

A weapon's rate of fire (RoF) is the most shots one attack may fire; its recoil (Rcl) says
how many more of them hit per point the roll is made by. The rules here are pure numbers:

- the bonus to the attack roll for the shots fired (:func:`rapid_fire_bonus`);
- the hits of a successful roll: 1, plus 1 per full Rcl of margin, at most the shots fired
  (:func:`hits_by_margin`);
- the hits a successful defense stops: a Dodge 1 plus 1 per full point of margin, a Parry or
  a Block only one (:func:`hits_stopped`).

A shotgun's RoF ``3x9`` fires 3 shots of 9 projectiles each: the shots times the projectiles
(27) give the bonus and cap the hits, and each projectile that hits rolls its own damage
(B373, B409). A RoF ending in ``!`` (``20!``) fires only on full auto: at least a quarter of
the RoF, rounded up (B269).
"""

from __future__ import annotations

import functools
import re
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import RuleError
from rules.maneuver import DefenseKind

__all__ = [
    "DEFENSE_RULE_ID",
    "ERROR_KEYS",
    "MAX_SHOTS",
    "POINT_BLANK_RULE_ID",
    "RULE_ID",
    "PointBlank",
    "RapidFire",
    "RateOfFire",
    "check_rate_of_fire",
    "hits_by_margin",
    "hits_stopped",
    "minimum_shots",
    "parse_rate_of_fire",
    "point_blank",
    "rapid_fire",
    "rapid_fire_bonus",
    "rate_of_fire",
    "recoil",
]

RULE_ID: Final = "B373"
"""The Basic Set page of rapid fire (the bonus and the hits), which the rules summary leaves
unstated; cited by page, as other Basic-Set-only rules are."""

DEFENSE_RULE_ID: Final = "B375"
"""The Basic Set page of defending against rapid fire."""

MAX_SHOTS: Final = 999
"""The most shots one attack may fire: the ``/shoot shots:`` maximum, and the highest RoF a
weapon may list."""

ERROR_KEYS: Final = frozenset(
    {
        "rapid_fire.too_many_shots",  #     weapon, rate, shots
        "rapid_fire.too_many_shots_one",  # weapon, rate, shots
        "rapid_fire.too_few_shots",  #      weapon, rof, minimum, shots
        "rapid_fire.rof_too_high",  #       rof, maximum
    }
)
"""Every :class:`RuleError` key this module raises."""

_LEADING_NUMBER: Final = re.compile(r"\s*(\d+)")
_RATE: Final = re.compile(r"\s*(\d+)\s*(!?)\s*(?:[x×*]\s*(\d+))?", re.IGNORECASE)

_BONUS_STEPS: Final = ((5, 1), (9, 2), (13, 3), (17, 4), (25, 5), (50, 6))
"""B373: the fewest shots that give each bonus (2-4 shots: none)."""


def _leading(text: str) -> int | None:
    found = _LEADING_NUMBER.match(text)
    return int(found.group(1)) if found else None


class RateOfFire(BaseModel):
    """A weapon table's RoF read: the most shots, the projectiles each shot fires (a
    shotgun's ``3x9``: 9) and whether it fires only on full auto (``20!``)."""

    model_config = ConfigDict(frozen=True)

    shots: int = Field(ge=1)
    projectiles: int = Field(default=1, ge=1)
    full_auto_only: bool = False

    @property
    def minimum(self) -> int:
        """The fewest shots an attack fires: a quarter of the RoF, rounded up, for a
        full-auto-only weapon (B269); one for any other."""
        return minimum_shots(self.shots) if self.full_auto_only else 1

    @property
    def text(self) -> str:
        """The RoF as the weapon table prints it (``3x9``, ``20!``, ``3``)."""
        mark = "!" if self.full_auto_only else ""
        times = f"x{self.projectiles}" if self.projectiles > 1 else ""
        return f"{self.shots}{mark}{times}"


@functools.lru_cache(maxsize=256)  # a pure function of a weapon's few RoF texts; frozen result
def parse_rate_of_fire(text: str) -> RateOfFire:
    """The weapon table's RoF (``3``, ``20!``, ``3x9``, ``1(3)``); a weapon with none (a
    blank or ``-``) fires one shot of one projectile."""
    found = _RATE.match(text)
    if found is None:
        return RateOfFire(shots=1)
    return RateOfFire(
        shots=max(1, int(found.group(1))),
        projectiles=max(1, int(found.group(3) or 1)),
        full_auto_only=bool(found.group(2)),
    )


def rate_of_fire(text: str) -> int:
    """The most shots one attack fires, from the weapon table's RoF: its leading number."""
    return parse_rate_of_fire(text).shots


def check_rate_of_fire(text: str) -> None:
    """A weapon's RoF no attack could fire in full is refused (``rapid_fire.rof_too_high``):
    ``/shoot`` fires at most :data:`MAX_SHOTS` shots."""
    if parse_rate_of_fire(text).shots > MAX_SHOTS:
        raise RuleError(
            "rapid_fire.rof_too_high",
            f"a RoF of {text.strip()} is more than the {MAX_SHOTS} shots an attack fires",
            rof=text.strip(),
            maximum=MAX_SHOTS,
        )


def minimum_shots(rate: int) -> int:
    """B269: a weapon that fires only on full auto fires at least a quarter of its RoF,
    rounded up (RoF 20! -> 5)."""
    return max(1, -(-rate // 4))


def recoil(text: str) -> int:
    """The weapon table's Rcl (``2``, ``3``): a weapon with none listed counts as Rcl 1."""
    return max(1, _leading(text) or 1)


def rapid_fire_bonus(shots: int) -> int:
    """B373: the attack roll's bonus for ``shots`` fired: +0 for up to 4, +1 for 5-8, +2 for
    9-12, +3 for 13-16, +4 for 17-24, +5 for 25-49, +6 for 50-99, and +1 more each time the
    shots double after that."""
    bonus = 0
    for fewest, value in _BONUS_STEPS:
        if shots >= fewest:
            bonus = value
    doubled = 100
    while shots >= doubled:
        bonus += 1
        doubled *= 2
    return bonus


def hits_by_margin(margin: int, recoil: int, shots: int) -> int:
    """B373: a successful roll hits once, plus once per full ``recoil`` of ``margin``, and
    never more than the ``shots`` fired (for a shotgun, the projectiles fired)."""
    return min(shots, 1 + max(0, margin) // max(1, recoil))


def hits_stopped(kind: DefenseKind, margin: int, hits: int) -> int:
    """B375: the hits a successful defense stops: a Dodge one plus one per full point of
    ``margin``; a Parry or a Block only one. Never more than the ``hits``."""
    if kind is DefenseKind.dodge:
        return min(hits, 1 + max(0, margin))
    return min(hits, 1)


class RapidFire(BaseModel):
    """Several shots (or projectiles) in one attack: how many, the weapon's RoF and Rcl, the
    bonus they gave and, once rolled, how many hit."""

    model_config = ConfigDict(frozen=True)

    shots: int = Field(ge=1)
    rate: int
    recoil: int
    bonus: int
    hits: int = 0
    projectiles: int = 1
    """Projectiles each shot fires: a shotgun's ``3x9`` fires 9 (B373, B409)."""
    full_auto_only: bool = False
    point_blank: bool = False
    """Closer than a tenth of ½D: the projectiles have not spread, each shot is one hit
    (B409)."""
    rule_id: str = RULE_ID

    @property
    def fired(self) -> int:
        """What the bonus and the hits count: the shots times the projectiles of each, or
        only the shots at point blank (B409)."""
        return self.shots if self.point_blank else self.shots * self.projectiles

    @property
    def rof(self) -> str:
        """The weapon's RoF as its table prints it (``3x9``, ``20!``)."""
        return RateOfFire(
            shots=self.rate, projectiles=self.projectiles, full_auto_only=self.full_auto_only
        ).text


def rapid_fire(
    shots: int, rof_text: str, rcl_text: str, *, weapon: str, point_blank: bool = False
) -> RapidFire | None:
    """The burst of ``shots`` from a weapon whose table says ``rof_text`` and ``rcl_text``;
    ``None`` for a single shot of a single projectile, or of several ``point_blank``, where
    they count as one (B409). More than the weapon's RoF is refused
    (``rapid_fire.too_many_shots``), and fewer than a full-auto-only weapon's quarter of its
    RoF (``rapid_fire.too_few_shots``, B269)."""
    rate = parse_rate_of_fire(rof_text)
    if shots > rate.shots:
        raise RuleError(
            "rapid_fire.too_many_shots_one" if rate.shots == 1 else "rapid_fire.too_many_shots",
            f"{weapon} fires at most {rate.shots} shots a turn (RoF), not {shots}",
            weapon=weapon,
            rate=rate.shots,
            shots=shots,
        )
    if shots < rate.minimum:
        raise RuleError(
            "rapid_fire.too_few_shots",
            f"{weapon} fires only on full auto: at least {rate.minimum} shots, not {shots}",
            weapon=weapon,
            rof=rate.text,
            minimum=rate.minimum,
            shots=shots,
        )
    fired = shots if point_blank else shots * rate.projectiles
    if fired <= 1:
        return None
    return RapidFire(
        shots=shots,
        rate=rate.shots,
        recoil=recoil(rcl_text),
        bonus=rapid_fire_bonus(fired),
        projectiles=rate.projectiles,
        full_auto_only=rate.full_auto_only,
        point_blank=point_blank,
    )


POINT_BLANK_RULE_ID: Final = "B409"
"""The Basic Set page of multiple projectiles at close range; the summary is silent."""


class PointBlank(BaseModel):
    """B409: a multiple-projectile shot (RoF ``3x9``) closer than a tenth of its ½D. The
    projectiles have not spread: the RoF multiplier is not applied to the shots, and each
    hit multiplies both the basic damage dice (and adds) and the target's DR by half the
    projectiles, rounded down (9 -> 4: 1d+1 becomes 4d+4 against DR x4)."""

    model_config = ConfigDict(frozen=True)

    projectiles: int
    factor: int
    rule_id: str = POINT_BLANK_RULE_ID


def point_blank(rof_text: str, close: bool) -> PointBlank | None:
    """B409's close-range shot of a multiple-projectile weapon; ``None`` when the weapon
    fires one projectile a shot or the target is not that close."""
    if not close:
        return None  # most blows: no RoF to read
    rate = parse_rate_of_fire(rof_text)
    if rate.projectiles <= 1:
        return None
    return PointBlank(projectiles=rate.projectiles, factor=max(1, rate.projectiles // 2))
