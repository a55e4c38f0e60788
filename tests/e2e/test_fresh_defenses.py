"""A blow waiting for its defense shows the defenses its target has now.

The orc's blow hits Ana and waits for her defense; its message carries her defense buttons
and a Defenses field. Whatever changes her before she clicks (the GM's /damage knocking her
down, R7.8; a stun, R7.10) rewrites both once the command has answered; a change that leaves
her numbers as they were, or that touches someone else, edits nothing. The click rolls the
number its button said.
"""

from __future__ import annotations

import logging

import pytest

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, EncounterCombatant
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, labels

FRESH = ["Dodge 9", "Parry 10 (sword)", "Retreat (+3)", "No defense"]


async def start_fight(standin: StandIn, bot: GurpsBot) -> None:
    """Ana (alice's: Dodge 9; sword skill 15, Parry 3 + 15/2 = 10; HP 11, DR 1) against the
    GM's orc (axe skill 13, 2d+1 cut), with a goblin looking on."""
    ana = Combatant.create(
        name="Ana",
        attributes={"st": 11, "dx": 13, "ht": 12},
        weapons=[{"name": "sword", "skill": 15, "damage": "sw+1 cut"}],
        dr={"uniform": 1},
    )
    orc = Combatant.create(
        name="Orc",
        attributes={"st": 13, "dx": 11, "ht": 11},
        weapons=[{"name": "axe", "skill": 13, "damage": "sw+2 cut"}],
    )
    goblin = Combatant.create(name="Goblin", attributes={"st": 9, "dx": 12, "ht": 10})
    encounter = Encounter(
        name="Ambush",
        gm_id=standin.user("gm").id,
        combatants=(
            EncounterCombatant(
                combatant_id="1", side="party", combatant=ana, owner_id=standin.user("alice").id
            ),
            EncounterCombatant(combatant_id="2", side="npc", combatant=orc),
            EncounterCombatant(combatant_id="3", side="npc", combatant=goblin),
        ),
        next_number=4,
    )
    await EncounterRepository(bot.database).start(
        guild_id=standin.guild.id,
        channel_id=standin.channel(CHANNEL).id,
        actor_id=standin.user("gm").id,
        encounter=encounter,
    )


async def waiting_blow(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, locale: str = "en"
) -> int:
    """The orc hits Ana (11 vs 13) and the blow waits for her defense; its message's id."""
    await start_fight(standin, bot)
    dice.extend([3, 4, 4])
    blow = await standin.slash(
        "attack",
        {"attacker": "Orc", "target": "Ana"},
        user="gm",
        channel=CHANNEL,
        locale=locale,
    )
    return blow.message.id


async def gm(standin: StandIn, command: str, **options: object) -> None:
    result = await standin.slash(command, options, user="gm", channel=CHANNEL)
    assert not result.ephemeral, result.embeds


def edits_of(standin: StandIn, message_id: int) -> int:
    """How many times the bot edited the message (with its own token)."""
    return sum(
        1
        for request in standin.server.requests
        if request.method == "PATCH" and request.path.endswith(f"/messages/{message_id}")
    )


