// Okey: your wooden rack at the bottom (arrange it by dragging, or sort it), the other
// players round the table with their discards, the pile and the indicator in the middle.
import {clickable, h, s, svgRoot, toast} from '../dom.js';
import {explain} from '../reasons.js';
import {draggable} from './drag.js';
import {touchOnly, translatedLog, turnLine} from './index.js';

export const strings = {
  en: {
    title: 'Okey',
    undoSettled: 'The next round has been dealt, so the last one stands; the computer does not take it back.',
    undoDrawn: 'You have seen the tile you drew from the pile: taken back, you would choose again knowing it, so your draw stands; the computer does not take it back.',
    summary: 'Tile rummy for 2–4: draw, discard, and finish with a rack of sets and runs.',
    'preset.seed': 'Okey (rulebook)',
    'preset.standard': 'Okey (standard, 20 points)',
    'presetInfo.seed': 'Clockwise; whoever wins the most rounds wins the match.',
    'presetInfo.standard': 'Anticlockwise; everyone starts with 20 points, a win costs the others 2 points, 4 with the okey or seven pairs, 8 with both.',
    'option.rounds': 'Rounds',
    rack: 'Your rack',
    tile: 'Tile {name}',
    tileWords: '{colour} {number}',
    'colour.R': 'red',
    'colour.Y': 'yellow',
    'colour.B': 'blue',
    'colour.K': 'black',
    winningHandOf: 'Winning rack of round {round}, {name}:',
    winningHandYours: 'Your winning rack of round {round}:',
    falseJoker: 'false joker',
    wild: 'okey (wild)',
    pile: 'Pile: {n}',
    drawPile: 'Draw from the pile',
    take: 'Take {tile}',
    discard: 'Discard {tile}',
    justDrawn: 'just drawn',
    justTaken: 'just taken',
    discardAnyway: 'Discard {tile} anyway',
    discardFinishes: '{tile} finishes your rack: “Finish with {tile}” wins the round with it. Press “Discard {tile} anyway” to discard it all the same.',
    typedFinishes: 'Not played yet: {tile} finishes your rack: type “finish {tile}” to win the round with it, or play {tile} again to discard it anyway.',
    finish: 'Finish with {tile}',
    finishFor: 'Finish with {tile} ({n} points from each opponent)',
    discards: 'Discards',
    indicator: 'Indicator',
    okey: 'Okey',
    stands: 'false joker = {tile}',
    took: 'Took',
    tiles: {one: '{n} tile', other: '{n} tiles'},
    sortColour: 'Sort: runs',
    sortNumber: 'Sort: sets',
    hintDraw: 'Take the tile just discarded, or draw from the pile.',
    hintDiscard: 'Pick a tile, then discard it (or drag it onto your discard pile; with the keyboard, Delete discards the tile in focus).',
    hintDiscardTouch: 'Pick a tile, then discard it (or drag it onto your discard pile).',
    lastDiscardPile: 'Mind: the pile is empty, so a discard that does not finish ends the round without a winner.',
    lastDiscardTurn: 'Mind: this is the last turn, so a discard that does not finish ends the round without a winner.',
    hintFinish: 'You can win! Pick a golden tile and press “Finish”, or drop it on your discards.',
    canFinish: 'Discarding any of these finishes the round: {tiles}',
    canFinishWorth: 'Discarding any of these finishes the round: {groups}',
    finishWorth: '{tiles}: {n} points from each opponent',
    finishOkey: '{tile} (the okey)',
    round: 'Round {n} of {of}',
    roundAtMost: 'Round {n} (at most {of})',
    logStarts: '{name} starts',
    logDealHidden: 'deal to {name}',
    logDeal: 'deal {tile}',
    logIndicator: 'indicator {tile}',
    logDrew: 'drew {tile}',
    logDrawsPile: 'draws from the pile',
    logDraw: 'draw',
    logTake: 'take {tile}',
    logTakeBare: 'take',
    logDiscard: 'discard {tile}',
    logFinish: 'finish {tile}',
    moveDraw: 'draw',
    moveTake: 'take {tile}',
    moveDiscard: 'discard {tile}',
    moveFinish: 'finish {tile}',
    stakeRounds: {one: 'A win counts one round won; this round and {n} more.',
      other: 'A win counts one round won; this round and {n} more.'},
    stakeLastRound: 'A win counts one round won; this is the last round.',
    stakePoints: {
      one: 'A win costs each opponent {n} point — {okey} when finishing with the okey, {pairs} with seven pairs, {both} with both.',
      other: 'A win costs each opponent {n} points — {okey} when finishing with the okey, {pairs} with seven pairs, {both} with both.'},
    results: 'Rounds',
    winner: 'Winner',
    how: 'How',
    nobody: 'nobody',
    roundWon: 'Round {round}: {name} finished ({how}{okey}).',
    roundWonYou: 'Round {round}: you finished ({how}{okey}).',
    roundOkey: ', with the okey',
    roundNone: 'Round {round}: nobody finished ({how}).',
    'how.sets and runs': 'sets and runs',
    'how.seven pairs': 'seven pairs',
    'how.pile exhausted': 'pile exhausted',
    'how.turn limit': 'turn limit',
    yourDiscards: 'Your discards',
    'label.rounds won': 'rounds won',
    'label.points': 'points',
    'heading.rounds won': 'Rounds won',
    'heading.points': 'Points',
  },
  de: {
    title: 'Okey',
    undoSettled: 'Die nächste Runde ist gegeben, also bleibt die letzte; der Computer nimmt sie nicht zurück.',
    undoDrawn: 'Du hast den Stein gesehen, den du vom Stapel gezogen hast: zurückgenommen würdest du mit diesem Wissen neu wählen, also bleibt dein Zug; der Computer nimmt ihn nicht zurück.',
    summary: 'Rommé mit Steinen für 2–4: ziehen, ablegen und mit Sätzen und Folgen beenden.',
    'preset.seed': 'Okey (Spielregel)',
    'preset.standard': 'Okey (Standard, 20 Punkte)',
    'presetInfo.seed': 'Im Uhrzeigersinn; wer die meisten Runden gewinnt, gewinnt die Partie.',
    'presetInfo.standard': 'Gegen den Uhrzeigersinn; alle beginnen mit 20 Punkten, ein Sieg kostet die anderen 2 Punkte, 4 mit dem Okey oder sieben Paaren, 8 mit beidem.',
    'option.rounds': 'Runden',
    rack: 'Dein Spielbänkchen',
    tile: 'Stein {name}',
    tileWords: '{colour} {number}',
    'colour.R': 'Rot',
    'colour.Y': 'Gelb',
    'colour.B': 'Blau',
    'colour.K': 'Schwarz',
    winningHandOf: 'Siegerblatt der Runde {round}, {name}:',
    winningHandYours: 'Dein Siegerblatt der Runde {round}:',
    falseJoker: 'Platzhalter',
    wild: 'Okey (Joker)',
    pile: 'Vorrat: {n}',
    drawPile: 'Vom Stapel ziehen',
    take: '{tile} nehmen',
    discard: '{tile} abwerfen',
    justDrawn: 'eben gezogen',
    justTaken: 'eben genommen',
    discardAnyway: '{tile} trotzdem abwerfen',
    discardFinishes: 'Mit {tile} ist dein Bänkchen fertig: „Mit {tile} beenden“ gewinnt damit die Runde. Drück „{tile} trotzdem abwerfen“, um ihn dennoch abzuwerfen.',
    typedFinishes: 'Noch nicht gespielt: Mit {tile} ist dein Bänkchen fertig: gib „finish {tile}“ ein, um damit die Runde zu gewinnen, oder spiel {tile} noch einmal, um ihn trotzdem abzuwerfen.',
    finish: 'Mit {tile} beenden',
    finishFor: 'Mit {tile} beenden ({n} Punkte von jedem Gegner)',
    discards: 'Abgelegt',
    indicator: 'Anzeiger',
    okey: 'Okey',
    stands: 'Platzhalter = {tile}',
    took: 'Genommen',
    tiles: {one: '{n} Stein', other: '{n} Steine'},
    sortColour: 'Ordnen: Folgen',
    sortNumber: 'Ordnen: Sätze',
    hintDraw: 'Nimm den eben abgelegten Stein oder ziehe vom Vorrat.',
    hintDiscard: 'Wähle einen Stein und lege ihn ab (oder zieh ihn auf deinen Ablagestapel; mit der Tastatur legt Entf den Stein im Fokus ab).',
    hintDiscardTouch: 'Wähle einen Stein und lege ihn ab (oder zieh ihn auf deinen Ablagestapel).',
    lastDiscardPile: 'Achtung: Der Vorrat ist leer; ein Abwurf, mit dem du nicht beendest, beendet die Runde ohne Sieger.',
    lastDiscardTurn: 'Achtung: Dies ist der letzte Zug; ein Abwurf, mit dem du nicht beendest, beendet die Runde ohne Sieger.',
    hintFinish: 'Du kannst gewinnen! Goldenen Stein wählen, „beenden“ drücken oder auf die Ablage ziehen.',
    canFinish: 'Mit jedem dieser Steine beendest du die Runde: {tiles}',
    canFinishWorth: 'Mit jedem dieser Steine beendest du die Runde: {groups}',
    finishWorth: '{tiles}: {n} Punkte von jedem Gegner',
    finishOkey: '{tile} (der Okey)',
    round: 'Runde {n} von {of}',
    roundAtMost: 'Runde {n} (höchstens {of})',
    logStarts: '{name} beginnt',
    logDealHidden: 'ein Stein an {name}',
    logDeal: 'ausgeteilt: {tile}',
    logIndicator: 'Anzeiger {tile}',
    logDrew: 'gezogen: {tile}',
    logDrawsPile: 'zieht vom Stapel',
    logDraw: 'zieht',
    logTake: 'nimmt {tile}',
    logTakeBare: 'nimmt',
    logDiscard: 'wirft {tile} ab',
    logFinish: 'beendet mit {tile}',
    moveDraw: 'vom Stapel ziehen',
    moveTake: '{tile} nehmen',
    moveDiscard: '{tile} abwerfen',
    moveFinish: 'mit {tile} beenden',
    stakeRounds: {one: 'Ein Sieg zählt eine gewonnene Runde; diese und noch {n} Runde.',
      other: 'Ein Sieg zählt eine gewonnene Runde; diese und noch {n} Runden.'},
    stakeLastRound: 'Ein Sieg zählt eine gewonnene Runde; dies ist die letzte Runde.',
    stakePoints: {
      one: 'Ein Sieg kostet jeden Gegner {n} Punkt — {okey} beim Beenden mit dem Okey, {pairs} mit sieben Paaren, {both} mit beidem.',
      other: 'Ein Sieg kostet jeden Gegner {n} Punkte — {okey} beim Beenden mit dem Okey, {pairs} mit sieben Paaren, {both} mit beidem.'},
    results: 'Runden',
    winner: 'Sieger',
    how: 'Wie',
    nobody: 'niemand',
    roundWon: 'Runde {round}: {name} hat beendet ({how}{okey}).',
    roundWonYou: 'Runde {round}: Du hast beendet ({how}{okey}).',
    roundOkey: ', mit dem Okey',
    roundNone: 'Runde {round}: niemand hat beendet ({how}).',
    'how.sets and runs': 'Sätze und Folgen',
    'how.seven pairs': 'sieben Paare',
    'how.pile exhausted': 'Vorrat leer',
    'how.turn limit': 'Zuggrenze',
    yourDiscards: 'Deine Ablage',
    'label.rounds won': 'gewonnene Runden',
    'label.points': 'Punkte',
    'heading.rounds won': 'Gewonnene Runden',
    'heading.points': 'Punkte',
  },
};

