"""``/roll``, ``/check`` and ``/contest`` through the real client, as Discord would send them.

Expected texts come from the bot's own catalogs (``bot.messages``), so these tests
pin the outcome (faces, totals, result kind, margin, language) rather than the
wording of a sentence.
"""

from __future__ import annotations

import pytest

from bot.client import GurpsBot
from bot.standin import StandIn
from bot.standin.state import EPHEMERAL
from rules.roller import ScriptedDice


def fields(embed: dict[str, object]) -> dict[str, str]:
    """An embed's fields as ``{name: value}``."""
    items = embed.get("fields")
    assert isinstance(items, list)
    return {str(f["name"]): str(f["value"]) for f in items}


async def test_roll_shows_every_face_and_the_total(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    dice.extend([4, 2, 6])
    result = await standin.slash("roll", dice="3d+2", user="alice")
    text = bot.messages.text
    assert result.response.type == 4
    assert not result.ephemeral
    embed = result.embed
    assert embed["title"] == text("roll.dice.title", "en", expression="3d+2")
    shown = fields(embed)
    assert shown[text("roll.dice.total", "en")] == "**14**"
    assert shown[text("roll.dice.faces", "en")] == "3d: 4, 2, 6 · +2"
    assert shown[text("roll.dice.range", "en")] == text(
        "roll.dice.range_value", "en", low=5, high=20
    )
    assert dice.remaining == 0
    assert standin.last_message().id == result.message.id


async def test_roll_with_a_label(standin: StandIn, bot: GurpsBot, dice: ScriptedDice) -> None:
    dice.extend([3, 5])
    result = await standin.slash("roll", dice="2d10", label="Sneak attack")
    expected = bot.messages.text(
        "roll.dice.title_label", "en", label="Sneak attack", expression="2d10"
    )
    assert result.embed["title"] == expected
    assert fields(result.embed)[bot.messages.text("roll.dice.total", "en")] == "**8**"


@pytest.mark.parametrize(
    "case",
    [
        (12, [3, 4, 2], "success", 3),
        (12, [6, 5, 3], "failure", -2),
        (12, [1, 1, 2], "critical_success", 8),
        (15, [1, 2, 2], "critical_success", 10),
        (14, [1, 2, 2], "success", 9),
        (16, [2, 2, 2], "critical_success", 10),
        (15, [2, 2, 2], "success", 9),
        (15, [6, 6, 5], "critical_failure", -2),
        (16, [6, 6, 5], "failure", -1),
        (20, [6, 6, 6], "critical_failure", 2),
        (6, [6, 5, 5], "critical_failure", -10),
        (7, [6, 5, 5], "failure", -9),
    ],
)
async def test_check_outcomes_at_every_critical_boundary(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, case: tuple[int, list[int], str, int]
) -> None:
    skill, faces, outcome, margin = case
    dice.extend(faces)
    result = await standin.slash("check", skill=skill)
    text = bot.messages.text
    shown = fields(result.embed)
    assert result.embed["title"] == text("roll.check.title", "en")
    total = sum(faces)
    assert shown[text("roll.check.roll", "en")] == " + ".join(map(str, faces)) + f" = **{total}**"
    assert shown[text("roll.check.result", "en")] == f"**{text(f'roll.outcome.{outcome}', 'en')}**"
    key = "roll.margin.made" if margin >= 0 else "roll.margin.missed"
    assert shown[text("roll.check.margin", "en")] == text(key, "en", margin=abs(margin))
    assert dice.remaining == 0


async def test_check_with_a_modifier_shows_the_effective_skill(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    dice.extend([4, 4, 4])
    result = await standin.slash("check", skill=14, modifier=-3, label="Climb")
    text = bot.messages.text
    shown = fields(result.embed)
    assert result.embed["title"] == text("roll.check.title_label", "en", label="Climb")
    assert shown[text("roll.check.effective_skill", "en")] == text(
        "roll.check.effective_with_modifier", "en", skill=14, modifier="-3", effective=11
    )
    assert shown[text("roll.check.result", "en")] == f"**{text('roll.outcome.failure', 'en')}**"


async def test_quick_contest_names_the_winner_and_margin(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    dice.extend([3, 3, 3, 4, 4, 4])
    result = await standin.slash(
        "contest", skill_a=14, skill_b=12, name_a="Orc", name_b="Alice", kind="quick"
    )
    text = bot.messages.text
    embed = result.embed
    assert embed["title"] == text("roll.contest.title_quick", "en", name_a="Orc", name_b="Alice")
    shown = fields(embed)
    assert shown[text("roll.contest.result", "en")] == text(
        "roll.contest.won", "en", name="Orc", margin=5
    )
    assert text("roll.contest.side", "en", name="Orc", skill=14) in shown
    assert text("roll.contest.side", "en", name="Alice", skill=12) in shown
    assert dice.remaining == 0


async def test_quick_contest_tie(standin: StandIn, bot: GurpsBot, dice: ScriptedDice) -> None:
    dice.extend([3, 3, 4, 3, 3, 4])
    result = await standin.slash("contest", skill_a=12, skill_b=12)
    shown = fields(result.embed)
    text = bot.messages.text
    assert shown[text("roll.contest.result", "en")] == text("roll.contest.tie", "en")


async def test_invalid_expression_gets_an_ephemeral_error(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    result = await standin.slash("roll", dice="3x+", user="bob")
    assert result.response.type == 4
    assert result.response.flags & EPHEMERAL
    assert result.ephemeral
    assert result.embed["title"] == bot.messages.text("core.error.title", "en")
    assert result.errors == []
    assert standin.messages(include_ephemeral=False) == []


async def test_too_many_dice_is_refused_with_the_limit(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    result = await standin.slash("roll", dice="101d")
    assert result.ephemeral
    description = str(result.embed.get("description", ""))
    assert description.startswith(
        bot.messages.text("dice.too_many_dice", "en", count=101, maximum=100)
    )


async def test_portuguese_client_gets_portuguese(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    dice.extend([1, 1, 2])
    result = await standin.slash("check", skill=12, locale="pt-BR")
    text = bot.messages.text
    title = result.embed["title"]
    assert title == text("roll.check.title", "pt-BR")
    assert title != text("roll.check.title", "en")
    outcome = text("roll.outcome.critical_success", "pt-BR")
    assert outcome != text("roll.outcome.critical_success", "en")
    assert fields(result.embed)[text("roll.check.result", "pt-BR")] == f"**{outcome}**"


async def test_portuguese_command_names_are_synced(standin: StandIn, bot: GurpsBot) -> None:
    schema = {c["name"]: c for c in standin.commands()}
    text = bot.messages.text
    for name in ("roll", "check", "contest"):
        localizations = schema[name].get("name_localizations") or {}
        assert localizations.get("pt-BR") == text(f"roll.cmd.{name}.name", "pt-BR")


@pytest.mark.parametrize(
    "case",
    [
        ("roll", {"dice": "3d"}, 3),
        ("check", {"skill": 10}, 3),
        ("contest", {"skill_a": 10, "skill_b": 10}, 6),
    ],
)
async def test_private_answers_only_the_user(
    standin: StandIn,
    bot: GurpsBot,
    dice: ScriptedDice,
    case: tuple[str, dict[str, object], int],
) -> None:
    command, options, faces = case
    dice.extend([3] * faces)
    result = await standin.slash(command, options, private=True, user="carol")
    assert result.response.flags & EPHEMERAL == EPHEMERAL
    assert result.message.visible_to == standin.user("carol").id
    assert standin.messages(include_ephemeral=False) == []
    assert dice.remaining == 0
