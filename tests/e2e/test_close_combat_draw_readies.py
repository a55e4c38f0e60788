"""Drawing in close combat is the turn's Ready (R11.22): a weapon that is not in hand gets what
``/maneuver Ready`` gives it, after R11.22's DX roll. Lying on the ground (dropped when knocked
down, R7.8) it takes two Readies, the first picking it up (R5.5); out of hand after a blow
(an unbalanced weapon, R5.5) one Ready brings it back. Weapon names are matched ignoring case.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play

PICKED_UP = Fight(
    1,
    """
    /encounter start name:CT
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant weapon add name:Bruno weapon:Knife skill:13 damage:1d-1 imp reach:C
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:2d cut reach:1
    /encounter next
    :as alice
    /close-combat enter attacker:Bruno target:Orc
    :as gm
    /encounter next
    /damage target:Bruno amount:7 type:cr location:torso
    /encounter next
    /encounter next
    /encounter next
    :as alice
    /close-combat draw combatant:Bruno weapon:knife
    :as gm
    /encounter next
    /encounter next
    :as alice
    :locale pt-BR
    /combate-de-perto sacar combatente:Bruno arma:KNIFE
    :locale en-US
    :as gm
    /encounter next
    /encounter next
    :as alice
    /attack attacker:Bruno target:Orc
    """,
)


async def test_a_knife_on_the_ground_is_picked_up_then_readied_by_two_draws_r11_22_r5_5_r7_8(
    tmp_path: Path,
) -> None:
    """R7.8: a 7-point major wound, HT 11 rolled 12: Bruno is knocked down and drops his
    knife. R11.22: the first draw (typed ``knife``, the sheet says ``Knife``) rolls DX 12: 10,
    success, and, as a Ready, picks the knife up (R5.5: two turns from the ground); the second
    (``KNIFE``, in pt-BR) rolls 10 again and readies it. Then the knife strikes: 13 − 4 prone
    − 2 in close combat = 7 (R11.6)."""
    t = await play(tmp_path, PICKED_UP)
    expect(
        t.reply("/damage target:Bruno amount:7 type:cr location:torso"),
        "  ┃     Knockdown: HT 11 = 11, rolled 12 (1, 6, 5): failure (R7.8)",
    )
    expect(
        t.reply("/close-combat draw combatant:Bruno weapon:knife"),
        "  ┃ Roll: DX 12 = 12, rolled 10 (4, 5, 1): Success",
        "  ┃ Outcome: Knife picked up from the ground: 1 more turn of Ready to have it ready"
        " (R5.5: two turns in all)",
        "  ┃     (R11.22, R5.5)",
        "  ┃ ▶ 1. Bruno [pc] — @Alice: HP ▰▰▱▱▱ 6/13 · FP ▰▰▰▰▰ 11/11 · prone · ⤵️ knocked down"
        " · ⏳ not ready (turns of Ready): Knife (1) · maneuver: Ready · in close combat with Orc",
    )
    expect(
        t.reply("/combate-de-perto sacar combatente:Bruno arma:KNIFE"),
        "  ┃ Teste: DX 12 = 12, tirou 10 (1, 6, 3): Sucesso",
        "  ┃ Desfecho: Knife está preparada de novo (R5.5)",
        "  ┃     (R11.22, R5.5)",
        "  ┃ ▶ 1. Bruno [pc] — @Alice: HP ▰▰▱▱▱ 6/13 · FP ▰▰▰▰▰ 11/11 · prone · ⤵️ knocked down"
        " · maneuver: Ready · in close combat with Orc",
    )
    expect(
        t.reply("/attack attacker:Bruno target:Orc"),
        "  ┃ Weapon: Knife (1d-1 imp)",
        "  ┃     -4 posture (B551)",
        "  ┃     -2 weapon in close combat (R11.6)",
        "  ┃     = 7",
        "  ┃ Attack roll: Rolled 9 (5, 1, 3): miss (by 2)",
    )


OUT_OF_HAND = Fight(
    1,
    """
    /encounter start name:CT
    /combatant add name:Bruno st:10 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant add name:Orc st:16 dx:14 iq:9 ht:12 side:npc
    /combatant weapon add name:Orc weapon:Mace skill:12 damage:2d cr reach:C parry:0U
    /encounter next
    /close-combat enter attacker:Orc target:Bruno
    /encounter next
    /encounter next
    /attack attacker:Orc target:Bruno weapon:mace
    /encounter next
    /encounter next
    /close-combat draw combatant:Orc weapon:mace
    /encounter next
    /encounter next
    /attack attacker:Orc target:Bruno weapon:Mace
    """,
)


async def test_an_unbalanced_mace_out_of_hand_is_back_after_one_draw_r11_22_r5_5(
    tmp_path: Path,
) -> None:
    """R5.5: the Mace (parry 0U) is out of hand after its blow, 1 turn of Ready to go. R11.22:
    the draw in close combat (typed ``mace``) rolls DX 14: 8, success, and is that Ready: the
    Mace is ready again, and strikes in the Orc's next turn (12 − 2 = 10, rolled 10, a hit)."""
    t = await play(tmp_path, OUT_OF_HAND)
    expect(
        t.reply("/attack attacker:Orc target:Bruno weapon:mace"),
        "  ┃ Weapon: Mace (2d cr)",
        "  ┃ Readiness: The Mace is out of hand after the blow: 1 turn(s) of Ready before it"
        " strikes or parries again (R5.5).",
    )
    expect(
        t.reply("/close-combat draw combatant:Orc weapon:mace"),
        "  ┃ Roll: DX 14 = 14, rolled 8 (2, 3, 3): Success",
        "  ┃ Outcome: Mace is ready again (R5.5)",
        "  ┃     (R11.22, R5.5)",
        "  ┃ ▶ 1. Orc [npc]: HP ▰▰▰▰▰ 16/16 · FP ▰▰▰▰▰ 12/12 · maneuver: Ready"
        " · in close combat with Bruno",
    )
    expect(
        t.reply("/attack attacker:Orc target:Bruno weapon:Mace"),
        "  ┃     = 10",
        "  ┃ Attack roll: Rolled 10 (4, 5, 1): hit (by 0)",
        "  [1 Dodge 8] [2 Retreat (+3)] [3 No defense]",
    )
