// Koi-Koi: the opponent's side at the top, the field with the pile in the middle, your side
// with your hand at the bottom; captured cards sorted by kind, yaku shown as they form.
import {clickable, h} from '../dom.js';
import {lang} from '../i18n.js';
import {backSvg, cardSvg} from './hanafuda.js';
import {translatedLog} from './index.js';

const KINDS = ['bright', 'animal', 'ribbon', 'plain'];
const SAKE_CUP = '9a';

/** The log lines of one month's deal: 8 cards to each hand and 8 to the table. A month
 * that a dealt Teshi or Kuttsuki ends is followed by the next deal at once. */
export const dealLength = 24;

export const strings = {
  en: {
    title: 'Koi-Koi',
    summary: 'Match flower cards by month, collect yaku, then stop or call Koi-Koi.',
    'preset.seed': 'Koi-Koi (rulebook)',
    'preset.nintendo': 'Koi-Koi (common rules)',
    'presetInfo.seed': 'First to 50 points; Tsukifuda and Oya-ken count.',
    'presetInfo.nintendo': 'Twelve months; 7+ points count double, and double again after the opponent\'s Koi-Koi.',
    'option.target': 'Points to win (0: none)',
    'option.months': 'Months to play (0: until somebody has the points to win)',
    'option.subtract': 'Points are also taken from the loser (needs a number of months)',
    'option.double_seven': '7 or more points count double',
    'option.double_koikoi': 'Double after the opponent\'s Koi-Koi',
    'kind.bright': 'Brights',
    'kind.animal': 'Animals',
    'kind.ribbon': 'Ribbons',
    'kind.plain': 'Plains',
    hand: 'Hand',
    handHidden: {one: '{name}: {n} card in hand, face down',
      other: '{name}: {n} cards in hand, face down'},
    pile: 'Draw pile: {n}',
    table: 'Table',
    drawn: 'Drawn',
    dealer: 'Dealer',
    calls: 'Koi-Koi ×{n}',
    noYaku: 'no yaku yet',
    month: 'Month {n}: {flower}',
    target: {one: 'First to {n} point', other: 'First to {n} points'},
    months: {one: '{n} month', other: '{n} months'},
    stop: 'Stop — score {n}',
    koikoi: 'Koi-Koi!',
    hintPlay: 'Play a card from your hand; cards of the same month on the table light up.',
    hintPick: 'Now pick the table card it takes.',
    logDealer: 'first dealer {name}',
    logDeal: 'deal {card} to {name}',
    logDealHidden: 'deal to {name}',
    logDealTable: 'deal {card} to the table',
    logDraw: 'draw {card}',
    logTake: 'take {card}',
    logStop: 'stop',
    logKoikoi: 'calls Koi-Koi',
    takesCards: '{move} takes {cards}',
    moveTake: 'take {card}',
    moveStop: 'stop',
    moveKoikoi: 'koikoi',
    hintChoose: 'The drawn card matches two cards: pick the one it takes.',
    hintDecide: 'You made a yaku: stop now and score, or call Koi-Koi and play on.',
    stakeStop: {one: 'Stopping now scores {n} point.', other: 'Stopping now scores {n} points.'},
    stakeDoubled: 'Stopping now scores {n} points: {base} for the yaku, {how}.',
    stakeOther: {one: '{name} may stop now and score {n} point, or call Koi-Koi and play on.',
      other: '{name} may stop now and score {n} points, or call Koi-Koi and play on.'},
    doubled: 'doubled',
    doubledTwice: 'doubled twice',
    doubledSeven: 'doubled: 7 points or more',
    doubledKoikoi: 'doubled: {name} had called Koi-Koi',
    doubledBoth: 'doubled twice: 7 points or more, and {name} had called Koi-Koi',
    doubledKoikoiYou: 'doubled: you had called Koi-Koi',
    doubledBothYou: 'doubled twice: 7 points or more, and you had called Koi-Koi',
    multiplied: '×{n}',
    stakeOpponent: 'Your opponent called Koi-Koi: if you stop now they score nothing this month.',
    stakeRisk: 'Koi-Koi plays on for more, but if your opponent stops first you score nothing.',
    yakuPoints: 'Yaku points',
    history: 'Months',
    winner: 'Winner',
    points: 'Points',
    yaku: 'Yaku',
    nobody: 'nobody',
    monthWon: {one: 'Month {month}: {name} scores {n} point ({yaku}).',
      other: 'Month {month}: {name} scores {n} points ({yaku}).'},
    monthNone: 'Month {month}: nobody scores.',
    monthShown: '{name} shows {cards}.',
    monthWonYou: {one: 'Month {month}: you score {n} point ({yaku}).',
      other: 'Month {month}: you score {n} points ({yaku}).'},
    monthShownYou: 'You show {cards}.',
    monthShownBoth: 'Both hands are shown: {cards}.',
    'reason.stop': 'stop',
    'reason.koikoi': 'the cards ran out after Koi-Koi',
    'reason.last-turn': 'made on the last turn',
    'reason.oya-ken': 'dealer',
    'reason.hand': 'dealt hand',
    'reason.none': '—',
    card: '{name}, month {month}',
    undoSettled: 'The next month has been dealt, so the last one stands; the computer does not take it back.',
    undoDrawn: 'A card has been turned from the pile since your last move: taken back, you would play again knowing the pile, so it stands; the computer does not take it back.',
  },
  de: {
    title: 'Koi-Koi',
    summary: 'Blumenkarten nach Monaten paaren, Yaku sammeln, dann aufhören oder „Koi-Koi“ sagen.',
    'preset.seed': 'Koi-Koi (Spielregel)',
    'preset.nintendo': 'Koi-Koi (übliche Regeln)',
    'presetInfo.seed': 'Gewinnt, wer zuerst 50 Punkte hat; Tsukifuda und Oya-ken zählen.',
    'presetInfo.nintendo': 'Zwölf Monate; ab 7 Punkten doppelt, nach Koi-Koi des Gegners noch einmal doppelt.',
    'option.target': 'Punkte zum Sieg (0: keine)',
    'option.months': 'Anzahl Monate (0: bis jemand die Punkte zum Sieg hat)',
    'option.subtract': 'Punkte werden dem Verlierer abgezogen (braucht eine Zahl von Monaten)',
    'option.double_seven': 'Ab 7 Punkten doppelt',
    'option.double_koikoi': 'Doppelt nach Koi-Koi des Gegners',
    'kind.bright': 'Lichter',
    'kind.animal': 'Tiere',
    'kind.ribbon': 'Bänder',
    'kind.plain': 'Blumen',
    hand: 'Hand',
    handHidden: {one: '{name}: {n} Karte auf der Hand, verdeckt',
      other: '{name}: {n} Karten auf der Hand, verdeckt'},
    pile: 'Stapel: {n}',
    table: 'Tisch',
    drawn: 'Gezogen',
    dealer: 'Geber',
    calls: 'Koi-Koi ×{n}',
    noYaku: 'noch kein Yaku',
    month: 'Monat {n}: {flower}',
    target: {one: 'Gewinnt, wer zuerst {n} Punkt hat', other: 'Gewinnt, wer zuerst {n} Punkte hat'},
    months: {one: '{n} Monat', other: '{n} Monate'},
    stop: {one: 'Aufhören — {n} Punkt', other: 'Aufhören — {n} Punkte'},
    koikoi: 'Koi-Koi!',
    hintPlay: 'Spiele eine Handkarte; Karten desselben Monats auf dem Tisch leuchten auf.',
    hintPick: 'Wähle jetzt die Tischkarte, die sie nimmt.',
    logDealer: '{name} gibt zuerst',
    logDeal: '{card} an {name}',
    logDealHidden: 'eine Karte an {name}',
    logDealTable: '{card} auf den Tisch',
    logDraw: 'gezogen: {card}',
    logTake: 'nimmt {card}',
    logStop: 'hört auf',
    logKoikoi: 'ruft Koi-Koi',
    takesCards: '{move} (nimmt {cards})',
    moveTake: '{card} nehmen',
    moveStop: 'aufhören',
    moveKoikoi: 'Koi-Koi!',
    hintChoose: 'Die gezogene Karte passt zu zwei Karten: Wähle die, die sie nimmt.',
    hintDecide: 'Du hast ein Yaku: Jetzt aufhören und werten oder „Koi-Koi“ sagen und weiterspielen.',
    stakeStop: {one: 'Aufhören bringt jetzt {n} Punkt.', other: 'Aufhören bringt jetzt {n} Punkte.'},
    stakeDoubled: 'Aufhören bringt jetzt {n} Punkte: {base} für die Yaku, {how}.',
    stakeOther: {one: '{name} kann jetzt aufhören und {n} Punkt bekommen oder Koi-Koi sagen und weiterspielen.',
      other: '{name} kann jetzt aufhören und {n} Punkte bekommen oder Koi-Koi sagen und weiterspielen.'},
    doubled: 'verdoppelt',
    doubledTwice: 'zweimal verdoppelt',
    doubledSeven: 'verdoppelt: 7 Punkte oder mehr',
    doubledKoikoi: 'verdoppelt: {name} hatte Koi-Koi gesagt',
    doubledBoth: 'zweimal verdoppelt: 7 Punkte oder mehr, und {name} hatte Koi-Koi gesagt',
    doubledKoikoiYou: 'verdoppelt: du hattest Koi-Koi gesagt',
    doubledBothYou: 'zweimal verdoppelt: 7 Punkte oder mehr, und du hattest Koi-Koi gesagt',
    multiplied: '×{n}',
    stakeOpponent: 'Dein Gegner hat Koi-Koi gesagt: Hörst du jetzt auf, bekommt er diesen Monat nichts.',
    stakeRisk: 'Mit Koi-Koi spielst du um mehr — hört dein Gegner zuerst auf, bekommst du nichts.',
    yakuPoints: 'Yaku-Punkte',
    history: 'Monate',
    winner: 'Sieger',
    points: 'Punkte',
    yaku: 'Yaku',
    nobody: 'niemand',
    monthWon: {one: 'Monat {month}: {name} bekommt {n} Punkt ({yaku}).',
      other: 'Monat {month}: {name} bekommt {n} Punkte ({yaku}).'},
    monthNone: 'Monat {month}: niemand bekommt Punkte.',
    monthShown: '{name} zeigt {cards}.',
    monthWonYou: {one: 'Monat {month}: Du bekommst {n} Punkt ({yaku}).',
      other: 'Monat {month}: Du bekommst {n} Punkte ({yaku}).'},
    monthShownYou: 'Du zeigst {cards}.',
    monthShownBoth: 'Beide Blätter werden gezeigt: {cards}.',
    'reason.stop': 'aufgehört',
    'reason.koikoi': 'Karten aufgebraucht nach Koi-Koi',
    'reason.last-turn': 'im letzten Zug gemacht',
    'reason.oya-ken': 'Geber',
    'reason.hand': 'Blatt',
    'reason.none': '—',
    card: '{name}, Monat {month}',
    undoSettled: 'Der nächste Monat ist gegeben, also bleibt der letzte; der Computer nimmt ihn nicht zurück.',
    undoDrawn: 'Seit deinem letzten Zug wurde eine Karte vom Stapel aufgedeckt: zurückgenommen würdest du den Stapel kennen, also bleibt er; der Computer nimmt ihn nicht zurück.',
  },
};

