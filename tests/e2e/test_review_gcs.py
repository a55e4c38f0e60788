"""GCS characters imported and fought in the sandbox, checked against the files and the catalog.

The sheets are the project's own hand-written GCS files (``tests/fixtures/gcs/``):

- ``ivo.gcs`` (version 5): Ivo Brandt, ST 12, DX 12, HT 12, Combat Reflexes, High Pain
  Threshold, a broadsword with two usages (Swung, Thrust), a Regular Bow (ST13) with minimum
  ST "13†", a small shield (DB 1), a mail shirt "4/2*" (flexible by its notes) and boots (DR 2
  on the feet) whose feature gives +1 to Kick, picking it by ``{compare: is, qualifier: Kick}``;
- ``marsh_cat.gcs`` (version 5): a quadruped, SM +1, ST 14, DX 12, HT 12, Move 9, sharp claws
  (Kick) and teeth (Bite), Tough Skin DR 1, Brawling 14 (DX+2: +1 per die, B182);
- ``old_boar_v1.gcs``: a GCS 4 file (version 1), refused.

What each number must be:
- Ivo: 32 lb carried (3+2+8+16+3), Basic Lift 29 lb (12×12/5 = 28.8) → Light (≤ 2×BL, A.5):
  Move 4 = GCS move[1]; GCS Dodge 10 at Light = 6+3+1 CR+1 DB−1; the sheet keeps 9 (the bot's
  own number) and adds the shield's DB when he defends (A.4). Parry 11 = 3+14/2+1 CR (GCS 12
  with the DB), Punch 10 = 3+13/2+1; Block 10 = 3+13/2+1 (GCS 11). Swing of ST 12 is 1d+2
  (A.3): sw+1 = 1d+3; thrust 1d-1: thr+1 = 1d, thr-1 = 1d-2; the Kick's thr +1 of the boots
  is GCS's 1d. The bow (ST 13 > 12) is at Bow 12 − 1 = 11 in GCS's computed level.
  Mail 4/2*: DR 4, 2 against crushing (A.2); the skull's 2 in GCS is the rules' own +2 (R7.25).
- Marsh Cat: thrust of ST 14 is 1d: Kick thr cut +1 = 1d+1, Bite thr-1 cut +1 = 1d; Basic
  Speed 6, Move 9; Dodge by R6.1 = floor(max(9, 12)/2) = 6 (GCS's 9 is the Basic Set's
  Basic Speed + 3); DR 1 everywhere but the eyes.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.review_gcs_sheets import BOAR_V1, CAT, WARRIOR, savanna
from tests.e2e.review_play import Fight, expect, play, refused


async def test_cat_sheet_matches_the_files_computed_values(tmp_path: Path) -> None:
    """Marsh Cat (version 5): attributes, Basic Speed 6, Move 9, SM +1, the R6.1 Dodge 6, the
    two natural weapons at GCS's levels (Kick 12 1d+1 cut, Bite 14 1d cut), no parry for
    either, DR 1 (the skull's +2 left to R7.25), its skills at their computed levels."""
    t = await play(
        tmp_path, Fight(1, f"/character import file:{CAT}\n/character show name:Marsh Cat")
    )
    for answer in (
        t.reply(f"/character import file:{CAT}"),
        t.reply("/character show name:Marsh Cat"),
    ):
        expect(
            answer,
            "  ┃ Attributes: ST 14 · DX 12 · IQ 4 · HT 12",
            "  ┃     HP 14 · FP 12 · Will 10 · Per 12",
            "  ┃ Defenses: Dodge 6 · Parry — · Block —",
            "  ┃ Speed, Move and protection: Basic Speed 6 · Move 9 · DR 1 · SM +1 · encumbrance 0",
            "  ┃ Skills: Brawling 14, Running 12, Stealth 13",
            "  ┃ Weapons: Claws, Sharp (Kick) — skill 12 · 1d+1 cut (1d+1) · reach C,1 · Parry —",
            "  ┃     Teeth, Sharp (Bite) — skill 14 · 1d cut (1d) · reach C · Parry —",
            "  ┃ Armor (DR): Everywhere: 1",
            "  ┃     eye: 0",
        )


async def test_warrior_sheet_encumbrance_defenses_damage_and_armor(tmp_path: Path) -> None:
    """Ivo (version 5): Light encumbrance → Move 4; Dodge 9, Parry 11, Block 10 without the
    shield's DB 1 (A.4); sw+1 = 1d+3, thr+1 = 1d at ST 12 (A.3); the bow's ranged table; the
    shield; mail and boots flexible (their notes say so); Combat Reflexes, High Pain
    Threshold and male humanoid (R7.28)."""
    t = await play(tmp_path, Fight(1, f"/character import file:{WARRIOR}"))
    expect(
        t.reply(f"/character import file:{WARRIOR}"),
        "  ┃ Ivo Brandt imported",
        "  ┃ Attributes: ST 12 · DX 12 · IQ 10 · HT 12",
        "  ┃     HP 12 · FP 12 · Will 10 · Per 10",
        "  ┃ Defenses: Dodge 9 · Parry Broadsword (Swung) 11, Broadsword (Thrust) 11, "
        "Natural Attacks (Punch) 10 · Block 10",
        "  ┃ Speed, Move and protection: Basic Speed 6 · Move 4 · DR 0 · SM +0 · encumbrance 1",
        "  ┃ Traits: Combat Reflexes, High Pain Threshold, Male humanoid (groin, R7.28)",
        "  ┃ Skills: Bow 12, Brawling 13, Broadsword 14, Shield (Shield) 13",
        "  ┃ Weapons: Broadsword (Swung) — skill 14 · sw+1 cut (1d+3) · reach 1 · Parry 11",
        "  ┃     Broadsword (Thrust) — skill 14 · thr+1 cr (1d) · reach 1 · Parry 11",
        "  ┃     Regular Bow (ST13) — skill 11 · 1d+1 imp (1d+1) · Acc 2 · range 195/260 · RoF 1 · "
        "shots 1(2) · Bulk -7",
        "  ┃     Small Shield (Shield Bash) — skill 13 · thr cr (1d-1) · reach 1 · Parry —",
        "  ┃     Natural Attacks (Punch) — skill 13 · thr-1 cr (1d-2) · reach C · Parry 10",
        "  ┃     Natural Attacks (Kick) — skill 11 · 1d cr (1d) · reach C,1 · Parry —",
        "  ┃ Shield: Small Shield — skill 13 · DB 1 · Block 10",
        "  ┃ Armor (DR): Everywhere: 0",
        "  ┃     torso: 4 flexible",
        "  ┃     vitals: 4 flexible",
        "  ┃     foot: 2 flexible",
    )


async def test_cat_hunt_in_portuguese(tmp_path: Path) -> None:
    """pt-BR, seed 26. Ivo hits (7 vs 14); the cat dodges at R6.1's 6 and fails (11); 1d+3 →
    8 cut, DR 1 (Tough Skin), 7 × 1.5 = 10 injury (A.2), HP 14 → 4: a Major Wound (10 > 7,
    R7.7), shock −4 (R7.6), knockdown HT 12 rolled 14 (R7.8). /teste reads the cat's
    Running 12 (74.1%) and Ivo's Per 10 (50.0%)."""
    t = await play(tmp_path, Fight(26, savanna(), "pt-BR"))
    expect(
        t.reply(":click Esquiva"),
        "  ┃ Arma: Broadsword (Swung) (GeB+1 cort)",
        "  ┃ Teste de ataque: Tirou 7 (2, 4, 1): acerto (por 7)",
        "  ┃ Defesas: Esquiva 6",
        "  ┃ Esquiva: base 6",
        "  ┃ Teste de defesa: Tirou 11 (5, 5, 1): falhou (por 5)",
        "  ┃ Dano básico: 1d+3 → 8 cort (5)",
        "  ┃ RD: 1",
        "  ┃ Dano penetrante: 7",
        "  ┃ Multiplicador: ×1,5",
        "  ┃ Dano real: 10",
        "  ┃ PV: 14 → 4 / 14",
        "  ┃ Consequências: Choque -4 no próximo turno (R7.6)",
        "  ┃     Ferimento grave (R7.7)",
        "  ┃     Prostração: HT 12 = 12, tirou 14 (4, 4, 6): fracasso (R7.8)",
    )
    expect(
        t.reply("/teste skill:Running character:Marsh Cat"),
        "  ┃ NH efetivo: Running 12",
        "  ┃ Chance de sucesso: 74,1% (sucesso decisivo 1,9%, falha crítica 1,9%)",
    )
    expect(
        t.reply("/teste skill:Per character:Ivo Brandt"),
        "  ┃ NH efetivo: Per 10",
        "  ┃ Chance de sucesso: 50,0% (sucesso decisivo 1,9%, falha crítica 1,9%)",
    )


async def test_files_that_are_not_characters_are_refused_in_both_languages(tmp_path: Path) -> None:
    """A template, a truncated file, an empty file, XML, GCS 4's version 1 and a future version 6
    are refused privately, saying which; a 5000-character name is cut to 80 characters and a
    blank one takes the file's name, and both sheets can be shown."""
    sheet = json.loads(WARRIOR.read_text(encoding="utf-8"))
    template = tmp_path / "template.gct"
    template.write_text(json.dumps({"version": 5, "id": "T1", "skills": sheet["skills"]}))
    text = json.dumps(sheet["skills"], indent="\t")
    truncated = tmp_path / "truncated.gcs"
    truncated.write_text('{\n\t"version": 5,\n\t"skills": ' + text[: len(text) // 2])
    empty = tmp_path / "empty.gcs"
    empty.write_text("")
    xml = tmp_path / "old.gcs"
    xml.write_text("<character><name>x</name></character>")
    future = tmp_path / "future.gcs"
    future.write_text(json.dumps({**sheet, "version": 6}))
    huge = tmp_path / "huge.gcs"
    huge.write_text(json.dumps({**sheet, "profile": {**sheet["profile"], "name": "X" * 5000}}))
    blank = tmp_path / "blank.gcs"
    blank.write_text(json.dumps({**sheet, "profile": {**sheet["profile"], "name": "   "}}))
    short = "X" * 79 + "…"
    t = await play(
        tmp_path,
        Fight(
            1,
            f"""
            /character import file:{template}
            /character import file:{truncated}
            /character import file:{empty}
            /character import file:{xml}
            /character import file:{BOAR_V1}
            /character import file:{future}
            /character import file:{huge}
            /character show name:{short}
            /character import file:{blank}
            /character show name:blank
            :locale pt-BR
            /personagem importar file:{BOAR_V1}
            /personagem importar file:{truncated}
            """,
        ),
    )
    for bad in (template, truncated, empty, xml, BOAR_V1, future):
        assert refused(t.reply(f"/character import file:{bad}")), bad
    expect(
        t.reply(f"/character import file:{template}"),
        "  ┃ This is a GCS file, but not a character: attach a character's .gcs file (not a list "
        "of traits, skills or equipment, nor a template).",
    )
    expect(
        t.reply(f"/character import file:{BOAR_V1}"),
        "  ┃ This GCS file is in version 1; the bot reads versions 2 to 5. Open it in GCS, save it "
        "and attach it again.",
    )
    expect(
        t.reply(f"/character import file:{future}"),
        "  ┃ This GCS file is in version 6; the bot reads versions 2 to 5. Open it in GCS, save it "
        "and attach it again.",
    )
    expect(
        t.reply(f"/character import file:{empty}"),
        "  ┃ The file is not valid JSON (line 1, column 1).",
    )
    expect(t.reply(f"/character show name:{short}"), f"  ┃ {short}")
    expect(t.reply(f"/character import file:{blank}"), "  ┃ blank imported")
    expect(t.reply("/character show name:blank"), "  ┃ Attributes: ST 12 · DX 12 · IQ 10 · HT 12")
    expect(
        t.reply(f"/personagem importar file:{BOAR_V1}"),
        "  ┃ Não deu certo",
        "  ┃ Este arquivo do GCS está na versão 1; o bot lê as versões 2 a 5. Abra-o no GCS, salve "
        "e anexe de novo.",
    )
    assert any(
        "O arquivo não é JSON válido" in line
        for line in t.reply(f"/personagem importar file:{truncated}")
    )
