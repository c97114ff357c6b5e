// The entries of a move log, with each deal folded into one entry that opens to show it.
import {h} from './dom.js';
import {t} from './i18n.js';

/** Runs of at least this many lines that no seat made (a deal) fold into one entry. */
const FOLD = 5;

/** Whether a log line that no seat made deals out cards or tiles (not, say, who begins). */
const DEALT = /^(deal|draw)\b|\bdraws a tile(;|$)/;
/** Whether it is part of a deal, not the draw of a turn that a deal may follow. */
const DEAL = /^deal\b/;

/**
 * The line of `lines` whose entry shows line `i`: the move whose outcome it is where the
 * game's `joinsLog` joins it to that move, else `i` itself.
 */
export function entryLine(mod, lines, i) {
  return i > 0 && mod.joinsLog?.(lines, i) ? i - 1 : i;
}

/**
 * The text line `i` of `lines` is shown as: the outcome that follows it where the game's
 * `joinsLog` joins that outcome to it, else line `i` itself.
 */
export function shownLine(mod, lines, i) {
  return i + 1 < lines.length && mod.joinsLog?.(lines, i + 1) ? lines[i + 1] : lines[i];
}

/**
 * The <li> entries of log lines `start` to `end` (exclusive) for an <ol class="log">:
 * `line(i)` makes the entry of `lines[i]`, numbered i + 1. Where `FOLD` lines or more
 * in a row deal out cards or tiles (no seat made them, says `movers`), they go into one
 * entry, a disclosure that opens to show them; the lines after it keep their numbers. A
 * fold is open when `opened` (a Set of first lines, kept up to date as a person opens
 * and closes folds) holds its first line or line `current` lies before its last; a fold
 * that ends at line `current` is itself the current entry. `classOf(first)` gives its
 * class. Without `movers` (a record from before they were kept) nothing folds. A game
 * whose deals follow each other with nothing between (Koi-Koi's month after a Teshi)
 * gives `dealLength`, the lines of one deal, so that each deal is a fold of its own.
 * Where `joins(i)` (the game's `joinsLog`), line i is the outcome of the move of line
 * i - 1 and has no entry of its own: `line(i - 1)` shows both, and the entries after it
 * are numbered without it. Where `drawn(first, j)` gives words for a shorter run of such
 * lines (the game's `drawRun`: Colomino's draws of one turn), the run folds under them.
 */
export function logEntries(start, end, lines, movers, line,
  {opened = new Set(), current = -1, classOf = () => '', dealLength = 0,
    joins = () => false, drawn = () => null} = {}) {
  const entries = [];
  let skipped = 0;
  for (let k = 1; k < start; k += 1) if (joins(k)) skipped += 1;
  const numbered = (i) => {
    const entry = line(i);
    entry.value = i + 1 - skipped;
    return entry;
  };
  let i = start;
  while (i < end) {
    if (i > 0 && joins(i)) {
      skipped += 1;
      i += 1;
      continue;
    }
    let j = i;
    while (Array.isArray(movers) && j < end && movers[j] === null && DEALT.test(lines[j])) {
      j += 1;
    }
    // The last draw of a month or round stays with it, out of the next one's deal.
    if (j - i >= FOLD && !DEAL.test(lines[i]) && lines.slice(i, j).some((l) => DEAL.test(l))) {
      entries.push(numbered(i));
      i += 1;
      continue;
    }
    if (dealLength && j - i > dealLength && DEAL.test(lines[i])) j = i + dealLength;
    const words = j - i > 1 && j - i < FOLD ? drawn(i, j) : null;
    if (j - i < FOLD && !words) {
      entries.push(numbered(i));
      i += 1;
      continue;
    }
    const first = i;
    const folded = [];
    for (let k = first; k < j; k += 1) folded.push(numbered(k));
    // A click on the summary opens or closes the fold after this listener has run.
    const summary = h('summary', {onclick: () => {
      if (fold.open) opened.delete(first);
      else opened.add(first);
    }}, words || t('log.dealt', {n: j - first}));
    const fold = h('details', {open: opened.has(first) || (current >= first && current < j - 1)},
      summary, h('ol', {class: 'log-fold', start: folded[0].value}, folded));
    const ends = current === j - 1;
    if (ends) folded[folded.length - 1].classList.remove('current');
    const classes = ['fold', classOf(first), ends ? 'current' : ''].filter(Boolean);
    entries.push(h('li', {class: classes.join(' '), value: folded[0].value}, fold));
    i = j;
  }
  return entries;
}