export const help = {
  en: `
<p>Okey is the Turkish tile rummy for 2 to 4 players. There are 106 tiles: the numbers 1–13 in
four colours (red, yellow, blue, black), two of each, and two <b>false jokers</b>.</p>
<h3>Setting up a round</h3>
<ul>
<li>A tile is turned face up as the <b>indicator</b>. The tile one higher in the same colour
(after 13 comes 1) is the <b>okey</b>: its two copies are wild and may stand for any tile
(or for themselves). The false jokers stand for the okey's own face. If the indicator is a
false joker, the other false joker is the only joker.</li>
<li>The starting player gets 15 tiles, everyone else 14, hidden on their racks.</li>
</ul>
<h3>Your turn</h3>
<ul>
<li>The starting player opens by discarding one tile.</li>
<li>Then everyone in turn takes either the tile the previous player just discarded or the
next tile from the pile, and discards one tile face up.</li>
</ul>
<h3>Sets and runs</h3>
<ul>
<li>A <b>set</b> is 3 or 4 tiles of the same number in different colours.</li>
<li>A <b>run</b> is 3 or more consecutive numbers in one colour. A 1 may follow 13
(12-13-1), but nothing follows that 1.</li>
</ul>
<h3>Winning a round</h3>
<p>When all 14 tiles left on your rack after your discard form sets and runs, you finish and
win the round. If the pile runs out first, the round ends without a winner. The rulebook
match is a number of rounds (5 unless you choose otherwise); whoever wins the most rounds
wins. The starting player moves on every round.</p>
<h3>Standard rules (preset)</h3>
<p>Play goes anticlockwise; everyone starts with 20 points. A win costs each opponent 2
points, or 4 when the finishing discard is the okey; seven pairs (the okey pairs with
anything) also wins and costs 4 (8 together with the okey discard). The match ends when
someone reaches 0 or less, at the latest after 60 rounds (unless you choose another number);
the most points wins. A false joker as indicator is drawn again.</p>
<h3>On this page</h3>
<p>Arrange your rack as you like: drag tiles between the slots (or, with a tile selected, use
the arrow keys), or use the two sort buttons. On a touch screen, move the finger sideways
first or rest it on the tile a moment; a swipe up or down scrolls the page. To draw, click the pile or the tile just
discarded. To discard, click a tile and then the “Discard” button — or drag the tile onto
your discard pile. Tiles with a golden glow would finish the round: dropped on your discard
pile (or with Delete) they finish it; their “Discard” button asks first, and discards only
when pressed again (typed, such a discard is played when typed a second time). You can also type moves:
<code>draw</code>, <code>take R5</code>, <code>R5</code> (discard), <code>finish R5</code>; K is
black and FJ the false joker.</p>`,
  de: `
<p>Okey ist das türkische Rommé mit Steinen für 2 bis 4 Spieler. Es gibt 106 Steine: die Zahlen
1–13 in vier Farben (Rot, Gelb, Blau, Schwarz), je zweimal, und zwei <b>Platzhalter</b>.</p>
<h3>Vorbereitung einer Runde</h3>
<ul>
<li>Ein Stein wird als <b>Anzeiger</b> aufgedeckt. Der nächsthöhere Stein derselben Farbe (nach
13 kommt 1) ist der <b>Okey</b>: Seine beiden Exemplare sind Joker und ersetzen jeden Stein
(oder sich selbst). Die Platzhalter stehen für den Wert des Okey. Ist der Anzeiger ein
Platzhalter, ist der andere Platzhalter der einzige Joker.</li>
<li>Der Beginner bekommt 15 Steine, alle anderen 14, verdeckt auf ihrem Bänkchen.</li>
</ul>
<h3>Dein Zug</h3>
<ul>
<li>Der Beginner eröffnet, indem er einen Stein ablegt.</li>
<li>Danach nimmt reihum jeder entweder den Stein, den der Vorgänger eben abgelegt hat, oder den
nächsten Stein vom Vorrat, und legt einen Stein offen ab.</li>
</ul>
<h3>Sätze und Folgen</h3>
<ul>
<li>Ein <b>Satz</b> sind 3 oder 4 Steine mit derselben Zahl in verschiedenen Farben.</li>
<li>Eine <b>Folge</b> sind 3 oder mehr aufeinanderfolgende Zahlen einer Farbe. Hinter die 13 darf
die 1 (12-13-1), aber hinter diese 1 nichts mehr.</li>
</ul>
<h3>Rundensieg</h3>
<p>Bilden alle 14 Steine, die nach deinem Ablegen übrig sind, Sätze und Folgen, beendest du die
Runde und gewinnst sie. Geht vorher der Vorrat aus, endet die Runde ohne Sieger. Die Partie der
Spielregel hat eine vereinbarte Zahl von Runden (5, wenn nichts anderes gewählt ist); wer die
meisten gewinnt, ist Gesamtsieger. Der Beginner wechselt jede Runde.</p>
<h3>Standardregeln (Voreinstellung)</h3>
<p>Gespielt wird gegen den Uhrzeigersinn; alle beginnen mit 20 Punkten. Ein Sieg kostet jeden
Gegner 2 Punkte, 4 wenn mit dem Okey beendet wird; sieben Paare (der Okey passt zu allem)
gewinnen ebenfalls und kosten 4 (mit Okey-Abwurf 8). Die Partie endet, sobald jemand bei 0
oder darunter ist, spätestens nach 60 Runden (wenn nichts anderes gewählt ist); die meisten
Punkte gewinnen. Ein Platzhalter als Anzeiger wird neu gezogen.</p>
<h3>Auf dieser Seite</h3>
<p>Ordne dein Bänkchen nach Belieben: Ziehe Steine zwischen die Plätze (oder verschiebe einen
gewählten Stein mit den Pfeiltasten) oder nutze die beiden Ordnen-Knöpfe. Auf einem
Touchscreen bewege den Finger zuerst seitwärts oder lass ihn einen Moment auf dem Stein ruhen;
ein Wischen nach oben oder unten blättert die Seite. Zum Ziehen klicke den
Vorrat oder den eben abgelegten Stein. Zum Ablegen klicke einen Stein und dann „abwerfen“ — oder
zieh ihn auf deinen Ablagestapel. Golden leuchtende Steine würden die Runde beenden: auf den
Ablagestapel gezogen (oder mit Entf) beenden sie sie; ihr „abwerfen“-Knopf fragt erst nach
und wirft erst beim zweiten Drücken ab (eingetippt: erst beim zweiten Mal). Züge lassen
sich auch eintippen: <code>draw</code>, <code>take R5</code>, <code>R5</code> (ablegen),
<code>finish R5</code>; K ist Schwarz, FJ der Platzhalter.</p>`,
};

