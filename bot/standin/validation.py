"""The limits Discord enforces on what a bot sends, so a test fails where Discord would.

Each function returns a list of readable problems; an empty list means Discord
would accept the payload. The server answers 400 "Invalid Form Body" otherwise.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from bot.command_sync import COMMAND_SIZE_LIMIT, command_size, describe_refusal
from bot.standin.commands import (
    ATTACHMENT,
    INTEGER,
    NUMBER,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
)

JSON = dict[str, Any]

IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW = 1
BUTTON = 2
TEXT_INPUT = 4
LINK_STYLE = 5
PREMIUM_STYLE = 6
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LABEL = 18
BUTTON_STYLES = range(1, 7)
TEXT_INPUT_STYLES = (1, 2)

# Message Resource, "Embed Object": a link (the embed's or its author's) is http(s);
# an image, thumbnail or icon may also name an uploaded file (``attachment://``).
LINK_SCHEMES = ("http", "https")
MEDIA_SCHEMES = ("http", "https", "attachment")
# Component Reference, "Button": a link button opens a web page or a Discord deep link.
BUTTON_SCHEMES = ("http", "https", "discord")
MAX_COLOR = 0xFFFFFF

# Message Resource, "Create Message" and "Allowed Mentions Object".
MAX_NONCE = 25
MENTION_TYPES = ("roles", "users", "everyone")
MAX_MENTION_IDS = 100

# Uploads (Reference, "Uploading Files"; Message Resource, "Create Message"): ten files a
# message, each within the upload limit of a server without boosts (the
# ``attachment_size_limit`` an interaction carries), the whole request within 25 MiB.
MAX_FILES = 10
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
MAX_REQUEST_BYTES = 25 * 1024 * 1024
MAX_ATTACHMENT_DESCRIPTION = 1024

# Text input (Component Reference, "Text Input").
MAX_TEXT_INPUT_LABEL = 45
MAX_TEXT_INPUT_VALUE = 4000
MAX_TEXT_INPUT_PLACEHOLDER = 100


def _length(value: object) -> int:
    return len(value) if isinstance(value, str) else 0


def _trimmed(value: object) -> int:
    """An embed text's length as Discord counts it: leading and trailing whitespace trimmed."""
    return len(value.strip()) if isinstance(value, str) else 0


def url_problem(url: object, schemes: Sequence[str], where: str) -> str | None:
    """Why Discord refuses ``url`` where only ``schemes`` are taken, if it does."""
    if not isinstance(url, str):
        return f"{where} must be a string, got {url!r}"
    parts = urlsplit(url)
    if parts.scheme.lower() not in schemes:
        return f"{where}: scheme {parts.scheme!r} is not supported (one of {', '.join(schemes)})"
    if not parts.netloc and parts.scheme.lower() != "discord":
        return f"{where} is not a well formed URL: {url!r}"
    return None


def _embed_link_problems(embed: JSON, where: str) -> list[str]:
    """The embed's links and colour: a link http(s), a picture's source http(s) or an
    uploaded file, the colour a 24-bit RGB value."""
    problems: list[str] = []
    links: list[tuple[object, Sequence[str], str]] = []
    if "url" in embed and embed["url"] is not None:
        links.append((embed["url"], LINK_SCHEMES, f"{where}.url"))
    for part in ("image", "thumbnail"):
        if (media := embed.get(part)) is not None:
            links.append((media.get("url"), MEDIA_SCHEMES, f"{where}.{part}.url"))
    author = embed.get("author") or {}
    if author.get("url") is not None:
        links.append((author["url"], LINK_SCHEMES, f"{where}.author.url"))
    for part, owner in (("author", author), ("footer", embed.get("footer") or {})):
        if owner.get("icon_url") is not None:
            links.append((owner["icon_url"], MEDIA_SCHEMES, f"{where}.{part}.icon_url"))
    for url, schemes, at in links:
        if problem := url_problem(url, schemes, at):
            problems.append(problem)
    color = embed.get("color")
    if color is not None and (
        isinstance(color, bool) or not isinstance(color, int) or not 0 <= color <= MAX_COLOR
    ):
        problems.append(f"{where}.color {color!r} is not a colour (0-{MAX_COLOR})")
    return problems


