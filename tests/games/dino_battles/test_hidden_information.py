"""Hands, deck orders and face-down attached cards are hidden; views, determinization, notation."""

import json

import pytest

from cardtable.core import Action, Rng, texts
from cardtable.players import RandomPlayer

from .conftest import PLAYERS, Table, make_game


def _playout(players: int, seed: int, steps: int) -> Table:
    t = Table(players, seed)
    bots = [RandomPlayer(Rng(seed * 10 + i)) for i in range(players)]
    for _ in range(steps):
        d = t.decision
        if d is None:
            break
        t.game.apply(t.s, bots[d.seat].choose(t.game.observe(t.s, d.seat)))
    return t


def test_hidden_information_attached_cards_are_face_down(table: Table) -> None:
    t = table
    t.dino(1, "rex-2", attached=("evade", "defend"))
    mine = t.game.view(t.s, 1)["players"][1]["active"]
    theirs = t.game.view(t.s, 0)["players"][1]["active"]
    assert mine["attached"] == ["defend", "evade"]
    assert "attached" not in theirs and theirs["attached_count"] == 2


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_information_view_shows_only_own_hand_and_no_deck_order(players: int) -> None:
    t = _playout(players, 3, 40)
    for seat in range(players):
        view = t.game.view(t.s, seat)
        text = json.dumps(view)
        assert view["players"][seat]["hand"] == sorted(t.p(seat).hand)
        for other, entry in enumerate(view["players"]):
            assert "deck" not in entry
            if other != seat:
                assert "hand" not in entry
        assert '"rng"' not in text
    spectator = t.game.view(t.s, None)
    assert all("hand" not in entry for entry in spectator["players"])


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_information_determinize_keeps_the_view_and_depends_only_on_it(players: int) -> None:
    for seed in range(6):
        t = _playout(players, seed, 25 + 7 * seed)
        for seat in range(players):
            sample = t.game.determinize(t.s, seat, Rng(5))
            t.game.check_invariants(sample)
            assert t.game.view(sample, seat) == t.game.view(t.s, seat)
            again = t.game.determinize(sample, seat, Rng(5))
            assert t.game.to_json(again) == t.game.to_json(t.game.determinize(t.s, seat, Rng(5)))
            assert sample.rng != t.s.rng


def test_hidden_information_determinize_resamples_opponent_cards() -> None:
    t = _playout(2, 4, 0)  # B holds 6 of its 12 cards
    hands = {tuple(sorted(t.game.determinize(t.s, 0, Rng(k)).players[1].hand)) for k in range(20)}
    assert len(hands) > 1


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_information_states_round_trip_through_json(players: int) -> None:
    t = _playout(players, 2, 60)
    text = t.game.to_json(t.s)
    assert t.game.to_json(t.game.from_json(text)) == text


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_information_actions_are_notation_and_in_the_action_space(players: int) -> None:
    game = make_game(players)
    space = set(game.action_space())
    assert len(space) == len(game.action_space())
    for seed in range(5):
        t = _playout(players, seed, 0)
        bots = [RandomPlayer(Rng(seed * 7 + i)) for i in range(players)]
        while (d := t.decision) is not None:
            legal = t.game.legal_actions(t.s)
            assert legal and len(legal) == len(set(legal))
            for action in legal:
                assert action in space and Action.parse(str(action)) == action
            t.game.apply(t.s, bots[d.seat].choose(t.game.observe(t.s, d.seat)))
            t.game.check_invariants(t.s)


