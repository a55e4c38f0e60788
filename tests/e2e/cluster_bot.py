"""One process of a bot cluster, pointed at a stand-in: ``run_bot`` as production runs it.

    python cluster_bot.py BASE_URL GATEWAY_URL

Every setting comes from the environment, as in production: ``DISCORD_TOKEN``,
``DATABASE_URL`` (a PostgreSQL database shared by the cluster), ``SHARD_COUNT``,
``SHARD_IDS``, ``DEV_GUILD_ID``, ``DICE_SEED``. SIGTERM closes it cleanly.
"""

from __future__ import annotations

import asyncio
import sys

from bot.__main__ import configure_logging
from bot.client import run_bot
from bot.config import load_settings
from bot.standin.harness import point_discord_at


def main(argv: list[str]) -> int:
    base_url, gateway_url = argv
    settings = load_settings(_env_file=None)
    configure_logging(settings.log_level)
    with point_discord_at(base_url, gateway_url):
        asyncio.run(run_bot(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
