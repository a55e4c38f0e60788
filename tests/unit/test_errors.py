"""The central error handler: which errors become which localized answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import discord
import pytest
from discord import app_commands

from bot.errors import (
    UNEXPECTED_KEY,
    ErrorReport,
    GMOnlyError,
    UserFacingError,
    describe_error,
    render_error_report,
    report_error,
)
from bot.i18n import Messages
from bot.permissions import is_gm
from bot.render.common import COLOURS, ResultKind
from rules.dice import parse
from rules.errors import RuleError


def _rule_error() -> RuleError:
    with pytest.raises(RuleError) as caught:
        parse("101d")
    return caught.value


def _invoke_error(original: Exception) -> app_commands.CommandInvokeError:
    command = app_commands.Command(name="x", description="x", callback=_callback)
    return app_commands.CommandInvokeError(command, original)


async def _callback(interaction: discord.Interaction[Any]) -> None:
    del interaction


def test_rule_error_inside_a_command_keeps_its_key_and_params() -> None:
    report = describe_error(_invoke_error(_rule_error()))
    assert report == ErrorReport("dice.too_many_dice", {"count": 101, "maximum": 100})


def test_user_facing_error() -> None:
    report = describe_error(_invoke_error(UserFacingError("core.error.guild_only")))
    assert (report.key, dict(report.params), report.expected) == ("core.error.guild_only", {}, True)


def test_transformer_error_wrapping_a_rule_error() -> None:
    error = app_commands.TransformerError("3x", discord.AppCommandOptionType.string, _Transformer())
    error.__cause__ = _rule_error()
    assert describe_error(error).key == "dice.too_many_dice"


def test_transformer_error_names_the_bad_value() -> None:
    error = app_commands.TransformerError(
        "abc", discord.AppCommandOptionType.integer, _Transformer()
    )
    assert describe_error(error) == ErrorReport("core.error.bad_value", {"value": "abc"})


@pytest.mark.parametrize(
    ("error", "key", "params"),
    [
        (GMOnlyError(), "core.error.not_gm", {}),
        (app_commands.NoPrivateMessage(), "core.error.guild_only", {}),
        (
            app_commands.MissingPermissions(["manage_guild", "ban_members"]),
            "core.error.missing_permissions",
            {"permissions": "manage_guild, ban_members"},
        ),
        (
            app_commands.BotMissingPermissions(["embed_links"]),
            "core.error.bot_missing_permissions",
            {"permissions": "embed_links"},
        ),
        (
            app_commands.CommandOnCooldown(app_commands.Cooldown(1, 10.0), 4.4),
            "core.error.cooldown",
            {"seconds": "4"},
        ),
        (app_commands.CheckFailure(), "core.error.check_failed", {}),
    ],
)
def test_known_errors(error: Exception, key: str, params: dict[str, object]) -> None:
    report = describe_error(error)
    assert (report.key, dict(report.params), report.expected) == (key, params, True)


def test_anything_else_is_unexpected() -> None:
    report = describe_error(_invoke_error(ZeroDivisionError("boom")))
    assert (report.key, report.expected) == (UNEXPECTED_KEY, False)


def test_error_embed_shows_message_and_example(messages: Messages) -> None:
    embed = render_error_report(
        ErrorReport("dice.too_many_dice", {"count": 101, "maximum": 100}), messages, "pt-BR"
    )
    assert embed.colour == COLOURS[ResultKind.ERROR]
    assert embed.title == messages.text("core.error.title", "pt-BR")
    assert embed.description == messages.text("dice.too_many_dice", "pt-BR", count=101, maximum=100)
    assert [(f.name, f.value) for f in embed.fields] == [
        (messages.text("core.error.example_label", "pt-BR"), messages.text("dice.example", "pt-BR"))
    ]


def test_a_button_error_has_no_command_example(messages: Messages) -> None:
    report = ErrorReport("defend.error.not_yours", {"target": "Ana"})
    embed = render_error_report(report, messages, "en", typed=False)
    assert embed.description == messages.text("defend.error.not_yours", "en", target="Ana")
    assert embed.fields == []


@pytest.mark.parametrize("feature", ["attack", "damage", "defend", "maneuver"])
def test_portuguese_examples_use_the_portuguese_commands(messages: Messages, feature: str) -> None:
    # A pt-BR client only knows /atacar, /dano, /defender, /manobra, /rolar.
    example = messages.text(f"{feature}.example", "pt-BR")
    english = messages.text(f"{feature}.cmd.name", "en")
    assert f"/{english} " not in example
    assert f"/{messages.text(f'{feature}.cmd.name', 'pt-BR')} " in example


def test_unexpected_error_embed_has_no_example(messages: Messages) -> None:
    embed = render_error_report(ErrorReport(UNEXPECTED_KEY, {}, expected=False), messages, "en")
    assert embed.description == messages.text(UNEXPECTED_KEY, "en")
    assert embed.fields == []


# ------------------------------------------------------------------ answering


@dataclass
class _Response:
    done: bool
    sent: list[dict[str, Any]] = field(default_factory=list)

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)


@dataclass
class _Followup:
    sent: list[dict[str, Any]] = field(default_factory=list)

    async def send(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)


@dataclass
class _Client:
    messages: Messages

    async def locale_for(self, interaction: object) -> str:
        del interaction
        return "pt-BR"


@dataclass
class _Interaction:
    client: _Client
    response: _Response
    followup: _Followup = field(default_factory=_Followup)
    command: None = None
    id: int = 1
    locale: discord.Locale = discord.Locale.american_english
    type: discord.InteractionType = discord.InteractionType.application_command


@pytest.mark.parametrize("already_responded", [False, True])
async def test_report_error_answers_ephemerally(
    messages: Messages, already_responded: bool
) -> None:
    fake = _Interaction(_Client(messages), _Response(done=already_responded))
    await report_error(cast(discord.Interaction[Any], fake), _invoke_error(_rule_error()))
    sent = fake.followup.sent if already_responded else fake.response.sent
    other = fake.response.sent if already_responded else fake.followup.sent
    assert other == []
    assert len(sent) == 1
    assert sent[0]["ephemeral"] is True
    assert sent[0]["embed"].description == messages.text(
        "dice.too_many_dice", "pt-BR", count=101, maximum=100
    )


async def test_unexpected_error_is_logged_with_traceback(
    messages: Messages, caplog: pytest.LogCaptureFixture
) -> None:
    fake = _Interaction(_Client(messages), _Response(done=False))
    await report_error(cast(discord.Interaction[Any], fake), _invoke_error(ZeroDivisionError("x")))
    assert fake.response.sent[0]["embed"].description == messages.text(UNEXPECTED_KEY, "pt-BR")
    record = next(r for r in caplog.records if r.name == "bot.errors")
    assert record.exc_info is not None
    assert record.exc_info[0] is ZeroDivisionError
    assert "Traceback" not in fake.response.sent[0]["embed"].description


# ------------------------------------------------------------------ who is a GM


@pytest.mark.parametrize(
    ("permissions", "roles", "gm_role", "expected"),
    [
        (discord.Permissions(manage_guild=True), [], None, True),
        (discord.Permissions(administrator=True), [], 5, True),
        (discord.Permissions.none(), [5, 6], 5, True),
        (discord.Permissions.none(), [6], 5, False),
        (discord.Permissions.none(), [5], None, False),
        (discord.Permissions(send_messages=True), [], None, False),
    ],
)
def test_is_gm(
    permissions: discord.Permissions, roles: list[int], gm_role: int | None, expected: bool
) -> None:
    assert is_gm(permissions, roles, gm_role) is expected


class _Transformer(app_commands.Transformer):
    async def transform(self, interaction: discord.Interaction[Any], value: Any) -> Any:
        del interaction
        return value
