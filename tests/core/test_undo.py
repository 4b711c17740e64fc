"""Taking back a move (`core.undo`): the table's rule (own consecutive moves, each reversible, the latest
real choice with the forced moves after it, never after the end), the exact replay, the honest record."""

from __future__ import annotations

import pytest

from cardtable.core import (
    Action,
    CannotTakeBack,
    IllegalAction,
    Match,
    Move,
    Record,
    TakeBack,
    make_game,
    replay,
)
from cardtable.core.undo import Step, point, settled, why_not
from tests.toygame import ToyGame, ToyState


class UndoToy(ToyGame):
    """The toy game where a move may be taken back unless it drew a card (a draw shows the drawer a card)."""

    def reversible(self, before: ToyState, action: Action, after: ToyState) -> bool:
        return after.deck == before.deck and after.rng == before.rng


def toy_match(seed: int = 5) -> Match:
    return Match(UndoToy(), seed, ["ann", "bob"], undo=True)


def first_play(match: Match) -> Action:
    return next(a for a in match.legal_actions() if a.verb == "play")


# --- the rule of the table, on steps --------------------------------------------------------------
def test_the_latest_real_choice_goes_back_with_the_forced_moves_after_it() -> None:
    steps = [Step(1, True, True), Step(0, True, True), Step(0, True, True), Step(0, False, True)]
    assert point(steps, 0, over=False) == 2  # the choice at index 2 and the forced move after it
    assert point(steps[:3], 0, over=False) == 2
    assert point(steps[:2], 0, over=False) == 1


def test_only_the_seat_that_moved_last_may_take_back() -> None:
    steps = [Step(0, True, True), Step(1, True, True)]
    with pytest.raises(CannotTakeBack, match="the last move is not yours"):
        point(steps, 0, over=False)
    assert why_not(steps, 1, over=False) is None
    assert why_not(steps, None, over=False) == "spectators have no moves to take back"


def test_a_move_that_revealed_something_stands_and_so_does_everything_before_it() -> None:
    with pytest.raises(CannotTakeBack, match="showed something hidden or drew on chance"):
        point([Step(0, True, True), Step(0, True, False)], 0, over=False)
    with pytest.raises(CannotTakeBack, match="showed something hidden"):  # forced, after a reveal
        point([Step(0, True, False), Step(0, False, True)], 0, over=False)


def test_forced_moves_alone_are_not_taken_back() -> None:
    with pytest.raises(CannotTakeBack, match="all forced"):
        point([Step(1, True, True), Step(0, False, True)], 0, over=False)


def test_nothing_is_taken_back_before_the_first_move_or_after_the_end() -> None:
    assert why_not([], 0, over=False) == "no move has been played yet"
    assert why_not([Step(0, True, True)], 0, over=True) == "the game is over: its moves stand"


# --- a match --------------------------------------------------------------------------------------
def test_a_take_back_replays_the_game_to_the_exact_state_before_the_move() -> None:
    match = toy_match()
    game = match.game
    before = game.to_json(match.state)
    action = first_play(match)
    match.apply(action)
    assert match.why_not_take_back(0) is None
    assert match.why_not_take_back(1) == "the last move is not yours: you can take back only your own move"
    taken = match.take_back(0)
    assert taken == TakeBack(0, 0, [str(action)])
    assert game.to_json(match.state) == before and match.moves == [] and match.steps == []
    assert match.decision is not None and match.decision.seat == 0


def test_a_draw_cannot_be_taken_back() -> None:
    match = toy_match()
    match.apply("draw")
    with pytest.raises(CannotTakeBack, match="drew on chance"):
        match.take_back(0)
    assert len(match.moves) == 1


def test_once_the_other_seat_acted_the_move_stands() -> None:
    match = toy_match()
    match.apply(first_play(match))
    match.apply(match.legal_actions()[0])
    assert match.why_not_take_back(0) == "the last move is not yours: you can take back only your own move"


def test_a_match_without_undo_keeps_no_steps_and_refuses() -> None:
    match = Match(UndoToy(), 5)
    match.apply(first_play(match))
    assert match.steps == []
    with pytest.raises(CannotTakeBack, match="taking back is off"):
        match.take_back(0)


# --- the record -----------------------------------------------------------------------------------
def finished_with_a_take_back() -> Match:
    """A whole game in which A took back its first move and played another."""
    match = toy_match()
    match.apply(first_play(match))
    match.take_back(0)
    match.apply(match.legal_actions()[-1])
    while match.decision is not None:
        match.apply(match.legal_actions()[0])
    return match


def test_the_record_lists_the_moves_that_stand_and_notes_the_take_back() -> None:
    match = finished_with_a_take_back()
    record = match.record()
    assert [m.action for m in record.moves] == [m.action for m in match.moves]
    assert len(record.undone) == 1 and record.undone[0].at == 0 and record.undone[0].seat == 0
    text = record.to_text()
    taken = record.undone[0].actions[0]
    assert f"\n; A took back after move 0: {taken}\n1. A: " in text


def test_a_record_with_take_backs_round_trips_and_replays_to_the_same_end() -> None:
    match = finished_with_a_take_back()
    record = match.record()
    for again in (Record.from_text(record.to_text()), Record.from_json(record.to_json())):
        assert again.undone == record.undone and again.moves == record.moves
        replayed = replay(again)
        assert replayed.game.to_json(replayed.state) == match.game.to_json(match.state)
        assert replayed.result == match.result


def test_several_actions_taken_back_at_once_keep_their_order() -> None:
    record = Record("toy", "0", {}, 1, ["a", "b"], undone=[TakeBack(0, 1, ["play 2", "pass"])])
    assert "; B took back after move 0: play 2 | pass" in record.to_text()
    assert Record.from_text(record.to_text()).undone == record.undone


