"""/settings through the real client: GM-only, stored, and applied to later commands."""

from __future__ import annotations

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.roller import ScriptedDice


async def test_player_is_refused_ephemerally(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    result = await standin.slash("settings show", user="alice")
    assert result.ephemeral
    assert result.embed["description"] == messages.text("core.error.not_gm", "en")


async def test_refusal_follows_the_portuguese_client(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    result = await standin.slash("settings show", user="alice", locale="pt-BR")
    assert result.embed["title"] == messages.text("core.error.title", "pt-BR")
    assert result.embed["description"] == messages.text("core.error.not_gm", "pt-BR")


async def test_owner_turns_on_extended_criticals_and_check_uses_it(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    changed = await standin.slash(
        "settings rule", option="extended_criticals", enabled=True, user="gm"
    )
    assert changed.ephemeral
    assert changed.embed["description"] == messages.text(
        "settings.changed.rule_on",
        "en",
        option=messages.text("settings.option.extended_criticals.name", "en"),
    )
    guild_id = standin.guild.id
    assert (await bot.guild_settings.get(guild_id)).rule_options.extended_criticals is True

    dice.extend([2, 3, 3])
    check = await standin.slash("check", skill=27, user="alice")
    assert not check.ephemeral
    result_field = next(
        f for f in check.embed["fields"] if f["name"] == messages.text("roll.check.result", "en")
    )
    assert (
        result_field["value"] == "**" + messages.text("roll.outcome.critical_success", "en") + "**"
    )


async def test_gm_role_lets_its_members_configure(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    everyone = standin.guild.id  # @everyone's id is the guild's
    set_role = await standin.slash("settings gm-role", role=everyone, user="gm")
    assert set_role.embed["description"] == messages.text(
        "settings.changed.gm_role", "en", role=f"<@&{everyone}>"
    )
    shown = await standin.slash("settings show", user="alice")
    assert shown.ephemeral
    assert shown.embed["title"] == messages.text("settings.show.title", "en")
    assert shown.embed["fields"][0] == {
        "name": messages.text("settings.show.gm_role", "en"),
        "value": f"<@&{everyone}>",
        "inline": True,
    }
    cleared = await standin.slash("settings gm-role", user="gm")
    assert cleared.embed["description"] == messages.text("settings.changed.gm_role_cleared", "en")
    refused = await standin.slash("settings show", user="alice")
    assert refused.embed["description"] == messages.text("core.error.not_gm", "en")


async def test_guild_language_applies_to_other_clients(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    await standin.slash("settings language", value="pt-BR", user="gm")
    dice.extend([4, 3, 3])
    french = await standin.slash("roll", dice="3d", user="bob", locale="fr")
    assert french.embed["fields"][1]["name"] == messages.text("roll.dice.faces", "pt-BR")
    assert messages.text("roll.dice.faces", "pt-BR") != messages.text("roll.dice.faces", "en")
    dice.extend([4, 3, 3])
    english = await standin.slash("roll", dice="3d", user="bob", locale="en-US")
    assert english.embed["fields"][1]["name"] == messages.text("roll.dice.faces", "en")
