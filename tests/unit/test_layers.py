"""The layers import one way: render takes outcomes and views, never storage, and the
modules' own imports (those run on import) form no cycle."""

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


def module_imports() -> dict[str, set[str]]:
    """Each module of rules, bot and cogs, and the modules of those packages its top-level
    imports name (imports inside functions or ``if TYPE_CHECKING`` are not counted)."""
    modules: dict[str, Path] = {}
    for package in ("rules", "bot", "cogs"):
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            modules[name.removesuffix(".__init__")] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        named: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                named.add(node.module)
                named.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
        graph[name] = {m for m in named if m in modules and m != name}
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (its modules in order), or ``[]``."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str]:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return []
        path.append(name)
        for imported in sorted(graph[name]):
            found = visit(imported)
            if found:
                return found
        path.pop()
        done.add(name)
        return []

    for name in sorted(graph):
        found = visit(name)
        if found:
            return found
    return []


def test_no_import_cycle() -> None:
    assert cycle_in(module_imports()) == []


def test_the_cycle_check_finds_one() -> None:
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) == []


def test_render_never_imports_storage() -> None:
    assert storage_imports(ROOT / "bot" / "render") == {}


def test_the_storage_import_check_sees_one(tmp_path: Path) -> None:
    (tmp_path / "leak.py").write_text("from bot.storage.records import EncounterRecord\n")
    assert storage_imports(tmp_path) == {"leak.py": ["bot.storage.records"]}
