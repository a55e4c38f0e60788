"""Ammunition: the rounds a missile weapon holds, spent as it fires and reloaded by Ready.

The rules summary is silent on a weapon's Shots, so this follows the Basic Set (B269, the
weapon tables' Shots column; B409 for multiple projectiles), cited by page:

- ``Shots`` gives the rounds the weapon holds, ``+1`` more in the chamber (``30+1``), and
  in parentheses the seconds of Ready maneuvers a reload takes (``30+1(3)``); an ``i``
  there (``8(3i)``) loads the rounds one at a time, that many seconds each.
- A shot spends one round, a burst one per shot; a shotgun's ``3x9`` spends one round per
  shot, not per projectile (B409).
- A weapon without Shots (a bow whose sheet leaves it empty, a melee weapon), or a thrown
  one (``T(1)``), is not counted.

A weapon that fires only on full auto (RoF ``20!``) with fewer rounds than its shortest
burst (a quarter of its RoF) cannot fire at all until reloaded (B269).

A magazine reload puts in a full magazine; a round left in the chamber stays there (the
``+1``): 4 rounds left in a ``30+1`` rifle reload to 31, an empty one to 30. A reload
the sheet gives no time for (no parentheses, or ``(-)``) cannot be made in combat.
Reloading is a Ready with a missile weapon: only Dodge until his next turn, and a Dodge
made then takes back that turn's second of loading (R5.5, the catalog's reading): the
rounds and the seconds return to where they were before the Ready (:func:`lose_reload`).

Pure: :func:`parse_shots` reads the text, :func:`spend` and :func:`reload_second` take the
rounds and seconds kept on the :class:`~rules.turn.TurnState` and return the new ones with
a frozen outcome; :func:`lose_reload` undoes a turn's reloading.
"""

from __future__ import annotations

import re
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from rules.combatant import Weapon
from rules.errors import RuleError
from rules.rapid_fire import parse_rate_of_fire

__all__ = [
    "DODGE_RULE_ID",
    "ERROR_KEYS",
    "RULE_ID",
    "Ammunition",
    "Reload",
    "ReloadBefore",
    "ReloadLost",
    "Shots",
    "check_loaded",
    "check_shots",
    "is_thrown",
    "lose_reload",
    "parse_shots",
    "reload_second",
    "rounds_left",
    "spend",
]

RULE_ID: Final = "B269"
"""The Basic Set page of a weapon's Shots (rounds, reload seconds); the summary is silent."""

DODGE_RULE_ID: Final = "R5.5"
"""A Dodge while readying a missile weapon: that turn does not count toward its loading."""

ERROR_KEYS: Final = frozenset(
    {
        "ammunition.bad_shots",  #     text
        "ammunition.empty",  #         weapon, seconds
        "ammunition.not_enough",  #    weapon, left, shots
        "ammunition.not_enough_one",  # weapon, left, shots
        "ammunition.short_of_burst",  # weapon, rof, minimum, left, capacity, seconds
        "ammunition.not_counted",  #   weapon
        "ammunition.thrown",  #        weapon, shots
        "ammunition.full",  #          weapon, rounds
        "ammunition.no_reload_time",  # weapon, shots
        "ammunition.nothing_to_reload",  # combatant
    }
)
"""Every :class:`RuleError` key this module raises."""

_SHOTS: Final = re.compile(
    r"^\s*(?P<rounds>\d{1,4})\s*(?:\+\s*(?P<chamber>\d{1,2}))?\s*"
    r"(?:\(\s*(?:(?P<seconds>\d{1,3})\s*(?P<each>i)?|-|–|—)\s*\)\s*)?$",
    re.IGNORECASE,
)
_THROWN: Final = re.compile(r"^T\s*(?:\(\s*\d*\s*\))?$", re.IGNORECASE)
"""``T(1)``: a thrown weapon, which is not counted."""
_NOT_COUNTED: Final = frozenset({"", "-", "–", "—"})


class Shots(BaseModel):
    """A weapon table's Shots read: the rounds, those in the chamber, and the reload."""

    model_config = ConfigDict(frozen=True)

    rounds: int = Field(ge=1)
    chamber: int = Field(default=0, ge=0)
    reload_seconds: int | None = Field(default=None, ge=1)
    """Seconds of Ready a reload takes; ``None``: the sheet gives none (no reload in combat)."""
    individually: bool = False
    """``(3i)``: each round is loaded by itself, ``reload_seconds`` each."""

    @property
    def capacity(self) -> int:
        """The most rounds the weapon holds: the magazine and the chamber."""
        return self.rounds + self.chamber


