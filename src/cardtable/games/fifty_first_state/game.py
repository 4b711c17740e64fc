"""51st State (Master Set) as a cardtable Game: options, views, determinization, invariants.

>>> from cardtable.core import make_game
>>> game = make_game("51st-state", {"players": 2, "factions": "new-york,mutants-union"})
>>> state = game.new_state(7)
>>> game.decision(state).kind
'keep'
>>> game.view(state, 1)["players"][0]["hand_size"]
6
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, get_args

from cardtable import core
from cardtable.core import Action

from . import rules, sentences, table, virtual_player
from .actions import EXCHANGE_GOODS, MAX_SITES, SEAT_ARGS, Steal, action_cost, cards_to_give, turn_actions
from .cards import TOKENS, Catalog, load_catalog
from .faces import card_faces
from .heuristic import HeuristicPlayer, evaluate, is_quiet
from .lookout import pick_order
from .render import render_view
from .solo_player import SoloPlayer
from .state import VIRTUAL, FiftyState, FiftyStep, Termination

if TYPE_CHECKING:
    from cardtable.core.encoding import Encoding


@core.register
class FiftyFirstState(core.SplitViews[FiftyState], core.StepGame[FiftyState, FiftyStep]):
    facts_file = Path(__file__).with_name("game.toml")
    termination_codes = get_args(Termination)
    parts = core.Parts(HeuristicPlayer, evaluate, is_quiet)
    secret_verbs: ClassVar[Mapping[str, str]] = {"discard": "discards a card"}

    def __init__(self, *, catalog: Catalog | None = None, **options: Any) -> None:
        """`catalog` replaces the card data (e.g. a test set); it is not a game option."""
        if catalog is not None and not isinstance(catalog, Catalog):
            raise core.BadOption("catalog is not a game option")
        self.catalog = catalog or load_catalog()
        super().__init__(**options)

    def heuristic(self, rng: core.Rng) -> core.Chooser | None:
        """The rules of thumb; in the solo game the player that knows the virtual player (`solo_player.py`:
        `heuristic` plays it, and ISMCTS takes it as its guide)."""
        return SoloPlayer(rng.fork()) if self.solo else HeuristicPlayer(rng)

    @property
    def solo(self) -> bool:
        """The solo game against the virtual player (seat B, played by the game itself)."""
        return self.options["solo"] == "virtual"

    def validate_options(self) -> None:
        self._faction_choice()

    def _faction_choice(self) -> list[str]:
        n = 1 if self.solo else int(self.options["players"])
        raw = str(self.options["factions"]).strip()
        wanted = [w.strip() for w in raw.split(",")] if raw != "random" else ["random"] * n
        if len(wanted) != n:
            if self.solo:
                raise core.BadOption("factions: the solo game names one faction (the person's) or 'random'")
            raise core.BadOption(f"factions: name {n} factions (one per seat) or 'random'")
        known = self.catalog.faction_keys
        for w in wanted:
            if w != "random" and w not in known:
                raise core.BadOption(f"factions: {w!r} is not one of {', '.join(known)} or random")
        named = [w for w in wanted if w != "random"]
        if len(set(named)) != len(named):
            raise core.BadOption("factions: each faction can be played by one seat only")
        if n > len(known):
            raise core.BadOption(f"the card data has only {len(known)} factions")
        return wanted

    @property
    def num_seats(self) -> int:
        return int(self.options["players"])

    @property
    def max_actions(self) -> int:  # RULES.md "Game length": a random game passes it with a chance below 1e-9
        return 180 if self.solo else {2: 480, 3: 650, 4: 730}[self.num_seats]

    # --- the rules: the steps of `rules.py`, `lookout.py`, `actions.py` and `virtual_player.py`;
    # `decision`, `legal_actions` and `apply` are the step machine's --------------------------------
    def step_context(self) -> Catalog:
        return self.catalog

    def new_state(self, seed: int) -> FiftyState:
        wanted = self._faction_choice()
        free = [f for f in self.catalog.faction_keys if f not in wanted]
        picker = core.Rng(seed ^ 0x51)
        picker.shuffle(free)
        factions = [w if w != "random" else free.pop() for w in wanted]
        if self.solo:
            state = rules.set_up(self.catalog, [*factions, ""], seed, solo=True)
        else:
            state = rules.set_up(self.catalog, factions, seed)
        self.advance(state)
        return state

    def seat_name(self, seat: int) -> str:
        if self.solo and seat == VIRTUAL:
            return "Virtual player"
        return super().seat_name(seat)

    def automata(self) -> dict[int, str]:
        return {VIRTUAL: virtual_player.AUTOMATON} if self.solo else {}

    def result(self, state: FiftyState) -> core.Result | None:
        if state.steps:
            return None
        if state.virtual is not None:
            return virtual_player.result(state)
        n = self.num_seats
        keys = [
            (p.vp, table.goods_count(p), table.standing(p)) for p in state.players
        ]  # most VP, then goods, then locations (RULES.md "End of the game")
        best = max(keys)
        winners = tuple(i for i in range(n) if keys[i] == best)
        details: dict[str, int | float | str] = {"rounds": state.round}
        for i, p in enumerate(state.players):
            letter = SEAT_ARGS[i]
            details[f"vp_{letter}"] = p.vp
            details[f"faction_{letter}"] = p.faction
        tied_vp = sum(1 for k in keys if k[0] == best[0])
        reason = f"most VP after a player reached {self.catalog.rules.end_vp}"
        if tied_vp > 1:
            reason += ", tie broken by goods then locations" if len(winners) == 1 else ", shared victory"
        if len(winners) == n:
            zeros = tuple(0.0 for _ in range(n))
            return core.Result(
                (), zeros, reason + " (all tied)", draw=True, details=details, termination="end-score"
            )
        scores = tuple(1.0 if i in winners else -1.0 for i in range(n))
        return core.Result(winners, scores, reason, details=details, termination="end-score")

    # --- information ---------------------------------------------------------------------------
    def seat_view(self, state: FiftyState, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
        """The public view with what `seat` alone sees: its hand, and what each of its actions will
        cost when it is to act (its own knowledge)."""
        view = dict(public)
        view["viewer"] = SEAT_ARGS[seat] if seat is not None else None
        if seat is not None:
            players = list(public["players"])
            players[seat] = {**players[seat], "hand": sorted(state.players[seat].hand)}
            view["players"] = players
        decision = self.decision(state)
        if decision is not None and decision.kind == "action" and seat == decision.seat:
            view["costs"] = {
                str(action): action_cost(self.catalog, state, seat, action)
                for action in turn_actions(self.catalog, state, seat)
            }
        return view

    def public_view(self, state: FiftyState) -> dict[str, Any]:
        """What every viewer sees alike (`viewer`, `costs` and the hands are filled in per viewer)."""
        players: list[dict[str, Any]] = []
        for p in state.players:
            players.append(
                {
                    "seat": SEAT_ARGS[len(players)],
                    "faction": p.faction,
                    "vp": p.vp,
                    "passed": p.passed,
                    "supply": {k: p.supply[k] for k in TOKENS if p.supply.get(k)},
                    "sites": [
                        {"key": s.key, "ruin": s.ruin, "uses": s.uses, "held": dict(sorted(s.held.items()))}
                        for s in p.sites
                    ],
                    "deals": list(p.deals),
                    "connections": sorted(p.connections),
                    "hand_size": len(p.hand),
                    "known": sorted(p.known),
                    "faction_used": sorted(p.faction_used),
                    "to_discard": p.setup_discards,
                }
            )
        decision = self.decision(state)
        pend = state.pending
        return {
            "game": self.name,
            "viewer": None,
            "round": state.round,
            "phase": state.phase,
            "first": SEAT_ARGS[state.first],
            "turn": SEAT_ARGS[state.turn],
            "last_round": state.last_round,
            "end_vp": self.catalog.rules.end_vp,
            "decision": {
                "seat": SEAT_ARGS[decision.seat],
                "kind": decision.kind,
                "prompt": decision.prompt,
            }
            if decision
            else None,
            "deck_size": len(state.deck),
            "discard_size": len(state.discard),
            "connections": {
                c: {
                    "up": state.connection_up[c],
                    "deck_size": len(state.connection_decks[c]),
                    "discard": sorted(state.connection_discards[c]),
                }
                for c in ("blue", "red")
            },
            "lookout": {
                "revealed": list(state.draft.revealed),
                "order": [SEAT_ARGS[seat] for seat in pick_order(state)],
                "second": state.draft.second,
            },
            "pending": {
                "seat": SEAT_ARGS[pend.seat],
                "action": pend.action,
                "cost": list(pend.units),
                "spent": [[kind, slot] for kind, slot in pend.spent],
                "cards_to_give": cards_to_give(state),
                "card": pend.card,
                "stage": "steal" if state.steps and isinstance(state.steps[0], Steal) else "pay",
            }
            if pend
            else None,
            "store_order": [SEAT_ARGS[step.seat] for step in state.steps if isinstance(step, rules.Store)],
            "costs": {},
            "players": players,
            "events": core.texts(state.events),
            **self._virtual_view(state),
        }

    def _virtual_view(self, state: FiftyState) -> dict[str, Any]:
        """The solo game's virtual player, all public: attacks this round and the attack pile."""
        v = state.virtual
        if v is None:
            return {}
        return {
            "virtual": {
                "seat": SEAT_ARGS[VIRTUAL],
                "attacks": v.attacks,
                "attacks_per_round": virtual_player.virtual_rules().turn.attacks_per_round,
                "attack_pile": list(v.pile),
            }
        }

    def narration(self, state: FiftyState, viewer: int | None) -> list[core.Said]:
        return list(state.events)

    def describe(self, state: FiftyState, action: Action, viewer: int | None) -> str | None:
        """A discarded location card is face down ("discards a card"); a discarded Connection card is
        named, as every view shows the Connection cards in hand (RULES.md "Notation")."""
        if action.verb == "discard" and str(action.args[0]) in self.catalog.connections:
            return str(action)
        return super().describe(state, action, viewer)

    def move_words(self, state: FiftyState, action: Action) -> str:
        """The move in the rulebook's words ("chooses to build Gun Shop", "pays 1 fuel": `sentences.py`)."""
        decision = self.decision(state)
        assert decision is not None, "a move is made at a decision"
        return sentences.move_words(self.catalog, state, decision.seat, decision.kind, action)

    def reversible(self, before: FiftyState, action: Action, after: FiftyState) -> bool:
        """A move may be taken back (RULES.md "Taking back a move") when no deck was drawn from or
        shuffled (a draw, the Lookout's reveal and a new face-up Connection show cards) and no other
        player's hand changed (a card taken from it, or shown), and the solo game's virtual player did
        not take a turn."""
        if (
            after.rng != before.rng
            or after.deck != before.deck
            or after.connection_decks != before.connection_decks
            or after.connection_up != before.connection_up
        ):
            return False
        if before.virtual is not None and (  # the solo game's virtual player took its turn: it stands
            after.virtual != before.virtual or after.players[VIRTUAL].passed != before.players[VIRTUAL].passed
        ):
            return False
        decision = self.decision(before)
        actor = decision.seat if decision is not None else -1
        return all(
            sorted(new.hand) == sorted(old.hand) and sorted(new.known) == sorted(old.known)
            for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True))
            if seat != actor
        )

    def determinize(self, state: FiftyState, seat: int, rng: core.Rng) -> FiftyState:
        """Resample what `seat` cannot see: the deck order, the discard pile and the cards in other
        hands that were not taken face up, from the pool of all those unseen cards."""
        sample = self.clone(state)
        pool = list(sample.deck) + list(sample.discard)
        for i, p in enumerate(sample.players):
            if i == seat:
                continue
            hidden = Counter(p.hand) - Counter(p.known)
            pool += list(hidden.elements())
        pool.sort()
        rng.shuffle(pool)
        for i, p in enumerate(sample.players):
            if i == seat:
                p.hand.sort()
                p.known.sort()
                continue
            p.known.sort()
            size = len(p.hand) - len(p.known)
            p.hand = list(p.known) + pool[:size]
            pool = pool[size:]
        sample.discard = pool[: len(state.discard)]
        sample.deck = pool[len(state.discard) :]
        for colour in ("blue", "red"):
            sample.connection_decks[colour].sort()
            rng.shuffle(sample.connection_decks[colour])
        sample.rng = rng.fork()
        return sample

    # --- encoding and checks -------------------------------------------------------------------
    def action_space(self) -> list[Action]:
        cat = self.catalog
        keys = cat.location_keys
        seats = SEAT_ARGS[: self.num_seats]
        slots = range(1, MAX_SITES + 1)
        space = [Action("pass"), Action("done")]
        space += [Action("pick", (k,)) for k in keys]
        space += [Action("discard", (k,)) for k in (*keys, *cat.connection_keys)]
        for verb in ("build", "deal", "raze", "drop"):
            space += [Action(verb, (k,)) for k in keys]
        space += [Action("develop", (k, i)) for k in keys for i in slots]
        space += [Action("use", (i,)) for i in slots]
        space += [Action(verb, (t, i)) for verb in ("attack", "open") for t in seats for i in slots]
        space += [Action("faction", (c,)) for c in ("grey", "red", "blue")]
        space += [Action("work", (g,)) for g in EXCHANGE_GOODS]
        space += [Action("connect", (c,)) for c in ("blue", "red")]
        space += [Action("play", (k,)) for k in cat.connection_keys]
        space += [Action("pay", (t,)) for t in TOKENS]
        space += [Action("pay", (g, i)) for g in ("fuel", "gun", "iron", "brick", "worker") for i in slots]
        space += [Action("steal", (t, g)) for t in seats for g in ("fuel", "gun", "iron", "brick")]
        space += [Action("store", (g, i)) for g in ("fuel", "gun", "iron", "brick", "worker") for i in slots]
        return space

    def check_invariants(self, state: FiftyState) -> None:
        cat = self.catalog
        cards: Counter[str] = Counter(state.deck) + Counter(state.discard) + Counter(state.draft.revealed)
        if state.virtual is not None:
            cards.update(state.virtual.pile)
            vip = state.players[VIRTUAL]
            assert not (vip.faction or vip.hand or vip.deals or vip.supply or vip.connections), (
                "the virtual player holds only locations and VP"
            )
            bare = not any(site.ruin or site.held for site in vip.sites)
            assert bare, "a location of the virtual player is a Ruin or holds goods"
            assert state.first == 0, "the person keeps the first-player token"
        if state.pending is not None and state.pending.card:
            cards[state.pending.card] += 1
        conns: Counter[str] = Counter()
        for colour in ("blue", "red"):
            conns.update(state.connection_decks[colour] + state.connection_discards[colour])
            if state.connection_up[colour]:
                conns[state.connection_up[colour]] += 1
        for p in state.players:
            cards.update(p.hand)
            cards.update(p.deals)
            cards.update(site.key for site in p.sites)
            conns.update(p.connections)
            assert not Counter(p.known) - Counter(p.hand), "a known card is not in the hand"
            assert all(n > 0 for n in p.supply.values()), "an empty or negative supply entry"
            assert len(p.sites) <= MAX_SITES
            for site in p.sites:
                loc = cat.locations[site.key]
                assert all(n > 0 for n in site.held.values()), "an empty stack of goods on a location"
                if site.ruin:
                    assert not site.held, "a Ruin holds goods"
                if loc.action is not None:
                    assert site.uses <= loc.action.uses, f"{site.key} used too often"
                elif not loc.open:
                    assert site.uses == 0
                if not loc.cache and not loc.storage:
                    assert not site.held, f"{site.key} holds goods"
                for room in loc.storage:
                    assert sum(site.held.get(k, 0) for k in room.goods) <= room.capacity, "storage overfull"
        assert cards == Counter(cat.deck()), "location cards not conserved"
        expected = Counter(k for k in cat.connection_keys for _ in range(cat.connections[k].copies))
        assert conns == expected, "Connection cards not conserved"
        assert len(set(p.faction for p in state.players)) == len(state.players), "a faction played twice"

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return card_faces(self.catalog)

    # --- the game's parts --------------------------------------------------------------------------
    def observation_encoding(self) -> Encoding:
        from .encoding import encoding  # NumPy: only for the research adapters

        return encoding(self)

    def utility(self) -> str:
        """Two players without an automaton: one wins and the other loses, or both share the victory
        (a draw for both): zero-sum. More players, or the solo game: general-sum."""
        return core.two_player_utility(self)

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return render_view(self.catalog, view, seat)
