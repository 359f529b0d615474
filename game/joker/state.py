"""A whole game of Joker in progress: the Rules state (game/core/rules.py).

Phases per deal (J5–J7): a deal is supplied (chance is data) → trump choice (9-card deals) →
bidding → playing; after the last trick the deal is scored (J12–J14), after the last deal of a
pulka the premium is settled (J15), after the last deal the game is over (J16).
Hands are bitmasks (cards.py); `apply` validates everything before it changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalAction
from .actions import (BID_ACTIONS, BID_MADE_BY_SEAT, JOKER_FOLLOWS, JOKER_LEADS, JOKER_MODE_WORDS,
                      PLAYED_BY_SEAT, SUIT_CHUNK_PLAYS, TRUMP_ACTIONS, Bid, BidMade, CardPlayed,
                      ChooseTrump, DealResult, DealStarted, GameOver, JokerMode, Phase, Play,
                      PulkaResult, TrickTaken, TrumpChosen)
from .cards import (JOKER_1, JOKER_MASK, NO_TRUMP, PACK_MASK, RANKS_PER_SUIT, card_text, cards_of,
                    is_card, mask_of, suit_of)
from .schedule import Schedule
from .scoring import deal_score, premium, ranking
from .tricks import follow_mask, follow_refusal, trick_winner

NUM_PLAYERS = 4
HIGH, TAKES, UNDER = JokerMode.HIGH, JokerMode.TAKES, JokerMode.UNDER
AWAITING_DEAL, TRUMP_CHOICE, BIDDING, PLAYING, FINISHED = (
    Phase.AWAITING_DEAL, Phase.TRUMP_CHOICE, Phase.BIDDING, Phase.PLAYING, Phase.FINISHED)
FULL_DEAL = 9            # 9-card deals: trump is named, not turned (J5)
TRUMP_CHOICE_CARDS = 3   # the chooser sees this many cards first


@dataclass(frozen=True)
class JokerOptions:
    """The table options, resolved (J4, J6, J11, J14; house rules V-J3, V-J4)."""
    khishti: int | str = -200
    dealer_cannot_fill: bool = True
    trump_beats_high_joker_lead: bool = False
    game_type: str = "standard"
    premium: str = "standard"
    partnership: bool = False


@dataclass(frozen=True, slots=True)
class JokerDeal:
    """A deal record: hands by seat in the order dealt, and the turned card (1–8 card deals)."""
    hands: tuple[tuple[int, ...], ...]
    trump_card: int | None = None


@dataclass(frozen=True, slots=True)
class JokerObservation:
    """What one player may know (no other hand). During the trump choice of a 9-card deal the
    chooser sees only their first 3 cards and the others see none of theirs."""
    player: int
    phase: Phase
    deal_number: int                 # from 1; 0 before the first deal
    pulka: int                       # from 1; 0 before the first deal
    cards_dealt: int
    dealer: int
    to_act: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trump_card: int | None
    trump_suit: int | None           # None: bezi, or not named yet (phase TRUMP_CHOICE)
    bezi: bool
    bids: tuple[int | None, ...]
    tricks_taken: tuple[int, ...]
    current_trick: tuple[CardPlayed, ...]
    plays: tuple[CardPlayed, ...]    # this deal's public history, in order
    totals: tuple[int, ...]
    sheet: tuple[DealResult | PulkaResult, ...]
    #: the table options are public (a bot needs the khishti and the dealer's restriction)
    options: JokerOptions | None = None


def _is_suit(value: object) -> bool:
    return type(value) is int and 0 <= value <= 3


class JokerState:
    """The Rules state of one game (a whole table: 24 or 16 deals)."""

    num_players = NUM_PLAYERS
    __slots__ = ("options", "schedule", "first_dealer", "phase", "deal_index", "deal", "cards",
                 "dealer", "hands", "trump", "bids", "bid_total", "to_act", "tricks_taken",
                 "trick", "lead_suit", "lead_high", "plays", "sheet", "totals")

    def __init__(self, options: JokerOptions, first_dealer: int = 0):
        self.options = options
        self.schedule = Schedule.for_game_type(options.game_type)
        self.first_dealer = first_dealer
        self.phase = AWAITING_DEAL
        self.deal_index = -1           # index of the current deal in the schedule
        self.deal: JokerDeal | None = None
        self.cards = 0
        self.dealer = (first_dealer - 1) % NUM_PLAYERS
        self.hands = [0] * NUM_PLAYERS
        self.trump = NO_TRUMP
        self.bids: list[int | None] = [None] * NUM_PLAYERS
        self.bid_total = 0
        self.to_act: int | None = None
        self.tricks_taken = [0] * NUM_PLAYERS
        self.trick: list[CardPlayed] = []
        self.lead_suit = 0
        self.lead_high = False
        self.plays: list[CardPlayed] = []
        self.sheet: list[DealResult | PulkaResult] = []
        self.totals = [0] * NUM_PLAYERS

    # --- Rules protocol ----------------------------------------------------------------------

    def clone(self) -> "JokerState":
        """Immutable fields are shared; the lists mutated in place are copied (shallowly: they
        hold ints and frozen records)."""
        other = JokerState.__new__(JokerState)
        other.options, other.schedule, other.first_dealer = (
            self.options, self.schedule, self.first_dealer)
        other.phase, other.deal_index, other.deal, other.cards, other.dealer = (
            self.phase, self.deal_index, self.deal, self.cards, self.dealer)
        other.trump, other.bid_total, other.to_act = self.trump, self.bid_total, self.to_act
        other.lead_suit, other.lead_high = self.lead_suit, self.lead_high
        other.hands, other.bids, other.tricks_taken = (
            self.hands[:], self.bids[:], self.tricks_taken[:])
        other.trick, other.plays, other.sheet, other.totals = (
            self.trick[:], self.plays[:], self.sheet[:], self.totals[:])
        return other

    def needs_deal(self) -> bool:
        return self.phase is AWAITING_DEAL

    def is_terminal(self) -> bool:
        return self.phase is FINISHED

    def current_player(self) -> int | None:
        return self.to_act

    def returns(self) -> list[int]:
        return list(self.totals)

    def next_deal_cards(self) -> int:
        """Cards per hand in the deal to be supplied next (J4)."""
        if self.phase is not AWAITING_DEAL:
            raise IllegalAction("no deal is due now", code="bad_deal")
        return self.schedule.cards[self.deal_index + 1]

    def next_dealer(self) -> int:
        return (self.dealer + 1) % NUM_PLAYERS

    def start_deal(self, deal: JokerDeal) -> list:
        cards = self.next_deal_cards()
        hands = self._deal_masks(deal, cards)
        self.deal_index += 1
        self.deal = deal
        self.cards = cards
        self.dealer = dealer = (self.dealer + 1) % NUM_PLAYERS
        self.hands = hands
        self.bids = [None] * NUM_PLAYERS
        self.bid_total = 0
        self.tricks_taken = [0] * NUM_PLAYERS
        self.trick = []
        self.plays = []
        self.to_act = (dealer + 1) % NUM_PLAYERS  # names trump (9 cards) and bids first
        if cards == FULL_DEAL:
            self.trump = NO_TRUMP
            self.phase = TRUMP_CHOICE
        else:
            turned = deal.trump_card
            self.trump = NO_TRUMP if turned >= JOKER_1 else suit_of(turned)
            self.phase = BIDDING
        return [DealStarted(self.deal_index + 1, cards, dealer, deal.trump_card)]

    def legal_actions(self) -> list:
        phase = self.phase
        if phase is PLAYING:
            return self._legal_plays()
        if phase is BIDDING:
            forbidden = self._forbidden_bid()
            return [BID_ACTIONS[n] for n in range(self.cards + 1) if n != forbidden]
        if phase is TRUMP_CHOICE:
            return list(TRUMP_ACTIONS)
        return []

    def apply(self, action) -> list:
        phase, kind = self.phase, type(action)
        if phase is PLAYING and kind is Play:
            return self._play(action)
        if phase is BIDDING and kind is Bid:
            return self._bid(action)
        if phase is TRUMP_CHOICE and kind is ChooseTrump:
            return self._choose_trump(action)
        raise self._wrong_phase(action)

    def observation(self, player: int) -> JokerObservation:
        hand_sizes = tuple(mask.bit_count() for mask in self.hands)
        hand = tuple(cards_of(self.hands[player]))
        trump_suit = None if self.trump == NO_TRUMP else self.trump
        if self.phase is TRUMP_CHOICE:
            hand_sizes = (TRUMP_CHOICE_CARDS,) * NUM_PLAYERS  # the rest is not dealt yet
            hand = (tuple(sorted(self.deal.hands[player][:TRUMP_CHOICE_CARDS]))
                    if player == self.to_act else ())
        started = self.deal_index >= 0
        return JokerObservation(
            player=player, phase=self.phase, deal_number=self.deal_index + 1,
            pulka=self.schedule.pulka[self.deal_index] if started else 0,
            cards_dealt=self.cards, dealer=self.dealer if started else self.next_dealer(),
            to_act=self.to_act, hand=hand, hand_sizes=hand_sizes,
            trump_card=self.deal.trump_card if started else None, trump_suit=trump_suit,
            bezi=started and self.phase is not TRUMP_CHOICE and trump_suit is None,
            bids=tuple(self.bids), tricks_taken=tuple(self.tricks_taken),
            current_trick=tuple(self.trick), plays=tuple(self.plays), totals=tuple(self.totals),
            sheet=tuple(self.sheet), options=self.options)

    @classmethod
    def from_observation(cls, observation: JokerObservation, hands) -> "JokerState":
        """A deal in progress that agrees with `observation`, the seats holding `hands` (cards by
        seat). For search AI: a determinization of what a seat may see. During the trump choice
        of a 9-card deal, give full 9-card hands, the chooser's three seen cards first."""
        if observation.phase not in (TRUMP_CHOICE, BIDDING, PLAYING):
            raise IllegalAction("no deal is in progress", code="no_deal_in_progress")
        deal_index = observation.deal_number - 1
        state = cls(observation.options, (observation.dealer - deal_index) % NUM_PLAYERS)
        state.phase = observation.phase
        state.deal_index = deal_index
        state.cards = observation.cards_dealt
        state.dealer = observation.dealer
        state.hands = [mask_of(hand) for hand in hands]
        played: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
        for play in observation.plays:
            played[play.seat].append(play.card)
        state.deal = JokerDeal(tuple(tuple(hand) + tuple(played[seat])
                                     for seat, hand in enumerate(hands)), observation.trump_card)
        state.trump = NO_TRUMP if observation.trump_suit is None else observation.trump_suit
        state.bids = list(observation.bids)
        state.bid_total = sum(bid for bid in observation.bids if bid is not None)
        state.to_act = observation.to_act
        state.tricks_taken = list(observation.tricks_taken)
        state.trick = list(observation.current_trick)
        if state.trick:
            lead = state.trick[0]
            state.lead_suit = lead.suit if lead.card >= JOKER_1 else lead.card // RANKS_PER_SUIT
            state.lead_high = lead.joker is HIGH
        state.plays = list(observation.plays)
        state.sheet = list(observation.sheet)
        state.totals = list(observation.totals)
        return state

    # --- trump choice and bidding (J5, J6) --------------------------------------------------

    def _choose_trump(self, action: ChooseTrump) -> list:
        suit = action.suit
        if suit is not None and not _is_suit(suit):
            raise IllegalAction(f"trump is one of H, D, C, S or none, not {suit!r}",
                                code="bad_trump", value=repr(suit))
        seat = self.to_act
        self.trump = NO_TRUMP if suit is None else suit
        self.phase = BIDDING
        return [TrumpChosen(seat, suit)]

    def _forbidden_bid(self) -> int:
        """The dealer's bid that would make the bids add up to the cards dealt, or -1 (J6)."""
        if self.to_act == self.dealer and self.options.dealer_cannot_fill:
            return self.cards - self.bid_total
        return -1

    def _bid(self, action: Bid) -> list:
        n, seat = action.n, self.to_act
        if type(n) is not int or not 0 <= n <= self.cards:
            raise IllegalAction(f"a bid is from 0 to {self.cards} tricks (the cards dealt), "
                                f"not {n!r}", code="bid_out_of_range", cards=self.cards)
        if n == self._forbidden_bid():
            raise IllegalAction(f"the dealer may not bid {n}: the bids would add up to "
                                f"{self.cards}, the cards dealt",
                                code="dealer_bid_forbidden", bid=n, cards=self.cards)
        self.bids[seat] = n
        self.bid_total += n
        # The dealer bids last (J6); then the player after the dealer leads (J7).
        self.to_act = (seat + 1) % NUM_PLAYERS
        if seat == self.dealer:
            self.phase = PLAYING
        prebuilt = BID_MADE_BY_SEAT.get(id(action))
        return [prebuilt[seat] if prebuilt else BidMade(seat, n)]

    # --- playing (J8–J11) -------------------------------------------------------------------

    def _legal_plays(self) -> list:
        hand = self.hands[self.to_act]
        leading = not self.trick
        allowed = hand if leading else follow_mask(hand, self.lead_suit, self.lead_high,
                                                   self.trump)
        hearts, diamonds, clubs, spades = SUIT_CHUNK_PLAYS
        legal = [*hearts[allowed & 511], *diamonds[allowed >> 9 & 511],
                 *clubs[allowed >> 18 & 511], *spades[allowed >> 27 & 511]]
        if allowed & JOKER_MASK:
            forms = JOKER_LEADS if leading else JOKER_FOLLOWS
            for joker in (36, 37):
                if allowed >> joker & 1:
                    legal.extend(forms[joker])
        return legal

    def _play(self, action: Play) -> list:
        seat, card = self.to_act, action.card
        hand = self.hands[seat]
        if type(card) is not int or card < 0 or not hand >> card & 1:
            if not is_card(card):
                raise IllegalAction(f"{card!r} is not a card of the Joker pack",
                                    code="not_a_card", value=repr(card))
            raise IllegalAction(f"{card_text(card)} is not in your hand", code="card_not_in_hand",
                                card=card)
        trick = self.trick
        if card >= JOKER_1 or action.joker is not None or action.suit is not None:
            self._check_joker_play(action, leading=not trick)
        elif trick and (self.lead_high or card // RANKS_PER_SUIT != self.lead_suit):
            # following the led suit is always allowed, except after a joker led "high" (J9)
            allowed = follow_mask(hand, self.lead_suit, self.lead_high, self.trump)
            if not allowed >> card & 1:
                raise follow_refusal(hand, self.lead_suit, self.lead_high, self.trump)
        prebuilt = PLAYED_BY_SEAT.get(id(action))
        played = prebuilt[seat] if prebuilt else CardPlayed(seat, card, action.joker, action.suit)
        self.hands[seat] = hand ^ (1 << card)
        trick.append(played)
        self.plays.append(played)
        on_table = len(trick)
        if on_table < NUM_PLAYERS:
            if on_table == 1:
                self.lead_suit = action.suit if card >= JOKER_1 else card // RANKS_PER_SUIT
                self.lead_high = action.joker is HIGH
            self.to_act = (seat + 1) % NUM_PLAYERS
            return [played]
        winner = (seat + 1 + trick_winner(trick, self.lead_suit, self.trump,
                                          self.options.trump_beats_high_joker_lead)) % NUM_PLAYERS
        self.tricks_taken[winner] += 1
        events: list = [played, TrickTaken(winner, tuple(trick))]
        self.trick = []
        self.to_act = winner
        if not self.hands[winner]:
            events += self._finish_deal()
        return events

    def _check_joker_play(self, action: Play, leading: bool) -> None:
        """Raises IllegalAction for a joker form that J9/J10 do not allow (or a mode on a plain
        card); changes nothing."""
        card, mode, suit = action.card, action.joker, action.suit
        if card < JOKER_1:
            raise IllegalAction(f"{card_text(card)} is not a joker: only a joker is played "
                                f"\"high\", \"takes\" or \"under\" with a suit",
                                code="mode_on_plain_card", card=card)
        name = card_text(card)
        if leading:
            if mode is UNDER:
                raise IllegalAction(f"a led joker cannot be played under: lead {name} \"high\" "
                                    f"or \"takes\" and name a suit",
                                    code="joker_lead_under", card=card)
            if not (mode is HIGH or mode is TAKES) or not _is_suit(suit):
                raise IllegalAction(f"a led joker needs a mode and a suit: lead {name} \"high\" "
                                    f"or \"takes\" and name one of H, D, C, S",
                                    code="joker_lead_needs_suit", card=card)
        else:
            if mode is TAKES:
                raise IllegalAction(f"only a led joker \"takes\": play {name} \"high\" or "
                                    f"\"under\"", code="joker_takes_only_when_led", card=card)
            if not (mode is HIGH or mode is UNDER):
                raise IllegalAction(f"say how {name} is played: \"high\" or \"under\"",
                                    code="joker_needs_mode", card=card)
            if suit is not None:
                raise IllegalAction(f"a suit is named only when a joker leads; play {name} "
                                    f"\"{JOKER_MODE_WORDS[mode]}\" without a suit",
                                    code="joker_suit_only_when_led", card=card)

    # --- scoring (J12–J16) ------------------------------------------------------------------

    def _finish_deal(self) -> list:
        index, options = self.deal_index, self.options
        pulka = self.schedule.pulka[index]
        bids = tuple(self.bids)
        tricks = tuple(self.tricks_taken)
        scores = tuple(deal_score(bids[p], tricks[p], self.cards, options.khishti)
                       for p in range(NUM_PLAYERS))
        result = DealResult(index + 1, pulka, self.cards, self.dealer,
                            None if self.trump == NO_TRUMP else self.trump, bids, tricks, scores)
        self.sheet.append(result)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        events: list = [result]
        if self.schedule.ends_pulka[index]:
            events.append(self._settle_pulka(pulka))
        self.to_act = None
        if index + 1 == len(self.schedule):
            self.phase = FINISHED
            events.append(GameOver(tuple(self.totals),
                                   ranking(self.totals, options.partnership)))
        else:
            self.phase = AWAITING_DEAL
        return events

    def _settle_pulka(self, pulka: int) -> PulkaResult:
        deals = [line for line in self.sheet
                 if isinstance(line, DealResult) and line.pulka == pulka]
        scores = [[line.scores[p] for line in deals] for p in range(NUM_PLAYERS)]
        made = [all(line.bids[p] == line.tricks[p] for line in deals) for p in range(NUM_PLAYERS)]
        on_premium, adjust = premium(scores, made, self.options.premium,
                                     self.options.partnership)
        result = PulkaResult(pulka, on_premium, adjust)
        self.sheet.append(result)
        self.totals = [t + a for t, a in zip(self.totals, adjust)]
        return result

    # --- messages and checks ----------------------------------------------------------------

    def _deal_masks(self, deal: JokerDeal, cards: int) -> list[int]:
        """The hands of a deal record as masks; raises IllegalAction for a record that does not
        fit this deal (wrong size, a card twice or not in the pack, the trump card missing)."""
        if not isinstance(deal, JokerDeal) or len(deal.hands) != NUM_PLAYERS:
            raise IllegalAction("a Joker deal has four hands", code="bad_deal")
        masks, seen = [], 0
        for seat, hand in enumerate(deal.hands):
            if len(hand) != cards:
                raise IllegalAction(f"deal {self.deal_index + 2} has {cards} cards per hand, but "
                                    f"seat {seat} has {len(hand)}", code="bad_deal")
            try:
                mask = mask_of(hand)
            except (TypeError, ValueError):
                mask = -1
            if mask < 0 or mask & ~PACK_MASK:
                raise IllegalAction(f"seat {seat} holds something that is not a Joker card",
                                    code="bad_deal")
            if mask.bit_count() != cards or mask & seen:
                raise IllegalAction("a card is dealt twice", code="bad_deal")
            seen |= mask
            masks.append(mask)
        turned = deal.trump_card
        if cards == FULL_DEAL:
            if turned is not None:
                raise IllegalAction("a 9-card deal turns no trump card: the player after the "
                                    "dealer names trump", code="bad_deal")
        elif not is_card(turned) or seen >> turned & 1:
            raise IllegalAction("a deal of 1 to 8 cards needs a trump card that is not in a hand",
                                code="bad_deal")
        return masks

    def _wrong_phase(self, action) -> IllegalAction:
        """The refusal of an action this phase does not take (J5–J7)."""
        wanted = {Play: "play a card", Bid: "bid", ChooseTrump: "name trump"}.get(type(action))
        if wanted is None:
            return IllegalAction(f"{action!r} is not a Joker action", code="unknown_action")
        if self.phase is FINISHED:
            return IllegalAction("the game is over", code="game_over")
        if self.phase is AWAITING_DEAL:
            return IllegalAction(f"the next deal has not been dealt yet, so nobody can {wanted}",
                                 code="no_deal_yet")
        if self.phase is TRUMP_CHOICE:
            return IllegalAction(f"it is time to name trump (\"trump\"), not to {wanted}",
                                 code="time_to_name_trump")
        if self.phase is BIDDING:
            return IllegalAction(f"it is time to bid, not to {wanted}", code="time_to_bid")
        return IllegalAction(f"it is time to play a card, not to {wanted}", code="time_to_play")
