"""Sections 14-16 re-checked through the sandbox for what was added after their first review:
hot fragments burning with the rounds (R15.13), cover in ``/explosion blast`` (R15.8, R15.11),
``/sense special`` (R16.1), bees following their victim to 50 m from the hive (R14.2, R14.4),
and the first review's fixes (swarm area hits, a swarm gone on its own turn, internal
explosions, explosion target lists).

Each test plays a fight as it would be typed in Discord, with seeded dice, and checks the
bot's numbers against the catalog (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

_NEXT = "    /encounter next"

HOT_FRAGMENT_MINUTE = Fight(
    1,
    "\n".join(
        [
            "/encounter start name:E",
            "/combatant add name:Vic st:10 dx:10 iq:10 ht:10 hp:80",
            "/encounter next",
            "/explosion blast damage:2d cr ex [1d] targets:Vic 1m hot:true dive:false",
        ]
        + [_NEXT] * 62
    ),
)

HOT_FRAGMENT_UNDO = Fight(
    1,
    "\n".join(
        [
            "/encounter start name:E",
            "/combatant add name:Vic st:10 dx:10 iq:10 ht:10 hp:80",
            "/encounter next",
            "/explosion blast damage:2d cr ex [1d] targets:Vic 1m hot:true dive:false",
        ]
        + [_NEXT] * 10
        + ["/encounter undo", "/encounter status"]
    ),
)

HOT_FRAGMENT_DR = Fight(
    11,
    "\n".join(
        [
            "/encounter start name:E",
            "/combatant add name:Dir st:10 dx:10 iq:10 ht:10 hp:50 dr:1",
            "/combatant add name:Hot st:10 dx:10 iq:10 ht:10 hp:50 dr:1",
            "/encounter next",
            "/explosion blast damage:2d cr ex [1d] direct:Dir targets:Hot 1m hot:true dive:false",
        ]
        + [_NEXT] * 21
    ),
)

HOT_BLAST = "/explosion blast damage:2d cr ex [1d] targets:Vic 1m hot:true dive:false"

WHOLLY_BEHIND_COVER = (
    "/explosion blast damage:3d cr ex [2d] targets:All 2m, Head 2m, Legs 2m, Open 2m"
    " behind-cover:All dive:false cover-dr:5"
)

COVER_WHOLLY = Fight(
    5,
    f"""
    /encounter start name:E
    /combatant add name:All st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /combatant add name:Head st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /combatant add name:Legs st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /combatant add name:Open st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /encounter next
    {WHOLLY_BEHIND_COVER}
""",
)

HEAD_SHOWING = (
    "/explosion blast damage:3d cr ex [3d] targets:H1 1m, H2 1m, L1 1m, L2 1m"
    " behind-cover:H1, H2 cover:Only the head showing cover-dr:5 dive:false"
)
LEGS_HIDDEN = (
    "/explosion blast damage:3d cr ex [3d] targets:H1 1m, H2 1m, L1 1m, L2 1m"
    " behind-cover:L1, L2 cover:Legs hidden (half exposed) cover-dr:5 dive:false"
)

COVER_HEAD_AND_LEGS = Fight(
    5,
    f"""
    /encounter start name:E
    /combatant add name:H1 st:10 dx:10 iq:10 ht:10 hp:90 dr:1
    /combatant add name:H2 st:10 dx:10 iq:10 ht:10 hp:90 dr:1
    /combatant add name:L1 st:10 dx:10 iq:10 ht:10 hp:90 dr:1
    /combatant add name:L2 st:10 dx:10 iq:10 ht:10 hp:90 dr:1
    /encounter next
    {HEAD_SHOWING}
    {LEGS_HIDDEN}
""",
)

WALL_AIRBURST = (
    "/explosion blast damage:3d cr ex [2d] targets:Wal 1m, Roo 1m behind-cover:Wal"
    " cover-dr:5 airburst:true dive:false"
)
ROOF_AIRBURST = (
    "/explosion blast damage:3d cr ex [2d] targets:Wal 1m, Roo 1m behind-cover:Roo"
    " cover:A roof overhead cover-dr:5 airburst:true dive:false"
)
ROOF_GROUND_BURST = (
    "/explosion blast damage:3d cr ex [2d] targets:Wal 1m, Roo 1m behind-cover:Roo"
    " cover:A roof overhead cover-dr:5 dive:false"
)

COVER_AND_AIRBURST = Fight(
    6,
    f"""
    /encounter start name:E
    /combatant add name:Wal st:10 dx:10 iq:10 ht:10 hp:200 dr:1
    /combatant add name:Roo st:10 dx:10 iq:10 ht:10 hp:200 dr:1
    /encounter next
    {WALL_AIRBURST}
    {ROOF_AIRBURST}
    {ROOF_GROUND_BURST}
    /explosion blast damage:3d cr ex [2d] targets:Wal 2m behind-cover:Wal dive:false
    /explosion blast damage:3d cr ex [2d] targets:Wal 2m behind-cover:Roo cover-dr:5 dive:false
