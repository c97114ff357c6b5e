// The table: the game's board (drawn by its renderer) inside the shared chrome —
// players, whose turn, what is at stake, legal moves, move log, take-back, result,
// rematch, replay and record export.
import {
  api, arranged, onlyHere, playerName, results, seats, shareOrigin, strongestLevel,
  TableSocket,
} from './api.js';
import {Countdown, perMoveNote} from './clock.js';
import {ChatCard} from './chat_card.js';
import {clear, clearRefusals, copyText, download, focusKey, h, toast} from './dom.js';
import {has, listed, t} from './i18n.js';
import {entryLine, logEntries, shownLine} from './log_list.js';
import {explain, failure} from './reasons.js';
import {renderer} from './games/index.js';
import {gameTitle, rulesChanged, rulesName, satDown, seatName} from './lobby.js';
import {formatScore, outcomeOf, outcomeText} from './outcome.js';
import {ownTurnBefore, turnsSince} from './turns.js';
import {drawResult} from './result_dialog.js';
import {rulesDialog} from './rules.js';
import {
  botChoice, deviceChoice, linkCode, linkField, onlyHereNote, resignChoice, watchBanner,
} from './seat_choices.js';
import {notify} from './notify.js';
import {playSound} from './sound.js';

const BUTTON_LIMIT = 48;
/** Refusals of a chat line, after which the line goes back into the box. */
const CHAT_REFUSALS = new Set(['chat_too_fast', 'empty_chat', 'storage']);
const NARROW_PX = 560;
/** A screen with the side panel under the board (a phone's, a tablet's): Take back and
 * Resign go beside the status line (style.css agrees). */
const STACKED = window.matchMedia('(max-width: 980px)');
/** The words of a notice about what one did oneself, by its code. */
const OWN_NOTICES = {timed_out: 'notice.timedOutYou', undone: 'notice.undoneYou',
  undo_declined: 'notice.undoDeclinedYou', undo_lapsed: 'notice.undoLapsedYou',
  undo_withdrawn: 'notice.undoWithdrawnYou', undo_rematch: 'notice.undoRematchYou',
  resigned: 'notice.resignedYou'};

/**
 * Show table `id` in `mode` ('play', 'join' or 'watch'); `offered` is a seat key brought
 * from another device, kept by this browser once the server accepts it.
 */
export async function showTable(root, id, mode, offered = null) {
  let summary;
  let catalog;
  let reach;
  try {
    [summary, catalog, reach] = await Promise.all([api.table(id),
      api.games(), api.reach().catch(() => ({}))]);
  } catch (err) {
    root.append(unread(err));
    return null;
  }
  const mod = await renderer(summary.game);
  let token = mode === 'watch' ? null : offered || seats.get(id);
  if (!token && mode !== 'watch') {
    if (summary.status === 'waiting') {
      token = await joinPrompt(root, summary, catalog);
      clear(root);
      if (token) {
        seats.put(id, token, summary.game);
        history.replaceState(null, '', `#/t/${id}`);
      }
    } else if (mode === 'join') {
      toast(() => t(summary.status === 'finished' ? 'table.overAlready' : 'table.full'));
    }
  }
  const view = new TableView(root, id, token, mod, summary, catalog, reach);
  view.start();
  return view;
}

function joinPrompt(root, summary, catalog) {
  return new Promise((resolve) => {
    const name = h('input', {id: 'join-name', maxlength: 24, value: playerName.get(),
      autocomplete: 'nickname'});
    const take = async () => {
      try {
        const typed = name.value.trim();
        const answer = await api.join(summary.id, typed);
        if (typed) playerName.set(typed);
        resolve(answer.token);
      } catch (err) {
        const key = err.reason?.key;
        if (key === 'table.full' || key === 'game.over') {
          // Somebody else took the last seat meanwhile, or the game ended: watch it.
          toast(() => t(key === 'game.over' ? 'table.overAlready' : 'table.full'), 'error');
          history.replaceState(null, '', `#/watch/${encodeURIComponent(summary.id)}`);
          resolve(null);
          return;
        }
        toast(() => failure(err), 'error');
      }
    };
    root.append(h('section', {class: 'card join-card'},
      h('h1', {}, t('table.joinTitle', {game: gameTitle(summary.game, summary.title)})),
      h('p', {class: 'muted'}, [rulesName(summary.game, summary.options, catalog),
        perMoveNote(summary.move_seconds)].filter(Boolean).join(' · ')),
      h('ul', {class: 'entry-seats'}, summary.seats.map((seat, i) =>
        h('li', {class: `chip seat-chip${seat.kind === 'open' ? ' open' : ''}`},
          h('span', {class: `seat-dot seat${i}`}), seatName(seat, i, summary.seats)))),
      h('form', {class: 'join-form', onsubmit: (e) => { e.preventDefault(); take(); }},
        h('label', {for: 'join-name'}, t('lobby.name')), name,
        h('div', {class: 'actions'},
          h('button', {type: 'submit', class: 'primary', id: 'take-seat'}, t('table.takeSeat')),
          h('button', {type: 'button', id: 'just-watch', onclick: () => resolve(null)},
            t('table.justWatch'))))));
    name.focus();
  });
}

/** Whether a take-back request in the state message `msg` waits for its viewer's answer. */
function undoWaitsFor(msg) {
  const undo = msg.undo;
  return Boolean(undo && msg.seat !== null && undo.waiting.includes(msg.seat));
}

