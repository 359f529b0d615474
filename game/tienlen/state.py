"""The Rules state of a Tiến Lên table: 2–4 players playing game after game (T6–T20), under the
house rules of its options (V-T1–V-T7, docs/rules/variants.md; the defaults are T1–T20).

One object holds the table (names, stake, gold, who is still seated, finished games) and the game
in progress (hands, the combination on the table, who passed, the open chop chain, who went out).
Hands are bitmasks (cards.py); `apply` validates everything before it changes anything.
"""

from __future__ import annotations

from typing import Sequence

from game.core.errors import IllegalAction

from .actions import (BASE_RULES, PASS, CardsPlayed, ChopPayment, ChopSettled, Chopped, CongPaid,
                      Deal, GameOver, GameResult, GameStarted, InstantWin, Leave, Pass, Passed,
                      Play, PlayerLeft, PlayerOut, RoundEnded, TienLenObservation,
                      TienLenOptions)
from .cards import (DECK_SIZE, FULL_DECK, HAND_SIZE, RANK_TWO, THREE_OF_SPADES, cards_of, describe,
                    mask_of, name, pretty)
from .combos import (FOUR_OF_A_KIND, FOUR_PAIRS, KNOWN_COMBOS, THREE_PAIRS, Combo, HandCombos,
                     beats, chop_keys, chopped_value, classify_cached, combos_of_hand, is_chop)
from .scoring import (cong_penalty, instant_win, instant_win_penalty, penalty_cards,
                      special_values)

#: events are immutable, so the pass of each seat (2–4 players, T1) is one shared object
_PASSED = tuple(Passed(player) for player in range(4))
#: the bit of the first 2 (2♠): a hand at or above it holds a 2
_TWOS_SHIFT = 4 * RANK_TWO
#: V-T6: the bombs a passed player may come back with
_COMEBACK_FOUR_PAIRS, _COMEBACK_OFF, _COMEBACK_ANY_BOMB = range(3)
_COMEBACK_MODE = {"four_pairs": _COMEBACK_FOUR_PAIRS, "off": _COMEBACK_OFF,
                  "any_bomb": _COMEBACK_ANY_BOMB}
#: V-T6 "any_bomb": every bomb but the 5-pair run (VT-j)
_COMEBACK_BOMBS = (THREE_PAIRS, FOUR_OF_A_KIND, FOUR_PAIRS)


def is_stuck(hand: int) -> bool:
    """V-T2: the hand is one card, a 2: its player may only pass."""
    return hand >> _TWOS_SHIFT != 0 and hand & (hand - 1) == 0


def deal_problem(at_table: Sequence[bool], hands: Sequence[Sequence[int]]) -> str | None:
    """Why a deal does not fit the table (T1), in words; None when it is fine."""
    if len(hands) != len(at_table):
        return f"a deal needs one hand per player ({len(at_table)}), not {len(hands)}"
    seen = 0
    for player, (seated, hand) in enumerate(zip(at_table, hands)):
        if not seated:
            if hand:
                return f"player {player} has left the table and must be dealt no cards"
            continue
        if len(hand) != HAND_SIZE:
            return f"player {player} must be dealt {HAND_SIZE} cards, not {len(hand)}"
        for card in hand:
            if type(card) is not int or not 0 <= card < DECK_SIZE:
                return f"{card!r} is not a card"
        mask = mask_of(hand)
        if mask.bit_count() != HAND_SIZE or mask & seen:
            twice = next(c for c in hand if hand.count(c) > 1 or seen >> c & 1)
            return f"{name(twice)} is dealt twice"
        seen |= mask
    return None


def _without_finish(legal: list, hand: int) -> list:
    """V-T2: `legal` without the play of the whole hand (the hand holds a 2)."""
    size = hand.bit_count()
    return [action for action in legal if action is PASS or len(action.cards) != size]


