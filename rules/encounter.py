"""The encounter aggregate: one fight in one channel, as pure data.

An :class:`Encounter` holds the turn sequence (:mod:`rules.turn`) and every
:class:`EncounterCombatant` (a sheet, its turn state, its owner and side).
Functions here return new encounters; the storage layer persists them and logs
what changed. Nothing here knows about Discord or SQL: ``owner_id`` and
``gm_id`` are just numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.breath import let_breathe
from rules.combatant import Combatant, Posture, Trait
from rules.errors import RuleError
from rules.explosion import ExplosionPlan
from rules.fatigue import CombatFatigueOffer, FatigueChange, combat_fatigue_offers, lose_fp
from rules.grapple import Hold, HoldKind
from rules.initiative import InitiativeMode
from rules.options import RuleOptions
from rules.recovery import CripplingRecovery, after_combat
from rules.roller import DiceRoller
from rules.surprise import (
    PartialSurpriseOutcome,
    SideProfile,
    SurpriseKind,
    TotalSurpriseOutcome,
    partial_surprise,
    total_surprise,
)
from rules.turn import (
    Fighter,
    TurnAdvance,
    TurnSequence,
    Water,
    advance,
    join,
    leave,
    reorder_sequence,
)

__all__ = [
    "MAX_COMBATANTS",
    "MAX_COPIES",
    "CripplingAfterCombat",
    "Encounter",
    "EncounterCombatant",
    "HealthWord",
    "TrackerMessage",
    "add_combatants",
    "advance_turn",
    "apply_combat_fatigue",
    "apply_partial_surprise",
    "apply_total_surprise",
    "copy_names",
    "copy_number",
    "crippling_after_combat",
    "health_word",
    "offer_combat_fatigue",
    "release_fallen",
    "remove_combatant",
    "reorder_turns",
    "with_holds",
]

MAX_COMBATANTS = 100
"""The most fighters one encounter holds (the tracker pages them over several embeds)."""
MAX_COPIES = 20
"""``/combatant add count:`` upper bound."""
DEFAULT_SIDE = "npc"


class EncounterCombatant(Fighter):
    """A fighter in an encounter with the player who owns it (``None``: the GM's)."""

    owner_id: int | None = None

    @property
    def name(self) -> str:
        return self.combatant.name

    def with_sheet(self, combatant: Combatant) -> EncounterCombatant:
        return self.model_copy(update={"combatant": combatant})


class TrackerMessage(BaseModel):
    """Where the channel shows the fight as it goes: not a rule, but stored with the fight so
    it outlives a restart. ``message_id`` is just a number here, like ``gm_id``; ``locale``
    is the language it is written in (the one the fight was started in); ``pinned`` says
    whether it was pinned (to unpin it at the end)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    message_id: int
    locale: str = "en"
    pinned: bool = False


class Encounter(BaseModel):
    """One fight: its name, GM, options, turn sequence and combatants.

    ``tracker`` is the message that shows it, once there is one; undo leaves it as it is.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    gm_id: int
    hide_npc_stats: bool = False
    sequence: TurnSequence = TurnSequence()
    combatants: tuple[EncounterCombatant, ...] = ()
    next_number: int = Field(default=1, ge=1)
    tracker: TrackerMessage | None = None
    pending_explosion: ExplosionPlan | None = None
    """A blast set off and waiting for the Dives for Cover (R15.3, :mod:`rules.blast`)."""
    characters: dict[str, int] = Field(default_factory=dict)
    """The saved character (its id) each combatant added from one came from: at the end the
    gear it fought with can go back to that sheet."""
    combat_fatigue: tuple[CombatFatigueOffer, ...] = ()
    """R8.4's costs offered to the GM when the fight ended."""
    combat_fatigue_applied: bool = False
    holds: tuple[Hold, ...] = ()
    """Who holds whom, and who is in close combat with whom (R11.1-R11.11): kept while both
    fighters are in the fight and the holder is conscious (:func:`release_fallen`)."""

    @property
    def mode(self) -> InitiativeMode:
        return self.sequence.mode

    @property
    def current(self) -> EncounterCombatant | None:
        """Whose turn it is."""
        cid = self.sequence.current
        return None if cid is None else self.get(cid)

    def get(self, combatant_id: str) -> EncounterCombatant:
        for c in self.combatants:
            if c.combatant_id == combatant_id:
                return c
        raise RuleError(
            "encounter.combatant.not_found",
            f"no combatant {combatant_id!r} in this encounter",
            name=combatant_id,
        )

    def find(self, name_or_id: str) -> EncounterCombatant:
        """By id, or by name ignoring case and surrounding spaces."""
        wanted = name_or_id.strip()
        for c in self.combatants:
            if c.combatant_id == wanted:
                return c
        folded = wanted.casefold()
        for c in self.combatants:
            if c.name.casefold() == folded:
                return c
        raise RuleError(
            "encounter.combatant.not_found",
            f"no combatant called {wanted!r} in this encounter",
            name=wanted,
        )

    def replace(self, *updated: EncounterCombatant) -> Encounter:
        """The encounter with some combatants replaced (matched by id); a holder who fell
        (dead or unconscious) lets go (:func:`release_fallen`)."""
        by_id = {c.combatant_id: c for c in updated}
        for cid in by_id:
            self.get(cid)
        replaced = self.model_copy(
            update={"combatants": tuple(by_id.get(c.combatant_id, c) for c in self.combatants)}
        )
        return release_fallen(replaced) if self.holds else replaced

    def ordered(self) -> tuple[EncounterCombatant, ...]:
        """Combatants in turn order (this round's list first, then anyone not in it yet)."""
        listed = [
            *self.sequence.this_round,
            *(self.sequence.order.combatant_ids if self.sequence.order else ()),
        ]
        rank: dict[str, int] = {}
        for cid in listed:
            rank.setdefault(cid, len(rank))
        return tuple(sorted(self.combatants, key=lambda c: rank.get(c.combatant_id, len(rank))))

    def turn_to_come(self, combatant_id: str) -> bool:
        """Whether ``combatant_id``'s turn of the running round is still ahead (his turn
        this round has neither come nor gone): what he spends now comes off that turn."""
        sequence = self.sequence
        return sequence.started and combatant_id in sequence.this_round[sequence.position + 1 :]

    def joins_next_round(self, combatant_id: str) -> bool:
        """Whether ``combatant_id`` is in the order but not in the running round: an unaware
        newcomer whose place this round had already passed acts from the next one (R2.5,
        R4.3)."""
        sequence = self.sequence
        return (
            sequence.started
            and sequence.order is not None
            and combatant_id in sequence.order.combatant_ids
            and combatant_id not in sequence.this_round
        )

    def in_own_turn(self, combatant_id: str) -> bool:
        """Whether the fight runs and it is ``combatant_id``'s turn (R4.4): what he does now is
        his turn's maneuver, not a Wait set off (R5.11)."""
        return self.sequence.started and self.sequence.current == combatant_id

    def awaits_first_turn(self, combatant_id: str) -> bool:
        """Whether the fight runs and ``combatant_id`` has not had a turn yet (R4.4): he has
        no maneuver to take until his first turn comes (a late newcomer's may be next round,
        R2.5). Before round 1 nobody has had one, and nothing is counted."""
        return self.sequence.started and self.get(combatant_id).turn.turns_taken == 0

    def fallen(self) -> tuple[EncounterCombatant, ...]:
        """Who is dead or out of the fight (for the end-of-fight summary)."""
        return tuple(c for c in self.combatants if not c.combatant.is_conscious)


_NUMBERED = re.compile(r"^(?P<base>.*?)\s+(?P<n>\d+)$")


def copy_number(name: str) -> tuple[str, int] | None:
    """``("Orc", 3)`` for a copy's name such as "Orc 3" (see :func:`copy_names`)."""
    match = _NUMBERED.match(name)
    return None if match is None else (match["base"], int(match["n"]))


def copy_names(base: str, count: int, taken: Sequence[str]) -> tuple[str, ...]:
    """Names for ``count`` copies: "Orc 1", "Orc 2" … continuing after those already present."""
    if not 1 <= count <= MAX_COPIES:
        raise RuleError(
            "encounter.combatant.bad_count",
            f"count must be 1 to {MAX_COPIES}",
            count=count,
            maximum=MAX_COPIES,
        )
    if count == 1:
        return (base,)
    highest = 0
    for name in taken:
        numbered = copy_number(name)
        if numbered is not None and numbered[0].casefold() == base.casefold():
            highest = max(highest, numbered[1])
    return tuple(f"{base} {highest + i}" for i in range(1, count + 1))


def add_combatants(
    encounter: Encounter,
    sheets: Sequence[Combatant],
    *,
    owner_id: int | None,
    side: str | None,
    aware: bool,
    roller: DiceRoller,
    character_id: int | None = None,
) -> tuple[Encounter, tuple[EncounterCombatant, ...]]:
    """Add combatants; in a running fight they are newcomers (R2.4 aware, R2.5 unaware).

    ``character_id``: the saved character they are copies of (:attr:`Encounter.characters`).
    """
    taken = {c.name.casefold() for c in encounter.combatants}
    if len(encounter.combatants) + len(sheets) > MAX_COMBATANTS:
        raise RuleError(
            "encounter.combatant.too_many",
            f"an encounter holds at most {MAX_COMBATANTS} combatants",
            maximum=MAX_COMBATANTS,
        )
    added: list[EncounterCombatant] = []
    number = encounter.next_number
    chosen_side = (side or "").strip() or (DEFAULT_SIDE if owner_id is None else "pc")
    for sheet in sheets:
        folded = sheet.name.strip().casefold()
        if folded in taken:
            raise RuleError(
                "encounter.combatant.duplicate_name",
                f"there is already a combatant called {sheet.name!r}",
                name=sheet.name,
            )
        taken.add(folded)
        added.append(
            EncounterCombatant(
                combatant_id=str(number), side=chosen_side, combatant=sheet, owner_id=owner_id
            )
        )
        number += 1
    sequence = join(encounter.sequence, added, aware=aware, roller=roller)
    characters = dict(encounter.characters)
    if character_id is not None:
        characters.update((fighter.combatant_id, character_id) for fighter in added)
    updated = encounter.model_copy(
        update={
            "combatants": (*encounter.combatants, *added),
            "sequence": sequence,
            "next_number": number,
            "characters": characters,
        }
    )
    return updated, tuple(added)


def remove_combatant(encounter: Encounter, combatant_id: str) -> Encounter:
    """Take a combatant out of the encounter and the turn order (and out of every hold)."""
    encounter.get(combatant_id)
    return release_fallen(
        encounter.model_copy(
            update={
                "combatants": tuple(
                    c for c in encounter.combatants if c.combatant_id != combatant_id
                ),
                "sequence": leave(encounter.sequence, combatant_id),
            }
        )
    )


GRAPPLING_HOLDS = frozenset({HoldKind.grapple, HoldKind.pin})
"""Holds that grapple the one held: no Retreat (R11.12), no Evade (R11.23)."""


def with_holds(encounter: Encounter, holds: Sequence[Hold]) -> Encounter:
    """The encounter with these holds; each fighter's ``grappled`` flag follows them (R11.12):
    set while a grapple or pin holds him, cleared when the last one ends. A fighter whose
    held breath a choke started breathes again when the last choke on him ends (R11.10,
    R9.2), unless he is under water: then he goes on holding it until he comes up (R9.1,
    R13.4)."""
    kept = tuple(holds)
    held = {h.held_id for h in kept if h.kind in GRAPPLING_HOLDS}
    was = {h.held_id for h in encounter.holds if h.kind in GRAPPLING_HOLDS}
    choked = {h.held_id for h in kept if h.choking}
    let_go = {h.held_id for h in encounter.holds if h.choking and h.stops_breath} - choked
    combatants = []
    for fighter in encounter.combatants:
        cid = fighter.combatant_id
        c = fighter
        under = c.turn.water is Water.underwater
        if cid in let_go and c.combatant.state.breath_left is not None and not under:
            c = c.with_sheet(c.combatant.with_state(let_breathe(c.combatant.state)))
        grappled = c.turn.grappled
        if cid in held:
            grappled = True
        elif cid in was:
            grappled = False
        if grappled != c.turn.grappled:
            turn = c.turn.model_copy(update={"grappled": grappled})
            combatants.append(c.model_copy(update={"turn": turn}))
        else:
            combatants.append(c)
    return encounter.model_copy(update={"holds": kept, "combatants": tuple(combatants)})


def release_fallen(encounter: Encounter) -> Encounter:
    """Holds end when either fighter has left the fight, or when the holder is dead or
    unconscious: he lets go (the held one's hold on him, if any, stays)."""
    fighters = {c.combatant_id: c for c in encounter.combatants}
    kept = [
        h
        for h in encounter.holds
        if h.held_id in fighters
        and h.holder_id in fighters
        and fighters[h.holder_id].combatant.is_conscious
    ]
    if len(kept) == len(encounter.holds):
        return encounter
    return with_holds(encounter, kept)


def advance_turn(
    encounter: Encounter, roller: DiceRoller, options: RuleOptions | None = None
) -> tuple[Encounter, TurnAdvance[EncounterCombatant]]:
    """``/encounter next``: end this turn, start the next (R4.1-R4.5)."""
    result = advance(encounter.sequence, encounter.combatants, roller, options)
    updated = encounter.model_copy(
        update={"sequence": result.sequence, "combatants": result.fighters}
    )
    return updated, result


def reorder_turns(encounter: Encounter, names: Sequence[str]) -> Encounter:
    """The GM sets the order by hand (R4.3)."""
    ids = [encounter.find(n).combatant_id for n in names]
    return encounter.model_copy(update={"sequence": reorder_sequence(encounter.sequence, ids)})


def _side_members(encounter: Encounter, side: str) -> tuple[EncounterCombatant, ...]:
    members = tuple(c for c in encounter.combatants if c.side.casefold() == side.casefold())
    if not members:
        raise RuleError("encounter.surprise.empty_side", f"nobody is on side {side!r}", side=side)
    return members


def apply_total_surprise(
    encounter: Encounter, side: str, roller: DiceRoller
) -> tuple[Encounter, TotalSurpriseOutcome]:
    """R2.1: the side is paralysed for 1d6 rounds from the current one, then mentally stunned."""
    members = _side_members(encounter, side)
    outcome = total_surprise(members[0].side, max(1, encounter.sequence.round), roller)
    updated = [
        c.model_copy(
            update={
                "turn": c.turn.model_copy(
                    update={
                        "surprise": SurpriseKind.TOTAL,
                        "paralysed_through_round": outcome.paralysed_through_round,
                        "recovery_attempts": 0,
                    }
                )
            }
        )
        for c in members
    ]
    return encounter.replace(*updated), outcome


def side_profile(
    encounter: Encounter,
    side: str,
    *,
    leader: str | None,
    tactical_skill: int = 0,
    animals: bool = False,
) -> SideProfile:
    """R2.3's view of a side from its combatants' sheets (Combat Reflexes, the leader's IQ)."""
    members = _side_members(encounter, side)
    chief = encounter.find(leader) if leader else None
    if chief is not None and chief.side.casefold() != side.casefold():
        raise RuleError(
            "encounter.surprise.leader_not_on_side",
            f"{chief.name} is not on side {side!r}",
            name=chief.name,
            side=side,
        )
    others = [c for c in members if chief is None or c.combatant_id != chief.combatant_id]
    return SideProfile(
        side=members[0].side,
        leader_iq=chief.combatant.attributes.iq if chief else None,
        leader_combat_reflexes=bool(chief and chief.combatant.has(Trait.COMBAT_REFLEXES)),
        member_combat_reflexes=any(c.combatant.has(Trait.COMBAT_REFLEXES) for c in others),
        leader_tactical_skill=tactical_skill if chief else 0,
        animals=animals,
    )


def apply_partial_surprise(
    encounter: Encounter, first: SideProfile, second: SideProfile, roller: DiceRoller
) -> tuple[Encounter, PartialSurpriseOutcome]:
    """R2.2: sides roll; every member of the losing side is mentally stunned."""
    outcome = partial_surprise(first, second, roller)
    losers = _side_members(encounter, outcome.loser)
    updated = [
        c.model_copy(
            update={
                "combatant": c.combatant.with_state(mentally_stunned=True),
                "turn": c.turn.model_copy(
                    update={"surprise": SurpriseKind.PARTIAL, "recovery_attempts": 0}
                ),
            }
        )
        for c in losers
    ]
    return encounter.replace(*updated), outcome


class HealthWord(StrEnum):
    """What players see of a hidden NPC's health (translation-key suffixes)."""

    UNHURT = "unhurt"
    WOUNDED = "wounded"
    REELING = "reeling"  # R7.1
    COLLAPSING = "collapsing"  # R7.2
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"


def health_word(combatant: Combatant) -> HealthWord:
    """A state word instead of numbers, for NPCs whose numbers the GM hides."""
    state = combatant.state
    if state.dead or state.destroyed:
        return HealthWord.DEAD
    if state.unconscious:
        return HealthWord.UNCONSCIOUS
    if state.hp <= 0:
        return HealthWord.COLLAPSING
    if combatant.is_reeling:
        return HealthWord.REELING
    if state.hp < combatant.max_hp:
        return HealthWord.WOUNDED
    return HealthWord.UNHURT


def quick_sheet(
    name: str,
    *,
    st: int,
    dx: int,
    iq: int,
    ht: int,
    hp: int | None = None,
    fp: int | None = None,
    will: int | None = None,
    per: int | None = None,
    basic_speed: float | None = None,
    move: int | None = None,
    dodge: int | None = None,
    parry: int | None = None,
    block: int | None = None,
    dr: int = 0,
    size_modifier: int = 0,
    encumbrance: int = 0,
    combat_reflexes: bool = False,
    weapon_name: str = "weapon",
    shield_name: str = "shield",
) -> Combatant:
    """A sheet from ``/combatant add``'s options; anything left out takes its Base 4e default.

    A Parry or Block given as a number becomes a generic weapon or shield whose
    skill yields exactly that defense (3 + skill/2, +1 with Combat Reflexes;
    Appendix A.4), called ``weapon_name`` and ``shield_name`` (the GM's language).
    The generic shield has DB 0: a Defense Bonus would add to every defense (A.4), so the
    numbers given would not be the numbers used. Dodge given as a number overrides the
    derived one.
    """
    attributes: dict[str, int | float] = {"st": st, "dx": dx, "iq": iq, "ht": ht}
    for key, value in (
        ("hp", hp),
        ("fp", fp),
        ("will", will),
        ("per", per),
        ("basic_speed", basic_speed),
        ("basic_move", move),
    ):
        if value is not None:
            attributes[key] = value
    bonus = 1 if combat_reflexes else 0
    data: dict[str, object] = {
        "name": name.strip(),
        "attributes": attributes,
        "traits": [Trait.COMBAT_REFLEXES] if combat_reflexes else [],
        "dr": {"uniform": dr},
        "size_modifier": size_modifier,
        "encumbrance_level": encumbrance,
        "dodge_override": dodge,
    }
    if parry is not None:
        data["weapons"] = [
            {
                "name": weapon_name,
                "skill": max(0, 2 * (parry - 3 - bonus)),
                "damage": "sw cr",
            }
        ]
    if block is not None:
        data["shield"] = {
            "name": shield_name,
            "skill": max(0, 2 * (block - 3 - bonus)),
            "db": 0,
        }
    return Combatant.create(**data)


def rename(encounter: Encounter, combatant_id: str, new_name: str) -> Encounter:
    """Give a combatant a new name, unique in the encounter (ignoring case)."""
    target = encounter.get(combatant_id)
    cleaned = new_name.strip()
    for other in encounter.combatants:
        if other.combatant_id != combatant_id and other.name.casefold() == cleaned.casefold():
            raise RuleError(
                "encounter.combatant.duplicate_name",
                f"there is already a combatant called {cleaned!r}",
                name=cleaned,
            )
    sheet = Combatant.create(**{**target.combatant.model_dump(), "name": cleaned})
    return encounter.replace(target.with_sheet(sheet))


class Condition(StrEnum):
    """Conditions the GM may set or clear by hand (``/combatant condition``)."""

    STUNNED = "stunned"  # R7.10
    MENTALLY_STUNNED = "mentally_stunned"  # R7.11
    KNOCKED_DOWN = "knocked_down"  # R7.8
    UNCONSCIOUS = "unconscious"  # R4.2
    DEAD = "dead"
    ASLEEP = "asleep"  # R4.2
    COLLAPSED = "collapsed"  # R8.2
    PARALYSED = "paralysed"  # R2.1 (clearing only)
    GRAPPLED = "grappled"  # R11.12


_STATE_CONDITIONS = {
    Condition.STUNNED: "stunned",
    Condition.MENTALLY_STUNNED: "mentally_stunned",
    Condition.KNOCKED_DOWN: "knocked_down",
    Condition.UNCONSCIOUS: "unconscious",
    Condition.DEAD: "dead",
}
_TURN_CONDITIONS = {
    Condition.ASLEEP: "asleep",
    Condition.COLLAPSED: "collapsed",
    Condition.GRAPPLED: "grappled",
}


def set_condition(
    combatant: EncounterCombatant, condition: Condition, on: bool
) -> EncounterCombatant:
    """Set or clear one condition by hand; clearing mental stun also ends the surprise count."""
    if condition in _STATE_CONDITIONS:
        changes: dict[str, Any] = {_STATE_CONDITIONS[condition]: on}
        updated = combatant.with_sheet(combatant.combatant.with_state(**changes))
        if condition is Condition.MENTALLY_STUNNED and not on:
            updated = updated.model_copy(
                update={
                    "turn": updated.turn.model_copy(
                        update={"surprise": None, "recovery_attempts": 0}
                    )
                }
            )
        return updated
    if condition in _TURN_CONDITIONS:
        turn = combatant.turn.model_copy(update={_TURN_CONDITIONS[condition]: on})
        return combatant.model_copy(update={"turn": turn})
    if on:
        raise RuleError(
            "encounter.combatant.paralysis_by_surprise",
            "paralysis comes from /encounter surprise; it can only be cleared by hand",
        )
    turn = combatant.turn.model_copy(update={"paralysed_through_round": None})
    return combatant.model_copy(update={"turn": turn})


def set_posture(combatant: EncounterCombatant, posture: Posture) -> EncounterCombatant:
    """Put a combatant in a posture by hand (R5.2 is the maneuver's; this is the GM's fix)."""
    return combatant.with_sheet(combatant.combatant.with_state(posture=posture))


def set_current(
    combatant: EncounterCombatant, *, hp: int | None = None, fp: int | None = None
) -> EncounterCombatant:
    """Set current HP and/or FP by hand, validated against the sheet's maxima."""
    state = combatant.combatant.state.model_dump()
    if hp is not None:
        state["hp"] = hp
    if fp is not None:
        state["fp"] = fp
    sheet = Combatant.create(**{**combatant.combatant.model_dump(), "state": state})
    return combatant.with_sheet(sheet)


def change_owner(
    combatant: EncounterCombatant, *, owner_id: int | None, side: str | None
) -> EncounterCombatant:
    """Hand a combatant to another player (or back to the GM with ``None``), or change side."""
    update: dict[str, object] = {"owner_id": owner_id}
    if side is not None and side.strip():
        update["side"] = side.strip()
    return combatant.model_copy(update=update)


@dataclass(frozen=True, slots=True)
class CripplingAfterCombat:
    """One fighter's end-of-combat HT rolls, one per crippled part (R7.17)."""

    combatant_id: str
    name: str
    recoveries: tuple[CripplingRecovery, ...]


def crippling_after_combat(
    encounter: Encounter, roller: DiceRoller, options: RuleOptions
) -> tuple[CripplingAfterCombat, ...]:
    """R7.17: when combat ends, roll HT for each crippled part of every fighter still alive,
    in the encounter's listed order and a fixed part order."""
    found: list[CripplingAfterCombat] = []
    for fighter in encounter.combatants:
        state = fighter.combatant.state
        if not state.crippled or state.dead or state.destroyed:
            continue
        found.append(
            CripplingAfterCombat(
                combatant_id=fighter.combatant_id,
                name=fighter.name,
                recoveries=after_combat(fighter.combatant, roller, options),
            )
        )
    return tuple(found)


def offer_combat_fatigue(
    encounter: Encounter, *, hot: bool = False, plate: Sequence[str] = ()
) -> Encounter:
    """R8.4 as the fight ends: its seconds are its rounds (R4.1), whoever attacked or
    defended in it pays by his encumbrance, +1 in hot weather, +2 in plate or an overcoat
    (``plate``: names or ids). The offers wait on the encounter for the GM to apply. Who
    already paid it during the fight (``TurnState.combat_fatigue_paid``) is not offered again:
    the cost is per combat."""
    wearing = {encounter.find(name).combatant_id for name in plate}
    offers = combat_fatigue_offers(
        [
            (c.combatant_id, c.combatant, c.turn.fought)
            for c in encounter.combatants
            if not c.turn.combat_fatigue_paid  # once per combat (R8.4)
        ],
        encounter.sequence.round,
        hot=hot,
        plate=wearing,
    )
    return encounter.model_copy(update={"combat_fatigue": offers, "combat_fatigue_applied": False})


def apply_combat_fatigue(
    encounter: Encounter, roller: DiceRoller, options: RuleOptions | None = None
) -> tuple[Encounter, tuple[FatigueChange, ...]]:
    """The GM applies R8.4's offers: each fighter loses his FP (R8.1-R8.3 through
    :func:`rules.fatigue.lose_fp`). Refused when already applied."""
    if encounter.combat_fatigue_applied:
        raise RuleError("fatigue.combat_applied", "the combat fatigue was already applied")
    changes: list[FatigueChange] = []
    for offer in encounter.combat_fatigue:
        fighter = encounter.get(offer.combatant_id)
        change = lose_fp(fighter.combatant, offer.cost.total, roller, options)
        encounter = encounter.replace(
            fighter.with_sheet(fighter.combatant.with_state(change.state))
        )
        changes.append(change)
    return encounter.model_copy(update={"combat_fatigue_applied": True}), tuple(changes)
