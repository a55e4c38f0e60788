"""Sections 8-11 of the rules catalog, the newer features, re-checked through the sandbox:
incendiary attacks (R10.2), clothes catching fire by themselves after a burning hit and
burning every second (R10.3, R10.5-R10.8), the burning DX penalty on attacks and defenses,
putting the fire out, cardiac arrest with its death round (R8.2), intense heat going on with
the rounds (R10.10), halved ST below 1/3 FP for knockback and close-combat contests (R8.1),
and a choke that stops the victim's breath (R11.10 with R9.1-R9.2).

Each test plays the commands as they would be typed in Discord, with seeded dice, and checks
the bot's numbers against the catalog (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, turns

FIRE_ARROW = Fight(
    1,
    """
    /encounter start name:Fire
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12
    /combatant weapon add name:Ann weapon:Fire Arrow skill:18 damage:1d+2 imp inc
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 hp:20
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
    /attack attacker:Ann target:Orc weapon:Fire Arrow
    :click No defense
    /encounter status
""",
)

INCENDIARY_DAMAGE = Fight(
    4,
    """
    /encounter start name:Inc
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:30 dr:2
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:30
    /encounter next
    /damage target:Bob amount:2 type:burn incendiary:true
    /damage target:Bob amount:1d burn inc
    /damage target:Orc amount:12 type:burn
    /damage target:Orc amount:6 type:cut incendiary:true
""",
)

TIGHT_BEAMS = Fight(
    4,
    """
    /encounter start name:Inc
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:300
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10 hp:300
    /combatant add name:Di st:10 dx:10 iq:10 ht:10 hp:300
    /encounter next
    /damage target:Bob amount:25 type:burn tight-beam:true
    /damage target:Bob amount:35 type:burn tight-beam:true
    /damage target:Cy amount:100 type:burn tight-beam:true
    /damage target:Di amount:30 type:burn tight-beam:true location:vitals
""",
)

PART_OF_THE_CLOTHES = Fight(
    2,
    """
    /encounter start name:Fire
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12
    /combatant weapon add name:Ann weapon:Sword skill:14 damage:sw cut
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:20
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
    /damage target:Orc amount:4 type:burn
    /encounter status
    /attack attacker:Ann target:Orc weapon:Sword
    :click No defense
    /encounter next
    /attack attacker:Orc target:Ann weapon:Axe
    /encounter next
    /encounter next
    /damage target:Orc amount:10 type:burn
""",
)

ALL_THE_CLOTHES_AND_A_SHIELD = Fight(
    5,
    """
    /encounter start name:Burn
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12
    /combatant weapon add name:Ann weapon:Sword skill:20 damage:sw cut
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:40
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /combatant shield set name:Orc skill:12 db:2
    /encounter next
    /environment catch-fire damage:12 combatant:Orc
    /check skill:DX character:Orc
    /combatant show name:Orc
    /encounter next
    /maneuver combatant:Orc maneuver:All-Out Defense
    /encounter next
    /encounter next
    /attack attacker:Ann target:Orc weapon:Sword
""",
)

PUTTING_IT_OUT = Fight(
    1,
    """
    /encounter start name:Burn
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:40
    /combatant add name:Ann st:11 dx:10 iq:10 ht:12
    /encounter next
    /environment catch-fire damage:4 combatant:Orc
    /environment extinguish combatant:Orc
    /encounter next
    /encounter next
    /environment extinguish combatant:Orc
    /encounter undo
    /encounter status
    /environment extinguish combatant:Orc dive:true
    /encounter status
""",
)

CARDIAC_ARREST_ROUND = Fight(
    19,
    """
    /encounter start name:E
    /combatant add name:Bo st:10 dx:10 iq:10 ht:8 fp:10 will:3
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue spend amount:11 combatant:Bo
    /encounter next
    /encounter status
