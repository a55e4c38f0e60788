"""The whole bot's slash commands, as synced: accepted by Discord's limits, with room to grow.

Discord counts a command's size as every name, description, choice name and
string choice value of the command and its subcommands and options, each
localized field at its longest text (English or Portuguese), and refuses a
command past 8000 characters or a list of options past 25. The margin test keeps
each command 5 % under the size limit and each leaf at 23 options or fewer, so a
new option or a longer text is caught here before Discord refuses the sync.
"""

from __future__ import annotations

from typing import Any

from bot.client import GurpsBot
from bot.command_sync import COMMAND_SIZE_LIMIT, command_size, locale_size
from bot.standin import StandIn, leaf_paths
from bot.standin.validation import MAX_OPTIONS, is_valid_name

JSON = dict[str, Any]
SIZE_MARGIN = 0.05
MAX_LEAF_OPTIONS = MAX_OPTIONS - 2
SHOWN_LOCALES = ("en-US", "pt-BR")


def largest_leaf(command: JSON) -> tuple[str, int]:
    """The subcommand (or the command itself) with the most options."""
    leaves = [(path.qualified_name, len(path.options)) for path in leaf_paths([command])]
    return max(leaves, key=lambda leaf: leaf[1])


def size_table(commands: list[JSON]) -> str:
    """Per command: Discord's count, each locale's own count, and the fullest leaf."""
    head = (
        f"{'command':<12} {'size':>5} {'margin':>7} "
        + " ".join(f"{locale:>6}" for locale in SHOWN_LOCALES)
        + "  most options"
    )
    rows = [head]
    for command in sorted(commands, key=command_size, reverse=True):
        size = command_size(command)
        margin = 1 - size / COMMAND_SIZE_LIMIT
        leaf, count = largest_leaf(command)
        locales = " ".join(f"{locale_size(command, locale):>6}" for locale in SHOWN_LOCALES)
        rows.append(f"/{command['name']:<11} {size:>5} {margin:>7.1%} {locales}  {count} (/{leaf})")
    return "\n".join(rows)


def names_everywhere(node: JSON) -> list[str]:
    found = [node["name"], *(node.get("name_localizations") or {}).values()]
    for option in node.get("options") or []:
        found.extend(names_everywhere(option))
    return found


async def test_the_whole_bot_syncs_in_english_with_valid_portuguese(
    bot: GurpsBot, standin: StandIn
) -> None:
    synced = standin.world.commands[standin.guild.id]
    table = size_table(synced)
    assert standin.server.rejections == [], table
    expected = sorted(command.name for command in bot.tree.get_commands())
    assert sorted(command["name"] for command in synced) == expected, table
    assert {"roll", "attack", "character", "combatant", "encounter"} <= set(expected)
    for command in synced:
        assert command["name_localizations"]["pt-BR"], command["name"]
        assert command["description_localizations"]["pt-BR"], command["name"]
        assert all(is_valid_name(name) for name in names_everywhere(command)), command["name"]

    # The same list published globally is accepted too (all scopes share the limits).
    published = await bot.sync_commands(None)
    assert sorted(command.name for command in published) == expected
    assert standin.server.rejections == []


async def test_every_command_keeps_a_margin_under_discords_limits(
    standin: StandIn, bot: GurpsBot
) -> None:
    del bot
    synced = standin.world.commands[standin.guild.id]
    table = size_table(synced)
    print(table)
    crowded = [
        f"/{command['name']}: {command_size(command)} characters"
        for command in synced
        if command_size(command) > COMMAND_SIZE_LIMIT * (1 - SIZE_MARGIN)
    ]
    full_leaves = [
        f"/{leaf}: {count} options"
        for command in synced
        for leaf, count in [largest_leaf(command)]
        if count > MAX_LEAF_OPTIONS
    ]
    assert crowded == [], f"within {SIZE_MARGIN:.0%} of {COMMAND_SIZE_LIMIT}:\n{table}"
    assert full_leaves == [], f"more than {MAX_LEAF_OPTIONS} options:\n{table}"


def test_the_table_shows_every_command_and_its_margin() -> None:
    command = {
        "type": 1,
        "name": "roll",
        "description": "Roll dice",
        "name_localizations": {"pt-BR": "rolar"},
        "options": [{"type": 3, "name": "dice", "description": "Dice", "required": True}],
    }
    assert size_table([command]).splitlines() == [
        "command       size  margin  en-US  pt-BR  most options",
        "/roll           22   99.7%     21     22  1 (/roll)",
    ]
