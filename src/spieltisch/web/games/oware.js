// Oh-Wah-Ree: a wooden board with pits and stones. Two players get the classic two rows,
// three or four a ring of twelve pits. The viewer's own pits are always at the bottom.
import {clickable, h, s, svgRoot, toast} from '../dom.js';
import {lang, listed} from '../i18n.js';
import {SEAT_COLORS, startChoices, startStrings, touchOnly} from './index.js';

export const strings = {
  en: {
    title: 'Oh-Wah-Ree',
    summary: 'Sow stones around the board and capture ripe pits of two or three.',
    'preset.oh-wah-ree': 'Oh-Wah-Ree (rulebook)',
    'preset.grand': 'Grand-Oh-Wah-Ree',
    'preset.abapa': 'Oware Abapa (tournament)',
    'presetInfo.oh-wah-ree': 'The rules of the box: capture stones; the most stones wins.',
    'presetInfo.grand': 'A capture also takes the pit itself; the most pits wins.',
    'presetInfo.abapa': 'Standard tournament rules: feed an empty opponent, no grand slam, more than 24 wins.',
    hint: 'Choose one of your glowing pits to sow from.',
    hintDirection: 'Choose a pit, then the direction to sow.',
    hintArrow: 'Now choose the direction to sow {pit}: one of the two arrows beside it (pick it again, or press Escape, to cancel).',
    hintArrowTouch: 'Now choose the direction to sow {pit}: one of the two arrows beside it (pick it again to cancel).',
    hintFeed: '{name} has no stones: you must give them some. Your glowing pits do.',
    ccw: 'counter-clockwise',
    cw: 'clockwise',
    pit: {one: 'Pit {name}: {n} stone', other: 'Pit {name}: {n} stones'},
    store: '{name}: {n} captured',
    captured: 'Captured',
    inPits: 'In own pits',
    pits: 'Pits',
    stones: 'Stones',
    stakeOh: 'At the end each stone left in a pit goes to that pit\'s owner.',
    stakeGrand: 'The most pits wins; stones break a tie.',
    stakeAbapa: 'More than 24 stones wins; 24 each is a draw.',
    lastMove: '{name} sowed {move}',
    lastCapture: '{name} sowed {move} and captured {pits}',
    capturedBy: 'captured by {name}',
    ownedBy: 'owned by {name}',
    skipped: '{name} cannot sow and is skipped.',
    grandSlam: 'That sowing would have captured all the stones of {name}, so it captured nothing (grand slam).',
    grandSlamYou: 'That sowing would have captured all your stones, so it captured nothing (grand slam).',
    out: '{name} owns no pit and is out.',
    outYou: 'You own no pit and are out.',
    skippedYou: 'You cannot sow and are skipped.',
    notYours: '{pit} is not your pit.',
    empty: '{pit} is empty: there is nothing to sow.',
    mustFeed: '{pit} gives {name} no stones, and they have none: sow a pit that does.',
    cannotSow: 'You cannot sow from {pit} now.',
    'end.no_stones': 'The game is over: {name} has no stone left to sow.',
    'end.stuck': 'The game is over: {name} and {other} cannot sow, one after the other.',
    'end.no_pits': 'The game is over: only {name} still owns pits.',
    'end.repetition': 'The game is over: a position came back since the last capture.',
    'end.move_limit': 'The game is over: 1,000 moves have been played.',
    'end.majority': 'The game is over: {name} has more than half the stones.',
    'end.split': 'The game is over: each has half the stones.',
    'end.no_move': 'The game is over: {name} cannot move; each takes the stones on their side.',
    'end.no_stonesYou': 'The game is over: you have no stone left to sow.',
    'end.stuckYou': 'The game is over: you and {other} cannot sow, one after the other.',
    'end.stuckYouLast': 'The game is over: {name} and you cannot sow, one after the other.',
    'end.no_pitsYou': 'The game is over: only you still own pits.',
    'end.majorityYou': 'The game is over: you have more than half the stones.',
    'end.no_moveYou': 'The game is over: you cannot move; each takes the stones on their side.',
    ...startStrings.en,
    starts: '{name} begins (drawn by lot)',
  },
  de: {
    title: 'Oh-Wah-Ree',
    summary: 'Steine reihum verteilen und reife Mulden mit zwei oder drei Steinen fangen.',
    'preset.oh-wah-ree': 'Oh-Wah-Ree (Spielregel)',
    'preset.grand': 'Grand-Oh-Wah-Ree',
    'preset.abapa': 'Oware Abapa (Turnier)',
    'presetInfo.oh-wah-ree': 'Die Regeln aus der Schachtel: Steine fangen; wer die meisten hat, gewinnt.',
    'presetInfo.grand': 'Wer fängt, erbeutet auch die Mulde; wer die meisten Mulden hat, gewinnt.',
    'presetInfo.abapa': 'Turnierregeln: leeren Gegner füttern, kein Grand Slam, mehr als 24 gewinnt.',
    hint: 'Wähle eine deiner leuchtenden Mulden zum Verteilen.',
    hintDirection: 'Wähle eine Mulde, dann die Richtung.',
    hintArrow: 'Wähle jetzt die Richtung, in die du {pit} verteilst: einen der beiden Pfeile daneben (dieselbe Mulde noch einmal oder Escape bricht ab).',
    hintArrowTouch: 'Wähle die Richtung für {pit}: einen der beiden Pfeile daneben (dieselbe Mulde bricht ab).',
    hintFeed: '{name} hat keine Steine: Du musst welche abgeben. Deine leuchtenden Mulden tun das.',
    ccw: 'gegen den Uhrzeigersinn',
    cw: 'im Uhrzeigersinn',
    pit: {one: 'Mulde {name}: {n} Stein', other: 'Mulde {name}: {n} Steine'},
    store: '{name}: {n} gefangen',
    captured: 'Gefangen',
    inPits: 'In eigenen Mulden',
    pits: 'Mulden',
    stones: 'Steine',
    stakeOh: 'Am Ende gehört jeder Stein in einer Mulde deren Besitzer.',
    stakeGrand: 'Die meisten Mulden gewinnen; bei Gleichstand zählen die Steine.',
    stakeAbapa: 'Mehr als 24 Steine gewinnen; 24 zu 24 ist unentschieden.',
    lastMove: '{name} verteilt {move}',
    lastCapture: '{name} verteilt {move} und fängt {pits}',
    capturedBy: 'gefangen von {name}',
    ownedBy: 'gehört {name}',
    skipped: '{name} kann nicht verteilen und wird übersprungen.',
    grandSlam: 'Der Zug hätte alle Steine von {name} gefangen und fängt darum nichts (Grand Slam).',
    grandSlamYou: 'Der Zug hätte alle deine Steine gefangen und fängt darum nichts (Grand Slam).',
    out: '{name} besitzt keine Mulde mehr und ist ausgeschieden.',
    outYou: 'Du besitzt keine Mulde mehr und bist ausgeschieden.',
    skippedYou: 'Du kannst nicht verteilen und wirst übersprungen.',
    notYours: '{pit} ist nicht deine Mulde.',
    empty: '{pit} ist leer: Da gibt es nichts zu verteilen.',
    mustFeed: '{pit} gibt {name} keine Steine, und {name} hat keine: Verteile aus einer Mulde, die welche gibt.',
    cannotSow: 'Aus {pit} kannst du jetzt nicht verteilen.',
    'end.no_stones': 'Das Spiel ist aus: {name} hat keinen Stein mehr zum Verteilen.',
    'end.stuck': 'Das Spiel ist aus: {name} und {other} können nacheinander nicht verteilen.',
    'end.no_pits': 'Das Spiel ist aus: Nur {name} besitzt noch Mulden.',
    'end.repetition': 'Das Spiel ist aus: Eine Stellung hat sich seit dem letzten Fang wiederholt.',
    'end.move_limit': 'Das Spiel ist aus: 1.000 Züge sind gespielt.',
    'end.majority': 'Das Spiel ist aus: {name} hat mehr als die Hälfte der Steine.',
    'end.split': 'Das Spiel ist aus: Jeder hat die Hälfte der Steine.',
    'end.no_move': 'Das Spiel ist aus: {name} kann nicht ziehen; jeder nimmt die Steine seiner Seite.',
    'end.no_stonesYou': 'Das Spiel ist aus: Du hast keinen Stein mehr zum Verteilen.',
    'end.stuckYou': 'Das Spiel ist aus: Du und {other} könnt nacheinander nicht verteilen.',
    'end.stuckYouLast': 'Das Spiel ist aus: {name} und du könnt nacheinander nicht verteilen.',
    'end.no_pitsYou': 'Das Spiel ist aus: Nur du besitzt noch Mulden.',
    'end.majorityYou': 'Das Spiel ist aus: Du hast mehr als die Hälfte der Steine.',
    'end.no_moveYou': 'Das Spiel ist aus: Du kannst nicht ziehen; jeder nimmt die Steine seiner Seite.',
    ...startStrings.de,
    starts: '{name} beginnt (ausgelost)',
  },
};

