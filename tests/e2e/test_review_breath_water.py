"""Breath and drowning under water checked through the sandbox (section 9 of the rules).

R9.1 held breath (HT s fighting, ×1.5 hyperventilated, ×2.5 pure oxygen), R9.2 running out
of air (1 FP a second after it, the HP of R8.2 below 0 FP, fainting at −FP, brain death
4 minutes after fainting, the HT roll or −1 IQ after more than 2 minutes without air, First
Aid for a drowned man), R9.3 the Swimming rolls (HT−4 by default, −2 per encumbrance level),
R13.4 a roll every 2 rounds under water, R9.4 shedding gear, R9.5 a rescue and R11.10 a choke
on a fighter already holding his breath under water, all started by `/terrain set` and the
turn advance, and taken back by `/encounter undo`.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused, turns

UNDER = "/terrain set combatant:Ana water:underwater"

RUN_OUT = Fight(
    7,
    f"""
    /encounter start name:Lake
    /combatant add name:Ana st:12 dx:12 iq:10 ht:6 side:pc
    /combatant skill add Ana skill:Swimming level:20
    /combatant add name:Orc st:12 dx:10 iq:10 ht:10 side:npc
    /encounter next
    {UNDER}
    {turns(28)}
    /encounter undo
    /encounter next
""",
)


async def test_breath_runs_out_under_water_then_fp_a_second_until_he_faints(
    tmp_path: Path,
) -> None:
    """R9.1: HT 6 fighting → 6 s of breath, a second at Ana's place each round (Orc acts
    first). R9.2: the 7th second costs 1 FP (6 → 5); at 0 FP each FP lost costs 1 HP too
    (R8.2): FP −1, HP 11. Collapsed (R8.2: failed Will) he cannot swim: the Swimming roll due
    every 2 s (R13.4) fails without dice, 1 FP more (rounds 13, 15); at −FP (−6) he faints in
    round 16, HP 12 − 6 = 6. Undo of the fainting second gives FP −5, HP 7 back."""
    t = await play(tmp_path, RUN_OUT)
    expect(
        t.reply(UNDER),
        "  ┃ Swimming 20: entering the water (R9.3).",
        "  ┃ HT 6, Strenuous, fighting (HT s), Normally: 6 s of breath (R9.1).",
    )
    nxt = "/encounter next"
    expect(
        t.reply(nxt, 2),
        "  ┃ Round 1: Ana's turn",
        "  ┃ Ana holds his breath: 5 s left (R9.1)",
        "  ┃ Ana rolls Swimming 20 in the water: 7 (2, 1, 4), success → swimming under water"
        " (next roll in 2 s) (R13.4)",
    )
    expect(t.reply(nxt, 12), "  ┃ Round 6: Ana's turn", "  ┃ Ana holds his breath: 0 s left (R9.1)")
    expect(
        t.reply(nxt, 14),
        "  ┃ Round 7: Ana's turn",
        "  ┃ Ana has no air: 1 FP, FP 5, HP 12 (R9.2)",
    )
    expect(
        t.reply(nxt, 24),
        "  ┃ Round 12: Ana's turn",
        "  ┃ Ana has no air: 1 FP, FP 0, HP 12 (R9.2)",
    )
    expect(
        t.reply(nxt, 26),
        "  ┃ Round 14: Orc's turn",
        "  ┃ Ana rolls Will to act at 0 FP or less: 13 (4, 3, 6) vs 10, failure. (R8.2)",
        "  ┃ Round 13: Ana has no air: 1 FP, FP -1, HP 11 (R9.2)",
        "  ┃ Round 13: Ana has collapsed (R8.2) and cannot swim: no roll, a failure: swallows"
        " water, 1 FP, FP -2, HP 10 → swallowing water (next roll in 2 s) (R13.4)",
    )
    expect(
        t.reply(nxt, 29),
        "  ┃ Round 17: Orc's turn",
        "  ┃ Round 16: Ana has no air: 1 FP, FP -6, HP 6. He faints. (R9.2)",
    )
    expect(
        t.reply("/encounter undo"),
        "  ┃ 2. Ana [pc]: HP ▰▰▰▱▱ 7/12 · FP ▱▱▱▱▱ -5/6 · 🫠 collapsed · 😓 very tired"
        " · Move 2, Dodge 4, ST 6 · 🥵 exhausted: Will before each action · 😶 suffocating"
        " for 9 s · 🌊 Swimming 20: swallowing water (next roll in 2 s) · under water",
    )
    expect(
        t.reply(nxt, 30),
        "  ┃ Round 16: Ana has no air: 1 FP, FP -6, HP 6. He faints. (R9.2)",
    )


BRAIN_DEATH = Fight(
    7,
    f"""
    /encounter start name:Lake
    /combatant add name:Ana st:12 dx:12 iq:10 ht:6 side:pc
    /combatant skill add Ana skill:Swimming level:20
    /combatant add name:Orc st:12 dx:10 iq:10 ht:10 side:npc
    /encounter next
    {UNDER}
    {turns(271)}
