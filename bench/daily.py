"""The daily deal's figures query on a big database: how long the one aggregate
query takes (winners, median time and moves, the player's standing) with
100,000 stored daily games, on SQLite and on PostgreSQL. Prints figures;
asserts nothing.

    .venv/bin/python bench/daily.py [--games 100000] [--days 30] [--asks 200]
                                    [--postgres postgresql://…]

Two spreads of the same number of games: over ``--days`` days and the four rule
sets (a day's deal then has games / (4 × days) of them), and all on one day
under one rule set, the worst case. Each game is a player's first of its day's
deal; four in five are won. The query is asked ``--asks`` times for random
players (a winner or not) after one warm-up ask; the median and the slowest
ask are printed, in ms. The SQLite file is in a temporary folder; PostgreSQL
(``--postgres``, or ``YUKON_TEST_POSTGRES_URL``) gets a new schema, dropped
afterwards.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path

from yukon.engine import RULE_SETS
from yukon.storage import open_store
from yukon.storage.dialect import POSTGRES, SQLITE, Dialect
from yukon.storage.figures import FIGURES_QUERY, figures_parameters
from yukon.storage.rows import GAME_FIELDS

FIRST = date(2026, 12, 1)
_PLAYER = "INSERT INTO players (id, created) VALUES (?, ?)"
_INSERT = (
    f"INSERT INTO games ({GAME_FIELDS}, number, daily_first)"
    f" VALUES ({', '.join('?' * (GAME_FIELDS.count(',') + 3))})"
)


def rows(
    games: int, days: int, letters: list[str], rng: random.Random
) -> Iterator[tuple[object, ...]]:
    """*games* first games of daily deals spread over *days* and *letters*."""
    for number in range(games):
        day = (FIRST + timedelta(days=number % days)).isoformat()
        letter = letters[number // days % len(letters)]
        won = rng.random() < 0.8
        ms = rng.randrange(60_000, 1_800_000)
        moves = rng.randrange(90, 400)
        created = 1_796_000_000.0 + number
        code = f"YU1-{letter}-AAAAAAB"
        yield (
            f"g{number}", f"p{number}", code, letter, code,
            1, 1, 0, ms, None, 0, 625 if won else 200, moves, 0, int(won), created, created,
            day, 1, 1,
        )  # fmt: skip


def fill(target: str | Path, dialect: Dialect, games: int, days: int, letters: list[str]) -> float:
    """Store the games at *target* (its schema made by the app); the seconds it took."""
    open_store(target).close()
    started = time.perf_counter()
    batch = list(rows(games, days, letters, random.Random(7)))
    players = [(row[1], row[15]) for row in batch]
    if dialect is SQLITE:
        import sqlite3

        connection = sqlite3.connect(target)
        connection.executemany(_PLAYER, players)
        connection.executemany(_INSERT, batch)
        connection.commit()
        connection.execute("ANALYZE")
        connection.close()
    else:
        import psycopg

        with psycopg.connect(str(target)) as pg, pg.cursor() as cursor:
            cursor.executemany(dialect.sql(_PLAYER), players)
            cursor.executemany(dialect.sql(_INSERT), batch)
        # What autovacuum does to a table that has stopped growing: the visibility
        # map that lets a count read the index alone, and the planner's figures.
        with psycopg.connect(str(target), autocommit=True) as pg:
            pg.execute("VACUUM ANALYZE games")
    return time.perf_counter() - started


def ask(target: str | Path, dialect: Dialect, games: int, days: int, asks: int) -> list[float]:
    """The times of *asks* figures queries (ms) for random days and players."""
    store = open_store(target)
    rng = random.Random(11)
    times = []
    for index in range(asks + 1):
        number = rng.randrange(games)
        day = (FIRST + timedelta(days=number % days)).isoformat()
        letter = RULE_SETS[number // days % 4].letter if days > 1 else "C"
        parameters = figures_parameters(day, letter, f"p{number}")
        started = time.perf_counter()
        # the store's own pool, so that the query alone is timed
        with store._connections.connection() as connection:  # type: ignore[attr-defined]
            connection.execute(dialect.sql(FIGURES_QUERY), parameters).fetchone()
        if index:  # the first ask warms the caches
            times.append((time.perf_counter() - started) * 1000)
    store.close()
    return times


@contextmanager
def databases(postgres: str | None) -> Iterator[list[tuple[str, str | Path, Dialect]]]:
    """A new SQLite file and, when a URL is given, a new PostgreSQL schema."""
    with tempfile.TemporaryDirectory() as folder:
        found: list[tuple[str, str | Path, Dialect]] = [
            ("SQLite", Path(folder) / "daily.sqlite3", SQLITE)
        ]
        if not postgres:
            yield found
            return
        import psycopg

        schema = f"bench_{secrets.token_hex(4)}"
        with psycopg.connect(postgres, autocommit=True) as connection:
            connection.execute(f"CREATE SCHEMA {schema}")
        url = f"{postgres}{'&' if '?' in postgres else '?'}options=-csearch_path%3D{schema}"
        try:
            yield [*found, ("PostgreSQL", url, POSTGRES)]
        finally:
            with psycopg.connect(postgres, autocommit=True) as connection:
                connection.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--asks", type=int, default=200)
    parser.add_argument("--postgres", default=os.environ.get("YUKON_TEST_POSTGRES_URL"))
    args = parser.parse_args()
    spreads = [
        (f"{args.days} days × 4 rule sets", args.days, [rules.letter for rules in RULE_SETS]),
        ("one day, one rule set", 1, ["C"]),
    ]
    print(f"{args.games:,} stored daily games; the figures query, {args.asks} asks")
    for title, days, letters in spreads:
        with databases(args.postgres) as found:
            for name, target, dialect in found:
                seconds = fill(target, dialect, args.games, days, letters)
                times = ask(target, dialect, args.games, days, args.asks)
                print(
                    f"  {name:10} {title:24} median {statistics.median(times):6.2f} ms,"
                    f" slowest {max(times):6.2f} ms (stored in {seconds:.0f} s)"
                )


if __name__ == "__main__":
    main()
