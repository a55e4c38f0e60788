"""Ammunition, reloading, shotguns and thrown objects checked through the sandbox.

The catalog is silent on ammunition, so the Basic Set applies as the README reads it: a weapon
whose Shots the sheet gives (`30+1(3)`, `8+1(3)`, `8(3i)`, `1(2)`) spends one round a shot and
refuses an empty weapon or a burst longer than what is left (B269); reloading is Ready, one a
second of the parentheses, only Dodge meanwhile (R5.5); a magazine goes in when its seconds are
done and a chambered `+1` round stays; an `i` weapon takes one round each time; `/encounter undo`
puts rounds and reload progress back. Shotguns (B373, B409): RoF 3x9 counts 9 projectiles a
shell for the bonus and the hits, each its own damage; closer than a tenth of ½D the shots alone
count and each hit does the dice and adds times half the projectiles against DR times the same.
Regression of the ranged basics: thrown objects (R12.1–R12.5), the Size and Speed/Range table
(A.8), Aim and Accuracy (R5.3), ½D and Max.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_play import Fight, expect, play, refused

NEXT_TURN = "/encounter next\n/encounter next\n"
"""The Orc's turn passes and the Shooter's next one starts."""

MAGAZINE = Fight(
    7,
    """
    /encounter start name:Ammo
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Shooter weapon:AR skill:14 damage:5d pi accuracy:5 range:500/3000 \
rof:10 shots:30+1(3) recoil:2
    /combatant weapon add name:Shooter weapon:Pistol skill:14 damage:2d pi accuracy:2 \
range:150/1900 rof:3 shots:8+1(3) recoil:2
    /combatant shield set name:Shooter skill:12 db:2
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /combatant weapon add name:Orc weapon:Bow skill:12 damage:1d imp accuracy:2 range:150/200
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:AR shots:10
    :click No defense
"""
    + NEXT_TURN
    + """/shoot attacker:Shooter target:Orc weapon:AR shots:10
    :click No defense
"""
    + NEXT_TURN
    + """/shoot attacker:Shooter target:Orc weapon:AR shots:10
    :click No defense
"""
    + NEXT_TURN
    + """/shoot attacker:Shooter target:Orc weapon:AR shots:10
    /shoot attacker:Shooter target:Orc weapon:AR shots:2
    /shoot attacker:Shooter target:Orc weapon:AR
    :click No defense
    /combatant show name:Shooter
"""
    + NEXT_TURN
    + """/shoot attacker:Shooter target:Orc weapon:AR
    /maneuver combatant:Shooter maneuver:ready reload:true
    /encounter next
    /shoot attacker:Orc target:Shooter weapon:Bow
    /encounter next
    /maneuver combatant:Shooter maneuver:ready reload:true weapon:AR
"""
    + NEXT_TURN
    + """/maneuver combatant:Shooter maneuver:ready reload:true weapon:AR
    /combatant show name:Shooter
