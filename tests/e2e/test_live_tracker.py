"""The live tracker through the real client: one message per fight, pinned, edited in place.

``/encounter start`` answers with the tracker and pins it (Pin Messages); every
later change to the fight edits that message with the bot's own token: never a
new message, at most one edit in flight per channel, a burst of changes coalesced
into few edits showing the last state. A deleted tracker is posted again on the
next change. The answers of ``/encounter next`` and ``undo`` say only what
happened. Without a permission the bot does without, and says so to the GM.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.permissions import BOT_PERMISSIONS
from bot.standin import Message, StandIn
from bot.standin.live import LiveBot
from bot.standin.state import EMBED_LINKS, PIN_MESSAGES, SEND_MESSAGES
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f["name"], f["value"]) for f in embed.get("fields", [])]


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    result = await standin.slash(command, options, user="gm", channel=CHANNEL)
    assert result.errors == []
    assert not result.ephemeral, result.embeds
    return result


def tracker_edits(standin: StandIn, message: Message) -> list[str]:
    """The bot-token edits of the tracker message (not interaction answers)."""
    path = f"/channels/{message.channel_id}/messages/{message.id}"
    return [
        r.path for r in standin.server.requests if r.method == "PATCH" and r.path.endswith(path)
    ]


def channel_posts(standin: StandIn) -> list[str]:
    """Messages the bot posted with its own token (not answers to interactions)."""
    return [
        r.path
        for r in standin.server.requests
        if r.method == "POST"
        and r.path.endswith(f"/channels/{standin.channel(CHANNEL).id}/messages")
    ]


async def start_fight(standin: StandIn) -> Message:
    """A fight with Ana (alice's) and a troll; the start's answer is the tracker."""
    started = await gm(standin, "encounter start", name="Bridge")
    await gm(standin, "combatant add", name="Ana", st=11, dx=13, iq=10, ht=12, owner="alice", hp=13)
    await gm(standin, "combatant add", name="Troll", st=20, dx=11, iq=8, ht=12)
    return standin.message(started.message.id)


async def shown(bot: GurpsBot, message: Message) -> dict[str, Any]:
    await bot.trackers.settled()
    (embed,) = message.embeds
    return embed


async def test_the_tracker_is_pinned_and_edited_across_ten_changes(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    """Ten changes (turns, damage, a condition, an undo): the one pinned message follows
    them, nothing is posted, and it shows the last state (A.2, R7.6, R4.3)."""
    tracker = await start_fight(standin)
    assert tracker.pinned
    await bot.trackers.settled()
    dice.extend([3, 3])  # /encounter next: R4.3 needs no die (Ana 6.25 > Troll 5.75) ...
    changes: list[Any] = [
        ("encounter next", {}),
        ("damage", {"target": "Troll", "amount": "2d", "type": "cr"}),  # 3 + 3 = 6
        ("combatant condition", {"name": "Troll", "condition": "stunned"}),
        ("combatant edit", {"name": "Ana", "fp": 7}),
        ("damage", {"target": "Ana", "amount": "4", "type": "cut"}),  # 4 x 1.5 = 6 (R7.20)
        ("encounter undo", {}),  # Ana's cut undone
        ("damage", {"target": "Ana", "amount": "4", "type": "cr"}),
        ("encounter next", {}),
        ("combatant condition", {"name": "Troll", "condition": "knocked_down", "posture": "prone"}),
        ("combatant edit", {"name": "Troll", "hp": 9}),
    ]
    for command, options in changes:
        answer = await gm(standin, command, **options)
        assert all(not fields(e) or e.get("title") != "Bridge" for e in answer.embeds)
    final = await shown(bot, tracker)
    alice = standin.user("alice").id
    assert final["description"] == "▶ **Troll**'s turn\nRound 1 · 0 s elapsed"
    # Shock: 4 injury on HP 13 is -4; 6 on HP 20 is -3, one per 2 HP (R7.6).
    assert fields(final) == [
        (f"1. Ana [pc] — <@{alice}>", "HP ▰▰▰▱▱ 9/13 · FP ▰▰▰▱▱ 7/12 · ⚡ shock -4"),
        (
            "▶ 2. Troll [npc]",
            "HP ▰▰▱▱▱ 9/20 · FP ▰▰▰▰▰ 12/12 · prone · 💫 stunned · ⤵️ knocked down · ⚡ shock -3",
        ),
    ]
    assert standin.message(tracker.id).pinned
    assert channel_posts(standin) == []
    assert 1 <= len(tracker_edits(standin, tracker)) <= len(changes)
    assert standin.server.rejections == []
    assert dice.remaining == 0


async def test_a_burst_of_forty_changes_makes_few_edits_and_shows_the_last(
    standin: StandIn, bot: GurpsBot
) -> None:
    """Forty edits at once: never two edits of the channel in flight, a handful in all
    (one a second at most), and the tracker ends on the fortieth state."""
    tracker = await start_fight(standin)
    await bot.trackers.settled()
    before = len(tracker_edits(standin, tracker))
    in_flight = 0
    most = 0
    original = bot.http.edit_message

    async def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        try:
            await asyncio.sleep(0.02)  # a slow Discord: the next changes come meanwhile
            return await original(*args, **kwargs)
        finally:
            in_flight -= 1

    bot.http.edit_message = counting  # type: ignore[method-assign]
    await asyncio.gather(
        *(
            standin.slash(
                "combatant edit", {"name": "Troll", "hp": 20 - n}, user="gm", channel=CHANNEL
            )
            for n in range(1, 41)
        )
    )
    final = await shown(bot, tracker)
    edits = len(tracker_edits(standin, tracker)) - before
    assert 1 <= edits <= 4
    assert most == 1
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    last_hp = record.encounter.find("Troll").combatant.state.hp
    assert fields(final)[1][1].startswith(f"HP ▱▱▱▱▱ {last_hp}/20")
    assert last_hp in range(-20, 0)
    assert standin.server.rejections == []


async def test_a_deleted_tracker_is_posted_again_and_pinned(
    standin: StandIn, bot: GurpsBot, live_bot: LiveBot
) -> None:
    """Someone deletes the tracker: the next change posts a new one, pins it, and the
    change after that (past a restart) edits the new one."""
    bot.trackers.interval = 0
    tracker = await start_fight(standin)
    await bot.trackers.settled()
    tracker.deleted = True
    await gm(standin, "combatant edit", name="Troll", hp=15)
    await bot.trackers.settled()
    (posted,) = [m for m in standin.messages(CHANNEL) if m.interaction_metadata is None]
    assert posted.pinned
    assert fields(posted.embeds[0])[1][1].startswith("HP ▰▰▰▰▱ 15/20")
    record = await EncounterRepository(bot.database).require_active(standin.channel(CHANNEL).id)
    assert record.encounter.tracker is not None
    assert record.encounter.tracker.message_id == posted.id

    again = await live_bot.restart()
    again.trackers.interval = 0
    await gm(standin, "combatant edit", name="Troll", hp=12)
    final = await shown(again, posted)
    assert fields(final)[1][1].startswith("HP ▰▰▰▱▱ 12/20")
    assert len([m for m in standin.messages(CHANNEL) if m.interaction_metadata is None]) == 1
    assert standin.server.rejections == []


async def test_undo_keeps_the_tracker_that_replaced_a_deleted_one(
    standin: StandIn, bot: GurpsBot
) -> None:
    """Undo puts the fight back, not the deleted message's id."""
    bot.trackers.interval = 0
    tracker = await start_fight(standin)
    await bot.trackers.settled()
    tracker.deleted = True
    await gm(standin, "combatant edit", name="Troll", hp=15)
    await bot.trackers.settled()
    (posted,) = [m for m in standin.messages(CHANNEL) if m.interaction_metadata is None]
    await gm(standin, "encounter undo")
    await gm(standin, "encounter undo")  # the troll's edit, then the /combatant add
    final = await shown(bot, posted)
    assert [name for name, _ in fields(final)] == [f"1. Ana [pc] — <@{standin.user('alice').id}>"]
    assert len([m for m in standin.messages(CHANNEL) if m.interaction_metadata is None]) == 1


async def test_the_tracker_speaks_the_language_it_was_started_in(
    standin: StandIn, bot: GurpsBot
) -> None:
    bot.trackers.interval = 0
    started = await standin.slash(
        "encontro iniciar", {"nome": "Ponte"}, user="gm", channel=CHANNEL, locale="pt-BR"
    )
    await gm(standin, "combatant add", name="Troll", st=20, dx=11, iq=8, ht=12)
    final = await shown(bot, standin.message(started.message.id))
    assert fields(final) == [("1. Troll [npc]", "PV ▰▰▰▰▰ 20/20 · PF ▰▰▰▰▰ 12/12")]


@pytest.mark.parametrize(
    ("denied", "kept"),
    [(PIN_MESSAGES, True), (EMBED_LINKS, False), (SEND_MESSAGES, False)],
)
async def test_without_a_permission_the_fight_goes_on_and_the_gm_is_told(
    standin: StandIn,
    bot: GurpsBot,
    messages: Messages,
    denied: int,
    kept: bool,
) -> None:
    """No Pin Messages: kept, not pinned. No Embed Links (or, in Discord's rules, no Send
    Messages, without which a bot may not embed): no tracker, and ``/encounter next`` shows
    it whole. The GM hears it privately; Discord refuses nothing."""
    standin.world.overwrite(CHANNEL, role="GURPS Combat", deny=denied)
    bot.trackers.interval = 0
    started = await gm(standin, "encounter start", name="Bridge")
    (note,) = started.followups
    assert note.ephemeral
    assert note.content == messages.text(
        "tracker.note.not_pinned" if kept else "tracker.note.not_kept", "en"
    )
    assert not started.message.pinned
    await gm(standin, "combatant add", name="Troll", st=20, dx=11, iq=8, ht=12)
    turn = await gm(standin, "encounter next")
    await bot.trackers.settled()
    titles = [e.get("title") for e in turn.embeds]
    assert titles == (["Round 1: Troll's turn"] if kept else ["Round 1: Troll's turn", "Bridge"])
    assert (len(tracker_edits(standin, started.message)) > 0) is kept
    assert standin.server.rejections == []


async def test_with_exactly_the_invite_links_permissions_the_tracker_is_kept_and_pinned(
    standin: StandIn, live_bot: LiveBot
) -> None:
    standin.world.set_bot_permissions(BOT_PERMISSIONS.value, everyone=0)
    bot = await live_bot.start()
    bot.trackers.interval = 0
    tracker = await start_fight(standin)
    assert tracker.pinned
    await gm(standin, "encounter next")
    final = await shown(bot, tracker)
    assert final["description"].startswith("▶ **Ana**'s turn")
    await gm(standin, "encounter end")
    await bot.trackers.settled()
    assert not standin.message(tracker.id).pinned
    assert standin.server.rejections == []
