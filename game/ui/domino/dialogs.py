"""Dialogs over the domino table: deal summary and match end (hand-off and pause are shared,
../dialogs.py)."""

from __future__ import annotations

from game.domino.actions import Apollo
from game.domino.scoring import KANDANG, TANGKAP_KANDANG
from game.domino.tiles import TILE_ENDS

import pygame
from pygame_gui.elements import UIButton

from ..dialogs import Dialog, FinalDialog
from ..i18n import number, t, term
from ..resources import draw_text, draw_text_within, wrap_text
from ..scaling import px, px_rect
from ..widgets import CREAM, GOLD
from .board import teams_words
from .tiles import tile_image
from .words import apollo_words


#: the colour of the line that says what the deal's outcome is
MEANING = (200, 210, 196)


def outcome_meaning(outcome: str) -> str:
    """The glossary's line for the outcome, without its name (the title names it): "" for an
    outcome the glossary has no line for."""
    meaning = term(outcome)[1]
    if "\u10a0" <= meaning[:1] <= "\u10ff":   # Georgian writes no capitals (nor has the font)
        return meaning
    return meaning[:1].upper() + meaning[1:]


class SummaryScene(Dialog):
    size = (640, 586)

    def build(self) -> None:
        over = self.view.game_over
        self.next = self.bottom_button(self.way_on(t("summary.to_result") if over
                                                   else t("summary.next")))
        self.view_table_button()
        self.review_button()

    def on_button(self, element) -> None:
        if element is self.next:
            self.ctl.acknowledge_summary(self.app.now)

    def draw(self, surface) -> None:
        super().draw(surface)
        obs = self.view.observation
        if not obs.results:
            return
        result = obs.results[-1]
        names = self.ctl.names
        panel = self.panel()
        title = t("summary.title", number=result.number,
                  outcome=t(f"domino.outcome.{result.outcome}"))
        if result.tiebreak:
            title = f"{t('domino.table.tiebreak_deal')}: {t(f'domino.outcome.{result.outcome}')}"
        self.draw_title(surface, title, top=18, size=26)
        winners = ", ".join(names[p] for p in result.winners)
        draw_text(surface, t("domino.summary.void") if result.void       # V-D2
                  else t("summary.winner", names=winners),
                  (panel.centerx, panel.y + px(58)), 18, CREAM, anchor="midtop")
        payers = [p for p, points in enumerate(result.points) if points < 0]
        if payers:
            # Tangkap Kandang: the caught blocker pays; every other outcome: the player above.
            key = ("domino.summary.caught" if result.outcome == TANGKAP_KANDANG
                   else "domino.summary.paid")
            draw_text(surface, t(key, name=names[payers[0]]),
                      (panel.centerx, panel.y + px(84)), 16, (230, 200, 190), anchor="midtop")
        meaning = outcome_meaning(result.outcome)
        width = panel.width - px(40)   # what the outcome is, for a player new to it
        for index, line in enumerate(wrap_text(meaning, 14, width)[:2] if meaning else ()):
            draw_text_within(surface, line, (panel.centerx, panel.y + px(106 + 18 * index)), 14,
                             width, MEANING, anchor="midtop")
        seated = self.listed(obs, result)
        blocked = result.outcome in (KANDANG, TANGKAP_KANDANG)
        columns = [("summary.points", result.points),
                   ("domino.summary.penalties", result.penalties)]
        if blocked:
            columns.append(("domino.summary.pips", result.pips))
        columns.append(("summary.total", obs.totals))
        x0, y = panel.x + px(30), panel.y + px(150)
        widths = (170,) + (100,) * len(columns)
        draw_row(surface, [""] + [t(key) for key, _ in columns], x0, y, widths, GOLD)
        for player in seated:
            y += px(30)
            cells = [names[player]] + [
                number(values[player], signed=True)
                if key in ("summary.points", "summary.total") else str(values[player])
                for key, values in columns]
            draw_row(surface, cells, x0, y, widths, CREAM)
        if obs.options.partnership:                 # V-D3: the teams' totals
            y += px(34)
            draw_text(surface, teams_words(obs.totals), (x0, y), 16, GOLD, bold=True)
        # D4: hands are opened when the deal is complete.
        y += px(40)
        draw_text(surface, t("domino.summary.hands"), (x0, y), 15, GOLD)
        for player in seated:
            y += px(26)
            draw_text(surface, names[player], (x0, y + px(3)), 15, CREAM)
            x = x0 + px(120)
            tiles = sorted(self.view.revealed[player] if self.view.revealed else ())
            if not tiles:                    # went out: an empty row would look like a gap
                draw_text(surface, "—", (x, y + px(3)), 15, CREAM)
            for tile in tiles:
                a, b = TILE_ENDS[tile]
                surface.blit(tile_image(a, b, px(14)), (x, y + px(2)))
                x += px(34)


    @staticmethod
    def listed(obs, result) -> list[int]:
        """The players the summary lists, in chair order: a tie-break deal is the tied
        players' alone (D17)."""
        return [player for player in obs.chairs
                if not result.tiebreak or player in obs.play_order]


