"""The review of sections 8-10 (fatigue, breath and water, fire, heat) and R13.8 found these
defects; each test plays the finding's own commands through the sandbox, with its seed, and
checks the corrected lines (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

CARDIAC_ARREST = Fight(
    19,
    """
    /encounter start name:E
    /combatant add name:Bo st:10 dx:10 iq:10 ht:8 fp:10 will:3
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue spend amount:11 combatant:Bo
    /encounter next
    /combatant show name:Bo
""",
)

BURNING_ROLLS_ZERO = Fight(
    6,
    """
    /encounter start name:Fire
    /combatant add name:Fay st:10 dx:12 iq:10 ht:10 hp:20
    /combatant add name:Gus st:10 dx:10 iq:10 ht:10 dr:3
    /combatant weapon add name:Fay weapon:Knife skill:12 damage:thr imp
    /encounter next
    /environment catch-fire damage:4 combatant:Fay
    /check skill:DX character:Fay
    /attack attacker:Fay target:Gus weapon:Knife
    /encounter next
    /encounter next
""",
)

EXHAUSTED_AND_TIRED = Fight(
    1,
    """
    /encounter start name:Fat
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12 fp:12 move:6 dodge:9
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12
    /encounter next
    /fatigue spend amount:13 combatant:Ann
    /encounter status
    /combatant show name:Ann
""",
)

FATIGUE_BY_NUMBERS = Fight(
    1,
    """
    /fatigue spend amount:1 fp:4 max-fp:12
    /fatigue recover amount:1 fp:2 max-fp:12
""",
)

IGNITION_WORDING = Fight(
    1,
    """
    /environment ignite material:Nonflammable flame:3d
    /environment ignite material:Highly Flammable flame:23 tight-beam:true
""",
)

DEFAULT_NAMES = Fight(
    1,
    """
    /environment falling-object kg:10 metres:30
    /fatigue water litres:0.5 hours:24 climate:Hot
    /environment catch-fire damage:2
""",
)

FAINTING_WITHOUT_AIR = Fight(
    4,
    "\n".join(
        [
            "/encounter start name:Pool",
            "/combatant add name:Dan st:10 dx:10 iq:10 ht:3 fp:3 hp:10",
            "/combatant add name:Eve st:10 dx:10 iq:10 ht:10",
            "/encounter next",
            "/breath hold combatant:Dan",
            *["/encounter next"] * 18,
        ]
    ),
)

COLLAPSE_ENDS_ON_RECOVERY = Fight(
    1,
    """
    /encounter start name:E
    /combatant add name:Bo st:10 dx:10 iq:10 ht:8 fp:10 will:3
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue spend amount:11 combatant:Bo
    /encounter next
    /encounter next
    /fatigue recover amount:12 combatant:Bo
    /encounter next
""",
)

AIRLESS_SECONDS = Fight(
    1,
    """
    /breath hold ht:12 seconds:30 fp:12 max-fp:12
""",
)

SHEDDING_ARMOR = Fight(
    6,
    "\n".join(
        [
            "/encounter start name:W",
            "/combatant add name:Hal st:10 dx:12 iq:10 ht:10",
            "/combatant add name:Ivy st:10 dx:10 iq:10 ht:10",
            "/encounter next",
            "/breath shed combatant:Hal heavy:true",
            "/breath drown combatant:Hal swimming:12",
            "/breath shed combatant:Hal heavy:true",
            *["/encounter next"] * 12,
            "/breath shed combatant:Hal heavy:true",
            "/encounter status",
            "/environment catch-fire damage:12 combatant:Hal shield:true",
        ]
    ),
)

COMBAT_FATIGUE_ONCE = Fight(
    2,
    "\n".join(
        [
            "/encounter start name:Ten",
            "/combatant add name:Ann st:11 dx:12 iq:10 ht:12 encumbrance:2",
            "/combatant weapon add name:Ann weapon:Sword skill:16 damage:sw cut",
            "/combatant add name:Orc st:12 dx:11 iq:9 ht:12 encumbrance:3 hp:40",
            "/encounter next",
            "/attack attacker:Ann target:Orc weapon:Sword",
            ":click Dodge",
            *["/encounter next"] * 21,
            "/encounter status",
            "/fatigue combat combatant:Ann",
            "/fatigue combat combatant:Ann",
            "/encounter end",
        ]
    ),
)

HEAT_PAST_THE_TABLE = Fight(
    1,
    """
    /environment heat temperature:70 minutes:30 ht:12
    /environment heat temperature:65 minutes:30 ht:12
