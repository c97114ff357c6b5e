// German and English texts. The browser's language decides until the person picks one.
// A text that depends on a count has plural forms, {one: '…', other: '…'}; t() picks the
// form by the number in its `n` parameter, following the language's plural rules.

const STRINGS = {
  en: {
    'app.tagline': 'Five table games — against the computer or with friends',
    'nav.lobby': 'Lobby',
    'nav.rules': 'Rules',
    'nav.language': 'Language',
    'nav.skip': 'Skip to content',
    'lobby.new': 'New game',
    'lobby.choose': 'Choose a game',
    'lobby.preset': 'Rules',
    'lobby.players': 'Players',
    'lobby.options': 'Options',
    'lobby.seats': 'Seats',
    'lobby.seat': 'Seat {n}',
    'lobby.name': 'Your name',
    'lobby.listed': 'Show the table in the lobby',
    'lobby.start': 'Start game',
    'lobby.open': 'Open tables',
    'lobby.running': 'Running games',
    'lobby.mine': 'Your games',
    'lobby.join': 'Join',
    'lobby.watch': 'Watch',
    'lobby.resume': 'Continue',
    'lobby.none': 'No tables right now.',
    'lobby.moves': {one: '{n} move', other: '{n} moves'},
    'lobby.rules': 'How to play',
    'seat.me': 'Me',
    'seat.bot': 'Computer: {level}',
    'seat.open': 'Open seat for a friend',
    'seat.openShort': 'open seat',
    'seat.botName': 'Computer ({level})',
    'seat.botNumbered': 'Computer {n} ({level})',
    'seat.player': 'Player {n}',
    'seat.standIn': '{name} (computer, {level})',
    'level.easy': 'Easy',
    'level.medium': 'Medium',
    'level.hard': 'Hard',
    'level.expert': 'Expert',
    'status.waiting': 'Waiting for players',
    'status.playing': 'Playing',
    'status.finished': 'Finished',
    'table.yourTurn': 'Your turn',
    'table.turnOf': '{name} to move',
    'table.thinking': '{name} is thinking…',
    'table.waiting': 'Waiting for players — send the invite link to a friend.',
    'table.over': 'Game over',
    'table.invite': 'Invite link',
    'table.spectate': 'Spectator link',
    'table.copy': 'Copy',
    'table.copied': 'Link copied',
    'table.copyFailed': 'Copy the link from the field',
    'table.players': 'Players',
    'table.log': 'Moves so far',
    'table.legal': 'Your moves',
    'table.type': 'Type a move',
    'table.play': 'Play',
    'table.undo': 'Take back',
    'table.askUndo': 'Ask to take back',
    'table.undoAsk': '{name} asks to take back their last move.',
    'table.allow': 'Allow',
    'table.refuse': 'Refuse',
    'table.undoWaiting': 'Waiting for the others to agree…',
    'table.rematch': 'Rematch',
    'table.replay': 'Replay',
    'table.export': 'Export record',
    'table.rules': 'Rules',
    'table.showResult': 'Show result',
    'table.wins': '{name} wins',
    'table.draw': 'Draw',
    'table.you': '(you)',
    'table.spectating': 'You are watching this game.',
    'table.offline': 'Connection lost — reconnecting…',
    'table.notFound': 'There is no such table.',
    'table.takeSeat': 'Take a seat',
    'table.justWatch': 'Just watch',
    'table.full': 'Every seat at this table is taken; you can watch.',
    'table.joinTitle': 'You are invited to {game}',
    'table.rematchReady': 'The rematch is ready.',
    'table.goRematch': 'Go to the rematch',
    'table.lastMove': 'Last move',
    'table.noMoves': 'No moves yet.',
    'table.close': 'Close',
    'table.lobby': 'Back to the lobby',
    'table.rank': 'Place',
    'table.points': 'Points',
    'table.connecting': 'Connecting…',
    'table.online': 'online',
    'table.away': 'away',
    'table.keyboard': 'Tab moves between pieces, Enter plays.',
    'table.seatBot': 'Let a computer play',
    'table.seatBotFor': 'Let a computer play for {name}',
    'table.seatBotMine': 'Let a computer play for me',
    'table.seatBotLevel': 'How strong?',
    'table.cancel': 'Cancel',
    'table.standIn': 'A computer player ({level}) is playing your seat.',
    'table.takeSeatBack': 'Take my seat back',
    'error.bad_json': 'The server could not read that message.',
    'error.bad_message': 'The server refused a malformed message.',
    'error.too_large': 'That message was too large.',
    'error.unknown_table': 'There is no such table.',
    'error.not_joined': 'Not connected to the table yet.',
    'error.already_joined': 'Already at this table.',
    'error.bad_token': 'Your seat key is not valid for this table; you are watching.',
    'error.spectator': 'Spectators cannot move.',
    'error.waiting': 'The game starts once every seat is taken.',
    'error.game_over': 'The game is over.',
    'error.not_your_turn': 'It is not your turn.',
    'error.stale': 'The table moved on; here is the current position.',
    'error.illegal': 'That move is not allowed: {message}',
    'error.no_undo': 'There is nothing to take back.',
    'error.undo_pending': 'A take-back request is already waiting.',
    'error.no_request': 'Nobody asked you to take back a move.',
    'error.not_finished': 'A rematch can start once the game is over.',
    'error.storage': 'The server could not save that; please try again.',
    'error.stand_in': 'A computer player has your seat; take it back first.',
    'error.not_handed_on': 'You are playing your seat yourself.',
    'notice.undo_dropped': 'A seat changed hands; the take-back request was dropped.',
    'notice.undone': '{name} took back a move.',
    'notice.undo_declined': '{name} refused the take-back.',
    'notice.undo_lapsed': '{name} played on; the take-back request lapsed.',
    'replay.title': 'Replay',
    'replay.first': 'To the start',
    'replay.prev': 'Back',
    'replay.next': 'Forward',
    'replay.last': 'To the end',
    'replay.step': 'Position {i} of {n}',
    'replay.back': 'Back to the table',
    'replay.keys': 'Arrow keys step through the game.',
    'replay.unavailable': 'The replay is available once the game is over.',
    'rules.title': 'Rules',
    'rules.intro': 'How the five games are played here. Where the printed rulebooks leave gaps, these pages say what this table does.',
  },
  de: {
    'app.tagline': 'Fünf Tischspiele – gegen den Computer oder mit Freunden',
    'nav.lobby': 'Lobby',
    'nav.rules': 'Regeln',
    'nav.language': 'Sprache',
    'nav.skip': 'Zum Inhalt springen',
    'lobby.new': 'Neues Spiel',
    'lobby.choose': 'Wähle ein Spiel',
    'lobby.preset': 'Regeln',
    'lobby.players': 'Spieler',
    'lobby.options': 'Optionen',
    'lobby.seats': 'Plätze',
    'lobby.seat': 'Platz {n}',
    'lobby.name': 'Dein Name',
    'lobby.listed': 'Tisch in der Lobby zeigen',
    'lobby.start': 'Spiel starten',
    'lobby.open': 'Offene Tische',
    'lobby.running': 'Laufende Spiele',
    'lobby.mine': 'Deine Spiele',
    'lobby.join': 'Mitspielen',
    'lobby.watch': 'Zuschauen',
    'lobby.resume': 'Weiterspielen',
    'lobby.none': 'Gerade keine Tische.',
    'lobby.moves': {one: '{n} Zug', other: '{n} Züge'},
    'lobby.rules': 'So wird gespielt',
    'seat.me': 'Ich',
    'seat.bot': 'Computer: {level}',
    'seat.open': 'Freier Platz für Mitspieler',
    'seat.openShort': 'freier Platz',
    'seat.botName': 'Computer ({level})',
    'seat.botNumbered': 'Computer {n} ({level})',
    'seat.player': 'Spieler {n}',
    'seat.standIn': '{name} (Computer, {level})',
    'level.easy': 'Leicht',
    'level.medium': 'Mittel',
    'level.hard': 'Schwer',
    'level.expert': 'Experte',
    'status.waiting': 'Wartet auf Mitspieler',
    'status.playing': 'Läuft',
    'status.finished': 'Beendet',
    'table.yourTurn': 'Du bist am Zug',
    'table.turnOf': '{name} ist am Zug',
    'table.thinking': '{name} überlegt …',
    'table.waiting': 'Warte auf Mitspieler – schick den Einladungslink an Freunde.',
    'table.over': 'Spiel beendet',
    'table.invite': 'Einladungslink',
    'table.spectate': 'Zuschauerlink',
    'table.copy': 'Kopieren',
    'table.copied': 'Link kopiert',
    'table.copyFailed': 'Kopiere den Link aus dem Feld',
    'table.players': 'Spieler',
    'table.log': 'Bisherige Züge',
    'table.legal': 'Deine Züge',
    'table.type': 'Zug eintippen',
    'table.play': 'Spielen',
    'table.undo': 'Zurücknehmen',
    'table.askUndo': 'Zurücknahme erbitten',
    'table.undoAsk': '{name} möchte den letzten Zug zurücknehmen.',
    'table.allow': 'Erlauben',
    'table.refuse': 'Ablehnen',
    'table.undoWaiting': 'Warte auf Zustimmung der anderen …',
    'table.rematch': 'Revanche',
    'table.replay': 'Wiederholung',
    'table.export': 'Partie speichern',
    'table.rules': 'Regeln',
    'table.showResult': 'Ergebnis zeigen',
    'table.wins': '{name} gewinnt',
    'table.draw': 'Unentschieden',
    'table.you': '(du)',
    'table.spectating': 'Du schaust bei diesem Spiel zu.',
    'table.offline': 'Verbindung verloren – verbinde neu …',
    'table.notFound': 'Diesen Tisch gibt es nicht.',
    'table.takeSeat': 'Platz nehmen',
    'table.justWatch': 'Nur zuschauen',
    'table.full': 'Alle Plätze sind besetzt; du kannst zuschauen.',
    'table.joinTitle': 'Du bist zu {game} eingeladen',
    'table.rematchReady': 'Die Revanche steht bereit.',
    'table.goRematch': 'Zur Revanche',
    'table.lastMove': 'Letzter Zug',
    'table.noMoves': 'Noch keine Züge.',
    'table.close': 'Schließen',
    'table.lobby': 'Zurück zur Lobby',
    'table.rank': 'Platz',
    'table.points': 'Punkte',
    'table.connecting': 'Verbinde …',
    'table.online': 'da',
    'table.away': 'weg',
    'table.keyboard': 'Tab wechselt zwischen den Spielteilen, Enter spielt.',
    'table.seatBot': 'Computer spielen lassen',
    'table.seatBotFor': 'Computer für {name} spielen lassen',
    'table.seatBotMine': 'Computer für mich spielen lassen',
    'table.seatBotLevel': 'Wie stark?',
    'table.cancel': 'Abbrechen',
    'table.standIn': 'Ein Computer ({level}) spielt deinen Platz.',
    'table.takeSeatBack': 'Platz zurücknehmen',
    'error.bad_json': 'Der Server konnte die Nachricht nicht lesen.',
    'error.bad_message': 'Der Server hat eine fehlerhafte Nachricht abgelehnt.',
    'error.too_large': 'Die Nachricht war zu groß.',
    'error.unknown_table': 'Diesen Tisch gibt es nicht.',
    'error.not_joined': 'Noch nicht mit dem Tisch verbunden.',
    'error.already_joined': 'Schon an diesem Tisch.',
    'error.bad_token': 'Dein Platzschlüssel gilt an diesem Tisch nicht; du schaust zu.',
    'error.spectator': 'Zuschauer können nicht ziehen.',
    'error.waiting': 'Das Spiel beginnt, sobald alle Plätze besetzt sind.',
    'error.game_over': 'Das Spiel ist vorbei.',
    'error.not_your_turn': 'Du bist nicht am Zug.',
    'error.stale': 'Am Tisch ist inzwischen gezogen worden; hier die aktuelle Stellung.',
    'error.illegal': 'Dieser Zug ist nicht erlaubt: {message}',
    'error.no_undo': 'Es gibt nichts zurückzunehmen.',
    'error.undo_pending': 'Eine Bitte um Zurücknahme wartet schon.',
    'error.no_request': 'Niemand hat um eine Zurücknahme gebeten.',
    'error.not_finished': 'Eine Revanche gibt es, wenn das Spiel vorbei ist.',
    'error.storage': 'Der Server konnte das nicht speichern; bitte noch einmal versuchen.',
    'error.stand_in': 'Ein Computer spielt deinen Platz; nimm ihn erst zurück.',
    'error.not_absent': 'Wer erst kurz weg ist, kann noch zurückkommen: sein Platz geht erst nach einer Weile an den Computer.',
    'error.not_handed_on': 'Du spielst deinen Platz selbst.',
    'notice.undo_dropped': 'Ein Platz hat den Spieler gewechselt; die Bitte um Zurücknahme ist hinfällig.',
    'notice.undone': '{name} hat einen Zug zurückgenommen.',
    'notice.undo_declined': '{name} lehnt die Zurücknahme ab.',
    'notice.undo_lapsed': '{name} hat weitergespielt; die Bitte um Zurücknahme ist hinfällig.',
    'replay.title': 'Wiederholung',
    'replay.first': 'Zum Anfang',
    'replay.prev': 'Zurück',
    'replay.next': 'Weiter',
    'replay.last': 'Zum Ende',
    'replay.step': 'Stellung {i} von {n}',
    'replay.back': 'Zurück zum Tisch',
    'replay.keys': 'Mit den Pfeiltasten durch die Partie blättern.',
    'replay.unavailable': 'Die Wiederholung gibt es, sobald das Spiel vorbei ist.',
    'rules.title': 'Spielregeln',
    'rules.intro': 'So werden die fünf Spiele hier gespielt. Wo die gedruckten Regeln Lücken lassen, steht hier, wie dieser Tisch entscheidet.',
  },
};

