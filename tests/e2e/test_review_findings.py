"""Defects an independent review of sections 2-7 found, each replayed through the sandbox.

Every test plays the review's own script with its seed and checks the bot's lines against
the rules catalog (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused
from tests.e2e.test_review_sections_2_7 import CINEMATIC_PARRIES

HEAD_HIT_WITHOUT_SHOCK = Fight(
    1,
    """
    /encounter start name:K
    /combatant add name:Big st:10 dx:10 iq:10 ht:9 hp:20
    /encounter next
    /damage target:Big amount:1 type:cr location:face
    /encounter status
""",
)

SHOCKED_ACROBAT = Fight(
    3,
    """
    /encounter start name:G
    /combatant add name:Orc st:10 dx:14 iq:10 ht:14
    /combatant add name:Acro st:10 dx:12 iq:10 ht:12
    /combatant skill add name:Acro skill:Acrobatics level:12
    /encounter next
    /damage target:Acro amount:4 type:cr
    /combatant condition name:Acro posture:prone
    /encounter next
    /maneuver combatant:Acro maneuver:Change Posture posture:standing acrobatics:true
""",
)

SHOCKED_THROWER = Fight(
    0,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:D
    /combatant add name:Arch st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:Arch weapon:Knife skill:16 damage:thr imp thrown:true knife:true
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /damage target:Arch amount:6 type:cr
    /encounter next
    /throw attacker:Arch target:Bob weapon:Knife fast-draw:13
""",
)

NO_ACTION_BEFORE_THE_FIRST_TURN = Fight(
    3,
    """
    /encounter start name:T
    /combatant add name:A st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:A weapon:Sword skill:12 damage:sw cut
    /combatant add name:B st:10 dx:10 iq:10 ht:10 hp:50
    /combatant weapon add name:B weapon:Sword skill:12 damage:sw cut
    /encounter next
    /attack attacker:B target:A
    /maneuver combatant:B maneuver:Evaluate target:A
    /encounter next
    /attack attacker:B target:A
""",
)

SERIES_KEEPS_ITS_MANEUVER = Fight(
    3,
    """
    /settings rule option:cinematic_multiple_attacks enabled:true
    /encounter start name:S
    /combatant add name:Mas st:10 dx:14 iq:10 ht:14 hp:50
    /combatant weapon add name:Mas weapon:Katana skill:24 damage:sw+1 cut
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:80
    /encounter next
    /attack attacker:Mas target:Bob
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: +4 to hit"
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: +2 damage"
    /attack attacker:Mas target:Bob maneuver:"Move and Attack"
    /attack attacker:Mas target:Bob
    /encounter next
    /encounter next
    /attack attacker:Mas target:Bob maneuver:"All-Out Attack: +2 damage"
    /attack attacker:Mas target:Bob
    /attack attacker:Mas target:Bob maneuver:"Move and Attack"
""",
)

LATE_NEWCOMER = Fight(
    3,
    """
    /encounter start name:N
    /combatant add name:A st:10 dx:14 iq:10 ht:14
    /combatant add name:B st:10 dx:10 iq:10 ht:10
    /encounter next
    /encounter next
    /combatant add name:C st:10 dx:12 iq:10 ht:12
    /encounter status
    /encounter next
    /encounter next
""",
)

GIVEN_PARRY_AND_BLOCK = Fight(
    3,
    """
    /encounter start name:B
    /combatant add name:Orc st:10 dx:14 iq:10 ht:14
    /combatant weapon add name:Orc weapon:Club skill:18 damage:sw cr
    /combatant add name:Pal st:10 dx:10 iq:10 ht:10 parry:11 block:10
    /combatant show name:Pal
    /encounter next
    /attack attacker:Orc target:Pal
""",
)

WINDPIPE_ON_THE_TRACKER = Fight(
    0,
    """
    /encounter start name:D
    /combatant add name:Neck st:30 dx:10 iq:10 ht:9 hp:12 combat-reflexes:true
    /combatant add name:Orc st:30 dx:9 iq:10 ht:9 hp:12 combat-reflexes:true
    /encounter next
    /damage target:Neck amount:4 type:cr location:neck
    /encounter next
    /encounter next
    /encounter next
""",
)


async def test_a_head_hit_without_shock_rolls_no_knockdown_r7_8_r7_6(tmp_path: Path) -> None:
    """R7.6: with 20+ HP shock is -1 per full HP/10 lost, so HP 20 losing 1 has no shock;
    R7.8 rolls HT for a head or vitals hit only on shock from it (or a Major Wound, over
    HP/2 = 10): no roll, and Big stays on his feet."""
    t = await play(tmp_path, HEAD_HIT_WITHOUT_SHOCK)
    hit = t.reply("/damage target:Big amount:1 type:cr location:face")
    expect(hit, "  ┃ Injury: 1", "  ┃ HP: 20 → 19 / 20")
    assert not any("Knockdown" in line or "Shock" in line for line in hit)
    status = t.reply("/encounter status")
    expect(status, "  ┃ ▶ 1. Big [npc]: HP ▰▰▰▰▱ 19/20 · FP ▰▰▰▰▰ 9/9")


