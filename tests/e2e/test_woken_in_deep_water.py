"""A man who sank in deep water, asleep or out cold, and is woken there swims up and breathes.

R9.4: not conscious in deep water (for any cause, sleep too) he makes no Swimming roll and
sinks, his brain dead 4 minutes later unless he is rescued (R9.2). Woken by the GM (R7.13:
coming round is the GM's call), he swims for the surface at once: a Swimming roll at his next
second, and at each one after it while he is under; a success puts his head above water
(R9.3) and he breathes as one who comes up or is pulled out does (R9.2: the brain-death clock
stops, First Aid for the water in his lungs, past 2 minutes without air HT or -1 IQ). The
tracker and ``/breath drown`` tell the sleeper's fate in his own words, not a fainted man's.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, Transcript, expect, play, turns

WOKEN_ASLEEP = Fight(
    7,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Bo st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /combatant condition name:Al condition:asleep
    /breath drown combatant:Al swimming:12
    /encounter status
    /encounter next
    /encounter next
    /encounter next
    /encounter next
    /encounter status
    /combatant condition name:Al condition:asleep value:false
    /encounter next
    /encounter next
    /encounter status
    """
    + turns(490)
    + """
    /encounter status
    /breath drown combatant:Al leave:true
    """,
)


def _said(t: Transcript, typed: str, line: str) -> int:
    """How many answers to ``typed`` hold ``line``."""
    return sum(line in answer for answer in t.replies(typed))


async def test_a_sleeper_woken_after_sinking_swims_up_and_his_brain_does_not_die_r9_4_r9_2(
    tmp_path: Path,
) -> None:
    """R9.4: Al asleep in deep water: ``/breath drown`` promises no Swimming roll, he sinks at
    his place (round 2 here), brain death 240 s on, round 242; the tracker says so in a
    sleeper's words. Woken at 3 s, he rolls Swimming 12 at his next second: 9, success, head
    above water, Recovering from his sinking (R9.3: another roll within a minute, not 5):
    he went 3 s without air, First Aid for his lungs, no HT roll (not past
    2 minutes, R9.2); his clock stops. Round 250: alive, swimming (his Recovering roll came
    in round 65 and left him Calm: the next in 1 min 55 s); out of the water he owes
    nothing more to the air he already got back."""
    t = await play(tmp_path, WOKEN_ASLEEP)
    expect(
        t.reply("/breath drown combatant:Al swimming:12"),
        "  ┃ Al is in deep water and not conscious: he makes no Swimming roll and sinks at his"
        " next second at his place in the turn order, without air from then on; his brain"
        " dies 4 minutes later unless he is rescued (R9.4, R9.2).",
    )
    expect(
        t.reply("/encounter status"),
        "  ┃ ▶ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 💤 asleep · 🌊 in deep water, not"
        " conscious: no Swimming roll, he sinks at his next second at his place in the turn"
        " order (R9.4)",
    )
    expect(
        t.reply("/encounter next", 3),
        "  ┃ Al is asleep in the water and sinks: no air from now on, brain death in round 242"
        " unless he is rescued (R9.4)",
    )
    expect(
        t.reply("/encounter status", 2),
        "  ┃ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 💤 asleep · 🌊 sank asleep in the"
        " water: brain death in round 242 unless he is rescued (R9.4)",
    )
    expect(
        t.reply("/combatant condition name:Al condition:asleep value:false"),
        "  ┃ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 🌊 sunk in the water, awake again:"
        " brain death in round 242 unless he swims up (a Swimming roll at each of his"
        " seconds) or is rescued (R9.4, R9.3)",
    )
    woken = t.reply("/encounter next", 6)
    expect(
        woken,
        "  ┃ Al rolls Swimming 12 in the water: 9 (4, 1, 4), success → head above water"
        " (another roll within a minute) (R9.3)",
        "  ┃ Al went 3 s without air after his breath ran out; he recovers FP normally (R9.2).",
        "  ┃ He was drowning: a First Aid roll must clear the water from his lungs (R9.2).",
    )
    assert not any("brain damage" in line for line in woken)
    expect(
        t.reply("/encounter status", 3),
        "  ┃ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 🌊 in deep water: head above water"
        " again (next roll in 1 min), Swimming 12",
    )
    assert not any(
        "brain dies" in line for answer in t.replies("/encounter next") for line in answer
    )
    late = t.reply("/encounter status", 4)
    expect(
        late,
        "  ┃ Round 250 · 249 s elapsed",
        "  ┃ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10 · 🌊 in deep water: head above water"
        " (next roll in 1 min 55 s), Swimming 12",
    )
    out = t.reply("/breath drown combatant:Al leave:true")
    expect(
        out,
        "  ┃ Al is out of the deep water (R9.3).",
        "  ┃ 1. Al [pc]: HP ▰▰▰▰▰ 10/10 · FP ▰▰▰▰▰ 10/10",
    )
    assert not any("without air" in line for line in out)


