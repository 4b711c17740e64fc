"""The conformance checks, as functions of a game and the states (or playouts) to examine.

The test modules run them on every registered game mode; `test_checks_catch_faults.py` runs them on
deliberately broken games to show each check catches what it claims to. Each raises AssertionError
with a message naming the fault.

Hidden information is checked with one trick: `determinize(s, A, rng)` resamples everything seat A
cannot see. So if A's view (or the spectator's) is unchanged by any such resampling, the view holds
nothing hidden from A: no other hand, no deck order. And if `determinize` gives the same sample from
`s` and from a state A cannot tell apart from `s`, it used nothing but A's view. A leak may also
appear only after a move: two such states, and two moves A reads alike, must leave A two states it
still cannot tell apart (`check_moves_keep_lookalikes_alike`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from rich.errors import MarkupError
from rich.markup import render as render_markup

from cardtable.core import Action, Game, IllegalAction, Match, Record, Rng, replay

from .harness import Playout

SAMPLE_SEEDS = (11, 12)
MALFORMED = ("", "   ", "frobnicate 99", "frobnicate", "play play play play play 1 2 3 4 5 6 7 8 9")
#: how many not-legal actions of the action space to try per state
TRIES = 6

States = Sequence[Any]


# --- playouts ------------------------------------------------------------------------------------
def check_playouts_end(game: Game[Any], playouts: Sequence[Playout]) -> None:
    for playout in playouts:
        assert playout.match.decision is None
        assert 0 < len(playout.actions) <= game.max_actions


def check_invariants(game: Game[Any], states: States) -> None:
    for state in states:
        game.check_invariants(state)


def check_result_exactly_at_the_end(game: Game[Any], playout: Playout) -> None:
    seats = range(game.num_seats)
    *running, final = playout.states
    for state in running:
        decision = game.decision(state)
        assert decision is not None, f"seed {playout.seed}: no decision before the end"
        assert decision.seat in seats and decision.kind and decision.prompt
        assert game.result(state) is None, f"seed {playout.seed}: a result while a decision is pending"
    assert game.decision(final) is None and game.legal_actions(final) == []
    result = game.result(final)
    assert result is not None, f"seed {playout.seed}: the game ended without a result"
    assert len(result.scores) == game.num_seats, "the result needs one score per seat"
    assert all(w in seats for w in result.winners) and len(set(result.winners)) == len(result.winners)
    assert result.reason
    assert not (result.draw and result.winners), "a draw has no winners"
    if game.terminations:  # a game that declares how it ends names one of those ways
        assert result.termination in game.terminations, f"undeclared termination {result.termination!r}"


def check_legal_actions(game: Game[Any], states: States) -> None:
    """Every pending decision offers distinct actions, in a stable order, each encodable and parseable."""
    for state in states:
        if game.decision(state) is None:
            continue
        legal = game.legal_actions(state)
        assert legal, "a decision with no legal action"
        assert len(set(legal)) == len(legal), "legal actions repeat"
        assert legal == game.legal_actions(state), "legal actions are not in a stable order"
        for action in legal:
            assert game.decode(game.encode(action)) == action
            assert Action.parse(str(action)) == action, f"'{action}' does not parse back to itself"
            assert game.parse_action(str(action)) == action


def check_action_space(game: Game[Any]) -> None:
    space = game.action_space()
    assert len(set(space)) == len(space), "the action space repeats an action"
    for index, action in enumerate(space):
        assert Action.parse(str(action)) == action, f"'{action}' does not parse back to itself"
        assert game.encode(action) == index and game.decode(index) == action


# --- serialisation -------------------------------------------------------------------------------
def check_state_json_round_trip(game: Game[Any], states: States) -> None:
    for state in states:
        text = game.to_json(state)
        decoded = game.from_json(text)
        assert decoded == state, "a state is not equal to its JSON round trip"
        assert game.to_json(decoded) == text


def check_play_continues_from_decoded_state(game: Game[Any], playout: Playout) -> None:
    middle = len(playout.actions) // 2
    state = game.from_json(game.to_json(playout.states[middle]))
    for action in playout.actions[middle:]:
        game.apply(state, action)
    assert game.to_json(state) == game.to_json(playout.final), "a decoded state plays differently"
    assert game.result(state) == game.result(playout.final)


def check_clones_are_independent(game: Game[Any], states: States) -> None:
    for state in states:
        if game.decision(state) is None:
            continue
        before = game.to_json(state)
        copy = game.clone(state)
        assert copy == state
        action = game.legal_actions(copy)[-1]
        game.apply(copy, action)
        assert game.to_json(state) == before, "applying to a clone changed the original"
        original = game.clone(state)
        game.apply(original, action)
        assert game.to_json(original) == game.to_json(copy)


def check_record_round_trip_and_replay(game: Game[Any], playout: Playout) -> None:
    record = playout.match.record()
    text = record.to_text()
    assert Record.from_text(text).to_text() == text  # the text form keeps option values as text
    assert Record.from_json(record.to_json()) == record
    assert Record.load(record.to_json()) == record and Record.load(text).to_text() == text
    replayed = replay(Record.from_text(text))
    assert game.to_json(replayed.state) == game.to_json(playout.final), "the replay ends elsewhere"
    assert replayed.record() == record


# --- hidden information --------------------------------------------------------------------------
def check_views_survive_determinize(game: Game[Any], states: States) -> None:
    for state in states:
        for seat in range(game.num_seats):
            view = game.view(state, seat)
            for seed in SAMPLE_SEEDS:
                sample = game.determinize(state, seat, Rng(seed))
                assert game.view(sample, seat) == view, (
                    f"seat {seat}'s view shows something hidden from it (it changes when resampled)"
                )


def check_determinize_depends_only_on_view(game: Game[Any], states: States) -> None:
    for state in states:
        for seat in range(game.num_seats):
            lookalike = game.determinize(state, seat, Rng(1))
            direct = game.determinize(state, seat, Rng(2))
            via_lookalike = game.determinize(lookalike, seat, Rng(2))
            assert game.to_json(direct) == game.to_json(via_lookalike), (
                f"determinize for seat {seat} used something outside its view"
            )


def check_determinize_is_sound(game: Game[Any], states: States) -> None:
    """A sample is a legal state, reproducible, leaves the original alone, and forgets the true Rng."""
    for state in states:
        before = game.to_json(state)
        decision = game.decision(state)
        for seat in range(game.num_seats):
            sample = game.determinize(state, seat, Rng(5))
            assert game.to_json(state) == before, "determinize changed the state it sampled from"
            assert game.to_json(game.determinize(state, seat, Rng(5))) == game.to_json(sample)
            game.check_invariants(sample)
            if hasattr(state, "rng"):
                assert sample.rng != state.rng, "the sample keeps the true generator (it foretells chance)"
            if decision is not None and decision.seat == seat:
                assert game.decision(sample) == decision
                assert game.legal_actions(sample) == game.legal_actions(state), (
                    "a seat's legal actions depend on something it cannot see"
                )


def check_determinize_resamples_other_seats(game: Game[Any], states: States) -> None:
    """For each seat A, some other seat's private cards are resampled in some state (A cannot see them)."""
    if game.num_seats < 2:
        return
    # an automaton seat that never decides (the Machine of a solo game) keeps no secrets to resample
    deciders = {d.seat for state in states if (d := game.decision(state)) is not None}
    for seat in range(game.num_seats):
        if not deciders - {seat}:
            continue
        changed = any(
            game.view(game.determinize(state, seat, Rng(seed)), other) != game.view(state, other)
            for state in states
            for seed in SAMPLE_SEEDS
            for other in deciders
            if other != seat
        )
        assert changed, (
            f"determinize for seat {seat} never changed another seat's view: it keeps the true hidden cards"
        )


