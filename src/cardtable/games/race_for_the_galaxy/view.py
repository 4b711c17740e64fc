"""What each seat may know (views), and states sampled from what a seat knows (determinization).

Public: tableaux, which worlds hold a good, chips, hand sizes, the deck and discard counts, the
narration. Hidden: hands and explored cards of others, the cards under goods (from everybody), the
deck order and the discard pile, the action cards chosen until every seat has chosen, and the
develop or settle pick until the reveal (RULES.md "Decisions where the rules are silent").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core import Rng, seat_letter, texts

from . import goalplay, scoring
from . import powers as pw
from .develop import DevelopChoose
from .explore import ExploreDiscard
from .produce import DiscardProduce
from .rules import SelectAction, selections
from .settle import SettleChoose
from .setup import StartChoose
from .state import PRESTIGE, SEARCH, Player, RftgState, base_action
from .steps import bonus_of

if TYPE_CHECKING:
    from .cards import Catalog
    from .game import RaceForTheGalaxy

#: the choices made in secret: others see only that the seat has chosen, until every seat has
SECRET_PICKS = (SelectAction, DevelopChoose, SettleChoose, StartChoose)
#: the action cards as a view names them (the printed names; the notation's words are for actions)
ACTION_CARDS = {
    "explore-5": "Explore +5",
    "explore-1-1": "Explore +1/+1",
    "develop": "Develop",
    "develop2": "Develop II",
    "settle": "Settle",
    "settle2": "Settle II",
    "consume-trade": "Consume: Trade",
    "consume-x2": "Consume: x2",
    "produce": "Produce",
}


def public_view(game: RaceForTheGalaxy, state: RftgState) -> dict[str, Any]:
    """What every viewer sees alike: of each player its tableau, goods, score (`_public_players`)."""
    return {"players": _public_players(game, state)}


def seat_view(
    game: RaceForTheGalaxy, state: RftgState, seat: int | None, public: dict[str, Any]
) -> dict[str, Any]:
    """`seat`'s view, given the `public` part."""
    return _seat_view(game, state, seat, public["players"])


def _public_players(game: RaceForTheGalaxy, state: RftgState) -> list[dict[str, Any]]:
    """What every viewer sees alike of each player (with the expansions: goals held, prestige, the
    cards saved under Galactic Scavengers as a count)."""
    cat = game.catalog
    players = [_public_player(cat, state, i, p) for i, p in enumerate(state.players)]
    if cat.level:
        for entry, p in zip(players, state.players, strict=True):
            entry["goals"] = list(p.goals)
            if cat.level >= 3:
                entry |= {
                    "prestige": p.prestige,
                    "prestige_on_tile": p.prestige_turn,
                    "searched": p.searched,
                    "saved_size": len(p.saved),
                }
    return players


def _public_player(cat: Catalog, state: RftgState, i: int, p: Player) -> dict[str, Any]:
    """What every viewer sees alike of player `i`. A seat discarding from its hand and the cards it
    explored together (`ExploreDiscard`) has mixed them: others see one hand of both, as at the table
    (its own view gives the two apart, `_seat_view`)."""
    head = state.steps[0] if state.steps else None
    mixing = isinstance(head, ExploreDiscard) and head.seat == i
    return {
        "seat": seat_letter(i),
        "start": p.start,
        "tableau": list(p.tableau),
        "goods": [w for w in p.tableau if w in p.goods],
        "chips": p.chips,
        "hand_size": len(p.hand) + len(p.drawn) if mixing else len(p.hand),
        "drawn_size": 0 if mixing else len(p.drawn),
        "keep": p.keep if p.drawn and not mixing else 0,
        "placing": p.placing,
        "owe": p.owe,
        "temp_military": p.temp_military,
        "used": list(p.used),
        "produced": list(p.produced),
        "consumed": list(p.consumed),
        "military": scoring.military_strength(cat, p),
        "score": scoring.breakdown(cat, state, i),
    }