def draw_row(surface, cells, x, y, widths, colour) -> None:
    """Cells from `x` on, in columns `widths` design pixels wide."""
    for cell, width in zip(cells, widths):
        draw_text_within(surface, cell, (x, y), 17, px(width - 8), colour)   # apart, however long
        x += px(width)


class ApolloChoiceScene(Dialog):
    """D11 with D7: an Apollo that can be laid more than one way; the player picks the ends.
    Part of their move: the clock runs on (D19), and the question goes when the move does.
    Esc or Cancel closes it."""
    back_on_escape = True

    def __init__(self, app, table_scene, apollos: list):
        super().__init__(app, table_scene)
        self.apollos = apollos
        self.size = (620, 150 + 56 * len(apollos))

    def build(self) -> None:
        panel = self.panel()
        self.choices = {}
        for index, apollo in enumerate(self.apollos):
            rect = px_rect(0, 0, 540, 46)
            rect.midtop = (panel.centerx, panel.y + px(70 + index * 56))
            self.choices[self.add(UIButton(rect, apollo_words(apollo), self.app.manager))] = apollo
        self.cancel = self.bottom_button(t("domino.apollo.cancel"), width=180)

    def on_button(self, element) -> None:
        chosen = self.choices.get(element)
        if chosen is not None or element is self.cancel:
            self.close()
        if chosen is not None:
            self.table_scene.attempt(chosen)

    def update(self, now: float, dt: float) -> None:
        if not any(isinstance(action, Apollo) for action in self.view.legal):
            self.close()                # the move was made (or timed out) meanwhile

    def draw(self, surface) -> None:
        super().draw(surface)
        self.draw_title(surface, t("domino.apollo.title"), top=18, size=24)


class MatchOverScene(FinalDialog):
    size = (600, 430)

    def draw(self, surface) -> None:
        super().draw(surface)
        obs = self.view.observation
        names = self.ctl.names
        panel = self.panel()
        self.draw_title(surface, t("over.title"), top=18, size=30)
        ranking = obs.ranking or ()
        if obs.options.partnership and len(ranking) >= 2:     # V-D3: the winning team first
            draw_text(surface, t("domino.over.winning_team", names=" & ".join(
                names[p] for p in ranking[:2])), (panel.centerx, panel.y + px(66)), 22, GOLD,
                anchor="midtop")
            draw_text(surface, teams_words(obs.totals), (panel.centerx, panel.y + px(96)), 18,
                      CREAM, anchor="midtop")
        elif len(ranking) >= 2:
            draw_text(surface, t("domino.over.champion", name=names[ranking[0]]),
                      (panel.centerx, panel.y + px(66)), 22, GOLD, anchor="midtop")
            draw_text(surface, t("domino.over.runner_up", name=names[ranking[1]]),
                      (panel.centerx, panel.y + px(96)), 18, CREAM, anchor="midtop")
        y = panel.y + px(140)
        for place, player in enumerate(ranking, start=1):
            total = number(obs.totals[player], signed=True)
            draw_row(surface, [f"{place}.", names[player], total],
                     panel.x + px(120), y, (50, 220, 100), CREAM)
            y += px(32)
        if any(result.tiebreak for result in obs.results):
            draw_text(surface, t("domino.over.tiebreak"), (panel.centerx, y + px(6)), 15, CREAM,
                      anchor="midtop")
