"""How many interactions the bot serves when many fights run at once, in one process or two.

Runs the real bot against the local Discord stand-in. ``--channels`` channels each
get their own running encounter, a duel between two fighters with 999 HP; then
every channel plays for ``--seconds`` at once, each sending its next command as
soon as the last was answered: ``/encounter next``, then ``/attack`` (and the
defense button when it hits) or ``/maneuver``, then ``/damage``. Each change is
committed before its reply.

- ``--database sqlite`` (the default): one bot in the benchmark's own process, on a
  real SQLite file (WAL, ``synchronous=NORMAL``). ``--noop`` sends only ``/noop``
  (a command that answers and does nothing else): the ceiling that the stand-in and
  discord.py leave on this machine.
- ``--apart``: the bot in its own process on the SQLite file, as in production, where
  Discord is not in the bot's process: the stand-in and the players stay in this one,
  and the bot's own CPU time per interaction is printed apart (Linux).
- ``--database postgresql``: the same on PostgreSQL, a throwaway server started for
  the run (the system's binaries, as the tests start it) unless ``--database-url``
  names one. ``--processes 2`` runs the bot as a cluster instead: that many bot
  processes, each serving one shard of a sharded stand-in gateway and one guild
  holding its share of the channels, all on the one database. The stand-in and the
  players stay in this process.

    .venv/bin/python benchmarks/bench_throughput.py [--channels 100] [--seconds 30]
    .venv/bin/python benchmarks/bench_throughput.py --noop
    .venv/bin/python benchmarks/bench_throughput.py --apart
    .venv/bin/python benchmarks/bench_throughput.py --database postgresql --processes 2

Prints the interactions per second (per process and in total), the CPU time this
process spent per interaction (with the bot inside it: what one interaction costs
the bot, the stand-in and the player together, whatever else runs on the machine,
and so how many one core would serve), p50 and p99 latency, and the errors (an
exception inside the bot, an answer the stand-in refused, or a refusal the bot
answered).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from _fight import median, percentile, running_bot, start_duel

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ helpers, from a checkout

from bot.standin import InteractionResult, StandIn
from bot.standin.state import Guild, World
from tests.cluster import Cluster
from tests.postgres_server import PostgresServer

TURN_TITLE = re.compile(r": (?P<name>.+)'s turn$")


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []

    async def send(self, call: Awaitable[InteractionResult]) -> InteractionResult:
        started = time.perf_counter()
        result = await call
        self.latencies.append(time.perf_counter() - started)
        if result.errors:
            self.errors.append(repr(result.errors[0]))
        elif result.answered and result.response.ephemeral:
            self.errors.append(f"refused: {result.response.embeds[0].get('description')}")
        return result


async def play(
    standin: StandIn, channel: str, gm_user: str, *, until: float, tally: Tally, noop: bool
) -> None:
    async def gm(command: str, **options: Any) -> InteractionResult:
        return await tally.send(standin.slash(command, options, user=gm_user, channel=channel))

    if noop:
        while time.perf_counter() < until:
            await gm("noop")
        return
    fighters = {"Ana": "Orc", "Orc": "Ana"}
    turn = 0
    while time.perf_counter() < until:
        started = await gm("encounter next")
        found = TURN_TITLE.search(str(started.embeds[0].get("title", "")))
        assert found is not None, started.embeds[0]
        acting = found["name"]
        other = fighters[acting]
        if turn % 2:
            await gm("maneuver", combatant=acting, maneuver="evaluate", target=other)
        else:
            attack = await gm("attack", attacker=acting, target=other, skill=16, damage="1d cr")
            if attack.message.components:
                await tally.send(standin.click(attack, "Dodge", user=gm_user))
        await gm("damage", target=other, amount=1, type="cr")
        turn += 1


@contextlib.asynccontextmanager
async def postgresql(url: str | None) -> AsyncIterator[str]:
    """``url``, or a new database on a throwaway server started for the run."""
    if url is not None:
        yield url
        return
    server = PostgresServer()
    await asyncio.to_thread(server.start)
    try:
        yield await server.create_database("bench")
    finally:
        await asyncio.to_thread(server.stop)


Tables = list[tuple[Guild, str, list[str]]]
"""Each guild, its GM's user name, and its channels."""


async def run_in_process(
    channels: int, seconds: float, seed: int, noop: bool, database: str | None
) -> Outcome:
    world = World.default()
    names = [f"fight-{number}" for number in range(channels)]
    for name in names:
        world.add_channel(name)
    async with StandIn(world) as standin, running_bot(standin, seed, database):
        if not noop:
            for name in names:
                await start_duel(standin, name)
        tally = Tally()
        return await measure(
            standin, {"the bot": (tally, [(name, "gm") for name in names])}, seconds, noop
        )


