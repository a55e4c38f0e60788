"""Every slash command fuzzed through the real command tree and the stand-in.

For each command, Hypothesis draws values for its options from the synced schema
(types, choices, ranges and lengths), a member, a channel and a client language
(English or Portuguese), and types it into a running fight: Hero (alice's), Bandit
(bob's) and two orcs of the GM's, armed, with an orc's hit waiting for Hero's defense,
and two saved sheets. An example is plain (the required options, real names), full
(optional options too) or hostile (mentions of users, roles, @everyone and @here,
markdown, zero-width and right-to-left characters, random text, the longest allowed
strings; with the extreme numbers and odd files for ``/character import`` in every
mode). Options that autocomplete are completed with the drawn text first, and a button
of the answer may be pressed by someone.

Whatever was typed (see :mod:`tests.e2e.invariants`): the bot answers, nothing
escapes its handlers or is logged as an error, no answer is the apology for an
unexpected error, a refusal is ephemeral and in the reader's language, no message
pings @everyone, @here or a role, and the stand-in refuses nothing the bot sent.

Deterministic for CI: ``derandomize=True``, and the dice reseeded from each example.
Every defect found is kept below as a plain regression test.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.standin import StandIn
from bot.standin.commands import (
    ATTACHMENT,
    BOOLEAN,
    INTEGER,
    NUMBER,
    ROLE,
    STRING,
    USER,
    CommandPath,
    find_command,
    leaf_paths,
)
from bot.standin.driver import InteractionResult
from bot.standin.state import Upload
from rules.character import MAX_IMPORT_BYTES, MAX_JSON_DEPTH, export_sheet
from rules.combatant import Combatant

from .invariants import (
    ErrorLog,
    QueuedDice,
    assert_answered_cleanly,
    assert_no_mass_mention,
    assert_standin_content,
    embeds_of,
    is_error_embed,
)

FIGHT = "combat"
EXAMPLES_PER_COMMAND = 10
SEQUENCES = 30
STEPS = 6

# Every command, and the scene it is typed into: ``none`` (dice need nothing),
# ``settings`` (the GM role and language reset) or ``fight``.
COMMANDS: dict[str, str] = {
    "roll": "none",
    "check": "none",
    "contest": "none",
    "rules": "none",
    "help": "none",
    "sense vision": "fight",
    "sense hearing": "fight",
    "sense smell": "fight",
    "sense special": "fight",
    "settings show": "settings",
    "settings gm-role": "settings",
    "settings language": "settings",
    "settings rule": "settings",
    "character create": "fight",
    "character show": "fight",
    "character list": "fight",
    "character delete": "fight",
    "character rename": "fight",
    "character export": "fight",
    "character import": "fight",
    "character weapon add": "fight",
    "character weapon remove": "fight",
    "character shield set": "fight",
    "character shield remove": "fight",
    "character armor set": "fight",
    "character trait add": "fight",
    "character trait remove": "fight",
    "character skill add": "fight",
    "character skill remove": "fight",
    "encounter start": "fight",
    "encounter status": "fight",
    "encounter next": "fight",
    "encounter end": "fight",
    "encounter undo": "fight",
    "encounter surprise": "fight",
    "encounter history": "fight",
    "encounter reorder": "fight",
    "combatant add": "fight",
    "combatant list": "fight",
    "combatant show": "fight",
    "combatant remove": "fight",
    "combatant edit": "fight",
    "combatant condition": "fight",
    "combatant weapon add": "fight",
    "combatant weapon remove": "fight",
    "combatant trait add": "fight",
    "combatant trait remove": "fight",
    "combatant skill add": "fight",
    "combatant skill remove": "fight",
    "combatant shield set": "fight",
    "combatant shield remove": "fight",
    "combatant armor set": "fight",
    "attack": "fight",
    "shoot": "fight",
    "throw": "fight",
    "maneuver": "fight",
    "defend": "fight",
    "damage": "fight",
    "explosion blast": "fight",
    "explosion detonate": "fight",
    "explosion throw": "fight",
    "swarm add": "fight",
    "swarm engage": "fight",
    "swarm release": "fight",
    "swarm hit": "fight",
    "fatigue spend": "fight",
    "fatigue recover": "fight",
    "fatigue heart": "fight",
    "fatigue combat": "fight",
    "fatigue hike": "fight",
    "fatigue exertion": "fight",
    "fatigue meals": "fight",
    "fatigue water": "fight",
    "fatigue sleep": "fight",
    "environment fall": "fight",
    "environment falling-object": "fight",
    "environment fire": "fight",
    "environment catch-fire": "fight",
    "environment extinguish": "fight",
    "environment ignite": "fight",
    "environment heat": "fight",
    "environment intense-heat": "fight",
    "environment sunburn": "fight",
    "environment cold": "fight",
    "environment icy-water": "fight",
    "breath hold": "fight",
    "breath air": "fight",
    "breath drown": "fight",
    "breath shed": "fight",
    "breath rescue": "fight",
    **{
        f"close-combat {sub}": "fight"
        for sub in (
            "enter",
            "leave",
            "grapple",
            "grab-weapon",
            "wrest",
            "takedown",
            "pin",
            "choke",
            "break-free",
            "release",
            "slam",
            "trample",
            "horn",
            "draw",
        )
    },
    "fire-area opportunity": "fight",
    "fire-area stray": "fight",
    "fire-area through": "fight",
    "terrain set": "fight",
    "terrain ambush": "fight",
}


@pytest.fixture
def dice() -> QueuedDice:
    return QueuedDice()


@pytest.fixture
def error_log() -> Iterator[ErrorLog]:
    handler = ErrorLog()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


# ----------------------------------------------------------------------------- values

ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]
RIGHT_TO_LEFT = ["\u202e", "\u202b", "\u200f", "\u061c", "שלום", "مرحبا"]
MARKDOWN = [
    "**bold**",
    "__under__",
    "~~gone~~",
    "`code`",
    "```py\nprint(1)\n```",
    "||spoiler||",
    "> quoted",
    "# Heading",
    "-# small",
    "[link](https://example.com)",
    "\\",
    "*",
    "_",
    "|",
    "\n\n",
    "   ",
]
TRICKS = ["%s", "{name}", "{0}", "%(x)s", "'; DROP TABLE encounters; --", "%", "\\%", "🗡️", "👨‍👩‍👧"]

FIGHTERS = ["Hero", "Bandit", "Orc 1", "Orc 2"]
SHEETS = ["Hero Sheet", "Orc Sheet"]
WEAPONS = ["axe", "bow", "knife", "Generic weapon"]
SIDES = ["pc", "npc", "party"]
DICE = ["3d", "3d6", "2d+1", "1d-3", "6dx2", "6d×2", "2d10", "1d+1d6+2", "12", "100d1000"]
DAMAGE = ["sw+2 cut", "thr+1 imp", "1d+1 pi", "2d(2) pi", "3d cr", "1d-1 fat", "2d pi++", "1d pi-"]
DAMAGE += ["3d(0.5) cor", "1d burn", "sw cut", "thr-5 cr", "100d cr", "6dx2 cr", "1d tox"]

# Plain vocabulary (what a player would type) by option name or ``<command> <option>``.
GOOD: dict[str, list[str]] = {
    "attacker": FIGHTERS,
    "target": FIGHTERS,
    "combatant": FIGHTERS,
    "rescuer": FIGHTERS,
    "defender": FIGHTERS,
    "leader": FIGHTERS,
    "other-leader": FIGHTERS,
    "name": FIGHTERS,
    "character": SHEETS,
    "new-name": ["Hero", "Orc 9", "Sheet Two", "Zé"],
    "weapon": WEAPONS,
    "side": SIDES,
    "other-side": SIDES,
    "defense": ["dodge", "block", "none", "retreat", "parry-0", "Dodge", "Esquiva"],
    "dice": DICE,
    "damage": DAMAGE,
    "reach": ["C", "1", "1,2", "C,1", "2"],
    "parry": ["0", "-1", "0F", "0U", "No", "+1"],
    "order": ["Hero, Orc 1, Orc 2, Bandit", "Orc 2,Orc 1,Bandit,Hero"],
    "trigger": ["when the orc moves", "se ele atacar"],
    "label": ["Sneak attack", "Furtividade"],
    "name_a": ["Alice"],
    "name_b": ["Orc"],
    "combatant add name": ["Goblin", "Hero", "Orc", "Zé Ninguém"],
    "encounter start name": ["Bridge", "Emboscada"],
    "character create name": ["Hero Sheet", "Zé", "Sheet Two"],
    "character show name": SHEETS,
    "character delete name": SHEETS,
    "character rename name": SHEETS,
    "character export name": SHEETS,
    "character weapon add weapon": ["mace", "axe"],
    "character weapon remove weapon": ["mace", "axe", "sword"],
    "shield": ["buckler"],
    "defend target": ["Hero"],
    "trait": ["combat_reflexes", "hard_to_kill", "acute_vision", "Combat Reflexes"],
    "explosion blast damage": ["3d cr ex [2d]", "6dx2 cr ex", "1d cr ex", "3d(3) cr ex [1d]"],
    "targets": ["Hero 1m, Orc 1 3m", "Bandit:8", "Orc 2=2, Hero 30m", "Hero:1, hero 2m"],
    "direct": FIGHTERS,
    "smothered-by": FIGHTERS,
    "incidental": ["1d-4", "[1d]", "1d-2"],
    "swarm": ["Rats", "Bats", *FIGHTERS],
    "victim": FIGHTERS,
    "swarm add damage": ["1d cut", "1d-1 pi+", "2d cut", "1 tox"],
    "skill": ["Stealth", "Acrobatics", "Fast-Draw (Sword)", "Judô", "12", "dx", "vision"],
    "skill_a": ["12", "Stealth", "per"],
    "skill_b": ["10", "Stealth", "per"],
    "character_a": [*SHEETS, *FIGHTERS],
    "character_b": [*SHEETS, *FIGHTERS],
    "check character": [*SHEETS, *FIGHTERS],
    "specialization": ["Sword", "Arrow"],
    "flame": ["1d-1", "3d", "1", "2d+2"],
}
# Options a plain example gives although the schema leaves them optional.
TOGETHER: dict[str, tuple[str, ...]] = {"combatant add": ("name", "st", "dx", "iq", "ht")}
# Near misses a player also types: other case, spaces, unknown names, bad expressions.
ODD: dict[str, list[str]] = {
    "fighter": ["hero", " Hero ", "HERO", "orc 2", "Orc", "Orc 3", "Nobody", "Hero Sheet"],
    "dice": ["101d6", "1d1001", "0d6", "1d0", "d6", "3d6+", "-5", "9" * 30, "3dx0", "3d/2"],
    "damage": ["3d", "sw", "sw+2 cut sw+2 cut", "2d(0) pi", "cut", "1d+99999999999 cr"],
    "reach": ["2-3", "0", "99", ",", "C,C", "1,2,3,4,5,6"],
    "parry": ["+99", "-99", "U", "F", "0FU", "No0"],
    "order": ["Hero", ",,,", "Hero, Hero, Orc 1, Orc 2, Bandit", "Orc 1, Orc 2, Bandit"],
    "defense": ["parry-9", "parry-99", "block-1", "Aparar", "x"],
    "trait": ["Reflexos de Combate", "combat reflexes", "COMBAT_REFLEXES", "skill", "karate 12"],
    "skill": ["stealth", "Furtividade", "-3", "999", "Fast-Draw ()", "((", "Visão"],
}
FIGHTER_OPTIONS = {
    "attacker",
    "target",
    "combatant",
    "defender",
    "leader",
    "other-leader",
    "name",
    "rescuer",
    "victim",
}


def good_words(path: CommandPath, option: dict[str, Any]) -> list[str]:
    name = option["name"]
    return GOOD.get(f"{path.qualified_name} {name}") or GOOD.get(name) or ["x", "Zé"]


def odd_words(path: CommandPath, option: dict[str, Any]) -> list[str]:
    name = option["name"]
    key = "fighter" if name in FIGHTER_OPTIONS and path.path[0] != "character" else name
    return ODD.get(key, [])


def fit(text: str, low: int, high: int) -> str:
    """``text`` cut to ``high`` characters and padded to ``low`` (Discord's length checks)."""
    text = text[:high]
    return text + "x" * (low - len(text)) if len(text) < low else text


def mentions(standin: StandIn) -> list[str]:
    guild = standin.guild
    return [
        "@everyone",
        "@here",
        f"<@{standin.user('alice').id}>",
        f"<@!{standin.user('bob').id}>",
        f"<@&{guild.role_named('GM').id}>",
        f"<@&{guild.id}>",
        f"<#{standin.channel(FIGHT).id}>",
        f"<@{standin.world.bot_user.id}>",
    ]


def text_values(
    standin: StandIn, path: CommandPath, option: dict[str, Any], mode: str
) -> st.SearchStrategy[str]:
    """Text for a string option: its plain vocabulary, near misses, or (``hostile``)
    mentions, markdown, invisible and right-to-left characters, random text and the
    longest text allowed."""
    low = max(1, int(option.get("min_length", 1)))
    high = int(option.get("max_length", 200))
    good = good_words(path, option)
    odd = odd_words(path, option) or good
    if mode != "hostile":
        drawn = st.sampled_from(good) if mode == "plain" else st.sampled_from(good + odd)
        return drawn.map(lambda text: fit(text, low, high))
    pieces = good + odd + mentions(standin) + MARKDOWN + TRICKS + ZERO_WIDTH + RIGHT_TO_LEFT
    printable = st.characters(exclude_categories=("Cs",), exclude_characters="\x00")
    hostile = st.one_of(
        st.sampled_from(pieces),
        st.lists(st.sampled_from(pieces), min_size=2, max_size=6).map("".join),
        st.tuples(st.sampled_from(good), st.sampled_from(ZERO_WIDTH + RIGHT_TO_LEFT)).map(
            lambda pair: pair[1] + pair[0] + pair[1]
        ),
        st.text(printable, min_size=1, max_size=high),
        st.sampled_from(pieces).map(lambda piece: (piece * high)[:high]),
        st.text(printable, min_size=high, max_size=high),
    )
    return hostile.map(lambda text: fit(text, low, high))


def number_values(option: dict[str, Any], *, integer: bool) -> st.SearchStrategy[Any]:
    low = option.get("min_value", -(2**53))
    high = option.get("max_value", 2**53)
    edges = sorted({low, high, *(v for v in (0, 1, -1, low + 1, high - 1) if low <= v <= high)})
    if integer:
        return st.one_of(st.sampled_from(edges), st.integers(int(low), int(high)))
    floats = st.floats(float(low), float(high), allow_nan=False, allow_infinity=False)
    return st.one_of(st.sampled_from(edges), floats)


def nested(depth: int) -> bytes:
    return b'{"name": "Deep", "attributes": ' + b"[" * depth + b"]" * depth + b"}"


def sheet_files() -> st.SearchStrategy[Upload]:
    """A valid export, the export with one field changed, any JSON, any bytes, and the
    files that break parsers: empty, a byte-order mark, nesting thousands deep, too big."""
    valid = export_sheet(
        Combatant.create(
            name="Imported",
            attributes={"st": 12, "dx": 12, "ht": 11},
            weapons=[{"name": "mace", "skill": 12, "damage": "sw+2 cr"}],
        )
    )
    data = json.loads(valid)

    def changed(pair: tuple[str, Any]) -> bytes:
        key, value = pair
        return json.dumps({**data, key: value}).encode()

    json_leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False),
        st.text(max_size=300),
    )
    json_values = st.recursive(
        json_leaves,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=12,
    )
    contents = st.one_of(
        st.just(valid.encode()),
        st.tuples(st.sampled_from([*data, "extra"]), json_values).map(changed),
        json_values.map(lambda value: json.dumps(value).encode()),
        st.binary(max_size=300),
        st.sampled_from(
            [
                b"",
                b"\xef\xbb\xbf" + valid.encode(),
                nested(900),
                nested(5_000),
                b"[" * (MAX_IMPORT_BYTES // 2) + b"]" * (MAX_IMPORT_BYTES // 2),
                b" " * (MAX_IMPORT_BYTES + 1),
                b"\xff\xfe{}",
                b"NaN",
                b'{"name": "' + b"x" * 60_000 + b'"}',
            ]
        ),
    )
    names = st.sampled_from(["sheet.json", "Hero.json", "\u202enosj.exe", "a" * 200 + ".json"])
    return st.builds(Upload, names, contents)


def option_values(
    standin: StandIn, path: CommandPath, option: dict[str, Any], mode: str
) -> st.SearchStrategy[Any]:
    """One option's value, as Discord's client would send it."""
    if option.get("choices"):
        return st.sampled_from([choice["value"] for choice in option["choices"]])
    kind = int(option["type"])
    if kind == STRING:
        return text_values(standin, path, option, mode)
    if kind in (INTEGER, NUMBER):
        return number_values(option, integer=kind == INTEGER)
    if kind == BOOLEAN:
        return st.booleans()
    if kind == USER:
        people = [standin.user(name).id for name in ("gm", "alice", "bob", "carol")]
        return st.sampled_from([*people, standin.world.bot_user.id])
    if kind == ROLE:
        return st.sampled_from([role.id for role in standin.guild.roles.values()])
    if kind == ATTACHMENT:
        return sheet_files()
    raise AssertionError(f"no strategy for option type {kind} ({option['name']})")


@st.composite
def invocations(draw: st.DrawFn, standin: StandIn, path: CommandPath) -> dict[str, Any]:
    """The required options (plain), or about half of the optional ones too; a plain or
    full attack strikes someone else."""
    mode = draw(st.sampled_from(["plain", "full", "hostile"]), label="mode")
    together = TOGETHER.get(path.qualified_name, ()) if mode != "hostile" else ()
    values: dict[str, Any] = {}
    for option in path.options:
        name = option["name"]
        if option.get("required") or name in together or (mode != "plain" and draw(st.booleans())):
            values[name] = draw(option_values(standin, path, option, mode))
    if mode != "hostile" and values.get("attacker") == values.get("target") is not None:
        others = [f for f in FIGHTERS if f != values["attacker"]]
        values["target"] = draw(st.sampled_from(others))
    return values


# ----------------------------------------------------------------------------- the scene


@dataclass
class Scene:
    """Whether the last example may have changed the scene (then it is built again)."""

    dirty: bool = True


@pytest.fixture
def scene() -> Scene:
    return Scene()


async def must(pending: Any) -> InteractionResult:
    result: InteractionResult = await pending
    assert result.errors == [], result.errors
    assert result.answered, result
    return result


async def setup_scene(standin: StandIn, dice: QueuedDice, kind: str) -> None:
    """Nothing; the GM role and language reset; or two saved sheets and a fresh fight in
    #combat with an orc's hit waiting for Hero's defense."""
    if kind == "none":
        return
    if kind == "settings":
        gm_role = standin.guild.role_named("GM").id
        await must(standin.slash("settings gm-role", role=gm_role, user="gm"))
        await must(standin.slash("settings language", value="default", user="gm"))
        return
    sheets = {"Hero Sheet": "alice", "Orc Sheet": "gm"}
    for name, owner in sheets.items():
        await must(standin.slash("character delete", name=name, user="gm"))  # refused if none
        await must(
            standin.slash(
                "character create",
                name=name,
                st=11,
                dx=12,
                iq=10,
                ht=11,
                owner=standin.user(owner).id,
                user="gm",
            )
        )
    await must(
        standin.slash(
            "character weapon add",
            character="Hero Sheet",
            weapon="sword",
            skill=13,
            damage="sw+1 cut",
        )
    )
    await must(standin.slash("encounter end", channel=FIGHT))  # refused when none runs
    steps: list[tuple[str, dict[str, Any]]] = [
        ("encounter start", {"name": "Ambush"}),
        (
            "combatant add",
            {
                "name": "Hero",
                "st": 11,
                "dx": 13,
                "iq": 10,
                "ht": 12,
                "parry": 10,
                "block": 9,
                "owner": standin.user("alice").id,
            },
        ),
        ("combatant add", {"name": "Orc", "st": 13, "dx": 11, "iq": 9, "ht": 12, "count": 2}),
        (
            "combatant add",
            {
                "name": "Bandit",
                "st": 10,
                "dx": 12,
                "iq": 10,
                "ht": 10,
                "owner": standin.user("bob").id,
            },
        ),
        (
            "combatant weapon add",
            {"name": "Orc 1", "weapon": "axe", "skill": 12, "damage": "sw+2 cut", "parry": "0U"},
        ),
        (
            "combatant weapon add",
            {
                "name": "Orc 2",
                "weapon": "bow",
                "skill": 12,
                "damage": "1d+2 imp",
                "accuracy": 2,
                "snap-shot": 12,
            },
        ),
        (
            "combatant weapon add",
            {
                "name": "Bandit",
                "weapon": "knife",
                "skill": 12,
                "damage": "thr imp",
                "reach": "C,1",
                "thrown": True,
            },
        ),
    ]
    for command, options in steps:
        await must(standin.slash(command, options, channel=FIGHT))
    dice.queued.extend([3, 3, 4])  # 10 against the axe's 12: a hit, waiting for Hero's defense
    await must(standin.slash("attack", attacker="Orc 1", target="Hero", channel=FIGHT))
    await must(standin.slash("encounter next", channel=FIGHT))


def refused(result: InteractionResult, messages: Messages) -> bool:
    """An ephemeral refusal and nothing else: by design it changed nothing."""
    embeds = embeds_of(result)
    return bool(embeds) and result.ephemeral and all(is_error_embed(e, messages) for e in embeds)


# ----------------------------------------------------------------------------- the tests


async def test_every_command_is_fuzzed(standin: StandIn, bot: GurpsBot) -> None:
    assert sorted(p.qualified_name for p in leaf_paths(standin.commands())) == sorted(COMMANDS)


async def type_one(
    standin: StandIn, path: CommandPath, data: st.DataObject, messages: Messages
) -> bool:
    """Draw and type one command (autocompleting its options first, pressing a button of
    the answer maybe); check every answer; whether it was only refused (changed nothing)."""
    values = data.draw(invocations(standin, path), label=f"/{path.qualified_name}")
    user = data.draw(st.sampled_from(["gm", "gm", "alice", "bob"]), label="user")
    locale = data.draw(st.sampled_from(["en-US", "pt-BR"]), label="locale")
    channels = [FIGHT] * 6 + ["goblin-ambush", "general"]
    channel = data.draw(st.sampled_from(channels), label="channel")
    where = {"user": user, "locale": locale, "channel": channel}

    for option in path.options:
        if option.get("autocomplete") and option["name"] in values:
            completed = await standin.autocomplete_interaction(
                path.path, values, focused=option["name"], **where
            )
            assert_answered_cleanly(completed, messages, locale)

    result = await standin.slash(path.path, values, **where)
    assert_answered_cleanly(result, messages, locale)
    clean = refused(result, messages)

    buttons = [
        item
        for message in result.messages
        if not message.ephemeral
        for item in message.interactive_components()
        if not item.get("disabled")
    ]
    if buttons:
        pressed = data.draw(st.sampled_from(buttons), label="button")
        presser = data.draw(st.sampled_from(["gm", "alice", "bob"]), label="presser")
        clicked = await standin.click(
            result.message, pressed["custom_id"], user=presser, locale=locale
        )
        assert_answered_cleanly(clicked, messages, locale)
        clean = False
    return clean


FUZZ_SETTINGS = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize("command", list(COMMANDS))
@settings(FUZZ_SETTINGS, max_examples=EXAMPLES_PER_COMMAND)
@given(data=st.data())
async def test_any_input_gets_a_clean_answer(  # noqa: PLR0917 - fixtures and the draw
    standin: StandIn,
    bot: GurpsBot,
    dice: QueuedDice,
    messages: Messages,
    error_log: ErrorLog,
    scene: Scene,
    command: str,
    data: st.DataObject,
) -> None:
    path, _ = find_command(standin.commands(), command.split())
    if scene.dirty:
        dice.queued.clear()
        await setup_scene(standin, dice, COMMANDS[command])
        scene.dirty = False
    assert error_log.records == [], error_log.describe()
    dice.reseed(data.draw(st.integers(0, 2**32), label="dice seed"))

    scene.dirty = True
    clean = await type_one(standin, path, data, messages)

    assert error_log.records == [], error_log.describe()
    assert_no_mass_mention(standin)
    assert_standin_content(standin)
    scene.dirty = not clean


@settings(FUZZ_SETTINGS, max_examples=SEQUENCES)
@given(data=st.data())
async def test_any_sequence_gets_clean_answers(  # noqa: PLR0917 - fixtures and the draw
    standin: StandIn,
    bot: GurpsBot,
    dice: QueuedDice,
    messages: Messages,
    error_log: ErrorLog,
    data: st.DataObject,
) -> None:
    """Several commands in a row on one fight: what one stores (a long or hostile name,
    a new side, a weapon, a wound) is what the next one reads, completes and shows."""
    dice.queued.clear()
    await setup_scene(standin, dice, "fight")
    dice.reseed(data.draw(st.integers(0, 2**32), label="dice seed"))
    fight = sorted(name for name, kind in COMMANDS.items() if kind == "fight")
    for _ in range(data.draw(st.integers(2, STEPS), label="steps")):
        command = data.draw(st.sampled_from(fight), label="command")
        path, _ = find_command(standin.commands(), command.split())
        await type_one(standin, path, data, messages)
        assert error_log.records == [], error_log.describe()
    assert_no_mass_mention(standin)
    assert_standin_content(standin)


# ----------------------------------------------------------------------------- found defects


@pytest.mark.parametrize("depth", [900, 5_000])
async def test_a_deeply_nested_file_is_refused_politely(
    standin: StandIn, bot: GurpsBot, messages: Messages, error_log: ErrorLog, depth: int
) -> None:
    """Found by the fuzz: 10 kB of brackets made the JSON decoder overflow its recursion
    limit and the user got the apology for an unexpected error."""
    result = await standin.slash(
        "character import", file=Upload("deep.json", nested(depth)), user="alice", locale="pt-BR"
    )
    assert_answered_cleanly(result, messages, "pt-BR")
    assert result.ephemeral
    assert error_log.records == [], error_log.describe()
    # Both are past the 100 levels a sheet may nest, checked before the decoder runs.
    assert result.embed["description"] == messages.text(
        "character.import_too_deep", "pt-BR", maximum=MAX_JSON_DEPTH
    )
