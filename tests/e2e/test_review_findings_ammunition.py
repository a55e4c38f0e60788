"""The ammunition review's findings D1-D7, each played through the sandbox as it was found.

D1 (R5.5): a Dodge made while reloading takes that turn's loading back; No defense keeps it.
D2 (B269): a full-auto-only weapon short of its shortest burst must be reloaded.
D3: a refused ``/throw`` shows a ``/throw`` example, never a bow shot.
D4 (B269): a thrown weapon (Shots ``T(1)``) is refused a reload as thrown, not as sheetless.
D5 (B376): a gun given RoF and Shots but no Accuracy cannot parry.
D6 (B409): point-blank DR reads as the DR multiplied, not divided by 0.25.
D7: counts read as singular or plural, never "(s)".
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, Transcript, expect, play, refused

CROSSBOW_DODGE = Fight(
    8,
    """
    /encounter start name:Ammo
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Shooter weapon:Xbow skill:14 damage:1d+2 imp accuracy:4 \
range:150/200 shots:1(2) launcher:crossbow
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /combatant weapon add name:Orc weapon:Bow skill:16 damage:1d imp accuracy:2 range:150/200
    /encounter next
    /shoot attacker:Shooter target:Orc
    /encounter next
    /encounter next
    /maneuver combatant:Shooter maneuver:ready reload:true
    /encounter next
    /shoot attacker:Orc target:Shooter weapon:Bow
    :click Dodge
    /combatant show name:Shooter
    /encounter undo
    /combatant show name:Shooter
    :click Dodge
    /encounter next
    /maneuver combatant:Shooter maneuver:ready reload:true
    /combatant show name:Shooter