def embed_problems(embeds: list[JSON]) -> list[str]:
    """Discord's embed limits, each text measured after trimming its ends; the 6000
    characters count every embed of the message together."""
    problems: list[str] = []
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (at most 10)")
    total = 0
    for index, embed in enumerate(embeds):
        where = f"embeds[{index}]"
        problems.extend(_embed_link_problems(embed, where))
        title = _trimmed(embed.get("title"))
        description = _trimmed(embed.get("description"))
        footer = _trimmed((embed.get("footer") or {}).get("text"))
        author = _trimmed((embed.get("author") or {}).get("name"))
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
            name_size = _trimmed(item.get("name"))
            value_size = _trimmed(item.get("value"))
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
        if style not in BUTTON_STYLES:
            problems.append(f"{where}.style {style!r} is not a button style (1-6)")
            return problems
        if style == LINK_STYLE:
            if not item.get("url"):
                problems.append(f"{where}: a link button needs a url")
            elif problem := url_problem(item["url"], BUTTON_SCHEMES, f"{where}.url"):
                problems.append(problem)
            if custom_id is not None:
                problems.append(f"{where}: a link button has no custom_id")
            return problems
        if style == PREMIUM_STYLE:
            return problems
        if item.get("url") is not None:
            problems.append(f"{where}: only a link button has a url")
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
    if kind in SELECT_TYPES:
        problems.extend(_select_problems(item, where))
    return problems


def _select_problems(item: JSON, where: str) -> list[str]:
    """A select menu: placeholder, how many values, and a string select's options."""
    problems: list[str] = []
    if _length(item.get("placeholder")) > 150:
        problems.append(f"{where}.placeholder is longer than 150 characters")
    low, high = int(item.get("min_values", 1)), int(item.get("max_values", 1))
    if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
        problems.append(f"{where} takes {low}-{high} values (0-25, min at most max)")
    if item.get("type") != 3:
        return problems
    options: list[JSON] = list(item.get("options") or [])
    if not 1 <= len(options) <= 25:
        problems.append(f"{where} has {len(options)} options (1-25)")
    elif high > len(options):
        problems.append(f"{where} takes up to {high} values of {len(options)} options")
    values: set[str] = set()
    for number, option in enumerate(options):
        at = f"{where}.options[{number}]"
        for key in ("label", "value"):
            if not 1 <= _length(option.get(key)) <= 100:
                problems.append(f"{at}.{key} must have 1-100 characters")
        if _length(option.get("description")) > 100:
            problems.append(f"{at}.description is longer than 100 characters")
        value = str(option.get("value"))
        if value in values:
            problems.append(f"{at}.value {value!r} is used twice")
        values.add(value)
    return problems


def _text_input_problems(item: JSON, where: str, *, labelled: bool) -> list[str]:
    """A modal's text input: its style, label, lengths, value and placeholder. Inside a
    label component the label's own text names it."""
    problems: list[str] = []
    style = item.get("style")
    if style not in TEXT_INPUT_STYLES:
        problems.append(f"{where}.style must be 1 (short) or 2 (paragraph), got {style!r}")
    if not labelled and not 1 <= _length(item.get("label")) <= MAX_TEXT_INPUT_LABEL:
        problems.append(f"{where}.label must have 1-{MAX_TEXT_INPUT_LABEL} characters")
    low, high = item.get("min_length"), item.get("max_length")
    if low is not None and not 0 <= low <= MAX_TEXT_INPUT_VALUE:
        problems.append(f"{where}.min_length {low} is out of range (0-{MAX_TEXT_INPUT_VALUE})")
    if high is not None and not 1 <= high <= MAX_TEXT_INPUT_VALUE:
        problems.append(f"{where}.max_length {high} is out of range (1-{MAX_TEXT_INPUT_VALUE})")
    if low is not None and high is not None and low > high:
        problems.append(f"{where}.min_length {low} is above max_length {high}")
    if _length(item.get("value")) > MAX_TEXT_INPUT_VALUE:
        problems.append(f"{where}.value is longer than {MAX_TEXT_INPUT_VALUE} characters")
    if _length(item.get("placeholder")) > MAX_TEXT_INPUT_PLACEHOLDER:
        problems.append(
            f"{where}.placeholder is longer than {MAX_TEXT_INPUT_PLACEHOLDER} characters"
        )
    return problems


