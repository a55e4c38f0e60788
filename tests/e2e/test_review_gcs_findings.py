"""Defects found reviewing GCS import and fights with imported sheets, each asserting the
correct behaviour (sheets and sources: test_review_gcs.py)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_gcs_sheets import CAT, WARRIOR, savanna
from tests.e2e.review_play import Fight, expect, play, refused


async def test_a_sheet_with_a_kick_bonus_on_boots_is_imported(tmp_path: Path) -> None:
    """Ivo's boots carry a ``weapon_bonus`` picking weapons by ``specialization: {compare: is,
    qualifier: Kick}``, a field GCS 5 writes. The bot refused the whole file ("a value the bot
    cannot read at equipment.4.features.1.specialization"); GCS's own Kick (1d cr: thr 1d-1 at
    ST 12, +1 of the boots) already holds the bonus, so the sheet imports with it."""
    t = await play(tmp_path, Fight(1, f"/character import file:{WARRIOR}"))
    answer = t.reply(f"/character import file:{WARRIOR}")
    assert not refused(answer), answer
    expect(
        answer,
        "  ┃ Ivo Brandt imported",
        "  ┃     Natural Attacks (Kick) — skill 11 · 1d cr (1d) · reach C,1 · Parry —",
    )


def _hit_on_the_arm(option: str) -> str:
    return f"""
    {option}
    /character import file:{WARRIOR}
    /encounter start name:Pain
    /combatant add character:Ivo Brandt
    /combatant add name:Post st:10 dx:10 iq:10 ht:10
    /encounter next
    /damage target:Ivo Brandt amount:3 type:cr location:arm
    /attack attacker:Ivo Brandt target:Post weapon:Broadsword (Swung)
    """


async def test_high_pain_threshold_from_the_file_removes_shock_when_the_guild_says_so(
    tmp_path: Path,
) -> None:
    """R7.6 (the seed) gives shock whatever the pain threshold; the guild's
    ``pain_threshold_shock`` (Basic Set B59), set by a GM with /settings, lets Ivo's High Pain
    Threshold, read from his file, ignore it. 3 crushing to the bare arm: off, his attack is
    at Broadsword 14 − 3 = 11; on, no shock: 14."""
    damage = "/damage target:Ivo Brandt amount:3 type:cr location:arm"
    attack = "/attack attacker:Ivo Brandt target:Post weapon:Broadsword (Swung)"
    seed = await play(tmp_path, Fight(4, _hit_on_the_arm("")))
    expect(
        seed.reply(damage), "  ┃ Injury: 3", "  ┃ Consequences: Shock -3 on the next turn (R7.6)"
    )
    expect(
        seed.reply(attack),
        "  ┃ Effective skill: Skill 14",
        "  ┃     -3 shock (R7.6)",
        "  ┃     = 11",
    )
    option = "/settings rule option:pain_threshold_shock enabled:true"
    basic_set = await play(tmp_path / "b", Fight(4, _hit_on_the_arm(option)))
    expect(basic_set.reply(option), "  ┃ Pain thresholds change shock is now on.")
    expect(basic_set.reply(damage), "  ┃ Injury: 3")
    assert not any("Shock" in line for line in basic_set.reply(damage))
    expect(basic_set.reply(attack), "  ┃ Effective skill: Skill 14", "  ┃     = 14")
    assert not any("shock" in line for line in basic_set.reply(attack))


async def test_portuguese_weapon_line_names_the_damage_type_in_portuguese(tmp_path: Path) -> None:
    """pt-BR (A.6): the damage line says "8 cort", and so do the weapon line of the same reply
    and the imported sheet (they said "sw+1 cut", "1d+1 cut")."""
    t = await play(tmp_path, Fight(26, savanna(), "pt-BR"))
    expect(t.reply(":click Esquiva"), "  ┃ Arma: Broadsword (Swung) (GeB+1 cort)")
    sheet = t.reply(f"/character import file:{CAT}")
    expect(
        sheet,
        "  ┃ Armas: Claws, Sharp (Kick) — NH 12 · 1d+1 cort (1d+1) · alcance C,1 · Aparar —",
    )
    assert not [line for line in sheet if " cut" in line], sheet


async def test_knocked_down_cat_keeps_its_claws_and_teeth(tmp_path: Path) -> None:
    """R7.8: a knocked-down fighter drops what he is holding. The cat's Kick and Bite come from
    its traits (Claws, Sharp; Teeth, Sharp: natural attacks, B42/B91): nothing to drop. The
    tracker said "largou: Claws, Sharp (Kick), Teeth, Sharp (Bite)"."""
    t = await play(tmp_path, Fight(26, savanna(), "pt-BR"))
    after = t.reply(":click Esquiva")
    expect(after, "  ┃     Prostrado e atordoado (R7.8).")
    assert [line for line in after if "⤵️ caído" in line], after
    assert not [line for line in after if "largou" in line], after


async def test_an_imported_animal_dodges_by_r6_1_or_by_the_guild_s_basic_set_reading(
    tmp_path: Path,
) -> None:
    """The cat (quadruped, Move 9, DX 12, Basic Speed 6) is an animal. The seed's R6.1: half
    its Move or DX, whichever is better: 6 (GCS's own 9 is not kept). With the guild's
    ``animal_dodge_basic_set`` it dodges like anyone: 6 + 3 = 9 (Basic Set), on its sheet
    and against the blow (same seed: rolled 11, failed by 2)."""
    seed = await play(tmp_path, Fight(26, savanna(), "pt-BR"))
    expect(seed.reply(":click Esquiva"), "  ┃ Defesas: Esquiva 6", "  ┃ Esquiva: base 6")
    expect(
        seed.reply(f"/character import file:{CAT}"),
        "  ┃ Defesas: Esquiva 6 · Aparar — · Bloqueio —",
    )
    basic_set = await play(tmp_path / "b", Fight(26, savanna(basic_set_dodge=True), "pt-BR"))
    expect(
        basic_set.reply(f"/character import file:{CAT}"),
        "  ┃ Defesas: Esquiva 9 · Aparar — · Bloqueio —",
    )
    expect(
        basic_set.reply(":click Esquiva"),
        "  ┃ Defesas: Esquiva 9",
        "  ┃ Esquiva: base 9",
        "  ┃ Teste de defesa: Tirou 11 (5, 5, 1): falhou (por 2)",
    )