const FLOWERS_DE = ['Kiefer', 'Pflaume', 'Kirsche', 'Glyzinie', 'Iris', 'Pfingstrose', 'Buschklee',
  'Chinaschilf', 'Chrysantheme', 'Ahorn', 'Weide', 'Paulownie'];
const YAKU_DE = {
  goko: 'Gokō (fünf Lichter)', shiko: 'Shikō (vier Lichter)', ameshiko: 'Ame-Shikō (vier Lichter mit Regenmann)',
  sanko: 'Sankō (drei Lichter)', inoshikacho: 'Ino-Shika-Chō (Wildschwein, Hirsch, Schmetterlinge)',
  akatan: 'Akatan (Gedichtbänder)', aotan: 'Aotan (blaue Bänder)', tane: 'Tane (Tiere)',
  tanzaku: 'Tanzaku (Bänder)', kasu: 'Kasu (Blumen)', tsukifuda: 'Tsukifuda (Karten des Monats)',
  tsukimizake: 'Tsukimi-zake (Mondschau)', hanamizake: 'Hanami-zake (Blütenschau)',
  oyaken: 'Oya-ken (Geberrecht)', teshi: 'Teshi (vier eines Monats)', kuttsuki: 'Kuttsuki (vier Paare)',
};

export const help = {
  en: `
<p>Koi-Koi is the classic Japanese card game for two, played with the 48 flower cards
(hanafuda): twelve months with four cards each. Every card belongs to a month (the number in
its corner) and has a kind: <b>brights</b> (gold mark: Crane, Curtain, Moon, Rain Man,
Phoenix), <b>animals</b> (green mark), <b>ribbons</b> (red mark: three red poetry ribbons,
three blue ribbons, four plain red ones) and <b>plains</b>. The Sake Cup (September) counts
as an animal or as a plain, whichever scores more — never both.</p>
<h3>A month</h3>
<ul>
<li>Each player gets 8 cards, 8 lie face up on the table, the rest is the draw pile. The
dealer plays first; the first dealer is drawn by lot, later the winner of a month deals.</li>
<li>On your turn play a card from your hand. If a table card of the same month lies there, you
take both; if two do, you choose one; if three do, you take all four. With no match your card
stays on the table. Matching is compulsory.</li>
<li>Then the top card of the pile is turned and resolved in the same way.</li>
</ul>
<h3>Stop or Koi-Koi</h3>
<ul>
<li>When your turn made a new yaku or raised one, you decide: <b>stop</b> — the month ends and
you score your yaku — or call <b>Koi-Koi</b> and play on to score more.</li>
<li>If you stop after your opponent called Koi-Koi, your opponent scores nothing this month.
If the cards run out after Koi-Koi calls, the last caller scores.</li>
<li>A yaku made on the very last turn ends the month as a stop: there is nothing left to play
on for. A month nobody scores keeps the same dealer.</li>
</ul>
<h3>Yaku (rulebook scoring)</h3>
<table>
<tr><td>Kasu: 10 plains</td><td>1, +1 per extra plain</td></tr>
<tr><td>Tanzaku: 5 ribbons</td><td>1, +1 per extra</td></tr>
<tr><td>Tane: 5 animals</td><td>1, +1 per extra</td></tr>
<tr><td>Akatan: the 3 poetry ribbons</td><td>5</td></tr>
<tr><td>Aotan: the 3 blue ribbons</td><td>5</td></tr>
<tr><td>Ino-Shika-Chō: boar, deer, butterflies</td><td>5</td></tr>
<tr><td>Sankō: 3 brights without the Rain Man</td><td>5</td></tr>
<tr><td>Ame-Shikō: 4 brights with the Rain Man</td><td>6</td></tr>
<tr><td>Shikō: 4 brights without the Rain Man</td><td>8</td></tr>
<tr><td>Gokō: all 5 brights</td><td>10</td></tr>
<tr><td>Tsukimi-zake: Moon + Sake Cup (only with another yaku)</td><td>5</td></tr>
<tr><td>Hanami-zake: Curtain + Sake Cup (only with another yaku)</td><td>5</td></tr>
<tr><td>Tsukifuda: all 4 cards of the current month (month 1 is Pine, month 13 Pine again)</td><td>5</td></tr>
<tr><td>Oya-ken: a month without yaku gives the dealer</td><td>1</td></tr>
</table>
<p>Only the best bright yaku counts. The match goes to the first player with 50 points (or
another target, or a number of months, chosen in the lobby).</p>
<h3>Common rules (preset)</h3>
<p>Twelve months; Ame-Shikō 7; the sake yaku count on their own; a dealt hand with four cards
of one month (Teshi) or four pairs (Kuttsuki) wins 6 at once (if both players hold one, nobody
scores); 7 or more points count double, and double again if the opponent called Koi-Koi (once,
however often they called); no Tsukifuda, no Oya-ken.</p>
<h3>On this page</h3>
<p>Click a card in your hand; table cards of the same month light up while you point at it.
If it could take one of two cards, click the one you want (Escape, or the card in your hand
again, drops the choice). Use the two large buttons to stop or call Koi-Koi. With the
keyboard: Tab and Enter. You can also type moves: a card code such
as <code>3b</code> (month + b bright, a animal, r ribbon, p plain), <code>4p2&gt;4a</code> to
play 4p2 taking 4a, <code>take 7r</code> when the drawn card matches two table cards,
<code>stop</code> or <code>koikoi</code>. Names work too: <code>Pine Crane</code>.</p>`,
  de: `
<p>Koi-Koi ist das klassische japanische Kartenspiel für zwei mit den 48 Blumenkarten
(Hanafuda): zwölf Monate mit je vier Karten. Jede Karte gehört zu einem Monat (die Zahl in der
Ecke) und hat eine Art: <b>Lichter</b> (goldene Marke: Kranich, Vorhang, Mond, Regenmann,
Phönix), <b>Tiere</b> (grüne Marke), <b>Bänder</b> (rote Marke: drei rote Gedichtbänder, drei
blaue, vier einfache rote) und <b>Blumen</b>. Die Sake-Schale (September) zählt als Tier oder
als Blume, je nachdem, was mehr bringt — nie als beides.</p>
<h3>Ein Monat</h3>
<ul>
<li>Jeder bekommt 8 Karten, 8 liegen offen auf dem Tisch, der Rest ist der Stapel. Der Geber
beginnt; den ersten Geber bestimmt das Los, danach gibt der Sieger des Monats.</li>
<li>Spiele eine Handkarte aus. Liegt eine Tischkarte desselben Monats da, nimmst du beide;
liegen zwei da, wählst du eine; liegen drei da, nimmst du alle vier. Ohne Partner bleibt deine
Karte auf dem Tisch liegen. Passt eine Karte, muss sie genommen werden.</li>
<li>Dann wird die oberste Karte des Stapels aufgedeckt und ebenso behandelt.</li>
</ul>
<h3>Aufhören oder Koi-Koi</h3>
<ul>
<li>Hat dein Zug ein neues Yaku gebracht oder eines erhöht, entscheidest du: <b>aufhören</b> —
der Monat endet und deine Yaku werden gezählt — oder <b>Koi-Koi</b> sagen und weiterspielen, um
mehr zu holen.</li>
<li>Hörst du auf, nachdem dein Gegner Koi-Koi gesagt hat, bekommt er diesen Monat nichts.
Gehen die Karten nach Koi-Koi aus, punktet, wer zuletzt Koi-Koi gesagt hat.</li>
<li>Ein Yaku im allerletzten Zug beendet den Monat wie ein Aufhören: Es gibt nichts mehr, um
das weitergespielt werden könnte. Punktet in einem Monat niemand, bleibt der Geber.</li>
</ul>
<h3>Yaku (Wertung der Spielregel)</h3>
<table>
<tr><td>Kasu: 10 Blumen</td><td>1, +1 je weitere</td></tr>
<tr><td>Tanzaku: 5 Bänder</td><td>1, +1 je weiteres</td></tr>
<tr><td>Tane: 5 Tiere</td><td>1, +1 je weiteres</td></tr>
<tr><td>Akatan: die 3 Gedichtbänder</td><td>5</td></tr>
<tr><td>Aotan: die 3 blauen Bänder</td><td>5</td></tr>
<tr><td>Ino-Shika-Chō: Wildschwein, Hirsch, Schmetterlinge</td><td>5</td></tr>
<tr><td>Sankō: 3 Lichter ohne Regenmann</td><td>5</td></tr>
<tr><td>Ame-Shikō: 4 Lichter mit Regenmann</td><td>6</td></tr>
<tr><td>Shikō: 4 Lichter ohne Regenmann</td><td>8</td></tr>
<tr><td>Gokō: alle 5 Lichter</td><td>10</td></tr>
<tr><td>Tsukimi-zake: Mond + Sake-Schale (nur mit einem weiteren Yaku)</td><td>5</td></tr>
<tr><td>Hanami-zake: Vorhang + Sake-Schale (nur mit einem weiteren Yaku)</td><td>5</td></tr>
<tr><td>Tsukifuda: alle 4 Karten des laufenden Monats (Monat 1 ist die Kiefer, Monat 13 wieder)</td><td>5</td></tr>
<tr><td>Oya-ken: ein Monat ohne Yaku bringt dem Geber</td><td>1</td></tr>
</table>
<p>Von den Lichter-Yaku zählt nur das beste. Die Partie gewinnt, wer zuerst 50 Punkte hat
(oder ein anderes Ziel bzw. eine Zahl von Monaten, wählbar in der Lobby).</p>
<h3>Übliche Regeln (Voreinstellung)</h3>
<p>Zwölf Monate; Ame-Shikō 7; die Sake-Yaku zählen auch allein; vier Karten eines Monats
(Teshi) oder vier Paare (Kuttsuki) im ausgeteilten Blatt gewinnen sofort 6 (haben beide eines,
punktet niemand); ab 7 Punkten wird verdoppelt und noch einmal, wenn der Gegner Koi-Koi gesagt
hat (einmal, wie oft er es auch gesagt hat); kein Tsukifuda, kein Oya-ken.</p>
<h3>Auf dieser Seite</h3>
<p>Klicke eine Handkarte an; Tischkarten desselben Monats leuchten auf, solange du auf sie
zeigst. Kann sie eine von zwei Karten nehmen, klicke die gewünschte an (Escape oder noch einmal
die Handkarte lässt die Wahl fallen). Mit den beiden großen
Knöpfen hörst du auf oder sagst Koi-Koi. Mit der Tastatur: Tab und Enter. Züge lassen sich
auch eintippen: ein Kartenkürzel wie <code>3b</code> (Monat + englischer Anfangsbuchstabe der
Art: b Licht, a Tier, r Band, p Blume), <code>4p2&gt;4a</code>, um 4p2 zu spielen und damit 4a zu
nehmen, <code>take 7r</code>, wenn die gezogene Karte zu zwei Tischkarten passt, <code>stop</code>
oder <code>koikoi</code>. Auch Namen gehen: <code>Matsu ni Tsuru</code>.</p>`,
};

