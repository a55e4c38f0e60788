"""Sections 8 and 9 of the rules catalog, the newer features, re-checked through the sandbox:
a cardiac arrest killing the fighter HT/3 minutes later unless ``/fatigue heart`` helps him
(R8.2, R8.3), deep water going on with the rounds (R9.3, R9.4), a tired thrower using half his
ST for distance and weight (R8.1 with R12.1-R12.5), and FP lost to hunger, thirst or missed
sleep that plain rest does not bring back (R8.7-R8.9).

Each test plays the commands as they would be typed in Discord, with seeded dice, and checks
the bot's numbers against the catalog (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

HEART_SETUP = """
    /encounter start name:E
    /combatant add name:Bo st:10 dx:10 iq:10 ht:3 fp:10 hp:10 will:3
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue spend amount:11 combatant:Bo
    /encounter next
"""

HEART_UNHELPED = Fight(
    2,
    HEART_SETUP.rstrip()
    + """
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
    /encounter status
    /fatigue heart combatant:Bo skill:15
""",
)

HEART_HELPED = Fight(
    2,
    HEART_SETUP.rstrip()
    + """
    /fatigue heart combatant:Bo skill:12
    /encounter status
    /fatigue heart combatant:Bo skill:13
""",
)

DROWNING = Fight(
    1,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 fp:3
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /breath drown combatant:Al swimming:3
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
    /encounter next
    /encounter next
    /encounter status
""",
)

SWIM_RECOVERING = Fight(
    2,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 fp:10
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /breath drown combatant:Al swimming:9
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
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter status
""",
)

SWIM_MODIFIERS_AND_LEAVE = Fight(
    1,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 fp:10
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /breath drown combatant:Al swimming:8 intentional:true encumbrance:Medium (2)
    /encounter next
    /breath drown combatant:Al leave:true
    /encounter next
    /encounter status
""",
)

TIRED_THROWER = Fight(
    1,
    """
    /encounter start name:T
    /combatant add name:Al st:12 dx:12 iq:10 ht:12 fp:12
    /combatant skill add name:Al skill:throwing level:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue spend amount:9 combatant:Al
    /throw attacker:Al target:Orc object-kg:80 distance:1
    /throw attacker:Al target:Orc object-kg:3 distance:2
    /encounter undo
    /encounter undo
    /throw attacker:Al target:Orc object-kg:3 distance:2
""",
)

TIRED_GIANT = Fight(
    1,
    """
    /encounter start name:T
    /combatant add name:Gi st:30 dx:12 iq:10 ht:12 fp:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue spend amount:9 combatant:Gi
    /throw attacker:Gi target:Orc object-kg:200 distance:1
    /throw attacker:Gi target:Orc object-kg:60 distance:1
""",
)

LOST_FP_AND_REST = Fight(
    1,
    """
    /encounter start name:R
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 fp:12
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10
    /encounter next
    /fatigue meals missed:2 combatant:Al
    /fatigue sleep awake:24 combatant:Al
    /fatigue water litres:1.5 hours:24 climate:hot combatant:Al
    /fatigue spend amount:2 combatant:Al
    /fatigue recover amount:12 combatant:Al
    /fatigue recover amount:12 combatant:Al after:a good night's sleep
    /fatigue recover amount:12 combatant:Al after:a full day of rest and food
    /encounter undo
    /encounter status
""",
)


def _line(block: list[str], name: str) -> str:
    return next(line for line in block if f". {name} [" in line)