const INK = {R: '#c62828', Y: '#c98a00', B: '#1f5fbf', K: '#1d1d1d'};
const COLOURS = ['R', 'Y', 'B', 'K'];
/** Slots in a row of the rack as style.css lays it out for this screen (15, 10, 8 or 7). */
function rackRow() {
  return Number(getComputedStyle(document.documentElement).getPropertyValue('--ok-rack-row'));
}

/** Slots of the whole rack on this screen: 30, or 32 and 28 on a phone. */
function rackSlots() {
  const rows = getComputedStyle(document.documentElement).getPropertyValue('--ok-rack-rows');
  return rackRow() * Number(rows);
}

/** The rack's row length: the table redraws the board when it changes. */
export function layout() {
  return rackRow();
}

function parseTile(name) {
  if (name === 'FJ') return {joker: true};
  return {colour: name[0], number: Number(name.slice(1))};
}

/** A tile in words for screen readers: its colour and number, or the false joker. */
function tileWords(name, t) {
  const tile = parseTile(name);
  return tile.joker ? t('okey.falseJoker')
    : t('okey.tileWords', {colour: t(`okey.colour.${tile.colour}`), number: tile.number});
}

/** A tile face; `wild` marks the okey, `size` is the width in pixels; `label` names it
 * for screen readers (without one it is left to the element around it). */
