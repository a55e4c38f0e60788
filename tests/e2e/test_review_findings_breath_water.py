"""The review's findings on breath and water, fixed (R9.1-R9.5, R11.10, R13.4, R13.5).

Each test plays a sandbox script through the stand-in with seeded dice and checks the
corrected answer: a choke let go on dry land lets him breathe, no air under water by
``/breath air``, a rescue that takes the victim out of the water, the HT-4 default of
``/breath drown``, coming up in time, the round of brain death, a collapsed or
unconscious fighter who does not swim.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused, turns

CHOKE_UP = Fight(
    7,
    """
    /encounter start name:Lake
    /combatant add name:Orc st:14 dx:12 iq:10 ht:12 side:npc basic-speed:7
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 side:pc
    /combatant skill add Orc skill:Swimming level:16
    /combatant skill add Ana skill:Swimming level:16
    /terrain set combatant:Orc water:underwater
    /terrain set combatant:Ana water:underwater
    /encounter next
    /close-combat grapple attacker:Orc target:Ana
    /encounter next
    /encounter next
    /close-combat choke attacker:Orc target:Ana
    /terrain set combatant:Ana water:Out of the water
    /encounter next
    /encounter next
    /close-combat release holder:Orc held:Ana
    /encounter next
    /encounter next
""",
)


async def test_choke_let_go_after_he_came_up_lets_him_breathe_r11_10_r9_2(
    tmp_path: Path,
) -> None:
    """R11.10: a choke stops his breath only while it lasts. Choked under water, Ana's own
    held breath goes on; brought out of the water the hands on her throat still stop it
    (R9.1), but once they let go nothing does: she breathes (R9.2), and no second of held
    breath runs down on dry land."""
    t = await play(tmp_path, CHOKE_UP)
    expect(
        t.reply("/terrain set combatant:Ana water:Out of the water"),
        "  ┃ Out of the water.",
    )
    released = t.reply("/close-combat release holder:Orc held:Ana")
    expect(
        released,
        "  ┃ 2. Ana [pc]: HP ▰▰▰▰▱ 7/10 · FP ▰▰▰▰▰ 10/10 · in close combat with Orc",
    )
    expect(
        t.reply("/encounter next", 5),
        "  ┃ 2. Ana [pc]: HP ▰▰▰▰▱ 7/10 · FP ▰▰▰▰▰ 10/10 · 🤼 grappled · 🫧 holding his breath:"
        " 8 s left · grappled by Orc · not breathing",
    )
    after = t.reply("/encounter next", 6) + t.reply("/encounter next", 7)
    assert not [line for line in after if "Ana holds his breath" in line]
    assert not [line for line in after if "2. Ana" in line and "holding his breath" in line]


UNDER_AIR = Fight(
    11,
    """
    /encounter start name:Lake
    /combatant add name:Bob st:10 dx:11 iq:10 ht:10 side:pc
    /combatant add name:Cid st:13 dx:10 iq:10 ht:12 side:pc
    /encounter next
    /terrain set combatant:Bob water:underwater
    /breath air combatant:Bob
    /encounter status
""",
)


async def test_no_air_by_command_while_he_is_under_water_r9_1_r13_4(tmp_path: Path) -> None:
    """R13.4: fully submerged, there is no air to get (R9.1, R9.2): ``/breath air`` is
    refused privately and points to ``/terrain set``; his held breath is left as it was."""
    t = await play(tmp_path, UNDER_AIR)
    answer = t.reply("/breath air combatant:Bob")
    assert refused(answer)
    expect(
        answer,
        "  ┃ Bob is fully under water: there is no air to get there (R9.1, R13.4). Bring him"
        " up with /terrain set, which gives him air as he comes up (R9.2).",
        "  ┃ Try, for example: /terrain set combatant:Bob water:Out of the water or /terrain set"
        " combatant:Bob water:In water above the knee",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 2. Bob [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 🫧 holding his breath: 10 s left ·"
        " 🌊 Swimming 6: entering the water · under water",
    )


COME_UP = Fight(
    5,
    """
    /encounter start name:Lake
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Orc st:12 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /terrain set combatant:Ana water:underwater
    /encounter next
    /encounter next
    /encounter next
    /terrain set combatant:Ana water:Out of the water
    /breath hold combatant:Orc
    /breath air combatant:Orc
    :locale pt-BR
    /folego prender combatente:Orc
    /folego ar combatente:Orc