""",
)

INTENSE_HEAT_IN_ROUNDS = Fight(
    7,
    """
    /encounter start name:Heat
    /combatant add name:Ann st:11 dx:12 iq:10 ht:10 fp:10
    /combatant armor set name:Ann location:torso dr:1
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12
    /encounter next
    /environment intense-heat combatant:Ann
    /encounter status
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /environment intense-heat combatant:Ann leave:true
    /encounter next
    /encounter next
    /environment intense-heat dr:4 seconds:15 ht:10 fp:10 max-fp:10
""",
)

INTENSE_HEAT_FAILURES = Fight(
    7,
    """
    /encounter start name:Heat
    /combatant add name:Ann st:11 dx:12 iq:10 ht:6 fp:3
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12
    /encounter next
    /environment intense-heat combatant:Ann
    /encounter next
    /encounter next
    /encounter next
    /encounter status
""",
)

TIRED_ST = Fight(
    3,
    f"""
    /encounter start name:Tired
    /combatant add name:Ann st:12 dx:12 iq:10 ht:12 fp:12
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 fp:12 hp:40
    /encounter next
    /fatigue spend amount:9 combatant:Orc
    /fatigue spend amount:9 combatant:Ann
    /damage target:Orc amount:12 type:cr
    /close-combat enter attacker:Ann target:Orc
    /close-combat grapple attacker:Ann target:Orc
    {turns(2)}
    /close-combat takedown attacker:Ann target:Orc
    /encounter next
    /close-combat break-free combatant:Orc
    /encounter status
""",
)

# Both choke fights put the choke on the torso (the GM switch of R11.10) so that the margin is
# the injury with no crushed windpipe (R7.29) to roll: they check the breath and the ST.
CHOKE_AND_BREATH = Fight(
    3,
    f"""
    /settings rule option:choke_torso enabled:true
    /encounter start name:Choke
    /combatant add name:Al st:16 dx:12 iq:10 ht:12
    /combatant add name:Orc st:10 dx:10 iq:9 ht:3 fp:4 hp:30
    /encounter next
    /close-combat grapple attacker:Al target:Orc
    {turns(2)}
    /close-combat choke attacker:Al target:Orc
    /encounter status
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /close-combat choke attacker:Al target:Orc
    /encounter status
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter status
    /close-combat release holder:Al held:Orc
    /encounter next
    /encounter status
""",
)

TIRED_CHOKER = Fight(
    3,
    f"""
    /settings rule option:choke_torso enabled:true
    /encounter start name:Choke
    /combatant add name:Al st:16 dx:12 iq:10 ht:12
    /combatant add name:Orc st:10 dx:10 iq:9 ht:3 fp:4 hp:30
    /encounter next
    /close-combat grapple attacker:Al target:Orc
    {turns(2)}
    /close-combat choke attacker:Al target:Orc
    /fatigue spend amount:9 combatant:Al
    {turns(2)}
    /close-combat choke attacker:Al target:Orc
""",
)

FIRE_IN_PORTUGUESE = Fight(
    2,
    """
    /encounter start name:Fogo
    /combatant add name:Ana st:11 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:40
    /combatant weapon add name:Orc weapon:Machado skill:12 damage:sw+2 cut
    /encounter next
    /damage target:Orc amount:1d burn inc
    /environment catch-fire damage:12 combatant:Orc
    /encounter next
    /attack attacker:Orc target:Ana weapon:Machado
    /environment intense-heat combatant:Ana