# --- a real game: several moves of one seat in a row ------------------------------------------------
def test_a_seat_takes_back_its_moves_one_choice_at_a_time() -> None:
    """Biosphere 5, 2.1: a turn is two moves; taking two cards then discarding two is a chain of choices."""
    match = Match(make_game("biosphere5"), 7, undo=True)
    seat = match.decision.seat
    start = match.game.to_json(match.state)
    match.apply("take2")  # starts "take two, discard two": nothing is drawn yet
    after_take2 = match.game.to_json(match.state)
    match.apply("take guard-dogs")  # a face-up card: public, and no card is turned up in its place yet
    assert match.steps == [Step(seat, True, True), Step(seat, True, True)]
    assert match.take_back(seat) == TakeBack(1, seat, ["take guard-dogs"])
    assert match.game.to_json(match.state) == after_take2
    assert match.take_back(seat) == TakeBack(0, seat, ["take2"])
    assert match.game.to_json(match.state) == start and match.moves == []
    match.apply("take pile")  # the top card of the draw pile: the seat sees a hidden card
    with pytest.raises(CannotTakeBack, match="showed something hidden"):
        match.take_back(seat)


def test_a_take_back_after_moves_taken_back_later_stays_in_the_record_at_its_end() -> None:
    """A took back after move 4; later moves 3 and 4 were taken back too: the first note names move 4."""
    moves = [Move(0, "play 1"), Move(1, "draw")]
    undone = [TakeBack(1, 1, ["draw"]), TakeBack(4, 0, ["play 3"])]
    record = Record("toy", "0", {}, 1, ["a", "b"], moves=moves, undone=undone)
    text = record.to_text()
    assert text.endswith("2. B: draw\n; A took back after move 4: play 3\n")
    assert "1. A: play 1\n; B took back after move 1: draw\n2. B: draw" in text
    assert Record.from_text(text).undone == undone


# --- picking a stored game up again, and moves worked out before they are made ----------------------
def test_settled_counts_the_moves_out_of_every_take_backs_reach() -> None:
    assert settled([]) == 0 and settled([1]) == 0 and settled([0, 0]) == 0
    assert settled([0, 1, 1]) == 1 and settled([0, 0, 1, 1, 0, 0]) == 4


def played(seed: int, plies: int) -> Match:
    """A toy match with `plies` moves, each the first legal action, by `apply` (every step worked out)."""
    match = Match(UndoToy(), seed, ["ann", "bob"], undo=True)
    while len(match.moves) < plies and match.decision is not None:
        match.apply(match.legal_actions()[0])
    return match


@pytest.mark.parametrize("seed", range(12))
def test_a_resumed_match_and_its_take_backs_are_those_of_the_match_played_move_by_move(seed: int) -> None:
    """`resume` works out only the steps a take-back can reach; every answer of the rule is the same."""
    game = UndoToy()
    for plies in range(0, 14, 3):
        whole = played(seed, plies)
        told: list[str] = []

        def observe(
            before: ToyState, action: Action, after: ToyState, move: Move, told: list[str] = told
        ) -> None:
            assert before is not after and move.action == str(action)
            told.append(str(action))

        resumed = Match.resume(game, seed, ["ann", "bob"], whole.moves, observe=observe)
        assert game.to_json(resumed.state) == game.to_json(whole.state) and resumed.moves == whole.moves
        assert told == [m.action for m in whole.moves]
        reachable = settled([m.seat for m in whole.moves])
        assert resumed.steps[reachable:] == whole.steps[reachable:]
        for seat in (0, 1):
            assert resumed.why_not_take_back(seat) == whole.why_not_take_back(seat)
            if whole.why_not_take_back(seat) is None:
                assert resumed.take_back(seat) == whole.take_back(seat)
                assert game.to_json(resumed.state) == game.to_json(whole.state)
                assert resumed.why_not_take_back(seat) == whole.why_not_take_back(seat)


def test_resume_refuses_a_move_that_does_not_replay_naming_it() -> None:
    whole = played(3, 4)
    game = whole.game
    wrong_seat = [*whole.moves[:2], Move(1 - whole.moves[2].seat, whole.moves[2].action)]
    with pytest.raises(IllegalAction, match=r"move 3 .* is marked for seat"):
        Match.resume(game, 3, None, wrong_seat)
    illegal = [*whole.moves[:1], Move(whole.moves[1].seat, "play 99")]
    with pytest.raises(IllegalAction, match="move 2 'play 99'"):
        Match.resume(game, 3, None, illegal)
    with pytest.raises(IllegalAction, match="move 1 'dance'"):
        Match.resume(game, 3, None, [Move(0, "dance")])


def test_a_move_worked_out_first_is_made_as_apply_makes_it() -> None:
    by_apply, by_advance = played(5, 0), played(5, 0)
    while len(by_apply.moves) < 6 and by_apply.decision is not None:
        action = by_apply.legal_actions()[0]
        by_apply.apply(action)
        before = by_advance.state
        after = by_advance.preview(action)
        assert by_advance.state is before and after is not before  # the match is unchanged until advance
        move = by_advance.advance(action, after, legal=by_advance.legal_actions())
        assert by_advance.state is after and move == by_apply.moves[-1]
    game = by_apply.game
    assert game.to_json(by_advance.state) == game.to_json(by_apply.state)
    assert by_advance.moves == by_apply.moves and by_advance.steps == by_apply.steps
    seat = by_advance.moves[-1].seat
    if by_advance.why_not_take_back(seat) is None:
        taken = by_advance.take_back_point(seat)
        assert by_advance.take_back(seat) == taken == by_apply.take_back(seat)
    else:
        with pytest.raises(CannotTakeBack):
            by_advance.take_back_point(seat)