""",
)


async def test_brain_dies_four_minutes_after_fainting_under_water(tmp_path: Path) -> None:
    """R9.2/R9.4: Ana, collapsed (R8.2) and failing her Swimming rolls without dice, faints
    at her place in round 16; 240 s later, at her place in round 256 (the round the tracker
    names), his brain dies: the advance into round 256 brings nothing, the one past her place
    in it brings the death."""
    t = await play(tmp_path, BRAIN_DEATH)
    nxt = "/encounter next"
    # Next 29 is round 17; from there one line a round (Ana is skipped): 257 is next 269.
    round_256 = t.reply(nxt, 268)
    expect(round_256, "  ┃ Round 256: Orc's turn")
    assert not any("brain dies" in line for line in round_256)
    expect(
        t.reply(nxt, 269),
        "  ┃ Round 257: Orc's turn",
        "  ┃ Round 256: Ana has gone 4 minutes without air since fainting: his brain dies (R9.2)",
    )


COME_UP = Fight(
    7,
    f"""
    /encounter start name:Lake
    /combatant add name:Ana st:12 dx:12 iq:10 ht:6 side:pc
    /combatant skill add Ana skill:Swimming level:20
    /combatant add name:Orc st:12 dx:10 iq:10 ht:10 side:npc
    /encounter next
    {UNDER}
    {turns(36)}
    /terrain set combatant:Ana water:Out of the water
    /encounter undo
    {turns(216)}
    /terrain set combatant:Ana water:In water above the knee
    /combatant show Ana
    /encounter undo
    /combatant show Ana
""",
)


async def test_coming_up_breathes_first_aid_and_ht_or_iq_after_two_minutes(
    tmp_path: Path,
) -> None:
    """R9.2: breath out at round 6, no air from the second of round 7 on. Pulled out at
    round 25 before Ana's place: rounds 7–24 = 18 s without air, no HT roll, First Aid for
    the water in his lungs. Undone, pulled up at round 241: rounds 7–240 = 234 s > 120 s →
    HT 6, rolled 9: failure, IQ 10 → 9; undone, IQ 10 again."""
    t = await play(tmp_path, COME_UP)
    out = t.reply("/terrain set combatant:Ana water:Out of the water")
    expect(
        out,
        "  ┃ Out of the water.",
        "  ┃ Ana went 18 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
    )
    assert not any("brain damage" in line for line in out)
    undone = t.reply("/encounter undo")
    expect(undone, "  ┃ Undone: terrain")
    ana = [line for line in undone if line.startswith("  ┃ 2. Ana [pc]: HP ▰▰▰▱▱ 6/12 · FP")]
    assert ana
    assert "fainted in the water" in ana[-1]
    assert ana[-1].endswith(" · under water")
    expect(
        t.reply("/terrain set combatant:Ana water:In water above the knee"),
        "  ┃ Ana went 234 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
        "  ┃ HT against brain damage: HT 6 = 6, rolled 9 (1, 6, 2): failure (R9.2)",
        "  ┃ Ana loses 1 IQ for good (R9.2).",
    )
    assert any("IQ 9" in line for line in t.reply("/combatant show Ana", 1))
    assert any("IQ 10" in line for line in t.reply("/combatant show Ana", 2))


HYPER = Fight(
    11,
    """
    /encounter start name:Lake
    /combatant add name:Bob st:10 dx:11 iq:10 ht:10 side:pc
    /combatant add name:Cid st:13 dx:10 iq:10 ht:12 side:pc
    /combatant skill add Cid skill:Swimming level:14
    /encounter next
    /breath shed combatant:Bob heavy:true
    /terrain set combatant:Bob water:underwater breath:hyperventilated
    /encounter next
    /breath rescue rescuer:Cid victim:Bob
    /breath rescue rescuer:Bob victim:Bob
    /breath hold combatant:Cid exertion:light preparation:oxygen
    /encounter undo
    /encounter status