""",
    locale="pt-BR",
)


def _line(block: list[str], name: str) -> str:
    found = [line for line in block if f" {name} [npc]" in line]
    assert found, f"no tracker line for {name}"
    return found[0]


async def test_fire_arrow_adds_one_burning_point_r10_2(tmp_path: Path) -> None:
    """R10.2: a fire arrow 1d+2 imp inc does its impaling damage plus 1 burning. 4 imp to the
    torso ×2 = 8 (HP 20 → 12), then +1 burn (12 → 11). R10.5: 1 burning basic is below the 3
    that sets clothes alight.
    """
    t = await play(tmp_path, FIRE_ARROW)
    expect(
        t.reply(":click No defense"),
        "  ┃ Basic damage: 1d+2 → 4 imp (2)",
        "  ┃ Injury: 8",
        "  ┃ HP: 20 → 12 / 20",
        "  ┃     Incendiary: +1 burning at the same spot, DR 0, injury 1, HP 12 → 11 (R10.2).",
        "  ┃     Orc: 1 burning in one attack sets nothing alight (R10.5).",
    )
    assert "HP ▰▰▰▱▱ 11/20" in _line(t.reply("/encounter status"), "Orc")


async def test_incendiary_damage_catches_fire_but_not_under_armor_r10_2_r10_5_r10_8(
    tmp_path: Path,
) -> None:
    """R10.2 + R10.5: 2 burning + the incendiary point = 3 burning basic: part of the clothing
    alight (1d-4 a second, DX -2). `1d burn inc` is the same. R10.8: clothes under armor (DR 2
    at the torso) do not catch even from 12 burning; the incendiary point of a 6 cut stops on
    DR 2 (injury 0).
    """
    t = await play(tmp_path, INCENDIARY_DAMAGE)
    expect(
        t.reply("/damage target:Bob amount:2 type:burn incendiary:true"),
        "  ┃ HP: 30 → 28 / 30",
        "  ┃ Consequences: Incendiary: +1 burning at the same spot, DR 0, injury 1,"
        " HP 28 → 27 (R10.2).",
        "  ┃     Bob catches fire: part of his clothing: 1d-4 a second, DX -2, until put out"
        " (R10.5).",
    )
    expect(
        t.reply("/damage target:Bob amount:1d burn inc"),
        "  ┃ Basic damage: 1d → 3 burn (3)",
        "  ┃ HP: 27 → 24 / 30",
        "  ┃     Incendiary: +1 burning at the same spot, DR 0, injury 1, HP 24 → 23 (R10.2).",
    )
    expect(
        t.reply("/damage target:Orc amount:12 type:burn"),
        "  ┃ DR: 2",
        "  ┃ Penetrating: 10",
        "  ┃     Orc's clothes are under armor there: they do not catch fire (R10.8).",
    )
    expect(
        t.reply("/damage target:Orc amount:6 type:cut incendiary:true"),
        "  ┃ Injury: 6",
        "  ┃     Incendiary: +1 burning at the same spot, DR 2, injury 0, HP 14 → 14 (R10.2).",
    )


async def test_tight_beam_counts_a_tenth_for_ignition_r10_3(tmp_path: Path) -> None:
    """R10.3: a tight beam counts damage ÷ 10 for setting clothes alight: 25 → 2.5 sets
    nothing, 35 → 3.5 part of the clothing (R10.5), 100 → 10 all of it (R10.6). It may hit the
    vitals: 30 × 2 = 60 injury, and 3 for ignition.
    """
    t = await play(tmp_path, TIGHT_BEAMS)
    expect(
        t.reply("/damage target:Bob amount:25 type:burn tight-beam:true"),
        "  ┃ Consequences: Bob: 25 burning from a tight beam counts 25 ÷ 10 = 2.5 (R10.3): it"
        " sets nothing alight (R10.5).",
    )
    expect(
        t.reply("/damage target:Bob amount:35 type:burn tight-beam:true"),
        "  ┃     Bob catches fire: part of his clothing: 1d-4 a second, DX -2, until put out"
        " (R10.5).",
    )
    expect(
        t.reply("/damage target:Cy amount:100 type:burn tight-beam:true"),
        "  ┃     Cy catches fire: all his clothing: 1d-1 a second, DX -3, until put out (R10.6).",
    )
    expect(
        t.reply("/damage target:Di amount:30 type:burn tight-beam:true location:vitals"),
        "  ┃ Location: vitals",
        "  ┃ Wounding: ×2",
        "  ┃ Injury: 60",
        "  ┃     Di catches fire: part of his clothing: 1d-4 a second, DX -2, until put out"
        " (R10.5).",
    )


async def test_burning_clothes_tick_and_cost_dx_on_attack_and_defense_r10_5_r10_6(
    tmp_path: Path,
) -> None:
    """R10.5: 4 burning sets part of the clothing alight: DX 12 → 10. Defenses: Dodge from
    Basic Speed (12+12)/4 = 6 → 9, with DX 10 (10+12)/4 = 5.5 → 8; Parry with Axe 12 → 9, at
    Axe 10 → 8. His attack: Axe 12, -4 shock, -2 fire = 6. At his place he burns 1d-4
    (die 5 → 1; the earlier second rolled 0 and did nothing, G7). R10.6: 10 burning then
    sets all his clothing alight.
    """
    t = await play(tmp_path, PART_OF_THE_CLOTHES)
    expect(
        t.reply("/damage target:Orc amount:4 type:burn"),
        "  ┃     Orc catches fire: part of his clothing: 1d-4 a second, DX -2, until put out"
        " (R10.5).",
    )
    assert "🔥 on fire: part of his clothing: 1d-4 a second, DX -2" in _line(
        t.reply("/encounter status"), "Orc"
    )
    expect(
        t.reply("/attack attacker:Ann target:Orc weapon:Sword"),
        "  ┃ Defenses: Dodge 8 · base 9 · -1 part of his clothing on fire (R10.5)",
        "  ┃     Parry 8 (Axe) · base 9 · -1 part of his clothing on fire (R10.5)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Ann weapon:Axe"),
        "  ┃ Effective skill: Skill 12",
        "  ┃     -4 shock (R7.6)",
        "  ┃     -2 part of his clothing on fire (R10.5)",
        "  ┃     = 6",
    )
    expect(
        t.reply("/encounter next", 4),
        "  ┃ Orc burns: 1d-4 rolled 1 (5), injury 1, HP 9 → 8 (R10.5)",
    )
    expect(
        t.reply("/damage target:Orc amount:10 type:burn"),
        "  ┃     Orc catches fire: all his clothing: 1d-1 a second, DX -3, until put out (R10.6).",
    )


async def test_all_clothes_alight_lower_dodge_parry_and_block_r10_6(tmp_path: Path) -> None:
    """R10.6: all the clothing alight: DX 12 → 9. Dodge (9+12)/4 = 5.25 → 8 (-1); Parry with
    Axe 12 → 9 becomes Axe 9 → 7 (-2); Block with shield 12 → 9 becomes 7 (-2); each +2 shield
    DB. He burns 1d-1 a second (die 6 → 5).
    """
    t = await play(tmp_path, ALL_THE_CLOTHES_AND_A_SHIELD)
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Orc burns: 1d-1 rolled 5 (6), injury 5, HP 40 → 35 (R10.6)",
    )
    expect(
        t.reply("/attack attacker:Ann target:Orc weapon:Sword"),
        "  ┃ Defenses: Dodge 10 · base 9 · -1 all his clothing on fire (R10.6) · +2 shield DB"
        " (A.4)",
        "  ┃     Parry 9 (Axe) · base 9 · -2 all his clothing on fire (R10.6) · +2 shield DB (A.4)",
        "  ┃     Block 9 · base 9 · -2 all his clothing on fire (R10.6) · +2 shield DB (A.4)",
    )


async def test_putting_out_part_of_the_clothes_and_diving_r10_5_r10_6(tmp_path: Path) -> None:
    """R10.5: part of the clothing: a DX roll at -2 (12 → 10), one Ready each try, the try
    being his turn's maneuver (so the second comes on his next turn, R4.4). Undo brings
    the fire back. R10.6: diving into water puts it out at once, in one second.
    """
    t = await play(tmp_path, PUTTING_IT_OUT)
    expect(
        t.reply("/environment extinguish combatant:Orc"),
        "  ┃ DX to put it out: DX 12 -2 = 10, rolled 12 (1, 6, 5): failure (R10.5)",
        "  ┃ Still burning. Each try takes 1 Ready (R10.5).",
    )
    expect(
        t.reply("/environment extinguish combatant:Orc", 2),
        "  ┃ DX to put it out: DX 12 -2 = 10, rolled 10 (3, 3, 4): success (R10.5)",
        "  ┃ The fire is out. It took 1 Ready (R10.5).",
    )
    assert "🔥 on fire: part of his clothing" in _line(t.reply("/encounter status"), "Orc")
    expect(
        t.reply("/environment extinguish combatant:Orc dive:true"),
        "  ┃ Orc dives into water: the fire is out, in one second (R10.6).",
    )
    assert "on fire" not in _line(t.reply("/encounter status", 2), "Orc")


async def test_cardiac_arrest_names_the_round_of_death_r8_2(tmp_path: Path) -> None:
    """R8.2: HT 8 → dies in 8/3 minutes = 160 s (2 min 40 s, the fraction kept). The arrest
    comes at his place in round 1 (0 s), so he dies in round 161 unless helped; FP = -10.
    """
    t = await play(tmp_path, CARDIAC_ARREST_ROUND)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Bo rolls HT against cardiac arrest: 13 (4, 3, 6) vs 8, failure. (R8.2)",
        "  ┃ His heart stops: he dies in 2 min 40 s (HT/3 minutes), in round 161, unless he is"
        " helped (R8.2).",
    )
    # At -FP he faints too (R8.3): unconscious and prone.
    assert (
        "FP ▱▱▱▱▱ -10/10 · prone · 😵 unconscious · 💔 cardiac arrest (dies in round 161 "
        "unless helped)"
    ) in _line(t.reply("/encounter status"), "Bo")


async def test_intense_heat_goes_on_with_the_rounds_r10_10(tmp_path: Path) -> None:
    """R10.10: torso DR 1 → safe 3 s; the seconds pass at his place in the order (2, 1, 0 s
    left), then an HT roll every second. Leaving stops it. By numbers: DR 4 → safe 12 s, 15 s
    → HT rolls at seconds 13, 14 and 15 (the catalog's example: DR 4 safe for 12 s).
    """
    t = await play(tmp_path, INTENSE_HEAT_IN_ROUNDS)
    expect(
        t.reply("/environment intense-heat combatant:Ann"),
        "  ┃ Ann is in intense heat, DR 1: safe for 3 s, then an HT roll every second at his"
        " place in the turn order, each failure 1 FP, until he leaves it (R10.10).",
    )
    assert "🌋 in intense heat: safe 3 s more, then HT every second" in _line(
        t.reply("/encounter status"), "Ann"
    )
    expect(t.reply("/encounter next", 2), "  ┃ Ann is in intense heat: safe 2 s more (R10.10)")
    expect(t.reply("/encounter next", 4), "  ┃ Ann is in intense heat: safe 1 s more (R10.10)")
    expect(t.reply("/encounter next", 6), "  ┃ Ann is in intense heat: safe 0 s more (R10.10)")
    expect(
        t.reply("/encounter next", 8),
        "  ┃ Ann rolls HT 10 against the heat: 7 (2, 1, 4), success (R10.10)",
    )
    expect(
        t.reply("/environment intense-heat combatant:Ann leave:true"),
        "  ┃ Ann is out of the intense heat (R10.10).",
    )
    assert not any("heat" in line for line in t.reply("/encounter next", 10))
    expect(
        t.reply("/environment intense-heat dr:4 seconds:15 ht:10 fp:10 max-fp:10"),
        "  ┃ DR 4: safe for 12 s; 15 s in the heat makes 3 HT rolls, one a second, each failure"
        " 1 FP (R10.10).",
        "  ┃ Second 13: HT 10 = 10, rolled 8 (1, 4, 3): success (R10.10)",
        "  ┃ FP lost: 0.",
    )


async def test_intense_heat_failures_cost_fp_r10_10(tmp_path: Path) -> None:
    """R10.10: no armor (DR 0) → no safe time; HT 6, rolls 7 and 8 fail: 1 FP each (3 → 1)."""
    t = await play(tmp_path, INTENSE_HEAT_FAILURES)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Ann rolls HT 6 against the heat: 7 (2, 1, 4), failure: 1 FP, FP 2, HP 11 (R10.10)",
    )
    expect(
        t.reply("/encounter next", 4),
        "  ┃ Ann rolls HT 6 against the heat: 8 (1, 4, 3), failure: 1 FP, FP 1, HP 11 (R10.10)",
    )
    assert "FP ▰▰▱▱▱ 1/3" in _line(t.reply("/encounter status"), "Ann")


async def test_tired_st_counts_for_knockback_and_close_combat_r8_1(tmp_path: Path) -> None:
    """R8.1: FP 3 of 12 (< 4): ST 12 → 6. Knockback: 12 crushing / (6 - 2) = 3 m (R7.14; at ST
    12 it would be 1 m), footing DX 11 - 2 = 9. The takedown and the break-free are ST 6 against
    ST 6 (R11.8, R11.11). Dodge: DX 12 HT 12 → 9 → 5; DX 11 → 8 → 4; Move 6 → 3.
    """
    t = await play(tmp_path, TIRED_ST)
    expect(
        t.reply("/fatigue spend amount:9 combatant:Orc"),
        "  ┃ Below 1/3 of his FP: Move 3, Dodge 4, ST 6 (halved, rounding up; HP and damage"
        " unchanged) (R8.1).",
    )
    expect(
        t.reply("/damage target:Orc amount:12 type:cr"),
        "  ┃     Knocked back 3 m (R7.14)",
        "  ┃     Keep footing: DX 11 -2 = 9, rolled 9 (2, 4, 3): success (R7.14)",
    )
    expect(
        t.reply("/close-combat takedown attacker:Ann target:Orc"),
        "  ┃ Contest: Ann: ST 6 = 6, rolled 11 (2, 6, 3): Failure (-5)",
        "  ┃     Orc: ST 6 = 6, rolled 13 (6, 3, 4): Failure (-7)",
        "  ┃     Ann wins by 2.",
    )
    expect(
        t.reply("/close-combat break-free combatant:Orc"),
        "  ┃ Contest: Orc: ST 6 = 6, rolled 11 (1, 4, 6): Failure (-5)",
        "  ┃     Ann: ST 6 = 6, rolled 14 (4, 5, 5): Failure (-8)",
        "  ┃     Orc wins by 3.",
    )
    assert "😓 very tired · Move 3, Dodge 4, ST 6" in _line(t.reply("/encounter status"), "Orc")


async def test_choke_stops_breath_then_fp_then_hp_r11_10_r9_1_r9_2(tmp_path: Path) -> None:
    """R11.10: ST 16 (+7) against HT 3 (-8): margin 15. R9.1: fighting, he holds his breath HT
    = 3 seconds (3, 2, 1, 0 s left at his places), then R9.2: 1 FP a second (4 → 3 → 2 → 1).
    A second choke (margin 11: no knockback footing roll, R7.14, so the dice differ from
    before) keeps the count. At 0 FP or less each FP lost costs 1 HP too once FP is below 0
    (R8.2): FP 0 (HP 4), -1 (HP 3) … -4 (HP 0); at -FP he has fainted and loses no more
    (R8.3). Letting go lets him breathe.
    """
    t = await play(tmp_path, CHOKE_AND_BREATH)
    # The grapple is round 1's attack, the choke round 2's (R4.4): two more /encounter next.
    expect(
        t.reply("/close-combat choke attacker:Al target:Orc"),
        "  ┃ Contest: Al: ST 16 = 16, rolled 9 (1, 6, 2): Success (+7)",
        "  ┃     Orc: HT 3 = 3, rolled 11 (2, 6, 3): Failure (-8)",
        "  ┃     Al wins by 15.",
        "  ┃     Orc is not breathing while the choke lasts.",
        "  ┃ Basic damage: 15 cr",
    )
    assert "🫧 holding his breath: 3 s left" in _line(t.reply("/encounter status"), "Orc")
    expect(t.reply("/encounter next", 4), "  ┃ Orc holds his breath: 2 s left (R9.1)")
    expect(t.reply("/encounter next", 6), "  ┃ Orc holds his breath: 1 s left (R9.1)")
    expect(t.reply("/encounter next", 8), "  ┃ Orc holds his breath: 0 s left (R9.1)")
    expect(t.reply("/encounter next", 10), "  ┃ Orc has no air: 1 FP, FP 3, HP 15 (R9.2)")
    expect(t.reply("/encounter next", 12), "  ┃ Orc has no air: 1 FP, FP 2, HP 15 (R9.2)")
    expect(t.reply("/encounter next", 14), "  ┃ Orc has no air: 1 FP, FP 1, HP 15 (R9.2)")
    expect(
        t.reply("/close-combat choke attacker:Al target:Orc", 2),
        "  ┃     Al wins by 11.",
        "  ┃ HP: 15 → 4 / 30",
    )
    expect(t.reply("/encounter next", 16), "  ┃ Orc has no air: 1 FP, FP 0, HP 4 (R9.2)")
    expect(t.reply("/encounter next", 18), "  ┃ Round 9: Orc has no air: 1 FP, FP -1, HP 3 (R9.2)")
    expect(
        t.reply("/encounter next", 21),
        "  ┃ Round 12: Orc has no air: 1 FP, FP -4, HP 0. He faints. (R9.2)",
    )
    assert not any("no air" in line for line in t.reply("/encounter next", 22))
    assert "FP ▱▱▱▱▱ -4/4 · prone · 😵 unconscious · grappled by Al · not breathing" in _line(
        t.reply("/encounter status", 3), "Orc"
    )
    line = _line(t.reply("/encounter status", 4), "Orc")
    assert "not breathing" not in line
    assert "in close combat with Al" in line


async def test_a_tired_choker_uses_half_his_st_r8_1_r11_10(tmp_path: Path) -> None:
    """R8.1 + R11.10: FP 3 of 12 halves the choker's ST 16 → 8 in the ST-against-HT contest.
    (The first choke rolls no knockback footing, R7.14, so these dice come earlier.)"""
    t = await play(tmp_path, TIRED_CHOKER)
    expect(
        t.reply("/close-combat choke attacker:Al target:Orc", 2),
        "  ┃ Contest: Al: ST 8 = 8, rolled 13 (6, 3, 4): Failure (-5)",
        "  ┃     Orc: HT 3 = 3, rolled 11 (1, 4, 6): Failure (-8)",
        "  ┃     Al wins by 3.",
    )


async def test_fire_and_heat_in_portuguese_r10_2_r10_6_r10_10(tmp_path: Path) -> None:
    """pt-BR: the incendiary point (R10.2), part of the clothes alight from 5 + 1 burning
    (R10.5), all of it from 12 (R10.6): 1d-1 a second (die 2 → 1), and the -3 on his attack
    (12 - 1 shock - 3 = 8). Intense heat with DR 0: no safe time (R10.10).
    """
    t = await play(tmp_path, FIRE_IN_PORTUGUESE)
    expect(
        t.reply("/damage target:Orc amount:1d burn inc"),
        "  ┃ Dano básico: 1d → 5 qmd (5)",
        "  ┃     Incendiário: +1 de queimadura no mesmo lugar, RD 0, lesão 1, PV 35 → 34 (R10.2).",
        "  ┃     Orc pega fogo: parte das roupas: 1d-4 por segundo, DX -2, até apagar (R10.5).",
    )
    expect(
        t.reply("/environment catch-fire damage:12 combatant:Orc"),
        "  ┃ Orc pega fogo: todas as roupas: 1d-1 por segundo, DX -3, até apagar (R10.6).",
    )
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Orc queima: 1d-1 tirou 1 (2), lesão 1, PV 34 → 33 (R10.6)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Ana weapon:Machado"),
        "  ┃     -1 choque (R7.6)",
        "  ┃     -3 todas as roupas em chamas (R10.6)",
        "  ┃     = 8",
    )
    expect(
        t.reply("/environment intense-heat combatant:Ana"),
        "  ┃ Ana está em calor intenso, RD 0: seguro por 0 s, depois um teste de HT a cada"
        " segundo na vez de Ana na ordem de turnos, cada falha 1 PF, até sair do calor"
        " (R10.10).",
    )