class TableView {
  constructor(root, id, token, mod, summary, catalog, reach) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.mod = mod;
    this.summary = summary;
    this.catalog = catalog;
    this.levels = catalog.levels.map((level) => level.key);
    this.reach = reach;
    this.msg = null;
    this.prevView = null;
    this.animate = false;
    this.pending = false;
    this.online = false;
    this.resultClosedAt = null;
    this.wantRematch = false;
    this.ui = {};
    this.keep = arranged.get(id);
    this.socket = null;
    this.lostFocus = null;
    this.typed = null;
    this.choosing = null;
    this.resigning = false;
    this.handing = false;
    this.showingCode = false;
    this.showingWatch = false;
    /** The first lines of the log's folds (deals) a person has opened. */
    this.openedFolds = new Set();
    this.chat = new ChatCard(this);
    this.asking = null;
    this.sentOnce = null;
    this.suggestion = null;
    this.releaseResult = () => {};
    this.countdown = new Countdown((text) => { if (this.el) this.el.announce.textContent = text; });
  }

  start() {
    this.build();
    this.socket = new TableSocket(this.id, this.token, (m) => this.receive(m), (status) => {
      this.online = status === 'online';
      this.drawBanner();
    });
    this.socket.connect();
    let layout = null;
    this.resize = new ResizeObserver(() => {
      const now = `${this.el.board.clientWidth < NARROW_PX} ${this.mod.layout?.() ?? ''}`;
      if (layout !== null && now !== layout && this.msg) this.keepFocus(() => this.drawBoard());
      layout = now;
      if (this.msg && this.stacked !== STACKED.matches) this.keepFocus(() => this.drawControls());
      else this.fitTurn();
    });
    this.resize.observe(this.root);
  }

  leave() {
    clearTimeout(this.undoBarTimer);
    // A request or a turn told by a notification is answered here only, not from the lobby.
    this.askNote?.close();
    this.askNote = null;
    this.turnNote?.close();
    this.turnNote = null;
    this.releaseResult();
    this.countdown.stop();
    if (this.socket) this.socket.close();
    if (this.resize) this.resize.disconnect();
    document.title = 'spieltisch';
  }

  relang() {
    this.build();
    this.update();
  }

  // -- messages -------------------------------------------------------------------------

  receive(message) {
    if (message.type === 'state') {
      const changed = this.msg && message.version !== this.msg.version;
      const before = this.msg;
      this.prevView = changed ? this.msg.view : null;
      this.animate = Boolean(changed);
      if (changed || !this.msg) this.ui = {};
      this.msg = message;
      this.pending = false;
      this.sentOnce = null;
      this.noteUndoBar();
      if (this.token && message.seat !== null
        && (seats.seat(this.id) !== message.seat || seats.get(this.id) !== this.token)) {
        seats.put(this.id, this.token, message.table.game, message.seat);
      }
      if (message.table.rematch && this.wantRematch) this.goRematch();
      this.noteResult();
      this.update();
      this.countdown.set(message);
      if (changed) this.announce(before);
      if (before) this.sound(before);
      if (changed && this.playedSince(before)) clearRefusals();
    } else if (message.type === 'error') {
      this.pending = false;
      this.asking = null;
      this.sentOnce = null;
      // A rematch refused is no longer wanted: one the others start later is not joined unasked.
      if (!this.msg?.table.rematch) this.wantRematch = false;
      if (message.code === 'bad_token') {
        if (this.token && seats.get(this.id) === this.token) seats.forget(this.id);
        this.useToken(null);
        this.socket.send({type: 'join', table: this.id, token: null});
      }
      if (message.code === 'key_changed') this.keyChanged();
      if (message.code === 'unknown_table') {
        // The table is gone from the server (its storage was replaced): nothing to play.
        this.leave();
        clear(this.root).append(notFound());
        return;
      }
      if (CHAT_REFUSALS.has(message.code)) this.chat.refused();
      const key = `error.${message.code}`;
      const reason = this.asTyped(message.reason);
      toast(() => {
        const why = explain(reason, message.message);
        return has(key) ? t(key, {message: why}) : why;
      }, 'error');
      this.update();
    } else if (message.type === 'key') {
      if (this.token) seats.renew(this.token, message.token);
      this.useToken(message.token);
      seats.put(this.id, message.token, this.summary.game, this.msg?.seat);
      toast(() => t('table.newKeyDone'));
      this.keepFocus(() => this.drawControls());
    } else if (message.type === 'hint') {
      this.asking = null;
      if (!this.msg || message.version !== this.msg.version) return;
      this.suggestion = message;
      // A game without move buttons marks the suggestion on its board.
      this.keepFocus(() => { this.drawBoard(); this.drawMoves(); });
      const input = document.getElementById('move-input');
      if (input) input.value = message.notation;
    } else if (message.type === 'chat') {
      this.chat.receive(message);
    } else if (message.type === 'chat_removed') {
      this.chat.remove(message);
    } else if (message.type === 'notice') {
      // Who refused a take-back is a person, whoever plays their seat.
      const named = !this.msg ? () => ''
        : message.code === 'undo_declined' ? () => this.personOf(message.seat)
          : () => this.nameOf(message.seat);
      // What one did oneself is told in the second person.
      const mine = this.msg && message.seat === this.msg.seat ? this.ownNotice(message) : null;
      toast(() => {
        const level = message.level ? t(`level.${message.level}`) : '';
        const said = t(mine || `notice.${message.code}`, {name: named(), level});
        return message.undo_lapsed ? `${said} ${t('notice.undoLapsedToo')}` : said;
      });
    }
  }

  /** The words of `message`, a notice about what this seat did itself, or null. */
  ownNotice(message) {
    if (message.code !== 'undo_dropped') return OWN_NOTICES[message.code] ?? null;
    if (!message.handed) return null;
    return message.by === message.seat ? 'notice.undoHandedYours' : 'notice.undoHandedYou';
  }

  /** After a withdrawn take-back request the button says why it waits, until the
   * server's half minute is over; then it is drawn ready again. */
  noteUndoBar() {
    clearTimeout(this.undoBarTimer);
    const seconds = this.msg.undo_barred?.seconds;
    this.undoBarUntil = seconds ? Date.now() + seconds * 1000 : null;
    if (seconds) {
      this.undoBarTimer = setTimeout(() => this.keepFocus(() => this.drawControls()),
        seconds * 1000 + 100);
    }
  }

  /** Why this seat may not ask for a take-back again yet (an error key), or null. */
  undoBar() {
    const bar = this.msg.undo_barred;
    if (!bar || !this.msg.can_undo) return null;
    // After the end no move comes after which to ask again.
    if (bar.why === 'refused') {
      return this.msg.table.status === 'finished' ? 'error.undo_refused_over' : 'error.undo_refused';
    }
    return this.undoBarUntil && Date.now() < this.undoBarUntil ? 'error.undo_too_soon' : null;
  }

  /** The seat key this page plays with from now on (null: it watches), also on reconnecting. */
  useToken(token) {
    this.token = token;
    this.socket.token = token;
  }

  /** Keep how a finished game of this person against computer players alone came out
   * (not one played on from a step of another). */
  noteResult() {
    const msg = this.msg;
    if (!this.token || msg.seat === null || msg.table.status !== 'finished' || !msg.result
      || msg.table.origin) return;
    const others = msg.table.seats.filter((_, i) => i !== msg.seat);
    if (msg.table.seats[msg.seat].kind !== 'human'
      || !others.every((s) => s.kind === 'bot' && !s.stand_in)) return;
    const level = strongestLevel(this.levels, others);
    if (!level) return;
    results.put(this.id, {game: msg.table.game, level,
      outcome: outcomeOf(msg.result.returns, msg.seat)});
  }

  /** The seat got a new key elsewhere: this page watches from now on, unless this
   * browser holds the new key a second later (another tab asked for it), which it then
   * plays with. */
  keyChanged() {
    const old = this.token;
    this.useToken(null);
    this.handing = false;
    setTimeout(() => {
      if (this.socket.closed) return;
      const held = seats.get(this.id);
      if (held && held !== old) {
        this.useToken(held);
        this.socket.ws.close();
      } else if (held) {
        seats.forget(this.id);
      }
    }, 1000);
  }

  /** Whether `seat` is this person's own, played by them (not by a computer player). */
  ownSeat(seat) {
    const msg = this.msg;
    return seat !== null && seat !== undefined && seat === msg.seat
      && msg.table.seats[seat].kind === 'human';
  }

  /** Whether this person made a move since `before` (not a computer player at their seat). */
  playedSince(before) {
    const movers = this.msg.movers;
    return Array.isArray(movers) && movers.slice(before.log.length).some((s) => this.ownSeat(s));
  }

  /** Tell screen readers what the others did since `before`, and what it brought; show
   * everybody the end of a month or a round. */
  announce(before) {
    const msg = this.msg;
    const ctx = this.ctx();
    const lines = [];
    // A move taken back is no longer news: what was said of it goes (the notice says why).
    if (msg.log.length < before.log.length) this.el.announce.textContent = '';
    // One's own moves go unsaid, not those a computer player makes at one's seat.
    lines.push(...spokenMoves(this.mod, msg.log, msg.movers, before.log.length, msg.log.length,
      ctx, (seat) => this.nameOf(seat), (seat) => this.ownSeat(seat)));
    const news = this.mod.news ? this.mod.news(msg.view, before.view, ctx) : '';
    if (news) lines.push(news);
    // A month or round that ended is said to everybody; the end of the game has its result.
    const over = this.mod.roundOver?.(msg.view, before.view, ctx);
    if (over) {
      lines.push(over);
      if (msg.table.status !== 'finished') {
        toast(() => this.mod.roundOver(msg.view, before.view,
          {...ctx, names: msg.table.seats.map((_, i) => this.nameOf(i))}));
      }
    }
    if (lines.length) this.el.announce.textContent = lines.join('. ');
  }

  /** Sound what changed since `before`: the end of the game, a take-back you are asked to
   * allow, your turn, moves, or somebody sitting down at an open seat. The two that ask
   * something of you also bring a notification while the page is hidden. */
  sound(before) {
    const msg = this.msg;
    const title = gameTitle(this.summary.game, this.summary.title);
    // A request withdrawn, answered or lapsed is no longer asked by its notification.
    if (this.askNote && !undoWaitsFor(msg)) {
      this.askNote.close();
      this.askNote = null;
    }
    // Nor a turn played (here or elsewhere), handed to the computer or ended with the game.
    if (this.turnNote && !msg.legal.length) {
      this.turnNote.close();
      this.turnNote = null;
    }
    if (msg.table.status === 'finished' && before.table.status !== 'finished') playSound('end');
    else if (undoWaitsFor(msg) && !undoWaitsFor(before)) {
      playSound('ask');
      if (this.askedToAllowUndo()) {
        this.askNote = notify(this.undoAsk(msg.undo), title, this.id);
      }
    } else if (msg.legal.length && !before.legal.length) {
      playSound('turn');
      this.turnNote = notify(t('table.yourTurn'), title, this.id);
    } else if (msg.log.length > before.log.length) playSound('move');
    else if (satDown(before.table.seats, msg.table.seats, msg.seat)) playSound('join');
  }

  /** Send `message` to the server; false (after saying so) while offline. */
  send(message) {
    const sent = this.socket.send(message);
    if (!sent) toast(() => t('table.offline'), 'error');
    return sent;
  }

  /** Play the legal move `action`; `text`: it was typed so, and the move box keeps it
   * only while the move is not taken. */
  play(action, text = null) {
    if (this.pending || !this.msg || !this.msg.legal.some((m) => m.action === action)) return;
    this.pending = true;
    if (text !== null) this.typed = {version: this.msg.version, text};
    this.send({type: 'move', action, version: this.msg.version});
    this.keepFocus(() => this.drawBoard());
  }

  /** Send the move `text`, which the page may have put in the game's notation from what
   * was `typed` (Irono's Ge Gü Ro): the box mends and a refusal quotes what was typed. */
  playText(text, typed = text) {
    if (this.pending || !this.msg || !this.msg.legal.length) return;
    this.pending = true;
    this.typed = {version: this.msg.version, text: typed, sent: text.trim()};
    this.send({type: 'move', text, version: this.msg.version});
    this.keepFocus(() => this.drawBoard());
  }

  /** A refusal of a typed move quoting, where it quotes the text sent, what was typed. */
  asTyped(reason) {
    const typed = this.typed;
    if (!typed?.sent || reason?.params?.text !== typed.sent) return reason;
    return {...reason, params: {...reason.params, text: typed.text.replace(/\s+/g, ' ').trim()}};
  }

  // -- focus ----------------------------------------------------------------------------
  // Redraws replace the elements that had focus. Focus goes back to the same control when
  // it is drawn again, else to the first move on the board; while there is none (the move
  // is on its way, another player is to move) it waits on the board and comes back when
  // there is.

  keepFocus(draw) {
    const spot = this.focusSpot();
    draw();
    this.restoreFocus(spot);
  }

  focusSpot() {
    const active = document.activeElement;
    const lost = !active || active === document.body || active === this.el.board;
    if (lost) return this.lostFocus;
    if (!this.root.contains(active)) return null;
    return {board: this.el.board.contains(active), key: focusKey(active)};
  }

  restoreFocus(spot) {
    this.lostFocus = null;
    if (!spot) return;
    const active = document.activeElement;
    if (active && active.isConnected && active !== document.body && active !== this.el.board
      && this.root.contains(active)) return;
    const again = spot.key ? (spot.board ? this.el.board : this.root).querySelector(spot.key)
      : null;
    const myTurn = !this.pending && this.msg && this.msg.legal.length > 0;
    // A control that cannot be found again (it had no key) leaves focus on the board
    // rather than on a move that one more Enter would play.
    const target = usable(again) ? again
      : myTurn && spot.key ? firstMove(this.el.board) : null;
    if (target) {
      target.focus({preventScroll: true});
    } else {
      this.lostFocus = spot;
      if (active !== this.el.board) this.el.board.focus({preventScroll: true});
    }
  }

  goRematch() {
    const next = this.msg.table.rematch;
    // Everyone moves one seat on at a rematch, and so do the seats muted here.
    const n = this.msg.table.seats.length;
    if (this.token) seats.put(next, this.token, this.summary.game, (this.msg.seat + 1) % n);
    this.chat.carryMutes(next, n);
    location.hash = this.token ? `#/t/${next}` : `#/watch/${next}`;
  }

  // -- layout ---------------------------------------------------------------------------

  build() {
    clear(this.root);
    this.bannerDrawn = null;
    const title = gameTitle(this.summary.game, this.summary.title);
    this.el = {
      status: h('p', {class: 'status', id: 'status', role: 'status', 'aria-live': 'polite'},
        t('table.connecting')),
      hint: h('p', {class: 'hint', id: 'hint', 'aria-live': 'polite'}),
      quick: h('div', {class: 'quick-controls', id: 'quick-controls'}),
      banner: h('div', {class: 'banners', id: 'banner'}),
      board: h('div', {class: 'board-area', id: 'board', role: 'region', 'aria-label': title,
        tabindex: '-1'}),
      players: h('ul', {class: 'players', id: 'players'}),
      watching: h('p', {class: 'muted small', id: 'watching', hidden: true}),
      stake: h('div', {class: 'stake', id: 'stake'}),
      moves: h('div', {class: 'moves', id: 'moves'}),
      controls: h('div', {class: 'controls', id: 'controls'}),
      log: h('ol', {class: 'log', id: 'log'}),
      overlay: h('div', {class: 'overlay', id: 'result', hidden: true}),
      announce: h('p', {class: 'offscreen', id: 'announce', 'aria-live': 'polite'}),
    };
    const e = this.el;
    this.stakeCard = h('section', {class: 'card side-card'}, e.stake);
    this.movesCard = h('section', {class: 'card side-card'},
      h('h2', {}, t('table.legal')), e.moves);
    this.chat.build();
    const tools = h('div', {class: 'toolbar'},
      h('button', {type: 'button', id: 'rules-button',
        onclick: () => rulesDialog(this.summary.game, this.mod,
          rulesName(this.summary.game, this.summary.options, this.catalog),
          rulesChanged(this.summary.game, this.summary.options, this.catalog))},
      t('table.rules')),
      h('button', {type: 'button', id: 'spectate-button', 'aria-expanded': 'false',
        onclick: () => this.toggleWatch()}, t('table.spectate')),
      h('button', {type: 'button', id: 'export-button', onclick: () => this.exportRecord()},
        t('table.export')));
    this.root.append(h('section', {class: `table-page game-${this.summary.game}`},
      h('header', {class: 'table-head'},
        h('div', {class: 'title-row'},
          h('h1', {}, title),
          h('span', {class: 'chip rules-chip'}, rulesName(this.summary.game, this.summary.options,
            this.catalog)),
          tools),
        h('div', {class: `status-row${this.token ? ' seated' : ''}`}, e.status, e.quick),
        this.countdown.el, e.hint,
        e.announce),
      e.banner,
      h('div', {class: 'table-grid'},
        e.board,
        h('aside', {class: 'side'},
          h('section', {class: 'card side-card'}, h('h2', {}, t('table.players')), e.players,
            e.watching),
          this.stakeCard,
          this.movesCard,
          e.controls,
          this.chat.el,
          h('section', {class: 'card side-card'}, h('h2', {}, t('table.log')), e.log))),
      e.overlay));
  }

  update() {
    if (!this.msg) return;
    this.summary = this.msg.table;
    this.keepFocus(() => {
      this.drawStatus();
      this.drawBanner();
      this.drawBoard();
      this.drawPlayers();
      this.drawStake();
      this.drawMoves();
      this.drawControls();
      this.drawLog();
    });
    this.chat.draw();
    drawResult(this);
  }

  // -- pieces ---------------------------------------------------------------------------

  nameOf(seat) {
    const info = this.msg.table.seats[seat];
    return info ? seatName(info, seat, this.msg.table.seats) : '?';
  }

  /** The name of the person at `seat`, also while a computer player plays it for them:
   * they are the one asked to agree to a take-back. */
  personOf(seat) {
    const info = this.msg.table.seats[seat];
    if (!info?.stand_in) return this.nameOf(seat);
    return info.name || t('seat.player', {n: seat + 1});
  }

  ctx() {
    const msg = this.msg;
    return {
      view: msg.view,
      prev: this.prevView,
      animate: this.animate,
      seat: msg.seat,
      over: msg.table.status === 'finished',
      legal: this.pending ? [] : msg.legal,
      interactive: !this.pending && msg.legal.length > 0,
      suggested: this.suggestion?.version === msg.version ? this.suggestion.action : null,
      play: (action) => this.play(action),
      redraw: () => this.keepFocus(() => { this.drawBoard(); this.drawHint(); }),
      narrow: this.el.board.clientWidth > 0 && this.el.board.clientWidth < NARROW_PX,
      ui: this.ui,
      keep: this.keep,
      names: msg.table.seats.map((_, i) => this.nameOf(i)),
      turns: turnsSince(msg.log, msg.movers, msg.seat ?? null, msg.to_move,
        this.mod.startsRound, (i) => entryLine(this.mod, msg.log, i) !== i),
      ownTurn: ownTurnBefore(msg.log, msg.movers, msg.seat ?? null, msg.to_move,
        this.mod.startsRound, (i) => entryLine(this.mod, msg.log, i) !== i),
      t,
    };
  }

  drawStatus() {
    const msg = this.msg;
    const e = this.el;
    let text;
    const status = msg.table.status;
    if (status === 'waiting') text = t('table.waiting');
    else if (status === 'finished') text = `${t('table.over')} — ${this.winnerText()}`;
    // A computer player standing in at one's own seat moves for one: that is no turn of one's own.
    else if (msg.to_move !== null && msg.to_move === msg.seat
      && msg.table.seats[msg.seat].kind === 'human') text = t('table.yourTurn');
    else if (msg.to_move !== null) {
      const seat = msg.table.seats[msg.to_move];
      text = seat.kind === 'bot' ? t('table.thinking', {name: this.nameOf(msg.to_move)})
        : t('table.turnOf', {name: this.nameOf(msg.to_move)});
    } else text = '';
    if (msg.seat === null && status !== 'finished') text = `${text} · ${t('table.spectating')}`;
    if (e.status.textContent !== text) e.status.textContent = text;  // said once
    e.status.classList.toggle('my-turn', msg.legal.length > 0);
    this.drawHint();
    const title = gameTitle(this.summary.game, this.summary.title);
    document.title = msg.legal.length ? `● ${t('table.yourTurn')} · ${title}` : `${title} · spieltisch`;
  }

  drawHint() {
    const msg = this.msg;
    const hint = msg.legal.length && this.mod.hint ? this.mod.hint(msg.view, this.ctx()) : '';
    if (this.el.hint.textContent !== (hint || '')) this.el.hint.textContent = hint || '';
  }

  winnerText() {
    const result = this.msg.result;
    return result ? outcomeText(result, result.returns.map((_, i) => this.nameOf(i))) : '';
  }

  drawBanner() {
    const e = this.el;
    if (!e) return;
    // Drawn again only when it changes, so that a screen reader hears a request once.
    const shown = this.msg;
    const own = shown && shown.seat !== null ? shown.table.seats[shown.seat] : null;
    const drawn = JSON.stringify([this.online, Boolean(this.socket), this.showingCode,
      this.showingWatch, document.documentElement.lang, this.id, this.token, this.reach,
      shown && [shown.seat, shown.table.status, shown.table.origin, shown.table.rematch,
        own?.stand_in, own?.level, shown.undo,
        shown.undo && [shown.undo.by, ...(shown.undo.since || [])].map((i) => this.nameOf(i))]]);
    if (drawn === this.bannerDrawn) return;
    this.bannerDrawn = drawn;
    clear(e.banner);
    if (!this.online && this.socket) {
      e.banner.append(h('div', {class: 'banner warn'}, t('table.offline')));
    }
    const msg = this.msg;
    if (!msg) return;
    if (msg.table.status === 'waiting') {
      const link = this.link('join');
      const field = linkField(link, 'invite-link', t('table.invite'));
      const scannable = !onlyHere(this.reach);
      e.banner.append(h('div', {class: 'banner invite'},
        h('strong', {}, t('table.invite')), field,
        h('button', {type: 'button', class: 'primary', id: 'copy-invite',
          onclick: () => this.copyLink('join')}, t('table.copy')),
        scannable ? h('button', {type: 'button', id: 'invite-qr-button',
          'aria-expanded': String(this.showingCode), onclick: () => this.toggleCode()},
        t('table.qr')) : null,
        scannable && this.showingCode ? linkCode(link) : null,
        onlyHereNote(this.reach),
        // Somebody who chose to watch may still take an open seat.
        msg.seat === null ? h('button', {type: 'button', id: 'watch-take-seat',
          onclick: () => this.takeOpenSeat()}, t('table.takeSeat')) : null));
    }
    if (this.showingWatch) e.banner.append(watchBanner(this));
    const origin = msg.table.origin;
    if (origin) {
      e.banner.append(h('div', {class: 'banner', id: 'branched'}, ...apart(
        t(origin.table ? 'table.branched' : 'table.branchedRecord', {i: origin.step + 1}),
        origin.table ? h('a', {class: 'button', href: `#/replay/${origin.table}`},
          t('table.replay')) : null)));
    }
    const undo = msg.undo;
    if (undo) {
      const ask = this.undoAsk(undo);
      if (this.askedToAllowUndo()) {
        const note = this.mod.undoNote ? this.mod.undoNote(msg, this.ctx()) : '';
        e.banner.append(h('div', {class: 'banner ask', role: 'alert'}, ...apart(
          note ? `${ask} ${note}` : ask,
          h('button', {type: 'button', class: 'primary', id: 'undo-allow',
            onclick: () => this.sendOnce({type: 'undo_answer', accept: true})},
          t('table.allow')),
          h('button', {type: 'button', id: 'undo-refuse',
            onclick: () => this.sendOnce({type: 'undo_answer', accept: false})},
          t('table.refuse')))));
      } else if (undo.by === msg.seat) {
        // Focus goes from the greyed-out take-back button to Withdraw, and back; Withdraw
        // is described by what it would take back and whom it waits for.
        const also = this.undoAlsoTheirs(undo);
        e.banner.append(h('div', {class: 'banner'}, ...apart(
          h('span', {id: 'undo-waiting'},
            also ? `${also} ${this.undoWaiting(undo)}` : this.undoWaiting(undo)),
          h('button', {type: 'button', id: 'undo-withdraw', 'data-focus-key': 'undo',
            'aria-describedby': 'undo-waiting',
            onclick: () => this.sendOnce({type: 'undo_withdraw'})}, t('table.withdraw')))));
      } else {
        e.banner.append(h('div', {class: 'banner'},
          `${ask} ${this.undoWaiting(undo)}`));
      }
    }
    const mine = msg.seat !== null ? msg.table.seats[msg.seat] : null;
    if (mine && mine.stand_in && msg.table.status !== 'finished') {
      e.banner.append(h('div', {class: 'banner'}, ...apart(
        t('table.standIn', {level: t(`level.${mine.level}`)}),
        h('button', {type: 'button', class: 'primary', id: 'take-seat-back',
          onclick: () => this.sendOnce({type: 'take_seat'})}, t('table.takeSeatBack')))));
    }
    if (msg.table.rematch) {
      e.banner.append(h('div', {class: 'banner good'}, ...apart(t('table.rematchReady'),
        h('button', {type: 'button', class: 'primary', id: 'go-rematch',
          onclick: () => this.goRematch()}, t('table.goRematch')))));
    }
  }

  /** The question of a take-back request, saying whose moves since the asker's last one
   * go back with it ("Ada asks to take back their last move. Your move since then would
   * go back too."). */
  undoAsk(undo) {
    const msg = this.msg;
    const asked = t('table.undoAsk', {name: this.nameOf(undo.by)});
    const since = undo.since || [];
    if (!since.length) return asked;
    const many = since.length > 1;
    if (since.every((seat) => seat === msg.seat)) {
      return `${asked} ${t(many ? 'table.undoAlsoYours' : 'table.undoAlsoYour')}`;
    }
    const seats = [...new Set(since)];
    const mine = seats.includes(msg.seat) ? [t('table.undoYou')] : [];
    const names = listed([...mine,
      ...seats.filter((seat) => seat !== msg.seat).map((seat) => this.nameOf(seat))]);
    return `${asked} ${t(many ? 'table.undoAlsoMoves' : 'table.undoAlsoMove', {names})}`;
  }

  /** For the one who asked: whose moves since their last one go back with it ("The move
   * made since then by Bea would go back too."); '' if none. */
  undoAlsoTheirs(undo) {
    const since = undo.since || [];
    if (!since.length) return '';
    const seats = [...new Set(since)].filter((seat) => seat !== undo.by);
    const names = listed(seats.map((seat) => this.nameOf(seat)));
    return t(since.length > 1 ? 'table.undoAlsoMoves' : 'table.undoAlsoMove', {names});
  }

  /** Who a take-back request still waits for, by name ("Waiting for Bea and Cy to agree…"). */
  undoWaiting(undo) {
    const names = listed(undo.waiting.map((i) => this.personOf(i)));
    return t('table.undoWaiting', {names});
  }

  /** Whether a take-back request waits for this viewer's answer. */
  askedToAllowUndo() {
    return undoWaitsFor(this.msg);
  }

  drawBoard() {
    const board = this.el.board;
    clear(board);
    this.mod.render(board, this.ctx());
    if (Object.keys(this.keep).length) arranged.put(this.id, this.keep);
    this.animate = false;
    board.classList.toggle('interactive', !this.pending && this.msg.legal.length > 0);
    board.dataset.version = String(this.msg.version);
  }

  drawPlayers() {
    const msg = this.msg;
    const list = this.el.players;
    clear(list);
    const scores = msg.view.scores || [];
    msg.table.seats.forEach((seat, i) => {
      const turn = msg.to_move === i && msg.table.status === 'playing';
      const presence = seat.online ? t('table.online') : t('table.away');
      const badge = seat.kind === 'human'
        ? h('span', {class: `online ${seat.online ? 'on' : 'off'}`, title: presence,
          role: 'img', 'aria-label': presence})
        : null;
      list.append(h('li', {class: `player${turn ? ' to-move' : ''}${i === msg.seat ? ' me' : ''}`,
        dataset: {seat: i}},
      h('span', {class: `seat-dot seat${i}`}),
      h('span', {class: 'player-name'}, h('span', {class: 'player-text'}, this.nameOf(i)),
        i === msg.seat ? h('span', {class: 'muted you'}, ` ${t('table.you')}`) : null),
      badge,
      turn && seat.kind === 'bot' ? h('span', {class: 'spinner', 'aria-hidden': 'true'}) : null,
      turn ? h('span', {class: 'turn-mark', role: 'img', 'aria-label': t('table.turnOf',
        {name: this.nameOf(i)})}, '◀') : null,
      h('span', {class: 'player-score'}, scores[i] !== undefined ? formatScore(scores[i]) : ''),
      this.mayCallBot(i) ? h('button', {type: 'button', class: 'small seat-bot',
        dataset: {seat: i}, title: t('table.seatBotFor', {name: this.nameOf(i)}),
        onclick: () => this.chooseBot(i)}, t('table.seatBot'))
        : this.mayOpenSeat(i) ? h('button', {type: 'button', class: 'small seat-bot',
          dataset: {seat: i}, title: t('table.openSeatFor', {name: this.nameOf(i)}),
          onclick: () => this.sendOnce({type: 'open_seat', seat: i})}, t('table.openSeat'))
          : null));
    });
    const watching = msg.table.watching || 0;
    this.el.watching.hidden = watching === 0;
    this.el.watching.textContent = watching ? t('table.watching', {n: watching}) : '';
  }

  /** Whether this viewer may let a computer player take seat `i` of someone else: an open
   * seat before the game, or the seat of a person the server shows as absent (before
   * the game or during it). */
  mayCallBot(i) {
    const msg = this.msg;
    const seat = msg.table.seats[i];
    if (msg.seat === null || i === msg.seat || msg.table.rematch) return false;
    return (seat.kind === 'open' && msg.table.status === 'waiting')
      || (seat.kind === 'human' && seat.absent && msg.table.status !== 'finished');
  }

  /** Whether this viewer may open seat `i` again before the game: a computer player's
   * own, or that of a person the server shows as absent (also from a computer player
   * standing in for them). */
  mayOpenSeat(i) {
    const msg = this.msg;
    const seat = msg.table.seats[i];
    if (msg.seat === null || i === msg.seat || msg.table.rematch
      || msg.table.status !== 'waiting') return false;
    return (seat.kind === 'bot' && (!seat.stand_in || seat.absent))
      || (seat.kind === 'human' && seat.absent);
  }

  /** Whether this viewer may hand their own seat to a computer player. */
  mayLeaveToBot() {
    const msg = this.msg;
    return msg.seat !== null && msg.table.status !== 'finished'
      && (msg.table.seats[msg.seat].kind === 'human' || msg.table.seats[msg.seat].stand_in);
  }

  chooseBot(seat) {
    this.choosing = seat;
    this.keepFocus(() => this.drawControls());
    const levels = document.querySelectorAll('#seat-bot-choice .actions button:not(:disabled)');
    const medium = document.getElementById('seat-bot-level-medium');
    (medium && !medium.disabled ? medium : levels[0])?.focus();
  }

  askResign() {
    this.resigning = true;
    this.keepFocus(() => this.drawControls());
    document.getElementById('resign-no')?.focus();
  }

  showDeviceLink() {
    this.handing = true;
    this.keepFocus(() => this.drawControls());
    document.getElementById('device-link')?.focus();
  }

  drawStake() {
    clear(this.el.stake);
    const node = this.mod.stake ? this.mod.stake(this.msg.view, this.ctx()) : null;
    if (node) this.el.stake.append(node);
    this.stakeCard.hidden = !node;
  }

  drawMoves() {
    const box = this.el.moves;
    const old = box.querySelector('#move-input');
    const half = old?.value || '';
    const caret = old ? [old.selectionStart, old.selectionEnd] : null;
    clear(box);
    const legal = this.msg.legal;
    this.movesCard.hidden = !legal.length;
    if (!legal.length) return;
    const words = new Map(legal.map((m) => [m.action, this.moveWords(m.notation)]));
    const label = (m) => words.get(m.action);
    if (legal.length <= BUTTON_LIMIT && this.mod.moveButtons !== false) {
      const suggested = this.suggestion?.version === this.msg.version
        ? this.suggestion.action : null;
      const ctx = this.ctx();
      box.append(h('div', {class: 'move-buttons'}, legal.map((m) => {
        const worded = label(m) !== m.notation;
        // A game whose notation is codes names what they stand for (Koi-Koi's cards).
        const named = this.mod.moveTitle ? this.mod.moveTitle(m.notation, ctx) : null;
        return h('button', {type: 'button', dataset: {action: m.action}, disabled: this.pending,
          class: `move${m.action === suggested ? ' suggested' : ''}${worded ? ' worded' : ''}`,
          title: [worded ? m.notation : null, named].filter(Boolean).join(' — ') || null,
          onclick: () => this.play(m.action)},
        label(m));
      })));
    }
    const listId = 'legal-notations';
    const input = h('input', {id: 'move-input', list: listId, autocomplete: 'off',
      'aria-label': t('table.type'), placeholder: t('table.type')});
    if (this.typed && this.typed.version === this.msg.version) {
      input.value = this.typed.text;  // refused: mend it
    } else if (this.typed) {
      this.typed = null;  // played
    } else {
      input.value = half;  // not sent yet: the table changed under it (a spectator came)
      if (caret && caret[0] !== null) input.setSelectionRange(caret[0], caret[1]);
    }
    const submit = () => {
      const typed = input.value.replace(/\s+/g, ' ').trim();
      const named = (text) => legal.find((m) => [m.notation, label(m)]
        .some((name) => name.toLowerCase() === text.toLowerCase()));
      // A game may take the page's own words for its notation (Irono's Ge Gü Ro).
      const wanted = named(typed) || !this.mod.typedMove ? typed : this.mod.typedMove(typed);
      const found = named(wanted);
      // A move the game doubts (an Okey discard that would finish) is played only when
      // sent again at once.
      const doubt = this.mod.doubt ? this.mod.doubt(found ? found.notation : wanted, this.ctx())
        : null;
      const again = this.doubted?.version === this.msg.version && this.doubted.move === doubt?.move;
      if (doubt) this.doubted = {version: this.msg.version, move: doubt.move};
      if (doubt && !again) toast(doubt.words, 'error');
      else if (found) this.play(found.action, input.value);
      else if (typed) this.playText(wanted.slice(0, 200), input.value);
    };
    box.append(h('form', {class: 'move-form', onsubmit: (ev) => { ev.preventDefault(); submit(); }},
      input, h('datalist', {id: listId}, legal.map((m) => h('option', {value: m.notation},
        label(m) === m.notation ? null : label(m)))),
      h('button', {type: 'submit', disabled: this.pending}, t('table.play'))));
    if (this.msg.can_hint) box.append(this.suggestRow());
  }

  /** Ask a strong computer player for this seat's move; its answer goes in the box. */
  suggestRow() {
    const msg = this.msg;
    const shown = this.suggestion?.version === msg.version ? this.suggestion : null;
    const asking = this.asking === msg.version;
    return h('div', {class: 'suggest-row'},
      h('button', {type: 'button', id: 'suggest-button', disabled: asking || Boolean(shown),
        onclick: () => {
          this.asking = msg.version;
          if (!this.send({type: 'hint', version: msg.version})) this.asking = null;
          this.keepFocus(() => this.drawMoves());
          // The button is off while the expert thinks: focus waits in the move box, where
          // the suggestion goes and Enter plays it, rather than on a move of the board.
          // It scrolls no further than needed to show the box, so the board stays in sight.
          if (this.asking !== null) focusInSight(document.getElementById('move-input'));
        }}, asking ? t('table.suggesting') : t('table.suggest')),
      shown ? h('span', {id: 'suggestion', role: 'status'}, this.suggestionText(shown)) : null);
  }

  /** A move's notation in the page's language, where the game has words for it. */
  moveWords(notation) {
    return this.mod.moveLabel ? this.mod.moveLabel(notation, this.ctx()) : notation;
  }

  /** The suggested move, and the others the expert chooses among where there are some. */
  suggestionText(hint) {
    const say = (move) => this.moveWords(move);
    const mix = hint.mix || [];
    if (mix.length < 2) return t('table.suggestion', {move: say(hint.notation)});
    const {tie, moves} = expertMix(mix, say);
    return t(tie ? 'table.suggestionTie' : 'table.suggestionMix', {move: say(hint.notation), moves});
  }

  drawControls() {
    const msg = this.msg;
    const box = this.el.controls;
    clear(box);
    // Over a stacked side panel Take back and Resign (and the question whether to) sit by
    // the status line.
    this.stacked = STACKED.matches;
    const quick = this.stacked ? this.el.quick : box;
    // Emptied either way: a window widened past the stacked layout keeps no stale copy.
    clear(this.el.quick);
    const seated = msg.seat !== null;
    // A person whose seat a computer player plays is asked too.
    const othersHuman = msg.table.seats.some((s, i) => (s.kind === 'human' || s.stand_in)
      && i !== msg.seat);
    if (seated && msg.table.status !== 'waiting' && !msg.table.rematch
      && msg.table.seats[msg.seat].kind === 'human') {
      // A move that stands, or a request that may not be asked again yet, keeps the
      // button in reach of the keyboard, to say why.
      const settled = !msg.can_undo && msg.undo_settled;
      const bar = this.undoBar();
      // A game may say in its own words what stands (an Irono round, a Koi-Koi month,
      // a card turned since).
      const key = msg.undo_drawn ? 'undoDrawn' : 'undoSettled';
      const own = `${msg.table.game}.${key}`;
      const whyKey = settled ? (has(own) ? own : `table.${key}`) : bar;
      const why = whyKey ? t(whyKey) : null;
      quick.append(h('button', {type: 'button', id: 'undo-button', 'data-focus-key': 'undo',
        disabled: !msg.can_undo && !settled, 'aria-disabled': why ? 'true' : undefined,
        title: why ?? undefined,
        onclick: () => (why ? toast(() => t(whyKey))
          : this.sendOnce({type: 'undo', version: msg.version}))},
      othersHuman ? t('table.askUndo') : t('table.undo')));
    }
    if (msg.can_resign && !this.resigning) {
      quick.append(h('button', {type: 'button', id: 'resign-button',
        onclick: () => this.askResign()},
      t('table.resign')));
    }
    if (this.mayLeaveToBot()) {
      const standIn = msg.table.seats[msg.seat].stand_in;
      box.append(h('button', {type: 'button', id: 'seat-bot-mine',
        onclick: () => this.chooseBot(msg.seat)},
      t(standIn ? 'table.standInLevel' : 'table.seatBotMine')));
    }
    if (seated) {
      box.append(h('button', {type: 'button', id: 'device-button',
        'aria-expanded': String(this.handing), onclick: () => this.showDeviceLink()},
      t('table.device')));
    }
    if (this.resigning && msg.can_resign) quick.append(resignChoice(this));
    else this.resigning = false;
    if (this.handing && seated) box.append(deviceChoice(this));
    else this.handing = false;
    const choosing = this.choosing;
    if (choosing !== null && (choosing === msg.seat ? this.mayLeaveToBot()
      : this.mayCallBot(choosing))) {
      box.append(botChoice(this));
    } else {
      this.choosing = null;
    }
    if (msg.table.status === 'finished') {
      if (seated && !msg.table.rematch) {
        box.append(h('button', {type: 'button', class: 'primary', id: 'rematch-button',
          onclick: () => this.rematch()}, t('table.rematch')));
      }
      box.append(h('a', {class: 'button', id: 'replay-link', href: `#/replay/${this.id}`},
        t('table.replay')));
      box.append(h('button', {type: 'button', id: 'show-result',
        onclick: () => { this.resultClosedAt = null; drawResult(this); }}, t('table.showResult')));
    }
    this.fitTurn();
  }

  /** Take back and Resign go under the turn where that makes the row lower than beside
   * it (a phone): judged by every seat's turn, a computer player's too, and the turn keeps
   * the room of the longest, so each is shown whole and the board stays put as the turn
   * passes. */
  fitTurn() {
    const {status, quick} = this.el;
    const row = status.parentElement;
    row.classList.remove('turn-under');
    status.style.minHeight = '';
    if (!this.msg || !status.clientWidth) return;
    const probe = status.cloneNode(false);
    for (const name of ['id', 'role', 'aria-live']) probe.removeAttribute(name);
    probe.setAttribute('aria-hidden', 'true');
    probe.style.cssText = 'position: absolute; visibility: hidden';
    row.append(probe);
    const mine = t('table.yourTurn');
    const {seats} = this.msg.table;
    const watching = this.msg.seat === null ? ` · ${t('table.spectating')}` : '';
    const texts = seats.map((seat, i) => {
      if (i === this.msg.seat && seat.kind === 'human') return mine;
      const name = this.nameOf(i);
      return `${t(seat.kind === 'bot' ? 'table.thinking' : 'table.turnOf', {name})}${watching}`;
    });
    const tallest = () => {
      // The exact width: a rounded one may fit a word the turn itself wraps.
      probe.style.width = `${status.getBoundingClientRect().width}px`;
      return Math.max(...texts.map((text) => {
        probe.textContent = text;
        probe.classList.toggle('my-turn', text === mine);
        return probe.getBoundingClientRect().height;
      }));
    };
    let room = tallest();
    const buttons = quick.getBoundingClientRect().height;
    if (buttons && quick.getBoundingClientRect().top < status.getBoundingClientRect().bottom) {
      row.classList.add('turn-under');
      const under = tallest();
      const gap = parseFloat(getComputedStyle(row).rowGap) || 0;
      if (under + gap + quick.getBoundingClientRect().height < Math.max(room, buttons)) {
        room = under;
      } else {
        row.classList.remove('turn-under');
      }
    }
    probe.remove();
    status.style.minHeight = `${room}px`;
  }

  drawLog() {
    const list = this.el.log;
    clear(list);
    const log = this.msg.log;
    if (!log.length) {
      list.append(h('li', {class: 'muted'}, t('table.noMoves')));
      return;
    }
    const start = Math.max(0, log.length - 300);
    fitLogNumbers(list, log.length);
    const timedOut = new Set(this.msg.timed_out || []);
    const ctx = this.ctx();
    const movers = this.msg.movers;
    // A line no seat made is chance; a record without movers goes by the words.
    const chance = (i) => (Array.isArray(movers) ? movers[i] === null
      : /^(deal|chance|draw)/.test(log[i]));
    list.append(...logEntries(start, log.length, log, movers, (i) =>
      h('li', {class: chance(i) ? 'chance' : ''},
        moverDot(movers[i], (seat) => this.nameOf(seat)),
        (this.mod.logEntry || namedSeats)(shownLine(this.mod, log, i), ctx, i, movers),
        timedOut.has(i) ? timedOutNote() : null),
      {opened: this.openedFolds, dealLength: this.mod.dealLength,
        joins: (i) => entryLine(this.mod, log, i) !== i,
        drawn: (first, j) => this.mod.drawRun?.(log.slice(first, j), ctx) ?? null}));
    list.scrollTop = list.scrollHeight;
  }

  // -- actions --------------------------------------------------------------------------

  /** Show or hide the invite link's QR code, keeping focus on its button. */
  toggleCode() {
    this.showingCode = !this.showingCode;
    this.drawBanner();
    document.getElementById('invite-qr-button')?.focus();
  }

  /** Open or close the spectator link, keeping focus on its button. */
  toggleWatch() {
    this.showingWatch = !this.showingWatch;
    this.drawBanner();
    const button = document.getElementById('spectate-button');
    button?.setAttribute('aria-expanded', String(this.showingWatch));
    button?.focus();
  }

  /** The invite's page for a watcher of a table with an open seat. */
  takeOpenSeat() {
    const invite = `#/join/${encodeURIComponent(this.id)}`;
    if (location.hash === invite) window.dispatchEvent(new HashChangeEvent('hashchange'));
    else location.hash = invite;
  }

  /** Send `message`, which answers the table as it is now, once until the table answers:
   * a double click takes back one move (or answers once) and is not refused as out of
   * date. */
  sendOnce(message) {
    if (this.sentOnce === message.type) return;
    if (this.send(message)) this.sentOnce = message.type;
  }

  /** Go to the rematch, or ask for one; a rematch not asked for (offline) is not wanted
   * later, when somebody else starts it. */
  rematch() {
    if (this.msg.table.rematch) this.goRematch();
    else this.wantRematch = this.send({type: 'rematch'});
  }

  link(kind) {
    return `${shareOrigin(this.reach)}/#/${kind}/${this.id}`;
  }

  async copyLink(kind) {
    const ok = await copyText(this.link(kind));
    toast(() => (ok ? t('table.copied') : `${t('table.copyFailed')}: ${this.link(kind)}`));
  }

  async exportRecord() {
    try {
      const record = await api.record(this.id, this.token);
      download(`spieltisch-${this.summary.game}-${this.id}.json`, record);
    } catch (err) {
      toast(() => failure(err), 'error');
    }
  }
}