""",
)


async def test_d2_cardiac_arrest_leaves_him_unconscious_r8_2_r8_3(tmp_path: Path) -> None:
    """D2: R8.2's cardiac arrest sets FP to -FP (10 → -10) and at -FP he faints (R8.3):
    the tracker and /combatant show say prone and unconscious, not standing, collapsed and
    "Will before each action", as they do when -FP comes from /fatigue spend."""
    t = await play(tmp_path, CARDIAC_ARREST)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Bo rolls HT against cardiac arrest: 13 (4, 3, 6) vs 8, failure. (R8.2)",
        "  ┃ Bo falls unconscious. (R8.3)",
        "  ┃ 2. Bo [npc]: HP ▰▰▰▰▱ 9/10 · FP ▱▱▱▱▱ -10/10 · prone · 😵 unconscious · "
        "💔 cardiac arrest (dies in round 161 unless helped)",
    )
    expect(
        t.reply("/combatant show name:Bo"),
        "  ┃ HP 9/10 · FP -10/10 · prone · unconscious · cardiac arrest (dies in round 161 "
        "unless helped)",
    )


async def test_d4_a_burning_second_rolling_zero_does_no_injury_g7_r10_5(
    tmp_path: Path,
) -> None:
    """D4: G7 floors fire at 0 with no attack minimum of 1: part of the clothing alight burns
    1d-4 a second, and a 3 on the die is 0 burning, 0 injury, HP 20 stays 20 (R10.5)."""
    t = await play(tmp_path, BURNING_ROLLS_ZERO)
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Fay burns: 1d-4 rolled 0 (3), injury 0, HP 20 → 20 (R10.5)",
        "  ┃ ▶ 1. Fay [npc]: HP ▰▰▰▰▰ 20/20 · FP ▰▰▰▰▰ 10/10 · 🔥 on fire: part of his clothing: "
        "1d-4 a second, DX -2",
    )


async def test_d5_halved_scores_stay_at_zero_fp_and_below_r8_1_r8_2(tmp_path: Path) -> None:
    """D5: R8.1's effects are cumulative. At FP -1 of 12, Move 6, Dodge 9 and ST 11 are still
    halved to 3, 5 and 6, and R8.2's Will roll comes on top, in the tracker and the sheet."""
    t = await play(tmp_path, EXHAUSTED_AND_TIRED)
    tired = (
        "HP ▰▰▰▰▱ 10/11 · FP ▱▱▱▱▱ -1/12 · 😓 very tired · Move 3, Dodge 5, ST 6 · "
        "🥵 exhausted: Will before each action"
    )
    expect(t.reply("/encounter status"), f"  ┃ ▶ 1. Ann [npc]: {tired}")
    expect(
        t.reply("/combatant show name:Ann"),
        "  ┃ HP 10/11 · FP -1/12 · standing · very tired · Move 3, Dodge 5, ST 6 · "
        "exhausted: Will before each action",
        "  ┃ Defenses: Dodge 5 · Parry — · Block —",
    )


async def test_d6_fp_by_numbers_invents_no_scores_r8_1(tmp_path: Path) -> None:
    """D6: without a combatant no ST, Move or Dodge was given, so below 1/3 FP (3 of 12)
    the answer says they are halved, as /fatigue hike and /fatigue sleep do (R8.1)."""
    t = await play(tmp_path, FATIGUE_BY_NUMBERS)
    generic = (
        "  ┃ Below 1/3 of his FP: Move, Dodge and ST halved, rounding up "
        "(HP and damage unchanged) (R8.1)."
    )
    spent = t.reply("/fatigue spend amount:1 fp:4 max-fp:12")
    expect(spent, "  ┃ FP 4 → 3 / 12", generic)
    assert not any("Move 3" in line for line in spent)
    expect(t.reply("/fatigue recover amount:1 fp:2 max-fp:12"), "  ┃ FP 2 → 3 / 12", generic)


