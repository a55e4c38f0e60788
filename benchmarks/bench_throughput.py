"""How many interactions one bot process serves when many fights run at once.

Runs the real bot (a real SQLite file: WAL, ``synchronous=NORMAL``, each change
committed before its reply) against the local Discord stand-in, in one process
with it. ``--channels`` channels each get their own running encounter, a duel
between two fighters with 999 HP; then every channel plays for ``--seconds``
at once, each sending its next command as soon as the last was answered:
``/encounter next``, then ``/attack`` (and the defense button when it hits)
or ``/maneuver``, then ``/damage``. ``--noop`` sends only ``/noop`` (a command
that answers and does nothing else) from every channel instead: the ceiling
that the stand-in and discord.py leave on this machine.

    .venv/bin/python benchmarks/bench_throughput.py [--channels 100] [--seconds 30]
    .venv/bin/python benchmarks/bench_throughput.py --noop

Prints the interactions per second, p50 and p99 latency, and the errors (an
exception inside the bot, or an answer the stand-in refused).
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Any

from _fight import median, percentile, running_bot, start_duel

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.standin.state import World
from bot.storage.encounter import EncounterRepository


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []

    async def send(self, call: Any) -> Any:
        started = time.perf_counter()
        result = await call
        self.latencies.append(time.perf_counter() - started)
        if result.errors:
            self.errors.append(repr(result.errors[0]))
        return result


async def play(
    standin: StandIn, bot: GurpsBot, channel: str, *, until: float, tally: Tally, noop: bool
) -> None:
    async def gm(command: str, **options: Any) -> Any:
        return await tally.send(standin.slash(command, options, user="gm", channel=channel))

    if noop:
        while time.perf_counter() < until:
            await gm("noop")
        return
    encounters = EncounterRepository(bot.database)
    channel_id = standin.channel(channel).id
    fighters = {"Ana": "Orc", "Orc": "Ana"}
    turn = 0
    while time.perf_counter() < until:
        await gm("encounter next")
        acting = (await encounters.require_active(channel_id)).encounter.current
        assert acting is not None
        other = fighters[acting.name]
        if turn % 2:
            await gm("maneuver", combatant=acting.name, maneuver="evaluate", target=other)
        else:
            attack = await gm(
                "attack", attacker=acting.name, target=other, skill=16, damage="1d cr"
            )
            if attack.message.components:
                await tally.send(standin.click(attack, "Dodge", user="gm"))
        await gm("damage", target=other, amount=1, type="cr")
        turn += 1


async def run(channels: int, seconds: float, seed: int, noop: bool) -> None:
    world = World.default()
    names = [f"fight-{number}" for number in range(channels)]
    for name in names:
        world.add_channel(name)
    async with StandIn(world) as standin, running_bot(standin, seed) as bot:
        if not noop:
            for name in names:
                await start_duel(standin, name)
        tally = Tally()
        started = time.perf_counter()
        until = started + seconds
        await asyncio.gather(
            *(play(standin, bot, name, until=until, tally=tally, noop=noop) for name in names)
        )
        elapsed = time.perf_counter() - started
        rejected = list(standin.server.rejections)
    done = len(tally.latencies)
    what = "/noop only" if noop else "attack rounds"
    print(f"{what}: {channels} channels for {elapsed:.1f} s")
    print(f"interactions/s  {done / elapsed:9.1f}   ({done} in all)")
    print(f"p50 latency     {median(tally.latencies) * 1000:9.2f} ms")
    print(f"p99 latency     {percentile(tally.latencies, 0.99) * 1000:9.2f} ms")
    print(f"errors          {len(tally.errors) + len(rejected):9d}")
    for problem in (tally.errors + rejected)[:5]:
        print("  ", problem)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noop", action="store_true", help="send only /noop")
    args = parser.parse_args()
    asyncio.run(run(args.channels, args.seconds, args.seed, args.noop))


if __name__ == "__main__":
    main()
