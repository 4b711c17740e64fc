"""What each seat may see (views), samples of what it cannot (determinize), and the terminal table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core import Rng, sentences, texts

from . import queries as q
from .effects import Destroy, Force, Rescue
from .state import State

if TYPE_CHECKING:
    from .rules import Biosphere5


def public_view(game: Biosphere5, state: State) -> dict[str, Any]:
    """What every viewer sees alike: the boards, markers and events.

    The discard pile is shown as its unordered contents: every card reaches it face up in front of
    all players (see RULES.md, 2.4). Draw piles show only their size. The pending decision is not
    part of the view (interfaces read `Game.decision`, public); `upcoming` lists the steps queued
    after it (kind, seat, tag), e.g. the players a catastrophe has still to reach.
    """
    cards = game.cards
    key = cards.key
    four = len(state.boards) == 4
    boards = [
        {
            "seat": s,
            "name": game.seat_name(s),
            "team": q.team_of(state, s) if four else None,
            "out": board.out,
            "hand_size": len(board.hand),
            "pile_size": len(board.pile),
            "faceup": [key(c) for c in board.faceup],
            "discard": sorted([key(c) for c in board.discard]),
            "achievements": [key(c) for c in board.achievements],
            "level": q.civilisation_level(cards, board),
            "red": board.red,
        }
        for s, board in enumerate(state.boards)
    ]
    return {
        "players": len(state.boards),
        "order": list(state.order),
        "turn": q.current_seat(state) if state.order else None,
        "move": state.move + 1,
        "markers": list(state.markers),
        "upcoming": [[step.kind, step.seat, step.word()] for step in state.steps[1:]],
        #: the seat whose achievement a pending Attack destroys (the decision's prompt names it too)
        "attacked": state.steps[0].target if state.steps and isinstance(state.steps[0], Destroy) else None,
        "boards": boards,
        "events": texts(sentences(state.events)),  # as the narration tells them
        "result": _result_json(game, state),
    }


def seat_view(game: Biosphere5, state: State, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
    """`seat`'s view: the public part, its own hand, what it is spying on, the variant's parts."""
    key = game.cards.key
    view: dict[str, Any] = {
        "game": game.name,
        "seat": seat,
        **public,
        "hand": sorted([key(c) for c in state.boards[seat].hand]) if seat is not None else None,
    }
    spied = _spied_hand(state, seat)
    if spied is not None:
        view["revealed"] = {"seat": spied, "hand": sorted([key(c) for c in state.boards[spied].hand])}
    view.update(game.extra_view(state, seat))
    return view


def _spied_hand(state: State, seat: int | None) -> int | None:
    """The seat whose hand `seat` is looking at through Espionage right now, if any."""
    if seat is None or not state.steps:
        return None
    head = state.steps[0]
    return head.target if isinstance(head, Force) and head.seat == seat else None


def _result_json(game: Biosphere5, state: State) -> dict[str, Any] | None:
    result = game.result(state)
    if result is None:
        return None
    return {"winners": list(result.winners), "draw": result.draw, "reason": result.reason}


#: how many samples determinize draws at most to find one in which the pending seat has an option
RESAMPLES = 200


def determinize_state(game: Biosphere5, state: State, seat: int, rng: Rng) -> State:
    """Resample every card `seat` cannot see: other hands, every draw pile's order, the generator.

    Public facts constrain a hand. A player who must discard the rescue card they played a
    catastrophe with (the pending decision `rescue`, public) holds one: the sample gives them one.
    And a player with a pending decision has something to choose (Raising the Flag needs a rescue
    card for a catastrophe option): samples in which they have none are drawn again.
    """
    decision = game.decision(state)
    sample = _sample(game, state, seat, rng)
    if decision is None or decision.seat == seat:
        return sample
    for _ in range(RESAMPLES):
        if game.legal_actions(sample):
            break
        sample = _sample(game, state, seat, rng)
    return sample


def _sample(game: Biosphere5, state: State, seat: int, rng: Rng) -> State:
    sample = game.clone(state)
    spied = _spied_hand(state, seat)
    owed = _owed_rescue(state)
    for s, board in enumerate(sample.boards):
        if s in (seat, spied):
            pool = sorted(board.pile)
            rng.shuffle(pool)
            board.pile = pool
            continue
        pool = sorted(board.hand + board.pile)
        rng.shuffle(pool)
        size = len(board.hand)
        hand: list[int] = []
        if owed is not None and owed[0] == s:
            fitting = [c for c in pool if owed[1] in game.cards.cards[c].upper.protects]
            if fitting:
                hand.append(fitting[0])
                pool.remove(fitting[0])
        board.hand = sorted(hand + pool[: size - len(hand)])
        board.pile = pool[size - len(hand) :]
    sample.rng = rng.fork()
    return sample


def _owed_rescue(state: State) -> tuple[int, str] | None:
    """(seat, category) of a rescue card a player must discard with their catastrophe now, if any."""
    head = state.steps[0] if state.steps else None
    return (head.seat, head.category) if isinstance(head, Rescue) else None


def describe_card(game: Biosphere5, key: str) -> str:
    """'Shack — upper: makeshift housing (I) | lower: Drought (I)' for a person choosing a card."""
    card = game.cards.index[key]
    spec = game.cards.cards[card]
    upper, lower = _describe_option(game, spec.upper), _describe_option(game, spec.lower)
    return f"{spec.name} — upper: {upper} | lower: {lower}"


_ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def _describe_option(game: Biosphere5, option: Any) -> str:
    level = _ROMAN[option.level]
    if option.kind == "achievement":
        return f"{option.quality} {option.category} ({level})"
    if option.kind == "rescue":
        against = ", ".join(game.cards.categories[c].catastrophe for c in option.protects)
        return f"rescue against {against}"
    if option.kind == "catastrophe":
        return f"{game.cards.categories[option.category].catastrophe} ({level})"
    return f"{option.kind.replace('-', ' ')} ({level})"


def render_view(game: Biosphere5, view: dict[str, Any]) -> str:
    """A compact text table of one seat's view, for the terminal."""
    lines = []
    seat = view["seat"]
    for board in view["boards"]:
        me = " (you)" if board["seat"] == seat else ""
        status = " [OUT]" if board["out"] else ""
        turn = " <- turn" if board["seat"] == view["turn"] else ""
        team = f" team {board['team']}" if board["team"] is not None else ""
        lines.append(f"[bold]{board['name']}{me}{team}{status}{turn}[/bold]  level {_ROMAN[board['level']]}")
        lines.append(f"  achievements: {', '.join(board['achievements']) or '-'}")
        lines.append(f"  face up: {', '.join(board['faceup']) or '-'}")
        sizes = f"hand {board['hand_size']}  draw pile {board['pile_size']}"
        lines.append(f"  {sizes}  discard pile {len(board['discard'])}")
    if view.get("hand") is not None:
        lines.append("[bold]your hand:[/bold]" + ("" if view["hand"] else " -"))
        lines += [f"  {key}: {describe_card(game, key)}" for key in view["hand"]]
    if "revealed" in view:
        lines.append(f"hand of {view['revealed']['seat']}: {', '.join(view['revealed']['hand'])}")
    if view["markers"]:
        lines.append(f"moves this turn: {', '.join(view['markers'])}")
    if view["events"]:
        lines.append("[dim]recent: " + " · ".join(view["events"][-4:]) + "[/dim]")
    return "\n".join(lines)
