"""A whole fight through the real client: /encounter and /combatant against the stand-in.

Start, add three combatants (one a player's), status, two rounds of /encounter next
(R4.1, R4.3 with a recorded tie-break), a player refused a GM-only command with
nothing changed, undo, a restart mid-fight, end; the pinned live tracker follows
all of it while the answers say only what happened.
"""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.standin.live import LiveBot
from bot.storage.encounter import EncounterRepository
from rules.roller import ScriptedDice

CHANNEL = "combat"


def fields(embed: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f["name"], f["value"]) for f in embed.get("fields", [])]


async def gm(standin: StandIn, command: str, **options: object) -> Any:
    result = await standin.slash(command, options, user="gm", channel=CHANNEL)
    assert not result.ephemeral, result.embeds
    return result


async def tracker(bot: GurpsBot, standin: StandIn, message_id: int) -> dict[str, Any]:
    """The live tracker once every edit due has been sent: its one embed."""
    await bot.trackers.settled()
    (embed,) = standin.message(message_id).embeds
    return embed


async def setup_fight(standin: StandIn) -> Any:
    """The fight started (its answer, the live tracker), with Ana and two orcs."""
    started = await gm(standin, "encounter start", name="Ambush at the ford")
    # Ana: Basic Speed (13 + 13) / 4 = 6.5; the orcs: (11 + 11) / 4 = 5.5, DX 11 each.
    await gm(
        standin,
        "combatant add",
        name="Ana",
        st=11,
        dx=13,
        iq=10,
        ht=13,
        owner="alice",
        side="party",
        parry=9,
    )
    await gm(standin, "combatant add", name="Orc", st=12, dx=11, iq=9, ht=11, count=2, dr=1)
    return started


async def test_a_fight_from_start_to_end(
    standin: StandIn,
    bot: GurpsBot,
    live_bot: LiveBot,
    dice: ScriptedDice,
    messages: Messages,
) -> None:
    alice = standin.user("alice")
    bot.trackers.interval = 0
    started = await setup_fight(standin)
    pinned = standin.message(started.message.id)
    assert pinned.pinned

    status = await gm(standin, "encounter status")
    embed = status.embed
    assert embed["title"] == "Ambush at the ford"
    assert embed["description"] == messages.text("encounter.status.not_started", "en", count=3)
    assert [name for name, _ in fields(embed)] == [
        f"1. Ana [party] — <@{alice.id}>",
        "2. Orc 1 [npc]",
        "3. Orc 2 [npc]",
    ]
    assert fields(embed)[0][1] == "HP ▰▰▰▰▰ 11/11 · FP ▰▰▰▰▰ 13/13"
    assert await tracker(bot, standin, pinned.id) == embed

    # Round 1 starts: the orcs tie on Basic Speed and DX; the dice say Orc 2 (5) before Orc 1 (2).
    dice.extend([2, 5])
    first = await gm(standin, "encounter next")
    (turn,) = first.embeds  # what happened; the tracker shows the rest
    assert turn["title"] == "Round 1: Ana's turn"
    assert first.response.content == f"<@{alice.id}>"  # the one ping: the owner whose turn it is
    shown = await tracker(bot, standin, pinned.id)
    assert [name for name, _ in fields(shown)] == [
        f"▶ 1. Ana [party] — <@{alice.id}>",
        "2. Orc 2 [npc]",
        "3. Orc 1 [npc]",
    ]
    assert shown["description"] == "▶ **Ana**'s turn\nRound 1 · 0 s elapsed"

    # Alice ends her own turn; then the GM runs the orcs.
    second = await standin.slash("encounter next", user="alice", channel=CHANNEL)
    assert second.embeds[0]["title"] == "Round 1: Orc 2's turn"
    assert second.response.content == ""
    # Orc 1 is stunned (by hand) before his turn: he keeps it and rolls HT 11 at its end
    # (R7.10; a stun taken during his own turn would cost him the next one instead).
    await gm(standin, "combatant condition", name="Orc 1", condition="stunned", value=True)
    third = await gm(standin, "encounter next")
    assert third.embeds[0]["title"] == "Round 1: Orc 1's turn"
    dice.extend([3, 3, 3])
    fourth = await gm(standin, "encounter next")
    (turn,) = fourth.embeds
    assert turn["title"] == "Round 2: Ana's turn"
    assert "9 (3, 3, 3)" in turn["description"]
    assert "(R7.10)" in turn["description"]
    assert "(R4.1)" in turn["description"]
    shown = await tracker(bot, standin, pinned.id)
    assert shown["description"] == "▶ **Ana**'s turn\nRound 2 · 1 s elapsed"
    assert "stunned" not in fields(shown)[2][1]

    # A player trying GM-only commands is refused, ephemerally, and nothing changes.
    repository = EncounterRepository(bot.database)
    before = await repository.require_active(standin.channel(CHANNEL).id)
    before_events = await repository.events(before.id, limit=1000)
    for command, options in (
        ("encounter end", {}),
        ("combatant remove", {"name": "Orc 1"}),
        ("encounter undo", {}),
        ("combatant edit", {"name": "Orc 1", "hp": 1}),
    ):
        refused = await standin.slash(command, options, user="alice", channel=CHANNEL)
        assert refused.ephemeral
        assert refused.embed["description"] == messages.text("encounter.error.not_gm", "en")
    not_hers = await standin.slash("encounter next", user="bob", channel=CHANNEL)
    assert not_hers.ephemeral
    assert not_hers.embed["description"] == messages.text("encounter.error.not_your_turn", "en")
    after = await repository.require_active(standin.channel(CHANNEL).id)
    assert after == before
    assert await repository.events(before.id, limit=1000) == before_events

    # Autocomplete offers this fight's combatants.
    choices = await standin.autocomplete(
        "combatant show", {"name": "orc"}, focused="name", user="gm", channel=CHANNEL
    )
    assert [c["name"] for c in choices] == ["Orc 1", "Orc 2"]

    # The GM wounds Orc 1, then undoes it.
    edited = await gm(standin, "combatant edit", name="Orc 1", hp=3)
    assert fields(edited.embed)[0][1].startswith("HP 3/12")
    assert fields(await tracker(bot, standin, pinned.id))[2][1].startswith("HP ▰▱▱▱▱ 3/12")
    undone = await gm(standin, "encounter undo")
    (undo_embed,) = undone.embeds
    assert undo_embed["title"] == messages.text(
        "encounter.undo.title", "en", what=messages.text("encounter.kind.edit", "en")
    )
    assert fields(await tracker(bot, standin, pinned.id))[2][1].startswith("HP ▰▰▰▰▰ 12/12")

    # Restart the bot mid-fight: everything is as it was.
    before_restart = await gm(standin, "encounter status")
    again = await live_bot.restart()
    assert again is not bot
    after_restart = await gm(standin, "encounter status")
    assert after_restart.embed == before_restart.embed
    assert after_restart.embed["description"] == "▶ **Ana**'s turn\nRound 2 · 1 s elapsed"
    again.trackers.interval = 0
    moved = await standin.slash("encounter next", user="alice", channel=CHANNEL)
    assert moved.embeds[0]["title"] == "Round 2: Orc 2's turn"
    # The restarted bot edits the same tracker, found with the fight.
    shown = await tracker(again, standin, pinned.id)
    assert shown["description"] == "▶ **Orc 2**'s turn\nRound 2 · 1 s elapsed"

    # End: a summary, and the channel is free again.
    ended = await gm(standin, "encounter end")
    assert ended.embed["title"] == messages.text(
        "encounter.ended.title", "en", name="Ambush at the ford"
    )
    assert fields(ended.embed) == [
        (
            messages.text("encounter.ended.fallen", "en"),
            messages.text("encounter.ended.nobody", "en"),
        )
    ]
    # The tracker says so and comes off the pins.
    final = await tracker(again, standin, pinned.id)
    assert final["description"].startswith(messages.text("tracker.ended", "en") + "\n")
    assert not standin.message(pinned.id).pinned
    gone = await standin.slash("encounter status", user="gm", channel=CHANNEL)
    assert gone.ephemeral
    assert gone.embed["description"] == messages.text("encounter.error.none_active", "en")
    history = await EncounterRepository(again.database).history(standin.channel(CHANNEL).id)
    assert [r.status for r in history] == ["ended"]
    listed = await standin.slash("encounter history", user="alice", channel=CHANNEL)
    assert listed.ephemeral
    ((name, line),) = fields(listed.embed)
    assert name == "Ambush at the ford — ended"
    assert line.endswith("2 rounds · 3 combatants · 0 fallen")


