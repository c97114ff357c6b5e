"""What an Okey state shows: `view` per seat, `observation` tensors, and the JSON form.

The view keys are documented in `spieltisch.games.okey.rules`.
"""

from __future__ import annotations

from typing import Any

from spieltisch.core.protocol import (
    JSON,
    READ_ERRORS,
    IllegalAction,
    unreadable,
    whole_number,
)
from spieltisch.games.okey import layout, tiles
from spieltisch.games.okey.options import NORMAL_WIN, START_POINTS, TURN_LIMIT
from spieltisch.games.okey.rules import (
    HOW,
    P_DEAL,
    P_DISCARD,
    P_DRAW,
    P_DRAWING,
    P_INDICATOR,
    P_OVER,
    P_STARTER,
    PHASES,
    OkeyGame,
    OkeyState,
    Result,
)

_LAST_KINDS = ("starter", "indicator", "deal", "take", "draw", "drew", "discard", "finish")
_LEADS_TO = ((), ("starter", "discard", "finish"), ("indicator", "deal"), ("discard",),
             ("draw",), ("deal", "take", "drew"), ("discard", "finish"))
"""Per phase: the kinds of last move after which a match is in it."""
_BEFORE_DEAL = (P_STARTER, P_INDICATOR)
_SEATED = (P_DRAW, P_DRAWING, P_DISCARD)


def _name(k: int) -> str | None:
    return tiles.name(k) if k >= 0 else None


def last_move_seen(last: tuple[int, str, int] | None, viewer: int | None) -> str | None:
    """The last move's notation as `viewer` may see it."""
    if last is None:
        return None
    actor, kind, tile = last
    if kind == "starter":
        return f"seat {tile + 1} starts"
    if kind == "draw":
        return "draw"
    if kind == "deal" and viewer != actor:
        return f"deal to seat {actor + 1}"
    if kind == "drew" and viewer != actor:
        return "draws from the pile"
    return f"{kind} {tiles.name(tile)}"


def view(state: OkeyState, seat: int | None) -> dict[str, JSON]:
    """Everything `seat` may know (see the rules module for the keys)."""
    game = state.game
    options = game.options
    n = options.players
    okey = state.okey
    false_as = None
    if okey >= 0 and okey != tiles.FALSE_JOKER:
        false_as = tiles.name(okey)
    results: list[JSON] = []
    for round_no, winner, how, tile, okey_discard, hand, change, round_okey in state.results:
        results.append({
            "round": round_no,
            "winner": winner if winner >= 0 else None,
            "how": HOW[how],
            "discard": _name(tile),
            "okey_discard": bool(okey_discard),
            "hand": [tiles.name(k) for k in hand],
            "melds": (layout.winning_melds(hand, round_okey, HOW[how] == "seven pairs")
                      if hand and round_okey >= 0 else []),
            "change": list(change),
            "okey": _name(round_okey),
        })
    discards = [[tiles.name(k) for k in pile] for pile in state.discards]
    known = [[tiles.name(k) for k in took] for took in state.known]
    if state.phase == P_OVER and state.last is not None and state.last[1] == "finish":
        winner, finished = state.last[0], tiles.name(state.last[2])
        discards[winner].append(finished)  # where the players saw it go down
        if finished in known[winner]:
            known[winner].remove(finished)
    last: JSON = None
    if state.last is not None:
        actor = state.last[0]
        last = {"seat": actor if actor >= 0 else None,
                "move": last_move_seen(state.last, seat)}
    return {
        "game": "okey",
        "preset": options.preset,
        "players": n,
        "seat": seat,
        "direction": "clockwise" if options.clockwise else "anticlockwise",
        "round": state.round,
        "rounds": options.rounds,
        "starter": state.starter if state.starter >= 0 else None,
        "phase": PHASES[state.phase],
        "to_move": state.current_player if state.current_player >= 0 else None,
        "indicator": _name(state.indicator),
        "okey": _name(okey),
        "false_joker_as": false_as,
        "rack": None if seat is None else tiles.names(state.racks[seat]),
        "rack_sizes": [sum(r) for r in state.racks],
        "discards": discards,
        "takeable": _name(state.takeable()),
        "known": known,
        "pile": state.pool_size,
        "turn": state.turns,
        "turn_limit": TURN_LIMIT,
        "scores": state.scores(),
        "score_label": "points" if options.countdown else "rounds won",
        "last_move": last,
        "results": results,
        "stake": _stake(state) if state.phase != P_OVER else None,
        "finishes": _finishes(state) if seat is not None and seat == state.seat else [],
    }


def _finishes(state: OkeyState) -> list[JSON]:
    """The discards that finish the round for the player to discard, with what each
    costs every opponent (null where the preset counts rounds won)."""
    countdown = state.game.options.countdown
    return [{"tile": tiles.name(k), "points": state.finish_points(k) if countdown else None}
            for k in state.finishing_discards()]