def test_hidden_information_render_is_a_readable_table(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    text = t.game.render(t.game.view(t.s, 0), 0)
    assert "rex-1" in text and "Your hand" in text and "Supply" in text
    other = t.game.render(t.game.view(t.s, 1), 1)
    assert "1 face down" in other


def test_hidden_information_the_keep_step_names_no_card_to_others(table: Table) -> None:
    """ "You may keep one of your hand cards": others see a card kept back, not which one."""
    t = table
    t.hand(0, "attack", "defend", "wound")
    t.part(0, "keep")
    for card in ("attack", "defend"):
        action = Action("keep", (card,))
        assert t.game.describe(t.s, action, 0) == f"keep {card}"
        assert t.game.describe(t.s, action, 1) == "keeps a card"
        assert t.game.describe(t.s, action, None) == "keeps a card"
    assert t.game.describe(t.s, Action("pass"), None) == "keeps no card"
    t.part(0, "strategy")
    assert t.game.describe(t.s, Action("pass"), 1) == "goes on to Combat"  # the button's words


def test_hidden_information_combat_cards_attached_face_down_are_not_named(table: Table) -> None:
    """ "Attach one Combat Card face-down, without showing it to any opponent": others read the Dinosaur."""
    t = table
    t.dino(0, "rex-1")
    t.hand(0, "attack", "evade")
    t.part(0, "strategy")
    texts = {t.game.describe(t.s, Action("attach", (card, "rex-1")), 1) for card in ("attack", "evade")}
    assert texts == {"attaches a card face down to Rex"}
    assert t.game.describe(t.s, Action("attach", ("evade", "rex-1")), 0) == "attach evade rex-1"


def test_hidden_information_attaching_tells_apart_copies_of_one_dinosaur(table: Table) -> None:
    """Others read which of two copies of a Dinosaur gets the face-down card (the table shows which one's
    count grew), by its place, not its tag."""
    t = table
    t.dino(0, "shell-1")
    t.dino(0, "rex-1", active=False)
    t.dino(0, "rex-2", active=False)
    t.hand(0, "attack")
    t.part(0, "strategy")

    def reads(tag: str) -> str | None:
        return t.game.describe(t.s, Action("attach", ("attack", tag)), 1)

    assert [reads(tag) for tag in ("shell-1", "rex-1", "rex-2")] == [
        "attaches a card face down to Shell",
        "attaches a card face down to the first benched Rex",
        "attaches a card face down to the second benched Rex",
    ]
    p = t.p(0)
    p.active, p.bench = p.bench[0], [p.active, p.bench[1]]
    assert [reads(tag) for tag in ("rex-1", "rex-2")] == [
        "attaches a card face down to the active Rex",
        "attaches a card face down to the benched Rex",
    ]


def test_hidden_information_the_reaction_is_asked_whatever_card_is_attached(table: Table) -> None:
    """Combat: whether the defender can Evade or Defend depends on face-down cards, so it is asked to
    react whenever a card is attached (only Pass may be legal); with nothing attached it passes at once."""
    decisions = []
    for attached in (("evade",), ("attack",)):
        t = Table(len(table.s.players))
        t.dino(0, "rex-1", attached=("attack",))
        t.dino(1, "rex-2", attached=attached)
        t.part(0, "combat")
        t.play("attack 1")
        if t.decision.kind == "target":
            t.play("target b")
        decisions.append(t.decision)
        assert t.legal() == (["evade", "pass"] if attached == ("evade",) else ["pass"])
    assert decisions[0] == decisions[1] and decisions[0].kind == "react"
    t = Table(len(table.s.players))
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "rex-2")
    t.part(0, "combat")
    t.play("attack 1")
    if t.decision.kind == "target":
        t.play("target b")
    assert t.s.attack is None and t.p(1).active.damage == 10


def test_hidden_information_public_consequences_are_narrated_the_same_for_everyone(table: Table) -> None:
    """The narration (the view's "log") tells in words what every seat sees happen: damage, knock-outs,
    which Dino Power was used; every viewer reads the same lines."""
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "rex-2", damage=30)
    t.part(0, "combat")
    t.play("attack 1")
    if t.decision.kind == "target":
        t.play("target b")
    log = texts(t.game.narration(t.s, None))
    assert any("Rex attacks with" in line for line in log)
    assert any("{B}'s Rex takes 10 damage and is knocked out" in line for line in log)
    assert all(texts(t.game.narration(t.s, seat)) == log for seat in range(len(t.s.players)))
    assert t.game.view(t.s, 1)["log"] == log
    t.dino(0, "jammer-1")
    t.hand(0, "evade", "evade")
    t.part(0, "strategy")
    t.play("power")
    assert any("uses its Dino Power Signal Jammer" in line for line in texts(t.game.narration(t.s, 1)))