function moves(legal) {
  const plays = new Map();
  const takes = new Map();
  const decide = {};
  for (const m of legal) {
    let found;
    if (m.notation === 'stop' || m.notation === 'koikoi') decide[m.notation] = m.action;
    else if ((found = /^take (\S+)$/.exec(m.notation))) takes.set(found[1], m.action);
    else if ((found = /^(\w+)(?:>(\w+))?$/.exec(m.notation))) {
      if (!plays.has(found[1])) plays.set(found[1], []);
      plays.get(found[1]).push({action: m.action, target: found[2] || null});
    }
  }
  return {plays, takes, decide};
}

function yakuName(y) {
  if (lang() === 'de' && YAKU_DE[y.key]) return YAKU_DE[y.key];
  return `${y.name} (${y.english})`;
}

function flowerName(view) {
  return lang() === 'de' ? FLOWERS_DE[view.flower - 1] : view.flower_name;
}

function cardLabel(card, t) {
  return t('koikoi.card', {name: lang() === 'de' ? card.name_ja : card.name, month: card.month});
}

export function render(root, ctx) {
  const {view, t} = ctx;
  const me = ctx.seat ?? 0;
  const {plays, takes, decide} = moves(ctx.legal);
  const ui = ctx.ui;
  if (ui.selected && !plays.has(ui.selected)) ui.selected = undefined;
  const targets = new Map();
  if (ui.selected) {
    for (const option of plays.get(ui.selected)) targets.set(option.target, option.action);
  }
  for (const [code, action] of takes) targets.set(code, action);
  const fresh = freshCards(ctx);
  const wrap = h('div', {class: 'kk'});
  wrap.append(side(view, 1 - me, ctx, false, fresh));

  const field = h('div', {class: 'kk-field'});
  const pile = h('div', {class: 'kk-pile', role: 'img',
    'aria-label': t('koikoi.pile', {n: view.pile_size})},
    backSvg(62), h('span', {class: 'kk-count'}, String(view.pile_size)));
  field.append(pile);
  if (view.drawn) {
    field.append(h('div', {class: 'kk-drawn'}, h('span', {class: 'kk-caption'}, t('koikoi.drawn')),
      cardSvg(view.drawn, 62, {'aria-label': cardLabel(view.drawn, t), role: 'img'})));
  }
  const table = h('div', {class: 'kk-table', role: 'group', 'aria-label': t('koikoi.table')});
  for (const card of view.table) {
    const action = targets.get(card.code);
    const holder = h('div', {class: `kk-card${action !== undefined ? ' legal' : ''}`
      + `${fresh.has(card.code) ? ' pop' : ''}`, dataset: {card: card.code, month: card.month}},
    cardSvg(card, 62));
    if (action !== undefined && ctx.interactive) {
      holder.dataset.action = String(action);
      clickable(holder, cardLabel(card, t), () => ctx.play(action), `table-${card.code}`);
    } else {
      holder.setAttribute('role', 'img');
      holder.setAttribute('aria-label', cardLabel(card, t));
    }
    table.append(holder);
  }
  field.append(table);
  wrap.append(field);
  wrap.append(side(view, me, ctx, true, fresh, plays, table));
  if (ctx.interactive && (decide.stop !== undefined || decide.koikoi !== undefined)) {
    const stake = view.at_stake;
    wrap.append(h('div', {class: 'kk-decide', role: 'group'},
      h('p', {}, t('koikoi.hintDecide')),
      decide.stop !== undefined ? h('button', {type: 'button', class: 'primary legal clickable',
        dataset: {action: decide.stop}, onclick: () => ctx.play(decide.stop)},
      t('koikoi.stop', {n: stake ? stake.stop_points : view.stop_points[me]})) : null,
      decide.koikoi !== undefined ? h('button', {type: 'button', class: 'koikoi legal clickable',
        dataset: {action: decide.koikoi}, onclick: () => ctx.play(decide.koikoi)},
      t('koikoi.koikoi')) : null));
  }
  wrap.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && ui.selected !== undefined) {
      event.preventDefault();
      const chosen = ui.selected;
      ui.selected = undefined;
      ctx.redraw();
      document.querySelector(`[data-focus-key="hand-${chosen}"]`)?.focus();
    }
  });
  root.append(wrap);
}