def _stake(state: OkeyState) -> dict[str, JSON]:
    options = state.game.options
    if options.countdown:
        return {"normal": NORMAL_WIN, "okey_discard": 2 * NORMAL_WIN,
                "seven_pairs": 2 * NORMAL_WIN, "seven_pairs_okey_discard": 4 * NORMAL_WIN,
                "unit": "points each opponent loses", "match_ends_at": 0}
    return {"win": 1, "unit": "round won",
            "rounds_left": options.rounds - len(state.results)}


def observation(state: OkeyState, seat: int) -> list[float]:
    """A flat tensor of what `seat` may know: its rack, the indicator, the okey and the
    tile the player to draw may take (one-hot by kind), then each seat's discards (counts;
    only the takeable one's place in its pile matters) and what it was seen to take,
    rack size and discards made, then the phase, the seat, the player to move, the scores,
    the pile, the turn and the round."""
    n = state.game.options.players
    obs = [c / 2.0 for c in state.racks[seat]]
    for k in (state.indicator, state.okey, state.takeable()):
        obs.extend(1.0 if i == k else 0.0 for i in range(tiles.KINDS))
    for s in range(n):
        pile = [0.0] * tiles.KINDS
        for k in state.discards[s]:
            pile[k] += 0.5
        known = [0.0] * tiles.KINDS
        for k in state.known[s]:
            known[k] += 0.5
        obs.extend(pile)
        obs.extend(known)
        obs.append(sum(state.racks[s]) / 15.0)
        obs.append(len(state.discards[s]) / TURN_LIMIT)
    obs.extend(1.0 if i == state.phase else 0.0 for i in range(len(PHASES)))
    obs.extend(1.0 if s == seat else 0.0 for s in range(n))
    obs.extend(1.0 if s == state.current_player else 0.0 for s in range(n))
    scale = START_POINTS if state.game.options.countdown else state.game.options.rounds
    obs.extend(s / scale for s in state.score)
    obs.append(state.pool_size / tiles.TOTAL)
    obs.append(state.turns / TURN_LIMIT)
    obs.append(state.round / state.game.options.rounds)
    return obs


def to_json(state: OkeyState) -> dict[str, JSON]:
    """The full state, hidden parts included."""
    return {
        "phase": state.phase,
        "round": state.round,
        "starter": state.starter,
        "seat": state.seat,
        "indicator": state.indicator,
        "racks": [list(r) for r in state.racks],
        "pool": list(state.pool),
        "discards": [list(p) for p in state.discards],
        "known": [list(k) for k in state.known],
        "turns": state.turns,
        "dealt": state.dealt,
        "score": list(state.score),
        "last": None if state.last is None else list(state.last),
        "results": [[r, w, h, t, o, list(hand), list(change), k]
                    for r, w, h, t, o, hand, change, k in state.results],
    }


def state_from_json(game: OkeyGame, data: JSON) -> OkeyState:
    """Rebuild a state from `to_json`; `IllegalAction` for anything else."""
    n = game.options.players
    try:
        if not isinstance(data, dict):
            raise IllegalAction("a state is a JSON object")
        racks = tuple(_counts(r) for r in data["racks"])
        pool = _counts(data["pool"])
        discards = tuple(tuple(_kind(k) for k in p) for p in data["discards"])
        known = tuple(tuple(sorted(_kind(k) for k in p)) for p in data["known"])
        last_raw = data["last"]
        last = None
        if last_raw is not None:
            actor, kind, tile = last_raw
            if kind not in _LAST_KINDS:
                raise IllegalAction(f"unknown last move {kind!r}")
            last = (whole_number(actor), str(kind), whole_number(tile))
        results = tuple(_result(result) for result in data["results"])
        phase, round_no, starter, seat, indicator, turns, dealt = (
            whole_number(data[key])
            for key in ("phase", "round", "starter", "seat", "indicator", "turns", "dealt"))
        state = OkeyState(game, phase, round_no, starter, seat, indicator, racks, pool,
                          sum(pool), discards, known, turns, dealt,
                          tuple(whole_number(s) for s in data["score"]), last, results)
    except READ_ERRORS as fault:
        raise unreadable("an Okey state", fault, data) from None
    if not (0 <= state.phase < len(PHASES) and len(racks) == n and len(discards) == n
            and len(known) == n and len(state.score) == n and -1 <= state.starter < n
            and -1 <= state.seat < n and -1 <= state.indicator < tiles.KINDS):
        raise IllegalAction("not an Okey state for these options")
    problem = _inconsistency(state)
    if problem:
        raise IllegalAction(f"not an Okey state: {problem}")
    return state


def _inconsistency(state: OkeyState) -> str:
    """What makes `state` impossible in a match under its rules ('' if nothing)."""
    for check in (_phase_problem, _last_problem, _tiles_problem, _racks_problem,
                  _results_problem):
        problem = check(state)
        if problem:
            return problem
    return ""


