"""2.1 "Hold your cards and show them to nobody else": no decision, prompt or line shows a hidden card.

What a seat hides (its hand, the order and content of its draw pile) must not show through the
pending decision (its seat, kind and prompt are public), through what others read of an action
(`describe`), or through the game's narration of events (`narration`, view key `events`).
"""

from typing import Any

from cardtable.core import Action, Rng, make_game
from cardtable.core.game import Game
from cardtable.players import RandomPlayer

from ...conformance import checks
from .abyss_position import abyss_position, show_strength
from .position import legal, position


def _drought_reaches_b(hand_b):
    game, state = position(hands={0: ["shack"], 1: hand_b}, achievements={0: ["deep-well"]})
    game.apply(state, "play shack lower")  # Drought; A is protected by Deep Well
    return game, state


def test_2_1_hold_your_cards_a_catastrophe_asks_the_same_whether_or_not_a_rescue_card_is_held():
    others = ["tent", "barricade", "guard-dogs", "peace-treaty"]
    holding = _drought_reaches_b(["rain-barrel", *others])  # Rain Barrel rescues from Drought
    lacking = _drought_reaches_b(["seed-vault", *others])
    (game, with_card), (_, without_card) = holding, lacking
    assert game.decision(with_card) == game.decision(without_card)
    assert game.decision(with_card).seat == 1 and game.decision(with_card).kind == "respond"
    for viewer in (0, None):
        assert game.view(with_card, viewer) == game.view(without_card, viewer)
        assert game.narration(with_card, viewer) == game.narration(without_card, viewer)
    # only B's own options tell them apart
    assert legal(game, with_card) == {"rescue rain-barrel", "endure"}
    assert legal(game, without_card) == {"endure"}
    # enduring reads the same to the table whatever B holds
    for state in (with_card, without_card):
        game.apply(state, "endure")
    assert game.narration(with_card, 0) == game.narration(without_card, 0)
    assert game.narration(with_card, 0)[-1] == "{B} endures Drought: 4 cards to discard."
    assert game.decision(with_card) == game.decision(without_card)


def test_2_1_hold_your_cards_a_single_option_from_a_hidden_hand_is_still_asked():
    """Two Better Leadership cards in hand: one card type to discard, yet the seat is asked, since
    nobody else may learn from the question that its hand held no choice."""
    game, state = abyss_position(hands={0: ["better-leadership", "better-leadership", "tent"]}, doom={0: 2})
    game.apply(state, "ease")  # discard two cards (doom 2), then doom -1
    game.apply(state, "discard tent")
    assert game.decision(state).kind == "discard" and legal(game, state) == {"discard better-leadership"}
    game.apply(state, "discard better-leadership")
    assert game.decision(state).kind == "move" and state.abyss.doom[0] == 1


def test_2_1_hold_your_cards_the_trap_tells_the_others_only_that_a_card_was_taken():
    game, state = abyss_position(hands={0: ["better-leadership"]}, tiers={0: {"strategist": 2}})
    show_strength(game, state, "the-trap")
    action = next(a for a in game.legal_actions(state) if str(a) == "search biosphere-5")
    assert game.describe(state, action, 0) == "search biosphere-5"
    for viewer in (1, None):
        assert game.describe(state, action, viewer) == "takes a card of the draw pile into the hand"
    game.apply(state, action)
    assert "Biosphere" not in " ".join(game.narration(state, 1))


def _steps_of_every_kind(game: Game, seeds: range, per_kind: int = 3) -> list[tuple[Any, Action]]:
    """(state, action) steps of random games, up to `per_kind` for each pair of kinds of decision
    before and after the step."""
    found: dict[tuple[str, str], list[tuple[Any, Action]]] = {}
    for seed in seeds:
        state = game.new_state(seed)
        players = [RandomPlayer(Rng(seed * 10 + s)) for s in range(game.num_seats)]
        while (decision := game.decision(state)) is not None:
            before = game.clone(state)
            action = players[decision.seat].choose(game.observe(state, decision.seat))
            game.apply(state, action)
            after = game.decision(state)
            bucket = found.setdefault((decision.kind, after.kind if after else "end"), [])
            if len(bucket) < per_kind:
                bucket.append((before, action))
    return [step for bucket in found.values() for step in bucket]


def _check_the_next_decision_follows_from_what_each_seat_sees(game: Game, steps) -> None:
    """A decision the engine sets up is public: if a seat (or a spectator) sees everything else the
    same after the same action in two worlds it cannot tell apart, it sees the same next decision.

    (Checking a state's decision against a determinized copy of it is not enough: the copy keeps
    the pending steps the engine set up, so a decision chosen by a hidden card passes that check.)
    """
    for state, action in steps:
        after = game.clone(state)
        game.apply(after, action)
        for seat in range(game.num_seats):
            for seed in range(4):
                world = game.determinize(state, seat, Rng(seed))
                if action not in game.legal_actions(world):
                    continue
                other = game.clone(world)
                game.apply(other, action)
                for viewer in (seat, None):
                    if game.view(after, viewer) == game.view(other, viewer):
                        pending, pending_there = game.decision(after), game.decision(other)
                        assert pending == pending_there, (
                            f"after '{action}', viewer {viewer} is next shown {pending} in one world and "
                            f"{pending_there} in another it cannot tell apart"
                        )


def test_2_1_hold_your_cards_no_decision_description_or_narration_shows_a_hidden_card():
    """The conformance checks of hidden information, on steps of every kind of decision of each
    variant (the suite's few sampled states rarely meet a catastrophe's answer or The Trap)."""
    for options in ({"players": 2}, {"players": 3}, {"players": 4, "abyss": True}, {"solo": "machine"}):
        game = make_game("biosphere5", dict(**options))
        steps = _steps_of_every_kind(game, range(12))
        states = [state for state, _ in steps]
        assert any(game.decision(s).kind == "respond" for s in states), options
        _check_the_next_decision_follows_from_what_each_seat_sees(game, steps)
        checks.check_decision_is_public(game, states)
        checks.check_views_survive_determinize(game, states)
        checks.check_determinize_depends_only_on_view(game, states)
        checks.check_determinize_is_sound(game, states)
        checks.check_narration_survives_determinize(game, states)
        checks.check_descriptions_reveal_nothing_hidden(game, states)
