"""Fighting in and under water checked through the sandbox against the catalog.

R13.4 (under water): a Swimming roll every two rounds (a failure costs 1 FP), reach C and
natural weapons −2, reach 1 −4, −4 more per further hex, minus the encumbrance level, all damage
halved (round down), thrown ½D and Max ÷10, bows and crossbows useless. R13.5 (in water above the
knee): the Swimming roll every five rounds, the penalties halved toward zero, damage ×2/3 (round
down). R9.3: Swimming on entering deep water (−2 per encumbrance level, +3 on purpose), then every
5 min, every 5 s after a failure; the fighting schedule and the drowning one are one schedule, one
roll a second at most. R9.4: gear comes off only after a Swimming success, DX −4 for heavy items,
a failure swallows water; fainting in the water starts 4 minutes to death. Close combat's damage
(a choke's margin, R11.10; a super-slam's points, R11.16) is reduced by the water too.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

UNDER_WATER = Fight(
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
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
""",
)


async def test_under_water_reach_encumbrance_halved_damage_and_swimming(tmp_path: Path) -> None:
    """R13.4: encumbrance 1 → −1. Broadsword reach 1: 14 − 4 − 1 = 9; 2d+1 rolled 6 → 3 cut,
    ×1.5 → 4 injury. Spear reach 2: 14 − 8 − 1 = 5; 1d+2 rolled 3 → 1 imp (1.5 down), ×2 → 2.
    Punch reach C, natural: 14 − 2 − 1 = 11. R9.3/R13.4: Swimming 12 − 2 = 10, rolled at her first
    second (round 1, 7: success), then every 2 rounds: round 3 rolls 12, failure, FP 12 → 11;
    round 2 rolls nothing."""
    t = await play(tmp_path, UNDER_WATER)
    expect(
        t.reply('/terrain set combatant:Ana water:"Under water"'),
        "  ┃ Swimming 10: entering the water (R9.3).",
    )
    expect(
        t.reply("/encounter next"),
        "  ┃ Ana rolls Swimming 10 in the water: 7 (2, 1, 4), success → swimming under water "
        "(next roll in 2 s) (R13.4)",
    )
    expect(
        t.reply("/attack attacker:Ana target:Orc weapon:Broadsword"),
        "  ┃     -4 water, by reach (R13.4)",
        "  ┃     -1 water, encumbrance (R13.4)",
        "  ┃     = 9",
        "  ┃ Attack roll: Rolled 8 (1, 4, 3): hit (by 1)",
    )
    expect(
        t.reply(":click 3"),
        "  ┃ Basic damage: 2d+1 → 3 cut (1, 4) (rolled 6, ×1/2 in the water, R13.4, R13.5)",
        "  ┃ Injury: 4",
        "  ┃ HP: 60 → 56 / 60",
    )
    expect(
        t.reply("/attack attacker:Ana target:Orc weapon:Spear extra-attack:true"),
        "  ┃     -8 water, by reach (R13.4)",
        "  ┃     -1 water, encumbrance (R13.4)",
        "  ┃     = 5",
    )
    expect(
        t.reply(":click 3", 2),
        "  ┃ Basic damage: 1d+2 → 1 imp (1) (rolled 3, ×1/2 in the water, R13.4, R13.5)",
        "  ┃ Injury: 2",
        "  ┃ HP: 56 → 54 / 60",
    )
    expect(
        t.reply("/attack attacker:Ana target:Orc weapon:Punch extra-attack:true"),
        "  ┃     -2 water, by reach (R13.4)",
        "  ┃     -1 water, encumbrance (R13.4)",
        "  ┃     = 11",
    )
    round_2 = t.reply("/encounter next", 3)
    assert not any("rolls Swimming" in line for line in round_2)
    expect(
        t.reply("/encounter next", 5),
        "  ┃ Ana rolls Swimming 10 in the water: 12 (2, 4, 6), failure: swallows water, 1 FP, "
        "FP 11, HP 12 → swallowing water (next roll in 2 s) (R13.4)",
    )


