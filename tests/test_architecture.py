"""The layers: the engine is pure (standard library only) and imports nothing above it;
every layer imports only downwards."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Container, Iterator, Mapping
from pathlib import Path

import pytest

from yukon.i18n import load_catalog

SRC = Path(__file__).resolve().parents[1] / "src" / "yukon"

# What each layer may import from the project (besides itself).
ALLOWED = {
    "engine": set(),
    "solver": {"engine"},
    "coach": {"engine", "solver"},
    "daily": {"engine"},
    "storage": {"engine", "daily"},
    "i18n": {"engine"},
    "web": {"engine", "solver", "coach", "daily", "storage", "i18n"},
    "commands": {
        "engine",
        "solver",
        "coach",
        "daily",
        "storage",
        "web",
        "i18n",
        "cli",
        "commands",
    },
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


def catalog_phrases(prefix: str) -> set[str]:
    """The English catalog's wording under the keys *prefix*…: each text (each plural
    form) cut at its placeholders, the pieces of three words or more, in lower case."""
    texts: list[str] = []
    for key, entry in load_catalog("en").items():
        if key.startswith(prefix):
            texts += entry.values() if isinstance(entry, dict) else [entry]
    pieces = (piece for text in texts for piece in re.split(r"\{\w+\}", text))
    phrases = {" ".join(piece.split()).strip(" .,:;—").lower() for piece in pieces}
    return {phrase for phrase in phrases if len(phrase.split()) >= 3}


def code_strings(path: Path) -> str:
    """The strings the code of the module at *path* writes (the text of f-strings
    too, strings split over lines joined), one a line, in lower case; not its
    docstrings, which are prose for its readers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose
    ]
    return "\n".join(" ".join(text.split()).lower() for text in found)


def test_the_engine_keeps_no_copy_of_the_refusals_wording() -> None:
    # One source for each truth: the engine keeps the refusals' codes, their words
    # are the catalogs' (yukon.i18n.messages renders them, for the API and the CLI).
    phrases = catalog_phrases("refusal.")
    assert len(phrases) > 15
    for path in layer_files("engine"):
        strings = code_strings(path)
        copied = sorted(phrase for phrase in phrases if phrase in strings)
        assert not copied, f"{path.name} words refusals as en.json does: {copied}"


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


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
    return name == "TYPE_CHECKING"


def _imports(tree: ast.AST, package: str, modules: Container[str]) -> Iterator[str]:
    """The *modules* that *tree* imports, at the top or inside a function (an import
    put off into a function hides a cycle, it does not break it); not those under
    ``if TYPE_CHECKING:``, which Python never runs. ``from a import b`` imports the
    module ``a.b`` if there is one, else names something of ``a``."""
    unrun = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and _is_type_checking(node)
        for inner in ast.walk(node)
    }
    for node in ast.walk(tree):
        if id(node) in unrun:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0]
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                inner = f"{base}.{alias.name}"
                if inner in modules:
                    yield inner
                elif base in modules:
                    yield base


def import_graph() -> dict[str, set[str]]:
    """Each module of the package, with the modules of the package it imports."""
    files = {_module_name(path): path for path in sorted(SRC.rglob("*.py"))}
    graph = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = set(_imports(tree, package, files.keys())) - {name}
    return graph


def import_cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or around a circle
    (the strongly connected components of *graph* with more than one module).

    >>> import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    [['a', 'b', 'c']]
    """
    reaches = {name: _reachable(graph, name) for name in graph}
    cycles = {
        tuple(sorted(other for other in reaches[name] if name in reaches[other]))
        for name in graph
        if name in reaches[name]
    }
    return sorted(list(cycle) for cycle in cycles)


def _reachable(graph: Mapping[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph.get(name, ()))
    return seen


def test_the_import_graph_is_read_whole() -> None:
    graph = import_graph()
    assert "yukon.storage.postgres" in graph["yukon.storage"] | _reachable(graph, "yukon.storage")
    assert "yukon.web.app" in graph["yukon.web"]


def test_no_modules_import_each_other() -> None:
    cycles = import_cycles(import_graph())
    assert cycles == [], "modules that import each other: " + "; ".join(
        " <-> ".join(cycle) for cycle in cycles
    )
