"""The domino table: input, events and dialogs (hand-off, deal summary, Apollo's ends, match
end, pause); its renderer (renderer.py) draws it."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from game.controller.pace import Moment
from game.controller.door import Phase
from game.domino.actions import (LEFT, OPENING_PLAY, PASS, PLAY_AT, Apollo, DealStarted,
                                 Misplayed, Passed, Play, SeatsChanged, TilePlayed)
from game.domino.tiles import tile_text

from ..dialogs import HandoffScene
from ..focus import Target
from ..i18n import t
from ..move_log import WIDTH as MOVE_LOG_WIDTH
from ..scaling import px
from ..table_base import REFUSED, TableScene
from ..table_events import handles
from ..widgets import set_visible
from .dialogs import ApolloChoiceScene, MatchOverScene, SummaryScene
from .layout import DominoLayout, domino_layout, hand_places, side_of, snake_of
from .renderer import DominoLook, DominoRenderer, fitting_ends

TILE_FLIGHT_S = 0.35
SEAT_CHANGE_S = 1.6
DRAG_THRESHOLD = 12          # design pixels a press must move to be a drag, not a click


class DominoTableScene(TableScene):
    DIALOGS = {Phase.HANDOFF: HandoffScene, Phase.SUMMARY: SummaryScene,
               Phase.OVER: MatchOverScene}
    FINAL_DIALOG = MatchOverScene
    MESSAGE_S = 2.5

    def __init__(self, app, controller):
        self.selected: int | None = None
        self.drag_from: tuple | None = None
        self.drag_pos: tuple | None = None
        self.hand_rects: list = []         # (tile, rect) of the hand on screen, for clicks
        self.snake = None                  # the line's layout, and its key
        self.snake_key = None
        self.last_placed = None
        super().__init__(app, controller)
        self.place_line()

    def make_layout(self, size) -> DominoLayout:
        return domino_layout(size, teams=self.ctl.options.get("partnership", False))

    def make_renderer(self) -> DominoRenderer:
        return DominoRenderer()

    def look(self) -> DominoLook:
        return DominoLook(**self.look_fields(), snake=self.snake, last_placed=self.last_placed,
                          hand_rects=tuple(self.hand_rects), selected=self.selected,
                          open_hands=self.view.revealed)

    # --- widgets -----------------------------------------------------------------------

    def build(self) -> None:
        super().build()
        manager, layout = self.app.manager, self.layout
        self.pass_button = self.add(UIButton(layout.buttons, t("table.pass"), manager))
        self.apollo_button = self.add(UIButton(layout.buttons, t("domino.table.apollo"),
                                               manager))
        self.tambah_button = self.add(UIButton(layout.tambah, t("domino.table.tambah"),
                                               manager))
        self.sync_widgets()

    def sync_widgets(self) -> None:
        self.place_line()
        self.hand_rects = self.place_hand()
        if not self.widgets:
            return
        legal = self.view.legal
        set_visible(self.pass_button, legal == (PASS,))
        set_visible(self.apollo_button, any(isinstance(a, Apollo) for a in legal))
        set_visible(self.tambah_button, self.view.acting is not None and self.ctl.can_tambah())

    def assist_rects(self) -> tuple:
        """Hint and Undo side by side in the corner right of the hand (Pass sits above it)."""
        width, height = self.app.size
        room = (width - self.layout.hand.right - px(32)) // 2
        undo = pygame.Rect(0, 0, max(px(84), min(px(130), room)), px(38))
        undo.bottomright = (width - px(16), height - px(16))
        hint = undo.move(-undo.width - px(8), 0)
        return hint, undo

    def move_log_area(self) -> pygame.Rect:
        """The open log lies on the line's field, left of its middle: every seat, its mark and
        the prompt stay in view (the log tells what the line it covers shows)."""
        line = self.layout.line
        width = min(px(MOVE_LOG_WIDTH), self.app.size[0] * 2 // 5, line.width * 3 // 5)
        return pygame.Rect(line.left, line.top, width, line.height)

    def point_out(self, action) -> None:
        """The coach's tile is picked up and its end ringed; for Apollo or Pass its button is
        lit."""
        if isinstance(action, Play):
            self.selected = action.tile
            self.hand_rects = self.place_hand()
            self.app.focus.focus_on(self, ("tile", action.tile))   # Return lays it
        elif self.widgets:                       # Pass or Apollo!: its button lit
            button = self.apollo_button if isinstance(action, Apollo) else self.pass_button
            button.select()
            self.app.focus.focus_on(self, button)

    def forget_moves(self) -> None:
        self.selected = None
        self.snake_key = None

    def place_line(self) -> None:
        """The snake changes only when a tile is laid or the window changes."""
        obs = self.view.observation
        key = (len(obs.line), obs.deal_number, tuple(self.layout.line))
        if key != self.snake_key:
            self.snake, self.last_placed = snake_of(obs.line, self.layout.line)
            self.snake_key = key

    def place_hand(self) -> list:
        if not self.view.hand_shown:
            return []
        drag = None
        if self.drag_from is not None and self.drag_pos is not None:
            drag = (self.drag_pos[0] - self.drag_from[0], self.drag_pos[1] - self.drag_from[1])
        return hand_places(self.layout, self.view.observation.hand, self.selected, drag)

    def side_of(self, player: int, chairs: tuple | None = None) -> str:
        return side_of(player, self.view.seat, chairs or self.view.observation.chairs)

    # --- input --------------------------------------------------------------------------------

    def handle(self, event) -> None:
        if self.move_log.takes(event):
            return
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
        elif event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            self.drag_pos = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
        self.hand_rects = self.place_hand()

    def on_button(self, element) -> None:
        if element is self.pass_button:
            self.attempt(PASS)
        elif element is self.apollo_button:
            apollos = [a for a in self.view.legal if isinstance(a, Apollo)]
            if len(apollos) == 1:
                self.attempt(apollos[0])
            elif apollos:                       # D7/D11: the player chooses the ends
                self.app.stack.push(ApolloChoiceScene(self.app, self, apollos))
        elif element is self.tambah_button:
            self.ctl.tambah(self.app.now)
            self.sync_widgets()
        else:
            super().on_button(element)

    def tile_at(self, pos) -> int | None:
        return next((tile for tile, rect in self.hand_rects if rect.collidepoint(pos)), None)

    def end_at(self, pos) -> str | None:
        return next((end for end, rect in self.snake.targets.items()
                     if rect.inflate(px(12), px(12)).collidepoint(pos)), None)

    def on_press(self, pos) -> None:
        if self.view.acting is None:
            return
        tile = self.tile_at(pos)
        if tile is not None:
            if tile == self.selected:
                self.play_obvious(tile)
            else:
                self.selected = tile
                self.drag_from, self.drag_pos = pos, pos
            return
        end = self.end_at(pos)
        if end is not None and self.selected is not None:
            self.play_selected(end)
        else:
            self.selected = None

    def on_release(self, pos) -> None:
        dragged = self.drag_from is not None and self.drag_pos is not None and (
            abs(pos[0] - self.drag_from[0]) + abs(pos[1] - self.drag_from[1]) > px(DRAG_THRESHOLD))
        self.drag_from = self.drag_pos = None
        if dragged and self.selected is not None:
            end = self.end_at(pos)
            if end is not None:
                self.play_selected(end)

    def fitting_ends(self, tile: int) -> list[str]:
        """The ends where `tile` may be laid now (D7)."""
        return fitting_ends(self.view.legal, tile)

    def play_obvious(self, tile: int) -> None:
        """A second click on the selected tile plays it where it can only go."""
        if OPENING_PLAY[tile] in self.view.legal:
            self.attempt(OPENING_PLAY[tile])
            return
        obs = self.view.observation
        ends = self.fitting_ends(tile)
        if len(ends) == 1 or (ends and obs.left == obs.right):
            self.attempt(PLAY_AT[tile][ends[0]])
        elif ends:                          # D7: the player chooses the end
            self.say(t("domino.table.fits_both", tile=tile_text(tile)))
        elif not ends:
            self.attempt(PLAY_AT[tile][LEFT] if obs.line else OPENING_PLAY[tile])
            # a wrong tile: refused (and −1 in tournaments, D8)

    def play_selected(self, end: str) -> None:
        tile = self.selected
        if not self.view.observation.line or end == "":
            self.attempt(OPENING_PLAY[tile])
        else:
            self.attempt(PLAY_AT[tile][end])

    def attempt(self, action):
        events = super().attempt(action)
        if events is not None and not any(isinstance(e, Misplayed) for e in events):
            self.selected = None
        self.hand_rects = self.place_hand()
        return events

    # --- the keyboard (focus.py): ← → pick a tile, Return lays it, then ← → an end --------

    def play_targets(self) -> list:
        """While a picked-up tile fits both ends, the ends come first; then the hand."""
        if self.view.acting is None:
            return []
        ends = []
        if self.selected is not None and self.view.observation.line \
                and len(self.fitting_ends(self.selected)) > 1:
            ends = [Target(("end", end), rect, lambda end=end: self.play_selected(end), "ends")
                    for end, rect in sorted(self.snake.targets.items())]
        return ends + [Target(("tile", tile), rect, lambda tile=tile: self.lay_by_key(tile),
                              "hand") for tile, rect in self.hand_rects]

    def initial_focus(self):
        """The leftmost tile, or the one move the prompt names: the tile that must open (D5),
        Pass when nothing fits."""
        legal = self.view.legal
        if legal == (PASS,) and self.widgets:
            return self.pass_button
        opening = [action.tile for action in legal
                   if isinstance(action, Play) and action.end is None]
        return ("tile", opening[0]) if len(opening) == 1 else super().initial_focus()

    def lay_by_key(self, tile: int) -> None:
        """Return on a tile picks it up, as the mouse's first click does; Return on the tile
        picked up lays it where it goes (a wrong one is refused as a second click is, and costs
        the tournament's −1, D8); one that fits both ends sends the focus to the line's ends
        (D7: the player chooses)."""
        obs = self.view.observation
        if self.selected != tile:
            self.selected = tile
            self.hand_rects = self.place_hand()
            self.app.focus.focus_on(self, ("tile", tile))
        elif obs.line and len(self.fitting_ends(tile)) > 1 and obs.left != obs.right:
            self.selected = tile
            self.hand_rects = self.place_hand()
            self.app.focus.focus_on(self, ("end", self.advised_end(tile)))
            self.say(t("keys.domino.choose_end", tile=tile_text(tile)))
        else:
            self.selected = tile
            self.play_obvious(tile)

    def advised_end(self, tile: int) -> str:
        """Where the ring starts among the ends: the coach's end for its tile, else the left."""
        advised = self.assists.advised
        if isinstance(advised, Play) and advised.tile == tile and advised.end is not None:
            return advised.end
        return LEFT

    def on_escape(self) -> None:
        """Esc puts a picked-up tile back first; else the pause menu."""
        if self.selected is not None and self.view.acting is not None:
            tile, self.selected = self.selected, None
            self.hand_rects = self.place_hand()
            self.app.focus.focus_on(self, ("tile", tile))
        else:
            super().on_escape()

    def pass_by_key(self) -> None:
        if PASS in self.view.legal:
            self.attempt(PASS)

    # --- events ---------------------------------------------------------------------------

    @handles(TilePlayed)
    def on_tile_played(self, event, now: float) -> None:
        self.timeline.start("flight", now, TILE_FLIGHT_S, event.player, hold=True)
        if event.player != self.view.seat:        # the others' moves are marked at their seat
            self.marks.say_at(event.player, tile_text(event.tile))
        else:                                     # the player at the screen sees their own
            self.marks.unmark(event.player)

    @handles(Passed)
    def on_passed(self, event, now: float) -> None:
        """A pass stays marked at the seat until it plays again or the deal ends."""
        self.say(t("domino.table.passed", name=self.names[event.player]))
        self.marks.say_at(event.player, t("table.pass"))

    @handles(Misplayed)
    def on_misplayed(self, event, now: float) -> None:
        obs = self.view.observation
        self.say(t("domino.table.misplay", name=self.names[event.player],
                   tile=tile_text(event.tile), left=obs.left, right=obs.right,
                   penalty=abs(event.penalty)), REFUSED)

    @handles(SeatsChanged)
    def on_seats_changed(self, event, now: float) -> None:
        a, b = event.swapped
        before = tuple(b if p == a else a if p == b else p for p in event.chairs)
        # D3: the players change chairs before the deal's opening tile is laid; its notice
        # is up in the middle of the table, and nobody plays, until it has been seen
        self.timeline.start("seats", now, SEAT_CHANGE_S, before, hold=True)
        until = self.tempo.show_moment(Moment.SEAT_CHANGE, now)
        self.timeline.start("seat_notice", now, 0, t("domino.seats.changed",
                                                     number=event.before_deal, a=self.names[a],
                                                     b=self.names[b]), fixed=until - now)

    @handles(DealStarted)
    def on_deal_started(self, event, now: float) -> None:
        self.selected = None
        self.marks.clear()                        # the passes and tiles of the last deal
