"""The stand-in records the ``allowed_mentions`` of every message version and reads who a
message notifies as Discord does; a world can hold a second guild."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.client import GurpsBot
from bot.standin import CommandInputError, StandIn, World
from bot.standin.state import Pings, pings

ALICE, BOB, ROLE = 11, 22, 33
TEXT = f"<@{ALICE}> <@!{BOB}> <@&{ROLE}> @everyone"


@pytest.mark.parametrize(
    ("allowed", "expected"),
    [
        (None, Pings(True, frozenset({ROLE}), frozenset({ALICE, BOB}))),
        ({"parse": []}, Pings()),
        ({"parse": [], "users": [str(ALICE)]}, Pings(users=frozenset({ALICE}))),
        ({"parse": ["users"]}, Pings(users=frozenset({ALICE, BOB}))),
        ({"parse": ["roles", "everyone"]}, Pings(True, frozenset({ROLE}))),
        ({"parse": [], "roles": [str(ROLE)], "users": ["99"]}, Pings(roles=frozenset({ROLE}))),
    ],
)
def test_pings_follow_discords_reading_of_allowed_mentions(
    allowed: dict[str, object] | None, expected: Pings
) -> None:
    assert pings(TEXT, allowed) == expected


def test_here_counts_as_a_mass_mention() -> None:
    assert pings("@here", None).everyone
    assert not pings("@here", {"parse": ["users"]}).everyone


async def test_a_turn_ping_names_only_its_player(standin: StandIn, bot: GurpsBot) -> None:
    alice = standin.user("alice")
    await standin.slash("encounter start", channel="combat")
    await standin.slash(
        "combatant add", name="Ana", st=10, dx=10, iq=10, ht=10, owner=alice.id, channel="combat"
    )
    turn = await standin.slash("encounter next", channel="combat")
    message = turn.message
    assert message.content == f"<@{alice.id}>"
    assert message.allowed_mentions == {"parse": [], "users": [alice.id]}
    assert message.pings() == [Pings(users=frozenset({alice.id}))]


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    world = World.default()
    world.add_guild("Other Table", "dana", channel="other-hall", locale="pt-BR")
    async with StandIn(world) as running_standin:
        yield running_standin
    assert running_standin.unknown_routes == []
    assert running_standin.server.rejections == []


async def test_a_second_guild_is_served_once_its_commands_are_synced(
    standin: StandIn, bot: GurpsBot
) -> None:
    other = standin.world.guilds[max(standin.world.guilds)]
    dana = standin.user("dana")
    assert (other.owner_id, other.preferred_locale) == (dana.id, "pt-BR")
    assert bot.get_guild(other.id) is not None
    assert standin.commands(other) == []
    await bot.sync_commands(other.id)
    rolled = await standin.slash("check", skill=30, user="dana", channel="other-hall")
    assert rolled.answered
    assert rolled.record.guild_id == other.id
    with pytest.raises(CommandInputError, match="dana is not a member of Sandbox Table"):
        await standin.slash("check", skill=10, user="dana", channel="combat")