async def test_d7_nonflammable_and_fixed_flames_r10_4(tmp_path: Path) -> None:
    """D7: R10.4's Nonflammable class (metal, brick, stone) never lights, whatever the
    damage; fixed flames (23, a tight beam: 2.3 counts, R10.3) print no empty dice."""
    t = await play(tmp_path, IGNITION_WORDING)
    expect(
        t.reply("/environment ignite material:Nonflammable flame:3d"),
        "  ┃ Nonflammable (metal, brick, stone): no amount of burning damage sets it alight; "
        "the flames (3d) do at most 18 (R10.4).",
        "  ┃ Too far beyond what they can light: it never catches (R10.4).",
    )
    expect(
        t.reply("/environment ignite material:Highly Flammable flame:23 tight-beam:true"),
        "  ┃ Second 1: 23, 2.3 counts: it catches",
        "  ┃ It is alight after 1 s (R10.4).",
    )


async def test_d8_default_name_and_sentences_r13_8_r8_8_r9_2(tmp_path: Path) -> None:
    """D8: the default name opens its sentence (R13.8's falling object: 10 kg from 30 m is
    2 × 3 = 6d; R10.5 below 3 burning lights nothing), one day of scant water is "1 FP and
    1 HP more" (R8.8: 0.5 L in hot weather, 3 + 1 FP and 1 HP), and the faint is its own
    sentence (R9.2: HT 3, FP 3, at -3 after 6 s without air)."""
    t = await play(tmp_path, DEFAULT_NAMES)
    expect(
        t.reply("/environment falling-object kg:10 metres:30"),
        "  ┃ 🪨 The character is hit by a falling object",
        "  ┃ 10 kg is 2 × 5 kg, 30 m is 3 × 10 m: 2 × 3 = 6d (R13.8).",
    )
    expect(
        t.reply("/fatigue water litres:0.5 hours:24 climate:Hot"),
        "  ┃ Less than 1 L in the day: 1 FP and 1 HP more (R8.8).",
        "  ┃ Lost: 4 FP and 1 HP.",
    )
    expect(
        t.reply("/environment catch-fire damage:2"),
        "  ┃ The character: 2 burning in one attack sets nothing alight (R10.5).",
    )
    air = await play(tmp_path, FAINTING_WITHOUT_AIR)
    fainted = [
        line for answer in air.replies("/encounter next") for line in answer if "faints" in line
    ]
    assert fainted == ["  ┃ Round 9: Dan has no air: 1 FP, FP -3, HP 7. He faints. (R9.2)"]


async def test_d9_recovering_fp_ends_a_collapse_at_once_r8_2(tmp_path: Path) -> None:
    """D9: R8.2, collapsed "until he gets back to a positive FP total": FP -1 → 10 ends it
    at once in the tracker, and his next turn starts as any other."""
    t = await play(tmp_path, COLLAPSE_ENDS_ON_RECOVERY)
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Bo is skipped: collapsed. (R4.2)",
    )
    expect(
        t.reply("/fatigue recover amount:12 combatant:Bo"),
        "  ┃ FP -1 → 10 / 10",
        "  ┃ Bo's FP is positive again: his collapse ends and he can act (R8.2).",
        "  ┃ 2. Bo [npc]: HP ▰▰▰▰▱ 9/10 · FP ▰▰▰▰▰ 10/10",
    )
    last = t.reply("/encounter next", 4)
    expect(last, "  ┃ Round 3: Bo's turn")
    assert not any("positive FP again" in line for line in last)


async def test_d10_seconds_without_air_show_fp_and_hp_r9_2_r8_2(tmp_path: Path) -> None:
    """D10: HT 12 fighting holds 12 s (R9.1); 30 s without air is 18 s past it, 18 FP lost
    (R9.2): FP 12 → -6, and the 6 points below 0 cost 6 HP (R8.2)."""
    t = await play(tmp_path, AIRLESS_SECONDS)
    expect(
        t.reply("/breath hold ht:12 seconds:30 fp:12 max-fp:12"),
        "  ┃ 30 s without air, 12 s of breath: 18 s past it, 18 FP lost "
        "(1 a second until he faints) (R9.2).",
        "  ┃ FP 12 → -6 / 12",
        "  ┃ At 0 FP or less each FP lost costs 1 HP too: 6 HP (R8.2).",
    )


