"""Fixtures shared by every test folder.

Storage backends: a test that asks for ``database_target`` (or a fixture built on
it: the end-to-end ``bot``) runs once per backend, ``[sqlite]`` on a new file and
``[postgresql]`` on a new database of a throwaway server this session starts
(``tests/postgres_server.py``). The PostgreSQL runs are skipped, with the reason,
only when PostgreSQL is not installed. End-to-end tests run on PostgreSQL only in
the modules of ``POSTGRESQL_E2E`` (the whole end-to-end suite again would double
its time); ``TEST_ALL_BACKENDS=1`` runs every one of them on both.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.i18n import Messages
from tests.postgres_server import PostgresServer, PostgresUnavailable

BACKENDS = ("sqlite", "postgresql")

POSTGRESQL_E2E = frozenset(
    {
        # What a fight stores: changes, undo, pending attacks and their buttons, restarts.
        "test_encounter",
        "test_live_tracker",
        "test_attack",
        "test_pending_undo",
        "test_damage",
        "test_character",
        "test_settings_command",
        "test_live_bot",
        "test_stored_releases",
    }
)
"""End-to-end modules that also run on PostgreSQL by default."""


def pytest_configure(config: pytest.Config) -> None:
    # Under test a missing translation key or placeholder raises instead of being logged.
    Messages.strict_by_default = True


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    backends: tuple[str, ...] = BACKENDS
    module = metafunc.module.__name__.rsplit(".", 1)[-1]
    in_e2e = "e2e" in Path(str(metafunc.definition.path)).parts
    if in_e2e and module not in POSTGRESQL_E2E and os.environ.get("TEST_ALL_BACKENDS") != "1":
        backends = ("sqlite",)
    metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture(scope="session")
def messages() -> Messages:
    """The packaged catalogs, strict."""
    return Messages.load(strict=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole session (started on first use, deleted after)."""
    server = PostgresServer()
    try:
        server.start()
    except PostgresUnavailable as missing:
        pytest.skip(str(missing))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """``sqlite`` or ``postgresql`` (parametrized by ``pytest_generate_tests``)."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
async def database_target(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Path | str]:
    """What ``Database.open`` takes: a new SQLite file, or a new PostgreSQL database's URL."""
    if backend == "sqlite":
        yield tmp_path / "bot.sqlite3"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    yield await server.create_database()
