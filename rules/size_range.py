"""The Size and Speed/Range table (catalog Appendix A.8, Basic Set B550), in metres.

One table, two columns: a linear measurement gives a Size Modifier, and a distance
(or speed) gives the Speed/Range modifier. The seed measures in metres where the
Basic Set uses yards (1 yd read as 1 m). Used by the fragments' distance penalty
(R15.8), a horde's size (R14.5) and the Vision roll's target distance (R16.5).

From 1 m up the rows are 1, 1.5 and 2, then 3, 5, 7, 10, 15 and 20 times each power
of ten (30, 50, 70, 100, 150, 200, …), the Basic Set's 2-3-5-7-10 progression. Row
*n* (counting 1 m as row 0) has Size Modifier ``n - 2`` and Speed/Range modifier
``-(n - 2)``, never above 0. A measurement between two rows uses the **next higher**
row: the larger penalty for range, the larger size for a horde (R14.5's reading).
"""

from __future__ import annotations

import bisect
from fractions import Fraction
from typing import Final

from rules.errors import RuleError

__all__ = [
    "ERROR_KEYS",
    "ROWS",
    "row_at_least",
    "size_modifier_for_length",
    "speed_range_modifier",
]

ERROR_KEYS: Final = frozenset({"size_range.bad_measure"})  # value

_FIRST_ROWS: Final = (Fraction(1), Fraction(3, 2), Fraction(2))
_DECADE: Final = (3, 5, 7, 10, 15, 20)
_DECADES: Final = 12
"""Up to 20 000 000 000 m: far past any sense roll or blast."""


def _rows() -> tuple[Fraction, ...]:
    rows = list(_FIRST_ROWS)
    for power in range(_DECADES):
        rows.extend(Fraction(step * 10**power) for step in _DECADE)
    return tuple(rows)


ROWS: Final[tuple[Fraction, ...]] = _rows()
"""The linear measurements of A.8 from 1 m, in metres, smallest first."""

_SM_OFFSET: Final = 2
"""Row 2 (2 m) is Size Modifier 0."""


def _check(value: Fraction) -> None:
    if value < 0 or value > ROWS[-1]:
        raise RuleError(
            "size_range.bad_measure",
            f"a distance or size must be 0 to {ROWS[-1]} m, not {value}",
            value=str(value),
        )


def row_at_least(value: Fraction | int) -> int:
    """The index of the first row at or above ``value`` (metres); 0 for anything up to 1 m."""
    measure = Fraction(value)
    _check(measure)
    return bisect.bisect_left(ROWS, measure)


def speed_range_modifier(distance: Fraction | int) -> int:
    """A.8's Speed/Range modifier for ``distance`` metres: 0 up to 2 m, -1 at 3 m, -2 at
    5 m, -8 at 50 m …; between rows, the next higher row (R15.8: 4 m → -2)."""
    return -max(0, row_at_least(distance) - _SM_OFFSET)


def size_modifier_for_length(length: Fraction | int) -> int:
    """A.8's Size Modifier for a thing ``length`` metres long (at least 1 m): -2 at 1 m, 0 at
    2 m, +2 at 5 m, +5 at 15 m; between rows, the next higher row (R14.5: 12 → +5)."""
    measure = Fraction(length)
    if measure < 1:
        raise RuleError(
            "size_range.bad_measure",
            f"a length below 1 m is not on this table ({measure})",
            value=str(measure),
        )
    return row_at_least(measure) - _SM_OFFSET
