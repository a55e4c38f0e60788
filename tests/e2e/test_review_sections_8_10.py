"""Sections 8-10 of the rules catalog (fatigue, breath and water, fire, heat and cold) and
R13.7-R13.8 (falls, falling objects) re-checked through the sandbox.

Each test plays the commands as they would be typed in Discord, with seeded dice, and checks
the bot's numbers against the catalog (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play

VERY_TIRED = Fight(
    3,
    """
    /encounter start name:Fat
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12 fp:12 move:6 dodge:9
    /combatant weapon add name:Ann weapon:Sword skill:12 damage:sw cut
    /combatant add name:Orc st:12 dx:11 iq:9 ht:12
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
    /fatigue spend amount:9 combatant:Ann
    /combatant show name:Ann
    /check skill:ST character:Ann
    /encounter next
    /attack attacker:Orc target:Ann weapon:Axe
    :click Retreat
    :click Dodge
""",
)

FP_AT_ZERO_AND_BELOW = Fight(
    5,
    """
    /fatigue spend amount:2 fp:0 max-fp:10 hp:10
    /fatigue spend amount:4 fp:-8 max-fp:10 hp:10
    /fatigue spend amount:3 fp:-10 max-fp:10 hp:10
    /fatigue recover amount:50 fp:3 max-fp:10
    /encounter start name:E
    /combatant add name:Bo st:10 dx:10 iq:10 ht:10 fp:10 will:3
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue spend amount:18 combatant:Bo
    /fatigue spend amount:4 combatant:Bo
    /encounter next
    /fatigue recover amount:1 combatant:Bo
    /encounter undo
""",
)

WILL_TO_ACT = Fight(
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

CARDIAC_ARREST_ROLLS = Fight(
    19,
    """
    /encounter start name:E
    /combatant add name:Bo st:10 dx:10 iq:10 ht:8 fp:10 will:3
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue spend amount:11 combatant:Bo
    /encounter next
""",
)

COMBAT_FATIGUE_AT_THE_END = Fight(
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
            "/encounter end hot:true plate:Orc",
            ":click Apply combat fatigue",
            ":click Undo combat fatigue",
        ]
    ),
)

TEN_SECONDS_ARE_FREE = Fight(
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
            *["/encounter next"] * 19,
            "/encounter end hot:true plate:Orc",
        ]
    ),
)

FATIGUE_BY_NUMBERS = Fight(
    2,
    """
    /fatigue combat seconds:15 encumbrance:Medium (2) hot:true plate:true fp:12 max-fp:12
    /fatigue combat seconds:10 encumbrance:Medium (2) fp:12 max-fp:12
    /fatigue combat seconds:11 encumbrance:Extra-Heavy (4) fp:12 max-fp:12
    /fatigue combat seconds:11 fought:false fp:12 max-fp:12
    /fatigue hike hours:3 encumbrance:Light (1) fp:12 max-fp:12
    /fatigue hike hours:2 encumbrance:Light (1) hot:true plate:true fp:3 max-fp:12
""",
)

EXERTION_HUNGER_THIRST_SLEEP = Fight(
    4,
    """
    /fatigue exertion activity:Sprinting seconds:60 ht:11 skill:12 fp:12 max-fp:12
    /fatigue exertion activity:Sprinting seconds:59 ht:11 skill:12 fp:12 max-fp:12
    /fatigue exertion activity:Sprinting seconds:60 ht:11 skill:12 temperature:42 fp:12 max-fp:12
    /fatigue exertion activity:Sprinting seconds:60 ht:11 skill:12 temperature:50 fp:12 max-fp:12
    /fatigue meals missed:2 fp:12 max-fp:12
    /fatigue water litres:1.5 hours:24 climate:Hot fp:12 max-fp:12
    /fatigue water litres:0.5 hours:24 climate:Hot fp:12 max-fp:12
    /fatigue water litres:2 hours:24 fp:12 max-fp:12
    /fatigue water litres:1.5 hours:24 climate:Hot temperature:42 fp:12 max-fp:12
    /fatigue sleep awake:24 fp:10 max-fp:10
    /fatigue sleep awake:16 fp:10 max-fp:10
    /fatigue sleep awake:11 short:3 fp:10 max-fp:10
    /fatigue sleep awake:10 short:3 fp:10 max-fp:10
    /fatigue sleep awake:17 lost:4 will:10 fp:6 max-fp:10 idle-minutes:240
    /fatigue sleep awake:17 lost:6 will:10 fp:3 max-fp:10 idle-minutes:60 active-minutes:240
""",
)

BREATH_AND_WATER_BY_NUMBERS = Fight(
    4,
    """
    /breath hold ht:12
    /breath hold ht:12 preparation:Hyperventilated first (× 1.5)
    /breath hold ht:12 preparation:No time to take a breath (× 0.5)
    /breath hold ht:12 exertion:Resting (HT × 10 s)
    /breath hold ht:11 preparation:No time to take a breath (× 0.5)
    /breath hold ht:12 exertion:Light exertion (HT × 4 s) preparation:{oxygen}
    /breath hold ht:12 seconds:200 fp:12 max-fp:12
    /breath drown minutes:10 swimming:12 intentional:true encumbrance:Medium (2) fp:12 max-fp:12
    /breath drown minutes:1 swimming:6 fat:true fp:12 max-fp:12
    /breath shed dx:12 heavy:true
    /breath shed dx:12
    /breath rescue swimming:13 st:12 victim-st:10 fp:12 max-fp:12
    /breath rescue swimming:13 st:9 victim-st:12 fp:12 max-fp:12
""".format(oxygen="Hyperventilated with pure oxygen (× 2.5)"),
)

HOLDING_BREATH_IN_A_FIGHT = Fight(
    4,
    "\n".join(
        [
            "/encounter start name:Pool",
            "/combatant add name:Dan st:10 dx:10 iq:10 ht:3 fp:3 hp:10",
            "/combatant add name:Eve st:10 dx:10 iq:10 ht:10",
            "/encounter next",
            "/breath hold combatant:Dan",
            *["/encounter next"] * 18,
            "/encounter status",
            *["/encounter next"] * 240,
            "/encounter status",
        ]
    ),
)

BREATHING_AGAIN = Fight(
    4,
    "\n".join(
        [
            "/encounter start name:Pool",
            "/combatant add name:Dan st:10 dx:10 iq:10 ht:3 fp:3 hp:10",
            "/combatant add name:Eve st:10 dx:10 iq:10 ht:10",
            "/encounter next",
            "/breath hold combatant:Dan",
            *["/encounter next"] * 16,
            "/breath air combatant:Dan drowned:true",
            "/encounter status",
        ]
    ),
)

FIRE_BY_NUMBERS = Fight(
    4,
    """
    /environment fire exposure:Part of a turn (1d-3)
    /environment fire exposure:A whole turn (1d-1 a second) seconds:3
    /environment fire exposure:Molten metal or a furnace (3d a second) seconds:2
    /environment catch-fire damage:4
    /environment catch-fire damage:12
    /environment catch-fire damage:1 clothing:Lace, costumes, flimsy
    /environment catch-fire damage:4 clothing:Wet
    /environment catch-fire damage:12 clothing:Under armor
    /environment catch-fire damage:23 tight-beam:true
    /environment catch-fire damage:12 shield:true
    /environment ignite material:Flammable flame:1
    /environment ignite material:Resistant flame:1d-1 seconds:30
    /environment ignite material:Highly Resistant flame:1d-1 seconds:30
    /environment ignite material:Flammable flame:1d seconds:5
    /environment sunburn skin:Light
    /environment sunburn skin:Albino
    /environment sunburn skin:Dark
    /environment sunburn skin:Light protected:true
