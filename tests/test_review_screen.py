"""The Review screen: a deal step by step with every hand open, the seat's moves judged
in the background (a planted mistake is marked, with a positive loss and its line why), stepping
changes the table shown, every way in opens it (history, a deal's summary, the game's end, the
saved tables), and leaving stops the review's worker.

The screen searches a fixed few worlds a decision here (quick and reproducible); the worker
thread is the real one, and the tests wait for it in real time."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from ai.review import review, review_moves
from game.controller.review import ReviewedRecord, ReviewSearch
from game.controller.seats import AI, HUMAN, SeatConfig
from game.controller.table_controller import Phase
from game.ui.dialogs import HandoffScene
from game.ui.i18n import t
from game.ui.review_panel import judgement_lines, row_words
from game.ui.review_screen import ReviewScene

CASES = Path(__file__).resolve().parent / "data" / "review"
PLANTED = {"domino": "domino_skip_apollo", "tienlen": "tienlen_pass_out",
           "joker": "joker_overtake"}
WORLDS = 12
JOB_TIMEOUT_S = 120


@pytest.fixture
def ui(ui):
    assert ui.app.review_search == ReviewSearch(), "the window's own: the judge's worlds"
    ui.app.review_search = ReviewSearch(worlds=WORLDS)
    return ui


def planted(game: str) -> dict:
    return json.loads((CASES / f"{PLANTED[game]}.json").read_text(encoding="utf-8"))


def finish(ui, scene: ReviewScene) -> None:
    """Wait for the review's worker, then let the screen read what it found."""
    if scene.job is not None:
        assert scene.job.wait(JOB_TIMEOUT_S), "the review did not finish"
    ui.frames(2)


def board_picture(ui, scene) -> bytes:
    return pygame.image.tobytes(ui.app.screen.subsurface(scene.layout.board), "RGB")


# --- the review and its positions ------------------------------------------------------------

def test_review_moves_yields_the_moves_the_review_lists():
    data = planted("tienlen")
    whole = review(data, worlds=4)
    assert list(review_moves(data, whole["seat"], worlds=4)) == whole["moves"]


def test_a_deals_positions_open_every_hand_and_end_where_the_deal_ended():
    data = planted("domino")
    reviewed = ReviewedRecord(data)
    assert reviewed.deals == [1, 2, 3, 4] and reviewed.default_seat == 0
    whole = review(data, worlds=2)
    for deal in reviewed.deals:
        positions = reviewed.positions(deal, 0)
        judged = [p.index for p in positions if p.judged]
        assert judged == [m["index"] for m in whole["moves"] if m["deal"] == deal]
        assert positions[-1].index is None and all(p.index is not None for p in positions[:-1])
        assert all(len(p.hands) == 4 and p.view.seat == 0 for p in positions)
        assert sum(len(hand) for hand in positions[0].hands) == 28
    ended = reviewed.positions(1, 0)[-1]
    assert ended.view.revealed is not None, "deal 1 ended: its end shows the hands as they ended"
    stopped = reviewed.positions(4, 0)[-1]
    assert stopped.view.revealed is None, "the record stops mid-deal 4"


# --- the planted mistakes on the screen ---------------------------------------------------------

@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_the_screen_marks_the_planted_mistake_in_the_background(ui, game):
    data = planted(game)
    scene = ui.app.show("review", data)
    assert isinstance(ui.top(), ReviewScene)
    seat = data["actions"][-1]["player"]
    assert scene.seat == seat and scene.deal == len(data["deals"]), "the human, the last deal"
    ui.frames(3)                                     # the window goes on while it computes
    finish(ui, scene)
    done, total = scene.progress()
    assert done == total > 0 and scene.job is None
    last = len(data["actions"]) - 1
    step = next(i for i, p in enumerate(scene.positions) if p.index == last)
    ui.app.stack.top.go_to(step)
    result = scene.result(scene.position)
    assert result["mistake"] and result["loss"] > 0
    _, mark, _ = row_words(scene, step + 1, scene.position)
    assert mark.startswith("✗")
    why = t(result["note_key"], **result["note_params"])
    assert (t("review.mistake", why=why), (255, 150, 130), True) in judgement_lines(scene)
    ui.frames(1)


def test_stepping_changes_the_table_shown(ui):
    scene = ui.app.show("review", planted("domino"))
    ui.frames(1)
    assert scene.step == 0
    first = board_picture(ui, scene)
    line = len(scene.board.view.observation.line)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                         unicode="", scancode=0))
    ui.frames(2)
    assert scene.step == 1 and len(scene.board.view.observation.line) == line + 1
    assert board_picture(ui, scene) != first, "the tile laid is on the table"
    ui.press(scene.next_step)
    assert scene.step == 2
    ui.press(scene.back_step)
    assert scene.step == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0,
                                         unicode="", scancode=0))
    ui.frames(2)
    assert scene.step == 0 and board_picture(ui, scene) == first
    moves, rows, _ = scene.parts()
    ui.click((moves.centerx, moves.y + 3 * scene.layout.row_height + 4))
    assert scene.step == 3, "a click on a row of the list shows that move"
    ui.press(scene.previous_deal)
    assert scene.deal == 3 and scene.step == 0
    ui.press(scene.seat_button)
    assert scene.seat == 1 and scene.board.view.seat == 1
    finish(ui, scene)