/** Who begins: by lot or one of the seats at the table. */
export const optionChoices = {start: startChoices};

/** The move log: the draw of the first player names the player (the notation says A..D). */
export function logEntry(move, ctx) {
  const start = /^([A-D]) starts$/.exec(move);
  return start ? ctx.t('oware.starts', {name: ctx.names['ABCD'.indexOf(start[1])]})
    : moveLabel(move, ctx);
}

/** A move of the log as screen readers hear it: the direction of a sowing in words. */
export function spoken(move, ctx) {
  return wayInWords(logEntry(move, ctx), ctx);
}

/** A sowing as the page shows it: the German page names its direction in words, the
 * English one keeps the notation's ccw and cw. */
export function moveLabel(move, ctx) {
  return lang() === 'de' ? wayInWords(move, ctx) : move;
}

function wayInWords(move, ctx) {
  return move.replace(/\b(ccw|cw)$/, (way) => ctx.t(`oware.${way}`));
}

export const help = {
  en: `
<p>Oh-Wah-Ree is the old African sowing game (Oware) for 2 to 4 players. The board is a ring of
twelve pits; every player owns the pits in front of them, marked with their colour.</p>
<table><tr><th>Players</th><td>2</td><td>3</td><td>4</td></tr>
<tr><th>Pits each</th><td>6</td><td>4</td><td>3</td></tr>
<tr><th>Stones per pit</th><td>4</td><td>5</td><td>6</td></tr></table>
<h3>Your turn</h3>
<ul>
<li>Who begins is drawn by lot, unless the table was set up with a seat to begin.</li>
<li>Take all stones out of one of your own pits that is not empty and drop them one by one
into the following pits. With two players you always sow counter-clockwise; with three or
four you choose the direction on every move.</li>
<li>If you sow 12 stones or more, the pit you emptied is skipped on every lap.</li>
</ul>
<h3>Capturing</h3>
<ul>
<li>If your last stone lands in an opponent's pit that now holds 2 or 3 stones, the pit is
“ripe”: you capture its stones (including your own last stone).</li>
<li>Then look at the pit before it (against the direction you sowed): if it is an opponent's
pit with 2 or 3 stones, capture it too, and so on. The chain stops at the first pit that does
not hold 2 or 3 or that is one of your own. With three or four players it may run through
several opponents' pits.</li>
<li>There is no “grand slam” rule and no duty to feed an opponent who has run out.</li>
</ul>
<h3>End and score</h3>
<ul>
<li>Two players: the game ends when the player to move has no stone left to sow.
Three or four players: a player who cannot sow is skipped; the game ends when two players in a
row cannot sow.</li>
<li>It also ends when a position (stones and player to move) comes back since the last
capture, and after 1,000 moves.</li>
<li>Every stone still in a pit then belongs to that pit's owner. Your score is the stones you
captured plus those; the most stones wins, equal is a draw.</li>
</ul>
<h3>Grand-Oh-Wah-Ree</h3>
<p>A capture also takes the pit itself: it changes colour and belongs to you from then on
(ownership during the capture chain is as it was before the move). You sow only from pits you
own; a player without pits is out. The game also ends when no stone is left on the board. In
Grand a position also includes who owns each pit: it comes back only with the same stones,
owners and player to move. The most pits wins; stones decide a tie.</p>
<h3>Oware Abapa</h3>
<p>The usual tournament rules for two: a move that would capture all the opponent's stones
captures nothing; if the opponent has no stones you must give them some if you can; whoever
has more than 24 wins at once, 24–24 is a draw; a player who cannot move ends the game and
each takes the stones on their side. A begins, unless the table was set up with another seat
to begin.</p>
<h3>On this page</h3>
<p>Pits are named in sowing order from each player's left: A1–A6 and B1–B6 with two players
(A1–A4 … C1–C4 with three, A1–A3 … D1–D3 with four). Click a glowing pit, or use Tab and
Enter; with three or four players then pick the arrow for the direction. You can also type a
move such as <code>A3</code> or <code>B2 cw</code>.</p>`,
  de: `
<p>Oh-Wah-Ree ist das alte afrikanische Verteilspiel (Oware) für 2 bis 4 Spieler. Das Brett ist
ein Ring aus zwölf Mulden; jedem Spieler gehören die Mulden vor ihm, markiert in seiner Farbe.</p>
<table><tr><th>Spieler</th><td>2</td><td>3</td><td>4</td></tr>
<tr><th>Mulden je Spieler</th><td>6</td><td>4</td><td>3</td></tr>
<tr><th>Steine je Mulde</th><td>4</td><td>5</td><td>6</td></tr></table>
<h3>Dein Zug</h3>
<ul>
<li>Wer beginnt, wird ausgelost, außer der Tisch wurde mit einem Platz angelegt, der beginnt.</li>
<li>Nimm alle Steine aus einer deiner nicht leeren Mulden und lege sie einzeln in die folgenden
Mulden. Zu zweit wird immer gegen den Uhrzeigersinn verteilt; zu dritt oder viert wählst du bei
jedem Zug die Richtung.</li>
<li>Verteilst du 12 oder mehr Steine, wird die geleerte Mulde bei jeder Runde übersprungen.</li>
</ul>
<h3>Fangen</h3>
<ul>
<li>Fällt dein letzter Stein in eine gegnerische Mulde, die danach 2 oder 3 Steine enthält, ist
sie „reif“: Du fängst ihre Steine (einschließlich deines letzten).</li>
<li>Dann die Mulde davor (gegen deine Verteilrichtung): Ist es eine gegnerische Mulde mit 2 oder
3 Steinen, fängst du auch sie, und so weiter. Die Kette endet an der ersten Mulde, die nicht 2
oder 3 Steine hat oder dir selbst gehört. Zu dritt oder viert darf sie durch Mulden
verschiedener Gegner laufen.</li>
<li>Es gibt keine „Grand-Slam“-Regel und keine Pflicht, einen leeren Gegner zu füttern.</li>
</ul>
<h3>Ende und Wertung</h3>
<ul>
<li>Zu zweit endet das Spiel, wenn der Spieler am Zug nichts mehr verteilen kann. Zu dritt oder
viert wird ein Spieler ohne Steine übersprungen; das Spiel endet, wenn zwei Spieler
nacheinander nicht verteilen können.</li>
<li>Es endet auch, wenn sich eine Stellung (Steine und Spieler am Zug) seit dem letzten Fang
wiederholt, und nach 1.000 Zügen.</li>
<li>Steine, die dann noch in einer Mulde liegen, gehören deren Besitzer. Gefangene plus diese
Steine ergeben die Punkte; die meisten Steine gewinnen, Gleichstand ist unentschieden.</li>
</ul>
<h3>Grand-Oh-Wah-Ree</h3>
<p>Wer fängt, erbeutet auch die Mulde selbst: Sie wechselt die Farbe und gehört fortan dir (für
die Fangkette gilt der Besitz vor dem Zug). Verteilt wird nur aus eigenen Mulden; wer keine
Mulde mehr hat, scheidet aus. Das Spiel endet auch, wenn kein Stein mehr auf dem Brett liegt.
Bei Grand gehört zur Stellung auch, wem jede Mulde gehört: Sie wiederholt sich nur mit denselben
Steinen, Besitzern und demselben Spieler am Zug. Die meisten Mulden gewinnen; bei Gleichstand
entscheiden die Steine.</p>
<h3>Oware Abapa</h3>
<p>Die übliche Turnierregel zu zweit: Ein Zug, der alle Steine des Gegners fangen würde, fängt
nichts; hat der Gegner keine Steine, musst du ihm welche geben, wenn es geht; wer mehr als 24
hat, gewinnt sofort, 24 zu 24 ist unentschieden; kann jemand nicht ziehen, endet das Spiel und
jeder nimmt die Steine seiner Seite. A beginnt, außer der Tisch wurde mit einem anderen Platz
angelegt, der beginnt.</p>
<h3>Auf dieser Seite</h3>
<p>Die Mulden heißen in Verteilrichtung von links aus der Sicht ihres Besitzers: A1–A6 und
B1–B6 zu zweit (A1–A4 … C1–C4 zu dritt, A1–A3 … D1–D3 zu viert). Klicke eine leuchtende
Mulde an oder nutze Tab und Enter; zu dritt oder viert danach den Pfeil für die Richtung. Du
kannst einen Zug auch eintippen, etwa <code>A3</code> oder <code>B2 cw</code> (<code>cw</code>
im Uhrzeigersinn, <code>ccw</code> gegen den Uhrzeigersinn; auch ausgeschrieben, wie auf den
Zug-Knöpfen).</p>`,
};