""",
)


async def test_hyperventilated_default_swimming_rescue_and_pure_oxygen(tmp_path: Path) -> None:
    """R9.1: HT 10 fighting ×1.5 hyperventilated = 15 s; light exertion HT 12 × 4 × 2.5
    with pure oxygen = 120 s. R9.3: no Swimming on the sheet → HT 10 − 4 = 6; rolled 13,
    failure: 1 FP (10 → 9), next roll 2 s on under water (R13.4). R9.4: no gear off before
    a Swimming success. R9.5: Swimming 14 − 5 + (13 − 10) = 12, rolled 11: saved; nobody
    rescues himself. Undo takes the held breath back."""
    t = await play(tmp_path, HYPER)
    assert refused(t.reply("/breath shed combatant:Bob heavy:true"))
    expect(
        t.reply("/terrain set combatant:Bob water:underwater breath:hyperventilated"),
        "  ┃ Swimming 6: entering the water (R9.3).",
        "  ┃ HT 10, Strenuous, fighting (HT s), Hyperventilated first (× 1.5): 15 s of breath"
        " (R9.1).",
    )
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Bob holds his breath: 14 s left (R9.1)",
        "  ┃ Bob rolls Swimming 6 in the water: 13 (3, 4, 6), failure: swallows water, 1 FP,"
        " FP 9, HP 10 → swallowing water (next roll in 2 s) (R13.4)",
    )
    expect(
        t.reply("/breath rescue rescuer:Cid victim:Bob"),
        "  ┃ Swimming to save him: Swimming 14 -5 +3 = 12, rolled 11 (3, 4, 4): success (R9.5)",
        "  ┃ The drowning person is saved (R9.5).",
    )
    assert refused(t.reply("/breath rescue rescuer:Bob victim:Bob"))
    expect(
        t.reply("/breath hold combatant:Cid exertion:light preparation:oxygen"),
        "  ┃ HT 12, Light exertion (HT × 4 s), Hyperventilated with pure oxygen (× 2.5):"
        " 120 s of breath (R9.1).",
        "  ┃ 1. Cid [pc]: HP ▰▰▰▰▰ 13/13 · FP ▰▰▰▰▰ 12/12 · 🫧 holding his breath: 120 s left",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ 1. Cid [pc]: HP ▰▰▰▰▰ 13/13 · FP ▰▰▰▰▰ 12/12",
    )


SHED = Fight(
    3,
    """
    /encounter start name:Lake
    /combatant add name:Cid st:13 dx:12 iq:10 ht:12 side:pc encumbrance:1
    /combatant skill add Cid skill:Swimming level:12
    /encounter next
    /terrain set combatant:Cid water:underwater
    /encounter next
    /breath shed combatant:Cid heavy:true
    /encounter undo
""",
)


async def test_shedding_a_helmet_under_water_after_a_swimming_success(tmp_path: Path) -> None:
    """R9.3/R13.4: Swimming 12 − 2 × encumbrance 1 = 10, rolled 9: success. R9.4: DX 12 − 4
    for a helmet = 8, rolled 9: failure, 1 FP (12 → 11) and struggling, the next roll 2 s on
    under water; undone, FP 12 and the calm swim come back."""
    t = await play(tmp_path, SHED)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Cid rolls Swimming 10 in the water: 9 (2, 4, 3), success → swimming under water"
        " (next roll in 2 s) (R13.4)",
    )
    expect(
        t.reply("/breath shed combatant:Cid heavy:true", 1),
        "  ┃ DX to get rid of it: DX 12 -4 = 8, rolled 9 (4, 4, 1): failure (R9.4)",
        "  ┃ He fails and swallows water: 1 FP, and he is struggling (R9.4, R9.3).",
        "  ┃ FP 12 → 11 / 12",
        "  ┃ ▶ 1. Cid [pc]: HP ▰▰▰▰▰ 13/13 · FP ▰▰▰▰▱ 11/12 · 🫧 holding his breath: 11 s left"
        " · 🌊 Swimming 10: swallowing water (next roll in 2 s) · under water",
    )
    expect(
        t.reply("/encounter undo"),
        "  ┃ ▶ 1. Cid [pc]: HP ▰▰▰▰▰ 13/13 · FP ▰▰▰▰▰ 12/12 · 🫧 holding his breath: 11 s left"
        " · 🌊 Swimming 10: swimming under water (next roll in 2 s) · under water",
    )


CHOKE = Fight(
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
    /encounter next
    /encounter next
    /close-combat release holder:Orc held:Ana
    /encounter next
    /encounter undo
    /encounter undo
    /encounter status
""",
)


