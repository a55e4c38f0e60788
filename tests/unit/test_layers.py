"""The layers import one way: render takes outcomes and views, never storage."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def storage_imports(package: Path) -> dict[str, list[str]]:
    return {
        path.name: sorted(m for m in imported_modules(path) if m.startswith("bot.storage"))
        for path in sorted(package.rglob("*.py"))
        if any(m.startswith("bot.storage") for m in imported_modules(path))
    }


def test_render_never_imports_storage() -> None:
    assert storage_imports(ROOT / "bot" / "render") == {}


def test_the_storage_import_check_sees_one(tmp_path: Path) -> None:
    (tmp_path / "leak.py").write_text("from bot.storage.records import EncounterRecord\n")
    assert storage_imports(tmp_path) == {"leak.py": ["bot.storage.records"]}
