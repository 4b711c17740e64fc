"""The robot of the solitaire game (the seed rulebook, RESEARCH.md §4), as automatic steps.

The robot has no freedom: after the player has chosen, the engine rolls its two dice with the
state's Rng and lays them on the dice row (`place_dice`); in each phase, after the player, the robot
does its Action when a die lies on the phase's field, its Reaction when only the player chose the
phase (`act`). Every step is one line of the narration ("Robot ..."). Its components that the seed
does not print are data in `robot.toml`, checked here (`robot_data`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Literal

import msgspec

from cardtable.core import CardDataError, Rng, seat_mark
from cardtable.core.carddata import load_card_file
from cardtable.core.lines import by

from .cards import FLAGS, Catalog, catalog
from .chance import draw as chance_draw
from .chance import take
from .state import ACTIONS, SEARCH, Player, RftgAuto, RftgState, RobotState, RoundPhase, base_action

ROBOT_FILE = Path(__file__).with_name("robot.toml")
ROBOT = 1
#: the robot as the narration names it (the author of its lines)
NAME = "Robot"
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
#: the two sides of Damaged Alien Factory's robot tile
FLIP = ("trade", "produce")
#: card flags in the narration's words
FLAG_WORDS = {"chromo": "Uplift", "alien": "an Alien", "rebel": "Rebel", "imperium": "IMPERIUM"}


# --- the data file ---------------------------------------------------------------------------------
class Difficulty(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    markers: int
    value: int


class Tracks(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    credit_max: int
    economy_max: int


class PrestigeRules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    #: credit the robot gains with the sole prestige leader's round-start bonus
    leader_credit: int


class Die(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    faces: tuple[str, ...]
    reconstructed: dict[str, str] = {}


Search = Literal["non-military", "military", "any", "alien", "military-alien-or-non-military"]
SEARCH_WORDS: dict[str, str] = {
    "non-military": "a non-military world",
    "military": "a military world",
    "any": "any world",
    "alien": "an Alien world",
    "military-alien-or-non-military": "a military Alien world or a non-military world",
}


class DeckSearch(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Doomed World's first Settle Action: search the deck for a non-military world of `min_vp` VP or
    more, place it, then credit and economy up; the tile and the start world are discarded."""

    min_vp: int
    credit: int
    economy: int


