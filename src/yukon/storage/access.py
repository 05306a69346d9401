"""Why PostgreSQL would not let the app in, in words an operator can act on.

A refused connection reaches the client as libpq's text only (no SQLSTATE
exists before the session does), so the cases are told apart by the server's
English words; a server set to another language is quoted as it speaks. A
refusal the settings cause (a wrong password, no such database or user, a
missing right) is a :class:`DatabaseAccessError`: starting again changes
nothing. A server that cannot be reached now is a
:class:`DatabaseUnreachableError`. No message holds the password: libpq never
repeats it, and the URL is not quoted here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from yukon.storage.errors import DatabaseAccessError, DatabaseUnreachableError, StorageError

if TYPE_CHECKING:
    import psycopg

__all__ = ["connection_refusal", "missing_right"]

_PREFIX: Final = re.compile(
    r'^(?:connection failed: )?connection to server at "[^"]*", port \d+ failed: '
)
_PLAIN_NAME: Final = re.compile(r"[a-z_][a-z0-9_$]*")


def _name(text: str) -> str:
    """An SQL identifier as a GRANT needs it: quoted unless it is a plain name.

    >>> _name("yukon"), _name("Yukon-App")
    ('yukon', '"Yukon-App"')
    """
    if _PLAIN_NAME.fullmatch(text):
        return text
    return '"' + text.replace('"', '""') + '"'


def _reason(error: psycopg.Error) -> str:
    """libpq's first line, without the "connection to server at … failed" preamble."""
    text = str(error).strip() or type(error).__name__
    return _PREFIX.sub("", text.splitlines()[0]).removeprefix("FATAL:").strip()


def connection_refusal(error: psycopg.Error) -> StorageError:
    """The error to raise for *error*, a connection PostgreSQL did not open."""
    info = error.pgconn
    user = info.user.decode() if info is not None and info.user else "?"
    database = info.db.decode() if info is not None and info.db else "?"
    where = "PostgreSQL"
    if info is not None and info.host:
        where = f"PostgreSQL at {info.host.decode()}:{info.port.decode()}"
    reason = _reason(error)
    if "password authentication failed" in reason:
        return DatabaseAccessError(
            f"{where} refused the password of the user {user!r}"
            " (check the password file, PGPASSFILE, or the URL)"
        )
    if "no password supplied" in reason:
        return DatabaseAccessError(
            f"{where} asks for the password of the user {user!r} and none was given: put it"
            " in a password file named by PGPASSFILE (mode 0600), or in the URL"
        )
    if re.search(r'database "[^"]*" does not exist', reason):
        return DatabaseAccessError(
            f"{where} has no database {database!r}: create it, for example with"
            f" createdb --owner {_name(user)} {_name(database)}"
        )
    if re.search(r'role "[^"]*" does not exist', reason):
        return DatabaseAccessError(
            f"{where} has no user {user!r}: create it, for example with"
            f" createuser --pwprompt {_name(user)}"
        )
    if "permission denied for database" in reason:
        return DatabaseAccessError(
            f"the user {user!r} may not connect to the database {database!r}: as its owner, run"
            f" GRANT CONNECT ON DATABASE {_name(database)} TO {_name(user)}"
        )
    if "no pg_hba.conf entry" in reason:
        return DatabaseAccessError(
            f"{where} does not let the user {user!r} connect to {database!r} from here"
            " (its pg_hba.conf has no line for it)"
        )
    return DatabaseUnreachableError(f"cannot reach {where}: {reason}")


def missing_right(
    error: psycopg.Error, user: str, database: str, schema: str | None, search_path: str
) -> StorageError:
    """The error to raise for *error*, a statement of the app's that *user* was not
    allowed to run in *schema* (``None``: no schema of the *search_path* may be
    used), with the ``GRANT`` that allows it."""
    told = error.diag.message_primary or str(error)
    who = f"the PostgreSQL user {user!r}"
    if schema is None:
        named = [name.strip() for name in search_path.split(",") if "$user" not in name]
        target = named[0] if len(named) == 1 else "SCHEMA_NAME"
        return DatabaseAccessError(
            f"{who} may use none of the schemas of its search_path ({search_path}) in the"
            f" database {database!r}: as the owner of the one to hold the app's tables, run"
            f" GRANT USAGE, CREATE ON SCHEMA {target} TO {_name(user)}"
        )
    owner = "the database's owner" if schema == "public" else "the schema's owner"
    if re.fullmatch(r"permission denied for schema \S+", told):
        return DatabaseAccessError(
            f"{who} may not create tables in the schema {schema!r} of the database"
            f" {database!r}: as {owner}, run"
            f" GRANT CREATE ON SCHEMA {_name(schema)} TO {_name(user)}"
        )
    if re.fullmatch(r"permission denied for (?:table|relation) \S+", told):
        return DatabaseAccessError(
            f"{who} may not read and write the app's tables in the schema {schema!r}"
            f" ({told}): as their owner, run GRANT SELECT, INSERT, UPDATE, DELETE"
            f" ON ALL TABLES IN SCHEMA {_name(schema)} TO {_name(user)}"
        )
    return DatabaseAccessError(f"{who} lacks a right in the database {database!r}: {told}")
