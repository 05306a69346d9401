"""The server's log: one line per record with time, level and logger, on
standard error, for the app and for uvicorn alike (``--log-level``; the access
log only with ``--access-log``)."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["LOG_LEVELS", "logging_config"]

LOG_LEVELS: Final = ("debug", "info", "warning", "error", "critical")
_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def logging_config(level: str) -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for uvicorn's ``log_config``: every
    logger (``yukon.*``, ``uvicorn.*``) writes through one handler at *level*.

    >>> logging_config("warning")["root"]
    {'handlers': ['stderr'], 'level': 'WARNING'}
    """
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"plain": {"format": _FORMAT}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "plain",
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            # uvicorn's loggers pass their records to the root's one handler.
            name: {"handlers": [], "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
        },
        "root": {"handlers": ["stderr"], "level": level.upper()},
    }
