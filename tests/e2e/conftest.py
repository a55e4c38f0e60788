"""Fixtures for end-to-end tests: a Discord stand-in and the real bot connected to it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.standin import StandIn


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    """A fresh stand-in (default world) on an ephemeral port, stopped after the test."""
    async with StandIn() as running_standin:
        yield running_standin