/** The pieces of a banner with a space between each, so that its words and its buttons'
 * labels read apart in its plain text (screen readers, copying); a flex box draws none. */
function apart(...parts) {
  return parts.filter(Boolean).flatMap((part, i) => (i ? [' ', part] : [part]));
}

function usable(el) {
  return Boolean(el && !el.disabled && el.tabIndex >= 0 && el.getClientRects().length);
}

/** Focus `el`, scrolling the page only as far as it takes to bring it into view (a plain
 * focus() would centre it, taking the board out of sight). */
function focusInSight(el) {
  if (!el) return;
  el.focus({preventScroll: true});
  const box = el.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({block: 'nearest'});
}

/** The first control on the board that plays a move, else one that prepares one. */
function firstMove(board) {
  const plays = [...board.querySelectorAll('[data-action]:not([data-action=""])')];
  return plays.find(usable) || [...board.querySelectorAll('.legal, .playable')].find(usable)
    || null;
}

/** The moves `from` to `to` (exclusive) of `lines` as screen readers hear them, each
 * with the name of who made it (`nameOf(seat)`): the cards or tiles drawn that the game
 * announces (`announceChance`), none of the rest that no seat made, nor a move whose
 * seat is `skip(seat)`. */
export function spokenMoves(mod, lines, movers, from, to, ctx, nameOf, skip = () => false) {
  const said = [];
  for (let i = from; i < to; i++) {
    const seat = movers?.[i];
    const chance = seat === null || seat === undefined;
    if (skip(seat) || (chance && !mod.announceChance?.(lines[i]))) continue;
    const text = entryText((mod.spoken || mod.logEntry || namedSeats)(
      shownLine(mod, lines, i), ctx, i, movers));
    said.push(chance ? text : `${nameOf(seat)}: ${text}`);
  }
  return said;
}