function tileSvg(name, size, {wild = false, attrs = {}, label = null} = {}) {
  const svg = svgRoot(40, 56, {width: size, height: (size * 56) / 40, class: 'okey-tile', ...attrs,
    ...(label ? {role: 'img', 'aria-label': label} : {'aria-hidden': 'true'})});
  svg.append(s('rect', {x: 1, y: 1, width: 38, height: 54, rx: 5, fill: '#fbf6e6',
    stroke: '#b8a98a', 'stroke-width': 1.2}));
  svg.append(s('rect', {x: 1, y: 46, width: 38, height: 9, rx: 4, fill: '#e8dcc0'}));
  const tile = parseTile(name);
  if (tile.joker) {
    svg.append(s('path', {d: 'M20 9 L24 21 L36 21 L26 28 L30 40 L20 32 L10 40 L14 28 L4 21 L16 21 Z',
      fill: '#2f8a57', stroke: '#1d5c39', 'stroke-width': 1}));
  } else {
    svg.append(s('text', {x: 20, y: 29, 'text-anchor': 'middle', class: 'okey-number',
      fill: INK[tile.colour]}, String(tile.number)));
    svg.append(s('circle', {cx: 20, cy: 38, r: 3.2, fill: INK[tile.colour]}));
  }
  if (wild) {
    svg.append(s('path', {d: 'M33 3 L35 7 L39 7.5 L36 10 L37 14 L33 12 L29 14 L30 10 L27 7.5 L31 7 Z',
      fill: '#e2b007', stroke: '#8a6a0c', 'stroke-width': 0.6}));
  }
  return svg;
}

/** A tile face down; the count beside the backs says how many there are. */
function backSvg(size) {
  const svg = svgRoot(40, 56, {width: size, height: (size * 56) / 40, class: 'okey-tile back',
    'aria-hidden': 'true'});
  svg.append(s('rect', {x: 1, y: 1, width: 38, height: 54, rx: 5, fill: '#e6dcc4',
    stroke: '#b8a98a'}), s('rect', {x: 6, y: 6, width: 28, height: 44, rx: 3, fill: 'none',
    stroke: '#c9b892'}));
  return svg;
}

function counts(names) {
  const map = new Map();
  for (const n of names) map.set(n, (map.get(n) || 0) + 1);
  return map;
}

// The player's arrangement: the rack's slots (two rows of 15, three of 10 on a narrow
// screen, four of 8 or 7 on a phone)
// kept while the table is open. When the rows change length, its groups are laid out again;
// a new round's rack comes sorted by colour.
function arrange(keep, rack, round, turn) {
  const row = rackRow();
  const fresh = !keep.slots || (keep.round !== undefined && keep.round !== round);
  keep.round = round;
  if (fresh || keep.row !== row) keep.seen = {};
  if (fresh) return seen(keep, sortInto(keep, rack, 'colour'), turn);
  if (keep.row !== row) {
    keep.slots = layGroups(groupsOf(keep.slots, keep.row), row);
    keep.row = row;
  }
  // A take-back puts a tile back in the place it had at the turn it goes back to.
  const before = turn < keep.turn ? (keep.seen || {})[turn] : undefined;
  const want = counts(rack);
  const have = new Map();
  const slots = keep.slots.map((name) => {
    if (name === null) return null;
    const n = have.get(name) || 0;
    if (n >= (want.get(name) || 0)) return null;
    have.set(name, n + 1);
    return name;
  });
  for (const [name, count] of want) {
    for (let missing = count - (have.get(name) || 0); missing > 0; missing--) {
      let free = before ? before.findIndex((x, i) => x === name && slots[i] === null) : -1;
      if (free < 0) {
        let last = -1;
        slots.forEach((x, i) => { if (x !== null) last = i; });
        free = slots.indexOf(null, last + 1);
        if (free < 0) free = slots.indexOf(null);
      }
      slots[free] = name;
      keep.arrived = {turn, slot: free};
    }
  }
  keep.slots = slots;
  return seen(keep, slots, turn);
}

/** The slot of the tile `me` just drew or took and is to discard after, or -1. */
function arrivedSlot(view, me, slots, keep) {
  const last = view.last_move;
  const found = view.phase === 'discard' && view.to_move === me && last?.seat === me
    ? /^(drew|take) (\S+)$/.exec(last.move ?? '') : null;
  if (!found) return -1;
  const at = keep.arrived;
  if (at && at.turn === view.turn && slots[at.slot] === found[2]) return at.slot;
  return slots.lastIndexOf(found[2]);
}

/** Keep `slots` as the rack at `turn`, with the last few turns before it. */
function seen(keep, slots, turn) {
  const kept = Object.entries(keep.seen || {}).filter(([at]) => at < turn && at >= turn - 8);
  keep.seen = Object.fromEntries([...kept, [turn, [...slots]]]);
  keep.turn = turn;
  return slots;
}

/** Sort `rack` into the kept arrangement for the rows shown now; returns its slots. */
function sortInto(keep, rack, by) {
  keep.row = rackRow();
  keep.slots = sortSlots(rack, by, keep.row);
  return keep.slots;
}

// Sorted into groups (by colour for runs, by number for sets), laid out by `layGroups`.
function sortSlots(rack, by, row) {
  const key = (name) => {
    const tile = parseTile(name);
    if (tile.joker) return [99, 99];
    return by === 'colour' ? [COLOURS.indexOf(tile.colour), tile.number]
      : [tile.number, COLOURS.indexOf(tile.colour)];
  };
  const sorted = [...rack].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
  const groups = [];
  for (const name of sorted) {
    const last = groups[groups.length - 1];
    if (last && key(last[0])[0] === key(name)[0]) last.push(name);
    else groups.push([name]);
  }
  return layGroups(groups, row);
}

