"""Rolls on a schedule: one every so often over a time the GM gives (R8.6, R8.9, R9.3,
R10.9, R10.10, R10.13, R10.14).

The number of rolls is the number of full intervals in the time; every one of them is
made and shown, so a time is refused when it would take more than :data:`MAX_ROLLS`.
"""

from __future__ import annotations

from typing import Final

from rules.errors import RuleError

__all__ = ["MAX_ROLLS", "rolls_for"]

MAX_ROLLS: Final = 200
"""The most rolls one command makes; a longer stretch is asked for in parts."""


def rolls_for(duration: int, interval: int) -> int:
    """How many rolls ``duration`` holds at one every ``interval`` (full intervals only);
    refused past :data:`MAX_ROLLS`."""
    if duration < 0:
        raise RuleError(
            "environment.negative",
            f"duration cannot be negative (got {duration})",
            field="duration",
            value=duration,
        )
    count = duration // interval
    if count > MAX_ROLLS:
        raise RuleError(
            "fatigue.too_many_rolls",
            f"{count} rolls, more than {MAX_ROLLS}: ask for a shorter time",
            count=count,
            maximum=MAX_ROLLS,
        )
    return count
