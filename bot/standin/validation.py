"""The limits Discord enforces on what a bot sends, so a test fails where Discord would.

Each function returns a list of readable problems; an empty list means Discord
would accept the payload. The server answers 400 "Invalid Form Body" otherwise.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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


def _length(value: object) -> int:
    return len(value) if isinstance(value, str) else 0


def _trimmed(value: object) -> int:
    """An embed text's length as Discord counts it: leading and trailing whitespace trimmed."""
    return len(value.strip()) if isinstance(value, str) else 0


def embed_problems(embeds: list[JSON]) -> list[str]:
    """Discord's embed limits, each text measured after trimming its ends; the 6000
    characters count every embed of the message together."""
    problems: list[str] = []
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (at most 10)")
    total = 0
    for index, embed in enumerate(embeds):
        where = f"embeds[{index}]"
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
