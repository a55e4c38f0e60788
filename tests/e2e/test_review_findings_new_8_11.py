"""Defects a review of sections 8-11 found (fire, choke, burning DX, undo), each replayed
through the sandbox with the review's script and seed, and checked against the catalog
(rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play

BURNING_ZERO = Fight(
    1,
    """
    /encounter start name:Fire
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:20
    /encounter next
    /environment fire exposure:partial combatant:Orc
    /environment catch-fire damage:3 combatant:Orc
    /encounter next
    /encounter next
""",
)


async def test_a_second_of_fire_rolling_zero_does_no_injury_g7_r10_5(tmp_path: Path) -> None:
    """G7: environmental damage (fire) is floored at 0; R10.5: part of the clothes burn
    1d-4 a second. A die of 2 does 0: injury 0, HP 18 stays 18 (before the fix, the attack
    minimum of 1 took him to 17 and gave him shock every round)."""
    fight = await play(tmp_path, BURNING_ZERO)
    expect(
        fight.reply("/encounter next", 3),
        "  ┃ Orc burns: 1d-4 rolled 0 (2), injury 0, HP 18 → 18 (R10.5)",
    )