def _seat_view(
    game: RaceForTheGalaxy, state: RftgState, seat: int | None, public: list[dict[str, Any]]
) -> dict[str, Any]:
    """`seat`'s view: the public part of each player, with its own hand and choices."""
    s = state
    head = s.steps[0] if s.steps else None
    selecting = isinstance(head, SelectAction)
    players = []
    for i, p in enumerate(s.players):
        mine = seat == i
        entry = dict(public[i])
        # a late chooser (Psi-Crystal World) sees the others' cards; its own stay hidden meanwhile
        hidden = selecting and (head.stage != 2 or head.seat == i)  # type: ignore[union-attr]
        if mine or not hidden:
            entry["actions"] = [action_card(a) for a in p.actions]
        else:
            entry["actions_chosen"] = bool(p.actions)
        if mine:
            entry |= {"hand_size": len(p.hand), "drawn_size": len(p.drawn), "keep": p.keep if p.drawn else 0}
            entry["hand"] = sorted(p.hand)
            entry["drawn"] = sorted(p.drawn)
            entry["pick"] = p.pick
            entry["hand_costs"] = hand_costs(game, state, i)
            if p.offer:
                entry["offer"] = list(p.offer)
            if p.saved:
                entry["saved"] = sorted(p.saved)
        else:
            entry["picked"] = bool(p.pick)
        players.append(entry)
    extra: dict[str, Any] = {}
    if game.catalog.level:
        extra = {
            "expansion": game.catalog.level,
            "goals": list(s.goals),
            "goals_available": goalplay.available(s),
            "aside": list(s.aside),
            "takeovers_allowed": s.takeovers,
            "takeovers": [
                {"attacker": seat_letter(t.attacker), "world": t.world, "power": t.card, "failed": t.failed}
                for t in s.declared
            ],
        }
        if isinstance(head, DiscardProduce) and head.world:  # the world chosen; the card comes next
            extra["producing_on"] = head.world
    return extra | {
        "game": game.name,
        "viewer": seat_letter(seat) if seat is not None else None,
        "round": s.round,
        "phase": s.phase,
        "phases_left": list(s.phases),
        "pool": s.pool,
        "deck": len(s.deck),
        "discard": len(s.discard),
        "reshuffles": s.reshuffles,
        "players": players,
        "log": texts(s.log),
        "ended": s.ended,
    }


def determinize(game: RaceForTheGalaxy, state: RftgState, seat: int, rng: Rng) -> RftgState:
    """Resample every card `seat` cannot see (other hands and explore draws, goods, deck,
    discard pile; with the expansions the start worlds offered to others, the cards saved under
    their Galactic Scavengers, the cards they just paid) from the cards it has not seen, and the
    secret picks of others."""
    cat = game.catalog
    sample = game.clone(state)
    sample.script = []
    # the solitaire robot's seat is no player: it knows only what is public
    me = sample.players[seat] if seat < len(sample.players) else Player(start="")
    # the cards it just paid itself it knows in the discard pile
    own_paid = [c for c in me.paid if c != "-"]
    seen = list(me.hand) + list(me.drawn) + list(me.offer) + list(me.saved) + list(sample.aside) + own_paid
    seen += [k for p in sample.players for k in p.tableau]
    robot = sample.robot
    if robot is not None:
        seen += robot.tableau
    pool = list(cat.all_cards)
    for card in seen:
        pool.remove(card)
    pool.sort()
    rng.shuffle(pool)
    me.hand.sort()
    me.drawn.sort()
    for i, p in enumerate(sample.players):
        if i != seat and p.offer:  # another seat's red and blue start worlds
            p.offer = sorted(
                (_take_start(cat, pool, c) for c in ("red", "blue")), key=lambda w: cat[w].number or 0
            )
    for i, p in enumerate(sample.players):
        for world in sorted(p.goods):
            p.goods[world] = pool.pop()
        if i == seat:
            continue
        p.hand = [pool.pop() for _ in p.hand]
        p.drawn = [pool.pop() for _ in p.drawn]
        p.saved = [pool.pop() for _ in p.saved]
    if robot is not None:  # nobody looks at the robot's face-down hand
        robot.hand = [pool.pop() for _ in robot.hand]
    sample.discard = [pool.pop() for _ in sample.discard[len(own_paid) :]] + own_paid
    sample.deck = pool
    for i, p in enumerate(sample.players):
        if i != seat and p.paid and "-" not in p.paid:  # the cards just paid lie in the discard pile
            p.paid = list(sample.discard[len(sample.discard) - len(p.paid) :])
    step = sample.steps[0] if sample.steps else None
    for i, p in enumerate(sample.players):
        if i == seat:
            continue
        if p.actions and isinstance(step, SelectAction) and (step.stage != 2 or step.seat == i):
            p.actions = [str(a) for a in rng.choice(selections(cat, sample, i, stage_of(sample, i))).args]
        if p.pick and p.offer:  # a start world kept in secret (levels 2-3): one of the offer sampled
            p.pick = rng.choice(p.offer)
        elif p.pick and isinstance(step, SECRET_PICKS):
            picker = DevelopChoose(i) if "develop" in sample.phase else SettleChoose(i)
            legal = picker.legal(cat, sample)
            choice = str(rng.choice(legal).args[0])
            p.pick = "-" if choice == "none" else choice
    sample.rng = rng.fork()
    return sample


