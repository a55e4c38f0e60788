"""The limits Discord enforces on what a bot sends, so a test fails where Discord would.

Each function returns a list of readable problems; an empty list means Discord
would accept the payload. The server answers 400 "Invalid Form Body" otherwise.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW = 1
BUTTON = 2
TEXT_INPUT = 4
LINK_STYLE = 5
PREMIUM_STYLE = 6
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LABEL = 18


def _length(value: object) -> int:
    return len(value) if isinstance(value, str) else 0


def embed_problems(embeds: list[JSON]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (at most 10)")
    total = 0
    for index, embed in enumerate(embeds):
        where = f"embeds[{index}]"
        title = _length(embed.get("title"))
        description = _length(embed.get("description"))
        footer = _length((embed.get("footer") or {}).get("text"))
        author = _length((embed.get("author") or {}).get("name"))
        fields: list[JSON] = list(embed.get("fields") or [])
        for limit, size, name in (
            (256, title, "title"),
            (4096, description, "description"),
            (2048, footer, "footer.text"),
            (256, author, "author.name"),
        ):
            if size > limit:
                problems.append(f"{where}.{name} has {size} characters (at most {limit})")
        if len(fields) > 25:
            problems.append(f"{where} has {len(fields)} fields (at most 25)")
        total += title + description + footer + author
        for number, item in enumerate(fields):
            name_size = _length(item.get("name"))
            value_size = _length(item.get("value"))
            if not name_size or name_size > 256:
                problems.append(f"{where}.fields[{number}].name has {name_size} characters (1-256)")
            if not value_size or value_size > 1024:
                problems.append(
                    f"{where}.fields[{number}].value has {value_size} characters (1-1024)"
                )
            total += name_size + value_size
    if total > 6000:
        problems.append(f"embeds hold {total} characters in all (at most 6000)")
    return problems


def _item_problems(item: JSON, where: str, custom_ids: set[str]) -> list[str]:
    problems: list[str] = []
    kind = item.get("type")
    custom_id = item.get("custom_id")
    if kind == BUTTON:
        style = item.get("style")
        if style == LINK_STYLE:
            if not item.get("url"):
                problems.append(f"{where}: a link button needs a url")
            if custom_id is not None:
                problems.append(f"{where}: a link button has no custom_id")
            return problems
        if style == PREMIUM_STYLE:
            return problems
        if _length(item.get("label")) > 80:
            problems.append(f"{where}.label is longer than 80 characters")
        if not item.get("label") and not item.get("emoji"):
            problems.append(f"{where}: a button needs a label or an emoji")
    if kind in (BUTTON, TEXT_INPUT) or kind in SELECT_TYPES:
        if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
            problems.append(f"{where}.custom_id must have 1-100 characters, got {custom_id!r}")
        elif custom_id in custom_ids:
            problems.append(f"{where}.custom_id {custom_id!r} is used twice")
        else:
            custom_ids.add(custom_id)
    if kind == 3:
        options = item.get("options") or []
        if not 1 <= len(options) <= 25:
            problems.append(f"{where} has {len(options)} options (1-25)")
    return problems


def component_problems(components: list[JSON], flags: int = 0) -> list[str]:
    problems: list[str] = []
    custom_ids: set[str] = set()
    if flags & IS_COMPONENTS_V2:
        stack = [(c, f"components[{i}]") for i, c in enumerate(components)]
        count = 0
        while stack:
            item, where = stack.pop()
            count += 1
            problems.extend(_item_problems(item, where, custom_ids))
            nested: list[JSON] = list(item.get("components") or [])
            stack.extend((c, f"{where}.components[{i}]") for i, c in enumerate(nested))
            if "accessory" in item:
                stack.append((item["accessory"], f"{where}.accessory"))
        if count > 40:
            problems.append(f"{count} components (at most 40)")
        return problems
    if len(components) > 5:
        problems.append(f"{len(components)} action rows (at most 5)")
    for index, row in enumerate(components):
        where = f"components[{index}]"
        if row.get("type") != ACTION_ROW:
            problems.append(f"{where} must be an action row, got type {row.get('type')}")
            continue
        children: list[JSON] = list(row.get("components") or [])
        if not children:
            problems.append(f"{where} is an empty action row")
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            problems.append(f"{where}: a select menu must be alone in its row")
        if len(children) > 5:
            problems.append(f"{where} has {len(children)} buttons (at most 5)")
        for number, child in enumerate(children):
            problems.extend(_item_problems(child, f"{where}.components[{number}]", custom_ids))
    return problems


def message_problems(payload: JSON, *, creating: bool) -> list[str]:
    """Problems with a message create or edit body."""
    problems: list[str] = []
    content = payload.get("content")
    embeds: list[JSON] = list(payload.get("embeds") or [])
    components: list[JSON] = list(payload.get("components") or [])
    flags = int(payload.get("flags") or 0)
    if content is not None and not isinstance(content, str):
        problems.append("content must be a string")
    elif _length(content) > 2000:
        problems.append(f"content has {_length(content)} characters (at most 2000)")
    if flags & IS_COMPONENTS_V2 and (content or embeds):
        problems.append("a components-v2 message cannot have content or embeds")
    problems.extend(embed_problems(embeds))
    problems.extend(component_problems(components, flags))
    if creating and not (
        content or embeds or components or payload.get("attachments") or payload.get("poll")
    ):
        problems.append("Cannot send an empty message")
    return problems


def modal_problems(data: JSON) -> list[str]:
    problems: list[str] = []
    title = data.get("title")
    if not isinstance(title, str) or not 1 <= len(title) <= 45:
        problems.append(f"modal title must have 1-45 characters, got {title!r}")
    components: list[JSON] = list(data.get("components") or [])
    if not 1 <= len(components) <= 5:
        problems.append(f"a modal holds 1-5 components, got {len(components)}")
    custom_ids: set[str] = set()
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
        problems.append(f"modal custom_id must have 1-100 characters, got {custom_id!r}")
    for index, top in enumerate(components):
        inner: list[JSON]
        if top.get("type") == ACTION_ROW:
            inner = list(top.get("components") or [])
        elif top.get("type") == LABEL:
            inner = [top["component"]] if "component" in top else []
            if not 1 <= _length(top.get("label")) <= 45:
                problems.append(f"components[{index}].label must have 1-45 characters")
        else:
            inner = []
        for number, item in enumerate(inner):
            where = f"components[{index}].components[{number}]"
            problems.extend(_item_problems(item, where, custom_ids))
    return problems


def choice_problems(choices: list[JSON]) -> list[str]:
    problems: list[str] = []
    if len(choices) > 25:
        problems.append(f"{len(choices)} autocomplete choices (at most 25)")
    for index, choice in enumerate(choices):
        size = _length(choice.get("name"))
        if not 1 <= size <= 100:
            problems.append(f"choices[{index}].name has {size} characters (1-100)")
        if "value" not in choice:
            problems.append(f"choices[{index}] has no value")
    return problems
