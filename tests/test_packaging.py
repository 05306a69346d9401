"""The wheel as the package index and pipx get it: the license inside, the
metadata a strict check asks for, and the files the app needs at run time."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from yukon.engine import RULE_SETS

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel and the source distribution, built as a release would build them."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "--directory", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return out


@pytest.fixture(scope="module")
def wheel(dist: Path) -> zipfile.ZipFile:
    (built,) = dist.glob("yukon_solitaire-*.whl")
    return zipfile.ZipFile(built)


def test_the_package_index_accepts_both_files(dist: Path) -> None:
    """What an upload would check: metadata complete and the README renders on the index page."""
    files = sorted(str(path) for path in dist.iterdir())
    assert sorted(Path(name).suffix for name in files) == [".gz", ".whl"]
    check = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *files],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.count("PASSED") == 2


def test_the_wheel_ships_the_license_and_full_metadata(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    (metadata_name,) = [name for name in names if name.endswith(".dist-info/METADATA")]
    info = metadata_name.removesuffix("METADATA")
    assert wheel.read(info + "licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
    metadata = Parser().parsestr(wheel.read(metadata_name).decode("utf-8"))
    assert metadata["License-Expression"] == "MIT"
    assert metadata["License-File"] == "LICENSE"
    assert metadata["Author"]
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert float(metadata["Metadata-Version"]) >= 2.4
    classifiers = metadata.get_all("Classifier") or []
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert "yukon = yukon.cli:main" in wheel.read(info + "entry_points.txt").decode()


def test_the_wheel_holds_what_the_app_needs(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for needed in (
        "yukon/web/static/index.html",
        "yukon/web/static/js/paths.js",
        "yukon/web/static/manifest.webmanifest",
        "yukon/web/static/icons/icon-512.png",
        "yukon/i18n/pt.json",
        "yukon/solver/data/classic.txt",
        *(f"yukon/daily/data/{rules.id}.txt" for rules in RULE_SETS),
        "yukon/py.typed",
    ):
        assert needed in names
    assert not [name for name in names if name.startswith(("tests/", ".tools/", "docs/"))]


def test_the_wheel_is_pure_python(dist: Path) -> None:
    """The compiled build is a choice (scripts/compile.sh): the normal wheel runs
    everywhere and needs no compiler to install."""
    (built,) = dist.glob("yukon_solitaire-*.whl")
    assert built.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(built).namelist()
    assert not [name for name in names if name.endswith((".so", ".pyd", ".c"))]
