// Colomino: the tile board with its coloured rim, centre squares and courts, and the rack.
// Pick a tile (click, or drag it onto the board), then a glowing square; if it fits in more
// than one way, pick how it should lie.
import {clickable, h, s, svgRoot, toast} from '../dom.js';
import {draggable} from './drag.js';
import {startChoices, startStrings, touchOnly, translatedLog, turnLine} from './index.js';

export const strings = {
  en: {
    undoDrawn: 'You have drawn tiles since your last move: taken back, you would lay again knowing them, so it stands; the computer does not take it back.',
    logDrawsOf: '{name} draws a tile',
    logDraws: 'draws a tile',
    logDrawsRun: {one: '{name} draws {n} tile', other: '{name} draws {n} tiles'},
    logDraw: 'draw {tile}',
    logStarts: '{name} begins (drawn by lot)',
    logSkipped: '{name} could lay no tile and was skipped',
    logStuck: 'nobody could lay a tile any more',
    skipped: '{name} could lay no tile and was skipped.',
    skippedYou: 'You could lay no tile and were skipped.',
    stuck: 'Nobody could lay a tile any more.',
    earnedYellow: {one: '{n} yellow token', other: '{n} yellow tokens'},
    earnedBlue: {one: '{n} blue token', other: '{n} blue tokens'},
    earned: 'earned {tokens}',
    earnedAnd: ' and ',
    endedEarly: 'no further tile fitted',
    ...startStrings.en,
    title: 'Colomino',
    summary: 'Lay coloured tiles edge to edge from the base line to the target line and fill courts for tokens.',
    'preset.small': 'Small board (9 × 9)',
    'preset.large': 'Large board (12 × 12)',
    'presetInfo.small': 'The short game for beginners.',
    'presetInfo.large': 'The long game, with the four printed centre squares.',
    hint: 'Pick a tile from your rack (or drag it), then a glowing square. Tile {n} of {of} this turn.',
    hintSquare: 'Now choose a glowing square for the tile you picked, or pick another tile (pick it again, or press Escape, to cancel). Tile {n} of {of} this turn.',
    hintSquareTouch: 'Now choose a glowing square for it, or another tile (pick it again to cancel). Tile {n} of {of} this turn.',
    hintRotation: 'Choose how the tile lies on {square}, or Cancel to choose another square. Tile {n} of {of} this turn.',
    rack: 'Your rack',
    tile: 'Tile {name}',
    joker: 'Joker',
    square: 'Square {name}',
    laidRecently: 'recently laid by {name}',
    empty: 'empty',
    place: 'Lay tile {tile} on {square}',
    overJoker: '{square} (covering the joker)',
    overCentre: '{square} (covering the printed square)',
    placeCourt: {one: 'Lay tile {tile} on {square}: {court}, {n} point',
      other: 'Lay tile {tile} on {square}: {court}, {n} points'},
    fitsNowhere: 'This tile fits on no free square now, whichever way it lies: pick another.',
    chooseRotation: 'How should it lie?',
    suggested: 'suggested: {tile}',
    suggestedTile: 'suggested',
    fitsNowhereNow: 'fits nowhere now',
    cancel: 'Cancel',
    openCourt: 'open court',
    closedCourt: 'closed court',
    needs: 'needs {sides}',
    rim: 'at the rim: {sides}',
    sideN: '{colour} at the top',
    sideE: '{colour} on the right',
    sideS: '{colour} at the bottom',
    sideW: '{colour} on the left',
    red: 'red',
    yellow: 'yellow',
    green: 'green',
    blue: 'blue',
    edges: '{n}, {e}, {s}, {w} (clockwise from the top)',
    centre: 'printed square, {colour}',
    points: 'points',
    tieBlue: 'Equal points: the most blue tokens win.',
    tieShared: 'Equal points and blue tokens: the win is shared.',
    bag: 'Tiles in the bag: {n}',
    onRack: 'Rack',
    turnInfo: {one: 'Tile {tile} of {of} this turn; the next open court pays {n} point, a closed one {closed}.',
      other: 'Tile {tile} of {of} this turn; the next open court pays {n} points, a closed one {closed}.'},
    endTriggered: {one: 'The target line is reached: this turn and {n} more.',
      other: 'The target line is reached: this turn and {n} more.'},
    endLastTurn: 'The target line is reached: this is the last turn.',
    endReached: 'The game is over: the target line was reached and everyone else has had one more turn.',
    targetLine: 'target line',
    baseLine: 'base line',
  },
  de: {
    undoDrawn: 'Du hast seit deinem letzten Zug Steine gezogen: zurückgenommen würdest du sie kennen, also bleibt er; der Computer nimmt ihn nicht zurück.',
    logDrawsOf: '{name} zieht einen Stein',
    logDraws: 'zieht einen Stein',
    logDrawsRun: {one: '{name} zieht {n} Stein', other: '{name} zieht {n} Steine'},
    logDraw: 'gezogen: {tile}',
    logStarts: '{name} beginnt (ausgelost)',
    logSkipped: '{name} konnte keinen Stein legen und wurde übersprungen',
    logStuck: 'niemand konnte mehr einen Stein legen',
    skipped: '{name} konnte keinen Stein legen und wurde übersprungen.',
    skippedYou: 'Du konntest keinen Stein legen und wurdest übersprungen.',
    stuck: 'Niemand konnte mehr einen Stein legen.',
    earnedYellow: {one: '{n} gelbe Marke', other: '{n} gelbe Marken'},
    earnedBlue: {one: '{n} blaue Marke', other: '{n} blaue Marken'},
    earned: 'erhielt {tokens}',
    earnedAnd: ' und ',
    endedEarly: 'kein weiterer Stein passte',
    ...startStrings.de,
    title: 'Colomino',
    summary: 'Farbige Steine Kante an Kante von der Grund- zur Ziellinie legen und Höfe für Marken besetzen.',
    'preset.small': 'Kleiner Plan (9 × 9)',
    'preset.large': 'Großer Plan (12 × 12)',
    'presetInfo.small': 'Die kurze Partie für Anfänger.',
    'presetInfo.large': 'Die lange Partie, mit den vier Farbquadraten in der Mitte.',
    hint: 'Wähle einen Stein (oder zieh ihn), dann ein leuchtendes Feld. Stein {n} von {of} in diesem Zug.',
    hintSquare: 'Wähle jetzt ein leuchtendes Feld für den gewählten Stein oder einen anderen Stein (derselbe noch einmal oder Escape bricht ab). Stein {n} von {of} in diesem Zug.',
    hintSquareTouch: 'Wähle ein leuchtendes Feld oder einen anderen Stein (derselbe bricht ab). Stein {n} von {of}.',
    hintRotation: 'Wähle die Lage auf {square} oder „Abbrechen“ für ein anderes Feld. Stein {n} von {of} in diesem Zug.',
    rack: 'Deine Ablageleiste',
    tile: 'Stein {name}',
    joker: 'Joker',
    square: 'Feld {name}',
    laidRecently: 'zuletzt gelegt von {name}',
    empty: 'leer',
    place: 'Stein {tile} auf {square} legen',
    overJoker: '{square} (deckt den Joker ab)',
    overCentre: '{square} (deckt das Farbquadrat ab)',
    placeCourt: {one: 'Stein {tile} auf {square} legen: {court}, {n} Punkt',
      other: 'Stein {tile} auf {square} legen: {court}, {n} Punkte'},
    fitsNowhere: 'Dieser Stein passt jetzt auf kein freies Feld, wie er auch liegt: wähle einen anderen.',
    chooseRotation: 'Wie soll er liegen?',
    suggested: 'Vorschlag: {tile}',
    suggestedTile: 'vorgeschlagen',
    fitsNowhereNow: 'passt gerade nirgends',
    cancel: 'Abbrechen',
    openCourt: 'offener Hof',
    closedCourt: 'geschlossener Hof',
    needs: 'braucht {sides}',
    rim: 'am Rand: {sides}',
    sideN: 'oben {colour}',
    sideE: 'rechts {colour}',
    sideS: 'unten {colour}',
    sideW: 'links {colour}',
    red: 'rot',
    yellow: 'gelb',
    green: 'grün',
    blue: 'blau',
    edges: '{n}, {e}, {s}, {w} (im Uhrzeigersinn von oben)',
    centre: 'Farbquadrat, {colour}',
    points: 'Punkte',
    tieBlue: 'Punktgleichstand: die meisten blauen Marken gewinnen.',
    tieShared: 'Gleich viele Punkte und blaue Marken: der Sieg wird geteilt.',
    bag: 'Steine im Beutel: {n}',
    onRack: 'Leiste',
    turnInfo: {one: 'Stein {tile} von {of} in diesem Zug; der nächste offene Hof bringt {n} Punkt, ein geschlossener {closed}.',
      other: 'Stein {tile} von {of} in diesem Zug; der nächste offene Hof bringt {n} Punkte, ein geschlossener {closed}.'},
    endTriggered: {one: 'Die Ziellinie ist erreicht: dieser Zug und noch {n} weiterer.',
      other: 'Die Ziellinie ist erreicht: dieser Zug und noch {n} weitere.'},
    endLastTurn: 'Die Ziellinie ist erreicht: dies ist der letzte Zug.',
    endReached: 'Das Spiel ist vorbei: die Ziellinie wurde erreicht und alle anderen hatten noch einen Zug.',
    targetLine: 'Ziellinie',
    baseLine: 'Grundlinie',
  },
};

