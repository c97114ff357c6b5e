// Irono Ofubi: the 4×4 board with round (seat A) and oval (seat B) stones as in the box,
// the white marker, each line's points around the board, the colour supplies, and the
// hide / guess controls.
import {clickable, h, s, svgRoot} from '../dom.js';
import {lang} from '../i18n.js';
import {IRONO_SHORT_DE} from '../reasons.js';
import {SEAT_COLORS} from './index.js';

export const strings = {
  en: {
    title: 'Irono Ofubi',
    undoSettled: 'A round whose colour and guess are shown stands; the computer does not take it back.',
    summary: 'A colour bluff for two: hide a colour for the marked field, or guess it and take the field.',
    'preset.rulebook': 'Irono Ofubi (rulebook)',
    'preset.match': 'Match of two games',
    'presetInfo.rulebook': 'One game of 16 rounds; the guesser names 3 colours.',
    'presetInfo.match': 'Two games, each player begins one; the points are added up.',
    'option.guess': 'Colours named in a guess',
    'option.games': 'Games in the match',
    'option.start': 'Who hides first',
    'choice.random': 'drawn by lot',
    'choice.A': 'seat 1 (round stones)',
    'choice.B': 'seat 2 (oval stones)',
    Y: 'yellow', G: 'green', W: 'white', R: 'red', B: 'blue', A: 'grey',
    field: 'Field {name}',
    stone: '{colour} stone of {name}',
    markHint: 'Put the marker on an empty field.',
    hideHint: 'Secretly choose the colour you want to place on {field}.',
    guessHint: {one: 'Guess 1 colour: if it is the hidden colour, you place it on {field}.',
      other: 'Guess {n} colours: if the hidden colour is among them, you place it on {field}.'},
    waitHide: '{name} is choosing a colour for {field}…',
    guessSize: {one: 'A guess names 1 of the {k} colours in play.',
      other: 'A guess names {n} of the {k} colours in play.'},
    youHid: 'You hid',
    hiddenColour: 'hidden colour',
    guess: {one: 'Guess this colour', other: 'Guess these colours'},
    gain: '+{n}',
    round: 'Round {n} of {of}',
    game: 'Game {n} of {of}',
    points: 'Points',
    soldOut: 'sold out',
    leftGame: 'out of the game',
    soldOutRow: 'Sold out (+4 each)',
    soldOutLive: 'Sold out, +4 each in the points: {list}.',
    buntLive: '★ beside a line: colourful line, +4 in the points.',
    marker: 'marker',
    stakeTitle: 'What {field} is worth',
    lastCaught: '{guesser} guessed {guess} and caught {colour}: {placer} placed it (+{n}).',
    lastMissed: '{hider} hid {colour}; {guesser} guessed {guess}: {placer} placed it (+{n}).',
    lastCaughtYou: 'You guessed {guess} and caught {colour}: {placer} placed it (+{n}).',
    lastMissedYouHid: 'You hid {colour}; {guesser} guessed {guess}: {placer} placed it (+{n}).',
    lastMissedYouGuessed: '{hider} hid {colour}; you guessed {guess}: {placer} placed it (+{n}).',
    you: 'you',
    startsYou: 'you hide first',
    soldOutNote: 'Sold out: {colour} leaves the game.',
    line: 'Line',
    lineScores: 'Beside each row, column and diagonal: its points so far, {first} · {second}.',
    bunt: 'colourful line',
    gameTotal: 'Game {n}',
    gameHead: 'Game',
    lastGameLines: 'Lines of game {n} (the last)',
    starts: '{name} hides first',
    hidLog: 'hides a colour',
    hidLogShown: 'hid {colour}',
    gameOver: 'Game {n} is over: {points}.',
    undoHide: 'Your hidden colour goes back too: you hide again.',
    undoSeen: '{name} has seen your guess and would hide again knowing it.',
  },
  de: {
    title: 'Irono Ofubi',
    undoSettled: 'Eine Runde, deren Farbe und Tipp offen liegen, bleibt; der Computer nimmt sie nicht zurück.',
    summary: 'Ein Farbbluff zu zweit: eine Farbe fürs markierte Feld verstecken oder erraten und das Feld nehmen.',
    'preset.rulebook': 'Irono Ofubi (Spielregel)',
    'preset.match': 'Partie über zwei Spiele',
    'presetInfo.rulebook': 'Ein Spiel mit 16 Runden; geraten werden 3 Farben.',
    'presetInfo.match': 'Zwei Spiele, jeder beginnt eines; die Punkte werden addiert.',
    'option.guess': 'Farben pro Rateversuch',
    'option.games': 'Spiele der Partie',
    'option.start': 'Wer zuerst versteckt',
    'choice.random': 'per Los',
    'choice.A': 'Platz 1 (runde Steine)',
    'choice.B': 'Platz 2 (ovale Steine)',
    Y: 'gelb', G: 'grün', W: 'weiß', R: 'rot', B: 'blau', A: 'grau',
    field: 'Feld {name}',
    stone: '{colour}er Stein von {name}',
    markHint: 'Setze den Markierungsstein auf ein leeres Feld.',
    hideHint: 'Wähle geheim die Farbe, die du auf {field} setzen möchtest.',
    guessHint: {one: 'Rate 1 Farbe: Ist sie die versteckte, setzt du sie auf {field}.',
      other: 'Rate {n} Farben: Ist die versteckte dabei, setzt du sie auf {field}.'},
    waitHide: '{name} wählt eine Farbe für {field} …',
    guessSize: {one: 'Geraten wird 1 der {k} Farben im Spiel.',
      other: 'Geraten werden {n} der {k} Farben im Spiel.'},
    youHid: 'Du versteckst',
    hiddenColour: 'versteckte Farbe',
    guess: {one: 'Diese Farbe raten', other: 'Diese Farben raten'},
    gain: '+{n}',
    round: 'Runde {n} von {of}',
    game: 'Spiel {n} von {of}',
    points: 'Punkte',
    soldOut: 'ausverkauft',
    leftGame: 'ausgeschieden',
    soldOutRow: 'Ausverkauf (je +4)',
    soldOutLive: 'Ausverkauf, je +4 in den Punkten: {list}.',
    buntLive: '★ neben einer Reihe: Bunte Reihe, +4 in den Punkten.',
    marker: 'Markierung',
    stakeTitle: 'Was {field} wert ist',
    lastCaught: '{guesser} rät {guess} und trifft {colour}: {placer} setzt den Stein (+{n}).',
    lastMissed: '{hider} versteckt {colour}; {guesser} rät {guess}: {placer} setzt den Stein (+{n}).',
    lastCaughtYou: 'Du rätst {guess} und triffst {colour}: {placer} setzt den Stein (+{n}).',
    lastMissedYouHid: 'Du versteckst {colour}; {guesser} rät {guess}: {placer} setzt den Stein (+{n}).',
    lastMissedYouGuessed: '{hider} versteckt {colour}; du rätst {guess}: {placer} setzt den Stein (+{n}).',
    you: 'du',
    startsYou: 'Du versteckst zuerst',
    soldOutNote: 'Ausverkauf: {colour} scheidet aus.',
    line: 'Reihe',
    lineScores: 'Neben jeder Reihe, Spalte und Diagonale: ihre Punkte bisher, {first} · {second}.',
    bunt: 'Bunte Reihe',
    gameTotal: 'Spiel {n}',
    gameHead: 'Spiel',
    lastGameLines: 'Reihen von Spiel {n} (dem letzten)',
    starts: '{name} versteckt zuerst',
    hidLog: 'versteckt eine Farbe',
    hidLogShown: 'hat {colour} versteckt',
    gameOver: 'Spiel {n} ist vorbei: {points}.',
    undoHide: 'Deine versteckte Farbe geht mit zurück: du versteckst neu.',
    undoSeen: '{name} hat deinen Tipp gesehen und würde in Kenntnis davon neu verstecken.',
  },
};

