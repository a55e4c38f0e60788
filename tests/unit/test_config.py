"""Settings from the environment, and the CLI's refusal to start without a usable token."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import EXIT_CONFIG, SUBCOMMANDS, build_parser, main
from bot.config import ConfigError, Settings, load_settings

VALID_TOKEN = "MTA4NjQ1NzM2MjE5ODc2NTQzMg.GhJk1a.abcdefghijklmnopqrstuvwxyzABCDEFGH12"
ENV_NAMES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DATABASE_URL",
    "DATABASE_POOL_SIZE",
    "SHARD_COUNT",
    "SHARD_IDS",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "DEFAULT_LOCALE",
    "DICE_SEED",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No variable from the developer's shell and no .env file leaks into a test."""
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_defaults() -> None:
    settings = load_settings()
    assert settings.discord_token is None
    assert settings.database_path == Path("data/gurps.sqlite3")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"
    assert settings.default_locale == "en"
    assert settings.dice_seed is None


def test_reads_every_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", f"  {VALID_TOKEN} ")
    monkeypatch.setenv("DATABASE_PATH", "/srv/gurps/bot.db")
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DEFAULT_LOCALE", "pt-BR")
    monkeypatch.setenv("DICE_SEED", "1234")
    settings = load_settings()
    assert settings.require_token() == VALID_TOKEN
    assert settings.database_path == Path("/srv/gurps/bot.db")
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"
    assert settings.default_locale == "pt-BR"
    assert settings.dice_seed == 1234


def test_reads_dotenv_file_and_ignores_empty_values(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN={VALID_TOKEN}\nDEV_GUILD_ID=\nDEFAULT_LOCALE=pt-BR\nUNRELATED=1\n"
    )
    settings = load_settings()
    assert settings.require_token() == VALID_TOKEN
    assert settings.dev_guild_id is None
    assert settings.default_locale == "pt-BR"


def test_token_is_never_shown_by_repr() -> None:
    settings = load_settings(discord_token=VALID_TOKEN)
    assert VALID_TOKEN not in repr(settings)
    assert VALID_TOKEN not in str(settings.model_dump())


def test_missing_token_is_one_sentence() -> None:
    with pytest.raises(ConfigError, match=r"^DISCORD_TOKEN is not set: .*\.env\.example\)\.$"):
        load_settings().require_token()


@pytest.mark.parametrize(
    "token",
    ["not-a-token", "abc.def", "Bot " + VALID_TOKEN, VALID_TOKEN + ".extra", "a" * 60],
)
def test_malformed_token_is_refused_without_echoing_it(token: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(discord_token=token)
    message = str(caught.value)
    assert message.startswith("Invalid configuration: DISCORD_TOKEN ")
    assert token not in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("variable", "value", "fragment"),
    [
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID must be a Discord server id"),
        ("DEV_GUILD_ID", "-5", "DEV_GUILD_ID must be a Discord server id"),
        ("LOG_LEVEL", "loud", "LOG_LEVEL must be one of"),
        ("DEFAULT_LOCALE", "fr", "DEFAULT_LOCALE must be en or pt-BR"),
        ("DICE_SEED", "x", "DICE_SEED must be a whole number"),
        ("DATABASE_URL", "mysql://bot:pw@db/gurps", "DATABASE_URL must be a SQLite file"),
        ("DATABASE_POOL_SIZE", "0", "DATABASE_POOL_SIZE must be a whole number of connections"),
        ("SHARD_COUNT", "0", "SHARD_COUNT must be a whole number of shards"),
        ("SHARD_IDS", "0-3", "SHARD_IDS must list shard numbers below SHARD_COUNT"),
    ],
)
def test_bad_values_name_the_variable(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str, fragment: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(ConfigError, match=fragment):
        load_settings()


def test_database_url_wins_over_the_path_and_stays_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().database_target == Path("data/gurps.sqlite3")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:s3cret@db.example:5432/gurps")
    settings = load_settings()
    assert settings.database_target == "postgresql://bot:s3cret@db.example:5432/gurps"
    assert "s3cret" not in repr(settings)
    assert settings.database_pool_size == 10
    monkeypatch.setenv("DATABASE_URL", "sqlite:///data/other.sqlite3")
    assert load_settings().database_target == "sqlite:///data/other.sqlite3"


def test_a_bad_database_url_is_refused_without_echoing_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "mysql://bot:s3cret@db/gurps")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert "s3cret" not in str(caught.value)


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("4", None, None),
        ("4", "0-3", (0, 1, 2, 3)),
        ("8", "6,0-1, 3", (0, 1, 3, 6)),
        ("8", "5", (5,)),
        ("8", "2-2,2", (2,)),
    ],
)
def test_shard_ranges_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, count: str, ids: str | None, expected: tuple[int, ...] | None
) -> None:
    monkeypatch.setenv("SHARD_COUNT", count)
    if ids is not None:
        monkeypatch.setenv("SHARD_IDS", ids)
    settings = load_settings()
    assert settings.shard_count == int(count)
    assert settings.shard_ids == expected


@pytest.mark.parametrize("ids", ["4", "0-4", "3-1", "a", "1-", "-1", "0,,1"])
def test_shards_outside_the_count_are_refused(monkeypatch: pytest.MonkeyPatch, ids: str) -> None:
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(ConfigError, match="SHARD_IDS must list shard numbers below SHARD_COUNT"):
        load_settings()


def test_an_unreachable_database_stops_the_bot_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("DISCORD_TOKEN", VALID_TOKEN)
    monkeypatch.setenv("DATABASE_URL", f"postgresql://bot:s3cret@127.0.0.1:{port}/gurps")
    assert main(["run"]) == EXIT_CONFIG
    err = capsys.readouterr().err
    assert err.startswith(
        f"Could not connect to PostgreSQL at postgresql://bot:***@127.0.0.1:{port}"
    )
    assert err.count("\n") == 1
    assert "s3cret" not in err


def test_settings_are_not_built_at_import() -> None:
    import bot.__main__
    import bot.client
    import bot.config

    for module in (bot.config, bot.client, bot.__main__):
        assert not any(isinstance(value, Settings) for value in vars(module).values())


def test_main_without_token_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == EXIT_CONFIG
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("DISCORD_TOKEN is not set")


def test_main_sync_with_malformed_token_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "definitely.not.valid")
    assert main(["sync", "--guild", "42"]) == EXIT_CONFIG
    err = capsys.readouterr().err
    assert "definitely.not.valid" not in err
    assert err.startswith("Invalid configuration: DISCORD_TOKEN does not look like")


def test_module_entry_point_exits_2_without_traceback(tmp_path: Path) -> None:
    project = Path(__file__).resolve().parents[2]
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(project)}
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().startswith("DISCORD_TOKEN is not set")


def test_cli_has_run_and_sync_with_guild_option() -> None:
    assert {"run", "sync"} <= set(SUBCOMMANDS)
    args = build_parser().parse_args(["sync", "--guild", "99"])
    assert args.command == "sync"
    assert args.guild == 99
    assert build_parser().parse_args([]).command is None


def test_env_example_documents_every_setting_and_loads(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parents[2] / ".env.example"
    text = example.read_text()
    documented = {
        line.split("=", 1)[0] for line in text.splitlines() if line and not line.startswith("#")
    }
    assert documented == {name.upper() for name in Settings.model_fields}
    (tmp_path / ".env").write_text(text)
    settings = load_settings()
    assert settings == load_settings(_env_file=None)
    with pytest.raises(ConfigError, match="DISCORD_TOKEN is not set"):
        settings.require_token()
