"""The limits the stand-in enforces, so a payload Discord would refuse fails a test here too."""

from __future__ import annotations

from typing import Any

import pytest

from bot.standin.validation import (
    IS_COMPONENTS_V2,
    choice_problems,
    component_problems,
    embed_problems,
    message_problems,
    modal_problems,
)


def button(custom_id: str, label: str = "Go", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label, **extra}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def test_a_full_but_legal_embed_passes() -> None:
    embed = {
        "title": "t" * 256,
        "description": "d" * 3000,
        "fields": [{"name": f"f{i}", "value": "v" * 50} for i in range(25)],
        "footer": {"text": "f" * 100},
    }
    assert embed_problems([embed]) == []


@pytest.mark.parametrize(
    ("embed", "problem"),
    [
        ({"title": "t" * 257}, "embeds[0].title has 257 characters (at most 256)"),
        ({"description": "d" * 4097}, "embeds[0].description has 4097 characters (at most 4096)"),
        ({"fields": [{"name": "n", "value": "v"}] * 26}, "embeds[0] has 26 fields (at most 25)"),
        (
            {"fields": [{"name": "", "value": "v"}]},
            "embeds[0].fields[0].name has 0 characters (1-256)",
        ),
        (
            {"fields": [{"name": "n", "value": "v" * 1025}]},
            "embeds[0].fields[0].value has 1025 characters (1-1024)",
        ),
        (
            {"footer": {"text": "f" * 2049}},
            "embeds[0].footer.text has 2049 characters (at most 2048)",
        ),
        (
            {"description": "d" * 4000, "footer": {"text": "f" * 2001}},
            "embeds hold 6001 characters in all (at most 6000)",
        ),
    ],
)
def test_embed_limits(embed: dict[str, Any], problem: str) -> None:
    assert problem in embed_problems([embed])


def test_discord_trims_each_text_before_measuring_it() -> None:
    padded = {"title": " " * 10 + "t" * 256 + "\n", "fields": [{"name": "n", "value": "v "}]}
    assert embed_problems([padded]) == []
    assert embed_problems([{"fields": [{"name": "n", "value": "   "}]}]) == [
        "embeds[0].fields[0].value has 0 characters (1-1024)"
    ]
    # A zero-width space is no whitespace: it is how a field shows no value.
    assert embed_problems([{"fields": [{"name": "\u200b", "value": "\u200b"}]}]) == []


def test_the_6000_characters_count_every_embed_of_the_message() -> None:
    three = [{"description": "d" * 2000}] * 3
    assert embed_problems(three) == []
    assert embed_problems([*three, {"title": "t"}]) == [
        "embeds hold 6001 characters in all (at most 6000)"
    ]


def test_at_most_ten_embeds() -> None:
    assert embed_problems([{"title": "x"}] * 11) == ["11 embeds (at most 10)"]


def test_component_rules() -> None:
    assert component_problems([row(button("a"), button("b"))]) == []
    assert component_problems([row(button("a"))] * 6)[0] == "6 action rows (at most 5)"
    assert "components[0] has 6 buttons (at most 5)" in component_problems(
        [row(*(button(str(i)) for i in range(6)))]
    )
    assert component_problems([row(button("a"), button("a"))]) == [
        "components[0].components[1].custom_id 'a' is used twice"
    ]
    assert component_problems([row(button("x" * 101))]) == [
        f"components[0].components[0].custom_id must have 1-100 characters, got {'x' * 101!r}"
    ]
    assert component_problems([button("a")]) == ["components[0] must be an action row, got type 2"]
    link = {"type": 2, "style": 5, "label": "Rules", "url": "https://example.org"}
    assert component_problems([row(link)]) == []
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert component_problems([row(select, button("b"))]) == [
        "components[0]: a select menu must be alone in its row"
    ]


def test_select_menu_rules() -> None:
    def options(count: int) -> list[dict[str, Any]]:
        return [{"label": f"o{i}", "value": f"o{i}"} for i in range(count)]

    def select(**extra: Any) -> dict[str, Any]:
        return {"type": 3, "custom_id": "s", "options": options(3), **extra}

    assert component_problems([row(select(max_values=3, placeholder="p" * 150))]) == []
    assert component_problems([row(select(options=options(26)))]) == [
        "components[0].components[0] has 26 options (1-25)"
    ]
    assert component_problems([row(select(max_values=4))]) == [
        "components[0].components[0] takes up to 4 values of 3 options"
    ]
    assert component_problems([row(select(min_values=2, max_values=1))]) == [
        "components[0].components[0] takes 2-1 values (0-25, min at most max)"
    ]
    assert component_problems([row(select(placeholder="p" * 151))]) == [
        "components[0].components[0].placeholder is longer than 150 characters"
    ]
    long_label = [{"label": "l" * 101, "value": "v", "description": "d" * 101}]
    assert component_problems([row(select(options=long_label))]) == [
        "components[0].components[0].options[0].label must have 1-100 characters",
        "components[0].components[0].options[0].description is longer than 100 characters",
    ]
    twice = [{"label": "a", "value": "same"}, {"label": "b", "value": "same"}]
    assert component_problems([row(select(options=twice))]) == [
        "components[0].components[0].options[1].value 'same' is used twice"
    ]
    users = {"type": 5, "custom_id": "u", "max_values": 26}
    assert component_problems([row(users)]) == [
        "components[0].components[0] takes 1-26 values (0-25, min at most max)"
    ]


def test_components_v2_allow_nesting_but_not_content() -> None:
    container = {"type": 17, "components": [{"type": 10, "content": "hi"}, row(button("a"))]}
    assert component_problems([container], IS_COMPONENTS_V2) == []
    payload = {"content": "no", "components": [container], "flags": IS_COMPONENTS_V2}
    assert message_problems(payload, creating=True) == [
        "a components-v2 message cannot have content or embeds"
    ]


def test_empty_and_long_messages() -> None:
    assert message_problems({}, creating=True) == ["Cannot send an empty message"]
    assert message_problems({}, creating=False) == []
    assert message_problems({"content": "c" * 2001}, creating=True) == [
        "content has 2001 characters (at most 2000)"
    ]


def test_modal_rules() -> None:
    text_input = {"type": 4, "custom_id": "name", "label": "Name", "style": 1}
    assert (
        modal_problems({"custom_id": "m", "title": "Who?", "components": [row(text_input)]}) == []
    )
    labelled = {"type": 18, "label": "Name", "component": text_input}
    assert modal_problems({"custom_id": "m", "title": "Who?", "components": [labelled]}) == []
    assert modal_problems(
        {"custom_id": "m", "title": "t" * 46, "components": [row(text_input)]}
    ) == [f"modal title must have 1-45 characters, got {'t' * 46!r}"]
    assert modal_problems({"custom_id": "m", "title": "Who?", "components": []}) == [
        "a modal holds 1-5 components, got 0"
    ]


def test_autocomplete_choice_rules() -> None:
    assert choice_problems([{"name": "Orc", "value": "orc"}]) == []
    assert choice_problems([{"name": "x", "value": 1}] * 26) == [
        "26 autocomplete choices (at most 25)"
    ]
    assert choice_problems([{"name": "", "value": 1}]) == [
        "choices[0].name has 0 characters (1-100)"
    ]
    assert choice_problems([{"name": "x"}]) == ["choices[0] has no value"]