export const optionChoices = {start: ['random', 'A', 'B']};

export const help = {
  en: `
<p>Irono Ofubi (“the crafty game of colours”) is a bluffing game for two on a board of 4 × 4
fields. Each player has stones in six colours — yellow, green, white, red, blue and grey: four
<b>placing stones</b> of each colour and one <b>guessing stone</b> of each. One player has round
stones, the other oval ones.</p>
<h3>A round</h3>
<ul>
<li>Who hides first is drawn by lot, unless the table was set up with a seat to begin. In a
match of several games the first hider alternates, and the points of all games add up.</li>
<li>The <b>hider</b> puts the white marker on an empty field — the field they would like to
fill — and then secretly chooses a colour they still have.</li>
<li>The <b>guesser</b> names 3 colours. If the hidden colour is among them, the guesser places
one of their own stones of that colour on the marked field; otherwise the hider places one of
theirs.</li>
<li>Then the roles swap. After 16 rounds the board is full and the game ends.</li>
<li>With fewer colours left in play the guess shrinks: a guess names at most one colour less
than are still in play.</li>
</ul>
<h3>Sold out (Ausverkauf)</h3>
<p>The moment a player has placed all four stones of a colour, they score 4 extra points and
that colour leaves the game for both players: the opponent's unplaced stones of it and both
guessing stones go back into the box.</p>
<h3>Scoring</h3>
<p>Each player counts only their own stones, in each of the 10 lines (4 rows, 4 columns, 2
diagonals): 1, 2, 3 or 4 stones of one normal colour score 1, 4, 9 or 16 points; grey counts
double: 2, 8, 18 or 32. A line filled with four of your own stones in four different colours
(a <b>colourful line</b>) scores 4 more. The most points wins; equal is a draw.</p>
<h3>On this page</h3>
<p>The numbers beside the rows, below the columns and at the corners are each line's points so
far, in the players' colours; a ★ beside one marks a colourful line, and a ★ in a supply a
colour sold out. The points beside the players' names hold both bonuses. When you hide, each colour shows what it would gain you on the
marked field. To guess, click the colours (they light up) and then “Guess these colours”. With
the keyboard use Tab and Enter; Escape drops the colours picked. You can also type moves: a field such as <code>b3</code>, a
colour letter such as <code>R</code> (Y, G, W, R, B, A = grey) or a guess such as
<code>YGR</code>.</p>`,
  de: `
<p>Irono Ofubi („das listenreiche Spiel mit Farben“) ist ein Bluffspiel für zwei auf einem Plan
mit 4 × 4 Feldern. Jeder hat Steine in sechs Farben — Gelb, Grün, Weiß, Rot, Blau und Grau: je
vier <b>Setzsteine</b> und einen <b>Ratestein</b> pro Farbe. Ein Spieler hat runde Steine, der
andere ovale.</p>
<h3>Eine Runde</h3>
<ul>
<li>Wer zuerst versteckt, wird ausgelost, außer der Tisch wurde mit einem Platz angelegt, der
beginnt. In einer Partie aus mehreren Spielen wechselt, wer zuerst versteckt, und die Punkte
aller Spiele werden addiert.</li>
<li>Der <b>Verstecker</b> setzt den weißen Markierungsstein auf ein leeres Feld — das Feld, das er
belegen möchte — und wählt dann geheim eine Farbe, die er noch hat.</li>
<li>Der <b>Rater</b> nennt 3 Farben. Ist die versteckte dabei, setzt der Rater einen eigenen Stein
dieser Farbe auf das markierte Feld, sonst setzt der Verstecker einen eigenen.</li>
<li>Dann wechseln die Rollen. Nach 16 Runden ist der Plan voll und das Spiel zu Ende.</li>
<li>Sind weniger Farben im Spiel, wird weniger geraten: höchstens eine Farbe weniger als noch im
Spiel sind.</li>
</ul>
<h3>Ausverkauf</h3>
<p>Sobald ein Spieler alle vier Steine einer Farbe gesetzt hat, bekommt er 4 Extrapunkte, und die
Farbe scheidet für beide aus: Die ungesetzten Steine des Gegners in dieser Farbe und beide
Ratesteine kommen in die Schachtel.</p>
<h3>Wertung</h3>
<p>Jeder zählt nur seine eigenen Steine, in jeder der 10 Reihen (4 waagrecht, 4 senkrecht, 2
Diagonalen): 1, 2, 3 oder 4 Steine einer normalen Farbe bringen 1, 4, 9 oder 16 Punkte; Grau
zählt doppelt: 2, 8, 18 oder 32. Eine Reihe mit vier eigenen Steinen in vier verschiedenen
Farben (<b>Bunte Reihe</b>) bringt 4 Punkte extra. Die meisten Punkte gewinnen; Gleichstand ist
unentschieden.</p>
<h3>Auf dieser Seite</h3>
<p>Die Zahlen neben den Reihen, unter den Spalten und an den Ecken sind die bisherigen Punkte
jeder Reihe, in den Farben der Spieler; ein ★ daneben zeigt eine Bunte Reihe, ein ★ im Vorrat
eine ausverkaufte Farbe. Die Punkte neben den Namen enthalten beide Extrapunkte. Beim Verstecken zeigt jede Farbe, was sie dir auf dem
markierten Feld brächte. Zum Raten klicke die Farben an (sie leuchten) und dann „Diese Farben
raten“. Mit der Tastatur: Tab und Enter; Escape verwirft die gewählten Farben. Züge lassen sich auch eintippen: ein Feld wie
<code>b3</code>, eine Farbe wie <code>Ro</code> oder <code>rot</code> (die Kürzel: Ge gelb, Gü grün,
We weiß, Ro rot, Bl blau, Gr grau) oder ein Tipp wie <code>Ge Gü Ro</code>. Die Aufzeichnung schreibt
die Farben mit den englischen Anfangsbuchstaben (Y, G, W, R, B, A = grau, etwa <code>YGR</code>); auch
so lassen sie sich eintippen.</p>`,
};

