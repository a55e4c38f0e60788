"""The real bot in its own process, pointed at a stand-in: ``run_bot`` as production runs it.

A test starts it with ``sys.executable`` so it can kill the process outright (SIGKILL:
no signal handler, no ``finally``, no clean close of SQLite or the gateway)::

    python crashable_bot.py BASE_URL GATEWAY_URL DATABASE_PATH GUILD_ID DICE_SEED

The token comes from ``DISCORD_TOKEN`` in the environment, as in production.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path

from bot.client import run_bot
from bot.config import Settings
from bot.standin.harness import point_discord_at


def main(argv: list[str]) -> int:
    base_url, gateway_url, database_path, guild_id, dice_seed = argv
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    settings = Settings(
        _env_file=None,
        discord_token=os.environ["DISCORD_TOKEN"],
        database_path=Path(database_path),
        dev_guild_id=int(guild_id),
        dice_seed=int(dice_seed),
    )
    with point_discord_at(base_url, gateway_url):
        asyncio.run(run_bot(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
