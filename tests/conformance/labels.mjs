// The web table's words for moves, read outside a browser: each game's module (static/games/*.js)
// builds a move's label from the view, the card faces and the decision (`move(action, ctx)`); this
// script imports that module under a stand-in DOM (its drawing code is never called), found as the table
// finds it (js/games.js), and labels the moves it is sent.
//   stdin: {"game": name, "faces": {...}, "seats": [names], "asks": [{view, decision, seat, actions}]}
//   stdout: [[{"label", "unknown", "error"}, ...], ...], one list per ask (error: what the module threw).
import { readFileSync } from "node:fs";

// anything the modules touch when they load (document, matchMedia, Node): a callable that answers
// every property with itself
const anything = () => new Proxy(function stub() {}, {
  get: (_, key) => (key === Symbol.toPrimitive ? () => "" : anything()),
  apply: () => anything(),
  construct: () => anything(),
  set: () => true,
});
globalThis.document = anything();
globalThis.matchMedia = anything();
globalThis.Node = anything();
globalThis.localStorage = anything();

const input = JSON.parse(readFileSync(0, "utf-8"));
const { gameModule } = await import(new URL("../../src/cardtable/web/static/js/games.js", import.meta.url).href);
const game = await gameModule(input.game);
if (game.load) await game.load();
const seats = input.seats.map((name, seat) => ({ seat, name }));
const out = input.asks.map((ask) => {
  const ctx = {
    game: input.game, seats, mySeat: ask.seat, faces: input.faces, view: ask.view ?? {}, options: input.options ?? {},
    decision: ask.decision, mine: ask.decision !== null, legal: ask.decision ? ask.actions : [], over: false,
    picked: [], phone: false, name: (seat) => (seat === ask.seat ? "You" : seats[seat]?.name ?? `Seat ${seat}`),
    card: () => null,
  };
  return ask.actions.map((action) => {
    try {
      const move = game.move(action, ctx) ?? {};
      return { label: move.label ?? action, unknown: Boolean(move.unknown) || move.label === undefined };
    } catch (error) {
      return { label: action, unknown: true, error: String(error) };
    }
  });
});
process.stdout.write(JSON.stringify(out));