const FILL = {Y: '#f2c230', G: '#3e9a4c', W: '#f6f3ea', R: '#d23b32', B: '#2f64c3', A: '#8b8f96'};
const CELL = 100;
const LEFT = 40;
const TOP = 46;
const SIZE = 4;

function colourName(letter, t) {
  return t(`irono.${letter}`);
}

/** A colour standing alone as a noun: German capitalises it (Rot, not rot). */
function colourNoun(letter, t) {
  const name = colourName(letter, t);
  return lang() === 'de' ? name[0].toUpperCase() + name.slice(1) : name;
}

/** A colour's letter as this page writes it: the notation's English initial, or on a
 * German page the German short name (Ge, Gü, We, Ro, Bl, Gr). */
function short(letter) {
  return lang() === 'de' ? IRONO_SHORT_DE[letter] : letter;
}

const FROM_GERMAN = Object.fromEntries(Object.entries(IRONO_SHORT_DE)
  .map(([letter, name]) => [name.toLowerCase(), letter]));
FROM_GERMAN.gue = 'G';

/** A move typed on a German page in the German short names (``Ge Gü Ro``, ``gegüro``) in
 * the notation (``YGR``); words that are not short names stay as typed (``Ge Gü Xy``:
 * ``Y G xy``, whose refusal then names ``xy``); anything else as typed. */
