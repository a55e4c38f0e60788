"""The review's rapid-fire findings, each played from its script through the sandbox.

Shotguns count their projectiles (B373, B409): RoF 3x9 is 3 shots of 9, so 27 for the bonus
and the hits, each projectile hit its own damage. A "!" weapon fires only on full auto, at
least a quarter of its RoF rounded up (B269). A failed roll misses with every shot (B373).
Rapid fire is cited by its Basic Set pages (B373, B375), not by an appendix id. The shots a
/shoot may fire and the RoF a weapon may list share one maximum. A RoF of 1 reads "1 shot".
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

README_TEXT = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")

SETUP = """
    /encounter start name:RF
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc"""

SHOTGUN = Fight(
    3,
    SETUP
    + """
    /combatant weapon add name:Shooter weapon:Shotgun skill:12 damage:1d+1 pi rof:3x9 recoil:1
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:Shotgun shots:3 extra-attack:true
    :click 2
""",
)


async def test_d1_a_shotgun_counts_shots_times_projectiles_b373(tmp_path: Path) -> None:
    """B373/B409: 3 shots × 9 = 27 projectiles → +5, skill 12 → 17; roll 9 made by 8, Rcl 1:
    1 + 8 = 9 projectile hits (not capped at 3), each rolling its own 1d+1."""
    t = await play(tmp_path, SHOTGUN)
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Shotgun shots:3 extra-attack:true"),
        "  ┃     +5 rapid fire (B373)",
        "  ┃     = 17",
        "  ┃ Rapid fire: 27 projectiles, 3 × 9 (RoF 3x9, Rcl 1): +5 to hit (B373).",
        "  ┃     9 of 27 projectiles hit, each its own damage: 1, plus 1 for every 1 the roll"
        " was made by.",
        "  ┃ Attack roll: Rolled 9 (2, 4, 3): hit (by 8)",
    )
    damage = t.reply(":click 2")
    expect(
        damage,
        "  ┃ 🩸 Orc takes damage: hit 1 of 9",
        "  ┃ Basic damage: 1d+1 → 5 pi (4)",
        "  ┃ HP: 900 → 895 / 900",
        "  ┃ 🩸 Orc takes damage: hit 3 of 9",
        "  ┃ Basic damage: 1d+1 → 2 pi (1)",
        "  ┃ 🩸 Orc takes damage: hit 9 of 9",
        "  ┃ HP: 866 → 862 / 900",
    )


FULL_AUTO_ONLY = Fight(
    3,
    SETUP
    + """
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi rof:20! recoil:2
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:SMG shots:1 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:SMG shots:4 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:SMG extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:SMG shots:5 extra-attack:true
""",
)


async def test_d2_a_full_auto_only_weapon_fires_at_least_a_quarter_of_its_rof_b269(
    tmp_path: Path,
) -> None:
    """B269: RoF 20! fires at least 5 shots; 1, 4 and the default 1 are refused, nothing
    rolled; 5 fire at +1 (B373)."""
    t = await play(tmp_path, FULL_AUTO_ONLY)
    for typed, shots in (
        ("/shoot attacker:Shooter target:Orc weapon:SMG shots:1 extra-attack:true", 1),
        ("/shoot attacker:Shooter target:Orc weapon:SMG shots:4 extra-attack:true", 4),
        ("/shoot attacker:Shooter target:Orc weapon:SMG extra-attack:true", 1),
    ):
        answer = t.reply(typed)
        assert refused(answer), answer
        expect(
            answer,
            "  ┃ The SMG fires only on full auto (RoF 20!): at least 5 shots, a quarter of its"
            f" RoF (B269), not {shots}. Choose them in shots.",
        )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:SMG shots:5 extra-attack:true"),
        "  ┃ Rapid fire: 5 shots (RoF 20!, Rcl 2): +1 to hit (B373).",
        "  ┃     4 of 5 shots hit: 1, plus 1 for every 2 the roll was made by.",
        "  ┃ Attack roll: Rolled 9 (2, 4, 3): hit (by 6)",
    )


MISSED_BY_ONE = Fight(
    1,
    SETUP
    + """
    /combatant weapon add name:Shooter weapon:MG skill:10 damage:1d pi rof:300 recoil:1
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:MG shots:5 extra-attack:true
    /encounter status