const PITS = 12;
const STONE_TONES = ['#efe3c6', '#d8c194', '#bfa274', '#e6d3ad', '#9c8062'];
const SOW_STEP_MS = 70;

// Where everything goes. Two players: two rows (or, on a narrow screen, two columns with the
// viewer's pits on the left); three or four: a ring. Each pit gets its centre, the badge with its
// count, the owner's marker ball and the name label.
function geometry(view, seat, narrow) {
  const n = view.players;
  const me = seat ?? 0;
  const perPlayer = PITS / n;
  if (n === 2) {
    const W = 780;
    const H = 324;
    // Landscape coordinates; the portrait board is the same board turned a quarter clockwise,
    // which keeps the sowing counter-clockwise on screen.
    const turn = narrow ? ([x, y]) => [H - y, x] : (pt) => pt;
    const pits = [];
    for (let p = 0; p < PITS; p++) {
      const rel = (p - me * perPlayer + PITS) % PITS;
      const bottom = rel < 6;
      const x = 150 + (bottom ? rel : 11 - rel) * 96;
      const y = bottom ? 224 : 100;
      const out = bottom ? 1 : -1;
      const [cx, cy] = turn([x, y]);
      const [bx, by] = turn([x + 30, y - 30 * out]);
      if (narrow) {
        const [lx, ly] = turn([x, y + 58 * out]);
        pits.push({x: cx, y: cy, r: 40, badge: [bx, by], ball: [lx, ly - 13],
          label: [lx, ly + 9, 'middle']});
      } else {
        const ly = y + (bottom ? 60 : -50);
        pits.push({x: cx, y: cy, r: 40, badge: [bx, by], ball: [x - 22, ly - 5],
          label: [x + 4, ly, 'start']});
      }
    }
    // Each store's count sits in a badge at one end, its stones towards the other.
    const stores = [0, 1].map((i) => {
      const [x, y] = turn([i === me ? 710 : 70, 162]);
      return narrow
        ? {x, y, rx: 104, ry: 40, badge: [x + 80, y], pile: [x - 16, y, 40]}
        : {x, y, rx: 40, ry: 104, badge: [x, y + 80], pile: [x, y - 16, 40]};
    });
    const frame = narrow ? {x: 26, y: 12, width: H - 52, height: W - 24}
      : {x: 12, y: 26, width: W - 24, height: H - 52};
    const [l1, l2] = [turn([120, 162]), turn([660, 162])];
    return {width: narrow ? H : W, height: narrow ? W : H, ring: false, pits, stores, frame,
      line: [...l1, ...l2]};
  }
  const c = 320;
  const R = 222;
  const pits = [];
  for (let p = 0; p < PITS; p++) {
    const rel = (p - me * perPlayer + PITS) % PITS;
    const phi = ((90 + ((perPlayer - 1) / 2 - rel) * 30) * Math.PI) / 180;
    const at = (radius) => [c + radius * Math.cos(phi), c + radius * Math.sin(phi)];
    const [x, y] = at(R);
    const [lx, ly] = at(R + 60);
    pits.push({x, y, r: 40, phi, badge: [x - 34 * Math.cos(phi), y - 34 * Math.sin(phi)],
      ball: [lx, ly - 17], label: [lx, ly + 10, 'middle']});
  }
  const stores = [];
  for (let j = 0; j < n; j++) {
    const phi = ((90 - ((j - me + n) % n) * perPlayer * 30) * Math.PI) / 180;
    const [x, y] = [c + 108 * Math.cos(phi), c + 108 * Math.sin(phi)];
    stores.push({x, y, rx: 48, ry: 48, badge: [x - 38 * Math.cos(phi), y - 38 * Math.sin(phi)],
      pile: [x + 12 * Math.cos(phi), y + 12 * Math.sin(phi), 36]});
  }
  return {width: 640, height: 640, ring: true, pits, stores, c, R};
}

