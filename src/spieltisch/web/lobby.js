// The lobby: start a game (game, rules, players, options, who sits where), see open and
// running tables, come back to your own games.
import {api, lastSetup, playerName, results, seats} from './api.js';
import {MOVE_SECONDS, perMoveNote, perMoveText} from './clock.js';
import {clear, h, toast} from './dom.js';
import {has, t} from './i18n.js';
import {failure} from './reasons.js';
import {renderer} from './games/index.js';
import {formatScore, outcomeText} from './outcome.js';
import {notify} from './notify.js';
import {playSound} from './sound.js';

const REFRESH_MS = 4000;
// The tables this browser remembers that the lobby looks up, and the most it lists of each kind.
const LISTED = 6;
/** Games going on that the lobby looks up and lists at most, those of your turn first. */
const GOING_ON = 30;
/** How long after a game ends the lobby still looks for a rematch of it somebody starts. */
const REMATCH_WAIT_MS = 10 * 60 * 1000;

export function presetName(game, preset) {
  return has(`${game}.preset.${preset}`) ? t(`${game}.preset.${preset}`) : preset;
}

/** The rules of a table: its preset, and each option set otherwise than the preset has
 * it ("Irono Ofubi (rulebook) · Colours named in a guess: 2"); `catalog` is /api/games. */
export function rulesName(game, options, catalog) {
  const changed = changedOptions(game, options, catalog)
    .map(([key, value]) => `${optionLabel(game, key)}: ${typeof value === 'boolean'
      ? t(value ? 'lobby.on' : 'lobby.off')
      : has(`${game}.choice.${value}`) ? t(`${game}.choice.${value}`) : value}`);
  return [presetName(game, options.preset), ...changed].join(' · ');
}

/** Whether a table's `options` depart from its preset's own. */
export function rulesChanged(game, options, catalog) {
  return changedOptions(game, options, catalog).length > 0;
}

function changedOptions(game, options, catalog) {
  const variant = catalog?.games?.find((g) => g.key === game)?.variants
    ?.find((v) => v.preset === options.preset && v.players === options.players);
  return variant ? Object.entries(options)
    .filter(([key, value]) => key in variant.options && variant.options[key] !== value) : [];
}

function presetText(game, preset) {
  return has(`${game}.presetInfo.${preset}`) ? t(`${game}.presetInfo.${preset}`) : '';
}

function optionLabel(game, key) {
  return has(`${game}.option.${key}`) ? t(`${game}.option.${key}`) : key.replaceAll('_', ' ');
}

export function gameTitle(game, fallback) {
  return has(`${game}.title`) ? t(`${game}.title`) : fallback;
}

/** Whether a person sat down at an open seat other than `own` between the seat lists
 * `before` and `after` of a table. */
export function satDown(before, after, own) {
  return after.some((seat, i) => i !== own && seat.kind === 'human' && before[i]?.kind === 'open');
}

/** How a seat is shown to everybody: the person's name (by the seat's number if they gave
 * none), or the bot's level. Bots of the same level at one table (``seats``, the seat at
 * index ``i``) are numbered, and so is a seat that would read like one before it (a name
 * kept from before names like the table's own were refused), so no two seats read alike. */
export function seatName(seat, i, seats) {
  if (!seats || seat.kind === 'open') return seatLabel(seat, i, seats);
  return distinct(seats.map((s, j) => (s.kind === 'open' ? null : seatLabel(s, j, seats))))[i];
}

/** `labels` with each one that reads like an earlier one (in any case) numbered, as the
 * server numbers a name already at the table; nulls stay and count for nothing. */
export function distinct(labels) {
  const taken = new Set();
  return labels.map((label) => {
    if (label === null) return null;
    let numbered = label;
    for (let n = 2; taken.has(numbered.toLocaleLowerCase()); n += 1) numbered = `${label} ${n}`;
    taken.add(numbered.toLocaleLowerCase());
    return numbered;
  });
}

