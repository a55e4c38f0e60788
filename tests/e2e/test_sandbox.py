"""The terminal sandbox: parsing from the synced schema, scripted transcripts, a real terminal."""

from __future__ import annotations

import asyncio
import io
import os
import pty
import select
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import GurpsBot
from bot.i18n import Messages
from bot.sandbox import Sandbox, SandboxInputError, parse_command_line, run_sandbox
from bot.standin import StandIn, running
from rules.roller import ScriptedDice

from .plain_bot import PlainBot

SCHEMA = [
    {
        "name": "combatant",
        "type": 1,
        "description": "Combatants",
        "name_localizations": {"pt-BR": "combatente"},
        "options": [
            {
                "name": "add",
                "type": 1,
                "description": "Add one",
                "name_localizations": {"pt-BR": "adicionar"},
                "options": [
                    {
                        "name": "name",
                        "type": 3,
                        "required": True,
                        "description": "Name",
                        "name_localizations": {"pt-BR": "nome"},
                    },
                    {"name": "st", "type": 4, "description": "ST"},
                    {"name": "notes", "type": 3, "description": "Notes"},
                ],
            }
        ],
    },
    {
        "name": "roll",
        "type": 1,
        "description": "Roll",
        "options": [
            {"name": "dice", "type": 3, "required": True, "description": "Dice"},
            {"name": "label", "type": 3, "description": "Label"},
        ],
    },
]


def test_values_run_until_the_next_option_name() -> None:
    path, values = parse_command_line(SCHEMA, "/combatant add name:Big Orc st:12 notes:has a club")
    assert path.path == ("combatant", "add")
    assert values == {"name": "Big Orc", "st": "12", "notes": "has a club"}


def test_quotes_keep_option_names_inside_a_value() -> None:
    _, values = parse_command_line(SCHEMA, '/roll dice:3d label:"st:12 vs dx:11"')
    assert values == {"dice": "3d", "label": "st:12 vs dx:11"}


def test_localized_names_are_understood() -> None:
    path, values = parse_command_line(SCHEMA, "/combatente adicionar nome:Orc", "pt-BR")
    assert path.path == ("combatant", "add")
    assert values == {"name": "Orc"}


def test_a_bare_value_fills_the_first_required_option() -> None:
    _, values = parse_command_line(SCHEMA, "/roll 2d+1 label:Axe")
    assert values == {"dice": "2d+1", "label": "Axe"}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/fly", "unknown command"),
        ("/combatant", "/combatant needs a subcommand: add"),
        ("/combatant remove name:Orc", "/combatant needs a subcommand: add"),
        ("/roll dice:3d dice:2d", "given twice"),
        ("roll dice:3d", "start with /"),
    ],
)
def test_lines_that_cannot_be_sent(line: str, message: str) -> None:
    with pytest.raises(SandboxInputError, match=message):
        parse_command_line(SCHEMA, line)


async def test_script_transcript_with_the_real_bot(tmp_path: Path) -> None:
    out = io.StringIO()
    dice = ScriptedDice([4, 2, 6, 1, 1, 2, 1, 1, 2])
    script = [
        "# a comment line is skipped",
        "/roll dice:3d+2 label:Axe swing",
        "/check skill:12",
        "/roll dice:3x",
        "/roll dice:3d bogus:1",
        ":as alice",
        "/settings show",
        ":locale pt-BR",
        "/check skill:12 private:true",
        ":quit",
        "/roll dice:3d",
    ]
    code = await run_sandbox(
        database=tmp_path / "sandbox.sqlite3", dice=dice, lines=script, out=out
    )
    assert code == 0
    transcript = out.getvalue()
    text = Messages.load().text
    lines = transcript.splitlines()
    assert "gm@#general> /roll dice:3d+2 label:Axe swing" in lines
    assert (
        f"  ┃ {text('roll.dice.title_label', 'en', label='Axe swing', expression='3d+2')}" in lines
    )
    assert f"  ┃ {text('roll.dice.total', 'en')}: 14" in lines
    assert (
        f"  ┃ {text('roll.check.result', 'en')}: {text('roll.outcome.critical_success', 'en')}"
        in lines
    )
    assert (
        "! /roll has no option 'bogus' (options: dice, label, private); "
        "quote a value that contains a colon"
    ) in lines
    assert "(now typing as Alice)" in lines
    assert "GURPS Combat (/settings by alice; only you can see this):" in lines
    assert f"  ┃ {text('core.error.not_gm', 'en')}" in lines
    assert "alice@#general [pt-BR]> /check skill:12 private:true" in lines
    assert f"  ┃ {text('roll.check.title', 'pt-BR')}" in lines
    assert "GURPS Combat (/check by alice; only you can see this):" in lines
    assert lines.count(f"  ┃ {text('core.error.title', 'en')}") == 2
    assert "gm@#general> /roll dice:3d" not in lines  # after :quit
    assert lines[-1] == "(stopping the bot)"
    assert dice.remaining == 0


