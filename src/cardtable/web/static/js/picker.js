// Moves made by clicking what they are about. Each legal action (as the server sends it) is mapped by
// the game's module to the keys of the things on the table it uses, in order ("hand:gun-shop", then
// "site:a:3"); a click on a thing keeps the moves that use it; when one move is left whole, it is sent.
// Moves that use nothing on the table, and moves told apart only by a choice ("build", "make a deal"),
// are buttons. The engine alone says what is legal: nothing here adds or removes a move.

export class Picker {
  constructor(send, redraw) {
    this.send = send;
    this.redraw = redraw;
    this.moves = [];
    this.picked = [];
    this.present = new Set();
  }

  /** The moves of a new position: [{action, keys, label, choice, unordered}]. Picks that no longer
   * lead anywhere are dropped. */
  set(moves) {
    this.moves = moves;
    if (this.picked.length && !this.candidates().length) this.picked = [];
  }

  reset() {
    this.picked = [];
  }

  /** The moves still open after the picks made (a move's keys begin with the picks, or for an
   * unordered move, hold them). */
  candidates() {
    const picked = this.picked;
    return this.moves.filter((move) => {
      const keys = this.keysOf(move);
      if (keys.length < picked.length) return false;
      if (!move.unordered) return picked.every((key, i) => keys[i] === key);
      const rest = [...keys];
      return picked.every((key) => {
        const at = rest.indexOf(key);
        if (at < 0) return false;
        rest.splice(at, 1);
        return true;
      });
    });
  }

  /** A move's keys as far as the table shows them: a key with nothing drawn for it ends the keys
   * there (the rest is a button), so every legal move stays playable whatever the drawing shows. */
  keysOf(move) {
    const keys = move.keys ?? [];
    const shown = [];
    for (const key of keys) {
      if (!this.present.has(key)) break;
      shown.push(key);
    }
    return shown;
  }

  /** Moves whose keys the table could not show (a drawing that misses something a move uses). */
  fallbacks() {
    return this.moves.filter((move) => (move.keys ?? []).length !== this.keysOf(move).length);
  }

  /** The keys a click may take next. */
  next() {
    const keys = new Set();
    const n = this.picked.length;
    for (const move of this.candidates()) {
      const own = this.keysOf(move);
      if (!move.unordered) {
        if (own.length > n) keys.add(own[n]);
        continue;
      }
      const rest = [...own];
      for (const key of this.picked) rest.splice(rest.indexOf(key), 1);
      for (const key of rest) keys.add(key);
    }
    return keys;
  }

  /** The moves made whole by the picks, offered as buttons (with nothing picked: the moves that
   * use nothing on the table). */
  buttons() {
    const n = this.picked.length;
    return this.candidates().filter((move) => this.keysOf(move).length === n);
  }

  click(key) {
    const at = this.picked.indexOf(key);
    if (at >= 0) {
      this.picked = this.picked.slice(0, at);
    } else if (this.next().has(key)) {
      this.picked = [...this.picked, key];
    } else {
      this.picked = [key];
      if (!this.candidates().length) this.picked = [];
    }
    const open = this.candidates();
    const whole = open.filter((move) => this.keysOf(move).length === this.picked.length);
    if (this.picked.length && open.length === 1 && whole.length === 1) {
      const [move] = whole;
      this.picked = [];
      this.send(move.action);
      return;
    }
    this.redraw();
  }

  /** Marks what may be clicked under `roots` (and what is picked), and wires the clicks. `words(key,
   * moves)` names a thing for screen readers. */
  wire(roots, words) {
    const nodes = roots.flatMap((root) => [...root.querySelectorAll("[data-target]")]);
    this.present = new Set(nodes.map((node) => node.dataset.target));
    const next = this.next();
    for (const node of nodes) {
      const key = node.dataset.target;
      const picked = this.picked.includes(key);
      if (!picked && !next.has(key)) continue;
      node.classList.add(picked ? "selected" : "clickable");
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      if (picked) node.setAttribute("aria-pressed", "true");
      const opens = this.openedBy(key);
      node.setAttribute("aria-label", words(node, key, picked ? [] : opens));
      // a click that sends a move names it (a click that only picks names none)
      if (opens.length === 1 && !picked && this.keysOf(opens[0]).length === this.picked.length + 1) node.dataset.move = opens[0].action;
      node.addEventListener("click", (event) => {
        event.stopPropagation();
        this.click(key);
      });
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          this.click(key);
        }
      });
    }
  }

  /** The moves a click on `key` keeps open now. */
  openedBy(key) {
    const before = this.picked;
    this.picked = [...before, key];
    const open = this.candidates();
    this.picked = before;
    return open;
  }
}