function seatLabel(seat, i, seats) {
  if (seat.kind === 'bot') {
    const level = t(`level.${seat.level}`);
    if (seat.stand_in) {
      return t('seat.standIn', {name: seat.name || t('seat.player', {n: i + 1}), level});
    }
    const same = (s) => s.kind === 'bot' && !s.stand_in && s.level === seat.level;
    const alike = (seats || []).filter(same);
    if (alike.length < 2) return t('seat.botName', {level});
    return t('seat.botNumbered', {level, n: seats.slice(0, i + 1).filter(same).length});
  }
  if (seat.kind === 'open') return t('seat.openShort');
  return seat.name || t('seat.player', {n: i + 1});
}

/** The choices a game's renderer offers for its option `key` at `players` seats, if any. */
function optionChoices(mod, key, players) {
  const choices = mod.optionChoices?.[key];
  return typeof choices === 'function' ? choices(players) : choices;
}

/** The least and greatest value of a game's whole-number option `key` (from /api/games). */
function range(game, key) {
  const [low, high] = game.ranges?.[key] ?? [0, null];
  return {low, high};
}

/** Whether `value` is a whole number the option of `bounds` (see `range`) may take. */
function inRange(value, {low, high}) {
  return Number.isInteger(value) && value >= low && (high === null || value <= high);
}

/** The options kept from the last game of a kind that still fit: those named by
 * `defaults`, of the same type, a whole number in the option's range or one of the
 * offered choices. */
function keptOptions(defaults, kept, choicesOf, rangeOf) {
  const fits = ([key, value]) => {
    const choices = choicesOf(key);
    return key in defaults && typeof value === typeof defaults[key]
      && (typeof value !== 'number' || inRange(value, rangeOf(key)))
      && (typeof value !== 'string' || !choices || choices.includes(value));
  };
  return Object.fromEntries(Object.entries(kept && typeof kept === 'object' ? kept : {})
    .filter(fits));
}

/** The seats kept from the last game of a kind, if they still fit `players` seats and
 * the computer players' `levels`; else none (the lobby fills them in as at first). */
function keptSeats(kept, players, levels) {
  const allowed = new Set(['me', 'open', ...levels.map((lv) => `bot:${lv.key}`)]);
  const fits = Array.isArray(kept) && kept.length === players
    && kept.every((c) => allowed.has(c)) && kept.filter((c) => c === 'me').length <= 1;
  return fits ? [...kept] : [];
}

// The form as set up but not started, while this page lives: the rules, another game's
// form or another language leave it as it was. By game; `game` is the game chosen.
const draft = {game: null, by: {}, name: null};

