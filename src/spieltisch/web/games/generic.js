// A plain fallback for a game without its own renderer: scores and the move list.
import {h} from '../dom.js';

export const strings = {en: {}, de: {}};
export const help = {en: '<p>No rules page for this game yet.</p>',
  de: '<p>Für dieses Spiel gibt es noch keine Regelseite.</p>'};

export function render(root, ctx) {
  root.append(h('div', {class: 'generic-board'},
    h('p', {}, ctx.t('table.keyboard')),
    h('pre', {class: 'generic-view'}, JSON.stringify(ctx.view, null, 1))));
}
