"""The bot with exactly what its invite link asks for (``BOT_PERMISSIONS``).

A whole fight runs without one refusal: the attack and the defense click answer
through their own interactions, which take no channel permission, and the bot's
own-token edits of an attack's message (fresh buttons after ``/encounter undo``,
the buttons taken off after ``/defend`` and at the end of the fight) take only
View Channel (the live tracker's edits and pins are in ``test_live_tracker``).
Where the bot's role may not view the channel those edits are refused (403,
50001 Missing Access) and logged, and every command still answers.
"""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from bot.i18n import Messages
from bot.permissions import BOT_PERMISSIONS
from bot.standin import StandIn
from bot.standin.live import LiveBot
from bot.standin.state import (
    EMBED_LINKS,
    EVERYONE_PERMISSIONS,
    PIN_MESSAGES,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)
from bot.storage.pending_attack import PendingAttackRepository
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, ana_hp, fields, labels, orc_attacks, start_duel

BUTTONS = ["Dodge 9", "Parry 9 (sword)", "Retreat (+3)", "No defense"]


def invite_only(standin: StandIn) -> None:
    """``@everyone`` may do nothing, the players have a role that may: the bot has exactly
    its own role's permissions, the invite link's."""
    world = standin.world
    players = world.add_role("Players", EVERYONE_PERMISSIONS)
    for name in ("alice", "bob", "carol"):
        world.guild.members[world.user(name).id].roles.append(players.id)
    world.set_bot_permissions(BOT_PERMISSIONS.value, everyone=0)


def own_token_edits(standin: StandIn) -> list[str]:
    """The bot's edits of channel messages with its own token (not through an interaction)."""
    return [
        r.path
        for r in standin.server.requests
        if r.method == "PATCH" and "/channels/" in r.path and "/messages/" in r.path
    ]


async def test_a_whole_fight_with_exactly_the_invite_links_permissions(
    standin: StandIn, live_bot: LiveBot, dice: ScriptedDice, messages: Messages
) -> None:
    invite_only(standin)
    bot = await live_bot.start()
    combat = standin.channel(CHANNEL)
    asked = VIEW_CHANNEL | SEND_MESSAGES | SEND_MESSAGES_IN_THREADS | EMBED_LINKS | PIN_MESSAGES
    assert standin.world.bot_permissions_in(combat.id) == BOT_PERMISSIONS.value == asked
    await start_duel(standin, bot)

    dice.extend([3, 4, 4])  # 11 vs the orc's 13: a hit
    attack = await orc_attacks(standin)
    assert labels(attack.message) == BUTTONS
    # Parry 9 fails on 14; 2d+1 = 8 cut, DR 1 → 7 × 1.5 = 10 injury; HT 12 rolls 9.
    dice.extend([5, 5, 4, 4, 3, 3, 3, 3])
    clicked = await standin.click(attack.message, "Parry 9 (sword)", user="alice")
    assert not clicked.ephemeral
    assert labels(standin.message(attack.message.id)) == []
    assert await ana_hp(bot, standin) == 1

    # Undo: the attack waits again and its message gets the buttons back (own token).
    await standin.slash("encounter undo", user="gm", channel=CHANNEL)
    reopened = standin.message(attack.message.id)
    assert reopened.content == messages.text("defend.notice.reopened", "en", target="Ana")
    assert labels(reopened) == BUTTONS
    assert [e.get("title") for e in reopened.embeds] == ["⚔️ Orc attacks Ana"]  # parry off
    assert await ana_hp(bot, standin) == 11

    # /defend answers, then takes the buttons off the attack (own token).
    dice.extend([6, 6, 5, 1, 1])  # Dodge 9 fails on 17; 2d+1 = 3 cut, DR 1 → 2 × 1.5 = 3
    typed = await standin.slash(
        "defend", {"target": "Ana", "defense": "dodge"}, user="alice", channel=CHANNEL
    )
    rolled = fields(typed.embeds[0])["Defense roll"]
    assert rolled == "Rolled **17** (6, 6, 5): **critical failure**"
    assert labels(standin.message(attack.message.id)) == []
    assert await ana_hp(bot, standin) == 8

    # A second attack still waits when the fight ends: its buttons come off (own token).
    dice.extend([3, 4, 4])
    second = await orc_attacks(standin)
    assert labels(second.message) != []
    status = await standin.slash("encounter status", user="gm", channel=CHANNEL)
    orc_line = fields(status.embed)["2. Orc [npc]"]
    assert orc_line == "HP ▰▰▰▰▰ 13/13 · FP ▰▰▰▰▰ 11/11 · maneuver: Attack"
    await standin.slash("encounter end", user="gm", channel=CHANNEL)
    ended = standin.message(second.message.id)
    assert ended.content == messages.text("defend.notice.ended", "en", target="Ana")
    assert labels(ended) == []

    # Buttons back, then the undone parry taken off, on undo; off after /defend and the end.
    assert len(own_token_edits(standin)) == 4
    assert standin.server.rejections == []
    assert standin.server.silently_dropped == []
    assert dice.remaining == 0