async def test_unhelped_cardiac_arrest_kills_ht_3_minutes_later_r8_2(tmp_path: Path) -> None:
    """R8.2: at 0 FP, Will 3 rolls 13 (critical failure, 3 + 10), HT 3 rolls 12: cardiac
    arrest, FP = -1 x FP = -10, death in HT/3 = 1 minute. The heart stops at his place in
    round 1, so he dies at his place in round 61, counted at -1 x HP (-10) as that is lower
    than his 9 HP. Helping a dead man is refused.
    """
    t = await play(tmp_path, HEART_UNHELPED)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Bo rolls Will to act at 0 FP or less: 13 (6, 6, 1) vs 3, critical failure. (R8.2)",
        "  ┃ Bo rolls HT against cardiac arrest: 12 (1, 6, 5) vs 3, failure. (R8.2)",
        "  ┃ His heart stops: he dies in 1 min 0 s (HT/3 minutes), in round 61, unless he is"
        " helped (R8.2).",
    )
    # At -FP he faints too (R8.3): unconscious and prone.
    assert (
        "FP ▱▱▱▱▱ -10/10 · prone · 😵 unconscious · 💔 cardiac arrest (dies in round 61 "
        "unless helped)"
    ) in _line(t.reply("/encounter next", 61), "Bo")
    expect(t.reply("/encounter next", 62), "  ┃ Round 62: Cy's turn", "  ┃ Bo dies. (R8.2)")
    assert _line(t.reply("/encounter status"), "Bo").endswith("HP ▱▱▱▱▱ -10/10 · prone · 💀 dead")
    late = t.reply("/fatigue heart combatant:Bo skill:15")
    assert refused(late)
    expect(late, "  ┃ Bo is dead already: too late to help (R8.2).")


async def test_helped_heart_lives_at_0_hp_unconscious_r8_2_r8_3(tmp_path: Path) -> None:
    """R8.2: helped in time (First Aid 12 rolls 11) he survives at 0 HP or his current HP,
    whichever is lower: 9 → 0; R8.3: at -FP he stays unconscious until his FP are positive.
    A second help finds no stopped heart.
    """
    t = await play(tmp_path, HEART_HELPED)
    expect(
        t.reply("/fatigue heart combatant:Bo skill:12"),
        "  ┃ Helper: First Aid 12 = 12, rolled 11 (5, 2, 4): success (R8.2)",
        "  ┃ Bo's heart beats again: he survives, at 0 HP or less (HP 9 → 0) (R8.2).",
        "  ┃ Bo stays unconscious until his FP are positive again (R8.3).",
    )
    assert _line(t.reply("/encounter status"), "Bo").endswith(
        "HP ▱▱▱▱▱ 0/10 · FP ▱▱▱▱▱ -10/10 · prone · 😵 unconscious"
    )
    again = t.reply("/fatigue heart combatant:Bo skill:13")
    assert refused(again)
    expect(again, "  ┃ Bo's heart has not stopped: there is no cardiac arrest to help (R8.2).")


async def test_drowning_in_rounds_faints_then_dies_4_minutes_later_r9_3_r9_4(
    tmp_path: Path,
) -> None:
    """R9.3: Swimming 3 on entering, then every 5 s while swallowing water: rolls at his place
    in rounds 1, 6, 11, 16, 21, 26, 1 FP each; below 0 FP each FP costs 1 HP too (R8.2); at
    -FP (-3) he faints (R8.3), and 4 minutes later (his place in round 266) his brain dies
    (R9.4, R9.2). From 0 FP he collapses (failed Will, round 15), so his rolls come as the
    turn passes his place, and fail without dice: he cannot swim (R8.2).
    """
    t = await play(tmp_path, DROWNING)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Al rolls Swimming 3 in the water: 10 (5, 2, 3), failure: swallows water, 1 FP,"
        " FP 2, HP 10 → swallowing water (next roll in 5 s) (R9.3)",
    )
    answers = t.replies("/encounter next")

    def due(line: str) -> bool:
        return "rolls Swimming 3" in line or "cannot swim" in line

    rolls = [line for block in answers for line in block if due(line)]
    faces = [line.split(" in the water: ", 1)[1][:2] for line in rolls[:3]]
    assert faces == ["10", "12", "8 "]
    assert all("has collapsed (R8.2) and cannot swim: no roll" in line for line in rolls[3:])
    assert rolls[3].endswith("FP -1, HP 9 → swallowing water (next roll in 5 s) (R9.3)")
    assert rolls[5].endswith("FP -3, HP 7 → swallowing water (next roll in 5 s). He faints. (R9.3)")
    rounds = []
    for block in answers:
        if any(due(line) for line in block):
            rounds.append(block[1])
    assert rounds == [
        "  ┃ Round 1: Al's turn",
        "  ┃ Round 6: Al's turn",
        "  ┃ Round 11: Al's turn",
        "  ┃ Round 17: Orc's turn",
        "  ┃ Round 22: Orc's turn",
        "  ┃ Round 27: Orc's turn",
    ]
    death = next(block for block in answers if any("brain dies" in line for line in block))
    expect(
        death,
        "  ┃ Round 267: Orc's turn",
        "  ┃ Round 266: Al has gone 4 minutes without air since fainting: his brain dies (R9.2)",
    )
    assert _line(t.reply("/encounter status"), "Al").endswith("prone · 💀 dead")