@pytest.fixture
async def plain_sandbox(standin: StandIn) -> AsyncIterator[tuple[Sandbox, list[str]]]:
    written: list[str] = []
    async with running(PlainBot(standin.guild.id), standin):
        yield Sandbox(standin, write=written.append), written


async def test_buttons_by_number_and_label_and_modals(
    plain_sandbox: tuple[Sandbox, list[str]],
) -> None:
    sandbox, written = plain_sandbox
    await sandbox.execute("/counter")
    assert written == [
        "GURPS Combat (/counter by gm):",
        "  count 0",
        "  [1 Plus] [2 Ask] [3 Off (disabled)]",
    ]
    written.clear()
    await sandbox.execute(":as bob")
    await sandbox.execute(":click 1")
    assert written[1:] == [
        "GURPS Combat (/counter by gm; edited):",
        "  count 1",
        "  [1 Plus] [2 Ask] [3 Off (disabled)]",
    ]
    written.clear()
    await sandbox.execute(":click plus")
    assert written[1] == "  count 2"
    written.clear()
    await sandbox.execute(":click 3")
    assert written == ["! component 'Off' is disabled"]
    written.clear()
    await sandbox.execute(":click Ask")
    assert written == [
        "┌ form: Who are you?",
        "│ Name (required)",
        "└ answer with :submit Label=value ...",
    ]
    written.clear()
    await sandbox.execute(":submit Name=Bob")
    assert written == ["GURPS Combat (only you can see this):", "  hello Bob"]


async def test_deferred_replies_show_their_final_state(
    plain_sandbox: tuple[Sandbox, list[str]],
) -> None:
    sandbox, written = plain_sandbox
    await sandbox.execute("/slow")
    assert written == [
        "GURPS Combat (/slow by gm):",
        "  done thinking (edited)",
        "GURPS Combat (/slow by gm; only you can see this):",
        "  and one more",
    ]


async def test_tab_completion_comes_from_the_schema_and_the_bot(
    plain_sandbox: tuple[Sandbox, list[str]],
) -> None:
    sandbox, _ = plain_sandbox
    loop = asyncio.get_running_loop()
    assert sandbox.completions("/e") == ["/echo"]
    assert sandbox.completions("/party ") == ["greet"]
    assert sandbox.completions("/party greet who:b") == ["who:bob"]
    assert sandbox.completions("/echo text:hi ") == ["secret:", "times:"]
    assert sandbox.completions("/echo text:hi secret:t") == ["secret:true"]
    assert sandbox.completions("/mode mode:") == ["mode:Quick", "mode:Regular"]
    assert sandbox.completions(":lo") == [":locale"]
    assert sandbox.completions(":as c") == ["carol"]
    asked = await asyncio.to_thread(sandbox.completions, "/fruit name:ap", loop)
    assert asked == ["name:apple", "name:apricot"]


def _read_until(fd: int, marker: bytes, deadline: float) -> bytes:
    """Read the terminal until ``marker`` shows up (select with a deadline, no sleeps)."""
    seen = b""
    while marker not in seen:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(
                f"{marker!r} never appeared; the terminal showed:\n{seen.decode()}"
            )
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


