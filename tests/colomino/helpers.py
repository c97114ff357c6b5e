"""Hand-set Colomino positions for the scenario tests."""

from __future__ import annotations

from spieltisch import load
from spieltisch.games.colomino.placing import CENTRE, EMPTY
from spieltisch.games.colomino.rules import ColominoGame, ColominoState
from spieltisch.games.colomino.tiles import (
    JOKER,
    JOKER_ORIENTATION,
    KIND_OF,
    orientation_of,
    oriented,
    parse_edges,
)


def game(preset: str = "small", players: int = 2, start: str = "A") -> ColominoGame:
    loaded = load("colomino", preset=preset, players=players, start=start)
    assert isinstance(loaded, ColominoGame)
    return loaded


def kind(name: str) -> int:
    """The kind of a tile written by its pattern (any rotation) or ``J``."""
    if name.upper() == "J":
        return JOKER
    edges = parse_edges(name)
    assert edges is not None, name
    return KIND_OF[orientation_of(edges)]


def lying(edges: str) -> int:
    """Board content of a tile lying with these edges (north, east, south, west), or a joker."""
    if edges.upper() == "J":
        return JOKER_ORIENTATION
    parsed = parse_edges(edges)
    assert parsed is not None, edges
    return orientation_of(parsed)


def position(
    g: ColominoGame,
    tiles: dict[str, str] | None = None,
    racks: list[list[str]] | None = None,
    *,
    to_move: int = 0,
    placed: int = 0,
    courts: int = 0,
    final: int = -1,
    turn: int = 5,
    yellow: list[int] | None = None,
    blue: list[int] | None = None,
    bag_left: int | None = None,
    fresh: tuple[str, ...] = (),
    over: bool = False,
) -> ColominoState:
    """A state with tiles on squares (``{"E1": "RYGB"}`` as they lie), the given racks and
    the rest of the tiles in the bag; with `bag_left`, surplus tiles are parked on empty
    squares from the target line down until the bag holds that many."""
    spec = g.options.board
    board = list(g.geo.empty_board())
    for name, edges in (tiles or {}).items():
        square = spec.parse_square(name)
        assert square is not None, name
        board[square] = lying(edges)
    n = g.options.players
    rack_kinds = [sorted(kind(t) for t in rack) for rack in (racks or [[] for _ in range(n)])]
    counts = list(g.total)
    for content in board:
        if content != EMPTY and content < CENTRE:
            counts[KIND_OF[content]] -= 1
    for rack in rack_kinds:
        for k in rack:
            counts[k] -= 1
    if bag_left is not None:
        # park surplus coloured tiles on empty squares, from the target line down
        for square in range(len(board) - 1, -1, -1):
            if sum(counts) <= bag_left:
                break
            if board[square] == EMPTY:
                k = next(k for k in range(JOKER) if counts[k])
                counts[k] -= 1
                board[square] = oriented(k, 0)
    assert all(c >= 0 for c in counts), "more tiles than the set holds"
    data = {
        "board": board,
        "racks": rack_kinds,
        "bag": counts,
        "yellow": yellow or [0] * n,
        "blue": blue or [0] * n,
        "to_move": to_move,
        "drawer": -1,
        "placed": placed,
        "courts": courts,
        "final": final,
        "jokers_out": 0,
        "last_actor": -1,
        "last_action": -1,
        "turn": turn,
        "over": over,
        "fresh": [spec.parse_square(s) for s in fresh],
    }
    return g.state_from_json(data)


def play(state: ColominoState, *moves: str) -> ColominoState:
    """Apply moves written in notation."""
    for move in moves:
        state = state.apply(state.string_to_action(move))
    return state