def _phase_problem(state: OkeyState) -> str:
    phase = state.phase
    name = PHASES[phase]
    if (state.seat >= 0) != (phase in _SEATED):
        return f"seat {state.seat} to move in phase {name}"
    if (state.starter >= 0) != (phase != P_STARTER):
        return f"starter {state.starter} in phase {name}"
    if (state.indicator >= 0) != (phase not in _BEFORE_DEAL):
        return f"indicator {state.indicator} in phase {name}"
    total = state.game.deal_total
    deal = range(total) if phase == P_DEAL else (0,) if phase in _BEFORE_DEAL else (total,)
    if state.dealt not in deal:
        return f"{state.dealt} tiles dealt in phase {name}"
    if not 0 <= state.turns <= TURN_LIMIT - (phase != P_OVER):
        return f"turn {state.turns} in phase {name}"
    if phase in (P_DRAW, P_DRAWING) and not state.pool_size:
        return f"an empty pile in phase {name}"
    if not 1 <= state.round <= state.game.options.rounds or \
            len(state.results) != state.round - (phase != P_OVER):
        return f"round {state.round} after {len(state.results)} finished rounds"
    return ""


def _tiles_problem(state: OkeyState) -> str:
    total = [sum(col) for col in zip(state.pool, *state.racks, strict=True)]
    for pile in state.discards:
        for k in pile:
            total[k] += 1
    if state.indicator >= 0:
        total[state.indicator] += 1
    if state.phase == P_OVER and state.last is not None and state.last[1] == "finish":
        total[state.last[2]] += 1
    if any(t != tiles.COPIES for t in total):
        return "the tiles do not add up to one box"
    return ""


def _racks_problem(state: OkeyState) -> str:
    sizes = [sum(rack) for rack in state.racks]
    if sizes != _rack_sizes(state):
        return f"racks of {sizes} tiles in phase {PHASES[state.phase]}"
    for seat, (rack, known) in enumerate(zip(state.racks, state.known, strict=True)):
        if any(known.count(k) > rack[k] for k in known):
            return f"seat {seat} was seen to take tiles it does not hold"
    return ""


def _rack_sizes(state: OkeyState) -> list[int]:
    """How many tiles each rack holds in every match at this point."""
    n = state.game.options.players
    if state.phase in _BEFORE_DEAL:
        return [0] * n
    if state.phase == P_DEAL:
        sizes = [0] * n
        for tile in range(state.dealt):
            sizes[state.game.deal_seat(state.starter, tile)] += 1
        return sizes
    sizes = [14] * n
    if state.phase == P_DISCARD:
        sizes[state.seat] += 1
    return sizes


def _last_problem(state: OkeyState) -> str:
    phase = PHASES[state.phase]
    if state.last is None:
        return "" if state.phase == P_STARTER else f"no last move before phase {phase}"
    actor, kind, tile = state.last
    if kind not in _LEADS_TO[state.phase] or not _last_fits(state, actor, kind, tile):
        return f"the last move {[actor, kind, tile]} cannot lead to phase {phase}"
    return ""


def _last_fits(state: OkeyState, actor: int, kind: str, tile: int) -> bool:
    """Whether the last move's seat and tile fit the state it led to."""
    if kind == "starter":
        return actor == -1 and tile == state.starter
    if kind == "indicator":
        return actor == -1 and tile == state.indicator
    if kind == "draw":
        return actor == state.seat and tile == -1
    if not (0 <= actor < state.game.options.players and 0 <= tile < tiles.KINDS):
        return False
    if kind in ("discard", "finish"):
        return True
    rack = state.racks[actor]
    if kind == "take":
        return rack[tile] > 0 and actor == state.seat
    unseen = sum(rack) > len(state.known[actor])
    return rack[tile] > 0 and unseen and (kind == "deal" or actor == state.seat)


def _results_problem(state: OkeyState) -> str:
    n = state.game.options.players
    for number, (round_no, winner, how, tile, okey_discard, _, change, okey) in \
            enumerate(state.results, 1):
        if not (round_no == number and -1 <= winner < n and 0 <= how < len(HOW)
                and -1 <= tile < tiles.KINDS and okey_discard in (0, 1) and len(change) == n
                and -1 <= okey < tiles.KINDS):
            return f"the result of round {number} is not one a round can have"
    return ""


def _result(data: Any) -> Result:
    """A finished round from `to_json`; one saved without its okey has -1 there."""
    r, w, h, t, o, hand, change, *rest = data
    if len(rest) > 1:
        raise IllegalAction("a round's result has 7 or 8 entries")
    return (whole_number(r), whole_number(w), whole_number(h), whole_number(t),
            whole_number(o), tuple(_kind(k) for k in hand),
            tuple(whole_number(c) for c in change), whole_number(rest[0]) if rest else -1)


def _kind(value: Any) -> int:
    k = whole_number(value)
    if not 0 <= k < tiles.KINDS:
        raise IllegalAction(f"{k} is not a tile kind")
    return k


def _counts(values: Any) -> tuple[int, ...]:
    out = tuple(whole_number(v) for v in values)
    if len(out) != tiles.KINDS or min(out) < 0 or max(out) > tiles.COPIES:
        raise IllegalAction("a tile count list has 53 entries from 0 to 2")
    return out
