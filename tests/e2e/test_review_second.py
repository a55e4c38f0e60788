"""Close combat's draw, waking up sunk in deep water, and a Wait set off in close combat,
checked through the sandbox.

- R11.22, R5.5, R7.8: `/close-combat draw` is the turn's Ready: a DX roll first (critical
  failure on 18, 17 up to skill 15, or skill + 10 or more), Fast-Draw after it; a weapon in
  hand and ready is refused privately; one on the ground takes two draws; an unbalanced one
  out of hand after a blow comes back after one; names match ignoring case.
- R9.3, R9.4, R9.2: a sleeper or an unconscious man in deep water sinks at his next second;
  his brain dies 4 minutes (240 s) later; woken, he rolls Swimming at his seconds, and coming
  up stops the clock, asks for First Aid, and past 2 minutes without air an HT roll.
- R5.11, R4.4, R11.*: a close-combat action out of turn only from a Wait; `wait-order`
  compares reach (close combat is C, a sword 1), equal reach a quick contest.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

KNIFE_KNOCKED_OUT_OF_HAND = Fight(
    1,
    """
    /encounter start name:D
    /combatant add name:Ana st:12 dx:12 iq:10 ht:9 hp:12 side:pc
    /combatant weapon add name:Ana weapon:Knife skill:13 damage:1d-1 cut reach:C
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /close-combat enter attacker:Ana target:Orc
    /close-combat draw combatant:ana weapon:knife
    /damage target:Ana amount:7 type:cr
    /encounter next
    /encounter next
    /close-combat draw combatant:Ana weapon:knife
    /maneuver combatant:Ana maneuver:Do Nothing
    /encounter next
    /encounter next
    /close-combat draw combatant:Ana weapon:Knife
    /encounter next
    /encounter next
    /close-combat draw combatant:Ana weapon:kNiFe
    /encounter next
    /encounter next
    /close-combat draw combatant:Ana weapon:KNIFE
""",
)


async def test_knife_on_the_ground_takes_two_draws(tmp_path: Path) -> None:
    """R11.22: the knife in hand has nothing to draw (refused, no Ready spent; `knife`
    matches `Knife`). R7.7/R7.8: 7 injury > 12/2 is a Major Wound, HT 9 rolled 12 fails by 3
    (< 5): knocked down, stunned, the knife dropped. Stunned (R7.10): the draw is refused.
    R5.5: from the ground, DX 12 rolled 10 picks it up (1 Ready left), DX 12 rolled 10
    readies it; then it is in hand again and a third draw is refused."""
    t = await play(tmp_path, KNIFE_KNOCKED_OUT_OF_HAND)
    first = t.reply("/close-combat draw combatant:ana weapon:knife")
    assert refused(first)
    expect(
        first,
        "  ┃ Ana's Knife is already in hand and ready: there is nothing to draw, "
        "and no Ready is spent (R11.22).",
    )
    expect(
        t.reply("/damage target:Ana amount:7 type:cr"),
        "  ┃ HP: 12 → 5 / 12",
        "  ┃     Major wound (R7.7)",
        "  ┃     Knockdown: HT 9 = 9, rolled 12 (1, 6, 5): failure (R7.8)",
        "  ┃     Knocked down and stunned (R7.8).",
        "  ┃ ▶ 1. Ana [pc]: HP ▰▰▱▱▱ 5/12 · FP ▰▰▰▰▰ 9/9 · prone · 💫 stunned · ⤵️ knocked down"
        " · ⚡ shock -4 · 🫳 dropped: Knife · in close combat with Orc",
    )
    stunned = t.reply("/close-combat draw combatant:Ana weapon:knife")
    assert refused(stunned)
    pick_up = t.reply("/close-combat draw combatant:Ana weapon:Knife")
    expect(
        pick_up,
        "  ┃ Roll: DX 12 = 12, rolled 10 (4, 5, 1): Success",
        "  ┃ Outcome: Knife picked up from the ground: 1 more turn of Ready to have it ready"
        " (R5.5: two turns in all)",
        "  ┃ ▶ 1. Ana [pc]: HP ▰▰▱▱▱ 5/12 · FP ▰▰▰▰▰ 9/9 · prone · ⤵️ knocked down"
        " · ⏳ not ready (turns of Ready): Knife (1) · maneuver: Ready · in close combat with Orc",
    )
    expect(
        t.reply("/close-combat draw combatant:Ana weapon:kNiFe"),
        "  ┃ Roll: DX 12 = 12, rolled 10 (1, 6, 3): Success",
        "  ┃ Outcome: Knife is ready again (R5.5)",
        "  ┃ ▶ 1. Ana [pc]: HP ▰▰▱▱▱ 5/12 · FP ▰▰▰▰▰ 9/9 · prone · ⤵️ knocked down"
        " · maneuver: Ready · in close combat with Orc",
    )
    assert refused(t.reply("/close-combat draw combatant:Ana weapon:KNIFE"))


UNBALANCED_AXE_AND_FAST_DRAW = Fight(
    3,
    """
    /encounter start name:D
    /combatant add name:Ana st:12 dx:12 iq:10 ht:11 side:pc
    /combatant weapon add name:Ana weapon:Axe skill:13 damage:sw+2 cut parry:0U reach:1
    /combatant skill add Ana skill:Fast-Draw (Knife) level:14
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 side:npc hp:40
    /encounter next
    /close-combat enter attacker:Ana target:Orc
    /attack attacker:Ana target:Orc weapon:Axe
    :click 2
    /encounter next
    /encounter next
    /attack attacker:Ana target:Orc weapon:Axe
    /close-combat draw combatant:Ana weapon:axe
    /encounter next
    /encounter next
    /close-combat draw combatant:Ana
    /encounter next
    /encounter next
    :locale pt-BR
    /combate-de-perto sacar combatente:Ana arma:Axe
