"""What the browser's main thread did in the frames that ran long: a DevTools
trace (Chromium's tracing, the Performance panel's source) read task by task.

A task over the frame budget is broken down by what took its time, in its own
time (a phase's time without the phases inside it): script by function, style
recalculation (with the number of elements restyled), layout (with the objects
laid out), pre-paint, paint, layerization, commit, hit testing, and the rest.
Used by ``bench/browser.py --trace``; prints, asserts nothing.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "v8.execute",
    "toplevel",
]

Event = dict[str, Any]

# Trace event names and the phase they stand for.
_PHASES = {
    "FunctionCall": "script",
    "RunMicrotasks": "script",
    "EvaluateScript": "script",
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "PrePaint": "pre-paint",
    "Paint": "paint",
    "PaintArtifactCompositor::Update": "layerize",
    "Layerize": "layerize",
    "Commit": "commit",
    "HitTest": "hit test",
}


@dataclass
class Task:
    """One task of the main thread: when it started (ms into the trace), how
    long it ran, and the time of each phase in it."""

    start: float
    duration: float
    phases: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    restyled: list[int] = field(default_factory=list)
    laid_out: list[int] = field(default_factory=list)

    def describe(self) -> str:
        ranked = sorted(self.phases.items(), key=lambda item: -item[1])
        parts = ", ".join(f"{name} {ms:.1f}" for name, ms in ranked if ms >= 0.1)
        counts = ""
        if self.restyled:
            counts += f"; elements restyled {'+'.join(map(str, self.restyled))}"
        if self.laid_out:
            counts += f"; objects laid out {'+'.join(map(str, self.laid_out))}"
        return f"at {self.start:6.0f} ms, {self.duration:5.1f} ms: {parts}{counts}"


class Tracer:
    """Records a trace of everything the browser does between start() and stop()."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.events: list[Event] = []

    def start(self) -> None:
        self.browser.start_tracing(categories=CATEGORIES)

    def stop(self) -> None:
        data = json.loads(self.browser.stop_tracing())
        self.events = data["traceEvents"] if isinstance(data, dict) else data


def _main_thread(events: list[Event]) -> list[Event]:
    """The complete events of the busiest renderer main thread, in order."""
    mains = {
        (event["pid"], event["tid"])
        for event in events
        if event.get("ph") == "M" and event.get("args", {}).get("name") == "CrRendererMain"
    }
    by_thread: defaultdict[tuple[int, int], list[Event]] = defaultdict(list)
    for event in events:
        key = (event.get("pid"), event.get("tid"))
        if key in mains and event.get("ph") == "X" and "dur" in event:
            by_thread[key].append(event)
    busiest = max(by_thread.values(), key=len, default=[])
    return sorted(busiest, key=lambda event: (event["ts"], -event["dur"]))


def _phase(event: Event) -> str | None:
    phase = _PHASES.get(event["name"])
    if phase != "script" or event["name"] != "FunctionCall":
        return phase
    data = event.get("args", {}).get("data") or {}
    url = str(data.get("url", "")).rsplit("/", 1)[-1] or "?"
    return f"script {data.get('functionName') or '(anonymous)'} {url}:{data.get('lineNumber')}"


def _task(top: Event, inner: list[Event], origin: float) -> Task:
    """*top*'s time by phase, each phase counted without the phases inside it."""
    task = Task(start=(top["ts"] - origin) / 1000, duration=top["dur"] / 1000)
    stack: list[tuple[Event, str | None]] = []
    for event in inner:
        while stack and event["ts"] >= stack[-1][0]["ts"] + stack[-1][0]["dur"]:
            stack.pop()
        phase = _phase(event)
        if phase:
            task.phases[phase] += event["dur"] / 1000
            enclosing = next((name for _, name in reversed(stack) if name), None)
            if enclosing:
                task.phases[enclosing] -= event["dur"] / 1000
        args = event.get("args", {})
        if event["name"] == "UpdateLayoutTree" and args.get("elementCount"):
            task.restyled.append(int(args["elementCount"]))
        if event["name"] == "Layout" and (args.get("beginData") or {}).get("dirtyObjects"):
            task.laid_out.append(int(args["beginData"]["dirtyObjects"]))
        stack.append((event, phase))
    task.phases["other"] = task.duration - sum(task.phases.values())
    return task


def long_tasks(events: list[Event], budget_ms: float) -> list[Task]:
    """The main thread's tasks that ran longer than *budget_ms*, broken down."""
    thread = _main_thread(events)
    if not thread:
        return []
    origin = thread[0]["ts"]
    tasks: list[Task] = []
    index = 0
    while index < len(thread):
        top = thread[index]
        end = top["ts"] + top["dur"]
        inner_end = index + 1
        while inner_end < len(thread) and thread[inner_end]["ts"] < end:
            inner_end += 1
        if top["dur"] / 1000 > budget_ms:
            tasks.append(_task(top, thread[index + 1 : inner_end], origin))
        index = inner_end
    return tasks


def report(what: str, events: list[Event], budget_ms: float) -> None:
    """Print the tasks of *events* over *budget_ms* and their phases."""
    tasks = long_tasks(events, budget_ms)
    print(f"{what}: {len(tasks)} main-thread tasks over {budget_ms:.1f} ms (times in ms, traced)")
    for task in tasks:
        print("  " + task.describe())
