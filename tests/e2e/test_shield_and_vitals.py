"""A strapped shield on a knockdown (R7.8, B287) and the vitals under torso armor of a GCS
sheet (R7.24, B399), played through the sandbox against the stand-in."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_gcs_sheets import WARRIOR
from tests.e2e.review_play import Fight, expect, play, refused

TWO_USAGES = WARRIOR.parent / "two_usages.gcs"

SHIELD_ON_THE_ARM = Fight(
    1,
    f"""
    /character import file:{WARRIOR} owner:alice
    /character import file:{TWO_USAGES} owner:bob
    /encounter start name:Shield
    /combatant add character:Ivo Brandt
    /combatant add character:Mirela Vask
    /encounter reorder order:Ivo Brandt, Mirela Vask
    /encounter next
    /damage target:Ivo Brandt amount:7 type:cr location:face
    /combatant condition name:Ivo Brandt condition:stunned value:false
    /encounter next
    /attack attacker:Mirela Vask target:Ivo Brandt weapon:Arming Sword (Thrust)
    /encounter next
    :as alice
    /attack attacker:Ivo Brandt target:Mirela Vask weapon:Small Shield (Shield Bash)
    """,
)


async def test_a_strapped_shield_is_not_dropped_on_a_knockdown_r7_8(tmp_path: Path) -> None:
    """R7.8 drops what he holds; a shield is strapped to the arm (B287): after the knockdown
    the tracker lists only the broadsword and the bow, Block 8 keeps the shield's DB, and the
    shield bash (a usage of the shield) is allowed."""
    t = await play(tmp_path, SHIELD_ON_THE_ARM)
    expect(
        t.reply("/combatant condition name:Ivo Brandt condition:stunned value:false"),
        "  ┃ Ivo Brandt [pc] — @Alice: HP 5/12 · FP 12/12 · prone · knocked down · shock -4 ·"
        " dropped: Broadsword, Regular Bow (ST13)",
    )
    expect(
        t.reply("/attack attacker:Mirela Vask target:Ivo Brandt weapon:Arming Sword (Thrust)"),
        "  ┃     Block 8 · base 10 · +1 shield DB (A.4) · -3 posture (B551)",
    )
    bash = t.reply(
        "/attack attacker:Ivo Brandt target:Mirela Vask weapon:Small Shield (Shield Bash)"
    )
    assert not refused(bash), "\n".join(bash)


VITALS = Fight(
    1,
    f"""
    /character import file:{TWO_USAGES}
    /encounter start name:Vitals
    /combatant add character:Mirela Vask
    /damage target:Mirela Vask amount:3 type:imp location:vitals
    """,
)


async def test_torso_armor_covers_the_vitals_of_a_gcs_sheet_r7_24(tmp_path: Path) -> None:
    """R7.24 / B399: the vitals lie inside the torso and its armor covers them. Mirela's GCS
    body table gives the torso DR 2 and no vitals row: 3 impaling to the vitals meets DR 2."""
    t = await play(tmp_path, VITALS)
    expect(t.reply("/damage target:Mirela Vask amount:3 type:imp location:vitals"), "  ┃ DR: 2")