""",
)


async def test_magazine_counts_down_refuses_and_reloads(tmp_path: Path) -> None:
    """B269, 30+1(3): 31 rounds; three bursts of 10 leave 21, 11, 1. With 1 left a burst of
    10 or 2 is refused; the last round empties it (0/31) and an empty AR is refused. Reloading
    takes 3 Readies ("1 of 3", "2 of 3", then the magazine: 30, the chamber emptied), and while
    reloading the Orc's arrow is met by Dodge only (R5.5): Dodge 8 + DB 2 = 10, no Block.
    B373: the first burst, 10 shots +2 → 16, rolled 7, by 9, Rcl 2 → 1 + 4 = 5 hits."""
    t = await play(tmp_path, MAGAZINE)
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:AR shots:10", 1),
        "  ┃     = 16",
        "  ┃     5 of 10 shots hit: 1, plus 1 for every 2 the roll was made by.",
        "  ┃ Ammunition: AR: 10 fired, 21/31 left (B269).",
        "  ┃ Attack roll: Rolled 7 (2, 1, 4): hit (by 9)",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:AR shots:10", 2),
        "  ┃ Ammunition: AR: 10 fired, 11/31 left (B269).",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:AR shots:10", 3),
        "  ┃ Ammunition: AR: 10 fired, 1/31 left (B269).",
    )
    for typed in (
        "/shoot attacker:Shooter target:Orc weapon:AR shots:10",
        "/shoot attacker:Shooter target:Orc weapon:AR shots:2",
    ):
        nth = 4 if typed.endswith("10") else 1
        block = t.reply(typed, nth)
        assert refused(block)
        wanted = typed.rsplit(":", 1)[1]
        expect(
            block,
            f"  ┃ The AR has only 1 round left, not {wanted}: fire it alone, or reload (B269).",
        )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:AR", 1),
        "  ┃ Ammunition: AR: 1 fired, now empty (0/31): reload it with Ready (B269).",
    )
    expect(
        t.reply("/combatant show name:Shooter", 1),
        "  ┃ Ammunition: AR: 0/31",
        "  ┃     Pistol: 9/9",
    )
    empty = t.reply("/shoot attacker:Shooter target:Orc weapon:AR", 2)
    assert refused(empty)
    expect(
        empty,
        "  ┃ The AR is empty: reload it first with /maneuver Ready with reload, 3 s of Ready "
        "(B269).",
    )
    expect(
        t.reply("/maneuver combatant:Shooter maneuver:ready reload:true"),
        "  ┃ Defenses until next turn: Dodge only (R5.5)",
        "  ┃ Notes: Reloading the AR: 1 of 3 s of Ready (B269); only Dodge until the next turn "
        "(R5.5).",
    )
    expect(
        t.reply("/shoot attacker:Orc target:Shooter weapon:Bow"),
        "  ┃ Defenses: Dodge 10 · base 8 · +2 shield DB (A.4)",
        "  ┃     Block: readying a missile weapon allows only Dodge (R5.5)",
        "  [1 Dodge 10] [2 No defense]",
    )
    expect(
        t.reply("/maneuver combatant:Shooter maneuver:ready reload:true weapon:AR", 1),
        "  ┃ Notes: Reloading the AR: 2 of 3 s of Ready (B269); only Dodge until the next turn "
        "(R5.5).",
    )
    expect(
        t.reply("/maneuver combatant:Shooter maneuver:ready reload:true weapon:AR", 2),
        "  ┃ Notes: The AR is reloaded: 30/31 (B269); only Dodge until the next turn (R5.5).",
    )
    expect(
        t.reply("/combatant show name:Shooter", 2),
        "  ┃ Ammunition: AR: 30/31",
        "  ┃     Pistol: 9/9",
    )


RELOAD_KINDS = Fight(
    11,
    """
    /encounter start name:Ammo
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Shooter weapon:Pistol skill:14 damage:2d pi accuracy:2 \
range:150/1900 rof:3 shots:8+1(3) recoil:2
    /combatant weapon add name:Shooter weapon:Rifle skill:14 damage:7d pi accuracy:4 \
range:1000/4000 rof:1 shots:8(3i) recoil:2
    /combatant weapon add name:Shooter weapon:Xbow skill:14 damage:1d+2 imp accuracy:4 \
range:150/200 shots:1(2) launcher:crossbow
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /encounter next
    /maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol
    /shoot attacker:Shooter target:Orc weapon:Pistol shots:3
    /shoot attacker:Shooter target:Orc weapon:Rifle extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:Rifle extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:Xbow extra-attack:true
"""
    + NEXT_TURN
    + """/shoot attacker:Shooter target:Orc weapon:Xbow
    /maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol
"""
    + (NEXT_TURN + "/maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol\n") * 2
    + (NEXT_TURN + "/maneuver combatant:Shooter maneuver:ready reload:true\n") * 5
    + """/combatant show name:Shooter
    /encounter undo
    /combatant show name:Shooter