/** The board and rack do the choosing; a list of hundreds of placements would only clutter. */
export const moveButtons = false;

/** Who begins: by lot or one of the seats at the table. */
export const optionChoices = {start: startChoices};

export const help = {
  en: `
<p>Colomino is a domino game on a square board for 2 to 4 players: lay coloured tiles from
your side of the board (the base line) towards the far side (the target line), and earn
tokens by filling “courts”.</p>
<h3>Material</h3>
<ul>
<li>144 square tiles. Each edge of a tile is red, yellow, green or blue; every possible
colouring appears twice, and there are 4 white jokers. Tiles may be turned any way.</li>
<li>The small board has 9 × 9 squares, the large one 12 × 12 with four printed one-colour
squares in the middle. Each edge segment of the board's rim is printed in a colour too.</li>
</ul>
<h3>Your turn</h3>
<ul>
<li>Who begins is drawn by lot, unless the table was set up with a seat to begin.</li>
<li>You hold 5 tiles, hidden from the others. Lay exactly 3 of them, one at a time, in any
order (fewer only if none fits any more), then draw back up to 5 from the bag. If none of
your tiles fits anywhere at the start of your turn, you are skipped.</li>
<li>Wherever a tile touches another tile, a centre square or the rim, the colours must
match. Jokers match everything.</li>
<li>The first tile goes into the row at the base line; every tile must be joined edge to
edge, directly or through other tiles, to the base line. Centre squares count once a tile
touches them, and may be covered by the matching one-colour tile.</li>
<li>If you hold the tile that exactly fits the square of a joker, you may lay it on the
joker (from the next turn on); the joker leaves the game.</li>
</ul>
<h3>Courts and tokens</h3>
<ul>
<li>An empty square bounded on 3 sides (by tiles, centre squares or the rim) is an
<b>open court</b>; bounded on all 4 sides it is a <b>closed court</b>.</li>
<li>Filling an open court earns a yellow token (1 point), a closed court a blue token (2
points). The second court you fill in the same turn pays double, the third triple — so fill
the open court first and the closed one second: 1 + 4 = 5 points instead of 2 + 2.</li>
<li>A joker in a court earns the premium, and so does covering a joker that sits in a court.</li>
</ul>
<h3>End</h3>
<p>When someone lays a tile in the row next to the target line, that player finishes the
turn and everyone else has one more turn. The game also ends when nobody can lay a tile.
The most points wins; with equal points the most blue tokens wins, otherwise the win is
shared.</p>
<h3>On this page</h3>
<p>Click a tile in your rack (or drag it onto the board), then one of the glowing squares; a
small “+n” shows the points a court would pay. If the tile fits that square in more than one way,
choose how it should lie. With the keyboard: Tab to a tile, Enter, Tab to a square, Enter;
Escape cancels. You can also type a move such as <code>E1 RYGB r1</code> (square, tile,
quarter-turns clockwise) or <code>E1 J</code> for a joker. A tile is written by its edge
colours from the top clockwise, as it shows in your rack: <b>R</b> red, <b>Y</b> yellow,
<b>G</b> green, <b>B</b> blue; the move log writes tiles the same way.</p>`,
  de: `
<p>Colomino ist ein Domino auf einem quadratischen Plan für 2 bis 4 Spieler: Lege farbige
Steine von der Grundlinie aus in Richtung Ziellinie und verdiene Marken, indem du „Höfe“
besetzt.</p>
<h3>Material</h3>
<ul>
<li>144 quadratische Steine. Jede Kante ist rot, gelb, grün oder blau; jede mögliche
Färbung gibt es zweimal, dazu 4 weiße Joker. Steine dürfen beliebig gedreht werden.</li>
<li>Der kleine Plan hat 9 × 9 Felder, der große 12 × 12 mit vier einfarbigen Farbquadraten in
der Mitte. Auch der Rand des Plans ist abschnittsweise farbig bedruckt.</li>
</ul>
<h3>Dein Zug</h3>
<ul>
<li>Wer beginnt, wird ausgelost, außer der Tisch wurde mit einem Platz angelegt, der beginnt.</li>
<li>Du hast 5 verdeckte Steine. Lege genau 3 davon, einzeln und in beliebiger Reihenfolge
(weniger nur, wenn keiner mehr passt), dann ziehe aus dem Beutel wieder auf 5 nach. Passt zu
Beginn deines Zuges keiner deiner Steine, wirst du übersprungen.</li>
<li>Wo ein Stein an einen anderen Stein, ein Farbquadrat oder den Rand grenzt, müssen die Farben
passen. Joker passen überall.</li>
<li>Der erste Stein kommt in die erste Reihe an der Grundlinie; jeder Stein muss Kante an Kante,
direkt oder über andere Steine, mit der Grundlinie verbunden sein. Farbquadrate zählen, sobald
ein Stein sie berührt, und dürfen mit dem passenden einfarbigen Stein belegt werden.</li>
<li>Wer den Stein hat, der genau auf das Feld eines Jokers passt, darf ihn (ab dem nächsten
Zug) auf den Joker legen; der Joker scheidet aus.</li>
</ul>
<h3>Höfe und Marken</h3>
<ul>
<li>Ein leeres Feld, das an 3 Seiten begrenzt ist (durch Steine, Farbquadrate oder den Rand),
ist ein <b>offener Hof</b>; an allen 4 Seiten ein <b>geschlossener Hof</b>.</li>
<li>Einen offenen Hof zu besetzen bringt eine gelbe Marke (1 Punkt), einen geschlossenen eine
blaue (2 Punkte). Der zweite Hof im selben Zug zählt doppelt, der dritte dreifach — also erst
den offenen, dann den geschlossenen Hof: 1 + 4 = 5 Punkte statt 2 + 2.</li>
<li>Ein Joker im Hof bringt die Prämie, ebenso das Belegen eines Jokers, der in einem Hof liegt.</li>
</ul>
<h3>Ende</h3>
<p>Legt jemand einen Stein in die Reihe vor der Ziellinie, beendet er seinen Zug, und jeder
andere hat noch einen Zug. Das Spiel endet auch, wenn niemand mehr legen kann. Die meisten
Punkte gewinnen; bei Gleichstand die meisten blauen Marken, sonst wird geteilt.</p>
<h3>Auf dieser Seite</h3>
<p>Klicke einen Stein deiner Leiste an (oder zieh ihn aufs Brett), dann eines der leuchtenden
Felder; ein kleines „+n“ zeigt, wie viele Punkte ein Hof bringt. Passt der Stein auf mehrere Arten, wähle,
wie er liegen soll. Mit der Tastatur: Tab zum Stein, Enter, Tab zum Feld, Enter; Escape bricht
ab. Du kannst einen Zug auch eintippen, etwa <code>E1 RYGB r1</code> (Feld, Stein, Vierteldrehungen
im Uhrzeigersinn) oder <code>E1 J</code> für einen Joker. Ein Stein wird mit seinen Kantenfarben
von oben im Uhrzeigersinn geschrieben, wie er in deiner Leiste liegt, mit den englischen
Anfangsbuchstaben: <b>R</b> rot, <b>Y</b> gelb (yellow), <b>G</b> grün (green), <b>B</b> blau;
so schreibt auch die Liste der Züge die Steine.</p>`,
};