""",
)


async def test_unbalanced_axe_comes_back_after_one_draw(tmp_path: Path) -> None:
    """R5.5: a 0U axe is out of hand after the blow (skill 13 − 2 in close combat, R11.6 = 11);
    the next turn's attack is refused; one draw (DX 12 rolled 9) readies it, no Fast-Draw.
    R11.22: a draw of a weapon not on the sheet: DX 12 rolled 9, then Fast-Draw 14 rolled 11.
    The axe ready again: a draw is refused in pt-BR too."""
    t = await play(tmp_path, UNBALANCED_AXE_AND_FAST_DRAW)
    expect(
        t.reply("/attack attacker:Ana target:Orc weapon:Axe"),
        "  ┃     -2 weapon in close combat (R11.6)",
        "  ┃     = 11",
        "  ┃ Readiness: The Axe is out of hand after the blow: 1 turn(s) of Ready before it"
        " strikes or parries again (R5.5).",
    )
    assert refused(t.reply("/attack attacker:Ana target:Orc weapon:Axe", 2))
    expect(
        t.reply("/close-combat draw combatant:Ana weapon:axe"),
        "  ┃ Roll: DX 12 = 12, rolled 9 (4, 4, 1): Success",
        "  ┃ Outcome: Axe is ready again (R5.5)",
        "  ┃ ▶ 1. Ana [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 11/11 · maneuver: Ready"
        " · in close combat with Orc",
    )
    expect(
        t.reply("/close-combat draw combatant:Ana"),
        "  ┃ Roll: DX 12 = 12, rolled 9 (1, 6, 2): Success",
        "  ┃     Fast-Draw 14, rolled 11 (2, 6, 3): Success",
        "  ┃ Outcome: Drawn at once with Fast-Draw (R11.22).",
    )
    expect(
        t.reply("/combate-de-perto sacar combatente:Ana arma:Axe"),
        "GURPS Combat (/close-combat by gm; only you can see this):",
        "  ┃ Não deu certo",
        "  ┃ A arma Axe de Ana já está em mãos e pronta: não há o que sacar, e nenhuma"
        " manobra Preparar é gasta (R11.22).",
    )


def clumsy_draw(seed: int, defense: str) -> Fight:
    """``defense``: the Orc's answer to the axe, a button when it hit, else a status."""
    return Fight(
        seed,
        f"""
        /encounter start name:D
        /combatant add name:Bob st:12 dx:5 iq:10 ht:11 side:pc
        /combatant weapon add name:Bob weapon:Axe skill:13 damage:sw+2 cut parry:0U
        /combatant add name:Orc st:10 dx:10 iq:10 ht:10 side:npc hp:40
        /encounter next
        /close-combat enter attacker:Orc target:Bob
        /encounter next
        /attack attacker:Bob target:Orc weapon:Axe
        {defense}
        /encounter next
        /encounter next
        /close-combat draw combatant:Bob weapon:Axe
        """,
    )


async def test_critical_failure_at_dx_5_drops_the_axe(tmp_path: Path) -> None:
    """R11.22 / A: DX 5 fails critically on 5 + 10 = 15 or more: rolled 15 → the axe falls to
    the ground (two Readies to come back, R5.5). Rolled 14 is a plain failure: not drawn."""
    dropped = (await play(tmp_path, clumsy_draw(34, "/encounter status"))).reply(
        "/close-combat draw combatant:Bob weapon:Axe"
    )
    expect(
        dropped,
        "  ┃ Roll: DX 5 = 5, rolled 15 (6, 6, 3): Critical failure!",
        "  ┃ Outcome: A critical failure: the weapon falls to the ground (R11.22).",
        "  ┃ ▶ 2. Bob [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 11/11 · 🫳 dropped: Axe"
        " · ⏳ not ready (turns of Ready): Axe (1) · maneuver: Ready · in close combat with Orc",
    )
    failed = (await play(tmp_path, clumsy_draw(10, ":click 3"))).reply(
        "/close-combat draw combatant:Bob weapon:Axe"
    )
    expect(
        failed,
        "  ┃ Roll: DX 5 = 5, rolled 14 (5, 5, 4): Failure",
        "  ┃ Outcome: Not drawn.",
        "  ┃ ▶ 2. Bob [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 11/11"
        " · ⏳ not ready (turns of Ready): Axe (1) · maneuver: Ready · in close combat with Orc",
    )