""",
)


async def test_chambered_round_individual_loading_and_undo(tmp_path: Path) -> None:
    """B269: a full weapon is not reloaded. 8+1(3) fired 3 → 6/9; 3 s later the new magazine
    and the chambered round give 9/9. 8(3i) fired twice → 6/8; each 3 s put one round in (7/8).
    1(2) shot once is empty and refused; a bare reload takes the first weapon not full (the
    Rifle). Undoing a Ready puts its second of progress back (2/3 → 1/3)."""
    t = await play(tmp_path, RELOAD_KINDS)
    full = t.reply("/maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol", 1)
    assert refused(full)
    expect(full, "  ┃ The Pistol is already full (9/9): nothing to reload.")
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol shots:3"),
        "  ┃ Ammunition: Pistol: 3 fired, 6/9 left (B269).",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Rifle extra-attack:true", 2),
        "  ┃ Ammunition: Rifle: 1 fired, 6/8 left (B269).",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Xbow extra-attack:true"),
        "  ┃ Ammunition: Xbow: 1 fired, now empty (0/1): reload it with Ready (B269).",
    )
    empty = t.reply("/shoot attacker:Shooter target:Orc weapon:Xbow")
    assert refused(empty)
    expect(
        empty,
        "  ┃ The Xbow is empty: reload it first with /maneuver Ready with reload, 2 s of Ready "
        "(B269).",
    )
    pistol = "/maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol"
    expect(
        t.reply(pistol, 2),
        "  ┃ Notes: Reloading the Pistol: 1 of 3 s of Ready (B269); only Dodge until the next "
        "turn (R5.5).",
    )
    expect(
        t.reply(pistol, 4),
        "  ┃ Notes: The Pistol is reloaded: 9/9 (B269); only Dodge until the next turn (R5.5).",
    )
    bare = "/maneuver combatant:Shooter maneuver:ready reload:true"
    expect(
        t.reply(bare, 1),
        "  ┃ Notes: Reloading the Rifle: 1 of 3 s of Ready (B269); only Dodge until the next "
        "turn (R5.5).",
    )
    expect(
        t.reply(bare, 3),
        "  ┃ Notes: One round into the Rifle: 7/8 (B269, loaded one at a time); only Dodge "
        "until the next turn (R5.5).",
    )
    expect(
        t.reply(bare, 5),
        "  ┃ Notes: Reloading the Rifle: 2 of 3 s of Ready (B269); only Dodge until the next "
        "turn (R5.5).",
    )
    expect(
        t.reply("/combatant show name:Shooter", 1),
        "  ┃ Ammunition: Pistol: 9/9",
        "  ┃     Rifle: 7/8, reloading 2/3 s",
        "  ┃     Xbow: 0/1",
    )
    expect(t.reply("/combatant show name:Shooter", 2), "  ┃     Rifle: 7/8, reloading 1/3 s")


UNDO_AND_LIMITS = Fight(
    21,
    """
    /encounter start name:Ammo
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc owner:alice
    /combatant weapon add name:Shooter weapon:Pistol skill:14 damage:2d pi accuracy:2 \
range:150/1900 rof:3 shots:8+1(3) recoil:2
    /combatant weapon add name:Shooter weapon:Flamer skill:13 damage:3d burn accuracy:2 \
range:10/20 shots:30
    /combatant weapon add name:Shooter weapon:SMG skill:14 damage:2d pi accuracy:3 \
range:160/1900 rof:20! shots:30(3) recoil:2
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:Pistol distance:1000
    /shoot attacker:Shooter target:Orc weapon:Pistol shots:3
    /encounter undo
    /combatant show name:Shooter
    /shoot attacker:Shooter target:Orc weapon:Pistol shots:2
    :click Dodge
    /encounter undo
    /combatant show name:Shooter
    :click No defense
    /combatant show name:Shooter
    /shoot attacker:Shooter target:Orc weapon:Flamer extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:SMG shots:20 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:SMG shots:5 extra-attack:true
    /combatant show name:Shooter
"""
    + NEXT_TURN
    + """/maneuver combatant:Shooter maneuver:ready reload:true weapon:Flamer
""",
)


async def test_undo_puts_rounds_back_and_refused_shots_spend_nothing(tmp_path: Path) -> None:
    """A.8: 1000 m is −16, skill 14 → −2, refused before any die (A.1) and nothing spent.
    Undoing the attack puts its 3 rounds back (9/9); undoing the defense keeps the 2 rounds
    spent and the attack, defended again, spends nothing more (7/9). A Flamer's "30" counts
    down but has no reload time to reload in combat. A 20! SMG: bursts of 20 and 5 (a quarter
    of 20) leave 5/30."""
    t = await play(tmp_path, UNDO_AND_LIMITS)
    far = t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol distance:1000")
    assert refused(far)
    expect(
        far,
        "  ┃ Effective skill -2 is below 3: that roll cannot be attempted; only defense rolls "
        "can (A.1).",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol shots:3"),
        "  ┃ Ammunition: Pistol: 3 fired, 6/9 left (B269).",
    )
    expect(t.reply("/combatant show name:Shooter", 1), "  ┃ Ammunition: Pistol: 9/9")
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol shots:2"),
        "  ┃ Ammunition: Pistol: 2 fired, 7/9 left (B269).",
    )
    expect(t.reply("/encounter undo", 2), "  ↩️ The GM undid Orc's defense: choose again.")
    expect(t.reply("/combatant show name:Shooter", 2), "  ┃ Ammunition: Pistol: 7/9")
    expect(t.reply("/combatant show name:Shooter", 3), "  ┃ Ammunition: Pistol: 7/9")
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Flamer extra-attack:true"),
        "  ┃ Ammunition: Flamer: 1 fired, 29/30 left (B269).",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:SMG shots:20 extra-attack:true"),
        "  ┃ Ammunition: SMG: 20 fired, 10/30 left (B269).",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:SMG shots:5 extra-attack:true"),
        "  ┃ Ammunition: SMG: 5 fired, 5/30 left (B269).",
    )
    expect(
        t.reply("/combatant show name:Shooter", 4),
        "  ┃ Ammunition: Pistol: 7/9",
        "  ┃     Flamer: 29/30",
        "  ┃     SMG: 5/30",
    )
    flamer = t.reply("/maneuver combatant:Shooter maneuver:ready reload:true weapon:Flamer")
    assert refused(flamer)
    expect(
        flamer,
        '  ┃ The Flamer\'s Shots "30" give no reload time, so it cannot be reloaded in combat '
        "(B269). Give it one in parentheses with /combatant weapon, e.g. 30(3).",
    )


def shotgun(seed: int, shots: str) -> Fight:
    return Fight(
        seed,
        """
        /encounter start name:Ammo
        /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
        /combatant weapon add name:Shooter weapon:Shotgun skill:15 damage:1d+1 pi accuracy:3 \