def parse_shots(text: str) -> Shots | None:
    """The weapon table's Shots (``1(2)``, ``30+1(3)``, ``8(3i)``, ``1``); ``None`` for a
    weapon that is not counted: no Shots (blank or ``-``) or a thrown one (``T(1)``).
    Anything else is refused (``ammunition.bad_shots``)."""
    stripped = text.strip()
    if stripped in _NOT_COUNTED or _THROWN.match(stripped):
        return None
    found = _SHOTS.match(stripped)
    if found is None or int(found["rounds"]) < 1:
        raise RuleError(
            "ammunition.bad_shots",
            f"cannot read the Shots {text!r} (e.g. 1(2), 30+1(3), 8(3i))",
            text=stripped,
        )
    seconds = found["seconds"]
    return Shots(
        rounds=int(found["rounds"]),
        chamber=int(found["chamber"] or 0),
        reload_seconds=int(seconds) if seconds and int(seconds) > 0 else None,
        individually=bool(found["each"]) and seconds is not None,
    )


def check_shots(text: str) -> None:
    """A weapon's Shots that cannot be read is refused when the weapon is made."""
    parse_shots(text)


def is_thrown(text: str) -> bool:
    """Shots ``T(1)``: a thrown weapon (the weapon tables' mark), not counted."""
    return bool(_THROWN.match(text.strip()))


def _counted(weapon: Weapon) -> Shots:
    """The weapon's Shots; a weapon not counted is refused, a thrown one saying so."""
    parsed = parse_shots(weapon.shots)
    if parsed is not None:
        return parsed
    if is_thrown(weapon.shots):
        raise RuleError(
            "ammunition.thrown",
            f"{weapon.name} is a thrown weapon: its rounds are not counted",
            weapon=weapon.name,
            shots=weapon.shots.strip(),
        )
    raise RuleError("ammunition.not_counted", f"{weapon.name} is not counted", weapon=weapon.name)


def rounds_left(weapon: Weapon, kept: dict[str, int]) -> int | None:
    """The rounds in ``weapon`` (``kept``: the fighter's counted weapons that fired since
    full, with the rounds left); ``None`` for a weapon that is not counted."""
    shots = parse_shots(weapon.shots)
    if shots is None:
        return None
    return min(shots.capacity, kept.get(weapon.name, shots.capacity))


class Ammunition(BaseModel):
    """The rounds of a counted weapon after an attack: spent, left, of its capacity."""

    model_config = ConfigDict(frozen=True)

    weapon: str
    spent: int
    left: int
    capacity: int
    rule_id: str = RULE_ID


def check_loaded(weapon: Weapon, kept: dict[str, int]) -> int:
    """The rounds in a counted ``weapon`` if it can fire at all (B269): an empty one is
    refused (``ammunition.empty``), and so is one firing only on full auto that holds fewer
    rounds than its shortest burst, a quarter of its RoF (``ammunition.short_of_burst``):
    only a reload lets it fire again. A weapon not counted is the caller's to skip."""
    parsed = _counted(weapon)
    left = min(parsed.capacity, kept.get(weapon.name, parsed.capacity))
    if left == 0:
        raise RuleError(
            "ammunition.empty",
            f"the {weapon.name} is empty: reload it (Ready, {parsed.reload_seconds} s)",
            weapon=weapon.name,
            seconds=parsed.reload_seconds or "-",
        )
    rate = parse_rate_of_fire(weapon.rate_of_fire)
    if left < rate.minimum:
        raise RuleError(
            "ammunition.short_of_burst",
            f"the {weapon.name} fires at least {rate.minimum} shots and holds {left}",
            weapon=weapon.name,
            rof=rate.text,
            minimum=rate.minimum,
            left=left,
            capacity=parsed.capacity,
            seconds=parsed.reload_seconds or "-",
        )
    return left


def spend(weapon: Weapon, kept: dict[str, int], shots: int) -> tuple[dict[str, int], Ammunition]:
    """Fire ``shots`` rounds from ``weapon`` (B269; a shotgun's shot is one round, B409):
    the new rounds kept and what was spent. A weapon that cannot fire at all is refused as
    :func:`check_loaded` says; one with fewer rounds than the shots
    (``ammunition.not_enough``) too; a weapon not counted (``ammunition.not_counted``) is
    the caller's to skip."""
    parsed = _counted(weapon)
    left = check_loaded(weapon, kept)
    if shots > left:
        raise RuleError(
            "ammunition.not_enough_one" if left == 1 else "ammunition.not_enough",
            f"the {weapon.name} has {left} rounds left, not {shots}",
            weapon=weapon.name,
            left=left,
            shots=shots,
        )
    after = left - shots
    return {**kept, weapon.name: after}, Ammunition(
        weapon=weapon.name, spent=shots, left=after, capacity=parsed.capacity
    )