const COLOUR = {R: '#d8412f', Y: '#f0bf2a', G: '#3e9a4c', B: '#2f64c3'};
const COLOUR_WORD = {R: 'red', Y: 'yellow', G: 'green', B: 'blue'};

function spokenColour(letter, t) {
  return t(`colomino.${COLOUR_WORD[letter]}`);
}

/** A tile as a screen reader says it: its edge colours in words, or the joker. */
function spokenTile(edges, t) {
  if (edges === 'J') return t('colomino.joker');
  const [n, e, s, w] = [...edges].map((c) => spokenColour(c, t));
  return t('colomino.edges', {n, e, s, w});
}

/** Colours by side (top, right, bottom, left; `?` or none for a side without one), in
 * words: "red at the top, blue on the left". */
function spokenSides(colours, t) {
  return ['N', 'E', 'S', 'W'].map((side, i) => (COLOUR[colours[i]]
    ? t(`colomino.side${side}`, {colour: spokenColour(colours[i], t)}) : null))
    .filter(Boolean).join(', ');
}

/** What lies on a board square, as a screen reader says it: a court with the colours it
 * needs, an empty square at the edge with the colours of its rim (`rim`, by side). */
function spokenContent(tile, court, rim, t) {
  if (tile?.centre) return t('colomino.centre', {colour: spokenColour(tile.edges[0], t)});
  if (tile?.joker && court) {
    return `${spokenTile('J', t)}, ${t(court.court === 'closed' ? 'colomino.closedCourt'
      : 'colomino.openCourt')}`;
  }
  if (tile) return spokenTile(tile.joker ? 'J' : tile.edges, t);
  const atRim = spokenSides(rim, t);
  const edge = atRim ? `, ${t('colomino.rim', {sides: atRim})}` : '';
  if (court) {
    const needs = spokenSides(court.needs || '', t);
    return t(court.court === 'closed' ? 'colomino.closedCourt' : 'colomino.openCourt')
      + (needs ? `, ${t('colomino.needs', {sides: needs})}` : '') + edge;
  }
  return t('colomino.empty') + edge;
}

