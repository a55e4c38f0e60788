"""The close-combat turn review's findings, fixed and checked through the sandbox.

The GM's extra-attack on /close-combat (R4.4), one multiple-attack allowance a turn across
blows and close-combat actions (R5.14), the slam family's replies (R7.8, R11.13, R11.17,
R11.18, R11.20), /shoot refusing a melee weapon, the refusals' wording and examples
(R11.24), in English and Portuguese.
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

GM_EXTRA = Fight(
    7,
    BRAWL.rstrip()
    + """
    /encounter next
    :as alice
    /close-combat grapple attacker:Bruno target:Orc
    /close-combat takedown attacker:Bruno target:Orc
    /close-combat takedown attacker:Bruno target:Orc extra-attack:true
    :as gm
    /close-combat takedown attacker:Bruno target:Orc extra-attack:true
    /encounter next
    /close-combat takedown attacker:Bruno target:Orc extra-attack:true
    /maneuver combatant:Orc maneuver:wait trigger:he moves
    """,
)


async def test_the_gm_lets_a_close_combat_action_through_r4_4(tmp_path: Path) -> None:
    """R4.4: the grapple (15 rolls 7 against 11 rolling 8: by 5) was Bruno's one attack; the
    takedown is refused, and the refusal names the GM's extra-attack. The player's
    extra-attack is refused (GM only, as on /attack); the GM's goes through past the
    allowance (ST 13 rolls 6 against 12 rolling 5: a tie) and in the orc's turn (13 rolls 9,
    +4, against 12 rolling 12: by 4, he falls). R11.24: a Wait refused in close combat
    suggests stepping out or doing nothing, not another forbidden maneuver."""
    t = await play(tmp_path, GM_EXTRA)
    spent = t.reply("/close-combat takedown attacker:Bruno target:Orc")
    assert refused(spent)
    expect(
        spent,
        "  ┃ Bruno has no attacks left this turn (1 allowed, R4.4): a grapple, a takedown, a pin,"
        " a slam… is one of the turn's attacks, as a blow is (R4.4). The GM can allow one more"
        " with the extra-attack option.",
    )
    player = t.reply("/close-combat takedown attacker:Bruno target:Orc extra-attack:true")
    assert refused(player)
    expect(
        player,
        "  ┃ Only the GM can allow an attack beyond the turn's allowance or out of turn.",
        "  ┃ Try, for example: the same command with extra-attack:true, typed by the"
        " encounter's GM",
    )
    expect(
        t.reply("/close-combat takedown attacker:Bruno target:Orc extra-attack:true", 2),
        "  ┃ Contest: Bruno: ST 13 = 13, rolled 6 (1, 4, 1): Success (+7)",
        "  ┃     A tie: nobody wins.",
    )
    expect(
        t.reply("/close-combat takedown attacker:Bruno target:Orc extra-attack:true", 3),
        "  ┃ Contest: Bruno: ST 13 = 13, rolled 9 (3, 5, 1): Success (+4)",
        "  ┃     Orc: ST 12 = 12, rolled 12 (2, 4, 6): Success (+0)",
        "  ┃ Outcome: Orc falls, into the hex Bruno chooses (R11.8).",
    )
    waiting = t.reply("/maneuver combatant:Orc maneuver:wait trigger:he moves")
    assert refused(waiting)
    expect(
        waiting,
        "  ┃ That maneuver is not possible in close combat (R11.24).",
        "  ┃ Try, for example: /close-combat leave combatant:<name> foe:<foe> first, or"
        " /maneuver combatant:<name> maneuver:Do Nothing",
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
    /attack attacker:Bruno target:Orc
    :as gm
    :click No defense
    :as alice
    /close-combat grapple attacker:Bruno target:Orc
    /close-combat takedown attacker:Bruno target:Orc
    /close-combat pin attacker:Bruno target:Orc
    /attack attacker:Bruno target:Orc
    """,
)


