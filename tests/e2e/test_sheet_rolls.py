"""``/check character: skill:`` and ``/contest`` with characters' skills, end to end.

Alice comes from her GCS file (Stealth 14, DX-based; Observation 13, Per-based; Per 13 with
Acute Vision 2). Saved, she rolls her plain levels; fighting in this channel, the penalties
of her condition come in where the rules say so: shock on DX- and IQ-based rolls (R7.6).
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.e2e.test_character import fields
from tests.e2e.test_gcs import import_alice

CHANNEL = "combat"


async def check(standin: StandIn, user: str = "alice", **options: object) -> object:
    return await standin.slash("check", options, user=user, channel=CHANNEL)


async def test_a_saved_character_rolls_a_skill_by_name(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await import_alice(standin)
    offered = await standin.autocomplete(
        "check", {"character": "Alice", "skill": "st"}, focused="skill", user="alice"
    )
    assert [(c["name"], c["value"]) for c in offered] == [
        ("ST 11", "st"),
        ("Stealth 14", "Stealth"),
    ]
    dice.extend([3, 4, 4])
    rolled = await standin.slash(
        "check", {"character": "Alice", "skill": "Stealth"}, user="alice", channel=CHANNEL
    )
    assert not rolled.ephemeral
    assert rolled.embed["title"] == "🎯 Alice: Stealth"
    shown = fields(rolled.embed)
    assert shown["Effective skill"] == "Stealth 14\n= **14**"
    assert shown["Result"] == "**Success**"
    # A sense is Perception with its traits, as /sense reads them (R16.1, R16.5).
    dice.extend([6, 6, 3])
    seen = await standin.slash(
        "teste",
        {"personagem": "Alice", "nh": "vision", "modificador": -1},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert seen.embed["title"] == "🎯 Alice: Visão"
    assert fields(seen.embed)["NH efetivo"] == (
        "Visão 13\n+2 Sentido aguçado (R16.5)\n-1 outros\n= **14**"
    )
    # A secret roll, and a number still works without a character.
    dice.extend([5, 5, 5])
    secret = await standin.slash(
        "check", {"character": "Alice", "skill": "dx", "private": True}, user="alice"
    )
    assert secret.ephemeral
    assert fields(secret.embed)["Effective skill"] == "DX 13\n= **13**"
    dice.extend([1, 2, 3])
    plain = await standin.slash("check", {"skill": "12"}, user="bob")
    assert fields(plain.embed)["Effective skill"] == "**12**"
    assert dice.remaining == 0

    not_hers = await standin.slash("check", {"character": "Alice", "skill": "Stealth"}, user="bob")
    assert not_hers.ephemeral
    assert not_hers.embed["description"] == messages.text(
        "character.error.not_yours", "en", name="Alice"
    )
    unknown = await standin.slash(
        "check", {"character": "Alice", "skill": "Swimming"}, user="alice"
    )
    assert unknown.embed["description"] == messages.text(
        "sheetcheck.unknown_target", "en", character="Alice", name="Swimming"
    )
    nameless = await standin.slash("check", {"skill": "Stealth"}, user="alice")
    assert nameless.embed["description"] == messages.text(
        "sheetcheck.error.needs_character", "en", name="Stealth"
    )


async def test_in_the_fight_shock_reaches_dx_based_skills_only_r7_6(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """3 injury to the groin (no DR there): shock -3 on her next turn (R7.6). Stealth (DX)
    rolls at 11, Observation (Per) at its 13: shock touches IQ, DX and their skills only."""
    await import_alice(standin)
    await standin.slash("encounter start", {"name": "Inn"}, user="gm", channel=CHANNEL)
    await standin.slash("combatant add", {"character": "Alice"}, user="gm", channel=CHANNEL)
    await standin.slash(
        "combatant add",
        {"name": "Orc", "st": 12, "dx": 11, "iq": 9, "ht": 12},
        user="gm",
        channel=CHANNEL,
    )
    hurt = await standin.slash(
        "damage",
        {"target": "Alice", "amount": 2, "type": "cut", "location": "groin"},
        user="gm",
        channel=CHANNEL,
    )
    assert "Shock -3 on the next turn (R7.6)" in fields(hurt.embed)["Consequences"]

    dice.extend([3, 4, 4])  # 11 vs 14 - 3 = 11: made it exactly
    sneaking = await check(standin, character="Alice", skill="Stealth")
    shown = fields(sneaking.embed)
    assert shown["Effective skill"] == "Stealth 14\n-3 shock (R7.6)\n= **11**"
    assert shown["Margin"] == "Made it by 0"
    dice.extend([4, 4, 4])
    looking = await check(standin, character="Alice", skill="Observation")
    assert fields(looking.embed)["Effective skill"] == "Observation 13\n= **13**"

    # The GM rolls the orc's Perception against her Stealth: a Quick Contest (A.7).
    dice.extend([3, 4, 4, 4, 4, 4])  # Alice 11 vs 11 (by 0); the orc 12 vs Per 9 (missed by 3)
    contest = await standin.slash(
        "contest",
        {
            "character_a": "Alice",
            "skill_a": "Stealth",
            "character_b": "Orc",
            "skill_b": "per",
        },
        user="gm",
        channel=CHANNEL,
    )
    assert not contest.ephemeral
    assert contest.embed["title"] == "⚔️ Quick contest: Alice (Stealth) vs Orc (Per)"
    assert fields(contest.embed)["Result"] == "**Alice (Stealth)** wins by 3."
    assert fields(contest.embed)["Alice (Stealth)"] == "Stealth 14\n-3 shock (R7.6)\n= **11**"
    assert dice.remaining == 0


async def test_a_bare_skill_name_with_two_specializations_names_them(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """Ivy has Fast-Draw (Arrow) 14 and Fast-Draw (Knife) 12: a bare "Fast-Draw" rolls neither,
    and the private refusal names both (English and Portuguese); the full name rolls."""
    await standin.slash("encounter start", {"name": "Inn"}, user="gm", channel=CHANNEL)
    await standin.slash(
        "combatant add",
        {"name": "Ivy", "st": 10, "dx": 12, "iq": 10, "ht": 10},
        user="gm",
        channel=CHANNEL,
    )
    for specialization, level in (("Knife", 12), ("Arrow", 14)):
        await standin.slash(
            "combatant skill add",
            {"name": "Ivy", "skill": "Fast-Draw", "specialization": specialization, "level": level},
            user="gm",
            channel=CHANNEL,
        )
    both = await standin.slash(
        "check", {"character": "Ivy", "skill": "fast-draw"}, user="gm", channel=CHANNEL
    )
    assert both.ephemeral
    assert both.embed["description"] == (
        "Ivy has Fast-Draw in more than one specialization: Fast-Draw (Arrow), Fast-Draw (Knife)."
        " Name the one to roll."
    )
    ambas = await standin.slash(
        "teste",
        {"personagem": "Ivy", "nh": "Fast-Draw"},
        user="gm",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert ambas.embed["description"] == (
        "Ivy tem Sacar Rápido em mais de uma especialização: Sacar Rápido (Arrow),"
        " Sacar Rápido (Knife). Diga qual testar."
    )
    dice.extend([3, 4, 4])
    rolled = await standin.slash(
        "check", {"character": "Ivy", "skill": "Fast-Draw (Arrow)"}, user="gm", channel=CHANNEL
    )
    assert fields(rolled.embed)["Effective skill"] == "Fast-Draw (Arrow) 14\n= **14**"
    assert dice.remaining == 0
