"""The web table: an authoritative game server with a static browser front end.

`serve` runs it; `create_app` gives the ASGI app (for tests and other servers).
"""

from __future__ import annotations

import signal
from pathlib import Path
from types import FrameType

from spieltisch.server.app import create_app
from spieltisch.server.reach import WILDCARDS, Reach, reach

__all__ = ["announcement", "create_app", "serve"]


def announcement(host: str, port: int, far: Reach) -> list[str]:
    """What `serve` says of where the web table can be opened.

    >>> for line in announcement("0.0.0.0", 8000, Reach(origin="http://192.168.1.23:8000")):
    ...     print(line)
    the web table is at http://localhost:8000/
    other devices on the network open it at http://192.168.1.23:8000/
    """
    shown = "localhost" if host in WILDCARDS else f"[{host}]" if ":" in host else host
    lines = [f"the web table is at http://{shown}:{port}/"]
    if far.origin is not None:
        lines.append(f"other devices on the network open it at {far.origin}/")
    elif far.local:
        lines.append("only this computer can open it; --host 0.0.0.0 lets other devices "
                     "on the network in")
    return lines


def serve(host: str, port: int, data_dir: Path, database: str | None = None) -> None:
    """Run the web table on `host`:`port` with its tables in `data_dir` (or in the
    PostgreSQL database at the URL `database`), until interrupted."""
    import uvicorn

    from spieltisch.server.app import DATABASE
    from spieltisch.server.messages import MAX_MESSAGE_CHARS

    far = reach(host, port)
    app = create_app(data_dir, database=database, reach=far)
    for line in announcement(host, port, far):
        print(f"spieltisch: {line}", flush=True)
    if database is None:
        where = str(data_dir.resolve() / DATABASE)
    else:
        from spieltisch.server.postgres import describe

        where = describe(database)
    print(f"spieltisch: tables are stored in {where}", flush=True)
    # uvicorn stops on SIGTERM and then raises it again: exit like on SIGINT, cleaning up
    # (the bot workers' semaphores), rather than die with a warning of leaked ones.
    signal.signal(signal.SIGTERM, _exit_on_signal)
    uvicorn.run(app, host=host, port=port, log_level="warning",
                ws_max_size=4 * MAX_MESSAGE_CHARS, ws_per_message_deflate=False)


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    """End the process as a signal would, with the clean-up of a normal exit."""
    raise SystemExit(128 + signum)