def _take_start(cat: Any, pool: list[str], colour: str) -> str:
    """An unseen start world of `colour`, taken out of `pool`."""
    card = next(c for c in reversed(pool) if cat[c].colour == colour)
    pool.remove(card)
    return card


def stage_of(state: RftgState, seat: int) -> int:
    """How far another seat's hidden selection has gone: a late chooser's first card only (stage 1 of
    `rules.selections`) in the 2-player game, else its whole choice."""
    return 1 if state.expert and len(state.players[seat].actions) == 1 else 0


def action_card(action: str) -> str:
    """An action card as the view names it (a prestige action: 'Prestige Settle')."""
    if action == SEARCH:
        return "Search"
    name = ACTION_CARDS[base_action(action)]
    return f"Prestige {name}" if action.startswith(PRESTIGE) else name


def hand_costs(game: RaceForTheGalaxy, state: RftgState, seat: int) -> dict[str, dict[str, int]]:
    """Before a move is committed, what each card in hand would take now (RESEARCH.md §6).

    A development: `cost` after the discounts of the tableau and, in a Develop phase the seat chose,
    the bonus. A world: `cost` after settle discounts, or for a military world the `defence`, the
    seat's `military` against it (temporary military included) and, with a pay-for-military
    power, the `cost` of paying instead.
    """
    cat = game.catalog
    p = state.players[seat]
    saved = p.powered
    if state.phase not in ("develop", "develop2", "settle", "settle2"):
        p.powered = list(p.tableau)
    try:
        out: dict[str, dict[str, int]] = {}
        develop: int | None = None  # the develop discount: the same for every development
        reduces: list[Any] | None = None  # the settle discounts (each applies to some worlds)
        for key in sorted(set(p.hand)):
            card = cat[key]
            if not card.is_world:
                if develop is None:
                    bonus = state.phase in ("develop", "develop2") and bonus_of(state, p)
                    develop = pw.develop_discount(cat, p, bonus)
                out[key] = {"cost": max(0, card.cost - develop)}
            elif card.military:
                info = {"defence": card.cost, "military": pw.military(cat, p, card)}
                methods = pw.settle_methods(cat, p, card, len(p.hand))
                if "contact" in methods:
                    info["cost"] = methods["contact"]
                out[key] = info
            else:
                if reduces is None:
                    reduces = [power for _, _, power in pw.powers(cat, p, "settle", "reduce")]
                discount = sum(power.value for power in reduces if pw.matches_world(power, card))
                out[key] = {"cost": max(0, card.cost - discount)}
        return out
    finally:
        p.powered = saved
