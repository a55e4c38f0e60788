"""Bot processes of a cluster against a stand-in, for the cluster test and the benchmark.

Each process runs ``tests/e2e/cluster_bot.py`` (``run_bot`` as production runs it,
every setting from the environment) on a shared PostgreSQL database, serving the
shards it is given of a sharded stand-in gateway. A single process may use an SQLite
file instead (``database_url`` a path): the bot apart from the stand-in, as in production.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from bot.standin import StandIn
from bot.standin.state import Guild

LAUNCHER = Path(__file__).parent / "e2e" / "cluster_bot.py"


class ClusterError(RuntimeError):
    """A bot process did not come up, or did not stop cleanly (its log attached)."""


class Cluster:
    """The bot processes started against ``standin``, and their logs in ``folder``."""

    def __init__(
        self,
        standin: StandIn,
        database_url: str,
        folder: Path,
        *,
        shard_count: int,
        wait: float = 30.0,
        pool_size: int = 4,
    ) -> None:
        self.standin = standin
        self.database_url = database_url
        self.folder = folder
        self.shard_count = shard_count
        self.wait = wait
        self.pool_size = pool_size
        self.processes: dict[str, asyncio.subprocess.Process] = {}

    def log(self, name: str) -> str:
        path = self.folder / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else "(no output)"

    def logs(self) -> str:
        return "\n".join(f"--- {name}\n{self.log(name)}" for name in self.processes)

    async def start(
        self, name: str, shard_ids: str, guild: Guild, *, log_level: str = "INFO"
    ) -> None:
        """Start process ``name`` serving ``shard_ids`` (its commands synced to ``guild``)."""
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.standin.token,
            "DATABASE_POOL_SIZE": str(self.pool_size),
            "SHARD_COUNT": str(self.shard_count),
            "SHARD_IDS": shard_ids,
            "DEV_GUILD_ID": str(guild.id),
            "DICE_SEED": "7",
            "LOG_LEVEL": log_level,
        }
        if "://" in self.database_url:
            env["DATABASE_URL"] = self.database_url
            env.pop("DATABASE_PATH", None)
        else:
            env["DATABASE_PATH"] = self.database_url
            env.pop("DATABASE_URL", None)
        with (self.folder / f"{name}.log").open("ab") as log:
            self.processes[name] = await asyncio.create_subprocess_exec(
                sys.executable,
                str(LAUNCHER),
                self.standin.base_url,
                self.standin.gateway_url,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                env=env,
            )

    def cpu_seconds(self) -> float | None:
        """CPU time the running processes used so far (Linux's ``/proc``; else ``None``)."""
        total = 0.0
        ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        for process in self.processes.values():
            stat = Path(f"/proc/{process.pid}/stat")
            if not stat.exists():
                return None
            fields = stat.read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
        return total

    async def until_serving(self, guilds: dict[int, Guild]) -> None:
        """Until one session per shard of ``guilds`` identified and each guild has commands."""
        server, world = self.standin.server, self.standin.world
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.wait
        wanted = [(shard, self.shard_count) for shard in sorted(guilds)]
        while True:
            identified = sorted(s.shard for s in server.live_sessions() if s.socket is not None)
            synced = all(world.commands.get(guild.id) for guild in guilds.values())
            if identified == wanted and synced:
                return
            dead = {n: p.returncode for n, p in self.processes.items() if p.returncode is not None}
            if dead or loop.time() > deadline:
                raise ClusterError(f"the cluster did not come up (exited: {dead}):\n{self.logs()}")
            await asyncio.sleep(0.02)

    async def stop(self) -> None:
        """SIGTERM every process (a clean close); wait for them and for their sockets."""
        for process in self.processes.values():
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
        problems: list[str] = []
        for name, process in self.processes.items():
            try:
                await asyncio.wait_for(process.wait(), self.wait)
            except TimeoutError:
                process.kill()
                await process.wait()
                problems.append(f"{name} did not stop on SIGTERM")
                continue
            if process.returncode != 0:
                problems.append(f"{name} exited with {process.returncode}")
        logs = self.logs()
        self.processes.clear()
        if problems:
            raise ClusterError("; ".join(problems) + "\n" + logs)
        await asyncio.wait_for(self.standin.server.wait_disconnected(), self.wait)
