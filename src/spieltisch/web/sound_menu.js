// The top bar's sound menu: the ♪ button opens a small panel with sounds on or off,
// their volume and, where the browser offers them, notifications of your turn. Escape,
// a click elsewhere or the button again close it.
import {escapeCloses, h} from './dom.js';
import {t} from './i18n.js';
import {notifyOffered, notifyOn, setNotifyOn} from './notify.js';
import {VOLUME, playSound, setSoundOn, setSoundVolume, soundOn, soundVolume} from './sound.js';

/** The ♪ button with its panel, in the current language. */
export function soundMenu() {
  const button = h('button', {type: 'button', id: 'sound', class: 'theme-toggle sound-toggle',
    'aria-label': t('nav.sound'), title: t('nav.sound'), 'aria-expanded': 'false',
    'aria-controls': 'sound-panel', 'data-on': String(soundOn())}, '♪');
  const volume = h('input', {type: 'range', id: 'sound-volume', min: VOLUME.min,
    max: VOLUME.max, step: VOLUME.step, value: soundVolume(), disabled: !soundOn(),
    'aria-valuetext': `${soundVolume()} %`});
  const shown = h('output', {for: 'sound-volume', id: 'sound-volume-shown'},
    `${soundVolume()} %`);
  const on = h('input', {type: 'checkbox', id: 'sound-on', checked: soundOn()});
  const panel = h('div', {id: 'sound-panel', class: 'sound-panel', role: 'group',
    'aria-label': t('nav.sound'), hidden: true},
  h('label', {class: 'check'}, on, t('nav.soundOn')),
  h('label', {class: 'volume'}, h('span', {}, t('nav.volume')), volume, shown),
  notifyOffered() ? notifyChoice() : null);
  const menu = h('div', {class: 'sound-menu'}, button, panel);

  const open = (opened) => {
    panel.hidden = !opened;
    button.setAttribute('aria-expanded', String(opened));
  };
  button.addEventListener('click', () => open(panel.hidden));
  menu.addEventListener('keydown', escapeCloses(() => {
    open(false);
    button.focus();
  }));
  menu.addEventListener('focusout', (event) => {
    if (event.relatedTarget && !menu.contains(event.relatedTarget)) open(false);
  });
  on.addEventListener('change', () => {
    setSoundOn(on.checked);
    button.dataset.on = String(on.checked);
    volume.disabled = !on.checked;
    if (on.checked) playSound('turn');
  });
  volume.addEventListener('input', () => {
    const kept = setSoundVolume(volume.value);
    volume.setAttribute('aria-valuetext', `${kept} %`);
    shown.textContent = `${kept} %`;
  });
  // A sample at the new volume once the person lets go (or at each arrow key).
  volume.addEventListener('change', () => playSound('turn'));
  return menu;
}

/** The choice of a notification for your turn while the page is hidden, and what the
 * browser answered if it refused. */
function notifyChoice() {
  const box = h('input', {type: 'checkbox', id: 'notify-on', checked: notifyOn()});
  const refused = h('p', {id: 'notify-refused', class: 'muted', hidden: true},
    t('nav.notifyRefused'));
  box.addEventListener('change', async () => {
    const state = await setNotifyOn(box.checked);
    box.checked = state === 'on';
    refused.hidden = state !== 'blocked';
  });
  return h('div', {class: 'notify'}, h('label', {class: 'check'}, box, t('nav.notify')),
    refused);
}

// One listener for the page: a click outside the open menu closes it.
document.addEventListener('pointerdown', (event) => {
  const menu = document.querySelector('.sound-menu');
  const panel = document.getElementById('sound-panel');
  if (!menu || !panel || panel.hidden || menu.contains(event.target)) return;
  panel.hidden = true;
  document.getElementById('sound')?.setAttribute('aria-expanded', 'false');
});
