"""Fixtures of the server tests (the harnesses live in server_harness.py and
postgres_harness.py)."""

from .postgres_harness import postgres
from .server_harness import server

__all__ = ["postgres", "server"]
