"""The planning bot's outlook: stolen courts, kept tiles and the race to the end."""

from __future__ import annotations

from spieltisch.games.colomino.outlook import Outlook, Weights
from spieltisch.games.colomino.planner import TurnPlanner

from .helpers import game, position
from .test_courts import TILES


def test_a_court_left_behind_is_expected_to_go_to_the_opponent_first() -> None:
    state = position(game(), TILES, [["GGGG"], ["YYYY"]])
    plan = TurnPlanner(state.game.geo).start(state)
    forecast = Outlook(state, 0, Weights()).forecast(plan)
    assert 0 < forecast.theirs[0] < 2 + 1 + 1
    keeping = position(game(), TILES, [["RRRY", "RRBG"], ["YYYY"]])
    better = Outlook(keeping, 0, Weights()).forecast(TurnPlanner(keeping.game.geo).start(keeping))
    assert better.ours > forecast.ours, "kept tiles that fit the courts are worth points"


def test_more_unseen_fitting_tiles_mean_more_danger() -> None:
    state = position(game(), TILES, [["GGGG"], ["YYYY"]])
    outlook = Outlook(state, 0, Weights())
    open_court = state.game.geo.need(state.board, 4)  # E1 needs red south, west, east
    closed_court = state.game.geo.need(state.board, 0)  # A1 needs all four sides
    assert outlook.fit_count(open_court) > outlook.fit_count(closed_court) >= 4  # + jokers
    assert outlook.chance(outlook.fit_count(open_court), 5) > \
        outlook.chance(outlook.fit_count(closed_court), 5)
    assert outlook.chance(0, 5) == 0.0


def test_a_leader_likes_to_end_the_game_and_a_trailer_does_not() -> None:
    for yellow, wants_end in (([10, 0], True), ([0, 10], False)):
        state = position(game(), {}, [["GGGG"], ["YYYY"]], yellow=yellow)
        outlook = Outlook(state, 0, Weights())
        plan = TurnPlanner(state.game.geo).start(state)
        going_on = outlook.value(plan)
        plan.top = True
        ending = outlook.value(plan)
        assert (ending > going_on) == wants_end
