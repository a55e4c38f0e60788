"""Sections 14-16 of the rules catalog re-checked through the sandbox: swarms and hordes,
explosions and fragments, sense rolls.

Each test plays a fight as it would be typed in Discord, with seeded dice, and checks the
bot's numbers against the catalog (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

FRAGMENT_BLAST = (
    "/explosion blast damage:1d cr ex [2d] direct:Dir targets:A1 1m, A4 4m, P4 4m, K4 4m,"
    " G4 4m, A6 6m, A10 10m, A11 11m dive:false"
)
DIVE_BLAST = (
    "/explosion blast damage:3d cr ex [1d] targets:Ree 2m, Enc 2m, Stu 2m, Pro 2m, Bats 1m, RH 2m"
)
SMOTHER_BLAST = (
    "/explosion blast damage:3d cr ex [1d] targets:Pal 1m, Orc 2m smothered-by:Hero dive:false"
)

SENSE_WORKED_EXAMPLES = Fight(
    1,
    """
    /sense hearing per:12 acute:2 modifier:-2
    /sense vision per:11 size:0 distance:50 darkness:-3
    /sense vision per:11 size:1 distance:50 plain-sight:true
    /sense hearing per:10 discriminatory:true hard-of-hearing:true
    /sense smell per:11 taste:true discriminatory:true modifier:-3
    /sense vision per:12 against:13
""",
)

HEARING_STEPS_AND_VISION_RANGE = Fight(
    2,
    """
    /sense hearing per:12 sound:Normal conversation (1) distance:4
    /sense hearing per:12 sound:Normal conversation (1) distance:0.25
    /sense hearing per:12 sound:Normal conversation (1) distance:3
    /sense hearing per:12 sound:Normal conversation (1) distance:0.3
    /sense hearing per:12 sound:Rustling leaves (1/4) distance:1
    /sense hearing per:12 sound:Metallica (512) distance:1
    /sense hearing per:12 sound:Loud conversation (4) distance:1000000
    /sense vision per:12 distance:3000
    /sense vision per:12 size:-10 distance:1
    /sense vision per:12 darkness:-10
    /sense vision per:12 hyperspectral:true acute:2
""",
)

SENSE_TRAITS_COMPREHENSION_DANGER = Fight(
    3,
    """
    /encounter start name:S
    /combatant add name:Ana st:10 dx:12 iq:11 ht:10 per:12 owner:alice
    /combatant trait add name:Ana trait:Acute Hearing level:2
    /combatant trait add name:Ana trait:Danger Sense
    /combatant trait add name:Ana trait:Discriminatory Smell
    /combatant trait add name:Ana trait:Hard of Hearing
    /sense hearing combatant:Ana sound:Normal conversation (1) distance:2 comprehension:11
    /sense smell combatant:Ana
    /sense smell combatant:Ana taste:true
    /sense vision combatant:Ana distance:100 dangerous:true modifier:-5
    :as alice
    /sense vision combatant:Ana distance:100 dangerous:true
""",
)

QUICK_CONTESTS_AND_SECRET_ROLLS = Fight(
    5,
    """
    /sense vision per:12 against:12
    /sense hearing per:12 comprehension:3 dangerous:true
""",
)

SWARM_PRESETS_AND_HORDE_SIZES = Fight(
    3,
    """
    /encounter start name:W
    /swarm add kind:Bees
    /swarm add kind:Rats
    /swarm add kind:Birds
    /swarm add kind:Piranhas
    /swarm add kind:Bats hexes:15 name:BatH15
    /swarm add kind:Rats hexes:25 name:RatH25
    /swarm add kind:Bats hexes:45 name:BatH45
    /swarm add kind:Snakes hexes:5 name:SnakeH5
    /swarm add kind:Rats hexes:12 name:RatH12
    /swarm add kind:Piranhas hexes:25 name:PirH25
    /swarm add kind:Flying insects hexes:200 name:FlyH200
    /swarm add kind:Rats hexes:8 name:R8
    /swarm add kind:Custom name:Crabs damage:1d+1 cr dispersed-by:4 move:3 hexes:12 basic-size:10
    /swarm add kind:Custom name:Big damage:1d cut dispersed-by:4 move:3 size-modifier:3
    /swarm add kind:Bees hexes:5
    /swarm add kind:Rats hexes:3
    /encounter status
""",
)

SWARM_PROTECTION_ROUNDS = Fight(
    3,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:12 iq:10 ht:12 hp:30 dr:2
    /combatant add name:Cid st:10 dx:10 iq:10 ht:10 hp:30 dr:3
    /combatant add name:Dee st:10 dx:10 iq:10 ht:10 hp:30 dr:1
    /combatant add name:Eve st:10 dx:10 iq:10 ht:10 hp:30 dr:5
    /swarm add kind:Bees
    /swarm add kind:Flying insects
    /swarm add kind:Rats
    /swarm engage swarm:Bees victim:Ana protection:Ordinary clothing (2 rounds)
    /swarm engage swarm:Flying insects victim:Cid protection:Low-TL armor (5 rounds)
    /swarm engage swarm:Rats victim:Dee protection:Sealed suit (complete)
    /swarm engage swarm:Bees victim:Eve
"""
    + "/encounter next\n" * 50,
)

RATS_AGAINST_ARMOR = Fight(
    3,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:12 iq:10 ht:12 hp:30
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:30 dr:4
    /swarm add kind:Bees
    /swarm add kind:Rats
    /swarm engage swarm:Rats victim:Bob
"""
    + "/encounter next\n" * 13,
)

HITTING_SWARMS_AND_HORDES = Fight(
    5,
    """
    /encounter start name:W
    /swarm add kind:Bees name:B
    /swarm add kind:Rats name:Rat
    /swarm add kind:Rats hexes:5 name:Horde
    /swarm add kind:Bats hexes:20 name:BatH
    /swarm hit swarm:B amount:4 type:burning (burn) swat:true
    /swarm hit swarm:B amount:4 type:burning (burn) swat:true
    /swarm hit swarm:B amount:4 type:burning (burn) swat:true
    /swarm hit swarm:Rat amount:0 swat:true
    /swarm hit swarm:BatH amount:0 stomp:true
    /swarm hit swarm:Horde amount:4 type:cutting (cut)
    /swarm hit swarm:Horde amount:4 type:burning (burn) stomp:true
    /swarm hit swarm:Horde amount:10 type:crushing (cr) area:true
    /swarm hit swarm:BatH amount:20 type:crushing (cr) area:true
    /encounter status
    /encounter undo
    /encounter status
""",
)

HORDE_ATTACKS_EVERYONE_LAST = Fight(
    5,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:30 dr:2
    /swarm add kind:Rats hexes:6 name:Horde
    /swarm add kind:Rats name:Rat
    /swarm add kind:Bees name:Bee
    /swarm engage swarm:Horde victim:Ana
    /swarm engage swarm:Horde victim:Bob
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
""",
)