/** The tiles of `slots` in groups: each run of neighbours within one row of `row` slots. */
function groupsOf(slots, row) {
  const groups = [];
  let open = false;
  slots.forEach((name, i) => {
    if (name === null) {
      open = false;
      return;
    }
    if (open && i % row !== 0) groups[groups.length - 1].push(name);
    else groups.push([name]);
    open = true;
  });
  return groups;
}

// The groups in order with a gap between them; a group that would break over the end of a
// row of `row` slots starts the next row instead. A rack too small for all the gaps (a
// phone's) leaves them out from the last groups on.
function layGroups(groups, row) {
  const size = rackSlots();
  for (let gaps = groups.length; gaps >= 0; gaps--) {
    const slots = placeGroups(groups, row, size, gaps);
    if (slots) return slots;
  }
  const slots = groups.flat();
  return [...slots, ...Array(Math.max(0, size - slots.length)).fill(null)];
}

/** `groups` laid out in `size` slots, the first `gaps` after a gap; null if they overflow. */
function placeGroups(groups, row, size, gaps) {
  const slots = Array(size).fill(null);
  let i = 0;
  for (const [n, group] of groups.entries()) {
    if (i % row !== 0 && n < gaps) i += 1;
    const rowEnd = (Math.floor(i / row) + 1) * row;
    if (i + group.length > rowEnd && group.length <= row) i = rowEnd;
    if (i + group.length > size) return null;
    for (const name of group) slots[i++] = name;
  }
  return slots;
}

function parseMoves(legal) {
  const moves = {discard: new Map(), finish: new Map(), take: null, draw: null};
  for (const m of legal) {
    let found;
    if (m.notation === 'draw') moves.draw = m.action;
    else if ((found = /^take (\S+)$/.exec(m.notation))) moves.take = {tile: found[1], action: m.action};
    else if ((found = /^finish (\S+)$/.exec(m.notation))) moves.finish.set(found[1], m.action);
    else if ((found = /^(?:discard )?(\S+)$/.exec(m.notation))) moves.discard.set(found[1], m.action);
  }
  return moves;
}

function tileLabel(name, view, t) {
  if (name === view.okey) return `${t('okey.tile', {name})}, ${t('okey.wild')}`;
  if (name === 'FJ') return `${t('okey.tile', {name})}, ${t('okey.falseJoker')}`;
  return `${t('okey.tile', {name})}, ${tileWords(name, t)}`;
}

/** A tile shown, not played: its words, and whether it is the okey. */
function shownLabel(name, view, t) {
  return name === view.okey ? `${tileWords(name, t)}, ${t('okey.wild')}` : tileWords(name, t);
}

export function render(root, ctx) {
  const {view, t} = ctx;
  const n = view.players;
  const me = ctx.seat ?? 0;
  const moves = parseMoves(ctx.legal);
  const table = h('div', {class: `ok ok-${n}`});
  // Seats are numbered clockwise round the table, so the seat after mine sits on my left:
  // clockwise play goes on to the left, anticlockwise play to the right.
  const places = {2: ['top'], 3: ['left', 'right'], 4: ['left', 'top', 'right']}[n];
  for (let k = 1; k < n; k++) {
    table.append(opponent(view, (me + k) % n, places[k - 1], ctx, moves));
  }
  table.append(centre(view, ctx, moves));
  table.append(mine(view, me, ctx, moves));
  root.append(table);
}

function discardPile(view, seat, ctx, moves, size) {
  const t = ctx.t;
  const pile = view.discards[seat] || [];
  const top = pile[pile.length - 1];
  const box = h('div', {class: 'ok-discards', dataset: {seat}, role: 'group', 'aria-label':
    [t('okey.discards'), ...pile.map((name) => shownLabel(name, view, t))].join(', ')});
  const under = pile.slice(-4, -1);
  for (const name of under) box.append(h('span', {class: 'ok-under'}, tileSvg(name, size * 0.62)));
  if (top) {
    const takeable = moves.take && moves.take.tile === top && seat === previousSeat(view);
    const holder = h('span', {class: `ok-top${takeable ? ' legal' : ''}`, dataset: {tile: top}},
      tileSvg(top, size, {wild: top === view.okey}));
    if (takeable && ctx.interactive) {
      holder.dataset.action = String(moves.take.action);
      clickable(holder, t('okey.take', {tile: top}), () => ctx.play(moves.take.action), 'take');
    }
    box.append(holder);
  } else {
    box.append(h('span', {class: 'ok-empty'}));
  }
  return box;
}

function previousSeat(view) {
  const n = view.players;
  const step = view.direction === 'anticlockwise' ? -1 : 1;
  return view.to_move === null ? null : ((view.to_move - step) % n + n) % n;
}

/** The tiles everybody saw `seat` take from the discards and not discard again, or null. */
function taken(view, seat, t) {
  const known = (view.known && view.known[seat]) || [];
  if (!known.length) return null;
  const tile = (name) => h('span', {class: 'ok-took-tile'},
    tileSvg(name, 20, {wild: name === view.okey, label: shownLabel(name, view, t)}));
  // Two rows of them from five on, which a phone on its side lays one above the other.
  const half = known.length > 4 ? Math.ceil(known.length / 2) : known.length;
  const rows = [known.slice(0, half), known.slice(half)].filter((row) => row.length);
  return h('div', {class: 'ok-known'}, h('span', {class: 'small'}, `${t('okey.took')}: `),
    rows.map((row) => h('span', {class: 'ok-took'}, row.map(tile))));
}

/** How many tiles `seat` holds, after a dot that a phone's layout leaves out. */
function tileCount(view, seat, t) {
  return h('span', {class: 'muted small ok-tile-count'},
    h('span', {class: 'ok-dot'}, ' · '), t('okey.tiles', {n: view.rack_sizes[seat]}));
}

function opponent(view, seat, place, ctx, moves) {
  const t = ctx.t;
  const turn = view.to_move === seat;
  return h('div', {class: `ok-seat ok-${place}${turn ? ' turn' : ''}`, dataset: {seat}},
    h('div', {class: 'ok-name'},
      h('span', {class: 'ok-who'}, h('span', {class: `seat-dot seat${seat}`}),
        h('span', {class: 'ok-player'}, ctx.names[seat])),
      tileCount(view, seat, t)),
    h('div', {class: 'ok-backs'}, Array.from({length: Math.min(view.rack_sizes[seat], 15)},
      () => backSvg(16))),
    taken(view, seat, t),
    discardPile(view, seat, ctx, moves, 40));
}