const CELL = 48;
const MIN_CELL = 24;
const RIM = 11;

function letter(col) {
  return String.fromCharCode(65 + col);
}

/** The four triangles of a tile with edges "NESW" (J: a joker), drawn at x, y with size. */
function tileShape(edges, x, y, size, extra = {}) {
  const g = s('g', {class: 'tile', ...extra});
  const inset = size * 0.04;
  const x0 = x + inset;
  const y0 = y + inset;
  const w = size - 2 * inset;
  if (edges === 'J') {
    g.append(s('rect', {x: x0, y: y0, width: w, height: w, rx: size * 0.1, fill: '#fbfaf4',
      stroke: '#8a8170', 'stroke-width': 1.2}));
    const c = [x0 + w / 2, y0 + w / 2];
    const r = w * 0.32;
    const star = [];
    for (let i = 0; i < 8; i++) {
      const rr = i % 2 ? r * 0.38 : r;
      const a = (i * Math.PI) / 4 - Math.PI / 2;
      star.push(`${c[0] + rr * Math.cos(a)},${c[1] + rr * Math.sin(a)}`);
    }
    g.append(s('polygon', {points: star.join(' '), fill: '#c9a227', stroke: '#7a5d0c',
      'stroke-width': 0.8}));
    return g;
  }
  const cx = x0 + w / 2;
  const cy = y0 + w / 2;
  const corners = [[x0, y0], [x0 + w, y0], [x0 + w, y0 + w], [x0, y0 + w]];
  for (let i = 0; i < 4; i++) {
    const [a, b] = [corners[i], corners[(i + 1) % 4]];
    g.append(s('polygon', {points: `${a[0]},${a[1]} ${b[0]},${b[1]} ${cx},${cy}`,
      fill: COLOUR[edges[i]] || '#ddd', stroke: 'rgba(30,20,10,.45)', 'stroke-width': 0.8,
      'stroke-linejoin': 'round'}));
  }
  g.append(s('rect', {x: x0, y: y0, width: w, height: w, rx: size * 0.08, fill: 'none',
    stroke: 'rgba(20,15,10,.55)', 'stroke-width': 1.3}));
  return g;
}

function tileSvg(edges, size, attrs = {}) {
  const svg = svgRoot(size, size, {width: size, height: size, ...attrs});
  svg.append(tileShape(edges, 0, 0, size));
  return svg;
}

/** The points a placement earns: `pays` tokens, yellow (1 point) or blue (2 points). */
function points(move) {
  return (move.pays || 0) * (move.court === 'closed' ? 2 : 1);
}

function squareName(row, col) {
  return `${letter(col)}${row + 1}`;
}

function legalPlacements(view, ctx) {
  const allowed = new Set(ctx.legal.map((m) => m.action));
  return (view.legal || []).filter((m) => allowed.has(m.action));
}

