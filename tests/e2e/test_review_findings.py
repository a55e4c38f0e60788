"""Defects an independent review of sections 2-7 found, each replayed through the sandbox.

Every test plays the review's own script with its seed and checks the bot's lines against
the rules catalog (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play

HEAD_HIT_WITHOUT_SHOCK = Fight(
    1,
    """
    /encounter start name:K
    /combatant add name:Big st:10 dx:10 iq:10 ht:9 hp:20
    /encounter next
    /damage target:Big amount:1 type:cr location:face
    /encounter status
""",
)


async def test_a_head_hit_without_shock_rolls_no_knockdown_r7_8_r7_6(tmp_path: Path) -> None:
    """R7.6: with 20+ HP shock is -1 per full HP/10 lost, so HP 20 losing 1 has no shock;
    R7.8 rolls HT for a head or vitals hit only on shock from it (or a Major Wound, over
    HP/2 = 10): no roll, and Big stays on his feet."""
    t = await play(tmp_path, HEAD_HIT_WITHOUT_SHOCK)
    hit = t.reply("/damage target:Big amount:1 type:cr location:face")
    expect(hit, "  ┃ Injury: 1", "  ┃ HP: 20 → 19 / 20")
    assert not any("Knockdown" in line or "Shock" in line for line in hit)
    status = t.reply("/encounter status")
    expect(status, "  ┃ ▶ 1. Big [npc]: HP ▰▰▰▰▱ 19/20 · FP ▰▰▰▰▰ 9/9")
