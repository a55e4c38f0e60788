"""The review of combat in and under water, its findings fixed, fight by fight through the sandbox.

R13.4 (catalog: under water) and R13.5 (in water above the knee): an attack with reach C or a
natural weapon takes -2 (-1 in the water) and minus the encumbrance level (halved in the
water); close combat's grapples, grabs, takedowns by DX or Judo and slams are such attacks with
the body, while a ST contest is no attack roll (as R11.26's shield penalty reads it). All damage
is reduced there, a super-slam's collision too. Thrown weapons' Max is a tenth under water, and
bows are useless. R11.10, R9.2: a choke lost on a foe already without air gives him no air.
R7.6: the shock is the injury's, so a hit that did none reports none.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

CLOSE_IN_WATER = Fight(
    3,
    """
    /encounter start name:W
    /combatant add name:Ana st:14 dx:12 iq:10 ht:12 side:pc encumbrance:2
    /combatant skill add name:Ana skill:Swimming level:14
    /combatant skill add name:Ana skill:Judo level:13
    /combatant add name:Orc st:10 dx:8 iq:10 ht:10 hp:30 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut reach:1
    /terrain set combatant:Ana water:"Under water"
    /terrain set combatant:Orc water:"Under water"
    /encounter next
    /close-combat enter attacker:Ana target:Orc
    /close-combat grab-weapon attacker:Ana target:Orc
    /encounter next
    /encounter next
    /close-combat grapple attacker:Ana target:Orc
    /encounter next
    /encounter next
    /close-combat takedown attacker:Ana target:Orc using:Judo
    /encounter next
    /encounter next
    /close-combat takedown attacker:Ana target:Orc using:ST
    /encounter next
    /encounter next
    /terrain set combatant:Ana water:"In water above the knee"
    /close-combat grapple attacker:Ana target:Orc
    /encounter next
    /encounter next
    /close-combat slam attacker:Ana target:Orc
""",
)


async def test_close_combat_attacks_in_water_take_reach_c_and_encumbrance_r13_4_r13_5(
    tmp_path: Path,
) -> None:
    """Ana, encumbrance 2, under water (R13.4): reach C -2 and encumbrance -2 on the grab of the
    axe (R11.4: DX 12 → 8), the grapple (R11.2: 12 + 3 → 11) and the takedown by Judo (R11.8:
    13 → 9); the takedown by ST is a ST contest, no attack roll: 14. In water above the knee
    (R13.5) both are halved: -1 and -1, the grapple of a foe down 12 + 6 - 2 = 16, the slam's
    DX contest (R11.13) 12 - 2 = 10. The summary names both halved penalties. Each is the
    turn's one attack (R4.4), so the turns pass between them."""
    t = await play(tmp_path, CLOSE_IN_WATER)
    expect(
        t.reply("/close-combat grab-weapon attacker:Ana target:Orc"),
        "  ┃ Contest: Ana: DX 12 · -2 water, by reach (R13.4) · -2 water, encumbrance (R13.4) "
        "= 8, rolled 9 (4, 4, 1): Failure (-1)",
    )
    expect(
        t.reply("/close-combat grapple attacker:Ana target:Orc"),
        "  ┃ Contest: Ana: DX 12 · +3 grapple (R11.2) · -2 water, by reach (R13.4) · -2 water, "
        "encumbrance (R13.4) = 11, rolled 13 (6, 3, 4): Failure (-2)",
        "  ┃     Ana wins by 1.",
    )
    expect(
        t.reply("/close-combat takedown attacker:Ana target:Orc using:Judo"),
        "  ┃ Contest: Ana: Judo 13 · -2 water, by reach (R13.4) · -2 water, encumbrance (R13.4) "
        "= 9, rolled 10 (1, 5, 4): Failure (-1)",
    )
    expect(
        t.reply("/close-combat takedown attacker:Ana target:Orc using:ST"),
        "  ┃ Contest: Ana: ST 14 = 14, rolled 14 (5, 6, 3): Success (+0)",
        "  ┃ Outcome: Orc falls, into the hex Ana chooses (R11.8).",
    )
    expect(
        t.reply('/terrain set combatant:Ana water:"In water above the knee"'),
        "  ┃ In water above the knee: the Swimming roll every 5 rounds, reach and encumbrance "
        "penalties halved, damage x2/3 (R13.5).",
    )
    expect(
        t.reply("/close-combat grapple attacker:Ana target:Orc", 2),
        "  ┃ Contest: Ana: DX 12 · +6 grapple, foe down (R11.2) · -1 water, by reach (R13.5) · "
        "-1 water, encumbrance (R13.5) = 16, rolled 11 (2, 6, 3): Success (+5)",
    )
    expect(
        t.reply("/close-combat slam attacker:Ana target:Orc"),
        "  ┃ To hit: Ana: DX 12 · -1 water, by reach (R13.5) · -1 water, encumbrance (R13.5) = 10, "
        "rolled 15 (4, 6, 5): Failure (-5)",
    )


