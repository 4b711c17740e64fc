"""Research interfaces: every game and mode in OpenSpiel, PettingZoo and Gymnasium.

Each adapter is an optional extra and imports its library, so import the one you use:
`cardtable.adapters.openspiel` (`pip install cardtable[openspiel]`), `cardtable.adapters.pettingzoo`
(`cardtable[pettingzoo]`), `cardtable.adapters.gymnasium` (`cardtable[gymnasium]`). What they share,
the observation encodings and action masks, is in `cardtable.adapters.encoding` (numpy only).
"""