export function render(root, ctx) {
  const {view, t} = ctx;
  const board = view.board;
  const n = board.size;
  const ox = 26 + RIM;
  const oy = 24 + RIM;
  const width = ox + n * CELL + RIM + 8;
  const height = oy + n * CELL + RIM + 42;
  const svg = svgRoot(width, height, {class: 'colomino-board', role: 'group'});
  // Squares shrink to 24 px at the least (a target a finger can still hit), so that the
  // large board fits a phone; only a narrower screen scrolls it.
  svg.style.minWidth = `${Math.round((width * MIN_CELL) / CELL)}px`;
  const placements = legalPlacements(view, ctx);
  const ui = ctx.ui;
  if (ui.tile !== undefined && !placements.some((m) => m.tile === ui.tile)) ui.tile = undefined;
  const forTile = placements.filter((m) => m.tile === ui.tile);
  const bySquare = new Map();
  for (const m of forTile) {
    if (!bySquare.has(m.square)) bySquare.set(m.square, []);
    bySquare.get(m.square).push(m);
  }
  const at = (row, col) => [ox + col * CELL, oy + (n - 1 - row) * CELL];

  svg.append(s('rect', {x: ox - RIM - 4, y: oy - RIM - 4, width: n * CELL + 2 * RIM + 8,
    height: n * CELL + 2 * RIM + 8, rx: 10, fill: '#f6efe0', stroke: '#8c7a5c',
    'stroke-width': 2}));
  const middle = ox + (n * CELL) / 2;
  svg.append(s('text', {x: middle, y: oy - RIM - 9, 'text-anchor': 'middle', class: 'coord'},
    `▲ ${t('colomino.targetLine')}`), s('text', {x: middle, y: oy + n * CELL + RIM + 35,
    'text-anchor': 'middle', class: 'coord'}, t('colomino.baseLine')));
  // The rim: one coloured segment per square along each side.
  for (let i = 0; i < n; i++) {
    const [x] = at(0, i);
    const [, y] = at(i, 0);
    svg.append(
      s('rect', {x: x + 2, y: oy - RIM, width: CELL - 4, height: RIM - 2, rx: 2,
        fill: COLOUR[board.rim.north[i]]}),
      s('rect', {x: x + 2, y: oy + n * CELL + 2, width: CELL - 4, height: RIM - 2, rx: 2,
        fill: COLOUR[board.rim.south[i]]}),
      s('rect', {x: ox - RIM, y: y + 2, width: RIM - 2, height: CELL - 4, rx: 2,
        fill: COLOUR[board.rim.west[i]]}),
      s('rect', {x: ox + n * CELL + 2, y: y + 2, width: RIM - 2, height: CELL - 4, rx: 2,
        fill: COLOUR[board.rim.east[i]]}),
      s('text', {x: x + CELL / 2, y: oy + n * CELL + RIM + 17, 'text-anchor': 'middle',
        class: 'coord'}, letter(i)),
      s('text', {x: ox - RIM - 8, y: y + CELL / 2 + 5, 'text-anchor': 'end', class: 'coord'},
        String(i + 1)));
  }
  // The suggested placement: its tile, turned as suggested, shown faintly on its square.
  const hinted = ctx.suggested === null || ctx.suggested === undefined ? null
    : (view.legal || []).find((m) => m.action === ctx.suggested) || null;
  const occupied = new Map(board.tiles.map((tile) => [tile.square, tile]));
  const laidBy = new Map(recentTurns(view, ctx).flatMap((turn) => laid(turn.moves)
    .map((move) => [squareOf(move), turn.seat])));
  const courts = new Map((view.courts || []).map((c) => [c.square, c]));
  const before = ctx.animate && ctx.prev && ctx.prev.board
    ? new Set(ctx.prev.board.tiles.map((tile) => `${tile.square}:${tile.edges}`)) : null;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const name = squareName(row, col);
      const [x, y] = at(row, col);
      const tile = occupied.get(name);
      const court = courts.get(name);
      const targets = bySquare.get(name);
      const chosen = targets && ui.square === name ? ' selected' : '';
      const cell = s('g', {class: `square${targets ? ' legal' : ''}${chosen}`,
        dataset: {square: name}});
      cell.append(s('rect', {x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4,
        fill: (row + col) % 2 ? '#e9dfca' : '#efe6d3'}));
      if (row === n - 1 || row === 0) {
        cell.append(s('rect', {x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4,
          fill: row === 0 ? 'rgba(47,100,195,.07)' : 'rgba(216,65,47,.08)'}));
      }
      if (tile) {
        const shape = tileShape(tile.edges, x + 1, y + 1, CELL - 2);
        if (tile.centre) {
          shape.append(s('rect', {x: x + 8, y: y + 8, width: CELL - 16, height: CELL - 16, rx: 3,
            fill: 'none', stroke: 'rgba(255,255,255,.8)', 'stroke-dasharray': '3 3'}));
        }
        if (before && !before.has(`${name}:${tile.edges}`)) shape.setAttribute('class', 'tile pop');
        shape.style.transformOrigin = `${x + CELL / 2}px ${y + CELL / 2}px`;
        cell.append(shape);
        if (court) {  // a joker in a court: the tile that fits its square pays to cover it
          cell.append(s('rect', {x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 4,
            fill: 'none', stroke: court.court === 'closed' ? '#2f64c3' : '#c99a0a',
            'stroke-width': 2.2, 'stroke-dasharray': '5 3', class: 'joker-court'}));
        }
      } else if (court) {
        const tone = court.court === 'closed' ? '#2f64c3' : '#c99a0a';
        cell.append(s('rect', {x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 4,
          fill: 'none', stroke: tone, 'stroke-width': 2.2, 'stroke-dasharray': '5 3'}));
        const needs = court.needs || '????';
        const mid = [x + CELL / 2, y + CELL / 2];
        const marks = [[mid[0], y + 9], [x + CELL - 9, mid[1]], [mid[0], y + CELL - 9],
          [x + 9, mid[1]]];
        needs.split('').forEach((c, i) => {
          if (COLOUR[c]) cell.append(s('circle', {cx: marks[i][0], cy: marks[i][1], r: 3.2,
            fill: COLOUR[c], opacity: 0.85}));
        });
      }
      if (laidBy.has(name)) {
        cell.append(s('rect', {x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 5,
          fill: 'none', stroke: '#fff', 'stroke-width': 2.5, 'stroke-dasharray': '6 4',
          class: 'last-placed'}));
      }
      const suggestedHere = hinted && hinted.square === name;
      if (suggestedHere) {
        const ghost = tileShape(hinted.edges, x + 6, y + 6, CELL - 12);
        ghost.setAttribute('class', 'suggested-tile');
        ghost.setAttribute('opacity', '0.7');
        cell.append(ghost, s('rect', {x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4,
          rx: 5, fill: 'none', stroke: '#1f7a4d', 'stroke-width': 3, class: 'suggested'}));
        cell.dataset.suggested = String(hinted.action);
      }
      const suggestion = suggestedHere
        ? `, ${t('colomino.suggested', {tile: spokenTile(hinted.edges, t)})}` : '';
      cell.append(s('rect', {x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 5,
        class: 'hl'}));
      if (targets) {
        const best = targets.reduce((a, b) => (points(b) > points(a) ? b : a));
        const worth = points(best);
        if (worth > 0) {
          const closed = best.court === 'closed';
          cell.append(s('circle', {cx: x + CELL - 11, cy: y + 11, r: 9,
            fill: closed ? '#e3ecfb' : '#fff8dc', stroke: closed ? '#2f64c3' : '#c99a0a'}),
          s('text', {x: x + CELL - 11, y: y + 15, 'text-anchor': 'middle',
            class: `pays${closed ? ' closed' : ''}`}, `+${worth}`));
        }
        const spoken = spokenTile(ui.tile, t);
        // A tile laid on a joker or a printed square covers it: said with the square.
        const square = tile
          ? t(tile.joker ? 'colomino.overJoker' : 'colomino.overCentre', {square: name}) : name;
        const label = worth > 0 ? t('colomino.placeCourt', {tile: spoken, square, n: worth,
          court: t(best.court === 'closed' ? 'colomino.closedCourt' : 'colomino.openCourt')})
          : t('colomino.place', {tile: spoken, square});
        clickable(cell, label + suggestion, () => chooseSquare(ctx, root, targets),
          `sq-${name}`);
        if (targets.length === 1) cell.dataset.action = String(targets[0].action);
      } else {
        // Row 0 is drawn at the bottom, by the base line.
        const rim = [row === n - 1 ? board.rim.north[col] : '?',
          col === n - 1 ? board.rim.east[row] : '?', row === 0 ? board.rim.south[col] : '?',
          col === 0 ? board.rim.west[row] : '?'];
        const what = spokenContent(tile, court, rim, t)
          + (laidBy.has(name)
            ? `, ${t('colomino.laidRecently', {name: ctx.names[laidBy.get(name)]})}` : '');
        cell.setAttribute('aria-label', `${t('colomino.square', {name})}: ${what}${suggestion}`);
      }
      svg.append(cell);
    }
  }
  const parts = [svg];
  if (ui.square && bySquare.has(ui.square)) parts.push(rotationChooser(ctx, bySquare.get(ui.square)));
  if (view.rack) parts.push(rack(view, ctx, placements, hinted));
  for (const part of parts) {
    part.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && (ui.tile !== undefined || ui.square !== undefined)) {
        event.preventDefault();
        cancel(ctx);
      }
    });
  }
  root.append(...parts);
}

