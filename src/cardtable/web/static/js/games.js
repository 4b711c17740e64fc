// Each game's module (static/games/): the live table and the replay draw and word a game with it; a game
// without one (the test suite's toy game, a new game) is drawn by the generic module.
const MODULES = {
  "race-for-the-galaxy": "race-for-the-galaxy",
  "51st-state": "fifty-first-state",
  biosphere5: "biosphere5",
  apocalypse: "apocalypse",
  "dino-battles": "dino-battles",
};

/** The module of the game named `game` (its default export), loaded once it is asked for. */
export async function gameModule(game) {
  return (await import(`../games/${MODULES[game] ?? "generic"}.js`)).default;
}