ASLEEP_AND_OUT_COLD = Fight(
    7,
    """
    /encounter start name:W
    /combatant add name:Al st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Cy st:10 dx:10 iq:10 ht:10 side:pc
    /combatant add name:Bo st:10 dx:10 iq:10 ht:10 side:npc
    /encounter next
    /combatant condition name:Al condition:asleep
    /combatant condition name:Cy condition:unconscious
    /breath drown combatant:Al swimming:12
    /breath drown combatant:Cy swimming:12
    /encounter status
    """
    + turns(3)
    + """
    /encounter status
    """
    + turns(6)
    + """
    /combatant condition name:Cy condition:unconscious value:false
    """
    + turns(720)
    + """
    /encounter status
    """,
    locale="pt-BR",
)


async def test_out_cold_woken_comes_up_the_sleeper_left_asleep_dies_r9_4_r9_2_pt_br(
    tmp_path: Path,
) -> None:
    """In pt-BR. R9.4: Al asleep and Cy unconscious go into deep water: neither is promised a
    Swimming roll, and until his place the tracker shows each one in the water, about to
    sink. Both sink in round 1: brain death round 241, Al's line a sleeper's, Cy's a fainted
    man's. Cy, brought round at 9 s, rolls Swimming 12 at his next second: 8, success: head
    above water, another roll within a minute (R9.3), 9 s without air, First Aid (R9.3,
    R9.2). Al, left asleep, dies in round 241, 4 minutes after he sank asleep (not "since
    fainting"); Cy swims on."""
    t = await play(tmp_path, ASLEEP_AND_OUT_COLD)
    expect(
        t.reply("/breath drown combatant:Cy swimming:12"),
        "  ┃ Cy está em água funda e inconsciente: não faz teste de Natação e afunda no próximo"
        " segundo dele, na vez dele na ordem dos turnos, sem ar a partir daí; o cérebro morre"
        " 4 minutos depois, a menos que seja resgatado (R9.4, R9.2).",
    )
    sinking = (
        "🌊 em água funda, inconsciente: sem teste de Natação, afunda no próximo segundo dele,"
        " na vez dele na ordem dos turnos (R9.4)"
    )
    expect(
        t.reply("/encounter status"),
        f"  ┃ 2. Al [pc]: PV ▰▰▰▰▰ 10/10 · PF ▰▰▰▰▰ 10/10 · 💤 adormecido · {sinking}",
        f"  ┃ 3. Cy [pc]: PV ▰▰▰▰▰ 10/10 · PF ▰▰▰▰▰ 10/10 · 😵 inconsciente · {sinking}",
    )
    expect(
        t.reply("/encounter status", 2),
        "  ┃ 2. Al [pc]: PV ▰▰▰▰▰ 10/10 · PF ▰▰▰▰▰ 10/10 · 💤 adormecido · 🌊 afundou dormindo"
        " na água: morte cerebral na rodada 241 se ele não for resgatado (R9.4)",
        "  ┃ 3. Cy [pc]: PV ▰▰▰▰▰ 10/10 · PF ▰▰▰▰▰ 10/10 · 😵 inconsciente · 🌊 desmaiado na"
        " água: morte cerebral na rodada 241 se ele não for resgatado (R9.4)",
    )
    come_up = (
        "  ┃ Cy testa Natação 12 na água: 8 (1, 4, 3), sucesso → cabeça fora d'água (outro"
        " teste em até um minuto) (R9.3)"
    )
    assert _said(t, "/encounter next", come_up) == 1
    woken = next(a for a in t.replies("/encounter next") if come_up in a)
    expect(
        woken,
        "  ┃ Cy ficou 9 s sem ar depois que o fôlego acabou; recupera PF normalmente (R9.2).",
        "  ┃ Ele estava se afogando: um teste de Primeiros Socorros precisa tirar a água dos"
        " pulmões (R9.2).",
    )
    died = "  ┃ Al passou 4 minutos sem ar desde que afundou dormindo: o cérebro morre (R9.2)"
    assert _said(t, "/encounter next", died) == 1
    assert not any("desmaiar" in line for answer in t.replies("/encounter next") for line in answer)
    last = t.reply("/encounter status", 3)
    expect(last, "  ┃ 2. Al [pc]: PV ▰▰▰▰▰ 10/10 · 💀 morto")
    assert any(
        line.startswith("  ┃ 3. Cy [pc]: PV ▰▰▰▰▰ 10/10 · PF ▰▰▰▰▰ 10/10 · 🌊 em água funda:")
        for line in last
    )