SLEEPER_SINKS_AND_WAKES = Fight(
    3,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:11 side:pc
    /combatant skill add Ana skill:Swimming level:14
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /combatant condition name:Ana condition:asleep
    /breath drown combatant:Ana
    /encounter status
    /encounter next
    /encounter next
    /encounter next
    /combatant condition name:Ana condition:asleep value:false
    /encounter status
    /encounter next
""",
)


async def test_sleeper_sinks_wakes_and_swims_up(tmp_path: Path) -> None:
    """R9.4: asleep in deep water, no Swimming roll: he sinks at his next second (round 2),
    brain death 240 s later, round 242. Woken by the GM in round 3, at his place in round 4
    Swimming 14 rolled 9 succeeds (R9.3): head above water, 2 s without air (≤ 120 s: no HT
    roll), First Aid for his lungs (R9.2); the tracker no longer shows the brain-death round."""
    t = await play(tmp_path, SLEEPER_SINKS_AND_WAKES)
    expect(
        t.reply("/encounter status"),
        "  ┃ ▶ 1. Ana [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 11/11 · 💤 asleep · 🌊 in deep water,"
        " not conscious: no Swimming roll, he sinks at his next second at his place in the"
        " turn order (R9.4)",
    )
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Ana is asleep in the water and sinks: no air from now on, brain death in round 242"
        " unless he is rescued (R9.4)",
    )
    expect(
        t.reply("/encounter status", 2),
        "  ┃ 1. Ana [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 11/11 · 🌊 sunk in the water, awake again:"
        " brain death in round 242 unless he swims up (a Swimming roll at each of his seconds)"
        " or is rescued (R9.4, R9.3)",
    )
    up = t.reply("/encounter next", 5)
    expect(
        up,
        "  ┃ Round 4: Ana's turn",
        "  ┃ Ana went 2 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
    )
    assert not any("brain damage" in line for line in up)
    assert not any("brain death" in line for line in up)


UNCONSCIOUS_TWO_MINUTES_UNDER = Fight(
    3,
    "\n".join(
        [
            "/encounter start name:W",
            "/combatant add name:Ana st:12 dx:12 iq:10 ht:11 side:pc",
            "/combatant skill add Ana skill:Swimming level:14",
            "/combatant add name:Orc st:10 dx:10 iq:10 ht:10 side:npc",
            "/encounter next",
            "/combatant condition name:Ana condition:unconscious",
            "/breath drown combatant:Ana",
            *["/encounter next"] * 122,
            "/encounter status",
            "/combatant condition name:Ana condition:unconscious value:false",
            "/encounter next",
        ]
    ),
)


async def test_revived_after_two_minutes_rolls_ht_for_iq(tmp_path: Path) -> None:
    """R9.4/R9.2: unconscious, he sinks in round 2 (brain death round 242); revived in round
    122 and up at his place in round 123 with Swimming 14 rolled 9: 121 s without air > 120 s,
    so HT 11 against brain damage, rolled 9: he keeps his IQ; First Aid for his lungs."""
    t = await play(tmp_path, UNCONSCIOUS_TWO_MINUTES_UNDER)
    expect(
        t.reply("/encounter status"),
        "  ┃ Round 122 · 121 s elapsed",
        "  ┃ 1. Ana [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 11/11 · 😵 unconscious · 🌊 fainted in the"
        " water: brain death in round 242 unless he is rescued (R9.4)",
    )
    expect(
        t.reply("/encounter next", 124),
        "  ┃ Round 123: Ana's turn",
        "  ┃ Ana went 121 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
        "  ┃ HT against brain damage: HT 11 = 11, rolled 9 (4, 4, 1): success (R9.2)",
        "  ┃ Ana keeps his IQ (R9.2).",
    )


WAIT_THEN_GRAPPLE = Fight(
    3,
    """
    /encounter start name:X
    /combatant add name:Ana st:12 dx:12 iq:10 ht:11 side:pc
    /combatant add name:Orc st:10 dx:11 iq:10 ht:10 side:npc
    /combatant add name:Gob st:10 dx:10 iq:10 ht:10 side:npc
    /combatant weapon add name:Gob weapon:Sword skill:12 damage:sw+1 cut reach:1
    /encounter next
    /maneuver combatant:Ana maneuver:Wait trigger:a foe steps in
    /encounter next
    /close-combat enter attacker:Orc target:Ana
    /close-combat grapple attacker:Ana target:Orc wait-order:true
    /close-combat grapple attacker:Ana target:Orc
    /encounter next
    /close-combat enter attacker:Gob target:Ana
    /close-combat grapple attacker:Gob target:Ana wait-order:true
""",
)


async def test_wait_grapple_equal_reach_is_a_contest(tmp_path: Path) -> None:
    """R5.11: Ana waits; the bare-handed Orc steps in: reach C against C, a quick contest
    of DX 12 rolled 9 (by 3) against DX 11 rolled 9 (by 2): Ana first. The grapple (R11.2):
    DX 12 + 3 = 15 rolled 9 (+6) against DX 11 rolled 11 (+0): won by 6. Her Wait spent, a
    second grapple in the Orc's turn is refused (R4.4); wait-order from Gob, who did not
    wait, is refused."""
    t = await play(tmp_path, WAIT_THEN_GRAPPLE)
    expect(
        t.reply("/close-combat grapple attacker:Ana target:Orc wait-order:true"),
        "  ┃ Wait: equal reach 0: skill contest 12 rolled 9 vs 11 rolled 9 → Ana strikes first"
        " (R5.11)",
        "  ┃ Contest: Ana: DX 12 · +3 grapple (R11.2) = 15, rolled 9 (1, 6, 2): Success (+6)",
        "  ┃     Orc: DX 11 = 11, rolled 11 (2, 6, 3): Success (+0)",
        "  ┃     Ana wins by 6.",
    )
    assert refused(t.reply("/close-combat grapple attacker:Ana target:Orc"))
    gob = t.reply("/close-combat grapple attacker:Gob target:Ana wait-order:true")
    assert refused(gob)
    expect(
        gob, "  ┃ Gob did not choose Wait this turn: wait-order is for a waiting fighter (R5.11)."
    )


WAIT_AGAINST_A_SWORD = Fight(
    3,
    """
    /encounter start name:X
    /combatant add name:Ana st:12 dx:12 iq:10 ht:11 side:pc
    /combatant add name:Gob st:10 dx:10 iq:10 ht:10 side:npc
    /combatant weapon add name:Gob weapon:Sword skill:12 damage:sw+1 cut reach:1
    /combatant add name:Orc st:10 dx:9 iq:10 ht:10 side:npc
    /encounter next
    /maneuver combatant:Ana maneuver:Wait trigger:a foe steps in
    /encounter next
    /close-combat enter attacker:Gob target:Ana
    /close-combat grapple attacker:Ana target:Gob wait-order:true
    /encounter status
    /close-combat grapple attacker:Ana target:Gob
    /encounter next
    /close-combat enter attacker:Orc target:Ana
    /close-combat takedown attacker:Ana target:Orc wait-order:true
""",
    "pt-BR",
)


async def test_wait_grapple_against_a_sword_goes_second(tmp_path: Path) -> None:
    """R5.11: a grapple has reach C, Gob's sword 1: Gob first, nothing rolled, the Wait stands
    (the tracker still shows it); then the grapple without wait-order: DX 12 + 3 = 15 rolled 9
    (+6) against DX 10 rolled 9 (+1), by 5. The Wait spent, a takedown in the Orc's turn is
    refused (R4.4). In pt-BR."""
    t = await play(tmp_path, WAIT_AGAINST_A_SWORD)
    expect(
        t.reply("/close-combat grapple attacker:Ana target:Gob wait-order:true"),
        "  ┃ Aguardar: alcance 0 contra 1: Gob golpeia primeiro (R5.11)",
        "  ┃ Desfecho: Gob golpeia primeiro: nada foi rolado nem gasto. Resolva a ação dele e"
        " depois repita esta sem ordem-aguardar.",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 1. Ana [pc]: PV ▰▰▰▰▰ 12/12 · PF ▰▰▰▰▰ 11/11 · manobra: Aguardar"
        " · em combate de perto com Gob",
    )
    expect(
        t.reply("/close-combat grapple attacker:Ana target:Gob"),
        "  ┃ Disputa: Ana: DX 12 · +3 segurar (R11.2) = 15, tirou 9 (2, 4, 3): Sucesso (+6)",
        "  ┃     Gob: DX 10 = 10, tirou 9 (4, 4, 1): Sucesso (+1)",
        "  ┃     Ana vence por 5.",
    )
    late = t.reply("/close-combat takedown attacker:Ana target:Orc wait-order:true")
    assert late
    assert "only you can see this" in late[0]
    expect(late, "  ┃ Não deu certo")