async def test_shock_counts_against_the_acrobatics_roll_to_get_up_r7_12_r7_6(
    tmp_path: Path,
) -> None:
    """R7.6: 4 injury of HP 10 is shock -4 on Acro's next turn, against DX-based skills;
    R7.12: Acrobatics 12 - 4 = 8 to stand in one turn. The 9 rolled fails: he is crouching,
    one turn still to go."""
    t = await play(tmp_path, SHOCKED_ACROBAT)
    expect(
        t.reply(
            "/maneuver combatant:Acro maneuver:Change Posture posture:standing acrobatics:true"
        ),
        "  ┃ Posture: lying down → crouching (R7.12); turns still needed: 1",
        "  ┃ Notes: Get up: Acrobatics 12 -4 = 8, rolled 9 (2, 4, 3): failure (R7.12)",
    )


async def test_shock_counts_against_fast_draw_r7_6_r5_26(tmp_path: Path) -> None:
    """R7.6: HP 50 losing 6 is shock -1 (one full HP/10), and Fast-Draw is DX-based; R5.26:
    each thrown weapon of a multiple-attack turn is drawn at -3: 13 - 3 - 1 = 9."""
    t = await play(tmp_path, SHOCKED_THROWER)
    expect(
        t.reply("/throw attacker:Arch target:Bob weapon:Knife fast-draw:13"),
        "  ┃ Fast-Draw: Fast-Draw 13 -3 -1 shock (R7.6) = 9, rolled 14: not drawn, this attack"
        " is spent (R5.26)",
    )


async def test_nobody_acts_before_his_first_turn_r4_4_r4_1(tmp_path: Path) -> None:
    """R4.1, R4.4: one maneuver per combatant per second, chosen when his turn comes. Round 1
    opens with A (Basic Speed 7 against B's 5); B, with no Wait, can neither attack nor take
    a maneuver before his own turn. In it he attacks once (skill 12, a 9 hits by 3)."""
    t = await play(tmp_path, NO_ACTION_BEFORE_THE_FIRST_TURN)
    early = t.reply("/attack attacker:B target:A", 1)
    assert refused(early)
    expect(
        early,
        "  ┃ B's first turn has not come yet: a fighter attacks when his turn comes, one"
        " maneuver a turn (R4.4). Go on with /encounter next until it is B's turn; the GM can"
        " let this attack through with the extra-attack option.",
    )
    evaluate = t.reply("/maneuver combatant:B maneuver:Evaluate target:A")
    assert refused(evaluate)
    expect(
        evaluate,
        "  ┃ B's first turn has not come yet: a fighter chooses his maneuver when his turn"
        " comes, one a turn (R4.4). Go on with /encounter next until it is B's turn.",
    )
    expect(
        t.reply("/attack attacker:B target:A", 2),
        "  ┃ ⚔️ B attacks A",
        "  ┃ Attack roll: Rolled 9 (2, 4, 3): hit (by 3)",
    )


async def test_an_attack_series_keeps_its_maneuver_r4_4_r5_20(tmp_path: Path) -> None:
    """R5.14: Katana 24 gives 1 + 24 // 8 = 4 attacks. R4.4: one maneuver a turn, so the
    series goes on under the first attack's maneuver: another typed (All-Out Attack +4 or +2,
    Move and Attack) is refused, a plain attack is attack 2 of 4. R5.20: the All-Out Attack
    (+2 damage) chosen by the first blow of the next turn covers the second one too."""
    t = await play(tmp_path, SERIES_KEEPS_ITS_MANEUVER)
    series = (
        "  ┃ Mas already attacks this turn under the maneuver of his first attack: one maneuver"
        " a turn (R4.4), and an All-Out Attack's bonus covers the whole series (R5.20). Leave"
        " the maneuver option out for the next attack, or /encounter undo the first one to"
        " choose another."
    )
    for typed in (
        '/attack attacker:Mas target:Bob maneuver:"All-Out Attack: +4 to hit"',
        '/attack attacker:Mas target:Bob maneuver:"All-Out Attack: +2 damage"',
        '/attack attacker:Mas target:Bob maneuver:"Move and Attack"',
    ):
        answer = t.reply(typed)
        assert refused(answer), typed
        expect(answer, series)
    plain = "/attack attacker:Mas target:Bob"
    expect(
        t.reply(plain, 2),
        "  ┃ Effective skill: Skill 24",
        "  ┃     = 24",
        "  ┃ Multiple attacks: attack 2 of 4 · initiative step 6 (R5.14, R5.23)",
    )
    expect(
        t.reply(plain, 3),
        "  ┃     All-Out Attack (strong): +2 damage (R5.8)",
        "  ┃ Multiple attacks: attack 2 of 4 · initiative step 6 (R5.14, R5.23)",
    )
    refusal = t.reply('/attack attacker:Mas target:Bob maneuver:"Move and Attack"', 2)
    assert refused(refusal)
    expect(refusal, series)


