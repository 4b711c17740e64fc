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
using seat B, and Cleanup: each place hands over to `virtual_player.py` where `s.virtual` is tested.

Decisions: "keep" (set-up discards), "lookout" (pick), "action", "pay", "discard" (a card as a cost),
"drop-deal" (a deal as a cost), "steal" (Thieves Caravan's target and good), "store" (Cleanup).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from cardtable.core import Action, Decision, IllegalAction, Rng

from . import payment, virtual_player
from .cards import BASIC, Catalog, Location
from .state import VIRTUAL, Draft, FiftyState, Pending, Player, Site, Virtual

SEAT_LETTERS = "abcd"
#: events kept in the state for the narration
EVENTS_KEPT = 40
#: the most locations one State could ever hold (every card of the deck): positions are 1..MAX_SITES
MAX_SITES = 88
#: workers exchanged for one of these
EXCHANGE_GOODS = (*BASIC, "card")
#: actions that play a card from hand: the card leaves the hand, face up, as soon as it is chosen
HAND_VERBS = ("build", "develop", "deal", "raze")


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
    if not any(p.setup_discards for p in players):
        start_round(cat, s)
    return s


def seat_name(seat: int) -> str:
    return SEAT_LETTERS[seat].upper()


def event(s: FiftyState, line: str) -> None:
    s.events.append(line)
    if len(s.events) > EVENTS_KEPT:
        del s.events[: len(s.events) - EVENTS_KEPT]


def draw(s: FiftyState, p: Player) -> bool:
    """The top card of the deck into `p`'s hand (face down); the discard pile is reshuffled when
    the deck is empty. False when both are empty (RULES.md: nothing is drawn)."""
    card = take_top(s)
    if card is None:
        return False
    p.hand.append(card)
    return True


def take_top(s: FiftyState) -> str | None:
    if not s.deck and s.discard:
        s.deck, s.discard = s.discard, []
        s.rng.shuffle(s.deck)
        event(s, "The discard pile is shuffled into a new deck.")
    return s.deck.pop() if s.deck else None


# --- the round -------------------------------------------------------------------------------------
def start_round(cat: Catalog, s: FiftyState) -> None:
    """Phase 1, Lookout: flip the Connection cards and reveal the first n+1 cards."""
    s.phase = "lookout"
    event(s, f"Round {s.round}: {seat_name(s.first)} has the first-player token.")
    for colour in ("blue", "red"):
        deck = s.connection_decks[colour]
        if not deck and s.connection_discards[colour]:
            deck.extend(s.connection_discards[colour])
            s.connection_discards[colour] = []
            s.rng.shuffle(deck)
        if deck and not s.connection_up[colour]:
            s.connection_up[colour] = deck.pop()
            event(
                s,
                f"Lookout: the {colour} Connection card is {cat.connections[s.connection_up[colour]].name}.",
            )
    if s.virtual is not None:
        virtual_player.lookout(cat, s)
        return
    reveal(cat, s, second=False)


def turn_order(s: FiftyState) -> list[int]:
    n = len(s.players)
    return [(s.first + i) % n for i in range(n)]


def reveal(cat: Catalog, s: FiftyState, second: bool) -> None:
    n = len(s.players)
    cards = [c for c in (take_top(s) for _ in range(n + 1)) if c is not None]
    order = turn_order(s)
    if second:
        order.reverse()
    s.draft = Draft(revealed=cards, order=order[: len(cards)], second=second)
    names = ", ".join(cat.locations[c].name for c in cards) or "nothing (no cards left)"
    event(s, f"Lookout: revealed {names}.")
    if not s.draft.order:
        end_draft(cat, s)


def end_draft(cat: Catalog, s: FiftyState) -> None:
    s.discard.extend(s.draft.revealed)
    second = s.draft.second
    s.draft = Draft()
    if second:
        production(cat, s)
    else:
        reveal(cat, s, second=True)


def production(cat: Catalog, s: FiftyState) -> None:
    """Phase 2, Production, for every player in turn order."""
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
    s.turn = s.first
    for p in s.players:
        p.passed = False


def produced(cat: Catalog, p: Player, loc: Location) -> list[str]:
    prod = loc.production
    assert prod is not None
    if prod.per_type is None:
        return list(prod.goods)
    assert prod.good is not None
    return [prod.good] * min(prod.max, icons(cat, p, prod.per_type))


def icons(cat: Catalog, p: Player, kind: str) -> int:
    """Type icons of `kind` on `p`'s locations (Ruins have none)."""
    return sum(cat.locations[site.key].types.count(kind) for site in p.sites if not site.ruin)  # type: ignore[arg-type]


def counted(items: dict[str, int] | list[str]) -> str:
    """'2 grey, 1 gun' for what a list names or a mapping counts; 'nothing' for nothing."""
    counts = items if isinstance(items, dict) else Counter(items)
    if len(counts) == 1:  # the common case, said without sorting
        for kind, n in counts.items():
            return f"{n} {kind}"
    return ", ".join([f"{n} {k}" for k, n in sorted(counts.items())]) or "nothing"


def gain(s: FiftyState, seat: int, atoms: list[str]) -> dict[str, int]:
    """Give `seat` what `atoms` name; cards are drawn face down. Returns what was gained, counted."""
    p = s.players[seat]
    got: dict[str, int] = {}
    for atom in atoms:
        if atom == "vp":
            p.vp += 1
        elif atom == "card":
            if not draw(s, p):
                continue
        else:
            p.supply[atom] = p.supply.get(atom, 0) + 1
        got[atom] = got.get(atom, 0) + 1
    return got


def add(total: dict[str, int], more: dict[str, int]) -> None:
    """Add the counts of `more` to `total` (what an action gained, part by part)."""
    for kind, n in more.items():
        total[kind] = total.get(kind, 0) + n


def check_end(cat: Catalog, s: FiftyState) -> None:
    if s.last_round:
        return
    end = cat.rules.end_vp
    for p in s.players:
        if p.vp >= end:
            s.last_round = True
            event(s, f"A player has {end} VP: this round is the last.")
            return


# --- decisions -------------------------------------------------------------------------------------
#: the decisions whose prompt never changes, by seat (made once: a Decision is immutable)
ACTION_DECISIONS = tuple(Decision(seat, "action", "take an action or pass") for seat in range(4))
LOOKOUT_DECISIONS = tuple(Decision(seat, "lookout", "take one of the revealed cards") for seat in range(4))
STORE_DECISIONS = tuple(
    Decision(seat, "store", "store goods on your storage locations, or done") for seat in range(4)
)


def decision(cat: Catalog, s: FiftyState) -> Decision | None:
    phase = s.phase
    if phase == "action":
        return ACTION_DECISIONS[s.turn] if s.pending is None else pending_decision(s.pending)
    if phase == "lookout":
        return LOOKOUT_DECISIONS[s.draft.order[0]]
    if phase == "cleanup":
        return STORE_DECISIONS[s.store_order[0]]
    if phase == "setup":
        seat = next(i for i, p in enumerate(s.players) if p.setup_discards)
        keep = cat.rules.start_keep
        return Decision(seat, "keep", f"discard a card (keep {keep} of {cat.rules.start_cards})")
    return None


def pending_decision(pend: Pending) -> Decision:
    """The decision of an action chosen and not yet resolved: its payment or its follow-up."""
    if pend.stage == "steal":
        return Decision(pend.seat, "steal", f"choose whom to take a good from ({pend.action})")
    if len(pend.spent) < len(pend.units):
        return Decision(pend.seat, "pay", f"pay {counted(pend.units)} for {pend.action}")
    if pend.cards[0] == "discard-card":
        return Decision(pend.seat, "discard", f"discard a card to pay for {pend.action}")
    return Decision(pend.seat, "drop-deal", f"give up one of your deals to pay for {pend.action}")


def legal_actions(cat: Catalog, s: FiftyState) -> list[Action]:
    d = decision(cat, s)
    if d is None:
        return []
    p = s.players[d.seat]
    if d.kind == "keep":
        discard = moves(cat).discard
        return [discard[k] for k in sorted(set(p.hand))]
    if d.kind == "lookout":
        pick = moves(cat).pick
        return [pick[k] for k in sorted(set(s.draft.revealed))]
    if d.kind == "store":
        return [*store_actions(cat, p), Action("done")]
    if d.kind == "action":
        return turn_actions(cat, s, d.seat)
    pend = s.pending
    assert pend is not None
    if d.kind == "steal":
        return [Action("steal", (SEAT_LETTERS[t], g)) for t, g in steal_options(s, d.seat)]
    if d.kind == "discard":
        return [Action("discard", (k,)) for k in sorted(set(p.hand) | set(p.connections))]
    if d.kind == "drop-deal":
        return [Action("drop", (k,)) for k in sorted(set(p.deals))]
    found = payment.next_sources(payment.sources(p), pend.units, list(pend.spent))
    return [Action("pay", (kind,) if slot == 0 else (kind, slot)) for kind, slot in found]


# --- the Action phase: what a player may do --------------------------------------------------------
def raze_cost(cat: Catalog, site: Site) -> int:
    return moves(cat).raze_cost(site)


def develop_unit(cat: Catalog, new: str, site: Site) -> str:
    """Develop's cost unit: the type rule holds when the cards share a type or the old is a Ruin."""
    if site.ruin:
        return payment.DEVELOP_MATCH
    old = cat.locations[site.key].types
    shared = any(t in old for t in cat.locations[new].types)
    return payment.DEVELOP_MATCH if shared else payment.DEVELOP_ANY


def action_cost(cat: Catalog, s: FiftyState, seat: int, action: Action) -> list[str]:
    """The cost units of a top-level action (the action must be well-formed for this seat)."""
    p = s.players[seat]
    verb, args = action.verb, action.args
    if verb == "build":
        return ["grey"] * cat.locations[str(args[0])].distance
    if verb == "deal":
        return ["blue"] * cat.locations[str(args[0])].distance
    if verb == "raze":
        return ["red"] * cat.locations[str(args[0])].distance
    if verb == "develop":
        return [develop_unit(cat, str(args[0]), p.sites[int(args[1]) - 1])]
    if verb == "attack":
        target = s.players[SEAT_LETTERS.index(str(args[0]))]
        return ["red"] * raze_cost(cat, target.sites[int(args[1]) - 1])
    if verb == "use":
        effect = cat.locations[p.sites[int(args[0]) - 1].key].action
        assert effect is not None
        return list(effect.cost)
    if verb == "faction":
        fa = next(a for a in cat.factions[p.faction].actions if a.contact == args[0])
        return list(fa.cost)
    if verb == "work":
        return ["worker"] * cat.rules.workers_per_exchange
    if verb == "open":
        return ["worker"]
    if verb == "connect":
        return ["worker"] * cat.rules.workers_per_connection
    if verb == "play":
        return list(cat.connections[str(args[0])].cost)
    return []


class Moves:
    """The Action phase's moves of one catalog, made once and shared (actions are immutable), with
    what the listing asks of each card: its distance, its type icons, the cost of its action."""

    def __init__(self, cat: Catalog) -> None:
        keys = cat.location_keys
        positions = range(1, MAX_SITES + 1)
        self.by_verb = {verb: {k: Action(verb, (k,)) for k in keys} for verb in ("build", "deal", "raze")}
        self.pick = {k: Action("pick", (k,)) for k in keys}
        self.discard = {k: Action("discard", (k,)) for k in keys}
        #: develop's moves of each card, over the location at each position (index: position - 1)
        self.develop = {k: [Action("develop", (k, i)) for i in positions] for k in keys}
        self.distance = {k: cat.locations[k].distance for k in keys}
        self.types = {k: frozenset(cat.locations[k].types) for k in keys}
        #: what razing each card in a State costs, undefended (by its kind), and a defence token's extra
        self.raze_base = {k: int(getattr(cat.rules.raze_cost, cat.locations[k].kind)) for k in keys}
        self.defended_extra = cat.rules.defended_extra
        self.use = [Action("use", (i,)) for i in positions]
        #: each Action location's cost, its uses a round, and whether it steals (its gain needs a victim)
        self.use_cost = {
            k: payment.cost_of(tuple(loc.action.cost)) for k, loc in cat.locations.items() if loc.action
        }
        self.use_limit = {k: loc.action.uses for k, loc in cat.locations.items() if loc.action}
        self.steals = {
            k for k, loc in cat.locations.items() if loc.action and "steal-basic" in loc.action.gain
        }
        self.open_production = {k for k, loc in cat.locations.items() if loc.open}
        self.faction = {
            key: [
                (a.contact, payment.cost_of(tuple(a.cost)), Action("faction", (a.contact,)))
                for a in f.actions
            ]
            for key, f in cat.factions.items()
        }
        self.attack = {t: [Action("attack", (t, i)) for i in positions] for t in SEAT_LETTERS}
        self.open = {t: [Action("open", (t, i)) for i in positions] for t in SEAT_LETTERS}
        self.work = [Action("work", (g,)) for g in EXCHANGE_GOODS]
        self.connect = {c: Action("connect", (c,)) for c in ("blue", "red")}
        self.play = {
            k: (payment.cost_of(tuple(c.cost)), Action("play", (k,))) for k, c in cat.connections.items()
        }
        self.develop_match = payment.cost_of((payment.DEVELOP_MATCH,))
        self.develop_any = payment.cost_of((payment.DEVELOP_ANY,))

    def raze_cost(self, site: Site) -> int:
        """The red contacts razing `site` costs: by the card's kind, more when a defence token guards it."""
        base = self.raze_base[site.key]
        return base + self.defended_extra if site.defended else base


@cache
def moves(cat: Catalog) -> Moves:
    return Moves(cat)


PASS = Action("pass")


@cache
def parsed(text: str) -> Action:
    """A pending action's text as an Action (remembered: the texts are the few of the action space)."""
    return Action.parse(text)


def turn_actions(cat: Catalog, s: FiftyState, seat: int) -> list[Action]:
    """Every action `seat` may choose in its turn of the Action phase, each affordable now."""
    p = s.players[seat]
    m = moves(cat)
    purse = payment.Purse.of(p)
    out: list[Action] = []
    hand = sorted(set(p.hand))
    for verb, colour in (("build", "grey"), ("deal", "blue"), ("raze", "red")):
        most = purse.most(colour)
        if most:
            by_card, distance = m.by_verb[verb], m.distance
            out += [by_card[k] for k in hand if distance[k] <= most]
    sites = p.sites
    if purse.pays(m.develop_any):
        for k in hand:
            out += m.develop[k][: len(sites)]
    elif purse.pays(m.develop_match):  # only over a location sharing a type, or a Ruin (develop_unit)
        olds = [(i, None if site.ruin else m.types[site.key]) for i, site in enumerate(sites)]
        for k in hand:
            new, row = m.types[k], m.develop[k]
            out += [row[i] for i, old in olds if old is None or not new.isdisjoint(old)]
    cards, deals = len(p.hand) + len(p.connections), len(p.deals)
    for i, site in enumerate(sites):
        cost = m.use_cost.get(site.key)
        if cost is None or site.ruin or site.uses >= m.use_limit[site.key]:
            continue
        if site.key in m.steals and not steal_options(s, seat):
            continue
        if purse.affords(cost, cards, deals):
            out.append(m.use[i])
    used = p.faction_used
    for contact, cost, action in m.faction[p.faction]:
        if contact not in used and purse.affords(cost, cards, deals):
            out.append(action)
    reds, workers = purse.most("red"), purse.most("worker")
    for t, other in enumerate(s.players):
        if t == seat or other.passed:
            continue
        letter = SEAT_LETTERS[t]
        attack, open_ = m.attack[letter], m.open[letter]
        for i, site in enumerate(other.sites):
            if site.ruin:
                continue
            if m.raze_cost(site) <= reds:
                out.append(attack[i])
            if workers and site.uses == 0 and site.key in m.open_production:
                out.append(open_[i])
    if workers >= cat.rules.workers_per_exchange:
        out += m.work
    if workers >= cat.rules.workers_per_connection:
        out += [m.connect[c] for c in ("blue", "red") if s.connection_up[c]]
    for k in sorted(set(p.connections)):
        cost, action = m.play[k]
        if purse.affords(cost, cards - 1, deals):  # the card played cannot pay its own discard
            out.append(action)
    out.append(PASS)
    return out


def steal_options(s: FiftyState, seat: int) -> list[tuple[int, str]]:
    """(opponent, good) pairs a steal may take: basic goods in a non-passed opponent's supply."""
    return [
        (t, g)
        for t, other in enumerate(s.players)
        if t != seat and not other.passed
        for g in BASIC
        if other.supply.get(g, 0) > 0
    ]


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
    kinds = []
    for room in cat.locations[site.key].storage:
        used = sum(site.held.get(k, 0) for k in room.goods)
        if used < room.capacity:
            kinds += [k for k in room.goods if k not in kinds]
    return kinds


# --- applying --------------------------------------------------------------------------------------
def apply(cat: Catalog, s: FiftyState, action: Action) -> None:
    d = decision(cat, s)
    assert d is not None
    p = s.players[d.seat]
    who = seat_name(d.seat)
    if d.kind == "keep":
        remove_from_hand(p, str(action.args[0]), face_up=False)
        s.discard.append(str(action.args[0]))
        p.setup_discards -= 1
        if not any(q.setup_discards for q in s.players):
            start_round(cat, s)
        return
    if d.kind == "lookout":
        card = str(action.args[0])
        s.draft.revealed.remove(card)
        s.draft.order.pop(0)
        p.hand.append(card)
        p.known.append(card)
        event(s, f"{who} takes {cat.locations[card].name}.")
        if s.virtual is not None:
            virtual_player.after_pick(cat, s)
        elif not s.draft.order:
            end_draft(cat, s)
        return
    if d.kind == "store":
        if action.verb == "done":
            s.store_order.pop(0)
            finish_cleanup(cat, s)
        else:
            kind, slot = str(action.args[0]), int(action.args[1])
            payment.spend(p, (kind, 0))
            held = p.sites[slot - 1].held
            held[kind] = held.get(kind, 0) + 1
            event(s, f"{who} stores 1 {kind} on {cat.locations[p.sites[slot - 1].key].name}.")
            if not store_actions(cat, p):
                s.store_order.pop(0)
                finish_cleanup(cat, s)
        return
    if d.kind == "action":
        begin(cat, s, d.seat, action)
    elif d.kind == "steal":
        steal(cat, s, d.seat, SEAT_LETTERS.index(str(action.args[0])), str(action.args[1]))
    elif d.kind == "discard":
        discard_card(cat, s, p, str(action.args[0]))
    elif d.kind == "drop-deal":
        drop_deal(cat, s, p, str(action.args[0]))
    elif d.kind == "pay":
        source = (str(action.args[0]), int(action.args[1]) if len(action.args) > 1 else 0)
        pay_token(s, p, source)
    settle(cat, s)


def remove_from_hand(p: Player, card: str, *, face_up: bool = True) -> None:
    """Take `card` out of `p`'s hand, and its known part as the others can follow it (RULES.md "Hidden
    information"): a card shown is a known copy if there is one; a card discarded face down may be any
    copy, so each known card may be the one gone, and the known part keeps one copy fewer of each."""
    p.hand.remove(card)
    if face_up:
        if card in p.known:
            p.known.remove(card)
        return
    for key in sorted(set(p.known)):
        p.known.remove(key)


def pay_token(s: FiftyState, p: Player, source: tuple[str, int]) -> None:
    pend = s.pending
    assert pend is not None
    payment.spend(p, source)
    pend.spent.append(source)


def begin(cat: Catalog, s: FiftyState, seat: int, action: Action) -> None:
    if action.verb == "pass":
        s.players[seat].passed = True
        event(s, f"{seat_name(seat)} passes.")
        next_turn(cat, s)
        return
    cost = payment.cost_of(tuple(action_cost(cat, s, seat, action)))
    s.pending = Pending(
        seat=seat, action=str(action), units=list(cost.token_units), cards=list(cost.card_units)
    )
    if action.verb in HAND_VERBS:
        s.pending.card = str(action.args[0])
        remove_from_hand(s.players[seat], s.pending.card)


def settle(cat: Catalog, s: FiftyState) -> None:
    """Pay every unit that has one way to be paid, then resolve the action once it is paid."""
    while (pend := s.pending) is not None:
        p = s.players[pend.seat]
        if pend.stage == "steal":
            found = steal_options(s, pend.seat)
            if len(found) > 1:
                return
            if found:
                steal(cat, s, pend.seat, *found[0])
            else:  # cannot happen: the action is offered only with a good to take, and paying takes none
                s.pending = None
                next_turn(cat, s)
            continue
        if len(pend.spent) < len(pend.units):
            pool = payment.sources(p)
            if not pend.spent and (all_of := payment.forced(pool, pend.units)) is not None:
                for source in all_of:
                    pay_token(s, p, source)
                continue
            found = payment.next_sources(pool, pend.units, list(pend.spent))
            if len(found) != 1:
                return
            pay_token(s, p, found[0])
            continue
        if not pend.cards:
            resolve(cat, s, pend)
            continue
        if pend.cards[0] == "discard-card":
            if len(p.hand) + len(p.connections) != 1:
                return
            discard_card(cat, s, p, (p.hand or p.connections)[0])
            continue
        if len(set(p.deals)) != 1:
            return
        drop_deal(cat, s, p, p.deals[0])


def discard_card(cat: Catalog, s: FiftyState, p: Player, card: str) -> None:
    """Discard `card` (a location or a Connection card) from `p`'s hand to pay a discard-card unit."""
    seat = s.players.index(p)
    if card in p.connections:
        p.connections.remove(card)
        s.connection_discards[cat.connections[card].deck].append(card)
        event(s, f"{seat_name(seat)} discards {cat.connections[card].name}.")
    else:
        remove_from_hand(p, card, face_up=False)
        s.discard.append(card)
        event(s, f"{seat_name(seat)} discards a card.")
    assert s.pending is not None
    s.pending.cards.pop(0)


def drop_deal(cat: Catalog, s: FiftyState, p: Player, card: str) -> None:
    """Give up one of `p`'s deals (to the discard pile) to pay a discard-deal unit."""
    p.deals.remove(card)
    s.discard.append(card)
    event(s, f"{seat_name(s.players.index(p))} gives up the deal {cat.locations[card].name}.")
    assert s.pending is not None
    s.pending.cards.pop(0)


def paid_text(pend: Pending) -> str:
    if not pend.spent:
        return ""
    shown: dict[str, int] = {}
    for kind, slot in pend.spent:
        what = kind if slot == 0 else f"{kind} from the location at {slot}"
        shown[what] = shown.get(what, 0) + 1
    return f" (paid {counted(shown)})"


def resolve(cat: Catalog, s: FiftyState, pend: Pending) -> None:
    """Carry out a paid action."""
    seat = pend.seat
    p = s.players[seat]
    who = seat_name(seat)
    verb, args = parsed(pend.action)
    paid = paid_text(pend)
    s.pending = None
    if verb == "build":
        card = str(args[0])
        p.sites.append(Site(card))
        got = built(cat, s, seat, len(p.sites))
        event(s, f"{who} builds {cat.locations[card].name}{paid} and gains {counted(got)}.")
    elif verb == "develop":
        card, slot = str(args[0]), int(args[1])
        old = p.sites[slot - 1]
        returned = give_back(p, old)
        s.discard.append(old.key)
        p.sites[slot - 1] = Site(card)
        got = gain(s, seat, ["vp"] * cat.rules.develop_vp)
        add(got, built(cat, s, seat, slot))
        add(got, returned)
        was = "a Ruin" if old.ruin else cat.locations[old.key].name
        event(s, f"{who} develops {was} into {cat.locations[card].name}{paid} and gains {counted(got)}.")
    elif verb == "deal":
        card = str(args[0])
        p.deals.append(card)
        got = gain(s, seat, [cat.locations[card].deal])
        event(s, f"{who} makes a deal with {cat.locations[card].name}{paid} and gains {counted(got)}.")
    elif verb == "raze":
        card = str(args[0])
        s.discard.append(card)
        got = gain(s, seat, list(cat.locations[card].spoils))
        event(s, f"{who} razes {cat.locations[card].name} from hand{paid} and gains {counted(got)}.")
    elif verb == "attack" and s.virtual is not None and SEAT_LETTERS.index(str(args[0])) == VIRTUAL:
        virtual_player.razed(cat, s, seat, int(args[1]), paid)
    elif verb == "attack":
        target, slot = SEAT_LETTERS.index(str(args[0])), int(args[1])
        name = cat.locations[s.players[target].sites[slot - 1].key].name
        got = gain(s, seat, list(cat.locations[s.players[target].sites[slot - 1].key].spoils))
        back = raze_site(cat, s, target, slot)
        event(
            s,
            f"{who} razes {seat_name(target)}'s {name}{paid} and gains {counted(got)}; "
            f"{seat_name(target)} gains {counted(back)}; the location is a Ruin.",
        )
    elif verb == "use":
        site = p.sites[int(args[0]) - 1]
        effect = cat.locations[site.key].action
        assert effect is not None
        site.uses += 1
        if "steal-basic" in effect.gain:
            event(s, f"{who} uses {cat.locations[site.key].name}{paid}.")
            s.pending = Pending(seat=seat, action=pend.action, units=[], stage="steal")
            return
        got = gain(s, seat, list(effect.gain))
        event(s, f"{who} uses {cat.locations[site.key].name}{paid} and gains {counted(got)}.")
    elif verb == "faction":
        fa = next(a for a in cat.factions[p.faction].actions if a.contact == args[0])
        p.faction_used.append(fa.contact)
        got = gain(s, seat, list(fa.gain))
        event(s, f"{who} uses the faction's {fa.contact} action{paid} and gains {counted(got)}.")
    elif verb == "work":
        got = gain(s, seat, [str(args[0])])
        event(s, f"{who} exchanges workers{paid} and gains {counted(got)}.")
    elif verb == "open":
        target, slot = SEAT_LETTERS.index(str(args[0])), int(args[1])
        owner = s.players[target]
        site = owner.sites[slot - 1]
        site.uses += 1
        got = gain(s, seat, produced(cat, owner, cat.locations[site.key]))
        if s.virtual is not None and target == VIRTUAL:
            vp = virtual_player.opened(s)
            event(
                s,
                f"{who} sends a worker to the virtual player's {cat.locations[site.key].name} and gains "
                f"{counted(got)}; the virtual player gains {vp} VP ({owner.vp} in all) instead of a worker.",
            )
        else:
            gain(s, target, ["worker"])
            event(
                s,
                f"{who} sends a worker to {seat_name(target)}'s {cat.locations[site.key].name} and gains "
                f"{counted(got)}; {seat_name(target)} gains 1 worker.",
            )
    elif verb == "connect":
        colour = str(args[0])
        card = s.connection_up[colour]
        s.connection_up[colour] = ""
        p.connections.append(card)
        event(s, f"{who} takes the Connection card {cat.connections[card].name}{paid}.")
    elif verb == "play":
        card = str(args[0])
        p.connections.remove(card)
        conn = cat.connections[card]
        s.connection_discards[conn.deck].append(card)
        got = gain(s, seat, list(conn.gain))
        event(s, f"{who} plays {conn.name}{paid} and gains {counted(got)}.")
    else:
        raise IllegalAction(f"unknown action {pend.action!r}")
    check_end(cat, s)
    next_turn(cat, s)


def raze_site(cat: Catalog, s: FiftyState, owner: int, slot: int) -> dict[str, int]:
    """A location of `owner` is razed (by whatever attacker, who takes its spoils separately): the
    goods on it and its deal good go to the owner, and it becomes a Ruin. Returns what the owner got."""
    victim = s.players[owner]
    site = victim.sites[slot - 1]
    back = give_back(victim, site)
    add(back, gain(s, owner, [cat.locations[site.key].deal]))
    victim.sites[slot - 1] = Site(site.key, ruin=True)
    return back


def give_back(p: Player, site: Site) -> dict[str, int]:
    """Goods lying on a location go back to its owner's supply (it is razed or developed over)."""
    back: dict[str, int] = {}
    for kind, n in site.held.items():
        p.supply[kind] = p.supply.get(kind, 0) + n
        back[kind] = back.get(kind, 0) + n
    site.held = {}
    return back


def built(cat: Catalog, s: FiftyState, seat: int, slot: int) -> dict[str, int]:
    """A location just built or developed: a Production location produces once, then any location
    gives its building bonus (both for the Production cards that print one: RULES.md)."""
    p = s.players[seat]
    site = p.sites[slot - 1]
    loc = cat.locations[site.key]
    got: dict[str, int] = {}
    if loc.kind == "production":
        add(got, gain(s, seat, produced(cat, p, loc)))
    add(got, gain(s, seat, list(loc.bonus)))
    if loc.bonus_vp_per_type is not None:
        vp = min(loc.bonus_vp_per_type.max, icons(cat, p, loc.bonus_vp_per_type.type))
        add(got, gain(s, seat, ["vp"] * vp))
    if loc.cache is not None:
        site.held[loc.cache.good] = loc.cache.count
        add(got, {f"{loc.cache.good} on the card": loc.cache.count})
    return got


def steal(cat: Catalog, s: FiftyState, seat: int, target: int, good: str) -> None:
    victim = s.players[target]
    victim.supply[good] -= 1
    if not victim.supply[good]:
        del victim.supply[good]
    s.players[seat].supply[good] = s.players[seat].supply.get(good, 0) + 1
    event(s, f"{seat_name(seat)} takes 1 {good} from {seat_name(target)}.")
    s.pending = None
    check_end(cat, s)
    next_turn(cat, s)


def next_turn(cat: Catalog, s: FiftyState) -> None:
    n = len(s.players)
    for step in range(1, n + 1):
        seat = (s.turn + step) % n
        if not s.players[seat].passed:
            s.turn = seat
            if s.virtual is not None and seat == VIRTUAL:
                virtual_player.take_turn(cat, s)  # the automaton's turn, then the next one
            return
    end_of_actions(cat, s)


def end_of_actions(cat: Catalog, s: FiftyState) -> None:
    """Everyone has passed: the game ends after a last round, otherwise Cleanup begins."""
    if s.last_round:
        for i, p in enumerate(s.players):
            standing = sum(1 for site in p.sites if not site.ruin)
            p.vp += standing
            name = "the virtual player" if s.virtual is not None and i == VIRTUAL else seat_name(i)
            event(s, f"End: {name} scores {standing} VP for locations, {p.vp} VP in all.")
        if s.virtual is not None:
            event(s, virtual_player.final_line(s))
        s.phase = "over"
        return
    s.phase = "cleanup"
    s.store_order = [seat for seat in turn_order(s) if store_actions(cat, s.players[seat])]
    finish_cleanup(cat, s)


def finish_cleanup(cat: Catalog, s: FiftyState) -> None:
    if s.store_order:
        return
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
    start_round(cat, s)


def goods_count(p: Player) -> int:
    """The tie-breaker's goods (RULES.md): basic goods and ammo in the supply and on locations."""
    kinds = (*BASIC, "ammo")
    on_cards = sum(n for site in p.sites if not site.ruin for k, n in site.held.items() if k in kinds)
    return sum(p.supply.get(k, 0) for k in kinds) + on_cards


def standing(p: Player) -> int:
    return sum(1 for site in p.sites if not site.ruin)
