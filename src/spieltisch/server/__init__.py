"""The web table: an authoritative game server with a static browser front end.

`serve` runs it; `create_app` gives the ASGI app (for tests and other servers).
"""

from __future__ import annotations

from pathlib import Path

from spieltisch.server.app import create_app

__all__ = ["create_app", "serve"]


def serve(host: str, port: int, data_dir: Path, database: str | None = None) -> None:
    """Run the web table on `host`:`port` with its tables in `data_dir` (or in the
    PostgreSQL database at the URL `database`), until interrupted."""
    import uvicorn

    from spieltisch.server.app import DATABASE
    from spieltisch.server.messages import MAX_MESSAGE_CHARS

    app = create_app(data_dir, database=database)
    shown = "localhost" if host in ("0.0.0.0", "::", "") else host
    print(f"spieltisch: the web table is at http://{shown}:{port}/", flush=True)
    if database is None:
        where = str(data_dir.resolve() / DATABASE)
    else:
        from spieltisch.server.postgres import describe

        where = describe(database)
    print(f"spieltisch: tables are stored in {where}", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning",
                ws_max_size=4 * MAX_MESSAGE_CHARS, ws_per_message_deflate=False)
