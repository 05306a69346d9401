"""The web layer: a Starlette app with the JSON API, the pages and their files."""

from yukon.web.app import create_app
from yukon.web.config import AppSettings

__all__ = ["AppSettings", "create_app"]
