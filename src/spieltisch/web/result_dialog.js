// The result of a finished game over its table: the ranking, the game's breakdown of
// the score, and the ways on (rematch, replay, export). It keeps Tab inside, closes
// with Escape or a click beside it, and stays closed for the position it was closed at.
import {clear, focusKey, h, modal, topModal} from './dom.js';
import {t} from './i18n.js';
import {formatScore} from './outcome.js';

/** Show, redraw or hide the result of the game `view` (a TableView) shows. */
export function drawResult(view) {
  const msg = view.msg;
  const overlay = view.el.overlay;
  const had = overlay.contains(document.activeElement);
  const key = had ? focusKey(document.activeElement) : null;
  clear(overlay);
  const finished = msg.table.status === 'finished' && msg.result;
  // A take-back request after the end is answered in its banner, which the result covers.
  const asked = view.askedToAllowUndo();
  if (!finished || view.resultClosedAt === msg.version || asked) {
    overlay.hidden = true;
    view.releaseResult();
    if (asked && had) document.getElementById('undo-allow').focus();
    return;
  }
  view.releaseResult();
  const close = () => {
    view.resultClosedAt = msg.version;
    overlay.hidden = true;
    view.releaseResult();
    (document.getElementById('show-result') || view.el.board).focus({preventScroll: true});
  };
  const dialog = h('div', {class: 'card result-card', role: 'dialog', 'aria-modal': 'true',
    'aria-labelledby': 'result-title'},
  h('h2', {id: 'result-title'}, view.winnerText()),
  ranking(view),
  view.mod.breakdown ? view.mod.breakdown(msg.view, view.ctx()) : null,
  h('div', {class: 'actions'},
    msg.seat !== null && !msg.table.rematch
      ? h('button', {type: 'button', class: 'primary', id: 'result-rematch',
        onclick: () => view.rematch()}, t('table.rematch')) : null,
    msg.table.rematch ? h('button', {type: 'button', class: 'primary', id: 'result-go-rematch',
      onclick: () => view.goRematch()}, t('table.goRematch')) : null,
    h('a', {class: 'button', id: 'result-replay', href: `#/replay/${view.id}`},
      t('table.replay')),
    h('button', {type: 'button', id: 'result-export', onclick: () => view.exportRecord()},
      t('table.export')),
    h('button', {type: 'button', id: 'result-close', onclick: close}, t('table.close'))));
  overlay.append(dialog);
  overlay.onclick = (ev) => { if (ev.target === overlay) close(); };
  const wasHidden = overlay.hidden;
  overlay.hidden = false;
  view.releaseResult = modal(dialog, close);
  if (topModal() !== dialog) return;  // another dialog (the rules) is open over it
  const again = key ? dialog.querySelector(key) : null;
  if (again) again.focus();
  // Focus starts on the first action (Replay is a link for a spectator); the card still
  // opens at its top, with who won, even where its actions lie below its fold.
  else if (wasHidden || had) {
    (dialog.querySelector('.actions > :is(a, button)') || dialog).focus({preventScroll: true});
  }
}

/** The players by rank (shared places for equal results) with their points. */
function ranking(view) {
  const {result, seat: mine} = view.msg;
  const order = result.returns.map((r, i) => i).sort((a, b) => result.returns[b] - result.returns[a]
    || result.scores[b] - result.scores[a]);
  let place = 0;
  const rows = order.map((seat, k) => {
    if (k === 0 || result.returns[seat] !== result.returns[order[k - 1]]) place = k + 1;
    return h('tr', {class: seat === mine ? 'me' : ''},
      h('td', {}, `${place}.`),
      h('td', {}, h('span', {class: `seat-dot seat${seat}`}), ' ', view.nameOf(seat)),
      h('td', {class: 'num'}, formatScore(result.scores[seat])));
  });
  return h('table', {class: 'result-table'},
    h('thead', {}, h('tr', {}, h('th', {}, t('table.rank')), h('th', {}, t('table.players')),
      h('th', {class: 'num'},
        view.mod.scoreHeading?.(view.msg.view, view.ctx()) || t('table.points')))),
    h('tbody', {}, rows));
}
