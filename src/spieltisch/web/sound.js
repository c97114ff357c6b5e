// Short sounds for what happens at a table, made in the browser (nothing is loaded):
// a click for a move, a rising chime when it becomes your turn, a falling one at the
// end of a game, a soft blip for a chat line, two ticks when your time to move runs
// short, a knock when somebody asks you to let a move be taken back and a greeting when
// somebody sits down at your table. On unless turned off in the top bar, at the volume
// chosen there; both are kept in this browser.

const KEY = 'spieltisch.sound';
const VOLUME_KEY = 'spieltisch.soundVolume';

/** The volume's steps in per cent; at NORMAL each sound has the loudness SOUNDS gives. */
export const VOLUME = {min: 10, max: 100, step: 10, normal: 50};

/** Each sound: its notes as [frequency in Hz, start in s, length in s], and its loudness. */
export const SOUNDS = {
  move: {notes: [[520, 0, 0.06]], gain: 0.12},
  turn: {notes: [[660, 0, 0.12], [880, 0.1, 0.18]], gain: 0.16},
  end: {notes: [[784, 0, 0.16], [659, 0.14, 0.16], [523, 0.28, 0.3]], gain: 0.16},
  chat: {notes: [[990, 0, 0.07]], gain: 0.08},
  hurry: {notes: [[1180, 0, 0.05], [1180, 0.16, 0.05]], gain: 0.12},
  ask: {notes: [[440, 0, 0.08], [440, 0.12, 0.08], [587, 0.24, 0.14]], gain: 0.14},
  join: {notes: [[587, 0, 0.1], [784, 0.11, 0.2]], gain: 0.14},
};

let context = null;

/** Whether sounds are on in this browser. */
export function soundOn() {
  try { return localStorage.getItem(KEY) !== 'off'; } catch { return true; }
}

/** Turn sounds on or off in this browser. */
export function setSoundOn(on) {
  if (on) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, 'off');
}

/** The volume in this browser, in per cent (one of VOLUME's steps). */
export function soundVolume() {
  let kept = NaN;
  try { kept = Number(localStorage.getItem(VOLUME_KEY)); } catch { /* storage refused */ }
  return kept >= VOLUME.min && kept <= VOLUME.max && kept % VOLUME.step === 0
    ? kept : VOLUME.normal;
}

/** Keep `percent` (a whole step from VOLUME.min to VOLUME.max) as this browser's volume. */
export function setSoundVolume(percent) {
  const steps = Math.round(Number(percent) / VOLUME.step) * VOLUME.step;
  const kept = Math.min(VOLUME.max, Math.max(VOLUME.min, steps || VOLUME.normal));
  if (kept === VOLUME.normal) localStorage.removeItem(VOLUME_KEY);
  else localStorage.setItem(VOLUME_KEY, String(kept));
  return kept;
}

/** The page's audio, made (or woken) at a person's first touch or key, as browsers ask. */
function audio() {
  const Made = window.AudioContext || window.webkitAudioContext;
  if (!Made) return null;
  if (!context) context = new Made();
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

for (const kind of ['pointerdown', 'keydown']) {
  window.addEventListener(kind, () => { if (soundOn()) audio(); }, {capture: true});
}

/** Play the sound `name` (a key of SOUNDS), if sounds are on. */
export function playSound(name) {
  const sound = SOUNDS[name];
  if (!sound || !soundOn()) return;
  // Before a person's first touch or key the browser keeps audio off (and warns of it).
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  const loudness = sound.gain * soundVolume() / VOLUME.normal;
  for (const [frequency, start, length] of sound.notes) {
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, now + start);
    volume.gain.exponentialRampToValueAtTime(loudness, now + start + 0.01);
    volume.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    tone.connect(volume);
    volume.connect(ctx.destination);
    tone.start(now + start);
    tone.stop(now + start + length + 0.02);
  }
}