/** Drop the half-made move: focus goes back to the square, else the rack tile, chosen. */
function cancel(ctx) {
  const {square, rackIndex} = ctx.ui;
  const back = square !== undefined ? `sq-${square}` : `rack-${rackIndex}`;
  if (square !== undefined) ctx.ui.square = undefined;
  else ctx.ui.tile = undefined;
  ctx.redraw();
  document.querySelector(`[data-focus-key="${back}"]`)?.focus();
}

function chooseSquare(ctx, root, targets) {
  if (targets.length === 1) {
    ctx.play(targets[0].action);
    return;
  }
  ctx.ui.square = targets[0].square;
  ctx.redraw();
  const chooser = document.querySelector('.rotation-chooser');
  const first = chooser?.querySelector('button');
  if (!first) return;
  // The page scrolls only as far as needed to show the whole choice, Cancel included, so
  // the square chosen, just above it, stays in sight.
  first.focus({preventScroll: true});
  const box = chooser.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) chooser.scrollIntoView({block: 'nearest'});
}

function rotationChooser(ctx, targets) {
  const t = ctx.t;
  return h('div', {class: 'rotation-chooser', role: 'group',
    'aria-label': t('colomino.chooseRotation')},
  h('span', {}, t('colomino.chooseRotation')),
  targets.map((m) => h('button', {type: 'button', class: 'rotation', dataset: {action: m.action},
    'aria-label': spokenTile(m.edges, t), onclick: () => ctx.play(m.action)},
  tileSvg(m.edges, 40), m.pays ? h('span', {class: `pays-chip${m.court === 'closed' ? ' closed' : ''}`},
    `+${points(m)}`) : null)),
  h('button', {type: 'button', class: 'rotation-cancel', onclick: () => cancel(ctx)},
    t('colomino.cancel')));
}

function rack(view, ctx, placements, hinted) {
  const t = ctx.t;
  const playable = new Set(placements.map((m) => m.tile));
  const row = h('div', {class: 'rack', role: 'group', 'aria-label': t('colomino.rack')});
  // The first copy of the suggested tile on the rack is marked as the one to lay.
  const hintedAt = hinted ? view.rack.indexOf(hinted.tile) : -1;
  view.rack.forEach((name, i) => {
    const can = ctx.interactive && playable.has(name);
    const chosen = ctx.ui.tile === name && ctx.ui.rackIndex === i;
    const marked = i === hintedAt;
    const button = h('div', {class: `rack-tile${can ? ' playable' : ''}${chosen ? ' chosen' : ''}`
      + `${marked ? ' suggested' : ''}`, dataset: {tile: name}},
    tileSvg(name, 54));
    // On your turn a dimmed tile is one that fits nowhere now, as the terminal says too.
    const nowhere = ctx.interactive && !can;
    const label = t('colomino.tile', {name: spokenTile(name, t)})
      + (marked ? `, ${t('colomino.suggestedTile')}` : '')
      + (nowhere ? `, ${t('colomino.fitsNowhereNow')}` : '');
    if (can) {
      const select = () => {
        const same = ctx.ui.tile === name && ctx.ui.rackIndex === i;
        ctx.ui.tile = same ? undefined : name;
        ctx.ui.rackIndex = same ? undefined : i;
        ctx.ui.square = undefined;
        ctx.redraw();
        const target = document.querySelector('.colomino-board .square.legal');
        if (!same && target && document.activeElement?.dataset.focusKey === `rack-${i}`) {
          target.focus();
        }
      };
      clickable(button, label, select, `rack-${i}`);
      dragOntoBoard(button, ctx, name, i);
    } else {
      // An image, so that its name is read: a plain div's label is not.
      button.setAttribute('role', 'img');
      button.setAttribute('aria-label', label);
      if (nowhere) button.setAttribute('title', t('colomino.fitsNowhereNow'));
      // A tile that fits nowhere says so when clicked on one's turn.
      if (ctx.interactive) {
        button.addEventListener('click', () => toast(() => t('colomino.fitsNowhere'), 'error'));
      }
    }
    row.append(button);
  });
  return row;
}