COLLATERAL_IN_AIR = Fight(
    7,
    """
    /encounter start name:E
    /combatant add name:Ana st:10 dx:12 iq:10 ht:12 hp:40
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:40
    /combatant add name:Cid st:10 dx:10 iq:10 ht:10 hp:40
    /combatant add name:Dee st:10 dx:10 iq:10 ht:10 hp:40
    /encounter next
    /explosion blast damage:6dx2 cr ex targets:Bob 3m, Cid 10m, Dee 25m direct:Ana
    /explosion detonate
""",
)

DIVISOR_WATER_VACUUM = Fight(
    11,
    """
    /encounter start name:E
    /combatant add name:Kni st:10 dx:10 iq:10 ht:10 hp:60
    /combatant armor set name:Kni location:all dr:2
    /combatant armor set name:Kni location:torso dr:8
    /combatant add name:Bys st:10 dx:10 iq:10 ht:10 hp:60
    /combatant armor set name:Bys location:all dr:1
    /combatant armor set name:Bys location:torso dr:3
    /combatant add name:Far st:10 dx:10 iq:10 ht:10 hp:60
    /encounter next
    /explosion blast damage:6dx2(2) cr ex targets:Bys 1m, Far 2m direct:Kni dive:false
    /explosion blast damage:3d cr ex targets:Bys 1m, Far 3m medium:Under water dive:false
    /explosion blast damage:6dx2 cr ex targets:Bys 1m, Far 3m medium:Vacuum dive:false
""",
)

SMOTHERED_CHARGE = Fight(
    11,
    f"""
    /encounter start name:E
    /combatant add name:Hero st:10 dx:10 iq:10 ht:10 hp:11
    /combatant armor set name:Hero location:torso dr:2
    /combatant add name:Pal st:10 dx:10 iq:10 ht:10 hp:30
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:30 dr:1
    /encounter next
    /combatant edit name:Hero hp:7
    {SMOTHER_BLAST}
""",
)

FRAGMENTS_RANGE_POSTURE_SIZE = Fight(
    11,
    f"""
    /encounter start name:E
    /combatant add name:Dir st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:A1 st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:A4 st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:P4 st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:K4 st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:G4 st:10 dx:10 iq:10 ht:10 hp:50 size-modifier:2
    /combatant add name:A6 st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:A10 st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:A11 st:10 dx:10 iq:10 ht:10 hp:50
    /combatant condition name:P4 posture:prone
    /combatant condition name:K4 posture:kneeling
    /encounter next
    {FRAGMENT_BLAST}
    /explosion blast damage:1d cr ex [2d] targets:P4 4m, K4 4m airburst:true dive:false
""",
)

FRAGMENT_ARMOR_INCIDENTAL_HOT = Fight(
    11,
    """
    /encounter start name:E
    /combatant add name:Dir st:10 dx:10 iq:10 ht:10 hp:50 dr:4
    /combatant add name:Nb st:10 dx:10 iq:10 ht:10 hp:50 dr:4
    /combatant add name:Hot st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /encounter next
    /explosion blast damage:3d(3) cr ex [2d] direct:Dir targets:Nb 1m dive:false
    /explosion blast damage:2d cr ex direct:Dir targets:Nb 2m, Hot 1m incidental:1d-2 dive:false
    /explosion blast damage:2d cr ex [1d] direct:Dir targets:Hot 1m hot:true dive:false
""",
)

DIVE_FOR_COVER_DODGES = Fight(
    12,
    f"""
    /encounter start name:E
    /combatant add name:Ree st:10 dx:12 iq:10 ht:12 hp:30
    /combatant add name:Enc st:10 dx:12 iq:10 ht:12 hp:30 encumbrance:2
    /combatant add name:Stu st:10 dx:12 iq:10 ht:12 hp:30
    /combatant add name:Pro st:10 dx:12 iq:10 ht:12 hp:30
    /combatant edit name:Ree hp:9
    /combatant condition name:Stu condition:stunned
    /combatant condition name:Pro posture:prone
    /swarm add kind:Bats
    /swarm add kind:Rats hexes:5 name:RH
    /encounter next
    {DIVE_BLAST}
    :click Dive for Cover: Ree
    :click Dive for Cover: Enc
    :click Dive for Cover: Stu
    :click Dive for Cover: Pro
    :click Detonate
""",
)

DIVE_WITH_SHELTER_AND_WHO_MAY_PRESS = Fight(
    12,
    """
    /encounter start name:E
    /combatant add name:Ana st:10 dx:12 iq:10 ht:12 hp:30 owner:alice
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:30
    /combatant add name:Cid st:10 dx:10 iq:10 ht:10 hp:30 owner:carol
    /encounter next
    /explosion blast damage:3d cr ex [1d] targets:Ana 2m, Bob 5m, Cid 1m shelter:true
    :as bob
    :click Dive for Cover: Ana
    :as alice
    :click Dive for Cover: Ana
    :as gm
    :click Dive for Cover: Bob
    :as carol
    /explosion detonate
    :as gm
    /explosion detonate
    /encounter undo
    /encounter status
""",
)

THROWN_AT_A_SPOT = Fight(
    2,
    """
    /explosion throw skill:11 distance:10
    /explosion throw skill:5 distance:10
    /explosion throw skill:3 distance:5
    /explosion throw skill:3 distance:5 modifier:-2
    /explosion throw skill:4 distance:7 special:true
    /explosion throw skill:4 distance:7 special:true label:Grenade
    /explosion throw skill:20 distance:3
    /explosion throw skill:1 distance:3
""",
)


