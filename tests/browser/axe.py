"""axe-core in the page: the accessibility rules' violations, and the colour
contrasts it could not decide (left "incomplete"), which must be none too."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Final

from playwright.sync_api import Page

# axe-core as vendored in tests/browser/vendor (its README says where from).
AXE_VERSION: Final = "4.14.1"
_SCRIPT: Final = Path(__file__).parent / "vendor" / "axe.min.js"

# axe decides a text's contrast from everything under each of its lines, down to
# the page, even under a window's opaque paper: a window's text of several lines
# over the dimmed board would be left undecided. Under a modal window the views are
# inert, so axe checks none of their contrasts anyway; they are put out of sight
# while it runs, and the window's text is decided on the window alone.
_RUN_JS: Final = """async () => {
    const views = document.querySelector("dialog:modal")
        ? [...document.querySelectorAll("body > .view")] : [];
    for (const view of views) view.style.visibility = "hidden";
    let results;
    try {
        results = await axe.run(document, {resultTypes: ["violations", "incomplete"]});
    } finally {
        for (const view of views) view.style.visibility = "";
    }
    const nodes = (rule) => rule.nodes.map((node) => ({
        target: node.target.join(" "),
        summary: node.failureSummary || node.any.map((check) => check.message).join("; "),
    }));
    return {
        version: axe.version,
        violations: results.violations.map((rule) => ({id: rule.id, nodes: nodes(rule)})),
        contrast: results.incomplete
            .filter((rule) => rule.id === "color-contrast")
            .map((rule) => ({id: "color-contrast (incomplete)", nodes: nodes(rule)})),
    };
}"""


@functools.cache
def _script() -> str:
    return _SCRIPT.read_text(encoding="utf-8")


def axe_problems(page: Page) -> list[str]:
    """Every violation and every undecided colour contrast on the page, one line
    per element: "rule-id: selector: why"."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(_script())
    results: dict[str, Any] = page.evaluate(_RUN_JS)
    return [
        f"{rule['id']}: {node['target']}: {node['summary']}"
        for rule in [*results["violations"], *results["contrast"]]
        for node in rule["nodes"]
    ]


def axe_version(page: Page) -> str:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(_script())
    version: str = page.evaluate("axe.version")
    return version
