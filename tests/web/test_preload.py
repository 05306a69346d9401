"""The app page asks the browser to fetch, side by side, every module the app
imports before it can start: the static imports of app.js, followed to the end.
A module missing from the list is fetched only once the one that imports it has
arrived, a round trip later each; one listed that the start does not need (a
module imported on demand, such as celebrate.js) is fetched in vain."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "yukon" / "web" / "static"
ENTRY = "app.js"
# `import … from "./x.js"` and `import "./x.js"`, over lines; not `import("./x.js")`.
STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;()]*?["\']\./([\w-]+\.js)["\']', re.M | re.S)
PRELOAD = re.compile(r'<link rel="modulepreload" href="static/js/([\w-]+\.js)">')


def _imports(module: str) -> set[str]:
    text = (STATIC / "js" / module).read_text(encoding="utf-8")
    return set(STATIC_IMPORT.findall(text))


def _needed_at_start() -> set[str]:
    needed: set[str] = set()
    waiting = [ENTRY]
    while waiting:
        for module in _imports(waiting.pop()) - needed:
            needed.add(module)
            waiting.append(module)
    return needed - {ENTRY}


def test_the_page_preloads_exactly_the_modules_the_start_imports() -> None:
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    listed = PRELOAD.findall(page)
    assert listed == sorted(listed), "keep the list in order, to read it at a glance"
    assert set(listed) == _needed_at_start()


def test_the_import_reader_sees_multi_line_and_leaves_out_imports_on_demand() -> None:
    app = _imports(ENTRY)
    assert {"dialogs.js", "board.js", "router.js"} <= app  # dialogs.js over several lines
    assert "celebrate.js" not in app  # await import("./celebrate.js")
