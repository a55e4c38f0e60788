"""rules/ stays pure: no Discord, no database, no bot code, no global random.

The import check runs in a fresh interpreter, so modules other tests imported
(discord, the bot) cannot hide or fake a leak.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
FORBIDDEN = ("discord", "aiosqlite", "bot", "cogs")

# Imports every module under rules/ and reports which forbidden top-level
# packages ended up in sys.modules.
_PROBE = """
import importlib, json, pkgutil, sys
import rules
names = sorted(m.name for m in pkgutil.walk_packages(rules.__path__, "rules."))
for name in names:
    importlib.import_module(name)
forbidden = {forbidden!r}
leaked = sorted(
    m for m in sys.modules if m.split(".")[0] in forbidden
)
print(json.dumps({{"modules": names, "leaked": leaked}}))
"""


def _probe(forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    completed = subprocess.run(
        [sys.executable, "-c", _PROBE.format(forbidden=forbidden)],
        capture_output=True,
        text=True,
        cwd=RULES_DIR.parent,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    report: dict[str, list[str]] = json.loads(completed.stdout.strip().splitlines()[-1])
    return report


def test_importing_every_rules_module_pulls_in_no_discord_storage_or_bot() -> None:
    report = _probe(FORBIDDEN)
    assert "rules.dice" in report["modules"]
    assert "rules.checks" in report["modules"]
    assert report["leaked"] == []


def test_the_probe_sees_a_package_that_rules_does_import() -> None:
    # rules.options is built on pydantic, so the same probe must report it
    assert "pydantic" in _probe(("pydantic",))["leaked"]


# The module-level functions of `random` share one hidden global generator.
GLOBAL_RANDOM_FUNCTIONS = frozenset(
    {
        "betavariate",
        "choice",
        "choices",
        "expovariate",
        "gauss",
        "getrandbits",
        "normalvariate",
        "randbytes",
        "randint",
        "random",
        "randrange",
        "sample",
        "seed",
        "shuffle",
        "triangular",
        "uniform",
    }
)


def _global_random_uses(source: str) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [
                f"line {node.lineno}: from random import {alias.name}"
                for alias in node.names
                if alias.name in GLOBAL_RANDOM_FUNCTIONS or alias.name == "*"
            ]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr in GLOBAL_RANDOM_FUNCTIONS
        ):
            found.append(f"line {node.lineno}: random.{node.attr}")
    return found


@pytest.mark.parametrize(
    "path", sorted(RULES_DIR.rglob("*.py")), ids=lambda p: str(p.relative_to(RULES_DIR))
)
def test_no_global_random(path: Path) -> None:
    assert _global_random_uses(path.read_text(encoding="utf-8")) == []


def test_the_global_random_check_catches_what_it_should() -> None:
    assert _global_random_uses("import random\nrandom.randint(1, 6)\n") == [
        "line 2: random.randint"
    ]
    assert _global_random_uses("from random import choice\n") == [
        "line 1: from random import choice"
    ]
    assert _global_random_uses("import random\nrng = random.Random(3)\n") == []