def check_determinize_does_not_foretell_draws(game: Game[Any], playouts: Sequence[Playout]) -> None:
    """A sample must not know the order of hidden piles: replaying the real moves on samples shows the
    seat something different at some point (another card drawn), unless the sample's moves stop being
    legal first. A determinize that keeps the true deck order passes every other check but lets a bot
    see its future draws.
    """
    replayed = [(playout.actions, playout.states) for playout in playouts]
    for seat in range(game.num_seats):
        assert any(
            _diverges(game, actions, states, start, seat, seed)
            for actions, states in replayed
            for start in range(0, len(actions), max(1, len(actions) // 3))
            for seed in SAMPLE_SEEDS
        ), (
            f"replaying the real moves on determinize samples for seat {seat} never showed it anything "
            "different: the samples keep the true order of hidden cards (they foretell draws)"
        )


def _diverges(
    game: Game[Any], actions: Sequence[Action], states: States, start: int, seat: int, seed: int
) -> bool:
    sample = game.determinize(states[start], seat, Rng(seed))
    for step, action in enumerate(actions[start:], start + 1):
        if action not in game.legal_actions(sample):
            return False
        game.apply(sample, action, validate=False)
        if game.view(sample, seat) != game.view(states[step], seat):
            return True
    return False


def check_decision_is_public(game: Game[Any], states: States) -> None:
    """Who decides what is public: a state sampled for any seat has the same Decision.

    A decision whose kind or prompt depends on the deciding seat's hidden cards (a "rescue"
    decision only when it holds a rescue card) tells every other seat what it holds.
    """
    for state in states:
        decision = game.decision(state)
        for seat in range(game.num_seats):
            for seed in SAMPLE_SEEDS:
                sample = game.determinize(state, seat, Rng(seed))
                assert game.decision(sample) == decision, (
                    f"seat {seat} could tell a sampled state from the real one by its pending decision: "
                    f"{game.decision(sample)} instead of {decision} (the decision shows something hidden)"
                )


def check_narration_survives_determinize(game: Game[Any], states: States) -> None:
    """The game's narration, as each viewer reads it, is the same in every state it cannot tell apart."""
    for state in states:
        for seat in range(game.num_seats):
            sample = game.determinize(state, seat, Rng(SAMPLE_SEEDS[0]))
            for viewer in (seat, None):
                assert game.narration(sample, viewer) == game.narration(state, viewer), (
                    f"the narration {viewer} reads shows something hidden from seat {seat}"
                )


#: samples per state and viewer in which other actions are looked for (more only make it stricter)
DESCRIBE_SAMPLES = 8
#: what a viewer is told after a move, as the two checks of moves name its parts
TOLD = ("reads", "is next asked", "is told")
SHOWN = ("view", "next decision", "narration")


def check_descriptions_reveal_nothing_hidden(game: Game[Any], states: States) -> None:
    """A move tells each viewer nothing its view does not: what it reads of the move (`describe`, and
    the game's sentence for it with its fields: `tell`), the decision that follows and the narration
    are the same after every move that leaves it the same view.

    For each state, each viewer, and each action the mover could take there or in a state the viewer
    cannot tell apart from it (`determinize`): two actions that leave the viewer with the same view
    (for the mover: the same action, since it knows what it did) must read the same and lead to the
    same pending decision and narration. "A keeps Defend" fails this when keeping another card would
    have looked the same to the viewer; so does a catastrophe after which the next decision is a
    "rescue" only if the victim holds a rescue card.
    """
    for index, state in enumerate(states):
        decision = game.decision(state)
        if decision is None:
            continue
        mover = decision.seat
        for viewer in [None, *range(game.num_seats)]:
            # a spectator knows no more than any seat but the mover: sample for one of those
            sampler = (
                viewer if viewer is not None else next((s for s in range(game.num_seats) if s != mover), None)
            )
            worlds = [("the real state", state)]
            if sampler is not None:
                worlds += [
                    (f"a state sampled for seat {sampler}", game.determinize(state, sampler, Rng(seed)))
                    for seed in range(DESCRIBE_SAMPLES)
                ]
            seen: dict[Any, tuple[tuple[Any, ...], str]] = {}
            alike = [(where, world) for where, world in worlds if game.decision(world) == decision]
            for where, world, action, after in _moves(game, alike):  # check_decision_is_public: the rest
                view, asked, narration = _seen_after(game, after, viewer)
                key = (str(action) if viewer == mover else "", view)
                told = (
                    (game.describe(world, action, viewer), game.tell(world, action, viewer)),
                    asked,
                    narration,
                )
                if (found := _told_apart(seen, key, told, f"{where} ('{action}')")) is not None:
                    part, was, now, earlier = found
                    raise AssertionError(
                        f"state {index}: after seat {mover}'s move, viewer {viewer} {TOLD[part]} {was!r} in "
                        f"{earlier} but {now!r} after '{action}' in {where}, though both leave it the same "
                        "view: that shows it something hidden from it"
                    )


#: states sampled per state and viewer to pair with the real one (more only make it stricter)
PAIR_SAMPLES = 4


def check_moves_keep_lookalikes_alike(game: Game[Any], states: States) -> None:
    """Two positions a viewer cannot tell apart stay so after two moves it reads alike.

    For each state S and viewer k (every seat and the spectator), the states k cannot tell from S
    (samples of `determinize` with the same view, decision and narration for k) are paired with S;
    the legal actions of all of them are grouped by what k reads of them (`describe`). Within a group,
    every move the game calls `reversible` (it drew on no chance and showed nobody anything hidden
    beyond the move itself) must leave k the same view, the same pending decision and the same
    narration. A public list that is cut to the hand's size after a card leaves it fails this: it
    then shows which card went, though every position before and every view after looks consistent.
    A move that draws or turns up a card may show k something new, so only reversible moves are
    compared.
    """
    for index, state in enumerate(states):
        decision = game.decision(state)
        if decision is None:
            continue
        for viewer in [None, *range(game.num_seats)]:
            seen: dict[Any, tuple[tuple[Any, ...], str]] = {}
            for where, world, action, after in _moves(game, _lookalikes(game, state, viewer)):
                if not game.reversible(world, action, after):
                    continue
                reads = game.describe(world, action, viewer)
                shown = _seen_after(game, after, viewer)
                if (found := _told_apart(seen, reads, shown, f"{where} ('{action}')")) is not None:
                    part, was, now, earlier = found
                    raise AssertionError(
                        f"state {index}: viewer {viewer} reads seat {decision.seat}'s move as {reads!r} "
                        f"both in {earlier} and after '{action}' in {where}, positions it cannot tell "
                        f"apart, but its {SHOWN[part]} after them differs: {_difference(was, now)}"
                    )


def _moves(game: Game[Any], worlds: Sequence[tuple[str, Any]]) -> Iterator[tuple[str, Any, Action, Any]]:
    """Each legal action of each (named) state, with the state it leads to."""
    for where, world in worlds:
        for action in game.legal_actions(world):
            after = game.clone(world)
            game.apply(after, action, validate=False)
            yield where, world, action, after


def _seen_after(game: Game[Any], after: Any, viewer: int | None) -> tuple[str, Any, list[str]]:
    """What `viewer` sees after a move: its view (as JSON text), the next decision and the narration."""
    return (
        json.dumps(game.view(after, viewer), sort_keys=True),
        game.decision(after),
        game.narration(after, viewer),
    )


def _told_apart(
    seen: dict[Any, tuple[tuple[Any, ...], str]], key: Any, told: tuple[Any, ...], where: str
) -> tuple[int, Any, Any, str] | None:
    """The first move under `key` sets what is told; for a later one, the first part it tells otherwise
    (its index, what was told, what is told now, where it was told first), or None."""
    if key not in seen:
        seen[key] = (told, where)
        return None
    earlier, earlier_where = seen[key]
    for part, (was, now) in enumerate(zip(earlier, told, strict=True)):
        if was != now:
            return part, was, now, earlier_where
    return None


def _lookalikes(game: Game[Any], state: Any, viewer: int | None) -> list[tuple[str, Any]]:
    """The state and samples `viewer` cannot tell from it: the same view, decision and narration.

    A seat's samples are its own `determinize`; a spectator, who knows less than any seat, gets
    samples for each seat in turn. A sample that looks different is left out (the checks of
    `determinize` report it).
    """
    seats = [viewer] if viewer is not None else list(range(game.num_seats))
    decision, view, told = game.decision(state), game.view(state, viewer), game.narration(state, viewer)
    found = [("the real state", state)]
    for seed in range(PAIR_SAMPLES):
        seat = seats[seed % len(seats)]
        sample = game.determinize(state, seat, Rng(seed))
        if (game.decision(sample), game.view(sample, viewer), game.narration(sample, viewer)) == (
            decision,
            view,
            told,
        ):
            found.append((f"a state sampled for seat {seat} (seed {seed})", sample))
    return found


def _difference(was: Any, now: Any) -> str:
    """The first place two views (JSON text), decisions or narrations differ, briefly."""
    if isinstance(was, str) and isinstance(now, str) and was.startswith("{"):
        was, now = json.loads(was), json.loads(now)
    return _first_difference(was, now, "")


def _first_difference(was: Any, now: Any, path: str) -> str:
    if isinstance(was, dict) and isinstance(now, dict):
        for key in sorted(set(was) | set(now), key=str):
            if was.get(key) != now.get(key):
                return _first_difference(was.get(key), now.get(key), f"{path}.{key}")
    if isinstance(was, list) and isinstance(now, list) and len(was) == len(now):
        for i, (a, b) in enumerate(zip(was, now, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"{path or 'it'}: {was!r} against {now!r}"


def check_spectator_sees_no_hidden_card(game: Game[Any], states: States) -> None:
    for state in states:
        public = game.view(state, None)
        for seat in range(game.num_seats):
            sample = game.determinize(state, seat, Rng(3))
            assert game.view(sample, None) == public, (
                f"the spectator sees something seat {seat} cannot (a hand or a deck order)"
            )


def check_views_match_view(game: Game[Any], states: States) -> None:
    """`Game.views` (every viewer at once, as the web table asks) gives each viewer its own `view`."""
    viewers = [None, *range(game.num_seats)]
    for index, state in enumerate(states):
        views = game.views(state, viewers)
        assert list(views) == viewers, f"state {index}: views() answered for {list(views)}, not {viewers}"
        for viewer in viewers:
            assert views[viewer] == game.view(state, viewer), (
                f"state {index}: views() differs from view() for viewer {viewer}"
            )


def check_views_are_plain_detached_data(game: Game[Any], states: States) -> None:
    for state in states:
        before = game.to_json(state)
        for seat in [None, *range(game.num_seats)]:
            view = game.view(state, seat)
            assert isinstance(view, dict)
            text = json.dumps(view, sort_keys=True)  # raises if a view holds something not JSON
            assert json.dumps(json.loads(text), sort_keys=True) == text
            _scramble(view)
            assert game.to_json(state) == before, "changing a view changed the state"
            text = game.render(game.view(state, seat), seat)
            assert isinstance(text, str)
            try:
                render_markup(text)
            except MarkupError as err:
                raise AssertionError(f"render() is not valid rich markup: {err}") from None


def _scramble(data: Any) -> None:
    """Change every list and dict inside `data` in place."""
    if isinstance(data, dict):
        for value in data.values():
            _scramble(value)
        data["__scrambled__"] = True
    elif isinstance(data, list):
        for value in data:
            _scramble(value)
        data.append("__scrambled__")


# --- refusing bad actions ------------------------------------------------------------------------
def check_illegal_actions_refused(game: Game[Any], states: States) -> None:
    space = game.action_space()
    for state in states:
        if game.decision(state) is None:
            continue
        legal = set(game.legal_actions(state))
        illegal = [a for a in space if a not in legal]
        step = max(1, len(illegal) // TRIES)
        before = game.to_json(state)
        for action in illegal[::step][:TRIES]:
            for form in (action, str(action)):
                with pytest.raises(IllegalAction):
                    game.apply(state, form)
                assert game.to_json(state) == before, f"the refused action '{action}' changed the state"


def check_malformed_actions_refused(game: Game[Any], states: States) -> None:
    for state in states:
        if game.decision(state) is None:
            continue
        before = game.to_json(state)
        for text in MALFORMED:
            with pytest.raises(IllegalAction):
                game.apply(state, text)
            assert game.to_json(state) == before, f"the refused text {text!r} changed the state"
        with pytest.raises(IllegalAction):
            game.apply(state, Action("frobnicate", (99, "x")))
        assert game.to_json(state) == before


def check_match_refuses_bad_text(game: Game[Any], playout: Playout) -> None:
    match = Match(game, playout.seed)
    for action in playout.actions[:3]:
        match.apply(str(action))
    before, moves = game.to_json(match.state), list(match.moves)
    for text in MALFORMED:
        with pytest.raises(IllegalAction):
            match.apply(text)
    assert game.to_json(match.state) == before and match.moves == moves


def check_nothing_after_the_end(game: Game[Any], playout: Playout) -> None:
    final = playout.final
    before = game.to_json(final)
    for action in [playout.actions[-1], *game.action_space()[:TRIES]]:
        with pytest.raises(IllegalAction):
            game.apply(final, action)
        assert game.to_json(final) == before


def check_encoding_bounds(game: Game[Any]) -> None:
    size = len(game.action_space())
    for index in (-1, size, size + 1000):
        with pytest.raises(IllegalAction):
            game.decode(index)
    with pytest.raises(IllegalAction):
        game.encode(Action("frobnicate", (99,)))
