"""Who may act when, in close combat and at range, checked through the sandbox (R4.4, R5.11).

A fighter attacks in his own turn, or from a Wait an enemy sets off (R5.11); every
close-combat action (grapple, takedown, slam, tackle, horn, trample…) is one of the turn's
attacks, like a blow; drawing a weapon in close combat is the turn's Ready (R11.22); stepping
out of the hex is refused while held (R11.1, R11.2), and letting go is no maneuver. Refusals
are private, in the player's language, and change nothing: no die is rolled and the attack is
not spent. The slam family's numbers: R11.13/R11.14 slam with R11.17 collision (a wall that
holds, one that breaks), R11.18 flying tackle, R11.19 trample, R11.20 horn attack.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

BRAWL = """
    /encounter start name:CT
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant weapon add name:Bruno weapon:Knife skill:13 damage:1d-1 imp reach:C
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:2d cut reach:1
"""

GRAPPLE_TURN = Fight(
    7,
    BRAWL.rstrip()
    + """
    /close-combat grapple attacker:Orc target:Bruno
    /encounter next
    /close-combat grapple attacker:Orc target:Bruno
    :as alice
    /close-combat grapple attacker:Bruno target:Orc
    /close-combat grapple attacker:Bruno target:Orc
    /close-combat takedown attacker:Bruno target:Orc
    /attack attacker:Bruno target:Orc
    /close-combat slam attacker:Bruno target:Orc
    :as gm
    /encounter next
    /close-combat break-free combatant:Orc
    /attack attacker:Orc target:Bruno
    :as alice
    /close-combat takedown attacker:Bruno target:Orc
    :locale pt-BR
    /close-combat takedown attacker:Bruno target:Orc
    /attack attacker:Bruno target:Orc
    """,
)


async def test_a_grapple_is_the_turns_one_attack_r4_4_r11_2(tmp_path: Path) -> None:
    """R4.4: before his first turn the orc grapples nobody once round 1 has begun. R11.2:
    Bruno DX 12 + 3 = 15 rolls 6 (made by 9) against the orc's DX 11 rolling 5 (made by 6):
    wins by 3. That grapple was his turn's one attack: a second grapple, a takedown, a knife
    blow and a slam are refused. R11.11 in the orc's turn: ST 12 rolls 9 (+3) against 13
    rolling 12 (+1): free by 2, and the break-free was his attack too. Bruno cannot take him
    down in the orc's turn (English and Portuguese)."""
    t = await play(tmp_path, GRAPPLE_TURN)
    early = t.reply("/close-combat grapple attacker:Orc target:Bruno", 2)
    assert refused(early)
    expect(
        early,
        "  ┃ Orc's first turn has not come yet: he acts in close combat when his turn comes,"
        " one maneuver a turn (R4.4). The GM can let this action through with the"
        " extra-attack option.",
    )
    expect(
        t.reply("/close-combat grapple attacker:Bruno target:Orc"),
        "  ┃ Contest: Bruno: DX 12 · +3 grapple (R11.2) = 15, rolled 6 (1, 4, 1): Success (+9)",
        "  ┃     Orc: DX 11 = 11, rolled 5 (3, 1, 1): Success (+6)",
        "  ┃     Bruno wins by 3.",
    )
    spent = (
        "  ┃ Bruno has no attacks left this turn (1 allowed, R4.4): a grapple, a takedown, a pin,"
        " a slam… is one of the turn's attacks, as a blow is (R4.4). The GM can allow one more"
        " with the extra-attack option."
    )
    for typed in (
        "/close-combat takedown attacker:Bruno target:Orc",
        "/close-combat slam attacker:Bruno target:Orc",
    ):
        assert refused(t.reply(typed))
        expect(t.reply(typed), spent)
    second = t.reply("/close-combat grapple attacker:Bruno target:Orc", 2)
    assert refused(second)
    expect(second, spent)
    blow = t.reply("/attack attacker:Bruno target:Orc")
    assert refused(blow)
    expect(
        blow,
        "  ┃ Bruno has no attacks left this turn (1 allowed, R4.4). The GM can allow one more"
        " with the extra-attack option.",
    )
    expect(
        t.reply("/close-combat break-free combatant:Orc"),
        "  ┃ Contest: Orc: ST 12 = 12, rolled 9 (3, 5, 1): Success (+3)",
        "  ┃     Bruno: ST 13 = 13, rolled 12 (2, 4, 6): Success (+1)",
        "  ┃     Orc wins by 2.",
        "  ┃ Outcome: Orc is free of Bruno and may step one hex (R11.11).",
    )
    assert refused(t.reply("/attack attacker:Orc target:Bruno"))
    out_of_turn = t.reply("/close-combat takedown attacker:Bruno target:Orc", 2)
    assert refused(out_of_turn)
    expect(
        out_of_turn,
        "  ┃ It is Orc's turn, not Bruno's: stepping into or out of a foe's hex, grappling,"
        " slamming and drawing are done in his own turn, with his maneuver (R4.4), or from a"
        " Wait an enemy sets off (R5.11). The GM can let this action through with the"
        " extra-attack option.",
    )
    em_portugues = t.reply("/close-combat takedown attacker:Bruno target:Orc", 3)
    assert em_portugues[0].endswith("only you can see this):")
    expect(
        em_portugues,
        "  ┃ Não deu certo",
        "  ┃ A vez é de Orc, não de Bruno: entrar no hexágono de um inimigo ou sair dele,"
        " segurar, dar um encontrão ou sacar uma arma se faz no próprio turno, com a manobra"
        " dele (R4.4), ou a partir de um Aguardar que um inimigo dispara (R5.11). O Mestre pode"
        " liberar esta ação com a opção ataque-extra.",
    )
    expect(
        t.reply("/attack attacker:Bruno target:Orc", 2),
        "  ┃ Não deu certo",
        "  ┃ A vez é de Orc, não de Bruno: cada combatente ataca no próprio turno, uma manobra por"
        " turno (R4.4), ou a partir de um Aguardar que um inimigo dispara (R5.11). Avance com"
        " /encontro proximo até chegar a vez de Bruno; o Mestre pode liberar este ataque com a"
        " opção ataque-extra.",
    )


