"""Yukon Solitaire: the rules engine, the solver, the server and the command line."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("yukon-solitaire")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