function defs() {
  return s('defs', {},
    s('linearGradient', {id: 'ow-wood', x1: 0, y1: 0, x2: 0, y2: 1},
      s('stop', {offset: '0%', 'stop-color': '#cf9a62'}),
      s('stop', {offset: '55%', 'stop-color': '#b98250'}),
      s('stop', {offset: '100%', 'stop-color': '#9c6a3c'})),
    s('radialGradient', {id: 'ow-hole', cx: '50%', cy: '42%', r: '60%'},
      s('stop', {offset: '0%', 'stop-color': '#4a2f1a'}),
      s('stop', {offset: '75%', 'stop-color': '#6a4526'}),
      s('stop', {offset: '100%', 'stop-color': '#8b5e35'})),
    STONE_TONES.map((tone, i) => s('radialGradient', {id: `ow-stone${i}`, cx: '35%', cy: '30%',
      r: '75%'},
    s('stop', {offset: '0%', 'stop-color': '#fffaf0'}),
    s('stop', {offset: '45%', 'stop-color': tone}),
    s('stop', {offset: '100%', 'stop-color': '#5b4632'}))));
}

function stonesIn(cx, cy, radius, count, salt, newFrom, delay) {
  const group = s('g', {class: 'stones'});
  const shown = Math.min(count, 22);
  const spread = Math.max(shown, 5);
  for (let i = 0; i < shown; i++) {
    const d = (radius - 9) * Math.sqrt((i + 0.5) / spread);
    const a = i * 2.39996 + salt * 1.7;
    const stone = s('circle', {cx: cx + d * Math.cos(a), cy: cy + d * Math.sin(a), r: 6.4,
      fill: `url(#ow-stone${(salt * 7 + i * 3) % STONE_TONES.length})`,
      stroke: 'rgba(40,25,10,.35)', 'stroke-width': 0.8});
    if (newFrom !== null && i >= newFrom) {
      stone.setAttribute('class', 'pop');
      stone.style.animationDelay = `${delay}ms`;
      stone.style.transformOrigin = `${cx + d * Math.cos(a)}px ${cy + d * Math.sin(a)}px`;
    }
    group.append(stone);
  }
  return group;
}

