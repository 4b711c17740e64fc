"""Replay reference game traces (Keldon Jones' engine, format `cardtable-rftg-k-trace/1`) in our engine.

    python -m cardtable.games.race_for_the_galaxy.oracle FILE.jsonl.gz [FILE ...]

Every trace gives its variant (players, expansion level, goals, takeovers); the replay plays it in that
mode. Every card that leaves the deck is scripted from the trace (start worlds or the offered pairs,
the goals drawn, draws, goods, flips, cards turned over; see `chance.take`); every decision of the
trace is fed to our engine as our chain of small actions. At each decision we check that our legal
options equal the reference's candidates where it lists them in full (set-up, explore and hand-limit
discards, develop and settle choices, consume powers, trades, goods, windfall worlds, start worlds,
takeover targets, upgrades), that its answer is legal for us, and that hands, tableaux, goods, chips,
pool, the deck and discard counts, and with the expansions saved cards, prestige, goals held and
cards set aside agree with its snapshot; at the end, the scores and their breakdown. Where the
reference engine departs from the rules, the replay translates the documented case explicitly
(RULES.md "Oracle"). Prints one line per game and exits non-zero on any disagreement.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from cardtable.core import Action, CardtableError

from . import goalplay, scoring, settling
from .consume import PRESTIGE_TRADE, Ante, AnteKeep, ConsumeDiscard, ConsumeGood, ConsumePower, Gamble, Trade
from .develop import DevelopChoose
from .discards import HandLimit, InitialDiscard, PowerDiscard
from .explore import ExploreDiscard, ExploreKeep, ExplorePrestige
from .game import RaceForTheGalaxy
from .goals import load_goals
from .payment import DevelopPay, PaymentGood, PaymentPower, SaveCard, SettlePay
from .produce import DiscardProduce, OortKind, ProducePower, Windfall, windfall_worlds
from .rules import SelectAction
from .search import CATEGORIES, SearchCategory, SearchKeep
from .settle import SettleChoose, SettleMethod, SettlePower, SettleSecond, Upgrade
from .setup import Deal, StartChoose, StartSave
from .state import RftgState
from .takeover import Defend, TakeoverDeclare, TakeoverMilitary, TakeoverPrevent

ACTION_NAMES = {
    "search": "search",
    "explore_5": "explore-5",
    "explore_1_1": "explore-1-1",
    "develop": "develop",
    "develop2": "develop2",
    "settle": "settle",
    "settle2": "settle2",
    "consume_trade": "consume-trade",
    "consume_x2": "consume-x2",
    "produce": "produce",
}
#: the reference's decision type -> our decision kinds that answer it
KINDS = {
    "ACTION": (SelectAction.kind,),
    "START": (StartChoose.kind,),
    "PLACE": (DevelopChoose.kind, SettleChoose.kind, SettleSecond.kind),
    "PAYMENT": (SettleMethod.kind, PaymentPower.kind, DevelopPay.kind, SettlePay.kind, TakeoverMilitary.kind),
    "SETTLE": (SettlePower.kind,),
    "TRADE": (Trade.kind,),
    "CONSUME": (ConsumePower.kind,),
    "GOOD": (ConsumeGood.kind, PaymentGood.kind),
    "CONSUME_HAND": (ConsumeDiscard.kind,),
    "WINDFALL": (Windfall.kind,),
    "LUCKY": (Gamble.kind,),
    "SAVE": (StartSave.kind, SaveCard.kind),
    "PRODUCE": (ProducePower.kind,),
    "DISCARD_PRESTIGE": (ExplorePrestige.kind,),
    "TAKEOVER": (TakeoverDeclare.kind,),
    "DEFEND": (Defend.kind,),
    "TAKEOVER_PREVENT": (TakeoverPrevent.kind,),
    "UPGRADE": (Upgrade.kind,),
    "ANTE": (Ante.kind,),
    "KEEP": (AnteKeep.kind,),
    "DISCARD_PRODUCE": (DiscardProduce.kind,),
    "OORT_KIND": (OortKind.kind,),
    "SEARCH_TYPE": (SearchCategory.kind,),
    "SEARCH_KEEP": (SearchKeep.kind,),
}
SEARCH_ORDER = tuple(CATEGORIES)
#: our questions asked whenever public facts allow, with the answer that does nothing
EMPTY_ANSWERS = {
    SettlePower.kind: Action("stop"),
    SettleSecond.kind: Action("settle", ("none",)),
    Upgrade.kind: Action("upgrade", ("none",)),
    Ante.kind: Action("ante", ("none",)),
}
SPENT_GOODS = ("novelty", "rare", "genes", "alien")


class Disagreement(Exception):
    """Our engine and the reference differ."""


@dataclass
class GameReport:
    seed: int
    decisions: int = 0
    compared_options: int = 0
    snapshots: int = 0
    problem: str = ""
    rounds: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.problem


def game_for(trace: dict[str, Any]) -> RaceForTheGalaxy:
    """Our game in the trace's variant."""
    variant = trace.get("variant", {})
    level = int(variant.get("expansion", 0))
    options: dict[str, Any] = {"players": int(variant.get("players", 2)), "expansion": level}
    if level >= 1:
        options["goals"] = bool(variant.get("goals", True))
    if level >= 2:
        options["takeovers"] = bool(variant.get("takeovers", True))
    return RaceForTheGalaxy(**options)