async def test_d11_shedding_armor_needs_a_swimming_success_r9_4_r9_3(tmp_path: Path) -> None:
    """D11: R9.4, gear comes off "only after at least one successful Swimming roll": refused
    out of the water, and in it until a roll succeeds. Swimming 12: 13 fails as his first
    second in the water comes (struggling, -1 FP, the next roll 5 s on), 7 succeeds 5 s later
    (head above water, R9.3). Then DX 12 - 4 = 8 for a helmet; 11 fails: he swallows water
    (-1 FP) and the tracker shows him struggling again (R9.3)."""
    t = await play(tmp_path, SHEDDING_ARMOR)
    refusal = (
        "  ┃ Hal has made no successful Swimming roll in deep water yet: gear comes off only "
        "after one (R9.4). /breath drown combatant:Hal puts him in the water, and his rolls "
        "come with the rounds."
    )
    for nth in (1, 2):
        block = t.reply("/breath shed combatant:Hal heavy:true", nth)
        assert refused(block)
        expect(block, refusal)
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Hal rolls Swimming 12 in the water: 13 (5, 5, 3), failure: swallows water, 1 FP, "
        "FP 9, HP 10 → swallowing water (next roll in 5 s) (R9.3)",
    )
    expect(
        t.reply("/encounter next", 13),
        "  ┃ Hal rolls Swimming 12 in the water: 7 (2, 1, 4), success → head above water "
        "(another roll within a minute) (R9.3)",
    )
    expect(
        t.reply("/breath shed combatant:Hal heavy:true", 3),
        "  ┃ DX to get rid of it: DX 12 -4 = 8, rolled 11 (3, 5, 3): failure (R9.4)",
        "  ┃ He fails and swallows water: 1 FP, and he is struggling (R9.4, R9.3).",
        "  ┃ FP 9 → 8 / 10",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ ▶ 1. Hal [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▱ 8/10 · 🌊 in deep water: swallowing "
        "water (next roll in 5 s), Swimming 12",
    )
    # R10.7 burns whoever holds the wooden shield: Hal holds none.
    no_shield = t.reply("/environment catch-fire damage:12 combatant:Hal shield:true")
    assert refused(no_shield)
    expect(
        no_shield,
        "  ┃ Hal holds no shield to catch fire (R10.7): give him one with /combatant shield "
        "set, or leave out shield:.",
    )


async def test_combat_fatigue_is_charged_once_and_the_seconds_agree_r8_4_r4_1(
    tmp_path: Path,
) -> None:
    """R8.4: the cost is per combat. Ann (Medium encumbrance: 3 FP) pays it with /fatigue
    combat in round 11; a second charge is refused and /encounter end does not offer it
    again. R4.1: the tracker's 10 s elapsed in round 11 and the end's 11 s agree."""
    t = await play(tmp_path, COMBAT_FATIGUE_ONCE)
    expect(t.reply("/encounter status"), "  ┃ Round 11 · 10 s elapsed")
    expect(t.reply("/fatigue combat combatant:Ann"), "  ┃ FP 12 → 9 / 12")
    again = t.reply("/fatigue combat combatant:Ann", 2)
    assert refused(again)
    expect(
        again,
        "  ┃ Ann has already paid this fight's combat fatigue: the cost is per combat, not "
        "charged twice (R8.4).",
    )
    ended = t.reply("/encounter end")
    expect(
        ended,
        "  ┃ Lasted 11 rounds: 11 s, the round it ended in counted (10 s had elapsed before "
        "it) (R4.1).",
        "  ┃ Combat fatigue (R8.4): Orc: 4 FP = 4 (encumbrance 3) (R8.4).",
        "  ┃     Ann already paid it during the fight: not charged again (R8.4).",
    )
    assert not any("Ann: 3 FP" in line for line in ended)


async def test_heat_past_65_degrees_is_the_gms_call_r10_9(tmp_path: Path) -> None:
    """R10.9's table stops at 65 °C (47-65 °C: 2 FP more); 70 °C is beyond it, left to the GM
    and R10.10, with the 2 FP more kept as the least it costs."""
    t = await play(tmp_path, HEAT_PAST_THE_TABLE)
    expect(
        t.reply("/environment heat temperature:70 minutes:30 ht:12"),
        "  ┃ Hotter than the heat table goes (65 °C for a human): the GM decides; every FP "
        "lost to exertion or dehydration costs at least 2 FP more, and intense heat may "
        "apply (/environment intense-heat, R10.9, R10.10).",
    )
    expect(
        t.reply("/environment heat temperature:65 minutes:30 ht:12"),
        "  ┃ At this heat every FP lost to exertion or dehydration costs 2 FP more (R10.9).",
    )
