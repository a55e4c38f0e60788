"""The shared roll and modifier records (rules.records): what they hold and how pydantic
stores them."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict

from rules.checks import Outcome, success_roll
from rules.records import Modifier, RollPurpose, RollRecord, modifiers_of
from rules.roller import ScriptedDice


class _Holder(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    modifiers: tuple[Modifier, ...] = ()
    roll: RollRecord | None = None


def test_modifier_json_keeps_the_stored_pending_attack_shape() -> None:
    """A stored pending attack holds its attack modifiers as {"key", "value", "rule_id"}
    (rules.strike.PendingDefense); the shared Modifier reads and writes that shape."""
    stored = '{"modifiers":[{"key":"shock","value":-3,"rule_id":"R7.6"}],"roll":null}'
    held = _Holder.model_validate_json(stored)
    assert held.modifiers == (Modifier("shock", -3, "R7.6"),)
    assert held.model_dump_json() == stored


def test_roll_record_of_a_will_roll_r8_2() -> None:
    """R8.2: Will 11 at -2 (a made-up modifier), rolling 3+4+5 = 12 against 9: failed by 3."""
    roll = success_roll(9, ScriptedDice([3, 4, 5]))
    record = RollRecord.of(
        "will", 11, [Modifier("circumstances", -2, "R8.2")], roll, rule_id="R8.2"
    )
    assert (record.target, record.total, record.faces, record.margin) == (9, 12, (3, 4, 5), -3)
    assert (record.outcome, record.succeeded, record.purpose) == (Outcome.FAILURE, False, None)
    assert record.modifiers == (Modifier("circumstances", -2, "R8.2"),)


def test_roll_record_in_a_model_is_kept_and_dumped() -> None:
    """A pydantic outcome holding a record keeps the same object and logs every part of it."""
    roll = success_roll(10, ScriptedDice([1, 2, 1]))
    record = RollRecord.of("ht", 10, (), roll, rule_id="R7.8", purpose=RollPurpose.KNOCKDOWN)
    held = _Holder(roll=record)
    assert held.roll is record
    dumped = held.model_dump(mode="json")["roll"]
    assert (dumped["attribute"], dumped["rule_id"], dumped["purpose"]) == (
        "ht",
        "R7.8",
        "knockdown",
    )
    assert (dumped["roll"]["total"], dumped["roll"]["outcome"]) == (4, "critical_success")


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        ((), ()),
        (
            (("intentional", 3), ("encumbrance", -4)),
            (Modifier("intentional", 3, "R9.3"), Modifier("encumbrance", -4, "R9.3")),
        ),
    ],
)
def test_modifiers_of_pairs_r9_3(
    pairs: tuple[tuple[str, int], ...], expected: tuple[Modifier, ...]
) -> None:
    """R9.3's swimming modifiers, kept as pairs on the water state, become one rule's
    modifiers on the roll."""
    assert modifiers_of(pairs, "R9.3") == expected
