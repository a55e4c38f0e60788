"""How long the bot takes to be ready, and how much memory it holds, with many stored fights.

Builds a database of ``--encounters`` encounters (half ended, half still running,
each with ``--combatants`` fighters and ``--events`` logged changes), copied
from one fight played through the real repository, then starts a fresh Python
process that runs the real bot on it against the local Discord stand-in, and
measures from that process's start to the bot being ready (connected, commands
synced) and its peak resident memory. The stand-in runs in that process too,
so both figures include it.

    .venv/bin/python benchmarks/bench_startup.py [--encounters 10000] [--events 10]

Prints the time to ready, the peak RSS, and the database's size per encounter
and per logged event.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _fight import running_bot

from bot.standin import StandIn
from bot.storage.database import Database, Session
from bot.storage.encounter import EncounterRepository
from rules.combatant import Combatant
from rules.encounter import Encounter, add_combatants
from rules.roller import RandomDice

TEMPLATE_CHANNEL = 1


async def build(path: Path, encounters: int, combatants: int, events: int) -> None:
    async with Database.open(path) as database:
        await database.migrate()
        repository = EncounterRepository(database)
        await repository.start(
            guild_id=1,
            channel_id=TEMPLATE_CHANNEL,
            actor_id=1,
            encounter=Encounter(name="Template", gm_id=1),
        )
        sheets = [
            Combatant.create(
                name=f"Fighter {number}",
                weapons=[{"name": "Broadsword", "skill": 14, "damage": "sw+1 cut"}],
            )
            for number in range(combatants)
        ]
        async with repository.change(TEMPLATE_CHANNEL, 1, "add") as change:
            change.encounter, _ = add_combatants(
                change.encounter,
                sheets,
                owner_id=None,
                side=None,
                aware=False,
                roller=RandomDice(1),
            )
        for number in range(events - 2):
            async with repository.change(TEMPLATE_CHANNEL, 1, "damage") as change:
                victim = change.encounter.combatants[number % combatants]
                hurt = victim.combatant.with_state(hp=victim.combatant.state.hp - 1)
                change.encounter = change.encounter.replace(victim.with_sheet(hurt))

        async def copy(session: Session) -> None:
            for channel in range(TEMPLATE_CHANNEL + 1, encounters + 1):
                status = "ended" if channel % 2 else "active"
                new_id = await session.fetch_value(
                    "INSERT INTO encounters (guild_id, channel_id, status, state, created_at, "
                    "ended_at) SELECT guild_id, ?, ?, state, created_at, "
                    "CASE ? WHEN 'ended' THEN created_at END FROM encounters WHERE id = 1 "
                    "RETURNING id",
                    (channel, status, status),
                )
                await session.execute(
                    "INSERT INTO encounter_combatants (encounter_id, combatant_id, name, "
                    "owner_id, side, sheet, turn_state) SELECT ?, combatant_id, name, owner_id, "
                    "side, sheet, turn_state FROM encounter_combatants WHERE encounter_id = 1",
                    (new_id,),
                )
                await session.execute(
                    "INSERT INTO encounter_events (encounter_id, kind, actor_id, created_at, "
                    "before, after, detail) SELECT ?, kind, actor_id, created_at, before, after, "
                    "detail FROM encounter_events WHERE encounter_id = 1 ORDER BY id",
                    (new_id,),
                )

        await database.write(copy)


async def ready(path: Path, started: float) -> None:
    """In the measured process: the bot on ``path``, ready against the stand-in."""
    async with StandIn() as standin, running_bot(standin, seed=1, database=path):
        took = time.perf_counter() - started
        peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"ready {took:.3f} rss_kb {peak_kb}", flush=True)


def measure(path: Path) -> tuple[float, float]:
    """Start a fresh process on ``path``: seconds from its start to ready, peak RSS in MB."""
    started = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, __file__, "--ready", str(path)], stdout=subprocess.PIPE, text=True
    ) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("ready "):
                took = time.perf_counter() - started
                rss_mb = int(line.split()[3]) / 1024
                break
        else:
            raise RuntimeError("the bot process ended before it was ready")
        child.wait(timeout=30)
    return took, rss_mb


async def event_bytes(path: Path) -> float:
    """The average size of one logged event's JSON (before, after and detail)."""
    async with Database.open(path) as database:
        value = await database.fetch_value(
            "SELECT AVG(LENGTH(before) + LENGTH(after) + LENGTH(detail)) FROM encounter_events"
        )
    return float(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encounters", type=int, default=10_000)
    parser.add_argument("--combatants", type=int, default=6)
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ready", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ready is not None:
        asyncio.run(ready(args.ready, time.perf_counter()))
        return
    folder = Path(tempfile.mkdtemp(prefix="bench-startup-"))
    empty, full = folder / "empty.sqlite3", folder / "full.sqlite3"
    asyncio.run(build(empty, 1, args.combatants, args.events))
    asyncio.run(build(full, args.encounters, args.combatants, args.events))
    size = full.stat().st_size + sum(p.stat().st_size for p in folder.glob("full.sqlite3-*"))
    logged = args.encounters * args.events
    print(f"database: {args.encounters} encounters, {logged} events, {size / 2**20:.1f} MiB")
    print(
        f"  {size / args.encounters / 1024:.1f} KiB per encounter with its events; "
        f"an event's JSON {asyncio.run(event_bytes(full)) / 1024:.1f} KiB on average"
    )
    for name, path in (("1 encounter", empty), (f"{args.encounters} encounters", full)):
        runs = [measure(path) for _ in range(args.runs)]
        took = sorted(run[0] for run in runs)[len(runs) // 2]
        rss = max(run[1] for run in runs)
        print(f"{name:>18}: ready in {took:.2f} s (median of {args.runs}), peak RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