async def test_sense_worked_examples_r16_1_r16_5_r16_7_r16_8(tmp_path: Path) -> None:
    """R16.1: Per 12, Acute Hearing 2, noisy room -2 -> 12. R16.5: Per 11, a man at 50 m in dusk
    (-3): 11 - 8 - 3 = 0, no roll (A.1); a charging horse (SM +1) at 50 m in plain sight:
    11 + 10 + 1 - 8 = 14. R16.7: Per 10, Discriminatory (+4), Hard of Hearing (-4) -> 10.
    R16.8: Per 11, Discriminatory Taste, -3 masking spices -> 12. R16.4: a Quick Contest
    against the hider (A.7): margin 3 against 0 wins by 3.
    """
    t = await play(tmp_path, SENSE_WORKED_EXAMPLES)
    expect(
        t.reply("/sense hearing per:12 acute:2 modifier:-2"),
        "  ┃ Perception: Base 12",
        "  ┃     Acute sense +2 (R16.7)",
        "  ┃     Circumstances -2 (R16.7)",
        "  ┃ Effective: 12",
        "  ┃ Roll: 1 + 6 + 5 = 12: Success, Made it by 0",
        "  ┃ Result: Noticed",
    )
    expect(
        t.reply("/sense vision per:11 size:0 distance:50 darkness:-3"),
        "  ┃     Distance -8 (R16.5)",
        "  ┃     Darkness -3 (R16.5)",
        "  ┃ Effective: 0",
        "  ┃ Roll: No roll: below 3 only defenses may be rolled (A.1).",
        "  ┃ Result: Noticed nothing",
    )
    expect(
        t.reply("/sense vision per:11 size:1 distance:50 plain-sight:true"),
        "  ┃     Size +1 (R16.5)",
        "  ┃     Distance -8 (R16.5)",
        "  ┃     In plain sight +10 (R16.5)",
        "  ┃ Effective: 14",
        "  ┃ Roll: 2 + 3 + 3 = 8: Success, Made it by 6",
    )
    expect(
        t.reply("/sense hearing per:10 discriminatory:true hard-of-hearing:true"),
        "  ┃     Discriminatory sense +4 (R16.7)",
        "  ┃     Hard of Hearing -4 (R16.7)",
        "  ┃ Effective: 10",
    )
    expect(
        t.reply("/sense smell per:11 taste:true discriminatory:true modifier:-3"),
        "  ┃ 👁 Taste roll",
        "  ┃     Discriminatory sense +4 (R16.8)",
        "  ┃     Circumstances -3 (R16.8)",
        "  ┃ Effective: 12",
    )
    expect(
        t.reply("/sense vision per:12 against:13"),
        "  ┃ Roll: 5 + 1 + 3 = 9: Success, Made it by 3",
        "  ┃ Against 13: 5 + 2 + 6 = 13: Success, Made it by 0",
        "  ┃ Quick Contest: Won by 3: found.",
        "  ┃ Result: Noticed",
    )


async def test_hearing_steps_and_vision_range_r16_6_r16_5(tmp_path: Path) -> None:
    """R16.6: one step a doubling, any part of a step counts when farther: normal
    conversation (1) at 4 -> -2, at 3 -> -2; closer, whole halvings only: at 1/4 -> +2, at 0.3
    -> +1. Rustling leaves (1/4) at 1 -> -2; Metallica (512) at 1 -> +9; loud conversation (4)
    at 1,000,000 -> -18. R16.5 with A.8: 3000 m -> -19 (1000 -16, 1500 -17, 2000 -18,
    3000 -19); SM -10 at 1 m -> 2, no roll; -10 is total darkness; Acute +2, Hyperspectral +3.
    """
    t = await play(tmp_path, HEARING_STEPS_AND_VISION_RANGE)
    steps = {
        "/sense hearing per:12 sound:Normal conversation (1) distance:4": "-2",
        "/sense hearing per:12 sound:Normal conversation (1) distance:0.25": "+2",
        "/sense hearing per:12 sound:Normal conversation (1) distance:3": "-2",
        "/sense hearing per:12 sound:Normal conversation (1) distance:0.3": "+1",
        "/sense hearing per:12 sound:Rustling leaves (1/4) distance:1": "-2",
        "/sense hearing per:12 sound:Metallica (512) distance:1": "+9",
        "/sense hearing per:12 sound:Loud conversation (4) distance:1000000": "-18",
    }
    for typed, step in steps.items():
        expect(t.reply(typed), f"  ┃     Distance to the sound {step} (R16.6)")
    expect(
        t.reply("/sense hearing per:12 sound:Metallica (512) distance:1"),
        "  ┃ Effective: 21",
        "  ┃ Roll: 6 + 6 + 4 = 16: Success, Made it by 5",
    )
    expect(
        t.reply("/sense vision per:12 distance:3000"),
        "  ┃     Distance -19 (R16.5)",
        "  ┃ Effective: -7",
        "  ┃ Roll: No roll: below 3 only defenses may be rolled (A.1).",
    )
    expect(
        t.reply("/sense vision per:12 size:-10 distance:1"),
        "  ┃     Size -10 (R16.5)",
        "  ┃     Distance +0 (R16.5)",
        "  ┃ Effective: 2",
    )
    expect(
        t.reply("/sense vision per:12 darkness:-10"),
        "  ┃ Roll: No roll: nobody sees in total darkness (R16.5).",
        "  ┃ Result: Noticed nothing",
    )
    expect(
        t.reply("/sense vision per:12 hyperspectral:true acute:2"),
        "  ┃     Acute sense +2 (R16.5)",
        "  ┃     Hyperspectral Vision +3 (R16.5)",
        "  ┃ Effective: 17",
    )


async def test_sense_traits_comprehension_and_danger_sense_r16_2_r16_3_r16_7(
    tmp_path: Path,
) -> None:
    """The sheet's traits: Per 12 + Acute Hearing 2 - 4 Hard of Hearing - 1 (2 m from a normal
    conversation) = 9 (R16.6, R16.7); a success chains the comprehension roll, IQ 11 (R16.2).
    Discriminatory Smell +4 on Smell only, not Taste (R16.8). A failed roll on something
    dangerous gives the GM alone a secret Per 12 roll (R16.3); a player may not ask for it.
    """
    t = await play(tmp_path, SENSE_TRAITS_COMPREHENSION_DANGER)
    expect(
        t.reply(
            "/sense hearing combatant:Ana sound:Normal conversation (1) distance:2 comprehension:11"
        ),
        "  ┃ 👁 Hearing roll: Ana",
        "  ┃     Acute sense +2 (R16.7)",
        "  ┃     Hard of Hearing -4 (R16.7)",
        "  ┃     Distance to the sound -1 (R16.6)",
        "  ┃ Effective: 9",
        "  ┃ Roll: 2 + 4 + 3 = 9: Success, Made it by 0",
        "  ┃ Comprehension (11): 4 + 4 + 1 = 9: Success, Made it by 2",
        "  ┃     Understood.",
    )
    expect(
        t.reply("/sense smell combatant:Ana"),
        "  ┃     Discriminatory sense +4 (R16.8)",
        "  ┃ Effective: 16",
    )
    taste = t.reply("/sense smell combatant:Ana taste:true")
    expect(taste, "  ┃ 👁 Taste roll: Ana", "  ┃ Effective: 12")
    assert "  ┃     Discriminatory sense +4 (R16.8)" not in taste
    expect(
        t.reply("/sense vision combatant:Ana distance:100 dangerous:true modifier:-5"),
        "  ┃     Distance -10 (R16.5)",
        "  ┃     Circumstances -5 (R16.5)",
        "  ┃ Effective: -3",
        "  ┃ Result: Noticed nothing",
        "GURPS Combat (/sense by gm; only you can see this):",
        "  ┃ 🔒 Danger Sense (secret): Ana",
        "  ┃ Perception 12: 6 + 3 + 4 = 13: Failure, Missed by 1",
        "  ┃ Result: He senses nothing.",
    )
    assert refused(t.reply("/sense vision combatant:Ana distance:100 dangerous:true"))