function sowOrder(last, p, n) {
  if (!last) return 0;
  const forward = last.direction === 'cw' ? (last.pit - p + PITS) % PITS : (p - last.pit + PITS) % PITS;
  return forward === 0 ? PITS : forward;
}

export function render(root, ctx) {
  const {view, t} = ctx;
  const g = geometry(view, ctx.seat, ctx.narrow);
  const svg = svgRoot(g.width, g.height, {class: `oware-board${g.ring ? ' ring' : ''}`,
    role: 'group'});
  svg.append(defs());
  if (g.ring) {
    svg.append(s('circle', {cx: g.c, cy: g.c, r: g.R + 92, fill: 'url(#ow-wood)',
      stroke: '#6e4a2b', 'stroke-width': 4}));
    svg.append(s('circle', {cx: g.c, cy: g.c, r: g.R - 56, fill: 'rgba(60,35,15,.18)'}));
  } else {
    svg.append(s('rect', {...g.frame, rx: 70, fill: 'url(#ow-wood)', stroke: '#6e4a2b',
      'stroke-width': 4}));
    const [x1, y1, x2, y2] = g.line;
    svg.append(s('line', {x1, y1, x2, y2, stroke: 'rgba(80,50,25,.35)', 'stroke-width': 2}));
  }
  const byAction = new Map(ctx.legal.map((m) => [m.action, m]));
  const last = view.last_move;
  const takenBy = capturers(view, ctx);
  const prev = ctx.animate && ctx.prev && ctx.prev.pits ? ctx.prev : null;
  const choosing = view.direction_choice && ctx.ui.selected !== undefined;

  // Stores: captured stones of each player, by the player's side.
  view.stores.forEach((count, i) => {
    const st = g.stores[i];
    const before = prev ? prev.stores[i] : count;
    const group = s('g', {class: 'store', 'aria-label': t('oware.store',
      {name: ctx.names[i] || `#${i + 1}`, n: count})});
    group.append(s('ellipse', {cx: st.x, cy: st.y, rx: st.rx, ry: st.ry, fill: 'url(#ow-hole)',
      stroke: SEAT_COLORS[i], 'stroke-width': 4}));
    const [px, py, radius] = st.pile;
    group.append(stonesIn(px, py, radius, count, 40 + i,
      prev && count > before ? before : null, PITS * SOW_STEP_MS));
    const [bx, by] = st.badge;
    group.append(s('circle', {cx: bx, cy: by, r: 17, fill: '#f6ecd6', stroke: SEAT_COLORS[i],
      'stroke-width': 2.5}));
    group.append(s('text', {x: bx, y: by + 6.5, 'text-anchor': 'middle', class: 'store-count'},
      String(count)));
    svg.append(group);
  });

  view.pits.forEach((pit, p) => {
    const geo = g.pits[p];
    const ccw = byAction.get(p);
    const cw = byAction.get(p + PITS);
    const legal = Boolean(ccw || cw);
    const before = prev ? prev.pits[p].stones : pit.stones;
    const order = sowOrder(last, p, view.players);
    const group = s('g', {class: `pit${legal ? ' legal' : ''}${ctx.ui.selected === p ? ' selected' : ''}`,
      dataset: {pit: pit.name}});
    group.append(s('circle', {cx: geo.x, cy: geo.y, r: geo.r + 6, class: 'hl'}));
    group.append(s('circle', {cx: geo.x, cy: geo.y, r: geo.r, fill: 'url(#ow-hole)',
      stroke: SEAT_COLORS[pit.owner], 'stroke-width': 3.5}));
    if (last && last.pit === p) {
      group.append(s('circle', {cx: geo.x, cy: geo.y, r: geo.r - 3, fill: 'none',
        stroke: '#fff8e0', 'stroke-width': 2, 'stroke-dasharray': '5 5', opacity: 0.8}));
    }
    if (last && last.captured.includes(p)) {
      group.append(s('circle', {cx: geo.x, cy: geo.y, r: geo.r - 3, fill: 'rgba(255,230,150,.18)',
        stroke: SEAT_COLORS[last.seat], 'stroke-width': 3, class: prev ? 'fade-in' : ''}));
      if (prev) {
        const ghost = stonesIn(geo.x, geo.y, geo.r, prev.pits[p].stones + 1, p, null, 0);
        ghost.setAttribute('class', 'flash');
        ghost.style.animationDelay = `${order * SOW_STEP_MS}ms`;
        group.append(ghost);
      }
    } else if (takenBy.has(p)) {
      group.append(s('circle', {cx: geo.x, cy: geo.y, r: geo.r - 3, fill: 'none',
        stroke: SEAT_COLORS[takenBy.get(p)], 'stroke-width': 2.5, 'stroke-dasharray': '7 5',
        class: 'earlier-capture'}));
    }
    group.append(stonesIn(geo.x, geo.y, geo.r, pit.stones, p,
      prev && pit.stones > before ? Math.max(0, before) : null, order * SOW_STEP_MS));
    // The owner's marker ball, the pit's name and its number of stones.
    group.append(s('circle', {cx: geo.ball[0], cy: geo.ball[1], r: 7, fill: SEAT_COLORS[pit.owner],
      stroke: 'rgba(0,0,0,.35)'}));
    const [lx, ly, anchor] = geo.label;
    group.append(s('text', {x: lx, y: ly, class: 'label', 'text-anchor': anchor}, pit.name));
    const [bx, by] = geo.badge;
    group.append(s('circle', {cx: bx, cy: by, r: 13, fill: '#f6ecd6', stroke: '#6e4a2b'}));
    group.append(s('text', {x: bx, y: by + 5, class: 'count', 'text-anchor': 'middle'},
      String(pit.stones)));
    const capturer = takenBy.get(p);
    const who = (seat) => ctx.names[seat] || `#${seat + 1}`;
    // In Grand a pit won keeps its name: say whose it is now, unless its capture says so.
    const won = 'ABCD'.indexOf(pit.name[0]) !== pit.owner && capturer !== pit.owner;
    const label = t('oware.pit', {name: pit.name, n: pit.stones})
      + (capturer === undefined ? '' : `, ${t('oware.capturedBy', {name: who(capturer)})}`)
      + (won ? `, ${t('oware.ownedBy', {name: who(pit.owner)})}` : '');
    if (legal && ctx.interactive) {
      clickable(group, label, () => {
        if (!view.direction_choice) {
          ctx.play(p);
          return;
        }
        ctx.ui.selected = ctx.ui.selected === p ? undefined : p;
        ctx.redraw();
        const arrow = root.querySelector('[data-focus-key="dir-ccw"]')
          || root.querySelector('[data-focus-key="dir-cw"]');
        if (arrow) arrow.focus();
      }, `pit-${p}`);
      group.dataset.action = view.direction_choice ? '' : String(p);
    } else {
      group.setAttribute('aria-label', label);
      // A pit that cannot be sown now says why when clicked on one's turn.
      if (ctx.interactive) group.addEventListener('click', () => toast(() => refusal(view, p, ctx), 'error'));
    }
    svg.append(group);
  });

  if (choosing && ctx.interactive) {
    const p = ctx.ui.selected;
    const geo = g.pits[p];
    const name = view.pits[p].name;
    for (const [dir, action, glyph, offset] of [['ccw', p, '↺', -1], ['cw', p + PITS, '↻', 1]]) {
      if (!byAction.has(action)) continue;
      const angle = geo.phi + (offset * 13 * Math.PI) / 180;
      const x = g.c + (g.R - 78) * Math.cos(angle);
      const y = g.c + (g.R - 78) * Math.sin(angle);
      // An unseen ring around each arrow is a fingertip wide even on a phone's small board.
      const button = s('g', {class: 'direction legal', dataset: {action: String(action)}},
        s('circle', {cx: x, cy: y, r: 42, fill: 'transparent'}),
        s('circle', {cx: x, cy: y, r: 27, class: 'hl'}),
        s('circle', {cx: x, cy: y, r: 22, fill: '#fffaf0', stroke: '#6e4a2b', 'stroke-width': 2}),
        s('text', {x, y: y + 9, 'text-anchor': 'middle', 'font-size': 28, fill: '#2b2521'}, glyph));
      clickable(button, `${name} ${t(`oware.${dir}`)}`, () => ctx.play(action), `dir-${dir}`);
      svg.append(button);
    }
  }
  svg.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && ctx.ui.selected !== undefined) {
      const chosen = ctx.ui.selected;
      ctx.ui.selected = undefined;
      ctx.redraw();
      document.querySelector(`[data-focus-key="pit-${chosen}"]`)?.focus();
    }
  });
  root.append(svg);
}