// Cards that reached the table or a pile with the last move, for a short animation.
function freshCards(ctx) {
  if (!ctx.animate || !ctx.prev || !ctx.prev.table) return new Set();
  const seen = new Set(ctx.prev.table.map((c) => c.code));
  for (const pile of ctx.prev.captured) {
    for (const kind of KINDS) for (const c of pile[kind]) seen.add(c.code);
  }
  const now = new Set(ctx.view.table.map((c) => c.code));
  for (const pile of ctx.view.captured) {
    for (const kind of KINDS) for (const c of pile[kind]) now.add(c.code);
  }
  return new Set([...now].filter((code) => !seen.has(code)));
}

/** The cards `seat` captured by kind as its yaku count them: a Sake Cup that scores as a
 * plain card is shown among the plains. */
function capturedGroups(view, seat) {
  const groups = {...view.captured[seat]};
  if (view.sake_as_plain?.[seat]) {
    const sake = groups.animal.filter((c) => c.code === SAKE_CUP);
    groups.animal = groups.animal.filter((c) => c.code !== SAKE_CUP);
    groups.plain = [...groups.plain, ...sake].sort((a, b) => a.month - b.month);
  }
  return groups;
}

function side(view, seat, ctx, mine, fresh, plays, tableEl) {
  const t = ctx.t;
  const box = h('div', {class: `kk-side${mine ? ' mine' : ' theirs'}`, dataset: {seat}});
  const yaku = view.yaku[seat] || [];
  const head = h('div', {class: 'kk-head'},
    h('span', {class: `seat-dot seat${seat}`}),
    h('strong', {}, ctx.names[seat] || ''),
    view.dealer === seat ? h('span', {class: 'chip'}, t('koikoi.dealer')) : null,
    view.koikoi_calls[seat] ? h('span', {class: 'chip koikoi-chip'},
      t('koikoi.calls', {n: view.koikoi_calls[seat]})) : null,
    yaku.length ? yaku.map((y) => h('span', {class: 'chip yaku-chip'},
      `${yakuName(y)} · ${y.points}`)) : h('span', {class: 'muted small kk-no-yaku'},
        t('koikoi.noYaku')));
  const captured = h('div', {class: 'kk-captured'});
  const groups = capturedGroups(view, seat);
  for (const kind of KINDS) {
    const cards = groups[kind];
    captured.append(h('div', {class: 'kk-group', 'aria-label':
      `${t(`koikoi.kind.${kind}`)}: ${cards.length}`},
    h('span', {class: 'kk-caption'}, `${t(`koikoi.kind.${kind}`)} ${cards.length}`),
    h('div', {class: 'kk-fan'}, cards.map((c) => h('div', {class: fresh.has(c.code) ? 'pop' : ''},
      cardSvg(c, 34, {'aria-label': cardLabel(c, t), role: 'img'}))))));
  }
  const faceDown = !(mine && view.hand);
  const hand = h('div', {class: 'kk-hand', role: faceDown ? 'img' : 'group', 'aria-label':
    faceDown ? t('koikoi.handHidden', {name: ctx.names[seat], n: view.hand_sizes[seat]})
      : t('koikoi.hand')});
  if (!faceDown) {
    for (const card of view.hand) {
      const options = plays && ctx.interactive ? plays.get(card.code) : undefined;
      const chosen = ctx.ui.selected === card.code;
      const holder = h('div', {class: `kk-card hand-card${options ? ' legal' : ''}`
        + `${chosen ? ' selected' : ''}`, dataset: {card: card.code, month: card.month}},
      cardSvg(card, 72));
      const light = (on) => {
        for (const el of tableEl.querySelectorAll(`[data-month="${card.month}"]`)) {
          el.classList.toggle('match', on);
        }
      };
      holder.addEventListener('mouseenter', () => light(true));
      holder.addEventListener('mouseleave', () => light(false));
      holder.addEventListener('focus', () => light(true));
      holder.addEventListener('blur', () => light(false));
      if (options) {
        if (options.length === 1) holder.dataset.action = String(options[0].action);
        clickable(holder, cardLabel(card, t), () => {
          if (options.length === 1) {
            ctx.play(options[0].action);
            return;
          }
          ctx.ui.selected = chosen ? undefined : card.code;
          ctx.redraw();
          const target = document.querySelector('.kk-table .kk-card.legal');
          if (target && !chosen) target.focus();
        }, `hand-${card.code}`);
      } else {
        holder.setAttribute('role', 'img');
        holder.setAttribute('aria-label', cardLabel(card, t));
      }
      hand.append(holder);
    }
  } else {
    const count = view.hand_sizes[seat];
    for (let i = 0; i < count; i++) {
      hand.append(h('div', {class: 'kk-back', 'aria-hidden': 'true'}, backSvg(mine ? 56 : 40)));
    }
  }
  // The page's own hand comes right after the table cards, so a phone shows it sooner.
  if (mine) box.append(head, hand, captured);
  else box.append(hand, head, captured);
  return box;
}

