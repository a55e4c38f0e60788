"""A bot killed with SIGKILL in the middle of a burst loses nothing it acknowledged.

The reliability promise of the storage design: each change to a fight writes its
rows, its pending attacks and one event in one SQLite transaction, and the reply
goes out only after the commit. So after ``kill -9`` in the middle of a burst and a
restart on the same file, every change a user saw answered is there, nothing is
half-applied (no HP without its event, no event without its HP), undo still
works, and an attack that was waiting for its defense still resolves from the
buttons of its original message.

The bot under fire runs in its own process (``crashable_bot.py``: ``run_bot`` as
production runs it, pointed at the stand-in) so it can really be killed; the
stand-in and the driver stay here. Before and after, the in-process bot
(``LiveBot``, scripted dice) works on the same database file.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import InteractionResult, StandIn
from bot.standin.live import LiveBot
from bot.storage.encounter import EncounterRepository
from bot.storage.pending_attack import PendingAttackRepository, PendingStatus
from rules.combatant import Combatant
from rules.encounter import EncounterCombatant
from rules.roller import ScriptedDice
from tests.e2e.test_attack import CHANNEL, fields, labels, orc_attacks, start_duel

LAUNCHER = Path(__file__).with_name("crashable_bot.py")
TROLL_HP = 999
TROLL_ID = 3  # after Ana (1) and the orc (2)
DAMAGE_COMMANDS = 80
CONDITION_COMMANDS = 10
NEXT_COMMANDS = 10
KILL_AFTER = 20  # acknowledged commands
DICE_SEED = 4242
WAIT = 15.0  # seconds; every wait below is for an event, never a fixed sleep

RowKey = tuple[str, str]


@dataclass(frozen=True)
class Sent:
    """One command of the burst and what became of it."""

    name: str
    options: dict[str, object]
    result: InteractionResult


async def add_troll_and_goblins(bot: GurpsBot, standin: StandIn) -> None:
    """The burst's targets: a troll with 999 HP and no DR (``/damage amount:1 type:cr`` is
    1 HP each) and a goblin per ``/combatant condition`` (each one a real change, in
    whatever order the bot takes them)."""
    troll = Combatant.create(name="Troll", attributes={"st": 10, "hp": TROLL_HP})
    goblins = [Combatant.create(name=f"Goblin {n}") for n in range(1, CONDITION_COMMANDS + 1)]
    repository = EncounterRepository(bot.database)
    channel_id = standin.channel(CHANNEL).id
    async with repository.change(channel_id, standin.user("gm").id, "add") as change:
        added = tuple(
            EncounterCombatant(combatant_id=str(number), side="npc", combatant=sheet)
            for number, sheet in enumerate([troll, *goblins], start=TROLL_ID)
        )
        change.encounter = change.encounter.model_copy(
            update={
                "combatants": (*change.encounter.combatants, *added),
                "next_number": TROLL_ID + len(added),
            }
        )


def burst() -> list[tuple[str, dict[str, object]]]:
    """80 ``/damage`` on the troll; every 8th, a goblin grappled and a turn advanced."""
    commands: list[tuple[str, dict[str, object]]] = []
    conditions = nexts = 0
    for number in range(DAMAGE_COMMANDS):
        commands.append(("damage", {"target": "Troll", "amount": 1, "type": "cr"}))
        if number % 8 == 3 and conditions < CONDITION_COMMANDS:
            conditions += 1
            commands.append(
                ("combatant condition", {"name": f"Goblin {conditions}", "condition": "grappled"})
            )
        if number % 8 == 7 and nexts < NEXT_COMMANDS:
            nexts += 1
            commands.append(("encounter next", {}))
    return commands


def bot_log(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else "(no output)"


async def start_bot_process(
    standin: StandIn, database_path: Path, log_path: Path
) -> tuple[asyncio.subprocess.Process, str]:
    """Start the bot in its own process; once it synced its commands and identified,
    return the process and its gateway session's id."""
    server = standin.server
    server.commands_synced.clear()
    server.identified.clear()
    sessions_before = set(server.sessions)
    with log_path.open("wb") as log:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(LAUNCHER),
            standin.base_url,
            standin.gateway_url,
            str(database_path),
            str(standin.guild.id),
            str(DICE_SEED),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            env={**os.environ, "DISCORD_TOKEN": standin.token},
        )
    ready = asyncio.ensure_future(
        asyncio.gather(server.commands_synced.wait(), server.identified.wait())
    )
    exited = asyncio.ensure_future(process.wait())
    done, _ = await asyncio.wait({ready, exited}, timeout=WAIT, return_when="FIRST_COMPLETED")
    exited.cancel()
    if ready not in done:
        ready.cancel()
        if process.returncode is None:
            process.kill()
            await process.wait()
        pytest.fail(
            f"the bot process did not come up (exit {process.returncode}):\n{bot_log(log_path)}"
        )
    (session,) = set(server.sessions) - sessions_before
    return process, session