/** A log entry with the seats it counts from 1 ("deal to seat 2", "player 2 draws a tile")
 * given by their names. */
export function namedSeats(text, ctx) {
  return text.replace(/\b(?:seat|player) (\d+)\b/g,
    (whole, n) => ctx.names[Number(n) - 1] ?? whole);
}

/** The moves the expert chooses among (`[{move, share}]`, most likely first), each
 * written by `write`: with their shares, or without where all are equally likely.
 * `tie` says which. */
export function expertMix(mix, write) {
  const tie = mix.every((m) => Math.abs(m.share - mix[0].share) < 1e-3);
  const written = mix.map((m) => (tie ? write(m.move)
    : `${write(m.move)} ${Math.round(m.share * 100)} %`));
  // Moves written as lists themselves (a guess of colours in words) are told apart by ";".
  const moves = written.join(written.some((w) => w.includes(', ')) ? '; ' : ', ');
  return {tie, moves};
}

/** A card saying `text`, with a link `label` to `href`. */
export function notice(text, href, label) {
  return h('div', {class: 'card notice-card'}, h('p', {}, text),
    h('a', {class: 'button', href}, label));
}

/** The card saying that a table is not there, with the way back to the lobby. */
export function notFound() {
  return notice(t('table.notFound'), '#/', t('table.lobby'));
}