const LOG = [
  [/^first dealer seat (\d)$/, 'logDealer', ['name']],
  [/^deal (\S+) to seat (\d)$/, 'logDeal', ['card', 'name']],
  [/^deal to seat (\d)$/, 'logDealHidden', ['name']],
  [/^deal (\S+) to table$/, 'logDealTable', ['card']],
  [/^draw (\S+)$/, 'logDraw', ['card']],
  [/^take (\S+)$/, 'logTake', ['card']],
  [/^stop$/, 'logStop', []],
  [/^koikoi$/, 'logKoikoi', []],
];

/** A move of the log in the page's language, with the seats named by their players. */
export const logEntry = translatedLog('koikoi', LOG);

/** The cards a view shows, by code. */
function cardsByCode(view) {
  const found = new Map();
  const visit = (x) => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x && typeof x === 'object') {
      if (typeof x.code === 'string' && typeof x.name === 'string') found.set(x.code, x);
      else Object.values(x).forEach(visit);
    }
  };
  visit(view);
  return found;
}

/** A move of the log as screen readers hear it: its cards by name. */
export function spoken(move, ctx) {
  const cards = cardsByCode(ctx.view);
  return logEntry(move, ctx).replace(/\b(?:1[0-2]|[1-9])(?:[bar]|p\d?)\b/g, (code) => {
    const card = cards.get(code);
    return card ? (lang() === 'de' ? card.name_ja : card.name) : code;
  });
}