CHOKES = Fight(
    1,
    """
    /encounter start name:W
    /combatant add name:Ana st:14 dx:12 iq:10 ht:12 side:pc encumbrance:2
    /combatant skill add name:Ana skill:Swimming level:14
    /combatant add name:Orc st:10 dx:8 iq:10 ht:10 hp:30 side:npc
    /terrain set combatant:Ana water:"Under water"
    /terrain set combatant:Orc water:"Under water"
    /encounter next
    /close-combat enter attacker:Ana target:Orc
    /close-combat grapple attacker:Ana target:Orc
    /encounter next
    /encounter next
    /close-combat choke attacker:Ana target:Orc
    /encounter next
    /encounter next
    /close-combat choke attacker:Ana target:Orc
""",
)


async def test_a_lost_choke_on_a_foe_without_air_gives_him_none_r11_10_r9_2(
    tmp_path: Path,
) -> None:
    """The first choke (ST 14 against HT 10) wins by 8, 4 under water: the orc is not breathing.
    The second loses by 3: no further damage, and he still has no air (he is not told he
    "keeps breathing"); the tracker counted his held breath just before."""
    t = await play(tmp_path, CHOKES)
    expect(
        t.reply("/close-combat choke attacker:Ana target:Orc"),
        "  ┃     Ana wins by 8.",
        "  ┃ Basic damage: 4 cr",
    )
    second = t.reply("/close-combat choke attacker:Ana target:Orc", 2)
    expect(
        second,
        "  ┃     Orc wins by 3.",
        "  ┃ Outcome: No further damage; Orc still has no air (R11.10, R9.2).",
    )
    assert not [line for line in second if "keeps breathing" in line]
    before = t.reply("/encounter next", 5)
    assert [line for line in before if "🫧 holding his breath" in line and "Orc" in line]


REFUSALS = """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc encumbrance:3
    /combatant weapon add name:Ana weapon:Broadsword skill:14 damage:2d+1 cut reach:1
    /combatant weapon add name:Ana weapon:Bow skill:14 damage:1d+2 imp range:150/200 launcher:bow
    /combatant weapon add name:Ana weapon:Spear skill:14 damage:thr+3 imp thrown:true range:x1/x1.5
    /combatant skill add name:Ana skill:Swimming level:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /terrain set combatant:Ana water:"Under water"
    /encounter next
    /shoot attacker:Ana target:Orc weapon:Bow distance:10
    /throw attacker:Ana target:Orc weapon:Spear distance:2
    /terrain set combatant:Ana height:3
    /attack attacker:Ana target:Orc weapon:Broadsword
"""