export function typedMove(text) {
  if (lang() !== 'de') return text;
  const runs = text.toLowerCase().split(/[\s,+]+/).filter(Boolean);
  const short = (run) => /^(?:ge|gü|gue|we|ro|bl|gr)+$/.test(run);
  if (!runs.some(short)) return text;
  const letters = (run) => run.match(/ge|gü|gue|we|ro|bl|gr/g).map((name) => FROM_GERMAN[name]);
  if (runs.every(short)) return runs.flatMap(letters).join('');
  return runs.map((run) => (short(run) ? letters(run).join('') : run)).join(' ');
}

/** A hide or a guess in colour words on a German page, where the letters are English
 * initials; fields and English pages keep the notation. */
export function moveLabel(move, ctx) {
  if (lang() !== 'de' || !/^[YGWRBA]+$/.test(move)) return move;
  return [...move].map((letter) => colourNoun(letter, ctx.t)).join(', ');
}

/** An SVG piece that screen readers read by `label` alone. */
function named(node, label) {
  node.setAttribute('role', 'img');
  node.setAttribute('aria-label', label);
}

function lineName(name) {
  return lang() === 'de' ? name.replace('row', 'Reihe').replace('column', 'Spalte')
    .replace('diagonal', 'Diagonale') : name;
}

function defs() {
  return s('defs', {}, Object.entries(FILL).map(([letter, fill]) =>
    s('radialGradient', {id: `ir-${letter}`, cx: '35%', cy: '30%', r: '80%'},
      s('stop', {offset: '0%', 'stop-color': '#ffffff', 'stop-opacity': 0.85}),
      s('stop', {offset: '35%', 'stop-color': fill}),
      s('stop', {offset: '100%', 'stop-color': fill, 'stop-opacity': 1}))));
}

/** Colours whose stones carry a dark letter; the others a light one. */
const PALE = new Set(['Y', 'W', 'A']);

/** A stone: round for seat 0, oval for seat 1 (the two sets of the box), marked with its
 * colour's letter so that no colour has to be told by its hue alone. */
function stone(x, y, seat, letter, scale = 1, marked = true) {
  const common = {fill: `url(#ir-${letter})`, stroke: 'rgba(30,25,20,.55)', 'stroke-width': 1.5};
  const shape = seat === 0 ? s('circle', {cx: x, cy: y, r: 30 * scale, ...common})
    : s('ellipse', {cx: x, cy: y, rx: 38 * scale, ry: 24 * scale, ...common});
  const mark = short(letter);
  const size = (mark.length > 1 ? 18 : 22) * scale;
  return s('g', {class: 'ir-stone'}, shape, marked &&
    s('text', {x, y: y + size * 0.36, 'text-anchor': 'middle', 'font-size': size,
      'font-weight': 800, fill: PALE.has(letter) ? '#3b2f25' : '#ffffff',
      'aria-hidden': 'true'}, mark));
}

function stoneIcon(seat, letter, size, label) {
  const svg = svgRoot(80, 64, {width: size, height: (size * 64) / 80, role: 'img',
    'aria-label': label});
  svg.append(defs(), stone(40, 32, seat, letter, 0.95));
  return svg;
}

/** The centre of a field; as in the rulebook and the terminal, a1 is top left, d4 bottom right. */
function fieldAt(name) {
  const col = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1)) - 1;
  return [LEFT + col * CELL + CELL / 2, TOP + row * CELL + CELL / 2];
}

/** The legal moves by kind: fields to mark, and colours to hide or guess (a guess of one
 * colour is written like a hide, so the phase tells them apart). */
function parse(legal, phase) {
  const marks = new Map();
  const hides = new Map();
  const guesses = new Map();
  for (const m of legal) {
    if (/^[a-d][1-4]$/.test(m.notation)) marks.set(m.notation, m.action);
    else if (/^[YGWRBA]+$/.test(m.notation)) {
      (phase === 'guess' ? guesses : hides).set(m.notation, m.action);
    }
  }
  return {marks, hides, guesses};
}

// On a phone the line scores and coordinates are drawn this much larger, so that they
// still read at 12 px or more on the narrower board.
const PHONE = window.matchMedia('(max-width: 560px)');
const BIG = 21 / 16;

/** Redraw the board when a phone's larger labels come or go. */
export function layout() {
  return PHONE.matches ? 'phone' : '';
}