class Replay:
    def __init__(self, trace: dict[str, Any]) -> None:
        self.trace = trace
        self.game = game_for(trace)
        self.cat = self.game.catalog
        self.level = self.cat.level
        self.report = GameReport(seed=trace["seed"])
        self.s: RftgState | None = None
        self.last_group: tuple[int, str, str] | None = None
        #: what is left of a payment or defence once the good it spends is chosen (`powers_then`)
        self.after_good: Any = None
        self.goal_keys = {g.name: g.key for g in load_goals()}

    # --- names -------------------------------------------------------------------------------------
    def key(self, name: str) -> str:
        return self.cat.names[name]

    def keys(self, names: list[str]) -> list[str]:
        return [self.key(n) for n in names]

    # --- set-up ------------------------------------------------------------------------------------
    def build(self) -> RftgState:
        seats = len(self.trace["seats"])
        deal = Deal(script=[[] for _ in range(seats)])
        offers: list[list[str]] = [["", ""] for _ in range(seats)]
        for e in self.trace["events"]:
            if e["e"] != "chance":
                continue
            kind = e["kind"]
            if kind == "draw":
                deal.script[e["seat"]].append(f"draw:{self.key(e['card'])}")
            elif kind == "good":
                deal.script[e["seat"]].append(f"good:{self.key(e['world'])}:{self.key(e['card'])}")
            elif kind == "flip":
                deal.script[e["seat"]].append(f"flip:{self.key(e['card'])}")
            elif kind == "reveal":
                deal.script[e["seat"]].append(f"reveal:{self.key(e['card'])}")
            elif kind == "goals":
                deal.goals = [self.goal_keys[name] for name in e["first"] + e["most"]]
            elif kind == "start_offer":
                offers[e["seat"]][e["slot"]] = self.key(e["card"])
        if self.level >= 2:
            deal.offers = offers
        else:
            deal.starts = [self.key(seat["start"]) for seat in self.trace["seats"]]
        return self.game.scripted_state(self.trace["seed"], deal)

    # --- comparison ----------------------------------------------------------------------------------
    def compare(self, snap: dict[str, Any], where: str, cards_drawn: bool = True) -> None:
        """Compare with a snapshot; `cards_drawn` False leaves out hands and deck counts (the reference
        draws some produce cards before a windfall choice, we after it: RULES.md "Oracle")."""
        s = self.s
        assert s is not None
        self.report.snapshots += 1
        problems = []
        if snap["pool"] != s.pool:
            problems.append(f"pool {s.pool} (reference {snap['pool']})")
        if cards_drawn and (snap["deck"] != len(s.deck) or snap["discard"] != len(s.discard)):
            problems.append(
                f"deck/discard {len(s.deck)}/{len(s.discard)} (reference {snap['deck']}/{snap['discard']})"
            )
        for seat, ref in enumerate(snap["seats"]):
            p = s.players[seat]
            # the reference holds explored cards in hand until the explore discard
            hand = p.hand + p.drawn
            if cards_drawn and Counter(self.keys(ref["hand"])) != Counter(hand):
                problems.append(
                    f"seat {seat} hand {sorted(hand)} (reference {sorted(self.keys(ref['hand']))})"
                )
            if self.keys(ref["tableau"]) != p.tableau:
                problems.append(f"seat {seat} tableau {p.tableau} (reference {self.keys(ref['tableau'])})")
            ref_goods = sorted((self.key(w), self.key(g)) for w, g in ref["goods"])
            if ref_goods != sorted(p.goods.items()):
                problems.append(f"seat {seat} goods {sorted(p.goods.items())} (reference {ref_goods})")
            if ref["vp"] != p.chips:
                problems.append(f"seat {seat} chips {p.chips} (reference {ref['vp']})")
            if "saved" in ref and Counter(self.keys(ref["saved"])) != Counter(p.saved):
                problems.append(f"seat {seat} saved {sorted(p.saved)} (reference {self.keys(ref['saved'])})")
            if "prestige" in ref and ref["prestige"] != p.prestige:
                problems.append(f"seat {seat} prestige {p.prestige} (reference {ref['prestige']})")
            if "goals" in ref and sorted(self.goal_keys[g] for g in ref["goals"]) != sorted(p.goals):
                problems.append(f"seat {seat} goals {sorted(p.goals)} (reference {ref['goals']})")
        if "goals_available" in snap:
            theirs = sorted(self.goal_keys[g] for g in snap["goals_available"])
            if theirs != sorted(goalplay.available(s)):
                problems.append(f"goals available {sorted(goalplay.available(s))} (reference {theirs})")
        if problems:
            raise Disagreement(f"{where}: " + "; ".join(problems))

    def options(self, theirs: set[str], ours: set[str], where: str) -> None:
        self.report.compared_options += 1
        if theirs != ours:
            raise Disagreement(
                f"{where}: legal options differ: only ours {sorted(ours - theirs)}, "
                f"only reference {sorted(theirs - ours)}"
            )

    # --- driving our engine --------------------------------------------------------------------------
    def pending(self) -> tuple[int, str] | None:
        assert self.s is not None
        d = self.game.decision(self.s)
        return (d.seat, d.kind) if d else None

    def act(self, action: Action, where: str) -> None:
        assert self.s is not None
        legal = self.game.legal_actions(self.s)
        if action not in legal:
            shown = ", ".join(str(a) for a in legal)
            raise Disagreement(
                f"{where}: the reference's answer '{action}' is not legal for us (legal: {shown})"
            )
        self.game.apply(self.s, action, validate=False)

    def legal_args(self) -> set[str]:
        assert self.s is not None
        return {str(a.args[0]) for a in self.game.legal_actions(self.s) if a.args}

    def run(self) -> GameReport:
        try:
            self.s = self.build()
            events = self.trace["events"]
            setup = [e for e in events if e["e"] == "decision" and e["phase"] == "setup"]
            self.setup_decisions(setup)
            for at, e in enumerate(events):
                if e["e"] == "decision" and e["phase"] != "setup":
                    self.decision(e)
                elif e["e"] in ("round_end", "setup_done") and "state" in e:
                    self.answer_empty_questions(e)
                    self.compare(self.round_start(e["state"], events[at + 1 :]), f"round {e['round']} end")
            self.answer_empty_questions({"e": "end"})
            self.finish()
        except Disagreement as err:
            self.report.problem = str(err)
        except CardtableError as err:
            self.report.problem = f"our engine refused: {err}"
        return self.report

    @staticmethod
    def round_start(snap: dict[str, Any], later: list[dict[str, Any]]) -> dict[str, Any]:
        """The reference's round-end snapshot, with the next round's prestige awards (level 3) already
        given: our engine gives them as the round begins, before the snapshot can be compared."""
        snap = json.loads(json.dumps(snap))
        for e in later:
            if e["e"] in ("decision", "round", "end"):
                break
            if e["e"] == "vp" and e["phase"] == "round_start":
                snap["seats"][e["seat"]]["vp"] += e["gain"]
                snap["pool"] -= e["gain"]
            elif e["e"] == "chance" and e["kind"] == "draw":
                snap["seats"][e["seat"]]["hand"].append(e["card"])
                snap["deck"] -= 1
            elif e["e"] == "chance" and e["kind"] == "reshuffle":
                snap["deck"] += e["count"]
                snap["discard"] -= e["count"]
            elif e["e"] == "goal":
                held = snap["seats"][e["seat"]]["goals"]
                available = snap["goals_available"]
                if e["claimed"]:
                    held.append(e["goal"])
                    if e["goal"] in available:
                        available.remove(e["goal"])
                else:
                    held.remove(e["goal"])
                    available.append(e["goal"])
        return snap

    def setup_decisions(self, decisions: list[dict[str, Any]]) -> None:
        """The reference takes the set-up choices in its own player order; ours is seat order: the
        start worlds (with their 2 discards) first, then further discards, then the saved cards."""
        order = {"START": 0, "DISCARD": 1, "SAVE": 2}
        for e in sorted(decisions, key=lambda d: (order[d["type"]], d["seat"])):
            kind, seat = e["type"], e["seat"]
            where = f"decision {e['n']} (set-up {kind}, seat {seat})"
            self.report.decisions += 1
            if kind == "START":
                self.expect(seat, StartChoose.kind, where)
                self.options(set(self.keys(e["special"])), self.legal_args(), where)
                self.act(Action("start", (self.key(e["answer"]["start"]),)), where)
                discards = e["answer"]["discard"]
            elif kind == "DISCARD":
                discards = e["answer"]["discard"]
            else:
                self.on_save(e, where)
                continue
            self.expect(seat, InitialDiscard.kind, where)
            self.options(
                set(self.keys(e["candidates"])) - set(self.keys(e.get("special", []))),
                self.legal_args(),
                where,
            )
            for card in self.keys(discards):
                self.act(Action("discard", (card,)), where)

    def expect(self, seat: int, kind: str, where: str) -> None:
        if self.pending() != (seat, kind):
            raise Disagreement(f"{where}: we ask {self.pending()}")

    def answer_empty_questions(self, e: dict[str, Any]) -> None:
        """Our engine asks some questions whenever what every seat can see allows them, since whether the
        seat has a real answer is its secret (a world it could place, a card it could ante); K asks only
        when it has one. When ours has only the empty answer and K did not ask, the replay gives it."""
        assert self.s is not None
        while (pending := self.pending()) is not None:
            step = self.s.steps[0]
            empty = EMPTY_ANSWERS.get(pending[1])
            if empty is None:
                return
            legal = self.game.legal_actions(self.s)
            real = [a for a in legal if a != empty]
            if isinstance(step, SettlePower):
                real = [Action("power", (k, i + 1)) for k, i in step.options(self.cat, self.s, real=True)]
            if real:
                return
            self.act(empty, f"{e.get('n', e['e'])}: the empty answer of our '{pending[1]}'")

    def decision(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        seat = e["seat"]
        where = f"decision {e['n']} (round {e['round']}, {e['phase']}, seat {seat}, {kind})"
        self.report.decisions += 1
        self.answer_empty_questions(e)
        pending = self.pending()
        ours_now = pending is not None and pending[0] == seat and pending[1] in KINDS.get(kind, (kind,))
        if kind == "DISCARD":
            expected = {"explore": (ExploreKeep.kind, ExploreDiscard.kind), "round_end": (HandLimit.kind,)}
            kinds = expected.get(e["phase"], (PowerDiscard.kind,))
            ours_now = pending is not None and pending[0] == seat and pending[1] in kinds
        if kind == "PAYMENT" and not ours_now:
            return  # our engine settled the payment by itself (a single way to pay); snapshots check it
        if kind == "GOOD" and ours_now:
            step = self.s.steps[0] if self.s else None
            power = e["special"]
            ours_now = isinstance(step, (ConsumeGood, PaymentGood)) and (step.card, step.index) == (
                self.key(power["card"]),
                power["index"],
            )
        if kind in ("TRADE", "GOOD", "SAVE") and not ours_now:
            return  # a single good, world or card: chosen by our engine; snapshots check it
        if kind in ("PRODUCE", "DISCARD_PRODUCE") and not ours_now and self.stale_windfall(e):
            return  # K offered a discard to produce on a windfall world when none is left (RULES.md)
        if not ours_now:
            raise Disagreement(f"{where}: we ask {pending} instead")
        # simultaneous discards: the reference applies them after all answers, we as each comes
        group = (e["round"], e["phase"], kind)
        # the reference runs produce powers in its own order: no snapshot at a windfall choice
        if not (kind == "DISCARD" and group == self.last_group) and kind != "WINDFALL":
            self.compare(e["state"], where + " before the answer")
        self.last_group = group
        handler = getattr(self, "on_" + kind.lower(), None)
        if handler is None:
            raise Disagreement(f"{where}: the replay does not know decisions of type {kind}")
        handler(e, where)

    def on_action(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        self.report.compared_options += 1
        names = [self.action_name(a) for a in e["answer"]["actions"]]
        if e.get("select_last") == 1:
            names = names[:1]
        self.act(self.game.parse_action("select " + " ".join(names)), where)

    @staticmethod
    def action_name(action: str) -> str:
        if action.startswith("prestige_"):
            return "prestige-" + ACTION_NAMES[action[len("prestige_") :]]
        return ACTION_NAMES[action]

    def on_discard(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        cards = self.keys(e["answer"]["discard"])
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        seat = e["seat"]
        if e["phase"] == "explore" and self.pending() == (seat, ExploreKeep.kind):
            p = self.s.players[seat]
            if len(p.drawn) - p.keep != e["discard_count"]:
                raise Disagreement(f"{where}: we discard {len(p.drawn) - p.keep}, not {e['discard_count']}")
            keep = Counter(p.drawn) - Counter(cards)
            for card in sorted(keep.elements()):
                self.act(Action("keep", (card,)), where)
        else:
            for card in cards:
                self.act(Action("discard", (card,)), where)

    def on_place(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args() - {"none"}, where)
        verb = "develop" if e["place_phase"] == "develop" else "settle"
        place = e["answer"]["place"]
        self.act(Action(verb, (self.key(place) if place else "none",)), where)

    def way_of(self, specials: list[str], world: str) -> tuple[str, str]:
        """Our way of settling for the reference's special cards."""
        names = {
            "colony-ship": "colony-ship",
            "tactics": "tactics",
            "conquer-peaceful": "conquer-peaceful",
            "pay-military": "contact",
        }
        for card in specials:
            for power in self.cat[card].powers:
                if power.phase == "settle" and power.power in names:
                    return names[power.power], card
        return ("conquer" if self.cat[world].military else "pay"), ""

    def on_payment(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        seat = e["seat"]
        p = self.s.players[seat]
        specials = self.keys(e["answer"]["special"])
        paid = self.keys(e["answer"]["pay"])
        if self.pending() == (seat, TakeoverMilitary.kind):
            self.military(e, where, TakeoverMilitary.kind)
            return
        if self.pending() == (seat, SettleMethod.kind):
            method, card = self.way_of(specials, p.placing)
            legal = self.game.legal_actions(self.s)
            action = next(
                (a for a in legal if a.args[:1] == (method,) and (len(a.args) == 1 or a.args[1] == card)),
                None,
            )
            if action is None:
                raise Disagreement(f"{where}: no way '{method}' for us (legal: {', '.join(map(str, legal))})")
            self.act(action, where)
        if self.pending() == (seat, PaymentPower.kind):
            cards = paid if p.method in settling.MILITARY_WAYS else []
            paid = [] if cards else paid
            self.powers_then(e, where, PaymentPower.kind, specials, cards, lambda: self.pay(e, where, paid))
            return
        self.pay(e, where, paid)

    def pay(self, e: dict[str, Any], where: str, paid: list[str]) -> None:
        seat = e["seat"]
        paying = ((seat, DevelopPay.kind), (seat, SettlePay.kind))
        for card in paid:
            if self.pending() not in paying:
                break  # the rest is forced (it is the whole hand): our engine pays it; snapshots check it
            self.act(Action("pay", (card,)), where)
        if self.pending() in paying:
            raise Disagreement(f"{where}: the reference pays {len(paid)} cards, we ask more")

    def powers_then(
        self, e: dict[str, Any], where: str, kind: str, specials: list[str], cards: list[str], then: Any
    ) -> None:
        """Feed the special cards of a payment or defence and the cards given as military to our step
        `kind`, then `done`, then `then`. A good spent for a power is chosen last in the reference (K asks
        which good once the rest is known): when ours asks it, the rest waits for that answer."""
        assert self.s is not None
        seat = e["seat"]
        ordered = self.spending_last(specials)
        for at, card in enumerate(ordered):
            found = [
                a
                for a in self.game.legal_actions(self.s)
                if a.verb in ("reduce", "boost") and a.args[0] == card
            ]
            if found:
                if any(p.spend in SPENT_GOODS for p in self.cat[card].powers):
                    for given in cards:
                        self.act(Action("military", (given,)), where)
                    cards = []
                self.act(found[0], where)
            if self.pending() == (seat, PaymentGood.kind):
                self.after_good = partial(self.powers_then, e, where, kind, ordered[at + 1 :], cards, then)
                return
            if self.pending() != (seat, kind):
                break
        for given in cards:
            self.act(Action("military", (given,)), where)
        if self.pending() == (seat, kind):
            self.act(Action("done"), where)
        then()

    def on_settle(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        theirs = {f"{self.key(c['card'])} {c['index'] + 1}" for c in e["candidates"]}
        step = self.s.steps[0]
        assert isinstance(step, SettlePower)
        self.options(theirs, {f"{k} {i + 1}" for k, i in step.options(self.cat, self.s, real=True)}, where)
        power = e["answer"]["power"]
        self.act(
            Action("power", (self.key(power["card"]), power["index"] + 1)) if power else Action("stop"), where
        )

    def on_trade(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        self.act(Action("trade", (self.key(e["answer"]["world"]),)), where)

    def on_consume(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        theirs = {self.power_name(c) for c in e["candidates"]}
        if not self.s.players[e["seat"]].hand:
            # K offers Gambling World's ante with an empty hand, where it does nothing (RULES.md "Oracle")
            idle = {name for name in theirs if self.is_ante(name)}
            power = e["answer"]["power"]
            chosen = self.power_name(power) if power else ""
            theirs -= idle
            if chosen in idle or (not theirs and self.pending() != (e["seat"], ConsumePower.kind)):
                return
        legal = self.game.legal_actions(self.s)
        ours = {" ".join(map(str, a.args)) for a in legal if a.verb == "consume"}
        self.options(theirs, ours, where)
        if bool(e["optional"]) != (Action("stop") in legal):
            raise Disagreement(f"{where}: stopping is {'not ' * (not e['optional'])}allowed there, not here")
        power = e["answer"]["power"]
        if not power:
            self.act(Action("stop"), where)
        elif power["card"] is None:  # the prestige Consume-Trade's own discard
            self.act(Action("consume", (PRESTIGE_TRADE,)), where)
        else:
            self.act(Action("consume", (self.key(power["card"]), power["index"] + 1)), where)

    def is_ante(self, name: str) -> bool:
        key, _, index = name.partition(" ")
        return bool(index) and self.game.catalog[key].powers[int(index) - 1].power == "ante"

    def power_name(self, power: dict[str, Any]) -> str:
        """A power in our notation ('card n'), or the prestige Consume-Trade's discard."""
        return PRESTIGE_TRADE if power["card"] is None else f"{self.key(power['card'])} {power['index'] + 1}"

    def on_good(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        seat = e["seat"]
        for world in self.keys(e["answer"]["worlds"]):
            assert self.s is not None
            if (
                self.pending() in ((seat, ConsumeGood.kind), (seat, PaymentGood.kind))
                and world in self.s.players[seat].goods
            ):
                self.act(Action("good", (world,)), where)
        if self.after_good is not None:
            after, self.after_good = self.after_good, None
            after()

    def on_consume_hand(self, e: dict[str, Any], where: str) -> None:
        seat = e["seat"]
        if e["answer"].get("rejected"):
            # K ignores an answer the power does not allow: nothing is discarded (RULES.md "Oracle")
            self.act(Action("stop"), where)
            return
        for card in self.keys(e["answer"]["discard"]):
            self.act(Action("spend", (card,)), where)
        if self.pending() == (seat, ConsumeDiscard.kind):
            self.act(Action("stop"), where)

    def on_windfall(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        self.act(Action("windfall", (self.key(e["answer"]["world"]),)), where)

    def on_lucky(self, e: dict[str, Any], where: str) -> None:
        self.act(Action("guess", (e["answer"]["guess"],)), where)

    def on_save(self, e: dict[str, Any], where: str) -> None:
        if self.pending() == (e["seat"], StartSave.kind) or e["phase"] != "setup":
            self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        self.act(Action("save", (self.key(e["answer"]["save"]),)), where)

    def stale_windfall(self, e: dict[str, Any]) -> bool:
        """K's stale choice (RULES.md "Oracle"): it lists a power that discards to produce on a windfall
        world by the windfall worlds empty when its Produce turn began, though its own production has
        filled them since; such a power can do nothing, and our engine does not offer it. True when the
        reference's question is only about such powers (and draws that do not depend on their order)."""
        assert self.s is not None
        if e["type"] == "DISCARD_PRODUCE":
            return not e["special"] and e["answer"]["discard"] is None
        useless, useful = 0, 0
        for c in e["candidates"]:
            power = self.cat[self.key(c["card"])].powers[c["index"]]
            empty = windfall_worlds(self.cat, self.s, e["seat"], power.good)
            if power.power == "discard-windfall" and not empty:
                useless += 1
            elif not power.power.startswith("draw-per"):
                useful += 1
        return useless > 0 and useful <= 1

    def on_produce(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        theirs = {f"{self.key(c['card'])} {c['index'] + 1}" for c in e["candidates"]}
        legal = self.game.legal_actions(self.s)
        self.options(theirs, {f"{a.args[0]} {a.args[1]}" for a in legal}, where)
        power = e["answer"]["power"]
        self.act(Action("produce", (self.key(power["card"]), power["index"] + 1)), where)

    def on_discard_produce(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        self.options(set(self.keys(e["candidates"])), set(self.s.players[e["seat"]].hand), where)
        answer = e["answer"]
        if answer["discard"] is None:
            self.act(Action("stop"), where)
            return
        world = self.key(answer["world"] or e["special"][0])
        if Action("windfall", (world,)) in self.game.legal_actions(self.s):
            self.act(Action("windfall", (world,)), where)
        self.act(Action("produce-with", (self.key(answer["discard"]),)), where)

    def on_oort_kind(self, e: dict[str, Any], where: str) -> None:
        self.act(Action("kind", (e["answer"]["kind"].lower(),)), where)

    def on_discard_prestige(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        cards = self.keys(e["answer"]["discard"])
        self.act(Action("discard", (cards[0],)) if cards else Action("stop"), where)

    def on_takeover(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        legal = self.game.legal_actions(self.s)
        self.options(set(self.keys(e["candidates"])), {str(a.args[0]) for a in legal} - {"none"}, where)
        answer = e["answer"]
        if answer["target"] is None:
            self.act(Action("takeover", ("none",)), where)
            return
        self.act(Action("takeover", (self.key(answer["target"]), self.key(answer["power"]))), where)

    def spending_last(self, cards: list[str]) -> list[str]:
        """The special cards in the order their effects happen in the reference: a good spent is chosen
        after everything else (K asks which good once the payment is known)."""
        return sorted(
            cards,
            key=lambda c: any(p.spend in ("rare", "genes", "alien", "novelty") for p in self.cat[c].powers),
        )

    def military(self, e: dict[str, Any], where: str, kind: str) -> None:
        """Cards and powers added as military (a takeover's payment, a defence): our chain of actions."""
        specials, cards = self.keys(e["answer"]["special"]), self.keys(e["answer"]["pay"])
        self.powers_then(e, where, kind, specials, cards, lambda: None)

    def on_defend(self, e: dict[str, Any], where: str) -> None:
        """A defence. K's defence adds the military of a power that spends a Rare good without spending
        the good (RULES.md "Oracle"): the replay lets our engine spend it (choosing the good itself, as
        K asks nothing), then gives it back before the defence goes on."""
        assert self.s is not None
        seat = e["seat"]
        p = self.s.players[seat]
        before = dict(p.goods)
        specials = self.keys(e["answer"]["special"])
        rare = [c for c in specials if any(x.spend == "rare" for x in self.cat[c].powers)]
        for card in rare:
            boost = next(
                a for a in self.game.legal_actions(self.s) if a.verb == "boost" and a.args[0] == card
            )
            self.act(boost, where)
            if self.pending() == (seat, PaymentGood.kind):
                self.act(self.game.legal_actions(self.s)[0], where)
            for world, good in before.items():
                if world not in p.goods:
                    self.s.discard.remove(good)
                    p.goods[world] = good
        specials = [c for c in self.keys(e["answer"]["special"]) if c not in rare]
        self.powers_then(e, where, Defend.kind, specials, self.keys(e["answer"]["pay"]), lambda: None)

    def on_takeover_prevent(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        legal = self.game.legal_actions(self.s)
        self.options(set(self.keys(e["candidates"])), {str(a.args[0]) for a in legal} - {"none"}, where)
        target = e["answer"]["prevent"]
        self.act(Action("prevent", (self.key(target) if target else "none",)), where)

    def on_upgrade(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        legal = self.game.legal_actions(self.s)
        self.options(
            set(self.keys(e["candidates"])), {str(a.args[1]) for a in legal if len(a.args) > 1}, where
        )
        answer = e["answer"]
        if answer["replacement"] is None:
            self.act(Action("upgrade", ("none",)), where)
            return
        self.act(Action("upgrade", (self.key(answer["old"]), self.key(answer["replacement"]))), where)

    def on_ante(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args() - {"none"}, where)
        ante = e["answer"]["ante"]
        self.act(Action("ante", (self.key(ante) if ante else "none",)), where)

    def on_keep(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        self.act(Action("take", (self.key(e["answer"]["keep"]),)), where)

    def on_search_type(self, e: dict[str, Any], where: str) -> None:
        self.act(Action("search", (SEARCH_ORDER[e["answer"]["category"]],)), where)

    def on_search_keep(self, e: dict[str, Any], where: str) -> None:
        card = self.key(e["card"])
        self.act(Action("take", (card,)) if e["answer"]["keep"] else Action("decline"), where)

    def finish(self) -> None:
        s = self.s
        assert s is not None
        result = self.trace["result"]
        if not s.ended:
            raise Disagreement(
                f"the reference game ended after round {result['rounds']}; ours goes on ({self.pending()})"
            )
        if s.round != result["rounds"]:
            raise Disagreement(f"we end after round {s.round}, the reference after {result['rounds']}")
        for ref in result["scores"]:
            seat = ref["seat"]
            ours = scoring.breakdown(self.cat, s, seat)
            bonus = {self.key(b["card"]): b["vp"] for b in ref["six_dev_bonus"]}
            mine = (
                ours["chips"],
                ours["cards"],
                ours["bonus"],
                ours.get("goals", 0),
                ours.get("prestige", 0),
            )
            theirs = (ref["chips"], ref["card_vp"], bonus, ref.get("goal_vp", 0), ref.get("prestige", 0))
            if mine != theirs or ours["total"] != ref["total"]:
                raise Disagreement(
                    f"seat {seat} scores (chips, cards, bonus, goals, prestige) {mine} = {ours['total']}, "
                    f"reference {theirs} = {ref['total']}"
                )
            self.report.scores.append(ours["total"])
        winners = scoring.winners(self.cat, s)
        if list(winners) != result["winners"]:
            raise Disagreement(f"winners {list(winners)}, reference {result['winners']}")
        self.report.rounds = s.round


def load(path: Path) -> list[dict[str, Any]]:
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def replay(trace: dict[str, Any]) -> GameReport:
    return Replay(trace).run()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m cardtable.games.race_for_the_galaxy.oracle FILE.jsonl.gz", file=sys.stderr)
        return 2
    reports = []
    for name in args:
        for trace in load(Path(name)):
            report = replay(trace)
            reports.append(report)
            if report.agrees:
                print(
                    f"seed {report.seed}: agrees to the end ({report.rounds} rounds, "
                    f"{report.decisions} decisions, {report.compared_options} option lists, "
                    f"{report.snapshots} snapshots, scores {report.scores})"
                )
            else:
                print(f"seed {report.seed}: DISAGREES after {report.decisions} decisions: {report.problem}")
    agreeing = sum(r.agrees for r in reports)
    decisions = sum(r.decisions for r in reports)
    print(
        f"{agreeing} of {len(reports)} games agree to the end; {decisions} decisions, "
        f"{sum(r.compared_options for r in reports)} option lists and {sum(r.snapshots for r in reports)} "
        "snapshots compared"
    )
    return 0 if agreeing == len(reports) else 1


if __name__ == "__main__":
    sys.exit(main())
