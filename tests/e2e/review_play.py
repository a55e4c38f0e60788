"""Play a sandbox script in-process with seeded dice and read the transcript back.

The review tests (``test_review_*.py``) keep whole fights as they would be typed in
Discord: each runs the sandbox on a script with a fixed seed, then looks up the bot's
answer to a typed line and checks its exact lines.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from bot.sandbox import run_sandbox
from rules.roller import RandomDice

PROMPT = re.compile(r"^[\w-]+@#[\w-]+(?: \[[\w-]+\])?> (.*)$")
"""A typed line in the transcript: ``gm@#general> /encounter next`` (``gm@#general [pt-BR]>``
in another language)."""


@dataclass(frozen=True)
class Transcript:
    lines: list[str]

    def replies(self, typed: str) -> list[list[str]]:
        """Every answer to ``typed``, in order: the lines up to the next typed line."""
        found: list[list[str]] = []
        current: list[str] | None = None
        for line in self.lines:
            match = PROMPT.match(line)
            if match:
                current = [] if match.group(1) == typed else None
                if current is not None:
                    found.append(current)
            elif current is not None:
                current.append(line)
        return found

    def reply(self, typed: str, nth: int = 1) -> list[str]:
        """The answer to the ``nth`` time ``typed`` was typed (1 = the first)."""
        answers = self.replies(typed)
        assert len(answers) >= nth, f"{typed!r} typed {len(answers)} time(s), not {nth}"
        return answers[nth - 1]


def expect(block: list[str], *wanted: str) -> None:
    """Every wanted line is in the answer, exactly (``┃`` lines of the embed included)."""
    missing = [line for line in wanted if line not in block]
    assert not missing, "missing:\n" + "\n".join(missing) + "\n--- in:\n" + "\n".join(block)


def refused(block: list[str]) -> bool:
    """The bot answered privately that the command did not work."""
    return bool(block) and "only you can see this" in block[0] and "  ┃ That didn't work" in block


def turns(count: int) -> str:
    """``count`` lines of ``/encounter next``, for a script: a grapple, a slam, a blow is the
    turn's attack in the fighter's own turn (R4.4), so his next one waits for his next turn."""
    return "\n".join(["/encounter next"] * count)


@dataclass(frozen=True)
class Fight:
    """A sandbox script (one line a line, as typed), the seed its dice are rolled with and
    the client's language (``--locale``)."""

    seed: int
    script: str
    locale: str = "en-US"
    """The player's Discord language (``pt-BR`` for the Portuguese replies)."""

    def lines(self) -> list[str]:
        return [line.strip() for line in self.script.strip().splitlines()]


async def play(tmp_path: Path, fight: Fight) -> Transcript:
    """Run the fight's lines on a fresh database, its dice seeded with ``fight.seed``."""
    out = io.StringIO()
    lines = fight.lines()
    code = await run_sandbox(
        database=tmp_path / f"review-{fight.seed}.sqlite3",
        dice=RandomDice(fight.seed),
        locale=fight.locale,
        lines=lines,
        out=out,
        fresh=True,
    )
    assert code == 0
    transcript = Transcript(out.getvalue().splitlines())
    typed = [m.group(1) for m in map(PROMPT.match, transcript.lines) if m]
    assert typed == [line for line in lines if line], "the sandbox did not run every line"
    bad = [line for line in transcript.lines if line.startswith("! ")]
    assert not bad, f"lines the sandbox could not send: {bad}"
    return transcript
