"""The limits the stand-in enforces, so a payload Discord would refuse fails a test here too."""

from __future__ import annotations

from typing import Any

import pytest

from bot.standin.commands import INTEGER, NUMBER, STRING
from bot.standin.validation import (
    IS_COMPONENTS_V2,
    MAX_REQUEST_BYTES,
    MAX_UPLOAD_BYTES,
    choice_problems,
    component_problems,
    embed_problems,
    message_problems,
    modal_problems,
    upload_problems,
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


def test_embed_links_take_only_the_schemes_discord_takes() -> None:
    """Message Resource, "Embed Object": links are http(s); pictures may be uploads."""
    fine = {
        "title": "t",
        "url": "https://example.org/rules",
        "image": {"url": "attachment://map.png"},
        "thumbnail": {"url": "http://example.org/t.png"},
        "author": {"name": "a", "url": "https://example.org", "icon_url": "attachment://a.png"},
        "footer": {"text": "f", "icon_url": "https://example.org/f.png"},
        "color": 0xFFFFFF,
    }
    assert embed_problems([fine]) == []
    assert embed_problems([{"title": "t", "url": "ftp://example.org"}]) == [
        "embeds[0].url: scheme 'ftp' is not supported (one of http, https)"
    ]
    assert embed_problems([{"author": {"name": "a", "url": "attachment://a.png"}}]) == [
        "embeds[0].author.url: scheme 'attachment' is not supported (one of http, https)"
    ]
    assert embed_problems([{"image": {"url": "https:///nohost.png"}}]) == [
        "embeds[0].image.url is not a well formed URL: 'https:///nohost.png'"
    ]
    assert embed_problems([{"title": "t", "color": 0x1000000}]) == [
        "embeds[0].color 16777216 is not a colour (0-16777215)"
    ]


def test_button_styles_and_urls() -> None:
    """Component Reference, "Button": styles 1-6; only a link button has a url."""
    deep_link = {"type": 2, "style": 5, "label": "Store", "url": "discord://-/store"}
    assert component_problems([row(deep_link, button("a"))]) == []
    assert component_problems([row(button("a", style=7))]) == [
        "components[0].components[0].style 7 is not a button style (1-6)"
    ]
    assert component_problems([row(button("a", url="https://example.org"))]) == [
        "components[0].components[0]: only a link button has a url"
    ]
    script = {"type": 2, "style": 5, "label": "x", "url": "javascript:alert(1)"}
    assert component_problems([row(script)]) == [
        "components[0].components[0].url: scheme 'javascript' is not supported "
        "(one of http, https, discord)"
    ]


def text_input(**extra: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": "name", "label": "Name", "style": 1, **extra}


def modal(*components: dict[str, Any]) -> dict[str, Any]:
    return {"custom_id": "m", "title": "Who?", "components": list(components)}


def test_text_input_limits() -> None:
    """Component Reference, "Text Input": label 45, lengths 0/1-4000, value 4000,
    placeholder 100, style 1 or 2; one text input an action row; never in a message."""
    at_the_limits = text_input(
        label="l" * 45,
        style=2,
        min_length=0,
        max_length=4000,
        value="v" * 4000,
        placeholder="p" * 100,
    )
    assert modal_problems(modal(row(at_the_limits))) == []
    where = "components[0].components[0]"
    assert modal_problems(
        modal(
            row(
                text_input(
                    label="l" * 46,
                    style=3,
                    min_length=4001,
                    max_length=4001,
                    value="v" * 4001,
                    placeholder="p" * 101,
                )
            )
        )
    ) == [
        f"{where}.style must be 1 (short) or 2 (paragraph), got 3",
        f"{where}.label must have 1-45 characters",
        f"{where}.min_length 4001 is out of range (0-4000)",
        f"{where}.max_length 4001 is out of range (1-4000)",
        f"{where}.value is longer than 4000 characters",
        f"{where}.placeholder is longer than 100 characters",
    ]
    assert modal_problems(modal(row(text_input(min_length=5, max_length=4)))) == [
        f"{where}.min_length 5 is above max_length 4"
    ]
    assert modal_problems(modal(row(text_input(), text_input(custom_id="other")))) == [
        "components[0]: a modal's action row holds one text input"
    ]
    assert component_problems([row(text_input())]) == [
        "components[0].components[0]: a text input belongs in a modal, not a message"
    ]


def test_allowed_mentions() -> None:
    """Message Resource, "Allowed Mentions Object": ``parse`` and an id list of the same
    type are mutually exclusive (an empty list is no conflict); at most 100 ids."""
    ids = [str(n) for n in range(100)]
    fine = {"content": "c", "allowed_mentions": {"parse": ["users"], "users": [], "roles": ids}}
    assert message_problems(fine, creating=True) == []
    conflict = {"content": "c", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}
    assert message_problems(conflict, creating=True) == [
        "allowed_mentions.parse holds 'users' and allowed_mentions.users lists ids "
        "(mutually exclusive)"
    ]
    too_many = {"content": "c", "allowed_mentions": {"users": [*ids, "100"]}}
    assert message_problems(too_many, creating=True) == [
        "allowed_mentions.users has 101 ids (at most 100)"
    ]
    here = {"content": "c", "allowed_mentions": {"parse": ["here"]}}
    assert message_problems(here, creating=True) == [
        "allowed_mentions.parse: 'here' is not one of roles, users, everyone"
    ]


def test_attachments_and_nonce() -> None:
    """Message Resource, "Create Message": ten files, descriptions of 1024, nonce of 25."""
    ten = [{"id": n, "filename": "f", "description": "d" * 1024} for n in range(10)]
    assert message_problems({"attachments": ten, "nonce": "n" * 25}, creating=True) == []
    eleven = [*ten, {"id": 10, "filename": "f", "description": "d" * 1025}]
    assert message_problems({"attachments": eleven, "nonce": "n" * 26}, creating=True) == [
        "nonce has 26 characters (at most 25)",
        "11 attachments (at most 10)",
        "attachments[10].description has 1025 characters (at most 1024)",
    ]


def test_upload_sizes() -> None:
    """A file within the upload limit of a server without boosts (10 MiB), the request
    within 25 MiB; past either Discord answers 413."""
    limit = {"filename": "sheet.json", "size": MAX_UPLOAD_BYTES}
    assert upload_problems([limit], MAX_REQUEST_BYTES) == []
    over = {"filename": "sheet.json", "size": MAX_UPLOAD_BYTES + 1}
    assert upload_problems([over], MAX_REQUEST_BYTES + 1) == [
        f"files[0] (sheet.json) has {MAX_UPLOAD_BYTES + 1} bytes (at most {MAX_UPLOAD_BYTES})",
        f"the request has {MAX_REQUEST_BYTES + 1} bytes (at most {MAX_REQUEST_BYTES})",
    ]


def test_autocomplete_choices_match_the_focused_option() -> None:
    """Application Commands, "Option Choice": a value of the option's type, a string
    value of 1-100 characters, localized names in Discord's locales."""
    assert choice_problems([{"name": "Orc", "value": "o" * 100}], STRING) == []
    assert choice_problems([{"name": "Orc", "value": "o" * 101}], STRING) == [
        "choices[0].value has 101 characters (1-100)"
    ]
    assert choice_problems([{"name": "Orc", "value": ""}], STRING) == [
        "choices[0].value has 0 characters (1-100)"
    ]
    assert choice_problems([{"name": "Orc", "value": 3}], STRING) == [
        "choices[0].value 3 is not a string (a string option)"
    ]
    assert choice_problems([{"name": "three", "value": 3}], INTEGER) == []
    assert choice_problems([{"name": "half", "value": 1.5}], NUMBER) == []
    assert choice_problems([{"name": "half", "value": 1.5}], INTEGER) == [
        "choices[0].value 1.5 is not an integer (the option's type)"
    ]
    assert choice_problems([{"name": "three", "value": "3"}], INTEGER) == [
        "choices[0].value '3' is not an integer (the option's type)"
    ]
    localized = {"name": "Orc", "value": "orc", "name_localizations": {"pt-BR": "Orque"}}
    assert choice_problems([localized], STRING) == []
    wrong = {"name": "Orc", "value": "orc", "name_localizations": {"pt": "x", "de": "d" * 101}}
    assert choice_problems([wrong], STRING) == [
        "choices[0].name_localizations: 'pt' is not a Discord locale",
        "choices[0].name_localizations['de'] has 101 characters (1-100)",
    ]