""",
)

SPECIAL_SENSES = Fight(
    3,
    """
    /sense special kind:scanning per:12 acute:2 size:0 distance:50
    /sense special kind:vibration per:11 size:1 distance:50
    /sense special kind:scanning per:12
    /sense special kind:vibration per:12 distance:3000 acute:3
    /sense special kind:scanning per:10 size:-10 distance:1
    /sense special kind:scanning per:12 distance:2.5
    /sense special kind:scanning per:12 against:13
    /sense special kind:vibration per:12 comprehension:11
""",
)

SPECIAL_SENSES_OF_THE_BLIND_AND_UNCONSCIOUS = Fight(
    3,
    """
    /encounter start name:S
    /combatant add name:Bob st:10 dx:12 iq:11 ht:10 per:12 hp:30
    /combatant add name:Cy st:10 dx:12 iq:11 ht:10 per:13 hp:30
    /encounter next
    /damage target:Bob amount:1 type:imp location:eye
    /damage target:Bob amount:1 type:imp location:eye side:left
    /combatant condition name:Bob condition:unconscious value:false
    /sense vision combatant:Bob
    /sense special kind:scanning combatant:Bob distance:10
    /combatant condition name:Cy condition:unconscious value:true
    /sense special kind:scanning combatant:Cy
""",
)

SPECIAL_SENSE_TRAITS = Fight(
    3,
    """
    /encounter start name:S
    /combatant add name:Bob st:10 dx:12 iq:11 ht:10 per:12 hp:30
    /combatant trait add name:Bob trait:Acute Vision level:3
    /combatant trait add name:Bob trait:Acute Hearing level:2
    /combatant trait add name:Bob trait:Danger Sense
    /encounter next
    /sense special kind:scanning combatant:Bob distance:10
    /sense special kind:vibration combatant:Bob acute:1 size:2 distance:7
    /sense special kind:vibration combatant:Bob dangerous:true modifier:-10
""",
)

SPECIAL_SENSES_IN_PORTUGUESE = Fight(
    3,
    """
    /sentido especial tipo:Sentido de Monitoramento per:12 agucado:2 tamanho:0 distancia:50
    /sentido especial tipo:Sentido de Vibração per:11 tamanho:1 distancia:50 contra:13
    /encontro iniciar nome:S
    /combatente adicionar nome:Cy st:10 dx:12 iq:11 ht:10 per:13 hp:30
    /combatente condicao nome:Cy condicao:inconsciente valor:true
    /sentido especial tipo:Sentido de Vibração combatente:Cy
""",
    locale="pt-BR",
)

BEES_FOLLOW_TO_FIFTY_METRES = Fight(
    5,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:30
    /swarm add kind:Bees name:Bee
    /swarm add kind:Rats name:Rat
    /swarm engage swarm:Bee victim:Ana
    /swarm engage swarm:Bee victim:Bob
    /swarm engage swarm:Rat victim:Bob
    /encounter next
    /swarm release swarm:Bee victim:Ana from-hive:30
    /swarm release swarm:Bee victim:Ana from-hive:50
    /swarm release swarm:Bee victim:Ana from-hive:51
    /swarm release swarm:Bee victim:Ana from-hive:80
    /swarm release swarm:Rat victim:Bob from-hive:10
    /swarm release swarm:Bee victim:Bob
    /encounter undo
    /encounter status
""",
)

BEES_IN_PORTUGUESE = Fight(
    5,
    """
    /encontro iniciar nome:W
    /combatente adicionar nome:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /enxame adicionar tipo:Abelhas nome:Ab
    /enxame envolver enxame:Ab vitima:Ana
    /enxame soltar enxame:Ab vitima:Ana da-colmeia:40
    /enxame soltar enxame:Ab vitima:Ana da-colmeia:60
""",
    locale="pt-BR",
)

