"""A throwaway PostgreSQL server for the storage and server tests: Debian's binaries,
a cluster in a temporary directory, one fresh database per test."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest


def _binaries() -> Path:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parts[-3]))
    if not versions:
        pytest.fail("PostgreSQL is not installed here; `make test` installs Debian's")
    return Path(versions[-1]).parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def postgres() -> Iterator[Callable[[], str]]:
    """Start a cluster; the fixture makes a fresh database and gives its URL."""
    binaries = _binaries()
    # PostgreSQL refuses to run as root; root runs it as the package's own user.
    as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    home = Path(tempfile.mkdtemp(prefix="spieltisch-pg-"))
    if as_owner:
        shutil.chown(home, "postgres")
    data, port = home / "data", _free_port()

    def run(*command: str) -> None:
        subprocess.run([*as_owner, *command], check=True, capture_output=True, timeout=120)

    run(str(binaries / "initdb"), "-D", str(data), "-U", "spieltisch", "--auth=trust",
        "--no-sync", "-E", "UTF8")
    run(str(binaries / "pg_ctl"), "-D", str(data), "-w", "-l", str(home / "log"), "-o",
        f"-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={home} "
        "-c fsync=off", "start")
    names = itertools.count()

    def database() -> str:
        name = f"t{next(names)}"
        with psycopg.connect(f"postgresql://spieltisch@127.0.0.1:{port}/postgres",
                             autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return f"postgresql://spieltisch@127.0.0.1:{port}/{name}"

    try:
        yield database
    finally:
        run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(home, ignore_errors=True)