IN_WATER = Fight(
    11,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc encumbrance:3
    /combatant weapon add name:Ana weapon:Broadsword skill:14 damage:2d+1 cut reach:1
    /combatant weapon add name:Ana weapon:Halberd skill:14 damage:sw+5 cut reach:2,3
    /combatant weapon add name:Ana weapon:Punch skill:14 damage:thr-1 cr reach:C natural:true
    /combatant weapon add name:Ana weapon:Bow skill:14 damage:1d+2 imp range:150/200 launcher:bow
    /combatant weapon add name:Ana weapon:Spear skill:14 damage:thr+3 imp thrown:true range:x1/x1.5
    /combatant skill add name:Ana skill:Swimming level:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /terrain set combatant:Ana water:"In water above the knee"
    /encounter next
    /attack attacker:Ana target:Orc weapon:Broadsword
    :click 3
    /attack attacker:Ana target:Orc weapon:Halberd extra-attack:true
    /attack attacker:Ana target:Orc weapon:Punch extra-attack:true
    :click 3
    /shoot attacker:Ana target:Orc weapon:Bow extra-attack:true distance:10
    /throw attacker:Ana target:Orc weapon:Spear extra-attack:true distance:10
    /terrain set combatant:Ana water:"Under water"
    /shoot attacker:Ana target:Orc weapon:Bow extra-attack:true distance:10
    /throw attacker:Ana target:Orc weapon:Spear extra-attack:true distance:2
""",
)


async def test_in_water_halves_penalties_two_thirds_damage_then_under_water_limits(
    tmp_path: Path,
) -> None:
    """R13.5: encumbrance 3 → −3/2 → −1 (toward zero). Broadsword 14 − 2 − 1 = 11; 2d+1 rolled
    7 → 4 cut (4.67 down), ×1.5 → 6. Punch (reach C) 14 − 1 − 1 = 12; 1d−2 rolled 3 → 2.
    Swimming 12 − 6 = 6 rolls 13 on entering: 1 FP and every 5 s. A bow in water above the
    knee only takes the encumbrance (R13.5 ambiguity 2). R13.4 then: the next roll comes 2 s
    after the last one; bows are refused; a thrown spear x1/x1.5 at ST 12 (12/18 m) has Max
    1.8 m under water, so 2 m is refused."""
    t = await play(tmp_path, IN_WATER)
    expect(
        t.reply("/encounter next"),
        "  ┃ Ana rolls Swimming 6 in the water: 13 (3, 4, 6), failure: swallows water, 1 FP, "
        "FP 11, HP 12 → swallowing water (next roll in 5 s) (R13.5)",
    )
    expect(
        t.reply("/attack attacker:Ana target:Orc weapon:Broadsword"),
        "  ┃     -2 water, by reach (R13.5)",
        "  ┃     -1 water, encumbrance (R13.5)",
        "  ┃     = 11",
    )
    expect(
        t.reply(":click 3"),
        "  ┃ Basic damage: 2d+1 → 4 cut (2, 4) (rolled 7, ×2/3 in the water, R13.4, R13.5)",
        "  ┃ Injury: 6",
        "  ┃ HP: 60 → 54 / 60",
    )
    expect(
        t.reply("/attack attacker:Ana target:Orc weapon:Punch extra-attack:true"),
        "  ┃     -1 water, by reach (R13.5)",
        "  ┃     -1 water, encumbrance (R13.5)",
        "  ┃     = 12",
    )
    expect(
        t.reply(":click 3", 2),
        "  ┃ Basic damage: 1d-2 → 2 cr (5) (rolled 3, ×2/3 in the water, R13.4, R13.5)",
        "  ┃ HP: 54 → 52 / 60",
    )
    bow_in_water = t.reply(
        "/shoot attacker:Ana target:Orc weapon:Bow extra-attack:true distance:10"
    )
    expect(
        bow_in_water,
        "  ┃     -1 water, encumbrance (R13.5)",
        "  ┃     -4 distance and speed (A.8)",
        "  ┃     = 9",
    )
    expect(
        t.reply('/terrain set combatant:Ana water:"Under water"'),
        "  ┃ Swimming 6: swallowing water (next roll in 2 s) (R9.3).",
    )
    bow_under = t.reply(
        "/shoot attacker:Ana target:Orc weapon:Bow extra-attack:true distance:10", 2
    )
    assert refused(bow_under)
    expect(bow_under, "  ┃ Bows and crossbows are useless under water (R13.4).")
    spear = t.reply("/throw attacker:Ana target:Orc weapon:Spear extra-attack:true distance:2")
    assert refused(spear)
    expect(
        spear,
        "  ┃ 2 m is beyond the weapon's Max range of 1.8 m: under water a thrown weapon's 1/2D "
        "and Max are divided by 10 (R13.4).",
    )


MINIMUM = Fight(
    3,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc
    /combatant weapon add name:Ana weapon:Dagger skill:14 damage:1d-2 imp reach:C
    /combatant weapon add name:Ana weapon:Spear skill:14 damage:thr+3 imp thrown:true range:x1/x1.5
    /combatant skill add name:Ana skill:Swimming level:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /terrain set combatant:Ana water:"Under water"
    /encounter next
    /attack attacker:Ana target:Orc weapon:Dagger
    :click 3
    /attack attacker:Ana target:Orc weapon:Dagger extra-attack:true
    :click 3
    /attack attacker:Ana target:Orc weapon:Dagger extra-attack:true
    :click 3
    /attack attacker:Ana target:Orc weapon:Dagger extra-attack:true
    :click 3
    /throw attacker:Ana target:Orc weapon:Spear extra-attack:true distance:1
    :click 2
""",
)