function centre(view, ctx, moves) {
  const t = ctx.t;
  const pile = h('div', {class: `ok-pile${moves.draw !== undefined && moves.draw !== null
    ? ' legal' : ''}`}, backSvg(46), h('span', {class: 'ok-count'}, String(view.pile)));
  if (moves.draw !== null && ctx.interactive) {
    pile.dataset.action = String(moves.draw);
    clickable(pile, t('okey.drawPile'), () => ctx.play(moves.draw), 'draw');
  } else {
    pile.setAttribute('aria-label', t('okey.pile', {n: view.pile}));
  }
  return h('div', {class: 'ok-centre'},
    pile,
    view.indicator ? h('figure', {class: 'ok-indicator'}, tileSvg(view.indicator, 42,
      {label: tileWords(view.indicator, t)}), h('figcaption', {}, t('okey.indicator'))) : null,
    view.okey ? h('figure', {class: 'ok-indicator'}, tileSvg(view.okey, 42, {wild: true,
      label: tileWords(view.okey, t)}),
      h('figcaption', {}, t('okey.okey'), view.false_joker_as
        ? h('span', {class: 'small'}, ` (${t('okey.stands', {tile: view.false_joker_as})})`)
        : null)) : null);
}

function mine(view, me, ctx, moves) {
  const t = ctx.t;
  const box = h('div', {class: `ok-seat ok-me${view.to_move === me ? ' turn' : ''}`,
    dataset: {seat: me}});
  const myPile = discardPile(view, me, ctx, moves, 44);
  myPile.dataset.drop = 'discard';
  box.append(h('div', {class: 'ok-name'},
    h('span', {class: 'ok-who'}, h('span', {class: `seat-dot seat${me}`}),
      h('span', {class: 'ok-player'}, ctx.names[me] || '')),
    tileCount(view, me, t)));
  if (!view.rack) {
    const backs = h('div', {class: 'ok-backs'}, Array.from({length: view.rack_sizes[me]},
      () => backSvg(18)));
    box.append(...[backs, taken(view, me, t), myPile].filter(Boolean));
    return box;
  }
  const slots = arrange(ctx.keep, view.rack, view.round, view.turn);
  const selected = ctx.ui.selected;
  const chosen = selected !== undefined ? slots[selected] : null;
  const arrived = arrivedSlot(view, me, slots, ctx.keep);
  const how = view.last_move?.move?.startsWith('take') ? 'okey.justTaken' : 'okey.justDrawn';
  const rack = h('div', {class: 'ok-rack', role: 'group', 'aria-label': t('okey.rack')});
  slots.forEach((name, i) => {
    const slot = h('div', {class: 'ok-slot', dataset: {slot: i}});
    if (name !== null) {
      const finishing = ctx.interactive && moves.finish.has(name);
      const holder = h('div', {class: `ok-rack-tile${i === selected ? ' selected' : ''}`
        + `${finishing ? ' finishing' : ''}${moves.discard.has(name) ? ' legal' : ''}`
        + `${i === arrived ? ' arrived' : ''}`,
      dataset: {tile: name}}, tileSvg(name, 38, {wild: name === view.okey}));
      const label = tileLabel(name, view, t) + (i === arrived ? `, ${t(how)}` : '');
      clickable(holder, label, () => {
        ctx.ui.selected = ctx.ui.selected === i ? undefined : i;
        ctx.ui.anyway = undefined;
        ctx.redraw();
        document.querySelector(`.ok-slot[data-slot="${i}"] .ok-rack-tile`)?.focus();
        // A short screen scrolls just enough to show the Discard button the pick brought.
        if (ctx.ui.selected === i) {
          document.querySelector('.ok-actions .primary')?.scrollIntoView({block: 'nearest'});
        }
      }, `slot-${i}`);
      holder.setAttribute('aria-pressed', String(i === selected));
      // Delete, like a drop on the discard pile, finishes with a golden tile.
      const discard = ctx.interactive ? moves.finish.get(name) ?? moves.discard.get(name)
        : undefined;
      if (discard !== undefined) holder.setAttribute('aria-keyshortcuts', 'Delete');
      holder.addEventListener('keydown', (event) => {
        if (event.key === 'Delete' && discard !== undefined) {
          event.preventDefault();
          ctx.play(discard);
        } else if (event.key === 'Delete' && mustDraw(ctx, moves)) {
          event.preventDefault();
          sayDrawFirst(ctx);
        } else moveWithKeys(event, ctx, i);
      });
      dragInRack(holder, ctx, i, moves);
      slot.append(holder);
    }
    rack.append(slot);
  });
  const sortButton = (focusKey, by, label) => h('button', {
    type: 'button', class: 'small-button', dataset: {focusKey},
    onclick: () => {
      sortInto(ctx.keep, view.rack, by);
      ctx.redraw();
    }}, t(label));
  const actions = h('div', {class: 'ok-actions'},
    sortButton('sort-runs', 'colour', 'okey.sortColour'),
    sortButton('sort-sets', 'number', 'okey.sortNumber'));
  if (chosen !== null && chosen !== undefined && ctx.interactive) {
    if (moves.finish.has(chosen)) {
      const action = moves.finish.get(chosen);
      const costs = finishCosts(view, moves);
      actions.append(h('button', {type: 'button', class: 'primary finish', dataset: {action},
        onclick: () => ctx.play(action)}, costs
        ? t('okey.finishFor', {tile: chosen, n: costs.get(chosen)})
        : t('okey.finish', {tile: chosen})));
    }
    if (moves.discard.has(chosen)) {
      const action = moves.discard.get(chosen);
      // A tile that would finish is discarded only when asked a second time: a slip
      // does not throw the win away.
      const asking = moves.finish.has(chosen);
      const asked = asking && ctx.ui.anyway === chosen;
      actions.append(h('button', {type: 'button', class: asking ? null : 'primary',
        id: 'okey-discard', dataset: {action}, 'aria-describedby': asked ? 'okey-discard-why'
          : undefined,
        onclick: () => {
          if (asking && !asked) {
            ctx.ui.anyway = chosen;
            ctx.ui.anywaySaid = false;
            ctx.redraw();
            // A short screen scrolls just enough to show why, under "Discard anyway".
            document.getElementById('okey-discard-why')?.scrollIntoView({block: 'nearest'});
          } else ctx.play(action);
        }}, t(asked ? 'okey.discardAnyway' : 'okey.discard', {tile: chosen})));
      if (asked) {
        // An alert once, when the press brings it; a redraw (a language, a spectator) keeps
        // it quiet, read with the button it describes.
        actions.append(h('p', {class: 'ok-warn', id: 'okey-discard-why',
          role: ctx.ui.anywaySaid ? undefined : 'alert'},
        t('okey.discardFinishes', {tile: chosen})));
        ctx.ui.anywaySaid = true;
      }
    }
  }
  box.append(h('div', {class: 'ok-rack-row'}, h('div', {class: 'ok-rack-wrap'}, rack, actions),
    h('div', {class: 'ok-my-discards'}, h('span', {class: 'small'}, t('okey.yourDiscards')),
      myPile)));
  return box;
}

