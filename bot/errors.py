"""One place that turns failures into answers.

Bad input (a :class:`~rules.errors.RuleError` from the rules, a
:class:`UserFacingError` from a cog, a :class:`~bot.storage.errors.StorageRefusal`
from the storage, an argument Discord could not convert, a
failed check) becomes a localized ephemeral embed saying what was wrong and,
when the catalog has one, a valid example. Anything else is logged with its
traceback and the user gets a short apology.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.abc import Snowflake

from bot.citations import citing
from bot.command_sync import publish
from bot.deadline import guard
from bot.i18n import Messages, locale_for
from bot.render.common import error_embed, example_key_for
from bot.storage.errors import StorageRefusal
from rules.errors import RuleError

log = logging.getLogger(__name__)

UNEXPECTED_KEY = "core.error.unexpected"


class UserFacingError(Exception):
    """Raise from a cog to refuse politely: ``UserFacingError("core.error.not_gm")``.

    ``key`` is a catalog key and ``params`` fill its placeholders.
    """

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params: Mapping[str, object] = MappingProxyType(dict(params))


class GMOnlyError(app_commands.CheckFailure):
    """The command is for the guild's GMs (Manage Server or the GM role)."""

    key = "core.error.not_gm"


@dataclass(frozen=True)
class ErrorReport:
    """What to tell the user about an error: a catalog key and its parameters."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)
    expected: bool = True


def describe_error(error: BaseException) -> ErrorReport:
    """Map ``error`` to a report; ``expected=False`` means a bug to log with its traceback."""
    cause: BaseException | None = None
    if isinstance(error, app_commands.CommandInvokeError):
        cause = error.original
    elif isinstance(error, app_commands.TransformerError):
        cause = error.__cause__
    if isinstance(cause, RuleError | UserFacingError | StorageRefusal):
        return ErrorReport(cause.key, cause.params)
    if isinstance(error, app_commands.TransformerError):
        return ErrorReport("core.error.bad_value", {"value": str(error.value)})
    if isinstance(error, app_commands.CommandInvokeError):
        return ErrorReport(UNEXPECTED_KEY, {}, expected=False)
    if isinstance(error, RuleError | UserFacingError | StorageRefusal):
        return ErrorReport(error.key, error.params)
    if isinstance(error, GMOnlyError):
        return ErrorReport(error.key)
    if isinstance(error, app_commands.NoPrivateMessage):
        return ErrorReport("core.error.guild_only")
    if isinstance(error, app_commands.MissingPermissions):
        return ErrorReport(
            "core.error.missing_permissions",
            {"permissions": ", ".join(error.missing_permissions)},
        )
    if isinstance(error, app_commands.BotMissingPermissions):
        return ErrorReport(
            "core.error.bot_missing_permissions",
            {"permissions": ", ".join(error.missing_permissions)},
        )
    if isinstance(error, app_commands.CommandOnCooldown):
        return ErrorReport("core.error.cooldown", {"seconds": f"{error.retry_after:.0f}"})
    if isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
        return ErrorReport("core.error.outdated_command")
    if isinstance(error, app_commands.CheckFailure):
        return ErrorReport("core.error.check_failed")
    return ErrorReport(UNEXPECTED_KEY, {}, expected=False)


def render_error_report(
    report: ErrorReport,
    messages: Messages,
    locale: str,
    *,
    typed: bool = True,
    command: str | None = None,
) -> discord.Embed:
    """The localized embed for ``report`` (with an example when the catalog has one).

    ``typed`` is false for a button or a form: the user typed no command, so a command
    example would only mislead (a player pressing someone else's defense button).
    ``command`` is the one typed (``throw``): its own example, when the feature has one,
    rather than another command's (a refused throw shows a throw).
    """
    example = example_key_for(messages, report.key, command) if report.expected and typed else None
    return error_embed(messages, locale, report.key, report.params, example_key=example)


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer ``interaction`` about ``error``, ephemerally; usable from views' ``on_error`` too."""
    report = describe_error(error)
    if not report.expected:
        command = interaction.command.qualified_name if interaction.command else None
        log.error(
            "unexpected error in %s (interaction %s)",
            command or "a component",
            interaction.id,
            exc_info=_unwrap(error),
        )
    client = interaction.client
    messages: Messages = getattr(client, "messages", None) or Messages.load()
    locale = await _locale(interaction)
    typed = interaction.type is discord.InteractionType.application_command
    command = interaction.command.qualified_name if typed and interaction.command else None
    embed = render_error_report(report, messages, locale, typed=typed, command=command)
    response = interaction.response
    try:
        if response.is_done() and not getattr(response, "awaiting_answer", False):
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await response.send_message(embed=embed, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error", exc_info=True)


async def _locale(interaction: discord.Interaction[Any]) -> str:
    resolve = getattr(interaction.client, "locale_for", None)
    if resolve is not None:
        try:
            resolved: str = await resolve(interaction)
        except Exception:
            log.warning("could not read the guild's locale", exc_info=True)
        else:
            return resolved
    return locale_for(interaction, None)


def _unwrap(error: BaseException) -> BaseException:
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


ClientT = TypeVar("ClientT", bound=discord.Client)


class GurpsCommandTree(app_commands.CommandTree[ClientT]):
    """The bot's command tree: every slash-command error goes through :func:`report_error`,
    and every command is answered before Discord's deadline (:func:`bot.deadline.guard`).

    :meth:`sync` raises :class:`~bot.command_sync.CommandsRefused` (one readable
    line per problem) when Discord refuses the commands.
    """

    async def sync(self, *, guild: Snowflake | None = None) -> list[app_commands.AppCommand]:
        return await publish(self, guild)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        guard(interaction, prepare=citing(interaction))
        return True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        await report_error(interaction, error)
