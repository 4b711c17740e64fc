// One update of scripts/table_figures.py: wait (after a move was sent) until the table moved on and
// offers something or is over; then measure it and aim the next click (a table target with
// probability `share`). It reads only what any version of the table page has.
(async ({before, waiting, r1, r2, share}) => {
  const visible = (n) => {
    if (!n || n.closest('[hidden]') || n.offsetParent === null) return false;
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const buttons = () => [...document.querySelectorAll('#decision button, dialog[open] button')]
    .filter((b) => !b.disabled && visible(b) && !b.closest('details:not([open])')
      && !b.classList.contains('cancel') && (b.classList.contains('action') || b.dataset.action !== undefined || b.dataset.choice !== undefined));
  const targets = () => [...document.querySelectorAll(
      '#board .playable, #board .pickable, #board .selected, .clickable')]
    .filter((n) => visible(n) && !n.closest('dialog:not([open])'));
  const over = () => {
    const banner = document.getElementById('banner');
    return Boolean(document.querySelector('[data-over="1"]'))
      || (banner && banner.classList.contains('result'));
  };
  const deadline = performance.now() + 30000;
  for (;;) {
    const moved = !waiting || Number(document.body.dataset.move) > before;
    if (moved && (over() || buttons().length || targets().length)) break;
    if (performance.now() > deadline) return { timeout: true, text: document.body.innerText.slice(0, 400) };
    await new Promise((done) => setTimeout(done, 10));
  }
  const out = { over: over(), move: Number(document.body.dataset.move),
    height: document.documentElement.scrollHeight, inner: innerHeight, sent: window.__sent };
  if (out.over) return out;
  const dialog = document.querySelector('dialog[open]');
  const panel = dialog ?? document.getElementById('decision');
  out.panel = panel ? panel.getBoundingClientRect().height : 0;
  out.fixed = panel ? ['fixed', 'sticky'].includes(getComputedStyle(panel).position) || Boolean(dialog) : false;
  const bs = buttons();
  const ts = dialog ? [] : targets().filter((t) => !t.classList.contains('selected'));
  out.buttons = bs.length;
  let smallest = 99;
  for (const node of document.querySelectorAll('#board *')) {
    if (!node.childNodes.length || ![...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
    if (!visible(node)) continue;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(node).fontSize));
  }
  out.smallest = smallest;
  const target = ts.length && (r1 < share || !bs.length) ? ts[Math.floor(r2 * ts.length)] : bs[Math.floor(r2 * bs.length)];
  target.scrollIntoView({ block: 'center', inline: 'center' });
  const p = panel ? panel.getBoundingClientRect() : null;
  if (p && !dialog && getComputedStyle(panel).position === 'fixed' && !panel.contains(target)) {
    const t = target.getBoundingClientRect();
    window.scrollBy(0, (t.top + t.bottom) / 2 - p.top / 2);
  }
  const r = target.getBoundingClientRect();
  out.x = (r.left + r.right) / 2;
  out.y = (r.top + r.bottom) / 2;
  out.card = !target.matches('button');
  return out;
})
