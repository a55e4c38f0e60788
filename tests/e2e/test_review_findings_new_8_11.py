"""Defects a review of sections 8-11 found (fire, choke, burning DX, undo), each replayed
through the sandbox with the review's script and seed, and checked against the catalog
(rule ids and the catalog's numbers in each docstring).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, turns
from tests.e2e.test_review_new_8_11 import CHOKE_AND_BREATH, FIRE_IN_PORTUGUESE, TIGHT_BEAMS

BURNING_ZERO = Fight(
    1,
    """
    /encounter start name:Fire
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:20
    /encounter next
    /environment fire exposure:partial combatant:Orc
    /environment catch-fire damage:3 combatant:Orc
    /encounter next
    /encounter next
""",
)


async def test_a_second_of_fire_rolling_zero_does_no_injury_g7_r10_5(tmp_path: Path) -> None:
    """G7: environmental damage (fire) is floored at 0; R10.5: part of the clothes burn
    1d-4 a second. A die of 2 does 0: injury 0, HP 18 stays 18 (before the fix, the attack
    minimum of 1 took him to 17 and gave him shock every round)."""
    fight = await play(tmp_path, BURNING_ZERO)
    expect(
        fight.reply("/encounter next", 3),
        "  ┃ Orc burns: 1d-4 rolled 0 (2), injury 0, HP 18 → 18 (R10.5)",
    )


CHOKE = Fight(
    3,
    f"""
    /encounter start name:Choke
    /combatant add name:Al st:16 dx:12 iq:10 ht:12
    /combatant add name:Orc st:10 dx:10 iq:9 ht:3 fp:4 hp:30
    /encounter next
    /close-combat grapple attacker:Al target:Orc
    {turns(2)}
    /close-combat choke attacker:Al target:Orc
    /encounter status
""",
)


async def test_a_choke_knocks_no_one_back_r11_10_r7_14(tmp_path: Path) -> None:
    """R11.10: Al (ST 16) wins by 15 over the Orc's HT 3: 15 crushing. R7.14 would push an
    ST 10 man 15 // 8 = 1 m for a crushing blow, but hands on the throat of a man held in a
    grapple throw nobody: no knockback line, no footing roll, no fall; he stays grappled."""
    fight = await play(tmp_path, CHOKE)
    choke = fight.reply("/close-combat choke attacker:Al target:Orc")
    expect(choke, "  ┃     Al wins by 15.", "  ┃ Basic damage: 15 cr", "  ┃ Injury: 15")
    assert not [line for line in choke if "R7.14" in line or "Knocked back" in line]
    orc = next(line for line in fight.reply("/encounter status") if "2. Orc" in line)
    assert "grappled by Al" in orc
    assert "prone" not in orc


BURNING_DX = Fight(
    5,
    """
    /encounter start name:Burn
    /combatant add name:Ann st:11 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:40
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /combatant shield set name:Orc skill:12 db:2
    /encounter next
    /environment catch-fire damage:12 combatant:Orc
    /check skill:DX character:Orc
    /combatant show name:Orc
