"""The week's rule fixes, played through the sandbox in English and Portuguese.

1. Whose turn a maneuver is chosen in (R4.4, R4.5, R5.11): a player chooses his fighter's
   maneuver in that fighter's turn, or from a Wait an enemy sets off (an attack, a Feint, a
   Ready); the GM sets it out of turn, one a turn as anyone's.
2. One weapon with several uses: a parry with one use counts for the other's repeated-parry
   -4 (A.4); knocked down, every use of the object is dropped and a Ready naming any use picks
   it up (R7.8, R5.5); an unbalanced blow leaves every use unready (R5.5); natural attacks are
   never dropped and are each their own weapon.
3. GCS import: a warrior with a weapon bonus on his boots; an animal dodges at
   floor(max(Move, DX)/2) (R6.1), or Basic Speed + 3 with ``animal_dodge_basic_set``; a
   knocked-down animal keeps its teeth.
4. Portuguese damage text: GeB/GdP and the A.6 type labels.
5. A skill of a 60-character name and a 60-character specialization, typed in full.
6. Pain thresholds and shock (R7.6): by default High Pain Threshold still takes shock; with
   ``pain_threshold_shock`` it takes none and Low Pain Threshold doubles it, to at most -8.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_fixes_sheets import LORE, LORE_IN_FULL, SPEAR_AND_AXE, ivy_sheet
from tests.e2e.review_gcs_sheets import CAT, WARRIOR
from tests.e2e.review_play import Fight, expect, play, refused

TWO_USAGES = WARRIOR.parent / "two_usages.gcs"

NOT_HER_TURN = (
    "  ┃ It is Orc's turn, not Alice's: a fighter chooses his maneuver in his own turn, one a"
    " turn, and it governs his defenses until his next turn (R4.4, R4.5); only a Wait an enemy"
    " sets off acts sooner (R5.11). Go on with /encounter next until it is Alice's turn; the GM"
    " can set it for him now only if he chose none in his last turn (else /encounter undo"
    " first)."
)

# 1. Whose turn ------------------------------------------------------------------------

HIT_THEN_ALL_OUT_DEFENSE = Fight(
    7,
    SPEAR_AND_AXE.rstrip()
    + """
    :as alice
    /attack attacker:Alice target:Orc
    :as gm
    :click No defense
    /encounter next
    /attack attacker:Orc target:Alice
    :as alice
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:double defense
    /maneuver combatant:Alice maneuver:Do Nothing
    :click Dodge
    """,
)


async def test_all_out_defense_after_the_foes_blow_is_refused_r4_4_r4_5(tmp_path: Path) -> None:
    """R4.4/R4.5: Alice attacked in her turn; in the orc's turn, hit, her player cannot switch
    to All-Out Defense (or anything) before defending: the Dodge stays 9, rolled 8, made by 1."""
    t = await play(tmp_path, HIT_THEN_ALL_OUT_DEFENSE)
    for typed in (
        "/maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:double defense",
        "/maneuver combatant:Alice maneuver:Do Nothing",
    ):
        block = t.reply(typed)
        assert refused(block)
        expect(block, NOT_HER_TURN, "  ┃ — 📖 Look up: /rules R4.4, R4.5, R5.11")
    expect(
        t.reply(":click Dodge"),
        "  ┃ Dodge: base 9",
        "  ┃     = 9",
        "  ┃ Defense roll: Rolled 8 (4, 1, 3): defended (by 1)",
    )


WAIT_SET_OFF = Fight(
    3,
    SPEAR_AND_AXE.rstrip()
    + """
    :as alice
    /maneuver combatant:Alice maneuver:Wait trigger:the orc steps in
    :as gm
    /encounter next
    /attack attacker:Orc target:Alice
    :as alice
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge
    /maneuver combatant:Alice maneuver:Move
    /attack attacker:Alice target:Orc wait-order:true
    /attack attacker:Alice target:Orc
    /maneuver combatant:Alice maneuver:Ready
    """,
)


async def test_a_wait_set_off_becomes_an_attack_not_all_out_defense_r5_11(tmp_path: Path) -> None:
    """R5.11: Alice's Wait may become an attack, a Feint or a Ready in the orc's turn, not an
    All-Out Defense or a Move. Her spear (reach 2) strikes before his axe (reach 1): skill 14
    rolls 9. Once it has become an attack, neither another attack nor a Ready follows (R4.4)."""
    t = await play(tmp_path, WAIT_SET_OFF)
    wait_only = (
        "  ┃ It is Orc's turn, not Alice's: the Wait Alice chose may become an attack, a Feint or a"
        " Ready when an enemy sets it off (R5.11), not another maneuver; the others are chosen in"
        " his own turn (R4.4, R4.5). The GM can set another maneuver for him now."
    )
    for typed in (
        "/maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge",
        "/maneuver combatant:Alice maneuver:Move",
    ):
        assert refused(t.reply(typed))
        expect(t.reply(typed), wait_only)
    expect(
        t.reply("/attack attacker:Alice target:Orc wait-order:true"),
        "  ┃ Effective skill: Skill 14",
        "  ┃ Wait: reach 2 against 1: Alice strikes first (R5.11)",
        "  ┃ Attack roll: Rolled 9 (4, 4, 1): hit (by 5)",
    )
    assert refused(t.reply("/attack attacker:Alice target:Orc"))
    spent = t.reply("/maneuver combatant:Alice maneuver:Ready")
    assert refused(spent)
    expect(spent, NOT_HER_TURN)


WAIT_BECOMES = Fight(
    3,
    SPEAR_AND_AXE.rstrip()
    + """
    :as alice
    /maneuver combatant:Alice maneuver:Wait trigger:the orc steps in
    :as gm
    /encounter next
    :as alice
    /maneuver combatant:Alice maneuver:Feint target:Orc
    /maneuver combatant:Alice maneuver:Ready
    :as gm
    /encounter next
    :as alice
    /maneuver combatant:Alice maneuver:Wait trigger:the orc steps in
    :as gm
    /encounter next
    :as alice
    /attack attacker:Alice target:Orc maneuver:"All-Out Attack: +4 to hit" wait-order:true
    :as gm
    /encounter next
    :as alice
    /maneuver combatant:Alice maneuver:Wait trigger:the orc steps in
    :as gm
    /encounter next
    :as alice
    /attack attacker:Alice target:Orc maneuver:Move and Attack wait-order:true
    :as gm
    /encounter next
    :as alice
    /maneuver combatant:Alice maneuver:Wait trigger:the orc steps in
    :as gm
    /encounter next
    :as alice
    /maneuver combatant:Alice maneuver:Ready
    /maneuver combatant:Alice maneuver:Feint target:Orc
    """,
)


async def test_a_wait_becomes_a_feint_a_ready_or_an_attack_r5_11_r5_9(tmp_path: Path) -> None:
    """R5.11 in the orc's turn. Round 1, a Feint (R5.9): skill 14 rolls 9 (by 5) against his
    Axe 12 rolling 9 (by 3): he defends at -2 against her next attack; no Ready after it.
    Round 2 the Wait becomes an All-Out Attack: +4 (R5.8), and the Feint's -2 is on his
    defenses. Round 3 a Move and Attack is a Wild Swing: 14 - 5 = 9 (R5.6, R5.13). Round 4 a
    Ready, and no Feint after it."""
    t = await play(tmp_path, WAIT_BECOMES)
    expect(
        t.reply("/maneuver combatant:Alice maneuver:Feint target:Orc"),
        "  ┃ 🧭 Alice: Feint",
        "  ┃ Notes: Feint on Orc: skill 14 rolled 9 vs 12 rolled 9 → Orc defends at -2 (R5.9)",
    )
    assert refused(t.reply("/maneuver combatant:Alice maneuver:Ready"))
    expect(
        t.reply(
            '/attack attacker:Alice target:Orc maneuver:"All-Out Attack: +4 to hit" wait-order:true'
        ),
        "  ┃     +4 All-Out Attack (determined) (R5.8)",
        "  ┃     = 18",
        "  ┃ Wait: reach 2 against 1: Alice strikes first (R5.11)",
        "  ┃ Attack roll: Rolled 9 (1, 6, 2): hit (by 9)",
        "  ┃ Defenses: Dodge 6 · base 8 · -2 Feint (R5.9)",
        "  ┃     Parry 7 (Axe) · base 9 · -2 Feint (R5.9)",
    )
    expect(
        t.reply("/attack attacker:Alice target:Orc maneuver:Move and Attack wait-order:true"),
        "  ┃     -5 Wild Swing (R5.6)",
        "  ┃     = 9",
        "  ┃ Attack roll: Rolled 11 (2, 6, 3): miss (by 2)",
    )
    expect(t.reply("/maneuver combatant:Alice maneuver:Ready", 2), "  ┃ 🧭 Alice: Ready")
    late = t.reply("/maneuver combatant:Alice maneuver:Feint target:Orc", 2)
    assert refused(late)
    expect(late, NOT_HER_TURN)


GM_SETS_IT = Fight(
    4,
    SPEAR_AND_AXE.rstrip()
    + """
    /encounter next
    /attack attacker:Orc target:Alice
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge
    :as alice
    :click 1
    """,
)


async def test_the_gm_sets_a_maneuver_in_the_foes_turn_r4_4_r5_12(tmp_path: Path) -> None:
    """R4.4: Alice took no maneuver in her turn; in the orc's turn the GM sets her All-Out
    Defense (+2 Dodge, B366), and her Dodge against the waiting blow is 9 + 2 = 11."""
    t = await play(tmp_path, GM_SETS_IT)
    expect(
        t.reply("/maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge"),
        "  ┃ 🧭 Alice: All-Out Defense (+2 Dodge)",
        "  ┃     +2 Dodge",
    )
    expect(
        t.reply(":click 1"),
        "  ┃ Dodge: base 9",
        "  ┃     +2 All-Out Defense (B366)",
        "  ┃     = 11",
        "  ┃ Defense roll: Rolled 5 (1, 1, 3): defended (by 6)",
    )


EM_PORTUGUES = Fight(
    3,
    SPEAR_AND_AXE.rstrip()
    + """
    :as alice
    /attack attacker:Alice target:Orc
    :as gm
    :click 4
    /encounter next
    /attack attacker:Orc target:Alice
    :as alice
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge
    :as gm
    /encounter next
    :as alice
    /maneuver combatant:Alice maneuver:Wait trigger:o orc se aproxima
    :as gm
    /encounter next
    /attack attacker:Orc target:Alice
    :as alice
    /maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge
    /attack attacker:Alice target:Orc wait-order:true
    """,
    locale="pt-BR",
)


async def test_turn_refusals_in_portuguese_r4_4_r5_11(tmp_path: Path) -> None:
    """The same refusals in pt-BR; the Wait's attack: the orc at 3/13 HP dodges at half, 4
    (R7.1)."""
    t = await play(tmp_path, EM_PORTUGUES)
    typed = "/maneuver combatant:Alice maneuver:All-Out Defense all-out-defense:+2 Dodge"
    first = t.reply(typed)
    assert first[0].endswith("only you can see this):")
    expect(
        first,
        "  ┃ Não deu certo",
        "  ┃ A vez é de Orc, não de Alice: cada combatente escolhe a manobra no próprio turno, uma"
        " por turno, e ela vale para as defesas dele até o próximo turno (R4.4, R4.5); só um"
        " Aguardar que um inimigo dispara age antes (R5.11). Avance com /encontro proximo até"
        " chegar a vez de Alice; o Mestre só pode defini-la por ele agora se ele não escolheu"
        " nenhuma no último turno (senão, use antes /encontro desfazer).",
    )
    expect(
        t.reply(typed, 2),
        "  ┃ A vez é de Orc, não de Alice: o Aguardar que Alice escolheu pode virar um ataque, uma"
        " Finta ou um Preparar quando um inimigo o dispara (R5.11), não outra manobra; as demais"
        " se escolhem no próprio turno (R4.4, R4.5). O Mestre pode definir outra manobra por ele"
        " agora.",
    )
    expect(
        t.reply("/attack attacker:Alice target:Orc wait-order:true"),
        "  ┃ Aguardar: alcance 2 contra 1: Alice golpeia primeiro (R5.11)",
        "  ┃ Teste de ataque: Tirou 8 (3, 4, 1): acerto (por 6)",
        "  ┃ Defesas: Esquiva 4 · base 8 · -4 menos de 1/3 dos PV (metade) (R7.1)",
    )


# 2. One weapon, several uses ------------------------------------------------------------


def _ivy_fight(tmp_path: Path, seed: int, lines: str) -> Fight:
    opening = f"""
        /character import file:{ivy_sheet(tmp_path)} owner:alice
        /encounter start name:Uses
        /combatant add character:Ivy
    """
    return Fight(seed, opening.rstrip() + lines)


async def test_a_parry_with_one_use_counts_for_the_other_a_4(tmp_path: Path) -> None:
    """A.4: Ivy parries Orc 1 with the sword's swing (10, rolled 9); against Orc 2 both uses
    of that sword are at -4 (6), the axe and the punch are not. The punch is its own weapon:
    next round it parries at 9, then at 5."""
    fight = _ivy_fight(
        tmp_path,
        2,
        """
        /combatant add name:Orc st:13 dx:11 iq:9 ht:12 count:2
        /combatant weapon add name:Orc 1 weapon:Mace skill:12 damage:sw+2 cr
        /combatant weapon add name:Orc 2 weapon:Mace skill:12 damage:sw+2 cr
        /encounter next
        /encounter next
        /attack attacker:Orc 1 target:Ivy
        :as alice
        :click 2
        :as gm
        /encounter next
        /attack attacker:Orc 2 target:Ivy
        :as alice
        :click 3
        :as gm
        /encounter next
        /encounter next
        /attack attacker:Orc 1 target:Ivy
        :as alice
        :click 5
        :as gm
        /encounter next
        /attack attacker:Orc 2 target:Ivy
        """,
    )
    t = await play(tmp_path, fight)
    expect(
        t.reply("/character import file:" + str(tmp_path / "ivy.json") + " owner:alice"),
        "  ┃ Defenses: Dodge 8 · Parry Sword (Swung) 10, Sword (Thrust) 10, Axe (Swung) 9, Punch 9"
        " · Block —",
    )
    expect(
        t.reply(":click 2"),
        "  ┃ Parry (Sword (Swung)): base 10",
        "  ┃ Defense roll: Rolled 9 (4, 4, 1): defended (by 1)",
    )
    expect(
        t.reply("/attack attacker:Orc 2 target:Ivy"),
        "  ┃     Parry 6 (Sword (Swung)) · base 10 · -4 repeated parry (A.4)",
        "  ┃     Parry 6 (Sword (Thrust)) · base 10 · -4 repeated parry (A.4)",
        "  ┃     Parry 9 (Axe (Swung))",
        "  ┃     Parry 9 (Punch)",
    )
    expect(
        t.reply(":click 3"),
        "  ┃ Parry (Sword (Thrust)): base 10",
        "  ┃     -4 repeated parry (A.4)",
        "  ┃     = 6",
    )
    expect(t.reply(":click 5"), "  ┃ Parry (Punch): base 9", "  ┃     = 9")
    expect(
        t.reply("/attack attacker:Orc 2 target:Ivy", 2),
        "  ┃     Parry 10 (Sword (Swung))",
        "  ┃     Parry 5 (Punch) · base 9 · -4 repeated parry (A.4)",
    )


async def test_knocked_down_she_drops_the_sword_not_her_kick_r7_8_r5_5(tmp_path: Path) -> None:
    """R7.8: 7 crushing to the face, a major wound: HT 11 - 5 = 6 rolls 9, down. Every use of
    the sword and of the axe is on the ground (listed once per object); the kick is not, and
    lying down with shock it is 10 - 4 - 4 = 2, below 3 (A.1). A Ready naming the thrust lifts
    the sword, a second naming the swing readies it (R5.5); the axe stays on the ground."""
    fight = _ivy_fight(
        tmp_path,
        3,
        """
        /combatant add name:Orc st:13 dx:11 iq:9 ht:12
        /combatant weapon add name:Orc weapon:Mace skill:12 damage:sw+2 cr
        /encounter next
        /damage target:Ivy amount:7 type:cr location:face
        /combatant condition name:Ivy condition:stunned value:false
        :as alice
        /attack attacker:Ivy target:Orc weapon:Sword (Thrust)
        /attack attacker:Ivy target:Orc weapon:Axe (Swung)
        /attack attacker:Ivy target:Orc weapon:Kick
        :as gm
        /encounter next
        /attack attacker:Orc target:Ivy
        /encounter next
        :as alice
        /maneuver combatant:Ivy maneuver:Ready weapon:Sword (Thrust)
        :as gm
        /encounter next
        /encounter next
        :as alice
        /maneuver combatant:Ivy maneuver:Ready weapon:Sword (Swung)
        :as gm
        /encounter next
        /attack attacker:Orc target:Ivy
        """,
    )
    t = await play(tmp_path, fight)
    expect(
        t.reply("/damage target:Ivy amount:7 type:cr location:face"),
        "  ┃     Knockdown: HT 11 -5 = 6, rolled 9 (2, 4, 3): failure (R7.8)",
        "  ┃     Knocked down and stunned (R7.8).",
    )
    expect(
        t.reply("/combatant condition name:Ivy condition:stunned value:false"),
        "  ┃ Ivy [pc] — @Alice: HP 5/12 · FP 11/11 · prone · knocked down · shock -4 · dropped:"
        " Axe, Sword",
    )
    sword = t.reply("/attack attacker:Ivy target:Orc weapon:Sword (Thrust)")
    assert refused(sword)
    expect(
        sword,
        "  ┃ Ivy dropped the Sword (Thrust) when knocked down (R7.8): picking it up from the ground"
        " takes two turns of Ready (R5.5).",
    )
    assert refused(t.reply("/attack attacker:Ivy target:Orc weapon:Axe (Swung)"))
    expect(
        t.reply("/attack attacker:Ivy target:Orc weapon:Kick"),
        "  ┃ Effective skill 2 is below 3: that roll cannot be attempted; only defense rolls can"
        " (A.1).",
    )
    expect(
        t.reply("/attack attacker:Orc target:Ivy"),
        "  ┃ Defenses: Dodge 5 · base 8 · -3 posture (B551)",
        "  ┃     Parry 6 (Punch) · base 9 · -3 posture (B551)",
        "  ┃     Parry (Sword (Swung)): dropped when knocked down, it lies on the ground (R7.8)",
        "  ┃     Parry (Sword (Thrust)): dropped when knocked down, it lies on the ground (R7.8)",
        "  ┃     Parry (Axe (Swung)): dropped when knocked down, it lies on the ground (R7.8)",
    )
    expect(
        t.reply("/maneuver combatant:Ivy maneuver:Ready weapon:Sword (Thrust)"),
        "  ┃ Notes: Sword picked up from the ground: 1 more turn of Ready to have it ready (R5.5:"
        " two turns in all)",
    )
    expect(
        t.reply("/maneuver combatant:Ivy maneuver:Ready weapon:Sword (Swung)"),
        "  ┃ Notes: Sword is ready again (R5.5)",
    )
    expect(
        t.reply("/attack attacker:Orc target:Ivy", 2),
        "  ┃     Parry 7 (Sword (Swung)) · base 10 · -3 posture (B551)",
        "  ┃     Parry 7 (Sword (Thrust)) · base 10 · -3 posture (B551)",
        "  ┃     Parry (Axe (Swung)): dropped when knocked down, it lies on the ground (R7.8)",
    )


async def test_an_unbalanced_swing_leaves_the_thrown_use_unready_r5_5(tmp_path: Path) -> None:
    """R5.5: the axe's swing (0U, min ST 11 against ST 12) puts the axe out of hand: its thrown
    use is refused next turn until one Ready, named by the thrown use, brings the axe back."""
    fight = _ivy_fight(
        tmp_path,
        3,
        """
        /combatant add name:Orc st:13 dx:11 iq:9 ht:12
        /combatant weapon add name:Orc weapon:Mace skill:12 damage:sw+2 cr
        /encounter next
        :as alice
        /attack attacker:Ivy target:Orc weapon:Axe (Swung)
        :as gm
        :click No defense
        /encounter next
        /attack attacker:Orc target:Ivy
        /encounter next
        :as alice
        /throw attacker:Ivy target:Orc weapon:Axe (Thrown)
        /maneuver combatant:Ivy maneuver:Ready weapon:Axe (Thrown)
        :as gm
        /encounter next
        /encounter next
        :as alice
        /throw attacker:Ivy target:Orc weapon:Axe (Thrown) distance:2
        """,
    )
    t = await play(tmp_path, fight)
    expect(
        t.reply("/attack attacker:Ivy target:Orc weapon:Axe (Swung)"),
        "  ┃ Readiness: The Axe (Swung) is out of hand after the blow: 1 turn(s) of Ready before it"
        " strikes or parries again (R5.5).",
    )
    expect(
        t.reply(":click No defense"),
        "  ┃ Basic damage: 1d+4 → 8 cut (4)",
        "  ┃ Injury: 12",
        "  ┃ HP: 13 → 1 / 13",
    )
    early = t.reply("/throw attacker:Ivy target:Orc weapon:Axe (Thrown)")
    assert refused(early)
    expect(
        early,
        "  ┃ Ivy's Axe (Thrown) is not ready: 1 more turn(s) of Ready (a Ready maneuver, or spare"
        " attacks, R5.25) before it strikes or parries (R5.5).",
    )
    expect(
        t.reply("/maneuver combatant:Ivy maneuver:Ready weapon:Axe (Thrown)"),
        "  ┃ Notes: Axe is ready again (R5.5)",
    )
    expect(
        t.reply("/throw attacker:Ivy target:Orc weapon:Axe (Thrown) distance:2"),
        "  ┃ Weapon: Axe (Thrown) (sw+2 cut)",
        "  ┃ Attack roll: Rolled 15 (6, 3, 6): miss (by 3)",
    )


GCS_KNOCKDOWN = Fight(
    1,
    f"""
    /character import file:{WARRIOR} owner:alice
    /character import file:{TWO_USAGES} owner:bob
    /encounter start name:GCS
    /combatant add character:Ivo Brandt
    /combatant add character:Mirela Vask
    /encounter next
    /damage target:Ivo Brandt amount:7 type:cr location:face
    /damage target:Mirela Vask amount:7 type:cr location:face
    /combatant condition name:Ivo Brandt condition:stunned value:false
    /combatant condition name:Mirela Vask condition:stunned value:false
    /combatant show name:Mirela Vask
    """,
)


async def test_a_gcs_sheet_drops_each_object_once_r7_8(tmp_path: Path) -> None:
    """R7.8 on GCS sheets: Ivo (High Pain Threshold: HT 12 - 5 + 3 = 10, rolls 12) drops his
    broadsword (both uses) and bow, keeps his punch and kick; Mirela (HT 11 - 5 = 6, rolls 8)
    drops her arming sword and both hatchets (Hatchet, Hatchet 2), keeps her punch."""
    t = await play(tmp_path, GCS_KNOCKDOWN)
    expect(
        t.reply("/damage target:Ivo Brandt amount:7 type:cr location:face"),
        "  ┃     Knockdown: HT 12 -5 +3 = 10, rolled 12 (1, 6, 5): failure (R7.8)",
    )
    expect(
        t.reply("/damage target:Mirela Vask amount:7 type:cr location:face"),
        "  ┃     Knockdown: HT 11 -5 = 6, rolled 8 (2, 3, 3): failure (R7.8)",
    )
    expect(
        t.reply("/combatant condition name:Mirela Vask condition:stunned value:false"),
        "  ┃ Mirela Vask [pc] — @Bob: HP 5/12 · FP 11/11 · prone · knocked down · shock -4 ·"
        " dropped: Arming Sword, Hatchet, Hatchet 2",
    )
    expect(
        t.reply("/combatant show name:Mirela Vask"),
        "  ┃ Defenses: Dodge 8 · Parry Natural Attacks (Punch) 9 · Block —",
    )


# 3. GCS import ---------------------------------------------------------------------------

GCS_SHEETS = Fight(
    1,
    f"""
    /character import file:{WARRIOR}
    /character import file:{TWO_USAGES}
    /character import file:{CAT}
    """,
)


async def test_gcs_sheets_import_with_their_computed_numbers(tmp_path: Path) -> None:
    """Ivo: the boots' +1 to Kick is in GCS's computed 1d (thr 1d-1 + 1); Parry 3 + 14/2 + 1
    (Combat Reflexes) = 11 and Dodge 9 at encumbrance 1, the shield's DB apart (A.4). Mirela:
    each use of the sword, two hatchets. The cat dodges at floor(max(9, 12)/2) = 6 (R6.1)."""
    t = await play(tmp_path, GCS_SHEETS)
    expect(
        t.reply(f"/character import file:{WARRIOR}"),
        "  ┃ Defenses: Dodge 9 · Parry Broadsword (Swung) 11, Broadsword (Thrust) 11, Natural"
        " Attacks (Punch) 10 · Block 10",
        "  ┃ Weapons: Broadsword (Swung) — skill 14 · sw+1 cut (1d+3) · reach 1 · Parry 11",
        "  ┃     Broadsword (Thrust) — skill 14 · thr+1 cr (1d) · reach 1 · Parry 11",
        "  ┃     Natural Attacks (Kick) — skill 11 · 1d cr (1d) · reach C,1 · Parry —",
        "  ┃ Shield: Small Shield — skill 13 · DB 1 · Block 10",
    )
    expect(
        t.reply(f"/character import file:{TWO_USAGES}"),
        "  ┃ Weapons: Arming Sword (Swung) — skill 13 · sw+1 cut (1d+3) · reach 1 · Parry 9",
        "  ┃     Arming Sword (Thrust) — skill 13 · thr+1 imp (1d) · reach 1 · Parry 9",
        "  ┃     Hatchet (Swung) — skill 11 · sw cut (1d+2) · reach 1 · Parry 8",
        "  ┃     Hatchet (Swung) 2 — skill 11 · sw cut (1d+2) · reach 1 · Parry 8",
    )
    expect(
        t.reply(f"/character import file:{CAT}"),
        "  ┃ Defenses: Dodge 6 · Parry — · Block —",
        "  ┃ Speed, Move and protection: Basic Speed 6 · Move 9 · DR 1 · SM +1 · encumbrance 0",
        "  ┃ Weapons: Claws, Sharp (Kick) — skill 12 · 1d+1 cut (1d+1) · reach C,1 · Parry —",
        "  ┃     Teeth, Sharp (Bite) — skill 14 · 1d cut (1d) · reach C · Parry —",
    )


SAVANNA = Fight(
    10,
    f"""
    /character import file:{WARRIOR} owner:alice
    /character import file:{CAT}
    /encounter start name:Savanna
    /combatant add character:Ivo Brandt
    /combatant add character:Marsh Cat
    /encounter reorder order:Ivo Brandt, Marsh Cat
    /encounter next
    :as alice
    /attack attacker:Ivo Brandt target:Marsh Cat weapon:Broadsword (Swung)
    :as gm
    :click Dodge
    /settings rule option:animal_dodge_basic_set enabled:true
    /encounter next
    /encounter next
    :as alice
    /attack attacker:Ivo Brandt target:Marsh Cat weapon:Broadsword (Swung)
    :as gm
    :click Dodge
    /combatant edit name:Marsh Cat hp:14
    /damage target:Marsh Cat amount:8 type:cr location:face
    /combatant condition name:Marsh Cat condition:stunned value:false
    /encounter next
    /attack attacker:Marsh Cat target:Ivo Brandt weapon:Teeth, Sharp (Bite)
    """,
)


async def test_an_animal_dodges_by_the_seed_then_the_basic_set_r6_1(tmp_path: Path) -> None:
    """R6.1: the cat (Move 9, DX 12) dodges at 6; with animal_dodge_basic_set, Basic Speed 6 + 3
    = 9. 7 injury to the face is no major wound (not above 14/2) but head shock: HT 12 rolls 13,
    down (R7.8). Nothing is dropped: the cat bites, prone -4 and shock -4: 14 - 8 = 6."""
    t = await play(tmp_path, SAVANNA)
    expect(
        t.reply(":click Dodge"),
        "  ┃ Dodge: base 6",
        "  ┃ Defense roll: Rolled 10 (5, 4, 1): failed (by 4)",
    )
    expect(
        t.reply("/settings rule option:animal_dodge_basic_set enabled:true"),
        "  ┃ Animals dodge as in the Basic Set is now on.",
    )
    expect(
        t.reply(":click Dodge", 2),
        "  ┃ Dodge: base 9",
        "  ┃ Defense roll: Rolled 9 (4, 3, 2): defended (by 0)",
    )
    expect(
        t.reply("/damage target:Marsh Cat amount:8 type:cr location:face"),
        "  ┃ Injury: 7",
        "  ┃     Knockdown: HT 12 = 12, rolled 13 (5, 3, 5): failure (R7.8)",
        "  ┃     Knocked down and stunned (R7.8).",
    )
    expect(
        t.reply("/combatant condition name:Marsh Cat condition:stunned value:false"),
        "  ┃ Marsh Cat [npc]: HP 7/14 · FP 12/12 · prone · knocked down · shock -4",
    )
    expect(
        t.reply("/attack attacker:Marsh Cat target:Ivo Brandt weapon:Teeth, Sharp (Bite)"),
        "  ┃ Weapon: Teeth, Sharp (Bite) (1d cut)",
        "  ┃     -4 posture (B551)",
        "  ┃     -4 shock (R7.6)",
        "  ┃     = 6",
        "  ┃ Attack roll: Rolled 10 (4, 1, 5): miss (by 4)",
    )


# 4. Portuguese damage text ---------------------------------------------------------------

PORTUGUESE_WEAPONS = Fight(
    1,
    f"""
    /character import file:{WARRIOR} owner:alice
    /character import file:{TWO_USAGES} owner:bob
    /character show name:Mirela Vask
    /encounter start name:GCS
    /combatant add character:Ivo Brandt
    /combatant add character:Mirela Vask
    /combatant weapon add name:Mirela Vask weapon:Dardo skill:12 damage:thr+1 pi- thrown:true
    /combatant weapon add name:Mirela Vask weapon:Tocha skill:12 damage:sw burn
    /combatant weapon add name:Mirela Vask weapon:Lanca skill:12 damage:thr+3 imp inc
    /encounter next
    /attack attacker:Ivo Brandt target:Mirela Vask weapon:Broadsword (Thrust)
    """,
    locale="pt-BR",
)


async def test_portuguese_weapon_lines_a_3_a_6(tmp_path: Path) -> None:
    """A.3: swing is GeB, thrust GdP; A.6: cort, perf, cont, pa-, qmd, and inc kept."""
    t = await play(tmp_path, PORTUGUESE_WEAPONS)
    expect(
        t.reply("/character show name:Mirela Vask"),
        "  ┃ Armas: Arming Sword (Swung) — NH 13 · GeB+1 cort (1d+3) · alcance 1 · Aparar 9",
        "  ┃     Arming Sword (Thrust) — NH 13 · GdP+1 perf (1d) · alcance 1 · Aparar 9",
        "  ┃     Natural Attacks (Punch) — NH 12 · GdP-1 cont (1d-2) · alcance C · Aparar 9",
    )
    expect(
        t.reply(
            "/combatant weapon add name:Mirela Vask weapon:Lanca skill:12 damage:thr+3 imp inc"
        ),
        "  ┃     Dardo — NH 12 · GdP+1 pa- (1d) · Prec 0",
        "  ┃     Tocha — NH 12 · GeB qmd (1d+2) · alcance 1 · Aparar 9",
        "  ┃     Lanca — NH 12 · GdP+3 perf inc (1d+2) · alcance 1 · Aparar 9",
    )
    expect(
        t.reply("/attack attacker:Ivo Brandt target:Mirela Vask weapon:Broadsword (Thrust)"),
        "  ┃ Arma: Broadsword (Thrust) (GdP+1 cont)",
    )


# 5. Long skill names ---------------------------------------------------------------------


async def test_a_long_skill_is_rolled_and_removed_typed_in_full(tmp_path: Path) -> None:
    """A 60-character skill with a 60-character specialization: /check by the full name or the
    name alone (one specialization) rolls 12; /character skill remove by the full name."""
    fight = Fight(
        1,
        f"""
        /character import file:{ivy_sheet(tmp_path)} owner:alice
        :as alice
        /check skill:{LORE_IN_FULL} character:Ivy
        /check skill:{LORE} character:Ivy
        /character skill remove character:Ivy skill:{LORE_IN_FULL}
        """,
    )
    t = await play(tmp_path, fight)
    expect(
        t.reply(f"/check skill:{LORE_IN_FULL} character:Ivy"),
        f"  ┃ Effective skill: {LORE_IN_FULL} 12",
        "  ┃ Roll: 1 + 6 + 5 = 12",
        "  ┃ Margin: Made it by 0",
    )
    expect(t.reply(f"/check skill:{LORE} character:Ivy"), f"  ┃ Effective skill: {LORE_IN_FULL} 12")
    removed = t.reply(f"/character skill remove character:Ivy skill:{LORE_IN_FULL}")
    expect(removed, f"  ┃ Ivy: {LORE_IN_FULL} removed")
    assert not any("Skills:" in line for line in removed)


async def test_a_long_skill_on_a_fighter_in_portuguese(tmp_path: Path) -> None:
    """pt-BR, on a fighter: the full name rolls; with a second specialization the bare name
    is refused; /combatant skill remove by the full name leaves the other."""
    fight = Fight(
        1,
        f"""
        /character import file:{ivy_sheet(tmp_path)} owner:alice
        /encounter start name:Lore
        /combatant add character:Ivy
        /combatant skill add name:Ivy skill:{LORE} level:9 specialization:Bells
        :as alice
        /check skill:{LORE_IN_FULL} character:Ivy
        /check skill:{LORE} character:Ivy
        :as gm
        /combatant skill remove name:Ivy skill:{LORE_IN_FULL}
        """,
        locale="pt-BR",
    )
    t = await play(tmp_path, fight)
    expect(
        t.reply(f"/check skill:{LORE_IN_FULL} character:Ivy"),
        f"  ┃ NH efetivo: {LORE_IN_FULL} 12",
        "  ┃ Resultado: Sucesso",
    )
    bare = t.reply(f"/check skill:{LORE} character:Ivy")
    assert bare[0].endswith("only you can see this):")
    expect(bare, "  ┃ Não deu certo")
    expect(
        t.reply(f"/combatant skill remove name:Ivy skill:{LORE_IN_FULL}"),
        f"  ┃ Ivy: {LORE_IN_FULL} removida",
        f"  ┃ Perícias: {LORE} (Bells) 9",
    )


# 6. Pain thresholds and shock ------------------------------------------------------------


def _pain(option: bool) -> Fight:
    setting = "/settings rule option:pain_threshold_shock enabled:true" if option else ""
    return Fight(
        1,
        f"""
        /character import file:{WARRIOR} owner:alice
        {setting or "/settings show"}
        /encounter start name:Pain
        /combatant add character:Ivo Brandt
        /combatant add name:Lio st:10 dx:10 iq:10 ht:10 owner:bob
        /combatant trait add name:Lio trait:Low Pain Threshold
        /encounter next
        /damage target:Ivo Brandt amount:3 type:cut location:arm
        /damage target:Lio amount:1 type:cr
        /damage target:Lio amount:1 type:cr
        /damage target:Lio amount:1 type:cr
        /damage target:Lio amount:1 type:cr
        :as alice
        /check skill:DX character:Ivo Brandt
        """,
    )


async def test_pain_thresholds_ignored_by_default_r7_6(tmp_path: Path) -> None:
    """R7.6 (seed): Ivo's High Pain Threshold does not spare him: 3 cut to the arm, 4 injury,
    shock -4, and his DX roll takes it. Lio's Low Pain Threshold does not double: 1, 2, 3, 4."""
    t = await play(tmp_path, _pain(False))
    expect(
        t.reply("/damage target:Ivo Brandt amount:3 type:cut location:arm"),
        "  ┃ Injury: 4",
        "  ┃ Consequences: Shock -4 on the next turn (R7.6)",
    )
    for nth, shock in enumerate((1, 2, 3, 4), start=1):
        expect(
            t.reply("/damage target:Lio amount:1 type:cr", nth),
            f"  ┃ Consequences: Shock -{shock} on the next turn (R7.6)",
        )
    expect(t.reply("/check skill:DX character:Ivo Brandt"), "  ┃     -4 shock (R7.6)")


async def test_pain_thresholds_with_the_basic_set_option_r7_6(tmp_path: Path) -> None:
    """R7.6 with pain_threshold_shock: High Pain Threshold, no shock at all (nor on the DX
    roll); Low Pain Threshold doubles the summed shock: -2, -4, -6, -8 (the cap)."""
    t = await play(tmp_path, _pain(True))
    ivo = t.reply("/damage target:Ivo Brandt amount:3 type:cut location:arm")
    expect(ivo, "  ┃ Injury: 4")
    assert not any("Shock" in line for line in ivo)
    for nth, shock in enumerate((2, 4, 6, 8), start=1):
        expect(
            t.reply("/damage target:Lio amount:1 type:cr", nth),
            f"  ┃ Consequences: Shock -{shock} on the next turn (R7.6)",
        )
    roll = t.reply("/check skill:DX character:Ivo Brandt")
    expect(roll, "  ┃ Effective skill: DX 12")
    assert not any("shock" in line for line in roll)
