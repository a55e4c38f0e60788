"""Fixtures shared by every test folder."""

from __future__ import annotations

import pytest

from bot.i18n import Messages


def pytest_configure(config: pytest.Config) -> None:
    # Under test a missing translation key or placeholder raises instead of being logged.
    Messages.strict_by_default = True


@pytest.fixture(scope="session")
def messages() -> Messages:
    """The packaged catalogs, strict."""
    return Messages.load(strict=True)
