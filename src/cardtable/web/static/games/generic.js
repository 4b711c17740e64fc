// A game without a table of its own (the test suite's toy game, a new game): its view drawn by the
// generic renderer, every move a button in the game's hint words.
import { describeAction, gameHints, loadHints, renderView } from "../render.js";

let hints = null;

export default {
  async load() {
    const all = await loadHints();
    hints = (game) => gameHints(all, game);
  },
  move(action, ctx) {
    return { keys: [], label: describeAction(action, { ...ctx, hints: hints(ctx.game ?? "") }).words };
  },
  draw(view, ctx) {
    return { board: renderView(view, { ...ctx, hints: hints(ctx.game ?? "") }), dock: null };
  },
  panel() {
    return {};
  },
  scores(view, result, ctx) {
    return {
      columns: [{ label: "Score", total: true }],
      rows: ctx.seats.map((s) => ({ seat: s.seat, cells: [result.scores?.[s.seat] ?? null] })),
    };
  },
};