""",
)


async def test_a_dx_roll_and_the_sheet_take_the_burning_penalty_r10_6(tmp_path: Path) -> None:
    """R10.6: all his clothes alight, -3 DX: a DX roll by name is against 12 - 3 = 9, and
    the sheet shows the defenses the buttons offer: Dodge (9+12)/4 = 5.25 → 8, Parry with
    Axe 9 → 3 + 4 = 7, Block with shield 9 → 7 (A.4)."""
    fight = await play(tmp_path, BURNING_DX)
    expect(
        fight.reply("/check skill:DX character:Orc"),
        "  ┃ Effective skill: DX 12",
        "  ┃     -3 all his clothing on fire (R10.6)",
        "  ┃     = 9",
    )
    expect(
        fight.reply("/combatant show name:Orc"),
        "  ┃ Defenses: Dodge 8 · Parry Axe 7 · Block 7",
    )


BURNING_DX_PT = Fight(BURNING_DX.seed, BURNING_DX.script, locale="pt-BR")


async def test_the_burning_penalty_on_a_dx_roll_in_portuguese_r10_6(tmp_path: Path) -> None:
    """R10.6 in pt-BR: the same -3 on the DX roll, named in Portuguese."""
    fight = await play(tmp_path, BURNING_DX_PT)
    block = fight.reply("/check skill:DX character:Orc")
    assert any("-3 " in line and "(R10.6)" in line for line in block), block
    assert any(line.endswith("= 9") for line in block), block


PUTTING_OUT_IN_TURN = Fight(
    2,
    """
    /encounter start name:Fogo
    /combatant add name:Ana st:11 dx:12 iq:10 ht:12
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:40
    /combatant weapon add name:Orc weapon:Machado skill:12 damage:sw+2 cut
    /encounter next
    /damage target:Orc amount:1d burn inc
    /environment catch-fire damage:12 combatant:Orc
    /encounter next
    /attack attacker:Orc target:Ana weapon:Machado
    /environment extinguish combatant:Orc
    /encounter next
    /environment extinguish combatant:Orc dive:true
    /encounter next
    /environment extinguish combatant:Orc
    /environment extinguish combatant:Orc
    /encounter next
    /encounter next
    /environment extinguish combatant:Orc
    /encounter next
    /encounter next
    /environment extinguish combatant:Orc
""",
    locale="pt-BR",
)


async def test_putting_out_the_fire_is_his_maneuver_on_his_turn_r10_6_r4_4(
    tmp_path: Path,
) -> None:
    """R10.6: all the clothes alight: each try takes three Ready maneuvers, the DX roll (at
    plain DX 12) after the third, the fire burning meanwhile; R4.4: a turn is one maneuver.
    Refused after his attack in the same turn, on Ana's turn (even a dive) and a second
    time in one turn; then 1 of 3, 2 of 3, and the roll on his third turn (17: still
    burning). In Portuguese, as the review played it."""
    fight = await play(tmp_path, PUTTING_OUT_IN_TURN)
    tries = fight.replies("/environment extinguish combatant:Orc")
    already = (
        "  ┃ Orc já escolheu a manobra deste turno: é uma manobra por turno (R4.4), e ela vale"
        " até o próximo turno de Orc. Para trocá-la, use antes /encontro desfazer."
    )
    expect(tries[0], already)
    expect(
        fight.reply("/environment extinguish combatant:Orc dive:true"),
        "  ┃ Apagar o fogo de Orc usa a manobra da própria vez: cada tentativa é um Preparar"
        " (R10.6, R4.4).",
    )
    expect(
        tries[1],
        "  ┃ Orc gasta um Preparar com o fogo: 1 de 3; o teste de DX vem com o último, e o fogo"
        " segue queimando até lá (R10.6).",
    )
    expect(tries[2], already)
    burning = [r for r in fight.replies("/encounter next") if any("Orc queima" in x for x in r)]
    expect(burning[2], "  ┃ Orc queima: 1d-1 tirou 2 (3), lesão 2, PV 33 → 31 (R10.6)")
    expect(
        tries[3],
        "  ┃ Orc gasta um Preparar com o fogo: 2 de 3; o teste de DX vem com o último, e o fogo"
        " segue queimando até lá (R10.6).",
    )
    expect(
        tries[4],
        "  ┃ DX para apagar: DX 12 = 12, tirou 17 (5, 6, 6): falha crítica (R10.6)",
        "  ┃ Ainda queimando. Cada tentativa leva 3 Preparar (R10.6).",
    )


UNDO_NAMES_IT = Fight(
    2,
    """
    /encounter start name:Burn
    /combatant add name:Orc st:12 dx:12 iq:9 ht:12 hp:40
    /combatant add name:Ann st:11 dx:10 iq:10 ht:12
    /encounter next
    /environment catch-fire damage:4 combatant:Orc
    /environment extinguish combatant:Orc
    /environment extinguish combatant:Orc
    /encounter undo
    /encounter undo
    /environment extinguish combatant:Ann dive:true