async def test_refusals_under_water_point_to_what_works_r13_4(tmp_path: Path) -> None:
    """R13.4: the bow is refused, and the example offers a melee or a thrown weapon, or leaving
    the water, not a height preset. The spear's Max (ST 12, x1.5: 18 m) is 1.8 m under water:
    the refusal says it was divided by 10, and its example is no bow shot."""
    t = await play(tmp_path, Fight(11, REFUSALS))
    bow = t.reply("/shoot attacker:Ana target:Orc weapon:Bow distance:10")
    assert refused(bow)
    expect(
        bow,
        "  ┃ Bows and crossbows are useless under water (R13.4).",
        "  ┃ Try, for example: A melee weapon, /attack attacker:Ana target:Orc weapon:Knife, or "
        "a thrown one at a tenth of its range, /throw attacker:Ana target:Orc weapon:Spear "
        "distance:1; or first /terrain set combatant:Ana water:Out of the water",
    )
    spear = t.reply("/throw attacker:Ana target:Orc weapon:Spear distance:2")
    assert refused(spear)
    expect(
        spear,
        "  ┃ 2 m is beyond the weapon's Max range of 1.8 m: under water a thrown weapon's 1/2D "
        "and Max are divided by 10 (R13.4).",
        "  ┃ Try, for example: A closer target, within 1.8 m: /throw attacker:Ana target:Orc "
        "weapon:Spear distance:1; or close in and /attack (bows and crossbows are useless "
        "under water)",
    )
    assert not [line for line in bow + spear if "weapon:Bow" in line or "preset:" in line]


async def test_refusals_under_water_pt_br_decimal_comma_and_choice_names_r13_4(
    tmp_path: Path,
) -> None:
    """pt-BR: 1,8 m with a decimal comma, as the other pt-BR numbers; the terrain example names
    the pt-BR choice (Mesa), not the stored value (table); 3 m up is out of reach (R13.2)."""
    t = await play(tmp_path, Fight(11, REFUSALS, "pt-BR"))
    bow = t.reply("/shoot attacker:Ana target:Orc weapon:Bow distance:10")
    expect(
        bow,
        "  ┃ Arcos e bestas são inúteis debaixo d'água (R13.4).",
        "  ┃ Tente, por exemplo: Uma arma corpo a corpo, /atacar atacante:Ana alvo:Orc arma:Faca, "
        "ou uma de arremesso a um décimo do alcance, /arremessar atacante:Ana alvo:Orc "
        "arma:Lança distancia:1; ou antes /terreno definir combatente:Ana agua:Fora da água",
    )
    expect(
        t.reply("/throw attacker:Ana target:Orc weapon:Spear distance:2"),
        "  ┃ 2 m está além do alcance máximo da arma, 1,8 m: debaixo d'água o ½D e o Máx de uma "
        "arma de arremesso são divididos por 10 (R13.4).",
        "  ┃ Tente, por exemplo: Um alvo mais perto, até 1,8 m: /arremessar atacante:Ana "
        "alvo:Orc arma:Lança distancia:1; ou aproxime-se e /atacar (arcos e bestas são "
        "inúteis debaixo d'água)",
    )
    high = t.reply("/attack attacker:Ana target:Orc weapon:Broadsword")
    assert "only you can see this" in high[0]
    expect(high, "  ┃ Tente, por exemplo: /terreno definir combatente:Bruno predefinido:Mesa (1 m)")


