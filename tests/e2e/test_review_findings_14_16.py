"""The review of sections 14-16 found these defects (D1-D7) and confusing messages (M1-M7);
each test plays the finding's own script through the sandbox, with its seed, and checks the
corrected lines (rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

AREA_HITS_ON_A_HORDE = Fight(
    5,
    """
    /encounter start name:W
    /swarm add kind:Bats hexes:30 name:H
    /swarm hit swarm:H amount:3 type:impaling (imp) area:true
    /swarm hit swarm:H amount:3 type:piercing (pi) area:true
    /swarm hit swarm:H amount:4 type:large piercing (pi+) area:true
    /swarm hit swarm:H amount:4 type:cutting (cut) area:true
""",
)

_ROUND_TWO = "\n".join(["    /encounter next"] * 9)

SWARM_DISPERSED_ON_ITS_TURN = Fight(
    5,
    f"""
    /encounter start name:W
    /combatant add name:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:30 dr:2
    /swarm add kind:Rats hexes:6 name:Horde
    /swarm add kind:Rats name:Rat
    /swarm add kind:Bees name:Bee
{_ROUND_TWO}
    /swarm hit swarm:Rat amount:20 type:cutting (cut) area:true
    /encounter status
    /encounter next
""",
)

HORDE_SPLIT_ON_ITS_TURN = Fight(
    5,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:30 dr:2
    /swarm add kind:Rats hexes:5 name:Horde
    /swarm add kind:Rats name:Rat
    /swarm add kind:Bees name:Bee
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /swarm hit swarm:Horde amount:10 type:crushing (cr) area:true
    /encounter status
    /encounter next
""",
)

SWALLOWED_CHARGE = Fight(
    11,
    """
    /encounter start name:E
    /combatant add name:Pal st:10 dx:10 iq:10 ht:10 hp:30
    /combatant add name:Drake st:20 dx:10 iq:10 ht:12 hp:60 dr:6
    /encounter next
    /explosion blast damage:3d cr ex targets:Pal 1m direct:Drake internal:true dive:false
""",
)

HORDE_TURN_IN_PORTUGUESE = Fight(
    7,
    """
    /encontro iniciar nome:W
    /combatente adicionar nome:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /enxame adicionar tipo:Ratos hexagonos:5 nome:Horda
    /enxame envolver enxame:Horda vitima:Ana
    /encontro proximo
    /encontro proximo
    /encontro proximo
    /encontro proximo
""",
    locale="pt-BR",
)