""",
)

HEAT_AND_COLD_BY_NUMBERS = Fight(
    4,
    """
    /environment heat temperature:42 minutes:120 ht:11 survival:12 encumbrance:Medium (2)
    /environment heat temperature:30 minutes:60 ht:11
    /environment heat temperature:26 minutes:60 ht:11
    /environment heat temperature:42 minutes:60 ht:11 resting:true
    /environment intense-heat seconds:15 dr:4 ht:11
    /environment intense-heat seconds:3 dr:2 ht:11
    /environment cold temperature:-30 minutes:60 wind:20 clothing:{winter} wet:true ht:12
    /environment cold temperature:-5 minutes:60 wind:14 clothing:Heated suit (+10) ht:10 survival:12
    /environment cold temperature:-30 minutes:30 wind:50 ht:12
    /environment cold temperature:-22.5 minutes:30 clothing:{arctic} ht:12
    /environment cold temperature:0 minutes:30 ht:12
    /environment icy-water minutes:3 ht:8
    /environment icy-water minutes:3 ht:11
    /environment icy-water minutes:3 dry-suit:true ht:11
""".format(winter="Normal winter clothing (+0)", arctic="Clothing for very cold climates (+5)"),
)

FALLS_BY_NUMBERS = Fight(
    4,
    """
    /environment fall height:6 acrobatics:14
    /environment fall height:8 acrobatics:0 armor:Metal dr:4
    /environment fall height:3 acrobatics:0 armor:None
    /environment fall height:2.7 acrobatics:0 armor:None
    /environment fall height:0.5 acrobatics:0
    /environment fall height:8 acrobatics:0 armor:Clothing, leather, flexible dr:5
    /environment fall height:5 acrobatics:0 landing:Something soft armor:None
    /environment fall height:4 acrobatics:0 landing:Water swimming:14 armor:None
    /environment fall height:80 acrobatics:0 armor:None
    /environment fall height:7 acrobatics:15 armor:None
    /environment falling-object kg:10 metres:30
    /environment falling-object kg:0.5 metres:20
    /environment falling-object kg:0.5 metres:1.5
    /environment falling-object kg:2 metres:30
    /environment falling-object kg:10 metres:3
    /environment falling-object kg:10 metres:300
    /environment falling-object kg:7.5 metres:25
    /environment falling-object kg:10 metres:30 soft:true
    /environment falling-object kg:0.5 metres:20 soft:true
""",
)

HAZARDS_ON_A_FIGHTER = Fight(
    6,
    """
    /encounter start name:Fire
    /combatant add name:Fay st:10 dx:12 iq:10 ht:10 hp:20
    /combatant add name:Gus st:10 dx:10 iq:10 ht:10 dr:3
    /encounter next
    /environment catch-fire damage:4 combatant:Fay
    /environment fire exposure:A whole turn (1d-1 a second) seconds:3 combatant:Gus
    /environment fall height:8 combatant:Gus acrobatics:0 armor:Metal
    /environment falling-object kg:10 metres:30 combatant:Gus location:skull
    /encounter next
    /encounter next
    /environment extinguish combatant:Fay