def _message_item_problems(item: JSON, where: str, custom_ids: set[str]) -> list[str]:
    """A component of a message: a text input is for modals only."""
    if item.get("type") == TEXT_INPUT:
        return [f"{where}: a text input belongs in a modal, not a message"]
    return _item_problems(item, where, custom_ids)


def component_problems(components: list[JSON], flags: int = 0) -> list[str]:
    problems: list[str] = []
    custom_ids: set[str] = set()
    if flags & IS_COMPONENTS_V2:
        stack = [(c, f"components[{i}]") for i, c in enumerate(components)]
        count = 0
        while stack:
            item, where = stack.pop()
            count += 1
            problems.extend(_message_item_problems(item, where, custom_ids))
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
            at = f"{where}.components[{number}]"
            problems.extend(_message_item_problems(child, at, custom_ids))
    return problems


def mention_problems(allowed: object) -> list[str]:
    """An ``allowed_mentions`` object: known mention types, at most 100 ids a list, and a
    type either parsed from the content or listed by id, never both."""
    if allowed is None:
        return []
    if not isinstance(allowed, dict):
        return [f"allowed_mentions must be an object, got {allowed!r}"]
    problems: list[str] = []
    parse: list[object] = list(allowed.get("parse") or [])
    for kind in parse:
        if kind not in MENTION_TYPES:
            problems.append(
                f"allowed_mentions.parse: {kind!r} is not one of {', '.join(MENTION_TYPES)}"
            )
    for key in ("users", "roles"):
        ids = list(allowed.get(key) or [])  # an empty list is no conflict
        if len(ids) > MAX_MENTION_IDS:
            problems.append(f"allowed_mentions.{key} has {len(ids)} ids (at most 100)")
        if ids and key in parse:
            problems.append(
                f"allowed_mentions.parse holds {key!r} and allowed_mentions.{key} lists ids "
                "(mutually exclusive)"
            )
    return problems


def attachment_problems(attachments: list[JSON]) -> list[str]:
    """A message's files: at most ten, each description within 1024 characters."""
    problems: list[str] = []
    if len(attachments) > MAX_FILES:
        problems.append(f"{len(attachments)} attachments (at most {MAX_FILES})")
    for index, item in enumerate(attachments):
        size = _length(item.get("description"))
        if size > MAX_ATTACHMENT_DESCRIPTION:
            problems.append(
                f"attachments[{index}].description has {size} characters "
                f"(at most {MAX_ATTACHMENT_DESCRIPTION})"
            )
    return problems


def upload_problems(files: list[JSON], request_bytes: int) -> list[str]:
    """Uploads past the size limits, which Discord answers 413 Request entity too large."""
    problems: list[str] = []
    for index, item in enumerate(files):
        size = int(item.get("size") or 0)
        if size > MAX_UPLOAD_BYTES:
            problems.append(
                f"files[{index}] ({item.get('filename')}) has {size} bytes "
                f"(at most {MAX_UPLOAD_BYTES})"
            )
    if request_bytes > MAX_REQUEST_BYTES:
        problems.append(f"the request has {request_bytes} bytes (at most {MAX_REQUEST_BYTES})")
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
    nonce = payload.get("nonce")
    if nonce is not None and len(str(nonce)) > MAX_NONCE:
        problems.append(f"nonce has {len(str(nonce))} characters (at most {MAX_NONCE})")
    problems.extend(embed_problems(embeds))
    problems.extend(component_problems(components, flags))
    problems.extend(mention_problems(payload.get("allowed_mentions")))
    problems.extend(attachment_problems(list(payload.get("attachments") or [])))
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
        labelled = top.get("type") == LABEL
        if top.get("type") == ACTION_ROW:
            inner = list(top.get("components") or [])
            if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                problems.append(f"components[{index}]: a modal's action row holds one text input")
        elif labelled:
            inner = [top["component"]] if "component" in top else []
            if not 1 <= _length(top.get("label")) <= 45:
                problems.append(f"components[{index}].label must have 1-45 characters")
        else:
            inner = []
        for number, item in enumerate(inner):
            where = f"components[{index}].components[{number}]"
            problems.extend(_item_problems(item, where, custom_ids))
            if item.get("type") == TEXT_INPUT:
                problems.extend(_text_input_problems(item, where, labelled=labelled))
    return problems


