"""The second review's findings on sections 14-15, each played from its own sandbox script
and seed: the hot fragment's clock and where it burns (R15.13, R15.8), cover that stops
fragments (R15.8, R7.14), the fragment of a charge gone off inside someone (R15.7, R15.8), a
blast's burning on a swarm (R15.1, R10.2, R14.3), bees letting go past 50 m (R14.4), and the
blast options that make no sense alone (R15.1, R15.6-R15.8).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

_NEXT = "/encounter next"

HOT_CLOCK = Fight(
    11,
    "\n".join(
        [
            "/encounter start name:E",
            "/combatant add name:Dir st:10 dx:10 iq:10 ht:10 hp:50 dr:1",
            "/combatant add name:Hot st:10 dx:10 iq:10 ht:10 hp:50 dr:1",
            _NEXT,
            "/explosion blast damage:2d cr ex [1d] direct:Dir targets:Hot 1m hot:true dive:false",
        ]
        + [_NEXT] * 21
    ),
)

HOT_IN_THE_ARM = Fight(
    1,
    "\n".join(
        [
            "/encounter start name:E",
            "/combatant add name:Vic st:10 dx:10 iq:10 ht:10 hp:80",
            "/combatant armor set name:Vic location:torso dr:3",
            _NEXT,
            "/explosion blast damage:2d cr ex [1d] targets:Vic 1m hot:true dive:false",
        ]
        + [_NEXT] * 5
        + ["/explosion blast damage:2d cr ex [1d] targets:Vic 1m hot:true dive:false"]
        + [_NEXT] * 10
    ),
)

BEHIND_THE_WALL = "/explosion blast damage:3d cr ex [3d] targets:Ana 1m, Cid 1m behind-cover:Ana, Cid cover-dr:50 hot:true dive:false"  # noqa: E501
UNDER_THE_BODY = "/explosion blast damage:3d cr ex [2d] targets:Ana 2m, Cid 3m behind-cover:Ana cover-dr:5 smothered-by:Bob dive:false"  # noqa: E501
COVER = Fight(
    5,
    f"""
    /encounter start name:E
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /combatant add name:Cid st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /encounter next
    {BEHIND_THE_WALL}
    {UNDER_THE_BODY}
""",
)

COVER_ALONE = Fight(
    5,
    """
    /encounter start name:E
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 hp:50 dr:1
    /encounter next
    /explosion blast damage:3d cr ex [2d] targets:Ana 2m cover-dr:5 dive:false
    /explosion blast damage:3d cr ex [2d] targets:Ana 2m cover:half dive:false
""",
)

INSIDE = (
    "/explosion blast damage:3d(2) cr ex [1d] targets:Pal 1m direct:Drake internal:true dive:false"
)
INTERNAL = Fight(
    11,
    f"""
    /encounter start name:E
    /combatant add name:Pal st:10 dx:10 iq:10 ht:10 hp:30
    /combatant add name:Drake st:20 dx:10 iq:10 ht:12 hp:60 dr:6
    /encounter next
    /explosion blast damage:3d cr ex targets:Pal 1m direct:Drake internal:true dive:false
    {INSIDE}
    /explosion blast damage:3d cr ex targets:Pal 1m internal:true dive:false
""",
)

SWARM_BURNS = Fight(
    4,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /swarm add kind:Rats name:Rat
    /encounter next
    /explosion blast damage:6d cr ex targets:Rat 1m, Ana 2m dive:false
""",
)

HIVE = Fight(
    5,
    """
    /encounter start name:E
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:50
    /swarm add kind:Bees name:Bee
    /swarm add kind:Rats name:Rat
    /swarm engage swarm:Bee victim:Ana
    /swarm engage swarm:Bee victim:Bob
    /swarm engage swarm:Rat victim:Bob
    /encounter next
    /swarm release swarm:Bee victim:Ana from-hive:50
    /swarm release swarm:Bee victim:Ana from-hive:50.5
    /swarm release swarm:Rat victim:Bob from-hive:10
""",
)