async def test_where_the_bot_cannot_view_the_channel_its_edits_fail_gracefully(
    standin: StandIn,
    live_bot: LiveBot,
    dice: ScriptedDice,
    messages: Messages,
    caplog: pytest.LogCaptureFixture,
) -> None:
    standin.world.overwrite(CHANNEL, role="GURPS Combat", deny=VIEW_CHANNEL)
    bot = await live_bot.start()
    await start_duel(standin, bot)
    pending = PendingAttackRepository(bot.database)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)  # an interaction response: no permission needed
    prompt = attack.message.content
    (row,) = await pending.open_in(standin.channel(CHANNEL).id)
    dice.extend([5, 5, 4, 4, 3, 3, 3, 3])
    await standin.click(attack.message, "Parry 9 (sword)", user="alice")
    assert await ana_hp(bot, standin) == 1

    with caplog.at_level(logging.WARNING, logger="bot.attack_messages"):
        undone = await standin.slash("encounter undo", user="gm", channel=CHANNEL)
        assert undone.errors == []
        assert undone.embeds[0]["title"] == messages.text(
            "encounter.undo.title", "en", what=messages.text("encounter.kind.defend", "en")
        )
        assert await ana_hp(bot, standin) == 11
        # The message could not get its buttons back; the attack waits all the same.
        unchanged = standin.message(attack.message.id)
        assert (unchanged.content, labels(unchanged)) == (prompt, [])
        waiting = await pending.get(row.attack_id)
        assert waiting is not None
        assert waiting.awaiting

        dice.extend([6, 6, 5, 1, 1])
        typed = await standin.slash(
            "defend", {"target": "Ana", "defense": "dodge"}, user="alice", channel=CHANNEL
        )
        assert typed.errors == []
        assert not typed.ephemeral
        assert await ana_hp(bot, standin) == 8

    warnings = [r.getMessage() for r in caplog.records if r.name == "bot.attack_messages"]
    assert (
        warnings
        == [
            f"could not update the message of attack {row.attack_id} in channel "
            f"{standin.channel(CHANNEL).id}: 403 Forbidden (error code: 50001): Missing Access"
        ]
        * 2
    )
    assert (
        standin.server.rejections == ["edit a message in #combat: the bot lacks View Channel"] * 2
    )
    standin.server.rejections.clear()
    assert dice.remaining == 0


async def test_a_defense_clicked_long_after_the_attack_brings_its_own_token(
    standin: StandIn, live_bot: LiveBot, dice: ScriptedDice
) -> None:
    """The attack's own token died after 15 minutes; the click is a new interaction."""
    bot = await live_bot.start()
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])
    attack = await orc_attacks(standin)
    standin.world.advance(timedelta(hours=1))
    dice.extend([2, 3, 3])  # Dodge 9: 8 defends
    clicked = await standin.click(attack.message, "Dodge 9", user="alice")
    assert clicked.response.type == 7
    defense = standin.message(attack.message.id).embeds[-1]
    assert fields(defense)["Defense roll"] == "Rolled **8** (2, 3, 3): defended (by 1)"
    assert standin.server.rejections == []
    assert dice.remaining == 0
