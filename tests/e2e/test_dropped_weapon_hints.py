"""What fixes a refusal for a weapon out of hand: a Ready (R7.8, R5.5), named with the weapon.

Ivy (alice's) is hit by the orc's axe (9, a hit by 3), its defense buttons drawn; then a
blow to the face knocks her down (HT 11 -5 = 6, rolled 9) and she drops the sword and the
axe (R7.8). An attack with the sword is refused with the Ready that picks it up as the
example.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.review_fixes_sheets import ivy_sheet
from tests.e2e.review_play import Fight, expect, play, refused


def _knocked_down(tmp_path: Path, locale: str) -> Fight:
    return Fight(
        3,
        f"""
        /character import file:{ivy_sheet(tmp_path)} owner:alice
        /encounter start name:Uses
        /combatant add character:Ivy
        /combatant add name:Orc st:13 dx:11 iq:9 ht:12
        /combatant weapon add name:Orc weapon:Axe skill:12 damage:sw+2 cut
        /encounter next
        /attack attacker:Orc target:Ivy extra-attack:true
        /damage target:Ivy amount:7 type:cr location:face
        /combatant condition name:Ivy condition:stunned value:false
        :as alice
        /attack attacker:Ivy target:Orc weapon:Sword (Thrust)
        """,
        locale=locale,
    )


async def test_a_dropped_weapon_is_readied_r7_8_r5_5(tmp_path: Path) -> None:
    t = await play(tmp_path, _knocked_down(tmp_path, "en-US"))
    sword = t.reply("/attack attacker:Ivy target:Orc weapon:Sword (Thrust)")
    assert refused(sword), "\n".join(sword)
    expect(
        sword,
        "  ┃ Try, for example: /maneuver combatant:Ivy maneuver:Ready weapon:Sword (Thrust) in two"
        " of his turns: the first lifts it, the second readies it",
    )


async def test_a_dropped_weapon_is_readied_in_portuguese_r7_8_r5_5(tmp_path: Path) -> None:
    t = await play(tmp_path, _knocked_down(tmp_path, "pt-BR"))
    expect(
        t.reply("/attack attacker:Ivy target:Orc weapon:Sword (Thrust)"),
        "  ┃ Ivy largou a arma Sword (Thrust) ao cair (R7.8): pegá-la do chão leva dois turnos de"
        " Preparar (R5.5).",
        "  ┃ Tente, por exemplo: /manobra combatente:Ivy manobra:Preparar arma:Sword (Thrust) em"
        " dois turnos dele: o primeiro a ergue do chão, o segundo a prepara",
    )


async def test_an_unready_weapon_is_readied_r5_5(tmp_path: Path) -> None:
    """R5.5: after the unbalanced axe's swing, its thrown use is refused until a Ready: the
    refusal's example is that Ready, naming the weapon."""
    fight = Fight(
        3,
        f"""
        /character import file:{ivy_sheet(tmp_path)} owner:alice
        /encounter start name:Uses
        /combatant add character:Ivy
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
        """,
    )
    t = await play(tmp_path, fight)
    early = t.reply("/throw attacker:Ivy target:Orc weapon:Axe (Thrown)")
    assert refused(early), "\n".join(early)
    expect(
        early,
        "  ┃ Try, for example: /maneuver combatant:Ivy maneuver:Ready weapon:Axe (Thrown) in his"
        " turn",
    )
