"""The last fixes, played through the sandbox in English and Portuguese, seeded dice.

1. A blow waiting for its defense follows its target: a stun (R7.10), a posture (B551), FP
   below 1/3 (R8.1), an undo, the GM's /damage that knocks him down (R7.8: prone, the spear
   dropped, the strapped shield kept) and the GM's All-Out Defense (R5.12) all edit the
   attack's message with the numbers the click then rolls; a change to the attacker does not.
2. A Wait chosen in his own turn is neither swapped nor followed by an attack (R4.4, R5.11);
   set off in the foe's turn it becomes the attack.
3. A weapon dropped on a knockdown: the refusal names the two Readies (R7.8, R5.5); /check of a
   skill held in two specializations names both.
4. A GCS sheet listing no vitals: the vitals take the torso's DR (R7.24).
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

ROOT = Path(__file__).resolve().parents[2]
TWO_USAGES = ROOT / "tests" / "fixtures" / "gcs" / "two_usages.gcs"

OPENING = """
    /encounter start name:Pending
    /combatant add name:Alice st:11 dx:13 iq:10 ht:{ht} owner:alice
    /combatant weapon add name:Alice weapon:Spear skill:14 damage:thr+2 imp reach:1,2
    /combatant shield set name:Alice skill:12 db:2 shield:Buckler
    /combatant add name:Orc st:13 dx:11 iq:9 ht:12
    /combatant weapon add name:Orc weapon:Axe skill:16 damage:sw+2 cut"""
"""Alice (HT 11: Speed 6, first; HT 9: Speed 5.5, after the orc's 5.75, R4.3) with a spear
and a strapped buckler (DB 2); the orc's axe at skill 16."""

EDITED = "GURPS Combat (/attack by gm; edited):"

# 1. A blow waiting for its defense ----------------------------------------------------

FOLLOWS = Fight(
    1,
    OPENING.format(ht=11)
    + """
    /encounter next
    /maneuver combatant:Alice maneuver:Do Nothing
    /encounter next
    /attack attacker:Orc target:Alice
    /combatant condition name:Alice condition:stunned
    /encounter undo
    /combatant condition name:Alice posture:kneeling
    /fatigue spend amount:8 combatant:Alice
    """,
)


async def test_waiting_blow_follows_stun_undo_posture_fatigue_r7_10_r8_1(tmp_path: Path) -> None:
    """R7.10: stunned, -4 and no Retreat; the undo puts 11/12/11 back; kneeling -2 and no
    Retreat (R6.9); FP 3/11 halves Dodge 9 to 5 (R8.1), then +2 DB -2 posture = 5."""
    t = await play(tmp_path, FOLLOWS)
    expect(
        t.reply("/attack attacker:Orc target:Alice"),
        "  ┃ Defenses: Dodge 11 · base 9 · +2 shield DB (A.4)",
        "  [1 Dodge 11] [2 Parry 12 (Spear)] [3 Block 11] [4 Retreat (+3)] [5 No defense]",
    )
    stunned = t.reply("/combatant condition name:Alice condition:stunned")
    expect(
        stunned,
        EDITED,
        "  ┃ Defenses: Dodge 7 · base 9 · +2 shield DB (A.4) · -4 stunned (R7.10)",
        "  ┃     Parry 8 (Spear) · base 10 · +2 shield DB (A.4) · -4 stunned (R7.10)",
        "  ┃     Retreat not possible: no Retreat while stunned (R7.10)",
        "  [1 Dodge 7] [2 Parry 8 (Spear)] [3 Block 7] [4 No defense]",
    )
    expect(
        t.reply("/encounter undo"),
        EDITED,
        "  [1 Dodge 11] [2 Parry 12 (Spear)] [3 Block 11] [4 Retreat (+3)] [5 No defense]",
    )
    expect(
        t.reply("/combatant condition name:Alice posture:kneeling"),
        EDITED,
        "  ┃ Defenses: Dodge 9 · base 9 · +2 shield DB (A.4) · -2 posture (B551)",
        "  ┃     Retreat not possible: no Retreat while sitting or kneeling (R6.9)",
        "  [1 Dodge 9] [2 Parry 10 (Spear)] [3 Block 9] [4 No defense]",
    )
    expect(
        t.reply("/fatigue spend amount:8 combatant:Alice"),
        EDITED,
        "  ┃ Defenses: Dodge 5 · base 9 · -4 below 1/3 FP (halved) (R8.1) · +2 shield DB (A.4)"
        " · -2 posture (B551)",
        "  [1 Dodge 5] [2 Parry 10 (Spear)] [3 Block 9] [4 No defense]",
    )


KNOCKED_DOWN = Fight(
    2,
    OPENING.format(ht=9)
    + """
    /encounter next
    /attack attacker:Orc target:Alice
    /combatant condition name:Orc posture:kneeling
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:double defense
    /damage target:Alice amount:8 type:crushing (cr)
    /encounter undo
    """,
)


async def test_waiting_blow_follows_the_gms_knockdown_r7_8(tmp_path: Path) -> None:
    """R7.8: 8 cr at HT 9 (rolled 12) knocks Alice down: prone -3, stunned -4, HP 3/11 halves
    Dodge 8 to 4 (R7.1): Dodge -1; the spear lies on the ground, the strapped buckler blocks
    at 4. The orc kneeling edits nothing; the undo brings the first numbers back."""
    t = await play(tmp_path, KNOCKED_DOWN)
    assert EDITED not in t.reply("/combatant condition name:Orc posture:kneeling")
    expect(
        t.reply("/damage target:Alice amount:8 type:crushing (cr)"),
        "  ┃     Knockdown: HT 9 = 9, rolled 12 (1, 6, 5): failure (R7.8)",
        EDITED,
        "  ┃ Defenses: Dodge -1 · base 8 · -4 below 1/3 HP (halved) (R7.1) · +2 shield DB (A.4)"
        " · -3 posture (B551) · -4 stunned (R7.10)",
        "  ┃     Block 4 · base 9 · +2 shield DB (A.4) · -3 posture (B551) · -4 stunned (R7.10)",
        "  ┃     Parry (Spear): dropped when knocked down, it lies on the ground (R7.8)",
        "  [1 Dodge -1] [2 Block 4] [3 No defense]",
    )
    expect(
        t.reply("/encounter undo"),
        EDITED,
        "  [1 Dodge 10] [2 Parry 12 (Spear)] [3 Block 11] [4 Retreat (+3)] [5 No defense]",
    )


ALL_OUT_DEFENSE = """
    /encounter next
    /maneuver combatant:Orc maneuver:Do Nothing
    /encounter next
    /encounter next
    /attack attacker:Orc target:Alice
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge
    /encounter undo
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:double defense
    /fatigue spend amount:7 combatant:Alice
    :as alice
    :click {dodge}
"""
"""Round 2: Alice took no maneuver in her turn, so the GM may set one while the orc's blow
waits (R4.4)."""


async def test_gm_all_out_defense_and_fatigue_then_the_click_r5_12_r8_1(tmp_path: Path) -> None:
    """+2 Dodge shows Dodge 12; undone, 10; double defense and FP 2/9 (Dodge 8 halved to 4,
    +2 DB = 6): the click rolls 6 (rolled 9, failed by 3) and offers a different defense."""
    t = await play(tmp_path, Fight(3, OPENING.format(ht=9) + ALL_OUT_DEFENSE.format(dodge="Dodge")))
    expect(
        t.reply("/maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge"),
        EDITED,
        "  ┃ Defenses: Dodge 12 · base 8 · +2 shield DB (A.4) · +2 All-Out Defense (B366)",
    )
    expect(
        t.reply("/encounter undo"), EDITED, "  ┃ Defenses: Dodge 10 · base 8 · +2 shield DB (A.4)"
    )
    expect(
        t.reply("/fatigue spend amount:7 combatant:Alice"),
        EDITED,
        "  ┃ Defenses: Dodge 6 · base 8 · -4 below 1/3 FP (halved) (R8.1) · +2 shield DB (A.4)",
    )
    expect(
        t.reply(":click Dodge"),
        "  ┃ Dodge: base 8",
        "  ┃     -4 below 1/3 FP (halved) (R8.1)",
        "  ┃     = 6",
        "  ┃ Defense roll: Rolled 9 (4, 4, 1): failed (by 3)",
        "  ┃ Defenses: All-Out Defense: Alice may try a different defense.",
        "  ┃     Dodge: already tried against this attack (R5.12)",
        "  [1 Parry 12 (Spear)] [2 Block 11] [3 Retreat (+3)] [4 No defense]",
    )


async def test_the_same_in_portuguese_r5_12_r8_1(tmp_path: Path) -> None:
    """pt-BR: the edited message and the click in Portuguese, the same numbers."""
    fight = Fight(3, OPENING.format(ht=9) + ALL_OUT_DEFENSE.format(dodge="Esquiva"), "pt-BR")
    t = await play(tmp_path, fight)
    expect(
        t.reply("/maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge"),
        EDITED,
        "  ┃ Defesas: Esquiva 12 · base 8 · +2 DP do escudo (A.4) · +2 Defesa Total (B366)",
    )
    expect(
        t.reply(":click Esquiva"),
        "  ┃ Esquiva: base 8",
        "  ┃     -4 menos de 1/3 dos PF (metade) (R8.1)",
        "  ┃     = 6",
        "  ┃ Teste de defesa: Tirou 9 (4, 4, 1): falhou (por 3)",
        "  ┃ Defesas: Defesa Total: Alice pode tentar uma defesa diferente.",
        "  [1 Aparar 12 (Spear)] [2 Bloqueio 11] [3 Recuo (+3)] [4 Sem defesa]",
    )


# 2. and 3. Waits, a dropped weapon, a skill in two specializations ---------------------

WAITS = """
    /encounter start name:Waits
    /combatant add name:Alice st:11 dx:13 iq:10 ht:11 owner:alice
    /combatant weapon add name:Alice weapon:Spear skill:14 damage:thr+2 imp reach:1,2
    /combatant skill add name:Alice skill:Fast-Draw level:13 specialization:Knife
    /combatant skill add name:Alice skill:Fast-Draw level:12 specialization:Sword
    /combatant add name:Orc st:13 dx:11 iq:9 ht:9
    /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
    /encounter next
    :as alice
    /maneuver combatant:Alice maneuver:Wait trigger:the orc steps in
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge
    /attack attacker:Alice target:Orc
    /check skill:Fast-Draw character:Alice
    :as gm
    /encounter next
    :as alice
    /attack attacker:Alice target:Orc wait-order:true
"""


async def test_a_wait_in_his_own_turn_stands_r4_4_r5_11(tmp_path: Path) -> None:
    """R4.4/R5.11: after the Wait, All-Out Defense and an attack are refused in her turn; in the
    orc's turn the Wait becomes the attack, the spear (reach 2) first."""
    t = await play(tmp_path, Fight(5, WAITS))
    taken = (
        "  ┃ Alice has already chosen this turn's maneuver: one maneuver a turn (R4.4), and it"
        " lasts until Alice's next turn. To change it, /encounter undo first."
    )
    for typed in (
        "/maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge",
        "/attack attacker:Alice target:Orc",
    ):
        block = t.reply(typed)
        assert refused(block)
        expect(block, taken)
    block = t.reply("/check skill:Fast-Draw character:Alice")
    assert refused(block)
    expect(
        block,
        "  ┃ Alice has Fast-Draw in more than one specialization: Fast-Draw (Knife),"
        " Fast-Draw (Sword). Name the one to roll.",
    )
    expect(
        t.reply("/attack attacker:Alice target:Orc wait-order:true"),
        "  ┃ Wait: reach 2 against 1: Alice strikes first (R5.11)",
        "  ┃ Attack roll: Rolled 14 (4, 5, 5): hit (by 0)",
    )


async def test_a_wait_in_portuguese_r4_4_r5_11(tmp_path: Path) -> None:
    t = await play(tmp_path, Fight(5, WAITS, "pt-BR"))
    block = t.reply("/attack attacker:Alice target:Orc")
    assert block[0].endswith("only you can see this):")
    expect(
        block,
        "  ┃ Alice já escolheu a manobra deste turno: é uma manobra por turno (R4.4), e ela vale"
        " até o próximo turno de Alice. Para trocá-la, use antes /encontro desfazer.",
    )
    expect(
        t.reply("/check skill:Fast-Draw character:Alice"),
        "  ┃ Alice tem Sacar Rápido em mais de uma especialização: Sacar Rápido (Knife),"
        " Sacar Rápido (Sword). Diga qual testar.",
    )
    expect(
        t.reply("/attack attacker:Alice target:Orc wait-order:true"),
        "  ┃ Aguardar: alcance 2 contra 1: Alice golpeia primeiro (R5.11)",
    )


DROPPED = (
    OPENING.format(ht=9)
    + """
    /encounter next
    /damage target:Alice amount:8 type:crushing (cr)
    /combatant condition name:Alice condition:stunned value:false
    /encounter next
    :as alice
    /attack attacker:Alice target:Orc
    """
)


async def test_a_dropped_weapon_names_the_two_readies_r7_8_r5_5(tmp_path: Path) -> None:
    t = await play(tmp_path, Fight(2, DROPPED))
    block = t.reply("/attack attacker:Alice target:Orc")
    assert refused(block)
    expect(
        block,
        "  ┃ Alice dropped the Spear when knocked down (R7.8): picking it up from the ground takes"
        " two turns of Ready (R5.5).",
        "  ┃ Try, for example: /maneuver combatant:Alice maneuver:Ready weapon:Spear in two of his"
        " turns: the first lifts it, the second readies it",
    )
    (tmp_path / "pt").mkdir()
    pt = await play(tmp_path / "pt", Fight(2, DROPPED, "pt-BR"))
    expect(
        pt.reply("/attack attacker:Alice target:Orc"),
        "  ┃ Alice largou a arma Spear ao cair (R7.8): pegá-la do chão leva dois turnos de Preparar"
        " (R5.5).",
    )


# 4. GCS vitals --------------------------------------------------------------------------

GCS_VITALS = Fight(
    1,
    f"""
    /character import file:{TWO_USAGES}
    /encounter start name:Vitals
    /combatant add character:Mirela Vask
    /damage target:Mirela Vask amount:5 type:impaling (imp) location:vitals
    """,
)


async def test_gcs_vitals_follow_the_torso_r7_24(tmp_path: Path) -> None:
    """R7.24: the file gives the torso DR 2 and no vitals: 5 imp to the vitals, DR 2, 3 × 3."""
    t = await play(tmp_path, GCS_VITALS)
    expect(t.reply(f"/character import file:{TWO_USAGES}"), "  ┃     torso: 2")
    expect(
        t.reply("/damage target:Mirela Vask amount:5 type:impaling (imp) location:vitals"),
        "  ┃ Location: vitals",
        "  ┃ DR: 2",
        "  ┃ Penetrating: 3",
        "  ┃ Wounding: ×3",
        "  ┃ Injury: 9",
    )
