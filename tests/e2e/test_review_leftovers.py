"""Out of deep water, not conscious in it, and drawing a weapon already in hand, checked
through the sandbox.

Getting out of the water (``/breath drown … leave:true``) gives air back as coming up does: a
held breath ends, the brain-death clock stops, and after more than 2 minutes without air an HT
roll or −1 IQ for good, with First Aid to clear the lungs of a drowning man (R9.1, R9.2, R9.4).
Whoever is not conscious in deep water (asleep, fainted, his heart stopped) rolls no Swimming
and sinks; a collapsed fighter (0 FP, failed Will) is conscious but fails his roll without dice
(R9.3, R9.4, R8.2). A weapon already in hand and ready is not drawn in close combat: refused
privately, nothing rolled or spent (R11.22, R5.5).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused, turns

UP_IN_TIME = Fight(
    7,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Cy st:10 dx:10 iq:10 ht:4 fp:10 side:pc
    /combatant add name:Bo st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /terrain set combatant:Al water:Under water
    /terrain set combatant:Cy water:Under water
    /breath drown combatant:Al swimming:14
    /breath drown combatant:Cy swimming:14
    """
    + turns(22)
    + """
    /breath drown combatant:Al leave:true
    /breath drown combatant:Cy leave:true
    """
    + turns(4)
    + """
    /encounter status
    """,
)


async def test_out_of_the_water_a_held_breath_ends_and_no_more_fp_is_lost_r9_1_r9_2(
    tmp_path: Path,
) -> None:
    """R9.1: fighting, HT seconds of breath: Al HT 10 → 10 s, Cy HT 4 → 4 s. Under water the
    Swimming roll comes every 2 rounds (R13.4): 14, rolled 9, 8, 9, 4 for Al. Cy's breath runs
    out after 4 s, then 1 FP a second (R9.2): FP 10 → 7 in 3 s. Taken out after 7 s: Al still
    had 3 s of breath and lost nothing; Cy went 3 s without air (drowning: First Aid) and
    loses no more FP; neither is under water any more."""
    t = await play(tmp_path, UP_IN_TIME)
    expect(
        t.reply("/terrain set combatant:Cy water:Under water"),
        "  ┃ HT 4, Strenuous, fighting (HT s), Normally: 4 s of breath (R9.1).",
    )
    expect(
        t.reply("/encounter next", 12),
        "  ┃ Cy holds his breath: 0 s left (R9.1)",
    )
    expect(
        t.reply("/encounter next", 15),
        "  ┃ Cy has no air: 1 FP, FP 9, HP 10 (R9.2)",
        "  ┃ Cy rolls Swimming 14 in the water: 7 (1, 2, 4), success → swimming under water"
        " (next roll in 2 s) (R13.4)",
    )
    expect(
        t.reply("/encounter next", 23),
        "  ┃ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 🫧 holding his breath: 3 s left"
        " · 🌊 Swimming 14: swimming under water (next roll in 2 s) · under water",
        "  ┃ 3. Cy [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▱ 7/10 · 😶 suffocating for 3 s"
        " · 🌊 Swimming 14: swimming under water (next roll in 2 s) · under water",
    )
    expect(
        t.reply("/breath drown combatant:Al leave:true"),
        "  ┃ Al is out of the deep water (R9.3).",
        "  ┃ Al breathes again before his held breath ran out: he lost no FP to it (R9.2).",
        "  ┃ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
    )
    expect(
        t.reply("/breath drown combatant:Cy leave:true"),
        "  ┃ Cy is out of the deep water (R9.3).",
        "  ┃ Cy went 3 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
        "  ┃ 3. Cy [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▱ 7/10",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
        "  ┃ ▶ 3. Cy [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▱ 7/10",
    )


