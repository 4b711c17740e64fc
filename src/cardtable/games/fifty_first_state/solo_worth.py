"""What a position of the solo game is worth to the person, knowing the virtual player's rules
(RULES.md "The solo player"): the yardstick of `solo_player.SoloPlayer` and of ISMCTS's evaluation
in the solo game.

The virtual player's score is public and its rules have no choice in them, so what it will still
take this round can be counted: each face-up Connection card is 2 VP on one of its next turns, and
each attack left (3 a round, while neither side has passed) reveals one of the cards nobody has seen
and razes the location of yours that shares the most types with it. Which cards are unseen is public
(every card not in a State, a hand, a Connection pile or the attack pile lies in the deck or the face-
down discard pile), so the chance of each target is known; a sample from `determinize` holds exactly
those cards in its deck and discard pile, in another order.
"""

from __future__ import annotations

import math
from collections import Counter

from .cards import Catalog, Location
from .state import PERSON, VIRTUAL, FiftyState, Site
from .virtual_player import _class, virtual_rules
from .worth import VALUE, card_worth, worth

#: what a Ruin is worth to the person: a place to develop onto with any card (RULES.md §2.4)
RUIN_WORTH = 0.5
#: the spread of the win chance (ISMCTS's evaluation): a margin of this many VP is about 73%
WIN_SCALE = 4.0
#: what the virtual player scores in a round beyond the action phase now running: 3 locations
#: (+1 VP each at the end), a Connection card or two, and attacks (measured mean of heuristic games)
VIRTUAL_ROUND = 8.0


def virtual_score(s: FiftyState) -> int:
    """The virtual player's score if the game ended now: its VP and +1 for each of its locations."""
    it = s.players[VIRTUAL]
    return it.vp + len(it.sites)


def attack_loss(cat: Catalog, s: FiftyState, late: bool) -> float:
    """What one attack is expected to cost the person's standing: over the unseen cards, the raze VP
    and the worth of the location razed (less its deal good, which comes back, and a Ruin's worth)."""
    sites = [site for site in s.players[PERSON].sites if not site.ruin]
    if not sites:
        return 0.0
    pool = Counter(s.deck) + Counter(s.discard)
    total = sum(pool.values())
    if not total:
        return 0.0
    raze_vp = virtual_rules().turn.raze_vp
    lost = 0.0
    for key, n in pool.items():
        target = likely_target(cat, sites, cat.locations[key])
        if target is not None:
            lost += n * (raze_vp + site_worth(cat, target, late))
    return lost / total


def site_worth(cat: Catalog, site: Site, late: bool) -> float:
    """What losing `site` to an attack costs the person: the location (its worth, or its +1 VP at the
    end) less its deal good and what a Ruin is worth; goods on it come back."""
    loc = cat.locations[site.key]
    if late:
        return 1.0
    return max(0.0, card_worth(cat, loc) - VALUE[loc.deal] - RUIN_WORTH)


def likely_target(cat: Catalog, sites: list[Site], card: Location) -> Site | None:
    """The location an attack with `card` razes: the most shared types, then tie-breakers 1 to 5
    (distance, then unused Action, used Action, Feature, Production); later ties: the first."""
    wanted = set(card.types)
    order = virtual_rules().tie_breakers.class_order
    best: Site | None = None
    best_key: tuple[int, int, int] = (0, 0, 0)
    for site in sites:
        loc = cat.locations[site.key]
        shared = len(wanted.intersection(loc.types))
        if not shared:
            continue
        key = (shared, loc.distance, -order.index(_class(cat, site)))
        if best is None or key > best_key:
            best, best_key = site, key
    return best


def threat(cat: Catalog, s: FiftyState, late: bool | None = None) -> float:
    """What the virtual player's turns left in this Action phase are expected to cost the person, if
    the person does not pass: 2 VP for each face-up Connection card, and each attack left."""
    v = s.virtual
    if v is None or s.phase != "action" or s.players[PERSON].passed or s.players[VIRTUAL].passed:
        return 0.0
    late = s.last_round if late is None else late
    rules = virtual_rules().turn
    claims = sum(1 for colour in ("blue", "red") if s.connection_up[colour])
    attacks = max(0, rules.attacks_per_round - v.attacks)
    return claims * rules.connection_vp + (attacks * attack_loss(cat, s, late) if attacks else 0.0)


def ends_this_round(cat: Catalog, s: FiftyState) -> bool:
    """Whether this round is sure to be the last: it is already, or the virtual player reaches the
    end score with the Connection cards face up and the attacks left, if each that can hit does."""
    if s.last_round:
        return True
    v = s.virtual
    if v is None or s.phase != "action" or s.players[VIRTUAL].passed:
        return False
    rules = virtual_rules().turn
    claims = sum(1 for colour in ("blue", "red") if s.connection_up[colour])
    attacks = max(0, rules.attacks_per_round - v.attacks)
    hits = min(attacks, sum(1 for site in s.players[PERSON].sites if not site.ruin))
    return s.players[VIRTUAL].vp + claims * rules.connection_vp + hits * rules.raze_vp >= cat.rules.end_vp


def solo_standing(cat: Catalog, s: FiftyState, late: bool | None = None) -> float:
    """The person's worth against the virtual player's score, less what its turns left this round
    are expected to take (in the last round, or if `late`: what scores at the end)."""
    return worth(cat, s, PERSON, late) - virtual_score(s) - threat(cat, s, late)


def final_margin(cat: Catalog, s: FiftyState) -> float:
    """A guess at the person's final score less the virtual player's: the standing, less what the
    virtual player scores in each round expected to follow this one (none in the last round)."""
    if s.last_round:
        return solo_standing(cat, s, True)
    lead = max(s.players[PERSON].vp, s.players[VIRTUAL].vp)
    rounds_left = max(0.0, (cat.rules.end_vp - lead) / VIRTUAL_ROUND)
    return solo_standing(cat, s) - VIRTUAL_ROUND * 0.5 * rounds_left


def win_chance(cat: Catalog, s: FiftyState) -> float:
    """The person's chance to win, for ISMCTS: a logistic of `final_margin` (a tie is a loss)."""
    return 1.0 / (1.0 + math.exp(-(final_margin(cat, s) - 0.5) / WIN_SCALE))
