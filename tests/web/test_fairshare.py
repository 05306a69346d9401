"""Heavy requests (record replays) in a process of their own, each client in
turn: a client that asks again and again waits for its own requests, the others
do not; past its share it is refused at once; a dead worker is replaced."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest

from yukon.web.errors import ApiError
from yukon.web.fairshare import FairShare

T = TypeVar("T")


def _echo(value: str) -> str:
    return value


def _held(fifo: str, value: str) -> str:
    """*value*, once the test has written to the named pipe *fifo* (opening it for
    reading waits for a writer: the job runs until the test lets it go)."""
    with open(fifo, "rb") as held:
        held.read()
    return value


def _pid(fifo: str) -> int:
    with open(fifo, "rb") as held:
        held.read()
    return os.getpid()


def _release(fifo: Path) -> None:
    with fifo.open("wb") as pipe:
        pipe.write(b"go")


async def _let_go(fifo: Path) -> None:
    await asyncio.to_thread(_release, fifo)


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "hold"
    os.mkfifo(path)
    return path


def _run(scenario: Callable[[FairShare], Coroutine[Any, Any, None]]) -> None:
    """*scenario* on a fair share of one worker, 3 waiting of a client and 5 in all."""
    share = FairShare(workers=1, per_client=3, waiting=5)
    try:
        asyncio.run(scenario(share))
    finally:
        share.close()


async def _started(*calls: Coroutine[Any, Any, T]) -> list[asyncio.Task[T]]:
    """Tasks for *calls*, each in its line before the next is made."""
    tasks = []
    for call in calls:
        tasks.append(asyncio.create_task(call))
        await asyncio.sleep(0)  # one turn of the loop: the call takes its place
    return tasks


def test_the_work_is_done_in_another_process(fifo: Path) -> None:
    async def scenario(share: FairShare) -> None:
        (pid,) = await _started(share.run("ann", _pid, str(fifo)))
        await _let_go(fifo)
        assert await pid != os.getpid()

    _run(scenario)


def test_clients_take_turns_and_one_that_asks_again_waits_for_itself(fifo: Path) -> None:
    async def scenario(share: FairShare) -> None:
        done: list[str] = []
        tasks = await _started(
            share.run("ann", _held, str(fifo), "ann 1"),
            share.run("ann", _echo, "ann 2"),
            share.run("ann", _echo, "ann 3"),
            share.run("ann", _echo, "ann 4"),
            share.run("bob", _echo, "bob 1"),
        )
        for task in tasks:
            task.add_done_callback(lambda finished: done.append(finished.result()))
        await _let_go(fifo)
        await asyncio.gather(*tasks)
        # Ann's second was in line before Bob came; then each in turn.
        assert done == ["ann 1", "ann 2", "bob 1", "ann 3", "ann 4"]

    _run(scenario)


def test_past_its_share_a_client_is_refused_at_once_and_the_others_are_not(fifo: Path) -> None:
    async def scenario(share: FairShare) -> None:
        tasks = await _started(
            share.run("ann", _held, str(fifo), "running"),
            *(share.run("ann", _echo, f"waiting {n}") for n in range(3)),
        )
        with pytest.raises(ApiError) as refused:
            await share.run("ann", _echo, "one too many")
        assert (refused.value.status, refused.value.code) == (429, "server_busy")
        assert refused.value.headers == {"Retry-After": "1"}
        tasks += await _started(share.run("bob", _echo, "bob"), share.run("cid", _echo, "cid"))
        with pytest.raises(ApiError):  # five waiting in all
            await share.run("dan", _echo, "dan")
        await _let_go(fifo)
        assert await asyncio.gather(*tasks) == [
            "running", "waiting 0", "waiting 1", "waiting 2", "bob", "cid",
        ]  # fmt: skip

    _run(scenario)


def test_a_request_whose_client_left_leaves_its_line(fifo: Path) -> None:
    async def scenario(share: FairShare) -> None:
        running, gone, kept = await _started(
            share.run("ann", _held, str(fifo), "running"),
            share.run("ann", _echo, "gone"),
            share.run("bob", _echo, "kept"),
        )
        gone.cancel()
        await asyncio.gather(gone, return_exceptions=True)
        await _let_go(fifo)
        assert [await running, await kept] == ["running", "kept"]
        assert await share.run("ann", _echo, "next") == "next"

    _run(scenario)


def test_a_worker_that_dies_is_replaced(fifo: Path) -> None:
    async def scenario(share: FairShare) -> None:
        (first,) = await _started(share.run("ann", _pid, str(fifo)))
        await _let_go(fifo)
        worker = await first
        (dying,) = await _started(share.run("ann", _held, str(fifo), "never"))
        os.kill(worker, signal.SIGKILL)
        with pytest.raises(Exception, match="terminated abruptly"):
            await dying
        assert await share.run("ann", _echo, "again") == "again"

    _run(scenario)