async def test_an_unaware_newcomer_whose_place_passed_acts_next_round_r2_5(tmp_path: Path) -> None:
    """R2.5: the unaware newcomer rolls Initiative and is inserted in order (R4.3): Basic
    Speed 6 puts C between A (7) and B (5), a place already passed while it is B's turn, so
    the reply and the tracker say he first acts in round 2, and round 2 runs A, C, B."""
    t = await play(tmp_path, LATE_NEWCOMER)
    expect(
        t.reply("/combatant add name:C st:10 dx:12 iq:10 ht:12"),
        "  ┃ C rolls initiative and joins the turn order (R2.5).",
        "  ┃ The place C rolled this round has already passed: the first turn is in round 2.",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ ▶ 2. B [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
        "  ┃ 3. C [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12 · ⏭️ acts from round 2",
    )
    expect(t.reply("/encounter next", 3), "  ┃ Round 2: A's turn")
    round_2 = t.reply("/encounter next", 4)
    expect(
        round_2,
        "  ┃ Round 2: C's turn",
        "  ┃ ▶ 2. C [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 12/12",
        "  ┃ 3. B [npc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
    )


async def test_parry_and_block_given_are_the_defenses_offered_a_4(tmp_path: Path) -> None:
    """The README: `parry:` and `block:` give a generic weapon and shield with exactly that
    defense. A.4: a shield's DB adds to every defense, so the generic shield has DB 0: the
    sheet and the buttons agree on Dodge 8 (Basic Speed 5 + 3), Parry 11 and Block 10."""
    t = await play(tmp_path, GIVEN_PARRY_AND_BLOCK)
    expect(
        t.reply("/combatant show name:Pal"),
        "  ┃ Defenses: Dodge 8 · Parry weapon 11 · Block 10",
    )
    expect(
        t.reply("/attack attacker:Orc target:Pal"),
        "  ┃ Defenses: Dodge 8",
        "  ┃     Parry 11 (weapon)",
        "  ┃     Block 10",
        "  [1 Dodge 8] [2 Parry 11 (weapon)] [3 Block 10] [4 Retreat (+3)] [5 No defense]",
    )


async def test_a_crushed_windpipe_is_on_the_tracker_r7_29(tmp_path: Path) -> None:
    """R7.29: 4 cr to the neck x1.5 = 6, more than 12/3: HT 9 - 3 = 6, failed; the roll
    comes back every round until it succeeds, and the tracker lists it with its target."""
    t = await play(tmp_path, WINDPIPE_ON_THE_TRACKER)
    expect(
        t.reply("/damage target:Neck amount:4 type:cr location:neck"),
        "  ┃ ▶ 1. Neck [npc]: HP ▰▰▱▱▱ 5/12 · FP ▰▰▰▰▰ 9/9 · 🫁 crushed windpipe:"
        " HT 6 every round · ⚡ shock -4",
    )
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Neck loses 1 HP more to his crushed windpipe. (R7.29)",
        "  ┃ ▶ 1. Neck [npc]: HP ▰▰▱▱▱ 4/12 · FP ▰▰▰▰▰ 9/9 · 🫁 crushed windpipe:"
        " HT 6 every round · ⚡ shock -4",
    )


async def test_extra_attacks_never_show_a_negative_initiative_step_r5_23(tmp_path: Path) -> None:
    """R5.23: each attack after the first one Initiative step lower, from Basic Speed 6.75
    (DX 13, HT 14). Katana 24 gives 4 attacks (R5.14); the GM lets 4 more through: the
    seventh at 0.75, the eighth at the lowest Initiative, 0, not -0.25."""
    t = await play(tmp_path, CINEMATIC_PARRIES)
    extra = "/attack attacker:Mas target:Cid extra-attack:true"
    expect(
        t.reply(extra, 3),
        "  ┃ Multiple attacks: attack 7, past the 4 this turn allows · initiative step 0.75",
    )
    expect(
        t.reply(extra, 4),
        "  ┃ Multiple attacks: attack 8, past the 4 this turn allows · initiative step 0",
    )
