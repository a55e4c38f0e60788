"""The edge between two turns (``/encounter next``), as one rules call.

A swarm's turn ends with its attacks on everyone in it (R14.2, R14.5); the next turn starts
with everything R4.1-R4.5 and R7.x do then (stun, the R7.2 roll put off to the maneuver,
:func:`rules.turn.advance`); and a fighter on fire or out of breath loses his second at each
place the sequence passed (R9.2, R10.5-R10.7, :func:`rules.hazards.tick_passed`), and a
hot fragment lodged in him burns on every 10th of them (R15.13,
:func:`rules.blast.tick_hot_fragments`).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.blast import HotFragmentTick, tick_hot_fragments
from rules.encounter import Encounter, EncounterCombatant, advance_turn
from rules.hazards import HazardTick, tick_passed
from rules.options import RuleOptions
from rules.roller import DiceRoller
from rules.swarm import SwarmAttack, end_of_swarm_turn
from rules.turn import TurnAdvance

__all__ = ["TurnEdge", "next_turn"]


class TurnEdge(BaseModel):
    """The new fight after one turn ended and the next began, and all that happened."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    encounter: Encounter
    swarm: SwarmAttack | None
    """The attacks of a swarm whose turn ended (R14.2), if it had victims."""
    advance: TurnAdvance[EncounterCombatant]
    ticks: tuple[HazardTick, ...] = ()
    hot_fragments: tuple[HotFragmentTick, ...] = ()

    def detail(self) -> dict[str, object]:
        """What the event log keeps of the turn edge."""
        detail: dict[str, object] = {
            "events": [event.model_dump(mode="json") for event in self.advance.events]
        }
        if self.ticks:
            detail["hazards"] = [tick.summary() for tick in self.ticks]
        if self.hot_fragments:
            detail["hot_fragments"] = [tick.summary() for tick in self.hot_fragments]
        return detail


def next_turn(
    encounter: Encounter, roller: DiceRoller, options: RuleOptions | None = None
) -> TurnEdge:
    """End the current turn and start the next one (R4.1-R4.5, R14.2, R9.2, R10.5-R10.7,
    R15.13)."""
    encounter, swarmed = end_of_swarm_turn(encounter, roller, options)
    encounter, result = advance_turn(encounter, roller, options)
    encounter, ticks = tick_passed(encounter, result.events, roller, options)
    encounter, hot = tick_hot_fragments(encounter, result.events, roller, options)
    return TurnEdge(
        encounter=encounter, swarm=swarmed, advance=result, ticks=ticks, hot_fragments=hot
    )
