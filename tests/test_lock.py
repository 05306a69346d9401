"""The lock (requirements/*.txt, made by scripts/lock.sh): every package pinned
with its hashes, every dependency of pyproject.toml in it at a version the
project accepts, uvloop's platform marker kept, and no address of any index."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
_PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)( ;[^\\]*)? \\$")


def _pins(name: str) -> dict[str, tuple[Version, str]]:
    """Package → (version, marker) of a lock file; each pin must carry hashes."""
    lines = (ROOT / "requirements" / name).read_text(encoding="utf-8").splitlines()
    pins: dict[str, tuple[Version, str]] = {}
    for number, line in enumerate(lines):
        if not line or line.startswith((" ", "#")):
            continue
        match = _PIN.match(line)
        assert match, f"{name}:{number + 1}: not a pin with hashes: {line!r}"
        assert lines[number + 1].strip().startswith("--hash=sha256:"), line
        pins[match[1].lower()] = (Version(match[2]), (match[3] or "").strip(" ;"))
    return pins


def _requirements(extra: str | None) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    texts = project["dependencies"] + (project["optional-dependencies"][extra] if extra else [])
    return [Requirement(text) for text in texts]


@pytest.mark.parametrize(("name", "extra"), [("run.txt", None), ("dev.txt", "dev")])
def test_the_lock_pins_every_dependency_with_hashes(name: str, extra: str | None) -> None:
    pins = _pins(name)
    for requirement in _requirements(extra):
        version, marker = pins[requirement.name.lower()]
        assert requirement.specifier.contains(version), (requirement, version)
        if requirement.marker is not None:
            assert marker == str(requirement.marker).replace('"', "'")


@pytest.mark.parametrize("name", ["run.txt", "dev.txt"])
def test_the_lock_names_no_address(name: str) -> None:
    text = (ROOT / "requirements" / name).read_text(encoding="utf-8")
    assert "://" not in text
    assert not re.search(r"^--(index-url|extra-index-url|find-links)", text, re.MULTILINE)
