"""The move log (the deal's story): its lines for seeded games of the three kinds in every
language, only what everyone saw (no card of a hand), the panel opened and closed by its button
and its key, the trick / round before this one, and the same story after a save is reopened."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.controller.seats import AI, HUMAN
from game.controller.table_controller import Phase
from game.controller.story import Line, Story
from game.core.table import Table
from game.domino import actions as domino
from game.domino.scoring import DealResult
from game.domino.tiles import tile_text
from game.joker import actions as joker
from game.joker.cards import is_joker
from game.tienlen import actions as tienlen
from game.tienlen.cards import pretty
from game.ui.i18n import set_language
from game.ui.joker.words import card_words
from game.ui.games import GAMES as GAME_UIS
from game.ui.move_words import line_words

GAMES = ("domino", "tienlen", "joker")
LANGUAGES = ("en", "id", "vi", "ka")
NAMES = ["Ani", "Budi", "Citra", "Dewi"]
#: a key that found no words (t() shows the key itself)
RAW_KEY = re.compile(r"\b(move_log|domino|tienlen|joker|summary|table|term)\.[a-z_.]+")
#: what each game's story must tell in a whole seeded game
KINDS = {"domino": {"deal", "move", "deal_end", "game_over"},
         "tienlen": {"deal", "move", "round_end", "deal_end"},
         "joker": {"deal", "move", "trick", "deal_end", "premium", "game_over"}}


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def words_of(game: str, card: int) -> str:
    """How the log would write a card or tile of `game`."""
    return {"domino": tile_text, "tienlen": pretty, "joker": card_words}[game](card)


def hands_now(table: Table) -> set:
    rules = table.state
    return {item for player in range(rules.num_players)
            for item in rules.observation(player).hand}


def seeded_game(game: str, seed: int, check=None, games: int = 2) -> Table:
    """A whole game played by random legal moves (Tiến Lên: `games` games); `check(table)` is
    called after every move."""
    table = Table.open(game, NAMES, {}, seed=seed)
    rng = random.Random(seed)
    while not table.state.is_terminal():
        if table.state.needs_deal():
            if game == "tienlen" and len(table.record["deals"]) == games:
                break
            table.deal_next()
            continue
        table.apply(rng.choice(table.state.legal_actions()))
        if check is not None:
            check(table)
    return table


# --- the lines ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_line_of_a_seeded_game_has_its_words_in_every_language(game):
    table = seeded_game(game, seed=7)
    story = Story()
    story.follow(table.record)
    assert KINDS[game] <= {line.kind for line in story.lines}
    moves = [line for line in story.lines if line.kind in ("move", "misplay")]
    assert len(moves) == len(table.record["actions"]), "every move is a line"
    worded = {}
    for language in LANGUAGES:
        set_language(language)
        worded[language] = [line_words(game, line, NAMES) for line in story.lines]
        missing = [text for text in worded[language] if not text or RAW_KEY.search(text)]
        assert not missing, f"{language}: {missing[:3]}"
    assert worded["ka"] != worded["en"] and worded["vi"] != worded["en"]


def synthetic_lines() -> list[tuple[str, Line]]:
    """A line of every kind the engines' rarer events make (a chop, a cóng, a tie-break…)."""
    result = DealResult(3, "kandang", (1,), (0, 2, -2, 0), (0, 0, 0, 0), (5, 0, 9, 3), False,
                        blocker=1)
    void = DealResult(4, "redeal", (), (0,) * 4, (0,) * 4, (0,) * 4, False, void=True)
    events = [
        ("domino", "seats", domino.SeatsChanged(5, (1, 2), (0, 2, 1, 3))),
        ("domino", "deal_end", domino.DealEnded(result)),
        ("domino", "deal_end", domino.DealEnded(void)),
        ("domino", "tiebreak", domino.TiebreakNeeded((0, 2))),
        ("domino", "game_over", domino.MatchEnded((2, 0, 1, 3))),
        ("tienlen", "instant", tienlen.InstantWin(1, "four_twos")),
        ("tienlen", "chop", tienlen.Chopped(2, 1, 4, 8)),
        ("tienlen", "chop_paid", tienlen.ChopSettled(1, 2, 8, 1000)),
        ("tienlen", "out", tienlen.PlayerOut(3, 2)),
        ("tienlen", "cong", tienlen.CongPaid(0, 3, 26, 26)),
        ("tienlen", "deal_end", tienlen.GameOver("normal", None, (0,) * 4)),
        ("joker", "premium", joker.PulkaResult(2, (), (0,) * 4)),
        ("joker", "premium", joker.PulkaResult(2, (1, 3), (0, -100, 0, 0))),
    ]
    lines = [(game, Line(1, 1, kind, event=event)) for game, kind, event in events]
    lines.append(("domino", Line(1, 1, "misplay", 2, domino.PLAY_AT[9]["L"], (9,),
                                 domino.Misplayed(2, 9, -1))))
    lines.append(("domino", Line(13, 0, "deal", event=domino.DealStarted(13, (0, 1, 2, 3),
                                                                         True))))
    lines.append(("joker", Line(1, 0, "deal", event=joker.DealStarted(1, 1, 3, 5))))
    return lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rarer_lines_have_words_too(language):
    set_language(language)
    lines = synthetic_lines()
    kinds = {kind for game in GAMES for kind in GAME_UIS[game].words.events}
    assert {line.kind for _, line in lines} >= kinds - {"round_end", "trick"}
    for game, line in lines:
        text = line_words(game, line, NAMES)
        assert text and not RAW_KEY.search(text), (game, line.kind, text)
    assert "Budi" in line_words("domino", lines[0][1], NAMES)      # who swapped chairs (D3)


