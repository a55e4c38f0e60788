"""A Discord stand-in: REST and gateway on 127.0.0.1 for the real discord.py client.

The end-to-end tests and ``python -m bot sandbox`` run the real bot against it.
"""

from bot.standin.commands import CommandInputError, CommandPath, find_command, leaf_paths
from bot.standin.driver import BotDidNotAnswer, Callback, InteractionResult, StandIn
from bot.standin.harness import point_discord_at, running
from bot.standin.state import Channel, Guild, Member, Message, Role, Upload, User, World

__all__ = [
    "BotDidNotAnswer",
    "Callback",
    "Channel",
    "CommandInputError",
    "CommandPath",
    "Guild",
    "InteractionResult",
    "Member",
    "Message",
    "Role",
    "StandIn",
    "Upload",
    "User",
    "World",
    "find_command",
    "leaf_paths",
    "point_discord_at",
    "running",
]