async def test_quick_contest_tie_and_danger_after_comprehension_r16_4_r16_3(
    tmp_path: Path,
) -> None:
    """A.7 via R16.4: both fail, the smaller margin of failure wins (the hider's critical
    failure by 5 loses to a miss by 2: won by 3). R16.3: a failed comprehension roll on
    something dangerous also gives the secret Per roll.
    """
    t = await play(tmp_path, QUICK_CONTESTS_AND_SECRET_ROLLS)
    expect(
        t.reply("/sense vision per:12 against:12"),
        "  ┃ Roll: 4 + 5 + 5 = 14: Failure, Missed by 2",
        "  ┃ Against 12: 6 + 5 + 6 = 17: Critical failure!, Missed by 5",
        "  ┃ Quick Contest: Won by 3: found.",
    )
    expect(
        t.reply("/sense hearing per:12 comprehension:3 dangerous:true"),
        "  ┃ Comprehension (3): 4 + 6 + 1 = 11: Failure, Missed by 8",
        "  ┃     Not understood.",
        "  ┃ Perception 12: 3 + 2 + 4 = 9: Success, Made it by 3",
        "  ┃ Result: He senses danger, without knowing what it is.",
    )


async def test_swarm_presets_and_horde_size_and_move_r14_1_r14_4_r14_5_r14_6_r14_8(
    tmp_path: Path,
) -> None:
    """R14.1/R14.4: every swarm SM 0 + 2 = +2; bees Move 6 flying, dispersed by 12; rats 4, 6;
    birds 8 flying, 6; piranhas 6 swimming, 8. R14.5 (hexes read as metres, next row up, + 2):
    bats 15 -> +7; rats 25 -> 30 m row +7 -> +9; bats 45 -> +10; snakes 5 -> +4; rats 12 -> +7;
    rats 8 -> +6; 200 -> +14. R14.6: rats 25: 4 - 2 = 2; bats 45: 8 - 1 = 7; rats 12: 3;
    flying insects 200: 6 - 6 -> minimum 1; piranhas as crawlers: 6 - 2 = 4. A custom swarm of
    basic SM +3 -> +5. R14.8: no bee horde; a horde starts at its Basic Size at least.
    """
    t = await play(tmp_path, SWARM_PRESETS_AND_HORDE_SIZES)
    expect(
        t.reply("/encounter status"),
        "  ┃ 1. Bees [npc]: swarm of Bees · SM +2 · Move 6 (flying) · dispersal 0/12",
        "  ┃ 2. Rats [npc]: swarm of Rats · SM +2 · Move 4 (on the ground) · dispersal 0/6",
        "  ┃ 3. Birds [npc]: swarm of Birds · SM +2 · Move 8 (flying) · dispersal 0/6",
        "  ┃ 4. Piranhas [npc]: swarm of Piranhas · SM +2 · Move 6 (swimming) · dispersal 0/8",
        "  ┃ 5. BatH15 [npc]: horde of Bats: 15 hexes (Basic Size 15) · SM +7 · Move 8 (flying)"
        " · next hex 0/8",
        "  ┃ 6. RatH25 [npc]: horde of Rats: 25 hexes (Basic Size 5) · SM +9 · Move 2"
        " (on the ground) · next hex 0/6",
        "  ┃ 7. BatH45 [npc]: horde of Bats: 45 hexes (Basic Size 15) · SM +10 · Move 7 (flying)"
        " · next hex 0/8",
        "  ┃ 8. SnakeH5 [npc]: horde of Snakes: 5 hexes (Basic Size 5) · SM +4 · Move 3"
        " (on the ground) · next hex 0/8",
        "  ┃ 9. RatH12 [npc]: horde of Rats: 12 hexes (Basic Size 5) · SM +7 · Move 3"
        " (on the ground) · next hex 0/6",
        "  ┃ 10. PirH25 [npc]: horde of Piranhas: 25 hexes (Basic Size 5) · SM +9 · Move 4"
        " (swimming) · next hex 0/8",
        "  ┃ 11. FlyH200 [npc]: horde of Flying insects: 200 hexes (Basic Size 15) · SM +14"
        " · Move 1 (flying) · next hex 0/10",
        "  ┃ 12. R8 [npc]: horde of Rats: 8 hexes (Basic Size 5) · SM +6 · Move 4 (on the ground)"
        " · next hex 0/6",
        "  ┃ 13. Crabs [npc]: horde: 12 hexes (Basic Size 10) · SM +7 · Move 2 (on the ground)"
        " · next hex 0/4",
        "  ┃ 14. Big [npc]: swarm · SM +5 · Move 3 (on the ground) · dispersal 0/4",
    )
    assert refused(t.reply("/swarm add kind:Bees hexes:5"))
    expect(
        t.reply("/swarm add kind:Rats hexes:3"),
        "  ┃ A horde of Basic Size 5 starts with at least that many hexes, not 3 (R14.7).",
    )