async def test_one_encounter_per_channel_and_threads_are_separate(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await gm(standin, "encounter start", name="First")
    again = await standin.slash("encounter start", user="gm", channel=CHANNEL)
    assert again.ephemeral
    assert again.embed["description"] == messages.text(
        "encounter.error.already_active", "en", name="First"
    )
    thread = await standin.slash("encounter start", user="gm", channel="goblin-ambush")
    assert not thread.ephemeral


async def test_hidden_npc_numbers_and_portuguese_tracker(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await gm(standin, "encounter start", name="Cave", **{"hide-npc": True})
    await gm(standin, "combatant add", name="Troll", st=20, dx=11, iq=8, ht=12)
    await gm(standin, "combatant edit", name="Troll", hp=5)
    public = await standin.slash("encounter status", user="alice", channel=CHANNEL, locale="pt-BR")
    assert fields(public.embed) == [("1. Troll [npc]", "cambaleando")]
    secret = await standin.slash("encounter status", {"private": True}, user="gm", channel=CHANNEL)
    assert secret.ephemeral
    assert fields(secret.embed)[0][1] == "HP ▰▱▱▱▱ 5/20 · FP ▰▰▰▰▰ 12/12 · 🩸 reeling"


async def test_newcomer_aware_of_the_fight_acts_at_once(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    await setup_fight(standin)
    dice.extend([6, 1])
    await gm(standin, "encounter next")  # Ana's turn
    await gm(standin, "combatant add", name="Wolf", st=10, dx=12, iq=4, ht=12, aware=True)
    wolf = await gm(standin, "encounter next")
    assert wolf.embeds[0]["title"] == "Round 1: Wolf's turn"  # R2.4: before the engaged react
    nxt = await gm(standin, "encounter next")
    assert nxt.embeds[0]["title"] == "Round 1: Orc 1's turn"


async def test_partial_surprise_stuns_the_losing_side(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await setup_fight(standin)
    # party: 4 + 1 (the smarter leader: the orcs have none); npc: 1 - 2 (leaderless) (R2.3).
    dice.extend([4, 1])
    result = await gm(
        standin,
        "encounter surprise",
        kind="partial",
        side="party",
        leader="Ana",
        **{"other-side": "npc"},
    )
    assert result.embed["description"].startswith(
        messages.text("encounter.surprise.partial.description", "en", winner="party", loser="npc")
    )
    assert [value for _, value in fields(result.embed)] == [
        "Dice 4; more intelligent leader +1; total 5",
        "Dice 1; no leader -2; total -1",
    ]
    status = await gm(standin, "encounter status")
    assert [value.endswith("mentally stunned") for _, value in fields(status.embed)] == [
        False,
        True,
        True,
    ]