async def run_cluster(channels: int, seconds: float, processes: int, database: str) -> Outcome:
    world = World.default()
    tables: Tables = []
    for shard in range(processes):
        names = [f"fight-{n}" for n in range(shard, channels, processes)]
        guild = world.add_guild(
            f"Table {shard}", f"gm{shard}", channel=names[0], shard=(shard, processes)
        )
        world.add_member(f"player{shard}", guild=guild)
        for name in names[1:]:
            world.add_channel(name, guild=guild)
        tables.append((guild, f"gm{shard}", names))
    async with StandIn(world, shard_count=processes, settle_timeout=60.0) as standin:
        folder = Path(tempfile.mkdtemp(prefix="bench-cluster-"))
        cluster = Cluster(standin, database, folder, shard_count=processes, pool_size=10)
        for shard, (guild, _, _) in enumerate(tables):
            await cluster.start(f"process-{shard}", str(shard), guild, log_level="WARNING")
        try:
            await cluster.until_serving({shard: table[0] for shard, table in enumerate(tables)})
            for shard, (_, gm_user, names) in enumerate(tables):
                await asyncio.gather(
                    *(
                        start_duel(standin, n, gm_user=gm_user, player=f"player{shard}")
                        for n in names
                    )
                )
            players = {
                f"process {shard} (shard {shard})": (Tally(), [(n, gm_user) for n in names])
                for shard, (_, gm_user, names) in enumerate(tables)
            }
            return await measure(standin, players, seconds, noop=False, bot_cpu=cluster.cpu_seconds)
        finally:
            await cluster.stop()


Outcome = tuple[dict[str, Tally], float, list[str], float, float | None]
"""Each table's tally, the seconds played, the stand-in's refusals, this process's CPU
seconds, and the bot processes' CPU seconds (``None``: the bot ran in this process)."""


async def measure(
    standin: StandIn,
    players: dict[str, tuple[Tally, list[tuple[str, str]]]],
    seconds: float,
    noop: bool,
    bot_cpu: Callable[[], float | None] | None = None,
) -> Outcome:
    started, started_cpu = time.perf_counter(), process_cpu()
    bots_started = bot_cpu() if bot_cpu is not None else None
    until = started + seconds
    await asyncio.gather(
        *(
            play(standin, channel, gm_user, until=until, tally=tally, noop=noop)
            for tally, seats in players.values()
            for channel, gm_user in seats
        )
    )
    elapsed = time.perf_counter() - started
    bots_now = bot_cpu() if bot_cpu is not None else None
    return (
        {name: tally for name, (tally, _) in players.items()},
        elapsed,
        [*standin.server.rejections],
        process_cpu() - started_cpu,
        None if bots_now is None or bots_started is None else bots_now - bots_started,
    )


def process_cpu() -> float:
    """CPU seconds this process has used (all its threads), bot processes left out."""
    return time.process_time()


def report(  # noqa: PLR0917 - what measure() returns, passed on as it is
    what: str,
    channels: int,
    tallies: dict[str, Tally],
    elapsed: float,
    rejected: list[str],
    cpu: float,
    bots_cpu: float | None,
    *,
    bot_inside: bool,
) -> None:
    latencies = [x for tally in tallies.values() for x in tally.latencies]
    errors = [e for tally in tallies.values() for e in tally.errors] + rejected
    print(f"{what}: {channels} channels for {elapsed:.1f} s")
    for name, tally in tallies.items():
        done = len(tally.latencies)
        print(f"interactions/s  {done / elapsed:9.1f}   {name} ({done} in all)")
    if len(tallies) > 1:
        print(f"interactions/s  {len(latencies) / elapsed:9.1f}   in total")
    if latencies:
        whose = (
            "the bot, the stand-in and the players" if bot_inside else "the stand-in and players"
        )
        print(
            f"CPU            {cpu / len(latencies) * 1000:9.2f} ms an interaction ({whose}; "
            f"{len(latencies) / cpu:.0f} a CPU-second, {cpu / elapsed:.0%} of a core in use)"
        )
        if bots_cpu is not None:
            print(
                f"CPU            {bots_cpu / len(latencies) * 1000:9.2f} ms an interaction "
                f"(the bot processes; {len(latencies) / bots_cpu:.0f} a CPU-second, "
                f"{bots_cpu / elapsed:.0%} of a core in use)"
            )
    print(f"p50 latency     {median(latencies) * 1000:9.2f} ms")
    print(f"p99 latency     {percentile(latencies, 0.99) * 1000:9.2f} ms")
    print(f"errors          {len(errors):9d}")
    for problem in errors[:5]:
        print("  ", problem)


async def run(args: argparse.Namespace) -> None:
    kind = "/noop only" if args.noop else "attack rounds"
    if args.database == "sqlite":
        if args.processes != 1:
            raise SystemExit(
                "several processes need one database they share: --database postgresql"
            )
        if args.apart:
            if args.noop:
                raise SystemExit("/noop is registered in this process only: leave out --apart")
            folder = Path(tempfile.mkdtemp(prefix="bench-apart-"))
            outcome = await run_cluster(args.channels, args.seconds, 1, str(folder / "bot.db"))
            report(f"{kind} on SQLite, the bot apart", args.channels, *outcome, bot_inside=False)
            return
        outcome = await run_in_process(args.channels, args.seconds, args.seed, args.noop, None)
        report(f"{kind} on SQLite", args.channels, *outcome, bot_inside=True)
        return
    async with postgresql(args.database_url) as url:
        if args.processes == 1:
            outcome = await run_in_process(args.channels, args.seconds, args.seed, args.noop, url)
        else:
            if args.noop:
                raise SystemExit("--noop measures one process: leave out --processes")
            outcome = await run_cluster(args.channels, args.seconds, args.processes, url)
    where = "one process" if args.processes == 1 else f"{args.processes} processes"
    report(
        f"{kind} on PostgreSQL, {where}", args.channels, *outcome, bot_inside=args.processes == 1
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noop", action="store_true", help="send only /noop")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--database-url", help="a postgresql:// database to use (default: a throwaway server)"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes, one shard each (PostgreSQL)"
    )
    parser.add_argument("--apart", action="store_true", help="the bot in its own process (SQLite)")
    args = parser.parse_args()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
