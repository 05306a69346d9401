"""The examples in the solver's docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import yukon.solver

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(yukon.solver.__path__, "yukon.solver.")
)


@pytest.mark.parametrize("name", [*MODULES, "yukon.commands.analyze"])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
