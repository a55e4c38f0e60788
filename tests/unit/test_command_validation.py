"""The stand-in refuses command registrations as Discord does, and the refusal reads plainly.

Each test breaks one of Discord's documented limits (Application Commands:
naming, the command, option and choice structures, subcommand nesting,
registering, localization; Reference: locales) and checks both Discord's error
tree (what the bot receives) and the readable line (what ``python -m bot sync``
prints).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.command_sync import COMMAND_SIZE_LIMIT, command_size, describe_refusal, locale_size
from bot.standin.validation import (
    DISCORD_LOCALES,
    MAX_COMMANDS_REACHED,
    CommandRefusal,
    bulk_refusal,
    name_error,
    single_refusal,
)

JSON = dict[str, Any]


def option(name: str, kind: int = 3, **extra: Any) -> JSON:
    return {"type": kind, "name": name, "description": f"The {name}", **extra}


def command(name: str = "roll", *options: JSON, **extra: Any) -> JSON:
    return {"type": 1, "name": name, "description": "Roll dice", "options": list(options), **extra}


def refused(commands: list[JSON]) -> CommandRefusal:
    refusal = bulk_refusal(commands)
    assert refusal is not None, "Discord would refuse this"
    return refusal


def error(code: str, message: str) -> JSON:
    return {"_errors": [{"code": code, "message": message}]}


TOO_MANY = error("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")


def test_a_full_valid_schema_is_accepted() -> None:
    pt = {"pt-BR": "ataque", "en-US": "attack"}
    schema = [
        command(
            "attack",
            option("target", required=True, name_localizations={"pt-BR": "alvo"}),
            option("skill", 4, min_value=3, max_value=30),
            option("budget", 4, min_value=-(2**53) + 1, max_value=2**53 - 1),
            option("weight", 10, min_value=-(2.0**53), max_value=2.0**53),
            option("note", min_length=0, max_length=6000),
            option(
                "location",
                choices=[
                    {"name": "Torso", "value": "torso", "name_localizations": {"pt-BR": "Tronco"}},
                    {"name": "Skull", "value": "skull"},
                ],
            ),
            option("weapon", autocomplete=True),
            name_localizations=pt,
            description_localizations={"pt-BR": "Ataca um alvo"},
        ),
        command(
            "character",
            {
                "type": 2,
                "name": "weapon",
                "description": "Weapons",
                "options": [
                    {
                        "type": 1,
                        "name": "add",
                        "description": "Add one",
                        "options": [
                            option("name", required=True),
                            *(option(f"o{i}") for i in range(24)),
                        ],
                    }
                ],
            },
            {"type": 1, "name": "show", "description": "Show", "options": []},
        ),
        {"type": 2, "name": "Show Sheet"},  # a user command: mixed case and spaces are fine
        command("attack", name_localizations=pt, type=3),  # same name, other type
    ]
    assert bulk_refusal(schema) is None


@pytest.mark.parametrize(
    "name",
    ["roll", "gm-role", "all_out", "configurações", "ação", "ß", "設定", "नमस्ते", "สวัสดี", "x" * 32],
)
def test_valid_names(name: str) -> None:
    # Letters, numbers, - and _, plus the marks of Devanagari and Thai words.
    assert name_error(name) is None


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "BASE_TYPE_BAD_LENGTH"),
        ("x" * 33, "BASE_TYPE_BAD_LENGTH"),
        ("roll dice", "STRING_TYPE_REGEX"),
        ("isn't", "STRING_TYPE_REGEX"),
        ("roll!", "STRING_TYPE_REGEX"),
        ("cafe\u0301", "STRING_TYPE_REGEX"),  # a combining accent is not a letter
        ("Roll", "APPLICATION_COMMAND_INVALID_NAME"),
        ("ATAQUE", "APPLICATION_COMMAND_INVALID_NAME"),
        ("Ação", "APPLICATION_COMMAND_INVALID_NAME"),
    ],
)
def test_invalid_names(name: str, code: str) -> None:
    problem = name_error(name)
    assert problem is not None
    assert problem[0] == code


def test_twenty_six_options_are_refused_on_the_list() -> None:
    options = [option(f"o{i}") for i in range(1, 26)] + [option("wait-order")]
    refusal = refused([command("ok"), command("attack", *options)])
    assert refusal.code == 50035
    assert refusal.message == "Invalid Form Body"
    assert refusal.errors == {"1": {"options": TOO_MANY}}
    assert refusal.problems == [
        "/attack: options (26 given; the 26th is 'wait-order'): Must be 25 or fewer in length."
    ]
    assert bulk_refusal([command("attack", *options[:25])]) is None


def test_twenty_six_options_in_a_subcommand() -> None:
    sub = {
        "type": 1,
        "name": "add",
        "description": "Add",
        "options": [option(f"o{i}") for i in range(26)],
    }
    refusal = refused([command("combatant", sub)])
    assert refusal.errors == {"0": {"options": {"0": {"options": TOO_MANY}}}}
    assert refusal.problems == [
        "/combatant add: options (26 given; the 26th is 'o25'): Must be 25 or fewer in length."
    ]


def test_twenty_six_subcommands() -> None:
    subs = [{"type": 1, "name": f"s{i}", "description": "Sub"} for i in range(26)]
    assert refused([command("big", *subs)]).errors == {"0": {"options": TOO_MANY}}


def test_nesting_stops_at_group_then_subcommand() -> None:
    leaf = {"type": 1, "name": "leaf", "description": "Leaf"}
    inner_group = {"type": 2, "name": "inner", "description": "Inner", "options": [leaf]}
    outer = {"type": 2, "name": "outer", "description": "Outer", "options": [inner_group]}
    refusal = refused([command("deep", outer)])
    assert refusal.errors == {
        "0": {
            "options": {
                "0": {
                    "options": {
                        "0": {
                            "type": error(
                                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                                "A subcommand group can only hold subcommands",
                            )
                        }
                    }
                }
            }
        }
    }
    assert refusal.problems == [
        "/deep outer inner: type: A subcommand group can only hold subcommands"
    ]
    under_sub = {"type": 1, "name": "sub", "description": "Sub", "options": [leaf]}
    assert refused([command("deep", under_sub)]).problems == [
        "/deep sub leaf: type: A subcommand cannot hold subcommands or groups"
    ]
    group_of_options = {"type": 2, "name": "group", "description": "G", "options": [option("x")]}
    assert refused([command("deep", group_of_options)]).problems == [
        "/deep group: option 1 'x': type: A subcommand group can only hold subcommands"
    ]


def test_subcommands_cannot_sit_beside_options() -> None:
    sub = {"type": 1, "name": "show", "description": "Show"}
    assert refused([command("character", sub, option("name"))]).problems == [
        "/character: option 2 'name': type: "
        "Subcommands and subcommand groups cannot be mixed with other options"
    ]


def test_required_options_come_first() -> None:
    refusal = refused([command("roll", option("label"), option("dice", required=True))])
    assert refusal.errors == {
        "0": {
            "options": {
                "1": error(
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
            }
        }
    }
    assert refusal.problems == [
        "/roll: option 2 'dice': Required options must be placed before non-required options"
    ]


def choice(name: str, value: object) -> JSON:
    return {"name": name, "value": value}


def test_choice_limits() -> None:
    many = option("location", choices=[choice(f"c{i}", f"v{i}") for i in range(26)])
    assert refused([command("attack", many)]).problems == [
        "/attack: option 1 'location': choices (26 given; the 26th is 'c25'): "
        "Must be 25 or fewer in length."
    ]
    long_name = option("location", choices=[choice("n" * 101, "v")])
    assert refused([command("attack", long_name)]).problems == [
        f"/attack: option 1 'location': choice 1 {'n' * 101!r}: name (101 characters): "
        "Must be between 1 and 100 in length."
    ]
    long_value = option("location", choices=[choice("Torso", "v" * 101)])
    assert refused([command("attack", long_value)]).problems == [
        "/attack: option 1 'location': choice 1 'Torso': value (101 characters): "
        "Must be between 1 and 100 in length."
    ]
    wrong_type = option("skill", 4, choices=[choice("ten", "10")])
    assert refused([command("attack", wrong_type)]).problems == [
        "/attack: option 1 'skill': choice 1 'ten': value: "
        "The choice's value does not match the option's type"
    ]
    no_choices_here = option("private", 5, choices=[choice("yes", True)])
    assert refused([command("roll", no_choices_here)]).problems == [
        "/roll: option 1 'private': choices: "
        "Choices are only for string, integer and number options"
    ]


def test_choices_and_autocomplete_do_not_mix() -> None:
    both = option("weapon", autocomplete=True, choices=[choice("Axe", "axe")])
    assert refused([command("attack", both)]).problems == [
        "/attack: option 1 'weapon': autocomplete: "
        "Autocomplete cannot be set when choices are present"
    ]
    on_a_user = option("target", 6, autocomplete=True)
    assert refused([command("attack", on_a_user)]).problems == [
        "/attack: option 1 'target': autocomplete: "
        "Autocomplete is only for string, integer and number options"
    ]


@pytest.mark.parametrize(
    ("extra", "kind", "problem"),
    [
        (
            {"min_value": 5, "max_value": 3},
            4,
            "max_value: The minimum cannot be greater than the maximum",
        ),
        (
            {"min_value": 2.5, "max_value": 0.5},
            10,
            "max_value: The minimum cannot be greater than the maximum",
        ),
        (
            {"min_length": 10, "max_length": 2},
            3,
            "max_length: The minimum cannot be greater than the maximum",
        ),
        ({"min_length": 6001}, 3, "min_length: Int value should be less than or equal to 6000."),
        ({"max_length": 6001}, 3, "max_length: Int value should be less than or equal to 6000."),
        ({"max_length": 0}, 3, "max_length: Int value should be greater than or equal to 1."),
        ({"min_length": -1}, 3, "min_length: Int value should be greater than or equal to 0."),
        (
            {"min_length": 1},
            4,
            "min_length: This field cannot be configured for this type of option",
        ),
        ({"max_value": 9}, 3, "max_value: This field cannot be configured for this type of option"),
        (
            {"max_value": 2**53},
            4,
            "max_value: Value should be less than or equal to 9007199254740991.",
        ),
        (
            {"min_value": -(2**53)},
            4,
            "min_value: Value should be greater than or equal to -9007199254740991.",
        ),
        (
            {"max_value": 2.0**53 + 2},
            10,
            "max_value: Value should be less than or equal to 9007199254740992.",
        ),
        ({"min_value": 1.5}, 4, "min_value: The bound does not match the option's type"),
    ],
)
def test_bounds(extra: JSON, kind: int, problem: str) -> None:
    assert refused([command("roll", option("x", kind, **extra))]).problems == [
        f"/roll: option 1 'x': {problem}"
    ]


def test_descriptions_hold_1_to_100_characters_in_every_locale() -> None:
    assert refused([command("roll", description="")]).problems == [
        "/roll: description (0 characters): Must be between 1 and 100 in length."
    ]
    long = "d" * 101
    assert refused([command("roll", option("dice", description=long))]).problems == [
        "/roll: option 1 'dice': description (101 characters): Must be between 1 and 100 in length."
    ]
    localized = option("dice", description_localizations={"pt-BR": long})
    assert refused([command("roll", localized)]).errors == {
        "0": {
            "options": {
                "0": {
                    "description_localizations": {
                        "pt-BR": error(
                            "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
                        )
                    }
                }
            }
        }
    }
    missing = {"type": 1, "name": "roll"}
    assert refused([missing]).problems == ["/roll: description: This field is required"]


def test_names_and_their_localizations() -> None:
    assert refused([command("Roll")]).problems == ["/Roll: name: Command name is invalid"]
    assert refused([command("roll", option("x" * 33))]).problems == [
        f"/roll: option 1 {'x' * 33!r}: name (33 characters): Must be between 1 and 32 in length."
    ]
    # A command's own localized names are reported on the whole map (as Discord does) ...
    assert refused([command("roll", name_localizations={"pt-BR": "Rolar"})]).errors == {
        "0": {
            "name_localizations": error(
                "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
            )
        }
    }
    # ... an option's under their locale.
    spaced = option("dice", name_localizations={"pt-BR": "os dados"})
    assert refused([command("roll", spaced)]).problems == [
        "/roll: option 1 'dice': pt-BR name 'os dados': "
        "String value did not match validation regex."
    ]


def test_localization_keys_are_discord_locales() -> None:
    refusal = refused(
        [command("roll", option("dice", description_localizations={"pt_BR": "Dados"}))]
    )
    entry = refusal.errors["0"]["options"]["0"]["description_localizations"]["pt_BR"]["_errors"][0]
    assert entry["code"] == "BASE_TYPE_CHOICES"
    assert "'pt-BR'" in entry["message"]
    assert refusal.problems[0].startswith(
        "/roll: option 1 'dice': pt_BR description: Value must be one of ("
    )
    assert len(DISCORD_LOCALES) == 32
    everywhere = dict.fromkeys(DISCORD_LOCALES, "dados")
    assert bulk_refusal([command("roll", option("dice", name_localizations=everywhere))]) is None


def test_option_names_unique_in_every_locale() -> None:
    duplicate = refused([command("roll", option("dice"), option("dice"))])
    assert duplicate.problems == [
        "/roll: option 2 'dice': name: "
        "Option names must be unique within a command, in every locale"
    ]
    # A localized name may not repeat a sibling's default name ...
    clash = option("label", name_localizations={"pt-BR": "dice"})
    assert refused([command("roll", option("dice"), clash)]).problems == [
        "/roll: option 2 'label': pt-BR name 'dice': "
        "Option names must be unique within a command, in every locale"
    ]
    # ... nor a sibling's name in the same locale.
    first = option("dice", name_localizations={"pt-BR": "dados"})
    second = option("amount", name_localizations={"pt-BR": "dados"})
    assert refused([command("roll", first, second)]).problems == [
        "/roll: option 2 'amount': pt-BR name 'dados': "
        "Option names must be unique within a command, in every locale"
    ]
    # The same localized text in two locales, or siblings in different subcommands, is fine.
    fine = option("amount", name_localizations={"pt-BR": "quantia", "es-ES": "dados"})
    assert bulk_refusal([command("roll", first, fine)]) is None


def test_command_names_unique_per_type() -> None:
    refusal = refused([command("roll"), command("check"), command("roll")])
    assert refusal.errors == {
        "2": error(
            "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
        )
    }
    assert refusal.problems == ["/roll: Application command names must be unique"]
    localized = command("check", name_localizations={"pt-BR": "rolar"})
    assert refused(
        [command("roll", name_localizations={"pt-BR": "rolar"}), localized]
    ).problems == ["/check: pt-BR name 'rolar': Application command names must be unique"]


def sized(descriptions: int, *, pt_extra: int = 0) -> JSON:
    """A command of 3 subcommands x 25 options whose size is known exactly."""
    subs = []
    for s in range(3):
        options = [
            option(
                f"o{s}{i:02d}",
                description="d" * descriptions,
                description_localizations={"pt-BR": "p" * min(100, descriptions + pt_extra)},
            )
            for i in range(25)
        ]
        subs.append({"type": 1, "name": f"s{s}", "description": "Sub", "options": options})
    return command("big", *subs)


def test_command_size_counts_each_field_at_its_longest_localization() -> None:
    # name 3 + description 9, per subcommand 2 + 3, per option 4 + description.
    assert command_size(sized(80)) == 3 + 9 + 3 * (5 + 25 * (4 + 80))
    assert command_size(sized(80, pt_extra=20)) == 3 + 9 + 3 * (5 + 25 * (4 + 100))
    assert locale_size(sized(80, pt_extra=20), "en-US") == command_size(sized(80))
    choices = option(
        "x",
        choices=[{"name": "Torso", "value": "torso", "name_localizations": {"pt-BR": "Tronco"}}],
    )
    assert command_size(choices) == 1 + 5 + 6 + 5
    assert command_size(option("n", 4, choices=[choice("ten", 10)])) == 1 + 5 + 3


def test_command_size_limit() -> None:
    big = sized(100)
    assert command_size(big) == 7827
    extra = {
        "type": 1,
        "name": "s3",
        "description": "Sub",
        "options": [option("o300", description="d" * 100), option("o301", description="d" * 60)],
    }
    at_limit = command("big", *big["options"], extra)
    assert command_size(at_limit) == COMMAND_SIZE_LIMIT
    assert bulk_refusal([at_limit]) is None
    extra["options"][1]["description"] += "d"
    refusal = refused([command("roll"), at_limit])
    assert refusal.errors == {
        "1": error("APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (8000)")
    }
    assert refusal.problems == ["/big: 8001 characters: Command exceeds maximum size (8000)"]


def test_a_localization_alone_can_make_a_command_too_large() -> None:
    english = sized(100)
    english["options"][0]["options"][0]["description"] = "d" * 60
    base = command_size(english)
    portuguese = sized(100)
    portuguese["options"][0]["options"][0]["description"] = "d" * 60
    portuguese["name_localizations"] = {"pt-BR": "b" * (3 + COMMAND_SIZE_LIMIT - base + 1)}
    assert bulk_refusal([english]) is None
    refusal = bulk_refusal([portuguese])
    assert refusal is not None
    assert refusal.errors is not None
    assert refusal.errors["0"]["_errors"][0]["code"] == "APPLICATION_COMMAND_TOO_LARGE"


def test_at_most_100_chat_input_commands_per_scope() -> None:
    hundred = [command(f"c{i}") for i in range(100)]
    menus = [{"type": 2, "name": f"User {i}"} for i in range(5)]
    assert bulk_refusal([*hundred, *menus]) is None
    refusal = refused([*hundred, command("one-more")])
    assert (refusal.code, refusal.message, refusal.errors) == (
        MAX_COMMANDS_REACHED,
        "Maximum number of application commands reached (100)",
        None,
    )
    assert refusal.body() == {
        "code": 30032,
        "message": "Maximum number of application commands reached (100)",
    }
    too_long = [*hundred, *({"type": 2, "name": f"U{i}"} for i in range(31))]
    refusal = refused(too_long)
    assert refusal.errors == {
        "_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 130 or fewer in length."}]
    }
    assert refusal.problems == [
        "commands (131 given; the 131st is 'U30'): Must be 130 or fewer in length."
    ]


def test_one_command_at_a_time() -> None:
    scope = [command(f"c{i}") for i in range(99)]
    assert single_refusal(command("new"), scope) is None
    full = single_refusal(command("new"), [*scope, command("c99")])
    assert full is not None
    assert full.code == MAX_COMMANDS_REACHED
    # The errors of one command sit at the root, not under an index.
    bad = single_refusal(command("roll", option("Dice")), scope)
    assert bad is not None
    assert bad.errors == {
        "options": {
            "0": {"name": error("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")}
        }
    }
    assert bad.problems == ["/roll: option 1 'Dice': name: Command name is invalid"]
    renamed = single_refusal(command("c1"), scope)
    assert renamed is not None
    assert renamed.problems == ["/c1: name: Application command names must be unique"]


def test_describe_refusal_reads_discord_answers() -> None:
    payload = [command("roll", option("dice", required=True), option("label"))]
    answer = {
        "0": {
            "options": {
                "1": {
                    "description": error(
                        "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
                    )
                }
            }
        }
    }
    assert describe_refusal(payload, answer) == [
        "/roll: option 2 'label': description (9 characters): Must be between 1 and 100 in length."
    ]
    too_large = {
        "_errors": [
            {
                "code": "APPLICATION_COMMAND_TOO_LARGE",
                "message": "Command exceeds maximum size (8000)",
            }
        ]
    }
    assert describe_refusal(payload[0], too_large) == [
        "/roll: 39 characters: Command exceeds maximum size (8000)"
    ]
    # An index Discord names that the payload lacks is still shown.
    assert describe_refusal(payload, {"7": {"name": error("X", "Bad")}}) == [
        "commands: 7: name: Bad"
    ]