""",
)


async def test_very_tired_halves_move_dodge_and_st_r8_1(tmp_path: Path) -> None:
    """R8.1 (worked example): FP 12, current 3 (< 4): Move 6 → 3, Dodge 9 → 5, ST 11 → 6,
    HP and damage unchanged. The ST roll is against 6; the Dodge button offers 5 (9 halved,
    rounding up), 8 with Retreat's +3 (R6.9).
    """
    t = await play(tmp_path, VERY_TIRED)
    expect(
        t.reply("/fatigue spend amount:9 combatant:Ann"),
        "  ┃ FP 12 → 3 / 12",
        "  ┃ Below 1/3 of his FP: Move 3, Dodge 5, ST 6 (halved, rounding up; HP and damage"
        " unchanged) (R8.1).",
        "  ┃ ▶ 1. Ann [npc]: HP ▰▰▰▰▰ 11/11 · FP ▰▱▱▱▱ 3/12 · 😓 very tired ·"
        " Move 3, Dodge 5, ST 6",
    )
    expect(
        t.reply("/combatant show name:Ann"),
        "  ┃ Attributes: ST 11 · DX 12 · IQ 10 · HT 12",
        "  ┃ Defenses: Dodge 5 · Parry Sword 9 · Block —",
        "  ┃ Speed, Move and protection: Basic Speed 6 · Move 3 · DR 0 · SM +0 · encumbrance 0",
    )
    expect(
        t.reply("/check skill:ST character:Ann"),
        "  ┃ Effective skill: ST 11",
        "  ┃     -5 tired: half ST (R8.1)",
        "  ┃     = 6",
    )
    expect(
        t.reply("/attack attacker:Orc target:Ann weapon:Axe"),
        "  ┃ Defenses: Dodge 5 · base 9 · -4 below 1/3 FP (halved) (R8.1)",
    )
    expect(
        t.reply(":click Dodge"),
        "  ┃ Dodge: base 9",
        "  ┃     -4 below 1/3 FP (halved) (R8.1)",
        "  ┃     +3 Retreat (R6.9)",
        "  ┃     = 8",
    )


async def test_fp_loss_at_zero_and_at_minus_fp_r8_2_r8_3(tmp_path: Path) -> None:
    """R8.2 (worked example): FP 10 at 0 spends 2 → FP -2 and HP -2.
    R8.3 (worked example): FP 10 at -8 loses 4: two to FP -10 (each also 1 HP), two straight
    off HP: 4 HP in all, and he faints until his FP is positive; at -10 every further point
    comes off HP. Recovery stops at the FP attribute.
    """
    t = await play(tmp_path, FP_AT_ZERO_AND_BELOW)
    expect(
        t.reply("/fatigue spend amount:2 fp:0 max-fp:10 hp:10"),
        "  ┃ FP 0 → -2 / 10",
        "  ┃ HP 10 → 8 / 10",
        "  ┃ At 0 FP or less each FP lost costs 1 HP too: 2 HP (R8.2).",
    )
    expect(
        t.reply("/fatigue spend amount:4 fp:-8 max-fp:10 hp:10"),
        "  ┃ FP -8 → -10 / 10",
        "  ┃ HP 10 → 6 / 10",
        "  ┃ At 0 FP or less each FP lost costs 1 HP too: 2 HP (R8.2).",
        "  ┃ At -FP further FP come off HP instead: 2 HP (R8.3).",
        "  ┃ The character faints: unconscious until his FP is positive again (R8.3).",
    )
    expect(
        t.reply("/fatigue spend amount:3 fp:-10 max-fp:10 hp:10"),
        "  ┃ FP -10 → -10 / 10",
        "  ┃ HP 10 → 7 / 10",
        "  ┃ At -FP further FP come off HP instead: 3 HP (R8.3).",
    )
    expect(
        t.reply("/fatigue recover amount:50 fp:3 max-fp:10"),
        "  ┃ 🫁 The character recovers 7 FP",
        "  ┃ FP 3 → 10 / 10",
    )
    expect(
        t.reply("/fatigue spend amount:18 combatant:Bo"),
        "  ┃ FP 10 → -8 / 10",
        "  ┃ HP 10 → 2 / 10",
        "  ┃ At 0 FP or less each FP lost costs 1 HP too: 8 HP (R8.2).",
    )
    expect(
        t.reply("/fatigue spend amount:4 combatant:Bo"),
        "  ┃ FP -8 → -10 / 10",
        "  ┃ HP 2 → -2 / 10",
        "  ┃ Bo faints: unconscious until his FP is positive again (R8.3).",
        "  ┃ 2. Bo [npc]: HP ▱▱▱▱▱ -2/10 · FP ▱▱▱▱▱ -10/10 · prone · 😵 unconscious",
    )
    expect(t.reply("/encounter next", 2), "  ┃ Bo is skipped: unconscious. (R4.2)")
    expect(
        t.reply("/fatigue recover amount:1 combatant:Bo"),
        "  ┃ FP -10 → -9 / 10",
        "  ┃ 2. Bo [npc]: HP ▱▱▱▱▱ -2/10 · FP ▱▱▱▱▱ -9/10 · prone · 😵 unconscious",
    )
    expect(
        t.reply("/encounter undo"),
        "  ┃ Undone: fatigue",
        "  ┃ 2. Bo [npc]: HP ▱▱▱▱▱ -2/10 · FP ▱▱▱▱▱ -10/10 · prone · 😵 unconscious",
    )


async def test_will_roll_before_acting_and_collapse_r8_2(tmp_path: Path) -> None:
    """R8.2: at 0 FP or less a Will roll before each action; a failure collapses him until his
    FP is positive again. Bo (Will 3) at FP -1 rolls 12: failure, collapsed, skipped; once his
    FP is back he acts again.
    """
    t = await play(tmp_path, WILL_TO_ACT)
    expect(
        t.reply("/fatigue spend amount:11 combatant:Bo"),
        "  ┃ FP 10 → -1 / 10",
        "  ┃ HP 10 → 9 / 10",
        "  ┃ 2. Bo [npc]: HP ▰▰▰▰▱ 9/10 · FP ▱▱▱▱▱ -1/10 · 😓 very tired · Move 2, Dodge 4, "
        "ST 5 · 🥵 exhausted: Will before each action",
    )
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Bo rolls Will to act at 0 FP or less: 12 (1, 6, 5) vs 3, failure. (R8.2)",
    )
    expect(t.reply("/encounter next", 3), "  ┃ Bo is skipped: collapsed. (R4.2)")
    expect(
        t.reply("/fatigue recover amount:12 combatant:Bo"),
        "  ┃ FP -1 → 10 / 10",
        "  ┃ Bo's FP is positive again: his collapse ends and he can act (R8.2).",
    )
    expect(t.reply("/encounter next", 4), "  ┃ Round 3: Bo's turn")


async def test_will_critical_failure_then_ht_against_cardiac_arrest_r8_2(
    tmp_path: Path,
) -> None:
    """R8.2: a critical failure on the Will roll (Will 3: 13 or more) calls for an HT roll;
    failing it is cardiac arrest: FP = -1 × FP (-10 for FP 10), and at -FP he faints (R8.3).
    """
    t = await play(tmp_path, CARDIAC_ARREST_ROLLS)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Bo rolls Will to act at 0 FP or less: 14 (5, 5, 4) vs 3, critical failure. (R8.2)",
        "  ┃ Bo rolls HT against cardiac arrest: 13 (4, 3, 6) vs 8, failure. (R8.2)",
    )
    tracker = [line for line in t.reply("/encounter next", 2) if "2. Bo [npc]" in line]
    assert tracker
    assert "FP ▱▱▱▱▱ -10/10 · prone · 😵 unconscious · 💔 cardiac arrest" in tracker[0]


async def test_combat_fatigue_offered_at_the_end_r8_4(tmp_path: Path) -> None:
    """R8.4: a fight of more than 10 seconds costs everyone who attacked or defended
    encumbrance + 1 FP, +1 when hot, +2 in plate: Ann (Medium) 3 + 1 = 4, the Orc (Heavy, in
    plate, dodged) 4 + 1 + 2 = 7. The button charges both; its Undo takes it back.
    """
    t = await play(tmp_path, COMBAT_FATIGUE_AT_THE_END)
    expect(
        t.reply("/encounter end hot:true plate:Orc"),
        "  ┃ Lasted 11 rounds: 11 s, the round it ended in counted (10 s had elapsed before "
        "it) (R4.1).",
        "  ┃ Combat fatigue (R8.4): Ann: 4 FP = 3 (encumbrance 2) + 1 (hot weather) (R8.4).",
        "  ┃     Orc: 7 FP = 4 (encumbrance 3) + 1 (hot weather) + 2 (plate or overcoat) (R8.4).",
    )
    expect(
        t.reply(":click Apply combat fatigue"),
        "  ┃ Combat fatigue (R8.4): Ann: -4 FP, FP 12 → 8",
        "  ┃     Orc: -7 FP, FP 12 → 5",
    )
    expect(
        t.reply(":click Undo combat fatigue"),
        "  ┃ Combat fatigue (R8.4): Ann: 4 FP = 3 (encumbrance 2) + 1 (hot weather) (R8.4).",
    )


async def test_a_ten_second_fight_costs_nothing_r8_4(tmp_path: Path) -> None:
    """R8.4: only a fight of more than 10 seconds costs FP: 10 rounds end with no offer."""
    t = await play(tmp_path, TEN_SECONDS_ARE_FREE)
    block = t.reply("/encounter end hot:true plate:Orc")
    expect(
        block,
        "  ┃ Lasted 10 rounds: 10 s, the round it ended in counted (9 s had elapsed before it) "
        "(R4.1).",
        "  ┃ Fallen: Nobody fell.",
    )
    assert not any("Combat fatigue" in line for line in block)


async def test_combat_fatigue_and_hiking_by_numbers_r8_4_r8_5(tmp_path: Path) -> None:
    """R8.4 (worked example): 15 s, Medium, hot, plate → 3 + 1 + 2 = 6 FP; 10 s → 0;
    Extra-Heavy → 5; no attack or defense → 0.
    R8.5 (worked example): 3 h with Light encumbrance → 3 × 2 = 6 FP; with hot and plate
    2 × 5 = 10, from FP 3 to -7 with 7 HP (R8.2).
    """
    t = await play(tmp_path, FATIGUE_BY_NUMBERS)
    expect(
        t.reply(
            "/fatigue combat seconds:15 encumbrance:Medium (2) hot:true plate:true fp:12 max-fp:12"
        ),
        "  ┃ The character: 6 FP = 3 (encumbrance 2) + 1 (hot weather) + 2 (plate or overcoat)"
        " (R8.4).",
        "  ┃ FP 12 → 6 / 12",
    )
    expect(
        t.reply("/fatigue combat seconds:10 encumbrance:Medium (2) fp:12 max-fp:12"),
        "  ┃ The character: the fight lasted 10 s, not more than 10 s: no FP (R8.4).",
    )
    expect(
        t.reply("/fatigue combat seconds:11 encumbrance:Extra-Heavy (4) fp:12 max-fp:12"),
        "  ┃ The character: 5 FP = 5 (encumbrance 4) (R8.4).",
    )
    expect(
        t.reply("/fatigue combat seconds:11 fought:false fp:12 max-fp:12"),
        "  ┃ The character neither attacked nor defended: no FP (R8.4).",
    )
    expect(
        t.reply("/fatigue hike hours:3 encumbrance:Light (1) fp:12 max-fp:12"),
        "  ┃ 3 h × 2 FP an hour (2 for the load, +0 hot, +0 plate) = 6 FP (R8.5).",
        "  ┃ FP 12 → 6 / 12",
    )
    expect(
        t.reply("/fatigue hike hours:2 encumbrance:Light (1) hot:true plate:true fp:3 max-fp:12"),
        "  ┃ 2 h × 5 FP an hour (2 for the load, +1 hot, +2 plate) = 10 FP (R8.5).",
        "  ┃ FP 3 → -7 / 12",
        "  ┃ At 0 FP or less each FP lost costs 1 HP too: 7 HP (R8.2).",
    )


async def test_exertion_meals_water_and_sleep_r8_6_to_r8_10(tmp_path: Path) -> None:
    """R8.6: 60 s sprinting, HT 11, Running 12 → 4 rolls vs 12 (59 s → 3); above 32 °C each
    loss costs 1 more, above 47 °C 2 more (R10.9).
    R8.7: 2 missed meals → 2 FP. R8.8 (worked example): hot climate, 1.5 L over 24 h → 3 FP;
    0.5 L → 3 + 1 FP and 1 HP; 2 L in a normal climate → nothing; at 42 °C each loss +1.
    R8.9/R8.10 (worked examples): awake 24 h → 3 FP; 3 h of sleep short → a 10 h day, 1 FP at
    11 h. Half the FP lost to it → Will every 2 h idle; under 1/3 FP left → every 30 min idle
    or 2 h active.
    """
    t = await play(tmp_path, EXERTION_HUNGER_THIRST_SLEEP)
    expect(
        t.reply("/fatigue exertion activity:Sprinting seconds:60 ht:11 skill:12 fp:12 max-fp:12"),
        "  ┃ Sprinting for 60 s: a roll every 15 s, 4 in all; each failure costs 1 FP (R8.6).",
        "  ┃ Roll 1: Running 12 = 12, rolled 6 (2, 1, 3): success (R8.6)",
        "  ┃ Roll 3: Running 12 = 12, rolled 16 (6, 5, 5): failure (R8.6)",
        "  ┃ FP 12 → 11 / 12",
    )
    expect(
        t.reply("/fatigue exertion activity:Sprinting seconds:59 ht:11 skill:12 fp:12 max-fp:12"),
        "  ┃ Sprinting for 59 s: a roll every 15 s, 3 in all; each failure costs 1 FP (R8.6).",
    )
    expect(
        t.reply(
            "/fatigue exertion activity:Sprinting seconds:60 ht:11 skill:12 temperature:42"
            " fp:12 max-fp:12"
        ),
        "  ┃ In this heat each loss costs 1 FP more (R10.9).",
        "  ┃ FP lost: 2.",
    )
    expect(
        t.reply(
            "/fatigue exertion activity:Sprinting seconds:60 ht:11 skill:12 temperature:50"
            " fp:12 max-fp:12"
        ),
        "  ┃ Roll 2: Running 12 = 12, rolled 16 (6, 4, 6): failure (R8.6)",
        "  ┃ Roll 3: Running 12 = 12, rolled 13 (6, 4, 3): failure (R8.6)",
        "  ┃ In this heat each loss costs 2 FP more (R10.9).",
        "  ┃ FP lost: 6.",
    )
    expect(
        t.reply("/fatigue meals missed:2 fp:12 max-fp:12"),
        "  ┃ 2 missed meals: 2 FP, regained only after a full day of rest and proper food (R8.7).",
        "  ┃ FP 12 → 10 / 12",
    )
    expect(
        t.reply("/fatigue water litres:1.5 hours:24 climate:Hot fp:12 max-fp:12"),
        "  ┃ Hot: 3 L a day needed; he drinks 1.5 L (R8.8).",
        "  ┃ Too little water for 24 h: 1 FP every 8 hours, 3 in all (R8.8).",
        "  ┃ Lost: 3 FP and 0 HP.",
    )
    expect(
        t.reply("/fatigue water litres:0.5 hours:24 climate:Hot fp:12 max-fp:12"),
        "  ┃ Lost: 4 FP and 1 HP.",
    )
    expect(
        t.reply("/fatigue water litres:2 hours:24 fp:12 max-fp:12"),
        "  ┃ Enough water: no FP from thirst (R8.8).",
    )
    expect(
        t.reply("/fatigue water litres:1.5 hours:24 climate:Hot temperature:42 fp:12 max-fp:12"),
        "  ┃ Lost: 6 FP and 0 HP.",
    )
    expect(
        t.reply("/fatigue sleep awake:24 fp:10 max-fp:10"),
        "  ┃ Awake 24 h, waking day 16 h: 3 FP lost, regained only after a good night's sleep"
        " (R8.9, R8.10).",
    )
    expect(
        t.reply("/fatigue sleep awake:16 fp:10 max-fp:10"),
        "  ┃ Awake 16 h, waking day 16 h: 0 FP lost, regained only after a good night's sleep"
        " (R8.9, R8.10).",
    )
    expect(
        t.reply("/fatigue sleep awake:11 short:3 fp:10 max-fp:10"),
        "  ┃ Awake 11 h, waking day 10 h: 1 FP lost, regained only after a good night's sleep"
        " (R8.9, R8.10).",
    )
    expect(
        t.reply("/fatigue sleep awake:10 short:3 fp:10 max-fp:10"),
        "  ┃ Awake 10 h, waking day 10 h: 0 FP lost, regained only after a good night's sleep"
        " (R8.9, R8.10).",
    )
    block = t.reply("/fatigue sleep awake:17 lost:4 will:10 fp:6 max-fp:10 idle-minutes:240")
    expect(
        block,
        "  ┃ Half or more of his FP lost to missed sleep: Will every 2 hours of inactivity to stay"
        " awake, and -2 to DX, IQ and Self-Control rolls (R8.9).",
    )
    assert sum("Will to stay awake" in line for line in block) == 2
    expect(
        t.reply(
            "/fatigue sleep awake:17 lost:6 will:10 fp:3 max-fp:10 idle-minutes:60"
            " active-minutes:240"
        ),
        "  ┃ Fewer than 1/3 of his FP left: Will every 30 minutes of inactivity or 2 hours of"
        " activity to stay awake, and -2 to DX, IQ and Self-Control rolls (R8.9).",
        "  ┃ Will to stay awake: Will 10 = 10, rolled 11 (6, 2, 3): failure (R8.9)",
        "  ┃ He falls asleep until the FP is back or something wakes him (R8.9).",
    )


async def test_breath_drowning_shedding_and_rescue_r9_1_to_r9_5(tmp_path: Path) -> None:
    """R9.1 (worked example): HT 12 fighting → 12 s, hyperventilated 18 s, no breath 6 s,
    resting 120 s; HT 11 with no breath 5.5 → 5 s; light exertion with oxygen 48 × 2.5 = 120 s.
    R9.2: 200 s without air with 12 s of breath: 1 FP a second, faint at -12 (36 s), brain
    dead 4 minutes later (276 s); past 2 minutes an HT roll or -1 IQ.
    R9.3 (worked example): Swimming 12, on purpose, Medium → 12 + 3 - 4 = 11; Fat +5.
    R9.4 (worked example): DX 12, helmet → 8; cloak → 12. R9.5 (worked example): Swimming 13,
    ST 12 vs 10 → 10; ST 9 vs 12 → 5, where 15 is a critical failure: 6 FP and he gives up.
    """
    t = await play(tmp_path, BREATH_AND_WATER_BY_NUMBERS)
    for typed, seconds in (
        ("/breath hold ht:12", "HT 12, Strenuous, fighting (HT s), Normally: 12 s"),
        (
            "/breath hold ht:12 preparation:Hyperventilated first (× 1.5)",
            "HT 12, Strenuous, fighting (HT s), Hyperventilated first (× 1.5): 18 s",
        ),
        (
            "/breath hold ht:12 preparation:No time to take a breath (× 0.5)",
            "HT 12, Strenuous, fighting (HT s), No time to take a breath (× 0.5): 6 s",
        ),
        (
            "/breath hold ht:12 exertion:Resting (HT × 10 s)",
            "HT 12, Resting (HT × 10 s), Normally: 120 s",
        ),
        (
            "/breath hold ht:11 preparation:No time to take a breath (× 0.5)",
            "HT 11, Strenuous, fighting (HT s), No time to take a breath (× 0.5): 5 s",
        ),
        (
            "/breath hold ht:12 exertion:Light exertion (HT × 4 s) preparation:Hyperventilated"
            " with pure oxygen (× 2.5)",
            "HT 12, Light exertion (HT × 4 s), Hyperventilated with pure oxygen (× 2.5): 120 s",
        ),
    ):
        expect(t.reply(typed), f"  ┃ {seconds} of breath (R9.1).")
    expect(
        t.reply("/breath hold ht:12 seconds:200 fp:12 max-fp:12"),
        "  ┃ 200 s without air, 12 s of breath: 188 s past it, 24 FP lost (1 a second until he"
        " faints) (R9.2).",
        "  ┃ He faints at 36 s (at -FP, R8.3); his brain dies at 276 s unless he gets air (R9.2).",
        "  ┃ More than 2 minutes without air: an HT roll or -1 IQ for good once he breathes"
        " (R9.2).",
    )
    expect(
        t.reply(
            "/breath drown minutes:10 swimming:12 intentional:true encumbrance:Medium (2)"
            " fp:12 max-fp:12"
        ),
        "  ┃ Swimming at 0 s: Swimming 12 +3 -4 = 11, rolled 6 (2, 1, 3): success (R9.3) → head"
        " above water (next roll in 5 min)",
        "  ┃ Swimming at 300 s: Swimming 12 +3 -4 = 11, rolled 5 (1, 1, 3): success (R9.3) → head"
        " above water (next roll in 5 min)",
        "  ┃ Swimming at 600 s: Swimming 12 +3 -4 = 11, rolled 16 (6, 5, 5): failure (R9.3) →"
        " swallowing water (next roll in 5 s) (-1 FP)",
        "  ┃ FP 12 → 11 / 12",
    )
    expect(
        t.reply("/breath drown minutes:1 swimming:6 fat:true fp:12 max-fp:12"),
        "  ┃ Swimming at 0 s: Swimming 6 +5 = 11, rolled 8 (2, 4, 2): success (R9.3) → head above"
        " water (next roll in 5 min)",
    )
    expect(
        t.reply("/breath shed dx:12 heavy:true"),
        "  ┃ DX to get rid of it: DX 12 -4 = 8, rolled 5 (2, 1, 2): success (R9.4)",
        "  ┃ He gets rid of it (R9.4).",
    )
    expect(
        t.reply("/breath shed dx:12"),
        "  ┃ DX to get rid of it: DX 12 = 12, rolled 16 (6, 5, 5): failure (R9.4)",
        "  ┃ He fails and swallows water: 1 FP, and he is struggling (R9.4, R9.3).",
    )
    expect(
        t.reply("/breath rescue swimming:13 st:12 victim-st:10 fp:12 max-fp:12"),
        "  ┃ Swimming to save him: Swimming 13 -5 +2 = 10, rolled 9 (5, 2, 2): success (R9.5)",
        "  ┃ The drowning person is saved (R9.5).",
    )
    expect(
        t.reply("/breath rescue swimming:13 st:9 victim-st:12 fp:12 max-fp:12"),
        "  ┃ Swimming to save him: Swimming 13 -5 -3 = 5, rolled 15 (4, 5, 6): critical failure"
        " (R9.5)",
        "  ┃ The victim nearly drowns the rescuer: 6 FP, and he gives up (R9.5).",
        "  ┃ FP 12 → 6 / 12",
    )


async def test_breath_runs_out_in_a_fight_then_brain_death_r9_1_r9_2(tmp_path: Path) -> None:
    """R9.1: HT 3 fighting → 3 s of breath, one second a round at his place in the order.
    R9.2: then 1 FP a second; below 0 FP each also costs 1 HP (R8.2); at -FP (-3) he faints
    (R8.3), and 4 minutes (240 rounds) later his brain dies.
    """
    t = await play(tmp_path, HOLDING_BREATH_IN_A_FIGHT)
    expect(
        t.reply("/breath hold combatant:Dan"),
        "  ┃ HT 3, Strenuous, fighting (HT s), Normally: 3 s of breath (R9.1).",
        "  ┃ 2. Dan [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 3/3 · 🫧 holding his breath: 3 s left",
    )
    expect(t.reply("/encounter next", 2), "  ┃ Dan holds his breath: 2 s left (R9.1)")
    expect(t.reply("/encounter next", 6), "  ┃ Dan holds his breath: 0 s left (R9.1)")
    expect(t.reply("/encounter next", 8), "  ┃ Dan has no air: 1 FP, FP 2, HP 10 (R9.2)")
    expect(t.reply("/encounter next", 12), "  ┃ Dan has no air: 1 FP, FP 0, HP 10 (R9.2)")
    expect(
        t.reply("/encounter next", 14),
        "  ┃ Dan rolls Will to act at 0 FP or less: 6 (2, 1, 3) vs 10, success. (R8.2)",
        "  ┃ Dan has no air: 1 FP, FP -1, HP 9 (R9.2)",
    )
    expect(
        t.reply("/encounter status", 1),
        "  ┃ 2. Dan [npc]: HP ▰▰▰▰▱ 7/10 · FP ▱▱▱▱▱ -3/3 · prone · 😵 unconscious",
    )
    deaths = [
        n
        for n, answer in enumerate(t.replies("/encounter next"), start=1)
        if any(
            line.endswith(
                ": Dan has gone 4 minutes without air since fainting: his brain dies (R9.2)"
            )
            for line in answer
        )
    ]
    faints = [
        n
        for n, answer in enumerate(t.replies("/encounter next"), start=1)
        if any("He faints." in line for line in answer)
    ]
    assert len(deaths) == 1
    assert len(faints) == 1
    # Dan is skipped once he faints: one /encounter next is one round, one second.
    assert deaths[0] - faints[0] == 240
    expect(t.reply("/encounter status", 2), "  ┃ 2. Dan [npc]: HP ▰▰▰▰▱ 7/10 · prone · 💀 dead")


async def test_breathing_again_after_drowning_r9_2(tmp_path: Path) -> None:
    """R9.2: with clean air he recovers FP normally; a drowned man needs a First Aid roll to
    clear his lungs. Five seconds without air is short of the 2 minutes that call for HT.
    """
    t = await play(tmp_path, BREATHING_AGAIN)
    block = t.reply("/breath air combatant:Dan drowned:true")
    expect(
        block,
        "  ┃ Dan went 5 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
    )
    assert not any("IQ" in line for line in block)
    expect(
        t.reply("/encounter status"),
        "  ┃ 2. Dan [npc]: HP ▰▰▰▰▱ 8/10 · FP ▱▱▱▱▱ -2/3 · 😓 very tired · Move 2, Dodge 3, "
        "ST 5 · 🥵 exhausted: Will before each action",
    )


async def test_fire_catching_fire_ignition_and_sunburn_r10_1_to_r10_12(tmp_path: Path) -> None:
    """R10.1: part of a turn 1d-3, a whole turn 1d-1 a second, a furnace 3d a second, each at
    least 0 (G7), large-area. R10.5/R10.6 (worked examples): 4 burning → part of the clothing,
    1d-4 a second, DX -2; 12 → all of it, 1d-1, DX -3. R10.8: lace catches on 1, wet clothes or
    clothes under armor do not. R10.3 (worked example): a 23-point beam counts 2.3: no clothing.
    R10.7: wooden shield → 1d-5, DX -2. R10.4 (worked examples): 1 point on Flammable → one class
    above, 3d ≤ 16 every 10 s; 1d-1 (max 5) on leather → 16 or less, on green wood → 6 or less;
    1d on Flammable rolled every second. R10.11/R10.12: light skin 1d-3, albino the GM's call,
    dark skin itches, armor prevents it.
    """
    t = await play(tmp_path, FIRE_BY_NUMBERS)
    expect(
        t.reply("/environment fire exposure:Part of a turn (1d-3)"),
        "  ┃ Part of a turn in the flames: 1d-3 → 0 burning (0 (2)), large-area (R10.1, R7.18).",
    )
    expect(
        t.reply("/environment fire exposure:A whole turn (1d-1 a second) seconds:3"),
        "  ┃ 3 s in the flames, 1d-1 a second: 0 (1), 2 (3), 0 (1) → 2 burning, large-area"
        " (R10.1, R7.18).",
    )
    expect(
        t.reply("/environment fire exposure:Molten metal or a furnace (3d a second) seconds:2"),
        "  ┃ 2 s in molten metal or a furnace, 3d a second: 10 (1, 3, 6), 12 (5, 5, 2) → 22"
        " burning, large-area (R10.1, R7.18).",
    )
    expect(
        t.reply("/environment catch-fire damage:4"),
        "  ┃ The character catches fire: part of his clothing: 1d-4 a second, DX -2, until put out"
        " (R10.5).",
    )
    expect(
        t.reply("/environment catch-fire damage:12"),
        "  ┃ The character catches fire: all his clothing: 1d-1 a second, DX -3, until put out"
        " (R10.6).",
    )
    expect(
        t.reply("/environment catch-fire damage:1 clothing:Lace, costumes, flimsy"),
        "  ┃ The character catches fire: part of his clothing: 1d-4 a second, DX -2, until put out"
        " (R10.5).",
    )
    for typed in (
        "/environment catch-fire damage:4 clothing:Wet",
        "/environment catch-fire damage:12 clothing:Under armor",
    ):
        expect(
            t.reply(typed),
            "  ┃ Wet clothes or clothes under armor hardly ever catch fire: nothing caught"
            " (R10.8).",
        )
    expect(
        t.reply("/environment catch-fire damage:23 tight-beam:true"),
        "  ┃ The character: 23 burning in one attack sets nothing alight (R10.5).",
    )
    expect(
        t.reply("/environment catch-fire damage:12 shield:true"),
        "  ┃ The character catches fire: his wooden shield: 1d-5 a second, DX -2, until put out"
        " (R10.7).",
    )
    expect(
        t.reply("/environment ignite material:Flammable flame:1"),
        "  ┃ One class beyond what they can light: 3d every 10 seconds, catching on 16 or less"
        " (R10.4).",
    )
    expect(
        t.reply("/environment ignite material:Resistant flame:1d-1 seconds:30"),
        "  ┃ Resistant (leather, clothing): one attack of 10 burning sets it alight; the flames"
        " (1d-1) do at most 5 (R10.4).",
        "  ┃ One class beyond what they can light: 3d every 10 seconds, catching on 16 or less"
        " (R10.4).",
    )
    expect(
        t.reply("/environment ignite material:Highly Resistant flame:1d-1 seconds:30"),
        "  ┃ Two classes beyond what they can light: 3d every 10 seconds, catching on 6 or less"
        " (R10.4).",
    )
    expect(
        t.reply("/environment ignite material:Flammable flame:1d seconds:5"),
        "  ┃ Only some rolls are enough: the damage is rolled every second of contact (R10.4).",
    )
    expect(
        t.reply("/environment sunburn skin:Albino"),
        "  ┃ An albino after a full day in strong sun is nearly dead: the GM settles it (R10.11).",
    )
    expect(
        t.reply("/environment sunburn skin:Dark"),
        "  ┃ Dark skin: itching and discomfort, no danger (R10.11).",
    )
    expect(
        t.reply("/environment sunburn skin:Light protected:true"),
        "  ┃ Armor or cover prevents sunburn (R10.12).",
    )
    assert any("1d-3 rolled" in line for line in t.reply("/environment sunburn skin:Light"))


async def test_heat_intense_heat_cold_and_icy_water_r10_9_to_r10_14(tmp_path: Path) -> None:
    """R10.9 (worked example): 42 °C, Medium encumbrance: -2 - 2 = -4 every 30 min vs the
    better of HT and Survival; +1 FP on exertion and dehydration losses (32-47 °C); below 27 °C
    or resting in the shade nothing. R10.10 (worked example): DR 4 → safe 12 s, then HT every
    second. R10.13 (worked example): -30 °C, wind 20 km/h, winter clothes, wet: 0 - 5 - 2 = -7
    every 15 min; a heated suit +10; wind 50 km/h every 10 min; -22.5 °C is not a full 5 °C
    below -18; 0 °C no rolls. R10.14: HT every minute, 1 FP on a success, the margin on a
    failure (HT 8 rolling 8, 10, 11 → 1 + 2 + 3 = 6); a dry suit leaves only the cold.
    """
    t = await play(tmp_path, HEAT_AND_COLD_BY_NUMBERS)
    expect(
        t.reply(
            "/environment heat temperature:42 minutes:120 ht:11 survival:12 encumbrance:Medium (2)"
        ),
        "  ┃ Stressful activity for 120 min: a roll every 30 minutes, 4 in all; a failure costs"
        " 1 FP, a critical failure 1d (R10.9).",
        "  ┃ HT or Survival (Desert) at 90 min: Survival 12 -2 -2 = 8, rolled 16 (6, 5, 5):"
        " failure (R10.9) (-1 FP)",
        "  ┃ At this heat every FP lost to exertion or dehydration costs 1 FP more (R10.9).",
        "  ┃ FP lost: 1.",
    )
    expect(
        t.reply("/environment heat temperature:30 minutes:60 ht:11"),
        "  ┃ HT or Survival (Desert) at 30 min: HT 11 = 11, rolled 5 (2, 1, 2): success (R10.9)",
    )
    expect(
        t.reply("/environment heat temperature:26 minutes:60 ht:11"),
        "  ┃ Below the top 5 °C of the comfort zone: no rolls (R10.9).",
    )
    expect(
        t.reply("/environment heat temperature:42 minutes:60 ht:11 resting:true"),
        "  ┃ In the shade, doing nothing strenuous: no effect (R10.9).",
    )
    expect(
        t.reply("/environment intense-heat seconds:15 dr:4 ht:11"),
        "  ┃ DR 4: safe for 12 s; 15 s in the heat makes 3 HT rolls, one a second, each failure"
        " 1 FP (R10.10).",
        "  ┃ Second 14: HT 11 = 11, rolled 15 (4, 5, 6): failure (R10.10)",
        "  ┃ FP lost: 1.",
    )
    expect(
        t.reply("/environment intense-heat seconds:3 dr:2 ht:11"),
        "  ┃ DR 2: safe for 6 s; 3 s in the heat makes 0 HT rolls, one a second, each failure"
        " 1 FP (R10.10).",
    )
    expect(
        t.reply(
            "/environment cold temperature:-30 minutes:60 wind:20 clothing:Normal winter"
            " clothing (+0) wet:true ht:12"
        ),
        "  ┃ A roll every 15 minutes for 60 min, 4 in all; each failure costs 1 FP (R10.13).",
        "  ┃ HT or Survival (Arctic) at 15 min: HT 12 -5 -2 = 5, rolled 11 (5, 4, 2): failure"
        " (R10.13) (-1 FP)",
    )
    expect(
        t.reply(
            "/environment cold temperature:-5 minutes:60 wind:14 clothing:Heated suit (+10)"
            " ht:10 survival:12"
        ),
        "  ┃ A roll every 30 minutes for 60 min, 2 in all; each failure costs 1 FP (R10.13).",
    )
    assert any(
        "Survival 12 +10 = 22" in line
        for line in t.reply(
            "/environment cold temperature:-5 minutes:60 wind:14 clothing:Heated suit (+10)"
            " ht:10 survival:12"
        )
    )
    expect(
        t.reply("/environment cold temperature:-30 minutes:30 wind:50 ht:12"),
        "  ┃ A roll every 10 minutes for 30 min, 3 in all; each failure costs 1 FP (R10.13).",
    )
    assert any(
        "HT 12 +5 = 17" in line
        for line in t.reply(
            "/environment cold temperature:-22.5 minutes:30 clothing:Clothing for very cold"
            " climates (+5) ht:12"
        )
    )
    expect(
        t.reply("/environment cold temperature:0 minutes:30 ht:12"),
        "  ┃ Not below 0 °C: no rolls (R10.13).",
    )
    expect(
        t.reply("/environment icy-water minutes:3 ht:8"),
        "  ┃ HT at 1 min: HT 8 = 8, rolled 8 (2, 4, 2): success (R10.14) (-1 FP)",
        "  ┃ HT at 2 min: HT 8 = 8, rolled 10 (3, 5, 2): failure (R10.14) (-2 FP)",
        "  ┃ HT at 3 min: HT 8 = 8, rolled 11 (4, 6, 1): failure (R10.14) (-3 FP)",
        "  ┃ FP lost: 6.",
    )
    expect(
        t.reply("/environment icy-water minutes:3 dry-suit:true ht:11"),
        "  ┃ A waterproof diving suit: only the usual effects of cold (R10.14, R10.13).",
    )


async def test_falls_and_falling_objects_r13_7_r13_8(tmp_path: Path) -> None:
    """R13.7 (worked examples): 6 m with Acrobatics → 1 m → 1d-4; 8 m in metal DR 4 → 8d-16,
    DR 2; 3 m → 3d-9; 2.7 m → 2 m; under 1 m nothing; flexible DR at most 3; soft ground 1 a
    metre less (5 m → 5d-15), water soft on a Swimming roll (4 m → 4d-16); above 50 m the
    house cap; 7 m with Acrobatics → 2 m → 2d-8.
    R13.8 (worked examples): 10 kg from 30 m → 6d; 0.5 kg from 20 m → 2d halved; 0.5 kg from
    1.5 m → 1d × 1/4; 2 kg and 3 m count one multiple, not halved; over 180 m counts 180;
    7.5 kg and 25 m round half up; a soft object halves, factors multiply.
    """
    t = await play(tmp_path, FALLS_BY_NUMBERS)
    expect(
        t.reply("/environment fall height:6 acrobatics:14"),
        "  ┃ Acrobatics to take 5 m off: Acrobatics 14 = 14, rolled 6 (2, 1, 3): success (R13.7)",
        "  ┃ 1 m: 1d-4, rolled -3 (1) → 0 crushing (R13.7).",
    )
    expect(
        t.reply("/environment fall height:8 acrobatics:0 armor:Metal dr:4"),
        "  ┃ 8 m: 8d-16, rolled 12 (1, 3, 6, 5, 5, 2, 4, 2) → 12 crushing (R13.7).",
        "  ┃ Metal armor DR 4 counts as 2 (half); shields do not help (R13.7).",
        "  ┃ After armor: 10.",
    )
    expect(
        t.reply("/environment fall height:3 acrobatics:0 armor:None"),
        "  ┃ 3 m: 3d-9, rolled -4 (2, 1, 2) → 0 crushing (R13.7).",
    )
    expect(
        t.reply("/environment fall height:2.7 acrobatics:0 armor:None"),
        "  ┃ 2 m: 2d-8, rolled 3 (6, 5) → 3 crushing (R13.7).",
    )
    expect(
        t.reply("/environment fall height:0.5 acrobatics:0"),
        "  ┃ The fall counts 0 m: less than 1 m does no damage (R13.7).",
    )
    expect(
        t.reply("/environment fall height:8 acrobatics:0 armor:Clothing, leather, flexible dr:5"),
        "  ┃ Clothing, leather or flexible armor DR 5 counts as 3 (at most 3); shields do not help"
        " (R13.7).",
        "  ┃ After armor: 16.",
    )
    expect(
        t.reply("/environment fall height:5 acrobatics:0 landing:Something soft armor:None"),
        "  ┃ A soft landing: 1 point less for each of the 5 m (R13.7).",
        "  ┃ 5 m: 5d-15, rolled 1 (1, 4, 5, 4, 2) → 1 crushing (R13.7).",
    )
    expect(
        t.reply("/environment fall height:4 acrobatics:0 landing:Water swimming:14 armor:None"),
        "  ┃ Swimming to land softly in the water: Swimming 14 = 14, rolled 10 (3, 1, 6): success"
        " (R13.7)",
        "  ┃ 4 m: 4d-16, rolled 2 (6, 4, 2, 6) → 2 crushing (R13.7).",
    )
    expect(
        t.reply("/environment fall height:80 acrobatics:0 armor:None"),
        "  ┃ Higher than 50 m: it counts as 50 m (the rules give no limit; house rule) (R13.7).",
    )
    expect(
        t.reply("/environment fall height:7 acrobatics:15 armor:None"),
        "  ┃ 2 m: 2d-8, rolled -4 (3, 1) → 0 crushing (R13.7).",
    )
    expect(
        t.reply("/environment falling-object kg:10 metres:30"),
        "  ┃ 10 kg is 2 × 5 kg, 30 m is 3 × 10 m: 2 × 3 = 6d (R13.8).",
    )
    expect(
        t.reply("/environment falling-object kg:0.5 metres:20"),
        "  ┃ 0.5 kg is 1 × 5 kg, 20 m is 2 × 10 m: 1 × 2 = 2d (R13.8).",
        "  ┃ Under 1 kg: it counts as 5 kg, damage halved (R13.8).",
        "  ┃ 2d rolled 8 (5, 3) × 1/2 → 4 crushing (R13.8).",
    )
    expect(
        t.reply("/environment falling-object kg:0.5 metres:1.5"),
        "  ┃ 1d rolled 2 (2) × 1/4 → 0 crushing (R13.8).",
    )
    expect(
        t.reply("/environment falling-object kg:2 metres:30"),
        "  ┃ 2 kg is 1 × 5 kg, 30 m is 3 × 10 m: 1 × 3 = 3d (R13.8).",
        "  ┃ 3d rolled 10 (1, 6, 3) × 1 → 10 crushing (R13.8).",
    )
    expect(
        t.reply("/environment falling-object kg:10 metres:3"),
        "  ┃ 10 kg is 2 × 5 kg, 3 m is 1 × 10 m: 2 × 1 = 2d (R13.8).",
    )
    expect(
        t.reply("/environment falling-object kg:10 metres:300"),
        "  ┃ 10 kg is 2 × 5 kg, 300 m is 18 × 10 m: 2 × 18 = 36d (R13.8).",
        "  ┃ Over 180 m: it counts as 180 m (R13.8).",
    )
    expect(
        t.reply("/environment falling-object kg:7.5 metres:25"),
        "  ┃ 7.5 kg is 2 × 5 kg, 25 m is 3 × 10 m: 2 × 3 = 6d (R13.8).",
    )
    expect(
        t.reply("/environment falling-object kg:10 metres:30 soft:true"),
        "  ┃ 6d rolled 28 (6, 6, 3, 4, 5, 4) × 1/2 → 14 crushing (R13.8).",
    )
    expect(
        t.reply("/environment falling-object kg:0.5 metres:20 soft:true"),
        "  ┃ 2d rolled 9 (5, 4) × 1/4 → 2 crushing (R13.8).",
    )


async def test_hazards_on_a_fighter_r10_1_r10_5_r13_7_r13_8(tmp_path: Path) -> None:
    """On a fighter the hazard goes through the injury rules.

    R10.1/R10.12: burning is large-area, with the full DR (3): 4 + 4 + 2 = 10, injury 7.
    R10.5: the hottest second (4) sets part of his clothes alight. R13.7: metal armor DR 3
    counts 1 (half, rounded down); 8d-16 rolled 15, injury 14, crushing to the torso. R13.8: a
    6d stone (27) on the skull: DR 3 + 2, 22 × 4 = 88 (R7.25). R10.5: Fay's extinguish roll is
    DX 12 - 2 = 10, one Ready.
    """
    t = await play(tmp_path, HAZARDS_ON_A_FIGHTER)
    expect(
        t.reply("/environment catch-fire damage:4 combatant:Fay"),
        "  ┃ ▶ 1. Fay [npc]: HP ▰▰▰▰▰ 20/20 · FP ▰▰▰▰▰ 10/10 · 🔥 on fire: part of his clothing:"
        " 1d-4 a second, DX -2",
    )
    expect(
        t.reply("/environment fire exposure:A whole turn (1d-1 a second) seconds:3 combatant:Gus"),
        "  ┃ 3 s in the flames, 1d-1 a second: 4 (5), 4 (5), 2 (3) → 10 burning, large-area"
        " (R10.1, R7.18).",
        "  ┃ Basic damage: 10 burn",
        "  ┃ DR: 3",
        "  ┃ Injury: 7",
        "  ┃ HP: 10 → 3 / 10",
        "  ┃ Gus catches fire: part of his clothing: 1d-4 a second, DX -2, until put out (R10.5).",
    )
    expect(
        t.reply("/environment fall height:8 combatant:Gus acrobatics:0 armor:Metal"),
        "  ┃ Metal armor DR 3 counts as 1 (half); shields do not help (R13.7).",
        "  ┃ Location: torso",
        "  ┃ DR: 1",
        "  ┃ Basic damage: 8d-16 → 15 cr (3, 5, 3, 5, 2, 5, 5, 3)",
        "  ┃ Penetrating: 14",
        "  ┃ Injury: 14",
    )
    expect(
        t.reply("/environment falling-object kg:10 metres:30 combatant:Gus location:skull"),
        "  ┃ Basic damage: 27 cr",
        "  ┃ Location: skull",
        "  ┃ DR: 5",
        "  ┃ Penetrating: 22",
        "  ┃ Wounding: ×4",
        "  ┃ Injury: 88",
    )
    expect(
        t.reply("/environment extinguish combatant:Fay"),
        "  ┃ DX to put it out: DX 12 -2 = 10, rolled 13 (5, 5, 3): failure (R10.5)",
        "  ┃ Still burning. Each try takes 1 Ready (R10.5).",
    )