/** Why the player to move cannot sow from pit `p`: not theirs, empty, or (Abapa) it would
 * leave an opponent without stones unfed. */
export function refusal(view, p, ctx) {
  const pit = view.pits[p];
  const other = 1 - view.to_move;
  if (pit.owner !== view.to_move) return ctx.t('oware.notYours', {pit: pit.name});
  if (!pit.stones) return ctx.t('oware.empty', {pit: pit.name});
  if (view.preset === 'abapa' && !view.pits.some((q) => q.owner === other && q.stones)) {
    return ctx.t('oware.mustFeed', {pit: pit.name, name: ctx.names[other] || `#${other + 1}`});
  }
  return ctx.t('oware.cannotSow', {pit: pit.name});
}

export function hint(view, ctx) {
  // Abapa: with an opponent out of stones only the pits that feed them glow; say why.
  const other = 1 - view.to_move;
  if (view.preset === 'abapa' && view.to_move !== null
      && !view.pits.some((pit) => pit.owner === other && pit.stones)) {
    return ctx.t('oware.hintFeed', {name: ctx.names[other] || `#${other + 1}`});
  }
  if (!view.direction_choice) return ctx.t('oware.hint');
  // A pit picked: what is left is its direction (a touch screen without a keyboard is not
  // told about the Escape key).
  const pit = view.pits[ctx.ui.selected]?.name;
  if (!pit) return ctx.t('oware.hintDirection');
  return ctx.t(touchOnly() ? 'oware.hintArrowTouch' : 'oware.hintArrow', {pit});
}