async def test_swarm_protection_by_rounds_r14_2(tmp_path: Path) -> None:
    """R14.2 worked example: bees vs ordinary clothing: rounds 1-2 nothing, from round 3 one
    point a round (its DR 2 no longer counts). Low-TL armor keeps small creatures off for 5
    rounds, then 1d pi- with no DR: 2 -> 1, 6 -> 3 (x0.5). A sealed suit stops even rats.
    Without protection the bees sting from round 1.
    """
    t = await play(tmp_path, SWARM_PROTECTION_ROUNDS)
    bees = [
        r
        for r in t.replies("/encounter next")
        if "  ┃ 🐝 Bees — automatic attack on everyone in it: 1 tox" in r
    ]
    expect(
        bees[0],
        "  ┃ Ana (round 1): Kept off by ordinary clothing, rounds 1-2 (R14.2).",
        "  ┃ Eve (round 1): 1 tox (—) · DR 0 · penetrating 1 × 1 = 1",
        "  ┃     30 → 29 / 30",
    )
    expect(bees[1], "  ┃ Ana (round 2): Kept off by ordinary clothing, rounds 1-2 (R14.2).")
    expect(
        bees[2],
        "  ┃ Ana (round 3): 1 tox (—) · DR 0 · penetrating 1 × 1 = 1",
        "  ┃     Small creatures: past his protection, armor no longer counts (R14.2).",
        "  ┃     30 → 29 / 30",
        "  ┃ Eve (round 3): 1 tox (—) · DR 0 · penetrating 1 × 1 = 1",
    )
    insects = [
        r for r in t.replies("/encounter next") if "Flying insects — automatic attack" in "".join(r)
    ]
    expect(insects[4], "  ┃ Cid (round 5): Kept off by low-TL armor, rounds 1-5 (R14.2).")
    expect(
        insects[5],
        "  ┃ Cid (round 6): 2 pi- (2) · DR 0 · penetrating 2 × 0.5 = 1",
        "  ┃     30 → 29 / 30",
    )
    expect(
        insects[6],
        "  ┃ Cid (round 7): 6 pi- (6) · DR 0 · penetrating 6 × 0.5 = 3",
        "  ┃     29 → 26 / 30",
        "  ┃     Shock -1 on the next turn (R7.6)",
    )
    rats = [
        r
        for r in t.replies("/encounter next")
        if "  ┃ 🐀 Rats — automatic attack on everyone in it: 1d cut" in r
    ]
    assert len(rats) == 7
    for n, reply in enumerate(rats, start=1):
        expect(reply, f"  ┃ Dee (round {n}): Kept off by a sealed suit (R14.2).")


async def test_rats_bite_anew_each_round_against_dr_r14_2(tmp_path: Path) -> None:
    """R14.2 worked example: rats vs a man in mail (DR 4): 1d cut - 4 every round, rolled
    anew each round (2, 4, 3: nothing gets through).
    """
    t = await play(tmp_path, RATS_AGAINST_ARMOR)
    rats = [
        r
        for r in t.replies("/encounter next")
        if "  ┃ 🐀 Rats — automatic attack on everyone in it: 1d cut" in r
    ]
    expect(rats[0], "  ┃ Bob (round 1): 2 cut (2) · DR 4 · penetrating 0 × 1.5 = 0")
    expect(rats[1], "  ┃ Bob (round 2): 4 cut (4) · DR 4 · penetrating 0 × 1.5 = 0")
    expect(rats[2], "  ┃ Bob (round 3): 3 cut (3) · DR 4 · penetrating 0 × 1.5 = 0")


async def test_hitting_swarms_diffuse_swat_stomp_and_horde_split_r14_3_r14_7(
    tmp_path: Path,
) -> None:
    """R14.3 worked example: bees (dispersed by 12), a torch for 4 burning counts 2 (diffuse),
    + shield swat 2 = 4 a round: dispersed after three. Swatting needs fliers, stomping
    crawlers. R14.7: a rat horde (Basic Size 5, 6 a hex) takes 4 cut (x1.5 = 6, counts 2),
    then 4 burn + stomp (2 + 1): 5/6; an area hit of 10 -> 15 = 2 hexes lost, 3 carried over:
    3 hexes < 5 -> three fresh rat swarms. A bat horde of 20 hexes (Basic Size 15) takes 20
    -> 2 hexes lost, 4 carried over -> 18 hexes (+8 SM: 20 m row +6 + 2). Undo restores it.
    """
    t = await play(tmp_path, HITTING_SWARMS_AND_HORDES)
    hit = "/swarm hit swarm:B amount:4 type:burning (burn) swat:true"
    for n, result in (
        (1, "Toward dispersal: 4/12"),
        (2, "Toward dispersal: 8/12"),
        (3, "Dispersed!"),
    ):
        expect(
            t.reply(hit, n),
            "  ┃ Damage: 4 burn → 4, only 2 counts: diffuse (R14.3)",
            "  ┃     Shield swat: 2 (R14.3)",
            "  ┃ Counted: 4",
            f"  ┃ Result: {result}",
        )
    assert refused(t.reply("/swarm hit swarm:Rat amount:0 swat:true"))
    assert refused(t.reply("/swarm hit swarm:BatH amount:0 stomp:true"))
    expect(
        t.reply("/swarm hit swarm:Horde amount:4 type:cutting (cut)"),
        "  ┃ Damage: 4 cut → 6, only 2 counts: diffuse (R14.3)",
        "  ┃ Result: Next hex: 2/6 (R14.7)",
    )
    expect(
        t.reply("/swarm hit swarm:Horde amount:4 type:burning (burn) stomp:true"),
        "  ┃     Stomp: 1 (R14.3)",
        "  ┃ Counted: 3",
        "  ┃ Result: Next hex: 5/6 (R14.7)",
    )
    expect(
        t.reply("/swarm hit swarm:Horde amount:10 type:crushing (cr) area:true"),
        "  ┃ Damage: 10 cr → 10",
        "  ┃ Hexes: 5 → 3",
        "  ┃ Result: Broken into swarms (R14.7): Horde 1, Horde 2, Horde 3",
    )
    expect(
        t.reply("/swarm hit swarm:BatH amount:20 type:crushing (cr) area:true"),
        "  ┃ Hexes: 20 → 18",
        "  ┃ Result: Next hex: 4/8 (R14.7)",
    )
    status = t.reply("/encounter status", 1)
    expect(
        status,
        "  ┃ 2. BatH [npc]: horde of Bats: 18 hexes (Basic Size 15) · SM +8 · Move 8 (flying)"
        " · next hex 4/8",
    )
    assert (
        sum("swarm of Rats · SM +2 · Move 4 (on the ground) · dispersal 0/6" in s for s in status)
        == 4
    )
    expect(
        t.reply("/encounter status", 2),
        "  ┃ 2. BatH [npc]: horde of Bats: 20 hexes (Basic Size 15) · SM +8 · Move 8 (flying)"
        " · next hex 0/8",
    )


