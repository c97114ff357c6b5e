// The renderer module of each game. A renderer exports:
//   strings {en, de}      game terms, available as t('<key>.<name>')
//   help {en, de}         the rules, as static markup written for this page
//   render(root, ctx)     draw the board into root; ctx.play(action) plays a legal move
//   stake(view, ctx)      optional: a node saying what is at stake now
//   breakdown(view, ctx)  optional: a node with the final score breakdown
//   scoreHeading(view, ctx)
//                         optional: the result's heading of the scores, if not "Points"
//   hint(view, ctx)       optional: a short line under the status (e.g. what to click)
//   endNote(view, ctx)    optional: why the game ended, beside the replay's last position
//                         ('' if the view does not say)
//   moveButtons           optional: false hides the list of move buttons beside the board
//   doubt(typed, ctx)     optional: null, or {move, words()} for a move typed in the box
//                         that is not played at once but refused with words() (the
//                         same `move` typed again at once is played)
//   moveLabel(move, ctx)  optional: a move button's words for a move's notation (the
//                         notation stays what is typed, and is the button's title); a
//                         suggestion and the replay's advice name a move in them too
//   optionChoices         optional: {option: [choices] or (players) => [choices]} for
//                         string options in the lobby
//   layout()              optional: a value that changes when the board's layout for the
//                         screen does; the table redraws the board when it changes
//   icon()                optional: the picture on the game's tile in the lobby
//   logEntry(move, ctx, at, movers)
//                         optional: a move of the log in words (by default its notation,
//                         seats named); `at` is its place in a log made by `movers`
//   roundOver(view, prev, ctx)
//                         optional: how a month or round that ended since `prev` went
//   news(view, prev, ctx) optional: what the moves since `prev` brought, for screen readers
//   spoken(move, ctx, at, movers)
//                         optional: a move of the log as screen readers hear it (by
//                         default as `logEntry` writes it)
//   announceChance(line)  optional: whether a chance line of the log is read out
//   startsRound(line)     optional: whether a line of the log begins a round
//   drawRun(lines, ctx)   optional: the words of a run of draws no seat made, shorter
//                         than a deal, folded into one entry (null: not folded)
//   joinsLog(lines, i)    optional: whether line i of the log is the outcome of the move
//                         of line i - 1 (a tile drawn after "draw"), shown in its entry
// ctx.suggested is the action of the move suggested for this position, or null.
// ctx.ui is the renderer's state for the current position (cleared by every move);
// ctx.keep lasts as long as the table is open in the tab, a reload included (e.g. how a
// player arranged their rack); it is stored as JSON.
import {h} from '../dom.js';
import {addStrings} from '../i18n.js';

const cache = new Map();

/** The renderer of `key`, or the generic one if the page has none for it. */
export async function renderer(key) {
  if (!cache.has(key)) {
    cache.set(key, import(`./${encodeURIComponent(key)}.js`)
      .catch((err) => {
        // A renderer with an error must show up, not hide behind the fallback.
        if (err instanceof SyntaxError) throw err;
        return import('./generic.js');
      })
      .then((module) => {
        addStrings(key, module.strings || {});
        return module;
      }, (err) => {
        // Not loaded (the server out of reach): the next call tries again.
        cache.delete(key);
        throw err;
      }));
  }
  return cache.get(key);
}

/** A game's `start` option in the lobby: drawn by lot, or one of the seats. */
/** Whether the page has a touch screen and no keyboard-and-mouse pointer, so hints name
 * no keys. */
export const touchOnly = () => Boolean(window.matchMedia?.('(pointer: coarse)').matches
  && !window.matchMedia('(any-pointer: fine)').matches);

export const startChoices = (players) => ['random', ...'ABCD'.slice(0, players)];

/** The lobby's words for `startChoices`, to spread into a game's `strings`. */
export const startStrings = {
  en: {'option.start': 'Who begins', 'choice.random': 'drawn by lot', 'choice.A': 'seat 1',
    'choice.B': 'seat 2', 'choice.C': 'seat 3', 'choice.D': 'seat 4'},
  de: {'option.start': 'Wer beginnt', 'choice.random': 'per Los', 'choice.A': 'Platz 1',
    'choice.B': 'Platz 2', 'choice.C': 'Platz 3', 'choice.D': 'Platz 4'},
};

/** A side panel's line for a turn: the seat's dot and player (none for a chance move),
 * then the turn's `moves` in words. */
export function turnLine(seat, moves, ctx) {
  const who = seat === null ? []
    : [h('span', {class: `seat-dot seat${seat}`}), ' ', `${ctx.names[seat]}: `];
  return h('p', {class: 'hint last-turn'}, ...who, moves.join(', '));
}

/** Colours of the seats (also in style.css as --seat0..3). */
export const SEAT_COLORS = ['#c8453b', '#2f6db3', '#2f8a57', '#c98a16'];

/**
 * A log entry in the page's language. `table` holds [pattern, key, parts]: the first
 * pattern the move matches gives the text `${game}.${key}`, its groups filling `parts`
 * ('name' is a seat counted from 1, given by its player's name). Other moves stay as
 * they are written (the game's notation).
 */
export function translatedLog(game, table) {
  return (move, ctx) => {
    for (const [pattern, key, parts] of table) {
      const found = pattern.exec(move);
      if (!found) continue;
      const params = {};
      parts.forEach((part, i) => {
        const value = found[i + 1];
        params[part] = part === 'name' ? (ctx.names[Number(value) - 1] ?? value) : value;
      });
      return ctx.t(`${game}.${key}`, params);
    }
    return move;
  };
}