PULLED_OUT_AFTER_TWO_MINUTES = Fight(
    3,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Bo st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /combatant condition name:Al condition:unconscious
    /breath drown combatant:Al
    """
    + turns(121)
    + """
    /breath drown combatant:Al leave:true
    /encounter undo
    /encounter next
    /breath drown combatant:Al leave:true
    /combatant show name:Al
    /encounter undo
    /combatant show name:Al
    """,
)


async def test_pulled_out_past_two_minutes_rolls_ht_or_loses_iq_r9_2_r9_4(
    tmp_path: Path,
) -> None:
    """R9.4: unconscious in deep water he rolls no Swimming and sinks at his place in round 1:
    brain death 4 minutes (240 s) later, round 241. R9.2: pulled out after exactly 120 s, no
    HT roll (only more than 2 minutes counts), but First Aid for the water in his lungs. Undone,
    one more second: 121 s, HT 10 rolled 11, failure: IQ 10 → 9 for good; undo gives it back
    and he is in the water again with the same clock."""
    t = await play(tmp_path, PULLED_OUT_AFTER_TWO_MINUTES)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Round 1: Al is unconscious in the water and sinks: no air from now on, brain death"
        " in round 241 unless he is rescued (R9.4)",
    )
    assert not any("Swimming" in line for line in t.reply("/encounter next", 3))
    at_120 = t.reply("/breath drown combatant:Al leave:true")
    expect(
        at_120,
        "  ┃ Al is out of the deep water (R9.3).",
        "  ┃ Al went 120 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
        "  ┃ 2. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 😵 unconscious",
    )
    assert not any("brain damage" in line for line in at_120)
    expect(
        t.reply("/breath drown combatant:Al leave:true", 2),
        "  ┃ Al went 121 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
        "  ┃ HT against brain damage: HT 10 = 10, rolled 11 (3, 4, 4): failure (R9.2)",
        "  ┃ Al loses 1 IQ for good (R9.2).",
    )
    expect(
        t.reply("/combatant show name:Al"),
        "  ┃ Attributes: ST 10 · DX 10 · IQ 9 · HT 10",
    )
    expect(
        t.reply("/encounter undo", 2),
        "  ┃ 2. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 😵 unconscious · 🌊 fainted in the"
        " water: brain death in round 241 unless he is rescued (R9.4)",
    )
    expect(
        t.reply("/combatant show name:Al", 2),
        "  ┃ Attributes: ST 10 · DX 10 · IQ 10 · HT 10",
    )


NOT_SWIMMING = Fight(
    7,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Di st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Bo st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /combatant condition name:Al condition:asleep
    /combatant edit name:Cy fp:0
    /combatant condition name:Cy condition:collapsed
    /combatant condition name:Di condition:unconscious
    /breath drown combatant:Al swimming:12
    /breath drown combatant:Cy swimming:12
    /terrain set combatant:Di water:In water above the knee
    """
    + turns(6)
    + """
    /breath drown combatant:Cy leave:true
    """,
    locale="pt-BR",
)


async def test_asleep_sinks_collapsed_fails_without_dice_knee_deep_keeps_footing_r9_3_r9_4(
    tmp_path: Path,
) -> None:
    """R9.4: Al asleep in deep water makes no Swimming roll: he sinks at his place (round 1),
    brain death 240 s later, round 241. R8.2/R9.3: Cy at 0 FP has collapsed: each roll that
    comes due is a failure without dice, 1 FP, and below 0 FP 1 HP too (FP 0 → −1, HP 10 → 9),
    then struggling: the next roll 5 s later (FP −2, HP 8). Di unconscious in water above the
    knee (R13.5) keeps his footing: no roll, no sinking. In pt-BR."""
    t = await play(tmp_path, NOT_SWIMMING)
    expect(
        t.reply("/terrain set combatant:Di water:In water above the knee"),
        "  ┃ Natação 6: ele está inconsciente e não nada, então nenhum teste vem até ele acordar"
        " (R9.3, R8.3).",
        "  ┃ ▶ 1. Di [pc]: PV ▰▰▰▰▰ 10/10 · PF ▰▰▰▰▰ 10/10 · 😵 inconsciente"
        " · na água acima do joelho",
    )
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Al perde a vez: adormecido. (R4.2)",
        "  ┃ Cy perde a vez: esgotado. (R4.2)",
        "  ┃ Al está dormindo na água e afunda: sem ar a partir de agora, morte cerebral na"
        " rodada 241 se ele não for resgatado (R9.4)",
        "  ┃ Cy está esgotado (R8.2) e não consegue nadar: sem teste, conta como falha: engole"
        " água, 1 PF, PF -1, PV 9 → engolindo água (próximo teste em 5 s) (R9.3)",
    )
    for nth in range(3, 7):
        assert not any(
            "Natação" in line and "testa" in line for line in t.reply("/encounter next", nth)
        )
    expect(
        t.reply("/encounter next", 7),
        "  ┃ Cy está esgotado (R8.2) e não consegue nadar: sem teste, conta como falha: engole"
        " água, 1 PF, PF -2, PV 8 → engolindo água (próximo teste em 5 s) (R9.3)",
        "  ┃ 1. Di [pc]: PV ▰▰▰▰▰ 10/10 · PF ▰▰▰▰▰ 10/10 · 😵 inconsciente"
        " · na água acima do joelho",
    )
    expect(
        t.reply("/breath drown combatant:Cy leave:true"),
        "  ┃ Cy saiu da água funda (R9.3).",
    )


