"""``python -m bot sandbox``: the real bot in a terminal, a Discord stand-in instead of Discord.

A person (or a script file) types slash commands as in Discord's client and
presses buttons; replies print as text. The command schema the bot synced drives
parsing, validation and tab completion, so what works here works in Discord.

The package: :mod:`~bot.sandbox.parsing` (typed lines to commands),
:mod:`~bot.sandbox.display` (embeds and components as text), :mod:`~bot.sandbox.session`
(the running bot and the lines it understands, ``:help``) and :mod:`~bot.sandbox.terminal`
(the arguments, the prompt, completion).
"""

from __future__ import annotations

from bot.sandbox.parsing import SandboxInputError, parse_command_line
from bot.sandbox.session import Sandbox
from bot.sandbox.terminal import add_arguments, run, run_sandbox

__all__ = [
    "Sandbox",
    "SandboxInputError",
    "add_arguments",
    "parse_command_line",
    "run",
    "run_sandbox",
]
