"""Measurements and fittings over the games: scripts that play many games (with `cardtable.sim`, the
players, the report's statistics) to measure a rule or a player, or to fit a game's position evaluation.

They stand above the games and the players, which never import them. Each is a command:

- `python -m cardtable.analysis.biosphere5_solo`: Biosphere 5 against the Machine, per level
- `python -m cardtable.analysis.fifty_first_state_solo`: 51st State against the virtual player
- `python -m cardtable.analysis.dino_battles_balance`: the Dino Battles starter set's balance
- `python -m cardtable.analysis.race_for_the_galaxy_solo`: Race for the Galaxy against the solitaire robot,
  per difficulty
- `python -m cardtable.analysis.fit_evaluation GAME`: fit the weights of a game's evaluation (its
  `evaluation.toml`), for biosphere5, dino-battles, 51st-state and race-for-the-galaxy
"""
