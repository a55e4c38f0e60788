"""Heat and cold (R10.9-R10.14).

- R10.9: stressful activity at the top of the comfort zone calls for HT (or Survival)
  rolls every 30 minutes; hotter bands add FP to every loss from exertion or dehydration:
  :func:`heat_surcharge`.
"""

from __future__ import annotations

from typing import Final

__all__ = ["COMFORT_TOP_C", "heat_surcharge"]

COMFORT_TOP_C: Final = 32.0
"""The top of a human's comfort zone, °C (R10.9); its top 5 °C are 27-32 °C."""
_FIRST_BAND: Final = 15.0


def heat_surcharge(temperature: float, comfort_top: float = COMFORT_TOP_C) -> int:
    """R10.9: FP more on every FP lost to exertion or dehydration in the heat.

    Each band includes its upper end (the catalog's reading): none up to 32 °C, 1 above it
    up to 47 °C (15 °C over the comfort zone), 2 above that up to 65 °C and beyond (the seed
    stops at 65 °C; the intense heat of R10.10 is the GM's call past it).
    """
    over = temperature - comfort_top
    if over <= 0:
        return 0
    if over <= _FIRST_BAND:
        return 1
    return 2
