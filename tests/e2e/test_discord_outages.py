"""Discord answering 429 or 5xx for a while: the bot retries, nothing is lost or done twice,
and the user gets the answer once Discord answers again."""

from __future__ import annotations

import asyncio

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, ana_hp, fields, labels, orc_attacks, start_duel
from tests.e2e.test_crash_recovery import until
from tests.e2e.test_large_replies import LONG_NAMES, a_full_encounter

CALLBACK = r"/interactions/\d+/[^/]+/callback"
CHANNEL_MESSAGE = r"/channels/\d+/messages/\d+"


async def test_a_server_error_on_the_answer_is_retried_and_the_change_made_once(
    standin: StandIn, bot: GurpsBot
) -> None:
    await start_duel(standin, bot)
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    logged = len(await EncounterRepository(bot.database).events(record.id))
    standin.server.fail("POST", CALLBACK, 503)
    hurt = await standin.slash(
        "damage", {"target": "Ana", "amount": 4, "type": "cr"}, user="gm", channel=CHANNEL
    )
    assert len(standin.server.failed) == 1
    assert hurt.errors == []
    assert fields(hurt.embed)["Injury"].startswith("**3**")  # 4 crushing, DR 1
    assert await ana_hp(bot, standin) == 11 - 3
    assert len(await EncounterRepository(bot.database).events(record.id)) == logged + 1
    assert len(standin.messages(CHANNEL)) == 1


async def test_a_rate_limited_edit_of_the_attack_message_is_retried(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    """/defend takes the buttons off the attack's message with the bot's own token: Discord
    rate-limits that edit twice, the bot waits as told and the buttons still come off."""
    await start_duel(standin, bot)
    dice.extend([3, 4, 4])  # 11 vs 13: the orc hits
    attack = await orc_attacks(standin)
    assert labels(attack.message) != []
    standin.server.fail("PATCH", CHANNEL_MESSAGE, 429, times=2, retry_after=0.05)
    dice.extend([3, 3, 3])  # Dodge 9 made on a 9
    defended = await standin.slash(
        "defend", {"target": "Ana", "defense": "dodge"}, user="alice", channel=CHANNEL
    )
    assert defended.errors == []
    await standin.idle()
    assert len(standin.server.failed) == 2
    assert labels(attack.message) == []
    assert await ana_hp(bot, standin) == 11
    assert dice.remaining == 0


async def test_a_failed_follow_up_is_sent_again(standin: StandIn, bot: GurpsBot) -> None:
    """A tracker too long for one message goes on in a follow-up: a 502 on it is retried."""
    await a_full_encounter(standin, LONG_NAMES, distinct=True)
    standin.server.fail("POST", r"/webhooks/\d+/[^/]+", 502)
    shown = await standin.slash(
        "encounter status", user="gm", channel=CHANNEL, locale="pt-BR", private=True
    )
    assert shown.errors == []
    assert len(standin.server.failed) == 1
    assert len(shown.messages) > 1


async def test_an_answer_discord_hangs_on_is_sent_again_once_the_connection_drops(
    standin: StandIn, bot: GurpsBot
) -> None:
    """Discord takes the answer's request and never replies; when that connection dies
    (503, the answer not acted on) the bot sends it again. The change was made once,
    before the answer, and the user sees one reply."""
    await start_duel(standin, bot)
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    logged = len(await EncounterRepository(bot.database).events(record.id))
    hold = standin.server.hold("POST", CALLBACK)
    sending = asyncio.create_task(
        standin.slash(
            "damage", {"target": "Ana", "amount": 4, "type": "cr"}, user="gm", channel=CHANNEL
        )
    )
    await until(lambda: hold.held == 1)
    assert not sending.done()
    assert await ana_hp(bot, standin) == 11 - 3  # stored before the answer was sent
    hold.drop()
    hurt = await sending
    assert hurt.errors == []
    assert len(standin.server.failed) == 1
    assert fields(hurt.embed)["Injury"].startswith("**3**")  # 4 crushing, DR 1
    assert len(await EncounterRepository(bot.database).events(record.id)) == logged + 1
    assert len(standin.messages(CHANNEL)) == 1
