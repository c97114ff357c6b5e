"""Chat at a table: what the people seated there say to each other.

Only seats write and read it; spectators and computer players do neither. Whoever
said a line may take it back: it goes for everybody and from storage. A line is
made plain like a name (`plain_text`), and a seat may say at most `PACE_LINES` lines
in `PACE_SECONDS` seconds, over all its connections (`spieltisch.server.pace.Pace`).
"""

from __future__ import annotations

MAX_CHAT = 300
"""Characters in one chat line."""
PACE_LINES = 5
PACE_SECONDS = 10.0