/** A move button's cards by name, for its title (none for moves without cards). */
export function moveTitle(move, ctx) {
  const said = spoken(move, ctx);
  return said !== logEntry(move, ctx) ? said : null;
}

/** This month's latest turn of a seat other than `me` (of any seat for a spectator): its
 * moves since another seat's last one. */
function latestTurn(view, me) {
  const log = view.log || [];
  let end = log.length;
  while (end > 0 && me !== null && log[end - 1].seat === me) end--;
  if (!end) return null;
  const seat = log[end - 1].seat;
  let start = end - 1;
  while (start > 0 && log[start - 1].seat === seat) start--;
  return {seat, moves: log.slice(start, end)};
}

/** This month's turn of seat `me` that the other seat's latest turn followed, once that
 * one is over or going on: its moves, with what each took. */
function ownTurnBefore(view, me) {
  const log = view.log || [];
  if (me === null || !log.length || log[log.length - 1].seat === me) return null;
  let end = log.length;
  while (end > 0 && log[end - 1].seat !== me) end--;
  let start = end;
  while (start > 0 && log[start - 1].seat === me) start--;
  return end ? {seat: me, moves: log.slice(start, end)} : null;
}

/** One move of a turn, with the table cards it took when the move does not name them. */
function turnWords(entry, ctx) {
  const words = logEntry(entry.move, ctx);
  const takes = entry.takes || [];
  if (!takes.length || entry.move.includes('>') || entry.move.startsWith('take ')) return words;
  return ctx.t('koikoi.takesCards', {move: words, cards: takes.join(' ')});
}