class TienLenState:
    """A table in progress. Implements game.core.rules.Rules."""

    __slots__ = (
        # the table
        "num_players", "names", "stake", "initial_gold", "gold", "at_table", "results",
        "games_started", "last_winner", "last_cards_left", "last_places",
        # the house rules (V-T1–V-T7), and the switches read in hot paths
        "options", "no_two", "places", "each_chop", "comeback",
        # the game in progress
        "in_game", "hands", "dealt", "played", "out_of_play", "to_move", "must_include",
        "table", "table_player", "passed", "chain_cards", "chain_chopper", "chain_chopped",
        "game_gold", "game_chops", "pending_leaves", "history", "_combos",
        "out_order", "stopped", "stopped_order", "doubled",
    )

    def __init__(self, names: Sequence[str], stake: int = 1, gold: int = 1000,
                 options: TienLenOptions = BASE_RULES):
        n = len(names)
        self.options = options
        self.no_two = options.no_finish_on_two
        self.places = options.places
        self.each_chop = options.chop_settlement == "each"
        self.comeback = _COMEBACK_MODE[options.comeback]
        self.num_players = n
        self.names = tuple(names)
        self.stake = stake
        self.initial_gold = gold
        self.gold = [gold] * n
        self.at_table = [True] * n
        self.results: list[GameResult] = []
        self.games_started = 0
        self.last_winner: int | None = None
        self.last_cards_left: list[int] = [0] * n
        self.last_places: tuple[int, ...] | None = None   # V-T1: the last game's places
        self.in_game = False
        self.hands = [0] * n
        self.dealt = [0] * n
        self.played = 0                 # mask of the cards played in this game
        self.out_of_play = FULL_DECK    # not dealt, or in the hand of a player who left
        self.to_move: int | None = None
        self.must_include = 0           # mask of the card the next lead must contain (T7)
        self.table: Combo | None = None
        self.table_player: int | None = None
        self.passed = 0                 # bitmask of the players who passed this round
        self.chain_cards = 0            # value of the open chop chain (T13), 0 when none
        self.chain_chopper: int | None = None
        self.chain_chopped: int | None = None
        self.game_gold = [0] * n
        self.game_chops: list[ChopPayment] = []
        self.pending_leaves: list[tuple[int, int]] = []  # (leaver, penalty cards), T16
        self.history: list = []
        #: per player: the combinations of the dealt hand by (kind, size), built when first needed
        self._combos: list[HandCombos | None] = [None] * n
        self.out_order: list[int] = []  # V-T1: who went out, in order (places 1, 2, …)
        self.stopped = 0                # V-T1.3: mask of the cóng players stopped at the first out
        self.stopped_order: list[int] = []
        self.doubled = False            # V-T3: the winner went out on the single 3♠

    def clone(self) -> "TienLenState":
        """Lists copied, everything else (ints, tuples, frozen events, combo tables) shared."""
        other = object.__new__(TienLenState)
        other.options, other.no_two, other.places = self.options, self.no_two, self.places
        other.each_chop, other.comeback = self.each_chop, self.comeback
        other.num_players, other.names, other.stake = self.num_players, self.names, self.stake
        other.initial_gold, other.gold = self.initial_gold, self.gold[:]
        other.at_table, other.results = self.at_table[:], self.results[:]
        other.games_started, other.last_winner = self.games_started, self.last_winner
        other.last_cards_left, other.last_places = self.last_cards_left[:], self.last_places
        other.in_game, other.hands, other.dealt = self.in_game, self.hands[:], self.dealt[:]
        other.played, other.out_of_play = self.played, self.out_of_play
        other.to_move, other.must_include = self.to_move, self.must_include
        other.table, other.table_player, other.passed = self.table, self.table_player, self.passed
        other.chain_cards = self.chain_cards
        other.chain_chopper, other.chain_chopped = self.chain_chopper, self.chain_chopped
        other.game_gold, other.game_chops = self.game_gold[:], self.game_chops[:]
        other.pending_leaves, other.history = self.pending_leaves[:], self.history[:]
        other._combos = self._combos[:]
        other.out_order, other.stopped_order = self.out_order[:], self.stopped_order[:]
        other.stopped, other.doubled = self.stopped, self.doubled
        return other

    @classmethod
    def from_observation(cls, observation: TienLenObservation,
                         hands: Sequence[Sequence[int]]) -> "TienLenState":
        """The game in progress that agrees with `observation`, the players holding `hands`
        (cards by player, as in a Deal; none for a player out of the game). For search AI: a
        determinization of what a seat may see. The rest is read from the public history: what
        each player played (their dealt hand is what they hold and played), the open chop chain,
        the payments so far, the leavers' penalties, who went out and who was stopped cóng
        (V-T1). The house rules travel in the observation. It does not show the stake, so
        payments from here on are of stake 1 (every payment scales with it)."""
        if observation.current_player is None:
            raise ValueError("no game is in progress")
        n = len(observation.hand_sizes)
        state = cls(tuple(f"player {p}" for p in range(n)), stake=1, options=observation.options)
        played_by = [0] * n
        last_play: tuple[int, ...] = ()
        for event in observation.history:
            kind = type(event)
            if kind is CardsPlayed:
                played_by[event.player] |= mask_of(event.cards)
                last_play = event.cards
            elif kind is PlayerOut:
                state.out_order.append(event.player)
                if event.place == 1:
                    state.doubled = state._three_spades_finish(last_play, observation.game)
            elif kind is CongPaid:
                state.stopped |= 1 << event.payer
                state.stopped_order.append(event.payer)
                state.game_gold[event.payer] -= event.gold
                state.game_gold[event.receiver] += event.gold
            elif kind is Chopped:
                state.chain_cards = event.chain
                state.chain_chopper, state.chain_chopped = event.chopper, event.chopped
            elif kind is ChopSettled:
                state.chain_cards, state.chain_chopper, state.chain_chopped = 0, None, None
                state.game_chops.append(ChopPayment(event.payer, event.receiver, event.cards))
                state.game_gold[event.payer] -= event.gold
                state.game_gold[event.receiver] += event.gold
            elif kind is PlayerLeft:
                state.pending_leaves.append((event.player, event.penalty))
        state.gold = list(observation.gold)
        # gold moves only by payments, so the balances less the games' and this game's payments
        # are where the table started: returns() agree with the real table's
        state.initial_gold = (observation.gold[0] - state.game_gold[0]
                              - sum(result.gold[0] for result in observation.results))
        state.at_table = list(observation.at_table)
        state.results = list(observation.results)
        state.games_started = observation.game
        state.last_winner = observation.results[-1].winner if observation.results else None
        state.last_places = observation.results[-1].places if observation.results else None
        state.in_game = True
        state.hands = [mask_of(hand) for hand in hands]
        state.dealt = [hand | played for hand, played in zip(state.hands, played_by)]
        state.played = 0
        for played in played_by:
            state.played |= played
        state.out_of_play = FULL_DECK & ~state.played
        for hand in state.hands:
            state.out_of_play &= ~hand
        state.to_move = observation.current_player
        state.must_include = (0 if observation.must_include is None
                              else 1 << observation.must_include)
        state.table = classify_cached(observation.table_cards) if observation.table_cards else None
        state.table_player = observation.table_player
        state.passed = sum(1 << p for p in observation.passed)
        state.history = list(observation.history)
        for player, hand in enumerate(state.hands):
            if hand:
                # build each hand's combination table now: a search's clones of this world then
                # share it instead of each rollout building its own
                state._combos_of(player)
        return state

    # --- Rules protocol: queries ------------------------------------------------------------------

    def needs_deal(self) -> bool:
        return not self.in_game and sum(self.at_table) >= 2

    def is_terminal(self) -> bool:
        return not self.in_game and sum(self.at_table) < 2

    def current_player(self) -> int | None:
        return self.to_move

    def returns(self) -> list[int]:
        """T20: gold won or lost since the table started."""
        return [balance - self.initial_gold for balance in self.gold]

    @property
    def first_game(self) -> bool:
        return self.games_started == 1

    def legal_actions(self) -> list:
        player = self.to_move
        if player is None:
            return []
        hand = self.hands[player]
        combos = self._combos[player] or self._combos_of(player)
        table = self.table
        if table is None:
            need = self.must_include
            if need:
                legal = [play for mask, _, play in combos.every
                         if mask & hand == mask and mask & need]
            else:
                legal = [play for mask, _, play in combos.every if mask & hand == mask]
            if self.no_two and hand >> _TWOS_SHIFT:
                # V-T2: not out on a 2; a player left with one 2 may only pass, even leading
                return _without_finish(legal, hand) or [PASS]
            return legal
        if self.passed >> player & 1:
            return self._rechops(player) + [PASS]
        top = table.top
        by_kind = combos.by_kind
        legal = [play for mask, card, play in by_kind.get((table.kind, table.size), ())
                 if card > top and mask & hand == mask]
        for key in chop_keys(table):
            legal += [play for mask, _, play in by_kind.get(key, ()) if mask & hand == mask]
        legal.append(PASS)
        if self.no_two and hand >> _TWOS_SHIFT:
            return _without_finish(legal, hand)
        return legal

    def observation(self, player: int) -> TienLenObservation:
        table = self.table
        return TienLenObservation(
            player=player,
            hand=cards_of(self.hands[player]),
            hand_sizes=tuple(hand.bit_count() for hand in self.hands),
            current_player=self.to_move,
            game=self.games_started,
            history=tuple(self.history),
            table_cards=cards_of(table.mask) if table else None,
            table_player=self.table_player,
            passed=tuple(p for p in range(self.num_players) if self.passed >> p & 1),
            must_include=cards_of(self.must_include)[0] if self.must_include else None,
            at_table=tuple(self.at_table),
            gold=tuple(self.gold),
            results=tuple(self.results),
            options=self.options,
        )

    def timeout_action(self) -> Play | Pass | None:
        """T11: what the timer plays: pass when allowed, else the lowest single (with the card
        T7 requires). V-T2: a player stuck on a 2 passes, even leading."""
        player = self.to_move
        if player is None:
            return None
        if self.table is not None or (self.no_two and is_stuck(self.hands[player])):
            return PASS
        lowest = self.must_include or self.hands[player] & -self.hands[player]
        return Play(cards_of(lowest))

    def card_locations(self) -> tuple[list[int], int, int]:
        """(hands, played, out of play) as masks: every card is in exactly one place."""
        return list(self.hands), self.played, self.out_of_play

    # --- Rules protocol: changes ------------------------------------------------------------------

    def start_deal(self, deal: Deal) -> list:
        if not self.needs_deal():
            raise IllegalAction("no deal is needed now", code="bad_deal")
        problem = deal_problem(self.at_table, deal.hands)
        if problem:
            raise IllegalAction(problem, code="bad_deal")
        n = self.num_players
        self.games_started += 1
        self.in_game = True
        self.hands = [mask_of(hand) for hand in deal.hands]
        self.dealt = list(self.hands)
        self.played = 0
        self.out_of_play = FULL_DECK
        for hand in self.hands:
            self.out_of_play ^= hand
        self.table, self.table_player, self.passed = None, None, 0
        self.chain_cards, self.chain_chopper, self.chain_chopped = 0, None, None
        self.game_gold = [0] * n
        self.game_chops = []
        self.pending_leaves = []
        self._combos = [None] * n
        self.out_order, self.stopped, self.stopped_order, self.doubled = [], 0, [], False
        leader, self.must_include = self._first_leader()
        self.history = [GameStarted(self.games_started, leader,
                                    cards_of(self.must_include)[0] if self.must_include else None)]
        self.to_move = leader
        winner, win = self._instant_winner(leader)
        if winner is not None:
            self.history.append(InstantWin(winner, win))
            self._finish_game(winner, instant=win)
        return list(self.history)

    def apply(self, action) -> list:
        kind = type(action)
        if kind is Play:
            return self._play(action.cards)
        if kind is Pass:
            return self._pass()
        if kind is Leave:
            return self._leave(action.player)
        raise IllegalAction(f"{action!r} is not a Tiến Lên action", code="unknown_action")

    # --- T7, T17–T19: who leads, instant wins -----------------------------------------------------

    def _first_leader(self) -> tuple[int, int]:
        """T7: (the player who leads this game, mask of the card the first play must contain).
        The 3♠ (or lowest card) leads the first game, every game under V-T7 "three_spades", and
        the game after a V-T2 dead end without a winner (VT-f)."""
        seated = [p for p in range(self.num_players) if self.at_table[p]]
        winner = self.last_winner
        if self.first_game or winner is None or self.options.lead_rule == "three_spades":
            lowest = min(seated, key=lambda p: self.hands[p] & -self.hands[p])
            return lowest, self.hands[lowest] & -self.hands[lowest]
        if self.at_table[winner]:
            return winner, 0
        if self.last_places is not None:
            # V-T1.6: the runner-up is the best placed player still at the table
            return next(p for p in self.last_places if self.at_table[p]), 0
        # the runner-up: fewest cards left last game, ties to the earlier seat after the winner
        n = self.num_players
        return min(seated, key=lambda p: (self.last_cards_left[p], (p - winner) % n)), 0

    def _instant_winner(self, leader: int) -> tuple[int | None, str | None]:
        """T19: of several instant winners, the leader or the first after them in turn order
        (in the first game the leader is the holder of 3♠). V-T4: none when "off"; "extended"
        adds 13 cards of one colour."""
        mode = self.options.instant_wins
        if mode == "off":
            return None, None
        first, extended = self.first_game, mode == "extended"
        for step in range(self.num_players):
            player = (leader + step) % self.num_players
            if self.at_table[player]:
                win = instant_win(self.hands[player], first, extended)
                if win:
                    return player, win
        return None, None

    # --- T8–T10: playing and passing --------------------------------------------------------------

    def _play(self, cards: tuple[int, ...]) -> list:
        player = self._player_to_move()
        try:
            combo = KNOWN_COMBOS[cards]  # fast path: sorted plays seen before
        except (KeyError, TypeError):
            combo, cards = self._combo_of(cards)
        hand = self.hands[player]
        missing = combo.mask & ~hand if combo else mask_of(cards) & ~hand
        if missing:
            held = "is" if missing & (missing - 1) == 0 else "are"
            raise IllegalAction(f"{', '.join(name(c) for c in cards_of(missing))} {held} not in "
                                f"{self.names[player]}'s hand",
                                code="cards_not_in_hand", cards=cards_of(missing), player=player)
        if combo is None:
            raise IllegalAction(f"{describe(cards)} is not a combination",
                                code="not_a_combination", cards=cards)
        table = self.table
        if table is None:
            if self.must_include and not combo.mask & self.must_include:
                need = cards_of(self.must_include)[0]
                which = "the first game" if self.first_game else "this game"
                raise IllegalAction(f"the first play of {which} must contain "
                                    f"{pretty(need)}", code="must_include", card=need)
        else:
            if not beats(combo, table):
                table_cards = cards_of(table.mask)
                raise IllegalAction(f"{describe(cards)} does not beat {describe(table_cards)}",
                                    code="does_not_beat", play=cards, table=table_cards)
            if self.passed >> player & 1 and (self.comeback or (combo.kind, combo.size)
                                              != FOUR_PAIRS):
                self._check_comeback(player, combo)
        no_two = self.no_two
        if no_two and combo.mask == hand and hand >> _TWOS_SHIFT:
            raise IllegalAction(f"{self.names[player]} may not go out on a 2 ({describe(cards)})",
                                code="cannot_finish_on_two", cards=cards)
        # valid: from here on the state changes
        hand ^= combo.mask
        self.hands[player] = hand
        self.played |= combo.mask
        self.must_include = 0
        event = CardsPlayed(player, cards)
        self.history.append(event)
        events = [event]
        if table is not None and is_chop(combo, table):
            value = chopped_value(table)
            self.chain_cards += value
            self.chain_chopper, self.chain_chopped = player, self.table_player
            chop = Chopped(player, self.table_player, value, self.chain_cards)
            self.history.append(chop)
            events.append(chop)
            if self.each_chop:
                events += self._settle_chain()  # V-T5: every chop is paid at once
        self.table, self.table_player = combo, player
        self.passed &= ~(1 << player)  # T9: a 4-pair chop brings a passed player back
        if not hand:
            if not self.out_order:
                self.doubled = self._three_spades_finish(cards, self.games_started)
            if self.places:
                events += self._went_out(player)  # V-T1
            else:
                events += self._finish_game(player)  # T10
        elif no_two and self._dead_end():
            events += self._finish_dead_end()  # V-T2
        else:
            events += self._advance(player)
        return events

    def _check_comeback(self, player: int, combo: Combo) -> None:
        """T9 / V-T6: may a player who passed this round come back with `combo` (a play that
        beats the table and is not a 4-pair run)?"""
        if self.comeback == _COMEBACK_ANY_BOMB:
            if (combo.kind, combo.size) in _COMEBACK_BOMBS:
                return
            raise IllegalAction(f"{self.names[player]} has passed this round and may only come "
                                f"back with a bomb", code="passed_bomb_only", player=player)
        if self.comeback == _COMEBACK_OFF:
            # not reached in play: a passed player is skipped until the round ends
            raise IllegalAction(f"{self.names[player]} has passed this round",
                                code="passed_this_round", player=player)
        raise IllegalAction(f"{self.names[player]} has passed this round and may only come "
                            f"back with four consecutive pairs",
                            code="passed_this_round", player=player)

    def _three_spades_finish(self, cards: tuple[int, ...], game: int) -> bool:
        """V-T3: the first player out went out on the single 3♠, in a game after the first."""
        return (self.options.three_spades_finish and game > 1
                and cards == (THREE_OF_SPADES,))

    def _pass(self) -> list:
        player = self._player_to_move()
        if self.table is None:
            if not (self.no_two and is_stuck(self.hands[player])):
                raise IllegalAction("you cannot pass when you lead", code="cannot_pass_leading")
            # V-T2 (VT-e): a stuck leader passes the lead on; nobody has passed in the new round
            event = _PASSED[player]
            self.history.append(event)
            return [event] + self._end_round(self._next_holder(player))
        self.passed |= 1 << player
        event = _PASSED[player]
        self.history.append(event)
        return [event] + self._advance(player)

    def _player_to_move(self) -> int:
        if self.to_move is None:
            if not self.in_game:
                raise IllegalAction("the game is over", code="game_over")
            raise IllegalAction("nobody is to move", code="nobody_to_move")
        return self.to_move

    def _combo_of(self, cards: tuple[int, ...]) -> tuple[Combo | None, tuple[int, ...]]:
        """(the combination, the cards sorted) of a Play; raises IllegalAction for non-cards."""
        if type(cards) is not tuple:
            raise IllegalAction(f"a play's cards must be a tuple of cards, not {cards!r}",
                                code="malformed_play", value=repr(cards))
        if not cards:
            raise IllegalAction("a play needs at least one card", code="empty_play")
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
                raise IllegalAction(f"{card!r} is not a card", code="not_a_card", value=repr(card))
        mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            raise IllegalAction(f"{pretty(twice)} is listed twice", code="listed_twice",
                                card=twice)
        cards = cards_of(mask)
        return classify_cached(cards), cards

    def _advance(self, seat: int) -> list:
        """T8–T9: the turn goes to the next player after `seat` who may act; when it comes back
        to the player who made the last play, the round ends and that player leads (V-T1.2: if
        they went out, the next player after them who still holds cards)."""
        n = self.num_players
        hands, passed, stopped, last = self.hands, self.passed, self.stopped, self.table_player
        for step in range(1, n + 1):
            player = (seat + step) % n
            if player == last:
                if not hands[player]:
                    player = self._next_holder(player)
                return self._end_round(player)
            if not hands[player] or stopped >> player & 1:
                continue  # left the table, went out, or stopped cóng (V-T1.3)
            if passed >> player & 1 and not self._rechops(player):
                continue
            self.to_move = player
            return []
        raise AssertionError("no player left to move")  # the game ends before this can happen

    def _next_holder(self, seat: int) -> int:
        """The next player after `seat` in turn order who still plays (holds cards, not
        stopped cóng)."""
        n = self.num_players
        return next((seat + step) % n for step in range(1, n) if self._holds((seat + step) % n))

    def _holds(self, player: int) -> bool:
        """Still playing this game: holds cards, has not left, was not stopped cóng (V-T1.3)."""
        return bool(self.hands[player]) and not self.stopped >> player & 1

    def _rechops(self, player: int) -> list:
        """T9: the 4-pair runs with which a passed player may come back (they beat the table);
        V-T6: none ("off"), or every bomb that beats the table but the 5-pair run ("any_bomb")."""
        table = self.table
        if self.comeback:
            if self.comeback == _COMEBACK_OFF:
                return []
            return self._bomb_comebacks(player)
        if (table.kind, table.size) == FOUR_PAIRS:
            above = table.top
        elif FOUR_PAIRS in chop_keys(table):
            above = -1
        else:
            return []
        hand = self.hands[player]
        found = [play for mask, top, play in self._combos_of(player).by_kind.get(FOUR_PAIRS, ())
                 if top > above and mask & hand == mask]
        if found and self.no_two and hand >> _TWOS_SHIFT:
            return _without_finish(found, hand)
        return found

    def _bomb_comebacks(self, player: int) -> list:
        """V-T6 "any_bomb": the 3-pair runs, fours of a kind and 4-pair runs that beat the
        table (VT-j), V-T2 applied."""
        table = self.table
        chops = chop_keys(table)
        hand = self.hands[player]
        by_kind = self._combos_of(player).by_kind
        found = []
        for key in _COMEBACK_BOMBS:
            if key == (table.kind, table.size):
                found += [play for mask, top, play in by_kind.get(key, ())
                          if top > table.top and mask & hand == mask]
            elif key in chops:
                found += [play for mask, _, play in by_kind.get(key, ()) if mask & hand == mask]
        if found and self.no_two and hand >> _TWOS_SHIFT:
            return _without_finish(found, hand)
        return found

    def _combos_of(self, player: int) -> HandCombos:
        """The combinations of the player's dealt hand: built once per game when first needed
        (clones share them), filtered by the cards held when used."""
        combos = self._combos[player]
        if combos is None:
            combos = self._combos[player] = combos_of_hand(self.dealt[player])
        return combos

    def _end_round(self, leader: int) -> list:
        events = self._settle_chain()
        self.table, self.table_player, self.passed = None, None, 0
        self.to_move = leader
        event = RoundEnded(leader)
        self.history.append(event)
        return events + [event]

    # --- T12–T16: chops, leaving, the end of a game -----------------------------------------------

    def _pay(self, payer: int, receiver: int, cards: int) -> int:
        gold = cards * self.stake
        self.gold[payer] -= gold
        self.gold[receiver] += gold
        self.game_gold[payer] -= gold
        self.game_gold[receiver] += gold
        return gold

    def _settle_chain(self) -> list:
        """T13: the last chopper receives the accumulated value from the last chopped."""
        if not self.chain_cards:
            return []
        payer, receiver, cards = self.chain_chopped, self.chain_chopper, self.chain_cards
        gold = self._pay(payer, receiver, cards)
        self.game_chops.append(ChopPayment(payer, receiver, cards))
        self.chain_cards, self.chain_chopper, self.chain_chopped = 0, None, None
        event = ChopSettled(payer, receiver, cards, gold)
        self.history.append(event)
        return [event]

    def _penalty(self, player: int) -> int:
        """T14, or T15 for a player who has not played a card (cóng). V-T1.5 (places): a leaver
        who has played pays two place units and the special values of their hand."""
        hand = self.hands[player]
        if hand == self.dealt[player]:
            return cong_penalty(hand)
        if self.places:
            return 2 * self.options.place_unit + special_values(hand)
        return penalty_cards(hand)

    def _leave(self, player: object) -> list:
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no player {player!r} at this table",
                                code="no_such_player", value=repr(player))
        if not self.at_table[player]:
            raise IllegalAction(f"{self.names[player]} has already left the table",
                                code="already_left", player=player)
        if self.is_terminal():
            raise IllegalAction("the table is closed", code="table_closed")
        if self.in_game and (player in self.out_order or self.stopped >> player & 1):
            raise IllegalAction(f"{self.names[player]} has finished this game and may leave the "
                                f"table once it is over", code="already_out", player=player)
        self.at_table[player] = False
        if not self.in_game:
            event = PlayerLeft(player, 0)
            self.history.append(event)
            return [event]
        penalty = self._penalty(player)
        self.pending_leaves.append((player, penalty))
        self.out_of_play |= self.hands[player]
        self.hands[player] = 0
        self.passed &= ~(1 << player)
        event = PlayerLeft(player, penalty)
        self.history.append(event)
        events = [event]
        if player in (self.chain_chopper, self.chain_chopped):
            events += self._settle_chain()
        remaining = [p for p in range(self.num_players) if self._holds(p)]
        if self.places:
            if len(remaining) <= 1:
                return events + self._finish_places(remaining)  # V-T1.1
        elif len(remaining) == 1:
            return events + self._finish_game(remaining[0])
        if self.no_two and self._dead_end():
            return events + self._finish_dead_end()
        if self.table_player == player:
            return events + self._end_round(self._next_holder(player))
        if self.to_move == player:
            self.must_include = 0  # the 3♠ rule ends with its holder (decisions doc)
            events += self._advance(player)
        return events

    def _doubling(self) -> int:
        """V-T3: every end-of-game payment but the chops is doubled (VT-g)."""
        return 2 if self.doubled else 1

    def _finish_game(self, winner: int, instant: str | None = None) -> list:
        """T10, T13–T17: settle the open chain and collect every loser's payment."""
        events = self._settle_chain()
        double = self._doubling()
        for leaver, penalty in self.pending_leaves:
            self._pay(leaver, winner, penalty * double)
        losers = [p for p in range(self.num_players) if self.hands[p] and p != winner]
        cong = [self.hands[p] == self.dealt[p] for p in losers]
        for loser in losers:
            if instant:
                penalty = instant_win_penalty(instant, self.hands[loser])
            else:
                penalty = self._penalty(loser) * double
            self._pay(loser, winner, penalty)
        if instant:
            outcome = "instant"
        elif losers and all(cong):
            outcome = "cong_all"  # T15: tới trắng
        else:
            outcome = "normal"
        return events + self._game_over(outcome, winner)

    def _game_over(self, outcome: str, winner: int | None,
                   places: tuple[int, ...] | None = None) -> list:
        gold = tuple(self.game_gold)
        self.results.append(GameResult(outcome, winner, gold, tuple(self.game_chops), places,
                                       self.doubled))
        self.last_winner = winner
        self.last_places = places
        self.last_cards_left = [hand.bit_count() for hand in self.hands]
        self.in_game = False
        self.to_move = None
        self.table, self.table_player, self.passed = None, None, 0
        event = GameOver(outcome, winner, gold)
        self.history.append(event)
        return [event]

    # --- V-T1: playing out the places; V-T2: the dead end -----------------------------------------

    def _went_out(self, player: int) -> list:
        """V-T1.1–3: `player` takes the next place. At the first out the cóng players pay T15 at
        once and stop (or, all of them cóng, it is T15's tới trắng); the game ends when at most
        one player still holds cards, or all who do are stuck on a 2 (V-T2)."""
        self.out_order.append(player)
        event = PlayerOut(player, len(self.out_order))
        self.history.append(event)
        events: list = [event]
        n = self.num_players
        after = [(player + step) % n for step in range(1, n)]
        if len(self.out_order) == 1:
            others = [p for p in after if self.hands[p]]
            cong = [p for p in others if self.hands[p] == self.dealt[p]]
            if others and len(cong) == len(others):
                return events + self._finish_game(player)  # T15: tới trắng, no places (VT-c)
            double = self._doubling()
            for loser in cong:
                cards = cong_penalty(self.hands[loser]) * double
                gold = self._pay(loser, player, cards)
                self.stopped |= 1 << loser
                self.stopped_order.append(loser)
                paid = CongPaid(loser, player, cards, gold)
                self.history.append(paid)
                events.append(paid)
        holders = [p for p in after if self._holds(p)]
        if len(holders) <= 1 or (self.no_two and all(is_stuck(self.hands[p]) for p in holders)):
            return events + self._finish_places(holders)
        return events + self._advance(player)

    def _finish_places(self, last: list[int]) -> list:
        """V-T1.4: the places are `out_order` then `last`; the last pays the first two units
        and the special values of their hand (thối), with four ranked the third pays the second
        one unit; the leavers pay the first (V-T1.5). V-T3 doubles all of it."""
        events = self._settle_chain()
        ranked = self.out_order + last
        first = ranked[0]
        double = self._doubling()
        for leaver, penalty in self.pending_leaves:
            self._pay(leaver, first, penalty * double)
        unit = self.options.place_unit
        if len(ranked) >= 2:
            loser = ranked[-1]
            self._pay(loser, first, (2 * unit + special_values(self.hands[loser])) * double)
            if len(ranked) == 4:
                self._pay(ranked[2], ranked[1], unit * double)
        places = tuple(ranked + self.stopped_order
                       + [leaver for leaver, _ in reversed(self.pending_leaves)])
        return events + self._game_over("normal", first, places)

    def _dead_end(self) -> bool:
        """V-T2: every player still holding cards is stuck on a single 2."""
        holders = [p for p in range(self.num_players) if self._holds(p)]
        return len(holders) >= 2 and all(is_stuck(self.hands[p]) for p in holders)

    def _finish_dead_end(self) -> list:
        """V-T2 (VT-f): the game ends with nobody able to go out. Places: the stuck players take
        the remaining places in turn order after the last player out (or, nobody out, after
        the player who made the game's last play). Count: no winner and no T14 payment; the
        chops stand and the leavers' debts lapse."""
        n = self.num_players
        if self.places:
            if self.out_order:
                seat = self.out_order[-1]
            else:
                seat = next(e.player for e in reversed(self.history) if type(e) is CardsPlayed)
            order = [(seat + step) % n for step in range(1, n + 1)]
            return self._finish_places([p for p in order if self._holds(p)])
        events = self._settle_chain()
        return events + self._game_over("normal", None)
