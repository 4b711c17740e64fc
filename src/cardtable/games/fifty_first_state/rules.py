"""The rules of 51st State: set-up, the round, every action, payment chains, the end.

The round (RESEARCH.md §2.3), each step named after the rules and resolved without asking where no
one has a choice:
  0. Set-up: deal 6 cards; each player discards 2 (keeps 4).
  1. Lookout: flip the top Connection card of each colour; reveal n+1 cards, pick one each
     clockwise from the first player; reveal n+1 again, pick counter-clockwise from the last player.
  2. Production (automatic): goods on storage Features come back, then each faction board, each
     deal and each (non-Ruin) Production location produces.
  3. Action: clockwise from the first player, one action a turn until everyone has passed. An
     action is chosen whole (`build gun-shop`), then paid unit by unit (`pay ammo`), then resolved.
  4. The end check: a player at 25 VP or more made this round the last; after its Action phase each
     player scores +1 VP per location (Ruins 0) and the game ends.
  5. Cleanup: players with storage Features may store goods; supplies are discarded; use counters
     reset; untaken Connection cards are discarded; the first-player token passes clockwise.

The solo game (`s.virtual` set, `solo=virtual`) changes the Lookout, Production, the turn, razing and
using seat B, and Cleanup: the steps of `virtual_player.py` take the place of the Lookout's and of
seat B's turns, and each other place tests `s.virtual`.

Each step is a class (core's step machine), its tag the decision kind for a choice: "keep" (set-up
discards, here), "lookout" (`lookout.Pick`), "action", "pay", "discard" (a card as a cost),
"drop-deal" (a deal as a cost), "steal" (Thieves Caravan's target and good; all in `actions.py`),
"store" (Cleanup, here). A round is laid out by `StartRound`: the Lookout's steps, Production, the
Action phase's turns (each pushing the next), `EndOfActions` (then Cleanup or the end).
"""

from __future__ import annotations

from cardtable.core import Action, Rng, push
from cardtable.core.lines import opening

from . import payment
from .actions import begin_turn, moves
from .cards import Catalog
from .lookout import Reveal
from .state import VIRTUAL, FiftyAuto, FiftyChoice, FiftyState, Player, Site, Virtual
from .table import (
    add,
    check_end,
    counted,
    draw,
    event,
    gain,
    produced,
    remove_from_hand,
    seat_name,
    turn_order,
)
from .virtual_player import VirtualLookout, final_line


# --- set-up ----------------------------------------------------------------------------------------
def set_up(cat: Catalog, factions: list[str], seed: int, solo: bool = False) -> FiftyState:
    """The set-up; `solo`: the solo game, `factions` names the person's faction and "" for the
    virtual player, which has no faction board, no cards and no goods."""
    rng = Rng(seed)
    deck = cat.deck()
    rng.shuffle(deck)
    decks = {}
    for colour in ("blue", "red"):
        cards = cat.connection_deck(colour)
        rng.shuffle(cards)
        decks[colour] = cards
    players = [Player(faction=f) for f in factions]
    s = FiftyState(
        players=players,
        deck=deck,
        discard=[],
        connection_decks=decks,
        connection_discards={"blue": [], "red": []},
        connection_up={"blue": "", "red": ""},
        rng=rng,
        virtual=Virtual() if solo else None,
    )
    rules = cat.rules
    for p in players:
        if not p.faction:
            continue  # the virtual player
        for _ in range(rules.start_cards):
            draw(s, p)
        p.setup_discards = max(0, len(p.hand) - rules.start_keep)
    if solo:
        you = f"{seat_name(0)} plays {cat.factions[factions[0]].name} against the virtual player"
        event(s, f"Set-up: {you}. {seat_name(0)} keeps {rules.start_keep} of {rules.start_cards} cards.")
    else:
        names = ", ".join(
            f"{seat_name(i)} plays {cat.factions[p.faction].name}" for i, p in enumerate(players)
        )
        event(s, f"Set-up: {names}. Each player keeps {rules.start_keep} of {rules.start_cards} cards.")
    s.steps = [*(SetupDiscard(i) for i, p in enumerate(players) if p.setup_discards), StartRound()]
    return s


class SetupDiscard(FiftyChoice, tag="keep"):
    """Each player discards cards face down until it keeps `start_keep` of its `start_cards`."""

    def prompt(self, cat: Catalog, s: FiftyState) -> str:
        return f"discard a card (keep {cat.rules.start_keep} of {cat.rules.start_cards})"

    def legal(self, cat: Catalog, s: FiftyState) -> list[Action]:
        discard = moves(cat).discard
        return [discard[k] for k in sorted(set(s.players[self.seat].hand))]

    def apply(self, cat: Catalog, s: FiftyState, action: Action) -> None:
        p = s.players[self.seat]
        remove_from_hand(p, str(action.args[0]), face_up=False)
        s.discard.append(str(action.args[0]))
        p.setup_discards -= 1
        if not p.setup_discards:
            self.done(s)