/** A move button's words in the page's language. */
export const moveLabel = translatedLog('koikoi', [
  [/^take (\S+)$/, 'moveTake', ['card']],
  [/^stop$/, 'moveStop', []],
  [/^koikoi$/, 'moveKoikoi', []],
]);

/** Screen readers hear the card turned from the pile too (deals they do not). */
export function announceChance(move) {
  return move.startsWith('draw ');
}

export function hint(view, ctx) {
  const t = ctx.t;
  if (view.phase === 'decide') return t('koikoi.hintDecide');
  if (view.phase === 'choose') return t('koikoi.hintChoose');
  return ctx.ui.selected ? t('koikoi.hintPick') : t('koikoi.hintPlay');
}

export function stake(view, ctx) {
  const t = ctx.t;
  const rows = ctx.names.map((name, i) => h('tr', {},
    h('td', {}, h('span', {class: `seat-dot seat${i}`}), ' ', name),
    h('td', {class: 'num'}, String(view.yaku_points[i])),
    h('td', {class: 'num'}, view.koikoi_calls[i] ? `×${view.koikoi_calls[i]}` : '')));
  const parts = [
    h('p', {class: 'last-move'}, t('koikoi.month', {n: view.month, flower: flowerName(view)})),
    h('p', {class: 'hint'}, view.target ? t('koikoi.target', {n: view.target})
      : t('koikoi.months', {n: view.months})),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {class: 'num'}, t('koikoi.yakuPoints')),
        h('th', {class: 'num'}, 'Koi-Koi'))),
      h('tbody', {}, rows)),
  ];
  const latest = latestTurn(view, ctx.seat ?? null);
  for (const turn of [ownTurnBefore(view, ctx.seat ?? null), latest].filter(Boolean)) {
    parts.push(h('p', {class: 'hint last-turn'}, `${ctx.names[turn.seat]}: `
      + turn.moves.map((entry) => turnWords(entry, ctx)).join(', ')));
  }
  if (view.history && view.history.length) {
    parts.push(h('p', {class: 'hint last-month'}, monthWords(view.history.at(-1), view, ctx)));
  }
  // A game resigned while a player decided offers nobody a stop any more.
  const atStake = ctx.over ? null : view.at_stake;
  if (atStake && atStake.seat !== ctx.seat) {
    parts.push(h('p', {class: 'hint'}, t('koikoi.stakeOther',
      {name: ctx.names[atStake.seat], n: atStake.stop_points})));
  } else if (atStake) {
    const how = doubling(atStake.stop_points, atStake.yaku_points, view, 1 - atStake.seat, ctx);
    parts.push(h('p', {class: 'stake-line'}, how
      ? t('koikoi.stakeDoubled', {n: atStake.stop_points, base: atStake.yaku_points, how})
      : t('koikoi.stakeStop', {n: atStake.stop_points})));
    parts.push(h('p', {class: 'hint'}, atStake.opponent_called ? t('koikoi.stakeOpponent')
      : t('koikoi.stakeRisk')));
  }
  return h('div', {}, parts);
}