TARGET_LISTS = Fight(
    11,
    """
    /encounter start name:E
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 hp:30
    /combatant add name:Orc 1 st:10 dx:10 iq:10 ht:10 hp:30
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:30
    /encounter next
    /explosion blast damage:6d cr ex targets:"Orc 1 2m, Bob:3, Ana=0.5" dive:false
    /explosion blast damage:3d cr ex targets:Ana 1m, Ana 2m dive:false
    /explosion blast damage:3d cr ex targets:Zed 1m dive:false
    /explosion blast damage:3d cr ex targets:Ana -2m dive:false
    /explosion blast damage:3d cr ex targets:Ana dive:false
""",
)

SWALLOWED_WITH_A_DIVISOR = Fight(
    11,
    """
    /encounter start name:E
    /combatant add name:Pal st:10 dx:10 iq:10 ht:10 hp:30
    /combatant add name:Drake st:20 dx:10 iq:10 ht:12 hp:60 dr:6
    /encounter next
    /explosion blast damage:3d cr ex targets:Pal 1m direct:Drake internal:true dive:false
    /explosion blast damage:3d(2) cr ex [1d] targets:Pal 1m direct:Drake internal:true dive:false
""",
)

SWARMS_IN_A_BLAST_ON_THEIR_TURN = Fight(
    2,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /swarm add kind:Rats name:Rat
    /swarm add kind:Rats hexes:5 name:Horde
    /swarm engage swarm:Rat victim:Ana
    /swarm engage swarm:Horde victim:Ana
    /encounter next
    /encounter next
    /explosion blast damage:6d cr ex targets:Rat 1m dive:false
    /encounter next
    /encounter next
    /explosion blast damage:6d cr ex targets:Horde 1m dive:false
""",
)

AREA_WOUNDING_ON_A_SWARM = Fight(
    4,
    """
    /encounter start name:W
    /swarm add kind:Bees name:Bee
    /swarm hit swarm:Bee amount:3 type:impaling (imp) area:true
    /swarm hit swarm:Bee amount:3 type:small piercing (pi-) area:true
    /swarm hit swarm:Bee amount:3 type:huge piercing (pi++)
    /swarm hit swarm:Bee amount:1 type:large piercing (pi+) area:true
""",
)


def _has_burn(block: list[str]) -> bool:
    return any("Hot fragments (R15.13)" in line for line in block)


async def test_hot_fragment_burns_six_times_a_minute_r15_13(tmp_path: Path) -> None:
    """R15.13: a lodged hot fragment does 1d(0.2) burning every 10 seconds for 1 minute: six
    burns, one every 10 rounds after the blast (rounds 11, 21 ... 61), none in between or
    after. On DR 0 the (0.2) divisor leaves DR 0, so each roll is its injury (1, 3, 5, 2, 6, 6).
    """
    t = await play(tmp_path, HOT_FRAGMENT_MINUTE)
    expect(
        t.reply(HOT_BLAST),
        "  ┃ Fragments: Skill 15, distance +0, posture +0, size +0 = 15: 5 + 2 + 3 = 10:"
        " Success, Made it by 5 → 2 fragment(s)",
        "  ┃ Consequences: A hot fragment lodged: it burns him for 1d(0.2) every 10 seconds,"
        " 6 times, by itself with /encounter next (R15.13).",
    )
    burns = {
        11: "rolled 1 burning · DR 0 (×5) · injury 1, HP 69 → 68; 5 burn(s) to come",
        21: "rolled 3 burning · DR 0 (×5) · injury 3, HP 68 → 65; 4 burn(s) to come",
        31: "rolled 5 burning · DR 0 (×5) · injury 5, HP 65 → 60; 3 burn(s) to come",
        41: "rolled 2 burning · DR 0 (×5) · injury 2, HP 60 → 58; 2 burn(s) to come",
        51: "rolled 6 burning · DR 0 (×5) · injury 6, HP 58 → 52; 1 burn(s) to come",
        61: "rolled 6 burning · DR 0 (×5) · injury 6, HP 52 → 46; 0 burn(s) to come",
    }
    for nth in range(2, 63):
        block = t.reply("/encounter next", nth)
        if nth in burns:
            expect(
                block,
                "  ┃ 🔥 Hot fragments (R15.13)",
                f"  ┃ Vic (round {nth}): 1d(0.2) {burns[nth]}",
            )
        else:
            assert not _has_burn(block), f"a burn in round {nth}"


async def test_hot_fragment_burn_against_dr_times_five_and_undo_r15_13(tmp_path: Path) -> None:
    """R15.13 worked example: a fragment lodged in a man with DR 1 burns 1d against DR 5: a
    roll of 1 does nothing. `/encounter undo` takes a burn back with its turn (HP 68 -> 69).
    """
    t = await play(tmp_path, HOT_FRAGMENT_DR)
    expect(
        t.reply("/encounter next", 21),
        "  ┃ Hot (round 11): 1d(0.2) rolled 1 burning · DR 5 (×5) · injury 0, HP 40 → 40;"
        " 5 burn(s) to come",
    )
    u = await play(tmp_path, HOT_FRAGMENT_UNDO)
    expect(
        u.reply("/encounter next", 11),
        "  ┃ Vic (round 11): 1d(0.2) rolled 1 burning · DR 0 (×5) · injury 1, HP 69 → 68;"
        " 5 burn(s) to come",
    )
    expect(u.reply("/encounter undo"), "  ┃ Undone: turn advance")
    expect(
        u.reply("/encounter status"),
        "  ┃ Round 10 · 9 s elapsed",
        "  ┃ ▶ 1. Vic [npc]: HP ▰▰▰▰▱ 69/80 · FP ▰▰▰▰▰ 10/10",
    )


async def test_fragments_strike_the_cover_first_r15_8(tmp_path: Path) -> None:
    """R15.8: a fragment whose random location is behind cover hits the cover: its DR 5 adds
    to his own DR 1 (6). Wholly behind it, the blast (10 / 6 = 1) meets DR 6 too; the men in
    the open take it against DR 1, and five fragments (roll 3, MoS 12 -> 1 + 4) with the skull's
    DR 3 (2 + 1) and x4.
    """
    t = await play(tmp_path, COVER_WHOLLY)
    expect(
        t.reply(WHOLLY_BEHIND_COVER),
        "  ┃ Behind cover: Wholly behind it, DR 5: a fragment landing on what it hides strikes"
        " it first (R15.8).",
        "  ┃ Damage: Blast: 1 cr · DR 6 · penetrating 0 × 1 = 0",
        "  ┃     Fragment 1 (torso, 3d 3, 2, 4; damage 4, 1) struck the cover first: 5 cut · DR 6"
        " · penetrating 0 × 1.5 = 0",
        "  ┃     Fragment 2 (leg, 3d 6, 6, 2; damage 6, 4): 10 cut · DR 1 · penetrating 9 × 1.5"
        " = 13",
        "  ┃ Fragments: Skill 15, distance +0, posture +0, size +0 = 15: 1 + 1 + 1 = 3:"
        " Critical success!, Made it by 12 → 5 fragment(s)",
        "  ┃     Fragment 5 (skull, 3d 1, 1, 2; damage 6, 2): 8 cut · DR 3 · penetrating 5 × 4"
        " = 20",
    )


async def test_head_showing_and_legs_hidden_r15_8(tmp_path: Path) -> None:
    """R15.8 with partial cover: only the head showing hides the torso, arms, hands, groin and
    legs (their fragments and the blast, 10 / 3 = 3, meet DR 1 + 5 = 6); legs hidden hides the
    groin, legs and feet, not the torso, so the blast meets DR 1 and an arm is struck through.
    """
    t = await play(tmp_path, COVER_HEAD_AND_LEGS)
    expect(
        t.reply(HEAD_SHOWING),
        "  ┃ Behind cover: Only the head showing, DR 5: a fragment landing on what it hides"
        " strikes it first (R15.8).",
        "  ┃ Damage: Blast: 3 cr · DR 6 · penetrating 0 × 1 = 0",
        "  ┃     Fragment 2 (hand, 3d 6, 4, 5, 2; damage 6, 5, 6) struck the cover first: 17 cut"
        " · DR 6 · penetrating 11 × 1.5 = 16",
        "  ┃     Fragment 3 (groin, 3d 6, 2, 3; damage 1, 1, 1) struck the cover first: 3 cut ·"
        " DR 6 · penetrating 0 × 1.5 = 0",
        "  ┃ Damage: Blast: 3 cr · DR 1 · penetrating 2 × 1 = 2",
    )
    expect(
        t.reply(LEGS_HIDDEN),
        "  ┃ Behind cover: Legs hidden (half exposed), DR 5: a fragment landing on what it hides"
        " strikes it first (R15.8).",
        "  ┃ Damage: Blast: 4 cr · DR 1 · penetrating 3 × 1 = 3",
        "  ┃     Fragment 1 (arm, 3d 4, 5, 3; damage 5, 2, 3): 10 cut · DR 1 · penetrating 9 ×"
        " 1.5 = 13",
        "  ┃     Fragment 1 (leg, 3d 6, 4, 4; damage 1, 4, 2) struck the cover first: 7 cut · DR"
        " 6 · penetrating 1 × 1.5 = 1",
    )


async def test_only_a_roof_against_an_airburst_r15_11(tmp_path: Path) -> None:
    """R15.11: against an airburst only cover above his head protects: a wall is no help, a
    roof takes every fragment (and the blast) first; against a ground burst the roof counts for
    nothing. `behind-cover` needs the cover's DR and names only the targets.
    """
    t = await play(tmp_path, COVER_AND_AIRBURST)
    wall = t.reply(WALL_AIRBURST)
    expect(
        wall,
        "  ┃ Behind cover: Wholly behind it, DR 5: no help against an airburst; only a roof is"
        " (R15.11).",
    )
    assert not any("struck the cover" in line for line in wall)
    roof = t.reply(ROOF_AIRBURST)
    expect(
        roof,
        "  ┃ Behind cover: A roof overhead, DR 5: a fragment landing on what it hides strikes it"
        " first (R15.8).",
    )
    expect(
        roof[roof.index("  ┃ Roo") :],
        "  ┃ Fragments: Skill 15, distance +0, posture +0, size +0 = 15: 1 + 3 + 4 = 8: Success,"
        " Made it by 7 → 3 fragment(s)",
        "  ┃ Damage: Blast: 2 cr · DR 6 · penetrating 0 × 1 = 0",
        "  ┃     Fragment 1 (leg, 3d 2, 4, 1; damage 6, 4) struck the cover first: 10 cut · DR 6"
        " · penetrating 4 × 1.5 = 6",
        "  ┃     Fragment 3 (torso, 3d 1, 2, 6; damage 5, 1) struck the cover first: 6 cut · DR 6"
        " · penetrating 0 × 1.5 = 0",
    )
    ground = t.reply(ROOF_GROUND_BURST)
    assert not any("struck the cover" in line for line in ground)
    assert refused(
        t.reply("/explosion blast damage:3d cr ex [2d] targets:Wal 2m behind-cover:Wal dive:false")
    )
    expect(
        t.reply(
            "/explosion blast damage:3d cr ex [2d] targets:Wal 2m behind-cover:Roo cover-dr:5"
            " dive:false"
        ),
        "  ┃ Roo is not one of the targets around it (targets:): only they can be behind cover.",
    )


async def test_scanning_and_vibration_sense_r16_1(tmp_path: Path) -> None:
    """R16.1: Per + Acute + the Size and Speed/Range table: Per 12 + 2 at 50 m (-8) = 6; Per 11,
    SM +1 at 50 m = 4; 3000 m -19 (Per 12 + 3 = -4: no roll, A.1); SM -10 at 1 m = 0; 2.5 m
    counts as the 3 m row (-1). A Quick Contest lost: MoF 1 against MoS 2. No comprehension
    roll after a failed sense.
    """
    t = await play(tmp_path, SPECIAL_SENSES)
    expect(
        t.reply("/sense special kind:scanning per:12 acute:2 size:0 distance:50"),
        "  ┃ 👁 Scanning Sense roll",
        "  ┃     Acute sense +2 (R16.1)",
        "  ┃     Distance -8 (R16.1)",
        "  ┃ Effective: 6",
        "  ┃ Roll: 2 + 4 + 3 = 9: Failure, Missed by 3",
    )
    expect(
        t.reply("/sense special kind:vibration per:11 size:1 distance:50"),
        "  ┃ 👁 Vibration Sense roll",
        "  ┃     Size +1 (R16.1)",
        "  ┃ Effective: 4",
    )
    expect(
        t.reply("/sense special kind:scanning per:12"),
        "  ┃ Effective: 12",
        "  ┃ Result: Noticed",
    )
    expect(
        t.reply("/sense special kind:vibration per:12 distance:3000 acute:3"),
        "  ┃     Distance -19 (R16.1)",
        "  ┃ Effective: -4",
        "  ┃ Roll: No roll: below 3 only defenses may be rolled (A.1).",
    )
    expect(
        t.reply("/sense special kind:scanning per:10 size:-10 distance:1"),
        "  ┃     Size -10 (R16.1)",
        "  ┃     Distance +0 (R16.1)",
        "  ┃ Effective: 0",
    )
    expect(
        t.reply("/sense special kind:scanning per:12 distance:2.5"),
        "  ┃     Distance -1 (R16.1)",
        "  ┃ Effective: 11",
    )
    expect(
        t.reply("/sense special kind:scanning per:12 against:13"),
        "  ┃ Roll: 6 + 3 + 4 = 13: Failure, Missed by 1",
        "  ┃ Against 13: 1 + 4 + 6 = 11: Success, Made it by 2",
        "  ┃ Quick Contest: Lost by 3: still hidden.",
    )
    comprehension = t.reply("/sense special kind:vibration per:12 comprehension:11")
    expect(comprehension, "  ┃ Roll: 4 + 5 + 5 = 14: Failure, Missed by 2")
    assert not any("Comprehension" in line for line in comprehension)


async def test_special_senses_blind_unconscious_and_sheet_r16_1_r16_3(tmp_path: Path) -> None:
    """R16.1: blind in both eyes he has no Vision roll, but Scanning still works (10 m, -4);
    an unconscious man notices nothing. A sheet's Acute Vision or Hearing does not add to
    Scanning or Vibration Sense; Danger Sense still gets its secret Per roll (R16.3).
    """
    t = await play(tmp_path, SPECIAL_SENSES_OF_THE_BLIND_AND_UNCONSCIOUS)
    expect(
        t.reply("/sense vision combatant:Bob"),
        "  ┃ Roll: No roll: blind in both eyes (R7.16).",
    )
    expect(
        t.reply("/sense special kind:scanning combatant:Bob distance:10"),
        "  ┃ 👁 Scanning Sense roll: Bob",
        "  ┃ Effective: 8",
        "  ┃ Roll: 1 + 1 + 6 = 8: Success, Made it by 0",
    )
    expect(
        t.reply("/sense special kind:scanning combatant:Cy"),
        "  ┃ Roll: No roll: unconscious, he notices nothing (R16.1).",
    )
    s = await play(tmp_path, SPECIAL_SENSE_TRAITS)
    expect(
        s.reply("/sense special kind:scanning combatant:Bob distance:10"),
        "  ┃ Perception: Base 12",
        "  ┃     Distance -4 (R16.1)",
        "  ┃ Effective: 8",
    )
    expect(
        s.reply("/sense special kind:vibration combatant:Bob acute:1 size:2 distance:7"),
        "  ┃     Acute sense +1 (R16.1)",
        "  ┃     Size +2 (R16.1)",
        "  ┃     Distance -3 (R16.1)",
        "  ┃ Effective: 12",
    )
    expect(
        s.reply("/sense special kind:vibration combatant:Bob dangerous:true modifier:-10"),
        "  ┃ Effective: 2",
        "  ┃ 🔒 Danger Sense (secret): Bob",
        "  ┃ Perception 12: 1 + 6 + 2 = 9: Success, Made it by 3",
    )


async def test_special_senses_in_portuguese_r16_1(tmp_path: Path) -> None:
    """R16.1 in pt-BR (GLOSSARY: Sentido de Monitoramento, Sentido de Vibração): 12 + 2 - 8 = 6;
    11 + 1 - 8 = 4, MoF 5 against MoS 4: lost by 9; the unconscious notices nothing.
    """
    t = await play(tmp_path, SPECIAL_SENSES_IN_PORTUGUESE)
    expect(
        t.reply(
            "/sentido especial tipo:Sentido de Monitoramento per:12 agucado:2 tamanho:0"
            " distancia:50"
        ),
        "  ┃ 👁 Teste de Sentido de Monitoramento",
        "  ┃     Sentido aguçado +2 (R16.1)",
        "  ┃     Distância -8 (R16.1)",
        "  ┃ Efetivo: 6",
    )
    expect(
        t.reply(
            "/sentido especial tipo:Sentido de Vibração per:11 tamanho:1 distancia:50 contra:13"
        ),
        "  ┃ Efetivo: 4",
        "  ┃ Disputa Rápida: Perdeu por 9: continua escondido.",
    )
    expect(
        t.reply("/sentido especial tipo:Sentido de Vibração combatente:Cy"),
        "  ┃ Rolagem: Sem teste: inconsciente, não percebe nada (R16.1).",
    )


async def test_bees_follow_until_past_fifty_metres_r14_4_r14_2(tmp_path: Path) -> None:
    """R14.4: bees give up only when the victim is more than 50 m from the hive: 30 m and 50 m
    are refused, 51 m lets go of Ana (still on Bob). Other swarms go as the GM says, and a
    release without a distance is a plain release; undo puts the bees back on Bob.
    """
    t = await play(tmp_path, BEES_FOLLOW_TO_FIFTY_METRES)
    for metres in (30, 50):
        block = t.reply(f"/swarm release swarm:Bee victim:Ana from-hive:{metres}")
        assert refused(block)
        expect(
            block,
            f"  ┃ Bee follows Ana: {metres} m from its hive is not past its 50 m; it gives up"
            " only beyond (R14.4).",
        )
    expect(
        t.reply("/swarm release swarm:Bee victim:Ana from-hive:51"),
        "  ┃ swarm of Bees · SM +2 · Move 6 (flying) · dispersal 0/12 · on Bob",
    )
    assert refused(t.reply("/swarm release swarm:Bee victim:Ana from-hive:80"))
    expect(
        t.reply("/swarm release swarm:Rat victim:Bob from-hive:10"),
        "  ┃ swarm of Rats · SM +2 · Move 4 (on the ground) · dispersal 0/6",
    )
    expect(
        t.reply("/swarm release swarm:Bee victim:Bob"),
        "  ┃ swarm of Bees · SM +2 · Move 6 (flying) · dispersal 0/12",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 2. Bee [npc]: swarm of Bees · SM +2 · Move 6 (flying) · dispersal 0/12 · on Bob",
    )
    p = await play(tmp_path, BEES_IN_PORTUGUESE)
    expect(
        p.reply("/enxame soltar enxame:Ab vitima:Ana da-colmeia:40"),
        "  ┃ Ab persegue Ana: 40 m da colmeia não passa dos 50 m; só desiste além disso (R14.4).",
    )
    expect(
        p.reply("/enxame soltar enxame:Ab vitima:Ana da-colmeia:60"),
        "  ┃ enxame de Abelhas · MT +2 · Deslocamento 6 (voando) · dispersão 0/12",
    )


async def test_explosion_target_lists_r15_1(tmp_path: Path) -> None:
    """R15.1: collateral = floor(21 / (3 x metres)): 2 m -> 3, `Bob:3` -> 2, `Ana=0.5` counts
    as 1 m -> 7 (shock -1, -1, -2 at 30 HP). A name twice, an unknown name, a negative or
    missing distance are refused.
    """
    t = await play(tmp_path, TARGET_LISTS)
    expect(
        t.reply('/explosion blast damage:6d cr ex targets:"Orc 1 2m, Bob:3, Ana=0.5" dive:false'),
        "  ┃ Impact: 6d → 21 (3, 4, 4, 2, 4, 4)",
        "  ┃ Reach: Blast: 12 m; collateral = impact ÷ (3 × metres) (R15.1)",
        "  ┃ Damage: Blast: 3 cr · DR 0 · penetrating 3 × 1 = 3",
        "  ┃ Damage: Blast: 2 cr · DR 0 · penetrating 2 × 1 = 2",
        "  ┃ 1 m away",
        "  ┃ Damage: Blast: 7 cr · DR 0 · penetrating 7 × 1 = 7",
        "  ┃ HP: 30 → 22 / 30",
    )
    expect(
        t.reply("/explosion blast damage:3d cr ex targets:Ana 1m, Ana 2m dive:false"),
        "  ┃ Ana is listed twice.",
    )
    expect(
        t.reply("/explosion blast damage:3d cr ex targets:Zed 1m dive:false"),
        "  ┃ There is no combatant called Zed in this encounter.",
    )
    assert refused(t.reply("/explosion blast damage:3d cr ex targets:Ana -2m dive:false"))
    assert refused(t.reply("/explosion blast damage:3d cr ex targets:Ana dive:false"))


async def test_internal_explosion_ignores_dr_and_divisor_r15_7(tmp_path: Path) -> None:
    """R15.7: inside him his DR 6 does not count and the vitals' x3 applies: 13 -> 39, and the
    worked example's 10 -> 30 (a (2) divisor changes nothing on DR 0). The +1 burn also meets
    DR 0. Pal, 1 m away, takes 13 / 3 = 4 and 10 / 3 = 3.
    """
    t = await play(tmp_path, SWALLOWED_WITH_A_DIVISOR)
    expect(
        t.reply(
            "/explosion blast damage:3d cr ex targets:Pal 1m direct:Drake internal:true dive:false"
        ),
        "  ┃ it went off inside him: no DR, ×3 (R15.7)",
        "  ┃ Damage: Blast: 13 cr · DR 0 · penetrating 13 × 3 = 39",
        "  ┃     Incendiary (R10.2): 1 burn · DR 0 · penetrating 1 × 1 = 1",
        "  ┃ HP: 60 → 20 / 60",
        "  ┃ Damage: Blast: 4 cr · DR 0 · penetrating 4 × 1 = 4",
    )
    expect(
        t.reply(
            "/explosion blast damage:3d(2) cr ex [1d] targets:Pal 1m direct:Drake internal:true"
            " dive:false"
        ),
        "  ┃ Damage: Blast: 10 cr · DR 0 · penetrating 10 × 3 = 30",
        "  ┃ Damage: Blast: 3 cr · DR 0 · penetrating 3 × 1 = 3",
    )


async def test_blast_disperses_a_swarm_and_splits_a_horde_r14_3_r14_7(tmp_path: Path) -> None:
    """R14.3: an explosion is an area attack, no diffuse cap: 20 / 3 = 6 disperses a rat swarm
    (6) on its own turn, and the turn passes to the next. R14.7: a rat horde of 5 hexes (Basic
    Size 5) taking 27 / 3 = 9 loses a hex (6 per hex) and breaks into 4 fresh swarms.
    """
    t = await play(tmp_path, SWARMS_IN_A_BLAST_ON_THEIR_TURN)
    expect(
        t.reply("/explosion blast damage:6d cr ex targets:Rat 1m dive:false"),
        "  ┃ Impact: 6d → 20 (5, 2, 4, 4, 4, 1)",
        "  ┃ Damage: 6 cr → 6",
        "  ┃ Result: Dispersed!",
        "  ┃ ▶ The turn is over: its fighter left the fight. Next: Horde (/encounter next)",
    )
    expect(t.reply("/encounter next", 3), "  ┃ Round 1: Horde's turn")
    expect(
        t.reply("/explosion blast damage:6d cr ex targets:Horde 1m dive:false"),
        "  ┃ Damage: 9 cr → 9",
        "  ┃ Hexes: 5 → 4",
        "  ┃ Result: Broken into swarms (R14.7): Horde 1, Horde 2, Horde 3, Horde 4",
        "  ┃ 2. Horde 4 [npc]: swarm of Rats · SM +2 · Move 4 (on the ground) · dispersal 0/6",
    )


async def test_area_hits_take_their_wounding_on_a_swarm_r14_3(tmp_path: Path) -> None:
    """R14.3 / B380: an area hit counts with the type's wounding: 3 imp -> 6, 3 pi- -> 1
    (x0.5), 1 pi+ -> 1 (x1.5, rounded down); an ordinary 3 pi++ hit (6) counts only 1.
    """
    t = await play(tmp_path, AREA_WOUNDING_ON_A_SWARM)
    expect(
        t.reply("/swarm hit swarm:Bee amount:3 type:impaling (imp) area:true"),
        "  ┃ Damage: 3 imp → 6",
        "  ┃ Result: Toward dispersal: 6/12",
    )
    expect(
        t.reply("/swarm hit swarm:Bee amount:3 type:small piercing (pi-) area:true"),
        "  ┃ Damage: 3 pi- → 1",
        "  ┃ Result: Toward dispersal: 7/12",
    )
    expect(
        t.reply("/swarm hit swarm:Bee amount:3 type:huge piercing (pi++)"),
        "  ┃ Damage: 3 pi++ → 6, only 1 counts: diffuse (R14.3)",
        "  ┃ Result: Toward dispersal: 8/12",
    )
    expect(
        t.reply("/swarm hit swarm:Bee amount:1 type:large piercing (pi+) area:true"),
        "  ┃ Damage: 1 pi+ → 1",
        "  ┃ Result: Toward dispersal: 9/12",
    )