function moveTile(ctx, from, to) {
  const slots = ctx.keep.slots;
  if (to < 0 || to >= slots.length || from === to) return;
  [slots[from], slots[to]] = [slots[to], slots[from]];
  if (ctx.ui.selected === from) ctx.ui.selected = to;
}

function moveWithKeys(event, ctx, i) {
  const row = rackRow();
  const delta = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -row, ArrowDown: row}[event.key];
  if (delta === undefined) return;
  event.preventDefault();
  const to = i + delta;
  if (to < 0 || to >= ctx.keep.slots.length) return;
  moveTile(ctx, i, to);
  ctx.redraw();
  document.querySelector(`.ok-slot[data-slot="${to}"] .ok-rack-tile`)?.focus();
}

// Dragging a rack tile: onto another slot rearranges, onto your discard pile discards.
// A finger that sets off up or down over the rack scrolls the page.
function dragInRack(el, ctx, index, moves) {
  draggable(el, {
    half: [19, 27],
    scroll: true,
    drop: (under) => {
      const slot = under?.closest('.ok-slot');
      const name = ctx.keep.slots[index];
      if (slot) {
        moveTile(ctx, index, Number(slot.dataset.slot));
        ctx.redraw();
      } else if (under?.closest('[data-drop="discard"]') && ctx.interactive
        && moves.discard.has(name)) {
        ctx.play(moves.finish.get(name) ?? moves.discard.get(name));
      } else if (under?.closest('[data-drop="discard"]') && mustDraw(ctx, moves)) {
        sayDrawFirst(ctx);
      }
    },
  });
}

/** Why the move `typed` (``R9``, ``discard R9``, ``d R9``) is not played at once: a discard
 * of a tile that would finish the rack. Null, or {move, words}: `move` names the discard
 * (typed again, it is played), `words()` says why in the page's language. */
export function doubt(typed, ctx) {
  const words = typed.trim().split(/\s+/);
  const verb = words.length === 2 ? words[0].toLowerCase() : 'discard';
  const tile = (words.at(-1) ?? '').replace(/\*$/, '').toUpperCase();
  if (words.length > 2 || !['discard', 'd'].includes(verb)) return null;
  const moves = parseMoves(ctx.legal);
  if (!moves.discard.has(tile) || !moves.finish.has(tile)) return null;
  return {move: `discard ${tile}`, words: () => ctx.t('okey.typedFinishes', {tile})};
}

/** Whether it is your turn to take the discard or draw, before you may discard. */
function mustDraw(ctx, moves) {
  return ctx.interactive && (moves.draw !== null || moves.take !== null);
}

/** A tile discarded before taking or drawing: the page says why, in the words of the
 * table's refusal of that move typed. */
function sayDrawFirst(ctx) {
  toast(() => ctx.t('error.illegal', {message: explain({key: 'okey.draw_before_discard'},
    'take the discard or draw from the pile before you discard')}), 'error');
}

export function hint(view, ctx) {
  const t = ctx.t;
  const moves = parseMoves(ctx.legal);
  if (moves.draw !== null || moves.take) return t('okey.hintDraw');
  // The discard that ends the round: said as the terminal says it.
  const last = !moves.discard.size ? null : view.pile === 0 ? 'okey.lastDiscardPile'
    : view.turn + 1 >= view.turn_limit ? 'okey.lastDiscardTurn' : null;
  const mind = last ? ` ${t(last)}` : '';
  if (moves.finish.size) return t('okey.hintFinish') + mind;
  // A touch screen without a keyboard is not told about the Delete key.
  return t(touchOnly() ? 'okey.hintDiscardTouch' : 'okey.hintDiscard') + mind;
}

export function stake(view, ctx) {
  const t = ctx.t;
  const moves = parseMoves(ctx.legal);
  const st = view.stake;
  let what = null;
  // rounds_left counts the round in play: said as "this round and n more".
  if (st && st.win !== undefined) {
    what = st.rounds_left > 1 ? t('okey.stakeRounds', {n: st.rounds_left - 1})
      : t('okey.stakeLastRound');
  }
  else if (st && st.normal !== undefined) {
    what = t('okey.stakePoints', {n: st.normal, okey: st.okey_discard,
      pairs: st.seven_pairs, both: st.seven_pairs_okey_discard});
  }
  return h('div', {},
    // The standard match ends when someone reaches 0: its rounds are only a limit.
    h('p', {class: 'last-move'}, t(view.score_label === 'points' ? 'okey.roundAtMost'
      : 'okey.round', {n: view.round, of: view.rounds})),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {class: 'num'},
        t(`okey.label.${view.score_label}`)))),
      h('tbody', {}, ctx.names.map((name, i) => h('tr', {},
        h('td', {}, h('span', {class: `seat-dot seat${i}`}), ' ', name),
        h('td', {class: 'num'}, String(view.scores[i])))))),
    what ? h('p', {class: 'hint'}, what) : null,
    moves.finish.size ? h('p', {class: 'stake-line'}, finishWords(view, moves, t)) : null,
    ...lastTurns(view, ctx),
    view.results && view.results.length
      ? h('p', {class: 'hint last-round'}, roundWords(view.results.at(-1), ctx)) : null,
    view.results && view.results.at(-1)?.hand?.length
      ? winningRack(view.results.at(-1), view, ctx, 18) : null);
}

/** What each finishing discard costs each opponent, where the finishes differ in that
 * (the okey, seven pairs); else null. */
function finishCosts(view, moves) {
  const worth = new Map((view.finishes || []).map((f) => [f.tile, f.points]));
  const points = new Set([...moves.finish.keys()].map((name) => worth.get(name)));
  if (points.size < 2 || [...points].some((n) => typeof n !== 'number')) return null;
  return worth;
}

/** The discards that finish the round; where they cost the opponents differently,
 * grouped by what they cost, the dearest first. */