const LANG_KEY = 'spieltisch.lang';
const listeners = new Set();

function detect() {
  const saved = localStorage.getItem(LANG_KEY);
  if (saved === 'de' || saved === 'en') return saved;
  const wanted = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return wanted.toLowerCase().startsWith('de') ? 'de' : 'en';
}

let current = detect();

export const LANGUAGES = [['de', 'Deutsch'], ['en', 'English']];

export function lang() { return current; }

export function setLang(code) {
  if (code === current || !STRINGS[code]) return;
  current = code;
  localStorage.setItem(LANG_KEY, code);
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Add a game's texts under `prefix.` (e.g. 'oware.pit'). */
export function addStrings(prefix, strings) {
  for (const code of Object.keys(STRINGS)) {
    for (const [key, text] of Object.entries(strings[code] || {})) {
      STRINGS[code][`${prefix}.${key}`] = text;
    }
  }
}

export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

/** The plural form of `forms` ({one, other, …}) for the count `n` in language `code`. */
function pluralForm(forms, n, code) {
  const form = Number.isFinite(n) ? new Intl.PluralRules(code).select(n) : 'other';
  return forms[form] ?? forms.other;
}

/** The text for `key` in the current language, with {name} placeholders filled. */
export function t(key, params = {}) {
  const code = key in STRINGS[current] ? current : 'en';
  let text = STRINGS[code][key] ?? key;
  if (typeof text === 'object') text = pluralForm(text, Number(params.n), code);
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

document.documentElement.lang = current;
