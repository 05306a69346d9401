"""No function of the app is over 60 lines but a hot loop kept whole on purpose, which says
why beside it with the figure that justifies it (pyproject.toml's [tool.ruff.lint.mccabe])."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCES = Path(__file__).parents[1] / "src" / "yukon"
MOST = 60
HOT_LOOPS = {"solver/proofs/frozen.py:closed_set"}
"""Each says why above its ``def`` (its share of the search's time)."""


def _long_functions() -> dict[str, int]:
    found = {}
    for path in sorted(SOURCES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MOST:
                    found[f"{path.relative_to(SOURCES).as_posix()}:{node.name}"] = lines
    return found


def test_no_function_is_over_60_lines_but_the_hot_loops() -> None:
    assert set(_long_functions()) == HOT_LOOPS


def test_each_hot_loop_says_why_with_a_figure() -> None:
    for name in HOT_LOOPS:
        file, function = name.split(":")
        text = (SOURCES / file).read_text(encoding="utf-8")
        before = text[: text.index(f"def {function}(")].splitlines()[-3:]
        assert any(line.lstrip().startswith("#") and "%" in line for line in before), name