""",
)


async def test_undo_names_the_command_it_takes_back_r10_5(tmp_path: Path) -> None:
    """The review's M1: a failed try at putting the fire out (R10.5) is now his maneuver, so
    a step of its own: the first undo takes back the try and says so, the second the
    catch-fire. M2: putting out someone not on fire suggests the status, not a fall."""
    fight = await play(tmp_path, UNDO_NAMES_IT)
    expect(fight.reply("/encounter undo"), "  ┃ Undone: /environment extinguish by Orc")
    expect(fight.reply("/encounter undo", 2), "  ┃ Undone: /environment catch-fire on Orc")
    expect(
        fight.reply("/environment extinguish combatant:Ann dive:true"),
        "  ┃ Ann is not on fire.",
        "  ┃ Try, for example: /encounter status shows who is on fire (🔥)",
    )


UNDO_NAMES_IT_PT = Fight(UNDO_NAMES_IT.seed, UNDO_NAMES_IT.script, locale="pt-BR")


async def test_undo_names_the_command_in_portuguese_r10_5(tmp_path: Path) -> None:
    """M1 and M2 in pt-BR."""
    fight = await play(tmp_path, UNDO_NAMES_IT_PT)
    expect(fight.reply("/encounter undo"), "  ┃ Desfeito: /ambiente apagar de Orc")
    expect(fight.reply("/encounter undo", 2), "  ┃ Desfeito: /ambiente pegar-fogo em Orc")
    expect(
        fight.reply("/environment extinguish combatant:Ann dive:true"),
        "  ┃ Ann não está pegando fogo.",
    )


async def test_a_second_choke_says_the_count_goes_on_r11_10_r9_1(tmp_path: Path) -> None:
    """M3: R9.1-R9.2: a second choke on a man already out of air does not start a new held
    breath (his FP count goes on), and the reply now says so instead of repeating "he holds
    his breath HT seconds"."""
    fight = await play(tmp_path, CHOKE_AND_BREATH)
    expect(
        fight.reply("/close-combat choke attacker:Al target:Orc", 2),
        "  ┃ Outcome: Orc takes the margin as crushing damage and still has no air: his count"
        " goes on where it was (R11.10, R9.1, R9.2).",
    )


async def test_intense_heat_past_its_safe_time_in_portuguese_without_gender_r10_10(
    tmp_path: Path,
) -> None:
    """M3 and M5: R10.10 with DR 0: no safe time, so the tracker says only "HT a cada
    segundo" (not "seguro por mais 0 s"); the sheet has no gender, so Ana's line names her
    turn ("na vez de Ana") rather than the masculine "na vez dele"."""
    fight = await play(tmp_path, FIRE_IN_PORTUGUESE)
    expect(
        fight.reply("/environment intense-heat combatant:Ana"),
        "  ┃ Ana está em calor intenso, RD 0: seguro por 0 s, depois um teste de HT a cada"
        " segundo na vez de Ana na ordem de turnos, cada falha 1 PF, até sair do calor"
        " (R10.10).",
        "  ┃ 1. Ana [npc]: PV ▰▰▰▰▰ 11/11 · PF ▰▰▰▰▰ 12/12 · 🌋 em calor intenso: HT a cada"
        " segundo",
    )


async def test_a_tight_beam_says_what_it_counts_for_the_clothes_r10_3(tmp_path: Path) -> None:
    """M4: R10.3: a tight beam's 25 burning counts 25 ÷ 10 = 2.5 against the clothes' 3
    (R10.5): the reply shows the 2.5 that was compared, not just the 25."""
    fight = await play(tmp_path, TIGHT_BEAMS)
    expect(
        fight.reply("/damage target:Bob amount:25 type:burn tight-beam:true"),
        "  ┃ Consequences: Bob: 25 burning from a tight beam counts 25 ÷ 10 = 2.5 (R10.3): it"
        " sets nothing alight (R10.5).",
    )
