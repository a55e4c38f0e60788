#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11+ (standard library only).

    python3 scripts/dev.py run [ARGS...]    create .venv if needed, install the bot, start it
    python3 scripts/dev.py test [ARGS...]   create .venv if needed, install .[test], run pytest

ARGS go to ``python -m bot`` (e.g. ``sync --guild 123``) or to pytest (e.g. ``-k roll``).
The install step is skipped when ``pyproject.toml`` has not changed since the last one.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

MIN_PYTHON = (3, 11)
ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP_NAME = ".gurps-dev-install"


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    python = venv_python()
    if not python.exists():
        print(f"Creating a virtual environment in {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=False).create(VENV)
    return python


def ensure_installed(python: Path, extras: str) -> None:
    """``pip install -e .[extras]`` unless the same pyproject was already installed."""
    pyproject = (ROOT / "pyproject.toml").read_bytes()
    fingerprint = hashlib.sha256(pyproject + extras.encode()).hexdigest()
    stamp = VENV / STAMP_NAME
    installed = stamp.read_text().split() if stamp.exists() else []
    if fingerprint in installed:
        return
    target = f".[{extras}]" if extras else "."
    print(f"Installing {target} into {VENV} ...", flush=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--editable", target],
        cwd=ROOT,
        check=True,
    )
    stamp.write_text("\n".join([*installed, fingerprint]) + "\n")


def run(args: list[str]) -> int:
    python = ensure_venv()
    ensure_installed(python, "")
    return subprocess.call([str(python), "-m", "bot", *args], cwd=ROOT)


def test(args: list[str]) -> int:
    python = ensure_venv()
    ensure_installed(python, "test")
    return subprocess.call([str(python), "-m", "pytest", *args], cwd=ROOT)


COMMANDS = {"run": run, "test": test}


def main(argv: list[str]) -> int:
    if sys.version_info < MIN_PYTHON:
        wanted = ".".join(map(str, MIN_PYTHON))
        print(f"This project needs Python {wanted} or newer.", file=sys.stderr)
        return 2
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        return COMMANDS[argv[0]](argv[1:])
    except subprocess.CalledProcessError as exc:
        print(f"Installation failed (exit code {exc.returncode}).", file=sys.stderr)
        return exc.returncode or 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