// Dragging a rack tile onto the board picks it and plays it on the legal square it is let
// go over.
function dragOntoBoard(el, ctx, name, index) {
  draggable(el, {
    half: [28, 28],
    start: () => {
      if (ctx.ui.tile === name) return;
      ctx.ui.tile = name;
      ctx.ui.rackIndex = index;
      ctx.ui.square = undefined;
      ctx.redraw();
    },
    drop: (under) => under?.closest('.square.legal')
      ?.dispatchEvent(new MouseEvent('click', {bubbles: true})),
  });
}

/** What to do next: pick a tile, then a square for it, then (if it fits several ways) how it
 * lies; a touch screen without a keyboard is not told about the Escape key. */
export function hint(view, ctx) {
  const {tile, square} = ctx.ui;
  const key = tile === undefined ? 'hint' : square !== undefined ? 'hintRotation'
    : touchOnly() ? 'hintSquareTouch' : 'hintSquare';
  return ctx.t(`colomino.${key}`, {n: (view.placed_this_turn || 0) + 1, of: turnTiles(view),
    square});
}

/** The most tiles the turn in play can lay (records made before it was kept: per_turn). */
function turnTiles(view) {
  return view.turn_tiles ?? view.per_turn;
}

export function stake(view, ctx) {
  const t = ctx.t;
  const turns = recentTurns(view, ctx);
  const ended = endWords(view, ctx, false);
  const rows = ctx.names.map((name, i) => h('tr', {},
    h('td', {}, h('span', {class: `seat-dot seat${i}`}), ' ', name),
    h('td', {class: 'num'}, h('span', {class: 'token yellow'}), ` ${view.tokens[i].yellow}`),
    h('td', {class: 'num'}, h('span', {class: 'token blue'}), ` ${view.tokens[i].blue}`),
    h('td', {class: 'num'}, String(view.rack_sizes[i]))));
  return h('div', {},
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {class: 'num'}, t('colomino.yellow')),
        h('th', {class: 'num'}, t('colomino.blue')), h('th', {class: 'num'}, t('colomino.onRack')))),
      h('tbody', {}, rows)),
    view.phase === 'over' ? null : h('p', {class: 'hint'}, t('colomino.turnInfo', {
      tile: Math.min(turnTiles(view), (view.placed_this_turn || 0) + 1), of: turnTiles(view),
      n: view.next_court_pays, closed: 2 * view.next_court_pays})),
    h('p', {class: 'hint'}, t('colomino.bag', {n: view.bag})),
    view.end && view.end.triggered && view.phase !== 'over' ? h('p', {class: 'last-move'},
      // turns_left counts the turn in play: said as "this turn and n more".
      view.end.turns_left > 1 ? t('colomino.endTriggered', {n: view.end.turns_left - 1})
        : t('colomino.endLastTurn')) : null,
    ended ? h('p', {class: 'last-move'}, ended) : null,
    ownLine(view, ctx),
    ...turns.map((turn, i) => (turn.arrival
      ? passedOver(`; ${turn.arrival}`, ctx, 'colomino.skipped', 'colomino.stuck')
        .map((line) => h('p', {class: 'hint skipped'}, line))
      : withEarned(turnLine(turn.seat,
        laid(turn.moves).map((move) => logEntry(ownPart(move), ctx)), ctx), view, turn.seat, ctx,
      endedEarly(view, turn, i === turns.length - 1)))),
    ...(ctx.turns ? [] : skippedLines(view, ctx).map((line) => h('p', {class: 'hint skipped'},
      line))));
}

/** The side panel's line of the viewer's own last turn before the turns since, with the
 * tokens it earned while the turn in play has earned none over them; null where it laid
 * no tile or no turn since has (the side panel then names the latest that did). */
function ownLine(view, ctx) {
  const own = ctx.ownTurn;
  const since = (ctx.turns || []).filter((turn) => !turn.arrival && laid(turn.moves).length);
  if (!own || !laid(own.moves).length || !since.length) return null;
  const line = turnLine(own.seat, laid(own.moves).map((move) => logEntry(move, ctx)), ctx);
  if (view.to_move === own.seat && (view.placed_this_turn || 0) > 0) {
    if (endedEarly(view, own, false)) line.append(` — ${ctx.t('colomino.endedEarly')}`);
    return line;
  }
  return withEarned(line, view, own.seat, ctx, endedEarly(view, own, false));
}

/** Whether `turn` (the `last` of the side panel's or not) is over with fewer tiles than a
 * turn lays, as no further tile fitted; never said for records that keep no turns. */
function endedEarly(view, turn, last) {
  const inPlay = last && view.phase === 'place' && turn.seat === view.to_move
    && (view.placed_this_turn || 0) > 0;
  return view.last_turn !== undefined && !inPlay && laid(turn.moves).length < view.per_turn;
}

/** A side panel line of a seat's turn, with that no further tile fitted if it ended
 * `early`, and the tokens the seat earned in it (each line is the seat's latest turn). */
function withEarned(line, view, seat, ctx, early = false) {
  if (early) line.append(` — ${ctx.t('colomino.endedEarly')}`);
  const got = (view.earned || [])[seat];
  if (!got || (!got.yellow && !got.blue)) return line;
  const tokens = [['earnedYellow', got.yellow], ['earnedBlue', got.blue]]
    .filter(([, n]) => n).map(([key, n]) => ctx.t(`colomino.${key}`, {n}));
  line.append(` — ${ctx.t('colomino.earned', {tokens: tokens.join(ctx.t('colomino.earnedAnd'))})}`);
  return line;
}

/** Why a game that is over ended: the target line reached, or (unless `stuck` is false,
 * where the skips say it) nobody could lay a tile. */
function endWords(view, ctx, stuck = true) {
  if (view.phase !== 'over') return null;
  if (nobodyCouldLay(view)) return stuck ? ctx.t('colomino.stuck') : null;
  return view.end && view.end.triggered ? ctx.t('colomino.endReached') : null;
}

