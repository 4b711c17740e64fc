// The few DOM helpers every module of the table uses.

/** An element: `el("div", {class: "x", onclick: f}, child, "text", [more])`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children (SVG elements or markup strings are not accepted). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) if (child) node.append(child);
  return node;
}

/** "deep-well" -> "Deep well": an id read aloud (names come from the card faces where there are any). */
export function pretty(text) {
  const words = String(text ?? "").replace(/[-_]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "";
}

/** "a, b or c" */
export function orList(items, word = "or") {
  const list = items.filter(Boolean);
  if (list.length < 2) return list[0] ?? "";
  return `${list.slice(0, -1).join(", ")} ${word} ${list.at(-1)}`;
}

/** A count with its noun: plural(2, "card") -> "2 cards". */
export function plural(n, noun, many = `${noun}s`) {
  return `${n} ${n === 1 ? noun : many}`;
}

export const LETTERS = "ABCDEFGH";

/** A seat's name at the table; a seat without one is called as the table calls it ("Player 2"),
 * never by its raw index. */
export function seatName(seats, seat) {
  return seats?.[seat]?.name ?? `Player ${Number(seat) + 1}`;
}

/** The game's words (narration, prompts) with each seat's mark ("{A}": `core.seats.seat_mark`)
 * replaced by the seat's name at this table (`seats`: [{name}], by seat number), as `seatName` calls it. */
export function named(text, seats) {
  // without the table's seats the letter stands
  return String(text ?? "").replace(/\{([A-H])\}/g, (mark, letter) => (seats ? seatName(seats, LETTERS.indexOf(letter)) : letter));
}

/** A checkbox whose truth is the server's: a click is sent with `send(checked)` (false when it could not
 * be sent, and the click is undone), and the box keeps the person's value until the server's echo agrees,
 * so a state drawn between the click and its echo does not undo the click. */
export class ServerCheckbox {
  constructor(input, send) {
    this.input = input;
    this.wanted = null;
    input.addEventListener("change", () => {
      if (send(input.checked) === false) input.checked = !input.checked;
      else this.wanted = input.checked;
    });
  }

  /** Show the server's `value`, unless the person's last click is not echoed yet. */
  show(value) {
    if (this.wanted === value) this.wanted = null;
    this.input.checked = this.wanted ?? value;
  }
}
