"""What every phase does to the table: narration, drawing, gaining goods, razing, the end check.

The shared mechanics of 51st State, below the steps of the phases (`lookout.py`, `actions.py`,
`rules.py`) and the solo game's virtual player (`virtual_player.py`), which all use them.
"""

from __future__ import annotations

from collections import Counter

from cardtable.core import Said, seat_letter, seat_mark

from .cards import BASIC, Catalog, Location, TypeIcon
from .faces import WORDS
from .state import FiftyState, Player, Site

#: events kept in the state for the narration
EVENTS_KEPT = 40


#: a seat as the narration and the prompts name it (its mark "{A}": the web table shows the seat's name,
#: `core.plain` its letter)
seat_name = seat_mark


def seat_arg(seat: int) -> str:
    """A seat as the notation and the views name it ("a")."""
    return seat_letter(seat).lower()


def event(s: FiftyState, line: Said) -> None:
    """Add `line` to the public narration (the latest `EVENTS_KEPT` lines are kept)."""
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


def turn_order(s: FiftyState) -> list[int]:
    n = len(s.players)
    return [(s.first + i) % n for i in range(n)]


def produced(cat: Catalog, p: Player, loc: Location) -> list[str]:
    prod = loc.production
    assert prod is not None
    if prod.per_type is None:
        return list(prod.goods)
    assert prod.good is not None
    return [prod.good] * min(prod.max, icons(cat, p, prod.per_type))


def icons(cat: Catalog, p: Player, kind: TypeIcon) -> int:
    """Type icons of `kind` on `p`'s locations (Ruins have none)."""
    return sum(cat.locations[site.key].types.count(kind) for site in p.sites if not site.ruin)


def counted(items: dict[str, int] | list[str]) -> str:
    """'2 grey contacts, 1 gun' for what a list names or a mapping counts; 'nothing' for nothing."""
    counts = items if isinstance(items, dict) else Counter(items)
    if len(counts) == 1:  # the common case, said without sorting
        for kind, n in counts.items():
            return amount(n, kind)
    return ", ".join([amount(n, k) for k, n in sorted(counts.items())]) or "nothing"


def amount(n: int, kind: str) -> str:
    """'1 grey contact', '2 guns': a count of a kind of resource, token or card, in words."""
    one, many = WORDS.get(kind, (kind, kind))
    return f"{n} {one if n == 1 else many}"


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


def goods_count(p: Player) -> int:
    """The tie-breaker's goods (RULES.md): basic goods and ammo in the supply and on locations."""
    kinds = (*BASIC, "ammo")
    on_cards = sum(n for site in p.sites if not site.ruin for k, n in site.held.items() if k in kinds)
    return sum(p.supply.get(k, 0) for k in kinds) + on_cards


def standing(p: Player) -> int:
    return sum(1 for site in p.sites if not site.ruin)