async def test_one_allowance_for_blows_and_grapples_r5_14(tmp_path: Path) -> None:
    """R5.14: the turn's first attack, the knife (16: 2 extra), sets 3 attacks for the whole
    series: the grapple (15 rolls 12 against 11 rolling 13: by 5) and the takedown by DX-less
    ST (13 rolls 10 against 12 rolling 10: by 1) are attacks 2 and 3, though DX 12 alone
    would allow 2; a pin and another blow are both refused with the same 3."""
    t = await play(tmp_path, SERIES)
    expect(
        t.reply("/attack attacker:Bruno target:Orc"),
        "  ┃ Multiple attacks: attack 1 of 3 · initiative step 5.75 (R5.14, R5.23)",
    )
    expect(t.reply("/close-combat grapple attacker:Bruno target:Orc"), "  ┃     Bruno wins by 5.")
    expect(
        t.reply("/close-combat takedown attacker:Bruno target:Orc"),
        "  ┃     Bruno wins by 1.",
        "  ┃ Outcome: Orc falls, into the hex Bruno chooses (R11.8).",
    )
    pin = t.reply("/close-combat pin attacker:Bruno target:Orc")
    assert refused(pin)
    expect(
        pin,
        "  ┃ Bruno has no attacks left this turn (3 allowed, R5.14): a grapple, a takedown, a pin,"
        " a slam… is one of the turn's attacks, as a blow is (R4.4). The GM can allow one more"
        " with the extra-attack option.",
    )
    blow = t.reply("/attack attacker:Bruno target:Orc", 2)
    assert refused(blow)
    expect(
        blow,
        "  ┃ Bruno has no attacks left this turn (3 allowed, R5.14). The GM can allow one more"
        " with the extra-attack option.",
    )


HORN_TYPED = (
    "/close-combat horn attacker:Bull target:Ana moved:10 horn-mod:2 weight:600 from:rear"
    " into-wall:true"
)
HORN = Fight(
    1,
    """
    /encounter start name:H
    /combatant add name:Bull st:25 dx:10 iq:4 ht:13 hp:30 side:npc basic-speed:7 size-modifier:1
    /combatant add name:Ana st:10 dx:12 iq:10 ht:11 hp:20 side:pc owner:alice
    /encounter next
    """
    + HORN_TYPED,
)


async def test_horns_then_the_wall_r11_20_r11_17_r7_8(tmp_path: Path) -> None:
    """R11.20: the horns (1d+3 rolled 8, ×2 at 10 hexes: 16) strike before the slam's
    knockback (won by 15, 7 hexes, R11.13) ends on the wall (3d: 11, R11.17): the collision is
    shown after the horns, and the damage blocks read 20 → 4, then 4 → -7. The horns throw
    no one back again (R7.14: the slam's knockback is the only one). Ana, already on the
    ground, makes her knockdown rolls: "not stunned", not "stays on his feet" (R7.8)."""
    t = await play(tmp_path, HORN)
    block = t.reply(HORN_TYPED)
    expect(
        block,
        "  ┃     Ana is thrown back 7 hexes.",
        "  ┃ Damage: Horns 1d+3, rolled 8 ×2: 16 crushing (R11.20)",
        "  ┃ Collision: Ana flies into it at 7 hex/s (25.2 km/h): 3d collision damage, rolled 11"
        " (6, 3, 2); the object takes the same 11 (R11.17).",
        "  ┃ HP: 20 → 4 / 20",
        "  ┃ HP: 4 → -7 / 20",
        "  ┃     Not stunned (R7.8).",
    )
    assert block.index("  ┃ Damage: Horns 1d+3, rolled 8 ×2: 16 crushing (R11.20)") < next(
        i for i, line in enumerate(block) if line.startswith("  ┃ Collision:")
    )
    assert block.index("  ┃ HP: 20 → 4 / 20") < block.index("  ┃ HP: 4 → -7 / 20")
    assert not [line for line in block if "R7.14" in line or "Stays on his feet" in line]


TACKLE = Fight(
    1,
    """
    /encounter start name:T
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 hp:30 side:npc
    /encounter next
    /close-combat slam attacker:Bruno target:Orc moved:4 tackle:true dodge:true
    """,
)


