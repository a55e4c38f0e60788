"""``/rules`` and ``/help`` through the real client, in English and Portuguese.

``/rules retreat`` (``/regras recuo``) shows R6.9 in the reader's language; every rule
id the project cites resolves; answers citing ids name ``/rules`` in their footer.
``/help attack`` lists exactly the options Discord registered for ``/attack``, and
the overview lists every registered command.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from rules.roller import ScriptedDice
from tests.unit.test_reference import cited_in_the_project


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def test_rules_retreat_in_english(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    answer = await standin.slash("rules", rule="retreat", user="alice")
    assert answer.ephemeral
    embed = answer.embed
    assert embed["title"] == "R6.9 · Retreat"
    assert embed["description"].startswith("Once a turn, stepping back a hex from the attacker: +3")
    assert "Dodge    +3       +3" in embed["description"]
    shown = fields(embed)
    assert shown["Basic Set"] == "B377"
    option = messages.text("settings.option.retreat_basic_set.name", "en")
    assert shown[f"Server option: {option}"].startswith("Off here. R6.9:")
    assert "📖" not in embed["footer"]["text"]  # the answer does not send the reader to itself


async def test_rules_recuo_in_portuguese_follows_the_servers_option(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    await standin.slash("settings rule", option="retreat_basic_set", enabled=True, user="gm")
    answer = await standin.slash(
        "regras", {"regra": "recuo", "publico": True}, user="alice", locale="pt-BR"
    )
    assert not answer.ephemeral
    embed = answer.embed
    assert embed["title"] == "R6.9 · Recuo"
    assert embed["description"].startswith("Uma vez por turno, recuar um hex")
    shown = fields(embed)
    assert shown["Módulo Básico"] == "B377"
    option = messages.text("settings.option.retreat_basic_set.name", "pt-BR")
    assert shown[f"Opção do servidor: {option}"].startswith("Ligada aqui. R6.9:")


async def test_rules_suggests_by_id_and_by_name_in_both_languages(
    standin: StandIn, bot: GurpsBot
) -> None:
    english = await standin.autocomplete("rules", {"rule": "retr"}, focused="rule", user="bob")
    assert [(c["name"], c["value"]) for c in english] == [
        ("R6.9 · Retreat", "R6.9"),
        ("R11.12 · Defending in close combat", "R11.12"),
    ]
    portuguese = await standin.autocomplete(
        "regras", {"regra": "recuo"}, focused="regra", user="bob", locale="pt-BR"
    )
    assert portuguese[0] == {"name": "R6.9 · Recuo", "value": "R6.9"}
    by_id = await standin.autocomplete("rules", {"rule": "R7.2"}, focused="rule", user="bob")
    assert [c["value"] for c in by_id] == ["R7.2"]


async def test_rules_lists_several_matches_and_refuses_nothing_matching(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    several = await standin.slash("rules", rule="crippling", user="bob")
    assert several.embed["description"] == ("`R7.16` Crippling\n`R7.17` How long a crippling lasts")
    nothing = await standin.slash("rules", rule="levitation", user="bob")
    assert nothing.ephemeral
    assert nothing.embed["description"] == messages.text(
        "reference.error.unknown", "en", typed="levitation"
    )


async def test_every_rule_id_the_bot_cites_resolves(standin: StandIn, bot: GurpsBot) -> None:
    cited = sorted(cited_in_the_project())
    assert len(cited) >= 100
    for rule_id in cited:
        for locale in ("en-US", "pt-BR"):
            answer = await standin.slash(
                "rules", {"rule": rule_id}, user="carol", channel="general", locale=locale
            )
            assert answer.embed["title"].startswith(f"{rule_id} · "), (rule_id, answer.embeds)
    assert standin.server.rejections == []


async def test_an_answer_citing_rules_names_them_in_its_footer(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice, messages: Messages
) -> None:
    dice.extend([3, 4, 4])
    checked = await standin.slash("check", skill=12, user="alice")
    footer = checked.embed["footer"]["text"]
    cited = re.findall(r"R\d+\.\d+|A\.\d+", footer.split("\n")[0])
    assert cited
    assert footer.split("\n")[-1] == "📖 " + messages.text(
        "reference.cite", "en", ids=", ".join(dict.fromkeys(cited))
    )
    dice.extend([3, 4, 4])
    teste = await standin.slash("teste", {"nh": 12}, user="alice", locale="pt-BR")
    assert teste.embed["footer"]["text"].split("\n")[-1].startswith("📖 Consulte: /regras ")


# --------------------------------------------------------------------------- /help


def _leaf_options(schema: list[dict[str, Any]], path: list[str]) -> list[dict[str, Any]]:
    nodes = schema
    for name in path:
        node = next(n for n in nodes if n["name"] == name)
        nodes = node.get("options") or []
    return nodes


async def test_help_attack_lists_the_registered_options(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    answer = await standin.slash("help", command="attack", user="alice")
    assert answer.ephemeral
    (embed,) = answer.embeds
    assert embed["title"] == "/attack"
    lines = embed["description"].split("\n")
    listed = [
        (m[1], m[2] == "required")
        for line in lines
        if (m := re.match(r"`([\w-]+)` \((required|optional)\)", line))
    ]
    registered = [
        (o["name"], bool(o.get("required"))) for o in _leaf_options(standin.commands(), ["attack"])
    ]
    assert listed == registered
    assert ("attacker", True) in listed
    assert fields(embed)["Example"] == "`" + messages.text("help.usage.attack", "en") + "`"
    maneuver = next(line for line in lines if line.startswith("`maneuver`"))
    assert "Choices: Attack, Move and Attack" in maneuver


async def test_help_in_portuguese_uses_the_portuguese_names(
    standin: StandIn, bot: GurpsBot
) -> None:
    answer = await standin.slash(
        "ajuda", {"comando": "encounter next"}, user="alice", locale="pt-BR"
    )
    (embed,) = answer.embeds
    assert embed["title"] == "/encontro proximo"
    assert "Sem opções." in embed["description"]
    attack = await standin.slash("ajuda", {"comando": "atacar"}, user="alice", locale="pt-BR")
    assert attack.embeds[0]["title"] == "/atacar"
    assert "`atacante` (obrigatória)" in attack.embeds[0]["description"]
    suggested = await standin.autocomplete(
        "ajuda", {"comando": "encontro p"}, focused="comando", user="alice", locale="pt-BR"
    )
    assert {"name": "/encontro proximo", "value": "encounter next"} in suggested


def _registered_paths(schema: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []

    def walk(node: dict[str, Any], prefix: str) -> None:
        path = f"{prefix} {node['name']}".strip()
        children = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
        if not children:
            found.append(path)
        for child in children:
            walk(child, path)

    for command in schema:
        walk(command, "")
    return found


async def test_help_lists_every_registered_command_once(standin: StandIn, bot: GurpsBot) -> None:
    answer = await standin.slash("help", user="carol")
    (embed,) = answer.embeds
    listed = [
        name for field in embed["fields"] for name in re.findall(r"`/([^`]+)`", field["value"])
    ]
    assert sorted(listed) == sorted(_registered_paths(standin.commands()))
    assert [f["name"] for f in embed["fields"] if f["name"] != "\u200b"] == [
        "Anyone: dice and rules",
        "Players: your fighter and your sheets",
        "GM: running the fight",
        "GM: the server's settings",
    ]


async def test_help_refuses_an_unknown_command(
    standin: StandIn, bot: GurpsBot, messages: Messages
) -> None:
    answer = await standin.slash("help", command="teleport", user="carol")
    assert answer.ephemeral
    assert answer.embed["description"] == messages.text(
        "help.error.unknown", "en", command="teleport"
    )


@pytest.mark.parametrize(
    ("locale", "command", "option"), [("en-US", "help", "command"), ("pt-BR", "ajuda", "comando")]
)
async def test_every_command_has_help_with_an_example(
    standin: StandIn, bot: GurpsBot, locale: str, command: str, option: str
) -> None:
    for path in _registered_paths(standin.commands()):
        answer = await standin.slash(command, {option: path}, user="carol", locale=locale)
        example = answer.embeds[-1]["fields"][-1]["value"]
        assert example.startswith("`/"), path
    assert standin.server.rejections == []