REFUSALS = """
    /encounter start name:E
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 hp:30 side:npc
    /encounter next
    :as alice{refused}
    /close-combat slam attacker:Bruno target:Orc moved:3 tackle:true dodge:true from:rear
    :as gm
    /encounter next
    /close-combat grapple attacker:Orc target:Bruno
"""
REFUSED = """
    /close-combat trample attacker:Bruno target:Orc weight:80 target-weight:70
    /close-combat pin attacker:Bruno target:Orc
    /close-combat choke attacker:Bruno target:Orc
    /close-combat takedown attacker:Bruno target:Orc
"""
TACKLE = "/close-combat slam attacker:Bruno target:Orc moved:3 tackle:true dodge:true from:rear"


async def test_refused_actions_roll_nothing_and_spend_nothing_r4_4(tmp_path: Path) -> None:
    """A trample by a man (not twice the orc's weight and size, R11.19), a pin or choke or
    takedown without a grapple (R11.8–R11.10) are refused: the same seed then rolls the same
    dice for the tackle as a fight without them, and the tackle is still allowed (the turn's
    attack was not spent). R11.18 from the rear: no Dodge, it hits; ST 13 + 2 (moved 3) + 2
    (rear) + 2 (tackle) = 19 rolls 14 (+5) against ST 12 rolling 17 (critical failure, −5):
    wins by 10, both on the ground. R11.2 next turn: the orc grapples the fallen Bruno at
    DX 11 + 6 = 17."""
    with_refusals = await play(tmp_path, Fight(5, REFUSALS.format(refused=REFUSED.rstrip())))
    for typed in REFUSED.strip().splitlines():
        assert refused(with_refusals.reply(typed.strip()))
    expect(
        with_refusals.reply(
            "/close-combat trample attacker:Bruno target:Orc weight:80 target-weight:70"
        ),
        "  ┃ Bruno is not twice Orc's weight and size (Size Modifier 2 more): no trampling"
        " (R11.19).",
    )
    (tmp_path / "plain").mkdir()
    plain = await play(tmp_path / "plain", Fight(5, REFUSALS.format(refused="")))
    tackle = [
        "  ┃ To hit: From the rear: it hits without a roll (R11.13).",
        "  ┃ ST contest: Bruno: ST 13 · +2 moved more than 1 hex (R11.14) · +2 from the rear"
        " (R11.14) · +2 flying tackle (R11.18) = 19, rolled 14 (4, 5, 5): Success (+5)",
        "  ┃     Orc: ST 12 = 12, rolled 17 (6, 5, 6): Critical failure! (-5)",
        "  ┃     Bruno wins by 10.",
        "  ┃ Result: On the ground: Bruno, Orc.",
    ]
    grapple = (
        "  ┃ Contest: Orc: DX 11 · +6 grapple, foe down (R11.2) = 17, rolled 10 (1, 3, 6):"
        " Success (+7)"
    )
    for t in (with_refusals, plain):
        expect(t.reply(TACKLE), *tackle)
        expect(t.reply("/close-combat grapple attacker:Orc target:Bruno"), grapple)


WAIT = Fight(
    7,
    """
    /encounter start name:W
    /combatant add name:Spear st:11 dx:13 iq:10 ht:12 side:pc owner:alice
    /combatant weapon add name:Spear weapon:Spear skill:13 damage:1d+1 imp reach:2
    /combatant add name:Orc st:12 dx:11 iq:9 ht:11 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:2d cut reach:1
    /encounter next
    :as alice
    /maneuver combatant:Spear maneuver:Wait trigger:orc steps in
    :as gm
    /encounter next
    :as alice
    /attack attacker:Spear target:Orc wait-order:true
    /attack attacker:Spear target:Orc
    :as gm
    :click 4
    :as alice
    /close-combat grapple attacker:Spear target:Orc
    /maneuver combatant:Spear maneuver:Wait trigger:again
    """,
)


