// One update of tests/web/test_table_play.py, read in one round trip: wait until the table moved on (or a
// pick was drawn) and the person has a choice or the game is over; check it; aim the next click (a thing
// on the table with probability `share`).
(async ({before, sends, r1, r2, share, wide}) => {
  const visible = (n) => n && !n.closest('[hidden]') && n.offsetParent !== null
    && !n.closest('details:not([open])');
  const over = () => document.body.dataset.over === '1';
  const buttons = () => [...document.querySelectorAll('#decision button')]
    .filter((b) => visible(b) && !b.disabled);
  const targets = () => [...document.querySelectorAll('.clickable')].filter(visible);
  const deadline = performance.now() + 30000;
  for (;;) {
    const sent = Number(document.body.dataset.sends ?? 0) > sends;
    const moved = sent ? Number(document.body.dataset.move) > before : true;
    const drawn = !document.getElementById('table').classList.contains('waiting');
    if (moved && drawn && (over() || targets().length || buttons().some((b) => b.dataset.action))) break;
    if (performance.now() > deadline) {
      return { timeout: true, banner: document.getElementById('banner').textContent,
               toast: document.getElementById('toast').textContent };
    }
    await new Promise((done) => setTimeout(done, 8));
  }
  const named = (role, name) => document.querySelector(`[aria-label="${name}"]`);
  // the words a person reads, by region (test_table_play.py checks them with tests/conformance/words.py):
  // the text of every element shown that holds text of its own (as written, before CSS changes its
  // case); a log entry once
  const shown = (n) => n.getClientRects().length > 0 && !n.closest('[hidden]') && !n.closest('details:not([open]) > :not(summary)')
    && getComputedStyle(n).visibility !== 'hidden';
  const read = (window.__wordsRead ??= new WeakSet());
  const words = {};
  for (const [id, region] of [['banner', 'decision'], ['actions', 'your choices'], ['end', 'the end'], ['board', 'table'],
    ['dock', 'your hand'], ['players', 'players'], ['log', 'log']]) {
    const root = document.getElementById(id);
    if (!root || !shown(root)) continue;
    const texts = new Set();
    for (const n of [root, ...root.querySelectorAll('*')]) {
      if (n.matches('script, style') || ![...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
      const entry = n.closest('.entry');
      if ((entry && read.has(entry)) || !shown(n)) continue;
      texts.add(n.textContent.replace(/\s+/g, ' ').trim());
    }
    root.querySelectorAll('.entry').forEach((e) => read.add(e));
    words[region] = [...texts];
  }
  const players = named('region', 'players');
  const out = {
    over: over(), move: Number(document.body.dataset.move), sends: Number(document.body.dataset.sends ?? 0),
    width: document.documentElement.scrollWidth, inner: innerWidth, h: innerHeight,
    height: document.documentElement.scrollHeight, words,
    names: ['players', 'your hand', 'table', 'your choices', 'log'].filter((n) => !named('', n)),
    seats: players ? [...players.querySelectorAll('.seat-panel')].map((p) => ({
      label: p.getAttribute('aria-label'), score: p.querySelector('.seat-score')?.getAttribute('aria-label') ?? null })) : [],
  };
  if (wide) {
    let smallest = 99, where = '';
    // every text of the page but the log's older lines (the log scrolls; its last lines are read)
    const walker = document.createTreeWalker(document.getElementById('table'), NodeFilter.SHOW_TEXT);
    const old = new Set([...document.querySelectorAll('#log .entry')].slice(0, -20));
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (old.has(node.parentElement.closest('.entry'))) continue;
      if (!node.textContent.trim() || !visible(node.parentElement)) continue;
      const size = parseFloat(getComputedStyle(node.parentElement).fontSize);
      if (size < smallest) { smallest = size; where = node.parentElement.className + ': ' + node.textContent.trim().slice(0, 30); }
    }
    out.smallest = smallest;
    out.smallestWhere = where;
  }
  if (out.over) {
    const scores = document.querySelector('table[aria-label="scores"]');
    out.scores = Boolean(scores);
    // the whole score table in the width of the screen (its box scrolls sideways only as a last resort)
    out.scoresFit = Boolean(scores) && scores.parentElement.scrollWidth <= scores.parentElement.clientWidth + 1;
    out.again = [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Play again' && visible(b));
    out.replay = visible(document.getElementById('replay-link'));
    return out;
  }
  const bar = document.getElementById('decision');
  const barRect = bar.getBoundingClientRect();
  const fixed = getComputedStyle(bar).position === 'fixed';
  const moves = window.cardtable.moves();
  Object.assign(out, {
    bar: barRect.height, fixed,
    buttons: buttons().length,
    fallbacks: window.cardtable.fallbacks(),
    legal: moves.map((m) => m.action),
    picked: window.cardtable.picked(),
    cardKeys: [...document.querySelectorAll('[data-target][data-card]')].map((n) => [n.dataset.target, n.dataset.card]),
  });
  const ts = targets();
  const dock = document.getElementById('dock');
  out.targetsSeen = window.cardtable.targets() === 0 || window.cardtable.inSight();
  if (!out.targetsSeen) {
    out.unseen = ts.slice(0, 2).map((n) => [n.dataset.target, Math.round(n.getBoundingClientRect().top)]);
    out.unseen.push(['scroll', scrollY, document.documentElement.scrollHeight, 'dock', Math.round(dock.getBoundingClientRect().top),
      'bar', Math.round(barRect.top), document.body.dataset.move, window.cardtable.picked()]);
  }
  const bs = buttons().filter((b) => b.dataset.action);
  const target = ts.length && (r1 < share || !bs.length) ? ts[Math.floor(r2 * ts.length)] : bs[Math.floor(r2 * bs.length)];
  // a person scrolls a thing into sight before clicking it (the bar at the bottom of a phone covers some)
  target.scrollIntoView({ block: 'center', inline: 'center' });
  if (fixed && !bar.contains(target)) {
    const t = target.getBoundingClientRect();
    const b2 = bar.getBoundingClientRect();
    const d2 = dock.contains(target) || dock.hidden ? b2.top : Math.min(b2.top, dock.getBoundingClientRect().top);
    window.scrollBy(0, (t.top + t.bottom) / 2 - d2 / 2);
  }
  const r = target.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const hit = document.elementFromPoint(x, y);
  out.target = { x, y, reached: Boolean(hit && target.contains(hit)), key: target.dataset.target ?? null,
    action: target.dataset.action ?? null, card: !target.matches('button'),
    hit: hit ? `${hit.tagName}.${hit.className} ${hit.closest('[aria-label]')?.getAttribute('aria-label') ?? ''}` : null };
  return out;
})