class StartWorld(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A start world of the robot with its tiles (robot.toml's header names each field); every field
    but the first four defaults to the board's printed Action or Reaction."""

    key: str
    number: int
    tile: str
    credit: int = 1
    economy: int = 0
    hand: int = 4
    tile_after_trade: str = ""
    tile_flips: bool = False
    explore_more: int = 0
    develop_action_more: int = 0
    develop_reaction_more: int = 0
    develop_six_free: bool = False
    develop_reaction_marker_price: int = 3
    develop_reaction_pays_six_only: bool = False
    settle_search: Search = "non-military"
    settle_reaction_search: Search = "non-military"
    settle_action_draw: int = 3
    settle_reaction_draw: int = 2
    settle_more_per: str = ""
    settle_reaction_credit: bool = True
    first_settle_action: DeckSearch | None = None
    never: tuple[str, ...] = ()
    prestige_for: tuple[str, ...] = ()
    trade_credit: int = 2
    x2_economy: int = 1
    x2_prestige_with: str = ""
    produce_credit: int = 0
    reconstructed: dict[str, str] = {}


class Meta(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    source: str


class RobotFile(
    msgspec.Struct, forbid_unknown_fields=True, frozen=True, rename={"dice": "die", "starts": "start"}
):
    meta: Meta
    difficulty: dict[str, Difficulty]
    tracks: Tracks
    prestige: PrestigeRules
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
    _check_dice(data, fail)
    _check_starts(data, cat, fail)
    return data


def _check_dice(data: RobotFile, fail: Callable[[str], None]) -> None:
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


def _check_starts(data: RobotFile, cat: Catalog, fail: Callable[[str], None]) -> None:
    every = catalog(3)
    keys = [w.key for w in data.starts]
    allowed = sorted(k for k in every.start_worlds if (every[k].number or 0) >= 0)
    if sorted(keys) != allowed:
        fail(f"one entry per start world 0-15 ({', '.join(allowed)}), not {', '.join(keys)}")
    missing = [k for k in cat.start_worlds if k not in keys]
    if missing:
        fail(f"no entry for the start worlds {', '.join(missing)}")
    fields = tuple(f for f in StartWorld.__struct_fields__ if f not in ("key", "reconstructed"))
    for w in data.starts:
        where = f"start world {w.key}"
        if every[w.key].number != w.number:
            fail(f"{where}: number {w.number}, but the card is number {every[w.key].number}")
        if not 0 <= w.credit <= data.tracks.credit_max or not 0 <= w.economy <= data.tracks.economy_max:
            fail(f"{where}: credit and economy must lie on their tracks")
        if w.tile not in SYMBOL_FIELDS or w.tile_after_trade not in ("", *SYMBOL_FIELDS):
            fail(f"{where}: the robot tile shows an action symbol ({', '.join(SYMBOL_FIELDS)})")
        if w.tile_flips and w.tile not in FLIP:
            fail(f"{where}: a tile that turns over shows {' or '.join(FLIP)}")
        counts = (w.explore_more, w.develop_action_more, w.develop_reaction_more, w.trade_credit)
        if w.hand < 1 or min(w.settle_action_draw, w.settle_reaction_draw, *counts) < 0:
            fail(f"{where}: card counts must be positive")
        flags = (*w.never, *w.prestige_for, *(f for f in (w.settle_more_per, w.x2_prestige_with) if f))
        unknown = [f for f in flags if f not in FLAGS]
        if unknown:
            fail(f"{where}: unknown card flags {', '.join(unknown)} (flags: {', '.join(FLAGS)})")
        _check_flags(w.reconstructed, fields, where, fail)


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
    """The robot of `path` (by default `robot.toml`), checked against the cards of `cat`."""
    return check_robot_data(load_card_file(path, RobotFile), cat, str(path))


def with_robot(cat: Catalog, data: RobotFile) -> Catalog:
    """`cat` (its tables shared) with the robot `data`: the catalog a solitaire game's steps read."""
    out = copy.copy(cat)
    out.robot = data
    return out


def robot_of(cat: Catalog) -> RobotFile:
    """The robot of the solitaire game whose steps read `cat` (`with_robot`)."""
    if cat.robot is None:
        raise ValueError("the robot plays only in the solitaire game")
    return cat.robot


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


def says(s: RftgState, text: str) -> None:
    """Narrate the robot's act `text` (a line of its own: `core.lines.by`)."""
    s.log.append(by(NAME, text))


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
    legen"). `actions` are the player's two action cards (the markers; a prestige action is its card,
    Search no marker: RULES.md)."""
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
    markers = sorted({base_action(a) for a in actions if a != SEARCH}, key=ACTIONS.index)
    matches = [i for i, s in enumerate(symbols) if s == "match"]
    if matches and len(markers) == 1:  # the player's other card is Search, which the robot never takes
        marker = markers[0]
        for i in matches:
            free = [f for f in (marker, *SYMBOL_FIELDS[SYMBOL_OF[marker]]) if f not in fields]
            fields[i] = free[0] if free else marker
            why[i] = "match, your other action is Search: under your marker"
    elif len(matches) == 2:
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
    says(s, f"Robot rolls {' and '.join(FACE_NAMES[f] for f in r.dice)}.")
    placed = "; ".join(
        f"{FACE_NAMES[f]} on {FIELD_NAMES[field]}" for f, field in zip(r.dice, r.fields, strict=True)
    )
    says(s, f"Robot's dice: {placed}.")


# --- the tracks and prestige ----------------------------------------------------------------------------
def _credit(data: RobotFile, r: RobotState, by: int) -> None:
    r.credit = max(0, min(data.tracks.credit_max, r.credit + by))


def _economy(data: RobotFile, r: RobotState, by: int) -> None:
    r.economy = max(0, min(data.tracks.economy_max, r.economy + by))


def _vp(s: RftgState, vp: int) -> None:
    r = _robot(s)
    if vp > 0:
        r.chips += vp
        s.pool -= vp


def _prestige(cat: Catalog, r: RobotState, n: int) -> int:
    """Prestige the robot gains (set 3 only: the seed's page 6); it marks the round it was gained in."""
    if cat.level < 3 or n <= 0:
        return 0
    r.prestige += n
    r.prestige_turn = True
    return n


def _place(cat: Catalog, world: StartWorld, r: RobotState, card: str) -> str:
    """The robot places `card` on its pile: prestige for the prestige symbol ("Der Roboter erhält
    Prestige wenn er eine Karte ausspielt, die beim Ausspielen Prestige gibt") and for the flags its
    tiles reward (Rebel Freedom Fighters); the words for the narration ("" none)."""
    r.tableau.append(card)
    flags = cat[card].flags
    symbol = _prestige(cat, r, 1 if "prestige" in flags else 0)
    tiles = _prestige(cat, r, sum(1 for f in world.prestige_for if f in flags))
    said = [f"{symbol} prestige for its prestige symbol"] if symbol else []
    said += [f"{tiles} prestige from {cat[r.start].name}"] if tiles else []
    return ", ".join(said)


def prestige_awards(cat: Catalog, s: RftgState) -> None:
    """The round's start with prestige (set 3): every player with the most prestige (more than 0) gets
    1 VP; the sole leader who gained prestige last round also gets a card (the robot: onto its hand
    pile, and its credit rises by 1; "Wenn der Roboter zu Beginn der Runde eindeutig das größte
    Prestige besitzt und er in der vorigen Runde mindestens 1 Prestige erworben hat ...")."""
    if cat.level < 3:
        return
    r, p = _robot(s), s.players[0]
    most = max(r.prestige, p.prestige)
    leaders = [who for who, n in (("A", p.prestige), ("Robot", r.prestige)) if most > 0 and n == most]
    sole = len(leaders) == 1
    if "A" in leaders:
        p.chips += 1
        s.pool -= 1
        card = sole and p.prestige_turn
        s.log.append(f"{seat_mark(0)} earns 1 VP{' and a card' if card else ''} as Prestige Leader.")
        if card:
            chance_draw(cat, s, 0, 1)
    if "Robot" in leaders:
        _vp(s, 1)
        if sole and r.prestige_turn:
            got = draw(cat, s, 1)
            data = robot_of(cat)
            credit = data.prestige.leader_credit
            _credit(data, r, credit)
            what = "a card" if got else "no card (the deck is empty)"
            says(s, f"Robot earns 1 VP, {what} and {credit} credit as Prestige Leader.")
        else:
            says(s, "Robot earns 1 VP as Prestige Leader.")
    p.prestige_turn = False
    r.prestige_turn = False


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


def _allowed(cat: Catalog, world: StartWorld, card: str) -> bool:
    """Whether the robot may place `card` at all (Rebel Freedom Fighters: never an IMPERIUM card)."""
    return not any(f in cat[card].flags for f in world.never)


def finds(cat: Catalog, kind: str, card: str) -> bool:
    """Whether `card` is a world of the kind a Settle search wants (`Search`)."""
    c = cat[card]
    alien = "alien" in c.flags
    return (
        c.is_world
        and {
            "non-military": not c.military,
            "military": c.military,
            "any": True,
            "alien": alien,
            "military-alien-or-non-military": not c.military or alien,
        }[kind]
    )


def _tile(cat: Catalog, r: RobotState, changes: list[str]) -> str:
    """The narration's words for what the start world's tiles change here ("" none)."""
    if not changes:
        return ""
    return f"{cat[r.start].name} {_and(changes)}; "


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _never(world: StartWorld) -> list[str]:
    """The rules of its tiles for every card it places (Rebel Freedom Fighters)."""
    kinds = [FLAG_WORDS.get(f, f) for f in world.never]
    out = [f"never places {' or '.join(kinds)} cards"] if kinds else []
    return out + [f"gains 1 prestige per {FLAG_WORDS.get(f, f)} card it places" for f in world.prestige_for]


def _refused(
    cat: Catalog, world: StartWorld, r: RobotState, turned: list[str], wanted: Callable[[str], bool]
) -> str:
    """The narration's words for the cards of the type wanted that its tiles never place ("" none)."""
    names = [cat[c].name for c in turned if wanted(c) and not _allowed(cat, world, c)]
    if not names:
        return ""
    kinds = " or ".join(FLAG_WORDS.get(f, f) for f in world.never)
    return f"{cat[r.start].name} never places {kinds} cards ({', '.join(names)}); "


def _drawn(got: int, wanted: int) -> str:
    return f"draws {wanted}" if got == wanted else f"draws {got} of {wanted} (the deck ran out)"


# --- what each tile changes (the narration and the view) ------------------------------------------------
def explore_changes(world: StartWorld) -> list[str]:
    return [f"draws {world.explore_more} more"] if world.explore_more else []


def develop_changes(world: StartWorld, reaction: bool) -> list[str]:
    out: list[str] = []
    if reaction:
        if world.develop_reaction_more:
            out.append(f"draws {world.develop_reaction_more}")
        if world.develop_reaction_marker_price != 3:
            out.append(f"pays {world.develop_reaction_marker_price} credit for a marker")
        if world.develop_reaction_pays_six_only:
            out.append("pays credit only for a 6-cost development")
    else:
        if world.develop_action_more:
            out.append(f"draws {world.develop_action_more} more")
        if world.develop_six_free:
            out.append("needs no credit for a 6-cost development")
    return out


def settle_changes(cat: Catalog, world: StartWorld, reaction: bool, first: bool = False) -> list[str]:
    if not reaction and first and world.first_settle_action is not None:
        deck = world.first_settle_action
        return [
            f"searches the deck for a non-military world of {deck.min_vp} VP or more (its first Settle "
            f"Action), credit +{deck.credit}, economy +{deck.economy}"
        ]
    kind = world.settle_reaction_search if reaction else world.settle_search
    more = (world.settle_reaction_draw - 2) if reaction else (world.settle_action_draw - 3)
    out = [f"searches {SEARCH_WORDS[kind]}"] if kind != "non-military" else []
    if more:
        out.append(f"draws {more} more")
    if world.settle_more_per:
        out.append(f"draws 1 more per {FLAG_WORDS.get(world.settle_more_per, world.settle_more_per)} world")
    if reaction and not world.settle_reaction_credit:
        out.append("needs no credit")
    return out


def consume_changes(world: StartWorld, symbol: str) -> list[str]:
    out: list[str] = []
    if symbol in ("trade", "both") and world.trade_credit != 2:
        out.append(f"credit +{world.trade_credit} for Trade")
    if symbol in ("x2", "both") and world.x2_economy != 1:
        out.append("no economy for 2x VP" if not world.x2_economy else f"economy +{world.x2_economy}")
    if symbol in ("x2", "both") and world.x2_prestige_with:
        flag = FLAG_WORDS.get(world.x2_prestige_with, world.x2_prestige_with)
        out.append(f"1 prestige for 2x VP with {flag} world in its pile")
    return out


def produce_changes(world: StartWorld) -> list[str]:
    return [f"credit +{world.produce_credit}"] if world.produce_credit else []


def tiles(cat: Catalog, data: RobotFile, r: RobotState) -> list[str]:
    """What the robot's start world changes, one line per Action or Reaction (the view's words)."""
    world = data.start(r.start)
    first = not r.deck_searched
    rows = [
        ("Explore", explore_changes(world)),
        ("Develop Action", develop_changes(world, False)),
        ("Develop Reaction", develop_changes(world, True)),
        ("Settle Action", settle_changes(cat, world, False, first)),
        ("Settle Reaction", settle_changes(cat, world, True)),
        ("Consume", consume_changes(world, "both")),
        ("Produce Action", produce_changes(world)),
        ("Every card", _never(world)),
    ]
    out = [f"{name}: {_and(words)}" for name, words in rows if words]
    if world.tile_after_trade and not r.swapped:
        out.append(f"the robot tile becomes {FACE_NAMES[world.tile_after_trade]} after its first Trade")
    if world.tile_flips:
        out.append("the robot tile turns over after each Action it shows (Consume: Trade, Produce)")
    return out


# --- the robot's Action and Reaction per phase ---------------------------------------------------------
class RobotAct(RftgAuto, tag="robot-act"):
    """The robot's turn in `phase`, after the player's (seed, step 3): see `act`."""

    phase: RoundPhase

    def run(self, cat: Catalog, s: RftgState) -> None:
        act(cat, robot_of(cat), s, s.players[0], self.phase)


def act(cat: Catalog, data: RobotFile, s: RftgState, player: Player, phase: str) -> None:
    """The robot's turn in `phase`, after the player: its Action if a die lies on the phase's field,
    its Reaction if only the player chose the phase, else nothing (never in the player's Search)."""
    r = _robot(s)
    chosen = [base_action(a) for a in player.actions]
    if phase == "explore":
        on = [f for f in r.fields if SYMBOL_OF[f] == "explore"]
        if on or any(a.startswith("explore") for a in chosen):
            _explore(cat, data, s, action=bool(on), both=len(set(on)) == 2)
    elif phase in ("develop", "develop2"):
        if phase in r.fields or phase in chosen:
            _develop(cat, data, s, reaction=phase not in r.fields)
    elif phase in ("settle", "settle2"):
        if phase in r.fields or phase in chosen:
            _settle(cat, data, s, reaction=phase not in r.fields)
    elif phase == "consume":
        _consume(cat, data, s, chosen)
    elif phase == "produce":
        if "produce" in r.fields:
            _produce(cat, data, s)
        elif "produce" in chosen:
            says(s, "Robot, Produce Reaction: passes.")


def _explore(cat: Catalog, data: RobotFile, s: RftgState, action: bool, both: bool) -> None:
    """ "Der Roboter zieht 1 Karte und erhöht sein Guthaben um 1. Falls er beide Erkunden Aktionen
    macht, zieht er 3 Karten" (Action); the Reaction draws 1; tiles draw more."""
    r = _robot(s)
    world = data.start(r.start)
    wanted = (3 if both else 1) + world.explore_more
    got = draw(cat, s, wanted)
    name = "Explore Reaction"
    if action:
        _credit(data, r, 1)
        name = "both Explore Actions" if both else "Explore Action"
    credit = ", credit +1" if action else ""
    tile = _tile(cat, r, explore_changes(world))
    says(s, f"Robot, {name}: {tile}{_drawn(got, wanted)}{credit}.")


def _develop(cat: Catalog, data: RobotFile, s: RftgState, reaction: bool) -> None:
    r = _robot(s)
    world = data.start(r.start)
    name = "Develop Reaction" if reaction else "Develop Action"
    tile = _tile(cat, r, develop_changes(world, reaction))
    price = world.develop_reaction_marker_price if reaction else 2
    if r.supply > 0 and r.credit >= price:
        r.supply -= 1
        r.markers += 1
        r.credit -= price
        cheaper = _tile(cat, r, [f"pays {price} credit for a marker"] if reaction and price != 3 else [])
        says(s, f"Robot, {name}: {cheaper}places a 6-cost marker worth {r.value} VP and pays {price} credit.")
        return
    if reaction and r.credit == 0:
        says(s, f"Robot, {name}: no credit, passes.")
        return
    wanted = world.develop_reaction_more if reaction else 1 + world.develop_action_more
    got = draw(cat, s, wanted)

    def pays(card: str) -> int:
        six = cat[card].cost >= 6
        if reaction:
            return 1 if six or not world.develop_reaction_pays_six_only else 0
        return 1 if six and not world.develop_six_free else 0

    def development(card: str) -> bool:
        return cat[card].type == "development"

    found, turned = search(
        cat, s, lambda c: development(c) and _allowed(cat, world, c), lambda c: pays(c) <= r.credit
    )
    drew = f"{_drawn(got, wanted)}, " if wanted else ""
    drew += _refused(cat, world, r, turned, development)
    if found is None:
        says(s, f"Robot, {name}: {tile}{drew}{_turned(cat, turned)}finds no development.")
        return
    price = pays(found)
    r.credit -= price
    gained = _place(cat, world, r, found)
    paid = f"pays {price} credit" if price else "free"
    says(
        s,
        f"Robot, {name}: {tile}{drew}{_turned(cat, turned)}places {cat[found].name} "
        f"(cost {cat[found].cost}), {paid}{', ' + gained if gained else ''}.",
    )


def _settle(cat: Catalog, data: RobotFile, s: RftgState, reaction: bool) -> None:
    r = _robot(s)
    world = data.start(r.start)
    if not reaction and world.first_settle_action is not None and not r.deck_searched:
        _deck_search(cat, data, s, world, world.first_settle_action)
        return
    name = "Settle Reaction" if reaction else "Settle Action"
    tile = _tile(cat, r, settle_changes(cat, world, reaction))
    kind = world.settle_reaction_search if reaction else world.settle_search
    pays = reaction and world.settle_reaction_credit
    if pays and r.credit == 0:
        says(s, f"Robot, {name}: no credit, passes.")
        return
    wanted = world.settle_reaction_draw if reaction else world.settle_action_draw
    if world.settle_more_per:
        wanted += sum(1 for c in r.tableau if cat[c].is_world and world.settle_more_per in cat[c].flags)
    got = draw(cat, s, wanted)
    found, turned = search(cat, s, lambda c: finds(cat, kind, c) and _allowed(cat, world, c))
    words = SEARCH_WORDS[kind].removeprefix("a ").removeprefix("an ")
    drew = f"{_drawn(got, wanted)}, {_turned(cat, turned)}"
    drew += _refused(cat, world, r, turned, lambda c: finds(cat, kind, c))
    if found is None:
        says(s, f"Robot, {name}: {tile}{drew}finds no {words}.")
        return
    if pays:
        r.credit -= 1
    gained = _place(cat, world, r, found)
    military = "military world" if cat[found].military else "non-military world"
    paid = "pays 1 credit" if pays else "free"
    says(
        s,
        f"Robot, {name}: {tile}{drew}places {cat[found].name} ({military}), {paid}"
        f"{', ' + gained if gained else ''}.",
    )


def _deck_search(cat: Catalog, data: RobotFile, s: RftgState, world: StartWorld, deck: DeckSearch) -> None:
    """Doomed World's first Settle Action: "Der Roboter sucht im Nachziehstapel (nicht in seinem
    Handkartenstapel!), bis er eine nicht-militärische Welt mit 3 oder mehr Siegpunkten findet und legt
    sie aus. Anschließend erhöht er sein Guthaben um 2 und seine Wirtschaftskraft um 1. Danach wirft er
    das Modifikationsplättchen auf seiner Anzeigetafel und die Karte Sterbende Welt ab." Cards turned
    over and not wanted go to the discard pile (Suchen)."""
    r = _robot(s)
    r.deck_searched = True
    turned: list[str] = []
    found = None
    for _ in range(len(s.deck) + len(s.discard)):  # every card at most once, a reshuffle included
        card = take(cat, s, ROBOT, "reveal")
        if card is None:
            break
        c = cat[card]
        if c.is_world and not c.military and c.vp >= deck.min_vp and _allowed(cat, world, card):
            found = card
            break
        turned.append(card)
        s.discard.append(card)
    gained = _place(cat, world, r, found) if found is not None else ""
    _credit(data, r, deck.credit)
    _economy(data, r, deck.economy)
    r.tableau.remove(r.start)
    s.discard.append(r.start)
    placed = f"places {cat[found].name} ({cat[found].vp} VP)" if found else "finds none"
    tile = _tile(cat, r, settle_changes(cat, world, False, first=True))
    says(
        s,
        f"Robot, Settle Action: {tile}{_turned(cat, turned)}{placed}{', ' + gained if gained else ''}; "
        f"{cat[r.start].name} and its tile are discarded.",
    )


def _consume(cat: Catalog, data: RobotFile, s: RftgState, chosen: list[str]) -> None:
    r = _robot(s)
    world = data.start(r.start)
    trade, x2 = "consume-trade" in r.fields, "consume-x2" in r.fields
    eco = r.economy
    if not trade and not x2:
        if any(a.startswith("consume") for a in chosen):
            _vp(s, eco)
            says(s, f"Robot, Consume Reaction: {eco} VP.")
        return
    symbol = "both" if trade and x2 else "trade" if trade else "x2"
    vp = 2 * eco if x2 else eco
    _vp(s, vp)
    said = [f"{vp} VP"]
    if trade:
        _credit(data, r, world.trade_credit)
        said.insert(0 if not x2 else 1, f"credit +{world.trade_credit}")
    if x2 and world.x2_economy:
        _economy(data, r, world.x2_economy)
        said.append(f"economy +{world.x2_economy}")
    flag = world.x2_prestige_with
    if x2 and flag and any(flag in cat[c].flags and cat[c].is_world for c in r.tableau if c != r.start):
        said.append(f"{_prestige(cat, r, 1)} prestige")
    name = {"both": "both Consume Actions", "trade": "Consume: Trade Action", "x2": "Consume: 2x VP Action"}
    tile = _tile(cat, r, consume_changes(world, symbol))
    says(s, f"Robot, {name[symbol]}: {tile}{', '.join(said)}.")
    if trade:
        _turn_tile(data, s, world, "trade")


def _produce(cat: Catalog, data: RobotFile, s: RftgState) -> None:
    r = _robot(s)
    world = data.start(r.start)
    _economy(data, r, 1)
    _credit(data, r, world.produce_credit)
    credit = f", credit +{world.produce_credit}" if world.produce_credit else ""
    says(s, f"Robot, Produce Action: {_tile(cat, r, produce_changes(world))}economy +1{credit}.")
    _turn_tile(data, s, world, "produce")


def _turn_tile(data: RobotFile, s: RftgState, world: StartWorld, done: str) -> None:
    """Old Earth: after its first Consume: Trade Action the robot tile shows 2x VP. Damaged Alien
    Factory: "Jedes Mal, wenn das Roboter-Plättchen ($) zeigt, wird es nach der Aktion Verbrauchen:
    Handeln auf die Seite (+) umgedreht", and back after the Produce Action."""
    r = _robot(s)
    after = world.tile_after_trade
    if done == "trade" and after and not r.swapped:
        r.swapped = True
        r.tile = after
        says(s, f"Robot: after its first Consume: Trade Action, its tile shows {FACE_NAMES[after]}.")
    elif world.tile_flips and r.tile == done:
        r.tile = FLIP[1 - FLIP.index(done)]
        says(s, f"Robot: its tile turns over and shows {FACE_NAMES[r.tile]}.")


# --- end and score -------------------------------------------------------------------------------------
def breakdown(cat: Catalog, r: RobotState) -> dict[str, int]:
    """Chips, printed VP of its pile, 6-cost developments and markers at the difficulty's value, and
    with set 3 its prestige ("Bei Spielende zählt jeder Prestige-Punkt, den der Roboter besitzt, 1
    Siegpunkt")."""
    six = sum(1 for k in r.tableau if cat[k].six_cost)
    printed = sum(cat[k].vp for k in r.tableau if not cat[k].six_cost)
    six_vp = (six + r.markers) * r.value
    total = r.chips + printed + six_vp + r.prestige
    return {"chips": r.chips, "cards": printed, "six_cost": six_vp, "prestige": r.prestige, "total": total}


def tiebreak(r: RobotState) -> int:
    """The solo tie-break: the robot's credit + economy against the player's hand + goods."""
    return r.credit + r.economy