export async function showLobby(root) {
  const [catalog, modules] = await api.games().then(async (data) => {
    const mods = {};
    await Promise.all(data.games.map(async (g) => { mods[g.key] = await renderer(g.key); }));
    return [data, mods];
  });
  let timer = null;
  let mine = null;
  let done = [];
  const last = lastSetup.game();
  const known = (key) => catalog.games.some((g) => g.key === key);
  let chosen = known(draft.game) ? draft.game : known(last) ? last : catalog.games[0]?.key;
  const setupBox = h('div', {class: 'setup'});
  const lists = h('div', {class: 'lists'});
  const picker = h('div', {class: 'game-picker', role: 'radiogroup',
    'aria-label': t('lobby.choose'), onkeydown: (event) => {
      const step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[event.key];
      if (!step) return;
      event.preventDefault();
      const keys = catalog.games.map((g) => g.key);
      choose(keys[(keys.indexOf(chosen) + step + keys.length) % keys.length]);
    }});

  /** Choose a game, as a radio group does: the tile chosen keeps focus. */
  function choose(key) {
    chosen = key;
    draft.game = key;
    draw();
    picker.querySelector(`[data-game="${CSS.escape(key)}"]`)?.focus();
  }

  function draw() {
    clear(root);
    clear(picker);
    for (const game of catalog.games) {
      const mod = modules[game.key];
      const tile = h('button', {
        type: 'button', class: `game-tile${game.key === chosen ? ' chosen' : ''}`,
        role: 'radio', 'aria-checked': String(game.key === chosen), dataset: {game: game.key},
        tabindex: game.key === chosen ? '0' : '-1',
        onclick: () => choose(game.key),
      },
      mod.icon ? mod.icon() : null,
      h('span', {class: 'tile-title'}, gameTitle(game.key, game.title)),
      h('span', {class: 'tile-summary'},
        has(`${game.key}.summary`) ? t(`${game.key}.summary`) : game.summary));
      picker.append(tile);
    }
    drawSetup();
    root.append(h('div', {class: 'lobby'},
      h('section', {class: 'card new-game'},
        h('h1', {}, t('lobby.new')),
        h('p', {class: 'tagline'}, t('app.tagline')),
        picker, setupBox),
      lists));
    drawLists();
  }

  function drawSetup() {
    clear(setupBox);
    const game = catalog.games.find((g) => g.key === chosen);
    if (!game) return;
    const mod = modules[game.key];
    const kept = draft.by[game.key] ?? lastSetup.get(game.key);
    const state = {preset: game.presets.includes(kept.preset) ? kept.preset : game.presets[0],
      players: kept.players ?? null, options: {}, seats: []};
    let remembering = true;
    // The number fields' checks, each {input, check()}: whether the field's value fits.
    let numberChecks = [];
    const form = h('form', {class: 'setup-form', novalidate: true,
      onsubmit: (e) => { e.preventDefault(); start(); },
      onchange: () => keep(), oninput: () => keep()});
    const presetSelect = h('select', {id: 'preset', name: 'preset',
      onchange: () => { state.preset = presetSelect.value; fill(); }},
    game.presets.map((p) => h('option', {value: p, selected: p === state.preset},
      presetName(game.key, p))));
    const presetInfo = h('p', {class: 'hint'});
    const playersBox = h('div', {class: 'segmented', role: 'radiogroup',
      'aria-label': t('lobby.players')});
    const optionsBox = h('div', {class: 'options'});
    const optionsField = h('fieldset', {class: 'field'}, h('legend', {}, t('lobby.options')),
      optionsBox);
    const seatsBox = h('div', {class: 'seats'});
    const nameInput = h('input', {id: 'player-name', name: 'name', maxlength: 24,
      autocomplete: 'nickname', value: draft.name ?? playerName.get(),
      placeholder: t('lobby.name'),
      // Kept as it is typed: a game played on from a record opened next takes it too.
      oninput: () => { if (nameInput.value.trim()) playerName.set(nameInput.value.trim()); }});
    const listed = h('input', {type: 'checkbox', id: 'listed', checked: kept.listed !== false});
    const keptSeconds = MOVE_SECONDS.includes(kept.move_seconds) ? kept.move_seconds : null;
    const perMove = h('select', {id: 'move-seconds', 'aria-describedby': 'move-seconds-info'},
      MOVE_SECONDS.map((n) => h('option', {value: n === null ? '' : String(n),
        selected: n === keptSeconds}, n === null ? t('lobby.noLimit') : perMoveText(n))));

    /** Keep the form as it is now for the page's life (see `draft`). */
    function keep() {
      draft.game = game.key;
      draft.name = nameInput.value;
      draft.by[game.key] = {preset: state.preset, players: state.players,
        options: {...state.options}, seats: [...state.seats],
        move_seconds: perMove.value ? Number(perMove.value) : null, listed: listed.checked};
    }

    function variant() {
      return game.variants.find((v) => v.preset === state.preset && v.players === state.players);
    }

    function fill() {
      const counts = game.variants.filter((v) => v.preset === state.preset).map((v) => v.players);
      if (!counts.includes(state.players)) state.players = counts[0];
      presetInfo.textContent = presetText(game.key, state.preset);
      // The choice is one stop for Tab; arrows move it, and focus stays on it.
      const focused = playersBox.contains(document.activeElement);
      const choose = (n) => { state.players = n; fill(); keep(); };
      clear(playersBox);
      for (const n of counts) {
        playersBox.append(h('button', {
          type: 'button', role: 'radio', 'aria-checked': String(n === state.players),
          tabindex: n === state.players ? '0' : '-1',
          class: n === state.players ? 'on' : '', dataset: {players: n},
          onclick: () => choose(n),
          onkeydown: (ev) => {
            const step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[ev.key];
            if (!step) return;
            ev.preventDefault();
            choose(counts[(counts.indexOf(n) + step + counts.length) % counts.length]);
          },
        }, String(n)));
      }
      if (focused) playersBox.querySelector('[aria-checked="true"]')?.focus();
      const v = variant();
      state.options = {...(v ? v.options : {})};
      if (remembering && state.preset === kept.preset && state.players === kept.players) {
        Object.assign(state.options, keptOptions(state.options, kept.options,
          (key) => optionChoices(mod, key, state.players), (key) => range(game, key)));
        state.seats = keptSeats(kept.seats, state.players, catalog.levels);
      }
      remembering = false;
      clear(optionsBox);
      numberChecks = [];
      for (const [key, value] of Object.entries(state.options)) {
        const id = `opt-${key}`;
        const choices = optionChoices(mod, key, state.players);
        let input;
        if (typeof value === 'boolean') {
          input = h('input', {type: 'checkbox', id, checked: value,
            onchange: () => { state.options[key] = input.checked; }});
          optionsBox.append(h('label', {class: 'check', for: id}, input, optionLabel(game.key, key)));
        } else if (typeof value === 'number') {
          // The page's own word for a number out of range, in its language (not the
          // browser's): under the field as the game is started, gone once it fits.
          const bounds = range(game, key);
          const problem = h('p', {class: 'field-error', id: `${id}-error`, hidden: true,
            role: 'alert'});
          input = h('input', {type: 'number', id, value, min: bounds.low,
            max: bounds.high ?? undefined, step: 1, 'aria-describedby': `${id}-error`,
            oninput: () => {
              state.options[key] = input.value === '' ? NaN : Number(input.value);
              if (!problem.hidden && inRange(state.options[key], bounds)) check();
            }});
          const check = () => {
            const fits = inRange(state.options[key], bounds);
            problem.hidden = fits;
            problem.textContent = fits ? '' : t('reason.option.range', {
              option: optionLabel(game.key, key), low: bounds.low, high: bounds.high ?? '∞',
              value: input.value === '' ? '–' : input.value});
            input.setAttribute('aria-invalid', String(!fits));
            return fits;
          };
          numberChecks.push({input, check});
          optionsBox.append(h('label', {for: id}, optionLabel(game.key, key), input), problem);
        } else if (choices) {
          input = h('select', {id, onchange: () => { state.options[key] = input.value; }},
            choices.map((choice) =>
              h('option', {value: choice, selected: choice === value},
                has(`${game.key}.choice.${choice}`) ? t(`${game.key}.choice.${choice}`) : choice)));
          optionsBox.append(h('label', {for: id}, optionLabel(game.key, key), input));
        } else {
          input = h('input', {id, value: String(value), maxlength: 40,
            oninput: () => { state.options[key] = input.value; }});
          optionsBox.append(h('label', {for: id}, optionLabel(game.key, key), input));
        }
      }
      optionsField.hidden = !Object.keys(state.options).length;
      drawSeats();
    }

    function drawSeats() {
      const previous = state.seats;
      state.seats = Array.from({length: state.players},
        (_, i) => previous[i] || (i === 0 ? 'me' : 'bot:medium'));
      clear(seatsBox);
      state.seats.forEach((choice, i) => {
        const select = h('select', {id: `seat-${i}`, 'aria-label': t('lobby.seat', {n: i + 1}),
          onchange: () => {
            if (select.value === 'me') {
              state.seats = state.seats.map((c, j) => (j !== i && c === 'me' ? 'bot:medium' : c));
            }
            state.seats[i] = select.value;
            drawSeats();
            document.getElementById(`seat-${i}`).focus();
          }},
        h('option', {value: 'me', selected: choice === 'me'}, t('seat.me')),
        catalog.levels.map((lv) => h('option', {value: `bot:${lv.key}`,
          selected: choice === `bot:${lv.key}`}, t('seat.bot', {level: t(`level.${lv.key}`)}))),
        h('option', {value: 'open', selected: choice === 'open'}, t('seat.open')));
        seatsBox.append(h('label', {class: 'seat-row', for: `seat-${i}`},
          h('span', {class: `seat-dot seat${i}`}), t('lobby.seat', {n: i + 1}), select));
      });
    }

    // One new table at a time: a second click (or Enter) while it is made makes no other.
    let starting = false;

    async function start() {
      if (starting) return;
      const wrong = numberChecks.filter(({check}) => !check());
      if (wrong.length) {
        wrong[0].input.focus();
        return;
      }
      const name = nameInput.value.trim();
      if (name) playerName.set(name);
      const body = {
        game: game.key,
        options: {preset: state.preset, players: state.players, ...state.options},
        seats: state.seats.map((c) => (c.startsWith('bot:')
          ? {kind: 'bot', level: c.slice(4)} : {kind: c})),
        name,
        listed: listed.checked,
        move_seconds: perMove.value ? Number(perMove.value) : null,
      };
      starting = true;
      const button = form.querySelector('#start');
      button?.setAttribute('aria-busy', 'true');
      try {
        const made = await api.create(body);
        lastSetup.put(game.key, {preset: state.preset, players: state.players,
          options: state.options, seats: state.seats, move_seconds: body.move_seconds,
          listed: body.listed});
        if (made.token) seats.put(made.id, made.token, game.key, made.seat);
        // Started: the form comes back as this game was started, like in another tab.
        Object.assign(draft, {game: null, by: {}, name: null});
        location.hash = made.token ? `#/t/${made.id}` : `#/watch/${made.id}`;
      } catch (err) {
        toast(() => failure(err), 'error');
      } finally {
        starting = false;
        button?.removeAttribute('aria-busy');
      }
    }

    form.append(
      h('div', {class: 'field'}, h('label', {for: 'preset'}, t('lobby.preset')), presetSelect,
        presetInfo),
      h('div', {class: 'field'}, h('span', {class: 'label'}, t('lobby.players')), playersBox),
      optionsField,
      h('fieldset', {class: 'field'}, h('legend', {}, t('lobby.seats')), seatsBox),
      h('div', {class: 'field'}, h('label', {for: 'player-name'}, t('lobby.name')), nameInput),
      h('div', {class: 'field'}, h('label', {for: 'move-seconds'}, t('lobby.moveSeconds')),
        perMove, h('p', {class: 'hint', id: 'move-seconds-info'},
          t('lobby.moveSecondsInfo', {level: t('level.easy')}))),
      h('label', {class: 'check', for: 'listed'}, listed, t('lobby.listed')),
      h('div', {class: 'actions'},
        h('button', {type: 'submit', class: 'primary', id: 'start'}, t('lobby.start')),
        h('a', {class: 'button', href: `#/rules/${game.key}`}, t('lobby.rules'))));
    fill();
    setupBox.append(form);
  }

  /** Whether it is the turn of the seat this browser holds at `table`, played by its
   * person (not by a computer player standing in). */
  function myTurn(table) {
    const seat = seats.seat(table.id);
    return (table.to_move ?? null) !== null && table.to_move === seat
      && table.seats[seat]?.kind === 'human';
  }

  /** The link back to a table where this browser holds a seat. */
  function resume(table) {
    return h('a', {class: 'button primary', href: `#/t/${table.id}`}, t('lobby.resume'));
  }

  function entry(table, buttons) {
    const title = gameTitle(table.game, table.title);
    const names = table.seats.map((seat, i) => seatName(seat, i, table.seats));
    const turn = myTurn(table);
    const status = table.result ? `${outcomeText(table.result, names)} · `
      + table.result.scores.map(formatScore).join(' : ')
      : turn ? t('table.yourTurn') : t(`status.${table.status}`);
    return h('li', {class: `table-entry${turn ? ' my-turn' : ''}`, dataset: {table: table.id}},
      h('div', {class: 'entry-main'},
        h('strong', {}, title), ' ',
        h('span', {class: 'muted'}, rulesName(table.game, table.options, catalog)),
        h('div', {class: 'entry-seats'}, table.seats.map((seat, i) =>
          h('span', {class: `chip seat-chip${seat.kind === 'open' ? ' open' : ''}`},
            h('span', {class: `seat-dot seat${i}`}), names[i]))),
        h('div', {class: 'muted small entry-status'},
          [status, t('lobby.moves', {n: table.moves}),
            table.result ? null : perMoveNote(table.move_seconds)]
            .filter(Boolean).join(' · '))),
      h('div', {class: 'entry-actions'}, buttons));
  }

  /** Won, drawn and lost games against the computer, by game and level: this browser's. */
  function resultsCard() {
    const kept = Object.values(results.all());
    const games = catalog.games.map((g) => g.key).filter((key) => kept.some((r) => r.game === key));
    if (!games.length) return null;
    const levels = catalog.levels.map((lv) => lv.key);
    const cell = (game, level) => {
      const here = kept.filter((r) => r.game === game && r.level === level);
      if (!here.length) return '–';
      return ['won', 'drawn', 'lost'].map((o) => here.filter((r) => r.outcome === o).length)
        .join('–');
    };
    return h('section', {class: 'card', id: 'results'},
      h('h2', {}, t('lobby.results')),
      h('div', {class: 'results-scroll'},
        h('table', {class: 'results-table'},
          h('caption', {class: 'muted small'}, t('lobby.resultsKey')),
          h('thead', {}, h('tr', {}, h('th', {scope: 'col'}, t('lobby.game')),
            levels.map((level) => h('th', {scope: 'col'}, t(`level.${level}`))))),
          h('tbody', {}, games.map((game) => h('tr', {dataset: {game}},
            h('th', {scope: 'row'}, gameTitle(game, game)),
            levels.map((level) => h('td', {dataset: {level}}, cell(game, level)))))))));
  }

  async function drawLists() {
    let lobby;
    try { lobby = await api.lobby(); } catch { return; }
    // A table this browser remembers may be gone from the server. Finished games are
    // looked up once, and again while somebody may start their rematch; the others at
    // every refresh, since their turns move on.
    const look = (ids) => Promise.all(ids.map((id) => api.table(id).catch(() => null)));
    const held = seats.all();
    const awaited = done.filter((x) => !x.rematch
      && Date.now() - seats.overSince(x.id) < REMATCH_WAIT_MS);
    const wanted = mine === null
      ? [...held.filter((x) => !x.over).slice(0, GOING_ON), ...held.filter((x) => x.over)
        .slice(0, LISTED)] : [...mine, ...awaited];
    const known = (await look(wanted.map((x) => x.id))).filter(Boolean);
    // The rematch of a game this browser holds a seat at, started by somebody else, holds
    // the same seat's key one seat on: it is one of your games, not one to watch.
    // So is a rematch of that one, and so on.
    const linked = [];
    for (let found = known; found.length;) {
      const next = found.filter((x) => x.rematch && !seats.get(x.rematch)
        && seats.get(x.id) && seats.seat(x.id) !== null);
      for (const x of next) {
        seats.put(x.rematch, seats.get(x.id), x.game, (seats.seat(x.id) + 1) % x.seats.length);
      }
      linked.push(...next);
      found = (await look(next.map((x) => x.rematch))).filter(Boolean);
      known.push(...found);
    }
    for (const x of known) if (x.status === 'finished') seats.over(x.id);
    if (mine === null) done = known.filter((x) => x.status === 'finished').slice(0, LISTED);
    else {
      const again = new Map(known.map((x) => [x.id, x]));
      done = [...known.filter((x) => x.status === 'finished' && !done.some((y) => y.id === x.id)),
        ...done.map((x) => again.get(x.id) ?? x)].slice(0, LISTED);
    }
    const earlier = mine;
    // A rematch just found among your games chimes if it is your turn there.
    const waited = mine && [...mine.filter((x) => !myTurn(x)).map((x) => x.id),
      ...linked.map((x) => x.rematch)];
    mine = known.filter((x) => x.status !== 'finished');
    const joined = (x) => {
      const was = earlier && earlier.find((y) => y.id === x.id);
      return Boolean(was) && satDown(was.seats, x.seats, seats.seat(x.id));
    };
    const turned = waited ? mine.filter((x) => myTurn(x) && waited.includes(x.id)) : [];
    if (turned.length) {
      playSound('turn');
      for (const x of turned) notify(t('table.yourTurn'), gameTitle(x.game, x.title), x.id);
    } else if (mine.some(joined)) playSound('join');
    // A table listed under your games is not listed again among the others.
    const yours = new Set(mine.map((x) => x.id));
    const others = lobby.tables.filter((x) => !yours.has(x.id));
    const open = others.filter((x) => x.status === 'waiting');
    const running = others.filter((x) => x.status === 'playing');
    // Games where it is your turn come first.
    mine.sort((a, b) => Number(myTurn(b)) - Number(myTurn(a)));
    const active = document.activeElement;
    const focused = lists.contains(active) && active.getAttribute('href');
    const nth = focused ? [...lists.querySelectorAll('a[href]')].filter((a) =>
      a.getAttribute('href') === focused).indexOf(active) : -1;
    clear(lists);
    const list = (title, tables, make) => h('section', {class: 'card'},
      h('h2', {}, title),
      tables.length ? h('ul', {class: 'table-list'}, tables.map(make))
        : h('p', {class: 'muted'}, t('lobby.none')));
    if (mine.length) {
      lists.append(list(t('lobby.mine'), mine, (x) => entry(x, resume(x))));
    }
    if (done.length) {
      lists.append(list(t('lobby.finished'), done, (x) => entry(x, [
        h('a', {class: 'button primary', href: `#/replay/${x.id}`}, t('table.replay')),
        h('a', {class: 'button', href: `#/t/${x.id}`}, t('lobby.toTable'))])));
    }
    const record = resultsCard();
    if (record) lists.append(record);
    lists.append(
      list(t('lobby.open'), open, (x) => entry(x, [
        seats.get(x.id) ? resume(x)
          : h('a', {class: 'button primary', href: `#/join/${x.id}`}, t('lobby.join')),
        h('a', {class: 'button', href: `#/watch/${x.id}`}, t('lobby.watch'))])),
      list(t('lobby.running'), running, (x) => entry(x, seats.get(x.id) ? resume(x)
        : h('a', {class: 'button', href: `#/watch/${x.id}`}, t('lobby.watch')))),
      h('p', {}, h('a', {href: '#/open', id: 'open-record'}, t('lobby.openRecord'))));
    if (focused) {
      const same = [...lists.querySelectorAll('a[href]')].filter((a) =>
        a.getAttribute('href') === focused);
      (same[nth] || same[0])?.focus({preventScroll: true});
    }
  }

  draw();
  timer = setInterval(drawLists, REFRESH_MS);
  return {
    leave() { clearInterval(timer); },
    relang() { draw(); },
  };
}