async def test_swimming_success_then_a_roll_within_a_minute_r9_3(tmp_path: Path) -> None:
    """R9.3's schedule: a failure (1 FP) → every 5 s; a success → another roll within a
    minute (60 s later); its failure → every 5 s again. Rolls at rounds 2, 7, 67, 72.
    """
    t = await play(tmp_path, SWIM_RECOVERING)
    answers = t.replies("/encounter next")
    rolls = [
        (line, next(x for x in block if x.endswith("'s turn") and "Al" in x))
        for block in answers
        for line in block
        if "rolls Swimming 9" in line
    ]
    assert [turn for _, turn in rolls[:4]] == [
        "  ┃ Round 2: Al's turn",
        "  ┃ Round 7: Al's turn",
        "  ┃ Round 67: Al's turn",
        "  ┃ Round 72: Al's turn",
    ]
    assert rolls[1][0] == (
        "  ┃ Al rolls Swimming 9 in the water: 9 (4, 4, 1), success → head above water"
        " (another roll within a minute) (R9.3)"
    )
    assert rolls[2][0] == (
        "  ┃ Al rolls Swimming 9 in the water: 11 (3, 3, 5), failure: swallows water, 1 FP,"
        " FP 8, HP 10 → swallowing water (next roll in 5 s) (R9.3)"
    )


async def test_swimming_modifiers_and_leaving_the_water_r9_3(tmp_path: Path) -> None:
    """R9.3: Swimming 8, +3 on purpose, -2 x Medium (2) = 8 + 3 - 4 = 7 (the catalog's
    example: 12 + 3 - 4 = 11). ``leave:true`` takes him out and the rolls stop.
    """
    t = await play(tmp_path, SWIM_MODIFIERS_AND_LEAVE)
    assert _line(
        t.reply("/breath drown combatant:Al swimming:8 intentional:true encumbrance:Medium (2)"),
        "Al",
    ).endswith("🌊 in deep water: entering the water, Swimming 7")
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Al rolls Swimming 7 in the water: 10 (5, 2, 3), failure: swallows water, 1 FP,"
        " FP 9, HP 10 → swallowing water (next roll in 5 s) (R9.3)",
    )
    expect(
        t.reply("/breath drown combatant:Al leave:true"), "  ┃ Al is out of the deep water (R9.3)."
    )
    assert _line(t.reply("/encounter status"), "Al").endswith("HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▱ 9/10")


async def test_tired_thrower_uses_half_st_for_distance_and_weight_r8_1_r12_3(
    tmp_path: Path,
) -> None:
    """R8.1: FP 3 of 12 (< 4) → ST 12 halved to 6. R12.1: at most 13 x 6 = 78 kg. R12.3: 3 kg
    rounds down to the "2" row, 1.5 x (6 + 12/6) = 12 m; R12.2's damage keeps ST 12: 1d-2.
    Undoing the fatigue: 1.5 x (12 + 2) = 21 m and 156 kg (the catalog's example).
    """
    t = await play(tmp_path, TIRED_THROWER)
    heavy = t.reply("/throw attacker:Al target:Orc object-kg:80 distance:1")
    assert refused(heavy)
    expect(heavy, "  ┃ ST 6 throws at most 78 kg; 80 kg is too heavy (R12.1).")
    expect(
        t.reply("/throw attacker:Al target:Orc object-kg:3 distance:2", 1),
        "  ┃ Weapon: Thrown object, 3 kg (1d-2 cr)",
        "  ┃ Effective skill: Skill 12",
        "  ┃ Range: A 3 kg object thrown with ST 12: damage 1d-2 (crushing), it flies up to"
        " 12 m; at most 78 kg (R12.1, R12.2, R12.3, R8.1).",
        "  ┃     Below 1/3 of his FP he throws with half his ST, 6: it sets the distance and"
        " the weight limit; the damage keeps ST 12 (R8.1).",
    )
    expect(
        t.reply("/throw attacker:Al target:Orc object-kg:3 distance:2", 2),
        "  ┃ Range: A 3 kg object thrown with ST 12: damage 1d-2 (crushing), it flies up to"
        " 21 m; at most 156 kg (R12.1, R12.2, R12.3).",
    )


