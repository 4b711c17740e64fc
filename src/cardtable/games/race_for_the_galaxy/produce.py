"""Phase V, Produce (RESEARCH.md §2.8): goods on production worlds, windfalls, draw powers."""

from __future__ import annotations

from collections import Counter

from cardtable.core import Action

from . import powers as pw
from .cards import Catalog
from .chance import draw, put_good
from .state import RftgState, Task
from .steps import chose, done, seat_letter


def produce(cat: Catalog, s: RftgState, task: Task) -> bool:
    """Production powers in tableau order (a good on each production world without one; a windfall
    power asks for its world in turn), then the Produce bonus, then every draw (RULES.md "Produce").

    `task.n` is how far along the tableau the step has come (it resumes after a windfall choice).
    """
    seat = task.seat
    p = s.players[seat]
    while task.n < len(p.powered):
        key = p.powered[task.n]
        task.n += 1
        for index, power in cat[key].phase_powers("produce"):
            if power.power == "produce" and key not in p.goods:
                put_good(cat, s, seat, key)
            elif power.power == "windfall":
                s.tasks.insert(0, Task("windfall", seat, key, index, tag=power.good))
                return True
    done(s)
    follow = [Task("windfall", seat, tag="any")] if chose(p, "produce") else []
    follow.append(Task("produce-draws", seat))
    s.tasks[:0] = follow
    return True


def windfall_candidates(cat: Catalog, s: RftgState, task: Task) -> list[str]:
    p = s.players[task.seat]
    return [w for w in p.powered if cat[w].windfall and w not in p.goods and task.tag in ("any", cat[w].good)]


def windfall_auto(cat: Catalog, s: RftgState, task: Task) -> bool:
    candidates = windfall_candidates(cat, s, task)
    if len(candidates) <= 1:
        done(s)
        if candidates:
            put_good(cat, s, task.seat, candidates[0])
        return True
    return False


def windfall_legal(cat: Catalog, s: RftgState, task: Task) -> list[Action]:
    return [Action("windfall", (w,)) for w in windfall_candidates(cat, s, task)]


def windfall_apply(cat: Catalog, s: RftgState, task: Task, action: Action) -> None:
    done(s)
    put_good(cat, s, task.seat, str(action.args[0]))


def produce_draws(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    seat = task.seat
    p = s.players[seat]
    produced = [cat[w].good for w in p.produced]
    total = 0
    for key, _, power in pw.powers(cat, p, "produce"):
        name = power.power
        if name == "draw" or (name == "draw-if-produced" and key in p.produced):
            total += power.value
        elif name == "draw-per-good":
            total += power.value * produced.count(power.good)  # type: ignore[arg-type]
        elif name == "draw-per-kind":
            total += power.value * len(set(produced))
        elif name == "draw-per-world":
            total += power.value * sum(1 for w in p.tableau if cat[w].is_world and cat[w].good == power.good)
    got = draw(cat, s, seat, total)
    worlds = ", ".join(cat[w].name for w in p.produced) or "nothing"
    s.log.append(f"{seat_letter(seat)} produces on {worlds}" + (f", draws {got}." if got else "."))
    return True


def produce_most(cat: Catalog, s: RftgState, task: Task) -> bool:
    done(s)
    counts = [Counter(cat[w].good for w in p.produced) for p in s.players]
    for seat, p in enumerate(s.players):
        for _, _, power in pw.powers(cat, p, "produce", "draw-most"):
            mine = counts[seat][power.good]
            if mine > 0 and all(mine > counts[o][power.good] for o in range(len(s.players)) if o != seat):
                draw(cat, s, seat, power.value)
    return True