async def test_horde_acts_last_and_bites_everyone_in_it_r14_5_r14_2(tmp_path: Path) -> None:
    """R14.5: the horde acts after everyone (Ana, Bee, Bob, Rat, then Horde) and attacks
    everyone in its area, each roll anew: 5 cut -> 7 (x1.5, floor); 6 - DR 2 = 4 -> 6. Shock
    with HP 30: floor(7 / 3) = -2 (R7.6).
    """
    t = await play(tmp_path, HORDE_ATTACKS_EVERYONE_LAST)
    expect(t.reply("/encounter next", 5), "  ┃ Round 1: Horde's turn")
    expect(
        t.reply("/encounter next", 6),
        "  ┃ 🐀 Horde — automatic attack on everyone in it: 1d cut",
        "  ┃ Ana (round 1): 5 cut (5) · DR 0 · penetrating 5 × 1.5 = 7",
        "  ┃     30 → 23 / 30",
        "  ┃     Shock -2 on the next turn (R7.6)",
        "  ┃ Bob (round 1): 6 cut (6) · DR 2 · penetrating 4 × 1.5 = 6",
        "  ┃     30 → 24 / 30",
        "  ┃ Round 2: Ana's turn",
    )


async def test_collateral_damage_in_air_r15_1(tmp_path: Path) -> None:
    """R15.1: 6dx2 counts 12 dice: radius 24 m. Rolled 28: 3 m -> floor(28 / 9) = 3, plus 1
    burning (incendiary, R10.2); 10 m -> floor(28 / 30) = 0 and no burn; 25 m is out of reach
    (no Dive for Cover button). The direct target takes all 28 (shock -4, major wound, knocked
    back floor(28 / 8) = 3 m, DX 12 - 2 to keep his feet, R7.14).
    """
    t = await play(tmp_path, COLLATERAL_IN_AIR)
    expect(
        t.reply("/explosion blast damage:6dx2 cr ex targets:Bob 3m, Cid 10m, Dee 25m direct:Ana"),
        "  ┃ Blast: 24 m; collateral = impact ÷ (3 × metres) (R15.1)",
        "  [1 Dive for Cover: Bob] [2 Dive for Cover: Cid] [3 Detonate]",
    )
    expect(
        t.reply("/explosion detonate"),
        "  ┃ Impact: 6d×2 → 28 (1, 4, 3, 1, 4, 1)",
        "  ┃ Damage: Blast: 28 cr · DR 0 · penetrating 28 × 1 = 28",
        "  ┃       Knocked back 3 m (R7.14)",
        "  ┃       Keep footing: DX 12 -2 = 10, rolled 9 (3, 5, 1): success (R7.14)",
        "  ┃ HP: 40 → 11 / 40",
        "  ┃ Damage: Blast: 3 cr · DR 0 · penetrating 3 × 1 = 3",
        "  ┃     Incendiary (R10.2): 1 burn · DR 0 · penetrating 1 × 1 = 1",
        "  ┃ HP: 40 → 36 / 40",
        "  ┃ Damage: Nothing reaches him.",
    )


async def test_torso_dr_divisor_water_and_vacuum_r15_2_r15_4_r15_5(tmp_path: Path) -> None:
    """R15.2: torso DR; the (2) divisor only on the direct hit: 42 vs DR 8 / 2 = 4 -> 38; the
    bystander 1 m away takes floor(42 / 3) = 14 against his full torso DR 3 -> 11; 2 m ->
    floor(42 / 6) = 7. R15.4 under water: impact / metres, 9 at 1 m -> 9, at 3 m -> 3 (radius
    still 2 m a die: 6 m). R15.5 vacuum: impact / (10 x metres): 22 at 1 m -> 2, at 3 m -> 0.
    """
    t = await play(tmp_path, DIVISOR_WATER_VACUUM)
    expect(
        t.reply(
            "/explosion blast damage:6dx2(2) cr ex targets:Bys 1m, Far 2m direct:Kni dive:false"
        ),
        "  ┃ Impact: 6d×2 → 42 (3, 4, 4, 2, 4, 4)",
        "  ┃ Damage: Blast: 42 cr · DR 4 (8 ÷ 2) · penetrating 38 × 1 = 38",
        "  ┃ Damage: Blast: 14 cr · DR 3 · penetrating 11 × 1 = 11",
        "  ┃ Damage: Blast: 7 cr · DR 0 · penetrating 7 × 1 = 7",
    )
    expect(
        t.reply(
            "/explosion blast damage:3d cr ex targets:Bys 1m, Far 3m medium:Under water dive:false"
        ),
        "  ┃ Impact: 3d → 9 (4, 4, 1)",
        "  ┃ Reach: Blast: 6 m; under water, collateral = impact ÷ metres (R15.4)",
        "  ┃ Damage: Blast: 9 cr · DR 3 · penetrating 6 × 1 = 6",
        "  ┃ Damage: Blast: 3 cr · DR 0 · penetrating 3 × 1 = 3",
    )
    expect(
        t.reply(
            "/explosion blast damage:6dx2 cr ex targets:Bys 1m, Far 3m medium:Vacuum dive:false"
        ),
        "  ┃ Impact: 6d×2 → 22 (1, 4, 1, 2, 2, 1)",
        "  ┃ Reach: Blast: 24 m; in vacuum, collateral = impact ÷ (10 × metres) (R15.5)",
        "  ┃ Damage: Blast: 2 cr · DR 3 · penetrating 0 × 1 = 0",
        "  ┃ Damage: Nothing reaches him.",
    )


async def test_smothered_charge_r15_6(tmp_path: Path) -> None:
    """R15.6 worked example: a 3d charge smothered by a man with torso DR 2 and 11 HP: he takes
    18 - 2 = 16; everyone else gets cover DR 2 + 11 = 13 (his basic HP, though he is down to
    7). Collateral 11 at 1 m -> 3, at 2 m -> 1 (+ his DR 1: 14). The fragments roll at 15, 2 m
    is +0: made by 9 -> 1 + 3 = 4 fragments, all stopped by the cover (R15.8).
    """
    t = await play(tmp_path, SMOTHERED_CHARGE)
    expect(
        t.reply(SMOTHER_BLAST),
        "  ┃ threw himself on it: its maximum damage (R15.6)",
        "  ┃ Damage: Blast: 18 cr · DR 2 · penetrating 16 × 1 = 16",
        "  ┃ Cover: Cover DR 13 from the body on the charge (R15.6).",
        "  ┃ Damage: Blast: 3 cr · DR 13 · penetrating 0 × 1 = 0",
        "  ┃ Fragments: Skill 15, distance +0, posture +0, size +0 = 15: 4 + 1 + 1 = 6: Success,"
        " Made it by 9 → 4 fragment(s)",
        "  ┃ Damage: Blast: 1 cr · DR 14 · penetrating 0 × 1 = 0",
        "  ┃     Fragment 4 (groin, 3d 3, 2, 6; damage 6): 6 cut · DR 14 · penetrating 0 × 1.5 = 0",
    )