async def fire_and_kill(
    standin: StandIn, process: asyncio.subprocess.Process, log_path: Path
) -> list[Sent]:
    """Send the whole burst at once; SIGKILL the bot once ``KILL_AFTER`` were answered.

    Discord stops answering the bot's interaction callbacks after the ``KILL_AFTER``-th, so
    the kill always finds commands unanswered, however the machine's load paces the two
    processes: the bot may go on committing changes whose answers never get through.
    """
    hold = standin.server.hold("POST", r"/interactions/\d+/[^/]+/callback", after=KILL_AFTER)
    commands = burst()
    enough = asyncio.Event()
    answered = 0

    def note(task: asyncio.Task[InteractionResult]) -> None:
        nonlocal answered
        if not task.cancelled() and task.exception() is None:
            answered += 1
            if answered >= KILL_AFTER:
                enough.set()

    known = set(standin.results)
    tasks: list[asyncio.Task[InteractionResult]] = []
    for name, options in commands:
        task = asyncio.create_task(standin.slash(name, options, user="gm", channel=CHANNEL))
        task.add_done_callback(note)
        tasks.append(task)
    try:
        await asyncio.wait_for(enough.wait(), WAIT)
    except TimeoutError:
        pytest.fail(f"only {answered} commands were answered:\n{bot_log(log_path)}")
    process.kill()
    await process.wait()
    hold.drop()
    in_flight = [task for task in tasks if not task.done()]
    assert in_flight, "the bot answered the whole burst before it was killed"
    for task in in_flight:  # nothing will answer them now
        task.cancel()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert not [
        o for o in outcomes if not isinstance(o, InteractionResult | asyncio.CancelledError)
    ]
    # The driver records every interaction as it sends it, in the order sent.
    results = [standin.results[i] for i in sorted(set(standin.results) - known)]
    assert len(results) == len(commands)
    sent = [
        Sent(name, options, result)
        for (name, options), result in zip(commands, results, strict=True)
    ]
    for one in sent:
        data = one.result.payload["data"]
        words = [data["name"], *(o["name"] for o in data["options"] if o["type"] == 1)]
        assert " ".join(words) == one.name
    return sent


# --------------------------------------------------------------------- the event log


def _snapshot_rows(snapshot: dict[str, Any]) -> Iterator[tuple[RowKey, Any]]:
    if "encounter" in snapshot:
        yield ("encounter", ""), snapshot["encounter"]
    for combatant_id, row in snapshot.get("combatants", {}).items():
        yield ("combatant", combatant_id), row
    for attack_id, state in snapshot.get("pending_attacks", {}).items():
        yield ("pending", attack_id), state


async def stored_rows(bot: GurpsBot, encounter_id: int, channel_id: int) -> dict[RowKey, Any]:
    """The encounter's rows as they are in SQLite, shaped like the log's snapshots."""
    database = bot.database
    encounter = await database.fetch_one(
        "SELECT status, ended_at, state FROM encounters WHERE id = ?", (encounter_id,)
    )
    assert encounter is not None
    rows: dict[RowKey, Any] = {
        ("encounter", ""): {
            "status": encounter["status"],
            "ended_at": encounter["ended_at"],
            "state": json.loads(encounter["state"]),
        }
    }
    for row in await database.fetch_all(
        "SELECT combatant_id, name, owner_id, side, sheet, turn_state "
        "FROM encounter_combatants WHERE encounter_id = ?",
        (encounter_id,),
    ):
        rows["combatant", str(row["combatant_id"])] = {
            "name": row["name"],
            "owner_id": row["owner_id"],
            "side": row["side"],
            "sheet": json.loads(row["sheet"]),
            "turn_state": json.loads(row["turn_state"]),
        }
    for row in await database.fetch_all(
        "SELECT attack_id, status, resolved_at, cancel_reason, payload "
        "FROM pending_attacks WHERE channel_id = ?",
        (channel_id,),
    ):
        rows["pending", str(row["attack_id"])] = {
            "status": row["status"],
            "resolved_at": row["resolved_at"],
            "cancel_reason": row["cancel_reason"],
            "payload": json.loads(row["payload"]),
        }
    return rows