async def test_a_wait_gives_one_attack_in_the_foes_turn_r5_11(tmp_path: Path) -> None:
    """R5.11: the spearman Waits; in the orc's turn his reach 2 strikes before the axe's 1:
    skill 13 rolls 7, hit; no defense: 1d+1 rolled 1 + 1 = 2 imp ×2 = 4 (HP 12 → 8, shock −4,
    R7.6). That was the Wait's one attack: another blow or a grapple in the orc's turn, or a
    second maneuver, are refused (R4.4)."""
    t = await play(tmp_path, WAIT)
    expect(
        t.reply("/attack attacker:Spear target:Orc wait-order:true"),
        "  ┃ Wait: reach 2 against 1: Spear strikes first (R5.11)",
        "  ┃ Attack roll: Rolled 7 (2, 1, 4): hit (by 6)",
    )
    expect(
        t.reply(":click 4"),
        "  ┃ Basic damage: 1d+1 → 2 imp (1)",
        "  ┃ Injury: 4",
        "  ┃ HP: 12 → 8 / 12",
        "  ┃ Consequences: Shock -4 on the next turn (R7.6)",
    )
    again = t.reply("/attack attacker:Spear target:Orc")
    assert refused(again)
    expect(
        again,
        "  ┃ It is Orc's turn, not Spear's: a fighter strikes in his own turn, one maneuver a turn"
        " (R4.4), or from a Wait that an enemy sets off (R5.11). Go on with /encounter next until"
        " it is Spear's turn; the GM can let this attack through with the extra-attack option.",
    )
    assert refused(t.reply("/close-combat grapple attacker:Spear target:Orc"))
    # The Wait became the blow: a new maneuver waits for his own turn, like a blow (R4.4).
    second = t.reply("/maneuver combatant:Spear maneuver:Wait trigger:again")
    assert refused(second)
    expect(
        second,
        "  ┃ It is Orc's turn, not Spear's: a fighter chooses his maneuver in his own turn, one a"
        " turn, and it governs his defenses until his next turn (R4.4, R4.5); only a Wait an"
        " enemy sets off acts sooner (R5.11). Go on with /encounter next until it is Spear's"
        " turn; the GM can set it for him now only if he chose none in his last turn (else"
        " /encounter undo first).",
    )


WAIT_GRAPPLE = Fight(
    11,
    """
    /encounter start name:W
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:2d cut reach:1
    /encounter next
    :as alice
    /maneuver combatant:Bruno maneuver:Wait trigger:orc comes near
    :as gm
    /encounter next
    :as alice
    /close-combat grapple attacker:Bruno target:Orc
    /close-combat takedown attacker:Bruno target:Orc
    :as gm
    /encounter next
    :as alice
    /maneuver combatant:Bruno maneuver:Wait trigger:orc moves
    :locale pt-BR
    /maneuver combatant:Bruno maneuver:Wait trigger:orc moves
    """,
)


async def test_a_wait_sets_off_a_grapple_but_no_wait_in_close_combat_r5_11_r11_24(
    tmp_path: Path,
) -> None:
    """R5.11: Bruno Waits and grapples the orc in the orc's turn: DX 12 + 3 = 15 rolls 13 (+2)
    against DX 11 rolling 11 (+0): wins by 2 (R11.2). The takedown after it is refused (R4.4).
    In close combat he cannot Wait again (R11.24), in either language."""
    t = await play(tmp_path, WAIT_GRAPPLE)
    expect(
        t.reply("/close-combat grapple attacker:Bruno target:Orc"),
        "  ┃ Contest: Bruno: DX 12 · +3 grapple (R11.2) = 15, rolled 13 (3, 4, 6): Success (+2)",
        "  ┃     Orc: DX 11 = 11, rolled 11 (3, 4, 4): Success (+0)",
        "  ┃     Bruno wins by 2.",
    )
    assert refused(t.reply("/close-combat takedown attacker:Bruno target:Orc"))
    english = t.reply("/maneuver combatant:Bruno maneuver:Wait trigger:orc moves")
    assert refused(english)
    expect(english, "  ┃ That maneuver is not possible in close combat (R11.24).")
    expect(
        t.reply("/maneuver combatant:Bruno maneuver:Wait trigger:orc moves", 2),
        "  ┃ Não deu certo",
        "  ┃ Essa manobra não é possível em combate de perto (R11.24).",
    )


