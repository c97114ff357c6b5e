// The small choices a table opens among its controls: which computer player takes a
// seat, the link that plays your seat on another device, and whether to resign; and the
// spectator link its top bar opens. Each closes with Escape and hands focus back to the
// button that opened it. Also what goes with any link for another device: its QR code,
// or the note that none can open it.
import {onlyHere, shareOrigin} from './api.js';
import {copyText, escapeCloses, h, toast} from './dom.js';
import {t} from './i18n.js';
import {qrCode} from './qr.js';

/** The choice of how strong a computer player takes seat `view.choosing`. */
export function botChoice(view) {
  const seat = view.choosing;
  const msg = view.msg;
  const now = msg.table.seats[seat];
  const changing = seat === msg.seat && now.stand_in;
  const title = changing ? t('table.standInLevel') : seat === msg.seat
    ? t('table.seatBotMine') : t('table.seatBotFor', {name: view.nameOf(seat)});
  const done = (message) => {
    view.choosing = null;
    if (message) view.send(message);
    view.keepFocus(() => view.drawControls());
    if (!message) {
      (seat === view.msg.seat ? document.getElementById('seat-bot-mine')
        : view.root.querySelector(`.seat-bot[data-seat="${seat}"]`))?.focus();
    }
  };
  return h('div', {class: 'seat-bot-choice', id: 'seat-bot-choice', role: 'group',
    'aria-label': title, onkeydown: escapeCloses(() => done(null))},
  h('p', {}, h('strong', {}, title), ` — ${t('table.seatBotLevel')}`),
  h('div', {class: 'actions'},
    view.levels.map((level) => h('button', {type: 'button', id: `seat-bot-level-${level}`,
      disabled: changing && level === now.level,
      onclick: () => done({type: 'seat_bot', seat, level})}, t(`level.${level}`))),
    view.mayOpenSeat(seat) ? h('button', {type: 'button', id: 'seat-open',
      onclick: () => done({type: 'open_seat', seat})}, t('table.openSeatAgain')) : null,
    h('button', {type: 'button', id: 'seat-bot-cancel', onclick: () => done(null)},
      t('table.cancel'))));
}

/** The link that plays `view`'s seat in another browser: it carries the seat's key. */
export function deviceChoice(view) {
  const link = `${shareOrigin(view.reach)}/#/seat/${view.id}/${view.token}`;
  const done = () => {
    view.handing = false;
    view.keepFocus(() => view.drawControls());
    document.getElementById('device-button')?.focus();
  };
  const copy = async () => {
    const key = await copyText(link) ? 'table.copied' : 'table.copyFailed';
    toast(() => t(key));
  };
  return h('div', {class: 'seat-bot-choice', id: 'device-choice', role: 'group',
    'aria-label': t('table.device'), onkeydown: escapeCloses(done)},
  h('p', {}, t('table.deviceWhy')),
  onlyHereNote(view.reach),
  linkField(link, 'device-link', t('table.deviceLink'), 'device-link'),
  onlyHere(view.reach) ? null : linkCode(link),
  h('div', {class: 'actions'},
    h('button', {type: 'button', class: 'primary', id: 'copy-device-link', onclick: copy},
      t('table.copy')),
    h('button', {type: 'button', id: 'device-new-key',
      onclick: () => view.send({type: 'new_key'})}, t('table.newKey')),
    h('button', {type: 'button', id: 'device-close', onclick: done}, t('table.close'))));
}

/** The spectator link of `view`'s table, to copy or to scan. */
export function watchBanner(view) {
  const link = view.link('watch');
  const close = () => view.toggleWatch();
  return h('div', {class: 'banner link-banner', id: 'watch-banner', role: 'group',
    'aria-label': t('table.spectate'), onkeydown: escapeCloses(close)},
  h('strong', {}, t('table.spectate')),
  linkField(link, 'watch-link', t('table.spectate')),
  h('button', {type: 'button', class: 'primary', id: 'copy-watch',
    onclick: () => view.copyLink('watch')}, t('table.copy')),
  h('button', {type: 'button', id: 'watch-close', onclick: close}, t('table.close')),
  h('p', {class: 'banner-note'}, t('table.spectateWhy')),
  onlyHere(view.reach) ? null : linkCode(link),
  onlyHereNote(view.reach));
}

/** A field that shows `link` to copy, selected whole when it gets focus. */
export function linkField(link, id, label, cls = null) {
  return h('input', {readonly: true, value: link, id, class: cls, 'aria-label': label,
    onfocus: (ev) => ev.target.select()});
}

/** The QR code of `link`, for a phone's camera; null for a link too long for one. */
export function linkCode(link) {
  const code = qrCode(link, t('table.qrLabel'));
  return code && h('div', {class: 'qr-box'}, code);
}

/** The note that no other device can open this page's links, with the commands that
 * let them in; null where they can. */
export function onlyHereNote(reach) {
  if (!onlyHere(reach)) return null;
  const commands = {'{make}': 'make run HOST=0.0.0.0',
    '{serve}': 'spieltisch serve --host 0.0.0.0'};
  return h('p', {class: 'only-here'}, ...t('table.onlyHere').split(/(\{make\}|\{serve\})/)
    .map((part) => (part in commands ? h('code', {}, commands[part]) : part)));
}

/** The question whether to resign (the whole match where the table plays one), with
 * "Keep playing" as the safe answer. */
export function resignChoice(view) {
  const match = Boolean(view.summary?.match);
  const done = (message) => {
    view.resigning = false;
    if (message) view.send(message);
    view.keepFocus(() => view.drawControls());
    if (!message) document.getElementById('resign-button')?.focus();
  };
  return h('div', {class: 'seat-bot-choice', id: 'resign-choice', role: 'group',
    'aria-label': t('table.resign'), onkeydown: escapeCloses(() => done(null))},
  h('p', {}, h('strong', {}, t(match ? 'table.resignMatchAsk' : 'table.resignAsk'))),
  h('div', {class: 'actions'},
    h('button', {type: 'button', class: 'danger', id: 'resign-yes',
      onclick: () => done({type: 'resign'})}, t('table.resignYes')),
    h('button', {type: 'button', id: 'resign-no', onclick: () => done(null)},
      t('table.keepPlaying'))));
}