SMOTHERED_TWICE = '/explosion blast damage:6d cr ex targets:"Orc 1 2m, Bob:3, Ana=0.5" dive:false smothered-by:Ana'  # noqa: E501
TWICE = Fight(
    11,
    f"""
    /encounter start name:E
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:Orc 1 st:10 dx:10 iq:10 ht:10 hp:50
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:50
    /encounter next
    /explosion blast damage:3d cr ex targets:Ana 1m direct:Ana dive:false
    {SMOTHERED_TWICE}
""",
)


def _burns(block: list[str], name: str) -> list[str]:
    return [line for line in block if line.startswith(f"  ┃ {name} (round ")]


async def test_d1_both_first_burns_come_ten_seconds_after_the_blast_r15_13(
    tmp_path: Path,
) -> None:
    """R15.13 with R4.1: both men were hit at round 1, 0 s; Dir's place in round 1 came
    after the blast in the same second, so his first burn is due at 10 s, round 11 (not
    round 10, 9 s), like Hot's."""
    t = await play(tmp_path, HOT_CLOCK)
    dir_ten = t.reply(_NEXT, 20)
    expect(dir_ten, "  ┃ Round 10: Dir's turn", "  ┃ Round 10 · 9 s elapsed")
    assert not _burns(dir_ten, "Dir")
    expect(
        t.reply(_NEXT, 21),
        "  ┃ Hot (round 11): 1d(0.2) rolled 1 burning · DR 5 (×5) · injury 0, HP 40 → 40;"
        " 5 burn(s) to come",
    )
    expect(
        t.reply(_NEXT, 22),
        "  ┃ Dir (round 11): 1d(0.2) rolled 3 burning · DR 5 (×5) · injury 0, HP 42 → 42;"
        " 5 burn(s) to come",
        "  ┃ Round 11 · 10 s elapsed",
    )


async def test_d2_a_fragment_in_the_arm_burns_against_the_arms_dr_r15_13(
    tmp_path: Path,
) -> None:
    """R15.8, R15.13: the second blast's only fragment struck the arm (DR 0): its burns
    are 1d against DR 0 × 5 = 0, so a 6 does 6 (the torso's DR 3 × 5 = 15 would stop it)."""
    t = await play(tmp_path, HOT_IN_THE_ARM)
    expect(
        t.reply("/explosion blast damage:2d cr ex [1d] targets:Vic 1m hot:true dive:false", 2),
        "  ┃     Fragment 1 (arm, 3d 6, 1, 1; damage 4): 4 cut · DR 0 · penetrating 4 × 1.5 = 6",
    )
    expect(
        t.reply(_NEXT, 16),
        "  ┃ Vic (round 16): 1d(0.2) rolled 6 burning · DR 0 (×5) · injury 6, HP 70 → 64;"
        " 5 burn(s) to come",
    )


async def test_d3_d4_fragments_stopped_by_cover_lodge_nothing_and_push_no_one_r15_8(
    tmp_path: Path,
) -> None:
    """R15.8: every fragment of Cid's struck the DR 50 wall and stopped there: none lodges
    (R15.13) and none knocks him back (R7.14). Behind a smotherer's body (cover DR 51, R15.6)
    and a DR 5 wall, Ana's fragments stop too, with no knockback."""
    t = await play(tmp_path, COVER)
    wall = t.reply(BEHIND_THE_WALL)
    expect(
        wall,
        "  ┃     Fragment 1 (torso, 3d 4, 4, 1; damage 2, 2, 6) struck the cover first: 10 cut"
        " · DR 51 · penetrating 0 × 1.5 = 0",
        "  ┃     Fragment 3 (torso, 3d 1, 6, 2; damage 2, 6, 6) struck the cover first: 14 cut"
        " · DR 51 · penetrating 0 × 1.5 = 0",
    )
    assert not [line for line in wall if "Knocked back" in line or "hot fragment" in line]
    assert "R15.13" not in " ".join(wall)
    body = t.reply(UNDER_THE_BODY)
    expect(
        body,
        "  ┃     Fragment 2 (arm, 3d 5, 6, 1; damage 5, 3) struck the cover first: 8 cut"
        " · DR 57 · penetrating 0 × 1.5 = 0",
    )
    ana = body[body.index("  ┃ Ana") : body.index("  ┃ Cid")]
    assert not [line for line in ana if "Knocked back" in line]


