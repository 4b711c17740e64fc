"""A simple, explainable Dino Battles player, and a position evaluation for search.

The player reads only its Observation (its seat's view and the legal actions) and the public card
data, and never names a card: every rule of thumb works from the cards' stats and effects, so it
plays any card set. The rules are listed in RULES.md, section "Bots"; in short: knock out what you
can, keep a Dinosaur in play (a player without one takes Wounds), attach what the best attack still
needs, attack with the most valuable attack, avoid hits you can avoid, buy a bench and the useful
cards you can afford, never keep or buy junk, and hurt the leader.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import Action, Observation, RulesOfThumb
from cardtable.core.seats import seat_of_letter

from .cards import COMBAT_TYPES, STATUS_TYPES, Attack, Catalog, Cost, Effects
from .evaluation import win_chance
from .items import TURN_WINDOW
from .state import DinoState

#: what a Status card given to an opponent is worth, in points of damage (a Wound also scores)
STATUS_WORTH = {"wound": 10, "poison": 5, "paralyze": 5}
#: Dinosaurs in play (active + bench) the player wants before buying anything else
WANTED_DINOS = 2
#: most copies of one Strategy or Item worth owning; and at most one such card per this many Combat Cards
MAX_COPIES = 2
COMBAT_CARDS_PER_SUPPLY_CARD = 4
#: a Strategy or Item worth less than this is not bought
BUY_THRESHOLD = 4.0


def attack_value(attack: Attack) -> float:
    """An attack's worth: its damage plus its Status cards (a Wound counts double, it also scores)."""
    return attack.damage + sum(STATUS_WORTH[k] * getattr(attack, k) for k in STATUS_WORTH)


def missing(cost: Cost, cards: list[str]) -> Counter[str]:
    """The Combat Cards `cards` lack to pay `cost`."""
    return Counter(cost.as_dict()) - Counter(cards)


def effects_value(effects: Effects) -> float:
    """A Strategy's or Item's worth in one play, judged on its effects alone (see RULES.md "Bots")."""
    return (
        3.0 * effects.action
        + 2.0 * (effects.draw + effects.buy + effects.attach + effects.combat)
        + (effects.atk + effects.eva + effects.def_) / 1.5
        + (effects.hp + effects.damage) / 5
        + sum(STATUS_WORTH[k] / 2 * getattr(effects, k) for k in STATUS_WORTH)
        + 2.0 * (effects.discard + effects.purge)
    )


def dino_worth(cat: Catalog, key: str) -> float:
    """A Dinosaur's worth to buy: HP, stats, its best attack per card it costs, abilities and power."""
    d = cat.dinosaurs[key]
    best = max(attack_value(a) / (1 + sum(a.cost.as_dict().values())) for a in d.attacks)
    power = effects_value(d.power.effects) if d.power else 0.0
    return d.hp / 5 + d.atk + max(d.eva, d.def_) / 2 + best / 2 + 2 * len(d.abilities) + power