""",
)


async def test_coming_up_before_the_breath_ran_out_went_no_time_without_air_r9_2(
    tmp_path: Path,
) -> None:
    """R9.2: the FP loss starts only after the held breath (R9.1) runs out. Ana comes up,
    or the orc gets air back, with seconds of breath left: they breathe again, having lost
    nothing, never "0 s without air after his breath ran out" (en and pt-BR)."""
    t = await play(tmp_path, COME_UP)
    up = t.reply("/terrain set combatant:Ana water:Out of the water")
    expect(up, "  ┃ Ana breathes again before his held breath ran out: he lost no FP to it (R9.2).")
    assert not [line for line in up if "without air" in line]
    expect(
        t.reply("/breath air combatant:Orc"),
        "  ┃ Orc breathes again before his held breath ran out: he lost no FP to it (R9.2).",
    )
    expect(
        t.reply("/folego ar combatente:Orc"),
        "  ┃ Orc volta a respirar antes de o fôlego acabar: não perdeu PF por isso (R9.2).",
    )


DROWN_DEFAULT = Fight(
    11,
    """
    /encounter start name:Lake
    /combatant add name:Bob st:10 dx:11 iq:10 ht:10 side:pc encumbrance:1
    /combatant add name:Cid st:13 dx:10 iq:10 ht:12 side:pc
    /encounter next
    /breath drown combatant:Bob
    /breath drown minutes:1
    :locale pt-BR
    /folego afogamento minutos:1
""",
)


async def test_drown_on_a_fighter_without_swimming_defaults_to_ht_minus_4_r9_3(
    tmp_path: Path,
) -> None:
    """R9.3 with B224: Bob (HT 10, Light encumbrance) has no Swimming on his sheet: HT-4 = 6,
    -2 for the encumbrance level, as ``/terrain set`` has it; only numbers without a level
    are refused, with a ``/breath drown`` example (en and pt-BR)."""
    t = await play(tmp_path, DROWN_DEFAULT)
    expect(
        t.reply("/breath drown combatant:Bob"),
        "  ┃ 2. Bob [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 🌊 in deep water: entering the"
        " water, Swimming 4",
    )
    answer = t.reply("/breath drown minutes:1")
    assert refused(answer)
    expect(
        answer,
        "  ┃ Try, for example: /breath drown minutes:1 swimming:12 or /breath drown minutes:1"
        " combatant:Ana",
    )
    expect(
        t.reply("/folego afogamento minutos:1"),
        "  ┃ Tente, por exemplo: /folego afogamento minutos:1 natacao:12 ou"
        " /folego afogamento minutos:1 combatente:Ana",
    )


RESCUE = Fight(
    1,
    """
    /encounter start name:W
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc
    /combatant add name:Orc st:14 dx:10 iq:10 ht:10 hp:60 side:npc
    /combatant skill add Orc skill:Swimming level:20
    /encounter next
    /fatigue spend amount:23 combatant:Ana
    /terrain set combatant:Ana water:"Under water"
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /breath rescue rescuer:Orc victim:Ana
    /encounter next
    /encounter undo
    /encounter undo
