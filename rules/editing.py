"""The GM's hand on a running fight: fighters added, removed, edited, their sheets and
conditions changed, applied to the encounter.

Like :mod:`rules.exchange`, each function takes the :class:`~rules.encounter.Encounter`
and returns the new one with what changed, and the result says what the event log keeps
(``detail()``): the cogs never replace a fighter or write a log entry themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from pydantic import BaseModel, ConfigDict

from rules.combatant import Combatant, Posture
from rules.encounter import (
    Condition,
    Encounter,
    EncounterCombatant,
    add_combatants,
    change_owner,
    remove_combatant,
    rename,
    set_condition,
    set_current,
    set_posture,
)
from rules.roller import DiceRoller

__all__ = [
    "ERROR_KEYS",
    "CombatantEdited",
    "ConditionSet",
    "FighterRemoved",
    "FightersAdded",
    "SheetChange",
    "SheetEdited",
    "add_fighters",
    "edit_fighter",
    "edit_sheet",
    "remove_fighter",
    "set_by_hand",
]

ERROR_KEYS: Final = frozenset[str]()
"""Every :class:`~rules.errors.RuleError` key this module raises itself (the functions it
applies list their own)."""

_FROZEN = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

SheetChange = Callable[[Combatant], tuple[Combatant, Mapping[str, object]]]
"""A change to a sheet (one of :mod:`rules.character`'s): the new sheet and what the answer's
headline says of it (the weapon's name, the skill's level ...)."""


class FightersAdded(BaseModel):
    """``/combatant add``: the new fight and the fighters who joined it (R2.4, R2.5)."""

    model_config = _FROZEN

    encounter: Encounter
    added: tuple[EncounterCombatant, ...]
    aware: bool
    character: str | None = None
    """The saved character they are copies of, by the name it was asked for."""

    def detail(self) -> dict[str, object]:
        detail: dict[str, object] = {
            "names": [fighter.name for fighter in self.added],
            "aware": self.aware,
        }
        if self.character is not None:
            detail["character"] = self.character
        return detail


def add_fighters(
    encounter: Encounter,
    sheets: Sequence[Combatant],
    *,
    owner_id: int | None,
    side: str | None,
    aware: bool,
    roller: DiceRoller,
    character_id: int | None = None,
    character: str | None = None,
) -> FightersAdded:
    """:func:`~rules.encounter.add_combatants`: in a running fight they join aware (R2.4,
    acting at once) or not (R2.5, the next round)."""
    updated, added = add_combatants(
        encounter,
        sheets,
        owner_id=owner_id,
        side=side,
        aware=aware,
        roller=roller,
        character_id=character_id,
    )
    return FightersAdded(encounter=updated, added=added, aware=aware, character=character)


class FighterRemoved(BaseModel):
    """``/combatant remove``: the fight without him (and out of every hold)."""

    model_config = _FROZEN

    encounter: Encounter
    name: str

    def detail(self) -> dict[str, object]:
        return {"name": self.name}


def remove_fighter(encounter: Encounter, fighter_id: str) -> FighterRemoved:
    """:func:`~rules.encounter.remove_combatant`."""
    name = encounter.get(fighter_id).name
    return FighterRemoved(encounter=remove_combatant(encounter, fighter_id), name=name)


class CombatantEdited(BaseModel):
    """``/combatant edit``: the fighter as he now is, in the new fight."""

    model_config = _FROZEN

    encounter: Encounter
    fighter: EncounterCombatant

    def detail(self) -> dict[str, object]:
        return {"name": self.fighter.name}


def edit_fighter(
    encounter: Encounter,
    fighter_id: str,
    *,
    hp: int | None = None,
    fp: int | None = None,
    owner_id: int | None = None,
    to_gm: bool = False,
    side: str | None = None,
    new_name: str | None = None,
) -> CombatantEdited:
    """Current HP/FP (checked against the sheet's maxima), then the owner (``to_gm`` hands
    him back to the GM before any ``owner_id``) and side, then the name (unique in the
    fight, ignoring case)."""
    found = encounter.get(fighter_id)
    updated = set_current(found, hp=hp, fp=fp)
    if owner_id is not None or to_gm or side is not None:
        new_owner = None if to_gm else (owner_id if owner_id is not None else found.owner_id)
        updated = change_owner(updated, owner_id=new_owner, side=side)
    encounter = encounter.replace(updated)
    if new_name is not None:
        encounter = rename(encounter, fighter_id, new_name)
    return CombatantEdited(encounter=encounter, fighter=encounter.get(fighter_id))


class ConditionSet(BaseModel):
    """``/combatant condition``: a condition and/or posture set by hand, in the new fight."""

    model_config = _FROZEN

    encounter: Encounter
    fighter: EncounterCombatant
    """The fighter as the change left him (before a fallen holder lets go of him)."""
    condition: Condition | None
    value: bool
    posture: Posture | None

    def detail(self) -> dict[str, object]:
        return {
            "name": self.fighter.name,
            "condition": self.condition.value if self.condition is not None else None,
            "value": self.value,
            "posture": self.posture.value if self.posture is not None else None,
        }


def set_by_hand(
    encounter: Encounter,
    fighter_id: str,
    *,
    condition: Condition | None = None,
    value: bool = True,
    posture: Posture | None = None,
) -> ConditionSet:
    """:func:`~rules.encounter.set_condition` (R7.8, R7.10, R7.11, R4.2, R8.2, R11.12; R2.1's
    paralysis only cleared) and :func:`~rules.encounter.set_posture`, applied to the fight."""
    updated = encounter.get(fighter_id)
    if condition is not None:
        updated = set_condition(updated, condition, value)
    if posture is not None:
        updated = set_posture(updated, posture)
    return ConditionSet(
        encounter=encounter.replace(updated),
        fighter=updated,
        condition=condition,
        value=value,
        posture=posture,
    )


class SheetEdited(BaseModel):
    """A fighter's sheet changed (gear, traits, skills), in the new fight."""

    model_config = _FROZEN

    encounter: Encounter
    name: str
    sheet: Combatant
    said: dict[str, object]
    """What the change says of itself (the headline's parameters)."""
    noted: dict[str, object]
    """What else the log keeps (added or removed, the location and DR ...)."""

    def detail(self) -> dict[str, object]:
        return {"name": self.name, **self.said, **self.noted}


def edit_sheet(
    encounter: Encounter, fighter_id: str, change: SheetChange, **noted: object
) -> SheetEdited:
    """Apply ``change`` to the fighter's sheet; ``noted`` goes to the log with what the
    change says of itself."""
    fighter = encounter.get(fighter_id)
    sheet, said = change(fighter.combatant)
    return SheetEdited(
        encounter=encounter.replace(fighter.with_sheet(sheet)),
        name=fighter.name,
        sheet=sheet,
        said=dict(said),
        noted=dict(noted),
    )
