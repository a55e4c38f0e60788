"""Surprise at the start of a fight (R2.1-R2.3, R2.6).

Total surprise paralyses the defenders for 1d6 rounds, after which they roll IQ
each round to shake off mental stun. Partial surprise has each side roll
Initiative with the R2.3 modifiers; the losers are mentally stunned and roll IQ
each turn with a cumulative +1 after the first. The rolls to recover happen in
the turn sequence (:mod:`rules.turn`); this module decides who is surprised and
computes the recovery target.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.errors import RuleError
from rules.records import Modifier
from rules.roller import DiceRoller

__all__ = [
    "PartialSurpriseOutcome",
    "SideProfile",
    "SideRoll",
    "SurpriseKind",
    "TotalSurpriseOutcome",
    "cumulative_bonus",
    "partial_surprise",
    "recovery_target",
    "surprise_modifiers",
    "total_surprise",
]

COMBAT_REFLEXES_RECOVERY_BONUS = 6
"""R2.6: Combat Reflexes gives +6 to recover from surprise or mental stun."""


class SurpriseKind(StrEnum):
    TOTAL = "total"  # R2.1
    PARTIAL = "partial"  # R2.2


class SideProfile(BaseModel):
    """What R2.3 asks about one side of a surprise.

    ``leader_iq`` is ``None`` for a leaderless group; ``animals`` exempts such a
    group from the −2. ``leader_tactical_skill`` is the leader's best tactical
    skill (Tactics, Strategy), 0 if none (catalog reading (3) of R2.3).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: str = Field(min_length=1)
    leader_iq: int | None = None
    leader_combat_reflexes: bool = False
    member_combat_reflexes: bool = False
    leader_tactical_skill: int = 0
    animals: bool = False


def surprise_modifiers(side: SideProfile, other: SideProfile) -> tuple[Modifier, ...]:
    """The R2.3 modifiers to ``side``'s initiative roll against ``other``.

    Combat Reflexes is "not cumulative": +2 if the leader has it, else +1 if any
    other member does. The smarter leader (strictly higher IQ) gets +1; a tie
    gives it to neither. Catalog readings (1)-(3) of R2.3.
    """
    found: list[Modifier] = []
    if side.leader_iq is not None and side.leader_combat_reflexes:
        found.append(
            Modifier(key="encounter.surprise.mod.leader_combat_reflexes", value=2, rule_id="R2.3")
        )
    elif side.member_combat_reflexes:
        found.append(
            Modifier(key="encounter.surprise.mod.member_combat_reflexes", value=1, rule_id="R2.3")
        )
    if side.leader_iq is not None and (other.leader_iq is None or side.leader_iq > other.leader_iq):
        found.append(Modifier(key="encounter.surprise.mod.smarter_leader", value=1, rule_id="R2.3"))
    if side.leader_iq is not None and side.leader_tactical_skill >= 20:
        found.append(Modifier(key="encounter.surprise.mod.tactical_skill", value=2, rule_id="R2.3"))
    if side.leader_iq is None and not side.animals:
        found.append(Modifier(key="encounter.surprise.mod.leaderless", value=-2, rule_id="R2.3"))
    return tuple(found)


class SideRoll(BaseModel):
    """One side's initiative roll under partial surprise; ``dice`` includes re-rolls."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: str
    dice: tuple[int, ...]
    modifiers: tuple[Modifier, ...]

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def total(self) -> int:
        """The final (deciding) roll plus the modifiers."""
        return self.dice[-1] + self.modifier_total


class PartialSurpriseOutcome(BaseModel):
    """Who won the partial-surprise initiative (R2.2); the loser is mentally stunned."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rolls: tuple[SideRoll, SideRoll]
    winner: str
    loser: str
    rule_id: str = "R2.2"


def partial_surprise(
    first: SideProfile, second: SideProfile, roller: DiceRoller
) -> PartialSurpriseOutcome:
    """Each side rolls 1d plus its R2.3 modifiers; ties are re-rolled (R2.2 reading)."""
    if first.side == second.side:
        raise RuleError(
            "encounter.surprise.same_side", "surprise needs two different sides", side=first.side
        )
    first_mods = surprise_modifiers(first, second)
    second_mods = surprise_modifiers(second, first)
    first_dice: list[int] = []
    second_dice: list[int] = []
    while True:
        first_dice.append(roller.roll_die(6))
        second_dice.append(roller.roll_die(6))
        a = SideRoll(side=first.side, dice=tuple(first_dice), modifiers=first_mods)
        b = SideRoll(side=second.side, dice=tuple(second_dice), modifiers=second_mods)
        if a.total != b.total:
            break
    winner, loser = (a, b) if a.total > b.total else (b, a)
    return PartialSurpriseOutcome(rolls=(a, b), winner=winner.side, loser=loser.side)


class TotalSurpriseOutcome(BaseModel):
    """The defenders are paralysed for ``paralysis_rounds`` rounds (R2.1).

    One roll for the whole side (catalog reading (1)). They can do nothing in
    rounds ``start_round`` … ``paralysed_through_round`` and start rolling IQ
    in the round after.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: str
    paralysis_rounds: int
    start_round: int
    rule_id: str = "R2.1"

    @property
    def paralysed_through_round(self) -> int:
        return self.start_round + self.paralysis_rounds - 1


def total_surprise(side: str, start_round: int, roller: DiceRoller) -> TotalSurpriseOutcome:
    """Roll 1d6 rounds of paralysis for the surprised side (R2.1)."""
    if start_round < 1:
        raise RuleError("encounter.surprise.bad_round", "rounds start at 1", round=start_round)
    return TotalSurpriseOutcome(
        side=side, paralysis_rounds=roller.roll_die(6), start_round=start_round
    )


def cumulative_bonus(kind: SurpriseKind | None, attempt: int) -> int:
    """R2.2: +1 per turn after the first to recover from partial surprise; 0 otherwise (R2.1)."""
    if attempt < 1:
        raise RuleError("encounter.surprise.bad_attempt", "attempts count from 1", attempt=attempt)
    return attempt - 1 if kind is SurpriseKind.PARTIAL else 0


class RecoveryTarget(BaseModel):
    """The IQ roll to recover from surprise, with its modifiers (R2.1, R2.2, R2.6)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    iq: int
    modifiers: tuple[Modifier, ...]

    @property
    def target(self) -> int:
        return self.iq + sum(m.value for m in self.modifiers)


def recovery_target(
    iq: int, *, combat_reflexes: bool, kind: SurpriseKind | None, attempt: int
) -> RecoveryTarget:
    """IQ target for the ``attempt``-th recovery roll (1 = first).

    Partial surprise adds +1 for each turn after the first (R2.2); total
    surprise states no such bonus (R2.1 reading (2)); mental stun from any other
    cause follows R7.11 (IQ, no cumulative bonus). Combat Reflexes +6 (R2.6).
    """
    if attempt < 1:
        raise RuleError("encounter.surprise.bad_attempt", "attempts count from 1", attempt=attempt)
    mods: list[Modifier] = []
    if combat_reflexes:
        mods.append(
            Modifier(
                key="encounter.surprise.mod.combat_reflexes_recovery",
                value=COMBAT_REFLEXES_RECOVERY_BONUS,
                rule_id="R2.6",
            )
        )
    bonus = cumulative_bonus(kind, attempt)
    if bonus:
        mods.append(Modifier(key="encounter.surprise.mod.cumulative", value=bonus, rule_id="R2.2"))
    return RecoveryTarget(iq=iq, modifiers=tuple(mods))
