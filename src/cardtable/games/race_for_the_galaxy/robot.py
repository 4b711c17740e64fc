"""The robot of the solitaire game (the seed rulebook, RESEARCH.md §4), as automatic steps.

The robot has no freedom: after the player has chosen, the engine rolls its two dice with the
state's Rng and lays them on the dice row (`place_dice`); in each phase, after the player, the robot
does its Action when a die lies on the phase's field, its Reaction when only the player chose the
phase (`act`). Every step is one line of the narration ("Robot ..."). Its components that the seed
does not print are data in `robot.toml`, checked here (`robot_data`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import msgspec

from cardtable.core import CardDataError, Rng
from cardtable.core.carddata import load_card_file

from .cards import Catalog
from .chance import take
from .state import ACTIONS, Player, RftgAuto, RftgState, RobotState, RoundPhase

ROBOT_FILE = Path(__file__).with_name("robot.toml")
ROBOT = 1
#: the dice-row symbols and their fields, left to right (one field per action card)
SYMBOL_FIELDS: dict[str, tuple[str, ...]] = {
    "explore": ("explore-5", "explore-1-1"),
    "develop": ("develop", "develop2"),
    "settle": ("settle", "settle2"),
    "trade": ("consume-trade",),
    "x2": ("consume-x2",),
    "produce": ("produce",),
}
FACES = (*SYMBOL_FIELDS, "match", "robot")
SYMBOL_OF = {field: symbol for symbol, fields in SYMBOL_FIELDS.items() for field in fields}
FACE_NAMES = {
    "explore": "Explore",
    "develop": "Develop",
    "settle": "Settle",
    "trade": "Consume: Trade",
    "x2": "Consume: 2x VP",
    "produce": "Produce",
    "match": "Match",
    "robot": "Robot",
}
FIELD_NAMES = {
    "explore-5": "Explore (left)",
    "explore-1-1": "Explore (right)",
    "develop": "Develop (left)",
    "develop2": "Develop (right)",
    "settle": "Settle (left)",
    "settle2": "Settle (right)",
    "consume-trade": "Consume: Trade",
    "consume-x2": "Consume: 2x VP",
    "produce": "Produce",
}
DIFFICULTIES = ("easy", "medium", "hard")


# --- the data file ---------------------------------------------------------------------------------
class Difficulty(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    markers: int
    value: int


class Tracks(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    credit_max: int
    economy_max: int


class Die(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    faces: tuple[str, ...]
    reconstructed: dict[str, str] = {}


class StartWorld(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key: str
    number: int
    credit: int
    economy: int
    hand: int
    tile: str
    tile_after_trade: str
    settle_military: bool
    settle_action_draw: int
    settle_reaction_draw: int
    settle_reaction_credit: bool
    reconstructed: dict[str, str] = {}


class Meta(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    source: str


class RobotFile(
    msgspec.Struct, forbid_unknown_fields=True, frozen=True, rename={"dice": "die", "starts": "start"}
):
    meta: Meta
    difficulty: dict[str, Difficulty]
    tracks: Tracks
    dice: tuple[Die, ...]
    starts: tuple[StartWorld, ...]

    def start(self, key: str) -> StartWorld:
        return next(w for w in self.starts if w.key == key)


def check_robot_data(data: RobotFile, cat: Catalog, source: str) -> RobotFile:
    """Every rule the seed states about the components; CardDataError names the fault."""

    def fail(message: str) -> None:
        raise CardDataError(f"{source}: {message}")

    if sorted(data.difficulty) != sorted(DIFFICULTIES):
        fail(f"difficulty needs exactly {', '.join(DIFFICULTIES)}, not {', '.join(sorted(data.difficulty))}")
    for name, level in data.difficulty.items():
        if not 1 <= level.markers <= 3 or level.value not in (6, 9):
            fail(f"difficulty {name}: 1-3 markers worth 6 or 9 VP (SPIELVORBEREITUNG)")
    if len(data.dice) != 2:
        fail(f"the robot rolls two dice, not {len(data.dice)}")
    for die in data.dice:
        if len(die.faces) != 6:
            fail(f"die {die.name} needs 6 faces, not {len(die.faces)}")
        for face in die.faces:
            if face not in FACES:
                fail(f"die {die.name}: unknown face {face!r} (faces: {', '.join(FACES)})")
        _check_flags(die.reconstructed, ("faces",), f"die {die.name}", fail)
    with_robot = [d.name for d in data.dice if "robot" in d.faces]
    if len(with_robot) != 1 or next(d for d in data.dice if "robot" in d.faces).faces.count("robot") != 2:
        fail("the robot symbol is on one die, twice (seed, ÜBERBLICK)")
    if not all("match" in d.faces for d in data.dice):
        fail("both dice can show match (seed, 'Zeigen beide Würfel das Symbol Übereinstimmung')")
    rolled = {f for d in data.dice for f in d.faces}
    missing = [s for s in SYMBOL_FIELDS if s not in rolled]
    if missing:
        fail(f"no die shows {', '.join(missing)}")
    keys = [w.key for w in data.starts]
    if sorted(keys) != sorted(cat.start_worlds):
        worlds = ", ".join(cat.start_worlds)
        fail(f"one entry per start world of cards.toml ({worlds}), not {', '.join(keys)}")
    fields = tuple(f for f in StartWorld.__struct_fields__ if f not in ("key", "reconstructed"))
    for w in data.starts:
        where = f"start world {w.key}"
        if not 0 <= w.credit <= data.tracks.credit_max or not 0 <= w.economy <= data.tracks.economy_max:
            fail(f"{where}: credit and economy must lie on their tracks")
        if w.tile not in SYMBOL_FIELDS or w.tile_after_trade not in ("", *SYMBOL_FIELDS):
            fail(f"{where}: the robot tile shows an action symbol ({', '.join(SYMBOL_FIELDS)})")
        if w.hand < 1 or w.settle_action_draw < 0 or w.settle_reaction_draw < 0:
            fail(f"{where}: card counts must be positive")
        _check_flags(w.reconstructed, fields, where, fail)
    return data


def _check_flags(
    flags: dict[str, str], fields: tuple[str, ...], where: str, fail: Callable[[str], None]
) -> None:
    for name, reason in flags.items():
        if name not in fields:
            fail(f"{where}: reconstructed names {name!r}, which is no field ({', '.join(fields)})")
        if not reason.strip():
            fail(f"{where}: reconstructed {name} needs its reason")


@cache
def robot_data(cat: Catalog, path: Path = ROBOT_FILE) -> RobotFile:
    return check_robot_data(load_card_file(path, RobotFile), cat, str(path))


# --- set-up ------------------------------------------------------------------------------------------
def new_robot(data: RobotFile, start: str, difficulty: str) -> RobotState:
    world = data.start(start)
    level = data.difficulty[difficulty]
    return RobotState(
        start=start,
        tile=world.tile,
        credit=world.credit,
        economy=world.economy,
        supply=level.markers,
        value=level.value,
        tableau=[start],
    )


def draw(cat: Catalog, s: RftgState, count: int) -> int:
    """The robot draws: cards go from the deck onto its face-down hand pile, unseen."""
    r = _robot(s)
    got = 0
    for _ in range(count):
        card = take(cat, s, ROBOT, "draw")
        if card is None:
            break
        r.hand.append(card)
        got += 1
    return got


def _robot(s: RftgState) -> RobotState:
    assert s.robot is not None, "no robot in this game"
    return s.robot


def cards(r: RobotState) -> int:
    """Its tableau for the end of the game: the cards of its pile and the markers beside it."""
    return len(r.tableau) + r.markers


# --- the dice ----------------------------------------------------------------------------------------
def roll(data: RobotFile, rng: Rng) -> list[str]:
    return [rng.choice(list(die.faces)) for die in data.dice]


def place_dice(faces: list[str], tile: str, actions: list[str]) -> tuple[list[str], list[str]]:
    """The field of each die on the dice row, and why, one reason per die ("Würfel in die Würfelreihe
    legen"). `actions` are the player's two action cards (the markers)."""
    symbols = [tile if f == "robot" else f for f in faces]
    fields = ["", ""]
    why = ["", ""]
    for symbol in dict.fromkeys(symbols):
        if symbol == "match":
            continue
        slots = SYMBOL_FIELDS[symbol]
        same = [i for i, s in enumerate(symbols) if s == symbol]
        for j, i in enumerate(same):
            fields[i] = slots[min(j, len(slots) - 1)]
            if len(slots) == 1:
                why[i] = "its field"
            elif len(same) == 1:
                why[i] = f"a single {FACE_NAMES[symbol]} die: the left field"
            else:
                why[i] = f"two {FACE_NAMES[symbol]} dice: both fields"
            if faces[i] == "robot":
                why[i] = f"the robot tile shows {FACE_NAMES[symbol]}; " + why[i]
    markers = sorted(actions, key=ACTIONS.index)
    matches = [i for i, s in enumerate(symbols) if s == "match"]
    if len(matches) == 2:
        for i, marker in zip(matches, markers, strict=True):
            fields[i] = marker
            why[i] = "two match dice: under your markers"
    elif len(matches) == 1:
        i = matches[0]
        other = fields[1 - i]
        left, right = markers
        if SYMBOL_OF[left] == SYMBOL_OF[right]:
            fields[i] = left if other != left else right
            why[i] = "match, both your markers on one action: the left field" + (
                "" if other != left else " is taken, so the right one"
            )
        else:
            fields[i] = right if other != right else left
            why[i] = "match: under your rightmost marker" + (
                "" if other != right else ", taken, so under your other marker"
            )
    return fields, why


def roll_and_place(data: RobotFile, s: RftgState, player: Player) -> None:
    r = _robot(s)
    r.dice = roll(data, s.rng)
    r.fields, _ = place_dice(r.dice, r.tile, player.actions)
    s.log.append(f"Robot rolls {' and '.join(FACE_NAMES[f] for f in r.dice)}.")
    placed = "; ".join(
        f"{FACE_NAMES[f]} on {FIELD_NAMES[field]}" for f, field in zip(r.dice, r.fields, strict=True)
    )
    s.log.append(f"Robot's dice: {placed}.")


# --- the tracks --------------------------------------------------------------------------------------
def _credit(data: RobotFile, r: RobotState, by: int) -> None:
    r.credit = max(0, min(data.tracks.credit_max, r.credit + by))


def _economy(data: RobotFile, r: RobotState, by: int) -> None:
    r.economy = max(0, min(data.tracks.economy_max, r.economy + by))


def _vp(s: RftgState, vp: int) -> None:
    r = _robot(s)
    if vp > 0:
        r.chips += vp
        s.pool -= vp


def _tracks(r: RobotState) -> str:
    cards = "1 card" if len(r.hand) == 1 else f"{len(r.hand)} cards"
    return f"credit {r.credit}, economy {r.economy}, {cards} in its hand"


# --- search and place ----------------------------------------------------------------------------------
def search(
    cat: Catalog, s: RftgState, wanted: Callable[[str], bool], keep: Callable[[str], bool] = lambda c: True
) -> tuple[str | None, list[str]]:
    """Turn the robot's hand over card by card from the top until a `wanted` card that it can `keep`
    appears; every other card turned over goes to the discard pile. The card found (None: the pile
    ran out) and the cards discarded."""
    r = _robot(s)
    turned: list[str] = []
    while r.hand:
        card = r.hand.pop()
        if wanted(card) and keep(card):
            return card, turned
        turned.append(card)
        s.discard.append(card)
    return None, turned


def _turned(cat: Catalog, turned: list[str]) -> str:
    if not turned:
        return ""
    return "turns over and discards " + ", ".join(cat[c].name for c in turned) + "; "


# --- the robot's Action and Reaction per phase ---------------------------------------------------------
class RobotAct(RftgAuto, tag="robot-act"):
    """The robot's turn in `phase`, after the player's (seed, step 3): see `act`."""

    phase: RoundPhase

    def run(self, cat: Catalog, s: RftgState) -> None:
        act(cat, robot_data(cat), s, s.players[0], self.phase)


def act(cat: Catalog, data: RobotFile, s: RftgState, player: Player, phase: str) -> None:
    """The robot's turn in `phase`, after the player: its Action if a die lies on the phase's field,
    its Reaction if only the player chose the phase, else nothing."""
    r = _robot(s)
    if phase == "explore":
        on = [f for f in r.fields if SYMBOL_OF[f] == "explore"]
        if on:
            _explore_action(cat, data, s, both=len(set(on)) == 2)
        elif any(a.startswith("explore") for a in player.actions):
            got = draw(cat, s, 1)
            drawn = "1 card" if got == 1 else f"{got} cards"
            s.log.append(f"Robot, Explore Reaction: draws {drawn} ({_tracks(r)}).")
    elif phase in ("develop", "develop2"):
        if phase in r.fields:
            _develop(cat, data, s, reaction=False)
        elif phase in player.actions:
            _develop(cat, data, s, reaction=True)
    elif phase in ("settle", "settle2"):
        if phase in r.fields:
            _settle(cat, data, s, reaction=False)
        elif phase in player.actions:
            _settle(cat, data, s, reaction=True)
    elif phase == "consume":
        _consume(data, s, player)
    elif phase == "produce":
        if "produce" in r.fields:
            _economy(data, r, 1)
            s.log.append(f"Robot, Produce Action: economy +1 ({_tracks(r)}).")
        elif "produce" in player.actions:
            s.log.append("Robot, Produce Reaction: passes.")


def _explore_action(cat: Catalog, data: RobotFile, s: RftgState, both: bool) -> None:
    r = _robot(s)
    got = draw(cat, s, 3 if both else 1)
    _credit(data, r, 1)
    how = "draws 3" if both else "draws 1"
    s.log.append(f"Robot, Explore Action: {how} ({got} drawn), credit +1 ({_tracks(r)}).")


def _develop(cat: Catalog, data: RobotFile, s: RftgState, reaction: bool) -> None:
    r = _robot(s)
    name = "Develop Reaction" if reaction else "Develop Action"
    price = 3 if reaction else 2
    if r.supply > 0 and r.credit >= price:
        r.supply -= 1
        r.markers += 1
        r.credit -= price
        s.log.append(
            f"Robot, {name}: places a 6-cost marker worth {r.value} VP and pays {price} credit "
            f"({_tracks(r)})."
        )
        return
    if reaction and r.credit == 0:
        s.log.append(f"Robot, {name}: no credit, passes.")
        return
    got = 0 if reaction else draw(cat, s, 1)

    def affordable(card: str) -> bool:
        return reaction or cat[card].cost < 6 or r.credit >= 1

    found, turned = search(cat, s, lambda c: cat[c].type == "development", affordable)
    drew = "" if reaction else f"draws {got}, "
    if found is None:
        s.log.append(f"Robot, {name}: {drew}{_turned(cat, turned)}finds no development ({_tracks(r)}).")
        return
    pays = 1 if reaction or cat[found].cost == 6 else 0
    r.credit -= pays
    r.tableau.append(found)
    paid = f"pays {pays} credit" if pays else "free"
    s.log.append(
        f"Robot, {name}: {drew}{_turned(cat, turned)}places {cat[found].name} (cost {cat[found].cost}), "
        f"{paid} ({_tracks(r)})."
    )


def _settle(cat: Catalog, data: RobotFile, s: RftgState, reaction: bool) -> None:
    r = _robot(s)
    world = data.start(r.start)
    name = "Settle Reaction" if reaction else "Settle Action"
    military = world.settle_military
    kind = "military world" if military else "non-military world"
    pays = reaction and world.settle_reaction_credit
    if pays and r.credit == 0:
        s.log.append(f"Robot, {name}: no credit, passes.")
        return
    got = draw(cat, s, world.settle_reaction_draw if reaction else world.settle_action_draw)
    found, turned = search(cat, s, lambda c: cat[c].is_world and cat[c].military == military)
    if found is None:
        s.log.append(f"Robot, {name}: draws {got}, {_turned(cat, turned)}finds no {kind} ({_tracks(r)}).")
        return
    r.tableau.append(found)
    if pays:
        r.credit -= 1
    paid = "pays 1 credit" if pays else "free"
    s.log.append(
        f"Robot, {name}: draws {got}, {_turned(cat, turned)}places {cat[found].name} ({kind}), {paid} "
        f"({_tracks(r)})."
    )


def _consume(data: RobotFile, s: RftgState, player: Player) -> None:
    r = _robot(s)
    trade, x2 = "consume-trade" in r.fields, "consume-x2" in r.fields
    eco = r.economy
    if trade and x2:
        _vp(s, 2 * eco)
        _credit(data, r, 2)
        _economy(data, r, 1)
        s.log.append(f"Robot, both Consume Actions: {2 * eco} VP, credit +2, economy +1 ({_tracks(r)}).")
    elif trade:
        _credit(data, r, 2)
        _vp(s, eco)
        s.log.append(f"Robot, Consume: Trade Action: credit +2, {eco} VP ({_tracks(r)}).")
    elif x2:
        _vp(s, 2 * eco)
        _economy(data, r, 1)
        s.log.append(f"Robot, Consume: 2x VP Action: {2 * eco} VP, economy +1 ({_tracks(r)}).")
    elif any(a.startswith("consume") for a in player.actions):
        _vp(s, eco)
        s.log.append(f"Robot, Consume Reaction: {eco} VP ({_tracks(r)}).")
        return
    after = data.start(r.start).tile_after_trade
    if trade and after and not r.swapped:
        r.swapped = True
        r.tile = after
        s.log.append(f"Robot: after its first Consume: Trade Action, its tile shows {FACE_NAMES[after]}.")


# --- end and score -------------------------------------------------------------------------------------
def breakdown(cat: Catalog, r: RobotState) -> dict[str, int]:
    """Chips, printed VP of its pile, 6-cost developments and markers at the difficulty's value."""
    six = sum(1 for k in r.tableau if cat[k].six_cost)
    printed = sum(cat[k].vp for k in r.tableau if not cat[k].six_cost)
    six_vp = (six + r.markers) * r.value
    return {"chips": r.chips, "cards": printed, "six_cost": six_vp, "total": r.chips + printed + six_vp}


def tiebreak(r: RobotState) -> int:
    """The solo tie-break: the robot's credit + economy against the player's hand + goods."""
    return r.credit + r.economy