""",
)


async def test_a_successful_rescue_takes_the_victim_out_of_danger_r9_5_r9_4_r9_2(
    tmp_path: Path,
) -> None:
    """Ana, collapsed (R8.2), fails her Swimming roll without dice and faints under water
    (R9.4: dead in 4 minutes "unless rescued"). The orc saves her,
    Swimming 20 - 5 + (14 - 12) = 17, rolled 8 (R9.5): in the same undoable change she is
    out of the water (no Swimming rolls, no footing in it) and gets air (R9.2): 3 s without
    it since her breath went with her senses, so First Aid for her lungs; the brain-death
    clock is gone from the tracker and no second of it runs on. Undo puts her back."""
    t = await play(tmp_path, RESCUE)
    expect(
        t.reply("/breath rescue rescuer:Orc victim:Ana"),
        "  ┃ Swimming to save him: Swimming 20 -5 +2 = 17, rolled 8 (2, 3, 3): success (R9.5)",
        "  ┃ The drowning person is saved (R9.5).",
        "  ┃ Ana is out of the water: no more Swimming rolls (R9.5).",
        "  ┃ Ana went 3 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
        "  ┃ 1. Ana [pc]: HP ▱▱▱▱▱ 0/12 · FP ▱▱▱▱▱ -12/12 · prone · 😵 unconscious",
    )
    later = t.reply("/encounter next", 7)
    expect(later, "  ┃ 1. Ana [pc]: HP ▱▱▱▱▱ 0/12 · FP ▱▱▱▱▱ -12/12 · prone · 😵 unconscious")
    assert not [line for line in later if "A second passes" in line]
    expect(
        t.reply("/encounter undo", 2),
        "  ┃ 1. Ana [pc]: HP ▱▱▱▱▱ 0/12 · FP ▱▱▱▱▱ -12/12 · prone · 😵 unconscious · 🌊 fainted"
        " in the water: brain death in round 242 unless he is rescued (R9.4) · under water",
    )


BRAIN_DEATH = Fight(
    7,
    f"""
    /encounter start name:Lake
    /combatant add name:Ana st:12 dx:12 iq:10 ht:6 side:pc
    /combatant skill add Ana skill:Swimming level:20
    /combatant add name:Orc st:12 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /terrain set combatant:Ana water:underwater
    {turns(289)}
""",
)


async def test_brain_death_comes_in_the_round_the_tracker_named_r9_2_r9_4(
    tmp_path: Path,
) -> None:
    """R9.2: the brain dies 4 minutes (240 one-second rounds, R4.1) after he faints. Ana,
    after the orc in the order, collapsed (R8.2) and failing her Swimming rolls without dice,
    faints at her place in round 16, skipped at the end of it: the advance that shows it has
    already begun round 17, so the line names round 16; the tracker's "brain death in round
    256" is then the round the death line names (256), not the round 257 the advance that
    shows it has begun."""
    t = await play(tmp_path, BRAIN_DEATH)
    blocks = t.replies("/encounter next")
    fainted = next(b for b in blocks if any("He faints." in line for line in b))
    expect(
        fainted,
        "  ┃ Round 17: Orc's turn",
        "  ┃ Round 16: Ana has no air: 1 FP, FP -6, HP 6. He faints. (R9.2)",
        "  ┃ 2. Ana [pc]: HP ▰▰▰▱▱ 6/12 · FP ▱▱▱▱▱ -6/6 · prone · 😵 unconscious · 🌊 fainted in"
        " the water: brain death in round 256 unless he is rescued (R9.4) · under water",
    )
    died = next(b for b in blocks if any("his brain dies" in line for line in b))
    expect(
        died,
        "  ┃ Round 257: Orc's turn",
        "  ┃ Round 256: Ana has gone 4 minutes without air since fainting: his brain dies (R9.2)",
    )


UNCONSCIOUS_IN = Fight(
    7,
    """
    /encounter start name:Lake
    /combatant add name:Ana st:12 dx:12 iq:10 ht:12 side:pc
    /combatant skill add Ana skill:Swimming level:20
    /combatant add name:Orc st:12 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /fatigue spend amount:24 combatant:Ana
    /terrain set combatant:Ana water:In water above the knee
""",
)


async def test_an_unconscious_fighter_put_in_the_water_is_promised_no_roll_r9_3_r8_3(
    tmp_path: Path,
) -> None:
    """R8.3: at -FP Ana is unconscious; put in water above the knee (R13.5) she does not swim,
    so the answer says no Swimming roll comes until she wakes, never "next roll in 1 s"."""
    t = await play(tmp_path, UNCONSCIOUS_IN)
    placed = t.reply("/terrain set combatant:Ana water:In water above the knee")
    expect(
        placed,
        "  ┃ Swimming 20: he is unconscious and does not swim, so no roll comes until he wakes"
        " (R9.3, R8.3).",
    )
    assert not [line for line in placed if "next roll in" in line]