async def test_fragments_by_range_posture_and_size_r15_8_r15_11(tmp_path: Path) -> None:
    """R15.8: [2d] fragments reach 10 m at skill 15; the direct target takes one fragment
    without a roll. Distance (A.8, next row up): 1 m +0, 4 m -2, 6 m -3, 10 m -4, 11 m out.
    Prone -4, kneeling -2 (R12.15 rows), SM +2. Hits = 1 + floor(margin / 3): by 4 -> 2, by 0
    -> 1, by 3 -> 2. Random location (A.9): 17 neck (cut x2), 8 arm, 14 leg. R15.11: an
    airburst ignores posture (prone and kneeling both 13).
    """
    t = await play(tmp_path, FRAGMENTS_RANGE_POSTURE_SIZE)
    first = t.reply(FRAGMENT_BLAST)
    expect(
        first,
        "  ┃ Reach: Blast: 2 m; collateral = impact ÷ (3 × metres) (R15.1)",
        "  ┃     Fragments 2d: 10 m, attacking at skill 15 (R15.8)",
        "  ┃     Fragment 1 (leg, 3d 6, 4, 4; damage 3, 4): 7 cut · DR 0 · penetrating 7 × 1.5"
        " = 10",
        "  ┃ Fragments: Skill 15, distance +0, posture +0, size +0 = 15: 3 + 2 + 6 = 11: Success,"
        " Made it by 4 → 2 fragment(s)",
        "  ┃     Fragment 1 (neck, 3d 6, 6, 5; damage 2, 2): 4 cut · DR 0 · penetrating 4 × 2 = 8",
        "  ┃     Fragment 2 (arm, 3d 2, 1, 5; damage 3, 6): 9 cut · DR 0 · penetrating 9 × 1.5"
        " = 13",
        "  ┃ Fragments: Skill 15, distance -2, posture +0, size +0 = 13: 3 + 6 + 6 = 15: Failure,"
        " Missed by 2 → 0 fragment(s)",
        "  ┃ Fragments: Skill 15, distance -2, posture -4, size +0 = 9: 1 + 2 + 6 = 9: Success,"
        " Made it by 0 → 1 fragment(s)",
        "  ┃ Fragments: Skill 15, distance -2, posture -2, size +0 = 11: 5 + 2 + 1 = 8: Success,"
        " Made it by 3 → 2 fragment(s)",
        "  ┃ Fragments: Skill 15, distance -2, posture +0, size +2 = 15: 3 + 2 + 5 = 10: Success,"
        " Made it by 5 → 2 fragment(s)",
        "  ┃ Fragments: Skill 15, distance -3, posture +0, size +0 = 12: 2 + 3 + 6 = 11: Success,"
        " Made it by 1 → 1 fragment(s)",
        "  ┃ Fragments: Skill 15, distance -4, posture +0, size +0 = 11: 5 + 2 + 2 = 9: Success,"
        " Made it by 2 → 1 fragment(s)",
    )
    expect(first[first.index("  ┃ A11") :], "  ┃ Damage: Nothing reaches him.")
    expect(
        t.reply(
            "/explosion blast damage:1d cr ex [2d] targets:P4 4m, K4 4m airburst:true dive:false"
        ),
        "  ┃ Fragments: Skill 15, distance -2, posture +0, size +0 = 13: 3 + 6 + 3 = 12: Success,"
        " Made it by 1 → 1 fragment(s)",
        "  ┃ Fragments: Skill 15, distance -2, posture +0, size +0 = 13: 5 + 2 + 2 = 9: Success,"
        " Made it by 4 → 2 fragment(s)",
    )


async def test_fragment_armor_incidental_and_hot_fragments_r15_9_r15_12_r15_13(
    tmp_path: Path,
) -> None:
    """R15.9: the (3) divisor cuts the direct blast's DR 4 to 1 (11 -> 10) but not the
    fragments' (6 - 4 = 2 -> 3 cut). R15.12: incidental [1d-2] fragments reach 5 m (18 on 3d:
    the neck). R15.13: hot fragments lodge in whoever they hit (1d(0.2) burning every 10 s,
    6 times, by itself with the rounds), named in the reply.
    """
    t = await play(tmp_path, FRAGMENT_ARMOR_INCIDENTAL_HOT)
    expect(
        t.reply("/explosion blast damage:3d(3) cr ex [2d] direct:Dir targets:Nb 1m dive:false"),
        "  ┃ Damage: Blast: 11 cr · DR 1 (4 ÷ 3) · penetrating 10 × 1 = 10",
        "  ┃     Fragment 1 (arm, 3d 5, 1, 2; damage 1, 5): 6 cut · DR 4 · penetrating 2 × 1.5 = 3",
        "  ┃ Damage: Blast: 3 cr · DR 4 · penetrating 0 × 1 = 0",
    )
    expect(
        t.reply(
            "/explosion blast damage:2d cr ex direct:Dir targets:Nb 2m, Hot 1m incidental:1d-2"
            " dive:false"
        ),
        "  ┃     Fragments 1d-2: 5 m, attacking at skill 15 (R15.8)",
        "  ┃     Fragment 1 (neck, 3d 6, 6, 6; damage 5): 3 cut · DR 4 · penetrating 0 × 2 = 0",
        "  ┃     Fragment 1 (groin, 3d 2, 6, 3; damage 6): 4 cut · DR 1 · penetrating 3 × 1.5 = 4",
    )
    hot = t.reply(
        "/explosion blast damage:2d cr ex [1d] direct:Dir targets:Hot 1m hot:true dive:false"
    )
    lodged = (
        "  ┃ Consequences: A hot fragment lodged: it burns him for 1d(0.2) every 10 seconds,"
        " 6 times, by itself with /encounter next (R15.13)."
    )
    assert hot.count(lodged) == 2