HEART_STOPS_IN_THE_WATER = Fight(
    23,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:4 hp:10 will:14 side:pc
    /combatant add name:Bo st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /combatant edit name:Al fp:-1
    /breath drown combatant:Al swimming:16
    """
    + turns(2),
)


async def test_heart_stops_in_deep_water_he_sinks_without_a_roll_r8_2_r9_4(
    tmp_path: Path,
) -> None:
    """R8.2: at −1 FP Al rolls Will 14 before acting: 18, critical failure; HT 4 rolled 8,
    failure: cardiac arrest, FP −4 (−1 × FP 4), dead in HT/3 = 4/3 min = 80 s, round 81; at −FP
    he faints (R8.3). R9.4: not conscious in deep water he rolls no Swimming and sinks, brain
    death 240 s on, round 241."""
    t = await play(tmp_path, HEART_STOPS_IN_THE_WATER)
    first = t.reply("/encounter next", 2)
    expect(
        first,
        "  ┃ Al rolls Will to act at 0 FP or less: 18 (6, 6, 6) vs 14, critical failure. (R8.2)",
        "  ┃ Al rolls HT against cardiac arrest: 8 (1, 4, 3) vs 4, failure. (R8.2)",
        "  ┃ His heart stops: he dies in 1 min 20 s (HT/3 minutes), in round 81, unless he is"
        " helped (R8.2).",
        "  ┃ Round 1: Al is unconscious in the water and sinks: no air from now on, brain death"
        " in round 241 unless he is rescued (R9.4)",
        "  ┃ 2. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▱▱▱▱▱ -4/4 · prone · 😵 unconscious · 💔 cardiac"
        " arrest (dies in round 81 unless helped) · 🌊 fainted in the water: brain death in"
        " round 241 unless he is rescued (R9.4)",
    )
    assert not any("Swimming" in line for line in first)
    assert not any("Swimming" in line for line in t.reply("/encounter next", 3))


DRAW_IN_HAND = Fight(
    3,
    """
    /encounter start name:CT
    /combatant add name:Bruno st:13 dx:12 iq:10 ht:11 side:pc owner:alice
    /combatant weapon add name:Bruno weapon:Knife skill:13 damage:1d-1 imp reach:C
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:2d cut reach:1
    /encounter next
    :as alice
    /close-combat enter attacker:Bruno target:Orc
    /close-combat draw combatant:Bruno weapon:Knife
    :locale pt-BR
    /combate-de-perto sacar combatente:Bruno arma:Knife
    :locale en-US
    /attack attacker:Bruno target:Orc
    """,
)


async def test_drawing_a_knife_already_in_hand_is_refused_and_spends_nothing_r11_22(
    tmp_path: Path,
) -> None:
    """R11.22/R5.5: the knife is in hand and ready: nothing to draw, refused privately in
    English and pt-BR with no DX roll, and the turn is still free: the knife strikes at
    13 − 2 = 11 in close combat (R11.6), rolled 9, a hit by 2, only Dodge against it (R11.12)."""
    t = await play(tmp_path, DRAW_IN_HAND)
    english = t.reply("/close-combat draw combatant:Bruno weapon:Knife")
    assert refused(english)
    expect(
        english,
        "  ┃ Bruno's Knife is already in hand and ready: there is nothing to draw, and no Ready"
        " is spent (R11.22).",
    )
    assert not any("rolled" in line for line in english)
    portuguese = t.reply("/combate-de-perto sacar combatente:Bruno arma:Knife")
    assert "only you can see this" in portuguese[0]
    expect(
        portuguese,
        "  ┃ Não deu certo",
        "  ┃ A arma Knife de Bruno já está em mãos e pronta: não há o que sacar, e nenhuma"
        " manobra Preparar é gasta (R11.22).",
    )
    expect(
        t.reply("/attack attacker:Bruno target:Orc"),
        "  ┃     -2 weapon in close combat (R11.6)",
        "  ┃     = 11",
        "  ┃ Attack roll: Rolled 9 (2, 4, 3): hit (by 2)",
        "  [1 Dodge 8] [2 Retreat (+3)] [3 No defense]",
    )