def test_a_real_terminal_session(tmp_path: Path) -> None:
    """The sandbox in a pseudo-terminal it controls: Tab completes, Enter runs, Ctrl-C quits."""
    env = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DEV_GUILD_ID"}}
    env["TERM"] = "dumb"
    argv = [sys.executable, "-m", "bot", "sandbox", "--database", str(tmp_path / "t.sqlite3")]
    pid, controller = pty.fork()
    if pid == 0:  # the child: the terminal is its controlling tty
        try:
            os.chdir(tmp_path)
            os.execve(sys.executable, [*argv, "--seed", "7"], env)
        finally:
            os._exit(127)
    deadline = time.monotonic() + 60
    try:
        _read_until(controller, b"gm@#general> ", deadline)
        os.write(controller, b"/che\t")
        _read_until(controller, b"/check ", deadline)
        os.write(controller, b"sk\t")
        _read_until(controller, b"skill:", deadline)
        os.write(controller, b"12\r")
        reply = _read_until(controller, b"gm@#general> ", deadline)
        title = Messages.load().text("roll.check.title", "en")
        assert title.encode() in reply
        assert b"GURPS Combat (/check by gm):" in reply
        os.write(controller, b"\x03")  # Ctrl-C
        _read_until(controller, b"(stopping the bot)", deadline)
        _, status = os.waitpid(pid, 0)
        pid = 0
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(controller)


async def test_an_encounter_script_with_mentions_shown_as_names(tmp_path: Path) -> None:
    out = io.StringIO()
    script = [
        "/encounter start name:Goblin ambush",
        "/combatant add name:Orc st:12 dx:11 iq:9 ht:12",
        "/combatant add name:Alice st:10 dx:13 iq:10 ht:11 owner:alice",
        "/encounter status",
        ":as alice",
        "/encounter end",
        ":quit",
    ]
    code = await run_sandbox(
        database=tmp_path / "fight.sqlite3", dice=ScriptedDice([]), lines=script, out=out
    )
    assert code == 0
    transcript = out.getvalue()
    lines = transcript.splitlines()
    text = Messages.load().text
    assert f"  ┃ {text('encounter.started.title', 'en', name='Goblin ambush')}" in lines
    assert "GM: @Game Master." in transcript
    assert "<@" not in transcript
    status = lines.index("gm@#general> /encounter status")
    shown = "\n".join(lines[status : status + 8])
    assert "Orc" in shown
    assert "Alice" in shown
    assert "@Alice" in shown
    refused = lines.index("alice@#general> /encounter end")
    assert lines[refused + 1] == "GURPS Combat (/encounter by alice; only you can see this):"
    assert f"  ┃ {text('encounter.error.not_gm', 'en')}" in lines[refused + 1 :]


async def test_autocomplete_from_the_real_bot_while_typing(
    standin: StandIn, bot: GurpsBot, dice: ScriptedDice
) -> None:
    written: list[str] = []
    sandbox = Sandbox(standin, write=written.append)
    await sandbox.execute("/encounter start name:Ambush")
    await sandbox.execute("/combatant add name:Orc st:12 dx:11 iq:9 ht:12")
    await sandbox.execute("/combatant add name:Ogre st:20 dx:10 iq:7 ht:14")
    loop = asyncio.get_running_loop()
    names = await asyncio.to_thread(sandbox.completions, "/combatant show name:O", loop)
    assert names == ["name:Ogre", "name:Orc"]
    assert sandbox.completions("/combatant sh") == ["shield", "show"]
    # Choice names with spaces ("Quick contest") complete to their values.
    assert sandbox.completions("/contest skill_a:1 skill_b:2 kind:") == [
        "kind:quick",
        "kind:regular",
    ]
    assert not [line for line in written if line.startswith("!")]
    # A Portuguese client sees and types the Portuguese names.
    await sandbox.execute(":locale pt-BR")
    text = bot.messages.text
    roll = text("roll.cmd.roll.name", "pt-BR")
    dice_name = text("roll.cmd.roll.dice.name", "pt-BR")
    assert roll != "roll"
    assert f"/{roll}" in sandbox.completions(f"/{roll[:3]}")
    assert sandbox.completions(f"/{roll} {dice_name[:2]}") == [f"{dice_name}:"]
    written.clear()
    dice.extend([1, 2, 3])
    await sandbox.execute(f"/{roll} {dice_name}:3d")
    assert written[0] == "GURPS Combat (/roll by gm):"