export function stake(view, ctx) {
  const t = ctx.t;
  const grand = view.preset === 'grand';
  // At the end the stones left in the pits are in their owners' stores: one column.
  const over = view.terminal;
  const rows = ctx.names.map((name, i) => {
    const inPits = view.pits.filter((p) => p.owner === i).reduce((a, p) => a + p.stones, 0);
    const owned = view.pits.filter((p) => p.owner === i).length;
    return h('tr', {},
      h('td', {}, h('span', {class: `seat-dot seat${i}`}), ' ', name),
      h('td', {class: 'num'}, String(view.stores[i])),
      over ? null : h('td', {class: 'num'}, String(inPits)),
      grand ? h('td', {class: 'num'}, String(owned)) : null);
  });
  const note = {grand: 'stakeGrand', abapa: 'stakeAbapa'}[view.preset] || 'stakeOh';
  const last = view.last_move;
  return h('div', {},
    ...earlierSowings(view, ctx).map((sowing) => h('p', {class: 'hint last-turn'},
      sowingText(sowing, view, ctx))),
    last ? h('p', {class: 'last-move'}, sowingText(last, view, ctx)) : null,
    view.grand_slam ? h('p', {class: 'hint grand-slam'}, slamText(view, ctx)) : null,
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, ''),
        h('th', {class: 'num'}, t(over ? 'oware.stones' : 'oware.captured')),
        over ? null : h('th', {class: 'num'}, t('oware.inPits')),
        grand ? h('th', {class: 'num'}, t('oware.pits')) : null)),
      h('tbody', {}, rows)),
    h('p', {class: 'hint'}, t(`oware.${note}`)),
    ...passedOver(view, ctx).map((line) => h('p', {class: 'passed-over'}, line)));
}

/** That `seat` owns no pit and is out (Grand), said to the player themselves as "you". */
function outText(seat, ctx) {
  return seat === ctx.seat ? ctx.t('oware.outYou')
    : ctx.t('oware.out', {name: ctx.names[seat] || `#${seat + 1}`});
}

/** That `seat` could not sow and was skipped, said to the player themselves as "you". */
function skippedText(seat, ctx) {
  return seat === ctx.seat ? ctx.t('oware.skippedYou')
    : ctx.t('oware.skipped', {name: ctx.names[seat] || `#${seat + 1}`});
}

/** Who was skipped after the last sowing, who is out (Grand) and why the game ended. */
function passedOver(view, ctx) {
  const lines = (view.out || []).map((seat) => outText(seat, ctx));
  for (const seat of view.skipped || []) lines.push(skippedText(seat, ctx));
  const end = endText(view, ctx);
  return end ? [...lines, end] : lines;
}

/** Why the game ended, for the replay's last position. */
export function endNote(view, ctx) {
  return endText(view, ctx);
}

/** Why the game ended, the player it names spoken to as "you". */
function endText(view, ctx) {
  const end = view.end;
  if (!end) return '';
  const [first, other] = end.seats.map((seat) => ctx.names[seat] || `#${seat + 1}`);
  const at = ctx.seat === null || ctx.seat === undefined ? -1 : end.seats.indexOf(ctx.seat);
  const key = at < 0 ? end.reason : at === 0 ? `${end.reason}You` : `${end.reason}YouLast`;
  return ctx.t(`oware.end.${key}`, {name: first, other});
}

/**
 * The viewer's own last sowing and the other seats' since, before the last move, oldest
 * first: the others' are the turns `ctx.turns` names, each with its captures from the view's
 * `earlier_moves` where they match (none where the view has not kept them).
 */
