// Talking to the server: JSON over HTTP, the table websocket, and the seats this browser holds.
import {t} from './i18n.js';

class ApiError extends Error {
  constructor(status, message, reason = null) {
    super(message);
    this.status = status;
    this.reason = reason;
  }
}

async function request(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['x-seat-token'] = token;
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // The browser's own words ("Failed to fetch") tell a person nothing.
    throw new ApiError(0, t('error.unreachable'));
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || response.statusText,
      data && data.reason);
  }
  return data;
}

export const api = {
  games: () => request('GET', '/api/games'),
  reach: () => request('GET', '/api/reach'),
  lobby: () => request('GET', '/api/tables'),
  table: (id) => request('GET', `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => request('POST', '/api/tables', body),
  join: (id, name, seat) => request('POST', `/api/tables/${encodeURIComponent(id)}/join`,
    {name, seat: seat ?? null}),
  record: (id, token) => request('GET', `/api/tables/${encodeURIComponent(id)}/record`,
    undefined, token),
  replay: (id, token) => request('GET', `/api/tables/${encodeURIComponent(id)}/replay`,
    undefined, token),
  replayRecord: (record, seat) => request('POST', '/api/replay', {record, seat}),
  advice: (id, token, step) => request('POST',
    `/api/tables/${encodeURIComponent(id)}/advice`, {step}, token),
  adviceRecord: (record, seat, step) => request('POST', '/api/advice', {record, seat, step}),
  branch: (id, token, step, level) => request('POST',
    `/api/tables/${encodeURIComponent(id)}/branch`, {step, level}, token),
  branchRecord: (record, seat, step, level, name) => request('POST', '/api/branch',
    {record, seat, step, level, name}),
};

/** The keys of the computer players' levels, weakest first. */
export async function levelKeys() {
  return (await api.games()).levels.map((level) => level.key);
}

/** The strongest of `levels` (weakest first) that one of `tableSeats` plays at, if any. */
export function strongestLevel(levels, tableSeats) {
  return levels.filter((level) => tableSeats.some((s) => s.level === level)).pop();
}

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Where links for other devices point: the server's address on the network when this
 * page is opened at this computer's own name and the server gave one (`reach`, from
 * api.reach()), else this page's own origin. */
export function shareOrigin(reach) {
  return reach?.origin && LOOPBACK.test(location.hostname) ? reach.origin : location.origin;
}

/** Whether no other device can open a link of this page: it is opened at this
 * computer's own name, and the server listens there alone. */
export function onlyHere(reach) {
  return Boolean(reach?.local) && LOOPBACK.test(location.hostname);
}

const SEATS_KEY = 'spieltisch.seats';
const NAME_KEY = 'spieltisch.name';

/** The object stored as JSON under `key` ({} if there is none or it cannot be read). */
function readStored(key) {
  try { return JSON.parse(localStorage.getItem(key)) || {}; } catch { return {}; }
}

/** Store `all` under `key`, keeping its `limit` entries touched last (by their `at`). */
function storeLatest(key, all, limit) {
  const kept = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, limit);
  localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
}

/** Seat tokens this browser holds (and the seats they hold, once known), by table id. */
export const seats = {
  get(id) { return readStored(SEATS_KEY)[id]?.token || null; },
  seat(id) {
    const seat = readStored(SEATS_KEY)[id]?.seat;
    return Number.isInteger(seat) ? seat : null;
  },
  put(id, token, game, seat = null) {
    const all = readStored(SEATS_KEY);
    all[id] = {token, game, at: Date.now(), seat: seat ?? all[id]?.seat ?? null,
      over: all[id]?.over || false};
    storeLatest(SEATS_KEY, all, 100);
  },
  /** The game at table `id` is over: the lobby need not look it up among those going on
   * (it keeps when it learnt so). */
  over(id) {
    const all = readStored(SEATS_KEY);
    if (!all[id] || all[id].over) return;
    all[id].over = Date.now();
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  },
  /** When the lobby learnt that the game at table `id` is over (0: long ago, or not). */
  overSince(id) {
    const over = readStored(SEATS_KEY)[id]?.over;
    return typeof over === 'number' ? over : 0;
  },
  /** A seat's key was renewed: every game this browser opens with the old one (its
   * rematches, the games before them) opens with the new one. */
  renew(old, token) {
    const all = readStored(SEATS_KEY);
    for (const entry of Object.values(all)) if (entry.token === old) entry.token = token;
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  },
  forget(id) {
    const all = readStored(SEATS_KEY);
    delete all[id];
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  },
  all() {
    return Object.entries(readStored(SEATS_KEY)).sort((a, b) => b[1].at - a[1].at)
      .map(([id, entry]) => ({id, ...entry}));
  },
};

const MUTED_KEY = 'spieltisch.muted';

/** The seats whose chat this browser does not show, by table id. */
export const muted = {
  get(id) {
    return new Set(readStored(MUTED_KEY)[id] || []);
  },
  put(id, seatsMuted) {
    const all = readStored(MUTED_KEY);
    delete all[id];
    if (seatsMuted.size) all[id] = [...seatsMuted];
    const kept = Object.entries(all).slice(-100);
    localStorage.setItem(MUTED_KEY, JSON.stringify(Object.fromEntries(kept)));
  },
};

const ARRANGED_KEY = 'spieltisch.arranged';

/** What a table's page keeps of its own between draws (how the person arranged their
 * rack), kept for this tab so that a reload finds it again; by table id. */
export const arranged = {
  get(id) {
    try { return JSON.parse(sessionStorage.getItem(ARRANGED_KEY))?.[id] || {}; } catch {
      return {};
    }
  },
  put(id, keep) {
    try {
      const all = JSON.parse(sessionStorage.getItem(ARRANGED_KEY)) || {};
      delete all[id];
      all[id] = keep;
      const kept = Object.entries(all).slice(-20);
      sessionStorage.setItem(ARRANGED_KEY, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      // A tab that cannot store keeps the arrangement only until the page reloads.
    }
  },
};

const RESULTS_KEY = 'spieltisch.results';
const RESULTS_KEPT = 500;

/**
 * How this browser's games against computer players alone came out, by table id:
 * {game, level (the strongest computer player's), outcome ('won', 'drawn' or 'lost'), at}.
 * A game's first result is kept; a take-back after the end does not change it.
 */
export const results = {
  all() {
    return readStored(RESULTS_KEY);
  },
  put(id, entry) {
    const all = results.all();
    if (all[id]) return;
    all[id] = {...entry, at: Date.now()};
    storeLatest(RESULTS_KEY, all, RESULTS_KEPT);
  },
};

const SETUP_KEY = 'spieltisch.setup';

/**
 * The last new game this browser started, and for each game how it was set up:
 * {game, by: {key: {preset, players, options, seats, move_seconds, listed}}}. The lobby
 * checks what it reads against the games it offers.
 */
export const lastSetup = {
  game() {
    const kept = readStored(SETUP_KEY).game;
    return typeof kept === 'string' ? kept : null;
  },
  get(game) {
    const kept = readStored(SETUP_KEY).by?.[game];
    return kept && typeof kept === 'object' ? kept : {};
  },
  put(game, setup) {
    const all = readStored(SETUP_KEY);
    const by = all.by && typeof all.by === 'object' ? all.by : {};
    localStorage.setItem(SETUP_KEY, JSON.stringify({game, by: {...by, [game]: setup}}));
  },
};

export const playerName = {
  get() { return localStorage.getItem(NAME_KEY) || ''; },
  set(name) { localStorage.setItem(NAME_KEY, name); },
};

/**
 * The websocket of one table. Joins on every (re)connect, so a dropped connection
 * comes back with the full current picture. It tries again ever more slowly (up to every
 * 5 s) until the table answers a join: a server that refuses the connection, or cannot
 * read the table for a moment, is not asked again and again.
 */
export class TableSocket {
  constructor(tableId, token, onMessage, onStatus) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.closed = false;
    this.retry = 0;
    this.ws = null;
  }

  connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    let joined = false;
    ws.addEventListener('open', () => {
      this.onStatus('online');
      ws.send(JSON.stringify({type: 'join', table: this.tableId, token: this.token}));
    });
    ws.addEventListener('message', (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (err) { console.error(err); return; }
      if (message.type === 'state') {
        joined = true;
        this.retry = 0;
      } else if (!joined && message.type === 'error' && message.code === 'storage') {
        // The table could not be read: no refusal of the page's own, but a connection
        // to make again, as the banner says meanwhile.
        ws.close();
        return;
      }
      try { this.onMessage(message); } catch (err) { console.error(err); }
    });
    ws.addEventListener('close', () => {
      if (this.closed) return;
      this.onStatus('offline');
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      setTimeout(() => { if (!this.closed) this.connect(); }, delay);
    });
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
