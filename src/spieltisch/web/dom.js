// Small DOM helpers. Text from the server always goes in as text, never as markup.
import {onLangChange, t} from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') el.textContent = value;
    else if (key === 'class') el.setAttribute('class', value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'style' && typeof value === 'object') Object.assign(el.style, value);
    else if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else el.setAttribute(key, value === true ? '' : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h('button', {class: 'primary', onclick}, 'Play'). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** An <svg> with a viewBox that scales to its container. */
export function svgRoot(width, height, attrs = {}) {
  return s('svg', {viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'xMidYMid meet',
    ...attrs});
}

/**
 * Make an SVG or HTML element a keyboard-usable button that plays `onActivate`.
 * `key` lets the table restore focus to the same control after a redraw.
 */
export function clickable(el, label, onActivate, key) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  if (key) el.dataset.focusKey = key;
  el.classList.add('clickable');
  el.addEventListener('click', (event) => { event.stopPropagation(); onActivate(); });
  el.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate();
    }
  });
  return el;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, '
  + '[tabindex="0"]';

/** The controls inside `root` that Tab can reach, in order. */
function focusables(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length);
}

const modals = new Set();

/** The modal dialog on top (the last open one in the page), or null. */
export function topModal() {
  const open = [...modals].filter((d) => d.isConnected && d.getClientRects().length);
  open.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return open.length ? open[open.length - 1] : null;
}

/**
 * Make `dialog` modal for the keyboard: while it is the top one, Tab and Shift+Tab stay
 * inside it and Escape calls `close`, wherever focus is. Returns the function that ends
 * this.
 */
export function modal(dialog, close) {
  const onKey = (event) => {
    if (topModal() !== dialog) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopImmediatePropagation();  // one Escape closes one dialog
      close();
    } else if (event.key === 'Tab') {
      const items = focusables(dialog);
      if (!items.length) return;
      const at = items.indexOf(document.activeElement);
      const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1)
        : (at < 0 || at === items.length - 1 ? 0 : at + 1);
      event.preventDefault();
      event.stopImmediatePropagation();
      items[next].focus();
    }
  };
  modals.add(dialog);
  document.addEventListener('keydown', onKey, true);
  return () => {
    modals.delete(dialog);
    document.removeEventListener('keydown', onKey, true);
  };
}

/** A keydown handler that calls `close` on Escape. */
export function escapeCloses(close) {
  return (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };
}

