"""Rapid fire: several shots in one attack roll (A.11, the Basic Set's B373-B375).

A weapon's rate of fire (RoF) is the most shots one attack may fire; its recoil (Rcl) says
how many more of them hit per point the roll is made by. The rules here are pure numbers:

- the bonus to the attack roll for the shots fired (:func:`rapid_fire_bonus`);
- the hits of a successful roll: 1, plus 1 per full Rcl of margin, at most the shots fired
  (:func:`hits_by_margin`);
- the hits a successful defense stops: a Dodge 1 plus 1 per full point of margin, a Parry or
  a Block only one (:func:`hits_stopped`).

Shotgun multipliers (``3x9``) count only the shots (3); the pellets are not followed.
"""

from __future__ import annotations

import re
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import RuleError
from rules.maneuver import DefenseKind

__all__ = [
    "ERROR_KEYS",
    "RULE_ID",
    "RapidFire",
    "hits_by_margin",
    "hits_stopped",
    "rapid_fire",
    "rapid_fire_bonus",
    "rate_of_fire",
    "recoil",
]

RULE_ID: Final = "A.11"
"""The Basic Set's rapid fire, which the rules summary leaves unstated."""

ERROR_KEYS: Final = frozenset({"rapid_fire.too_many_shots"})
"""Every :class:`RuleError` key this module raises."""

_LEADING_NUMBER: Final = re.compile(r"\s*(\d+)")

_BONUS_STEPS: Final = ((5, 1), (9, 2), (13, 3), (17, 4), (25, 5), (50, 6))
"""A.11: the fewest shots that give each bonus (2-4 shots: none)."""


def _leading(text: str) -> int | None:
    found = _LEADING_NUMBER.match(text)
    return int(found.group(1)) if found else None


def rate_of_fire(text: str) -> int:
    """The most shots one attack fires, from the weapon table's RoF (``3``, ``20!``, ``3x9``,
    ``1(3)``): its leading number; a weapon with none (a blank or ``-``) fires one."""
    return max(1, _leading(text) or 1)


def recoil(text: str) -> int:
    """The weapon table's Rcl (``2``, ``3``): a weapon with none listed counts as Rcl 1."""
    return max(1, _leading(text) or 1)


def rapid_fire_bonus(shots: int) -> int:
    """A.11: the attack roll's bonus for ``shots`` fired: +0 for up to 4, +1 for 5-8, +2 for
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
    """A.11: a successful roll hits once, plus once per full ``recoil`` of ``margin``, and
    never more than the ``shots`` fired."""
    return min(shots, 1 + max(0, margin) // max(1, recoil))


def hits_stopped(kind: DefenseKind, margin: int, hits: int) -> int:
    """A.11: the hits a successful defense stops: a Dodge one plus one per full point of
    ``margin``; a Parry or a Block only one. Never more than the ``hits``."""
    if kind is DefenseKind.dodge:
        return min(hits, 1 + max(0, margin))
    return min(hits, 1)


class RapidFire(BaseModel):
    """Several shots in one attack: how many, the weapon's RoF and Rcl, the bonus they gave
    and, once rolled, how many hit."""

    model_config = ConfigDict(frozen=True)

    shots: int = Field(ge=2)
    rate: int
    recoil: int
    bonus: int
    hits: int = 0
    rule_id: str = RULE_ID


def rapid_fire(shots: int, rof_text: str, rcl_text: str, *, weapon: str) -> RapidFire | None:
    """The burst of ``shots`` from a weapon whose table says ``rof_text`` and ``rcl_text``;
    ``None`` for a single shot. More than the weapon's RoF is refused
    (``rapid_fire.too_many_shots``)."""
    rate = rate_of_fire(rof_text)
    if shots > rate:
        raise RuleError(
            "rapid_fire.too_many_shots",
            f"{weapon} fires at most {rate} shots a turn (RoF), not {shots}",
            weapon=weapon,
            rate=rate,
            shots=shots,
        )
    if shots <= 1:
        return None
    return RapidFire(shots=shots, rate=rate, recoil=recoil(rcl_text), bonus=rapid_fire_bonus(shots))