range:50/125 rof:3x9 shots:2+1(2) recoil:1
        /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc dr:2
        /encounter next
        """
        + shots,
    )


POINT_BLANK = shotgun(
    3,
    """/shoot attacker:Shooter target:Orc weapon:Shotgun shots:3 distance:4
    :click No defense
    /encounter next
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:Shotgun
    """,
)


async def test_shotgun_point_blank_spends_shells_not_pellets(tmp_path: Path) -> None:
    """B409: ½D 50 → point blank under 5 m. At 4 m (A.8: −2) skill 15 − 2 = 13, RoF 3 alone:
    +0, at most 3 hits; rolled 9, by 4, Rcl 1 → 5, capped at 3. Each hit 1d+1 × 4 = 4d+4
    against DR 2 × 4 = 8: (4+4+1+1)+4 = 14 → 6; (6+2+2+6)+4 = 20 → 12; (3+6+3+4)+4 = 20 → 12;
    HP 900 → 870. Three shells fired of 2+1: empty, and the next shot is refused (B269)."""
    t = await play(tmp_path, POINT_BLANK)
    expect(
        t.reply(":click No defense"),
        "  ┃     -2 distance and speed (A.8)",
        "  ┃     = 13",
        "  ┃ Rapid fire: 3 shots (RoF 3x9, Rcl 1): +0 to hit (B373).",
        "  ┃     3 of 3 shots hit: 1, plus 1 for every 1 the roll was made by.",
        "  ┃ Ammunition: Shotgun: 3 fired, now empty (0/3): reload it with Ready (B269).",
        "  ┃ Attack roll: Rolled 9 (2, 4, 3): hit (by 4)",
        "  ┃ Basic damage: 4d+4 → 14 pi (4, 4, 1, 1)",
        "  ┃ Penetrating: 6",
        "  ┃ Basic damage: 4d+4 → 20 pi (6, 2, 2, 6)",
        "  ┃ Basic damage: 4d+4 → 20 pi (3, 6, 3, 4)",
        "  ┃ Penetrating: 12",
        "  ┃ HP: 882 → 870 / 900",
    )
    empty = t.reply("/shoot attacker:Shooter target:Orc weapon:Shotgun")
    assert refused(empty)
    expect(
        empty,
        "  ┃ The Shotgun is empty: reload it first with /maneuver Ready with reload, 2 s of "
        "Ready (B269).",
    )


SPREAD = shotgun(
    4,
    """/shoot attacker:Shooter target:Orc weapon:Shotgun distance:5
    :click No defense
    /shoot attacker:Shooter target:Orc weapon:Shotgun distance:60 extra-attack:true
    :click No defense
    """,
)


async def test_shotgun_beyond_point_blank_and_past_half_damage(tmp_path: Path) -> None:
    """At 5 m (a tenth of ½D, not under it) the pellets spread: one shell, 9 projectiles, +2
    (B373), A.8 −2: 15. Rolled 6, by 9 → 10 hits, capped at 9, each 1d+1 against DR 2:
    0+0+2+5+4+4+1+3+1 = 20, HP 900 → 880. One shell spent: 2/3. At 60 m (A.8: between 50 and
    70 → −9) skill 8, past ½D 50 each projectile's damage is halved: rolled 5, by 3 → 4 hits,
    7 → 3 and 6 → 3, 1 each through DR 2; 1/3 left."""
    t = await play(tmp_path, SPREAD)
    expect(
        t.reply(":click No defense", 1),
        "  ┃     +2 rapid fire (B373)",
        "  ┃     = 15",
        "  ┃ Rapid fire: 9 projectiles, 1 × 9 (RoF 3x9, Rcl 1): +2 to hit (B373).",
        "  ┃     9 of 9 projectiles hit, each its own damage: 1, plus 1 for every 1 the roll "
        "was made by.",
        "  ┃ Ammunition: Shotgun: 1 fired, 2/3 left (B269).",
        "  ┃ Attack roll: Rolled 6 (2, 1, 3): hit (by 9)",
        "  ┃ 🩸 Orc takes damage: hit 8 of 9",
        "  ┃ HP: 884 → 881 / 900",
    )
    assert not [line for line in t.reply(":click No defense", 1) if "Point blank" in line]
    expect(
        t.reply(":click No defense", 2),
        "  ┃     -9 distance and speed (A.8)",
        "  ┃     = 8",
        "  ┃ Range: At the weapon's 1/2D or beyond: the damage is halved.",
        "  ┃     4 of 9 projectiles hit, each its own damage: 1, plus 1 for every 1 the roll "
        "was made by.",
        "  ┃ Ammunition: Shotgun: 1 fired, 1/3 left (B269).",
        "  ┃ Attack roll: Rolled 5 (2, 1, 2): hit (by 3)",
        "  ┃ Basic damage: 1d+1 → 3 pi (6) (rolled 7, halved at 1/2D or beyond)",
        "  ┃ HP: 877 → 876 / 900",
    )


PT_BR = Fight(
    3,
    """
    /encounter start name:Municao
    /combatant add name:Shooter st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Shooter weapon:Pistol skill:14 damage:2d pi accuracy:2 \