# --- only what everyone saw -------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_story_never_shows_a_card_of_a_hand(game):
    """After every move of a seeded game, no card or tile still held appears in the story
    (drawn or in words); what it draws is exactly what was played (and Joker's turned trump
    card, which everyone sees)."""
    story = Story()
    checked = []

    def check(table: Table) -> None:
        story.follow(table.record)
        held = hands_now(table)                 # the same cards are dealt again next deal
        this_deal = [line for line in story.lines if line.deal == story.deal]
        drawn = [item for line in this_deal for item in line.shown]
        assert not held & set(drawn), "a card of a hand is drawn in the log"
        if len(table.record["actions"]) % 5 == 0:                # the words too, now and then
            texts = " | ".join(line_words(game, line, NAMES) for line in this_deal)
            for item in held:
                if game == "joker" and is_joker(item):
                    continue                    # the two jokers share a name: drawn, checked
                word = words_of(game, item)
                assert not re.search(rf"(?<![\w♠♥♦♣]){re.escape(word)}(?![\w-])", texts), word
        checked.append(len(drawn))

    table = seeded_game(game, seed=11, check=check)
    assert checked, "the game had moves"
    played = []
    for raw in table.record["actions"]:
        action = table.definition.action_from_json(raw)
        played += ([action.tile] if game == "domino" and hasattr(action, "tile") else
                   [action.first.tile, action.second.tile] if hasattr(action, "first") else
                   list(action.cards) if hasattr(action, "cards") else
                   [action.card] if hasattr(action, "card") else [])
    drawn = [item for line in story.lines if line.kind != "deal" for item in line.shown]
    assert sorted(drawn) == sorted(played)


def test_a_domino_pass_shows_no_tile():
    table = seeded_game("domino", seed=7)
    story = Story()
    story.follow(table.record)
    passes = [line for line in story.lines if line.action == domino.PASS]
    assert passes and all(line.shown == () for line in passes)


# --- the trick / round before this one -------------------------------------------------------

def test_the_previous_round_is_the_last_one_over():
    table = seeded_game("tienlen", seed=7, games=1)
    story = Story()
    story.follow(table.record)
    ends = [index for index, line in enumerate(story.lines) if line.kind == "round_end"]
    previous = story.previous()
    assert previous and previous[-1] is story.lines[ends[-1]]
    assert len({(line.deal, line.round) for line in previous}) == 1
    joker_story = Story()
    joker_story.follow(seeded_game("joker", seed=7).record)
    trick = joker_story.previous()
    assert [line.kind for line in trick] == ["move"] * 4 + ["trick"]


def test_domino_s_last_round_is_each_player_s_latest_move():
    table = seeded_game("domino", seed=7)
    story = Story()
    story.follow(table.record)
    last = story.previous()                 # the match ended with a tie-break deal of two
    in_deal = {line.player for line in story.lines if line.deal == story.deal and line.player
               is not None}
    assert len(last) == len(in_deal) == len({line.player for line in last}) == 2
    assert last[-1] is [line for line in story.lines if line.kind == "move"][-1]
    story.follow({**table.record, "actions": table.record["actions"][:40]})
    assert len(story.previous()) == 4 and len({line.player for line in story.previous()}) == 4