async def logged_events(bot: GurpsBot, encounter_id: int) -> list[dict[str, Any]]:
    rows = await bot.database.fetch_all(
        "SELECT id, kind, actor_id, before, after, detail, undoes, undone_by "
        "FROM encounter_events "
        "WHERE encounter_id = ? ORDER BY id",
        (encounter_id,),
    )
    return [
        {
            "id": row["id"],
            "kind": row["kind"],
            "actor_id": row["actor_id"],
            "before": json.loads(row["before"]),
            "after": json.loads(row["after"]),
            "detail": json.loads(row["detail"]),
            "undoes": row["undoes"],
            "undone_by": row["undone_by"],
        }
        for row in rows
    ]


async def assert_log_explains_rows(
    bot: GurpsBot, encounter_id: int, channel_id: int
) -> list[dict[str, Any]]:
    """Replaying the log from the start gives exactly the stored rows.

    Each event's ``before`` must be what the events before it left (no change
    lost between two logged ones), and the last ``after`` of every row must be
    the row as stored (no row changed without its event, no event without its
    change). Returns the events, oldest first.
    """
    events = await logged_events(bot, encounter_id)
    assert events[0]["kind"] == "start"
    replayed: dict[RowKey, Any] = {}
    for event in events:
        if event["kind"] != "start":
            for key, row in _snapshot_rows(event["before"]):
                assert replayed.get(key) == row, f"event {event['id']} ({event['kind']}): {key}"
        replayed.update(_snapshot_rows(event["after"]))
    stored = await stored_rows(bot, encounter_id, channel_id)
    differ = sorted(
        key for key in replayed.keys() | stored.keys() if replayed.get(key) != stored.get(key)
    )
    assert not differ, f"rows the log does not explain: {differ}"
    return events


def troll_hp(event: dict[str, Any], side: str) -> int:
    return int(event[side]["combatants"][str(TROLL_ID)]["sheet"]["state"]["hp"])