export function render(root, ctx) {
  const {view, t} = ctx;
  const {marks, hides, guesses} = parse(ctx.legal, view.phase);
  const k = PHONE.matches ? BIG : 1;
  const width = LEFT + SIZE * CELL + 22 + Math.ceil(64 * k);
  const height = TOP + SIZE * CELL + (k > 1 ? 84 : 78);
  const svg = svgRoot(width, height, {class: `irono-board${k > 1 ? ' big' : ''}`,
    role: 'group'});
  svg.append(defs());
  svg.append(s('rect', {x: LEFT - 12, y: TOP - 12, width: SIZE * CELL + 24,
    height: SIZE * CELL + 24, rx: 16, fill: '#e9dcc0', stroke: '#8c7a5c', 'stroke-width': 2.5}));
  const prevBoard = ctx.animate && ctx.prev && ctx.prev.board ? ctx.prev.board : null;
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const name = `${String.fromCharCode(97 + col)}${row + 1}`;
      const [x, y] = fieldAt(name);
      const cell = view.board[row][col];
      const action = marks.get(name);
      const group = s('g', {class: `field${action !== undefined ? ' legal' : ''}`,
        dataset: {field: name}});
      group.append(s('rect', {x: x - CELL / 2 + 5, y: y - CELL / 2 + 5, width: CELL - 10,
        height: CELL - 10, rx: 12, fill: (row + col) % 2 ? '#f3ead6' : '#f7f0e0',
        stroke: '#cdbb98'}));
      group.append(s('rect', {x: x - CELL / 2 + 7, y: y - CELL / 2 + 7, width: CELL - 14,
        height: CELL - 14, rx: 10, class: 'hl'}));
      if (cell) {
        const shape = stone(x, y, cell.seat, cell.colour);
        if (prevBoard && !prevBoard[row][col]) {
          shape.classList.add('pop');
          shape.style.transformOrigin = `${x}px ${y}px`;
        }
        group.append(shape);
        named(group, `${t('irono.field', {name})}: ${t('irono.stone',
          {colour: colourName(cell.colour, t), name: ctx.names[cell.seat]})}`);
      } else if (view.marker === name) {
        group.append(s('circle', {cx: x, cy: y, r: 22, fill: '#ffffff', stroke: '#3b2f25',
          'stroke-width': 3}), s('circle', {cx: x, cy: y, r: 8, fill: '#3b2f25'}));
        named(group, `${t('irono.field', {name})}: ${t('irono.marker')}`);
      } else if (action !== undefined && ctx.interactive) {
        group.dataset.action = String(action);
        clickable(group, t('irono.field', {name}), () => ctx.play(action), `field-${name}`);
      } else {
        named(group, t('irono.field', {name}));
      }
      svg.append(group);
    }
  }
  drawLines(svg, view, ctx, k);
  for (let i = 0; i < SIZE; i++) {
    const [x] = fieldAt(`${String.fromCharCode(97 + i)}1`);
    const [, y] = fieldAt(`a${i + 1}`);
    svg.append(s('text', {x, y: TOP + SIZE * CELL + 30, 'text-anchor': 'middle', class: 'coord',
      'aria-hidden': 'true'}, String.fromCharCode(97 + i)), s('text', {x: LEFT - 20, y: y + 5,
      'text-anchor': 'middle', class: 'coord', 'aria-hidden': 'true'}, String(i + 1)));
  }
  root.append(svg);
  root.append(controls(view, ctx, hides, guesses));
  root.append(supplies(view, ctx));
}

// Each line's points so far: rows to the right, columns below, diagonals at the corners.
// `k` scales the labels (larger on a phone).
function drawLines(svg, view, ctx, k) {
  const pair = (x, y, points, anchor = 'middle', star = false, arrow = '') => {
    const text = `${arrow}${points[0]} · ${points[1]}${star ? ' ★' : ''}`;
    const w = (text.length * 9.6 + 14) * k;
    const left = anchor === 'start' ? x - 7 : anchor === 'end' ? x - w + 7 : x - w / 2;
    return s('g', {class: 'line-score'},
      s('rect', {x: left, y: y - 17 * k, width: w, height: 24 * k, rx: 12 * k, fill: '#fbf6ea',
        stroke: 'rgba(60,40,20,.35)'}),
      s('text', {x, y, 'text-anchor': anchor},
        arrow ? s('tspan', {fill: '#8c7a5c'}, arrow) : null,
        s('tspan', {fill: SEAT_COLORS[0]}, String(points[0])),
        s('tspan', {fill: '#8c7a5c'}, ' · '),
        s('tspan', {fill: SEAT_COLORS[1]}, String(points[1])),
        star ? s('tspan', {fill: '#c99a0a'}, ' ★') : null));
  };
  for (const line of view.lines) {
    const first = line.fields[0];
    const last = line.fields[3];
    const bunt = line.bunt.some(Boolean);
    let node;
    if (line.name.startsWith('row')) {
      const [, y] = fieldAt(first);
      node = pair(LEFT + SIZE * CELL + 22, y + 6, line.points, 'start', bunt);
    } else if (line.name.startsWith('column')) {
      const [x] = fieldAt(first);
      node = pair(x, TOP + SIZE * CELL + (k > 1 ? 66 : 58), line.points, 'middle', bunt);
    } else {
      // A diagonal's score sits above the board, at the top corner it runs through.
      const [x] = [fieldAt(first), fieldAt(last)].sort((a, b) => a[1] - b[1])[0];
      const right = x > LEFT + (SIZE * CELL) / 2;
      node = pair(right ? LEFT + SIZE * CELL + 4 : LEFT - 4, TOP - (k > 1 ? 20 : 18), line.points,
        right ? 'end' : 'start', bunt, right ? '↗ ' : '↖ ');
    }
    node.dataset.line = line.name;
    const label = `${lineName(line.name)}: ${ctx.names
      .map((name, seat) => `${name} ${line.points[seat]}${line.bunt[seat]
        ? ` (${ctx.t('irono.bunt')})` : ''}`)
      .join(' · ')}`;
    node.append(s('title', {}, label));
    named(node, label);
    svg.append(node);
  }
}

