// Replay of a finished game, or of a record opened in the page, position by position, as
// this viewer was allowed to see it.
import {api, levelKeys, playerName, seats, strongestLevel} from './api.js';
import {clear, h} from './dom.js';
import {listed, t} from './i18n.js';
import {entryLine, logEntries, shownLine} from './log_list.js';
import {failure} from './reasons.js';
import {renderer} from './games/index.js';
import {distinct, gameTitle, seatName} from './lobby.js';
import {formatScore, outcomeText} from './outcome.js';
import {ownTurnBefore, turnsSince} from './turns.js';
import {
  entryText, expertMix, fitLogNumbers, moverDot, namedSeats, notice, spokenMoves, timedOutNote,
  unread,
} from './table.js';

/** The KiB of a full record the server takes (``MAX_RECORD_BODY`` in Python). */
const RECORD_KIB = 1024;

/** The version of the record format this page reads (``RECORD_VERSION`` in Python). */
const RECORD_VERSION = 1;
/** The record's format this page reads (``RECORD_FORMAT`` in Python). */
const FORMAT = `spieltisch-record/${RECORD_VERSION}`;

/** The format version of a record written by a newer spieltisch, else null. */
function newerVersion(record) {
  const found = /^spieltisch-record\/(\d+)(\+views)?$/.exec(String(record?.format));
  return found && Number(found[1]) > RECORD_VERSION ? Number(found[1]) : null;
}

// How long to wait before asking the expert again when the server asks for patience.
const RETRY_MS = 5000;

/** A message card with one link onwards. */
/** Moves the list shows at most. */
const LOG_WINDOW = 300;

/** Scroll the move list, and only the list, so that its current move sits in the middle. */
function showCurrent(log) {
  const current = log.querySelector('.current');
  if (!current) {
    log.scrollTop = 0;
    return;
  }
  const top = current.getBoundingClientRect().top - log.getBoundingClientRect().top
    + log.scrollTop;
  log.scrollTop = top - (log.clientHeight - current.offsetHeight) / 2;
}

export async function showReplay(root, id) {
  const token = seats.get(id);
  let summary;
  let data;
  try {
    summary = await api.table(id);
  } catch (err) {
    root.append(unread(err));
    return null;
  }
  try {
    data = await api.replay(id, token);
  } catch (err) {
    root.append(err.status === 404 || err.status === 0 ? unread(err)
      : notice(t('replay.unavailable'), `#/t/${id}`, t('replay.back')));
    return null;
  }
  const [mod, levels] = await Promise.all([renderer(data.game), levelKeys()]);
  const played = token && data.seat !== null;
  return replayView(root, data, mod, {
    names: () => summary.seats.map(seatName), title: summary.title,
    back: () => h('a', {class: 'button', href: `#/t/${id}`}, t('replay.back')),
    advise: played ? (step) => api.advice(id, token, step) : null,
    playOn: played ? playingOn(data, levels, strongestLevel(levels, summary.seats),
      (step, level) => api.branch(id, token, step, level)) : null,
  });
}

/** The replay's `playOn` for the seat of `data`: `levels` to choose from (`level`, else
 * the middle one, at first), and `made(step, level)` makes the new table, which opens. */
function playingOn(data, levels, level, made) {
  return {levels, level: level ?? levels[Math.floor((levels.length - 1) / 2)],
    start: async (step, chosen) => {
      const table = await made(step, chosen);
      seats.put(table.id, table.token, data.game, table.seat);
      location.hash = `#/t/${table.id}`;
    }};
}

/** The mark after a move of yours in the replay's log: the expert agrees, or not. */
function verdict(agreed) {
  const said = t(agreed ? 'advice.agrees' : 'advice.differs');
  return h('span', {class: `verdict ${agreed ? 'agreed' : 'differed'}`, title: said},
    h('span', {'aria-hidden': 'true'}, agreed ? ' ✓' : ' ?'),
    h('span', {class: 'offscreen'}, ` (${said})`));
}

/** The players of a record, by seat number where one has no name; computer players as the
 * table calls them, where the record says who played each seat. */
