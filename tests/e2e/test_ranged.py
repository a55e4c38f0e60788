"""Ranged and thrown attacks through the real client: the Size and Speed/Range table with Aim
(A.8, R5.3), the defenses a missile leaves (R6.5, R6.9, B376), a thrown rock from the
throwing tables (R12.1-R12.3), cover (R12.15) and the pop-up attack (R12.7)."""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.roller import ScriptedDice

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


def labels(message: Any) -> list[str]:
    return [str(c.get("label")) for c in message.interactive_components()]


async def say(standin: StandIn, user: str, command: str, **options: object) -> Any:
    return await standin.slash(command, options, user=user, channel=CHANNEL)


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    result = await say(standin, "gm", command, **options)
    assert not result.ephemeral, result.embeds
    return result


async def archer_fight(standin: StandIn) -> None:
    """Alice's archer (DX 12: bow 14, Acc 2, Snap Shot 15) and the GM's orc (Dodge 8, Parry 9,
    Block 9 with a generic shield of DB 0)."""
    await gm(standin, "encounter start", name="Walls")
    await gm(standin, "combatant add", name="Archer", st=10, dx=12, iq=10, ht=10, owner="alice")
    await gm(
        standin,
        "combatant weapon add",
        name="Archer",
        weapon="Bow",
        skill=14,
        damage="1d+2 imp",
        accuracy=2,
        **{"snap-shot": 15},
    )
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11, parry=9, block=9)


async def test_a_bow_shot_at_20_m_with_aim_a8_r5_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """One turn of Aim gives the bow's Acc 2; 20 m reads -6 on the table: 14 + 2 - 6 = 10."""
    await archer_fight(standin)
    await gm(standin, "encounter next")  # the archer (Basic Speed 5.5, DX 12) acts first
    await say(standin, "alice", "maneuver", combatant="Archer", maneuver="aim", target="Orc")
    await gm(standin, "encounter next")
    await gm(standin, "encounter next")  # the archer again
    dice.extend([6, 6, 6])
    shot = await say(
        standin, "alice", "shoot", attacker="Archer", target="Orc", weapon="Bow", distance=20
    )
    assert fields(shot.embeds[0])["Effective skill"] == (
        "Skill 14\n+2 Aim (R5.3)\n-6 distance and speed (A.8)\n= **10**"
    )
    assert dice.remaining == 0