def choice_problems(choices: list[JSON], option_type: int | None = None) -> list[str]:
    """Autocomplete suggestions: at most 25, each a choice as a command's choices are
    (name 1-100 characters in every locale, a value of the focused option's type, a
    string value 1-100 characters)."""
    problems: list[str] = []
    if len(choices) > MAX_CHOICES:
        problems.append(f"{len(choices)} autocomplete choices (at most {MAX_CHOICES})")
    for index, choice in enumerate(choices):
        at = f"choices[{index}]"
        size = _length(choice.get("name"))
        if not 1 <= size <= MAX_CHOICE_TEXT:
            problems.append(f"{at}.name has {size} characters (1-{MAX_CHOICE_TEXT})")
        for locale, text in _localizations(choice, "name").items():
            if locale not in DISCORD_LOCALES:
                problems.append(f"{at}.name_localizations: {locale!r} is not a Discord locale")
            elif not 1 <= _length(text) <= MAX_CHOICE_TEXT:
                problems.append(
                    f"{at}.name_localizations[{locale!r}] has {_length(text)} characters "
                    f"(1-{MAX_CHOICE_TEXT})"
                )
        if "value" not in choice:
            problems.append(f"{at} has no value")
            continue
        value = choice["value"]
        if option_type == STRING or (option_type is None and isinstance(value, str)):
            if not isinstance(value, str):
                problems.append(f"{at}.value {value!r} is not a string (a string option)")
            elif not 1 <= len(value) <= MAX_CHOICE_TEXT:
                problems.append(f"{at}.value has {len(value)} characters (1-{MAX_CHOICE_TEXT})")
        elif option_type in (INTEGER, NUMBER) and not _number_of(option_type, value):
            kind = "an integer" if option_type == INTEGER else "a number"
            problems.append(f"{at}.value {value!r} is not {kind} (the option's type)")
    return problems


# Application commands -----------------------------------------------------------------
#
# Discord's limits for registering commands (Application Commands: "Application
# Command Naming", the command and option structures, "Registering a Command",
# "Localization"; Reference: "Locales"). A refusal is HTTP 400 "Invalid Form Body"
# (50035) with Discord's error tree: the command's index in a bulk overwrite, then
# the path inside it, each leaf holding ``_errors``. Codes seen in Discord's own
# answers: BASE_TYPE_REQUIRED, BASE_TYPE_BAD_LENGTH, BASE_TYPE_MAX_LENGTH,
# BASE_TYPE_CHOICES, STRING_TYPE_REGEX, APPLICATION_COMMAND_INVALID_NAME,
# APPLICATION_COMMANDS_DUPLICATE_NAME, APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID,
# APPLICATION_COMMAND_TOO_LARGE, NUMBER_TYPE_MIN/MAX. The others below name checks
# whose code no public answer shows; the path and message are what readers use.

CHAT_INPUT = 1
USER_COMMAND = 2
MESSAGE_COMMAND = 3
PRIMARY_ENTRY_POINT = 4
COMMAND_TYPES = (CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND, PRIMARY_ENTRY_POINT)
OPTION_TYPES = tuple(range(SUB_COMMAND, ATTACHMENT + 1))
CHOICE_TYPES = frozenset({STRING, INTEGER, NUMBER})
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_CHOICE_TEXT = 100
MAX_TEXT_LENGTH = 6000
# Chat-input commands per scope (global, or each guild); a bulk list holds at most 130
# commands of all types.
MAX_CHAT_INPUT_COMMANDS = 100
MAX_BULK_COMMANDS = 130
MAX_COMMANDS_REACHED = 30032
# The "parent" of a command's own options (option types start at 1).
TOP_LEVEL = 0

DISCORD_LOCALES = (
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
    "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
    "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
)  # fmt: skip

# Script ranges of Devanagari and Thai (``\p{sc=Deva}``, ``\p{sc=Thai}``): their vowel
# signs and marks are allowed in names although they are neither letters nor numbers.
_NAME_SCRIPTS = (
    (0x0900, 0x0950),
    (0x0955, 0x0963),
    (0x0966, 0x097F),
    (0xA8E0, 0xA8FF),
    (0x11B00, 0x11B09),
    (0x0E01, 0x0E3A),
    (0x0E40, 0x0E5B),
)