class HeuristicPlayer(RulesOfThumb):
    """Rules of thumb for every decision; see the module docstring and RULES.md "Bots"."""

    def pick(self, observation: Observation, legal: list[Action]) -> Action:
        self.cat: Catalog = observation.game.catalog  # type: ignore[attr-defined]
        self.view = observation.view
        self.seat = observation.seat
        self.me = self.view["players"][self.seat]
        self.hand: list[str] = self.me["hand"]
        kind = observation.decision.kind
        choice = self._choose(kind, legal)
        return choice if choice is not None and choice in legal else self.rng.choice(legal)

    def _choose(self, kind: str, legal: list[Action]) -> Action | None:
        verbs = {a.verb for a in legal}
        if kind == "target":
            return self._attack_target(legal)
        if "target" in verbs:
            return self._effect_target(legal)
        if kind == "promote":
            return max(legal, key=lambda a: self._promote_worth(str(a.args[0])))
        if kind == "react":
            return self._react(legal)
        if kind == "item-window":
            return self._window(legal)
        if "heal" in verbs:
            return max(legal, key=lambda a: self._damage_taken(str(a.args[0])))
        if "damage" in verbs:
            return max(legal, key=lambda a: self._hit_worth(str(a.args[0]), self._pending_damage()))
        if "purge" in verbs:
            return self._purge(legal)
        if "discard" in verbs:
            return min(legal, key=lambda a: self._discard_order(str(a.args[0])))
        if kind == "strategy":
            return self._strategy(legal)
        if kind == "combat":
            return self._combat(legal)
        if kind == "buy":
            return self._buy(legal)
        if kind == "keep":
            return self._keep(legal)
        return None

    # --- reading the view ----------------------------------------------------------------------
    def _player(self, letter: str) -> dict[str, Any]:
        return self.view["players"][seat_of_letter(letter)]

    def _opponents(self) -> list[dict[str, Any]]:
        return [p for i, p in enumerate(self.view["players"]) if i != self.seat]

    def _wounds(self, player: dict[str, Any]) -> int:
        cards = player.get("unseen") or (player.get("hand", []) + player.get("deck_contents", []))
        return (cards + player["discard"]).count("wound")

    def _leader(self, player: dict[str, Any]) -> tuple[int, int]:
        """How far ahead a player is: knock-outs first, then fewest Wounds."""
        return player["kos"], -self._wounds(player)

    def _dinos(self, player: dict[str, Any]) -> list[dict[str, Any]]:
        return ([player["active"]] if player["active"] else []) + player["bench"]

    def _my_dino(self, tag: str) -> dict[str, Any] | None:
        return next((d for d in self._dinos(self.me) if d["tag"] == tag), None)

    def _owner_of(self, tag: str) -> dict[str, Any]:
        return next(p for p in self.view["players"] if any(d["tag"] == tag for d in self._dinos(p)))

    def _can_pay(self, cost: Cost, cards: list[str] | None = None) -> bool:
        return not missing(cost, self.hand if cards is None else cards)

    def _payable_attacks(self, dino: dict[str, Any]) -> list[Attack]:
        attached = dino.get("attached", [])
        return [a for a in self.cat.dino(dino["tag"]).attacks if self._can_pay(a.cost, attached)]

    def _threat(self) -> int:
        """The highest ATK among the opponents' active Dinosaurs (what my reactions must match)."""
        return max((p["active"]["atk"] for p in self._opponents() if p["active"]), default=0)

    def _biggest_hit(self) -> int:
        """The most damage an opponent's active Dinosaur could deal with one attack."""
        return max(
            (
                max(a.damage for a in self.cat.dino(p["active"]["tag"]).attacks)
                for p in self._opponents()
                if p["active"]
            ),
            default=0,
        )

    # --- damage and knock-outs -----------------------------------------------------------------
    def _pending_damage(self) -> int:
        effects = self.view["effects"]
        return int(effects[0]["n"]) if effects else 0

    def _hit_worth(self, tag: str, damage: int) -> tuple[int, int, int, int]:
        """Which opponent Dinosaur to damage: a knock-out first (the leader's), then an active one, the
        weakest."""
        owner = self._owner_of(tag)
        dino = next(d for d in self._dinos(owner) if d["tag"] == tag)
        ko = dino["hp"] <= damage
        return ko, owner["active"] is dino, *self._leader(owner)[:1], -dino["hp"]

    def _knockout_mine(self, legal: list[Action]) -> Action | None:
        """An Item whose damage knocks out an opponent Dinosaur it may target."""
        for action in legal:
            if action.verb != "item":
                continue
            damage = self.cat.items[str(action.args[0])].effects.damage
            if damage and any(
                d["hp"] <= damage and "camouflaged" not in self.cat.dino(d["tag"]).abilities
                for p in self._opponents()
                for d in self._dinos(p)
            ):
                return action
        return None

    def _damage_taken(self, tag: str) -> tuple[int, bool]:
        dino = self._my_dino(tag)
        assert dino is not None
        return dino["max_hp"] - dino["hp"], dino is self.me["active"]

    # --- the Strategy part ---------------------------------------------------------------------
    def _strategy(self, legal: list[Action]) -> Action | None:
        if (ko := self._knockout_mine(legal)) is not None:  # 1. a knock-out with an Item
            return ko
        plays = [a for a in legal if a.verb == "play"]
        if plays:  # 2. the most useful Strategy
            best = max(plays, key=lambda a: self._play_worth(str(a.args[0])))
            if self._play_worth(str(best.args[0])) > 0:
                return best
        if Action("power") in legal and len(self.hand) >= 3:  # 3. the Dino Power, with cards to spare
            return Action("power")
        attach = self._attach([a for a in legal if a.verb == "attach"])  # 4. what the attack needs
        return attach or Action("pass")

    def _play_worth(self, key: str) -> float:
        """A Strategy's worth now: healing only when hurt, an extra Combat only with a second attack."""
        effects = self.cat.strategies[key].effects
        value = effects_value(effects)
        hurt = max((d["max_hp"] - d["hp"] for d in self._dinos(self.me)), default=0)
        value -= max(0, effects.hp - hurt) / 5
        if effects.combat and not self._two_attacks_possible():
            value -= 2.0 * effects.combat
        if effects.attach and not any(k in COMBAT_TYPES for k in self.hand):
            value -= 2.0 * effects.attach
        return value

    def _two_attacks_possible(self) -> bool:
        active = self.me["active"]
        if active is None:
            return False
        attached = active["attached"] + [k for k in self.hand if k in COMBAT_TYPES][:1]
        cheapest = min(self.cat.dino(active["tag"]).attacks, key=lambda a: sum(a.cost.as_dict().values()))
        cost = Counter({k: 2 * n for k, n in cheapest.cost.as_dict().items()})
        return not (cost - Counter(attached))

    def _attach(self, attaches: list[Action]) -> Action | None:
        """Attach what the active Dinosaur's best attack lacks; then a reaction that would succeed;
        then stock the best attack for the next turn."""
        if not attaches:
            return None
        active = self.me["active"]
        if active is None:
            return attaches[0]
        tag = active["tag"]
        mine = [a for a in attaches if a.args[1] == tag]
        have = {str(a.args[0]) for a in mine}
        dino = self.cat.dino(tag)
        attacks = sorted(dino.attacks, key=attack_value, reverse=True)
        for attack in attacks:
            lacking = [k for k in COMBAT_TYPES if missing(attack.cost, active["attached"])[k]]
            usable = [k for k in lacking if k in have]
            if usable:
                return Action("attach", (usable[0], tag))
        threat = self._threat()
        for stat, card in (("eva", "evade"), ("def", "defend")):
            if active[stat] >= threat and card in have and card not in active["attached"]:
                return Action("attach", (card, tag))
        best = attacks[0]
        stock = Counter({k: 2 * n for k, n in best.cost.as_dict().items()}) - Counter(active["attached"])
        for kind in COMBAT_TYPES:
            if stock[kind] and kind in have:
                return Action("attach", (kind, tag))
        return None

    # --- the Combat part -----------------------------------------------------------------------
    def _combat(self, legal: list[Action]) -> Action | None:
        if (ko := self._knockout_mine(legal)) is not None:
            return ko
        active = self.me["active"]
        attacks = [a for a in legal if a.verb == "attack"]
        moves = self.cat.dino(active["tag"]).attacks if active else ()
        if attacks:
            return max(attacks, key=lambda a: attack_value(moves[int(a.args[0]) - 1]))
        retreats = [a for a in legal if a.verb == "retreat"]
        if retreats and self._should_retreat():
            return max(retreats, key=lambda a: self._promote_worth(str(a.args[0])))
        return Action("pass")

    def _should_retreat(self) -> bool:
        """Retreat (when no attack is possible) a Dinosaur the next hit could knock out, if a healthier
        one waits on the bench."""
        active = self.me["active"]
        if active is None:
            return False
        healthier = [d for d in self.me["bench"] if d["hp"] > active["hp"]]
        return active["hp"] <= self._biggest_hit() and bool(healthier)

    def _attack_target(self, legal: list[Action]) -> Action:
        """Attack a player without a Dinosaur (Wounds), else a Dinosaur we can knock out, else the
        leader, else the weakest."""
        attack = self.view["attack"]
        damage = (
            self.cat.dino(attack["attacker_tag"])
            .attacks[[a.name for a in self.cat.dino(attack["attacker_tag"]).attacks].index(attack["attack"])]
            .damage
        )

        def worth(action: Action) -> tuple[bool, bool, tuple[int, int], int]:
            player = self._player(str(action.args[0]))
            active = player["active"]
            if active is None:
                return True, True, self._leader(player), 0
            return False, active["hp"] <= damage, self._leader(player), -active["hp"]

        return max(legal, key=worth)

    def _effect_target(self, legal: list[Action]) -> Action:
        """Status cards and discards go to the leader."""
        return max(legal, key=lambda a: self._leader(self._player(str(a.args[0]))))

    # --- reactions and Item windows --------------------------------------------------------------
    def _incoming_atk(self) -> int:
        attacker = self._player(self.view["attack"]["attacker"])
        return attacker["active"]["atk"] if attacker["active"] else 0

    def _boost_item(self, stat: str) -> tuple[str, int] | None:
        """The playable Item in hand that raises `stat` most, with its bonus."""
        best = None
        for key in set(self.hand):
            item = self.cat.items.get(key)
            if item is None:
                continue
            bonus = getattr(item.effects, "def_" if stat == "def" else stat)
            rest = list(self.hand)
            rest.remove(key)
            if bonus and self._can_pay(item.cost, rest) and (best is None or bonus > best[1]):
                best = (key, bonus)
        return best

    def _react(self, legal: list[Action]) -> Action:
        """Evade or Defend when it succeeds (with an Item in hand if needed), else take the hit."""
        atk = self._incoming_atk()
        mine = self.me["active"]
        for verb, stat in (("evade", "eva"), ("defend", "def")):
            if Action(verb) in legal and mine[stat] >= atk:
                return Action(verb)
        for verb, stat in (("evade", "eva"), ("defend", "def")):
            boost = self._boost_item(stat)
            if Action(verb) in legal and boost and mine[stat] + boost[1] >= atk:
                return Action(verb)
        return Action("pass")

    def _window(self, legal: list[Action]) -> Action:
        """Save a reaction with an Item, push an attack through with one, or knock out with one."""
        attack = self.view["attack"]
        if (ko := self._knockout_mine(legal)) is not None:
            return ko
        if attack is None:  # a window between two parts of a turn: only a knock-out is worth an Item
            return Action("pass")
        reaction = attack["reaction"]
        if reaction not in ("evade", "defend"):
            return Action("pass")
        stat = "eva" if reaction == "evade" else "def"
        target = self._player(attack["target"])
        attacker = self._player(attack["attacker"])
        if not target["active"] or not attacker["active"]:
            return Action("pass")
        guard, atk = target["active"][stat], attacker["active"]["atk"]
        if target is self.me and guard < atk:  # my reaction falls short: raise EVA or DEF enough
            boost = self._boost_item(stat)
            if boost and guard + boost[1] >= atk:
                return Action("item", (boost[0],))
        if attacker is self.me and guard >= atk:  # their reaction holds: raise ATK past it
            boost = self._boost_item("atk")
            if boost and atk + boost[1] > guard:
                return Action("item", (boost[0],))
        return Action("pass")

    # --- the Buy part --------------------------------------------------------------------------
    def _buy(self, legal: list[Action]) -> Action | None:
        if (ko := self._knockout_mine(legal)) is not None:
            return ko
        buys = [a for a in legal if a.verb == "buy"]
        dinos = [a for a in buys if a.args[0] in self.cat.dinosaurs]
        owned = len(self._dinos(self.me))
        if dinos and (owned < WANTED_DINOS or (owned < 3 and self._active_hurt())):
            return max(dinos, key=lambda a: dino_worth(self.cat, str(a.args[0])))
        cards = [a for a in buys if a.args[0] not in self.cat.dinosaurs and a.args[0] not in COMBAT_TYPES]
        worth = {a: self._card_worth(str(a.args[0])) for a in cards}
        good = [a for a in cards if worth[a] >= BUY_THRESHOLD]
        if good:
            return max(good, key=lambda a: worth[a])
        combat = [a for a in buys if a.args[0] in COMBAT_TYPES]
        if combat:
            want = self._combat_card_wanted()
            return next((a for a in combat if a.args[0] == want), combat[0])
        return Action("pass")

    def _active_hurt(self) -> bool:
        active = self.me["active"]
        return active is None or active["hp"] * 2 <= active["max_hp"]

    def _owned(self) -> Counter[str]:
        cards = self.hand + self.me["deck_contents"] + self.me["discard"]
        cards += [c for d in self._dinos(self.me) for c in d["attached"]]
        return Counter(cards)

    def _card_worth(self, key: str) -> float:
        """A Strategy or Item to buy: its effects, less when we own enough of it or of such cards."""
        owned = self._owned()
        if owned[key] >= MAX_COPIES:
            return 0.0
        supply_cards = sum(owned[k] for k in self.cat.supply_cards)
        combat_cards = sum(owned[k] for k in COMBAT_TYPES)
        if supply_cards * COMBAT_CARDS_PER_SUPPLY_CARD >= combat_cards:
            return 0.0
        card = self.cat.strategies.get(key) or self.cat.items[key]
        return effects_value(card.effects)

    def _combat_card_wanted(self) -> str:
        """The Combat Card type our Dinosaurs' attacks and reactions use most, against what we own."""
        need: Counter[str] = Counter({"attack": 2, "evade": 1, "defend": 1})
        for dino in self._dinos(self.me):
            for attack in self.cat.dino(dino["tag"]).attacks:
                need.update(attack.cost.as_dict())
        owned = self._owned()
        return max(COMBAT_TYPES, key=lambda k: need[k] / (1 + owned[k]))

    # --- the end of the turn and forced choices ------------------------------------------------------
    def _keep(self, legal: list[Action]) -> Action:
        """Knock out with an Item before the hand is discarded; then keep the card most useful next turn,
        never a Status card."""
        if (ko := self._knockout_mine(legal)) is not None:
            return ko
        keeps = [a for a in legal if a.verb == "keep" and a.args[0] not in STATUS_TYPES]
        if not keeps:
            return Action("pass")
        return max(keeps, key=lambda a: self._keep_worth(str(a.args[0])))

    def _keep_worth(self, key: str) -> float:
        if key in self.cat.strategies:
            return 10 + effects_value(self.cat.strategies[key].effects)
        if key in self.cat.items:
            return 5 + effects_value(self.cat.items[key].effects) / 4
        return 1 + (key == self._combat_card_wanted())

    def _discard_order(self, key: str) -> float:
        """Discard a Paralyze (it blocks attacks) or Wound first, Poison (it hurts) last."""
        if key == "paralyze":
            return -2
        if key == "wound":
            return -1
        if key == "poison":
            return 100
        return self._keep_worth(key)

    def _purge(self, legal: list[Action]) -> Action:
        """Purge Wounds (they score against us), then Poison and Paralyze; nothing else."""
        for junk in ("wound", "poison", "paralyze"):
            if Action("purge", (junk,)) in legal:
                return Action("purge", (junk,))
        return Action("pass")

    def _promote_worth(self, tag: str) -> tuple[bool, int]:
        """Promote a Dinosaur that can attack at once, the healthiest."""
        dino = self._my_dino(tag)
        assert dino is not None
        return bool(self._payable_attacks(dino)), dino["hp"]


# --- evaluation for search --------------------------------------------------------------------------
def is_quiet(game: Any, state: DinoState) -> bool:
    """A position to judge as it stands: no attack, card effect or promotion half resolved."""
    return state.attack is None and all(step.priority() >= TURN_WINDOW for step in state.steps)


def evaluate(game: Any, state: DinoState, seat: int) -> float:
    """A sampled position's worth for `seat` in [0, 1]: the fitted chance to win (evaluation.py)."""
    return win_chance(game, state, seat)


__all__ = ["HeuristicPlayer", "evaluate", "is_quiet"]