async def test_tired_giant_drops_to_the_normal_tables_but_keeps_his_damage_r8_1_r12_4(
    tmp_path: Path,
) -> None:
    """R8.1 with R12.1-R12.5: ST 30 tired → 15, so the normal tables: at most 13 x 15 =
    195 kg, and 60 kg → the "50" row, 0.1 x 15 = 1.5 m. Damage keeps ST 30 (thrust 3d):
    60 kg lies between 3/2 ST = 45 and 7/2 ST = 105 → thrust, 3d (R12.4). DX 12, no
    Throwing: skill 9.
    """
    t = await play(tmp_path, TIRED_GIANT)
    heavy = t.reply("/throw attacker:Gi target:Orc object-kg:200 distance:1")
    assert refused(heavy)
    expect(heavy, "  ┃ ST 15 throws at most 195 kg; 200 kg is too heavy (R12.1).")
    expect(
        t.reply("/throw attacker:Gi target:Orc object-kg:60 distance:1"),
        "  ┃ Weapon: Thrown object, 60 kg (3d cr)",
        "  ┃ Effective skill: Skill 9",
        "  ┃ Range: A 60 kg object thrown with ST 30: damage 3d (crushing), it flies up to"
        " 1.5 m; at most 195 kg (R12.1, R12.4, R12.3, R8.1).",
    )


async def test_fp_lost_to_hunger_thirst_and_sleep_stays_lost_to_rest_r8_7_r8_9(
    tmp_path: Path,
) -> None:
    """R8.7: 2 missed meals → 2 FP. R8.9: awake 24 h → 1 + floor(8/4) = 3 FP. R8.8: hot, 1.5 L
    of 3 L over 24 h → 3 FP. Then 2 FP spent: FP 12 → 2. Plain rest gives back only the 2
    spent (8 stay lost); after a good night's sleep the 3 of sleep; after a full day of rest
    and food the 2 of hunger, and 3 stay lost to thirst. Undo goes back one step.
    """
    t = await play(tmp_path, LOST_FP_AND_REST)
    expect(
        t.reply("/fatigue meals missed:2 combatant:Al"),
        "  ┃ 2 missed meals: 2 FP, regained only after a full day of rest and proper food (R8.7).",
        "  ┃ FP 12 → 10 / 12",
    )
    expect(
        t.reply("/fatigue sleep awake:24 combatant:Al"),
        "  ┃ Awake 24 h, waking day 16 h: 3 FP lost, regained only after a good night's sleep"
        " (R8.9, R8.10).",
        "  ┃ FP 10 → 7 / 12",
    )
    expect(
        t.reply("/fatigue water litres:1.5 hours:24 climate:hot combatant:Al"),
        "  ┃ Too little water for 24 h: 1 FP every 8 hours, 3 in all (R8.8).",
        "  ┃ FP 7 → 4 / 12",
    )
    expect(
        t.reply("/fatigue recover amount:12 combatant:Al"),
        "  ┃ 🫁 Al recovers 2 FP",
        "  ┃ FP 2 → 4 / 12",
        "  ┃ 8 FP stay lost to hunger (back after a full day of rest and food, R8.7); missed"
        " sleep (back after a good night's sleep, R8.9); thirst (back after a full day of rest"
        " and water, R8.8): rest alone does not bring them back.",
    )
    expect(
        t.reply("/fatigue recover amount:12 combatant:Al after:a good night's sleep"),
        "  ┃ FP 4 → 7 / 12",
        "  ┃ 5 FP stay lost to hunger (back after a full day of rest and food, R8.7); thirst"
        " (back after a full day of rest and water, R8.8): rest alone does not bring them"
        " back.",
    )
    expect(
        t.reply("/fatigue recover amount:12 combatant:Al after:a full day of rest and food"),
        "  ┃ FP 7 → 9 / 12",
        "  ┃ 3 FP stay lost to thirst (back after a full day of rest and water, R8.8): rest"
        " alone does not bring them back.",
    )
    assert _line(t.reply("/encounter status"), "Al").endswith("FP ▰▰▰▱▱ 7/12")
