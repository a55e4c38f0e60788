"""Crippled limbs in play (R7.16; the seed is silent on their effect, so the Basic Set's).

A blow cripples Ana's sword arm: she can neither strike nor parry with the sword, and the
tracker says so. A crippled leg halves her Move and forbids Move and Attack; with both legs
crippled she cannot walk.
"""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import BodyPart
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, labels, orc_attacks, start_duel
from tests.e2e.test_weapon_readiness import alice, gm


async def test_a_crippled_sword_arm_neither_strikes_nor_parries_r7_16(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await start_duel(standin, bot)
    # 5 cutting to Ana's right arm: DR 1, 4 × 1.5 = 6 injury, over HP 11 / 2: crippled, a
    # major wound; HT 12 rolls 9 and she stays up (R7.21, R7.7, R7.8).
    dice.extend([3, 3, 3])
    hurt = await gm(
        standin, "damage", target="Ana", amount=5, type="cut", location="arm", side="right"
    )
    assert "Right arm crippled (R7.16)" in fields(hurt.embed)["Consequences"]
    refused = await alice(standin, "attack", attacker="Ana", target="Orc")
    assert refused.ephemeral
    assert refused.embed["description"] == messages.text(
        "attack.weapon_crippled", "en", combatant="Ana", weapon="sword"
    )
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    assert labels(attack.message) == ["Dodge 9", "Retreat (+3)", "No defense"]
    assert (
        "Parry (sword): held in a crippled arm or hand (R7.16)"
        in (fields(attack.embed)["Defenses"])
    )
    tracker = await gm(standin, "encounter status")
    (ana_line,) = [v for k, v in fields(tracker.embed).items() if "Ana" in k]
    assert "crippled: right arm" in ana_line
    assert dice.remaining == 0


async def test_a_crippled_leg_halves_move_and_forbids_move_and_attack_r7_16(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await start_duel(standin, bot)
    sheet = await alice(standin, "combatant show", name="Ana")
    assert "Move 6" in fields(sheet.embed)["Speed, Move and protection"]

    await _cripple(standin, bot, "left_leg")
    sheet = await alice(standin, "combatant show", name="Ana")
    assert "Move 3" in fields(sheet.embed)["Speed, Move and protection"]
    charge = await alice(
        standin, "attack", attacker="Ana", target="Orc", maneuver="move_and_attack"
    )
    assert charge.ephemeral
    assert charge.embed["description"] == messages.text(
        "attack.crippled_leg", "en", combatant="Ana"
    )
    moved = await alice(standin, "maneuver", combatant="Ana", maneuver="move")
    assert fields(moved.embed)["Movement"] == "up to 3 m"
    await gm(standin, "encounter undo")

    await _cripple(standin, bot, "left_leg", "right_foot")
    stuck = await standin.slash(
        "maneuver",
        {"combatant": "Ana", "maneuver": "move"},
        user="alice",
        channel=CHANNEL,
        locale="pt-BR",
    )
    assert stuck.ephemeral
    assert stuck.embed["description"] == messages.text(
        "maneuver.cannot_walk", "pt-BR", combatant="Ana"
    )


async def _cripple(standin: StandIn, bot: GurpsBot, *crippled: str) -> None:
    """Ana's sheet with these parts crippled (as blows would leave it)."""
    repository = EncounterRepository(bot.database)
    channel = standin.channel(CHANNEL).id
    async with repository.change(channel, standin.user("gm").id, "condition") as change:
        ana = change.encounter.find("Ana")
        parts = frozenset(BodyPart(p) for p in crippled)
        change.encounter = change.encounter.replace(
            ana.with_sheet(ana.combatant.with_state(crippled=parts))
        )