def test_the_story_starts_again_when_moves_are_taken_back():
    table = seeded_game("joker", seed=3)
    story = Story()
    story.follow(table.record)
    cut = {**table.record, "actions": table.record["actions"][:30]}
    story.follow(cut)
    fresh = Story()
    fresh.follow(cut)
    assert story.lines == fresh.lines


# --- the panel at the table -----------------------------------------------------------------------

def play_moves(ui, scene, moves: int, seed: int = 1) -> None:
    """The human plays random legal moves (and moves on from each deal's summary) until the
    record holds `moves` actions and it is the human's move again."""
    rng = random.Random(seed)

    def step() -> bool:
        if scene.view.acting is not None and ui.top() is scene:
            if len(scene.ctl.table.record["actions"]) >= moves:
                return True
            scene.attempt(rng.choice(scene.view.legal))
        elif scene.ctl.phase is Phase.SUMMARY:
            scene.ctl.acknowledge_summary(ui.now)
        return False

    ui.run_until(step)


def key(ui, which: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=which, mod=0, unicode=""))
    ui.frames(2)


@pytest.mark.parametrize("game", GAMES)
def test_the_log_opens_and_closes_with_its_button_and_with_l(ui, game):
    scene = ui.open_game(game, [HUMAN, AI, AI, AI], seed=3)
    play_moves(ui, scene, 10)
    log = scene.move_log
    assert not log.shown
    ui.press(log.button)
    assert log.shown and scene.ctl.phase is not None and not scene.paused, \
        "the log opens over a table that plays on"
    story = Story()
    story.follow(scene.ctl.table.record)
    assert log.texts() == [line_words(game, line, scene.ctl.names) for line in story.lines]
    assert len(log.texts()) > 10
    ui.press(log.button)
    assert not log.shown
    key(ui, pygame.K_l)
    assert log.shown
    key(ui, pygame.K_l)
    assert not log.shown


def test_the_open_log_follows_each_move(ui):
    scene = ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=4)
    play_moves(ui, scene, 4)
    key(ui, pygame.K_l)
    before = len(scene.move_log.texts())
    play_moves(ui, scene, len(scene.ctl.table.record["actions"]) + 3, seed=2)
    assert len(scene.move_log.texts()) > before


def test_the_wheel_scrolls_back_and_what_is_read_stays_in_view(ui):
    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=4)
    play_moves(ui, scene, 30)
    key(ui, pygame.K_l)
    log = scene.move_log
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    ui.frames(2)
    assert log.back == 6
    first_shown = len(log.lines()) - log.back - log.rows_shown()
    line = log.lines()[first_shown]
    play_moves(ui, scene, len(scene.ctl.table.record["actions"]) + 4)
    assert log.lines()[len(log.lines()) - log.back - log.rows_shown()] is line
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100, flipped=False))
    ui.frames(2)
    assert log.back == 0, "back at the newest line"


def test_a_click_on_the_open_log_stays_on_it(ui):
    """The panel covers part of the domino line: a click on it never reaches the table."""
    scene = ui.open_game("domino", [HUMAN, AI, AI, AI], seed=3)
    play_moves(ui, scene, 6)
    tile = scene.view.observation.hand[0]
    scene.selected = tile
    key(ui, pygame.K_l)
    area = scene.move_log.area()
    laid = [placed.rect for placed in scene.snake.tiles] + list(scene.snake.targets.values())
    felt = next((x, y) for x in range(area.left + 8, area.right, 8)
                for y in range(area.top + 8, area.bottom, 8)
                if not any(rect.collidepoint(x, y) for rect in laid))
    ui.click(felt)
    assert scene.selected == tile
    key(ui, pygame.K_l)
    ui.click(felt)                                     # closed: the table has the click
    assert scene.selected is None


@pytest.mark.parametrize("game", ("domino", "tienlen"))
def test_the_last_round_is_one_click_or_key_away(ui, game):
    scene = ui.open_game(game, [HUMAN, AI, AI, AI], seed=3)
    play_moves(ui, scene, 16)
    log = scene.move_log
    ui.press(log.previous_button)
    assert log.shown and log.mode == "previous"
    story = Story()
    story.follow(scene.ctl.table.record)
    assert log.texts() == [line_words(game, line, scene.ctl.names) for line in story.previous()]
    assert log.texts() and log.area().height < scene.move_log_area().height
    ui.press(log.previous_button)
    assert not log.shown
    key(ui, pygame.K_b)
    assert log.shown and log.mode == "previous"
    key(ui, pygame.K_l)                                # from the round to the whole story
    assert log.shown and log.mode == "all"


