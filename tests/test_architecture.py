"""The layers: the engine is pure (standard library only) and imports nothing above it;
every layer imports only downwards."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "yukon"

# What each layer may import from the project (besides itself).
ALLOWED = {
    "engine": set(),
    "solver": {"engine"},
    "storage": {"engine"},
    "i18n": {"engine"},
    "web": {"engine", "solver", "storage", "i18n"},
    "commands": {"engine", "solver", "storage", "web", "i18n", "cli", "commands"},
}
# Standard-library modules the engine must not use: I/O, clocks, randomness.
ENGINE_FORBIDDEN = {
    "os",
    "io",
    "time",
    "datetime",
    "socket",
    "subprocess",
    "threading",
    "sqlite3",
    "pathlib",
    "shutil",
    "tempfile",
    "asyncio",
    "urllib",
    "http",
    "logging",
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def layer_files(layer: str) -> list[Path]:
    return sorted((SRC / layer).rglob("*.py"))


def test_the_engine_uses_the_standard_library_only() -> None:
    files = layer_files("engine")
    assert files
    for path in files:
        for name in imports_of(path):
            top = name.split(".")[0]
            if top == "yukon":
                assert name.startswith("yukon.engine"), f"{path.name} imports {name}"
                continue
            assert top in sys.stdlib_module_names or top == "__future__", (
                f"{path.name} imports {name}, which is not in the standard library"
            )
            assert top not in ENGINE_FORBIDDEN, (
                f"{path.name} imports {name}: the engine does no I/O"
            )


def test_the_engine_keeps_no_global_random_state() -> None:
    for path in layer_files("engine"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
            ):
                assert node.func.value.id != "random", f"{path.name} calls random.{node.func.attr}"


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layers_import_only_downwards(layer: str) -> None:
    for path in layer_files(layer):
        for name in imports_of(path):
            parts = name.split(".")
            if parts[0] != "yukon" or len(parts) < 2:
                continue
            target = parts[1]
            if target == layer:
                continue
            assert target in ALLOWED[layer], f"{layer}/{path.name} imports {name}"
