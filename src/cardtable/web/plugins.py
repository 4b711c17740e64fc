"""Games from plugins: the modules named in `CARDTABLE_PLUGINS` (comma-separated), imported by each server
process and by each of its worker processes before any work (a plugin's game registers itself on import).
"""

from __future__ import annotations

import importlib
import os

PLUGINS_VARIABLE = "CARDTABLE_PLUGINS"


def import_plugins() -> None:
    for module in filter(None, os.environ.get(PLUGINS_VARIABLE, "").split(",")):
        importlib.import_module(module)