range:150/1900 rof:3 shots:2+1(2) recoil:2
    /combatant weapon add name:Shooter weapon:Shotgun skill:15 damage:1d+1 pi accuracy:3 \
range:50/125 rof:3x9 shots:2+1(2) recoil:1
    /combatant weapon add name:Shooter weapon:Flamer skill:13 damage:3d burn accuracy:2 \
range:10/20 shots:30
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc dr:2
    /encounter next
    /shoot attacker:Shooter target:Orc weapon:Pistol shots:2
    /shoot attacker:Shooter target:Orc weapon:Pistol shots:2 extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:Pistol extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:Pistol extra-attack:true
    /shoot attacker:Shooter target:Orc weapon:Shotgun shots:3 distance:4 extra-attack:true
    /combatant show name:Shooter
"""
    + NEXT_TURN
    + """/maneuver combatant:Shooter maneuver:ready reload:true weapon:Flamer
    /maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol
"""
    + NEXT_TURN
    + """/maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol
    /combatant show name:Shooter
""",
    locale="pt-BR",
)


async def test_ammunition_in_portuguese(tmp_path: Path) -> None:
    """pt-BR: 2+1(2) fired 2 → 1/3; a burst of 2 refused; the last round empties it; empty
    refused; a full Flamer refused; two Readies put the magazine in, the chamber emptied: 2/3.
    The point-blank shotgun line (B409) in Portuguese."""
    t = await play(tmp_path, PT_BR)
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol shots:2"),
        "  ┃ Munição: Pistol: 2 disparos, agora 1/3 (B269).",
    )
    long = t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol shots:2 extra-attack:true")
    assert "  ┃ Não deu certo" in long
    expect(long, "  ┃ A arma Pistol tem só 1 tiro, não 2: dispare só ele ou recarregue (B269).")
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol extra-attack:true", 1),
        "  ┃ Munição: Pistol: 1 disparo, agora vazia (0/3): recarregue com Preparar (B269).",
    )
    expect(
        t.reply("/shoot attacker:Shooter target:Orc weapon:Pistol extra-attack:true", 2),
        "  ┃ Não deu certo",
        "  ┃ A arma Pistol está vazia: recarregue primeiro com /manobra Preparar com "
        "recarregar, 2 s de Preparar (B269).",
    )
    expect(
        t.reply(
            "/shoot attacker:Shooter target:Orc weapon:Shotgun shots:3 distance:4 extra-attack:true"
        ),
        "  ┃ À queima-roupa: A menos de um décimo de ½D: os 9 projéteis ainda não se "
        "espalharam. Cada disparo é um acerto, com os dados e adicionais de 1d+1 pa ×4 e a RD "
        "do alvo ×4 (B409).",
        "  ┃ Munição: Shotgun: 3 disparos, agora vazia (0/3): recarregue com Preparar (B269).",
    )
    expect(
        t.reply("/combatant show name:Shooter", 1),
        "  ┃ Munição: Pistol: 0/3",
        "  ┃     Shotgun: 0/3",
        "  ┃     Flamer: 30/30",
    )
    expect(
        t.reply("/maneuver combatant:Shooter maneuver:ready reload:true weapon:Flamer"),
        "  ┃ Não deu certo",
        "  ┃ A arma Flamer já está cheia (30/30): nada a recarregar.",
    )
    expect(
        t.reply("/maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol", 1),
        "  ┃ Defesas até o próximo turno: só Esquiva (R5.5)",
        "  ┃ Observações: Recarregando a arma Pistol: 1 de 2 s de Preparar (B269); só Esquiva "
        "até o próximo turno (R5.5).",
    )
    expect(
        t.reply("/maneuver combatant:Shooter maneuver:ready reload:true weapon:Pistol", 2),
        "  ┃ Observações: A arma Pistol está recarregada: 2/3 (B269); só Esquiva até o "
        "próximo turno (R5.5).",
    )
    expect(t.reply("/combatant show name:Shooter", 2), "  ┃ Munição: Pistol: 2/3")


THROWS = Fight(
    3,
    """
    /encounter start name:Throw
    /combatant add name:Ana st:12 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Bea st:12 dx:12 iq:10 ht:10 side:pc
    /combatant skill add name:Bea skill:Throwing level:12
    /combatant add name:Giant st:30 dx:10 iq:10 ht:12 side:pc
    /combatant add name:Weak st:7 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Tenn st:10 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Seven st:17 dx:12 iq:10 ht:10 side:pc
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /encounter next
    /throw attacker:Ana target:Orc object-kg:3 distance:10 extra-attack:true
    /throw attacker:Ana target:Orc object-kg:3 distance:18 extra-attack:true
    /throw attacker:Ana target:Orc object-kg:3 distance:19 extra-attack:true
    /throw attacker:Bea target:Orc object-kg:3 distance:21 extra-attack:true
    /throw attacker:Bea target:Orc object-kg:3 distance:22 extra-attack:true
    /throw attacker:Tenn target:Orc object-kg:131 distance:1 extra-attack:true
    /throw attacker:Giant target:Orc object-kg:20 distance:2 extra-attack:true
    /throw attacker:Giant target:Orc object-kg:120 distance:2 extra-attack:true
    /throw attacker:Giant target:Orc object-kg:200 distance:2 extra-attack:true
    /throw attacker:Giant target:Orc object-kg:60 distance:9 extra-attack:true
    /throw attacker:Giant target:Orc object-kg:60 distance:10 extra-attack:true
    /throw attacker:Giant target:Orc object-kg:1500 distance:1 extra-attack:true
    /throw attacker:Giant target:Orc object-kg:1501 distance:1 extra-attack:true
    /throw attacker:Weak target:Orc object-kg:60 distance:1 extra-attack:true
    /throw attacker:Seven target:Orc object-kg:30 distance:1 extra-attack:true