/** Who could lay no tile and was skipped before the turn in play, or that nobody could
 * lay one any more, which ended the game. */
export function skippedLines(view, ctx) {
  if (nobodyCouldLay(view)) return [ctx.t('colomino.stuck')];
  return (view.skipped || []).map((seat) => (seat === ctx.seat ? ctx.t('colomino.skippedYou')
    : ctx.t('colomino.skipped', {name: ctx.names[seat] ?? `#${seat + 1}`})));
}

/** Whether the game ended as every seat was passed over, none able to lay a tile. */
function nobodyCouldLay(view) {
  const skipped = view.skipped || [];
  return view.phase === 'over' && skipped.length > 0 && skipped.length === view.rack_sizes.length;
}

/** A log line without what it ends with about seats passed over ("; player 2 is skipped"). */
function ownPart(line) {
  return line.split('; ')[0];
}

/** The words of what a log line ends with about seats passed over, one for each part
 * after "; ", in the log's words (or, given `skipped` and `stuck`, in other keys). */
function passedOver(line, ctx, skipped = 'colomino.logSkipped', stuck = 'colomino.logStuck') {
  return line.split('; ').slice(1).map((part) => {
    const of = /^player (\d) is skipped$/.exec(part);
    if (of) {
      const seat = Number(of[1]) - 1;
      // Beside the board the player skipped is spoken to; the log names everybody.
      if (seat === ctx.seat && skipped === 'colomino.skipped') return ctx.t('colomino.skippedYou');
      return ctx.t(skipped, {name: ctx.names[seat] ?? of[1]});
    }
    return part === 'no player can lay a tile' ? ctx.t(stuck) : part;
  });
}

/** What a log line ends with about seats passed over, in the log's words, each after "; ". */
function passedOverInLog(line, ctx) {
  return passedOver(line, ctx).map((part) => `; ${part}`).join('');
}

/** The turns that laid tiles since the seat's own last one (its turn in progress too),
 * with who was skipped among them, or else the latest turn that did (records of views saved before turns were kept give
 * their last move). */
function recentTurns(view, ctx) {
  const laying = (turns) => turns.filter((turn) => turn.arrival || laid(turn.moves).length);
  const turns = laying(ctx.turns || []);
  if (turns.some((turn) => !turn.arrival)) return turns;
  // Only skips since: the latest turn that laid tiles, then them.
  if (view.last_turn !== undefined) {
    return [...(view.last_turn ? laying([view.last_turn]) : []), ...turns];
  }
  return [...(view.last_move
    ? laying([{seat: view.last_move.seat, moves: [view.last_move.move]}]) : []), ...turns];
}

/** The moves among `moves` that lay a tile ("C1 RBBG r3", "G3 J"). */
function laid(moves) {
  return moves.filter((move) => squareOf(move));
}

function squareOf(move) {
  return (/^([A-Z]\d+) /.exec(move) || [])[1];
}

const ownEntry = translatedLog('colomino', [
  [/^player (\d) draws a tile$/, 'logDrawsOf', ['name']],
  [/^draws a tile$/, 'logDraws', []],
  [/^draw (\S+)$/, 'logDraw', ['tile']],
  [/^player (\d) starts$/, 'logStarts', ['name']],
]);

/** A move of the log in the page's language, with the seats named by their players, and
 * who was skipped after it as they could lay no tile. */
export function logEntry(move, ctx) {
  return ownEntry(ownPart(move), ctx) + passedOverInLog(move, ctx);
}

/** A turn's draws as one entry of the log ("Bea draws 3 tiles"): the drawer's own lines
 * give the tiles (opened from the entry), the others' only that a tile was drawn. */
export function drawRun(allLines, ctx) {
  const last = allLines[allLines.length - 1];
  const lines = [...allLines.slice(0, -1), ownPart(last)];
  const seats = lines.map((line) => {
    const of = /^player (\d) draws a tile$/.exec(line);
    if (of) return Number(of[1]) - 1;
    return /^draw \S+$/.test(line) && ctx.seat !== null && ctx.seat !== undefined
      ? ctx.seat : null;
  });
  const seat = seats[0];
  if (seat === null || seats.some((s) => s !== seat) || !ctx.names[seat]) return null;
  return ctx.t('colomino.logDrawsRun', {name: ctx.names[seat], n: lines.length})
    + passedOverInLog(last, ctx);
}

export function breakdown(view, ctx) {
  const t = ctx.t;
  const best = Math.max(...view.scores);
  const level = view.scores.filter((score) => score === best).length;
  const winners = (view.winners || []).length;
  const tie = level < 2 ? null : t(winners < level ? 'colomino.tieBlue' : 'colomino.tieShared');
  const table = h('table', {class: 'result-table colomino-tokens'},
    h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {class: 'num'}, t('colomino.yellow')),
      h('th', {class: 'num'}, t('colomino.blue')), h('th', {class: 'num'}, t('colomino.points')))),
    h('tbody', {}, ctx.names.map((name, i) => h('tr', {},
      h('td', {}, name),
      h('td', {class: 'num'}, `${view.tokens[i].yellow} × 1`),
      h('td', {class: 'num'}, `${view.tokens[i].blue} × 2`),
      h('td', {class: 'num'}, String(view.scores[i]))))));
  const ended = endWords(view, ctx);
  return h('div', {}, ended ? h('p', {class: 'hint ended'}, ended) : null, table,
    tie ? h('p', {class: 'hint tie-break'}, tie) : null);
}

export function icon() {
  const svg = svgRoot(120, 60);
  const tiles = ['RYGB', 'GBRY', 'YGBR', 'BRYG', 'J', 'RRYY'];
  tiles.forEach((edges, i) => {
    svg.append(tileShape(edges, 8 + (i % 3) * 36, 2 + Math.floor(i / 3) * 29, 27));
  });
  return svg;
}
