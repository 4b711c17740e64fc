"""Biomechanic Dino Battles as a cardtable Game: options, views, determinization, invariants.

>>> from cardtable.core import make_game
>>> game = make_game("dino-battles", {"players": 2})
>>> state = game.new_state(7)
>>> game.decision(state).kind, game.decision(state).seat
('strategy', 0)
>>> sorted(game.terminations)
['ko', 'stall', 'wounds']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

from cardtable import core
from cardtable.core import Action

from . import faces, rules, sentences
from .cards import COMBAT_TYPES, Catalog, load_catalog
from .combat import attack_stage, attack_windows
from .effects import shown
from .heuristic import HeuristicPlayer, evaluate, is_quiet
from .render import render_view
from .state import DinoState, DinoStep, Termination
from .turn import STARTING_DECK, initial_supply, set_up
from .zones import Promote, dino_in_play, effective, end_due, seat_arg

if TYPE_CHECKING:
    from cardtable.core.encoding import Encoding

#: what the other seats read of a `pass`, by the kind of decision (None: no line, it tells nothing)
PASS_TEXTS: dict[str, str | None] = {
    "item-window": None,
    **rules.PART_PASSES,
    "react": "takes the hit",
    "purge": "purges no more",
}


@core.register
class DinoBattles(core.StepGame[DinoState, DinoStep]):
    facts_file = Path(__file__).with_name("game.toml")
    termination_codes = get_args(Termination)
    parts = core.Parts(HeuristicPlayer, evaluate, is_quiet)

    def __init__(self, *, catalog: Catalog | None = None, **options: Any) -> None:
        """`catalog` replaces the starter set (e.g. printed cards, or a test set); not a game option."""
        if catalog is not None and not isinstance(catalog, Catalog):
            raise core.BadOption("catalog is not a game option")
        self.catalog = catalog or load_catalog()
        super().__init__(**options)

    def validate_options(self) -> None:
        players = int(self.options["players"])
        if self.catalog.setup.dino_copies.at(players) == 0:
            raise core.BadOption(f"the card set has no Dino Deck for {players} players")

    @property
    def num_seats(self) -> int:
        return int(self.options["players"])

    @property
    def max_actions(self) -> int:  # RULES.md "Game length": about 1 random game in 500 to 800 passes it
        return 20_000

    # --- the rules: the steps of `rules.py` (the parts of a turn), `items.py`, `combat.py`, `effects.py`
    # and `zones.py`; `decision`, `legal_actions` and `apply` are the step machine's --------------------
    def step_context(self) -> Catalog:
        return self.catalog

    def new_state(self, seed: int) -> DinoState:
        s = set_up(self.catalog, self.num_seats, seed)
        rules.start_turn(self.catalog, s, 0)
        if not s.ended:
            end_due(s)  # a card set may start without Wounds
        self.advance(s)
        return s

    def result(self, state: DinoState) -> core.Result | None:
        how = state.ended
        if how is None:
            return None
        n = self.num_seats
        wounds = [self.wounds(state, seat) for seat in range(n)]
        kos = [p.kos for p in state.players]
        details: dict[str, int | float | str] = {"turns": state.turn.number}
        details |= {f"wounds_{seat_arg(i)}": w for i, w in enumerate(wounds)}
        details |= {f"kos_{seat_arg(i)}": k for i, k in enumerate(kos)}
        reason = self.terminations[how]
        if how == "ko":
            winners: tuple[int, ...] = (state.ko_winner,)
        else:
            least = min(wounds)
            winners = tuple(i for i in range(n) if wounds[i] == least)
            reason += " (a shared win)" if 1 < len(winners) < n else ""
        if len(winners) == n:
            zeros = tuple(0.0 for _ in range(n))
            return core.Result((), zeros, reason + " (all tied)", draw=True, details=details, termination=how)
        scores = tuple(1.0 if i in winners else -1.0 for i in range(n))
        return core.Result(winners, scores, reason, details=details, termination=how)

    @staticmethod
    def wounds(state: DinoState, seat: int) -> int:
        """Wound cards in hand, deck and discard pile (the Wound-supply end's count)."""
        p = state.players[seat]
        return (p.hand + p.deck + p.discard).count("wound")

    # --- information ---------------------------------------------------------------------------
    def describe(self, state: DinoState, action: Action, viewer: int | None) -> str | None:
        """What `viewer` reads of `action` (RULES.md D23): the acting seat reads its notation; others read
        it too, except what is done face down. Attaching names the Dinosaur, not the card; keeping names
        no card; passing an Item window tells nothing, so it reads as no line; another pass reads as what
        it ends."""
        decision = self.decision(state)
        if decision is None or viewer == decision.seat:
            return str(action)
        if action.verb == "attach":
            dino = dino_in_play(self.catalog, state, decision.seat, str(action.args[1]))
            return f"attaches a card face down to {dino}"
        if decision.kind == "keep" and action.verb in ("keep", "pass"):
            return "keeps a card" if action.verb == "keep" else "keeps no card"
        if action.verb == "pass":
            return PASS_TEXTS.get(decision.kind, "pass")
        return str(action)

    def move_words(self, state: DinoState, action: Action) -> str:
        """The move in the rulebook's words ("buys Raptor Blade", "goes on to Combat": `sentences.py`)."""
        decision = self.decision(state)
        assert decision is not None, "a move is made at a decision"
        return sentences.move_words(self.catalog, state, decision.seat, decision.kind, action)

    def narration(self, state: DinoState, viewer: int | None) -> list[core.Said]:
        """The public narration (the view's "log"): the same lines for every viewer."""
        return list(state.log)

    def reversible(self, before: DinoState, action: Action, after: DinoState) -> bool:
        """A move may be taken back (RULES.md "Taking back a move") when no deck was drawn from or
        shuffled (a draw shows cards; the Dino Deck reveals a Dinosaur), no other player's hand or
        face-down attached cards changed, and none of the mover's own face-down cards left its
        Dinosaurs (they would be turned up)."""
        if after.rng != before.rng or after.dino_deck != before.dino_deck:
            return False
        decision = self.decision(before)
        actor = decision.seat if decision is not None else -1
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            if new.deck != old.deck:
                return False
            attached_old = Counter(c for d in old.dinos() for c in d.attached)
            attached_new = Counter(c for d in new.dinos() for c in d.attached)
            if seat == actor:
                if not attached_old <= attached_new:
                    return False
            elif attached_new != attached_old or sorted(new.hand) != sorted(old.hand):
                return False
        return True

    def view(self, state: DinoState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[seat]

    def views(self, state: DinoState, viewers: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        """`view` for each viewer, what all see alike made once and shared: the table (turn, row, supply,
        attack...), each player's public facts, its Dinosaurs as the others see them and the cards it
        holds unseen; the owner's own entry adds its hand, deck and face-down cards."""
        players = [self._public_player(state, i) for i in range(len(state.players))]
        head, tail = self._public_table(state)
        out: dict[int | None, dict[str, Any]] = {}
        for seat in viewers:
            entries = [
                self._own_player(state, i, public) if seat == i else {**public[0], "unseen": public[1]}
                for i, public in enumerate(players)
            ]
            viewer = seat_arg(seat) if seat is not None else None
            out[seat] = {"game": self.name, "viewer": viewer, **head, "players": entries, **tail}
        return out

    def _public_player(self, state: DinoState, i: int) -> tuple[dict[str, Any], list[str]]:
        """Player `i` as every other viewer sees it (without `unseen`), and the cards it holds unseen
        (what a player with perfect memory knows)."""
        p = state.players[i]
        active = self._dino_view(state, i, p.active) if p.active else None
        bench = [self._dino_view(state, i, d) for d in p.bench]
        entry: dict[str, Any] = {
            "seat": seat_arg(i),
            "hand_size": len(p.hand),
            "deck_size": len(p.deck),
            "discard": list(p.discard),
            "kos": p.kos,
            "active": active,
            "bench": bench,
            "boosts": list(state.boosts[i]),
        }
        unseen = sorted(p.hand + p.deck + [c for d in p.dinos() for c in d.attached])
        return entry, unseen

    def _own_player(
        self, state: DinoState, i: int, public: tuple[dict[str, Any], list[str]]
    ) -> dict[str, Any]:
        """Player `i` as its own seat sees it: its Dinosaurs' face-down cards, its hand and deck."""
        p = state.players[i]
        entry = dict(public[0])
        if p.active:
            entry["active"] = {**public[0]["active"], "attached": sorted(p.active.attached)}
        entry["bench"] = [
            {**v, "attached": sorted(d.attached)} for v, d in zip(public[0]["bench"], p.bench, strict=True)
        ]
        entry["hand"] = sorted(p.hand)
        entry["deck_contents"] = sorted(p.deck)
        return entry

    def _public_table(self, state: DinoState) -> tuple[dict[str, Any], dict[str, Any]]:
        """What every viewer sees alike of the table: the keys before `players`, and those after it."""
        cat = self.catalog
        decision = self.decision(state)
        attack = state.attack
        pending = state.steps or state.unresolved
        head = {
            "turn": {
                "player": seat_arg(state.turn.player),
                "number": state.turn.number,
                "part": state.turn.part,
                "actions": state.turn.actions,
                "attaches": state.turn.attaches,
                "combats": state.turn.combats,
                "buys": state.turn.buys,
                "power_used": state.turn.power_used,
            },
            "decision": {"seat": seat_arg(decision.seat), "kind": decision.kind} if decision else None,
            "row": list(state.row),
            "dino_deck": sorted(state.dino_deck),
            "supply": dict(state.supply),
            "purgatory": list(state.purgatory),
        }
        tail = {
            "attack": {
                "attacker": seat_arg(attack.attacker),
                "attack": cat.dino(attack.attacker_tag).attacks[attack.index].name,
                "attacker_tag": attack.attacker_tag,
                "stage": attack_stage(state),
                "target": seat_arg(attack.target) if attack.target >= 0 else None,
                "defender_tag": attack.defender_tag,
                "reaction": attack.reaction,
                "window": [seat_arg(w) for w in attack_windows(state)],
            }
            if attack
            else None,
            "effects": [effect for step in pending if (effect := shown(step)) is not None],
            "promote": [seat_arg(step.seat) for step in pending if isinstance(step, Promote)],
            "ended": state.ended or "",
            "log": core.texts(state.log),
        }
        return head, tail

    def _dino_view(self, state: DinoState, seat: int, dino: Any) -> dict[str, Any]:
        """A Dinosaur of `seat` as all see it (its owner's view adds `attached`, its face-down cards)."""
        data = self.catalog.dino(dino.tag)
        out: dict[str, Any] = {
            "tag": dino.tag,
            "name": data.name,
            "hp": data.hp - dino.damage,
            "max_hp": data.hp,
            "attached_count": len(dino.attached),
        }
        if state.players[seat].active is dino:
            out |= {stat: effective(self.catalog, state, seat, stat) for stat in ("atk", "eva", "def")}
        return out

    def determinize(self, state: DinoState, seat: int, rng: core.Rng) -> DinoState:
        """Resample every card `seat` cannot see, per player, from the pools its view shows."""
        sample = self.clone(state)
        for i, p in enumerate(sample.players):
            dinos = p.dinos()
            if i == seat:
                p.hand.sort()
                for dino in dinos:
                    dino.attached.sort()
                p.deck.sort()
                rng.shuffle(p.deck)
                continue
            # face-down attached cards are Combat Cards: fill them from the pool's Combat Cards first
            pool = sorted(p.hand + p.deck + [c for d in dinos for c in d.attached])
            rng.shuffle(pool)
            for dino in dinos:
                size = len(dino.attached)
                picks = [j for j, card in enumerate(pool) if card in COMBAT_TYPES][:size]
                dino.attached = [pool[j] for j in picks]
                pool = [card for j, card in enumerate(pool) if j not in picks]
            p.hand, p.deck = pool[: len(p.hand)], pool[len(p.hand) :]
        sample.dino_deck.sort()
        rng.shuffle(sample.dino_deck)
        sample.rng = rng.fork()
        return sample

    # --- encoding and checks -------------------------------------------------------------------
    def action_space(self) -> list[Action]:
        cat = self.catalog
        tags = cat.dino_tags(self.num_seats)
        kinds = cat.card_kinds
        space = [Action("pass"), Action("evade"), Action("defend"), Action("power")]
        space += [Action("play", (k,)) for k in cat.strategy_keys]
        space += [Action("item", (k,)) for k in cat.item_keys]
        space += [Action("attach", (k, t)) for k in COMBAT_TYPES for t in tags]
        space += [Action("attack", (i,)) for i in (1, 2)]
        for verb in ("retreat", "promote", "heal", "damage"):
            space += [Action(verb, (t,)) for t in tags]
        space += [Action("target", (seat_arg(i),)) for i in range(self.num_seats)]
        space += [Action("buy", (k,)) for k in (*COMBAT_TYPES, *cat.supply_cards, *cat.dino_keys)]
        for verb in ("keep", "discard", "purge"):
            space += [Action(verb, (k,)) for k in kinds]
        return space

    def check_invariants(self, state: DinoState) -> None:
        cat = self.catalog
        n = self.num_seats
        expected = Counter(initial_supply(cat, n))
        for kind, count in STARTING_DECK.items():
            expected[kind] += count * n
        found = Counter({k: v for k, v in state.supply.items()})
        tags: list[str] = list(state.dino_deck) + list(state.row)
        for p in state.players:
            found.update(p.hand + p.deck + p.discard)
            for dino in p.dinos():
                tags.append(dino.tag)
                found.update(dino.attached)
                assert 0 <= dino.damage < cat.dino(dino.tag).hp, f"{dino.tag} should have been knocked out"
                assert set(dino.attached) <= set(COMBAT_TYPES), f"{dino.tag} has a non-Combat card attached"
            assert len(p.bench) <= 3, "more than 3 benched Dinosaurs"
            promoting = any(isinstance(step, Promote) for step in state.steps or state.unresolved)
            assert p.active is not None or not p.bench or promoting, "a bench without an active Dinosaur"
        all_tags = cat.dino_tags(n)
        tags += [card for card in state.purgatory if card in all_tags]
        found.update(card for card in state.purgatory if card not in all_tags)
        assert sorted(tags) == sorted(all_tags), "Dinosaurs not conserved"
        assert +found == +expected, f"cards not conserved: {found - expected} / {expected - found}"
        assert all(v >= 0 for v in state.supply.values()), "negative Supply stack"
        assert len(state.row) <= cat.setup.revealed, "too many revealed Dinosaurs"

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return faces.card_faces(self.catalog, self.num_seats)

    # --- the game's parts --------------------------------------------------------------------------
    def observation_encoding(self) -> Encoding:
        from .encoding import encoding  # NumPy: only for the research adapters

        return encoding(self)

    def utility(self) -> str:
        """Two players: one wins and one loses, or both tie (zero-sum); more players: general-sum."""
        return "zero_sum" if self.num_seats == 2 else "general_sum"

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return render_view(view, seat)