""",
)


async def test_thrown_objects_worked_examples(tmp_path: Path) -> None:
    """R12.1: DX 12 without Throwing → 9; 13 × ST (ST 10: 130 kg), 50 × ST (ST 30: 1500 kg).
    R12.2: ST 12, 3 kg → 1d-2; ST 17, 30 kg → 2d-2; ST 7, 60 kg → nothing. R12.3: 3 kg rounds
    down to the 2 kg row: 1.5 × 12 = 18 m, with Throwing 12: 1.5 × (12 + 2) = 21 m; 30 kg → 0.2
    × 17 = 3.4 m. R12.4 (ST 30, thrust 3d): 20 kg → 3d+3, 120 kg → 3d-1, 200 kg and 1500 kg →
    3d-3. R12.5: 20/30 → row 0.5 → 24 m; 120/30 = 4 → 4.5 m; 200/30 → row 5 → 3 m; 60/30 = 2 →
    9 m; 1500/30 = 50 → row 10 → 1.5 m. A.8: 10 m −4, 18 m −6, 21 m −7, 9 m −4. Past Max
    refused."""
    t = await play(tmp_path, THROWS)

    def throw(who: str, kg: int, m: int) -> list[str]:
        return t.reply(
            f"/throw attacker:{who} target:Orc object-kg:{kg} distance:{m} extra-attack:true"
        )

    expect(
        throw("Ana", 3, 10),
        "  ┃ Weapon: Thrown object, 3 kg (1d-2 cr)",
        "  ┃ Effective skill: Skill 9",
        "  ┃     -4 distance and speed (A.8)",
        "  ┃     = 5",
        "  ┃ Range: A 3 kg object thrown with ST 12: damage 1d-2 (crushing), it flies up to 18 "
        "m; at most 156 kg (R12.1, R12.2, R12.3).",
    )
    expect(throw("Ana", 3, 18), "  ┃     -6 distance and speed (A.8)", "  ┃     = 3")
    assert refused(throw("Ana", 3, 19))
    expect(throw("Ana", 3, 19), "  ┃ 19 m is beyond the weapon's Max range of 18 m.")
    expect(
        throw("Bea", 3, 21),
        "  ┃ Effective skill: Skill 12",
        "  ┃     -7 distance and speed (A.8)",
        "  ┃ Range: A 3 kg object thrown with ST 12: damage 1d-2 (crushing), it flies up to 21 "
        "m; at most 156 kg (R12.1, R12.2, R12.3).",
    )
    expect(throw("Bea", 3, 22), "  ┃ 22 m is beyond the weapon's Max range of 21 m.")
    expect(throw("Tenn", 131, 1), "  ┃ ST 10 throws at most 130 kg; 131 kg is too heavy (R12.1).")
    expect(
        throw("Giant", 20, 2),
        "  ┃ Effective skill: Skill 7",
        "  ┃ Range: A 20 kg object thrown with ST 30: damage 3d+3 (crushing), it flies up to "
        "24 m; at most 1500 kg (R12.1, R12.4, R12.5).",
    )
    expect(
        throw("Giant", 120, 2),
        "  ┃ Range: A 120 kg object thrown with ST 30: damage 3d-1 (crushing), it flies up to "
        "4.5 m; at most 1500 kg (R12.1, R12.4, R12.5).",
    )
    expect(
        throw("Giant", 200, 2),
        "  ┃ Range: A 200 kg object thrown with ST 30: damage 3d-3 (crushing), it flies up to "
        "3 m; at most 1500 kg (R12.1, R12.4, R12.5).",
    )
    expect(
        throw("Giant", 60, 9),
        "  ┃     -4 distance and speed (A.8)",
        "  ┃ Range: A 60 kg object thrown with ST 30: damage 3d (crushing), it flies up to 9 "
        "m; at most 1500 kg (R12.1, R12.4, R12.5).",
    )
    expect(throw("Giant", 60, 10), "  ┃ 10 m is beyond the weapon's Max range of 9 m.")
    expect(
        throw("Giant", 1500, 1),
        "  ┃ Range: A 1500 kg object thrown with ST 30: damage 3d-3 (crushing), it flies up to "
        "1.5 m; at most 1500 kg (R12.1, R12.4, R12.5).",
    )
    expect(
        throw("Giant", 1501, 1), "  ┃ ST 30 throws at most 1500 kg; 1501 kg is too heavy (R12.1)."
    )
    assert refused(throw("Weak", 60, 1))
    expect(throw("Weak", 60, 1), "  ┃ ST 7 throwing 60 kg does no damage (R12.2): nothing to roll.")
    expect(
        throw("Seven", 30, 1),
        "  ┃ Range: A 30 kg object thrown with ST 17: damage 2d-2 (crushing), it flies up to "
        "3.4 m; at most 221 kg (R12.1, R12.2, R12.3).",
    )


AIMED_BOW = Fight(
    4,
    """
    /encounter start name:Bow
    /combatant add name:Archer st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Archer weapon:Bow skill:13 damage:1d+2 imp accuracy:2 \
