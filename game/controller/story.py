"""The deal's story (the table's move log): who did what, in order, derived from the table's
record (its deals and actions, which every save holds), so a reopened table tells the same
story. No pygame: the window words the lines (game/ui/move_words.py) and draws them
(game/ui/move_log.py).

    story = Story()
    story.follow(record)        # a scenario/1 record; again after every move (it walks on from
    story.lines                 # where it was, or from the start when the record was cut: Undo)
    story.previous()            # the trick / round before this one (see `previous`)

Only what everyone at the table saw becomes a line: moves (the cards and tiles played, passes,
bids, trump), the engine's public events (a trick taken, a round over, a chop, a seat change,
a deal's result). A deal record (the hands) is never read, only replayed through the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalAction, ScenarioError
from game.core.registry import get_game
from game.core.rules import StoryFacts
from game.core.table import Table


@dataclass(frozen=True)
class Line:
    """One line of the story."""
    deal: int                   # the deal (Tiến Lên: the game) it belongs to, from 1
    round: int                  # the trick / round of the deal it belongs to (0: before play)
    kind: str                   # "deal", "move", "misplay" or an event's name (below)
    player: int | None = None   # who did it
    action: Any = None          # the move ("move", "misplay")
    shown: tuple = ()           # the cards or tiles everyone saw, drawn small
    event: Any = None           # the engine's public event the line tells


class Story:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.lines: list[Line] = []
        self.table: Table | None = None
        self.game = ""
        self.facts = StoryFacts()
        self.deals_used = self.actions_used = 0
        self.told_used = 0                   # entries of a told record (a remote table's)
        self.last_deal = self.last_action = None
        self.deal = 0
        self.round = 0
        self.closed: tuple | None = None     # (deal, round) of the last trick / round closed
        self.broken = False                  # the record did not replay: the story stops

    def follow(self, record: dict) -> None:
        """Walk on through `record` from where the story stands (from its start when the record
        is not the one followed so far: another table, or moves taken back)."""
        if "told" in record:
            return self._follow_told(record)
        deals, actions = record["deals"], record["actions"]
        if self.table is None or not self._continues(record):
            self.reset()
            self.table, self.game = Table.for_scenario(record), record["game"]
            self.facts = self.table.definition.story
        if self.broken:
            return
        try:
            self._walk(deals, actions)
        except (ScenarioError, IllegalAction, KeyError, TypeError, ValueError):
            self.broken = True       # a record the engine refuses: the story says what it has

    def _follow_told(self, record: dict) -> None:
        """A table across machines has no deals to replay (the hands are the host's): its
        record tells each move with its public events (`told`: {"deal": number, "events"} or
        {"player", "action" (the scenario notation), "events"}), which the story tells as is."""
        told = record["told"]
        if self.game != record["game"] or len(told) < self.told_used:
            self.reset()
            self.game = record["game"]
            self.facts = get_game(self.game).story
        definition = get_game(self.game)
        for entry in told[self.told_used:]:
            self.told_used += 1
            events = list(entry.get("events", ()))
            if "deal" in entry:
                if not any(isinstance(event, self.facts.deal_starts) for event in events):
                    self.deal, self.round = entry["deal"], 1     # joined in the deal's middle
                    self.lines.append(Line(self.deal, 0, "deal"))
                self._told(events, None, None, dealt=bool(events))
                continue
            if "action" not in entry:        # events of no move (a deal's end, told alone)
                self._told(events, None, None)
                continue
            try:
                action = definition.action_from_json(entry.get("action"))
            except (ScenarioError, KeyError, TypeError, ValueError):
                continue                     # a move this program cannot read is not told
            self._told(events, entry.get("player"), action)

    def _continues(self, record: dict) -> bool:
        deals, actions = record["deals"], record["actions"]
        return (record["game"] == self.game
                and len(deals) >= self.deals_used and len(actions) >= self.actions_used
                and (not self.deals_used or deals[self.deals_used - 1] == self.last_deal)
                and (not self.actions_used or actions[self.actions_used - 1] == self.last_action))

    def _walk(self, deals: list, actions: list) -> None:
        table = self.table
        definition = table.definition
        while True:
            rules = table.state
            if rules.needs_deal() and self.deals_used < len(deals):
                raw = deals[self.deals_used]
                events = table.start_deal(definition.deal_from_json(rules, raw))
                self.deals_used += 1
                self.last_deal = raw
                self._told(events, None, None, dealt=True)
            elif self.actions_used < len(actions) and not rules.needs_deal():
                raw = actions[self.actions_used]
                player = rules.current_player()
                action = definition.action_from_json(raw)
                events = table.apply(action)
                self.actions_used += 1
                self.last_action = raw
                self._told(events, player, action)
            else:
                return

    def _told(self, events: list, player: int | None, action: Any, dealt: bool = False) -> None:
        """The lines of one deal started or one move made."""
        facts = self.facts
        starts = [event for event in events if isinstance(event, facts.deal_starts)]
        if dealt and not facts.deal_starts:
            starts = [None]                  # the game names no event: the deal record opens it
        for event in starts:
            self.deal += 1
            self.round = 1
            turned = getattr(event, "trump_card", None)     # Joker's: everyone sees it
            self.lines.append(Line(self.deal, 0, "deal", shown=() if turned is None
                                   else (turned,), event=event))
        if action is not None:
            shown = tuple(item for event in events if type(event) in facts.played
                          for item in facts.played[type(event)](event))
            misplay = next((e for e in events if facts.misplay is not None
                            and isinstance(e, facts.misplay)), None)
            self.lines.append(Line(self.deal, self._round_of(action), "misplay" if misplay
                                   else "move", player, action, shown, misplay))
        for event in events:
            kind = facts.event_kinds.get(type(event))
            if kind is not None and not facts.untold(event):
                self.lines.append(Line(self.deal, self.round, kind, event=event))
            if isinstance(event, facts.round_ends):
                self.closed = (self.deal, self.round)
                self.round += 1

    def _round_of(self, action: Any) -> int:
        """Bids and the trump are told before the first trick (round 0)."""
        return 0 if isinstance(action, self.facts.before_play) else self.round

    # --- the trick / round before this one --------------------------------------------------

    def previous(self) -> list[Line]:
        """What the table showed a moment ago, in order: Joker's last trick taken (its four
        cards and who took it), Tiến Lên's last round over (its plays and passes until
        everyone passed), domino's last round of moves (each player's latest move in the deal:
        domino has no tricks). Empty when there is none yet."""
        if self.facts.previous == "latest":
            latest: list[Line] = []         # back from the last move until a player repeats
            for line in reversed(self.lines):
                if line.kind == "deal" or any(line.player == seen.player for seen in latest):
                    break
                if line.kind in ("move", "misplay"):
                    latest.insert(0, line)
            return latest
        if self.closed is None:
            return []
        deal, round_ = self.closed
        return [line for line in self.lines if line.deal == deal and line.round == round_
                and line.kind not in ("deal_end", "game_over", *self.facts.after_rounds)]