""",
)

LOST = (
    "  ┃ Ammunition: Dodging while reloading: this turn does not count toward loading the "
    "Xbow, back to 0 of 2 s of Ready, 0/1 (R5.5)."
)


async def test_d1_r5_5_a_dodge_while_reloading_loses_that_turns_loading(tmp_path: Path) -> None:
    """D1, R5.5 (the catalog's reading): the crossbow 1(2) spends one Ready of two, then
    Dodges the Orc's arrow (rolled 12, failed): the turn's second is lost, back to 0 of 2 and
    no reload under way in ``/combatant show``. Undoing the defense puts the second back; a
    successful Dodge (8 vs 8) loses it just the same, so the next Ready is 1 of 2 again,
    not the reload done."""
    t = await play(tmp_path, CROSSBOW_DODGE)
    ready = "/maneuver combatant:Shooter maneuver:ready reload:true"
    expect(
        t.reply(ready, 1),
        "  ┃ Notes: Reloading the Xbow: 1 of 2 s of Ready (B269); only Dodge until the next "
        "turn (R5.5).",
    )
    expect(t.reply(":click Dodge", 1), "  ┃ Defense roll: Rolled 12 (6, 2, 4): failed (by 4)", LOST)
    show = "/combatant show name:Shooter"
    expect(t.reply(show, 1), "  ┃ Ammunition: Xbow: 0/1")
    expect(t.reply(show, 2), "  ┃ Ammunition: Xbow: 0/1, reloading 1/2 s")
    expect(
        t.reply(":click Dodge", 2), "  ┃ Defense roll: Rolled 8 (5, 1, 2): defended (by 0)", LOST
    )
    expect(
        t.reply(ready, 2),
        "  ┃ Notes: Reloading the Xbow: 1 of 2 s of Ready (B269); only Dodge until the next "
        "turn (R5.5).",
    )
    expect(t.reply(show, 3), "  ┃ Ammunition: Xbow: 0/1, reloading 1/2 s")


PISTOL = Fight(
    1,
    """
    /encounter start name:Ammo
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 hp:900 side:pc
    /combatant weapon add name:Shooter weapon:Pistol skill:14 damage:2d pi accuracy:2 \
range:150/1900 rof:3 shots:8+1(3) recoil:2
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /combatant weapon add name:Orc weapon:Bow skill:10 damage:1d imp accuracy:2 range:150/200
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:Pistol shots:3
    :click No defense
    /encounter next
    /encounter next
    /maneuver combatant:Shooter maneuver:ready reload:true
    /encounter next
    /shoot attacker:Orc target:Shooter weapon:Bow
    :click No defense
    /combatant show name:Shooter
    /encounter next
    /maneuver combatant:Shooter maneuver:ready reload:true
    /encounter next
    /shoot attacker:Orc target:Shooter weapon:Bow
    :click Dodge
    /combatant show name:Shooter
    /encounter next
    /maneuver combatant:Shooter maneuver:ready reload:true
    /encounter next
    /encounter next
    /maneuver combatant:Shooter maneuver:ready reload:true
    /encounter next
    /shoot attacker:Orc target:Shooter weapon:Bow
    :click Dodge
    /combatant show name:Shooter
""",
)


async def test_d1_r5_5_no_defense_keeps_the_loading_and_a_dodge_undoes_a_finished_reload(
    tmp_path: Path,
) -> None:
    """D1, R5.5 with the pistol 8+1(3), 6/9 left: second 1, then No defense keeps it
    (reloading 1/3 s) and second 2 follows; a Dodge then takes second 2 back (1 of 3); two
    more Readies finish the reload (9/9), and a Dodge after the finishing Ready takes that
    second back too: the magazine is out again (6/9) with 2 of 3 s done."""
    t = await play(tmp_path, PISTOL)
    ready = "/maneuver combatant:Shooter maneuver:ready reload:true"
    show = "/combatant show name:Shooter"
    expect(t.reply(ready, 1), *_reloading(1))
    expect(t.reply(show, 1), "  ┃ Ammunition: Pistol: 6/9, reloading 1/3 s")
    expect(t.reply(ready, 2), *_reloading(2))
    expect(
        t.reply(":click Dodge", 1),
        "  ┃ Defense roll: Rolled 10 (3, 5, 2): failed (by 2)",
        "  ┃ Ammunition: Dodging while reloading: this turn does not count toward loading the "
        "Pistol, back to 1 of 3 s of Ready, 6/9 (R5.5).",
    )
    expect(t.reply(show, 2), "  ┃ Ammunition: Pistol: 6/9, reloading 1/3 s")
    expect(t.reply(ready, 3), *_reloading(2))
    expect(
        t.reply(ready, 4),
        "  ┃ Notes: The Pistol is reloaded: 9/9 (B269); only Dodge until the next turn (R5.5).",
    )
    expect(
        t.reply(":click Dodge", 2),
        "  ┃ Ammunition: Dodging while reloading: this turn does not count toward loading the "
        "Pistol, back to 2 of 3 s of Ready, 6/9 (R5.5).",
    )
    expect(t.reply(show, 3), "  ┃ Ammunition: Pistol: 6/9, reloading 2/3 s")


def _reloading(done: int) -> tuple[str, ...]:
    return (
        f"  ┃ Notes: Reloading the Pistol: {done} of 3 s of Ready (B269); only Dodge until the "
        "next turn (R5.5).",
    )


FULL_AUTO = Fight(
    3,
    """
    /encounter start name:Ammo
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi accuracy:3 \
range:160/1900 rof:20! shots:9(3) recoil:2
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc dr:2
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:SMG shots:5
    /shoot attacker:Shooter target:Orc weapon:SMG shots:5 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:SMG shots:4 extra-attack:true
""",
)


async def test_d2_b269_full_auto_weapon_short_of_its_burst_must_reload(tmp_path: Path) -> None:
    """D2, B269: the SMG 20! fires at least 5 (a quarter of 20); a burst of 5 leaves 4/9.
    Asking 5 or 4 more is refused the same way: it cannot fire a burst with what is left and
    must be reloaded; no advice to fire fewer."""
    t = await play(tmp_path, FULL_AUTO)
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:SMG shots:5"),
        "  ┃ Ammunition: SMG: 5 fired, 4/9 left (B269).",
    )
    short = (
        "  ┃ The SMG fires only on full auto (RoF 20!): its shortest burst is 5 shots, a "
        "quarter of its RoF, and it holds only 4/9. It cannot fire until reloaded: /maneuver "
        "Ready with reload, 3 s of Ready (B269)."
    )
    for typed in (
        "/shoot attacker:Shooter target:Orc weapon:SMG shots:5 extra-attack:true",
        "/shoot attacker:Shooter target:Orc weapon:SMG shots:4 extra-attack:true",
    ):
        block = t.reply(typed)
        assert refused(block)
        expect(block, short)
        assert not [line for line in block if "fire fewer" in line or "at least" in line]


THROWS = """
    /encounter start name:Throw
    /combatant add name:Ana st:12 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Weak st:7 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Tenn st:10 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /encounter next
    /throw attacker:Ana target:Orc object-kg:3 distance:19 extra-attack:true
    /throw attacker:Tenn target:Orc object-kg:131 distance:1 extra-attack:true
    /throw attacker:Weak target:Orc object-kg:60 distance:1 extra-attack:true
"""

THROW_REFUSALS = {
    "en-US": (
        "  ┃ 19 m is beyond the weapon's Max range of 18 m.",
        "  ┃ Try, for example: /throw attacker:Ana target:Orc object-kg:2 distance:5",
        "  ┃ ST 10 throws at most 130 kg; 131 kg is too heavy (R12.1).",
        "  ┃ Try, for example: /throw attacker:Ana target:Orc object-kg:130 or lighter",
        "  ┃ ST 7 throwing 60 kg does no damage (R12.2): nothing to roll.",
        "  ┃ Try, for example: /throw attacker:Ana target:Orc object-kg:5 (a lighter object)",
    ),
    "pt-BR": (
        "  ┃ 19 m está além do alcance máximo da arma, 18 m.",
        "  ┃ Tente, por exemplo: /arremessar atacante:Ana alvo:Orc objeto-kg:2 distancia:5",
        "  ┃ ST 10 arremessa no máximo 130 kg; 131 kg é pesado demais (R12.1).",
        "  ┃ Tente, por exemplo: /arremessar atacante:Ana alvo:Orc objeto-kg:130 ou menos",
        "  ┃ ST 7 arremessando 60 kg não causa dano (R12.2): nada a rolar.",
        "  ┃ Tente, por exemplo: /arremessar atacante:Ana alvo:Orc objeto-kg:5 (um objeto mais "
        "leve)",
    ),
}


async def test_d3_throw_refusals_give_a_throw_example(tmp_path: Path) -> None:
    """D3 (R12.1, R12.2, Max range): past Max, over 13 × ST and too heavy to do damage are
    refused with a /throw example (the weight refusals without a distance), in English and
    Portuguese; never the /shoot bow example."""
    for locale, wanted in THROW_REFUSALS.items():
        t = await play(_folder(tmp_path, locale), Fight(3, THROWS, locale=locale))
        typed = [line.strip() for line in THROWS.strip().splitlines() if "/throw" in line]
        pairs = [(wanted[index], wanted[index + 1]) for index in range(0, len(wanted), 2)]
        for line, (message, example) in zip(typed, pairs, strict=True):
            block = t.reply(line)
            assert refused(block) if locale == "en-US" else "  ┃ Não deu certo" in block
            expect(block, message, example)
            assert not [line for line in block if "/shoot" in line or "/disparar" in line]


KNIFE = """
    /encounter start name:Bow
    /combatant add name:Archer st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Archer weapon:Knife skill:13 damage:thr imp thrown:true \
accuracy:0 range:x0.8/x1.5 shots:T(1)
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /combatant show name:Archer
    /encounter next
    /maneuver combatant:Archer maneuver:ready reload:true weapon:Knife
"""


async def test_d4_b269_a_thrown_weapon_is_refused_a_reload_as_thrown(tmp_path: Path) -> None:
    """D4, B269: the Knife's Shots are T(1), a thrown weapon: the reload is refused saying so,
    not that its sheet gives no Shots; it still parries (a thrown weapon is no missile
    weapon, B376)."""
    wanted = {
        "en-US": (
            "  ┃ The Knife is a thrown weapon (Shots T(1)): it is not loaded, so there is "
            "nothing to reload. Ready it again once it is back in hand.",
            "  ┃ Defenses: Dodge 8 · Parry Knife 9 · Block —",
        ),
        "pt-BR": (
            "  ┃ A arma Knife é de arremesso (Tiros T(1)): não é carregada, então não há o que "
            "recarregar. Prepare-a de novo quando voltar à mão.",
            "  ┃ Defesas: Esquiva 8 · Aparar Knife 9 · Bloqueio —",
        ),
    }
    for locale, (message, defenses) in wanted.items():
        t = await play(_folder(tmp_path, locale), Fight(4, KNIFE, locale=locale))
        block = t.reply("/maneuver combatant:Archer maneuver:ready reload:true weapon:Knife")
        expect(block, message)
        assert not [line for line in block if "Shots)" in line or "Tiros)" in line]
        expect(t.reply("/combatant show name:Archer"), defenses)


GUN_WITHOUT_ACCURACY = Fight(
    5,
    """
    /encounter start name:Guns
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 hp:900 side:pc
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi range:160/1900 \
rof:20! shots:30(3) recoil:2
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /combatant weapon add name:Orc weapon:Axe skill:18 damage:sw+2 cut parry:0U
    /combatant show name:Shooter
    /encounter next
    /encounter next
    /attack attacker:Orc target:Shooter weapon:Axe
""",
)


async def test_d5_b376_a_gun_with_rof_and_shots_cannot_parry(tmp_path: Path) -> None:
    """D5, B376: an SMG given RoF 20! and Shots 30(3) but no Accuracy is a missile weapon:
    no Parry on the sheet, and against the Orc's axe only Dodge is offered."""
    t = await play(tmp_path, GUN_WITHOUT_ACCURACY)
    expect(t.reply("/combatant show name:Shooter"), "  ┃ Defenses: Dodge 8 · Parry — · Block —")
    attack = t.reply("/attack attacker:Orc target:Shooter weapon:Axe")
    expect(attack, "  ┃ Defenses: Dodge 8", "  [1 Dodge 8] [2 Retreat (+3)] [3 No defense]")
    assert not [line for line in attack if "Parry" in line]


def _point_blank(locale: str) -> Fight:
    return Fight(
        3,
        """
        /encounter start name:Ammo
        /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
        /combatant weapon add name:Shooter weapon:Shotgun skill:15 damage:1d+1 pi accuracy:3 \
range:50/125 rof:3x9 shots:2+1(2) recoil:1
        /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc dr:2
        /encounter next
        /shoot attacker:Shooter target:Orc weapon:Shotgun shots:3 distance:4
        :click 2
        """,
        locale=locale,
    )


async def test_d6_b409_point_blank_dr_reads_as_multiplied(tmp_path: Path) -> None:
    """D6, B409: three point-blank shotgun hits on DR 2 each meet DR 8, shown as the DR
    times the factor 4 ("2 × 4"), in both languages, never as a divisor of 0.25."""
    for locale, line in (
        ("en-US", "  ┃ DR: 8 (2 × 4, point blank, B409)"),
        ("pt-BR", "  ┃ RD: 8 (2 × 4, à queima-roupa, B409)"),
    ):
        t = await play(_folder(tmp_path, locale), _point_blank(locale))
        block = t.reply(":click 2")
        assert block.count(line) == 3
        assert not [text for text in block if "÷" in text]


def _singular(locale: str) -> Fight:
    return Fight(
        3,
        """
        /encounter start name:Ammo
        /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
        /combatant weapon add name:Shooter weapon:Pistol skill:14 damage:2d pi accuracy:2 \
range:150/1900 rof:3 shots:2(3) recoil:2
        /combatant weapon add name:Shooter weapon:Shotgun skill:15 damage:1d+1 pi accuracy:3 \
range:50/125 rof:3x9 shots:2+1(2) recoil:1
        /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc dr:2
        /encounter next
        /shoot attacker:Shooter target:Orc weapon:Pistol
        :click 2
        /shoot attacker:Shooter target:Orc weapon:Pistol shots:2 extra-attack:true
        /shoot attacker:Shooter target:Orc weapon:Pistol extra-attack:true
        :click 2
        /shoot attacker:Shooter target:Orc weapon:Shotgun shots:3 distance:4 extra-attack:true
        /maneuver combatant:Shooter maneuver:ready reload:true weapon:Shotgun
        """,
        locale=locale,
    )


SINGULAR = {
    "en-US": (
        "  ┃ Ammunition: Pistol: 1 fired, 1/2 left (B269).",
        "  ┃ The Pistol has only 1 round left, not 2: fire it alone, or reload (B269).",
        "  ┃ Ammunition: Pistol: 1 fired, now empty (0/2): reload it with Ready (B269).",
        "  ┃ Ammunition: Shotgun: 3 fired, now empty (0/3): reload it with Ready (B269).",
    ),
    "pt-BR": (
        "  ┃ Munição: Pistol: 1 disparo, agora 1/2 (B269).",
        "  ┃ A arma Pistol tem só 1 tiro, não 2: dispare só ele ou recarregue (B269).",
        "  ┃ Munição: Pistol: 1 disparo, agora vazia (0/2): recarregue com Preparar (B269).",
        "  ┃ Munição: Shotgun: 3 disparos, agora vazia (0/3): recarregue com Preparar (B269).",
    ),
}


async def test_d7_ammunition_counts_are_singular_or_plural(tmp_path: Path) -> None:
    """D7, B269: one round fired or left reads "1 round" / "1 disparo", three "3 disparos";
    no line of either transcript has a "(s)" plural."""
    for locale, (first, short, last, shotgun) in SINGULAR.items():
        t = await play(_folder(tmp_path, locale), _singular(locale))
        expect(t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol"), first)
        expect(
            t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol shots:2 extra-attack:true"),
            short,
        )
        expect(t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol extra-attack:true"), last)
        expect(
            t.reply(
                "/shoot attacker:Shooter target:Orc weapon:Shotgun shots:3 distance:4 "
                "extra-attack:true"
            ),
            shotgun,
        )
        _no_bracketed_plurals(t)


def _no_bracketed_plurals(t: Transcript) -> None:
    bad = [line for line in t.lines if "(s)" in line or "(es)" in line]
    assert not bad, bad


def _folder(tmp_path: Path, name: str) -> Path:
    """A database folder for each language's run of the same fight."""
    folder = tmp_path / name
    folder.mkdir()
    return folder
