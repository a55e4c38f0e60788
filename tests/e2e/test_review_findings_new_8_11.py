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


CHOKE = Fight(
    3,
    """
    /encounter start name:Choke
    /combatant add name:Al st:16 dx:12 iq:10 ht:12
    /combatant add name:Orc st:10 dx:10 iq:9 ht:3 fp:4 hp:30
    /encounter next
    /close-combat grapple attacker:Al target:Orc
    /close-combat choke attacker:Al target:Orc
    /encounter status
""",
)


async def test_a_choke_knocks_no_one_back_r11_10_r7_14(tmp_path: Path) -> None:
    """R11.10: Al (ST 16) wins by 15 over the Orc's HT 3: 15 crushing. R7.14 would push an
    ST 10 man 15 // 8 = 1 m for a crushing blow, but hands on the throat of a man held in a
    grapple throw nobody: no knockback line, no footing roll, no fall; he stays grappled."""
    fight = await play(tmp_path, CHOKE)
    choke = fight.reply("/close-combat choke attacker:Al target:Orc")
    expect(choke, "  ┃     Al wins by 15.", "  ┃ Basic damage: 15 cr", "  ┃ Injury: 15")
    assert not [line for line in choke if "R7.14" in line or "Knocked back" in line]
    orc = next(line for line in fight.reply("/encounter status") if "2. Orc" in line)
    assert "grappled by Al" in orc
    assert "prone" not in orc
