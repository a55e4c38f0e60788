"""GuildSettingsRepository against a real migrated database (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage.database import Database
from bot.storage.guild_settings import GuildSettings, GuildSettingsRepository, rule_option_names
from rules.options import RuleOptions


@pytest.fixture
async def db(database_target: Path | str) -> AsyncIterator[Database]:
    async with Database.open(database_target) as database:
        await database.migrate()
        yield database


async def test_absent_guild_gets_defaults(db: Database) -> None:
    settings = await GuildSettingsRepository(db).get(123)
    assert settings == GuildSettings(guild_id=123, gm_role_id=None, locale=None)
    assert settings.rule_options == RuleOptions()
    row = await db.fetch_value("SELECT COUNT(*) FROM guild_settings")
    assert row == 0


async def test_save_and_get_round_trip(db: Database, tmp_path: Path) -> None:
    repo = GuildSettingsRepository(db)
    saved = GuildSettings(
        guild_id=42,
        gm_role_id=9_000_000_000_000_001,
        locale="pt-BR",
        rule_options=RuleOptions(extended_criticals=True, zero_minimum_damage=True),
    )
    await repo.save(saved)
    assert await repo.get(42) == saved
    assert await repo.get(43) == GuildSettings(guild_id=43)


async def test_round_trip_survives_reopening_the_database(database_target: Path | str) -> None:
    path = database_target
    async with Database.open(path) as db:
        await db.migrate()
        await GuildSettingsRepository(db).set_locale(5, "pt-BR")
    async with Database.open(path) as db:
        await db.migrate()
        assert (await GuildSettingsRepository(db).get(5)).locale == "pt-BR"


async def test_set_gm_role_and_locale_keep_other_fields(db: Database) -> None:
    repo = GuildSettingsRepository(db)
    await repo.set_rule_option(1, "retreat_basic_set", True)
    await repo.set_gm_role(1, 555)
    updated = await repo.set_locale(1, "pt-BR")
    assert updated.gm_role_id == 555
    assert updated.rule_options.retreat_basic_set is True
    assert await repo.get(1) == updated
    cleared = await repo.set_gm_role(1, None)
    assert cleared.gm_role_id is None
    assert cleared.locale == "pt-BR"


async def test_set_rule_option_stores_validated_json(db: Database) -> None:
    repo = GuildSettingsRepository(db)
    updated = await repo.set_rule_option(8, "crippling_at_threshold", True)
    assert updated.rule_options.crippling_at_threshold is True
    assert updated.rule_options.extended_criticals is False
    stored = json.loads(
        await db.fetch_value("SELECT rule_options FROM guild_settings WHERE guild_id = 8")
    )
    assert set(stored) == set(rule_option_names())
    assert stored["crippling_at_threshold"] is True
    turned_off = await repo.set_rule_option(8, "crippling_at_threshold", False)
    assert turned_off.rule_options == RuleOptions()


async def test_unknown_rule_option_and_locale_are_refused(db: Database) -> None:
    repo = GuildSettingsRepository(db)
    with pytest.raises(ValueError, match="unknown rule option"):
        await repo.set_rule_option(1, "no_such_switch", True)
    with pytest.raises(ValueError, match="unsupported locale"):
        await repo.set_locale(1, "fr")  # type: ignore[arg-type]
    assert await repo.get(1) == GuildSettings(guild_id=1)


async def test_retired_option_in_storage_is_dropped(db: Database) -> None:
    async with db.transaction() as session:
        await session.execute(
            "INSERT INTO guild_settings (guild_id, rule_options) VALUES (?, ?)",
            (3, json.dumps({"extended_criticals": True, "long_gone_switch": True})),
        )
    settings = await GuildSettingsRepository(db).get(3)
    assert settings.rule_options == RuleOptions(extended_criticals=True)


async def test_concurrent_toggles_on_one_guild_all_land(db: Database) -> None:
    repo = GuildSettingsRepository(db)
    names = rule_option_names()
    await asyncio.gather(*(repo.set_rule_option(77, name, True) for name in names))
    options = (await repo.get(77)).rule_options
    assert all(getattr(options, name) is True for name in names)


async def test_the_kept_copy_follows_the_commits_when_an_answer_comes_back_late(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first change's commit is answered late, after a second change was asked for: the
    settings kept in memory still end with both switches on (as on disk), not with the
    first change's view of the row."""
    repo = GuildSettingsRepository(db)
    first, second = rule_option_names()[:2]
    write = db.write
    calls = 0

    async def late_first_answer(job: Any) -> Any:
        nonlocal calls
        calls += 1
        done = await write(job)
        if calls == 1:
            await asyncio.sleep(0.05)  # the commit is done; its answer is slow to come back
        return done

    monkeypatch.setattr(db, "write", late_first_answer)
    await asyncio.gather(
        repo.set_rule_option(78, first, True), repo.set_rule_option(78, second, True)
    )
    kept = (await repo.get(78)).rule_options
    assert getattr(kept, first) is True
    assert getattr(kept, second) is True