""",
)


async def test_d3_a_burst_missed_by_one_lands_nothing_b373(tmp_path: Path) -> None:
    """B373: skill 10 + 1 = 11, roll 12 misses by 1: no shot hits, no defense asked, Orc
    untouched (the README no longer says a miss by 1 lands one)."""
    t = await play(tmp_path, MISSED_BY_ONE)
    shot = t.reply("/shoot attacker:Shooter target:Orc weapon:MG shots:5 extra-attack:true")
    expect(shot, "  ┃ Attack roll: Rolled 12 (1, 6, 5): miss (by 1)")
    assert not [line for line in shot if "shots hit" in line or "Choose a defense" in line]
    expect(t.reply("/encounter status"), "  ┃ 2. Orc [npc]: HP ▰▰▰▰▰ 900/900 · FP ▰▰▰▰▰ 10/10")
    assert "missing by 1 lands one" not in README_TEXT


async def test_d4_rapid_fire_is_cited_by_its_basic_set_pages_b373(tmp_path: Path) -> None:
    """No reply cites the appendix id the rules summary does not have, nor sends anyone to
    look it up; the bonus and the hits cite B373."""
    t = await play(tmp_path, SHOTGUN)
    assert not [line for line in t.lines if "A.11" in line]
    reference = await play(tmp_path / "ref", Fight(1, "/rules rule:A.11\n/rules rule:rapid fire"))
    assert not [line for line in reference.lines if "Rapid fire" in line]


BIG_ROF = Fight(
    2,
    SETUP
    + """
    /combatant weapon add name:Shooter weapon:MG skill:10 damage:1d pi rof:300 recoil:1
    /combatant weapon add name:Shooter weapon:Minigun skill:10 damage:1d pi rof:1000 recoil:1
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:MG shots:300 extra-attack:true
""",
)


async def test_d6_the_full_rof_can_be_fired_and_no_weapon_lists_more_b373(
    tmp_path: Path,
) -> None:
    """B373: 300 shots (200-399) → +8; a RoF past what /shoot may fire (999) is refused when
    the weapon is added."""
    t = await play(tmp_path, BIG_ROF)
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:MG shots:300 extra-attack:true"),
        "  ┃     +8 rapid fire (B373)",
        "  ┃ Rapid fire: 300 shots (RoF 300, Rcl 1): +8 to hit (B373).",
    )
    minigun = t.reply(
        "/combatant weapon add name:Shooter weapon:Minigun skill:10 damage:1d pi rof:1000 recoil:1"
    )
    assert refused(minigun)
    expect(minigun, "  ┃ A RoF of 1000 is more than one attack can fire: at most 999 shots.")


WORDING_PT = Fight(
    3,
    SETUP
    + """
    /combatant weapon add name:Shooter weapon:Pistola skill:12 damage:1d+1 pi rof:3 recoil:2
    /combatant weapon add name:Shooter weapon:Arco skill:12 damage:1d+1 imp accuracy:2
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi rof:20! recoil:2
    /combatant weapon add name:Shooter weapon:Shotgun skill:12 damage:1d+1 pi rof:3x9 recoil:1
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:Pistola shots:4 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:Arco shots:2 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:SMG shots:2 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:Shotgun shots:1 extra-attack:true
""",
    locale="pt-BR",
)


async def test_d7_singular_and_plural_in_portuguese_b373(tmp_path: Path) -> None:
    """No "vez(es)": 3 vezes, 1 vez; the full-auto refusal (B269) and one shotgun shot of 9
    projectiles (+2, B373) in Portuguese."""
    t = await play(tmp_path, WORDING_PT)
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Pistola shots:4 extra-attack:true"),
        "  ┃ A arma Pistola dispara no máximo 3 vezes por turno (sua CdT), não 4.",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Arco shots:2 extra-attack:true"),
        "  ┃ A arma Arco dispara só 1 vez por turno (sua CdT), não 2.",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:SMG shots:2 extra-attack:true"),
        "  ┃ A arma SMG só dispara no automático (CdT 20!): pelo menos 5 disparos, um quarto"
        " da CdT (B269), não 2. Escolha-os em disparos.",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Shotgun shots:1 extra-attack:true"),
        "  ┃     +2 fogo rápido (B373)",
        "  ┃ Fogo rápido: 9 projéteis, 1 × 9 (CdT 3x9, Rco 1): +2 para acertar (B373).",
        "  ┃     6 de 9 projéteis acertam, cada um com seu dano: 1, mais 1 a cada 1 de margem"
        " no teste.",
    )
    assert not [line for line in t.lines if "(es)" in line or "(s)" in line]


UNDONE_DEFENSE = """
    /encounter start name:RF
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:60 side:npc
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi rof:20! recoil:2
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:SMG shots:10
    :click 1
    /encounter undo
    :click 2
"""


def _attack_message(answer: list[str]) -> list[str]:
    """The attack's message among an answer's edited messages."""
    start = next(i for i, line in enumerate(answer) if line.startswith("GURPS Combat (/shoot"))
    end = next(
        (i for i in range(start + 1, len(answer)) if answer[i].startswith("GURPS Combat")),
        len(answer),
    )
    return answer[start:end]


async def test_d5_an_undone_defense_leaves_the_attack_message_as_before_it_b375(
    tmp_path: Path,
) -> None:
    """B375: the Dodge made by 0 stopped 1 of 3 hits (60 → 51 → 49). Undone, the attack's
    message shows the attack and fresh buttons only, its /rules footer back; after No
    defense it shows that defense and its three hits (60 → 51 → 45 → 37, R7.6 shock -3),
    not the undone ones."""
    t = await play(tmp_path, Fight(1, UNDONE_DEFENSE))
    reopened = _attack_message(t.reply("/encounter undo"))
    assert reopened[1] == "  ↩️ The GM undid Orc's defense: choose again."
    assert reopened[-3:] == [
        "  ┃     Retreat not possible: no Retreat against ranged attacks (R6.9)",
        "  ┃ — 📖 Look up: /rules R6.9",
        "  [1 Dodge 8] [2 No defense]",
    ]
    assert not [line for line in reopened if "🛡️" in line or "🩸" in line or "HP:" in line]
    final = _attack_message(t.reply(":click 2"))
    assert [line for line in final if "HP:" in line or "Defense roll" in line] == [
        "  ┃ Defense roll: No defense",
        "  ┃ HP: 60 → 51 / 60",
        "  ┃ HP: 51 → 45 / 60",
        "  ┃ HP: 45 → 37 / 60",
    ]


async def test_d5_the_same_in_portuguese_b375(tmp_path: Path) -> None:
    t = await play(tmp_path, Fight(1, UNDONE_DEFENSE, locale="pt-BR"))
    reopened = _attack_message(t.reply("/encounter undo"))
    assert reopened[1] == "  ↩️ O Mestre desfez a defesa de Orc: escolha de novo."
    assert not [line for line in reopened if "🛡️" in line or "🩸" in line or "PV:" in line]
    assert reopened[-1] == "  [1 Esquiva 8] [2 Sem defesa]"