function finishWords(view, moves, t) {
  const tiles = [...moves.finish.keys()];
  const worth = finishCosts(view, moves);
  if (!worth) return t('okey.canFinish', {tiles: tiles.join(', ')});
  const points = [...new Set(tiles.map((name) => worth.get(name)))].sort((a, b) => b - a);
  const said = (name) => (name === view.okey ? t('okey.finishOkey', {tile: name}) : name);
  const groups = points.map((n) => t('okey.finishWorth', {n,
    tiles: tiles.filter((name) => worth.get(name) === n).map(said).join(', ')}));
  return t('okey.canFinishWorth', {groups: groups.join('; ')});
}

/** The 14 tiles round `r` was won with, tiles `size` pixels wide, in the melds (or pairs)
 * they won with, the okey of that round marked. */
function winningRack(r, view, ctx, size) {
  const t = ctx.t;
  const then = {okey: r.okey === undefined ? view.okey : r.okey};
  const caption = r.winner === ctx.seat ? t('okey.winningHandYours', {round: r.round})
    : t('okey.winningHandOf', {round: r.round, name: ctx.names[r.winner]});
  const tile = (name) => tileSvg(name, size, {wild: name === then.okey,
    label: shownLabel(name, then, t)});
  const groups = r.melds && r.melds.length ? r.melds : [r.hand];
  return h('div', {class: 'ok-winning-hand', role: 'group', 'aria-label': caption},
    h('p', {class: 'small'}, caption),
    groups.map((meld) => h('span', {class: 'ok-meld'}, meld.map(tile))));
}

/** How round `r` of `view.results` ended, in words, its winner spoken to as "you". */
function roundWords(r, ctx) {
  const t = ctx.t;
  const how = t(`okey.how.${r.how}`);
  if (r.winner === null) return t('okey.roundNone', {round: r.round, how});
  const key = r.winner === ctx.seat ? 'okey.roundWonYou' : 'okey.roundWon';
  return t(key, {round: r.round, name: ctx.names[r.winner], how,
    okey: r.okey_discard ? t('okey.roundOkey') : ''});
}

/** The round that ended since `prev`, in words; '' if none did. */
export function roundOver(view, prev, ctx) {
  const ended = view.results?.length ?? 0;
  return prev && ended > (prev.results?.length ?? 0) ? roundWords(view.results.at(-1), ctx) : '';
}

const LOG = [
  [/^seat (\d) starts$/, 'logStarts', ['name']],
  [/^deal to seat (\d)$/, 'logDealHidden', ['name']],
  [/^deal (\S+)$/, 'logDeal', ['tile']],
  [/^indicator (\S+)$/, 'logIndicator', ['tile']],
  [/^drew (\S+)$/, 'logDrew', ['tile']],
  [/^draws from the pile$/, 'logDrawsPile', []],
  [/^draw$/, 'logDraw', []],
  [/^take (\S+)$/, 'logTake', ['tile']],
  [/^take$/, 'logTakeBare', []],
  [/^discard (\S+)$/, 'logDiscard', ['tile']],
  [/^finish (\S+)$/, 'logFinish', ['tile']],
];

/** A move of the log in the page's language, with the seats named by their players. */
export const logEntry = translatedLog('okey', LOG);

/** A tile drawn from the pile (its face, or that one was drawn) is shown in the log with
 * the draw it follows, as one entry: line `i` joins line `i - 1`. */
export function joinsLog(lines, i) {
  return lines[i - 1] === 'draw' && /^(drew \S+|draws from the pile)$/.test(lines[i]);
}

/** A move of the log as screen readers hear it: its tiles in colour words. */
export function spoken(move, ctx) {
  return logEntry(move, ctx).replace(/\b(?:[RYBK](?:1[0-3]|[1-9])|FJ)\b/g, (name) => tileWords(name, ctx.t));
}

/** A move button's words in the page's language. */
export const moveLabel = translatedLog('okey', [
  [/^draw$/, 'moveDraw', []],
  [/^take (\S+)$/, 'moveTake', ['tile']],
  [/^discard (\S+)$/, 'moveDiscard', ['tile']],
  [/^finish (\S+)$/, 'moveFinish', ['tile']],
]);

/** A round begins with who starts (the first) or the indicator turned up. */
export function startsRound(move) {
  return /^(seat \d starts|indicator )/.test(move);
}

/** What the other seats did since this seat's last turn, a line for each seat's turn; else
 * the last move, unless it set the round up (who starts, the indicator, the deal), which
 * tells nothing a seat did. */
function lastTurns(view, ctx) {
  const line = (seat, moves) => turnLine(seat, moves.map((move) => logEntry(move, ctx)), ctx);
  const others = (ctx.turns || []).filter((turn) => turn.seat !== ctx.seat);
  if (others.length) return others.map((turn) => line(turn.seat, turn.moves));
  const last = view.last_move;
  const setsUp = last && (startsRound(last.move) || last.move.startsWith('deal '));
  return last && !setsUp ? [line(last.seat, [last.move])] : [];
}

/** The result's heading of the scores: rounds won (the rulebook) or points (standard). */
export function scoreHeading(view, ctx) {
  return view.score_label ? ctx.t(`okey.heading.${view.score_label}`) : '';
}

export function breakdown(view, ctx) {
  const t = ctx.t;
  if (!view.results || !view.results.length) return null;
  return h('div', {},
    h('h3', {}, t('okey.results')),
    h('table', {class: 'result-table'},
      // A column for each player's change, headed by the seat's dot and named for readers.
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('okey.winner')),
        h('th', {}, t('okey.how')), ctx.names.map((name, i) => h('th', {class: 'num',
          title: name, 'aria-label': name}, h('span', {class: `seat-dot seat${i}`}))))),
      h('tbody', {}, view.results.map((r) => h('tr', {},
        h('td', {}, String(r.round)),
        h('td', {}, r.winner === null ? t('okey.nobody') : ctx.names[r.winner]),
        h('td', {}, t(`okey.how.${r.how}`) + (r.okey_discard ? t('okey.roundOkey') : '')),
        (r.change || []).map((c) => h('td', {class: 'num small'},
          c > 0 ? `+${c}` : String(c))))))),
    view.results.filter((r) => r.hand && r.hand.length).slice(-1)
      .map((r) => winningRack(r, view, ctx, 26)));
}

export function icon() {
  const box = h('span', {class: 'ok-icon'});
  for (const name of ['R5', 'R6', 'R7', 'FJ', 'K12']) box.append(tileSvg(name, 22));
  return box;
}