async def test_a_winning_tackler_tramples_no_one_r11_18(tmp_path: Path) -> None:
    """R11.18: the tackle wins the ST contest by 9 (17 rolls 8 against 10 rolling 10), but
    the tackler falls anyway: no "tramples and may keep moving" (R11.13's more than 5)."""
    t = await play(tmp_path, TACKLE)
    block = t.reply("/close-combat slam attacker:Bruno target:Orc moved:4 tackle:true dodge:true")
    expect(
        block,
        "  ┃     Bruno wins by 9.",
        "  ┃ Result: On the ground: Bruno, Orc.",
        "  ┃ Outcome: The tackle hits; the tackler is on the ground either way (R11.18).",
    )
    assert not [line for line in block if "tramples" in line or "keep moving" in line]


SLAM = Fight(
    2,
    """
    /encounter start name:SL
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 hp:30 side:npc
    /encounter next
    :as alice
    /close-combat slam attacker:Bruno target:Orc moved:6 from:side into-wall:true
    /close-combat slam attacker:Bruno target:Orc moved:6
    :as gm
    /encounter next
    /close-combat slam attacker:Orc target:Bruno moved:8 into-wall:true object-breaks:true
    """,
)


async def test_a_slam_won_by_one_throws_no_one_back_r11_13(tmp_path: Path) -> None:
    """R11.13 (after Bruno's slam, his turn's attack, and a second one refused): the orc wins
    the ST contest by 1 (14 rolls 7, +7, against 13 rolling 7, +6),
    stays up (13 against 14) and wins the new contest (a tie on 16 goes to the higher
    score), but one hex per 2 points of a margin of 1 is none: no throw, no collision."""
    t = await play(tmp_path, SLAM)
    block = t.reply(
        "/close-combat slam attacker:Orc target:Bruno moved:8 into-wall:true object-breaks:true"
    )
    expect(
        block,
        "  ┃     Orc wins by 1.",
        "  ┃     New ST contest, 14 rolled 16 against 13 rolled 16: he wins it, but won the first"
        " by 1: no knockback (one hex per 2 points, R11.13)",
        "  ┃     On the ground: Bruno.",
    )
    assert not [line for line in block if "throws him back" in line or "flies into" in line]


SHOOT = Fight(
    3,
    """
    /encounter start name:S
    /combatant add name:Archer st:11 dx:13 iq:10 ht:12 side:pc owner:alice
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 hp:40 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:2d cut reach:1
    /shoot attacker:Orc target:Archer weapon:Axe
    :locale pt-BR
    /shoot attacker:Orc target:Archer weapon:Axe
    /help command:close-combat grapple
    """,
)


async def test_shoot_refuses_a_melee_weapon(tmp_path: Path) -> None:
    """/shoot fires a missile weapon: the Axe (reach 1, no Accuracy, range or launcher) is
    refused, privately, in English and Portuguese, nothing rolled. The Portuguese help of
    /close-combat grapple gives its example with the Portuguese choice (local:garganta) and
    lists the GM's extra-attack."""
    t = await play(tmp_path, SHOOT)
    english = t.reply("/shoot attacker:Orc target:Archer weapon:Axe")
    assert refused(english)
    expect(
        english,
        "  ┃ The Axe is not a missile weapon (no Accuracy, range or launcher on Orc's sheet):"
        " strike with it using /attack, or throw it with /throw.",
        "  ┃ Try, for example: /attack attacker:Orc target:<target> weapon:Axe",
    )
    portugues = t.reply("/shoot attacker:Orc target:Archer weapon:Axe", 2)
    expect(
        portugues,
        "  ┃ Não deu certo",
        "  ┃ A arma Axe não é uma arma de projétil (sem Precisão, distância ou lançador na ficha"
        " de Orc): golpeie com ela usando /atacar, ou arremesse-a com /arremessar.",
    )
    expect(
        t.reply("/help command:close-combat grapple"),
        "  ┃ ataque-extra (opcional): Mestre: liberar este ataque além do que o turno permite ou"
        " fora da vez (R4.4)",
        "  ┃ Exemplo: /combate-de-perto segurar atacante:Bruno alvo:Orc local:garganta",
    )
