// The page: top bar, language switch and the hash router.
//   #/                lobby            #/t/ID       a table (seat from this browser, else watch)
//   #/join/ID         invite link      #/watch/ID   spectator link
//   #/replay/ID       replay           #/rules/GAME rules help
//   #/open            replay a record file
//   #/seat/ID/TOKEN   one's own seat, handed over from another device (#/seat/ID: cut short)
import {seats} from './api.js';
import {clear, h, toast} from './dom.js';
import {LANGUAGES, lang, onLangChange, setLang, t} from './i18n.js';
import {showLobby} from './lobby.js';
import {showRecord, showReplay} from './replay.js';
import {showRules} from './rules.js';
import {soundMenu} from './sound_menu.js';
import {showTable, unread} from './table.js';

const main = document.getElementById('main');
// The page shown now: {leave(), relang()}; relang redraws in the new language in place.
let page = null;

// The skip link moves focus to the page's content; it must not change the route.
const skip = document.querySelector('.skip');
skip.addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});

// On the narrowest screens the language list shows the languages' codes, to fit.
const narrow = matchMedia('(max-width: 380px)');
narrow.addEventListener('change', () => topbar());

function topbar() {
  const bar = document.getElementById('topbar');
  skip.textContent = t('nav.skip');
  clear(bar);
  const select = h('select', {id: 'lang', 'aria-label': t('nav.language'),
    onchange: (event) => setLang(event.target.value)},
  LANGUAGES.map(([code, name]) => h('option', {value: code, selected: code === lang()},
    narrow.matches ? code.toUpperCase() : name)));
  const colours = h('button', {type: 'button', id: 'theme', class: 'theme-toggle',
    'aria-label': t('nav.dark'), title: t('nav.dark'), 'aria-pressed': String(dark()),
    onclick: toggleScheme}, '◐');
  bar.append(
    h('a', {class: 'brand', href: '#/'},
      h('img', {src: '/static/icon.svg', alt: '', width: 28, height: 28}),
      h('span', {}, 'spieltisch')),
    h('nav', {},
      h('a', {href: '#/'}, t('nav.lobby')),
      h('a', {href: '#/rules/oware'}, t('nav.rules'))),
    soundMenu(),
    colours,
    h('label', {class: 'lang'}, select));
}

/** Whether the page is dark now (theme.js decides it from the choice or the system). */
function dark() {
  return document.documentElement.dataset.theme === 'dark';
}

/** Ask theme.js for the other scheme. */
function toggleScheme() {
  window.dispatchEvent(new CustomEvent('spieltisch-theme', {detail: dark() ? 'light' : 'dark'}));
}

// The pages the router knows; any other address shows the lobby with a word about it.
const PAGES = new Set(['', 't', 'seat', 'join', 'watch', 'replay', 'open', 'rules']);
// An address the server has no page at (the page came with a 404): named once, then the
// lobby's own address takes its place.
let stray = location.pathname !== '/' ? location.pathname + location.search : null;
if (stray !== null) history.replaceState(null, '', `/${location.hash}`);

/** The word that the address `shown` is unknown, above the lobby; redrawn in another
 * language. */
function unknownAddress(shown) {
  const box = h('div', {class: 'banners'});
  const draw = () => {
    clear(box);
    box.append(h('p', {class: 'banner warn', role: 'status', id: 'unknown-address'},
      t('app.unknownAddress', {address: shown})));
  };
  draw();
  box.relang = draw;
  return box;
}

let routing = 0;
let notice = null;
// The address the page shown was opened for.
let routed = null;

async function route() {
  const mine = ++routing;
  routed = location.hash;
  if (page && page.leave) page.leave();
  page = null;
  clear(main);
  const root = h('div', {class: 'page'});
  // A part that is no valid escape stays as it is; no table is called so.
  const decoded = (part) => { try { return decodeURIComponent(part); } catch { return part; } };
  const [name, arg, secret] = location.hash.replace(/^#\/?/, '').split('/').map(decoded);
  const known = PAGES.has(name) && (arg || !['t', 'seat', 'join', 'watch', 'replay']
    .includes(name));
  // An unknown path before a # that names a page (/foo#/t/ID): the page, without a word.
  const unknown = known && name ? null : stray ?? (known ? null : location.hash);
  stray = null;
  notice = unknown === null ? null : unknownAddress(unknown);
  main.append(...(notice ? [notice, root] : [root]));
  let shown = null;
  try {
    if (name === 't' && arg) shown = await showTable(root, arg, 'play');
    else if (name === 'seat' && arg && secret) {
      // The seat's key leaves the address bar and the back button's history at once.
      history.replaceState(null, '', `#/t/${encodeURIComponent(arg)}`);
      routed = location.hash;
      shown = await showTable(root, arg, 'play', secret);
    } else if (name === 'seat' && arg) {
      // A seat's link cut short: the seat this browser holds, else the table to watch.
      history.replaceState(null, '', `#/t/${encodeURIComponent(arg)}`);
      routed = location.hash;
      const held = seats.get(arg);
      shown = await showTable(root, arg, held ? 'play' : 'watch');
      if (shown && !held) toast(() => t('table.seatLinkShort'), 'error');
    } else if (name === 'join' && arg) shown = await showTable(root, arg, 'join');
    else if (name === 'watch' && arg) shown = await showTable(root, arg, 'watch');
    else if (name === 'replay' && arg) shown = await showReplay(root, arg);
    else if (name === 'open') shown = showRecord(root);
    else if (name === 'rules') shown = await showRules(root, arg || 'oware');
    else shown = await showLobby(root);
  } catch (err) {
    if (err?.status === 0) root.append(unread(err));   // the server out of reach
    else {
      console.error(err);
      root.append(h('div', {class: 'card error-card'}, String(err.message || err)));
    }
  }
  if (mine !== routing) {
    if (shown && shown.leave) shown.leave();
    root.remove();
    return;
  }
  page = shown;
  main.focus({preventScroll: true});
}

topbar();
onLangChange(() => {
  topbar();
  notice?.relang();
  if (page && page.relang) page.relang();
  else route();
  document.getElementById('lang')?.focus({preventScroll: true});
});
window.addEventListener('hashchange', route);
// The address shown followed again (a link to it, or typed) fires no hashchange: it opens
// the page afresh, as any other address does (say, a record's choice of a file again).
window.addEventListener('popstate', () => { if (location.hash === routed) route(); });
// The toggle shows the scheme the page has, whatever changed it: the toggle or the system.
new MutationObserver(() => document.getElementById('theme')?.setAttribute('aria-pressed',
  String(dark()))).observe(document.documentElement, {attributeFilter: ['data-theme']});
route();