BEYOND_THE_BLAST = Fight(
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

BLIND_IN_BOTH_EYES = Fight(
    3,
    """
    /encounter start name:S
    /combatant add name:Bob st:10 dx:12 iq:11 ht:10 per:12 hp:30
    /encounter next
    /damage target:Bob amount:1 type:imp location:eye
    /damage target:Bob amount:1 type:imp location:eye side:left
    /check skill:Vision character:Bob
    /sense vision combatant:Bob
    /combatant condition name:Bob condition:unconscious value:false
    /sense vision combatant:Bob
    /sense hearing combatant:Bob
""",
)

UNCONSCIOUS_AND_DEAD = Fight(
    3,
    """
    /encounter start name:S
    /combatant add name:Ana st:10 dx:12 iq:11 ht:10 per:12
    /encounter next
    /combatant condition name:Ana condition:unconscious
    /sense vision combatant:Ana
    /combatant add name:Bob st:10 dx:12 iq:11 ht:10 per:12
    /damage target:Bob amount:8 type:cr
    /damage target:Bob amount:10 type:imp location:eye
    /sense vision combatant:Bob
""",
)

HEARING_DISTANCE_WITHOUT_SOUND = Fight(
    3,
    """
    /sense hearing per:12 distance:8
    /sense hearing per:12 sound:Noisy office (8) distance:8
""",
)

FRACTION_OF_A_METRE = Fight(
    3,
    """
    /encounter start name:E
    /combatant add name:Ana st:10 dx:12 iq:10 ht:12 hp:40
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:40
    /encounter next
    /explosion blast damage:3d cr ex targets:Bob 2.5m direct:Ana dive:false
""",
)

SHOCK_ONCE_PER_FIGHTER = Fight(
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

SMOTHERED_AND_DIRECT_AND_TOO_MANY_DICE = Fight(
    3,
    """
    /encounter start name:E
    /combatant add name:Ana st:10 dx:12 iq:10 ht:12 hp:40
    /combatant add name:Bob st:10 dx:10 iq:10 ht:10 hp:40
    /combatant add name:Cid st:10 dx:10 iq:10 ht:10 hp:40
    /encounter next
    /explosion blast damage:3d cr ex targets:Ana 1m smothered-by:Bob direct:Cid
    /explosion blast damage:200d cr ex targets:Ana 1m
    /explosion blast damage:3q cr ex targets:Ana 1m
    /explosion blast damage:100d cr ex targets:Ana 1m dive:false
""",
)

WHO_WEARS_WHAT = Fight(
    3,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /combatant add name:Eve st:10 dx:10 iq:10 ht:10 hp:30
    /swarm add kind:Bees name:Bee
    /swarm engage swarm:Bee victim:Ana protection:Ordinary clothing (2 rounds)
    /swarm engage swarm:Bee victim:Eve protection:Low-TL armor (5 rounds)
    /encounter status
""",
)

PIRANHAS_ON_THE_DEAD = Fight(
    3,
    """
    /encounter start name:W
    /combatant add name:Ana st:10 dx:14 iq:10 ht:14 hp:30
    /swarm add kind:Piranhas name:Pir
    /swarm engage swarm:Pir victim:Ana
    /encounter next
    /combatant condition name:Ana condition:dead
    /encounter next
    /encounter next
    /encounter next
""",
)


async def test_d1_area_hits_do_normal_injury_to_a_horde_r14_3(tmp_path: Path) -> None:
    """D1, R14.3 (Base 4e Diffuse): area, cone and explosion attacks do normal injury, with
    the type's usual wounding: 3 imp x2 = 6, 3 pi x1 = 3, 4 pi+ x1.5 = 6, 4 cut x1.5 = 6; no
    cap of 1 for impaling and piercing. (A horde of 30 hexes, so that it is still there for
    every hit: 8 a hex, R14.7.)
    """
    t = await play(tmp_path, AREA_HITS_ON_A_HORDE)
    expect(
        t.reply("/swarm hit swarm:H amount:3 type:impaling (imp) area:true"),
        "  ┃ Damage: 3 imp → 6",
        "  ┃ Counted: 6",
    )
    expect(
        t.reply("/swarm hit swarm:H amount:3 type:piercing (pi) area:true"),
        "  ┃ Damage: 3 pi → 3",
        "  ┃ Counted: 3",
    )
    expect(
        t.reply("/swarm hit swarm:H amount:4 type:large piercing (pi+) area:true"),
        "  ┃ Damage: 4 pi+ → 6",
        "  ┃ Counted: 6",
    )
    expect(
        t.reply("/swarm hit swarm:H amount:4 type:cutting (cut) area:true"),
        "  ┃ Damage: 4 cut → 6",
        "  ┃ Counted: 6",
    )


async def test_d2_a_swarm_dispersed_on_its_turn_ends_it_r14_3(tmp_path: Path) -> None:
    """D2, R14.3 with R4.1: Rat dispersed on its own turn in round 2: its turn is over, Bob
    (who has acted) does not get the turn back, and the tracker names Horde (last, R14.5) as
    next, which the next /encounter next starts.
    """
    t = await play(tmp_path, SWARM_DISPERSED_ON_ITS_TURN)
    expect(t.reply("/encounter next", 9), "  ┃ Round 2: Rat's turn")
    expect(
        t.reply("/swarm hit swarm:Rat amount:20 type:cutting (cut) area:true"),
        "  ┃ Result: Dispersed!",
    )
    status = t.reply("/encounter status")
    expect(
        status,
        "  ┃ ▶ The turn is over: its fighter left the fight. Next: Horde (/encounter next)",
        "  ┃ Round 2 · 1 s elapsed",
        "  ┃ 3. Bob [npc]: HP ▰▰▰▰▰ 30/30 · FP ▰▰▰▰▰ 10/10",
    )
    assert not any("Bob's turn" in line or line.startswith("  ┃ ▶ 3.") for line in status)
    expect(t.reply("/encounter next", 10), "  ┃ Round 2: Horde's turn", "  ┃ ▶ Horde's turn")


async def test_d2_a_horde_split_on_its_turn_ends_it_r14_7(tmp_path: Path) -> None:
    """D2, R14.7: the rat horde (Basic Size 5) at 5 hexes takes 10 on its own turn: a hex
    lost, 4 < 5, four fresh swarms (R2.5: rolled into the order, after those who acted).
    Its turn is over; the tracker names the first new swarm as next, not Bob again.
    """
    t = await play(tmp_path, HORDE_SPLIT_ON_ITS_TURN)
    expect(t.reply("/encounter next", 5), "  ┃ Round 1: Horde's turn")
    expect(
        t.reply("/swarm hit swarm:Horde amount:10 type:crushing (cr) area:true"),
        "  ┃ Hexes: 5 → 4",
        "  ┃ Result: Broken into swarms (R14.7): Horde 1, Horde 2, Horde 3, Horde 4",
    )
    status = t.reply("/encounter status")
    expect(
        status,
        "  ┃ ▶ The turn is over: its fighter left the fight. Next: Horde 2 (/encounter next)",
    )
    assert not any("Bob's turn" in line for line in status)
    expect(t.reply("/encounter next", 6), "  ┃ Round 1: Horde 2's turn")


async def test_d3_an_internal_blast_knocks_back_by_its_basic_damage_r15_7_r7_14(
    tmp_path: Path,
) -> None:
    """D3, R15.7 with R7.14: no DR, the vitals ×3: 13 → 39 injury; the ×3 is the wounding,
    so knockback counts the basic 13 against ST 20 - 2 = 18: floor(13 / 18) = 0 m.
    """
    t = await play(tmp_path, SWALLOWED_CHARGE)
    reply = t.reply(
        "/explosion blast damage:3d cr ex targets:Pal 1m direct:Drake internal:true dive:false"
    )
    expect(
        reply,
        "  ┃ Impact: 3d → 13 (3, 4, 6)",
        "  ┃ it went off inside him: no DR, ×3 (R15.7)",
        "  ┃ Damage: Blast: 13 cr · DR 0 · penetrating 13 × 3 = 39",
        "  ┃ Injury: 40",
        "  ┃ HP: 60 → 20 / 60",
    )
    assert not any("Knocked back" in line or "Keep footing" in line for line in reply)


async def test_d4_a_hordes_turn_in_portuguese_r14_2(tmp_path: Path) -> None:
    """D4: the horde's damage type in the reader's language (1d cort, not 1d cut), no
    'dentro dele' for a horda, and a rat for rats rather than a bee for every swarm.
    """
    t = await play(tmp_path, HORDE_TURN_IN_PORTUGUESE)
    expect(
        t.reply("/encontro proximo", 3),
        "  ┃ 🐀 Horda — ataque automático a todos na sua área: 1d cort",
        "  ┃ Ana (rodada 1): 2 cort (2) · RD 0 · penetrante 2 × 1,5 = 3",
    )
    assert not any("cut" in line or "dentro dele" in line for line in t.lines)


async def test_d5_a_target_beyond_the_blast_is_out_of_reach_r15_1(tmp_path: Path) -> None:
    """D5, R15.1: 6dx2 counts 12 dice: radius 24 m. Dee at 25 m is out of it: said so in the
    plan (no Dive for Cover for him) and after the detonation.
    """
    t = await play(tmp_path, BEYOND_THE_BLAST)
    plan = t.reply("/explosion blast damage:6dx2 cr ex targets:Bob 3m, Cid 10m, Dee 25m direct:Ana")
    expect(
        plan,
        "  ┃ Blast: 24 m; collateral = impact ÷ (3 × metres) (R15.1)",
        "  ┃ Targets: Ana: hit directly",
        "  ┃     Bob: 3 m away",
        "  ┃     Cid: 10 m away",
        "  ┃     Dee: 25 m away: out of reach",
        "  [1 Dive for Cover: Bob] [2 Dive for Cover: Cid] [3 Detonate]",
    )
    assert not any("In reach" in line for line in plan)
    detonated = t.reply("/explosion detonate")
    at = detonated.index("  ┃ Dee")
    assert detonated[at + 1 : at + 3] == [
        "  ┃ 25 m away: out of reach",
        "  ┃ Damage: Nothing reaches him.",
    ]


async def test_d6_no_vision_roll_blind_in_both_eyes_r16_4_r7_16(tmp_path: Path) -> None:
    """D6, R7.16: both eyes blinded, no Vision roll, as /check already says; knocked out by
    the first eye hit (HT 10 - 10), he first notices nothing for that; woken up, still
    nothing to see; he can still hear (Per 12, rolled 11).
    """
    t = await play(tmp_path, BLIND_IN_BOTH_EYES)
    assert refused(t.reply("/check skill:Vision character:Bob"))
    expect(
        t.reply("/sense vision combatant:Bob", 1),
        "  ┃ Roll: No roll: unconscious, he notices nothing (R16.1).",
        "  ┃ Result: Noticed nothing",
    )
    expect(
        t.reply("/sense vision combatant:Bob", 2),
        "  ┃ Roll: No roll: blind in both eyes (R7.16).",
        "  ┃ Result: Noticed nothing",
    )
    hearing = t.reply("/sense hearing combatant:Bob")
    assert any(line.startswith("  ┃ Roll: ") and "No roll" not in line for line in hearing)


async def test_d7_no_sense_roll_unconscious_or_dead_r16_1(tmp_path: Path) -> None:
    """D7, R16.1: an unconscious or dead character notices nothing: no roll, and the reply
    says why.
    """
    t = await play(tmp_path, UNCONSCIOUS_AND_DEAD)
    expect(
        t.reply("/sense vision combatant:Ana"),
        "  ┃ Roll: No roll: unconscious, he notices nothing (R16.1).",
        "  ┃ Result: Noticed nothing",
    )
    expect(
        t.reply("/damage target:Bob amount:10 type:imp location:eye"), "  ┃     Dead (R7.3, R7.4)"
    )
    expect(
        t.reply("/sense vision combatant:Bob"),
        "  ┃ Roll: No roll: the dead notice nothing (R16.1).",
        "  ┃ Result: Noticed nothing",
    )


async def test_m1_a_hearing_distance_needs_its_sound_r16_6(tmp_path: Path) -> None:
    """M1, R16.6: a distance counts only in steps from a sound's no-penalty distance: alone
    it is refused with what to add (a noisy office at 8 m is +0).
    """
    t = await play(tmp_path, HEARING_DISTANCE_WITHOUT_SOUND)
    alone = t.reply("/sense hearing per:12 distance:8")
    assert refused(alone)
    expect(
        alone,
        "  ┃ A distance counts only from a sound: give sound: too, and the distance gives +1"
        " or -1 per step from the sound's own (R16.6).",
    )
    expect(
        t.reply("/sense hearing per:12 sound:Noisy office (8) distance:8"),
        "  ┃ Perception: Base 12",
        "  ┃     Distance to the sound +0 (R16.6)",
    )


async def test_m2_a_fraction_of_a_metre_counts_as_the_next_metre_r15_1(tmp_path: Path) -> None:
    """M2, R15.1 (distances in whole metres, rounded up): Bob at 2.5 m is at 3 m: 9 rolled,
    floor(9 / 9) = 1, and the incendiary point.
    """
    t = await play(tmp_path, FRACTION_OF_A_METRE)
    reply = t.reply("/explosion blast damage:3d cr ex targets:Bob 2.5m direct:Ana dive:false")
    expect(reply, "  ┃ Impact: 3d → 9 (2, 4, 3)")
    at = reply.index("  ┃ Bob")
    expect(
        reply[at:],
        "  ┃ 3 m away",
        "  ┃ Damage: Blast: 1 cr · DR 0 · penetrating 1 × 1 = 1",
    )


async def test_m3_the_shock_is_shown_once_under_the_hit_that_injured_r7_6(
    tmp_path: Path,
) -> None:
    """M3, R7.6: a fighter's shock is his, not a packet's: shown once, under the last hit
    that injured him; a hit stopped by DR (vacuum: floor(24 / 10) = 2 vs DR 3) shows none.
    """
    t = await play(tmp_path, SHOCK_ONCE_PER_FIGHTER)
    direct = t.reply(
        "/explosion blast damage:6dx2(2) cr ex targets:Bys 1m, Far 2m direct:Kni dive:false"
    )
    at = direct.index("  ┃ Kni")
    kni = direct[at : direct.index("  ┃ Bys")]
    assert sum("Shock" in line for line in kni) == 1
    expect(
        kni,
        "  ┃ Damage: Blast: 42 cr · DR 4 (8 ÷ 2) · penetrating 38 × 1 = 38",
        "  ┃       Shock -4 on the next turn (R7.6)",
        "  ┃     Incendiary (R10.2): 1 burn · DR 8 · penetrating 0 × 1 = 0",
    )
    far = direct[direct.index("  ┃ Far") :]
    expect(
        far,
        "  ┃ Damage: Blast: 7 cr · DR 0 · penetrating 7 × 1 = 7",
        "  ┃     Incendiary (R10.2): 1 burn · DR 0 · penetrating 1 × 1 = 1",
        "  ┃       Shock -1 on the next turn (R7.6)",
    )
    assert sum("Shock" in line for line in far) == 1
    vacuum = t.reply(
        "/explosion blast damage:6dx2 cr ex targets:Bys 1m, Far 3m medium:Vacuum dive:false"
    )
    bys = vacuum[vacuum.index("  ┃ Bys") : vacuum.index("  ┃ Far")]
    expect(
        bys,
        "  ┃ Damage: Blast: 2 cr · DR 3 · penetrating 0 × 1 = 0",
        "  ┃     Incendiary (R10.2): 1 burn · DR 3 · penetrating 0 × 1 = 0",
    )
    assert not any("Shock" in line for line in bys)


async def test_m4_m5_smothered_and_direct_and_the_dice_limit_r15_6(tmp_path: Path) -> None:
    """M4, R15.6: the smotherer lies on the charge, so it hits nobody directly: refused. M5:
    200 dice are readable, only over the limit of 100 (100d is taken); unreadable damage is
    explained with an explosive's example.
    """
    t = await play(tmp_path, SMOTHERED_AND_DIRECT_AND_TOO_MANY_DICE)
    both = t.reply("/explosion blast damage:3d cr ex targets:Ana 1m smothered-by:Bob direct:Cid")
    assert refused(both)
    expect(
        both,
        "  ┃ A charge Bob throws himself on (smothered-by) cannot also hit someone directly"
        " (direct): name one or the other (R15.6).",
    )
    many = t.reply("/explosion blast damage:200d cr ex targets:Ana 1m")
    assert refused(many)
    expect(many, "  ┃ That is 200 dice; one expression may roll at most 100.")
    bad = t.reply("/explosion blast damage:3q cr ex targets:Ana 1m")
    assert refused(bad)
    expect(
        bad,
        "  ┃ I could not read the explosive's damage 3q cr ex: write its dice and type, with"
        " fragments in brackets, like 3d cr ex [2d] or 6dx2 cr ex.",
    )
    assert not refused(t.reply("/explosion blast damage:100d cr ex targets:Ana 1m dive:false"))


async def test_m6_the_swarm_line_shows_what_each_victim_wears_r14_2(tmp_path: Path) -> None:
    """M6, R14.2: ordinary clothing keeps small creatures off 2 rounds, low-TL armor 5: the
    swarm's line says who wears which.
    """
    t = await play(tmp_path, WHO_WEARS_WHAT)
    expect(
        t.reply("/encounter status"),
        "  ┃ 3. Bee [npc]: swarm of Bees · SM +2 · Move 6 (flying) · dispersal 0/12"
        " · on Ana (ordinary clothing), Eve (low-TL armor)",
    )


async def test_m7_a_swarm_says_why_it_attacks_nobody_any_more_r14_2(tmp_path: Path) -> None:
    """M7, R14.2: the piranhas' victim died: their next turn says so and that nobody is left
    in them; with nobody in them, the turns after bring no attack at all.
    """
    t = await play(tmp_path, PIRANHAS_ON_THE_DEAD)
    expect(
        t.reply("/encounter next", 3),
        "  ┃ 🐟 Pir — automatic attack on everyone in it: 2d cut",
        "  ┃ Ana is dead: no longer a target (R14.2).",
        "  ┃ Nobody is left in it: no attacks until /swarm engage puts it on someone.",
    )
    assert not any("automatic attack" in line for line in t.reply("/encounter next", 4))