snap-shot:15 range:150/200 launcher:bow
    /combatant weapon add name:Archer weapon:Flamer skill:13 damage:3d burn accuracy:2 \
range:10/20 shots:30
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /combatant show name:Archer
    /encounter next
    /shoot attacker:Archer target:Orc weapon:Bow distance:10
"""
    + (NEXT_TURN + "/maneuver combatant:Archer maneuver:aim target:Orc braced:true\n") * 3
    + NEXT_TURN
    + """/shoot attacker:Archer target:Orc weapon:Bow distance:150
    :click No defense
"""
    + NEXT_TURN
    + """/maneuver combatant:Archer maneuver:ready reload:true weapon:Bow
    /maneuver combatant:Archer maneuver:ready reload:true
    /shoot attacker:Archer target:Orc weapon:Bow distance:201
""",
)


async def test_aim_accuracy_half_damage_and_uncounted_bow(tmp_path: Path) -> None:
    """R5.3 worked example: Bow Acc 2, skill 13, Snap Shot 15. Unaimed at 10 m: 13 − 4 (A.8)
    − 4 snap shot = 5. Three braced Aims: +2 +2 +1 = +5; at 150 m (A.8 −11): 7; rolled 5, hit;
    at ½D the 1d+2 (6 + 2 = 8) is halved to 4, imp ×2 → 8 injury. The bow has no Shots: not
    listed, not reloaded; 201 m is past its Max 200."""
    t = await play(tmp_path, AIMED_BOW)
    expect(t.reply("/combatant show name:Archer"), "  ┃ Ammunition: Flamer: 30/30")
    expect(
        t.reply("/shoot attacker:Archer target:Orc weapon:Bow distance:10"),
        "  ┃     -4 distance and speed (A.8)",
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 5",
    )
    expect(
        t.reply("/maneuver combatant:Archer maneuver:aim target:Orc braced:true", 3),
        "  ┃ Notes: Aiming at Orc: turn 3 (R5.3)",
    )
    expect(
        t.reply(":click No defense"),
        "  ┃     +5 Aim (R5.3)",
        "  ┃     -11 distance and speed (A.8)",
        "  ┃     = 7",
        "  ┃ Attack roll: Rolled 5 (1, 1, 3): hit (by 2)",
        "  ┃ Basic damage: 1d+2 → 4 imp (6) (rolled 8, halved at 1/2D or beyond)",
        "  ┃ Injury: 8",
        "  ┃ HP: 900 → 892 / 900",
    )
    expect(
        t.reply("/maneuver combatant:Archer maneuver:ready reload:true weapon:Bow"),
        "  ┃ The Bow has no rounds to count (its sheet gives no Shots): it needs no reload.",
    )
    expect(
        t.reply("/maneuver combatant:Archer maneuver:ready reload:true"),
        "  ┃ None of Archer's weapons needs reloading: name the weapon, or fire first.",
    )
    expect(
        t.reply("/shoot attacker:Archer target:Orc weapon:Bow distance:201"),
        "  ┃ 201 m is beyond the weapon's Max range of 200 m.",
    )


AIM_CAP = Fight(
    8,
    """
    /encounter start name:Aim
    /combatant add name:Archer st:10 dx:12 iq:10 ht:10 side:pc
    /combatant weapon add name:Archer weapon:Rifle skill:3 damage:7d pi accuracy:5 \
