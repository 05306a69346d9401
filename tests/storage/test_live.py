"""The game clock, and the storage layer's doctests."""

from __future__ import annotations

import doctest
import importlib

import pytest

from yukon.storage import LANGUAGES, GameClock


def test_the_clock_runs_only_between_start_and_stop() -> None:
    clock = GameClock()
    assert clock.elapsed_at(50.0) == 0
    clock = clock.running(100.0)
    assert clock.running(130.0) is clock  # already running: the start stays
    assert clock.elapsed_at(101.25) == 1250
    clock = clock.stopped(110.0)
    assert not clock.is_running
    assert clock.elapsed_at(999.0) == 10_000


def test_hiding_the_page_pauses_and_showing_resumes_only_when_allowed() -> None:
    clock = GameClock().running(0.0)
    hidden = clock.with_page_hidden(True, 4.0, may_run=True)
    assert (hidden.is_running, hidden.page_hidden, hidden.elapsed_at(60.0)) == (False, True, 4000)
    assert not hidden.with_page_hidden(False, 60.0, may_run=False).is_running
    shown = hidden.with_page_hidden(False, 60.0, may_run=True)
    assert shown.elapsed_at(61.0) == 5000


def test_a_move_while_hidden_means_the_page_is_shown() -> None:
    hidden = GameClock().with_page_hidden(True, 0.0, may_run=False)
    moved = hidden.running(10.0)
    assert moved.is_running
    assert not moved.page_hidden


def test_a_clock_set_back_never_runs_backwards() -> None:
    assert GameClock().running(100.0).elapsed_at(90.0) == 0


def test_the_settings_languages_are_the_apps() -> None:
    from yukon.i18n import LANGUAGES as APP_LANGUAGES

    assert set(LANGUAGES) == set(APP_LANGUAGES)


@pytest.mark.parametrize("name", ["live", "paths", "settings", "service"])
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"yukon.storage.{name}")
    failed, attempted = doctest.testmod(module)
    assert attempted > 0
    assert failed == 0