def test_joker_s_last_trick_opens_and_closes_with_b(ui):
    from game.ui.joker.dialogs import LastTrickScene

    scene = ui.open_game("joker", [HUMAN, AI, AI, AI], seed=3)
    play_moves(ui, scene, 20)                  # deal 1 (one card each) and into deal 2
    while scene.last_trick(scene.view.observation) is None:
        play_moves(ui, scene, len(scene.ctl.table.record["actions"]) + 1)
    key(ui, pygame.K_b)
    assert isinstance(ui.top(), LastTrickScene) and scene.paused
    key(ui, pygame.K_b)
    assert ui.top() is scene and not scene.paused


def test_the_log_forgets_the_moves_taken_back(ui):
    """Undo, then other moves up to the same count: the log tells the new ones."""
    scene = ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=1)
    play_moves(ui, scene, 12)
    key(ui, pygame.K_l)
    key(ui, pygame.K_l)                        # seen, then closed
    before = list(scene.ctl.table.record["actions"])
    assert scene.ctl.undo(ui.now)
    play_moves(ui, scene, len(before), seed=5)
    after = scene.ctl.table.record["actions"]
    assert len(after) == len(before) and after != before, "the same count of other moves"
    key(ui, pygame.K_l)
    story = Story()
    story.follow(scene.ctl.table.record)
    assert scene.move_log.texts() == [line_words("tienlen", line, scene.ctl.names)
                                      for line in story.lines]


@pytest.mark.parametrize("game", GAMES)
def test_the_open_log_keeps_its_words_inside_it_in_every_language(tmp_path, game):
    """At 800×600 (the smallest window) each line is cut short rather than leaving the panel
    or running into the next, in the four languages, the whole story and the last round."""
    from ui_driver import UiDriver

    from game.ui import drawn

    ui = UiDriver(tmp_path, size=(800, 600))
    ui.app.settings["animation"] = "fast"
    try:
        scene = ui.open_game(game, [HUMAN, AI, AI, AI], seed=5)
        play_moves(ui, scene, 30)
        log = scene.move_log
        for mode in ("all", "previous") if game != "joker" else ("all",):
            log.toggle(mode)
            area = log.area()
            for language in LANGUAGES:
                set_language(language)
                with drawn.recording() as seen:
                    log.draw(ui.app.screen)
                assert len(seen.texts) > 2
                for index, (rect, text) in enumerate(seen.texts):
                    assert area.contains(rect), (language, mode, text)
                    assert not any(rect.colliderect(other) for other, _ in seen.texts[index + 1:]), \
                        (language, mode, text)
            log.toggle(mode)
    finally:
        ui.app.quit()


def leave_and_continue(ui, scene):
    """Save and leave through the pause menu, then Continue the table."""
    scene.open_pause()
    ui.frames(2)
    pause = ui.top()
    ui.press(next(button for button, action in pause.actions.items()
                  if action == pause.to_menu))
    ui.open_saved()
    resumed = ui.app.stack.scenes[1]
    assert resumed is not scene and type(resumed) is type(scene)
    return resumed


@pytest.mark.parametrize("game", GAMES)
def test_a_reopened_table_tells_the_same_story(ui, game):
    """The log is drawn from the record a save holds: no field of its own."""
    scene = ui.open_game(game, [HUMAN, AI, AI, AI], seed=5)
    play_moves(ui, scene, 24)
    key(ui, pygame.K_l)
    told = scene.move_log.texts()
    assert len(told) > 24
    resumed = leave_and_continue(ui, scene)
    ui.frames(2)
    resumed.move_log.toggle()
    assert resumed.move_log.texts() == told


def test_the_players_prompt_stays_whole_beside_the_open_log(ui):
    """The open log lies over the table's left: Tiến Lên's "Beat … or pass" above the fan is
    moved right of it rather than drawn under it."""
    scene = ui.open_game("tienlen", [HUMAN, AI, AI, AI], seed=4)
    play_moves(ui, scene, 6)
    ui.run_until(lambda: scene.ctl.phase is Phase.HUMAN
                 and not scene.timeline.holding(ui.app.now))
    picture = scene.picture()
    centre = scene.layout.hand.centerx
    assert picture.centre_beside_log(centre, 400) == centre, "a closed log moves nothing"
    key(ui, pygame.K_l)
    picture = scene.picture()
    log = scene.move_log.area()
    for width in (100, 400, 700):
        moved = picture.centre_beside_log(centre, width)
        assert moved - width // 2 >= log.right, "the line starts right of the log"
        assert moved == centre or centre - width // 2 < log.right + 8, "moved only when covered"