range:1000/4000 shots:5(3)
    /combatant weapon add name:Archer weapon:Bow skill:13 damage:1d+2 imp accuracy:2 \
snap-shot:15 range:150/200 launcher:bow
    /combatant add name:Orc st:10 dx:10 iq:10 ht:10 hp:900 side:npc
    /combatant weapon add name:Orc weapon:Bow skill:16 damage:1d imp accuracy:2 range:150/200
    /encounter next
    /maneuver combatant:Archer maneuver:aim target:Orc
"""
    + NEXT_TURN
    + """/shoot attacker:Archer target:Orc weapon:Rifle
"""
    + NEXT_TURN
    + """/maneuver combatant:Archer maneuver:aim target:Orc
    /encounter next
    /shoot attacker:Orc target:Archer weapon:Bow
    :click Dodge
    /encounter next
    /shoot attacker:Archer target:Orc weapon:Bow distance:2
""",
)


async def test_accuracy_capped_by_skill_and_aim_lost_on_defense(tmp_path: Path) -> None:
    """R5.3: Acc 5 with skill 3 adds only +3 (never more than the skill): 6, and the aimed
    shot still spends a round (4/5). A Dodge loses the Aim: the next bow shot at 2 m (A.8: 0)
    is 13 − 4 shock (R7.6, 6 injury on HP 10) − 4 unaimed = 5."""
    t = await play(tmp_path, AIM_CAP)
    expect(
        t.reply("/shoot attacker:Archer target:Orc weapon:Rifle"),
        "  ┃ Effective skill: Skill 3",
        "  ┃     +3 Aim (R5.3)",
        "  ┃     = 6",
        "  ┃ Ammunition: Rifle: 1 fired, 4/5 left (B269).",
    )
    expect(
        t.reply(":click Dodge"),
        "  ┃ Aim: Archer defended, so his Aim is lost: the next shot gets no Aim bonus (R5.3).",
    )
    expect(
        t.reply("/shoot attacker:Archer target:Orc weapon:Bow distance:2"),
        "  ┃     -4 shock (R7.6)",
        "  ┃     -4 unaimed shot (R5.3)",
        "  ┃     = 5",
    )
