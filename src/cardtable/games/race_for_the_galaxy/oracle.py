"""Replay reference game traces (Keldon Jones' engine, format `cardtable-rftg-k-trace/1`) in our engine.

    python -m cardtable.games.race_for_the_galaxy.oracle FILE.jsonl.gz [--verbose]

Every card that leaves the deck is scripted from the trace (start worlds, draws, goods, flips; see
`chance.take`); every decision of the trace is fed to our engine as our chain of small actions. At
each decision we check that our legal options equal the reference's candidates where it lists them
in full (set-up, explore and hand-limit discards, develop and settle choices, consume powers,
trades, goods, windfall worlds), that its answer is legal for us, and that hands, tableaux, goods,
chips, pool and the deck and discard counts agree with its snapshot; at the end, the scores and
their breakdown. Prints one line per game and exits non-zero on any disagreement.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.core import Action, CardtableError

from . import scoring
from .consume import ConsumeDiscard, ConsumeGood, ConsumePower, Gamble, Trade
from .develop import DevelopChoose
from .explore import ExploreKeep
from .game import RaceForTheGalaxy
from .payment import DevelopPay, SettlePay
from .produce import Windfall
from .rules import HandLimit, InitialDiscard, SelectAction
from .settle import SettleChoose, SettleMethod
from .state import RftgState

ACTION_NAMES = {
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
    "PLACE": (DevelopChoose.kind, SettleChoose.kind),
    "PAYMENT": (SettleMethod.kind, DevelopPay.kind, SettlePay.kind),
    "TRADE": (Trade.kind,),
    "CONSUME": (ConsumePower.kind,),
    "GOOD": (ConsumeGood.kind,),
    "CONSUME_HAND": (ConsumeDiscard.kind,),
    "WINDFALL": (Windfall.kind,),
    "LUCKY": (Gamble.kind,),
}


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


class Replay:
    def __init__(self, trace: dict[str, Any]) -> None:
        self.trace = trace
        self.game = RaceForTheGalaxy(players=2)
        self.cat = self.game.catalog
        self.report = GameReport(seed=trace["seed"])
        self.s: RftgState | None = None
        self.last_group: tuple[int, str, str] | None = None

    # --- names -------------------------------------------------------------------------------------
    def key(self, name: str) -> str:
        return self.cat.names[name]

    def keys(self, names: list[str]) -> list[str]:
        return [self.key(n) for n in names]

    # --- set-up ------------------------------------------------------------------------------------
    def build(self) -> RftgState:
        script: list[list[str]] = [[], []]
        for e in self.trace["events"]:
            if e["e"] != "chance":
                continue
            kind = e["kind"]
            if kind == "draw":
                script[e["seat"]].append(f"draw:{self.key(e['card'])}")
            elif kind == "good":
                script[e["seat"]].append(f"good:{self.key(e['world'])}:{self.key(e['card'])}")
            elif kind == "flip":
                script[e["seat"]].append(f"flip:{self.key(e['card'])}")
        starts = [self.key(seat["start"]) for seat in self.trace["seats"]]
        return self.game.scripted_state(self.trace["seed"], starts, script)

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
            self.setup_discards(setup)
            for e in events:
                if e["e"] == "decision" and e["phase"] != "setup":
                    self.decision(e)
                elif e["e"] in ("round_end", "setup_done") and "state" in e:
                    self.compare(e["state"], f"round {e['round']} end")
            self.finish()
        except Disagreement as err:
            self.report.problem = str(err)
        except CardtableError as err:
            self.report.problem = f"our engine refused: {err}"
        return self.report

    def setup_discards(self, decisions: list[dict[str, Any]]) -> None:
        # the reference takes the set-up discards in its own player order; ours is seat order
        for e in sorted(decisions, key=lambda d: d["seat"]):
            where = f"decision {e['n']} (set-up discard, seat {e['seat']})"
            self.report.decisions += 1
            if self.pending() != (e["seat"], InitialDiscard.kind):
                raise Disagreement(f"{where}: we ask {self.pending()}")
            self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
            for card in self.keys(e["answer"]["discard"]):
                self.act(Action("discard", (card,)), where)

    def decision(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        seat = e["seat"]
        where = f"decision {e['n']} (round {e['round']}, {e['phase']}, seat {seat}, {kind})"
        self.report.decisions += 1
        pending = self.pending()
        ours_now = pending is not None and pending[0] == seat and pending[1] in KINDS.get(kind, (kind,))
        if kind == "DISCARD":
            ours_now = pending == (seat, ExploreKeep.kind if e["phase"] == "explore" else HandLimit.kind)
        if kind == "PAYMENT" and not ours_now:
            return  # our engine settled the payment by itself (a single way to pay); snapshots check it
        if kind == "GOOD" and ours_now:
            step = self.s.steps[0] if self.s else None
            power = e["special"]
            ours_now = isinstance(step, ConsumeGood) and (step.card, step.index) == (
                self.key(power["card"]),
                power["index"],
            )
        if kind in ("TRADE", "GOOD") and not ours_now:
            return  # a single good or world: chosen by our engine; snapshots check it
        if not ours_now:
            raise Disagreement(f"{where}: we ask {pending} instead")
        # simultaneous discards: the reference applies them after all answers, we as each comes
        group = (e["round"], e["phase"], kind)
        # the reference runs produce powers in its own order: no snapshot at a windfall choice
        if not (kind == "DISCARD" and group == self.last_group) and kind != "WINDFALL":
            self.compare(e["state"], where + " before the answer")
        self.last_group = group
        getattr(self, "on_" + kind.lower())(e, where)

    def on_action(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        if len(self.game.legal_actions(self.s)) != 23:
            raise Disagreement(
                f"{where}: we offer {len(self.game.legal_actions(self.s))} action pairs, not 23"
            )
        self.report.compared_options += 1
        self.act(Action("select", tuple(ACTION_NAMES[a] for a in e["answer"]["actions"])), where)

    def on_discard(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        cards = self.keys(e["answer"]["discard"])
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        seat = e["seat"]
        if e["phase"] == "explore":
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

    def on_payment(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        seat = e["seat"]
        p = self.s.players[seat]
        specials = set(self.keys(e["answer"]["special"]))
        pending = self.pending()
        if pending == (seat, SettleMethod.kind):
            if "colony-ship" in specials:
                method = "colony-ship"
            elif "new-military-tactics" in specials:
                method = "tactics"
            elif "contact-specialist" in specials:
                method = "contact"
            else:
                method = "conquer" if self.cat[p.placing].military else "pay"
            self.act(Action("method", (method,)), where)
        paid = self.keys(e["answer"]["pay"])
        paying = ((seat, DevelopPay.kind), (seat, SettlePay.kind))
        for card in paid:
            if self.pending() not in paying:
                break  # the rest is forced (it is the whole hand): our engine pays it; snapshots check it
            self.act(Action("pay", (card,)), where)
        if self.pending() in paying:
            raise Disagreement(f"{where}: the reference pays {len(paid)} cards, we ask more")

    def on_trade(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        self.act(Action("trade", (self.key(e["answer"]["world"]),)), where)

    def on_consume(self, e: dict[str, Any], where: str) -> None:
        assert self.s is not None
        theirs = {f"{self.key(c['card'])} {c['index'] + 1}" for c in e["candidates"]}
        legal = self.game.legal_actions(self.s)
        ours = {f"{a.args[0]} {a.args[1]}" for a in legal if a.verb == "consume"}
        self.options(theirs, ours, where)
        if bool(e["optional"]) != (Action("stop") in legal):
            raise Disagreement(f"{where}: stopping is {'not ' * (not e['optional'])}allowed there, not here")
        power = e["answer"]["power"]
        action = Action("consume", (self.key(power["card"]), power["index"] + 1)) if power else Action("stop")
        self.act(action, where)

    def on_good(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        seat = e["seat"]
        for world in self.keys(e["answer"]["worlds"]):
            assert self.s is not None
            if self.pending() == (seat, ConsumeGood.kind) and world in self.s.players[seat].goods:
                self.act(Action("good", (world,)), where)

    def on_consume_hand(self, e: dict[str, Any], where: str) -> None:
        seat = e["seat"]
        for card in self.keys(e["answer"]["discard"]):
            self.act(Action("spend", (card,)), where)
        if self.pending() == (seat, ConsumeDiscard.kind):
            self.act(Action("stop"), where)

    def on_windfall(self, e: dict[str, Any], where: str) -> None:
        self.options(set(self.keys(e["candidates"])), self.legal_args(), where)
        self.act(Action("windfall", (self.key(e["answer"]["world"]),)), where)

    def on_lucky(self, e: dict[str, Any], where: str) -> None:
        self.act(Action("guess", (e["answer"]["guess"],)), where)

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
            mine = (ours["chips"], ours["cards"], ours["bonus"], ours["total"])
            theirs = (ref["chips"], ref["card_vp"], bonus, ref["total"])
            if mine != theirs:
                raise Disagreement(
                    f"seat {seat} scores (chips, cards, bonus, total) {mine}, reference {theirs}"
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
