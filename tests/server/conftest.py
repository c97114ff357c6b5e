"""Fixtures of the server tests (the harness lives in server_harness.py)."""

from .server_harness import server

__all__ = ["server"]
