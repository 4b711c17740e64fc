// What changed since the last drawing: every element the table marks with `data-id` is compared with
// the one of the same id before; new ones and changed ones are highlighted for a moment.

/** id -> what it showed, for every marked element under `roots`. */
export function snapshot(roots) {
  const seen = new Map();
  for (const root of roots) {
    for (const node of root.querySelectorAll("[data-id]")) {
      const id = node.dataset.id;
      const sig = node.dataset.sig ?? node.textContent;
      seen.set(id, seen.has(id) ? `${seen.get(id)}|${sig}` : sig);
    }
  }
  return seen;
}

/** Marks under `roots` what differs from `before` (a snapshot); nothing on the first drawing. */
export function markChanges(before, roots) {
  if (!before || !before.size) return 0;
  const now = snapshot(roots);
  const differ = [];
  for (const root of roots) {
    for (const node of root.querySelectorAll("[data-id]")) {
      if (before.get(node.dataset.id) !== now.get(node.dataset.id)) differ.push(node);
    }
  }
  // the innermost: a panel whose card changed is not marked, the card is
  const marked = differ.filter((node) => !differ.some((other) => other !== node && node.contains(other)));
  for (const node of marked) node.classList.add(before.has(node.dataset.id) ? "changed" : "fresh");
  return marked.length;
}