class Reload(BaseModel):
    """One second (a Ready maneuver) of reloading a counted weapon (B269, R5.5)."""

    model_config = ConfigDict(frozen=True)

    weapon: str
    seconds_done: int
    """Seconds of this reload spent so far; 0 once it completed with this second."""
    seconds_needed: int
    individually: bool
    loaded: int
    """Rounds this second put in (0 while the reload goes on)."""
    left: int
    """Rounds in the weapon after this second."""
    capacity: int
    rule_id: str = RULE_ID


def reload_second(
    weapon: Weapon, kept: dict[str, int], progress: dict[str, int]
) -> tuple[dict[str, int], dict[str, int], Reload]:
    """One Ready spent reloading ``weapon``: the new rounds kept, the new seconds of
    progress kept, and the outcome. A magazine goes in when its seconds are done (a round
    in the chamber stays, B269); a weapon loaded round by round (``i``) takes one round
    each time its seconds are done. Refused for a weapon not counted, already full, or
    whose sheet gives no reload time."""
    parsed = _counted(weapon)
    left = min(parsed.capacity, kept.get(weapon.name, parsed.capacity))
    if left >= parsed.capacity:
        raise RuleError(
            "ammunition.full",
            f"the {weapon.name} is full ({left} rounds)",
            weapon=weapon.name,
            rounds=left,
        )
    if parsed.reload_seconds is None:
        raise RuleError(
            "ammunition.no_reload_time",
            f"the {weapon.name}'s Shots {weapon.shots!r} gives no reload time",
            weapon=weapon.name,
            shots=weapon.shots.strip(),
        )
    done = progress.get(weapon.name, 0) + 1
    after = left
    if done >= parsed.reload_seconds:
        after = left + 1 if parsed.individually else parsed.rounds + min(parsed.chamber, left)
        done = 0
    new_kept = {**kept, weapon.name: after}
    if after >= parsed.capacity:
        del new_kept[weapon.name]
    new_progress = {name: value for name, value in progress.items() if name != weapon.name}
    if done:
        new_progress[weapon.name] = done
    return (
        new_kept,
        new_progress,
        Reload(
            weapon=weapon.name,
            seconds_done=done,
            seconds_needed=parsed.reload_seconds,
            individually=parsed.individually,
            loaded=after - left,
            left=after,
            capacity=parsed.capacity,
        ),
    )


class ReloadBefore(BaseModel):
    """A weapon's rounds and seconds of reloading as they were before this turn's first
    Ready spent reloading it: what a Dodge before his next turn puts back (R5.5)."""

    model_config = ConfigDict(frozen=True)

    rounds: int = Field(ge=0)
    progress: int = Field(default=0, ge=0)


class ReloadLost(BaseModel):
    """R5.5: a Dodge while reloading; that turn's loading of the weapon does not count."""

    model_config = ConfigDict(frozen=True)

    weapon: str
    seconds_done: int
    """Seconds of the reload still counted, those before this turn."""
    seconds_needed: int
    left: int
    """Rounds in the weapon again: a magazine or a round this turn put in is out again."""
    capacity: int
    rule_id: str = DODGE_RULE_ID


def lose_reload(
    weapon: Weapon, kept: dict[str, int], progress: dict[str, int], before: ReloadBefore
) -> tuple[dict[str, int], dict[str, int], ReloadLost]:
    """A Dodge made while reloading ``weapon`` (R5.5): the turn does not count toward the
    loading, so its rounds and seconds go back to ``before`` (the catalog's reading: the
    loading that turn made is lost, what earlier turns made stays)."""
    parsed = _counted(weapon)
    new_kept = {**kept, weapon.name: before.rounds}
    if before.rounds >= parsed.capacity:
        del new_kept[weapon.name]
    new_progress = {name: value for name, value in progress.items() if name != weapon.name}
    if before.progress:
        new_progress[weapon.name] = before.progress
    return (
        new_kept,
        new_progress,
        ReloadLost(
            weapon=weapon.name,
            seconds_done=before.progress,
            seconds_needed=parsed.reload_seconds or 0,
            left=min(parsed.capacity, before.rounds),
            capacity=parsed.capacity,
        ),
    )
