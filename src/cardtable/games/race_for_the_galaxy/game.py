"""Race for the Galaxy as a cardtable Game: options, views, determinization, describe, encoding.

>>> from cardtable.core import Match, make_game
>>> match = Match(make_game("race-for-the-galaxy", {"players": 2}), seed=3)
>>> match.decision.kind
'initial-discard'
>>> match.apply(str(match.legal_actions()[0]))
>>> match.game.view(match.state, 1)["players"][0]["hand_size"]
5
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core import Action, Decision, Game, Mode, OptionSpec, Result, Rng, register

from . import rules, scoring
from .cards import CHOSEN_CONSUME, Catalog, catalog
from .faces import card_faces
from .render import render_view
from .rules import EXPERT_PAIRS, GAMBLE_COSTS, SINGLE_ACTIONS, seat_letter
from .state import RftgState

SECRET_PICKS = ("select", "develop-pick", "settle-pick")


@register
class RaceForTheGalaxy(Game[RftgState]):
    name = "race-for-the-galaxy"
    title = "Race for the Galaxy"
    state_type = RftgState
    option_specs = (OptionSpec("players", 2, "number of players (2: the expert rules)", (2, 3, 4)),)
    modes = (
        Mode("2 players", {"players": 2}, "2 players, expert rules: two action cards each round"),
        Mode("3 players", {"players": 3}, "3 players, one action card each"),
        Mode("4 players", {"players": 4}, "4 players, one action card each"),
    )
    secret_verbs: ClassVar[dict[str, str]] = {
        "select": "has chosen",
        "develop": "has chosen",
        "settle": "has chosen",
        "discard": "discards a card",
        "keep": "keeps a card",
        "pay": "pays with a card",
        "spend": "discards a card for VP",
    }

    def __init__(self, **options: Any) -> None:
        self.catalog: Catalog = catalog()
        super().__init__(**options)

    @property
    def num_seats(self) -> int:
        return int(self.options["players"])

    @property
    def expert(self) -> bool:
        return self.num_seats == 2

    # --- the rules -----------------------------------------------------------------------------------
    def new_state(self, seed: int) -> RftgState:
        s = rules.set_up(self.catalog, self.num_seats, seed, self.expert)
        rules.advance(self.catalog, s)
        return s

    def scripted_state(self, seed: int, starts: list[str], script: list[list[str]]) -> RftgState:
        """A game whose start worlds and every card drawn are given (an oracle replay)."""
        s = rules.set_up(self.catalog, self.num_seats, seed, self.expert, starts=starts, script=script)
        rules.advance(self.catalog, s)
        return s

    def decision(self, state: RftgState) -> Decision | None:
        return rules.decision(self.catalog, state)

    def legal_actions(self, state: RftgState) -> list[Action]:
        return rules.legal_actions(self.catalog, state)

    def _apply(self, state: RftgState, action: Action) -> None:
        rules.apply(self.catalog, state, action)

    def result(self, state: RftgState) -> Result | None:
        if not state.ended:
            return None
        cat = self.catalog
        n = self.num_seats
        totals = [scoring.breakdown(cat, state, i)["total"] for i in range(n)]
        winners = scoring.winners(cat, state)
        details: dict[str, int | float | str] = {"rounds": state.round, "pool": state.pool}
        details |= {f"vp_{seat_letter(i)}": t for i, t in enumerate(totals)}
        reason = "most VP" + (" (tie broken by hand + goods)" if totals.count(max(totals)) > 1 else "")
        if len(winners) == n:
            return Result((), tuple(0.0 for _ in range(n)), reason + ", all tied", draw=True, details=details)
        scores = tuple(1.0 if i in winners else -1.0 for i in range(n))
        return Result(winners, scores, reason, details=details)

    # --- information ---------------------------------------------------------------------------------
    def view(self, state: RftgState, seat: int | None) -> dict[str, Any]:
        cat = self.catalog
        s = state
        task = s.tasks[0] if s.tasks and not s.ended else None
        selecting = task is not None and task.kind == "select"
        players = []
        for i, p in enumerate(s.players):
            mine = seat == i
            entry: dict[str, Any] = {
                "seat": seat_letter(i),
                "start": p.start,
                "tableau": list(p.tableau),
                "goods": [w for w in p.tableau if w in p.goods],
                "chips": p.chips,
                "hand_size": len(p.hand),
                "drawn_size": len(p.drawn),
                "keep": p.keep if p.drawn else 0,
                "placing": p.placing,
                "owe": p.owe,
                "temp_military": p.temp_military,
                "used": list(p.used),
                "produced": list(p.produced),
                "military": scoring.military_strength(cat, p),
                "score": scoring.breakdown(cat, s, i),
            }
            if mine or not selecting:
                entry["actions"] = list(p.actions)
            else:
                entry["actions_chosen"] = bool(p.actions)
            if mine:
                entry["hand"] = sorted(p.hand)
                entry["drawn"] = sorted(p.drawn)
                entry["pick"] = p.pick
            else:
                entry["picked"] = bool(p.pick)
            players.append(entry)
        return {
            "game": self.name,
            "viewer": seat_letter(seat) if seat is not None else None,
            "round": s.round,
            "phase": s.phase,
            "phases_left": list(s.phases),
            "pool": s.pool,
            "deck": len(s.deck),
            "discard": len(s.discard),
            "reshuffles": s.reshuffles,
            "players": players,
            "log": list(s.log),
            "ended": s.ended,
        }

    def narration(self, state: RftgState, viewer: int | None) -> list[str]:
        return list(state.log)

    def determinize(self, state: RftgState, seat: int, rng: Rng) -> RftgState:
        """Resample every card `seat` cannot see (other hands and explore draws, goods, deck,
        discard pile) from the cards it has not seen, and the secret picks of others."""
        cat = self.catalog
        sample = self.clone(state)
        sample.script = []
        me = sample.players[seat]
        seen = list(me.hand) + list(me.drawn) + [k for p in sample.players for k in p.tableau]
        pool = list(cat.all_cards)
        for card in seen:
            pool.remove(card)
        pool.sort()
        rng.shuffle(pool)
        me.hand.sort()
        me.drawn.sort()
        for i, p in enumerate(sample.players):
            for world in sorted(p.goods):
                p.goods[world] = pool.pop()
            if i == seat:
                continue
            p.hand = [pool.pop() for _ in p.hand]
            p.drawn = [pool.pop() for _ in p.drawn]
        sample.discard = [pool.pop() for _ in sample.discard]
        sample.deck = pool
        task = sample.tasks[0] if sample.tasks else None
        for i, p in enumerate(sample.players):
            if i == seat:
                continue
            if p.actions and task is not None and task.kind == "select":
                p.actions = [str(a) for a in rng.choice(self._selections()).args]
            if p.pick and task is not None and task.kind in SECRET_PICKS:
                picker = rules.Task("develop-pick" if "develop" in sample.phase else "settle-pick", i)
                legal = rules.LEGAL[picker.kind](cat, sample, picker)
                choice = str(rng.choice(legal).args[0])
                p.pick = "-" if choice == "none" else choice
        sample.rng = rng.fork()
        return sample

    def _selections(self) -> list[Action]:
        if self.expert:
            return [Action("select", pair) for pair in EXPERT_PAIRS]
        return [Action("select", (a,)) for a in SINGLE_ACTIONS]

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return card_faces(self.catalog)

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return render_view(self.catalog, view)

    # --- encoding and checks ---------------------------------------------------------------------------
    def action_space(self) -> list[Action]:
        cat = self.catalog
        keys = cat.keys
        worlds = [k for k in keys if cat[k].is_world]
        space = self._selections()
        for verb in ("discard", "keep", "pay", "spend"):
            space += [Action(verb, (k,)) for k in keys]
        space.append(Action("develop", ("none",)))
        space += [Action("develop", (k,)) for k in keys if cat[k].type == "development"]
        space.append(Action("settle", ("none",)))
        space += [Action("settle", (k,)) for k in worlds]
        space += [Action("method", (m,)) for m in ("colony-ship", "conquer", "contact", "pay", "tactics")]
        goods_worlds = [k for k in worlds if cat[k].good]
        space += [Action("trade", (k,)) for k in goods_worlds]
        space += [Action("good", (k,)) for k in goods_worlds]
        space += [Action("windfall", (k,)) for k in worlds if cat[k].windfall]
        for key in keys:
            for index, power in cat[key].phase_powers("consume"):
                if power.power in CHOSEN_CONSUME:
                    space.append(Action("consume", (key, index + 1)))
        space += [Action("guess", (n,)) for n in GAMBLE_COSTS]
        space.append(Action("stop"))
        return space

    def check_invariants(self, state: RftgState) -> None:
        cat = self.catalog
        cards = list(state.deck) + list(state.discard)
        for p in state.players:
            cards += p.hand + p.tableau + p.drawn + list(p.goods.values())
            assert all(w in p.tableau and cat[w].is_world for w in p.goods), "a good lies off a world"
            devs = [k for k in p.tableau if not cat[k].is_world]
            assert len(devs) == len(set(devs)), "a development twice in one tableau"
        assert sorted(cards) == list(cat.all_cards), "cards were lost or duplicated"
