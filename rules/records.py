"""The one way the rules write down a modifier and a success roll they made.

:class:`Modifier` is one itemised modifier with the rule that gives it; attack and
defense breakdowns, sense rolls, surprise, grappling and every HT, Will or skill roll
of the injury, turn, fatigue and environment rules hold it. :class:`RollRecord` is a
success roll (A.1) with its make-up: the score rolled against, the modifiers, the dice
and the rule that called for it. Renderers explain a roll from these alone.

Both are frozen standard-library dataclasses rather than pydantic models: the damage
pipeline builds thousands a second (``rules.injury``), and pydantic takes either as
a field type, validating and dumping it like a model. A :class:`Modifier`'s JSON is
``{"key", "value", "rule_id"}``, which stored pending attacks hold
(``rules.strike.PendingDefense``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.checks import Outcome, SuccessRoll

__all__ = ["Modifier", "RollPurpose", "RollRecord", "modifiers_of"]


@dataclass(frozen=True, slots=True)
class Modifier:
    """One itemised modifier with the rule that gives it; ``key`` names it for the renderer
    (a stable key such as ``"high_pain_threshold"`` or a translation key)."""

    key: str
    value: int
    rule_id: str


def modifiers_of(pairs: Iterable[tuple[str, int]], rule_id: str) -> tuple[Modifier, ...]:
    """``(key, value)`` pairs that one rule gives, as :class:`Modifier` (R9.3's swimming
    modifiers kept on the fighter's water state, for one)."""
    return tuple(Modifier(key, value, rule_id) for key, value in pairs)


class RollPurpose(StrEnum):
    """Why an injury or recovery roll was made; the value is a stable translation-key suffix."""

    KNOCKDOWN = "knockdown"
    DEATH_CHECK = "death_check"
    DECAPITATION = "decapitation"
    CRUSHED_TRACHEA = "crushed_trachea"
    KNOCKBACK_BALANCE = "knockback_balance"
    STAY_CONSCIOUS = "stay_conscious"
    STUN_RECOVERY = "stun_recovery"
    MENTAL_STUN_RECOVERY = "mental_stun_recovery"
    GET_UP = "get_up"
    CRIPPLING_DURATION = "crippling_duration"


# No slots and no ``__post_init__``: ``rules.injury`` builds records on its hot path by
# setting ``__dict__`` in one step (see the note there).
@dataclass(frozen=True)
class RollRecord:
    """A success roll the rules made: against what (``attribute`` at ``base``), with which
    modifiers, the dice, the rule that called for it and, for injury and recovery rolls,
    what it was for."""

    attribute: str
    base: int
    modifiers: tuple[Modifier, ...]
    roll: SuccessRoll
    rule_id: str
    purpose: RollPurpose | None = None

    @classmethod
    def of(
        cls,
        attribute: str,
        base: int,
        modifiers: Iterable[Modifier],
        roll: SuccessRoll,
        *,
        rule_id: str,
        purpose: RollPurpose | None = None,
    ) -> RollRecord:
        """Record ``roll``, made against ``base`` plus ``modifiers``."""
        return cls(attribute, base, tuple(modifiers), roll, rule_id, purpose)

    @property
    def target(self) -> int:
        """The effective score rolled against: ``base`` plus every modifier."""
        return self.roll.effective_skill

    @property
    def faces(self) -> tuple[int, int, int]:
        """The three dice."""
        return self.roll.faces

    @property
    def total(self) -> int:
        """The sum of the dice."""
        return self.roll.total

    @property
    def outcome(self) -> Outcome:
        """Critical success, success, failure or critical failure (A.1)."""
        return self.roll.outcome

    @property
    def succeeded(self) -> bool:
        """Whether the roll succeeded (criticals included)."""
        return self.roll.outcome.is_success

    @property
    def margin(self) -> int:
        """Target − roll: ≥ 0 "succeeded by", < 0 "failed by"."""
        return self.roll.margin
