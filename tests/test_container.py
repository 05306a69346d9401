"""The Containerfile's build context and health check, checked without a container
engine (docs/deploy.md says what podman showed): the ignore file lets in exactly
what the image copies, and the health check asks the port the server is told to
serve."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.web.server import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[1]
CONTAINERFILE = ROOT / "Containerfile"
IGNORE = ROOT / ".containerignore"
UNWANTED = (
    ".venv/bin/python",
    ".git/HEAD",
    ".tools/node_modules/typescript/package.json",
    ".mypy_cache/3.11/cache.db",
    "games.sqlite3",
    "var/yukon.sqlite3-wal",
    "src/yukon/__pycache__/cli.cpython-311.pyc",
    "src/yukon/solver/board.cpython-311-x86_64-linux-gnu.so",
    "src/yukon/left.sqlite3",
    "dist/yukon_solitaire-0.1.0-py3-none-any.whl",
)
"""What a checkout holds beside its files, and none of it belongs in the image."""


def _pattern(text: str) -> re.Pattern[str]:
    """An ignore file's pattern as a regular expression (``**`` any folders,
    ``*`` and ``?`` within one name), as docker and podman read it."""
    parts = re.split(r"(\*\*/?|\*|\?)", text.strip("/"))
    wild = {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    return re.compile("".join(wild.get(part, re.escape(part)) for part in parts))


def _sent(path: str, rules: list[tuple[bool, re.Pattern[str]]]) -> bool:
    """Whether *path* is in the build context: the last rule that matches it or a
    folder it is in decides (``!`` lets in again)."""
    names = path.split("/")
    ancestry = ["/".join(names[: end + 1]) for end in range(len(names))]
    sent = True
    for keep, pattern in rules:
        if any(pattern.fullmatch(part) for part in ancestry):
            sent = keep
    return sent


def _rules() -> list[tuple[bool, re.Pattern[str]]]:
    lines = IGNORE.read_text(encoding="utf-8").splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    return [(text.startswith("!"), _pattern(text.removeprefix("!"))) for text in patterns]


def _copied() -> list[str]:
    """The sources of the Containerfile's COPY instructions."""
    sources = []
    for line in CONTAINERFILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("COPY "):
            sources += line.split()[1:-1]
    return sources


def test_the_build_context_holds_what_the_image_copies_and_nothing_else() -> None:
    assert (ROOT / ".dockerignore").read_bytes() == IGNORE.read_bytes()
    rules = _rules()
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    sent = {path for path in tracked if _sent(path, rules)}
    copied = _copied()
    assert sorted(copied) == [
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "requirements/run.txt",
        "src",
    ]
    assert sent == {path for path in tracked if path in copied or path.startswith("src/")}
    assert [path for path in UNWANTED if _sent(path, rules)] == []


def _health_check() -> list[str]:
    """The HEALTHCHECK's command, its Python this test's."""
    text = CONTAINERFILE.read_text(encoding="utf-8").replace("\\\n", " ")
    (command,) = re.findall(r"^HEALTHCHECK .*? CMD (\[.*\])$", text, re.MULTILINE)
    program, *arguments = json.loads(command)
    assert program == "/opt/yukon/bin/python"
    return [sys.executable, *arguments]


def test_the_health_check_asks_the_port_the_server_was_told_to_serve(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "y.sqlite3")
    check = _health_check()
    try:
        # The image's YUKON_PORT as `podman run -e YUKON_PORT=…` sets it: the port served.
        served = {**os.environ, "YUKON_PORT": str(server.port)}
        assert subprocess.run(check, env=served, capture_output=True, timeout=30).returncode == 0
        elsewhere = {**os.environ, "YUKON_PORT": str(free_port())}
        assert subprocess.run(check, env=elsewhere, capture_output=True, timeout=30).returncode != 0
    finally:
        server.stop()