function earlierSowings(view, ctx) {
  const last = view.last_move;
  const earlier = (ctx.turns || []).filter((turn) => turn.seat !== ctx.seat);
  if (last && earlier.length && earlier[earlier.length - 1].seat === last.seat) earlier.pop();
  const kept = view.earlier_moves || [];
  const own = ownSowing(view, ctx);
  return [...(own ? [own] : []), ...earlier.map((turn, k) => {
    const sowing = kept[kept.length - earlier.length + k];
    const notation = turn.moves.join(', ');
    return sowing && sowing.seat === turn.seat && sowing.notation === notation ? sowing
      : {seat: turn.seat, notation, captured: []};
  })];
}

/** The viewer's own last sowing, with what it captured, once others have sown since: the
 * view's `own_move` (the table's server, or the replay, recalls it). */
function ownSowing(view, ctx) {
  const own = view.own_move;
  const last = view.last_move;
  if (!own || !last || ctx.seat === null || ctx.seat === undefined) return null;
  return own.seat === ctx.seat && last.seat !== ctx.seat ? own : null;
}

/**
 * The view with `own_move`: `seat`'s latest sowing since which others have sown, from
 * the `earlier` views (latest first), a round back at most, as the server recalls it.
 */
export function recall(view, earlier, seat) {
  const last = view.last_move;
  if (seat === null || seat === undefined || !last || last.seat === seat) return view;
  for (const before of earlier.slice(0, view.players)) {
    const move = before.last_move;
    if (!move) break;
    if (move.seat === seat) return {...view, own_move: move};
  }
  return view;
}

/** Who captured each pit since the viewer's own turn (the last move's captures last). */
function capturers(view, ctx) {
  const by = new Map();
  for (const sowing of [...earlierSowings(view, ctx), view.last_move].filter(Boolean)) {
    for (const pit of sowing.captured) by.set(pit, sowing.seat);
  }
  return by;
}

/** Why the last sowing captured nothing where its last stone made a pit ripe (Abapa). */
function slamText(view, ctx) {
  const other = 1 - view.last_move.seat;
  if (other === ctx.seat) return ctx.t('oware.grandSlamYou');
  return ctx.t('oware.grandSlam', {name: ctx.names[other] || `#${other + 1}`});
}

function sowingText(sowing, view, ctx) {
  return ctx.t(sowing.captured.length ? 'oware.lastCapture' : 'oware.lastMove',
    {name: ctx.names[sowing.seat],
      move: sowing.notation.split(', ').map((move) => moveLabel(move, ctx)).join(', '),
      pits: listed(sowing.captured.map((p) => view.pits[p].name))});
}

/** For screen readers, after each move: what each sowing since `prev` captured (those the
 * view keeps: the last and `earlier_moves`, a round), who lost their last pit since (Grand),
 * and who could not sow after the last sowing and was skipped; nothing after a take-back. */
export function news(view, prev, ctx) {
  const last = view.last_move;
  // A take-back (fewer sowings than before) brings no news: those sowings were told.
  if (!prev || !last || view.ply <= prev.ply) return '';
  const said = [...(view.earlier_moves || []), last].slice(prev.ply - view.ply)
    .filter((sowing) => sowing.captured.length).map((sowing) => sowingText(sowing, view, ctx));
  if (view.grand_slam) {
    said.push(`${sowingText(last, view, ctx)}. ${slamText(view, ctx).replace(/\.$/, '')}`);
  }
  for (const seat of (view.out || []).filter((seat) => !(prev.out || []).includes(seat))) {
    said.push(outText(seat, ctx).replace(/\.$/, ''));
  }
  for (const seat of view.skipped || []) said.push(skippedText(seat, ctx).replace(/\.$/, ''));
  return said.join('. ');
}

/** The result's heading of the scores: the stones captured, or the pits held in grand. */
export function scoreHeading(view, ctx) {
  return view.score_label ? ctx.t(`oware.${view.score_label}`) : '';
}

export function breakdown(view, ctx) {
  const t = ctx.t;
  const grand = view.preset === 'grand';
  const end = endText(view, ctx);
  return h('div', {},
    end ? h('p', {class: 'end-reason'}, end) : null,
    h('table', {class: 'result-table'},
    h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {class: 'num'}, t('oware.stones')),
      grand ? h('th', {class: 'num'}, t('oware.pits')) : null)),
    h('tbody', {}, ctx.names.map((name, i) => h('tr', {},
      h('td', {}, name),
      h('td', {class: 'num'}, String(view.stores[i])),
      grand ? h('td', {class: 'num'}, String(view.pits.filter((p) => p.owner === i).length))
        : null)))));
}

export function icon() {
  const svg = svgRoot(120, 60);
  svg.append(s('rect', {x: 2, y: 6, width: 116, height: 48, rx: 22, fill: '#b98552',
    stroke: '#6e4a2b', 'stroke-width': 2}));
  for (let i = 0; i < 6; i++) {
    for (const y of [20, 40]) {
      svg.append(s('circle', {cx: 22 + i * 15.2, cy: y, r: 6.2, fill: '#5b3b20'}));
    }
  }
  svg.append(s('circle', {cx: 22, cy: 40, r: 2.3, fill: '#efe3c6'}));
  svg.append(s('circle', {cx: 52.4, cy: 20, r: 2.3, fill: '#efe3c6'}));
  return svg;
}