function controls(view, ctx, hides, guesses) {
  const t = ctx.t;
  const panel = h('div', {class: 'ir-controls'});
  const field = view.marker || '';
  const me = ctx.seat;
  if (view.phase === 'hide' && hides.size && ctx.interactive) {
    panel.append(h('p', {class: 'ir-prompt'}, t('irono.hideHint', {field})));
    const gains = view.stake && me !== null ? view.stake.gain[me] : {};
    panel.append(h('div', {class: 'ir-colours'}, [...hides].map(([letter, action]) =>
      h('button', {type: 'button', class: 'ir-colour legal', dataset: {action, colour: letter},
        'aria-label': `${colourNoun(letter, t)} ${t('irono.gain', {n: gains[letter] ?? 0})}`,
        onclick: () => ctx.play(action)},
      stoneIcon(me, letter, 46, ''), h('span', {}, t('irono.gain', {n: gains[letter] ?? 0}))))));
  } else if (view.phase === 'guess' && guesses.size && ctx.interactive) {
    const size = view.guess_size;
    const picked = ctx.ui.picked || (ctx.ui.picked = new Set());
    const order = view.colours.map((c) => c.letter);
    const notation = order.filter((l) => picked.has(l)).join('');
    const action = guesses.get(notation);
    panel.append(h('p', {class: 'ir-prompt'}, t('irono.guessHint', {n: size, field})));
    panel.append(h('div', {class: 'ir-colours'}, view.in_play.map((letter) =>
      h('button', {type: 'button', class: `ir-colour legal${picked.has(letter) ? ' on' : ''}`,
        'aria-pressed': String(picked.has(letter)), dataset: {colour: letter},
        'aria-label': colourNoun(letter, t),
        onclick: () => {
          if (picked.has(letter)) picked.delete(letter);
          else if (picked.size < size) picked.add(letter);
          ctx.redraw();
          document.querySelector(`.ir-colour[data-colour="${letter}"]`)?.focus();
        }},
      stoneIcon(me, letter, 46, ''), h('span', {}, colourNoun(letter, t))))));
    panel.append(h('button', {type: 'button', class: 'primary ir-guess',
      disabled: action === undefined, dataset: action === undefined ? {} : {action},
      onclick: () => { if (action !== undefined) ctx.play(action); }},
    `${t('irono.guess', {n: size})} (${picked.size}/${size})`));
    // Escape drops the colours picked so far; focus stays on the colour it was on.
    panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !picked.size) return;
      event.preventDefault();
      const colour = document.activeElement?.dataset?.colour || view.in_play[0];
      picked.clear();
      ctx.redraw();
      document.querySelector(`.ir-colour[data-colour="${colour}"]`)?.focus();
    });
  } else if (view.phase === 'guess' || view.phase === 'hide') {
    const hider = view.hider;
    if (view.hidden && view.hidden !== 'chosen') {
      const icon = stoneIcon(hider, view.hidden, 36, '');
      icon.setAttribute('aria-hidden', 'true');
      panel.append(h('p', {class: 'ir-hidden'}, `${t('irono.youHid')}: `, icon,
        ` ${colourNoun(view.hidden, t)}`));
    } else if (view.hidden === 'chosen') {
      panel.append(h('p', {class: 'ir-hidden'}, h('span', {class: 'ir-fist', 'aria-label':
        t('irono.hiddenColour')}, '?'), ` ${t('irono.hiddenColour')}`));
    } else if (hider !== null) {
      panel.append(h('p', {}, t('irono.waitHide', {name: ctx.names[hider], field})));
    }
  }
  return panel;
}

function supplies(view, ctx) {
  const t = ctx.t;
  const box = h('div', {class: 'ir-supplies'});
  view.supply.forEach((supply, seat) => {
    box.append(h('div', {class: 'ir-supply', dataset: {seat}},
      h('span', {class: 'ir-who'}, h('span', {class: `seat-dot seat${seat}`}), ctx.names[seat]),
      view.colours.map(({letter}) => {
        const gone = !view.in_play.includes(letter);
        const sold = view.sold_out[seat].includes(letter);
        // A colour the other player sold out left the game: its stones went back to the box.
        const state = sold ? t('irono.soldOut') : gone ? t('irono.leftGame') : null;
        return h('span', {class: `ir-stack${gone ? ' gone' : ''}`,
          title: state ? `${colourNoun(letter, t)}: ${state}` : colourNoun(letter, t)},
        stoneIcon(seat, letter, 28, `${colourNoun(letter, t)}: ${state ?? supply[letter]}`),
        h('span', {'aria-hidden': 'true'}, sold ? '★' : `×${supply[letter]}`));
      })));
  });
  return box;
}

/** The move log: the draw of the first hider names the player (the notation says A or B),
 * a colour hidden from this seat is said in words, and once its round is revealed (log
 * line `at` of a log whose `movers` are given) it is named; a German page names the
 * colours of a hide or a guess as its buttons do. */
