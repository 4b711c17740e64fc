// The web table's log (static/js/log.js) drawn outside a browser, under a stand-in DOM that keeps only
// what the log makes: elements with their class, attributes and children, and text.
//   argv[2]: log.js as a file URL; stdin: {"game": the game module's log settings ({roundWord}),
//   "setup": [lines], "lines": [the server's log lines], "mySeat": n, "seats": [names]}
//   stdout: [{"title", "entries": [{"class", "author", "text"}]}, ...], one per group, in order.
import { readFileSync } from "node:fs";

class FakeNode {
  constructor(tag, text = null) {
    this.tag = tag;
    this.text = text;
    this.children = [];
    this.attributes = {};
    this.className = "";
    this.dataset = {};
  }
  append(...nodes) { this.children.push(...nodes); }
  replaceChildren(...nodes) { this.children = nodes; }
  setAttribute(key, value) { this.attributes[key] = String(value); }
  addEventListener() {}
  get textContent() { return this.text ?? this.children.map((c) => c.textContent).join(""); }
  set textContent(value) { this.text = String(value); }
}
globalThis.Node = FakeNode;
globalThis.document = {
  createElement: (tag) => new FakeNode(tag),
  createTextNode: (text) => new FakeNode("#text", text),
};

const { LogView } = await import(process.argv[2]);
const input = JSON.parse(readFileSync(0, "utf-8"));
const game = input.game ?? {};
const seats = input.seats.map((name, seat) => ({ seat, name }));
const ctx = { seats, mySeat: input.mySeat };
const list = new FakeNode("ol");
new LogView(list).update(input.setup, input.lines, ctx, game, false);
const groups = list.children.map((group) => {
  const title = group.children.find((c) => c.tag === "h3");
  const items = group.children.find((c) => c.tag === "ol");
  return {
    title: title ? title.textContent : null,
    entries: items.children.map((li) => ({
      class: li.className, author: li.attributes["data-author"] ?? null,
      text: li.children.filter((c) => c.className === "said").map((c) => c.textContent).join(""),
    })),
  };
});
process.stdout.write(JSON.stringify(groups));