/** How `points` came from `base` yaku points, in words, with why where the view's rules
 * tell ('' when they are the same); `caller` is the seat whose Koi-Koi doubled them, said
 * to the viewer as "you". */
function doubling(points, base, view, caller, ctx) {
  const t = ctx.t;
  if (!base || points === base) return '';
  const seven = Boolean(view.double_seven) && base >= 7;
  const koikoi = Boolean(view.double_koikoi) && points === base * (seven ? 4 : 2);
  const you = caller === ctx.seat ? 'You' : '';
  const name = ctx.names[caller];
  if (seven && koikoi) return t(`koikoi.doubledBoth${you}`, {name});
  if (koikoi) return t(`koikoi.doubledKoikoi${you}`, {name});
  if (seven && points === base * 2) return t('koikoi.doubledSeven');
  const factor = points / base;
  if (factor === 2) return t('koikoi.doubled');
  return factor === 4 ? t('koikoi.doubledTwice') : t('koikoi.multiplied', {n: factor});
}

/** The yaku a month was won with and their points, with any doubling and why, in words. */
function monthYaku(m, view, ctx) {
  const t = ctx.t;
  const base = m.yaku.reduce((sum, y) => sum + y.points, 0);
  const how = doubling(m.points, base, view, 1 - m.winner, ctx);
  const yaku = m.yaku.map((y) => `${yakuName(y)} ${y.points}`).join(', ');
  if (!yaku) return t(`koikoi.reason.${m.reason}`);
  // Points nobody stopped for: the cards ran out after a Koi-Koi, or on the last turn.
  const why = ['koikoi', 'last-turn'].includes(m.reason) ? `; ${t(`koikoi.reason.${m.reason}`)}` : '';
  return `${how ? `${yaku}, ${how}` : yaku}${why}`;
}

/** The cards month `m` showed for a Teshi or Kuttsuki, by code and name ('' if none). */
function shownCards(m) {
  return (m.shown || []).map((card) =>
    `${card.code} ${lang() === 'de' ? card.name_ja : card.name}`).join(', ');
}

/** How month `m` of `view.history` ended, in words, with the cards a Teshi or Kuttsuki
 * showed. */
function monthWords(m, view, ctx) {
  const t = ctx.t;
  const cards = shownCards(m);
  if (m.winner === null || m.winner < 0) {
    const none = t('koikoi.monthNone', {month: m.month});
    return cards ? `${none} ${t('koikoi.monthShownBoth', {cards})}` : none;
  }
  // The winner is spoken to as "you".
  const you = m.winner === ctx.seat ? 'You' : '';
  const won = t(`koikoi.monthWon${you}`, {month: m.month, name: ctx.names[m.winner],
    n: m.points, yaku: monthYaku(m, view, ctx)});
  return cards ? `${won} ${t(`koikoi.monthShown${you}`, {name: ctx.names[m.winner], cards})}`
    : won;
}

/** The month that ended since `prev`, in words; '' if none did. */
export function roundOver(view, prev, ctx) {
  const ended = view.history?.length ?? 0;
  return prev && ended > (prev.history?.length ?? 0) ? monthWords(view.history.at(-1), view, ctx) : '';
}

export function breakdown(view, ctx) {
  const t = ctx.t;
  if (!view.history || !view.history.length) return null;
  return h('div', {},
    h('h3', {}, t('koikoi.history')),
    h('table', {class: 'result-table'},
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('koikoi.winner')),
        h('th', {class: 'num'}, t('koikoi.points')), h('th', {}, t('koikoi.yaku')))),
      h('tbody', {}, view.history.map((m) => h('tr', {},
        h('td', {}, String(m.month)),
        h('td', {}, m.winner === null || m.winner < 0 ? t('koikoi.nobody') : ctx.names[m.winner]),
        h('td', {class: 'num'}, String(m.points)),
        h('td', {class: 'small'}, [monthYaku(m, view, ctx), shownCards(m)].filter(Boolean)
          .join(': ')))))));
}

export function icon() {
  const box = h('span', {class: 'kk-icon'});
  for (const card of [{code: '1b', month: 1, kind: 'bright'}, {code: '3r', month: 3,
    kind: 'ribbon', ribbon: 'poetry'}, {code: '8b', month: 8, kind: 'bright'}]) {
    box.append(cardSvg(card, 34));
  }
  return box;
}
