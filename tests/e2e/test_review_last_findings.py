"""Defects found playing the last fixes through the sandbox, fixed since.

1. R5.9: a Feint is only possible where a real attack could have been made; Alice's spear
   lies on the ground after a knockdown (R7.8), her /attack is refused, and so is her Feint.
2. /combatant show of a GCS fighter with torso DR 2 lists the armor by location, as the
   character's sheet does, not only "DR 0" (R7.24: the vitals follow the torso).
3. (asserted in test_review_last.py) a Portuguese refusal names a skill held in two
   specializations as the roll does: "Sacar Rápido (Knife)", not "Fast-Draw (Knife)".
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused
from tests.e2e.test_review_last import DROPPED, GCS_VITALS


async def test_feint_with_a_dropped_weapon_is_refused_r5_9_r7_8(tmp_path: Path) -> None:
    typed = "/maneuver combatant:Alice maneuver:Feint target:Orc weapon:Spear"
    t = await play(tmp_path, Fight(2, DROPPED.rstrip() + "\n" + typed))
    block = t.reply(typed)
    assert refused(block), "\n".join(block)
    expect(block, "  ┃ — 📖 Look up: /rules R7.8, R5.5")


async def test_combatant_show_lists_the_torso_dr_r7_24(tmp_path: Path) -> None:
    typed = "/combatant show name:Mirela Vask"
    fight = Fight(GCS_VITALS.seed, GCS_VITALS.script.rstrip() + "\n" + typed)
    t = await play(tmp_path, fight)
    expect(t.reply(typed), "  ┃     torso: 2")