function recordNames(players, seats) {
  const played = Array.isArray(seats) && seats.length === players.length ? seats : null;
  return distinct(players.map((name, i) => (played?.[i]?.kind === 'bot'
    ? seatName({...played[i], name}, i, played) : name || t('seat.player', {n: i + 1}))));
}

/** The kind of a value read from JSON, null for null. */
function kindOf(value) {
  if (value === null) return null;
  return Array.isArray(value) ? 'list' : typeof value;
}

/** Whether `views` read as the positions of one game: each an object with the keys of the
 * first, and a key's values of one kind where not null (``view_fault`` in Python). */
function sameViews(views) {
  const keys = Object.keys(views[0]);
  const kinds = new Map();
  return views.every((view) => {
    const own = Object.keys(view);
    return own.length === keys.length && keys.every((key) => {
      if (!Object.hasOwn(view, key)) return false;
      const kind = kindOf(view[key]);
      if (kind === null) return true;
      if (!kinds.has(key)) kinds.set(key, kind);
      return kinds.get(key) === kind;
    });
  });
}

/** Whether a seat's own record (``spieltisch-record/1+views``) holds what its replay
 * needs, each part of the right kind and the parts agreeing with each other
 * (``check_views_record`` in Python, but for the game, which `open` checks). */
function wellFormed(record) {
  const whole = (n, below) => Number.isInteger(n) && n >= 0 && n < below;
  const {views, moves, players, moves_before: before, movers, timed_out: timed} = record;
  const object = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const listOf = (v, fits) => Array.isArray(v) && v.every(fits);
  const result = record.result ?? null;
  return typeof record.game === 'string' && object(record.options ?? {})
    && listOf(players, (p) => typeof p === 'string') && players.length > 0
    && (record.seat === null || whole(record.seat, players.length))
    && listOf(views, object) && views.length > 0 && sameViews(views) && listOf(moves, (m) => typeof m === 'string')
    && Array.isArray(before) && before.length === views.length
    && before.every((n, k) => whole(n, moves.length + 1) && (k === 0 || n >= before[k - 1]))
    && (movers === undefined || (listOf(movers, (m) => m === null || whole(m, players.length))
      && movers.length === moves.length))
    && (timed === undefined || listOf(timed, (n) => whole(n, moves.length)))
    && (record.seats === undefined || (listOf(record.seats, object)
      && record.seats.length === players.length))
    && (result === null || (object(result) && (result.resigned === undefined
      || result.resigned === null || whole(result.resigned, players.length))));
}

/** Open a record file: a seat's own record (exported from a table) is shown at once; a
 * full one (saved by ``spieltisch play --record``) first asks whose view to show. */