async def test_a_knockdown_takes_the_parry_off_the_waiting_blow_r7_8_r7_10(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R7.8: the GM's 8 cr (DR 1: 7 injury, a major wound) knocks Ana down: HT 12 rolled 14,
    she falls prone (-3, B551), is stunned (-4, R7.10, no Retreat) and drops her sword. Before
    she clicks, the waiting blow's message says Dodge 2 and has no Parry button; the edit
    follows the /damage answer. Her click rolls Dodge 2: 5 fails by 3."""
    message_id = await waiting_blow(standin, bot, dice)
    blow = standin.message(message_id)
    assert labels(blow) == FRESH
    assert fields(blow.embeds[0])["Defenses"] == "**Dodge 9**\n**Parry 10 (sword)**"
    dice.extend([5, 5, 4])
    await gm(standin, "damage", target="Ana", amount="8 cr")
    await bot.defenses.settled()
    shown = standin.message(message_id)
    assert labels(shown) == ["Dodge 2", "No defense"]
    assert fields(shown.embeds[0])["Defenses"] == (
        "**Dodge 2** · base 9 · -3 posture (B551) · -4 stunned (R7.10)\n"
        "Parry (sword): dropped when knocked down, it lies on the ground (R7.8)\n"
        "Retreat not possible: no Retreat while stunned (R7.10)"
    )
    routes = [f"{r.method} {r.path}" for r in standin.server.requests]
    answered = max(i for i, route in enumerate(routes) if route.endswith("/callback"))
    edited = [i for i, route in enumerate(routes) if route.endswith(f"/messages/{message_id}")]
    assert edited
    assert min(edited) > answered  # the answer first, then the edit
    # 5 (1, 1, 3) against Dodge 2 fails by 3; 2d+1 rolls 1 + 1 + 1 = 3 cut, DR 1 → 2 × 1.5 = 3.
    dice.extend([1, 1, 3, 1, 1])
    clicked = await standin.click(shown, "Dodge 2", user="alice")
    assert not clicked.ephemeral
    _, defense, damage = standin.message(message_id).embeds
    assert fields(defense)["Defense roll"] == "Rolled **5** (1, 1, 3): failed (by 3)"
    assert fields(damage)["HP"] == "4 → **1** / 11"
    assert dice.remaining == 0


async def test_a_stun_refreshes_the_waiting_blow_r7_10(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """R7.10: stunned, Ana defends at -4 and may not retreat: Dodge 5, Parry 6. Her click
    rolls Dodge 5: 5 (2, 2, 1) dodges."""
    message_id = await waiting_blow(standin, bot, dice)
    await gm(standin, "combatant condition", name="Ana", condition="stunned")
    await bot.defenses.settled()
    shown = standin.message(message_id)
    assert labels(shown) == ["Dodge 5", "Parry 6 (sword)", "No defense"]
    assert fields(shown.embeds[0])["Defenses"] == (
        "**Dodge 5** · base 9 · -4 stunned (R7.10)\n"
        "**Parry 6 (sword)** · base 10 · -4 stunned (R7.10)\n"
        "Retreat not possible: no Retreat while stunned (R7.10)"
    )
    assert bot.defenses.edits == 1
    dice.extend([2, 2, 1])
    await standin.click(shown, "Dodge 5", user="alice")
    _, defense = standin.message(message_id).embeds
    assert fields(defense)["Defense roll"] == "Rolled **5** (2, 2, 1): defended (by 0)"
    assert labels(standin.message(message_id)) == []
    assert dice.remaining == 0


async def test_a_change_that_leaves_her_defenses_alone_edits_nothing_r7_10(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The goblin stunned (R7.10) is not the blow's target; Ana's 2 cr (DR 1: 1 injury, shock
    only, R7.6) changes her but not her defenses. Neither edits the waiting blow's message."""
    message_id = await waiting_blow(standin, bot, dice)
    before = edits_of(standin, message_id)
    await gm(standin, "combatant condition", name="Goblin", condition="stunned")
    await gm(standin, "damage", target="Ana", amount="2 cr")
    await bot.defenses.settled()
    assert edits_of(standin, message_id) == before
    assert bot.defenses.edits == 0
    assert labels(standin.message(message_id)) == FRESH
    await gm(standin, "combatant condition", name="Ana", condition="stunned")
    await bot.defenses.settled()
    assert edits_of(standin, message_id) > before
    assert bot.defenses.edits == 1


async def test_a_portuguese_blow_stays_portuguese_after_an_english_stun_r7_10(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """The blow was announced in Portuguese; the GM stuns Ana in English (R7.10): the
    Defenses field and the buttons are rewritten in Portuguese."""
    message_id = await waiting_blow(standin, bot, dice, locale="pt-BR")
    blow = standin.message(message_id)
    assert labels(blow) == ["Esquiva 9", "Aparar 10 (sword)", "Recuo (+3)", "Sem defesa"]
    await gm(standin, "combatant condition", name="Ana", condition="stunned")
    await bot.defenses.settled()
    shown = standin.message(message_id)
    assert labels(shown) == ["Esquiva 5", "Aparar 6 (sword)", "Sem defesa"]
    assert "Defenses" not in fields(shown.embeds[0])
    assert fields(shown.embeds[0])["Defesas"].startswith("**Esquiva 5** · base 9 · -4 ")
    assert shown.content == blow.content


async def test_a_deleted_blow_message_is_logged_and_changes_nothing_r7_10(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, caplog: pytest.LogCaptureFixture
) -> None:
    """The blow's message was deleted: the stun (R7.10) still stands, the failed edit is
    logged, and nothing else changes (no message is posted in its place)."""
    message_id = await waiting_blow(standin, bot, dice)
    standin.message(message_id).deleted = True
    posted = len(standin.messages(CHANNEL))
    with caplog.at_level(logging.WARNING, logger="bot.attack_messages"):
        await gm(standin, "combatant condition", name="Ana", condition="stunned")
        await bot.defenses.settled()
    assert any("could not update the message of attack" in r.message for r in caplog.records)
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.find("Ana").combatant.state.stunned
    assert len(standin.messages(CHANNEL)) == posted + 1  # the stun's answer only
    assert bot.defenses.edits == 1