# --- the round -------------------------------------------------------------------------------------
class StartRound(FiftyAuto, tag="start-round"):
    """Phase 1, Lookout: flip the Connection cards, then the Lookout's reveals (`lookout.py`; the solo
    game's, `virtual_player.py`), Production, the Action phase and its end."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        s.phase = "lookout"
        token = f"{seat_name(s.first)} has the first-player token."
        event(s, opening(s.round, f"Round {s.round}: {token}", token))
        for colour in ("blue", "red"):
            deck = s.connection_decks[colour]
            if not deck and s.connection_discards[colour]:
                deck.extend(s.connection_discards[colour])
                s.connection_discards[colour] = []
                s.rng.shuffle(deck)
            if deck and not s.connection_up[colour]:
                s.connection_up[colour] = deck.pop()
                name = cat.connections[s.connection_up[colour]].name
                event(s, f"Lookout: the {colour} Connection card is {name}.")
        lookout = [VirtualLookout()] if s.virtual is not None else [Reveal(), Reveal(second=True)]
        push(s, *lookout, Production(), EndOfActions())


class Production(FiftyAuto, tag="production"):
    """Phase 2, Production, for every player in turn order; then the first player's turn."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        rules = cat.rules
        for seat in turn_order(s):
            p = s.players[seat]
            if s.virtual is not None and seat == VIRTUAL:
                event(s, "Production: the virtual player gets nothing.")
                continue
            got: dict[str, int] = {}
            for site in p.sites:
                if site.ruin or not cat.locations[site.key].storage:
                    continue
                for kind, n in site.held.items():
                    p.supply[kind] = p.supply.get(kind, 0) + n
                site.held = {}
            faction = cat.factions[p.faction]
            add(got, gain(s, seat, [*rules.faction_production, faction.good]))
            add(got, gain(s, seat, [cat.locations[d].deal for d in p.deals]))
            for site in p.sites:
                if not site.ruin and cat.locations[site.key].kind == "production":
                    add(got, gain(s, seat, produced(cat, p, cat.locations[site.key])))
            event(s, f"Production: {seat_name(seat)} gains {counted(got)}.")
        check_end(cat, s)
        s.phase = "action"
        for p in s.players:
            p.passed = False
        begin_turn(s, s.first)


class EndOfActions(FiftyAuto, tag="end-of-actions"):
    """Everyone has passed: the game ends after a last round, otherwise Cleanup begins."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        if s.last_round:
            for i, p in enumerate(s.players):
                standing = sum(1 for site in p.sites if not site.ruin)
                p.vp += standing
                name = "the virtual player" if s.virtual is not None and i == VIRTUAL else seat_name(i)
                event(s, f"End: {name} scores {standing} VP for locations, {p.vp} VP in all.")
            if s.virtual is not None:
                event(s, final_line(s))
            s.phase = "over"
            return
        s.phase = "cleanup"
        stores = [Store(seat) for seat in turn_order(s) if store_actions(cat, s.players[seat])]
        push(s, *stores, FinishCleanup())


# --- Cleanup ---------------------------------------------------------------------------------------
class Store(FiftyChoice, tag="store"):
    """A player with storage Features may store goods on them before supplies are discarded."""

    def prompt(self, cat: Catalog, s: FiftyState) -> str:
        return "store goods on your storage locations, or done"

    def legal(self, cat: Catalog, s: FiftyState) -> list[Action]:
        return [*store_actions(cat, s.players[self.seat]), Action("done")]

    def apply(self, cat: Catalog, s: FiftyState, action: Action) -> None:
        if action.verb == "done":
            self.done(s)
            return
        p = s.players[self.seat]
        kind, slot = str(action.args[0]), int(action.args[1])
        payment.spend(p, (kind, 0))
        held = p.sites[slot - 1].held
        held[kind] = held.get(kind, 0) + 1
        event(s, f"{seat_name(self.seat)} stores 1 {kind} on {cat.locations[p.sites[slot - 1].key].name}.")
        if not store_actions(cat, p):
            self.done(s)


def store_actions(cat: Catalog, p: Player) -> list[Action]:
    out = []
    for i, site in enumerate(p.sites, 1):
        for kind in storable(cat, site):
            if p.supply.get(kind, 0) > 0:
                out.append(Action("store", (kind, i)))
    return out


def storable(cat: Catalog, site: Site) -> list[str]:
    """Goods `site` still has room for (storage Features only; Ruins store nothing)."""
    if site.ruin:
        return []
    kinds: list[str] = []
    for room in cat.locations[site.key].storage:
        used = sum(site.held.get(k, 0) for k in room.goods)
        if used < room.capacity:
            kinds += [k for k in room.goods if k not in kinds]
    return kinds


class FinishCleanup(FiftyAuto, tag="finish-cleanup"):
    """Supplies are discarded, use counters reset, untaken Connection cards discarded; the
    first-player token passes clockwise (the solo game: you keep it); the next round begins."""

    def run(self, cat: Catalog, s: FiftyState) -> None:
        for p in s.players:
            p.supply = {}
            p.faction_used = []
            p.passed = False
            for site in p.sites:
                site.uses = 0
        for colour in ("blue", "red"):
            if s.connection_up[colour]:
                s.connection_discards[colour].append(s.connection_up[colour])
                s.connection_up[colour] = ""
        s.round += 1
        if s.virtual is not None:  # the solo game: you keep the first-player token
            s.virtual.attacks = 0
            event(s, f"Cleanup: supplies are discarded; {seat_name(s.first)} keeps the first-player token.")
        else:
            s.first = (s.first + 1) % len(s.players)
            event(s, "Cleanup: supplies are discarded; the first-player token passes on.")
        push(s, StartRound())
