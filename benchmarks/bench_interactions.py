"""What one interaction of an attack round costs, against a command that does nothing.

Runs the real bot (every cog, a real SQLite file in WAL mode) against the local
Discord stand-in, adds commands that only answer (``/noop``, registered for this
benchmark alone), and times each interaction from the moment the stand-in sends
it until the bot's answer has arrived: the latency a player waits for, less the
network. (Work a handler does after answering, such as noting the id of an
attack's message, is left out, and finished before the next interaction.)

A duel between two fighters with 999 HP (so nobody falls) is fought for
``--rounds`` turns; each turn times ``/encounter next``, an attack that hits
(``/attack``), the defense button, ``/damage``, ``/maneuver`` (the next turn), and
``/combatant add`` with its ``/combatant remove``.

    .venv/bin/python benchmarks/bench_interactions.py [--rounds 200] [--seed 1] [--crowd 97]

``--crowd N`` adds N goblins to the duel (in groups of 20), for a big fight: with 97,
the timed ``/combatant add`` makes the 100 combatants an encounter holds at most.

Prints, per interaction, how many were timed, the median (p50) and 99th
percentile (p99) in milliseconds, and the median as a multiple of ``/noop``'s
(which answers "ok") and of ``/noop-embed``'s (which answers with an embed the
size of an attack's reply and does nothing else); then the median CPU time the
process spent on it (the bot, its database work and the stand-in, every thread)
and that as a multiple of ``/noop``'s: on a machine busy with other work the
latency also counts the time the process waited for a core, the CPU time does not.

``/floor`` is the least any attack can cost under this benchmark's terms: it takes
``/attack``'s options, commits one 1 KiB row to the same database (on disk before
the answer, as every change) and sends a copy of a real attack's reply (its text,
embeds and buttons), with no rules, no encounter and no rendering. Its ratio to
``/noop`` is a bound no design of the rest can go below. ``/floor-reply`` is the same
without the commit: what answering an attack costs discord.py.
"""

from __future__ import annotations

import argparse
import asyncio
from collections import defaultdict
from collections.abc import Awaitable
from typing import Any

from _fight import FloorReply, median, percentile, running_bot, start_duel

from bot.standin import InteractionResult, StandIn
from bot.storage.encounter import EncounterRepository

CHANNEL = "combat"


class Timings:
    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.samples: dict[str, list[float]] = defaultdict(list)
        self.cpu: dict[str, list[float]] = defaultdict(list)

    async def time(self, name: str, call: Awaitable[InteractionResult]) -> Any:
        """Await ``call`` (a coroutine not started yet, sent ``until="answered"``), note how
        long the bot took from the interaction going out to its answer arriving (the
        stand-in's stamps: building the interaction is the Discord client's work, not the
        bot's), then let the bot finish what it does after answering."""
        result = await call
        sent, answered = result.record.sent_clock, result.record.answered_clock
        if sent is None or answered is None:
            raise RuntimeError(f"{name} was not answered")
        self.samples[name].append((answered[0] - sent[0]) * 1000)
        self.cpu[name].append((answered[1] - sent[1]) * 1000)
        await self.standin.idle()
        errors = getattr(result, "errors", None)
        if errors:
            raise RuntimeError(f"{name} raised inside the bot: {errors}")
        return result

    def report(self) -> None:
        bare = median(self.samples["/noop"])
        sized = median(self.samples["/noop-embed"])
        bare_cpu = median(self.cpu["/noop"])
        print(
            f"{'interaction':<20}{'n':>5}{'p50 ms':>9}{'p99 ms':>9}"
            f"{'/ noop':>9}{'/ noop-embed':>14}{'cpu p50':>9}{'/ noop':>9}"
        )
        for name, samples in self.samples.items():
            p50 = median(samples)
            cpu = median(self.cpu[name])
            print(
                f"{name:<20}{len(samples):>5}{p50:>9.2f}{percentile(samples, 0.99):>9.2f}"
                f"{p50 / bare:>8.2f}x{p50 / sized:>13.2f}x{cpu:>9.2f}{cpu / bare_cpu:>8.2f}x"
            )


async def run(rounds: int, seed: int, crowd: int = 0) -> None:
    floor = FloorReply()
    async with StandIn() as standin, running_bot(standin, seed, floor=floor) as bot:
        timings = Timings(standin)

        async def gm(command: str, **options: Any) -> Any:
            return await standin.slash(
                command, options, user="gm", channel=CHANNEL, until="answered"
            )

        await start_duel(standin, CHANNEL)
        while crowd > 0:
            await gm("combatant add", name="Goblin", st=8, dx=12, iq=9, ht=10, count=min(20, crowd))
            crowd -= min(20, crowd)
        fighters = {"Ana": "Orc", "Orc": "Ana"}
        encounters = EncounterRepository(bot.database)
        channel_id = standin.channel(CHANNEL).id
        for _ in range(20):  # warm-up: caches, the first JSON of each kind
            await gm("noop")
        await copy_attack_reply(standin, encounters, channel_id, fighters, floor)
        for turn in range(rounds):
            await timings.time("/noop", gm("noop"))
            await timings.time("/noop-embed", gm("noop-embed"))
            attack_options = {"attacker": "Ana", "target": "Orc", "skill": 16, "damage": "1d cr"}
            await timings.time("/floor-reply", gm("floor-reply", **attack_options))
            await timings.time("/floor", gm("floor", **attack_options))
            await timings.time("/encounter next", gm("encounter next"))
            record = await encounters.require_active(channel_id)
            acting = record.encounter.current
            assert acting is not None
            current = acting.name
            other = fighters.get(current, "Ana")
            if turn % 2:
                await timings.time(
                    "/maneuver",
                    gm("maneuver", combatant=current, maneuver="evaluate", target=other),
                )
            else:
                attack = await timings.time(
                    "/attack",
                    gm("attack", attacker=current, target=other, skill=16, damage="1d cr"),
                )
                if attack.message.components:
                    await timings.time(
                        "defense click", standin.click(attack, "Dodge", user="gm", until="answered")
                    )
            await timings.time("/damage", gm("damage", target=other, amount=1, type="cr"))
            await timings.time(
                "/combatant add",
                gm("combatant add", name="Goblin", st=8, dx=12, iq=9, ht=10),
            )
            await timings.time("/combatant remove", gm("combatant remove", name="Goblin"))
    timings.report()


async def copy_attack_reply(
    standin: StandIn,
    encounters: EncounterRepository,
    channel_id: int,
    fighters: dict[str, str],
    floor: FloorReply,
) -> None:
    """Have the next fighter hit the other (defended at once by a dodge), and give
    ``/floor`` a copy of the attack's reply."""
    for _ in range(20):  # until a blow lands and waits for its defense
        await standin.slash("encounter next", {}, user="gm", channel=CHANNEL)
        record = await encounters.require_active(channel_id)
        acting = record.encounter.current
        assert acting is not None
        options = {"attacker": acting.name, "target": fighters[acting.name]}
        attack = await standin.slash(
            "attack", {**options, "skill": 16, "damage": "1d cr"}, user="gm", channel=CHANNEL
        )
        if attack.message.components:
            break
    else:
        raise RuntimeError("no attack hit in 20 turns")
    assert attack.record.callback is not None
    floor.copy(attack.record.callback["data"])
    await standin.click(attack, "Dodge", user="gm")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--crowd", type=int, default=0, help="goblins added to the duel")
    args = parser.parse_args()
    asyncio.run(run(args.rounds, args.seed, args.crowd))


if __name__ == "__main__":
    main()