async def test_a_scripted_fight_survives_a_restart_before_the_defense(tmp_path: Path) -> None:
    out = io.StringIO()
    # To hit: 1+6+5 = 12 against skill 12 (a hit); Alice's parry: 2+3+3 = 8 against 9.
    dice = ScriptedDice([1, 6, 5, 2, 3, 3])
    script = [
        "/encounter start name:Goblin ambush",
        "/combatant add name:Orc st:12 dx:11 iq:9 ht:12",
        "/combatant add name:Alice st:10 dx:13 iq:10 ht:11 owner:alice parry:9",
        "/encounter next",
        "/encounter next",
        "/attack attacker:Orc target:Alice skill:12 damage:2d+1 cut",
        ":restart",
        ":as alice",
        ":last",
        ":click Parry",
        "/encounter status",
        ":quit",
    ]
    code = await run_sandbox(database=tmp_path / "fight.sqlite3", dice=dice, lines=script, out=out)
    assert code == 0
    lines = out.getvalue().splitlines()
    text = Messages.load().text
    attack = lines.index("gm@#general> /attack attacker:Orc target:Alice skill:12 damage:2d+1 cut")
    prompt = text("attack.prompt", "en", mention="@Alice", target="Alice")
    assert lines[attack + 2] == f"  {prompt}"
    assert lines[attack + 3] == f"  ┃ {text('attack.title', 'en', attacker='Orc', target='Alice')}"
    buttons = [
        text("defend.button.dodge", "en", value=9),
        text("defend.button.parry", "en", value=9, weapon="weapon"),
    ]
    row = next(line for line in lines[attack:] if line.startswith("  [1 "))
    assert row.startswith(f"  [1 {buttons[0]}] [2 {buttons[1]}]")
    restarted = lines.index("gm@#general> :restart")
    assert lines[restarted + 1 : restarted + 3] == [
        "(restarting the bot on the same database)",
        "(the bot is back)",
    ]
    shown_again = lines.index("alice@#general> :last")
    assert lines[shown_again + 1] == "GURPS Combat (/attack by gm):"
    clicked = lines.index("alice@#general> :click Parry")
    assert lines[clicked + 1] == "GURPS Combat (/attack by gm; edited):"
    defended = text("defend.title", "en", target="Alice", attacker="Orc")
    assert f"  ┃ {defended}" in lines[clicked:]
    status = lines.index("alice@#general> /encounter status")
    assert any("Alice" in line and "HP ▰▰▰▰▰ 10/10" in line for line in lines[status:])
    assert lines[-1] == "(stopping the bot)"
    assert dice.remaining == 0


async def test_selects_channels_and_other_meta_commands(
    plain_sandbox: tuple[Sandbox, list[str]],
) -> None:
    sandbox, written = plain_sandbox
    await sandbox.execute(":channel combat")
    await sandbox.execute("/pick")
    assert written == [
        "(now in #combat)",
        "GURPS Combat (/pick by gm):",
        "  pick",
        "  [1 ▾ Foes: Orc | Goblin]",
        "  [2 ▾ Ally]",
    ]
    written.clear()
    await sandbox.execute(":pick 1 Orc Goblin")
    assert written == ["GURPS Combat:", "  foes: orc,goblin"]
    written.clear()
    await sandbox.execute(":pick 2 carol")
    assert written == ["GURPS Combat:", "  ally: Carol"]
    assert sandbox.standin.last_message("combat").content == "ally: Carol"
    written.clear()
    await sandbox.execute(":pick 3 carol")
    assert written == ["! there is no button 3 in the last reply"]
    written.clear()
    await sandbox.execute(":who")
    assert written == [
        "  gm: Game Master (GM) ← typing",
        "  alice: Alice",
        "  bob: Bob",
        "  carol: Carol",
    ]
    written.clear()
    for line in (":locale fr", ":as nobody", ":dance", "hello", ":submit Name=x"):
        await sandbox.execute(line)
    assert written == [
        "! unknown locale 'fr' (try en-US, en-GB, pt-BR)",
        "! no user 'nobody'; known: ['GURPS Combat', 'gm', 'alice', 'bob', 'carol']",
        "! unknown command :dance (try :help)",
        "! type a slash command (/roll dice:3d6) or a :command (:help)",
        "! no modal is open",
    ]
    assert sandbox.prompt == "gm@#combat> "
    written.clear()
    await sandbox.execute(":help")
    assert written[0].splitlines()[0].startswith("/roll dice:3d6 label:Sneak attack")
    assert await sandbox.execute(":quit") is False