async def test_m1_a_cover_with_nobody_behind_it_is_refused_r15_8(tmp_path: Path) -> None:
    t = await play(tmp_path, COVER_ALONE)
    for typed in (
        "/explosion blast damage:3d cr ex [2d] targets:Ana 2m cover-dr:5 dive:false",
        "/explosion blast damage:3d cr ex [2d] targets:Ana 2m cover:half dive:false",
    ):
        block = t.reply(typed)
        assert refused(block)
        expect(
            block,
            "  ┃ cover: and cover-dr: are for those behind it: name them in behind-cover: (R15.8).",
        )


async def test_d5_m4_the_one_it_went_off_inside_takes_a_fragment_r15_7(tmp_path: Path) -> None:
    """R15.8: a direct hit takes a fragment; gone off inside Drake (R15.7) it meets no DR
    (his DR 6 does not count): 1 cut → 1. internal:true with nobody hit directly is refused."""
    t = await play(tmp_path, INTERNAL)
    expect(
        t.reply(INSIDE),
        "  ┃ Damage: Blast: 10 cr · DR 0 · penetrating 10 × 3 = 30",
        "  ┃     Fragment 1 (arm, 3d 5, 1, 2; damage 1): 1 cut · DR 0 · penetrating 1 × 1.5 = 1",
        "  ┃ Injury: 32",
    )
    block = t.reply("/explosion blast damage:3d cr ex targets:Pal 1m internal:true dive:false")
    assert refused(block)
    expect(
        block,
        "  ┃ internal: means it went off inside the one hit directly: name them in direct:"
        " (R15.7).",
    )


async def test_d6_a_swarm_takes_the_blasts_burning_r15_1(tmp_path: Path) -> None:
    """R15.1, R10.2: 6d = 11, at 1 m 11 / 3 = 3 crushing and +1 burning: 4 toward the rats'
    6, an area attack with no diffuse cap (R14.3)."""
    t = await play(tmp_path, SWARM_BURNS)
    expect(
        t.reply("/explosion blast damage:6d cr ex targets:Rat 1m, Ana 2m dive:false"),
        "  ┃ Damage: 3 cr → 3",
        "  ┃     Incendiary: +1 burning (R15.1, R10.2)",
        "  ┃ Counted: 4",
        "  ┃ Result: Toward dispersal: 4/6",
    )


async def test_m2_bees_say_why_they_let_go_r14_4(tmp_path: Path) -> None:
    """R14.4: 50 m is not past 50 m; 50.5 m is, and the reply says so; rats have no hive."""
    t = await play(tmp_path, HIVE)
    assert refused(t.reply("/swarm release swarm:Bee victim:Ana from-hive:50"))
    expect(
        t.reply("/swarm release swarm:Bee victim:Ana from-hive:50.5"),
        "  ┃ swarm of Bees · SM +2 · Move 6 (flying) · dispersal 0/12 · on Bob",
        "  ┃ Ana is 50.5 m from its hive, past its 50 m: it gives up on them (R14.4).",
    )
    expect(
        t.reply("/swarm release swarm:Rat victim:Bob from-hive:10"),
        "  ┃ Bob is 10 m away: the distance does not matter to it; it lets go as the GM says"
        " (R14.4).",
    )


async def test_m3_a_name_in_targets_and_direct_or_smothered_by_r15_6(tmp_path: Path) -> None:
    t = await play(tmp_path, TWICE)
    direct = t.reply("/explosion blast damage:3d cr ex targets:Ana 1m direct:Ana dive:false")
    assert refused(direct)
    expect(direct, "  ┃ Ana is the one hit directly (direct:): leave them out of targets: (R15.1).")
    smothered = t.reply(SMOTHERED_TWICE)
    assert refused(smothered)
    expect(
        smothered,
        "  ┃ Ana is the one lying on it (smothered-by:): leave them out of targets: (R15.6).",
    )
