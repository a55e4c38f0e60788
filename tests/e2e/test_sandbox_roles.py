"""The sandbox's ``:role`` line: a member given the server's GM role (``/settings gm-role``)
may use GM commands, and loses them with the role."""

from __future__ import annotations

import io
from pathlib import Path

from bot.i18n import Messages
from bot.sandbox import run_sandbox
from rules.roller import ScriptedDice


async def test_a_gm_role_given_in_the_sandbox_makes_a_gm(tmp_path: Path) -> None:
    out = io.StringIO()
    script = [
        "/settings gm-role role:Referee",
        ":role bob Referee",
        "/settings gm-role role:Referee",
        ":as bob",
        "/settings show",
        ":as gm",
        ":role bob -Referee",
        ":as bob",
        "/settings show",
        ":role bob -Nobody",
        ":role bob",
        ":who",
        ":help",
        ":quit",
    ]
    code = await run_sandbox(
        database=tmp_path / "roles.sqlite3", dice=ScriptedDice([]), lines=script, out=out
    )
    assert code == 0
    lines = out.getvalue().splitlines()
    text = Messages.load().text
    refusal = f"  ┃ {text('core.error.not_gm', 'en')}"
    # The role does not exist yet: the stand-in cannot offer it, as Discord could not.
    first = lines.index("gm@#general> /settings gm-role role:Referee")
    assert lines[first + 1].startswith("! ")
    assert "(Bob now has the role Referee)" in lines
    second = lines.index("gm@#general> /settings gm-role role:Referee", first + 1)
    assert lines[second + 1].startswith("GURPS Combat (/settings by gm; only you can see this):")
    shows = [i for i, line in enumerate(lines) if line == "bob@#general> /settings show"]
    assert len(shows) == 2
    allowed = "\n".join(lines[shows[0] : shows[0] + 6])
    assert refusal not in allowed
    assert "@Referee" in allowed
    assert "(Bob no longer has the role Referee)" in lines
    assert refusal in lines[shows[1] : shows[1] + 4]
    assert "! no role named 'Nobody' in guild 'Sandbox Table'" in lines
    assert "! usage: :role MEMBER ROLE (or -ROLE to take it away)" in lines
    assert "  bob: Bob ← typing" in lines
    assert any(line.startswith(":role alice GM | :role alice -GM") for line in lines)