export function logEntry(move, ctx, at, movers) {
  const start = /^([AB]) starts$/.exec(move);
  if (start) return ctx.t('irono.starts', {name: ctx.names['AB'.indexOf(start[1])]});
  // Every round is three moves of the seats: the mark, the hide, the guess.
  const made = Array.isArray(movers)
    ? movers.slice(0, at).filter((seat) => seat !== null && seat !== undefined).length : -1;
  const perGame = 3 * (ctx.view?.rounds || 16);
  if (move !== 'chosen') {
    const label = moveLabel(move, ctx);
    return made > 0 && made % perGame === 0
      ? `${ctx.t('irono.gameTotal', {n: made / perGame + 1})}: ${label}` : label;
  }
  const round = made % 3 === 1 ? ctx.view?.history?.[(made - 1) / 3] : null;
  return round ? ctx.t('irono.hidLogShown', {colour: colourNoun(round.colour, ctx.t)})
    : ctx.t('irono.hidLog');
}

/** For the person asked to allow a take-back, what it means in this game: taking back a
 * guess takes back the colour hidden for it; taking back a hide the guesser has answered
 * lets the hider choose again knowing the guess. */
export function undoNote(msg, ctx) {
  const {by} = msg.undo;
  const movers = msg.movers || [];
  let last = movers.length - 1;
  while (last >= 0 && movers[last] !== by) last--;
  if (last < 0) return '';
  // Every round is three moves of the seats: the mark, the hide, the guess.
  const kind = movers.slice(0, last).filter((seat) => seat !== null && seat !== undefined)
    .length % 3;
  if (kind === 2) return ctx.t('irono.undoHide');
  if (kind === 1 && movers[last + 1] === msg.seat) {
    return ctx.t('irono.undoSeen', {name: ctx.names[by]});
  }
  return '';
}

export function hint(view, ctx) {
  const t = ctx.t;
  if (view.phase === 'mark') return t('irono.markHint');
  if (view.phase === 'hide') return t('irono.hideHint', {field: view.marker});
  if (view.phase === 'guess') return t('irono.guessHint', {n: view.guess_size, field: view.marker});
  return '';
}

export function stake(view, ctx) {
  const t = ctx.t;
  const parts = [
    h('p', {class: 'last-move'}, `${view.games > 1 ? `${t('irono.game', {n: view.game_number,
      of: view.games})} · ` : ''}${t('irono.round', {n: view.round, of: view.rounds})}`),
    // How many colours a guess names shrinks as colours sell out; the hider bluffs by it.
    ['mark', 'hide', 'guess'].includes(view.phase) ? h('p', {class: 'hint', id: 'ir-guess-size'},
      t('irono.guessSize', {n: view.guess_size, k: view.in_play.length})) : null,
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {class: 'num'}, t('irono.points')))),
      h('tbody', {}, ctx.names.map((name, i) => h('tr', {},
        h('td', {}, h('span', {class: `seat-dot seat${i}`}), ' ', name),
        h('td', {class: 'num'}, String(view.points[i])))))),
    h('p', {class: 'hint', id: 'ir-line-scores'},
      t('irono.lineScores', {first: ctx.names[0], second: ctx.names[1]})),
  ];
  // The bonuses the points hold beyond the line scores beside the board.
  const sold = view.sold_out.flatMap((colours, seat) => (colours.length
    ? [`${ctx.names[seat]} ${colours.map((l) => colourNoun(l, t)).join(', ')}`] : []));
  if (sold.length) {
    parts.push(h('p', {class: 'hint', id: 'ir-sold-out'},
      t('irono.soldOutLive', {list: sold.join(' · ')})));
  }
  if (view.lines.some((line) => line.bunt.some(Boolean))) {
    parts.push(h('p', {class: 'hint', id: 'ir-bunt'}, t('irono.buntLive')));
  }
  if (view.stake) {
    parts.push(h('p', {class: 'stake-line'}, t('irono.stakeTitle', {field: view.stake.field})));
    parts.push(h('table', {class: 'ir-stake'},
      h('tbody', {}, ctx.names.map((name, seat) => h('tr', {},
        h('td', {}, h('span', {class: `seat-dot seat${seat}`}),
          h('span', {class: 'offscreen'}, name)),
        view.in_play.map((letter) => h('td', {class: 'num', title: colourNoun(letter, t)},
          h('span', {class: `ir-dot${PALE.has(letter) ? ' pale' : ''}`,
            style: {background: FILL[letter]}, 'aria-hidden': 'true'}, short(letter)),
          h('span', {class: 'offscreen'}, `${colourNoun(letter, t)} `),
          String(view.stake.gain[seat][letter] ?? '–'))))))));
  }
  parts.push(...lastRound(view, ctx).map((line) => h('p', {class: 'hint'}, line)));
  return h('div', {}, parts);
}

/** What the last round brought: who caught or missed what, and a colour sold out; in
 * the first round of a match's next game, also how the game before ended and who begins. */
