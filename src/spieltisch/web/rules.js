// Rules help for each game, in the page's language (texts live in each renderer module).
import {api} from './api.js';
import {clear, h, modal, topModal} from './dom.js';
import {lang, t} from './i18n.js';
import {renderer} from './games/index.js';
import {gameTitle} from './lobby.js';

function helpNode(mod) {
  const box = h('div', {class: 'rules-text'});
  // The help texts are fixed markup shipped with the page, never data from the server.
  box.innerHTML = (mod.help && (mod.help[lang()] || mod.help.en)) || '';
  return box;
}

export async function showRules(root, key) {
  const {games} = await api.games();
  const mods = {};
  await Promise.all(games.map(async (g) => { mods[g.key] = await renderer(g.key); }));
  // A game the server does not have is named as such, not shown as another game's rules.
  const known = games.find((g) => g.key === String(key).toLowerCase());
  const chosen = known ? known.key : null;

  function draw() {
    clear(root);
    root.append(h('section', {class: 'card rules-page'},
      h('h1', {}, t('rules.title')),
      h('p', {class: 'muted'}, t('rules.intro')),
      h('nav', {class: 'tabs', 'aria-label': t('rules.title')}, games.map((g) =>
        h('a', {href: `#/rules/${g.key}`, class: g.key === chosen ? 'on' : '',
          'aria-current': g.key === chosen ? 'page' : null}, gameTitle(g.key, g.title)))),
      chosen ? h('article', {id: `rules-${chosen}`},
        h('h2', {}, gameTitle(chosen, games.find((g) => g.key === chosen).title)),
        helpNode(mods[chosen]))
        : h('p', {class: 'banner warn', role: 'status', id: 'unknown-address'},
          t('rules.noGame', {game: key}))));
  }
  draw();
  return {relang: draw};
}

/** The rules of one game over the table, closed with Escape or the button; `played` names
 * the table's rule set and `changed` says whether its options depart from the preset's. */
export function rulesDialog(key, mod, played, changed) {
  const overlay = h('div', {class: 'overlay'});
  let release = () => {};
  const close = () => {
    release();
    overlay.remove();
    const under = topModal();
    if (under) (under.querySelector('button') || under).focus();
    else opener?.focus();
  };
  const opener = document.activeElement;
  const dialog = h('div', {class: 'card rules-dialog', role: 'dialog', 'aria-modal': 'true',
    'aria-labelledby': 'rules-dialog-title'},
  h('div', {class: 'dialog-head'},
    h('h2', {id: 'rules-dialog-title'}, `${t('rules.title')}: ${gameTitle(key, key)}`),
    h('button', {type: 'button', id: 'rules-close', onclick: close}, t('table.close'))),
  played ? h('p', {class: 'banner', id: 'rules-at-table'},
    t(changed ? 'rules.atTableChanged' : 'rules.atTable', {rules: played})) : null,
  helpNode(mod));
  overlay.addEventListener('click', (ev) => { if (ev.target === overlay) close(); });
  overlay.append(dialog);
  document.body.append(overlay);
  release = modal(dialog, close);
  dialog.querySelector('button').focus();
}