async def test_dive_for_cover_is_a_dodge_with_its_modifiers_r15_3_r15_10(tmp_path: Path) -> None:
    """R15.3 (recommended reading): a Dodge roll, and on success the diver is prone one metre
    farther. Dodge 9 (Basic Speed 6 + 3): reeling halves it, rounding up, to 5 (A.4);
    encumbrance 2 -> 7; stunned -4 -> 5; lying prone -3 -> 6. The diver at 3 m takes
    floor(9 / 9) = 1 and fragments at 15 - 1 - 4 = 10. Swarms in reach take the collateral as
    an area attack, uncapped (R14.3): 3 at 1 m, 1 at 2 m, each +1 burning (R15.1, R10.2);
    they get no button.
    """
    t = await play(tmp_path, DIVE_FOR_COVER_DODGES)
    expect(
        t.reply(DIVE_BLAST),
        "  [1 Dive for Cover: Ree] [2 Dive for Cover: Enc] [3 Dive for Cover: Stu]"
        " [4 Dive for Cover: Pro] [5 Detonate]",
    )
    expect(
        t.reply(":click Detonate"),
        "  ┃ Dive for Cover: Dodge 5, rolled 12 (2, 5, 5): failed",
        "  ┃ Dive for Cover: Dodge 7, rolled 12 (4, 4, 4): failed",
        "  ┃ Dive for Cover: Dodge 5, rolled 5 (1, 3, 1): made it, prone a metre farther (R15.3)",
        "  ┃ Dive for Cover: Dodge 6, rolled 12 (6, 1, 5): failed",
        "  ┃ 3 m away",
        "  ┃ Fragments: Skill 15, distance -1, posture -4, size +0 = 10: 6 + 6 + 4 = 16: Failure,"
        " Missed by 6 → 0 fragment(s)",
        "  ┃ Fragments: Skill 15, distance +0, posture -4, size +0 = 11: 3 + 3 + 5 = 11: Success,"
        " Made it by 0 → 1 fragment(s)",
        "  ┃ ⚔ Bats is hit",
        "  ┃ Damage: 3 cr → 3",
        "  ┃     Incendiary: +1 burning (R15.1, R10.2)",
        "  ┃ Result: Toward dispersal: 4/8",
        "  ┃ ⚔ RH is hit",
        "  ┃ Damage: 1 cr → 1",
    )


async def test_dive_behind_shelter_owners_and_undo_r15_3(tmp_path: Path) -> None:
    """R15.3: with safe shelter in reach a successful dive avoids the blast and fragments
    entirely. Only the fighter's owner or the GM presses his button; only the GM detonates.
    The collateral at 5 m is floor(13 / 15) = 0, but the 1d fragments reach 5 m (-2).
    Undo reverts the detonation whole.
    """
    t = await play(tmp_path, DIVE_WITH_SHELTER_AND_WHO_MAY_PRESS)
    assert refused(t.reply(":click Dive for Cover: Ana", 1))
    expect(
        t.reply(":click Dive for Cover: Ana", 2),
        "  ┃ Targets: Ana: 2 m away · Dive for Cover: Dodge 9, rolled 6 (4, 1, 1): safe behind"
        " shelter (R15.3)",
    )
    assert refused(t.reply("/explosion detonate", 1))
    expect(
        t.reply("/explosion detonate", 2),
        "  ┃ Blast: Behind shelter: nothing reaches him.",
        "  ┃ Dive for Cover: Dodge 8, rolled 10 (3, 2, 5): failed",
        "  ┃ Fragments: Skill 15, distance -2, posture +0, size +0 = 13: 4 + 1 + 3 = 8: Success,"
        " Made it by 5 → 2 fragment(s)",
        "  ┃ HP: 30 → 19 / 30",
        "  ┃ Damage: Blast: 4 cr · DR 0 · penetrating 4 × 1 = 4",
        "  ┃ HP: 30 → 8 / 30",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ ▶ 1. Ana [pc] — @Alice: HP ▰▰▰▰▰ 30/30 · FP ▰▰▰▰▰ 12/12 · prone",
        "  ┃ 2. Cid [pc] — @Carol: HP ▰▰▰▰▰ 30/30 · FP ▰▰▰▰▰ 10/10",
        "  ┃ 3. Bob [npc]: HP ▰▰▰▰▰ 30/30 · FP ▰▰▰▰▰ 10/10",
    )


async def test_thrown_at_a_spot_and_scatter_r15_14_r15_15(tmp_path: Path) -> None:
    """R15.14: +4 at a spot (11 -> 15). R15.15: a miss lands 1 m a point missed, at most half
    the distance rounded up (missed by 3 at 10 m -> 3; at 5 m -> 3; missed by 2 at 5 m -> 2;
    missed by 9 at 3 m -> 2); special: the margin squared, uncapped (8 -> 64 m at 7 m).
    Direction 1d: 1 ahead, each point 60 degrees more clockwise.
    """
    t = await play(tmp_path, THROWN_AT_A_SPOT)
    expect(
        t.reply("/explosion throw skill:11 distance:10"),
        "  ┃ Skill: 11 + 4 (at a spot, R15.14) +0 = 15",
        "  ┃ Where it lands: On the chosen spot.",
    )
    expect(
        t.reply("/explosion throw skill:5 distance:10"),
        "  ┃ Roll: 1 + 6 + 5 = 12: Failure, Missed by 3",
        "  ┃ Where it lands: 3 m off, direction 5: 120° left (R15.15)",
    )
    expect(
        t.reply("/explosion throw skill:3 distance:5"),
        "  ┃ Where it lands: 3 m off, direction 4: 180°, back toward the thrower (R15.15)",
    )
    expect(
        t.reply("/explosion throw skill:3 distance:5 modifier:-2"),
        "  ┃ Skill: 3 + 4 (at a spot, R15.14) -2 = 5",
        "  ┃ Where it lands: 2 m off, direction 5: 120° left (R15.15)",
    )
    expect(
        t.reply("/explosion throw skill:4 distance:7 special:true"),
        "  ┃ Roll: 6 + 6 + 4 = 16: Failure, Missed by 8",
        "  ┃ Where it lands: 64 m off (the margin squared), direction 3: 120° right (R15.15)",
    )
    expect(
        t.reply("/explosion throw skill:1 distance:3"),
        "  ┃ Roll: 6 + 4 + 4 = 14: Failure, Missed by 9",
        "  ┃ Where it lands: 2 m off, direction 2: 60° right (R15.15)",
    )