async def test_under_water_halving_keeps_the_minimum_damage(tmp_path: Path) -> None:
    """R13.4 and G7: a dagger (reach C) 14 − 2 = 12; 1d−2 rolled 1 → −1, halved, still 1 imp
    (×2 → 2 injury); rolled 6 → 4 → 2 imp → 4. A thrown spear at 1 m (under its ½D of 1.2 m)
    takes no reach penalty; 1d+2 rolled 5 → 7 → 3 imp → 6."""
    t = await play(tmp_path, MINIMUM)
    expect(
        t.reply("/attack attacker:Ana target:Orc weapon:Dagger"),
        "  ┃     -2 water, by reach (R13.4)",
        "  ┃     = 12",
    )
    expect(
        t.reply(":click 3"),
        "  ┃ Basic damage: 1d-2 → 1 imp (1) (rolled -1, ×1/2 in the water, R13.4, R13.5)",
        "  ┃ Injury: 2",
        "  ┃ Consequences: Minimum damage: 1 (A.2)",
    )
    expect(
        t.reply(":click 3", 2),
        "  ┃ Basic damage: 1d-2 → 2 imp (6) (rolled 4, ×1/2 in the water, R13.4, R13.5)",
        "  ┃ Injury: 4",
    )
    expect(
        t.reply("/throw attacker:Ana target:Orc weapon:Spear extra-attack:true distance:1"),
        "  ┃     = 14",
    )
    expect(
        t.reply(":click 2"),
        "  ┃ Basic damage: 1d+2 → 3 imp (5) (rolled 7, ×1/2 in the water, R13.4, R13.5)",
        "  ┃ Injury: 6",
    )


