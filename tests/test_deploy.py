"""The deployment files of ``deploy/``, checked as docs/deploy.md says they were:
the systemd unit and its PostgreSQL drop-in by ``systemd-analyze verify``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from yukon.commands.base import EXIT_ADDRESS, EXIT_UNAVAILABLE, EXIT_USAGE

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
UNIT = DEPLOY / "yukon-solitaire.service"
DROP_IN = DEPLOY / "yukon-solitaire.service.d" / "postgresql.conf"


def _settings(path: Path) -> dict[str, list[str]]:
    """The unit file's settings, each with every value it is given, in order."""
    found: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", ";", "[")):
            name, value = line.split("=", 1)
            found.setdefault(name.strip(), []).append(value.strip())
    return found


def test_a_wrong_setting_stops_the_unit_and_an_unreachable_database_does_not() -> None:
    settings = _settings(UNIT)
    assert settings["Restart"] == ["on-failure"]
    (statuses,) = settings["RestartPreventExitStatus"]
    assert {int(status) for status in statuses.split()} == {EXIT_USAGE, EXIT_ADDRESS}
    assert EXIT_UNAVAILABLE not in {int(status) for status in statuses.split()}


def test_the_postgresql_drop_in_keeps_the_password_out_of_the_unit() -> None:
    settings = _settings(DROP_IN)
    variables = dict(value.split("=", 1) for value in settings["Environment"])
    url = variables["YUKON_DATABASE_URL"]
    assert url.startswith("postgresql://")
    assert ":" not in url.split("//", 1)[1].split("@", 1)[0]  # no user:password@
    assert variables["PGPASSFILE"] == "%d/pgpass"
    assert settings["LoadCredential"] == ["pgpass:/etc/yukon-solitaire/pgpass"]


def test_systemd_analyze_verify_finds_nothing_to_say(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian: systemd)")
    # The unit as installed, its program the one of this checkout (verify wants it to exist).
    program = Path(sys.executable).with_name("yukon")
    text = UNIT.read_text(encoding="utf-8").replace("/opt/yukon/bin/yukon", str(program))
    (tmp_path / UNIT.name).write_text(text, encoding="utf-8")
    shutil.copytree(DROP_IN.parent, tmp_path / DROP_IN.parent.name)
    unit = str(tmp_path / UNIT.name)
    done = subprocess.run(
        [analyze, "verify", unit], capture_output=True, text=True, check=False, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    # Its debug log shows the drop-in read and the credential's path filled in.
    debug = subprocess.run(
        [analyze, "verify", unit],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=True,
        timeout=60,
        env={"SYSTEMD_LOG_LEVEL": "debug", "PATH": "/usr/bin:/bin"},
    ).stdout
    assert f"DropIn Path: {tmp_path / DROP_IN.parent.name / DROP_IN.name}" in debug
    assert "Environment: PGPASSFILE=/run/credentials/yukon-solitaire.service/pgpass" in debug