async def test_choke_under_water_keeps_his_own_breath_count(tmp_path: Path) -> None:
    """R11.10: ST 14 rolled 9 (+5) against HT 10 rolled 12 (−2): wins by 7; R13.4 halves
    it to 3 crushing on the neck, HP 10 → 7. Ana already holds his breath under water
    (HT 10 → 10 s, 9 left): the count goes on (9 → 8), and let go under water he still
    holds it (8 → 7). Two undos take back the turn and the release."""
    t = await play(tmp_path, CHOKE)
    expect(
        t.reply("/close-combat choke attacker:Orc target:Ana"),
        "  ┃ Contest: Orc: ST 14 = 14, rolled 9 (3, 5, 1): Success (+5)",
        "  ┃     Ana: HT 10 = 10, rolled 12 (2, 4, 6): Failure (-2)",
        "  ┃     Orc wins by 7.",
        "  ┃ Outcome: Ana takes the margin as crushing damage and still has no air: his count"
        " goes on where it was (R11.10, R9.1, R9.2).",
        "  ┃     The water takes half of all the damage, rounded down (R13.4).",
        "  ┃ Basic damage: 3 cr",
        "  ┃ Location: neck",
        "  ┃ HP: 10 → 7 / 10",
    )
    expect(t.reply("/encounter next", 4), "  ┃ Ana holds his breath: 8 s left (R9.1)")
    expect(
        t.reply("/close-combat release holder:Orc held:Ana"),
        "  ┃ 2. Ana [pc]: HP ▰▰▰▰▱ 7/10 · FP ▰▰▰▰▰ 10/10 · 🫧 holding his breath: 8 s left"
        " · 🌊 Swimming 16: swimming under water (next roll in 1 s) · in close combat with Orc"
        " · under water",
    )
    expect(t.reply("/encounter next", 6), "  ┃ Ana holds his breath: 7 s left (R9.1)")
    expect(
        t.reply("/encounter status"),
        "  ┃ 2. Ana [pc]: HP ▰▰▰▰▱ 7/10 · FP ▰▰▰▰▰ 10/10 · 🤼 grappled · 🫧 holding his breath:"
        " 8 s left · 🌊 Swimming 16: swimming under water (next roll in 1 s) · grappled by Orc"
        " · not breathing · under water",
    )


AGAIN = Fight(
    1,
    f"""
    /encounter start name:Lake
    /combatant add name:Cid st:13 dx:12 iq:10 ht:12 side:pc encumbrance:1
    /combatant skill add Cid skill:Swimming level:12
    /encounter next
    /terrain set combatant:Cid water:underwater
    {turns(3)}
""",
)


async def test_success_after_swallowing_water_stays_under_water(tmp_path: Path) -> None:
    """R9.3 with R13.4: a success after a failure is the struggle's end, but a fighter fully
    under water does not get his head above water: he swims under water again, next roll
    2 s on. Swimming 10 rolled 12: failure, FP 11; 2 s later rolled 8: success."""
    t = await play(tmp_path, AGAIN)
    expect(
        t.reply("/encounter next", 2),
        "  ┃ Cid rolls Swimming 10 in the water: 12 (1, 6, 5), failure: swallows water, 1 FP,"
        " FP 11, HP 13 → swallowing water (next roll in 2 s) (R13.4)",
    )
    again = t.reply("/encounter next", 4)
    expect(
        again,
        "  ┃ Cid rolls Swimming 10 in the water: 8 (2, 3, 3), success → swimming under water"
        " again (next roll in 2 s) (R13.4)",
    )
    assert not any("head above" in line for line in again)


RESGATE = Fight(
    7,
    """
    /encounter start name:Lago
    /combatant add name:Orc st:14 dx:12 iq:10 ht:12 side:npc
    /combatant add name:Ana st:10 dx:10 iq:10 ht:10 side:pc
    /combatant skill add Orc skill:Swimming level:16
    /combatant skill add Ana skill:Swimming level:16
    /encounter next
    /folego resgatar socorrista:Orc vitima:Ana
    /folego resgatar socorrista:Ana vitima:Ana
    /folego prender combatente:Ana
""",
    locale="pt-BR",
)


async def test_rescue_and_held_breath_in_portuguese(tmp_path: Path) -> None:
    """R9.5: Natação 16 − 5 + (ST 14 − ST 10) = 15, tirou 7: salvo; ninguém salva a si
    mesmo (recusado). R9.1: HT 10 lutando → 10 s de fôlego."""
    t = await play(tmp_path, RESGATE)
    expect(
        t.reply("/folego resgatar socorrista:Orc vitima:Ana"),
        "  ┃ 🛟 Resgate: Orc",
        "  ┃ Natação para salvá-lo: Natação 16 -5 +4 = 15, tirou 7 (2, 1, 4): sucesso (R9.5)",
        "  ┃ Quem se afogava está salvo (R9.5).",
    )
    expect(
        t.reply("/folego resgatar socorrista:Ana vitima:Ana"),
        "  ┃ Não deu certo",
        "  ┃ Ana não pode salvar a si mesmo: informe outra pessoa em vitima: (R9.5).",
    )
    expect(
        t.reply("/folego prender combatente:Ana"),
        "  ┃ HT 10, Esforço intenso, lutando (HT s), Normalmente: 10 s de fôlego (R9.1).",
        "  ┃ 2. Ana [pc]: PV ▰▰▰▰▰ 10/10 · PF ▰▰▰▰▰ 10/10 · 🫧 prendendo a respiração: faltam 10 s",
    )
