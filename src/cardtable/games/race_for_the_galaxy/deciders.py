"""What decided a finished game (RULES.md "What decides games"), for `Result.details`.

For each of the expansions' scoring parts in play, whether the winners (most VP, ties broken by hand
plus goods, as `scoring.winners`) would differ:

- `goals`: without every player's goal VP;
- `prestige` (level 3): without every player's prestige VP at the end (1 VP each; the prestige
  leader's VP chips during the game stay counted);
- `takeovers` (levels 2-3 with takeovers): had every world won in a takeover scored its printed VP for
  the player it was taken from instead of its taker (a destroyed world: for the player it was taken
  from). Only the worlds' printed VP move; what the takeover changed besides (6-cost bonuses, goals,
  prestige, the game's course) stays.

>>> from cardtable.core import make_game
>>> from cardtable.core.runner import play_match
>>> from cardtable.players import make_player
>>> game = make_game("race-for-the-galaxy", {"expansion": 3})
>>> match = play_match(game, [make_player("random", 1), make_player("random", 2)], 5)
>>> sorted(k for k in match.result.details if k.startswith("decided:"))
['decided:goals', 'decided:prestige', 'decided:takeovers']
"""

from __future__ import annotations

from cardtable.core.decision import DECIDED

from . import scoring
from .cards import Catalog
from .state import RftgState


def decided(cat: Catalog, s: RftgState) -> dict[str, int | float | str]:
    """`DECIDED + part`: 1 if the part decided the game, 0 if not, for each part in play."""
    parts = [scoring.breakdown(cat, s, i) for i in range(len(s.players))]
    totals = [int(b["total"]) for b in parts]
    actual = scoring.winners_by(s, totals)
    out: dict[str, int | float | str] = {}
    if s.goals:
        without = [t - int(b.get("goals", 0)) for t, b in zip(totals, parts, strict=True)]
        out[DECIDED + "goals"] = int(scoring.winners_by(s, without) != actual)
    if cat.level >= 3:
        without = [t - int(b.get("prestige", 0)) for t, b in zip(totals, parts, strict=True)]
        out[DECIDED + "prestige"] = int(scoring.winners_by(s, without) != actual)
    if s.takeovers:
        moved = list(totals)
        for t in s.taken:
            vp = cat[t.world].vp
            if not cat[t.card].powers[t.index].destroy:
                moved[t.attacker] -= vp
            moved[t.owner] += vp
        out[DECIDED + "takeovers"] = int(scoring.winners_by(s, moved) != actual)
    return out
