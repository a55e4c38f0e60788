"""Defects found reviewing the week's rule fixes through the sandbox, fixed since: each test
asserts the correct behaviour; before its fix the bot did what the item says.

1. R4.4/R5.11: in his own turn a fighter who chose Wait could still replace it by any maneuver.
2. R7.8: a knocked-down fighter's strapped shield was listed as dropped (its bash refused as
   lying on the ground) while it still blocked and gave its DB.
3. B399/R7.24: a GCS body table without a vitals row gave the vitals DR 0 under torso armor.
4. R4.4: a maneuver the GM set while a blow waited changed the defense rolled, but the
   blow's message kept the old numbers.
5. R7.8/R5.5: the refusal of a dropped weapon's attack suggested another /attack, not a Ready.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_fixes_sheets import SPEAR_AND_AXE, ivy_sheet
from tests.e2e.review_gcs_sheets import WARRIOR
from tests.e2e.review_play import Fight, expect, play, refused

TWO_USAGES = WARRIOR.parent / "two_usages.gcs"

WAIT_THEN_MOVE = Fight(
    11,
    SPEAR_AND_AXE.rstrip()
    + """
    :as alice
    /maneuver combatant:Alice maneuver:Wait trigger:the orc steps in
    /maneuver combatant:Alice maneuver:Move
    /encounter status
    """,
)


async def test_a_wait_is_not_swapped_for_another_maneuver_in_the_same_turn_r4_4(
    tmp_path: Path,
) -> None:
    """R4.4: one maneuver a turn; a Wait becomes only an attack, a Feint or a Ready when set
    off (R5.11; README "a second maneuver before his next turn is refused … To change a
    maneuver, /encounter undo it first"). After Wait, a Move in the same turn is refused
    and the tracker still says Wait. Before the fix: the Move is accepted."""
    t = await play(tmp_path, WAIT_THEN_MOVE)
    second = t.reply("/maneuver combatant:Alice maneuver:Move")
    assert refused(second), "\n".join(second)
    assert any("maneuver: Wait" in line for line in t.reply("/encounter status"))


SHIELD_ON_THE_GROUND = Fight(
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
    """R7.8 drops what he holds; a shield is strapped to the arm (B287), and the bot keeps
    Ivo's Block 8 and DB +1 after the knockdown. Then it is not on the ground: the tracker
    lists only the broadsword and the bow, and the shield bash is allowed. Before the fix: the
    shield is listed as dropped and its bash refused while it still blocks."""
    t = await play(tmp_path, SHIELD_ON_THE_GROUND)
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
    """R7.24 / B399: the vitals lie inside the torso and its armor covers them ("the vitals
    follow the torso", README /armor set). Mirela's GCS body table gives the torso DR 2 and no
    vitals row: 3 impaling to the vitals meets DR 2. Before the fix: the import sets vitals DR 0."""
    t = await play(tmp_path, VITALS)
    expect(t.reply("/damage target:Mirela Vask amount:3 type:imp location:vitals"), "  ┃ DR: 2")


GM_CHANGES_IT = Fight(
    4,
    SPEAR_AND_AXE.rstrip()
    + """
    /encounter next
    /attack attacker:Orc target:Alice
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge
    :as alice
    :click 1
    """,
)


async def test_a_waiting_blow_shows_the_defense_the_gms_maneuver_gives_r4_4(
    tmp_path: Path,
) -> None:
    """R4.4/R5.12: the GM gives Alice All-Out Defense (+2 Dodge) while the orc's blow waits;
    her Dodge is rolled against 11, so the blow's message must offer and show Dodge 11 (the
    README promises buttons "with numbers from the restored state" after an undo; the same
    holds after a change). Before the fix: the message still reads Dodge 9."""
    t = await play(tmp_path, GM_CHANGES_IT)
    click = t.reply(":click 1")
    expect(click, "  ┃     = 11")
    assert any(line.startswith("  ┃ Defenses: Dodge 11") for line in click), "\n".join(click)


async def test_a_dropped_weapons_refusal_suggests_a_ready_r7_8_r5_5(tmp_path: Path) -> None:
    """R7.8/R5.5: Ivy's sword lies on the ground; the refusal says two Readies pick it up, so
    its example should be that Ready (/maneuver … maneuver:Ready weapon:…). Before the fix: it
    suggests "/attack attacker:Knight target:Orc weapon:broadsword location:neck"."""
    fight = Fight(
        3,
        f"""
        /character import file:{ivy_sheet(tmp_path)} owner:alice
        /encounter start name:Uses
        /combatant add character:Ivy
        /combatant add name:Orc st:13 dx:11 iq:9 ht:12
        /encounter next
        /damage target:Ivy amount:7 type:cr location:face
        /combatant condition name:Ivy condition:stunned value:false
        :as alice
        /attack attacker:Ivy target:Orc weapon:Sword (Thrust)
        """,
    )
    t = await play(tmp_path, fight)
    refusal = t.reply("/attack attacker:Ivy target:Orc weapon:Sword (Thrust)")
    assert refused(refusal)
    hint = [line for line in refusal if line.startswith("  ┃ Try, for example:")]
    assert hint, "\n".join(refusal)
    assert "Ready" in hint[0], "\n".join(refusal)
