// The time per move: what the person to move has left, counted down in the page from
// what the server last said, with a warning to the person whose time runs short.
import {h} from './dom.js';
import {t} from './i18n.js';
import {playSound} from './sound.js';

/** The lobby's choices of a time per move, in seconds (null: no limit). */
export const MOVE_SECONDS = [null, 30, 60, 120, 300];
/** Seconds left at which the person to move is warned. */
const HURRY_SECONDS = 10;

/** Seconds left as minutes and seconds, rounded up: 74.2 → "1:15". */
function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A time per move in words: 30 → "30 s", 120 → "2 min". */
export function perMoveText(seconds) {
  return seconds % 60 ? t('clock.seconds', {n: seconds}) : t('clock.minutes', {n: seconds / 60});
}

/** What a table's time per move says beside it ("1 min a move"); null without one. */
export function perMoveNote(seconds) {
  return seconds ? t('lobby.perMove', {time: perMoveText(seconds)}) : null;
}

/** The table's countdown: `el` shows it; `warn` says a text to screen readers. */
export class Countdown {
  constructor(warn) {
    this.el = h('p', {class: 'clock', id: 'clock', role: 'timer', hidden: true});
    this.warn = warn;
    this.msg = null;
    this.seen = 0;
    this.warned = null;
    this.timer = setInterval(() => this.draw(), 250);
  }

  /** A new state message from the server. */
  set(msg) {
    this.msg = msg;
    this.seen = performance.now();
    this.draw();
  }

  stop() {
    clearInterval(this.timer);
  }

  draw() {
    const msg = this.msg;
    const playing = msg && msg.table.status === 'playing';
    const clock = playing ? msg.table.clock : null;
    // A timed table keeps the clock's line while nobody's time runs, so the board stays put.
    this.el.hidden = !(playing && msg.table.move_seconds);
    this.el.classList.toggle('idle', !clock);
    if (!clock) return;
    const left = Math.max(0, clock.left - (performance.now() - this.seen) / 1000);
    const text = t('clock.left', {time: clockText(left)});
    if (this.el.textContent !== text) this.el.textContent = text;
    const mine = clock.seat === msg.seat;
    const hurry = mine && left <= HURRY_SECONDS && msg.table.move_seconds > HURRY_SECONDS;
    this.el.classList.toggle('mine', mine);
    this.el.classList.toggle('hurry', hurry);
    if (hurry && left > 0 && this.warned !== msg.version) {
      this.warned = msg.version;
      this.warn(t('clock.hurry', {n: Math.ceil(left)}));
      playSound('hurry');
    }
  }
}