DRAW = Fight(
    3,
    BRAWL.rstrip()
    + """
    /encounter next
    :as alice
    /close-combat enter attacker:Bruno target:Orc
    /close-combat draw combatant:Bruno
    /attack attacker:Bruno target:Orc
    /close-combat grapple attacker:Bruno target:Orc
    :as gm
    /encounter next
    :as alice
    /close-combat draw combatant:Bruno
    /close-combat leave combatant:Bruno foe:Orc
    :as gm
    /encounter next
    :as alice
    /attack attacker:Bruno target:Orc
    /close-combat draw combatant:Bruno
    /close-combat leave combatant:Bruno foe:Orc
    """,
)


async def test_drawing_in_close_combat_is_the_turns_ready_r11_22_r11_1(tmp_path: Path) -> None:
    """R11.22: Bruno steps in (R11.1) and draws: DX 12 rolls 9, drawn. That Ready was his
    maneuver: no knife blow and no grapple after it, and in the orc's turn he neither draws nor
    steps out (R4.4). Next turn the knife strikes at 13 − 2 = 11 (R11.6), rolls 9, and only a
    Dodge answers it (R11.12); a draw after the blow is refused, but he may still step away
    after attacking (R11.1)."""
    t = await play(tmp_path, DRAW)
    expect(
        t.reply("/close-combat draw combatant:Bruno"),
        "  ┃ Roll: DX 12 = 12, rolled 9 (2, 4, 3): Success",
        "  ┃ Outcome: Drawn: a Ready readies it this turn (R11.22).",
    )
    one_maneuver = (
        "  ┃ Bruno has already chosen this turn's maneuver: one maneuver a turn (R4.4), and it"
        " lasts until Bruno's next turn. To change it, /encounter undo first."
    )
    for typed in (
        "/attack attacker:Bruno target:Orc",
        "/close-combat grapple attacker:Bruno target:Orc",
    ):
        assert refused(t.reply(typed))
        expect(t.reply(typed), one_maneuver)
    assert refused(t.reply("/close-combat draw combatant:Bruno", 2))
    assert refused(t.reply("/close-combat leave combatant:Bruno foe:Orc"))
    expect(
        t.reply("/attack attacker:Bruno target:Orc", 2),
        "  ┃     -2 weapon in close combat (R11.6)",
        "  ┃     = 11",
        "  ┃ Attack roll: Rolled 9 (4, 4, 1): hit (by 2)",
        "  ┃     Parry (Axe): in close combat only Dodge (and bare-handed parries) (R11.12)",
        "  [1 Dodge 8] [2 Retreat (+3)] [3 No defense]",
    )
    late_draw = t.reply("/close-combat draw combatant:Bruno", 3)
    assert refused(late_draw)
    expect(late_draw, one_maneuver)
    expect(
        t.reply("/close-combat leave combatant:Bruno foe:Orc", 2),
        "  ┃ Outcome: Bruno is out of Orc's hex.",
    )


HELD = Fight(
    3,
    BRAWL.rstrip()
    + """
    /encounter next
    :as alice
    /close-combat grapple attacker:Bruno target:Orc
    :as gm
    /encounter next
    /close-combat leave combatant:Orc foe:Bruno
    :locale pt-BR
    /close-combat leave combatant:Orc foe:Bruno
    :locale en-US
    :as alice
    /close-combat release holder:Bruno held:Orc
    :as gm
    /close-combat leave combatant:Orc foe:Bruno
    /attack attacker:Orc target:Bruno
    """,
)


async def test_held_he_cannot_step_out_letting_go_is_no_maneuver_r11_1_r11_2(
    tmp_path: Path,
) -> None:
    """R11.2: Bruno grapples (15 rolls 9, +6, against 11 rolling 9, +2). In the orc's turn he
    may not leave the hex (English and Portuguese); Bruno lets go in the orc's turn, which
    is no maneuver; the orc then steps out and strikes with his reach-1 axe, at full skill 12
    with no close-combat penalty (R11.1 b)."""
    t = await play(tmp_path, HELD)
    expect(
        t.reply("/close-combat grapple attacker:Bruno target:Orc"),
        "  ┃     Bruno wins by 4.",
    )
    held = t.reply("/close-combat leave combatant:Orc foe:Bruno")
    assert refused(held)
    expect(held, "  ┃ Bruno holds Orc: break free first (R11.2).")
    expect(
        t.reply("/close-combat leave combatant:Orc foe:Bruno", 2),
        "  ┃ Não deu certo",
        "  ┃ Bruno segura Orc: desvencilhe-se primeiro (R11.2).",
    )
    expect(
        t.reply("/close-combat release holder:Bruno held:Orc"),
        "  ┃ Outcome: Bruno lets go of Orc; they stay in close combat.",
    )
    expect(
        t.reply("/close-combat leave combatant:Orc foe:Bruno", 3),
        "  ┃ Outcome: Orc is out of Bruno's hex.",
    )
    expect(
        t.reply("/attack attacker:Orc target:Bruno"),
        "  ┃ Effective skill: Skill 12",
        "  ┃     = 12",
        "  ┃ Attack roll: Rolled 9 (1, 6, 2): hit (by 3)",
    )