export function showRecord(root) {
  let shown = null;

  /** Draws what is shown while no replay is: again in another language. */
  let redraw = () => picker(null, false);

  /** The choice of a file, saying `problem()` if given (why the last one was refused);
   * focus goes to it unless `focus` is false (the page opening, or a new language). */
  function picker(problem = null, focus = true) {
    shown?.leave();
    shown = null;
    redraw = () => picker(problem, false);
    const input = h('input', {type: 'file', id: 'record-file', accept: '.json,application/json'});
    input.addEventListener('change', async () => {
      const file = input.files[0];
      if (!file) return;
      let record;
      try { record = JSON.parse(await file.text()); } catch {
        picker(() => t('record.unknown'));
        return;
      }
      await open(record);
    });
    clear(root).append(h('section', {class: 'card record-card'},
      h('h1', {}, t('record.title')),
      h('p', {class: 'muted'}, t('record.explain')),
      h('label', {for: 'record-file'}, t('record.choose')), ' ', input,
      problem ? h('p', {class: 'record-problem', role: 'alert', id: 'record-problem'},
        problem()) : null));
    if (focus) input.focus();
  }

  async function open(record) {
    const newer = newerVersion(record);
    if (newer !== null) {
      picker(() => t('record.newer', {version: newer, known: RECORD_VERSION}));
      return;
    }
    let unreachable = false;
    const games = await api.games().then((known) => known.games, (err) => {
      unreachable = err.status === 0;
      return null;
    });
    // Without the server nothing is replayed: say so, not that the record is at fault.
    if (unreachable) {
      picker(() => t('error.unreachable'));
    } else if (games && typeof record?.game === 'string'
      && String(record.format).startsWith('spieltisch-record/')
      && !games.some((g) => g.key === record.game)) {
      picker(() => t('record.noGame', {game: record.game,
        games: listed(games.map((g) => gameTitle(g.key, g.title)))}));
    } else if (record?.format === `${FORMAT}+views`) {
      if (!Array.isArray(record.moves_before)) picker(() => t('record.old'));
      else if (wellFormed(record)) await show(record, null, null, () => t('record.damaged'));
      else picker(() => t('record.damaged'));
    } else if (record?.format === FORMAT && Array.isArray(record.players)) {
      // Why the server cannot replay the record: a refused one is damaged, one over the
      // size it takes too large, in the page's language (the server's reason is English).
      const refusal = (err) => () => {
        if (err.status === 0) return t('error.unreachable');
        if (err.status === 400) return t('record.damaged');
        if (err.status === 413) {
          return t('record.tooLarge', {kib: err.reason?.params?.kib ?? RECORD_KIB});
        }
        return t('record.unreadable', {message: failure(err)});
      };
      try {
        await api.replayRecord(record, null);
      } catch (err) {
        picker(refusal(err));
        return;
      }
      const as = async (seat) => {
        const advise = seat === null ? null : (step) => api.adviceRecord(record, seat, step);
        try {
          const [data, levels] = await Promise.all([api.replayRecord(record, seat), levelKeys()]);
          await show(data, advise, seat === null ? null : playingOn(data, levels, null,
            (step, level) => api.branchRecord(record, seat, step, level, playerName.get())));
        } catch (err) {
          // The server out of reach: the same choice again, to try once it is back.
          if (err.status === 0) whose(refusal(err), seat);
          else picker(refusal(err));
        }
      };
      /** Whose view to show, saying `problem()` if given, with focus on the choice of
       * `seat` (the first seat at first; null: the spectator). */
      const whose = (problem = null, seat = 0) => {
        redraw = () => whose(problem, seat);
        const names = recordNames(record.players);
        clear(root).append(h('section', {class: 'card record-card'},
          h('h1', {}, t('record.title')),
          h('p', {}, t('record.whose')),
          h('div', {class: 'actions'},
            names.map((name, i) => h('button', {type: 'button', class: 'record-seat',
              onclick: () => as(i)}, t('record.as', {name}))),
            h('button', {type: 'button', class: 'record-seat', onclick: () => as(null)},
              t('record.spectator')),
            h('button', {type: 'button', id: 'record-another', onclick: () => picker()},
              t('record.another'))),
          problem ? h('p', {class: 'record-problem', role: 'alert', id: 'record-problem'},
            problem()) : null));
        const seats = root.querySelectorAll('.record-seat');
        (seat === null ? seats[seats.length - 1] : seats[seat])?.focus();
      };
      whose();
    } else {
      picker(() => t('record.unknown'));
    }
  }

  /** Show `data`; `broken()`, if given, is said instead of the reason a view cannot be
   * drawn (a damaged file's views, rather than the page's own words for what failed). */
  async function show(data, advise = null, playOn = null, broken = null) {
    let mod;
    try { mod = await renderer(data.game); } catch {
      picker(() => t('record.unknown'));
      return;
    }
    try {
      shown = replayView(root, data, mod, {
        names: () => recordNames(data.players, data.seats),
        title: data.game,
        back: () => h('button', {type: 'button', id: 'record-another', onclick: () => picker()},
          t('record.another')),
        advise,
        playOn,
      });
      document.getElementById('replay-step')?.focus({preventScroll: true});
    } catch (err) {
      picker(broken ?? (() => t('record.unreadable', {message: String(err.message || err)})));
    }
  }

  picker(null, false);
  return {
    leave() { shown?.leave(); },
    relang() { if (shown) shown.relang(); else redraw(); },
  };
}

/** The replay of `data` (a seat's public record): the board at each position, the moves,
 * the players' names (`names()`, in the page's language); `back` makes the link or button
 * that leads away; `advise(step)`, if given, asks what the expert would have played at a
 * step where the seat moved; `playOn`, if given, starts a game that goes on from a step
 * against computer players of one of its `levels` (`level` at first). */