FormError = tuple[str, str]
Path = tuple[str | int, ...]

REQUIRED: FormError = ("BASE_TYPE_REQUIRED", "This field is required")
NAME_LENGTH: FormError = ("BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MAX_NAME} in length.")
NAME_REGEX: FormError = ("STRING_TYPE_REGEX", "String value did not match validation regex.")
NAME_CASE: FormError = ("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
DESCRIPTION_LENGTH: FormError = (
    "BASE_TYPE_BAD_LENGTH",
    f"Must be between 1 and {MAX_DESCRIPTION} in length.",
)
CHOICE_LENGTH: FormError = (
    "BASE_TYPE_BAD_LENGTH",
    f"Must be between 1 and {MAX_CHOICE_TEXT} in length.",
)
TOO_MANY_OPTIONS: FormError = ("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_OPTIONS} or fewer in length.")
BAD_LOCALE: FormError = (
    "BASE_TYPE_CHOICES",
    "Value must be one of (" + ", ".join(repr(code) for code in DISCORD_LOCALES) + ").",
)
DUPLICATE_COMMAND: FormError = (
    "APPLICATION_COMMANDS_DUPLICATE_NAME",
    "Application command names must be unique",
)
DUPLICATE_OPTION: FormError = (
    "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME",
    "Option names must be unique within a command, in every locale",
)
REQUIRED_ORDER: FormError = (
    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    "Required options must be placed before non-required options",
)
TOO_LARGE: FormError = (
    "APPLICATION_COMMAND_TOO_LARGE",
    f"Command exceeds maximum size ({COMMAND_SIZE_LIMIT})",
)
MIXED_OPTIONS: FormError = (
    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    "Subcommands and subcommand groups cannot be mixed with other options",
)
GROUP_CONTENT: FormError = (
    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    "A subcommand group can only hold subcommands",
)
TOO_DEEP: FormError = (
    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    "A subcommand cannot hold subcommands or groups",
)
NOT_NESTABLE: FormError = (
    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    "Only subcommands and subcommand groups hold options",
)
CHOICES_AND_AUTOCOMPLETE: FormError = (
    "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
    "Autocomplete cannot be set when choices are present",
)
AUTOCOMPLETE_TYPE: FormError = (
    "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
    "Autocomplete is only for string, integer and number options",
)
CHOICES_TYPE: FormError = (
    "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
    "Choices are only for string, integer and number options",
)
CHOICE_VALUE_TYPE: FormError = (
    "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
    "The choice's value does not match the option's type",
)
FIELD_NOT_ALLOWED: FormError = (
    "APPLICATION_COMMAND_OPTION_FIELD_INVALID",
    "This field cannot be configured for this type of option",
)
CHOICE_VALUE_TYPE_BOUND: FormError = (
    "NUMBER_TYPE_COERCE",
    "The bound does not match the option's type",
)
# Application Commands, "Application Command Option Type": an INTEGER is any integer
# between -2^53+1 and 2^53-1, a NUMBER any double between -2^53 and 2^53.
_NUMBER_RANGE = {INTEGER: 2**53 - 1, NUMBER: 2**53}
MIN_ABOVE_MAX: FormError = (
    "APPLICATION_COMMAND_OPTION_RANGE_INVALID",
    "The minimum cannot be greater than the maximum",
)
MAX_COMMANDS = f"Maximum number of application commands reached ({MAX_CHAT_INPUT_COMMANDS})"


def _within(code_point: int, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(low <= code_point <= high for low, high in ranges)


def _name_character(character: str) -> bool:
    """``[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]``."""
    if character in "-_":
        return True
    if unicodedata.category(character)[0] in "LN":
        return True
    return _within(ord(character), _NAME_SCRIPTS)


def name_error(name: str) -> FormError | None:
    """Why Discord refuses ``name`` for a chat-input command, subcommand or option, if it does.

    1-32 characters matching ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, and
    lower case wherever a letter has a lower-case form.
    """
    if not 1 <= len(name) <= MAX_NAME:
        return NAME_LENGTH
    if not all(_name_character(character) for character in name):
        return NAME_REGEX
    if any(character != character.lower() for character in name):
        return NAME_CASE
    return None


def is_valid_name(name: str) -> bool:
    return name_error(name) is None


class _Errors:
    """Discord's nested error tree, built one error at a time."""

    def __init__(self) -> None:
        self.tree: JSON = {}

    def add(self, path: Path, error: FormError) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        entry = {"code": error[0], "message": error[1]}
        found: list[JSON] = node.setdefault("_errors", [])
        if entry not in found:
            found.append(entry)


def _localizations(node: JSON, key: str) -> dict[str, Any]:
    value = node.get(f"{key}_localizations")
    return dict(value) if isinstance(value, dict) else {}


def _check_name(node: JSON, path: Path, errors: _Errors, *, top_level: bool) -> None:
    name = node.get("name")
    if not isinstance(name, str):
        errors.add((*path, "name"), REQUIRED)
    elif problem := name_error(name):
        errors.add((*path, "name"), problem)
    for locale, value in _localizations(node, "name").items():
        if locale not in DISCORD_LOCALES:
            errors.add((*path, "name_localizations", locale), BAD_LOCALE)
        elif problem := name_error(str(value)):
            # A command's own localized names are reported on the whole map, an
            # option's under their locale (as Discord does).
            where = (
                (*path, "name_localizations")
                if top_level
                else (*path, "name_localizations", locale)
            )
            errors.add(where, problem)


def _check_text(
    node: JSON, key: str, path: Path, errors: _Errors, *, length: FormError, limit: int
) -> None:
    text = node.get(key)
    if not isinstance(text, str):
        errors.add((*path, key), REQUIRED)
    elif not 1 <= len(text) <= limit:
        errors.add((*path, key), length)
    for locale, value in _localizations(node, key).items():
        if locale not in DISCORD_LOCALES:
            errors.add((*path, f"{key}_localizations", locale), BAD_LOCALE)
        elif not 1 <= len(str(value)) <= limit:
            errors.add((*path, f"{key}_localizations", locale), length)


def _check_unique(
    siblings: Sequence[JSON], path: Path, errors: _Errors, duplicate: FormError, *, typed: bool
) -> None:
    """Names unique among siblings, and each localized name unique in its locale.

    A localized name may not repeat another sibling's default name, nor another
    sibling's name in the same locale (a sibling without that localization shows
    its default name there).
    """
    groups: dict[object, list[int]] = {}
    for index, item in enumerate(siblings):
        groups.setdefault(item.get("type", CHAT_INPUT) if typed else None, []).append(index)
    for indexes in groups.values():
        defaults: dict[str, int] = {}
        for index in indexes:
            name = siblings[index].get("name")
            if isinstance(name, str) and name in defaults:
                errors.add((*path, index, "name") if not typed else (*path, index), duplicate)
            elif isinstance(name, str):
                defaults[name] = index
        locales = {loc for i in indexes for loc in _localizations(siblings[i], "name")}
        for locale in sorted(locales):
            shown: set[str] = set()
            for index in indexes:
                name = _localizations(siblings[index], "name").get(locale)
                if not isinstance(name, str):
                    continue  # its default name shows there, checked above
                other = defaults.get(name)
                if name in shown or (other is not None and other != index):
                    errors.add((*path, index, "name_localizations", locale), duplicate)
                shown.add(name)


def _check_option(option: JSON, path: Path, errors: _Errors, parent: int) -> None:
    kind = option.get("type")
    if kind not in OPTION_TYPES:
        errors.add((*path, "type"), ("BASE_TYPE_CHOICES", f"Value must be one of {OPTION_TYPES}."))
        return
    _check_name(option, path, errors, top_level=False)
    _check_text(
        option, "description", path, errors, length=DESCRIPTION_LENGTH, limit=MAX_DESCRIPTION
    )
    if parent == SUB_COMMAND and kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
        errors.add((*path, "type"), TOO_DEEP)
    elif parent == SUB_COMMAND_GROUP and kind != SUB_COMMAND:
        errors.add((*path, "type"), GROUP_CONTENT)
    if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
        _check_options(list(option.get("options") or []), (*path, "options"), errors, kind)
        return
    if option.get("options"):
        errors.add((*path, "options"), NOT_NESTABLE)
    choices: list[JSON] = list(option.get("choices") or [])
    if choices:
        _check_choices(choices, kind, (*path, "choices"), errors)
    if option.get("autocomplete"):
        if kind not in CHOICE_TYPES:
            errors.add((*path, "autocomplete"), AUTOCOMPLETE_TYPE)
        elif choices:
            errors.add((*path, "autocomplete"), CHOICES_AND_AUTOCOMPLETE)
    _check_bounds(option, kind, path, errors)


def _check_choices(choices: list[JSON], kind: int, path: Path, errors: _Errors) -> None:
    if kind not in CHOICE_TYPES:
        errors.add(path, CHOICES_TYPE)
        return
    if len(choices) > MAX_CHOICES:
        errors.add(path, ("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer in length."))
    for index, choice in enumerate(choices):
        where = (*path, index)
        _check_text(choice, "name", where, errors, length=CHOICE_LENGTH, limit=MAX_CHOICE_TEXT)
        value = choice.get("value")
        if value is None:
            errors.add((*where, "value"), REQUIRED)
        elif kind == STRING:
            if not isinstance(value, str):
                errors.add((*where, "value"), CHOICE_VALUE_TYPE)
            elif not 1 <= len(value) <= MAX_CHOICE_TEXT:
                errors.add((*where, "value"), CHOICE_LENGTH)
        elif not _number_of(kind, value):
            errors.add((*where, "value"), CHOICE_VALUE_TYPE)


def _number_of(kind: int, value: object) -> bool:
    """Whether ``value`` fits an INTEGER (a whole number) or NUMBER option."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return kind == NUMBER or float(value).is_integer()


def _check_bounds(option: JSON, kind: int, path: Path, errors: _Errors) -> None:
    for low_key, high_key, types in (
        ("min_value", "max_value", (INTEGER, NUMBER)),
        ("min_length", "max_length", (STRING,)),
    ):
        low, high = option.get(low_key), option.get(high_key)
        for key, value in ((low_key, low), (high_key, high)):
            if value is not None and kind not in types:
                errors.add((*path, key), FIELD_NOT_ALLOWED)
        if kind not in types:
            continue
        if kind in (INTEGER, NUMBER):
            for key, value in ((low_key, low), (high_key, high)):
                if value is not None and not _number_of(kind, value):
                    errors.add((*path, key), CHOICE_VALUE_TYPE_BOUND)
                elif value is not None and abs(value) > _NUMBER_RANGE[kind]:
                    edge = _NUMBER_RANGE[kind]
                    errors.add(
                        (*path, key),
                        (
                            ("NUMBER_TYPE_MAX", f"Value should be less than or equal to {edge}.")
                            if value > 0
                            else (
                                "NUMBER_TYPE_MIN",
                                f"Value should be greater than or equal to {-edge}.",
                            )
                        ),
                    )
        if kind == STRING:
            for key, value, floor in ((low_key, low, 0), (high_key, high, 1)):
                if value is None:
                    continue
                if value < floor:
                    errors.add(
                        (*path, key),
                        (
                            "NUMBER_TYPE_MIN",
                            f"Int value should be greater than or equal to {floor}.",
                        ),
                    )
                elif value > MAX_TEXT_LENGTH:
                    errors.add(
                        (*path, key),
                        (
                            "NUMBER_TYPE_MAX",
                            f"Int value should be less than or equal to {MAX_TEXT_LENGTH}.",
                        ),
                    )
        if low is not None and high is not None and low > high:
            errors.add((*path, high_key), MIN_ABOVE_MAX)


def _check_options(options: list[JSON], path: Path, errors: _Errors, parent: int) -> None:
    """``parent`` is TOP_LEVEL for a command's own options, else the nesting option's type."""
    if len(options) > MAX_OPTIONS:
        errors.add(path, TOO_MANY_OPTIONS)
    nested = [option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for option in options]
    if parent == TOP_LEVEL and any(nested) and not all(nested):
        for index, is_nested in enumerate(nested):
            if not is_nested:
                errors.add((*path, index, "type"), MIXED_OPTIONS)
    optional_seen = False
    for index, option in enumerate(options):
        if nested[index]:
            continue
        if option.get("required"):
            if optional_seen:
                errors.add((*path, index), REQUIRED_ORDER)
        else:
            optional_seen = True
    _check_unique(options, path, errors, DUPLICATE_OPTION, typed=False)
    for index, option in enumerate(options):
        _check_option(option, (*path, index), errors, parent)


def _check_command(command: JSON, path: Path, errors: _Errors) -> None:
    kind = command.get("type", CHAT_INPUT)
    if kind not in COMMAND_TYPES:
        errors.add((*path, "type"), ("BASE_TYPE_CHOICES", f"Value must be one of {COMMAND_TYPES}."))
        return
    if kind != CHAT_INPUT:
        # Context menus may be mixed case with spaces: only the length is checked.
        name = command.get("name")
        if not isinstance(name, str):
            errors.add((*path, "name"), REQUIRED)
        elif not 1 <= len(name) <= MAX_NAME:
            errors.add((*path, "name"), NAME_LENGTH)
        return
    _check_name(command, path, errors, top_level=True)
    _check_text(
        command, "description", path, errors, length=DESCRIPTION_LENGTH, limit=MAX_DESCRIPTION
    )
    _check_options(list(command.get("options") or []), (*path, "options"), errors, TOP_LEVEL)
    if command_size(command) > COMMAND_SIZE_LIMIT:
        errors.add(path, TOO_LARGE)


@dataclass(frozen=True)
class CommandRefusal:
    """How Discord answers a registration it refuses, and the problems in words."""

    code: int
    message: str
    errors: JSON | None
    problems: list[str]

    def body(self) -> JSON:
        data: JSON = {"code": self.code, "message": self.message}
        if self.errors is not None:
            data["errors"] = self.errors
        return data


def _form_refusal(payload: list[JSON] | JSON, errors: _Errors) -> CommandRefusal | None:
    if not errors.tree:
        return None
    problems = describe_refusal(payload, errors.tree)
    return CommandRefusal(50035, "Invalid Form Body", errors.tree, problems)


def _chat_input_count(commands: Sequence[JSON]) -> int:
    return sum(1 for command in commands if command.get("type", CHAT_INPUT) == CHAT_INPUT)


def bulk_refusal(commands: list[JSON]) -> CommandRefusal | None:
    """Why Discord refuses a bulk overwrite (the whole list, all or nothing), if it does."""
    errors = _Errors()
    if len(commands) > MAX_BULK_COMMANDS:
        errors.add((), ("BASE_TYPE_MAX_LENGTH", f"Must be {MAX_BULK_COMMANDS} or fewer in length."))
    for index, command in enumerate(commands):
        _check_command(command, (index,), errors)
    _check_unique(commands, (), errors, DUPLICATE_COMMAND, typed=True)
    if refusal := _form_refusal(commands, errors):
        return refusal
    if _chat_input_count(commands) > MAX_CHAT_INPUT_COMMANDS:
        return CommandRefusal(MAX_COMMANDS_REACHED, MAX_COMMANDS, None, [MAX_COMMANDS])
    return None


def single_refusal(command: JSON, others: Sequence[JSON]) -> CommandRefusal | None:
    """Why Discord refuses creating or editing one command next to ``others``, if it does.

    ``others`` are the scope's other commands (the one edited left out): a new
    chat-input command may not be the 101st, and an edit may not take a sibling's name.
    """
    errors = _Errors()
    _check_command(command, (), errors)
    kind = command.get("type", CHAT_INPUT)
    same_type = [other for other in others if other.get("type", CHAT_INPUT) == kind]
    siblings = [*same_type, command]
    probe = _Errors()
    _check_unique(siblings, (), probe, DUPLICATE_COMMAND, typed=True)
    if str(len(siblings) - 1) in probe.tree:
        errors.add(("name",), DUPLICATE_COMMAND)
    if refusal := _form_refusal(command, errors):
        return refusal
    if kind == CHAT_INPUT and _chat_input_count(others) >= MAX_CHAT_INPUT_COMMANDS:
        return CommandRefusal(MAX_COMMANDS_REACHED, MAX_COMMANDS, None, [MAX_COMMANDS])
    return None