/** A selector that finds an element again after a redraw, or null. */
export function focusKey(el) {
  if (el.dataset.focusKey) return `[data-focus-key="${CSS.escape(el.dataset.focusKey)}"]`;
  if (el.id) return `#${CSS.escape(el.id)}`;
  if (el.dataset.action) return `[data-action="${CSS.escape(el.dataset.action)}"]`;
  if (el.dataset.colour) return `[data-colour="${CSS.escape(el.dataset.colour)}"]`;
  return null;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

const TOASTS_SHOWN = 2;
/** How long a message shows, and a refusal, which has more to read, in ms. */
const INFO_MS = 3800;
const ERROR_MS = 9000;
/** Refusals shown so far, to tell the newest one apart. */
let refusals = 0;

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** What a toast must leave in sight: the status line's words and the buttons beside it. */
function turnRects() {
  const rects = [];
  const status = document.getElementById('status');
  if (status && status.getClientRects().length && status.textContent) {
    const words = document.createRange();
    words.selectNodeContents(status);
    rects.push(words.getBoundingClientRect());
  }
  const quick = document.getElementById('quick-controls');
  if (quick && quick.getClientRects().length) rects.push(quick.getBoundingClientRect());
  return rects;
}

/** Toasts sit at the top, under the status line where they would cover it (on a phone);
 * they move to the bottom if they would cover the move box. */
function keepClearOfMoves(box) {
  box.classList.remove('low');
  box.style.top = '';
  const covered = turnRects().filter((r) => overlaps(box.getBoundingClientRect(), r));
  if (covered.length) box.style.top = `${Math.max(...covered.map((r) => r.bottom)) + 8}px`;
  const moves = document.getElementById('moves');
  if (!moves || !moves.getClientRects().length) return;
  if (overlaps(box.getBoundingClientRect(), moves.getBoundingClientRect())) {
    box.style.top = '';
    box.classList.add('low');
  }
}

/** The line screen readers hear a refusal from: always in the page, so that each new one
 * is said (the same words again too). */
function alertLine() {
  let line = document.getElementById('alert');
  if (!line) {
    line = h('p', {id: 'alert', class: 'offscreen', role: 'alert', 'aria-atomic': 'true'});
    document.body.append(line);
  }
  return line;
}

/** The element last focused outside the toasts: focus goes back there from a refusal's ×. */
let focusedBefore = null;
document.addEventListener('focusin', (event) => {
  if (!event.target.closest?.('#toasts')) focusedBefore = event.target;
});

function usable(el) {
  return Boolean(el && el.isConnected && !el.disabled && el.getClientRects().length);
}

/** Focus leaves a refusal going away: back to where it was before, or to the control drawn
 * in its place, else to the board (on a table) or the page's main region. */
function focusBack() {
  const before = focusedBefore;
  const key = before && !before.isConnected ? focusKey(before) : null;
  const again = key ? document.getElementById('main')?.querySelector(key) : null;
  const target = [before, again, document.getElementById('board'),
    document.getElementById('main')].find(usable);
  target?.focus({preventScroll: true});
}

/** The toasts that word their text afresh in another language: item → words. */
const reworded = new WeakMap();

onLangChange(() => {
  const line = document.getElementById('alert');
  for (const item of document.querySelectorAll('#toasts .toast')) {
    const dismiss = item.querySelector('.toast-dismiss');
    dismiss?.setAttribute('aria-label', t('toast.dismiss'));
    dismiss?.setAttribute('title', t('toast.dismiss'));
    const words = reworded.get(item);
    if (!words) continue;
    const text = words();
    (item.querySelector('.toast-text') ?? item).textContent = text;
    if (line?.textContent && line.dataset.said === item.dataset.said) line.textContent = text;
  }
});

/** A short message at the edge of the page; kind is 'info' or 'error'. The newest few
 * show; of refusals ('error') only the newest, until it is dismissed or replaced.
 * `words` is the text, or a function that words it in the page's language: such a toast
 * follows a change of language while it shows. */
export function toast(words, kind = 'info') {
  const box = document.getElementById('toasts');
  if (!box) return;
  const text = typeof words === 'function' ? words() : words;
  const error = kind === 'error';
  const item = h('div', {class: `toast ${kind}`, role: error ? null : 'status'});
  let gone = () => item.remove();
  const focused = box.contains(document.activeElement);
  if (error) {
    for (const old of box.querySelectorAll('.toast.error')) old.remove();
    const line = alertLine();
    const said = String(++refusals);
    line.dataset.said = said;
    item.dataset.said = said;
    line.textContent = '';
    setTimeout(() => {
      if (line.dataset.said !== said || !item.isConnected) return;
      line.textContent = item.querySelector('.toast-text').textContent;
    }, 50);
    // The line keeps no refusal that is gone from the screen.
    const forget = () => { if (line.dataset.said === said) line.textContent = ''; };
    const dismiss = () => {
      const had = item.contains(document.activeElement);
      item.remove();
      forget();
      if (had) focusBack();
    };
    // Said once by the alert line, not again by the box's own live region.
    item.setAttribute('aria-live', 'off');
    item.append(h('span', {class: 'toast-text'}, text),
      h('button', {type: 'button', class: 'toast-dismiss', 'aria-label': t('toast.dismiss'),
        title: t('toast.dismiss'), onclick: dismiss}));
    gone = dismiss;
  } else {
    item.textContent = text;
  }
  if (typeof words === 'function') reworded.set(item, words);
  box.append(item);
  while (box.children.length > TOASTS_SHOWN) box.firstElementChild.remove();
  keepClearOfMoves(box);
  // Focus on the × of a refusal pushed out goes to the × of the newest, or back.
  if (focused && !box.contains(document.activeElement)) {
    const next = box.querySelector('.toast-dismiss');
    if (next) next.focus({preventScroll: true});
    else focusBack();
  }
  const shown = error ? ERROR_MS : INFO_MS;
  setTimeout(() => item.classList.add('leaving'), shown);
  setTimeout(gone, shown + 500);
}

/** Take down the refusal on show, if any: a move since taken leaves it out of date. */
export function clearRefusals() {
  const box = document.getElementById('toasts');
  for (const old of box ? box.querySelectorAll('.toast.error') : []) {
    old.querySelector('.toast-dismiss')?.click();
  }
}

/** Copy text to the clipboard; falls back to selecting it in a prompt-free way. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h('textarea', {class: 'offscreen', readonly: true});
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand('copy'); } catch { ok = false; }
    area.remove();
    return ok;
  }
}

/** Offer JSON data as a file download. */
export function download(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], {type: 'application/json'});
  const url = URL.createObjectURL(blob);
  const link = h('a', {href: url, download: filename, class: 'offscreen'});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