function replayView(root, data, mod, {names: namesNow, title, back, advise, playOn}) {
  const last = data.views.length - 1;
  let step = last;
  const resigned = data.result?.resigned;
  // The expert's answers by step: {asking} while it thinks, then the server's answer or
  // {failed: error} (said by `failure`, in the language of the moment).
  const answers = new Map();

  const timedOut = new Set(data.timed_out || []);
  const openedFolds = new Set();

  /** Where in the log the move after step `k` stands, if it was the seat's (made by its
   * player, or by a computer player when their time ran out); else null. */
  function seatMoveAt(k) {
    const next = data.moves_before[k];
    return k < last && (data.movers || [])[next] === data.seat ? next : null;
  }

  /** The move the seat's player made at step `k` themselves, if they made one there. */
  function myMove(k) {
    const at = seatMoveAt(k);
    return at !== null && !timedOut.has(at) ? data.moves[at] : null;
  }

  /** The steps where the seat made the next move. */
  const mySteps = data.views.map((_, k) => k).filter((k) => myMove(k) !== null);
  let left = false;
  let askingAll = false;
  /** Why asking about all the moves stopped, if it did. */
  let allFailed = null;

  /** Whether the expert's `answer` plays the move the seat played, or has it in its mix. */
  function agrees(answer) {
    return answer.advice.some((m) => m.move === answer.played);
  }

  /** Ask about every move of the seat not asked about yet, one after the other. */
  async function askAll() {
    if (askingAll) return;
    askingAll = true;
    allFailed = null;
    const waited = document.activeElement?.id === 'advice-all';
    draw();
    if (waited) document.getElementById('advice-progress')?.focus({preventScroll: true});
    for (const k of mySteps) {
      if (left) return;
      const known = answers.get(k);
      if (known && !known.failed) continue;
      await ask(k);
      while (answers.get(k)?.status === 429 && !left) {
        await new Promise((resolve) => { setTimeout(resolve, RETRY_MS); });
        await ask(k);
      }
      if (answers.get(k)?.failed) {
        allFailed = answers.get(k).failed;
        break;
      }
    }
    askingAll = false;
    if (!left) drawSaying(allFailed ? 'advice-all-failed' : 'advice-summary', 'advice-progress');
  }

  /** Redraw, then read out the text of the element `said`, and move focus to it if it
   * was on the element `from`. */
  function drawSaying(said, from) {
    const following = document.activeElement?.id === from;
    draw();
    const shown = document.getElementById(said);
    if (shown) {
      spoken.textContent = shown.textContent;
      if (following) shown.focus({preventScroll: true});
    }
  }

  async function ask(k) {
    if (answers.get(k)?.asking) return;
    answers.set(k, {asking: true});
    draw();
    try {
      answers.set(k, await advise(k));
    } catch (err) {
      answers.set(k, {failed: err, status: err.status});
    }
    if (left) return;
    if (k !== step) {
      if (askingAll) draw();
      return;
    }
    drawSaying('advice-answer', 'advice-ask');
  }

  /** A move of the seat asking, in the words of its button at the table. */
  function moveText(move, ctx) {
    if (mod.moveLabel) return mod.moveLabel(move, ctx);
    return entryText((mod.logEntry || namedSeats)(move, ctx));
  }

  /** What the expert would play, from its `answer`. */
  function answerText(answer, ctx) {
    const moves = answer.advice;
    if (moves.length === 1) {
      return t(moves[0].move === answer.played ? 'advice.same' : 'advice.other',
        {move: moveText(moves[0].move, ctx)});
    }
    const mine = agrees(answer);
    const {tie, moves: listed} = expertMix(moves, (move) => moveText(move, ctx));
    if (tie) {
      return `${t('advice.tie', {moves: listed})} ${t(mine ? 'advice.inTie' : 'advice.notInTie')}`;
    }
    return `${t('advice.mix', {moves: listed})} ${t(mine ? 'advice.inMix' : 'advice.notInMix')}`;
  }

  /** The card that says what the expert would have played here, or how to ask it. */
  function adviceCard(ctx) {
    if (!advise) return null;
    const played = myMove(step);
    const body = [];
    const answer = answers.get(step);
    const at = seatMoveAt(step);
    if (at !== null && timedOut.has(at)) {
      body.push(h('p', {class: 'muted', id: 'advice-timed-out'},
        t('advice.timedOut', {move: moveText(data.moves[at], ctx)})));
    } else if (played === null) {
      body.push(h('p', {class: 'muted'}, t('advice.elsewhere')));
    } else if (answer && !answer.asking && !answer.failed) {
      body.push(h('p', {}, t('advice.played', {move: moveText(played, ctx)})),
        h('p', {id: 'advice-answer', tabindex: -1}, answerText(answer, ctx)));
    } else {
      body.push(h('p', {}, t('advice.played', {move: moveText(played, ctx)})));
      if (answer?.failed) {
        body.push(h('p', {class: 'advice-failed', id: 'advice-answer', tabindex: -1},
          t('advice.failed', {message: failure(answer.failed)})));
      }
      const asking = Boolean(answer?.asking);
      body.push(h('button', {type: 'button', id: 'advice-ask', class: 'primary',
        'aria-disabled': String(asking), onclick: () => ask(step)},
      t(asking ? 'advice.asking' : 'advice.ask')));
    }
    const answered = mySteps.filter((k) => answers.get(k)?.advice);
    if (askingAll) {
      body.push(h('p', {class: 'muted', id: 'advice-progress', tabindex: -1},
        t('advice.progress', {i: answered.length, n: mySteps.length})));
    } else if (answered.length === mySteps.length && mySteps.length) {
      body.push(h('p', {id: 'advice-summary', tabindex: -1}, t('advice.summary', {
        i: answered.filter((k) => agrees(answers.get(k))).length, n: mySteps.length})));
    } else if (mySteps.length) {
      if (allFailed) {
        body.push(h('p', {class: 'advice-failed', id: 'advice-all-failed', tabindex: -1},
          t('advice.failed', {message: failure(allFailed)})));
      }
      body.push(h('button', {type: 'button', id: 'advice-all', onclick: askAll},
        t('advice.all', {n: mySteps.length})));
    }
    return h('section', {class: 'card side-card', id: 'advice-card'},
      h('h2', {}, t('advice.title')), body);
  }

  let branchLevel = playOn?.level;
  let branching = false;
  let branchFailed = null;

  /** Start the game that goes on from the step shown. */
  async function branch() {
    if (branching) return;
    branching = true;
    branchFailed = null;
    draw();
    try {
      await playOn.start(step, branchLevel);
    } catch (err) {
      branching = false;
      branchFailed = err;
      if (!left) drawSaying('branch-failed', 'branch-start');
    }
  }

  /** The card that plays the game on from the step shown, against computer players. */
  function branchCard() {
    if (!playOn) return null;
    const over = step === last && Boolean(data.result) && resigned === undefined;
    const body = [h('p', {class: 'muted'}, t('branch.explain'))];
    if (over) {
      body.push(h('p', {}, t('branch.over')));
    } else {
      body.push(h('label', {class: 'branch-level'}, t('branch.level'), ' ',
        h('select', {id: 'branch-level', onchange: (ev) => { branchLevel = ev.target.value; }},
          playOn.levels.map((level) => h('option', {value: level,
            selected: level === branchLevel}, t(`level.${level}`))))),
      h('button', {type: 'button', class: 'primary', id: 'branch-start',
        'aria-disabled': String(branching), onclick: branch},
      t(branching ? 'branch.starting' : 'branch.start')));
      if (branchFailed) {
        body.push(h('p', {class: 'advice-failed', id: 'branch-failed', tabindex: -1},
          t('branch.failed', {message: failure(branchFailed)})));
      }
    }
    return h('section', {class: 'card side-card', id: 'branch-card'},
      h('h2', {}, t('branch.title')), body);
  }

  // One live region for the whole replay, so that screen readers hear each new position.
  const spoken = h('p', {class: 'offscreen', 'aria-live': 'polite'});
  const page = h('div');
  clear(root).append(spoken, page);

  /** What screen readers hear of the moves that led to the position after `shown` moves
   * of the log: every move since the position before, in words, as the table says them
   * (the last move alone in a record that does not say who made each). */
  function ledHere(shown, ctx) {
    const before = step > 0 ? data.moves_before[step - 1] : 0;
    if (data.movers) {
      const said = spokenMoves(mod, data.moves, data.movers, before, shown, ctx,
        (seat) => ctx.names[seat]);
      return said.length ? [said.join('. ')] : [];
    }
    return shown > 0 ? [entryText((mod.spoken || mod.logEntry || namedSeats)(
      data.moves[shown - 1], ctx, shown - 1))] : [];
  }

  /** How the game came out, said at its last position: who resigned, who won. */
  function outcomeNote(names) {
    const returns = data.result?.returns;
    if (Array.isArray(returns) && returns.length === names.length
      && returns.every((r) => typeof r === 'number')) {
      return ` · ${outcomeText({...data.result, resigned: resigned ?? undefined}, names)}`;
    }
    return resigned !== undefined && resigned !== null
      ? ` · ${t('table.resigned', {name: names[resigned]})}` : '';
  }

  /** Whether a position has been drawn: one that cannot be drawn later says so. */
  let drawn = false;

  /** Show position `k` (kept within the record). */
  function go(k) {
    step = Math.max(0, Math.min(last, k));
    branchFailed = null;
    draw();
  }

  function draw() {
    const names = namesNow();
    const focused = root.contains(document.activeElement) ? document.activeElement.id : '';
    // What the view no longer holds of the seat's own last move (Oh-Wah-Ree's `recall`).
    const view = mod.recall ? mod.recall(data.views[step],
      data.views.slice(Math.max(0, step - 4), step).reverse(), data.seat ?? null)
      : data.views[step];
    const shown = data.moves_before[step];
    // The entry of the last move: a draw's outcome is shown with the draw (`joinsLog`).
    const at = shown > 0 ? entryLine(mod, data.moves, shown - 1) : -1;
    spoken.textContent = [t('replay.step', {i: step + 1, n: last + 1}),
      ...ledHere(shown, {view, t, names})].join(': ');
    const narrow = root.clientWidth > 0 && root.clientWidth < 600;
    const board = h('div', {class: 'board-area', id: 'board'});
    const ctx = {
      view, prev: null, animate: false, seat: data.seat, legal: [], interactive: false,
      play: () => {}, redraw: draw, ui: {}, keep: {}, t,
      narrow,
      names,
      turns: turnsSince(data.moves.slice(0, shown), data.movers, data.seat ?? null,
        (data.movers || [])[shown] ?? null, mod.startsRound,
        (i) => entryLine(mod, data.moves, i) !== i),
      ownTurn: ownTurnBefore(data.moves.slice(0, shown), data.movers, data.seat ?? null,
        (data.movers || [])[shown] ?? null, mod.startsRound,
        (i) => entryLine(mod, data.moves, i) !== i),
    };
    // What the table shows beside the board (Colomino's tokens, Okey's round), as it stood.
    let stake = null;
    let endNote = '';
    try {
      mod.render(board, ctx);
      stake = mod.stake ? mod.stake(view, ctx) : null;
      endNote = step === last && resigned === undefined && mod.endNote
        ? mod.endNote(view, {t, names, seat: data.seat ?? null}) : '';
    } catch (err) {
      // The first position drawn refuses the whole record (`showRecord`); a later one
      // that cannot be drawn says so in its place.
      if (!drawn) throw err;
      console.warn(err);
      clear(board).append(h('p', {class: 'banner warn', role: 'alert', id: 'position-damaged'},
        t('record.position')));
    }
    const slider = h('input', {type: 'range', min: 0, max: last, value: step, id: 'replay-step',
      'aria-label': t('replay.step', {i: step + 1, n: last + 1}),
      'aria-valuetext': t('replay.step', {i: step + 1, n: last + 1}),
      oninput: (ev) => go(Number(ev.target.value))});
    const verdicts = new Map(mySteps.filter((k) => answers.get(k)?.advice)
      .map((k) => [data.moves_before[k], agrees(answers.get(k))]));
    // A long game's list shows the moves around the current one, as the table shows its last.
    const from = Math.max(0, Math.min(shown - LOG_WINDOW / 2, data.moves.length - LOG_WINDOW));
    const log = h('ol', {class: 'log', id: 'log'}, logEntries(from,
      Math.min(data.moves.length, from + LOG_WINDOW), data.moves, data.movers,
      (i) => h('li', {class: i < shown ? (i === at ? 'current' : '') : 'future',
        'aria-current': i === at ? 'step' : null},
        moverDot((data.movers || [])[i], (seat) => names[seat]),
        (mod.logEntry || namedSeats)(shownLine(mod, data.moves, i), {view, t, names}, i,
          data.movers),
        timedOut.has(i) ? timedOutNote() : null,
        verdicts.has(i) ? verdict(verdicts.get(i)) : null),
      {opened: openedFolds, current: at, dealLength: mod.dealLength,
        classOf: (first) => (first >= shown ? 'future' : ''),
        joins: (i) => entryLine(mod, data.moves, i) !== i,
        drawn: (first, j) => mod.drawRun?.(data.moves.slice(first, j),
          {view, t, names, seat: data.seat ?? null}) ?? null}));
    fitLogNumbers(log, data.moves.length);
    const scores = Array.isArray(view.scores) ? view.scores : [];
    clear(page).append(h('section', {class: `table-page replay game-${data.game}`},
      h('header', {class: 'table-head'},
        h('div', {class: 'title-row'},
          h('h1', {}, `${t('replay.title')}: ${gameTitle(data.game, title)}`),
          back()),
        h('p', {class: 'status', id: 'status'}, t('replay.step', {i: step + 1, n: last + 1}),
          endNote ? ` · ${endNote}` : '',
          step === last ? outcomeNote(names) : ''),
        h('p', {class: 'hint'}, t('replay.keys'))),
      h('div', {class: 'replay-bar'},
        h('button', {type: 'button', id: 'replay-first', onclick: () => go(0),
          'aria-label': t('replay.first')}, '|◀'),
        h('button', {type: 'button', id: 'replay-prev', onclick: () => go(step - 1),
          'aria-label': t('replay.prev')}, '◀'),
        slider,
        h('button', {type: 'button', id: 'replay-next', onclick: () => go(step + 1),
          'aria-label': t('replay.next')}, '▶'),
        h('button', {type: 'button', id: 'replay-last', onclick: () => go(last),
          'aria-label': t('replay.last')}, '▶|')),
      h('div', {class: 'table-grid'},
        board,
        h('aside', {class: 'side'},
          adviceCard({view, t, names}),
          branchCard(),
          h('section', {class: 'card side-card'}, h('h2', {}, t('table.players')),
            h('ul', {class: 'players'}, names.map((name, i) =>
              h('li', {class: `player${i === data.seat ? ' me' : ''}`},
                h('span', {class: `seat-dot seat${i}`}),
                h('span', {class: 'player-name'}, h('span', {class: 'player-text'}, name)),
                h('span', {class: 'player-score'},
                  scores[i] !== undefined ? formatScore(scores[i]) : ''))))),
          stake ? h('section', {class: 'card side-card'},
            h('div', {class: 'stake', id: 'stake'}, stake)) : null,
          h('section', {class: 'card side-card'}, h('h2', {}, t('table.log')), log)))));
    showCurrent(log);
    if (focused) document.getElementById(focused)?.focus({preventScroll: true});
    drawn = true;
  }

  const keys = (ev) => {
    // Keys typed into a field or a list are theirs, and so are the browser's with modifiers.
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.target instanceof HTMLSelectElement
      || ev.target instanceof HTMLTextAreaElement
      || (ev.target instanceof HTMLInputElement && ev.target.type !== 'range')) return;
    const moves = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last};
    if (ev.key in moves) {
      ev.preventDefault();
      go(moves[ev.key]);
      document.getElementById('replay-step')?.focus({preventScroll: true});
    }
  };
  draw();
  document.addEventListener('keydown', keys);
  return {
    leave() {
      left = true;
      document.removeEventListener('keydown', keys);
    },
    relang: draw,
  };
}
