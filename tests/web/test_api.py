"""The JSON API against the real app and a real SQLite file (docs/api.md)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.web.conftest import FakeClock
from tests.web.helpers import API, EXAMPLE, WIN_CODE, WIN_LINE, get_state, new_game, play
from yukon.engine import RULE_SETS, Game, GameCode, Move
from yukon.solver import pool


def test_a_new_game_from_a_code_hides_the_face_down_cards(client: TestClient) -> None:
    state = new_game(client, " yu1-c-aaaaaab ")
    assert state["code"] == "YU1-C-AAAAAAB"
    assert state["rules"] == "classic"
    assert state["version"] == 1
    assert state["columns"][1] == {"hidden": 1, "cards": ["4H", "8D", "8H", "5C", "JH"]}
    assert state["columns"][6] == {"hidden": 6, "cards": ["TS", "3D", "2C", "9D", "7C"]}
    assert [f["suit"] for f in state["foundations"]] == ["S", "H", "D", "C"]
    assert all(f == {"suit": f["suit"], "height": 0, "top": None} for f in state["foundations"])
    assert (state["score"], state["moves"], state["undos"], state["hints"]) == (0, 0, 0, 0)
    assert state["elapsed_ms"] == 0
    assert state["clock_running"] is False
    assert state["won"] is False
    assert state["can_undo"] is False
    assert state["no_legal_moves"] is False
    assert state["record"] == "YU1-C-AAAAAAB"
    # Face-down cards are counted, never named. The game's id is left out of the check: it is
    # random and may spell a card by chance ("...P9SQ").
    game = Game.from_code("YU1-C-AAAAAAB")
    face_down = [
        str(card)
        for column, hidden in zip(game.columns, game.hidden, strict=True)
        for card in column[:hidden]
    ]
    assert "9S" in face_down
    assert len(face_down) == 21
    shown = str({key: value for key, value in state.items() if key != "id"})
    assert [card for card in face_down if card in shown] == []


def test_a_random_game_under_each_rule_set(client: TestClient) -> None:
    classic = client.post(f"{API}/games", json={})
    relaxed = client.post(f"{API}/games", json={"rules": "relaxed", "winnable": False})
    assert classic.status_code == relaxed.status_code == 201
    assert classic.json()["code"].startswith("YU1-C-")
    assert relaxed.json()["code"].startswith("YU1-R-")
    assert relaxed.json()["rules"] == "relaxed"


def test_targets_and_double_tap_come_from_the_engine(client: TestClient) -> None:
    state = new_game(client)
    game = Game.from_code(EXAMPLE)
    for card, targets in state["targets"].items():
        expected = [move.target for move in game.iter_moves_of(Move.parse(f"{card}>F").card)]
        assert targets == expected
    assert state["targets"]["QC"] == ["5"]
    assert state["double_tap"]["7D"] == "4"  # the longer of columns 3 and 4


def test_moves_change_the_game_and_the_version(client: TestClient) -> None:
    state = new_game(client)
    state = play(client, state, "QC>5")
    assert state["version"] == 2
    assert state["moves"] == 1
    assert state["score"] == 0
    assert state["columns"][5] == {"hidden": 5, "cards": ["4C"]}
    assert state["columns"][4]["cards"][-5:] == ["KD", "QC", "9H", "6S", "5D"]
    state = play(client, state, "TD>1")
    assert state["columns"][0]["cards"] == ["JS", "TD", "5H", "JD", "8S"]
    assert state["record"] == f"{EXAMPLE} QC>5 TD>1"
    assert state["can_undo"] is True
    assert get_state(client, state["id"]) == state


def test_undo_restores_the_cards_and_score_but_not_the_move_count(client: TestClient) -> None:
    start = new_game(client)
    moved = play(client, start, "QC>5")
    answer = client.post(f"{API}/games/{start['id']}/undo", json={"version": moved["version"]})
    assert answer.status_code == 200
    undone = answer.json()
    assert undone["columns"] == start["columns"]
    assert (undone["score"], undone["moves"], undone["undos"]) == (0, 1, 1)
    assert undone["version"] == 3
    assert undone["record"] == f"{EXAMPLE} QC>5 U"
    assert undone["can_undo"] is False


def test_undo_with_nothing_to_undo_is_refused(client: TestClient) -> None:
    state = new_game(client)
    answer = client.post(f"{API}/games/{state['id']}/undo", json={"version": 1})
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "nothing_to_undo"
    assert answer.json()["state"] == state


def test_an_illegal_move_is_refused_with_the_reason_and_changes_nothing(
    client: TestClient,
) -> None:
    state = new_game(client)
    answer = client.post(f"{API}/games/{state['id']}/moves", json={"move": "TC>1", "version": 1})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "illegal_move"
    assert error["reason"] == "wrong_color"
    assert (error["card"], error["target"], error["column"], error["count"]) == ("TC", "JS", 1, 4)
    assert error["message"] == (
        "10 of clubs goes on a red jack: jack of hearts or jack of diamonds;"
        " jack of spades does not take it."
    )
    assert answer.json()["state"] == state
    assert get_state(client, state["id"]) == state


def test_only_a_king_may_go_to_an_empty_column(client: TestClient) -> None:
    state = new_game(client, WIN_CODE)
    for move in ("5H>5", "TS>2", "7H>7"):
        state = play(client, state, move)
    assert state["columns"][0] == {"hidden": 0, "cards": []}
    answer = client.post(
        f"{API}/games/{state['id']}/moves", json={"move": "JH>1", "version": state["version"]}
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert (error["reason"], error["card"], error["column"]) == ("empty_needs_king", "JH", 1)
    assert "1" in state["targets"]["KH"]  # while a King may go there


def test_the_current_game_is_the_last_created_or_replayed(client: TestClient) -> None:
    assert client.get(f"{API}/games/current").status_code == 404
    first = new_game(client)
    assert client.get(f"{API}/games/current").json()["id"] == first["id"]
    second = new_game(client, "YU1-R-AAAAAAB")
    assert client.get(f"{API}/games/current").json()["id"] == second["id"]
    replayed = client.post(f"{API}/games/{first['id']}/replay")
    assert replayed.status_code == 201
    assert replayed.json()["code"] == EXAMPLE
    assert replayed.json()["id"] not in (first["id"], second["id"])
    assert client.get(f"{API}/games/current").json()["id"] == replayed.json()["id"]


def test_replay_starts_the_deal_afresh(client: TestClient) -> None:
    state = play(client, new_game(client), "QC>5")
    fresh = client.post(f"{API}/games/{state['id']}/replay").json()
    assert fresh["moves"] == 0
    assert fresh["record"] == EXAMPLE
    assert fresh["columns"] == new_game(client)["columns"]
    assert get_state(client, state["id"])["moves"] == 1  # the old game is kept


def test_a_game_left_by_replay_is_resumed_where_it_was(
    client: TestClient, clock: FakeClock
) -> None:
    won = new_game(client, WIN_CODE)
    for move in WIN_LINE:
        won = play(client, won, move)
    left = play(client, new_game(client), "QC>5")
    clock.advance(10)
    client.post(f"{API}/games/{left['id']}/replay")
    clock.advance(100)
    assert get_state(client, left["id"])["elapsed_ms"] == 10_000, "time away is not played"
    assert client.get(f"{API}/stats").json()["classic"]["current_streak"] == 0
    answer = client.post(f"{API}/games/{left['id']}/resume")
    assert answer.status_code == 200
    resumed = answer.json()
    assert (resumed["id"], resumed["record"]) == (left["id"], f"{EXAMPLE} QC>5")
    assert (resumed["elapsed_ms"], resumed["clock_running"]) == (10_000, False)
    assert client.get(f"{API}/games/current").json()["id"] == left["id"]
    assert client.get(f"{API}/stats").json()["classic"]["current_streak"] == 1
    assert play(client, resumed, "TD>1")["clock_running"] is True
    refused = client.post(f"{API}/games/{won['id']}/resume")
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "game_won")
    assert client.post(f"{API}/games/G-unknown/resume").status_code == 404
    assert client.get(f"{API}/games/current").json()["id"] == left["id"]


def test_a_hint_is_a_legal_move_and_is_counted(client: TestClient) -> None:
    state = new_game(client)
    answer = client.post(f"{API}/games/{state['id']}/hint", json={"version": 1})
    assert answer.status_code == 200
    hint = answer.json()["hint"]
    assert Move.parse(hint["move"]) in Game.from_code(EXAMPLE).legal_moves
    assert hint["move"] == f"{hint['card']}>{hint['target']}"
    counted = answer.json()["state"]
    assert (counted["hints"], counted["version"]) == (1, 2)
    assert play(client, counted, hint["move"])["hints"] == 1


def test_the_clock_starts_with_the_first_move_and_pauses_while_hidden(
    client: TestClient, clock: FakeClock
) -> None:
    state = new_game(client)
    clock.advance(30)
    assert get_state(client, state["id"])["elapsed_ms"] == 0
    state = play(client, state, "QC>5")
    assert state["clock_running"] is True
    clock.advance(10)
    assert get_state(client, state["id"])["elapsed_ms"] == 10_000
    hidden = client.post(f"{API}/games/{state['id']}/visibility", json={"hidden": True}).json()
    assert hidden["clock_running"] is False
    assert hidden["version"] == state["version"]  # not a change to the game
    clock.advance(100)
    assert get_state(client, state["id"])["elapsed_ms"] == 10_000
    shown = client.post(f"{API}/games/{state['id']}/visibility", json={"hidden": False}).json()
    assert shown["clock_running"] is True
    clock.advance(2.5)
    assert get_state(client, state["id"])["elapsed_ms"] == 12_500


def test_showing_the_page_does_not_start_the_clock_before_the_first_move(
    client: TestClient, clock: FakeClock
) -> None:
    state = new_game(client)
    client.post(f"{API}/games/{state['id']}/visibility", json={"hidden": True})
    shown = client.post(f"{API}/games/{state['id']}/visibility", json={"hidden": False}).json()
    assert shown["clock_running"] is False
    clock.advance(5)
    assert get_state(client, state["id"])["elapsed_ms"] == 0


def test_the_list_of_games_is_newest_first(client: TestClient, clock: FakeClock) -> None:
    first = new_game(client)
    clock.advance(1)
    second = play(client, new_game(client, "YU1-R-AAAAAAB"), "TS>2")
    answer = client.get(f"{API}/games", params={"limit": 10})
    games: list[dict[str, Any]] = answer.json()["games"]
    assert [game["id"] for game in games] == [second["id"], first["id"]]
    assert games[0]["rules"] == "relaxed"
    assert games[0]["moves"] == 1
    assert set(games[0]) == {
        "id", "code", "rules", "won", "score", "moves", "elapsed_ms", "created", "updated",
        "daily", "practice",
    }  # fmt: skip
    assert (games[0]["daily"], games[0]["practice"]) == (None, False)
    assert len(client.get(f"{API}/games", params={"limit": 1}).json()["games"]) == 1


def test_settings_have_defaults_and_keep_changes(client: TestClient) -> None:
    defaults = client.get(f"{API}/settings").json()
    assert defaults == {
        "double_click": True,
        "one_tap": False,
        "placement_help": True,
        "interactive_rules": True,
        "auto_placement": False,
        "four_color": False,
        "left_handed": False,
        "language": None,
    }
    change = {
        "one_tap": True,
        "auto_placement": True,
        "four_color": True,
        "left_handed": True,
        "language": "is",
    }
    changed = client.put(f"{API}/settings", json=change)
    assert changed.status_code == 200
    assert changed.json() == {**defaults, **change}
    assert client.get(f"{API}/settings").json() == changed.json()
    back = client.put(f"{API}/settings", json={"language": None}).json()
    assert back["language"] is None
    assert back["auto_placement"] is True
    assert back["one_tap"] is True


def test_a_record_replays_step_by_step_and_stops_at_a_refused_move(client: TestClient) -> None:
    answer = client.post(
        f"{API}/records/replay", json={"record": f"{EXAMPLE} 1. QC>5 2. TD>1 3. 8S>1 U"}
    )
    assert answer.status_code == 200
    result = answer.json()
    assert result["code"] == EXAMPLE
    assert [step["move"] for step in result["steps"]] == [None, "QC>5", "TD>1"]
    assert result["steps"][0]["columns"] == new_game(client)["columns"]
    assert result["steps"][2]["columns"][0]["cards"] == ["JS", "TD", "5H", "JD", "8S"]
    error = result["error"]
    assert (error["position"], error["text"], error["reason"]) == (3, "8S>1", "same_column")
    assert error["column"] == 1
    assert client.get(f"{API}/games/current").json()["code"] == EXAMPLE  # only new_game's


def test_a_record_with_undos_replays_them(client: TestClient) -> None:
    result = client.post(f"{API}/records/replay", json={"record": f"{EXAMPLE} QC>5 U U"}).json()
    assert [step["move"] for step in result["steps"]] == [None, "QC>5", "U"]
    assert result["error"]["reason"] == "nothing_to_undo"
    assert result["error"]["position"] == 3


def test_a_replay_is_sent_compressed_to_a_client_that_takes_gzip(
    client: TestClient,
) -> None:
    record = {"record": f"{EXAMPLE} QC>5 TD>1"}
    plain = client.post(f"{API}/records/replay", json=record, headers={"accept-encoding": "gzip"})
    assert plain.headers["content-encoding"] == "gzip"
    assert plain.headers["vary"] == "Accept-Encoding"
    same = client.post(
        f"{API}/records/replay", json=record, headers={"accept-encoding": "identity"}
    )
    assert "content-encoding" not in same.headers
    assert plain.json() == same.json()
    assert [step["move"] for step in same.json()["steps"]] == [None, "QC>5", "TD>1"]


def test_a_whole_game_can_be_won_through_the_api(client: TestClient, clock: FakeClock) -> None:
    state = new_game(client, WIN_CODE)
    for move in WIN_LINE:
        clock.advance(1)
        state = play(client, state, move)
    assert state["won"] is True
    assert state["score"] == 625
    assert state["moves"] == len(WIN_LINE)
    assert state["elapsed_ms"] == (len(WIN_LINE) - 1) * 1000
    assert state["clock_running"] is False
    assert state["targets"] == {}
    assert state["double_tap"] == {}
    assert state["no_legal_moves"] is False
    assert state["can_undo"] is False
    assert all(f["height"] == 13 for f in state["foundations"])
    clock.advance(60)
    assert get_state(client, state["id"])["elapsed_ms"] == (len(WIN_LINE) - 1) * 1000
    undo = client.post(f"{API}/games/{state['id']}/undo", json={"version": state["version"]})
    assert undo.status_code == 409
    assert undo.json()["error"]["code"] == "game_won"
    refused = client.post(
        f"{API}/games/{state['id']}/moves", json={"move": "KS>1", "version": state["version"]}
    )
    assert refused.status_code == 422
    assert refused.json()["error"]["reason"] == "game_won"
    hint = client.post(f"{API}/games/{state['id']}/hint", json={"version": state["version"]})
    assert hint.json()["hint"] is None
    assert hint.json()["state"]["hints"] == 0


def test_statistics_per_rule_set(client: TestClient, clock: FakeClock) -> None:
    empty = client.get(f"{API}/stats").json()
    assert list(empty) == [rules.id for rules in RULE_SETS]
    assert empty["classic"]["played"] == 0
    state = new_game(client, WIN_CODE)
    for move in WIN_LINE:
        clock.advance(2)
        state = play(client, state, move)
    play(client, new_game(client, "YU1-R-AAAAAAB"), "TS>2")
    figures = client.get(f"{API}/stats").json()
    assert figures["classic"] == {
        "played": 1,
        "won": 1,
        "win_rate": 1.0,
        "current_streak": 1,
        "best_streak": 1,
        "best_score": 625,
        "fastest_win_ms": (len(WIN_LINE) - 1) * 2000,
        "fewest_moves": len(WIN_LINE),
        "daily": {"current_streak": 0, "best_streak": 0, "won": [], "won_late": []},
    }
    assert figures["relaxed"]["played"] == 1
    assert figures["relaxed"]["won"] == 0
    assert figures["relaxed"]["current_streak"] == 0


def test_a_new_winnable_deal_comes_from_the_solvers_pool(client: TestClient) -> None:
    for rules in RULE_SETS:
        answer = client.post(f"{API}/games", json={"rules": rules.id, "winnable": True})
        assert answer.status_code == 201
        code = GameCode.parse(answer.json()["code"])
        assert code.rules is rules
        assert code.number in pool(code.rules)


def test_the_analysis_says_whether_the_game_can_still_be_won(client: TestClient) -> None:
    state = play(client, new_game(client, WIN_CODE), WIN_LINE[0])
    answer = client.get(f"{API}/games/{state['id']}/analysis")
    assert answer.status_code == 200
    result = answer.json()
    assert result["status"] == "won"
    assert result["uses_hidden_cards"] is True
    assert isinstance(result["states"], int)
    assert isinstance(result["seconds"], float)
    assert result["proved_by"] == "solution"  # what decided it
    assert set(result) == {"status", "states", "seconds", "uses_hidden_cards", "proved_by"}
    assert get_state(client, state["id"]) == state  # asking changes nothing


def test_hints_follow_a_solution_to_the_win(client: TestClient) -> None:
    state = new_game(client, WIN_CODE)
    for _ in range(150):
        if state["won"]:
            break
        answer = client.post(f"{API}/games/{state['id']}/hint", json={"version": state["version"]})
        hint = answer.json()["hint"]
        assert hint is not None
        state = play(client, answer.json()["state"], hint["move"])
    assert state["won"] is True
    assert state["hints"] == state["moves"]
