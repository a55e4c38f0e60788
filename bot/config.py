"""Process settings, read from the environment and an optional ``.env`` file.

Built once by ``python -m bot`` (never at import time). Variable names are the
field names in upper case: ``DISCORD_TOKEN``, ``DATABASE_PATH``, ``DATABASE_URL``,
``DATABASE_POOL_SIZE``, ``SHARD_COUNT``, ``SHARD_IDS``, ``DEV_GUILD_ID``,
``LOG_LEVEL``, ``DEFAULT_LOCALE``, ``DICE_SEED``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import (
    Field,
    PositiveInt,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.storage.database import DatabaseTargetError, is_postgresql, sqlite_path

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]

# A bot token is three base64url parts: the bot's id, a timestamp and an HMAC.
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{18,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")

_FIELD_HINTS: dict[str, str] = {
    "database_path": "must be a file path",
    "database_url": (
        "must be a SQLite file (a path or sqlite:///path) or "
        "postgresql://user:password@host:port/database"
    ),
    "database_pool_size": "must be a whole number of connections, 1 or more",
    "shard_count": "must be a whole number of shards, 1 or more",
    "shard_ids": (
        "must list shard numbers below SHARD_COUNT, as ranges and commas (0-3 or 0,2,4-5), "
        "and needs SHARD_COUNT"
    ),
    "dev_guild_id": "must be a Discord server id (a positive whole number)",
    "log_level": "must be one of DEBUG, INFO, WARNING, ERROR or CRITICAL",
    "default_locale": "must be en or pt-BR",
    "dice_seed": "must be a whole number",
}


class ConfigError(Exception):
    """A setting is missing or invalid; ``str()`` is one sentence fit for the terminal."""


class Settings(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
        frozen=True,
    )

    discord_token: SecretStr | None = Field(
        default=None, description="The bot token from the Discord Developer Portal."
    )
    database_path: Path = Field(
        default=Path("data/gurps.sqlite3"),
        description="SQLite file; its folder is created on first run.",
    )
    database_url: SecretStr | None = Field(
        default=None,
        description=(
            "Where the bot keeps its data, winning over DATABASE_PATH: a SQLite file "
            "(sqlite:///path) or a PostgreSQL server (postgresql://…). A secret: it may "
            "hold a password."
        ),
    )
    database_pool_size: PositiveInt = Field(
        default=10, description="PostgreSQL only: connections this process keeps at most."
    )
    shard_count: PositiveInt | None = Field(
        default=None,
        description="Shards across the whole bot; unset lets Discord recommend (one process).",
    )
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None,
        description="The shards this process serves (0-3, 0,2,4-5); unset means all of them.",
    )
    dev_guild_id: PositiveInt | None = Field(
        default=None,
        description="A server to sync slash commands to on every start (instant, for development).",
    )
    log_level: LogLevel = Field(default="INFO", description="Logging threshold.")
    default_locale: Literal["en", "pt-BR"] = Field(
        default="en", description="Reply language when neither the user nor the server sets one."
    )
    dice_seed: int | None = Field(
        default=None,
        description="Seed the dice for a reproducible session; unset means OS randomness.",
    )

    @field_validator("discord_token", mode="after")
    @classmethod
    def _token_shape(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None:
            return None
        raw = value.get_secret_value().strip()
        if raw.lower().startswith("bot "):
            raise PydanticCustomError(
                "token_prefix",
                "DISCORD_TOKEN must be the token alone, without the 'Bot ' prefix",
            )
        if not _TOKEN_SHAPE.fullmatch(raw):
            raise PydanticCustomError(
                "token_shape",
                "DISCORD_TOKEN does not look like a Discord bot token (three dot-separated "
                "parts); copy it again from the Bot page of the Discord Developer Portal",
            )
        return SecretStr(raw)

    @field_validator("database_url", mode="after")
    @classmethod
    def _database_url(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None:
            return None
        raw = value.get_secret_value().strip()
        if not is_postgresql(raw):
            try:
                sqlite_path(raw)
            except DatabaseTargetError:
                raise PydanticCustomError("database_url", "unsupported scheme") from None
        return SecretStr(raw)

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ranges(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        return parse_shard_ids(value)

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is None:
            return self
        if self.shard_count is None or any(
            shard < 0 or shard >= self.shard_count for shard in self.shard_ids
        ):
            raise PydanticCustomError("shard_ids", "shards outside SHARD_COUNT")
        return self

    @property
    def database_target(self) -> str | Path:
        """What to open: ``DATABASE_URL`` when set, else the ``DATABASE_PATH`` file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return self.database_path

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    def require_token(self) -> str:
        """The token, or :class:`ConfigError` when it is not configured."""
        if self.discord_token is None:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put your bot token in the environment or in a .env "
                "file (see .env.example)."
            )
        return self.discord_token.get_secret_value()


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``"0-3"`` → ``(0, 1, 2, 3)``; ``"0,2,4-5"`` → ``(0, 2, 4, 5)`` (sorted, no repeats)."""
    shards: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise PydanticCustomError("shard_ids", "not a shard range")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise PydanticCustomError("shard_ids", "a range that runs backwards")
        shards.update(range(low, high + 1))
    return tuple(sorted(shards))


def load_settings(**overrides: Any) -> Settings:
    """Build :class:`Settings`, turning validation errors into one readable :class:`ConfigError`.

    The message never repeats the offending value, so a token cannot leak into a log.
    """
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise ConfigError(describe_validation_error(exc)) from None


def describe_validation_error(exc: ValidationError) -> str:
    """One sentence naming every bad variable and what it must be."""
    problems: list[str] = []
    for error in exc.errors(include_input=False, include_url=False):
        field = str(error["loc"][0]) if error["loc"] else str(error["type"])
        if error["type"] in {"token_shape", "token_prefix"}:
            problems.append(error["msg"])
        else:
            hint = _FIELD_HINTS.get(field, error["msg"])
            problems.append(f"{field.upper()} {hint}")
    return "Invalid configuration: " + "; ".join(problems) + "."