ONE_SCHEDULE = Fight(
    5,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc encumbrance:1
    /combatant skill add name:Ana skill:Swimming level:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /encounter next
    /breath drown combatant:Ana intentional:true
    /terrain set combatant:Ana water:"Under water"
"""
    + "/encounter next\n" * 12
    + """/terrain set combatant:Ana water:"Out of the water"
"""
    + "/encounter next\n" * 3,
)


async def test_drowning_and_fighting_under_water_roll_on_one_schedule(tmp_path: Path) -> None:
    """R9.3 + R13.4: Swimming 12 + 3 (on purpose) − 2 (encumbrance 1) = 13. In deep water and
    under water she rolls once at her next second (round 2: 14, failure, FP 11), then every 2 s
    (R9.3's 5 s, at least every 2 rounds): round 4 (17, failure, FP 10), round 6 (10, success);
    rounds 3, 5 and 7 roll nothing, and never two rolls in one second. Out of the water, no more."""
    t = await play(tmp_path, ONE_SCHEDULE)
    expect(
        t.reply("/breath drown combatant:Ana intentional:true"),
        "  ┃ ▶ 1. Ana [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▰ 12/12 · 🌊 in deep water: entering the "
        "water, Swimming 13",
    )
    rolls = [
        [line for line in t.reply("/encounter next", n) if "rolls Swimming" in line]
        for n in range(1, 17)
    ]
    assert [len(r) for r in rolls] == [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    assert rolls[2] == [
        "  ┃ Ana rolls Swimming 13 in the water: 14 (4, 5, 5), failure: swallows water, 1 FP, "
        "FP 11, HP 12 → swallowing water (next roll in 2 s) (R13.4)"
    ]
    assert rolls[6] == [
        "  ┃ Ana rolls Swimming 13 in the water: 17 (6, 5, 6), failure: swallows water, 1 FP, "
        "FP 10, HP 12 → swallowing water (next roll in 2 s) (R13.4)"
    ]
    assert rolls[10] == [
        "  ┃ Ana rolls Swimming 13 in the water: 10 (1, 3, 6), success → swimming under water "
        "again (next roll in 2 s) (R13.4)"
    ]
    expect(
        t.reply('/terrain set combatant:Ana water:"Out of the water"'),
        "  ┃ ▶ 1. Ana [pc]: HP ▰▰▰▰▰ 12/12 · FP ▰▰▰▰▱ 10/12",
    )


SHED = Fight(
    5,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc
    /combatant skill add name:Ana skill:Swimming level:14
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /encounter next
    /terrain set combatant:Ana water:"Under water"
    /breath shed combatant:Ana heavy:true
    /encounter next
    /encounter next
    /breath shed combatant:Ana heavy:true
    /breath shed combatant:Ana
""",
    "pt-BR",
)


async def test_shedding_gear_waits_for_a_swimming_success_pt_br(tmp_path: Path) -> None:
    """R9.4 in pt-BR: refused before any Swimming success; Swimming 14 rolls 14 at round 2
    (success). A helmet: DX 12 − 4 = 8, rolled 17: she swallows water, FP 12 → 11, struggling,
    the next roll 2 s on (R13.4). A cloak: DX 12, rolled 10: off."""
    t = await play(tmp_path, SHED)
    early = t.reply("/breath shed combatant:Ana heavy:true")
    assert "only you can see this" in early[0]
    expect(
        early,
        "  ┃ Não deu certo",
        "  ┃ Ana ainda não passou em nenhum teste de Natação em água funda: o equipamento só "
        "sai depois de um (R9.4). /folego afogamento combatente:Ana o coloca na água, e os "
        "testes vêm com as rodadas.",
    )
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Ana testa Natação 14 na água: 14 (4, 5, 5), sucesso → nadando debaixo d'água "
        "(próximo teste em 2 s) (R13.4)",
    )
    expect(
        t.reply("/breath shed combatant:Ana heavy:true", 2),
        "  ┃ DX para se livrar dele: DX 12 -4 = 8, tirou 17 (6, 5, 6): falha crítica (R9.4)",
        "  ┃ Ele falha e engole água: 1 PF, e passa a se debater (R9.4, R9.3).",
        "  ┃ PF 12 → 11 / 12",
        # Under water she holds her breath from the first second: HT 12, fighting (R9.1).
        "  ┃ ▶ 1. Ana [pc]: PV ▰▰▰▰▰ 12/12 · PF ▰▰▰▰▱ 11/12 · 🫧 prendendo a respiração: "
        "faltam 11 s · 🌊 Natação 14: engolindo água (próximo teste em 2 s) · debaixo d'água",
    )
    expect(
        t.reply("/breath shed combatant:Ana"),
        "  ┃ DX para se livrar dele: DX 12 = 12, tirou 10 (1, 3, 6): sucesso (R9.4)",
    )