async def until(condition: Callable[[], bool]) -> None:
    """Poll ``condition`` (every few milliseconds, for at most ``WAIT`` seconds)."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.005)


# --------------------------------------------------------------------------- the test


async def test_sigkill_mid_burst_keeps_every_acknowledged_change(
    standin: StandIn,
    dice: ScriptedDice,
    database_path: Path,
    tmp_path: Path,
    messages: Messages,
) -> None:
    alice = standin.user("alice")
    channel_id = standin.channel(CHANNEL).id
    live = LiveBot(standin, database_path, dice)

    # Before: the in-process bot sets up the fight and an attack awaiting Ana's defense.
    bot = await live.start()
    try:
        await start_duel(standin, bot)
        await add_troll_and_goblins(bot, standin)
        dice.extend([3, 4, 4])  # 11 vs the orc's 13: a hit, Ana may defend
        attack = await orc_attacks(standin)
        assert labels(attack.message) == [
            "Dodge 9",
            "Parry 9 (sword)",
            "Retreat (+3)",
            "No defense",
        ]
        (waiting,) = await PendingAttackRepository(bot.database).open_in(channel_id)
        encounter_id = (await EncounterRepository(bot.database).require_active(channel_id)).id
    finally:
        await live.stop()

    # The burst, at a bot in its own process, killed once KILL_AFTER were answered.
    log_path = tmp_path / "bot.log"
    process, killed_session = await start_bot_process(standin, database_path, log_path)
    try:
        sent = await fire_and_kill(standin, process, log_path)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    # SQLite never closed: its write-ahead log is still there for the next open to replay.
    assert await asyncio.to_thread(Path(f"{database_path}-wal").exists)

    # After: at once (as a supervisor would), the in-process bot on the same file and the
    # same stand-in, whose socket to the killed process dropped without a close frame.
    bot = await live.start()
    try:
        await until(lambda: standin.server.sessions[killed_session].socket is None)
        acknowledged = [s for s in sent if s.result.answered]
        assert len(acknowledged) >= KILL_AFTER
        refused = [s.result.response.embeds for s in acknowledged if s.result.response.ephemeral]
        assert not refused

        events = await assert_log_explains_rows(bot, encounter_id, channel_id)
        assert all(e["undone_by"] is None for e in events)
        burst_events = [e for e in events if e["kind"] in ("damage", "condition", "next")]
        # Every acknowledged command has its event. A few more may have committed while
        # their answer never left the dying process; none was logged twice.
        acknowledged_kinds = Counter(s.name.split()[-1] for s in acknowledged)
        logged_kinds = Counter(e["kind"] for e in burst_events)
        assert logged_kinds >= acknowledged_kinds, (logged_kinds, acknowledged_kinds)
        assert len(burst_events) <= len(sent)

        repository = EncounterRepository(bot.database)
        record = await repository.require_active(channel_id)
        grappled = {str(s.options["name"]) for s in acknowledged if s.name.endswith("condition")}
        logged_grapples = [
            str(e["detail"]["name"]) for e in burst_events if e["kind"] == "condition"
        ]
        assert grappled <= set(logged_grapples)
        assert len(set(logged_grapples)) == len(logged_grapples)
        assert all(record.encounter.find(name).turn.grappled for name in logged_grapples)

        # HP: one point per logged damage, each event one step down from the one before.
        damage_events = [e for e in burst_events if e["kind"] == "damage"]
        assert damage_events
        assert [(troll_hp(e, "before"), troll_hp(e, "after")) for e in damage_events] == [
            (TROLL_HP - n + 1, TROLL_HP - n) for n in range(1, len(damage_events) + 1)
        ]
        hp = record.encounter.find("Troll").combatant.state.hp
        assert hp == TROLL_HP - len(damage_events)
        # Each acknowledged /damage showed a different step, and every one is logged.
        hp_field = messages.text("damage.field.hp", "en")
        shown = [
            fields(s.result.response.embeds[0])[hp_field]
            for s in acknowledged
            if s.name == "damage"
        ]
        steps = {
            messages.text("damage.hp_line", "en", before=after + 1, after=after, max=TROLL_HP)
            for after in range(hp, TROLL_HP)
        }
        assert len(set(shown)) == len(shown) == acknowledged_kinds["damage"]
        assert set(shown) <= steps

        # The attack made before the burst still waits for Ana's defense; she is unhurt.
        pending = PendingAttackRepository(bot.database)
        still = await pending.get(waiting.attack_id)
        assert still is not None
        assert still.status is PendingStatus.AWAITING
        assert record.encounter.find("Ana").combatant.state.hp == 11

        # Undo works on what the dead process wrote: it takes back the latest changes one
        # by one, down to the last damage, which gives the troll its point back.
        last_damage = max(i for i, e in enumerate(burst_events) if e["kind"] == "damage")
        taken_back = list(reversed(burst_events[last_damage:]))
        for event in taken_back:
            undone = await standin.slash("encounter undo", user="gm", channel=CHANNEL)
            what = messages.text(f"encounter.kind.{event['kind']}", "en")
            assert undone.embeds[0]["title"] == messages.text(
                "encounter.undo.title", "en", what=what
            )
        record = await repository.require_active(channel_id)
        assert record.encounter.find("Troll").combatant.state.hp == hp + 1
        after_undo = await assert_log_explains_rows(bot, encounter_id, channel_id)
        undos = after_undo[-len(taken_back) :]
        assert [(e["kind"], e["undoes"]) for e in undos] == [("undo", e["id"]) for e in taken_back]
        marked = {e["id"]: e["undone_by"] for e in after_undo}
        assert [marked[e["id"]] for e in taken_back] == [e["id"] for e in undos]

        # The defense buttons on the attack's original message still resolve it.
        # Dodge 9 fails on 14; 2d+1 = 1 + 1 + 1 = 3 cut, DR 1 → 2 × 1.5 = 3 injury, not a
        # major wound at HP 11 (R7.7): no knockdown roll, just shock (R7.6).
        dice.extend([5, 5, 4, 1, 1])
        clicked = await standin.click(standin.message(attack.message.id), "Dodge 9", user="alice")
        assert not clicked.ephemeral
        resolved_message = standin.message(attack.message.id)
        _, defense, damage = resolved_message.embeds
        assert fields(defense)["Defense roll"] == "Rolled **14** (5, 5, 4): failed (by 5)"
        assert fields(damage)["Injury"] == "**3**"
        assert fields(damage)["HP"] == "11 → **8** / 11"
        assert labels(resolved_message) == []
        resolved = await pending.get(waiting.attack_id)
        assert resolved is not None
        assert resolved.status is PendingStatus.RESOLVED
        record = await repository.require_active(channel_id)
        assert record.encounter.find("Ana").combatant.state.hp == 8
        assert dice.remaining == 0
        final = await assert_log_explains_rows(bot, encounter_id, channel_id)
        assert (final[-1]["kind"], final[-1]["actor_id"]) == ("defend", alice.id)
    finally:
        await live.stop()
