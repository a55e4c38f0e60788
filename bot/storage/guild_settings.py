"""Per-guild configuration: the GM role, the reply language and the rule options."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from bot.storage.database import Database, Row, Session, Statement, run_statements
from rules.options import RuleOptions

log = logging.getLogger(__name__)

GuildLocale = Literal["en", "pt-BR"]
GUILD_LOCALES: tuple[str, ...] = get_args(GuildLocale)


class GuildSettings(BaseModel):
    """What a guild's GM configured; ``None`` means "not set, use the bot's default"."""

    model_config = ConfigDict(frozen=True)

    guild_id: int
    gm_role_id: int | None = None
    locale: GuildLocale | None = None
    rule_options: RuleOptions = Field(default_factory=RuleOptions)


def rule_option_names() -> tuple[str, ...]:
    """Every switch in :class:`RuleOptions`, in declaration order."""
    return tuple(RuleOptions.model_fields)


class KnownSettings(dict[int, "GuildSettings"]):
    """The guilds' settings read so far, shared by every repository over one database.

    Every command reads its guild's settings; they change only through this
    repository, which updates this copy after each write commits. One process
    serves a guild (its shard's), so no other process changes them underneath.
    A guild's lock keeps the copy in step with the commits: two changes at once
    (or a first read racing a change) update it in the order they committed.
    """

    def __init__(self) -> None:
        super().__init__()
        self.locks: dict[int, asyncio.Lock] = {}

    def lock(self, guild_id: int) -> asyncio.Lock:
        found = self.locks.get(guild_id)
        if found is None:
            found = self.locks[guild_id] = asyncio.Lock()
        return found


class GuildSettingsRepository:
    """Reads and writes ``guild_settings`` rows; a guild without a row gets the defaults."""

    def __init__(self, database: Database) -> None:
        self._db = database
        self._known = database.shared(KnownSettings)

    async def get(self, guild_id: int) -> GuildSettings:
        known = self._known.get(guild_id)
        if known is not None:
            return known
        async with self._known.lock(guild_id):
            known = self._known.get(guild_id)
            if known is not None:
                return known
            row = await self._db.fetch_one(_SELECT + "WHERE guild_id = ?", (guild_id,))
            found = GuildSettings(guild_id=guild_id) if row is None else _from_row(row)
            self._known[guild_id] = found
            return found

    async def save(self, settings: GuildSettings) -> GuildSettings:
        """Store every field of ``settings`` (insert or replace the guild's row)."""
        async with self._known.lock(settings.guild_id):
            await self._db.write(run_statements([_upsert(settings)]))
            self._known[settings.guild_id] = settings
        return settings

    async def set_gm_role(self, guild_id: int, role_id: int | None) -> GuildSettings:
        """Set (or with ``None`` clear) the role whose members count as GMs."""
        return await self._update(guild_id, lambda current: {"gm_role_id": role_id})

    async def set_locale(self, guild_id: int, locale: GuildLocale | None) -> GuildSettings:
        """Set (or with ``None`` clear) the guild's default reply language."""
        if locale is not None and locale not in GUILD_LOCALES:
            raise ValueError(f"unsupported locale {locale!r}")
        return await self._update(guild_id, lambda current: {"locale": locale})

    async def set_rule_option(self, guild_id: int, name: str, value: bool) -> GuildSettings:
        """Flip one :class:`RuleOptions` switch; the read and the write are one transaction."""
        if name not in RuleOptions.model_fields:
            raise ValueError(f"unknown rule option {name!r}")

        def options(current: GuildSettings) -> dict[str, Any]:
            merged = {**current.rule_options.model_dump(), name: value}
            return {"rule_options": RuleOptions.model_validate(merged)}

        return await self._update(guild_id, options)

    async def _update(
        self, guild_id: int, change: Callable[[GuildSettings], dict[str, Any]]
    ) -> GuildSettings:
        """Read the guild's row, change it and write it back in one transaction.

        The row is made first if missing and read locked (PostgreSQL: ``FOR UPDATE``;
        SQLite's writers take turns), so two changes at once both land.
        """
        lock = self._db.dialect.for_update

        async def job(session: Session) -> GuildSettings:
            await session.execute(
                "INSERT INTO guild_settings (guild_id) VALUES (?) "
                "ON CONFLICT (guild_id) DO NOTHING",
                (guild_id,),
            )
            row = await session.fetch_one(_SELECT + "WHERE guild_id = ?" + lock, (guild_id,))
            assert row is not None
            current = _from_row(row)
            updated = current.model_copy(update=change(current))
            await session.run([_upsert(updated)])
            return updated

        async with self._known.lock(guild_id):
            updated = await self._db.write(job)
            self._known[guild_id] = updated
        return updated


_SELECT = "SELECT guild_id, gm_role_id, locale, rule_options FROM guild_settings "


def _upsert(settings: GuildSettings) -> Statement:
    return (
        """
        INSERT INTO guild_settings (guild_id, gm_role_id, locale, rule_options, updated_at)
        VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        ON CONFLICT (guild_id) DO UPDATE SET
            gm_role_id = excluded.gm_role_id,
            locale = excluded.locale,
            rule_options = excluded.rule_options,
            updated_at = excluded.updated_at
        """,
        (
            settings.guild_id,
            settings.gm_role_id,
            settings.locale,
            settings.rule_options.model_dump_json(),
        ),
    )


def _from_row(row: Row) -> GuildSettings:
    return GuildSettings(
        guild_id=int(row["guild_id"]),
        gm_role_id=row["gm_role_id"],
        locale=row["locale"],
        rule_options=_load_options(int(row["guild_id"]), str(row["rule_options"])),
    )


def _load_options(guild_id: int, stored: str) -> RuleOptions:
    """Validate stored options; a switch that no longer exists is dropped, not fatal."""
    raw: Any = json.loads(stored)
    if not isinstance(raw, dict):
        log.warning("guild %s: rule options are not a JSON object; using defaults", guild_id)
        return RuleOptions()
    known = {name: value for name, value in raw.items() if name in RuleOptions.model_fields}
    dropped = sorted(set(raw) - set(known))
    if dropped:
        log.warning("guild %s: ignoring retired rule options %s", guild_id, dropped)
    return RuleOptions.model_validate(known)
