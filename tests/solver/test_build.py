"""The build under test is the one the run asked for.

``scripts/test.sh`` runs the solver's tests twice: on the sources (pure
Python) and on the compiled wheel, with ``YUKON_EXPECT_BUILD=compiled``. These
checks make sure the second run really imports the compiled modules, so it can
never test pure Python twice, and that the first one really tests the sources.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest

import yukon
from yukon.solver.build import COMPILED, COMPILED_MODULES, PURE, is_compiled, solver_build

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = os.environ.get("YUKON_EXPECT_BUILD", PURE)


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_each_module_of_the_hot_path_comes_from_the_expected_build(name: str) -> None:
    assert is_compiled(name) is (EXPECTED == COMPILED)


def test_the_solver_reports_the_expected_build() -> None:
    assert solver_build() == EXPECTED


def test_the_sources_under_test_are_the_expected_ones() -> None:
    """Pure Python runs the checkout's sources; the compiled build a copy of them
    installed apart, never compiled modules left beside the sources."""
    in_checkout = Path(yukon.__file__).resolve().is_relative_to(ROOT / "src")
    assert in_checkout is (EXPECTED == PURE)
    assert not list((ROOT / "src").rglob("*.so"))


def test_the_package_under_test_holds_every_file_of_the_sources() -> None:
    """The compiled wheel is the whole app, not the solver alone."""
    sources = ROOT / "src" / "yukon"
    package = Path(yukon.__file__).parent
    missing = [
        path.relative_to(sources)
        for path in sources.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
        if not (package / path.relative_to(sources)).is_file()
    ]
    assert not missing


def test_the_compiled_build_compiles_exactly_the_listed_modules() -> None:
    """``pyproject.toml`` tells mypyc what to compile; :mod:`yukon.solver.build`
    names the same modules to tell which build runs."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    files = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    names = [file.removeprefix("src/").removesuffix(".py").replace("/", ".") for file in files]
    assert sorted(names) == sorted(COMPILED_MODULES)


def test_the_compiled_run_leaves_out_only_tests_of_modules_it_does_not_compile() -> None:
    """``scripts/test.sh`` skips, on the compiled build, the tests of modules
    that stay pure Python there: were one of them compiled, its tests would run."""
    script = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")
    left_out = re.findall(r"--ignore=tests/solver/((?:\w+/)*)test_(\w+)\.py", script)
    assert left_out  # the pattern still matches the script
    for folder, name in left_out:
        assert (ROOT / "src" / "yukon" / "solver" / folder / f"{name}.py").is_file()
        assert f"yukon.solver.{folder.replace('/', '.')}{name}" not in COMPILED_MODULES