function lastRound(view, ctx) {
  const t = ctx.t;
  const last = view.last_round;
  if (!last) return [];
  const lines = roundLines(last, ctx);
  if (view.game_number && last.game !== view.game_number && view.starter !== null) {
    const ended = (view.results || [])[last.game - 1];
    if (ended) {
      lines.push(t('irono.gameOver', {n: last.game, points: ctx.names
        .map((name, seat) => `${name} ${ended.points[seat]}`).join(' · ')}));
    }
    lines.push(`${t('irono.gameTotal', {n: view.game_number})}: `
      + (view.starter === ctx.seat ? t('irono.startsYou')
        : t('irono.starts', {name: ctx.names[view.starter]})));
  }
  return lines;
}

function roundLines(last, ctx) {
  const t = ctx.t;
  const guess = last.guess.map((l) => colourNoun(l, t)).join(', ');
  const params = {guesser: ctx.names[1 - last.hider], hider: ctx.names[last.hider],
    placer: last.placed_by === ctx.seat ? t('irono.you') : ctx.names[last.placed_by],
    colour: colourNoun(last.colour, t), guess, n: last.gained};
  // The player the line names is spoken to as "you".
  const guessed = 1 - last.hider === ctx.seat;
  const key = last.caught ? (guessed ? 'lastCaughtYou' : 'lastCaught')
    : (guessed ? 'lastMissedYouGuessed' : last.hider === ctx.seat ? 'lastMissedYouHid'
      : 'lastMissed');
  const lines = [t(`irono.${key}`, params)];
  if (last.sold_out) lines.push(t('irono.soldOutNote', {colour: colourNoun(last.sold_out, t)}));
  return lines;
}

/** For screen readers, after each move: the round's outcome once it is revealed. */
export function news(view, prev, ctx) {
  const now = lastRound(view, ctx).join(' ');
  return prev && now !== lastRound(prev, ctx).join(' ') ? now : '';
}

// The result's breakdown: one table, so that the points of each game of a match and of
// each line (of the last game: the board shows only that one) stand under the same names.
function headRow(label, names) {
  return h('tr', {}, h('th', {scope: 'col'}, label),
    names.map((name) => h('th', {class: 'num', scope: 'col'}, name)));
}

/** The points of each game of the match: the finished ones, and the one given up. */
function gamePoints(view) {
  const games = (view.results || []).map((r) => r.points);
  return view.phase === 'over' || !games.length ? games : [...games, view.points];
}

function gameRows(games, t) {
  return games.map((points, i) => h('tr', {class: 'ir-game'},
    h('td', {}, t('irono.gameTotal', {n: i + 1})),
    points.map((p) => h('td', {class: 'num'}, String(p)))));
}

function lineRows(view, t) {
  const rows = view.lines.map((line) => h('tr', {class: 'ir-line'},
    h('td', {}, lineName(line.name)),
    line.points.map((p, seat) => h('td', {class: 'num'}, `${p}${line.bunt[seat] ? ' ★' : ''}`))));
  if (view.sold_out.some((colours) => colours.length)) {
    rows.push(h('tr', {class: 'ir-line ir-sold'}, h('td', {}, t('irono.soldOutRow')),
      view.sold_out.map((colours) => h('td', {class: 'num'},
        colours.length ? `${4 * colours.length} (${colours.map(short).join(' ')})` : '0'))));
  }
  return rows;
}

export function breakdown(view, ctx) {
  const t = ctx.t;
  const games = gamePoints(view);
  const match = games.length > 1;
  const linesHead = headRow(match ? t('irono.lastGameLines', {n: games.length})
    : t('irono.line'), ctx.names);
  return h('div', {},
    h('table', {class: 'result-table ir-breakdown'},
      match ? [h('thead', {}, headRow(t('irono.gameHead'), ctx.names)),
        h('tbody', {}, gameRows(games, t)),
        h('tbody', {class: 'ir-lines'}, linesHead, lineRows(view, t))]
        : [h('thead', {}, linesHead), h('tbody', {}, lineRows(view, t))]),
    view.lines.some((line) => line.bunt.some(Boolean))
      ? h('p', {class: 'hint'}, `★ ${t('irono.bunt')} (+4)`) : null);
}

export function icon() {
  const svg = svgRoot(120, 60);
  svg.append(defs());
  svg.append(s('rect', {x: 32, y: 2, width: 56, height: 56, rx: 7, fill: '#e9dcc0',
    stroke: '#8c7a5c', 'stroke-width': 1.5}));
  const stones = {0: ['R', 0], 2: ['B', 1], 5: ['Y', 1], 7: ['A', 0], 8: ['G', 0], 13: ['W', 1],
    15: ['R', 1]};
  for (let i = 0; i < 16; i++) {
    const x = 39 + (i % 4) * 14;
    const y = 9 + Math.floor(i / 4) * 14;
    svg.append(s('rect', {x: x - 6, y: y - 6, width: 12, height: 12, rx: 2, fill: '#f6efdf'}));
    if (stones[i]) svg.append(stone(x, y, stones[i][1], stones[i][0], 0.17, false));
    if (i === 10) {
      svg.append(s('circle', {cx: x, cy: y, r: 4.2, fill: '#fff', stroke: '#3b2f25',
        'stroke-width': 1.4}));
    }
  }
  return svg;
}
