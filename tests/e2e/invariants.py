"""What must hold after any interaction, whatever was typed: shared by the fuzz and the
permission matrix.

- The bot answered, and nothing escaped its handlers or reached the logs as an error.
- No answer is the apology for an unexpected error (``core.error.unexpected``).
- A refusal is an ephemeral error embed in the reader's language.
- No message the bot ever sent notifies @everyone, @here or a role, and no user is
  pinged because of text a user typed (``parse`` never holds ``users``).
- The stand-in refused nothing and knew every route.

Also :class:`QueuedDice`, the dice of these long runs: faces a scene queues, then a
seeded generator.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from typing import Any

from bot.i18n import Messages
from bot.standin import StandIn
from bot.standin.driver import InteractionResult
from bot.standin.state import Message
from rules.roller import RandomDice

LOCALES = {"en-US": "en", "en-GB": "en", "pt-BR": "pt-BR"}


def reply_locale(client_locale: str) -> str:
    """The catalog a client in ``client_locale`` is answered from (the guilds keep defaults)."""
    return LOCALES.get(client_locale, "en")


def error_titles(messages: Messages) -> dict[str, str]:
    return {locale: messages.text("core.error.title", locale) for locale in ("en", "pt-BR")}


def unexpected_texts(messages: Messages) -> set[str]:
    return {messages.text("core.error.unexpected", locale) for locale in ("en", "pt-BR")}


def answer_messages(result: InteractionResult) -> list[Message]:
    """The original response (when it is a message) and every follow-up."""
    if result.record.original_id is None:
        return result.followups
    return result.messages


def embeds_of(result: InteractionResult) -> list[dict[str, Any]]:
    """Every embed the bot answered with: the callback's and the messages' (all versions)."""
    found: list[dict[str, Any]] = list(result.response.embeds) if result.answered else []
    for message in answer_messages(result):
        for version in message.versions():
            found.extend(version["embeds"])
    return found


def is_error_embed(embed: dict[str, Any], messages: Messages) -> bool:
    return embed.get("title") in error_titles(messages).values()


def assert_answered_cleanly(
    result: InteractionResult, messages: Messages, client_locale: str
) -> None:
    """Answered, no escaped exception, no apology, every refusal ephemeral and localized."""
    assert result.errors == [], f"exceptions escaped the bot: {result.errors!r}"
    assert result.answered, f"interaction {result.id} was never acknowledged"
    if result.response.type == 8:  # autocomplete choices: nothing more to read
        return
    apologies = unexpected_texts(messages)
    title = error_titles(messages)[reply_locale(client_locale)]
    for embed in embeds_of(result):
        assert embed.get("description") not in apologies, f"unexpected error: {embed!r}"
        if is_error_embed(embed, messages):
            assert embed["title"] == title, f"a refusal in the wrong language: {embed!r}"
    for message in answer_messages(result):
        if any(is_error_embed(e, messages) for e in message.embeds):
            assert message.ephemeral, f"a refusal everyone sees: {message.embeds!r}"


def all_bot_messages(standin: StandIn) -> Iterable[Message]:
    for store in standin.world.messages.values():
        yield from store.values()


def assert_no_mass_mention(standin: StandIn) -> None:
    """Every version of every message: sent with ``allowed_mentions`` when it has text, and
    notifying no @everyone/@here and no role; users only when named explicitly."""
    for message in all_bot_messages(standin):
        for version, pinged in zip(message.versions(), message.pings(), strict=True):
            allowed = version["allowed_mentions"]
            where = f"message {message.id} ({version['content']!r}, {allowed!r})"
            if version["content"]:
                assert allowed is not None, f"text sent without allowed_mentions: {where}"
                parse = set(allowed.get("parse") or [])
                assert not parse & {"everyone", "roles", "users"}, f"mentions parsed: {where}"
            assert not pinged.everyone, f"@everyone/@here pinged: {where}"
            assert not pinged.roles, f"a role pinged: {where}"


def assert_standin_content(standin: StandIn) -> None:
    assert standin.server.rejections == [], standin.server.rejections
    assert standin.unknown_routes == [], standin.unknown_routes


class ErrorLog(logging.Handler):
    """Collects ERROR records (and above) from every logger while installed on the root."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def describe(self) -> list[str]:
        formatter = logging.Formatter("%(name)s: %(message)s")
        return [formatter.format(record) for record in self.records]


class QueuedDice(RandomDice):
    """Faces queued by a test's setup first (an exact hit), then a seeded generator."""

    __slots__ = ("queued",)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.queued: list[int] = []

    def reseed(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def roll_die(self, sides: int) -> int:
        if self.queued:
            return self.queued.pop(0)
        return super().roll_die(sides)

    def roll_dice(self, sides: int, count: int) -> tuple[int, ...]:
        return tuple(self.roll_die(sides) for _ in range(count))
