"""A simple greedy player (used to balance the starter set by simulation; see RULES.md).

It reads only its Observation: the seat's view and the legal actions. Among purchases it picks
at random (weighted towards Dinosaurs while it has few), so that buy frequencies can be compared
with win rates.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Observation, Rng

JUNK = ("wound", "poison", "paralyze")


class GreedyPlayer:
    name = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        view = observation.view
        kind = observation.decision.kind
        me = view["players"][observation.seat]
        by_verb: dict[str, list[Action]] = {}
        for action in legal:
            by_verb.setdefault(action.verb, []).append(action)
        pick = getattr(self, f"_{kind.replace('-', '_')}", None)
        choice = pick(view, me, by_verb) if pick else None
        return choice if choice in legal else self.rng.choice(legal)

    def _strategy(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        if "play" in acts:
            return self.rng.choice(acts["play"])
        if "power" in acts:
            return acts["power"][0]
        if "attach" in acts and me["active"]:
            attached = me["active"]["attached"]
            want = (
                "attack"
                if attached.count("attack") < 2
                else ("evade" if "evade" not in attached else "defend")
            )
            for action in acts["attach"]:
                if action.args == (want, me["active"]["tag"]):
                    return action
            return self.rng.choice(acts["attach"])
        return Action("pass")

    def _combat(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        if "attack" in acts:
            return acts["attack"][-1]
        return Action("pass")

    def _buy(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        buys = acts.get("buy", [])
        dinos = [a for a in buys if any(t.rsplit("-", 1)[0] == a.args[0] for t in view["row"])]
        owned = (1 if me["active"] else 0) + len(me["bench"])
        if dinos and (owned < 2 or self.rng.below(3) == 0):
            return self.rng.choice(dinos)
        others = [a for a in buys if a not in dinos]
        return self.rng.choice(others) if others else Action("pass")

    def _keep(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        keeps = [a for a in acts.get("keep", []) if a.args[0] not in JUNK]
        return keeps[-1] if keeps else Action("pass")

    def _react(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        attacker = next(p for p in view["players"] if p["seat"] == view["attack"]["attacker"])
        atk = attacker["active"]["atk"] if attacker["active"] else 0
        mine = me["active"]
        if Action("evade") in acts.get("evade", []) and mine["eva"] >= atk:
            return Action("evade")
        if Action("defend") in acts.get("defend", []) and mine["def"] >= atk:
            return Action("defend")
        return Action("pass")

    def _target(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        def weakness(action: Action) -> int:
            player = next(p for p in view["players"] if p["seat"] == action.args[0])
            return player["active"]["hp"] if player["active"] else 0

        return min(acts["target"], key=weakness)

    def _item_window(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        return Action("pass")

    def _promote(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        best = max(me["bench"], key=lambda d: d["hp"])
        return Action("promote", (best["tag"],))

    def _purge(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        for junk in JUNK:
            if Action("purge", (junk,)) in acts.get("purge", []):
                return Action("purge", (junk,))
        return Action("pass")

    def _discard(self, view: dict[str, Any], me: dict[str, Any], acts: dict[str, list[Action]]) -> Action:
        for kind in ("wound", "paralyze", "defend", "evade", "attack"):
            if Action("discard", (kind,)) in acts.get("discard", []):
                return Action("discard", (kind,))
        return self.rng.choice(acts["discard"])  # asked to discard: there is something to discard