HALF_AND_WATER = Fight(
    21,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc encumbrance:1
    /combatant weapon add name:Ana weapon:Broadsword skill:14 damage:2d+1 cut reach:1
    /combatant weapon add name:Ana weapon:Knife skill:14 damage:thr imp thrown:true range:x0.8/x1.5
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc encumbrance:4
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut reach:1
    /terrain set combatant:Ana water:"In water above the knee"
    /terrain set combatant:Orc water:"In water above the knee"
    /encounter next
    /attack attacker:Ana target:Orc weapon:Broadsword
    :click 3
    /attack attacker:Orc target:Ana weapon:Axe extra-attack:true
    :click 3
    /terrain set combatant:Ana water:"Under water"
    /throw attacker:Ana target:Orc weapon:Knife extra-attack:true distance:1.5
    :click 2
""",
)


async def test_half_damage_and_water_read_as_one_roll_two_reductions_r13_4(
    tmp_path: Path,
) -> None:
    """A knife thrown under water at 1.5 m, past its ½D of 0.96 m (ST 12 x0.8 ÷ 10): 1d-1 rolled
    1, ×1/2 in the water → 0, halved at ½D → 0, the minimum 1 for impaling (G7)."""
    t = await play(tmp_path, HALF_AND_WATER)
    expect(
        t.reply(":click 2"),
        "  ┃ Basic damage: 1d-1 → 1 imp (2) (rolled 1, ×1/2 in the water → 0, then halved at "
        "1/2D or beyond → 0, raised to the minimum 1 (G7); R13.4, R13.5)",
    )


NO_INJURY = Fight(
    7,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc encumbrance:1
    /combatant weapon add name:Ana weapon:Broadsword skill:14 damage:2d+1 cut reach:1
    /combatant weapon add name:Ana weapon:Spear skill:14 damage:thr+3 imp reach:2
    /combatant weapon add name:Ana weapon:Punch skill:14 damage:thr-1 cr reach:C natural:true
    /combatant skill add name:Ana skill:Swimming level:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /terrain set combatant:Ana water:"Under water"
    /encounter next
    /attack attacker:Ana target:Orc weapon:Broadsword
    :click 3
    /attack attacker:Ana target:Orc weapon:Spear extra-attack:true
    :click 3
    /attack attacker:Ana target:Orc weapon:Punch extra-attack:true
    :click 3
""",
)


async def test_a_hit_that_does_no_injury_reports_no_shock_r7_6(tmp_path: Path) -> None:
    """The broadsword did 4 injury, the spear 2 more: 6 this turn, shock -1 on the orc's next
    turn (HP 60: -1 per full 6, R7.6), said under the spear's hit. The punch under water, 1d-2
    rolled 2 → 0 halved: injury 0, so no shock is its consequence (the earlier hit told it).
    Ana's Swimming roll under water succeeds: she swims under water, her head not above it."""
    t = await play(tmp_path, NO_INJURY)
    expect(t.reply(":click 3", 2), "  ┃ Consequences: Shock -1 on the next turn (R7.6)")
    punch = t.reply(":click 3", 3)
    expect(punch, "  ┃ Injury: 0", "  ┃ HP: 54 → 54 / 60")
    assert not [line for line in punch if "Shock" in line or "Consequences" in line]
    expect(
        t.reply("/encounter next"),
        "  ┃ Ana rolls Swimming 10 in the water: 7 (2, 1, 4), success → swimming under water "
        "(next roll in 2 s) (R13.4)",
    )


SUPER_SLAM = Fight(
    1,
    """
    /settings rule option:super_slam enabled:true
    /encounter start name:W
    /combatant add name:Ana st:20 dx:12 iq:10 ht:12 side:pc
    /combatant add name:Orc st:8 dx:8 iq:10 ht:10 hp:30 side:npc
    /encounter next
    /terrain set combatant:Ana water:"Under water"
    /close-combat slam attacker:Ana target:Orc moved:10 running:true
""",
)


async def test_a_super_slams_collision_hint_under_water_is_reduced_r11_17_r13_4(
    tmp_path: Path,
) -> None:
    """R11.16: the orc flies 7 hexes; R11.17's collision dice at that speed, 3d, are shown with
    the water's ×1/2 (R13.4: all damage); the slam's DX contest takes reach C's -2."""
    t = await play(tmp_path, SUPER_SLAM)
    expect(
        t.reply("/close-combat slam attacker:Ana target:Orc moved:10 running:true"),
        "  ┃ To hit: Ana: DX 12 · +4 speed as size (R11.15) · -2 water, by reach (R13.4) = 14, "
        "rolled 12 (1, 6, 5): Success (+2)",
        "  ┃     Orc is thrown back 7 hexes.",
        "  ┃     Should he hit a wall or the ground at that speed: 3d collision damage, ×1/2 "
        "under water (R11.17, R13.4).",
    )