SERIES = Fight(
    5,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:M
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant weapon add name:Bruno weapon:Knife skill:16 damage:1d-1 imp reach:C
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 hp:40 side:npc
    /close-combat enter attacker:Bruno target:Orc
    /encounter next
    :as alice
    /close-combat grapple attacker:Bruno target:Orc
    /attack attacker:Bruno target:Orc
    /attack attacker:Bruno target:Orc
    /attack attacker:Bruno target:Orc extra-attack:true
    :as gm
    /attack attacker:Bruno target:Orc extra-attack:true
    """,
)


async def test_extra_attacks_let_him_grapple_then_strike_r5_14_r4_4(tmp_path: Path) -> None:
    """R5.14 (cinematic multiple attacks): one allowance a turn, counted by the skill of the
    turn's first attack. The grapple (15 rolls 14, +1, against 11 rolling 17, critical
    failure −6: by 7) is the first, by DX 12: 1 extra, 2 attacks, though the knife (16) would
    give 3. The knife strikes at 16 − 2 = 14 (R11.6) as attack 2 of 2, and the grappled orc
    has no Retreat (R11.12); a third is refused with the same 2, and needs the GM: the
    player's extra-attack is refused, the GM's goes through."""
    t = await play(tmp_path, SERIES)
    expect(
        t.reply("/close-combat grapple attacker:Bruno target:Orc"),
        "  ┃     Orc: DX 11 = 11, rolled 17 (6, 5, 6): Critical failure! (-6)",
        "  ┃     Bruno wins by 7.",
    )
    expect(
        t.reply("/attack attacker:Bruno target:Orc"),
        "  ┃     = 14",
        "  ┃ Attack roll: Rolled 10 (1, 3, 6): hit (by 4)",
        "  ┃ Multiple attacks: attack 2 of 2 · initiative step 4.75 (R5.14, R5.23)",
        "  ┃     Retreat not possible: no Retreat while grappled (R11.12)",
    )
    third = t.reply("/attack attacker:Bruno target:Orc", 2)
    assert refused(third)
    expect(
        third,
        "  ┃ Bruno has no attacks left this turn (2 allowed, R5.14). The GM can allow one more"
        " with the extra-attack option.",
    )
    player = t.reply("/attack attacker:Bruno target:Orc extra-attack:true")
    assert refused(player)
    expect(
        t.reply("/attack attacker:Bruno target:Orc extra-attack:true", 2),
        "  ┃ Multiple attacks: attack 3, past the 2 this turn allows · initiative step 3.75",
    )


RANGED = Fight(
    3,
    """
    /encounter start name:S
    /combatant add name:Archer st:11 dx:13 iq:10 ht:12 side:pc owner:alice
    /combatant weapon add name:Archer weapon:Bow skill:14 damage:1d+2 imp accuracy:2 launcher:Bow
    /combatant weapon add name:Archer weapon:Dagger skill:13 damage:1d-1 imp thrown:true range:11/22
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 hp:40 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:2d cut reach:1
    /encounter next
    /throw attacker:Orc target:Archer weapon:Axe
    :as alice
    /shoot attacker:Archer target:Orc weapon:Bow distance:10
    :as gm
    :click No defense
    :as alice
    /shoot attacker:Archer target:Orc weapon:Bow distance:10
    /throw attacker:Archer target:Orc weapon:Dagger distance:3
    /close-combat slam attacker:Archer target:Orc
    :as gm
    /encounter next
    :as alice
    /throw attacker:Archer target:Orc weapon:Dagger distance:3
    :locale pt-BR
    /shoot attacker:Archer target:Orc weapon:Bow distance:10
    :locale en-US
    :as gm
    /throw attacker:Archer target:Orc weapon:Dagger distance:3 extra-attack:true
    """,
)


async def test_shots_and_throws_keep_the_turn_and_the_gms_extra_attack_r4_4(
    tmp_path: Path,
) -> None:
    """R4.4: the orc throws nothing before his first turn. The archer shoots once (no defense:
    1d+2 rolled 4 + 2 = 6 imp ×2 = 12, HP 40 → 28); a second shot, a thrown dagger or a slam in
    the same turn are refused, and so are a throw and a shot in the orc's turn (Portuguese
    too), until the GM lets the throw through: attack 2, past the 1 allowed."""
    t = await play(tmp_path, RANGED)
    early = t.reply("/throw attacker:Orc target:Archer weapon:Axe")
    assert refused(early)
    expect(
        early,
        "  ┃ Orc's first turn has not come yet: a fighter attacks when his turn comes, one"
        " maneuver a turn (R4.4). Go on with /encounter next until it is Orc's turn; the GM can"
        " let this attack through with the extra-attack option.",
    )
    expect(t.reply(":click No defense"), "  ┃ Injury: 12", "  ┃ HP: 40 → 28 / 40")
    for typed in (
        "/throw attacker:Archer target:Orc weapon:Dagger distance:3",
        "/close-combat slam attacker:Archer target:Orc",
    ):
        assert refused(t.reply(typed))
    second = t.reply("/shoot attacker:Archer target:Orc weapon:Bow distance:10", 2)
    assert refused(second)
    expect(
        second,
        "  ┃ Archer has no attacks left this turn (1 allowed, R4.4). The GM can allow one more"
        " with the extra-attack option.",
    )
    assert refused(t.reply("/throw attacker:Archer target:Orc weapon:Dagger distance:3", 2))
    expect(
        t.reply("/shoot attacker:Archer target:Orc weapon:Bow distance:10", 3),
        "  ┃ Não deu certo",
        "  ┃ A vez é de Orc, não de Archer: cada combatente ataca no próprio turno, uma manobra"
        " por turno (R4.4), ou a partir de um Aguardar que um inimigo dispara (R5.11). Avance"
        " com /encontro proximo até chegar a vez de Archer; o Mestre pode liberar este ataque"
        " com a opção ataque-extra.",
    )
    expect(
        t.reply("/throw attacker:Archer target:Orc weapon:Dagger distance:3 extra-attack:true"),
        "  ┃ Multiple attacks: attack 2, past the 1 this turn allows · initiative step 5.25",
    )


SLAMS = Fight(
    1,
    """
    /encounter start name:SL
    /combatant add name:Ogre st:20 dx:12 iq:8 ht:12 hp:25 side:pc owner:alice
    /combatant add name:Gob st:8 dx:10 iq:9 ht:10 hp:20 side:npc
    /encounter next
    :as alice
    /close-combat slam attacker:Ogre target:Gob moved:5 from:rear into-wall:true
    :as gm
    /encounter next
    /encounter next
    :as alice
    /close-combat slam attacker:Ogre target:Gob moved:8 into-wall:true object-breaks:true
    """,
)


async def test_slams_into_a_wall_that_holds_and_one_that_breaks_r11_13_r11_17(
    tmp_path: Path,
) -> None:
    """R11.13/R11.14, from the rear: no DX roll; ST 20 + 2 (moved 5) + 2 (rear) = 24 rolls 12
    (+12) against ST 8 rolling 8 (+0): by 12. ST 24 rolls 10, kept his feet; new contest won:
    floor(12/2) = 6 hexes, capped at his speed 5. R11.17: 5 hex/s = 18 km/h → 2d, rolled
    5 + 2 = 7, crushing, no hit location: HP 20 → 13, shock −3 (HP 20: per 2 HP, R7.6).
    Round 2, the goblin down (−2): DX 12 rolls 13 (−1) against 8 rolling 11 (−3); ST 22 rolls 8
    (+14) against 8 rolling 6 (+2): by 12, 6 hexes (speed 8) = 21.6 km/h → 2d rolled 4 + 2 = 6;
    the wall breaks: half, 3 to him, and he goes on at 3 hex/s (HP 13 → 10)."""
    t = await play(tmp_path, SLAMS)
    expect(
        t.reply("/close-combat slam attacker:Ogre target:Gob moved:5 from:rear into-wall:true"),
        "  ┃ To hit: From the rear: it hits without a roll (R11.13).",
        "  ┃ ST contest: Ogre: ST 20 · +2 moved more than 1 hex (R11.14) · +2 from the rear"
        " (R11.14) = 24, rolled 12 (1, 6, 5): Success (+12)",
        "  ┃     Gob: ST 8 = 8, rolled 8 (2, 3, 3): Success (+0)",
        "  ┃     Ogre wins by 12.",
        "  ┃ Result: Ogre rolls ST 24 not to fall as well: 10 (4, 5, 1), Success",
        "  ┃     New ST contest, 24 rolled 10 against 8 rolled 9: the winner throws him back"
        " (R11.13)",
        "  ┃     On the ground: Gob.",
        "  ┃     Gob is thrown back 5 hexes.",
        "  ┃     Gob flies into it at 5 hex/s (18 km/h): 2d collision damage, rolled 7 (5, 2);"
        " the object takes the same 7 (R11.17).",
        "  ┃     It holds: 7 crushing to him (R11.17).",
        "  ┃ Basic damage: 7 cr",
        "  ┃ HP: 20 → 13 / 20",
        "  ┃ Consequences: Shock -3 on the next turn (R7.6)",
    )
    expect(
        t.reply(
            "/close-combat slam attacker:Ogre target:Gob moved:8 into-wall:true object-breaks:true"
        ),
        "  ┃ To hit: Ogre: DX 12 = 12, rolled 13 (6, 6, 1): Failure (-1)",
        "  ┃     Gob: DX 10 · -2 down, or slammed from the side (R11.13) = 8, rolled 11"
        " (1, 4, 6): Failure (-3)",
        "  ┃ ST contest: Ogre: ST 20 · +2 moved more than 1 hex (R11.14) = 22, rolled 8 (3, 2, 3):"
        " Success (+14)",
        "  ┃     Ogre wins by 12.",
        "  ┃     Gob is thrown back 6 hexes.",
        "  ┃     Gob flies into it at 6 hex/s (21.6 km/h): 2d collision damage, rolled 6 (4, 2);"
        " the object takes the same 6 (R11.17).",
        "  ┃     It breaks: his damage and his speed are halved, 3 crushing to him, and he goes on"
        " at 3 hex/s (R11.17).",
        "  ┃ HP: 13 → 10 / 20",
    )


CHARGE = "/close-combat horn attacker:Bull target:Ana moved:10 horn-mod:2 weight:600"
TROT = (
    "/close-combat horn attacker:Bull target:Ana moved:3 horn-mod:2 weight:600 from:rear"
    " sharp:true strikes:a heavy object"
)
HORNS = Fight(
    1,
    f"""
    /encounter start name:H
    /combatant add name:Bull st:25 dx:10 iq:4 ht:13 hp:30 side:npc basic-speed:7 size-modifier:1
    /combatant add name:Ana st:10 dx:12 iq:10 ht:11 hp:20 side:pc owner:alice
    /encounter next
    {CHARGE} from:rear into-wall:true
    {CHARGE}
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    {TROT}
    """,
)


async def test_horn_attack_charging_and_trotting_r11_20(tmp_path: Path) -> None:
    """R11.20: a 600 kg bull tramples for 1d+1 (R11.19), +2 horns = 1d+3. Charging 10 hexes from
    the rear: ST 25 + 2 + 2 = 29 rolls 12 (+17) against 10 rolling 8 (+2): by 15, thrown
    floor(15/2) = 7 hexes into a wall: the horns first, rolled 5 + 3 = 8, doubled at 10
    hexes: 16 crushing (no R7.14 knockback on top of the slam's); HT 13 rolls 14, stunned;
    then the wall at 25.2 km/h → 3d, 11 (R11.17). One horn attack a turn
    (R4.4). Stunned, the bull does nothing until his HT roll recovers him (R7.10). Trotting 3
    hexes with sharp horns into a tree: by 21, thrown 3 hexes (his speed); horns 6 + 3 = 9
    halved: 4 impaling; HT 13 + 5 = 18 rolls 13; winning the contest, no hurt to him."""
    t = await play(tmp_path, HORNS)
    expect(
        t.reply(
            "/close-combat horn attacker:Bull target:Ana moved:10 horn-mod:2 weight:600"
            " from:rear into-wall:true"
        ),
        "  ┃ ST contest: Bull: ST 25 · +2 moved more than 1 hex (R11.14) · +2 from the rear"
        " (R11.14) = 29, rolled 12 (1, 6, 5): Success (+17)",
        "  ┃     Bull wins by 15.",
        "  ┃     Ana is thrown back 7 hexes.",
        "  ┃ Damage: Horns 1d+3, rolled 8 ×2: 16 crushing (R11.20)",
        "  ┃     Bull rolls HT 13: 14 (2, 6, 6), Failure",
        "  ┃ Collision: Ana flies into it at 7 hex/s (25.2 km/h): 3d collision damage, rolled 11"
        " (6, 3, 2); the object takes the same 11 (R11.17).",
        "  ┃ HP: 20 → 4 / 20",
        "  ┃ HP: 4 → -7 / 20",
    )
    again = t.reply("/close-combat horn attacker:Bull target:Ana moved:10 horn-mod:2 weight:600")
    assert refused(again)
    expect(
        t.reply(
            "/close-combat horn attacker:Bull target:Ana moved:3 horn-mod:2 weight:600"
            " from:rear sharp:true strikes:a heavy object"
        ),
        "  ┃     Bull wins by 21.",
        "  ┃     Ana is thrown back 3 hexes.",
        "  ┃     Should he hit a wall or the ground at that speed: 1d collision damage (R11.17).",
        "  ┃ Damage: Horns 1d+3, rolled 9 ×1/2: 4 impaling (R11.20)",
        "  ┃     Bull rolls HT 18: 13 (3, 5, 5), Success",
        "  ┃     Bull hit a large heavy object but did not lose the ST contest by 10 or more: no"
        " damage to it (R11.20).",
        "  ┃ Injury: 8",
        "  ┃ HP: -7 → -15 / 20",
    )


TACKLES = Fight(
    1,
    """
    /encounter start name:T
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 hp:30 side:npc
    /encounter next
    :as alice
    /close-combat slam attacker:Bruno target:Orc moved:4 tackle:true dodge:true
    /close-combat slam attacker:Bruno target:Orc moved:4 tackle:true
    :as gm
    /encounter next
    /close-combat slam attacker:Orc target:Bruno moved:3 tackle:true
    """,
)


async def test_flying_tackles_r11_18(tmp_path: Path) -> None:
    """R11.18: the orc tries to Dodge (5.75 → 5 + 3 = 8), rolls 12 and fails: ST contest at
    13 + 2 (moved 4) + 2 (tackle) = 17 rolling 8 (+9) against 12 − 2 (failed Dodge) = 10
    rolling 10 (+0): both on the ground. One tackle a turn (R4.4). The orc's tackle at the
    fallen Bruno (−2, R11.13): 11 rolls 10 (+1) against 10 rolling 9 (+1), a tie: it misses
    and the tackler falls."""
    t = await play(tmp_path, TACKLES)
    expect(
        t.reply("/close-combat slam attacker:Bruno target:Orc moved:4 tackle:true dodge:true"),
        "  ┃ Dodge: Orc tries to Dodge: 8, rolled 12 (1, 6, 5): Failure",
        "  ┃ ST contest: Bruno: ST 13 · +2 moved more than 1 hex (R11.14) · +2 flying tackle"
        " (R11.18) = 17, rolled 8 (2, 3, 3): Success (+9)",
        "  ┃     Orc: ST 12 · -2 failed Dodge (R11.18) = 10, rolled 10 (4, 5, 1): Success (+0)",
        "  ┃     Bruno wins by 9.",
        "  ┃ Result: On the ground: Bruno, Orc.",
        "  ┃ Outcome: The tackle hits; the tackler is on the ground either way (R11.18).",
    )
    assert refused(t.reply("/close-combat slam attacker:Bruno target:Orc moved:4 tackle:true"))
    expect(
        t.reply("/close-combat slam attacker:Orc target:Bruno moved:3 tackle:true"),
        "  ┃ To hit: Orc: DX 11 = 11, rolled 10 (1, 6, 3): Success (+1)",
        "  ┃     Bruno: DX 12 · -2 down, or slammed from the side (R11.13) = 10, rolled 9"
        " (5, 1, 3): Success (+1)",
        "  ┃     A tie: nobody wins.",
        "  ┃ Result: On the ground: Orc.",
        "  ┃ Outcome: The tackle misses: the tackler falls (R11.18).",
    )


TRAMPLES = Fight(
    3,
    """
    /encounter start name:TR
    /combatant add name:Horse st:24 dx:10 iq:4 ht:12 hp:30 side:npc basic-speed:6 size-modifier:2
    /combatant add name:Ana st:10 dx:12 iq:10 ht:11 hp:20 side:pc owner:alice
    /encounter next
    /close-combat trample attacker:Horse target:Ana weight:500 target-weight:70 hard-surface:true
    /close-combat trample attacker:Horse target:Ana weight:500 target-weight:70
    /encounter next
    :as alice
    /close-combat trample attacker:Ana target:Horse weight:70 target-weight:500
    :as gm
    /encounter next
    /close-combat trample attacker:Horse target:Ana weight:4500 target-weight:70 mode:pass
    """,
)


async def test_trampling_r11_19(tmp_path: Path) -> None:
    """R11.19: a 500 kg hooved horse: DX 10 rolls 9; Ana's Dodge 8 rolls 9: trampled for
    1d+1 (rolled 1 + 1 = 2), doubled on a hard surface: 4 crushing (HP 20 → 16). One trample a
    turn (R4.4). Ana cannot trample the horse (not twice its weight and size). A 4.5 t beast
    passing over her: 2d+2 rolled 9, halved: 4 (HP 16 → 12)."""
    t = await play(tmp_path, TRAMPLES)
    expect(
        t.reply(
            "/close-combat trample attacker:Horse target:Ana weight:500 target-weight:70"
            " hard-surface:true"
        ),
        "  ┃ To hit: DX 10, rolled 9 (2, 4, 3): Success",
        "  ┃     Ana tries to Dodge: 8, rolled 9 (4, 4, 1): Failure",
        "  ┃ Damage: 1d+1 for 500 kg, rolled 2: 4 crushing (R11.19)",
        "  ┃ HP: 20 → 16 / 20",
    )
    assert refused(
        t.reply("/close-combat trample attacker:Horse target:Ana weight:500 target-weight:70")
    )
    small = t.reply("/close-combat trample attacker:Ana target:Horse weight:70 target-weight:500")
    assert refused(small)
    expect(
        small,
        "  ┃ Ana is not twice Horse's weight and size (Size Modifier 2 more): no trampling"
        " (R11.19).",
    )
    expect(
        t.reply(
            "/close-combat trample attacker:Horse target:Ana weight:4500 target-weight:70 mode:pass"
        ),
        "  ┃ Damage: 2d+2 for 4500 kg, rolled 9: 4 crushing (R11.19)",
        "  ┃ HP: 16 → 12 / 20",
    )
