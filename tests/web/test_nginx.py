"""The nginx sites of ``deploy/``, as docs/deploy.md gives them: checked by
``nginx -t`` and then serving ``yukon serve`` through HTTPS (a certificate made
for the test), the redirect from HTTP, the headers the app relies on (its cookie
``Secure`` and its ``Path``, a change from the page's own origin accepted and
one from another refused), at the root of a host name and under a sub-path.

Debian's nginx (``scripts/test.sh`` installs it as root); without it the test is
skipped, except under CI=true."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.web.server import LOOPBACK, ServerProcess, free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
_START_SECONDS = 20.0


@dataclass(frozen=True)
class Site:
    file: str
    name: str
    """The host name the file is written for."""
    prefix: str
    """Where the app is on the site (``""``: at the root)."""


SITES = [
    Site("yukon.nginx.conf", "games.example.org", ""),
    Site("yukon-subpath.nginx.conf", "example.org", "/yukon"),
]


def _needed(program: str) -> str:
    found = shutil.which(program) or (program if Path(program).is_file() else None)
    if found is None:
        message = f"{program} is not installed (Debian: apt-get install nginx openssl)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def _replace(text: str, old: str, new: str) -> str:
    """*text* with *old* (which it must hold: the file is as the test knows it) as *new*."""
    assert old in text, f"{old!r} is no longer in the site file"
    return text.replace(old, new)


def _for_test(site: Site, folder: Path, http: int, https: int, app: int) -> str:
    """The site file as an operator changes it, for this machine: loopback ports,
    the name ``localhost``, a certificate made for it."""
    text = (DEPLOY / site.file).read_text(encoding="utf-8")
    text = _replace(text, "listen 80;", f"listen {LOOPBACK}:{http};")
    text = _replace(text, "listen 443 ssl http2;", f"listen {LOOPBACK}:{https} ssl http2;")
    text = _replace(text, "listen [::]:80;\n", "")
    text = _replace(text, "listen [::]:443 ssl http2;\n", "")
    text = _replace(text, f"server_name {site.name};", "server_name localhost;")
    live = f"/etc/letsencrypt/live/{site.name}"
    text = _replace(text, f"{live}/fullchain.pem", str(folder / "cert.pem"))
    text = _replace(text, f"{live}/privkey.pem", str(folder / "key.pem"))
    return _replace(text, "server 127.0.0.1:8000;", f"server {LOOPBACK}:{app};")


def _configuration(folder: Path, site_text: str) -> Path:
    """An nginx.conf of the test's own that includes the site (as Debian's includes
    sites-enabled/), with every file it writes in *folder*."""
    (folder / "site.conf").write_text(site_text, encoding="utf-8")
    temporary = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    configuration = folder / "nginx.conf"
    configuration.write_text(
        f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\nevents {{}}\n"
        f"http {{\n    access_log {folder / 'access.log'};\n{temporary}\n"
        f"    include {folder / 'site.conf'};\n}}\n",
        encoding="utf-8",
    )
    return configuration


def _certificate(folder: Path) -> None:
    subprocess.run(
        [_needed("openssl"), "req", "-x509", "-newkey", "ec", "-pkeyopt",
         "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip


def _listening(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + _START_SECONDS
    while time.monotonic() < deadline:
        assert process.poll() is None, "nginx stopped"
        try:
            with socket.create_connection((LOOPBACK, port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("nginx did not listen in time")


@pytest.fixture(params=SITES, ids=[site.file for site in SITES])
def proxied(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Site, int, int]]:
    """The app behind nginx configured by one site file: the site, and nginx's
    HTTP and HTTPS ports."""
    nginx = _needed(NGINX)
    site: Site = request.param
    _certificate(tmp_path)
    options = ["--allowed-hosts", "localhost", "--root-path", site.prefix] if site.prefix else [
        "--allowed-hosts", "localhost"
    ]  # fmt: skip
    app = ServerProcess(tmp_path / "yukon.sqlite3", *options)
    http, https = free_port(), free_port()
    configuration = _configuration(tmp_path, _for_test(site, tmp_path, http, https, app.port))
    command = [nginx, "-c", str(configuration), "-p", str(tmp_path)]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
    assert "test is successful" in checked.stderr
    server = subprocess.Popen([*command, "-g", "daemon off;"])
    try:
        _listening(https, server)
        yield site, http, https
    finally:
        server.terminate()
        server.wait(timeout=30)
        app.stop()


def test_the_site_serves_the_app_over_https_with_the_headers_it_needs(
    proxied: tuple[Site, int, int],
) -> None:
    site, http, https = proxied
    origin = f"https://localhost:{https}"
    at = f"{site.prefix}/"
    with httpx.Client(verify=False, timeout=30) as client:  # the test's own certificate
        moved = client.get(f"http://localhost:{http}{at}stats")
        assert moved.status_code == 301
        assert moved.headers["location"] == f"https://localhost{at}stats"

        page = client.get(f"{origin}{at}stats")
        assert page.status_code == 200
        assert f'<base href="{at}">' in page.text
        cookie = page.headers["set-cookie"]
        assert f"Path={site.prefix or '/'};" in cookie
        assert cookie.endswith("; Secure")  # the app learnt of HTTPS from nginx
        assert page.headers["strict-transport-security"] == "max-age=31536000"

        game = {"code": "YU1-C-AACRWEA"}
        mine = client.post(f"{origin}{at}api/v1/games", json=game, headers={"Origin": origin})
        assert mine.status_code == 201, mine.text
        foreign = {"Origin": "https://evil.example"}
        refused = client.post(f"{origin}{at}api/v1/games", json=game, headers=foreign)
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "foreign_origin"
        assert client.get(f"{origin}{at}healthz").json()["status"] == "ok"
        if site.prefix:
            bare = client.get(f"{origin}{site.prefix}")
            assert (bare.status_code, bare.headers["location"]) == (301, f"https://localhost{at}")
            outside = client.get(f"{origin}/stats")  # the site's own, not the app's
            assert outside.status_code in (403, 404)
            assert "set-cookie" not in outside.headers