@pytest.mark.parametrize("ending", [[":quit"], []], ids=["quit", "end-of-script"])
async def test_files_the_bot_sent_are_deleted_when_the_sandbox_stops(
    tmp_path: Path, ending: list[str]
) -> None:
    out = io.StringIO()
    script = [
        "/character create name:Ana st:10 dx:12 iq:10 ht:11",
        "/character export name:Ana",
        *ending,
    ]
    code = await run_sandbox(
        database=tmp_path / "files.sqlite3", dice=ScriptedDice([]), lines=script, out=out
    )
    assert code == 0
    (shown,) = [line for line in out.getvalue().splitlines() if line.startswith("  📎 ")]
    path = Path(shown.removeprefix("  📎 "))
    assert path.name == "Ana.json"
    folder = path.parent.parent
    assert folder.name.startswith("gurps-sandbox-")
    assert not await asyncio.to_thread(path.exists)
    assert not await asyncio.to_thread(folder.exists)


async def test_close_deletes_only_the_sandboxs_own_folder(
    standin: StandIn, bot: GurpsBot, tmp_path: Path
) -> None:
    del bot  # the real bot answers the commands
    chosen = tmp_path / "kept"
    await asyncio.to_thread(chosen.mkdir)
    kept = Sandbox(standin, write=lambda _: None)
    kept.downloads = chosen
    own = Sandbox(standin, write=lambda _: None)
    await kept.execute("/character create name:Ana st:10 dx:12 iq:10 ht:11")
    for sandbox in (kept, own):
        await sandbox.execute("/character export name:Ana")
    (exported,) = await asyncio.to_thread(lambda: list(chosen.glob("*/Ana.json")))
    temporary = own.downloads
    assert temporary is not None
    found = await asyncio.to_thread(lambda: [p.name for p in temporary.glob("*/*")])
    assert found == ["Ana.json"]
    for sandbox in (kept, own):
        sandbox.close()
        sandbox.close()  # twice is harmless
    assert await asyncio.to_thread(exported.exists)
    assert kept.downloads == chosen
    assert not await asyncio.to_thread(temporary.exists)
    assert own.downloads is None


async def test_help_says_where_files_go_and_when_they_are_deleted(
    plain_sandbox: tuple[Sandbox, list[str]],
) -> None:
    sandbox, written = plain_sandbox
    await sandbox.execute(":help")
    (text,) = written
    assert "ready for an option such as file:<path>" in text
    assert "The folder is deleted when the\nsandbox stops" in text


async def test_an_ambiguous_click_names_the_buttons_it_could_mean(tmp_path: Path) -> None:
    out = io.StringIO()
    dice = ScriptedDice([1, 6, 5])  # 12 against skill 12: a hit
    script = [
        "/encounter start",
        "/combatant add name:Orc st:12 dx:11 iq:9 ht:12",
        "/combatant add name:Alice st:10 dx:13 iq:10 ht:11 owner:alice parry:9",
        "/combatant weapon add name:Alice weapon:dagger skill:12 damage:thr-1 imp",
        "/attack attacker:Orc target:Alice skill:12 damage:2d+1 cut",
        ":as alice",
        ":click Parry",
        ":quit",
    ]
    code = await run_sandbox(database=tmp_path / "fight.sqlite3", dice=dice, lines=script, out=out)
    assert code == 0
    lines = out.getvalue().splitlines()
    clicked = lines.index("alice@#general> :click Parry")
    assert lines[clicked + 1] == (
        "! several buttons start with 'Parry': 2 Parry 9 (weapon), 3 Parry 9 (dagger); "
        "type more of the label or its number"
    )