FAINT = Fight(
    5,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /encounter next
    /fatigue spend amount:23 combatant:Ana
    /terrain set combatant:Ana water:"Under water"
"""
    + "/encounter next\n" * 8
    + """/terrain set combatant:Ana water:"Out of the water"
""",
)


async def test_fainting_under_water_starts_four_minutes(tmp_path: Path) -> None:
    """No Swimming skill: HT 12 − 4 = 8. At FP −11 (HP 1) she fails her Will roll and
    collapses (R8.2), so her Swimming roll fails without dice: 1 FP and 1 HP (R8.2): FP −12 =
    −FP, she faints (R8.3) in round 2 (second 1) and sinks: brain death 240 s later, in round
    242 (R9.4, R9.2). Pulled out in round 8 (``/terrain set``: ``/breath air`` has no air to
    give under water, R13.4): 6 s without air, First Aid for her lungs."""
    t = await play(tmp_path, FAINT)
    expect(
        t.reply('/terrain set combatant:Ana water:"Under water"'),
        "  ┃ Swimming 8: entering the water (R9.3).",
    )
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Ana has collapsed (R8.2) and cannot swim: no roll, a failure: swallows water, "
        "1 FP, FP -12, HP 0 → swallowing water (next roll in 2 s). He faints. (R13.4)",
        "  ┃ Ana is unconscious in the water and sinks: no air from now on, brain death in "
        "round 242 unless he is rescued (R9.4)",
        "  ┃ 1. Ana [pc]: HP ▱▱▱▱▱ 0/12 · FP ▱▱▱▱▱ -12/12 · prone · 😵 unconscious · 🌊 fainted "
        "in the water: brain death in round 242 unless he is rescued (R9.4) · under water",
    )
    expect(
        t.reply('/terrain set combatant:Ana water:"Out of the water"'),
        "  ┃ Ana went 6 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
    )


def choke(water: str, seed: int) -> Fight:
    return Fight(
        seed,
        f"""
    /encounter start name:W
    /combatant add name:Ana st:14 dx:12 iq:10 ht:12 side:pc encumbrance:2
    /combatant skill add name:Ana skill:Swimming level:14
    /combatant add name:Orc st:10 dx:8 iq:10 ht:10 hp:30 side:npc
    /terrain set combatant:Ana water:"{water}"
    /terrain set combatant:Orc water:"Under water"
    /breath hold combatant:Orc exertion:strenuous
    /encounter next
    /close-combat enter attacker:Ana target:Orc
    /close-combat grapple attacker:Ana target:Orc
    /encounter next
    /encounter next
    /close-combat choke attacker:Ana target:Orc
    /encounter next
""",
    )


async def test_choke_margin_is_halved_under_water(tmp_path: Path) -> None:
    """R11.10 + R13.4: ST 14 rolls 9 (+5) against HT 10 rolling 13 (−3): margin 8, halved → 4
    crushing to the neck with no multiplier. The orc, under water, already held his breath
    (HT 10 s, 9 left): the choke keeps his count (8 s left a second later)."""
    t = await play(tmp_path, choke("Under water", 1))
    expect(
        t.reply("/close-combat choke attacker:Ana target:Orc"),
        "  ┃     Ana wins by 8.",
        "  ┃     The water takes half of all the damage, rounded down (R13.4).",
        "  ┃ Basic damage: 4 cr",
        "  ┃ Location: neck",
        "  ┃ Injury: 4",
        "  ┃ HP: 30 → 26 / 30",
    )
    expect(t.reply("/encounter next", 4), "  ┃ Orc holds his breath: 8 s left (R9.1)")


async def test_choke_margin_is_two_thirds_in_water_above_the_knee(tmp_path: Path) -> None:
    """R11.10 + R13.5: the same contest from water above the knee: margin 8 × 2/3 = 5.33 → 5."""
    t = await play(tmp_path, choke("In water above the knee", 1))
    expect(
        t.reply("/close-combat choke attacker:Ana target:Orc"),
        "  ┃     Ana wins by 8.",
        "  ┃     The water takes a third of all the damage: ×2/3, rounded down (R13.5).",
        "  ┃ Basic damage: 5 cr",
        "  ┃ HP: 30 → 25 / 30",
    )


def super_slam(water: str) -> Fight:
    return Fight(
        4,
        f"""
    /settings rule option:super_slam enabled:true
    /encounter start name:W
    /combatant add name:Ana st:20 dx:12 iq:10 ht:12 side:pc
    /combatant add name:Orc st:8 dx:8 iq:10 ht:10 hp:30 side:npc
    /encounter next
    /terrain set combatant:Ana water:"{water}"
    /close-combat slam attacker:Ana target:Orc moved:10 running:true
""",
    )


SLAM = "/close-combat slam attacker:Ana target:Orc moved:10 running:true"


async def test_super_slam_damage_in_and_under_water(tmp_path: Path) -> None:
    """R11.16 + R13.4/R13.5: the ST contest is won by 6: the orc flies 3 hexes and takes 3
    points; Ana takes ½ a point a hex, 1. Under water 3 → 1 and 1 → 0; in water above the knee
    3 → 2 and 1 → 0; out of the water 3 and 1."""
    under = (await play(tmp_path, super_slam("Under water"))).reply(SLAM)
    expect(under, "  ┃     Ana wins by 6.", "  ┃ Basic damage: 1 cr", "  ┃ HP: 30 → 29 / 30")
    assert "  ┃ 🩸 Ana takes damage" not in under
    knee = (await play(tmp_path, super_slam("In water above the knee"))).reply(SLAM)
    expect(knee, "  ┃ Basic damage: 2 cr", "  ┃ HP: 30 → 28 / 30")
    assert "  ┃ 🩸 Ana takes damage" not in knee
    dry = (await play(tmp_path, super_slam("Out of the water"))).reply(SLAM)
    expect(dry, "  ┃ Basic damage: 3 cr", "  ┃ HP: 30 → 27 / 30", "  ┃ HP: 20 → 19 / 20")
