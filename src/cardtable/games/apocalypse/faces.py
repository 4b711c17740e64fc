"""The printed faces of the Cards Against the Apocalypse cards, for drawing them."""

from __future__ import annotations

from typing import Any

from .cards import Catalog, Design, Resource


def card_faces(catalog: Catalog) -> dict[str, dict[str, Any]]:
    """Every card design by its name (views name cards by design): title, kind, cost, needs, gives, text."""
    return {design.name: _face(design) for design in catalog.designs}


def _face(design: Design) -> dict[str, Any]:
    stats: dict[str, Any] = {}
    if design.needs:
        stats["needs"] = _resources(design.needs)
    if design.gives:
        stats["gives"] = _resources(design.gives)
    if design.workforce:
        stats["workforce"] = design.workforce
    reconstructed = sorted(set(design.reconstructed) & {"needs", "gives", "workforce", "build_cost", "text"})
    return {
        "name": design.title,
        "category": design.kind,
        "cost": f"build cost {design.build_cost}" if design.build_cost else "",
        "stats": stats,
        #: the needs and gives as counts by resource (a table draws them as icons), those it has only
        "counts": {
            part: dict(sorted(amounts.items()))
            for part, amounts in (("needs", design.needs), ("gives", design.gives))
            if amounts
        },
        "text": design.text,
        "origin": f"reconstructed: {', '.join(reconstructed)}" if reconstructed else "printed",
    }


def _resources(amounts: dict[Resource, int]) -> str:
    return ", ".join(f"{n} {resource}" for resource, n in sorted(amounts.items()))