async def test_size_speed_and_cover_add_up_a8_r12_15(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """An unaimed shot at a running ogre (SM +1) 12 m away moving 8 m/s, head and shoulders
    over a wall: 20 on the table -6, +1 size, -4 cover; 14 - 9 = 5 is below Snap Shot 15: -4
    more, 1, which cannot be attempted (A.1): the GM gives +2, so 3. In Portuguese the
    options and the lines are Portuguese."""
    await archer_fight(standin)
    await gm(
        standin, "combatant add", name="Ogre", st=20, dx=10, iq=8, ht=12, **{"size-modifier": 1}
    )
    dice.extend([6, 6, 6])
    shot = await standin.slash(
        "shoot",
        {
            "atacante": "Archer",
            "alvo": "Ogre",
            "arma": "Bow",
            "distancia": 12,
            "velocidade": 8,
            "cobertura": "head_shoulders",
            "modificador": 2,
        },
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    skill = fields(shot.embeds[0])["NH efetivo"].splitlines()
    assert skill == [
        "NH 14",
        "-6 distância e velocidade (A.8)",
        "+1 Modificador de Tamanho do alvo (A.8)",
        "-4 cobertura: cabeça e ombros expostos (R12.15)",
        "+2 outros (GM)",
        "-4 tiro sem mira (R5.3)",
        "= **3**",
    ]
    del messages


async def test_an_archers_target_is_offered_dodge_or_block_but_not_parry_r6_5_r6_9(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The orc shoots Alice's knight (Dodge 9, Parry 10, Block 10): Dodge and Block, no Parry
    against a missile (B376) and no Retreat against a ranged attack (R6.9)."""
    await gm(standin, "encounter start", name="Ambush")
    await gm(
        standin,
        "combatant add",
        name="Knight",
        st=12,
        dx=12,
        iq=10,
        ht=12,
        owner="alice",
        parry=10,
        block=10,
    )
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11)
    await gm(
        standin,
        "combatant weapon add",
        name="Orc",
        weapon="Shortbow",
        skill=13,
        damage="1d imp",
        accuracy=1,
    )
    dice.extend([3, 3, 4])
    shot = await gm(
        standin, "shoot", attacker="Orc", target="Knight", weapon="Shortbow", distance=5
    )
    assert labels(shot.message) == ["Dodge 9", "Block 10", "No defense"]
    assert fields(shot.embeds[0])["Defenses"].splitlines() == [
        "**Dodge 9**",
        "**Block 10**",
        "Parry (weapon): missiles cannot be parried (B376)",
        "Retreat not possible: no Retreat against ranged attacks (R6.9)",
    ]
    assert dice.remaining == 0


async def test_a_thrown_5_kg_rock_from_st_12_r12_1_r12_2_r12_3(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """ST 12, DX 11, no Throwing: skill DX-3 = 8; 5 kg is in the 0.25-5 kg column (1d-2) and
    the 5 kg row (0.8 × 12 = 9.6 m). 3 m away: -1. Rolled 6 hits; the orc has nothing
    but a Dodge of 3, which fails; 1d-2 rolls 5: 3 crushing. 10 m is past the rock's range."""
    await gm(standin, "encounter start", name="Quarry")
    await gm(standin, "combatant add", name="Ogre", st=12, dx=11, iq=8, ht=12, owner="alice")
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11, dodge=3)
    dice.extend([1, 2, 3])
    rock = await say(
        standin, "alice", "throw", attacker="Ogre", target="Orc", distance=3, **{"object-kg": 5}
    )
    shown = fields(rock.embeds[0])
    assert shown["Weapon"] == "Thrown object, 5 kg (1d-2 cr)"
    assert shown["Range"] == (
        "A 5 kg object thrown with ST 12: damage 1d-2 (crushing), it flies up to 9.6 m;"
        " at most 156 kg (R12.1, R12.2, R12.3)."
    )
    assert shown["Effective skill"] == "Skill 8\n-1 distance and speed (A.8)\n= **7**"
    dice.extend([6, 6, 6, 5])  # Dodge 3 fails; 1d-2 rolls 5
    await standin.click(rock.message, "Dodge 3", user="gm")
    damage = fields(standin.message(rock.message.id).embeds[-1])
    assert damage["Basic damage"] == "1d-2 → **3** cr (5)"
    assert damage["HP"] == "12 → **9** / 12"
    assert dice.remaining == 0

    too_far = await say(
        standin, "alice", "throw", attacker="Ogre", target="Orc", distance=10, **{"object-kg": 5}
    )
    assert too_far.ephemeral
    assert "10 m is beyond the weapon's Max range of 9.6 m." in too_far.embed["description"]


async def test_half_damage_beyond_half_d_and_pop_up_r12_7(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """A crossbow with range 20/25 (its table's x2/x2.5 for ST 10) 21 m away: -7 on the table,
    and past 1/2D the damage is halved: 1d+4 rolls 6 + 4 = 10, 5 counts. Then a pop-up attack
    with it: crossbow 14 → 14 - 2 - 4 (snap shot, always) = 8 (R12.7); with a bow, refused."""
    await archer_fight(standin)
    await gm(
        standin,
        "combatant weapon add",
        name="Archer",
        weapon="Crossbow",
        skill=14,
        damage="1d+4 imp",
        accuracy=4,
        range="x2/x2.5",
        launcher="crossbow",
    )
    await gm(
        standin,
        "combatant weapon add",
        name="Archer",
        weapon="Longbow",
        skill=14,
        damage="1d+2 imp",
        accuracy=3,
        launcher="bow",
    )
    await gm(standin, "combatant add", name="Scarecrow", st=20, dx=10, iq=10, ht=10, dodge=3)
    dice.extend([1, 2, 3, 6, 6, 6, 6])  # 6 hits (skill 14 - 7 = 7), Dodge fails, 1d = 6
    shot = await say(
        standin,
        "alice",
        "shoot",
        attacker="Archer",
        target="Scarecrow",
        weapon="Crossbow",
        distance=21,
    )
    assert (
        fields(shot.embeds[0])["Range"] == "At the weapon's 1/2D or beyond: the damage is halved."
    )
    await standin.click(shot.message, "Dodge 3", user="gm")
    damage = fields(standin.message(shot.message.id).embeds[-1])
    assert damage["Basic damage"] == ("1d+4 → **5** imp (6) (rolled 10, halved at 1/2D or beyond)")
    assert dice.remaining == 0

    dice.extend([6, 6, 6])
    popped = await say(
        standin,
        "alice",
        "shoot",
        attacker="Archer",
        target="Scarecrow",
        weapon="Crossbow",
        maneuver="pop_up",
    )
    assert fields(popped.embeds[0])["Effective skill"] == (
        "Skill 14\n-2 pop-up attack (R12.7)\n-4 unaimed shot (R12.7)\n= **8**"
    )
    refused = await say(
        standin,
        "alice",
        "shoot",
        attacker="Archer",
        target="Scarecrow",
        weapon="Longbow",
        maneuver="pop_up",
    )
    assert refused.ephemeral
    assert "A bow cannot make a pop-up attack (R12.7)." in refused.embed["description"]