def test_leaving_while_it_computes_stops_the_worker(ui):
    ui.app.review_search = ReviewSearch(budget_s=0.5)      # the window's own budget: seconds
    scene = ui.app.show("review", planted("tienlen"))
    job = scene.job
    ui.frames(2)
    assert not job.finished, "still judging"
    ui.press(scene.next_step)                             # it answers meanwhile
    assert scene.step == 1
    ui.press(scene.back)
    assert not isinstance(ui.top(), ReviewScene)
    assert job.wait(5), "the worker stopped"
    assert len(job.moves) < job.total


# --- the ways in -----------------------------------------------------------------------------

def table_of(ui):
    return next(scene for scene in ui.app.stack.scenes if hasattr(scene, "ctl"))


def play_until(ui, until) -> None:
    """Run the table until `until()`: the human seat plays its first legal move, says it
    is at the screen when asked, and goes on from a deal's summary."""
    def done():
        if until():
            return True
        scene, top = table_of(ui), ui.top()
        if isinstance(top, HandoffScene):
            scene.ctl.confirm_handoff(ui.now)
        elif top is scene.dialog and scene.ctl.phase is Phase.SUMMARY:
            scene.ctl.acknowledge_summary(ui.now)
        elif top is scene and scene.view.acting is not None:
            scene.attempt(scene.view.legal[0])
        return False
    ui.run_until(done)


def open_review_from(ui, dialog) -> ReviewScene:
    ui.press(dialog.review)
    scene = ui.top()
    assert isinstance(scene, ReviewScene)
    return scene


@pytest.mark.parametrize("game", ["domino", "tienlen", "joker"])
def test_a_deal_summary_opens_the_review_and_the_table_waits(ui, game):
    options = {"game_type": "nines"} if game == "joker" else None
    ui.open_game(game, [HUMAN, AI, AI, AI], seed=3, options=options)
    table = table_of(ui)
    play_until(ui, lambda: table.ctl.phase is Phase.SUMMARY and ui.top() is table.dialog)
    summary = ui.top()
    record = table.ctl.review_record()
    scene = open_review_from(ui, summary)
    assert table.ctl.paused
    assert scene.deal == len(record["deals"]) and scene.seat == 0
    assert scene.reviewed.record["actions"] == record["actions"]
    finish(ui, scene)
    ui.frames(30)
    assert table.ctl.review_record() == record and table.ctl.phase is Phase.SUMMARY
    ui.press(scene.back)
    assert ui.top() is summary and not table.ctl.paused
    assert table.ctl.review_record() == record, "the table is as it was"


def test_the_games_end_opens_the_review(ui):
    from game.ui.domino.dialogs import MatchOverScene

    ui.open_game("domino", [HUMAN, AI, AI, AI], seed=5)
    table = table_of(ui)
    play_until(ui, lambda: table.ctl.phase is Phase.SUMMARY)
    final = MatchOverScene(ui.app, table)
    ui.app.stack.push(final)
    scene = open_review_from(ui, final)
    assert scene.reviewed.game == "domino" and scene.positions
    ui.press(scene.back)
    assert ui.top() is final


def test_a_finished_game_in_the_history_opens_the_review(ui):
    from history_helpers import play_game

    history = ui.app.history
    me = history.profiles()[0]
    play_game("joker", 8, history=history, human=SeatConfig(me.name, HUMAN, profile=me.id))
    assert history.flush()
    page = ui.app.show("history")
    ui.frames(1)
    button, row = next(iter(page.reviews.items()))
    assert button.is_enabled and row.game == "joker"
    ui.press(button)
    scene = ui.top()
    assert isinstance(scene, ReviewScene)
    assert scene.reviewed.game == "joker" and scene.seat == 0
    assert scene.deal == scene.reviewed.deals[-1] and len(scene.reviewed.deals) > 1
    scene.stop_review()


def test_a_saved_table_opens_the_review_of_its_finished_deals(ui):
    ui.open_game("domino", [AI, HUMAN, AI, AI], seed=8)
    table = table_of(ui)
    play_until(ui, lambda: table.ctl.deals_played == 2 and not table.ctl.deal_over
               and len(table.ctl.review_record()["actions"]) > 30)
    ui.app.show("menu", reset=True)
    saves = ui.app.show("saves")
    ui.frames(1)
    ui.press(next(iter(saves.review_buttons)))
    scene = ui.top()
    assert isinstance(scene, ReviewScene)
    assert scene.reviewed.game == "domino" and scene.seat == 1, "the human's seat"
    # the deal in play stays hidden: the table may be resumed
    assert scene.reviewed.deals == [1] and scene.reviewed.hidden_deal == 2
    assert scene.deal == 1 and scene.positions[-1].view.revealed is not None
    finish(ui, scene)
    ui.press(scene.back)
    assert ui.top() is saves and saves.tables, "the table stays saved"


def test_a_table_with_no_finished_deal_says_so(ui):
    data = planted("tienlen")                        # it stops in its first game
    scene = ui.app.show("review", data, hide_deal_in_play=True)
    ui.frames(2)
    assert scene.positions == [] and scene.job is None
    lines = [text for text, _, _ in judgement_lines(scene)]
    assert lines == [t("review.nothing"), t("review.hidden", deal=t("tienlen.move.deal",
                                                                       number=1))]
    ui.press(scene.back)