/** The card for a table that could not be read: `notFound()` if the server has no such
 * table, else what went wrong (the server out of reach), with a button to try again. */
export function unread(err) {
  if (err?.status === 404) return notFound();
  return h('div', {class: 'card notice-card'},
    h('p', {}, failure(err) || t('error.unreachable')),
    h('div', {class: 'actions'},
      h('button', {type: 'button', class: 'primary', onclick: () => location.reload()},
        t('table.retry')),
      h('a', {class: 'button', href: '#/'}, t('table.lobby'))));
}

/** The words of a log entry, which a game writes as text or as an element. */
export function entryText(entry) {
  return typeof entry === 'string' ? entry : entry.textContent;
}

/** A dot in the colour of the seat that made a log entry, named on hover and to screen
 * readers; none for chance. */
export function moverDot(seat, nameOf) {
  if (seat === null || seat === undefined) return null;
  return h('span', {class: `seat-dot seat${seat}`, title: nameOf(seat), role: 'img',
    'aria-label': nameOf(seat)});
}

/** The words after a move in a log that a computer player made for a person whose time
 * ran out. */
export function timedOutNote() {
  return h('span', {class: 'muted timed-out'}, ` ${t('log.timedOut')}`);
}

/** Make room in a move log (an <ol class="log">) for its highest number, e.g. "1234.". */
export function fitLogNumbers(list, highest) {
  list.style.setProperty('--log-digits', String(String(Math.max(1, highest)).length));
}
